"""Gomoku benchmarks: the tactical suite (VCF/VCT), alpha-beta speed, protocol games.

* ``gomoku-tactics``: the bundled suite (freestyle and renju positions with a
  VCF, a VCT but no VCF, or neither; see :mod:`tansuo.gomoku.tactics`), each
  solved again; every win is replayed on a fresh board to the five, every
  class must match the suite's. Median solve time and VCF/VCT nodes per
  second (target: VCF >= 500,000 nodes/s), and of long VCF and VCT
  searches that prove there is none.
* ``gomoku-search``: fixed-depth alpha-beta (threat search off) on the suite's
  positions; nodes per second (target >= 100,000).
* ``gomoku-protocol``: games in a row between two ``pbrain-tansuo`` brains
  over the Gomocup protocol, with no illegal move, no timeout, no crash.
"""

from __future__ import annotations

import statistics

from tansuo.bench import BenchContext, Run, SuiteResult, suite
from tansuo.gomoku import Engine, find_threat, parse_position
from tansuo.gomoku.engine import warm_up
from tansuo.gomoku.io import bundled_speed_positions, bundled_suite
from tansuo.gomoku.tactics import VCT_DEPTH


def _suite_rows(ctx: BenchContext) -> list[tuple[str, str, str]]:
    rows = bundled_suite()
    if not ctx.quick:
        return rows
    picked: list[tuple[str, str, str]] = []
    for rule in ("freestyle", "renju"):
        for kind in ("vcf", "vct", "none"):
            picked += [r for r in rows if r[0].startswith(rule) and r[1] == kind][:2]
    return picked


@suite("gomoku-tactics", "gomoku", "VCF/VCT on the tactical suite, every win replayed")
def tactics_suite(ctx: BenchContext) -> SuiteResult:
    warm_up()
    rows = _suite_rows(ctx)
    vcf_run = Run("tansuo VCF", note="target 500k nodes/s")
    vct_run = Run(f"tansuo VCT (depth {VCT_DEPTH})")
    vcf_nodes = vct_nodes = 0
    wrong: list[str] = []
    counts = {"freestyle": 0, "renju": 0}
    for i, (name, kind, text) in enumerate(rows):
        board = parse_position(text)
        counts[board.rule] = counts.get(board.rule, 0) + 1
        first = find_threat(board, kind="vcf")
        vcf_run.times.append(first.stats.elapsed_s)
        vcf_nodes += first.stats.nodes
        if first.solved:
            vcf_run.solved += 1
            if not first.verified:
                wrong.append(f"{name}: VCF line does not replay to a five")
        if (kind == "vcf") != first.solved:
            wrong.append(f"{name}: VCF {first.status}, the suite says {kind}")
        if kind != "vcf":
            second = find_threat(board, kind="vct", max_depth=VCT_DEPTH)
            vct_run.times.append(second.stats.elapsed_s)
            vct_nodes += second.stats.nodes
            if second.solved:
                vct_run.solved += 1
                if not second.verified:
                    wrong.append(f"{name}: VCT line does not replay to a five")
            if (kind == "vct") != second.solved:
                wrong.append(f"{name}: VCT {second.status}, the suite says {kind}")
        ctx.progress("tactics", i + 1, len(rows))
    vcf_run.nodes, vct_run.nodes = vcf_nodes, vct_nodes
    speed_rows = bundled_speed_positions()[: ctx.scale(5, 1)]

    def long_searches(run: Run, kind: str, depth: int | None = None) -> Run:
        """Proofs that the speed positions hold no win of ``kind``: the nodes-per-second rows."""
        for attacker, text in speed_rows:
            result = find_threat(
                parse_position(text), kind=kind, attacker=attacker, max_depth=depth
            )
            run.times.append(result.stats.elapsed_s)
            run.nodes = (run.nodes or 0) + result.stats.nodes
            run.solved += result.status == "no_solution"
            if result.status != "no_solution":
                wrong.append(f"speed position: {kind.upper()} {result.status}, expected none")
        return run

    speed = long_searches(
        Run(
            "tansuo VCF, long searches (no VCF)",
            nodes=0,
            note="target 500k nodes/s",
            reference=True,
        ),
        "vcf",
    )
    # the same positions hold no VCT within the suite's depth either: a long VCT proof each
    vct_speed = long_searches(
        Run(f"tansuo VCT (depth {VCT_DEPTH}), long searches (no VCT)", nodes=0, reference=True),
        "vct",
        VCT_DEPTH,
    )
    vcf_run.verified = vct_run.verified = not wrong
    notes = [
        f"{counts.get('freestyle', 0)} freestyle and {counts.get('renju', 0)} renju positions; "
        "every win replayed on a fresh board to the five; the classes of positions "
        "without a win rest on the same search (no independent check on 15x15)",
        f"median VCF solve {statistics.median(vcf_run.times) * 1e3:.2f} ms",
        *wrong,
    ]
    speed.verified = vct_speed.verified = not wrong
    runs = [vcf_run, vct_run, speed, vct_speed]
    return SuiteResult("gomoku-tactics", len(rows), runs, vcf_run.solver, notes)


@suite("gomoku-search", "gomoku", "alpha-beta nodes per second at a fixed depth")
def search_suite(ctx: BenchContext) -> SuiteResult:
    warm_up()
    rows = _suite_rows(ctx)[: ctx.scale(20, 4)]
    depth = ctx.scale(6, 3)
    run = Run(f"tansuo alpha-beta depth {depth}", reference=True, note="target 100k nodes/s")
    nodes = 0
    for i, (_name, _kind, text) in enumerate(rows):
        board = parse_position(text)
        result = Engine(hash_mb=16, threats=False).search(board, depth=depth)
        run.times.append(result.stats.elapsed_s)
        nodes += result.stats.nodes
        run.solved += result.move is not None
        ctx.progress("search", i + 1, len(rows))
    run.nodes = nodes
    notes = [
        f"node signature: {nodes} nodes at depth {depth} over {len(rows)} positions",
        "speed runs are checked by nothing independent (reference); the search "
        "itself is tied to tansuo.adversarial.alphabeta by the tests",
    ]
    return SuiteResult("gomoku-search", len(rows), [run], run.solver, notes)


@suite("gomoku-protocol", "gomoku", "games in a row between two pbrain-tansuo brains")
def protocol_suite(ctx: BenchContext) -> SuiteResult:
    from tansuo.gomoku.match import run_match

    warm_up()
    games = ctx.scale(50, 2)
    result = run_match(None, None, games=games, move_time=ctx.scale(100, 50) / 1000, size=15)
    run = Run(
        f"{games} games, brain against brain",
        result.durations,
        solved=result.games,
        verified=result.faults == [],
        reference=True,
        note=f"{result.illegal} illegal, {result.timeouts} timeouts, {result.crashes} crashes",
    )
    notes = [result.summary(), *result.faults[:5]]
    return SuiteResult("gomoku-protocol", games, [run], run.solver, notes)

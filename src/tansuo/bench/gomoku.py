"""Gomoku benchmarks: the tactical suite (VCF/VCT), alpha-beta speed, protocol games.

* ``gomoku-tactics``: the bundled suite (freestyle and renju positions with a
  VCF, a VCT but no VCF, or neither; see :mod:`tansuo.gomoku.tactics`), each
  solved again; every win is replayed on a fresh board to the five, every
  class must match the suite's. Median solve time and VCF/VCT nodes per
  second (target: VCF >= 500,000 nodes/s), and of long VCF and VCT
  searches that prove there is none.
* ``gomoku-vct``: VCT with no depth bound on random game positions (the
  suite's generator, fixed seeds), 100,000 nodes each: the iterative
  deepening alone against the deepening followed by proof-number search
  (what ``find_threat`` does), same positions, same budget; how many each
  settles (a win or a proof of none) and in what time. Where both settle,
  the answers must agree.
* ``gomoku-search``: fixed-depth alpha-beta (threat search off) on the suite's
  positions; nodes per second (target >= 100,000).
* ``gomoku-protocol``: games in a row between two ``pbrain-tansuo`` brains
  over the Gomocup protocol, with no illegal move, no timeout, no crash.
"""

from __future__ import annotations

import random
import statistics

from tansuo.bench import BenchContext, Run, SuiteResult, suite
from tansuo.gomoku import Board, Engine, EngineOptions, find_threat, parse_position
from tansuo.gomoku.engine import warm_up
from tansuo.gomoku.io import bundled_speed_positions, bundled_suite
from tansuo.gomoku.tactics import VCT_DEPTH, random_position


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


VCT_NODES = 100_000


@suite("gomoku-vct", "gomoku", "VCT with no depth bound: deepening alone vs deepening + df-pn")
def vct_suite(ctx: BenchContext) -> SuiteResult:
    warm_up()
    boards: list[Board] = []
    for rule, seed, count in (("freestyle", 2, ctx.scale(60, 6)), ("renju", 3, ctx.scale(40, 4))):
        rng = random.Random(seed)
        while sum(b.rule == rule for b in boards) < count:
            board = random_position(rng, rule)
            if board is not None:
                boards.append(board)
    deepening = Run(
        "tansuo VCT, deepening to 30 threats", note=f"{VCT_NODES:,} nodes each", nodes=0
    )
    combined = Run("tansuo VCT, deepening then df-pn", note=f"{VCT_NODES:,} nodes each", nodes=0)
    wrong: list[str] = []
    for i, board in enumerate(boards):
        answers = []
        for run, depth in ((deepening, 30), (combined, None)):
            result = find_threat(board, kind="vct", max_depth=depth, max_nodes=VCT_NODES)
            run.times.append(result.stats.elapsed_s)
            run.nodes = (run.nodes or 0) + result.stats.nodes
            settled = result.status != "limit"
            run.solved += settled
            if result.solved and not result.verified:
                wrong.append(f"position {i + 1}: the VCT line does not replay to a five")
            answers.append(result.status if settled else None)
        if None not in answers and answers[0] != answers[1]:
            wrong.append(f"position {i + 1}: deepening says {answers[0]}, df-pn {answers[1]}")
        ctx.progress("vct", i + 1, len(boards))
    deepening.verified = combined.verified = not wrong
    notes = [
        f"{len(boards)} positions ({sum(b.rule == 'renju' for b in boards)} renju); solved = "
        "settled: a win replayed to the five, or a proof that there is none",
        f"unsettled at {VCT_NODES:,} nodes: deepening {len(boards) - deepening.solved}, "
        f"with df-pn {len(boards) - combined.solved}",
        *wrong,
    ]
    return SuiteResult("gomoku-vct", len(boards), [combined, deepening], combined.solver, notes)


@suite("gomoku-search", "gomoku", "alpha-beta nodes per second at a fixed depth")
def search_suite(ctx: BenchContext) -> SuiteResult:
    warm_up()
    rows = _suite_rows(ctx)[: ctx.scale(20, 4)]
    depth = ctx.scale(6, 3)
    run = Run(f"tansuo alpha-beta depth {depth}", reference=True, note="target 100k nodes/s")
    nodes = 0
    for i, (_name, _kind, text) in enumerate(rows):
        board = parse_position(text)
        engine = Engine(EngineOptions(threats=False), max_memory=32 << 20)
        result = engine.search(board, depth=depth)
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

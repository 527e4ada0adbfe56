"""Xiangqi benchmarks: perft, search speed, strength, per-feature Elo, the UCCI protocol.

The targets of the Xiangqi engine, each measured by one suite:

* ``xiangqi-perft``: every published perft count right (checked against the
  published numbers), perft(5) of the initial position in <= 30 s;
* ``xiangqi-search``: >= 500,000 nodes/s in middlegames, depth >= 8 within
  5 s from the initial position, and a node-count signature (fixed-depth
  searches whose total node count changes only when the search does);
* ``xiangqi-strength``: the full engine at 1 s/move against fixed-depth-3
  plain alpha-beta (no table, history, quiescence...), 100 games, >= 90%;
* ``xiangqi-features``: the Elo each search feature and evaluation term adds
  (the full engine against itself without it);
* ``xiangqi-protocol``: 50 games in a row between two ``tansuo xiangqi
  ucci`` processes with no illegal move, no time loss and no crash.

The matches are long at full size (about 70 minutes each for strength and
features with two games at a time on two cores); ``--quick`` plays a few
short games so that every suite runs in seconds.
"""

from __future__ import annotations

import sys
import time

from tansuo.bench import (
    BenchContext,
    Run,
    SuiteResult,
    missing_peer_note,
    peer_available,
    suite,
    time_calls,
)
from tansuo.xiangqi import FEATURES, Engine, Position, bundled_perft, parse_fen, perft
from tansuo.xiangqi.engine import warm_up
from tansuo.xiangqi.io import parse_fen_setup
from tansuo.xiangqi.match import MatchResult, run_match
from tansuo.xiangqi.reference import ReferenceBoard, reference_perft

#: Positions for the speed and signature runs: the middlegames among the published
#: perft positions, and the initial position after a few opening moves.
MIDDLEGAMES = ("cpw-2", "cpw-10", "fsf-middlegame", "fsf-elephant-eye", "folium-2")
OPENING_LINES = ("h2e2 h9g7 h0g2 i9h9", "c3c4 g6g5 b0c2 b9c7", "g0e2 h7e7 h0g2 h9g7")
SIGNATURE_DEPTH = 8


def _cases(names: tuple[str, ...]) -> list[tuple[str, str]]:
    by_name = {case.name: case.fen for case in bundled_perft()}
    return [(name, by_name[name]) for name in names]


def _cchess_perft(fen: str, depth: int) -> int:
    """Perft with the cchess library: its pseudo-legal moves, kept when legal (a peer)."""
    import cchess

    def legal(board: cchess.ChessBoard) -> list:
        return [
            m
            for m in board.create_moves()
            if board.is_valid_move_t(m) and not board.is_checked_move(*m)
        ]

    def count(board: cchess.ChessBoard, plies: int) -> int:
        moves = legal(board)
        if plies == 1:
            return len(moves)
        total = 0
        for frm, to in moves:
            child = board.copy()
            child._move_piece(frm, to)
            child.move_player.next()
            total += count(child, plies - 1)
        return total

    return count(cchess.ChessBoard(fen), depth)


def _positions() -> list[tuple[str, Position]]:
    from tansuo.xiangqi import parse_position

    chosen = [(name, parse_fen(fen)) for name, fen in _cases(MIDDLEGAMES)]
    chosen += [(line, parse_position("startpos moves " + line)) for line in OPENING_LINES]
    return chosen


@suite("xiangqi-perft", "xiangqi", "perft of every published position; perft(5) <= 30 s")
def perft_suite(ctx: BenchContext) -> SuiteResult:
    warm_up()
    cases = bundled_perft()
    times, nodes, right = [], 0, True
    notes = []
    for i, case in enumerate(cases):
        depth = len(case.counts) if not ctx.quick else min(3, len(case.counts))
        result = perft(parse_fen(case.fen), depth)
        times.append(result.stats.elapsed_s)
        nodes += result.nodes
        if result.nodes != case.counts[depth - 1]:
            right = False
            notes.append(f"{case.name}: perft({depth}) = {result.nodes}, published {case.counts}")
        ctx.progress("perft", i + 1, len(cases))
    runs = [
        Run(
            "tansuo perft",
            times,
            solved=len(times),
            nodes=nodes,
            verified=right,
            note="depth 3" if ctx.quick else "deepest published depth",
        )
    ]
    start_depth = 3 if ctx.quick else 5
    start = perft(Position(), start_depth)
    rate = start.nodes / start.stats.elapsed_s
    runs.append(
        Run(
            f"tansuo perft({start_depth}) initial position",
            [start.stats.elapsed_s],
            solved=1,
            nodes=start.nodes,
            verified=start.nodes == cases[0].counts[start_depth - 1],
        )
    )
    notes.append(
        f"perft({start_depth}) of the initial position: {start.nodes:,} leaves in "
        f"{start.stats.elapsed_s:.2f} s ({rate / 1e6:.1f} M leaves/s; target perft(5) <= 30 s)"
    )
    # The same counts at a shallow depth: tansuo, its plain-Python reference and,
    # when installed, the cchess library (a peer, through its legal-move checks).
    shallow = 2 if ctx.quick else 3
    fens = [case.fen for case in cases]
    expected = [case.counts[shallow - 1] for case in cases]
    times, counts = time_calls(
        lambda fen: perft(parse_fen(fen), shallow).nodes, fens, min_time=1e-3
    )
    runs.append(
        Run(
            f"tansuo perft({shallow})",
            times,
            solved=len(times),
            nodes=sum(counts),
            verified=counts == expected,
        )
    )
    budget = 5.0 if ctx.quick else 120.0
    times, counts = time_calls(
        lambda fen: reference_perft(ReferenceBoard(parse_fen_setup(fen)), shallow),
        fens,
        time_budget=budget,
    )
    runs.append(
        Run(
            "reference (plain Python)",
            times,
            solved=len(times),
            nodes=sum(counts),
            verified=counts == expected[: len(counts)],
            peer=True,
            compare_with=f"tansuo perft({shallow})",
            note="tansuo's own readable generator",
        )
    )
    if peer_available("cchess"):
        times, counts = time_calls(
            lambda fen: _cchess_perft(fen, shallow), fens, time_budget=budget
        )
        runs.append(
            Run(
                "cchess",
                times,
                solved=len(times),
                nodes=sum(counts),
                verified=counts == expected[: len(counts)],
                peer=True,
                compare_with=f"tansuo perft({shallow})",
                note="" if len(times) == len(fens) else f"stopped after {budget:.0f} s",
            )
        )
    else:
        notes.append(missing_peer_note("cchess"))
    notes.append("counts checked against the published ones (data/xiangqi/perft.txt)")
    return SuiteResult("xiangqi-perft", len(cases), runs, baseline="tansuo perft", notes=notes)


@suite("xiangqi-search", "xiangqi", "nodes/s in middlegames, depth in 5 s, node signature")
def search_suite(ctx: BenchContext) -> SuiteResult:
    warm_up()
    seconds = ctx.scale(2, 0)  # quick: the depth-limited runs only
    positions = _positions()
    runs: list[Run] = []
    notes: list[str] = []
    if seconds:
        times, nodes = [], 0
        for i, (_name, position) in enumerate(positions):
            result = Engine(max_memory=64 << 20).search(position, time_limit=seconds)
            times.append(result.stats.elapsed_s)
            nodes += result.stats.nodes
            ctx.progress("speed", i + 1, len(positions))
        runs.append(
            Run(
                f"tansuo {seconds} s per position",
                times,
                solved=len(times),
                nodes=nodes,
                reference=True,
                note="target 500k nodes/s",
            )
        )
        start = Engine(max_memory=64 << 20).search(Position(), time_limit=5.0)
        runs.append(
            Run(
                "tansuo 5 s from the initial position",
                [start.stats.elapsed_s],
                solved=1,
                nodes=start.stats.nodes,
                reference=True,
                note=f"depth {start.depth}, target >= 8",
            )
        )
        notes.append(
            f"from the initial position in 5 s: depth {start.depth}, move {start.move}, "
            f"score {start.describe_score()}"
        )
    depth = ctx.scale(SIGNATURE_DEPTH, 4)
    times, total = [], 0
    for i, (_name, position) in enumerate(positions):
        result = Engine(max_memory=16 << 20).search(position, depth=depth)
        times.append(result.stats.elapsed_s)
        total += result.stats.nodes
        ctx.progress("signature", i + 1, len(positions))
    runs.append(
        Run(
            f"tansuo depth {depth} (signature)",
            times,
            solved=len(times),
            nodes=total,
            reference=True,
        )
    )
    notes.append(
        f"node signature: {total} nodes at depth {depth} over {len(positions)} positions "
        "(changes only when the search's behaviour does)"
    )
    notes.append("speed runs are checked by nothing independent (reference)")
    return SuiteResult("xiangqi-search", len(positions), runs, baseline=runs[0].solver, notes=notes)


def _match_run(name: str, match: MatchResult) -> tuple[Run, str]:
    """A run for a match (times: the games' durations; solved: the first player's wins)."""
    elo, low, high = match.elo()
    failures = match.failures()
    run = Run(
        name,
        [g.seconds for g in match.games],
        solved=match.wins,
        verified=not any(failures.values()),
        reference=True,
        note=f"{100 * match.score:.0f}%, Elo {elo:+.0f}",
    )
    detail = (
        f"{name}: +{match.wins} ={match.draws} -{match.losses} in {len(match.games)} games, "
        f"score {100 * match.score:.1f}%, Elo {elo:+.0f} (95%: {low:+.0f} to {high:+.0f})"
    )
    return run, detail


@suite("xiangqi-strength", "xiangqi", "full engine vs depth-3 plain alpha-beta, 100 games")
def strength_suite(ctx: BenchContext) -> SuiteResult:
    warm_up()
    games = ctx.scale(100, 2)
    seconds = 1.0 if not ctx.quick else 0.02
    max_plies = 300 if not ctx.quick else 30
    started = time.perf_counter()
    match = run_match(
        "tansuo",
        "tansuo:depth=3,plain",
        games=games,
        seconds=seconds,
        concurrency=2 if not ctx.quick else 1,
        max_plies=max_plies,
        on_game=lambda i, g: ctx.progress("strength games", i + 1, games),
    )
    run, detail = _match_run(f"tansuo {seconds} s/move vs depth 3 plain", match)
    notes = [
        detail + " (target: >= 90%)",
        f"{games} games from {min(games, 100) // 2 or 1} opening lines, colours swapped; "
        f"{time.perf_counter() - started:.0f} s"
        + ("; two games at a time on two cores (the machine is loaded)" if not ctx.quick else ""),
        "a game lost by an illegal move, on time or by a crash makes the run NOT verified",
    ]
    return SuiteResult("xiangqi-strength", games, [run], baseline=run.solver, notes=notes)


#: What the feature suite switches off, each in its own match against the full engine.
FEATURE_MATCHES = (
    *((f"no-{name}", f"tansuo:no-{name}") for name in FEATURES),
    ("no mobility terms", "tansuo:weights=no-mobility"),
    ("no king safety terms", "tansuo:weights=no-king-safety"),
    ("material only", "tansuo:weights=material"),
)


@suite("xiangqi-features", "xiangqi", "Elo each search feature and evaluation term adds")
def features_suite(ctx: BenchContext) -> SuiteResult:
    warm_up()
    games = ctx.scale(40, 2)
    seconds = 0.2 if not ctx.quick else 0.02
    chosen = FEATURE_MATCHES if not ctx.quick else FEATURE_MATCHES[:2]
    runs = []
    details: list[str] = []
    started = time.perf_counter()
    for i, (label, spec) in enumerate(chosen):
        match = run_match(
            "tansuo",
            spec,
            games=games,
            seconds=seconds,
            concurrency=2 if not ctx.quick else 1,
            max_plies=300 if not ctx.quick else 20,
        )
        run, detail = _match_run(f"full vs {label}", match)
        runs.append(run)
        details.append(detail)
        ctx.progress("feature matches", i + 1, len(chosen))
    notes = [
        *details,
        f"each row: the full engine against itself without one feature, {games} games at "
        f"{seconds} s/move; a positive Elo is what the feature adds"
        + ("; two games at a time on two cores" if not ctx.quick else ""),
        f"{time.perf_counter() - started:.0f} s in all",
    ]
    return SuiteResult("xiangqi-features", len(chosen), runs, baseline=runs[0].solver, notes=notes)


@suite("xiangqi-protocol", "xiangqi", "50 games between two UCCI processes: no failures")
def protocol_suite(ctx: BenchContext) -> SuiteResult:
    games = ctx.scale(50, 1)
    command = f"ucci:{sys.executable} -m tansuo xiangqi ucci --max-memory 16M"
    started = time.perf_counter()
    match = run_match(
        command,
        command,
        games=games,
        seconds=0.1,
        concurrency=2 if not ctx.quick else 1,
        max_plies=300 if not ctx.quick else 8,
        on_game=lambda i, g: ctx.progress("protocol games", i + 1, games),
    )
    failures = match.failures()
    run = Run(
        "tansuo UCCI vs tansuo UCCI",
        [g.seconds for g in match.games],
        solved=len(match.games) - sum(failures.values()),
        verified=not any(failures.values()),
        note="no failures" if not any(failures.values()) else "FAILURES",
    )
    notes = [
        f"illegal moves {failures['illegal']}, time losses {failures['time']}, "
        f"crashes {failures['crash']}",
        "every move checked against the rules by the match runner (Position.legal_moves), "
        "every reply timed against 0.1 s/move plus 0.5 s of grace",
        f"{games} games in {time.perf_counter() - started:.0f} s",
    ]
    return SuiteResult("xiangqi-protocol", games, [run], baseline=run.solver, notes=notes)

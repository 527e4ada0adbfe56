"""Sokoban benchmarks: how many levels of Microban and XSokoban the solver finishes.

The issue's targets, one suite each:

* ``sokoban-microban``: fast mode, 10 s per level on one core, >= 145 of 155
  (ShenMian's sokoban-rs solves 144 at 10 s per level);
* ``sokoban-xsokoban``: fast mode, 60 s per level, >= 30 of 90 (Festival
  solves all 90);
* ``sokoban-optimal``: push-optimal and move-optimal A* on Microban at 10 s
  per level: how many are solved, each proved optimal by the search.

Each run's time per level is wall-clock time of one :func:`~tansuo.sokoban.solve`
call (the per-level tables included). Every solution is replayed move by move
before it counts. No peer is installed here (sokoban-rs and Festival are native
programs); their published counts are quoted in the notes. ``--quick`` takes
the first levels of each collection with short limits.
"""

from __future__ import annotations

import time

from tansuo.bench import BenchContext, Run, SuiteResult, suite
from tansuo.sokoban import Level, bundled_collection, solve, verify, warm_up


def _run_levels(
    ctx: BenchContext, label: str, levels: list[Level], mode: str, time_limit: float
) -> tuple[Run, list[str]]:
    run = Run(label, nodes=0, clock="wall")
    run.reference = False
    lines: list[str] = []
    unsolved: list[str] = []
    row: list[str] = []
    for i, level in enumerate(levels):
        started = time.perf_counter()
        result = solve(level, mode=mode, time_limit=time_limit)
        seconds = time.perf_counter() - started
        run.times.append(seconds)
        assert run.nodes is not None
        run.nodes += result.stats.expanded
        if result.solved:
            assert result.solution is not None
            end = verify(level, result.solution)  # the replayer, move by move
            run.verified &= (end.moves, end.pushes) == (result.moves, result.pushes)
            run.solved += 1
            row.append(f"{level.title}: {result.pushes}/{result.moves} {seconds:.2f}s")
        else:
            unsolved.append(level.title)
            row.append(f"{level.title}: {result.status} {seconds:.1f}s")
        if len(row) == 6:
            lines.append("  " + "; ".join(row))
            row = []
        ctx.progress(label, i + 1, len(levels))
    if row:
        lines.append("  " + "; ".join(row))
    head = (
        f"{label}: solved {run.solved} of {len(levels)} at {time_limit:g} s per level"
        + (f"; unsolved: {', '.join(unsolved)}" if unsolved else "")
        + " (per level: pushes/moves and seconds)"
    )
    return run, [head, *lines]


def _suite(
    ctx: BenchContext,
    name: str,
    collection: str,
    full_limit: float,
    quick: tuple[int, float],
    modes: tuple[str, ...],
    peer_note: str,
) -> SuiteResult:
    warm_up()
    levels = bundled_collection(collection)
    limit = full_limit
    if ctx.quick:
        levels, limit = levels[: quick[0]], quick[1]
    runs = []
    notes = []
    for mode in modes:
        optimal = " (proved optimal)" if mode != "fast" else ""
        run, lines = _run_levels(ctx, f"tansuo {mode}{optimal}", levels, mode, limit)
        runs.append(run)
        notes.extend(lines)
    notes.append(peer_note)
    notes.append("every solution replayed move by move by tansuo.sokoban.verify before it counts")
    return SuiteResult(name, len(levels), runs, runs[0].solver, notes)


@suite("sokoban-microban", "sokoban", "Microban (155 levels), fast mode, 10 s per level")
def microban_suite(ctx: BenchContext) -> SuiteResult:
    return _suite(
        ctx,
        "sokoban-microban",
        "microban",
        10.0,
        (12, 2.0),
        ("fast",),
        "peer (published, not run here): sokoban-rs solves 144 of 155 at 10 s per level",
    )


@suite("sokoban-xsokoban", "sokoban", "XSokoban (90 levels), fast mode, 60 s per level")
def xsokoban_suite(ctx: BenchContext) -> SuiteResult:
    return _suite(
        ctx,
        "sokoban-xsokoban",
        "xsokoban90",
        60.0,
        (1, 5.0),
        ("fast",),
        "peer (published, not run here): Festival solves all 90",
    )


@suite("sokoban-optimal", "sokoban", "Microban push- and move-optimal, 10 s per level")
def optimal_suite(ctx: BenchContext) -> SuiteResult:
    return _suite(
        ctx,
        "sokoban-optimal",
        "microban",
        10.0,
        (6, 2.0),
        ("push-optimal", "move-optimal"),
        "a level counts as solved only when A* finished: its solution is optimal",
    )

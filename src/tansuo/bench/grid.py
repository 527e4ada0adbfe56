"""``tansuo bench grid``: the four bundled Moving AI maps, tansuo beside its peers.

Per map, on a seeded sample of the map's scenario problems (all of them for
arena2 in a full run; the first, shortest, few with ``--quick``):

* tansuo JPS (the baseline), A* and A* with the differential heuristic under
  the Moving AI rule (8 moves, no corner cutting, octile costs), every length
  checked against the ``.scen`` optimum (an independent reference);
* python-pathfinding's A* (``DiagonalMovement.only_when_no_obstacle``, the same
  rule and the same octile heuristic), compared with tansuo A*; its paths are
  checked (legal, from the start to the goal) and their lengths against the
  ``.scen`` too;
* pyastar2d, a C++ A*. It cannot forbid corner cutting and prices a diagonal
  step like a straight one, so it runs under its own rule (8-always, uniform
  costs) and is compared with tansuo A* under that same rule, never with a
  search under the Moving AI rule; the two check each other's lengths;
* networkx ``astar_path`` on the grid graph, on arena2 only, compared with
  tansuo A*.

The per-map tables are built before the timing, each timed on its own line:
the legal moves of every cell (every tansuo algorithm), JPS's jump table and
forced-neighbour bits, the landmark table. Slow peers are timed on a prefix of
the sample (``time_budget``). Ratios are medians of per-problem ratios over
the problems both sides ran.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tansuo.bench import (
    BenchContext,
    Run,
    SuiteResult,
    missing_peer_note,
    peer_available,
    suite,
    time_calls,
)
from tansuo.errors import InvalidInput
from tansuo.grid import (
    SCEN_TOLERANCE,
    Grid,
    GridSearcher,
    Moves,
    Point,
    Scenario,
    bundled_map,
    bundled_scen,
)
from tansuo.grid.model import Costs

#: Problems solved quicker than this are solved again until the calls add up to
#: it and timed by their mean, for every solver alike (see ``time_calls``); a
#: ``--quick`` run, a check that every solver works, times each call once.
MIN_TIME = 2e-3
BASELINE = "tansuo jps"
ASTAR = "tansuo astar"
DIFFERENTIAL = "tansuo astar (differential)"
SAME_RULE = "tansuo astar (corner-cut)"
QUICK_PROBLEMS = 6
"""Problems of a ``--quick`` run: the map's first (shortest) ones, so that a suite
checks every solver in seconds (the unit tests run it)."""


def _sample(problems: list[Scenario], ctx: BenchContext, full_count: int) -> list[Scenario]:
    if ctx.quick:
        return problems[:QUICK_PROBLEMS]
    if full_count >= len(problems):
        return list(problems)
    return random.Random(ctx.seed).sample(problems, full_count)


def _median_ratio(peer: Sequence[float], base: Sequence[float]) -> float | None:
    pairs = [p / b for p, b in zip(peer, base, strict=False) if b > 0]
    return statistics.median(pairs) if pairs else None


def _fmt_ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}x"


def _min_time(ctx: BenchContext) -> float | None:
    return None if ctx.quick else MIN_TIME


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms"


def path_length(
    grid: Grid,
    points: Sequence[Point],
    problem: Scenario,
    moves: Moves = "8-no-corner-cutting",
    costs: Costs = "octile",
) -> float | None:
    """The length of a peer's path, or None when it is not a legal path from the
    problem's start to its goal under ``moves`` (a wrong answer, never a crash).

    >>> grid = Grid.from_text("...\\n...")
    >>> p = Scenario(0, "m", 3, 2, (0, 0), (2, 0), 2.0)
    >>> path_length(grid, [(0, 0), (1, 0), (2, 0)], p), path_length(grid, [(0, 0), (2, 0)], p)
    (2.0, None)
    """
    if not points or tuple(points[0]) != problem.start or tuple(points[-1]) != problem.goal:
        return None
    try:
        return grid.path_cost([(int(x), int(y)) for x, y in points], moves, costs)
    except InvalidInput:
        return None


def _scen_optimum(problem: Scenario) -> float:
    return problem.optimal


def _tansuo_run(
    label: str,
    searcher: GridSearcher,
    problems: list[Scenario],
    ctx: BenchContext,
    algorithm: str,
    expected: Callable[[Scenario], float] | None,
    heuristic: str | None = None,
) -> tuple[Run, list[float], list[str]]:
    """Time one tansuo algorithm; check each length against ``expected`` when given.

    The map's tables are built before (``GridSearcher.prepare``, timed by the
    caller); a first query, untimed, loads the compiled kernel.
    """
    options: dict[str, Any] = {"algorithm": algorithm, "heuristic": heuristic}
    searcher.find_path(problems[0].start, problems[0].goal, **options)

    def solve(p: Scenario) -> Any:
        return searcher.find_path(p.start, p.goal, **options)

    times, results = time_calls(solve, problems, label=label, ctx=ctx, min_time=_min_time(ctx))
    lengths = [r.cost if r.cost is not None else math.nan for r in results]
    bad = []
    for p, r in zip(problems, results, strict=True):
        want = None if expected is None else expected(p)
        if r.cost is None or (want is not None and abs(r.cost - want) > SCEN_TOLERANCE):
            bad.append(f"{label}: problem {p.start}->{p.goal} expected {want!r}, got {r.cost!r}")
    run = Run(
        label,
        times=times,
        solved=sum(r.solved for r in results),
        nodes=sum(r.stats.expanded for r in results),
        verified=not bad,
    )
    return run, lengths, bad


def _movingai_suite(
    ctx: BenchContext, name: str, full_count: int, with_networkx: bool
) -> SuiteResult:
    grid = bundled_map(name)
    problems = _sample(bundled_scen(name), ctx, full_count)
    peer_budget = 1.0 if ctx.quick else 20.0
    runs: list[Run] = []
    notes: list[str] = []
    searcher = GridSearcher(grid)

    # the per-map tables, each built once and timed on its own
    moves_s = searcher.prepare("astar")
    jump_s = searcher.prepare("jps")
    landmarks_s = searcher.prepare("astar", "differential")
    notes.append(
        "tables built once per map, outside the query times: legal moves of every cell and "
        f"the work arrays {_ms(moves_s)} (every tansuo algorithm); JPS jump table and "
        f"forced-neighbour bits {_ms(jump_s)}; {searcher.landmark_count} landmarks' distances "
        f"{_ms(landmarks_s)} (astar differential)"
    )

    by_scen = _scen_optimum
    jps, _, bad = _tansuo_run(BASELINE, searcher, problems, ctx, "jps", by_scen)
    jps.note = f"tables {_ms(jump_s)} once"
    astar, _, bad_astar = _tansuo_run(ASTAR, searcher, problems, ctx, "astar", by_scen)
    landmarks, _, bad_landmarks = _tansuo_run(
        DIFFERENTIAL, searcher, problems, ctx, "astar", by_scen, "differential"
    )
    landmarks.note = f"table {_ms(landmarks_s)} once"
    runs += [jps, astar, landmarks]
    notes += (bad + bad_astar + bad_landmarks)[:5]
    if jps.verified and astar.verified and landmarks.verified:
        notes.append(
            f"all {len(problems)} lengths of tansuo jps, astar and astar (differential) match "
            f"the .scen optimum within {SCEN_TOLERANCE:g}"
        )

    # python-pathfinding, same rule
    if peer_available("pathfinding"):
        run, cleanup_s = _python_pathfinding(grid, problems, ctx, peer_budget)
        runs.append(run)
        notes.append(
            "python-pathfinding astar (same rule, same octile heuristic): median per-problem "
            f"ratio / tansuo astar {_fmt_ratio(_median_ratio(run.times, astar.times))}, "
            f"/ tansuo astar (differential) "
            f"{_fmt_ratio(_median_ratio(run.times, landmarks.times))}, / tansuo jps "
            f"{_fmt_ratio(_median_ratio(run.times, jps.times))}. Timed: its find_path (the "
            "search and the path's backtrace). Not timed: the full-grid reset "
            f"grid.cleanup() before each call ({_ms(cleanup_s)} on this map), after which "
            "grid.dirty is cleared so that find_path does not reset the grid a second time"
        )
    else:
        notes.append(missing_peer_note("pathfinding"))

    # pyastar2d, under its own rule, beside tansuo under that rule
    if peer_available("pyastar2d"):
        same_rule = GridSearcher(grid, "8-always", "uniform")
        same_rule.prepare("astar")
        same, same_lengths, _ = _tansuo_run(SAME_RULE, same_rule, problems, ctx, "astar", None)
        run = _pyastar2d(grid, problems, ctx, same_lengths)
        same.verified = same.verified and run.verified  # the two lengths agree, problem by problem
        runs += [same, run]
        notes.append(
            "(corner-cut) is pyastar2d's own rule: 8-always moves, a diagonal costs 1; pyastar2d "
            "and tansuo astar under it check each other's lengths. pyastar2d / tansuo jps "
            f"(Moving AI rule, a different problem): "
            f"{_fmt_ratio(_median_ratio(run.times, jps.times))}, for reference only"
        )
    else:
        notes.append(missing_peer_note("pyastar2d"))

    if with_networkx:
        if peer_available("networkx"):
            runs.append(_networkx(grid, problems, ctx, peer_budget))
            notes.append("networkx astar_path: the graph is built once, untimed")
        else:
            notes.append(missing_peer_note("networkx"))
    if not ctx.quick:
        notes.append(
            "a problem solved in under 2 ms is solved again until 2 ms have passed and timed "
            "by the mean, for every solver alike; timings on a shared machine are noisy, so "
            "compare ratios within one run"
        )
    return SuiteResult(
        f"grid-{name}",
        len(problems),
        runs,
        baseline=BASELINE,
        notes=notes,
        ratio_kind="per-instance",
    )


def _python_pathfinding(
    grid: Grid, problems: list[Scenario], ctx: BenchContext, budget: float
) -> tuple[Run, float]:
    """python-pathfinding's A*; returns the run and the median time of its grid reset."""
    from pathfinding.core.diagonal_movement import DiagonalMovement
    from pathfinding.core.grid import Grid as PathfindingGrid
    from pathfinding.finder.a_star import AStarFinder

    label = "pathfinding astar"
    pf_grid = PathfindingGrid(matrix=grid.passable.astype(int).tolist())
    finder = AStarFinder(diagonal_movement=DiagonalMovement.only_when_no_obstacle)
    times: list[float] = []
    cleanups: list[float] = []
    verified = True
    solved = 0
    spent = 0.0  # the first call's search time per problem, as time_calls counts it
    min_time = _min_time(ctx) or 0.0
    for i, p in enumerate(problems):
        elapsed = 0.0
        calls = 0
        path: list[Any] = []
        while calls == 0 or elapsed < min_time:  # as time_calls(min_time=...) does
            # find_path resets the whole grid itself when grid.dirty is set (its
            # Finder.clean_grid) and sets it again; reset it here, untimed, and clear
            # the flag, so that the time is the search's alone
            reset = time.perf_counter()
            pf_grid.cleanup()
            cleanups.append(time.perf_counter() - reset)
            pf_grid.dirty = False
            start = time.perf_counter()
            found, _ = finder.find_path(pf_grid.node(*p.start), pf_grid.node(*p.goal), pf_grid)
            elapsed += time.perf_counter() - start
            if calls == 0:
                path = found
                spent += elapsed
            calls += 1
        times.append(elapsed / calls)
        length = path_length(grid, [(node.x, node.y) for node in path], p)
        if length is not None and p.matches(length):
            solved += 1
        else:
            verified = False
        ctx.progress(label, i + 1, len(problems))
        if spent > budget:
            break
    note = f"{len(times)} of {len(problems)}: time budget" if len(times) < len(problems) else ""
    run = Run(label, times=times, solved=solved, verified=verified, peer=True, note=note,
              compare_with=ASTAR)  # fmt: skip
    return run, statistics.median(cleanups)


def _pyastar2d(
    grid: Grid, problems: list[Scenario], ctx: BenchContext, expected_lengths: list[float]
) -> Run:
    import pyastar2d

    label = "pyastar2d (corner-cut)"
    weights = np.where(grid.passable, 1.0, np.inf).astype(np.float32)

    def solve(p: Scenario) -> Any:
        # pyastar2d takes (row, column)
        return pyastar2d.astar_path(
            weights, (p.start[1], p.start[0]), (p.goal[1], p.goal[0]), allow_diagonal=True
        )

    solve(problems[0])
    times, paths = time_calls(solve, problems, label=label, ctx=ctx, min_time=_min_time(ctx))
    ok = []
    for path, p, expected in zip(paths, problems, expected_lengths, strict=False):
        points = [] if path is None else [(int(col), int(row)) for row, col in path]
        length = path_length(grid, points, p, "8-always", "uniform")
        ok.append(length is not None and abs(length - expected) <= SCEN_TOLERANCE)
    return Run(label, times=times, solved=sum(ok), verified=all(ok), peer=True,
               compare_with=SAME_RULE)  # fmt: skip


def _networkx(grid: Grid, problems: list[Scenario], ctx: BenchContext, budget: float) -> Run:
    import networkx as nx

    label = "networkx astar_path"
    graph = nx.Graph()
    passable = grid.passable
    height, width = passable.shape
    diagonal = math.sqrt(2.0)
    for y in range(height):
        for x in range(width):
            if not passable[y, x]:
                continue
            graph.add_node((x, y))
            if x + 1 < width and passable[y, x + 1]:
                graph.add_edge((x, y), (x + 1, y), weight=1.0)
            if y + 1 < height and passable[y + 1, x]:
                graph.add_edge((x, y), (x, y + 1), weight=1.0)
            for dx in (-1, 1):
                nx_, ny = x + dx, y + 1
                if (
                    0 <= nx_ < width
                    and ny < height
                    and passable[ny, nx_]
                    and passable[y, nx_]
                    and passable[ny, x]
                ):
                    graph.add_edge((x, y), (nx_, ny), weight=diagonal)

    def octile(a: Point, b: Point) -> float:
        dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
        return max(dx, dy) + (diagonal - 1) * min(dx, dy)

    def solve(p: Scenario) -> Any:
        return nx.astar_path(graph, p.start, p.goal, heuristic=octile, weight="weight")

    times, paths = time_calls(
        solve, problems, label=label, ctx=ctx, time_budget=budget, min_time=_min_time(ctx)
    )
    ok = []
    for path, p in zip(paths, problems, strict=False):
        length = path_length(grid, path, p)
        ok.append(length is not None and p.matches(length))
    note = f"{len(times)} of {len(problems)}: time budget" if len(times) < len(problems) else ""
    return Run(label, times=times, solved=sum(ok), verified=all(ok), peer=True, note=note,
               compare_with=ASTAR)  # fmt: skip


@suite(
    "grid-arena2",
    "grid",
    "Moving AI arena2 (281x209): JPS and A* vs python-pathfinding, pyastar2d, networkx",
)
def arena2(ctx: BenchContext) -> SuiteResult:
    return _movingai_suite(ctx, "arena2", 1000, with_networkx=True)


@suite(
    "grid-maze512-1-0", "grid", "Moving AI maze512-1-0: JPS and A* vs python-pathfinding, pyastar2d"
)
def maze(ctx: BenchContext) -> SuiteResult:
    return _movingai_suite(ctx, "maze512-1-0", 500, with_networkx=False)


@suite("grid-8room_000", "grid", "Moving AI 8room_000: JPS and A* vs python-pathfinding, pyastar2d")
def rooms(ctx: BenchContext) -> SuiteResult:
    return _movingai_suite(ctx, "8room_000", 500, with_networkx=False)


@suite(
    "grid-random512-10-0",
    "grid",
    "Moving AI random512-10-0: JPS and A* vs python-pathfinding, pyastar2d",
)
def random_map(ctx: BenchContext) -> SuiteResult:
    return _movingai_suite(ctx, "random512-10-0", 500, with_networkx=False)

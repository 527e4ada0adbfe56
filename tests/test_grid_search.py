"""Grid kernels tied to the generic engine: same lengths on random grids, every rule and cost."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tansuo.errors import InvalidInput
from tansuo.grid import (
    ALGORITHMS,
    BUNDLED_MAPS,
    COSTS,
    MOVES,
    Grid,
    GridSearcher,
    bundled_map,
    bundled_scen,
    estimate,
    find_path,
    find_paths,
    is_admissible,
)
from tansuo.search import FunctionProblem, dijkstra

STEP_COSTS = {"octile": (1.0, math.sqrt(2.0)), "10-14": (10.0, 14.0), "uniform": (1.0, 1.0)}


def reference_problem(cells: np.ndarray, start, goal, moves: str, costs: str):
    """The grid as a plain FunctionProblem, written independently of the kernels."""
    straight, diagonal = STEP_COSTS[costs]
    height, width = cells.shape

    def is_open(x: int, y: int) -> bool:
        return 0 <= x < width and 0 <= y < height and math.isfinite(cells[y, x])

    def successors(point):
        x, y = point
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) == (0, 0) or (moves == "4" and dx and dy):
                    continue
                nx, ny = x + dx, y + dy
                if not is_open(nx, ny):
                    continue
                if dx and dy:
                    sides = is_open(x + dx, y) + is_open(x, y + dy)
                    needed = {"8-no-corner-cutting": 2, "8-one-side": 1, "8-always": 0}[moves]
                    if sides < needed:
                        continue
                    yield (nx, ny), (nx, ny), diagonal * cells[ny, nx]
                else:
                    yield (nx, ny), (nx, ny), straight * cells[ny, nx]

    return FunctionProblem(start, goal, successors)


def random_cells(rng: random.Random, width: int, height: int, wall_rate: float, weighted: bool):
    cells = np.ones((height, width))
    for y in range(height):
        for x in range(width):
            if rng.random() < wall_rate:
                cells[y, x] = np.inf
            elif weighted:
                cells[y, x] = rng.choice([1, 1, 2, 3, 5, 9])
    return cells


def open_cells(cells):
    return [(int(x), int(y)) for y, x in np.argwhere(np.isfinite(cells))]


def assert_valid(grid: Grid, result, start, goal, moves, costs):
    assert result.solution[0] == start and result.solution[-1] == goal
    # path_cost raises on an illegal step, so this checks the path and its length
    assert grid.path_cost(result.solution, moves, costs) == pytest.approx(result.cost, abs=1e-9)


@pytest.mark.parametrize("moves", MOVES)
@pytest.mark.parametrize("costs", list(COSTS))
@pytest.mark.parametrize("weighted", [False, True])
def test_kernels_equal_reference_dijkstra(moves, costs, weighted):
    rng = random.Random(sum(map(ord, f"{moves}/{costs}/{weighted}")))
    for _ in range(10):
        width, height = rng.randint(2, 12), rng.randint(2, 12)
        cells = random_cells(rng, width, height, rng.choice([0.1, 0.25, 0.4]), weighted)
        free = open_cells(cells)
        if len(free) < 2:
            continue
        grid = Grid(cells)
        searcher = GridSearcher(grid, moves, costs, landmarks=rng.randint(1, 4))
        for _ in range(4):
            start, goal = rng.choice(free), rng.choice(free)
            ref = dijkstra(reference_problem(cells, start, goal, moves, costs))
            algorithms = [("astar", None), ("dijkstra", None), ("bidirectional", None)]
            if moves == "8-no-corner-cutting" and costs != "uniform" and not weighted:
                algorithms.append(("jps", None))
            if (moves == "4" or costs == "uniform") and not weighted:
                algorithms.append(("bfs", None))  # all steps cost the same: fewest moves wins
            if not weighted:
                algorithms.append(("astar", "differential"))
            for algorithm, heuristic in algorithms:
                got = searcher.find_path(start, goal, algorithm=algorithm, heuristic=heuristic)
                assert got.status == ref.status, (algorithm, heuristic, start, goal)
                if ref.status == "solved":
                    assert got.cost == pytest.approx(ref.cost, rel=1e-9, abs=1e-9), (
                        algorithm,
                        heuristic,
                    )
                    assert got.optimal
                    assert_valid(grid, got, start, goal, moves, costs)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.tuples(st.integers(3, 16), st.integers(3, 16)),
    wall_rate=st.sampled_from([0.0, 0.2, 0.35]),
)
def test_jps_equals_astar_on_uniform_grids(seed, size, wall_rate):
    rng = random.Random(seed)
    cells = random_cells(rng, size[0], size[1], wall_rate, weighted=False)
    free = open_cells(cells)
    if len(free) < 2:
        return
    searcher = GridSearcher(Grid(cells))
    for _ in range(5):
        start, goal = rng.choice(free), rng.choice(free)
        astar = searcher.find_path(start, goal)
        jps = searcher.find_path(start, goal, algorithm="jps")
        assert jps.status == astar.status
        if astar.solved:
            assert jps.cost == pytest.approx(astar.cost, abs=1e-9)
            assert_valid(searcher.grid, jps, start, goal, "8-no-corner-cutting", "octile")
            assert jps.stats["expanded"] <= astar.stats["expanded"] + 1


@pytest.mark.parametrize("name", BUNDLED_MAPS)
def test_bundled_scenarios_match_optimal_lengths(name):
    grid = bundled_map(name)
    problems = bundled_scen(name)
    rng = random.Random(7)
    # the longest buckets are the hard ones: take some of them and some at random
    chosen = problems[-4:] + rng.sample(problems, 12)
    searcher = GridSearcher(grid)
    for p in chosen:
        for algorithm, heuristic in (("astar", None), ("jps", None), ("astar", "differential")):
            r = searcher.find_path(p.start, p.goal, algorithm=algorithm, heuristic=heuristic)
            assert r.status == "solved" and r.optimal
            assert p.matches(r.cost), (name, algorithm, heuristic, p)


def test_no_path_is_proved_no_solution():
    grid = Grid.from_text("..#..\n..#..\n..#..")
    for algorithm in ("astar", "jps", "dijkstra", "bfs", "bidirectional"):
        r = find_path(grid, (0, 0), (4, 2), algorithm=algorithm)
        assert r.status == "no_solution"
        assert r.solution == [] and r.cost is None


def test_corner_rules_differ_where_they_should():
    # the only way through is a diagonal squeezed between two walls
    grid = Grid.from_text(".#\n#.")
    assert find_path(grid, (0, 0), (1, 1), moves="8-no-corner-cutting").status == "no_solution"
    assert find_path(grid, (0, 0), (1, 1), moves="8-one-side").status == "no_solution"
    assert find_path(grid, (0, 0), (1, 1), moves="8-always").cost == pytest.approx(math.sqrt(2))
    one_side = Grid.from_text("..\n#.")
    assert find_path(one_side, (0, 0), (1, 1), moves="8-one-side").cost == pytest.approx(
        math.sqrt(2)
    )
    assert find_path(one_side, (0, 0), (1, 1)).cost == pytest.approx(2.0)


def test_weighted_terrain_costs_entering_cells():
    grid = Grid.from_text(".9.\n...")
    r = find_path(grid, (0, 0), (2, 0), moves="4")
    assert r.cost == pytest.approx(4.0)  # around the 9 rather than through it
    assert (1, 0) not in r.solution


def test_weighted_astar_is_bounded_and_flagged():
    rng = random.Random(3)
    cells = random_cells(rng, 30, 30, 0.25, weighted=False)
    free = open_cells(cells)
    searcher = GridSearcher(Grid(cells))
    for _ in range(10):
        a, b = rng.choice(free), rng.choice(free)
        exact = searcher.find_path(a, b)
        fast = searcher.find_path(a, b, algorithm="weighted-astar", weight=2.0)
        assert fast.status == exact.status
        if exact.solved:
            assert exact.cost - 1e-9 <= fast.cost <= 2.0 * exact.cost + 1e-9
            assert not fast.optimal


def test_inadmissible_heuristic_is_allowed_but_not_proved():
    grid = Grid(np.ones((8, 8)))
    r = find_path(grid, (0, 0), (7, 5), heuristic="manhattan")
    assert r.solved and not r.optimal
    assert not is_admissible("manhattan", "8-no-corner-cutting", "octile")
    assert is_admissible("manhattan", "4", "octile")
    assert is_admissible("euclidean", "8-always", "octile")
    assert not is_admissible("euclidean", "8-always", "10-14")


@pytest.mark.parametrize("name", ["octile", "chebyshev", "euclidean", "zero", "manhattan"])
@pytest.mark.parametrize("moves", MOVES)
@pytest.mark.parametrize("costs", list(COSTS))
def test_admissible_heuristics_never_exceed_open_ground_distance(name, moves, costs):
    if not is_admissible(name, moves, costs):
        return
    grid = Grid(np.ones((6, 6)))
    searcher = GridSearcher(grid, moves, costs)
    for x in range(6):
        for y in range(6):
            true = searcher.find_path((0, 0), (x, y), algorithm="dijkstra").cost
            assert estimate(name, x, y, moves, costs) <= true + 1e-9


def test_find_paths_reuses_one_searcher_and_agrees_with_fresh_ones():
    rng = random.Random(11)
    cells = random_cells(rng, 25, 20, 0.3, weighted=True)
    free = open_cells(cells)
    pairs = [(rng.choice(free), rng.choice(free)) for _ in range(30)]
    batch = find_paths(Grid(cells), pairs)
    for (a, b), r in zip(pairs, batch, strict=True):
        fresh = find_path(Grid(cells), a, b)
        assert r.status == fresh.status and r.cost == fresh.cost


def test_bad_points_are_clear_errors():
    grid = Grid.from_text("..#\n...")
    with pytest.raises(InvalidInput, match="on a wall"):
        find_path(grid, (2, 0), (0, 0))
    with pytest.raises(InvalidInput, match="outside"):
        find_path(grid, (0, 0), (3, 0))
    with pytest.raises(InvalidInput, match="outside"):
        find_path(grid, (-1, 0), (0, 0))
    with pytest.raises(InvalidInput, match="unknown algorithm"):
        find_path(grid, (0, 0), (1, 1), algorithm="magic")
    with pytest.raises(InvalidInput, match="unknown movement rule"):
        find_path(grid, (0, 0), (1, 1), moves="6")
    with pytest.raises(InvalidInput, match="jps needs"):
        find_path(grid, (0, 0), (1, 1), algorithm="jps", moves="4")
    with pytest.raises(InvalidInput, match="jps needs"):
        find_path(Grid.from_text(".2\n.."), (0, 0), (1, 1), algorithm="jps")
    with pytest.raises(InvalidInput, match="weight"):
        find_path(grid, (0, 0), (1, 1), algorithm="weighted-astar", weight=0.5)


def test_record_logs_expansions_in_order():
    grid = Grid.from_text(".....\n.###.\n.....")
    r = find_path(grid, (0, 1), (4, 1), costs="10-14", record=True)
    log = r.log
    assert log.expanded[0] == (0, 1) and log.expanded[-1] == (4, 1)
    fs = [g + h for g, h in zip(log.g, log.h, strict=True)]
    assert fs == sorted(fs)  # a consistent heuristic expands in non-decreasing f
    assert set(r.solution) <= set(log.closed) | set(log.open)


@pytest.mark.parametrize("name", ["arena2", "8room_000"])
def test_kernels_equal_reference_on_bundled_map_windows(name):
    full = bundled_map(name)
    rng = random.Random(23)
    for _ in range(2):
        y0 = rng.randrange(0, full.height - 30)
        x0 = rng.randrange(0, full.width - 30)
        cells = np.array(full.cells[y0 : y0 + 30, x0 : x0 + 30])
        free = open_cells(cells)
        if len(free) < 2:
            continue
        for moves, costs in (("8-no-corner-cutting", "octile"), ("4", "10-14")):
            searcher = GridSearcher(Grid(cells), moves, costs)
            for _ in range(3):
                start, goal = rng.choice(free), rng.choice(free)
                ref = dijkstra(reference_problem(cells, start, goal, moves, costs))
                for algorithm in ("astar", "bidirectional") + (
                    ("jps",) if moves != "4" else ("bfs",)
                ):
                    got = searcher.find_path(start, goal, algorithm=algorithm)
                    assert got.status == ref.status
                    if ref.solved:
                        assert got.cost == pytest.approx(ref.cost, abs=1e-9)


@pytest.mark.parametrize("chunk", [1, 2, 7])
def test_searches_resumed_after_every_few_expansions_agree(monkeypatch, chunk):
    # A chunk can end while a cell waits to be expanded outside the heap (a tie on
    # f): it must be neither lost nor reordered. Paused and resumed every few
    # expansions, a search expands what one run straight through does.
    import tansuo.grid.searcher as grid_searcher

    rng = random.Random(chunk)
    cells = random_cells(rng, 30, 24, 0.25, weighted=chunk == 7)
    free = open_cells(cells)
    pairs = [(rng.choice(free), rng.choice(free)) for _ in range(12)]
    algorithms = ["astar", "dijkstra", "weighted-astar", "bidirectional", "bfs"]
    if chunk != 7:
        algorithms.append("jps")

    def answers(searcher: GridSearcher) -> dict[str, list[tuple]]:
        return {
            algorithm: [
                (r.cost, r.solution, r.stats.expanded, r.stats.generated, r.stats.max_frontier)
                for r in (searcher.find_path(a, b, algorithm=algorithm) for a, b in pairs)
            ]
            for algorithm in algorithms
        }

    wanted = answers(GridSearcher(Grid(cells)))
    monkeypatch.setattr(grid_searcher, "CHUNK", chunk)
    got = answers(GridSearcher(Grid(cells)))
    for algorithm in algorithms:
        assert got[algorithm] == wanted[algorithm], algorithm


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_a_query_from_the_goal_is_solved_at_once(algorithm):
    searcher = GridSearcher(Grid.from_text("...\n.#.\n..."))
    r = searcher.find_path((2, 1), (2, 1), algorithm=algorithm, max_expansions=0, record=True)
    assert r.status == "solved" and r.cost == 0.0 and r.solution == [(2, 1)]
    assert r.stats.expanded == 0 and r.stats.path_cells == 1
    assert r.log is not None and r.log.expanded == [(2, 1)]


def test_bfs_counts_its_largest_queue():
    # the same breadth-first search in plain Python (moves east, west, south, north,
    # the goal tested when generated): its queue is as long as the kernel's at most
    rng = random.Random(4)
    cells = random_cells(rng, 15, 12, 0.2, weighted=False)
    free = open_cells(cells)
    searcher = GridSearcher(Grid(cells), "4", "uniform")
    for _ in range(10):
        start, goal = rng.choice(free), rng.choice(free)
        if start == goal:
            continue
        queue, seen, longest, found = [start], {start}, 1, False
        while queue and not found:
            x, y = queue.pop(0)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nxt = (x + dx, y + dy)
                if nxt in seen or not (0 <= nxt[0] < 15 and 0 <= nxt[1] < 12):
                    continue
                if math.isinf(cells[nxt[1], nxt[0]]):
                    continue
                seen.add(nxt)
                queue.append(nxt)
                if nxt == goal:
                    found = True
                    break
            longest = max(longest, len(queue))
        r = searcher.find_path(start, goal, algorithm="bfs")
        assert r.solved == found
        assert r.stats.max_frontier == longest

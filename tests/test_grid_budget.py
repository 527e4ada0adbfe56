"""Budgets of grid queries: expansions, time (held on the largest map), memory."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

import tansuo.grid.searcher as grid_searcher
from tansuo.errors import InvalidInput
from tansuo.grid import (
    ALGORITHMS,
    Grid,
    GridSearcher,
    bundled_map,
    bundled_scen,
    find_path,
    warm_up,
)
from tansuo.grid.model import MAX_CELLS
from test_grid_search import open_cells, random_cells


def test_budget_gives_limit_with_stats():
    grid = Grid(np.ones((60, 60)))
    r = find_path(grid, (0, 0), (59, 59), algorithm="dijkstra", max_expansions=100)
    assert r.status == "limit" and r.stats["limit"] == "max_expansions"
    assert r.stats["expanded"] == 100 and r.cost is None
    assert find_path(grid, (3, 3), (3, 3), max_expansions=0).status == "solved"
    r = find_path(grid, (0, 0), (59, 59), algorithm="bidirectional", max_expansions=10)
    assert r.status == "limit"
    r = find_path(grid, (0, 0), (59, 59), algorithm="bfs", max_expansions=10)
    assert r.status == "limit"


def test_open_list_grows_when_stale_entries_fill_it():
    rng = random.Random(5)
    cells = random_cells(rng, 20, 20, 0.2, weighted=True)
    free = open_cells(cells)
    pairs = [(rng.choice(free), rng.choice(free)) for _ in range(10)]
    roomy = GridSearcher(Grid(cells))
    cramped = GridSearcher(Grid(cells))
    for algorithm in ("astar", "dijkstra"):
        for a, b in pairs:
            cramped.heap = np.zeros(4, dtype=np.int32)  # far too small: must grow, not fail
            cramped.keys = np.zeros((4, 2))
            got = cramped.find_path(a, b, algorithm=algorithm)
            want = roomy.find_path(a, b, algorithm=algorithm)
            assert got.status == want.status and got.cost == want.cost
            assert cramped.heap.shape[0] > 4 or got.stats["max_frontier"] <= 4


def test_time_limit_is_checked_between_chunks():
    grid = bundled_map("maze512-1-0")
    problem = bundled_scen("maze512-1-0")[-1]
    searcher = GridSearcher(grid)
    searcher.prepare("dijkstra")  # the map's tables: else the clock stops their building
    r = searcher.find_path(problem.start, problem.goal, algorithm="dijkstra", time_limit=0.0)
    assert r.status == "limit" and r.stats["limit"] == "time_limit"
    assert 0 < r.stats["expanded"] <= grid_searcher.CHUNK  # one chunk, then the clock


@pytest.mark.parametrize(
    ("budget", "message"),
    [
        ({"time_limit": -1}, "time_limit must be a number of seconds >= 0, got -1"),
        ({"time_limit": "soon"}, "time_limit must be a number of seconds >= 0"),
        ({"max_expansions": -5}, "max_expansions must be a whole number >= 0, got -5"),
        ({"max_expansions": 2.5}, "max_expansions must be a whole number >= 0, got 2.5"),
        ({"max_expansions": [3]}, "max_expansions must be a whole number >= 0"),
        ({"max_memory": "lots"}, "memory size 'lots'"),
        ({"max_memory": -1}, "max_memory must be >= 0"),
    ],
)
def test_bad_budgets_are_clear_errors(budget, message):
    grid = Grid.from_text("...\n...")
    with pytest.raises(InvalidInput, match=message):
        find_path(grid, (0, 0), (2, 1), **budget)


@pytest.mark.parametrize("algorithm", ["astar", "dijkstra", "weighted-astar"])
def test_an_open_list_past_the_memory_budget_is_a_limit(algorithm):
    rng = random.Random(5)
    cells = random_cells(rng, 20, 20, 0.2, weighted=True)
    free = open_cells(cells)
    searcher = GridSearcher(Grid(cells))
    for _ in range(10):
        a, b = rng.choice(free), rng.choice(free)
        whole = searcher.find_path(a, b, algorithm=algorithm)
        if whole.stats.max_frontier <= 8:
            continue
        searcher.heap = np.zeros(4, dtype=np.int32)  # 80 bytes: must grow to go on
        searcher.keys = np.zeros((4, 2))
        r = searcher.find_path(a, b, algorithm=algorithm, max_memory=8 * 20 - 1)
        assert r.status == "limit" and r.stats.limit == "max_memory" and r.cost is None
        assert r.stats.expanded < whole.stats.expanded
        r = searcher.find_path(a, b, algorithm=algorithm, max_memory=8 * 20)  # one doubling
        assert r.status in ("limit", "solved") and searcher.heap.shape[0] == 8
        return
    pytest.fail("no query needed more than 8 open entries")


def test_the_open_list_stops_growing_at_its_cap(monkeypatch):
    monkeypatch.setattr(grid_searcher, "MAX_OPEN_PER_CELL", 0)  # no growth at all
    searcher = GridSearcher(Grid(np.ones((30, 30))))
    searcher.heap = np.zeros(4, dtype=np.int32)
    searcher.keys = np.zeros((4, 2))
    r = searcher.find_path((0, 0), (29, 29), algorithm="dijkstra")
    assert r.status == "limit" and r.stats.limit == "max_memory"


def test_max_expansions_counts_every_algorithm():
    grid = bundled_map("8room_000")
    problem = bundled_scen("8room_000")[-1]
    searcher = GridSearcher(grid)
    for algorithm in ALGORITHMS:
        r = searcher.find_path(problem.start, problem.goal, algorithm=algorithm, max_expansions=7)
        assert r.status == "limit" and r.stats.limit == "max_expansions", algorithm
        assert r.stats.expanded == 7, algorithm


@pytest.fixture(scope="module")
def largest_map():
    """A 4096x4096 map (the largest a grid may be), a third of it walls at random."""
    rng = np.random.default_rng(7)
    cells = rng.random((4096, 4096)) >= 0.33
    cells[0, 0] = cells[-1, -1] = True
    assert cells.size == MAX_CELLS
    return Grid(cells)


def test_time_limits_hold_on_the_largest_map(largest_map):
    # Every algorithm, twice: on a fresh searcher, building the map's tables under the
    # clock, then with the tables A* and JPS need built: searching (the others go on
    # building theirs: the bidirectional arrays, the landmarks' Dijkstras).
    warm_up()
    limit = 0.1
    allowed = limit + max(0.1, 0.1 * limit)
    runs = [(algorithm, None) for algorithm in ALGORITHMS] + [("astar", "differential")]
    searcher = GridSearcher(largest_map, landmarks=1)
    for prepared in (False, True):
        if prepared:
            searcher.prepare("jps")
        for algorithm, heuristic in runs:
            started = time.process_time()  # CPU time: the overshoot is the search's own
            r = searcher.find_path((0, 0), (4095, 4095), algorithm=algorithm,
                                   heuristic=heuristic, time_limit=limit)  # fmt: skip
            spent = time.process_time() - started
            assert spent <= allowed, (algorithm, heuristic, prepared, spent, r.stats)
            assert r.status == "limit" and r.stats.limit == "time_limit"
            if prepared and heuristic is None and algorithm != "bidirectional":
                assert r.stats.expanded > 0 and r.stats.preprocess_s is None, algorithm

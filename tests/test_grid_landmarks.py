"""The differential heuristic (tansuo.grid.landmarks): a lower bound, built under the clock."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tansuo.errors import InvalidInput
from tansuo.grid import MOVES, Grid, GridSearcher, bundled_map, bundled_scen, find_path
from tansuo.grid.landmarks import landmark_table_bytes
from tansuo.search import dijkstra
from test_grid_search import open_cells, random_cells, reference_problem


@pytest.mark.parametrize("moves", MOVES)
def test_differential_heuristic_never_overestimates(moves):
    # |d(L, a) - d(L, b)| <= d(a, b) for every landmark L: check it against true distances
    rng = random.Random(len(moves))
    cells = random_cells(rng, 14, 11, 0.3, weighted=False)
    free = open_cells(cells)
    searcher = GridSearcher(Grid(cells), moves, "octile", landmarks=5)
    table = searcher.landmark_table()
    assert table.shape == (searcher.cells, 5) and table.max() > 0
    for _ in range(40):
        a, b = rng.choice(free), rng.choice(free)
        true = dijkstra(reference_problem(cells, a, b, moves, "octile"))
        bound = np.abs(table[searcher.cell_index(a)] - table[searcher.cell_index(b)]).max()
        if true.status == "solved":
            assert bound <= true.cost + 1e-9


def test_differential_heuristic_cuts_expansions_in_a_maze():
    searcher = GridSearcher(bundled_map("maze512-1-0"))
    problems = random.Random(3).sample(bundled_scen("maze512-1-0"), 20)
    plain = sum(searcher.find_path(p.start, p.goal).stats["expanded"] for p in problems)
    first = searcher.find_path(problems[0].start, problems[0].goal, heuristic="differential")
    assert first.stats["preprocess_s"] > 0  # the query that built the table says so
    landmarks = sum(
        searcher.find_path(p.start, p.goal, heuristic="differential").stats["expanded"]
        for p in problems
    )
    assert landmarks < plain / 2


def test_differential_heuristic_refuses_what_it_cannot_do():
    weighted = Grid.from_text(".2.\n...")
    with pytest.raises(InvalidInput, match="weighted terrain"):
        find_path(weighted, (0, 0), (2, 1), heuristic="differential")
    grid = Grid.from_text("...\n...")
    for algorithm in ("jps", "bfs", "bidirectional"):
        with pytest.raises(InvalidInput, match="differential heuristic is for astar"):
            find_path(grid, (0, 0), (2, 1), algorithm=algorithm, heuristic="differential")
    with pytest.raises(InvalidInput, match="landmarks"):
        GridSearcher(grid, landmarks=0)


def test_landmark_table_is_built_across_queries_when_time_runs_out():
    grid = bundled_map("arena2")
    problem = bundled_scen("arena2")[-1]
    searcher = GridSearcher(grid)
    searcher.prepare("astar")  # the legal moves: only the landmarks are left to build
    stopped = 0
    table_done = False
    for _ in range(200):
        r = searcher.find_path(problem.start, problem.goal, heuristic="differential",
                               time_limit=0.004)  # fmt: skip
        if r.solved:
            break
        assert r.status == "limit" and r.stats.limit == "time_limit"
        if r.stats.preprocess_s is None:
            # (a loaded machine) the table was finished by an earlier query; this one
            # only searched, and ran out of time doing so
            assert table_done and r.stats.expanded > 0
        else:
            # stopped while building the table, or just after finishing it
            table_done = searcher._landmark_build is None
            assert r.stats.expanded == 0 or table_done
        stopped += 1
    assert r.solved and problem.matches(r.cost)
    assert stopped > 0  # a few milliseconds cannot build 9 full-map Dijkstras
    # built in pieces, the table is the one built in one go
    assert np.array_equal(searcher.landmark_table(), GridSearcher(grid).landmark_table())


def test_landmark_table_larger_than_the_memory_budget_is_a_limit():
    grid = bundled_map("arena2")
    problem = bundled_scen("arena2")[0]
    searcher = GridSearcher(grid)
    need = landmark_table_bytes(searcher.cells, searcher.landmark_count)
    r = searcher.find_path(problem.start, problem.goal, heuristic="differential",
                           max_memory=need - 1)  # fmt: skip
    assert r.status == "limit" and r.stats.limit == "max_memory" and r.cost is None
    r = searcher.find_path(problem.start, problem.goal, heuristic="differential", max_memory=need)
    assert r.solved

"""What a query answers (tansuo.grid.result): the Result contract, frozen, stats made once."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from tansuo.grid import (
    Grid,
    GridSearcher,
    GridStats,
    PathResult,
    bundled_map,
    bundled_scen,
    find_path,
)
from tansuo.result import RESULT_KEYS, STATS_KEYS, Result


def test_result_path_array_and_solution_agree():
    grid = Grid.from_text("....\n.##.\n....")
    r = find_path(grid, (0, 0), (3, 2))
    assert r.path.shape == (len(r.solution), 2)
    assert [tuple(row) for row in r.path.tolist()] == r.solution
    assert r.as_dict()["solution"] == [list(p) for p in r.solution]
    none = find_path(Grid.from_text(".#.\n.#."), (0, 0), (2, 0))
    assert none.status == "no_solution" and none.solution == [] and none.path.shape == (0, 2)


def test_path_result_follows_the_result_contract():
    r = find_path(Grid.from_text("....\n.##.\n...."), (0, 0), (3, 2), costs="10-14")
    assert isinstance(r, Result) and isinstance(r, PathResult)
    assert r.solved and r.status == "solved" and r.cost == 50.0
    assert isinstance(r.stats, GridStats)
    assert tuple(r.stats)[: len(STATS_KEYS)] == STATS_KEYS
    assert r.stats.path_cells == len(r.solution) == 6 and r.stats.limit is None
    row = r.as_dict()
    assert set(RESULT_KEYS) <= set(row)
    assert {"optimal", "algorithm", "move_rule", "cost_model", "heuristic"} <= set(row)
    assert row["move_rule"] == "8-no-corner-cutting" and row["cost_model"] == "10-14"
    assert set(row["stats"]) == {
        "expanded", "generated", "elapsed_s", "limit", "reopened", "max_frontier",
        "path_cells", "preprocess_s",
    }  # fmt: skip
    assert json.loads(json.dumps(row)) == row


def test_results_are_frozen_and_their_stats_are_made_once():
    r = find_path(Grid.from_text("...\n..."), (0, 0), (2, 1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.cost = 1.0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.stats.expanded = 0  # type: ignore[misc]
    assert r.stats is r.stats and r.solution is r.solution
    with pytest.raises(ValueError, match="read-only"):
        r.path[0, 0] = 5


def test_a_later_query_does_not_change_an_earlier_result():
    searcher = GridSearcher(bundled_map("arena2"))
    short, long = bundled_scen("arena2")[0], bundled_scen("arena2")[-1]
    first = searcher.find_path(short.start, short.goal)  # its stats not read yet
    expected = GridSearcher(bundled_map("arena2")).find_path(short.start, short.goal).stats
    later = searcher.find_path(long.start, long.goal)
    assert later.stats.expanded > expected.expanded
    for name in ("expanded", "generated", "reopened", "max_frontier", "path_cells"):
        assert first.stats[name] == expected[name], name


def test_preprocess_time_is_the_first_query_s_alone_and_apart():
    searcher = GridSearcher(bundled_map("maze512-1-0"))
    problem = bundled_scen("maze512-1-0")[-1]
    first = searcher.find_path(problem.start, problem.goal, algorithm="jps")
    second = searcher.find_path(problem.start, problem.goal, algorithm="jps")
    assert first.stats.preprocess_s is not None and first.stats.preprocess_s > 0
    assert second.stats.preprocess_s is None
    assert first.stats.expanded == second.stats.expanded and first.cost == second.cost
    # A* needs only the legal moves, which JPS built already
    assert searcher.find_path(problem.start, problem.goal).stats.preprocess_s is None


def test_a_result_can_be_made_from_its_statistics():
    stats = GridStats(expanded=3, generated=5, max_frontier=2, path_cells=2)
    path = np.array([[0, 0], [1, 0]])
    r = PathResult("solved", path, 1.0, "astar", "4", "uniform", "manhattan", True, stats)
    assert r.stats is stats and r.solution == [(0, 0), (1, 0)]
    assert r.as_dict()["stats"]["max_frontier"] == 2

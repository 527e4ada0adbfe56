"""The graph's results follow tansuo.result: frozen, typed statistics, one JSON shape."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from tansuo.graph import (
    Graph,
    GraphStats,
    ShortestPath,
    ShortestPaths,
    bundled_graph,
    parse_edge_list,
    shortest_path,
    shortest_paths,
)
from tansuo.result import RESULT_KEYS, STATS_KEYS, Result, Stats

CHAIN = "a b 1\nb c 2\nc d 3\nz\n"


def answers() -> list[ShortestPaths | ShortestPath]:
    """A solved, a proved-unsolvable and a budget-stopped answer of each kind."""
    g = parse_edge_list(CHAIN)
    return [
        shortest_paths(g, "a"),
        shortest_paths(g, "a", max_expansions=2),
        shortest_path(g, "a", "d"),
        shortest_path(g, "a", "z"),
        shortest_path(g, "a", "d", max_expansions=1),
    ]


@pytest.mark.parametrize("index", range(5))
def test_results_follow_the_contract(index):
    result = answers()[index]
    assert isinstance(result, Result)
    assert result.solved == (result.status == "solved")
    assert isinstance(result.stats, GraphStats) and isinstance(result.stats, Stats)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.status = "solved"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.stats.expanded = 0  # type: ignore[misc]
    data = json.loads(json.dumps(result.as_dict()))
    assert set(RESULT_KEYS) <= set(data) and {"distances", "paths"} <= set(data)
    assert tuple(data["stats"])[: len(STATS_KEYS)] == STATS_KEYS
    assert {"algorithm", "reached", "preprocess_s"} <= set(data["stats"])
    assert (data["stats"]["limit"] is not None) == (result.status == "limit")


def test_statuses_limits_and_counters():
    tree, stopped_tree, pair, unreachable, stopped_pair = answers()
    assert (tree.status, tree.stats.limit, tree.stats.reached) == ("solved", None, 4)
    assert (stopped_tree.status, stopped_tree.stats.limit) == ("limit", "max_expansions")
    assert stopped_tree.stats.expanded == 2 and stopped_tree.stats["reached"] == 2
    assert (pair.status, pair.solution, pair.cost) == ("solved", ["a", "b", "c", "d"], 6)
    assert pair.stats.reached is None  # a pair query does not count them
    assert (unreachable.status, unreachable.solution, unreachable.cost) == (
        "no_solution",
        None,
        None,
    )
    assert (stopped_pair.status, stopped_pair.stats.limit) == ("limit", "max_expansions")
    # later queries may derive more from the graph (the heuristic scale of A*)
    assert 0 < tree.stats.preprocess_s <= tree.graph.preprocess_seconds
    assert tree.stats.elapsed_s > 0 and tree.stats.expanded > 0


def test_single_source_arrays_are_read_only():
    tree = shortest_paths(bundled_graph("figure-7-3"), "S")
    for array in (tree.dist, tree.parent, tree.known):
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 1


def test_json_of_a_single_source_answer():
    tree = shortest_paths(parse_edge_list(CHAIN), "a", max_expansions=2)
    data = tree.as_dict()
    assert data["status"] == "limit" and data["source"] == "a"
    assert data["solution"] is None and data["cost"] is None
    # only the settled nodes are known after a spent budget
    assert data["distances"] == {"a": 0, "b": 1, "c": None, "d": None, "z": None}
    assert data["paths"] == {"a": ["a"], "b": ["a", "b"], "c": None, "d": None, "z": None}


def test_one_off_work_is_preprocessing_not_search_time():
    # the reversed arcs of a directed graph are built by the first bidirectional
    # search, outside its elapsed_s, and counted in preprocess_s from then on
    rng = np.random.default_rng(0)
    n = 50_000
    graph = Graph.from_arrays(
        n, rng.integers(0, n, 4 * n), rng.integers(0, n, 4 * n), directed=True
    )
    before = graph.preprocess_seconds
    first = shortest_path(graph, 0, 1, algorithm="bidirectional", max_expansions=0)
    assert graph.preprocess_seconds > before
    assert first.stats.preprocess_s == graph.preprocess_seconds
    assert first.stats.elapsed_s < graph.preprocess_seconds - before
    again = shortest_path(graph, 0, 1, algorithm="bidirectional", max_expansions=0)
    assert again.stats.preprocess_s == first.stats.preprocess_s

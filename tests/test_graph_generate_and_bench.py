"""Seeded generators, and the benchmark suites on small sizes (so that they do not rot)."""

from __future__ import annotations

import numpy as np
import pytest

from tansuo.bench import BenchContext
from tansuo.errors import InvalidInput
from tansuo.graph import shortest_paths
from tansuo.graph.generate import random_sparse, road_like


def test_generators_are_seeded_and_sane():
    a, b = road_like(2500, seed=5), road_like(2500, seed=5)
    assert np.array_equal(a.indices, b.indices) and np.array_equal(a.weights, b.weights)
    assert not np.array_equal(a.weights, road_like(2500, seed=6).weights)
    assert a.num_nodes == 2500 and not a.directed and a.coords.shape == (2500, 2)
    # a jittered grid with one diagonal per cell, 15% dropped: about 3 edges per node
    assert 2.3 < a.num_arcs / 2 / a.num_nodes < 2.8
    assert a.integer_weights and a.weights.min() >= 1
    # dropping edges leaves a few cut-off corners, not a shattered map
    tree = shortest_paths(a, 0)
    assert tree.stats["reached"] > 0.9 * a.num_nodes

    s = random_sparse(3000, seed=1)
    assert s.directed and s.integer_weights
    sources = np.repeat(np.arange(s.num_nodes), np.diff(s.indptr))
    pairs = sources * s.num_nodes + s.indices
    assert len(np.unique(pairs)) == s.num_arcs  # no parallel arcs
    assert not np.any(sources == s.indices)  # no loops


@pytest.mark.parametrize("bad", [0, -1, 1.5])
def test_generators_reject_bad_sizes(bad):
    with pytest.raises(InvalidInput):
        road_like(bad)
    with pytest.raises(InvalidInput):
        random_sparse(bad)


def test_every_graph_suite_runs_quick_and_every_run_is_checked():
    from tansuo.bench import select

    suites = select("graph")
    assert len(suites) == 7
    for bench_suite in suites:
        result = bench_suite.func(BenchContext(quick=True))
        names = [run.solver for run in result.runs]
        assert names[0].startswith("tansuo") and "networkx" in names, bench_suite.name
        for run in result.runs:
            # "yes": checked by something independent, and every instance solved
            assert run.check == "yes", (bench_suite.name, run.solver, result.notes)
            assert run.solved == len(run.times) > 0, (bench_suite.name, run.solver)
            assert run.clock == "cpu"
            if run.peer:
                assert result.reference_run(run) is not None
                assert result.ratio(run) is not None
        assert result.ratio_kind == "medians"


def test_bench_marks_unchecked_tansuo_runs_as_reference(monkeypatch):
    import tansuo.bench.graph as bench_graph

    # with no peer and a graph too large for the generic engine, nothing checks tansuo
    monkeypatch.setattr(bench_graph, "peer_available", lambda _name: False)
    monkeypatch.setattr(bench_graph, "ENGINE_CHECK_MAX_NODES", 10)
    result = bench_graph._run_family(BenchContext(quick=True), "test-road", "road", 400)
    assert [run.check for run in result.runs] == ["reference"]
    pairs = bench_graph.pairs_suite(BenchContext(quick=True))
    assert {run.check for run in pairs.runs} == {"reference"}


def test_bench_says_no_when_tansuo_and_a_peer_disagree(monkeypatch):
    import tansuo.bench.graph as bench_graph
    from tansuo.graph import ShortestPaths

    real = bench_graph.shortest_paths

    def off_by_one(*args, **kwargs) -> ShortestPaths:
        result = real(*args, **kwargs)
        if kwargs.get("algorithm") == "dijkstra":
            dist = result.dist.copy()
            dist[dist > 0] += 1
            return ShortestPaths(
                status=result.status,
                graph=result.graph,
                source=result.source,
                dist=dist,
                parent=result.parent.copy(),
                known=result.known.copy(),
                stats=result.stats,
            )
        return result

    monkeypatch.setattr(bench_graph, "shortest_paths", off_by_one)
    result = bench_graph._run_family(BenchContext(quick=True), "test-sparse", "sparse", 500)
    assert {run.solver: run.check for run in result.runs} == {
        "tansuo dijkstra": "NO",
        "scipy": "NO",
        "networkx": "NO",
    }

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


def test_graph_bench_suite_runs_and_verifies_peers():
    from tansuo.bench.graph import _run_family

    for family in ("road", "sparse"):
        result = _run_family(BenchContext(quick=True), f"test-{family}", family, 2000)
        names = [run.solver for run in result.runs]
        assert names[0] == "tansuo dijkstra" and "scipy" in names and "networkx" in names
        assert all(run.verified and run.solved == len(run.times) for run in result.runs)

"""The numba kernels against the generic engine of tansuo.search, networkx and scipy."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra as scipy_dijkstra

from tansuo.graph import Graph, shortest_path, shortest_paths, straight_line
from tansuo.search import GraphProblem, astar, dijkstra_distances


@st.composite
def random_graphs(draw, *, integer=True, with_coords=False):
    n = draw(st.integers(1, 25))
    directed = draw(st.booleans())
    weight = st.integers(0, 20) if integer else st.floats(0, 10, allow_nan=False)
    edges = draw(
        st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), weight),
            max_size=4 * n,
        )
    )
    coords = None
    if with_coords:
        xy = st.tuples(st.integers(0, 50), st.integers(0, 50))
        coords = {i: draw(xy) for i in range(n)}
    graph = Graph.from_edges(edges, directed=directed, nodes=range(n), coords=coords)
    return graph, edges, directed


def reference_distances(graph: Graph, source) -> dict:
    dist, _parent, _stats = dijkstra_distances(GraphProblem(graph.adjacency(), source))
    return dist


def assert_valid_path(graph: Graph, path: list, cost) -> None:
    total = 0
    for u, v in itertools.pairwise(path):
        nbrs = graph.neighbours(u)
        assert v in nbrs, f"{u} -> {v} is not an arc"
        total += nbrs[v]
    assert math.isclose(total, cost, rel_tol=1e-9, abs_tol=1e-9)


def check_tree_against_reference(graph: Graph, source) -> None:
    expected = reference_distances(graph, source)
    result = shortest_paths(graph, source, algorithm="dijkstra")
    assert result.status == "solved"
    for node in graph.labels():
        d = result.distance(node)
        if node not in expected:
            assert d is None and result.path(node) is None
        else:
            assert math.isclose(d, expected[node], rel_tol=1e-9, abs_tol=1e-9)
            path = result.path(node)
            assert path[0] == source and path[-1] == node
            assert_valid_path(graph, path, d)


@settings(max_examples=60, deadline=None)
@given(random_graphs(), st.data())
def test_dijkstra_kernel_matches_reference(case, data):
    graph, _edges, _directed = case
    source = data.draw(st.sampled_from(graph.labels()))
    check_tree_against_reference(graph, source)


@settings(max_examples=30, deadline=None)
@given(random_graphs(integer=False), st.data())
def test_dijkstra_kernel_matches_reference_with_float_weights(case, data):
    graph, _edges, _directed = case
    check_tree_against_reference(graph, data.draw(st.sampled_from(graph.labels())))


@settings(max_examples=60, deadline=None)
@given(random_graphs(with_coords=True), st.data())
def test_pair_methods_agree_with_reference(case, data):
    graph, _edges, _directed = case
    source = data.draw(st.sampled_from(graph.labels()))
    target = data.draw(st.sampled_from(graph.labels()))
    expected = reference_distances(graph, source).get(target)
    # the generic A* with the same heuristic is the reference for the A* kernel
    generic = astar(GraphProblem(graph.adjacency(), source, target), straight_line(graph, target))
    assert generic.cost == expected
    for algorithm in ("dijkstra", "astar", "bidirectional", "reference"):
        result = shortest_path(graph, source, target, algorithm=algorithm)
        if expected is None:
            assert result.status == "no_solution", algorithm
            assert result.solution is None and result.cost is None
        else:
            assert result.status == "solved", algorithm
            assert math.isclose(result.cost, expected, abs_tol=1e-9), algorithm
            assert result.solution[0] == source and result.solution[-1] == target
            assert_valid_path(graph, result.solution, result.cost)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_bfs_kernel_on_equal_weights(data):
    n = data.draw(st.integers(1, 25))
    weight = data.draw(st.sampled_from([1, 3]))
    pairs = data.draw(
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n)
    )
    graph = Graph.from_edges([(u, v, weight) for u, v in pairs], nodes=range(n))
    source = data.draw(st.integers(0, n - 1))
    target = data.draw(st.integers(0, n - 1))
    expected = reference_distances(graph, source)
    tree = shortest_paths(graph, source)  # auto picks BFS for equal weights
    assert tree.stats["algorithm"] == "bfs"
    assert {k: v for k, v in tree.distances().items() if v is not None} == expected
    pair = shortest_path(graph, source, target, algorithm="bfs")
    assert pair.cost == expected.get(target)
    if pair.solution is not None:
        assert_valid_path(graph, pair.solution, pair.cost)


def random_sparse(n: int, m: int, seed: int):
    rng = np.random.default_rng(seed)
    src = rng.integers(0, n, m)
    dst = rng.integers(0, n, m)
    w = rng.integers(1, 1000, m).astype(float)
    return src, dst, w


def test_distances_agree_with_networkx_and_scipy_exactly():
    n, m = 3000, 12000
    src, dst, w = random_sparse(n, m, 7)
    graph = Graph.from_arrays(n, src, dst, w, directed=True)
    ours = shortest_paths(graph, 0).dist
    # scipy sums duplicate entries: keep the least weight of parallel arcs first
    best = {}
    for u, v, x in zip(src.tolist(), dst.tolist(), w.tolist(), strict=True):
        if u != v:
            best[(u, v)] = min(x, best.get((u, v), x))
    rows, cols = zip(*best, strict=True)
    matrix = csr_matrix((list(best.values()), (rows, cols)), shape=(n, n))
    theirs = scipy_dijkstra(matrix, directed=True, indices=0)
    assert np.array_equal(ours, theirs)
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from((u, v, x) for (u, v), x in best.items())
    lengths = nx.single_source_dijkstra_path_length(g, 0)
    reached = np.isfinite(ours)
    assert set(np.flatnonzero(reached).tolist()) == set(lengths)
    assert all(ours[v] == d for v, d in lengths.items())


def test_astar_and_bidirectional_on_a_geometric_graph_match_dijkstra():
    rng = np.random.default_rng(3)
    n = 400
    xy = rng.random((n, 2)) * 100
    src = np.repeat(np.arange(n), 4)
    dst = rng.integers(0, n, 4 * n)
    length = np.hypot(*(xy[src] - xy[dst]).T)
    graph = Graph.from_arrays(n, src, dst, length * rng.uniform(1, 2, 4 * n), coords=xy)
    tree = shortest_paths(graph, 5)
    for target in rng.integers(0, n, 15).tolist():
        for algorithm in ("astar", "bidirectional", "dijkstra"):
            r = shortest_path(graph, 5, target, algorithm=algorithm)
            if np.isfinite(tree.dist[target]):
                assert math.isclose(r.cost, tree.dist[target], rel_tol=1e-12)
                assert_valid_path(graph, r.solution, r.cost)
            else:
                assert r.status == "no_solution"
        astar_work = shortest_path(graph, 5, target, algorithm="astar").stats["expanded"]
        assert astar_work <= shortest_path(graph, 5, target, algorithm="dijkstra").stats["expanded"]


def test_networkx_and_dict_constructors():
    g = nx.Graph()
    g.add_edge("x", "y", weight=2)
    g.add_edge("y", "z", weight=5)
    g.add_node("lonely")
    graph = Graph.from_networkx(g)
    r = shortest_paths(graph, "x")
    assert r.distances() == {"x": 0, "y": 2, "z": 7, "lonely": None}
    d = Graph.from_dict({"S": {"a": 4, "b": 1}, "b": {"a": 2}, "a": {"T": 5}})
    assert shortest_path(d, "S", "T").solution == ["S", "b", "a", "T"]
    assert shortest_path(d, "T", "S").status == "no_solution"  # directed


def test_budget_gives_limit_not_a_wrong_answer():
    src, dst, w = random_sparse(5000, 20000, 1)
    graph = Graph.from_arrays(5000, src, dst, w)
    r = shortest_paths(graph, 0, max_expansions=10)
    assert r.status == "limit" and r.stats["limit"] == "max_expansions"
    assert r.stats["expanded"] == 10 and int(r.known.sum()) == 10
    full = shortest_paths(graph, 0)
    assert np.array_equal(r.dist[r.known], full.dist[r.known])
    for algorithm in ("dijkstra", "bidirectional", "reference"):
        pair = shortest_path(graph, 0, 4999, algorithm=algorithm, max_expansions=3)
        assert pair.status == "limit", algorithm
    assert shortest_paths(graph, 0, algorithm="reference", max_expansions=5).status == "limit"


def test_ties_are_broken_the_same_way_every_time():
    # two equally short routes S-x-T and S-y-T: the first settled parent wins
    graph = Graph.from_edges([("S", "x", 1), ("S", "y", 1), ("x", "T", 1), ("y", "T", 1)])
    paths = {tuple(shortest_paths(graph, "S").path("T")) for _ in range(5)}
    assert paths == {("S", "x", "T")}


@pytest.mark.parametrize("algorithm", ["astar", "bogus"])
def test_single_source_rejects_pair_only_and_unknown_algorithms(algorithm):
    graph = Graph.from_edges([("a", "b", 1)])
    with pytest.raises(ValueError, match="algorithm"):
        shortest_paths(graph, "a", algorithm=algorithm)


@settings(max_examples=40, deadline=None)
@given(random_graphs(), st.data())
def test_packed_integer_kernel_equals_the_float_kernel_parents_included(case, data):
    graph, _edges, _directed = case
    assert graph.packed_weights() is not None
    as_float = Graph(
        graph.indptr, graph.indices, graph.weights, directed=graph.directed, integer_weights=False
    )
    assert as_float.packed_weights() is None
    source = data.draw(st.integers(0, graph.num_nodes - 1))
    packed = shortest_paths(graph, source, algorithm="dijkstra")
    plain = shortest_paths(as_float, source, algorithm="dijkstra")
    # same order of settling, so the same tie-breaking: identical trees
    assert np.array_equal(packed.dist, plain.dist)
    assert np.array_equal(packed.parent, plain.parent)
    assert packed.stats["expanded"] == plain.stats["expanded"]


def test_huge_integer_weights_fall_back_to_float_keys():
    graph = Graph.from_edges([("a", "b", 10**18), ("b", "c", 10**18)])
    assert graph.packed_weights() is None
    assert shortest_paths(graph, "a").distance("c") == 2 * 10**18

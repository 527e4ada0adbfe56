"""Reading graphs, bad input and the ``tansuo graph`` command's exit codes and JSON."""

from __future__ import annotations

import numpy as np
import pytest

from tansuo.errors import InvalidInput
from tansuo.graph import Graph, parse_dimacs, parse_edge_list, shortest_path, shortest_paths

DIMACS = """c a small road graph
c
p sp 4 5
a 1 2 10
a 2 3 10
a 1 3 25
a 3 4 5
a 4 1 1
"""

COORDS = """c coordinates
p aux sp co 4
v 1 0 0
v 2 10 0
v 3 20 0
v 4 25 0
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


# -- parsing -----------------------------------------------------------------------


def test_edge_list_comments_default_weight_isolated_nodes_and_direction():
    g = parse_edge_list("# header\nS a 2  # trailing comment\na b\n\nz\n")
    assert g.labels() == ["S", "a", "b", "z"]
    assert g.neighbours("b") == {"a": 1}
    assert shortest_paths(g, "S").distances() == {"S": 0, "a": 2, "b": 3, "z": None}
    d = parse_edge_list("S a 2\na b 1\n", directed=True)
    assert shortest_paths(d, "b").distances() == {"S": None, "a": None, "b": 0}


def test_float_weights_and_parallel_edges_use_the_cheapest():
    g = parse_edge_list("a b 2.5\na b 1.25\nb c 0.5\n")
    r = shortest_path(g, "a", "c")
    assert r.cost == pytest.approx(1.75)
    assert not g.integer_weights


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("S a 12\nS b -3\n", "line 2", "negative weight"),
        ("S a 12\n\nS b 3 4\n", "line 3", "expected 'u v weight'"),
        ("S a twelve\n", "line 1", "not a number"),
        ("S a nan\n", "line 1", "not finite"),
        ("S a inf\n", "line 1", "not finite"),
        ("# nothing but a comment\n", "", "no edges"),
        ("", "", "no edges"),
    ],
)
def test_edge_list_errors_say_where_and_what(text, where, what):
    with pytest.raises(InvalidInput) as info:
        parse_edge_list(text, source="g.txt")
    assert where in str(info.value) and what in str(info.value)


def test_dimacs_with_coordinates_and_astar():
    g = parse_dimacs(DIMACS, COORDS)
    assert g.directed and g.num_nodes == 4 and g.labels() == [1, 2, 3, 4]
    r = shortest_path(g, 1, 4)
    assert r.stats["algorithm"] == "astar"
    assert (r.cost, r.solution) == (25, [1, 2, 3, 4])
    assert shortest_path(g, "4", "3").solution == [4, 1, 2, 3]


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("a 1 2 3\n", "before the 'p sp' line"),
        ("p sp 2 1\na 1 3 4\n", "not in 1..2"),
        ("p sp 2 2\na 1 2 4\n", "header says 2 arcs"),
        ("p sp 2 1\na 1 2 -4\n", "negative weight"),
        ("p sp 2 1\nx 1 2\n", "unknown line type"),
        ("p sp 2 1\na 1 2\n", "expected 'a FROM TO WEIGHT'"),
        ("c only comments\n", "no 'p sp"),
        ("p sp two 1\n", "not an integer"),
        ("p sp 4 2\na 1 2\na 3 4 5 6\n", "expected 'a FROM TO WEIGHT'"),
        ("p sp 4 2\na 1 2 3\n\nb 1 2 3\n", "unknown line type"),
    ],
)
def test_dimacs_errors(text, what):
    with pytest.raises(InvalidInput, match=what):
        parse_dimacs(text)


def test_dimacs_fast_and_careful_readers_agree():
    # integer weights take the vectorised path, a float weight the line-by-line one
    fast = parse_dimacs(DIMACS)
    careful = parse_dimacs(DIMACS.replace("a 4 1 1", "a 4 1 1.0"))
    for graph in (fast, careful):
        assert shortest_paths(graph, 1).distances() == {1: 0, 2: 10, 3: 20, 4: 25}
    assert np.array_equal(fast.indices, careful.indices)
    assert np.array_equal(fast.weights, careful.weights)


def test_dimacs_coordinates_must_cover_every_node():
    with pytest.raises(InvalidInput, match="no coordinates"):
        parse_dimacs(DIMACS, "v 1 0 0\n")


def test_unknown_nodes_are_named():
    g = parse_edge_list("S a 1\n")
    with pytest.raises(InvalidInput, match="unknown node 'Q'"):
        shortest_paths(g, "Q")
    with pytest.raises(InvalidInput, match=r"numbered 1\.\.4"):
        shortest_paths(parse_dimacs(DIMACS), 9)


def test_from_arrays_rejects_bad_arrays():
    with pytest.raises(InvalidInput, match="negative"):
        Graph.from_arrays(2, np.array([0]), np.array([1]), np.array([-1.0]))
    with pytest.raises(InvalidInput, match="not a node"):
        Graph.from_arrays(2, np.array([0]), np.array([2]))
    with pytest.raises(InvalidInput, match="differ in length"):
        Graph.from_arrays(2, np.array([0, 1]), np.array([1]))


def test_bfs_refuses_unequal_weights():
    g = parse_edge_list("a b 1\nb c 2\n")
    with pytest.raises(InvalidInput, match="equal"):
        shortest_paths(g, "a", algorithm="bfs")


def test_graph_constructor_checks_the_csr_arrays():
    ok = Graph(np.array([0, 1, 1]), np.array([1]), np.array([2.0]), directed=True)
    assert shortest_paths(ok, 0).distances() == {0: 0, 1: 2}
    with pytest.raises(InvalidInput, match="outside"):
        Graph(np.array([0, 1, 1]), np.array([5]), np.array([2.0]), directed=True)
    with pytest.raises(InvalidInput, match="indptr ends"):
        Graph(np.array([0, 2, 2]), np.array([1]), np.array([2.0]), directed=True)
    with pytest.raises(InvalidInput, match="non-negative"):
        Graph(np.array([0, 1, 1]), np.array([1]), np.array([-2.0]), directed=True)


def test_read_graph_detects_formats_and_finds_coordinates(tmp_path):
    import gzip

    from tansuo.graph import parse_graph, read_graph

    edges = write(tmp_path, "chapter.txt", "S a 12\nS b 8\na b 1\n")
    assert read_graph(edges).labels() == ["S", "a", "b"]
    (tmp_path / "road.gr.gz").write_bytes(gzip.compress(DIMACS.encode()))
    (tmp_path / "road.co.gz").write_bytes(gzip.compress(COORDS.encode()))
    road = read_graph(tmp_path / "road.gr.gz")
    assert road.directed and road.coords is not None
    with pytest.raises(InvalidInput, match="line 1"):
        parse_graph(DIMACS, fmt="edges")  # 'c a small road graph' is no edge
    with pytest.raises(InvalidInput, match="no such file"):
        read_graph(tmp_path / "missing.gr")
    (tmp_path / "broken.gr.gz").write_bytes(b"not gzip at all")
    with pytest.raises(InvalidInput, match="cannot read"):
        read_graph(tmp_path / "broken.gr.gz")
    with pytest.raises(InvalidInput, match="unknown graph format"):
        parse_graph("S a 1", fmt="xml")

"""Weighted graphs and shortest paths: Dijkstra, A*, bidirectional Dijkstra, BFS.

Read a graph (:func:`read_graph`, :func:`parse_edge_list`, :func:`parse_dimacs`,
:meth:`Graph.from_dict`, :meth:`Graph.from_networkx`, :meth:`Graph.from_arrays`),
then ask :func:`shortest_paths` (every node from one source) or
:func:`shortest_path` (one pair). The searches run numba kernels over the
graph's CSR arrays; ``method="reference"`` runs the generic engine of
:mod:`tansuo.search` instead.

Example
-------
>>> from tansuo.graph import parse_edge_list, shortest_paths
>>> g = parse_edge_list("S a 12\\nS b 8\\nS c 6\\na b 1\\nb c 9\\na e 8")
>>> shortest_paths(g, "S").path("e")
['S', 'b', 'a', 'e']
"""

from tansuo.graph.heuristics import straight_line, straight_line_scale
from tansuo.graph.io import parse_graph, read_graph, read_text_file
from tansuo.graph.model import (
    Graph,
    looks_like_dimacs,
    parse_dimacs,
    parse_dimacs_coordinates,
    parse_edge_list,
)
from tansuo.graph.render import format_path, listing_lines, pair_line, path_line
from tansuo.graph.samples import load_sample, sample_names
from tansuo.graph.solve import (
    PAIR_METHODS,
    SINGLE_SOURCE_METHODS,
    ShortestPath,
    ShortestPaths,
    shortest_path,
    shortest_paths,
)

__all__ = [
    "PAIR_METHODS",
    "SINGLE_SOURCE_METHODS",
    "Graph",
    "ShortestPath",
    "ShortestPaths",
    "format_path",
    "listing_lines",
    "load_sample",
    "looks_like_dimacs",
    "pair_line",
    "parse_dimacs",
    "parse_dimacs_coordinates",
    "parse_edge_list",
    "parse_graph",
    "path_line",
    "read_graph",
    "read_text_file",
    "sample_names",
    "shortest_path",
    "shortest_paths",
    "straight_line",
    "straight_line_scale",
]

"""Weighted graphs and shortest paths: Dijkstra, A*, bidirectional Dijkstra, BFS.

Read a graph (:func:`read_graph`, :func:`parse_edge_list`, :func:`parse_dimacs`,
:func:`bundled_graph`, :meth:`Graph.from_dict`, :meth:`Graph.from_networkx`,
:meth:`Graph.from_arrays`), then ask :func:`shortest_paths` (every node from
one source) or :func:`shortest_path` (one pair). The searches run numba
kernels over the graph's CSR arrays; ``algorithm="reference"`` runs the
generic engine of :mod:`tansuo.search` instead.

Examples
--------
>>> from tansuo.graph import parse_edge_list, shortest_paths
>>> g = parse_edge_list("S a 12\\nS b 8\\nS c 6\\na b 1\\nb c 9\\na e 8")
>>> shortest_paths(g, "S").path("e")
['S', 'b', 'a', 'e']
"""

from tansuo.graph.heuristics import straight_line, straight_line_scale
from tansuo.graph.io import (
    FORMATS,
    bundled_graph,
    bundled_graph_names,
    looks_like_dimacs,
    parse_dimacs,
    parse_dimacs_coordinates,
    parse_edge_list,
    parse_graph,
    read_graph,
)
from tansuo.graph.model import Graph
from tansuo.graph.render import format_path, limit_line, listing_lines, pair_line, path_line
from tansuo.graph.result import GraphStats, ShortestPath, ShortestPaths
from tansuo.graph.solve import (
    ALGORITHMS,
    PAIR_ALGORITHMS,
    SINGLE_SOURCE_ALGORITHMS,
    shortest_path,
    shortest_paths,
    warm_up,
)

__all__ = [
    "ALGORITHMS",
    "FORMATS",
    "PAIR_ALGORITHMS",
    "SINGLE_SOURCE_ALGORITHMS",
    "Graph",
    "GraphStats",
    "ShortestPath",
    "ShortestPaths",
    "bundled_graph",
    "bundled_graph_names",
    "format_path",
    "limit_line",
    "listing_lines",
    "looks_like_dimacs",
    "pair_line",
    "parse_dimacs",
    "parse_dimacs_coordinates",
    "parse_edge_list",
    "parse_graph",
    "path_line",
    "read_graph",
    "shortest_path",
    "shortest_paths",
    "straight_line",
    "straight_line_scale",
    "warm_up",
]

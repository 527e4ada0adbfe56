"""What the shortest-path searches return: :class:`ShortestPaths`, :class:`ShortestPath`.

Both follow :class:`tansuo.result.Result` (``status``, ``solution``, ``cost``,
``stats``, ``solved``, ``as_dict()``), are frozen, and carry a
:class:`GraphStats`. Their JSON form (DESIGN.md) adds ``distances`` ``{node:
number or null}`` and ``paths`` ``{node: [nodes] or null}``.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np

from tansuo.graph.model import Graph
from tansuo.result import ResultMixin, Stats, Status, jsonable


@dataclass(frozen=True, slots=True, kw_only=True)
class GraphStats(Stats):
    """The counters of one shortest-path search.

    Attributes
    ----------
    expanded : int
        Nodes settled (final distance known); the unit of ``max_expansions``.
        The bidirectional search counts the settlings of both sides.
    generated : int
        Arcs relaxed (every arc out of every settled node).
    elapsed_s : float
        Seconds of the search itself.
    limit : str or None
        ``"time_limit"`` or ``"max_expansions"`` when that budget stopped the search.
    algorithm : str
        The algorithm that ran (``"auto"`` resolved to the one it chose).
    reached : int or None
        Single-source searches: nodes whose distance is final and finite
        (the source included). None for a pair query.
    preprocess_s : float
        One-off work on the graph, not in ``elapsed_s``: building the CSR
        arrays and whatever the searches derived from them once (reversed
        arcs, packed weights, the heuristic's scale); see
        :attr:`Graph.preprocess_seconds`.

    Examples
    --------
    >>> from tansuo.graph import parse_edge_list, shortest_path
    >>> stats = shortest_path(parse_edge_list("S a 1\\na b 2\\nb T 1\\n"), "S", "T").stats
    >>> stats.expanded, stats.generated, stats.algorithm
    (3, 5, 'dijkstra')
    """

    algorithm: str = "dijkstra"
    reached: int | None = None
    preprocess_s: float = 0.0


def _frozen(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


@dataclass(frozen=True, slots=True, eq=False, kw_only=True)
class ShortestPaths(ResultMixin):
    """Single-source shortest paths: every node's distance and parent.

    Attributes
    ----------
    status : {"solved", "limit"}
        ``"solved"``: every node reachable from the source has its final
        distance (the others are unreachable). ``"limit"``: a budget ran out;
        only the nodes in ``known`` are final.
    graph : Graph
    source : int
        Node number of the source (``graph.label(source)`` is its label).
    dist : float array
        Distance per node number, ``inf`` where unreachable (or not yet known).
    parent : int array
        Previous node on the path, -1 for the source and unreached nodes.
    known : bool array
        Whether ``dist`` is final.
    stats : GraphStats

    The arrays are read-only: the result never changes after it is returned.
    A single-source answer is :meth:`distances` and :meth:`paths`, so
    ``solution`` and ``cost`` are None.

    Examples
    --------
    >>> from tansuo.graph import parse_edge_list, shortest_paths
    >>> tree = shortest_paths(parse_edge_list("S a 1\\na b 2\\nb T 1\\n"), "S")
    >>> tree.distances(), tree.path("T")
    ({'S': 0, 'a': 1, 'b': 3, 'T': 4}, ['S', 'a', 'b', 'T'])
    """

    status: Status
    graph: Graph
    source: int
    dist: np.ndarray
    parent: np.ndarray
    known: np.ndarray
    stats: GraphStats

    def __post_init__(self) -> None:
        for array in (self.dist, self.parent, self.known):
            _frozen(array)

    @property
    def solution(self) -> None:
        """None: a single-source answer is :meth:`distances` and :meth:`paths`."""
        return None

    @property
    def cost(self) -> None:
        """None: there is one distance per node (:meth:`distance`)."""
        return None

    def distance(self, node: Hashable) -> float | int | None:
        """Distance from the source to ``node``; None when unreachable (or unknown)."""
        v = self.graph.index(node)
        if not self.known[v] or not np.isfinite(self.dist[v]):
            return None
        return self.graph.weight_value(float(self.dist[v]))

    def path(self, node: Hashable) -> list[Hashable] | None:
        """Labels from the source to ``node``, both included; None when unreachable."""
        v = self.graph.index(node)
        if not self.known[v] or not np.isfinite(self.dist[v]):
            return None
        return [self.graph.label(u) for u in walk_back(self.parent, v)]

    def reachable(self, node: Hashable) -> bool:
        """Whether ``node`` has a (final) distance from the source."""
        return self.distance(node) is not None

    def distances(self) -> dict[Hashable, float | int | None]:
        """``{node: distance or None}`` for every node, in node order."""
        graph = self.graph
        final = self.known & np.isfinite(self.dist)
        return {
            graph.label(v): graph.weight_value(float(self.dist[v])) if final[v] else None
            for v in range(graph.num_nodes)
        }

    def paths(self) -> dict[Hashable, list[Hashable] | None]:
        """``{node: path or None}`` for every node, in node order."""
        graph = self.graph
        final = self.known & np.isfinite(self.dist)
        by_number: dict[int, list[Hashable]] = {}

        def path_of(v: int) -> list[Hashable]:
            # walk up to the nearest node whose path is known, then share its prefix
            chain = []
            while v >= 0 and v not in by_number:
                chain.append(v)
                v = int(self.parent[v])
            prefix = by_number[v] if v >= 0 else []
            for u in reversed(chain):
                prefix = [*prefix, graph.label(u)]
                by_number[u] = prefix
            return prefix

        return {graph.label(v): path_of(v) if final[v] else None for v in range(graph.num_nodes)}

    def as_dict(self) -> dict[str, Any]:
        """The JSON form of DESIGN.md: status, source, distances, paths, stats."""
        return {
            "status": self.status,
            "source": jsonable(self.graph.label(self.source)),
            "solution": None,
            "cost": None,
            "distances": jsonable(self.distances()),
            "paths": jsonable(self.paths()),
            "stats": self.stats.as_dict(),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class ShortestPath(ResultMixin):
    """One shortest path between two nodes.

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
        ``"no_solution"`` is a proof: the target is not reachable.
    source, target : labels
    solution : list of labels or None
        The path, source and target included.
    cost : number or None
    stats : GraphStats

    Examples
    --------
    >>> from tansuo.graph import parse_edge_list, shortest_path
    >>> result = shortest_path(parse_edge_list("S a 1\\na b 2\\nb T 1\\n"), "S", "T")
    >>> result.status, result.solution, result.cost
    ('solved', ['S', 'a', 'b', 'T'], 4)
    """

    status: Status
    source: Hashable
    target: Hashable
    solution: list[Hashable] | None
    cost: float | int | None
    stats: GraphStats

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: status, solution, cost, and distances/paths of the target."""
        return {
            "status": self.status,
            "source": jsonable(self.source),
            "target": jsonable(self.target),
            "solution": jsonable(self.solution),
            "cost": self.cost,
            "distances": jsonable({self.target: self.cost}),
            "paths": jsonable({self.target: self.solution}),
            "stats": self.stats.as_dict(),
        }


def walk_back(parent: np.ndarray, v: int) -> list[int]:
    """Node numbers from the root of ``parent``'s tree down to ``v``."""
    nodes = [v]
    while parent[nodes[-1]] >= 0:
        nodes.append(int(parent[nodes[-1]]))
    nodes.reverse()
    return nodes

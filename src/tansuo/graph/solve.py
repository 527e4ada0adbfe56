"""Shortest paths on a :class:`~tansuo.graph.model.Graph`: the public entry points.

:func:`shortest_paths` answers single-source questions (every node's distance
and path, the chapter's "shortest path listing"); :func:`shortest_path` answers
one pair. Both run a numba kernel over the graph's CSR arrays by default and
can run the pure-Python reference of :mod:`tansuo.search` instead
(``method="reference"``), which is what the tests compare the kernels with.

Ties are broken the same way every run: the heap orders equal keys by node
number (input order for edge lists), and a node's parent only changes on a
strictly shorter path, so among equally short paths a node keeps the parent
that was settled first.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.graph import _kernels
from tansuo.graph.heuristics import straight_line, straight_line_scale
from tansuo.graph.model import Graph

Status = Literal["solved", "no_solution", "limit"]
Method = Literal["auto", "dijkstra", "astar", "bidirectional", "bfs", "reference"]

SINGLE_SOURCE_METHODS = ("auto", "dijkstra", "bfs", "reference")
PAIR_METHODS = ("auto", "dijkstra", "astar", "bidirectional", "bfs", "reference")

_CHUNK = 1 << 16
"""Expansions per kernel call: the granularity at which the time budget is checked."""


@dataclass(frozen=True, slots=True, eq=False)
class ShortestPaths:
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
    method : str
    stats : dict
        ``expanded``, ``generated``, ``reached``, ``elapsed_s``, ``build_s`` and,
        after a limit, ``limit``.
    """

    status: Status
    graph: Graph
    source: int
    dist: np.ndarray
    parent: np.ndarray
    known: np.ndarray
    method: str
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def solution(self) -> None:
        """None: a single-source answer is :meth:`distances` and :meth:`paths`."""
        return None

    @property
    def cost(self) -> None:
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
        return [self.graph.label(u) for u in _walk_back(self.parent, v)]

    def reachable(self, node: Hashable) -> bool:
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
            "source": self.graph.label(self.source),
            "solution": None,
            "cost": None,
            "distances": self.distances(),
            "paths": self.paths(),
            "stats": dict(self.stats),
        }


@dataclass(frozen=True, slots=True)
class ShortestPath:
    """One shortest path between two nodes.

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
        ``"no_solution"`` is a proof: the target is not reachable.
    source, target : labels
    solution : list of labels or None
        The path, source and target included.
    cost : number or None
    method : str
    stats : dict
    """

    status: Status
    source: Hashable
    target: Hashable
    solution: list[Hashable] | None
    cost: float | int | None
    method: str
    stats: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: status, solution, cost, and distances/paths of the target."""
        return {
            "status": self.status,
            "source": self.source,
            "target": self.target,
            "solution": self.solution,
            "cost": self.cost,
            "distances": {self.target: self.cost},
            "paths": {self.target: self.solution},
            "stats": dict(self.stats),
        }


def _walk_back(parent: np.ndarray, v: int) -> list[int]:
    nodes = [v]
    while parent[nodes[-1]] >= 0:
        nodes.append(int(parent[nodes[-1]]))
    nodes.reverse()
    return nodes


def _check_budget(max_expansions: int | None, time_limit: float | None) -> None:
    if max_expansions is not None and max_expansions < 0:
        raise InvalidInput(f"max_expansions must be >= 0, got {max_expansions}")
    if time_limit is not None and not time_limit >= 0:
        raise InvalidInput(f"time_limit must be >= 0, got {time_limit}")


def _drive(
    run_chunk: Callable[[int], int],
    expanded: Callable[[], int],
    max_expansions: int | None,
    time_limit: float | None,
    started: float,
) -> str | None:
    """Call a resumable kernel in chunks until it finishes or a budget runs out.

    Returns the name of the spent budget, or None when the kernel finished.
    """
    deadline = None if time_limit is None else started + time_limit
    while True:
        chunk = _CHUNK
        if max_expansions is not None:
            chunk = min(chunk, max_expansions - expanded())
            if chunk <= 0:
                return "max_expansions"
        if run_chunk(chunk):
            return None
        if deadline is not None and time.perf_counter() >= deadline:
            return "time_limit"


def _uniform_or_fail(graph: Graph, method: str) -> float:
    weight = graph.uniform_weight()
    if weight is None:
        raise InvalidInput(
            f"method {method!r} counts arcs, which gives shortest paths only when all "
            "weights are equal; this graph has different weights (use dijkstra)"
        )
    return weight


def shortest_paths(
    graph: Graph,
    source: Hashable,
    *,
    method: Method = "auto",
    max_expansions: int | None = None,
    time_limit: float | None = None,
) -> ShortestPaths:
    """Distances and shortest paths from ``source`` to every node.

    Parameters
    ----------
    graph : Graph
    source : node label
    method : {"auto", "dijkstra", "bfs", "reference"}
        ``"auto"`` is breadth-first search when every weight is the same and
        the Dijkstra kernel otherwise; ``"reference"`` is the pure-Python
        :func:`tansuo.search.dijkstra_distances`.
    max_expansions, time_limit : optional budgets (keyword-only)
        When one runs out, ``status`` is ``"limit"`` and ``known`` marks the
        nodes whose distance is final.

    Returns
    -------
    ShortestPaths

    Raises
    ------
    InvalidInput
        Unknown source, unknown method, or ``bfs`` on a graph with unequal weights.

    Example
    -------
    >>> from tansuo.graph import parse_edge_list, shortest_paths
    >>> g = parse_edge_list("S a 12\\nS b 8\\nS c 6\\na b 1\\nb c 9\\na e 8")
    >>> r = shortest_paths(g, "S")
    >>> r.distance("e"), r.path("e")
    (17, ['S', 'b', 'a', 'e'])
    """
    _check_budget(max_expansions, time_limit)
    if method not in SINGLE_SOURCE_METHODS:
        hint = " (it needs a target: use shortest_path)" if method in PAIR_METHODS else ""
        raise InvalidInput(
            f"unknown single-source method {method!r}{hint}; "
            f"choose one of {', '.join(SINGLE_SOURCE_METHODS)}"
        )
    s = graph.index(source)
    if method == "auto":
        method = "bfs" if graph.uniform_weight() is not None else "dijkstra"
    started = time.perf_counter()
    if method == "reference":
        return _reference_tree(graph, s, max_expansions, time_limit, started)
    if method == "bfs":
        weight = _uniform_or_fail(graph, "bfs")
        hops, parent, counters, limit = _bfs(graph, s, -1, max_expansions, time_limit, started)
        known = hops >= 0
        dist = np.where(known, hops * weight, np.inf)
        expanded, generated = int(counters[2]), int(counters[3])
    else:
        dist, parent, settled, counters, limit = _best_first(
            graph, s, -1, 0.0, max_expansions, time_limit, started
        )
        known = settled
        expanded, generated = int(counters[1]), int(counters[2])
    if limit is None:
        known = np.ones(graph.num_nodes, dtype=bool)
    stats = {
        "expanded": expanded,
        "generated": generated,
        "reached": int(np.count_nonzero(known & np.isfinite(dist))),
        "elapsed_s": time.perf_counter() - started,
        "build_s": graph.build_seconds,
        "method": method,
    }
    if limit is not None:
        stats["limit"] = limit
    return ShortestPaths(
        "solved" if limit is None else "limit", graph, s, dist, parent, known, method, stats
    )


def _best_first(
    graph: Graph,
    s: int,
    t: int,
    heuristic_scale: float,
    max_expansions: int | None,
    time_limit: float | None,
    started: float,
):
    packed = graph.packed_weights() if heuristic_scale == 0.0 else None
    if packed is not None:
        return _packed_dijkstra(graph, s, t, packed, max_expansions, time_limit, started)
    n = graph.num_nodes
    dist = np.full(n, np.inf)
    parent = np.full(n, -1, dtype=np.int32)
    settled = np.zeros(n, dtype=np.bool_)
    # lazy deletion pushes at most once per improving arc, plus the source
    heap_key = np.empty(graph.num_arcs + 1, dtype=np.float64)
    heap_node = np.empty(graph.num_arcs + 1, dtype=np.int32)
    counters = np.zeros(3, dtype=np.int64)
    dist[s] = 0.0
    heap_key[0] = 0.0
    heap_node[0] = s
    counters[0] = 1
    coords = graph.coords if graph.coords is not None else np.zeros((1, 2))

    def run_chunk(steps: int) -> int:
        return _kernels.best_first_run(
            graph.indptr,
            graph.indices,
            graph.weights,
            coords,
            heuristic_scale,
            t,
            dist,
            parent,
            settled,
            heap_key,
            heap_node,
            counters,
            steps,
        )

    limit = _drive(run_chunk, lambda: int(counters[1]), max_expansions, time_limit, started)
    return dist, parent, settled, counters, limit


def _packed_dijkstra(graph, s, t, packed, max_expansions, time_limit, started):
    """Dijkstra on integer weights with one-int64 heap entries (same answers, faster)."""
    int_weights, bits = packed
    n = graph.num_nodes
    unreached = np.iinfo(np.int64).max
    dist = np.full(n, unreached, dtype=np.int64)
    parent = np.full(n, -1, dtype=np.int32)
    settled = np.zeros(n, dtype=np.bool_)
    heap = np.empty(graph.num_arcs + 1, dtype=np.int64)
    counters = np.array([1, 0, 0], dtype=np.int64)
    dist[s] = 0
    heap[0] = s  # distance 0, node s

    def run_chunk(steps: int) -> int:
        return _kernels.dijkstra_packed_run(
            graph.indptr,
            graph.indices,
            int_weights,
            bits,
            t,
            dist,
            parent,
            settled,
            heap,
            counters,
            steps,
        )

    limit = _drive(run_chunk, lambda: int(counters[1]), max_expansions, time_limit, started)
    as_float = dist.astype(np.float64)
    as_float[dist == unreached] = np.inf
    return as_float, parent, settled, counters, limit


def _bfs(graph, s, t, max_expansions, time_limit, started):
    n = graph.num_nodes
    hops = np.full(n, -1, dtype=np.int64)
    parent = np.full(n, -1, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    counters = np.zeros(4, dtype=np.int64)
    hops[s] = 0
    queue[0] = s
    counters[1] = 1

    def run_chunk(steps: int) -> int:
        return _kernels.bfs_run(
            graph.indptr, graph.indices, t, hops, parent, queue, counters, steps
        )

    limit = _drive(run_chunk, lambda: int(counters[2]), max_expansions, time_limit, started)
    return hops, parent, counters, limit


def _reference_tree(graph, s, max_expansions, time_limit, started) -> ShortestPaths:
    from tansuo.search import GraphProblem, dijkstra_distances

    problem = GraphProblem(graph.adjacency(), graph.label(s))
    dist_by_label, parent_by_label, search_stats = dijkstra_distances(
        problem, max_expansions=max_expansions, time_limit=time_limit
    )
    n = graph.num_nodes
    dist = np.full(n, np.inf)
    parent = np.full(n, -1, dtype=np.int32)
    for label, d in dist_by_label.items():
        v = graph.index(label)
        dist[v] = d
        p = parent_by_label[label]
        parent[v] = -1 if p is None else graph.index(p)
    limit = search_stats.limit
    known = np.isfinite(dist) if limit is not None else np.ones(n, dtype=bool)
    stats = {
        "expanded": search_stats.expanded,
        "generated": search_stats.generated,
        "reached": len(dist_by_label),
        "elapsed_s": time.perf_counter() - started,
        "build_s": graph.build_seconds,
        "method": "reference",
    }
    if limit is not None:
        stats["limit"] = limit
    status: Status = "solved" if limit is None else "limit"
    return ShortestPaths(status, graph, s, dist, parent, known, "reference", stats)


def shortest_path(
    graph: Graph,
    source: Hashable,
    target: Hashable,
    *,
    method: Method = "auto",
    max_expansions: int | None = None,
    time_limit: float | None = None,
) -> ShortestPath:
    """One shortest path from ``source`` to ``target``.

    Parameters
    ----------
    graph : Graph
    source, target : node labels
    method : {"auto", "dijkstra", "astar", "bidirectional", "bfs", "reference"}
        ``"auto"``: BFS when all weights are equal, A* with the straight-line
        heuristic when the graph has coordinates, else Dijkstra stopping at the
        target. ``"reference"`` is :func:`tansuo.search.astar` (with the same
        heuristic, zero without coordinates).
    max_expansions, time_limit : optional budgets (keyword-only)

    Returns
    -------
    ShortestPath
        ``status`` is ``"no_solution"`` when the target cannot be reached.

    Raises
    ------
    InvalidInput
        Unknown node or method, ``bfs`` on unequal weights, ``astar`` without
        coordinates.

    Example
    -------
    >>> from tansuo.graph import parse_edge_list, shortest_path
    >>> g = parse_edge_list("S a 12\\nS b 8\\nS c 6\\na b 1\\nb c 9\\na e 8")
    >>> r = shortest_path(g, "S", "e", method="bidirectional")
    >>> r.cost, r.solution
    (17, ['S', 'b', 'a', 'e'])
    """
    _check_budget(max_expansions, time_limit)
    if method not in PAIR_METHODS:
        raise InvalidInput(f"unknown method {method!r}; choose one of {', '.join(PAIR_METHODS)}")
    s = graph.index(source)
    t = graph.index(target)
    scale = straight_line_scale(graph) if method in ("auto", "astar") else 0.0
    if method == "auto":
        if graph.uniform_weight() is not None:
            method = "bfs"
        else:
            method = "astar" if scale > 0 else "dijkstra"
    if method == "astar" and graph.coords is None:
        raise InvalidInput("method 'astar' needs node coordinates (a .co file or pos attributes)")
    started = time.perf_counter()
    src_label, dst_label = graph.label(s), graph.label(t)
    if method == "reference":
        return _reference_pair(graph, src_label, dst_label, max_expansions, time_limit, started)
    if method == "bfs":
        weight = _uniform_or_fail(graph, "bfs")
        hops, parent, counters, limit = _bfs(graph, s, t, max_expansions, time_limit, started)
        expanded, generated = int(counters[2]), int(counters[3])
        nodes = _walk_back(parent, t) if hops[t] >= 0 else None
        cost = None if nodes is None else float(hops[t]) * weight
    elif method == "bidirectional":
        nodes, cost, expanded, generated, limit = _bidirectional(
            graph, s, t, max_expansions, time_limit, started
        )
    else:
        dist, parent, settled, counters, limit = _best_first(
            graph, s, t, scale if method == "astar" else 0.0, max_expansions, time_limit, started
        )
        expanded, generated = int(counters[1]), int(counters[2])
        nodes = _walk_back(parent, t) if settled[t] else None
        cost = float(dist[t]) if settled[t] else None
    stats = {
        "expanded": expanded,
        "generated": generated,
        "elapsed_s": time.perf_counter() - started,
        "build_s": graph.build_seconds,
        "method": method,
    }
    if nodes is not None:
        status: Status = "solved"
    elif limit is not None:
        status = "limit"
        stats["limit"] = limit
    else:
        status = "no_solution"
    return ShortestPath(
        status,
        src_label,
        dst_label,
        None if nodes is None else [graph.label(u) for u in nodes],
        None if cost is None else graph.weight_value(cost),
        method,
        stats,
    )


def _bidirectional(graph, s, t, max_expansions, time_limit, started):
    if s == t:
        return [s], 0.0, 0, 0, None
    n = graph.num_nodes
    rev_indptr, rev_indices, rev_weights = graph.reverse_csr()
    dist_f = np.full(n, np.inf)
    dist_b = np.full(n, np.inf)
    parent_f = np.full(n, -1, dtype=np.int32)
    parent_b = np.full(n, -1, dtype=np.int32)
    settled_f = np.zeros(n, dtype=np.bool_)
    settled_b = np.zeros(n, dtype=np.bool_)
    heap_key_f = np.empty(graph.num_arcs + 1)
    heap_node_f = np.empty(graph.num_arcs + 1, dtype=np.int32)
    heap_key_b = np.empty(graph.num_arcs + 1)
    heap_node_b = np.empty(graph.num_arcs + 1, dtype=np.int32)
    dist_f[s] = dist_b[t] = 0.0
    heap_key_f[0] = heap_key_b[0] = 0.0
    heap_node_f[0] = s
    heap_node_b[0] = t
    counters = np.array([1, 1, 0, 0, -1, -1], dtype=np.int64)
    best = np.array([np.inf])

    def run_chunk(steps: int) -> int:
        return _kernels.bidirectional_run(
            graph.indptr,
            graph.indices,
            graph.weights,
            rev_indptr,
            rev_indices,
            rev_weights,
            dist_f,
            dist_b,
            parent_f,
            parent_b,
            settled_f,
            settled_b,
            heap_key_f,
            heap_node_f,
            heap_key_b,
            heap_node_b,
            counters,
            best,
            steps,
        )

    limit = _drive(run_chunk, lambda: int(counters[2]), max_expansions, time_limit, started)
    expanded, generated = int(counters[2]), int(counters[3])
    if limit is not None or not np.isfinite(best[0]):
        return None, None, expanded, generated, limit
    meet_u, meet_v = int(counters[4]), int(counters[5])
    nodes = _walk_back(parent_f, meet_u)
    v = meet_v if meet_v != meet_u else int(parent_b[meet_u])  # a self-loop adds nothing
    while v >= 0:
        nodes.append(v)
        v = int(parent_b[v])
    return nodes, float(best[0]), expanded, generated, None


def _reference_pair(graph, source, target, max_expansions, time_limit, started) -> ShortestPath:
    from tansuo.search import GraphProblem, astar

    problem = GraphProblem(graph.adjacency(), source, target)
    result = astar(
        problem,
        straight_line(graph, target),
        max_expansions=max_expansions,
        time_limit=time_limit,
    )
    stats = {
        "expanded": result.stats.expanded,
        "generated": result.stats.generated,
        "elapsed_s": time.perf_counter() - started,
        "build_s": graph.build_seconds,
        "method": "reference",
    }
    if result.stats.limit is not None:
        stats["limit"] = result.stats.limit
    cost = None if result.cost is None else graph.weight_value(float(result.cost))
    return ShortestPath(
        result.status,
        source,
        target,
        list(result.path) if result.solved else None,
        cost,
        "reference",
        stats,
    )

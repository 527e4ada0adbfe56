"""Shortest paths on a :class:`~tansuo.graph.model.Graph`: the public entry points.

:func:`shortest_paths` answers single-source questions (every node's distance
and path, the chapter's "shortest path listing"); :func:`shortest_path` answers
one pair. Both run a numba kernel over the graph's CSR arrays by default and
can run the pure-Python reference of :mod:`tansuo.search` instead
(``algorithm="reference"``), which is what the tests compare the kernels with.

Budgets are the keywords of :mod:`tansuo.budget`: ``time_limit`` (seconds)
and ``max_expansions`` (nodes settled, i.e. whose distance became final). The
kernels run :data:`CHUNK` expansions between two looks at the clock. One-off
work on the graph (the CSR arrays, and what a search derives from them once:
the reversed arcs, packed weights, the heuristic's scale) is done before the
clock starts and reported apart, as ``stats.preprocess_s``.

Ties are broken the same way every run: the heap orders equal keys by node
number (input order for edge lists), and a node's parent only changes on a
strictly shorter path, so among equally short paths a node keeps the parent
that was settled first.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Literal, NamedTuple

import numpy as np

from tansuo.budget import Budget, Meter, run_chunked
from tansuo.errors import InvalidInput
from tansuo.graph import _kernels
from tansuo.graph._kernels import EXPANDED, FOUND, GENERATED, RUNNING
from tansuo.graph.heuristics import straight_line, straight_line_scale
from tansuo.graph.model import Graph
from tansuo.graph.result import GraphStats, ShortestPath, ShortestPaths, walk_back
from tansuo.result import LIMIT, SOLVED, status_of

Algorithm = Literal["auto", "dijkstra", "astar", "bidirectional", "bfs", "reference"]

ALGORITHMS: tuple[Algorithm, ...] = (
    "auto",
    "dijkstra",
    "astar",
    "bidirectional",
    "bfs",
    "reference",
)
"""Every algorithm name; a pair query (:func:`shortest_path`) takes them all."""
PAIR_ALGORITHMS = ALGORITHMS
"""What :func:`shortest_path` takes (a single pair): every algorithm."""
SINGLE_SOURCE_ALGORITHMS: tuple[Algorithm, ...] = ("auto", "dijkstra", "bfs", "reference")
"""What :func:`shortest_paths` takes (A* and bidirectional search need a target)."""

CHUNK = 1 << 14
"""Expansions between two looks at the clock: about 20 ms on a random million-node
digraph, where settling a node is slowest (a cache miss per arc), 5 ms on a road
graph; the calls between chunks cost microseconds."""

_UNLIMITED = Budget()
_UNREACHED = np.iinfo(np.int64).max
"""The packed kernel's integer distance of a node not reached (yet)."""


def _budget(time_limit: float | None, max_expansions: int | None) -> Budget:
    """The checked budget; the shared unlimited one when none is given.

    Sharing it saves the validation's microseconds on queries of small graphs,
    which take tens of microseconds in all.
    """
    if time_limit is None and max_expansions is None:
        return _UNLIMITED
    return Budget(time_limit=time_limit, max_expansions=max_expansions)


def shortest_paths(
    graph: Graph,
    source: Hashable,
    *,
    algorithm: Algorithm = "auto",
    max_expansions: int | None = None,
    time_limit: float | None = None,
) -> ShortestPaths:
    """Distances and shortest paths from ``source`` to every node.

    Parameters
    ----------
    graph : Graph
    source : node label
    algorithm : {"auto", "dijkstra", "bfs", "reference"}
        ``"auto"`` is breadth-first search when every weight is the same and
        the Dijkstra kernel otherwise; ``"reference"`` is the pure-Python
        :func:`tansuo.search.dijkstra_distances`.
    max_expansions : int, optional
        Stop after settling this many nodes.
    time_limit : float, optional
        Stop after this many seconds.

    Returns
    -------
    ShortestPaths
        After a spent budget, ``status`` is ``"limit"`` and ``known`` marks
        the nodes whose distance is final.

    Raises
    ------
    InvalidInput
        Unknown source or algorithm, a malformed budget, or ``bfs`` on a graph
        with unequal weights.

    Examples
    --------
    >>> from tansuo.graph import parse_edge_list, shortest_paths
    >>> g = parse_edge_list("S a 12\\nS b 8\\nS c 6\\na b 1\\nb c 9\\na e 8")
    >>> r = shortest_paths(g, "S")
    >>> r.distance("e"), r.path("e")
    (17, ['S', 'b', 'a', 'e'])
    """
    budget = _budget(time_limit, max_expansions)
    if algorithm not in SINGLE_SOURCE_ALGORITHMS:
        hint = " (it needs a target: use shortest_path)" if algorithm in PAIR_ALGORITHMS else ""
        raise InvalidInput(
            f"unknown single-source algorithm {algorithm!r}{hint}; "
            f"choose one of {', '.join(SINGLE_SOURCE_ALGORITHMS)}"
        )
    s = graph.index(source)
    if algorithm == "auto":
        algorithm = "bfs" if graph.uniform_weight() is not None else "dijkstra"
    if algorithm == "reference":
        return _reference_tree(graph, s, budget)
    if algorithm == "bfs":
        weight = _weight_for_bfs(graph)
        meter = budget.start()
        hops, parent, expanded, generated, limit = _bfs(graph, s, -1, meter)
        known = hops >= 0  # a hop count is final when it is first set
        dist = np.where(known, hops * weight, np.inf)
    else:
        packed = graph.packed_weights()
        meter = budget.start()
        dist, parent, known, expanded, generated, limit = _dijkstra(graph, s, -1, packed, meter)
    if limit is None:
        known = np.ones(graph.num_nodes, dtype=bool)
    stats = GraphStats(
        expanded=expanded,
        generated=generated,
        elapsed_s=meter.elapsed(),
        limit=limit,
        algorithm=algorithm,
        reached=int(np.count_nonzero(known & np.isfinite(dist))),
        preprocess_s=graph.preprocess_seconds,
    )
    status = SOLVED if limit is None else LIMIT
    return ShortestPaths(
        status=status, graph=graph, source=s, dist=dist, parent=parent, known=known, stats=stats
    )


def shortest_path(
    graph: Graph,
    source: Hashable,
    target: Hashable,
    *,
    algorithm: Algorithm = "auto",
    max_expansions: int | None = None,
    time_limit: float | None = None,
) -> ShortestPath:
    """One shortest path from ``source`` to ``target``.

    Parameters
    ----------
    graph : Graph
    source, target : node labels
    algorithm : {"auto", "dijkstra", "astar", "bidirectional", "bfs", "reference"}
        ``"auto"``: BFS when all weights are equal, A* with the straight-line
        heuristic when the graph has coordinates, else Dijkstra stopping at the
        target. ``"reference"`` is :func:`tansuo.search.astar` (with the same
        heuristic, zero without coordinates).
    max_expansions : int, optional
        Stop after settling this many nodes (both sides count in a
        bidirectional search).
    time_limit : float, optional
        Stop after this many seconds.

    Returns
    -------
    ShortestPath
        ``status`` is ``"no_solution"`` when the target cannot be reached.

    Raises
    ------
    InvalidInput
        Unknown node or algorithm, a malformed budget, ``bfs`` on unequal
        weights, ``astar`` without coordinates.

    Examples
    --------
    >>> from tansuo.graph import parse_edge_list, shortest_path
    >>> g = parse_edge_list("S a 12\\nS b 8\\nS c 6\\na b 1\\nb c 9\\na e 8")
    >>> r = shortest_path(g, "S", "e", algorithm="bidirectional")
    >>> r.cost, r.solution
    (17, ['S', 'b', 'a', 'e'])
    """
    budget = _budget(time_limit, max_expansions)
    if algorithm not in PAIR_ALGORITHMS:
        raise InvalidInput(
            f"unknown algorithm {algorithm!r}; choose one of {', '.join(PAIR_ALGORITHMS)}"
        )
    s = graph.index(source)
    t = graph.index(target)
    if algorithm == "astar" and graph.coords is None:
        raise InvalidInput(
            "algorithm 'astar' needs node coordinates (a .co file or pos attributes)"
        )
    scale = straight_line_scale(graph) if algorithm in ("auto", "astar") else 0.0
    if algorithm == "auto":
        if graph.uniform_weight() is not None:
            algorithm = "bfs"
        else:
            algorithm = "astar" if scale > 0 else "dijkstra"
    if algorithm == "reference":
        return _reference_pair(graph, s, t, budget)
    nodes: list[int] | None = None
    cost: float | None = None
    if algorithm == "bfs":
        weight = _weight_for_bfs(graph)
        meter = budget.start()
        hops, parent, expanded, generated, limit = _bfs(graph, s, t, meter)
        if hops[t] >= 0:
            nodes, cost = walk_back(parent, t), float(hops[t]) * weight
    elif algorithm == "bidirectional":
        graph.reverse_csr()  # built once per graph, before the clock starts
        meter = budget.start()
        nodes, cost, expanded, generated, limit = _bidirectional(graph, s, t, meter)
    else:
        packed = graph.packed_weights() if algorithm == "dijkstra" else None
        meter = budget.start()
        if algorithm == "astar":
            tree = _best_first(graph, s, t, scale, meter)
        else:
            tree = _dijkstra(graph, s, t, packed, meter)
        expanded, generated, limit = tree.expanded, tree.generated, tree.limit
        if tree.settled[t]:
            nodes, cost = walk_back(tree.parent, t), float(tree.dist[t])
    found = nodes is not None
    stats = GraphStats(
        expanded=expanded,
        generated=generated,
        elapsed_s=meter.elapsed(),
        limit=None if found else limit,
        algorithm=algorithm,
        preprocess_s=graph.preprocess_seconds,
    )
    return ShortestPath(
        status=status_of(found=found, limit=limit),
        source=graph.label(s),
        target=graph.label(t),
        solution=None if nodes is None else [graph.label(u) for u in nodes],
        cost=None if cost is None else graph.weight_value(cost),
        stats=stats,
    )


def warm_up() -> None:
    """Compile every graph kernel (or load it from numba's cache) on a tiny graph.

    The first search of a process otherwise pays for it; ``tansuo graph`` calls
    this under its "compiling" notice.

    Examples
    --------
    >>> warm_up()
    """
    coords: dict[Hashable, tuple[float, float]] = {"a": (0, 0), "b": (1, 0), "c": (2, 0)}
    float_weights = Graph.from_edges([("a", "b", 1.5), ("b", "c", 2)], coords=coords)
    shortest_paths(float_weights, "a", algorithm="dijkstra")
    for algorithm in ("dijkstra", "astar", "bidirectional"):
        shortest_path(float_weights, "a", "c", algorithm=algorithm)
    integer_weights = Graph.from_edges([("a", "b", 1), ("b", "c", 2)])
    shortest_paths(integer_weights, "a", algorithm="dijkstra")
    shortest_paths(Graph.from_edges([("a", "b"), ("b", "c")]), "a", algorithm="bfs")


# -- the kernels, driven in chunks ------------------------------------------------


class _Tree(NamedTuple):
    """What a (one-sided) best-first kernel leaves: the shortest-path tree so far."""

    dist: np.ndarray
    parent: np.ndarray
    settled: np.ndarray
    expanded: int
    generated: int
    limit: str | None


def _weight_for_bfs(graph: Graph) -> float:
    """The weight every arc has, which BFS needs; a clear InvalidInput when they differ."""
    weight = graph.uniform_weight()
    if weight is None:
        raise InvalidInput(
            "algorithm 'bfs' counts arcs, which gives shortest paths only when all "
            "weights are equal; this graph has different weights (use dijkstra)"
        )
    return weight


def _run(step: Callable[[int], int], counters: np.ndarray, meter: Meter) -> str | None:
    """Drive a resumable kernel until it is done or the budget is spent.

    ``step(units)`` runs the kernel for at most ``units`` expansions and
    returns its outcome; the answer is the name of the spent budget, or None.
    """
    return run_chunked(
        lambda units: step(units) != RUNNING,
        lambda: int(counters[EXPANDED]),
        meter,
        chunk=CHUNK,
    )


def _dijkstra(
    graph: Graph, s: int, t: int, packed: tuple[np.ndarray, int] | None, meter: Meter
) -> _Tree:
    """Dijkstra from ``s`` (to ``t``, or every node when ``t < 0``): packed keys when possible."""
    if packed is not None:
        return _packed_dijkstra(graph, s, t, packed, meter)
    return _best_first(graph, s, t, 0.0, meter)


def _best_first(graph: Graph, s: int, t: int, heuristic_scale: float, meter: Meter) -> _Tree:
    """Dijkstra (scale 0) or A* with float keys."""
    n = graph.num_nodes
    dist = np.full(n, np.inf)
    parent = np.full(n, -1, dtype=np.int32)
    settled = np.zeros(n, dtype=np.bool_)
    # lazy deletion pushes at most once per improving arc, plus the source
    heap_key = np.empty(graph.num_arcs + 1, dtype=np.float64)
    heap_node = np.empty(graph.num_arcs + 1, dtype=np.int32)
    counters = np.zeros(_kernels.BEST_FIRST_COUNTERS, dtype=np.int64)
    dist[s] = 0.0
    heap_key[0] = 0.0
    heap_node[0] = s
    counters[_kernels.HEAP_SIZE] = 1
    coords = graph.coords if graph.coords is not None else np.zeros((1, 2))
    indptr, indices, weights = graph.csr

    def step(units: int) -> int:
        return _kernels.best_first_run(
            indptr, indices, weights, coords, heuristic_scale, t,
            dist, parent, settled, heap_key, heap_node, counters, units,
        )  # fmt: skip

    limit = _run(step, counters, meter)
    return _Tree(dist, parent, settled, int(counters[EXPANDED]), int(counters[GENERATED]), limit)


def _packed_dijkstra(
    graph: Graph, s: int, t: int, packed: tuple[np.ndarray, int], meter: Meter
) -> _Tree:
    """Dijkstra on integer weights with one-int64 heap entries (same answers, faster)."""
    int_weights, bits = packed
    n = graph.num_nodes
    dist = np.full(n, _UNREACHED, dtype=np.int64)
    parent = np.full(n, -1, dtype=np.int32)
    settled = np.zeros(n, dtype=np.bool_)
    heap = np.empty(graph.num_arcs + 1, dtype=np.int64)
    counters = np.zeros(_kernels.BEST_FIRST_COUNTERS, dtype=np.int64)
    dist[s] = 0
    heap[0] = s  # distance 0, node s
    counters[_kernels.HEAP_SIZE] = 1

    def step(units: int) -> int:
        return _kernels.dijkstra_packed_run(
            graph.indptr, graph.indices, int_weights, bits, t,
            dist, parent, settled, heap, counters, units,
        )  # fmt: skip

    limit = _run(step, counters, meter)
    as_float = dist.astype(np.float64)
    as_float[dist == _UNREACHED] = np.inf
    expanded, generated = int(counters[EXPANDED]), int(counters[GENERATED])
    return _Tree(as_float, parent, settled, expanded, generated, limit)


def _bfs(
    graph: Graph, s: int, t: int, meter: Meter
) -> tuple[np.ndarray, np.ndarray, int, int, str | None]:
    """Breadth-first search: ``(hops, parent, expanded, generated, limit)``."""
    n = graph.num_nodes
    hops = np.full(n, -1, dtype=np.int64)
    parent = np.full(n, -1, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    counters = np.zeros(_kernels.BFS_COUNTERS, dtype=np.int64)
    hops[s] = 0
    queue[0] = s
    counters[_kernels.QUEUE_TAIL] = 1

    def step(units: int) -> int:
        return _kernels.bfs_run(
            graph.indptr, graph.indices, t, hops, parent, queue, counters, units
        )

    limit = _run(step, counters, meter)
    return hops, parent, int(counters[EXPANDED]), int(counters[GENERATED]), limit


def _bidirectional(
    graph: Graph, s: int, t: int, meter: Meter
) -> tuple[list[int] | None, float | None, int, int, str | None]:
    """Bidirectional Dijkstra: ``(nodes or None, cost or None, expanded, generated, limit)``."""
    if s == t:
        return [s], 0.0, 0, 0, None
    forward, backward = _kernels.FORWARD, _kernels.BACKWARD
    n = graph.num_nodes
    # one row per side: the forward search from s, the backward one from t
    dist = np.full((2, n), np.inf)
    parent = np.full((2, n), -1, dtype=np.int32)
    settled = np.zeros((2, n), dtype=np.bool_)
    heap_key = np.empty((2, graph.num_arcs + 1))
    heap_node = np.empty((2, graph.num_arcs + 1), dtype=np.int32)
    dist[forward, s] = dist[backward, t] = 0.0
    heap_key[:, 0] = 0.0
    heap_node[forward, 0] = s
    heap_node[backward, 0] = t
    counters = np.zeros(_kernels.BIDIRECTIONAL_COUNTERS, dtype=np.int64)
    counters[_kernels.HEAP_SIZE + forward] = counters[_kernels.HEAP_SIZE + backward] = 1
    counters[_kernels.MEET + forward] = counters[_kernels.MEET + backward] = -1
    best_length = np.array([np.inf])
    arcs, reversed_arcs = graph.csr, graph.reverse_csr()
    outcome = RUNNING

    def step(units: int) -> int:
        nonlocal outcome
        outcome = _kernels.bidirectional_run(
            *arcs, *reversed_arcs, dist, parent, settled, heap_key, heap_node,
            counters, best_length, units,
        )  # fmt: skip
        return outcome

    limit = _run(step, counters, meter)
    expanded, generated = int(counters[EXPANDED]), int(counters[GENERATED])
    if outcome != FOUND:
        return None, None, expanded, generated, limit
    meet_forward = int(counters[_kernels.MEET + forward])
    meet_backward = int(counters[_kernels.MEET + backward])
    nodes = walk_back(parent[forward], meet_forward)
    # the backward tree from the meeting arc's far end (a self-loop adds nothing)
    v = meet_backward if meet_backward != meet_forward else int(parent[backward, meet_forward])
    while v >= 0:
        nodes.append(v)
        v = int(parent[backward, v])
    return nodes, float(best_length[0]), expanded, generated, None


# -- the pure-Python reference ------------------------------------------------------


class _LabelProblem:
    """The graph as a :class:`tansuo.search.Problem` over node labels, one node's arcs at a time.

    Lazy, unlike ``GraphProblem(graph.adjacency())``, so that the reference
    starts at once and its budget holds on a million-node graph too; the arcs
    it yields are the same (the least weight of parallel arcs, in CSR order).
    """

    def __init__(self, graph: Graph, source: Hashable, target: Hashable | None) -> None:
        self.graph = graph
        self.initial_state = source
        self.target = target

    def is_goal(self, state: Hashable) -> bool:
        return self.target is not None and state == self.target

    def successors(self, state: Hashable) -> Iterator[tuple[Hashable, Hashable, float]]:
        for v, w in self.graph.neighbours(state).items():
            yield v, v, w


def _reference_tree(graph: Graph, s: int, budget: Budget) -> ShortestPaths:
    from tansuo.search import dijkstra_distances

    meter = budget.start()
    dist_by_label, parent_by_label, search_stats = dijkstra_distances(
        _LabelProblem(graph, graph.label(s), None),
        max_expansions=budget.max_expansions,
        time_limit=budget.time_limit,
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
    stats = GraphStats(
        expanded=search_stats.expanded,
        generated=search_stats.generated,
        elapsed_s=meter.elapsed(),
        limit=limit,
        algorithm="reference",
        reached=len(dist_by_label),
        preprocess_s=graph.preprocess_seconds,
    )
    status = SOLVED if limit is None else LIMIT
    return ShortestPaths(
        status=status, graph=graph, source=s, dist=dist, parent=parent, known=known, stats=stats
    )


def _reference_pair(graph: Graph, s: int, t: int, budget: Budget) -> ShortestPath:
    from tansuo.search import astar

    source, target = graph.label(s), graph.label(t)
    heuristic = straight_line(graph, target)
    meter = budget.start()
    result = astar(
        _LabelProblem(graph, source, target),
        heuristic,
        max_expansions=budget.max_expansions,
        time_limit=budget.time_limit,
    )
    stats = GraphStats(
        expanded=result.stats.expanded,
        generated=result.stats.generated,
        elapsed_s=meter.elapsed(),
        limit=result.stats.limit,
        algorithm="reference",
        preprocess_s=graph.preprocess_seconds,
    )
    cost = None if result.cost is None else graph.weight_value(float(result.cost))
    return ShortestPath(
        status=result.status,
        source=source,
        target=target,
        solution=list(result.path) if result.solved else None,
        cost=cost,
        stats=stats,
    )

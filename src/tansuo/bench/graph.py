"""``tansuo bench graph``: single-source Dijkstra beside scipy and networkx, and pair queries.

Two families of seeded graphs made with numpy (:mod:`tansuo.graph.generate`):
planar road-like graphs and uniform random sparse digraphs, at 10^4, 10^5 and
10^6 nodes. Every solver runs from the same sources on the same graph in the
same process, on the same clock (CPU time of this process: every solver here
is single-threaded, and CPU time is steadier than wall time on a shared
machine). Building the CSR arrays is timed apart and reported in the notes, as
is building the peers' own graph objects, which is not counted against them
either.

What checked what: distances must agree exactly (integer weights). A tansuo
run is "yes" only when something independent agreed on every instance: scipy
(on every source), networkx (on the prefix of sources it had time for) or,
on graphs of at most :data:`ENGINE_CHECK_MAX_NODES` nodes, the generic engine
of :mod:`tansuo.search`. A run that nothing independent checked in full shows
"reference". A peer is "yes" when it agrees with tansuo.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tansuo.bench import BenchContext, Run, SuiteResult, missing_peer_note, peer_available, suite
from tansuo.graph import Graph, shortest_path, shortest_paths, straight_line_scale, warm_up
from tansuo.graph.generate import random_sparse, road_like
from tansuo.graph.solve import Algorithm

BASELINE = "tansuo dijkstra"
CLOCK = "cpu"
clock = time.process_time

QUICK_NODES = 2_000
"""``--quick`` runs every single-source suite at this size (a few seconds in all)."""
QUICK_PAIR_NODES = 10_000
"""``--quick`` runs the pair queries on a road-like graph of this size."""
ENGINE_CHECK_MAX_NODES = 10_000
"""Up to this size the generic engine (pure Python) also checks every source."""
NETWORKX_SECONDS = 60.0
"""CPU seconds networkx may spend on a suite; it runs the first sources (pairs) that fit."""
QUICK_NETWORKX_SECONDS = 10.0

SIZES = (10**4, 10**5, 10**6)
FAMILIES: dict[str, tuple[Callable[..., Graph], str]] = {
    "road": (road_like, "planar road-like graph"),
    "sparse": (random_sparse, "random sparse digraph (4 arcs/node)"),
}


def _size_label(n: int) -> str:
    return {10**4: "10k", 10**5: "100k", 10**6: "1M"}.get(n, f"{n:,}")


def _sources(graph: Graph, count: int, seed: int) -> list[int]:
    rng = np.random.default_rng(seed)
    return [int(s) for s in rng.integers(0, graph.num_nodes, count)]


def _peer_edges(graph: Graph) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(sources, targets, weights)`` of the graph's edges as networkx should get them."""
    arc_sources = np.repeat(np.arange(graph.num_nodes), np.diff(graph.indptr))
    keep = slice(None) if graph.directed else arc_sources < graph.indices
    return arc_sources[keep], graph.indices[keep], graph.weights[keep]


def _networkx_graph(graph: Graph) -> Any:
    """The graph as a networkx ``Graph`` (undirected) or ``DiGraph``."""
    import networkx as nx

    nx_graph = nx.DiGraph() if graph.directed else nx.Graph()
    nx_graph.add_nodes_from(range(graph.num_nodes))
    sources, targets, weights = _peer_edges(graph)
    nx_graph.add_weighted_edges_from(
        zip(sources.tolist(), targets.tolist(), weights.tolist(), strict=True)
    )
    return nx_graph


def _scipy_matrix(graph: Graph) -> Any:
    """The graph's arcs as a scipy ``csr_matrix`` (the same CSR arrays)."""
    from scipy.sparse import csr_matrix

    return csr_matrix(
        (graph.weights, graph.indices, graph.indptr), shape=(graph.num_nodes, graph.num_nodes)
    )


# -- single source ----------------------------------------------------------------


@dataclass(slots=True)
class _SingleSource:
    """tansuo's side of a single-source suite, which the peers run beside and check."""

    ctx: BenchContext
    name: str
    graph: Graph
    sources: list[int]
    distances: dict[int, np.ndarray] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    agreed: dict[int, bool] = field(default_factory=dict)
    """Per source checked by something independent: whether every check agreed."""

    def record(self, source: int, agreed: bool) -> None:
        self.agreed[source] = self.agreed.get(source, True) and agreed


def _run_family(ctx: BenchContext, name: str, family: str, n: int) -> SuiteResult:
    warm_up()
    make, _description = FAMILIES[family]
    started = time.perf_counter()
    graph = make(n, seed=ctx.seed)
    generated_s = time.perf_counter() - started
    bench = _SingleSource(ctx, name, graph, _sources(graph, ctx.scale(5, 2), ctx.seed + n))
    bench.notes += [
        "times are CPU seconds of this process (all solvers are single-threaded)",
        f"{graph!r}; generated in {generated_s:.2f} s, of which CSR build "
        f"{graph.preprocess_seconds:.3f} s (not in the timings)",
    ]
    ours = Run(BASELINE, clock=CLOCK, note="numba kernel, CSR, 4-ary heap")
    settled = 0
    for i, s in enumerate(bench.sources):
        t0 = clock()
        result = shortest_paths(graph, s, algorithm="dijkstra")
        ours.times.append(clock() - t0)
        ours.solved += result.solved
        settled += result.stats.expanded
        bench.distances[s] = result.dist
        ctx.progress(f"{name}: tansuo", i + 1, len(bench.sources))
    ours.nodes = settled
    runs = [ours]
    for peer, run_peer in (("scipy", _scipy_run), ("networkx", _networkx_run)):
        if peer_available(peer):
            runs.append(run_peer(bench))
        else:
            bench.notes.append(missing_peer_note(peer))
    if graph.num_nodes <= ENGINE_CHECK_MAX_NODES:
        for s in bench.sources:
            engine = shortest_paths(graph, s, algorithm="reference")
            bench.record(s, bool(np.array_equal(engine.dist, bench.distances[s])))
        bench.notes.append(
            f"the generic engine (tansuo.search, pure Python) checked all "
            f"{len(bench.sources)} sources"
        )

    unchecked = len(bench.sources) - len(bench.agreed)
    ours.verified = all(bench.agreed.values())
    ours.reference = unchecked > 0
    for run in runs[1:]:
        if run.times:
            agree = "same distances" if run.verified else "DIFFERENT distances"
            bench.notes.append(f"{run.solver}: {agree} on {len(run.times)} sources")
    if unchecked:
        bench.notes.append(f"tansuo: nothing independent checked {unchecked} of the sources")
    return SuiteResult(name, len(bench.sources), runs, BASELINE, bench.notes, ratio_kind="medians")


def _scipy_run(bench: _SingleSource) -> Run:
    from scipy.sparse.csgraph import dijkstra

    t0 = time.perf_counter()
    matrix = _scipy_matrix(bench.graph)
    bench.notes.append(f"scipy csr_matrix built in {time.perf_counter() - t0:.3f} s (not timed)")
    run = Run("scipy", peer=True, note="csgraph.dijkstra", compare_with=BASELINE, clock=CLOCK)
    reached = 0
    for i, s in enumerate(bench.sources):
        t0 = clock()
        dist = dijkstra(matrix, directed=True, indices=s)
        run.times.append(clock() - t0)
        run.solved += 1
        reached += int(np.count_nonzero(np.isfinite(dist)))
        run.nodes = reached
        same = bool(np.array_equal(dist, bench.distances[s]))
        run.verified &= same
        bench.record(s, same)
        bench.ctx.progress(f"{bench.name}: scipy", i + 1, len(bench.sources))
    return run


def _networkx_run(bench: _SingleSource) -> Run:
    import networkx as nx

    t0 = time.perf_counter()
    nx_graph = _networkx_graph(bench.graph)
    bench.notes.append(f"networkx graph built in {time.perf_counter() - t0:.1f} s (not timed)")
    run = Run(
        "networkx",
        peer=True,
        note="single_source_dijkstra_path_length",
        compare_with=BASELINE,
        clock=CLOCK,
    )
    # networkx is slow on big graphs: measure it on a prefix of the sources
    budget = QUICK_NETWORKX_SECONDS if bench.ctx.quick else NETWORKX_SECONDS
    reached_total = 0
    for i, s in enumerate(bench.sources):
        t0 = clock()
        lengths = nx.single_source_dijkstra_path_length(nx_graph, s)
        run.times.append(clock() - t0)
        run.solved += 1
        reached_total += len(lengths)
        run.nodes = reached_total
        expected = bench.distances[s]
        reached = np.flatnonzero(np.isfinite(expected))
        same = len(lengths) == len(reached) and all(
            lengths.get(int(v)) == expected[v] for v in reached
        )
        run.verified &= same
        bench.record(s, same)
        bench.ctx.progress(f"{bench.name}: networkx", i + 1, len(bench.sources))
        if sum(run.times) > budget:
            break
    del nx_graph
    return run


def _make_suite(family: str, n: int) -> None:
    name = f"graph-{family}-{_size_label(n)}"
    description = f"single-source Dijkstra, {FAMILIES[family][1]}, {_size_label(n)} nodes"

    @suite(name, "graph", description)
    def run(ctx: BenchContext) -> SuiteResult:
        size = QUICK_NODES if ctx.quick else n
        result = _run_family(ctx, name, family, size)
        if size != n:
            result.notes.append(f"--quick: run at {size:,} nodes instead of {n:,}")
        return result


for _family in FAMILIES:
    for _n in SIZES:
        _make_suite(_family, _n)


# -- pair queries -------------------------------------------------------------------

PAIR_ALGORITHMS: tuple[Algorithm, ...] = ("dijkstra", "astar", "bidirectional")


@suite(
    "graph-pairs-road",
    "graph",
    "single-pair queries on the 1M-node road-like graph: Dijkstra, A*, bidirectional",
)
def pairs_suite(ctx: BenchContext) -> SuiteResult:
    """Point-to-point queries: how much A* and bidirectional search save over Dijkstra."""
    warm_up()
    n = QUICK_PAIR_NODES if ctx.quick else 10**6
    graph = road_like(n, seed=ctx.seed)
    build_s = graph.preprocess_seconds
    # the one-off per-graph work of the searches, done here so that no query pays it
    scale = straight_line_scale(graph)
    graph.packed_weights()
    graph.reverse_csr()
    rng = np.random.default_rng(ctx.seed + 1)
    pairs = [
        tuple(int(x) for x in rng.integers(0, graph.num_nodes, 2)) for _ in range(ctx.scale(20, 5))
    ]
    notes = [
        "times are CPU seconds of this process",
        f"{graph!r}; CSR build {build_s:.3f} s, then per graph (heuristic scale, packed "
        f"weights) {graph.preprocess_seconds - build_s:.3f} s, neither in the timings",
        f"A* heuristic: straight-line distance x {scale:.1f}",
    ]
    if ctx.quick:
        notes.append(f"--quick: run at {n:,} nodes instead of 1,000,000")
    expected = _pair_costs_from_scipy(graph, pairs, notes)
    checker = None if expected is None else "scipy"
    runs: list[Run] = []
    costs: dict[str, list[float | None]] = {}
    for algorithm in PAIR_ALGORITHMS:
        run = Run(f"tansuo {algorithm}", clock=CLOCK)
        costs[run.solver] = []
        settled = 0
        for i, (s, t) in enumerate(pairs):
            t0 = clock()
            result = shortest_path(graph, s, t, algorithm=algorithm)
            run.times.append(clock() - t0)
            settled += result.stats.expanded
            run.solved += result.solved
            costs[run.solver].append(result.cost)
            ctx.progress(f"pairs: {algorithm}", i + 1, len(pairs))
        run.nodes = settled
        runs.append(run)
        notes.append(f"tansuo {algorithm}: {settled / len(pairs):,.0f} nodes settled per query")
    if peer_available("networkx"):
        peer, costs[peer.solver] = _networkx_pairs(ctx, graph, pairs)
        runs.append(peer)
        if expected is None:
            # no scipy: networkx is the independent check, on the pairs it had time for
            checker = peer.solver
            expected = [np.inf if c is None else float(c) for c in costs[peer.solver]]
            notes.append(f"costs checked against networkx on {len(expected)} of the pairs")
    else:
        notes.append(missing_peer_note("networkx"))
    for run in runs:
        if expected is None:
            run.reference = not run.peer
            continue
        # the checker itself is "yes" when it agrees with tansuo's Dijkstra
        checked = costs[BASELINE if run.solver == checker else run.solver][: len(expected)]
        run.verified = all(_same_cost(c, e) for c, e in zip(checked, expected, strict=False))
        run.reference = not run.peer and len(expected) < len(pairs)
    if expected is None:
        notes.append("nothing independent checked the costs (no scipy, no networkx)")
    return SuiteResult("graph-pairs-road", len(pairs), runs, BASELINE, notes, ratio_kind="medians")


def _same_cost(cost: float | None, expected: float) -> bool:
    """Whether a path cost (None: unreachable) equals a checker's distance (inf: unreachable)."""
    return (cost is None and not np.isfinite(expected)) or (
        cost is not None and float(cost) == expected
    )


def _pair_costs_from_scipy(
    graph: Graph, pairs: list[tuple[int, ...]], notes: list[str]
) -> list[float] | None:
    """Every pair's distance by scipy's Dijkstra (untimed), or None without scipy."""
    if not peer_available("scipy"):
        notes.append(missing_peer_note("scipy"))
        return None
    from scipy.sparse.csgraph import dijkstra

    t0 = time.perf_counter()
    matrix = _scipy_matrix(graph)
    sources = sorted({s for s, _t in pairs})
    rows = dijkstra(matrix, directed=True, indices=sources)
    by_source = dict(zip(sources, rows, strict=True))
    notes.append(
        f"every cost checked against scipy's csgraph.dijkstra "
        f"({time.perf_counter() - t0:.1f} s, not timed)"
    )
    return [float(by_source[s][t]) for s, t in pairs]


def _networkx_pairs(
    ctx: BenchContext, graph: Graph, pairs: list[tuple[int, ...]]
) -> tuple[Run, list[float | None]]:
    """networkx's bidirectional Dijkstra on the pairs (a prefix when it is slow): run and costs."""
    import networkx as nx

    nx_graph = _networkx_graph(graph)
    run = Run(
        "networkx",
        peer=True,
        note="bidirectional_dijkstra",
        compare_with="tansuo bidirectional",
        clock=CLOCK,
    )
    lengths: list[float | None] = []
    budget = QUICK_NETWORKX_SECONDS if ctx.quick else NETWORKX_SECONDS
    for i, (s, t) in enumerate(pairs):
        t0 = clock()
        try:
            length, _path = nx.bidirectional_dijkstra(nx_graph, s, t)
        except nx.NetworkXNoPath:
            length = None
        run.times.append(clock() - t0)
        run.solved += length is not None
        lengths.append(length)
        ctx.progress("pairs: networkx", i + 1, len(pairs))
        if sum(run.times) > budget:
            break
    del nx_graph
    return run, lengths

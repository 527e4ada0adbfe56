"""``tansuo bench graph``: single-source Dijkstra beside scipy and networkx.

Two families of seeded graphs made with numpy (:mod:`tansuo.graph.generate`):
planar road-like graphs and uniform random sparse digraphs, at 10^4, 10^5 and
10^6 nodes. Every solver runs from the same sources on the same graph in the
same process; distances must agree exactly (integer weights). Building the CSR
arrays is timed apart and reported in the notes, as is building the peers'
own graph objects, which is not counted against them either.
"""

from __future__ import annotations

import time

import numpy as np

from tansuo.bench import BenchContext, Run, SuiteResult, missing_peer_note, peer_available, suite
from tansuo.graph import Graph, shortest_paths
from tansuo.graph.generate import random_sparse, road_like

BASELINE = "tansuo dijkstra"

# Every solver here is single-threaded, and the benchmark machines are often
# shared: CPU time of this process is steadier than wall time and fair to all.
clock = time.process_time


def _sizes_label(n: int) -> str:
    return {10**4: "10k", 10**5: "100k", 10**6: "1M"}.get(n, str(n))


def _warm_up() -> None:
    shortest_paths(road_like(16, seed=0), 0, method="dijkstra")


def _sources(graph: Graph, count: int, seed: int) -> list[int]:
    rng = np.random.default_rng(seed)
    return [int(s) for s in rng.integers(0, graph.num_nodes, count)]


def _run_family(ctx: BenchContext, name: str, family: str, n: int) -> SuiteResult:
    _warm_up()
    started = time.perf_counter()
    make = road_like if family == "road" else random_sparse
    graph = make(n, seed=ctx.seed)
    generated_s = time.perf_counter() - started
    sources = _sources(graph, ctx.scale(5, 2), ctx.seed + n)
    notes = [
        "times are CPU seconds of this process (all solvers are single-threaded)",
        f"{graph!r}; generated in {generated_s:.2f} s, of which CSR build "
        f"{graph.build_seconds:.3f} s (not in the timings)",
    ]
    runs: list[Run] = []

    ours = Run(BASELINE, nodes=0)
    reference: dict[int, np.ndarray] = {}
    for i, s in enumerate(sources):
        t0 = clock()
        result = shortest_paths(graph, s, method="dijkstra")
        ours.times.append(clock() - t0)
        ours.solved += result.status == "solved"
        ours.nodes += result.stats["expanded"]
        reference[s] = result.dist
        ctx.progress(f"{name}: tansuo", i + 1, len(sources))
    runs.append(ours)

    if peer_available("scipy"):
        runs.append(_scipy_run(ctx, name, graph, sources, reference, notes))
    else:
        notes.append(missing_peer_note("scipy"))
    if peer_available("networkx"):
        runs.append(_networkx_run(ctx, name, graph, sources, reference, notes))
    else:
        notes.append(missing_peer_note("networkx"))
    for run in runs:
        if run.peer and run.times:
            notes.append(
                f"{run.solver}: {'same distances' if run.verified else 'DIFFERENT distances'}"
                f" on {len(run.times)} sources"
            )
    return SuiteResult(name, len(sources), runs, BASELINE, notes)


def _scipy_run(ctx, name, graph, sources, reference, notes) -> Run:
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    t0 = time.perf_counter()
    matrix = csr_matrix(
        (graph.weights, graph.indices, graph.indptr), shape=(graph.num_nodes, graph.num_nodes)
    )
    notes.append(f"scipy csr_matrix built in {time.perf_counter() - t0:.3f} s (not timed)")
    run = Run("scipy", peer=True, nodes=0, note="csgraph.dijkstra")
    for i, s in enumerate(sources):
        t0 = clock()
        dist = dijkstra(matrix, directed=True, indices=s)
        run.times.append(clock() - t0)
        run.solved += 1
        run.nodes += int(np.count_nonzero(np.isfinite(dist)))
        run.verified &= bool(np.array_equal(dist, reference[s]))
        ctx.progress(f"{name}: scipy", i + 1, len(sources))
    return run


def _networkx_run(ctx, name, graph, sources, reference, notes) -> Run:
    import networkx as nx

    t0 = time.perf_counter()
    arc_sources = np.repeat(np.arange(graph.num_nodes), np.diff(graph.indptr))
    if graph.directed:
        nx_graph = nx.DiGraph()
        keep = slice(None)
    else:
        nx_graph = nx.Graph()
        keep = arc_sources < graph.indices
    nx_graph.add_nodes_from(range(graph.num_nodes))
    nx_graph.add_weighted_edges_from(
        zip(
            arc_sources[keep].tolist(),
            graph.indices[keep].tolist(),
            graph.weights[keep].tolist(),
            strict=True,
        )
    )
    notes.append(f"networkx graph built in {time.perf_counter() - t0:.1f} s (not timed)")
    run = Run("networkx", peer=True, nodes=0, note="single_source_dijkstra_path_length")
    # networkx is slow on big graphs: measure it on a prefix of the sources
    budget = ctx.scale(60.0, 10.0)
    spent = 0.0
    for i, s in enumerate(sources):
        t0 = clock()
        lengths = nx.single_source_dijkstra_path_length(nx_graph, s)
        elapsed = clock() - t0
        run.times.append(elapsed)
        spent += elapsed
        run.solved += 1
        run.nodes += len(lengths)
        expected = reference[s]
        reached = np.flatnonzero(np.isfinite(expected))
        same = len(lengths) == len(reached) and all(
            lengths.get(int(v)) == expected[v] for v in reached
        )
        run.verified &= bool(same)
        ctx.progress(f"{name}: networkx", i + 1, len(sources))
        if spent > budget:
            break
    del nx_graph
    return run


def _make_suite(family: str, n: int, description: str) -> None:
    name = f"graph-{family}-{_sizes_label(n)}"

    @suite(name, "graph", description)
    def run(ctx: BenchContext) -> SuiteResult:
        size = n if not ctx.quick or n < 10**6 else 10**5
        result = _run_family(ctx, name, family, size)
        if size != n:
            result.notes.append(f"--quick: run at {size:,} nodes instead of {n:,}")
        return result


for _n in (10**4, 10**5, 10**6):
    _make_suite(
        "road",
        _n,
        f"single-source Dijkstra, planar road-like graph, {_sizes_label(_n)} nodes",
    )
    _make_suite(
        "sparse",
        _n,
        f"single-source Dijkstra, random sparse digraph (4 arcs/node), {_sizes_label(_n)} nodes",
    )


@suite(
    "graph-pairs-road",
    "graph",
    "single-pair queries on the 1M-node road-like graph: Dijkstra, A*, bidirectional",
)
def pairs_suite(ctx: BenchContext) -> SuiteResult:
    """Point-to-point queries: how much A* and bidirectional search save over Dijkstra."""
    from tansuo.graph import shortest_path, straight_line_scale

    _warm_up()
    for method in ("astar", "bidirectional"):
        shortest_path(road_like(16, seed=0), 0, 15, method=method)
    n = ctx.scale(10**6, 10**5)
    graph = road_like(n, seed=ctx.seed)
    rng = np.random.default_rng(ctx.seed + 1)
    pairs = [
        tuple(int(x) for x in rng.integers(0, graph.num_nodes, 2)) for _ in range(ctx.scale(20, 5))
    ]
    notes = [
        "times are CPU seconds of this process",
        f"{graph!r}; A* heuristic: straight-line distance x {straight_line_scale(graph):.1f}",
    ]
    runs = []
    costs: dict[tuple[int, int], float | None] = {}
    for method in ("dijkstra", "astar", "bidirectional"):
        run = Run(f"tansuo {method}", nodes=0)
        for i, (s, t) in enumerate(pairs):
            t0 = clock()
            result = shortest_path(graph, s, t, method=method)
            run.times.append(clock() - t0)
            run.nodes += result.stats["expanded"]
            run.solved += result.status == "solved"
            expected = costs.setdefault((s, t), result.cost)
            run.verified &= result.cost == expected
            ctx.progress(f"pairs: {method}", i + 1, len(pairs))
        runs.append(run)
        notes.append(f"tansuo {method}: {run.nodes / len(pairs):,.0f} nodes settled per query")
    if peer_available("networkx"):
        import networkx as nx

        arc_sources = np.repeat(np.arange(graph.num_nodes), np.diff(graph.indptr))
        keep = arc_sources < graph.indices
        nx_graph = nx.Graph()
        nx_graph.add_weighted_edges_from(
            zip(
                arc_sources[keep].tolist(),
                graph.indices[keep].tolist(),
                graph.weights[keep].tolist(),
                strict=True,
            )
        )
        run = Run("networkx", peer=True, note="bidirectional_dijkstra")
        budget = ctx.scale(60.0, 10.0)
        for i, (s, t) in enumerate(pairs):
            t0 = clock()
            try:
                length, _path = nx.bidirectional_dijkstra(nx_graph, s, t)
            except nx.NetworkXNoPath:
                length = None
            run.times.append(clock() - t0)
            run.solved += length is not None
            run.verified &= length == costs[(s, t)]
            ctx.progress("pairs: networkx", i + 1, len(pairs))
            if sum(run.times) > budget:
                break
        runs.append(run)
        del nx_graph
    else:
        notes.append(missing_peer_note("networkx"))
    return SuiteResult("graph-pairs-road", len(pairs), runs, "tansuo dijkstra", notes)

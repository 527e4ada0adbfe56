"""The generic engine against brute-force references on random graphs."""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import math
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tansuo.errors import InvalidInput
from tansuo.result import RESULT_KEYS, STATS_KEYS, Result
from tansuo.search import (
    ALGORITHMS,
    FunctionProblem,
    GraphProblem,
    SearchStats,
    algorithm_named,
    astar,
    bfs,
    bidirectional_bfs,
    dfs,
    dijkstra,
    dijkstra_distances,
    greedy_best_first,
    ida_star,
    iddfs,
    neighbour_problem,
    uniform_cost,
    weighted_astar,
)


def floyd_warshall(nodes: list[int], edges: list[tuple[int, int, int]]) -> dict:
    dist = {(u, v): (0 if u == v else math.inf) for u in nodes for v in nodes}
    for u, v, w in edges:
        dist[u, v] = min(dist[u, v], w)
    for k in nodes:
        for i in nodes:
            dik = dist[i, k]
            if dik == math.inf:
                continue
            for j in nodes:
                if dik + dist[k, j] < dist[i, j]:
                    dist[i, j] = dik + dist[k, j]
    return dist


@st.composite
def random_graphs(draw, max_nodes: int = 9):
    n = draw(st.integers(2, max_nodes))
    edges = draw(
        st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.integers(0, 20)),
            max_size=3 * n,
        )
    )
    start = draw(st.integers(0, n - 1))
    goal = draw(st.integers(0, n - 1))
    return list(range(n)), edges, start, goal


def directed(nodes, edges):
    graph = {u: {} for u in nodes}
    for u, v, w in edges:
        graph[u][v] = min(w, graph[u].get(v, w))
    return graph


def assert_valid_path(result, graph, start, goal):
    assert result.path[0] == start
    assert result.path[-1] == goal
    assert result.actions == result.path[1:]
    total = 0
    for u, v in zip(result.path, result.path[1:], strict=False):
        assert v in graph[u], f"{u}->{v} is not an edge"
        total += graph[u][v]
    assert total == pytest.approx(result.cost)


OPTIMAL = [astar, dijkstra, uniform_cost, ida_star, lambda p: weighted_astar(p, 1.0, reopen=True)]


@settings(max_examples=150, deadline=None)
@given(random_graphs())
def test_optimal_algorithms_match_floyd_warshall(case):
    nodes, edges, start, goal = case
    graph = directed(nodes, edges)
    best = floyd_warshall(nodes, [(u, v, w) for u in graph for v, w in graph[u].items()])
    for algorithm in OPTIMAL:
        result = algorithm(GraphProblem(graph, start, goal))
        if best[start, goal] == math.inf:
            assert result.status == "no_solution"
            assert result.cost is None and result.path == []
        else:
            assert result.status == "solved"
            assert result.cost == best[start, goal]
            assert_valid_path(result, graph, start, goal)


@settings(max_examples=150, deadline=None)
@given(random_graphs())
def test_step_counting_algorithms_find_fewest_steps(case):
    nodes, edges, start, goal = case
    graph = directed(nodes, edges)
    hops = floyd_warshall(nodes, [(u, v, 1) for u in graph for v in graph[u]])
    for algorithm in (bfs, iddfs, bidirectional_bfs_directed):
        result = algorithm(GraphProblem(graph, start, goal))
        if hops[start, goal] == math.inf:
            assert result.status == "no_solution"
        else:
            assert result.status == "solved"
            assert len(result.path) - 1 == hops[start, goal]
            assert_valid_path(result, graph, start, goal)


def bidirectional_bfs_directed(problem):
    reverse: dict = {u: [] for u in problem.adjacency}
    for u, nbrs in problem.adjacency.items():
        for v in nbrs:
            reverse[v].append(u)
    return bidirectional_bfs(problem, predecessors=lambda s: reverse[s])


@settings(max_examples=100, deadline=None)
@given(random_graphs(), st.integers(0, 4))
def test_dfs_finds_a_path_exactly_when_one_exists(case, depth):
    nodes, edges, start, goal = case
    graph = directed(nodes, edges)
    hops = floyd_warshall(nodes, [(u, v, 1) for u in graph for v in graph[u]])
    result = dfs(GraphProblem(graph, start, goal))
    assert result.solved == (hops[start, goal] < math.inf)
    if result.solved:
        assert_valid_path(result, graph, start, goal)
    limited = dfs(GraphProblem(graph, start, goal), max_depth=depth)
    if limited.solved:
        assert len(limited.path) - 1 <= depth
    elif hops[start, goal] <= depth:
        pytest.fail("a path within the depth limit exists but dfs missed it")


@settings(max_examples=100, deadline=None)
@given(random_graphs(), st.floats(1.0, 3.0))
def test_weighted_astar_is_within_its_bound(case, weight):
    nodes, edges, start, goal = case
    graph = directed(nodes, edges)
    best = floyd_warshall(nodes, [(u, v, w) for u in graph for v, w in graph[u].items()])
    # an admissible heuristic: the true distance scaled down
    exact = {v: best[v, goal] for v in nodes}

    def h(v):
        return 0 if exact[v] == math.inf else 0.5 * exact[v]

    result = weighted_astar(GraphProblem(graph, start, goal), weight, h)
    if best[start, goal] == math.inf:
        assert result.status == "no_solution"
    else:
        assert result.cost <= weight * best[start, goal] + 1e-9
        greedy = greedy_best_first(GraphProblem(graph, start, goal), h)
        assert greedy.solved
        assert_valid_path(greedy, graph, start, goal)


@settings(max_examples=100, deadline=None)
@given(random_graphs())
def test_dijkstra_distances_match_floyd_warshall(case):
    nodes, edges, start, _goal = case
    graph = directed(nodes, edges)
    best = floyd_warshall(nodes, [(u, v, w) for u in graph for v, w in graph[u].items()])
    dist, parent, stats = dijkstra_distances(GraphProblem(graph, start))
    assert stats.limit is None
    for v in nodes:
        assert dist.get(v, math.inf) == best[start, v]
    for v, p in parent.items():
        assert (p is None) == (v == start)
        if p is not None:
            assert dist[p] + graph[p][v] == dist[v]


def test_inconsistent_admissible_heuristic_still_optimal_with_reopening():
    # h(a) = 10 is admissible (true distance 11) but inconsistent with h(b) = 0 across the
    # edge b->a of cost 1. A* first closes a via S->a (g=5), later finds a cheaper
    # path S->c->b->a (g=3) and must re-open a to return the optimum.
    graph = {
        "S": {"a": 5, "c": 1},
        "c": {"b": 1},
        "b": {"a": 1},
        "a": {"T": 8},
        "T": {},
    }
    h = {"S": 0, "a": 0, "b": 7, "c": 7, "T": 0}
    result = astar(GraphProblem(graph, "S", "T"), h.__getitem__)
    assert result.cost == 11
    assert result.path == ["S", "c", "b", "a", "T"]
    assert result.stats.reopened >= 1


def test_ties_go_to_larger_g():
    # Two goals-equivalent routes with equal f: A* should expand deeper nodes first,
    # which on this chain means it never expands the shallow side branch.
    graph = {"S": {"a": 1, "x": 1}, "a": {"T": 1}, "x": {"y": 5}, "y": {}, "T": {}}
    h = {"S": 2, "a": 1, "x": 1, "y": 0, "T": 0}
    result = astar(GraphProblem(graph, "S", "T"), h.__getitem__)
    assert result.cost == 2
    assert result.stats.expanded <= 3


def _chain_problem():
    # an infinite line 0, 1, 2, ... with the goal unreachable (negative numbers)
    return FunctionProblem(0, -1, lambda n: [("+1", n + 1, 1)])


@pytest.mark.parametrize("algorithm", [astar, dijkstra, bfs, greedy_best_first, ida_star])
def test_max_expansions_stops_the_search(algorithm):
    result = algorithm(_chain_problem(), max_expansions=50)
    assert result.status == "limit"
    assert result.stats.limit == "max_expansions"
    assert result.stats.expanded <= 50
    assert result.path == [] and result.cost is None


def test_time_limit_stops_the_search():
    result = astar(_chain_problem(), time_limit=0.05)
    assert result.status == "limit"
    assert result.stats.limit == "time_limit"
    assert result.stats.elapsed_s < 1.0


def test_max_frontier_stops_the_search():
    # a binary tree without goal: the frontier doubles every level
    problem = FunctionProblem(1, 0, lambda n: [("l", 2 * n, 1), ("r", 2 * n + 1, 1)])
    for algorithm in (bfs, astar, dijkstra):
        result = algorithm(problem, max_frontier=1000)
        assert result.status == "limit"
        assert result.stats.limit == "max_frontier"
        assert 1000 < result.stats.max_frontier <= 1003


def test_depth_limited_searches_report_limit_not_proof():
    assert dfs(_chain_problem(), max_depth=10).stats.limit == "max_depth"
    assert iddfs(_chain_problem(), max_depth=10).status == "limit"
    assert ida_star(_chain_problem(), max_depth=10).status == "limit"


def test_finite_space_without_goal_is_proved_unsolvable():
    problem = neighbour_problem(0, 99, lambda n: [m for m in (n - 1, n + 1) if 0 <= m < 10])
    for algorithm in (astar, dijkstra, bfs, dfs, iddfs, ida_star, bidirectional_bfs):
        result = algorithm(problem)
        assert result.status == "no_solution", algorithm.__name__


def test_start_is_goal():
    problem = GraphProblem({"a": {"b": 1}}, "a", "a")
    for algorithm in (astar, dijkstra, bfs, dfs, iddfs, ida_star, bidirectional_bfs):
        result = algorithm(problem)
        assert result.solved and result.cost == 0 and result.path == ["a"]


def test_bad_input_raises_invalid_input():
    with pytest.raises(InvalidInput, match="negative"):
        GraphProblem([("a", "b", -1)], "a", "b")
    with pytest.raises(InvalidInput, match="not a number"):
        GraphProblem([("a", "b", "x")], "a", "b")
    with pytest.raises(InvalidInput, match="not in the graph"):
        GraphProblem([("a", "b", 1)], "z", "b")
    with pytest.raises(InvalidInput, match="expected"):
        GraphProblem([("a",)], "a", "b")
    with pytest.raises(InvalidInput, match="max_expansions"):
        astar(GraphProblem([("a", "b", 1)], "a", "b"), max_expansions=-1)
    with pytest.raises(InvalidInput, match="negative step cost"):
        dijkstra(FunctionProblem(0, 5, lambda n: [("x", n + 1, -2)]))
    with pytest.raises(InvalidInput, match="explicit goal"):
        bidirectional_bfs(FunctionProblem(0, lambda n: n > 3, lambda n: [("x", n + 1, 1)]))


def test_graph_problem_accepts_dict_of_lists_and_networkx_shapes():
    assert bfs(GraphProblem({"a": ["b"], "b": ["c"]}, "a", "c")).cost == 2
    nx_like = {"a": {"b": {"weight": 2}}, "b": {"c": {"weight": 3}}}
    assert dijkstra(GraphProblem(nx_like, "a", "c")).cost == 5


def test_against_networkx_on_a_larger_random_graph():
    import networkx as nx

    rng = random.Random(7)
    g = nx.gnm_random_graph(300, 1200, seed=7, directed=True)
    for u, v in g.edges:
        g.edges[u, v]["weight"] = rng.randint(1, 50)
    expected = nx.single_source_dijkstra_path_length(g, 0)
    dist, _parent, _stats = dijkstra_distances(GraphProblem(nx.to_dict_of_dicts(g), 0))
    assert dist == expected


# -- the result contract, the registry, the budgets ------------------------------------------


def test_results_and_stats_are_frozen_and_follow_the_contract():
    result = astar(GraphProblem({"S": {"a": 1}, "a": {"T": 2}}, "S", "T"))
    assert isinstance(result, Result) and isinstance(result.stats, SearchStats)
    assert result.solved and result.solution == result.actions == ["a", "T"]
    assert tuple(result.stats)[: len(STATS_KEYS)] == STATS_KEYS
    assert result.stats["expanded"] == result.stats.expanded == 2
    out = result.as_dict()
    assert set(RESULT_KEYS) <= set(out) and out["stats"]["limit"] is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.status = "limit"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.stats.expanded = 0  # type: ignore[misc]


def test_iterative_searches_say_how_far_they_went():
    chain = neighbour_problem(0, 6, lambda n: [n - 1, n + 1])
    deep = iddfs(chain)
    assert deep.cost == 6 and deep.stats.depth == 6 and deep.stats.iterations == 7
    informed = ida_star(chain, lambda n: abs(6 - n) // 2)  # admissible, so the bound rises
    assert informed.cost == 6 and informed.stats.bound == 6 and informed.stats.iterations == 4
    assert astar(chain).stats.iterations == 0 and astar(chain).stats.bound is None


def test_the_registry_runs_every_algorithm_with_what_it_takes():
    rng = random.Random(5)
    for _ in range(20):
        n = rng.randint(3, 8)
        edges = [(rng.randrange(n), rng.randrange(n), rng.randint(1, 3)) for _ in range(3 * n)]
        graph = directed(range(n), edges)
        hops = floyd_warshall(list(range(n)), [(u, v, 1) for u in graph for v in graph[u]])
        for name, algorithm in ALGORITHMS.items():
            if name == "bidirectional":
                continue  # needs predecessors on a directed graph: tested above
            result = algorithm.run(GraphProblem(graph, 0, n - 1), weight=1.5, max_expansions=10**4)
            assert result.solved == (hops[0, n - 1] < math.inf), name
            if result.solved:
                assert_valid_path(result, graph, 0, n - 1)
    assert ALGORITHMS["ida"].function is ida_star and ALGORITHMS["ida"].heuristic
    assert ALGORITHMS["weighted"].weight and not ALGORITHMS["bfs"].heuristic
    with pytest.raises(InvalidInput, match="does not report its steps"):
        ALGORITHMS["bidirectional"].run(GraphProblem({1: [2]}, 1, 2), on_event=print)
    with pytest.raises(InvalidInput, match="choose one of"):
        algorithm_named("a-star")


@contextlib.contextmanager
def frozen_session_heap():
    """Keep the test session's own objects out of Python's garbage collector meanwhile.

    The searches allocate quickly, which triggers full collections, and a full
    collection walks every object of the process: after a few hundred tests
    that alone took 0.25-0.3 s on a loaded 2-core machine, longer than the
    margin under test, and none of it the search's doing.
    """
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@pytest.mark.parametrize(
    "algorithm", [astar, dijkstra, greedy_best_first, bfs, dfs, iddfs, ida_star]
)
def test_time_limit_holds_within_a_tenth_of_a_second(algorithm):
    # the chain never ends, so only the clock stops these searches
    with frozen_session_heap():
        started, cpu = time.perf_counter(), time.process_time()
        result = algorithm(_chain_problem(), time_limit=0.2)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert result.status == "limit" and result.stats.limit == "time_limit"
    # CPU time: the overshoot is the search's own; wall time also counts the neighbours
    assert cpu <= 0.2 + max(0.1, 0.02), cpu
    assert result.stats.elapsed_s <= elapsed


def test_budget_errors_name_the_budget():
    problem = _chain_problem()
    for call, name in (
        (lambda: bfs(problem, time_limit=-1), "time_limit"),
        (lambda: astar(problem, max_frontier=-2), "max_frontier"),
        (lambda: ida_star(problem, max_depth=-3), "max_depth"),
        (lambda: dfs(problem, max_depth=1.5), "max_depth"),
        (lambda: iddfs(problem, max_expansions="many"), "max_expansions"),
    ):
        with pytest.raises(InvalidInput, match=f"{name} must be"):
            call()

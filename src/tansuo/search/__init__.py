"""The generic search engine: readable, typed, pure Python, for any problem.

Point it at anything that implements :class:`Problem` (``initial_state``,
``is_goal``, ``successors`` and optionally ``heuristic``), or use an adapter:
:class:`GraphProblem` for explicit weighted graphs, :class:`FunctionProblem`
and :func:`neighbour_problem` for implicit ones. :data:`ALGORITHMS` lists the
algorithms by name.

Every algorithm returns a frozen :class:`SearchResult` (the result contract of
:mod:`tansuo.result`) and takes keyword-only budgets: ``max_expansions``
(states expanded), ``time_limit`` (seconds) and ``max_frontier`` (a count:
the most entries the open list may hold; not bytes). Running out of one gives
``status="limit"`` with the statistics, never an exception.
"""

from tansuo.result import Status
from tansuo.search._budget import SearchEvent
from tansuo.search.algorithms import ALGORITHMS, Algorithm, algorithm_named
from tansuo.search.informed import (
    astar,
    dijkstra,
    dijkstra_distances,
    greedy_best_first,
    ida_star,
    uniform_cost,
    weighted_astar,
)
from tansuo.search.problem import FunctionProblem, GraphProblem, Problem, neighbour_problem
from tansuo.search.result import SearchResult, SearchStats
from tansuo.search.uninformed import bfs, bidirectional_bfs, dfs, iddfs

__all__ = [
    "ALGORITHMS",
    "Algorithm",
    "FunctionProblem",
    "GraphProblem",
    "Problem",
    "SearchEvent",
    "SearchResult",
    "SearchStats",
    "Status",
    "algorithm_named",
    "astar",
    "bfs",
    "bidirectional_bfs",
    "dfs",
    "dijkstra",
    "dijkstra_distances",
    "greedy_best_first",
    "ida_star",
    "iddfs",
    "neighbour_problem",
    "uniform_cost",
    "weighted_astar",
]

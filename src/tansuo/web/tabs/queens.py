"""The N-Queens tab's adapter: every call into :mod:`tansuo.queens` the page makes.

``POST /api/queens``
    ``{"n": 8, "max_solutions": 100}``: :func:`tansuo.queens.find_solutions`
    (the first solutions in lexicographic order; ``count`` is the total when
    they are all listed).
``POST /api/queens/count``
    ``{"n": 12, "up_to_symmetry": false}``: :func:`tansuo.queens.count_solutions`.
``POST /api/queens/trace``
    ``{"n": 6}``: the depth-first backtracking of :class:`QueensProblem`, step
    by step: ``["place", row, col]``, ``["reject", row, col, attacking_row]``,
    ``["remove", row, col]``, ``["solution"]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tansuo.errors import InvalidInput
from tansuo.queens import QueensProblem, check_size, count_solutions, find_solutions
from tansuo.web.api import Call, Endpoint, Tab
from tansuo.web.limits import at_most

TAB = Tab("queens", "N-Queens", order=30)


def solutions(call: Call) -> dict[str, Any]:
    """The first solutions of an n x n board, one by one on the page."""
    n = at_most(check_size(call.integer("n")), call.limits.max_queens_count, "board size")
    listed = call.integer("max_solutions", call.limits.max_queens_listed)
    if listed < 1:
        raise InvalidInput(f"max_solutions must be at least 1, got {listed}")
    listed = at_most(listed, call.limits.max_queens_listed, "max_solutions")
    time_limit = call.limits.seconds(call.number("time_limit", None))
    return find_solutions(n, listed, time_limit=time_limit).as_dict()


def count(call: Call) -> dict[str, Any]:
    """How many solutions an n x n board has (all, or up to symmetry)."""
    n = at_most(check_size(call.integer("n")), call.limits.max_queens_count, "board size")
    return count_solutions(
        n,
        up_to_symmetry=call.flag("up_to_symmetry"),
        time_limit=call.limits.seconds(call.number("time_limit", None)),
    ).as_dict()


def trace(call: Call) -> dict[str, Any]:
    """The backtracking search's steps, for small boards."""
    n = at_most(check_size(call.integer("n")), call.limits.max_queens_trace, "board size")
    max_events = call.limits.max_trace_events
    events: list[list[Any]] = []
    found = 0
    for event in backtracking(QueensProblem(n)):
        if len(events) >= max_events or call.cancelled.is_set():
            return {"n": n, "events": events, "solutions": found, "complete": False}
        events.append(event)
        found += event[0] == "solution"
    return {"n": n, "events": events, "solutions": found, "complete": True}


def backtracking(problem: QueensProblem) -> Iterator[list[Any]]:
    """The depth-first search of :func:`tansuo.queens.reference_solutions`, as events.

    Row by row, every column is tried from the left: ``["reject", row, col,
    by]`` when the queen of row ``by`` attacks the square (the first such, top
    down), else ``["place", row, col]``, the rows below, and ``["remove", row,
    col]`` on the way back; ``["solution"]`` when the last row holds a queen.
    The placed queens are the problem's own successors, in its order.
    """
    n = problem.n

    def attacker(state: tuple[int, ...], row: int, col: int) -> int:
        for r, c in enumerate(state):
            if c == col or abs(c - col) == row - r:
                return r
        return -1

    def extend(state: tuple[int, ...]) -> Iterator[list[Any]]:
        if problem.is_goal(state):
            yield ["solution"]
            return
        row = len(state)
        safe = {col: child for col, child, _cost in problem.successors(state)}
        for col in range(n):
            if col not in safe:
                yield ["reject", row, col, attacker(state, row, col)]
                continue
            yield ["place", row, col]
            yield from extend(safe[col])
            yield ["remove", row, col]

    return extend(problem.initial_state)


ENDPOINTS = (
    Endpoint("POST", "/api/queens", solutions),
    Endpoint("POST", "/api/queens/count", count),
    Endpoint("POST", "/api/queens/trace", trace),
)

"""The sliding puzzle tab's adapter: ``tansuo.sliding`` (optimal, fast) or the generic engine.

``algorithm="optimal"`` (the page's default) is :func:`tansuo.sliding.solve`: IDA* with
the domain's best admissible heuristic; ``"zones"`` its zone strategy (the first row,
then the first column, then the rest: not optimal, little memory). The other names
run the generic engine's :class:`SlidingPuzzle`, so that the page can show the
textbook algorithms side by side.

With ``"stream": true`` the search is shown as it runs, one JSON line at a time
before the answer: for ``optimal``, each IDA* iteration as it begins (``"bound"``,
``"iteration"``, ``"new_bound": true``: the library's own bounds, told by
:func:`tansuo.sliding.solve`'s ``on_iteration``) and the counts between them;
for the generic engine, the expansions so far (and IDA*'s iteration) about ten
times a second.

``POST /api/sliding/solve``
    ``{"tiles": [1, 2, 3, 4, 5, 6, 0, 7, 8], "algorithm": "astar",
    "heuristic": "manhattan", "time_limit": s}``: the engine's
    :meth:`SearchResult.as_dict` (``solution``: the blank's moves, L U R D)
    with ``lurd`` (the same as one string) and ``tiles_moved`` (the tile each
    move slides), as DESIGN.md gives the sliding answer; ``wall_s`` (the whole
    call: the first optimal solve loads the pattern databases) and ``h_along``
    (the heuristic at each position of the solution; Manhattan for ``optimal``).
    For ``optimal`` the heuristic is ``best`` (the library's default: the exact
    table on 3x3, a pattern database on 4x4), ``linear`` or ``manhattan``, and
    ``bounds`` lists the bounds of IDA*'s iterations in order.
"""

from __future__ import annotations

import time
from typing import Any

from tansuo.errors import InvalidInput
from tansuo.search import SearchEvent
from tansuo.search.examples import HEURISTICS, SlidingPuzzle, solve_puzzle
from tansuo.web.api import Call, Emit, Endpoint, Tab
from tansuo.web.limits import at_most

TAB = Tab("sliding", "Sliding puzzle", order=40)

ALGORITHMS = ("optimal", "zones", "astar", "ida", "weighted", "greedy", "bfs")
"""``optimal`` is tansuo.sliding; the rest are the generic engine's (too slow past the 8-puzzle)."""

OPTIMAL_HEURISTICS = ("best", "linear", "manhattan")
"""``optimal``'s estimates: the library's default (tables), Manhattan + linear conflicts,
Manhattan."""

MAX_EXPANSIONS = 2_000_000
"""States a search may expand (the engine keeps every state seen: memory)."""

EVERY_S = 0.1
"""Seconds between two progress lines within an iteration (a new bound is told at once)."""


def _solve(
    puzzle: SlidingPuzzle, algorithm: str, heuristic: str, time_limit: float, emit: Emit | None
) -> Any:
    return solve_puzzle(
        puzzle,
        algorithm,
        heuristic=heuristic,
        time_limit=time_limit,
        max_expansions=MAX_EXPANSIONS,
        on_event=None if emit is None else _EngineProgress(algorithm, emit),
    )


class _EngineProgress:
    """An ``on_event`` of the generic engine: the expansions so far, about ten times a second.

    IDA* expands the start once per iteration (the event with no parent), so the
    iteration under way is counted from those.
    """

    def __init__(self, algorithm: str, emit: Emit) -> None:
        self.emit = emit
        self.ida = algorithm == "ida"
        self.expanded = 0
        self.iteration = 0
        self.started = time.perf_counter()
        self.next_at = self.started

    def __call__(self, event: SearchEvent) -> None:
        if event.kind != "expand":
            return
        self.expanded += 1
        new_iteration = self.ida and event.parent is None
        self.iteration += new_iteration
        if new_iteration or self.expanded & 255 == 0:
            now = time.perf_counter()
            if new_iteration or now >= self.next_at:
                self.next_at = now + EVERY_S
                line: dict[str, Any] = {"expanded": self.expanded, "elapsed_s": now - self.started}
                if self.ida:
                    line["iteration"] = self.iteration
                self.emit(line)


def solve(call: Call) -> dict[str, Any]:
    """Solve the position sent (optimally with A*, IDA* and BFS)."""
    tiles = call.integers("tiles")
    side = round(len(tiles) ** 0.5)
    if side * side != len(tiles) or side < 2:
        raise InvalidInput(f"a sliding puzzle needs n*n tiles (n >= 2), got {len(tiles)}")
    at_most(side, call.limits.max_sliding_side, "puzzle side")
    algorithm = call.choice("algorithm", ALGORITHMS, "astar")
    started = time.perf_counter()
    streamed = call.body.get("stream") is True
    if algorithm in ("optimal", "zones"):
        answer = _solve_optimally(
            tiles,
            call.limits.seconds(call.number("time_limit", None)),
            algorithm,
            call.choice("heuristic", OPTIMAL_HEURISTICS, "best") if algorithm == "optimal" else "",
            call.emit if streamed else None,
        )
        answer["wall_s"] = time.perf_counter() - started
        answer["h_along"] = h_along(tuple(tiles), list(answer.get("lurd") or ""), "manhattan")
        return answer
    puzzle = SlidingPuzzle(tuple(tiles))
    heuristic = call.choice("heuristic", HEURISTICS, "manhattan")
    result = _solve(
        puzzle,
        algorithm,
        heuristic,
        call.limits.seconds(call.number("time_limit", None)),
        call.emit if streamed else None,
    )
    answer = result.as_dict()
    answer.setdefault("algorithm", algorithm)
    answer.setdefault("heuristic", heuristic)
    answer["wall_s"] = time.perf_counter() - started
    answer["h_along"] = h_along(tuple(tiles), list(result.actions), heuristic)
    answer.pop("path", None)  # every state on the way: the moves say it in a few bytes
    moves = list(result.actions)
    answer["lurd"] = "".join(moves)
    answer["tiles_moved"] = tiles_moved(tuple(tiles), moves) if result.solved else []
    return answer


def _solve_optimally(
    tiles: list[int], time_limit: float, algorithm: str, heuristic: str, emit: Emit | None
) -> dict[str, Any]:
    """tansuo.sliding: IDA* with pattern databases, or the zone strategy (line by line)."""
    from tansuo.sliding import IdaProgress, default_heuristic, goal_board
    from tansuo.sliding import solve as solve_sliding

    bounds: list[float] = []
    next_at = [0.0]

    def told(progress: IdaProgress) -> None:  # runs in the search's thread, between slices
        if progress.new_bound:
            bounds.append(progress.bound)
        elif progress.elapsed_s < next_at[0]:
            return
        next_at[0] = progress.elapsed_s + EVERY_S
        if emit is not None:
            emit(
                {
                    "iteration": progress.iteration,
                    "bound": progress.bound,
                    "new_bound": progress.new_bound,
                    "nodes": progress.nodes,
                    "expanded": progress.expanded,
                    "elapsed_s": progress.elapsed_s,
                }
            )

    if algorithm == "zones":
        answer = solve_sliding(tiles, algorithm="zones", time_limit=time_limit).as_dict()
    else:
        side = round(len(tiles) ** 0.5)
        shape = (side, side)
        name = default_heuristic(shape, goal_board(shape)) if heuristic == "best" else heuristic
        if emit is not None and name not in ("manhattan", "linear"):
            # a table is loaded (or built) before the first bound: say so while it happens
            emit({"phase": "tables", "heuristic": name})
        answer = solve_sliding(
            tiles,
            algorithm="ida",
            heuristic=None if heuristic == "best" else heuristic,
            time_limit=time_limit,
            on_iteration=told,
        ).as_dict()
        answer["bounds"] = bounds
    answer["algorithm"] = algorithm
    answer["tiles_moved"] = answer["solution"] or []  # tansuo.sliding's solution: the tiles moved
    return answer


def h_along(tiles: tuple[int, ...], moves: list[str], heuristic: str) -> list[int]:
    """The heuristic's value at each position of the solution, start to goal.

    The page draws it beside g: with an admissible estimate ``g + h`` never
    exceeds the solution's length, and Manhattan falls by at most one a move.
    """
    estimate = SlidingPuzzle(tiles).heuristic_named(heuristic)
    side = round(len(tiles) ** 0.5)
    board = list(tiles)
    steps = {"L": -1, "R": 1, "U": -side, "D": side}
    values = [int(estimate(tuple(board)))]
    for move in moves:
        blank = board.index(0)
        target = blank + steps[move]
        board[blank], board[target] = board[target], 0
        values.append(int(estimate(tuple(board))))
    return values


def tiles_moved(tiles: tuple[int, ...], moves: list[str]) -> list[int]:
    """The tile each of the blank's moves slides, in order."""
    side = round(len(tiles) ** 0.5)
    board = list(tiles)
    steps = {"L": -1, "R": 1, "U": -side, "D": side}
    moved = []
    for move in moves:
        blank = board.index(0)
        target = blank + steps[move]
        moved.append(board[target])
        board[blank], board[target] = board[target], 0
    return moved


ENDPOINTS = (Endpoint("POST", "/api/sliding/solve", solve, stream=True),)

"""The sliding puzzle tab's adapter: ``tansuo.sliding`` (optimal, fast) or the generic engine.

``algorithm="optimal"`` (the page's default) is :func:`tansuo.sliding.solve`: IDA* with
the domain's best admissible heuristic; ``"zones"`` its zone strategy (the first row,
then the first column, then the rest: not optimal, little memory). The other names
run the generic engine's :class:`SlidingPuzzle`, so that the page can show the
textbook algorithms side by side.

``POST /api/sliding/solve``
    ``{"tiles": [1, 2, 3, 4, 5, 6, 0, 7, 8], "algorithm": "astar",
    "heuristic": "manhattan", "time_limit": s}``: the engine's
    :meth:`SearchResult.as_dict` (``solution``: the blank's moves, L U R D)
    with ``lurd`` (the same as one string) and ``tiles_moved`` (the tile each
    move slides), as DESIGN.md gives the sliding answer; ``wall_s`` (the whole
    call: the first optimal solve loads the pattern databases) and ``h_along``
    (the heuristic at each position of the solution; Manhattan for ``optimal``).
"""

from __future__ import annotations

import time
from typing import Any

from tansuo.errors import InvalidInput
from tansuo.search.examples import HEURISTICS, SlidingPuzzle, solve_puzzle
from tansuo.web.api import Call, Endpoint, Tab
from tansuo.web.limits import at_most

TAB = Tab("sliding", "Sliding puzzle", order=40)

ALGORITHMS = ("optimal", "zones", "astar", "ida", "weighted", "greedy", "bfs")
"""``optimal`` is tansuo.sliding; the rest are the generic engine's (too slow past the 8-puzzle)."""

MAX_EXPANSIONS = 2_000_000
"""States a search may expand (the engine keeps every state seen: memory)."""


def _solve(puzzle: SlidingPuzzle, algorithm: str, heuristic: str, time_limit: float) -> Any:
    return solve_puzzle(
        puzzle,
        algorithm,
        heuristic=heuristic,
        time_limit=time_limit,
        max_expansions=MAX_EXPANSIONS,
    )


def solve(call: Call) -> dict[str, Any]:
    """Solve the position sent (optimally with A*, IDA* and BFS)."""
    tiles = call.integers("tiles")
    side = round(len(tiles) ** 0.5)
    if side * side != len(tiles) or side < 2:
        raise InvalidInput(f"a sliding puzzle needs n*n tiles (n >= 2), got {len(tiles)}")
    at_most(side, call.limits.max_sliding_side, "puzzle side")
    algorithm = call.choice("algorithm", ALGORITHMS, "astar")
    started = time.perf_counter()
    if algorithm in ("optimal", "zones"):
        answer = _solve_optimally(
            tiles, call.limits.seconds(call.number("time_limit", None)), algorithm
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


def _solve_optimally(tiles: list[int], time_limit: float, algorithm: str) -> dict[str, Any]:
    """tansuo.sliding: IDA* with pattern databases, or the zone strategy (line by line)."""
    from tansuo.sliding import solve as solve_sliding

    kind = "zones" if algorithm == "zones" else "ida"
    answer = solve_sliding(tiles, algorithm=kind, time_limit=time_limit).as_dict()
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


ENDPOINTS = (Endpoint("POST", "/api/sliding/solve", solve),)

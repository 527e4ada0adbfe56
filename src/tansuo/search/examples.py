"""Small problems written against the :class:`Problem` protocol.

They are what the tests and ``tansuo bench search`` run, and a template for
writing your own problem.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from tansuo.errors import InvalidInput
from tansuo.search._budget import Counters, OnEvent, SearchBudget
from tansuo.search.algorithms import algorithm_named
from tansuo.search.result import SearchResult

Board = tuple[int, ...]

HEURISTICS = ("manhattan", "hamming", "zero")
"""The sliding puzzle's estimates by name, strongest first (all admissible)."""

UNSOLVABLE_PROOF = "the permutation parity (inversions) differs from the goal's"

#: (name, row delta, column delta) of the blank's moves, in LURD order.
_MOVES = (("L", 0, -1), ("U", -1, 0), ("R", 0, 1), ("D", 1, 0))


@dataclass(slots=True)
class SlidingPuzzle:
    """The sliding-tile puzzle as a search problem: tansuo's one model of it. 0 is the blank.

    A state is a tuple of tiles in row-major order. An action is the blank's
    move, one of ``"L"``, ``"U"``, ``"R"``, ``"D"``; every move costs 1. The
    board is square unless ``shape`` gives ``(rows, cols)``; the goal defaults
    to ``1, 2, ..., 0``. ``heuristic`` is the sum of Manhattan distances of
    the tiles (the blank not counted): admissible and consistent.
    :mod:`tansuo.sliding` searches the same puzzle in numba and checks its
    answers against this model (``tansuo.sliding.SlidingProblem``).

    Examples
    --------
    >>> from tansuo.search import astar
    >>> from tansuo.search.examples import SlidingPuzzle
    >>> astar(SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))).actions
    ['R', 'R']
    >>> SlidingPuzzle((1, 2, 3, 0, 4, 5), shape=(2, 3)).is_solvable()
    True
    """

    initial_state: Board
    goal: Board = ()
    shape: tuple[int, int] = ()  # type: ignore[assignment]
    size: int = field(init=False)
    _goal_pos: tuple[tuple[int, int], ...] = field(init=False, repr=False)
    _neighbours: tuple[tuple[tuple[str, int], ...], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        cells = len(self.initial_state)
        if not self.shape:
            n = round(cells**0.5)
            if n < 2 or n * n != cells:
                raise InvalidInput(f"a sliding puzzle needs n*n tiles (n >= 2), got {cells}")
            self.shape = (n, n)
        rows, cols = self.shape
        if rows * cols != cells:
            raise InvalidInput(f"a {rows}x{cols} puzzle needs {rows * cols} tiles, got {cells}")
        self.size = cols
        if not self.goal:
            self.goal = (*range(1, cells), 0)
        for name, board in (("start", self.initial_state), ("goal", self.goal)):
            if sorted(board) != list(range(cells)):
                raise InvalidInput(f"{name} must hold each of 0..{cells - 1} once, got {board}")
        pos = [(0, 0)] * cells
        for i, tile in enumerate(self.goal):
            pos[tile] = divmod(i, cols)
        self._goal_pos = tuple(pos)
        self._neighbours = tuple(
            tuple(
                (name, (r + dr) * cols + c + dc)
                for name, dr, dc in _MOVES
                if 0 <= r + dr < rows and 0 <= c + dc < cols
            )
            for r, c in (divmod(i, cols) for i in range(cells))
        )

    def is_goal(self, state: Board) -> bool:
        return state == self.goal

    def successors(self, state: Board) -> Iterator[tuple[str, Board, int]]:
        blank = state.index(0)
        for name, target in self._neighbours[blank]:
            tiles = list(state)
            tiles[blank], tiles[target] = tiles[target], 0
            yield name, tuple(tiles), 1

    def heuristic(self, state: Board) -> int:
        cols = self.size
        goal_pos = self._goal_pos
        total = 0
        for i, tile in enumerate(state):
            if tile:
                gr, gc = goal_pos[tile]
                total += abs(i // cols - gr) + abs(i % cols - gc)
        return total

    def hamming(self, state: Board) -> int:
        """Tiles out of place (blank not counted); admissible, weaker than Manhattan."""
        return sum(1 for a, b in zip(state, self.goal, strict=True) if a and a != b)

    def is_solvable(self) -> bool:
        """Whether the goal is reachable: :func:`parity` is 0 (Sam Loyd's rule, exact)."""
        return parity(self.initial_state, self.goal, self.size) == 0

    def heuristic_named(self, name: str) -> Callable[[Board], int]:
        """One of :data:`HEURISTICS`: ``"manhattan"``, ``"hamming"`` or ``"zero"``."""
        if name == "manhattan":
            return self.heuristic
        if name == "hamming":
            return self.hamming
        if name == "zero":
            return _zero
        raise InvalidInput(f"unknown heuristic {name!r}; choose one of: {', '.join(HEURISTICS)}")


def _zero(_board: Board) -> int:
    return 0


def permutation_parity(board: Sequence[int], goal: Sequence[int]) -> int:
    """Parity (0 even, 1 odd) of the permutation taking ``goal`` to ``board`` (blank included).

    Examples
    --------
    >>> permutation_parity((2, 1, 0), (1, 2, 0))
    1
    """
    where = {tile: i for i, tile in enumerate(goal)}
    perm = [where[tile] for tile in board]
    seen = [False] * len(perm)
    result = 0
    for start in range(len(perm)):
        if seen[start]:
            continue
        length = 0
        i = start
        while not seen[i]:
            seen[i] = True
            i = perm[i]
            length += 1
        result ^= (length - 1) & 1
    return result


def parity(board: Sequence[int], goal: Sequence[int], cols: int) -> int:
    """0 when ``goal`` can be reached from ``board``: the permutation's parity plus the
    blank's taxicab distance, both even or both odd (every move changes both by one).

    Examples
    --------
    >>> parity((1, 2, 3, 4, 5, 6, 0, 7, 8), (1, 2, 3, 4, 5, 6, 7, 8, 0), 3)
    0
    >>> parity((2, 1, 3, 4, 5, 6, 7, 8, 0), (1, 2, 3, 4, 5, 6, 7, 8, 0), 3)
    1
    """
    here, there = list(board).index(0), list(goal).index(0)
    blank = abs(here // cols - there // cols) + abs(here % cols - there % cols)
    return (permutation_parity(board, goal) + blank) & 1


def random_puzzle(n: int = 3, *, rng: random.Random | None = None) -> SlidingPuzzle:
    """A uniformly random solvable (n*n - 1)-puzzle."""
    rng = rng or random.Random()
    tiles = list(range(n * n))
    while True:
        rng.shuffle(tiles)
        puzzle = SlidingPuzzle(tuple(tiles))
        if puzzle.is_solvable():
            return puzzle


def parse_tiles(text: str) -> Board:
    """Tiles row by row from ``"1 2 3 4 5 6 0 7 8"``, ``"1,2,3,..."`` or ``"123456078"``.

    ``0``, ``_`` and ``.`` are the blank. Whether the tiles make a puzzle is
    checked by :class:`SlidingPuzzle`.

    Examples
    --------
    >>> parse_tiles("1 2 3 4 5 6 _ 7 8"), parse_tiles("123456078")[6]
    ((1, 2, 3, 4, 5, 6, 0, 7, 8), 0)
    """
    text = text.strip()
    if not text:
        raise InvalidInput("empty puzzle: give the tiles row by row, 0 for the blank")
    parts = re.split(r"[\s,;/]+", text) if re.search(r"[\s,;/]", text) else list(text)
    tiles = []
    for position, part in enumerate(parts, start=1):
        if part in ("_", ".", "0"):
            tiles.append(0)
        elif part.isdecimal():
            tiles.append(int(part))
        else:
            raise InvalidInput(
                f"tile {position}: {part!r} is not a number (0, _ or . is the blank)"
            )
    return tuple(tiles)


def solve_puzzle(
    puzzle: SlidingPuzzle,
    algorithm: str = "astar",
    *,
    heuristic: str = "manhattan",
    weight: float = 2.0,
    on_event: OnEvent | None = None,
    **budgets: Any,
) -> SearchResult[Board, str]:
    """Solve a sliding puzzle with one of the engine's algorithms, by name.

    An unsolvable puzzle is answered at once with ``"no_solution"``: the
    inversion parity is invariant under moves (:data:`UNSOLVABLE_PROOF`), so
    no search is needed to prove it.

    Parameters
    ----------
    puzzle : SlidingPuzzle
    algorithm : str
        A name of :data:`tansuo.search.ALGORITHMS`.
    heuristic : str
        One of :data:`HEURISTICS`, for the informed algorithms.
    weight : float
        ``w`` in ``g + w*h``, for weighted A*.
    on_event : callable, optional
        As for the algorithms (e.g. a :class:`~tansuo.search.trace.Tracer`).
    **budgets
        ``max_expansions``, ``time_limit``, ... as the algorithm takes them.

    Examples
    --------
    >>> solve_puzzle(SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8)), "ida").actions
    ['R', 'R']
    """
    chosen = algorithm_named(algorithm)
    estimate = puzzle.heuristic_named(heuristic)
    if not puzzle.is_solvable():
        # the budgets are checked all the same: bad input is bad whatever the puzzle
        budget = SearchBudget(
            budgets.get("max_expansions"), budgets.get("time_limit"), budgets.get("max_frontier")
        )
        return SearchResult("no_solution", stats=budget.stats(Counters()))
    return chosen.run(puzzle, heuristic=estimate, weight=weight, on_event=on_event, **budgets)

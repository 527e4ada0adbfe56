"""Sliding-tile boards: shapes, goals, moves and the permutation-parity rule.

A board is a tuple of tiles in row-major order, 0 the blank, with a shape
``(rows, cols)``. A move is named by the way the *blank* goes: ``L``, ``U``,
``R``, ``D`` (the tile beside it slides the other way), as in the documents.

Which boards can reach which is decided at once by parity (Sam Loyd's 14-15):
moving the blank swaps it with a tile, one transposition, and moves it one
step, so ``parity(permutation) + blank's taxicab distance`` never changes.
Two boards are connected exactly when that sum is even between them.

>>> puzzle = Puzzle((1, 2, 3, 4, 5, 6, 7, 0, 8), (3, 3))
>>> puzzle.is_solvable(), puzzle.play("R") == puzzle.goal
(True, True)
>>> Puzzle((2, 1, 3, 4, 5, 6, 7, 8, 0), (3, 3)).unsolvable_reason()
'the permutation parity differs from the goal (odd), so no sequence of moves reaches it'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from tansuo.errors import InvalidInput
from tansuo.search.examples import parity

Board = tuple[int, ...]
"""Tiles in row-major order, 0 the blank."""
Shape = tuple[int, int]
"""``(rows, cols)``."""

MIN_SIDE = 2
MAX_SIDE = 8
MAX_CELLS = 64

MOVES = "LURD"
"""The blank's moves, in the order the kernels try them."""
DELTAS = {"L": (0, -1), "U": (-1, 0), "R": (0, 1), "D": (1, 0)}
OPPOSITE = {"L": "R", "R": "L", "U": "D", "D": "U"}

GOALS = ("blank-last", "blank-first")
"""Named goals: ``1 2 ... n 0`` (the documents' convention) or ``0 1 ... n`` (Korf's)."""


def check_shape(shape: Shape) -> Shape:
    """``shape`` if each side is MIN_SIDE..MAX_SIDE; else a clear InvalidInput."""
    rows, cols = shape
    for name, side in (("rows", rows), ("columns", cols)):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise InvalidInput(f"a sliding puzzle needs {MIN_SIDE}..{MAX_SIDE} {name}, got {side}")
    return rows, cols


def goal_board(shape: Shape, goal: str = "blank-last") -> Board:
    """The named goal of a shape: ``"blank-last"`` (1 2 ... 0) or ``"blank-first"`` (0 1 ...).

    Parameters
    ----------
    shape : (rows, cols)
        The board's shape.
    goal : str
        ``"blank-last"`` (default) or ``"blank-first"``.

    Returns
    -------
    tuple of int

    Raises
    ------
    InvalidInput
        An unknown goal name or a shape out of range.

    Examples
    --------
    >>> goal_board((3, 3)), goal_board((2, 3), "blank-first")
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), (0, 1, 2, 3, 4, 5))
    """
    cells = shape[0] * shape[1]
    if goal == "blank-last":
        return (*range(1, cells), 0)
    if goal == "blank-first":
        return tuple(range(cells))
    raise InvalidInput(f"unknown goal {goal!r}; use blank-last, blank-first or a board")


def check_board(tiles: Sequence[int], shape: Shape, what: str = "board") -> Board:
    """``tiles`` as a Board if it holds each of 0..cells-1 once; else InvalidInput."""
    rows, cols = check_shape(shape)
    cells = rows * cols
    board = tuple(int(t) for t in tiles)
    if len(board) != cells:
        raise InvalidInput(f"a {rows}x{cols} {what} has {cells} tiles, got {len(board)}")
    if sorted(board) != list(range(cells)):
        seen: set[int] = set()
        for tile in board:
            if not 0 <= tile < cells:
                raise InvalidInput(f"{what}: tile {tile} is outside 0..{cells - 1}")
            if tile in seen:
                raise InvalidInput(f"{what}: tile {tile} appears twice")
            seen.add(tile)
    return board


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A start board, its shape and the goal it should reach.

    Parameters
    ----------
    tiles : sequence of int
        Row-major, 0 the blank.
    shape : (rows, cols)
    goal : sequence of int or str, optional
        A board, or ``"blank-last"`` (the default) / ``"blank-first"``.

    Raises
    ------
    InvalidInput
        A shape outside 2..8 per side, a board or goal that is not a
        permutation of 0..cells-1.

    Examples
    --------
    >>> puzzle = Puzzle([2, 1, 3, 4, 5, 6, 7, 8, 0], (3, 3))
    >>> puzzle.goal, puzzle.is_solvable(), puzzle.manhattan()
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), False, 2)
    """

    tiles: Board
    shape: Shape
    goal: Board = field(default=())

    def __init__(
        self, tiles: Sequence[int], shape: Shape, goal: Sequence[int] | str = "blank-last"
    ) -> None:
        shape = check_shape((int(shape[0]), int(shape[1])))
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "tiles", check_board(tiles, shape))
        named = goal_board(shape, goal) if isinstance(goal, str) else goal
        object.__setattr__(self, "goal", check_board(named, shape, "goal"))

    @property
    def rows(self) -> int:
        return self.shape[0]

    @property
    def cols(self) -> int:
        return self.shape[1]

    @property
    def cells(self) -> int:
        return self.shape[0] * self.shape[1]

    def is_goal(self) -> bool:
        return self.tiles == self.goal

    def parity(self) -> int:
        """0 when the goal is reachable: permutation parity plus the blank's taxicab distance."""
        return parity(self.tiles, self.goal, self.cols)

    def is_solvable(self) -> bool:
        """Whether some sequence of moves reaches the goal (the parity rule; exact)."""
        return self.parity() == 0

    def unsolvable_reason(self) -> str | None:
        """Why the goal cannot be reached, in words; None when it can."""
        if self.is_solvable():
            return None
        return (
            "the permutation parity differs from the goal (odd), so no sequence of moves reaches it"
        )

    def manhattan(self) -> int:
        """Sum of the tiles' taxicab distances to their goal cells (blank not counted)."""
        return manhattan(self.tiles, self.goal, self.cols)

    def play(self, moves: str | Sequence[str]) -> Board:
        """The board after the blank's moves (``LURD`` letters); InvalidInput if one is illegal."""
        return play(self.tiles, self.shape, moves)

    def with_tiles(self, tiles: Sequence[int]) -> Puzzle:
        return Puzzle(tiles, self.shape, self.goal)


def manhattan(board: Sequence[int], goal: Sequence[int], cols: int) -> int:
    """Sum over tiles (not the blank) of the taxicab distance to the goal cell."""
    where = {tile: i for i, tile in enumerate(goal)}
    total = 0
    for i, tile in enumerate(board):
        if tile:
            j = where[tile]
            total += abs(i // cols - j // cols) + abs(i % cols - j % cols)
    return total


def play(tiles: Sequence[int], shape: Shape, moves: str | Sequence[str]) -> Board:
    """Apply the blank's moves to ``tiles``; InvalidInput if one leaves the board.

    Parameters
    ----------
    tiles : sequence of int
        Row-major, 0 the blank.
    shape : (rows, cols)
        The board's shape.
    moves : str or sequence of str
        The blank's moves, ``L U R D`` (the direction the blank goes).

    Returns
    -------
    tuple of int
        The board after the moves.

    Raises
    ------
    InvalidInput
        A move that takes the blank off the board (naming it), or an unknown letter.

    Examples
    --------
    >>> play((1, 2, 3, 4, 0, 6, 7, 5, 8), (3, 3), "DR")
    (1, 2, 3, 4, 5, 6, 7, 8, 0)
    """
    rows, cols = shape
    board = list(tiles)
    blank = board.index(0)
    for step, move in enumerate(moves, start=1):
        if move not in DELTAS:
            raise InvalidInput(f"move {step}: {move!r} is not one of L, U, R, D")
        dr, dc = DELTAS[move]
        r, c = divmod(blank, cols)
        if not (0 <= r + dr < rows and 0 <= c + dc < cols):
            raise InvalidInput(f"move {step}: {move} takes the blank off the board")
        target = (r + dr) * cols + c + dc
        board[blank], board[target] = board[target], 0
        blank = target
    return tuple(board)


def tiles_moved(tiles: Sequence[int], shape: Shape, moves: str | Sequence[str]) -> list[int]:
    """The tile that slides at each of the blank's moves.

    Parameters
    ----------
    tiles : sequence of int
        Row-major, 0 the blank.
    shape : (rows, cols)
        The board's shape.
    moves : str or sequence of str
        The blank's moves, ``L U R D`` (the direction the blank goes).

    Returns
    -------
    list of int
        One tile per move.

    Raises
    ------
    InvalidInput
        As :func:`play` does.

    Examples
    --------
    >>> tiles_moved((1, 2, 3, 4, 0, 6, 7, 5, 8), (3, 3), "DR")
    [5, 8]
    """
    cols = shape[1]
    board = list(tiles)
    blank = board.index(0)
    out = []
    for move in moves:
        dr, dc = DELTAS[move]
        target = blank + dr * cols + dc
        out.append(board[target])
        board[blank], board[target] = board[target], 0
        blank = target
    return out


def random_puzzle(
    shape: Shape, *, goal: Sequence[int] | str = "blank-last", rng: random.Random | None = None
) -> Puzzle:
    """A uniformly random solvable board of ``shape`` (a random permutation, fixed by parity).

    Parameters
    ----------
    shape : (rows, cols)
        The board's shape.
    goal : "blank-last", "blank-first" or a board
        The goal board, by name or tiles.
    rng : random.Random, optional
        The source of randomness (default: a fresh unseeded one).

    Returns
    -------
    Puzzle

    Examples
    --------
    >>> import random
    >>> random_puzzle((3, 3), rng=random.Random(1)).is_solvable()
    True
    """
    rng = rng or random.Random()
    target = Puzzle(goal_board(shape), shape, goal)
    tiles = list(target.goal)
    rng.shuffle(tiles)
    puzzle = target.with_tiles(tiles)
    if not puzzle.is_solvable():
        # swapping two tiles (neither the blank) flips the parity
        a, b = [i for i, tile in enumerate(tiles) if tile][:2]
        tiles[a], tiles[b] = tiles[b], tiles[a]
        puzzle = target.with_tiles(tiles)
    return puzzle


def scrambled(
    shape: Shape,
    steps: int,
    *,
    goal: Sequence[int] | str = "blank-last",
    rng: random.Random | None = None,
) -> Puzzle:
    """The goal after ``steps`` random blank moves (never undoing the last): near-goal boards.

    Parameters
    ----------
    shape : (rows, cols)
        The board's shape.
    steps : int
        How many random moves of the blank.
    goal : "blank-last", "blank-first" or a board
        The goal board, by name or tiles.
    rng : random.Random, optional
        The source of randomness (default: a fresh unseeded one).

    Returns
    -------
    Puzzle
        At most ``steps`` moves from the goal.

    Examples
    --------
    >>> import random
    >>> puzzle = scrambled((4, 4), 10, rng=random.Random(1))
    >>> puzzle.is_solvable(), puzzle.manhattan() <= 10
    (True, True)
    """
    rng = rng or random.Random()
    target = Puzzle(goal_board(shape), shape, goal)
    rows, cols = shape
    board = list(target.goal)
    blank = board.index(0)
    last = ""
    for _ in range(steps):
        options = []
        for move, (dr, dc) in DELTAS.items():
            r, c = divmod(blank, cols)
            if 0 <= r + dr < rows and 0 <= c + dc < cols and move != OPPOSITE.get(last, ""):
                options.append(move)
        move = rng.choice(options)
        dr, dc = DELTAS[move]
        target_cell = blank + dr * cols + dc
        board[blank], board[target_cell] = board[target_cell], 0
        blank, last = target_cell, move
    return target.with_tiles(board)

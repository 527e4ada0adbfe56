"""Text pictures of a Gomoku board: ``X`` black, ``O`` white, ``.`` empty.

>>> from tansuo.gomoku import Board
>>> print(format_board(Board(5, moves=["c3", "c4"])))
   a b c d e
 5 . . . . .  5
 4 . .[O]. .  4
 3 . . X . .  3
 2 . . . . .  2
 1 . . . . .  1
   a b c d e
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tansuo.gomoku import _kernels as K

if TYPE_CHECKING:
    from tansuo.gomoku.model import Board

SYMBOLS = {K.EMPTY: ".", K.BLACK: "X", K.WHITE: "O"}
MOVE_LABELS = "123456789abcdefghijklmnopqrstuvwyz"
"""How the moves of a sequence are numbered on the board: 1-9, then letters."""


def format_board(
    board: Board, *, marks: Iterable[int] = (), numbers: dict[int, int] | None = None
) -> str:
    """The board as text, rows numbered from the bottom, the last move in brackets.

    Parameters
    ----------
    board : Board
        The position.
    marks : iterable of int
        Cells shown as ``*`` (e.g. forbidden points).
    numbers : dict, optional
        Cells shown with their move number in a sequence (1-9, then a, b, c, ...).

    Returns
    -------
    str
        The column letters above and below, one line a row between.

    Examples
    --------
    >>> from tansuo.gomoku import Board
    >>> "X" in format_board(Board(9, moves=["e5"]))
    True
    """
    from tansuo.gomoku.model import LETTERS

    marked = set(marks)
    numbers = numbers or {}
    last = board.history[-1] if board.history else None
    letters = " ".join(LETTERS[: board.width])
    lines = [f"   {letters}"]
    for y in range(board.height):
        row = board.height - y
        cells = []
        seps = [" "] * (board.width + 1)
        for x in range(board.width):
            cell = board.index(x, y)
            if cell in numbers:
                cells.append(MOVE_LABELS[(numbers[cell] - 1) % len(MOVE_LABELS)])
            elif cell in marked and board.stone(cell) == K.EMPTY:
                cells.append("*")
            else:
                cells.append(SYMBOLS[board.stone(cell)])
            if cell == last:
                seps[x], seps[x + 1] = "[", "]"
        body = "".join(sep + text for sep, text in zip(seps, cells, strict=False)) + seps[-1]
        lines.append(f"{row:2d}{body} {row}")
    lines.append(f"   {letters}")
    return "\n".join(lines)

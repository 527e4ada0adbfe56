"""Text pictures of a Gomoku board: ``X`` black, ``O`` white, ``.`` empty.

>>> from tansuo.gomoku import Board
>>> print(format_board(Board(5, moves=["c3", "c4"])))
   a b c d e
 5 . . . . .  5
 4 . . O . .  4
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


def format_board(
    board: Board, *, marks: Iterable[int] = (), numbers: dict[int, int] | None = None
) -> str:
    """The board as text, rows numbered from the bottom, the last move in brackets.

    ``marks``: cells shown as ``*`` (e.g. forbidden points); ``numbers``: cells
    shown with a move number (a threat sequence), the number's last digit.
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
        for x in range(board.width):
            cell = board.index(x, y)
            if cell in numbers:
                cells.append(str(numbers[cell] % 10))
            elif cell in marked and board.stone(cell) == K.EMPTY:
                cells.append("*")
            else:
                cells.append(SYMBOLS[board.stone(cell)])
        text = " ".join(cells)
        if last is not None and board.xy(last)[1] == y:
            x = board.xy(last)[0]
            chars = list(" " + text + " ")
            chars[2 * x] = "["
            chars[2 * x + 2] = "]"
            text = "".join(chars)[1:-1]
        lines.append(f"{row:2d} {text}  {row}")
    lines.append(f"   {letters}")
    return "\n".join(lines)

"""The text form of N-Queens boards: rows of ``.`` and ``Q``, as the chapter prints them."""

from __future__ import annotations

from collections.abc import Sequence

from tansuo.errors import InvalidInput
from tansuo.queens.model import Placement


def format_board(placement: Sequence[int]) -> str:
    """The board as rows of ``.`` and ``Q`` separated by spaces (the chapter's picture).

    Parameters
    ----------
    placement : sequence of int
        The queen's column in each row, from 0.

    Returns
    -------
    str
        One line per row.

    Examples
    --------
    >>> print(format_board((1, 3, 0, 2)))
    . Q . .
    . . . Q
    Q . . .
    . . Q .
    """
    n = len(placement)
    return "\n".join(" ".join("Q" if c == col else "." for c in range(n)) for col in placement)


def parse_board(text: str) -> Placement:
    """Read a board of ``.`` and ``Q`` (spaces optional), one row per line.

    Parameters
    ----------
    text : str
        The board.

    Returns
    -------
    tuple of int
        The queen's column in each row.

    Raises
    ------
    InvalidInput
        Other characters, rows of different length, a row without exactly one queen.

    Examples
    --------
    >>> parse_board(". Q . .\\n. . . Q\\nQ . . .\\n. . Q .")
    (1, 3, 0, 2)
    """
    rows = [line.replace(" ", "") for line in text.splitlines() if line.strip()]
    if not rows:
        raise InvalidInput("empty board")
    n = len(rows)
    placement = []
    for number, row in enumerate(rows, start=1):
        bad = next((ch for ch in row if ch not in ".Q"), None)
        if bad is not None:
            raise InvalidInput(f"unexpected character {bad!r}; use . and Q", line=number)
        if len(row) != n:
            raise InvalidInput(f"row has {len(row)} squares, expected {n}", line=number)
        if row.count("Q") != 1:
            raise InvalidInput(f"row has {row.count('Q')} queens, expected 1", line=number)
        placement.append(row.index("Q"))
    return tuple(placement)

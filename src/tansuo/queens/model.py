"""N-Queens placements: validation, symmetry, and the board text of the chapter.

A placement is a tuple with the queen's column for each row, ``(1, 3, 0, 2)``
for the board::

    . Q . .
    . . . Q
    Q . . .
    . . Q .
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence

from tansuo.budget import shown_number
from tansuo.errors import InvalidInput

MAX_N = 60
"""Largest board the exact search takes (counting, listing in order): a row's squares
must fit in one 64-bit word (with room to shift)."""

MAX_N_FOUND = 1_000_000
"""Largest board :func:`~tansuo.queens.find_solutions` answers (by construction and
min-conflicts beyond :data:`MAX_N`)."""

Placement = tuple[int, ...]
"""The queen's column in each row, from 0, top row first."""


def check_size(n: object, limit: int = MAX_N) -> int:
    """``n`` as an int, or InvalidInput when it is not a board size from 1 to ``limit``.

    ``limit`` is :data:`MAX_N` for the exact search (counting) and
    :data:`MAX_N_FOUND` for finding solutions.

    Parameters
    ----------
    n : object
        The size given.
    limit : int
        The largest size allowed.

    Returns
    -------
    int

    Raises
    ------
    InvalidInput
        Not a whole number from 1 to ``limit``.

    Examples
    --------
    >>> check_size(8), check_size(1000, limit=MAX_N_FOUND)
    (8, 1000)
    """
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise InvalidInput(f"board size must be a whole number, got {n!r}")
    n = int(n)
    if n < 1:
        raise InvalidInput(f"board size must be at least 1, got {shown_number(n)}")
    if n > limit:
        n_shown = shown_number(n)  # never str() of a 5,000-digit number
        if limit == MAX_N < MAX_N_FOUND:
            raise InvalidInput(
                f"board size {n_shown} is too large to count; counting handles 1..{MAX_N} "
                f"(solutions are found up to {MAX_N_FOUND:,})"
            )
        raise InvalidInput(f"board size {n_shown} is too large; tansuo handles 1..{limit:,}")
    return n


def attacks(row_a: int, col_a: int, row_b: int, col_b: int) -> bool:
    """Whether queens on ``(row_a, col_a)`` and ``(row_b, col_b)`` attack each other."""
    return col_a == col_b or row_a == row_b or abs(col_a - col_b) == abs(row_a - row_b)


def is_solution(placement: Sequence[int]) -> bool:
    """Whether a full placement has no two queens attacking each other.

    The check of every answer, independent of how it was found: one queen per
    column, and at most one on each diagonal (``row + col`` and ``row - col``
    all different), in time linear in ``n`` (numpy for large boards).

    Parameters
    ----------
    placement : sequence of int
        The queen's column in each row, from 0.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_solution((1, 3, 0, 2)), is_solution((0, 1, 2, 3))
    (True, False)
    """
    n = len(placement)
    if n > 64:
        import numpy as np

        cols = np.asarray(placement)
        if cols.ndim != 1 or cols.dtype.kind not in "iu":
            return False
        rows = np.arange(n, dtype=np.int64)
        cols = cols.astype(np.int64)
        if cols.min() < 0 or cols.max() >= n:
            return False
        lines = (cols, rows + cols, rows - cols + n - 1)
        return all(int(np.bincount(line).max()) == 1 for line in lines)
    if any(not 0 <= c < n for c in placement):
        return False
    return all(
        len(set(line)) == n
        for line in (
            placement,
            [r + c for r, c in enumerate(placement)],
            [r - c for r, c in enumerate(placement)],
        )
    )


def symmetries(placement: Sequence[int]) -> list[Placement]:
    """The 8 images of a placement under the rotations and reflections of the board.

    Parameters
    ----------
    placement : sequence of int
        The queen's column in each row, from 0.

    Returns
    -------
    list of tuple of int
        The 8 images (some equal when the placement is symmetric).

    Examples
    --------
    >>> sorted(set(symmetries((1, 3, 0, 2))))  # the 4x4 solution and its mirror image
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    n = len(placement)
    cells = [(r, c) for r, c in enumerate(placement)]
    images = []
    for turns in range(4):
        for flip in (False, True):
            moved = []
            for r, c in cells:
                if flip:
                    c = n - 1 - c
                for _ in range(turns):  # rotate 90 degrees clockwise
                    r, c = c, n - 1 - r
                moved.append((r, c))
            image = [0] * n
            for r, c in moved:
                image[r] = c
            images.append(tuple(image))
    return images


def canonical(placement: Sequence[int]) -> Placement:
    """The least of the 8 symmetric images: one representative per class.

    Parameters
    ----------
    placement : sequence of int
        The queen's column in each row, from 0.

    Returns
    -------
    tuple of int

    Examples
    --------
    >>> canonical((2, 0, 3, 1))
    (1, 3, 0, 2)
    """
    return min(symmetries(placement))

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

from tansuo.errors import InvalidInput

MAX_N = 60
"""Largest board: a row's squares must fit in one 64-bit word (with room to shift)."""

Placement = tuple[int, ...]


def check_size(n: object) -> int:
    """``n`` as an int, or InvalidInput when it is not a board size tansuo can handle.

    Example
    -------
    >>> check_size(8)
    8
    """
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise InvalidInput(f"board size must be a whole number, got {n!r}")
    n = int(n)
    if n < 1:
        raise InvalidInput(f"board size must be at least 1, got {n}")
    if n > MAX_N:
        raise InvalidInput(f"board size {n} is too large; tansuo handles 1..{MAX_N}")
    return n


def attacks(row_a: int, col_a: int, row_b: int, col_b: int) -> bool:
    """Whether queens on ``(row_a, col_a)`` and ``(row_b, col_b)`` attack each other."""
    return col_a == col_b or row_a == row_b or abs(col_a - col_b) == abs(row_a - row_b)


def is_solution(placement: Sequence[int]) -> bool:
    """Whether a full placement has no two queens attacking each other.

    Example
    -------
    >>> is_solution((1, 3, 0, 2)), is_solution((0, 1, 2, 3))
    (True, False)
    """
    n = len(placement)
    if any(not 0 <= c < n for c in placement):
        return False
    return not any(
        attacks(r1, placement[r1], r2, placement[r2]) for r1 in range(n) for r2 in range(r1)
    )


def symmetries(placement: Sequence[int]) -> list[Placement]:
    """The 8 images of a placement under the rotations and reflections of the board."""
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
    """The least of the 8 symmetric images: one representative per class."""
    return min(symmetries(placement))

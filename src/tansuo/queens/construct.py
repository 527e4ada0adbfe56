"""N-Queens solutions without a tree search: the explicit construction and min-conflicts.

The exact search finds the lexicographically first solutions, but the work
it needs grows quickly with ``n`` (19.6 G nodes were not enough for the first
60-queens solution). A solution exists for every ``n >= 4`` and can be written
down directly (:func:`construction`, the classical rule by the remainder of
``n`` mod 6); more come from its symmetric images (:func:`images`) and from
min-conflicts, a local search that repairs a random placement
(:func:`min_conflicts`). Both work on numpy arrays of ``n`` columns, never on
an ``n x n`` board, so a million queens take a few megabytes.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from tansuo.queens import _kernels
from tansuo.queens._kernels import DONE, MC_NODES


def construction(n: int) -> np.ndarray | None:
    """A solution for ``n`` queens, built directly (the queen's column per row), or None.

    The rule (Hoffman, Loessi and Moore 1969; as Bernhardsson 1991 states it):
    list the even columns ``2, 4, ..., `` then the odd ones ``1, 3, ...``
    (counting from 1). When ``n mod 6`` is 2, swap 1 and 3 in the odd list and
    move 5 to its end; when it is 3, move 2 to the end of the even list and
    1, 3 to the end of the odd list. Row ``i`` takes the ``i``-th column of
    the list. There is none for ``n`` = 2 or 3.

    Parameters
    ----------
    n : int
        The board's side.

    Returns
    -------
    numpy.ndarray or None
        The column of each row's queen, from 0; None for 2 and 3.

    Examples
    --------
    >>> construction(8).tolist()
    [1, 3, 5, 7, 2, 0, 6, 4]
    """
    if n in (2, 3):
        return None
    if n < 1:
        raise ValueError(f"board size must be at least 1, got {n}")
    evens = np.arange(2, n + 1, 2, dtype=np.int64)
    odds = np.arange(1, n + 1, 2, dtype=np.int64)
    if n % 6 == 2:
        odds = np.concatenate(([3, 1], odds[3:], [5])) if n >= 8 else odds
    elif n % 6 == 3:
        evens = np.concatenate((evens[1:], [2]))
        odds = np.concatenate((odds[2:], [1, 3]))
    return np.concatenate((evens, odds)) - 1


def images(placement: np.ndarray) -> Iterator[np.ndarray]:
    """The 8 images of a placement under the board's rotations and reflections.

    Some may be equal (a symmetric solution); the first is the placement itself.
    """
    n = placement.size
    inverse = np.empty_like(placement)
    inverse[placement] = np.arange(n, dtype=placement.dtype)  # the transposed board
    for p in (placement, inverse):
        yield p
        yield n - 1 - p
        yield p[::-1].copy()
        yield n - 1 - p[::-1]


class MinConflicts:
    """One min-conflicts search from a seed, run in slices (see :func:`_kernels.min_conflicts`).

    ``step(units)`` runs at most ``units`` more nodes and returns True once
    ``placement`` is a solution; ``nodes`` counts the nodes run so far. A
    search that has run ``restart_after`` nodes without an answer starts
    again from the next seed (rare for ``n >= 8``; small boards can stall).
    """

    def __init__(self, n: int, seed: int) -> None:
        self.n = n
        self.seed = seed
        self.done_before = 0  # nodes of the searches given up on
        self.restart_after = 200 * n + 20_000
        self.arrays = _kernels.new_min_conflicts(n, _seed(seed))

    @property
    def nodes(self) -> int:
        return self.done_before + int(self.arrays[-1][MC_NODES])

    @property
    def placement(self) -> np.ndarray:
        return self.arrays[0]

    def step(self, units: int) -> bool:
        mc = self.arrays[-1]
        if int(mc[MC_NODES]) >= self.restart_after:
            self.done_before += int(mc[MC_NODES])
            self.seed += 1 << 32  # another stream, still one answer per first seed
            self.arrays = _kernels.new_min_conflicts(self.n, _seed(self.seed))
            mc = self.arrays[-1]
        units = min(units, self.restart_after - int(mc[MC_NODES]))
        return bool(_kernels.min_conflicts(*self.arrays, units) == DONE)  # type: ignore[call-arg]


def _seed(seed: int) -> int:
    """A well-mixed 63-bit start for the generator (splitmix64's finaliser)."""
    z = (seed + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (z ^ (z >> 31)) >> 1


__all__ = ["MinConflicts", "construction", "images"]

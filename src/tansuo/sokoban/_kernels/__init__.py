"""Numba kernels of the Sokoban solver: the board (``board``), deadlocks (``deadlock``),
the search (``search``) and its named state (``state``).

Flat numpy arrays (bundled in the named tuples of ``state``) and
``@njit(cache=True)`` functions only; every slot of ``params`` and ``ctl``
and every code has a named constant in ``state``, used by the kernels and
their Python callers alike. The names most callers need are re-exported here.
Importing the package first imports :mod:`tansuo._jit`, so that a kernel's
numba cache is checked against every kernel file it imports, not only its own.
"""

import tansuo._jit  # noqa: F401 (numba's cache checked against the imported files too)
from tansuo.sokoban._kernels.board import (
    INF,
    box_side,
    child_region,
    floor_sides,
    freeze_deadlock,
    hungarian,
    hungarian_update,
    player_region,
    push_distances,
    rematch,
    side_distances,
    state_hash,
    tunnel_end,
)

__all__ = [
    "INF",
    "box_side",
    "child_region",
    "floor_sides",
    "freeze_deadlock",
    "hungarian",
    "hungarian_update",
    "player_region",
    "push_distances",
    "rematch",
    "side_distances",
    "state_hash",
    "tunnel_end",
]

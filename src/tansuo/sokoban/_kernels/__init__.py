"""Numba kernels of the Sokoban solver: the board (``board``), deadlocks (``deadlock``),
the search (``search``) and its named state (``state``).

Flat numpy arrays (bundled in the named tuples of ``state``) and
``@njit(cache=True)`` functions only; every slot of ``params`` and ``ctl``
and every code has a named constant in ``state``, used by the kernels and
their Python callers alike. The names most callers need are re-exported here.
Importing the package first drops numba's cache of every kernel file when any
of them changed (:mod:`._cache`): a kernel's cache follows only its own file.
"""

from tansuo.sokoban._kernels._cache import drop_stale

drop_stale()


from tansuo.sokoban._kernels.board import (  # noqa: E402 (after drop_stale)
    INF,
    child_region,
    freeze_deadlock,
    hungarian,
    hungarian_update,
    player_region,
    push_distances,
    state_hash,
    tunnel_end,
)

__all__ = [
    "INF",
    "child_region",
    "freeze_deadlock",
    "hungarian",
    "hungarian_update",
    "player_region",
    "push_distances",
    "state_hash",
    "tunnel_end",
]

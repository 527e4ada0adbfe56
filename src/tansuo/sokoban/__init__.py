"""Sokoban: read XSB / .sok collections, solve levels by pushes or moves, replay LURD.

>>> from tansuo.sokoban import Level, solve
>>> level = Level.from_text('''
... #######
... #@ $ .#
... # $  .#
... #######''')
>>> result = solve(level, mode="push-optimal")
>>> result.status, result.pushes
('solved', 5)

The modules: ``model`` (levels, boards, replay), ``io`` (collections and
solution files), ``solve`` (the search, its modes, the portfolio),
``result`` (:class:`SokobanResult`, :class:`SokobanStats`), ``macros``
(goal rooms and macro pushes), ``reference`` (exhaustive breadth-first
search, the yardstick of the tests), ``render`` (text, PNG and GIF
pictures), ``_kernels`` (numba: the board, deadlocks, the search and its
named state).
"""

from tansuo.sokoban.io import (
    BUNDLED_COLLECTIONS,
    bundled_collection,
    bundled_collection_names,
    format_level,
    format_solution,
    load_collection,
    parse_collection,
    parse_solutions,
    pick_level,
    read_collection,
    read_solutions,
    write_solutions,
)
from tansuo.sokoban.model import DIRECTIONS, Board, Level, Replay, replay, verify
from tansuo.sokoban.result import DEADLOCK_KINDS, SokobanResult, SokobanStats
from tansuo.sokoban.solve import MODES, solve, warm_up

__all__ = [
    "BUNDLED_COLLECTIONS",
    "DEADLOCK_KINDS",
    "DIRECTIONS",
    "MODES",
    "Board",
    "Level",
    "Replay",
    "SokobanResult",
    "SokobanStats",
    "bundled_collection",
    "bundled_collection_names",
    "format_level",
    "format_solution",
    "load_collection",
    "parse_collection",
    "parse_solutions",
    "pick_level",
    "read_collection",
    "read_solutions",
    "replay",
    "solve",
    "verify",
    "warm_up",
    "write_solutions",
]

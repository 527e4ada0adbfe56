"""N-Queens: place n queens on an n x n board so that none attacks another.

:func:`reference_solutions` is the chapter's depth-first backtracking over
:class:`QueensProblem` (a :mod:`tansuo.search` problem); :func:`find_solutions`
and :func:`count_solutions` are the fast numba bitmask kernels, the latter with
mirror symmetry, counting ``up_to_symmetry`` (rotation and reflection) and
on every core (threads); every one stops on its budget within a few tens of
milliseconds. Beyond what the exact search reaches at once (about n = 30),
:func:`find_solutions` builds a solution directly (:func:`construction`) and
finds more by min-conflicts, up to a million queens.

Examples
--------
>>> from tansuo.queens import count_solutions, find_solutions, format_board
>>> count_solutions(8).count
92
>>> print(format_board(find_solutions(4).solution))
. Q . .
. . . Q
Q . . .
. . Q .
"""

from tansuo.queens.construct import construction
from tansuo.queens.io import format_board, parse_board
from tansuo.queens.model import (
    MAX_N,
    MAX_N_FOUND,
    Placement,
    canonical,
    check_size,
    is_solution,
    symmetries,
)
from tansuo.queens.render import boards_text, summary_line
from tansuo.queens.result import QueensResult, QueensStats
from tansuo.queens.solve import (
    QueensProblem,
    count_solutions,
    find_solutions,
    prefix_tasks,
    reference_solutions,
    warm_up,
)
from tansuo.threads import default_threads

__all__ = [
    "MAX_N",
    "MAX_N_FOUND",
    "Placement",
    "QueensProblem",
    "QueensResult",
    "QueensStats",
    "boards_text",
    "canonical",
    "check_size",
    "construction",
    "count_solutions",
    "default_threads",
    "find_solutions",
    "format_board",
    "is_solution",
    "parse_board",
    "prefix_tasks",
    "reference_solutions",
    "summary_line",
    "symmetries",
    "warm_up",
]

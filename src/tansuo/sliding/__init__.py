"""Sliding-tile puzzles (the 8-, 15- and 24-puzzle and rectangles): optimal in a blink.

:func:`solve` answers a board with the blank's moves: optimally by IDA* in
numba with Manhattan + linear conflicts, an additive pattern database
(5-5-5, 6-6-3, 7-8 with the reflection lookup) on the 15-puzzle, or an exact
table of every state on boards of up to 9 cells; weighted for quick
non-optimal answers; or zone by zone as the documents do. A board that cannot
reach its goal is proved so at once, by parity.

Examples
--------
>>> from tansuo.sliding import Puzzle, solve
>>> result = solve(Puzzle([1, 2, 3, 4, 5, 6, 0, 7, 8], (3, 3)))
>>> result.lurd, result.cost, result.optimal
('RR', 2, True)
>>> solve([2, 1, 3, 4, 5, 6, 7, 8, 0]).status
'no_solution'
"""

from tansuo.sliding.heuristics import HEURISTICS, cache_dir, database
from tansuo.sliding.io import (
    Instance,
    bundled_instances,
    bundled_instances_names,
    format_board,
    format_line,
    parse_board,
    parse_goal,
    parse_instances,
    read_instances,
)
from tansuo.sliding.model import (
    GOALS,
    MOVES,
    Puzzle,
    goal_board,
    play,
    random_puzzle,
    scrambled,
    tiles_moved,
)
from tansuo.sliding.result import IdaProgress, SlidingResult, SlidingStats
from tansuo.sliding.solve import (
    ALGORITHMS,
    SlidingProblem,
    default_heuristic,
    random_boards,
    solve,
    solve_many,
    warm_up,
)

__all__ = [
    "ALGORITHMS",
    "GOALS",
    "HEURISTICS",
    "MOVES",
    "IdaProgress",
    "Instance",
    "Puzzle",
    "SlidingProblem",
    "SlidingResult",
    "SlidingStats",
    "bundled_instances",
    "bundled_instances_names",
    "cache_dir",
    "database",
    "default_heuristic",
    "format_board",
    "format_line",
    "goal_board",
    "parse_board",
    "parse_goal",
    "parse_instances",
    "play",
    "random_boards",
    "random_puzzle",
    "read_instances",
    "scrambled",
    "solve",
    "solve_many",
    "tiles_moved",
    "warm_up",
]

"""The numbers the grid kernels and their callers agree on: statuses, counter slots, codes.

Nothing but named constants: a kernel tests ``rule == RULE_FOUR``, never
``rule == 0``, and the Python side passes the same names.
"""

from __future__ import annotations

import numpy as np

# -- what a resumable kernel returns -------------------------------------------
RUNNING = 0
"""The chunk of work is spent; call again to go on."""
FOUND = 1
"""The goal was reached (or, bidirectionally, the best meeting point is proved)."""
EXHAUSTED = 2
"""The open list ran dry: no path (a proof)."""
NEED_ROOM = 3
"""The lazy open list might overflow: grow it and call again (no work is lost)."""

# -- counters[...]: the state that survives between two calls of a kernel ------
EXPANDED = 0
GENERATED = 1
HEAP_SIZE = 2
"""Entries in the (forward) open list."""
REOPENED = 3
MAX_FRONTIER = 4
"""The largest open list so far (both sides together for the bidirectional search)."""
LOG_COUNT = 5
"""Expansions written to the log arrays."""
MEET = 6
"""Bidirectional search: the cell where the best path found so far meets."""
HEAP_SIZE_R = 7
"""Bidirectional search: entries in the backward open list."""
QUEUE_HEAD = 8
"""Breadth-first search: the next queue slot to expand."""
QUEUE_TAIL = 9
"""Breadth-first search: the first free queue slot."""
PENDING_TIE = 10
"""A* and JPS: the cell to expand next without the heap when a chunk ended before it
(``NO_CELL`` if none); its f and g wait in the kernel's ``pending_keys``."""
N_COUNTERS = 11

# -- movement rules, in the order of ``tansuo.grid.model.MOVES`` ------------------
RULE_FOUR = 0
"""4-connected."""
RULE_NO_CORNER_CUTTING = 1
"""A diagonal only with both side cells open (the Moving AI rule)."""
RULE_ONE_SIDE = 2
"""A diagonal with at least one side cell open."""
RULE_ALWAYS = 3
"""Every diagonal into an open cell."""

# -- heuristics (``tansuo.grid.heuristics.HEURISTICS`` maps names to these) -----------
HEURISTIC_ZERO = 0
HEURISTIC_MANHATTAN = 1
HEURISTIC_OCTILE = 2
HEURISTIC_CHEBYSHEV = 3
HEURISTIC_EUCLIDEAN = 4
HEURISTIC_DIFFERENTIAL = 5
"""Never seen by a kernel: the searcher passes the rule's default code and a landmark table."""

# -- the eight moves ------------------------------------------------------------------
# Straight moves first, so ``k < FIRST_DIAGONAL`` is a straight one; the straight
# directions are also the jump table's columns.
EAST, WEST, SOUTH, NORTH = 0, 1, 2, 3
SOUTH_EAST, SOUTH_WEST, NORTH_EAST, NORTH_WEST = 4, 5, 6, 7
FIRST_DIAGONAL = 4
N_MOVES = 8
DIR_X = np.array([1, -1, 0, 0, 1, -1, 1, -1], dtype=np.int64)
"""x step of each move (y grows downwards, as in Moving AI maps)."""
DIR_Y = np.array([0, 0, 1, -1, 1, 1, -1, -1], dtype=np.int64)
"""y step of each move."""

NO_CELL = -1
"""An empty parent link (the start), an empty ``tie`` slot, no arrival direction."""
SAME_G = 1e-9
"""Relative tolerance under which two ``g`` values of a cell are the same cost.

Costs such as 1 and sqrt(2) summed along two equally long paths in another order
differ in the last bits; without the tolerance a consistent heuristic would
reopen closed cells on that rounding noise. A path found is optimal to within
this fraction of its cost.
"""

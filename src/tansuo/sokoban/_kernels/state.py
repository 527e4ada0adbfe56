"""The named state of the Sokoban search: slots, codes and the four bundles of arrays.

A search's arrays travel to the kernels in four named tuples (numba compiles
attribute access on them to plain array access):

* :class:`LevelTables`: what is worked out once per level and never changes
  (walls, goals, dead squares, push distances, Zobrist keys, the goal room);
* :class:`States`: the growing arrays of one search (states, hash table, heap),
  which Python reallocates when the kernel asks (``GROW``);
* :class:`Work`: scratch arrays of the expansion, the corral tests and the
  matching, allocated once per search so that no kernel call allocates;
* :class:`Patterns`: the deadlock patterns learned during the search (sets of
  boxes proved unsolvable, with the player's side of them), kept and reused
  for the rest of the solve.

``params`` and ``ctl`` are int64 arrays indexed by the named ``P_*`` and
``C_*`` slots below.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

# -- modes ------------------------------------------------------------------
MODE_FAST = 0
"""Greedy best-first on the lower bound (ties: fewer pushes); solutions not optimal."""
MODE_PUSHES = 1
"""A* on pushes (player normalised to its region)."""
MODE_MOVES = 2
"""A* on moves (player on its real cell), the push bound as the estimate."""

# -- slots of ``params`` ------------------------------------------------------
P_BOXES = 0
P_MODE = 1
P_WEIGHT = 2  # fast mode: priority = WEIGHT * (h + ORDER * disorder) + g
P_ORDER = 3
P_REVERSE = 4  # 1: pull boxes from the goals back to the start (a search backwards)
P_TARGET = 5  # backwards: the start's player cell, normalised to its region
P_TUNNELS = 6  # 1: a push into a one-wide tunnel goes on through it (see tunnel_end)
P_ROOM = 7  # the goal room's entrance cell, -1: no goal-room macro (see tansuo.sokoban.macros)
P_LEARN = 8  # 1: keep the corral deadlocks found as patterns and prune children with them
P_FEATURES = 9  # 1: the open states sit in feature cells, taken in turns (see FEATURE_REGIONS)
P_ADVICE = 10  # feature search: priority added per push that improves no feature
P_GATES = 11  # feature search: 1: boxes standing in doorways are a third feature (LevelTables.gate)
P_POCKET = 12  # backwards: priority added while the start's pocket is shut with the player outside
P_ALL_PUSHES = 13  # 1: every push is tried even beside a PI-corral (its deadlock test stays)
PARAM_SLOTS = 14

# -- slots of ``ctl`` (the counters, kept between calls) ---------------------
C_STATES = 0
C_HEAP = 1
C_EXPANDED = 2
C_GENERATED = 3
C_FOUND = 4
C_STAMP = 5
C_MAX_FRONTIER = 6
C_DUPLICATES = 7
C_CORRALS = 8  # expansions that tried only the pushes into a PI-corral
C_MEET = 9  # the other search's state that the found one equals (-1: none)
C_MEETINGS = 10
C_MACROS = 11  # pushes that a tunnel or goal-room macro carried on
C_FLOODS = 12  # children whose player region was flooded whole (see child_region)
C_DEAD_SQUARES = 13  # pushes onto a dead square (no goal reachable from it)
C_FREEZE = 14  # pushes that froze a box off its goal (see freeze_deadlock)
C_MATCHING = 15  # children with no perfect matching of boxes to goals
C_CORRAL_DEAD = 16  # states found dead because a corral's own boxes cannot resolve it
C_PATTERN_DEAD = 17  # children pruned by a learned deadlock pattern
C_PATTERNS = 18  # patterns learned (kept in Patterns)
C_ENTRIES = 19  # used entries of the patterns' per-cell lists
C_SUBSTAMP = 20  # stamp of the sub-searches' player floods (Work.rseen)
C_CYCLE = 21  # feature search: the cell the last state was taken from
C_LOWEST = 22  # the smallest lower bound of any state stored (how close the search came)
C_MEET_NEAR = 23  # 1: C_MEET is a state of the near search (search's ``near``), not ``other``
C_CUT_OFF = 24  # feature search: positions with a goal the packed boxes shut (goal_cut_off)
C_DEAD_SIDES = 25  # pushes that leave a box on a cell no goal is reached from on the player's side
CTL_SLOTS = 26

# -- return codes of ``search`` -----------------------------------------------
RUNNING = 0
"""The units ran out; call again."""
FOUND = 1
"""``ctl[C_FOUND]`` is a solved state."""
EXHAUSTED = 2
"""Nothing left to expand: no solution."""
GROW = 3
"""The state arrays, table or heap are too small for one more expansion."""

SECONDARY = 1 << 24
"""Heap keys are ``primary * SECONDARY + secondary``."""

MAX_CORRALS = 64
"""Corrals one position may have before the PI-corral test gives up on it."""
CORRAL_NODES = 300
"""Positions a corral's own search looks at before it gives up (the length of ``Work.vh``)."""
CORRAL_QUEUE = 4096
"""Positions a corral's own search may queue."""
CORRAL_CACHE = 1 << 14
"""Slots of the cache of corral verdicts (by player, corral and its boxes)."""
FEATURE_REGIONS = 16
"""Feature search: the cells are (boxes packed, free regions, boxes in doorways), regions
counted up to this."""
FEATURE_GATES = 4
"""Feature search: boxes standing in doorways (``LevelTables.gate``) counted up to this less one."""


def feature_cells(nb: int) -> int:
    """How many feature cells a level with ``nb`` boxes has (the length of ``States.croot``)."""
    return (nb + 1) * FEATURE_REGIONS * FEATURE_GATES


class LevelTables(NamedTuple):
    """Per-level tables (see :func:`tansuo.sokoban.solve.prepare`)."""

    walls: np.ndarray  # uint8 per cell
    dead: np.ndarray  # uint8 per cell: no goal reachable by pushes
    goal: np.ndarray  # uint8 per cell
    goals: np.ndarray  # int64 goal cells
    rank: np.ndarray  # int64 per cell: packing rank of a goal (0 first), -1 elsewhere
    vdist: np.ndarray  # int32 [4 * cell + side, goal]: pushes of a lone box, the player on side
    disc: np.ndarray  # int32 per cell: floor_sides' order of discovery (-1: out of reach)
    parts: np.ndarray  # int32 [cell, 14]: the parts of the floor beside a box (floor_sides)
    sdead: np.ndarray  # uint8 [4 * cell + side]: no goal reachable by a lone box on that side
    zbox: np.ndarray  # int64 Zobrist keys of a box per cell
    zplayer: np.ndarray  # int64 Zobrist keys of the player per cell
    deltas: np.ndarray  # int64 cell offsets of left, up, right, down
    inroom: np.ndarray  # int64 per cell: 1 inside the goal room (macro), else 0
    ordix: np.ndarray  # int64 per cell: place in the room's packing order, -1 elsewhere
    rgoal: np.ndarray  # int64 the room's goals in packing order
    rpush: np.ndarray  # int64 [filled, direction]: pushes of the room macro, -1 none
    rafter: np.ndarray  # int64 [filled, direction]: the player's cell after them
    gate: np.ndarray  # uint8 per cell: a doorway (one wide between walls, no goal) a box blocks
    pocket: np.ndarray  # int64 backwards: start cells of the boxes around the player's start region


class States(NamedTuple):
    """The growing arrays of one search; ``table`` and the heap index the state rows."""

    boxes: np.ndarray  # int16 [state, box]: sorted box cells
    player: np.ndarray  # int32: the region's top-left cell (pushes) or the real cell (moves)
    parent: np.ndarray  # int32: -1 for a root
    g: np.ndarray  # int32 pushes
    m: np.ndarray  # int32 moves
    h: np.ndarray  # int32 lower bound (pushes)
    hash: np.ndarray  # int64 Zobrist hash
    closed: np.ndarray  # uint8: expanded
    table: np.ndarray  # int32 open-addressing table of state indices (-1 free)
    hkey: np.ndarray  # int64 heap keys
    hidx: np.ndarray  # int32 heap state indices
    cell: np.ndarray  # int32 per state: its feature cell (feature search)
    acc: np.ndarray  # int32 per state: pushes on its path that improved no feature
    skey: np.ndarray  # int64 per state: its priority in its cell's heap
    left: np.ndarray  # int32 per state: children in its cell's skew heap (-1 none)
    right: np.ndarray  # int32
    croot: np.ndarray  # int32 per feature cell: the root of its skew heap (-1 empty)


class Work(NamedTuple):
    """Scratch arrays of one search (contents meaningless between calls but stamps)."""

    occ: np.ndarray  # int32 per cell: box index + 1, 0 when free
    seen: np.ndarray  # int64 per cell: stamp of the expanded state's region
    seen2: np.ndarray  # int64 per cell: stamp of a child's region
    wdist: np.ndarray  # int32 per cell: walk lengths in the expanded state's region
    wdist2: np.ndarray  # int32 per cell
    queue: np.ndarray  # int64 per cell
    mark: np.ndarray  # uint8 per cell (freeze test)
    hu: np.ndarray  # int64 [nb + 1]: the child's matching (u, v, p), updated incrementally
    hv: np.ndarray
    hp: np.ndarray
    hway: np.ndarray
    hminv: np.ndarray
    hused: np.ndarray  # bool [nb + 1]
    pu: np.ndarray  # int64 [nb + 1]: the expanded state's matching
    pv: np.ndarray
    pp: np.ndarray
    pb: np.ndarray  # int32 [nb]: the expanded state's rows (4 * cell + side; -1: none yet)
    rows: np.ndarray  # int32 [nb]: the next expanded state's rows, matched from pb (rematch)
    cseen: np.ndarray  # int64 per cell: stamp of the corrals' labels
    cid: np.ndarray  # int64 per cell: corral label
    border: np.ndarray  # uint8 [nb]: box borders the PI-corral chosen
    cpushes: np.ndarray  # int64 [MAX_CORRALS]
    cneeds: np.ndarray  # uint8 [MAX_CORRALS]
    cbroken: np.ndarray  # uint8 [MAX_CORRALS]
    ibroken: np.ndarray  # uint8 [MAX_CORRALS]
    cmin: np.ndarray  # int64 [MAX_CORRALS]
    cinfo: np.ndarray  # int64 [1]: number of corrals
    bmask: np.ndarray  # int64 [nb]: bit c, the box borders corral c
    kb: np.ndarray  # int16 [nb]: a corral's border boxes
    occ2: np.ndarray  # uint8 per cell: the sub-search's boxes
    rseen: np.ndarray  # int64 per cell: stamp of the sub-search's floods (C_SUBSTAMP)
    frozen2: np.ndarray  # uint8 per cell
    lab: np.ndarray  # int32 per cell: region labels of the expanded state (feature search)
    lseen: np.ndarray  # int64 per cell: lab is valid where lseen == the expansion's stamp
    lab2: np.ndarray  # int32 per cell: scratch labels of a child's regions (features.regions)
    qb: np.ndarray  # int16 [CORRAL_QUEUE, nb]: the sub-search's queue
    qp: np.ndarray  # int64 [CORRAL_QUEUE]
    vb: np.ndarray  # int16 [nodes, nb]: the sub-search's positions seen
    vp: np.ndarray  # int64 [nodes]
    vh: np.ndarray  # int64 [nodes]
    ckey: np.ndarray  # int64 [CORRAL_CACHE]: verdict cache keys
    cval: np.ndarray  # uint8 [CORRAL_CACHE]: 1 dead, 2 not known dead


class Patterns(NamedTuple):
    """Learned deadlock patterns: box sets with the player's side, listed per box cell.

    Pattern ``p`` is the cells ``cells[p, :size[p]]`` and ``side[p]``, the
    top-left cell of the player's region when only those boxes stand on the
    board. Any position with boxes on all of those cells (and maybe more)
    and the player in that region is dead. ``head[c]`` starts the list of
    patterns with a box on ``c`` (entries ``epat``, linked by ``enext``, -1
    ends); ``ctl[C_PATTERNS]`` and ``ctl[C_ENTRIES]`` count the used rows.
    """

    cells: np.ndarray  # int16 [capacity, nb]
    size: np.ndarray  # int32 [capacity]
    side: np.ndarray  # int32 [capacity]
    head: np.ndarray  # int32 per cell
    enext: np.ndarray  # int32 [entries]
    epat: np.ndarray  # int32 [entries]

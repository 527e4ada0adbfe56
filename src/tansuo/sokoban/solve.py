"""Solving Sokoban levels: :func:`solve` drives the numba search; the answer is a
:class:`~tansuo.sokoban.result.SokobanResult`.

Three modes (:data:`MODES`):

``fast``
    Two searches in turns (:data:`MAIN_PLAN`), until one finishes or the
    forward one meets the backward one. A feature search forwards: the open
    states sit in feature cells (boxes packed in the packing order, regions
    the boxes cut the floor into; :mod:`._kernels.features`, after Shoham
    and Schaeffer's FESS) and the best state of each cell is taken in turn;
    within a cell, greedy on the lower bound (ties: fewer pushes), with a
    goal-room packing order in its priority. And greedy best-first
    backwards (pulling boxes) from the solved position. PI-corral pruning
    forwards; a push into a one-wide tunnel goes on through it, and a box
    pushed into a goal room goes straight to the next goal of its packing
    order (:mod:`tansuo.sokoban.macros`). Finds a solution quickly; makes no
    claim that it is short. With ``portfolio=True`` the searches are split
    over two processes, one per core (:data:`PORTFOLIO_PLANS`: the plain
    backward search beside the feature search in one, the ordered backward
    search beside a greedier one-queue forward search in the other); the
    first answer wins and the other process is stopped.
``push-optimal``
    A* on pushes with an admissible, consistent bound and PI-corral pruning
    (which keeps a push-optimal solution): the solution has the fewest pushes
    there are.
``move-optimal``
    A* on moves (the player's real cell is part of the state), the push bound
    as the estimate: the solution has the fewest moves there are.

Deadlocks are pruned by kind (dead squares, frozen boxes, no perfect
matching, corrals their own boxes cannot resolve) and every corral proved
dead is kept as a pattern that prunes later positions holding the same
boxes with the player on the same side (:mod:`._kernels.deadlock`); the
statistics count each kind (:attr:`.result.SokobanStats.pruned`).

Every solution is replayed (:func:`tansuo.sokoban.model.verify`) before it is
returned. Budgets: ``time_limit`` (wall clock, for the whole solve, portfolio
included), ``max_expansions`` (states expanded, all searches together) and
``max_memory`` (bytes of state arrays, table and heap, one budget for all the
searches of a process; default :func:`tansuo.budget.default_max_memory`); when
one runs out the status is ``limit`` with the statistics.

>>> from tansuo.sokoban import Level, solve
>>> result = solve(Level.from_text("#######\\n#.$ @ #\\n#######"), mode="move-optimal")
>>> result.solution, result.moves, result.pushes
('lL', 2, 1)
"""

from __future__ import annotations

import contextlib
import multiprocessing
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

import numpy as np

from tansuo.budget import Budget, parse_memory, physical_memory, run_chunked
from tansuo.errors import InvalidInput
from tansuo.result import LIMIT, NO_SOLUTION, SOLVED, Status
from tansuo.sokoban import _kernels as k
from tansuo.sokoban._kernels import state as ks
from tansuo.sokoban._kernels.features import cell_push, feature_cell
from tansuo.sokoban._kernels.search import heap_key, rehash, search, table_insert
from tansuo.sokoban._kernels.state import LevelTables, Patterns, States, Work
from tansuo.sokoban.macros import GoalRoom, box_route, goal_room
from tansuo.sokoban.model import DIRECTIONS, Board, Level, verify
from tansuo.sokoban.result import SokobanResult, SokobanStats

__all__ = ["MODES", "SokobanResult", "SokobanStats", "prepare", "solve", "warm_up"]

Mode = Literal["fast", "push-optimal", "move-optimal"]
MODES: tuple[Mode, ...] = ("fast", "push-optimal", "move-optimal")
"""What ``mode`` takes in :func:`solve` (see the module docstring)."""
_MODE_CODE = {"fast": ks.MODE_FAST, "push-optimal": ks.MODE_PUSHES, "move-optimal": ks.MODE_MOVES}
FAST_WEIGHT = 10
"""Fast mode's priority is ``FAST_WEIGHT * (bound + FAST_ORDER * disorder) + pushes``."""
FAST_ORDER = 2
"""Fast mode's penalty per box on a goal filled before its turn in the packing order."""

TUNNELS = True
"""Fast mode pushes a box on through a one-wide tunnel (:func:`._kernels.tunnel_end`)."""
GOAL_ROOMS = True
"""Fast mode fills a goal room in its packing order by macro pushes (:mod:`.macros`)."""
POCKET_PENALTY = 0
"""Backward search: what a state's priority adds, in pushes of lower bound, while the
start player's pocket is shut (every box that walls it in at the start stands on its
start cell) and the state is not the start: a player outside the pocket must get in,
and one inside it must get out to a box not yet on its start cell, so at least two
more pulls (a wall box out and back) than the matching bound counts
(:func:`start_pocket`). 0 (off): with 2 it solved none of the XSokoban levels on which
the backward search comes within 1-3 pulls of the start (see docs/guides/sokoban.md)."""
FAST_FORWARD_SIDES = False
"""Whether fast mode's forward searches also count the player's side of each box in
their bound (:func:`prepare`'s ``sides``; the backward searches and the optimal modes
always do). Off: on XSokoban the side distances solved 41, 37, 20 and 72, all by the
backward searches, while the forward feature search with them lost 76 and 55 (25.1
and 5.5 s of CPU without them, none at 60 s with them; docs/logs/sokoban.md)."""
LEARN_IN_FAST_MODE = False
"""Whether fast mode also keeps each dead corral it proves as a pattern that prunes
later states (push-optimal mode always does). Off: on XSokoban the pattern tests
cost fast mode more states per second than the patterns save."""
PATTERN_CAPACITY = 1 << 15
"""Most deadlock patterns one solve keeps (the search stops learning when full)."""
INITIAL_PATTERNS = 256
"""Room for patterns at the start; the store doubles as it fills, up to :data:`PATTERN_CAPACITY`."""

NEAR_WITHIN = 4
"""Fast mode: the backward search's bound (pulls from the start) at which the
breadth-first search near the start may begin (:attr:`Plan.near`; 0: never). Started
as soon as the backward search came that close (with 2 expansions of 6, no stall, no
cap) it solved XSokoban 16, never solved before, but 19 and 33, solved without it,
were not solved at 60 s of CPU a level: its share slowed the backward search on levels
where that comes close and then finishes by itself. So now, but for its first
:data:`NEAR_EARLY` expansions, it waits for a stall (:data:`NEAR_STALL`), and it stops
at a cap (:data:`NEAR_CAP`); see docs/benchmarks/sokoban.md."""
NEAR_STALL = 1_400_000
"""Fast mode: the near search begins only once the backward search has also expanded
this many states since its bound last came lower (:attr:`Plan.stall`). On XSokoban 19
the backward search stays 1 pull from the start for about 1.25 million expansions and
then finishes by itself; on 16 it stays there and never does."""
NEAR_EARLY = 250_000
"""Fast mode: how many states the near search may expand as soon as the backward
search comes within :data:`NEAR_WITHIN`, before the stall (:attr:`Plan.early`). On
XSokoban 8, 46 and 61 the two searches met after 73,326, 199,321 and 233,310 of them
(5.7, 16.4 and 17.2 s of CPU in pilots; 24.5, 25.8 and 45.7 s in the sixth session's
run, without the near search); on 19 and 33, which do not need it, it cost about 6.5
and 4 s. Only while the backward search has expanded fewer than :data:`NEAR_STALL`
states: on 59 it comes within 2 pulls after 1,875,000 and finishes 128,000 later, and
the early expansions cost it 6 s of CPU."""
NEAR_EARLY_SHARE = 2
"""Fast mode: the near search's share of the expansions while it takes its early ones
(:attr:`Plan.early_share`; 2 beside the others' 1 and 3, where it takes 12 of 16 once
it has started). With 12 of 16 the early expansions cost levels the other searches
solve by themselves most of what they get (XSokoban 57: 11.7 s of CPU against 3.0 in
the sixth session's run, without the near search)."""
CLOSE_SHARE = 12
"""Fast mode: the backward search's share of the expansions once it has come within
:data:`NEAR_WITHIN` pulls of the start (:attr:`Plan.close`), in place of 3 beside the
feature search's 1. A feature search's expansion costs about five times a backward
one's, so with 1 and 3 the feature search took about two thirds of the CPU time even
where the backward search was a few pulls from the start; with 12 it gets about a
third of it there. Only while the backward search still comes closer
(:data:`CLOSE_STALL`)."""
CLOSE_STALL = 400_000
"""Fast mode: the backward search keeps :data:`CLOSE_SHARE` only while it still comes
closer: once it has expanded this many states since its bound last came lower, it
takes its plain share again (:attr:`Plan.close_stall`). Its bound counts pulls of
boxes to their start cells and nothing of the player's side: on the levels where it
stalls 1-3 pulls from the start, the states it holds are many pushes from the start
(XSokoban 74: its one state of bound 1 has a box beside its start cell whose pull
needs the player on the cell of the next box, itself on its start cell; none of its
states is within 3 pushes of the start), and the larger share only starved the
feature search (33, solved by it in 35 s of CPU before, was lost)."""
NEAR_CAP = 700_000
"""Fast mode: the most states the near search expands (:attr:`Plan.cap`), about 12 to
18 s of CPU on XSokoban; on 16 it met the backward search after 591,155."""

NEAR_ALL_PUSHES = True
"""Fast mode: the near search tries every push, also beside a PI-corral
(:attr:`Plan.all_pushes`). PI-corral pruning keeps, of the pushes a state allows, only
those into one corral: sound for finding a solution (some order of the pushes is
kept), but a search whose table is there to be met by the backward search must hold
the states the backward search comes to, whatever order of pushes leads there. On
XSokoban 74 the near search with the pruning, after 3,000 expansions, held 7 of the 15
states 2 pushes from the start and 20 of the 56 states 3 pushes from it (counted by
an exhaustive breadth-first search without deadlock tests)."""

REVERSE_ORDER = 2
"""Fast mode: a second backward search, whose priority adds this penalty per box on a
start cell filled before its turn in :func:`unpacking_order` (as :data:`FAST_ORDER`
forwards; 0: no second backward search, :attr:`Plan.reverse_order`). The start
position has the order problems of a goal room: a box one cell from its start cell
whose last pull needs the player on the cell of another start box (XSokoban 74), a
pocket the start boxes shut. Alone, that order solves levels the plain backward search
does not (XSokoban 14, 45, 74, 81) and loses others it solves (15, 33, 42, 59, 67), so
both run, in turns; see docs/benchmarks/sokoban.md."""

FAR_WITHIN = 0
"""Fast mode: the forward search's bound (pushes to the solved position) at which the
breadth-first search backwards from the solved position begins (:attr:`Plan.far`;
0: never)."""

_INITIAL_STATES = 1 << 12


@dataclass(frozen=True, slots=True)
class Plan:
    """How one process searches in fast mode (the portfolio runs two plans).

    Attributes
    ----------
    name : str
        What the statistics call the forward search of this plan.
    backward : bool
        Also search backwards from the solved position, in turns.
    room : bool
        The goal-room macro (:mod:`.macros`).
    weight, order : int
        The priority's weights (:data:`FAST_WEIGHT`, :data:`FAST_ORDER`).
    features : bool
        The forward search takes its states from feature cells in turns
        (:mod:`._kernels.features`) instead of from one priority queue.
    advice : int
        Feature search: what a push that improves no feature adds to the
        priority of the states after it, in units of the lower bound's weight.
    greedy : bool
        Feature search: also run the forward search of one priority queue,
        in turns with the others (three searches in all with ``backward``).
    shares : tuple of int
        How many expansions each search gets per turn, in proportion: the
        forward search, the one-queue search beside the feature search
        (``greedy``), the backward search.
    gates : bool
        Feature search: the boxes standing in doorways (:func:`doorways`) are
        a third feature, and a push that clears one is advised.
    near : int
        With ``backward``, from the moment the backward search has stored a
        state whose lower bound is ``near`` pulls or fewer (0: never): a
        forward search breadth-first in pushes (one queue, priority the
        pushes alone) takes the place of ``greedy`` (its share of the
        expansions), and the backward search looks for each new state of its
        own in that search's table too. It stores every state a few pushes
        from the start, so a backward search that comes within a few pulls
        of the start, where the start's own player region does not fit,
        meets one of them instead of missing by one.
    far : int
        The same from the other side: from the moment the forward search
        has stored a state whose lower bound is ``far`` pushes or fewer (0:
        never), a backward search breadth-first in pulls from the solved
        position takes ``shares[1]`` expansions too, and the forward search
        looks for its new states in that search's table too.
    stall : int
        With ``near`` or ``far``: the search it waits for must also have
        expanded this many states of its own since its bound last came
        lower (0: it need not), so that it runs only when that search is
        stuck close to its end, not while it still closes in by itself.
    cap : int
        With ``near`` or ``far``: the most states that search expands (0: no
        cap). It then stops, but its table stays there to be met.
    early : int
        With ``stall``: how many of them that search may expand as soon as
        the other comes within its bound, before the stall (0: none), if the
        other comes that close within its first ``stall`` expansions (one
        that comes close later is on its way and nearly done).
    early_share : int
        With ``early``: the share of the expansions (in place of
        ``shares[1]``) that search takes for those first ones, before the
        stall (0: ``shares[1]``).
    close : int
        With ``near``: the backward search's share (in place of
        ``shares[2]``) once it has come within ``near`` pulls of the start
        (0: ``shares[2]``).
    close_stall : int
        With ``close``: the backward search keeps that share only while it has
        expanded fewer than this many states since its bound last came lower
        (0: for good once it has come close).
    reverse_order : int
        With ``backward``: a second backward search whose priority prefers
        putting the boxes back in :func:`unpacking_order` (this penalty per box
        out of turn; 0: none). It takes ``shares[2]`` (or ``close``) too, and
        looks for its new states in the forward searches' tables.
    plain_backward : bool
        With ``backward`` and ``reverse_order``: also run the plain backward
        search (False: the ordered one is the only backward search; the
        portfolio gives each of its processes one of the two).
    all_pushes : bool
        Try every push, also in a state with a PI-corral (whose pruning keeps
        only the pushes into it); the corral's deadlock test stays. Set for
        the near search (:data:`NEAR_ALL_PUSHES`).
    """

    name: str = "forward"
    backward: bool = True
    room: bool = True
    weight: int = FAST_WEIGHT
    order: int = FAST_ORDER
    features: bool = False
    advice: int = 0
    greedy: bool = False
    shares: tuple[int, int, int] = (1, 1, 1)
    gates: bool = False
    near: int = 0
    far: int = 0
    stall: int = 0
    cap: int = 0
    early: int = 0
    early_share: int = 0
    close: int = 0
    close_stall: int = 0
    all_pushes: bool = False
    reverse_order: int = 0
    plain_backward: bool = True


MAIN_PLAN = Plan(
    features=True,
    advice=1,
    greedy=False,
    # two backward searches (plain and ordered), each with half the backward share:
    # every share doubled so that the feature search keeps its part
    shares=(2, 2 * 12, 3) if REVERSE_ORDER else (1, 12, 3),
    near=NEAR_WITHIN,
    far=FAR_WITHIN,
    stall=NEAR_STALL,
    cap=NEAR_CAP,
    early=NEAR_EARLY,
    early_share=2 * NEAR_EARLY_SHARE if REVERSE_ORDER else NEAR_EARLY_SHARE,
    close=2 * CLOSE_SHARE if REVERSE_ORDER else CLOSE_SHARE,
    close_stall=CLOSE_STALL,
    reverse_order=REVERSE_ORDER,
)
"""Fast mode's searches, in turns: forwards by feature cells (with the goal-room macro)
and backwards, plain and ordered (:data:`REVERSE_ORDER`); 2, 3 and 3 expansions of 8
(a feature search's expansion costs several backward ones': it counts the regions of
each new state). In its cells, the feature search charges a push that improves no
feature as much as one more push of lower bound (``advice=1``). The one-queue forward
search (``greedy``) does not run beside them: the searches keep their own tables, and
its share solved more given to the others (see docs/benchmarks/sokoban.md). Once a
backward search has come within :data:`NEAR_WITHIN` pulls of the start, it takes a
larger share while it still comes closer (:data:`CLOSE_SHARE`, :data:`CLOSE_STALL`),
and a search breadth-first forwards from the start (``near``) takes its first
:data:`NEAR_EARLY` expansions; once the backward search has stayed stuck there for
:data:`NEAR_STALL` expansions, the near search takes 24 expansions of 32, to be met,
until it has expanded :data:`NEAR_CAP` states. See docs/guides/sokoban.md."""
_ONE_BACKWARD = replace(MAIN_PLAN, shares=(1, 12, 3), early_share=NEAR_EARLY_SHARE,
                        close=CLOSE_SHARE)  # fmt: skip
PORTFOLIO_PLANS = (
    replace(_ONE_BACKWARD, reverse_order=0, cap=NEAR_EARLY),
    replace(_ONE_BACKWARD, name="forward-greedy", features=False, advice=0, weight=1000, order=4,
            plain_backward=False),
)  # fmt: skip
"""Fast mode's searches with ``portfolio=True``, one plan per process: the two backward
searches of :data:`MAIN_PLAN` go to different cores, each with all of the backward
share (1 and 3 beside the near search's 12). The first process searches forwards by
feature cells and backwards plainly; the second forwards from one priority queue,
greedier (weight 1000, packing-order penalty 4, no feature cells), and backwards in
:func:`unpacking_order`; each has its own near search. The first process's near search
stops after its early expansions (``cap`` = :data:`NEAR_EARLY`): after the stall it
met nothing on XSokoban the second process's did not solve faster, and its 450,000
more expansions (about 5 s of CPU) are what the plain backward search lacked on 75."""


_EMPTY = np.zeros(1, dtype=np.int64)
_EMPTY_2D = np.zeros((0, 4), dtype=np.int64)


@dataclass(frozen=True, slots=True)
class Tables:
    """What the search precomputes per level (see :func:`prepare`)."""

    walls: np.ndarray
    goal: np.ndarray
    goals: np.ndarray
    rank: np.ndarray
    dead: np.ndarray
    dist: np.ndarray
    deltas: np.ndarray
    zbox: np.ndarray
    zplayer: np.ndarray
    vdist: np.ndarray
    disc: np.ndarray
    parts: np.ndarray
    sdead: np.ndarray
    room: GoalRoom | None = None
    inroom: np.ndarray = field(default_factory=lambda: _EMPTY)
    ordix: np.ndarray = field(default_factory=lambda: _EMPTY)
    rgoal: np.ndarray = field(default_factory=lambda: _EMPTY)
    rpush: np.ndarray = field(default_factory=lambda: _EMPTY_2D)
    rafter: np.ndarray = field(default_factory=lambda: _EMPTY_2D)
    gate: np.ndarray = field(default_factory=lambda: _EMPTY.astype(np.uint8))
    pocket: np.ndarray = field(default_factory=lambda: _EMPTY[:0])

    def kernel(self) -> LevelTables:
        """The tables as the kernels take them (:class:`._kernels.state.LevelTables`)."""
        return LevelTables(
            walls=self.walls, dead=self.dead, goal=self.goal, goals=self.goals, rank=self.rank,
            vdist=self.vdist, disc=self.disc, parts=self.parts, sdead=self.sdead, zbox=self.zbox,
            zplayer=self.zplayer, deltas=self.deltas,
            inroom=self.inroom, ordix=self.ordix, rgoal=self.rgoal, rpush=self.rpush,
            rafter=self.rafter, gate=self.gate, pocket=self.pocket,
        )  # fmt: skip


def prepare(
    board: Board, *, reverse: bool = False, macros: bool = False, sides: bool = True
) -> Tables:
    """Push distances from every cell to every goal, dead squares, Zobrist keys.

    With ``reverse``, the tables of the backward search: pull distances to
    the boxes' start cells, which play the part of goals (no order of them:
    the ordered backward search puts :func:`unpacking_order` in their place).
    With ``macros``, also the goal room of fast mode's macro
    (:func:`.macros.goal_room`). With ``sides`` (the default), the bound's
    distances count the player's side of each box (:func:`._kernels.board.side_distances`);
    without, the player may push from anywhere (the plain distances, one per cell).
    """
    n = board.width * board.height
    walls = board.walls.astype(np.uint8)
    targets = board.boxes if reverse else board.goals
    goals = np.array(targets, dtype=np.int64)
    goal = np.zeros(n, dtype=np.uint8)
    goal[goals] = 1
    deltas = np.array(board.deltas, dtype=np.int64)
    dist = k.push_distances(walls, goals, deltas, reverse)
    dead = ((dist.min(axis=0) >= k.INF) & (walls == 0)).astype(np.uint8)
    disc, parts = k.floor_sides(walls, board.player, deltas)
    if sides:
        sided = k.side_distances(walls, goals, deltas, disc, parts, reverse)
    else:  # every side of a cell the same distance
        sided = np.repeat(dist, 4, axis=1)
    vdist = np.ascontiguousarray(sided.T)  # [4 * cell + side, goal]: the matching's rows
    # pushes the bound would find dead are pruned before the child is built (without
    # sides, only the dead squares, pruned earlier); a lone box's pushes are a superset
    # of those the other boxes allow, so this holds whatever else is on the board
    sdead = (vdist.min(axis=1) >= k.INF).astype(np.uint8)
    rng = np.random.default_rng(0x50C0BA)
    zbox = rng.integers(1, 1 << 62, size=n, dtype=np.int64)
    zplayer = rng.integers(1, 1 << 62, size=n, dtype=np.int64)
    rank = np.zeros(n, dtype=np.int64) if reverse else packing_order(board)
    pocket = np.array(start_pocket(board) if reverse else (), dtype=np.int64)
    gate = doorways(walls, goal, dead, board.width)
    tables = Tables(walls, goal, goals, rank, dead, dist, deltas, zbox, zplayer, vdist, disc, parts,
                    sdead, gate=gate, pocket=pocket)  # fmt: skip
    room = goal_room(board) if macros and not reverse and GOAL_ROOMS else None
    if room is None:
        return tables
    inroom = np.zeros(n, dtype=np.int64)
    inroom[list(room.cells)] = 1
    ordix = np.full(n, -1, dtype=np.int64)
    ordix[list(room.order)] = np.arange(len(room.order))
    rgoal = np.array(room.order, dtype=np.int64)
    return replace(tables, room=room, inroom=inroom, ordix=ordix, rgoal=rgoal,
                   rpush=room.pushes, rafter=room.after)  # fmt: skip


def start_pocket(board: Board) -> list[int]:
    """The start cells of the boxes next to the start player's region, in order.

    The backward search ends in the start position only with the player in
    this region. While each of these cells holds a box, the region is shut
    (walls and these boxes bound it): a player outside it cannot get in, nor a
    player inside it out, without pulling one of them off its cell and back.
    """
    region = board.reachable(board.player, board.boxes)
    boxes = set(board.boxes)
    return sorted({c + d for c in region for d in board.deltas if c + d in boxes})


def doorways(walls: np.ndarray, goal: np.ndarray, dead: np.ndarray, width: int) -> np.ndarray:
    """Per cell, 1 for a doorway: a floor cell between two walls (left and right, or above
    and below), neither a goal nor dead, so that a box on it blocks a way between two
    parts of the level (the feature search's third feature, after FESS's room links)."""
    gate = np.zeros(walls.size, dtype=np.uint8)
    for c in range(width + 1, walls.size - width - 1):
        if walls[c] or goal[c] or dead[c]:
            continue
        if (walls[c - 1] and walls[c + 1]) or (walls[c - width] and walls[c + width]):
            gate[c] = 1
    return gate


def packing_order(board: Board) -> np.ndarray:
    """Per cell, the packing rank of a goal (0: fill first), -1 elsewhere.

    Worked out backwards from the solved position: in each round, every box
    on a goal that the player (coming from its start) can reach and pull one
    step off, and that could have come there from a box's start cell (pulled
    back to one past the goals still filled), is taken away; the goals of the
    last round are the ones to fill first. Goals scattered over the level
    all go in the first round and get one rank; a goal room gets its depth
    order. Fast mode only prefers this order (a penalty in its priority), it
    never forbids another.
    """
    start, walls = board.player, board.walls

    def region_of(left: set[int]) -> set[int]:
        return set() if start in left else set(board.reachable(start, left))

    starts = frozenset(board.boxes)

    def pulled_off(g: int, region: set[int], left: set[int]) -> bool:
        return any(
            g + d in region and not walls[g + 2 * d] and g + 2 * d not in left for d in board.deltas
        ) and _pulls_reach(board, g, left - {g}, starts)

    return _rank_by_rounds(board, board.goals, region_of, pulled_off)


def _pulls_reach(board: Board, cell: int, blocked: set[int], targets: frozenset[int]) -> bool:
    """Whether a box on ``cell`` can be pulled to one of ``targets`` (so pushed from it to
    ``cell``) with ``blocked`` as walls; the player's walk to each pull is not checked."""
    walls = board.walls
    seen = {cell}
    todo = [cell]
    while todo:
        c = todo.pop()
        if c in targets:
            return True
        for d in board.deltas:  # a pull onto c + d leaves the player on c + 2d
            nxt, stand = c + d, c + 2 * d
            if nxt in seen or walls[nxt] or walls[stand] or nxt in blocked or stand in blocked:
                continue
            seen.add(nxt)
            todo.append(nxt)
    return False


def _rank_by_rounds(
    board: Board,
    cells: Iterable[int],
    region_of: Callable[[set[int]], set[int]],
    taken: Callable[[int, set[int], set[int]], bool],
) -> np.ndarray:
    """Ranks of ``cells`` (-1 elsewhere), peeled off in rounds: each round takes every
    cell still left that ``taken(cell, region_of(left), left)`` says goes now (all of
    them if none does); the last round gets rank 0."""
    rank = np.full(board.width * board.height, -1, dtype=np.int64)
    left = set(cells)
    rounds: list[list[int]] = []
    while left:
        region = region_of(left)
        peeled = [c for c in sorted(left) if taken(c, region, left)] or sorted(left)
        rounds.append(peeled)
        left -= set(peeled)
    for depth, peeled in enumerate(reversed(rounds)):
        rank[peeled] = depth
    return rank


def unpacking_order(board: Board) -> np.ndarray:
    """Per cell, the backward search's packing rank of a box's start cell (0: fill
    first), -1 elsewhere: :func:`packing_order` with the start position as the goals.

    Worked out forwards from the start: in each round, every box the player
    (from its start) can reach and push one step is taken away; the start
    cells of the last round are the ones the backward search fills first, those
    of the first round (the boxes the solution moves first) last. Used only
    with :data:`REVERSE_ORDER`.
    """
    walls = board.walls

    def pushed_away(c: int, region: set[int], left: set[int]) -> bool:
        return any(c - d in region and not walls[c + d] and c + d not in left for d in board.deltas)

    return _rank_by_rounds(
        board, board.boxes, lambda left: set(board.reachable(board.player, left)), pushed_away
    )


def new_work(ncell: int, nb: int, corral_nodes: int = ks.CORRAL_NODES) -> Work:
    """Fresh scratch arrays (:class:`._kernels.state.Work`) for ``ncell`` cells and ``nb`` boxes."""

    def cells(dtype: type) -> np.ndarray:
        return np.zeros(ncell, dtype=dtype)

    def row(size: int, dtype: type = np.int64) -> np.ndarray:
        return np.zeros(size, dtype=dtype)

    wide = max(nb, 1)
    return Work(
        occ=cells(np.int32), seen=cells(np.int64), seen2=cells(np.int64),
        wdist=cells(np.int32), wdist2=cells(np.int32), queue=cells(np.int64),
        mark=cells(np.uint8),
        hu=row(nb + 1), hv=row(nb + 1), hp=row(nb + 1), hway=row(nb + 1), hminv=row(nb + 1),
        hused=row(nb + 1, np.bool_), pu=row(nb + 1), pv=row(nb + 1), pp=row(nb + 1),
        pb=np.full(nb, -1, dtype=np.int32), rows=row(nb, np.int32),
        cseen=cells(np.int64), cid=cells(np.int64), border=row(nb, np.uint8),
        cpushes=row(ks.MAX_CORRALS), cneeds=row(ks.MAX_CORRALS, np.uint8),
        cbroken=row(ks.MAX_CORRALS, np.uint8), ibroken=row(ks.MAX_CORRALS, np.uint8),
        cmin=row(ks.MAX_CORRALS), cinfo=row(1), bmask=row(nb), kb=row(nb, np.int16),
        occ2=cells(np.uint8), rseen=cells(np.int64), frozen2=cells(np.uint8),
        lab=cells(np.int32), lseen=cells(np.int64), lab2=cells(np.int32),
        qb=np.zeros((ks.CORRAL_QUEUE, wide), dtype=np.int16), qp=row(ks.CORRAL_QUEUE),
        vb=np.zeros((corral_nodes, wide), dtype=np.int16), vp=row(corral_nodes),
        vh=row(corral_nodes), ckey=row(ks.CORRAL_CACHE), cval=row(ks.CORRAL_CACHE, np.uint8),
    )  # fmt: skip


def new_patterns(ncell: int, nb: int, capacity: int = INITIAL_PATTERNS) -> Patterns:
    """An empty store (:class:`._kernels.state.Patterns`) for up to ``capacity`` patterns."""
    entries = capacity * min(max(nb, 1), 8) + 1
    return Patterns(
        cells=np.zeros((capacity, max(nb, 1)), dtype=np.int16),
        size=np.zeros(capacity, dtype=np.int32),
        side=np.zeros(capacity, dtype=np.int32),
        head=np.full(ncell, -1, dtype=np.int32),
        enext=np.full(entries, -1, dtype=np.int32),
        epat=np.zeros(entries, dtype=np.int32),
    )


def _grown(old: Patterns) -> Patterns:
    """The store ``old`` with twice the room; its patterns and lists kept (indices stay valid)."""
    capacity, width = old.cells.shape
    entries = old.epat.size
    fresh = Patterns(
        cells=np.zeros((2 * capacity, width), dtype=np.int16),
        size=np.zeros(2 * capacity, dtype=np.int32),
        side=np.zeros(2 * capacity, dtype=np.int32),
        head=old.head.copy(),
        enext=np.full(2 * entries, -1, dtype=np.int32),
        epat=np.zeros(2 * entries, dtype=np.int32),
    )
    fresh.cells[:capacity] = old.cells
    fresh.size[:capacity] = old.size
    fresh.side[:capacity] = old.side
    fresh.enext[:entries] = old.enext
    fresh.epat[:entries] = old.epat
    return fresh


def _table_size(count: int) -> int:
    """Slots of the hash table for ``count`` states: a power of two (the kernels mask with
    it), at least four times ``count`` (at most a quarter full)."""
    return 1 << max(0, 4 * count - 1).bit_length()


def _new_states(nb: int, count: int) -> States:
    return States(
        cell=np.zeros(count, dtype=np.int32),
        acc=np.zeros(count, dtype=np.int32),
        skey=np.zeros(count, dtype=np.int64),
        left=np.zeros(count, dtype=np.int32),
        right=np.zeros(count, dtype=np.int32),
        croot=np.full(ks.feature_cells(nb), -1, dtype=np.int32),
        boxes=np.zeros((count, max(nb, 1)), dtype=np.int16),
        player=np.zeros(count, dtype=np.int32),
        parent=np.zeros(count, dtype=np.int32),
        g=np.zeros(count, dtype=np.int32),
        m=np.zeros(count, dtype=np.int32),
        h=np.zeros(count, dtype=np.int32),
        hash=np.zeros(count, dtype=np.int64),
        closed=np.zeros(count, dtype=np.uint8),
        table=np.full(_table_size(count), -1, dtype=np.int32),
        hkey=np.zeros(2 * count, dtype=np.int64),
        hidx=np.zeros(2 * count, dtype=np.int32),
    )


_NO_OTHER = _new_states(1, 1)
"""Stand-in for the other search's arrays when a search runs alone (an empty table)."""


class _Arrays:
    """The growing state of one search (:class:`._kernels.state.States`) and its byte count."""

    def __init__(self, nb: int, count: int) -> None:
        self.nb = nb
        self.states = _new_states(nb, count)

    @staticmethod
    def bytes_for(nb: int, count: int) -> int:
        return (
            count * (2 * nb + 4 * 5 + 8 + 1 + 4 * 4 + 8) + 4 * _table_size(count) + 2 * count * 12
        )

    def largest_within(self, room: int) -> int:
        """The most states (at most twice as many as now) whose arrays fit in ``room`` bytes."""
        low, high = self.states.boxes.shape[0], 2 * self.states.boxes.shape[0]
        while low < high:  # bytes_for grows with the count
            mid = (low + high + 1) // 2
            if self.bytes_for(self.nb, mid) <= room:
                low = mid
            else:
                high = mid - 1
        return low

    @property
    def nbytes(self) -> int:
        return self.bytes_for(self.nb, self.states.boxes.shape[0])

    def grow(self, count: int, heap_count: int, size: int) -> None:
        """Room for ``size`` states in every array, keeping the first ``count`` states and
        ``heap_count`` entries."""
        old = self.states
        fresh = _new_states(self.nb, size)
        for name in ("boxes", "player", "parent", "g", "m", "h", "hash", "closed", "cell", "acc",
                     "skey", "left", "right"):  # fmt: skip
            getattr(fresh, name)[:count] = getattr(old, name)[:count]
        fresh.croot[:] = old.croot
        fresh.hkey[:heap_count] = old.hkey[:heap_count]
        fresh.hidx[:heap_count] = old.hidx[:heap_count]
        rehash(fresh.table, fresh.hash, count)
        self.states = fresh


class _Search:
    """One best-first search over the arrays of :mod:`._kernels`, forwards or backwards."""

    def __init__(self, board: Board, tables: Tables, code: int, memory: int, *,
                 reverse: bool = False, target: int = 0, plan: Plan = MAIN_PLAN,
                 patterns: Patterns | None = None, reverse_order: int = 0) -> None:  # fmt: skip
        self.tables = tables
        self.lv = tables.kernel()
        self.memory = memory
        self.reverse = reverse
        self.name = "backward" if reverse else plan.name
        self.role = 2 if reverse else 0  # its place in Plan.shares
        nb = len(board.boxes)
        count = _INITIAL_STATES
        while count > 64 and _Arrays.bytes_for(nb, count) > memory:
            count //= 2
        self.a = _Arrays(nb, count)
        ncell = board.width * board.height
        self.ctl = np.zeros(ks.CTL_SLOTS, dtype=np.int64)
        self.params = params = np.zeros(ks.PARAM_SLOTS, dtype=np.int64)
        params[ks.P_BOXES] = nb
        params[ks.P_MODE] = code
        params[ks.P_WEIGHT] = plan.weight
        params[ks.P_ORDER] = reverse_order if reverse else plan.order
        params[ks.P_REVERSE] = int(reverse)
        params[ks.P_TARGET] = target
        params[ks.P_TUNNELS] = int(code == ks.MODE_FAST and TUNNELS)
        params[ks.P_ROOM] = -1 if tables.room is None else tables.room.entrance
        learns = code == ks.MODE_PUSHES or (code == ks.MODE_FAST and LEARN_IN_FAST_MODE)
        params[ks.P_LEARN] = int(learns and not reverse)
        params[ks.P_FEATURES] = int(plan.features and code == ks.MODE_FAST and not reverse)
        params[ks.P_ADVICE] = plan.advice * plan.weight
        params[ks.P_GATES] = int(plan.gates)
        params[ks.P_POCKET] = POCKET_PENALTY if reverse and code == ks.MODE_FAST else 0
        params[ks.P_ALL_PUSHES] = int(plan.all_pushes and code == ks.MODE_FAST)
        self.work = new_work(ncell, nb)
        if patterns is None:
            patterns = new_patterns(ncell, nb, capacity=1 if reverse else INITIAL_PATTERNS)
        self.patterns = patterns
        self.outcome = ks.EXHAUSTED
        self.limit: str | None = None
        self.ctl[ks.C_MEET] = -1
        self.ctl[ks.C_LOWEST] = k.INF
        self.other: _Search | None = None
        self.near: _Search | None = None  # a second search the other way to meet (Plan.near)
        self.waits: tuple[_Search, int] | None = None  # runs once that one's bound is this low
        self.watches: list[_Search] = []  # ... or one of these, whichever is closest
        self.stall = 0  # ... and it has expanded this many since its bound last came lower
        self.cap = 0  # the most states this search expands (0: no cap)
        self.early = 0  # ... of which it may take this many before the stall
        self.started = False  # it no longer waits (it never waits again)
        self.improved_at = 0  # this search's expansions when its bound last came lower
        self.pool: list[_Search] = []  # the searches whose arrays share ``memory`` with it

    def region(self, player: int, boxes: tuple[int, ...]) -> int:
        """The top-left cell of the player's region among ``boxes``."""
        w = self.work
        w.occ[list(boxes)] = 1
        self.ctl[ks.C_STAMP] += 1
        t = self.tables
        cell = k.player_region(player, t.walls, w.occ, w.seen, self.ctl[ks.C_STAMP], w.queue,
                               w.wdist, t.deltas)  # fmt: skip
        w.occ[:] = 0
        return int(cell)

    def add_root(self, boxes: tuple[int, ...], player: int, lower: int) -> None:
        st, ctl, t = self.a.states, self.ctl, self.tables
        n = int(ctl[ks.C_STATES])
        row = np.array(boxes, dtype=np.int16)
        st.boxes[n, : len(boxes)] = row
        st.player[n] = player
        st.parent[n] = -1
        st.h[n] = lower
        st.hash[n] = k.state_hash(row, player, t.zbox, t.zplayer)
        table_insert(st.table, st.hash, n)
        ctl[ks.C_STATES] = n + 1
        ctl[ks.C_LOWEST] = min(int(ctl[ks.C_LOWEST]), lower)
        heap = int(ctl[ks.C_HEAP])
        key = heap_key(self.params[ks.P_MODE], self.params[ks.P_WEIGHT], 0, 0, lower)
        if self.params[ks.P_FEATURES]:
            w = self.work
            w.occ[list(boxes)] = 1
            cell = feature_cell(self.lv, w.occ, w, ctl, self.params[ks.P_GATES])
            w.occ[:] = 0
            cell_push(st, n, cell, key)
        else:
            st.hkey[heap] = key
            st.hidx[heap] = n
        ctl[ks.C_HEAP] = heap + 1
        self.outcome = ks.RUNNING

    def step(self, units: int) -> bool:
        """Run up to ``units`` expansions; True when this search is over."""
        if self.outcome in (ks.FOUND, ks.EXHAUSTED) or self.limit is not None:
            return True
        until = int(self.ctl[ks.C_EXPANDED]) + units  # a GROW resumes with what is left
        while True:
            other = self.other.a.states if self.other is not None else _NO_OTHER
            near = self.near.a.states if self.near is not None else _NO_OTHER
            left = until - int(self.ctl[ks.C_EXPANDED])
            if left <= 0:
                self.outcome = ks.RUNNING
                return False
            lowest = int(self.ctl[ks.C_LOWEST])
            self.outcome = search(left, self.lv, self.params, self.ctl, self.a.states, other,
                                  near, self.work, self.patterns)  # fmt: skip
            if self.ctl[ks.C_LOWEST] < lowest:  # to the step: within a step's expansions
                self.improved_at = int(self.ctl[ks.C_EXPANDED])
            room = self.patterns.cells.shape[0]
            if (
                not self.reverse
                and room < PATTERN_CAPACITY
                and (
                    2 * self.ctl[ks.C_PATTERNS] > room
                    or 2 * self.ctl[ks.C_ENTRIES] > self.patterns.epat.size
                )
            ):
                self.patterns = _grown(self.patterns)
            if self.outcome != ks.GROW:
                return self.outcome != ks.RUNNING
            # the searches share one budget: twice the room, or as much as is left of it
            others = sum(x.a.nbytes for x in self.pool if x is not self)
            now = self.a.states.boxes.shape[0]
            size = self.a.largest_within(self.memory - others)
            if 4 * size < 5 * now:  # not a quarter more: a copy of everything for too little
                self.limit = "max_memory"
                return True
            try:
                self.a.grow(int(self.ctl[ks.C_STATES]), int(self.ctl[ks.C_HEAP]), size)
            except MemoryError:
                self.limit = "max_memory"
                return True

    def waiting(self) -> bool:
        """Whether this search waits for another (:attr:`Plan.near`, :attr:`Plan.far`):
        until that one has come within its bound and, with :attr:`Plan.stall`, has
        then stayed there that many expansions (before that it may take its first
        :attr:`Plan.early` expansions, while that one has expanded fewer than a stall's
        worth in all); once started it never waits again."""
        if self.waits is None or self.started:
            return False
        there, within = self.waits
        for other in self.watches:
            if other.ctl[ks.C_LOWEST] < there.ctl[ks.C_LOWEST]:
                there = other
        if there.ctl[ks.C_LOWEST] > within:
            return True
        if there.ctl[ks.C_EXPANDED] - there.improved_at >= self.stall:
            self.started = True
            return False
        # close but not stuck: its first few only, and only if that one came close early
        return self.ctl[ks.C_EXPANDED] >= self.early or there.ctl[ks.C_EXPANDED] >= self.stall

    def closing(self, plan: Plan) -> bool:
        """Whether this search has come within :attr:`Plan.near` of its end and still
        comes closer: it has expanded fewer than :attr:`Plan.close_stall` states since
        its bound last came lower (0: no such limit)."""
        if self.ctl[ks.C_LOWEST] > plan.near:
            return False
        since = int(self.ctl[ks.C_EXPANDED]) - self.improved_at
        return plan.close_stall <= 0 or since < plan.close_stall

    def capped(self) -> bool:
        """Whether this search has expanded the most states it may (:attr:`Plan.cap`)."""
        return self.cap > 0 and self.ctl[ks.C_EXPANDED] >= self.cap

    def chain(self, s: int | None = None) -> list[tuple[tuple[int, ...], int]]:
        """The box cells and player cell of every state from a root to ``s``
        (default: the one found)."""
        rows = []
        st = self.a.states
        if s is None:
            s = int(self.ctl[ks.C_FOUND])
        while s >= 0:
            rows.append((tuple(int(c) for c in st.boxes[s]), int(st.player[s])))
            s = int(st.parent[s])
        rows.reverse()
        return rows


class _Solver:
    """The searches of one process for one level: forwards, maybe backwards, in turns."""

    def __init__(self, board: Board, code: int, memory: int, plan: Plan = MAIN_PLAN) -> None:
        started = time.perf_counter()
        self.board = board
        self.code = code
        self.plan = plan
        tables = prepare(board, macros=code == ks.MODE_FAST and plan.room,
                         sides=code != ks.MODE_FAST or FAST_FORWARD_SIDES)  # fmt: skip
        both = code == ks.MODE_FAST and plan.backward and board.boxes != board.goals
        back_tables = prepare(board, reverse=True) if both else None
        greedy = code == ks.MODE_FAST and plan.features and plan.greedy
        near = code == ks.MODE_FAST and plan.near > 0 and both
        far = code == ks.MODE_FAST and plan.far > 0 and both
        ordered_tables = None  # the plain backward search's (read only), the start cells ordered
        if back_tables is not None and plan.reverse_order > 0:
            ordered_tables = replace(back_tables, rank=unpacking_order(board))
        self.preprocess_s = time.perf_counter() - started
        self.forward = forward = _Search(board, tables, code, memory, plan=plan)
        self.lower = _bound(board.boxes, board.player, tables)
        self.searches = [forward]
        self.spent: list[np.ndarray] = []  # counters of searches replaced (see step)
        self.player = board.player
        if self.lower < k.INF and not _start_frozen(board, tables):
            if code != ks.MODE_MOVES:
                self.player = forward.region(board.player, board.boxes)
            forward.add_root(board.boxes, self.player, self.lower)
            second = None
            if greedy or near:  # one priority queue, beside the feature cells
                plain = replace(plan, name=f"{plan.name}-greedy", features=False)
                if near:  # breadth-first in pushes (ties: the lower bound)
                    plain = replace(plan, name=f"{plan.name}-near", features=False, weight=0,
                                    order=0, advice=0, all_pushes=NEAR_ALL_PUSHES)  # fmt: skip
                second = _Search(board, tables, code, memory, plan=plain)
                second.role = 1
                second.add_root(board.boxes, self.player, self.lower)
                self.searches.append(second)
            if back_tables is not None:
                alone = None if plan.plain_backward else ordered_tables
                backward = _Search(board, alone or back_tables, code, memory, reverse=True,
                                   target=self.player,
                                   reverse_order=plan.reverse_order if alone else 0)  # fmt: skip
                if alone:  # the ordered backward search in the plain one's place
                    backward.name, ordered_tables = "backward-ordered", None
                roots = [(root, _bound(board.goals, root, back_tables))
                         for root in _regions(board, board.goals)]  # fmt: skip
                roots = [(root, lower) for root, lower in roots if lower < k.INF]
                if roots:
                    for root, lower in roots:
                        backward.add_root(board.goals, root, lower)
                    for search in self.searches:
                        search.other = backward
                    self.searches.append(backward)
                    backward.other = forward
                    if near and second is not None:
                        backward.near = second
                        second.waits = (backward, plan.near)
                        second.stall, second.cap, second.early = plan.stall, plan.cap, plan.early
                    if ordered_tables is not None:  # the same pulls, the start cells in order
                        again = _Search(board, ordered_tables, code, memory, reverse=True,
                                        target=self.player,
                                        reverse_order=plan.reverse_order)  # fmt: skip
                        again.name = "backward-ordered"
                        for root, lower in roots:
                            again.add_root(board.goals, root, lower)
                        again.other, again.near = forward, backward.near
                        if again.near is not None:
                            again.near.watches.append(again)
                        self.searches.append(again)
                    if far:  # breadth-first in pulls from the solved position
                        plain = replace(plan, name="backward-near", features=False, weight=0,
                                        order=0, advice=0)  # fmt: skip
                        third = _Search(board, back_tables, code, memory, reverse=True,
                                        target=self.player, plan=plain)  # fmt: skip
                        third.name, third.role = "backward-near", 1
                        for root, lower in roots:
                            third.add_root(board.goals, root, lower)
                        third.other = forward
                        third.waits = (forward, plan.far)
                        third.stall, third.cap, third.early = plan.stall, plan.cap, plan.early
                        forward.near = third
                        self.searches.append(third)
        else:
            forward.outcome = ks.EXHAUSTED
        for search in self.searches:
            search.pool = self.searches

    def expanded(self) -> int:
        """States expanded by every search of this solve, those replaced included."""
        ctls = [x.ctl for x in self.searches] + self.spent
        return sum(int(c[ks.C_EXPANDED]) for c in ctls)

    def step(self, units: int) -> bool:
        """Run up to ``units`` expansions shared by the searches; True when the solve is over."""
        # a search waiting for another to come close, or at its cap, takes no expansions
        waiting = [s for s in self.searches if s.waiting() or s.capped()]
        weights = [self.plan.shares[s.role] for s in self.searches]
        close = self.plan.close
        if close > 0 and self.plan.near > 0:  # a backward search closing in takes more
            weights = [
                close if s.reverse and s.role == 2 and s.closing(self.plan) else weight
                for s, weight in zip(self.searches, weights, strict=True)
            ]
        early = self.plan.early_share
        if early > 0:  # one not started yet takes its early expansions at their own share
            weights = [
                early if s.waits is not None and not s.started else weight
                for s, weight in zip(self.searches, weights, strict=True)
            ]
        for i, s in enumerate(self.searches):
            if s in waiting:
                weights[i] = 0
        total = sum(weights) or 1
        allot = [units * weight // total for weight in weights]
        taking = [i for i, weight in enumerate(weights) if weight > 0] or [0]
        for i in range(units - sum(allot)):  # what the division left, one each in order
            allot[taking[i % len(taking)]] += 1
        for s, count in zip(self.searches, allot, strict=True):
            if s.cap > 0:  # never past its cap
                count = min(count, s.cap - int(s.ctl[ks.C_EXPANDED]))
            if s.waits is not None and not s.started:  # before the stall: its first few only
                count = min(count, s.early - int(s.ctl[ks.C_EXPANDED]))
            if count > 0:
                s.step(count)
            if s.outcome == ks.FOUND:
                return True
        forward = self.forward
        # over when every search is over; a forward search that ran dry is a proof,
        # unless the goal-room macro (which can lose solutions) pruned it: then again without
        if forward.outcome == ks.EXHAUSTED and forward.limit is None and forward.tables.room:
            plain = replace(forward.tables, room=None)
            fresh = _Search(self.board, plain, self.code, forward.memory, plan=self.plan,
                            patterns=forward.patterns)  # fmt: skip
            fresh.name, fresh.pool = forward.name, self.searches
            fresh.add_root(self.board.boxes, self.player, self.lower)
            backwards = [x for x in self.searches if x.reverse and x.role == 2]
            if backwards:
                fresh.other = backwards[0]
                for backward in backwards:
                    backward.other = fresh
            fresh.near = forward.near
            for x in self.searches:
                if x.waits is not None and x.waits[0] is forward:
                    x.waits, x.other = (fresh, x.waits[1]), fresh
            self.searches[0] = self.forward = fresh
            self.spent.append(forward.ctl.copy())
            return False
        if forward.outcome == ks.EXHAUSTED:
            return True
        # a near search still waiting (or at its cap) when the others are over will never run
        return all(
            x.outcome in (ks.FOUND, ks.EXHAUSTED) or x.limit or x in waiting for x in self.searches
        )

    def release(self) -> None:
        """Unlink the searches from each other (``other``, ``near``, ``waits``, ``watches``,
        ``pool``), so that their arrays are freed as soon as the solver is: linked in
        cycles they would wait for the cycle collector, which counts objects, not bytes,
        and a process that solves level after level would grow by gigabytes."""
        for one in self.searches:
            one.other = one.near = one.waits = None
            one.watches, one.pool = [], []

    @property
    def winner(self) -> _Search | None:
        return next((x for x in self.searches if x.outcome == ks.FOUND), None)

    @property
    def proved(self) -> bool:
        """Whether the forward search ran dry with nothing pruned unsoundly: no solution."""
        return self.forward.outcome == ks.EXHAUSTED and self.forward.limit is None

    def solution(self) -> str | None:
        """The LURD moves of the solution found (None: none found)."""
        winner = self.winner
        if winner is None:
            return None
        chain = winner.chain()
        meet = int(winner.ctl[ks.C_MEET])
        half = winner.near if winner.ctl[ks.C_MEET_NEAR] else winner.other
        if meet >= 0 and half is not None:  # the two searches met halfway
            chain = chain + half.chain(meet)[::-1][1:]
        return _lurd(self.board, chain[::-1] if winner.reverse else chain)

    def totals(self) -> dict[str, Any]:
        """The counters of every search this solver ran, summed."""
        ctls = [x.ctl for x in self.searches] + self.spent
        total = [sum(int(c[slot]) for c in ctls) for slot in range(ks.CTL_SLOTS)]
        return {
            "ctl": total,
            "max_frontier": max(int(c[ks.C_MAX_FRONTIER]) for c in ctls),
            "memory_bytes": sum(x.a.nbytes + _pattern_bytes(x) for x in self.searches),
            "searches": [x.name for x in self.searches],
            "closest": [[x.name, int(x.ctl[ks.C_LOWEST])] for x in self.searches],
            "winner": None if self.winner is None else self.winner.name,
            "limit": next((x.limit for x in self.searches if x.limit), None),
        }


def _pattern_bytes(search: _Search) -> int:
    """Bytes of a search's pattern store."""
    return sum(a.nbytes for a in search.patterns) if not search.reverse else 0


def _child(conn: Any, board: Board, code: int, memory: int, plan: Plan, budget: Budget) -> None:
    """The portfolio's second process: run ``plan`` and send back what it found."""
    try:
        meter = budget.start(stop=conn.poll)
        solver = _Solver(board, code, memory, plan)
        spent = run_chunked(solver.step, solver.expanded, meter)
        conn.send((solver.solution(), solver.proved and spent is None, solver.totals()))
        solver.release()
    except (KeyboardInterrupt, BrokenPipeError, EOFError):  # stopped by the parent
        pass
    finally:
        conn.close()


STOP_WAIT_S = 1.0
"""How long the portfolio waits for its stopped child's counters (it answers at its next
slice, well within this on an idle machine), and again for a terminated child to end."""


class _Portfolio:
    """The portfolio's second process (the second of :data:`PORTFOLIO_PLANS`); first answer wins."""

    def __init__(self, board: Board, code: int, memory: int, plan: Plan, budget: Budget) -> None:
        context: Any = multiprocessing.get_context(
            "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        )
        self.conn, child_conn = context.Pipe()
        self.process = context.Process(
            target=_child, args=(child_conn, board, code, memory, plan, budget),
            daemon=True,
        )  # fmt: skip
        self.process.start()
        child_conn.close()
        self.answer: tuple[str | None, bool, dict[str, Any]] | None = None

    def done(self) -> bool:
        """Whether the child has answered (read its answer if so)."""
        if self.answer is None and self.conn.poll():
            try:
                self.answer = self.conn.recv()
            except (EOFError, OSError):  # the child died without an answer
                self.answer = (None, False, {})
        return self.answer is not None

    def decisive(self) -> bool:
        """Whether the child has answered with a solution or a proof that there is none
        (a child whose budget ran out leaves the parent searching)."""
        return (
            self.done()
            and self.answer is not None
            and (self.answer[0] is not None or self.answer[1])
        )

    def close(self) -> None:
        """Ask the child to stop, keep its counters if they come within :data:`STOP_WAIT_S`
        seconds, and make sure it has ended before returning (terminated if it does not stop
        by itself, killed if it outlives that too)."""
        if self.answer is None and self.process.is_alive():
            with contextlib.suppress(BrokenPipeError, OSError):
                self.conn.send("stop")
            if self.conn.poll(STOP_WAIT_S):
                self.done()
        self.process.join(0.25)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(STOP_WAIT_S)
        if self.process.is_alive():  # a loaded machine can delay even SIGTERM's end
            self.process.kill()
            self.process.join()  # SIGKILL cannot be caught: the join ends
        self.conn.close()


def _portfolio_memory(memory: int, *, given: bool) -> int:
    """Each portfolio process's memory budget: half of a ``max_memory`` given, else the
    default (:func:`tansuo.budget.default_max_memory`) for each, both together within
    half the RAM (a process's searches need as much room beside a second one as alone)."""
    if given:
        return memory // 2
    ram = physical_memory()
    return memory if ram is None else min(memory, ram // 4)


def _portfolio_allowed() -> bool:
    """Whether this process may start a child (a daemonic batch worker may not)."""
    return not multiprocessing.current_process().daemon


def solve(
    level: Level | Board,
    *,
    mode: Mode | str = "fast",
    time_limit: float | None = None,
    max_expansions: int | None = None,
    max_memory: int | str | None = None,
    portfolio: bool = False,
) -> SokobanResult:
    """Solve a level (see the module docstring for the modes and budgets).

    Fast mode runs two searches in turns: pushes forwards from the start, by
    feature cells, and pulls backwards from the solved position (which
    untangles goal rooms that must be filled in order); whichever finishes
    first, or a state both reach, answers.

    Parameters
    ----------
    level : Level or Board
        The level (a :class:`Board` is a level already checked and compiled).
    mode : str
        ``"fast"`` (default), ``"push-optimal"`` or ``"move-optimal"``
        (:data:`MODES`).
    time_limit : float, optional
        Budget: seconds of wall clock for the whole solve.
    max_expansions : int, optional
        Budget: states expanded (with a portfolio, by each process).
    max_memory : int or str, optional
        Budget: bytes (or ``"512M"``, ``"4G"``) of state arrays, table and heap,
        shared by the searches; default :func:`tansuo.budget.default_max_memory`
        (with a portfolio: that for each process, both within half the RAM; a
        budget given is shared by the two processes).
    portfolio : bool
        Fast mode only: split the searches over two processes, one per core
        (:data:`PORTFOLIO_PLANS`); the first answer wins and the other process
        is stopped. Ignored in the optimal modes and inside a daemonic process
        (a batch worker).

    Returns
    -------
    SokobanResult
        ``status="limit"`` with ``stats.limit`` naming the budget when one ran
        out; a solution found has been replayed and checked.

    Raises
    ------
    InvalidInput
        An unknown mode, a malformed budget, or a level that fails its checks.

    Examples
    --------
    >>> from tansuo.sokoban import Level
    >>> result = solve(Level.from_text("#######\\n#@ $ .#\\n#######"), mode="move-optimal")
    >>> result.status, result.solution, result.moves, result.pushes
    ('solved', 'rRR', 3, 2)
    >>> solve(Level.from_text("#####\\n#@$ #\\n#  .#\\n#####")).status
    'no_solution'
    >>> solve(Level.from_text("#####\\n#@$.#\\n#####"), portfolio=True).solution
    'R'
    """
    if mode not in _MODE_CODE:
        raise InvalidInput(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    memory_bytes = None if max_memory is None else parse_memory(max_memory)
    budget = Budget(time_limit=time_limit, max_expansions=max_expansions, max_memory=memory_bytes)
    board = level if isinstance(level, Board) else level.board()
    code = _MODE_CODE[mode]
    meter = budget.start()  # the time limit covers the whole solve, tables included
    memory = meter.memory_limit()
    second = None
    plan = MAIN_PLAN
    if portfolio and code == ks.MODE_FAST and board.boxes != board.goals and _portfolio_allowed():
        memory = _portfolio_memory(memory, given=memory_bytes is not None)
        plan, other = PORTFOLIO_PLANS
        second = _Portfolio(board, code, memory, other, replace(budget, max_memory=memory))
    try:
        solver = _Solver(board, code, memory, plan)  # the tables: preprocess_s, not in elapsed_s

        def step(units: int) -> bool:
            return solver.step(units) or (second is not None and second.decisive())

        spent = run_chunked(step, solver.expanded, meter)
        elapsed = max(0.0, meter.elapsed() - solver.preprocess_s)
    finally:
        if second is not None:
            second.done()
            second.close()
    solution = solver.solution()
    totals = [solver.totals()]
    proved = solver.proved and spent is None
    solver.release()
    if second is not None and second.answer is not None:
        other_solution, other_proved, other_totals = second.answer
        if other_totals:
            totals.append(other_totals)
        if solution is None and other_solution is not None:
            solution = other_solution
            totals.reverse()  # the winner's counters first
        proved = proved or (solution is None and other_proved)
    moves = pushes = None
    limit = None
    if solution is not None:
        end = verify(board, solution)
        moves, pushes = end.moves, end.pushes
        status: Status = SOLVED
    elif proved:
        status = NO_SOLUTION
    else:
        status = LIMIT
        limit = spent or next((t["limit"] for t in totals if t["limit"]), None) or "time_limit"
    return SokobanResult(status, solution, moves, pushes, str(mode), board.level,
                         _stats(totals, elapsed, limit, solver))  # fmt: skip


def _stats(totals: list[dict[str, Any]], elapsed: float, limit: str | None,
           solver: _Solver) -> SokobanStats:  # fmt: skip
    """The statistics of every search of the solve (the winner's process first)."""
    ctl = [sum(t["ctl"][slot] for t in totals) for slot in range(ks.CTL_SLOTS)]
    expanded = ctl[ks.C_EXPANDED]
    kinds = [ks.C_DEAD_SQUARES, ks.C_DEAD_SIDES, ks.C_FREEZE, ks.C_MATCHING, ks.C_CORRAL_DEAD,
             ks.C_PATTERN_DEAD]  # fmt: skip
    return SokobanStats(
        expanded=expanded,
        generated=ctl[ks.C_GENERATED],
        elapsed_s=elapsed,
        limit=limit,
        states=ctl[ks.C_STATES],
        duplicates=ctl[ks.C_DUPLICATES],
        deadlocks=sum(ctl[c] for c in kinds),
        dead_squares=ctl[ks.C_DEAD_SQUARES],
        dead_sides=ctl[ks.C_DEAD_SIDES],
        freeze_deadlocks=ctl[ks.C_FREEZE],
        matching_deadlocks=ctl[ks.C_MATCHING],
        corral_deadlocks=ctl[ks.C_CORRAL_DEAD],
        pattern_deadlocks=ctl[ks.C_PATTERN_DEAD],
        patterns=ctl[ks.C_PATTERNS],
        corrals=ctl[ks.C_CORRALS],
        macros=ctl[ks.C_MACROS],
        floods=ctl[ks.C_FLOODS],
        cut_off=ctl[ks.C_CUT_OFF],
        max_frontier=max(t["max_frontier"] for t in totals),
        lower_bound=int(solver.lower) if solver.lower < k.INF else -1,
        memory_bytes=sum(t["memory_bytes"] for t in totals),
        preprocess_s=solver.preprocess_s,
        nodes_per_s=expanded / elapsed if elapsed > 0 else None,
        searches=tuple(name for t in totals for name in t["searches"]),
        closest=tuple((str(name), int(low)) for t in totals for name, low in t.get("closest", ())),
        winner=next((t["winner"] for t in totals if t["winner"]), None),
    )


def _regions(board: Board, boxes: tuple[int, ...]) -> list[int]:
    """The top-left cell of every region the player could be in among ``boxes``."""
    taken = set(boxes)
    roots = []
    seen: set[int] = set()
    for cell in range(board.width * board.height):
        if board.walls[cell] or cell in taken or cell in seen:
            continue
        region = board.reachable(cell, taken)
        seen.update(region)
        roots.append(min(region))
    return roots


def _bound(boxes: tuple[int, ...], player: int, tables: Tables) -> int:
    """The lower bound of a position: the matching on each box's side of the player."""
    nb = len(boxes)
    sided = np.array(
        [4 * c + k.box_side(c, player, tables.disc, tables.parts) for c in boxes], dtype=np.int32
    )
    u, v, p, way, minv = (np.zeros(nb + 1, dtype=np.int64) for _ in range(5))
    used = np.zeros(nb + 1, dtype=np.bool_)
    return int(k.hungarian(sided, nb, tables.vdist, u, v, p, way, minv, used))


def _start_frozen(board: Board, tables: Tables) -> bool:
    """Whether a box of the start position is frozen off its goal (no solution)."""
    boxes = np.array(board.boxes, dtype=np.int16)
    mark = np.zeros_like(tables.walls)
    nb = boxes.size
    return any(
        k.freeze_deadlock(b, boxes, nb, tables.walls, tables.dead, tables.goal, mark, tables.deltas)
        for b in board.boxes
    )


def _lurd(board: Board, chain: list[tuple[tuple[int, ...], int]]) -> str:
    """The moves through the states of ``chain`` (start first): walks between the pushes.

    A step of a macro (several pushes of one box) is found again by
    :func:`.macros.box_route` unless it is one straight push along a line.
    """
    boxes = set(chain[0][0])
    player = board.player
    letters: list[str] = []
    for row, region in chain[1:]:
        after = set(row)
        (moved,) = boxes - after
        (target,) = after - boxes
        line = _straight(board, moved, target, boxes)
        walk = None if line is None else board.walk(player, moved - line[0], boxes)
        if (
            line is not None
            and walk is not None
            and region in board.reachable(target - line[0], after)
        ):
            d, steps = line
            letters.append(walk)
            letters.append(DIRECTIONS[board.deltas.index(d)].upper() * steps)
            player = target - d
        else:
            route = box_route(board, boxes - {moved}, player, moved, target, region)
            if route is None:  # cannot happen for a state the search generated
                raise AssertionError("the search produced a box move the player cannot make")
            letters.append(route)
            player = region if route == "" else _walk_end(board, player, route)
        boxes = after
    return "".join(letters)


def _walk_end(board: Board, start: int, moves: str) -> int:
    """The player's cell after ``moves`` from ``start``."""
    for letter in moves:
        start += board.deltas[DIRECTIONS.index(letter.lower())]
    return start


def _straight(board: Board, start: int, end: int, boxes: set[int]) -> tuple[int, int] | None:
    """The direction and length of a free straight line ``start -> end``, or None."""
    for d in board.deltas:
        cell, steps = start, 0
        while cell != end and not board.walls[cell + d] and cell + d not in boxes:
            cell += d
            steps += 1
        if cell == end and steps > 0:
            return d, steps
    return None


def warm_up() -> None:
    """Compile (or load from the cache) the kernels with a tiny level.

    The command line calls it behind its "compiling" line, so that the first
    level's time is the search's alone.

    Returns
    -------
    None
        The kernels are compiled (or loaded) as a side effect.

    Examples
    --------
    >>> warm_up()  # compiled, or loaded from numba's cache
    >>> solve(Level.from_text("#####\\n#@$.#\\n#####")).solution
    'R'
    """
    from tansuo._jit import callees_beside

    # on a fresh cache a second process compiles the search's callees, last ones first
    stop = callees_beside(search, __name__, "warm_up")
    try:
        solve(Level.from_text("#####\n#@$.#\n#####"))
        solve(Level.from_text("#####\n#@$.#\n#####"), mode="move-optimal")
    finally:
        stop()

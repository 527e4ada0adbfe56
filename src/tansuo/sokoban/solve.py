"""Solving Sokoban levels: :func:`solve` drives the numba search, :class:`SokobanResult` answers.

Three modes (:data:`MODES`):

``fast``
    Greedy best-first on the lower bound (ties: fewer pushes), with PI-corral
    pruning and a goal-room packing order in its priority, forwards from the
    start and backwards (pulling boxes) from the solved position in turns,
    until one finishes or the two meet. Forwards, a push into a one-wide
    tunnel goes on through it, and a box pushed into a goal room goes straight
    to the next goal of its packing order (:mod:`tansuo.sokoban.macros`).
    Finds a solution quickly; makes no claim that it is short.
``push-optimal``
    A* on pushes with an admissible, consistent bound and PI-corral pruning
    (which keeps a push-optimal solution): the solution has the fewest pushes
    there are.
``move-optimal``
    A* on moves (the player's real cell is part of the state), the push bound
    as the estimate: the solution has the fewest moves there are.

Every solution is replayed (:func:`tansuo.sokoban.model.verify`) before it is
returned. Budgets: ``time_limit``, ``max_expansions`` (states expanded) and
``max_memory`` (bytes of state arrays, table and heap; default
:func:`tansuo.budget.default_max_memory`); when one runs out the status is
``limit`` with the statistics.

>>> from tansuo.sokoban import Level, solve
>>> result = solve(Level.from_text("#######\\n#.$ @ #\\n#######"), mode="move-optimal")
>>> result.solution, result.moves, result.pushes
('lL', 2, 1)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any, Literal

import numpy as np

from tansuo.budget import Budget, parse_memory, run_chunked
from tansuo.errors import InvalidInput
from tansuo.result import LIMIT, NO_SOLUTION, SOLVED, ResultMixin, Stats, Status
from tansuo.sokoban import _kernels as k
from tansuo.sokoban.macros import GoalRoom, box_route, goal_room
from tansuo.sokoban.model import DIRECTIONS, Board, Level, verify

Mode = Literal["fast", "push-optimal", "move-optimal"]
MODES: tuple[Mode, ...] = ("fast", "push-optimal", "move-optimal")
"""What ``mode`` takes in :func:`solve` (see the module docstring)."""
_MODE_CODE = {"fast": k.MODE_FAST, "push-optimal": k.MODE_PUSHES, "move-optimal": k.MODE_MOVES}
FAST_WEIGHT = 10
"""Fast mode's priority is ``FAST_WEIGHT * (bound + FAST_ORDER * disorder) + pushes``."""
FAST_ORDER = 2
"""Fast mode's penalty per box on a goal filled before its turn in the packing order."""

TUNNELS = True
"""Fast mode pushes a box on through a one-wide tunnel (:func:`._kernels.tunnel_end`)."""
GOAL_ROOMS = True
BACKWARD_WITH_ROOM = True
"""Fast mode fills a goal room in its packing order by macro pushes (:mod:`.macros`)."""

_INITIAL_STATES = 1 << 12


@dataclass(frozen=True, slots=True, kw_only=True)
class SokobanStats(Stats):
    """Counters of one Sokoban search.

    Attributes
    ----------
    expanded : int
        States whose pushes were generated.
    generated : int
        Pushes tried (before duplicate and deadlock checks).
    states : int
        Distinct states stored.
    duplicates : int
        Pushes that led to a state already stored.
    deadlocks : int
        Pushes pruned as deadlocks (frozen boxes, no perfect matching).
    corrals : int
        Expansions that tried only the pushes into a PI-corral (fast and push-optimal modes).
    corral_deadlocks : int
        States found dead because a corral's own boxes cannot resolve it
        (:func:`._kernels.corral_dead`; fast and push-optimal modes).
    macros : int
        Pushes that a tunnel or goal-room macro carried on (fast mode).
    floods : int
        Children whose player region was flooded whole; the others' regions
        follow from their parent's (:func:`._kernels.child_region`).
    max_frontier : int
        Largest open list.
    lower_bound : int
        The start's lower bound (pushes).
    memory_bytes : int
        Bytes of the search's arrays at the end.
    preprocess_s : float
        Push-distance tables and dead squares (not in ``elapsed_s``).
    nodes_per_s : float or None
        ``expanded`` per second of ``elapsed_s``; None when nothing was timed.

    Examples
    --------
    >>> from tansuo.sokoban import Level
    >>> stats = solve(Level.from_text("#####\\n#@$.#\\n#####")).stats
    >>> stats.expanded, stats.generated, stats.limit  # the start expanded, its one push
    (1, 1, None)
    """

    states: int = 0
    duplicates: int = 0
    deadlocks: int = 0
    corrals: int = 0
    corral_deadlocks: int = 0
    macros: int = 0
    floods: int = 0
    max_frontier: int = 0
    lower_bound: int = 0
    memory_bytes: int = 0
    preprocess_s: float = 0.0
    nodes_per_s: float | None = None



@dataclass(frozen=True, slots=True)
class SokobanResult(ResultMixin):
    """The answer of :func:`solve`.

    Attributes
    ----------
    status : Status
    solution : str or None
        LURD moves (uppercase push), replayed and checked.
    moves, pushes : int or None
    mode : str
    optimal : bool
        Whether the mode proves the solution optimal (in its measure).
    level : Level
    stats : SokobanStats

    Examples
    --------
    >>> from tansuo.sokoban import Level
    >>> result = solve(Level.from_text("#######\\n#@ $ .#\\n#######"), mode="push-optimal")
    >>> result.status, result.solution, result.moves, result.pushes, result.as_dict()["optimal"]
    ('solved', 'rRR', 3, 2, True)
    """

    status: Status
    solution: str | None
    moves: int | None
    pushes: int | None
    mode: str
    level: Level
    stats: SokobanStats

    @property
    def optimal(self) -> bool:
        return self.solved and self.mode != "fast"

    @property
    def cost(self) -> int | None:
        """Moves in move-optimal mode, pushes otherwise."""
        return self.moves if self.mode == "move-optimal" else self.pushes

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: status, solution, cost, stats, moves, pushes, level, mode, optimal."""
        return {
            "status": self.status,
            "solution": self.solution,
            "cost": self.cost,
            "stats": self.stats.as_dict(),
            "moves": self.moves,
            "pushes": self.pushes,
            "level": self.level.title,
            "mode": self.mode,
            "optimal": self.optimal,
        }


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
    room: GoalRoom | None = None
    inroom: np.ndarray = field(default_factory=lambda: _EMPTY)
    ordix: np.ndarray = field(default_factory=lambda: _EMPTY)
    rgoal: np.ndarray = field(default_factory=lambda: _EMPTY)
    rpush: np.ndarray = field(default_factory=lambda: _EMPTY_2D)
    rafter: np.ndarray = field(default_factory=lambda: _EMPTY_2D)


def prepare(board: Board, *, reverse: bool = False, macros: bool = False) -> Tables:
    """Push distances from every cell to every goal, dead squares, Zobrist keys.

    With ``reverse``, the tables of the backward search: pull distances to
    the boxes' start cells, which play the part of goals. With ``macros``,
    also the goal room of fast mode's macro (:func:`.macros.goal_room`).
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
    rng = np.random.default_rng(0x50C0BA)
    zbox = rng.integers(1, 1 << 62, size=n, dtype=np.int64)
    zplayer = rng.integers(1, 1 << 62, size=n, dtype=np.int64)
    rank = np.zeros(n, dtype=np.int64) if reverse else packing_order(board)
    tables = Tables(walls, goal, goals, rank, dead, dist, deltas, zbox, zplayer)
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


def packing_order(board: Board) -> np.ndarray:
    """Per cell, the packing rank of a goal (0: fill first), -1 elsewhere.

    Worked out backwards from the solved position: in each round, every box
    on a goal that the player (coming from its start) can reach and pull one
    step off is taken away; the goals of the last round are the ones to fill
    first. Goals scattered over the level all go in the first round and get
    one rank; a goal room gets its depth order. Fast mode only prefers this
    order (a penalty in its priority), it never forbids another.
    """
    n = board.width * board.height
    rank = np.full(n, -1, dtype=np.int64)
    left = set(board.goals)
    rounds: list[list[int]] = []
    start = board.player
    while left:
        region = board.reachable(start, left)
        if start in left:
            region = {}
        taken = []
        for g in sorted(left):
            for d in board.deltas:
                stand, back = g + d, g + 2 * d
                if stand in region and not board.walls[back] and back not in left:
                    taken.append(g)
                    break
        if not taken:
            taken = sorted(left)
        rounds.append(taken)
        left -= set(taken)
    for depth, goals in enumerate(reversed(rounds)):
        rank[goals] = depth
    return rank


class _Arrays:
    """The growing state of one search (states, table, heap) and its byte count."""

    def __init__(self, nb: int, states: int) -> None:
        self.nb = nb
        self.boxes = np.zeros((states, nb), dtype=np.int16)
        self.player = np.zeros(states, dtype=np.int32)
        self.parent = np.zeros(states, dtype=np.int32)
        self.g = np.zeros(states, dtype=np.int32)
        self.m = np.zeros(states, dtype=np.int32)
        self.h = np.zeros(states, dtype=np.int32)
        self.hash = np.zeros(states, dtype=np.int64)
        self.closed = np.zeros(states, dtype=np.uint8)
        self.table = np.full(4 * states, -1, dtype=np.int32)
        self.hkey = np.zeros(2 * states, dtype=np.int64)
        self.hidx = np.zeros(2 * states, dtype=np.int32)

    @staticmethod
    def bytes_for(nb: int, states: int) -> int:
        return states * (2 * nb + 4 * 5 + 8 + 1) + 4 * 4 * states + 2 * states * 12

    @property
    def nbytes(self) -> int:
        return self.bytes_for(self.nb, self.boxes.shape[0])

    def grow(self, count: int, heap_count: int) -> None:
        """Double every array, keeping the first ``count`` states and ``heap_count`` entries."""
        new = 2 * self.boxes.shape[0]
        for name in ("boxes", "player", "parent", "g", "m", "h", "hash", "closed"):
            old = getattr(self, name)
            fresh = np.zeros((new, *old.shape[1:]), dtype=old.dtype)
            fresh[:count] = old[:count]
            setattr(self, name, fresh)
        self.table = np.full(4 * new, -1, dtype=np.int32)
        k.rehash(self.table, self.hash, count)
        for name in ("hkey", "hidx"):
            old = getattr(self, name)
            fresh = np.zeros(2 * new, dtype=old.dtype)
            fresh[:heap_count] = old[:heap_count]
            setattr(self, name, fresh)


class _NoOther:
    """Empty stand-ins for the other search's arrays, when a search runs alone."""

    boxes = np.zeros((1, 1), dtype=np.int16)
    player = np.zeros(1, dtype=np.int32)
    hash = np.zeros(1, dtype=np.int64)
    table = np.full(1, -1, dtype=np.int32)


_NO_OTHER = _NoOther()


class _Search:
    """One best-first search over the arrays of :mod:`._kernels`, forwards or backwards."""

    def __init__(self, board: Board, tables: Tables, code: int, memory: int, *,
                 reverse: bool = False, target: int = 0) -> None:  # fmt: skip
        self.tables = tables
        self.memory = memory
        self.reverse = reverse
        nb = len(board.boxes)
        states = _INITIAL_STATES
        while states > 64 and _Arrays.bytes_for(nb, states) > memory:
            states //= 2
        self.a = _Arrays(nb, states)
        ncell = board.width * board.height
        self.ctl = np.zeros(k.CTL_SLOTS, dtype=np.int64)
        self.params = params = np.zeros(k.PARAM_SLOTS, dtype=np.int64)
        params[k.P_BOXES] = nb
        params[k.P_MODE] = code
        params[k.P_WEIGHT] = FAST_WEIGHT
        params[k.P_ORDER] = FAST_ORDER
        params[k.P_REVERSE] = int(reverse)
        params[k.P_TARGET] = target
        params[k.P_TUNNELS] = int(code == k.MODE_FAST and TUNNELS)
        params[k.P_ROOM] = -1 if tables.room is None else tables.room.entrance
        self.occ = np.zeros(ncell, dtype=np.int32)
        self.seen = np.zeros(ncell, dtype=np.int64)
        self.seen2 = np.zeros(ncell, dtype=np.int64)
        self.wdist = np.zeros(ncell, dtype=np.int32)
        self.wdist2 = np.zeros(ncell, dtype=np.int32)
        self.queue = np.zeros(ncell, dtype=np.int64)
        self.mark = np.zeros(ncell, dtype=np.uint8)
        self.outcome = k.EXHAUSTED
        self.limit: str | None = None
        self.ctl[k.C_MEET] = -1
        self.other: _Search | None = None

    def region(self, player: int, boxes: tuple[int, ...]) -> int:
        """The top-left cell of the player's region among ``boxes``."""
        self.occ[list(boxes)] = 1
        self.ctl[k.C_STAMP] += 1
        cell = k._region(player, self.tables.walls, self.occ, self.seen, self.ctl[k.C_STAMP],
                         self.queue, self.wdist, self.tables.deltas)  # fmt: skip
        self.occ[:] = 0
        return int(cell)

    def add_root(self, boxes: tuple[int, ...], player: int, lower: int) -> None:
        a, ctl, t = self.a, self.ctl, self.tables
        n = int(ctl[k.C_STATES])
        row = np.array(boxes, dtype=np.int16)
        a.boxes[n] = row
        a.player[n] = player
        a.parent[n] = -1
        a.h[n] = lower
        a.hash[n] = k.state_hash(row, player, t.zbox, t.zplayer)
        k.table_insert(a.table, a.hash, n)
        ctl[k.C_STATES] = n + 1
        heap = int(ctl[k.C_HEAP])
        a.hkey[heap] = k.heap_key(self.params[k.P_MODE], FAST_WEIGHT, 0, 0, lower)
        a.hidx[heap] = n
        ctl[k.C_HEAP] = heap + 1
        self.outcome = k.RUNNING

    def step(self, units: int) -> bool:
        """Run up to ``units`` expansions; True when this search is over."""
        if self.outcome in (k.FOUND, k.EXHAUSTED) or self.limit is not None:
            return True
        a, t, ctl = self.a, self.tables, self.ctl
        while True:
            o = self.other.a if self.other is not None else _NO_OTHER
            self.outcome = k.search(
                units, t.walls, t.dead, t.goal, t.goals, t.rank, t.dist, t.zbox, t.zplayer,
                t.deltas, self.params, a.boxes, a.player, a.parent, a.g, a.m, a.h, a.hash,
                a.closed, a.table, a.hkey, a.hidx, ctl, self.occ, self.seen, self.seen2,
                self.wdist, self.wdist2, self.queue, self.mark, o.boxes, o.player, o.hash,
                o.table, t.inroom, t.ordix, t.rgoal, t.rpush, t.rafter,
            )  # fmt: skip
            if self.outcome != k.GROW:
                return self.outcome != k.RUNNING
            if 2 * a.nbytes > self.memory:
                self.limit = "max_memory"
                return True
            try:
                a.grow(int(ctl[k.C_STATES]), int(ctl[k.C_HEAP]))
            except MemoryError:
                self.limit = "max_memory"
                return True

    def chain(self, s: int | None = None) -> list[tuple[tuple[int, ...], int]]:
        """The box cells and player cell of every state from a root to ``s``
        (default: the one found)."""
        rows = []
        if s is None:
            s = int(self.ctl[k.C_FOUND])
        while s >= 0:
            rows.append((tuple(int(c) for c in self.a.boxes[s]), int(self.a.player[s])))
            s = int(self.a.parent[s])
        rows.reverse()
        return rows


def solve(
    level: Level | Board,
    *,
    mode: Mode | str = "fast",
    time_limit: float | None = None,
    max_expansions: int | None = None,
    max_memory: int | str | None = None,
) -> SokobanResult:
    """Solve a level (see the module docstring for the modes and budgets).

    Fast mode runs two searches in turns: pushes forwards from the start and
    pulls backwards from the solved position (which untangles goal rooms that
    must be filled in order); whichever finishes first answers.

    Parameters
    ----------
    level : Level or Board
        The level (a :class:`Board` is a level already checked and compiled).
    mode : str
        ``"fast"`` (default), ``"push-optimal"`` or ``"move-optimal"``
        (:data:`MODES`).
    time_limit : float, optional
        Budget: seconds.
    max_expansions : int, optional
        Budget: states expanded.
    max_memory : int or str, optional
        Budget: bytes (or ``"512M"``, ``"4G"``) of state arrays, table and heap;
        default :func:`tansuo.budget.default_max_memory`.

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
    """
    if mode not in _MODE_CODE:
        raise InvalidInput(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    memory_bytes = None if max_memory is None else parse_memory(max_memory)
    budget = Budget(time_limit=time_limit, max_expansions=max_expansions, max_memory=memory_bytes)
    board = level if isinstance(level, Board) else level.board()
    code = _MODE_CODE[mode]
    started = time.perf_counter()
    tables = prepare(board, macros=code == k.MODE_FAST)
    both = code == k.MODE_FAST and board.boxes != board.goals
    both = both and (BACKWARD_WITH_ROOM or tables.room is None)
    back_tables = prepare(board, reverse=True) if both else None
    preprocess_s = time.perf_counter() - started
    meter = budget.start()
    memory = meter.memory_limit()
    forward = _Search(board, tables, code, memory // 2 if both else memory)
    start_boxes = np.array(board.boxes, dtype=np.int16)
    lower = _bound(start_boxes, tables)
    searches = [forward]
    player = board.player
    if lower < k.INF and not _start_frozen(board, tables):
        player = board.player if code == k.MODE_MOVES else forward.region(board.player, board.boxes)
        forward.add_root(board.boxes, player, lower)
        if back_tables is not None:
            backward = _Search(board, back_tables, code, memory // 2, reverse=True, target=player)
            back_lower = _bound(np.array(board.goals, dtype=np.int16), back_tables)
            if back_lower < k.INF:
                for root in _regions(board, board.goals):
                    backward.add_root(board.goals, root, back_lower)
                searches.append(backward)
                forward.other, backward.other = backward, forward
    else:
        forward.outcome = k.EXHAUSTED

    def expanded() -> int:
        return sum(int(x.ctl[k.C_EXPANDED]) for x in searches)

    def step(units: int) -> bool:
        nonlocal forward
        share = max(1, units // len(searches))
        for search in searches:
            search.step(share)
            if search.outcome == k.FOUND:
                return True
        # over when every search is over; a forward search that ran dry is a proof,
        # unless the goal-room macro (which can lose solutions) pruned it: then again without
        if (
            forward.outcome == k.EXHAUSTED
            and forward.limit is None
            and forward.tables.room is not None
        ):
            plain = replace(forward.tables, room=None)
            forward = _Search(board, plain, code, forward.memory)
            forward.add_root(board.boxes, player, lower)
            if len(searches) > 1:
                forward.other, searches[1].other = searches[1], forward
            searches[0] = forward
            return False
        if forward.outcome == k.EXHAUSTED:
            return True
        return all(x.outcome in (k.FOUND, k.EXHAUSTED) or x.limit for x in searches)

    spent = run_chunked(step, expanded, meter)
    elapsed = meter.elapsed()
    winner = next((x for x in searches if x.outcome == k.FOUND), None)
    solution = moves = pushes = None
    limit = None
    if winner is not None:
        chain = winner.chain()
        meet = int(winner.ctl[k.C_MEET])
        if meet >= 0 and winner.other is not None:  # the two searches met halfway
            chain = chain + winner.other.chain(meet)[::-1][1:]
        solution = _lurd(board, chain[::-1] if winner.reverse else chain)
        end = verify(board, solution)
        moves, pushes = end.moves, end.pushes
        status: Status = SOLVED
    elif forward.outcome == k.EXHAUSTED and forward.limit is None:
        status = NO_SOLUTION
    else:
        status = LIMIT
        limit = spent or next((x.limit for x in searches if x.limit), None) or "time_limit"
    total = {slot: sum(int(x.ctl[slot]) for x in searches) for slot in range(k.CTL_SLOTS)}
    stats = SokobanStats(
        expanded=total[k.C_EXPANDED],
        generated=total[k.C_GENERATED],
        elapsed_s=elapsed,
        limit=limit,
        states=total[k.C_STATES],
        duplicates=total[k.C_DUPLICATES],
        deadlocks=total[k.C_DEADLOCKS],
        corrals=total[k.C_CORRALS],
        corral_deadlocks=total[k.C_CORRAL_DEAD],
        macros=total[k.C_MACROS],
        floods=total[k.C_FLOODS],
        max_frontier=max(int(x.ctl[k.C_MAX_FRONTIER]) for x in searches),
        lower_bound=int(lower) if lower < k.INF else -1,
        memory_bytes=sum(x.a.nbytes for x in searches),
        preprocess_s=preprocess_s,
        nodes_per_s=total[k.C_EXPANDED] / elapsed if elapsed > 0 else None,
    )
    return SokobanResult(status, solution, moves, pushes, str(mode), board.level, stats)


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


def _bound(boxes: np.ndarray, tables: Tables) -> int:
    nb = boxes.size
    u, v, p, way, minv = (np.zeros(nb + 1, dtype=np.int64) for _ in range(5))
    used = np.zeros(nb + 1, dtype=np.bool_)
    return int(k.hungarian(boxes, nb, tables.dist, u, v, p, way, minv, used))


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

    Examples
    --------
    >>> warm_up()  # compiled, or loaded from numba's cache
    >>> solve(Level.from_text("#####\\n#@$.#\\n#####")).solution
    'R'
    """
    solve(Level.from_text("#####\n#@$.#\n#####"))
    solve(Level.from_text("#####\n#@$.#\n#####"), mode="move-optimal")

"""Solving Sokoban levels: :func:`solve` drives the numba search, :class:`SokobanResult` answers.

Three modes (:data:`MODES`):

``fast``
    Greedy best-first on the lower bound (ties: fewer pushes). Finds a
    solution quickly; makes no claim that it is short.
``push-optimal``
    A* on pushes with an admissible, consistent bound: the solution has the
    fewest pushes there are.
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
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from tansuo.budget import Budget, parse_memory, run_chunked
from tansuo.errors import InvalidInput
from tansuo.result import LIMIT, NO_SOLUTION, SOLVED, ResultMixin, Stats, Status, jsonable
from tansuo.sokoban import _kernels as k
from tansuo.sokoban.model import DIRECTIONS, Board, Level, verify

Mode = Literal["fast", "push-optimal", "move-optimal"]
MODES: tuple[Mode, ...] = ("fast", "push-optimal", "move-optimal")
_MODE_CODE = {"fast": k.MODE_FAST, "push-optimal": k.MODE_PUSHES, "move-optimal": k.MODE_MOVES}
FAST_WEIGHT = 3
"""Fast mode's priority is ``FAST_WEIGHT * bound + pushes``."""

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
    max_frontier : int
        Largest open list.
    lower_bound : int
        The start's lower bound (pushes).
    memory_bytes : int
        Bytes of the search's arrays at the end.
    preprocess_s : float
        Push-distance tables and dead squares (not in ``elapsed_s``).
    """

    states: int = 0
    duplicates: int = 0
    deadlocks: int = 0
    max_frontier: int = 0
    lower_bound: int = 0
    memory_bytes: int = 0
    preprocess_s: float = 0.0

    @property
    def nodes_per_s(self) -> float:
        return self.expanded / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def as_dict(self) -> dict[str, Any]:
        out = Stats.as_dict(self)
        out["nodes_per_s"] = jsonable(self.nodes_per_s)
        return out


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


@dataclass(frozen=True, slots=True)
class Tables:
    """What the search precomputes per level (see :func:`prepare`)."""

    walls: np.ndarray
    goal: np.ndarray
    dead: np.ndarray
    dist: np.ndarray
    deltas: np.ndarray
    zbox: np.ndarray
    zplayer: np.ndarray


def prepare(board: Board) -> Tables:
    """Push distances from every cell to every goal, dead squares, Zobrist keys."""
    n = board.width * board.height
    walls = board.walls.astype(np.uint8)
    goal = np.zeros(n, dtype=np.uint8)
    goal[list(board.goals)] = 1
    deltas = np.array(board.deltas, dtype=np.int64)
    dist = k.push_distances(walls, np.array(board.goals, dtype=np.int64), deltas)
    dead = ((dist.min(axis=0) >= k.INF) & (walls == 0)).astype(np.uint8)
    rng = np.random.default_rng(0x50C0BA)
    zbox = rng.integers(1, 1 << 62, size=n, dtype=np.int64)
    zplayer = rng.integers(1, 1 << 62, size=n, dtype=np.int64)
    return Tables(walls, goal, dead, dist, deltas, zbox, zplayer)


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


def solve(
    level: Level | Board,
    *,
    mode: Mode | str = "fast",
    time_limit: float | None = None,
    max_expansions: int | None = None,
    max_memory: int | str | None = None,
) -> SokobanResult:
    """Solve a level (see the module docstring for the modes and budgets).

    Raises
    ------
    InvalidInput
        An unknown mode, a malformed budget, or a level that fails its checks.
    """
    if mode not in _MODE_CODE:
        raise InvalidInput(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    memory_bytes = None if max_memory is None else parse_memory(max_memory)
    budget = Budget(time_limit=time_limit, max_expansions=max_expansions, max_memory=memory_bytes)
    board = level if isinstance(level, Board) else level.board()
    started = time.perf_counter()
    tables = prepare(board)
    preprocess_s = time.perf_counter() - started
    meter = budget.start()
    memory = meter.memory_limit()
    nb = len(board.boxes)
    code = _MODE_CODE[mode]
    states = _INITIAL_STATES
    while states > 64 and _Arrays.bytes_for(nb, states) > memory:
        states //= 2
    a = _Arrays(nb, states)
    ncell = board.width * board.height
    ctl = np.zeros(k.CTL_SLOTS, dtype=np.int64)
    params = np.zeros(k.PARAM_SLOTS, dtype=np.int64)
    params[k.P_BOXES] = nb
    params[k.P_MODE] = code
    params[k.P_WEIGHT] = FAST_WEIGHT
    occ = np.zeros(ncell, dtype=np.int32)
    seen = np.zeros(ncell, dtype=np.int64)
    seen2 = np.zeros(ncell, dtype=np.int64)
    wdist = np.zeros(ncell, dtype=np.int32)
    wdist2 = np.zeros(ncell, dtype=np.int32)
    queue = np.zeros(ncell, dtype=np.int64)
    mark = np.zeros(ncell, dtype=np.uint8)

    # the start state
    start_boxes = np.array(board.boxes, dtype=np.int16)
    lower = _bound(start_boxes, tables)
    limit: str | None = None
    outcome = k.EXHAUSTED
    if lower < k.INF and not _start_frozen(board, tables):
        a.boxes[0] = start_boxes
        player = board.player
        if code != k.MODE_MOVES:
            occ[list(board.boxes)] = 1
            player = k._region(player, tables.walls, occ, seen, 1, queue, wdist, tables.deltas)
            occ[:] = 0
            ctl[k.C_STAMP] = 1
        a.player[0] = player
        a.parent[0] = -1
        a.h[0] = lower
        a.hash[0] = k.state_hash(start_boxes, player, tables.zbox, tables.zplayer)
        k.table_insert(a.table, a.hash, 0)
        ctl[k.C_STATES] = 1
        a.hkey[0] = k.heap_key(code, FAST_WEIGHT, 0, 0, lower)
        a.hidx[0] = 0
        ctl[k.C_HEAP] = 1

        def step(units: int) -> bool:
            nonlocal outcome, limit
            while True:
                outcome = k.search(
                    units, tables.walls, tables.dead, tables.goal, tables.dist, tables.zbox,
                    tables.zplayer, tables.deltas, params, a.boxes, a.player, a.parent, a.g,
                    a.m, a.h, a.hash, a.closed, a.table, a.hkey, a.hidx, ctl, occ, seen, seen2,
                    wdist, wdist2, queue, mark,
                )  # fmt: skip
                if outcome != k.GROW:
                    return outcome != k.RUNNING
                if 2 * a.nbytes > memory:
                    limit = "max_memory"
                    return True
                try:
                    a.grow(int(ctl[k.C_STATES]), int(ctl[k.C_HEAP]))
                except MemoryError:
                    limit = "max_memory"
                    return True

        spent = run_chunked(step, lambda: int(ctl[k.C_EXPANDED]), meter)
        limit = limit or spent
    elapsed = meter.elapsed()
    solution = moves = pushes = None
    if outcome == k.FOUND:
        solution = _lurd(board, a, int(ctl[k.C_FOUND]))
        end = verify(board, solution)
        moves, pushes = end.moves, end.pushes
        status: Status = SOLVED
        limit = None
    else:
        status = LIMIT if limit is not None else NO_SOLUTION
    stats = SokobanStats(
        expanded=int(ctl[k.C_EXPANDED]),
        generated=int(ctl[k.C_GENERATED]),
        elapsed_s=elapsed,
        limit=limit,
        states=int(ctl[k.C_STATES]),
        duplicates=int(ctl[k.C_DUPLICATES]),
        deadlocks=int(ctl[k.C_DEADLOCKS]),
        max_frontier=int(ctl[k.C_MAX_FRONTIER]),
        lower_bound=int(min(lower, k.INF)) if lower < k.INF else -1,
        memory_bytes=a.nbytes,
        preprocess_s=preprocess_s,
    )
    return SokobanResult(status, solution, moves, pushes, str(mode), board.level, stats)


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


def _lurd(board: Board, a: _Arrays, found: int) -> str:
    """The moves from the start to state ``found``: walks between the pushes, checked."""
    chain = []
    s = found
    while s >= 0:
        chain.append(s)
        s = int(a.parent[s])
    chain.reverse()
    boxes = set(board.boxes)
    player = board.player
    letters: list[str] = []
    for s in chain[1:]:
        after = set(int(c) for c in a.boxes[s])
        (moved,) = boxes - after
        (target,) = after - boxes
        d = target - moved
        walk = board.walk(player, moved - d, boxes)
        if walk is None:  # cannot happen for a state the search generated
            raise AssertionError("the search produced a push the player cannot reach")
        letters.append(walk)
        letters.append(DIRECTIONS[board.deltas.index(d)].upper())
        boxes = after
        player = moved
    return "".join(letters)


def warm_up() -> None:
    """Compile (or load from the cache) the kernels with a tiny level."""
    solve(Level.from_text("#####\n#@$.#\n#####"))
    solve(Level.from_text("#####\n#@$.#\n#####"), mode="move-optimal")

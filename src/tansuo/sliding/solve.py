"""Solving sliding-tile puzzles: IDA* and weighted A* in numba, the generic engine's A*,
the zone strategy.

:func:`solve` answers one board: optimally by default (IDA* with the
strongest heuristic at hand), or weighted (``weight > 1``: at most ``weight``
times the optimum, much faster on 5x5 boards; by IDA*, or by weighted A*,
``algorithm="weighted-astar"``, in a memory budget), or by the generic engine's A*
(``algorithm="astar"``, the readable reference), or zone by zone
(``algorithm="zones"``, the documents' strategy when A* runs out of memory).
A board the goal cannot be reached from is a proof (``no_solution``) at once,
by parity. :func:`solve_many` runs many boards through one kernel call.

>>> result = solve([1, 2, 3, 4, 5, 6, 0, 7, 8])
>>> result.lurd, result.solution, result.optimal
('RR', [7, 8], True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from tansuo.budget import Budget, Meter, parse_memory, run_chunked
from tansuo.errors import InvalidInput
from tansuo.result import LIMIT, NO_SOLUTION, SOLVED
from tansuo.search.examples import SlidingPuzzle
from tansuo.sliding import _kernels as K
from tansuo.sliding.heuristics import (
    HEURISTICS,
    PARTITIONS,
    BuildStep,
    Database,
    build_bytes,
    cached,
    database,
    neighbours,
    pattern_groups,
    table_size,
    weights,
)
from tansuo.sliding.model import MOVES, Board, Puzzle, Shape
from tansuo.sliding.result import IdaProgress, SlidingResult, SlidingStats

ALGORITHMS = ("ida", "weighted-astar", "astar", "zones")
"""``ida``: IDA* in numba (optimal, or weighted); ``weighted-astar``: weighted A* in
numba (linear conflicts, within ``weight`` times the optimum, in a memory budget;
boards of up to 25 cells; ``"wastar"`` is taken for it too); ``astar``: the generic
engine's A* with Manhattan distance (the reference); ``zones``: line by line, each by A*."""

WASTAR_MAX_CELLS = 25
WASTAR_NODE_BYTES = 2 * 8 + K.N_SIZE * 4 + 4 * 4 + 2 * 8
"""Bytes per stored board: its key, its columns, four hash slots, two heap items."""
WASTAR_MEMORY = 1 << 30
"""The weighted A*'s memory when no ``max_memory`` is given (1 GiB)."""
WASTAR_FIRST_NODES = 1 << 14
"""Boards the weighted A*'s arrays hold at first; they double as needed."""

MAX_DEPTH = 4096
_LETTERS = bytes.maketrans(bytes(range(4)), MOVES.encode())
PDB_NAMES = ("7-8", "6-6-3", "5-5-5")
"""The 15-puzzle's databases a default may pick, strongest first: the first one
cached, else 5-5-5 (built in seconds)."""


def default_heuristic(shape: Shape, goal: Board) -> str:
    """``exact`` up to 9 cells; on 4x4 the strongest database cached (7-8, 6-6-3), else
    5-5-5; else ``linear``.

    Parameters
    ----------
    shape : (rows, cols)
        The board's shape.
    goal : tuple of int
        The goal board.

    Returns
    -------
    str
        A name of :data:`HEURISTICS`.

    Examples
    --------
    >>> default_heuristic((3, 3), (1, 2, 3, 4, 5, 6, 7, 8, 0)) in HEURISTICS
    True
    """
    cells = shape[0] * shape[1]
    if cells <= 9:
        return "exact"
    if shape == (4, 4):
        return next((name for name in PDB_NAMES if cached(name, shape, goal)), PDB_NAMES[-1])
    return "linear"


def SlidingProblem(puzzle: Puzzle) -> SlidingPuzzle:
    """A board as a :mod:`tansuo.search` problem: :class:`tansuo.search.examples.SlidingPuzzle`,
    the one model of the puzzle, with the board's shape and goal; the readable reference
    the kernels are tested against.

    Parameters
    ----------
    puzzle : Puzzle
        The board, with its shape and goal.

    Returns
    -------
    SlidingPuzzle
        A :class:`~tansuo.search.Problem` whose actions are the blank's moves.

    Examples
    --------
    >>> from tansuo.search import astar
    >>> astar(SlidingProblem(Puzzle((1, 2, 3, 0, 4, 5), (2, 3)))).actions
    ['R', 'R']
    """
    return SlidingPuzzle(puzzle.tiles, puzzle.goal, puzzle.shape)


class _Search:
    """The arrays of one IDA* search in the kernels (reused from board to board)."""

    def __init__(
        self, shape: Shape, goal: Board, heuristic: str, db: Database | None, weight: Fraction
    ) -> None:
        rows, cols = shape
        cells = rows * cols
        self.shape, self.goal = shape, goal
        hmode = {"manhattan": K.H_MANHATTAN, "linear": K.H_LINEAR}.get(heuristic, K.H_PDB)
        groups = db.groups if db is not None else ()
        par = np.zeros(K.P_SIZE, np.int64)
        par[K.P_ROWS], par[K.P_COLS], par[K.P_CELLS] = rows, cols, cells
        par[K.P_HMODE] = hmode
        par[K.P_WNUM], par[K.P_WDEN] = weight.numerator, weight.denominator
        par[K.P_GROUPS] = len(groups)
        par[K.P_REFLECT] = int(db is not None and db.reflect and heuristic != "exact")
        par[K.P_MAXDEPTH] = MAX_DEPTH
        goal_pos = np.empty(cells, np.int64)
        for cell, tile in enumerate(goal):
            goal_pos[tile] = cell
        width = max((len(g) for g in groups), default=1)
        count = max(1, len(groups))
        group_of = np.full(cells, -1, np.int64)
        order_of = np.zeros(cells, np.int64)
        gtiles = np.zeros((count, width), np.int64)
        gsize = np.zeros(count, np.int64)
        gmult = np.zeros((count, width), np.int64)
        goff = np.zeros(count, np.int64)
        for g, tiles in enumerate(groups):
            group_of[list(tiles)] = g
            order_of[list(tiles)] = range(len(tiles))
            gtiles[g, : len(tiles)] = tiles
            gsize[g] = len(tiles)
            gmult[g, : len(tiles)] = weights(len(tiles), cells)
            goff[g] = db.offsets[g] if db is not None else 0
        pdb = db.table if db is not None else np.zeros(1, np.uint8)
        # the mirror about the main diagonal: cell (r, c) -> (c, r); tile t -> the goal's
        # tile on the mirror of t's goal cell
        rcell = np.array(
            [(c % cols) * cols + c // cols if rows == cols else c for c in range(cells)], np.int64
        )
        rtile = np.array([goal[rcell[goal_pos[t]]] for t in range(cells)], np.int64)
        self.par = par
        self.ctr = np.zeros(K.C_SIZE, np.int64)
        self.nbr = neighbours(shape)
        self.board = np.zeros(cells, np.int64)
        self.pos = np.zeros(cells, np.int64)
        self.goal_pos = goal_pos
        self.lc_row = np.zeros(rows, np.int64)
        self.lc_col = np.zeros(cols, np.int64)
        self.tables = (
            group_of,
            gtiles,
            gsize,
            gmult,
            goff,
            pdb,
            rtile,
            rcell,
            np.zeros(cells, np.int64),
            np.zeros(count, np.int64),
            np.zeros(count, np.int64),
            order_of,
            np.zeros(count, np.int64),
            np.zeros(count, np.int64),
        )
        self.undo = np.zeros((MAX_DEPTH + 1, K.U_SIZE), np.int64)
        self.path = np.zeros(MAX_DEPTH + 1, np.int64)
        self.nextd = np.zeros(MAX_DEPTH + 1, np.int64)

    def load(self, tiles: Sequence[int]) -> None:
        self.board[:] = tiles
        K.ida_init(
            self.par,
            self.ctr,
            self.board,
            self.pos,
            self.goal_pos,
            self.lc_row,
            self.lc_col,
            *self.tables,
            self.nextd,
        )

    def step(self, units: int) -> bool:
        return bool(
            K.ida_run(
                self.par,
                self.ctr,
                self.nbr,
                self.board,
                self.pos,
                self.goal_pos,
                self.lc_row,
                self.lc_col,
                *self.tables,
                self.undo,
                self.path,
                self.nextd,
                units,
            )
        )

    def many(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        n = boards.shape[0]
        lengths = np.zeros(n, np.int64)
        moves = np.zeros((n, MAX_DEPTH), np.int8) if n * MAX_DEPTH <= 1 << 26 else None
        if moves is None:  # large batches: moves of a few hundred steps at most
            moves = np.zeros((n, 400), np.int8)
        nodes = np.zeros((n, 2), np.int64)  # generated, expanded
        K.ida_many(
            boards,
            lengths,
            moves,
            nodes,
            self.par,
            self.ctr,
            self.nbr,
            self.board,
            self.pos,
            self.goal_pos,
            self.lc_row,
            self.lc_col,
            *self.tables,
            self.undo,
            self.path,
            self.nextd,
        )
        return lengths, moves, nodes

    @property
    def nodes(self) -> int:
        return int(self.ctr[K.C_NODES])

    def lurd(self) -> str:
        return "".join(MOVES[d] for d in self.path[: self.ctr[K.C_DEPTH]])


def _as_puzzle(
    board: Puzzle | Sequence[int], shape: Shape | None, goal: Sequence[int] | str
) -> Puzzle:
    if isinstance(board, Puzzle):
        return board
    tiles = list(board)
    if shape is None:
        side = round(len(tiles) ** 0.5)
        if side * side != len(tiles):
            raise InvalidInput(f"{len(tiles)} tiles make no square board; give shape=(rows, cols)")
        shape = (side, side)
    return Puzzle(tiles, shape, goal)


def _weight(value: float) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 1:
        raise InvalidInput(f"weight must be a number >= 1, got {value!r}")
    if value > 100:
        raise InvalidInput(f"weight must be at most 100, got {value!r}")
    return Fraction(value).limit_denominator(64)


def _check_heuristic(name: str | None, puzzle: Puzzle) -> str:
    if name is None:
        return default_heuristic(puzzle.shape, puzzle.goal)
    if name not in HEURISTICS:
        raise InvalidInput(f"unknown heuristic {name!r}; choose one of {', '.join(HEURISTICS)}")
    if name not in ("manhattan", "linear"):
        pattern_groups(name, puzzle.shape, puzzle.goal)  # raises for a shape it does not fit
    return name


def solve(
    board: Puzzle | Sequence[int],
    *,
    shape: Shape | None = None,
    goal: Sequence[int] | str = "blank-last",
    algorithm: str = "ida",
    heuristic: str | None = None,
    weight: float = 1.0,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    max_expansions: int | None = None,
    max_memory: int | str | None = None,
    progress: Callable[[BuildStep], None] | None = None,
    on_iteration: Callable[[IdaProgress], None] | None = None,
) -> SlidingResult:
    """Solve one board: the blank's moves to the goal, optimal unless asked otherwise.

    Parameters
    ----------
    board : Puzzle or sequence of int
        Row-major tiles, 0 the blank (with ``shape`` for rectangles).
    shape : (rows, cols), optional
        Needed when the board is not square.
    goal : "blank-last", "blank-first" or a board
        Ignored when ``board`` is a :class:`Puzzle` (it has its goal).
    algorithm : {"ida", "weighted-astar", "astar", "zones"}
    heuristic : str, optional
        One of :data:`~tansuo.sliding.heuristics.HEURISTICS` for ``ida``;
        by default the exact table up to 9 cells, a pattern database on 4x4
        (the strongest one cached, else 5-5-5, built in seconds), else
        Manhattan + linear conflicts.
    weight : float
        ``f = g + weight * h``: above 1, a faster answer at most ``weight``
        times the optimum.
    time_limit, max_nodes, max_expansions, max_memory
        Budgets. A node is a board generated by IDA* (an expansion for the A*s);
        ``max_memory`` bounds the pattern database and A*'s lists.
    progress : callable taking a :class:`~tansuo.sliding.heuristics.BuildStep`, optional
        Told, many times a level, how the build of a pattern database goes.
    on_iteration : callable taking an :class:`~tansuo.sliding.result.IdaProgress`, optional
        IDA* only: told as each iteration begins (its bound) and between its
        slices of work (the counts so far), in the search's thread. Without
        it the kernel runs through the iterations without a pause.

    Returns
    -------
    SlidingResult

    Raises
    ------
    InvalidInput
        Not a permutation, a wrong length or shape, unknown names, bad budgets.

    Examples
    --------
    >>> result = solve([1, 2, 3, 4, 0, 6, 7, 5, 8])
    >>> result.status, result.lurd, result.cost, result.optimal, result.solution
    ('solved', 'DR', 2, True, [5, 8])
    >>> solve([2, 1, 3, 4, 5, 6, 7, 8, 0]).status
    'no_solution'
    """
    puzzle = _as_puzzle(board, shape, goal)
    budget = Budget(
        time_limit=time_limit,
        max_nodes=max_nodes,
        max_expansions=max_expansions,
        max_memory=None if max_memory is None else parse_memory(max_memory),
    )
    if algorithm == "wastar":  # the name it had before weighted-astar, as everywhere else
        algorithm = "weighted-astar"
    if algorithm not in ALGORITHMS:
        raise InvalidInput(
            f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALGORITHMS)}"
        )
    factor = _weight(weight)
    name = _check_heuristic(heuristic, puzzle) if algorithm == "ida" else "manhattan"
    base: dict[str, Any] = {
        "start": puzzle.tiles,
        "goal": puzzle.goal,
        "shape": puzzle.shape,
        "algorithm": algorithm,
        "heuristic": name,
    }
    reason = puzzle.unsolvable_reason()
    if reason is not None:
        return SlidingResult(NO_SOLUTION, reason=reason, optimal=False, bound=None, **base)
    if algorithm == "astar":
        return _astar(puzzle, budget, base)
    if algorithm == "weighted-astar":
        return _wastar(puzzle, budget, factor, base)
    if algorithm == "zones":
        from tansuo.sliding.zones import solve_zones

        return solve_zones(puzzle, budget)
    meter = budget.start()
    db = None
    preprocess = 0.0
    if name not in ("manhattan", "linear"):
        need = _database_bytes(name, puzzle)
        if need > meter.memory_limit():
            stats = SlidingStats(limit="max_memory", elapsed_s=meter.elapsed())
            return SlidingResult(LIMIT, optimal=False, bound=None, stats=stats, **base)
        db = database(name, puzzle.shape, puzzle.goal, progress=progress)
        preprocess = db.load_s
        meter = budget.start()  # the database is preprocessing, outside the search's clock
    search = _Search(puzzle.shape, puzzle.goal, name, db, factor)
    search.load(puzzle.tiles)
    h_start = int(search.ctr[K.C_H])
    step: Callable[[int], bool] = search.step
    if on_iteration is not None:
        step = _reporting(search, factor, meter, on_iteration)
    limit = run_chunked(step, lambda: search.nodes, meter)
    elapsed = meter.elapsed()
    found = int(search.ctr[K.C_STATUS]) == K.FOUND
    nodes = search.nodes
    stats = SlidingStats(
        expanded=int(search.ctr[K.C_EXPANDED]),
        generated=nodes,
        nodes=nodes,
        elapsed_s=elapsed,
        nodes_per_s=nodes / elapsed if elapsed > 0 else None,
        iterations=int(search.ctr[K.C_ITERATIONS]),
        h_start=h_start,
        heuristic=name,
        limit=None if found else limit,
        preprocess_s=preprocess,
    )
    if not found:
        return SlidingResult(LIMIT, optimal=False, bound=None, stats=stats, **base)
    lurd = search.lurd()
    return SlidingResult(
        SOLVED,
        lurd=lurd,
        optimal=factor == 1,
        bound=float(factor),
        stats=stats,
        **base,
    )


def _reporting(
    search: _Search, factor: Fraction, meter: Meter, tell: Callable[[IdaProgress], None]
) -> Callable[[int], bool]:
    """``search.step``, pausing at each raised bound to tell ``tell`` (see ``on_iteration``)."""
    search.par[K.P_PAUSE] = 1
    ctr = search.ctr

    def report(new_bound: bool) -> None:
        bound = Fraction(int(ctr[K.C_BOUND]), factor.denominator)
        tell(
            IdaProgress(
                iteration=int(ctr[K.C_ITERATIONS]),
                bound=int(bound) if bound.denominator == 1 else float(bound),
                new_bound=new_bound,
                nodes=int(ctr[K.C_NODES]),
                expanded=int(ctr[K.C_EXPANDED]),
                elapsed_s=meter.elapsed(),
            )
        )

    report(True)

    def step(units: int) -> bool:
        iteration = int(ctr[K.C_ITERATIONS])
        done = search.step(units)
        if not done:
            report(int(ctr[K.C_ITERATIONS]) != iteration)
        return done

    return step


def _database_bytes(name: str, puzzle: Puzzle) -> int:
    """Memory the database needs: its tables, and when not cached the search that builds the
    largest one (straight into its place among the tables)."""
    groups = pattern_groups(name, puzzle.shape, puzzle.goal)
    sizes = [table_size(len(g), puzzle.cells) for g in groups]
    if cached(name, puzzle.shape, puzzle.goal):
        return sum(sizes)
    pairs = zip(groups, sizes, strict=True)
    return sum(sizes) + max(build_bytes(len(g), puzzle.cells) - size for g, size in pairs)


def _astar(puzzle: Puzzle, budget: Budget, base: dict[str, Any]) -> SlidingResult:
    """The generic engine's A* with Manhattan distance: the readable reference."""
    from tansuo.search import astar

    count = budget.count_limit
    memory = budget.max_memory
    frontier = None if memory is None else max(1, memory // (puzzle.cells * 8 + 200))
    result = astar(
        SlidingProblem(puzzle),
        max_expansions=None if count is None else count[1],
        time_limit=budget.time_limit,
        max_frontier=frontier,
    )
    engine = result.stats
    limit = engine.limit
    if (
        limit in ("max_expansions", "max_frontier")
        and count is not None
        and limit != "max_frontier"
    ):
        limit = count[0]
    elif limit == "max_frontier":
        limit = "max_memory"
    stats = SlidingStats(
        expanded=engine.expanded,
        generated=engine.generated,
        nodes=engine.expanded,
        elapsed_s=engine.elapsed_s,
        limit=None if result.solved else limit,
        nodes_per_s=engine.expanded / engine.elapsed_s if engine.elapsed_s > 0 else None,
        h_start=puzzle.manhattan(),
    )
    if not result.solved:
        return SlidingResult(LIMIT, optimal=False, bound=None, stats=stats, **base)
    lurd = "".join(result.actions)
    return SlidingResult(
        SOLVED,
        lurd=lurd,
        optimal=True,
        bound=1.0,
        stats=stats,
        **base,
    )


class _AStarStore:
    """The weighted A*'s nodes, hash table and heap; doubled when full, up to the budget.

    ``capacity`` (boards) is a power of two: the hash table has four slots a board.
    """

    def __init__(self, capacity: int) -> None:
        self._allocate(1 << max(3, capacity.bit_length() - 1))

    def _allocate(self, capacity: int) -> None:
        self.capacity = capacity
        self.keys = np.zeros((capacity, 2), np.int64)
        self.node = np.zeros((capacity, K.N_SIZE), np.int32)
        self.slots = np.zeros(4 * capacity, np.int32)
        self.heap = np.zeros(2 * capacity, np.int64)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return self.keys, self.node, self.slots, self.heap

    def grow(self, nodes: int, items: int) -> None:
        """Twice the room, the first ``nodes`` boards and ``items`` heap items kept."""
        keys, node, heap = self.keys, self.node, self.heap
        self._allocate(2 * self.capacity)
        self.keys[:nodes] = keys[:nodes]
        self.node[:nodes] = node[:nodes]
        self.heap[:items] = heap[:items]
        K.astar_rehash(self.keys, nodes, self.slots)


def _wastar(
    puzzle: Puzzle, budget: Budget, factor: Fraction, base: dict[str, Any]
) -> SlidingResult:
    """Weighted A* in numba (linear conflicts): the length within ``factor`` x optimal."""
    if puzzle.cells > WASTAR_MAX_CELLS:
        raise InvalidInput(
            f"weighted-astar is for boards of up to {WASTAR_MAX_CELLS} cells; "
            f"a {puzzle.rows}x{puzzle.cols} board has {puzzle.cells}"
        )
    base = {**base, "heuristic": "linear"}
    meter = budget.start()
    memory = WASTAR_MEMORY if budget.max_memory is None else budget.max_memory
    most = min(memory // WASTAR_NODE_BYTES, 1 << K.NODE_BITS)
    search = _Search(puzzle.shape, puzzle.goal, "linear", None, factor)
    search.board[:] = puzzle.tiles
    store = _AStarStore(min(most, WASTAR_FIRST_NODES))
    actr = np.zeros(K.A_SIZE, np.int64)
    arrays = (search.board, search.pos, search.goal_pos, search.lc_row, search.lc_col)
    K.astar_init(search.par, search.ctr, actr, *arrays, *store.arrays())

    def step(units: int) -> bool:
        over = K.astar_run(
            search.par, search.ctr, actr, search.nbr, *arrays, *store.arrays(), units
        )
        if actr[K.A_STATUS] == K.FULL and 2 * store.capacity <= most:
            store.grow(int(actr[K.A_NODES]), int(actr[K.A_HEAP]))
            actr[K.A_STATUS] = K.RUNNING
            return False
        return bool(over)

    limit = run_chunked(step, lambda: int(actr[K.A_EXPANDED]), meter)
    if actr[K.A_STATUS] == K.FULL:
        limit = "max_memory"
    elapsed = meter.elapsed()
    found = actr[K.A_STATUS] == K.FOUND
    expanded = int(actr[K.A_EXPANDED])
    stats = SlidingStats(
        expanded=expanded,
        generated=int(actr[K.A_GENERATED]),
        nodes=expanded,
        elapsed_s=elapsed,
        nodes_per_s=expanded / elapsed if elapsed > 0 else None,
        limit=None if found else limit,
        max_frontier=int(actr[K.A_MAX_OPEN]),
        h_start=int(store.node[0, K.N_H]),
        heuristic="linear",
    )
    if not found:
        return SlidingResult(LIMIT, optimal=False, bound=None, stats=stats, **base)
    moves = np.zeros(MAX_DEPTH * 4, np.int64)
    length = K.astar_path(store.node, int(actr[K.A_GOAL]), moves)
    lurd = "".join(MOVES[d] for d in moves[:length])
    return SlidingResult(
        SOLVED, lurd=lurd, optimal=factor == 1, bound=float(factor), stats=stats, **base
    )


def solve_many(
    boards: Sequence[Puzzle | Sequence[int]],
    *,
    shape: Shape | None = None,
    goal: Sequence[int] | str = "blank-last",
    heuristic: str | None = None,
    weight: float = 1.0,
) -> list[SlidingResult]:
    """Solve many boards of one shape and goal in one kernel call (IDA*, no budget).

    Unsolvable boards are answered by parity without a search.

    Parameters
    ----------
    boards : sequence of Puzzle or of tile sequences
        The boards, all of one shape and goal.
    shape : (rows, cols), optional
        Needed when the boards are not square.
    goal : "blank-last", "blank-first" or a board
        The goal board, by name or tiles.
    heuristic : str, optional
        As for :func:`solve` (default: :func:`default_heuristic`).
    weight : float
        ``f = g + weight * h``: above 1, faster answers at most ``weight`` times
        the optimum.

    Returns
    -------
    list of SlidingResult
        One per board, in order.

    Raises
    ------
    InvalidInput
        A board that is not a permutation of its shape, boards of different
        shapes, or unknown names.

    Examples
    --------
    >>> [r.cost for r in solve_many([[1, 2, 3, 4, 5, 6, 0, 7, 8], [1, 2, 3, 4, 0, 6, 7, 5, 8]])]
    [2, 2]
    """
    puzzles = [_as_puzzle(b, shape, goal) for b in boards]
    if not puzzles:
        return []
    first = puzzles[0]
    if any(p.shape != first.shape or p.goal != first.goal for p in puzzles):
        raise InvalidInput("solve_many takes boards of one shape and one goal")
    factor = _weight(weight)
    name = _check_heuristic(heuristic, first)
    started = time.perf_counter()
    db = None
    if name not in ("manhattan", "linear"):
        db = database(name, first.shape, first.goal)
    preprocess = time.perf_counter() - started
    search = _Search(first.shape, first.goal, name, db, factor)
    started = time.perf_counter()
    array = np.array([p.tiles for p in puzzles], np.int64)
    odd = np.zeros(len(puzzles), np.int64)
    K.parities(array, search.goal_pos, first.cols, odd)
    solvable = np.flatnonzero(odd == 0).tolist()
    results: list[SlidingResult | None] = [None] * len(puzzles)
    if solvable:
        lengths, moves, nodes = search.many(array[solvable])
    elapsed = time.perf_counter() - started
    per_board = elapsed / max(1, len(solvable))
    for j, i in enumerate(solvable):
        p = puzzles[i]
        lurd = moves[j, : lengths[j]].tobytes().translate(_LETTERS).decode()
        stats = SlidingStats(
            expanded=int(nodes[j, 1]),
            generated=int(nodes[j, 0]),
            nodes=int(nodes[j, 0]),
            elapsed_s=per_board,
            preprocess_s=preprocess,
            heuristic=name,
        )
        results[i] = SlidingResult(
            SOLVED,
            start=p.tiles,
            goal=p.goal,
            shape=p.shape,
            lurd=lurd,
            optimal=factor == 1,
            bound=float(factor),
            heuristic=name,
            stats=stats,
        )
    for i, p in enumerate(puzzles):
        if results[i] is None:
            results[i] = SlidingResult(
                NO_SOLUTION,
                start=p.tiles,
                goal=p.goal,
                shape=p.shape,
                reason=p.unsolvable_reason(),
                bound=None,
                heuristic=name,
            )
    return [r for r in results if r is not None]


WARM_UP_PARTS = ("ida", "weighted-astar", "many")
"""What :func:`warm_up` compiles: IDA* (with pattern databases), weighted A*, :func:`solve_many`."""


def warm_up(*parts: str) -> None:
    """Compile (or load from numba's cache) the kernels with a tiny search of each kind.

    The command line calls it behind its "compiling" line, for the algorithm
    it runs, so that the first board's time is the search's alone.

    Parameters
    ----------
    *parts : str
        Which kernels, of :data:`WARM_UP_PARTS`: ``"ida"`` IDA* (and the
        building of pattern databases), ``"weighted-astar"`` weighted A*, ``"many"``
        :func:`solve_many`; none given, all of them.

    Raises
    ------
    ValueError
        A part that is not one of :data:`WARM_UP_PARTS`.

    Examples
    --------
    >>> warm_up("ida")  # compiled, or loaded from numba's cache
    >>> solve([1, 2, 3, 4, 5, 6, 0, 7, 8], heuristic="linear").lurd
    'RR'
    """
    unknown = [part for part in parts if part not in WARM_UP_PARTS]
    if unknown:
        raise ValueError(f"unknown part {unknown[0]!r}; the parts are {', '.join(WARM_UP_PARTS)}")
    parts = parts or WARM_UP_PARTS
    if "ida" in parts:
        for name in ("linear", "exact"):
            solve([1, 2, 3, 4, 5, 6, 0, 7, 8], heuristic=name)
        solve([1, 2, 3, 4, 5, 6, 0, 7, 8], heuristic="manhattan")
    if "weighted-astar" in parts:
        solve([1, 2, 3, 4, 5, 6, 0, 7, 8], algorithm="weighted-astar", weight=2.0)
    if "many" in parts:
        solve_many([[1, 2, 3, 0]])


def random_boards(
    shape: Shape, count: int, *, seed: int = 0, goal: str = "blank-last"
) -> list[Puzzle]:
    """``count`` uniformly random solvable boards (seeded).

    Parameters
    ----------
    shape : (rows, cols)
        The board's shape.
    count : int
        How many boards.
    seed : int
        The seed: the same seed gives the same boards.
    goal : str
        ``"blank-last"`` (default) or ``"blank-first"``.

    Returns
    -------
    list of Puzzle

    Examples
    --------
    >>> boards = random_boards((3, 3), 3, seed=1)
    >>> len(boards), all(b.is_solvable() for b in boards)
    (3, True)
    """
    from tansuo.sliding.model import random_puzzle

    rng = random.Random(seed)
    return [random_puzzle(shape, goal=goal, rng=rng) for _ in range(count)]


__all__ = [
    "ALGORITHMS",
    "PARTITIONS",
    "SlidingProblem",
    "default_heuristic",
    "random_boards",
    "solve",
    "solve_many",
    "warm_up",
]

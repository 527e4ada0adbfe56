"""A map prepared for many queries: :class:`GridSearcher`.

A searcher pads and flattens a map once and keeps the work arrays (``g``,
parents, marks, the open list) and the per-map tables (legal moves, JPS's
jumps, the landmarks) for every later query, so answering many queries on one
map costs only the searches themselves. The search itself runs in the numba
kernels of ``grid._kernels``; this module validates a query, builds what it
needs, drives the kernel a chunk at a time under the budget
(:func:`tansuo.budget.run_chunked`) and makes the :class:`PathResult`.
"""

from __future__ import annotations

import contextlib
import functools
import math
import numbers
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from tansuo.budget import DEFAULT_CHUNK, Budget, Meter, parse_memory, run_chunked
from tansuo.errors import InvalidInput
from tansuo.grid._kernels.astar import astar_init, astar_run
from tansuo.grid._kernels.bfs import bfs_init, bfs_run
from tansuo.grid._kernels.bidirectional import bidir_init, bidir_run
from tansuo.grid._kernels.codes import (
    EXPANDED,
    FOUND,
    LOG_COUNT,
    MAX_FRONTIER,
    MEET,
    N_COUNTERS,
    NEED_ROOM,
    NO_CELL,
    RULE_ALWAYS,
    RULE_FOUR,
    RULE_NO_CORNER_CUTTING,
    RULE_ONE_SIDE,
    RUNNING,
)
from tansuo.grid._kernels.jps import jps_run
from tansuo.grid._kernels.paths import meeting_path, trace_path
from tansuo.grid._kernels.tables import (
    N_STRAIGHT,
    fill_forced_bits,
    fill_jump_table,
    fill_move_masks,
    neighbour_tables,
)
from tansuo.grid.heuristics import (
    HEURISTICS,
    Heuristic,
    check_heuristic,
    default_heuristic,
    is_admissible,
)
from tansuo.grid.landmarks import (
    DEFAULT_LANDMARKS,
    MAX_LANDMARKS,
    LandmarkBuild,
    landmark_table_bytes,
)
from tansuo.grid.model import COSTS, Costs, Grid, Moves, Point, check_costs, check_moves
from tansuo.grid.result import PathResult, SearchCounts, SearchLog
from tansuo.grid.tables import (
    BIDIRECTIONAL_ARRAYS,
    JUMP_TABLES,
    LANDMARKS,
    WORK_ARRAYS,
    BandedTable,
    clock_only,
)
from tansuo.result import LIMIT, NO_SOLUTION, SOLVED

Algorithm = Literal["astar", "jps", "dijkstra", "bfs", "bidirectional", "weighted-astar"]
"""A search algorithm's name."""

ALGORITHMS: tuple[Algorithm, ...] = (
    "astar",
    "jps",
    "dijkstra",
    "bfs",
    "bidirectional",
    "weighted-astar",
)
"""What ``algorithm`` takes in :meth:`GridSearcher.find_path`."""

RULE_CODES: dict[Moves, int] = {
    "4": RULE_FOUR,
    "8-no-corner-cutting": RULE_NO_CORNER_CUTTING,
    "8-one-side": RULE_ONE_SIDE,
    "8-always": RULE_ALWAYS,
}
"""The kernels' code of each movement rule."""

CHUNK = DEFAULT_CHUNK
"""Expansions of A*, Dijkstra or BFS between two looks at the clock (65,536: milliseconds).

The bidirectional search takes an eighth of it and JPS a thirty-second: their
expansions cost more (JPS's scan far), and every chunk should stay within about
ten milliseconds on the largest map, so that a time limit holds even on a busy
machine. The size of a chunk never changes what a search does."""
BIDIRECTIONAL_CHUNK_SHARE = 8
JPS_CHUNK_SHARE = 32

OPEN_ENTRY_BYTES = 4 + 16
"""Bytes of one entry of the open list: the cell (int32) and its f and g."""

MAX_OPEN_PER_CELL = 64
"""The open list never grows past this many entries per cell (stale ones included)."""

_LogArrays = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""Where a kernel logs its expansions: cell, g and h per expansion, and when each
cell was first generated (arrays of no length when not logging)."""

_NO_PATH = np.zeros((0, 2), dtype=np.int64)
_NO_PATH.flags.writeable = False
_NO_BUDGET = Budget()


@functools.lru_cache(maxsize=64, typed=True)
def _cached_budget(
    time_limit: float | None, max_expansions: int | None, max_memory: int | str | None
) -> Budget:
    # A query takes microseconds: validating the same budget again each time would show.
    return Budget(
        time_limit=time_limit, max_expansions=max_expansions, max_memory=_bytes(max_memory)
    )


def _bytes(max_memory: int | str | None) -> int | None:
    return None if max_memory is None else parse_memory(max_memory)


def _budget(
    time_limit: float | None, max_expansions: int | None, max_memory: int | str | None
) -> Budget:
    if time_limit is None and max_expansions is None and max_memory is None:
        return _NO_BUDGET
    try:
        return _cached_budget(time_limit, max_expansions, max_memory)
    except TypeError:  # unhashable: let Budget say what is wrong with it
        return Budget(
            time_limit=time_limit, max_expansions=max_expansions, max_memory=_bytes(max_memory)
        )


@dataclass(frozen=True, slots=True)
class _Plan:
    """What a query's options come to, worked out once per distinct set of options."""

    algorithm: Algorithm
    heuristic: Heuristic
    heuristic_code: int
    """The kernels' code (the rule's default one for ``differential``)."""
    weight: float
    h_straight: float
    h_diagonal: float
    """The estimate's straight and diagonal step costs, scaled by weight and cheapest cell."""
    optimal: bool
    jps: bool
    differential: bool
    tables: int
    """What must be built before the search runs (bits of ``grid.tables``)."""
    chunk_share: int
    """The search's chunk is ``CHUNK // chunk_share`` expansions."""


class _BidirectionalArrays:
    """The work arrays only the bidirectional search needs (the forward side also
    uses the searcher's own ``g``, ``parent``, ``mark``, ``heap`` and ``keys``)."""

    __slots__ = ("g_r", "heap_r", "key_f", "key_r", "keys_r", "mark_r", "parent_r", "pos_f",
                 "pos_r")  # fmt: skip

    def __init__(self, size: int) -> None:
        # keys (g + potential) by cell and heap positions, forward and backward
        self.key_f = np.zeros(size)
        self.pos_f = np.zeros(size, np.int32)
        self.key_r = np.zeros(size)
        self.pos_r = np.zeros(size, np.int32)
        self.g_r = np.zeros(size)
        self.parent_r = np.zeros(size, np.int32)
        self.mark_r = np.zeros(size, np.int32)
        self.heap_r = np.zeros(size, np.int32)
        self.keys_r = np.zeros((size, 2))

    def touch(self, first: int, last: int) -> None:
        """Write cells ``[first, last)`` of the arrays indexed by cell once
        (see ``GridSearcher._touch_work_arrays``)."""
        for array in (self.key_f, self.pos_f, self.key_r, self.pos_r, self.g_r, self.parent_r,
                      self.mark_r):  # fmt: skip
            array[first:last] = 0


class GridSearcher:
    """A map prepared for many queries.

    Parameters
    ----------
    grid : Grid
    moves : str
        ``"4"``, ``"8-no-corner-cutting"`` (default, the Moving AI rule),
        ``"8-one-side"`` or ``"8-always"``.
    costs : str
        ``"octile"`` (default), ``"10-14"`` or ``"uniform"``.
    landmarks : int
        How many landmarks the differential heuristic uses (1 to 64; 8 by
        default). Its table, ``landmarks`` floats per cell, is built on the
        first query that asks for it (see :meth:`landmark_table`).

    Notes
    -----
    The work arrays are shared by the queries, so a searcher answers one query
    at a time: use one per thread.

    Examples
    --------
    >>> from tansuo.grid import Grid, GridSearcher
    >>> searcher = GridSearcher(Grid.from_text("....\\n.##.\\n...."))
    >>> r = searcher.find_path((0, 0), (3, 2))
    >>> r.status, r.cost, len(r.solution)  # no corner cutting past the wall's ends
    ('solved', 5.0, 6)
    """

    def __init__(
        self,
        grid: Grid,
        moves: Moves = "8-no-corner-cutting",
        costs: Costs = "octile",
        *,
        landmarks: int = DEFAULT_LANDMARKS,
    ) -> None:
        if not isinstance(grid, Grid):
            grid = Grid(np.asarray(grid))
        if not (isinstance(landmarks, int) and 1 <= landmarks <= MAX_LANDMARKS):
            raise InvalidInput(
                f"landmarks must be a whole number from 1 to {MAX_LANDMARKS}, got {landmarks!r}"
            )
        self.grid = grid
        self.move_rule = check_moves(moves)
        self.cost_model = check_costs(costs)
        self.rule = RULE_CODES[self.move_rule]
        self.straight, self.diagonal = COSTS[self.cost_model]
        self.padded_width = grid.width + 2
        padded = np.full((grid.height + 2, grid.width + 2), np.inf)
        padded[1:-1, 1:-1] = grid.cells
        self.cell_cost = padded.ravel()
        """Cost of entering each cell of the padded, flattened map (``inf``: a wall)."""
        self.cells = self.cell_cost.shape[0]
        self.min_cost = grid.min_cost  # scales the estimates (a pass over the map: done once)
        self.offsets, self.side_a, self.side_b, self.move_dy, self.steps = neighbour_tables(
            self.padded_width, self.straight, self.diagonal
        )
        # The work arrays start as zeros, which the operating system hands out lazily:
        # the first query touches them once, in order and under its clock (see
        # _touch_work_arrays). A mark of 0 is stale for every query.
        size = self.cells
        self.g = np.zeros(size)
        self.parent = np.zeros(size, dtype=np.int32)
        self.mark = np.zeros(size, dtype=np.int32)
        self.heap = np.zeros(size, dtype=np.int32)
        self.keys = np.zeros((size, 2))
        self.arrival = np.zeros(size, dtype=np.int8)
        """JPS: the direction each jump point was reached in."""
        self.counters = np.zeros(N_COUNTERS, dtype=np.int64)
        self.pending_keys = np.zeros(2)  # f and g of A*'s pending cell (PENDING_TIE)
        self.stamp = 0
        self.landmark_count = landmarks
        self._plans: dict[tuple[Any, Any, Any], _Plan] = {}
        # per-map tables, built by the first query that needs them (grid.tables)
        self._built = 0  # bits of grid.tables
        self.move_masks = np.zeros(size, dtype=np.uint8)
        """Bit ``k`` of ``move_masks[n]``: move ``k`` from cell ``n`` is legal."""
        self._base_build = BandedTable(self._fill_base, size)
        self._jump_table = np.zeros((0, N_STRAIGHT), dtype=np.int32)
        self._forced = np.zeros(0, dtype=np.uint8)
        self._jumps_build: BandedTable | None = None
        self._bidirectional_arrays = _BidirectionalArrays(0)
        self._bidirectional_build: BandedTable | None = None
        self._landmarks = np.zeros((size, 0))  # no columns until built
        self._landmark_build: LandmarkBuild | None = None
        self._no_landmarks = self._landmarks
        self._empty_log: _LogArrays = (
            np.zeros(0, np.int64), np.zeros(0), np.zeros(0), np.zeros(1, np.int64)
        )  # fmt: skip

    # -- points and cells ------------------------------------------------------
    def _check_point(self, point: Point, what: str) -> Point:
        """``Grid.check_point``, with a quick path for a pair of ints on an open cell."""
        if type(point) is tuple and len(point) == 2:
            x, y = point
            if (
                type(x) is int
                and type(y) is int
                and 0 <= x < self.grid.width
                and 0 <= y < self.grid.height
                and self.cell_cost[(y + 1) * self.padded_width + x + 1] < math.inf
            ):
                return point
        return self.grid.check_point(point, what)  # converts, or says what is wrong

    def cell_index(self, point: Point) -> int:
        """The padded cell number of a map point ``(x, y)``."""
        return (point[1] + 1) * self.padded_width + point[0] + 1

    def _next_stamp(self) -> int:
        self.stamp += 1
        if self.stamp > 2**29:  # marks are int32 and hold 2 * stamp + 1
            self.mark[:] = 0
            self._bidirectional_arrays.mark_r[:] = 0
            self.stamp = 1
        return self.stamp

    # -- the query -------------------------------------------------------------
    def find_path(
        self,
        start: Point,
        goal: Point,
        *,
        algorithm: Algorithm = "astar",
        heuristic: Heuristic | None = None,
        weight: float = 1.0,
        max_expansions: int | None = None,
        time_limit: float | None = None,
        max_memory: int | str | None = None,
        record: bool = False,
    ) -> PathResult:
        """Find a path from ``start`` to ``goal`` (both ``(x, y)``).

        Parameters
        ----------
        start, goal : (x, y)
        algorithm : str
            ``"astar"`` (default), ``"jps"`` (Jump Point Search: 8 moves without
            corner cutting, octile or 10-14 costs, unweighted grid),
            ``"dijkstra"``, ``"bfs"`` (fewest moves), ``"bidirectional"``
            (bidirectional A*) or ``"weighted-astar"`` (f = g + weight * h).
        heuristic : str, optional
            ``"octile"``, ``"manhattan"``, ``"chebyshev"``, ``"euclidean"``,
            ``"zero"`` or ``"differential"`` (landmark distances, built on its
            first use and kept; ``astar`` and ``weighted-astar`` on grids
            without weighted terrain); the default suits the movement rule.
            An inadmissible choice is allowed; the result then says
            ``optimal=False``.
        weight : float
            The heuristic's weight for ``"weighted-astar"`` (>= 1).
        max_expansions : int, optional
            Cells expanded (jump points for JPS) before giving up.
        time_limit : float, optional
            Seconds for the query, building the map's tables included (the
            searcher's construction is not). The clock is read every 65,536
            expansions (JPS: 2,048; bidirectional: 8,192) and between bands of
            262,144 cells of a table: on a 4096x4096 map a limit is overshot by
            tens of milliseconds at most. A table left unfinished is finished
            by the next queries.
        max_memory : int or str, optional
            Bytes (or ``"512M"``, ``"4G"``) the query's growing structures may
            take: the open list when stale entries outgrow it, the landmark
            table while it is built. Default: 4 GiB or half the RAM.
        record : bool
            Keep the expansion log (for ``render`` and ``explain``). The
            bidirectional search keeps only its final closed and open cells.

        Returns
        -------
        PathResult
            ``status="limit"`` with ``stats.limit`` naming the budget when one
            ran out (``"time_limit"``, ``"max_expansions"``, ``"max_memory"``).

        Raises
        ------
        InvalidInput
            Start or goal outside the map or on a wall, an unknown algorithm or
            heuristic, JPS on a rule it does not support, a weight below 1, a
            negative budget.
        """
        meter = _budget(time_limit, max_expansions, max_memory).start()
        start = self._check_point(start, "start")
        goal = self._check_point(goal, "goal")
        plan = self._plan(algorithm, heuristic, weight)
        if start == goal:
            return self._at_goal(plan, start, meter, record)
        preprocess_s = None
        limit = None
        if plan.tables & ~self._built:
            preprocess_s, limit = self._build_tables(plan, meter)
        s, t = self.cell_index(start), self.cell_index(goal)
        stamp = self._next_stamp()
        log = self._new_log() if record else self._empty_log
        found = False
        if limit is None:
            if plan.algorithm == "bfs":
                found, limit = self._bfs(s, t, stamp, log, meter)
            elif plan.algorithm == "bidirectional":
                found, limit = self._bidirectional(plan, s, t, stamp, meter)
            else:
                found, limit = self._best_first(plan, s, t, stamp, log, meter)
        else:
            self.counters[:] = 0  # the tables were not finished: no search ran
        path, cost = _NO_PATH, None
        if found:
            if plan.algorithm == "bidirectional":
                path, cost = meeting_path(
                    self.parent, self._bidirectional_arrays.parent_r, self.counters[MEET],
                    self.cell_cost, self.padded_width, self.straight, self.diagonal,
                )  # fmt: skip
            else:
                path, cost = trace_path(
                    self.parent, t, plan.jps, self.cell_cost, self.padded_width, self.straight,
                    self.diagonal,
                )  # fmt: skip
            path.flags.writeable = False  # the result is frozen, its array too
        status = SOLVED if found else NO_SOLUTION if limit is None else LIMIT
        search_log = self._search_log(log, stamp) if record else None
        elapsed = meter.elapsed() - (preprocess_s or 0.0)
        counts: SearchCounts = (self.counters.tolist(), len(path), elapsed, limit, preprocess_s)
        return PathResult(
            status, path, cost, plan.algorithm, self.move_rule, self.cost_model, plan.heuristic,
            plan.optimal and status == SOLVED,  # a search stopped by a budget proved nothing
            counts, search_log,
        )  # fmt: skip

    def find_paths(self, pairs: Iterable[tuple[Point, Point]], **options: Any) -> list[PathResult]:
        """Answer many queries; the options are those of :meth:`find_path`."""
        return [self.find_path(a, b, **options) for a, b in pairs]

    # -- options -----------------------------------------------------------------
    def _plan(self, algorithm: str, heuristic: str | None, weight: float) -> _Plan:
        key = (algorithm, heuristic, weight)
        try:
            return self._plans[key]
        except (KeyError, TypeError):
            plan = self._make_plan(algorithm, heuristic, weight)
            with contextlib.suppress(TypeError):
                self._plans[key] = plan
            return plan

    def _make_plan(self, algorithm: str, heuristic: str | None, weight: float) -> _Plan:
        if algorithm not in ALGORITHMS:
            raise InvalidInput(
                f"unknown algorithm {algorithm!r}; choose one of: {', '.join(ALGORITHMS)}"
            )
        if heuristic is None:
            heuristic = (
                "zero"
                if algorithm in ("dijkstra", "bfs")
                else default_heuristic(self.move_rule, self.cost_model)
            )
        name = check_heuristic(heuristic)
        if algorithm == "dijkstra":
            name = "zero"
        differential = name == "differential"
        if differential and algorithm not in ("astar", "weighted-astar"):
            raise InvalidInput(
                f"the differential heuristic is for astar and weighted-astar, not {algorithm}"
            )
        if differential and self.grid.weighted:
            raise InvalidInput(
                "the differential heuristic needs a grid without weighted terrain "
                "(its distances must be the same both ways)"
            )
        if (
            isinstance(weight, bool)
            or not isinstance(weight, numbers.Real)
            or not (weight >= 1.0 and math.isfinite(weight))
        ):
            raise InvalidInput(f"weight must be a finite number >= 1, got {weight!r}")
        if algorithm != "weighted-astar":
            weight = 1.0
        if algorithm == "jps":
            self._check_jps()
            name = "octile"
        if algorithm == "bfs":
            optimal = (
                self.move_rule == "4" or self.cost_model == "uniform"
            ) and not self.grid.weighted
        else:
            optimal = is_admissible(name, self.move_rule, self.cost_model) and weight == 1.0
        diagonal = (
            2 * self.straight if self.move_rule == "4" else min(self.diagonal, 2 * self.straight)
        )
        scale = float(weight) * self.min_cost
        code = HEURISTICS[default_heuristic(self.move_rule, self.cost_model) if differential
                          else name]  # fmt: skip
        tables = WORK_ARRAYS
        if algorithm == "jps":
            tables |= JUMP_TABLES
        if algorithm == "bidirectional":
            tables |= BIDIRECTIONAL_ARRAYS
        if differential:
            tables |= LANDMARKS
        return _Plan(
            algorithm=algorithm,
            heuristic=name,
            heuristic_code=code,
            weight=float(weight),
            h_straight=self.straight * scale,
            h_diagonal=diagonal * scale,
            optimal=bool(optimal),
            jps=algorithm == "jps",
            differential=differential,
            tables=tables,
            chunk_share=(
                JPS_CHUNK_SHARE
                if algorithm == "jps"
                else BIDIRECTIONAL_CHUNK_SHARE
                if algorithm == "bidirectional"
                else 1
            ),
        )

    def _check_jps(self) -> None:
        if self.move_rule != "8-no-corner-cutting":
            raise InvalidInput(
                f"jps needs --moves 8-no-corner-cutting (got {self.move_rule}); use astar instead"
            )
        if self.cost_model == "uniform":
            raise InvalidInput("jps needs octile or 10-14 costs (diagonal dearer than straight)")
        if self.grid.weighted:
            raise InvalidInput("jps needs a grid without weighted terrain; use astar instead")

    # -- per-map tables --------------------------------------------------------------
    def _build_tables(self, plan: _Plan, meter: Meter) -> tuple[float, str | None]:
        """Build (or go on building) the tables ``plan`` needs; returns their seconds
        and the budget that stopped them, if any."""
        started = time.perf_counter()
        clock = clock_only(meter)
        limit = None
        for table, build in (
            (WORK_ARRAYS, self._base_build.run),
            (JUMP_TABLES, self._build_jump_tables),
            (BIDIRECTIONAL_ARRAYS, self._build_bidirectional_arrays),
            (LANDMARKS, self._build_landmarks),
        ):
            if not plan.tables & table or self._built & table:
                continue
            # run_chunked looks at the clock between two bands, not after the last one:
            # look before the next table
            if table != WORK_ARRAYS and (limit := clock.spent()) is not None:
                break
            if (limit := build(clock)) is not None:
                break
            self._built |= table
        return time.perf_counter() - started, limit

    def _fill_base(self, first: int, last: int) -> None:
        self._touch_work_arrays(first, last)
        fill_move_masks(self.cell_cost, self.offsets, self.side_a, self.side_b, self.rule,
                        self.move_masks, first, last)  # fmt: skip

    def _touch_work_arrays(self, first: int, last: int) -> None:
        # The first write to a page of fresh memory costs a page fault: cheap in order,
        # slow and uneven when a search scatters them over the map (a virtual machine
        # took 1 s for the first bidirectional search across a 4096x4096 map, 16 ms for
        # the next). So the arrays indexed by cell are written once here, in order; the
        # heap fills from its start and needs no such care.
        for array in (self.g, self.parent, self.mark, self.arrival):
            array[first:last] = 0

    def _build_jump_tables(self, clock: Meter) -> str | None:
        if self._jumps_build is None:
            self._jump_table = np.zeros((self.cells, N_STRAIGHT), dtype=np.int32)
            self._forced = np.zeros(self.cells, dtype=np.uint8)
            self._jumps_build = BandedTable(self._fill_jumps, (N_STRAIGHT + 1) * self.cells)
        return self._jumps_build.run(clock)

    def _fill_jumps(self, first: int, last: int) -> None:
        # steps [0, 4 * cells) fill the jump table direction by direction, the rest
        # the forced-neighbour bits
        straight_steps = N_STRAIGHT * self.cells
        if first < straight_steps:
            fill_jump_table(self.cell_cost, self.padded_width, self._jump_table, first,
                            min(last, straight_steps))  # fmt: skip
        if last > straight_steps:
            fill_forced_bits(self.cell_cost, self.padded_width, self._forced,
                             max(first, straight_steps) - straight_steps,
                             last - straight_steps)  # fmt: skip

    def _build_bidirectional_arrays(self, clock: Meter) -> str | None:
        if self._bidirectional_build is None:
            self._bidirectional_arrays = _BidirectionalArrays(self.cells)
            self._bidirectional_build = BandedTable(self._bidirectional_arrays.touch, self.cells)
        return self._bidirectional_build.run(clock)

    def prepare(self, algorithm: Algorithm = "astar", heuristic: Heuristic | None = None) -> float:
        """Build the per-map tables that queries with these options need; returns the seconds.

        Queries build them on first use anyway (and say so in
        ``stats.preprocess_s``); a benchmark or a server calls this to do it
        up front and to time it. The tables: the legal moves of every cell
        (every algorithm), JPS's jump table and forced-neighbour bits
        (``"jps"``), the landmark table (``heuristic="differential"``).

        Examples
        --------
        >>> from tansuo.grid import GridSearcher, bundled_map
        >>> searcher = GridSearcher(bundled_map("arena2"))
        >>> searcher.prepare("jps") > 0, searcher.prepare("jps")
        (True, 0.0)
        """
        plan = self._plan(algorithm, heuristic, 1.0)
        if not plan.tables & ~self._built:
            return 0.0
        seconds, limit = self._build_tables(plan, _NO_BUDGET.start())
        if limit is not None:
            raise InvalidInput(self._too_large_for_memory())
        return seconds

    def landmark_table(self) -> np.ndarray:
        """Distances from the landmarks to every cell (``cells x landmarks``), built once.

        See :mod:`tansuo.grid.landmarks` for how the landmarks are chosen.

        Raises
        ------
        InvalidInput
            The grid has weighted terrain, or the table would take more than
            the default memory budget.
        """
        self.prepare("astar", "differential")
        return self._landmarks

    def use_landmark_table(self, table: np.ndarray) -> None:
        """Adopt a landmark table built by another searcher of the same map and rule.

        For many processes answering queries on one map (``tansuo batch grid``):
        the table is built once and shared read-only, instead of once per process.

        Raises
        ------
        InvalidInput
            The table's shape is not ``(cells, landmarks)`` of this searcher.
        """
        expected = (self.cells, self.landmark_count)
        if table.shape != expected or table.dtype != np.float64:
            raise InvalidInput(
                f"a landmark table for this map has shape {expected} of float64, "
                f"got {table.shape} of {table.dtype}"
            )
        self._landmarks = table
        self._landmark_build = None
        self._built |= LANDMARKS

    def _too_large_for_memory(self) -> str:
        need = landmark_table_bytes(self.cells, self.landmark_count)
        return (
            f"{self.landmark_count} landmarks on a map of {self.cells:,} cells need "
            f"{need:,} bytes, more than the memory budget; use fewer landmarks or "
            "another heuristic"
        )

    def _build_landmarks(self, clock: Meter) -> str | None:
        if self._landmark_build is None:
            if landmark_table_bytes(self.cells, self.landmark_count) > clock.memory_limit():
                return "max_memory"
            self._landmark_build = LandmarkBuild(self, self.landmark_count)
        if (limit := self._landmark_build.run(clock)) is not None:
            return limit
        self._landmarks = self._landmark_build.table
        self._landmark_build = None
        return None

    def distances_from(self, cell: int, clock: Meter) -> tuple[str | None, int]:
        """Dijkstra from padded cell ``cell`` over the whole map, in the work arrays.

        Returns the budget that stopped it (None when done) and the mark of the
        closed cells: ``g[n]`` is the distance to ``n`` where ``mark[n]`` has it.
        """
        stamp = self._next_stamp()
        dijkstra = self._plan("dijkstra", None, 1.0)
        _, limit = self._best_first(dijkstra, cell, NO_CELL, stamp, self._empty_log, clock)
        return limit, 2 * stamp + 1

    # -- the searches ----------------------------------------------------------------
    def _expanded(self) -> int:
        return int(self.counters[EXPANDED])

    def _best_first(
        self,
        plan: _Plan,
        s: int,
        t: int,
        stamp: int,
        log: _LogArrays,
        meter: Meter,
    ) -> tuple[bool, str | None]:
        """A*, weighted A*, Dijkstra or JPS from ``s`` to ``t`` (``NO_CELL``: the whole map);
        returns whether it found ``t`` and the spent budget."""
        astar_init(s, t, stamp, self.g, self.parent, self.mark, self.heap, self.keys,
                   self.counters, self.padded_width, plan.heuristic_code, plan.h_straight,
                   plan.h_diagonal)  # fmt: skip
        self.arrival[s] = NO_CELL
        landmarks = self._landmarks if plan.differential else self._no_landmarks
        chunk = max(1, CHUNK // plan.chunk_share)
        status = RUNNING
        memory_spent: str | None = None

        def step(units: int) -> bool:
            nonlocal status, memory_spent
            if plan.jps:
                status = jps_run(
                    self.move_masks, self._jump_table, self._forced, self.padded_width,
                    self.straight, self.diagonal, t, stamp, plan.h_straight, plan.h_diagonal,
                    self.g, self.parent, self.mark, self.arrival, self.heap, self.keys,
                    self.counters, self.pending_keys, units, *log,
                )  # fmt: skip
            else:
                status = astar_run(
                    self.cell_cost, self.move_masks, not self.grid.weighted, self.padded_width,
                    self.rule, self.offsets, self.side_a, self.move_dy, self.steps, t, stamp,
                    plan.heuristic_code, plan.h_straight, plan.h_diagonal, self.g, self.parent,
                    self.mark, self.heap, self.keys, self.counters, self.pending_keys, units,
                    *log, landmarks, plan.weight,
                )  # fmt: skip
            if status == NEED_ROOM:
                memory_spent = self._grow_open_list(meter)
                return memory_spent is not None
            return status != RUNNING

        limit = run_chunked(step, self._expanded, meter, chunk=chunk)
        return status == FOUND, memory_spent or limit

    def _grow_open_list(self, meter: Meter) -> str | None:
        """Double A*'s lazy open list (stale entries can outnumber the cells); returns
        ``"max_memory"`` instead when the doubled list would pass the memory budget or
        ``MAX_OPEN_PER_CELL`` entries per cell."""
        size = self.heap.shape[0]
        grown = 2 * size
        if (
            grown > MAX_OPEN_PER_CELL * self.cells
            or grown * OPEN_ENTRY_BYTES > meter.memory_limit()
        ):
            return "max_memory"
        heap = np.zeros(grown, dtype=self.heap.dtype)
        keys = np.zeros((grown, 2))
        heap[:size] = self.heap
        keys[:size] = self.keys
        self.heap, self.keys = heap, keys
        return None

    def _bfs(
        self, s: int, t: int, stamp: int, log: _LogArrays, meter: Meter
    ) -> tuple[bool, str | None]:
        if self.heap.shape[0] < self.cells:  # the queue holds each cell once
            self.heap = np.zeros(self.cells, dtype=np.int32)
        bfs_init(s, stamp, self.parent, self.mark, self.heap, self.counters)
        status = RUNNING

        def step(units: int) -> bool:
            nonlocal status
            status = bfs_run(
                self.move_masks, self.rule, self.offsets, t, stamp, self.parent, self.mark,
                self.heap, self.counters, units, log[0], log[3],
            )  # fmt: skip
            return status != RUNNING

        limit = run_chunked(step, self._expanded, meter, chunk=CHUNK)
        return status == FOUND, limit

    def _bidirectional(
        self, plan: _Plan, s: int, t: int, stamp: int, meter: Meter
    ) -> tuple[bool, str | None]:
        both = self._bidirectional_arrays
        if self.heap.shape[0] < self.cells:  # the indexed heap holds each cell once
            self.heap, self.keys = np.zeros(self.cells, np.int32), np.zeros((self.cells, 2))
        best = np.zeros(1)  # the shortest path through a meeting cell so far
        bidir_init(
            s, t, stamp, self.padded_width, plan.heuristic_code, plan.h_straight,
            plan.h_diagonal, self.g, both.key_f, self.parent, self.mark, self.heap, self.keys,
            both.pos_f, both.g_r, both.key_r, both.parent_r, both.mark_r, both.heap_r,
            both.keys_r, both.pos_r, self.counters, best,
        )  # fmt: skip
        status = RUNNING

        def step(units: int) -> bool:
            nonlocal status
            status = bidir_run(
                self.cell_cost, self.move_masks, self.padded_width, self.rule, self.offsets,
                self.steps, s, t, stamp, plan.heuristic_code, plan.h_straight, plan.h_diagonal,
                self.g, both.key_f, self.parent, self.mark, self.heap, self.keys, both.pos_f,
                both.g_r, both.key_r, both.parent_r, both.mark_r, both.heap_r, both.keys_r,
                both.pos_r, self.counters, best, units,
            )  # fmt: skip
            return status != RUNNING

        chunk = max(1, CHUNK // plan.chunk_share)
        limit = run_chunked(step, self._expanded, meter, chunk=chunk)
        return status == FOUND, limit

    # -- answers -----------------------------------------------------------------------
    def _new_log(self) -> _LogArrays:
        cap = self.cells
        return (np.zeros(cap, np.int64), np.zeros(cap), np.zeros(cap), np.full(cap, -1, np.int64))

    def _points(self, cells: np.ndarray) -> list[Point]:
        xs = cells % self.padded_width - 1
        ys = cells // self.padded_width - 1
        return list(zip(xs.tolist(), ys.tolist(), strict=True))

    def _search_log(self, log: _LogArrays, stamp: int) -> SearchLog:
        cells, gs, hs, opened = log
        n = int(self.counters[LOG_COUNT])
        closed_idx = np.flatnonzero(self.mark == 2 * stamp + 1)
        open_idx = np.flatnonzero(self.mark == 2 * stamp)
        seen = np.concatenate([closed_idx, open_idx])
        return SearchLog(
            expanded=self._points(cells[:n]),
            g=gs[:n].tolist(),
            h=hs[:n].tolist(),
            opened_at=dict(
                zip(self._points(seen), np.maximum(opened[seen], 0).tolist(), strict=True)
            ),
            closed=self._points(closed_idx),
            open=self._points(open_idx),
        )

    def _at_goal(self, plan: _Plan, point: Point, meter: Meter, record: bool) -> PathResult:
        """The answer when the start is the goal: found at once, nothing expanded."""
        counters = [0] * N_COUNTERS
        counters[MAX_FRONTIER] = 1  # the start, alone on the open list
        log = None
        if record:
            log = SearchLog(expanded=[point], g=[0.0], h=[0.0], opened_at={point: 0},
                            closed=[point], open=[])  # fmt: skip
        path = np.array([point], dtype=np.int64)
        path.flags.writeable = False
        counts: SearchCounts = (counters, 1, meter.elapsed(), None, None)
        return PathResult(
            SOLVED, path, 0.0, plan.algorithm, self.move_rule, self.cost_model, plan.heuristic,
            plan.optimal, counts, log,
        )  # fmt: skip

"""Grids, movement rules and cost models, and the scenarios of the Moving AI benchmarks.

A :class:`Grid` is a 2-D array of cell costs: ``inf`` is a wall, any finite
positive number is the cost of *entering* that cell (1 on a plain map). Points
are ``(x, y)`` with ``x`` the column and ``y`` the row counted from the top, as
in the Moving AI benchmarks. The file formats are read and written in
:mod:`tansuo.grid.io`.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from tansuo.errors import InvalidInput

Moves = Literal["4", "8-no-corner-cutting", "8-one-side", "8-always"]
"""A movement rule's name."""
Costs = Literal["octile", "10-14", "uniform"]
"""A cost model's name."""
Point = tuple[int, int]
"""A cell as ``(x, y)``: column, then row, from the top left."""

MOVES: tuple[Moves, ...] = ("4", "8-no-corner-cutting", "8-one-side", "8-always")
"""Movement rules: 4-connected; diagonal only with both side cells open (the
Moving AI rule, the default); with at most one side blocked; always."""

COSTS: dict[Costs, tuple[float, float]] = {
    "octile": (1.0, math.sqrt(2.0)),
    "10-14": (10.0, 14.0),
    "uniform": (1.0, 1.0),
}
"""Cost models: (straight step, diagonal step) on a cell of cost 1."""

MAX_CELLS = 4096 * 4096  # a search keeps ~40 bytes of work arrays per cell: ~0.7 GB here

SCEN_TOLERANCE = 1e-4
"""How far a path's length may be from a ``.scen`` file's optimum and still match it:
the files give lengths to 8 significant digits, and a path of thousands of steps
adds up rounding in its sum."""


def check_moves(moves: str) -> Moves:
    """Return ``moves`` if it names a movement rule, else raise InvalidInput."""
    if moves not in MOVES:
        raise InvalidInput(f"unknown movement rule {moves!r}; choose one of: {', '.join(MOVES)}")
    return moves


def check_costs(costs: str) -> Costs:
    """Return ``costs`` if it names a cost model, else raise InvalidInput."""
    if costs not in COSTS:
        raise InvalidInput(f"unknown cost model {costs!r}; choose one of: {', '.join(COSTS)}")
    return costs


@dataclass(frozen=True, slots=True, eq=False)
class Grid:
    """A grid map: cell costs, ``inf`` for walls.

    Parameters
    ----------
    cells : array_like, 2-D
        Booleans (True = passable, cost 1) or numbers (the cost of entering the
        cell; ``inf`` = wall). Finite costs must be positive.
    name : str, optional
        Where the grid came from (a file name), used in messages.
    start, goal : (x, y), optional
        Points marked in the source text, if any.

    Raises
    ------
    InvalidInput
        Not 2-D, empty, too large, or a cost that is zero, negative or NaN.

    Examples
    --------
    >>> g = Grid.from_text("..#\\n...")
    >>> g.width, g.height, g.is_passable((2, 0)), g.is_passable((2, 1))
    (3, 2, False, True)
    """

    cells: np.ndarray
    name: str = ""
    start: Point | None = None
    goal: Point | None = None
    weighted: bool = field(init=False)

    def __post_init__(self) -> None:
        arr = np.asarray(self.cells)
        if arr.ndim != 2:
            raise InvalidInput(f"a grid must be 2-D, got an array of shape {arr.shape}")
        if arr.size == 0:
            raise InvalidInput("the grid is empty")
        if arr.size > MAX_CELLS:
            raise InvalidInput(f"grid of {arr.shape[1]}x{arr.shape[0]} cells is too large")
        if arr.dtype == bool:
            costs = np.where(arr, 1.0, np.inf)
        else:
            try:
                costs = arr.astype(np.float64)
            except (TypeError, ValueError):
                raise InvalidInput("grid cells must be booleans or numbers") from None
            if np.isnan(costs).any():
                raise InvalidInput("grid cell costs must not be NaN; use inf for walls")
            if (costs <= 0).any():
                y, x = np.argwhere(costs <= 0)[0]
                raise InvalidInput(
                    f"cell ({x}, {y}) has cost {costs[y, x]:g}; costs must be positive "
                    "(use inf for walls)"
                )
        costs = np.ascontiguousarray(costs)
        costs.setflags(write=False)
        object.__setattr__(self, "cells", costs)
        finite = costs[np.isfinite(costs)]
        object.__setattr__(self, "weighted", bool(finite.size and (finite != 1.0).any()))
        for label in ("start", "goal"):
            point = getattr(self, label)
            if point is not None:
                object.__setattr__(self, label, (int(point[0]), int(point[1])))

    # -- shape and cells -------------------------------------------------
    @property
    def width(self) -> int:
        return int(self.cells.shape[1])

    @property
    def height(self) -> int:
        return int(self.cells.shape[0])

    @property
    def passable(self) -> np.ndarray:
        """Boolean array, True where a cell can be entered."""
        return np.isfinite(self.cells)

    @property
    def min_cost(self) -> float:
        """The cheapest passable cell's cost (scales the heuristics); 1 if none."""
        cheapest = float(self.cells.min())  # walls are +inf, so this is an open cell's cost
        return cheapest if math.isfinite(cheapest) else 1.0

    def in_bounds(self, point: Point) -> bool:
        x, y = point
        return 0 <= x < self.width and 0 <= y < self.height

    def is_passable(self, point: Point) -> bool:
        return self.in_bounds(point) and bool(np.isfinite(self.cells[point[1], point[0]]))

    def check_point(self, point: Point, what: str = "point") -> Point:
        """Validate a point: inside the map and not on a wall; returns it as ints."""
        try:
            x, y = (int(v) for v in point)
        except (TypeError, ValueError):
            raise InvalidInput(f"{what} must be a pair of integers x, y; got {point!r}") from None
        where = f" of {self.name}" if self.name else ""
        if not self.in_bounds((x, y)):
            raise InvalidInput(
                f"{what} ({x}, {y}) is outside the {self.width}x{self.height} map{where} "
                f"(x in 0..{self.width - 1}, y in 0..{self.height - 1})"
            )
        if not np.isfinite(self.cells[y, x]):
            raise InvalidInput(f"{what} ({x}, {y}) is on a wall{where}")
        return (x, y)

    def __repr__(self) -> str:
        kind = "weighted" if self.weighted else "plain"
        label = f" {self.name!r}" if self.name else ""
        return f"<Grid{label} {self.width}x{self.height} {kind}>"

    # -- constructors ----------------------------------------------------
    @classmethod
    def from_text(cls, text: str, *, name: str = "") -> Grid:
        """Parse a plain text grid (see :func:`tansuo.grid.io.parse_text_grid`)."""
        from tansuo.grid.io import parse_text_grid

        return parse_text_grid(text, name=name)

    def to_text(self) -> str:
        """The grid as plain text (see :func:`tansuo.grid.io.format_text_grid`)."""
        from tansuo.grid.io import format_text_grid

        return format_text_grid(self)

    def path_cost(
        self, path: list[Point], moves: Moves = "8-no-corner-cutting", costs: Costs = "octile"
    ) -> float:
        """The cost of a path under a movement rule and cost model; InvalidInput if illegal.

        Examples
        --------
        >>> Grid.from_text("...\\n...").path_cost([(0, 0), (1, 1), (2, 1)])
        2.414213562373095
        """
        check_moves(moves)
        straight, diagonal = COSTS[check_costs(costs)]
        total = 0.0
        for i, point in enumerate(path):
            self.check_point(point, f"path point {i}")
        for (x0, y0), (x1, y1) in itertools.pairwise(path):
            dx, dy = x1 - x0, y1 - y0
            if max(abs(dx), abs(dy)) != 1:
                raise InvalidInput(f"path step ({x0}, {y0}) -> ({x1}, {y1}) is not one move")
            enter = float(self.cells[y1, x1])
            if dx and dy:
                side_a = bool(np.isfinite(self.cells[y0, x1]))
                side_b = bool(np.isfinite(self.cells[y1, x0]))
                legal = {
                    "4": False,
                    "8-no-corner-cutting": side_a and side_b,
                    "8-one-side": side_a or side_b,
                    "8-always": True,
                }[moves]
                if not legal:
                    raise InvalidInput(
                        f"diagonal step ({x0}, {y0}) -> ({x1}, {y1}) breaks the {moves} rule"
                    )
                total += diagonal * enter
            else:
                total += straight * enter
        return total


@dataclass(frozen=True, slots=True)
class Scenario:
    """One problem of a Moving AI ``.scen`` file: a query and its published optimal length.

    Attributes
    ----------
    bucket : int
        The file's difficulty bucket.
    map_name : str
        The map file it is for.
    width, height : int
        The map's size.
    start, goal : (x, y)
        The query.
    optimal : float
        The published optimal length.

    Examples
    --------
    >>> p = Scenario(0, "m.map", 3, 2, (0, 0), (2, 1), 2.41421356)
    >>> p.matches(1 + 2 ** 0.5), p.matches(3.0)
    (True, False)
    """

    bucket: int
    map_name: str
    width: int
    height: int
    start: Point
    goal: Point
    optimal: float

    def matches(self, cost: float | None) -> bool:
        """Whether a path of length ``cost`` is optimal for this problem (within
        :data:`SCEN_TOLERANCE`); None (no path) never matches."""
        return cost is not None and abs(cost - self.optimal) <= SCEN_TOLERANCE

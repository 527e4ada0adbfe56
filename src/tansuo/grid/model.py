"""Grids, movement rules and cost models, and the readers of the grid formats.

A :class:`Grid` is a 2-D array of cell costs: ``inf`` is a wall, any finite
positive number is the cost of *entering* that cell (1 on a plain map). Points
are ``(x, y)`` with ``x`` the column and ``y`` the row counted from the top, as
in the Moving AI benchmarks.

Formats read here:

* Moving AI ``.map`` (header ``type octile``, ``height``, ``width``, ``map``;
  ``.``, ``G`` and ``S`` passable, ``@``, ``O``, ``T``, ``W`` blocked) and
  ``.scen`` (``version 1`` then nine tab-separated fields per problem);
* plain text grids: ``#`` wall, ``.`` floor, ``1``-``9`` a cell's cost, and
  optionally ``S``/``A`` and ``G``/``B`` marking the start and the goal;
* images (PNG and whatever else Pillow opens): dark pixels are walls.
"""

from __future__ import annotations

import itertools
import math
import warnings
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Literal

import numpy as np

from tansuo.errors import InvalidInput

Moves = Literal["4", "8-no-corner-cutting", "8-one-side", "8-always"]
Costs = Literal["octile", "10-14", "uniform"]
Point = tuple[int, int]

MOVES: tuple[str, ...] = ("4", "8-no-corner-cutting", "8-one-side", "8-always")
"""Movement rules: 4-connected; diagonal only with both side cells open (the
Moving AI rule, the default); with at most one side blocked; always."""

COSTS: dict[str, tuple[float, float]] = {
    "octile": (1.0, math.sqrt(2.0)),
    "10-14": (10.0, 14.0),
    "uniform": (1.0, 1.0),
}
"""Cost models: (straight step, diagonal step) on a cell of cost 1."""

MAX_CELLS = 4096 * 4096  # a search keeps ~40 bytes of work arrays per cell: ~0.7 GB here

MOVING_AI_PASSABLE = frozenset(".GS")
MOVING_AI_BLOCKED = frozenset("@OTW")
BUNDLED_MAPS: tuple[str, ...] = ("arena2", "maze512-1-0", "8room_000", "random512-10-0")
BUNDLED_TEXT_GRIDS: tuple[str, ...] = ("room",)  # the textbook's "wall between A and B"


def check_moves(moves: str) -> str:
    """Return ``moves`` if it names a movement rule, else raise InvalidInput."""
    if moves not in MOVES:
        raise InvalidInput(f"unknown movement rule {moves!r}; choose one of: {', '.join(MOVES)}")
    return moves


def check_costs(costs: str) -> str:
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
        finite = self.cells[np.isfinite(self.cells)]
        return float(finite.min()) if finite.size else 1.0

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
        """Parse a plain text grid (see :func:`parse_text_grid`)."""
        return parse_text_grid(text, name=name)

    def to_text(self) -> str:
        """The grid as plain text: ``#`` walls, ``.`` cost 1, digits for costs 2-9."""
        rows = []
        for row in self.cells:
            chars = []
            for c in row:
                if not math.isfinite(c):
                    chars.append("#")
                elif c == 1:
                    chars.append(".")
                elif c == int(c) and 2 <= c <= 9:
                    chars.append(str(int(c)))
                else:
                    chars.append("?")
            rows.append("".join(chars))
        return "\n".join(rows) + "\n"

    def path_cost(
        self, path: list[Point], moves: str = "8-no-corner-cutting", costs: str = "octile"
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


# -- plain text grids -----------------------------------------------------
def parse_text_grid(text: str, *, name: str = "") -> Grid:
    """Parse a text grid: ``#`` wall, ``.`` floor, ``1``-``9`` cell costs.

    ``S`` (or ``A``) and ``G`` (or ``B``) mark a start and a goal on floor
    cells. Blank lines at the ends are ignored; all rows must have one length.

    Raises
    ------
    InvalidInput
        Empty text, rows of different lengths, or an unknown character (with
        its line and column).

    Examples
    --------
    >>> g = parse_text_grid("S.#\\n.2G")
    >>> g.start, g.goal, float(g.cells[1, 1])
    ((0, 0), (2, 1), 2.0)
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    rows = [ln.rstrip() for ln in lines[first:]]
    if not rows:
        raise InvalidInput("the grid text is empty", source=name or None)
    width = len(rows[0])
    cells = np.empty((len(rows), width), dtype=np.float64)
    start = goal = None
    for y, row in enumerate(rows):
        line_no = first + y + 1
        if len(row) != width:
            raise InvalidInput(
                f"row has {len(row)} cells but the first row has {width}; all rows must "
                "have the same length",
                line=line_no,
                source=name or None,
            )
        for x, ch in enumerate(row):
            if ch == "#":
                cells[y, x] = np.inf
            elif ch in ".SAGB":
                cells[y, x] = 1.0
                if ch in "SA":
                    if start is not None:
                        raise InvalidInput(
                            "a second start mark", line=line_no, column=x + 1, source=name or None
                        )
                    start = (x, y)
                elif ch in "GB":
                    if goal is not None:
                        raise InvalidInput(
                            "a second goal mark", line=line_no, column=x + 1, source=name or None
                        )
                    goal = (x, y)
            elif "1" <= ch <= "9":
                cells[y, x] = float(ch)
            else:
                raise InvalidInput(
                    f"unexpected character {ch!r}; use # wall, . floor, 1-9 cost, S start, G goal",
                    line=line_no,
                    column=x + 1,
                    source=name or None,
                )
    return Grid(cells, name=name, start=start, goal=goal)


# -- Moving AI ------------------------------------------------------------
def parse_map(text: str, *, name: str = "") -> Grid:
    """Parse a Moving AI ``.map`` file.

    Raises
    ------
    InvalidInput
        A missing or malformed header, a row count or length that disagrees
        with it, or an unknown terrain character (with line and column).

    Examples
    --------
    >>> g = parse_map("type octile\\nheight 2\\nwidth 3\\nmap\\n..@\\nT..\\n")
    >>> g.width, g.height, g.is_passable((2, 0)), g.is_passable((0, 1))
    (3, 2, False, False)
    """
    src = name or None
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    header: dict[str, str] = {}
    i = 0
    while i < len(lines):
        words = lines[i].split()
        i += 1
        if not words:
            continue
        key = words[0].lower()
        if key == "map":
            break
        if key not in ("type", "height", "width") or len(words) != 2:
            raise InvalidInput(
                f"expected a header line 'type octile', 'height N', 'width N' or 'map', "
                f"got {lines[i - 1].strip()[:40]!r}",
                line=i,
                source=src,
            )
        header[key] = words[1]
    else:
        raise InvalidInput("no 'map' line: not a Moving AI .map file", source=src)
    for key in ("height", "width"):
        if key not in header:
            raise InvalidInput(f"the header has no '{key}' line", source=src)
    try:
        height, width = int(header["height"]), int(header["width"])
    except ValueError:
        raise InvalidInput("height and width must be integers", source=src) from None
    if height <= 0 or width <= 0:
        raise InvalidInput(f"height {height} and width {width} must be positive", source=src)
    if height * width > MAX_CELLS:
        raise InvalidInput(f"a {width}x{height} map is too large", source=src)
    body = lines[i : i + height]
    if len(body) < height:
        raise InvalidInput(
            f"the header says height {height} but only {len(body)} map rows follow", source=src
        )
    for extra_no, extra in enumerate(lines[i + height :], start=i + height + 1):
        if extra.strip():
            raise InvalidInput(
                f"more map rows than the header's height {height}", line=extra_no, source=src
            )
    for y, row in enumerate(body):
        if len(row) != width:
            raise InvalidInput(
                f"map row has {len(row)} cells but the header says width {width}",
                line=i + y + 1,
                source=src,
            )
    raw = np.frombuffer("".join(body).encode("latin-1", "replace"), dtype=np.uint8)
    table = np.full(256, -1, dtype=np.int8)
    for ch in MOVING_AI_PASSABLE:
        table[ord(ch)] = 1
    for ch in MOVING_AI_BLOCKED:
        table[ord(ch)] = 0
    kinds = table[raw].reshape(height, width)
    bad = np.argwhere(kinds < 0)
    if bad.size:
        y, x = (int(v) for v in bad[0])
        raise InvalidInput(
            f"unknown terrain {body[y][x]!r}; expected . G S (passable) or @ O T W (blocked)",
            line=i + y + 1,
            column=x + 1,
            source=src,
        )
    return Grid(kinds == 1, name=name)


@dataclass(frozen=True, slots=True)
class Scenario:
    """One problem of a Moving AI ``.scen`` file."""

    bucket: int
    map_name: str
    width: int
    height: int
    start: Point
    goal: Point
    optimal: float


def parse_scen(text: str, *, name: str = "") -> list[Scenario]:
    """Parse a Moving AI ``.scen`` file: ``version 1`` then one problem a line.

    A problem line has nine tab-separated fields: bucket, map, width, height,
    start x, start y, goal x, goal y, optimal length. Other lines are skipped
    with a :class:`UserWarning` naming the line.

    Raises
    ------
    InvalidInput
        No problem at all, or a nine-field line whose numbers do not parse.

    Examples
    --------
    >>> s = parse_scen("version 1\\n0\\tm.map\\t3\\t2\\t0\\t0\\t2\\t1\\t2.41421356\\n")
    >>> s[0].start, s[0].goal, s[0].optimal
    ((0, 0), (2, 1), 2.41421356)
    """
    src = name or None
    problems: list[Scenario] = []
    skipped: list[int] = []
    for line_no, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        if not line.strip():
            continue
        if line_no == 1 and line.split()[0].lower() == "version":
            continue
        fields = line.rstrip("\n").split("\t")
        if len(fields) != 9:
            skipped.append(line_no)
            continue
        try:
            bucket, width, height, sx, sy, gx, gy = (int(fields[k]) for k in (0, 2, 3, 4, 5, 6, 7))
            optimal = float(fields[8])
        except ValueError:
            raise InvalidInput(
                "a problem line needs integers for bucket, width, height and the "
                "coordinates, and a number for the optimal length",
                line=line_no,
                source=src,
            ) from None
        problems.append(Scenario(bucket, fields[1], width, height, (sx, sy), (gx, gy), optimal))
    if skipped:
        shown = ", ".join(map(str, skipped[:5])) + (" ..." if len(skipped) > 5 else "")
        warnings.warn(
            f"{name or 'scenario'}: skipped {len(skipped)} line(s) that are not nine "
            f"tab-separated fields (line {shown})",
            UserWarning,
            stacklevel=2,
        )
    if not problems:
        raise InvalidInput("no problem lines (nine tab-separated fields)", source=src)
    return problems


# -- files ---------------------------------------------------------------
def read_image(path: str | Path, *, threshold: int = 128) -> Grid:
    """Read an image as a grid: pixels darker than ``threshold`` (0-255) are walls.

    Raises
    ------
    InvalidInput
        The file is missing or not an image Pillow can read.
    """
    from PIL import Image, UnidentifiedImageError

    p = Path(path)
    if not p.is_file():
        raise InvalidInput(f"{p}: no such file")
    try:
        with Image.open(p) as image:
            grey = np.asarray(image.convert("L"))
    except (UnidentifiedImageError, OSError) as exc:
        raise InvalidInput(f"{p}: not an image Pillow can read ({exc})") from None
    return Grid(grey >= threshold, name=p.name)


def _read_text_file(path: Path) -> str:
    if not path.exists():
        raise InvalidInput(f"{path}: no such file")
    if path.is_dir():
        raise InvalidInput(f"{path}: is a directory, expected a file")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InvalidInput(f"{path}: not a UTF-8 text file") from None


def load_grid(path: str | Path) -> Grid:
    """Read a grid file, choosing the format by its contents and extension.

    ``.png``/``.gif``/``.bmp``/``.jpg`` are images; a file whose first line
    starts with ``type`` is a Moving AI map; anything else a plain text grid.
    A bundled map name (``arena2``, ``maze512-1-0``, ...) also works, and
    ``room``, a small text grid with a wall between start and goal.

    Examples
    --------
    >>> load_grid("arena2").width
    281
    """
    p = Path(path)
    if not p.exists() and str(path) in BUNDLED_MAPS:
        return bundled_map(str(path))
    if not p.exists() and str(path) in BUNDLED_TEXT_GRIDS:
        text = resources.files("tansuo.data.grid").joinpath(f"{path}.txt").read_text("utf-8")
        return parse_text_grid(text, name=f"{path}.txt")
    if p.suffix.lower() in (".png", ".gif", ".bmp", ".jpg", ".jpeg", ".pgm", ".ppm"):
        return read_image(p)
    text = _read_text_file(p)
    if text.lstrip().lower().startswith("type"):
        return parse_map(text, name=p.name)
    return parse_text_grid(text, name=p.name)


def load_scen(path: str | Path) -> list[Scenario]:
    """Read a Moving AI ``.scen`` file (or a bundled map's, by map name)."""
    p = Path(path)
    if not p.exists() and str(path) in BUNDLED_MAPS:
        return bundled_scen(str(path))
    return parse_scen(_read_text_file(p), name=p.name)


def bundled_map(name: str) -> Grid:
    """One of the four bundled Moving AI maps, by name (without ``.map``).

    Examples
    --------
    >>> bundled_map("maze512-1-0").height
    512
    """
    if name not in BUNDLED_MAPS:
        raise InvalidInput(f"no bundled map {name!r}; choose one of: {', '.join(BUNDLED_MAPS)}")
    text = resources.files("tansuo.data.grid").joinpath(f"{name}.map").read_text("utf-8")
    return parse_map(text, name=f"{name}.map")


def bundled_scen(name: str) -> list[Scenario]:
    """The scenario list of a bundled Moving AI map."""
    if name not in BUNDLED_MAPS:
        raise InvalidInput(f"no bundled map {name!r}; choose one of: {', '.join(BUNDLED_MAPS)}")
    text = resources.files("tansuo.data.grid").joinpath(f"{name}.map.scen").read_text("utf-8")
    return parse_scen(text, name=f"{name}.map.scen")


def parse_point(text: str, what: str = "point") -> Point:
    """Parse ``"X,Y"`` into a point, with a clear error."""
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        return (int(parts[0]), int(parts[1]))
    except ValueError:
        raise InvalidInput(f"{what} must be X,Y (two integers), got {text!r}") from None

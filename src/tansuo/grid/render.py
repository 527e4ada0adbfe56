"""Pictures of a search: text maps, PNG images, GIF animations and F/G/H tables.

Colours follow the teaching figures: walls dark, the closed list blue, the open
list green, the path orange, the start and goal marked.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.grid.model import Grid, Point
from tansuo.grid.result import PathResult

if TYPE_CHECKING:
    from PIL import Image

EXPLAIN_MAX_CELLS = 4096  # path --trace prints one row per expansion: small grids only

WALL = (40, 40, 48)
FLOOR = (250, 250, 247)
CLOSED = (140, 185, 235)
OPEN = (150, 225, 150)
PATH = (245, 140, 30)
START = (20, 150, 40)
GOAL = (210, 30, 40)
GRID_LINE = (205, 205, 205)


def render_text(grid: Grid, result: PathResult | None = None) -> str:
    """The grid as text with the path drawn: ``S`` start, ``G`` goal, ``*`` path.

    Examples
    --------
    >>> from tansuo.grid import Grid, find_path
    >>> g = Grid.from_text("...\\n.#.\\n...")
    >>> print(render_text(g, find_path(g, (0, 0), (2, 2), moves="4")), end="")
    S**
    .#*
    ..G
    """
    rows = [list(line) for line in grid.to_text().splitlines()]
    if result is not None and result.solution:
        for x, y in result.solution[1:-1]:
            rows[y][x] = "*"
        sx, sy = result.solution[0]
        gx, gy = result.solution[-1]
        rows[sy][sx] = "S"
        rows[gy][gx] = "G"
    return "\n".join("".join(r) for r in rows) + "\n"


def _base_rgb(grid: Grid) -> np.ndarray:
    cells = grid.cells
    img = np.empty((grid.height, grid.width, 3), dtype=np.uint8)
    img[:] = FLOOR
    finite = np.isfinite(cells)
    if grid.weighted:
        # darker sand for dearer terrain, on a log scale of cost / cheapest cost
        rel = np.log(np.where(finite, cells, 1.0) / grid.min_cost)
        top = max(float(rel[finite].max()), 1e-9) if finite.any() else 1.0
        shade = (rel / top)[..., None]
        sand = np.array([200, 160, 90], dtype=float)
        img[:] = (np.array(FLOOR, float) * (1 - shade) + sand * shade).astype(np.uint8)
    img[~finite] = WALL
    return img


def _cell_scale(grid: Grid, scale: int | None) -> int:
    if scale is not None:
        if not 1 <= scale <= 64:
            raise InvalidInput(f"scale must be 1..64 pixels per cell, got {scale}")
        return scale
    return max(1, min(32, 800 // max(grid.width, grid.height)))


def _mask(grid: Grid, cells: Sequence[Point]) -> np.ndarray:
    mask = np.zeros((grid.height, grid.width), dtype=bool)
    if len(cells):
        xs, ys = np.asarray(cells, dtype=np.int64).T
        mask[ys, xs] = True
    return mask


def _frame(
    grid: Grid,
    closed: np.ndarray | Sequence[Point],
    open_: np.ndarray | Sequence[Point],
    path: Sequence[Point],
    start: Point | None,
    goal: Point | None,
    scale: int,
) -> Image.Image:
    """One picture; ``closed`` and ``open_`` are boolean masks or lists of cells."""
    from PIL import Image

    img = _base_rgb(grid)
    closed_mask = closed if isinstance(closed, np.ndarray) else _mask(grid, closed)
    open_mask = open_ if isinstance(open_, np.ndarray) else _mask(grid, open_)
    img[open_mask] = OPEN
    img[closed_mask] = CLOSED
    img[_mask(grid, path)] = PATH
    for point, colour in ((start, START), (goal, GOAL)):
        if point is not None:
            img[point[1], point[0]] = colour
    big = np.repeat(np.repeat(img, scale, axis=0), scale, axis=1)
    if scale >= 8:
        big[::scale, :] = GRID_LINE
        big[:, ::scale] = GRID_LINE
        walls = np.repeat(np.repeat(~np.isfinite(grid.cells), scale, 0), scale, 1)
        big[walls] = WALL
    image = Image.fromarray(big, "RGB")
    if scale < 6:
        # one cell is too small to see on a big map: ring the start and the goal
        from PIL import ImageDraw

        draw = ImageDraw.Draw(image)
        radius = 6
        for point, colour in ((start, START), (goal, GOAL)):
            if point is not None:
                cx, cy = (point[0] + 0.5) * scale, (point[1] + 0.5) * scale
                draw.ellipse(
                    (cx - radius, cy - radius, cx + radius, cy + radius), outline=colour, width=3
                )
    return image


def render_png(
    grid: Grid,
    result: PathResult,
    path: str | Path,
    *,
    start: Point | None = None,
    goal: Point | None = None,
    scale: int | None = None,
) -> Path:
    """Draw the map, the closed and open cells (when logged) and the path to a PNG.

    ``start``/``goal`` default to the ends of the path. Returns the path written.

    Examples
    --------
    >>> import tempfile, os
    >>> from tansuo.grid import Grid, find_path
    >>> g = Grid.from_text("....\\n.##.\\n....")
    >>> r = find_path(g, (0, 0), (3, 2), record=True)
    >>> out = render_png(g, r, os.path.join(tempfile.mkdtemp(), "p.png"))
    >>> out.suffix
    '.png'
    """
    log = result.log
    start = start if start is not None else (result.solution[0] if result.solution else None)
    goal = goal if goal is not None else (result.solution[-1] if result.solution else None)
    image = _frame(
        grid,
        log.closed if log else [],
        log.open if log else [],
        result.solution,
        start,
        goal,
        _cell_scale(grid, scale),
    )
    out = Path(path)
    image.save(out, format="PNG")
    return out


def render_gif(
    grid: Grid,
    result: PathResult,
    path: str | Path,
    *,
    start: Point,
    goal: Point,
    frames: int = 60,
    scale: int | None = None,
) -> Path:
    """Animate the search step by step: the open and closed lists grow, then the path.

    Needs a result found with ``record=True``. At most ``frames`` frames (plus
    the last one holding the path), so a long search is shown in strides.
    """
    log = result.log
    if log is None:
        raise InvalidInput("the animation needs the search log: search with record=True")
    scale = _cell_scale(grid, scale)
    total = len(log.expanded)
    stride = max(1, math.ceil(total / max(1, frames)))
    never = np.iinfo(np.int64).max
    # when each cell was first closed and first opened, as arrays: a frame is two masks
    closed_at = np.full((grid.height, grid.width), never, dtype=np.int64)
    if total:
        xs, ys = np.asarray(log.expanded, dtype=np.int64).T
        order = np.arange(1, total + 1)
        np.minimum.at(closed_at, (ys, xs), order)
    opened_at = np.full((grid.height, grid.width), never, dtype=np.int64)
    if log.opened_at:
        cells = np.asarray(list(log.opened_at), dtype=np.int64)
        opened_at[cells[:, 1], cells[:, 0]] = np.fromiter(log.opened_at.values(), dtype=np.int64)
    images = []
    for t in [*range(0, total, stride), total]:
        closed = closed_at <= t
        images.append(_frame(grid, closed, (opened_at <= t) & ~closed, [], start, goal, scale))
    images.append(_frame(grid, log.closed, log.open, result.solution, start, goal, scale))
    durations = [80] * (len(images) - 1) + [2000]
    out = Path(path)
    images[0].save(
        out, format="GIF", save_all=True, append_images=images[1:], duration=durations, loop=0
    )
    return out


def explain(grid: Grid, result: PathResult) -> str:
    """One line per expanded cell: step, cell, G, H and F, as in the teaching figures.

    Raises
    ------
    InvalidInput
        The grid is larger than 4096 cells, or the result has no log.

    Examples
    --------
    >>> from tansuo.grid import Grid, find_path
    >>> g = Grid.from_text("...")
    >>> print(explain(g, find_path(g, (0, 0), (2, 0), costs="10-14", record=True)))
    step  cell          G      H      F
       1  (0, 0)        0     20     20
       2  (1, 0)       10     10     20
       3  (2, 0)       20      0     20  goal
    """
    if grid.width * grid.height > EXPLAIN_MAX_CELLS:
        raise InvalidInput(
            f"explain is for small grids (at most {EXPLAIN_MAX_CELLS} cells); this one has "
            f"{grid.width * grid.height}"
        )
    log = result.log
    if log is None:
        raise InvalidInput("explain needs the search log: search with record=True")
    goal = result.solution[-1] if result.solution else None

    def num(v: float) -> str:
        return f"{v:.0f}" if abs(v - round(v)) < 1e-9 else f"{v:.3f}"

    lines = [f"{'step':>4}  {'cell':<9} {'G':>5}  {'H':>5}  {'F':>5}"]
    for i, (cell, g, h) in enumerate(zip(log.expanded, log.g, log.h, strict=True), start=1):
        mark = "  goal" if cell == goal and i == len(log.expanded) else ""
        cell_text = f"({cell[0]}, {cell[1]})"
        lines.append(f"{i:>4}  {cell_text:<9} {num(g):>5}  {num(h):>5}  {num(g + h):>5}{mark}")
    return "\n".join(lines)

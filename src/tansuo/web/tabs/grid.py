"""The grid tab's adapter: every call into :mod:`tansuo.grid` the page makes.

``GET /api/grid/maps``
    The bundled maps' names.
``GET /api/grid/maps/{name}``
    A bundled map as text rows (``#`` wall, ``.`` floor), with a start and goal
    (a Moving AI map's longest bundled scenario).
``POST /api/grid/upload``
    ``{"text": ..., "name": ...}``: a Moving AI ``.map`` or a text grid the page
    read from a file, parsed in memory, in the shape of a bundled map.
``POST /api/grid/path``
    ``{"grid": text, "start": [x, y], "goal": [x, y], "algorithm", "moves",
    "costs", "heuristic", "weight", "trace", "time_limit", "max_expansions"}``:
    :meth:`PathResult.as_dict` of :func:`tansuo.grid.find_path`, and with
    ``"trace": true`` the search's log for the step-by-step view.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.grid import (
    ALGORITHMS,
    BUNDLED_MAPS,
    COSTS,
    HEURISTICS,
    MOVES,
    Grid,
    SearchLog,
    bundled_map,
    bundled_map_names,
    bundled_scen,
    find_path,
    format_text_grid,
    parse_map,
    parse_text_grid,
)
from tansuo.web.api import Call, Endpoint, Tab
from tansuo.web.limits import TooLarge

TAB = Tab("grid", "Grid", order=10)


def maps(call: Call) -> dict[str, Any]:
    """The bundled maps by name, and the choices the search takes."""
    return {
        "maps": list(bundled_map_names()),
        "algorithms": list(ALGORITHMS),
        "moves": list(MOVES),
        "costs": list(COSTS),
        "heuristics": list(HEURISTICS),
    }


def bundled(call: Call) -> dict[str, Any]:
    """One bundled map as text rows, with a start and a goal to show."""
    name = call.params["name"]
    if name not in bundled_map_names():
        raise InvalidInput(
            f"no bundled map {name!r}; choose one of: {', '.join(bundled_map_names())}"
        )
    grid = bundled_map(name)
    start, goal = grid.start, grid.goal
    if name in BUNDLED_MAPS:
        longest = bundled_scen(name)[-1]
        start, goal = longest.start, longest.goal
    if start is None or goal is None:
        start, goal = _corners(grid)
    return {
        "name": name,
        "width": grid.width,
        "height": grid.height,
        "rows": format_text_grid(grid).splitlines(),
        "start": list(start),
        "goal": list(goal),
    }


def upload(call: Call) -> dict[str, Any]:
    """A map the page read from a file, parsed here in memory (never a path on this disk)."""
    text = call.text("text")
    name = call.text("name", "the map")
    limit = call.limits.max_grid_cells
    if len(text) > 2 * limit + 1000:  # a .map of that many cells is about this long
        raise TooLarge(f"map text of {len(text)} characters is over this server's limit")
    moving_ai = text.lstrip().lower().startswith("type")
    grid = parse_map(text, name=name) if moving_ai else parse_text_grid(text, name=name)
    _check_cells(grid, limit)
    start, goal = grid.start, grid.goal
    if start is None or goal is None:
        start, goal = _corners(grid)
    return {
        "name": name,
        "width": grid.width,
        "height": grid.height,
        "rows": format_text_grid(grid).splitlines(),
        "start": list(start),
        "goal": list(goal),
    }


def _check_cells(grid: Grid, limit: int) -> None:
    if grid.width * grid.height > limit:
        raise TooLarge(
            f"grid of {grid.width}x{grid.height} cells is over this server's limit of {limit} cells"
        )


def _corners(grid: Grid) -> tuple[tuple[int, int], tuple[int, int]]:
    open_cells = [
        (x, y) for y in range(grid.height) for x in range(grid.width) if grid.is_passable((x, y))
    ]
    if not open_cells:
        raise InvalidInput("the map has no open cell")
    return open_cells[0], open_cells[-1]


def path(call: Call) -> dict[str, Any]:
    """Find a path on the grid the page sends (and its log, for the animation)."""
    text = call.text("grid")
    rows = text.count("\n") + 1
    width = len(text.split("\n", 1)[0])
    limit = call.limits.max_grid_cells
    if rows * width > limit:
        raise TooLarge(f"grid of {width}x{rows} cells is over this server's limit of {limit} cells")
    grid = parse_text_grid(text, name="the grid")
    _check_cells(grid, limit)
    trace = call.flag("trace", False)
    result = find_path(
        grid,
        call.point("start"),
        call.point("goal"),
        algorithm=call.choice("algorithm", ALGORITHMS, "astar"),
        moves=call.choice("moves", MOVES, "8-no-corner-cutting"),
        costs=call.choice("costs", tuple(COSTS), "octile"),
        heuristic=call.choice("heuristic", tuple(HEURISTICS), None),
        weight=float(call.number("weight", 1.0)),
        time_limit=call.limits.seconds(call.number("time_limit", None)),
        max_expansions=call.integer("max_expansions", None),
        record=trace,
    )
    answer = result.as_dict()
    if trace and result.log is not None:
        answer["trace"] = encode_log(result.log, call.limits.max_trace_steps)
    return answer


def encode_log(log: SearchLog, max_steps: int) -> dict[str, Any] | None:
    """The search log in flat lists, compact in JSON (None past ``max_steps``).

    ``expanded`` is ``[x0, y0, x1, y1, ...]`` in expansion order with ``g`` and
    ``h`` per expansion; ``opened`` the generated cells ``[x, y, ...]`` and
    ``opened_at`` the expansions done when each was first generated (so at step
    ``k`` the cells with ``opened_at <= k`` have been seen). ``ordered`` is
    false when the search keeps no order (bidirectional): then ``closed`` and
    ``open`` are its final sets.
    """
    if len(log.expanded) > max_steps or len(log.opened_at) > 2 * max_steps:
        return None
    opened = np.array(list(log.opened_at), dtype=np.int64).reshape(-1, 2)
    opened_at = np.fromiter(log.opened_at.values(), dtype=np.int64, count=len(log.opened_at))
    order = np.argsort(opened_at, kind="stable")
    return {
        "ordered": bool(log.expanded),
        "expanded": _flat(log.expanded),
        "g": np.round(np.asarray(log.g, dtype=float), 4).tolist(),
        "h": np.round(np.asarray(log.h, dtype=float), 4).tolist(),
        "opened": opened[order].ravel().tolist(),
        "opened_at": opened_at[order].tolist(),
        "closed": _flat(log.closed),
        "open": _flat(log.open),
    }


def _flat(points: list[tuple[int, int]]) -> list[int]:
    return np.array(points, dtype=np.int64).reshape(-1).tolist()


ENDPOINTS = (
    Endpoint("GET", "/api/grid/maps", maps),
    Endpoint("GET", "/api/grid/maps/{name}", bundled),
    Endpoint("POST", "/api/grid/path", path),
    Endpoint("POST", "/api/grid/upload", upload),
)

"""The Sokoban tab's adapter: every call into :mod:`tansuo.sokoban` the page makes.

A level is named by a bundled collection and its number,
``{"collection": "microban", "number": 3}``, or sent as XSB text,
``{"text": "#####\\n#@$.#\\n#####"}`` (with ``"number"`` to pick one level
of a pasted collection); nothing is read from the server's disk.

``GET /api/sokoban/collections``
    The bundled collections and their sizes.
``POST /api/sokoban/level``
    The level checked as a search would (a bad one is a 422 with the
    library's one line): its rows, title and number, and the collection's size.
``POST /api/sokoban/solve``
    The level and ``"mode"`` (fast, push-optimal, move-optimal) and
    ``"time_limit"``: :meth:`SokobanResult.as_dict` (``solution``: LURD).
``POST /api/sokoban/analysis``
    The level: what the solver works out before it searches. ``dead``: the
    floor squares from which no push brings a box to any goal (``[row,
    col]``); ``boxes``: each box with the fewest pushes that take it alone to
    its nearest goal (``[row, col, pushes]``, ``null`` for never);
    ``lower_bound``: their sum, a bound no solution can beat.
``POST /api/sokoban/replay``
    The level and ``"lurd"``: moves, pushes and whether it is solved, or a
    422 naming the first illegal move.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tansuo.sokoban import (
    MODES,
    Level,
    bundled_collection,
    bundled_collection_names,
    parse_collection,
    pick_level,
    replay,
    solve,
)
from tansuo.sokoban._kernels import INF as _INF
from tansuo.web.api import Call, Endpoint, Tab
from tansuo.web.limits import at_most

TAB = Tab("sokoban", "Sokoban", order=45)

DEFAULT_TIME = 5.0
MAX_TEXT = 200_000
"""Characters of the largest pasted collection."""
MAX_LURD = 100_000


def _level(call: Call) -> tuple[Level, int]:
    """The level the request names, checked, and the size of its collection."""
    text = call.text("text", None)
    number = call.integer("number", 1)
    if text is None:
        levels = bundled_collection(call.choice("collection", tuple(bundled_collection_names())))
    else:
        at_most(len(text), MAX_TEXT, "level text of characters")
        levels = parse_collection(text, source="pasted text")
    level = pick_level(levels, number)
    at_most(level.width * level.height, call.limits.max_sokoban_cells, "level of cells")
    level.board()  # the checks a search makes: one player, boxes and goals matching
    return level, len(levels)


def collections(call: Call) -> dict[str, Any]:
    """The bundled collections, with how many levels each holds."""
    names = bundled_collection_names()
    return {"collections": [{"name": n, "levels": len(bundled_collection(n))} for n in names]}


def show(call: Call) -> dict[str, Any]:
    """The level, as the page draws it."""
    level, count = _level(call)
    return {
        "rows": list(level.rows),
        "title": level.title,
        "number": level.number,
        "name": level.name,
        "levels": count,
    }


def solve_level(call: Call) -> dict[str, Any]:
    """A solution of the level in the mode asked, within the time asked."""
    level, _ = _level(call)
    mode = call.choice("mode", MODES, "fast")
    time_limit = call.limits.seconds(call.number("time_limit", None), DEFAULT_TIME)
    return solve(level, mode=mode, time_limit=time_limit).as_dict()


def analysis(call: Call) -> dict[str, Any]:
    """Dead squares and each box's fewest pushes to a goal, from the solver's own tables."""
    from tansuo.sokoban.solve import prepare

    level, _ = _level(call)
    board = level.board()
    tables = prepare(board)
    nearest = tables.dist.min(axis=0)  # per cell: pushes of a lone box to its nearest goal
    never = nearest >= _INF
    pushes: list[int | None] = [None if never[c] else int(nearest[c]) for c in board.boxes]
    boxes = [[*board.rowcol(c), p] for c, p in zip(board.boxes, pushes, strict=True)]
    dead = [list(board.rowcol(int(cell))) for cell in np.flatnonzero(tables.dead)]
    bound = None if None in pushes else sum(p for p in pushes if p is not None)
    return {"dead": dead, "boxes": boxes, "lower_bound": bound}


def replay_moves(call: Call) -> dict[str, Any]:
    """The LURD moves sent, played from the start of the level."""
    level, _ = _level(call)
    lurd = call.text("lurd")
    at_most(len(lurd), MAX_LURD, "move list of letters")
    done = replay(level, lurd)
    return {"moves": done.moves, "pushes": done.pushes, "solved": done.solved}


ENDPOINTS = (
    Endpoint("GET", "/api/sokoban/collections", collections),
    Endpoint("POST", "/api/sokoban/level", show),
    Endpoint("POST", "/api/sokoban/solve", solve_level),
    Endpoint("POST", "/api/sokoban/analysis", analysis),
    Endpoint("POST", "/api/sokoban/replay", replay_moves),
)

"""The Xiangqi tab's adapter: every call into :mod:`tansuo.xiangqi` the page makes.

``POST /api/xiangqi/position``
    ``{"fen": optional, "moves": ["h2e2", ...]}``: the position after the
    moves: board rows (rank 9 first, FEN letters, ``.`` empty), side to
    move, legal moves (ICCS), check, outcome.
``POST /api/play/xiangqi``
    The same fields and ``"time_limit"``: the engine's reply
    (:meth:`tansuo.xiangqi.MoveResult.as_dict`), then ``position`` after it; with
    ``"stream": true`` each finished iteration first, one JSON line each.
``POST /api/xiangqi/tree``
    The same fields and ``"depth"``, ``"width"``, ``"order"``: the tree of a
    shallow alpha-beta search over the first ``width`` moves of each position,
    and beside it ``engine``: the engine's own search of the position to
    :data:`ENGINE_DEPTH` (every move, its tables and pruning): its line, score
    and nodes.
"""

from __future__ import annotations

import threading
from typing import Any

from tansuo.adversarial import format_score
from tansuo.adversarial.trace import alphabeta_tree
from tansuo.web.api import Call, Endpoint, Tab
from tansuo.web.limits import at_most
from tansuo.xiangqi import Engine, Iteration, Position, format_iccs, parse_position

TAB = Tab("xiangqi", "Xiangqi", order=60)

DEFAULT_MOVE_TIME = 1.0
HASH_MB = 16
MAX_MOVES = 600
ENGINE_DEPTH = 5
"""Depth of the engine's own search shown beside the teaching tree (a fixed depth: the
same answer every time, a few tenths of a second)."""


def _position(call: Call) -> Position:
    moves = call.strings("moves", [])
    at_most(len(moves), MAX_MOVES, "game of moves")
    fen = call.text("fen", None)
    start = "startpos" if fen is None else f"fen {fen}"
    return parse_position(f"{start} moves {' '.join(moves)}" if moves else start)


def describe(position: Position) -> dict[str, Any]:
    """The position as the page draws it."""
    outcome = position.outcome()
    return {
        "fen": position.fen(),
        "rows": list(position.rows()),
        "side": position.side,
        "check": position.is_check(),
        "legal": [] if outcome else [format_iccs(m) for m in position.legal_moves()],
        "over": outcome is not None,
        "winner": None if outcome is None else outcome.winner,
        "reason": None if outcome is None else outcome.reason,
        "moves": [format_iccs(m) for m in position.moves_played],
    }


def show(call: Call) -> dict[str, Any]:
    """The position after the moves sent (legal moves checked on the way)."""
    return describe(_position(call))


def tree(call: Call) -> dict[str, Any]:
    """The alpha-beta tree of a shallow search of the position, the first moves of each node."""
    position = _position(call)
    depth = call.integer("depth", 2)
    width = call.integer("width", 8)
    order = call.choice("order", ("natural", "history"), "natural")
    if position.outcome() is not None:
        return {"tree": None, "nodes": 0}
    root = alphabeta_tree(position, depth, order=order, width=width)
    return {
        "tree": root.as_dict(format_iccs),
        "nodes": root.count(),
        "to_move": position.side,
        "score_text": format_score(root.value),
        "engine": engine_line(position),
    }


def engine_line(position: Position) -> dict[str, Any]:
    """The engine's own search of ``position`` to :data:`ENGINE_DEPTH`, fresh tables."""
    result = Engine(max_memory=HASH_MB << 20).search(position.copy(), depth=ENGINE_DEPTH)
    return {
        "depth": result.depth,
        "pv": list(result.pv),
        "score": result.score,
        "score_text": None if result.score is None else format_score(result.score),
        "nodes": result.stats.nodes,
        "elapsed_s": result.stats.elapsed_s,
    }


def play(call: Call) -> dict[str, Any]:
    """The engine's reply to the game sent."""
    position = _position(call)
    time_limit = call.limits.seconds(call.number("time_limit", None), DEFAULT_MOVE_TIME)
    engine = Engine(max_memory=HASH_MB << 20)
    done = threading.Event()

    def watch() -> None:  # the engine stops on request from another thread
        while not done.wait(0.05):
            if call.cancelled.is_set():
                engine.stop()
                return

    def report(info: Iteration) -> None:
        call.emit(
            {
                "depth": info.depth,
                "score": info.score,
                "pv": list(info.pv),
                "nodes": info.nodes,
                "elapsed_s": info.elapsed_s,
            }
        )

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        result = engine.search(position, time_limit=time_limit, on_iteration=report)
    finally:
        done.set()
        watcher.join()
    answer = result.as_dict()
    if result.move is not None:
        position.push(result.move)
    answer["position"] = describe(position)
    return answer


ENDPOINTS = (
    Endpoint("POST", "/api/xiangqi/position", show),
    Endpoint("POST", "/api/play/xiangqi", play, stream=True),
    Endpoint("POST", "/api/xiangqi/tree", tree),
)

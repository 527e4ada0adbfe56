"""The Gomoku tab's adapter: every call into :mod:`tansuo.gomoku` the page makes.

A game is sent whole each time: ``{"size": 15, "rule": "renju", "moves":
["h8", "h9", ...]}`` (black first, moves as on printed diagrams).

``POST /api/gomoku/position``
    The position after the moves (each checked by the library: an occupied
    or forbidden point is a 422 with its message): rows top down (``x``
    black, ``o`` white, ``.`` empty), side to move, winner, and under renju
    black's forbidden points.
``POST /api/play/gomoku``
    The same fields and ``"time_limit"``: the engine's reply
    (:meth:`GameSearchResult.as_dict`, moves as ``"h8"``), then ``position``
    after it; with ``"stream": true`` each finished iteration first, one JSON line each.
``POST /api/gomoku/vcf``, ``POST /api/gomoku/vct``
    The same fields and ``"time_limit"``: :meth:`ThreatResult.as_dict` of a
    search for a victory by continuous fours (by threats: fours and open
    threes) for the side to move.
``POST /api/gomoku/tree``
    The same fields and ``"depth"``, ``"width"``, ``"order"``: the tree of a
    shallow alpha-beta search over the first ``width`` moves of each position
    (:func:`tansuo.adversarial.trace.alphabeta_tree`), and beside it ``engine``:
    the engine's own search of the position to :data:`ENGINE_DEPTH` (threats
    first, then its alpha-beta over the candidate points; no opening book): its
    line, score and nodes.
"""

from __future__ import annotations

from typing import Any

from tansuo.adversarial import IterationInfo, format_score
from tansuo.adversarial.trace import alphabeta_tree
from tansuo.errors import InvalidInput
from tansuo.gomoku import RULES, Board, Engine, find_threat
from tansuo.gomoku.model import COLOUR_NAMES
from tansuo.web.api import Call, Endpoint, Tab
from tansuo.web.limits import at_most

TAB = Tab("gomoku", "Gomoku", order=55)

DEFAULT_MOVE_TIME = 1.0
DEFAULT_VCF_TIME = 3.0
HASH_MB = 16
ENGINE_DEPTH = 6
"""Depth of the engine's own search shown beside the teaching tree (a fixed depth: the
same answer every time, in a fraction of a second)."""
STONES = {0: ".", 1: "x", 2: "o"}


def _board(call: Call) -> Board:
    size = call.integer("size", 15)
    at_most(size, call.limits.max_gomoku_size, "board size")
    rule = call.choice("rule", RULES, "freestyle")
    moves = call.strings("moves", [])
    at_most(len(moves), size * size, "game of moves")
    return Board(size, rule=rule, moves=moves)


def describe(board: Board) -> dict[str, Any]:
    """The position as the page draws it."""
    over = board.is_terminal()
    black_to_move = board.side_to_move == 1
    return {
        "size": board.width,
        "rule": board.rule,
        "moves": [board.format_move(m) for m in board.history],
        "rows": [
            "".join(STONES[board.stone(board.index(x, y))] for x in range(board.width))
            for y in range(board.height)
        ],
        "to_move": COLOUR_NAMES[board.side_to_move],
        "over": over,
        "winner": None if board.winner is None else COLOUR_NAMES[board.winner],
        "forbidden": (
            [board.format_move(int(c)) for c in board.cells if board.forbidden(int(c))]
            if black_to_move and not over and board.rule == "renju"
            else []
        ),
    }


def show(call: Call) -> dict[str, Any]:
    """The position after the moves sent (each checked on the way)."""
    return describe(_board(call))


def play(call: Call) -> dict[str, Any]:
    """The engine's reply to the game sent, searched for the time asked."""
    board = _board(call)
    time_limit = call.limits.seconds(call.number("time_limit", None), DEFAULT_MOVE_TIME)

    def report(info: IterationInfo[str]) -> None:
        if call.cancelled.is_set():  # the client went away: stop after this iteration
            raise InvalidInput("the client went away")
        call.emit(
            {
                "depth": info.depth,
                "score": info.score,
                "score_text": format_score(info.score),
                "pv": list(info.pv),
                "nodes": info.nodes,
                "elapsed_s": info.elapsed_s,
            }
        )

    # The engine has no stop signal: a client that goes away stops it at the
    # end of the iteration under way (or at its time limit).
    engine = Engine(max_memory=HASH_MB << 20)
    result = engine.search(board, time_limit=time_limit, on_iteration=report)
    answer = result.as_dict()
    answer["score_text"] = None if result.score is None else format_score(result.score)
    if result.move is not None:
        board.push(result.move)
    answer["position"] = describe(board)
    return answer


def vcf(call: Call) -> dict[str, Any]:
    """A victory by continuous fours for the side to move, if one exists."""
    board = _board(call)
    time_limit = call.limits.seconds(call.number("time_limit", None), DEFAULT_VCF_TIME)
    return find_threat(board, kind="vcf", time_limit=time_limit).as_dict()


def tree(call: Call) -> dict[str, Any]:
    """The alpha-beta tree of a shallow search of the position, the first moves of each node."""
    board = _board(call)
    depth = call.integer("depth", 2)
    width = call.integer("width", 6)
    order = call.choice("order", ("natural", "history"), "natural")
    if board.is_terminal():
        return {"tree": None, "nodes": 0}
    root = alphabeta_tree(board, depth, order=order, width=width)
    return {
        "tree": root.as_dict(board.format_move),
        "nodes": root.count(),
        "to_move": COLOUR_NAMES[board.side_to_move],
        "score_text": format_score(root.value),
        "engine": engine_line(board),
    }


def engine_line(board: Board) -> dict[str, Any]:
    """The engine's own search of ``board`` to :data:`ENGINE_DEPTH`: fresh tables, no book."""
    result = Engine(max_memory=HASH_MB << 20, book=False).search(board.copy(), depth=ENGINE_DEPTH)
    return {
        "depth": result.depth,
        "pv": list(result.pv),
        "score": result.score,
        "score_text": None if result.score is None else format_score(result.score),
        "nodes": result.stats.nodes,
        "elapsed_s": result.stats.elapsed_s,
    }


def vct(call: Call) -> dict[str, Any]:
    """A victory by threats (fours and open threes) for the side to move, if one exists."""
    board = _board(call)
    time_limit = call.limits.seconds(call.number("time_limit", None), DEFAULT_VCF_TIME)
    return find_threat(board, kind="vct", time_limit=time_limit).as_dict()


ENDPOINTS = (
    Endpoint("POST", "/api/gomoku/position", show),
    Endpoint("POST", "/api/play/gomoku", play, stream=True),
    Endpoint("POST", "/api/gomoku/vcf", vcf),
    Endpoint("POST", "/api/gomoku/vct", vct),
    Endpoint("POST", "/api/gomoku/tree", tree),
)

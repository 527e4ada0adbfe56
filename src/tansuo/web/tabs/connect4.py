"""The Connect Four tab's adapter: :mod:`tansuo.adversarial` on its Connect Four game.

``POST /api/play/connect4``
    ``{"moves": "4453", "time_limit": 1.0, "width": 7, "height": 6, "stream": false}``:
    the engine's reply to the game so far (columns 1-based, as in the common
    notation): :meth:`GameSearchResult.as_dict` with the moves as column
    numbers, plus ``position``, the game after the reply. With ``"stream":
    true`` each finished iteration (depth, score, pv) comes first, one JSON line each.
``POST /api/connect4/tree``
    ``{"moves": "4453", "depth": 3, "order": "natural"}``: the whole tree of a
    shallow alpha-beta search of the position (:func:`tansuo.adversarial.trace.alphabeta_tree`):
    each node's window, value and the moves its cut-off skipped.
"""

from __future__ import annotations

from typing import Any

from tansuo.adversarial import IterationInfo, format_score, search
from tansuo.adversarial.games import ConnectFour
from tansuo.adversarial.trace import alphabeta_tree
from tansuo.web.api import Call, Endpoint, Tab

TAB = Tab("connect4", "Connect Four", order=50)

DEFAULT_MOVE_TIME = 1.0


def position(game: ConnectFour) -> dict[str, Any]:
    """The game as the page draws it: rows top down (``x``, ``o``, ``.``), whose turn, the end."""
    over = game.is_terminal()
    winner = None
    if game.won:
        winner = "O" if game.side_to_move == "X" else "X"  # the side that just moved
    rows = [
        "".join(game.cell(c, r) for c in range(game.width)) for r in reversed(range(game.height))
    ]
    return {
        "moves": "".join(ConnectFour.format_move(m) for m in game.played),
        "width": game.width,
        "height": game.height,
        "rows": rows,
        "line": winning_line(rows, winner.lower()) if winner else [],
        "to_move": game.side_to_move,
        "over": over,
        "winner": winner,
        "legal": [] if over else sorted(m + 1 for m in game.legal_moves()),
    }


def winning_line(rows: list[str], stone: str) -> list[list[int]]:
    """The cells ``[row, col]`` (rows top down) of every four in a row of ``stone``."""
    cells: set[tuple[int, int]] = set()
    height, width = len(rows), len(rows[0]) if rows else 0
    for r in range(height):
        for c in range(width):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                four = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= y < height and 0 <= x < width and rows[y][x] == stone for y, x in four):
                    cells.update(four)
    return [list(cell) for cell in sorted(cells)]


def tree(call: Call) -> dict[str, Any]:
    """The alpha-beta tree of a shallow search of the position sent."""
    game = ConnectFour.from_moves(
        call.text("moves", ""), width=call.integer("width", 7), height=call.integer("height", 6)
    )
    depth = call.integer("depth", 3)
    order = call.choice("order", ("natural", "history"), "natural")
    if game.is_terminal():
        return {"tree": None, "nodes": 0, "depth": depth, "order": order}
    root = alphabeta_tree(game, depth, order=order)
    return {
        "tree": root.as_dict(ConnectFour.format_move),
        "nodes": root.count(),
        "depth": depth,
        "order": order,
        "to_move": game.side_to_move,
        "score_text": format_score(root.value),
    }


def play(call: Call) -> dict[str, Any]:
    """The engine's move in the game sent, searched for the time asked."""
    game = ConnectFour.from_moves(
        call.text("moves", ""),
        width=call.integer("width", 7),
        height=call.integer("height", 6),
    )
    time_limit = call.limits.seconds(call.number("time_limit", None), DEFAULT_MOVE_TIME)

    def report(info: IterationInfo[int]) -> None:
        call.emit(
            {
                "depth": info.depth,
                "score": info.score,
                "score_text": format_score(info.score),
                "pv": [ConnectFour.format_move(m) for m in info.pv],
                "nodes": info.nodes,
                "elapsed_s": info.elapsed_s,
            }
        )

    result = search(game, time_limit=time_limit, stop=call.cancelled.is_set, on_iteration=report)
    answer = result.as_dict(format_move=ConnectFour.format_move)
    if result.move is not None:
        game.play(result.move)
    answer["position"] = position(game)
    return answer


ENDPOINTS = (
    Endpoint("POST", "/api/play/connect4", play, stream=True),
    Endpoint("POST", "/api/connect4/tree", tree),
)

"""Pictures of Sokoban positions: text (XSB), PNG and animated GIF (Pillow).

>>> from tansuo.sokoban import Level
>>> board = Level.from_text("#####\\n#@$.#\\n#####").board()
>>> print(board_text(board))
#####
#@$.#
#####
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from tansuo.sokoban.model import DIRECTIONS, Board

CELL = 24
"""Pixels per cell."""

_COLOURS = {
    "wall": (88, 76, 66),
    "floor": (236, 230, 214),
    "outside": (255, 255, 255),
    "goal": (214, 90, 74),
    "box": (196, 148, 70),
    "box_on_goal": (92, 156, 84),
    "player": (52, 88, 168),
}


def board_text(board: Board, boxes: Iterable[int] | None = None, player: int | None = None) -> str:
    """The position as XSB rows (the start position by default)."""
    return board.render(board.boxes if boxes is None else boxes,
                        board.player if player is None else player)  # fmt: skip


def positions(board: Board, lurd: str) -> Iterator[tuple[frozenset[int], int]]:
    """Every position along a (legal) LURD string, the start included."""
    boxes = set(board.boxes)
    player = board.player
    yield frozenset(boxes), player
    for letter in lurd:
        d = board.deltas[DIRECTIONS.index(letter.lower())]
        player += d
        if player in boxes:
            boxes.remove(player)
            boxes.add(player + d)
        yield frozenset(boxes), player


def draw(board: Board, boxes: Iterable[int], player: int):  # type: ignore[no-untyped-def]
    """A Pillow image of one position."""
    from PIL import Image, ImageDraw

    level = board.level
    image = Image.new("RGB", (level.width * CELL, level.height * CELL), _COLOURS["outside"])
    pen = ImageDraw.Draw(image)
    box_set = set(boxes)
    goal_set = set(board.goals)
    for r, row in enumerate(level.rows):
        for c, ch in enumerate(row):
            cell = board.cell(r, c)
            x, y = c * CELL, r * CELL
            box = (x, y, x + CELL - 1, y + CELL - 1)
            if ch == "#" or (board.walls[cell] and ch in "$*"):
                pen.rectangle(box, fill=_COLOURS["wall"] if ch == "#" else _COLOURS["box_on_goal"])
                continue
            if board.walls[cell]:
                continue
            pen.rectangle(box, fill=_COLOURS["floor"])
            inset = CELL // 3
            if cell in goal_set:
                pen.ellipse((x + inset, y + inset, x + CELL - inset, y + CELL - inset),
                            fill=_COLOURS["goal"])  # fmt: skip
            if cell in box_set:
                colour = _COLOURS["box_on_goal" if cell in goal_set else "box"]
                pen.rectangle((x + 3, y + 3, x + CELL - 4, y + CELL - 4), fill=colour,
                              outline=(60, 50, 40))  # fmt: skip
            if cell == player:
                pen.ellipse((x + 4, y + 4, x + CELL - 5, y + CELL - 5), fill=_COLOURS["player"])
    return image


def render_solution(board: Board, lurd: str, path: str | os.PathLike[str], *,
                    frame_ms: int = 120, max_frames: int = 2000) -> None:  # fmt: skip
    """Write an animation of ``lurd`` (a ``.gif`` name), or else the final position as PNG.

    Any other name gets a PNG, as every ``--render`` does (Pillow would refuse a
    name whose extension it does not know, after the search).
    """
    name = os.fspath(path)
    frames_at = list(positions(board, lurd))
    if not name.lower().endswith(".gif"):
        boxes, player = frames_at[-1]
        draw(board, boxes, player).save(name, format="PNG")
        return
    step = max(1, len(frames_at) // max_frames)
    chosen = frames_at[::step]
    if chosen[-1] != frames_at[-1]:
        chosen.append(frames_at[-1])
    frames = [draw(board, boxes, player) for boxes, player in chosen]
    durations = [frame_ms] * (len(frames) - 1) + [frame_ms * 10]
    frames[0].save(name, save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False)  # fmt: skip

"""Showing sliding-tile answers: summary lines, the boards step by step, PNG and GIF.

>>> from tansuo.sliding import solve
>>> print(steps_text(solve([1, 2, 3, 4, 5, 6, 0, 7, 8])))
1 2 3    1 2 3    1 2 3
4 5 6    4 5 6    4 5 6
_ 7 8    7 _ 8    7 8 _
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from tansuo.sliding.io import format_board
from tansuo.sliding.model import Board, Shape, play
from tansuo.sliding.result import SlidingResult

if TYPE_CHECKING:
    from PIL import Image

PER_LINE = 6
"""Boards side by side in :func:`steps_text`."""


def boards_of(result: SlidingResult) -> list[Board]:
    """The start board, then the board after each move."""
    boards = [result.start]
    for move in result.lurd:
        boards.append(play(boards[-1], result.shape, move))
    return boards


def steps_text(result: SlidingResult, per_line: int = PER_LINE) -> str:
    """The boards from start to goal, side by side, as the documents draw them."""
    blocks = [format_board(b, result.shape).splitlines() for b in boards_of(result)]
    width = max(len(line) for block in blocks for line in block)
    out = []
    for first in range(0, len(blocks), per_line):
        group = blocks[first : first + per_line]
        for row in range(result.shape[0]):
            out.append("    ".join(block[row].ljust(width) for block in group).rstrip())
        out.append("")
    return "\n".join(out).rstrip("\n")


def summary_line(result: SlidingResult) -> str:
    """One line: the length and whether it is optimal, or why there is none, and the work."""
    stats = result.stats
    work = f"{stats.nodes:,} nodes in {stats.elapsed_s:.3f} s"
    rate = stats.nodes_per_s or 0.0  # None: nothing was timed
    if rate >= 1e5:  # below, "0.0 M nodes/s": the rate is written out
        work += f", {rate / 1e6:.1f} M nodes/s"
    elif rate:
        work += f", {rate:,.0f} nodes/s"
    if stats.preprocess_s >= 0.001:
        work += f"; database {stats.preprocess_s:.2f} s"
    how = f"{result.algorithm}, {result.heuristic}"
    if result.status == "no_solution":
        return f"no solution: {result.reason}"
    if result.status == "limit":
        return f"stopped by the {stats.limit} budget ({how}; {work})"
    if result.optimal:
        quality = "optimal"
    elif result.bound is not None:
        quality = f"at most {result.bound:g} x optimal"
    else:
        quality = "not proved optimal"
    known = ""
    if result.known is not None:
        known = (
            "; equals the known optimum"
            if result.cost == result.known
            else (f"; the known optimum is {result.known}")
        )
    return f"{result.cost} moves, {quality}{known} ({how}; {work})"


_CELL = 64
_COLOURS = {
    "tile": (240, 214, 160),
    "edge": (120, 84, 40),
    "text": (40, 30, 20),
    "blank": (60, 60, 64),
    "home": (200, 232, 180),
}


def render_image(board: Board, shape: Shape, goal: Board | None = None) -> Image.Image:
    """A picture of one board (tiles on their goal cell tinted green when ``goal`` is given)."""
    from PIL import Image, ImageDraw, ImageFont

    rows, cols = shape
    image = Image.new("RGB", (cols * _CELL + 8, rows * _CELL + 8), _COLOURS["blank"])
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=_CELL // 2)
    for cell, tile in enumerate(board):
        if tile == 0:
            continue
        r, c = divmod(cell, cols)
        x, y = 4 + c * _CELL, 4 + r * _CELL
        fill = _COLOURS["home"] if goal is not None and goal[cell] == tile else _COLOURS["tile"]
        draw.rounded_rectangle(
            (x + 2, y + 2, x + _CELL - 3, y + _CELL - 3),
            8,
            fill=fill,
            outline=_COLOURS["edge"],
            width=2,
        )
        draw.text(
            (x + _CELL / 2, y + _CELL / 2), str(tile), fill=_COLOURS["text"], font=font, anchor="mm"
        )
    return image


def save_png(path: str | os.PathLike[str], result: SlidingResult) -> Path:
    """The start board and, when solved, the goal beside it, as a PNG."""
    from PIL import Image

    pictures = [render_image(result.start, result.shape, result.goal)]
    if result.solved:
        pictures.append(render_image(result.goal, result.shape, result.goal))
    width = sum(p.width for p in pictures) + 16 * (len(pictures) - 1)
    sheet = Image.new("RGB", (width, pictures[0].height), (255, 255, 255))
    x = 0
    for picture in pictures:
        sheet.paste(picture, (x, 0))
        x += picture.width + 16
    target = Path(path)
    sheet.save(target, format="PNG")
    return target


def save_gif(path: str | os.PathLike[str], result: SlidingResult, ms_per_move: int = 250) -> Path:
    """The solution played move by move, as an animated GIF."""
    frames = [render_image(b, result.shape, result.goal) for b in boards_of(result)]
    target = Path(path)
    durations = [ms_per_move] * len(frames)
    durations[0] = durations[-1] = 4 * ms_per_move
    frames[0].save(
        target, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0
    )
    return target

"""Drawing Xiangqi positions: text (Chinese or ASCII), PNG pictures and GIF games.

The text board shows Red's pieces as 帥仕相傌俥炮兵 and Black's as
將士象馬車砲卒 (the traditional characters keep the two sides apart without
colour), with ICCS files and ranks around it; ``ascii_only`` uses FEN
letters instead. Pictures use a CJK font when the system has one (Noto CJK,
WenQuanYi, Droid Sans Fallback, PingFang, Microsoft YaHei, SimSun) and FEN
letters otherwise.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tansuo.xiangqi.model import FILES, PIECE_LETTERS, cell_point, move_cells, point_cell

if TYPE_CHECKING:
    from PIL import Image, ImageFont

    from tansuo.xiangqi.model import Position

RED_CHARS = "帥仕相傌俥炮兵"
BLACK_CHARS = "將士象馬車砲卒"


def piece_char(letter: str) -> str:
    """The Chinese character of a FEN letter (Red upper case)."""
    index = PIECE_LETTERS.index(letter.upper())
    return RED_CHARS[index] if letter.isupper() else BLACK_CHARS[index]


def format_board(
    position: Position,
    *,
    ascii_only: bool = False,
    flip: bool = False,
    last_move: int | None = None,
) -> str:
    """The board as text, Black at the top (or Red at the top with ``flip``).

    Parameters
    ----------
    position : Position
    ascii_only : bool
        Letters (``R``, ``n``) instead of Chinese characters.
    flip : bool
        Red at the top.
    last_move : int, optional
        Marks the point this move came from with ``*``, so that a reader sees
        what changed.

    Returns
    -------
    str
        Ten lines of points with rank numbers, then the file letters.

    Raises
    ------
    InvalidInput
        ``last_move`` is not a move int.

    Examples
    --------
    >>> from tansuo.xiangqi import Position
    >>> print(format_board(Position(), ascii_only=True).splitlines()[0])
    9  r n b a k a b n r
    """
    frm = None if last_move is None else move_cells(last_move)[0]
    ranks = range(10) if flip else range(9, -1, -1)
    files = range(8, -1, -1) if flip else range(9)
    lines = []
    for rank in ranks:
        cells = []
        for file in files:
            cell = point_cell(file, rank)
            letter = position.piece_at(cell)
            if letter is None:
                mark = "*" if cell == frm else "."
                cells.append(mark if ascii_only else mark + " ")
            else:
                cells.append(letter if ascii_only else piece_char(letter))
        sep = " " if ascii_only else ""
        lines.append(f"{rank}  " + sep.join(cells))
        if rank == (5 if not flip else 4):
            lines.append("   " + ("-" * 17 if ascii_only else "～楚河～～～汉界～"))
    labels = [FILES[f] for f in files]
    lines.append("   " + (" ".join(labels) if ascii_only else "".join(x + " " for x in labels)))
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Pictures
# ---------------------------------------------------------------------------

_CJK_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/System/Library/Fonts/PingFang.ttc",
    "/Library/Fonts/Arial Unicode.ttf",
    "C:/Windows/Fonts/msyh.ttc",
    "C:/Windows/Fonts/simsun.ttc",
)


def _font(size: int) -> tuple[ImageFont.FreeTypeFont | ImageFont.ImageFont, bool]:
    """A font for the pieces and whether it draws Chinese characters."""
    from PIL import ImageFont

    for path in _CJK_FONTS:
        if os.path.exists(path):
            try:
                return ImageFont.truetype(path, size), True
            except OSError:
                continue
    for name in ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf"):
        try:
            return ImageFont.truetype(name, size), False
        except OSError:
            continue
    return ImageFont.load_default(size), False


def render_image(
    position: Position,
    *,
    cell: int = 48,
    last_move: int | None = None,
    flip: bool = False,
) -> Image.Image:
    """A picture of the board (Pillow image), Red at the bottom unless ``flip``.

    Parameters
    ----------
    position : Position
    cell : int
        Pixels between two points.
    last_move : int, optional
        Marked by two small squares.
    flip : bool
        Red at the top.

    Returns
    -------
    PIL.Image.Image

    Raises
    ------
    ValueError
        ``cell`` too small to draw.

    Examples
    --------
    >>> from tansuo.xiangqi import Position
    >>> render_image(Position(), cell=20).size
    (200, 220)
    """
    from PIL import Image, ImageDraw

    margin = cell
    width, height = margin * 2 + cell * 8, margin * 2 + cell * 9
    image = Image.new("RGB", (width, height), (236, 200, 140))
    draw = ImageDraw.Draw(image)
    line = (90, 60, 30)

    def xy(file: int, rank: int) -> tuple[int, int]:
        col, row = (8 - file, rank) if flip else (file, 9 - rank)
        return margin + col * cell, margin + row * cell

    for rank in range(10):
        draw.line([xy(0, rank), xy(8, rank)], fill=line, width=2)
    for file in range(9):
        if file in (0, 8):
            draw.line([xy(file, 0), xy(file, 9)], fill=line, width=2)
        else:
            draw.line([xy(file, 0), xy(file, 4)], fill=line, width=2)
            draw.line([xy(file, 5), xy(file, 9)], fill=line, width=2)
    for low in (0, 7):  # the palaces' diagonals
        draw.line([xy(3, low), xy(5, low + 2)], fill=line, width=2)
        draw.line([xy(5, low), xy(3, low + 2)], fill=line, width=2)
    font, chinese = _font(int(cell * 0.55))
    if last_move is not None:
        for moved in move_cells(last_move):
            x, y = xy(*cell_point(moved))
            r = cell // 2 - 1
            draw.rectangle([x - r, y - r, x + r, y + r], outline=(40, 120, 40), width=3)
    for rank in range(10):
        for file in range(9):
            letter = position.piece_at(point_cell(file, rank))
            if letter is None:
                continue
            x, y = xy(file, rank)
            r = int(cell * 0.44)
            colour = (190, 20, 20) if letter.isupper() else (20, 20, 20)
            draw.ellipse(
                [x - r, y - r, x + r, y + r], fill=(250, 232, 196), outline=colour, width=3
            )
            text = piece_char(letter) if chinese else letter.upper()
            draw.text((x, y), text, fill=colour, font=font, anchor="mm")
    return image


def save_png(path: str | os.PathLike[str], position: Position, **options: object) -> Path:
    """Draw the position to a PNG file.

    Parameters
    ----------
    path : str or path-like
        The file (created, or overwritten).
    position : Position
    **options
        Passed to :func:`render_image` (``cell``, ``last_move``, ``flip``).

    Returns
    -------
    pathlib.Path
        ``path``.

    Raises
    ------
    OSError
        The file cannot be written.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from tansuo.xiangqi import Position
    >>> save_png(pathlib.Path(tempfile.mkdtemp()) / "start.png", Position(), cell=20).suffix
    '.png'
    """
    out = Path(path)
    render_image(position, **options).save(out, format="PNG")  # type: ignore[arg-type]
    return out


def save_gif(
    path: str | os.PathLike[str],
    start: Position,
    moves: Iterable[int],
    *,
    cell: int = 40,
    frame_ms: int = 700,
) -> Path:
    """An animated GIF of a game: ``start`` and the position after each of ``moves``.

    Parameters
    ----------
    path : str or path-like
        The file (created, or overwritten).
    start : Position
        Left as it was.
    moves : iterable of int
        Legal moves played one after the other from ``start``.
    cell : int
        Pixels between two points.
    frame_ms : int
        Milliseconds each frame shows.

    Returns
    -------
    pathlib.Path
        ``path``.

    Raises
    ------
    OSError
        The file cannot be written.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from tansuo.xiangqi import Position, parse_iccs
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "game.gif"
    >>> save_gif(out, Position(), [parse_iccs("h2e2"), parse_iccs("h9g7")], cell=20).exists()
    True
    """
    position = start.copy()
    frames = [render_image(position, cell=cell)]
    for move in moves:
        position.play(move)
        frames.append(render_image(position, cell=cell, last_move=move))
    out = Path(path)
    frames[0].save(
        out, format="GIF", save_all=True, append_images=frames[1:], duration=frame_ms, loop=0
    )
    return out


def format_moves(position: Position, moves: Sequence[int], *, notation: str = "chinese") -> str:
    """A line of moves from ``position`` in ``"chinese"``, ``"wxf"`` or ``"iccs"`` notation."""
    from tansuo.xiangqi.io import format_chinese, format_wxf
    from tansuo.xiangqi.model import format_iccs

    board = position.copy()
    words = []
    for move in moves:
        if notation == "chinese":
            words.append(format_chinese(board, move))
        elif notation == "wxf":
            words.append(format_wxf(board, move))
        else:
            words.append(format_iccs(move))
        board.play(move)
    return " ".join(words)

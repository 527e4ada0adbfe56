"""Reading and writing sliding-tile boards.

A board is written row-major with ``0``, ``_`` or ``.`` for the blank, its
tiles separated by spaces or commas: on one line (square boards: 9, 16, 25
tiles), as rows on lines, or rows separated by ``/``. A ``RxC:`` prefix gives
the shape of a one-line rectangular board (``2x4: 1 2 3 4 5 6 7 0``); 2x2 and
3x3 boards may also be written without separators (``123456780``).

A file holds many boards, one per line (blank lines and ``#`` comments
ignored). A line of ``cells + 2`` numbers, as in Korf's list, carries an id and
the known optimal length before the tiles.

>>> parse_board("1 2 3 / 4 5 6 / 7 _ 8")
((1, 2, 3, 4, 5, 6, 7, 0, 8), (3, 3))
>>> parse_board("2x3: 1 2 3 4 5 0")
((1, 2, 3, 4, 5, 0), (2, 3))
>>> print(format_board((1, 2, 3, 4, 5, 6, 7, 0, 8), (3, 3)))
1 2 3
4 5 6
7 _ 8
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from tansuo.errors import InvalidInput
from tansuo.files import read_text, shown_path
from tansuo.sliding.model import GOALS, Board, Shape, check_board, check_shape, goal_board

BLANKS = ("0", "_", ".")
_SHAPE = re.compile(r"^\s*(\d{1,6})\s*[xX]\s*(\d{1,6})\s*:(.*)$", re.DOTALL)
_SEPARATORS = re.compile(r"[\s,]+")
_COMPACT = set("0123456789_.")


@dataclass(frozen=True, slots=True)
class Instance:
    """One board of a file: its id, tiles, shape and, when the file says, the known optimum.

    Parameters
    ----------
    id : str
        The id the file gives (Korf-style lines), else the line number.
    tiles : tuple of int
        Row-major, 0 for the blank.
    shape : (rows, cols)
        The board's shape.
    known : int, optional
        The optimal solution length the file gives, if any.

    Examples
    --------
    >>> Instance("a", (1, 2, 3, 0), (2, 2))
    Instance(id='a', tiles=(1, 2, 3, 0), shape=(2, 2), known=None)
    >>> parse_instances("3x3: 1 2 3 4 5 6 7 0 8")[0].shape
    (3, 3)
    """

    id: str
    tiles: Board
    shape: Shape
    known: int | None = None


def _tile(token: str) -> int:
    if token in BLANKS:
        return 0
    if not token.isdecimal() or len(token) > 6:  # no board has a million tiles
        shown = token if len(token) <= 20 else f"{token[:20]}..."
        raise InvalidInput(f"{shown!r} is not a tile; use numbers and 0, _ or . for the blank")
    return int(token)


def _tokens(line: str) -> list[str]:
    tokens = [t for t in _SEPARATORS.split(line.strip()) if t]
    if len(tokens) == 1 and len(tokens[0]) in (4, 9) and set(tokens[0]) <= _COMPACT:
        return list(tokens[0])  # 123456780, 1234_678: one character a tile
    return tokens


def parse_board(text: str, shape: Shape | None = None) -> tuple[Board, Shape]:
    """Read one board; returns ``(tiles, (rows, cols))``.

    Parameters
    ----------
    text : str
        The board, in any of the forms of the module docstring.
    shape : (rows, cols), optional
        The shape, when the text does not tell it.

    Returns
    -------
    tiles : tuple of int
        Row-major, 0 the blank.
    shape : (rows, cols)

    Raises
    ------
    InvalidInput
        Junk, rows of different lengths, a shape that cannot be told, tiles
        that are not each of 0..cells-1 once.

    Examples
    --------
    >>> parse_board("1 2 3 / 4 _ 6 / 7 5 8")
    ((1, 2, 3, 4, 0, 6, 7, 5, 8), (3, 3))
    """
    match = _SHAPE.match(text)
    if match:
        shape = (int(match.group(1)), int(match.group(2)))
        text = match.group(3)
    lines = [ln for ln in re.split(r"[\n/;]", text) if ln.strip()]
    if not lines:
        raise InvalidInput("empty board")
    rows = [[_tile(t) for t in _tokens(line)] for line in lines]
    tiles = tuple(t for row in rows for t in row)
    if shape is None:
        if len(rows) > 1:
            widths = {len(row) for row in rows}
            if len(widths) != 1:
                raise InvalidInput(f"rows of different lengths: {sorted(widths)}")
            shape = (len(rows), len(rows[0]))
        else:
            side = math.isqrt(len(tiles))
            if side * side != len(tiles):
                raise InvalidInput(
                    f"{len(tiles)} tiles make no square board; write the rows on lines, "
                    "separated by /, or start with the shape (2x4: ...)"
                )
            shape = (side, side)
    check_shape(shape)
    return check_board(tiles, shape), shape


def parse_goal(text: str, shape: Shape) -> Board:
    """A goal: ``blank-last``, ``blank-first`` or a board of the same shape.

    Parameters
    ----------
    text : str
        ``blank-last``, ``blank-first`` or a board.
    shape : (rows, cols)
        The board's shape.

    Returns
    -------
    tuple of int

    Raises
    ------
    InvalidInput
        An unknown name, or a board :func:`parse_board` refuses or of another
        shape.

    Examples
    --------
    >>> parse_goal("blank-first", (2, 3))
    (0, 1, 2, 3, 4, 5)
    """
    if text.strip().lower() in GOALS:
        return goal_board(shape, text.strip().lower())
    tiles, goal_shape = parse_board(text, shape if _SHAPE.match(text) is None else None)
    if goal_shape != shape:
        raise InvalidInput(
            f"the goal is {goal_shape[0]}x{goal_shape[1]}, the board {shape[0]}x{shape[1]}"
        )
    return check_board(tiles, shape, "goal")


def parse_instances(text: str, source: str | None = None) -> list[Instance]:
    """Every board of a file, one per line; Korf-style lines carry ``id optimum`` first.

    Blank lines and ``#`` comments are skipped.

    Parameters
    ----------
    text : str
        The file's text.
    source : str, optional
        A file name to put in error messages.

    Returns
    -------
    list of Instance
        In file order.

    Raises
    ------
    InvalidInput
        The first bad line (with its number), or a text without boards.

    Examples
    --------
    >>> [(i.id, i.tiles, i.known) for i in parse_instances("1 2 1 2 3 4 0 6 7 5 8\\n")]
    [('1', (1, 2, 3, 4, 0, 6, 7, 5, 8), 2)]
    """
    instances = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            instances.append(_instance(line, number))
        except InvalidInput as exc:
            where = f"{source}: " if source else ""
            raise InvalidInput(f"{where}line {number}: {exc}") from None
    if not instances:
        raise InvalidInput(f"{source or 'the file'}: no boards in it")
    return instances


def _instance(line: str, number: int) -> Instance:
    if _SHAPE.match(line):
        tiles, shape = parse_board(line)
        return Instance(str(number), tiles, shape)
    tokens = _tokens(line)
    count = len(tokens)
    side = math.isqrt(count)
    if side * side != count:
        inner = math.isqrt(count - 2) if count > 2 else 0
        known = tokens[1] if count > 2 else ""
        if (
            inner * inner == count - 2
            and tokens[0].isdecimal()
            and known.isdecimal()
            and len(known) < 10
        ):
            tiles, shape = parse_board(" ".join(tokens[2:]))
            return Instance(tokens[0], tiles, shape, int(tokens[1]))
    tiles, shape = parse_board(" ".join(tokens))
    return Instance(str(number), tiles, shape)


def read_instances(path: str | Path) -> list[Instance]:
    """The boards of a file (see :func:`parse_instances`).

    Parameters
    ----------
    path : str or pathlib.Path
        The file; ``-`` reads standard input.

    Returns
    -------
    list of Instance

    Raises
    ------
    InvalidInput
        A file that cannot be read (named with the reason), or a bad line.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "boards.txt"
    ...     _ = path.write_text("# two boards\\n1 2 3 4 5 6 7 0 8\\n2x2: 1 2 0 3\\n")
    ...     [(i.id, i.shape) for i in read_instances(path)]
    [('2', (3, 3)), ('3', (2, 2))]
    """
    return parse_instances(read_text(path), shown_path(path))


def format_board(tiles: Sequence[int], shape: Shape, blank: str = "_") -> str:
    """Rows of right-aligned tiles, the blank as ``_``.

    Parameters
    ----------
    tiles : sequence of int
        Row-major, 0 the blank.
    shape : (rows, cols)
        The board's shape.
    blank : str
        What the blank is shown as.

    Returns
    -------
    str
        One line per row, without a final line break.

    Examples
    --------
    >>> print(format_board((1, 2, 3, 4, 0, 6, 7, 5, 8), (3, 3)))
    1 2 3
    4 _ 6
    7 5 8
    """
    cols = shape[1]
    width = len(str(len(tiles) - 1))
    cells = [(blank if t == 0 else str(t)).rjust(width) for t in tiles]
    return "\n".join(" ".join(cells[r : r + cols]) for r in range(0, len(cells), cols))


def format_line(tiles: Sequence[int], shape: Shape) -> str:
    """One line: ``RxC: t0 t1 ...`` for rectangles, the tiles alone for squares.

    Parameters
    ----------
    tiles : sequence of int
        Row-major, 0 the blank.
    shape : (rows, cols)
        The board's shape.

    Returns
    -------
    str
        What :func:`parse_board` reads back.

    Examples
    --------
    >>> format_line((1, 2, 3, 4, 0, 6, 7, 5, 8), (3, 3))
    '1 2 3 4 0 6 7 5 8'
    """
    body = " ".join(str(t) for t in tiles)
    return body if shape[0] == shape[1] else f"{shape[0]}x{shape[1]}: {body}"


def bundled_instances_names() -> list[str]:
    """Names of the bundled files of boards (``korf100``: Korf's 100 random 15-puzzles).

    Examples
    --------
    >>> bundled_instances_names()
    ['korf100']
    """
    folder = resources.files("tansuo") / "data" / "sliding"
    return sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".txt"))


def bundled_instances(name: str) -> list[Instance]:
    """The boards of a bundled file, by name (see :func:`bundled_instances_names`).

    Parameters
    ----------
    name : str
        One of :func:`bundled_instances_names`.

    Returns
    -------
    list of Instance

    Raises
    ------
    InvalidInput
        An unknown name (the message lists the known ones).

    Examples
    --------
    >>> boards = bundled_instances("korf100")
    >>> len(boards), boards[0].id, boards[0].known, boards[0].shape
    (100, '1', 57, (4, 4))
    """
    if name not in bundled_instances_names():
        raise InvalidInput(
            f"no bundled boards named {name!r}; choose one of: "
            + ", ".join(bundled_instances_names())
        )
    folder = resources.files("tansuo") / "data" / "sliding"
    return parse_instances(folder.joinpath(f"{name}.txt").read_text("utf-8"), name)

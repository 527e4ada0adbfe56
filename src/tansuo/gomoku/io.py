"""Gomoku positions as text: the board size, the rule, and the moves from the empty board.

A position is a list of tokens separated by spaces, commas-free lines or ``;``:

* the size, ``15`` or ``20x15`` (width x height; default 15);
* the rule, ``freestyle`` (default), ``standard``, ``renju`` or ``caro``;
* the moves, black first, as ``h8`` or Gomocup's ``7,7``.

``#`` starts a comment. ``15 renju h8 i9 h9`` is black h8, white i9, black h9.

>>> board = parse_position("9 standard e5 d4 e6")
>>> board.width, board.rule, format_position(board)
(9, 'standard', '9 standard e5 d4 e6')
"""

from __future__ import annotations

import os
import re
from importlib import resources

from tansuo.errors import InvalidInput
from tansuo.files import read_text
from tansuo.gomoku.model import RULES, Board, check_size

_SIZE = re.compile(r"(\d{1,6})(?:x(\d{1,6}))?")  # longer digits are no size (nor a move)


def parse_position(text: str) -> Board:
    """A :class:`Board` from its text (see the module docstring).

    Parameters
    ----------
    text : str
        ``SIZE [RULE] MOVE ...``: e.g. ``"15 renju h8 i9"`` or ``"20x15 a1"``.

    Returns
    -------
    Board
        The position after the moves, black first.

    Raises
    ------
    InvalidInput
        A bad size, rule or move, named with its place in the text.

    Examples
    --------
    >>> parse_position("15 renju h8 i9").side_to_move
    1
    """
    width = height = None
    rule = "freestyle"
    moves: list[str] = []
    for line in str(text).splitlines():
        line = line.split("#", 1)[0]
        for token in line.replace(";", " ").split():
            low = token.lower()
            if low.startswith("size="):
                low = low[5:]
            if low.startswith("rule="):
                low = low[5:]
            size = _SIZE.fullmatch(low)
            if size and not moves:
                if width is not None:
                    raise InvalidInput(f"position: the size is given twice ({token!r})")
                width = int(size.group(1))
                height = int(size.group(2) or size.group(1))
                check_size(width, height)
                continue
            if low in RULES and not moves:
                rule = low
                continue
            moves.append(token)
    board = Board(width or 15, height=height, rule=rule)
    for i, move in enumerate(moves, 1):
        try:
            board.push(move)
        except InvalidInput as exc:
            shown = move if len(move) <= 20 else f"{move[:20]}..."
            raise InvalidInput(f"position, move {i} ({shown}): {exc}") from None
    return board


def format_position(board: Board) -> str:
    """The text of a position, read back by :func:`parse_position`.

    Parameters
    ----------
    board : Board
        The position (its moves in the order played).

    Returns
    -------
    str
        ``SIZE RULE MOVE ...``.

    Examples
    --------
    >>> format_position(parse_position("15 h8 i9"))
    '15 freestyle h8 i9'
    """
    size = str(board.width) if board.width == board.height else f"{board.width}x{board.height}"
    return " ".join([size, board.rule, *(board.format_move(m) for m in board.history)])


def read_position(path: str | os.PathLike[str]) -> Board:
    """A position from a file (``-`` is standard input).

    Parameters
    ----------
    path : str or os.PathLike
        The file, holding one position in the text of :func:`parse_position`.

    Returns
    -------
    Board

    Raises
    ------
    InvalidInput
        The file cannot be read, or its text is not a position.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "p.txt"
    >>> _ = path.write_text("15 h8 i9")
    >>> len(read_position(path).history)
    2
    """
    return parse_position(read_text(path))


def write_position(path: str | os.PathLike[str], board: Board) -> None:
    """Write ``board`` to ``path`` as one line of :func:`format_position` text.

    Parameters
    ----------
    path : str or os.PathLike
        The file (overwritten).
    board : Board
        The position.

    Raises
    ------
    OSError
        The file cannot be written.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "p.txt"
    >>> write_position(path, parse_position("15 h8"))
    >>> path.read_text().strip()
    '15 freestyle h8'
    """
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(format_position(board) + "\n")


def parse_suite(text: str) -> list[tuple[str, str, str]]:
    """A tactical suite: lines ``NAME | KIND | POSITION`` (KIND: vcf, vct, none-vcf, none-vct)."""
    rows = []
    for number, line in enumerate(str(text).splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = [part.strip() for part in line.split("|")]
        if len(parts) != 3:
            raise InvalidInput(f"suite line {number}: expected NAME | KIND | POSITION")
        rows.append((parts[0], parts[1], parts[2]))
    return rows


def bundled_suite() -> list[tuple[str, str, str]]:
    """The tactical suite that ``tansuo bench gomoku`` solves."""
    text = resources.files("tansuo.gomoku").joinpath("data/tactics.txt").read_text("utf-8")
    return parse_suite(text)


def bundled_speed_positions() -> list[tuple[str, str]]:
    """``(attacker, position)`` pairs whose VCF search is long: the nodes-per-second runs."""
    text = resources.files("tansuo.gomoku").joinpath("data/vcf_speed.txt").read_text("utf-8")
    rows = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            attacker, position = (part.strip() for part in line.split("|"))
            rows.append((attacker, position))
    return rows

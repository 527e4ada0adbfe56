"""Xiangqi text formats: FEN, ICCS, WXF and Chinese move notation, bundled positions.

* **FEN** as UCCI engines write it: ten ranks from Black's side, Red upper
  case, ``K A B N R C P`` (``E`` is read as an elephant, ``H`` as a horse),
  then the side to move (``w`` or ``r`` for Red, ``b`` for Black), two
  unused ``-`` fields, the plies since the last capture and the move number.
* **ICCS** coordinates: ``h2e2`` (also ``H2-E2``).
* **Chinese** notation, what a person writes: ``炮二平五``, ``马8进7``,
  ``前车进一``. Red numbers the files 一-九 from its right, Black 1-9 from
  its right; 进/退/平 are forward, back and sideways; a piece moving along
  its file gives the number of points, one moving diagonally (advisor,
  elephant, horse) or sideways the file it arrives on. Two like pieces on one
  file are 前/后 (front/rear); three to five pawns 前/中/后 or 前/二/三/四/五;
  when pawns stand two or more on two files the piece name gives way to the
  file (``前九平八``).
* **WXF** letters: ``C2=5``, ``H8+7`` (``.`` is read as ``=``); like pieces on
  one file are ``+``/``-`` in place of the file (``R+=4``), three or more
  pawns, or tandem pawns on two files, ``a``, ``b``, ``c``... counted from
  the mover's right file to its left and front to back.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from importlib import resources

from tansuo.errors import InvalidInput
from tansuo.files import read_text
from tansuo.xiangqi.model import (
    FILES,
    MAX_PIECES,
    PIECE_LETTERS,
    PIECE_NAMES,
    START_FEN,
    Position,
    Setup,
    cell_point,
    format_iccs,
    move_cells,
    parse_iccs,
)

# ---------------------------------------------------------------------------
# FEN
# ---------------------------------------------------------------------------

_LETTER_ALIASES = {"E": "B", "H": "N"}


def _point(row: int, file: int) -> str:
    return f"{FILES[file]}{9 - row}"


def _legal_points(letter: str, row: int, file: int) -> bool:
    """Whether a piece (FEN letter, Red upper case) may stand on a point at all."""
    red = letter.isupper()
    kind = letter.upper()
    own_row = 9 - row if red else row  # 0 = the owner's back rank
    if kind == "K":
        return own_row <= 2 and 3 <= file <= 5
    if kind == "A":
        return (own_row, file) in {(0, 3), (0, 5), (1, 4), (2, 3), (2, 5)}
    if kind == "B":
        return (own_row, file) in {(0, 2), (0, 6), (2, 0), (2, 4), (2, 8), (4, 2), (4, 6)}
    if kind == "P":
        if own_row < 3:
            return False  # behind its starting rank: pawns never move back
        return own_row >= 5 or file % 2 == 0  # before the river only on its own files
    return True


def parse_fen_setup(text: str) -> Setup:
    """Read and check a FEN; return its :class:`Setup`.

    Raises
    ------
    InvalidInput
        Naming the problem: the number of ranks, a rank of the wrong length,
        an unknown letter, a missing or second king, too many pieces of a
        kind, a piece on a point it can never reach, kings facing each other,
        a bad side or counter.
    """
    if not isinstance(text, str):
        raise InvalidInput(f"a FEN must be text, got {type(text).__name__}")
    fields = text.split()
    if not fields:
        raise InvalidInput("empty FEN")
    ranks = fields[0].split("/")
    if len(ranks) != 10:
        raise InvalidInput(f"FEN {fields[0]!r} has {len(ranks)} ranks, expected 10")
    rows = []
    counts: dict[str, int] = {}
    for number, rank in enumerate(ranks, start=1):
        points: list[str] = []
        for char in rank:
            if char.isdecimal() and char != "0":
                points.extend("." * int(char))
                continue
            letter = _LETTER_ALIASES.get(char.upper(), char.upper())
            if letter not in PIECE_LETTERS:
                raise InvalidInput(f"FEN rank {number} ({rank!r}): unknown piece letter {char!r}")
            letter = letter if char.isupper() else letter.lower()
            counts[letter] = counts.get(letter, 0) + 1
            points.append(letter)
        if len(points) != 9:
            raise InvalidInput(f"FEN rank {number} ({rank!r}) has {len(points)} points, expected 9")
        rows.append("".join(points))
    for letter in PIECE_LETTERS:
        for side_letter, side in ((letter, "red"), (letter.lower(), "black")):
            have = counts.get(side_letter, 0)
            name = PIECE_NAMES[PIECE_LETTERS.index(letter)]
            if letter == "K" and have == 0:
                raise InvalidInput(f"FEN has no {side} king")
            if have > MAX_PIECES[letter]:
                raise InvalidInput(
                    f"FEN has {have} {side} {name}s; a side has at most {MAX_PIECES[letter]}"
                )
    for row, text_row in enumerate(rows):
        for file, letter in enumerate(text_row):
            if letter != "." and not _legal_points(letter, row, file):
                side = "red" if letter.isupper() else "black"
                name = PIECE_NAMES[PIECE_LETTERS.index(letter.upper())]
                raise InvalidInput(
                    f"FEN puts a {side} {name} on {_point(row, file)}, a point it can never reach"
                )
    _check_kings_apart(rows)
    red_to_move = True
    if len(fields) > 1:
        side_field = fields[1].lower()
        if side_field not in ("w", "r", "b"):
            raise InvalidInput(f"FEN side to move {fields[1]!r}: expected w (or r) or b")
        red_to_move = side_field != "b"
    clock, fullmove = 0, 1
    if len(fields) > 4:
        clock = _counter(fields[4], "half-move clock", 0)
    if len(fields) > 5:
        fullmove = _counter(fields[5], "move number", 1)
    if len(fields) > 6:
        raise InvalidInput(f"FEN has {len(fields)} fields, expected at most 6")
    return Setup(tuple(rows), red_to_move, clock, fullmove)


MAX_COUNTER = 2**31 - 1
"""The largest half-move clock or move number a FEN may give (the engine keeps them in int32)."""


def _counter(field: str, name: str, least: int) -> int:
    # digits are counted before int() is called: Python refuses to convert over 4,300 of them
    if not (field.isdecimal() and field.isascii()) or (len(field) < 12 and int(field) < least):
        shown = field if len(field) <= 20 else f"{field[:20]}..."
        raise InvalidInput(f"FEN {name} {shown!r}: expected a whole number >= {least}")
    if len(field) >= 12 or int(field) > MAX_COUNTER:
        shown = field if len(field) <= 20 else f"{len(field):,} digits"
        raise InvalidInput(f"FEN {name} {shown}: expected at most {MAX_COUNTER}")
    return int(field)


def _check_kings_apart(rows: list[str]) -> None:
    red = next((r, f) for r, row in enumerate(rows) for f, c in enumerate(row) if c == "K")
    black = next((r, f) for r, row in enumerate(rows) for f, c in enumerate(row) if c == "k")
    if red[1] == black[1] and all(rows[r][red[1]] == "." for r in range(black[0] + 1, red[0])):
        raise InvalidInput("FEN has the two kings facing each other on an open file")


def parse_fen(text: str, *, repetitions: int = 3) -> Position:
    """A :class:`Position` from a FEN (see :func:`parse_fen_setup` for the checks).

    Parameters
    ----------
    text : str
        The FEN; the fields after the side to move may be left out.
    repetitions : int
        Occurrences of a position that end the game.

    Returns
    -------
    Position

    Raises
    ------
    InvalidInput
        A malformed FEN, or one no game can reach (the message says why).

    Examples
    --------
    >>> parse_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").side
    'red'
    >>> parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 w")
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: FEN has the two kings facing each other on an open file
    """
    return Position(text, repetitions=repetitions)


def format_fen(setup: Setup | Position) -> str:
    """The FEN of a :class:`Setup` or :class:`Position`.

    Parameters
    ----------
    setup : Setup or Position

    Returns
    -------
    str
        Board, side to move (``w`` is Red), ``- -``, the half-move clock and
        the move number.

    Raises
    ------
    AttributeError
        ``setup`` is neither.

    Examples
    --------
    >>> format_fen(Position()) == START_FEN
    True
    """
    if isinstance(setup, Position):
        setup = setup.setup()
    ranks = []
    for row in setup.rows:
        rank, empty = "", 0
        for char in row:
            if char == ".":
                empty += 1
                continue
            if empty:
                rank += str(empty)
                empty = 0
            rank += char
        ranks.append(rank + (str(empty) if empty else ""))
    side = "w" if setup.red_to_move else "b"
    return f"{'/'.join(ranks)} {side} - - {setup.clock} {setup.fullmove}"


def parse_position(text: str, *, repetitions: int = 3) -> Position:
    """A position from a FEN, or a UCCI ``position`` description with moves.

    Accepts ``FEN``, ``startpos``, ``fen FEN``, and any of them followed by
    ``moves m1 m2 ...`` (ICCS), with or without the leading word ``position``.

    Parameters
    ----------
    text : str
    repetitions : int
        Occurrences of a position that end the game.

    Returns
    -------
    Position
        With the moves in its game record.

    Raises
    ------
    InvalidInput
        A malformed FEN, or a move that is not legal where it is played.

    Examples
    --------
    >>> parse_position("startpos moves h2e2 h7e7").fen()
    'rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2'
    """
    words = text.split()
    if words and words[0] == "position":
        words = words[1:]
    moves: list[str] = []
    if "moves" in words:
        index = words.index("moves")
        words, moves = words[:index], words[index + 1 :]
    if words and words[0] == "fen":
        words = words[1:]
    if not words:
        raise InvalidInput("no position given (a FEN, or startpos)")
    fen = START_FEN if words == ["startpos"] else " ".join(words)
    position = parse_fen(fen, repetitions=repetitions)
    for number, move in enumerate(moves, start=1):
        try:
            position.play(_checked_iccs(position, move))
        except InvalidInput as exc:
            raise InvalidInput(f"move {number} of the list: {exc}") from None
    return position


def read_position(path: str | os.PathLike[str], *, repetitions: int = 3) -> Position:
    r"""A position from a file holding a FEN or a UCCI ``position`` line.

    Blank lines and text after ``#`` are skipped; the first line left is read
    by :func:`parse_position`.

    Parameters
    ----------
    path : str or path-like
        The file.
    repetitions : int
        Occurrences of a position that end the game (see :class:`Position`).

    Returns
    -------
    Position

    Raises
    ------
    InvalidInput
        The file cannot be read, holds no position, or its position is malformed
        (the message names the file and line).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "pos.fen"
    >>> _ = path.write_text("# the central cannon\nstartpos moves h2e2\n")
    >>> read_position(path).side
    'black'
    """
    text = read_text(path)
    lines = [ln.split("#", 1)[0].strip() for ln in text.splitlines()]
    lines = [ln for ln in lines if ln]
    if not lines:
        raise InvalidInput(f"{path}: no position in the file")
    try:
        return parse_position(lines[0], repetitions=repetitions)
    except InvalidInput as exc:
        raise InvalidInput(str(exc), source=str(path), line=1) from None


def write_position(path: str | os.PathLike[str], position: Position) -> None:
    """Write a position's FEN (one line) to a file.

    Parameters
    ----------
    path : str or path-like
        The file (created, or overwritten).
    position : Position

    Returns
    -------
    None

    Raises
    ------
    OSError
        The file cannot be written.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "start.fen"
    >>> write_position(path, Position())
    >>> read_position(path).fen() == START_FEN
    True
    """
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(format_fen(position) + "\n")


# ---------------------------------------------------------------------------
# Moves: ICCS, Chinese and WXF notation
# ---------------------------------------------------------------------------

_RED_NAMES = "帅仕相马车炮兵"
_BLACK_NAMES = "将士象马车炮卒"
_RED_NUMERALS = "一二三四五六七八九"
_DIRECTIONS = {1: "进", -1: "退", 0: "平"}
_WXF_DIRECTIONS = {1: "+", -1: "-", 0: "="}
_WXF_PIECES = "KAEHRCP"
_ORDINALS = {2: "前后", 3: "前中后", 4: "前二三四", 5: "前二三四五"}

_CHINESE_FOLD = str.maketrans(
    {
        "帥": "帅",
        "將": "帅",
        "将": "帅",
        "士": "仕",
        "象": "相",
        "馬": "马",
        "傌": "马",
        "車": "车",
        "俥": "车",
        "砲": "炮",
        "包": "炮",
        "卒": "兵",
        "進": "进",
        "後": "后",
        **{c: str(i + 1) for i, c in enumerate(_RED_NUMERALS)},
        **{chr(0xFF10 + i): str(i) for i in range(10)},
        " ": "",
        "\u3000": "",
    }
)


def _file_number(file: int, red: bool) -> int:
    """A file's number as its owner counts it (from the owner's right, 1-9)."""
    return 9 - file if red else file + 1


def _numeral(number: int, red: bool) -> str:
    return _RED_NUMERALS[number - 1] if red else str(number)


@dataclass(frozen=True, slots=True)
class _Described:
    """A move taken apart for notation."""

    kind: int  # piece type
    red: bool
    file_number: int  # of the from point, in the mover's numbering
    direction: int  # +1 forward, -1 back, 0 sideways
    target: int  # points moved, or the file arrived on
    tandem_rank: int  # 0-based place among like pieces on its file, front first
    tandem_count: int  # like pieces on its file (1: none)
    multi_file_pawns: bool  # pawns stand 2+ on more than one file
    letter_index: int  # WXF: place in the a, b, c... count of tandem pawns


def _describe(position: Position, move: int) -> _Described:
    frm, to = move_cells(move)
    letter = position.piece_at(frm)
    if letter is None:
        raise InvalidInput(f"no piece on {format_iccs(move)[:2]}")
    red = letter.isupper()
    kind = PIECE_LETTERS.index(letter.upper())
    (file, rank), (to_file, to_rank) = cell_point(frm), cell_point(to)
    forward = 1 if red else -1
    steps = (to_rank - rank) * forward
    direction = (steps > 0) - (steps < 0)
    # Sideways moves and diagonal movers (advisor, elephant, horse) name the file
    # they arrive on; the others along their file the number of points.
    diagonal = kind in (1, 2, 3)
    target = _file_number(to_file, red) if direction == 0 or diagonal else abs(steps)
    # Like pieces of the mover on each file, front (most advanced) first.
    by_file: dict[int, list[int]] = {}
    for cell in _cells_of(position, red, kind):
        f, r = cell_point(cell)
        by_file.setdefault(f, []).append(r)
    for ranks in by_file.values():
        ranks.sort(reverse=red)
    same_file = by_file[file]
    tandem_files = sorted(
        (f for f, ranks in by_file.items() if len(ranks) > 1),
        key=lambda f: _file_number(f, red),
    )
    multi = kind == 6 and len(tandem_files) > 1
    letter_index = 0
    if multi:
        for f in tandem_files:
            if f == file:
                letter_index += same_file.index(rank)
                break
            letter_index += len(by_file[f])
    else:
        letter_index = same_file.index(rank)
    return _Described(
        kind,
        red,
        _file_number(file, red),
        direction,
        target,
        same_file.index(rank),
        len(same_file),
        multi,
        letter_index,
    )


def _cells_of(position: Position, red: bool, kind: int) -> list[int]:
    """The cells of one side's pieces of one type (from the engine's piece lists)."""
    from tansuo.xiangqi._kernels import board as kb

    first = 1 + (0 if red else 16)
    return [
        int(position.pos[kb.SQUARES + slot])
        for slot in range(first, first + 16)
        if kb.SLOT_TYPE[slot] == kind and position.pos[kb.SQUARES + slot]
    ]


def format_chinese(position: Position, move: int) -> str:
    """The move in Chinese notation, as a person writes it: ``炮二平五``, ``马8进7``.

    Parameters
    ----------
    position : Position
        The position before the move.
    move : int
        A legal move of ``position`` (not checked).

    Returns
    -------
    str

    Raises
    ------
    InvalidInput
        No piece stands on the move's starting point.

    Examples
    --------
    >>> format_chinese(Position(), parse_iccs("h2e2"))
    '炮二平五'
    """
    d = _describe(position, move)
    name = (_RED_NAMES if d.red else _BLACK_NAMES)[d.kind]
    tail = _DIRECTIONS[d.direction] + _numeral(d.target, d.red)
    if d.tandem_count == 1:
        return name + _numeral(d.file_number, d.red) + tail
    ordinal = _ORDINALS[d.tandem_count][d.tandem_rank]
    if d.multi_file_pawns:
        return ordinal + _numeral(d.file_number, d.red) + tail
    return ordinal + name + tail


def format_wxf(position: Position, move: int) -> str:
    """The move in WXF letters: ``C2=5``, ``H8+7``, ``R+=4`` (front rook to file 4).

    Parameters
    ----------
    position : Position
        The position before the move.
    move : int
        A legal move of ``position`` (not checked).

    Returns
    -------
    str

    Raises
    ------
    InvalidInput
        No piece stands on the move's starting point.

    Examples
    --------
    >>> format_wxf(Position(), parse_iccs("b0c2"))
    'H8+7'
    """
    d = _describe(position, move)
    piece = _WXF_PIECES[d.kind]
    tail = _WXF_DIRECTIONS[d.direction] + str(d.target)
    if d.tandem_count == 1:
        return piece + str(d.file_number) + tail
    if d.tandem_count == 2 and not d.multi_file_pawns:
        return piece + "+-"[d.tandem_rank] + tail
    return piece + "abcdefghij"[d.letter_index] + tail


def _fold_chinese(text: str) -> str:
    return text.translate(_CHINESE_FOLD)


def _fold_wxf(text: str) -> str:
    t = text.strip().replace(" ", "")
    if not t:
        return t
    piece = {"B": "E", "N": "H"}.get(t[0].upper(), t[0].upper())
    return piece + t[1:].lower().replace(".", "=")


_ICCS_RE = re.compile(r"^[a-iA-I][0-9]-?[a-iA-I][0-9]$")


def _checked_iccs(position: Position, text: str) -> int:
    if not _ICCS_RE.match(text.strip()):
        raise InvalidInput(f"{text!r} is not an ICCS move (like h2e2)")
    move = parse_iccs(text)
    if move not in position.legal_moves():
        raise InvalidInput(f"{format_iccs(move)} is not a legal move in this position")
    return move


def parse_move(position: Position, text: str) -> int:
    """A legal move of ``position`` from ICCS, Chinese or WXF notation.

    Parameters
    ----------
    position : Position
    text : str
        ``h2e2``, ``炮二平五`` (traditional and full-width forms too), ``C2=5`` or ``C2.5``.

    Returns
    -------
    int
        The move int.

    Raises
    ------
    InvalidInput
        The text is no move in any of the notations, or names no legal move.

    Examples
    --------
    >>> pos = Position()
    >>> {format_iccs(parse_move(pos, t)) for t in ("h2e2", "炮二平五", "C2=5", "C2.5")}
    {'h2e2'}
    """
    t = text.strip()
    if not t:
        raise InvalidInput("empty move")
    if _ICCS_RE.match(t):
        return _checked_iccs(position, t)
    moves = position.legal_moves()
    if any("\u3400" <= c <= "\u9fff" for c in t):
        wanted, fold, fmt = _fold_chinese(t), _fold_chinese, format_chinese
    else:
        wanted, fold, fmt = _fold_wxf(t), _fold_wxf, format_wxf
    found = [m for m in moves if fold(fmt(position, m)) == wanted]
    if len(found) == 1:
        return found[0]
    if not found:
        raise InvalidInput(f"{text!r} is not a legal move here (ICCS h2e2, WXF C2=5 or 炮二平五)")
    raise InvalidInput(f"{text!r} is ambiguous here")  # pragma: no cover - formats are unique


# ---------------------------------------------------------------------------
# Bundled data
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PerftCase:
    """A published perft test: a position and its leaf counts at depths 1, 2, ..."""

    name: str
    fen: str
    counts: tuple[int, ...]
    source: str


def _data_text(name: str) -> str:
    return (resources.files("tansuo") / "data" / "xiangqi" / name).read_text(encoding="utf-8")


def _records(name: str) -> list[list[str]]:
    rows = []
    for line in _data_text(name).splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            rows.append([part.strip() for part in line.split("|")])
    return rows


def bundled_perft() -> list[PerftCase]:
    """The published perft positions tansuo is tested against (``data/xiangqi/perft.txt``).

    Returns
    -------
    list of PerftCase
        Each with ``name``, ``fen``, ``counts`` (leaves at depth 1, 2, ...) and ``source``.

    Raises
    ------
    OSError
        The package data is missing (a broken installation).

    Examples
    --------
    >>> case = bundled_perft()[0]
    >>> case.name, case.counts[:2]
    ('start', (44, 1920))
    """
    return [
        PerftCase(name, fen, tuple(int(c) for c in counts.split()), source)
        for name, fen, counts, source in _records("perft.txt")
    ]


def bundled_openings() -> list[tuple[str, list[str]]]:
    """Named opening lines (ICCS moves from the initial position) for matches.

    Returns
    -------
    list of (str, list of str)
        ``(name, moves)``, the name in Chinese notation.

    Raises
    ------
    OSError
        The package data is missing (a broken installation).

    Examples
    --------
    >>> name, moves = bundled_openings()[0]
    >>> moves[:2]
    ['h2e2', 'h9g7']
    """
    return [(name, moves.split()) for name, moves in _records("openings.txt")]


def bundled_position_names() -> list[str]:
    """Names accepted by :func:`bundled_position`: the perft positions and the openings.

    Returns
    -------
    list of str

    Raises
    ------
    OSError
        The package data is missing (a broken installation).

    Examples
    --------
    >>> bundled_position_names()[0]
    'start'
    """
    return [case.name for case in bundled_perft()] + [name for name, _ in bundled_openings()]


def bundled_position(name: str) -> Position:
    """A bundled position by name (a perft test position, or the end of an opening line).

    Parameters
    ----------
    name : str
        One of :func:`bundled_position_names`.

    Returns
    -------
    Position

    Raises
    ------
    InvalidInput
        No bundled position has that name (the message lists them).

    Examples
    --------
    >>> bundled_position("start").fen() == START_FEN
    True
    """
    for case in bundled_perft():
        if case.name == name:
            return parse_fen(case.fen)
    for opening, moves in bundled_openings():
        if opening == name:
            return parse_position("startpos moves " + " ".join(moves))
    raise InvalidInput(
        f"no bundled position {name!r}; choose one of: {', '.join(bundled_position_names())}"
    )

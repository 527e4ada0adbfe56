"""Sudoku text formats: one puzzle per line, framed grids, files of many, bundled sets.

* **A line** of ``n*n`` symbols, row by row: ``1``-``9`` then ``A``-``P``,
  ``.`` (or ``0`` in grids up to 9x9) for an empty cell; the 81-character line
  of the Sudoku world for 9x9.
* **A grid** over ``n`` lines, as :meth:`~tansuo.sudoku.Sudoku.format_grid`
  prints it: spaces, ``|``, ``-`` and ``+`` are decoration and skipped.
* **A file of puzzles**: one line each; blank lines and ``#`` comments are
  skipped, and every puzzle keeps its line number for messages.

Files are read through :func:`tansuo.files.read_text`, which names the path
and the problem (missing, a directory, binary, not UTF-8, too large).

>>> puzzle = parse_puzzle("1.3.3..2.1.34..1")
>>> format_puzzle(puzzle), puzzle.size
('1.3.3..2.1.34..1', 4)
>>> bundled_puzzle_names()
('hardest', 'top95')
"""

from __future__ import annotations

import gzip
import io
import math
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import BinaryIO

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.files import could_be_path, open_input, read_text, shown_path
from tansuo.sudoku.model import MAX_SIZE, SYMBOLS, Sudoku, box_shape, check_size, symbol_range

DECORATION = frozenset(" \t\r|-+")
"""Characters that may frame a grid written over several lines; they are skipped."""

BUNDLED_SETS = ("hardest", "top95")
"""The puzzle sets that ship with tansuo: Norvig's 11 hardest and top95 (9x9)."""


# -- one puzzle --------------------------------------------------------------------
def parse_box(text: str) -> tuple[int, int]:
    """Read a box shape written ``RxC`` (``"2x3"``: boxes of 2 rows and 3 columns).

    Parameters
    ----------
    text : str
        Rows and columns of one box, joined by ``x`` (or ``*``).

    Returns
    -------
    (rows, cols) : tuple of int

    Raises
    ------
    InvalidInput
        Text that is not ``RxC``, a side below 1, or a grid larger than
        :data:`MAX_SIZE`.

    Examples
    --------
    >>> parse_box("2x3")
    (2, 3)
    >>> parse_box("3 by 3")
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: box shape '3 by 3': expected ROWSxCOLUMNS, such as 3x3 or 2x3
    """
    parts = text.lower().replace("*", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdecimal() and len(p.strip()) < 6 for p in parts):
        shown = text if len(text) <= 40 else f"{text[:40]}..."
        raise InvalidInput(f"box shape {shown!r}: expected ROWSxCOLUMNS, such as 3x3 or 2x3")
    rows, cols = int(parts[0]), int(parts[1])
    if rows < 1 or cols < 1:
        raise InvalidInput(f"box shape {text!r}: rows and columns must be at least 1")
    check_size(rows * cols)
    return rows, cols


def _value_of(char: str) -> int | None:
    """The value a character stands for before the size is known (0 empty), None if unknown."""
    if char in ".0":
        return 0
    index = SYMBOLS.find(char.upper())
    return index + 1 if index >= 0 else None


def parse_puzzle(
    text: str,
    *,
    size: int | None = None,
    box: tuple[int, int] | None = None,
    source: str | None = None,
    first_line: int = 1,
    check: bool = True,
) -> Sudoku:
    """Read one puzzle: one line of ``n*n`` symbols, or a grid over several lines.

    Spaces, ``|``, ``-`` and ``+`` are decoration and skipped, so both
    ``"4.....8.5.3..."`` and a framed grid as :meth:`Sudoku.format_grid`
    prints it are read. The size comes from the number of cells unless
    ``size`` or ``box`` is given.

    Parameters
    ----------
    text : str
        The puzzle.
    size : int, optional
        The side of the grid; must match the cell count.
    box : (rows, cols), optional
        The box shape; by default :func:`box_shape` of the size.
    source : str, optional
        A file name to put in error messages.
    first_line : int
        Line number of the first line of ``text`` in its file (for messages).
    check : bool
        Also reject givens that clash (default). ``False`` only reads.

    Returns
    -------
    Sudoku

    Raises
    ------
    InvalidInput
        An unknown character or a value too large for the size (with its line
        and column), a cell count that makes no grid, or clashing givens
        (naming the cells).

    Examples
    --------
    >>> parse_puzzle("1 2|3 4\\n3 4|1 2\\n---+---\\n2 1|4 3\\n4 3|2 1").given_count
    16
    """
    found: list[tuple[str, int, int]] = []  # (character, line, column)
    for line_no, line in enumerate(text.splitlines(), start=first_line):
        for col_no, char in enumerate(line, start=1):
            if char in DECORATION:
                continue
            if _value_of(char) is None:
                raise InvalidInput(
                    f"unknown character {char!r} (cells are {symbol_range(MAX_SIZE)}, "
                    f"'.' or '0' for empty)",
                    line=line_no,
                    column=col_no,
                    source=source,
                )
            found.append((char, line_no, col_no))
    if not found:
        raise InvalidInput("empty puzzle: no cells found", source=source)
    n = _infer_size(len(found), size, box, source, found)
    rows, cols = box if box is not None else box_shape(n)
    cells = []
    for char, line_no, col_no in found:
        value = _value_of(char)
        assert value is not None
        if value > n or (char == "0" and n > 9):
            what = "'0' is not" if char == "0" else f"{char!r} is not a value"
            raise InvalidInput(
                f"{what} in a {n}x{n} grid (values {symbol_range(n)}, '.' for empty)",
                line=line_no,
                column=col_no,
                source=source,
            )
        cells.append(value)
    puzzle = Sudoku(rows, cols, tuple(cells))
    if check:
        try:
            puzzle.check_consistent()
        except InvalidInput as exc:
            in_file = source is not None or first_line != 1
            at_line = first_line if in_file and len(text.splitlines()) == 1 else None
            raise InvalidInput(exc.reason, line=at_line, source=source) from None
    return puzzle


LINE_VALUES = bytes(0 if c in b".0" else c - 48 if 49 <= c <= 57 else 255 for c in range(256))
"""A byte of a 9x9 line -> its cell value (0 empty, 255 not a cell), for ``bytes.translate``."""


def nine_by_nine_cells(text: str) -> tuple[int, ...] | None:
    """The cells of an 81-character line of ``1``-``9``, ``.`` and ``0``; None for any other text.

    The quick way in for the commonest input (what :func:`parse_puzzle` would
    read, without its checks and messages): a few hundred nanoseconds.

    Examples
    --------
    >>> nine_by_nine_cells("1" + "." * 80)[:3], nine_by_nine_cells("1 2")
    ((1, 0, 0), None)
    """
    if len(text) != 81 or not text.isascii():
        return None
    values = text.encode("ascii").translate(LINE_VALUES)
    return None if 255 in values else tuple(values)


def _infer_size(
    count: int,
    size: int | None,
    box: tuple[int, int] | None,
    source: str | None,
    found: Sequence[tuple[str, int, int]],
) -> int:
    if box is not None:
        rows, cols = box
        if size is not None and rows * cols != size:
            raise InvalidInput(f"boxes of {rows}x{cols} do not tile a {size}x{size} grid")
        size = rows * cols
    if size is not None:
        check_size(size)
        want = size * size
        if count > want:
            _, line_no, col_no = found[want]
            raise InvalidInput(
                f"too many cells: a {size}x{size} grid has {want}, found {count}",
                line=line_no,
                column=col_no,
                source=source,
            )
        if count < want:
            raise InvalidInput(
                f"too few cells: a {size}x{size} grid has {want}, found {count}",
                source=source,
                line=found[-1][1],
            )
        return size
    side = math.isqrt(count)
    if side * side != count or side > MAX_SIZE:
        nearest = min(range(1, MAX_SIZE + 1), key=lambda s: abs(s * s - count))
        raise InvalidInput(
            f"{count} cells make no square grid (a {nearest}x{nearest} grid has "
            f"{nearest * nearest}; sizes up to {MAX_SIZE}x{MAX_SIZE})",
            source=source,
            line=found[-1][1] if found[0][1] == found[-1][1] else None,
        )
    return side


def parse_puzzles(
    text: str,
    *,
    size: int | None = None,
    box: tuple[int, int] | None = None,
    source: str | None = None,
) -> list[tuple[int, Sudoku]]:
    """Read a file of puzzles, one per line; blank lines and ``#`` comments are skipped.

    Every line is checked before any is returned, so a bad line is reported
    (with its line and column) before any work starts.

    Parameters
    ----------
    text : str
        The file's text.
    size : int, optional
        The side of every grid; by default each line's cell count decides.
    box : (rows, cols), optional
        The box shape of every grid.
    source : str, optional
        A file name to put in error messages.

    Returns
    -------
    list of (int, Sudoku)
        ``(line number, puzzle)`` pairs in file order.

    Raises
    ------
    InvalidInput
        The first bad line, as :func:`parse_puzzle` says it, or a text with
        no puzzle at all.

    Examples
    --------
    >>> [(n, p.size) for n, p in parse_puzzles("# two\\n1" + "." * 15 + "\\n\\n" + "." * 81)]
    [(2, 4), (4, 9)]
    """
    puzzles = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        puzzles.append(
            (line_no, parse_puzzle(line, size=size, box=box, source=source, first_line=line_no))
        )
    if not puzzles:
        raise InvalidInput("no puzzles found (one per line; # starts a comment)", source=source)
    return puzzles


def format_puzzle(puzzle: Sudoku) -> str:
    """The one-line form: ``n*n`` symbols, ``.`` for empty (what :func:`parse_puzzle` reads).

    Parameters
    ----------
    puzzle : Sudoku
        Any size.

    Returns
    -------
    str
        One line, without a line break.

    Examples
    --------
    >>> format_puzzle(Sudoku.empty(4))
    '................'
    """
    return puzzle.to_string()


def format_puzzles(puzzles: Iterable[Sudoku]) -> str:
    """A file of puzzles: one line each, ending with a line break.

    Parameters
    ----------
    puzzles : iterable of Sudoku
        Any sizes, mixed.

    Returns
    -------
    str
        What :func:`parse_puzzles` reads back (empty for no puzzles).

    Examples
    --------
    >>> format_puzzles([Sudoku.empty(4), parse_puzzle("1.3.3..2.1.34..1")])
    '................\\n1.3.3..2.1.34..1\\n'
    """
    return "".join(p.to_string() + "\n" for p in puzzles)


# -- files -------------------------------------------------------------------------
def read_puzzle(
    path: str | os.PathLike[str],
    *,
    size: int | None = None,
    box: tuple[int, int] | None = None,
) -> Sudoku:
    """The one puzzle of a file (a line, or a grid over several lines; ``#`` comments skipped).

    Parameters
    ----------
    path : str or os.PathLike
        The file; ``-`` reads standard input.
    size : int, optional
        The side of the grid; by default the cell count decides.
    box : (rows, cols), optional
        The box shape.

    Returns
    -------
    Sudoku

    Raises
    ------
    InvalidInput
        A file that cannot be read (named with the reason, as
        :func:`tansuo.files.read_text` says it), or a puzzle
        :func:`parse_puzzle` refuses.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "four.txt"
    ...     _ = path.write_text("# a 4x4 grid\\n1 . | 3 .\\n3 . | . 2\\n. 1 | . 3\\n4 . | . 1\\n")
    ...     read_puzzle(path).given_count
    8
    """
    name = os.fspath(path)
    text = read_text(name)
    lines = [ln for ln in text.splitlines() if not ln.lstrip().startswith("#")]
    source = "stdin" if name == "-" else name
    return parse_puzzle("\n".join(lines), size=size, box=box, source=source)


def read_puzzles(source: str | bytes | os.PathLike[str]) -> np.ndarray:
    """Many 9x9 puzzles at once, as one ``(n, 81)`` array of ``uint8`` (0 empty, 1-9 given).

    One puzzle per line, 81 characters (``1``-``9``, ``.`` or ``0`` empty);
    blank lines and ``#`` comments are skipped, spaces around a line too. The
    whole text is read with numpy at once. Givens are not checked for clashes
    here: :func:`~tansuo.sudoku.solve_many` reports those per puzzle.

    Parameters
    ----------
    source : str, bytes or os.PathLike
        A file (a path, or ``-`` for standard input; ``.gz`` is unpacked), or
        the text itself: ``bytes``, a ``str`` with a line break, or one that
        cannot be a file name.

    Returns
    -------
    numpy.ndarray
        ``(n, 81)`` of ``uint8``, in file order.

    Raises
    ------
    InvalidInput
        The first line that is not a 9x9 puzzle (with ``line=`` and, for a
        bad character, ``column=``), or a file that cannot be read.

    Examples
    --------
    >>> grid = read_puzzles("# two puzzles\\n" + "1" + "." * 80 + "\\n" + "0" * 81 + "\\n")
    >>> grid.shape, grid.dtype.name, int(grid[0, 0]), int(grid.sum())
    ((2, 81), 'uint8', 1, 1)
    >>> read_puzzles("." * 81 + "\\n" + "." * 80 + "x\\n")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: line 2, column 81: unknown character 'x' (cells are 1-9, ...
    """
    data, name = _puzzle_bytes(source)
    grid, _lines, bad = parse_puzzle_lines(data)
    if bad:
        line, _text, error = bad[0]
        raise InvalidInput(error.reason, line=line, column=error.column, source=name)
    return grid


CHUNK_BYTES = 1 << 22
"""Bytes :func:`iter_puzzle_chunks` reads at a time (about 50,000 lines of 81 cells)."""


def iter_puzzle_chunks(source: str, chunk_bytes: int | None = None) -> Iterator[tuple[int, bytes]]:
    """A file of puzzles a chunk of whole lines at a time: ``(first line number, bytes)``.

    For files of millions of lines, read in bounded memory: ``source`` is a
    path (``.gz`` unpacked), ``-`` for standard input, or the name of a
    bundled set. Errors name the file as :func:`tansuo.files.read_text`'s do.
    """
    if source in BUNDLED_SETS and not Path(source).exists():
        yield 1, bundled_text(source).encode("utf-8")
        return
    if source == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream without bytes underneath (tests, notebooks)
            yield 1, sys.stdin.read().encode("utf-8")
            return
        yield from _chunks(stream, "stdin", chunk_bytes or CHUNK_BYTES)
        return
    with open_input(source) as handle:  # a FIFO or a device is refused, not waited on
        yield from _chunks(handle, shown_path(source), chunk_bytes or CHUNK_BYTES)


def _chunks(
    stream: BinaryIO | gzip.GzipFile | io.BufferedReader, name: str, chunk_bytes: int
) -> Iterator[tuple[int, bytes]]:
    line = 1
    rest = b""
    while True:
        try:
            block = stream.read(chunk_bytes)
        except (OSError, EOFError) as exc:
            raise InvalidInput(f"{name}: cannot read it after line {line} ({exc})") from None
        if not block:
            break
        if b"\x00" in block:
            raise InvalidInput(f"{name}: a binary file, expected text")
        block = rest + block
        cut = block.rfind(b"\n") + 1
        if cut == 0:
            rest = block
            continue
        rest = block[cut:]
        whole = block[:cut]
        _check_utf8(whole, name, line)
        yield line, whole
        line += whole.count(b"\n")
    if rest:
        _check_utf8(rest, name, line)
        yield line, rest


def _check_utf8(data: bytes, name: str, first_line: int) -> None:
    """Refuse bytes that are not UTF-8, naming the line, as :func:`tansuo.files.iter_lines` does."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = first_line + data.count(b"\n", 0, exc.start)
        raise InvalidInput(f"{name}: line {line}: not UTF-8 text") from None


def _puzzle_bytes(source: str | bytes | os.PathLike[str]) -> tuple[bytes, str | None]:
    """The bytes of a file or of inline text, and the file's name (None for text)."""
    if isinstance(source, bytes):
        return source, None
    if isinstance(source, str) and ("\n" in source or not could_be_path(source)):
        return source.encode("utf-8"), None
    name = os.fspath(source)
    if isinstance(source, str) and name != "-" and not Path(name).exists():
        stripped = name.strip()
        if len(stripped) == 81 and not _PATH_LIKE.search(stripped):
            return name.encode("utf-8"), None  # one puzzle line, not a file name
    return read_text(name).encode("utf-8"), "stdin" if name == "-" else name


_CELL_VALUES = np.full(256, 255, dtype=np.uint8)
_CELL_VALUES[ord(".")] = 0
_CELL_VALUES[ord("0")] = 0
for _value in range(1, 10):
    _CELL_VALUES[ord(str(_value))] = _value
_NEWLINE = ord("\n")


def parse_puzzle_lines(
    data: bytes, first_line: int = 1
) -> tuple[np.ndarray, np.ndarray, list[tuple[int, str, InvalidInput]]]:
    """The 9x9 puzzle lines of ``data``, vectorised: ``(grid, line numbers, bad lines)``.

    Blank and ``#`` lines are skipped; a bad line is returned, not raised, for
    the caller to refuse (:func:`read_puzzles`) or to hand to a solver that
    reads any size (the command line's batches).

    Parameters
    ----------
    data : bytes
        The text, UTF-8; ``\\r\\n`` line ends are read too.
    first_line : int
        The line number of the first line of ``data`` in its file.

    Returns
    -------
    grid : numpy.ndarray
        ``(n, 81)`` of ``uint8``: the puzzles (0 empty).
    lines : numpy.ndarray
        ``(n,)`` of ``int64``: the line number of each row of ``grid``.
    bad : list of (int, str, InvalidInput)
        The other non-blank, non-comment lines: line number, text and why it
        is not a 9x9 puzzle, in file order.

    Examples
    --------
    >>> grid, lines, bad = parse_puzzle_lines(b"# set\\n" + b"." * 81 + b"\\n12x\\n")
    >>> grid.shape, lines.tolist(), [(n, text, e.column) for n, text, e in bad]
    ((1, 81), [2], [(3, '12x', 3)])
    """
    buf = np.frombuffer(data, dtype=np.uint8)
    returns = np.flatnonzero(buf[:-1] == ord("\r"))
    if len(returns):
        returns = returns[buf[returns + 1] == _NEWLINE]
        buf = np.delete(buf, returns)  # Windows line ends
    if len(buf) and buf[-1] != _NEWLINE:
        buf = np.concatenate([buf, np.array([_NEWLINE], dtype=np.uint8)])
    if len(buf) % 82 == 0 and (buf[81::82] == _NEWLINE).all():
        # the common file: every line a puzzle of 81 characters
        cells = buf.reshape(-1, 82)[:, :81]
        count = len(cells)
        starts = np.arange(0, len(buf), 82)
        stops = starts + 81
        rows = np.arange(count)
        others: list[int] = []
    else:
        ends = np.flatnonzero(buf == _NEWLINE)
        count = len(ends)
        starts = np.empty_like(ends)
        starts[:1] = 0
        starts[1:] = ends[:-1] + 1
        stops = ends
        exact = stops - starts == 81
        rows = np.flatnonzero(exact)
        cells = buf[starts[rows, None] + np.arange(81)]
        others = np.flatnonzero(~exact).tolist()
    numbers = np.arange(first_line, first_line + count, dtype=np.int64)
    values = _CELL_VALUES[cells]
    wrong = np.flatnonzero((values == 255).any(axis=1))
    keep = np.ones(len(rows), dtype=bool)
    keep[wrong] = False
    bad: list[tuple[int, str, InvalidInput]] = []
    for row in wrong.tolist():
        others.append(int(rows[row]))
    extra_lines: list[int] = []
    extra_cells: list[bytes] = []
    for index in sorted(others):
        raw = bytes(buf[starts[index] : stops[index]])
        number = int(numbers[index])
        text = raw.decode("utf-8", errors="replace")
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(stripped) == 81 and stripped.isascii():
            line_cells = _CELL_VALUES[np.frombuffer(stripped.encode(), dtype=np.uint8)]
            if not (line_cells == 255).any():
                extra_lines.append(number)
                extra_cells.append(line_cells.tobytes())
                continue
        bad.append((number, stripped, _line_error(text)))
    grid = values[keep]
    lines = numbers[rows[keep]]
    if extra_lines:
        grid = np.concatenate(
            [grid, np.frombuffer(b"".join(extra_cells), np.uint8).reshape(-1, 81)]
        )
        lines = np.concatenate([lines, np.array(extra_lines, dtype=np.int64)])
        order = np.argsort(lines, kind="stable")
        grid, lines = grid[order], lines[order]
    return np.ascontiguousarray(grid), lines, bad


def _line_error(text: str) -> InvalidInput:
    """Why a line is not a 9x9 puzzle, with the column of the first bad character."""
    offset = len(text) - len(text.lstrip())
    body = text.strip()
    for column, char in enumerate(body, start=offset + 1):
        if char not in ".0123456789":
            return InvalidInput(
                f"unknown character {char!r} (cells are 1-9, '.' or '0' for empty)",
                column=column,
            )
    return InvalidInput(f"{len(body)} cells: a 9x9 puzzle is a line of 81")


def write_puzzles(path: str | os.PathLike[str], puzzles: Iterable[Sudoku]) -> None:
    """Write puzzles one per line (a file :func:`read_puzzles` reads back).

    Parameters
    ----------
    path : str or os.PathLike
        The file to write; an existing file is replaced.
    puzzles : iterable of Sudoku
        The puzzles, as :func:`format_puzzles` writes them.

    Raises
    ------
    OSError
        The file cannot be written.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "two.txt"
    ...     write_puzzles(path, bundled_puzzles("hardest")[:2])
    ...     read_puzzles(path).shape
    (2, 81)
    """
    Path(path).write_text(format_puzzles(puzzles), encoding="utf-8")


_PATH_LIKE = re.compile(r"[/\\]|\.[A-Za-z]{2,4}$")


def load_puzzle(
    source: str,
    *,
    size: int | None = None,
    box: tuple[int, int] | None = None,
) -> Sudoku:
    """A puzzle given as the command line gives it: the puzzle itself, a file, or ``-``.

    ``source`` is the puzzle when it cannot be a path at all (a 16x16 or 25x25
    line is longer than any file name; see :func:`tansuo.files.could_be_path`)
    or when no such file exists and it reads as a puzzle; a file (or ``-``
    for standard input) otherwise. An existing directory is named as one, and
    a name that looks like a path but is no file is said to be missing rather
    than read as a row of cells.

    Parameters
    ----------
    source : str
        The puzzle, a path, or ``-``.
    size : int, optional
        The side of the grid; by default the cell count decides.
    box : (rows, cols), optional
        The box shape.

    Returns
    -------
    Sudoku

    Raises
    ------
    InvalidInput
        A file that cannot be read, a missing file, or a puzzle
        :func:`parse_puzzle` refuses.

    Examples
    --------
    >>> load_puzzle("1.3.3..2.1.34..1").given_count
    8
    >>> load_puzzle("no/such/puzzle.txt")
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: no/such/puzzle.txt: no such file (and not a puzzle)
    """
    if source == "-":
        return read_puzzle(source, size=size, box=box)
    if not could_be_path(source):
        return parse_puzzle(source, size=size, box=box)
    if Path(source).exists():
        return read_puzzle(source, size=size, box=box)  # a directory is refused by name
    try:
        return parse_puzzle(source, size=size, box=box)
    except InvalidInput:
        if _PATH_LIKE.search(source):
            raise InvalidInput(f"{source}: no such file (and not a puzzle)") from None
        raise


# -- bundled sets ------------------------------------------------------------------
def bundled_puzzle_names() -> tuple[str, ...]:
    """The names of the bundled puzzle sets (:data:`BUNDLED_SETS`).

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> bundled_puzzle_names()
    ('hardest', 'top95')
    """
    return BUNDLED_SETS


def bundled_puzzles(name: str) -> list[Sudoku]:
    """One of the bundled 9x9 sets, in file order: ``"top95"`` or ``"hardest"``.

    Parameters
    ----------
    name : str
        One of :func:`bundled_puzzle_names`.

    Returns
    -------
    list of Sudoku

    Raises
    ------
    InvalidInput
        An unknown name (the message lists the known ones).

    Examples
    --------
    >>> len(bundled_puzzles("top95")), bundled_puzzles("hardest")[0].given_count
    (95, 22)
    """
    return [puzzle for _line, puzzle in parse_puzzles(bundled_text(name), source=f"{name}.txt")]


def bundled_text(name: str) -> str:
    """The text of a bundled set's file, one puzzle per line with its ``#`` header.

    Parameters
    ----------
    name : str
        One of :func:`bundled_puzzle_names`.

    Returns
    -------
    str

    Raises
    ------
    InvalidInput
        An unknown name (the message lists the known ones).

    Examples
    --------
    >>> text = bundled_text("hardest")
    >>> text.startswith("#"), len(parse_puzzles(text))
    (True, 11)
    >>> bundled_text("easy")
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: no bundled puzzle set 'easy'; choose one of: hardest, top95
    """
    if name not in BUNDLED_SETS:
        raise InvalidInput(
            f"no bundled puzzle set {name!r}; choose one of: {', '.join(BUNDLED_SETS)}"
        )
    return (resources.files("tansuo") / "data" / "sudoku" / f"{name}.txt").read_text("utf-8")

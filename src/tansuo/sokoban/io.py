"""Reading and writing Sokoban files: XSB / .sok collections, LURD solutions.

A collection is any text holding boards; between boards there may be blank
lines, ``;`` comment lines, free text and ``Key: value`` metadata. Rows may be
run-length encoded (``4#`` is ``####``) and several rows may share one line,
joined by ``|``. A level's title is its ``Title:`` metadata, else the last
comment or text line above its board, else its number.

>>> levels = parse_collection("; first\\n#####\\n#@$.#\\n#####\\n\\n5#|#.$@#|5#\\nTitle: two")
>>> [(level.number, level.title) for level in levels]
[(1, 'first'), (2, 'two')]
>>> levels[1].text()
'#####\\n#.$@#\\n#####'

A solution file is the same shape: each title followed by its LURD line(s).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

from tansuo.errors import InvalidInput
from tansuo.files import read_text, shown_path
from tansuo.sokoban.model import Level, normalise_rows

_BOARD_CHARS = frozenset("#@+$*.-_ ")
_RLE = re.compile(r"(\d+)(.)")
_LONG_RUN = re.compile(r"\d{4}")
_META = re.compile(r"^([A-Za-z][\w -]{0,30}):\s*(.*)$")
_LURD = re.compile(r"^[lurdLURD\s]+$")


def expand_row(text: str) -> list[str] | None:
    """A line's board rows (run-length decoded, split at ``|``), or None if not board rows."""
    line = text.rstrip("\r\n")
    if not line.strip() or line.lstrip().startswith(";"):
        return None
    if any(ch.isdigit() for ch in line):
        if _LONG_RUN.search(line):  # no board row is a thousand cells wide: not a board
            return None
        line = _RLE.sub(lambda m: m.group(2) * int(m.group(1)), line)
    rows = line.split("|")
    for row in rows:
        if not set(row) <= _BOARD_CHARS:
            return None
    if not any("#" in row for row in rows):
        return None
    return [row.rstrip() for row in rows]


def _mostly_board(line: str) -> bool:
    """Whether most of a line's characters are board glyphs (a row with a stray one)."""
    return 2 * sum(ch in _BOARD_CHARS for ch in line) > len(line)


def parse_collection(text: str, *, source: str = "levels") -> list[Level]:
    """Every level in an XSB / .sok text, numbered from 1.

    Parameters
    ----------
    text : str
        The collection's text.
    source : str
        A name to put in error messages (the file's, for a file).

    Returns
    -------
    list of Level
        In file order, each with its number and title.

    Raises
    ------
    InvalidInput
        No board at all, or a board row with a stray glyph (naming the level).

    Examples
    --------
    >>> text = "; one\\n#####\\n#@$.#\\n#####\\n\\n; two\\n######\\n#@$ .#\\n######\\n"
    >>> levels = parse_collection(text)
    >>> [level.title for level in levels]
    ['one', 'two']
    """
    levels: list[Level] = []
    pending: list[str] = []  # text lines since the last board: title candidates
    board: list[str] = []
    meta: list[tuple[str, str]] = []

    def finish() -> None:
        if not board:
            return
        number = len(levels) + 1
        given = dict(meta)
        title = given.get("Title") or (pending[-1] if pending else str(number))
        try:
            rows = normalise_rows(board, f"level {number}")
        except InvalidInput as exc:
            raise InvalidInput(f"{source}: {exc}") from None
        levels.append(Level(rows, title=title, number=number, metadata=tuple(meta)))
        board.clear()
        pending.clear()
        meta.clear()

    for line in text.splitlines():
        rows = expand_row(line)
        if rows is not None:
            if not board and levels and meta and not pending:
                pass  # metadata already attached to the previous level
            board.extend(rows)
            continue
        stripped = line.strip()
        if board and stripped.startswith("#") and _mostly_board(stripped):
            # A wall row with a stray glyph inside a board, not the text after it: the
            # board's own error (naming the row), not a board cut short ("no player");
            # finish raises it (the row holds a glyph that expand_row refused).
            board.append(line.rstrip("\r\n"))
            finish()
        if board:
            # The board just ended: metadata right after it belongs to it.
            match = _META.match(stripped)
            if match:
                meta.append((match.group(1), match.group(2).strip()))
                continue
            finish()
        if not stripped:
            continue
        match = _META.match(stripped)
        if match and levels and not pending:
            # "Title: ..." after a blank line below a board: still that board's.
            key, value = match.group(1), match.group(2).strip()
            last = levels[-1]
            new_meta = (*last.metadata, (key, value))
            title = value if key == "Title" else last.title
            levels[-1] = Level(last.rows, title=title, number=last.number, metadata=new_meta)
            continue
        comment = stripped.lstrip(";").strip()
        if comment:
            pending.append(comment)
    finish()
    if not levels:
        raise InvalidInput(f"{source}: no Sokoban board found (rows of # @ + $ * . and spaces)")
    return levels


def read_collection(path: str | os.PathLike[str]) -> list[Level]:
    """The levels of an XSB / .sok file (``-`` reads standard input).

    Parameters
    ----------
    path : str or os.PathLike
        The file, or ``-``.

    Returns
    -------
    list of Level

    Raises
    ------
    InvalidInput
        A file that cannot be read (named with the reason), or text that
        :func:`parse_collection` refuses.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "one.xsb"
    ...     _ = path.write_text("; first\\n#####\\n#@$.#\\n#####\\n")
    ...     [(level.number, level.title) for level in read_collection(path)]
    [(1, 'first')]
    """
    return parse_collection(read_text(path), source=shown_path(path))


def pick_level(levels: list[Level], which: str | int | None) -> Level:
    """The level named by ``which``: a 1-based number or a title (None: the only/first one).

    A title is matched exactly first, then ignoring case.

    Parameters
    ----------
    levels : list of Level
        A collection.
    which : str, int or None
        A number from 1, a title, or None for the first level.

    Returns
    -------
    Level

    Raises
    ------
    InvalidInput
        A number out of range or a title no level has.

    Examples
    --------
    >>> pick_level(bundled_collection("microban"), 2).title
    '2'
    """
    if which is None:
        return levels[0]
    text = str(which).strip()
    if text.isdecimal():  # (isdigit() lets in "¹", which int() refuses)
        number = int(text) if len(text) <= 9 else len(levels) + 1  # (never int() 5,000 digits)
        if 1 <= number <= len(levels):
            return levels[number - 1]
        raise InvalidInput(f"no level {number}: the collection has {len(levels)}")
    for level in levels:
        if level.title == text:
            return level
    lowered = text.lower()
    for level in levels:
        if level.title.lower() == lowered:
            return level
    raise InvalidInput(f"no level titled {text!r} in the collection")


def format_level(level: Level, *, title: bool = True) -> str:
    """A level as XSB text with a ``; title`` line above it.

    Parameters
    ----------
    level : Level
        The level.
    title : bool
        Write the ``; title`` line (default).

    Returns
    -------
    str
        Ending with a line break.

    Examples
    --------
    >>> print(format_level(Level.from_text("#####\\n#@$.#\\n#####")), end="")
    ; 1
    #####
    #@$.#
    #####
    """
    head = f"; {level.title}\n" if title else ""
    return head + level.text() + "\n"


def format_solution(title: str, lurd: str) -> str:
    """One entry of a solution file: the title line, then the LURD string.

    Parameters
    ----------
    title : str
        The level's title.
    lurd : str
        Its solution, in LURD letters (capitals push).

    Returns
    -------
    str
        Ending with a blank line.

    Examples
    --------
    >>> format_solution("one", "rRR")
    '; one\\nrRR\\n\\n'
    >>> parse_solutions(format_solution("one", "rRR"))
    {'one': 'rRR'}
    """
    return f"; {title}\n{lurd}\n\n"


def parse_solutions(text: str, *, source: str = "solutions") -> dict[str, str]:
    """Title -> LURD from a solution file (``; title`` or ``Title: x`` lines, then LURD lines).

    A file holding just one LURD string (no title) gives ``{"": lurd}``.

    Parameters
    ----------
    text : str
        The file's text.
    source : str
        A name to put in error messages.

    Returns
    -------
    dict of str to str

    Raises
    ------
    InvalidInput
        No LURD solution in the text.

    Examples
    --------
    >>> parse_solutions("; one\\nrRR\\n")
    {'one': 'rRR'}
    """
    found: dict[str, str] = {}
    title: str | None = None
    chunks: list[str] = []

    def finish() -> None:
        if chunks:
            found[title if title is not None else ""] = "".join(chunks)
            chunks.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if _LURD.match(stripped):
            chunks.append("".join(stripped.split()))
            continue
        finish()
        match = _META.match(stripped)
        if match and match.group(1).lower() in ("title", "level"):
            title = match.group(2).strip()
        elif match and match.group(1).lower() == "solution":
            if _LURD.match(match.group(2) or "x"):
                chunks.append(match.group(2).strip())
        else:
            title = stripped.lstrip(";").strip()
    finish()
    if not found:
        raise InvalidInput(f"{source}: no LURD solution found (letters l u r d L U R D)")
    return found


def read_solutions(path: str | os.PathLike[str]) -> dict[str, str]:
    """Title -> LURD from a solution file (see :func:`parse_solutions`).

    Parameters
    ----------
    path : str or os.PathLike
        The file, or ``-`` for standard input.

    Returns
    -------
    dict of str to str

    Raises
    ------
    InvalidInput
        A file that cannot be read (named with the reason), or one without
        a LURD solution.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "solutions.txt"
    ...     _ = path.write_text("Title: one\\nrRR\\n\\n; two\\nuU\\n")
    ...     read_solutions(path)
    {'one': 'rRR', 'two': 'uU'}
    """
    return parse_solutions(read_text(path), source=shown_path(path))


def write_solutions(path: str | os.PathLike[str], entries: Iterable[tuple[str, str]]) -> None:
    """Write ``(title, lurd)`` entries as a solution file.

    Parameters
    ----------
    path : str or os.PathLike
        The file to write; an existing file is replaced.
    entries : iterable of (str, str)
        ``(title, lurd)`` pairs, written in order by :func:`format_solution`.

    Raises
    ------
    OSError
        The file cannot be written.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "solutions.txt"
    ...     write_solutions(path, [("one", "rRR"), ("two", "uU")])
    ...     read_solutions(path)
    {'one': 'rRR', 'two': 'uU'}
    """
    Path(path).write_text("".join(format_solution(t, s) for t, s in entries), encoding="utf-8")


_DATA = "tansuo.data.sokoban"
BUNDLED_COLLECTIONS = ("microban", "xsokoban90")
"""The bundled collections: Microban (155 levels, David W. Skinner) and XSokoban (90)."""


def bundled_collection_names() -> list[str]:
    """Names :func:`bundled_collection` takes.

    Returns
    -------
    list of str
        The bundled collections' names, in :data:`BUNDLED_COLLECTIONS` order.

    Examples
    --------
    >>> bundled_collection_names()
    ['microban', 'xsokoban90']
    """
    return list(BUNDLED_COLLECTIONS)


def bundled_collection(name: str) -> list[Level]:
    """A bundled collection by name (``microban``, ``xsokoban90``); its header says its source.

    Parameters
    ----------
    name : str
        One of :func:`bundled_collection_names`.

    Returns
    -------
    list of Level

    Raises
    ------
    InvalidInput
        An unknown name (the message lists the known ones).

    Examples
    --------
    >>> len(bundled_collection("microban"))
    155
    """
    from importlib import resources

    if name not in BUNDLED_COLLECTIONS:
        raise InvalidInput(
            f"no bundled collection {name!r}; choose one of: {', '.join(BUNDLED_COLLECTIONS)}"
        )
    text = resources.files(_DATA).joinpath(f"{name}.xsb").read_text("utf-8")
    return parse_collection(text, source=name)


def load_collection(text: str) -> list[Level]:
    """A command-line FILE: a path, ``-``, or the name of a bundled collection.

    A file of that name in the working folder wins over a bundled collection.

    Parameters
    ----------
    text : str
        What the user gave.

    Returns
    -------
    list of Level

    Raises
    ------
    InvalidInput
        A file that cannot be read, or text :func:`parse_collection` refuses.

    Examples
    --------
    >>> len(load_collection("microban"))
    155
    """
    from tansuo.files import could_be_path

    if (
        text != "-"
        and text in BUNDLED_COLLECTIONS
        and not (could_be_path(text) and Path(text).exists())
    ):
        return bundled_collection(text)
    return read_collection(text)

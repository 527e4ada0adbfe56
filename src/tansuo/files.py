"""Reading the files people give tansuo, and checking where its output will go.

One reader for every domain's ``io.py``: it says in one line what is wrong
with a path (missing, a directory, a FIFO or a device, binary, not UTF-8, too
large) instead of a traceback or a wait that never ends, reads ``-`` as
standard input and gunzips ``.gz`` files. Readers that must open a file
themselves (Pillow, a streaming reader) check it with :func:`check_input` or
open it with :func:`open_input` first. Messages name a path with
:func:`shown_path`, so that a name with a line break stays on one line. Output
paths are checked *before* any work starts, so that a long search never ends
in "cannot write there", and never overwrite an input or (without ``force``)
an existing file.
"""

from __future__ import annotations

import contextlib
import gzip
import os
import stat
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from tansuo.errors import InvalidInput

MAX_TEXT_BYTES = 1 << 30
"""The largest text file tansuo reads whole (1 GiB): beyond it, a clear refusal."""

MAX_LINE_BYTES = 1 << 26
"""The longest line :func:`iter_lines` reads (64 MiB): beyond it, a clear refusal."""

_NAME_MAX = 255  # bytes in one path component on the usual file systems


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as an error message shows it: as given, or quoted with escapes if it
    holds a line break or another character that cannot be printed.

    Parameters
    ----------
    path : str or os.PathLike
        Any path.

    Returns
    -------
    str
        One line.

    Examples
    --------
    >>> shown_path("puzzles.txt"), shown_path("two\\nlines.txt")
    ('puzzles.txt', "'two\\\\nlines.txt'")
    """
    name = os.fspath(path)
    return name if name.isprintable() else repr(name)


def could_be_path(text: str) -> bool:
    """Whether ``text`` could name a file at all.

    A command-line argument that is either a file or an inline instance (a
    Sudoku line, a board) is an instance when it cannot be a path: a
    component longer than the file system allows, a line break, a NUL.

    Parameters
    ----------
    text : str
        The argument.

    Returns
    -------
    bool
        False when no file system could hold a file of that name.

    Examples
    --------
    >>> could_be_path("puzzles.txt"), could_be_path("." * 300), could_be_path("a\\nb")
    (True, False, False)
    """
    if not text or "\n" in text or "\x00" in text:
        return False
    return all(len(part.encode("utf-8", "surrogateescape")) <= _NAME_MAX
               for part in text.replace("\\", "/").split("/"))  # fmt: skip


def read_text(path: str | os.PathLike[str], *, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The text of a file (``-`` is standard input; ``.gz`` is gunzipped).

    Parameters
    ----------
    path : str or os.PathLike
        The file, or ``-``.
    max_bytes : int
        The most it reads (of a ``.gz``: unpacked); a larger file is refused.

    Returns
    -------
    str

    Raises
    ------
    InvalidInput
        No such file, a directory, not a regular file (a FIFO, a device),
        unreadable, larger than ``max_bytes``, binary (a NUL byte), not UTF-8,
        or a broken gzip stream; the message names the path.

    Examples
    --------
    >>> import gzip, pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     packed = pathlib.Path(folder) / "note.txt.gz"
    ...     _ = packed.write_bytes(gzip.compress("探索\\n".encode()))
    ...     read_text(packed)
    '探索\\n'
    >>> read_text("no/such/file.txt")
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: no/such/file.txt: no such file
    """
    name = os.fspath(path)
    if name == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream without bytes underneath (tests, notebooks)
            return str(sys.stdin.read())
        data = stream.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise InvalidInput(f"stdin: more than tansuo reads at once ({max_bytes:,} bytes)")
        return _decode(data, "stdin")
    p = Path(name)
    try:
        with open_input(p, max_bytes=max_bytes) as handle:
            data = handle.read(max_bytes + 1)
    except (OSError, EOFError) as exc:
        raise InvalidInput(f"{shown_path(p)}: cannot read it ({_reason(exc)})") from None
    if len(data) > max_bytes:
        what = "unpacks to" if p.name.endswith(".gz") else "is"
        raise InvalidInput(f"{shown_path(p)}: {what} more than tansuo reads at once "
                           f"({max_bytes:,} bytes)")  # fmt: skip
    return _decode(data, shown_path(p))


def _decode(data: bytes, shown: str) -> str:
    if b"\x00" in data:
        raise InvalidInput(f"{shown}: a binary file, expected text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput(f"{shown}: not UTF-8 text (byte {exc.start + 1})") from None


def _reason(exc: BaseException) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


def check_input(path: str | os.PathLike[str], *, max_bytes: int | None = None) -> Path:
    """Check a file before it is opened: it exists, is a regular file, and is not too large.

    A FIFO would make the reader wait forever for a writer and a device such
    as ``/dev/zero`` would fill the memory, so both are refused at once (a
    stream is read from ``-``, standard input).

    Parameters
    ----------
    path : str or os.PathLike
        The file.
    max_bytes : int, optional
        The largest size on disk accepted; None for any.

    Returns
    -------
    pathlib.Path
        The path, checked.

    Raises
    ------
    InvalidInput
        No such file, a directory, not a regular file, or (with ``max_bytes``)
        larger than that; the message names the path.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:  # doctest: +ELLIPSIS
    ...     check_input(folder)
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: /...: is a directory, expected a file
    >>> check_input("/dev/zero")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: /dev/zero: not a regular file (a device); to read a stream, ...
    """
    p = Path(path)
    try:
        info = p.stat()
    except FileNotFoundError:
        raise InvalidInput(f"{shown_path(p)}: no such file") from None
    except (OSError, ValueError) as exc:  # a name too long, a NUL, no permission on a folder
        reason = _reason(exc) if isinstance(exc, OSError) else "not a usable file name"
        raise InvalidInput(f"{shown_path(p)}: cannot read it ({reason})") from None
    if stat.S_ISDIR(info.st_mode):
        raise InvalidInput(f"{shown_path(p)}: is a directory, expected a file")
    if not stat.S_ISREG(info.st_mode):
        kind = (
            "a FIFO" if stat.S_ISFIFO(info.st_mode)
            else "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
            else "a socket" if stat.S_ISSOCK(info.st_mode)
            else "not a file"
        )  # fmt: skip
        raise InvalidInput(
            f"{shown_path(p)}: not a regular file ({kind}); to read a stream, give - "
            "and send it to standard input"
        )
    if max_bytes is not None and info.st_size > max_bytes:
        raise InvalidInput(f"{shown_path(p)}: {info.st_size:,} bytes is more than tansuo "
                           f"reads at once ({max_bytes:,})")  # fmt: skip
    return p


def open_input(path: str | os.PathLike[str], *, max_bytes: int | None = None) -> BinaryIO:
    """A checked file opened for reading bytes (``.gz`` gunzipped): see :func:`check_input`.

    Parameters
    ----------
    path : str or os.PathLike
        The file.
    max_bytes : int, optional
        The largest size on disk of a plain file (a ``.gz`` is bounded by its
        reader, as it unpacks); None for any.

    Returns
    -------
    BinaryIO
        Open; the caller closes it (``with open_input(path) as handle:``).

    Raises
    ------
    InvalidInput
        As :func:`check_input` does, or the file cannot be opened.

    Examples
    --------
    >>> import gzip, pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     packed = pathlib.Path(folder) / "lines.gz"
    ...     _ = packed.write_bytes(gzip.compress(b"one\\ntwo\\n"))
    ...     with open_input(packed) as handle:
    ...         handle.read()
    b'one\\ntwo\\n'
    """
    packed = Path(path).name.endswith(".gz")
    p = check_input(path, max_bytes=None if packed else max_bytes)
    try:
        if p.name.endswith(".gz"):
            return gzip.open(p, "rb")  # type: ignore[return-value]
        return open(p, "rb")
    except OSError as exc:
        raise InvalidInput(f"{shown_path(p)}: cannot read it ({_reason(exc)})") from None


def iter_lines(path: str | os.PathLike[str]) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` of a text file, read as it goes (for files of millions of lines).

    The same checks and messages as :func:`read_text`, made line by line: a
    NUL byte, bytes that are not UTF-8 or a line over :data:`MAX_LINE_BYTES`
    stop the reading with the line's number. Line ends are stripped; ``-`` is
    standard input, ``.gz`` is gunzipped.

    Parameters
    ----------
    path : str or os.PathLike
        The file, or ``-``.

    Yields
    ------
    (int, str)
        The line number (from 1) and the line without its line end.

    Raises
    ------
    InvalidInput
        As :func:`check_input` does before the first line; a binary or
        non-UTF-8 line, or one that is too long, when it is reached.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "two.txt"
    ...     _ = path.write_bytes(b"one\\r\\ntwo\\n\\xff\\n")
    ...     list(iter_lines(path))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: /.../two.txt: line 3: not UTF-8 text
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "two.txt"
    ...     _ = path.write_bytes(b"one\\r\\ntwo\\n")
    ...     list(iter_lines(path))
    [(1, 'one'), (2, 'two')]
    """
    name = os.fspath(path)
    if name == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream without bytes underneath (tests, notebooks)
            for number, line in enumerate(sys.stdin, 1):
                yield number, line.rstrip("\r\n")
            return
        yield from _lines_of(stream, "stdin")
        return
    handle = open_input(name)
    with handle:
        yield from _lines_of(handle, shown_path(name))


def _lines_of(handle: BinaryIO, shown: str) -> Iterator[tuple[int, str]]:
    number = 0
    try:
        while True:
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            number += 1
            if len(raw) > MAX_LINE_BYTES:
                raise InvalidInput(f"{shown}: line {number} is longer than "
                                   f"{MAX_LINE_BYTES:,} bytes")  # fmt: skip
            if b"\x00" in raw:
                raise InvalidInput(f"{shown}: a binary file, expected text")
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise InvalidInput(f"{shown}: line {number}: not UTF-8 text") from None
            yield number, line.rstrip("\r\n")
    except (OSError, EOFError) as exc:
        raise InvalidInput(
            f"{shown}: cannot read it after line {number} ({_reason(exc)})"
        ) from None


def check_output(
    path: str | os.PathLike[str],
    *,
    force: bool = False,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
) -> Path:
    """Check an output path before the work that fills it starts.

    The file must not be one of the ``inputs``, must not exist unless
    ``force``, and its folder must exist and be writable.

    Parameters
    ----------
    path : str or os.PathLike
        Where the output will go.
    force : bool
        Allow an existing file to be replaced (never an input).
    inputs : iterable of path or None
        The files the work reads (None and ``-`` are skipped).

    Returns
    -------
    pathlib.Path
        The path, checked; nothing is written.

    Raises
    ------
    InvalidInput
        Naming the path and the problem.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> given = folder / "puzzles.txt"
    >>> _ = given.write_text("1.3.3..2.1.34..1\\n")
    >>> check_output(folder / "out.txt", inputs=[given]).name
    'out.txt'
    >>> check_output(given, force=True, inputs=[given])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: /.../puzzles.txt: refusing to overwrite an input file
    >>> given.unlink(); folder.rmdir()
    """
    out = Path(path)
    for given in inputs:
        if given is None or os.fspath(given) == "-":
            continue
        with contextlib.suppress(OSError):
            if Path(given).resolve() == out.resolve():
                raise InvalidInput(f"{shown_path(out)}: refusing to overwrite an input file")
    if out.is_dir():
        raise InvalidInput(f"{shown_path(out)}: is a directory, expected a file name")
    if out.exists() and not force:
        raise InvalidInput(f"{shown_path(out)}: already exists; use --force to overwrite it")
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise InvalidInput(f"{shown_path(out)}: folder {shown_path(folder)} does not exist")
    if not os.access(folder, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise InvalidInput(f"{shown_path(out)}: not writable")
    return out

"""Reading the files people give tansuo, and checking where its output will go.

One reader for every domain's ``io.py``: it says in one line what is wrong
with a path (missing, a directory, binary, not UTF-8, too large) instead of a
traceback, reads ``-`` as standard input and gunzips ``.gz`` files. Output
paths are checked *before* any work starts, so that a long search never ends
in "cannot write there", and never overwrite an input or (without ``force``)
an existing file.
"""

from __future__ import annotations

import contextlib
import gzip
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from tansuo.errors import InvalidInput

MAX_TEXT_BYTES = 1 << 30
"""The largest text file tansuo reads whole (1 GiB): beyond it, a clear refusal."""

_NAME_MAX = 255  # bytes in one path component on the usual file systems


def could_be_path(text: str) -> bool:
    """Whether ``text`` could name a file at all.

    A command-line argument that is either a file or an inline instance (a
    Sudoku line, a board) is an instance when it cannot be a path: a
    component longer than the file system allows, a line break, a NUL.

    >>> could_be_path("puzzles.txt"), could_be_path("." * 300), could_be_path("a\\nb")
    (True, False, False)
    """
    if not text or "\n" in text or "\x00" in text:
        return False
    return all(len(part.encode("utf-8", "surrogateescape")) <= _NAME_MAX
               for part in text.replace("\\", "/").split("/"))  # fmt: skip


def read_text(path: str | os.PathLike[str], *, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The text of a file (``-`` is standard input; ``.gz`` is gunzipped).

    Raises
    ------
    InvalidInput
        No such file, a directory, unreadable, larger than ``max_bytes``,
        binary (a NUL byte), not UTF-8, or a broken gzip stream; the message
        names the path.
    """
    name = os.fspath(path)
    if name == "-":
        return sys.stdin.read()
    p = Path(name)
    try:
        _check_input_path(p)
        size = p.stat().st_size
        if size > max_bytes:
            raise InvalidInput(
                f"{p}: {size:,} bytes is more than tansuo reads at once ({max_bytes:,})"
            )
        if p.name.endswith(".gz"):
            with gzip.open(p, "rb") as handle:
                data = handle.read(max_bytes + 1)
            if len(data) > max_bytes:
                raise InvalidInput(f"{p}: unpacks to more than {max_bytes:,} bytes")
        else:
            data = p.read_bytes()
    except InvalidInput:
        raise
    except (OSError, EOFError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise InvalidInput(f"{p}: cannot read it ({reason})") from None
    if b"\x00" in data:
        raise InvalidInput(f"{p}: a binary file, expected text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput(f"{p}: not UTF-8 text (byte {exc.start + 1})") from None


def _check_input_path(p: Path) -> None:
    if not p.exists():
        raise InvalidInput(f"{p}: no such file")
    if p.is_dir():
        raise InvalidInput(f"{p}: is a directory, expected a file")


def iter_lines(path: str | os.PathLike[str]) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` of a text file, read as it goes (for files of millions of lines).

    The same checks and messages as :func:`read_text`, made line by line: a
    NUL byte or bytes that are not UTF-8 stop the reading with the line's
    number. Line ends are stripped; ``-`` is standard input, ``.gz`` is gunzipped.
    """
    name = os.fspath(path)
    if name == "-":
        for number, line in enumerate(sys.stdin, 1):
            yield number, line.rstrip("\r\n")
        return
    p = Path(name)
    try:
        _check_input_path(p)
        handle = gzip.open(p, "rb") if p.name.endswith(".gz") else open(p, "rb")  # noqa: SIM115
    except InvalidInput:
        raise
    except OSError as exc:
        raise InvalidInput(f"{p}: cannot read it ({exc.strerror or exc})") from None
    with handle:
        number = 0
        try:
            for number, raw in enumerate(handle, 1):
                if b"\x00" in raw:
                    raise InvalidInput(f"{p}: a binary file, expected text")
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise InvalidInput(f"{p}: line {number}: not UTF-8 text") from None
                yield number, line.rstrip("\r\n")
        except (OSError, EOFError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise InvalidInput(f"{p}: cannot read it after line {number} ({reason})") from None


def check_output(
    path: str | os.PathLike[str],
    *,
    force: bool = False,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
) -> Path:
    """Check an output path before the work that fills it starts.

    The file must not be one of the ``inputs``, must not exist unless
    ``force``, and its folder must exist and be writable.

    Raises
    ------
    InvalidInput
        Naming the path and the problem.
    """
    out = Path(path)
    for given in inputs:
        if given is None or os.fspath(given) == "-":
            continue
        with contextlib.suppress(OSError):
            if Path(given).resolve() == out.resolve():
                raise InvalidInput(f"{out}: refusing to overwrite an input file")
    if out.is_dir():
        raise InvalidInput(f"{out}: is a directory, expected a file name")
    if out.exists() and not force:
        raise InvalidInput(f"{out}: already exists; use --force to overwrite it")
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise InvalidInput(f"{out}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise InvalidInput(f"{out}: not writable")
    return out

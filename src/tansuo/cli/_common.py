"""Helpers every CLI module shares: exit codes, JSON output, error lines, spinners."""

from __future__ import annotations

import contextlib
import json
import math
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console

from tansuo.errors import InvalidInput

EXIT_SOLVED = 0
EXIT_NO_SOLUTION = 1
EXIT_USAGE = 2
EXIT_LIMIT = 3
EXIT_INTERRUPTED = 130

EXIT_BY_STATUS = {"solved": EXIT_SOLVED, "no_solution": EXIT_NO_SOLUTION, "limit": EXIT_LIMIT}

console = Console(highlight=False, soft_wrap=True)
err_console = Console(stderr=True, highlight=False)


def exit_code(status: str) -> int:
    """The process exit code for a result status."""
    return EXIT_BY_STATUS[status]


def worst_exit(statuses: list[str]) -> int:
    """Exit code of a batch: the most serious of its statuses (limit > no_solution > solved)."""
    return max((exit_code(s) for s in statuses), default=EXIT_SOLVED)


def fail_line(message: str) -> None:
    """Print one error line on stderr (no traceback, no markup)."""
    print(f"tansuo: error: {message}", file=sys.stderr)


def _jsonable(value: Any) -> Any:
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if hasattr(value, "item") and callable(value.item):  # numpy scalars
        return _jsonable(value.item())
    if hasattr(value, "tolist"):
        return _jsonable(value.tolist())
    return value


def json_line(obj: Mapping[str, Any]) -> str:
    """One compact JSON object (infinities become null, numpy values plain)."""
    return json.dumps(_jsonable(obj), ensure_ascii=False, separators=(",", ":"))


def emit_json(obj: Mapping[str, Any]) -> None:
    """Print one JSON object on stdout, one line (JSON Lines for batches)."""
    sys.stdout.write(json_line(obj) + "\n")
    sys.stdout.flush()


def read_text(path: str | Path) -> str:
    """Read a text file given on the command line (``-`` is stdin), with a clear error."""
    if str(path) == "-":
        return sys.stdin.read()
    p = Path(path)
    if not p.exists():
        raise InvalidInput(f"{p}: no such file")
    if p.is_dir():
        raise InvalidInput(f"{p}: is a directory, expected a file")
    try:
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InvalidInput(f"{p}: not a UTF-8 text file") from None


def refuse_overwrite(path: str | Path, *, force: bool = False, inputs: tuple = ()) -> Path:
    """Check an output path: never an input file; an existing file only with force."""
    out = Path(path)
    for given in inputs:
        with contextlib.suppress(OSError):
            if Path(given).resolve() == out.resolve():
                raise InvalidInput(f"{out}: refusing to overwrite an input file")
    if out.exists() and not force:
        raise InvalidInput(f"{out}: already exists; use --force to overwrite it")
    return out


@contextlib.contextmanager
def compiling(warmup: Callable[[], Any] | None = None, what: str = "kernels") -> Iterator[None]:
    """Show a one-line spinner while numba kernels compile or load from the cache."""
    if warmup is None:
        yield
        return
    if err_console.is_terminal:
        with err_console.status(f"compiling {what} (first run only)…", spinner="dots"):
            warmup()
    else:
        warmup()
    yield

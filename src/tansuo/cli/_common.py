"""What every CLI module shares: exit codes, the common options, JSON output, error lines.

The same word means the same thing in every command (DESIGN.md): the option
factories below (``time_limit_option``, ``max_nodes_option``, ...) are the one
definition of each shared flag, so that ``--time-limit`` reads, defaults and
helps alike wherever it appears.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from tansuo.files import check_output as check_output
from tansuo.files import read_text as read_text
from tansuo.result import jsonable

EXIT_SOLVED = 0
EXIT_NO_SOLUTION = 1
EXIT_USAGE = 2
EXIT_LIMIT = 3
EXIT_INTERRUPTED = 130

EXIT_BY_STATUS = {"solved": EXIT_SOLVED, "no_solution": EXIT_NO_SOLUTION, "limit": EXIT_LIMIT}

console = Console(highlight=False, soft_wrap=True)
err_console = Console(stderr=True, highlight=False)


# -- the shared options -----------------------------------------------------
def time_limit_option(default: float | None = 60.0) -> Any:
    """``--time-limit S``: seconds before the search gives up (exit 3 with its statistics)."""
    return typer.Option(
        default,
        "--time-limit",
        metavar="S",
        help="Give up after this many seconds (exit 3, statistics still printed).",
    )


def max_nodes_option() -> Any:
    """``--max-nodes N``: the tree-search node budget (what a node is: the domain's docs)."""
    return typer.Option(
        None, "--max-nodes", metavar="N", help="Give up after this many search nodes (exit 3)."
    )


def max_expansions_option() -> Any:
    """``--max-expansions N``: the best-first expansion budget."""
    return typer.Option(
        None,
        "--max-expansions",
        metavar="N",
        help="Give up after expanding this many states (exit 3).",
    )


def max_memory_option() -> Any:
    """``--max-memory SIZE``: bytes for the search's growing structures (``512M``, ``4G``)."""
    return typer.Option(
        None,
        "--max-memory",
        metavar="SIZE",
        help="Memory for the search's tables and lists, e.g. 512M or 4G (exit 3 when spent).",
    )


def json_option() -> Any:
    """``--json``: one JSON object per instance on stdout (JSON Lines for batches)."""
    return typer.Option(
        False, "--json", help="Print one JSON object per instance (JSON Lines for batches)."
    )


def out_option(what: str = "results, as JSON Lines") -> Any:
    """``--out FILE``: where a batch writes its results."""
    return typer.Option(None, "--out", metavar="FILE", help=f"Write the {what} to FILE.")


def render_option(what: str = "a picture of the answer (.png)") -> Any:
    """``--render FILE``: a picture (or animation) of the answer."""
    return typer.Option(None, "--render", metavar="FILE", help=f"Draw {what} to FILE.")


def force_option() -> Any:
    """``--force``: allow overwriting an existing output file."""
    return typer.Option(False, "--force", help="Overwrite output files that already exist.")


def threads_option() -> Any:
    """``--threads T``: threads one search runs on (default: every core, or NUMBA_NUM_THREADS)."""
    return typer.Option(
        None,
        "--threads",
        metavar="T",
        help="Search on T threads (default: every core, or NUMBA_NUM_THREADS if set).",
    )


def algo_option(default: str, choices: tuple[str, ...] | list[str]) -> Any:
    """``--algo NAME``: which algorithm, one of ``choices``."""
    return typer.Option(default, "--algo", metavar="NAME", help=f"Algorithm: {', '.join(choices)}.")


# -- outcomes -----------------------------------------------------------------
def exit_code(status: str) -> int:
    """The process exit code for a result status."""
    return EXIT_BY_STATUS[status]


def worst_exit(statuses: list[str]) -> int:
    """Exit code of a batch: the most serious of its statuses (limit > no_solution > solved)."""
    return max((exit_code(s) for s in statuses), default=EXIT_SOLVED)


def fail_line(message: str) -> None:
    """Print one error line on stderr (no traceback, no markup)."""
    print(f"tansuo: error: {message}", file=sys.stderr)


def json_line(obj: Mapping[str, Any]) -> str:
    """One compact JSON object (infinities become null, numpy values plain)."""
    return json.dumps(jsonable(obj), ensure_ascii=False, separators=(",", ":"))


def emit_json(obj: Mapping[str, Any]) -> None:
    """Print one JSON object on stdout, one line (JSON Lines for batches)."""
    sys.stdout.write(json_line(obj) + "\n")
    sys.stdout.flush()


def check_outputs(*paths: Path | str | None, force: bool = False, inputs: tuple = ()) -> None:
    """Check every output path a command was given, before any work starts."""
    for path in paths:
        if path is not None:
            check_output(path, force=force, inputs=inputs)


def load_numba_without_linalg() -> None:
    """Let numba set up its array functions without importing ``scipy.linalg`` (0.3-0.5 s).

    The first kernel numba compiles or loads from its cache makes it import
    ``numba.np.arraymath``, which imports ``scipy.linalg`` only to learn
    whether BLAS is there for ``np.dot`` and friends, which no tansuo kernel
    calls. Imported here first with ``scipy.linalg`` hidden, it notes "no
    BLAS" for float ``np.correlate``/``np.convolve`` alone (they fall back to a
    plain loop in this process); ``np.dot`` still finds BLAS when a kernel uses
    it, since ``scipy.linalg`` is importable again afterwards.
    """
    if "numba.np.arraymath" in sys.modules or "scipy.linalg" in sys.modules:
        return
    sys.modules["scipy.linalg"] = None  # type: ignore[assignment]  # imports of it fail
    try:
        import numba.np.arraymath  # noqa: F401
    finally:
        del sys.modules["scipy.linalg"]


@contextlib.contextmanager
def compiling(warmup: Callable[[], Any] | None = None, what: str = "kernels") -> Iterator[None]:
    """Show a one-line spinner while numba kernels compile or load from the cache."""
    if warmup is None:
        yield
        return
    load_numba_without_linalg()
    if err_console.is_terminal:
        with err_console.status(f"compiling {what} (first run only)…", spinner="dots"):
            warmup()
    else:
        warmup()
    yield

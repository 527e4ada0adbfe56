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
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperArgument, TyperGroup

from tansuo.errors import InvalidInput
from tansuo.files import check_output as check_output
from tansuo.files import read_text as read_text
from tansuo.result import jsonable

if TYPE_CHECKING:
    from rich.console import Console

EXIT_SOLVED = 0
EXIT_NO_SOLUTION = 1
EXIT_USAGE = 2
EXIT_LIMIT = 3
EXIT_INTERRUPTED = 130

EXIT_BY_STATUS = {"solved": EXIT_SOLVED, "no_solution": EXIT_NO_SOLUTION, "limit": EXIT_LIMIT}

console: Console
err_console: Console
"""``console`` (stdout) and ``err_console`` (stderr): rich consoles, made on first use so
that importing this module (every command does) does not import rich (0.1 s)."""


def __getattr__(name: str) -> Any:
    if name not in ("console", "err_console"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from rich.console import Console

    made = {
        "console": Console(highlight=False, soft_wrap=True),
        "err_console": Console(stderr=True, highlight=False),
    }
    globals().update(made)  # later look-ups find them without this function
    return made[name]


# -- the shared options -----------------------------------------------------
# One default time limit rule (CONVENTIONS.md, "Command line"): a search that must
# finish to answer (solve, count, prove, perft, a path) gets SEARCH_TIME_LIMIT
# seconds per instance; an engine choosing a move (analyse, bestmove, play) thinks
# MOVE_TIME_LIMIT seconds a move and answers with its best move; a match between
# engines, hundreds of moves long, gives MATCH_TIME_LIMIT seconds a move.
SEARCH_TIME_LIMIT = 60.0
MOVE_TIME_LIMIT = 5.0
MATCH_TIME_LIMIT = 1.0


def time_limit_option(default: float | None = SEARCH_TIME_LIMIT, *, per: str = "search") -> Any:
    """``--time-limit S``: seconds before the search gives up (exit 3 with its statistics).

    ``per="move"``: seconds an engine thinks on a move; the best move found by then
    is the answer (exit 0).
    """
    if per == "move":
        help_text = "Seconds to think on a move; the best move found by then is the answer."
    else:
        help_text = "Give up after this many seconds (exit 3, statistics still printed)."
    return typer.Option(
        default, "--time-limit", metavar="S", help=help_text, callback=checked_seconds
    )


def checked_seconds(value: float | None) -> float | None:
    """A ``--time-limit`` checked as it is parsed, before any work (``inf``, ``nan``, -1 refused).

    The one validator of budgets and counts, :func:`tansuo.budget.check_number`.
    """
    from tansuo.budget import check_time_limit

    return check_time_limit(value, "time_limit")


def checked_count(name: str) -> Any:
    """A callback checking a count option as it is parsed (whole, >= 0, within int64)."""

    def check(value: int | None) -> int | None:
        from tansuo.budget import check_count

        return check_count(value, name)

    return check


def max_nodes_option() -> Any:
    """``--max-nodes N``: the tree-search node budget (what a node is: the domain's docs)."""
    return typer.Option(
        None,
        "--max-nodes",
        metavar="N",
        help="Give up after this many search nodes (exit 3).",
        callback=checked_count("max_nodes"),
    )


def max_expansions_option() -> Any:
    """``--max-expansions N``: the best-first expansion budget."""
    return typer.Option(
        None,
        "--max-expansions",
        metavar="N",
        help="Give up after expanding this many states (exit 3).",
        callback=checked_count("max_expansions"),
    )


def max_memory_option() -> Any:
    """``--max-memory SIZE``: bytes for the search's growing structures (``512M``, ``4G``)."""
    return typer.Option(
        None,
        "--max-memory",
        metavar="SIZE",
        help="Memory for the search's tables and lists, e.g. 512M or 4G (exit 3 when spent).",
    )


def json_option(what: str = "one JSON object per instance (JSON Lines for batches)") -> Any:
    """``--json``: JSON on stdout, never a file (``--json-out FILE`` writes one)."""
    return typer.Option(False, "--json", help=f"Print {what}.")


def json_out_option(what: str = "the results as JSON") -> Any:
    """``--json-out FILE``: write JSON to a file (``--json`` prints it)."""
    return typer.Option(None, "--json-out", metavar="FILE", help=f"Write {what} to FILE.")


def out_option(what: str = "results, as JSON Lines") -> Any:
    """``--out FILE``: where a command writes its results (a batch's, a match's games)."""
    return typer.Option(None, "--out", metavar="FILE", help=f"Write the {what} to FILE.")


def render_option(what: str = "a picture of the answer (.png)") -> Any:
    """``--render FILE``: a picture of the answer (an animation is ``--animate``)."""
    return typer.Option(None, "--render", metavar="FILE", help=f"Draw {what} to FILE.")


def animate_option(what: str = "the solution") -> Any:
    """``--animate FILE``: an animated GIF (a still picture is ``--render``)."""
    return typer.Option(
        None, "--animate", metavar="FILE", help=f"Write {what} as an animated GIF to FILE."
    )


def trace_option(what: str = "each step of the search") -> Any:
    """``--trace``: step-by-step text on the terminal (pictures are ``--render``/``--animate``)."""
    return typer.Option(False, "--trace", help=f"Print {what}.")


def sample_option(names: str) -> Any:
    """``--sample NAME``: bundled data instead of a file."""
    return typer.Option(
        None, "--sample", metavar="NAME", help=f"Bundled data instead of a file: {names}."
    )


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


ALGO_ALIASES = {"wastar": "weighted-astar", "weighted": "weighted-astar"}
"""Old ``--algo`` spellings, still read (with a note on stderr) as the one name of today."""


def algo_option(default: str, choices: tuple[str, ...] | list[str]) -> Any:
    """``--algo NAME``: which algorithm, one of ``choices`` (the same name in every command)."""
    return typer.Option(default, "--algo", metavar="NAME", help=f"Algorithm: {', '.join(choices)}.")


def resolve_algo(name: str, choices: tuple[str, ...] | list[str]) -> str:
    """``name`` if it is one of ``choices``; an old spelling becomes today's, with a note."""
    if name in choices:
        return name
    new = ALGO_ALIASES.get(name)
    if new is not None and new in choices:
        print(f"tansuo: note: --algo {name} is now spelled --algo {new}", file=sys.stderr)
        return new
    raise InvalidInput(f"unknown algorithm {name!r}; choose one of {', '.join(choices)}")


# -- outcomes -----------------------------------------------------------------
def exit_code(status: str) -> int:
    """The process exit code for a result status."""
    return EXIT_BY_STATUS[status]


def worst_exit(statuses: list[str]) -> int:
    """Exit code of a batch: the most serious of its statuses (limit > no_solution > solved)."""
    return max((exit_code(s) for s in statuses), default=EXIT_SOLVED)


MAX_ERROR_CHARS = 400
"""An error line longer than this (it quotes a 5 MB token, say) is cut in the middle."""


def one_line(message: str, limit: int = MAX_ERROR_CHARS) -> str:
    """``message`` on one line: line breaks escaped, a very long one cut in the middle.

    >>> one_line("a\\nb"), one_line("x" * 500, 20)
    ('a\\\\nb', 'xxxxxxxxxxxxxxx ... xxxxx (500 characters)')
    """
    text = message.replace("\r", "\\r").replace("\n", "\\n")
    if len(text) <= limit:
        return text
    head, tail = limit * 3 // 4, limit // 4
    return f"{text[:head]} ... {text[-tail:]} ({len(text):,} characters)"


def fail_line(message: str) -> None:
    """Print one error line on stderr (no traceback, no markup; see :func:`one_line`)."""
    print(f"tansuo: error: {one_line(message)}", file=sys.stderr)


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
    """Run ``warmup`` (compile the kernels a command calls, or load them from the cache) first.

    While numba really compiles, stderr shows "compiling {what}, first run
    only: 3/7" (a status line on a terminal, plain lines otherwise); a run
    served by the cache shows nothing. See :mod:`tansuo.cli._compile`.
    """
    if warmup is None:
        yield
        return
    from tansuo.cli._compile import CompileProgress

    with CompileProgress(what):
        warmup()
    yield


# -- words ----------------------------------------------------------------------
def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 position``, ``2 positions``, ``1,000 boxes`` (``words``: the plural when not word+s)."""
    return f"{count:,} {word if count == 1 else (words or word + 's')}"


def per_second(count: float, seconds: float, unit: str = "nodes") -> str:
    """A rate that reads well at any size: ``950 nodes/s``, ``12.3 k nodes/s``, ``4.5 M nodes/s``.

    Never ``0.0 M nodes/s``: small rates are written out.
    """
    if seconds <= 0:
        return f"- {unit}/s"
    rate = count / seconds
    if rate >= 1e6:
        return f"{rate / 1e6:.3g} M {unit}/s"
    if rate >= 1e4:
        return f"{rate / 1e3:.3g} k {unit}/s"
    return f"{rate:,.0f} {unit}/s"


# -- the command tree -----------------------------------------------------------
class DefaultCommandGroup(TyperGroup):
    """A command group whose first argument, if it names no subcommand, goes to ``default``.

    ``tansuo sudoku PUZZLE`` is ``tansuo sudoku solve PUZZLE``; ``tansuo sliding
    BOARD`` is ``tansuo sliding solve BOARD``, while ``tansuo sliding build-pdb
    --help`` is the help of ``build-pdb``.
    """

    default = "solve"

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = [self.default, *args]
        return super().parse_args(ctx, args)


def _usage_name(self: Any) -> str:
    """An argument in a usage line as click writes it: ``TILES``, ``[FILE]``, ``BOARD...``.

    Typer writes a required argument in braces (``{tiles}``), which reads like
    a placeholder to be filled in literally.
    """
    name = self.metavar or (self.name or "").upper()
    if not self.required:
        name = f"[{name}]"
    if self.nargs != 1:
        name += "..."
    return name


def _help_name(self: Any) -> str:
    """An argument in the help's list, named as in the usage line."""
    name = self.metavar or (self.name or "").upper()
    if self.metavar is None and self.nargs != 1:
        name += "..."
    return name


def _metavar(self: Any, ctx: Any, *, usage: bool = False) -> str:
    """Typer before 0.29 makes both names here (``usage``: for the usage line)."""
    return _usage_name(self) if usage else _help_name(self)


if hasattr(TyperArgument, "_usage_display_name"):
    # setattr: which of these names the installed Typer's stubs declare varies
    setattr(TyperArgument, "_usage_display_name", _usage_name)  # noqa: B010
    setattr(TyperArgument, "_rich_display_name", _help_name)  # noqa: B010
else:
    setattr(TyperArgument, "make_metavar", _metavar)  # noqa: B010

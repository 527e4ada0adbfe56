"""The ``tansuo`` command.

Thin by design: each domain has one module here with a ``register(app)``
function (and optionally ``demo(console)``) that parses arguments, calls the
library and formats the result. No search logic lives here.

A command's module is imported only when that command runs (or its help is
shown): :data:`COMMANDS` names the module of every top-level command and the
line ``tansuo --help`` shows for it, so that the help and a one-instance
command start without importing every domain (numpy, numba, rich, the batch
runner). ``tests/test_startup.py`` holds the table to what the modules register.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import typer
from typer.core import TyperGroup

from tansuo import __version__
from tansuo.cli._common import EXIT_INTERRUPTED, EXIT_LIMIT, EXIT_USAGE, fail_line
from tansuo.errors import InvalidInput

COMMANDS: dict[str, tuple[str, str | None]] = {
    # name: (module in tansuo.cli, the line `tansuo --help` shows; None: hidden)
    "batch": (
        "batch",
        "Solve every instance of a collection: in this process, in --workers local "
        "processes, or on Ray (--ray).",
    ),
    "bench": ("bench", "Run benchmark suites beside peer libraries; print a table."),
    "demo": ("demo", "A short tour: solve one instance of every domain, show what happened."),
    "graph": (
        "graph",
        "Shortest paths in a weighted graph: the listing for every node from --from, or one "
        "path with --to.",
    ),
    "path": (
        "path",
        "Shortest path on a grid map (.map, text grid or image); --scen runs a scenario file.",
    ),
    "analyse": (
        "play",
        "Analyse a position of a reference game (connect4, tictactoe) with iterative-deepening "
        "alpha-beta: best move, score, principal variation.",
    ),
    "play": ("play", None),
    "queens": (
        "queens",
        "Place N queens on an N x N board so that none attacks another: print boards (the "
        "first 100 by default), or count them with --count / --up-to-symmetry.",
    ),
    "search": (
        "search",
        "Run a textbook search algorithm on an 8- or 15-puzzle; show its counters (at most "
        "2,000,000 expansions unless --max-expansions says).",
    ),
    "serve": (
        "serve",
        "Serve a web page that shows the solvers at work, one tab each: Grid (search step by "
        "step), Sudoku, N-Queens, Sliding puzzle, Sokoban, and Connect Four, Gomoku and "
        "Xiangqi against the engine.",
    ),
    "warm-up": (
        "demo",
        "Compile the numba kernels ahead (first run only), the domains in parallel processes.",
    ),
    "gomoku": (
        "gomoku",
        "Gomoku (five in a row): VCF/VCT threat search, best move, play against the engine, "
        "engine matches; the Gomocup protocol is the pbrain-tansuo command.",
    ),
    "sliding": (
        "sliding",
        "Sliding-tile puzzles (8, 15, 24 and rectangles): solve, build pattern databases.",
    ),
    "sokoban": (
        "sokoban",
        "Sokoban levels (XSB/.sok): solve by pushes or moves, verify a solution file.",
    ),
    "sudoku": (
        "sudoku",
        "Sudoku of any size up to 25x25: solve, prove unique, count, generate, draw.",
    ),
    "xiangqi": (
        "xiangqi",
        "Chinese chess (Xiangqi): perft, best move, play against the engine, engine matches, "
        "and the UCCI protocol for GUIs.",
    ),
}


WITHOUT_NUMBA = frozenset({"search", "serve", "warm-up"})
"""Commands that run no numba kernel in this process."""


class _Commands(dict[str, Any]):
    """The root's commands: a command's module is registered the first time it is looked up."""

    def __init__(self, load: Any) -> None:
        super().__init__()
        self._load = load

    def get(self, name: Any, default: Any = None) -> Any:
        if not super().__contains__(name) and name in COMMANDS:
            self._load(COMMANDS[name][0])
        return super().get(name, default)

    def __getitem__(self, name: Any) -> Any:
        found = self.get(name)
        if found is None:
            raise KeyError(name)
        return found

    def __contains__(self, name: object) -> bool:
        return self.get(name) is not None


class LazyGroup(TyperGroup):
    """The root command: lists :data:`COMMANDS` from the table, imports a module on use."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        commands = _Commands(self._register)
        commands.update(self.commands)
        self.commands = commands
        self._loaded: set[str] = set()

    def _register(self, module_name: str) -> None:
        if module_name in self._loaded:
            return
        self._loaded.add(module_name)
        module = importlib.import_module(f"{__name__}.{module_name}")
        holder = typer.Typer(add_completion=False, rich_markup_mode=None)
        holder.callback()(_nothing)  # a group even when the module registers one command
        module.register(holder)
        group = typer.main.get_command(holder)
        for name, command in getattr(group, "commands", {}).items():
            dict.__setitem__(self.commands, name, command)  # type: ignore[index]

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def invoke(self, ctx: Any) -> Any:
        args = [*getattr(ctx, "_protected_args", []), *ctx.args]
        if args and args[0] not in WITHOUT_NUMBA and "--help" not in args:
            from tansuo.cli._compile import import_numba_quietly

            import_numba_quietly()  # before the command imports its domain
            from tansuo.cli._compile import CompileProgress

            with CompileProgress():  # kernels compiled at import too, not only in a warm-up
                return super().invoke(ctx)
        return super().invoke(ctx)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = [(name, text) for name, (_, text) in COMMANDS.items() if text is not None]
        limit = formatter.width - 6 - max(len(name) for name, _ in rows)
        with formatter.section("Commands"):
            formatter.write_dl(
                [(name, typer.core.TyperCommand(name, help=text).get_short_help_str(limit))
                 for name, text in rows]
            )  # fmt: skip


def _nothing() -> None:
    """(The callback that makes a module's commands a group while it is registered.)"""


app = typer.Typer(
    name="tansuo",
    help="探索 tansuo: heuristic search, readable and fast.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    cls=LazyGroup,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tansuo {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """探索 tansuo: heuristic search, readable and fast."""


def command_modules() -> list[ModuleType]:
    """The CLI modules of this package, in name order (one per domain)."""
    modules = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            modules.append(importlib.import_module(f"{__name__}.{info.name}"))
    return modules


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (see DESIGN.md).

    As the program itself (``argv`` None) it ends the process once the answer
    is out (:func:`_end_now`): Python's own teardown of numba and the loaded
    kernels would add about half a second to every command.

    The program also runs OpenBLAS on one thread (:func:`_one_blas_thread`).
    """
    if argv is None:
        _one_blas_thread()
        sys.addaudithook(_note_opened_for_writing)
    code = _main(argv)
    if argv is None:
        _end_now(code)
    return code


_WROTE: list[bool] = []
"""Not empty once this process opened a file for writing (see :func:`_end_now`)."""


def _note_opened_for_writing(event: str, args: tuple[Any, ...]) -> None:
    """An audit hook: notes a file opened other than for reading (``open``'s mode or flags)."""
    if event != "open" or _WROTE:
        return
    mode = args[1] if len(args) > 1 else None
    flags = args[2] if len(args) > 2 and isinstance(args[2], int) else 0
    if isinstance(mode, str):
        writing = any(letter in mode for letter in "wax+")
    else:  # os.open (flags only), or a file object made from a descriptor
        writing = mode is not None or bool(flags & (os.O_WRONLY | os.O_RDWR)) or not flags
        writing = writing or isinstance(args[0], int)
    # (an anonymous temporary file, opened on its folder, leaves nothing to lose: numba
    # opens one in each cache folder it loads a kernel from, to check it can write there)
    if writing and not (isinstance(args[0], str) and os.path.isdir(args[0])):
        _WROTE.append(True)


def _one_blas_thread() -> None:
    """Run numpy's OpenBLAS on one thread, unless ``OPENBLAS_NUM_THREADS`` says otherwise.

    No tansuo command calls BLAS (the kernels are numba loops), but OpenBLAS
    starts a worker thread for every further core when numpy is imported,
    which costs about 0.08 s of CPU in every command on two cores (and in
    every batch worker, which inherits the setting). Set before numpy is
    imported (``import tansuo.cli`` does not import it); a process that
    already imported numpy is not changed.
    """
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def _end_now(code: int) -> None:
    """End the program now, its files flushed, unless threads or processes it started live on."""
    import threading

    others = [t for t in threading.enumerate() if t is not threading.main_thread()]
    if any(t.is_alive() and not t.daemon for t in others):
        return  # (a server's threads, say): Python's own exit waits for them
    import gc
    import io

    files = (io.TextIOWrapper, io.BufferedWriter, io.BufferedRandom)  # (exact types: quick)
    sys.stdout.flush()
    sys.stderr.flush()
    # a file still open is flushed as Python's exit would; walking every object takes
    # about 0.03 s, so only when a file was opened for writing (stdout and stderr aside)
    for obj in gc.get_objects() if _WROTE else ():
        if type(obj) in files:
            with contextlib.suppress(Exception):
                if not obj.closed:
                    obj.flush()
    from tansuo.cli._interrupt import leave

    leave(code)  # os._exit, unless child processes (a batch's workers, Ray) need cleaning up


def _main(argv: Sequence[str] | None) -> int:
    if argv is None:  # the program itself, not a call from Python: Ctrl-C stops kernels too
        from tansuo.cli._interrupt import install

        install()
    try:
        code = app(args=list(argv) if argv is not None else None, standalone_mode=False)
    except KeyboardInterrupt:
        return _interrupted(argv)
    except InvalidInput as exc:
        fail_line(str(exc))
        return EXIT_USAGE
    except (OSError, RecursionError) as exc:
        fail_line(_os_message(exc))
        return EXIT_USAGE
    except MemoryError:
        # Solvers turn memory into a budget (status "limit"); this is the last
        # guard for anything else that outgrows the machine.
        fail_line("out of memory (give the search a smaller --max-memory or a smaller input)")
        return EXIT_LIMIT
    except Exception as exc:
        # Typer's own usage errors (it vendors click in recent versions, so the
        # classes are matched by shape, not imported): print them and use their code.
        if type(exc).__name__ == "Abort":  # click's name for a KeyboardInterrupt
            return _interrupted(argv)
        show, exit_code = getattr(exc, "show", None), getattr(exc, "exit_code", None)
        if not (callable(show) and isinstance(exit_code, int)):
            raise
        message = getattr(exc, "format_message", None)
        if type(exc).__name__ == "NoArgsIsHelpError" or not callable(message):
            show()  # the help text itself, asked for by giving nothing
        else:  # a usage error: one line, like every other error
            fail_line(f"{message()} (see {_command_of(argv)} --help)")
        return exit_code
    # (only if loaded: a command that ran no search need not import it; "partly" loaded
    # when an exit of the command line came in the middle of its import)
    interrupted = getattr(sys.modules.get("tansuo.budget"), "interrupted", None)
    if code == EXIT_INTERRUPTED or (interrupted is not None and interrupted()):
        # Typer turns a KeyboardInterrupt into exit code 130; a watched search stopped by
        # Ctrl-C returns its partial result, printed by the command
        return _interrupted(argv)
    return code if isinstance(code, int) else 0


def _interrupted(argv: Sequence[str] | None) -> int:
    """Ctrl-C: the one line (what stopped, the statistics, what a file kept), exit 130."""
    from tansuo.cli._interrupt import leave, report

    report(argv)
    if argv is None:  # the program itself (not a call from Python): end it now
        leave(EXIT_INTERRUPTED)
    return EXIT_INTERRUPTED


def _command_of(argv: Sequence[str] | None) -> str:
    """``tansuo COMMAND``, the command a usage error is about, for its ``--help`` hint."""
    args = list(sys.argv[1:] if argv is None else argv)
    names = {info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")}
    words = [a for a in args if not a.startswith("-")]
    return f"tansuo {words[0]}" if words and words[0] in names else "tansuo"


def _os_message(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"{exc.filename}: {exc.strerror or exc}"
    return str(exc) or type(exc).__name__

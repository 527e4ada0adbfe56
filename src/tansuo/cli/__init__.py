"""The ``tansuo`` command.

Thin by design: each domain has one module here with a ``register(app)``
function (and optionally ``demo(console)``) that parses arguments, calls the
library and formats the result. Modules are discovered, so adding a domain
touches no shared file. No search logic lives here.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType

import typer

from tansuo import __version__
from tansuo.cli._common import EXIT_INTERRUPTED, EXIT_LIMIT, EXIT_USAGE, fail_line
from tansuo.errors import InvalidInput

app = typer.Typer(
    name="tansuo",
    help="探索 tansuo: heuristic search, readable and fast.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
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


for _module in command_modules():
    _module.register(app)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (see DESIGN.md)."""
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
    budget = sys.modules.get("tansuo.budget")
    if code == EXIT_INTERRUPTED or (budget is not None and budget.interrupted()):
        # Typer turns a KeyboardInterrupt into exit code 130; a watched search stopped by
        # Ctrl-C returns its partial result, printed by the command
        return _interrupted(argv)
    return code if isinstance(code, int) else 0


def _interrupted(argv: Sequence[str] | None) -> int:
    """Ctrl-C: the one line (what stopped, the statistics, what a file kept), exit 130."""
    from tansuo.cli._interrupt import report

    report(argv)
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

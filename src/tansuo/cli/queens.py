"""``tansuo queens``: N-Queens boards and counts."""

from __future__ import annotations

import typer

from tansuo.cli._common import compiling, console, emit_json, exit_code
from tansuo.errors import InvalidInput

DEFAULT_FIRST = 100
DEFAULT_TIME_LIMIT = 600.0


def register(app: typer.Typer) -> None:
    app.command(
        "queens",
        help=(
            "Place N queens on an N x N board so that none attacks another: print boards "
            f"(the first {DEFAULT_FIRST} by default), or count them with --count / --unique."
        ),
    )(run)


def warm_up() -> None:
    """Compile (or load from the cache) the N-Queens kernels."""
    from tansuo.queens import count_solutions, find_solutions

    find_solutions(6, 1)
    count_solutions(6)
    count_solutions(6, unique=True)


def run(
    n: str = typer.Argument(..., metavar="N", help="Board size, 1..60."),
    count: bool = typer.Option(False, "--count", help="Only count the solutions."),
    first: int | None = typer.Option(
        None, "--first", help=f"Show this many solutions (default {DEFAULT_FIRST})."
    ),
    unique: bool = typer.Option(
        False, "--unique", help="Count solutions up to rotation and reflection (OEIS A002562)."
    ),
    workers: int = typer.Option(1, "--workers", help="Processes for counting."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
    time_limit: float = typer.Option(
        DEFAULT_TIME_LIMIT, "--time-limit", help="Give up after this many seconds (exit 3)."
    ),
) -> None:
    """Print N-Queens solutions as boards, or count them."""
    from tansuo.queens import (
        boards_text,
        check_size,
        count_solutions,
        find_solutions,
        summary_line,
    )

    try:
        size = int(n)
    except ValueError:
        raise InvalidInput(f"board size must be a whole number, got {n!r}") from None
    check_size(size)
    if unique and first is not None:
        raise InvalidInput("--unique counts classes of solutions; it does not go with --first")
    if count and first is not None:
        raise InvalidInput("--count only counts; drop --first to count, or --count to list")
    if workers != 1 and not (count or unique):
        raise InvalidInput("--workers splits the counting; use it with --count or --unique")
    with compiling(warm_up, "N-Queens kernels"):
        if count or unique:
            result = count_solutions(size, unique=unique, workers=workers, time_limit=time_limit)
        else:
            result = find_solutions(
                size, DEFAULT_FIRST if first is None else first, time_limit=time_limit
            )
    if json_out:
        emit_json(result.as_dict())
    else:
        if result.solutions:
            console.print(boards_text(result) + "\n", markup=False)
        console.print(summary_line(result), markup=False)
    raise typer.Exit(exit_code(result.status))


def demo(console) -> None:
    """Boards by the readable DFS, then counts by the bitmask kernel."""
    from tansuo.queens import count_solutions, format_board, reference_solutions

    boards = list(reference_solutions(4))
    console.print(
        f"[bold]queens[/bold]  depth-first backtracking (tansuo.search terms) finds "
        f"{len(boards)} ways to place 4 queens; the first:"
    )
    for row in format_board(boards[0]).splitlines():
        console.print(f"  {row}", markup=False)
    result = count_solutions(12)
    classes = count_solutions(12, unique=True)
    console.print(
        f"  bitmask kernel with mirror symmetry: 12-queens has {result.count:,} solutions, "
        f"{classes.count:,} up to symmetry ({result.stats['nodes']:,} nodes, "
        f"{result.stats['elapsed_s'] * 1e3:.0f} ms)",
        markup=False,
    )

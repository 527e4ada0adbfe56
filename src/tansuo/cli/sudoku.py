"""``tansuo sudoku``: solve, count or generate Sudoku of any size up to 25x25.

``tansuo sudoku PUZZLE`` is short for ``tansuo sudoku solve PUZZLE``: the
group runs ``solve`` when its first argument is not a subcommand, so both the
short form and ``tansuo sudoku generate ...`` work.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import IO, Any

import typer
from typer.core import TyperGroup

from tansuo.cli._common import (
    check_output,
    compiling,
    console,
    emit_json,
    err_console,
    exit_code,
    json_line,
    read_text,
    worst_exit,
)
from tansuo.errors import InvalidInput

DEFAULT_TIME_LIMIT = 60.0


class _SolveByDefault(TyperGroup):
    """A command group whose first argument, if it is not a subcommand, goes to ``solve``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["solve", *args]
        return super().parse_args(ctx, args)


sudoku_app = typer.Typer(
    cls=_SolveByDefault,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    help=(
        "Sudoku of any size up to 25x25: solve, prove unique, count, generate, draw. "
        "'tansuo sudoku PUZZLE' is short for 'tansuo sudoku solve PUZZLE'."
    ),
)


def register(app: typer.Typer) -> None:
    app.add_typer(sudoku_app, name="sudoku")


def _shape(size: int | None, box: str | None) -> tuple[int | None, tuple[int, int] | None]:
    from tansuo.sudoku import parse_box

    return size, None if box is None else parse_box(box)


def _read_puzzle(text_or_path: str, size: int | None, box: tuple[int, int] | None):
    """The PUZZLE argument: a puzzle string, ``-`` for stdin, or a file holding one puzzle."""
    from tansuo.sudoku import parse_puzzle

    if text_or_path == "-" or Path(text_or_path).is_file():
        text = read_text(text_or_path)
        source = "stdin" if text_or_path == "-" else text_or_path
        lines = [ln for ln in text.splitlines() if not ln.lstrip().startswith("#")]
        return parse_puzzle("\n".join(lines), size=size, box=box, source=source)
    try:
        return parse_puzzle(text_or_path, size=size, box=box)
    except InvalidInput:
        if re.search(r"[/\\]|\.[A-Za-z]{2,4}$", text_or_path):
            # Looks like a path, not a row of cells: say so rather than 'unknown character'.
            raise InvalidInput(f"{text_or_path}: no such file (and not a puzzle)") from None
        raise


def _limit(count: bool, unique: bool, max_count: int | None) -> int | None:
    if count:
        return max_count
    return 2 if unique else 1


def _summary(result: Any, count: bool, unique: bool) -> str:
    stats = result.stats
    elapsed = stats["elapsed_s"]
    when = f"{elapsed * 1e6:.0f} µs" if elapsed < 1e-2 else f"{elapsed:.3f} s"
    work = (
        f"{stats['guesses']} guesses, {stats['backtracks']} backtracks, "
        f"{stats['singles']} cells by singles"
    )
    if result.status == "limit":
        head = f"budget spent ({stats.get('limit')}) after {result.count} solution(s)"
    elif result.status == "no_solution":
        head = "no solution (proved)"
    elif count:
        head = (
            f"{result.count} solutions"
            if result.exhausted
            else (f"at least {result.count} solutions (stopped at --max-count)")
        )
    elif unique:
        head = "unique solution" if result.unique else "NOT unique: a second solution exists"
    else:
        head = "solved"
    return f"{head} in {when}: {work}"


@sudoku_app.command("solve")
def solve_command(
    puzzle: str | None = typer.Argument(
        None,
        help="The puzzle: n*n symbols on one line (1-9, A-P; '.' or 0 empty), "
        "a file holding one grid, or - for stdin.",
    ),
    file: Path | None = typer.Option(
        None, "--file", "-f", help="Solve every puzzle of FILE (one per line, # comments)."
    ),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="With --file: write the results to FILE as JSON Lines."
    ),
    size: int | None = typer.Option(None, "--size", help="Grid side (default: from the cells)."),
    box: str | None = typer.Option(None, "--box", help="Box shape RxC, such as 2x3."),
    count: bool = typer.Option(False, "--count", help="Count all solutions."),
    unique: bool = typer.Option(False, "--unique", help="Also prove the solution unique."),
    max_count: int | None = typer.Option(
        None, "--max-count", help="With --count: stop after this many solutions."
    ),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per puzzle."),
    render: Path | None = typer.Option(
        None, "--render", help="Draw the puzzle and its solution to a PNG file."
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite --render/--out files."),
    max_guesses: int | None = typer.Option(None, "--max-guesses", help="Budget per puzzle."),
    time_limit: float = typer.Option(
        DEFAULT_TIME_LIMIT, "--time-limit", help="Seconds per puzzle before giving up."
    ),
) -> None:
    """Solve a puzzle (or a file of them); --unique proves uniqueness, --count counts."""
    from tansuo.sudoku.solve import warm_up

    if max_count is not None and max_count < 1:
        raise InvalidInput(f"--max-count must be at least 1, got {max_count}")
    size, box_shape = _shape(size, box)
    limit = _limit(count, unique, max_count)
    budgets = {"max_guesses": max_guesses, "time_limit": time_limit}
    if file is not None:
        if puzzle is not None:
            raise InvalidInput("give either a PUZZLE or --file, not both")
        if render is not None:
            raise InvalidInput("--render draws one puzzle; it does not go with --file")
        code = _solve_batch(file, out, size, box_shape, limit, count, json_out, force, budgets)
        raise typer.Exit(code)
    if puzzle is None:
        raise InvalidInput("no puzzle given: pass a PUZZLE (or a file, or -) or --file FILE")
    if out is not None:
        raise InvalidInput("--out is for --file batches; use --json for one puzzle")
    sudoku = _read_puzzle(puzzle, size, box_shape)
    if render is not None:
        check_output(render, force=force, inputs=(puzzle,))
    from tansuo.sudoku import solve
    from tansuo.sudoku.render import format_side_by_side, save_png

    with compiling(warm_up, "the Sudoku kernel"):
        result = solve(sudoku, limit=limit, **budgets)
    if render is not None:
        save_png(render, sudoku, result.solution)
    if json_out:
        emit_json(result.as_dict())
    else:
        n = sudoku.size
        console.print(
            f"{n}x{n} puzzle ({sudoku.box_rows}x{sudoku.box_cols} boxes), "
            f"{sudoku.given_count} givens"
        )
        console.print(format_side_by_side(sudoku, result.solution), markup=False)
        console.print(_summary(result, count, unique), markup=False)
        if render is not None:
            console.print(f"picture written to {render}", markup=False)
    raise typer.Exit(exit_code(result.status))


def _solve_batch(
    file: Path,
    out: Path | None,
    size: int | None,
    box: tuple[int, int] | None,
    limit: int | None,
    count: bool,
    json_out: bool,
    force: bool,
    budgets: dict[str, Any],
) -> int:
    """Solve every puzzle of a file, writing each result as soon as it is known."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from tansuo.sudoku import parse_puzzles, solve
    from tansuo.sudoku.solve import warm_up

    puzzles = parse_puzzles(read_text(file), size=size, box=box, source=str(file))
    if out is not None:
        check_output(out, force=force, inputs=(file,))
    statuses: list[str] = []
    sink: IO[str] | None = None
    with compiling(warm_up, "the Sudoku kernel"):
        pass
    try:
        if out is not None:
            sink = open(out, "w", encoding="utf-8")  # noqa: SIM115 - closed below, flushed per line
        with Progress(
            "{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err_console,
            transient=True,
            disable=not err_console.is_terminal,
        ) as progress:
            task = progress.add_task(f"solving {file.name}", total=len(puzzles))
            for line_no, sudoku in puzzles:
                result = solve(sudoku, limit=limit, **budgets)
                statuses.append(result.status)
                record = {"line": line_no, **result.as_dict()}
                if sink is not None:
                    sink.write(json_line(record) + "\n")
                    sink.flush()
                elif json_out:
                    emit_json(record)
                else:
                    answer = result.solution.to_string() if result.solution else result.status
                    extra = f"\t{result.count}" if count else ""
                    console.print(f"{answer}{extra}", markup=False)
                progress.advance(task)
    finally:
        if sink is not None:
            sink.close()
    if out is not None:
        tally = {s: statuses.count(s) for s in ("solved", "no_solution", "limit")}
        console.print(
            f"{len(statuses)} puzzles: {tally['solved']} solved, {tally['no_solution']} "
            f"without solution, {tally['limit']} out of budget; results in {out}",
            markup=False,
        )
    return worst_exit(statuses)


@sudoku_app.command("generate")
def generate_command(
    size: int = typer.Option(9, "--size", help="Grid side: 4, 6, 9, 12, 16, 25, ..."),
    box: str | None = typer.Option(None, "--box", help="Box shape RxC (default from --size)."),
    clues: int | None = typer.Option(None, "--clues", help="Stop removing givens at N clues."),
    minimal: bool = typer.Option(
        False, "--minimal", help="Remove givens until none can go (the default without --clues)."
    ),
    seed: int | None = typer.Option(None, "--seed", help="Seed (puzzle i uses SEED+i)."),
    how_many: int = typer.Option(1, "--count", help="How many puzzles."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per puzzle."),
    render: Path | None = typer.Option(None, "--render", help="Draw the puzzle to a PNG file."),
    force: bool = typer.Option(False, "--force", help="Overwrite the --render file."),
) -> None:
    """Generate puzzles with exactly one solution; difficulty is the solver's guess count."""
    from tansuo.sudoku import Sudoku
    from tansuo.sudoku.generate import generate
    from tansuo.sudoku.render import save_png
    from tansuo.sudoku.solve import warm_up

    if clues is not None and minimal:
        raise InvalidInput("give either --clues N or --minimal, not both")
    if how_many < 1:
        raise InvalidInput(f"--count must be at least 1, got {how_many}")
    if render is not None:
        if how_many != 1:
            raise InvalidInput("--render draws one puzzle; use it with --count 1")
        check_output(render, force=force)
    _, box_shape = _shape(size, box)
    Sudoku.empty(size, box_shape)  # checks size and box before any work
    first_seed = seed if seed is not None else random.randrange(2**31)
    with compiling(warm_up, "the Sudoku kernel"):
        pass
    for i in range(how_many):
        made = generate(size, box=box_shape, clues=clues, minimal=minimal, seed=first_seed + i)
        if json_out:
            emit_json(made.as_dict())
        elif how_many == 1:
            console.print(made.puzzle.format_grid(), markup=False)
            console.print(made.puzzle.to_string(), markup=False)
            console.print(
                f"seed {made.seed}: {made.clues} clues"
                f"{', minimal' if made.minimal else ''}, unique, "
                f"{made.guesses} guesses to solve",
                markup=False,
            )
        else:
            console.print(
                f"# seed {made.seed}: {made.clues} clues{', minimal' if made.minimal else ''}, "
                f"{made.guesses} guesses",
                markup=False,
            )
            console.print(made.puzzle.to_string(), markup=False)
        if render is not None:
            save_png(render, made.puzzle)
            if not json_out:
                console.print(f"picture written to {render}", markup=False)


SEED_PUZZLE = """
150000320
604031097
000200000
000049073
400800000
000000001
503008000
002000004
007000260
"""


def demo(console: Any) -> None:
    """Solve the seed document's puzzle, prove it unique, and say what it took."""
    from tansuo.sudoku import parse_puzzle, solve
    from tansuo.sudoku.render import format_side_by_side
    from tansuo.sudoku.solve import warm_up

    warm_up()
    puzzle = parse_puzzle(SEED_PUZZLE)
    result = solve(puzzle, limit=2)
    console.print("[bold]sudoku[/bold] — singles, then depth-first on the fewest-candidate cell")
    console.print(format_side_by_side(puzzle, result.solution), markup=False)
    console.print(
        f"{puzzle.given_count} givens; {_summary(result, count=False, unique=True)}", markup=False
    )

"""``tansuo sudoku``: solve, count or generate Sudoku of any size up to 25x25.

``tansuo sudoku PUZZLE`` is short for ``tansuo sudoku solve PUZZLE``: the
group runs ``solve`` when its first argument is not a subcommand, so both the
short form and ``tansuo sudoku generate ...`` work.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import typer

from tansuo.cli._batch import (
    check_batch_flags,
    ray_option,
    resume_option,
    run_batch_command,
    workers_option,
)
from tansuo.cli._common import (
    SEARCH_TIME_LIMIT,
    DefaultCommandGroup,
    check_outputs,
    compiling,
    console,
    emit_json,
    exit_code,
    force_option,
    json_option,
    max_nodes_option,
    out_option,
    plural,
    render_option,
    sample_option,
    time_limit_option,
)
from tansuo.errors import InvalidInput

DEFAULT_TIME_LIMIT = SEARCH_TIME_LIMIT  # the one rule: CONVENTIONS.md


sudoku_app = typer.Typer(
    cls=DefaultCommandGroup,
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


def _box(box: str | None) -> tuple[int, int] | None:
    from tansuo.sudoku import parse_box

    return None if box is None else parse_box(box)


def _max_solutions(count: bool, unique: bool, max_solutions: int | None) -> int | None:
    """What the flags ask for: all (or up to --max-solutions) with --count, 2 with --unique.

    --max-solutions means nothing without --count and is then ignored.
    """
    if max_solutions is not None and max_solutions < 1:
        raise InvalidInput(f"--max-solutions must be at least 1, got {max_solutions}")
    if count:
        return max_solutions
    return 2 if unique else 1


def _summary(result: Any, count: bool, unique: bool) -> str:
    stats = result.stats
    elapsed = stats.elapsed_s
    when = f"{elapsed * 1e6:.0f} µs" if elapsed < 1e-2 else f"{elapsed:.3f} s"
    work = (
        f"{stats.guesses} guesses, {stats.backtracks} backtracks, {stats.singles} cells by singles"
    )
    if result.status == "limit":
        head = f"budget spent ({stats.limit}) after {result.count} solution(s)"
    elif result.status == "no_solution":
        head = "no solution (proved)"
    elif count:
        head = (
            plural(result.count, "solution")
            if result.exhausted
            else f"at least {plural(result.count, 'solution')} (stopped at --max-solutions)"
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
    file: str | None = typer.Option(
        None,
        "--file",
        "-f",
        metavar="FILE",
        help="Solve every puzzle of FILE (one per line, # comments; - for stdin) as a batch.",
    ),
    sample: str | None = sample_option("hardest, top95 (sets of puzzles, solved as a batch)"),
    size: int | None = typer.Option(None, "--size", help="Grid side (default: from the cells)."),
    box: str | None = typer.Option(None, "--box", help="Box shape RxC, such as 2x3."),
    count: bool = typer.Option(False, "--count", help="Count all solutions."),
    unique: bool = typer.Option(False, "--unique", help="Also prove the solution unique."),
    max_solutions: int | None = typer.Option(
        None,
        "--max-solutions",
        "--max-count",
        metavar="N",
        help="With --count: stop after N solutions.",
    ),
    max_nodes: int | None = max_nodes_option(),
    time_limit: float | None = time_limit_option(DEFAULT_TIME_LIMIT),
    json_out: bool = json_option(),
    render: Path | None = render_option("the puzzle and its solution (.png)"),
    out: Path | None = out_option("results of --file, as JSON Lines"),
    workers: int = workers_option(),
    ray: str | None = ray_option(),
    resume: bool = resume_option(),
    force: bool = force_option(),
) -> None:
    """Solve a puzzle (or a file of them); --unique proves uniqueness, --count counts.

    A node (--max-nodes) is the grid after the givens' singles, or one guess
    at a branch point. Exit code: 0 solved, 1 no solution (proved), 2 bad
    input, 3 budget spent.
    """
    from tansuo.budget import Budget

    budget = Budget(time_limit=time_limit, max_nodes=max_nodes)
    wanted = _max_solutions(count, unique, max_solutions)
    box_shape = _box(box)
    if size is not None:
        from tansuo.sudoku.model import check_size

        check_size(size)
    batch_flags = workers != 1 or ray is not None or out is not None or resume
    if sample is not None:
        if file is not None:
            raise InvalidInput("give either --file or --sample, not both")
        file = sample  # a bundled set is read by its name, as --file reads one
    if file is not None:
        if puzzle is not None:
            raise InvalidInput("give either a PUZZLE or --file / --sample, not both")
        if render is not None:
            raise InvalidInput("--render draws one puzzle; it does not go with --file")
        check_batch_flags(
            workers=workers, ray=ray, out=out, resume=resume, force=force, inputs=(file,)
        )
        options = {
            "max_solutions": wanted,
            "max_nodes": budget.max_nodes,
            "time_limit": budget.time_limit,
            "size": size,
            "box": box_shape,
        }
        flags = {"workers": workers, "ray": ray, "out": out, "resume": resume}
        raise typer.Exit(_solve_file(file, options, flags, count, json_out))
    if puzzle is None:
        raise InvalidInput("no puzzle given: pass a PUZZLE (or a file, or -) or --file FILE")
    if batch_flags:
        raise InvalidInput("--out, --workers, --ray and --resume go with --file (a batch)")
    check_outputs(render, force=force, inputs=(puzzle,))
    from tansuo.sudoku import format_side_by_side, load_puzzle, save_png, solve
    from tansuo.sudoku.solve import warm_up  # the one-puzzle kernels, not the batch's

    try:
        sudoku = load_puzzle(puzzle, size=size, box=box_shape)
    except InvalidInput as exc:
        if puzzle != "-" and _is_file(puzzle):  # perhaps a file of many puzzles
            raise InvalidInput(
                f"{exc} (a file of puzzles, one a line? use --file {puzzle})"
            ) from None
        raise
    standard = sudoku.box_rows == 3 and sudoku.box_cols == 3  # 9x9: solve() takes the bands
    with compiling(lambda: warm_up("bands" if standard else "general"), "the Sudoku kernel"):
        pass
    result = solve(sudoku, max_solutions=wanted, max_nodes=max_nodes, time_limit=time_limit)
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


def _is_file(text: str) -> bool:
    try:
        return Path(text).is_file()
    except (OSError, ValueError):  # a name too long, a NUL byte: an inline puzzle
        return False


def _solve_file(
    file: str, options: dict[str, Any], flags: dict[str, Any], count: bool, json_out: bool
) -> int:
    """Every puzzle of a file through the batch runner; records keyed by line number (``id``)."""
    from tansuo.batch import batch_domain
    from tansuo.files import MAX_TEXT_BYTES

    adapter = batch_domain("sudoku")
    options = adapter.check_options(options)
    if _fast_batch(options, flags):
        return _solve_file_fast(file, options, flags["out"], count, json_out)
    total = None
    instances = adapter.read(file)
    if file == "-":  # read once, as it comes: look at the first puzzle only
        first = next(instances, None)
        if first is not None:
            instances = itertools.chain([first], instances)
        nothing = first is None
    else:
        path = Path(file)
        if path.is_file() and path.stat().st_size > MAX_TEXT_BYTES:
            raise InvalidInput(
                f"{file}: {path.stat().st_size:,} bytes is more than tansuo reads at once "
                f"({MAX_TEXT_BYTES:,})"
            )
        total = sum(1 for _ in adapter.read(file))  # also checks the file: text, UTF-8
        nothing = total == 0
    if nothing:
        where = "standard input" if file == "-" else file
        raise InvalidInput(f"{where}: no puzzles found (one per line; # starts a comment)")

    def describe(record: dict[str, Any]) -> str:
        return _describe_record(record, count)

    return run_batch_command(
        "sudoku",
        instances,
        options,
        total=total,
        json_out=json_out,
        describe=describe,
        warm_up=adapter.warm_up,
        source=file,
        lean=False,  # the solutions are the answer
        **flags,
    )


def _fast_batch(options: dict[str, Any], flags: dict[str, Any]) -> bool:
    """Whether a batch can go through :func:`tansuo.sudoku.solve_many` (one process, 9x9).

    Lines of other sizes still go to the general solver, one at a time, in
    their place; counting every solution (no --max-solutions) keeps the
    shared runner, whose time limit holds for each puzzle.
    """
    wanted = options.get("max_solutions")
    return (
        flags["workers"] == 1
        and flags["ray"] is None
        and not flags["resume"]
        and options.get("size") in (None, 9)
        and options.get("box") in (None, (3, 3))
        and wanted is not None
        and wanted <= FAST_MAX_SOLUTIONS
    )


FAST_MAX_SOLUTIONS = 100
"""Batches asking for at most this many solutions a puzzle go the fast way (a 9x9 search
for so few ends in milliseconds, so the per-puzzle time limit cannot be reached)."""


def _solve_file_fast(
    file: str, options: dict[str, Any], out: Path | None, count: bool, json_out: bool
) -> int:
    """A batch of 9x9 puzzles a chunk at a time: read with numpy, solved in one kernel call.

    Writes the records the shared runner writes (JSON Lines in input order,
    ``id`` the line number), chunk by chunk, so memory stays bounded on files
    of millions of lines; a line that is not a 9x9 puzzle goes to the runner's
    own :func:`~tansuo.batch.solving.solve_one` in its place.
    """
    import sys
    import time

    from tansuo.batch import BatchSummary
    from tansuo.cli._batch import print_summary
    from tansuo.cli._common import EXIT_USAGE, fail_line, worst_exit
    from tansuo.sudoku import many
    from tansuo.sudoku.io import iter_puzzle_chunks

    chunks = iter_puzzle_chunks(file)
    with compiling(many.warm_up_batch, "the Sudoku kernel"):
        pass
    started = time.perf_counter()  # as the shared runner does: after the kernels are loaded
    summary = BatchSummary()
    records = out is not None or json_out
    sys.stdout.flush()  # what went through the text layer comes before the records
    sink = open(out, "wb") if out is not None else sys.stdout.buffer  # noqa: SIM115
    try:
        for first_line, data in chunks:
            sink.write(_chunk_output(data, first_line, options, summary, records, count))
            sink.flush()
    finally:
        if out is not None:
            sink.close()
    if summary.done == 0:
        if out is not None:
            out.unlink()
        where = "standard input" if file == "-" else file
        raise InvalidInput(f"{where}: no puzzles found (one per line; # starts a comment)")
    summary.wall_s = time.perf_counter() - started
    print_summary(summary, out=out, to_stderr=json_out and out is None)
    if summary.counts.get("error"):  # exit 2 says "bad input": one line on stderr says so
        fail_line(
            f"{summary.counts['error']:,} of {summary.done:,} lines could not be solved "
            "(not a puzzle, or givens that clash); their records say why"
        )
    statuses = [status for status, n in summary.counts.items() if n]
    return max((EXIT_USAGE if s == "error" else worst_exit([s]) for s in statuses), default=0)


def _chunk_output(
    data: bytes,
    first_line: int,
    options: dict[str, Any],
    summary: Any,
    records: bool,
    count: bool,
) -> bytes:
    """One chunk of a file solved: its JSON records (or its printed lines), tallied."""
    import time

    import numpy as np

    from tansuo.batch.solving import solve_one
    from tansuo.batch.tasks import Instance, Task
    from tansuo.cli._common import json_line
    from tansuo.sudoku import STATUS_NAMES, parse_puzzle_lines, solve_many

    grid, numbers, bad = parse_puzzle_lines(data, first_line)
    started = time.perf_counter()
    results = solve_many(
        grid, max_solutions=options["max_solutions"], max_nodes=options.get("max_nodes")
    )
    share = (time.perf_counter() - started) / max(1, len(grid))
    tally = np.bincount(results.codes, minlength=len(STATUS_NAMES)).tolist()
    for code, n in enumerate(tally):
        if n:
            name = "error" if STATUS_NAMES[code] == "invalid" else STATUS_NAMES[code]
            summary.counts[name] = summary.counts.get(name, 0) + n
    summary.instance_seconds.extend([share] * len(grid))
    if records:
        written = results.json_lines(numbers, share)
        if not bad:
            return written
        lines = written.splitlines(keepends=True)
    else:
        lines = _described(results, numbers, count)
    if not bad:
        return b"".join(lines)
    keyed = list(zip(numbers.tolist(), lines, strict=True))
    for line, raw, _error in bad:
        record = solve_one(Task("sudoku", options), Instance(str(line), raw), None)
        summary.add(record)
        shown = json_line(record) if records else _describe_record(record, count)
        keyed.append((line, (shown + "\n").encode()))
    keyed.sort(key=lambda pair: pair[0])
    return b"".join(text for _line, text in keyed)


def _described(results: Any, numbers: Any, count: bool) -> list[bytes]:
    """The printed line of each puzzle: its solution (or status), and its count with --count."""
    import numpy as np

    from tansuo.sudoku import _kernels as k

    symbols = np.frombuffer(b".123456789", dtype=np.uint8)
    solutions = symbols[results.solutions].tobytes().decode("ascii")
    names = results.status_names()
    found = results.counts.tolist()
    codes = results.codes.tolist()
    lines = []
    for i, line in enumerate(numbers.tolist()):
        if codes[i] == k.CODE_CLASH:
            try:
                results[i]
                reason = "givens clash"  # not reached: the row's givens clash
            except InvalidInput as exc:
                reason = exc.reason
            lines.append(f"line {line}: error: {reason}\n".encode())
            continue
        answer = solutions[81 * i : 81 * i + 81] if found[i] else names[i]
        lines.append(f"{answer}\t{found[i]}\n".encode() if count else f"{answer}\n".encode())
    return lines


def _describe_record(record: dict[str, Any], count: bool) -> str:
    if record["status"] == "error":
        return f"line {record['id']}: error: {record.get('error')}"
    answer = record.get("solution") or record["status"]
    return f"{answer}\t{record.get('count')}" if count else str(answer)


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
    json_out: bool = json_option(),
    render: Path | None = render_option("the puzzle (.png)"),
    force: bool = force_option(),
) -> None:
    """Generate puzzles with exactly one solution; difficulty is the solver's guess count."""
    from tansuo.sudoku import Sudoku, generate, save_png
    from tansuo.sudoku.solve import warm_up  # generate() solves: both algorithms, not the batch's

    if clues is not None and minimal:
        raise InvalidInput("give either --clues N or --minimal, not both")
    if how_many < 1:
        raise InvalidInput(f"--count must be at least 1, got {how_many}")
    if render is not None:
        if how_many != 1:
            raise InvalidInput("--render draws one puzzle; use it with --count 1")
        check_outputs(render, force=force)
    box_shape = _box(box)
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
    from tansuo.sudoku import format_side_by_side, parse_puzzle, solve
    from tansuo.sudoku.solve import warm_up

    warm_up("bands")
    puzzle = parse_puzzle(SEED_PUZZLE)
    result = solve(puzzle, max_solutions=2)
    console.print("[bold]sudoku[/bold] — singles, then depth-first on the fewest-candidate cell")
    console.print(format_side_by_side(puzzle, result.solution), markup=False)
    console.print(
        f"{puzzle.given_count} givens; {_summary(result, count=False, unique=True)}", markup=False
    )

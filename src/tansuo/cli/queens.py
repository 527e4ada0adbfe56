"""``tansuo queens``: N-Queens boards and counts, for one size or a range of sizes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from tansuo.cli._batch import (
    check_batch_flags,
    ray_option,
    resume_option,
    run_batch_command,
    workers_option,
)
from tansuo.cli._common import (
    SEARCH_TIME_LIMIT,
    compiling,
    console,
    emit_json,
    exit_code,
    force_option,
    json_option,
    max_nodes_option,
    out_option,
    threads_option,
    time_limit_option,
)
from tansuo.errors import InvalidInput

DEFAULT_FIRST = 100
DEFAULT_TIME_LIMIT = SEARCH_TIME_LIMIT  # the one rule: CONVENTIONS.md


def register(app: typer.Typer) -> None:
    app.command(
        "queens",
        help=(
            "Place N queens on an N x N board so that none attacks another: print boards "
            f"(the first {DEFAULT_FIRST} by default), or count them with --count / "
            "--up-to-symmetry. N may be a range (8-14, or 4,8,12): a batch."
        ),
    )(run)


def run(
    n: str = typer.Argument(
        ...,
        metavar="N",
        help="Board size (1..60 to count, up to 1,000,000 to list), or a range: 8-14, 4,8,12.",
    ),
    count: bool = typer.Option(False, "--count", help="Only count the solutions."),
    first: int | None = typer.Option(
        None,
        "--first",
        metavar="K",
        help=f"Show this many solutions (default {DEFAULT_FIRST}; 1 for N above 60).",
    ),
    up_to_symmetry: bool = typer.Option(
        False,
        "--up-to-symmetry",
        help="Count solutions up to rotation and reflection (OEIS A002562).",
    ),
    threads: int | None = threads_option(),
    workers: int = workers_option(),
    ray: str | None = ray_option(),
    out: Path | None = out_option("results of a range, as JSON Lines"),
    resume: bool = resume_option(),
    json_out: bool = json_option(),
    force: bool = force_option(),
    time_limit: float | None = time_limit_option(DEFAULT_TIME_LIMIT),
    max_nodes: int | None = max_nodes_option(),
) -> None:
    """Print N-Queens solutions as boards, or count them (one size, or a batch of sizes)."""
    from tansuo.budget import Budget
    from tansuo.queens import MAX_N, MAX_N_FOUND, check_size
    from tansuo.sizes import parse_size_range
    from tansuo.threads import MAX_THREADS

    sizes = parse_size_range(n)
    if sizes is None:
        raise InvalidInput(f"board size must be a whole number or a range such as 8-14, got {n!r}")
    batch = len(sizes) > 1 or ray is not None or out is not None or resume
    listing = not (count or up_to_symmetry) and (first is not None or not batch)  # else counts
    for size in sizes:
        check_size(size, MAX_N_FOUND if listing else MAX_N)
    Budget(time_limit=time_limit, max_nodes=max_nodes)
    if up_to_symmetry and first is not None:
        raise InvalidInput("--up-to-symmetry counts classes; it does not go with --first")
    if count and first is not None:
        raise InvalidInput("--count only counts; drop --first to count, or --count to list")
    if first is not None and first < 1:
        raise InvalidInput(f"--first must be at least 1, got {first}")
    counting = count or up_to_symmetry
    if threads is not None and not counting:
        raise InvalidInput("--threads splits the counting; use it with --count or --up-to-symmetry")
    if threads is not None and not 1 <= threads <= MAX_THREADS:
        raise InvalidInput(f"--threads must be between 1 and {MAX_THREADS}, got {threads}")
    if batch:
        check_batch_flags(workers=workers, ray=ray, out=out, resume=resume, force=force, inputs=())
        if threads is None and (workers > 1 or ray is not None):
            threads = 1  # one thread a process: the processes share the cores
        code = _run_range(
            sizes, counting, up_to_symmetry, first, threads, workers, ray, out, resume,
            json_out, time_limit, max_nodes,
        )  # fmt: skip
        raise typer.Exit(code)
    if workers != 1:
        raise InvalidInput(
            "--workers runs the sizes of a range in processes; one size is counted on "
            "every core already (--threads T to choose)"
        )
    _one_size(sizes[0], counting, up_to_symmetry, first, threads, json_out, time_limit, max_nodes)


def _one_size(
    size: int,
    counting: bool,
    up_to_symmetry: bool,
    first: int | None,
    threads: int | None,
    json_out: bool,
    time_limit: float | None,
    max_nodes: int | None,
) -> None:
    from tansuo.queens import (
        MAX_N,
        boards_text,
        count_solutions,
        find_solutions,
        summary_line,
        warm_up,
    )

    # only the kernels this command calls
    kinds: tuple[str, ...] = (
        ("classes",) if up_to_symmetry else ("count",) if counting else ("list",)
    )
    if not counting and size > 29:
        kinds = ("list", "search") if size <= MAX_N else ("search",)
    with compiling(lambda: warm_up(*kinds), "the N-Queens kernels"):
        if counting:
            result = count_solutions(
                size,
                up_to_symmetry=up_to_symmetry,
                threads=threads,
                time_limit=time_limit,
                max_nodes=max_nodes,
            )
        else:
            result = find_solutions(
                size,
                (DEFAULT_FIRST if size <= MAX_N else 1) if first is None else first,
                time_limit=time_limit,
                max_nodes=max_nodes,
            )
    if json_out:
        emit_json(result.as_dict())
    else:
        if result.solutions:
            console.print(boards_text(result) + "\n", markup=False)
        console.print(summary_line(result), markup=False)
    raise typer.Exit(exit_code(result.status))


def _run_range(
    sizes: list[int],
    counting: bool,
    up_to_symmetry: bool,
    first: int | None,
    threads: int | None,
    workers: int,
    ray: str | None,
    out: Path | None,
    resume: bool,
    json_out: bool,
    time_limit: float | None,
    max_nodes: int | None,
) -> int:
    """Several sizes through the batch runner: a line (or a JSON record) per size."""
    from tansuo.batch import Instance, batch_domain
    from tansuo.queens.render import solution_text

    adapter = batch_domain("queens")
    options: dict[str, Any] = {
        "count": counting or first is None,
        "up_to_symmetry": up_to_symmetry,
        "max_solutions": first,
        "threads": threads,
        "time_limit": time_limit,
        "max_nodes": max_nodes,
    }
    options = adapter.check_options(options)

    def describe(record: dict[str, Any]) -> str:
        if record["status"] == "error":
            return f"{record['id']}-queens: {record.get('error')}"
        stats = record.get("stats") or {}
        work = f"{stats.get('nodes', 0):,} nodes, {stats.get('elapsed_s', 0.0):.3f} s"
        if record["status"] == "limit":
            return f"{record['id']}-queens: stopped by the {stats.get('limit')} budget ({work})"
        listed = record.get("solutions") or []
        boards = "".join(f"{solution_text(s)}\n\n" for s in listed)
        found = record.get("count")
        if isinstance(found, int):
            noun = "up to symmetry" if up_to_symmetry else "solutions"
            return f"{boards}{record['id']}-queens: {found:,} {noun} ({work})"
        if record.get("lexicographic") is False:
            how = f"{len(listed)} built or searched, each checked"
            return f"{boards}{record['id']}-queens: {how} ({work})"
        return f"{boards}{record['id']}-queens: the first {len(listed)} shown ({work})"

    return run_batch_command(
        "queens",
        (Instance(str(size), str(size)) for size in sizes),
        options,
        total=len(sizes),
        workers=workers,
        ray=ray,
        out=out,
        resume=resume,
        json_out=json_out,
        describe=describe,
        warm_up=adapter.warm_up,
        lean=False if not options["count"] else None,  # listing: the boards are the answer
    )


def demo(console: Console) -> None:
    """Boards by the readable DFS, then counts by the bitmask kernel."""
    from tansuo.queens import count_solutions, format_board, reference_solutions, warm_up

    warm_up("count", "classes")  # the counters; the boards come from the readable search
    boards = list(reference_solutions(4))
    console.print(
        f"[bold]queens[/bold]  depth-first backtracking (tansuo.search terms) finds "
        f"{len(boards)} ways to place 4 queens; the first:"
    )
    for row in format_board(boards[0]).splitlines():
        console.print(f"  {row}", markup=False)
    result = count_solutions(12)
    classes = count_solutions(12, up_to_symmetry=True)
    console.print(
        f"  bitmask kernel with mirror symmetry: 12-queens has {result.count:,} solutions, "
        f"{classes.count:,} up to symmetry ({result.stats.nodes:,} nodes, "
        f"{result.stats.elapsed_s * 1e3:.0f} ms)",
        markup=False,
    )

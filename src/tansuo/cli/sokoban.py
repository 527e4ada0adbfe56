"""``tansuo sokoban``: solve Sokoban levels from XSB / .sok files, verify LURD solutions.

``tansuo sokoban FILE [--level N|TITLE]`` solves one level (the first by
default); ``--all`` solves the whole collection with a progress bar and a
summary table, writing each solution to ``--out`` as soon as it is found.
``tansuo sokoban verify FILE SOLUTIONS`` replays a solution file against the
levels (matched by title, or the only level with the only solution).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer

from tansuo.cli._common import (
    EXIT_SOLVED,
    EXIT_USAGE,
    check_outputs,
    compiling,
    console,
    emit_json,
    exit_code,
    fail_line,
    force_option,
    json_option,
    max_expansions_option,
    max_memory_option,
    render_option,
    worst_exit,
)
from tansuo.errors import InvalidInput

DEFAULT_TIME_LIMIT = 60.0
"""Seconds for one level when no --time-limit is given."""
DEFAULT_ALL_TIME_LIMIT = 10.0
"""Seconds per level with --all when no --time-limit is given."""


def register(app: typer.Typer) -> None:
    app.command(
        "sokoban",
        help="Solve Sokoban levels (XSB/.sok) by pushes or moves; "
        "'tansuo sokoban verify FILE SOLUTIONS' checks a solution file.",
        no_args_is_help=True,
    )(sokoban_command)


def _warm_up() -> None:
    from tansuo.sokoban import warm_up

    warm_up()


def sokoban_command(
    file: str = typer.Argument(
        ...,
        metavar="FILE",
        help="XSB/.sok file ('-' stdin), a bundled collection (microban, xsokoban90), or 'verify'.",
    ),
    extra: list[str] | None = typer.Argument(
        None, metavar="[FILE SOLUTIONS]", help="After 'verify': the levels and the solution file."
    ),
    level: str | None = typer.Option(
        None, "--level", metavar="N|TITLE", help="Which level: number (from 1) or title."
    ),
    mode: str = typer.Option(
        "fast", "--mode", metavar="MODE", help="fast, push-optimal or move-optimal."
    ),
    all_levels: bool = typer.Option(False, "--all", help="Solve every level of the file."),
    out: Path | None = typer.Option(
        None, "--out", metavar="FILE", help="With --all: write solutions here as they come."
    ),
    time_limit: float | None = typer.Option(
        None,
        "--time-limit",
        metavar="S",
        help="Seconds per level (default 60, or 10 with --all); exit 3 when spent.",
    ),
    max_expansions: int | None = max_expansions_option(),
    max_memory: str | None = max_memory_option(),
    json_out: bool = json_option(),
    show: bool = typer.Option(False, "--show", help="Print the board before and after."),
    render: Path | None = render_option("an animation of the solution (.gif or .png)"),
    force: bool = force_option(),
) -> None:
    """Solve a level (or --all) and print the LURD solution, moves, pushes and statistics.

    Exit 0 solved, 1 proved unsolvable, 2 bad input, 3 a budget ran out.
    """
    from tansuo.sokoban import MODES, load_collection

    if file == "verify":
        _verify(extra or [], json_out=json_out)
        return
    if extra:
        raise InvalidInput(f"unexpected argument {extra[0]!r} (did you mean 'verify'?)")
    if mode not in MODES:
        raise InvalidInput(f"--mode must be one of {', '.join(MODES)}, got {mode!r}")
    if render is not None and all_levels:
        raise InvalidInput("--render draws one level; leave out --all")
    if out is not None and not all_levels:
        raise InvalidInput("--out writes the solutions of --all; give --all")
    check_outputs(render, out, force=force, inputs=(file,))
    levels = load_collection(file)
    budgets: dict[str, Any] = {"max_expansions": max_expansions, "max_memory": max_memory}
    if all_levels:
        if level is not None:
            raise InvalidInput("--level and --all do not go together")
        limit = DEFAULT_ALL_TIME_LIMIT if time_limit is None else time_limit
        _solve_all(levels, mode, limit, budgets, out=out, json_out=json_out)
        return
    from tansuo.sokoban import pick_level, solve

    chosen = pick_level(levels, level)
    board = chosen.board()
    limit = DEFAULT_TIME_LIMIT if time_limit is None else time_limit
    with compiling(_warm_up, "the Sokoban kernels"):
        result = solve(board, mode=mode, time_limit=limit, **budgets)
    if render is not None and result.solution is not None:
        from tansuo.sokoban.render import render_solution

        render_solution(board, result.solution, render)
    if json_out:
        emit_json(result.as_dict())
        raise typer.Exit(exit_code(result.status))
    _print_result(board, result, show=show)
    if render is not None and result.solution is not None:
        console.print(f"animation written to {render}", markup=False)
    raise typer.Exit(exit_code(result.status))


def _print_result(board: Any, result: Any, *, show: bool) -> None:
    from tansuo.sokoban.model import replay

    stats = result.stats
    if show:
        console.print(board.render(board.boxes, board.player), markup=False)
        console.print()
    console.print(f"{board.level.name}: {result.status} ({result.mode})", markup=False)
    if result.solution is not None:
        console.print(result.solution, markup=False)
        proved = " (optimal)" if result.optimal else ""
        console.print(f"moves {result.moves}, pushes {result.pushes}{proved}", markup=False)
        if show:
            end = replay(board, result.solution)
            console.print()
            console.print(board.render(end.boxes, end.player), markup=False)
    elif result.status == "no_solution":
        console.print("no solution exists", markup=False)
    console.print(
        f"expanded {stats.expanded:,}, generated {stats.generated:,}, states {stats.states:,}, "
        f"deadlocks pruned {stats.deadlocks:,}, lower bound {stats.lower_bound}, "
        f"{stats.elapsed_s:.3f} s ({stats.nodes_per_s:,.0f} states/s)"
        + (f"; budget spent: {stats.limit}" if stats.limit else ""),
        markup=False,
    )


def _solve_all(
    levels: list[Any],
    mode: str,
    time_limit: float,
    budgets: dict[str, Any],
    *,
    out: Path | None,
    json_out: bool,
) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
    from rich.table import Table

    from tansuo.cli._common import err_console
    from tansuo.sokoban import format_solution, solve

    boards = [lvl.board() for lvl in levels]  # every level checked before any search
    with compiling(_warm_up, "the Sokoban kernels"):
        pass
    rows = []
    statuses: list[str] = []
    handle = None if out is None else out.open("w", encoding="utf-8")
    started = time.perf_counter()
    try:
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err_console,
            disable=json_out or not err_console.is_terminal,
        ) as progress:
            task = progress.add_task("solving", total=len(boards))
            for board in boards:
                progress.update(task, description=board.level.name)
                result = solve(board, mode=mode, time_limit=time_limit, **budgets)
                statuses.append(result.status)
                if handle is not None and result.solution is not None:
                    handle.write(format_solution(board.level.title, result.solution))
                    handle.flush()
                if json_out:
                    emit_json(result.as_dict())
                rows.append(result)
                progress.advance(task)
    finally:
        if handle is not None:
            handle.close()
    wall = time.perf_counter() - started
    if not json_out:
        table = Table(title=f"{len(rows)} levels, mode {mode}, {time_limit:g} s each")
        for name in ("level", "status", "moves", "pushes", "seconds", "expanded"):
            table.add_column(name, justify="left" if name in ("level", "status") else "right")
        for result in rows:
            table.add_row(
                result.level.title,
                result.status,
                "" if result.moves is None else str(result.moves),
                "" if result.pushes is None else str(result.pushes),
                f"{result.stats.elapsed_s:.2f}",
                f"{result.stats.expanded:,}",
            )
        console.print(table)
        solved = statuses.count("solved")
        console.print(
            f"solved {solved} of {len(rows)} in {wall:.1f} s"
            + (f"; solutions in {out}" if out is not None else ""),
            markup=False,
        )
    raise typer.Exit(worst_exit(statuses))


def _verify(args: list[str], *, json_out: bool) -> None:
    """``verify FILE SOLUTIONS``: replay every solution against its level."""
    from tansuo.sokoban import load_collection, read_solutions
    from tansuo.sokoban.model import verify

    if len(args) != 2:
        raise InvalidInput("usage: tansuo sokoban verify FILE SOLUTIONS")
    levels = load_collection(args[0])
    solutions = read_solutions(args[1])
    by_title = {lvl.title: lvl for lvl in levels}
    bad = 0
    for title, lurd in solutions.items():
        if title in by_title:
            lvl = by_title[title]
        elif len(solutions) == 1 and len(levels) == 1:
            lvl = levels[0]
        else:
            raise InvalidInput(f"{args[1]}: no level titled {title!r} in {args[0]}")
        try:
            end = verify(lvl.board(), lurd)
        except InvalidInput as exc:
            bad += 1
            if json_out:
                emit_json({"level": lvl.title, "valid": False, "error": str(exc)})
            else:
                fail_line(f"{lvl.name}: {exc}")
            continue
        if json_out:
            emit_json({"level": lvl.title, "valid": True, "moves": end.moves, "pushes": end.pushes})
        else:
            console.print(
                f"{lvl.name}: valid, {end.moves} moves, {end.pushes} pushes", markup=False
            )
    raise typer.Exit(EXIT_USAGE if bad else EXIT_SOLVED)


def demo(console: Any) -> None:
    """A small level solved push-optimally, shown before and after."""
    from tansuo.sokoban import Level, solve, warm_up
    from tansuo.sokoban.model import replay

    warm_up()
    level = Level.from_text(DEMO_LEVEL, title="demo")
    board = level.board()
    result = solve(board, mode="push-optimal")
    console.print("[bold]sokoban[/bold]  A* over pushes (Hungarian lower bound, deadlock pruning):")
    end = replay(board, result.solution or "")
    for before, after in zip(
        board.render(board.boxes, board.player).splitlines(),
        board.render(end.boxes, end.player).splitlines(),
        strict=True,
    ):
        console.print(f"  {before:<10}  {after}", markup=False)
    console.print(
        f"  {result.solution}: {result.pushes} pushes (optimal), {result.moves} moves, "
        f"{result.stats.expanded} states expanded",
        markup=False,
    )


DEMO_LEVEL = """\
  #####
###   #
#.@$  #
### $.#
#.##$ #
# # . ##
#$ *$$.#
#   .  #
########"""

"""``tansuo sokoban``: solve Sokoban levels from XSB / .sok files, verify LURD solutions.

``tansuo sokoban FILE [--level N|TITLE]`` solves one level (the first by
default); ``--all`` solves the whole collection through the shared batch
runner (``--workers K`` processes, or ``--ray``) with a progress bar and a
summary table, appending each solution to ``--out`` as soon as it is found
(``--resume`` skips the levels already there).
``tansuo sokoban verify FILE SOLUTIONS`` replays a solution file against the
levels (matched by title, or the only level with the only solution).
"""

from __future__ import annotations

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
    EXIT_SOLVED,
    EXIT_USAGE,
    SEARCH_TIME_LIMIT,
    DefaultCommandGroup,
    animate_option,
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
    sample_option,
    time_limit_option,
)
from tansuo.errors import InvalidInput

DEFAULT_TIME_LIMIT = SEARCH_TIME_LIMIT
"""Seconds per level (with --all too) when no --time-limit is given."""

sokoban_app = typer.Typer(
    cls=DefaultCommandGroup,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    help=(
        "Sokoban levels (XSB/.sok): solve by pushes or moves, verify a solution file. "
        "'tansuo sokoban FILE' is short for 'tansuo sokoban solve FILE'."
    ),
)


def register(app: typer.Typer) -> None:
    app.add_typer(sokoban_app, name="sokoban")


def _warm_up() -> None:
    from tansuo.sokoban import warm_up

    warm_up()


@sokoban_app.command(
    "solve", help="Solve a level (or --all) and print the LURD solution, moves and pushes."
)
def sokoban_command(
    file: str | None = typer.Argument(
        None,
        metavar="FILE",
        help="XSB/.sok file ('-' stdin), or a bundled collection's name (see --sample).",
    ),
    sample: str | None = sample_option("microban, xsokoban90"),
    level: str | None = typer.Option(
        None, "--level", metavar="N|TITLE", help="Which level: number (from 1) or title."
    ),
    mode: str = typer.Option(
        "fast", "--mode", metavar="MODE", help="fast, push-optimal or move-optimal."
    ),
    all_levels: bool = typer.Option(False, "--all", help="Solve every level of the file."),
    out: Path | None = typer.Option(
        None,
        "--out",
        metavar="FILE",
        help="With --all: write solutions here as they come (JSON Lines with --json).",
    ),
    workers: int = workers_option(),
    ray: str | None = ray_option(),
    resume: bool = resume_option(),
    time_limit: float | None = time_limit_option(DEFAULT_TIME_LIMIT),
    max_expansions: int | None = max_expansions_option(),
    max_memory: str | None = max_memory_option(),
    portfolio: bool = typer.Option(
        True,
        "--portfolio/--no-portfolio",
        help="Fast mode, one level: split the searches over two processes, one per core; "
        "the first answer wins (--time-limit stays wall clock).",
    ),
    json_out: bool = json_option(),
    show: bool = typer.Option(False, "--show", help="Print the board before and after."),
    render: Path | None = render_option("the solved position (.png)"),
    animate: Path | None = animate_option("the solution, push by push,"),
    force: bool = force_option(),
) -> None:
    """Solve a level (or --all) and print the LURD solution, moves, pushes and statistics.

    Exit 0 solved, 1 proved unsolvable, 2 bad input, 3 a budget ran out.
    """
    from tansuo.sokoban import MODES, load_collection

    if (file is None) == (sample is None):
        raise InvalidInput("give a FILE or --sample NAME (one of them)")
    file = file if sample is None else sample
    assert file is not None
    if render is not None and render.suffix.lower() == ".gif":
        raise InvalidInput(
            f"--render draws a picture (.png); for an animation use --animate {render}"
        )
    if mode not in MODES:
        raise InvalidInput(f"--mode must be one of {', '.join(MODES)}, got {mode!r}")
    if (render is not None or animate is not None) and all_levels:
        raise InvalidInput("--render and --animate draw one level; leave out --all")
    if not all_levels and (out is not None or workers != 1 or ray is not None or resume):
        raise InvalidInput("--out, --workers, --ray and --resume go with --all; give --all")
    if all_levels:
        if level is not None:
            raise InvalidInput("--level and --all do not go together")
        check_batch_flags(
            workers=workers, ray=ray, out=out, resume=resume, force=force, inputs=(file,)
        )
    check_outputs(render, animate, force=force, inputs=(file,))
    levels = load_collection(file)
    budgets: dict[str, Any] = {"max_expansions": max_expansions, "max_memory": max_memory}
    if all_levels:
        options = {"mode": mode, "time_limit": time_limit, **budgets}
        flags = {"workers": workers, "ray": ray, "out": out, "resume": resume}
        raise typer.Exit(_solve_all(file, levels, options, flags, json_out=json_out))
    from tansuo.sokoban import pick_level, solve

    chosen = pick_level(levels, level)
    board = chosen.board()
    with compiling(_warm_up, "the Sokoban kernels"):
        result = solve(board, mode=mode, time_limit=time_limit, portfolio=portfolio, **budgets)
    if result.solution is not None:
        from tansuo.sokoban.render import render_solution

        for picture in (render, animate):
            if picture is not None:
                render_solution(board, result.solution, picture)
    if json_out:
        emit_json(result.as_dict())
        raise typer.Exit(exit_code(result.status))
    _print_result(board, result, show=show)
    if result.solution is not None:
        if render is not None:
            console.print(f"picture written to {render}", markup=False)
        if animate is not None:
            console.print(f"animation written to {animate}", markup=False)
    raise typer.Exit(exit_code(result.status))


def _print_result(board: Any, result: Any, *, show: bool) -> None:
    from tansuo.sokoban.model import replay

    stats = result.stats
    # A negative bound is the solver's "no assignment of boxes to goals": no bound to show.
    bound = "" if stats.lower_bound < 0 else f"lower bound {stats.lower_bound}, "
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
        f"deadlocks pruned {stats.deadlocks:,} ({_kinds(stats.pruned)}), {bound}"
        f"{stats.elapsed_s:.3f} s ({stats.nodes_per_s:,.0f} states/s)"
        + (f"; budget spent: {stats.limit}" if stats.limit else ""),
        markup=False,
    )


def _kinds(pruned: dict[str, int]) -> str:
    """``dead squares 3, freeze 1, ...``: the deadlocks pruned by kind."""
    return ", ".join(f"{kind.replace('_', ' ')} {count:,}" for kind, count in pruned.items())


def _solve_all(
    file: str,
    levels: list[Any],
    options: dict[str, Any],
    flags: dict[str, Any],
    *,
    json_out: bool,
) -> int:
    """Every level through the shared batch runner (``tansuo.batch``); the exit code.

    ``--out`` is a solution file (title, then LURD), appended to as levels are
    solved, so an interrupted run keeps what it finished and ``--resume`` skips
    the levels it holds; with ``--json`` it holds the runner's JSON Lines.
    """
    from tansuo.batch import batch_domain
    from tansuo.batch.domains import SokobanBatch
    from tansuo.sokoban import format_solution

    for lvl in levels:
        lvl.board()  # every level checked before any search
    adapter = batch_domain("sokoban")
    options = adapter.check_options(options)
    out: Path | None = flags.pop("out")
    resume: bool = flags.pop("resume")
    solutions = None if json_out else out  # --out as a solution file
    done = set() if (solutions is None or not resume) else _finished_titles(solutions, levels)
    done_ids = {str(lvl.number) for lvl in levels if lvl.title in done}
    solved = len(done_ids)
    handle = None if solutions is None else solutions.open("a" if resume else "w", encoding="utf-8")

    def on_record(record: dict[str, Any]) -> None:
        nonlocal solved
        if record.get("status") != "solved":
            return
        solved += 1
        if handle is not None:
            handle.write(format_solution(str(record.get("level")), record["solution"]))
            handle.flush()

    try:
        code = run_batch_command(
            "sokoban",
            (SokobanBatch.instance(lvl) for lvl in levels),
            options,
            total=len(levels),
            out=None if solutions is not None else out,
            resume=resume,
            json_out=json_out and out is None,
            describe=_describe,
            warm_up=adapter.warm_up,
            source=file,
            on_record=on_record,
            lean=not (solutions is not None or json_out),
            skip_ids=done_ids,
            **flags,
        )
    finally:
        if handle is not None:
            handle.close()
    if not json_out:
        console.print(
            f"solved {solved} of {len(levels)}"
            + (f"; solutions in {solutions}" if solutions is not None else ""),
            markup=False,
        )
    return code


def _describe(record: dict[str, Any]) -> str:
    """One line per level as it finishes."""
    if record["status"] == "error":
        return f"level {record['id']}: error: {record.get('error')}"
    stats = record.get("stats") or {}
    line = f"{record.get('level')}\t{record['status']}"
    if record.get("moves") is not None:
        line += f"\tmoves {record['moves']}, pushes {record['pushes']}"
    return line + f"\t{stats.get('elapsed_s', 0.0):.2f} s\texpanded {stats.get('expanded', 0):,}"


def _finished_titles(out: Path, levels: list[Any]) -> set[str]:
    """The titles whose solutions ``out`` holds, as this command writes them.

    The file must be entries this command wrote (``format_solution``: a title
    of this collection, a LURD that replays to solved), one after another. A
    run killed while writing may leave a half-written last entry: it is cut
    off and its level solved again. Anything else is refused, naming its
    line, and the file left as it was: ``--resume`` never writes into a file
    it did not write.
    """
    import os
    import re

    from tansuo.files import read_text, shown_path
    from tansuo.sokoban.model import verify

    if not out.exists():
        return set()
    text = read_text(out)
    by_title = {lvl.title: lvl for lvl in levels}
    entry = re.compile(r"; ([^\n]*)\n([lurdLURD]*)\n\n")
    done: set[str] = set()
    position = 0
    while position < len(text):
        found = entry.match(text, position)
        tail = text[position:]
        if found is None and "\n\n" not in tail and "; ".startswith(tail[:2]):
            os.truncate(out, len(text[:position].encode("utf-8")))  # a half-written entry
            break
        line = text.count("\n", 0, position) + 1
        problem = None
        if found is None:
            problem = "not a solution entry ('; TITLE', the LURD, a blank line)"
        elif found.group(1) not in by_title:
            problem = f"a solution for {found.group(1)!r}, not a level of this collection"
        else:
            try:
                verify(by_title[found.group(1)].board(), found.group(2))
            except InvalidInput:
                problem = f"a solution of {found.group(1)!r} that does not solve it"
        if problem is not None or found is None:
            raise InvalidInput(
                f"{shown_path(out)}: line {line} is {problem}; --resume only continues a "
                "file this command wrote, and leaves this one as it is"
            )
        done.add(found.group(1))
        position = found.end()
    return done


@sokoban_app.command("verify", help="Replay a solution file against the levels it solves.")
def verify_command(
    file: str = typer.Argument(
        ..., metavar="FILE", help="The levels (XSB/.sok, or a bundled name)."
    ),
    solution_file: str = typer.Argument(
        ..., metavar="SOLUTIONS", help="The solutions: a title line, then the LURD moves."
    ),
    json_out: bool = json_option(),
) -> None:
    """``verify FILE SOLUTIONS``: replay every solution against its level."""
    _verify([file, solution_file], json_out=json_out)


def _verify(args: list[str], *, json_out: bool) -> None:
    """Replay every solution of ``args[1]`` against its level of ``args[0]``."""
    from tansuo.sokoban import load_collection, read_solutions
    from tansuo.sokoban.model import verify

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

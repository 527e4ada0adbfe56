"""``tansuo sliding``: solve sliding-tile puzzles (8-, 15-, 24-puzzle and rectangles)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
    DefaultCommandGroup,
    algo_option,
    animate_option,
    check_outputs,
    compiling,
    console,
    emit_json,
    err_console,
    exit_code,
    force_option,
    json_option,
    max_memory_option,
    max_nodes_option,
    out_option,
    render_option,
    resolve_algo,
    sample_option,
    time_limit_option,
    worst_exit,
)
from tansuo.errors import InvalidInput

if TYPE_CHECKING:
    from tansuo.sliding.heuristics import BuildStep

DEFAULT_TIME_LIMIT = SEARCH_TIME_LIMIT
ALGOS = ("ida", "weighted-astar", "astar", "zones")
"""``tansuo.sliding.ALGORITHMS``, written out so that ``tansuo --help`` does not load numba."""

sliding_app = typer.Typer(
    cls=DefaultCommandGroup,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    help=(
        "Sliding-tile puzzles (8, 15, 24 and rectangles): solve, build pattern databases. "
        "'tansuo sliding BOARD' is short for 'tansuo sliding solve BOARD'."
    ),
)


def register(app: typer.Typer) -> None:
    app.add_typer(sliding_app, name="sliding")


@sliding_app.command(
    "build-pdb",
    help="Build 15-puzzle pattern databases ahead of time (they are cached on disk).",
)
def build_command(
    names: list[str] = typer.Argument(..., metavar="NAME", help="5-5-5, 6-6-3 or 7-8."),
    goal: str = typer.Option(
        "blank-last", "--goal", help="blank-last (1 2 ... 0) or blank-first (0 1 2 ...)."
    ),
) -> None:
    """``tansuo sliding build-pdb NAME...``."""
    _build(names, goal)


SOLVE_HELP = (
    "Solve a sliding-tile puzzle: BOARD row-major with 0, _ or . for the blank "
    '("1 2 3 4 5 6 0 7 8", rows separated by /, or "2x4: ..."), or many with '
    "--file. Optimal by default (IDA* with pattern databases)."
)


@sliding_app.command("solve", help=SOLVE_HELP)
def run(
    board: list[str] | None = typer.Argument(
        None, metavar="BOARD", help="The tiles row-major (one argument or several)."
    ),
    file: Path | None = typer.Option(
        None, "--file", metavar="FILE", help="Solve every board of FILE (one per line)."
    ),
    sample: str | None = sample_option("korf100 (a file of boards)"),
    goal: str = typer.Option(
        "blank-last", "--goal", help="blank-last (1 2 ... 0), blank-first (0 1 2 ...) or a board."
    ),
    algo: str = algo_option("ida", ALGOS),
    heuristic: str | None = typer.Option(
        None,
        "--heuristic",
        help="manhattan, linear, 5-5-5, 6-6-3, 7-8 or exact (default: the best at hand).",
    ),
    weight: float = typer.Option(
        1.0, "--weight", metavar="W", help="f = g + W*h: W > 1 answers faster, within W x optimal."
    ),
    show: bool = typer.Option(False, "--show", help="Print the boards from start to goal."),
    workers: int = workers_option(),
    ray: str | None = ray_option(),
    out: Path | None = out_option("results of --file, as JSON Lines"),
    resume: bool = resume_option(),
    render: Path | None = render_option("the start and goal boards (.png)"),
    animate: Path | None = animate_option(),
    json_out: bool = json_option(),
    force: bool = force_option(),
    time_limit: float | None = time_limit_option(DEFAULT_TIME_LIMIT),
    max_nodes: int | None = max_nodes_option(),
    max_memory: str | None = max_memory_option(),
) -> None:
    """Solve one board, or every board of a file."""
    from tansuo.budget import Budget

    words = list(board or [])
    Budget(time_limit=time_limit, max_nodes=max_nodes, max_memory=_memory(max_memory))
    algo = resolve_algo(algo, ALGOS)
    if sum((file is not None, sample is not None, bool(words))) != 1:
        raise InvalidInput("give a BOARD, --file FILE or --sample NAME (one of them)")
    options: dict[str, Any] = {
        "algorithm": algo,
        "heuristic": heuristic,
        "weight": weight,
        "time_limit": time_limit,
        "max_nodes": max_nodes,
        "max_memory": max_memory,
    }
    if file is not None or sample is not None:
        if render is not None or animate is not None or show:
            raise InvalidInput("--show, --render and --animate are for one board, not --file")
        inputs = () if file is None else (file,)
        check_batch_flags(
            workers=workers, ray=ray, out=out, resume=resume, force=force, inputs=inputs
        )
        if workers > 1 or ray is not None or out is not None:
            raise typer.Exit(
                _parallel(file, sample, goal, options, json_out, workers, ray, out, resume)
            )
        raise typer.Exit(_batch(file, sample, goal, options, json_out))
    if ray is not None or out is not None or resume or workers != 1:
        raise InvalidInput("--workers, --ray, --out and --resume are for --file or --sample")
    check_outputs(render, animate, force=force)
    _single(" ".join(words), goal, options, json_out, show, render, animate)


def _memory(text: str | None) -> int | None:
    from tansuo.budget import parse_memory

    return None if text is None else parse_memory(text)


def _puzzle(text: str, goal: str) -> Any:
    from tansuo.sliding import Puzzle, parse_board, parse_goal

    tiles, shape = parse_board(text)
    return Puzzle(tiles, shape, parse_goal(goal, shape))


class _BuildBar:
    """A rich progress bar of pattern databases being built: each level, states per second.

    Handed to ``solve``/``database`` as ``progress``; shows nothing until a
    build reports, then a line with the table's size, memory and expected
    time, and a bar over each level of its breadth-first search.
    """

    def __init__(self) -> None:
        self.live: Any = None
        self.task: Any = None
        self.what = ""

    def __call__(self, step: BuildStep) -> None:
        from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

        if self.live is None:
            self.live = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TaskProgressColumn(),
                TextColumn("{task.fields[rate]}"),
                console=err_console,
            )
            self.live.start()
        if step.what != self.what:
            minutes, seconds = divmod(round(step.expected_s), 60)
            gb = step.nbytes / 1e9
            memory = f"{gb:.2f} GB" if gb >= 1 else f"{gb * 1000:.0f} MB"
            err_console.print(
                f"building the pattern database {step.what} (once, then cached): "
                f"{step.size / 1e6:,.1f} M placements, {memory} while building, "
                f"about {minutes} min {seconds} s of CPU",
                markup=False,
                soft_wrap=True,
            )
            self.task = self.live.add_task("", total=step.size, rate="")
            self.what = step.what
        rate = step.states / step.elapsed_s if step.elapsed_s > 0 else 0.0
        self.live.update(
            self.task,
            completed=step.done,
            description=f"level {step.level:>2}",
            rate=f"{rate / 1e6:6.2f} M states/s",
        )

    def close(self) -> None:
        if self.live is not None:
            self.live.stop()
            self.live = None

    def __enter__(self) -> _BuildBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _warm_up(algorithm: str) -> None:
    """Compile (or load) the kernels of ``algorithm`` (the generic A* and zones have none)."""
    from tansuo.sliding import warm_up

    if algorithm in ("ida", "weighted-astar"):
        warm_up(algorithm)


def _single(
    text: str,
    goal: str,
    options: dict[str, Any],
    json_out: bool,
    show: bool,
    render: Path | None,
    animate: Path | None,
) -> None:
    from tansuo.sliding import solve
    from tansuo.sliding.render import save_gif, save_png, steps_text, summary_line

    puzzle = _puzzle(text, goal)
    with compiling(lambda: _warm_up(options["algorithm"]), "sliding-tile kernels"):
        pass
    with _BuildBar() as bar:
        result = solve(puzzle, progress=bar, **options)
    if render is not None:
        save_png(render, result)
    if animate is not None and result.solved:
        save_gif(animate, result)
    if json_out:
        emit_json(result.as_dict())
    else:
        if show and result.solved:
            console.print(steps_text(result) + "\n", markup=False)
        console.print(summary_line(result), markup=False)
        if result.solved and result.lurd:
            console.print(f"blank: {result.lurd}", markup=False)
            console.print(f"tiles: {' '.join(map(str, result.tiles))}", markup=False)
    raise typer.Exit(exit_code(result.status))


def _batch(
    file: Path | None, sample: str | None, goal: str, options: dict[str, Any], json_out: bool
) -> int:
    """Every board of a file, in order: a line or a JSON record as each finishes, a summary."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
    from rich.table import Table

    from tansuo.sliding import (
        Puzzle,
        bundled_instances,
        parse_goal,
        read_instances,
        solve,
    )
    from tansuo.sliding.render import summary_line

    instances = read_instances(file) if file is not None else bundled_instances(sample or "")
    if sample == "korf100" and goal == "blank-last":
        goal = "blank-first"  # Korf's list is for his goal
    puzzles = [Puzzle(i.tiles, i.shape, parse_goal(goal, i.shape)) for i in instances]
    with compiling(lambda: _warm_up(options["algorithm"]), "sliding-tile kernels"):
        pass
    if puzzles and options["algorithm"] == "ida" and options["max_memory"] is None:
        _prepare(puzzles[0], options["heuristic"])
    statuses: list[str] = []
    lengths: list[int] = []
    mismatched: list[str] = []
    total_s = nodes = 0.0
    progress = Progress(
        TextColumn("sliding"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err_console,
        transient=True,
        disable=not err_console.is_terminal,
    )
    with progress:
        bar = progress.add_task("sliding", total=len(puzzles))
        for instance, puzzle in zip(instances, puzzles, strict=True):
            result = solve(puzzle, **options)
            result = dataclasses.replace(result, known=instance.known)
            statuses.append(result.status)
            total_s += result.stats.elapsed_s
            nodes += result.stats.nodes
            if result.solved:
                lengths.append(result.cost or 0)
                if instance.known is not None and result.optimal and result.cost != instance.known:
                    mismatched.append(instance.id)
            if json_out:
                emit_json({"id": instance.id, **result.as_dict()})
            else:
                console.print(f"{instance.id}: {summary_line(result)}", markup=False)
            progress.advance(bar)
    if not json_out:
        table = Table(title=f"{file or sample}", show_header=True)
        for column in (
            "boards",
            "solved",
            "no solution",
            "stopped",
            "total moves",
            "nodes",
            "search time",
        ):
            table.add_column(column, justify="right")
        table.add_row(
            str(len(statuses)),
            str(statuses.count("solved")),
            str(statuses.count("no_solution")),
            str(statuses.count("limit")),
            f"{sum(lengths):,}",
            f"{int(nodes):,}",
            f"{total_s:.2f} s",
        )
        console.print(table)
    if mismatched:
        err_console.print(f"optimal lengths differ from the file's known ones: {mismatched}")
    return worst_exit(statuses)


def _prepare(puzzle: Any, heuristic: str | None) -> None:
    """Load or build the pattern database a batch will use, with its own progress bar."""
    from tansuo.sliding import database, default_heuristic
    from tansuo.sliding.heuristics import PARTITIONS

    name = heuristic or default_heuristic(puzzle.shape, puzzle.goal)
    if name in PARTITIONS and puzzle.shape == (4, 4):
        with _BuildBar() as bar:
            database(name, puzzle.shape, puzzle.goal, progress=bar)


def _parallel(
    file: Path | None,
    sample: str | None,
    goal: str,
    options: dict[str, Any],
    json_out: bool,
    workers: int,
    ray: str | None = None,
    out: Path | None = None,
    resume: bool = False,
) -> int:
    """A file over worker processes or Ray, or into ``out``: the shared batch runner."""
    from importlib import resources

    from tansuo.batch import batch_domain
    from tansuo.sliding import bundled_instances, read_instances
    from tansuo.sliding.render import summary_line  # noqa: F401 - loaded before forking

    if file is not None:
        source = str(file)
        count = len(read_instances(file))
    else:
        count = len(bundled_instances(sample or ""))
        source = str(resources.files("tansuo") / "data" / "sliding" / f"{sample}.txt")
        if sample == "korf100" and goal == "blank-last":
            goal = "blank-first"
    adapter = batch_domain("sliding")
    checked = adapter.check_options({**options, "goal": goal})

    def describe(record: dict[str, Any]) -> str:
        if record["status"] == "error":
            return f"{record['id']}: error: {record.get('error')}"
        stats = record.get("stats") or {}
        work = f"{stats.get('nodes', 0):,} nodes, {stats.get('elapsed_s', 0.0):.3f} s"
        if record["status"] != "solved":
            return f"{record['id']}: {record['status']} ({work})"
        return f"{record['id']}: {record['cost']} moves ({work})"

    return run_batch_command(
        "sliding",
        adapter.read(source),
        checked,
        total=count,
        workers=workers,
        ray=ray,
        out=out,
        resume=resume,
        json_out=json_out,
        describe=describe,
        warm_up=adapter.warm_up,
        source=source,
        lean=False,
    )


def _build(names: list[str], goal: str) -> None:
    """``tansuo sliding build-pdb NAME...``: build 15-puzzle databases ahead of time."""
    import time

    from tansuo.sliding import database, parse_goal
    from tansuo.sliding.heuristics import PARTITIONS, pattern_groups, table_size

    if not names:
        raise InvalidInput(f"build-pdb needs a name: {', '.join(PARTITIONS)}")
    shape = (4, 4)
    target = parse_goal(goal, shape)
    for name in names:
        groups = pattern_groups(name, shape, target)
        size = sum(table_size(len(g), 16) for g in groups)
        console.print(f"{name}: {len(groups)} tables, {size / 1e6:,.1f} MB", markup=False)
        started = time.perf_counter()
        with _BuildBar() as bar:
            db = database(name, shape, target, progress=bar)
        verb = "built" if db.built else "already cached"
        console.print(f"{name}: {verb} in {time.perf_counter() - started:.1f} s", markup=False)


def demo(console: Console) -> None:
    """A 15-puzzle solved optimally with the 5-5-5 database (built once, in seconds)."""
    import time

    from tansuo.sliding import Puzzle, solve, warm_up
    from tansuo.sliding.render import summary_line

    warm_up("ida")
    korf_4 = (5, 12, 10, 7, 15, 11, 14, 0, 8, 2, 1, 13, 3, 4, 9, 6)
    puzzle = Puzzle(korf_4, (4, 4), "blank-first")
    started = time.perf_counter()
    result = solve(puzzle, heuristic="5-5-5")  # not the default 7-8: 577 MB to load
    console.print(
        "[bold]sliding[/bold]  a 15-puzzle (Korf's instance 4) by IDA* with an additive "
        "pattern database and the reflection lookup:"
    )
    console.print(f"  {summary_line(result)}", markup=False)
    console.print(
        f"  blank: {result.lurd}  ({time.perf_counter() - started:.2f} s in all)", markup=False
    )

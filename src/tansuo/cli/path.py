"""``tansuo path``: shortest paths on grid maps (Moving AI, text grids, images)."""

from __future__ import annotations

import random
import warnings
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
    max_expansions_option,
    max_memory_option,
    out_option,
    plural,
    render_option,
    resolve_algo,
    sample_option,
    time_limit_option,
    trace_option,
)
from tansuo.errors import InvalidInput

if TYPE_CHECKING:
    from tansuo.grid import Grid, PathResult

ALGORITHMS = ("astar", "jps", "dijkstra", "bfs", "bidirectional", "weighted-astar")
"""``tansuo.grid.ALGORITHMS``, written out so that ``tansuo --help`` does not load numba
(a test checks that the two agree)."""

TEXT_MAP_MAX_WIDTH = 120  # draw the map with the path in the terminal up to this size
TEXT_MAP_MAX_HEIGHT = 60


def register(app: typer.Typer) -> None:
    app.command(
        "path",
        help=(
            "Shortest path on a grid map (.map, text grid or image); --scen runs a scenario "
            "file. Exit 0 found, 1 no path (or a --scen length mismatch), 2 bad input, "
            "3 budget spent."
        ),
    )(path_command)


def path_command(
    map_file: str | None = typer.Argument(
        None,
        metavar="MAP",
        help="A .map, text grid or image file, or a bundled map's name (see --sample).",
    ),
    sample: str | None = sample_option("arena2, maze512-1-0, 8room_000, random512-10-0, room"),
    start: str | None = typer.Option(None, "--from", help="Start X,Y (default: S in a text grid)."),
    goal: str | None = typer.Option(None, "--to", help="Goal X,Y (default: G in a text grid)."),
    algo: str = algo_option("astar", ALGORITHMS),
    moves: str = typer.Option(
        "8-no-corner-cutting",
        "--moves",
        help="4, 8-no-corner-cutting (Moving AI), 8-one-side or 8-always.",
    ),
    costs: str = typer.Option("octile", "--costs", help="octile (1, √2), 10-14 or uniform."),
    heuristic: str | None = typer.Option(
        None,
        "--heuristic",
        help="octile, manhattan, chebyshev, euclidean, zero, or differential (landmark "
        "distances computed once per map: far fewer expansions in mazes and rooms).",
    ),
    landmarks: int = typer.Option(
        8, "--landmarks", help="Landmarks of the differential heuristic (1 to 64)."
    ),
    weight: float = typer.Option(1.5, "--weight", help="Heuristic weight for weighted-astar."),
    scen: str | None = typer.Option(
        None,
        "--scen",
        help="Run every problem of a Moving AI .scen file (or a bundled map's) and check "
        "the lengths.",
    ),
    random_count: int | None = typer.Option(
        None, "--random", metavar="K", help="With --scen: run K problems picked at random."
    ),
    seed: int = typer.Option(2026, "--seed", help="Seed for --random."),
    json_out: bool = json_option(),
    render: Path | None = render_option("the map, the closed and open cells and the path (.png)"),
    trace: Path | None = animate_option("the search, cell by cell,"),
    explain: bool = trace_option("F, G and H of every expanded cell (small grids)"),
    old_explain: bool = typer.Option(False, "--explain", hidden=True),
    max_expansions: int | None = max_expansions_option(),
    time_limit: float | None = time_limit_option(60.0),
    max_memory: str | None = max_memory_option(),
    force: bool = force_option(),
    workers: int = workers_option(),
    ray: str | None = ray_option(),
    out: Path | None = out_option("results of --scen, as JSON Lines"),
    resume: bool = resume_option(),
) -> None:
    """Find a shortest path on a grid map, or check a whole Moving AI scenario file.

    Budgets are per problem. Exit code: 0 found, 1 no path (or, with --scen, a
    length that differs from the scenario's), 2 bad input, 3 budget exhausted.
    """
    from tansuo.budget import Budget, parse_memory
    from tansuo.grid import GridSearcher, load_grid, parse_point, warm_up
    from tansuo.grid.model import check_costs, check_moves

    # Everything that can be checked without reading a file, first.
    if (map_file is None) == (sample is None):
        raise InvalidInput("give a MAP or --sample NAME (one of them)")
    map_file = map_file if sample is None else sample
    assert map_file is not None
    algo = resolve_algo(algo, ALGORITHMS)
    explain = explain or old_explain  # --explain: the old spelling of --trace
    memory = None if max_memory is None else parse_memory(max_memory)
    budget = Budget(time_limit=time_limit, max_expansions=max_expansions, max_memory=memory)
    check_moves(moves)
    check_costs(costs)
    start_point = parse_point(start, "--from") if start is not None else None
    goal_point = parse_point(goal, "--to") if goal is not None else None
    outputs = [p for p in (render, trace) if p is not None]
    if scen is not None and (start is not None or goal is not None or outputs or explain):
        raise InvalidInput(
            "--scen runs a batch: it cannot be combined with --from/--to, --render, --animate "
            "or --trace"
        )
    if random_count is not None:
        if scen is None:
            raise InvalidInput("--random K picks problems of a scenario file: give --scen too")
        if random_count < 1:
            raise InvalidInput(f"--random must be >= 1, got {random_count}")
    if explain and algo in ("bfs", "bidirectional"):
        raise InvalidInput("--trace shows F = G + H: use astar, dijkstra, weighted-astar or jps")
    if trace is not None and algo == "bidirectional":
        raise InvalidInput("--animate shows one search frontier: not available for bidirectional")
    batch_flags = workers != 1 or ray is not None or out is not None or resume
    if batch_flags and scen is None:
        raise InvalidInput("--workers, --ray, --out and --resume go with --scen (a batch)")
    check_outputs(render, trace, force=force, inputs=(map_file, scen))
    if scen is not None:
        check_batch_flags(
            workers=workers, ray=ray, out=out, resume=resume, force=force, inputs=(map_file, scen)
        )

    grid = load_grid(map_file)
    searcher = GridSearcher(grid, moves, costs, landmarks=landmarks)  # type: ignore[arg-type]
    options: dict[str, Any] = {
        "algorithm": algo,
        "heuristic": heuristic,
        "weight": weight,
        "max_expansions": budget.max_expansions,
        "time_limit": budget.time_limit,
        "max_memory": budget.max_memory,
    }
    if scen is not None:
        batch_options = {
            **{k: v for k, v in options.items() if v is not None},
            "map": map_file,
            "moves": moves,
            "costs": costs,
            "landmarks": landmarks,
        }
        flags = {"workers": workers, "ray": ray, "out": out, "resume": resume}
        code = _run_scen(grid, scen, random_count, seed, json_out, batch_options, flags)
        raise typer.Exit(code)

    if start_point is None:
        if grid.start is None:
            raise InvalidInput("give the start with --from X,Y (the map marks none)")
        start_point = grid.start
    if goal_point is None:
        if grid.goal is None:
            raise InvalidInput("give the goal with --to X,Y (the map marks none)")
        goal_point = grid.goal
    if explain:
        from tansuo.grid.render import EXPLAIN_MAX_CELLS

        if grid.width * grid.height > EXPLAIN_MAX_CELLS:
            raise InvalidInput(
                f"--trace is for small grids (at most {EXPLAIN_MAX_CELLS} cells); "
                f"{grid.width}x{grid.height} is too large — try --render or --animate"
            )
    with compiling(lambda: warm_up(algo), "grid kernels"):
        pass
    record = bool(outputs) or explain
    result = searcher.find_path(start_point, goal_point, record=record, **options)
    if json_out:
        emit_json(result.as_dict())
    else:
        _print_result(grid, result)
    if explain:
        from tansuo.grid.render import explain as explain_text

        (err_console if json_out else console).print(explain_text(grid, result), markup=False)
    if render is not None:
        from tansuo.grid.render import render_png

        render_png(grid, result, render, start=start_point, goal=goal_point)
        if not json_out:
            console.print(f"picture written to {render}")
    if trace is not None:
        from tansuo.grid.render import render_gif

        render_gif(grid, result, trace, start=start_point, goal=goal_point)
        if not json_out:
            console.print(f"animation written to {trace}")
    raise typer.Exit(exit_code(result.status))


def _fmt_ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f} ms"


def _print_result(grid: Grid, result: PathResult) -> None:
    from tansuo.grid.render import render_text

    stats = result.stats
    if result.status == "solved":
        proof = "optimal" if result.optimal else "not proved optimal"
        console.print(
            f"length {result.cost:.6g} ({proof}), {plural(len(result.solution), 'cell')}, "
            f"{result.algorithm} with {result.heuristic} heuristic, {result.move_rule} moves, "
            f"{result.cost_model} costs"
        )
        if grid.width <= TEXT_MAP_MAX_WIDTH and grid.height <= TEXT_MAP_MAX_HEIGHT:
            console.print(render_text(grid, result), end="", markup=False)
        console.print("path " + " ".join(f"{x},{y}" for x, y in result.solution), markup=False)
    elif result.status == "no_solution":
        console.print("no path: the goal cannot be reached from the start (proved)")
    else:
        console.print(f"search stopped by its budget ({stats.limit}); nothing proved")
    tables = f", map tables built in {_fmt_ms(stats.preprocess_s)}" if stats.preprocess_s else ""
    console.print(
        f"expanded {stats.expanded}, generated {stats.generated}, "
        f"reopened {stats.reopened}, largest open list {stats.max_frontier}, "
        f"{_fmt_ms(stats.elapsed_s)}{tables}"
    )


def _run_scen(
    grid: Grid,
    scen_file: str,
    random_count: int | None,
    seed: int,
    json_out: bool,
    options: dict[str, Any],
    flags: dict[str, Any],
) -> int:
    """Every problem of a scenario file (or K at random) through the batch runner."""
    from tansuo.batch.domains import GridBatch
    from tansuo.grid import SCEN_TOLERANCE, load_scen, warm_up

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        problems = load_scen(scen_file)
    for i, p in enumerate(problems):
        if (p.width, p.height) != (grid.width, grid.height):
            raise InvalidInput(
                f"problem {i + 1} is for a {p.width}x{p.height} map ({p.map_name}) but the map "
                f"is {grid.width}x{grid.height}"
            )
    for w in caught:  # after the checks: an error comes alone, on its one line
        err_console.print(f"warning: {w.message}", markup=False, soft_wrap=True)
    chosen: set[str] | None = None
    if random_count is not None and random_count < len(problems):
        picked = random.Random(seed).sample(range(1, len(problems) + 1), random_count)
        chosen = {str(number) for number in picked}
    adapter = GridBatch()
    instances = (i for i in adapter.instances(problems) if chosen is None or i.id in chosen)
    mismatches: list[dict[str, Any]] = []
    times: list[float] = []
    preprocess = 0.0

    def tally(record: dict[str, Any]) -> None:
        nonlocal preprocess
        times.append(record["stats"]["elapsed_s"] if "stats" in record else 0.0)
        preprocess += (record.get("stats") or {}).get("preprocess_s") or 0.0
        if not record.get("matched"):
            mismatches.append(record)

    code = run_batch_command(
        "grid", instances, adapter.check_options(options),
        total=len(problems) if chosen is None else len(chosen), json_out=json_out,
        warm_up=warm_up, source=scen_file, print_records=False, on_record=tally, **flags,
    )  # fmt: skip
    report: Console = err_console if json_out and flags["out"] is None else console
    done = len(times)
    # The times are the summary's above (one total, one median), not counted again here.
    report.print(
        f"{done - len(mismatches)}/{done} lengths match the scenario's optimum "
        f"within {SCEN_TOLERANCE:g} ({options['algorithm']})"
        + (f", map tables built in {_fmt_ms(preprocess)}" if preprocess else "")
    )
    for record in mismatches:
        p = problems[int(record["id"]) - 1]
        report.print(
            f"  mismatch problem {record['id']} (bucket {p.bucket}): from {p.start[0]},"
            f"{p.start[1]} to {p.goal[0]},{p.goal[1]} expected {p.optimal!r}, got "
            f"{record['status']} {record.get('cost')!r}",
            markup=False,
        )
    return max(code, 1) if mismatches else code


def demo(console: Console) -> None:
    """Solve a small room with A* (costs 10/14, as in the textbook figures) and JPS."""
    from tansuo.grid import GridSearcher, bundled_map, warm_up
    from tansuo.grid.render import render_text

    grid = bundled_map("room")
    with compiling(lambda: warm_up("astar", "jps"), "grid kernels"):
        pass
    searcher = GridSearcher(grid, costs="10-14")
    assert grid.start is not None and grid.goal is not None
    result = searcher.find_path(grid.start, grid.goal)
    console.print("[bold]grid[/bold] A* around a wall, straight steps 10 and diagonal 14:")
    console.print(render_text(grid, result), end="", markup=False)
    console.print(
        f"  length {result.cost:g} in {len(result.solution) - 1} moves; A* expanded "
        f"{result.stats.expanded} cells"
    )
    jps = searcher.find_path(grid.start, grid.goal, algorithm="jps")
    console.print(
        f"  Jump Point Search finds the same length {jps.cost:g} expanding "
        f"{jps.stats.expanded} jump points"
    )

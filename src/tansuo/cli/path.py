"""``tansuo path``: shortest paths on grid maps (Moving AI, text grids, images)."""

from __future__ import annotations

import random
import statistics
import time
import warnings
from pathlib import Path

import typer

from tansuo.cli._common import (
    compiling,
    console,
    emit_json,
    err_console,
    exit_code,
    refuse_overwrite,
    worst_exit,
)
from tansuo.errors import InvalidInput

TEXT_MAP_MAX_WIDTH = 120  # draw the map with the path in the terminal up to this size
MATCH_TOLERANCE = 1e-4


def register(app: typer.Typer) -> None:
    app.command(
        "path",
        help=(
            "Shortest path on a grid map (.map, text grid or image); --scen runs a scenario "
            "file. Exit 0 found, 1 no path (or a --scen length mismatch), 2 bad input, "
            "3 budget spent."
        ),
    )(path_command)


def _warmup() -> None:
    from tansuo.grid import Grid, GridSearcher

    searcher = GridSearcher(Grid.from_text("...\n.#.\n..."))
    for algorithm in ("astar", "jps", "bfs", "bidirectional"):
        searcher.find_path((0, 0), (2, 2), algorithm=algorithm)
    searcher.find_path((0, 0), (2, 2), record=True)


def path_command(
    map_file: str = typer.Argument(
        ..., metavar="MAP", help="A .map, text grid or image file, or a bundled map name."
    ),
    start: str | None = typer.Option(None, "--from", help="Start X,Y (default: S in a text grid)."),
    goal: str | None = typer.Option(None, "--to", help="Goal X,Y (default: G in a text grid)."),
    algo: str = typer.Option(
        "astar", "--algo", help="astar, jps, dijkstra, bfs, bidirectional or weighted-astar."
    ),
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
        8, "--landmarks", help="Landmarks of the differential heuristic."
    ),
    weight: float = typer.Option(1.5, "--weight", help="Heuristic weight for weighted-astar."),
    scen: str | None = typer.Option(
        None, "--scen", help="Run every problem of a Moving AI .scen file and check the lengths."
    ),
    sample: int | None = typer.Option(
        None, "--sample", help="With --scen: run N problems picked at random (seeded)."
    ),
    seed: int = typer.Option(2026, "--seed", help="Seed for --sample."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per problem."),
    render: Path | None = typer.Option(
        None, "--render", help="Draw the map, closed/open cells and the path to a PNG."
    ),
    trace: Path | None = typer.Option(None, "--trace", help="Animate the search to a GIF."),
    explain: bool = typer.Option(
        False, "--explain", help="Print F, G and H of every expanded cell (small grids)."
    ),
    max_expansions: int | None = typer.Option(
        None, "--max-expansions", help="Expansion budget per problem."
    ),
    time_limit: float = typer.Option(60.0, "--time-limit", help="Seconds per problem."),
    force: bool = typer.Option(False, "--force", help="Overwrite --render/--trace files."),
) -> None:
    """Find a shortest path on a grid map, or check a whole Moving AI scenario file.

    Exit code: 0 found, 1 no path (or, with --scen, a length that differs from
    the scenario's), 2 bad input, 3 budget exhausted.
    """
    from tansuo.grid import GridSearcher, load_grid, parse_point

    grid = load_grid(map_file)
    outputs = [p for p in (render, trace) if p is not None]
    for out in outputs:
        refuse_overwrite(out, force=force, inputs=(map_file, scen or ""))
    searcher = GridSearcher(grid, moves, costs, landmarks=landmarks)
    options = dict(
        algorithm=algo,
        heuristic=heuristic,
        weight=weight,
        max_expansions=max_expansions,
        time_limit=time_limit,
    )
    with compiling(_warmup):
        pass
    if scen is not None:
        if start is not None or goal is not None or outputs or explain:
            raise InvalidInput(
                "--scen runs a batch: it cannot be combined with --from/--to, "
                "--render, --trace or --explain"
            )
        raise typer.Exit(_run_scen(searcher, scen, sample, seed, json_out, options))

    if start is None and grid.start is None:
        raise InvalidInput("give the start with --from X,Y (the map marks none)")
    if goal is None and grid.goal is None:
        raise InvalidInput("give the goal with --to X,Y (the map marks none)")
    start_point = parse_point(start, "--from") if start is not None else grid.start
    goal_point = parse_point(goal, "--to") if goal is not None else grid.goal
    record = bool(outputs) or explain
    if explain and algo in ("bfs", "bidirectional"):
        raise InvalidInput("--explain shows F = G + H: use astar, dijkstra, weighted-astar or jps")
    if trace is not None and algo == "bidirectional":
        raise InvalidInput("--trace animates one search frontier: not available for bidirectional")
    if explain:
        from tansuo.grid.render import EXPLAIN_MAX_CELLS

        if grid.width * grid.height > EXPLAIN_MAX_CELLS:
            raise InvalidInput(
                f"--explain is for small grids (at most {EXPLAIN_MAX_CELLS} cells); "
                f"{grid.width}x{grid.height} is too large — try --render or --trace"
            )
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


def _print_result(grid, result) -> None:
    from tansuo.grid.render import render_text

    stats = result.stats
    if result.status == "solved":
        proof = "optimal" if result.optimal else "not proved optimal"
        console.print(
            f"length {result.cost:.6g} ({proof}), {len(result.solution)} cells, "
            f"{result.algorithm} with {result.heuristic} heuristic, {result.moves} moves, "
            f"{result.costs} costs"
        )
        if grid.width <= TEXT_MAP_MAX_WIDTH and grid.height <= 60:
            console.print(render_text(grid, result), end="", markup=False)
        console.print("path " + " ".join(f"{x},{y}" for x, y in result.solution), markup=False)
    elif result.status == "no_solution":
        console.print("no path: the goal cannot be reached from the start (proved)")
    else:
        console.print(f"search stopped by its budget ({stats.get('limit')}); nothing proved")
    console.print(
        f"expanded {stats['expanded']}, generated {stats['generated']}, "
        f"reopened {stats['reopened']}, largest open list {stats['max_open']}, "
        f"{_fmt_ms(stats['elapsed_s'])}"
    )


def _run_scen(searcher, scen_file, sample, seed, json_out, options) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from tansuo.grid import load_scen

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        problems = load_scen(scen_file)
    for w in caught:
        err_console.print(f"warning: {w.message}", markup=False)
    grid = searcher.grid
    for i, p in enumerate(problems):
        if (p.width, p.height) != (grid.width, grid.height):
            raise InvalidInput(
                f"problem {i + 1} is for a {p.width}x{p.height} map ({p.map_name}) but the map "
                f"is {grid.width}x{grid.height}"
            )
    if sample is not None:
        if sample < 1:
            raise InvalidInput(f"--sample must be >= 1, got {sample}")
        if sample < len(problems):
            chosen = sorted(random.Random(seed).sample(range(len(problems)), sample))
            problems = [problems[i] for i in chosen]
    statuses: list[str] = []
    times: list[float] = []
    mismatches: list[tuple[int, object, object]] = []
    preprocess = 0.0
    started = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err_console,
        transient=True,
        disable=json_out and not err_console.is_terminal,
    ) as progress:
        task = progress.add_task(f"{Path(scen_file).name}", total=len(problems))
        for i, p in enumerate(problems):
            result = searcher.find_path(p.start, p.goal, **options)
            statuses.append(result.status)
            times.append(result.stats["elapsed_s"])
            preprocess += result.stats.get("preprocess_s", 0.0)
            matched = result.cost is not None and abs(result.cost - p.optimal) <= MATCH_TOLERANCE
            if not matched:
                mismatches.append((i, p, result))
            if json_out:
                emit_json(
                    dict(
                        result.as_dict(),
                        problem=i + 1,
                        bucket=p.bucket,
                        expected=p.optimal,
                        matched=matched,
                    )
                )
            progress.update(task, advance=1)
    matched_count = len(problems) - len(mismatches)
    report = err_console if json_out else console
    report.print(
        f"{matched_count}/{len(problems)} lengths match the scenario's optimum within "
        f"{MATCH_TOLERANCE:g}; median {_fmt_ms(statistics.median(times))} per problem, "
        f"total {time.perf_counter() - started:.2f} s ({options['algorithm']})"
        + (f", landmark table built once in {_fmt_ms(preprocess)}" if preprocess else "")
    )
    for i, p, result in mismatches:
        report.print(
            f"  mismatch problem {i + 1} (bucket {p.bucket}): from {p.start[0]},{p.start[1]} "
            f"to {p.goal[0]},{p.goal[1]} expected {p.optimal!r}, got "
            f"{result.status} {result.cost!r} (expanded {result.stats['expanded']})",
            markup=False,
        )
    code = worst_exit(statuses)
    return max(code, 1) if mismatches else code


def demo(console) -> None:
    """Solve a small room with A* (costs 10/14, as in the textbook figures) and JPS."""
    from tansuo.grid import GridSearcher, load_grid
    from tansuo.grid.render import render_text

    grid = load_grid("room")
    with compiling(_warmup):
        pass
    searcher = GridSearcher(grid, costs="10-14")
    result = searcher.find_path(grid.start, grid.goal)
    console.print("[bold]grid[/bold] A* around a wall, straight steps 10 and diagonal 14:")
    console.print(render_text(grid, result), end="", markup=False)
    console.print(
        f"  length {result.cost:g} in {len(result.solution) - 1} moves; A* expanded "
        f"{result.stats['expanded']} cells"
    )
    jps = searcher.find_path(grid.start, grid.goal, algorithm="jps")
    console.print(
        f"  Jump Point Search finds the same length {jps.cost:g} expanding "
        f"{jps.stats['expanded']} jump points"
    )

"""``tansuo search``: the generic engine on a sliding-tile puzzle, for learning and comparing.

The dedicated fast puzzle solver lives in its own domain; this command shows the
textbook algorithms of :data:`tansuo.search.ALGORITHMS` at work on the same
problem, with their counters and an optional step-by-step trace of the open
and closed lists.
"""

from __future__ import annotations

import typer
from rich.console import Console

from tansuo.cli._common import (
    algo_option,
    console,
    emit_json,
    exit_code,
    json_option,
    max_expansions_option,
    plural,
    resolve_algo,
    time_limit_option,
    trace_option,
)
from tansuo.search import ALGORITHMS, SearchResult, astar, bfs, ida_star
from tansuo.search.examples import (
    HEURISTICS,
    UNSOLVABLE_PROOF,
    SlidingPuzzle,
    parse_tiles,
    solve_puzzle,
)
from tansuo.search.trace import Tracer

DEFAULT_MAX_EXPANSIONS = 2_000_000

LIBRARY_NAMES = {"weighted-astar": "weighted"}
"""``--algo`` names (one spelling in every command) that the generic engine spells otherwise."""
CLI_NAMES = tuple({v: k for k, v in LIBRARY_NAMES.items()}.get(name, name) for name in ALGORITHMS)


def register(app: typer.Typer) -> None:
    app.command(
        "search",
        help=(
            "Run a textbook search algorithm on an 8- or 15-puzzle; show its counters "
            f"(at most {DEFAULT_MAX_EXPANSIONS:,} expansions unless --max-expansions says)."
        ),
    )(run)


def run(
    tiles: str = typer.Argument(
        ..., help='The tiles row by row, 0 for the blank: "1 2 3 4 5 6 0 7 8".'
    ),
    algo: str = algo_option("astar", CLI_NAMES),
    heuristic: str = typer.Option(
        "manhattan",
        "--heuristic",
        metavar="NAME",
        help=f"For the informed ones: {', '.join(HEURISTICS)}.",
    ),
    weight: float = typer.Option(2.0, "--weight", help="w in g + w*h, for --algo weighted-astar."),
    max_expansions: int | None = max_expansions_option(),
    time_limit: float | None = time_limit_option(),
    show_trace: bool = trace_option("g, h, f and the open list size per expansion"),
    as_json: bool = json_option(),
) -> None:
    """Solve a sliding-tile puzzle with the generic engine and report what the search did."""
    algo = resolve_algo(algo, CLI_NAMES)
    puzzle = SlidingPuzzle(parse_tiles(tiles))
    tracer = Tracer(max_frames=None) if show_trace else None
    result = solve_puzzle(
        puzzle,
        LIBRARY_NAMES.get(algo, algo),
        heuristic=heuristic,
        weight=weight,
        on_event=tracer,
        max_expansions=DEFAULT_MAX_EXPANSIONS if max_expansions is None else max_expansions,
        time_limit=time_limit,
    )
    proof = None if puzzle.is_solvable() else UNSOLVABLE_PROOF
    if as_json:
        out = result.as_dict()
        out["lurd"] = "".join(result.actions)
        out.pop("path")
        out["algorithm"] = algo
        if proof:
            out["proof"] = proof
        emit_json(out)
    else:
        if tracer is not None:
            _print_trace(tracer)
        _print_result(result, algo, proof)
    raise typer.Exit(exit_code(result.status))


def _print_trace(tracer: Tracer) -> None:
    console.print("step  g   h   f   open  closed  state")
    for frame in tracer.finish():
        e = frame.entry
        console.print(
            f"{frame.step:>4} {e.g:>3} {e.h:>3} {e.f:>3}"
            f" {len(frame.open):>5} {len(frame.closed):>7}  {_compact(frame.expanded)}"
        )


def _compact(tiles: tuple[int, ...]) -> str:
    return "".join("_" if t == 0 else format(t, "x") for t in tiles)


def _print_result(result: SearchResult, algo: str, proof: str | None) -> None:
    stats = result.stats
    if result.status == "solved":
        moves = "".join(result.actions) or "(already solved)"
        console.print(f"solved: {plural(len(result.actions), 'move')}  {moves}")
    elif result.status == "no_solution":
        console.print(f"no solution: {proof or 'every reachable state was searched'}")
    else:
        console.print(f"budget exhausted ({stats.limit}) before a solution was found")
    console.print(
        f"{algo}: expanded {stats.expanded:,}  generated {stats.generated:,}  "
        f"reopened {stats.reopened:,}  max frontier {stats.max_frontier:,}  "
        f"{stats.elapsed_s * 1e3:.1f} ms"
    )


def demo(console: Console) -> None:
    """Solve one 8-puzzle with several textbook algorithms and compare their work."""
    puzzle = SlidingPuzzle((8, 6, 7, 2, 5, 4, 3, 0, 1))  # one of the two hardest: 31 moves
    console.print("[bold]search[/bold]  the generic engine on the 8-puzzle 867/254/3_1 (31 moves)")
    for name, algorithm in (("A*", astar), ("IDA*", ida_star), ("BFS", bfs)):
        result = algorithm(puzzle)
        console.print(
            f"  {name:<5} {len(result.actions)} moves, expanded {result.stats.expanded:>7,} states"
            f" in {result.stats.elapsed_s * 1e3:6.1f} ms"
        )
    console.print(f"  moves: {''.join(astar(puzzle).actions)}  (the blank's moves)")

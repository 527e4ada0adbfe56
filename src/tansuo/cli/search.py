"""``tansuo search``: the generic engine on a sliding-tile puzzle, for learning and comparing.

The dedicated fast puzzle solver lives in its own domain; this command shows the
textbook algorithms at work on the same problem, with their counters and an
optional step-by-step trace of the open and closed lists.
"""

from __future__ import annotations

import re
from enum import StrEnum

import typer

from tansuo.cli._common import console, emit_json, exit_code
from tansuo.errors import InvalidInput
from tansuo.search import (
    SearchResult,
    astar,
    bfs,
    bidirectional_bfs,
    dijkstra,
    greedy_best_first,
    ida_star,
    iddfs,
    weighted_astar,
)
from tansuo.search.examples import SlidingPuzzle
from tansuo.search.trace import Tracer

DEFAULT_MAX_EXPANSIONS = 2_000_000


class Algo(StrEnum):
    astar = "astar"
    ida = "ida"
    weighted = "weighted"
    greedy = "greedy"
    dijkstra = "dijkstra"
    bfs = "bfs"
    iddfs = "iddfs"
    bidirectional = "bidirectional"


class Heuristic(StrEnum):
    manhattan = "manhattan"
    hamming = "hamming"
    zero = "zero"


def register(app: typer.Typer) -> None:
    app.command(
        "search", help="Run a textbook search algorithm on an 8- or 15-puzzle; show its counters."
    )(run)


def parse_tiles(text: str) -> tuple[int, ...]:
    """Tiles from ``"1 2 3 4 5 6 0 7 8"``, ``"1,2,3,..."`` or ``"123456078"``.

    ``0``, ``_`` and ``.`` are the blank.
    """
    text = text.strip()
    if not text:
        raise InvalidInput("empty puzzle: give the tiles row by row, 0 for the blank")
    parts = re.split(r"[\s,;/]+", text) if re.search(r"[\s,;/]", text) else list(text)
    tiles = []
    for position, part in enumerate(parts, start=1):
        if part in ("_", ".", "0"):
            tiles.append(0)
        elif part.isdigit():
            tiles.append(int(part))
        else:
            raise InvalidInput(
                f"tile {position}: {part!r} is not a number (0, _ or . is the blank)"
            )
    return tuple(tiles)


def _solve(puzzle: SlidingPuzzle, algo: Algo, h, weight: float, limits: dict, tracer):
    on_event = {"on_event": tracer} if tracer is not None else {}
    match algo:
        case Algo.astar:
            return astar(puzzle, h, **limits, **on_event)
        case Algo.ida:
            return ida_star(puzzle, h, **limits, **on_event)
        case Algo.weighted:
            return weighted_astar(puzzle, weight, h, **limits, **on_event)
        case Algo.greedy:
            return greedy_best_first(puzzle, h, **limits, **on_event)
        case Algo.dijkstra:
            return dijkstra(puzzle, **limits, **on_event)
        case Algo.bfs:
            return bfs(puzzle, **limits, **on_event)
        case Algo.iddfs:
            return iddfs(puzzle, **limits, **on_event)
        case Algo.bidirectional:
            return bidirectional_bfs(puzzle, **limits)


def run(
    tiles: str = typer.Argument(
        ..., help='The tiles row by row, 0 for the blank: "1 2 3 4 5 6 0 7 8".'
    ),
    algo: Algo = typer.Option(Algo.astar, "--algo", help="The algorithm."),
    heuristic: Heuristic = typer.Option(
        Heuristic.manhattan, "--heuristic", help="For the informed ones."
    ),
    weight: float = typer.Option(2.0, "--weight", help="w in g + w*h, for --algo weighted."),
    max_expansions: int = typer.Option(
        DEFAULT_MAX_EXPANSIONS, "--max-expansions", help="Budget: states expanded at most."
    ),
    time_limit: float | None = typer.Option(None, "--time-limit", help="Budget: seconds."),
    show_trace: bool = typer.Option(
        False, "--trace", help="Print g, h, f and the open list size per expansion."
    ),
    as_json: bool = typer.Option(False, "--json", help="One JSON object instead of text."),
) -> None:
    """Solve a sliding-tile puzzle with the generic engine and report what the search did."""
    puzzle = SlidingPuzzle(parse_tiles(tiles))
    if not puzzle.is_solvable():
        # The inversion parity is invariant under moves: a proof, no search needed.
        result: SearchResult = SearchResult("no_solution")
        proof = "the permutation parity (inversions) differs from the goal's"
    else:
        h = {"manhattan": puzzle.heuristic, "hamming": puzzle.hamming, "zero": lambda _s: 0}
        tracer = Tracer(max_frames=None) if show_trace else None
        limits = {"max_expansions": max_expansions, "time_limit": time_limit}
        result = _solve(puzzle, algo, h[heuristic.value], weight, limits, tracer)
        proof = None
        if tracer is not None and not as_json:
            _print_trace(tracer, puzzle)
    if as_json:
        out = result.as_dict()
        out["solution"] = result.actions
        out["lurd"] = "".join(result.actions)
        out.pop("path")
        out["algorithm"] = algo.value
        if proof:
            out["proof"] = proof
        emit_json(out)
    else:
        _print_result(result, algo, proof)
    raise typer.Exit(exit_code(result.status))


def _print_trace(tracer: Tracer, puzzle: SlidingPuzzle) -> None:
    console.print("step  g   h   f   open  closed  state")
    for frame in tracer.finish():
        e = frame.entry
        console.print(
            f"{frame.step:>4} {e.g:>3} {e.h:>3} {e.f:>3}"
            f" {len(frame.open):>5} {len(frame.closed):>7}  {_compact(frame.expanded)}"
        )


def _compact(tiles: tuple[int, ...]) -> str:
    return "".join("_" if t == 0 else format(t, "x") for t in tiles)


def _print_result(result: SearchResult, algo: Algo, proof: str | None) -> None:
    stats = result.stats
    if result.status == "solved":
        moves = "".join(result.actions) or "(already solved)"
        console.print(f"solved: {len(result.actions)} moves  {moves}")
    elif result.status == "no_solution":
        console.print(f"no solution: {proof or 'every reachable state was searched'}")
    else:
        console.print(f"budget exhausted ({stats.limit}) before a solution was found")
    console.print(
        f"{algo.value}: expanded {stats.expanded:,}  generated {stats.generated:,}  "
        f"reopened {stats.reopened:,}  max frontier {stats.max_frontier:,}  "
        f"{stats.elapsed_s * 1e3:.1f} ms"
    )


def demo(console) -> None:
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

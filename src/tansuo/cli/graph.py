"""``tansuo graph``: shortest paths in a weighted graph (edge list or DIMACS)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from tansuo.cli._common import compiling, console, emit_json, exit_code, read_text
from tansuo.errors import InvalidInput

DEFAULT_TIME_LIMIT = 300.0


class Method(StrEnum):
    auto = "auto"
    dijkstra = "dijkstra"
    astar = "astar"
    bidirectional = "bidirectional"
    bfs = "bfs"
    reference = "reference"


class Format(StrEnum):
    auto = "auto"
    edges = "edges"
    dimacs = "dimacs"


def register(app: typer.Typer) -> None:
    app.command(
        "graph",
        help=(
            "Shortest paths in a weighted graph: the listing for every node from --from, "
            "or one path with --to. Reads edge lists ('S a 12' per line) and DIMACS .gr."
        ),
    )(run)


def load_graph(
    file: str | None,
    *,
    sample: str | None = None,
    fmt: str = "auto",
    directed: bool = False,
    coordinates: Path | None = None,
):
    """The graph named on the command line: a file, ``-`` for stdin, or a bundled sample."""
    from tansuo.graph import load_sample, parse_graph, read_graph

    if sample is not None:
        if file is not None:
            raise InvalidInput("give either a FILE or --sample, not both")
        return load_sample(sample)
    if file is None:
        raise InvalidInput("no graph given: pass a FILE (or - for stdin) or --sample NAME")
    if str(file) == "-":
        co_text = None if coordinates is None else read_text(coordinates)
        return parse_graph(
            read_text("-"), fmt=fmt, directed=directed, coordinates=co_text, source="-"
        )
    return read_graph(file, fmt=fmt, directed=directed, coordinates=coordinates)


def warm_up() -> None:
    """Compile (or load from the cache) every graph kernel on a tiny graph."""
    from tansuo.graph import Graph, shortest_path, shortest_paths

    tiny = Graph.from_edges(
        [("a", "b", 1.5), ("b", "c", 2)], coords={"a": (0, 0), "b": (1, 0), "c": (2, 0)}
    )
    shortest_paths(tiny, "a")
    for method in ("dijkstra", "astar", "bidirectional"):
        shortest_path(tiny, "a", "c", method=method)
    shortest_paths(Graph.from_edges([("a", "b"), ("b", "c")]), "a")


def run(
    file: str | None = typer.Argument(
        None, metavar="FILE", help="Edge-list or DIMACS .gr file; - reads standard input."
    ),
    source: str = typer.Option(..., "--from", "-s", help="The start node."),
    target: str | None = typer.Option(None, "--to", "-t", help="Only the path to this node."),
    directed: bool = typer.Option(
        False, "--directed", help="Edge-list lines are arcs u -> v (DIMACS is always directed)."
    ),
    fmt: Format = typer.Option(Format.auto, "--format", help="Input format."),
    coordinates: Path | None = typer.Option(
        None, "--co", help="DIMACS .co coordinates (default: FILE with .co beside a .gr)."
    ),
    method: Method = typer.Option(
        Method.auto,
        "--method",
        help="auto: BFS for equal weights, A* with coordinates and --to, else Dijkstra.",
    ),
    sample: str | None = typer.Option(
        None, "--sample", help="A bundled graph instead of FILE: figure-7-3, figure-7-19."
    ),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
    time_limit: float = typer.Option(
        DEFAULT_TIME_LIMIT, "--time-limit", help="Give up after this many seconds (exit 3)."
    ),
    max_expansions: int | None = typer.Option(
        None, "--max-expansions", help="Give up after settling this many nodes (exit 3)."
    ),
) -> None:
    """Print the shortest path listing from --from (or one path with --to)."""
    from tansuo.graph import listing_lines, pair_line, shortest_path, shortest_paths

    with compiling(warm_up, "graph kernels"):
        # kernels first, so that the graph's build time is not the compiler's
        graph = load_graph(
            file, sample=sample, fmt=fmt.value, directed=directed, coordinates=coordinates
        )
    budget = {"time_limit": time_limit, "max_expansions": max_expansions}
    if target is None:
        if method.value in ("astar", "bidirectional"):
            raise InvalidInput(f"--method {method.value} needs --to TARGET")
        result = shortest_paths(graph, source, method=method.value, **budget)
    else:
        result = shortest_path(graph, source, target, method=method.value, **budget)
    if json_out:
        emit_json(result.as_dict())
    elif target is None:
        console.print("Shortest path listing:", markup=False)
        for line in listing_lines(result):
            console.print(f"  {line}", markup=False)
    else:
        console.print(pair_line(result), markup=False)
    raise typer.Exit(exit_code(result.status))


def demo(console) -> None:
    """The chapter's figure 7-19: the shortest path listing from v, by the Dijkstra kernel."""
    from tansuo.graph import listing_lines, load_sample, shortest_path, shortest_paths

    graph = load_sample("figure-7-19")
    result = shortest_paths(graph, "v", method="dijkstra")
    console.print(
        f"[bold]graph[/bold]  Dijkstra (numba, CSR) on the chapter's figure 7-19 "
        f"({graph.num_nodes} nodes, {graph.num_arcs // 2} edges) from v:"
    )
    lines = listing_lines(result)
    for line in lines[:4]:
        console.print(f"  {line}", markup=False)
    console.print(f"  ... {len(lines) - 4} more nodes", markup=False)
    pair = shortest_path(graph, "v", "w", method="bidirectional")
    console.print(
        f"  bidirectional Dijkstra v→w: cost {pair.cost}, settled {pair.stats['expanded']} "
        f"nodes (one-way Dijkstra settled {result.stats['expanded']})",
        markup=False,
    )

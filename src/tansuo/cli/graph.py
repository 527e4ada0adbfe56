"""``tansuo graph``: shortest paths in a weighted graph (edge list or DIMACS)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import typer

from tansuo.cli._common import (
    SEARCH_TIME_LIMIT,
    algo_option,
    compiling,
    console,
    emit_json,
    exit_code,
    json_option,
    max_expansions_option,
    sample_option,
    time_limit_option,
)
from tansuo.errors import InvalidInput

if TYPE_CHECKING:
    from tansuo.graph import Graph, ShortestPath
    from tansuo.graph.io import Format as FormatName
    from tansuo.graph.solve import Algorithm

DEFAULT_TIME_LIMIT = SEARCH_TIME_LIMIT  # the one rule: CONVENTIONS.md

# the names are repeated here (not imported) so that `tansuo --help` does not
# import numba; a test checks that they are the library's
ALGORITHM_NAMES = ("auto", "dijkstra", "astar", "bidirectional", "bfs", "reference")
PAIR_ONLY = ("astar", "bidirectional")


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


def check_graph_source(file: str | None, sample: str | None) -> None:
    """Say at once what is wrong with where the graph should come from (before any work).

    A FILE that does not exist may be the name of a bundled graph; anything
    else that is wrong with a file (a directory, binary, not UTF-8) is said
    when it is read.
    """
    from tansuo.graph import bundled_graph_names

    if sample is not None:
        if file is not None:
            raise InvalidInput("give either a FILE or --sample, not both")
        if sample not in bundled_graph_names():
            raise InvalidInput(
                f"no bundled graph {sample!r}; choose one of {', '.join(bundled_graph_names())}"
            )
        return
    if file is None:
        raise InvalidInput("no graph given: pass a FILE (or - for stdin) or --sample NAME")
    if file != "-" and not Path(file).exists() and file not in bundled_graph_names():
        raise InvalidInput(
            f"{file}: no such file (nor a bundled graph: {', '.join(bundled_graph_names())})"
        )


def load_graph(
    file: str | None,
    *,
    sample: str | None = None,
    fmt: str = "auto",
    directed: bool = False,
    coordinates: Path | None = None,
) -> Graph:
    """The graph named on the command line: a file, ``-`` for stdin, or a bundled graph.

    A bundled graph is named by ``--sample NAME``, or by FILE when no such
    file exists and a bundled graph has that name.
    """
    from tansuo.graph import bundled_graph, read_graph

    check_graph_source(file, sample)
    if sample is None and file != "-" and not Path(str(file)).exists():
        sample = file  # check_graph_source made sure that it is a bundled name
    if sample is not None:
        return bundled_graph(sample)
    return read_graph(
        str(file), fmt=cast("FormatName", fmt), directed=directed, coordinates=coordinates
    )


def run(
    file: str | None = typer.Argument(
        None,
        metavar="FILE",
        help="Edge-list or DIMACS .gr file (- reads standard input), or a bundled graph's name.",
    ),
    source: str | None = typer.Option(None, "--from", "-s", help="The start node (required)."),
    target: str | None = typer.Option(None, "--to", "-t", help="Only the path to this node."),
    directed: bool = typer.Option(
        False, "--directed", help="Edge-list lines are arcs u -> v (DIMACS is always directed)."
    ),
    fmt: Format = typer.Option(Format.auto, "--format", help="Input format."),
    coordinates: Path | None = typer.Option(
        None, "--co", help="DIMACS .co coordinates (default: FILE with .co beside a .gr)."
    ),
    algorithm: str = algo_option("auto", ALGORITHM_NAMES),
    sample: str | None = sample_option("figure-7-3, figure-7-19"),
    json_out: bool = json_option(),
    time_limit: float | None = time_limit_option(DEFAULT_TIME_LIMIT),
    max_expansions: int | None = max_expansions_option(),
) -> None:
    """Print the shortest path listing from --from (or one path with --to).

    ``--algo auto`` is BFS when all weights are equal, A* with coordinates and
    --to, else Dijkstra; ``--max-expansions`` counts nodes settled.
    """
    from tansuo.budget import Budget
    from tansuo.graph import (
        ShortestPaths,
        limit_line,
        listing_lines,
        pair_line,
        shortest_path,
        shortest_paths,
        warm_up,
    )

    # the cheap checks first, in the order of the command line: the graph, the
    # start node, the algorithm, the budgets; then the work
    check_graph_source(file, sample)
    if source is None:
        raise InvalidInput("no start node: pass --from NODE")
    if algorithm not in ALGORITHM_NAMES:
        raise InvalidInput(
            f"unknown --algo {algorithm!r}; choose one of {', '.join(ALGORITHM_NAMES)}"
        )
    if target is None and algorithm in PAIR_ONLY:
        raise InvalidInput(f"--algo {algorithm} needs --to TARGET")
    Budget(time_limit=time_limit, max_expansions=max_expansions)
    with compiling(warm_up, "graph kernels"):
        # kernels first, so that the graph's build time is not the compiler's
        graph = load_graph(
            file, sample=sample, fmt=fmt.value, directed=directed, coordinates=coordinates
        )
    algo = cast("Algorithm", algorithm)
    result: ShortestPaths | ShortestPath
    if target is None:
        result = shortest_paths(
            graph, source, algorithm=algo, time_limit=time_limit, max_expansions=max_expansions
        )
    else:
        result = shortest_path(
            graph,
            source,
            target,
            algorithm=algo,
            time_limit=time_limit,
            max_expansions=max_expansions,
        )
    if json_out:
        emit_json(result.as_dict())
    else:
        if isinstance(result, ShortestPaths):
            console.print("Shortest path listing:", markup=False)
            for line in listing_lines(result):
                console.print(f"  {line}", markup=False)
        else:
            console.print(pair_line(result), markup=False)
        if result.status == "limit":
            console.print(limit_line(result.stats), markup=False)
    raise typer.Exit(exit_code(result.status))


def demo(console: Any) -> None:
    """The chapter's figure 7-19: the shortest path listing from v, by the Dijkstra kernel."""
    from tansuo.graph import bundled_graph, listing_lines, shortest_path, shortest_paths

    graph = bundled_graph("figure-7-19")
    result = shortest_paths(graph, "v", algorithm="dijkstra")
    console.print(
        f"[bold]graph[/bold]  Dijkstra (numba, CSR) on the chapter's figure 7-19 "
        f"({graph.num_nodes} nodes, {graph.num_arcs // 2} edges) from v:"
    )
    lines = listing_lines(result)
    for line in lines[:4]:
        console.print(f"  {line}", markup=False)
    console.print(f"  ... {len(lines) - 4} more nodes", markup=False)
    pair = shortest_path(graph, "v", "w", algorithm="bidirectional")
    console.print(
        f"  bidirectional Dijkstra v→w: cost {pair.cost}, settled {pair.stats.expanded} "
        f"nodes (one-way Dijkstra settled {result.stats.expanded})",
        markup=False,
    )

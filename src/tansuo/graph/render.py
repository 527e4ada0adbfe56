"""Text output of shortest-path results: the chapter's "shortest path listing"."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from tansuo.graph.result import GraphStats, ShortestPath, ShortestPaths


def format_distance(value: float | int | None) -> str:
    """A distance as printed: ints as ints, floats with up to 10 significant digits."""
    if value is None:
        return "unreachable"
    if isinstance(value, int):
        return str(value)
    return f"{value:.10g}"


def format_path(path: Sequence[Hashable]) -> str:
    """``(S b a e)``: the chapter's way of writing a path.

    Parameters
    ----------
    path : sequence of node labels
        The nodes in order.

    Returns
    -------
    str

    Examples
    --------
    >>> format_path(["S", "a", "T"])
    '(S a T)'
    """
    return "(" + " ".join(str(node) for node in path) + ")"


def path_line(node: Hashable, distance: float | int | None, path: Sequence[Hashable] | None) -> str:
    """``e: 17 (S b a e)``, or ``x: unreachable``.

    Parameters
    ----------
    node : node label
        The target.
    distance : number or None
        Its distance; None when unreachable.
    path : sequence of node labels or None
        The path to it.

    Returns
    -------
    str

    Examples
    --------
    >>> path_line("T", 4, ["S", "a", "b", "T"])
    'T: 4 (S a b T)'
    """
    if distance is None or path is None:
        return f"{node}: unreachable"
    return f"{node}: {format_distance(distance)} {format_path(path)}"


def listing_lines(result: ShortestPaths) -> list[str]:
    """One line per node, in node order (input order for edge lists).

    After a spent budget, nodes whose distance is not final read ``unknown``.

    Parameters
    ----------
    result : ShortestPaths
        A single-source answer.

    Returns
    -------
    list of str
        ``node: distance (path)``, ``node: unreachable`` or, after a spent
        budget, ``node: unknown (budget exhausted)``.

    Examples
    --------
    >>> from tansuo.graph import parse_edge_list, shortest_paths
    >>> listing_lines(shortest_paths(parse_edge_list("S a 2\\na b 3\\nz"), "S"))
    ['S: 0 (S)', 'a: 2 (S a)', 'b: 5 (S a b)', 'z: unreachable']
    """
    lines = []
    graph = result.graph
    for v in range(graph.num_nodes):
        label = graph.label(v)
        if not result.known[v]:
            lines.append(f"{label}: unknown (budget exhausted)")
        else:
            lines.append(path_line(label, result.distance(label), result.path(label)))
    return lines


def pair_line(result: ShortestPath) -> str:
    """The one line of a single-pair answer (``unknown`` after a spent budget).

    Parameters
    ----------
    result : ShortestPath
        A single-pair answer.

    Returns
    -------
    str

    Examples
    --------
    >>> from tansuo.graph import parse_edge_list, shortest_path
    >>> pair_line(shortest_path(parse_edge_list("S a 1\\na b 2\\nb T 1\\n"), "S", "T"))
    'T: 4 (S a b T)'
    """
    if result.status == "limit":
        return f"{result.target}: unknown (budget exhausted)"
    return path_line(result.target, result.cost, result.solution)


def limit_line(stats: GraphStats) -> str:
    """What stopped a search and how far it got, printed after a spent budget.

    Parameters
    ----------
    stats : GraphStats
        The statistics of a search stopped by a budget.

    Returns
    -------
    str

    Examples
    --------
    >>> from tansuo.graph import GraphStats
    >>> limit_line(GraphStats(expanded=5, generated=9, elapsed_s=0.002, limit="max_expansions"))
    'budget exhausted: max_expansions after 5 nodes settled in 0.002 s'
    """
    return (
        f"budget exhausted: {stats.limit} after {stats.expanded:,} nodes settled "
        f"in {stats.elapsed_s:.3g} s"
    )

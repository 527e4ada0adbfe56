"""Text output of N-Queens results: boards as in the chapter, and summary lines."""

from __future__ import annotations

from tansuo.queens.io import format_board
from tansuo.queens.result import QueensResult


def boards_text(result: QueensResult) -> str:
    """The listed solutions as boards, separated by blank lines."""
    return "\n\n".join(format_board(s) for s in result.solutions)


def summary_line(result: QueensResult) -> str:
    """One line: how many solutions, and the work it took.

    Example
    -------
    >>> from tansuo.queens import count_solutions
    >>> summary_line(count_solutions(6)).split(" (")[0]
    '6-queens: 4 solutions'
    """
    stats = result.stats
    rate = stats.nodes_per_s
    work = f"{stats.nodes:,} nodes in {stats.elapsed_s:.3f} s"
    if rate >= 1e5:  # below, "0.0 M nodes/s": the rate is written out
        work += f", {rate / 1e6:.1f} M nodes/s"
    elif rate:
        work += f", {rate:,.0f} nodes/s"
    if stats.threads > 1:
        work += f", {stats.threads} threads"
    what = "distinct up to rotation and reflection" if result.up_to_symmetry else "solutions"
    if result.status == "limit":
        return f"{result.n}-queens: stopped by the {stats.limit} budget ({work})"
    if result.count is None:
        shown = len(result.solutions)
        which = "solution" if shown == 1 else f"{shown} solutions"
        return f"{result.n}-queens: showing the first {which}; there are more ({work})"
    noun = what if result.count != 1 or result.up_to_symmetry else "solution"
    return f"{result.n}-queens: {result.count:,} {noun} ({work})"

"""Text output of N-Queens results: boards as in the chapter, and summary lines."""

from __future__ import annotations

from collections.abc import Sequence

from tansuo.queens.io import format_board
from tansuo.queens.model import MAX_N
from tansuo.queens.result import QueensResult

SHOWN_COLUMNS = 16
"""Columns a placement too large to draw shows at each end."""


def boards_text(result: QueensResult) -> str:
    """The listed solutions as boards, separated by blank lines.

    Boards larger than 60 x 60 are not drawn: each solution is one line of
    its columns, the first and last :data:`SHOWN_COLUMNS` of them.

    Parameters
    ----------
    result : QueensResult
        An answer with its listed solutions.

    Returns
    -------
    str

    Examples
    --------
    >>> from tansuo.queens import find_solutions
    >>> print(boards_text(find_solutions(4)))
    . Q . .
    . . . Q
    Q . . .
    . . Q .
    """
    if result.n > MAX_N:
        return "\n".join(placement_line(s) for s in result.solutions)
    return "\n\n".join(format_board(s) for s in result.solutions)


def solution_text(placement: Sequence[int]) -> str:
    """A solution as text: the board up to 60 x 60, its columns on one line beyond."""
    return format_board(placement) if len(placement) <= MAX_N else placement_line(placement)


def placement_line(placement: Sequence[int]) -> str:
    """One line for a placement: the queen's column per row, counted from 0, ends only if long.

    Examples
    --------
    >>> placement_line((1, 3, 0, 2))
    'columns by row: 1 3 0 2'
    >>> placement_line(tuple(range(1, 100, 2)) + tuple(range(0, 100, 2)))[:40]
    'columns by row: 1 3 5 7 9 11 13 15 17 19'
    """
    n = len(placement)
    if n <= 2 * SHOWN_COLUMNS:
        return "columns by row: " + " ".join(map(str, placement))
    head = " ".join(map(str, placement[:SHOWN_COLUMNS]))
    tail = " ".join(map(str, placement[-SHOWN_COLUMNS:]))
    return f"columns by row: {head} ... {tail} ({n:,} in all)"


def summary_line(result: QueensResult) -> str:
    """One line: how many solutions, and the work it took.

    Parameters
    ----------
    result : QueensResult
        An answer.

    Returns
    -------
    str

    Examples
    --------
    >>> from tansuo.queens import count_solutions
    >>> summary_line(count_solutions(6)).split(" (")[0]
    '6-queens: 4 solutions'
    """
    stats = result.stats
    rate = stats.nodes_per_s
    work = f"{stats.nodes:,} nodes in {stats.elapsed_s:.3f} s"
    if rate:
        work += f", {rate / 1e6:.1f} M nodes/s"
    if stats.threads > 1:
        work += f", {stats.threads} threads"
    what = "distinct up to rotation and reflection" if result.up_to_symmetry else "solutions"
    if result.status == "limit":
        why = "by Ctrl-C" if stats.limit == "stopped" else f"by the {stats.limit} budget"
        if stats.counted:  # a count's solutions so far: the count is at least that
            return f"{result.n}-queens: at least {stats.counted:,} {what}; stopped {why} ({work})"
        return f"{result.n}-queens: stopped {why} ({work})"
    if result.count is None:
        shown = len(result.solutions)
        which = "solution" if shown == 1 else f"{shown} solutions"
        if not result.lexicographic:
            how = "1 solution built" if shown == 1 else f"{shown:,} solutions built and searched"
            return f"{result.n:,}-queens: {how}, each checked ({work})"
        return f"{result.n}-queens: showing the first {which}; there are more ({work})"
    noun = what if result.count != 1 or result.up_to_symmetry else "solution"
    return f"{result.n}-queens: {result.count:,} {noun} ({work})"

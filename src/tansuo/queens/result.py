"""What the N-Queens solvers return."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tansuo.queens.model import Placement
from tansuo.result import ResultMixin, Stats, Status


@dataclass(frozen=True, slots=True, kw_only=True)
class QueensStats(Stats):
    """The counters of an N-Queens search, those of a depth-first tree search.

    The tree's nodes are partial placements, the queens of the top rows; a
    node's children are the queens its next row can take where nothing
    attacks them (attacked squares are never generated: the bitmask leaves
    them out, as :meth:`QueensProblem.successors` does). Counting searches the
    tree that mirror symmetry leaves (the first queen in the left half, see
    :func:`~tansuo.queens.prefix_tasks`) as one tree, however many threads
    share its two-row prefixes.

    Attributes
    ----------
    expanded : int
        Nodes whose children were generated: the empty board and every
        partial placement of fewer than ``n`` queens entered, dead ends
        included.
    generated : int
        Children generated: queens placed.
    elapsed_s : float
        Seconds of search.
    limit : str or None
        The budget that stopped the search, if one did.
    nodes : int
        Nodes entered, the unit of ``max_nodes``: the empty board plus one per
        queen placed (``1 + generated``); :func:`~tansuo.queens.find_solutions`
        adds the queens its construction places and the swaps min-conflicts
        tries (large boards), which are no tree's nodes.
    nodes_per_s : float or None
        ``nodes / elapsed_s``; None when nothing was timed.
    threads : int
        The threads that counted.
    counted : int
        Solutions (classes with ``up_to_symmetry``) a count found; when a
        budget or Ctrl-C stopped it (``limit``), a lower bound of the count
        (the two-row prefixes counted to the end). 0 for a listing.

    Examples
    --------
    >>> from tansuo.queens import count_solutions
    >>> stats = count_solutions(6).stats
    >>> stats.nodes > 0, stats.threads, stats.limit
    (True, 1, None)
    """

    nodes: int = 0
    nodes_per_s: float | None = None
    threads: int = 1
    counted: int = 0


@dataclass(frozen=True, slots=True)
class QueensResult(ResultMixin):
    """What :func:`~tansuo.queens.count_solutions` and :func:`~tansuo.queens.find_solutions` return.

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
        ``"no_solution"``: the search finished and found none (a proof).
    n : int
    count : int or None
        Number of solutions (classes up to symmetry with ``up_to_symmetry``);
        None when unknown (a budget ran out, or only the first few were listed).
    solutions : tuple of placements
        Listed solutions, each the queen's column per row.
    up_to_symmetry : bool
        Whether ``count`` counts classes under rotation and reflection.
    stats : QueensStats
    lexicographic : bool
        Whether ``solutions`` are the first in lexicographic order (the exact
        search's); False when some were built or found by min-conflicts
        (:func:`~tansuo.queens.find_solutions` on large boards).

    Examples
    --------
    >>> from tansuo.queens import count_solutions, find_solutions
    >>> found = find_solutions(4)
    >>> found.status, found.solution, found.solutions
    ('solved', (1, 3, 0, 2), ((1, 3, 0, 2),))
    >>> count_solutions(8).count, count_solutions(8, up_to_symmetry=True).count
    (92, 12)
    """

    status: Status
    n: int
    count: int | None
    solutions: tuple[Placement, ...] = ()
    up_to_symmetry: bool = False
    stats: QueensStats = field(default_factory=QueensStats)
    lexicographic: bool = True

    @property
    def solution(self) -> Placement | None:
        """The first listed solution (the queen's column per row), if any."""
        return self.solutions[0] if self.solutions else None

    @property
    def cost(self) -> None:
        """Placements have no cost; present for the common result shape."""
        return None

    def as_dict(self) -> dict[str, Any]:
        """JSON form: status, n, count, up_to_symmetry, lexicographic, solution, solutions,
        cost, stats."""
        return {
            "status": self.status,
            "n": self.n,
            "count": self.count,
            "up_to_symmetry": self.up_to_symmetry,
            "lexicographic": self.lexicographic,
            "solution": None if self.solution is None else list(self.solution),
            "solutions": [list(s) for s in self.solutions],
            "cost": None,
            "stats": self.stats.as_dict(),
        }

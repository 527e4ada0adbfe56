"""What the Sudoku solvers return: :class:`SudokuResult` and its :class:`SudokuStats`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tansuo.result import ResultMixin, Stats, Status
from tansuo.sudoku._kernels import BACKTRACKS, BRANCHES, GIVEN, GUESSES, PHASE, SINGLES, START
from tansuo.sudoku.model import Sudoku

SearchCounts = tuple[list[int], float, str | None]
"""A solve's raw statistics as the solver leaves them: the kernel's ``state``
array as a list (slots of :mod:`tansuo.sudoku._kernels`), ``elapsed_s`` and
``limit``. :attr:`SudokuResult.stats` makes a :class:`SudokuStats` of them
when it is first read."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SudokuStats(Stats):
    """The counters of one Sudoku search.

    Attributes
    ----------
    expanded, generated, elapsed_s, limit
        As in :class:`tansuo.result.Stats`: ``expanded`` counts branch points,
        ``generated`` the guesses made at them.
    nodes : int
        Nodes of the search tree: the root (the givens and their singles) and
        one per guess, so ``guesses + 1``; 0 when not even the root was
        allowed (``max_nodes=0``). The unit of ``max_nodes``.
    guesses : int
        Values tried at branch points.
    backtracks : int
        Guesses whose singles ended in a contradiction.
    branches : int
        Branch points: cells the search had to guess in.
    singles : int
        Cells filled by propagation (naked and hidden singles) and by guesses,
        givens not counted (the kernel's count; the reference solver leaves it 0).

    Examples
    --------
    >>> from tansuo.sudoku import solve
    >>> stats = solve("." * 16, max_solutions=None).stats
    >>> stats.nodes == 1 + stats.guesses, stats.expanded == stats.branches
    (True, True)
    """

    nodes: int = 0
    guesses: int = 0
    backtracks: int = 0
    branches: int = 0
    singles: int = 0

    @classmethod
    def from_counts(cls, counts: SearchCounts) -> SudokuStats:
        """The statistics from a solve's raw counts (see :data:`SearchCounts`)."""
        state, elapsed_s, limit = counts
        guesses = state[GUESSES]
        return cls(
            expanded=state[BRANCHES],
            generated=guesses,
            elapsed_s=elapsed_s,
            limit=limit,
            nodes=0 if state[PHASE] == START else guesses + 1,
            guesses=guesses,
            backtracks=state[BACKTRACKS],
            branches=state[BRANCHES],
            singles=state[SINGLES] - state[GIVEN],
        )


@dataclass(frozen=True, slots=True, eq=False)
class SudokuResult(ResultMixin):
    """What :func:`~tansuo.sudoku.solve` returns (a :class:`tansuo.result.Result`).

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
        ``"solved"``: at least one solution, and the search did what was asked
        (found ``max_solutions`` solutions or searched everything).
        ``"no_solution"``: proved that none exists. ``"limit"``: a budget ran
        out first; the solutions found so far are still given.
    puzzle : Sudoku
        The puzzle as given.
    solution : Sudoku or None
        The first solution found.
    solutions : tuple of Sudoku
        The solutions found, in search order (at most
        :data:`~tansuo.sudoku.solve.KEEP_SOLUTIONS`).
    count : int
        How many solutions were found; exact when ``exhausted``, otherwise a
        lower bound (the search stopped at ``max_solutions`` or at a budget).
    exhausted : bool
        The whole search space was explored.
    unique : bool or None
        Exactly one solution (proved), two or more (False), or not known.
    cost : None
        Sudoku solutions have no cost.
    stats : SudokuStats
        Built the first time it is read.

    Notes
    -----
    A result is frozen; ``stats`` is made once, on first use, from the
    counters the search left (a 9x9 solve takes a few microseconds, and
    building the statistics of every solve would show in that time).

    Examples
    --------
    >>> from tansuo.sudoku import solve
    >>> result = solve("1.3.3..2.1.34..1", max_solutions=2)
    >>> result.status, result.unique, result.count, result.solution.to_string()
    ('solved', True, 1, '1234341221434321')
    """

    status: Status
    puzzle: Sudoku
    solutions: tuple[Sudoku, ...]
    count: int
    exhausted: bool
    _counts: SudokuStats | SearchCounts = field(repr=False)
    """The statistics, or the raw counts they are made of on first use."""

    @property
    def solution(self) -> Sudoku | None:
        """The first solution found, if any."""
        return self.solutions[0] if self.solutions else None

    @property
    def cost(self) -> None:
        """Sudoku solutions have no cost; present for the common result shape."""
        return None

    @property
    def stats(self) -> SudokuStats:
        counts = self._counts
        if isinstance(counts, SudokuStats):
            return counts
        stats = SudokuStats.from_counts(counts)
        object.__setattr__(self, "_counts", stats)
        return stats

    @property
    def unique(self) -> bool | None:
        """True when exactly one solution is proved, False for two or more, None if unknown."""
        if self.count >= 2:
            return False
        if self.exhausted:
            return self.count == 1
        return None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (DESIGN.md): status, puzzle, solution (one string), cost, count, ...

        Examples
        --------
        >>> from tansuo.sudoku import solve
        >>> r = solve("1.3.3..2.1.34..1", max_solutions=2).as_dict()
        >>> r["solution"], r["count"], r["unique"], r["stats"]["nodes"]
        ('1234341221434321', 1, True, 1)
        """
        return {
            "status": self.status,
            "puzzle": self.puzzle.to_string(),
            "solution": None if not self.solutions else self.solutions[0].to_string(),
            "cost": None,
            "count": self.count,
            "exhausted": self.exhausted,
            "unique": self.unique,
            "stats": self.stats.as_dict(),
        }

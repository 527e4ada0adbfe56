"""What the sliding-tile solvers return."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tansuo.result import ResultMixin, Stats, Status
from tansuo.sliding.model import Board, Shape, tiles_moved


@dataclass(frozen=True, slots=True, kw_only=True)
class SlidingStats(Stats):
    """The counters of a sliding-tile search.

    IDA* is a depth-first tree search (see CONVENTIONS.md): ``generated``
    counts the boards its moves produced (the move that undoes the last one is
    never generated), each one's ``f`` compared with the bound; ``nodes``
    equals ``generated`` and is what ``max_nodes`` counts; ``expanded`` counts
    the boards whose moves were generated: the start once per bound, then
    every board within the bound except the goal. ``iterations`` counts the
    IDA* bounds tried; ``h_start`` is the heuristic of the start board;
    ``preprocess_s`` the time to load or build the pattern database (never
    inside ``elapsed_s``); ``heuristic`` the one the search used (by default
    the strongest database cached); ``max_frontier`` the largest open list of
    weighted A* (``weighted-astar``, a best-first search whose ``nodes`` are its
    expansions); ``nodes_per_s`` is None when nothing was timed.

    Attributes
    ----------
    expanded, generated : int
        The counters CONVENTIONS.md defines for this kind of search.
    elapsed_s : float
        Seconds of search.
    limit : str or None
        The budget that stopped the search, if one did.
    nodes : int
        What ``max_nodes`` counts.
    nodes_per_s : float or None
        ``nodes / elapsed_s``; None when nothing was timed.
    iterations : int
        IDA* bounds tried.
    h_start : int or None
        The heuristic of the start board.
    preprocess_s : float
        Seconds to load or build the pattern database.
    heuristic : str or None
        The heuristic used.
    max_frontier : int or None
        The largest open list of weighted A*.

    Examples
    --------
    >>> from tansuo.sliding import solve
    >>> stats = solve([1, 2, 3, 4, 0, 6, 7, 5, 8], heuristic="manhattan").stats
    >>> stats.expanded, stats.nodes == stats.generated, stats.iterations
    (2, True, 1)
    """

    nodes: int = 0
    nodes_per_s: float | None = None
    iterations: int = 0
    h_start: int | None = None
    preprocess_s: float = 0.0
    heuristic: str | None = None
    max_frontier: int | None = None


@dataclass(frozen=True, slots=True)
class IdaProgress:
    """What IDA* tells ``solve(..., on_iteration=...)`` while it runs.

    It is told once as each iteration begins (``new_bound`` True: the first
    with ``h`` of the start, then each raised bound, so that the bounds of
    these calls are the iterations' bounds in order) and between its slices of
    work in an iteration (``new_bound`` False: the counts so far).

    Attributes
    ----------
    iteration : int
        The iteration under way, from 1.
    bound : float
        Its bound on ``f = g + weight * h`` (a whole number when ``weight`` is 1).
    new_bound : bool
        Whether this call opens the iteration.
    nodes, expanded : int
        The counts of :class:`SlidingStats` so far, every iteration included.
    elapsed_s : float
        Seconds of search so far.

    Examples
    --------
    >>> from tansuo.sliding import solve
    >>> seen = []
    >>> result = solve([4, 1, 0, 2, 5, 3, 7, 8, 6], heuristic="manhattan", on_iteration=seen.append)
    >>> [p.bound for p in seen if p.new_bound], result.cost, result.stats.iterations
    ([6, 8], 8, 2)
    """

    iteration: int
    bound: float
    new_bound: bool
    nodes: int
    expanded: int
    elapsed_s: float


@dataclass(frozen=True, slots=True)
class SlidingResult(ResultMixin):
    """The answer for one board.

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
        ``"no_solution"`` is the parity proof; ``reason`` says it in words.
    lurd : str
        The blank's moves, one letter each (``L``, ``U``, ``R``, ``D``).
    cost : int or None
        The number of moves.
    optimal : bool
        Whether the length is proved the least possible.
    bound : float
        The length is at most ``bound`` times the optimum (1.0 when optimal;
        the weight of a weighted search; None for the zone strategy).
    start, goal : boards; shape : (rows, cols)
    algorithm, heuristic : str
    known : int or None
        The optimal length a file gave (Korf's list), to compare with.
    reason : str or None
    stats : SlidingStats

    Examples
    --------
    >>> from tansuo.sliding import solve
    >>> result = solve([1, 2, 3, 4, 0, 6, 7, 5, 8])
    >>> result.status, result.lurd, result.cost, result.optimal, result.shape
    ('solved', 'DR', 2, True, (3, 3))
    """

    status: Status
    start: Board
    goal: Board
    shape: Shape
    lurd: str = ""
    optimal: bool = False
    bound: float | None = 1.0
    algorithm: str = "ida"
    heuristic: str = "linear"
    reason: str | None = None
    known: int | None = None
    stats: SlidingStats = field(default_factory=SlidingStats)

    @property
    def tiles(self) -> tuple[int, ...]:
        """The tile that slides at each move."""
        return tuple(tiles_moved(self.start, self.shape, self.lurd))

    @property
    def solution(self) -> list[int] | None:
        """The tiles moved in order (None unless solved)."""
        return list(self.tiles) if self.solved else None

    @property
    def cost(self) -> int | None:
        return len(self.lurd) if self.solved else None

    def as_dict(self) -> dict[str, Any]:
        """JSON form: status, solution (tiles moved), lurd, cost, optimal, ... stats."""
        return {
            "status": self.status,
            "solution": self.solution,
            "lurd": self.lurd if self.solved else None,
            "cost": self.cost,
            "optimal": self.optimal,
            "bound": self.bound,
            "known": self.known,
            "algorithm": self.algorithm,
            "heuristic": self.heuristic,
            "shape": list(self.shape),
            "start": list(self.start),
            "goal": list(self.goal),
            "reason": self.reason,
            "stats": self.stats.as_dict(),
        }

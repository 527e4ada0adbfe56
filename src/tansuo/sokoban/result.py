"""The result types of the Sokoban solver: :class:`SokobanResult` and its :class:`SokobanStats`.

They follow tansuo's common result shape (``status``, ``solution``, ``cost``,
``stats``, ``as_dict()``); :func:`tansuo.sokoban.solve` returns them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tansuo.result import ResultMixin, Stats, Status
from tansuo.sokoban.model import Level

DEADLOCK_KINDS = ("dead_squares", "dead_sides", "freeze", "matching", "corral", "pattern")
"""The kinds of deadlock the search prunes, in the order of :attr:`SokobanStats.pruned`:
a push onto a dead square, a box left where no goal is reached from the player's
side of it, a box frozen off its goal, no perfect matching of boxes to goals, a
corral its own boxes cannot resolve, a learned pattern."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SokobanStats(Stats):
    """Counters of one Sokoban search (of both searches, or every process of a portfolio).

    Attributes
    ----------
    expanded : int
        States whose pushes were generated.
    generated : int
        Pushes the player could make from those states (before the dead-square,
        duplicate and deadlock checks).
    states : int
        Distinct states stored.
    duplicates : int
        Pushes that led to a state already stored.
    deadlocks : int
        Everything pruned as a deadlock: the sum of the six kinds below.
    dead_squares : int
        Pushes onto a dead square (a cell from which no goal can be reached).
    dead_sides : int
        Pushes that leave a box on a cell from which a lone box reaches no goal
        with the player on the side of it the push left it on
        (:func:`._kernels.board.side_distances`): the player cannot get round it.
    freeze_deadlocks : int
        Pushes that froze a box off its goal (:func:`._kernels.freeze_deadlock`).
    matching_deadlocks : int
        Children with no perfect matching of boxes to goals.
    corral_deadlocks : int
        States found dead because a corral's own boxes cannot resolve it
        (:func:`._kernels.deadlock.corral_dead`; fast and push-optimal modes).
    pattern_deadlocks : int
        Children pruned by a deadlock pattern learned earlier in the solve.
    patterns : int
        Deadlock patterns learned (every corral proved dead becomes one).
    corrals : int
        Expansions that tried only the pushes into a PI-corral (fast and push-optimal modes).
    macros : int
        Pushes that a tunnel or goal-room macro carried on (fast mode).
    floods : int
        Children whose player region was flooded whole; the others' regions
        follow from their parent's (:func:`._kernels.child_region`).
    cut_off : int
        Positions in which the feature search (fast mode) found an empty goal
        shut off from every other box by the boxes packed in order
        (:func:`._kernels.features.goal_cut_off`, checked after each push onto
        or off a goal); their packing feature counts no box. Not pruned.
    max_frontier : int
        Largest open list.
    lower_bound : int
        The start's lower bound (pushes), -1 when the start is dead.
    memory_bytes : int
        Bytes of the search's arrays at the end.
    preprocess_s : float
        Push-distance tables and dead squares (not in ``elapsed_s``).
    nodes_per_s : float or None
        ``expanded`` per second of ``elapsed_s``; None when nothing was timed.
    searches : tuple of str
        The searches that ran (``"forward"``, ``"backward"``, ..., and with
        a portfolio those of its second process, ``"forward-greedy"``,
        ``"backward-ordered"``; :data:`tansuo.sokoban.solve.PORTFOLIO_PLANS`).
    winner : str or None
        The search that found the solution, None when none did.
    closest : tuple of (str, int)
        Per search that ran, its name and the smallest lower bound (pushes
        still needed, at least) of any state it stored: how close it came.

    Examples
    --------
    >>> from tansuo.sokoban import Level, solve
    >>> stats = solve(Level.from_text("#####\\n#@$.#\\n#####")).stats
    >>> stats.expanded, stats.generated, stats.limit  # the start expanded, its one push
    (1, 1, None)
    """

    states: int = 0
    duplicates: int = 0
    deadlocks: int = 0
    dead_squares: int = 0
    dead_sides: int = 0
    freeze_deadlocks: int = 0
    matching_deadlocks: int = 0
    corral_deadlocks: int = 0
    pattern_deadlocks: int = 0
    patterns: int = 0
    corrals: int = 0
    macros: int = 0
    floods: int = 0
    cut_off: int = 0
    max_frontier: int = 0
    lower_bound: int = 0
    memory_bytes: int = 0
    preprocess_s: float = 0.0
    nodes_per_s: float | None = None
    searches: tuple[str, ...] = ()
    winner: str | None = None
    closest: tuple[tuple[str, int], ...] = ()

    @property
    def pruned(self) -> dict[str, int]:
        """States or pushes pruned by each kind of deadlock (:data:`DEADLOCK_KINDS`).

        Examples
        --------
        >>> SokobanStats(dead_squares=3, freeze_deadlocks=1).pruned["dead_squares"]
        3
        """
        return {
            "dead_squares": self.dead_squares,
            "dead_sides": self.dead_sides,
            "freeze": self.freeze_deadlocks,
            "matching": self.matching_deadlocks,
            "corral": self.corral_deadlocks,
            "pattern": self.pattern_deadlocks,
        }


@dataclass(frozen=True, slots=True)
class SokobanResult(ResultMixin):
    """The answer of :func:`tansuo.sokoban.solve`.

    Attributes
    ----------
    status : Status
        ``"solved"``, ``"no_solution"`` (proved) or ``"limit"``.
    solution : str or None
        LURD moves (uppercase push), replayed and checked.
    moves, pushes : int or None
        The solution's moves and pushes.
    mode : str
        The mode that searched (:data:`tansuo.sokoban.MODES`).
    level : Level
        The level solved.
    stats : SokobanStats
        The search's counters.

    Examples
    --------
    >>> from tansuo.sokoban import Level, solve
    >>> result = solve(Level.from_text("#######\\n#@ $ .#\\n#######"), mode="push-optimal")
    >>> result.status, result.solution, result.moves, result.pushes, result.as_dict()["optimal"]
    ('solved', 'rRR', 3, 2, True)
    """

    status: Status
    solution: str | None
    moves: int | None
    pushes: int | None
    mode: str
    level: Level
    stats: SokobanStats

    @property
    def optimal(self) -> bool:
        """Whether the mode proves the solution optimal (in its measure)."""
        return self.solved and self.mode != "fast"

    @property
    def cost(self) -> int | None:
        """Moves in move-optimal mode, pushes otherwise."""
        return self.moves if self.mode == "move-optimal" else self.pushes

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: status, solution, cost, stats, moves, pushes, level, mode, optimal.

        Examples
        --------
        >>> from tansuo.sokoban import Level, solve
        >>> sorted(solve(Level.from_text("#####\\n#@$.#\\n#####")).as_dict())[:4]
        ['cost', 'level', 'mode', 'moves']
        """
        return {
            "status": self.status,
            "solution": self.solution,
            "cost": self.cost,
            "stats": self.stats.as_dict(),
            "moves": self.moves,
            "pushes": self.pushes,
            "level": self.level.title,
            "mode": self.mode,
            "optimal": self.optimal,
        }

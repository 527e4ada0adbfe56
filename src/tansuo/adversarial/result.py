"""What game-tree searches return, and what ``on_iteration`` receives."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Literal

from tansuo.adversarial.game import format_score, mate_in_plies

Status = Literal["solved", "no_solution", "limit"]


@dataclass(frozen=True, slots=True)
class IterationInfo:
    """One finished iteration of :func:`~tansuo.adversarial.search` (for ``info`` lines)."""

    depth: int
    score: int
    pv: tuple[Hashable, ...]
    nodes: int
    elapsed_s: float
    exact: bool

    @property
    def nps(self) -> float:
        return self.nodes / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def move(self) -> Hashable | None:
        return self.pv[0] if self.pv else None


@dataclass(frozen=True, slots=True)
class GameSearchResult:
    """The outcome of a game-tree search.

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
        ``"solved"``: the requested depth was searched, or the game's value was
        proved before that. ``"limit"``: time, node budget or a stop request
        ended the search first; ``move`` is then the best move of the last
        finished iteration. ``"no_solution"``: the game is already over, there
        is no move to choose.
    move : move or None
        The best move found (the first of ``pv``).
    score : int or None
        From the side to move's point of view; see :mod:`tansuo.adversarial.game`
        for the mate-distance scale. None if no iteration finished.
    depth : int
        Depth (plies) of the last finished iteration.
    pv : tuple of moves
        The principal variation: the line both sides are expected to play.
    exact : bool
        Whether ``score`` is the game-theoretic value (every line the search
        needed ended in a finished game), not a depth-limited estimate.
    stats : dict
        ``nodes``, ``elapsed_s``, ``nps``, ``tt_hit_rate`` and the search's
        own counters.
    """

    status: Status
    move: Hashable | None
    score: int | None
    depth: int
    pv: tuple[Hashable, ...] = ()
    exact: bool = False
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def solution(self) -> list[Hashable]:
        """The principal variation (the ``solution`` of tansuo's common result shape)."""
        return list(self.pv)

    @property
    def cost(self) -> None:
        """Games have no path cost; present for the common result shape."""
        return None

    @property
    def nodes(self) -> int:
        return self.stats.get("nodes", 0)

    @property
    def nps(self) -> float:
        return self.stats.get("nps", 0.0)

    @property
    def tt_hit_rate(self) -> float:
        return self.stats.get("tt_hit_rate", 0.0)

    @property
    def mate_in(self) -> int | None:
        """Plies to a forced win (positive) or loss (negative), if the score says so."""
        return None if self.score is None else mate_in_plies(self.score)

    def describe_score(self) -> str:
        """The score as a person reads it: ``"win in 5"``, ``"+12"``, ``"0"``."""
        return "-" if self.score is None else format_score(self.score)

    def as_dict(self, format_move: Callable[[Hashable], Any] | None = None) -> dict[str, Any]:
        """JSON-ready form (DESIGN.md): status, move, score, depth, pv, exact, mate, stats."""
        fmt = format_move if format_move is not None else (lambda m: m)
        return {
            "status": self.status,
            "move": None if self.move is None else fmt(self.move),
            "score": self.score,
            "score_text": self.describe_score(),
            "depth": self.depth,
            "pv": [fmt(m) for m in self.pv],
            "exact": self.exact,
            "mate": self.mate_in,
            "solution": [fmt(m) for m in self.pv],
            "cost": None,
            "stats": dict(self.stats),
        }

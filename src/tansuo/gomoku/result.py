"""The result types of Gomoku's threat searches (VCF, VCT).

They follow tansuo's common result shape (``status``, ``solution``, ``cost``,
``stats``, ``as_dict()``). A move search of the alpha-beta engine returns the
game-tree engines' shared :class:`tansuo.adversarial.GameSearchResult`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tansuo.result import ResultMixin, Stats, Status, jsonable


@dataclass(frozen=True, slots=True, kw_only=True)
class ThreatStats(Stats):
    """Counters of a threat search.

    Attributes
    ----------
    nodes : int
        Attacker and defender positions entered (what ``max_nodes`` counts).
    nodes_per_s : float or None
        ``nodes`` over the elapsed time.
    depth : int
        The last attacker-move depth finished (the iterative deepening's
        bound; 0 when proof-number search, which has none, settled it).
    max_ply : int
        The deepest ply reached.
    cache_hits : int
        Positions answered by the Zobrist cache.
    cache_entries : int
        The cache's size.

    Examples
    --------
    >>> from tansuo.gomoku import Board, vcf
    >>> vcf(Board(15, moves=["h8", "a1", "i8", "a3", "j8", "a5"])).stats.nodes > 0
    True
    """

    nodes: int = 0
    nodes_per_s: float | None = None
    depth: int = 0
    max_ply: int = 0
    cache_hits: int = 0
    cache_entries: int = 0


@dataclass(frozen=True, slots=True)
class ThreatResult(ResultMixin):
    """The outcome of a VCF/VCT search.

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
        A forced win (``line`` is the main line, attacker first, ending with
        the five); no win within ``max_depth`` attacker threats; a budget ran
        out first.
    kind : {"vcf", "vct"}
    attacker : {"black", "white"}
    line : tuple of str
        The moves as ``"h8"``.
    verified : bool
        The line was replayed on a fresh board and ends in the attacker's five.
    stats : ThreatStats

    Examples
    --------
    >>> from tansuo.gomoku import Board, vcf
    >>> result = vcf(Board(15, moves=["h8", "a1", "i8", "a3", "j8", "a5"]))
    >>> result.status, result.cost, result.verified
    ('solved', 2, True)
    """

    status: Status
    kind: str
    attacker: str
    line: tuple[str, ...]
    verified: bool
    stats: ThreatStats

    @property
    def solution(self) -> list[str] | None:
        return list(self.line) if self.status == "solved" else None

    @property
    def cost(self) -> int | None:
        """Attacker moves of the main line (the five included)."""
        return (len(self.line) + 1) // 2 if self.status == "solved" else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "solution": self.solution,
            "cost": self.cost,
            "kind": self.kind,
            "attacker": self.attacker,
            "line": list(self.line),
            "verified": self.verified,
            "stats": jsonable(self.stats.as_dict()),
        }

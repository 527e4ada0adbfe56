"""The result types of the Xiangqi engine: a move search, a perft count, an iteration.

They follow tansuo's common result shape (``status``, ``solution``, ``cost``,
``stats``, ``as_dict()``); the names are Xiangqi's own (:class:`MoveResult`,
not :class:`tansuo.search.SearchResult`, which is the generic engine's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tansuo.result import ResultMixin, Stats, Status
from tansuo.xiangqi._kernels.search import MATE, MATE_BOUND


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveStats(Stats):
    """Counters of one search, by the game-tree row of CONVENTIONS.md.

    Attributes
    ----------
    expanded : int
        Positions whose moves were generated: the root (once per iteration)
        and every position of the search or the quiescence search that got
        as far as generating its moves (not those a table bound, a rule,
        futility or a null move ended first, nor the quiescence's stand-pat
        cutoffs).
    generated : int
        Moves generated at those positions, those a cutoff left unsearched
        included. The root's moves are its legal moves; elsewhere they are
        the generator's pseudo-legal moves (a move that would leave its own
        king attacked is generated, then dropped when tried); the
        quiescence search generates captures, or every move when in check.
    nodes : int
        Positions entered by the search and its quiescence search, the root
        included, each once (a horizon position handed to the quiescence
        search is counted there).
    qnodes : int
        Of which in the quiescence search.
    seldepth : int
        The deepest ply any line reached (extensions and quiescence included).
    tt_probes, tt_hits, tt_cutoffs : int
        Transposition-table look-ups, those that found the position, and
        those whose stored bound ended the search there.
    null_tries, null_cutoffs : int
        Null-move searches, and those that failed high.
    lmr_reduced, lmr_researched : int
        Late moves searched reduced, and those searched again at full depth.
    pvs_researched : int
        Null-window searches that beat alpha and were searched again.
    beta_cutoffs, first_move_cutoffs : int
        Cutoffs, and those by the first move tried (move-ordering quality).
    iterations : tuple of dict
        ``depth``, ``score``, ``nodes``, ``elapsed_s`` and ``pv`` of each finished iteration.

    Examples
    --------
    >>> from tansuo.xiangqi import Position, search
    >>> stats = search(Position(), depth=3).stats
    >>> stats.expanded <= stats.nodes, [it["depth"] for it in stats.iterations]
    (True, [1, 2, 3])
    """

    nodes: int = 0
    qnodes: int = 0
    seldepth: int = 0
    tt_probes: int = 0
    tt_hits: int = 0
    tt_cutoffs: int = 0
    null_tries: int = 0
    null_cutoffs: int = 0
    lmr_reduced: int = 0
    lmr_researched: int = 0
    pvs_researched: int = 0
    beta_cutoffs: int = 0
    first_move_cutoffs: int = 0
    iterations: tuple[dict[str, Any], ...] = ()

    nodes_per_s: float | None = None
    """Nodes per second; None when no time was measured (worked out when not given)."""

    def __post_init__(self) -> None:
        if self.nodes_per_s is None and self.elapsed_s > 0:
            object.__setattr__(self, "nodes_per_s", self.nodes / self.elapsed_s)


@dataclass(frozen=True, slots=True)
class MoveResult(ResultMixin):
    """The answer of a search.

    Attributes
    ----------
    status : {"solved", "no_solution", "limit"}
        ``"solved"``: the requested depth was searched (or a mate proved);
        ``"limit"``: time, nodes or a stop request ended it first, and
        ``move`` is the best of the deepest finished iteration;
        ``"no_solution"``: the game is already over (no move to choose).
    move : str or None
        The best move in ICCS (``"h2e2"``).
    score : int or None
        From the side to move's point of view, in evaluation points (a pawn
        at home is 30); a win in ``n`` plies is ``MATE - n``.
    depth : int
        Depth of the deepest finished iteration (plies).
    pv : tuple of str
        The principal variation, ICCS.
    stats : MoveStats

    Examples
    --------
    >>> from tansuo.xiangqi import parse_position, search
    >>> result = search(parse_position("fen 3k5/R8/9/9/9/9/9/9/9/1R2K4 w"), depth=3)
    >>> result.move in ("b0b9", "a8a9"), result.describe_score(), result.as_dict()["mate"]
    (True, 'win in 1', 1)
    """

    status: Status
    move: str | None
    score: int | None
    depth: int
    pv: tuple[str, ...]
    stats: MoveStats

    @property
    def solution(self) -> list[str]:
        """The principal variation (tansuo's common result shape)."""
        return list(self.pv)

    @property
    def cost(self) -> None:
        return None

    @property
    def mate_in(self) -> int | None:
        """Plies to a forced win (positive) or loss (negative), if the score says so."""
        if self.score is None or abs(self.score) < MATE_BOUND:
            return None
        plies = MATE - abs(self.score)
        return plies if self.score > 0 else -plies

    def describe_score(self) -> str:
        """``"+35"``, ``"win in 5"``, ``"loss in 4"`` (plies) or ``"-"``."""
        if self.score is None:
            return "-"
        mate = self.mate_in
        if mate is None:
            return f"{self.score:+d}" if self.score else "0"
        return f"win in {mate}" if mate > 0 else f"loss in {-mate}"

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: status, solution, cost, stats, move, score, depth, pv, score_text, mate."""
        return {
            "status": self.status,
            "solution": list(self.pv),
            "cost": None,
            "stats": self.stats.as_dict(),
            "move": self.move,
            "score": self.score,
            "depth": self.depth,
            "pv": list(self.pv),
            "score_text": self.describe_score(),
            "mate": self.mate_in,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class PerftStats(Stats):
    """Counters of a perft count (``expanded``/``generated`` are the leaves counted).

    Attributes
    ----------
    expanded, generated : int
        The leaves counted.
    elapsed_s : float
        Seconds of counting.
    limit : str or None
        The budget that stopped the count, if one did.
    nodes : int
        The leaves counted (what ``max_nodes`` counts).
    nodes_per_s : float or None
        ``nodes / elapsed_s``; None when nothing was timed.

    Examples
    --------
    >>> from tansuo.xiangqi import Position, perft
    >>> perft(Position(), 2).stats.nodes
    1920
    """

    nodes: int = 0

    nodes_per_s: float | None = None
    """Nodes per second; None when no time was measured (worked out when not given)."""

    def __post_init__(self) -> None:
        if self.nodes_per_s is None and self.elapsed_s > 0:
            object.__setattr__(self, "nodes_per_s", self.nodes / self.elapsed_s)


@dataclass(frozen=True, slots=True)
class PerftResult(ResultMixin):
    """A perft count: the leaves of the legal move tree ``depth`` plies deep.

    ``nodes`` is the count (partial when ``status == "limit"``); ``divide``
    the count below each root move (ICCS), when asked for.

    Attributes
    ----------
    status : str
        ``"solved"``, or ``"limit"`` when a budget stopped the count.
    depth : int
        Plies counted.
    nodes : int
        The leaves (partial when ``status == "limit"``).
    divide : dict of str to int or None
        The count below each root move (ICCS), when asked for.
    stats : PerftStats

    Examples
    --------
    >>> from tansuo.xiangqi import Position, perft
    >>> result = perft(Position(), 2, divide=True)
    >>> result.status, result.nodes, result.divide["h2e2"]
    ('solved', 1920, 45)
    """

    status: Status
    depth: int
    nodes: int
    divide: dict[str, int] | None
    stats: PerftStats

    @property
    def solution(self) -> int:
        return self.nodes

    @property
    def cost(self) -> None:
        return None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: status, solution, cost, stats, nodes, depth, divide."""
        return {
            "status": self.status,
            "solution": self.nodes,
            "cost": None,
            "stats": self.stats.as_dict(),
            "nodes": self.nodes,
            "depth": self.depth,
            "divide": self.divide,
        }


@dataclass(frozen=True, slots=True)
class Iteration:
    """One finished iteration of a search (what UCCI ``info`` lines report).

    Attributes
    ----------
    depth, seldepth : int
        The nominal depth and the deepest ply reached.
    score : int
        Points for the side to move (a pawn at home is 30).
    pv : tuple of str
        The principal variation, in ICCS.
    nodes : int
        Nodes searched, as UCCI ``info nodes`` reports them.
    elapsed_s : float
        Seconds, as ``info time`` reports them.
    hashfull : int
        Per mille of the table's slots used in this search.

    Examples
    --------
    >>> from tansuo.xiangqi import Position, search
    >>> seen = []
    >>> _ = search(Position(), depth=2, on_iteration=seen.append)
    >>> [info.depth for info in seen], len(seen[-1].pv) >= 1
    ([1, 2], True)
    """

    depth: int
    seldepth: int
    score: int
    pv: tuple[str, ...]
    nodes: int
    elapsed_s: float
    hashfull: int = 0  # per mille of table slots used in this search

    @property
    def nodes_per_s(self) -> float:
        return self.nodes / self.elapsed_s if self.elapsed_s > 0 else 0.0


__all__ = ["Iteration", "MoveResult", "MoveStats", "PerftResult", "PerftStats"]

"""What game-tree searches return, and what ``on_iteration`` receives.

:class:`GameSearchResult` follows the result contract of :mod:`tansuo.result`
(``status``, ``solution``, ``cost``, ``stats``, ``solved``, ``as_dict()``) and
adds what a game needs: the best ``move``, its ``score``, the ``depth`` searched
and the principal variation ``pv``. Its statistics are a frozen
:class:`GameStats`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from tansuo.adversarial.game import format_score, mate_in_plies
from tansuo.result import ResultMixin, Stats, Status

M = TypeVar("M", bound=Hashable)


@dataclass(frozen=True, slots=True)
class IterationInfo(Mapping[str, Any], Generic[M]):
    """One finished iteration of :func:`~tansuo.adversarial.search` (for ``info`` lines).

    ``nodes`` and ``elapsed_s`` count from the start of the search, so that
    they grow from one iteration to the next. Like :class:`GameStats` it is
    also a read-only mapping (``info["depth"]``), which is how it appears in
    ``stats.iterations`` and in JSON.

    Attributes
    ----------
    depth : int
        The depth searched.
    score : int
        Its score, for the side to move.
    pv : tuple of moves
        The principal variation.
    nodes : int
        Nodes since the search started.
    elapsed_s : float
        Seconds since the search started.
    exact : bool
        Whether the score is exact (not a bound).

    Examples
    --------
    >>> from tansuo.adversarial import search
    >>> from tansuo.adversarial.games import TicTacToe
    >>> first = search(TicTacToe(), depth=2).stats.iterations[0]
    >>> first.depth, first["depth"], first.move == first.pv[0]
    (1, 1, True)
    """

    depth: int
    score: int
    pv: tuple[M, ...]
    nodes: int
    elapsed_s: float
    exact: bool

    @property
    def nodes_per_s(self) -> float:
        """Positions entered per second since the start of the search."""
        return self.nodes / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def move(self) -> M | None:
        """The best move of this iteration (the first of ``pv``)."""
        return self.pv[0] if self.pv else None

    def __getitem__(self, key: str) -> Any:
        if key in self.__dataclass_fields__:
            return getattr(self, key)
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self.__dataclass_fields__)

    def __len__(self) -> int:
        return len(self.__dataclass_fields__)


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStats(Stats):
    """The counters of a game-tree search.

    Attributes
    ----------
    expanded : int
        Positions whose legal moves were generated and searched (interior
        nodes of the tree; finished games, horizon leaves and table cutoffs
        are not expanded).
    generated : int
        Legal moves those positions had (the children a search could enter;
        a beta cutoff leaves some of them unsearched).
    elapsed_s : float
        Wall-clock seconds.
    limit : str or None
        ``"max_nodes"``, ``"time_limit"`` or ``"stopped"`` (the ``stop``
        callback) when one ended the search; None otherwise.
    nodes : int
        Positions entered, the root included, re-searches counted again:
        what ``max_nodes`` counts.
    nodes_per_s : float or None
        ``nodes / elapsed_s``; None when nothing was timed.
    tt_probes, tt_hits, tt_cutoffs : int
        Transposition table look-ups, those that found the position, and
        those whose stored result ended the search of the position.
    tt_hit_rate : float
        ``tt_hits / tt_probes`` (0 without probes).
    tt_entries : int
        Slots of the table (0 without a table).
    horizon_leaves : int
        Positions scored by ``evaluate()`` at the depth limit (and table
        results that rest on such scores): what makes a score inexact.
    pvs_researches : int
        Null-window searches that had to be repeated with the full window.
    aspiration_researches : int
        Iterations searched again because the score fell outside the
        aspiration window.
    iterations : tuple of IterationInfo
        One per finished iteration of :func:`~tansuo.adversarial.search`.

    Examples
    --------
    >>> from tansuo.adversarial import minimax
    >>> from tansuo.adversarial.games import TicTacToe
    >>> stats = minimax(TicTacToe(), 2).stats
    >>> stats.expanded, stats.generated, stats.nodes  # 1 + 9 interior, 9 + 72 moves
    (10, 81, 82)
    """

    nodes: int = 0
    nodes_per_s: float | None = None
    tt_probes: int = 0
    tt_hits: int = 0
    tt_hit_rate: float = 0.0
    tt_cutoffs: int = 0
    tt_entries: int = 0
    horizon_leaves: int = 0
    pvs_researches: int = 0
    aspiration_researches: int = 0
    iterations: tuple[IterationInfo[Any], ...] = ()


@dataclass(frozen=True, slots=True)
class GameSearchResult(ResultMixin, Generic[M]):
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
    stats : GameStats
        ``nodes``, ``nodes_per_s``, ``tt_hit_rate`` and the search's other counters.

    Examples
    --------
    >>> from tansuo.adversarial import search
    >>> from tansuo.adversarial.games import ConnectFour
    >>> result = search(ConnectFour.from_moves("4455"), depth=6)
    >>> result.status, result.describe_score(), result.mate_in, len(result.pv) >= 1
    ('solved', 'win in 3', 3, True)
    """

    status: Status
    move: M | None
    score: int | None
    depth: int
    pv: tuple[M, ...] = ()
    exact: bool = False
    stats: GameStats = field(default_factory=GameStats)

    @property
    def solution(self) -> list[M]:
        """The principal variation (the ``solution`` of tansuo's common result shape)."""
        return list(self.pv)

    @property
    def cost(self) -> None:
        """Games have no path cost; present for the common result shape."""
        return None

    @property
    def mate_in(self) -> int | None:
        """Plies to a forced win (positive) or loss (negative), if the score says so."""
        return None if self.score is None else mate_in_plies(self.score)

    def describe_score(self) -> str:
        """The score as a person reads it: ``"win in 5"``, ``"+12"``, ``"0"``."""
        return "-" if self.score is None else format_score(self.score)

    def as_dict(self, format_move: Callable[[M], Any] | None = None) -> dict[str, Any]:
        """JSON-ready form (DESIGN.md): status, move, score, depth, pv, exact, mate, stats.

        ``format_move`` writes moves as people read them (e.g. the game's
        ``format_move``); the moves of each iteration's line too.
        """
        fmt: Callable[[Any], Any] = format_move if format_move is not None else _same
        stats = self.stats.as_dict()
        stats["iterations"] = [
            dict(info, pv=[fmt(m) for m in info.pv]) for info in self.stats.iterations
        ]
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
            "stats": stats,
        }


def _same(move: Any) -> Any:
    return move

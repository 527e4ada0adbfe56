"""Threat search (VCF, VCT) and the alpha-beta engine, driving the compiled kernels.

>>> from tansuo.gomoku import Board, vcf
>>> board = Board(15, moves="h8 a1 i8 a3 j8 a5".split())
>>> result = vcf(board)
>>> result.status, result.solution[-1] in ("g8", "k8", "l8", "f8")
('solved', True)
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from tansuo.adversarial import MATE, GameSearchResult, GameStats, IterationInfo, is_mate_score
from tansuo.budget import Budget, check_number, on_interrupt
from tansuo.errors import InvalidInput
from tansuo.gomoku import _dfpn as P
from tansuo.gomoku import _kernels as K
from tansuo.gomoku.model import COLOUR_NAMES, Board
from tansuo.gomoku.result import ThreatResult, ThreatStats
from tansuo.result import Status

THREAT_KINDS = ("vcf", "vct")
"""Threat searches: VCF (victory by continuous fours) and VCT (by continuous threats)."""
DEFAULT_VCF_DEPTH = 30
# A VCT with no depth bound deepens first for a quarter of its node budget
# (PN_DEEPEN_NODES when it has none), then searches by proof numbers, within
# PN_DEFAULT_NODES when it was given neither a node nor a time budget.
PN_DEEPEN_NODES = 10_000
PN_DEFAULT_NODES = 5_000_000
CACHE_ENTRY_BYTES = (8 + 1 + 2) + (8 + 4 + 4)  # the deepening's cache, the df-pn table
TT_ENTRY_BYTES = 8 + 8 + 8 + 1 + 8  # key, value, depth, flag, move
DEFAULT_MAX_MEMORY = 64 << 20
"""Bytes of an engine's tables when no ``max_memory`` is given (half for the
transposition table, half for the threat search's cache)."""
# Shares of a move's time (at most: a threat search that fails early hands its
# time on). The measurements behind each value are in docs/strength/gomoku.md.
VCF_SHARE = 0.05  # the root VCF of the side to move
VCT_SHARE = 0.15  # then its root VCT (depth ROOT_VCT_DEPTH)
ROOT_VCT_DEPTH = 10
ROOT_NODES = 200_000  # each root threat search's nodes without a node budget
SOFT_SHARE = 0.45  # no alpha-beta iteration starts after this
AB_MIN_SHARE = 0.3  # ... nor before the alpha-beta has had this much of its own
HARD_SHARE = 0.7  # the alpha-beta's hard stop
# The end of the check that the move chosen survives the opponent's VCF and
# VCT (AVOID_VCT_SHARE for the move chosen, half of it for each alternative).
AVOID_SHARE = 0.95
AVOID_VCT_SHARE = 0.45
AVOID_VCT_DEPTH = 11
AVOID_NODES = 200_000
AVOID_CANDIDATES = 20
# A timed search plays the move of its last finished even-depth iteration (or
# a mate found at any depth). The evaluation gives the side to move a tempo
# (its open three is as good as a four, the opponent's open threes are only
# threats it blocks), so an odd iteration, whose leaves have the opponent to
# move, leans to the opponent's threats and chooses the cautious move, which
# against an attacker that sees as deep lets it keep the initiative.
#
# A position where the opponent has no VCF and no VCT even if we passed is
# quiet and needs no final check: no move of ours can give it one (a stone of
# ours only takes squares from its lines and gives us fours to answer with;
# not so for a renju black attacker, whose forbidden points our stones can
# undo, nor under the exactly-five rule, where a stone of ours can turn our
# five into an overline). The alpha-beta then has the time the check would
# have taken (the QUIET_* shares), as an engine without threat search always has.
QUIET_SHARE = 0.1  # each of the two quiet tests (opponent's VCF, then VCT)
QUIET_SOFT_SHARE = 0.6
QUIET_HARD_SHARE = 0.9
# The time the alpha-beta leaves over (up to TRAP_SHARE of the move's) checks
# the move chosen one reply deeper: does one of the opponent's TRAP_REPLIES
# best-looking replies leave it a VCF or VCT that no move of ours stops? Then
# the first of TRAP_ALTERNATIVES moves that passes is played instead (an
# opponent's quiet move one move earlier can set up a VCT with no defence).
TRAP_SHARE = 0.9
TRAP_REPLIES = 6
TRAP_ALTERNATIVES = 6
TRAP_NODES = 8_000


WARM_UP_PARTS = ("vcf", "vct", "search")
"""What :func:`warm_up` can compile: the threat search, with df-pn for VCT, the engine's search."""


def warm_up(*parts: str) -> None:
    """Compile (or load from numba's cache) the kernels on tiny positions.

    The first call in a fresh environment compiles (some 40 s of CPU); later
    processes load the kernels from numba's cache in a second or two. Call it
    before a clock runs (the Gomocup brain does, at start-up).

    Parameters
    ----------
    *parts : str
        Which kernels, of :data:`WARM_UP_PARTS`: ``"vcf"`` those of
        :func:`find_threat` by depth (VCF, and VCT with ``max_depth``),
        ``"vct"`` those and the proof-number VCT (df-pn), ``"search"`` those of
        :class:`Engine` (the alpha-beta with its threat checks); none given,
        all of them.

    Raises
    ------
    ValueError
        A part that is not one of :data:`WARM_UP_PARTS`.

    Examples
    --------
    >>> warm_up("vcf")
    """
    unknown = [part for part in parts if part not in WARM_UP_PARTS]
    if unknown:
        raise ValueError(f"unknown part {unknown[0]!r}; the parts are {', '.join(WARM_UP_PARTS)}")
    parts = parts or WARM_UP_PARTS
    from tansuo._jit import callees_beside
    from tansuo.gomoku._kernels.threats import threat, threat_root

    # on a fresh cache, a second process compiles the threat search's callees, the
    # last ones first, then threat_root, while this one compiles the rest (started
    # by the first compile, see the kernels; here if not yet); stopped when done
    stop = callees_beside(threat, then=(threat_root,))
    try:
        board = Board(9, moves=["e5", "e4", "f5", "f4"])
        won = Board(9, moves=["d5", "a1", "e5", "a3", "f5", "a9"])
        if "vcf" in parts or "vct" in parts:
            find_threat(board, kind="vct", max_depth=2)
            # a win found and its line replayed (threat_root); a line with quiet
            # defences, whose replay calls defences from Python (else compiled, or
            # loaded from the cache, the first time a game's check replays one)
            find_threat(won, kind="vct", max_depth=3)
            three = Board(9, moves=["e5", "a1", "f5", "a3", "e4", "a9", "f4", "i9"])
            find_threat(three, kind="vct", max_depth=3)
        if "vct" in parts:  # a node budget that stops the deepening at once hands over to df-pn
            find_threat(board, kind="vct", max_nodes=4)
        if "search" in parts:
            Engine(max_memory=1 << 20).search(board, depth=2)
            # a timed search with its final check: nothing is left to compile on a game's clock
            find_threat(won, kind="vct", max_depth=3)
            Engine(max_memory=1 << 20, book=False).search(
                Board(9, moves=["e5", "e4", "f5"]), time_limit=0.05
            )
            # a renju position (a renju board needs the exact-five pattern table,
            # which a freestyle threat search does not)
            board = Board(9, rule="renju", moves=["e5", "a1", "f6", "a9", "d6"])
            board.forbidden(board.parse_move("f5"))
    finally:
        stop()


class _Watchdog:
    """Sets ``counters[C_STOP]`` after ``seconds`` (the kernels release the GIL)."""

    def __init__(self, counters: np.ndarray, seconds: float | None) -> None:
        self.timer: threading.Timer | None = None
        self.interrupted = False
        counters[K.C_STOP] = 0

        def on_ctrl_c() -> None:  # tansuo.budget.interrupt: Ctrl-C on the command line
            self.interrupted = True
            counters[K.C_STOP] = 1

        self._unwatch = on_interrupt(on_ctrl_c)
        if seconds is not None:
            if seconds <= 0:
                counters[K.C_STOP] = 1
            else:
                self.timer = threading.Timer(seconds, self._fire, (counters,))
                self.timer.daemon = True
                self.timer.start()

    @staticmethod
    def _fire(counters: np.ndarray) -> None:
        counters[K.C_STOP] = 1

    def close(self) -> None:
        self._unwatch()
        if self.timer is not None:
            self.timer.cancel()


def _pow2_entries(max_bytes: int, per_entry: int, cap: int) -> int:
    entries = 1 << 10
    while entries * 2 * per_entry <= max_bytes and entries < cap:
        entries *= 2
    return entries


class _Clock:
    """A move's budget: seconds, nodes (of every search the move runs), or both.

    The engine's shares are fractions of the move: a share ends when either
    budget reaches it. A node budget alone makes the move independent of the
    machine's load (the same searches, in the same order, whatever the load);
    with neither, no share ever ends (fixed-depth searches).
    """

    def __init__(self, time_limit: float | None = None, max_nodes: int | None = None) -> None:
        self.time_limit = time_limit
        self.max_nodes = max_nodes
        self.start = time.perf_counter()
        self.nodes = 0  # spent by the searches so far (the running alpha-beta's not included)

    @property
    def bounded(self) -> bool:
        return self.time_limit is not None or self.max_nodes is not None

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def used(self, running: int = 0) -> float:
        """The fraction of the move spent (``running``: nodes of a search not yet counted)."""
        used = 0.0
        if self.time_limit is not None:
            used = self.elapsed() / self.time_limit
        if self.max_nodes is not None:
            used = max(used, (self.nodes + running) / self.max_nodes)
        return used

    def until(self, share: float) -> _Until:
        """The point at ``share`` of the move (math.inf: never)."""
        return _Until(self, share)

    def left(self, share: float, span: float | None = None) -> tuple[float | None, int | None]:
        """Seconds and nodes for a search that may run to ``share`` of the move,
        and for ``span`` of it at most (None: no bound of that kind)."""
        seconds: float | None = None
        nodes: int | None = None
        if self.time_limit is not None:
            seconds = min(share * self.time_limit - self.elapsed(), _span(span, self.time_limit))
        if self.max_nodes is not None:
            left = min(share * self.max_nodes - self.nodes, _span(span, self.max_nodes))
            nodes = None if left == math.inf else int(left)
        return (None if seconds == math.inf else seconds), nodes


def _span(span: float | None, whole: float) -> float:
    return math.inf if span is None else span * whole


@dataclass(frozen=True, slots=True)
class _Until:
    """A point of a move's :class:`_Clock` (``share`` of it) that a check must end by."""

    clock: _Clock
    share: float

    def passed(self) -> bool:
        return self.clock.used() >= self.share

    def left(self, span: float | None = None) -> tuple[float | None, int | None] | None:
        """A search's seconds and nodes up to this point (``span`` of the move at
        most); None when nothing is left."""
        seconds, nodes = self.clock.left(self.share, span)
        if (seconds is not None and seconds <= 0) or (nodes is not None and nodes <= 0):
            return None
        return seconds, nodes


# ---------------------------------------------------------------------------
# Threat search
# ---------------------------------------------------------------------------


class ThreatSearcher:
    """A threat search's arrays (cache, move buffers, counters, scratch), reused by position."""

    def __init__(self, size: int, cache_entries: int) -> None:
        self.cache_entries = cache_entries
        self.ckeys = np.zeros(cache_entries, dtype=np.uint64)
        self.cvals = np.zeros(cache_entries, dtype=np.int8)
        self.cdepths = np.zeros(cache_entries, dtype=np.int16)
        self.counters = np.zeros(K.COUNTERS_SIZE, dtype=np.int64)
        self.buf = np.zeros((K.MAX_PLY, size), dtype=np.int64)
        self.prio = np.zeros((K.MAX_PLY, size), dtype=np.int64)
        self.scratch = np.zeros((K.SCRATCH_ROWS, size), dtype=np.int64)
        self.size = size
        # the proof-number search's table and per-ply buffers, made on first use
        self._pn: tuple[np.ndarray, ...] | None = None

    @property
    def arrays(self) -> tuple[np.ndarray, ...]:
        return (
            self.ckeys,
            self.cvals,
            self.cdepths,
            self.counters,
            self.buf,
            self.prio,
            self.scratch,
        )

    @property
    def pn_arrays(self) -> tuple[np.ndarray, ...]:
        if self._pn is None:
            self._pn = (
                np.zeros(self.cache_entries, dtype=np.uint64),  # keys
                np.zeros(self.cache_entries, dtype=np.int32),  # proof numbers
                np.zeros(self.cache_entries, dtype=np.int32),  # disproof numbers
                self.counters,
                np.zeros((3, K.MAX_PLY, self.size), dtype=np.int64),
                self.scratch,
            )
        return self._pn

    def clear(self) -> None:
        """Forget every cached result (a value of 0 is an empty slot, whatever its key)."""
        self.cvals[:] = 0
        if self._pn is not None:
            self._pn[0][:] = 0


# Each thread keeps its own searcher: the kernels run without the GIL, and two
# searches in one searcher's arrays at once (the web page runs requests in
# worker threads) report wins that are not there.
_SEARCHERS = threading.local()  # .key (size, cache entries) and .searcher
DEFAULT_CACHE_BYTES = 8 << 20


def _shared_searcher(size: int, max_memory: int | None) -> ThreatSearcher:
    """This thread's threat searcher for boards of ``size`` cells, kept between calls
    (allocating is slow)."""
    memory = DEFAULT_CACHE_BYTES if max_memory is None else max_memory
    entries = _pow2_entries(memory, CACHE_ENTRY_BYTES, 1 << 22)
    key = (size, entries)
    if getattr(_SEARCHERS, "key", None) != key:
        _SEARCHERS.key, _SEARCHERS.searcher = key, ThreatSearcher(size, entries)
    searcher: ThreatSearcher = _SEARCHERS.searcher
    return searcher


def _colour(board: Board, attacker: str | int | None) -> int:
    if attacker is None:
        return board.side_to_move
    if isinstance(attacker, str):
        names = {
            "black": K.BLACK,
            "b": K.BLACK,
            "x": K.BLACK,
            "white": K.WHITE,
            "w": K.WHITE,
            "o": K.WHITE,
        }
        if attacker.lower() not in names:
            raise InvalidInput(f"attacker must be black or white, not {attacker!r}")
        return names[attacker.lower()]
    if attacker not in (K.BLACK, K.WHITE):
        raise InvalidInput(f"attacker must be 1 (black) or 2 (white), not {attacker!r}")
    return int(attacker)


def find_threat(
    board: Board,
    *,
    kind: str = "vcf",
    attacker: str | int | None = None,
    max_depth: int | None = None,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    max_memory: int | str | None = None,
    searcher: ThreatSearcher | None = None,
) -> ThreatResult:
    """Search for a victory by continuous fours (``"vcf"``) or by threes and fours (``"vct"``).

    A VCF, or a VCT with ``max_depth``: iterative deepening on the number of
    attacker moves, 1 to ``max_depth`` (30 for a VCF); a defender's four is
    answered by a forced block that spends no depth; a Zobrist-keyed cache of
    proved wins and failures prunes the many orders of the same threats. A
    VCT without ``max_depth``: depth-first proof-number search
    (:mod:`tansuo.gomoku._dfpn`) over the same tree, with no depth bound, so
    ``"no_solution"`` means no VCT at any length (it first deepens for a
    quarter of the node budget, which finds short wins sooner; with no budget
    given it stops after PN_DEFAULT_NODES nodes). Under renju, black never
    uses a forbidden point, and white wins at once if black's only block is
    one.

    The position is played by ``attacker`` (default: the side to move) next:
    the defender's threats on the board are answered first. A node is one
    attacker or defender position entered.

    Parameters
    ----------
    board : Board
        The position (left as it was).
    kind : {"vcf", "vct"}
        Continuous fours, or threes and fours.
    attacker : {"black", "white", 1, 2}, optional
        Who attacks (default: the side to move).
    max_depth : int, optional
        Attacker moves at most (a VCT without one: no bound).
    time_limit : float, optional
        Seconds.
    max_nodes : int, optional
        Nodes (attacker and defender positions entered).
    max_memory : int or str, optional
        Bytes of the cache (``"64MB"`` accepted); default 8 MiB.
    searcher : ThreatSearcher, optional
        Arrays to search in, whose cache is kept (the engine's); default:
        this thread's, cleared first.

    Returns
    -------
    ThreatResult
        ``status`` "solved" (``line``: the main line, attacker first, ending
        in its five, ``verified`` when replayed), "no_solution" or "limit".

    Raises
    ------
    InvalidInput
        An unknown kind or attacker, a depth below 1, a bad budget, or a
        position whose game is over.

    Examples
    --------
    >>> from tansuo.gomoku import Board, find_threat
    >>> find_threat(Board(15, moves=["h8", "a1", "i8", "a3", "j8", "a5"]), kind="vcf").cost
    2
    """
    if kind not in THREAT_KINDS:
        raise InvalidInput(f"kind must be one of {', '.join(THREAT_KINDS)}, not {kind!r}")
    a = _colour(board, attacker)
    proof_numbers = kind == "vct" and max_depth is None
    if proof_numbers and max_nodes is None and time_limit is None:
        max_nodes = PN_DEFAULT_NODES
    if max_depth is None:
        max_depth = DEFAULT_VCF_DEPTH  # a VCT with none searches by proof numbers
    # the one validator (tansuo.budget); no line of threats is longer than the board has
    # cells (a depth of 10**20 was an OverflowError in the kernel)
    check_number(max_depth, "max_depth", whole=True, low=1, high=board.width * board.height)
    budget = Budget(time_limit=time_limit, max_nodes=max_nodes, max_memory=max_memory)  # type: ignore[arg-type]
    start = time.perf_counter()
    if board.winner is not None:
        raise InvalidInput(f"the game is over: {COLOUR_NAMES[board.winner]} has won")
    if searcher is None:
        searcher = _shared_searcher(len(board.state[K.ST_BOARD]), budget.max_memory)
        searcher.clear()
    # else: the caller's searcher keeps its cache (the engine's, valid for one game's rule)
    counters = searcher.counters
    counters[:] = 0
    counters[K.C_NODE_LIMIT] = -1 if budget.max_nodes is None else budget.max_nodes
    counters[K.C_NEXT_POLL] = K.POLL_EVERY
    watchdog = _Watchdog(counters, budget.time_limit)
    vct = kind == "vct"
    try:
        if proof_numbers:
            # deepening first, briefly: it finds a short win, and proves most
            # failures, at less cost a node; what it leaves open goes to df-pn
            total = int(counters[K.C_NODE_LIMIT])
            first = PN_DEEPEN_NODES if total < 0 else max(1, total // 4)
            counters[K.C_NODE_LIMIT] = first
            r = K.threat_deepen(board.state, searcher.arrays, a, max_depth, 1)
            cut = counters[K.C_DEPTH_CUTS] != 0
            done = int(counters[K.C_DEPTH_DONE])
            proof_numbers = False
            if (r == K.ABORT and counters[K.C_STOP] == 0) or (r == K.FAIL and cut):
                proof_numbers = True
                counters[K.C_NODE_LIMIT] = total
                counters[K.C_ABORTED] = 0
                counters[K.C_DEPTH_CUTS] = 0
                r = P.dfpn_root(board.state, searcher.pn_arrays, a, 1)
                if r == K.FAIL and counters[K.C_DEPTH_CUTS]:
                    r = K.ABORT  # a line reached the ply bound: not a proof
                done = 0
        else:
            r = K.threat_deepen(board.state, searcher.arrays, a, max_depth, int(vct))
            done = int(counters[K.C_DEPTH_DONE])
        found = r == K.WIN
        line: list[int] = []
        if found:
            line = _main_line(board, searcher, a, done, vct, proof_numbers)
    finally:
        watchdog.close()
    aborted = (counters[K.C_ABORTED] != 0 or r == K.ABORT) and not found
    limit = None
    if aborted:
        limit = "max_nodes" if counters[K.C_STOP] == 0 else "time_limit"
        if watchdog.interrupted:
            limit = "stopped"
    verified = found and verify_line(board, line, a)
    elapsed = time.perf_counter() - start
    nodes = int(counters[K.C_NODES])
    stats = ThreatStats(
        expanded=int(counters[K.C_EXPANDED]),
        generated=int(counters[K.C_GENERATED]),
        elapsed_s=elapsed,
        limit=limit,
        nodes=nodes,
        nodes_per_s=nodes / elapsed if elapsed > 0 else None,
        depth=done,
        max_ply=int(counters[K.C_MAX_PLY]),
        cache_hits=int(counters[K.C_CACHE_HITS]),
        cache_entries=searcher.cache_entries,
    )
    status: Status = "solved" if found else ("limit" if aborted else "no_solution")
    return ThreatResult(
        status,
        kind,
        COLOUR_NAMES[a],
        tuple(board.format_move(m) for m in line),
        verified,
        stats,
    )


def vcf(
    board: Board,
    *,
    attacker: str | int | None = None,
    max_depth: int | None = None,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    max_memory: int | str | None = None,
) -> ThreatResult:
    """A victory by continuous fours: :func:`find_threat` with ``kind="vcf"``.

    Parameters
    ----------
    board : Board
        The position (left as it was).
    attacker : {"black", "white", 1, 2}, optional
        Who attacks (default: the side to move).
    max_depth : int, optional
        Attacker fours at most (default DEFAULT_VCF_DEPTH).
    time_limit, max_nodes, max_memory
        The budget (seconds, nodes, bytes of the cache).

    Returns
    -------
    ThreatResult
        ``status`` "solved" (``solution``: the line), "no_solution" or "limit".

    Raises
    ------
    InvalidInput
        The game is over, a bad attacker, depth or budget.

    Examples
    --------
    >>> from tansuo.gomoku import Board, vcf
    >>> vcf(Board(15, moves=["h8", "a1", "i8", "a3", "j8", "a5"])).solution
    ['g8', 'f8', 'k8']
    """
    return find_threat(
        board,
        kind="vcf",
        attacker=attacker,
        max_depth=max_depth,
        time_limit=time_limit,
        max_nodes=max_nodes,
        max_memory=max_memory,
    )


def vct(
    board: Board,
    *,
    attacker: str | int | None = None,
    max_depth: int | None = None,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    max_memory: int | str | None = None,
) -> ThreatResult:
    """A victory by threes and fours: :func:`find_threat` with ``kind="vct"``.

    Without ``max_depth`` the search has no depth bound (proof-number search
    after a short deepening), so "no_solution" means no VCT at any length.

    Parameters
    ----------
    board : Board
        The position (left as it was).
    attacker : {"black", "white", 1, 2}, optional
        Who attacks (default: the side to move).
    max_depth : int, optional
        Attacker threats at most (default: no bound).
    time_limit, max_nodes, max_memory
        The budget (seconds, nodes, bytes of the cache).

    Returns
    -------
    ThreatResult
        ``status`` "solved" (``solution``: the main line), "no_solution" or "limit".

    Raises
    ------
    InvalidInput
        The game is over, a bad attacker, depth or budget.

    Examples
    --------
    >>> from tansuo.gomoku import Board, vct
    >>> vct(Board(15, moves=["h8", "a1", "i9", "a3", "h9", "a5"])).status
    'solved'
    """
    return find_threat(
        board,
        kind="vct",
        attacker=attacker,
        max_depth=max_depth,
        time_limit=time_limit,
        max_nodes=max_nodes,
        max_memory=max_memory,
    )


def _main_line(
    board: Board,
    searcher: ThreatSearcher,
    a: int,
    depth: int,
    vct: bool,
    proof_numbers: bool = False,
) -> list[int]:
    """The attacker's winning line, replayed from the cache one attacker move at a time.

    With ``proof_numbers``, each attacker move is a proved child in the df-pn
    table (a search from the position finds it again at little cost).
    """
    state = board.state
    d = 3 - a
    played: list[int] = []
    made: list[int] = []
    buffer = np.empty(len(board.cells), dtype=np.int64)
    is_four = np.empty(len(board.cells), dtype=np.int64)
    counters = searcher.counters
    try:
        for _ in range(4 * K.MAX_PLY):
            n = K.five_points(state, a, buffer)
            if n:
                played.append(int(buffer[0]))
                return played
            if proof_numbers:
                counters[K.C_NODE_LIMIT] = -1
                counters[K.C_ABORTED] = 0
                if P.dfpn_root(state, searcher.pn_arrays, a, 1) != K.WIN:
                    return []
            else:
                # The shortest win from here; a forced block of a defender's four is
                # free in the proof, and costs one at the root: allow one more.
                free = 1 if K.five_points(state, d, buffer) else 0
                for tried in range(1, depth + free + 2):  # +1: see the empty defence below
                    # the search's watchdog still runs: out of time, no line (unverified)
                    counters[K.C_NODE_LIMIT] = -1
                    counters[K.C_ABORTED] = 0
                    counters[K.C_BEST] = -1
                    if K.threat_root(state, searcher.arrays, a, tried, int(vct)) == K.WIN:
                        break
                    if counters[K.C_ABORTED]:
                        return []
                else:
                    return []
                depth = tried - 1
            move = int(counters[K.C_BEST])
            K.make(state, move, a)
            made.append(move)
            played.append(move)
            # the defender's answer: the block of a four, else a quiet defence if any
            n = K.five_points(state, a, buffer)
            if n:
                # block a five point if one is legal (all lose); else play anywhere
                reply = _any_legal(state, board, d, buffer[:n].copy())
            else:
                n = K.defences(state, a, buffer, is_four, searcher.scratch)
                if n < 0:
                    return []
                if n == 0:
                    # nothing defends: the defender plays anywhere, the attacker
                    # then plays its threat point (one move more than the proof)
                    reply = _any_legal(state, board, d, buffer[:0].copy())
                else:
                    quiet = [int(buffer[i]) for i in range(n) if not is_four[i]]
                    reply = quiet[0] if quiet else int(buffer[0])
            K.make(state, reply, d)
            made.append(reply)
            played.append(reply)
        return []
    finally:
        for move in reversed(made):
            K.unmake(state, move)


def _any_legal(state: tuple[Any, ...], board: Board, colour: int, prefer: np.ndarray) -> int:
    """The defender's move when nothing saves it: one of the five points if legal, else any."""
    for m in list(prefer) + [int(c) for c in board.cells]:
        if K.is_legal(state, int(m), colour):
            return int(m)
    raise InvalidInput("no legal move left for the defender")


def verify_line(board: Board, line: list[int], attacker: int) -> bool:
    """Replay ``line`` (attacker first, colours alternating) on a copy: legal, ends in its five.

    Parameters
    ----------
    board : Board
        The position (left as it was). When ``attacker`` is not to move, the
        line is replayed after a pass, as :func:`find_threat` searches it.
    line : list of int
        Cell indices (``board.parse_move("h8")``).
    attacker : int
        1 (black) or 2 (white).

    Returns
    -------
    bool
        Every move legal, and the last one (only) makes ``attacker``'s five.

    Examples
    --------
    >>> from tansuo.gomoku import Board
    >>> board = Board(15, moves=["h8", "a1", "i8", "a3", "j8", "a5"])
    >>> verify_line(board, [board.parse_move(m) for m in ["g8", "f8", "k8"]], 1)
    True
    """
    copy = board.with_side_to_move(attacker)
    for i, move in enumerate(line):
        try:
            copy.play(move)
        except InvalidInput:
            return False
        if copy.winner is not None:
            return copy.winner == attacker and i == len(line) - 1
    return False


def _threat_squares(board: Board, line: tuple[str, ...], attacker: int) -> list[int]:
    """The squares of a winning line, threat by threat: each attacker move, then every answer to it.

    ``line`` starts with ``attacker``'s move, whoever is to move on ``board``
    (a line found for the side not to move is one it plays after a pass).
    The answers are the blocks of a four, or the defences of a three (the
    moves that leave no winning threat point, and the defender's fours). The
    board is left as it was.
    """
    squares: list[int] = []
    state = board.state
    size = len(board.cells)
    buffer = np.empty(size, dtype=np.int64)
    is_four = np.empty(size, dtype=np.int64)
    scratch = np.zeros((K.SCRATCH_ROWS, len(board.state[K.ST_BOARD])), dtype=np.int64)
    made: list[int] = []
    try:
        for i, text in enumerate(line):
            move = board.parse_move(text)
            colour = attacker if i % 2 == 0 else 3 - attacker
            if i % 2 == 0:
                squares.append(move)
            if not K.is_legal(state, move, colour) or K.is_five_move(state, move, colour):
                break
            K.make(state, move, colour)
            made.append(move)
            if i % 2 == 0:
                n = K.five_points(state, attacker, buffer)
                if n == 0:
                    n = K.defences(state, attacker, buffer, is_four, scratch)
                squares.extend(int(m) for m in buffer[: max(n, 0)])
    finally:
        for move in reversed(made):
            K.unmake(state, move)
    return squares


# ---------------------------------------------------------------------------
# Alpha-beta
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class EngineOptions:
    """How the engine searches: every choice of :class:`Engine` in one value.

    Parameters
    ----------
    threats : bool
        Use the threat search (the root VCF/VCT, the quiet test, the final
        checks); False: plain alpha-beta with the
        same move generation and evaluation (the ``tansuo:nothreats`` player).
    width : int
        Moves searched per alpha-beta node (the best by threat value; every
        four is kept).
    extend : bool
        Search on past the depth while the side to move must block a four.
    reductions : bool
        Late move reductions and null-window searches in the alpha-beta
        (see ``LMR_FIRST`` in :mod:`tansuo.gomoku._kernels.alphabeta`).
    block_free : int
        What a line of fours and blocks costs in the alpha-beta: 0, a ply a
        move; 1, the block of a four costs none (a ply a four); 2, a four and
        its block cost none for a line's first ``FREE_PLIES`` such plies (see
        :mod:`tansuo.gomoku._kernels.alphabeta`).
    move_count : int
        Move-count pruning: below the root, a node with no threat to answer
        searches this percent of ``move_count(depth)`` moves (in
        :mod:`tansuo.gomoku._kernels.alphabeta`) and every four; 0: ``width``
        moves at every node.
    futility : int
        Futility pruning's margin a ply of depth (in evaluation points); 0:
        none.
    average : bool
        A leaf of the alpha-beta scores the mean of its static score and its
        parent's (which evened out the swing of the side to move's score from
        ply to ply of the evaluation before the fitted one; off, the fitted
        evaluation weighs the side to move's cells apart).
    history : int
        1 (the default): a bounded history of cutoffs per side, the quiet
        moves searched before a cutoff's move losing what it gains
        (``HISTORY_RANGE`` in :mod:`tansuo.gomoku._kernels.alphabeta`); 0:
        one unbounded history for both sides.
    history_shift : int
        With ``history`` 1, the history's weight in the move order: the
        entry shifted right by this.
    killer : int
        The move-order bonus of a ply's two killer moves (the last quiet
        moves that cut off there); 0: none.
    counter : int
        The move-order bonus of the move that last cut off after the
        opponent's last move; 0: none.
    null_move : int
        Null-move pruning's reduction (a null-window node with no threat to
        answer, whose static score beats beta, passes and searches this many
        plies shallower); 0: none.
    order : int
        1: the move order adds a fitted bonus per cell class for each side
        (``ORDER_OWN``, ``ORDER_OTHER`` in
        :mod:`tansuo.gomoku._kernels.alphabeta`); 0: the attack + defence
        value alone.

    Raises
    ------
    InvalidInput
        A width that is not a whole number in 1..65536, or another option
        that is not a whole number in its range (``block_free`` 0..2,
        ``history`` and ``order`` 0..1, ``history_shift`` 0..30,
        ``null_move`` 0..8, the others 0..100000).

    Examples
    --------
    >>> EngineOptions(threats=False).width
    12
    """

    threats: bool = True
    width: int = 12
    extend: bool = True
    reductions: bool = True
    block_free: int = 1
    move_count: int = 0
    futility: int = 0
    average: bool = False
    history: int = 1
    history_shift: int = 6
    killer: int = 0
    counter: int = 0
    null_move: int = 0
    order: int = 0

    def __post_init__(self) -> None:
        value = self.width
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1 << 16:
            raise InvalidInput(f"width: {value!r} is not a whole number in 1..65536")
        for name, high in (
            ("block_free", 2),
            ("move_count", 100_000),
            ("futility", 100_000),
            ("history", 1),
            ("history_shift", 30),
            ("killer", 100_000),
            ("counter", 100_000),
            ("null_move", 8),
            ("order", 1),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
                raise InvalidInput(f"{name}: {value!r} is not a whole number in 0..{high}")


class Engine:
    """The Gomoku engine: threat search at the root and in the tree, iterative-deepening alpha-beta.

    A move's time is shared out (see the ``*_SHARE`` constants): a VCF, then a
    short VCT, for the side to move (a win found is played at once); a VCF and
    a VCT of the opponent as if we passed (none: the position is quiet, see
    ``QUIET_SHARE``); then alpha-beta, in which an opponent's open three leaves
    only its defences and our own fours as moves; last, unless the position
    was quiet, the move chosen is checked against a VCF and a short VCT of the
    opponent, and replaced by one that survives
    them when one is found in time; and with the time the alpha-beta left
    over, the move chosen is checked one reply deeper, for an opponent's
    quiet move after which no move stops its VCF or VCT (``TRAP_SHARE``).
    A node budget (``max_nodes``) is shared out the same way, every search's
    nodes counted, so a move held to nodes does not depend on the machine.
    The threat searches share one Zobrist-keyed cache for the whole game.

    Parameters
    ----------
    options : EngineOptions, optional
        How it searches (default: ``EngineOptions()``, the full engine).
    max_memory : int, optional
        Bytes for its tables (the transposition table and the threat
        search's cache, in proportion to their entry sizes); default
        DEFAULT_MAX_MEMORY. A table never has fewer than 1,024 entries.
    book : bool or Book
        The opening book consulted first (True: the bundled one; False: none);
        not used by fixed-depth searches.

    Examples
    --------
    >>> from tansuo.gomoku import Board, Engine, EngineOptions
    >>> engine = Engine(EngineOptions(threats=False), max_memory=1 << 20, book=False)
    >>> engine.search(Board(15, moves=["h8", "a1", "i8", "a2", "j8", "a3", "k8"]), depth=2).move
    'g8'
    """

    def __init__(
        self,
        options: EngineOptions | None = None,
        *,
        max_memory: int | None = None,
        book: Any = True,
    ) -> None:
        if options is not None and not isinstance(options, EngineOptions):
            raise InvalidInput(f"options must be an EngineOptions, not {type(options).__name__}")
        self.options = options if options is not None else EngineOptions()
        if book is True:
            from tansuo.gomoku.book import bundled_book

            book = bundled_book()
        self.book = book or None
        self._searcher: ThreatSearcher | None = None
        self._searcher_frame: tuple[int, str] | None = None
        self.resize(max_memory)

    @property
    def threats(self) -> bool:
        return self.options.threats

    @property
    def width(self) -> int:
        return self.options.width

    def resize(self, max_memory: int | None) -> None:
        """Make the tables anew within ``max_memory`` bytes (None: DEFAULT_MAX_MEMORY).

        Raises
        ------
        InvalidInput
            ``max_memory`` is not a whole number of bytes >= 0.
        """
        if max_memory is None:
            max_memory = DEFAULT_MAX_MEMORY
        if isinstance(max_memory, bool) or not isinstance(max_memory, int) or max_memory < 0:
            raise InvalidInput(f"max_memory must be whole bytes >= 0, not {max_memory!r}")
        tt_bytes = max_memory * TT_ENTRY_BYTES // (TT_ENTRY_BYTES + CACHE_ENTRY_BYTES)
        entries = _pow2_entries(tt_bytes, TT_ENTRY_BYTES, 1 << 24)
        self.cache_entries = _pow2_entries(max_memory - tt_bytes, CACHE_ENTRY_BYTES, 1 << 22)
        self.tt_keys = np.zeros(entries, dtype=np.uint64)
        self.tt_vals = np.zeros(entries, dtype=np.int64)
        self.tt_depth = np.zeros(entries, dtype=np.int64)
        self.tt_flag = np.zeros(entries, dtype=np.int8)
        self.tt_move = np.zeros(entries, dtype=np.int64)
        self.history: np.ndarray | None = None
        self._searcher = None  # made again, at the new size, on first use

    @property
    def table_bytes(self) -> int:
        """Bytes of the tables at their full size (the threat cache's df-pn part included)."""
        return len(self.tt_keys) * TT_ENTRY_BYTES + self.cache_entries * CACHE_ENTRY_BYTES

    def new_game(self) -> None:
        """Forget the transposition table, the history and the threat cache."""
        self.tt_keys[:] = 0
        self.history = None
        if self._searcher is not None:
            self._searcher.clear()

    def _arrays(self, board: Board, params: np.ndarray) -> tuple[Any, ...]:
        n = len(board.state[K.ST_BOARD])
        if self.history is None or len(self.history) != 4 * n:
            # a row per side, then a row per side of counter moves (see the kernel)
            self.history = np.zeros(4 * n, dtype=np.int64)
        counters = np.zeros(K.COUNTERS_SIZE, dtype=np.int64)
        buf = np.zeros((K.MAX_PLY, len(board.cells)), dtype=np.int64)
        prio = np.zeros((K.MAX_PLY, len(board.cells)), dtype=np.int64)
        return (
            self.tt_keys,
            self.tt_vals,
            self.tt_depth,
            self.tt_flag,
            self.tt_move,
            self.history,
            counters,
            buf,
            prio,
            params,
        )

    def search(
        self,
        board: Board,
        *,
        depth: int | None = None,
        time_limit: float | None = None,
        max_nodes: int | None = None,
        plain: bool = False,
        on_iteration: Callable[[IterationInfo[str]], object] | None = None,
    ) -> GameSearchResult[str]:
        """The best move for the side to move (moves as ``"h8"``; scores as in tansuo.adversarial).

        A node is one position entered by the alpha-beta kernel or by a
        threat search; ``stats.nodes`` counts the move's nodes of both.

        Parameters
        ----------
        board : Board
            The position (left as it was).
        depth : int, optional
            Search exactly this many plies (no book, no time shares).
        time_limit : float, optional
            Seconds for the move, shared out as the class describes.
        max_nodes : int, optional
            Nodes for the move (alpha-beta and threat searches together). Without
            ``depth`` the move's shares are fractions of it as of the time (with
            ``time_limit`` too, a share ends when either runs out), so a move held
            to nodes alone searches the same whatever the machine's load. With
            ``depth``: the alpha-beta's nodes at most.
        plain : bool
            Search every candidate at the fixed ``depth`` with no table cut,
            no threat pruning and no move cap: the value equals
            :func:`tansuo.adversarial.alphabeta` on the board (the tests check it).
        on_iteration : callable, optional
            Called with each finished iteration's :class:`IterationInfo`.

        Returns
        -------
        GameSearchResult
            ``move``, ``score``, ``depth``, ``pv``, ``stats``; ``status``
            "limit" when a budget ended a fixed-depth search early.

        Raises
        ------
        InvalidInput
            A depth below 1 or a bad budget.

        Examples
        --------
        >>> from tansuo.gomoku import Board, Engine
        >>> Engine(book=False).search(Board(9, moves=["e5", "a1", "f5", "a2"]), depth=2).depth
        2
        """
        if depth is not None and (
            isinstance(depth, bool) or not isinstance(depth, int) or depth < 1
        ):
            raise InvalidInput(f"depth must be a whole number >= 1, got {depth!r}")
        budget = Budget(time_limit=time_limit, max_nodes=max_nodes)
        start = time.perf_counter()
        side = board.side_to_move
        # the move's clock: the shares below are fractions of it (a fixed depth has none)
        clock = _Clock(
            budget.time_limit if depth is None else None,
            budget.max_nodes if depth is None else None,
        )

        def stats(
            nodes: int,
            limit: str | None,
            iterations: tuple[Any, ...] = (),
            *,
            expanded: int = 0,
            generated: int = 0,
            **extra: Any,
        ) -> GameStats:
            elapsed = time.perf_counter() - start
            return GameStats(
                expanded=expanded,
                generated=generated,
                elapsed_s=elapsed,
                limit=limit,
                nodes=nodes,
                nodes_per_s=nodes / elapsed if elapsed > 0 else None,
                tt_entries=len(self.tt_keys),
                iterations=iterations,
                **extra,
            )

        if board.is_terminal():
            return GameSearchResult(
                "no_solution", None, -MATE if board.winner else 0, 0, (), True, stats(1, None)
            )
        # (1) the opening book
        if self.book is not None and not plain and depth is None:
            reply = self.book.lookup(board)
            if reply is not None:
                book_move = board.format_move(reply)
                only = (book_move,)
                return GameSearchResult("solved", book_move, 0, 0, only, False, stats(0, None))
        # (2) a VCF, then a short VCT, of the side to move: a win is played at once
        if self.threats and not plain:
            result = self._root_threats(board, clock)
            if result is not None:
                line, found = result
                plies = len(line)
                counts = stats(
                    clock.nodes, None, expanded=found.expanded, generated=found.generated
                )
                return GameSearchResult(
                    "solved", line[0], MATE - plies, plies, tuple(line), True, counts
                )
        # (3) the quiet test: no threat win for the opponent if we passed
        quiet = False
        if depth is None and not plain and clock.bounded:
            # without threat search there is no final check: the alpha-beta has the time
            quiet = self._opponent_threat(board, clock) if self.threats else True
        soft_share, hard_share = (
            (QUIET_SOFT_SHARE, QUIET_HARD_SHARE) if quiet else (SOFT_SHARE, HARD_SHARE)
        )
        # (4) iterative-deepening alpha-beta within the soft and hard stops
        params = np.zeros(K.PARAMS_SIZE, dtype=np.int64)
        params[K.S_PRUNE] = 0 if plain else 1
        params[K.S_USE_TT] = 0 if plain else 1
        params[K.S_USE_HISTORY] = 0 if plain else 1
        o = self.options
        params[K.S_WIDTH] = o.width
        params[K.S_EXTEND] = int(o.extend and not plain)
        params[K.S_REDUCE] = int(o.reductions and not plain)
        params[K.S_BLOCK_FREE] = 0 if plain else int(o.block_free)
        params[K.S_MOVE_COUNT] = 0 if plain else o.move_count
        params[K.S_FUTILITY] = 0 if plain else o.futility
        params[K.S_AVERAGE] = int(o.average and not plain)
        params[K.S_HISTORY] = o.history
        params[K.S_HISTORY_SHIFT] = o.history_shift
        params[K.S_KILLER] = 0 if plain else o.killer
        params[K.S_COUNTER] = 0 if plain else o.counter
        params[K.S_NULL] = 0 if plain else o.null_move
        params[K.S_ORDER] = 0 if plain else o.order
        params[K.S_KILLERS : K.S_KILLERS + 2 * (K.MAX_PLY + 1)] = -1
        params[K.S_LAST : K.S_LAST + K.MAX_PLY + 1] = -1
        arrays = self._arrays(board, params)
        tsearch = self._threat_searcher(board).arrays
        counters = arrays[K.A_COUNTERS]
        # the alpha-beta stops at HARD_SHARE of the move (the rest: the checks
        # of the chosen move), and starts no iteration after SOFT_SHARE (or
        # AB_MIN_SHARE after its own start, when the threat searches took long)
        if clock.bounded:
            seconds, nodes = clock.left(hard_share)
            nodes = None if nodes is None else max(nodes, 1)
        else:  # a fixed depth: the budgets given are plain caps on the whole search
            seconds = budget.time_limit
            if seconds is not None:
                seconds = max(seconds - (time.perf_counter() - start), 0.0)
            nodes = budget.max_nodes
        counters[K.C_NODE_LIMIT] = -1 if nodes is None else nodes
        counters[K.C_NEXT_POLL] = K.POLL_EVERY
        watchdog = _Watchdog(counters, seconds)
        max_depth = depth if depth is not None else 60
        first = depth if plain and depth is not None else 1
        soft = max(soft_share, AB_MIN_SHARE + clock.used())
        last = clock.used()
        best: tuple[int, int, int, tuple[int, ...]] | None = None
        timed_parity = depth is None and not plain
        iterations: list[IterationInfo[str]] = []
        limit: str | None = None
        try:
            for d in range(first, max_depth + 1):
                score = int(
                    K.search_root(board.state, arrays, tsearch, side, d, -MATE - 1, MATE + 1)
                )
                if counters[K.C_ABORTED]:
                    limit = "time_limit" if counters[K.C_STOP] else "max_nodes"
                    break
                move = int(counters[K.C_BEST])
                pv = self._pv(board, move, d) if not plain else (move,)
                # a timed search plays the move of its last even-depth iteration
                # (or a mate found at any depth): see the note above TRAP_SHARE
                if best is None or d % 2 == 0 or is_mate_score(score) or not timed_parity:
                    best = (move, score, d, pv)
                info = IterationInfo(
                    d,
                    score,
                    tuple(board.format_move(m) for m in pv),
                    clock.nodes + int(counters[K.C_NODES]),
                    time.perf_counter() - start,
                    is_mate_score(score),
                )
                iterations.append(info)
                if on_iteration is not None:
                    on_iteration(info)
                if is_mate_score(score) and not plain:
                    break
                now = clock.used(int(counters[K.C_NODES]))
                # the next iteration takes about twice the last: start it only
                # if it can end before the hard stop
                if clock.bounded and (now > soft or now + 2 * (now - last) > hard_share):
                    break
                last = now
        finally:
            watchdog.close()
        clock.nodes += int(counters[K.C_NODES])
        probes = int(counters[K.C_TT_PROBES])
        hits = int(counters[K.C_TT_HITS])
        tree = {
            "expanded": int(counters[K.C_EXPANDED]),
            "generated": int(counters[K.C_GENERATED]),
        }
        extra: dict[str, Any] = {
            "tt_probes": probes,
            "tt_hits": hits,
            "tt_hit_rate": hits / probes if probes else 0.0,
        }
        if best is None:
            st = stats(clock.nodes, limit, tuple(iterations), **tree, **extra)
            return GameSearchResult("limit", None, None, 0, (), False, st)
        move, score, d, pv = best
        # (5) the final check: does the move chosen let the opponent win by threats?
        if self.threats and not plain and depth is None and not quiet and not is_mate_score(score):
            safer = self._avoid_threats(board, move, clock)
            if safer is not None:
                move, pv = safer, (safer,)
        # (6) with the time left, one reply deeper: an opponent's quiet move that
        # sets up a threat win no move of ours stops
        if self.threats and clock.bounded and not plain and not is_mate_score(score):
            safer = self._avoid_traps(board, move, quiet, clock.until(TRAP_SHARE))
            if safer is not None:
                move, pv = safer, (safer,)
        status: Status = (
            "limit" if (limit is not None and depth is not None and d < depth) else "solved"
        )
        reported = limit if depth is not None else None
        st = stats(clock.nodes, reported, tuple(iterations), **tree, **extra)
        return GameSearchResult(
            status,
            board.format_move(move),
            score,
            d,
            tuple(board.format_move(m) for m in pv),
            is_mate_score(score),
            st,
        )

    def _refutation(
        self,
        board: Board,
        candidate: int,
        deadline: _Until | None,
        vct_span: float | None,
        max_nodes: int,
    ) -> list[int] | None:
        """The squares of the opponent's win after our ``candidate`` (see :func:`_threat_squares`).

        None when no win was found (the move is taken as safe), [] when the
        ``deadline`` (a point of the move's clock; None: none) left nothing to
        look with. The VCF may run to the deadline, the VCT for ``vct_span`` of
        the move at most. A four of ours defends nothing by itself: it is
        checked after the opponent's block, with us to move again.
        """
        us = board.side_to_move
        opponent = 3 - us
        if board.makes_five(candidate):
            return None
        board.play(candidate)
        played = 1
        try:
            blocks = board.five_points(us)
            if blocks:
                # a double four, or a block the opponent may not play, wins for us
                if len(blocks) > 1 or not board.is_legal(blocks[0]):
                    return None
                board.play(blocks[0])
                played += 1
            for kind, span in (("vcf", None), ("vct", vct_span)):
                left = (None, None) if deadline is None else deadline.left(span)
                if left is None:
                    # nothing looked at: []; the VCF done, the VCT not: unknown, safe
                    return [] if kind == "vcf" else None
                clock = None if deadline is None else deadline.clock
                found = self._check_threat(board, opponent, kind, clock, left, max_nodes)
                if found.status == "solved":
                    return _threat_squares(board, found.line, opponent)
            return None
        finally:
            for _ in range(played):
                board.undo()

    def _avoid_threats(self, board: Board, move: int, clock: _Clock) -> int | None:
        """Another move when ``move`` lets the opponent win by a VCF or a short VCT (None: keep).

        Alpha-beta at a few plies does not see a long VCF or a VCT; the threat
        search does. When ``move`` loses, the other moves are tried in the
        order of :meth:`_defence`; when the time runs out before one is found
        to survive, ``move`` is kept. The check ends at AVOID_SHARE of the
        move's ``clock`` (with none: no end, AVOID_NODES a search).
        """
        opponent = 3 - board.side_to_move
        deadline = clock.until(AVOID_SHARE) if clock.bounded else None
        if board.winner is not None or board.five_points(opponent):
            return None  # a forced block: nothing to choose
        vct_span = AVOID_VCT_SHARE if clock.bounded else None
        squares = self._refutation(board, move, deadline, vct_span, AVOID_NODES)
        if not squares:
            return None
        candidate, timed_out = self._defence(
            board, [squares], {move}, deadline, None if vct_span is None else vct_span / 2
        )
        return None if timed_out else candidate

    def _defence(
        self,
        board: Board,
        lines: list[list[int]],
        tried: set[int],
        deadline: _Until | None,
        vct_span: float | None,
        max_nodes: int = AVOID_NODES,
    ) -> tuple[int | None, bool]:
        """A move that survives the opponent's VCF and VCT: ``(move, timed_out)``.

        ``lines`` are the squares of the opponent's winning lines found so far
        (see :func:`_threat_squares`), ``tried`` the moves not to try. The
        candidates come in the order of threat-space search: a move can only
        stop the opponent's win on a square that win uses -- a threat's own
        square (gain) or one of the squares that answer it (cost) -- so the
        squares met by the most lines and by the earliest threats come first,
        then the best-looking moves (AVOID_CANDIDATES). Each refuted candidate
        adds its own winning line. A candidate not proved lost is returned
        (``timed_out`` False); ``(None, False)``: every candidate loses;
        ``(candidate, True)``: the ``deadline`` came before ``candidate``
        could be looked at (None if there was none).
        """
        tried = set(tried)
        rank = {m: i for i, m in enumerate(board.legal_moves()[:AVOID_CANDIDATES])}
        # per square: how many winning lines use it, and its earliest place in one
        hits: dict[int, int] = {}
        first: dict[int, int] = {}

        def add(line: list[int]) -> None:
            for place, square in enumerate(line):
                first[square] = min(place, first.get(square, place))
            for square in set(line):
                hits[square] = hits.get(square, 0) + 1

        for line in lines:
            add(line)
        while True:
            pool = [m for m in {*hits, *rank} if m not in tried and board.is_legal(m)]
            if not pool:
                return None, False
            candidate = min(
                pool, key=lambda m: (-hits.get(m, 0), first.get(m, 1 << 20), rank.get(m, 1 << 20))
            )
            tried.add(candidate)
            squares = self._refutation(board, candidate, deadline, vct_span, max_nodes)
            if squares is None:
                return candidate, False
            if not squares:
                return candidate, True
            add(squares)

    def _trap(self, board: Board, move: int, deadline: _Until) -> int | None:
        """An opponent's reply to ``move`` after which every move of ours loses (None: none found).

        Checked for the opponent's TRAP_REPLIES best-looking replies until the
        ``deadline``: a reply is a trap when the opponent then wins by a VCF
        or VCT if we pass, and :meth:`_defence` finds no move that stops it.
        Every search is small (TRAP_NODES), so a trap is only reported when
        each defence was refuted by a win found and replayed.
        """
        if board.makes_five(move):
            return None
        board.play(move)
        try:
            us = 3 - board.side_to_move
            if board.five_points(us):
                return None  # the opponent must block our four: the alpha-beta saw this far
            for reply in board.legal_moves()[:TRAP_REPLIES]:
                if deadline.passed():
                    return None
                if board.makes_five(reply):
                    continue
                board.play(reply)
                try:
                    if board.five_points(3 - us):
                        continue  # a four to block: the alpha-beta searches those
                    line = self._threat_line(board, 3 - us, deadline)
                    if not line:
                        continue
                    squares = _threat_squares(board, line, 3 - us)
                    candidate, timed_out = self._defence(
                        board, [squares], set(), deadline, None, TRAP_NODES
                    )
                    if candidate is None and not timed_out:
                        return reply
                finally:
                    board.undo()
            return None
        finally:
            board.undo()

    def _threat_line(self, board: Board, attacker: int, deadline: _Until) -> tuple[str, ...]:
        """``attacker``'s VCF or VCT line if the side to move passed (TRAP_NODES each), or ()."""
        for kind in THREAT_KINDS:
            left = deadline.left()
            if left is None:
                return ()
            found = self._check_threat(board, attacker, kind, deadline.clock, left, TRAP_NODES)
            if found.status == "solved":
                return found.line
        return ()

    def _avoid_traps(self, board: Board, move: int, quiet: bool, deadline: _Until) -> int | None:
        """Another move when the opponent answers ``move`` with a trap (see :meth:`_trap`).

        The alternatives come in the board's move order, each checked against
        the opponent's direct VCF and VCT too unless the position is quiet,
        and against traps; None: keep ``move`` (no trap found, or no
        alternative passed in time).
        """
        if self._trap(board, move, deadline) is None:
            return None
        for candidate in board.legal_moves()[: TRAP_ALTERNATIVES + 1]:
            if candidate == move:
                continue
            if deadline.passed():
                return None
            if not quiet and self._refutation(board, candidate, deadline, None, TRAP_NODES):
                continue
            if self._trap(board, candidate, deadline) is None and not deadline.passed():
                return candidate
        return None

    def _opponent_threat(self, board: Board, clock: _Clock) -> bool:
        """Is the position quiet: no VCF and no VCT for the opponent if we passed
        (QUIET_SHARE of the move's ``clock`` for each)?"""
        us = board.side_to_move
        opponent = 3 - us
        if board.rule == "standard" or (board.rule == "renju" and opponent == K.BLACK):
            return False
        for kind in THREAT_KINDS:
            left = clock.left(math.inf, QUIET_SHARE)
            found = self._check_threat(board, opponent, kind, clock, left)
            if found.status != "no_solution":
                return False  # a win, or unknown
        return True

    def _check_threat(
        self,
        board: Board,
        attacker: int,
        kind: str,
        clock: _Clock | None,
        left: tuple[float | None, int | None],
        max_nodes: int = AVOID_NODES,
    ) -> ThreatResult:
        """The opponent's VCF (20 fours) or VCT (AVOID_VCT_DEPTH threats), as the checks ask it.

        ``left``: the seconds and nodes the move's ``clock`` grants it (None:
        no bound of that kind); at most ``max_nodes``. Its nodes are spent on
        the clock.
        """
        seconds, nodes = left
        found = find_threat(
            board,
            kind=kind,
            attacker=attacker,
            max_depth=20 if kind == "vcf" else AVOID_VCT_DEPTH,
            max_nodes=max_nodes if nodes is None else max(1, min(nodes, max_nodes)),
            time_limit=seconds,
            searcher=self._threat_searcher(board),
        )
        if clock is not None:
            clock.nodes += found.stats.nodes
        return found

    def _pv(self, board: Board, move: int, depth: int) -> tuple[int, ...]:
        """The principal variation: the root move, then the table's moves."""
        pv = [move]
        state = board.state
        side = board.side_to_move
        K.make(state, move, side)
        made = [move]
        mask = np.uint64(len(self.tt_keys) - 1)
        try:
            colour = 3 - side
            for _ in range(depth - 1):
                key = state[K.ST_KEY][0] ^ (K.SALT_WHITE if colour == K.WHITE else np.uint64(0))
                slot = int(key & mask)
                if self.tt_keys[slot] != key:
                    break
                m = int(self.tt_move[slot])
                if state[K.ST_BOARD][m] != K.EMPTY or not K.is_legal(state, m, colour):
                    break
                wins = K.is_five_move(state, m, colour)
                pv.append(m)
                K.make(state, m, colour)
                made.append(m)
                if wins:
                    break
                colour = 3 - colour
        finally:
            for m in reversed(made):
                K.unmake(state, m)
        return tuple(pv)

    def _threat_searcher(self, board: Board) -> ThreatSearcher:
        """The engine's threat searcher (root and tree share its cache) for this board and rule."""
        frame = (len(board.state[K.ST_BOARD]), board.rule)
        if self._searcher is None or self._searcher_frame != frame:
            # proved wins and failures stay valid from move to move of a game:
            # a win found once is followed up at once
            self._searcher = ThreatSearcher(len(board.state[K.ST_BOARD]), self.cache_entries)
            self._searcher_frame = frame
        return self._searcher

    def _root_threats(self, board: Board, clock: _Clock) -> tuple[list[str], ThreatStats] | None:
        """A VCF, then a short VCT, for the side to move, if one is found quickly
        (VCF_SHARE, VCT_SHARE of the move's ``clock``; with none, ROOT_NODES each)."""
        searcher = self._threat_searcher(board)
        opponent = 3 - board.side_to_move
        if board.five_points(opponent) and not board.five_points(board.side_to_move):
            return None  # a forced block comes first: the alpha-beta search finds it
        for kind, max_depth, share in (
            ("vcf", 20, VCF_SHARE),
            ("vct", ROOT_VCT_DEPTH, VCT_SHARE),
        ):
            seconds, nodes = clock.left(math.inf, share)
            result = find_threat(
                board,
                kind=kind,
                max_depth=max_depth,
                time_limit=seconds,
                max_nodes=ROOT_NODES if nodes is None else max(1, nodes),
                searcher=searcher,
            )
            clock.nodes += result.stats.nodes
            if result.status == "solved" and result.verified:
                return list(result.line), result.stats
        return None


def search(
    board: Board,
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    max_memory: int | None = None,
    options: EngineOptions | None = None,
    book: Any = True,
) -> GameSearchResult[str]:
    """The best move for the side to move, by a fresh :class:`Engine`.

    Parameters
    ----------
    board : Board
        The position (it is left as it was).
    depth : int, optional
        Search exactly this many plies (no book, no time shares).
    time_limit : float, optional
        Seconds for the move, shared out as :class:`Engine` describes.
    max_nodes : int, optional
        Nodes for the move, shared out the same way (see :meth:`Engine.search`).
    max_memory : int, optional
        Bytes for the engine's tables (default DEFAULT_MAX_MEMORY).
    options : EngineOptions, optional
        How the engine searches (default: the full engine).
    book : bool or Book
        The opening book (True: the bundled one).

    Returns
    -------
    GameSearchResult
        ``move`` (as ``"h8"``), ``score`` (side to move's view, mates as in
        :mod:`tansuo.adversarial`), ``depth``, ``pv`` and ``stats``.

    Raises
    ------
    InvalidInput
        A depth below 1, or a budget that is not a finite positive number.

    Examples
    --------
    >>> from tansuo.gomoku import Board, search
    >>> board = Board(15, moves=["h8", "a1", "i8", "a2", "j8", "a3", "k8"])
    >>> search(board, time_limit=1).move in ("g8", "l8")
    True
    """
    engine = Engine(options, max_memory=max_memory, book=book)
    return engine.search(board, depth=depth, time_limit=time_limit, max_nodes=max_nodes)

"""The Xiangqi engine: perft, and the iterative-deepening search over the numba kernels.

:func:`perft` counts the leaves of the legal move tree (the standard test of
a move generator); :class:`Engine` keeps a transposition table and history
between the moves of a game and searches a :class:`~tansuo.xiangqi.Position`
to a depth, a node budget or a time limit. :func:`search` is a one-off
search with a fresh engine.

What a node is: every position the search (or its quiescence search) enters.
For perft, ``max_nodes`` counts the leaves counted so far.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from tansuo.budget import Budget, Deadlines, Watchdog, flag_setter, parse_memory
from tansuo.errors import InvalidInput
from tansuo.xiangqi._kernels import board as kb
from tansuo.xiangqi._kernels import search as ks
from tansuo.xiangqi.heuristics import EvalWeights, build_tables, default_tables
from tansuo.xiangqi.model import Position, format_iccs
from tansuo.xiangqi.result import Iteration, MoveResult, MoveStats, PerftResult, PerftStats

MATE = ks.MATE
MATE_BOUND = ks.MATE_BOUND
MAX_DEPTH = kb.MAX_PLY - 8
"""The deepest iteration a search may ask for (plies)."""

FEATURES = (
    "iterative_deepening",
    "aspiration",
    "pvs",
    "tt",
    "killers",
    "history",
    "mvv_lva",
    "quiescence",
    "null_move",
    "lmr",
    "check_extension",
    "futility",
    "capture_pruning",
    "single_reply",
    "progress",
    "lmp",
    "deep_lmr",
    "history_malus",
    "counter_move",
    "late_bad_captures",
)
"""The search features an :class:`Engine` can switch on and off (see ``_kernels.search``)."""

DEFAULT_FEATURES = tuple(f for f in FEATURES if f != "progress")
"""The features an :class:`Engine` uses unless told: all but ``progress`` (the
no-capture clock in the static score), which its pilots against ElephantEye
did not support (docs/strength/xiangqi.md, sixth session)."""

_KERNEL_SWITCH = {
    "pvs": ks.USE_PVS,
    "tt": ks.USE_TT,
    "killers": ks.USE_KILLERS,
    "history": ks.USE_HISTORY,
    "mvv_lva": ks.USE_MVV_LVA,
    "quiescence": ks.USE_QUIESCENCE,
    "null_move": ks.USE_NULL_MOVE,
    "lmr": ks.USE_LMR,
    "check_extension": ks.USE_CHECK_EXTENSION,
    "futility": ks.USE_FUTILITY,
    "capture_pruning": ks.USE_CAPTURE_PRUNING,
    "single_reply": ks.USE_SINGLE_REPLY,
    "progress": ks.USE_PROGRESS,
    "lmp": ks.USE_LMP,
    "deep_lmr": ks.USE_DEEP_LMR,
    "history_malus": ks.USE_HISTORY_MALUS,
    "counter_move": ks.USE_COUNTER_MOVE,
    "late_bad_captures": ks.USE_LATE_BAD_CAPTURES,
}

_TT_ENTRY_BYTES = 8 + 4 * ks.TT_FIELDS  # a key, then the int32 fields of an entry
DEFAULT_MAX_MEMORY = 64 << 20
"""Bytes of the transposition table when none is given (64 MiB)."""


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------


def _budget(time_limit: float | None, max_nodes: int | None) -> Budget:
    return Budget(time_limit=time_limit, max_nodes=max_nodes)


def perft(
    position: Position,
    depth: int,
    *,
    divide: bool = False,
    time_limit: float | None = None,
    max_nodes: int | None = None,
) -> PerftResult:
    """Count the leaves of the legal move tree ``depth`` plies deep.

    Parameters
    ----------
    position : Position
        Left as it was.
    depth : int
        Plies, 0 to 20.
    divide : bool
        Also count the leaves below each root move (``result.divide``).
    time_limit, max_nodes : optional budgets
        Stop early with ``status="limit"`` and the partial count. The clock
        is watched by a :class:`~tansuo.budget.Watchdog`; the count looks at
        its flag every 4096 leaves.

    Returns
    -------
    PerftResult

    Raises
    ------
    InvalidInput
        A depth outside 0-20, a malformed budget, or a game record too long.

    Examples
    --------
    >>> perft(Position(), 3).nodes
    79666
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= 20:
        raise InvalidInput(f"perft depth must be a whole number from 0 to 20, got {depth!r}")
    budget = _budget(time_limit, max_nodes)
    start = time.perf_counter()
    if position.ply + depth >= kb.RECORD_SIZE - 1:
        raise InvalidInput("the game record is too long to count this deep")
    pos, keys, record = position.pos, position.keys, position.record
    frames = kb.new_frames(depth + 2)
    control = np.zeros(kb.CONTROL_SIZE, np.int64)
    control[kb.NODE_LIMIT] = -1 if max_nodes is None else max_nodes
    control[kb.NEXT_POLL] = kb.CHECK_EVERY
    # watched also without a clock: Ctrl-C (tansuo.budget.interrupt) stops the count
    hard = None if budget.time_limit is None else start + budget.time_limit
    watchdog = Watchdog(flag_setter(control, kb.STOP), Deadlines(None, hard))
    per_move: dict[str, int] | None = {} if divide else None
    try:
        if depth == 0:
            total = 1
        elif not divide:
            total = int(kb.perft(pos, keys, record, depth, frames, 0, control))
        else:
            total = 0
            for move in position.legal_moves():
                if control[kb.ABORTED]:
                    break
                if depth == 1:
                    count = 1
                else:
                    kb.make_move(pos, keys, record, move)
                    count = int(kb.perft(pos, keys, record, depth - 1, frames, 1, control))
                    kb.unmake_move(pos, record)
                if not control[kb.ABORTED]:
                    assert per_move is not None
                    per_move[format_iccs(move)] = count
                total += count
    finally:
        watchdog.close()
    elapsed = time.perf_counter() - start
    limit = None
    if control[kb.ABORTED]:
        limit = "max_nodes" if control[kb.STOP] == 0 else (watchdog.reason or "time_limit")
    stats = PerftStats(expanded=total, generated=total, elapsed_s=elapsed, limit=limit, nodes=total)
    return PerftResult("limit" if limit else "solved", depth, total, per_move, stats)


# ---------------------------------------------------------------------------
# The search
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class TimeControl:
    """How long a move may take: the soft target (no new iteration after it) and the hard stop."""

    soft: float | None
    hard: float | None


def time_for_move(
    remaining: float,
    *,
    increment: float = 0.0,
    moves_to_go: int | None = None,
    overhead: float = 0.03,
) -> TimeControl:
    """The time to spend on one move of a timed game (seconds).

    Aim at an even share of the clock plus most of the increment, never more
    than a quarter of what is left (with three moves or fewer to go, their
    share of it: all of it for the last), and keep ``overhead`` seconds for
    the messages to travel.

    Parameters
    ----------
    remaining : float
        Seconds left on the clock.
    increment : float
        Seconds added after each move.
    moves_to_go : int, optional
        Moves until the next time control (default: 30 assumed).
    overhead : float
        Seconds kept back for the communication.

    Returns
    -------
    TimeControl
        ``soft`` (no new iteration after it) and ``hard`` (stop) seconds.

    Raises
    ------
    ZeroDivisionError
        ``moves_to_go`` of 0 is read as none, so never in practice.

    Examples
    --------
    >>> control = time_for_move(60.0, increment=1.0)
    >>> round(control.soft, 2), round(control.hard, 2)
    (2.8, 8.4)
    """
    left = max(0.0, remaining - overhead)
    share = left / (moves_to_go if moves_to_go else 30) + 0.8 * increment
    # With a few moves to go the clock is shared among them (all of it for the
    # last move, as "go time T movestogo 1" asks); otherwise a quarter at most.
    cap = left / (moves_to_go if moves_to_go and moves_to_go <= 3 else 4)
    hard = max(0.0, min(share * 3, cap * 1.5, left * 0.9))
    soft = max(0.0, min(share, cap, hard))
    return TimeControl(soft, hard)


@dataclass(slots=True)
class SearchArrays:
    """The working arrays of the search kernels (see :mod:`._kernels.search`)."""

    tt_keys: np.ndarray  # int64[N]
    tt_data: np.ndarray  # int32[N, TT_FIELDS]
    history: np.ndarray  # int32[3, 65536]: history by side, then counter moves
    frames: np.ndarray  # int32[FRAMES, FRAME_SIZE]
    ctl: np.ndarray  # int64[CTL_SIZE]

    @classmethod
    def new(cls, tt_entries: int) -> SearchArrays:
        tt_data = np.zeros((tt_entries, ks.TT_FIELDS), np.int32)
        tt_data[:, ks.TT_DEPTH] = -1
        tt_data[:, ks.TT_GENERATION_OF] = -1
        return cls(
            np.zeros(tt_entries, np.int64),
            tt_data,
            np.zeros((3, 65536), np.int32),
            kb.new_frames(kb.FRAMES),
            np.zeros(ks.CTL_SIZE, np.int64),
        )


def _table_bytes(max_memory: int | str) -> int:
    size = parse_memory(max_memory)
    if size <= 0:
        raise InvalidInput(f"max_memory must be > 0 bytes for the table, got {max_memory!r}")
    return size


def _repeats_into_a_loss(position: Position, move: int, winner: str | None = None) -> bool:
    """Whether ``move`` repeats a position in a cycle the rules (chase included) lose
    for its mover (with ``winner`` given: a cycle the rules win for ``winner``)."""
    side = position.side
    position.play(move)
    try:
        if position.repetition_count() < 2:
            return False
        twin = position.copy()
        twin.repetitions = 2
        outcome = twin.outcome()
        if outcome is None or outcome.winner is None:
            return False
        return outcome.winner == winner if winner is not None else outcome.winner != side
    finally:
        position.undo()


def _has_repeated(position: Position) -> bool:
    """Whether a position has occurred twice since the last capture (a cycle is under way)."""
    ply = position.ply
    since = position.keys[max(0, ply - position.clock) : ply + 1]
    return len(set(since.tolist())) < len(since)


def _lets_the_opponent_repeat_into_our_loss(position: Position, move: int) -> bool:
    """Whether after ``move`` the opponent has a reply that repeats a position in
    a cycle the rules lose for us (our perpetual chase or check, say)."""
    position.play(move)
    try:
        for reply in position.legal_moves():
            if _repeats_into_a_loss(position, reply, winner=position.side):
                return True
        return False
    finally:
        position.undo()


def _tt_entries(max_memory: int) -> int:
    """Table slots (a power of two, at least 1024) that fit in ``max_memory`` bytes."""
    entries = 1024
    while entries * 2 * _TT_ENTRY_BYTES <= max_memory:
        entries *= 2
    return entries


class Engine:
    """A Xiangqi searcher that keeps what it learns between the moves of a game.

    Parameters
    ----------
    max_memory : int or str
        Bytes of the transposition table, or a size such as ``"256M"``
        (default 64 MiB); rounded down to a power of two of entries (at
        least 1024). The search allocates nothing while it runs, so memory
        is decided here, once.
    features : iterable of str, optional
        The search features to use (default: :data:`DEFAULT_FEATURES`); the
        others are switched off. ``()`` is plain fixed-depth alpha-beta.
    weights : EvalWeights, optional
        The evaluation's weights (default: :data:`~tansuo.xiangqi.heuristics.DEFAULT_WEIGHTS`).
    aspiration : int
        Half-width of the aspiration window (evaluation points).

    Raises
    ------
    InvalidInput
        An unknown feature, a memory size that is not one, or an aspiration <= 0.

    Examples
    --------
    >>> from tansuo.xiangqi import Position
    >>> engine = Engine(max_memory="4M")
    >>> result = engine.search(Position(), depth=4)
    >>> result.status, result.depth, len(result.pv) >= 1
    ('solved', 4, True)
    """

    def __init__(
        self,
        *,
        max_memory: int | str = DEFAULT_MAX_MEMORY,
        features: Iterable[str] | None = None,
        weights: EvalWeights | None = None,
        aspiration: int = 40,
    ) -> None:
        chosen = DEFAULT_FEATURES if features is None else tuple(features)
        unknown = sorted(set(chosen) - set(FEATURES))
        if unknown:
            raise InvalidInput(
                f"unknown search feature(s) {', '.join(unknown)}; choose from {', '.join(FEATURES)}"
            )
        if aspiration <= 0:
            raise InvalidInput(f"aspiration must be > 0, got {aspiration!r}")
        self.features = frozenset(chosen)
        self.max_memory = _table_bytes(max_memory)
        self.aspiration = int(aspiration)
        self.ev = default_tables() if weights is None else build_tables(weights)
        self.arrays = SearchArrays.new(_tt_entries(self.max_memory))
        self._generation = 0
        self._deadlines: Deadlines | None = None
        self._lock = threading.Lock()

    # -- housekeeping ----------------------------------------------------------
    def new_game(self) -> None:
        """Forget everything learned (table, history, killers): a new game starts."""
        self.arrays = SearchArrays.new(self.entries)
        self._generation = 0

    def resize(self, max_memory: int | str) -> None:
        """A new transposition table of ``max_memory`` bytes (its content is lost)."""
        self.max_memory = _table_bytes(max_memory)
        self.arrays = SearchArrays.new(_tt_entries(self.max_memory))

    def stop(self) -> None:
        """Ask a running search to stop now (from another thread)."""
        deadlines = self._deadlines
        if deadlines is not None:
            deadlines.stop()
        self.arrays.ctl[kb.STOP] = 1

    def probe(self, position: Position) -> dict[str, Any] | None:
        """What the table holds about a position: move, score, depth, bound; None if nothing."""
        s = self.arrays
        key = int(position.keys[position.ply])
        index = key & (s.tt_keys.shape[0] - 1)
        entry = s.tt_data[index]
        if s.tt_keys[index] != key or entry[ks.TT_DEPTH] < 0:
            return None
        bound = {ks.BOUND_EXACT: "exact", ks.BOUND_LOWER: "lower", ks.BOUND_UPPER: "upper"}
        move = int(entry[ks.TT_MOVE])
        return {
            "move": format_iccs(move) if move else None,
            "score": int(entry[ks.TT_SCORE]),
            "depth": int(entry[ks.TT_DEPTH]),
            "bound": bound.get(int(entry[ks.TT_BOUND]), "none"),
        }

    @property
    def entries(self) -> int:
        """Slots of the transposition table."""
        return int(self.arrays.tt_keys.shape[0])

    # -- the search ------------------------------------------------------------
    def search(
        self,
        position: Position,
        *,
        depth: int | None = None,
        time_limit: float | None = None,
        max_nodes: int | None = None,
        soft_time: float | None = None,
        deadlines: Deadlines | None = None,
        banned: Iterable[int] = (),
        on_iteration: Callable[[Iteration], None] | None = None,
    ) -> MoveResult:
        """Search ``position`` and return the best move with its score and line.

        Parameters
        ----------
        position : Position
            Searched in place and left as it was.
        depth : int, optional
            The deepest iteration (plies). At least one of ``depth``,
            ``time_limit``, ``max_nodes`` is needed, unless another thread
            will call :meth:`stop` (``go infinite``): then pass
            ``time_limit=float("inf")``.
        time_limit : float, optional
            Seconds; the search is stopped then (within about 10 ms) and the
            best move of the deepest finished iteration is returned.
        max_nodes : int, optional
            Node budget, with the same stop behaviour.
        soft_time : float, optional
            Seconds after which no new iteration starts (time management);
            default: none.
        deadlines : Deadlines, optional
            Instead of ``time_limit`` and ``soft_time``: deadlines another
            thread may move while the search runs (UCCI ``ponderhit``).
        banned : iterable of int
            Root moves not to play (UCCI ``banmoves``).
        on_iteration : callable, optional
            Called with each finished :class:`Iteration`.

        Returns
        -------
        MoveResult
        """
        if depth is not None and (
            isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH
        ):
            raise InvalidInput(f"depth must be a whole number from 1 to {MAX_DEPTH}, got {depth!r}")
        infinite = time_limit is not None and time_limit == float("inf")
        budget = _budget(None if infinite else time_limit, max_nodes)
        timed = budget.time_limit is not None or (deadlines is not None and deadlines.hard)
        if depth is None and max_nodes is None and not timed and not infinite:
            raise InvalidInput("give the search a depth, a time limit or a node budget")
        if deadlines is None:
            deadlines = Deadlines.from_now(soft_time, budget.time_limit)
        with self._lock:
            return self._search(position, depth, budget, deadlines, set(banned), on_iteration)

    def _search(
        self,
        position: Position,
        depth: int | None,
        budget: Budget,
        deadlines: Deadlines,
        banned: set[int],
        on_iteration: Callable[[Iteration], None] | None,
    ) -> MoveResult:
        start = time.perf_counter()
        s = self.arrays
        ctl = s.ctl
        features = self.features

        # Step 0. A finished game, or no move left to choose: nothing to search.
        root = [m for m in position.legal_moves() if m not in banned]
        outcome = position.outcome()
        if outcome is not None or not root:
            stats = MoveStats(elapsed_s=time.perf_counter() - start, nodes=0)
            score = None
            if outcome is not None:
                won = outcome.winner == position.side
                score = 0 if outcome.winner is None else (MATE if won else -MATE)
            return MoveResult("no_solution", None, score, 0, (), stats)
        if position.ply + kb.MAX_PLY + 2 >= kb.RECORD_SIZE:
            raise InvalidInput("the game record is too long to search from here")
        # The kernels judge repetitions by perpetual check only; the rules also
        # punish perpetual chase. A root move that repeats a position in a cycle
        # the rules would lose is dropped while another move remains; once a
        # cycle is under way, so is a move after which the opponent can repeat
        # a position in a cycle we lose (our chase, completed by its reply).
        safe = [m for m in root if not _repeats_into_a_loss(position, m)]
        if safe:
            root = safe
        if len(root) > 1 and _has_repeated(position):
            safer = [m for m in root if not _lets_the_opponent_repeat_into_our_loss(position, m)]
            if safer:
                root = safer

        # Step 1. Set the switches, clear the counters, age the table and history.
        ctl[:] = 0
        for name, slot in _KERNEL_SWITCH.items():
            ctl[slot] = 1 if name in features else 0
        ctl[ks.REPETITIONS] = 2
        self._generation = (self._generation + 1) % 30000
        ctl[ks.TT_GENERATION] = self._generation
        ctl[kb.NEXT_POLL] = kb.CHECK_EVERY
        ctl[kb.NODE_LIMIT] = -1 if budget.max_nodes is None else budget.max_nodes
        np.right_shift(s.history[:2], 1, out=s.history[:2])  # the counter moves stay
        s.frames[:, kb.KILLERS : kb.KILLERS + 2] = 0
        self._deadlines = deadlines
        watchdog = Watchdog(flag_setter(ctl, kb.STOP), deadlines)

        root_moves = np.array(root, np.int32)
        root_nodes = np.zeros(len(root), np.int64)
        max_depth = MAX_DEPTH if depth is None else depth
        iterative = "iterative_deepening" in features or depth is None
        best_move: int = root[0]
        best_score: int | None = None
        best_pv: tuple[int, ...] = (root[0],)
        finished_depth = 0
        iterations: list[dict[str, Any]] = []
        stopped = False
        args = (
            position.pos,
            position.keys,
            position.record,
            s.tt_keys,
            s.tt_data,
            s.history,
            s.frames,
            ctl,
            self.ev,
        )
        try:
            # Step 2. Iterative deepening: each iteration orders the next one.
            for current in range(1 if iterative else max_depth, max_depth + 1):
                window = self.aspiration
                alpha, beta = -ks.INFINITE, ks.INFINITE
                if (
                    "aspiration" in features
                    and best_score is not None
                    and current >= 4
                    and abs(best_score) < MATE_BOUND
                ):
                    alpha, beta = best_score - window, best_score + window
                while True:
                    score = int(ks.search_root(*args, root_moves, root_nodes, current, alpha, beta))
                    if ctl[kb.ABORTED]:
                        break
                    if score <= alpha and alpha > -ks.INFINITE:
                        window *= 4
                        alpha = score - window if score - window > -MATE_BOUND else -ks.INFINITE
                    elif score >= beta and beta < ks.INFINITE:
                        window *= 4
                        beta = score + window if score + window < MATE_BOUND else ks.INFINITE
                    else:
                        break
                length = int(s.frames[0, kb.PV_LENGTH])
                pv = tuple(int(m) for m in s.frames[0, kb.PV : kb.PV + length])
                if ctl[kb.ABORTED]:
                    # A move that beat the window in the unfinished iteration is kept.
                    if ctl[ks.BEST_INDEX] > 0 and pv and pv[0] != best_move:
                        best_move, best_pv = pv[0], pv
                    stopped = True
                    break
                best_index = int(ctl[ks.BEST_INDEX])
                best_move = int(root_moves[best_index])
                best_score = score
                best_pv = pv if pv and pv[0] == best_move else (best_move,)
                finished_depth = current
                elapsed = time.perf_counter() - start
                line = tuple(format_iccs(m) for m in best_pv)
                nodes = int(ctl[ks.NODES])
                iterations.append(
                    {
                        "depth": current,
                        "score": score,
                        "nodes": nodes,
                        "elapsed_s": elapsed,
                        "pv": list(line),
                    }
                )
                if on_iteration is not None:
                    seldepth = int(ctl[ks.SELDEPTH])
                    info = Iteration(
                        current, seldepth, score, line, nodes, elapsed, self._hashfull()
                    )
                    on_iteration(info)
                # Step 3. The next iteration tries the best move first, then the
                # moves whose subtrees were largest (the hardest to refute).
                order = sorted(range(len(root)), key=lambda i: -root_nodes[i])
                order.remove(best_index)
                order.insert(0, best_index)
                root_moves[:] = root_moves[order]
                root_nodes[:] = root_nodes[order]
                if abs(score) >= MATE_BOUND and current >= MATE - abs(score):
                    break  # a mate within the searched depth: deeper changes nothing
                soft = deadlines.soft
                if len(root) == 1 and soft is not None:
                    break  # the only move: no time to spend on it
                if soft is not None and time.perf_counter() >= soft:
                    break
        finally:
            watchdog.close()
            self._deadlines = None

        # Step 4. The result: the deepest finished iteration's move, score and line.
        elapsed = time.perf_counter() - start
        limit = None
        if stopped:
            if ctl[kb.STOP]:
                fallback = "time_limit" if deadlines.hard is not None else "stopped"
                limit = watchdog.reason or fallback  # "stopped" by a stop command or Ctrl-C
            else:
                limit = "max_nodes"
        stats = MoveStats(
            expanded=int(ctl[ks.EXPANDED]),
            generated=int(ctl[ks.GENERATED]),
            elapsed_s=elapsed,
            limit=limit,
            nodes=int(ctl[ks.NODES]),
            qnodes=int(ctl[ks.QNODES]),
            seldepth=int(ctl[ks.SELDEPTH]),
            tt_probes=int(ctl[ks.TT_PROBES]),
            tt_hits=int(ctl[ks.TT_HITS]),
            tt_cutoffs=int(ctl[ks.TT_CUTOFFS]),
            null_tries=int(ctl[ks.NULL_TRIES]),
            null_cutoffs=int(ctl[ks.NULL_CUTOFFS]),
            lmr_reduced=int(ctl[ks.LMR_REDUCED]),
            lmr_researched=int(ctl[ks.LMR_RESEARCHED]),
            pvs_researched=int(ctl[ks.PVS_RESEARCHED]),
            beta_cutoffs=int(ctl[ks.BETA_CUTOFFS]),
            first_move_cutoffs=int(ctl[ks.FIRST_MOVE_CUTOFFS]),
            iterations=tuple(iterations),
        )
        proved = best_score is not None and abs(best_score) >= MATE_BOUND
        solved = limit is None and (finished_depth == max_depth or proved)
        return MoveResult(
            "solved" if solved else "limit",
            format_iccs(best_move),
            best_score,
            finished_depth,
            tuple(format_iccs(m) for m in best_pv),
            stats,
        )

    def _hashfull(self) -> int:
        sample = self.arrays.tt_data[:1000, ks.TT_GENERATION_OF]
        return int((sample == self._generation).sum() * 1000 // max(1, sample.shape[0]))


def search(
    position: Position,
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    max_memory: int | str = 16 << 20,
    features: Iterable[str] | None = None,
    on_iteration: Callable[[Iteration], None] | None = None,
) -> MoveResult:
    """Search ``position`` with a fresh :class:`Engine` (see :meth:`Engine.search`).

    Parameters
    ----------
    position : Position
        Searched in place and left as it was.
    depth, time_limit, max_nodes : optional budgets
        As :meth:`Engine.search`; at least one is needed.
    max_memory : int or str
        Bytes of the transposition table (``"64M"``).
    features : iterable of str, optional
        The search features to use (default: :data:`DEFAULT_FEATURES`).
    on_iteration : callable, optional
        Called with each finished :class:`Iteration`.

    Returns
    -------
    MoveResult

    Raises
    ------
    InvalidInput
        No budget, a malformed one, an unknown feature.

    Examples
    --------
    >>> from tansuo.xiangqi import Position
    >>> result = search(Position(), depth=3)
    >>> result.status, result.depth
    ('solved', 3)
    """
    engine = Engine(max_memory=max_memory, features=features)
    return engine.search(
        position, depth=depth, time_limit=time_limit, max_nodes=max_nodes, on_iteration=on_iteration
    )


WARM_UP_PARTS = ("perft", "search")
"""What :func:`warm_up` can compile: the move generator with perft, the engine's search."""


def warm_up(*parts: str) -> None:
    """Compile the kernels (or load them from numba's cache) on a tiny case.

    The first call after installing takes tens of seconds; later ones load
    the cached machine code in about a second.

    Parameters
    ----------
    *parts : str
        Which kernels, of :data:`WARM_UP_PARTS`: ``"perft"`` the move
        generator and perft, ``"search"`` the alpha-beta search and the
        evaluation; none given, all of them.

    Returns
    -------
    None

    Raises
    ------
    ValueError
        A part that is not one of :data:`WARM_UP_PARTS`.
    numba.core.errors.NumbaError
        The kernels cannot be compiled (a broken numba installation).

    Examples
    --------
    >>> warm_up("perft")
    """
    unknown = [part for part in parts if part not in WARM_UP_PARTS]
    if unknown:
        raise ValueError(f"unknown part {unknown[0]!r}; the parts are {', '.join(WARM_UP_PARTS)}")
    parts = parts or WARM_UP_PARTS
    stop = _evaluation_beside() if "search" in parts else lambda: None
    try:
        position = Position()
        if "perft" in parts:
            perft(position, 2)
        if "search" in parts:
            Engine(max_memory=1 << 20).search(position, depth=2)
    finally:
        stop()
    if "search" in parts:
        position.outcome()
        position.push("h2e2")
        position.evaluate()


def _evaluation_beside() -> Callable[[], None]:
    """On a fresh cache, compile the evaluation in a second process (see tansuo._jit).

    The search reaches the evaluation after the move generator: a first
    ``bestmove`` then loads it from the cache instead of compiling it. Only
    from a main process (warm-up workers already share the cores).
    """
    import multiprocessing

    from tansuo._jit import compile_beside, is_cached

    if multiprocessing.parent_process() is not None or is_cached(ks.evaluate):
        return lambda: None
    return compile_beside("tansuo.xiangqi.engine", "_warm_up_evaluation")


def _warm_up_evaluation() -> None:
    """Compile (or load) the static evaluation alone: what :func:`_evaluation_beside` runs."""
    from tansuo.xiangqi.heuristics import evaluate

    evaluate(Position())  # (Position.evaluate would compile the move generator first)


__all__ = [
    "DEFAULT_FEATURES",
    "FEATURES",
    "MATE",
    "Deadlines",
    "Engine",
    "Iteration",
    "MoveResult",
    "MoveStats",
    "PerftResult",
    "PerftStats",
    "TimeControl",
    "perft",
    "search",
    "time_for_move",
    "warm_up",
]

"""Game-tree search: minimax, alpha-beta and the full iterative-deepening search.

Three entry points of increasing strength, all on any :class:`~tansuo.adversarial.Game`:

* :func:`minimax` — plain minimax with MAX and MIN levels, the teaching
  reference every other search is tested against;
* :func:`alphabeta` — the same value in negamax form with fail-soft alpha-beta
  pruning, moves searched in the game's order (or one you give);
* :func:`search` — what real engines do: iterative deepening, principal
  variation search, a transposition table, killer moves and the history
  heuristic for move ordering, aspiration windows, mate-distance scores and a
  clean stop on a time or node budget.

All scores are from the side to move at the root; see :mod:`tansuo.adversarial.game`.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from tansuo.adversarial.game import (
    INFINITE,
    MATE,
    MATE_BOUND,
    MAX_PLY,
    Game,
    M,
    is_mate_score,
    terminal_score,
)
from tansuo.adversarial.result import GameSearchResult, GameStats, IterationInfo
from tansuo.adversarial.tt import (
    EXACT,
    LOWER,
    MASK64,
    MOVE,
    PROVEN_DEPTH,
    SPREAD,
    UPPER,
    TranspositionTable,
)
from tansuo.budget import Budget, Meter, Watchdog
from tansuo.errors import InvalidInput

MoveOrder = Callable[[Game[M], list[M]], Sequence[M]]
"""``order(game, moves) -> moves``: a user's move ordering (for tests and experiments)."""

CHECK_EVERY = 128
"""Positions between two looks at the clock and the stop callback (well under a
millisecond at the engine's speed, so a time limit holds to that)."""


class _Asked(threading.Event):
    """A stop request raised by a :class:`~tansuo.budget.Watchdog`; calling it reads it."""

    def __call__(self) -> bool:
        return self.is_set()


class _Stop(Exception):
    """Raised inside the recursion when a budget runs out; carries how deep it was."""

    def __init__(self, ply: int, reason: str) -> None:
        super().__init__(reason)
        self.ply = ply
        self.reason = reason


def _look_at_budget(meter: Meter, nodes: int, ply: int) -> int:
    """After ``nodes`` positions: stop (raise :class:`_Stop`) if a budget is spent, else
    return the node count at which to look again."""
    reason = meter.spent(nodes)
    if reason is not None:
        raise _Stop(ply, reason)
    return meter.next_check(nodes, CHECK_EVERY)


def _check_depth(depth: int | None, *, required: bool) -> None:
    if depth is None:
        if required:
            raise InvalidInput("a search depth is required")
        return
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise InvalidInput(f"depth must be a whole number of plies, got {depth!r}")
    if not 0 <= depth <= MAX_PLY:
        raise InvalidInput(f"depth must be between 0 and {MAX_PLY} plies, got {depth}")


def _bad_evaluation(score: Any) -> InvalidInput:
    return InvalidInput(
        f"evaluate() returned {score!r}; static evaluations must lie strictly between "
        f"-{MATE_BOUND} and {MATE_BOUND} (larger magnitudes mean a forced win or loss)"
    )


def _unwind(game: Game[Any], plies: int) -> None:
    for _ in range(plies):
        game.undo()


def _static_score(game: Game[Any], ply: int) -> int:
    """``evaluate()`` at the horizon, checked to lie in the static range.

    On a bad value the position is restored (``ply`` moves taken back) before
    the error is raised.
    """
    score = game.evaluate()
    if not -MATE_BOUND < score < MATE_BOUND:
        _unwind(game, ply)
        raise _bad_evaluation(score)
    return score


def _over_result(game: Game[M], meter: Meter) -> GameSearchResult[M]:
    """The result for a position where the game has already ended (one node: the root)."""
    return GameSearchResult(
        "no_solution",
        None,
        terminal_score(game.evaluate(), 0),
        0,
        exact=True,
        stats=_game_stats(1, 0, 0, meter.elapsed()),
    )


def _game_stats(
    nodes: int,
    expanded: int,
    generated: int,
    elapsed: float,
    limit: str | None = None,
    **counters: Any,
) -> GameStats:
    """The statistics of a search that ends now; ``counters``: the table's and the like."""
    return GameStats(
        expanded=expanded,
        generated=generated,
        elapsed_s=elapsed,
        limit=limit,
        nodes=nodes,
        nodes_per_s=nodes / elapsed if elapsed > 0 else None,
        **counters,
    )


# ---------------------------------------------------------------------------
# Minimax: the reference
# ---------------------------------------------------------------------------


def minimax(
    game: Game[M],
    depth: int,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> GameSearchResult[M]:
    """Plain depth-limited minimax: the value every faster search must agree with.

    The side to move at the root is MAX: it takes the largest child value;
    its opponent (MIN) the smallest. Every node of the tree to ``depth``
    plies is visited, so this is for small depths, tests and teaching.

    Parameters
    ----------
    game : Game
        The position; it is played on and restored.
    depth : int
        Plies to look ahead; positions at that depth are scored by ``evaluate()``.
    max_nodes : int, optional
        Budget: positions entered (the root included).
    time_limit : float, optional
        Budget: seconds. When a budget runs out the result has
        ``status="limit"`` and no move.

    Returns
    -------
    GameSearchResult
        ``score`` from the root side's point of view, ``move`` a best move.

    Examples
    --------
    >>> from tansuo.adversarial.games import TicTacToe
    >>> game = TicTacToe.from_string("x.. .o. ...")   # a corner, then the centre
    >>> minimax(game, 9).score   # perfect play from here draws
    0
    """
    _check_depth(depth, required=True)
    meter = Budget(time_limit=time_limit, max_nodes=max_nodes).start()
    if game.is_terminal() or not game.legal_moves():
        return _over_result(game, meter)
    count = expanded = generated = 0
    next_check = meter.next_check(0, CHECK_EVERY)

    def value(remaining: int, ply: int, maximizing: bool) -> int:
        """The minimax value from the root side's point of view."""
        nonlocal count, next_check, expanded, generated
        if count >= next_check:
            next_check = _look_at_budget(meter, count, ply)
        count += 1
        # evaluate() speaks for the side to move: MAX at even plies, MIN at odd ones.
        sign = 1 if maximizing else -1
        if game.is_terminal():
            return sign * terminal_score(game.evaluate(), ply)
        if remaining == 0:
            return sign * _static_score(game, ply)
        moves = game.legal_moves()
        if not moves:
            return sign * terminal_score(game.evaluate(), ply)
        expanded += 1
        generated += len(moves)
        best = -INFINITE if maximizing else INFINITE
        for move in moves:
            game.play(move)
            child = value(remaining - 1, ply + 1, not maximizing)
            game.undo()
            best = max(best, child) if maximizing else min(best, child)
        return best

    best_move, best_score = None, -INFINITE
    try:
        if count >= next_check:  # the root is a node like any other
            next_check = _look_at_budget(meter, count, 0)
        count += 1
        if depth == 0:
            return _fixed_depth_result(None, _static_score(game, 0), 0, meter, count, 0, 0)
        moves = game.legal_moves()
        expanded += 1
        generated += len(moves)
        for move in moves:
            game.play(move)
            score = value(depth - 1, 1, False)
            game.undo()
            if score > best_score:
                best_move, best_score = move, score
    except _Stop as stop:
        _unwind(game, stop.ply)
        return _limit_result(meter, stop.reason, count, expanded, generated)
    return _fixed_depth_result(best_move, best_score, depth, meter, count, expanded, generated)


def _limit_result(
    meter: Meter, reason: str, nodes: int, expanded: int, generated: int
) -> GameSearchResult[Any]:
    stats = _game_stats(nodes, expanded, generated, meter.elapsed(), reason)
    return GameSearchResult("limit", None, None, 0, stats=stats)


def _fixed_depth_result(
    move: M | None,
    score: int,
    depth: int,
    meter: Meter,
    nodes: int,
    expanded: int,
    generated: int,
    pv: Sequence[M] | None = None,
) -> GameSearchResult[M]:
    line = tuple(pv) if pv is not None else (() if move is None else (move,))
    stats = _game_stats(nodes, expanded, generated, meter.elapsed())
    return GameSearchResult(
        "solved", move, score, depth, line, exact=is_mate_score(score), stats=stats
    )


# ---------------------------------------------------------------------------
# Alpha-beta in negamax form
# ---------------------------------------------------------------------------


def alphabeta(
    game: Game[M],
    depth: int,
    *,
    alpha: int = -INFINITE,
    beta: int = INFINITE,
    order: MoveOrder[M] | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> GameSearchResult[M]:
    """Negamax with fail-soft alpha-beta pruning, no table, no reordering.

    A node's value is the largest of its children's values negated (each side
    maximises its own score). Once a move scores ``>= beta`` the opponent will
    avoid this position, so the remaining moves are skipped. *Fail-soft*: the
    value returned outside the window ``(alpha, beta)`` is the best bound the
    search found, not just ``alpha`` or ``beta``.

    Parameters
    ----------
    game : Game
    depth : int
        Plies to look ahead.
    alpha, beta : int
        The initial window; the default is unbounded (the exact value).
    order : callable ``(game, moves) -> moves``, optional
        Reorders the moves of every node (the value does not depend on it;
        the number of nodes does).
    max_nodes, time_limit : optional budgets
        As in :func:`minimax`.

    Examples
    --------
    >>> from tansuo.adversarial.games import ConnectFour
    >>> game = ConnectFour.from_moves("4455", width=7, height=6)
    >>> result = alphabeta(game, 3)
    >>> result.move in (2, 5), result.mate_in           # make an open three, then win
    (True, 3)
    """
    _check_depth(depth, required=True)
    meter = Budget(time_limit=time_limit, max_nodes=max_nodes).start()
    if game.is_terminal() or not game.legal_moves():
        return _over_result(game, meter)
    play, undo, legal_moves = game.play, game.undo, game.legal_moves
    is_terminal, evaluate = game.is_terminal, game.evaluate
    count = expanded = generated = 0
    next_check = meter.next_check(0, CHECK_EVERY)

    def negamax(remaining: int, ply: int, alpha: int, beta: int) -> tuple[int, list[M]]:
        nonlocal count, next_check, expanded, generated
        if count >= next_check:
            next_check = _look_at_budget(meter, count, ply)
        count += 1
        if is_terminal():
            return terminal_score(evaluate(), ply), []
        if remaining <= 0:
            return _static_score(game, ply), []
        moves: Sequence[M] = legal_moves()
        if not moves:
            return terminal_score(evaluate(), ply), []
        if order is not None:
            moves = order(game, list(moves))
        expanded += 1
        generated += len(moves)
        best, best_line = -INFINITE, []
        for move in moves:
            play(move)
            child, line = negamax(remaining - 1, ply + 1, -beta, -alpha)
            undo()
            score = -child
            if score > best:
                best, best_line = score, [move, *line]
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break  # the opponent will not allow this position
        return best, best_line

    try:
        score, line = negamax(depth, 0, alpha, beta)
    except _Stop as stop:
        _unwind(game, stop.ply)
        return _limit_result(meter, stop.reason, count, expanded, generated)
    move = line[0] if line else None
    return _fixed_depth_result(move, score, depth, meter, count, expanded, generated, line)


# ---------------------------------------------------------------------------
# The full search
# ---------------------------------------------------------------------------


def search(
    game: Game[M],
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    tt: TranspositionTable | bool = True,
    killers: bool = True,
    history: bool = True,
    pvs: bool = True,
    aspiration: int | None = 50,
    order: MoveOrder[M] | None = None,
    on_iteration: Callable[[IterationInfo[M]], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> GameSearchResult[M]:
    """Iterative-deepening alpha-beta with the tools of strong engines.

    Searches depth 1, 2, 3, ... up to ``depth`` (or until a budget runs out,
    or the game's value is proved). Each iteration orders moves with what the
    previous ones learned, so the deepest iteration is searched far faster
    than a single fixed-depth search would be.

    Parameters
    ----------
    game : Game
        The position; played on and restored (also when a budget stops the search).
    depth : int, optional
        Deepest iteration, in plies. At least one of ``depth``, ``time_limit``
        and ``max_nodes`` is required.
    time_limit : float, optional
        Seconds. The clock is read every 128 nodes; when the time is up the
        search stops and returns the best move of the last finished iteration.
    max_nodes : int, optional
        Positions entered at most (the root of every iteration and every
        re-search included), with the same stop behaviour.
    tt : TranspositionTable or bool
        ``True`` (default) a fresh table of default size; ``False`` none; or a
        table to reuse between searches (e.g. move after move of one game).
    killers, history, pvs : bool
        Killer moves, the history heuristic and principal variation search
        (null-window searches of all but the first move). Switching them off
        changes node counts, never the value.
    aspiration : int or None
        Half-width of the aspiration window around the previous iteration's
        score from depth 3 on (in ``evaluate()`` units); None: full window.
    order : callable ``(game, moves) -> moves``, optional
        A move order applied before the table move, killers and history.
    on_iteration : callable ``IterationInfo -> None``, optional
        Called after each finished iteration (depth, score, pv, nodes, time).
    stop : callable ``() -> bool``, optional
        Return True to stop (e.g. a GUI's stop command). It is called every
        10 ms from a :class:`tansuo.budget.Watchdog` thread, off the search's
        hot path, so it may be slow; the search then stops within
        :data:`CHECK_EVERY` positions.

    Returns
    -------
    GameSearchResult
        ``status="solved"`` when ``depth`` was reached or the value proved,
        ``"limit"`` when a budget ended the search first (``stats.limit`` is
        ``"max_nodes"``, ``"time_limit"`` or ``"stopped"``), ``"no_solution"``
        when the game is already over.

    Raises
    ------
    InvalidInput
        No budget at all, a negative budget, a depth beyond ``MAX_PLY``, or an
        ``evaluate()`` outside the static range.

    Notes
    -----
    The value equals :func:`minimax` at the same depth when each position is
    always reached at the same ply (true of tic-tac-toe and Connect Four,
    where the ply is the number of stones). In other games, and with a table
    reused across searches, a deeper stored result can replace a shallower
    one: the value can then be *more* accurate than fixed-depth minimax.
    Subtrees that ended only in finished games are stored as proved and are
    never searched again; an iteration whose whole tree is proved ends the
    search (``exact=True``). The protocol knows no move history, so a game
    where positions can repeat must put what matters of the history (e.g. a
    repetition count) into its ``hash()`` and ``evaluate()`` itself.

    Examples
    --------
    >>> from tansuo.adversarial.games import TicTacToe
    >>> result = search(TicTacToe(), depth=9)
    >>> result.score, result.exact, result.status
    (0, True, 'solved')
    """
    # Step 0. Check the arguments and the root position; a caller's stop
    # callback is watched from another thread (the search reads a flag).
    if stop is not None and not isinstance(stop, _Asked):
        asked = _Asked()
        with Watchdog(asked.set, poll=stop):
            return search(
                game,
                depth=depth,
                time_limit=time_limit,
                max_nodes=max_nodes,
                tt=tt,
                killers=killers,
                history=history,
                pvs=pvs,
                aspiration=aspiration,
                order=order,
                on_iteration=on_iteration,
                stop=asked,
            )
    _check_depth(depth, required=False)
    if depth == 0:
        raise InvalidInput("search() needs depth >= 1 (depth 0 is just game.evaluate())")
    if depth is None and time_limit is None and max_nodes is None:
        raise InvalidInput("give search() a budget: depth, time_limit or max_nodes")
    meter = Budget(time_limit=time_limit, max_nodes=max_nodes).start(stop=stop)
    if aspiration is not None and aspiration <= 0:
        raise InvalidInput(f"aspiration must be > 0 or None, got {aspiration}")
    if game.is_terminal() or not game.legal_moves():
        return _over_result(game, meter)
    max_depth = MAX_PLY if depth is None else depth
    table = TranspositionTable() if tt is True else (tt or None)
    if table is not None:
        table.new_search()
    slots = table.slots if table is not None else None
    tt_shift = table.shift if table is not None else 0
    tt_store = table.store if table is not None else None

    play, undo, legal_moves = game.play, game.undo, game.legal_moves
    is_terminal, evaluate, position_key = game.is_terminal, game.evaluate, game.hash
    history_scores: defaultdict[Hashable, int] = defaultdict(int)
    history_of = history_scores.__getitem__
    killer_moves: list[list[M | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
    pv_table: list[list[M]] = [[] for _ in range(MAX_PLY + 2)]
    previous_pv: list[M] = []

    node_count = 0
    next_check = meter.next_check(0, CHECK_EVERY)
    expanded = generated = 0
    horizon_leaves = 0  # nodes scored by evaluate() at the horizon: inexact results
    tt_probes = tt_hits = tt_cutoffs = 0
    pvs_researches = 0

    def negamax(depth: int, ply: int, alpha: int, beta: int, pv_node: bool) -> int:
        nonlocal node_count, next_check, expanded, generated, horizon_leaves
        nonlocal tt_probes, tt_hits, tt_cutoffs, pvs_researches

        # Step 1. Look at the clock and the budgets now and then; count the node
        if node_count >= next_check:
            next_check = _look_at_budget(meter, node_count, ply)
        node_count += 1
        if pv_node:
            pv_table[ply] = []

        # Step 2. Finished game: a win, loss or draw at this distance from the root
        if is_terminal():
            return terminal_score(evaluate(), ply)

        # Step 3. Horizon: the static evaluation (this result is not exact)
        if depth <= 0:
            horizon_leaves += 1
            score = evaluate()
            if not -MATE_BOUND < score < MATE_BOUND:
                _unwind(game, ply)
                raise _bad_evaluation(score)
            return score

        # Step 4. Mate distance pruning: no line from here can beat a mate
        # already found nearer the root, nor lose faster than the next ply.
        if ply:
            if alpha < ply - MATE:
                alpha = ply - MATE
            if beta > MATE - ply - 1:
                beta = MATE - ply - 1
            if alpha >= beta:
                return alpha

        # Step 5. Transposition table lookup. PV nodes never cut here, so that
        # the principal variation stays whole; the stored move is tried first.
        tt_move = None
        key = 0
        if slots is not None:
            key = position_key()
            tt_probes += 1
            entry = slots[(key * SPREAD & MASK64) >> tt_shift]
            if entry is not None:
                stored_key, stored_depth, bound, score, tt_move, _generation = entry
                if stored_key != key:
                    tt_move = None  # another position's entry in this slot
                else:
                    tt_hits += 1
                    if not pv_node and stored_depth >= depth:
                        if score >= MATE_BOUND:
                            score -= ply
                        elif score <= -MATE_BOUND:
                            score += ply
                        if (
                            bound == EXACT
                            or (bound == LOWER and score >= beta)
                            or (bound == UPPER and score <= alpha)
                        ):
                            tt_cutoffs += 1
                            if stored_depth != PROVEN_DEPTH:
                                horizon_leaves += 1
                            return score

        # Step 6. Generate the moves and order them: table move, then the
        # previous iteration's PV move, killers, and the rest by history.
        moves: Sequence[M] = legal_moves()
        if not moves:
            return terminal_score(evaluate(), ply)
        expanded += 1
        generated += len(moves)
        if order is not None:
            moves = order(game, list(moves))
        if history and len(moves) > 1:
            moves = sorted(moves, key=history_of, reverse=True)  # stable: ties keep game order
        else:
            moves = list(moves)  # a copy: the game may hand out a list it keeps
        if killers:
            killer, second = killer_moves[ply]
            if second is not None and second in moves:
                moves.remove(second)
                moves.insert(0, second)
            if killer is not None and killer in moves:
                moves.remove(killer)
                moves.insert(0, killer)
        if pv_node and ply < len(previous_pv):
            hint = previous_pv[ply]
            if hint != tt_move and hint in moves:
                moves.remove(hint)
                moves.insert(0, hint)
        if tt_move is not None and tt_move in moves:
            moves.remove(tt_move)
            moves.insert(0, tt_move)

        # Step 7. Search the moves: the first with the full window, the others
        # with a null window that only asks "better than alpha?" (PVS), and a
        # full re-search when the answer is yes.
        alpha_before = alpha
        leaves_before = horizon_leaves
        best = -INFINITE
        best_move = None
        first = True
        for move in moves:
            play(move)
            if first or not pvs:
                child_pv = pv_node and first
                score = -negamax(depth - 1, ply + 1, -beta, -alpha, child_pv)
            else:
                child_pv = False
                score = -negamax(depth - 1, ply + 1, -alpha - 1, -alpha, False)
                if pv_node and alpha < score < beta:
                    pvs_researches += 1
                    child_pv = True
                    score = -negamax(depth - 1, ply + 1, -beta, -alpha, True)
            undo()
            first = False
            if score > best:
                best = score
                best_move = move
                if score > alpha:
                    alpha = score
                    if pv_node:
                        pv_table[ply] = [move, *pv_table[ply + 1]] if child_pv else [move]
                    if score >= beta:
                        # Step 8. Beta cutoff: remember the move that refuted this
                        # position, for siblings (killer) and everywhere (history).
                        if killers and killer_moves[ply][0] != move:
                            killer_moves[ply][1] = killer_moves[ply][0]
                            killer_moves[ply][0] = move
                        if history:
                            history_scores[move] += depth * depth
                        break

        # Step 9. Store the result: exact, or a bound when it fell outside the
        # window; as proved when no leaf below it was a horizon evaluation.
        if tt_store is not None:
            if best >= beta:
                bound = LOWER
            elif best > alpha_before:
                bound = EXACT
            else:
                bound = UPPER
            proved = horizon_leaves == leaves_before
            # positional arguments: this call runs at every interior node
            tt_store(
                key,
                PROVEN_DEPTH if proved else depth,
                bound,
                best,
                None if bound == UPPER else best_move,
                ply,
            )
        return best

    # Step 10. Iterative deepening with aspiration windows
    iterations: list[IterationInfo[M]] = []
    finished: IterationInfo[M] | None = None
    aspiration_researches = 0
    stopped_by: str | None = None
    try:
        for current in range(1, max_depth + 1):
            # Search a narrow window around the last score first: most of the
            # tree is then cut. A score outside it only says "lower/higher", so
            # widen that side and search again.
            low, high, delta = -INFINITE, INFINITE, aspiration or 0
            if (
                finished is not None
                and aspiration is not None
                and current >= 3
                and not is_mate_score(finished.score)
            ):
                low, high = finished.score - delta, finished.score + delta
            while True:
                leaves_before = horizon_leaves
                score = negamax(current, 0, low, high, True)
                if score <= low:
                    aspiration_researches += 1
                    delta *= 2
                    low = score - delta if score - delta > -MATE_BOUND else -INFINITE
                elif score >= high:
                    aspiration_researches += 1
                    delta *= 2
                    high = score + delta if score + delta < MATE_BOUND else INFINITE
                else:
                    break
            finished = IterationInfo(
                current,
                score,
                tuple(pv_table[0]),
                node_count,
                meter.elapsed(),
                exact=horizon_leaves == leaves_before,
            )
            previous_pv = list(pv_table[0])
            iterations.append(finished)
            if history:
                for move in history_scores:  # age the history: recent cutoffs matter more
                    history_scores[move] >>= 1
            if on_iteration is not None:
                on_iteration(finished)
            if finished.exact:
                break
    except _Stop as interrupted:
        _unwind(game, interrupted.ply)
        stopped_by = interrupted.reason

    # Step 11. The result: the last finished iteration's move, score and line
    stats = _game_stats(
        node_count,
        expanded,
        generated,
        meter.elapsed(),
        stopped_by,
        tt_probes=tt_probes,
        tt_hits=tt_hits,
        tt_hit_rate=tt_hits / tt_probes if tt_probes else 0.0,
        tt_cutoffs=tt_cutoffs,
        tt_entries=len(table) if table is not None else 0,
        horizon_leaves=horizon_leaves,
        pvs_researches=pvs_researches,
        aspiration_researches=aspiration_researches,
        iterations=tuple(iterations),
    )
    if finished is None:
        # Not even depth 1 finished: any legal move beats none. Prefer the one
        # depth 1 was happiest with so far, else the table's, else the first.
        moves = list(game.legal_moves())
        fallback: Any = pv_table[0][0] if pv_table[0] else None
        if fallback is None and table is not None:
            entry = table.probe(game.hash())
            fallback = entry[MOVE] if entry is not None else None
        move = fallback if fallback in moves else moves[0]
        return GameSearchResult("limit", move, None, 0, (move,), stats=stats)
    solved = finished.exact or finished.depth == max_depth
    return GameSearchResult(
        "solved" if solved else "limit",
        finished.move,
        finished.score,
        finished.depth,
        finished.pv,
        exact=finished.exact,
        stats=stats,
    )

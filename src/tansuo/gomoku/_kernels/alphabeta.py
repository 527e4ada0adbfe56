"""The alpha-beta search: fail-soft negamax with a transposition table and history.

Threat-aware move generation: against an opponent's five point only the
blocks, against its coming open four only the defences (and our own fours);
elsewhere the candidates near the stones, cut to the best ``width`` (or a
count that grows with the depth) and every four. Optional futility pruning
and a free block of the opponent's four (see ``S_*``).
"""

from __future__ import annotations

import numpy as np
from numba import njit, types

from tansuo._jit import njit_on_first_use
from tansuo.gomoku._kernels.board import (
    A_PARAMS,
    ALPHABETA_TYPE,
    C_ABORTED,
    C_BEST,
    C_EXPANDED,
    C_GENERATED,
    C_MAX_PLY,
    C_TT_HITS,
    C_TT_PROBES,
    I_RULE,
    MATE,
    MAX_PLY,
    NRT_OPTION,
    P_OPEN3,
    RULE_CARO,
    SALT_WHITE,
    ST_FIVES,
    ST_INFO,
    ST_KEY,
    ST_PATTERN,
    ST_SCORE,
    STATE_TYPE,
    T_SCRATCH,
    THREAT_TYPE,
    WHITE,
    candidates,
    cell_class,
    evaluate,
    five_points,
    four_count,
    has_threat_point,
    is_five_move,
    is_legal,
    make,
    nrt_free,
    unmake,
)
from tansuo.gomoku._kernels.threats import (
    _insert,
    _poll,
    defences,
)

# Switches of the alpha-beta search (``params``).
S_PRUNE = 0  # threat-aware move generation and a move-count cap (off: plain alpha-beta)
S_USE_TT = 1
S_USE_HISTORY = 2
S_WIDTH = 3  # moves searched per node when pruning
S_EXTEND = 4  # search on at leaves where the opponent threatens (see EXTEND_PLIES)
S_REDUCE = 5  # late move reductions (see LMR_FIRST) and null-window searches
S_BLOCK_FREE = 6  # 1: the block of the opponent's four costs no depth; 2: a four and its block
S_MOVE_COUNT = 7  # move-count pruning: percent of move_count(depth) kept (0: the width)
S_FUTILITY = 8  # futility margin a ply of depth (0: none)
S_AVERAGE = 9  # a leaf scores the mean of its static score and its parent's
S_HISTORY = 10  # 0: one history for both sides; 1: a bounded one per side (see HISTORY_RANGE)
S_HISTORY_SHIFT = 11  # the history's weight in the move order: shifted right by this
S_KILLER = 12  # the move-order bonus of a ply's two killer moves (0: none)
S_COUNTER = 13  # the bonus of the counter move to the opponent's last move (0: none)
S_NULL = 14  # null-move pruning's reduction R (0: none)
S_ORDER = 15  # 1: the move order adds the fitted class bonuses (ORDER_OWN, ORDER_OTHER)
S_FREE = 16  # S_FREE + ply: the plies of the line to that node that cost no depth
S_EVAL = S_FREE + MAX_PLY + 1  # S_EVAL + ply: the static score there (with S_AVERAGE)
S_KILLERS = S_EVAL + MAX_PLY + 1  # S_KILLERS + 2 * ply (+ 1): that ply's killer moves
S_LAST = S_KILLERS + 2 * (MAX_PLY + 1)  # S_LAST + ply: the move that led to that node
PARAMS_SIZE = S_LAST + MAX_PLY + 1
# With S_BLOCK_FREE 2, a line spends no depth on its first FREE_PLIES plies
# of fours and blocks (in pairs, so the side to move at a leaf stays that of
# the depth's parity, which the evaluation's tempo depends on).
FREE_PLIES = 8
EXTEND_PLIES = 4
# Late move reductions: at a node with no threat to answer, the moves after
# the first LMR_FIRST (in move order) that make no four and no open three are
# searched LMR_DEPTH_MIN plies or more from the frontier one ply shallower
# (two from the LMR_SECOND-th), with a null window; one that beats alpha is
# searched again at the full depth.
LMR_FIRST = 2
LMR_SECOND = 5
LMR_DEPTH_MIN = 3

# Move-count pruning: below the root, at a node with no threat to answer,
# the moves after the first move_count(depth) (in move order, every four
# kept) are not searched; fewer near the leaves, where a quiet move changes
# least, more near the root. Futility pruning: at a null-window node with no
# threat to answer within FUTILITY_DEPTH plies of the frontier, a static score
# that beats beta by the margin of depth - 1 plies is returned as it is.
MOVE_COUNT_BASE = 3
MOVE_COUNT_POWER = 1.32
FUTILITY_DEPTH = 4
# The bounded history (S_HISTORY 1): a cutoff's move gains a bonus that grows
# with the depth, the quiet moves searched before it at that node lose as
# much, and each entry stays within +-HISTORY_RANGE (an update moves it by
# the bonus less its own size times the bonus over the range). The history
# array holds a row per side, then a row per side of counter moves (indexed
# by the opponent's last move).
HISTORY_RANGE = 16384
# The fitted move order (S_ORDER 1): a candidate's attack + defence value
# (2 * its pattern score for the side to move + the opponent's) plus a bonus
# per cell class (``cell_class``: its two best line patterns) for the side to
# move (ORDER_OWN) and for the opponent (ORDER_OTHER). Fitted as a
# conditional logit of Rapfi's move among the candidates (Rapfi at 10,000
# nodes on positions of games against it, scored within 1,500 of even, no
# five to make or block), with the attack + defence value a feature, and
# scaled to its units; classes too rare to fit are 0. On held-out positions
# it puts Rapfi's move first 38% of the time and in the first six 78%
# (the value alone: 35% and 71%); see docs/strength/gomoku.md.
ORDER_OWN = np.array(
    [
        value
        for row in (
            (-147,),
            (-117, -95),
            (-58, -54, 54),
            (-35, -29, 91, 99),
            (-14, -22, 91, 65, 1),
            (0, -5, 82, 98, -6, 0),
            (0, 0, 0, 0, 0, 0, 0),
            (0, 0, 0, 0, 0, 0, 0, 0),
            (0, 0, 0, 0, 0, 0, 0, 0, 0),
        )
        for value in row
    ],
    dtype=np.int64,
)
ORDER_OTHER = np.array(
    [
        value
        for row in (
            (-128,),
            (-111, -100),
            (-89, -92, -69),
            (-53, -54, -34, 21),
            (15, 22, 77, 87, 166),
            (45, 62, 120, 120, 223, 133),
            (-125, -115, -46, -66, 0, 0, 0),
            (0, -11, 3, -2, 0, 0, 0, 0),
            (0, 0, 0, 0, 0, 0, 0, 0, 0),
        )
        for value in row
    ],
    dtype=np.int64,
)

TT_EXACT = 1
TT_LOWER = 2
TT_UPPER = 3


@nrt_free
def _order(state, side, moves, prio, n, history, tt_move, use_history, params, ply):
    """Sort ``moves[:n]`` best first: the table's move, then attack + defence value
    (with the history's, the killers' and the counter move's bonuses)."""
    score = state[ST_SCORE]
    o = 3 - side
    mode = params[S_HISTORY]
    shift = params[S_HISTORY_SHIFT]
    size = history.shape[0] // 4
    row = (side - 1) * size
    kb = params[S_KILLER]
    k0 = params[S_KILLERS + 2 * ply] if kb > 0 else -1
    k1 = params[S_KILLERS + 2 * ply + 1] if kb > 0 else -1
    fitted = params[S_ORDER] != 0
    pat = state[ST_PATTERN]
    cm = -1
    if params[S_COUNTER] > 0 and ply > 0:
        last = params[S_LAST + ply]
        if last >= 0:
            cm = history[2 * size + row + last] - 1
    for i in range(n):
        q = moves[i]
        v = 2 * score[side, q] + score[o, q]
        if fitted:
            v += ORDER_OWN[cell_class(pat, side, q)] + ORDER_OTHER[cell_class(pat, o, q)]
        if use_history:
            if mode == 0:
                v += history[q] >> 4
            else:
                v += history[row + q] >> shift
        if q in (k0, k1):
            v += kb
        if q == cm:
            v += params[S_COUNTER]
        if q == tt_move:
            v = 1 << 40
        prio[i] = v
    for i in range(1, n):
        _insert(moves, prio, i, moves[i], prio[i])


@nrt_free
def _bump(history, i, bonus):
    """Move ``history[i]`` by ``bonus``, kept within +-HISTORY_RANGE (gravity)."""
    h = history[i]
    history[i] = h + bonus - h * abs(bonus) // HISTORY_RANGE


@nrt_free
def _reward(state, side, history, moves, i, depth, forced):
    """A cutoff by ``moves[i]``: it gains, the quiet moves searched before it lose."""
    size = history.shape[0] // 4
    row = (side - 1) * size
    bonus = min(32 * depth * depth + 64 * depth, HISTORY_RANGE)
    _bump(history, row + moves[i], bonus)
    if not forced:
        for j in range(i):
            if four_count(state, moves[j], side) == 0:
                _bump(history, row + moves[j], -bonus)


@nrt_free
def move_count(depth, percent):
    """Moves searched at a quiet node ``depth`` plies from the frontier (fours apart)."""
    d = depth if depth > 0 else 0
    n = (MOVE_COUNT_BASE + int(d**MOVE_COUNT_POWER)) * percent // 100
    return n if n > 1 else 1


@njit_on_first_use(
    types.int64(STATE_TYPE, ALPHABETA_TYPE, THREAT_TYPE, *([types.int64] * 5)),
    **NRT_OPTION,
)
def negamax(state, asearch, tsearch, side, depth, ply, alpha, beta):
    """Fail-soft alpha-beta from ``side``'s point of view (scores as in tansuo.adversarial).

    The steps of a node: (1) a five of the side to move wins; (2) a leaf is
    evaluated, unless the opponent threatens five (then it is searched on,
    up to EXTEND_PLIES); (3) the transposition table may answer; (4) with
    S_FUTILITY, a null-window node whose static score beats beta by the
    margin returns it; (5) the moves: the blocks of the opponent's five
    points, or the defences against its open four to come (and our fours),
    or every candidate; (6) ordered and, when pruning, cut to the best
    ``width`` (with S_MOVE_COUNT, ``move_count(depth)`` below the root) and
    every four; (7) searched (a block of a four costs no depth with
    S_BLOCK_FREE), the best stored in the table.
    """
    tt_keys, tt_vals, tt_depth, tt_flag, tt_move, history, counters, buf, prio_buf, params = asearch
    fivecnt, key, info = state[ST_FIVES], state[ST_KEY], state[ST_INFO]
    if _poll(counters):
        return 0
    if ply > counters[C_MAX_PLY]:
        counters[C_MAX_PLY] = ply
    o = 3 - side
    if ply + 2 <= MAX_PLY:  # the grandchildren's killers are found anew under this node
        params[S_KILLERS + 2 * ply + 4] = -1
        params[S_KILLERS + 2 * ply + 5] = -1
    # (1) a five to make wins
    if fivecnt[side] > 0 and ply > 0:  # the root plays it (and reports the move)
        return MATE - (ply + 1)
    prune = params[S_PRUNE] != 0
    # A quiescence-like extension: a leaf where the opponent threatens five
    # (one block) is searched on, up to EXTEND_PLIES beyond the depth; a quiet
    # leaf is evaluated.
    extend = (
        prune
        and params[S_EXTEND] != 0
        and depth > -EXTEND_PLIES
        and ply < MAX_PLY - 40
        and fivecnt[o] > 0
    )
    # (2) a quiet leaf; with S_AVERAGE the mean of its static score and its
    # parent's, which evens out the side to move's swing from ply to ply (a
    # stone just played has made its points, the reply has not yet)
    average = params[S_AVERAGE] != 0
    if (depth <= 0 or ply >= MAX_PLY - 2) and not extend:
        if average and ply > 0:
            return (evaluate(state, side) - params[S_EVAL + ply - 1]) // 2
        return evaluate(state, side)
    if average:
        params[S_EVAL + ply] = evaluate(state, side)
    # (3) the transposition table
    use_tt = params[S_USE_TT] != 0
    k = key[0]
    if side == WHITE:
        k ^= SALT_WHITE
    slot = k & np.uint64(tt_keys.shape[0] - 1)
    best_tt = -1
    if use_tt:
        counters[C_TT_PROBES] += 1
        if tt_keys[slot] == k:
            counters[C_TT_HITS] += 1
            best_tt = tt_move[slot]
            if tt_depth[slot] >= depth and prune and ply > 0:
                v = tt_vals[slot]
                if v > MATE - MAX_PLY:
                    v -= ply
                elif v < -(MATE - MAX_PLY):
                    v += ply
                f = tt_flag[slot]
                if f == TT_EXACT or (f == TT_LOWER and v >= beta) or (f == TT_UPPER and v <= alpha):
                    return v
    # (4) futility: a null-window node far enough above beta. Futility and the
    # null move (4b) both cut only a quiet null-window node: not the root, no
    # five or three threat of the opponent to answer, beta not a mate bound.
    threat3 = prune and fivecnt[o] == 0 and has_threat_point(state, o)
    quiet_null_window = (
        prune
        and ply > 0
        and beta - alpha == 1
        and fivecnt[o] == 0
        and not threat3
        and beta > -(MATE - MAX_PLY)
    )
    margin = params[S_FUTILITY]
    if margin > 0 and quiet_null_window and depth <= FUTILITY_DEPTH:
        e = evaluate(state, side)
        if e - margin * (depth - 1) >= beta:
            return e
    # (4b) null move: with S_NULL, a null-window node with no threat to answer
    # whose static score beats beta passes; if the opponent, moving again,
    # cannot bring the score below beta in a search R plies shallower, the node
    # fails high (never twice in a row, never for a mate bound)
    r_null = params[S_NULL]
    if (
        r_null > 0
        and quiet_null_window
        and depth >= 2
        and params[S_LAST + ply] >= 0
        and beta < MATE - MAX_PLY
        and evaluate(state, side) >= beta
    ):
        params[S_FREE + ply + 1] = params[S_FREE + ply]
        params[S_LAST + ply + 1] = -1
        params[S_KILLERS + 2 * ply + 2] = -1
        params[S_KILLERS + 2 * ply + 3] = -1
        v = -negamax(state, asearch, tsearch, o, depth - 1 - r_null, ply + 1, -beta, -beta + 1)
        if counters[C_ABORTED] != 0:
            return 0
        if v >= beta:
            return beta if v >= MATE - MAX_PLY else v
    # (5) the moves
    moves = buf[ply]
    prio = prio_buf[ply]
    n = 0
    forced = True  # the moves answer a threat: none is reduced
    if prune and fivecnt[o] > 0:
        # only a block can save the game
        n = five_points(state, o, moves)
        if n >= 2 and info[I_RULE] != RULE_CARO and ply > 0:
            return -(MATE - (ply + 2))
        legal = 0
        for i in range(n):
            if is_legal(state, moves[i], side):
                moves[legal] = moves[i]
                legal += 1
        n = legal
        if n == 0:
            if ply > 0:
                return -(MATE - (ply + 2))
            n = candidates(state, side, moves)
    elif threat3:
        # the opponent makes an open four (or a double four) next: only the
        # moves that stop it, and our own fours, do not lose
        # (flags in prio: _order overwrites them)
        n = defences(state, o, moves, prio, tsearch[T_SCRATCH])
        if n == 0:
            if ply > 0:
                return -(MATE - (ply + 4))
            n = candidates(state, side, moves)
    else:
        n = candidates(state, side, moves)
        forced = False
    if n == 0:
        return 0
    counters[C_EXPANDED] += 1
    counters[C_GENERATED] += n  # before the cut to ``width``: pruned moves count
    # (6) ordered, and cut to the best ``width`` (below the root at a quiet
    # node with S_MOVE_COUNT, move_count(depth)) and every four
    _order(state, side, moves, prio, n, history, best_tt, params[S_USE_HISTORY] != 0, params, ply)
    width = params[S_WIDTH]
    if params[S_MOVE_COUNT] > 0 and ply > 0 and not forced:
        width = move_count(depth, params[S_MOVE_COUNT])
    if prune and n > width:
        # keep the best ``width`` and every four
        m2 = width
        for i in range(width, n):
            if four_count(state, moves[i], side) >= 1:
                moves[m2] = moves[i]
                m2 += 1
        n = m2
    # a block of the opponent's four costs no depth with S_BLOCK_FREE 1 (a
    # line of fours and blocks then spends one ply a four, not two); with 2, a
    # four and its block cost none while the line has spent fewer than
    # FREE_PLIES plies so (``free``: the plies searched beyond the depth)
    child = depth - 1
    mode = params[S_BLOCK_FREE] if prune and depth > 0 else 0
    free = params[S_FREE + ply]  # odd: the opponent's four before was free
    if fivecnt[o] > 0 and (mode == 1 or (mode == 2 and free % 2 == 1)):
        child = depth
        free += 1
    free_four = mode == 2 and fivecnt[o] == 0 and free < FREE_PLIES
    # (7) searched: the first move with the full window; with S_REDUCE, the
    # others with a null window first, late quiet ones a ply or two shallower
    # (see LMR_FIRST), and again in full when they beat alpha
    reduce = prune and params[S_REDUCE] != 0
    pattern = state[ST_PATTERN]
    alpha0 = alpha
    best = -MATE - 1
    best_move = moves[0]
    for i in range(n):
        m = buf[ply][i]
        if is_five_move(state, m, side):
            v = MATE - (ply + 1)
        else:
            c = child
            params[S_FREE + ply + 1] = free
            if free_four and four_count(state, m, side) >= 1:
                c = depth
                params[S_FREE + ply + 1] = free + 1
            r = 0
            if reduce and not forced and i >= LMR_FIRST and depth >= LMR_DEPTH_MIN:
                quiet = four_count(state, m, side) == 0
                for dd in range(4):
                    if pattern[side, m, dd] == P_OPEN3:
                        quiet = False
                if quiet:
                    r = 2 if i >= LMR_SECOND and depth > LMR_DEPTH_MIN else 1
            params[S_LAST + ply + 1] = m
            make(state, m, side)
            if i == 0 or not reduce:
                v = -negamax(state, asearch, tsearch, o, c, ply + 1, -beta, -alpha)
            else:
                # a null window (at the reduced depth): does the move beat alpha?
                v = -negamax(state, asearch, tsearch, o, c - r, ply + 1, -alpha - 1, -alpha)
                if v > alpha and counters[C_ABORTED] == 0 and (r > 0 or v < beta):
                    v = -negamax(state, asearch, tsearch, o, c, ply + 1, -beta, -alpha)
            unmake(state, m)
        if counters[C_ABORTED] != 0:
            return 0
        if v > best:
            best = v
            best_move = m
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    if params[S_USE_HISTORY] != 0:
                        if params[S_HISTORY] == 0:
                            history[m] += depth * depth
                        else:
                            _reward(state, side, history, moves, i, depth, forced)
                    if not forced and four_count(state, m, side) == 0:
                        kp = S_KILLERS + 2 * ply
                        if params[kp] != m:
                            params[kp + 1] = params[kp]
                            params[kp] = m
                        last = params[S_LAST + ply]
                        if ply > 0 and last >= 0:
                            size = history.shape[0] // 4
                            history[2 * size + (side - 1) * size + last] = m + 1
                    break
    if use_tt:
        stored = best
        if stored > MATE - MAX_PLY:
            stored += ply
        elif stored < -(MATE - MAX_PLY):
            stored -= ply
        if tt_keys[slot] != k or tt_depth[slot] <= depth:
            tt_keys[slot] = k
            tt_vals[slot] = stored
            tt_depth[slot] = depth
            tt_move[slot] = best_move
            if best <= alpha0:
                tt_flag[slot] = TT_UPPER
            elif best >= beta:
                tt_flag[slot] = TT_LOWER
            else:
                tt_flag[slot] = TT_EXACT
    if ply == 0:
        counters[C_BEST] = best_move
    return best


@njit(cache=True, nogil=True)
def search_root(state, asearch, tsearch, side, depth, alpha, beta):
    """One iteration of alpha-beta at ``depth``; the best move lands in ``counters[C_BEST]``."""
    asearch[A_PARAMS][S_FREE] = 0
    asearch[A_PARAMS][S_LAST] = -1
    return negamax(state, asearch, tsearch, side, depth, 0, alpha, beta)

"""The threat search: VCF (continuous fours) and VCT (threes and fours), by deepening.

One self-recursive function, :func:`threat`, at attacker and defender nodes;
a Zobrist-keyed cache of proved wins and failures; the defender's replies to a
three read from the pattern tables (:func:`defences`). The proof-number search
over the same tree is :mod:`tansuo.gomoku._dfpn`.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types

from tansuo._jit import beside_on_first_compile, njit_on_first_use, njit_one_version
from tansuo.gomoku._kernels.board import (
    ABORT,
    BLACK,
    C_ABORTED,
    C_BEST,
    C_CACHE_HITS,
    C_DEPTH_CUTS,
    C_DEPTH_DONE,
    C_EXPANDED,
    C_GENERATED,
    C_MAX_PLY,
    C_NEXT_POLL,
    C_NODE_LIMIT,
    C_NODES,
    C_STOP,
    EMPTY,
    FAIL,
    FAIL_AT_ANY_DEPTH,
    FOUR_COUNT,
    FOURS,
    I_PW,
    I_RULE,
    I_VAR_BLACK,
    I_VAR_WHITE,
    MAX_PLY,
    NRT_OPTION,
    P_OPEN3,
    P_THREE,
    POLL_EVERY,
    POW3,
    RULE_RENJU,
    SALT_ATTACK,
    SALT_DEFEND,
    SALT_VCT,
    SALT_WHITE,
    ST_BOARD,
    ST_CELLS,
    ST_CODE,
    ST_FIVES,
    ST_INFO,
    ST_KEY,
    ST_NEAR,
    ST_PATTERN,
    ST_SCORE,
    ST_TABLES,
    STATE_TYPE,
    T_COUNTERS,
    THREAT_TYPE,
    WHITE,
    WIN,
    WINDOW,
    five_points_near,
    four_count,
    has_threat_point,
    is_forbidden,
    is_legal,
    make,
    makes_threat_point,
    nrt_free,
    threat_points,
    unmake,
)


@njit_one_version
def _poll(counters):
    """Count a node; True when the search must stop (stop flag or node budget)."""
    counters[C_NODES] += 1
    if counters[C_NODES] >= counters[C_NEXT_POLL]:
        counters[C_NEXT_POLL] = counters[C_NODES] + POLL_EVERY
        if counters[C_STOP] != 0:
            counters[C_ABORTED] = 1
            return True
    if 0 <= counters[C_NODE_LIMIT] <= counters[C_NODES]:
        counters[C_ABORTED] = 1
        return True
    return False


@njit_one_version
def _cache_probe(ckeys, cvals, cdepths, counters, key, depth):
    """WIN/FAIL if the cache proves the node at ``depth``, else 0.

    A failure found only because lines reached the depth bound counts as a
    depth cut here too: the iterative deepening stops when an iteration fails
    with no cut (no depth can do better), and a cache shared between
    searches must not hide the cuts behind an earlier search's failure.
    """
    slot = key & np.uint64(ckeys.shape[0] - 1)
    if ckeys[slot] == key:
        v = cvals[slot]
        if v == WIN and cdepths[slot] <= depth:
            return WIN
        if v == FAIL and cdepths[slot] >= depth:
            if cdepths[slot] != FAIL_AT_ANY_DEPTH:
                counters[C_DEPTH_CUTS] += 1
            return FAIL
    return 0


@njit_one_version
def _cache_store(ckeys, cvals, cdepths, key, depth, value, cut):
    """Store a node's result; a failure with no depth ``cut`` below it holds at any depth."""
    slot = key & np.uint64(ckeys.shape[0] - 1)
    ckeys[slot] = key
    cvals[slot] = value
    cdepths[slot] = FAIL_AT_ANY_DEPTH if value == FAIL and not cut else depth


@nrt_free
def defences(state, a, out, is_four_out, scratch):
    """The defender's moves worth trying against ``a``'s threat (``a`` has no five point).

    Every legal move after which ``a`` has no winning threat point, and every
    defender four. Returns how many (-1: ``a`` has no threat point);
    ``is_four_out[i]`` is 1 for the counter-fours, else 0.

    A defender's stone only takes from ``a``: it changes the pattern of a
    threat point in the one line through both, and no other. So the moves
    that kill every threat point are read from the pattern tables, without
    playing them: for each threat point ``t`` and each cell ``e`` within five
    steps on its lines, the code of ``t`` with a defender stone on ``e`` gives
    the fours ``t`` keeps. (Under renju, against black, a white stone can also
    make a forbidden point legal: there every candidate is played.)

    ``scratch``: SCRATCH_ROWS rows as long as the board, the last all zero
    (and zero again on return), so that a search node allocates nothing.
    """
    board, code, pat, info, tables = (
        state[ST_BOARD],
        state[ST_CODE],
        state[ST_PATTERN],
        state[ST_INFO],
        state[ST_TABLES],
    )
    pw = info[I_PW]
    d = 3 - a
    cells, near = state[ST_CELLS], state[ST_NEAR]
    n_cells = cells.shape[0]
    threats = scratch[0]
    nt = threat_points(state, a, threats)
    if nt == 0:
        return -1
    exact_check = a == BLACK and info[I_RULE] == RULE_RENJU
    renju_black = d == BLACK and info[I_RULE] == RULE_RENJU  # see is_legal
    var = info[I_VAR_BLACK] if a == BLACK else info[I_VAR_WHITE]
    # order: the cells met; marks[e]: 0 for a cell not met, else 1 + the
    # threat points a defender stone on e leaves with fewer than two fours
    order = scratch[1]
    marks = scratch[2]
    n_order = 0
    for i in range(nt):
        t = threats[i]
        fours = four_count(state, t, a)
        for dd in range(4):
            st = 1 if dd == 0 else (pw if dd == 1 else (pw + 1 if dd == 2 else pw - 1))
            rest = fours - FOUR_COUNT[pat[a, t, dd]]
            for k in range(-WINDOW, WINDOW + 1):
                e = t + k * st
                if board[e] != EMPTY:
                    continue
                if marks[e] == 0:
                    marks[e] = 1
                    order[n_order] = e
                    n_order += 1
                if k == 0:
                    continue
                pos = k + WINDOW if k < 0 else k + WINDOW - 1
                after = tables[var, code[a, t, dd] + 2 * POW3[pos]]
                if rest + FOUR_COUNT[after] < 2:
                    marks[e] += 1
        marks[t] += 1  # the defender takes the point itself (met above, at k = 0)
    n = 0
    for i in range(n_order):
        e = order[i]
        if renju_black and is_forbidden(state, e):
            continue
        counter = four_count(state, e, d) >= 1
        if exact_check:
            make(state, e, d)
            killed = not has_threat_point(state, a)
            unmake(state, e)
        else:
            killed = marks[e] == nt + 1
        if killed or counter:
            out[n] = e
            is_four_out[n] = 1 if counter else 0
            n += 1
    if state[ST_FIVES][FOURS + d] != 0:  # the defender's fours elsewhere
        for i in range(n_cells):
            q = cells[i]
            if board[q] != EMPTY or marks[q] != 0 or near[q] == 0:
                continue
            if four_count(state, q, d) >= 1 and not (renju_black and is_forbidden(state, q)):
                out[n] = q
                is_four_out[n] = 1
                n += 1
    for i in range(n_order):
        marks[order[i]] = 0
    return n


FOUR_PRIORITY = 100_000  # threat_moves: a four's priority is at least this, a three's below


@njit_one_version
def _insert(moves, prio, n, m, v):
    """Insert move ``m`` of priority ``v`` into ``moves[:n]``, kept highest first."""
    j = n
    while j > 0 and prio[j - 1] < v:
        moves[j] = moves[j - 1]
        prio[j] = prio[j - 1]
        j -= 1
    moves[j] = m
    prio[j] = v


@nrt_free
def threat_moves(state, a, vct, moves, prio):
    """The attacker's candidate threats, best first: how many (``moves[:n]``, ``prio[:n]``).

    Its fours (priority FOUR_PRIORITY and up, more fours first) and, with
    ``vct``, the legal moves that extend one of its threes (below
    FOUR_PRIORITY): whether such a move makes a threat point is the caller's
    to check.
    """
    board, pat, score, info, cells = (
        state[ST_BOARD],
        state[ST_PATTERN],
        state[ST_SCORE],
        state[ST_INFO],
        state[ST_CELLS],
    )
    d = 3 - a
    renju_black = a == BLACK and info[I_RULE] == RULE_RENJU  # see is_legal
    n = 0
    for i in range(cells.shape[0]):
        q = cells[i]
        if board[q] != EMPTY:
            continue
        fc = four_count(state, q, a)
        value = 0
        if fc >= 1:
            value = FOUR_PRIORITY + 1000 * fc + score[a, q]
        elif vct:
            for dd in range(4):
                t = pat[a, q, dd]
                if t in (P_OPEN3, P_THREE):
                    value = 1 + score[a, q] + score[d, q]
                    break
        if value == 0:
            continue
        if renju_black and is_forbidden(state, q):
            continue
        _insert(moves, prio, n, q, value)
        n += 1
    return n


@njit_on_first_use(types.int64(STATE_TYPE, THREAT_TYPE, *([types.int64] * 6)), **NRT_OPTION)
def threat(state, tsearch, a, depth, ply, vct, defending, last):
    """The threat search at one node (one self-recursive function: numba caches it safely).

    Attacker node (``defending`` False, ``a`` to move): can ``a`` force a five
    with at most ``depth`` more threats -- fours only, or also threes when
    ``vct``? Defender node (the other side to move, after a threat of ``a``):
    does every defence lose? Returns WIN, FAIL or ABORT. ``last`` is the
    move that led here (-1 at the root): the five points a move creates lie on
    its four lines, so only those are scanned.
    """
    NO = np.int64(0)  # typed constants: a bare literal would make numba compile anew
    YES = np.int64(1)
    if defending:
        ckeys, cvals, cdepths, counters, buf, prio_buf, scratch = tsearch
        fivecnt, key = state[ST_FIVES], state[ST_KEY]
        if _poll(counters):
            return ABORT
        if ply > counters[C_MAX_PLY]:
            counters[C_MAX_PLY] = ply
        d = 3 - a
        if fivecnt[d] > 0:
            return FAIL
        if ply >= MAX_PLY - 4:
            counters[C_DEPTH_CUTS] += 1
            return FAIL
        k = key[0] ^ SALT_DEFEND
        if a == WHITE:
            k ^= SALT_WHITE
        if vct != 0:
            k ^= SALT_VCT  # VCF and VCT results differ: they never share an entry
        hit = _cache_probe(ckeys, cvals, cdepths, counters, k, depth)
        if hit != 0:
            counters[C_CACHE_HITS] += 1
            return hit
        cuts = counters[C_DEPTH_CUTS]
        moves = buf[ply]
        if fivecnt[a] > 0:
            # Block a five point; two cannot both be blocked (except under caro,
            # where one block can leave the other five closed at both ends).
            n = five_points_near(state, a, last, moves)
            result = WIN
            for i in range(n):
                f = buf[ply][i]
                if not is_legal(state, f, d):
                    continue
                make(state, f, d)
                r = WIN if fivecnt[a] > 0 else threat(state, tsearch, a, depth, ply + 1, vct, NO, f)
                unmake(state, f)
                if r != WIN:
                    result = r
                    break
            if result != ABORT:
                _cache_store(
                    ckeys, cvals, cdepths, k, depth, result, counters[C_DEPTH_CUTS] != cuts
                )
            return result
        is_four = prio_buf[ply]  # a defender node leaves its priorities unused
        n = defences(state, a, moves, is_four, scratch)
        if n < 0:
            _cache_store(ckeys, cvals, cdepths, k, depth, FAIL, False)
            return FAIL
        counters[C_EXPANDED] += 1
        counters[C_GENERATED] += n
        result = WIN
        block = buf[ply + 1]
        for i in range(n):
            m = buf[ply][i]
            make(state, m, d)
            if is_four[i] != 0 and fivecnt[d] > 0:
                nf = five_points_near(state, d, m, block)
                if nf >= 2 or not is_legal(state, block[0], a):
                    r = FAIL
                else:
                    f = block[0]
                    make(state, f, a)
                    r = threat(state, tsearch, a, depth, ply + 2, vct, YES, f)
                    unmake(state, f)
            else:
                r = threat(state, tsearch, a, depth, ply + 1, vct, NO, m)
            unmake(state, m)
            if r != WIN:
                result = r
                break
        if result != ABORT:
            _cache_store(ckeys, cvals, cdepths, k, depth, result, counters[C_DEPTH_CUTS] != cuts)
        return result

    ckeys, cvals, cdepths, counters, buf, prio_buf, scratch = tsearch
    fivecnt, key = state[ST_FIVES], state[ST_KEY]
    if _poll(counters):
        return ABORT
    if ply > counters[C_MAX_PLY]:
        counters[C_MAX_PLY] = ply
    d = 3 - a
    if fivecnt[a] > 0:
        return WIN
    if depth <= 0 or ply >= MAX_PLY - 4:
        counters[C_DEPTH_CUTS] += 1
        return FAIL
    k = key[0] ^ SALT_ATTACK
    if a == WHITE:
        k ^= SALT_WHITE
    if vct != 0:
        k ^= SALT_VCT
    if ply > 0:  # the root always searches, to report its move
        hit = _cache_probe(ckeys, cvals, cdepths, counters, k, depth)
        if hit != 0:
            counters[C_CACHE_HITS] += 1
            return hit
    cuts = counters[C_DEPTH_CUTS]
    moves = buf[ply]
    if fivecnt[d] > 0:
        # The defender threatens five: the block is the only move, and must threaten.
        n = five_points_near(state, d, last, moves)
        result = FAIL
        if n == 1 and is_legal(state, moves[0], a):
            f = moves[0]
            make(state, f, a)
            if fivecnt[a] > 0 or (vct != 0 and has_threat_point(state, a)):
                result = threat(state, tsearch, a, depth - 1, ply + 1, vct, YES, f)
            unmake(state, f)
            if result == WIN and ply == 0:
                counters[C_BEST] = f
        if result != ABORT:
            _cache_store(ckeys, cvals, cdepths, k, depth, result, counters[C_DEPTH_CUTS] != cuts)
        return result
    if vct == 0 and fivecnt[FOURS + a] == 0:
        return FAIL  # no four to make: the VCF ends here, at any depth
    # Threats of the attacker, fours first.
    n = threat_moves(state, a, vct, moves, prio_buf[ply])
    counters[C_EXPANDED] += 1
    counters[C_GENERATED] += n
    # A move threatens when it makes a four or a threat point. With no threat
    # point on the board before, a three is told from the tables
    # (makes_threat_point) and only the threatening ones are played.
    local = vct != 0 and not (a == BLACK and state[ST_INFO][I_RULE] == RULE_RENJU)
    if local and has_threat_point(state, a):
        local = False
    result = FAIL
    for i in range(n):
        m = buf[ply][i]
        if prio_buf[ply][i] < FOUR_PRIORITY and local and not makes_threat_point(state, a, m):
            continue
        make(state, m, a)
        if prio_buf[ply][i] >= FOUR_PRIORITY or local or has_threat_point(state, a):
            r = threat(state, tsearch, a, depth - 1, ply + 1, vct, YES, m)
        else:
            r = FAIL
        unmake(state, m)
        if r == ABORT:
            return ABORT
        if r == WIN:
            result = WIN
            if ply == 0:
                counters[C_BEST] = m
            break
    _cache_store(ckeys, cvals, cdepths, k, depth, result, counters[C_DEPTH_CUTS] != cuts)
    return result


# an explicit signature: a second process can compile it on a fresh cache while the
# first compiles ``threat`` (see the end of the file)
@njit_on_first_use(types.int64(STATE_TYPE, THREAT_TYPE, *([types.int64] * 3)), nogil=True)
def threat_root(state, tsearch, a, depth, vct):
    """One iteration of the threat search at ``depth`` attacker moves."""
    return threat(state, tsearch, a, depth, 0, vct, 0, -1)


@njit(cache=True, nogil=True)
def threat_deepen(state, tsearch, a, max_depth, vct):
    """Iterative deepening from depth 1 to ``max_depth``: WIN, FAIL or ABORT.

    Stops early with FAIL when an iteration failed without any line reaching
    the depth bound: then no depth can do better. ``counters[C_DEPTH_DONE]``
    is the last depth finished.
    """
    counters = tsearch[T_COUNTERS]
    result = FAIL
    for depth in range(1, max_depth + 1):
        cuts = counters[C_DEPTH_CUTS]
        result = threat(state, tsearch, a, depth, 0, vct, 0, -1)
        if result == ABORT:
            return ABORT
        counters[C_DEPTH_DONE] = depth
        if result == WIN or counters[C_DEPTH_CUTS] == cuts:
            return result
    return result


# On a fresh cache the first Gomoku kernel compiled starts a second process: it
# compiles is_forbidden (with make and unmake, which placing a position's stones
# needs soon), then the threat search's callees, the last ones first, while this one
# compiles the pattern table and them from the first, then threat_root while this
# one compiles threat and threat_deepen; each loads what the other compiled
# (tansuo._jit.callees_beside).
beside_on_first_compile("tansuo.gomoku", threat, first=(is_forbidden,), then=(threat_root,))

"""Depth-first proof-number search (df-pn) for VCF and VCT.

The same AND/OR tree as the iterative-deepening threat search of
:mod:`tansuo.gomoku._kernels` (``threat``): at an OR node the attacker plays
a four, or under VCT a three that makes a threat point; at an AND node the
defender blocks a four, or plays one of :func:`~tansuo.gomoku._kernels.defences`
against a three, or answers with a four of its own, which the attacker must
block at once (the pair is one move of the tree, and spends nothing). What
differs is the order in which the tree is grown. Proof-number search (Allis)
expands the most-proving node: the attacker's threat with the fewest
defences left to refute, the defence that is hardest to refute. Its
depth-first form (Nagai) keeps only a transposition table of proof and
disproof numbers and revisits a subtree while its numbers stay under the
thresholds its parent gives it. No depth bound is needed, and no iteration
repeats the shallow tree. Where deepening fails worst, df-pn shines: a
defence that refutes every three (an open four of the defender's, say) is
tried by deepening only after the first defence's whole subtree, which can
take millions of nodes; df-pn proves the failure in a few hundred or fewer.

Unexplored positions start with proof number 1, one more for a three than
for a four (it leaves the defender more answers), and one more every PLY_PN
plies from the root: without that, df-pn follows long lines of threes while
a short win waits (three random positions took it 6-24 times the nodes of
deepening; with it, 0.8-1.4 times). Deepening still finds some short wins
sooner, which is why :func:`tansuo.gomoku.engine.find_threat` deepens first,
briefly.

Proofs and disproofs in the table hold in any search of the same rule (they
depend on the stones only); the numbers of unfinished nodes are only
estimates, and a later search may start from them. A line cut by the ply
bound (MAX_PLY) counts as a disproof and is counted in ``C_DEPTH_CUTS``.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types

from tansuo._jit import njit_on_first_use, njit_one_version
from tansuo.gomoku._kernels import (
    ABORT,
    BLACK,
    C_ABORTED,
    C_BEST,
    C_DEPTH_CUTS,
    C_EXPANDED,
    C_GENERATED,
    C_MAX_PLY,
    FAIL,
    FOUR_PRIORITY,
    FOURS,
    I_RULE,
    MAX_PLY,
    NRT_OPTION,
    RULE_RENJU,
    SALT_ATTACK,
    SALT_DEFEND,
    SALT_VCT,
    SALT_WHITE,
    ST_FIVES,
    ST_INFO,
    ST_KEY,
    ST_ZOBRIST,
    STATE_TYPE,
    WHITE,
    WIN,
    _poll,
    defences,
    five_points_near,
    has_threat_point,
    is_legal,
    make,
    makes_threat_point,
    threat_moves,
    unmake,
)

DFPN_TYPE = types.Tuple(
    (
        types.uint64[::1],  # table keys
        types.int32[::1],  # proof numbers
        types.int32[::1],  # disproof numbers
        types.int64[::1],  # counters (the threat search's C_* layout)
        types.int64[:, :, ::1],  # per ply: [0] move, [1] attacker block after it (-1), [2] priority
        types.int64[:, ::1],  # the scratch rows of ``defences`` (the threat search's)
    )
)

INF = 1 << 30  # an infinite proof or disproof number (the table holds int32)
GEN_WIN = -1  # the node is a proof without children
GEN_FAIL = -2  # the node is a disproof without children
THREE_PN = 2  # the proof number a three's position starts with (a four's: 1)
PLY_PN = 4  # and one more every PLY_PN plies from the root: deep lines look harder


@njit_one_version
def node_key(key, a, is_and, vct):
    """The table key of a node: the stones, whose node (OR/AND), the attacker, VCF or VCT."""
    k = key ^ (SALT_DEFEND if is_and else SALT_ATTACK)
    if a == WHITE:
        k ^= SALT_WHITE
    if vct != 0:
        k ^= SALT_VCT
    return k


@njit_one_version
def _attacker_moves(state, bufs, a, vct, ply, last):
    """The OR node's children (the attacker's threats, best first), or GEN_WIN / GEN_FAIL."""
    fivecnt = state[ST_FIVES]
    d = 3 - a
    moves = bufs[0, ply]
    blocks = bufs[1, ply]
    prio = bufs[2, ply]
    if fivecnt[a] > 0:
        return GEN_WIN
    if fivecnt[d] > 0:
        # the defender threatens five: the block is the only move, and must threaten
        n = five_points_near(state, d, last, moves)
        if n == 1 and is_legal(state, moves[0], a):
            f = moves[0]
            make(state, f, a)
            threatens = fivecnt[a] > 0 or (vct != 0 and has_threat_point(state, a))
            unmake(state, f)
            if threatens:
                blocks[0] = -1
                return 1
        return GEN_FAIL
    if vct == 0 and fivecnt[FOURS + a] == 0:
        return GEN_FAIL
    n = threat_moves(state, a, vct, moves, prio)
    # a three threatens when it makes a threat point (read from the tables when
    # none is on the board yet and the rules allow, else played)
    local = vct != 0 and not (a == BLACK and state[ST_INFO][I_RULE] == RULE_RENJU)
    if local and has_threat_point(state, a):
        local = False
    kept = 0
    for i in range(n):
        m = moves[i]
        value = prio[i]
        if value < FOUR_PRIORITY:
            if local:
                if not makes_threat_point(state, a, m):
                    continue
            else:
                make(state, m, a)
                threatens = has_threat_point(state, a)
                unmake(state, m)
                if not threatens:
                    continue
        moves[kept] = m
        blocks[kept] = -1
        prio[kept] = value
        kept += 1
    return kept if kept > 0 else GEN_FAIL


@njit(cache=True)
def _defender_moves(state, bufs, scratch, a, ply, last):
    """The AND node's children (the defender's answers), or GEN_WIN / GEN_FAIL.

    A counter-four comes with the attacker's forced block in ``bufs[1]``;
    answers after which the attacker still has a five point are left out
    (they lose at once), and a counter-four the attacker cannot block makes
    the node a disproof.
    """
    fivecnt = state[ST_FIVES]
    d = 3 - a
    moves = bufs[0, ply]
    blocks = bufs[1, ply]
    spare = bufs[0, ply + 1]
    if fivecnt[d] > 0:
        return GEN_FAIL
    if fivecnt[a] > 0:
        n = five_points_near(state, a, last, moves)
        kept = 0
        for i in range(n):
            f = moves[i]
            if not is_legal(state, f, d):
                continue
            make(state, f, d)
            still = fivecnt[a] > 0
            unmake(state, f)
            if still:
                continue
            moves[kept] = f
            blocks[kept] = -1
            kept += 1
        return kept if kept > 0 else GEN_WIN
    is_four = bufs[2, ply]  # an AND node leaves its priorities unused
    n = defences(state, a, moves, is_four, scratch)
    if n < 0:
        return GEN_FAIL  # no threat left to answer
    if n == 0:
        return GEN_WIN
    for i in range(n):
        m = moves[i]
        blocks[i] = -1
        if is_four[i] != 0:
            make(state, m, d)
            if fivecnt[d] > 0:
                nf = five_points_near(state, d, m, spare)
                if nf >= 2 or not is_legal(state, spare[0], a):
                    unmake(state, m)
                    return GEN_FAIL  # a four the attacker cannot stop
                blocks[i] = spare[0]
            unmake(state, m)
    return n


@njit_one_version
def _store(ds, k, pn, dn):
    keys, pns, dns = ds[0], ds[1], ds[2]
    slot = k & np.uint64(keys.shape[0] - 1)
    keys[slot] = k
    pns[slot] = pn
    dns[slot] = dn


@njit_one_version
def _child_key(state, a, is_and, vct, m, f):
    """Key of the child reached by ``m`` (and the attacker's block ``f`` after it, if >= 0)."""
    zob, key = state[ST_ZOBRIST], state[ST_KEY][0]
    d = 3 - a
    if is_and:
        k = key ^ zob[d, m]
        if f >= 0:
            return node_key(k ^ zob[a, f], a, True, vct)
        return node_key(k, a, False, vct)
    return node_key(key ^ zob[a, m], a, True, vct)


@njit_on_first_use(types.void(STATE_TYPE, DFPN_TYPE, *([types.int64] * 7)), **NRT_OPTION)
def mid(state, ds, a, is_and, ply, vct, last, thpn, thdn):
    """Grow the node until its proof or disproof number reaches its threshold.

    ``is_and``: the defender is to move (after a threat of ``a``); ``last``:
    the move that led here (its lines hold any new five point).
    """
    keys, pns, dns, counters, bufs, scratch = ds
    OR = np.int64(0)  # typed constants: a bare literal would make numba compile anew
    AND = np.int64(1)
    if _poll(counters):
        return
    if ply > counters[C_MAX_PLY]:
        counters[C_MAX_PLY] = ply
    k = node_key(state[ST_KEY][0], a, is_and != 0, vct)
    if ply >= MAX_PLY - 4:
        counters[C_DEPTH_CUTS] += 1
        _store(ds, k, INF, 0)
        return
    if is_and:
        n = _defender_moves(state, bufs, scratch, a, ply, last)
    else:
        n = _attacker_moves(state, bufs, a, vct, ply, last)
    if n == GEN_WIN:
        _store(ds, k, 0, INF)
        return
    if n == GEN_FAIL:
        _store(ds, k, INF, 0)
        return
    counters[C_EXPANDED] += 1  # again at each visit, as a deepening counts each iteration
    counters[C_GENERATED] += n
    mask = np.uint64(keys.shape[0] - 1)
    d = 3 - a
    pn = 1
    dn = 1
    while True:
        best = -1
        best_v = INF + 1
        second = INF + 1
        best_s = 0
        total = 0
        for i in range(n):
            ck = _child_key(state, a, is_and != 0, vct, bufs[0, ply, i], bufs[1, ply, i])
            slot = ck & mask
            cp = 1 + (ply + 1) // PLY_PN
            cd = 1
            if not is_and and bufs[2, ply, i] < FOUR_PRIORITY:
                cp += THREE_PN - 1  # a three leaves the defender more answers than a four
            if keys[slot] == ck:
                cp = pns[slot]
                cd = dns[slot]
            v = cd if is_and else cp
            s = cp if is_and else cd
            total = min(total + s, INF)
            if v < best_v:
                second = best_v
                best_v = v
                best = i
                best_s = s
            elif v < second:
                second = v
        if is_and:
            pn, dn = total, best_v
        else:
            pn, dn = best_v, total
        if pn == 0 or dn == 0 or pn >= thpn or dn >= thdn:
            break
        # the child's thresholds; the 1 + 1/4 widening keeps it from
        # alternating with its sibling at every step (the seesaw effect)
        widened = min(INF, second + second // 4 + 1)
        if is_and:
            c_thdn = min(thdn, widened)
            c_thpn = min(INF, thpn - pn + best_s)
        else:
            c_thpn = min(thpn, widened)
            c_thdn = min(INF, thdn - dn + best_s)
        m = bufs[0, ply, best]
        f = bufs[1, ply, best]
        if is_and:
            make(state, m, d)
            if f >= 0:
                make(state, f, a)
                mid(state, ds, a, AND, ply + 2, vct, f, c_thpn, c_thdn)
                unmake(state, f)
            else:
                mid(state, ds, a, OR, ply + 1, vct, m, c_thpn, c_thdn)
            unmake(state, m)
        else:
            make(state, m, a)
            mid(state, ds, a, AND, ply + 1, vct, m, c_thpn, c_thdn)
            unmake(state, m)
        if counters[C_ABORTED] != 0:
            break
        # (the recursion wrote only the buffers of the plies below: this
        # node's children are still in bufs[:, ply])
    _store(ds, k, pn, dn)


@njit(cache=True, nogil=True)
def dfpn_root(state, ds, a, vct):
    """df-pn from the position, ``a`` to move as the attacker: WIN, FAIL or ABORT.

    On WIN, ``counters[C_BEST]`` is a proved first move.
    """
    keys, pns, dns, counters, bufs, _ = ds
    counters[C_BEST] = -1
    zero = np.int64(0)
    mid(state, ds, a, zero, zero, vct, np.int64(-1), np.int64(INF), np.int64(INF))
    if counters[C_ABORTED] != 0:
        return ABORT
    k = node_key(state[ST_KEY][0], a, False, vct)
    slot = k & np.uint64(keys.shape[0] - 1)
    if keys[slot] != k:
        return ABORT  # the root's entry was replaced: unknown
    if dns[slot] == 0:
        return FAIL
    if pns[slot] != 0:
        return ABORT
    n = _attacker_moves(state, bufs, a, vct, 0, -1)
    for i in range(max(n, 0)):
        ck = _child_key(state, a, False, vct, bufs[0, 0, i], -1)
        s = ck & np.uint64(keys.shape[0] - 1)
        if keys[s] == ck and pns[s] == 0:
            counters[C_BEST] = bufs[0, 0, i]
            break
    if n == GEN_WIN:
        return WIN
    return WIN if counters[C_BEST] >= 0 else ABORT

"""The search kernel: one resumable best-first search over pushes (or pulls).

The search state lives in the named arrays of :mod:`.state`, which Python
allocates and grows (:mod:`tansuo.sokoban.solve`); :func:`search` runs at
most ``units`` expansions and returns a code, so that Python can look at
the clock, grow the arrays within the memory budget, and call it again.

A state is a sorted row of box cells, a player cell (the top-left cell of
the player's region when pushes are counted, the real cell when moves
are), its parent, pushes ``g``, moves ``m`` and lower bound ``h``. States
are found again through a Zobrist hash in an open-addressing table. The
lower bound is the minimum-cost matching of boxes to goals (Hungarian
algorithm) on push distances with the player on each box's side
(:func:`.board.side_distances`): an expanded state's matching comes from the
last one the search made, usually its parent's (:func:`.board.rematch`), and
each push updates it by one augmenting path.

The kernels allocate nothing and are compiled without reference counting
(:data:`tansuo._jit.NRT_OPTION`); the loop takes its arrays out of their
named tuples once.
"""

from __future__ import annotations

from numba.core import types

from tansuo._jit import NRT_OPTION, bind_late, late_bound, njit_one_version
from tansuo.sokoban._kernels.board import (
    INF,
    box_side,
    child_region,
    disorder,
    freeze_fill_deadlock,
    hungarian_update,
    moved_row,
    player_region,
    pocket_shut,
    pull_freeze,
    rematch,
    room_in_order,
    room_macro,
    tunnel_end,
)
from tansuo.sokoban._kernels.deadlock import corral_dead, learn_pattern, pattern_dead, pi_corral
from tansuo.sokoban._kernels.features import (
    advised,
    cell_index,
    cell_packing,
    cell_pop,
    cell_push,
    cell_regions,
    gated,
    label_regions,
    moved_regions,
    packing,
    player_side_regions,
    regions,
)
from tansuo.sokoban._kernels.state import (
    C_CORRAL_DEAD,
    C_CORRALS,
    C_DEAD_SIDES,
    C_DEAD_SQUARES,
    C_DUPLICATES,
    C_EXPANDED,
    C_FLOODS,
    C_FOUND,
    C_FREEZE,
    C_GENERATED,
    C_HEAP,
    C_LOWEST,
    C_MACROS,
    C_MATCHING,
    C_MAX_FRONTIER,
    C_MEET,
    C_MEET_NEAR,
    C_MEETINGS,
    C_PATTERN_DEAD,
    C_PATTERNS,
    C_STAMP,
    C_STATES,
    CORRAL_CACHE,
    EXHAUSTED,
    FEATURE_REGIONS,
    FOUND,
    GROW,
    MODE_FAST,
    MODE_MOVES,
    MODE_PUSHES,
    P_ADVICE,
    P_ALL_PUSHES,
    P_BOXES,
    P_FEATURES,
    P_GATES,
    P_LEARN,
    P_MODE,
    P_ORDER,
    P_POCKET,
    P_REVERSE,
    P_ROOM,
    P_TARGET,
    P_TUNNELS,
    P_WEIGHT,
    RUNNING,
    SECONDARY,
)


@njit_one_version(**NRT_OPTION)
def heap_push(hkey, hidx, n, key, idx):
    i = n
    while i > 0:
        parent = (i - 1) >> 1
        if hkey[parent] <= key:
            break
        hkey[i] = hkey[parent]
        hidx[i] = hidx[parent]
        i = parent
    hkey[i] = key
    hidx[i] = idx
    return n + 1


@njit_one_version(**NRT_OPTION)
def heap_pop(hkey, hidx, n):
    top = hidx[0]
    n -= 1
    key = hkey[n]
    idx = hidx[n]
    i = 0
    while True:
        child = 2 * i + 1
        if child >= n:
            break
        if child + 1 < n and hkey[child + 1] < hkey[child]:
            child += 1
        if hkey[child] >= key:
            break
        hkey[i] = hkey[child]
        hidx[i] = hidx[child]
        i = child
    if n > 0:
        hkey[i] = key
        hidx[i] = idx
    return top, n


@njit_one_version(**NRT_OPTION)
def heap_key(mode, weight, g, m, h):
    """The priority of a state: smaller pops first."""
    if mode == MODE_FAST:
        return (weight * h + g) * SECONDARY + h
    if mode == MODE_PUSHES:
        return (g + h) * SECONDARY + h
    return (m + h) * SECONDARY + min(g + h, SECONDARY - 1)


@njit_one_version(**NRT_OPTION)
def table_insert(table, shash, idx):
    mask = table.size - 1
    slot = shash[idx] & mask
    while table[slot] >= 0:
        slot = (slot + 1) & mask
    table[slot] = idx


@njit_one_version(**NRT_OPTION)
def rehash(table, shash, count):
    """Fill a fresh (all -1) table with states ``0 .. count-1``."""
    for i in range(count):
        table_insert(table, shash, i)


@njit_one_version(kernels_only=True, **NRT_OPTION)
def find_state(table, shash, sboxes, splayer, h, player, row, nb):
    """The index of the state ``(row, player)`` with hash ``h`` in ``table``, or -1."""
    mask = table.size - 1
    slot = h & mask
    while table[slot] >= 0:
        o = table[slot]
        if shash[o] == h and splayer[o] == player:
            same = True
            for q in range(nb):
                if sboxes[o, q] != row[q]:
                    same = False
                    break
            if same:
                return o
        slot = (slot + 1) & mask
    return -1


@njit_one_version(kernels_only=True, **NRT_OPTION)
def _release(sboxes, s, nb, occ):
    """Clear the expanded state's boxes from ``occ`` (all zero again)."""
    for q in range(nb):
        occ[sboxes[s, q]] = 0


@njit_one_version(kernels_only=True, inline="always", **NRT_OPTION)
def _needs_verdict(ibroken, cneeds, c):
    """Whether corral ``c`` waits for a verdict: not broken, and a push into it is needed."""
    return ibroken[c] == 0 and cneeds[c] != 0


@njit_one_version(kernels_only=True, **NRT_OPTION)
def _corral_verdict(st, s, nb, stamp, lv, w, pat, ctl, learn):
    """Step 3's second half: whether an I-corral with work in it is dead (and learn it).

    Every I-corral of state ``s`` that needs a push (labelled by
    :func:`.deadlock.pi_corral`) is searched with its border boxes alone
    (:func:`.deadlock.corral_dead`); the verdicts are cached by player,
    corral and boxes, and a dead one becomes a learned pattern.
    """
    player = st.player[s]
    for c in range(w.cinfo[0]):
        if not _needs_verdict(w.ibroken, w.cneeds, c):
            continue
        m = 0
        key = lv.zplayer[player] ^ (lv.zplayer[w.cmin[c]] * 31)
        for i in range(nb):
            if w.bmask[i] >> c & 1:
                w.kb[m] = st.boxes[s, i]
                key ^= lv.zbox[w.kb[m]]
                m += 1
        slot = key & (CORRAL_CACHE - 1)
        if w.ckey[slot] == key and w.cval[slot] > 0:
            if w.cval[slot] == 1:
                return True
            continue
        dead = corral_dead(m, player, c, stamp, lv, w, ctl)
        w.ckey[slot] = key
        w.cval[slot] = 1 if dead > 0 else 2
        if dead > 0:
            if learn and dead == 1:  # (2: dead for the goals it leaves empty, no pattern)
                learn_pattern(m, player, lv, w, pat, ctl)
            return True
    return False


@njit_one_version(kernels_only=True, **NRT_OPTION)
def _corral_work(w):
    """Whether an I-corral labelled by :func:`.deadlock.pi_corral` needs a push (a verdict)."""
    for c in range(w.cinfo[0]):  # noqa: SIM110 - no generators in numba
        if _needs_verdict(w.ibroken, w.cneeds, c):
            return True
    return False


# search calls the corral chain through its address: its code is neither linked into
# search's nor compiled after it on a fresh cache (another process compiles it meanwhile)
_corral_late = late_bound(_corral_verdict, types.boolean, "tansuo_sokoban_corral_verdict")
_corral_call = _corral_late.call


@njit_one_version(module_passes_only=True, **NRT_OPTION)
def search(units, lv, params, ctl, st, other, near, w, pat):
    """Run up to ``units`` expansions of the search whose state is in the arrays; a code.

    Parameters are the named bundles of :mod:`.state`: ``lv`` the level's
    :class:`~.state.LevelTables`, ``params`` and ``ctl`` the slot arrays,
    ``st`` this search's :class:`~.state.States`, ``other`` those of the
    search running the other way (one empty slot when there is none: a new
    state found there joins the two halves of a solution, ``ctl[C_MEET]``),
    ``near`` those of a second search forwards whose new states are looked
    for likewise (the breadth-first search near the start, ``Plan.near``;
    ``ctl[C_MEET_NEAR]`` is 1 when the meeting is there),
    ``w`` the :class:`~.state.Work` scratch and ``pat`` the learned
    :class:`~.state.Patterns`.

    The goal room of the macro (``P_ROOM >= 0``, :mod:`tansuo.sokoban.macros`):
    once the boxes in the room stand on the first goals of its packing order
    (at once, or after the boxes it started with have left or been placed),
    a box enters the room only by the macro, onto the next goal of that
    order, and never moves again. That can lose solutions, so a
    search with it that runs dry proves nothing (:func:`tansuo.sokoban.solve`
    searches again without it).

    The feature search (``P_FEATURES``, fast mode forwards only): the open
    states wait in the skew heap of their feature cell instead of in the one
    binary heap, and step 1 takes the best state of each non-empty cell in
    turn (:mod:`.features`); a child's priority adds ``P_ADVICE`` for every
    push on its path that neither packed a box, joined two regions nor (with
    ``P_GATES``) cleared a doorway. With
    ``Plan.greedy`` the solver runs the one-heap search beside it, on its
    own table (a shared table lets each queue's states steer the other's).

    Returns RUNNING, FOUND (``ctl[C_FOUND]``), EXHAUSTED or GROW.
    """
    nb = params[P_BOXES]
    mode = params[P_MODE]
    weight = params[P_WEIGHT]
    order = params[P_ORDER]
    reverse = params[P_REVERSE]
    target = params[P_TARGET]
    tunnels = params[P_TUNNELS] and not reverse
    entrance = params[P_ROOM] if not reverse else -1
    learn = params[P_LEARN] and not reverse
    features = params[P_FEATURES] and mode == MODE_FAST and not reverse
    advice = params[P_ADVICE]
    gates = params[P_GATES]
    pocket = params[P_POCKET]
    all_pushes = params[P_ALL_PUSHES]
    walls, dead, goal, deltas, dist = lv.walls, lv.dead, lv.goal, lv.deltas, lv.vdist
    zbox, zplayer = lv.zbox, lv.zplayer
    sboxes, splayer, shash, table = st.boxes, st.player, st.hash, st.table
    occ, seen, queue = w.occ, w.seen, w.queue
    pu, pv, pp, pb = w.pu, w.pv, w.pp, w.pb
    # the arrays the loop reads, taken out of their tuples once
    disc, sides, sdead, inroom = lv.disc, lv.parts, lv.sdead, lv.inroom
    hu, hv, hp, hway, hminv, hused, rows = w.hu, w.hv, w.hp, w.hway, w.hminv, w.hused, w.rows
    seen2, wdist2, mark = w.seen2, w.wdist2, w.mark
    sg, sm, sh, closed, parent = st.g, st.m, st.h, st.closed, st.parent
    hkey, hidx = st.hkey, st.hidx
    otable, ohash, oboxes, oplayer = other.table, other.hash, other.boxes, other.player
    ntable, nhash, nboxes, nplayer = near.table, near.hash, near.boxes, near.player
    goals, rank, pocket_cells, gate = lv.goals, lv.rank, lv.pocket, lv.gate
    ordix, rpush, rafter, rgoal = lv.ordix, lv.rpush, lv.rafter, lv.rgoal
    lab, lab2, lseen, rseen, cseen, cid = w.lab, w.lab2, w.lseen, w.rseen, w.cseen, w.cid
    border, wdist = w.border, w.wdist
    cap = sboxes.shape[0]
    tmask = table.size - 1
    done = 0
    while done < units:
        # Step 1. Room for one more expansion, or GROW; pop the best open state;
        # a solved state (every box on a goal; backwards: the player's start
        # region too) ends the search.
        n = ctl[C_STATES]
        room = 4 * nb + 1
        if n + room > cap or 2 * (n + room) > table.size or ctl[C_HEAP] + room > hkey.size:
            return GROW
        if ctl[C_HEAP] == 0:
            return EXHAUSTED
        if features:  # the best state of the next feature cell (.features)
            s = cell_pop(st, ctl)
            ctl[C_HEAP] -= 1
        else:
            s, ctl[C_HEAP] = heap_pop(hkey, hidx, ctl[C_HEAP])
        if closed[s]:
            continue
        closed[s] = 1
        if sh[s] == 0 and (not reverse or splayer[s] == target):
            ctl[C_FOUND] = s
            return FOUND
        done += 1
        ctl[C_EXPANDED] += 1

        # Step 2. The boxes on the board (occ: box index + 1) and the player's region.
        srow = sboxes[s]
        for i in range(nb):
            occ[sboxes[s, i]] = i + 1
        ctl[C_STAMP] += 1
        stamp = ctl[C_STAMP]
        low = player_region(splayer[s], walls, occ, seen, stamp, queue, wdist, deltas)

        # Step 3. PI-corral (sound for pushes, not for moves): only the pushes
        # into it are tried; an I-corral its own boxes cannot resolve is a
        # deadlock, learned as a pattern. With P_ALL_PUSHES every push is tried
        # (the near search: its table is there to be met, so it holds every
        # state a few pushes from the start, not only those on one order of them).
        corral = -1
        if mode != MODE_MOVES and not reverse:
            corral = pi_corral(srow, nb, stamp, lv, w)
            if corral >= 0:
                ctl[C_CORRALS] += 1
            # (through the address only when there is work: the call passes ~80 arrays)
            if _corral_work(w) and _corral_call(st, s, nb, stamp, lv, w, pat, ctl, learn != 0):
                ctl[C_CORRAL_DEAD] += 1
                _release(sboxes, s, nb, occ)
                continue
            if all_pushes and corral >= 0:  # the near search keeps every push (Plan.all_pushes)
                ctl[C_CORRALS] -= 1
                corral = -1

        # Step 4. Every push (backwards: pull) the player can make.
        matched = False  # pu, pv, pp hold the matching of state s once True
        parts = -1  # feature search: state s's regions once labelled (lab)
        in_order = entrance >= 0 and room_in_order(srow, -1, nb, inroom, ordix)
        for i in range(nb):
            b = sboxes[s, i]
            if corral >= 0 and not border[i]:
                continue
            if in_order and inroom[b]:
                continue  # a box the macro put in the goal room is on its goal for good
            for k in range(4):
                d = deltas[k]
                t = b + d
                if walls[t] or occ[t] > 0:
                    continue
                if reverse:
                    # pull: the player on t walks on to t + d, the box follows onto t
                    stand = t
                    after = t + d
                    if seen[stand] != stamp or walls[after] or occ[after] > 0:
                        continue
                else:
                    stand = b - d
                    after = b
                    if seen[stand] != stamp:
                        continue
                if corral >= 0 and not (cseen[t] == stamp and cid[t] == corral):
                    continue
                ctl[C_GENERATED] += 1
                if dead[t]:
                    ctl[C_DEAD_SQUARES] += 1
                    continue

                # Step 5. Macros: on through a one-wide tunnel; from the goal
                # room's entrance straight onto the next goal of its packing order.
                steps = 1
                if tunnels:
                    end = tunnel_end(t, k, walls, dead, goal, occ, deltas, entrance)
                    if end != t:
                        ctl[C_MACROS] += 1
                    steps += (end - t) // d
                    t = end
                    after = t - d
                if t == entrance and not inroom[b]:
                    filled = room_macro(srow, i, nb, k, inroom, ordix, rpush)
                    if filled == -1:
                        continue  # boxes enter the goal room only in its packing order
                    if filled >= 0:
                        ctl[C_MACROS] += 1
                        steps += rpush[filled, k]
                        after = rafter[filled, k]
                        t = rgoal[filled]
                # A box from whose cell, with the player on this side of it, a lone box
                # reaches no goal (board.side_distances): the other boxes only block more.
                moved = 4 * t + box_side(t, after, disc, sides)  # the box's row in the matching
                if sdead[moved]:
                    ctl[C_DEAD_SIDES] += 1
                    continue

                # Step 6. The child's boxes, sorted, in the next free row; a box
                # frozen off its goal (backwards: no pull can move it off a cell
                # that is not a start cell) or a learned pattern is a deadlock.
                occ[b] = 0
                occ[t] = i + 1
                n = ctl[C_STATES]
                row = sboxes[n]
                moved_row(srow, nb, i, t, row)
                if (
                    freeze_fill_deadlock(t, row, nb, walls, dead, goal, mark, deltas, occ)
                    if not reverse
                    else pull_freeze(t, row, nb, walls, dead, goal, mark, deltas)
                ):
                    ctl[C_FREEZE] += 1
                    occ[t] = 0
                    occ[b] = i + 1
                    continue

                # Step 7. The child's player: its real cell (moves), else the
                # top-left cell of its region, from the parent's when it can.
                stamp2 = -1  # the child's region: seen2 == stamp2 (whole) or from the parent's
                whole = False
                if mode == MODE_MOVES:
                    player = b
                else:
                    ctl[C_STAMP] += 1
                    stamp2 = ctl[C_STAMP]
                    player = -1
                    if t == b + d:
                        player = child_region(b, t, low, walls, occ, seen, stamp, seen2,
                                              stamp2, queue, deltas)  # fmt: skip
                    if player < 0:
                        ctl[C_FLOODS] += 1
                        whole = True
                        player = player_region(after, walls, occ, seen2, stamp2, queue,
                                               wdist2, deltas)  # fmt: skip
                if ctl[C_PATTERNS] > 0 and not reverse and pattern_dead(t, player, occ, lv, w, pat,
                                                                        ctl, stamp, stamp2, b,
                                                                        whole):  # fmt: skip
                    ctl[C_PATTERN_DEAD] += 1
                    occ[t] = 0
                    occ[b] = i + 1
                    continue
                penalty = 0
                if mode == MODE_FAST and order > 0:  # backwards: solve.REVERSE_ORDER
                    penalty = order * disorder(goals, rank, occ)
                shut = pocket > 0 and pocket_shut(pocket_cells, occ)  # backwards (see Step 10)
                occ[t] = 0
                occ[b] = i + 1

                # Step 8. Seen before? A* opens a stored state again when this
                # path to it is shorter; fast mode never does.
                h = shash[s] ^ zbox[b] ^ zbox[t] ^ zplayer[splayer[s]] ^ zplayer[player]
                g = sg[s] + steps
                m = sm[s] + wdist[stand] + steps
                slot = h & tmask
                found = -1
                while table[slot] >= 0:
                    o = table[slot]
                    if shash[o] == h and splayer[o] == player:
                        same = True
                        for q in range(nb):
                            if sboxes[o, q] != row[q]:
                                same = False
                                break
                        if same:
                            found = o
                            break
                    slot = (slot + 1) & tmask
                if found >= 0:
                    ctl[C_DUPLICATES] += 1
                    if mode == MODE_FAST or closed[found]:
                        continue
                    better = g < sg[found] if mode == MODE_PUSHES else m < sm[found]
                    if better:
                        sg[found] = g
                        sm[found] = m
                        parent[found] = s
                        key = heap_key(mode, weight, g, m, sh[found])
                        ctl[C_HEAP] = heap_push(hkey, hidx, ctl[C_HEAP], key, found)
                    continue

                # Step 9. The lower bound: the parent's matching, updated for the
                # moved box by one augmenting path; none perfect is a deadlock.
                # Each box is matched on its side: 4 * cell + the part of the floor
                # the player is in beside it (board.side_distances); only the
                # moved box's side changes, the others' parts stay what they were.
                # The expanded state's own matching comes from the last one this
                # search made (board.rematch): most often its parent's, one box apart.
                if not matched:
                    for q in range(nb):
                        c = sboxes[s, q]
                        rows[q] = 4 * c + box_side(c, splayer[s], disc, sides)
                    rematch(rows, pb, nb, dist, pu, pv, pp, hway, hminv, hused)
                    matched = True
                for q in range(nb + 1):
                    hu[q] = pu[q]
                    hv[q] = pv[q]
                    hp[q] = pp[q]
                was = pb[i]
                pb[i] = moved
                lb = hungarian_update(pb, nb, i, dist, hu, hv, hp, hway, hminv, hused)
                pb[i] = was
                if lb >= INF:
                    ctl[C_MATCHING] += 1
                    continue

                # Step 10. Store the child; it may meet the other search (a
                # solution in two halves), be solved (fast mode stops at once),
                # or go on the open list.
                splayer[n] = player
                parent[n] = s
                sg[n] = g
                sm[n] = m
                sh[n] = lb
                shash[n] = h
                closed[n] = 0
                table[slot] = n
                ctl[C_STATES] = n + 1
                if lb < ctl[C_LOWEST]:
                    ctl[C_LOWEST] = lb
                meet = find_state(otable, ohash, oboxes, oplayer, h, player,
                                  row, nb)  # fmt: skip
                ctl[C_MEET_NEAR] = 0
                if meet < 0 and nboxes.shape[1] == nb:
                    meet = find_state(ntable, nhash, nboxes, nplayer, h, player,
                                      row, nb)  # fmt: skip
                    ctl[C_MEET_NEAR] = 1
                if meet >= 0:
                    _release(sboxes, s, nb, occ)
                    ctl[C_FOUND] = n
                    ctl[C_MEET] = meet
                    ctl[C_MEETINGS] += 1
                    return FOUND
                if mode == MODE_FAST and lb == 0 and (not reverse or player == target):
                    _release(sboxes, s, nb, occ)
                    ctl[C_FOUND] = n
                    return FOUND
                if shut and (player != target or lb > 0):
                    # backwards: the start's pocket is shut, and the player outside it must
                    # get in, or inside it must get out to a box not yet on its start cell
                    penalty = pocket
                key = heap_key(mode, weight, g, m, lb + penalty)
                if features:  # into the heap of its feature cell
                    # The child's regions: from the parent's count and player region
                    # when they tell, else from the parent's labels, else a flood.
                    occ[b] = 0
                    occ[t] = i + 1
                    cut = -1
                    before = cell_regions(st.cell[s])
                    if before < FEATURE_REGIONS:
                        cut = player_side_regions(b, t, before, walls, occ, seen, stamp, rseen,
                                                  queue, deltas, ctl)  # fmt: skip
                    if cut < 0:
                        if parts < 0:  # the parent's labels, on the parent's position
                            occ[t] = 0
                            occ[b] = i + 1
                            parts = label_regions(walls, occ, lab, lseen, stamp, queue, deltas)
                            occ[b] = 0
                            occ[t] = i + 1
                        cut = moved_regions(b, t, parts, walls, occ, lab, deltas)
                    if cut < 0:
                        cut = regions(walls, occ, lab2, rseen, queue, deltas, ctl)
                    blocked = gated(gate, row, nb) if gates else 0
                    # A push that leaves the boxes on the same goals keeps the parent's
                    # packing: the same boxes packed, and an empty goal they shut stays
                    # shut (a box pushed into its reach was in it already).
                    pack = cell_packing(st.cell[s])
                    if goal[b] or goal[t]:
                        pack = packing(lv, occ, w, ctl)
                    cell = cell_index(pack, cut, blocked)
                    occ[t] = 0
                    occ[b] = i + 1
                    st.acc[n] = st.acc[s] + (0 if advised(st.cell[s], cell) else 1)
                    cell_push(st, n, cell, key + advice * st.acc[n] * SECONDARY)
                    ctl[C_HEAP] += 1
                else:
                    ctl[C_HEAP] = heap_push(hkey, hidx, ctl[C_HEAP], key, n)
        _release(sboxes, s, nb, occ)
        if ctl[C_HEAP] > ctl[C_MAX_FRONTIER]:
            ctl[C_MAX_FRONTIER] = ctl[C_HEAP]
    return RUNNING


# search(units, lv, params, ctl, st, other, near, w, pat) passes _corral_verdict
# (st, s, nb, stamp, lv, w, pat, ctl, learn)
bind_late(
    search,
    _corral_late,
    lambda a: (a[4], types.int64, types.int64, types.int64, a[1], a[7], a[8], a[3], types.boolean),
)

"""Numba kernels of the Sokoban solver: one resumable best-first search over pushes.

The search state lives in flat arrays that Python allocates and grows
(:mod:`tansuo.sokoban.solve`); :func:`search` runs at most ``units``
expansions and returns a code, so that Python can look at the clock, grow the
arrays within the memory budget, and call it again.

A state is a sorted row of box cells (``boxes[s]``), a player cell
(``player[s]``: the top-left cell of the player's region when pushes are
counted, the real cell when moves are), its parent, pushes ``g``, moves ``m``
and lower bound ``h``. States are found again through a Zobrist hash in an
open-addressing table. The lower bound is the minimum-cost matching of boxes
to goals (Hungarian algorithm) on per-cell push distances, solved once per
expanded state and updated for each push by one augmenting path; a box that
no goal can take, a frozen box off its goal, no perfect matching, or a
closed corral that its own boxes cannot resolve is a deadlock.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# -- modes ------------------------------------------------------------------
MODE_FAST = 0
"""Greedy best-first on the lower bound (ties: fewer pushes); solutions not optimal."""
MODE_PUSHES = 1
"""A* on pushes (player normalised to its region)."""
MODE_MOVES = 2
"""A* on moves (player on its real cell), the push bound as the estimate."""

# -- slots of ``params`` ------------------------------------------------------
P_BOXES = 0
P_MODE = 1
P_WEIGHT = 2  # fast mode: priority = WEIGHT * (h + ORDER * disorder) + g
P_ORDER = 3
P_REVERSE = 4  # 1: pull boxes from the goals back to the start (a search backwards)
P_TARGET = 5  # backwards: the start's player cell, normalised to its region
P_TUNNELS = 6  # 1: a push into a one-wide tunnel goes on through it (see tunnel_end)
P_ROOM = 7  # the goal room's entrance cell, -1: no goal-room macro (see tansuo.sokoban.macros)
PARAM_SLOTS = 8

# -- slots of ``ctl`` (the counters, kept between calls) ---------------------
C_STATES = 0
C_HEAP = 1
C_EXPANDED = 2
C_GENERATED = 3
C_FOUND = 4
C_STAMP = 5
C_MAX_FRONTIER = 6
C_DEADLOCKS = 7
C_DUPLICATES = 8
C_CORRALS = 9
C_MEET = 10  # the other search's state that the found one equals (-1: none)
C_MEETINGS = 11
C_MACROS = 12  # pushes that a tunnel or goal-room macro carried on
C_CORRAL_DEAD = 13  # states found dead by a corral's own search (see corral_dead)
C_FLOODS = 14  # children whose player region was flooded whole (see child_region)
CTL_SLOTS = 15

# -- return codes -----------------------------------------------------------
RUNNING = 0
"""The units ran out; call again."""
FOUND = 1
"""``ctl[C_FOUND]`` is a solved state."""
EXHAUSTED = 2
"""Nothing left to expand: no solution."""
GROW = 3
"""The state arrays, table or heap are too small for one more expansion."""

INF = 1 << 20
"""A push distance that stands for "never"."""
_BIG = 1 << 50
SECONDARY = 1 << 24
"""Heap keys are ``primary * SECONDARY + secondary``."""


@njit(cache=True)
def push_distances(walls, goals, deltas, pull=False):
    """``dist[g, c]``: fewest pushes of a lone box from ``c`` onto goal ``g`` (INF: never).

    Pull search from each goal: a box at ``x`` came from ``x - d`` with the
    player behind it at ``x - 2d``; both must be floor. With ``pull``, the
    fewest pulls instead: a box at ``x`` came from ``x - d`` with the player
    walking from ``x`` to ``x + d``.
    """
    n = walls.size
    dist = np.full((goals.size, n), INF, dtype=np.int32)
    queue = np.empty(n, dtype=np.int64)
    for gi in range(goals.size):
        head = 0
        tail = 1
        queue[0] = goals[gi]
        dist[gi, goals[gi]] = 0
        while head < tail:
            x = queue[head]
            head += 1
            for k in range(4):
                d = deltas[k]
                c = x - d
                p = x + d if pull else x - 2 * d
                if p < 0 or p >= n or walls[c] or walls[p]:
                    continue
                if dist[gi, c] == INF:
                    dist[gi, c] = dist[gi, x] + 1
                    queue[tail] = c
                    tail += 1
    return dist


@njit(cache=True)
def _augment(i, boxes, nb, dist, u, v, p, way, minv, used):
    """Match row ``i`` (1-based) by one shortest augmenting path, keeping ``u, v`` feasible.

    The Hungarian algorithm's step (e-maxx's O(n^2) form): goals are columns
    1..nb, ``p[j]`` the row matched to column ``j`` (0 for none), ``dist[j - 1,
    boxes[i - 1]]`` the cost of row ``i`` at column ``j``.
    """
    p[0] = i
    j0 = 0
    for j in range(nb + 1):
        minv[j] = _BIG
        used[j] = False
    while True:
        used[j0] = True
        i0 = p[j0]
        delta = _BIG
        j1 = 0
        cell = boxes[i0 - 1]
        for j in range(1, nb + 1):
            if not used[j]:
                cur = dist[j - 1, cell] - u[i0] - v[j]
                if cur < minv[j]:
                    minv[j] = cur
                    way[j] = j0
                if minv[j] < delta:
                    delta = minv[j]
                    j1 = j
        for j in range(nb + 1):
            if used[j]:
                u[p[j]] += delta
                v[j] -= delta
            else:
                minv[j] -= delta
        j0 = j1
        if p[j0] == 0:
            break
    while True:
        j1 = way[j0]
        p[j0] = p[j1]
        j0 = j1
        if j0 == 0:
            break


@njit(cache=True)
def hungarian(boxes, nb, dist, u, v, p, way, minv, used):
    """Minimum-cost perfect matching of boxes to goals on ``dist``; >= INF if none exists."""
    for j in range(nb + 1):
        u[j] = 0
        v[j] = 0
        p[j] = 0
        way[j] = 0
    for i in range(1, nb + 1):
        _augment(i, boxes, nb, dist, u, v, p, way, minv, used)
    return -v[0]


@njit(cache=True)
def hungarian_update(boxes, nb, row, dist, u, v, p, way, minv, used):
    """The matching cost after box ``row`` (0-based) of ``boxes`` moved: one augmenting path.

    ``u, v, p`` hold an optimal matching of the boxes before the move (as
    :func:`hungarian` leaves them) and are updated to one of ``boxes`` now.
    Only the moved box's costs changed: its goal is freed, its potential
    lowered until every reduced cost of its row is >= 0 again (the others
    stay feasible), and one shortest augmenting path (O(n^2), not O(n^3))
    matches it again. Returns the cost (>= INF: no perfect matching).
    """
    i = row + 1
    cell = boxes[row]
    for j in range(1, nb + 1):
        if p[j] == i:
            p[j] = 0
    low = _BIG
    for j in range(1, nb + 1):
        cur = dist[j - 1, cell] - v[j]
        if cur < low:
            low = cur
    u[i] = low
    _augment(i, boxes, nb, dist, u, v, p, way, minv, used)
    total = 0
    for j in range(1, nb + 1):
        total += dist[j - 1, boxes[p[j] - 1]]
    return total


@njit(cache=True)
def _blocked(cell, d, walls, dead, frozen):
    """Whether the box on ``cell`` cannot be pushed along ``d`` (either way)."""
    a = cell - d
    b = cell + d
    return walls[a] or walls[b] or frozen[a] or frozen[b] or (dead[a] and dead[b])


@njit(cache=True)
def freeze_deadlock(cell, boxes, nb, walls, dead, goal, frozen, deltas):
    """Whether the box just pushed onto ``cell`` is frozen, with a frozen box off its goal.

    ``boxes[:nb]`` are the box cells after the push (``cell`` among them);
    ``frozen`` is per-cell scratch, all zero on entry and on return. The frozen
    boxes are the largest set in which every box is blocked on both axes by a
    wall, a box of the set, or dead squares on both sides: start from all the
    boxes and drop the ones that can move until nothing changes. Boxes frozen
    before this push were checked when they were pushed, so only a set that
    holds ``cell`` is new.
    """
    for q in range(nb):
        frozen[boxes[q]] = 1
    h = deltas[2]
    v = deltas[3]
    result = False
    if _blocked(cell, h, walls, dead, frozen) and _blocked(cell, v, walls, dead, frozen):
        changed = True
        while changed and frozen[cell]:
            changed = False
            for q in range(nb):
                c = boxes[q]
                if frozen[c] and not (
                    _blocked(c, h, walls, dead, frozen) and _blocked(c, v, walls, dead, frozen)
                ):
                    frozen[c] = 0
                    changed = True
        if frozen[cell]:
            for q in range(nb):
                if frozen[boxes[q]] and not goal[boxes[q]]:
                    result = True
    for q in range(nb):
        frozen[boxes[q]] = 0
    return result


@njit(cache=True)
def _heap_push(hkey, hidx, n, key, idx):
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


@njit(cache=True)
def _heap_pop(hkey, hidx, n):
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


@njit(cache=True)
def heap_key(mode, weight, g, m, h):
    """The priority of a state: smaller pops first."""
    if mode == MODE_FAST:
        return (weight * h + g) * SECONDARY + h
    if mode == MODE_PUSHES:
        return (g + h) * SECONDARY + h
    return (m + h) * SECONDARY + min(g + h, SECONDARY - 1)


@njit(cache=True)
def disorder(goals, rank, occ):
    """Boxes on goals that the packing order fills later than a goal still empty.

    ``rank[c]`` is the packing rank of goal cell ``c`` (0 first); a goal room
    filled from its entrance locks its own inner goals out.
    """
    low = 1 << 30
    for g in goals:
        if occ[g] == 0 and rank[g] < low:
            low = rank[g]
    count = 0
    for g in goals:
        if occ[g] > 0 and rank[g] > low:
            count += 1
    return count


@njit(cache=True)
def _region(start, walls, occ, seen, stamp, queue, dist, deltas):
    """Flood the player's region from ``start``: ``seen[c] == stamp``, walk lengths in ``dist``.

    Returns the smallest cell reached (the region's top-left cell).
    """
    head = 0
    tail = 1
    queue[0] = start
    seen[start] = stamp
    dist[start] = 0
    low = start
    while head < tail:
        c = queue[head]
        head += 1
        for k in range(4):
            x = c + deltas[k]
            if seen[x] != stamp and not walls[x] and occ[x] == 0:
                seen[x] = stamp
                dist[x] = dist[c] + 1
                queue[tail] = x
                tail += 1
                if x < low:
                    low = x
    return low


@njit(cache=True)
def child_region(b, t, low, walls, occ, seen, stamp, seen2, stamp2, queue, deltas):
    """The top-left cell of the player's region after one push or pull, from its parent's region.

    The box on ``b`` has moved to the adjacent cell ``t`` (``occ`` already says
    so) and the player stands next to it, on ``b`` after a push or beyond
    ``t`` after a pull. The parent's region ``R`` is ``seen[c] == stamp`` with
    ``low`` its smallest cell. When ``t`` was outside ``R``, or its free
    neighbours are still joined by a walk round the eight cells about it (so
    that ``t`` did not cut ``R``), the new region is ``R - {t} + {b}`` plus
    what the freed ``b`` opens, which is the only part flooded (marked
    ``seen2[c] == stamp2``). Returns -1 when that does not hold, or when ``t``
    was ``R``'s smallest cell; the caller floods the whole region then.
    """
    if seen[t] == stamp:
        if t == low:
            return -1
        w = deltas[3]
        ring = (t - w, t - w + 1, t + 1, t + w + 1, t + w, t + w - 1, t - 1, t - w - 1)
        start = -1
        for j in range(8):
            c = ring[j]
            if walls[c] or occ[c] > 0:
                start = j
                break
        if start >= 0:  # count the runs of free ring cells that hold a neighbour of t
            runs = 0
            orthogonal = False
            for j in range(start + 1, start + 9):
                c = ring[j % 8]
                if walls[c] or occ[c] > 0:
                    if orthogonal:
                        runs += 1
                    orthogonal = False
                elif j % 2 == 0:
                    orthogonal = True
            if runs > 1:
                return -1
    head = 0
    tail = 1
    queue[0] = b
    seen2[b] = stamp2
    if b < low:
        low = b
    while head < tail:
        c = queue[head]
        head += 1
        for k in range(4):
            x = c + deltas[k]
            if seen[x] != stamp and seen2[x] != stamp2 and not walls[x] and occ[x] == 0:
                seen2[x] = stamp2
                queue[tail] = x
                tail += 1
                if x < low:
                    low = x
    return low


MAX_CORRALS = 64


@njit(cache=True)
def pi_corral(boxes, nb, walls, dead, goal, occ, seen, stamp, cseen, cid, queue, deltas,
              border, pushes, needs, broken, bmask, ibroken, cinfo, cmin):  # fmt: skip
    """The PI-corral to resolve first, or -1: only pushes into it need be tried.

    A corral is an area the player cannot reach, fenced by walls and its
    border boxes (the boxes next to it). It is an I-corral when every push
    of a border box that could ever come before the first push into the
    corral goes into it, and a PI-corral when the player can make each of
    those pushes now. A corral with work in it (an empty goal inside, or a
    border box off its goal) needs a push of a border box in every solution,
    and the first one goes into the corral (I); the pushes before it move
    other boxes, which never touch the corral (a box that could enter it
    would border it), so making it first (P) loses nothing and costs no
    extra push: the pruning is sound for push-optimality, not for moves.

    A push of a border box is left out of the I test when it cannot come
    before the first push into the corral: the player would stand inside it,
    the box would land on a wall, a dead square or another border box, or
    the player's cell is a wall or another border box. Every other push
    counts, even when a box that may move away blocks it now.

    Labels the corrals in ``cid`` (``cseen[c] == stamp``); ``border[i]``
    says whether box ``i`` borders the returned corral. ``bmask`` is
    per-box scratch (bit ``c``: box ``i`` borders corral ``c``);
    ``ibroken[c]`` says whether corral ``c`` fails the I test, ``cmin[c]``
    is its smallest cell, ``cinfo[0]`` the number of corrals.
    """
    cinfo[0] = 0
    count = 0
    for i in range(nb):
        b = boxes[i]
        for k in range(4):
            x = b + deltas[k]
            if walls[x] or occ[x] > 0 or seen[x] == stamp or cseen[x] == stamp:
                continue
            if count == MAX_CORRALS:
                return -1
            # flood a new corral
            head = 0
            tail = 1
            queue[0] = x
            cseen[x] = stamp
            cid[x] = count
            cmin[count] = x
            pushes[count] = 0
            needs[count] = 0
            broken[count] = 0
            ibroken[count] = 0
            while head < tail:
                c = queue[head]
                head += 1
                if goal[c]:
                    needs[count] = 1  # an empty goal inside
                if c < cmin[count]:
                    cmin[count] = c
                for q in range(4):
                    y = c + deltas[q]
                    if not walls[y] and occ[y] == 0 and cseen[y] != stamp:
                        cseen[y] = stamp
                        cid[y] = count
                        queue[tail] = y
                        tail += 1
            count += 1
    cinfo[0] = count
    if count == 0:
        return -1
    for i in range(nb):
        b = boxes[i]
        mask = 0
        for k in range(4):
            x = b + deltas[k]
            if cseen[x] == stamp and occ[x] == 0 and not walls[x]:
                mask |= 1 << cid[x]
        bmask[i] = mask
        if not goal[b]:
            for c in range(count):
                if mask >> c & 1:
                    needs[c] = 1  # a border box off its goal
    for i in range(nb):
        b = boxes[i]
        mask = bmask[i]
        if mask == 0:
            continue
        for k in range(4):
            d = deltas[k]
            t = b + d
            p = b - d
            if walls[t] or walls[p] or dead[t]:
                continue
            tfree = occ[t] == 0
            pfree = occ[p] == 0
            tmask = 0 if tfree else bmask[occ[t] - 1]
            pmask = 0 if pfree else bmask[occ[p] - 1]
            for c in range(count):
                if not mask >> c & 1 or ibroken[c]:
                    continue
                if pfree and cseen[p] == stamp and cid[p] == c:
                    continue  # the player would stand inside the corral
                if pmask >> c & 1 or tmask >> c & 1:
                    continue  # blocked by a border box until one moves
                if tfree and cseen[t] == stamp and cid[t] == c:
                    if pfree and seen[p] == stamp:
                        pushes[c] += 1
                    else:
                        broken[c] = 1  # P fails: the player cannot make this push now
                else:
                    broken[c] = 1  # I fails: a push that does not go into the corral
                    ibroken[c] = 1
    best = -1
    for c in range(count):
        if not broken[c] and needs[c] and pushes[c] > 0 and (best < 0 or pushes[c] < pushes[best]):
            best = c
    if best >= 0:
        for i in range(nb):
            border[i] = bmask[i] >> best & 1
    return best


CORRAL_NODES = 300
"""Positions a corral's own search (:func:`corral_dead`) looks at before it gives up."""
CORRAL_QUEUE = 4096
CORRAL_CACHE = 1 << 14


@njit(cache=True)
def _moved(boxes, nb, i, t, out):
    """``out``: the sorted cells ``boxes[:nb]`` with box ``i`` moved to cell ``t``, still sorted."""
    j = 0
    placed = False
    for q in range(nb):
        c = boxes[q]
        if q == i:
            continue
        if not placed and t < c:
            out[j] = t
            j += 1
            placed = True
        out[j] = c
        j += 1
    if not placed:
        out[j] = t


@njit(cache=True)
def corral_dead(kb, m, player, c, stamp, cseen, cid, walls, dead, goal, deltas, zbox, zplayer,
                occ2, rseen, cinfo, queue, frozen, qb, qp, vb, vp, vh):  # fmt: skip
    """Whether corral ``c`` can never be resolved: the position is dead.

    A search of the corral's border boxes ``kb[:m]`` alone (the other boxes
    taken away), the player starting on ``player``, for a position where the
    player reaches a cell of the corral (``cseen == stamp``, ``cid == c``) or
    every one of these boxes is on a goal. Taking boxes away only frees the
    player and the boxes, and every push of these boxes in a real solution
    can be made in this search too; a real solution ends with every box on
    a goal, so if this search finds neither way out, no solution exists.
    Pushes onto dead squares and into freeze deadlocks of these boxes (which
    freeze with more boxes too) are left out. It gives up (False: not known
    to be dead) after :data:`CORRAL_NODES` positions or a full queue.
    """
    qcap = qb.shape[0]
    for q in range(m):
        qb[0, q] = kb[q]
    qp[0] = player
    head = 0
    tail = 1
    nodes = 0
    while head < tail:
        row = qb[head]
        pl = qp[head]
        head += 1
        for q in range(m):
            occ2[row[q]] = 1
        cinfo[1] += 1
        st = cinfo[1]
        # flood the player's region; reaching the corral resolves it
        rh = 0
        rt = 1
        queue[0] = pl
        rseen[pl] = st
        low = pl
        opened = False
        while rh < rt:
            x = queue[rh]
            rh += 1
            if cseen[x] == stamp and cid[x] == c:
                opened = True
                break
            for k in range(4):
                y = x + deltas[k]
                if rseen[y] != st and not walls[y] and occ2[y] == 0:
                    rseen[y] = st
                    queue[rt] = y
                    rt += 1
                    if y < low:
                        low = y
        solved = True
        for q in range(m):
            if not goal[row[q]]:
                solved = False
        if opened or solved or nodes == vh.size:
            for q in range(m):
                occ2[row[q]] = 0
            return False
        h = zplayer[low]
        for q in range(m):
            h ^= zbox[row[q]]
        seen_before = False
        for v in range(nodes):
            if vh[v] == h and vp[v] == low:
                same = True
                for q in range(m):
                    if vb[v, q] != row[q]:
                        same = False
                        break
                if same:
                    seen_before = True
                    break
        if not seen_before:
            vh[nodes] = h
            vp[nodes] = low
            for q in range(m):
                vb[nodes, q] = row[q]
            nodes += 1
            for i in range(m):
                b = row[i]
                for k in range(4):
                    d = deltas[k]
                    t = b + d
                    if walls[t] or occ2[t] or dead[t] or rseen[b - d] != st:
                        continue
                    if tail == qcap:
                        for q in range(m):
                            occ2[row[q]] = 0
                        return False
                    child = qb[tail]
                    _moved(row, m, i, t, child)
                    if freeze_deadlock(t, child, m, walls, dead, goal, frozen, deltas):
                        continue
                    qp[tail] = b
                    tail += 1
        for q in range(m):
            occ2[row[q]] = 0
    return True


@njit(cache=True)
def _locked(cell, k, walls, deltas):
    """Whether walls flank ``cell`` on both sides across direction ``k`` (a one-wide corridor)."""
    side = deltas[(k + 1) % 4]
    return walls[cell + side] and walls[cell - side]


@njit(cache=True)
def tunnel_end(t, k, walls, dead, goal, occ, deltas, stop):
    """Where a box just pushed onto ``t`` along direction ``k`` ends under the tunnel macro.

    While the box's cell ``t`` is off the goals and ``t`` and the next cell
    ``t + d`` are both flanked by walls across ``d``, the box goes on to
    ``t + d`` (when that is free floor and not dead). Sound (no solution is
    lost): with walls on both sides, a box on ``t`` can only ever move along
    ``d``, and nothing can cross ``t + d`` but along the corridor, which the
    box on ``t`` blocks; so every solution from the box on ``t`` has a twin
    from the box on ``t + d`` (the player is behind it on ``t``, and reaches
    ``t + 2d`` whenever it could reach ``t + d`` before). A box pushed onto
    ``t + d`` from the far side would freeze both, so no solution does that.
    The box stops on ``stop`` (a goal room's entrance, where the next macro
    takes over).
    """
    d = deltas[k]
    while t != stop and not goal[t] and _locked(t, k, walls, deltas):
        nxt = t + d
        if walls[nxt] or occ[nxt] > 0 or dead[nxt] or not _locked(nxt, k, walls, deltas):
            break
        t = nxt
    return t


@njit(cache=True)
def room_macro(row_of, skip, nb, k, inroom, ordix, rpush):
    """How many goals of the room are filled, when a box just pushed onto the entrance
    along direction ``k`` can take the next one (-1: no macro).

    ``row_of[:nb]`` are the boxes before the push, ``skip`` the pushed one's
    index. The macro applies when the boxes in the room stand exactly on the
    first goals of the packing order (``ordix``: a goal's place in it, -1
    elsewhere) and the room has a route for the next goal (``rpush >= 0``).
    """
    count = 0
    top = -1
    for q in range(nb):
        c = row_of[q]
        if q == skip or not inroom[c]:
            continue
        count += 1
        if ordix[c] < 0:
            return -1
        if ordix[c] > top:
            top = ordix[c]
    if top >= count or count >= rpush.shape[0] or rpush[count, k] < 0:
        return -1
    return count


@njit(cache=True)
def state_hash(boxes, player, zbox, zplayer):
    h = zplayer[player]
    for c in boxes:
        h ^= zbox[c]
    return h


@njit(cache=True)
def table_insert(table, shash, idx):
    mask = table.size - 1
    slot = shash[idx] & mask
    while table[slot] >= 0:
        slot = (slot + 1) & mask
    table[slot] = idx


@njit(cache=True)
def rehash(table, shash, count):
    """Fill a fresh (all -1) table with states ``0 .. count-1``."""
    for i in range(count):
        table_insert(table, shash, i)


@njit(cache=True)
def _find(table, shash, sboxes, splayer, h, player, row, nb):
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


@njit(cache=True)
def search(
    units,
    walls,
    dead,
    goal,
    goals,
    rank,
    dist,
    zbox,
    zplayer,
    deltas,
    params,
    sboxes,
    splayer,
    sparent,
    sg,
    sm,
    sh,
    shash,
    sclosed,
    table,
    hkey,
    hidx,
    ctl,
    occ,
    seen,
    seen2,
    wdist,
    wdist2,
    queue,
    mark,
    oboxes,
    oplayer,
    ohash,
    otable,
    inroom,
    ordix,
    rgoal,
    rpush,
    rafter,
):
    """Run up to ``units`` expansions of the search whose state is in the arrays; a code.

    ``oboxes, oplayer, ohash, otable`` are the states and table of the search
    running the other way (a one-slot empty table when there is none): a new
    state found there joins the two halves of a solution (``ctl[C_MEET]``).
    ``inroom, ordix, rgoal, rpush, rafter`` describe the goal room of the
    macro (:class:`tansuo.sokoban.macros.GoalRoom`; used when ``P_ROOM >= 0``):
    a box enters the room only by the macro, onto the next goal of the
    packing order, and never moves again. That can lose solutions, so a
    search with it that runs dry proves nothing (:func:`tansuo.sokoban.solve`
    searches again without it).
    """
    nb = params[P_BOXES]
    mode = params[P_MODE]
    weight = params[P_WEIGHT]
    order = params[P_ORDER]
    reverse = params[P_REVERSE]
    target = params[P_TARGET]
    tunnels = params[P_TUNNELS] and not reverse
    entrance = params[P_ROOM] if not reverse else -1
    cap = sboxes.shape[0]
    tmask = table.size - 1
    hu = np.zeros(nb + 1, dtype=np.int64)
    hv = np.zeros(nb + 1, dtype=np.int64)
    hp = np.zeros(nb + 1, dtype=np.int64)
    hway = np.zeros(nb + 1, dtype=np.int64)
    hminv = np.zeros(nb + 1, dtype=np.int64)
    hused = np.zeros(nb + 1, dtype=np.bool_)
    pu = np.zeros(nb + 1, dtype=np.int64)  # the expanded state's matching, for hungarian_update
    pv = np.zeros(nb + 1, dtype=np.int64)
    pp = np.zeros(nb + 1, dtype=np.int64)
    pb = np.zeros(nb, dtype=np.int64)
    cseen = np.zeros(walls.size, dtype=np.int64)
    cid = np.zeros(walls.size, dtype=np.int64)
    border = np.zeros(nb, dtype=np.uint8)
    cpushes = np.zeros(MAX_CORRALS, dtype=np.int64)
    cneeds = np.zeros(MAX_CORRALS, dtype=np.uint8)
    cbroken = np.zeros(MAX_CORRALS, dtype=np.uint8)
    bmask = np.zeros(nb, dtype=np.int64)
    ibroken = np.zeros(MAX_CORRALS, dtype=np.uint8)
    cmin = np.zeros(MAX_CORRALS, dtype=np.int64)
    cinfo = np.zeros(2, dtype=np.int64)
    kb = np.zeros(nb, dtype=np.int64)
    occ2 = np.zeros(walls.size, dtype=np.uint8)
    rseen = np.zeros(walls.size, dtype=np.int64)
    frozen2 = np.zeros(walls.size, dtype=np.uint8)
    qb = np.zeros((CORRAL_QUEUE, nb), dtype=np.int64)
    qp = np.zeros(CORRAL_QUEUE, dtype=np.int64)
    vb = np.zeros((CORRAL_NODES, nb), dtype=np.int64)
    vp = np.zeros(CORRAL_NODES, dtype=np.int64)
    vh = np.zeros(CORRAL_NODES, dtype=np.int64)
    ckey = np.zeros(CORRAL_CACHE, dtype=np.int64)
    cval = np.zeros(CORRAL_CACHE, dtype=np.uint8)
    done = 0
    while done < units:
        n = ctl[C_STATES]
        room = 4 * nb + 1
        if n + room > cap or 2 * (n + room) > table.size or ctl[C_HEAP] + room > hkey.size:
            return GROW
        if ctl[C_HEAP] == 0:
            return EXHAUSTED
        s, ctl[C_HEAP] = _heap_pop(hkey, hidx, ctl[C_HEAP])
        if sclosed[s]:
            continue
        sclosed[s] = 1
        if sh[s] == 0 and (not reverse or splayer[s] == target):
            ctl[C_FOUND] = s
            return FOUND
        done += 1
        ctl[C_EXPANDED] += 1
        for i in range(nb):
            occ[sboxes[s, i]] = i + 1
        ctl[C_STAMP] += 1
        stamp = ctl[C_STAMP]
        low = _region(splayer[s], walls, occ, seen, stamp, queue, wdist, deltas)
        corral = -1
        if mode != MODE_MOVES and not reverse:  # sound for pushes, not for moves
            corral = pi_corral(sboxes[s], nb, walls, dead, goal, occ, seen, stamp, cseen, cid,
                               queue, deltas, border, cpushes, cneeds, cbroken, bmask, ibroken,
                               cinfo, cmin)  # fmt: skip
            if corral >= 0:
                ctl[C_CORRALS] += 1
            # an I-corral with work in it that its own boxes cannot resolve: dead
            dead_state = False
            for c in range(cinfo[0]):
                if ibroken[c] or not cneeds[c]:
                    continue
                m = 0
                key = zplayer[splayer[s]] ^ (zplayer[cmin[c]] * 31)
                for i in range(nb):
                    if bmask[i] >> c & 1:
                        kb[m] = sboxes[s, i]
                        key ^= zbox[kb[m]]
                        m += 1
                slot = key & (CORRAL_CACHE - 1)
                if ckey[slot] == key and cval[slot] > 0:
                    dead_state = cval[slot] == 1
                else:
                    dead_state = corral_dead(kb, m, splayer[s], c, stamp, cseen, cid, walls, dead,
                                             goal, deltas, zbox, zplayer, occ2, rseen, cinfo,
                                             queue, frozen2, qb, qp, vb, vp, vh)  # fmt: skip
                    ckey[slot] = key
                    cval[slot] = 1 if dead_state else 2
                if dead_state:
                    break
            if dead_state:
                ctl[C_CORRAL_DEAD] += 1
                for q in range(nb):
                    occ[sboxes[s, q]] = 0
                continue
        matched = False  # pu, pv, pp hold the matching of state s
        for i in range(nb):
            b = sboxes[s, i]
            if corral >= 0 and not border[i]:
                continue
            if entrance >= 0 and inroom[b]:
                continue  # a box in the goal room is on its goal for good
            for k in range(4):
                d = deltas[k]
                t = b + d
                if walls[t] or occ[t] > 0 or dead[t]:
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
                steps = 1
                if tunnels:
                    end = tunnel_end(t, k, walls, dead, goal, occ, deltas, entrance)
                    if end != t:
                        ctl[C_MACROS] += 1
                    steps += (end - t) // d
                    t = end
                    after = t - d
                if t == entrance:
                    filled = room_macro(sboxes[s], i, nb, k, inroom, ordix, rpush)
                    if filled < 0:
                        continue  # boxes enter the goal room only in its packing order
                    ctl[C_MACROS] += 1
                    steps += rpush[filled, k]
                    after = rafter[filled, k]
                    t = rgoal[filled]
                ctl[C_GENERATED] += 1
                occ[b] = 0
                occ[t] = i + 1
                # the child's boxes, sorted, in the next free row
                n = ctl[C_STATES]
                row = sboxes[n]
                _moved(sboxes[s], nb, i, t, row)
                if not reverse and freeze_deadlock(t, row, nb, walls, dead, goal, mark, deltas):
                    ctl[C_DEADLOCKS] += 1
                    occ[t] = 0
                    occ[b] = i + 1
                    continue
                if mode == MODE_MOVES:
                    player = b
                else:
                    ctl[C_STAMP] += 1
                    player = -1
                    if t == b + d:  # one step: the region follows from the parent's
                        player = child_region(b, t, low, walls, occ, seen, stamp, seen2,
                                              ctl[C_STAMP], queue, deltas)  # fmt: skip
                    if player < 0:
                        ctl[C_FLOODS] += 1
                        player = _region(after, walls, occ, seen2, ctl[C_STAMP], queue, wdist2,
                                         deltas)  # fmt: skip
                penalty = 0
                if mode == MODE_FAST and order > 0 and not reverse:
                    penalty = order * disorder(goals, rank, occ)
                occ[t] = 0
                occ[b] = i + 1
                h = shash[s] ^ zbox[b] ^ zbox[t] ^ zplayer[splayer[s]] ^ zplayer[player]
                g = sg[s] + steps
                m = sm[s] + wdist[stand] + steps
                # seen before?
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
                    if mode == MODE_FAST or sclosed[found]:
                        continue
                    better = g < sg[found] if mode == MODE_PUSHES else m < sm[found]
                    if better:
                        sg[found] = g
                        sm[found] = m
                        sparent[found] = s
                        key = heap_key(mode, weight, g, m, sh[found])
                        ctl[C_HEAP] = _heap_push(hkey, hidx, ctl[C_HEAP], key, found)
                    continue
                if not matched:
                    for q in range(nb):
                        pb[q] = sboxes[s, q]
                    hungarian(pb, nb, dist, pu, pv, pp, hway, hminv, hused)
                    matched = True
                for q in range(nb + 1):
                    hu[q] = pu[q]
                    hv[q] = pv[q]
                    hp[q] = pp[q]
                pb[i] = t
                lb = hungarian_update(pb, nb, i, dist, hu, hv, hp, hway, hminv, hused)
                pb[i] = b
                if lb >= INF:
                    ctl[C_DEADLOCKS] += 1
                    continue
                splayer[n] = player
                sparent[n] = s
                sg[n] = g
                sm[n] = m
                sh[n] = lb
                shash[n] = h
                sclosed[n] = 0
                table[slot] = n
                ctl[C_STATES] = n + 1
                other = _find(otable, ohash, oboxes, oplayer, h, player, row, nb)
                if other >= 0:
                    for q in range(nb):
                        occ[sboxes[s, q]] = 0
                    ctl[C_FOUND] = n
                    ctl[C_MEET] = other
                    ctl[C_MEETINGS] += 1
                    return FOUND
                if mode == MODE_FAST and lb == 0 and (not reverse or player == target):
                    for q in range(nb):
                        occ[sboxes[s, q]] = 0
                    ctl[C_FOUND] = n
                    return FOUND
                key = heap_key(mode, weight, g, m, lb + penalty)
                ctl[C_HEAP] = _heap_push(hkey, hidx, ctl[C_HEAP], key, n)
        for q in range(nb):
            occ[sboxes[s, q]] = 0
        if ctl[C_HEAP] > ctl[C_MAX_FRONTIER]:
            ctl[C_MAX_FRONTIER] = ctl[C_HEAP]
    return RUNNING

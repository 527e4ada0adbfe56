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
to goals (Hungarian algorithm) on per-cell push distances; a box that no goal
can take, a frozen box off its goal, or no perfect matching is a deadlock.
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
P_WEIGHT = 2  # fast mode: priority = WEIGHT * h + g
PARAM_SLOTS = 3

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
CTL_SLOTS = 9

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
def push_distances(walls, goals, deltas):
    """``dist[g, c]``: fewest pushes of a lone box from ``c`` onto goal ``g`` (INF: never).

    Pull search from each goal: a box at ``x`` came from ``x - d`` with the
    player behind it at ``x - 2d``; both must be floor.
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
                p = x - 2 * d
                if p < 0 or p >= n or walls[c] or walls[p]:
                    continue
                if dist[gi, c] == INF:
                    dist[gi, c] = dist[gi, x] + 1
                    queue[tail] = c
                    tail += 1
    return dist


@njit(cache=True)
def hungarian(boxes, nb, dist, u, v, p, way, minv, used):
    """Minimum-cost perfect matching of boxes to goals on ``dist``; >= INF if none exists."""
    for j in range(nb + 1):
        u[j] = 0
        v[j] = 0
        p[j] = 0
        way[j] = 0
    for i in range(1, nb + 1):
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
    return -v[0]


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
def search(
    units,
    walls,
    dead,
    goal,
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
):
    """Run up to ``units`` expansions of the search whose state is in the arrays; a code."""
    nb = params[P_BOXES]
    mode = params[P_MODE]
    weight = params[P_WEIGHT]
    cap = sboxes.shape[0]
    tmask = table.size - 1
    hu = np.zeros(nb + 1, dtype=np.int64)
    hv = np.zeros(nb + 1, dtype=np.int64)
    hp = np.zeros(nb + 1, dtype=np.int64)
    hway = np.zeros(nb + 1, dtype=np.int64)
    hminv = np.zeros(nb + 1, dtype=np.int64)
    hused = np.zeros(nb + 1, dtype=np.bool_)
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
        if sh[s] == 0:
            ctl[C_FOUND] = s
            return FOUND
        done += 1
        ctl[C_EXPANDED] += 1
        for i in range(nb):
            occ[sboxes[s, i]] = i + 1
        ctl[C_STAMP] += 1
        stamp = ctl[C_STAMP]
        _region(splayer[s], walls, occ, seen, stamp, queue, wdist, deltas)
        for i in range(nb):
            b = sboxes[s, i]
            for k in range(4):
                d = deltas[k]
                t = b + d
                if seen[b - d] != stamp or walls[t] or occ[t] > 0 or dead[t]:
                    continue
                ctl[C_GENERATED] += 1
                occ[b] = 0
                occ[t] = i + 1
                # the child's boxes, sorted, in the next free row
                n = ctl[C_STATES]
                row = sboxes[n]
                j = 0
                placed = False
                for q in range(nb):
                    c = sboxes[s, q]
                    if q == i:
                        continue
                    if not placed and t < c:
                        row[j] = t
                        j += 1
                        placed = True
                    row[j] = c
                    j += 1
                if not placed:
                    row[j] = t
                if freeze_deadlock(t, row, nb, walls, dead, goal, mark, deltas):
                    ctl[C_DEADLOCKS] += 1
                    occ[t] = 0
                    occ[b] = i + 1
                    continue
                if mode == MODE_MOVES:
                    player = b
                else:
                    ctl[C_STAMP] += 1
                    player = _region(b, walls, occ, seen2, ctl[C_STAMP], queue, wdist2, deltas)
                occ[t] = 0
                occ[b] = i + 1
                h = shash[s] ^ zbox[b] ^ zbox[t] ^ zplayer[splayer[s]] ^ zplayer[player]
                g = sg[s] + 1
                m = sm[s] + wdist[b - d] + 1
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
                lb = hungarian(row, nb, dist, hu, hv, hp, hway, hminv, hused)
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
                if mode == MODE_FAST and lb == 0:
                    for q in range(nb):
                        occ[sboxes[s, q]] = 0
                    ctl[C_FOUND] = n
                    return FOUND
                key = heap_key(mode, weight, g, m, lb)
                ctl[C_HEAP] = _heap_push(hkey, hidx, ctl[C_HEAP], key, n)
        for q in range(nb):
            occ[sboxes[s, q]] = 0
        if ctl[C_HEAP] > ctl[C_MAX_FRONTIER]:
            ctl[C_MAX_FRONTIER] = ctl[C_HEAP]
    return RUNNING

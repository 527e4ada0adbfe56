"""Board kernels: push distances, the matching lower bound, freeze deadlocks,
player regions, the sorted box row, tunnel and goal-room macros, hashing.

Flat numpy arrays and ``@njit(cache=True)`` functions only; the search that
uses them is :mod:`tansuo.sokoban._kernels.search`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tansuo._jit import NRT_OPTION, njit_one_version

INF = 1 << 20
"""A push distance that stands for "never"."""
_BIG = 1 << 50


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
def floor_sides(walls, root, deltas):
    """Per cell, how the player's side of a lone box on it splits the floor.

    A box on ``x`` (the only one on the board) cuts the floor the player can
    walk on from ``root`` into parts; a player in one part can reach only
    that part's neighbours of ``x``, so only the pushes from there. One
    depth-first search (Tarjan's articulation points) tells the parts: a
    child ``c`` of ``x`` in the search tree whose subtree has no edge back
    above ``x`` is a part of its own (the cells discovered from ``disc[c]``
    to ``high[c]``); the other neighbours share the rest.

    Returns ``disc`` (the order in which the search found each cell, -1: not
    floor the player reaches) and ``parts``, int32 ``[cell, 14]``: the number
    of parts of their own, then for each its ``disc`` range and the direction
    of the neighbour that names it, and last the direction that names the
    rest (-1: none). :func:`box_side` reads them.
    """
    n = walls.size
    disc = np.full(n, -1, dtype=np.int32)
    low = np.zeros(n, dtype=np.int32)
    high = np.zeros(n, dtype=np.int32)
    parent = np.full(n, -1, dtype=np.int64)
    parts = np.full((n, 14), -1, dtype=np.int32)
    if walls[root]:
        return disc, parts
    stack = np.empty(n, dtype=np.int64)
    nxt = np.zeros(n, dtype=np.int64)
    top = 0
    stack[0] = root
    disc[root] = 0
    low[root] = 0
    high[root] = 0
    count = 1
    while top >= 0:
        x = stack[top]
        if nxt[x] < 4:
            k = nxt[x]
            nxt[x] += 1
            c = x + deltas[k]
            if walls[c]:
                continue
            if disc[c] < 0:
                disc[c] = count
                low[c] = count
                high[c] = count
                count += 1
                parent[c] = x
                top += 1
                stack[top] = c
            elif c != parent[x] and disc[c] < low[x]:
                low[x] = disc[c]
            continue
        top -= 1
        px = parent[x]
        if px >= 0:
            if low[x] < low[px]:
                low[px] = low[x]
            if high[x] > high[px]:
                high[px] = high[x]
    for x in range(n):
        if disc[x] < 0:
            continue
        own = 0
        for k in range(4):
            c = x + deltas[k]
            if disc[c] >= 0 and parent[c] == x and low[c] >= disc[x]:
                parts[x, 1 + 3 * own] = disc[c]
                parts[x, 2 + 3 * own] = high[c]
                parts[x, 3 + 3 * own] = k
                own += 1
        parts[x, 0] = own
        for k in range(4):
            c = x + deltas[k]
            if disc[c] < 0:
                continue
            inside = False
            for j in range(own):
                if parts[x, 1 + 3 * j] <= disc[c] <= parts[x, 2 + 3 * j]:
                    inside = True
            if not inside:
                parts[x, 13] = k
                break
    return disc, parts


@njit_one_version(**NRT_OPTION)
def box_side(x, p, disc, parts):
    """Which part of the floor (:func:`floor_sides`) a player on ``p`` is in, beside a
    lone box on ``x``: the direction of the neighbour of ``x`` that names it (0 when
    the player cannot reach ``x`` at all)."""
    dp = disc[p]
    for j in range(parts[x, 0]):
        if parts[x, 1 + 3 * j] <= dp <= parts[x, 2 + 3 * j]:
            return parts[x, 3 + 3 * j]
    rest = parts[x, 13]
    return rest if rest >= 0 else 0


@njit(cache=True)
def side_distances(walls, goals, deltas, disc, parts, pull=False):
    """``dist[g, 4 * c + s]``: fewest pushes of a lone box from ``c`` onto goal ``g``
    when the player is on side ``s`` of it (:func:`box_side`; INF: never).

    As :func:`push_distances`, but each push needs the player on the box's
    far side, and the player can only be where its side of the box reaches;
    after a push it stands on the cell the box left. Never below the plain
    distance, and a valid lower bound: a box not being pushed cuts the floor
    the same way whatever the other boxes do, so the player stays on its side
    of it until the box moves. With ``pull``, the fewest pulls (the player
    on the near side, ending one step further on).
    """
    n = walls.size
    ng = goals.size
    dist = np.full((ng, 4 * n), INF, dtype=np.int32)
    beside = np.full((n, 4), -1, dtype=np.int64)
    for y in range(n):
        if disc[y] < 0:
            continue
        for k in range(4):
            c = y + deltas[k]
            if disc[c] >= 0:
                beside[y, k] = box_side(y, c, disc, parts)
    queue = np.empty(4 * n, dtype=np.int64)
    for gi in range(ng):
        g = goals[gi]
        head = 0
        tail = 0
        for s in range(4):
            dist[gi, 4 * g + s] = 0
            queue[tail] = 4 * g + s
            tail += 1
        while head < tail:
            v = queue[head]
            head += 1
            y = v // 4
            s = v % 4
            if disc[y] < 0:
                continue
            for k in range(4):
                d = deltas[k]
                x = y - d
                if walls[x]:
                    continue
                back = (k + 2) % 4
                if pull:
                    # pulled along d: the player went from y to y + d
                    if walls[y + d] or beside[y, k] != s:
                        continue
                    u = 4 * x + beside[x, k]
                else:
                    # pushed along d from x - d: the player ends on x
                    if walls[x - d] or beside[y, back] != s:
                        continue
                    u = 4 * x + beside[x, back]
                if dist[gi, u] == INF:
                    dist[gi, u] = dist[gi, v] + 1
                    queue[tail] = u
                    tail += 1
    return dist


@njit(cache=True, **NRT_OPTION)
def _augment(i, boxes, nb, dist, u, v, p, way, minv, used):
    """Match row ``i`` (1-based) by one shortest augmenting path, keeping ``u, v`` feasible.

    The Hungarian algorithm's step (e-maxx's O(n^2) form): goals are columns
    1..nb, ``p[j]`` the row matched to column ``j`` (0 for none), ``dist[boxes[i - 1],
    j - 1]`` the cost of row ``i`` at column ``j`` (a box's costs to every goal are one
    contiguous row: the search reads them for every child it bounds).
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
                cur = dist[cell, j - 1] - u[i0] - v[j]
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


@njit(cache=True, **NRT_OPTION)
def hungarian(boxes, nb, dist, u, v, p, way, minv, used):
    """Minimum-cost perfect matching of boxes to goals on ``dist[cell, goal]``; >= INF if none."""
    for j in range(nb + 1):
        u[j] = 0
        v[j] = 0
        p[j] = 0
        way[j] = 0
    for i in range(1, nb + 1):
        _augment(i, boxes, nb, dist, u, v, p, way, minv, used)
    return -v[0]


@njit(cache=True, **NRT_OPTION)
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
    _match_row(i, cell, boxes, nb, dist, u, v, p, way, minv, used)
    return _cost(boxes, nb, dist, p)


@njit(cache=True, inline="always", **NRT_OPTION)
def _match_row(i, cell, boxes, nb, dist, u, v, p, way, minv, used):
    """Match row ``i`` (1-based, on ``cell``, holding no goal): its potential the
    smallest reduced cost of its costs, then one augmenting path."""
    low = _BIG
    for j in range(1, nb + 1):
        cur = dist[cell, j - 1] - v[j]
        if cur < low:
            low = cur
    u[i] = low
    _augment(i, boxes, nb, dist, u, v, p, way, minv, used)


@njit(cache=True, inline="always", **NRT_OPTION)
def _cost(boxes, nb, dist, p):
    """The cost of the matching ``p`` (goal column -> 1-based row)."""
    total = 0
    for j in range(1, nb + 1):
        total += dist[boxes[p[j] - 1], j - 1]
    return total


_DRIFT = 1 << 40
"""Potentials this far from zero start the next :func:`rematch` afresh (each augmenting
path only lowers ``v``; far below ``_BIG`` they could not be told from a missing edge)."""


@njit(cache=True, **NRT_OPTION)
def rematch(rows, old, nb, dist, u, v, p, way, minv, used):
    """The matching of ``rows`` from that of ``old`` (both sorted): only the rows that
    changed are matched again, one augmenting path each. Returns the cost (>= INF: no
    perfect matching); ``old`` becomes ``rows``.

    A row found in both keeps its potential and its goal; a new row's goal is
    freed and its potential set to the smallest reduced cost of its costs, so
    every edge's reduced cost stays >= 0 and every matched edge's is 0, which
    is all that successive shortest augmenting paths need (as in
    :func:`hungarian_update`, which is this for one row). The expanded state of
    a best-first search is most often a child of the state expanded just before
    it, one box apart, so most expansions cost one or two paths instead of the
    ``nb`` of :func:`hungarian`. ``old`` all -1 (no row) matches everything afresh.
    """
    # way[i]: the new index of old row i (0: gone); minv: the new rows' potentials,
    # _BIG for a new row (no potential reaches it: see _DRIFT)
    a = 0
    fresh = 0
    for q in range(nb):
        while a < nb and old[a] < rows[q]:
            way[a + 1] = 0
            a += 1
        if a < nb and old[a] == rows[q]:
            way[a + 1] = q + 1
            minv[q + 1] = u[a + 1]
            a += 1
        else:
            minv[q + 1] = _BIG  # matched again below
            fresh += 1
    while a < nb:
        way[a + 1] = 0
        a += 1
    drift = False
    for j in range(nb + 1):
        if v[j] < -_DRIFT or v[j] > _DRIFT or u[j] < -_DRIFT or u[j] > _DRIFT:
            drift = True
    if drift or 2 * fresh > nb:
        for q in range(nb):
            old[q] = rows[q]
        return hungarian(old, nb, dist, u, v, p, way, minv, used)
    for j in range(1, nb + 1):
        p[j] = way[p[j]] if p[j] > 0 else 0
    for q in range(nb):
        old[q] = rows[q]
    for i in range(1, nb + 1):
        u[i] = minv[i]
    for i in range(1, nb + 1):
        if u[i] == _BIG:
            _match_row(i, old[i - 1], old, nb, dist, u, v, p, way, minv, used)
    return _cost(old, nb, dist, p)


@njit_one_version(**NRT_OPTION)
def _blocked(cell, d, walls, dead, frozen):
    """Whether the box on ``cell`` cannot be pushed along ``d`` (either way)."""
    a = cell - d
    b = cell + d
    return walls[a] or walls[b] or frozen[a] or frozen[b] or (dead[a] and dead[b])


@njit_one_version(kernels_only=True, **NRT_OPTION)
def _frozen_set(cell, boxes, nb, walls, dead, goal, frozen, deltas):
    """Mark the largest frozen set of boxes in ``frozen`` (see :func:`freeze_deadlock`);
    0: ``cell`` is not in it, 1: a box of it is off its goal, 2: all on goals. The
    caller clears the marks (:func:`_unmark`)."""
    for q in range(nb):
        frozen[boxes[q]] = 1
    h = deltas[2]
    v = deltas[3]
    if not (_blocked(cell, h, walls, dead, frozen) and _blocked(cell, v, walls, dead, frozen)):
        return 0
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
    if not frozen[cell]:
        return 0
    for q in range(nb):
        if frozen[boxes[q]] and not goal[boxes[q]]:
            return 1
    return 2


@njit_one_version(**NRT_OPTION)
def _unmark(boxes, nb, frozen):
    for q in range(nb):
        frozen[boxes[q]] = 0


@njit_one_version(kernels_only=True, **NRT_OPTION)
def _goal_shut(boxes, nb, walls, goal, frozen, deltas, occ):
    """Whether an empty goal within two cells of a frozen box can no longer be filled:
    on every side, the cell a box would come from or the player's cell behind it is a
    wall or a frozen box (which never moves again)."""
    for q in range(nb):
        c = boxes[q]
        if not frozen[c]:
            continue
        for k in range(4):
            g = c
            for _ in range(2):
                g += deltas[k]
                if walls[g]:
                    break
                if not goal[g] or occ[g] > 0:
                    continue
                shut = True
                for j in range(4):
                    e = deltas[j]
                    a = g - e
                    if walls[a] or frozen[a] or walls[a - e] or frozen[a - e]:
                        continue
                    shut = False
                    break
                if shut:
                    return True
    return False


@njit_one_version(**NRT_OPTION)
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
    found = _frozen_set(cell, boxes, nb, walls, dead, goal, frozen, deltas)
    _unmark(boxes, nb, frozen)
    return found == 1


@njit_one_version(**NRT_OPTION)
def freeze_fill_deadlock(cell, boxes, nb, walls, dead, goal, frozen, deltas, occ):
    """:func:`freeze_deadlock`, or a frozen set (on goals) that shuts an empty goal.

    The boxes of a frozen set never move again, so an empty goal near them
    that no box can be pushed onto past them and the walls stays empty: a
    deadlock (a goal area filled in the wrong order). Needs every box, so
    that a goal holding a box counts as filled (``occ``: nonzero on the
    boxes' cells); a corral search on a subset of the boxes uses
    :func:`freeze_deadlock`.
    """
    found = _frozen_set(cell, boxes, nb, walls, dead, goal, frozen, deltas)
    shut = found == 2 and _goal_shut(boxes, nb, walls, goal, frozen, deltas, occ)
    _unmark(boxes, nb, frozen)
    return found == 1 or shut


@njit_one_version(kernels_only=True, **NRT_OPTION)
def _unpullable(cell, d, walls, dead, frozen):
    """Whether the box on ``cell`` cannot be pulled along ``d`` (either way): a pull
    onto ``cell + d`` needs that cell free and not dead, and the player's next cell
    ``cell + 2d`` free (a frozen box never frees its cell)."""
    a = cell + d
    forward = walls[a] or frozen[a] or dead[a] or walls[a + d] or frozen[a + d]
    b = cell - d
    return forward and (walls[b] or frozen[b] or dead[b] or walls[b - d] or frozen[b - d])


@njit_one_version(**NRT_OPTION)
def pull_freeze(cell, boxes, nb, walls, dead, goal, frozen, deltas):
    """The backward search's :func:`freeze_deadlock`: whether the box just pulled onto
    ``cell`` belongs to a set of boxes no pull can ever move again, one of them off
    its goal (backwards, a start cell), so the start cannot be reached.

    Every box of the set is blocked on both axes (:func:`_unpullable`) by walls,
    dead squares and boxes of the set; the largest such set is found as in
    :func:`freeze_deadlock`. ``frozen`` is per-cell scratch, zero on entry and return.
    """
    for q in range(nb):
        frozen[boxes[q]] = 1
    h = deltas[2]
    v = deltas[3]
    result = False
    if _unpullable(cell, h, walls, dead, frozen) and _unpullable(cell, v, walls, dead, frozen):
        changed = True
        while changed and frozen[cell]:
            changed = False
            for q in range(nb):
                c = boxes[q]
                if frozen[c] and not (
                    _unpullable(c, h, walls, dead, frozen)
                    and _unpullable(c, v, walls, dead, frozen)
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


@njit(cache=True, **NRT_OPTION)
def pocket_shut(pocket, occ):
    """Whether a box stands on each of ``pocket``'s cells (an empty pocket is never shut).

    Backwards, ``pocket`` holds the start cells of the boxes that wall the
    start player's region in (``LevelTables.pocket``): with each of them
    taken, that region is shut and a player outside it cannot get in.
    """
    for c in pocket:
        if occ[c] == 0:
            return False
    return pocket.size > 0


@njit(cache=True, **NRT_OPTION)
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


@njit_one_version(**NRT_OPTION)
def player_region(start, walls, occ, seen, stamp, queue, dist, deltas):
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


@njit(cache=True, inline="always", **NRT_OPTION)
def ring_runs(t, skip, walls, occ, deltas):
    """How many runs of free cells in the ring of eight round ``t`` hold a neighbour of
    ``t`` (free: no wall, no box, not ``skip``): 0 when no neighbour of ``t`` is free,
    more than 1 when the free cells next to ``t`` may be joined only through ``t``;
    -1 when all eight are free (they are joined round it)."""
    w = deltas[3]
    ring = (t - w, t - w + 1, t + 1, t + w + 1, t + w, t + w - 1, t - 1, t - w - 1)
    start = -1
    for j in range(8):
        c = ring[j]
        if walls[c] or occ[c] > 0 or c == skip:
            start = j
            break
    if start < 0:
        return -1
    runs = 0
    orthogonal = False
    for j in range(start + 1, start + 9):
        c = ring[j % 8]
        if walls[c] or occ[c] > 0 or c == skip:
            if orthogonal:
                runs += 1
            orthogonal = False
        elif j % 2 == 0:
            orthogonal = True
    return runs


@njit(cache=True, **NRT_OPTION)
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
    if seen[t] == stamp and (t == low or ring_runs(t, -1, walls, occ, deltas) > 1):
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


@njit_one_version(kernels_only=True, **NRT_OPTION)
def moved_row(boxes, nb, i, t, out):
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


@njit(cache=True, **NRT_OPTION)
def _locked(cell, k, walls, deltas):
    """Whether walls flank ``cell`` on both sides across direction ``k`` (a one-wide corridor)."""
    side = deltas[(k + 1) % 4]
    return walls[cell + side] and walls[cell - side]


@njit(cache=True, **NRT_OPTION)
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


@njit_one_version(kernels_only=True, **NRT_OPTION)
def room_macro(row_of, skip, nb, k, inroom, ordix, rpush):
    """How many goals of the room are filled, when a box just pushed onto the entrance
    along direction ``k`` can take the next one: -1 when it cannot (the push is
    not made), -2 when the room is not in order yet (an ordinary push).

    ``row_of[:nb]`` are the boxes before the push, ``skip`` the pushed one's
    index. The macro applies when the boxes in the room stand exactly on the
    first goals of the packing order (``ordix``: a goal's place in it, -1
    elsewhere; :func:`room_in_order`) and the room has a route for the next
    goal (``rpush >= 0``). A room that started with boxes in it is not in
    order until those boxes have left it or stand on the first goals.
    """
    if not room_in_order(row_of, skip, nb, inroom, ordix):
        return -2
    count = 0
    for q in range(nb):
        if q != skip and inroom[row_of[q]]:
            count += 1
    if count >= rpush.shape[0] or rpush[count, k] < 0:
        return -1
    return count


@njit_one_version(**NRT_OPTION)
def room_in_order(row_of, skip, nb, inroom, ordix):
    """Whether the boxes in the goal room (box ``skip`` left out, -1: none) stand
    exactly on the first goals of its packing order."""
    count = 0
    top = -1
    for q in range(nb):
        c = row_of[q]
        if q == skip or not inroom[c]:
            continue
        count += 1
        if ordix[c] < 0:
            return False
        if ordix[c] > top:
            top = ordix[c]
    return top < count


@njit(cache=True, **NRT_OPTION)
def state_hash(boxes, player, zbox, zplayer):
    h = zplayer[player]
    for c in boxes:
        h ^= zbox[c]
    return h

"""Deadlock kernels: PI-corrals, a corral's own search, and learned deadlock patterns.

A position is dead when no sequence of pushes solves it. Besides the cheap
tests of :mod:`.board` (dead squares, frozen boxes, no perfect matching),
the search asks two questions here:

* :func:`pi_corral`: is there a corral (an area the player cannot reach)
  whose border boxes can only be pushed into it? Then only those pushes need
  be tried (:func:`pi_corral`), and when that corral's own boxes cannot
  resolve it (:func:`corral_dead`, a small search of those boxes alone) the
  position is dead.
* :func:`pattern_dead`: does the position hold a deadlock pattern learned
  earlier in this solve? Every corral proved dead is kept as a pattern
  (:func:`learn_pattern`): its boxes, and the player's side of them. A box
  set that cannot be solved on its own cannot be solved with more boxes on
  the board (extra boxes only block), so the pattern prunes any later
  position that contains it, with the player on the same side, before the
  position is stored or bounded.
"""

from __future__ import annotations

from tansuo._jit import NRT_OPTION, njit_one_version
from tansuo.sokoban._kernels.board import freeze_deadlock, moved_row
from tansuo.sokoban._kernels.state import C_ENTRIES, C_PATTERNS, C_SUBSTAMP, MAX_CORRALS


@njit_one_version(kernels_only=True, **NRT_OPTION)
def pi_corral(boxes, nb, stamp, lv, w):
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
    is its smallest cell, ``cinfo[0]`` the number of corrals (all in the
    scratch arrays ``w``, :class:`.state.Work`; the expanded state's region
    is ``w.seen == stamp``).
    """
    walls, dead, goal, deltas = lv.walls, lv.dead, lv.goal, lv.deltas
    occ, seen, cseen, cid, queue = w.occ, w.seen, w.cseen, w.cid, w.queue
    border, pushes, needs, broken = w.border, w.cpushes, w.cneeds, w.cbroken
    bmask, ibroken, cinfo, cmin = w.bmask, w.ibroken, w.cinfo, w.cmin
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


@njit_one_version(kernels_only=True, **NRT_OPTION)
def corral_dead(m, player, c, stamp, lv, w, ctl):
    """Whether corral ``c`` can never be resolved: 0 no (or not known), 1 dead, 2 dead
    only because goals inside the corral stay empty.

    A search of the corral's border boxes ``kb[:m]`` alone (the other boxes
    taken away), the player starting on ``player``, for a position where the
    player reaches a cell of the corral (``cseen == stamp``, ``cid == c``) or
    every one of these boxes is on a goal and every goal among the corral's
    cells holds one of them. Taking boxes away only frees the player and the
    boxes, and every push of these boxes in a real solution can be made in
    this search too; any other box gets into the corral only where the
    player of this search would walk in (a way out already). A real
    solution ends with every goal
    filled, so if this search finds neither way out, no solution exists.
    The answer 2 (a position with every border box on a goal was found,
    but a goal of the corral was empty there) holds for this position only:
    more boxes could fill those goals, so it is no pattern to learn.
    Pushes onto dead squares and into freeze deadlocks of these boxes (which
    freeze with more boxes too) are left out. It gives up (0: not known
    to be dead) after ``w.vh.size`` positions (:data:`.state.CORRAL_NODES`) or a full
    queue. The boxes are ``w.kb[:m]``; the corrals are labelled as
    :func:`pi_corral` left them.
    """
    walls, dead, goal, deltas = lv.walls, lv.dead, lv.goal, lv.deltas
    zbox, zplayer = lv.zbox, lv.zplayer
    kb, occ2, rseen, cseen, cid = w.kb, w.occ2, w.rseen, w.cseen, w.cid
    frozen, qb, qp, vb, vp, vh = w.frozen2, w.qb, w.qp, w.vb, w.vp, w.vh
    empty = False  # a position with every border box on a goal left a corral goal empty
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
        # flood the player's region; reaching the corral resolves it
        low = _flood(pl, lv, w, ctl, -1, stamp, c)
        st = ctl[C_SUBSTAMP]
        opened = low < 0
        solved = True
        for q in range(m):
            if not goal[row[q]]:
                solved = False
        if solved:  # and the corral's own goals filled?
            for g in lv.goals:
                if cseen[g] == stamp and cid[g] == c and not occ2[g]:
                    solved = False
                    empty = True
                    break
        if opened or solved or nodes == vh.size:
            for q in range(m):
                occ2[row[q]] = 0
            return 0
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
                        return 0
                    child = qb[tail]
                    moved_row(row, m, i, t, child)
                    if freeze_deadlock(t, child, m, walls, dead, goal, frozen, deltas):
                        continue
                    qp[tail] = b
                    tail += 1
        for q in range(m):
            occ2[row[q]] = 0
    return 2 if empty else 1


@njit_one_version(kernels_only=True, **NRT_OPTION)
def _side(cells, m, player, lv, w, ctl, stop):
    """The top-left cell of the player's region when only ``cells[:m]`` are boxes.

    Floods from ``player`` (``w.occ2`` marks the boxes, ``w.rseen`` the
    region); with ``stop >= 0`` it stops as soon as it reaches that cell or
    a smaller one (then the region's top-left cell is not ``stop``).
    """
    occ2 = w.occ2
    for q in range(m):
        occ2[cells[q]] = 1
    low = _flood(player, lv, w, ctl, stop, -1, -1)
    for q in range(m):
        occ2[cells[q]] = 0
    return low


@njit_one_version(kernels_only=True, **NRT_OPTION)
def _flood(start, lv, w, ctl, stop, stamp, c):
    """Flood the player's region from ``start`` among the boxes ``w.occ2 == 1``; its
    top-left cell.

    Marks the region in ``w.rseen`` with a fresh stamp of ``ctl[C_SUBSTAMP]``
    (using ``w.queue``). Stops early as soon as it reaches a cell no greater
    than ``stop`` (the region's top-left cell is then not ``stop``; -1: never),
    and with ``c >= 0``, when it reaches a cell of corral ``c`` (``w.cseen ==
    stamp`` and ``w.cid == c``, as :func:`pi_corral` labelled them): then -1.
    """
    walls, deltas, occ2, rseen, queue = lv.walls, lv.deltas, w.occ2, w.rseen, w.queue
    cseen, cid = w.cseen, w.cid
    ctl[C_SUBSTAMP] += 1
    st = ctl[C_SUBSTAMP]
    head = 0
    tail = 1
    queue[0] = start
    rseen[start] = st
    low = start
    while head < tail and low > stop:  # a cell below stop: another region
        x = queue[head]
        head += 1
        if c >= 0 and cseen[x] == stamp and cid[x] == c:
            return -1
        for k in range(4):
            y = x + deltas[k]
            if rseen[y] != st and not walls[y] and occ2[y] == 0:
                rseen[y] = st
                queue[tail] = y
                tail += 1
                if y < low:
                    low = y
    return low


@njit_one_version(kernels_only=True, **NRT_OPTION)
def learn_pattern(m, player, lv, w, pat, ctl):
    """Keep the boxes ``w.kb[:m]`` with the player on ``player`` as a deadlock pattern.

    Called when :func:`corral_dead` proved them unsolvable on their own.
    Returns False (and keeps nothing) when the store is full.
    """
    p = ctl[C_PATTERNS]
    e = ctl[C_ENTRIES]
    if p >= pat.size.size or e + m > pat.epat.size or m > pat.cells.shape[1]:
        return False
    for q in range(m):
        c = w.kb[q]
        pat.cells[p, q] = c
        pat.epat[e] = p
        pat.enext[e] = pat.head[c]
        pat.head[c] = e
        e += 1
    pat.size[p] = m
    pat.side[p] = _side(w.kb, m, player, lv, w, ctl, -1)
    ctl[C_PATTERNS] = p + 1
    ctl[C_ENTRIES] = e
    return True


@njit_one_version(kernels_only=True, **NRT_OPTION)
def pattern_dead(t, player, occ, lv, w, pat, ctl, stamp, stamp2, b, whole):
    """Whether a learned pattern with a box on ``t`` holds in the position ``occ``.

    ``occ[c] > 0`` marks the position's boxes (``t`` among them: the box just
    pushed there from ``b``; patterns without it held in the parent already,
    or were learned after it and are caught by other children); ``player`` is
    a cell of the player's region.

    The player's side of a pattern is first looked up in the position's own
    region, which lies inside the pattern's (fewer boxes only join regions):
    with ``whole`` that region is ``w.seen2 == stamp2``; else it is the
    parent's (``w.seen == stamp``) less ``t``, plus ``b`` and what
    ``w.seen2 == stamp2`` marks (:func:`.board.child_region`). With
    ``stamp2 < 0`` there is no region to look in. Only when that fails is
    the pattern's region flooded.
    """
    e = pat.head[t]
    while e >= 0:
        p = pat.epat[e]
        e = pat.enext[e]
        m = pat.size[p]
        cells = pat.cells[p]
        held = True
        for q in range(m):
            if occ[cells[q]] == 0:
                held = False
                break
        if not held:
            continue
        x = pat.side[p]
        if stamp2 >= 0:
            if whole:
                if w.seen2[x] == stamp2:
                    return True
            elif x == b or w.seen2[x] == stamp2 or (w.seen[x] == stamp and x != t):
                return True
        if _side(cells, m, player, lv, w, ctl, x) == x:
            return True
    return False

"""Numba kernels of the sliding-tile puzzles: IDA*, weighted A* and the pattern-database
builder.

The IDA* search is an explicit stack, so that it can stop after a number of
nodes and resume (:func:`tansuo.budget.run_chunked`). Nothing is allocated
per node, and the move that would undo the last one is never generated. With
Manhattan (+ linear conflicts) a move updates the board, the tiles' cells and
the heuristic in place (Manhattan by difference, linear conflicts of the two
lines the tile left and entered). With a pattern database a child's value is
found before the board is touched (:func:`_ida_run_pdb`): the moved tile's
group index slides by a difference, one table entry is read, the mirrored
board only where the direct value passes; entered children keep what they
changed in ``undo``.

The arrays of one search (see :class:`tansuo.sliding.solve._Search`):

``par``      int64 parameters, slots ``P_*``
``ctr``      int64 counters and scalars of the search, slots ``C_*``
``nbr``      ``nbr[cell, direction]``: the cell the blank reaches, or -1
``goal_pos`` the goal cell of each tile
``board``    the tile on each cell; ``pos`` the cell of each tile
``lc_row``, ``lc_col``  the linear-conflict value of each line
``group_of``, ``gtiles``, ``gsize``, ``gmult``, ``goff``, ``pdb``
             the pattern databases: each tile's group, the groups' tiles,
             their index weights and offsets into the flat table ``pdb``
``rtile``, ``rcell``, ``rpos``, ``idx``, ``ridx``
             the reflection about the main diagonal and the groups' indexes
``order_of``, ``hval``, ``rhval``
             each tile's place in its group; each group's direct and
             mirrored table values
``undo``     per depth, what the move into the next depth changed (``U_*``)
``path``, ``nextd``  the direction taken and the next to try, per depth
"""

from __future__ import annotations

import numpy as np
from numba import njit

import tansuo._jit  # noqa: F401 (numba's cache checked against the imported files too)

# directions of the blank, in the order tried; the opposite of d is (d + 2) & 3
LEFT, UP, RIGHT, DOWN = 0, 1, 2, 3

# heuristics
H_MANHATTAN = 0
H_LINEAR = 1
H_PDB = 2

# par slots
P_ROWS = 0
P_COLS = 1
P_CELLS = 2
P_HMODE = 3
P_WNUM = 4
P_WDEN = 5
P_GROUPS = 6
P_REFLECT = 7
P_MAXDEPTH = 8
P_PAUSE = 9  # 1: the IDA* runs return after each raise of the bound (a caller reports it)
P_SIZE = 10

# ctr slots
C_NODES = 0
C_BOUND = 1
C_NEXT_BOUND = 2
C_DEPTH = 3
C_BLANK = 4
C_STATUS = 5
C_ITERATIONS = 6
C_H = 7
C_MD = 8
C_LC = 9
C_PSUM = 10
C_RSUM = 11
C_EXPANDED = 12  # boards whose moves were generated: the start once per bound, then
# every board within the bound that is not the goal
C_SIZE = 13

# C_STATUS codes
RUNNING = 0
FOUND = 1
EXHAUSTED = 2

INFINITY = 1 << 60
UNSEEN = 255


@njit(cache=True)
def line_conflicts(board, goal_pos, cols, start, step, count, along_row):
    """Twice the tiles to take out of one line so that the rest are in goal order.

    The tiles of the line whose goal is in the same line, read in order, must
    keep a longest increasing subsequence of their goal places; each of the
    others leaves the line and comes back (two extra moves). The sequence and
    the subsequence lengths are packed 4 bits an entry into two integers, so
    that nothing is allocated per node.
    """
    seq = 0
    k = 0
    for i in range(count):
        tile = board[start + i * step]
        if tile == 0:
            continue
        g = goal_pos[tile]
        if along_row:
            if g // cols == start // cols:
                seq |= (g % cols) << (4 * k)
                k += 1
        elif g % cols == start % cols:
            seq |= (g // cols) << (4 * k)
            k += 1
    if k < 2:
        return 0
    best = 0
    lis = 0
    for i in range(k):
        here = (seq >> (4 * i)) & 15
        length = 1
        for j in range(i):
            if (seq >> (4 * j)) & 15 < here:
                candidate = ((lis >> (4 * j)) & 15) + 1
                if candidate > length:
                    length = candidate
        lis |= length << (4 * i)
        if length > best:
            best = length
    return 2 * (k - best)


@njit(cache=True)
def group_index(g, cells_of, gtiles, gsize, gmult):
    """The compact index of group ``g``: its tiles' cells ranked among the cells still free."""
    index = 0
    for i in range(gsize[g]):
        cell = cells_of[gtiles[g, i]]
        rank = cell
        for j in range(i):
            if cells_of[gtiles[g, j]] < cell:
                rank -= 1
        index += rank * gmult[g, i]
    return index


@njit(cache=True)
def move_blank(par, ctr, blank, to, board, pos, goal_pos, lc_row, lc_col):
    """Slide the tile on ``to`` into the blank on ``blank``; update Manhattan (+ linear
    conflicts) by difference; return the new value."""
    cols = par[P_COLS]
    tile = board[to]
    board[blank] = tile
    board[to] = 0
    pos[tile] = blank
    pos[0] = to
    g = goal_pos[tile]
    gr, gc = g // cols, g % cols
    ar, ac = blank // cols, blank % cols
    br, bc = to // cols, to % cols
    ctr[C_MD] += abs(ar - gr) + abs(ac - gc) - abs(br - gr) - abs(bc - gc)
    if par[P_HMODE] == H_LINEAR:
        rows = par[P_ROWS]
        if ar == br:  # a horizontal slide: two columns change
            for c in (ac, bc):
                new = line_conflicts(board, goal_pos, cols, c, cols, rows, False)
                ctr[C_LC] += new - lc_col[c]
                lc_col[c] = new
        else:  # a vertical slide: two rows change
            for r in (ar, br):
                new = line_conflicts(board, goal_pos, cols, r * cols, 1, cols, True)
                ctr[C_LC] += new - lc_row[r]
                lc_row[r] = new
    h = ctr[C_MD] + ctr[C_LC]
    ctr[C_H] = h
    return h


@njit(cache=True)
def ida_init(
    par,
    ctr,
    board,
    pos,
    goal_pos,
    lc_row,
    lc_col,
    group_of,
    gtiles,
    gsize,
    gmult,
    goff,
    pdb,
    rtile,
    rcell,
    rpos,
    idx,
    ridx,
    order_of,
    hval,
    rhval,
    nextd,
):
    """Set the counters, tiles' cells and heuristic of the start board; the first bound."""
    rows, cols, cells = par[P_ROWS], par[P_COLS], par[P_CELLS]
    for cell in range(cells):
        pos[board[cell]] = cell
    md = 0
    for tile in range(1, cells):
        c, g = pos[tile], goal_pos[tile]
        md += abs(c // cols - g // cols) + abs(c % cols - g % cols)
    lc = 0
    if par[P_HMODE] == H_LINEAR:
        for r in range(rows):
            lc_row[r] = line_conflicts(board, goal_pos, cols, r * cols, 1, cols, True)
            lc += lc_row[r]
        for c in range(cols):
            lc_col[c] = line_conflicts(board, goal_pos, cols, c, cols, rows, False)
            lc += lc_col[c]
    psum = 0
    rsum = 0
    if par[P_HMODE] == H_PDB:
        for tile in range(cells):
            rpos[rtile[tile]] = rcell[pos[tile]]
        for g in range(par[P_GROUPS]):
            idx[g] = group_index(g, pos, gtiles, gsize, gmult)
            hval[g] = pdb[goff[g] + idx[g]]
            psum += hval[g]
            ridx[g] = group_index(g, rpos, gtiles, gsize, gmult)
            rhval[g] = pdb[goff[g] + ridx[g]]
            rsum += rhval[g]
    ctr[:] = 0
    ctr[C_MD] = md
    ctr[C_LC] = lc
    ctr[C_PSUM] = psum
    ctr[C_RSUM] = rsum if par[P_REFLECT] else 0
    h = max(psum, ctr[C_RSUM]) if par[P_HMODE] == H_PDB else md + lc
    ctr[C_H] = h
    ctr[C_BLANK] = pos[0]
    ctr[C_BOUND] = h * par[P_WNUM]
    ctr[C_NEXT_BOUND] = INFINITY
    ctr[C_ITERATIONS] = 1
    ctr[C_STATUS] = FOUND if h == 0 and _at_goal(board, goal_pos, cells) else RUNNING
    nextd[0] = 0
    ctr[C_EXPANDED] = 1 if ctr[C_STATUS] == RUNNING else 0


@njit(cache=True)
def _at_goal(board, goal_pos, cells):
    for tile in range(1, cells):  # noqa: SIM110 - no generators in numba
        if board[goal_pos[tile]] != tile:
            return False
    return True


# undo slots of a Manhattan (+ linear conflicts) search, in the same ``undo`` rows
L_MD = 0
L_LC = 1
L_A = 2
L_OLD_A = 3
L_B = 4
L_OLD_B = 5


@njit(cache=True)
def _slide_back(board, pos, cell, home):
    """Undo a slide: the tile on ``cell`` goes back ``home``; the blank is on ``cell`` again."""
    tile = board[cell]
    board[home] = tile
    board[cell] = 0
    pos[tile] = home
    pos[0] = cell


@njit(cache=True)
def _restore(ctr, lc_row, lc_col, vertical, saved):
    """Put back the Manhattan sum and the two lines' conflicts a slide changed."""
    ctr[C_MD] = saved[L_MD]
    ctr[C_LC] = saved[L_LC]
    lines = lc_row if vertical else lc_col
    lines[saved[L_A]] = saved[L_OLD_A]
    lines[saved[L_B]] = saved[L_OLD_B]
    ctr[C_H] = saved[L_MD] + saved[L_LC]


@njit(cache=True)
def ida_run(
    par,
    ctr,
    nbr,
    board,
    pos,
    goal_pos,
    lc_row,
    lc_col,
    group_of,
    gtiles,
    gsize,
    gmult,
    goff,
    pdb,
    rtile,
    rcell,
    rpos,
    idx,
    ridx,
    order_of,
    hval,
    rhval,
    undo,
    path,
    nextd,
    units,
):
    """Run IDA* for at most ``units`` more nodes (a node: a board generated within the bound
    check); returns True once the search is over (``ctr[C_STATUS]`` FOUND or EXHAUSTED)."""
    if ctr[C_STATUS] != RUNNING:
        return True
    if par[P_HMODE] == H_PDB:
        return _ida_run_pdb(
            par,
            ctr,
            nbr,
            board,
            pos,
            goal_pos,
            group_of,
            gmult,
            goff,
            pdb,
            rtile,
            rcell,
            idx,
            ridx,
            order_of,
            hval,
            rhval,
            undo,
            path,
            nextd,
            units,
        )
    stop_at = ctr[C_NODES] + units
    depth = ctr[C_DEPTH]
    blank = ctr[C_BLANK]
    wnum, wden, maxdepth, cells = par[P_WNUM], par[P_WDEN], par[P_MAXDEPTH], par[P_CELLS]
    cols = par[P_COLS]
    while ctr[C_NODES] < stop_at:
        d = nextd[depth]
        if d == 4:
            if depth == 0:
                if ctr[C_NEXT_BOUND] >= INFINITY:
                    ctr[C_STATUS] = EXHAUSTED
                    break
                ctr[C_BOUND] = ctr[C_NEXT_BOUND]
                ctr[C_NEXT_BOUND] = INFINITY
                ctr[C_ITERATIONS] += 1
                ctr[C_EXPANDED] += 1
                nextd[0] = 0
                if par[P_PAUSE] != 0:
                    break  # once per iteration, never per node
                continue
            depth -= 1
            back = nbr[blank, (path[depth] + 2) & 3]
            _slide_back(board, pos, back, blank)
            _restore(ctr, lc_row, lc_col, path[depth] & 1, undo[depth])
            blank = back
            continue
        nextd[depth] = d + 1
        if depth > 0 and d == ((path[depth - 1] + 2) & 3):
            continue  # never undo the last move
        to = nbr[blank, d]
        if to < 0:
            continue
        # what the slide changes: Manhattan, and two columns (sideways) or two rows
        saved = undo[depth]
        saved[L_MD] = ctr[C_MD]
        saved[L_LC] = ctr[C_LC]
        lines = lc_row if d & 1 else lc_col
        saved[L_A] = blank // cols if d & 1 else blank % cols
        saved[L_B] = to // cols if d & 1 else to % cols
        saved[L_OLD_A] = lines[saved[L_A]]
        saved[L_OLD_B] = lines[saved[L_B]]
        h = move_blank(par, ctr, blank, to, board, pos, goal_pos, lc_row, lc_col)
        ctr[C_NODES] += 1
        f = (depth + 1) * wden + h * wnum
        if f > ctr[C_BOUND] or depth + 1 >= maxdepth:
            if f < ctr[C_NEXT_BOUND]:
                ctr[C_NEXT_BOUND] = f
            _slide_back(board, pos, blank, to)
            _restore(ctr, lc_row, lc_col, d & 1, saved)
            continue
        path[depth] = d
        depth += 1
        blank = to
        nextd[depth] = 0
        if h == 0 and _at_goal(board, goal_pos, cells):
            ctr[C_STATUS] = FOUND
            break
        ctr[C_EXPANDED] += 1
    ctr[C_DEPTH] = depth
    ctr[C_BLANK] = blank
    return ctr[C_STATUS] != RUNNING


# undo slots: what a move into depth d + 1 changed, kept at ``undo[d]``
U_GROUP = 0
U_INDEX = 1
U_VALUE = 2
U_RGROUP = 3
U_RINDEX = 4
U_RVALUE = 5
U_PSUM = 6
U_RSUM = 7
U_SIZE = 8


@njit(cache=True)
def _slid_index(index, g, i, a, b, vertical, cols, gmult, group_of, order_of, board, rtile, rcell):
    """Group ``g``'s index once its ``i``-th tile slides from cell ``a`` to the next cell ``b``.

    A tile's rank is its cell less the cells of the group's earlier tiles
    below it, so a sideways slide moves it by one; a slide across a row passes
    ``cols - 1`` cells, and each of the group's tiles on them changes a rank
    by one: the slid tile's for an earlier tile, its own for a later one. With
    ``rtile`` given the cells are the mirrored board's, read through ``board``.
    """
    step = gmult[g, i]
    if not vertical:
        return index + step if b > a else index - step
    delta = cols * step
    for c in range(min(a, b) + 1, max(a, b)):
        tile = board[c] if rtile.shape[0] == 0 else rtile[board[rcell[c]]]
        if group_of[tile] == g:
            m = order_of[tile]
            delta += -step if m < i else gmult[g, m]
    return index + delta if b > a else index - delta


@njit(cache=True)
def _ida_run_pdb(
    par,
    ctr,
    nbr,
    board,
    pos,
    goal_pos,
    group_of,
    gmult,
    goff,
    pdb,
    rtile,
    rcell,
    idx,
    ridx,
    order_of,
    hval,
    rhval,
    undo,
    path,
    nextd,
    units,
):
    """IDA* with an additive pattern database (and the mirrored lookup): see :func:`ida_run`.

    A child's value is found before the board is touched: the moved tile's
    group index slides by a difference (no ranking per node), one table entry
    is read, and the mirrored board is looked up only where the direct value
    does not prune already. A pruned child costs no move and no undo; an
    entered one keeps what it changed in ``undo``, restored on the way back.
    """
    stop_at = ctr[C_NODES] + units
    nodes = ctr[C_NODES]
    bound = ctr[C_BOUND]
    next_bound = ctr[C_NEXT_BOUND]
    psum = ctr[C_PSUM]
    rsum = ctr[C_RSUM]
    depth = ctr[C_DEPTH]
    blank = ctr[C_BLANK]
    cols, cells = par[P_COLS], par[P_CELLS]
    wnum, wden, maxdepth = par[P_WNUM], par[P_WDEN], par[P_MAXDEPTH]
    reflecting = par[P_REFLECT] != 0
    direct = rtile[:0]
    while nodes < stop_at:
        d = nextd[depth]
        if d == 4:
            if depth == 0:
                if next_bound >= INFINITY:
                    ctr[C_STATUS] = EXHAUSTED
                    break
                bound = next_bound
                next_bound = INFINITY
                ctr[C_ITERATIONS] += 1
                ctr[C_EXPANDED] += 1
                nextd[0] = 0
                if par[P_PAUSE] != 0:
                    break  # once per iteration, never per node
                continue
            depth -= 1
            back = nbr[blank, (path[depth] + 2) & 3]
            tile = board[back]
            board[blank] = tile
            board[back] = 0
            pos[tile] = blank
            pos[0] = back
            blank = back
            g = undo[depth, U_GROUP]
            if g >= 0:
                idx[g] = undo[depth, U_INDEX]
                hval[g] = undo[depth, U_VALUE]
            g = undo[depth, U_RGROUP]
            if g >= 0:
                ridx[g] = undo[depth, U_RINDEX]
                rhval[g] = undo[depth, U_RVALUE]
            psum = undo[depth, U_PSUM]
            rsum = undo[depth, U_RSUM]
            continue
        nextd[depth] = d + 1
        if depth > 0 and d == ((path[depth - 1] + 2) & 3):
            continue  # never undo the last move
        to = nbr[blank, d]
        if to < 0:
            continue
        nodes += 1
        tile = board[to]
        vertical = (d & 1) == 1
        g = group_of[tile]
        new_index = 0
        new_value = 0
        p2 = psum
        if g >= 0:
            new_index = _slid_index(
                idx[g], g, order_of[tile], to, blank, vertical, cols, gmult, group_of,
                order_of, board, direct, rcell
            )  # fmt: skip
            new_value = int(pdb[goff[g] + new_index])
            p2 = psum - hval[g] + new_value
        h = p2
        f = (depth + 1) * wden + h * wnum
        rg = -1
        new_rindex = 0
        new_rvalue = 0
        r2 = rsum
        if reflecting and f <= bound:
            mirrored = rtile[tile]
            rg = group_of[mirrored]
            if rg >= 0:
                new_rindex = _slid_index(
                    ridx[rg], rg, order_of[mirrored], rcell[to], rcell[blank], not vertical,
                    cols, gmult, group_of, order_of, board, rtile, rcell
                )  # fmt: skip
                new_rvalue = int(pdb[goff[rg] + new_rindex])
                r2 = rsum - rhval[rg] + new_rvalue
            if r2 > h:
                h = r2
                f = (depth + 1) * wden + h * wnum
        if f > bound or depth + 1 >= maxdepth:
            if f < next_bound:
                next_bound = f
            continue
        undo[depth, U_GROUP] = g
        undo[depth, U_PSUM] = psum
        undo[depth, U_RSUM] = rsum
        undo[depth, U_RGROUP] = rg
        if g >= 0:
            undo[depth, U_INDEX] = idx[g]
            undo[depth, U_VALUE] = hval[g]
            idx[g] = new_index
            hval[g] = new_value
        if rg >= 0:
            undo[depth, U_RINDEX] = ridx[rg]
            undo[depth, U_RVALUE] = rhval[rg]
            ridx[rg] = new_rindex
            rhval[rg] = new_rvalue
        psum = p2
        rsum = r2
        board[blank] = tile
        board[to] = 0
        pos[tile] = blank
        pos[0] = to
        path[depth] = d
        depth += 1
        blank = to
        nextd[depth] = 0
        if h == 0 and _at_goal(board, goal_pos, cells):
            ctr[C_STATUS] = FOUND
            break
        ctr[C_EXPANDED] += 1
    ctr[C_NODES] = nodes
    ctr[C_BOUND] = bound
    ctr[C_NEXT_BOUND] = next_bound
    ctr[C_PSUM] = psum
    ctr[C_RSUM] = rsum
    ctr[C_DEPTH] = depth
    ctr[C_BLANK] = blank
    return ctr[C_STATUS] != RUNNING


@njit(cache=True)
def ida_many(
    boards,
    lengths,
    moves,
    nodes,
    par,
    ctr,
    nbr,
    board,
    pos,
    goal_pos,
    lc_row,
    lc_col,
    group_of,
    gtiles,
    gsize,
    gmult,
    goff,
    pdb,
    rtile,
    rcell,
    rpos,
    idx,
    ridx,
    order_of,
    hval,
    rhval,
    undo,
    path,
    nextd,
):
    """Solve every row of ``boards`` in one call (no budget): lengths, move strings, and per
    board ``nodes[i]`` = (boards generated, boards expanded)."""
    # a typed int64, not the constant: ida_run is then the one version Python's calls use,
    # not a second one compiled for the literal (numba specialises on constant arguments)
    unlimited = np.int64(INFINITY)
    for i in range(boards.shape[0]):
        board[:] = boards[i]
        ida_init(
            par,
            ctr,
            board,
            pos,
            goal_pos,
            lc_row,
            lc_col,
            group_of,
            gtiles,
            gsize,
            gmult,
            goff,
            pdb,
            rtile,
            rcell,
            rpos,
            idx,
            ridx,
            order_of,
            hval,
            rhval,
            nextd,
        )
        ida_run(
            par,
            ctr,
            nbr,
            board,
            pos,
            goal_pos,
            lc_row,
            lc_col,
            group_of,
            gtiles,
            gsize,
            gmult,
            goff,
            pdb,
            rtile,
            rcell,
            rpos,
            idx,
            ridx,
            order_of,
            hval,
            rhval,
            undo,
            path,
            nextd,
            unlimited,
        )
        if ctr[C_STATUS] == FOUND:
            lengths[i] = ctr[C_DEPTH]
            for j in range(ctr[C_DEPTH]):
                moves[i, j] = path[j]
        else:
            lengths[i] = -1
        nodes[i, 0] = ctr[C_NODES]
        nodes[i, 1] = ctr[C_EXPANDED]


# -- weighted A* ------------------------------------------------------------------
# A node is a board, packed 5 bits a cell into two words (the last cell's tile
# follows from the others: boards of up to 25 cells), with its g, h, parent and
# the blank's move into it. The open list is a binary heap of int64 items
# ``f << 40 | (4095 - g) << 28 | node`` (least f, then deepest); an item whose
# f is not its node's any more is stale and skipped. The closed list is the
# hash table of every node (open addressing; a slot holds node + 1, 0 = empty).
# A node reached again by a shorter path is updated and pushed again
# (reopened), which keeps the length within W times the optimum with an
# inconsistent heuristic such as linear conflicts.

# actr slots
A_NODES = 0
A_HEAP = 1
A_EXPANDED = 2
A_GENERATED = 3
A_STATUS = 4
A_GOAL = 5
A_MAX_OPEN = 6
A_REOPENED = 7
A_SIZE = 8

# A_STATUS codes besides RUNNING, FOUND, EXHAUSTED
FULL = 3

# node columns
N_G = 0
N_H = 1
N_PARENT = 2
N_MOVE = 3
N_SIZE = 4

CELLS_PER_WORD = 12
NODE_BITS = 28


@njit(cache=True)
def _hash(k0, k1, mask):
    """Mix both words into every bit (a splitmix64 finaliser), then keep the low ones."""
    x = k0 ^ (k1 * np.int64(-7046029254386353131))
    x ^= (x >> 31) & np.int64(0x1FFFFFFFF)
    x *= np.int64(-4658895280553007687)
    x ^= (x >> 29) & np.int64(0x7FFFFFFFF)
    x *= np.int64(-7723592293110705685)
    x ^= (x >> 32) & np.int64(0xFFFFFFFF)
    return x & mask


@njit(cache=True)
def _slot(k0, k1, keys, slots):
    """The slot of the board ``k0, k1``: holding it, or the empty one where it would go."""
    mask = slots.shape[0] - 1
    i = _hash(k0, k1, mask)
    while True:
        node = slots[i] - 1
        if node < 0 or (keys[node, 0] == k0 and keys[node, 1] == k1):
            return i
        i = (i + 1) & mask


@njit(cache=True)
def _push(heap, size, item):
    i = size
    while i > 0:
        up = (i - 1) >> 1
        if heap[up] <= item:
            break
        heap[i] = heap[up]
        i = up
    heap[i] = item


@njit(cache=True)
def _pop(heap, size):
    """The least item; ``size`` is the heap's size before the pop."""
    top = heap[0]
    last = heap[size - 1]
    size -= 1
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= last:
            break
        heap[i] = heap[child]
        i = child
    if size > 0:
        heap[i] = last
    return top


@njit(cache=True)
def _heuristic(par, ctr, board, pos, goal_pos, lc_row, lc_col):
    """Manhattan (+ linear conflicts) of ``board`` from scratch, kept in ``ctr`` and the lines."""
    rows, cols, cells = par[P_ROWS], par[P_COLS], par[P_CELLS]
    for cell in range(cells):
        pos[board[cell]] = cell
    md = 0
    for tile in range(1, cells):
        c, g = pos[tile], goal_pos[tile]
        md += abs(c // cols - g // cols) + abs(c % cols - g % cols)
    lc = 0
    if par[P_HMODE] == H_LINEAR:
        for r in range(rows):
            lc_row[r] = line_conflicts(board, goal_pos, cols, r * cols, 1, cols, True)
            lc += lc_row[r]
        for c in range(cols):
            lc_col[c] = line_conflicts(board, goal_pos, cols, c, cols, rows, False)
            lc += lc_col[c]
    ctr[C_MD] = md
    ctr[C_LC] = lc
    return md + lc


@njit(cache=True)
def _pack(board, cells):
    k0 = np.int64(0)
    k1 = np.int64(0)
    for cell in range(cells - 1):
        if cell < CELLS_PER_WORD:
            k0 |= np.int64(board[cell]) << (5 * cell)
        else:
            k1 |= np.int64(board[cell]) << (5 * (cell - CELLS_PER_WORD))
    return k0, k1


@njit(cache=True)
def _unpack(k0, k1, cells, board):
    rest = cells * (cells - 1) // 2
    for cell in range(cells - 1):
        if cell < CELLS_PER_WORD:
            tile = (k0 >> (5 * cell)) & 31
        else:
            tile = (k1 >> (5 * (cell - CELLS_PER_WORD))) & 31
        board[cell] = tile
        rest -= tile
    board[cells - 1] = rest


@njit(cache=True)
def astar_init(par, ctr, actr, board, pos, goal_pos, lc_row, lc_col, keys, node, slots, heap):
    """Store the start board as node 0 and open it."""
    cells = par[P_CELLS]
    h = _heuristic(par, ctr, board, pos, goal_pos, lc_row, lc_col)
    k0, k1 = _pack(board, cells)
    actr[:] = 0
    keys[0, 0] = k0
    keys[0, 1] = k1
    node[0, N_G] = 0
    node[0, N_H] = h
    node[0, N_PARENT] = -1
    node[0, N_MOVE] = -1
    slots[_slot(k0, k1, keys, slots)] = 1
    actr[A_NODES] = 1
    heap[0] = (h * par[P_WNUM]) << 40 | (4095 << NODE_BITS)
    actr[A_HEAP] = 1
    actr[A_STATUS] = RUNNING


@njit(cache=True)
def astar_run(
    par, ctr, actr, nbr, board, pos, goal_pos, lc_row, lc_col, keys, node, slots, heap, units
):
    """Expand at most ``units`` more nodes of weighted A* (``f = wden g + wnum h``); True once
    over: FOUND (``actr[A_GOAL]`` the goal's node), EXHAUSTED, or FULL: the arrays have no
    room for one more expansion (the caller may grow them and set RUNNING again)."""
    if actr[A_STATUS] != RUNNING:
        return True
    cells = par[P_CELLS]
    wnum, wden = par[P_WNUM], par[P_WDEN]
    capacity = keys.shape[0]
    node_mask = (np.int64(1) << NODE_BITS) - 1
    done = 0
    while done < units:
        if actr[A_HEAP] == 0:
            actr[A_STATUS] = EXHAUSTED
            return True
        if actr[A_NODES] + 4 > capacity or actr[A_HEAP] + 4 > heap.shape[0]:
            actr[A_STATUS] = FULL  # before the expansion, which may go on in bigger arrays
            return True
        item = _pop(heap, actr[A_HEAP])
        actr[A_HEAP] -= 1
        n = item & node_mask
        g = node[n, N_G]
        if item >> 40 != wden * g + wnum * node[n, N_H]:
            continue  # stale: the node was reached again by a shorter path
        _unpack(keys[n, 0], keys[n, 1], cells, board)
        h = _heuristic(par, ctr, board, pos, goal_pos, lc_row, lc_col)
        if h == 0 and _at_goal(board, goal_pos, cells):
            actr[A_STATUS] = FOUND
            actr[A_GOAL] = n
            return True
        done += 1
        actr[A_EXPANDED] += 1
        blank = pos[0]
        came = node[n, N_MOVE]
        for d in range(4):
            to = nbr[blank, d]
            if to < 0 or (came >= 0 and d == ((came + 2) & 3)):
                continue
            hc = move_blank(par, ctr, blank, to, board, pos, goal_pos, lc_row, lc_col)
            actr[A_GENERATED] += 1
            k0, k1 = _pack(board, cells)
            i = _slot(k0, k1, keys, slots)
            m = slots[i] - 1
            if m >= 0:
                if g + 1 < node[m, N_G]:  # a shorter way to a known board: open it again
                    node[m, N_G] = g + 1
                    node[m, N_PARENT] = n
                    node[m, N_MOVE] = d
                    actr[A_REOPENED] += 1
                else:
                    move_blank(par, ctr, to, blank, board, pos, goal_pos, lc_row, lc_col)
                    continue
            else:
                m = actr[A_NODES]
                keys[m, 0] = k0
                keys[m, 1] = k1
                node[m, N_G] = g + 1
                node[m, N_H] = hc
                node[m, N_PARENT] = n
                node[m, N_MOVE] = d
                slots[i] = m + 1
                actr[A_NODES] = m + 1
            f = wden * (g + 1) + wnum * hc
            _push(heap, actr[A_HEAP], (f << 40) | ((4095 - min(g + 1, 4095)) << NODE_BITS) | m)
            actr[A_HEAP] += 1
            if actr[A_HEAP] > actr[A_MAX_OPEN]:
                actr[A_MAX_OPEN] = actr[A_HEAP]
            move_blank(par, ctr, to, blank, board, pos, goal_pos, lc_row, lc_col)
    return False


@njit(cache=True)
def astar_rehash(keys, count, slots):
    """Put nodes ``0..count-1`` into the (empty, larger) hash table ``slots``."""
    for m in range(count):
        slots[_slot(keys[m, 0], keys[m, 1], keys, slots)] = m + 1


@njit(cache=True)
def astar_path(node, goal, moves):
    """The blank's moves from the start to node ``goal``, into ``moves``; returns their count."""
    length = 0
    n = goal
    while node[n, N_PARENT] >= 0:
        moves[length] = node[n, N_MOVE]
        length += 1
        n = node[n, N_PARENT]
    for i in range(length // 2):
        moves[i], moves[length - 1 - i] = moves[length - 1 - i], moves[i]
    return length


# -- pattern databases ------------------------------------------------------------
# A state of the abstract space is a placement of the group's tiles and the
# region of free cells the blank is in. Each placement owns one *element* of
# ``ebits`` bits in an int64 word array: two bits per free cell (the free cells
# counted in cell order), a code per (placement, blank cell) as in Korf's 2-bit
# breadth-first search: UNREACHED, the two alternating levels (the states to
# expand at level L and those found for L + 1 swap their codes from level to
# level), and CLOSED once expanded. A whole region is always marked at once.
# A byte per pair would take four times the memory. The table keeps, per
# placement, the level it was first reached at: the least over its regions.

UNREACHED = 0
CLOSED = 3

# slots of the ``shape`` parameter of the builder
S_COLS = 0
S_FULL = 1
S_NOT_FIRST = 2
S_NOT_LAST = 3
S_EBITS_LOG = 4
S_SIZE = 5

FIELDS = 0x5555555555555555
"""The low bit of every 2-bit field of a word."""


@njit(cache=True)
def _flood(start, free, shape):
    """The cells (a bitmask) the blank on the cells ``start`` reaches through ``free`` cells."""
    cols = shape[S_COLS]
    not_first = shape[S_NOT_FIRST]
    not_last = shape[S_NOT_LAST]
    region = start
    while True:
        grow = ((region << 1) & not_first) | ((region >> 1) & not_last)
        grow |= (region << cols) | (region >> cols)
        new = region | (grow & free)
        if new == region:
            return region
        region = new


@njit(cache=True)
def _unrank(index, k, cells, mult, out):
    """The cells of a group's tiles from its compact index (the inverse of group_index)."""
    used = np.int64(0)
    for i in range(k):
        rank = index // mult[i]
        index -= rank * mult[i]
        cell = 0
        while True:
            if not (used >> cell) & 1:
                if rank == 0:
                    break
                rank -= 1
            cell += 1
        out[i] = cell
        used |= np.int64(1) << cell
    return used


@njit(cache=True)
def rank_cells(cells_of, k, mult):
    """The compact index of ``k`` tiles on the cells ``cells_of`` (see :func:`group_index`)."""
    index = 0
    for i in range(k):
        rank = cells_of[i]
        for j in range(i):
            if cells_of[j] < cells_of[i]:
                rank -= 1
        index += rank * mult[i]
    return index


@njit(cache=True)
def _fields(region, free, pext8, spread8, pop16):
    """The low bits of the 2-bit fields of the free cells in ``region`` (free cells ranked).

    The cells of ``region`` are gathered by the ranks of the ``free`` cells a
    byte at a time (``pext8[free_byte << 8 | region_byte]``, and the free
    cells of the low byte to shift the high one by), then spread two bits apart.
    """
    low = pext8[((free & 255) << 8) | (region & 255)]
    high = pext8[(((free >> 8) & 255) << 8) | ((region >> 8) & 255)]
    ranks = np.int64(low) | (np.int64(high) << pop16[free & 255])
    return spread8[ranks & 255] | (spread8[(ranks >> 8) & 255] << 16)


@njit(cache=True)
def pdb_seed(goal_cells, blank_goal, mult, shape, pext8, spread8, pop16, words, value):
    """Level 0 of the search: the goal placement, the blank in its region."""
    k = goal_cells.shape[0]
    full = shape[S_FULL]
    used = np.int64(0)
    for i in range(k):
        used |= np.int64(1) << goal_cells[i]
    free = full & ~used
    region = _flood(np.int64(1) << blank_goal, free, shape)
    p = rank_cells(goal_cells, k, mult)
    ebits_log = shape[S_EBITS_LOG]
    per_log = 6 - ebits_log
    shift = (p & ((1 << per_log) - 1)) << ebits_log
    words[p >> per_log] |= _fields(region, free, pext8, spread8, pop16) << shift  # level 0: code 1
    value[p] = 0


@njit(cache=True)
def _nth_free(used, n):
    """The ``n``-th cell (from 0) not in ``used``."""
    cell = 0
    while True:
        if not (used >> cell) & 1:
            if n == 0:
                return cell
            n -= 1
        cell += 1


@njit(cache=True)
def pdb_expand(level, k, mult, nbr, shape, pext8, spread8, pop16, words, value, first, last):
    """Expand the states of ``level`` in the words ``first..last-1``; return the states found.

    A pattern tile next to the blank's region slides into it (one move); the
    blank then stands where the tile was, in the region of free cells around
    it. A new state is marked (its whole region) with the next level's code,
    and its placement's table entry set when the placement is new. The
    placements are visited in index order, their tiles' cells kept as a
    mixed-radix counter: from one to the next usually only the last tiles move.
    """
    cells = nbr.shape[0]
    cols = shape[S_COLS]
    full = shape[S_FULL]
    ebits_log = shape[S_EBITS_LOG]
    ebits = 1 << ebits_log
    per_log = 6 - ebits_log
    per = 1 << per_log
    emask = np.int64(-1) if ebits == 64 else (np.int64(1) << ebits) - 1
    code = 1 + (level & 1)
    pattern = np.int64(FIELDS) * code
    step = 3 - code
    digit = np.zeros(k, np.int64)  # the rank of each tile's cell among the cells still free
    where = np.zeros(k, np.int64)
    before = np.zeros(k + 1, np.int64)  # before[i]: the cells of the tiles ahead of tile i
    at = np.full(cells, -1, np.int64)  # the tile on each cell, -1 if none
    current = -1
    found = 0
    for w in range(first, last):
        x = words[w] ^ pattern
        match = ~(x | (x >> 1)) & FIELDS  # the low bit of each field holding ``code``
        if match == 0:
            continue
        for e in range(per):
            todo = (match >> (e << ebits_log)) & emask
            if todo == 0:
                continue
            p = (w << per_log) + e
            # the tiles' cells of placement p, from those of the last one
            lowest = 0
            if current < 0 or p - current > 4 * (cells - k + 1):
                rest = p
                for i in range(k):
                    digit[i] = rest // mult[i]
                    rest -= digit[i] * mult[i]
                at[:] = -1
            else:  # a step forward: add to the last digit and carry
                lowest = k - 1
                digit[lowest] += p - current
                while digit[lowest] >= cells - lowest:
                    carry = digit[lowest] // (cells - lowest)
                    digit[lowest] -= carry * (cells - lowest)
                    lowest -= 1
                    digit[lowest] += carry
                for i in range(lowest, k):
                    at[where[i]] = -1
            for i in range(lowest, k):
                cell = _nth_free(before[i], digit[i])
                where[i] = cell
                at[cell] = i
                before[i + 1] = before[i] | (np.int64(1) << cell)
            current = p
            free = full & ~before[k]
            while todo:
                j = 0
                while not (todo >> (2 * j)) & 1:
                    j += 1
                region = _flood(np.int64(1) << _nth_free(~free, j), free, shape)
                todo &= ~_fields(region, free, pext8, spread8, pop16)
                for i in range(k):
                    cell = where[i]
                    for d in range(4):
                        to = nbr[cell, d]
                        if to < 0 or not (region >> to) & 1:
                            continue
                        # the index with tile i on ``to``: its rank moves by the cells
                        # passed over, less the earlier tiles among them; each later
                        # tile among them counts one more (or one less) cell below it
                        delta = mult[i]
                        if d & 1:  # UP or DOWN
                            delta = cols * mult[i]
                            for c in range(min(cell, to) + 1, max(cell, to)):
                                m = at[c]
                                if m >= 0:
                                    delta += -mult[i] if m < i else mult[m]
                        q = p + delta if to > cell else p - delta
                        free2 = (free | (np.int64(1) << cell)) & ~(np.int64(1) << to)
                        slot = (q & (per - 1)) << ebits_log
                        old = (words[q >> per_log] >> slot) & emask
                        field = 2 * np.int64(pop16[free2 & ((np.int64(1) << cell) - 1)])
                        if (old >> field) & 3:
                            continue  # this region of q is reached already
                        region2 = _flood(np.int64(1) << cell, free2, shape)
                        fields = _fields(region2, free2, pext8, spread8, pop16)
                        words[q >> per_log] |= (fields * step) << slot
                        if old == 0:
                            value[q] = level + 1
                        found += 1
        words[w] |= match * CLOSED
    return found


@njit(cache=True)
def parities(boards, goal_pos, cols, out):
    """``out[i]``: 0 when board ``i`` can reach the goal (permutation + blank-distance parity)."""
    cells = boards.shape[1]
    seen = np.zeros(cells, np.bool_)
    for i in range(boards.shape[0]):
        seen[:] = False
        parity = 0
        for start in range(cells):
            if seen[start]:
                continue
            length = 0
            j = start
            while not seen[j]:
                seen[j] = True
                j = goal_pos[boards[i, j]]
                length += 1
            parity ^= (length - 1) & 1
        blank = 0
        while boards[i, blank] != 0:
            blank += 1
        home = goal_pos[0]
        parity ^= (abs(blank // cols - home // cols) + abs(blank % cols - home % cols)) & 1
        out[i] = parity

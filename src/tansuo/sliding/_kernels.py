"""Numba kernels of the sliding-tile puzzles: IDA* and the pattern-database builder.

The IDA* search is an explicit stack, so that it can stop after a number of
nodes and resume (:func:`tansuo.budget.run_chunked`). Nothing is allocated
per node: a move updates the board, the tiles' cells and the heuristic in
place (Manhattan by difference, linear conflicts of the two lines the tile
left and entered, the pattern-database index of the one group the tile
belongs to), and the move that would undo the last one is never generated.

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
``path``, ``nextd``  the direction taken and the next to try, per depth
"""

from __future__ import annotations

import numpy as np
from numba import njit

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
P_SIZE = 9

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
C_SIZE = 12

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
def move_blank(
    par,
    ctr,
    blank,
    to,
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
    reflect,
):
    """Slide the tile on ``to`` into the blank on ``blank``; update the heuristic; return it.

    With ``reflect`` False the mirrored board's lookup is left alone (and the
    value returned is the direct one): IDA* looks it up only for the boards the
    direct value does not prune already (:func:`reflect_move`).
    """
    cols = par[P_COLS]
    tile = board[to]
    board[blank] = tile
    board[to] = 0
    pos[tile] = blank
    pos[0] = to
    hmode = par[P_HMODE]
    if hmode == H_PDB:
        g = group_of[tile]
        if g >= 0:
            new = group_index(g, pos, gtiles, gsize, gmult)
            ctr[C_PSUM] += np.int64(pdb[goff[g] + new]) - np.int64(pdb[goff[g] + idx[g]])
            idx[g] = new
        h = ctr[C_PSUM]
        if reflect and par[P_REFLECT]:
            h = reflect_move(
                ctr,
                tile,
                blank,
                to,
                group_of,
                gtiles,
                gsize,
                gmult,
                goff,
                pdb,
                rtile,
                rcell,
                rpos,
                ridx,
            )
    else:
        g = goal_pos[tile]
        gr, gc = g // cols, g % cols
        ar, ac = blank // cols, blank % cols
        br, bc = to // cols, to % cols
        ctr[C_MD] += abs(ar - gr) + abs(ac - gc) - abs(br - gr) - abs(bc - gc)
        if hmode == H_LINEAR:
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
def reflect_move(
    ctr, tile, cell, blank, group_of, gtiles, gsize, gmult, goff, pdb, rtile, rcell, rpos, ridx
):
    """The mirrored board follows ``tile`` onto ``cell`` (the blank onto ``blank``); returns
    the larger of the direct and the mirrored sums."""
    u = rtile[tile]
    rpos[u] = rcell[cell]
    rpos[0] = rcell[blank]
    g = group_of[u]
    if g >= 0:
        new = group_index(g, rpos, gtiles, gsize, gmult)
        ctr[C_RSUM] += np.int64(pdb[goff[g] + new]) - np.int64(pdb[goff[g] + ridx[g]])
        ridx[g] = new
    h = max(ctr[C_PSUM], ctr[C_RSUM])
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
            psum += pdb[goff[g] + idx[g]]
            ridx[g] = group_index(g, rpos, gtiles, gsize, gmult)
            rsum += pdb[goff[g] + ridx[g]]
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


@njit(cache=True)
def _at_goal(board, goal_pos, cells):
    for tile in range(1, cells):  # noqa: SIM110 - no generators in numba
        if board[goal_pos[tile]] != tile:
            return False
    return True


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
    path,
    nextd,
    units,
):
    """Run IDA* for at most ``units`` more nodes (a node: a board generated within the bound
    check); returns True once the search is over (``ctr[C_STATUS]`` FOUND or EXHAUSTED)."""
    if ctr[C_STATUS] != RUNNING:
        return True
    stop_at = ctr[C_NODES] + units
    depth = ctr[C_DEPTH]
    blank = ctr[C_BLANK]
    wnum, wden, maxdepth, cells = par[P_WNUM], par[P_WDEN], par[P_MAXDEPTH], par[P_CELLS]
    reflecting = par[P_REFLECT] != 0 and par[P_HMODE] == H_PDB
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
                nextd[0] = 0
                continue
            depth -= 1
            back = nbr[blank, (path[depth] + 2) & 3]
            move_blank(
                par,
                ctr,
                blank,
                back,
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
                True,
            )
            blank = back
            continue
        nextd[depth] = d + 1
        if depth > 0 and d == ((path[depth - 1] + 2) & 3):
            continue  # never undo the last move
        to = nbr[blank, d]
        if to < 0:
            continue
        h = move_blank(
            par,
            ctr,
            blank,
            to,
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
            False,
        )
        ctr[C_NODES] += 1
        f = (depth + 1) * wden + h * wnum
        reflected = False
        if reflecting and f <= ctr[C_BOUND]:  # the mirror only where the direct value passes
            h = reflect_move(
                ctr,
                board[blank],
                blank,
                to,
                group_of,
                gtiles,
                gsize,
                gmult,
                goff,
                pdb,
                rtile,
                rcell,
                rpos,
                ridx,
            )
            f = (depth + 1) * wden + h * wnum
            reflected = True
        if f > ctr[C_BOUND] or depth + 1 >= maxdepth:
            if f < ctr[C_NEXT_BOUND]:
                ctr[C_NEXT_BOUND] = f
            move_blank(
                par,
                ctr,
                to,
                blank,
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
                reflected,
            )
            continue
        path[depth] = d
        depth += 1
        blank = to
        nextd[depth] = 0
        if h == 0 and _at_goal(board, goal_pos, cells):
            ctr[C_STATUS] = FOUND
            break
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
    path,
    nextd,
):
    """Solve every row of ``boards`` in one call (no budget): lengths, move strings, nodes."""
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
            path,
            nextd,
            INFINITY,
        )
        if ctr[C_STATUS] == FOUND:
            lengths[i] = ctr[C_DEPTH]
            for j in range(ctr[C_DEPTH]):
                moves[i, j] = path[j]
        else:
            lengths[i] = -1
        nodes[i] = ctr[C_NODES]


# -- pattern databases ------------------------------------------------------------
@njit(cache=True)
def _flood(start, free, rows, cols):
    """The cells the blank on ``start`` reaches through ``free`` cells (a bitmask)."""
    cells = rows * cols
    full = (np.int64(1) << cells) - 1
    not_first = np.int64(0)
    not_last = np.int64(0)
    for cell in range(cells):
        if cell % cols != 0:
            not_first |= np.int64(1) << cell
        if cell % cols != cols - 1:
            not_last |= np.int64(1) << cell
    region = np.int64(1) << start
    while True:
        grow = ((region << 1) & not_first) | ((region >> 1) & not_last)
        grow |= (region << cols) | (region >> cols)
        grow &= free & full
        new = region | grow
        if new == region:
            return region
        region = new


@njit(cache=True)
def _lowest(mask):
    cell = 0
    while not (mask >> cell) & 1:
        cell += 1
    return cell


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
def pdb_start(goal_cells, blank_goal, rows, cols, mult, dist):
    """Level 0 of the breadth-first search: the goal placement, the blank in its region."""
    k = goal_cells.shape[0]
    cells = rows * cols
    used = np.int64(0)
    for i in range(k):
        used |= np.int64(1) << goal_cells[i]
    free = ((np.int64(1) << cells) - 1) & ~used
    rep = _lowest(_flood(blank_goal, free, rows, cols))
    dist[rank_cells(goal_cells, k, mult) * cells + rep] = 0


@njit(cache=True)
def pdb_level(level, k, rows, cols, mult, nbr, dist, first, last):
    """Expand the placements ``first..last-1`` at ``level``: only pattern tiles' moves count.

    A state is a placement of the pattern's tiles and the region of free cells
    the blank is in (named by its lowest cell): the blank's own moves inside
    the region are free. Returns how many states were set to ``level + 1``.
    """
    cells = rows * cols
    full = (np.int64(1) << cells) - 1
    where = np.empty(k, np.int64)
    found = 0
    for p in range(first, last):
        base = p * cells
        unpacked = False
        used = np.int64(0)
        for rep in range(cells):
            if dist[base + rep] != level:
                continue
            if not unpacked:
                used = _unrank(p, k, cells, mult, where)
                unpacked = True
            free = full & ~used
            region = _flood(rep, free, rows, cols)
            for i in range(k):
                cell = where[i]
                for d in range(4):
                    to = nbr[cell, d]
                    if to < 0 or not (region >> to) & 1:
                        continue
                    where[i] = to
                    moved_free = (free | (np.int64(1) << cell)) & ~(np.int64(1) << to)
                    new_rep = _lowest(_flood(cell, moved_free, rows, cols))
                    state = rank_cells(where, k, mult) * cells + new_rep
                    if dist[state] == UNSEEN:
                        dist[state] = level + 1
                        found += 1
                    where[i] = cell
    return found


@njit(cache=True)
def pdb_collapse(dist, cells, table):
    """``table[p]``: the least distance of placement ``p`` over the blank's regions."""
    for p in range(table.shape[0]):
        best = UNSEEN
        base = p * cells
        for rep in range(cells):
            if dist[base + rep] < best:
                best = dist[base + rep]
        table[p] = best


@njit(cache=True)
def pdb_level_relaxed(level, k, rows, cols, mult, nbr, dist, first, last):
    """As :func:`pdb_level` with the blank relaxed: any free cell may take a tile.

    One state per placement (``dist`` is the table itself): a pattern tile
    may slide onto any free neighbour, as if the blank were wherever it is
    needed. The values are still admissible, a little lower where the tiles
    wall off the free cells; used for the large groups of the 7-8 database,
    whose exact search would need a byte per placement *and* blank cell.
    """
    cells = rows * cols
    where = np.empty(k, np.int64)
    found = 0
    for p in range(first, last):
        if dist[p] != level:
            continue
        used = _unrank(p, k, cells, mult, where)
        for i in range(k):
            cell = where[i]
            for d in range(4):
                to = nbr[cell, d]
                if to < 0 or (used >> to) & 1:
                    continue
                where[i] = to
                state = rank_cells(where, k, mult)
                if dist[state] == UNSEEN:
                    dist[state] = level + 1
                    found += 1
                where[i] = cell
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

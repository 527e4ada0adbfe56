"""Jump Point Search: 8 moves without corner cutting, octile or 10-14 costs, unit cells.

Straight scans are look-ups in the per-map jump table (``tables.fill_jump_table``),
diagonal scans walk the legal-move bytes. The open list and ``astar_init`` are
A*'s, and so is the pop step (written again here: see ``astar.astar_run``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tansuo.grid._kernels.codes import (
    DIR_X,
    DIR_Y,
    EAST,
    EXHAUSTED,
    EXPANDED,
    FIRST_DIAGONAL,
    FOUND,
    GENERATED,
    HEAP_SIZE,
    HEURISTIC_OCTILE,
    LOG_COUNT,
    MAX_FRONTIER,
    N_MOVES,
    NEED_ROOM,
    NO_CELL,
    NORTH,
    PENDING_TIE,
    RUNNING,
    SAME_G,
    SOUTH,
    WEST,
)
from tansuo.grid._kernels.estimates import estimate_offsets
from tansuo.grid._kernels.heap import lazy_offer, lazy_remove_top
from tansuo.grid._kernels.tables import N_STRAIGHT


@njit(cache=True, inline="always", error_model="numpy")
def diagonal_code(sx, sy):
    """The move number of the diagonal ``(sx, sy)``."""
    return FIRST_DIAGONAL + (1 if sx < 0 else 0) + (2 if sy < 0 else 0)


@njit(cache=True, inline="always", error_model="numpy")
def jump_straight(table, node, d, x, y, target_x, target_y):
    """Cells from ``node`` to the next jump point in straight direction ``d``; 0 if none.

    A table look-up, plus the goal: a scan that passes it stops on it.
    """
    k = table[node, d]
    reach = k if k > 0 else -k - 1  # cells the scan passes (the jump point included)
    if d < SOUTH:
        if y == target_y:
            along = (target_x - x) if d == EAST else (x - target_x)
            if 0 < along <= reach:
                return along
    elif x == target_x:
        along = (target_y - y) if d == SOUTH else (y - target_y)
        if 0 < along <= reach:
            return along
    return k if k > 0 else 0


@njit(cache=True, error_model="numpy")
def jump_diagonal(masks, table, node, x, y, sx, sy, padded_width, target_x, target_y):
    """Diagonal steps to the next jump point (0 if none): a cell where a straight scan
    along either of the move's components finds one. ``masks`` are the legal moves
    under the no-corner-cutting rule (``tables.fill_move_masks``)."""
    step = sx + sy * padded_width
    d = diagonal_code(sx, sy)
    d_x = EAST if sx > 0 else WEST
    d_y = SOUTH if sy > 0 else NORTH
    k = 0
    while True:
        if not (masks[node] >> d) & 1:
            return 0  # a wall ahead, or a corner the move would cut
        node += step
        x += sx
        y += sy
        k += 1
        if x == target_x and y == target_y:
            return k
        if jump_straight(table, node, d_x, x, y, target_x, target_y) > 0:
            return k
        if jump_straight(table, node, d_y, x, y, target_x, target_y) > 0:
            return k


@njit(cache=True, error_model="numpy")
def jps_run(
    masks,
    table,
    forced,
    padded_width,
    straight,
    diagonal,
    target,
    stamp,
    h_straight,
    h_diagonal,
    g,
    parent,
    mark,
    arrival,
    heap,
    keys,
    counters,
    pending_keys,
    chunk,
    log_cell,
    log_g,
    log_h,
    opened_at,
):
    """Jump Point Search for at most ``chunk`` expansions (started by ``astar_init``).

    ``parent`` links jump points and ``arrival[n]`` is the direction ``n`` was
    reached in (``NO_CELL`` for the start), so no cell number is ever divided
    back into coordinates but the expanded one; ``paths.trace_path`` fills in
    the cells between jump points. The estimate is always the octile one.
    """
    size = counters[HEAP_SIZE]
    expanded = counters[EXPANDED]
    generated = counters[GENERATED]
    max_frontier = counters[MAX_FRONTIER]
    n_log = counters[LOG_COUNT]
    log_cap = log_cell.shape[0]
    logging = log_cap > 0
    capacity = heap.shape[0]
    status = RUNNING
    open_mark = 2 * stamp
    closed_mark = open_mark + 1
    done = 0
    jump_len = np.empty(N_MOVES, dtype=np.int64)
    jump_dir = np.empty(N_MOVES, dtype=np.int64)
    target_y = target // padded_width
    target_x = target - target_y * padded_width
    # a cell generated with the f of the cell just expanded: expanded next, never on the heap
    tie = counters[PENDING_TIE]
    tie_f = pending_keys[0]
    tie_g = pending_keys[1]
    while True:
        # The pop step is written out here and again in jps_run: as a shared helper
        # (inlined or not) it made A* 10-45% slower in an A/B on the Moving AI maps,
        # numba passing the arrays with reference counting and the merged branches
        # no longer folding into the loop.
        if tie != NO_CELL:
            node = tie
            f_node = tie_f
            g_node = tie_g
            if node != target and (done >= chunk or size + N_MOVES > capacity):
                # pause before it; it stays pending (not pushed), so that a search paused
                # and resumed expands what one run straight through would
                if size + N_MOVES > capacity:
                    status = NEED_ROOM
                break
            tie = NO_CELL
            top_free = False
        else:
            if size == 0:
                status = EXHAUSTED
                break
            node = heap[0]
            f_node = keys[0, 0]
            g_node = keys[0, 1]
            if mark[node] == closed_mark or g_node > g[node]:
                # a stale entry: this cell was closed already, or reached more cheaply since
                size = lazy_remove_top(heap, keys, size)
                continue
            # the goal at the top ends the search even when the chunk is spent
            if node != target and (done >= chunk or size + N_MOVES > capacity):
                if size + N_MOVES > capacity:
                    status = NEED_ROOM
                break
            # the root stays until the first push of this expansion replaces it
            top_free = True
        mark[node] = closed_mark
        if n_log < log_cap:
            log_cell[n_log] = node
            log_g[n_log] = g_node
            log_h[n_log] = f_node - g_node
            n_log += 1
        if node == target:
            status = FOUND
            break
        expanded += 1
        done += 1
        y = node // padded_width
        x = node - y * padded_width
        n_jumps = 0
        d_in = arrival[node]
        if d_in == NO_CELL:  # the start: every direction
            for d in range(N_MOVES):
                if d < N_STRAIGHT:
                    k = jump_straight(table, node, d, x, y, target_x, target_y)
                else:
                    k = jump_diagonal(
                        masks,
                        table,
                        node,
                        x,
                        y,
                        DIR_X[d],
                        DIR_Y[d],
                        padded_width,
                        target_x,
                        target_y,
                    )
                if k > 0:
                    jump_len[n_jumps] = k
                    jump_dir[n_jumps] = d
                    n_jumps += 1
        elif d_in >= FIRST_DIAGONAL:
            # diagonal arrival: both components, then the diagonal itself
            sx = DIR_X[d_in]
            sy = DIR_Y[d_in]
            d_h = EAST if sx > 0 else WEST
            d_v = SOUTH if sy > 0 else NORTH
            k = jump_straight(table, node, d_h, x, y, target_x, target_y)
            if k > 0:
                jump_len[n_jumps] = k
                jump_dir[n_jumps] = d_h
                n_jumps += 1
            k = jump_straight(table, node, d_v, x, y, target_x, target_y)
            if k > 0:
                jump_len[n_jumps] = k
                jump_dir[n_jumps] = d_v
                n_jumps += 1
            k = jump_diagonal(masks, table, node, x, y, sx, sy, padded_width, target_x, target_y)
            if k > 0:
                jump_len[n_jumps] = k
                jump_dir[n_jumps] = d_in
                n_jumps += 1
        else:
            # straight arrival: the natural neighbour ahead, and the forced ones beside
            sx = DIR_X[d_in]
            sy = DIR_Y[d_in]
            k = jump_straight(table, node, d_in, x, y, target_x, target_y)
            if k > 0:
                jump_len[n_jumps] = k
                jump_dir[n_jumps] = d_in
                n_jumps += 1
            for side_sign in (-1, 1):
                if sx != 0:
                    d_side = SOUTH if side_sign > 0 else NORTH
                    diag = diagonal_code(sx, side_sign)
                else:
                    d_side = EAST if side_sign > 0 else WEST
                    diag = diagonal_code(side_sign, sy)
                if (forced[node] >> (2 * d_in + (side_sign > 0))) & 1:
                    k = jump_straight(table, node, d_side, x, y, target_x, target_y)
                    if k > 0:
                        jump_len[n_jumps] = k
                        jump_dir[n_jumps] = d_side
                        n_jumps += 1
                    k = jump_diagonal(
                        masks, table, node, x, y, DIR_X[diag], DIR_Y[diag], padded_width,
                        target_x, target_y,
                    )  # fmt: skip
                    if k > 0:
                        jump_len[n_jumps] = k
                        jump_dir[n_jumps] = diag
                        n_jumps += 1
        for i in range(n_jumps):
            generated += 1
            d = jump_dir[i]
            k = jump_len[i]
            dx = DIR_X[d]
            dy = DIR_Y[d]
            jump_point = node + k * (dx + dy * padded_width)
            new_g = g_node + k * (straight if d < FIRST_DIAGONAL else diagonal)
            m = mark[jump_point]
            if m >= open_mark:
                if m == closed_mark or new_g >= g[jump_point] * (1.0 - SAME_G):
                    continue
            else:
                mark[jump_point] = open_mark
                if logging:
                    opened_at[jump_point] = expanded
            g[jump_point] = new_g
            parent[jump_point] = node
            arrival[jump_point] = d
            h = estimate_offsets(
                abs(x + k * dx - target_x), abs(y + k * dy - target_y), HEURISTIC_OCTILE,
                h_straight, h_diagonal,
            )  # fmt: skip
            f = new_g + h
            if f <= f_node and tie == NO_CELL:  # a best jump point already (see astar_run)
                tie = jump_point
                tie_f = f
                tie_g = new_g
            else:
                size, top_free = lazy_offer(heap, keys, size, top_free, jump_point, f, new_g)
        if top_free:
            size = lazy_remove_top(heap, keys, size)
        if size > max_frontier:
            max_frontier = size
    counters[HEAP_SIZE] = size
    counters[EXPANDED] = expanded
    counters[GENERATED] = generated
    counters[MAX_FRONTIER] = max_frontier
    counters[LOG_COUNT] = n_log
    counters[PENDING_TIE] = tie
    pending_keys[0] = tie_f
    pending_keys[1] = tie_g
    return status

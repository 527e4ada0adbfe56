"""A* (and weighted A*, and Dijkstra with the zero heuristic): the best-first loop.

The open list is the lazy 4-ary heap of ``heap.py``. Jump Point Search
(``jps.py``) uses the same open list, the same ``astar_init`` and the same
pop step.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tansuo.grid._kernels.codes import (
    EXHAUSTED,
    EXPANDED,
    FOUND,
    GENERATED,
    HEAP_SIZE,
    LOG_COUNT,
    MAX_FRONTIER,
    N_MOVES,
    NEED_ROOM,
    NO_CELL,
    PENDING_TIE,
    REOPENED,
    RULE_FOUR,
    RUNNING,
    SAME_G,
)
from tansuo.grid._kernels.estimates import estimate_between, estimate_offsets
from tansuo.grid._kernels.heap import lazy_offer, lazy_remove_top
from tansuo.grid._kernels.tables import N_STRAIGHT


@njit(cache=True, error_model="numpy")
def astar_init(
    start,
    target,
    stamp,
    g,
    parent,
    mark,
    heap,
    keys,
    counters,
    padded_width,
    heuristic,
    h_straight,
    h_diagonal,
):
    """Start a search from ``start``: the open list holds it alone."""
    counters[:] = 0
    g[start] = 0.0
    parent[start] = NO_CELL
    mark[start] = 2 * stamp
    heap[0] = start
    keys[0, 0] = estimate_between(start, target, padded_width, heuristic, h_straight, h_diagonal)
    keys[0, 1] = 0.0
    counters[HEAP_SIZE] = 1
    counters[MAX_FRONTIER] = 1
    counters[PENDING_TIE] = NO_CELL


@njit(cache=True, error_model="numpy")
def astar_run(
    cost,
    moves,
    unit_cells,
    padded_width,
    rule,
    offsets,
    side_a,
    move_dy,
    steps,
    target,
    stamp,
    heuristic,
    h_straight,
    h_diagonal,
    g,
    parent,
    mark,
    heap,
    keys,
    counters,
    pending_keys,
    chunk,
    log_cell,
    log_g,
    log_h,
    opened_at,
    landmarks,
    landmark_scale,
):
    """Best-first search (A*, weighted A*, Dijkstra) for at most ``chunk`` expansions.

    ``moves[n]`` has bit ``k`` set when move ``k`` from cell ``n`` is legal
    (``tables.fill_move_masks``), so walls and the corner rule cost one byte
    read per expansion; ``unit_cells`` skips reading cell costs on plain maps.

    A cell whose ``g`` improves is pushed again; the stale entry is skipped
    when popped. Returns ``NEED_ROOM`` (without losing work)
    when the heap might overflow; the caller grows it and calls again. One
    generated cell whose f is no larger than the expanded cell's is expanded
    next without going through the heap at all: it is a best cell already.

    A search paused by the end of a chunk goes on exactly as one run straight
    through would: the heap is left as it is, and a pending cell waits in
    ``counters[PENDING_TIE]`` and ``pending_keys`` (its f and g).

    A closed cell that gets a cheaper ``g`` is reopened, so an inconsistent
    heuristic still gives a valid (if not optimal) path. ``log_*`` record the
    expansions (cell, g, h) up to their length; ``opened_at`` the expansion
    count when each cell was first generated (only when logging).

    ``landmarks[n, l]`` is the distance from landmark ``l`` to cell ``n`` (an
    array with no columns when unused); the estimate is then raised to
    ``landmark_scale * |landmarks[target, l] - landmarks[n, l]|`` where that is
    larger (the differential heuristic).
    """
    n_landmarks = landmarks.shape[1]
    goal_distance = np.empty(n_landmarks)
    for lm in range(n_landmarks):
        goal_distance[lm] = landmarks[target, lm]
    size = counters[HEAP_SIZE]
    expanded = counters[EXPANDED]
    generated = counters[GENERATED]
    reopened = counters[REOPENED]
    max_frontier = counters[MAX_FRONTIER]
    n_log = counters[LOG_COUNT]
    log_cap = log_cell.shape[0]
    logging = log_cap > 0
    capacity = heap.shape[0]
    status = RUNNING
    n_moves = N_STRAIGHT if rule == RULE_FOUR else N_MOVES
    open_mark = 2 * stamp
    closed_mark = open_mark + 1
    target_x = target % padded_width
    target_y = target // padded_width
    done = 0
    # a cell generated with the f of the cell just expanded: expanded next, never on the heap
    tie = counters[PENDING_TIE]
    tie_f = pending_keys[0]
    tie_g = pending_keys[1]
    while True:
        # The pop step is written out here and again in jps_run. As a shared helper
        # (inlined or not, whole or only its close-and-log half) it made A* 10-45%
        # slower in A/B runs on the Moving AI maps: the loop compiles less tightly.
        if tie != NO_CELL:
            node = tie
            f_node = tie_f
            g_node = tie_g
            if node != target and (done >= chunk or size + n_moves > capacity):
                # pause before it; it stays pending (not pushed), so that a search paused
                # and resumed expands what one run straight through would
                if size + n_moves > capacity:
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
            if node != target and (done >= chunk or size + n_moves > capacity):
                if size + n_moves > capacity:
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
        # one division per expansion; the neighbours' offsets to the goal follow from it
        node_dx = node % padded_width - target_x
        node_dy = node // padded_width - target_y
        legal = moves[node]
        least_pushed = np.inf
        for k in range(n_moves):
            if not (legal >> k) & 1:
                continue
            nxt = node + offsets[k]
            generated += 1
            new_g = g_node + (steps[k] if unit_cells else steps[k] * cost[nxt])
            m = mark[nxt]
            if m >= open_mark:
                if new_g >= g[nxt] * (1.0 - SAME_G):  # no cheaper beyond rounding noise
                    continue
                if m == closed_mark:
                    reopened += 1
                    mark[nxt] = open_mark
            else:
                mark[nxt] = open_mark
                if logging:
                    opened_at[nxt] = expanded
            g[nxt] = new_g
            parent[nxt] = node
            h = estimate_offsets(
                abs(node_dx + side_a[k]),
                abs(node_dy + move_dy[k]),
                heuristic,
                h_straight,
                h_diagonal,
            )
            for lm in range(n_landmarks):
                bound = landmark_scale * abs(goal_distance[lm] - landmarks[nxt, lm])
                if bound > h:
                    h = bound
            f = new_g + h
            # Every entry of the heap has f >= f_node, so a cell with f <= f_node is a
            # best one and can skip the heap (about a third of the cells on open maps).
            if f <= f_node and tie == NO_CELL:
                tie = nxt
                tie_f = f
                tie_g = new_g
            else:
                size, top_free = lazy_offer(heap, keys, size, top_free, nxt, f, new_g)
                if f < least_pushed:
                    least_pushed = f
        if tie != NO_CELL and least_pushed < tie_f:
            # only with an inconsistent heuristic: a cell pushed after it is better
            size, top_free = lazy_offer(heap, keys, size, top_free, tie, tie_f, tie_g)
            tie = NO_CELL
        if top_free:
            size = lazy_remove_top(heap, keys, size)
        if size > max_frontier:
            max_frontier = size
    counters[HEAP_SIZE] = size
    counters[EXPANDED] = expanded
    counters[GENERATED] = generated
    counters[REOPENED] = reopened
    counters[MAX_FRONTIER] = max_frontier
    counters[LOG_COUNT] = n_log
    counters[PENDING_TIE] = tie
    pending_keys[0] = tie_f
    pending_keys[1] = tie_g
    return status

"""Breadth-first search: the fewest moves, resumable like the best-first searches."""

from __future__ import annotations

from numba import njit

from tansuo.grid._kernels.codes import (
    EXHAUSTED,
    EXPANDED,
    FOUND,
    GENERATED,
    LOG_COUNT,
    MAX_FRONTIER,
    N_MOVES,
    NO_CELL,
    QUEUE_HEAD,
    QUEUE_TAIL,
    RULE_FOUR,
    RUNNING,
)
from tansuo.grid._kernels.tables import N_STRAIGHT


@njit(cache=True, error_model="numpy")
def bfs_init(start, stamp, parent, mark, queue, counters):
    """Start a search from ``start``: the queue holds it alone."""
    counters[:] = 0
    queue[0] = start
    parent[start] = NO_CELL
    mark[start] = 2 * stamp
    counters[QUEUE_TAIL] = 1
    counters[MAX_FRONTIER] = 1


@njit(cache=True, error_model="numpy")
def bfs_run(moves, rule, offsets, target, stamp, parent, mark, queue, counters, chunk, log_cell,
            opened_at):  # fmt: skip
    """Breadth-first search by number of moves for at most ``chunk`` expansions.

    The goal is tested when generated, so the search stops one layer early.
    ``moves`` are the legal-move bytes (``tables.fill_move_masks``); the queue
    holds each cell once, so one slot per cell is enough.
    """
    open_mark = 2 * stamp
    closed_mark = open_mark + 1
    n_moves = N_STRAIGHT if rule == RULE_FOUR else N_MOVES
    head = counters[QUEUE_HEAD]
    tail = counters[QUEUE_TAIL]
    expanded = counters[EXPANDED]
    generated = counters[GENERATED]
    max_frontier = counters[MAX_FRONTIER]
    log_cap = log_cell.shape[0]
    logging = log_cap > 0
    done = 0
    status = RUNNING
    while True:
        if head >= tail:
            status = EXHAUSTED
            break
        if done >= chunk:
            break
        node = queue[head]
        head += 1
        mark[node] = closed_mark
        if expanded < log_cap:
            log_cell[expanded] = node
        expanded += 1
        done += 1
        legal = moves[node]
        for k in range(n_moves):
            if not (legal >> k) & 1:
                continue
            nxt = node + offsets[k]
            generated += 1
            if mark[nxt] >= open_mark:
                continue
            mark[nxt] = open_mark
            parent[nxt] = node
            if logging:
                opened_at[nxt] = expanded
            queue[tail] = nxt
            tail += 1
            if nxt == target:
                status = FOUND
                break
        if tail - head > max_frontier:
            max_frontier = tail - head
        if status == FOUND:
            break
    counters[QUEUE_HEAD] = head
    counters[QUEUE_TAIL] = tail
    counters[EXPANDED] = expanded
    counters[GENERATED] = generated
    counters[MAX_FRONTIER] = max_frontier
    counters[LOG_COUNT] = min(expanded, log_cap)
    return status

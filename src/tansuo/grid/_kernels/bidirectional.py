"""Bidirectional A* with balanced potentials (indexed binary heaps, decrease-key)."""

from __future__ import annotations

import numpy as np
from numba import njit

from tansuo.grid._kernels.codes import (
    EXHAUSTED,
    EXPANDED,
    FOUND,
    GENERATED,
    HEAP_SIZE,
    HEAP_SIZE_R,
    MAX_FRONTIER,
    MEET,
    N_MOVES,
    NO_CELL,
    REOPENED,
    RULE_FOUR,
    RUNNING,
    SAME_G,
)
from tansuo.grid._kernels.estimates import estimate_between
from tansuo.grid._kernels.heap import decrease, pop, push
from tansuo.grid._kernels.tables import N_STRAIGHT


@njit(cache=True, inline="always", error_model="numpy")
def _root(node, key, stamp, g, keys_by_cell, parent, mark, heap, heap_keys, pos):
    """Make ``node`` the only entry of one side's open list."""
    g[node] = 0.0
    keys_by_cell[node] = key
    parent[node] = NO_CELL
    mark[node] = 2 * stamp
    heap[0] = node
    heap_keys[0, 0] = key
    heap_keys[0, 1] = 0.0
    pos[node] = 0


@njit(cache=True, error_model="numpy")
def bidir_init(start, target, stamp, padded_width, heuristic, h_straight, h_diagonal,
               g_f, key_f, parent_f, mark_f, heap_f, keys_f, pos_f,
               g_r, key_r, parent_r, mark_r, heap_r, keys_r, pos_r, counters, best):  # fmt: skip
    """Start both searches: the forward one from ``start``, the backward one from ``target``.

    Both roots get the key ``h(start, target) / 2``, the potentials' common offset.
    """
    counters[:] = 0
    best[0] = 0.0 if start == target else np.inf
    counters[MEET] = start
    half = 0.5 * estimate_between(start, target, padded_width, heuristic, h_straight, h_diagonal)
    _root(start, half, stamp, g_f, key_f, parent_f, mark_f, heap_f, keys_f, pos_f)
    _root(target, half, stamp, g_r, key_r, parent_r, mark_r, heap_r, keys_r, pos_r)
    counters[HEAP_SIZE] = 1
    counters[HEAP_SIZE_R] = 1


@njit(cache=True, error_model="numpy")
def bidir_run(
    cost,
    moves,
    padded_width,
    rule,
    offsets,
    steps,
    start,
    target,
    stamp,
    heuristic,
    h_straight,
    h_diagonal,
    g_f,
    key_f,
    parent_f,
    mark_f,
    heap_f,
    keys_f,
    pos_f,
    g_r,
    key_r,
    parent_r,
    mark_r,
    heap_r,
    keys_r,
    pos_r,
    counters,
    best,
    chunk,
):
    """Bidirectional A* with balanced potentials, for at most ``chunk`` expansions.

    With ``p(v) = (h(v, goal) - h(v, start)) / 2`` the forward search orders by
    ``g_f + p`` and the backward one by ``g_r - p``; both see the same
    non-negative reduced costs, and the best path ``best[0]`` (met at cell
    ``counters[MEET]``) is optimal once the two smallest keys sum to it.
    Edge costs are directed (entering a cell costs that cell), so the backward
    search pays the cost of the cell it leaves. Legal moves are symmetric, so
    both sides read the same ``moves`` bytes.

    The two sides are written as one loop body that picks its arrays at each
    step (rather than two copies): the forward and backward updates differ in
    three lines.
    """
    size_f = counters[HEAP_SIZE]
    size_r = counters[HEAP_SIZE_R]
    expanded = counters[EXPANDED]
    generated = counters[GENERATED]
    reopened = counters[REOPENED]
    max_frontier = counters[MAX_FRONTIER]
    n_moves = N_STRAIGHT if rule == RULE_FOUR else N_MOVES
    open_mark = 2 * stamp
    closed_mark = open_mark + 1
    done = 0
    status = RUNNING
    while done < chunk:
        if size_f == 0 or size_r == 0:
            status = FOUND if best[0] < np.inf else EXHAUSTED
            break
        top_f = keys_f[0, 0]
        top_r = keys_r[0, 0]
        if top_f + top_r >= best[0] - 1e-9 * max(1.0, abs(best[0])):
            status = FOUND
            break
        forward = size_f <= size_r
        if forward:
            node, size_f = pop(heap_f, keys_f, pos_f, size_f)
            mark_f[node] = closed_mark
            g_node = g_f[node]
        else:
            node, size_r = pop(heap_r, keys_r, pos_r, size_r)
            mark_r[node] = closed_mark
            g_node = g_r[node]
        expanded += 1
        done += 1
        legal = moves[node]
        for k in range(n_moves):
            if not (legal >> k) & 1:
                continue
            nxt = node + offsets[k]
            generated += 1
            if forward:
                new_g = g_node + steps[k] * cost[nxt]
                g, key, parent, mark, heap, hkeys, pos = (
                    g_f, key_f, parent_f, mark_f, heap_f, keys_f, pos_f,
                )  # fmt: skip
                size = size_f
            else:
                new_g = g_node + steps[k] * cost[node]
                g, key, parent, mark, heap, hkeys, pos = (
                    g_r, key_r, parent_r, mark_r, heap_r, keys_r, pos_r,
                )  # fmt: skip
                size = size_r
            m = mark[nxt]
            if m >= open_mark and new_g >= g[nxt] * (1.0 - SAME_G):  # not cheaper but by rounding
                continue
            if m >= open_mark:
                potential = key[nxt] - g[nxt]
                g[nxt] = new_g
                key[nxt] = new_g + potential
                if m == closed_mark:
                    reopened += 1
                    mark[nxt] = open_mark
                    size = push(heap, hkeys, pos, size, nxt, key[nxt], g[nxt])
                else:
                    decrease(heap, hkeys, pos, nxt, key[nxt], g[nxt])
            else:
                to_goal = estimate_between(
                    nxt, target, padded_width, heuristic, h_straight, h_diagonal
                )
                to_start = estimate_between(
                    nxt, start, padded_width, heuristic, h_straight, h_diagonal
                )
                potential = 0.5 * (to_goal - to_start)
                g[nxt] = new_g
                key[nxt] = new_g + (potential if forward else -potential)
                mark[nxt] = open_mark
                size = push(heap, hkeys, pos, size, nxt, key[nxt], g[nxt])
            parent[nxt] = node
            if forward:
                size_f = size
                if mark_r[nxt] >= open_mark and new_g + g_r[nxt] < best[0]:
                    best[0] = new_g + g_r[nxt]
                    counters[MEET] = nxt
            else:
                size_r = size
                if mark_f[nxt] >= open_mark and new_g + g_f[nxt] < best[0]:
                    best[0] = new_g + g_f[nxt]
                    counters[MEET] = nxt
            if size_f + size_r > max_frontier:
                max_frontier = size_f + size_r
    counters[HEAP_SIZE] = size_f
    counters[HEAP_SIZE_R] = size_r
    counters[EXPANDED] = expanded
    counters[GENERATED] = generated
    counters[REOPENED] = reopened
    counters[MAX_FRONTIER] = max_frontier
    return status

"""numba kernels of N-Queens: bitmask backtracking that lists or counts placements.

A partial placement is three bitmasks over the columns of the next row:
``cols`` (columns taken), ``left`` and ``right`` (squares attacked along the
two diagonals, shifted one column per row). The free squares of the row are
``full & ~(cols | left | right)``; the lowest set bit is the leftmost free
column, so solutions come out in lexicographic order, as in the readable
depth-first search. The recursion is an explicit stack of arrays indexed by
row, which keeps the loop flat and lets the listing kernel stop and resume.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def _column(bit):
    # the index of a single set bit; exact because powers of two are exact floats
    return np.int64(np.log2(np.float64(bit)))


@njit(cache=True)
def _is_canonical(queens, n, image):
    """Whether ``queens`` is the lexicographically least of its 8 symmetric images."""
    for transform in range(7):
        for r in range(n):
            c = queens[r]
            if transform == 0:  # mirror left-right
                image[r] = n - 1 - c
            elif transform == 1:  # mirror top-bottom
                image[r] = queens[n - 1 - r]
            elif transform == 2:  # rotate 180
                image[r] = n - 1 - queens[n - 1 - r]
            elif transform == 3:  # transpose
                image[c] = r
            elif transform == 4:  # anti-transpose
                image[n - 1 - c] = n - 1 - r
            elif transform == 5:  # rotate 90 clockwise
                image[c] = n - 1 - r
            else:  # rotate 270
                image[n - 1 - c] = r
        for r in range(n):
            if image[r] < queens[r]:
                return False
            if image[r] > queens[r]:
                break
    return True


@njit(cache=True)
def count_plain(n, first_cols, second_cols, weights):
    """:func:`count_tasks` without ``unique``, for ``n >= 6``: the hot loop of the counter.

    The three deepest rows are handled inline (no push, no pop): they hold
    most of the nodes of the tree, and the last row has at most one free square.
    """
    full = (np.int64(1) << n) - 1
    cols = np.zeros(n + 1, dtype=np.int64)
    left = np.zeros(n + 1, dtype=np.int64)
    right = np.zeros(n + 1, dtype=np.int64)
    avail = np.zeros(n + 1, dtype=np.int64)
    total = np.int64(0)
    nodes = np.int64(0)
    last = n - 1
    for t in range(first_cols.shape[0]):
        b0 = np.int64(1) << first_cols[t]
        b1 = np.int64(1) << second_cols[t]
        nodes += 2
        cols[2] = b0 | b1
        # bits shifted past column n are cut by ``full`` when the free set is taken
        left[2] = ((b0 << 1) | b1) << 1
        right[2] = ((b0 >> 1) | b1) >> 1
        avail[2] = full & ~(cols[2] | left[2] | right[2])
        found = np.int64(0)
        depth = 2
        while True:
            free = avail[depth]
            if free == 0:
                if depth == 2:
                    break
                depth -= 1
                continue
            bit = free & -free
            avail[depth] = free ^ bit
            nodes += 1
            c = cols[depth] | bit
            lf = (left[depth] | bit) << 1
            rt = (right[depth] | bit) >> 1
            nxt = full & ~(c | lf | rt)
            if depth + 3 == last:
                # the three deepest rows inline, without touching the stack
                while nxt != 0:
                    b = nxt & -nxt
                    nxt ^= b
                    nodes += 1
                    c2 = c | b
                    lf2 = (lf | b) << 1
                    rt2 = (rt | b) >> 1
                    free2 = full & ~(c2 | lf2 | rt2)
                    while free2 != 0:
                        b2 = free2 & -free2
                        free2 ^= b2
                        nodes += 1
                        if full & ~((c2 | b2) | ((lf2 | b2) << 1) | ((rt2 | b2) >> 1)):
                            found += 1
                            nodes += 1
                continue
            if nxt != 0:
                depth += 1
                cols[depth] = c
                left[depth] = lf
                right[depth] = rt
                avail[depth] = nxt
        total += found * weights[t]
    return total, nodes


@njit(cache=True)
def count_tasks(n, first_cols, second_cols, weights, unique):
    """Count completions of two-row prefixes: ``(weighted count, nodes)``.

    Task ``t`` places row 0 at ``first_cols[t]`` and row 1 at ``second_cols[t]``
    (the caller makes them compatible) and counts every way to fill the rest;
    the count is multiplied by ``weights[t]`` (2 for a prefix that stands for
    its mirror image too). With ``unique`` only solutions that are the least
    of their 8 symmetric images are counted. ``nodes`` counts queens placed.
    """
    full = (np.int64(1) << n) - 1
    cols = np.zeros(n + 1, dtype=np.int64)
    left = np.zeros(n + 1, dtype=np.int64)
    right = np.zeros(n + 1, dtype=np.int64)
    avail = np.zeros(n + 1, dtype=np.int64)
    queens = np.zeros(n, dtype=np.int64)
    image = np.zeros(n, dtype=np.int64)
    total = np.int64(0)
    nodes = np.int64(0)
    last = n - 1
    for t in range(first_cols.shape[0]):
        b0 = np.int64(1) << first_cols[t]
        b1 = np.int64(1) << second_cols[t]
        queens[0] = first_cols[t]
        queens[1] = second_cols[t]
        nodes += 2
        cols[2] = b0 | b1
        left[2] = (((b0 << 1) | b1) << 1) & full
        right[2] = ((b0 >> 1) | b1) >> 1
        avail[2] = full & ~(cols[2] | left[2] | right[2])
        found = np.int64(0)
        if n == 2:
            found = 1
        elif last == 2:
            if avail[2] != 0:
                queens[2] = _column(avail[2])
                nodes += 1
                if not unique or _is_canonical(queens, n, image):
                    found = 1
        else:
            depth = 2
            while depth >= 2:
                free = avail[depth]
                if free == 0:
                    depth -= 1
                    continue
                bit = free & -free
                avail[depth] = free ^ bit
                nodes += 1
                c = cols[depth] | bit
                lf = ((left[depth] | bit) << 1) & full
                rt = (right[depth] | bit) >> 1
                nxt = full & ~(c | lf | rt)
                if depth + 1 == last:
                    # the last row has at most one free square: count it, no push
                    if nxt != 0:
                        nodes += 1
                        if unique:
                            queens[depth] = _column(bit)
                            queens[last] = _column(nxt)
                            if _is_canonical(queens, n, image):
                                found += 1
                        else:
                            found += 1
                    continue
                if unique:
                    queens[depth] = _column(bit)
                if nxt == 0:
                    continue
                depth += 1
                cols[depth] = c
                left[depth] = lf
                right[depth] = rt
                avail[depth] = nxt
        total += found * weights[t]
    return total, nodes


@njit(cache=True)
def list_solutions(n, out, cols, left, right, avail, queens, state, max_nodes):
    """Write solutions into the rows of ``out`` in lexicographic order; resumable.

    ``state`` is ``[depth, found, nodes]``; ``depth`` is -1 once the whole
    tree is searched. The caller starts with depth 0 and ``avail[0] = full``.
    Stops when ``out`` is full, the tree is exhausted or ``max_nodes`` more
    queens were placed. Returns 1 when finished (full or exhausted), else 0.
    """
    full = (np.int64(1) << n) - 1
    depth = state[0]
    found = state[1]
    nodes = state[2]
    budget_end = nodes + max_nodes
    capacity = out.shape[0]
    if found >= capacity:
        return 1
    while depth >= 0:
        free = avail[depth]
        if free == 0:
            depth -= 1
            continue
        if nodes >= budget_end:
            state[0] = depth
            state[1] = found
            state[2] = nodes
            return 0
        bit = free & -free
        avail[depth] = free ^ bit
        queens[depth] = _column(bit)
        nodes += 1
        if depth == n - 1:
            for r in range(n):
                out[found, r] = queens[r]
            found += 1
            if found >= capacity:
                state[0] = depth
                state[1] = found
                state[2] = nodes
                return 1
            continue
        c = cols[depth] | bit
        lf = ((left[depth] | bit) << 1) & full
        rt = (right[depth] | bit) >> 1
        depth += 1
        cols[depth] = c
        left[depth] = lf
        right[depth] = rt
        avail[depth] = full & ~(c | lf | rt)
    state[0] = depth
    state[1] = found
    state[2] = nodes
    return 1

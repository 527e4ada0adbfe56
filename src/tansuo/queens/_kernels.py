"""numba kernels of N-Queens: bitmask backtracking that lists or counts placements.

A partial placement is three bitmasks over the columns of the next row:
``cols`` (columns taken), ``left`` and ``right`` (squares attacked along the
two diagonals, shifted one column per row). The free squares of the row are
``full & ~(cols | left | right)``; the lowest set bit is the leftmost free
column, so solutions come out in lexicographic order, as in the readable
depth-first search. The recursion is an explicit stack of arrays indexed by
row (``cols``, ``left``, ``right``, ``free``), which keeps the loop flat and
lets every kernel stop after a number of nodes and resume where it stopped:
the caller looks at the clock in between (``tansuo.budget.run_chunked``).
The counting kernels release the GIL, so that threads can count different
prefixes at the same time, each with its own arrays.

What survives between two calls is in the ``state`` array, at the slots below.
A node is a queen placed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# slots of ``state``, the resumable kernels' memory between two calls
TASK = 0  # the counting task (two-row prefix) being searched
DEPTH = 1  # the row the search is at; NOT_STARTED before a task's first row
FOUND = 2  # solutions found (in the current task when counting)
TOTAL = 3  # weighted count of the finished tasks
NODES = 4  # queens placed so far
STATE_SIZE = 5

NOT_STARTED = -1
"""``state[DEPTH]`` of a counting task not yet set up, or of a finished listing."""

RUNNING, DONE = 0, 1
"""What a kernel returns: stopped by its node allowance (call again), or finished."""


def new_state(n: int) -> tuple[np.ndarray, ...]:
    """The work arrays of one resumable search: ``(cols, left, right, free, queens, state)``."""
    stack = [np.zeros(n + 1, dtype=np.int64) for _ in range(4)]
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    state[DEPTH] = NOT_STARTED
    return (*stack, np.zeros(n + 1, dtype=np.int64), state)


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


@njit(cache=True, inline="always")
def _start_task(n, full, first, second, cols, left, right, free):
    """Place the two queens of a prefix (rows 0 and 1): the stack's row 2 is ready."""
    b0 = np.int64(1) << first
    b1 = np.int64(1) << second
    cols[2] = b0 | b1
    # bits shifted past column n are cut by ``full`` when the free set is taken
    left[2] = (((b0 << 1) | b1) << 1) & full
    right[2] = ((b0 >> 1) | b1) >> 1
    free[2] = full & ~(cols[2] | left[2] | right[2])


@njit(cache=True, nogil=True)
def count_plain(n, first_cols, second_cols, weights, saved_cols, saved_left, saved_right,
                saved_free, state, max_nodes):  # fmt: skip
    """:func:`count_tasks` without ``up_to_symmetry``, for ``n >= 6``: the counter's hot loop.

    The row being searched lives in four locals (``cc``, ``cl``, ``cr``,
    ``cf``: its columns, diagonals and free squares left to try); the stack
    holds only the rows above it, written when the search goes down and read
    when it comes back up. The three deepest rows are handled inline (no
    push, no pop): they hold most of the nodes of the tree, and the last row
    has at most one free square. The node allowance is looked at only when
    the search goes back up a row, so a call may run past it by one descent
    and the inline rows below it, at most about n**3 nodes. (Measured, CPU
    time at n = 15: the locals and the rarer look together about 12% faster
    than reading the row from the stack and looking at every step.)
    Returns DONE when every task is counted (``state[TOTAL]``), else RUNNING;
    a stopped search leaves its row at ``state[DEPTH]`` of the stack.

    The stack is copied into arrays of the kernel's own and back: arrays it
    allocates cannot alias one another, which lets the compiler keep them in
    registers (measured: about 10% faster than working on the caller's arrays).
    """
    cols = saved_cols.copy()
    left = saved_left.copy()
    right = saved_right.copy()
    free = saved_free.copy()
    full = (np.int64(1) << n) - 1
    last = n - 1
    task = state[TASK]
    depth = state[DEPTH]
    found = state[FOUND]
    nodes = state[NODES]
    stop_at = nodes + max_nodes
    while task < first_cols.shape[0]:
        if depth == NOT_STARTED:
            _start_task(n, full, first_cols[task], second_cols[task], cols, left, right, free)
            nodes += 2
            found = 0
            depth = 2
        cc, cl, cr, cf = cols[depth], left[depth], right[depth], free[depth]
        while True:
            if cf == 0:
                if depth == 2:
                    break
                if nodes >= stop_at:
                    free[depth] = 0  # the row is done: resuming goes back up at once
                    state[TASK] = task
                    state[DEPTH] = depth
                    state[FOUND] = found
                    state[NODES] = nodes
                    saved_cols[:] = cols
                    saved_left[:] = left
                    saved_right[:] = right
                    saved_free[:] = free
                    return RUNNING
                depth -= 1
                cc, cl, cr, cf = cols[depth], left[depth], right[depth], free[depth]
                continue
            bit = cf & -cf
            cf ^= bit
            nodes += 1
            c = cc | bit
            lf = (cl | bit) << 1
            rt = (cr | bit) >> 1
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
                cols[depth], left[depth], right[depth], free[depth] = cc, cl, cr, cf
                depth += 1
                cc, cl, cr, cf = c, lf, rt, nxt
        state[TOTAL] += found * weights[task]
        task += 1
        depth = NOT_STARTED
    state[TASK] = task
    state[DEPTH] = NOT_STARTED
    state[FOUND] = 0
    state[NODES] = nodes
    return DONE


@njit(cache=True, nogil=True)
def count_tasks(
    n, first_cols, second_cols, weights, up_to_symmetry, cols, left, right, free, queens, state,
    max_nodes,
):  # fmt: skip
    """Count completions of two-row prefixes into ``state[TOTAL]``; resumable.

    Task ``t`` places row 0 at ``first_cols[t]`` and row 1 at ``second_cols[t]``
    (the caller makes them compatible) and counts every way to fill the rest;
    the count is multiplied by ``weights[t]`` (2 for a prefix that stands for
    its mirror image too). With ``up_to_symmetry`` only solutions that are the
    least of their 8 symmetric images are counted. Runs at most about
    ``max_nodes`` more nodes; returns DONE when every task is counted.
    """
    full = (np.int64(1) << n) - 1
    last = n - 1
    image = np.zeros(n, dtype=np.int64)
    task = state[TASK]
    depth = state[DEPTH]
    found = state[FOUND]
    nodes = state[NODES]
    stop_at = nodes + max_nodes
    while task < first_cols.shape[0]:
        if depth == NOT_STARTED:
            _start_task(n, full, first_cols[task], second_cols[task], cols, left, right, free)
            queens[0] = first_cols[task]
            queens[1] = second_cols[task]
            nodes += 2
            found = 0
            depth = 2
            if n == 2:
                found = 1
                depth = 1  # nothing below the prefix
            elif last == 2:
                if free[2] != 0:
                    queens[2] = _column(free[2])
                    nodes += 1
                    if not up_to_symmetry or _is_canonical(queens, n, image):
                        found = 1
                depth = 1
        while depth >= 2:
            candidates = free[depth]
            if candidates == 0:
                depth -= 1
                continue
            if nodes >= stop_at:
                state[TASK] = task
                state[DEPTH] = depth
                state[FOUND] = found
                state[NODES] = nodes
                return RUNNING
            bit = candidates & -candidates
            free[depth] = candidates ^ bit
            nodes += 1
            c = cols[depth] | bit
            lf = ((left[depth] | bit) << 1) & full
            rt = (right[depth] | bit) >> 1
            nxt = full & ~(c | lf | rt)
            if depth + 1 == last:
                # the last row has at most one free square: count it, no push
                if nxt != 0:
                    nodes += 1
                    if up_to_symmetry:
                        queens[depth] = _column(bit)
                        queens[last] = _column(nxt)
                        if _is_canonical(queens, n, image):
                            found += 1
                    else:
                        found += 1
                continue
            if up_to_symmetry:
                queens[depth] = _column(bit)
            if nxt == 0:
                continue
            depth += 1
            cols[depth] = c
            left[depth] = lf
            right[depth] = rt
            free[depth] = nxt
        state[TOTAL] += found * weights[task]
        task += 1
        depth = NOT_STARTED
    state[TASK] = task
    state[DEPTH] = NOT_STARTED
    state[FOUND] = 0
    state[NODES] = nodes
    return DONE


@njit(cache=True)
def list_solutions(n, out, cols, left, right, free, queens, state, max_nodes):
    """Write solutions into the rows of ``out`` in lexicographic order; resumable.

    Uses ``state[DEPTH]``, ``state[FOUND]`` and ``state[NODES]``; the caller
    starts with depth 0 and ``free[0] = full``, and ``state[DEPTH]`` is
    NOT_STARTED once the whole tree is searched. Stops when ``out`` is full,
    the tree is exhausted or ``max_nodes`` more queens were placed. Returns
    DONE when finished (full or exhausted), else RUNNING.
    """
    full = (np.int64(1) << n) - 1
    depth = state[DEPTH]
    found = state[FOUND]
    nodes = state[NODES]
    stop_at = nodes + max_nodes
    capacity = out.shape[0]
    if found >= capacity:
        return DONE
    while depth >= 0:
        candidates = free[depth]
        if candidates == 0:
            depth -= 1
            continue
        if nodes >= stop_at:
            state[DEPTH] = depth
            state[FOUND] = found
            state[NODES] = nodes
            return RUNNING
        bit = candidates & -candidates
        free[depth] = candidates ^ bit
        queens[depth] = _column(bit)
        nodes += 1
        if depth == n - 1:
            for r in range(n):
                out[found, r] = queens[r]
            found += 1
            if found >= capacity:
                state[DEPTH] = depth
                state[FOUND] = found
                state[NODES] = nodes
                return DONE
            continue
        c = cols[depth] | bit
        lf = ((left[depth] | bit) << 1) & full
        rt = (right[depth] | bit) >> 1
        depth += 1
        cols[depth] = c
        left[depth] = lf
        right[depth] = rt
        free[depth] = full & ~(c | lf | rt)
    state[DEPTH] = NOT_STARTED
    state[FOUND] = found
    state[NODES] = nodes
    return DONE

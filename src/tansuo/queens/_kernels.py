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
The kernels count queens placed (``state[NODES]``); a queen placed in the last
row is a full placement, a leaf (``state[LEAVES]``), and every other queen
placed has its next row's free squares worked out at once, an expansion. The
counting kernels count only below their tasks' two-row prefixes: the caller,
which made the prefixes, counts those rows once (``tansuo.queens.solve``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

import tansuo._jit  # noqa: F401 (numba's cache checked against the imported files too)

# slots of ``state``, the resumable kernels' memory between two calls
TASK = 0  # the counting task (two-row prefix) being searched
DEPTH = 1  # the row the search is at; NOT_STARTED before a task's first row
FOUND = 2  # solutions found (in the current task when counting)
TOTAL = 3  # weighted count of the finished tasks
NODES = 4  # queens placed so far (below the prefixes, when counting)
LEAVES = 5  # of those, queens placed in the last row: full placements reached
STATE_SIZE = 6

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
    leaves = state[LEAVES]
    stop_at = nodes + max_nodes
    while task < first_cols.shape[0]:
        if depth == NOT_STARTED:
            _start_task(n, full, first_cols[task], second_cols[task], cols, left, right, free)
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
                    state[LEAVES] = leaves
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
                            leaves += 1
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
    state[LEAVES] = leaves
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
    leaves = state[LEAVES]
    stop_at = nodes + max_nodes
    while task < first_cols.shape[0]:
        if depth == NOT_STARTED:
            _start_task(n, full, first_cols[task], second_cols[task], cols, left, right, free)
            queens[0] = first_cols[task]
            queens[1] = second_cols[task]
            found = 0
            depth = 2
            if n == 2:
                found = 1
                depth = 1  # nothing below the prefix
            elif last == 2:
                if free[2] != 0:
                    queens[2] = _column(free[2])
                    nodes += 1
                    leaves += 1
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
                state[LEAVES] = leaves
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
                    leaves += 1
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
    state[LEAVES] = leaves
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


# -- min-conflicts: solutions of any size, found by local search -------------------
#
# A placement is a permutation ``perm`` (the queen's column per row), so rows and
# columns never clash; ``up[r + c]`` and ``down[r - c + n - 1]`` count the queens on
# each diagonal. The search places the queens row by row, each on a random column
# still free of diagonal attacks if a few tries find one (Sosic and Gu's greedy
# start: all but a few dozen queens end up safe), then repairs: it takes a queen
# under attack and swaps its column with another row's when the swap lowers the
# number of attacking pairs (a random swap when no try does, to leave a local
# minimum). Its random numbers come from a 64-bit linear congruential generator
# kept in ``mc``, so a search resumes exactly where it stopped and one seed gives
# one answer. What survives between two calls is in ``mc``, at the slots below.

MC_PHASE = 0  # PLACING or REPAIRING
MC_ROW = 1  # the next row to place
MC_COLLISIONS = 2  # pairs of queens that attack each other (on a diagonal)
MC_NODES = 3  # queens placed and swaps tried
MC_RANDOM = 4  # the generator's state
MC_OPEN = 5  # rows listed in ``open_rows`` (some may no longer be attacked)
MC_SIZE = 6

PLACING, REPAIRING = 0, 1
GREEDY_TRIES = 64
"""Random columns tried for a row while placing, before one under attack is kept."""
REPAIR_TRIES = 32
"""Swaps tried for an attacked queen before a random one is made."""


def new_min_conflicts(n: int, seed: int) -> tuple[np.ndarray, ...]:
    """The arrays of one min-conflicts search: ``(perm, up, down, open_rows, mc)``."""
    mc = np.zeros(MC_SIZE, dtype=np.int64)
    mc[MC_RANDOM] = seed
    return (
        np.arange(n, dtype=np.int64),
        np.zeros(max(1, 2 * n - 1), dtype=np.int64),
        np.zeros(max(1, 2 * n - 1), dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        mc,
    )


@njit(cache=True, inline="always")
def _random(mc, bound):
    # the high bits of a 64-bit LCG (Knuth's MMIX constants); int64 products wrap
    x = mc[MC_RANDOM] * 6364136223846793005 + 1442695040888963407
    mc[MC_RANDOM] = x
    return ((x >> 33) & 0x7FFFFFFF) % bound


@njit(cache=True, inline="always")
def _attackers(perm, up, down, n, r):
    c = perm[r]
    return up[r + c] + down[r - c + n - 1] - 2


@njit(cache=True, inline="always")
def _lift(up, down, n, r, c):
    # take the queen off (r, c): the attacking pairs that go with it
    up[r + c] -= 1
    down[r - c + n - 1] -= 1
    return up[r + c] + down[r - c + n - 1]


@njit(cache=True, inline="always")
def _drop(up, down, n, r, c):
    # put a queen on (r, c): the attacking pairs it makes
    made = up[r + c] + down[r - c + n - 1]
    up[r + c] += 1
    down[r - c + n - 1] += 1
    return made


@njit(cache=True, inline="always")
def _swap(perm, up, down, n, i, j):
    # swap the columns of rows i and j; returns the change in attacking pairs
    ci = perm[i]
    cj = perm[j]
    change = -_lift(up, down, n, i, ci) - _lift(up, down, n, j, cj)
    change += _drop(up, down, n, i, cj) + _drop(up, down, n, j, ci)
    perm[i] = cj
    perm[j] = ci
    return change


@njit(cache=True, nogil=True)
def min_conflicts(perm, up, down, open_rows, mc, max_nodes):
    """Search for a placement with no attack; resumable, stops after ``max_nodes`` nodes.

    Starts from ``new_min_conflicts`` arrays. Returns DONE when ``perm`` is a
    solution (``mc[MC_COLLISIONS] == 0``), RUNNING when the nodes ran out. A
    node is a queen placed or a swap tried.
    """
    n = perm.size
    stop_at = mc[MC_NODES] + max_nodes
    if mc[MC_PHASE] == PLACING:
        r = mc[MC_ROW]
        while r < n:
            if mc[MC_NODES] >= stop_at:
                mc[MC_ROW] = r
                return RUNNING
            mc[MC_NODES] += 1
            for _ in range(GREEDY_TRIES):
                j = r + _random(mc, n - r)
                c = perm[j]
                perm[j] = perm[r]
                perm[r] = c
                if up[r + c] == 0 and down[r - c + n - 1] == 0:
                    break
            mc[MC_COLLISIONS] += _drop(up, down, n, r, perm[r])
            r += 1
        mc[MC_ROW] = n
        mc[MC_PHASE] = REPAIRING
        mc[MC_OPEN] = 0
    while mc[MC_COLLISIONS] > 0:
        if mc[MC_NODES] >= stop_at:
            return RUNNING
        if mc[MC_OPEN] == 0:  # list the rows under attack again
            k = 0
            for r in range(n):
                if _attackers(perm, up, down, n, r) > 0:
                    open_rows[k] = r
                    k += 1
            mc[MC_OPEN] = k
            mc[MC_NODES] += 1
        pick = _random(mc, mc[MC_OPEN])
        i = open_rows[pick]
        if _attackers(perm, up, down, n, i) == 0:  # safe since it was listed
            mc[MC_OPEN] -= 1
            open_rows[pick] = open_rows[mc[MC_OPEN]]
            continue
        moved = -1
        sideways = -1
        for _ in range(REPAIR_TRIES):
            j = _random(mc, n)
            mc[MC_NODES] += 1
            if j == i:
                continue
            change = _swap(perm, up, down, n, i, j)
            if change < 0:
                mc[MC_COLLISIONS] += change
                moved = j
                break
            _swap(perm, up, down, n, i, j)  # undo
            if change == 0 and sideways < 0:
                sideways = j
        if moved < 0:  # a local minimum: a swap that keeps the attacks, else a random one
            j = sideways if sideways >= 0 else _random(mc, n)
            mc[MC_NODES] += 1
            if j != i:
                mc[MC_COLLISIONS] += _swap(perm, up, down, n, i, j)
                moved = j
        if moved >= 0 and mc[MC_OPEN] < n and _attackers(perm, up, down, n, moved) > 0:
            open_rows[mc[MC_OPEN]] = moved
            mc[MC_OPEN] += 1
    return DONE

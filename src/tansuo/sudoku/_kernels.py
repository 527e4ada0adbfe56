"""Numba kernels of the Sudoku solver: bitmask propagation and an explicit-stack search.

A grid of ``N = n*n`` cells is two int32 arrays: ``candidates[c]``, the bitmask of
values still possible in cell ``c`` (bit ``v-1`` for value ``v``), and
``values[c]``, the value placed (0 when empty). Placing a value removes its bit
from the cell's peers; a peer left with one candidate goes on a queue (naked
single), a value with one place left in a row, column or box is placed there
(hidden single), until nothing changes. The search then branches on an empty
cell with the fewest candidates, trying values in the order of ``order``, and
keeps one saved copy of the grid per branch point in preallocated arrays: no
recursion and no allocation per node.

The search is resumable: everything it needs is in the arrays it is given
(its counters and phase in the named slots of ``state``), and a call returns
after ``guesses_allowed`` guesses, in phase TRY, so that the caller can look at
its budget and call :func:`search` again. A node of the search tree is the
root (the givens propagated) or one guess, so ``nodes = guesses + 1``.
"""

from __future__ import annotations

from numba import njit

# Slots of the ``state`` array, which carries the search between calls.
PHASE = 0  # where the search resumes: one of the phases below
DEPTH = 1  # branch points on the stack (on entry in START: the queued givens)
FOUND = 2  # solutions found so far (all of them, kept or not)
GUESSES = 3  # values tried at branch points
BACKTRACKS = 4  # guesses whose propagation ended in a contradiction
SINGLES = 5  # cells placed by propagation, givens included
MAX_SOLUTIONS = 6  # stop once this many solutions are found
BRANCHES = 7  # branch points pushed
GIVEN = 8  # filled cells of the puzzle
STATE_SIZE = 9

# Phases: where the search resumes; the last two mean it is over.
START = 0  # the givens are queued, nothing propagated yet
EXAMINE = 1  # the grid is propagated: find a branch cell, or record a solution
TRY = 2  # try the next untried value of the innermost branch point
EXHAUSTED = 3  # every branch explored: the solutions found are all there are
ENOUGH_SOLUTIONS = 4  # stopped at state[MAX_SOLUTIONS] solutions

CLASH = -1
"""What :func:`start` returns when two givens clash (nothing is searched)."""


@njit(cache=True)
def popcount(x: int) -> int:
    """Number of set bits of a 32-bit mask."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True)
def bit_value(bit: int) -> int:
    """The value (1-based) of a single-bit mask."""
    v = 1
    while bit > 1:
        bit >>= 1
        v += 1
    return v


@njit(cache=True)
def drain(candidates, values, peers, queue, tail, state) -> bool:
    """Place every queued single and whatever singles that creates; False on a contradiction."""
    head = 0
    npeers = peers.shape[1]
    while head < tail:
        c = queue[head]
        head += 1
        if values[c] != 0:
            continue
        m = candidates[c]
        if m == 0 or (m & (m - 1)) != 0:
            # A queued single lost its last candidate meanwhile.
            return False
        values[c] = bit_value(m)
        state[SINGLES] += 1
        for k in range(npeers):
            p = peers[c, k]
            peer_mask = candidates[p]
            if peer_mask & m:
                if values[p] != 0:
                    return False
                peer_mask &= ~m
                candidates[p] = peer_mask
                if peer_mask == 0:
                    return False
                if (peer_mask & (peer_mask - 1)) == 0:
                    queue[tail] = p
                    tail += 1
    return True


@njit(cache=True)
def propagate(candidates, values, peers, units, queue, tail, full, state) -> bool:
    """Naked and hidden singles to a fixed point, starting from ``tail`` queued cells."""
    if not drain(candidates, values, peers, queue, tail, state):
        return False
    nunits, n = units.shape
    changed = True
    while changed:
        changed = False
        for u in range(nunits):
            once = 0
            twice = 0
            placed = 0
            for i in range(n):
                c = units[u, i]
                m = candidates[c]
                if values[c] != 0:
                    placed |= m
                else:
                    twice |= once & m
                    once |= m
            if (once | placed) != full:
                return False  # some value has no place left in this unit
            hidden = once & ~twice & ~placed
            while hidden != 0:
                bit = hidden & -hidden
                hidden ^= bit
                target = -1
                for i in range(n):
                    c = units[u, i]
                    if values[c] == 0 and (candidates[c] & bit) != 0:
                        target = c
                        break
                if target < 0:
                    continue  # placed meanwhile by the singles of an earlier bit
                candidates[target] = bit
                queue[0] = target
                if not drain(candidates, values, peers, queue, 1, state):
                    return False
                changed = True
    return True


@njit(cache=True)
def fewest_candidates_cell(candidates, values) -> int:
    """The first empty cell with the fewest candidates; -1 when the grid is full."""
    best = -1
    best_count = 1 << 30
    for c in range(candidates.shape[0]):
        if values[c] == 0:
            k = popcount(candidates[c])
            if k < best_count:
                best_count = k
                best = c
                if k <= 2:
                    break  # propagation leaves no cell with fewer than two
    return best


@njit(cache=True)
def search(
    candidates,
    values,
    peers,
    units,
    order,
    saved_candidates,
    saved_values,
    branch_cell,
    untried,
    queue,
    solutions,
    state,
    guesses_allowed,
) -> int:
    """Run (or resume) the search for up to ``state[MAX_SOLUTIONS]`` solutions; returns the phase.

    On entry in phase START, ``queue[:state[DEPTH]]`` holds the given cells,
    each with its single candidate in ``candidates``. Solutions are copied into the
    rows of ``solutions`` while there is room; ``state[FOUND]`` counts all.
    """
    ncells = candidates.shape[0]
    full = 0
    for k in range(order.shape[0]):
        full |= order[k]
    phase = state[PHASE]
    if phase == START:
        tail = state[DEPTH]
        state[DEPTH] = 0
        if not propagate(candidates, values, peers, units, queue, tail, full, state):
            state[PHASE] = EXHAUSTED
            return EXHAUSTED
        phase = EXAMINE
    spent = 0
    while True:
        if phase == EXAMINE:
            cell = fewest_candidates_cell(candidates, values)
            if cell < 0:
                found = state[FOUND]
                if found < solutions.shape[0]:
                    for c in range(ncells):
                        solutions[found, c] = values[c]
                state[FOUND] = found + 1
                if found + 1 >= state[MAX_SOLUTIONS]:
                    state[PHASE] = ENOUGH_SOLUTIONS
                    return ENOUGH_SOLUTIONS
                phase = TRY
                continue
            depth = state[DEPTH]
            for c in range(ncells):
                saved_candidates[depth, c] = candidates[c]
                saved_values[depth, c] = values[c]
            branch_cell[depth] = cell
            untried[depth] = candidates[cell]
            state[DEPTH] = depth + 1
            state[BRANCHES] += 1
            phase = TRY
        else:  # TRY: the next untried value of the innermost branch point
            depth = state[DEPTH]
            if depth == 0:
                state[PHASE] = EXHAUSTED
                return EXHAUSTED
            top = depth - 1
            untried_bits = untried[top]
            if untried_bits == 0:
                state[DEPTH] = top
                continue
            if spent >= guesses_allowed:
                state[PHASE] = TRY
                return TRY
            bit = 0
            for k in range(order.shape[0]):
                if untried_bits & order[k]:
                    bit = order[k]
                    break
            untried[top] = untried_bits & ~bit
            for c in range(ncells):
                candidates[c] = saved_candidates[top, c]
                values[c] = saved_values[top, c]
            cell = branch_cell[top]
            candidates[cell] = bit
            queue[0] = cell
            state[GUESSES] += 1
            spent += 1
            if propagate(candidates, values, peers, units, queue, 1, full, state):
                phase = EXAMINE
            else:
                state[BACKTRACKS] += 1


@njit(cache=True)
def givens_clash(givens, units) -> bool:
    """Whether two filled cells of a row, column or box hold the same value."""
    nunits, n = units.shape
    for u in range(nunits):
        seen = 0
        for i in range(n):
            v = givens[units[u, i]]
            if v != 0:
                bit = 1 << (v - 1)
                if seen & bit:
                    return True
                seen |= bit
    return False


@njit(cache=True)
def start(
    givens,
    candidates,
    values,
    peers,
    units,
    order,
    saved_candidates,
    saved_values,
    branch_cell,
    untried,
    queue,
    solutions,
    state,
    max_solutions,
    guesses_allowed,
) -> int:
    """Set up the work arrays from ``givens`` and run :func:`search`; CLASH if givens clash.

    Doing the setup here rather than with numpy calls in Python saves most of
    the fixed cost of a solve (a few microseconds on a 9x9 grid).
    """
    if givens_clash(givens, units):
        return CLASH
    full = 0
    for k in range(order.shape[0]):
        full |= order[k]
    state[:] = 0
    n_given = 0
    for c in range(givens.shape[0]):
        v = givens[c]
        values[c] = 0
        if v != 0:
            candidates[c] = 1 << (v - 1)
            queue[n_given] = c
            n_given += 1
        else:
            candidates[c] = full
    state[DEPTH] = n_given
    state[GIVEN] = n_given
    state[MAX_SOLUTIONS] = max_solutions
    return search(
        candidates, values, peers, units, order, saved_candidates, saved_values,
        branch_cell, untried, queue, solutions, state, guesses_allowed,
    )  # fmt: skip

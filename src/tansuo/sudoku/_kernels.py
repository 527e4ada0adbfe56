"""Numba kernels of the Sudoku solver: bitmask propagation and an explicit-stack search.

A grid of ``N = n*n`` cells is two int32 arrays: ``cand[c]``, the bitmask of
values still possible in cell ``c`` (bit ``v-1`` for value ``v``), and
``value[c]``, the value placed (0 when empty). Placing a value removes its bit
from the cell's peers; a peer left with one candidate goes on a queue (naked
single), a value with one place left in a row, column or box is placed there
(hidden single), until nothing changes. The search then branches on an empty
cell with the fewest candidates, trying values in the order of ``order``, and
keeps one saved copy of the grid per branch point in preallocated arrays: no
recursion and no allocation per node.

The search is resumable: everything it needs is in the arrays it is given, and
it returns after ``guess_budget`` guesses so that the caller can check a clock
and call it again.
"""

from __future__ import annotations

from numba import njit

# Slots of the ``ctrl`` array shared between calls.
PHASE = 0
DEPTH = 1
FOUND = 2
GUESSES = 3
BACKTRACKS = 4
SINGLES = 5
LIMIT = 6
BRANCHES = 7
GIVEN = 8
CTRL_SIZE = 9

# Phases: where the search resumes; the last two mean it is over.
START = 0
EXAMINE = 1
TRY = 2
EXHAUSTED = 3
STOPPED_AT_LIMIT = 4


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
def drain(cand, value, peers, queue, tail, ctrl) -> bool:
    """Place every queued single and whatever singles that creates; False on a contradiction."""
    head = 0
    npeers = peers.shape[1]
    while head < tail:
        c = queue[head]
        head += 1
        if value[c] != 0:
            continue
        m = cand[c]
        if m == 0 or (m & (m - 1)) != 0:
            # A queued single lost its last candidate meanwhile.
            return False
        value[c] = bit_value(m)
        ctrl[SINGLES] += 1
        for k in range(npeers):
            p = peers[c, k]
            pm = cand[p]
            if pm & m:
                if value[p] != 0:
                    return False
                pm &= ~m
                cand[p] = pm
                if pm == 0:
                    return False
                if (pm & (pm - 1)) == 0:
                    queue[tail] = p
                    tail += 1
    return True


@njit(cache=True)
def propagate(cand, value, peers, units, queue, tail, full, ctrl) -> bool:
    """Naked and hidden singles to a fixed point, starting from ``tail`` queued cells."""
    if not drain(cand, value, peers, queue, tail, ctrl):
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
                m = cand[c]
                if value[c] != 0:
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
                    if value[c] == 0 and (cand[c] & bit) != 0:
                        target = c
                        break
                if target < 0:
                    continue  # placed meanwhile by the singles of an earlier bit
                cand[target] = bit
                queue[0] = target
                if not drain(cand, value, peers, queue, 1, ctrl):
                    return False
                changed = True
    return True


@njit(cache=True)
def fewest_candidates_cell(cand, value) -> int:
    """The first empty cell with the fewest candidates; -1 when the grid is full."""
    best = -1
    best_count = 1 << 30
    for c in range(cand.shape[0]):
        if value[c] == 0:
            k = popcount(cand[c])
            if k < best_count:
                best_count = k
                best = c
                if k <= 2:
                    break  # propagation leaves no cell with fewer than two
    return best


@njit(cache=True)
def search(
    cand,
    value,
    peers,
    units,
    order,
    stack_cand,
    stack_value,
    stack_cell,
    stack_rem,
    queue,
    solutions,
    ctrl,
    guess_budget,
) -> int:
    """Run (or resume) the search for up to ``ctrl[LIMIT]`` solutions; returns the phase.

    On entry in phase START, ``queue[:ctrl[DEPTH]]`` holds the given cells,
    each with its single candidate in ``cand``. Solutions are copied into the
    rows of ``solutions`` while there is room; ``ctrl[FOUND]`` counts all.
    """
    ncells = cand.shape[0]
    full = 0
    for k in range(order.shape[0]):
        full |= order[k]
    phase = ctrl[PHASE]
    if phase == START:
        tail = ctrl[DEPTH]
        ctrl[DEPTH] = 0
        if not propagate(cand, value, peers, units, queue, tail, full, ctrl):
            ctrl[PHASE] = EXHAUSTED
            return EXHAUSTED
        phase = EXAMINE
    spent = 0
    while True:
        if phase == EXAMINE:
            cell = fewest_candidates_cell(cand, value)
            if cell < 0:
                found = ctrl[FOUND]
                if found < solutions.shape[0]:
                    for c in range(ncells):
                        solutions[found, c] = value[c]
                ctrl[FOUND] = found + 1
                if found + 1 >= ctrl[LIMIT]:
                    ctrl[PHASE] = STOPPED_AT_LIMIT
                    return STOPPED_AT_LIMIT
                phase = TRY
                continue
            depth = ctrl[DEPTH]
            for c in range(ncells):
                stack_cand[depth, c] = cand[c]
                stack_value[depth, c] = value[c]
            stack_cell[depth] = cell
            stack_rem[depth] = cand[cell]
            ctrl[DEPTH] = depth + 1
            ctrl[BRANCHES] += 1
            phase = TRY
        else:  # TRY: the next untried value of the innermost branch point
            depth = ctrl[DEPTH]
            if depth == 0:
                ctrl[PHASE] = EXHAUSTED
                return EXHAUSTED
            top = depth - 1
            rem = stack_rem[top]
            if rem == 0:
                ctrl[DEPTH] = top
                continue
            if spent >= guess_budget:
                ctrl[PHASE] = TRY
                return TRY
            bit = 0
            for k in range(order.shape[0]):
                if rem & order[k]:
                    bit = order[k]
                    break
            stack_rem[top] = rem & ~bit
            for c in range(ncells):
                cand[c] = stack_cand[top, c]
                value[c] = stack_value[top, c]
            cell = stack_cell[top]
            cand[cell] = bit
            queue[0] = cell
            ctrl[GUESSES] += 1
            spent += 1
            if propagate(cand, value, peers, units, queue, 1, full, ctrl):
                phase = EXAMINE
            else:
                ctrl[BACKTRACKS] += 1


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
    cand,
    value,
    peers,
    units,
    order,
    stack_cand,
    stack_value,
    stack_cell,
    stack_rem,
    queue,
    solutions,
    ctrl,
    limit,
    guess_budget,
) -> int:
    """Set up the work arrays from ``givens`` and run :func:`search`; -1 if the givens clash.

    Doing the setup here rather than with numpy calls in Python saves most of
    the fixed cost of a solve (a few microseconds on a 9x9 grid).
    """
    if givens_clash(givens, units):
        return -1
    full = 0
    for k in range(order.shape[0]):
        full |= order[k]
    ctrl[:] = 0
    n_given = 0
    for c in range(givens.shape[0]):
        v = givens[c]
        value[c] = 0
        if v != 0:
            cand[c] = 1 << (v - 1)
            queue[n_given] = c
            n_given += 1
        else:
            cand[c] = full
    ctrl[DEPTH] = n_given
    ctrl[GIVEN] = n_given
    ctrl[LIMIT] = limit
    return search(
        cand, value, peers, units, order, stack_cand, stack_value,
        stack_cell, stack_rem, queue, solutions, ctrl, guess_budget,
    )  # fmt: skip

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

from typing import Any

import numpy as np
from numba import njit, types
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros
from numba.extending import intrinsic

from tansuo._jit import njit_on_first_use

trailing_zeros: Any = _trailing_zeros
"""The index of a mask's lowest set bit: one CPU instruction (LLVM's cttz)."""


@intrinsic
def _popcount(typingctx: Any, mask: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return mask(mask), codegen


popcount: Any = _popcount
"""The number of set bits of a mask: one CPU instruction (LLVM's ctpop)."""

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
def bit_value(bit: int) -> int:
    """The value (1-based) of a single-bit mask."""
    v = 1
    while bit > 1:
        bit >>= 1
        v += 1
    return v


# One signature each for the kernels called with constant arguments (a tail of 1,
# no limit): numba would otherwise compile a version per constant (Literal[int]).
@njit_on_first_use("boolean(int32[::1], int32[::1], int32[:, ::1], int32[::1], int64, int64[::1])")
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


@njit_on_first_use(
    "boolean(int32[::1], int32[::1], int32[:, ::1], int32[:, ::1], int32[::1], int64, int64,"
    " int64[::1])"
)
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


# ---------------------------------------------------------------------------------
# The 9x9 band kernel: every digit's candidates as bitmasks of whole bands.
#
# A band is three rows, 27 cells: bit ``p`` of a band is its row ``p // 9`` and
# column ``p % 9``, so cell ``27 * band + p`` of the grid. ``digits[3 * d + b]``
# holds the cells of band ``b`` where digit ``d + 1`` may still go; a solved cell
# keeps the bit of its digit only, and ``solved[b]`` marks the solved cells.
# Every rule is then a few operations on a whole band at once:
#
# * in a band, a digit sits once in each row and once in each box, so the
#   row-box pairs ("triads") it can use must hold one of the six permutations:
#   the triads no permutation uses go (box-line interactions, both ways);
# * the same down a stack of three boxes: the column-box triads a digit can use
#   must hold a permutation of its three bands;
# * a row with one place left for a digit is a hidden single (a box or a column
#   with one place left becomes such a row through the two rules above: on
#   top95 looking for them directly saves no guess and costs time);
# * a cell with one digit left is a naked single; a cell or unit with none is a
#   contradiction.
#
# The search guesses on the cell with two candidates (a bivalue cell) that has
# the most unsolved peers, else on the first with the fewest, lowest digit
# first, and saves the 30 words of state per branch point (a branch point's
# last digit pops it before it is tried). Its counters and phases are those of
# the general kernel above (``state`` and its slots), so the results read alike.
# ---------------------------------------------------------------------------------

BAND_FULL = (1 << 27) - 1
"""All 27 cells of a band."""

BAND_WORDS = 30
"""Words of a band-kernel grid: 27 digit-band masks, then the 3 solved-cell masks."""

SOLVED_AT = 27
"""Where the solved-cell masks start in a saved grid."""


def _band_tables() -> tuple[np.ndarray, ...]:
    """The lookup tables of the band kernel (built once, at import)."""
    peers = np.zeros(27, dtype=np.int64)  # a cell's row, box and column inside its band
    for p in range(27):
        r, c = divmod(p, 9)
        mask = 0
        for q in range(27):
            qr, qc = divmod(q, 9)
            if q != p and (qr == r or qc == c or qc // 3 == c // 3):
                mask |= 1 << q
        peers[p] = mask
    columns = np.array([(1 << c) | (1 << (c + 9)) | (1 << (c + 18)) for c in range(9)], np.int64)
    boxes = np.array([0o7007007 << (3 * k) for k in range(3)], dtype=np.int64)
    triads = np.zeros(512, dtype=np.int64)  # a row's 9 bits -> which of its 3 triads are used
    for x in range(512):
        triads[x] = sum(1 << k for k in range(3) if (x >> (3 * k)) & 7)
    # a band's 3x3 triads (bit 3 * row + box) -> the union of the permutations they hold
    permutations = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    keep = np.zeros(512, dtype=np.int64)
    expand = np.zeros(512, dtype=np.int64)  # triad bits -> their 27 cell bits
    for s in range(512):
        for perm in permutations:
            bits = sum(1 << (3 * r + perm[r]) for r in range(3))
            if s & bits == bits:
                keep[s] |= bits
        expand[s] = sum(7 << (9 * (t // 3) + 3 * (t % 3)) for t in range(9) if (s >> t) & 1)
    return peers, columns, boxes, triads, keep, expand


(
    BAND_PEERS,
    BAND_COLUMNS,
    BAND_BOXES,
    ROW_TRIADS,
    TRIADS_KEPT,
    TRIADS_CELLS,
) = _band_tables()


@njit(cache=True)
def band_place(digits, solved, d: int, b: int, p: int) -> bool:
    """Put digit ``d`` (0-based) in cell ``p`` of band ``b``; False if the cell has lost it.

    Branch-free past the first test: the cell leaves every digit's mask, the
    column leaves the digit's three bands, whether or not they held them (a
    test per mask would be mispredicted often, and costs more than it saves).
    """
    bit = 1 << p
    k = 3 * d + b
    if digits[k] & bit == 0:
        return False
    mine = digits[k] & ~BAND_PEERS[p]
    others = ~bit
    for e in range(9):
        digits[3 * e + b] &= others
    column = ~BAND_COLUMNS[p % 9]
    for other in range(3):
        digits[3 * d + other] &= column
    digits[k] = mine
    solved[b] |= bit
    return True


@njit(cache=True)
def band_propagate(digits, solved, seen, state) -> bool:
    """Box-line interactions, hidden singles in rows and naked singles to a fixed point.

    Returns False on a contradiction: a cell without candidates, or a digit
    whose triads in a band or a stack hold no permutation (a row, column or
    box without a place for it). ``seen`` holds the masks the box-line rules
    (``0..26``) and the singles (``27..53``) last looked at: only masks that
    changed since are looked at again (-1 everywhere looks at all). Each digit
    is taken to its own fixed point before the next; a pass over the nine
    digits that changes nothing ends the propagation.
    """
    placed = 0
    while True:
        # naked singles: cells of one candidate, found for a whole band at once
        naked0 = naked1 = naked2 = 0
        for b in range(3):
            one = 0
            two = 0
            for d in range(9):
                a = digits[3 * d + b]
                two |= one & a
                one |= a
            if one != BAND_FULL:
                return False  # a cell without candidates
            if b == 0:
                naked0 = one & ~two & ~solved[0]
            elif b == 1:
                naked1 = one & ~two & ~solved[1]
            else:
                naked2 = one & ~two & ~solved[2]
        progress = False
        for d in range(9):
            k = 3 * d
            while True:  # this digit to its own fixed point
                a0, a1, a2 = digits[k], digits[k + 1], digits[k + 2]
                if (
                    a0 == seen[27 + k]
                    and a1 == seen[28 + k]
                    and a2 == seen[29 + k]
                    and ((naked0 & a0) | (naked1 & a1) | (naked2 & a2)) == 0
                ):
                    break  # nothing new for this digit since its last look
                if ((a0 & ~solved[0]) | (a1 & ~solved[1]) | (a2 & ~solved[2])) == 0:
                    seen[27 + k], seen[28 + k], seen[29 + k] = a0, a1, a2
                    break  # all nine placed
                # box-line interactions along each band whose mask changed
                for b in range(3):
                    a = digits[k + b]
                    if a != seen[k + b]:
                        s = ROW_TRIADS[a & 511] | (ROW_TRIADS[(a >> 9) & 511] << 3)
                        s |= ROW_TRIADS[a >> 18] << 6
                        kept = TRIADS_KEPT[s]
                        if kept == 0:
                            return False
                        if kept != s:
                            a &= TRIADS_CELLS[kept]
                            digits[k + b] = a
                            progress = True  # other digits' naked singles may follow
                        seen[k + b] = a
                a0, a1, a2 = digits[k], digits[k + 1], digits[k + 2]
                # box-line interactions down the stacks: a band's columns as triads
                c0 = (a0 | (a0 >> 9) | (a0 >> 18)) & 511
                c1 = (a1 | (a1 >> 9) | (a1 >> 18)) & 511
                c2 = (a2 | (a2 >> 9) | (a2 >> 18)) & 511
                gone0 = gone1 = gone2 = 0
                for stack in range(3):
                    shift = 3 * stack
                    s = ((c0 >> shift) & 7) | (((c1 >> shift) & 7) << 3)
                    s |= ((c2 >> shift) & 7) << 6
                    kept = TRIADS_KEPT[s]
                    if kept == 0:
                        return False
                    if kept != s:
                        lost = s & ~kept
                        gone0 |= (lost & 7) << shift
                        gone1 |= ((lost >> 3) & 7) << shift
                        gone2 |= ((lost >> 6) & 7) << shift
                if gone0 | gone1 | gone2:
                    digits[k] = a0 & ~(gone0 * 0x40201)
                    digits[k + 1] = a1 & ~(gone1 * 0x40201)
                    digits[k + 2] = a2 & ~(gone2 * 0x40201)
                    progress = True
                    continue  # the bands again, with the columns gone
                # hidden singles in rows, and the naked singles of this digit
                found = 0
                for b in range(3):
                    a = digits[k + b]
                    seen[27 + k + b] = a
                    if b == 0:
                        single = naked0 & a
                    elif b == 1:
                        single = naked1 & a
                    else:
                        single = naked2 & a
                    for r in range(3):
                        x = a & (511 << (9 * r))
                        if x == 0:
                            return False
                        if x & (x - 1) == 0:
                            single |= x
                    single &= ~solved[b]
                    while single:
                        bit = single & -single
                        single ^= bit
                        if not band_place(digits, solved, d, b, trailing_zeros(bit)):
                            return False
                        placed += 1
                        found += 1
                if found == 0:
                    break
                progress = True
        if not progress:
            state[SINGLES] += placed
            return True


@njit(cache=True)
def band_branch_cell(digits, solved) -> int:
    """The cell to branch on; -1 when every cell is solved.

    The two-candidate cell with the most unsolved peers (whose guess forces
    the most), else the first cell with the fewest candidates.
    """
    best_cell = -1
    best_score = -1
    for b in range(3):
        one = 0
        two = 0
        three = 0
        for d in range(9):
            a = digits[3 * d + b]
            three |= two & a
            two |= one & a
            one |= a
        pairs = two & ~three & ~solved[b]
        while pairs:
            bit = pairs & -pairs
            pairs ^= bit
            p = trailing_zeros(bit)
            column = BAND_COLUMNS[p % 9]
            score = popcount(BAND_PEERS[p] & ~solved[b])
            for other in range(3):
                if other != b:
                    score += popcount(column & ~solved[other])
            if score > best_score:
                best_score = score
                best_cell = 27 * b + p
    if best_cell >= 0:
        return best_cell
    best = -1
    best_count = 10
    for cell in range(81):
        b = cell // 27
        bit = 1 << (cell % 27)
        if solved[b] & bit == 0:
            count = 0
            for d in range(9):
                if digits[3 * d + b] & bit:
                    count += 1
            if count < best_count:
                best_count = count
                best = cell
    return best


@njit_on_first_use(
    "int64(int64[::1], int64[::1], int64[::1], int64[:, ::1], int64[::1], int64[::1],"
    " int32[:, ::1], int64[::1], int64)"
)
def band_search(
    digits, solved, seen, saved, branch_cell, untried, solutions, state, guesses_allowed
):
    """:func:`search` for the band kernel: run or resume; returns the phase.

    On entry in phase START the givens are placed and nothing is propagated.
    """
    phase = state[PHASE]
    if phase == START:
        for i in range(54):
            seen[i] = -1
        if not band_propagate(digits, solved, seen, state):
            state[PHASE] = EXHAUSTED
            return EXHAUSTED
        phase = EXAMINE
    spent = 0
    while True:
        if phase == EXAMINE:
            if (solved[0] & solved[1] & solved[2]) == BAND_FULL:
                found = state[FOUND]
                if found < solutions.shape[0]:
                    for d in range(9):
                        for b in range(3):
                            a = digits[3 * d + b]
                            while a:
                                bit = a & -a
                                a ^= bit
                                solutions[found, 27 * b + trailing_zeros(bit)] = d + 1
                state[FOUND] = found + 1
                if found + 1 >= state[MAX_SOLUTIONS]:
                    state[PHASE] = ENOUGH_SOLUTIONS
                    return ENOUGH_SOLUTIONS
                phase = TRY
                continue
            cell = band_branch_cell(digits, solved)
            depth = state[DEPTH]
            for i in range(27):
                saved[depth, i] = digits[i]
            for b in range(3):
                saved[depth, SOLVED_AT + b] = solved[b]
            b = cell // 27
            bit = 1 << (cell % 27)
            options = 0
            for d in range(9):
                if digits[3 * d + b] & bit:
                    options |= 1 << d
            branch_cell[depth] = cell
            untried[depth] = options
            state[DEPTH] = depth + 1
            state[BRANCHES] += 1
            phase = TRY
        else:  # TRY: the next untried digit of the innermost branch point
            depth = state[DEPTH]
            if depth == 0:
                state[PHASE] = EXHAUSTED
                return EXHAUSTED
            top = depth - 1
            options = untried[top]
            if options == 0:
                state[DEPTH] = top
                continue
            if spent >= guesses_allowed:
                state[PHASE] = TRY
                return TRY
            low = options & -options
            untried[top] = options ^ low
            if options == low:
                state[DEPTH] = top  # the last digit here: this branch point is done
            for i in range(27):
                a = saved[top, i]
                digits[i] = a
                seen[i] = a  # a branch point is a fixed point: all of it was looked at
                seen[27 + i] = a
            for b in range(3):
                solved[b] = saved[top, SOLVED_AT + b]
            cell = branch_cell[top]
            state[GUESSES] += 1
            spent += 1
            band_place(digits, solved, trailing_zeros(low), cell // 27, cell % 27)
            state[SINGLES] += 1
            if band_propagate(digits, solved, seen, state):
                phase = EXAMINE
            else:
                state[BACKTRACKS] += 1


@njit(cache=True, inline="always")
def band_clear(digits, solved, state):
    """An empty grid: every digit possible in every cell, nothing solved, the state zeroed."""
    state[:] = 0
    for i in range(27):
        digits[i] = BAND_FULL
    for b in range(3):
        solved[b] = 0


@njit(cache=True)
def band_start(
    givens, units, digits, solved, seen, saved, branch_cell, untried, solutions, state,
    max_solutions, guesses_allowed,
) -> int:  # fmt: skip
    """Set up a 9x9 grid from ``givens`` and run :func:`band_search`; CLASH if givens clash.

    A given whose digit an earlier given has taken from its cell clashes with
    that given, so placing them is the whole check (``units`` is unused).
    """
    band_clear(digits, solved, state)
    n_given = 0
    for c in range(81):
        v = givens[c]
        if v != 0:
            if not band_place(digits, solved, v - 1, c // 27, c % 27):
                state[:] = 0
                return CLASH
            n_given += 1
    state[GIVEN] = n_given
    state[SINGLES] = n_given
    state[MAX_SOLUTIONS] = max_solutions
    return band_search(
        digits, solved, seen, saved, branch_cell, untried, solutions, state, guesses_allowed
    )


# The band kernel's work in one int64 array (one argument where there were
# eight: each array argument costs a call some 150 ns in numba's dispatcher).
MAX_BRANCH_POINTS = 82
"""Branch points a search can stack: one per empty cell, and one to spare."""
WORK_STATE = 0  # the ``state`` slots
WORK_DIGITS = WORK_STATE + STATE_SIZE  # the 27 digit-band masks
WORK_SOLVED = WORK_DIGITS + 27  # the 3 solved-cell masks
WORK_SEEN = WORK_SOLVED + 3  # the 54 masks propagation last looked at
WORK_BRANCH_CELL = WORK_SEEN + 54  # the cell of each branch point
WORK_UNTRIED = WORK_BRANCH_CELL + MAX_BRANCH_POINTS  # the digits left to try at each
WORK_SAVED = WORK_UNTRIED + MAX_BRANCH_POINTS  # the grid saved at each, BAND_WORDS apiece
WORK_SIZE = WORK_SAVED + MAX_BRANCH_POINTS * BAND_WORDS

NOT_A_LINE = -2
"""What :func:`band_solve_line` returns for anything but 81 cells (text or values)."""


@njit(cache=True)
def band_views(work):
    """The arrays of the band kernel as views of one work array (see ``WORK_*``)."""
    return (
        work[WORK_DIGITS : WORK_DIGITS + 27],
        work[WORK_SOLVED : WORK_SOLVED + 3],
        work[WORK_SEEN : WORK_SEEN + 54],
        work[WORK_SAVED:WORK_SIZE].reshape((MAX_BRANCH_POINTS, BAND_WORDS)),
        work[WORK_BRANCH_CELL : WORK_BRANCH_CELL + MAX_BRANCH_POINTS],
        work[WORK_UNTRIED : WORK_UNTRIED + MAX_BRANCH_POINTS],
        work[WORK_STATE : WORK_STATE + STATE_SIZE],
    )


@njit(cache=True)
def band_solve_line(line, work, kept, keep: int, max_solutions: int) -> int:
    """Solve an 81-character line (bytes) to the end on the band kernel; returns the phase.

    The quick way for one 9x9 puzzle: reads the line itself (``1``-``9`` a
    given, ``.`` or ``0`` an empty cell; or the bytes of a grid's cells, 0-9),
    places the givens and runs
    :func:`band_search` without a budget, keeping the first ``keep``
    solutions in the rows of ``kept``. Returns NOT_A_LINE for any other text
    (nothing solved) and CLASH when two givens clash.
    """
    if len(line) != 81:
        return NOT_A_LINE
    digits, solved, seen, saved, branch_cell, untried, state = band_views(work)
    band_clear(digits, solved, state)
    n_given = 0
    clash = False
    for c in range(81):
        ch = line[c]
        if ch == 0 or ch == 46 or ch == 48:  # empty: 0, '.' or '0'
            continue
        if ch <= 9:
            ch += 48  # a cell's value, as the symbol of its digit
        elif ch < 49 or ch > 57:
            return NOT_A_LINE
        if not clash and not band_place(digits, solved, ch - 49, c // 27, c % 27):
            clash = True
        n_given += 1
    if clash:
        state[:] = 0
        return CLASH
    state[GIVEN] = n_given
    state[SINGLES] = n_given
    state[MAX_SOLUTIONS] = max_solutions
    return band_search(
        digits, solved, seen, saved, branch_cell, untried, kept[:keep], state, 1 << 62
    )


# Outcome codes of :func:`band_solve_many`, one per puzzle.
CODE_SOLVED = 0  # solutions found, and the search did what was asked
CODE_NO_SOLUTION = 1  # proved: no solution
CODE_OUT_OF_NODES = 2  # the puzzle's node budget ran out first
CODE_CLASH = 3  # two givens clash: nothing searched
CODE_OUT_OF_TIME = 4  # the batch's time ran out first (or the puzzle was never reached)

# Slots of the ``progress`` array of :func:`band_solve_many`.
NEXT_PUZZLE = 0  # the puzzle to start or resume
NODES_DONE = 1  # nodes visited over the whole batch so far


@njit(cache=True, nogil=True)  # solve_many runs one a thread
def band_solve_many(
    givens, units, max_solutions, node_limit, nodes_allowed, progress,
    digits, solved, seen, saved, branch_cell, untried, kept, state,
    solutions, counters, codes,
) -> bool:  # fmt: skip
    """Solve the rows of ``givens`` from ``progress[NEXT_PUZZLE]`` on; True once all are done.

    Each puzzle may visit ``node_limit`` nodes; the call stops after about
    ``nodes_allowed`` nodes in all, leaving the puzzle it is in the middle of
    in ``state`` (phase TRY) for the next call to resume. A puzzle's first
    solution goes to its row of ``solutions``, its final ``state`` to its row
    of ``counters``, its outcome to ``codes``.
    """
    count = givens.shape[0]
    i = progress[NEXT_PUZZLE]
    spent = 0
    resuming = state[PHASE] == TRY
    while i < count:
        allowed = nodes_allowed - spent
        if allowed <= 0:
            progress[NEXT_PUZZLE] = i
            return False
        if resuming:
            resuming = False
            before = state[GUESSES] + 1
            budget = min(node_limit - before, allowed)
            phase = band_search(
                digits, solved, seen, saved, branch_cell, untried, kept, state, budget
            )
            used = state[GUESSES] + 1 - before
        elif node_limit <= 0:
            state[:] = 0
            phase = START
            used = 0
        else:
            budget = min(node_limit, allowed) - 1
            phase = band_start(
                givens[i], units, digits, solved, seen, saved, branch_cell, untried, kept,
                state, max_solutions, budget,
            )  # fmt: skip
            used = 1 if phase == CLASH else state[GUESSES] + 1
        spent += used
        progress[NODES_DONE] += used
        if phase == TRY and state[GUESSES] + 1 < node_limit:
            progress[NEXT_PUZZLE] = i  # the call's allowance is spent: resume here
            return False
        if phase == CLASH:
            state[:] = 0
            codes[i] = CODE_CLASH
        elif phase in (TRY, START):
            codes[i] = CODE_OUT_OF_NODES
        else:
            codes[i] = CODE_SOLVED if state[FOUND] > 0 else CODE_NO_SOLUTION
        if state[FOUND] > 0:
            for c in range(81):
                solutions[i, c] = kept[0, c]
        else:
            for c in range(81):
                solutions[i, c] = 0
        for k in range(STATE_SIZE):
            counters[i, k] = state[k]
        state[PHASE] = START
        i += 1
    progress[NEXT_PUZZLE] = i
    return True


# Pieces of a JSON record for :func:`write_records`, in the order of RECORD_PIECES.
(
    PIECE_ID, PIECE_STATUS, WORD_SOLVED, WORD_NO_SOLUTION, WORD_LIMIT, PIECE_PUZZLE,
    PIECE_SOLUTION, WORD_NULL, PIECE_COUNT, PIECE_EXHAUSTED, WORD_TRUE, WORD_FALSE,
    PIECE_UNIQUE, PIECE_EXPANDED, PIECE_GENERATED, PIECE_ELAPSED, PIECE_LIMIT,
    WORD_MAX_NODES, WORD_TIME_LIMIT, PIECE_NODES, PIECE_GUESSES, PIECE_BACKTRACKS,
    PIECE_BRANCHES, PIECE_SINGLES, PIECE_END_STATS, PIECE_END,
) = range(26)  # fmt: skip

RECORD_PIECES = (
    '{"id":"', '","status":"', "solved", "no_solution", "limit", '","puzzle":"',
    '","solution":', "null", ',"cost":null,"count":', ',"exhausted":', "true", "false",
    ',"unique":', ',"stats":{"expanded":', ',"generated":', ',"elapsed_s":', ',"limit":',
    '"max_nodes"', '"time_limit"', ',"nodes":', ',"guesses":', ',"backtracks":',
    ',"branches":', ',"singles":', '},"elapsed_s":', "}\n",
)  # fmt: skip
"""The literal pieces of a record: what ``json.dumps(record, separators=(",", ":"))`` writes."""


# One explicit signature: called with each piece number as a constant, numba would
# otherwise compile one specialisation per constant (27 of them, Literal[int] each).
_PUT_SIGNATURE = types.int64(
    types.Array(types.uint8, 1, "C"),
    types.int64,
    types.Array(types.uint8, 1, "C", readonly=True),
    types.Array(types.int64, 1, "C"),
    types.int64,
)


@njit_on_first_use(_PUT_SIGNATURE)  # compiled when first called, not at import
def _put(out, at: int, text, marks, piece: int) -> int:
    start = marks[piece]
    stop = marks[piece + 1]
    for i in range(start, stop):
        out[at] = text[i]
        at += 1
    return at


@njit(cache=True)
def _put_int(out, at: int, value: int) -> int:
    if value == 0:
        out[at] = 48
        return at + 1
    digits = 0
    rest = value
    while rest:
        digits += 1
        rest //= 10
    end = at + digits
    while value:
        end -= 1
        out[end] = 48 + value % 10
        value //= 10
    return at + digits


@njit(cache=True)
def write_records(out, ids, grid, solutions, counters, codes, text, marks, elapsed) -> int:
    """Write one JSON line per puzzle into ``out``; returns the bytes written.

    A line is ``{"id": ..., **result.as_dict(), "elapsed_s": ...}`` as the batch
    runner writes it (``elapsed`` holds the digits of the elapsed time). Rows
    whose givens clash are left out, for the caller to write in their place.
    """
    at = 0
    for i in range(grid.shape[0]):
        code = codes[i]
        if code == CODE_CLASH:
            continue
        c = counters[i]
        found = c[FOUND]
        exhausted = c[PHASE] == EXHAUSTED
        at = _put(out, at, text, marks, PIECE_ID)
        at = _put_int(out, at, ids[i])
        at = _put(out, at, text, marks, PIECE_STATUS)
        if code == CODE_SOLVED:
            at = _put(out, at, text, marks, WORD_SOLVED)
        elif code == CODE_NO_SOLUTION:
            at = _put(out, at, text, marks, WORD_NO_SOLUTION)
        else:
            at = _put(out, at, text, marks, WORD_LIMIT)
        at = _put(out, at, text, marks, PIECE_PUZZLE)
        for cell in range(81):
            v = grid[i, cell]
            out[at] = 46 if v == 0 else 48 + v
            at += 1
        at = _put(out, at, text, marks, PIECE_SOLUTION)
        if found:
            out[at] = 34
            at += 1
            for cell in range(81):
                out[at] = 48 + solutions[i, cell]
                at += 1
            out[at] = 34
            at += 1
        else:
            at = _put(out, at, text, marks, WORD_NULL)
        at = _put(out, at, text, marks, PIECE_COUNT)
        at = _put_int(out, at, found)
        at = _put(out, at, text, marks, PIECE_EXHAUSTED)
        at = _put(out, at, text, marks, WORD_TRUE if exhausted else WORD_FALSE)
        at = _put(out, at, text, marks, PIECE_UNIQUE)
        if found >= 2:
            at = _put(out, at, text, marks, WORD_FALSE)
        elif exhausted:
            at = _put(out, at, text, marks, WORD_TRUE if found == 1 else WORD_FALSE)
        else:
            at = _put(out, at, text, marks, WORD_NULL)
        at = _put(out, at, text, marks, PIECE_EXPANDED)
        at = _put_int(out, at, c[BRANCHES])
        at = _put(out, at, text, marks, PIECE_GENERATED)
        at = _put_int(out, at, c[GUESSES])
        at = _put(out, at, text, marks, PIECE_ELAPSED)
        for k in range(elapsed.shape[0]):
            out[at] = elapsed[k]
            at += 1
        at = _put(out, at, text, marks, PIECE_LIMIT)
        if code == CODE_OUT_OF_NODES:
            at = _put(out, at, text, marks, WORD_MAX_NODES)
        elif code == CODE_OUT_OF_TIME:
            at = _put(out, at, text, marks, WORD_TIME_LIMIT)
        else:
            at = _put(out, at, text, marks, WORD_NULL)
        at = _put(out, at, text, marks, PIECE_NODES)
        at = _put_int(out, at, 0 if c[PHASE] == START else c[GUESSES] + 1)
        at = _put(out, at, text, marks, PIECE_GUESSES)
        at = _put_int(out, at, c[GUESSES])
        at = _put(out, at, text, marks, PIECE_BACKTRACKS)
        at = _put_int(out, at, c[BACKTRACKS])
        at = _put(out, at, text, marks, PIECE_BRANCHES)
        at = _put_int(out, at, c[BRANCHES])
        at = _put(out, at, text, marks, PIECE_SINGLES)
        at = _put_int(out, at, c[SINGLES] - c[GIVEN])
        at = _put(out, at, text, marks, PIECE_END_STATS)
        for k in range(elapsed.shape[0]):
            out[at] = elapsed[k]
            at += 1
        at = _put(out, at, text, marks, PIECE_END)
    return at

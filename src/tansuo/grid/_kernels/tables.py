"""Per-map tables, built once per map and a band of cells at a time.

* the moves: offsets, side cells and step costs of the eight moves;
* the legal moves of every cell under a movement rule (one byte per cell):
  the one place where a corner rule is tested, so the searches read a bit;
* JPS's straight jumps and forced neighbours;
* the connected regions (for the landmarks of the differential heuristic).

Each ``fill_*`` kernel does the cells ``[first, last)`` of its table, so that
building one for a 4096x4096 map can stop between two bands when a time
limit runs out and resume on the next query; done band after band, the table
is the same as if built in one go.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tansuo.grid._kernels.codes import (
    DIR_X,
    DIR_Y,
    EAST,
    FIRST_DIAGONAL,
    N_MOVES,
    NO_CELL,
    RULE_ALWAYS,
    RULE_FOUR,
    RULE_NO_CORNER_CUTTING,
    SOUTH,
    WEST,
)

N_STRAIGHT = FIRST_DIAGONAL
"""Straight moves (the first four) and the jump table's columns."""

# label_regions_run's state[...] slots
REGION_SEED = 0
"""The next cell to try as the seed of a new region."""
REGION_STACK_TOP = 1
"""The flood fill's stack top, -1 when no fill is under way."""
REGION_COUNT = 2
"""Regions found so far."""
REGION_MEMBERS = 3
"""Cells of the region being filled."""
N_REGION_STATE = 4


@njit(cache=True, error_model="numpy")
def neighbour_tables(padded_width, straight, diagonal):
    """Offsets, side-cell offsets, ``dy`` and step costs of the eight moves.

    ``side_a[k]`` is the horizontal neighbour a diagonal move passes (and the
    move's ``dx``), ``side_b[k]`` the vertical one.
    """
    offsets = DIR_X + DIR_Y * padded_width
    side_a = DIR_X.copy()
    side_b = DIR_Y * padded_width
    move_dy = DIR_Y.copy()
    steps = np.empty(N_MOVES)
    for k in range(N_MOVES):
        steps[k] = straight if k < FIRST_DIAGONAL else diagonal
    return offsets, side_a, side_b, move_dy, steps


@njit(cache=True, error_model="numpy")
def fill_move_masks(cost, offsets, side_a, side_b, rule, masks, first, last):
    """Cells ``[first, last)`` of the legal-move table: bit ``k`` of ``masks[n]``
    says move ``k`` from cell ``n`` enters an open cell and obeys ``rule``."""
    size = cost.shape[0]
    n_moves = N_STRAIGHT if rule == RULE_FOUR else N_MOVES
    for node in range(first, last):
        if cost[node] == np.inf:
            continue
        mask = 0
        for k in range(n_moves):
            nxt = node + offsets[k]
            if nxt < 0 or nxt >= size or cost[nxt] == np.inf:
                continue
            if k >= FIRST_DIAGONAL and rule != RULE_ALWAYS:
                open_a = cost[node + side_a[k]] < np.inf
                open_b = cost[node + side_b[k]] < np.inf
                if rule == RULE_NO_CORNER_CUTTING:
                    if not (open_a and open_b):
                        continue
                elif not (open_a or open_b):  # RULE_ONE_SIDE
                    continue
            mask |= 1 << k
        masks[node] = mask


# -- Jump Point Search ---------------------------------------------------------------
@njit(cache=True, inline="always", error_model="numpy")
def is_open(cost, node):
    return cost[node] < np.inf


@njit(cache=True, inline="always", error_model="numpy")
def straight_step(d, padded_width):
    """The cell offset of straight direction ``d`` (east, west, south, north)."""
    if d == EAST:
        return 1
    if d == WEST:
        return -1
    return padded_width if d == SOUTH else -padded_width


@njit(cache=True, inline="always", error_model="numpy")
def has_forced_neighbour(cost, node, step, side):
    """Whether a straight move along ``step`` into ``node`` has a forced neighbour.

    Without corner cutting a side cell that is open while the cell behind it is
    blocked cannot be reached on a diagonal from the previous cell, so a scan
    must stop here.
    """
    return (is_open(cost, node + side) and not is_open(cost, node + side - step)) or (
        is_open(cost, node - side) and not is_open(cost, node - side - step)
    )


@njit(cache=True, error_model="numpy")
def fill_jump_table(cost, padded_width, table, first, last):
    """Steps ``[first, last)`` of the straight-jump table (the straight half of JPS+).

    ``table[n, d]`` for the directions east, west, south, north (one cell's
    four side by side, so a query touches one cache line): ``k > 0`` when the
    scan from ``n`` stops at a jump point ``k`` cells away, ``-k`` when it runs
    into a wall ``k`` cells away. The goal is handled at query time.

    Step ``p`` of the ``4 * cells`` is direction ``p // cells``; within a
    direction the cells are taken so that the cell ahead is always done first.
    """
    size = cost.shape[0]
    p = first
    while p < last:
        d = p // size
        end = min(last, (d + 1) * size)
        step = straight_step(d, padded_width)
        side = padded_width if d < SOUTH else 1
        for i in range(p - d * size, end - d * size):
            node = size - 1 - i if step > 0 else i
            ahead = node + step
            if ahead < 0 or ahead >= size or cost[ahead] == np.inf or cost[node] == np.inf:
                table[node, d] = -1
            elif has_forced_neighbour(cost, ahead, step, side):
                table[node, d] = 1
            else:
                further = table[ahead, d]
                table[node, d] = further + 1 if further > 0 else further - 1
        p = end


@njit(cache=True, error_model="numpy")
def fill_forced_bits(cost, padded_width, bits, first, last):
    """Cells ``[first, last)`` of the forced-neighbour table.

    Bit ``2 * d + s`` of ``bits[n]`` is set when arriving in straight direction
    ``d`` (east, west, south, north) makes the side cell on side ``s`` (0: the
    negative side, 1: the positive one) a forced neighbour.
    """
    size = cost.shape[0]
    for node in range(max(first, padded_width + 1), min(last, size - padded_width - 1)):
        if cost[node] == np.inf:
            continue
        value = 0
        for d in range(N_STRAIGHT):
            step = straight_step(d, padded_width)
            side = padded_width if d < SOUTH else 1
            for s in range(2):
                offset = side if s == 1 else -side
                if is_open(cost, node + offset) and not is_open(cost, node + offset - step):
                    value |= 1 << (2 * d + s)
        bits[node] = value


# -- regions ---------------------------------------------------------------------------
@njit(cache=True, error_model="numpy")
def label_regions_run(moves, offsets, labels, sizes, stack, state, units):
    """Label connected regions under the legal ``moves``, at most ``units`` cells a call.

    ``labels`` starts at 0 (walls, and open cells with no move at all, keep
    it); the cells of the ``r``-th region found get ``r + 1``, its size goes to
    ``sizes[r]``. Moves are symmetric, so one flood fill per region finds it.
    ``state`` (slots ``REGION_*``) carries the fill from one call to the next.
    Returns True once every cell has been looked at.
    """
    size = moves.shape[0]
    seed = state[REGION_SEED]
    top = state[REGION_STACK_TOP]
    count = state[REGION_COUNT]
    members = state[REGION_MEMBERS]
    done = 0
    finished = False
    while done < units:
        done += 1
        if top >= 0:  # a fill under way: take one cell off its stack
            node = stack[top]
            top -= 1
            members += 1
            legal = moves[node]
            for k in range(N_MOVES):
                if (legal >> k) & 1:
                    nxt = node + offsets[k]
                    if labels[nxt] == 0:
                        labels[nxt] = count + 1
                        top += 1
                        stack[top] = nxt
            if top < 0:
                sizes[count] = members
                count += 1
        elif seed >= size:
            finished = True
            break
        else:
            if labels[seed] == 0 and moves[seed] != 0:
                labels[seed] = count + 1
                top = 0
                stack[0] = seed
                members = 0
            seed += 1
    state[REGION_SEED] = seed
    state[REGION_STACK_TOP] = top
    state[REGION_COUNT] = count
    state[REGION_MEMBERS] = members
    return finished


@njit(cache=True, error_model="numpy")
def largest_region_cell(labels, sizes, count):
    """A cell of the largest region (the first such cell), or ``NO_CELL`` if none."""
    if count == 0:
        return NO_CELL
    largest = 0
    for r in range(1, count):
        if sizes[r] > sizes[largest]:
            largest = r
    for node in range(labels.shape[0]):
        if labels[node] == largest + 1:
            return node
    return NO_CELL

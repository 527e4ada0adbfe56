"""Open lists: a lazy 4-ary heap (A*, JPS) and an indexed binary heap (bidirectional A*).

Both keep their keys beside the cell numbers, ``keys[i] = (f, g)`` for the
entry ``heap[i]``, so a sift reads two small contiguous arrays instead of
jumping around the map-sized ones. Ties on ``f`` are left to the heap:
breaking them towards the larger ``g`` saves a few expansions, but the extra
unpredictable branch in every sift costs more than it saves (measured: about
twice as slow on the Moving AI maps).
"""

from __future__ import annotations

from numba import njit

from tansuo._jit import njit_one_version
from tansuo.grid._kernels.codes import NO_CELL


# -- the lazy 4-ary heap -----------------------------------------------------------
# No position index: a cell whose g improves is pushed again and its stale entry
# is skipped when it reaches the top. Half the depth of a binary heap, and the
# four children of an entry sit side by side in memory.
@njit(cache=True, inline="always", error_model="numpy")
def lazy_sift_down(heap, keys, size):
    """Restore the heap after its root entry was replaced."""
    node = heap[0]
    f = keys[0, 0]
    g = keys[0, 1]
    i = 0
    while True:
        first = 4 * i + 1
        if first >= size:
            break
        best = first
        best_f = keys[first, 0]
        last = min(first + 4, size)
        for child in range(first + 1, last):
            if keys[child, 0] < best_f:
                best = child
                best_f = keys[child, 0]
        if best_f < f:
            heap[i] = heap[best]
            keys[i, 0] = best_f
            keys[i, 1] = keys[best, 1]
            i = best
        else:
            break
    heap[i] = node
    keys[i, 0] = f
    keys[i, 1] = g


@njit(cache=True, inline="always", error_model="numpy")
def lazy_push(heap, keys, size, node, f, g):
    """Add an entry; returns the new size (the caller keeps room for it)."""
    i = size
    while i > 0:
        parent = (i - 1) >> 2
        if f < keys[parent, 0]:
            heap[i] = heap[parent]
            keys[i, 0] = keys[parent, 0]
            keys[i, 1] = keys[parent, 1]
            i = parent
        else:
            break
    heap[i] = node
    keys[i, 0] = f
    keys[i, 1] = g
    return size + 1


@njit(cache=True, inline="always", error_model="numpy")
def lazy_remove_top(heap, keys, size):
    """Drop the root entry; returns the new size."""
    size -= 1
    if size > 0:
        heap[0] = heap[size]
        keys[0, 0] = keys[size, 0]
        keys[0, 1] = keys[size, 1]
        lazy_sift_down(heap, keys, size)
    return size


@njit(cache=True, inline="always", error_model="numpy")
def lazy_replace_top(heap, keys, size, node, f, g):
    """Put a new entry where the root was (one sift instead of a pop and a push)."""
    heap[0] = node
    keys[0, 0] = f
    keys[0, 1] = g
    lazy_sift_down(heap, keys, size)


@njit(cache=True, inline="always", error_model="numpy")
def lazy_offer(heap, keys, size, top_free, node, f, g):
    """Add an entry, into the expanded cell's root slot while that is still free.

    The cell being expanded stays at the root until its first successor
    replaces it, which saves a sift per expansion. Returns the new size and
    whether the root slot is still free.
    """
    if top_free:
        lazy_replace_top(heap, keys, size, node, f, g)
        return size, False
    return lazy_push(heap, keys, size, node, f, g), False


# -- the indexed binary heap -------------------------------------------------------
# ``pos[node]`` is the node's index in the heap (-1 once popped), for decrease-key.
@njit_one_version(error_model="numpy")
def sift_up(heap, keys, pos, i):
    node = heap[i]
    f = keys[i, 0]
    g = keys[i, 1]
    while i > 0:
        parent = (i - 1) >> 1
        if f < keys[parent, 0]:
            other = heap[parent]
            heap[i] = other
            keys[i, 0] = keys[parent, 0]
            keys[i, 1] = keys[parent, 1]
            pos[other] = i
            i = parent
        else:
            break
    heap[i] = node
    keys[i, 0] = f
    keys[i, 1] = g
    pos[node] = i


@njit(cache=True, error_model="numpy")
def sift_down(heap, keys, pos, i, size):
    node = heap[i]
    f = keys[i, 0]
    g = keys[i, 1]
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        right = child + 1
        if right < size and keys[right, 0] < keys[child, 0]:
            child = right
        if keys[child, 0] < f:
            other = heap[child]
            heap[i] = other
            keys[i, 0] = keys[child, 0]
            keys[i, 1] = keys[child, 1]
            pos[other] = i
            i = child
        else:
            break
    heap[i] = node
    keys[i, 0] = f
    keys[i, 1] = g
    pos[node] = i


@njit(cache=True, error_model="numpy")
def push(heap, keys, pos, size, node, f, g):
    """Add an entry; returns the new size."""
    heap[size] = node
    keys[size, 0] = f
    keys[size, 1] = g
    sift_up(heap, keys, pos, size)
    return size + 1


@njit(cache=True, error_model="numpy")
def decrease(heap, keys, pos, node, f, g):
    """Lower the key of a node that is in the heap."""
    i = pos[node]
    keys[i, 0] = f
    keys[i, 1] = g
    sift_up(heap, keys, pos, i)


@njit(cache=True, error_model="numpy")
def pop(heap, keys, pos, size):
    """Remove the root; returns it and the new size."""
    top = heap[0]
    size -= 1
    if size > 0:
        heap[0] = heap[size]
        keys[0, 0] = keys[size, 0]
        keys[0, 1] = keys[size, 1]
        sift_down(heap, keys, pos, 0, size)
    pos[top] = NO_CELL
    return top, size

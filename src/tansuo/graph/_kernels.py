"""numba kernels of the graph package: CSR building and the search loops.

Everything here works on flat numpy arrays. The search kernels are
*resumable*: all of their state (distances, parents, the heap and its size)
lives in arrays owned by the caller, and each call does at most ``max_steps``
expansions (nodes settled) and returns ``RUNNING`` if it is not done. The
Python side calls them in chunks (:func:`tansuo.budget.run_chunked`), which is
how a wall-clock budget is honoured without a clock inside nopython code.

Heap entries are ``(key, node)`` pairs kept in two parallel arrays (a 4-ary
heap) and ordered by key, then by node index, so that ties are broken the same
way every run. Deletion is lazy: a node whose distance improves is pushed
again and the stale entry is skipped when it surfaces (the ``settled`` flag).

``counters`` is an int64 array that carries a search's counters and the small
state that survives between calls; its slots are named below, and callers
read them by the same names.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

import tansuo._jit  # noqa: F401 (numba's cache checked against the imported files too)

# -- what a search kernel returns ------------------------------------------------
RUNNING = 0
"""``max_steps`` expansions done and the search is not over: call again."""
FOUND = 1
"""The target was settled (bidirectional: the two searches proved the best meeting)."""
EXHAUSTED = 2
"""Nothing left to expand: every reachable node is settled (or the target is unreachable)."""

# -- the sides of the bidirectional search: rows of its two-row arrays ----------
FORWARD = 0
BACKWARD = 1

# -- counters[...] slots ---------------------------------------------------------
EXPANDED = 0
"""Nodes settled (the unit of ``max_expansions``)."""
GENERATED = 1
"""Arcs relaxed: every arc out of every settled node."""
HEAP_SIZE = 2
"""Entries in the heap; the bidirectional search has one per side, at ``HEAP_SIZE + side``."""
QUEUE_HEAD = 2
"""Next entry of the FIFO queue to expand (:func:`bfs_run`)."""
QUEUE_TAIL = 3
"""One past the last entry of the FIFO queue (:func:`bfs_run`)."""
MEET = 4
"""The best arc joining the two trees of :func:`bidirectional_run` (-1 before one is
seen): its forward-tree end at ``MEET + FORWARD``, its backward-tree end at
``MEET + BACKWARD`` (the same node when the trees meet in a node)."""

BEST_FIRST_COUNTERS = 3
BFS_COUNTERS = 4
BIDIRECTIONAL_COUNTERS = 6


@njit(cache=True)
def csr_fill(num_nodes, sources, targets, weights):
    """Counting sort of arcs by source: ``(indptr, indices, arc_weights)``.

    Arcs of one source keep their input order (a stable sort), so neighbour
    order, and with it tie-breaking, follows the input.
    """
    indptr = np.zeros(num_nodes + 1, dtype=np.int64)
    for i in range(sources.shape[0]):
        indptr[sources[i] + 1] += 1
    for v in range(num_nodes):
        indptr[v + 1] += indptr[v]
    cursor = indptr[:-1].copy()
    indices = np.empty(sources.shape[0], dtype=np.int32)
    arc_weights = np.empty(sources.shape[0], dtype=np.float64)
    for i in range(sources.shape[0]):
        slot = cursor[sources[i]]
        indices[slot] = targets[i]
        arc_weights[slot] = weights[i]
        cursor[sources[i]] = slot + 1
    return indptr, indices, arc_weights


@njit(cache=True, inline="always")
def _before(key_a, node_a, key_b, node_b):
    return key_a < key_b or (key_a == key_b and node_a < node_b)


@njit(cache=True)
def heap_push(heap_key, heap_node, size, key, node):
    """Add ``(key, node)`` to the 4-ary heap; returns the new size.

    Four children per entry instead of two halves the depth, and the four
    children of an entry share a cache line or two, which is what a pop pays for.
    """
    i = size
    while i > 0:
        up = (i - 1) >> 2
        if not _before(key, node, heap_key[up], heap_node[up]):
            break
        heap_key[i] = heap_key[up]
        heap_node[i] = heap_node[up]
        i = up
    heap_key[i] = key
    heap_node[i] = node
    return size + 1


@njit(cache=True)
def heap_pop(heap_key, heap_node, size):
    """Remove the least entry (read it from index 0 first); returns the new size."""
    size -= 1
    key = heap_key[size]
    node = heap_node[size]
    i = 0
    while True:
        first = 4 * i + 1
        if first >= size:
            break
        best = first
        best_key = heap_key[first]
        best_node = heap_node[first]
        for child in range(first + 1, min(first + 4, size)):
            if _before(heap_key[child], heap_node[child], best_key, best_node):
                best = child
                best_key = heap_key[child]
                best_node = heap_node[child]
        if not _before(best_key, best_node, key, node):
            break
        heap_key[i] = best_key
        heap_node[i] = best_node
        i = best
    if size > 0:
        heap_key[i] = key
        heap_node[i] = node
    return size


@njit(cache=True)
def best_first_run(
    indptr,
    indices,
    arc_weights,
    coords,
    heuristic_scale,
    target,
    dist,
    parent,
    settled,
    heap_key,
    heap_node,
    counters,
    max_steps,
):
    """Dijkstra (``heuristic_scale == 0``) or A* with the straight-line heuristic.

    ``counters`` (``BEST_FIRST_COUNTERS`` slots: ``EXPANDED``, ``GENERATED``,
    ``HEAP_SIZE``) is updated in place. The heuristic is ``heuristic_scale``
    times the Euclidean distance from a node's coordinates to the target's;
    the scale is chosen by the caller so that it never exceeds an arc's
    weight per unit of length, which makes the heuristic consistent and the
    first settling of a node final. ``target < 0`` settles every reachable node.
    Returns ``FOUND``, ``EXHAUSTED`` or ``RUNNING``.
    """
    size = counters[HEAP_SIZE]
    expanded = counters[EXPANDED]
    generated = counters[GENERATED]
    use_h = heuristic_scale > 0.0 and target >= 0
    tx = 0.0
    ty = 0.0
    if use_h:
        tx = coords[target, 0]
        ty = coords[target, 1]
    steps = 0
    outcome = RUNNING
    while True:
        if size == 0:
            outcome = EXHAUSTED
            break
        if steps >= max_steps:
            break
        u = heap_node[0]
        size = heap_pop(heap_key, heap_node, size)
        if settled[u]:
            continue  # stale entry
        settled[u] = True
        steps += 1
        if u == target:
            outcome = FOUND
            break
        expanded += 1  # the target is settled, not expanded: its arcs are never read
        du = dist[u]
        for a in range(indptr[u], indptr[u + 1]):
            v = indices[a]
            generated += 1
            # no settled[v] test: a settled node already has dist[v] <= du <= dv
            dv = du + arc_weights[a]
            if dv < dist[v]:
                dist[v] = dv
                parent[v] = u
                key = dv
                if use_h:
                    dx = coords[v, 0] - tx
                    dy = coords[v, 1] - ty
                    key = dv + heuristic_scale * math.sqrt(dx * dx + dy * dy)
                size = heap_push(heap_key, heap_node, size, key, v)
    counters[HEAP_SIZE] = size
    counters[EXPANDED] = expanded
    counters[GENERATED] = generated
    return outcome


@njit(cache=True)
def dijkstra_packed_run(
    indptr, indices, int_weights, bits, target, dist, parent, settled, heap, counters, max_steps
):
    """Dijkstra for integer weights with ``(distance, node)`` packed in one int64.

    A heap entry is ``distance << bits | node``: one integer comparison orders
    by distance, then node number, exactly like :func:`best_first_run`, with
    half the memory traffic. The caller checks that no distance can overflow
    (``(n - 1) * max_weight < 2**(63 - bits)``). ``dist`` is int64 here, with
    the int64 maximum for "not reached". ``counters`` has the slots of
    :func:`best_first_run`. Returns ``FOUND``, ``EXHAUSTED`` or ``RUNNING``.

    The heap's sift-down and sift-up are written out here rather than shared
    with :func:`heap_pop`/:func:`heap_push`: one array of plain integers needs
    neither the second array nor the tie-breaking comparison.
    """
    mask = (np.int64(1) << bits) - 1
    size = counters[HEAP_SIZE]
    expanded = counters[EXPANDED]
    generated = counters[GENERATED]
    steps = 0
    outcome = RUNNING
    while True:
        if size == 0:
            outcome = EXHAUSTED
            break
        if steps >= max_steps:
            break
        u = heap[0] & mask
        size -= 1
        last = heap[size]
        i = 0
        while True:
            first = 4 * i + 1
            if first >= size:
                break
            best = first
            best_entry = heap[first]
            for child in range(first + 1, min(first + 4, size)):
                if heap[child] < best_entry:
                    best = child
                    best_entry = heap[child]
            if best_entry >= last:
                break
            heap[i] = best_entry
            i = best
        if size > 0:
            heap[i] = last
        if settled[u]:
            continue
        settled[u] = True
        steps += 1
        if u == target:
            outcome = FOUND
            break
        expanded += 1  # the target is settled, not expanded: its arcs are never read
        du = dist[u]
        for a in range(indptr[u], indptr[u + 1]):
            v = indices[a]
            generated += 1
            dv = du + int_weights[a]
            if dv < dist[v]:
                dist[v] = dv
                parent[v] = u
                entry = (dv << bits) | v
                j = size
                while j > 0:
                    up = (j - 1) >> 2
                    if heap[up] <= entry:
                        break
                    heap[j] = heap[up]
                    j = up
                heap[j] = entry
                size += 1
    counters[HEAP_SIZE] = size
    counters[EXPANDED] = expanded
    counters[GENERATED] = generated
    return outcome


@njit(cache=True)
def bidirectional_run(
    indptr,
    indices,
    arc_weights,
    rev_indptr,
    rev_indices,
    rev_weights,
    dist,
    parent,
    settled,
    heap_key,
    heap_node,
    counters,
    best_length,
    max_steps,
):
    """Bidirectional Dijkstra between the nodes the caller seeded in both heaps.

    ``dist``, ``parent``, ``settled``, ``heap_key`` and ``heap_node`` have two
    rows, ``FORWARD`` (from the source over the arcs) and ``BACKWARD`` (from
    the target over the reversed arcs). ``counters`` has
    ``BIDIRECTIONAL_COUNTERS`` slots (``EXPANDED``, ``GENERATED``, a heap size
    per side at ``HEAP_SIZE + side`` and the meeting arc at ``MEET + side``)
    and ``best_length[0]`` is the shortest source-target length seen so far
    (``mu``): the path is the forward tree to ``counters[MEET + FORWARD]``,
    the arc to ``counters[MEET + BACKWARD]`` (nothing when they are equal) and
    the backward tree from there. The search stops when the two heap tops
    together reach ``mu``: no shorter path can be found after that. Each round
    expands the side whose top key is smaller.
    Returns ``FOUND`` (a path), ``EXHAUSTED`` (none) or ``RUNNING``.
    """
    dist_f = dist[FORWARD]
    dist_b = dist[BACKWARD]
    parent_f = parent[FORWARD]
    parent_b = parent[BACKWARD]
    settled_f = settled[FORWARD]
    settled_b = settled[BACKWARD]
    heap_key_f = heap_key[FORWARD]
    heap_key_b = heap_key[BACKWARD]
    heap_node_f = heap_node[FORWARD]
    heap_node_b = heap_node[BACKWARD]
    size_f = counters[HEAP_SIZE + FORWARD]
    size_b = counters[HEAP_SIZE + BACKWARD]
    expanded = counters[EXPANDED]
    generated = counters[GENERATED]
    mu = best_length[0]
    steps = 0
    outcome = RUNNING
    while True:
        # drop stale tops so that the stopping test sees real keys
        while size_f > 0 and settled_f[heap_node_f[0]]:
            size_f = heap_pop(heap_key_f, heap_node_f, size_f)
        while size_b > 0 and settled_b[heap_node_b[0]]:
            size_b = heap_pop(heap_key_b, heap_node_b, size_b)
        if size_f == 0 or size_b == 0 or heap_key_f[0] + heap_key_b[0] >= mu:
            outcome = FOUND if mu < np.inf else EXHAUSTED
            break
        if steps >= max_steps:
            break
        steps += 1
        expanded += 1
        # The two sides below are one step with the roles swapped. They stay
        # written out twice: as one helper (inlined by numba or by LLVM) or as
        # one body over side-selected arrays, the search ran 5-25% slower
        # (A/B on road-like 10^5 and 10^6 and sparse 10^5 graphs).
        if heap_key_f[0] <= heap_key_b[0]:
            u = heap_node_f[0]
            size_f = heap_pop(heap_key_f, heap_node_f, size_f)
            settled_f[u] = True
            du = dist_f[u]
            for a in range(indptr[u], indptr[u + 1]):
                v = indices[a]
                generated += 1
                dv = du + arc_weights[a]
                if not settled_f[v] and dv < dist_f[v]:
                    dist_f[v] = dv
                    parent_f[v] = u
                    size_f = heap_push(heap_key_f, heap_node_f, size_f, dv, v)
                if dist_b[v] < np.inf and dv + dist_b[v] < mu:
                    mu = dv + dist_b[v]
                    counters[MEET + FORWARD] = u
                    counters[MEET + BACKWARD] = v
        else:
            u = heap_node_b[0]
            size_b = heap_pop(heap_key_b, heap_node_b, size_b)
            settled_b[u] = True
            du = dist_b[u]
            for a in range(rev_indptr[u], rev_indptr[u + 1]):
                v = rev_indices[a]
                generated += 1
                dv = du + rev_weights[a]
                if not settled_b[v] and dv < dist_b[v]:
                    dist_b[v] = dv
                    parent_b[v] = u
                    size_b = heap_push(heap_key_b, heap_node_b, size_b, dv, v)
                if dist_f[v] < np.inf and dv + dist_f[v] < mu:
                    mu = dv + dist_f[v]
                    counters[MEET + FORWARD] = v
                    counters[MEET + BACKWARD] = u
    counters[HEAP_SIZE + FORWARD] = size_f
    counters[HEAP_SIZE + BACKWARD] = size_b
    counters[EXPANDED] = expanded
    counters[GENERATED] = generated
    best_length[0] = mu
    return outcome


@njit(cache=True)
def bfs_run(indptr, indices, target, hops, parent, queue, counters, max_steps):
    """Breadth-first search by hop count (``hops[v] < 0``: not reached yet).

    ``counters`` has ``BFS_COUNTERS`` slots: ``EXPANDED``, ``GENERATED`` and
    the ``QUEUE_HEAD`` and ``QUEUE_TAIL`` of the FIFO ``queue``.
    Returns ``FOUND`` (target expanded), ``EXHAUSTED`` or ``RUNNING``.
    """
    head = counters[QUEUE_HEAD]
    tail = counters[QUEUE_TAIL]
    expanded = counters[EXPANDED]
    generated = counters[GENERATED]
    steps = 0
    outcome = RUNNING
    while True:
        if head == tail:
            outcome = EXHAUSTED
            break
        if steps >= max_steps:
            break
        u = queue[head]
        head += 1
        steps += 1
        if u == target:
            outcome = FOUND
            break
        expanded += 1
        for a in range(indptr[u], indptr[u + 1]):
            v = indices[a]
            generated += 1
            if hops[v] < 0:
                hops[v] = hops[u] + 1
                parent[v] = u
                queue[tail] = v
                tail += 1
    counters[QUEUE_HEAD] = head
    counters[QUEUE_TAIL] = tail
    counters[EXPANDED] = expanded
    counters[GENERATED] = generated
    return outcome

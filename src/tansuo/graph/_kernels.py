"""numba kernels of the graph package: CSR building and the search loops.

Everything here works on flat numpy arrays. The search kernels are
*resumable*: all of their state (distances, parents, the heap and its size)
lives in arrays owned by the caller, and each call does at most ``max_steps``
expansions before returning. The Python side calls them in chunks, which is
how a wall-clock budget is honoured without a clock inside nopython code.

Heap entries are ``(key, node)`` pairs kept in two parallel arrays (a 4-ary
heap) and ordered by key, then by node index, so that ties are broken the same
way every run.
Deletion is lazy: a node whose distance improves is pushed again and the stale
entry is skipped when it surfaces (the ``settled`` flag).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit


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

    ``counters`` holds ``[heap_size, expanded, generated]`` and is updated in
    place. The heuristic is ``heuristic_scale`` times the Euclidean distance
    from a node's coordinates to the target's; the scale is chosen by the
    caller so that it never exceeds an arc's weight per unit of length, which
    makes the heuristic consistent and the first settling of a node final.
    Returns 1 when finished (target settled or heap empty), else 0.
    """
    size = counters[0]
    expanded = counters[1]
    generated = counters[2]
    use_h = heuristic_scale > 0.0 and target >= 0
    tx = 0.0
    ty = 0.0
    if use_h:
        tx = coords[target, 0]
        ty = coords[target, 1]
    steps = 0
    done = 0
    while True:
        if size == 0:
            done = 1
            break
        if steps >= max_steps:
            break
        u = heap_node[0]
        size = heap_pop(heap_key, heap_node, size)
        if settled[u]:
            continue  # stale entry
        settled[u] = True
        expanded += 1
        steps += 1
        if u == target:
            done = 1
            break
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
    counters[0] = size
    counters[1] = expanded
    counters[2] = generated
    return done


@njit(cache=True)
def dijkstra_packed_run(
    indptr, indices, int_weights, bits, target, dist, parent, settled, heap, counters, max_steps
):
    """Dijkstra for integer weights with ``(distance, node)`` packed in one int64.

    A heap entry is ``distance << bits | node``: one integer comparison orders
    by distance, then node number, exactly like :func:`best_first_run`, with
    half the memory traffic. The caller checks that no distance can overflow
    (``(n - 1) * max_weight < 2**(63 - bits)``). ``dist`` is int64 here, with
    the int64 maximum for "not reached". ``counters`` is
    ``[heap_size, expanded, generated]``. Returns 1 when finished, else 0.
    """
    mask = (np.int64(1) << bits) - 1
    size = counters[0]
    expanded = counters[1]
    generated = counters[2]
    steps = 0
    done = 0
    while True:
        if size == 0:
            done = 1
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
        expanded += 1
        steps += 1
        if u == target:
            done = 1
            break
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
    counters[0] = size
    counters[1] = expanded
    counters[2] = generated
    return done


@njit(cache=True)
def bidirectional_run(
    indptr,
    indices,
    arc_weights,
    rev_indptr,
    rev_indices,
    rev_weights,
    dist_f,
    dist_b,
    parent_f,
    parent_b,
    settled_f,
    settled_b,
    heap_key_f,
    heap_node_f,
    heap_key_b,
    heap_node_b,
    counters,
    best,
    max_steps,
):
    """Bidirectional Dijkstra between the nodes the caller seeded in both heaps.

    ``counters`` is ``[size_f, size_b, expanded, generated, meet_u, meet_v]``
    and ``best[0]`` the shortest s-t length seen so far (``mu``): the path is
    the forward tree to ``meet_u``, the arc ``meet_u -> meet_v`` (or nothing
    when they are equal) and the backward tree from ``meet_v``. The search
    stops when the two heap tops together reach ``mu``: no shorter path can be
    found after that. Each round expands the side whose top key is smaller.
    Returns 1 when finished, else 0.
    """
    size_f = counters[0]
    size_b = counters[1]
    expanded = counters[2]
    generated = counters[3]
    mu = best[0]
    steps = 0
    done = 0
    while True:
        # drop stale tops so that the stopping test sees real keys
        while size_f > 0 and settled_f[heap_node_f[0]]:
            size_f = heap_pop(heap_key_f, heap_node_f, size_f)
        while size_b > 0 and settled_b[heap_node_b[0]]:
            size_b = heap_pop(heap_key_b, heap_node_b, size_b)
        if size_f == 0 or size_b == 0:
            done = 1
            break
        if heap_key_f[0] + heap_key_b[0] >= mu:
            done = 1
            break
        if steps >= max_steps:
            break
        steps += 1
        expanded += 1
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
                    counters[4] = u
                    counters[5] = v
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
                    counters[4] = v
                    counters[5] = u
    counters[0] = size_f
    counters[1] = size_b
    counters[2] = expanded
    counters[3] = generated
    best[0] = mu
    return done


@njit(cache=True)
def bfs_run(indptr, indices, target, hops, parent, queue, counters, max_steps):
    """Breadth-first search by hop count (``hops[v] < 0``: not reached yet).

    ``counters`` is ``[head, tail, expanded, generated]`` of the FIFO ``queue``.
    Returns 1 when finished (target reached or queue empty), else 0.
    """
    head = counters[0]
    tail = counters[1]
    expanded = counters[2]
    generated = counters[3]
    steps = 0
    done = 0
    while True:
        if head == tail:
            done = 1
            break
        if steps >= max_steps:
            break
        u = queue[head]
        head += 1
        expanded += 1
        steps += 1
        if u == target:
            done = 1
            break
        for a in range(indptr[u], indptr[u + 1]):
            v = indices[a]
            generated += 1
            if hops[v] < 0:
                hops[v] = hops[u] + 1
                parent[v] = u
                queue[tail] = v
                tail += 1
    counters[0] = head
    counters[1] = tail
    counters[2] = expanded
    counters[3] = generated
    return done

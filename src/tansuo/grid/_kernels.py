"""numba kernels for grid search: the hot loops and nothing else.

The grid arrives padded with a one-cell border of walls and flattened, so a
cell is an index ``n = (y + 1) * width_p + (x + 1)`` and its neighbours are
``n + offset`` with no bounds check. ``cost[n]`` is ``inf`` on walls.

Work arrays are allocated once per map (see ``solve.GridSearcher``) and reused
by every query: ``mark[n]`` says what ``g``/``parent`` hold for the current
query, ``2 * stamp`` for a generated (open) cell and ``2 * stamp + 1`` for a
closed one, anything smaller is stale from an earlier query, so nothing is
cleared between queries. A* and JPS keep their open list in a 4-ary heap of
``(f, g, cell)`` entries with lazy deletion (``heap`` and ``keys``); the
bidirectional search needs decrease-key and uses an indexed binary heap
(``heap``, ``keys`` and ``pos``). Per-map tables (legal moves per cell, JPS's
straight jumps and forced neighbours) are built once and reused.

Searches are resumable: each ``*_run`` kernel does at most ``chunk``
expansions and returns ``RUNNING``; the Python side checks the clock and the
budget and calls again. ``counters`` holds the state that survives between
calls (indices below).
"""

from __future__ import annotations

import numpy as np
from numba import njit

RUNNING, FOUND, EXHAUSTED, NEED_ROOM = 0, 1, 2, 3

# counters[...] indices
EXPANDED, GENERATED, HEAP_SIZE, REOPENED, MAX_HEAP, LOG_COUNT, MEET, HEAP_SIZE_R = range(8)
N_COUNTERS = 8

# rule codes
RULE_4, RULE_NO_CORNER, RULE_ONE_SIDE, RULE_ALWAYS = 0, 1, 2, 3


@njit(cache=True, inline="always", error_model="numpy")
def _before(f_a, g_a, f_b, g_b):
    """Heap order: smaller f first.

    Breaking ties towards the larger g saves a few expansions but the extra
    unpredictable branch in every sift costs more than it saves (measured: about
    twice as slow on the Moving AI maps), so ties are left to the heap.
    """
    return f_a < f_b


# The heap keeps its keys beside the cell numbers (``keys[i] = (f, g)``) so that
# sifting reads two contiguous arrays instead of jumping around the map-sized ones.
@njit(cache=True, error_model="numpy")
def _sift_up(heap, keys, pos, i):
    node = heap[i]
    f = keys[i, 0]
    g = keys[i, 1]
    while i > 0:
        parent = (i - 1) >> 1
        if _before(f, g, keys[parent, 0], keys[parent, 1]):
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
def _sift_down(heap, keys, pos, i, size):
    node = heap[i]
    f = keys[i, 0]
    g = keys[i, 1]
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        right = child + 1
        if right < size and _before(keys[right, 0], keys[right, 1], keys[child, 0], keys[child, 1]):
            child = right
        if _before(keys[child, 0], keys[child, 1], f, g):
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
def _push(heap, keys, pos, size, node, f, g):
    heap[size] = node
    keys[size, 0] = f
    keys[size, 1] = g
    _sift_up(heap, keys, pos, size)
    return size + 1


@njit(cache=True, error_model="numpy")
def _decrease(heap, keys, pos, node, f, g):
    i = pos[node]
    keys[i, 0] = f
    keys[i, 1] = g
    _sift_up(heap, keys, pos, i)


@njit(cache=True, error_model="numpy")
def _pop(heap, keys, pos, size):
    top = heap[0]
    size -= 1
    if size > 0:
        heap[0] = heap[size]
        keys[0, 0] = keys[size, 0]
        keys[0, 1] = keys[size, 1]
        _sift_down(heap, keys, pos, 0, size)
    pos[top] = -1
    return top, size


@njit(cache=True, inline="always", error_model="numpy")
def _estimate_offsets(dx, dy, hcode, h_straight, h_diagonal):
    """Heuristic for absolute offsets ``dx, dy``; h_* already include weight and min cost."""
    if hcode == 0:
        return 0.0
    if hcode == 1:
        return h_straight * (dx + dy)
    big = max(dx, dy)
    small = min(dx, dy)
    if hcode == 2:
        return h_straight * (big - small) + h_diagonal * small
    if hcode == 3:
        return h_straight * big
    return h_straight * np.sqrt(float(dx * dx + dy * dy))


@njit(cache=True, inline="always", error_model="numpy")
def _estimate(node, target, width_p, hcode, h_straight, h_diagonal):
    """Heuristic from cell ``node`` to cell ``target``."""
    dx = abs(node % width_p - target % width_p)
    dy = abs(node // width_p - target // width_p)
    return _estimate_offsets(dx, dy, hcode, h_straight, h_diagonal)


@njit(cache=True, inline="always", error_model="numpy")
def _diagonal_allowed(cost, n, side_a, side_b, rule):
    open_a = cost[n + side_a] < np.inf
    open_b = cost[n + side_b] < np.inf
    if rule == 1:
        return open_a and open_b
    if rule == 2:
        return open_a or open_b
    return True


@njit(cache=True, error_model="numpy")
def build_move_masks(cost, offsets, side_a, side_b, rule):
    """For every cell, a byte whose bit ``k`` says move ``k`` is legal under ``rule``."""
    size = cost.shape[0]
    masks = np.zeros(size, dtype=np.uint8)
    n_moves = 4 if rule == 0 else 8
    for node in range(size):
        if cost[node] == np.inf:
            continue
        mask = 0
        for k in range(n_moves):
            nxt = node + offsets[k]
            if nxt < 0 or nxt >= size or cost[nxt] == np.inf:
                continue
            if (
                k >= 4
                and rule != 3
                and not _diagonal_allowed(cost, node, side_a[k], side_b[k], rule)
            ):
                continue
            mask |= 1 << k
        masks[node] = mask
    return masks


def neighbour_tables(width_p: int, straight: float, diagonal: float):
    """Offsets, side offsets, dy and step costs of the 8 moves (straight ones first)."""
    dxs = np.array([1, -1, 0, 0, 1, -1, 1, -1], dtype=np.int64)
    dys = np.array([0, 0, 1, -1, 1, 1, -1, -1], dtype=np.int64)
    offsets = dxs + dys * width_p
    side_a = dxs.copy()  # the horizontal neighbour a diagonal passes (and the move's dx)
    side_b = dys * width_p  # the vertical one
    steps = np.array([straight] * 4 + [diagonal] * 4, dtype=np.float64)
    return offsets, side_a, side_b, dys, steps


# The lazy open list is a 4-ary heap: half the depth of a binary one, and the four
# children of an entry sit side by side in memory.
@njit(cache=True, inline="always", error_model="numpy")
def _lazy_sift_down(heap, keys, size):
    """Restore the heap after its last entry was moved to the root."""
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
def _lazy_push(heap, keys, size, node, f, g):
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
def _lazy_remove_top(heap, keys, size):
    """Drop the root entry; returns the new size."""
    size -= 1
    if size > 0:
        heap[0] = heap[size]
        keys[0, 0] = keys[size, 0]
        keys[0, 1] = keys[size, 1]
        _lazy_sift_down(heap, keys, size)
    return size


@njit(cache=True, inline="always", error_model="numpy")
def _lazy_replace_top(heap, keys, size, node, f, g):
    """Put a new entry where the root was (one sift instead of a pop and a push)."""
    heap[0] = node
    keys[0, 0] = f
    keys[0, 1] = g
    _lazy_sift_down(heap, keys, size)


@njit(cache=True, error_model="numpy")
def astar_init(
    start,
    target,
    stamp,
    g,
    parent,
    mark,
    heap,
    keys,
    counters,
    width_p,
    hcode,
    h_straight,
    h_diagonal,
):
    counters[:] = 0
    g[start] = 0.0
    parent[start] = -1
    mark[start] = 2 * stamp
    heap[0] = start
    keys[0, 0] = _estimate(start, target, width_p, hcode, h_straight, h_diagonal)
    keys[0, 1] = 0.0
    counters[HEAP_SIZE] = 1
    counters[MAX_HEAP] = 1


@njit(cache=True, error_model="numpy")
def astar_run(
    cost,
    moves,
    unit_cells,
    width_p,
    rule,
    offsets,
    side_a,
    side_b,
    move_dy,
    steps,
    target,
    stamp,
    hcode,
    h_straight,
    h_diagonal,
    g,
    parent,
    mark,
    heap,
    keys,
    counters,
    chunk,
    log_cell,
    log_g,
    log_h,
    opened_at,
    landmarks,
    landmark_scale,
):
    """Best-first search (A*, weighted A*, Dijkstra with hcode 0) for at most ``chunk`` expansions.

    ``moves[n]`` has bit ``k`` set when move ``k`` from cell ``n`` is legal
    (see ``build_move_masks``), so walls and the corner rule cost one byte read
    per expansion; ``unit_cells`` skips reading cell costs on plain maps.

    The open list is a 4-ary heap of ``(f, g, cell)`` entries with lazy
    deletion: a cell whose ``g`` improves is pushed again and the stale entry is
    skipped when popped. No position index is kept, so a sift moves only the
    heap's own contiguous arrays. Returns ``NEED_ROOM`` (without losing work)
    when the heap might overflow; the caller grows it and calls again. One
    generated cell whose f is no larger than the expanded cell's is expanded
    next without going through the heap at all: it is a best cell already.

    A closed cell that gets a cheaper ``g`` is reopened, so an inconsistent
    heuristic still gives a valid (if not optimal) path. ``log_*`` record the
    expansions (cell, g, h) up to their length; ``opened_at`` the expansion
    count when each cell was first generated (only when logging).

    ``landmarks[n, l]`` is the distance from landmark ``l`` to cell ``n`` (an
    array with no columns when unused); the estimate is then raised to
    ``landmark_scale * |landmarks[target, l] - landmarks[n, l]|`` where that is
    larger (the differential heuristic).
    """
    n_landmarks = landmarks.shape[1]
    goal_distance = np.empty(n_landmarks)
    for lm in range(n_landmarks):
        goal_distance[lm] = landmarks[target, lm]
    size = counters[HEAP_SIZE]
    expanded = counters[EXPANDED]
    generated = counters[GENERATED]
    reopened = counters[REOPENED]
    max_heap = counters[MAX_HEAP]
    n_log = counters[LOG_COUNT]
    log_cap = log_cell.shape[0]
    capacity = heap.shape[0]
    n_moves = 4 if rule == 0 else 8
    open_mark = 2 * stamp
    closed_mark = open_mark + 1
    target_x = target % width_p
    target_y = target // width_p
    status = RUNNING
    done = 0
    tie = -1  # a cell generated with the f of the cell just expanded: expanded next, no heap
    tie_f = 0.0
    tie_g = 0.0
    while True:
        if tie >= 0:
            node = tie
            f_node = tie_f
            g_node = tie_g
            tie = -1
            top_free = False
            if node != target and (done >= chunk or size + n_moves > capacity):
                size = _lazy_push(heap, keys, size, node, f_node, g_node)  # room was kept
                if size + n_moves > capacity:
                    status = NEED_ROOM
                break
        else:
            if size == 0:
                status = EXHAUSTED
                break
            node = heap[0]
            f_node = keys[0, 0]
            g_node = keys[0, 1]
            if mark[node] == closed_mark or g_node > g[node]:
                # a stale entry: this cell was reached more cheaply later
                size = _lazy_remove_top(heap, keys, size)
                continue
            # the goal at the top ends the search even when the chunk is spent
            if node != target and (done >= chunk or size + n_moves > capacity):
                if size + n_moves > capacity:
                    status = NEED_ROOM
                break
            # the root stays until the first push of this expansion replaces it
            top_free = True
        mark[node] = closed_mark
        if n_log < log_cap:
            log_cell[n_log] = node
            log_g[n_log] = g_node
            log_h[n_log] = f_node - g_node
            n_log += 1
        if node == target:
            status = FOUND
            break
        expanded += 1
        done += 1
        # one division per expansion; the neighbours' offsets to the goal follow from it
        node_dx = node % width_p - target_x
        node_dy = node // width_p - target_y
        legal = moves[node]
        least_pushed = np.inf
        for k in range(n_moves):
            if not (legal >> k) & 1:
                continue
            nxt = node + offsets[k]
            generated += 1
            new_g = g_node + (steps[k] if unit_cells else steps[k] * cost[nxt])
            m = mark[nxt]
            if m >= open_mark:
                if new_g >= g[nxt]:
                    continue
                if m == closed_mark:
                    reopened += 1
                    mark[nxt] = open_mark
            else:
                mark[nxt] = open_mark
                if log_cap > 0:
                    opened_at[nxt] = expanded
            g[nxt] = new_g
            parent[nxt] = node
            h = _estimate_offsets(
                abs(node_dx + side_a[k]), abs(node_dy + move_dy[k]), hcode, h_straight, h_diagonal
            )
            for lm in range(n_landmarks):
                bound = landmark_scale * abs(goal_distance[lm] - landmarks[nxt, lm])
                if bound > h:
                    h = bound
            f = new_g + h
            # Every entry of the heap has f >= f_node, so a cell with f <= f_node is a
            # best one and can skip the heap (about a third of the cells on open maps).
            if f <= f_node and tie < 0:
                tie = nxt
                tie_f = f
                tie_g = new_g
            else:
                if top_free:
                    _lazy_replace_top(heap, keys, size, nxt, f, new_g)
                    top_free = False
                else:
                    size = _lazy_push(heap, keys, size, nxt, f, new_g)
                if f < least_pushed:
                    least_pushed = f
        if tie >= 0 and least_pushed < tie_f:
            # only with an inconsistent heuristic: a cell pushed after it is better
            if top_free:
                _lazy_replace_top(heap, keys, size, tie, tie_f, tie_g)
                top_free = False
            else:
                size = _lazy_push(heap, keys, size, tie, tie_f, tie_g)
            tie = -1
        if top_free:
            size = _lazy_remove_top(heap, keys, size)
        if size > max_heap:
            max_heap = size
    counters[HEAP_SIZE] = size
    counters[EXPANDED] = expanded
    counters[GENERATED] = generated
    counters[REOPENED] = reopened
    counters[MAX_HEAP] = max_heap
    counters[LOG_COUNT] = n_log
    return status


@njit(cache=True, error_model="numpy")
def label_regions(moves, offsets):
    """Connected regions under the legal ``moves``: a label per cell (-1 for walls).

    Returns the labels and the size of each region (moves are symmetric, so
    one flood fill per region finds it).
    """
    size = moves.shape[0]
    labels = np.full(size, -1, dtype=np.int64)
    sizes = np.zeros(size, dtype=np.int64)
    stack = np.empty(size, dtype=np.int64)
    count = 0
    for seed in range(size):
        if labels[seed] >= 0 or moves[seed] == 0:
            continue  # already labelled, or a wall (or an open cell with no move at all)
        labels[seed] = count
        top = 0
        stack[0] = seed
        members = 0
        while top >= 0:
            node = stack[top]
            top -= 1
            members += 1
            legal = moves[node]
            for k in range(8):
                if (legal >> k) & 1:
                    nxt = node + offsets[k]
                    if labels[nxt] < 0:
                        labels[nxt] = count
                        top += 1
                        stack[top] = nxt
        sizes[count] = members
        count += 1
    return labels, sizes[:count]


@njit(cache=True, error_model="numpy")
def bfs_run(
    cost,
    rule,
    offsets,
    side_a,
    side_b,
    start,
    target,
    stamp,
    parent,
    mark,
    queue,
    counters,
    max_expansions,
    log_cell,
    opened_at,
):
    """Breadth-first search by number of moves; the goal is tested when generated."""
    open_mark = 2 * stamp
    closed_mark = open_mark + 1
    n_moves = 4 if rule == 0 else 8
    head = 0
    tail = 1
    queue[0] = start
    parent[start] = -1
    mark[start] = open_mark
    expanded = 0
    generated = 0
    log_cap = log_cell.shape[0]
    if start == target:
        counters[EXPANDED] = 0
        return FOUND
    status = EXHAUSTED
    while head < tail:
        if expanded >= max_expansions:
            status = RUNNING
            break
        node = queue[head]
        head += 1
        mark[node] = closed_mark
        if expanded < log_cap:
            log_cell[expanded] = node
        expanded += 1
        found = False
        for k in range(n_moves):
            nxt = node + offsets[k]
            if cost[nxt] == np.inf:
                continue
            if (
                k >= 4
                and rule != 3
                and not _diagonal_allowed(cost, node, side_a[k], side_b[k], rule)
            ):
                continue
            generated += 1
            if mark[nxt] >= open_mark:
                continue
            mark[nxt] = open_mark
            parent[nxt] = node
            if log_cap > 0:
                opened_at[nxt] = expanded
            queue[tail] = nxt
            tail += 1
            if nxt == target:
                found = True
                break
        if found:
            status = FOUND
            break
    counters[EXPANDED] = expanded
    counters[GENERATED] = generated
    counters[MAX_HEAP] = tail
    counters[LOG_COUNT] = min(expanded, log_cap)
    return status


@njit(cache=True, error_model="numpy")
def cells_to_points(cells, width_p):
    """Padded cell numbers to an ``(n, 2)`` array of map ``x, y``."""
    points = np.empty((cells.shape[0], 2), dtype=np.int64)
    for i in range(cells.shape[0]):
        y = cells[i] // width_p
        points[i, 0] = cells[i] - y * width_p - 1
        points[i, 1] = y - 1
    return points


@njit(cache=True, error_model="numpy")
def trace_back(parent, target):
    """The cells from the start to ``target`` following ``parent`` links."""
    length = 1
    node = target
    while parent[node] != -1:
        node = parent[node]
        length += 1
    path = np.empty(length, dtype=np.int64)
    node = target
    for i in range(length - 1, -1, -1):
        path[i] = node
        node = parent[node]
    return path


@njit(cache=True, error_model="numpy")
def path_length(path, cost, width_p, straight, diagonal):
    """The cost of a path of cells: each step pays the cell it enters."""
    total = 0.0
    for i in range(1, path.shape[0]):
        diff = abs(path[i] - path[i - 1])
        step = straight if diff == 1 or diff == width_p else diagonal
        total += step * cost[path[i]]
    return total


# -- Jump Point Search ------------------------------------------------------
@njit(cache=True, inline="always", error_model="numpy")
def _open(cost, n):
    return cost[n] < np.inf


@njit(cache=True, inline="always", error_model="numpy")
def _forced(cost, node, step, side):
    """Whether a straight move along ``step`` into ``node`` has a forced neighbour.

    Without corner cutting a side cell that is open while the cell behind it is
    blocked cannot be reached on a diagonal from the previous cell, so a scan
    must stop here.
    """
    return (_open(cost, node + side) and not _open(cost, node + side - step)) or (
        _open(cost, node - side) and not _open(cost, node - side - step)
    )


@njit(cache=True, error_model="numpy")
def build_jump_table(cost, width_p):
    """Straight jumps precomputed once per map (the straight half of JPS+).

    ``table[n, d]`` for the directions east, west, south, north (one cell's four
    side by side, so a query touches one cache line): ``k > 0`` when
    the scan from ``n`` stops at a jump point ``k`` cells away, ``-k`` when it
    runs into a wall ``k`` cells away. The goal is handled at query time.
    """
    size = cost.shape[0]
    table = np.zeros((size, 4), dtype=np.int32)
    for d in range(4):
        step = 1 if d == 0 else -1 if d == 1 else width_p if d == 2 else -width_p
        side = width_p if d < 2 else 1
        for i in range(size):
            node = size - 1 - i if step > 0 else i  # the cell ahead is done first
            ahead = node + step
            if ahead < 0 or ahead >= size or cost[ahead] == np.inf or cost[node] == np.inf:
                table[node, d] = -1
            elif _forced(cost, ahead, step, side):
                table[node, d] = 1
            else:
                further = table[ahead, d]
                table[node, d] = further + 1 if further > 0 else further - 1
    return table


# Directions of JPS, numbered as in ``neighbour_tables``: 0 east, 1 west, 2 south,
# 3 north (also the jump table's columns), then 4 south-east, 5 south-west,
# 6 north-east, 7 north-west.
_DIR_X = np.array([1, -1, 0, 0, 1, -1, 1, -1], dtype=np.int64)
_DIR_Y = np.array([0, 0, 1, -1, 1, 1, -1, -1], dtype=np.int64)


@njit(cache=True, inline="always", error_model="numpy")
def _diagonal_code(sx, sy):
    return 4 + (1 if sx < 0 else 0) + (2 if sy < 0 else 0)


@njit(cache=True, error_model="numpy")
def build_forced_bits(cost, width_p):
    """For every cell, which side cells are forced neighbours on a straight arrival.

    Bit ``2 * d + s`` is set when arriving in straight direction ``d`` (east,
    west, south, north) makes the side cell on side ``s`` (0: the negative
    side, 1: the positive one) a forced neighbour.
    """
    size = cost.shape[0]
    bits = np.zeros(size, dtype=np.uint8)
    for node in range(width_p + 1, size - width_p - 1):
        if cost[node] == np.inf:
            continue
        value = 0
        for d in range(4):
            step = 1 if d == 0 else -1 if d == 1 else width_p if d == 2 else -width_p
            side = width_p if d < 2 else 1
            for s in range(2):
                offset = side if s == 1 else -side
                if _open(cost, node + offset) and not _open(cost, node + offset - step):
                    value |= 1 << (2 * d + s)
        bits[node] = value
    return bits


@njit(cache=True, inline="always", error_model="numpy")
def _jump_straight(table, node, d, x, y, target_x, target_y):
    """Cells from ``node`` to the next jump point in straight direction ``d``; 0 if none.

    A table look-up, plus the goal: a scan that passes it stops on it.
    """
    k = table[node, d]
    reach = k if k > 0 else -k - 1  # cells the scan passes (the jump point included)
    if d < 2:
        if y == target_y:
            along = (target_x - x) if d == 0 else (x - target_x)
            if 0 < along <= reach:
                return along
    elif x == target_x:
        along = (target_y - y) if d == 2 else (y - target_y)
        if 0 < along <= reach:
            return along
    return k if k > 0 else 0


@njit(cache=True, error_model="numpy")
def _jump_diagonal(masks, table, node, x, y, sx, sy, width_p, target_x, target_y):
    """Diagonal steps to the next jump point (0 if none): a cell where a straight scan
    along either of the move's components finds one. ``masks`` are the legal moves
    under the no-corner-cutting rule (``build_move_masks``)."""
    step = sx + sy * width_p
    d = _diagonal_code(sx, sy)
    d_x = 0 if sx > 0 else 1
    d_y = 2 if sy > 0 else 3
    k = 0
    while True:
        if not (masks[node] >> d) & 1:
            return 0  # a wall ahead, or a corner the move would cut
        node += step
        x += sx
        y += sy
        k += 1
        if x == target_x and y == target_y:
            return k
        if _jump_straight(table, node, d_x, x, y, target_x, target_y) > 0:
            return k
        if _jump_straight(table, node, d_y, x, y, target_x, target_y) > 0:
            return k


@njit(cache=True, error_model="numpy")
def jps_run(
    cost,
    masks,
    table,
    forced,
    width_p,
    straight,
    diagonal,
    target,
    stamp,
    h_straight,
    h_diagonal,
    g,
    parent,
    mark,
    came,
    heap,
    keys,
    counters,
    chunk,
    log_cell,
    log_g,
    log_h,
    opened_at,
):
    """Jump Point Search (8 moves, no corner cutting, unit cells) for at most ``chunk`` expansions.

    ``parent`` links jump points and ``came[n]`` is the direction ``n`` was
    reached in (-1 for the start), so no cell number is ever divided back into
    coordinates but the expanded one; ``expand_jump_path`` fills in the cells
    between jump points. The open list is the same lazy heap as in ``astar_run``.
    """
    size = counters[HEAP_SIZE]
    expanded = counters[EXPANDED]
    generated = counters[GENERATED]
    max_heap = counters[MAX_HEAP]
    n_log = counters[LOG_COUNT]
    log_cap = log_cell.shape[0]
    open_mark = 2 * stamp
    closed_mark = open_mark + 1
    status = RUNNING
    done = 0
    jump_len = np.empty(8, dtype=np.int64)
    jump_dir = np.empty(8, dtype=np.int64)
    target_y = target // width_p
    target_x = target - target_y * width_p
    capacity = heap.shape[0]
    tie = -1  # a jump point with the f of the one just expanded: expanded next, no heap
    tie_f = 0.0
    tie_g = 0.0
    while True:
        if tie >= 0:
            node = tie
            f_node = tie_f
            g_node = tie_g
            tie = -1
            top_free = False
            if node != target and (done >= chunk or size + 8 > capacity):
                size = _lazy_push(heap, keys, size, node, f_node, g_node)  # room was kept
                if size + 8 > capacity:
                    status = NEED_ROOM
                break
        else:
            if size == 0:
                status = EXHAUSTED
                break
            node = heap[0]
            f_node = keys[0, 0]
            g_node = keys[0, 1]
            if mark[node] == closed_mark or g_node > g[node]:
                size = _lazy_remove_top(heap, keys, size)  # stale entry
                continue
            # the goal at the top ends the search even when the chunk is spent
            if node != target and (done >= chunk or size + 8 > capacity):
                if size + 8 > capacity:
                    status = NEED_ROOM
                break
            # the root stays until the first push of this expansion replaces it
            top_free = True
        mark[node] = closed_mark
        if n_log < log_cap:
            log_cell[n_log] = node
            log_g[n_log] = g_node
            log_h[n_log] = f_node - g_node
            n_log += 1
        if node == target:
            status = FOUND
            break
        expanded += 1
        done += 1
        y = node // width_p
        x = node - y * width_p
        n_jumps = 0
        d_in = came[node]
        if d_in < 0:
            for d in range(8):
                if d < 4:
                    k = _jump_straight(table, node, d, x, y, target_x, target_y)
                else:
                    k = _jump_diagonal(
                        masks, table, node, x, y, _DIR_X[d], _DIR_Y[d], width_p, target_x, target_y
                    )
                if k > 0:
                    jump_len[n_jumps] = k
                    jump_dir[n_jumps] = d
                    n_jumps += 1
        elif d_in >= 4:
            # diagonal arrival: both components, then the diagonal itself
            sx = _DIR_X[d_in]
            sy = _DIR_Y[d_in]
            d_h = 0 if sx > 0 else 1
            d_v = 2 if sy > 0 else 3
            k = _jump_straight(table, node, d_h, x, y, target_x, target_y)
            if k > 0:
                jump_len[n_jumps] = k
                jump_dir[n_jumps] = d_h
                n_jumps += 1
            k = _jump_straight(table, node, d_v, x, y, target_x, target_y)
            if k > 0:
                jump_len[n_jumps] = k
                jump_dir[n_jumps] = d_v
                n_jumps += 1
            k = _jump_diagonal(masks, table, node, x, y, sx, sy, width_p, target_x, target_y)
            if k > 0:
                jump_len[n_jumps] = k
                jump_dir[n_jumps] = d_in
                n_jumps += 1
        else:
            # straight arrival: the natural neighbour ahead, and the forced ones beside
            sx = _DIR_X[d_in]
            sy = _DIR_Y[d_in]
            k = _jump_straight(table, node, d_in, x, y, target_x, target_y)
            if k > 0:
                jump_len[n_jumps] = k
                jump_dir[n_jumps] = d_in
                n_jumps += 1
            for side_sign in (-1, 1):
                if sx != 0:
                    d_side = 2 if side_sign > 0 else 3
                    diag = _diagonal_code(sx, side_sign)
                else:
                    d_side = 0 if side_sign > 0 else 1
                    diag = _diagonal_code(side_sign, sy)
                if (forced[node] >> (2 * d_in + (side_sign > 0))) & 1:
                    k = _jump_straight(table, node, d_side, x, y, target_x, target_y)
                    if k > 0:
                        jump_len[n_jumps] = k
                        jump_dir[n_jumps] = d_side
                        n_jumps += 1
                    k = _jump_diagonal(
                        masks,
                        table,
                        node,
                        x,
                        y,
                        _DIR_X[diag],
                        _DIR_Y[diag],
                        width_p,
                        target_x,
                        target_y,
                    )
                    if k > 0:
                        jump_len[n_jumps] = k
                        jump_dir[n_jumps] = diag
                        n_jumps += 1
        for i in range(n_jumps):
            generated += 1
            d = jump_dir[i]
            k = jump_len[i]
            dx = _DIR_X[d]
            dy = _DIR_Y[d]
            jp = node + k * (dx + dy * width_p)
            new_g = g_node + k * (straight if d < 4 else diagonal)
            m = mark[jp]
            if m >= open_mark:
                if m == closed_mark or new_g >= g[jp]:
                    continue
            else:
                mark[jp] = open_mark
                if log_cap > 0:
                    opened_at[jp] = expanded
            g[jp] = new_g
            parent[jp] = node
            came[jp] = d
            h = _estimate_offsets(
                abs(x + k * dx - target_x), abs(y + k * dy - target_y), 2, h_straight, h_diagonal
            )
            f = new_g + h
            if f <= f_node and tie < 0:  # a best jump point already (see astar_run)
                tie = jp
                tie_f = f
                tie_g = new_g
            elif top_free:
                _lazy_replace_top(heap, keys, size, jp, f, new_g)
                top_free = False
            else:
                size = _lazy_push(heap, keys, size, jp, f, new_g)
        if top_free:
            size = _lazy_remove_top(heap, keys, size)
        if size > max_heap:
            max_heap = size
    counters[HEAP_SIZE] = size
    counters[EXPANDED] = expanded
    counters[GENERATED] = generated
    counters[MAX_HEAP] = max_heap
    counters[LOG_COUNT] = n_log
    return status


@njit(cache=True, error_model="numpy")
def expand_jump_path(jump_points, width_p):
    """Fill in the cells between consecutive jump points (straight or diagonal runs)."""
    total = 1
    for i in range(1, jump_points.shape[0]):
        a = jump_points[i - 1]
        b = jump_points[i]
        total += max(abs(a % width_p - b % width_p), abs(a // width_p - b // width_p))
    path = np.empty(total, dtype=np.int64)
    path[0] = jump_points[0]
    k = 1
    for i in range(1, jump_points.shape[0]):
        a = jump_points[i - 1]
        b = jump_points[i]
        step = np.sign(b % width_p - a % width_p) + np.sign(b // width_p - a // width_p) * width_p
        node = a
        while node != b:
            node += step
            path[k] = node
            k += 1
    return path


# -- bidirectional A* ---------------------------------------------------------
@njit(cache=True, error_model="numpy")
def bidir_run(
    cost,
    width_p,
    rule,
    offsets,
    side_a,
    side_b,
    steps,
    start,
    target,
    stamp,
    hcode,
    h_straight,
    h_diagonal,
    g_f,
    key_f,
    parent_f,
    mark_f,
    heap_f,
    keys_f,
    pos_f,
    g_r,
    key_r,
    parent_r,
    mark_r,
    heap_r,
    keys_r,
    pos_r,
    counters,
    best,
    chunk,
):
    """Bidirectional A* with balanced potentials, for at most ``chunk`` expansions.

    With ``p(v) = (h(v, goal) - h(v, start)) / 2`` the forward search orders by
    ``g_f + p`` and the backward one by ``g_r - p``; both see the same
    non-negative reduced costs, and the best path ``best[0]`` (met at cell
    ``counters[MEET]``) is optimal once the two smallest keys sum to it.
    Edge costs are directed (entering a cell costs that cell), so the backward
    search pays the cost of the cell it leaves.
    """
    size_f = counters[HEAP_SIZE]
    size_r = counters[HEAP_SIZE_R]
    expanded = counters[EXPANDED]
    generated = counters[GENERATED]
    reopened = counters[REOPENED]
    max_heap = counters[MAX_HEAP]
    n_moves = 4 if rule == 0 else 8
    open_mark = 2 * stamp
    closed_mark = open_mark + 1
    done = 0
    status = RUNNING
    while done < chunk:
        if size_f == 0 or size_r == 0:
            status = FOUND if best[0] < np.inf else EXHAUSTED
            break
        top_f = keys_f[0, 0]
        top_r = keys_r[0, 0]
        if top_f + top_r >= best[0] - 1e-9 * max(1.0, abs(best[0])):
            status = FOUND
            break
        forward = size_f <= size_r
        if forward:
            node, size_f = _pop(heap_f, keys_f, pos_f, size_f)
            mark_f[node] = closed_mark
            g_node = g_f[node]
        else:
            node, size_r = _pop(heap_r, keys_r, pos_r, size_r)
            mark_r[node] = closed_mark
            g_node = g_r[node]
        expanded += 1
        done += 1
        for k in range(n_moves):
            nxt = node + offsets[k]
            c = cost[nxt]
            if c == np.inf:
                continue
            if (
                k >= 4
                and rule != 3
                and not _diagonal_allowed(cost, node, side_a[k], side_b[k], rule)
            ):
                continue
            generated += 1
            if forward:
                new_g = g_node + steps[k] * c
                g, key, parent, mark, heap, hkeys, pos = (
                    g_f,
                    key_f,
                    parent_f,
                    mark_f,
                    heap_f,
                    keys_f,
                    pos_f,
                )
                size = size_f
            else:
                new_g = g_node + steps[k] * cost[node]
                g, key, parent, mark, heap, hkeys, pos = (
                    g_r,
                    key_r,
                    parent_r,
                    mark_r,
                    heap_r,
                    keys_r,
                    pos_r,
                )
                size = size_r
            m = mark[nxt]
            if m >= open_mark and new_g >= g[nxt]:
                continue
            if m >= open_mark:
                potential = key[nxt] - g[nxt]
                g[nxt] = new_g
                key[nxt] = new_g + potential
                if m == closed_mark:
                    reopened += 1
                    mark[nxt] = open_mark
                    size = _push(heap, hkeys, pos, size, nxt, key[nxt], g[nxt])
                else:
                    _decrease(heap, hkeys, pos, nxt, key[nxt], g[nxt])
            else:
                to_goal = _estimate(nxt, target, width_p, hcode, h_straight, h_diagonal)
                to_start = _estimate(nxt, start, width_p, hcode, h_straight, h_diagonal)
                potential = 0.5 * (to_goal - to_start)
                g[nxt] = new_g
                key[nxt] = new_g + (potential if forward else -potential)
                mark[nxt] = open_mark
                size = _push(heap, hkeys, pos, size, nxt, key[nxt], g[nxt])
            parent[nxt] = node
            if forward:
                size_f = size
                if mark_r[nxt] >= open_mark and new_g + g_r[nxt] < best[0]:
                    best[0] = new_g + g_r[nxt]
                    counters[MEET] = nxt
            else:
                size_r = size
                if mark_f[nxt] >= open_mark and new_g + g_f[nxt] < best[0]:
                    best[0] = new_g + g_f[nxt]
                    counters[MEET] = nxt
            if size_f + size_r > max_heap:
                max_heap = size_f + size_r
    counters[HEAP_SIZE] = size_f
    counters[HEAP_SIZE_R] = size_r
    counters[EXPANDED] = expanded
    counters[GENERATED] = generated
    counters[REOPENED] = reopened
    counters[MAX_HEAP] = max_heap
    return status

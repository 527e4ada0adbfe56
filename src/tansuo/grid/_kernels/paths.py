"""From a finished search to its answer: the path's cells, as map points, and its length."""

from __future__ import annotations

import numpy as np
from numba import njit

from tansuo.grid._kernels.codes import NO_CELL


@njit(cache=True, error_model="numpy")
def trace_back(parent, target):
    """The cells from the start to ``target`` following ``parent`` links."""
    length = 1
    node = target
    while parent[node] != NO_CELL:
        node = parent[node]
        length += 1
    path = np.empty(length, dtype=np.int64)
    node = target
    for i in range(length - 1, -1, -1):
        path[i] = node
        node = parent[node]
    return path


@njit(cache=True, error_model="numpy")
def fill_in_jumps(jump_points, padded_width):
    """Fill in the cells between consecutive jump points (straight or diagonal runs)."""
    total = 1
    for i in range(1, jump_points.shape[0]):
        a = jump_points[i - 1]
        b = jump_points[i]
        total += max(
            abs(a % padded_width - b % padded_width), abs(a // padded_width - b // padded_width)
        )
    path = np.empty(total, dtype=np.int64)
    path[0] = jump_points[0]
    k = 1
    for i in range(1, jump_points.shape[0]):
        a = jump_points[i - 1]
        b = jump_points[i]
        step = (
            np.sign(b % padded_width - a % padded_width)
            + np.sign(b // padded_width - a // padded_width) * padded_width
        )
        node = a
        while node != b:
            node += step
            path[k] = node
            k += 1
    return path


@njit(cache=True, error_model="numpy")
def cells_to_points(cells, padded_width):
    """Padded cell numbers to an ``(n, 2)`` array of map ``x, y``."""
    points = np.empty((cells.shape[0], 2), dtype=np.int64)
    for i in range(cells.shape[0]):
        y = cells[i] // padded_width
        points[i, 0] = cells[i] - y * padded_width - 1
        points[i, 1] = y - 1
    return points


@njit(cache=True, error_model="numpy")
def path_length(cells, cost, padded_width, straight, diagonal):
    """The cost of a path of cells: each step pays the cell it enters."""
    total = 0.0
    for i in range(1, cells.shape[0]):
        diff = abs(cells[i] - cells[i - 1])
        step = straight if diff == 1 or diff == padded_width else diagonal
        total += step * cost[cells[i]]
    return total


@njit(cache=True, error_model="numpy")
def trace_path(parent, target, jump_points, cost, padded_width, straight, diagonal):
    """The path a search left in ``parent``, as ``(points, length)``.

    With ``jump_points`` the links join jump points (JPS) and the cells between
    them are filled in. One call instead of three saves a query their overhead.
    """
    cells = trace_back(parent, target)
    if jump_points:
        cells = fill_in_jumps(cells, padded_width)
    return cells_to_points(cells, padded_width), path_length(
        cells, cost, padded_width, straight, diagonal
    )


@njit(cache=True, error_model="numpy")
def meeting_path(parent_f, parent_r, meet, cost, padded_width, straight, diagonal):
    """The path a bidirectional search found through ``meet``, as ``(points, length)``."""
    forward = trace_back(parent_f, meet)
    backward = trace_back(parent_r, meet)
    cells = np.empty(forward.shape[0] + backward.shape[0] - 1, dtype=np.int64)
    cells[: forward.shape[0]] = forward
    for i in range(1, backward.shape[0]):  # the backward links, from the meeting cell on
        cells[forward.shape[0] + i - 1] = backward[backward.shape[0] - 1 - i]
    return cells_to_points(cells, padded_width), path_length(
        cells, cost, padded_width, straight, diagonal
    )

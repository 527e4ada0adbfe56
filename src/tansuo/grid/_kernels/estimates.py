"""The heuristic estimates, inlined into the searches (names and rules: ``grid.heuristics``)."""

from __future__ import annotations

import numpy as np
from numba import njit

from tansuo.grid._kernels.codes import (
    HEURISTIC_CHEBYSHEV,
    HEURISTIC_MANHATTAN,
    HEURISTIC_OCTILE,
    HEURISTIC_ZERO,
)


@njit(cache=True, inline="always", error_model="numpy")
def estimate_offsets(dx, dy, heuristic, h_straight, h_diagonal):
    """The estimate for absolute offsets ``dx, dy``.

    ``h_straight`` and ``h_diagonal`` are the step costs the estimate uses,
    already scaled by the heuristic's weight and the cheapest cell's cost.
    """
    if heuristic == HEURISTIC_ZERO:
        return 0.0
    if heuristic == HEURISTIC_MANHATTAN:
        return h_straight * (dx + dy)
    big = max(dx, dy)
    small = min(dx, dy)
    if heuristic == HEURISTIC_OCTILE:
        return h_straight * (big - small) + h_diagonal * small
    if heuristic == HEURISTIC_CHEBYSHEV:
        return h_straight * big
    return h_straight * np.sqrt(float(dx * dx + dy * dy))  # HEURISTIC_EUCLIDEAN


@njit(cache=True, inline="always", error_model="numpy")
def estimate_between(node, target, padded_width, heuristic, h_straight, h_diagonal):
    """The estimate from cell ``node`` to cell ``target`` (rows of ``padded_width`` cells)."""
    dx = abs(node % padded_width - target % padded_width)
    dy = abs(node // padded_width - target // padded_width)
    return estimate_offsets(dx, dy, heuristic, h_straight, h_diagonal)

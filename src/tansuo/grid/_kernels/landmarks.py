"""The differential heuristic's table, one landmark's distances at a time."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, error_model="numpy")
def fold_distances(mark, closed_mark, g, nearest, first, table, column, start, stop):
    """Take in the distances a full-map Dijkstra left in ``g``, for cells ``[start, stop)``.

    A cell's distance is ``g`` where the search closed it (``mark ==
    closed_mark``) and infinite elsewhere. It is written to ``table[:, column]``
    (0 where unreachable; no column when ``column < 0``) and folded into
    ``nearest``, each cell's distance to the closest landmark so far
    (replaced when ``first``). Doing a band again gives the same result.

    Returns the first cell of the band farthest from all landmarks so far, and
    that distance (-1 for cells no landmark reaches): over all bands, the next
    landmark of farthest-point selection.
    """
    farthest = start
    farthest_distance = -2.0  # below the -1 that unreachable cells count as
    for node in range(start, stop):
        distance = g[node] if mark[node] == closed_mark else np.inf
        if column >= 0:
            table[node, column] = distance if distance < np.inf else 0.0
        if first or distance < nearest[node]:
            nearest[node] = distance
        value = nearest[node] if nearest[node] < np.inf else -1.0
        if value > farthest_distance:
            farthest_distance = value
            farthest = node
    return farthest, farthest_distance

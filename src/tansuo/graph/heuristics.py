"""The straight-line heuristic of A* on graphs with coordinates.

Coordinates and weights are often in different units (DIMACS road graphs
give micro-degrees and metres or travel times), so the straight-line distance
is scaled by the least weight per unit of length over all arcs. That makes
``h(u) - h(v) <= w(u, v)`` for every arc (triangle inequality), i.e. the
heuristic is consistent, hence admissible, whatever the units.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

import numpy as np

from tansuo.graph.model import Graph

# Floating-point sums along a path can round below the heuristic's product;
# shaving a hair off the scale keeps the heuristic consistent in practice.
_SAFETY = 1.0 - 1e-9


def straight_line_scale(graph: Graph) -> float:
    """The largest factor ``s`` with ``s * |uv| <= w(u, v)`` on every arc (0 without coords).

    Computed once per graph (see :meth:`Graph.derived`).

    Parameters
    ----------
    graph : Graph
        The graph.

    Returns
    -------
    float

    Examples
    --------
    >>> import numpy as np
    >>> from tansuo.graph import Graph
    >>> g = Graph.from_arrays(2, np.array([0]), np.array([1]), np.array([10.0]),
    ...                       coords=np.array([[0.0, 0.0], [3.0, 4.0]]))
    >>> round(straight_line_scale(g), 6)
    2.0
    """
    return graph.derived("straight_line_scale", lambda: _least_weight_per_length(graph))


def _least_weight_per_length(graph: Graph) -> float:
    if graph.coords is None or graph.num_arcs == 0:
        return 0.0
    sources = np.repeat(np.arange(graph.num_nodes), np.diff(graph.indptr))
    lengths = np.hypot(*(graph.coords[graph.indices] - graph.coords[sources]).T)
    moving = lengths > 0
    if not np.any(moving):
        return 0.0
    scale = float(np.min(graph.weights[moving] / lengths[moving]))
    return max(scale * _SAFETY, 0.0)


def straight_line(graph: Graph, target: Hashable) -> Callable[[Hashable], float]:
    """The scaled straight-line distance to ``target`` as a function of a node label.

    This is the same heuristic the A* kernel uses, in the form the generic
    engine :func:`tansuo.search.astar` takes (zero everywhere without coordinates).

    Parameters
    ----------
    graph : Graph
        The graph, with or without coordinates.
    target : node label
        The goal.

    Returns
    -------
    callable ``node label -> float``
        Never above the true distance.

    Examples
    --------
    >>> import numpy as np
    >>> from tansuo.graph import Graph
    >>> graph = Graph.from_arrays(2, np.array([0]), np.array([1]), np.array([5.0]),
    ...                           coords=np.array([[0.0, 0.0], [3.0, 4.0]]))
    >>> round(straight_line(graph, 1)(0), 6)  # scaled down a hair, so that it never overestimates
    5.0
    """
    scale = straight_line_scale(graph)
    if scale == 0.0 or graph.coords is None:
        return lambda _node: 0.0
    tx, ty = graph.coords[graph.index(target)]
    coords = graph.coords

    def h(node: Hashable) -> float:
        x, y = coords[graph.index(node)]
        return scale * math.hypot(x - tx, y - ty)

    return h

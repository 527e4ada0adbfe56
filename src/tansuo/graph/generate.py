"""Seeded random graphs for tests and benchmarks, generated with numpy (no Python loops).

:func:`road_like` is a planar, road-network-like graph: nodes on a jittered
square grid, edges to the right and lower neighbours plus one diagonal per
cell, a share of edges removed (dead ends, detours), integer weights equal to
the rounded Euclidean length times 1000, and the coordinates kept for A*.
:func:`random_sparse` is a uniform random directed graph without parallel arcs
or loops, with integer weights.
"""

from __future__ import annotations

import math

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.graph.model import MAX_NODES, Graph


def _check_nodes(n: int) -> None:
    if not isinstance(n, int) or n < 1 or n > MAX_NODES:
        raise InvalidInput(f"number of nodes must be in 1..{MAX_NODES}, got {n!r}")


def road_like(n: int, *, seed: int = 0, drop: float = 0.15) -> Graph:
    """A planar road-like graph with about ``n`` nodes (``ceil(sqrt(n))**2`` exactly).

    Parameters
    ----------
    n : int
        Approximate number of nodes.
    seed : int
        Same seed, same graph.
    drop : float
        Share of candidate edges removed, 0..0.9.

    Examples
    --------
    >>> g = road_like(100, seed=1)
    >>> g.num_nodes, g.directed, g.coords.shape
    (100, False, (100, 2))
    """
    _check_nodes(n)
    if not 0 <= drop <= 0.9:
        raise InvalidInput(f"drop must be in 0..0.9, got {drop}")
    rng = np.random.default_rng(seed)
    side = max(2, math.isqrt(n - 1) + 1)
    nodes = side * side
    ids = np.arange(nodes, dtype=np.int64).reshape(side, side)
    # jitter below half a cell keeps the picture a road map, not a tangle
    cells = np.stack(np.meshgrid(np.arange(side), np.arange(side)), axis=-1).reshape(-1, 2)
    coords = cells.astype(np.float64) + rng.uniform(-0.3, 0.3, (nodes, 2))
    right = (ids[:, :-1].ravel(), ids[:, 1:].ravel())
    down = (ids[:-1, :].ravel(), ids[1:, :].ravel())
    # one diagonal per cell, either way: the graph stays planar
    flip = rng.random((side - 1, side - 1)) < 0.5
    diag_a = np.where(flip, ids[:-1, :-1], ids[:-1, 1:]).ravel()
    diag_b = np.where(flip, ids[1:, 1:], ids[1:, :-1]).ravel()
    sources = np.concatenate([right[0], down[0], diag_a])
    targets = np.concatenate([right[1], down[1], diag_b])
    keep = rng.random(len(sources)) >= drop
    sources, targets = sources[keep], targets[keep]
    length = np.hypot(*(coords[sources] - coords[targets]).T)
    weights = np.maximum(np.rint(length * 1000), 1)
    return Graph.from_arrays(nodes, sources, targets, weights, directed=False, coords=coords)


def random_sparse(
    n: int, *, arcs_per_node: float = 4, max_weight: int = 10_000, seed: int = 0
) -> Graph:
    """A uniform random directed graph, integer weights ``1..max_weight``.

    Parallel arcs and loops are removed, so every peer library sees the same graph.

    Examples
    --------
    >>> g = random_sparse(1000, seed=2)
    >>> g.directed, 3900 < g.num_arcs <= 4000
    (True, True)
    """
    _check_nodes(n)
    rng = np.random.default_rng(seed)
    m = int(n * arcs_per_node)
    sources = rng.integers(0, n, m, dtype=np.int64)
    targets = rng.integers(0, n, m, dtype=np.int64)
    weights = rng.integers(1, max_weight + 1, m).astype(np.float64)
    keep = sources != targets
    sources, targets, weights = sources[keep], targets[keep], weights[keep]
    _, first = np.unique(sources * n + targets, return_index=True)
    first.sort()  # keep the generation order of the surviving arcs
    return Graph.from_arrays(n, sources[first], targets[first], weights[first], directed=True)

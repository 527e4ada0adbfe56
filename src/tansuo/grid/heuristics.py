"""Distance estimates on grids, and which of them are lower bounds under which rule.

Every heuristic is a function of ``dx = |x1 - x0|`` and ``dy = |y1 - y0|``,
scaled by the straight and diagonal step costs of the cost model and by the
cheapest cell of the grid (so it stays a lower bound on weighted terrain):

==========  =====================================  ==========================
name        estimate                               a lower bound when
==========  =====================================  ==========================
manhattan   ``s * (dx + dy)``                      4-connected moves (or d >= 2s)
octile      ``s * (M - m) + min(d, 2s) * m``       always (exact on open ground)
chebyshev   ``s * M``                              always (d >= s in every model)
euclidean   ``s * sqrt(dx² + dy²)``                4 moves, or d >= s·√2
zero        ``0``                                  always (A* becomes Dijkstra)
==========  =====================================  ==========================

with ``M = max(dx, dy)``, ``m = min(dx, dy)``, ``s``/``d`` the straight and
diagonal step. All of them are also consistent where they are admissible,
so A* never reopens a cell with them.

``differential`` is the one estimate that knows the map: a
:class:`~tansuo.grid.GridSearcher` computes, once per map, the true distances
from a few *landmark* cells spread out by farthest-point selection
(:mod:`tansuo.grid.landmarks`), and the
estimate from ``n`` to the goal is the largest of the rule's default estimate
and ``|d(L, goal) - d(L, n)|`` over the landmarks ``L`` (a lower bound by the
triangle inequality, and consistent; Goldberg and Harrelson's ALT, Sturtevant's
differential heuristics). Walls no longer fool it, so A* expands far fewer
cells in mazes and rooms. It needs symmetric step costs, so it is for grids
without weighted terrain, and for ``astar`` and ``weighted-astar``.
"""

from __future__ import annotations

import math
from typing import Literal

from tansuo.errors import InvalidInput
from tansuo.grid._kernels.codes import (
    HEURISTIC_CHEBYSHEV,
    HEURISTIC_DIFFERENTIAL,
    HEURISTIC_EUCLIDEAN,
    HEURISTIC_MANHATTAN,
    HEURISTIC_OCTILE,
    HEURISTIC_ZERO,
)
from tansuo.grid.model import COSTS, check_costs, check_moves

Heuristic = Literal["zero", "manhattan", "octile", "chebyshev", "euclidean", "differential"]
"""A heuristic's name."""

HEURISTICS: dict[Heuristic, int] = {
    "zero": HEURISTIC_ZERO,
    "manhattan": HEURISTIC_MANHATTAN,
    "octile": HEURISTIC_OCTILE,
    "chebyshev": HEURISTIC_CHEBYSHEV,
    "euclidean": HEURISTIC_EUCLIDEAN,
    "differential": HEURISTIC_DIFFERENTIAL,
}
"""Heuristic names and the codes the kernels use (``grid._kernels.codes``)."""


def default_heuristic(moves: str, costs: str = "octile") -> Heuristic:
    """The strongest admissible heuristic for a movement rule and cost model.

    Manhattan for 4-connected moves, Chebyshev when a diagonal step costs the
    same as a straight one (``uniform``), octile otherwise.

    Parameters
    ----------
    moves : str
        The movement rule, one of :data:`MOVES`.
    costs : str
        The cost model, one of :data:`COSTS`.

    Returns
    -------
    str
        A name of :data:`HEURISTICS`.

    Raises
    ------
    InvalidInput
        An unknown heuristic, movement rule or cost model (the message lists
        the known ones).

    Examples
    --------
    >>> default_heuristic("4"), default_heuristic("8-no-corner-cutting")
    ('manhattan', 'octile')
    >>> default_heuristic("8-always", "uniform")
    'chebyshev'
    """
    if check_moves(moves) == "4":
        return "manhattan"
    return "chebyshev" if check_costs(costs) == "uniform" else "octile"


def check_heuristic(name: str) -> Heuristic:
    """Return ``name`` if it names a heuristic, else raise InvalidInput."""
    if name not in HEURISTICS:
        raise InvalidInput(f"unknown heuristic {name!r}; choose one of: {', '.join(HEURISTICS)}")
    return name


def is_admissible(name: str, moves: str, costs: str) -> bool:
    """Whether heuristic ``name`` never overestimates under ``moves`` and ``costs``.

    Parameters
    ----------
    name : str
        A heuristic of :data:`HEURISTICS`.
    moves : str
        The movement rule, one of :data:`MOVES`.
    costs : str
        The cost model, one of :data:`COSTS`.

    Returns
    -------
    bool

    Raises
    ------
    InvalidInput
        An unknown heuristic, movement rule or cost model (the message lists
        the known ones).

    Examples
    --------
    >>> is_admissible("manhattan", "8-no-corner-cutting", "octile")
    False
    >>> is_admissible("euclidean", "8-always", "10-14")   # 14 < 10·√2
    False
    """
    check_heuristic(name)
    four = check_moves(moves) == "4"
    straight, diagonal = COSTS[check_costs(costs)]
    if name in ("zero", "octile", "chebyshev", "differential"):
        return True
    if name == "manhattan":
        return four or diagonal >= 2 * straight
    return four or diagonal >= straight * math.sqrt(2.0) - 1e-12  # euclidean


def estimate(name: str, dx: int, dy: int, moves: str, costs: str, min_cost: float = 1.0) -> float:
    """The heuristic's value for offsets ``dx, dy`` (pure Python; the kernels inline it).

    ``"differential"`` needs the map; here it gives its floor, the rule's
    default estimate.

    Parameters
    ----------
    name : str
        A heuristic of :data:`HEURISTICS`.
    dx, dy : int
        The offsets from the cell to the goal.
    moves : str
        The movement rule, one of :data:`MOVES`.
    costs : str
        The cost model, one of :data:`COSTS`.
    min_cost : float
        The least cost of entering a cell (the estimate is scaled by it).

    Returns
    -------
    float

    Raises
    ------
    InvalidInput
        An unknown heuristic, movement rule or cost model (the message lists
        the known ones).

    Examples
    --------
    >>> round(estimate("octile", 3, 1, "8-no-corner-cutting", "octile"), 6)
    3.414214
    >>> estimate("octile", 3, 1, "8-always", "10-14")
    34.0
    """
    check_heuristic(name)
    if name == "differential":
        name = default_heuristic(moves, costs)
    straight, diagonal = COSTS[check_costs(costs)]
    if check_moves(moves) == "4":
        diagonal = 2 * straight
    dx, dy = abs(dx), abs(dy)
    big, small = max(dx, dy), min(dx, dy)
    value = {
        "zero": 0.0,
        "manhattan": straight * (dx + dy),
        "octile": straight * (big - small) + min(diagonal, 2 * straight) * small,
        "chebyshev": straight * big,
        "euclidean": straight * math.hypot(dx, dy),
    }[name]
    return value * min_cost

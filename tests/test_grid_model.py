"""Grids, movement rules, cost models and scenarios (tansuo.grid.model), and the docstrings."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import numpy as np
import pytest

import tansuo.grid
from tansuo.errors import InvalidInput
from tansuo.grid import SCEN_TOLERANCE, Grid, Scenario, bundled_map


def test_grid_array_checks():
    with pytest.raises(InvalidInput, match="2-D"):
        Grid(np.ones(5))
    with pytest.raises(InvalidInput, match="empty"):
        Grid(np.ones((0, 3)))
    with pytest.raises(InvalidInput, match="must be positive"):
        Grid(np.array([[1.0, 0.0]]))
    with pytest.raises(InvalidInput, match="NaN"):
        Grid(np.array([[1.0, np.nan]]))
    g = Grid(np.array([[True, False]]))
    assert g.is_passable((0, 0)) and not g.is_passable((1, 0)) and not g.is_passable((5, 0))
    assert "2x1" in repr(g)


def test_path_cost_checks_legality():
    g = Grid.from_text("..\n#.")
    assert g.path_cost([(0, 0), (1, 0), (1, 1)]) == 2
    with pytest.raises(InvalidInput, match="breaks the 8-no-corner-cutting rule"):
        g.path_cost([(0, 0), (1, 1)])
    assert g.path_cost([(0, 0), (1, 1)], "8-one-side", "10-14") == 14
    with pytest.raises(InvalidInput, match="not one move"):
        g.path_cost([(0, 0), (0, 0)])


def test_min_cost_and_weighted_terrain():
    assert Grid(np.array([[np.inf, 3.0, 2.5]])).min_cost == 2.5
    assert Grid(np.array([[np.inf, np.inf]])).min_cost == 1.0  # no open cell
    assert not bundled_map("arena2").weighted
    assert Grid(np.array([[1.0, 2.0]])).weighted


def test_scenario_matches_within_the_tolerance():
    problem = Scenario(0, "m.map", 3, 2, (0, 0), (2, 1), 2.41421356)
    assert problem.matches(2.41421356 + SCEN_TOLERANCE / 2)
    assert not problem.matches(2.41421356 + 2 * SCEN_TOLERANCE)
    assert not problem.matches(None)


def test_docstring_examples_run():
    modules = [tansuo.grid] + [
        importlib.import_module(f"tansuo.grid.{info.name}")
        for info in pkgutil.iter_modules(tansuo.grid.__path__)
        if not info.name.startswith("_")
    ]
    assert {m.__name__.rsplit(".", 1)[-1] for m in modules} >= {"io", "result", "searcher", "solve"}
    for module in modules:
        failed, _ = doctest.testmod(module)
        assert failed == 0, module.__name__

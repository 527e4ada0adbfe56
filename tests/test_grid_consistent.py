"""A consistent heuristic never reopens a closed cell, float costs or not."""

from __future__ import annotations

import pytest

from tansuo.grid import bundled_map, bundled_scen, find_path


@pytest.mark.parametrize("algorithm", ["astar", "bidirectional"])
def test_octile_never_reopens_on_arena2(algorithm):
    # Moves cost 1 and sqrt(2): the same g summed in another order differs in its last
    # bits. The kernels treat that as equal, as the 10/14 integer costs of the course do.
    grid = bundled_map("arena2")
    scen = bundled_scen("arena2")[-1]
    result = find_path(grid, scen.start, scen.goal, algorithm=algorithm, heuristic="octile")
    assert result.stats.reopened == 0
    assert result.cost == pytest.approx(scen.optimal, abs=1e-6)


def test_an_inconsistent_heuristic_still_reopens():
    # weighted A* (w = 3) is inconsistent: it may close a cell before its cheapest path
    grid = bundled_map("arena2")
    reopened = 0
    for scen in bundled_scen("arena2")[-20:]:
        result = find_path(grid, scen.start, scen.goal, algorithm="weighted-astar", weight=3.0)
        reopened += result.stats.reopened
    assert reopened > 0

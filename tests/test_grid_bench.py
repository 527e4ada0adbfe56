"""`tansuo bench grid` at its smallest: every suite runs, verified and fairly compared."""

from __future__ import annotations

import pytest

from tansuo.bench import BenchContext, discover
from tansuo.bench.grid import ASTAR, BASELINE, SAME_RULE, path_length
from tansuo.grid import Grid, Scenario

GRID_SUITES = sorted(name for name, s in discover().items() if s.domain == "grid")


def test_there_is_a_suite_per_bundled_map():
    assert GRID_SUITES == [
        "grid-8room_000", "grid-arena2", "grid-maze512-1-0", "grid-random512-10-0",
    ]  # fmt: skip


@pytest.mark.parametrize("name", GRID_SUITES)
def test_quick_suite_runs_and_verifies_every_run(name):
    result = discover()[name].func(BenchContext(quick=True))
    assert result.ratio_kind == "per-instance" and result.baseline == BASELINE
    solvers = {run.solver: run for run in result.runs}
    assert {BASELINE, ASTAR, "tansuo astar (differential)"} <= set(solvers)
    for run in result.runs:
        assert run.verified and run.check == "yes", (run.solver, result.notes)
        assert run.solved == len(run.times) > 0, run.solver
        if run.peer:
            # compared with tansuo under the peer's own rule, never with JPS
            assert run.compare_with in (ASTAR, SAME_RULE), run.solver
            assert run.compare_with in solvers and result.ratio(run) is not None
            if "corner-cut" in run.solver:
                assert run.compare_with == SAME_RULE
    assert any("JPS jump table" in note and "landmarks' distances" in note
               for note in result.notes)  # fmt: skip
    if "pathfinding astar" in solvers:
        assert any("Not timed: the full-grid reset" in note for note in result.notes)


def test_a_wrong_peer_path_is_not_verified_and_does_not_crash():
    grid = Grid.from_text("....\n.#..\n....")
    problem = Scenario(0, "m", 4, 3, (0, 0), (3, 0), 3.0)
    assert path_length(grid, [(0, 0), (1, 0), (2, 0), (3, 0)], problem) == 3.0
    for wrong in (
        [],  # no path
        [(0, 1), (1, 0), (2, 0), (3, 0)],  # another start
        [(0, 0), (1, 0), (2, 0)],  # stops short of the goal
        [(0, 0), (2, 0), (3, 0)],  # a jump of two cells
        [(0, 0), (1, 1), (2, 0), (3, 0)],  # through the wall
        [(0, 0), (0, 0), (1, 0), (2, 0), (3, 0)],  # standing still
        [(0, 0), (-1, 0), (0, 0)],  # off the map
    ):
        assert path_length(grid, wrong, problem) is None, wrong
    corner = Grid.from_text("..\n#.")
    diagonal = Scenario(0, "m", 2, 2, (0, 0), (1, 1), 1.0)
    assert path_length(corner, [(0, 0), (1, 1)], diagonal) is None  # cuts the corner
    assert path_length(corner, [(0, 0), (1, 1)], diagonal, "8-always", "uniform") == 1.0

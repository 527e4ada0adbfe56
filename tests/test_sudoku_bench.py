"""`tansuo bench sudoku` at its smallest: every suite runs, and every run is verified."""

from __future__ import annotations

import pytest

from tansuo.bench import BenchContext, discover

SUDOKU_SUITES = sorted(name for name, s in discover().items() if s.domain == "sudoku")


def test_the_suites():
    assert SUDOKU_SUITES == ["sudoku-generated", "sudoku-hardest", "sudoku-top95"]


@pytest.mark.parametrize("name", SUDOKU_SUITES)
def test_quick_suite_runs_and_verifies_every_run(name):
    result = discover()[name].func(BenchContext(quick=True))
    solvers = {run.solver: run for run in result.runs}
    tansuo = [run for run in result.runs if not run.peer]
    assert tansuo and all(run.solver.startswith("tansuo") for run in tansuo)
    for run in result.runs:
        assert run.verified and run.check == "yes", (run.solver, result.notes)
        assert run.solved == len(run.times) > 0, run.solver
    for run in tansuo:
        assert run.solved == len(run.times) and run.nodes is not None and run.nodes >= run.solved
    if name != "sudoku-generated":
        assert "tansuo unique" in " ".join(solvers)  # proves each unique
        assert {"py-sudoku", "python-constraint"} <= {s.split(" (")[0] for s in solvers}
        for run in result.runs:
            if run.peer:
                assert result.ratio(run) is not None and result.ratio(run) > 1

"""Both ``tansuo bench batch`` suites run at their smallest size, every way verified."""

from __future__ import annotations

import pytest

from tansuo.bench import BenchContext, discover


@pytest.mark.parametrize("name", ["batch-sudoku", "batch-grid", "batch-sokoban"])
def test_every_way_of_running_a_batch_gives_the_in_process_answers(name):
    result = discover()[name].func(BenchContext(quick=True))
    assert [run.solver for run in result.runs] == [
        "in-process",
        "2 local processes",
        "Ray (local, 2 CPUs)",
    ]
    assert all(run.verified for run in result.runs), result.notes
    assert all(run.solved == result.instances for run in result.runs)
    assert any("Ray's fixed cost" in note for note in result.notes)

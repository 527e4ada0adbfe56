"""Every Sokoban bench suite runs in quick mode and replays every solution it counts."""

from __future__ import annotations

import pytest

from tansuo.bench import BenchContext, discover

SUITES = ("sokoban-microban", "sokoban-xsokoban", "sokoban-xsokoban-cpu", "sokoban-optimal")


@pytest.mark.parametrize("name", SUITES)
def test_quick_suite_runs_and_is_verified(name: str) -> None:
    result = discover()[name].func(BenchContext(quick=True))
    assert result.runs and all(run.verified for run in result.runs)
    assert all(run.solved >= 1 for run in result.runs)
    assert any("solved" in note for note in result.notes)

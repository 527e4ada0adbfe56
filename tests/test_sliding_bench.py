"""``tansuo bench sliding`` at its smallest size: every run is checked by something else."""

from __future__ import annotations

import pytest

from tansuo.bench import BenchContext, discover

SUITES = ("sliding-korf100", "sliding-3x3", "sliding-5x5")


@pytest.fixture(scope="module")
def results():
    suites = discover()
    return {name: suites[name].func(BenchContext(quick=True)) for name in SUITES}


@pytest.mark.parametrize("name", SUITES)
def test_every_quick_run_is_verified(results, name):
    result = results[name]
    assert result.runs and all(run.verified for run in result.runs), result.notes
    assert all(run.times for run in result.runs)


def test_korf_runs_meet_the_published_optima(results):
    result = results["sliding-korf100"]
    database_run = result.runs[0]
    assert database_run.solved == result.instances == 3
    assert any("database" in note for note in result.notes)


def test_eight_puzzle_peers_side_by_side(results):
    result = results["sliding-3x3"]
    names = [run.solver for run in result.runs]
    assert "tansuo.search astar (Manhattan)" in names
    assert all(run.solved == len(run.times) for run in result.runs)
    assert result.runs[0].solved == result.instances

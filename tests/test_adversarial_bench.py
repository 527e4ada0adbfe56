"""``tansuo bench adversarial`` at its smallest size: every run is checked by something else."""

from __future__ import annotations

import pytest

from tansuo.bench import BenchContext, discover
from tansuo.bench.adversarial import ALPHABETA, BASELINE

SUITES = ("adversarial-c4-shallow", "adversarial-c4-deep", "adversarial-c4-solve")


@pytest.fixture(scope="module")
def results():
    suites = discover()
    return {name: suites[name].func(BenchContext(quick=True)) for name in SUITES}


@pytest.mark.parametrize("name", SUITES)
def test_every_quick_run_is_verified(results, name):
    result = results[name]
    assert result.runs and all(run.verified for run in result.runs), result.notes
    by_name = {run.solver: run for run in result.runs}
    # search is checked by a plain search (and easyAI), never by itself
    assert by_name[BASELINE].check == "yes"
    assert "easyAI" in by_name and by_name["easyAI"].compare_with == BASELINE
    # easyAI ran every position and agreed, which also checks the reference run
    assert all(run.check == "yes" for run in result.runs)
    assert all(run.clock == "cpu" for run in result.runs)
    assert all(run.solved == len(run.times) == result.instances for run in result.runs)


def test_shallow_suite_compares_like_with_like(results):
    result = results["adversarial-c4-shallow"]
    solvers = {run.solver for run in result.runs}
    assert {"tansuo minimax", ALPHABETA, BASELINE, "easyAI", "easyAI (no table)"} <= solvers
    by_name = {run.solver: run for run in result.runs}
    # easyAI without its table searches the same tree as tansuo's alphabeta
    assert by_name["easyAI (no table)"].compare_with == ALPHABETA
    assert by_name["easyAI (no table)"].nodes == by_name[ALPHABETA].nodes
    assert by_name[ALPHABETA].nodes * 5 < by_name["tansuo minimax"].nodes
    assert result.ratio(by_name["easyAI (no table)"]) is not None


def test_solve_suite_checks_search_against_alphabeta(results):
    result = results["adversarial-c4-solve"]
    assert [run.solver for run in result.runs][:2] == [ALPHABETA, BASELINE]
    assert any("checked against tansuo alphabeta" in note for note in result.notes)

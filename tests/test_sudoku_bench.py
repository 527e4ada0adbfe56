"""`tansuo bench sudoku` at its smallest: every suite runs, and every run is verified."""

from __future__ import annotations

import pytest

from tansuo.bench import BenchContext, discover
from tansuo.bench.sudoku import TDOKU_ENV, load_tdoku

SUDOKU_SUITES = sorted(name for name, s in discover().items() if s.domain == "sudoku")


def test_the_suites():
    assert SUDOKU_SUITES == ["sudoku-batch", "sudoku-generated", "sudoku-hardest", "sudoku-top95"]


@pytest.mark.parametrize("name", SUDOKU_SUITES)
def test_quick_suite_runs_and_verifies_every_run(name, monkeypatch):
    monkeypatch.delenv(TDOKU_ENV, raising=False)  # tdoku is the user's to build
    result = discover()[name].func(BenchContext(quick=True))
    solvers = {run.solver: run for run in result.runs}
    tansuo = [run for run in result.runs if not run.peer]
    assert tansuo and all(run.solver.startswith("tansuo") for run in tansuo)
    for run in result.runs:
        assert run.verified and run.check == "yes", (run.solver, result.notes)
        assert run.solved == len(run.times) > 0, run.solver
    for run in tansuo:
        assert run.solved == len(run.times) and run.nodes is not None and run.nodes >= run.solved
    if name in ("sudoku-top95", "sudoku-hardest", "sudoku-batch"):
        assert any(note.startswith("tdoku: not built") for note in result.notes)
    if name == "sudoku-batch":
        assert [run.solver for run in tansuo] == ["tansuo batch top95 x21", "tansuo batch minimal"]
    elif name != "sudoku-generated":
        assert "tansuo unique" in " ".join(solvers)  # proves each unique
        assert {"py-sudoku", "python-constraint"} <= {s.split(" (")[0] for s in solvers}
        for run in result.runs:
            if run.peer:
                assert result.ratio(run) is not None and result.ratio(run) > 1


def test_tdoku_is_named_when_it_cannot_load(monkeypatch, tmp_path):
    monkeypatch.setenv(TDOKU_ENV, str(tmp_path / "libtdoku.so"))
    message = load_tdoku()
    assert isinstance(message, str) and message.startswith("tdoku: cannot load")
    monkeypatch.delenv(TDOKU_ENV)
    message = load_tdoku()
    assert isinstance(message, str) and "g++ -O3" in message

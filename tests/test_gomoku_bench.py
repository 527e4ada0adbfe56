"""``tansuo bench gomoku --quick``: every suite runs, and every run is verified."""

from __future__ import annotations

from tansuo import bench
from tansuo.gomoku.io import bundled_suite


def test_the_suite_has_the_promised_size():
    rows = bundled_suite()
    freestyle = [r for r in rows if r[2].split()[1] == "freestyle"]
    renju = [r for r in rows if r[2].split()[1] == "renju"]
    assert len(freestyle) >= 50 and len(renju) >= 20
    assert {r[1] for r in rows} == {"vcf", "vct", "none"}


def test_every_gomoku_suite_runs_quick_and_verified():
    suites = bench.select("gomoku")
    assert {s.name for s in suites} == {
        "gomoku-tactics",
        "gomoku-vct",
        "gomoku-search",
        "gomoku-protocol",
    }
    for s in suites:
        result = s.func(bench.BenchContext(quick=True))
        assert result.runs, s.name
        for run in result.runs:
            assert run.verified, (s.name, run.solver, result.notes)
            assert run.times, (s.name, run.solver)

"""``tansuo bench xiangqi --quick``: every suite runs, and every run is verified."""

from __future__ import annotations

from tansuo import bench


def test_every_xiangqi_suite_runs_quick_and_verified():
    suites = bench.select("xiangqi")
    names = {s.name for s in suites}
    assert names == {
        "xiangqi-perft",
        "xiangqi-search",
        "xiangqi-strength",
        "xiangqi-features",
        "xiangqi-protocol",
    }
    for s in suites:
        result = s.func(bench.BenchContext(quick=True))
        assert result.runs, s.name
        for run in result.runs:
            assert run.verified, (s.name, run.solver, result.notes)
            assert run.times, (s.name, run.solver)

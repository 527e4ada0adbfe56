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


@pytest.mark.parametrize(
    ("spec", "says"),
    [("abc", "expected level numbers"), ("1-2x", "expected level numbers"), ("999", "no level")],
)
def test_a_bad_level_choice_is_one_line_and_exit_2(run_cli, monkeypatch, spec, says) -> None:
    monkeypatch.setenv("TANSUO_BENCH_SOKOBAN_LEVELS", spec)
    run = run_cli("bench", "sokoban-xsokoban-cpu", "--quick")
    assert run.code == 2
    assert says in run.err and "Traceback" not in run.err


def test_the_chosen_levels_come_in_the_order_named(monkeypatch) -> None:
    from tansuo.bench.sokoban import _chosen
    from tansuo.sokoban import bundled_collection

    monkeypatch.setenv("TANSUO_BENCH_SOKOBAN_LEVELS", "7,2-3,7,1")
    numbers = [level.number for level in _chosen(bundled_collection("xsokoban90"))]
    assert numbers == [7, 2, 3, 1]


def test_the_number_of_processes_comes_from_the_environment(monkeypatch) -> None:
    from tansuo.bench.sokoban import _processes
    from tansuo.errors import InvalidInput

    monkeypatch.delenv("TANSUO_BENCH_SOKOBAN_PROCESSES", raising=False)
    assert _processes() == 2
    monkeypatch.setenv("TANSUO_BENCH_SOKOBAN_PROCESSES", "1")
    assert _processes() == 1
    monkeypatch.setenv("TANSUO_BENCH_SOKOBAN_PROCESSES", "0")
    with pytest.raises(InvalidInput, match="whole number"):
        _processes()


def test_a_worker_that_dies_is_recorded_lost_and_the_run_goes_on(monkeypatch) -> None:
    import multiprocessing
    import os
    import signal

    from tansuo.bench import sokoban as bench
    from tansuo.sokoban import bundled_collection

    def solve_or_die(level, cpu_limit):
        if level.number == 2:
            os._exit(7)  # as a worker killed mid-solve: no answer ever comes
        if level.number == 4:
            os.kill(os.getpid(), signal.SIGXCPU)  # as the RLIMIT_CPU backstop
        return {"number": level.number, "status": "solved", "cpu_s": cpu_limit}

    monkeypatch.setattr(bench, "_solve_cpu", solve_or_die)
    levels = bundled_collection("microban")[:4]
    seen: list[int] = []
    records = bench._each_in_a_process(
        multiprocessing.get_context("fork"), levels, 1.0, 2, lambda r: seen.append(r["number"])
    )
    assert [r["number"] for r in records] == [1, 2, 3, 4]
    assert [r["status"] for r in records] == [
        "solved", "lost (worker exit code 7)", "solved", "lost (worker exit code -24, SIGXCPU)"
    ]  # fmt: skip
    assert sorted(seen) == [1, 2, 3, 4]

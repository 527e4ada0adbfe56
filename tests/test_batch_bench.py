"""Both ``tansuo bench batch`` suites run at a small size, every way verified."""

from __future__ import annotations

import dataclasses

import pytest

from tansuo.bench import BenchContext, discover

AT_MOST = {"batch-sudoku": 400, "batch-grid": 100, "batch-sokoban": 4}
"""Instances a suite runs here: its quick size (2,000, 300 and 6), capped; the pool and Ray
batches still span several chunks and both workers."""


@dataclasses.dataclass(slots=True)
class _Capped(BenchContext):
    cap: int = 0

    def scale(self, full: int, quick: int) -> int:
        return min(quick, self.cap)


@pytest.fixture(scope="module")
def _one_ray_instance():
    """One local Ray instance for the three suites (each would start and stop its own).

    The bench's backend joins a running instance and leaves it running.
    """
    import ray  # a test dependency: without it the suites fail, they do not skip

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("name", ["batch-sudoku", "batch-grid", "batch-sokoban"])
def test_every_way_of_running_a_batch_gives_the_in_process_answers(name, _one_ray_instance):
    result = discover()[name].func(_Capped(quick=True, cap=AT_MOST[name]))
    assert result.instances == AT_MOST[name]
    assert [run.solver for run in result.runs] == [
        "in-process",
        "2 local processes",
        "Ray (local, 2 CPUs)",
    ]
    assert all(run.verified for run in result.runs), result.notes
    assert all(run.solved == result.instances for run in result.runs)
    assert any("Ray's fixed cost" in note for note in result.notes)

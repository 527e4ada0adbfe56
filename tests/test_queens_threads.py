"""N-Queens counted on several threads: the same counts and nodes as on one, within budget."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from tansuo.errors import InvalidInput
from tansuo.queens import count_solutions, default_threads, prefix_tasks
from tansuo.queens import solve as queens_solve

# OEIS A000170 and A002562, n = 1..14
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752]


@pytest.fixture
def threads_on_every_board(monkeypatch):
    """Small boards are counted on one thread (faster); here they use the threads too."""
    monkeypatch.setattr(queens_solve, "THREADED_FROM_N", 1)


@pytest.mark.parametrize("n", range(1, 15))
def test_threads_count_what_one_thread_counts(n, threads_on_every_board):
    one = count_solutions(n, threads=1)
    tasks = len(prefix_tasks(n)[0])
    for threads in (2, 3):
        many = count_solutions(n, threads=threads)
        assert many.count == one.count == A000170[n - 1]
        assert many.stats.nodes == one.stats.nodes  # the same tree, split
        assert many.stats.threads == (1 if n == 1 else max(1, min(threads, tasks)))


@pytest.mark.parametrize("n", [4, 7, 10, 13, 14])
def test_threads_count_classes_up_to_symmetry(n, threads_on_every_board):
    result = count_solutions(n, up_to_symmetry=True, threads=2)
    assert result.count == A002562[n - 1]
    assert result.stats.nodes == count_solutions(n, up_to_symmetry=True, threads=1).stats.nodes


def test_default_is_every_thread_numba_has():
    assert default_threads() >= 1
    result = count_solutions(14)
    assert result.count == 365_596
    assert result.stats.threads == default_threads()


def test_numba_num_threads_is_respected():
    code = (
        "from tansuo.queens import count_solutions, default_threads;"
        "r = count_solutions(12); print(default_threads(), r.stats.threads, r.count)"
    )
    env = {**os.environ, "NUMBA_NUM_THREADS": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["1", "1", "14200"]


@pytest.mark.parametrize("threads", [1, 2])
def test_node_budget_is_spent_in_full_and_no_more(threads):
    n, budget = 14, 300_000
    result = count_solutions(n, threads=threads, max_nodes=budget)
    assert result.status == "limit" and result.stats.limit == "max_nodes"
    # a slice of the kernel may run past its share by the rows below one descent
    assert budget <= result.stats.nodes <= budget + threads * n**3
    whole = count_solutions(n, threads=1)
    enough = count_solutions(n, threads=threads, max_nodes=whole.stats.nodes + 1)
    assert enough.status == "solved" and enough.count == whole.count


@pytest.mark.parametrize(("n", "limit"), [(19, 0.3), (60, 0.2)])
def test_time_limit_holds_on_two_threads(n, limit):
    count_solutions(11, threads=2)  # kernels loaded before the clock starts
    wall, cpu = time.perf_counter(), time.process_time()
    result = count_solutions(n, threads=2, time_limit=limit)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert result.status == "limit" and result.stats.limit == "time_limit"
    assert result.count is None and result.stats.threads == 2
    # each thread stops within a slice (about 20 ms) of the deadline: CPU time of
    # both together, and wall time; on a loaded machine (or beside another test
    # process) the wall time the two threads spent waiting for a core is allowed
    waited = max(0.0, wall - cpu / 2)
    assert cpu < 2 * (limit + 0.1), cpu
    assert wall < limit + 0.1 + waited, (wall, cpu)


@pytest.mark.parametrize("bad", [0, -1, 257, 1.5, "2", True])
def test_bad_thread_counts(bad):
    with pytest.raises(InvalidInput, match="threads"):
        count_solutions(8, threads=bad)

"""N-Queens: kernels tied to the readable DFS, OEIS counts, the chapter's boards, the CLI."""

from __future__ import annotations

import pytest

from tansuo.errors import InvalidInput
from tansuo.queens import (
    QueensProblem,
    canonical,
    count_solutions,
    find_solutions,
    format_board,
    is_solution,
    parse_board,
    reference_solutions,
    symmetries,
)
from tansuo.search import dfs

# OEIS A000170 (all solutions) and A002562 (up to rotation and reflection), n = 1..12
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787]

# The chapter's (solve 4) and (solve 5) output (shared/seeds/003_*.txt), boards side by side.
BOOK_SOLVE_4 = """
 . Q . .
 . . . Q
 Q . . .
 . . Q .
 . . Q .
 Q . . .
 . . . Q
 . Q . .
"""

BOOK_SOLVE_5 = """
 . . Q . .   . . . Q .  . . . . Q   . Q . . .   . . . . Q
 . . . . Q   . Q . . .  . Q . . .   . . . . Q   . . Q . .
 . Q . . .   . . . . Q  . . . Q .   . . Q . .   Q . . . .
 . . . Q .   . . Q . .  Q . . . .   Q . . . .   . . . Q .
 Q . . . .   Q . . . .  . . Q . .   . . . Q .   . Q . . .

 . Q . . .   . . . Q .   . . Q . .   Q . . . .  Q . . . .
 . . . Q .   Q . . . .   Q . . . .   . . Q . .  . . . Q .
 Q . . . .   . . Q . .   . . . Q .   . . . . Q  . Q . . .
 . . Q . .   . . . . Q   . Q . . .   . Q . . .  . . . . Q
 . . . . Q   . Q . . .   . . . . Q   . . . Q .  . . Q . .
"""

# first and last boards the chapter prints for (solve 8)
BOOK_SOLVE_8_FIRST = """
 . . Q . . . . .
 . . . . . Q . .
 . . . Q . . . .
 . Q . . . . . .
 . . . . . . . Q
 . . . . Q . . .
 . . . . . . Q .
 Q . . . . . . .
"""
BOOK_SOLVE_8_LAST = """
 Q . . . . . . .
 . . . . . . Q .
 . . . . Q . . .
 . . . . . . . Q
 . Q . . . . . .
 . . . Q . . . .
 . . . . . Q . .
 . . Q . . . . .
"""


def stacked_boards(text: str, n: int) -> set[tuple[int, ...]]:
    rows = [line for line in text.strip().splitlines() if line.strip()]
    return {parse_board("\n".join(rows[i : i + n])) for i in range(0, len(rows), n)}


def side_by_side_boards(text: str, n: int) -> set[tuple[int, ...]]:
    boards = set()
    blocks = text.strip().split("\n\n")
    for block in blocks:
        squares = [line.replace(" ", "") for line in block.splitlines()]
        for k in range(len(squares[0]) // n):
            boards.add(parse_board("\n".join(row[k * n : (k + 1) * n] for row in squares)))
    return boards


def test_counts_match_oeis():
    for n, expected in enumerate(A000170, start=1):
        assert count_solutions(n).count == expected, n


def test_unique_counts_match_oeis():
    for n, expected in enumerate(A002562, start=1):
        assert count_solutions(n, up_to_symmetry=True).count == expected, n


@pytest.mark.parametrize("n", range(1, 9))
def test_listing_kernel_equals_the_readable_dfs(n):
    reference = list(reference_solutions(n))
    assert all(is_solution(s) for s in reference)
    assert find_solutions(n, None).solutions == tuple(reference)
    if reference:
        assert find_solutions(n, 3).solutions == tuple(reference[:3])


@pytest.mark.parametrize("n", range(1, 10))
def test_count_kernels_equal_the_readable_dfs(n):
    reference = list(reference_solutions(n))
    assert count_solutions(n).count == len(reference)
    assert count_solutions(n, up_to_symmetry=True).count == len({canonical(s) for s in reference})


@pytest.mark.parametrize("n", [4, 5, 8, 10, 13])
def test_first_solution_is_what_the_generic_dfs_finds(n):
    generic = dfs(QueensProblem(n))
    assert generic.status == "solved"
    assert find_solutions(n, 1).solution == generic.path[-1]


def test_generic_dfs_proves_three_queens_impossible():
    assert dfs(QueensProblem(3)).status == "no_solution"
    assert count_solutions(3).status == "no_solution"
    assert find_solutions(3, None).status == "no_solution"


def test_the_chapters_boards():
    assert stacked_boards(BOOK_SOLVE_4, 4) == set(reference_solutions(4))
    assert side_by_side_boards(BOOK_SOLVE_5, 5) == set(find_solutions(5, None).solutions)
    eight = set(find_solutions(8, None).solutions)
    assert len(eight) == 92
    assert stacked_boards(BOOK_SOLVE_8_FIRST, 8) <= eight
    assert stacked_boards(BOOK_SOLVE_8_LAST, 8) <= eight


def test_board_text_round_trip():
    for s in find_solutions(8, 5).solutions:
        assert parse_board(format_board(s)) == s
    with pytest.raises(InvalidInput, match="line 2"):
        parse_board(". Q\nQ Q")


def test_symmetries_form_the_eight_element_group():
    s = (1, 3, 0, 2)
    images = symmetries(s)
    assert len(images) == 8 and images[0] == s
    assert set(images) == set(reference_solutions(4))
    first_of_eight = (0, 4, 7, 5, 2, 6, 1, 3)
    orbit = set(symmetries(first_of_eight))
    assert len(orbit) == 8  # no symmetric 8-queens solution has this one's shape
    for image in orbit:
        assert is_solution(image)
        assert set(symmetries(image)) == orbit


def test_budgets_give_limit():
    r = count_solutions(12, max_nodes=1000)
    assert r.status == "limit" and r.count is None and r.stats.limit == "max_nodes"
    r = find_solutions(12, None, max_nodes=50)
    assert r.status == "limit" and r.stats.nodes <= 50
    r = count_solutions(12, threads=2, max_nodes=1000)
    assert r.status == "limit" and r.stats.limit == "max_nodes"


@pytest.mark.parametrize("bad", [0, -3, 61, 10**9, 2.5, "8", True])  # 61: too large to count
def test_bad_sizes(bad):
    with pytest.raises(InvalidInput):
        count_solutions(bad)


def test_listing_across_buffer_refills_stays_ordered_and_complete():
    solutions = find_solutions(13, None).solutions  # more than one 65,536-row buffer
    assert len(solutions) == 73_712 == len(set(solutions))
    assert list(solutions) == sorted(solutions)
    assert all(is_solution(s) for s in solutions[::997])
    assert find_solutions(13, 70_000).solutions == solutions[:70_000]


def test_listing_refuses_what_would_not_fit_in_memory():
    with pytest.raises(InvalidInput, match="count"):
        find_solutions(16, None)
    with pytest.raises(InvalidInput, match="memory"):
        find_solutions(20, 10**9)


def _run_kernel(kernel: str, n: int, chunk: int) -> tuple[int, int, int]:
    """(count, nodes, calls) of a counting kernel run ``chunk`` nodes at a time."""
    from tansuo.queens import _kernels, prefix_tasks

    first, second, weight = prefix_tasks(n)
    cols, left, right, free, queens, state = _kernels.new_state(n)
    calls = 0
    while True:
        calls += 1
        if kernel == "plain":
            done = _kernels.count_plain(n, first, second, weight, cols, left, right, free,
                                        state, chunk)  # fmt: skip
        else:
            done = _kernels.count_tasks(n, first, second, weight, False, cols, left, right,
                                        free, queens, state, chunk)  # fmt: skip
        if done == _kernels.DONE:
            return int(state[_kernels.TOTAL]), int(state[_kernels.NODES]), calls


def test_fast_counter_visits_the_same_tree_as_the_general_one():
    for n in range(6, 12):
        general = _run_kernel("general", n, 1 << 40)
        fast = _run_kernel("plain", n, 1 << 40)
        assert general[:2] == fast[:2], n  # same count and same number of nodes


@pytest.mark.parametrize("kernel", ["plain", "general"])
def test_counting_resumes_after_any_number_of_nodes(kernel):
    whole = _run_kernel(kernel, 10, 1 << 40)
    for chunk in (1, 7, 100, 5000):
        count, nodes, calls = _run_kernel(kernel, 10, chunk)
        assert (count, nodes) == whole[:2] == (724, whole[1])
        assert calls > 1


@pytest.mark.parametrize("n", [19, 30, 60])
def test_time_limits_hold_in_one_process(n):
    import time

    count_solutions(8)
    find_solutions(8, 1)  # both kernels loaded before any clock starts
    started = time.process_time()
    # one thread: CPU time is then the search's own time (threads: tests/test_queens_threads.py)
    result = count_solutions(n, time_limit=0.3, threads=1)
    cpu = time.process_time() - started
    assert result.status == "limit" and result.stats.limit == "time_limit"
    assert result.count is None
    assert cpu < 0.3 + 0.1, cpu  # the clock's own overrun, as CPU time (the machine is shared)
    started = time.process_time()
    listed = find_solutions(n, 10**6 if n < 30 else 10**5, time_limit=0.2)
    cpu = time.process_time() - started
    assert listed.status in ("limit", "solved")
    assert cpu < 0.2 + 0.1 or listed.status == "solved", cpu


def test_queens_bench_suite_checks_oeis():
    from tansuo.bench import BenchContext
    from tansuo.bench.queens import count_suite

    result = count_suite(BenchContext(quick=True))
    assert result.instances == 3  # n = 10..12
    assert all(run.verified for run in result.runs)

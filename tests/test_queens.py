"""N-Queens: kernels tied to the readable DFS, OEIS counts, the chapter's boards, the CLI."""

from __future__ import annotations

import json

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
        assert count_solutions(n, unique=True).count == expected, n


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
    assert count_solutions(n, unique=True).count == len({canonical(s) for s in reference})


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


def test_workers_give_the_same_count():
    result = count_solutions(10, workers=2)
    assert result.count == 724 and result.stats["workers"] == 2
    assert count_solutions(9, unique=True, workers=2).count == 46


def test_budgets_give_limit():
    r = count_solutions(12, max_nodes=1000)
    assert r.status == "limit" and r.count is None and r.stats["limit"] == "max_nodes"
    r = find_solutions(12, None, max_nodes=50)
    assert r.status == "limit" and r.stats["nodes"] <= 50
    r = count_solutions(12, workers=2, max_nodes=1000)
    assert r.status == "limit"


@pytest.mark.parametrize("bad", [0, -3, 61, 10**9, 2.5, "8", True])
def test_bad_sizes(bad):
    with pytest.raises(InvalidInput):
        count_solutions(bad)


# -- the command -------------------------------------------------------------------


def test_cli_prints_the_chapters_boards(run_cli):
    r = run_cli("queens", "4")
    assert r.code == 0
    boards = r.out.strip().split("\n\n")
    assert stacked_boards("\n".join(boards[:2]), 4) == stacked_boards(BOOK_SOLVE_4, 4)
    assert "2 solutions" in boards[-1]


def test_cli_count_unique_json(run_cli):
    r = run_cli("queens", "8", "--count")
    assert r.code == 0 and "92 solutions" in r.out
    r = run_cli("queens", "8", "--unique", "--json")
    data = json.loads(r.out)
    assert (data["status"], data["count"], data["unique"]) == ("solved", 12, True)
    r = run_cli("queens", "6", "--first", "2", "--json")
    data = json.loads(r.out)
    assert data["solutions"] == [list(s) for s in list(reference_solutions(6))[:2]]
    assert data["count"] is None
    r = run_cli("queens", "10", "--count", "--workers", "2")
    assert r.code == 0 and "724 solutions" in r.out


def test_cli_first_k_and_no_solution(run_cli):
    r = run_cli("queens", "8", "--first", "1")
    assert r.code == 0
    assert r.out.startswith(format_board((0, 4, 7, 5, 2, 6, 1, 3)))
    assert "first solution" in r.out
    r = run_cli("queens", "3")
    assert r.code == 1 and "0 solutions" in r.out


@pytest.mark.parametrize(
    "args",
    [
        ("0",),
        ("-2",),
        ("61",),
        ("eight",),
        ("8", "--first", "0"),
        ("8", "--count", "--first", "2"),
        ("8", "--workers", "2"),
        ("8", "--count", "--workers", "0"),
    ],
)
def test_cli_bad_input_exit_2(run_cli, args):
    r = run_cli("queens", *args)
    assert r.code == 2
    assert "Traceback" not in r.err and r.err.strip()


def test_cli_time_limit_exit_3(run_cli):
    r = run_cli("queens", "18", "--count", "--time-limit", "0.01")
    assert r.code == 3 and "budget" in r.out


def test_demo_runs(capsys):
    from rich.console import Console

    from tansuo.cli.queens import demo

    demo(Console(highlight=False))
    out = capsys.readouterr().out
    assert "14,200 solutions" in out and "1,787" in out


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


def test_fast_counter_visits_the_same_tree_as_the_general_one():
    from tansuo.queens import _kernels, prefix_tasks

    for n in range(6, 12):
        first, second, weight = prefix_tasks(n)
        general = _kernels.count_tasks(n, first, second, weight, False)
        fast = _kernels.count_plain(n, first, second, weight)
        assert general == fast, n  # same count and same number of nodes


def test_queens_bench_suite_checks_oeis():
    from tansuo.bench import BenchContext
    from tansuo.bench.queens import count_suite

    result = count_suite(BenchContext(quick=True))
    assert result.instances == 3  # n = 12..14
    assert all(run.verified for run in result.runs)

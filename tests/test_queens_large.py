"""N-Queens for any n: the construction, min-conflicts, the checker, large boards, the CLI."""

from __future__ import annotations

import time

import numpy as np
import pytest

from tansuo.errors import InvalidInput
from tansuo.queens import (
    MAX_N_FOUND,
    construction,
    count_solutions,
    find_solutions,
    is_solution,
    reference_solutions,
)
from tansuo.queens.construct import MinConflicts, images


def _attack_free_by_pairs(placement) -> bool:
    """The definition, pair by pair (quadratic): the reference for the fast checker."""
    n = len(placement)
    return all(0 <= c < n for c in placement) and not any(
        placement[a] == placement[b] or abs(placement[a] - placement[b]) == a - b
        for a in range(n)
        for b in range(a)
    )


def test_checker_agrees_with_the_pairwise_definition():
    rng = np.random.default_rng(7)
    for n in (1, 4, 5, 8, 9, 30, 65, 70, 100):
        cases = [construction(n)] if n != 1 else [np.array([0])]
        cases += [rng.permutation(n) for _ in range(20)]
        cases += [rng.integers(0, n, n) for _ in range(5)]
        for case in cases:
            if case is None:
                continue
            as_tuple = tuple(int(c) for c in case)
            assert is_solution(as_tuple) == _attack_free_by_pairs(as_tuple), as_tuple
            assert is_solution(case) == _attack_free_by_pairs(as_tuple)
    bad = list(construction(100))
    bad[3], bad[4] = bad[4], bad[3]  # neighbours' columns swapped: checked both ways
    assert is_solution(bad) == _attack_free_by_pairs(bad)
    assert not is_solution([0] * 100) and not is_solution([*range(99), 100])


def test_construction_is_a_solution_for_every_n_from_4_to_200_and_some_large():
    for n in [*range(4, 201), 1000, 1001, 1002, 1003, 1004, 1005, 99_998, 99_999, 1_000_000]:
        built = construction(n)
        assert built is not None and built.shape == (n,)
        assert is_solution(built), n
    assert construction(1).tolist() == [0]
    assert construction(2) is None and construction(3) is None


def test_small_boards():
    assert find_solutions(1).solutions == ((0,),)
    for n in (2, 3):
        r = find_solutions(n, 5)
        assert r.status == "no_solution" and r.count == 0 and r.solutions == ()
        assert r.lexicographic
    r = find_solutions(4, 5)  # only two exist: the exact search says so
    assert r.status == "solved" and r.count == 2 and len(r.solutions) == 2


@pytest.mark.parametrize("n", [5, 8, 12, 16])
def test_boards_the_exact_search_answers_keep_the_lexicographic_order(n):
    reference = []
    for placement in reference_solutions(n):
        reference.append(placement)
        if len(reference) == 3:
            break
    r = find_solutions(n, 3)
    assert r.lexicographic and r.solutions == tuple(reference[:3])


def test_the_exact_search_keeps_the_boards_it_reaches_within_its_allowance():
    for n in (20, 25, 29):  # the first solution of 29-queens takes 1.5 M nodes
        r = find_solutions(n, 5)
        assert r.lexicographic and list(r.solutions) == sorted(r.solutions)
        assert all(is_solution(s) for s in r.solutions)


@pytest.mark.parametrize("n", [30, 40, 60, 61, 97, 1000])
def test_large_boards_answer_at_once_with_distinct_checked_solutions(n):
    find_solutions(61, 12)  # the kernels loaded before the clock starts
    started = time.process_time()
    r = find_solutions(n, 25, time_limit=20)
    cpu = time.process_time() - started
    assert r.status == "solved" and len(r.solutions) == 25 and r.count is None
    assert not r.lexicographic
    assert len(set(r.solutions)) == 25
    assert all(len(s) == n and is_solution(s) for s in r.solutions)
    assert cpu < 5.0, cpu  # the exact search alone took 600 s without the first at n = 60


def test_a_million_queens():
    started = time.process_time()
    r = find_solutions(1_000_000)
    cpu = time.process_time() - started
    assert r.status == "solved" and len(r.solution) == 1_000_000
    assert is_solution(np.array(r.solution))
    assert cpu < 10.0, cpu
    with pytest.raises(InvalidInput, match="memory"):
        find_solutions(1_000_000, 100)
    with pytest.raises(InvalidInput, match="1,000,000"):
        find_solutions(MAX_N_FOUND + 1)


def test_min_conflicts_is_seeded_and_checked():
    for n in (8, 10, 50, 500):
        one = MinConflicts(n, 3)
        while not one.step(10_000):
            pass
        again = MinConflicts(n, 3)
        while not again.step(777):  # resumed in other slices: the same answer
            pass
        assert is_solution(one.placement)
        assert one.placement.tolist() == again.placement.tolist()


def test_images_are_the_eight_symmetries():
    from tansuo.queens import symmetries

    built = construction(12)
    assert {tuple(i.tolist()) for i in images(built)} == set(symmetries(tuple(built.tolist())))


def test_budgets_still_hold_beyond_the_exact_search():
    r = find_solutions(40, 5, max_nodes=1000)  # the user's budget is below the exact allowance
    assert r.status == "limit" and r.stats.limit == "max_nodes" and r.stats.nodes <= 1000
    r = find_solutions(1000, 50, max_nodes=5000)  # enough for the construction and its images
    assert r.status == "limit" and 0 < len(r.solutions) < 50
    assert all(is_solution(s) for s in r.solutions)


def test_counting_stays_the_exact_search():
    with pytest.raises(InvalidInput, match="count"):
        count_solutions(61)
    assert count_solutions(10).count == 724


def test_cli_lists_a_large_board_as_one_line(run_cli):
    r = run_cli("queens", "100000")
    assert r.code == 0
    line = r.out.splitlines()[0]
    assert line.startswith("columns by row: ") and "(100,000 in all)" in line
    assert "1 solution built, each checked" in r.out
    r = run_cli("queens", "200", "--first", "3", "--json")
    import json

    record = json.loads(r.out)
    assert record["status"] == "solved" and record["lexicographic"] is False
    assert len({tuple(s) for s in record["solutions"]}) == 3
    assert all(is_solution(s) for s in record["solutions"])
    r = run_cli("queens", "61", "--count")
    assert r.code == 2 and "count" in r.err


def test_warm_up_compiles_only_the_kinds_asked_for():
    from tansuo.queens import warm_up

    warm_up("list")
    warm_up("search", "count")
    with pytest.raises(InvalidInput, match="kind"):
        warm_up("everything")

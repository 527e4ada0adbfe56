"""The 9x9 band kernel against the general kernel and the generic engine; solve_many, read_puzzles.

The band kernel guesses differently, so the two kernels are held to the same
answers (solutions of unique puzzles, counts up to the limit, exhausted or
not, unsolvable, clashing givens) rather than to the same search.
"""

from __future__ import annotations

import gzip
import random
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tansuo.errors import InvalidInput
from tansuo.sudoku import (
    STATUS_NAMES,
    Sudoku,
    bundled_puzzles,
    bundled_text,
    parse_puzzle,
    parse_puzzles,
    random_solution,
    read_puzzles,
    solve,
    solve_many,
    solve_reference,
)
from tansuo.sudoku.many import THREADED_FROM

GUESSY = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."


def random_puzzle(seed: int) -> Sudoku:
    """A random 9x9 grid with cells blanked, and sometimes a wrong given added.

    Few clues give many solutions, many clues one; a changed cell makes most
    grids unsolvable, and some clash outright.
    """
    rng = random.Random(seed)
    cells = list(random_solution(9, rng=rng).cells)
    keep = rng.choice([17, 20, 22, 24, 26, 28, 32, 40])
    cells = [v if rng.random() < keep / 81 else 0 for v in cells]
    if rng.random() < 0.3:
        cells[rng.randrange(81)] = rng.randint(1, 9)
    return Sudoku(3, 3, tuple(cells))


def same_answers(puzzle: Sudoku, wanted: int | None) -> None:
    """The band kernel and the general kernel agree on ``puzzle`` (or both refuse it)."""
    try:
        general = solve(puzzle, max_solutions=wanted, algorithm="general")
    except InvalidInput as exc:
        with pytest.raises(InvalidInput) as refused:
            solve(puzzle, max_solutions=wanted, algorithm="bands")
        assert refused.value.reason == exc.reason
        return
    bands = solve(puzzle, max_solutions=wanted, algorithm="bands")
    assert (bands.status, bands.count, bands.exhausted) == (
        general.status,
        general.count,
        general.exhausted,
    ), puzzle.to_string()
    assert all(s.is_solution_of(puzzle) for s in bands.solutions)
    if bands.exhausted:  # every solution was found: the same set, whatever the order
        assert set(bands.solutions) == set(general.solutions)
    assert bands.stats.nodes == bands.stats.guesses + 1


def test_solve_picks_the_band_kernel_for_nine_by_nine_only():
    assert solve(GUESSY).stats.guesses == solve(GUESSY, algorithm="bands").stats.guesses
    assert solve(GUESSY).stats.guesses < solve(GUESSY, algorithm="general").stats.guesses
    four = "1.3.3..2.1.34..1"
    default, general = (
        solve(four, max_solutions=2),
        solve(four, max_solutions=2, algorithm="general"),
    )
    assert default.stats.as_dict() | {"elapsed_s": 0} == general.stats.as_dict() | {"elapsed_s": 0}
    with pytest.raises(InvalidInput, match="9x9"):
        solve(four, algorithm="bands")
    with pytest.raises(InvalidInput, match="value_order"):
        solve(GUESSY, algorithm="bands", value_order=range(1, 10))
    with pytest.raises(InvalidInput, match="unknown algorithm"):
        solve(GUESSY, algorithm="dlx")
    # a value order keeps the general kernel: the generator's random grids
    ordered = solve("." * 81, value_order=[9, 8, 7, 6, 5, 4, 3, 2, 1])
    assert ordered.solution.cells[:9] == (9, 8, 7, 6, 5, 4, 3, 2, 1)


@pytest.mark.parametrize("name", ["top95", "hardest"])
def test_the_kernels_agree_on_the_published_sets(name):
    for puzzle in bundled_puzzles(name):
        for wanted in (1, 2):
            same_answers(puzzle, wanted)
        assert solve(puzzle).solution == solve(puzzle, algorithm="general").solution


def test_the_kernels_agree_on_two_thousand_random_puzzles():
    kinds = {"unique": 0, "several": 0, "none": 0, "clash": 0}
    for seed in range(2000):
        puzzle = random_puzzle(seed)
        same_answers(puzzle, 1 if seed % 3 else 3)
        if puzzle.clashes():
            kinds["clash"] += 1
            continue
        count = solve(puzzle, max_solutions=2).count
        kinds[("none", "unique", "several")[count]] += 1
    assert min(kinds.values()) >= 50, kinds  # every kind is well represented


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.integers(24, 40))
def test_bands_general_and_the_generic_engine_count_alike(seed, clues):
    rng = random.Random(seed)
    cells = list(random_solution(9, rng=rng).cells)
    for cell in rng.sample(range(81), 81 - clues):
        cells[cell] = 0
    puzzle = Sudoku(3, 3, tuple(cells))
    if solve(puzzle, max_solutions=21).count > 20:
        return  # keep the pure-Python count small
    bands = solve(puzzle, max_solutions=None)
    general = solve(puzzle, max_solutions=None, algorithm="general")
    reference = solve_reference(puzzle, max_solutions=None)
    assert bands.count == general.count == reference.count >= 1
    assert set(bands.solutions) == set(general.solutions) == set(reference.solutions)


def test_unsolvable_without_clashes_is_proved_by_both():
    # r1c9 must be 9 (the row has 1-8), but column 9 already holds a 9
    text = "12345678." + "." * 8 + "9" + "." * 63
    for algorithm in ("bands", "general"):
        result = solve(text, algorithm=algorithm)
        assert result.status == "no_solution" and result.exhausted and result.count == 0


def test_band_budgets_stop_and_resume():
    free = solve(GUESSY, max_solutions=2)
    assert free.stats.nodes > 20
    for budget in (1, 5, free.stats.nodes - 1):
        cut = solve(GUESSY, max_solutions=2, max_nodes=budget)
        assert (
            cut.status == "limit" and cut.stats.nodes == budget and cut.stats.limit == "max_nodes"
        )
    assert solve(GUESSY, max_solutions=2, max_nodes=free.stats.nodes).unique
    started = time.process_time()
    counting = solve("." * 81, max_solutions=None, time_limit=0.1)
    assert counting.status == "limit" and counting.stats.limit == "time_limit"
    assert counting.count > 1000 and time.process_time() - started < 1.0
    with pytest.raises(InvalidInput, match="r1c1, r1c2"):
        solve("11" + "." * 79, max_nodes=0)


def test_a_line_and_a_grid_take_the_quick_way_with_the_same_answers():
    """solve() of a 9x9 line or grid (no budget) reads it in the kernel: the same results."""
    puzzles = bundled_puzzles("hardest") + [random_puzzle(seed) for seed in range(200)]
    for puzzle in puzzles:
        line = puzzle.to_string()
        for wanted in (1, 2, 5):
            try:
                slow = solve(puzzle, max_solutions=wanted, algorithm="bands")
            except InvalidInput as exc:
                for given in (puzzle, line, line.replace(".", "0")):
                    with pytest.raises(InvalidInput) as refused:
                        solve(given, max_solutions=wanted)
                    assert refused.value.reason == exc.reason
                continue
            for given in (puzzle, line, line.replace(".", "0")):
                quick = solve(given, max_solutions=wanted)
                assert (quick.status, quick.count, quick.exhausted, quick.solutions) == (
                    slow.status,
                    slow.count,
                    slow.exhausted,
                    slow.solutions,
                )
                assert quick.puzzle == puzzle
                assert quick.stats.as_dict() | {"elapsed_s": 0} == slow.stats.as_dict() | {
                    "elapsed_s": 0
                }
    # what is not such a line goes the long way: the parser reads it, or names the problem
    spaced = " ".join(GUESSY)
    assert solve(spaced).solution == solve(GUESSY).solution
    with pytest.raises(InvalidInput, match="x"):
        solve(GUESSY[:80] + "x")
    # a 9x9 grid of 1x9 "boxes" is a Latin square: the general kernel, never the band kernel
    latin = parse_puzzle("." * 81, box=(1, 9))
    square = solve(latin).solution
    assert square is not None and square.is_solution_of(latin)
    assert Sudoku(3, 3, square.cells).clashes()  # its first square of 3x3 repeats a digit
    with pytest.raises(InvalidInput, match="3x3 boxes"):
        solve(latin, algorithm="bands")


# ---------------------------------------------------------------- solve_many


def test_solve_many_matches_solve_on_a_mix():
    puzzles = [random_puzzle(seed) for seed in range(300)]
    grid = np.array([p.cells for p in puzzles], dtype=np.uint8)
    results = solve_many(grid, max_solutions=2)
    assert len(results) == 300 and results.solutions.shape == (300, 81)
    names = results.status_names()
    assert {"solved", "no_solution", "invalid"} <= set(names)
    for i, puzzle in enumerate(puzzles):
        if puzzle.clashes():
            assert names[i] == STATUS_NAMES[int(results.codes[i])] == "invalid"
            with pytest.raises(InvalidInput, match="appears twice"):
                results[i]
            continue
        one = solve(puzzle, max_solutions=2)
        got = results[i]
        assert (got.status, got.count, got.exhausted, got.unique) == (
            one.status,
            one.count,
            one.exhausted,
            one.unique,
        )
        assert got.solution == one.solution  # the same kernel, the same first solution
        assert got.stats.guesses == one.stats.guesses == results.guesses[i]
        assert got.stats.branches == one.stats.branches == results.branches[i]
        assert got.puzzle == puzzle
    several = [i for i, n in enumerate(results.counts.tolist()) if n == 2]
    assert several and all(results[i].unique is False for i in several)


def test_solve_many_on_nothing_and_on_one():
    empty = solve_many(np.zeros((0, 81), dtype=np.uint8))
    assert len(empty) == 0 and empty.status_names() == [] and list(empty) == []
    one = solve_many(parse_puzzle(GUESSY).cells)  # a single row of 81 is one puzzle
    assert len(one) == 1 and one[0].solution == solve(GUESSY).solution == one[-1].solution
    with pytest.raises(IndexError):
        one[1]


def test_solve_many_budgets():
    grid = np.zeros((3, 81), dtype=np.uint8)
    capped = solve_many(grid, max_solutions=None, max_nodes=50)
    assert capped.status_names() == ["limit"] * 3
    assert capped[0].stats.limit == "max_nodes" and capped[0].stats.nodes == 50
    assert capped[0].count >= 1 and capped[0].solution.is_solution_of(Sudoku.empty(9))
    timed = solve_many(np.zeros((2000, 81), dtype=np.uint8), max_solutions=None, time_limit=0.05)
    assert set(timed.status_names()) == {"limit"} and timed[0].stats.limit == "time_limit"
    assert timed.elapsed_s < 0.5
    top = read_puzzles(bundled_text("top95"))
    nothing = solve_many(top[:3], max_nodes=0)
    assert nothing.status_names() == ["limit"] * 3 and nothing[0].stats.nodes == 0


def test_solve_many_on_threads_answers_as_on_one():
    # 300 random puzzles (solvable, unsolvable, several solutions, clashing givens) and
    # top95, repeated past the size a batch is split over threads from
    mix = np.array([random_puzzle(seed).cells for seed in range(300)], dtype=np.uint8)
    grid = np.concatenate([mix, read_puzzles(bundled_text("top95"))] * 11)
    assert len(grid) >= THREADED_FROM
    one = solve_many(grid, max_solutions=2, threads=1)
    for threads in (2, 3):
        split = solve_many(grid, max_solutions=2, threads=threads)
        assert np.array_equal(split.solutions, one.solutions)
        assert np.array_equal(split.codes, one.codes)
        assert np.array_equal(split.counters, one.counters)
    capped = solve_many(grid, max_solutions=None, max_nodes=3, threads=2)
    assert np.array_equal(capped.codes, solve_many(grid, max_solutions=None, max_nodes=3).codes)
    empty = np.zeros((2 * THREADED_FROM, 81), dtype=np.uint8)
    wall, cpu = time.perf_counter(), time.process_time()
    timed = solve_many(empty, max_solutions=None, time_limit=0.05, threads=2)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    waited = max(0.0, wall - cpu / 2)  # the two threads' wait for a core on a loaded machine
    assert set(timed.status_names()) == {"limit"} and timed.elapsed_s < 0.5 + waited, (wall, cpu)
    # each half's first puzzle searched until the clock stopped it, the rest never started
    halves = [0, THREADED_FROM]
    assert all(timed[i].count > 0 and timed[i].stats.limit == "time_limit" for i in halves)
    assert timed.counts.sum() == timed.counts[halves].sum()
    for wrong in (0, 257, 1.5, True):
        with pytest.raises(InvalidInput, match="threads must be"):
            solve_many(grid[:1], threads=wrong)


@pytest.mark.parametrize(
    ("puzzles", "message"),
    [
        (np.zeros((2, 80), dtype=np.uint8), "(n, 81)"),
        (np.full((1, 81), 10, dtype=np.int64), "puzzle 0, cell 0: value 10"),
        (np.zeros((1, 81), dtype=float), "whole numbers"),
        ("not puzzles", "(n, 81)"),
    ],
)
def test_solve_many_refuses_what_is_not_puzzles(puzzles, message):
    with pytest.raises(InvalidInput, match=message.replace("(", r"\(").replace(")", r"\)")):
        solve_many(puzzles)


# ---------------------------------------------------------------- read_puzzles


def test_read_puzzles_round_trips_and_skips_what_is_not_a_puzzle(tmp_path):
    puzzles = bundled_puzzles("top95")
    text = "# top95\n\n" + "\r\n".join(p.to_string() for p in puzzles[:5]) + "\n"
    text += "   " + puzzles[5].to_string().replace(".", "0") + "  \n# end"
    grid = read_puzzles(text)
    assert grid.dtype == np.uint8 and grid.shape == (6, 81)
    assert [tuple(row) for row in grid.tolist()] == [p.cells for p in puzzles[:6]]
    path = tmp_path / "top95.txt.gz"
    path.write_bytes(gzip.compress(bundled_text("top95").encode()))
    assert np.array_equal(read_puzzles(path), read_puzzles(bundled_text("top95")))
    assert np.array_equal(
        read_puzzles(bundled_text("hardest")),
        np.array([p.cells for _n, p in parse_puzzles(bundled_text("hardest"))], dtype=np.uint8),
    )
    assert read_puzzles(puzzles[0].to_string()).shape == (1, 81)  # one line inline
    assert read_puzzles("# nothing\n").shape == (0, 81)


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("." * 81 + "\n" + "." * 40 + "x" + "." * 40 + "\n", 2, 41, "unknown character 'x'"),
        ("# a comment\n\n" + "." * 80 + "\n", 3, None, "80 cells"),
        ("." * 81 + "\n" + "." * 16 + "\n" + "." * 79 + "\n", 2, None, "16 cells"),
        ("." * 81 + "\r\n" + "A" + "." * 80 + "\r\n", 2, 1, "'A'"),
    ],
)
def test_read_puzzles_names_the_first_bad_line(text, line, column, message):
    with pytest.raises(InvalidInput) as refused:
        read_puzzles(text)
    assert refused.value.line == line and refused.value.column == column
    assert message in str(refused.value) and f"line {line}" in str(refused.value)


def test_read_puzzles_names_the_file(tmp_path):
    with pytest.raises(InvalidInput, match="no such file"):
        read_puzzles(tmp_path / "missing.txt")
    bad = tmp_path / "bad.txt"
    bad.write_text("." * 81 + "\n" + "?" * 81 + "\n")
    with pytest.raises(InvalidInput, match=r"bad.txt.*line 2, column 1"):
        read_puzzles(bad)


def test_read_puzzles_costs_well_under_a_few_microseconds_a_line():
    lines = [p.to_string() for p in bundled_puzzles("top95")]
    data = "".join(lines[i % 95] + "\n" for i in range(100_000))
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        grid = read_puzzles(data)
        best = min(best, time.process_time() - started)
    assert grid.shape == (100_000, 81)
    assert best / 100_000 < 3e-6  # about 0.2-0.4 us a line here; loose for a loaded machine

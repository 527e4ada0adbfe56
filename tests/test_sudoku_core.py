"""Sudoku: parsing errors, counts, and the kernel tied to the readable reference."""

from __future__ import annotations

from importlib.resources import files

import pytest

from tansuo.errors import InvalidInput
from tansuo.sudoku import generate, parse_puzzle, parse_puzzles, solve, solve_reference


def _bundled(name: str) -> list:
    text = files("tansuo").joinpath(f"data/sudoku/{name}").read_text()
    return [p for _, p in parse_puzzles(text)]


def test_empty_grid_counts():
    assert solve("." * 16, limit=None).count == 288
    assert solve_reference("." * 16, limit=None).count == 288


def test_no_solution_is_proved():
    # r1c1..r1c3 = 1 2 3 and r2c4 = 4 leaves r1c4 without a value in a 4x4 grid
    r = solve("123....4........")
    assert r.status == "no_solution" and r.exhausted


@pytest.mark.parametrize("name", ["hardest.txt", "top95.txt"])
def test_kernel_matches_reference_on_bundled(name):
    for p in _bundled(name)[:6]:
        a, b = solve(p, limit=2), solve_reference(p, limit=2)
        assert a.count == b.count == 1
        assert a.solution == b.solution and a.solution.is_solution_of(p)
        assert a.stats["guesses"] == b.stats["guesses"]


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16, 25])
def test_generated_puzzles_unique_and_solved(size):
    g = generate(size, seed=size, clues=None if size <= 12 else int(size * size * 0.7))
    r = solve(g.puzzle, limit=2)
    assert r.count == 1 and r.solution == g.solution and g.solution.is_solution_of(g.puzzle)


@pytest.mark.parametrize(
    ("text", "where"),
    [("1x" + "." * 14, "column 2"), ("." * 15, "15 cells"), ("11" + "." * 14, "r1c1, r1c2")],
)
def test_bad_input_names_the_place(text, where):
    with pytest.raises(InvalidInput, match=where):
        parse_puzzle(text)


def test_cli_exit_codes(run_cli):
    assert run_cli("sudoku", "1.3.3..2.1.34..1", "--json").code == 0
    assert run_cli("sudoku", "solve", "123....4........").code == 1
    bad = run_cli("sudoku", "11" + "." * 14)
    assert bad.code == 2 and "r1c1" in bad.err

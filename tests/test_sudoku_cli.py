"""The ``tansuo sudoku`` command: solve, count, prove, batch, render, generate, errors."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from tansuo.sudoku import parse_puzzle, solve

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NO_SOLUTION = "12345678." + "." * 8 + "9" + "." * 63


def test_solves_and_prints_both_grids(run_cli):
    r = run_cli("sudoku", HARD)
    assert r.code == 0
    assert "4 1 7 | 3 6 9 | 8 2 5" in r.out  # first row of the solution
    assert "guesses" in r.out


def test_solve_subcommand_and_json(run_cli):
    r = run_cli("sudoku", "solve", HARD, "--json")
    out = json.loads(r.out)
    assert out["status"] == "solved"
    assert parse_puzzle(out["solution"]).is_solution_of(parse_puzzle(HARD))
    assert out["stats"]["guesses"] >= 0


def test_unique_and_count(run_cli):
    r = run_cli("sudoku", HARD, "--unique", "--json")
    assert json.loads(r.out)["unique"] is True
    r = run_cli("sudoku", "." * 16, "--count", "--json")
    assert json.loads(r.out)["count"] == 288


def test_no_solution_exits_1_and_budget_exits_3(run_cli):
    assert run_cli("sudoku", NO_SOLUTION).code == 1
    r = run_cli("sudoku", HARD, "--max-guesses", "0", "--json")
    assert r.code == 3
    assert json.loads(r.out)["status"] == "limit"


def test_batch_writes_json_lines_in_input_order(run_cli, tmp_path):
    puzzles = tmp_path / "many.txt"
    puzzles.write_text(f"# three puzzles\n{HARD}\n{NO_SOLUTION}\n{'.' * 16}\n")
    out = tmp_path / "out.jsonl"
    r = run_cli("sudoku", "--file", puzzles, "--out", out)
    assert r.code == 1  # the worst status of the batch: one has no solution
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [rec["line"] for rec in records] == [2, 3, 4]
    assert [rec["status"] for rec in records] == ["solved", "no_solution", "solved"]
    again = run_cli("sudoku", "--file", puzzles, "--out", out)
    assert again.code == 2 and "--force" in again.err  # results are never overwritten
    assert run_cli("sudoku", "--file", puzzles, "--out", puzzles, "--force").code == 2


def test_render_writes_a_png_and_never_overwrites(run_cli, tmp_path):
    png = tmp_path / "grid.png"
    assert run_cli("sudoku", HARD, "--render", png).code == 0
    with Image.open(png) as image:
        assert image.format == "PNG" and image.size[0] == image.size[1] > 9 * 20
    before = png.read_bytes()
    r = run_cli("sudoku", "." * 16, "--render", png)
    assert r.code == 2 and png.read_bytes() == before


def test_generate_gives_unique_puzzles(run_cli):
    r = run_cli("sudoku", "generate", "--size", "4", "--seed", "3", "--count", "3", "--json")
    assert r.code == 0
    lines = [json.loads(line) for line in r.out.splitlines()]
    assert len(lines) == 3
    for rec in lines:
        result = solve(rec["puzzle"], limit=2)
        assert result.count == 1 and result.solution.to_string() == rec["solution"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["." * 80], "80 cells"),
        (["1x" + "." * 79], "column 2"),
        (["11" + "." * 79], "r1c1"),
        (["missing.txt"], "no such file"),
        (["generate", "--size", "7"], "7"),
        (["generate", "--clues", "900"], "clues"),
        ([HARD, "--box", "2x2"], ""),
    ],
)
def test_bad_input_is_one_line_exit_2(run_cli, args, message):
    r = run_cli("sudoku", *args)
    assert r.code == 2
    assert message in r.err
    assert len(r.err.strip().splitlines()) == 1
    assert "Traceback" not in r.err

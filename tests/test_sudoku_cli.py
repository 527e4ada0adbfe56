"""The ``tansuo sudoku`` command: solve, count, prove, batch, render, generate, errors."""

from __future__ import annotations

import io
import json
import time

import pytest
from PIL import Image

from tansuo.sudoku import bundled_puzzles, parse_puzzle, solve

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GUESSY = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."
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
    r = run_cli("sudoku", GUESSY, "--max-nodes", "1", "--json")
    assert r.code == 3
    record = json.loads(r.out)
    assert record["status"] == "limit" and record["stats"]["limit"] == "max_nodes"
    assert record["stats"]["nodes"] == 1


def test_small_exit_codes(run_cli):
    assert run_cli("sudoku", "1.3.3..2.1.34..1", "--json").code == 0
    assert run_cli("sudoku", "solve", "123....4........").code == 1
    bad = run_cli("sudoku", "11" + "." * 14)
    assert bad.code == 2 and "r1c1" in bad.err


def test_time_limit_on_25x25_exits_3_soon(run_cli):
    run_cli("sudoku", "." * 625, "--max-nodes", "1")  # kernels and geometry ready
    started = time.process_time()
    r = run_cli("sudoku", "." * 625, "--count", "--time-limit", "0.3", "--json")
    assert r.code == 3 and json.loads(r.out)["stats"]["limit"] == "time_limit"
    assert time.process_time() - started < 0.3 + 0.1 + 0.2  # the printing costs a little


@pytest.mark.parametrize("size", [16, 25])
def test_a_pasted_16x16_or_25x25_puzzle_is_a_puzzle(run_cli, size):
    r = run_cli("sudoku", "solve", "1" + "." * (size * size - 1), "--json")
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert len(out["solution"]) == size * size and out["solution"][0] == "1"


def test_a_directory_is_named_as_one(run_cli, tmp_path):
    r = run_cli("sudoku", "solve", tmp_path)
    assert r.code == 2 and "is a directory" in r.err


def test_count_stops_at_max_solutions(run_cli):
    r = run_cli("sudoku", "." * 16, "--count", "--max-solutions", "5", "--json")
    out = json.loads(r.out)
    assert r.code == 0 and out["count"] == 5 and not out["exhausted"]
    assert (
        json.loads(run_cli("sudoku", "." * 16, "--count", "--max-count", "7", "--json").out)[
            "count"
        ]
        == 7
    )


def test_batch_writes_json_lines_in_input_order(run_cli, tmp_path):
    puzzles = tmp_path / "many.txt"
    puzzles.write_text(f"# three puzzles\n{HARD}\n{NO_SOLUTION}\n{'.' * 16}\n")
    out = tmp_path / "out.jsonl"
    r = run_cli("sudoku", "--file", puzzles, "--out", out)
    assert r.code == 1  # the worst status of the batch: one has no solution
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [rec["id"] for rec in records] == ["2", "3", "4"]  # the line numbers
    assert [rec["status"] for rec in records] == ["solved", "no_solution", "solved"]
    assert records[0]["solution"] == solve(HARD).solution.to_string()
    again = run_cli("sudoku", "--file", puzzles, "--out", out)
    assert again.code == 2 and "--force" in again.err  # results are never overwritten
    assert run_cli("sudoku", "--file", puzzles, "--out", puzzles, "--force").code == 2


def test_batch_in_two_processes_and_resumed(run_cli, tmp_path):
    puzzles = tmp_path / "many.txt"
    lines = [HARD, NO_SOLUTION, "." * 16, "11" + "." * 14, "1" + "." * 255]
    puzzles.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out.jsonl"
    r = run_cli("sudoku", "--file", puzzles, "--out", out, "--workers", "2", "--unique")
    assert r.code == 2  # one line is not a puzzle: reported in place, the rest solved
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [rec["id"] for rec in records] == ["1", "2", "3", "4", "5"]
    assert [rec["status"] for rec in records] == [
        "solved", "no_solution", "solved", "error", "solved",
    ]  # fmt: skip
    assert records[0]["unique"] is True and records[2]["unique"] is False
    assert "r1c1, r1c2" in records[3]["error"] and "line" not in records[3]["error"]
    kept = out.read_text().splitlines()[:2]
    out.write_text("\n".join(kept) + "\n")  # as if stopped after two
    again = run_cli("sudoku", "--file", puzzles, "--out", out, "--resume", "--unique")
    assert again.code == 2
    resumed = [json.loads(line) for line in out.read_text().splitlines()]
    assert [rec["id"] for rec in resumed] == ["1", "2", "3", "4", "5"]
    assert resumed[4]["solution"] == records[4]["solution"]


def test_batch_prints_one_line_per_puzzle(run_cli, tmp_path):
    puzzles = tmp_path / "many.txt"
    puzzles.write_text(f"{HARD}\n{'.' * 16}\n")
    r = run_cli("sudoku", "--file", puzzles, "--count", "--max-solutions", "3")
    assert r.code == 0  # stopping at --max-solutions is doing what was asked
    lines = r.out.splitlines()
    assert lines[0].split() == [solve(HARD).solution.to_string(), "1"]
    assert lines[1].split()[1] == "3"
    json_lines = run_cli("sudoku", "--file", puzzles, "--json").out.splitlines()
    assert [json.loads(line)["id"] for line in json_lines] == ["1", "2"]


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
        result = solve(rec["puzzle"], max_solutions=2)
        assert result.count == 1 and result.solution.to_string() == rec["solution"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["." * 80], "80 cells"),
        (["1x" + "." * 79], "column 2"),
        (["11" + "." * 79], "r1c1"),
        (["missing.txt"], "no such file"),
        (["solve", "x" * 300], "unknown character"),
        ([HARD, "--max-nodes", "-1"], "max_nodes"),
        ([HARD, "--out", "o.jsonl"], "--file"),
        (["--file", "p.txt", HARD], "not both"),
        (["--file", "p.txt", "--size", "30"], "sizes 1 to 25"),
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


def test_a_bundled_set_by_name_is_a_batch(run_cli, tmp_path):
    out = tmp_path / "hardest.jsonl"
    r = run_cli("sudoku", "solve", "--sample", "hardest", "--unique", "--out", out)
    assert r.code == 0, r.err
    records = [json.loads(line) for line in out.read_text().splitlines()]
    puzzles = bundled_puzzles("hardest")
    assert len(records) == len(puzzles) == 11 and all(rec["unique"] for rec in records)
    assert [rec["puzzle"] for rec in records] == [p.to_string() for p in puzzles]
    assert int(records[0]["id"]) > 1  # line numbers of the file, after its header comments


def test_batch_from_standard_input(run_cli, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(f"# two\n{HARD}\n{NO_SOLUTION}\n"))
    r = run_cli("sudoku", "--file", "-", "--json")
    records = [json.loads(line) for line in r.out.splitlines()]
    assert r.code == 1 and [(rec["id"], rec["status"]) for rec in records] == [
        ("2", "solved"), ("3", "no_solution"),
    ]  # fmt: skip
    monkeypatch.setattr("sys.stdin", io.StringIO("# nothing but a comment\n"))
    empty = run_cli("sudoku", "--file", "-")
    assert empty.code == 2 and "standard input: no puzzles found" in empty.err


def _without_times(record: dict) -> dict:
    shown = {k: v for k, v in record.items() if k != "elapsed_s"}
    if "stats" in shown:
        shown["stats"] = {k: v for k, v in shown["stats"].items() if k != "elapsed_s"}
    return shown


@pytest.mark.parametrize("flags", [["--unique"], ["--count", "--max-solutions", "3"], []])
def test_a_nine_by_nine_file_goes_through_solve_many_with_the_runners_records(
    run_cli, tmp_path, monkeypatch, flags
):
    from tansuo import sudoku
    from tansuo.batch import batch_domain, iter_results
    from tansuo.cli.sudoku import _max_solutions

    lines = ["# a mix, read a few lines at a time", ""]
    lines += [p.to_string() for p in bundled_puzzles("top95")[:12]]
    lines += [NO_SOLUTION, "11" + "." * 79, "." * 16, "x" * 81, " ".join(GUESSY), "." * 81]
    lines += ["." * 30 + "12" + "." * 49]  # many solutions
    puzzles = tmp_path / "mix.txt"
    puzzles.write_text("\r\n".join(lines) + "\r\n")
    calls = []
    real = sudoku.solve_many
    monkeypatch.setattr(sudoku, "solve_many", lambda *a, **k: calls.append(1) or real(*a, **k))
    monkeypatch.setattr("tansuo.sudoku.io.CHUNK_BYTES", 300)  # a chunk is three or four lines
    out = tmp_path / "fast.jsonl"
    fast = run_cli("sudoku", "--file", puzzles, "--out", out, *flags)
    assert len(calls) >= 5  # one kernel call a chunk
    adapter = batch_domain("sudoku")
    wanted = _max_solutions("--count" in flags, "--unique" in flags, 3 if "3" in flags else None)
    options = adapter.check_options({"max_solutions": wanted})
    slow = list(iter_results("sudoku", adapter.read(str(puzzles)), options))
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [_without_times(r) for r in records] == [_without_times(r) for r in slow]
    assert [r["id"] for r in records] == [str(n) for n in range(3, 3 + len(lines) - 2)]
    assert fast.code == 2  # the worst of the batch: lines that are no puzzle
    statuses = {r["status"] for r in records}
    assert statuses == {"solved", "no_solution", "error"}
    printed = run_cli("sudoku", "--file", puzzles, *flags)
    assert printed.out.splitlines()[0].split()[0] == solve(lines[2]).solution.to_string()
    assert "line 16: error: givens clash" in printed.out


def test_a_long_file_is_read_a_chunk_of_whole_lines_at_a_time(tmp_path):
    from tansuo.sudoku.io import iter_puzzle_chunks

    path = tmp_path / "big.txt"
    line = GUESSY + "\n"
    path.write_text(line * 200_000)
    sizes = [(first, len(data)) for first, data in iter_puzzle_chunks(str(path), 1 << 20)]
    assert len(sizes) == 16 and max(size for _, size in sizes) <= (1 << 20) + len(line)
    assert [first for first, _ in sizes][:2] == [1, 1 + (1 << 20) // len(line)]
    assert sum(size for _, size in sizes) == len(line) * 200_000


def test_the_command_loads_its_kernels_without_scipy_linalg(tmp_path):
    """numba's array functions are set up with scipy.linalg hidden, which stays importable."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from tansuo.cli import main\n"
        f"code = main(['sudoku', 'solve', '{HARD}', '--json'])\n"
        "print(code, 'scipy.linalg' in sys.modules)\n"
        "import scipy.linalg\n"
        "print(scipy.linalg.det([[2.0]]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    lines = done.stdout.strip().splitlines()
    assert json.loads(lines[0])["status"] == "solved"
    assert lines[1:] == ["0 False", "2.0"]


def test_a_file_of_puzzles_given_as_the_puzzle_points_to_file(run_cli, tmp_path):
    path = tmp_path / "two.txt"
    path.write_text("\n".join(p.to_string() for p in bundled_puzzles("top95")[:2]) + "\n")
    r = run_cli("sudoku", path)
    assert r.code == 2 and f"use --file {path}" in r.err
    assert len(r.err.strip().splitlines()) == 1
    assert run_cli("sudoku", "--file", path, "--json").code == 0  # as the hint says

"""``tansuo queens``: boards, counts, JSON, ranges as batches, bad input, budgets."""

from __future__ import annotations

import json

import pytest

from tansuo.queens import format_board, reference_solutions
from test_queens import BOOK_SOLVE_4, stacked_boards


def test_cli_prints_the_chapters_boards(run_cli):
    r = run_cli("queens", "4")
    assert r.code == 0
    boards = r.out.strip().split("\n\n")
    assert stacked_boards("\n".join(boards[:2]), 4) == stacked_boards(BOOK_SOLVE_4, 4)
    assert "2 solutions" in boards[-1]


def test_cli_count_unique_json(run_cli):
    r = run_cli("queens", "8", "--count")
    assert r.code == 0 and "92 solutions" in r.out
    r = run_cli("queens", "8", "--up-to-symmetry", "--json")
    data = json.loads(r.out)
    assert (data["status"], data["count"], data["up_to_symmetry"]) == ("solved", 12, True)
    r = run_cli("queens", "6", "--first", "2", "--json")
    data = json.loads(r.out)
    assert data["solutions"] == [list(s) for s in list(reference_solutions(6))[:2]]
    assert data["count"] is None
    r = run_cli("queens", "13", "--count", "--threads", "2")
    assert r.code == 0 and "73,712 solutions" in r.out and "2 threads" in r.out
    r = run_cli("queens", "12", "--count", "--threads", "1", "--json")
    assert json.loads(r.out)["stats"]["threads"] == 1


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
        ("61", "--count"),
        ("1000001",),
        ("eight",),
        ("8", "--first", "0"),
        ("8", "--count", "--first", "2"),
        ("8", "--workers", "2"),
        ("8", "--count", "--workers", "2"),
        ("8", "--threads", "2"),
        ("8", "--count", "--threads", "0"),
        ("8", "--count", "--threads", "300"),
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


def test_cli_ranges_run_as_a_batch(run_cli, tmp_path):
    r = run_cli("queens", "4-9", "--count", "--json")
    assert r.code == 0
    records = [json.loads(line) for line in r.out.splitlines()]
    assert [(rec["id"], rec["count"]) for rec in records] == [
        ("4", 2),
        ("5", 10),
        ("6", 4),
        ("7", 40),
        ("8", 92),
        ("9", 352),
    ]
    out = tmp_path / "counts.jsonl"
    r = run_cli("queens", "6,8", "--up-to-symmetry", "--out", out)
    assert r.code == 0 and "solved" in r.out
    assert [json.loads(line)["count"] for line in out.read_text().splitlines()] == [1, 12]
    r = run_cli("queens", "4-5", "--first", "1")
    assert r.code == 0 and format_board((1, 3, 0, 2)) in r.out
    r = run_cli("queens", "2-3", "--count")
    assert r.code == 1  # proved: no solutions for 2 and 3

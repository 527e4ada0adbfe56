"""``tansuo sliding``: one board, a file of boards, pictures, and the build command."""

from __future__ import annotations

import json
from pathlib import Path

from tansuo.sliding import play

KORF = "/work/shared/data/korf100.txt"


def test_one_board_prints_moves_that_replay(run_cli):
    run = run_cli("sliding", "1 2 3 / 4 _ 6 / 7 5 8", "--show")
    assert run.code == 0, run.err
    assert "2 moves, optimal" in run.out
    lurd = next(line for line in run.out.splitlines() if line.startswith("blank: ")).split()[1]
    assert play((1, 2, 3, 4, 0, 6, 7, 5, 8), (3, 3), lurd) == (1, 2, 3, 4, 5, 6, 7, 8, 0)


def test_goal_blank_first_and_json(run_cli):
    run = run_cli("sliding", "1 0 2 3 4 5 6 7 8", "--goal", "blank-first", "--json")
    record = json.loads(run.out)
    assert run.code == 0 and record["lurd"] == "L" and record["solution"] == [1]
    assert record["optimal"] is True and record["goal"] == list(range(9))


def test_rectangle_and_weighted(run_cli):
    run = run_cli("sliding", "2x4: 5 1 2 3 0 6 7 4", "--weight", "1.5", "--json")
    record = json.loads(run.out)
    assert run.code == 0 and record["optimal"] is False and record["bound"] == 1.5
    assert play(tuple(record["start"]), (2, 4), record["lurd"]) == tuple(record["goal"])


def test_file_batch_in_input_order_with_known_lengths(run_cli, tmp_path):
    lines = Path(KORF).read_text().splitlines()
    korf = [line for line in lines if line and not line.startswith("#")]
    easy = [line for line in korf if line.split()[0] in ("4", "2")]
    path = tmp_path / "boards.txt"
    unsolvable = "1 0 2 3 4 5 6 7 8 9 10 11 12 13 15 14"
    path.write_text("# a few\n#\n#\n#\n#\n" + "\n".join(easy) + f"\n{unsolvable}\n")
    run = run_cli(
        "sliding", "--file", path, "--goal", "blank-first", "--json", "--heuristic", "5-5-5"
    )
    records = [json.loads(line) for line in run.out.splitlines()]
    assert [r["id"] for r in records] == ["2", "4", "8"]
    assert [r["status"] for r in records] == ["solved", "solved", "no_solution"]
    assert records[0]["cost"] == records[0]["known"] == 55
    assert run.code == 1


def test_file_batch_table(run_cli, tmp_path):
    path = tmp_path / "boards.txt"
    path.write_text("1 2 3 4 5 6 0 7 8\n8 6 7 2 5 4 3 0 1\n")
    run = run_cli("sliding", "--file", path)
    assert run.code == 0, run.err
    assert "31 moves, optimal" in run.out and "solved" in run.out


def test_render_and_animate(run_cli, tmp_path):
    from PIL import Image

    png, gif = tmp_path / "b.png", tmp_path / "b.gif"
    run = run_cli("sliding", "1 2 3 4 0 6 7 5 8", "--render", png, "--animate", gif)
    assert run.code == 0, run.err
    assert Image.open(png).format == "PNG"
    with Image.open(gif) as animation:
        assert animation.n_frames == 3
    again = run_cli("sliding", "1 2 3 4 0 6 7 5 8", "--render", png)
    assert again.code == 2  # no overwrite without --force


def test_build_pdb_command(run_cli):
    run = run_cli("sliding", "build-pdb", "exact")
    assert run.code == 2  # exact tables are for small boards, not the 15-puzzle databases
    run = run_cli("sliding", "build-pdb", "5-5-5", "--goal", "blank-first")
    assert run.code == 0, run.err
    assert "5-5-5" in run.out


def test_build_pdb_says_size_and_time_first(run_cli, tmp_path, monkeypatch):
    monkeypatch.setenv("TANSUO_CACHE", str(tmp_path))
    run = run_cli("sliding", "build-pdb", "5-5-5")
    assert run.code == 0, run.err
    for group in (1, 2, 3):  # a line for each table, then its bar
        assert f"5-5-5, group {group} of 3 (5 tiles) (once, then cached): 0.5 M" in run.err
    assert "of CPU" in run.err and "level" in run.err and "5-5-5: built in" in run.out
    again = run_cli("sliding", "build-pdb", "5-5-5")
    assert "5-5-5: already cached" in again.out and "placements" not in again.err


def test_weighted_astar_on_the_command_line(run_cli):
    board = "8 6 7 2 5 4 3 0 1"
    run = run_cli("sliding", board, "--algo", "weighted-astar", "--weight", "2", "--json")
    record = json.loads(run.out)
    assert run.code == 0, run.err
    assert record["algorithm"] == "weighted-astar" and record["bound"] == 2.0  # one name
    assert 31 <= record["cost"] <= 62
    old = run_cli("sliding", board, "--algo", "wastar", "--weight", "2", "--json")
    assert old.code == 0 and json.loads(old.out)["cost"] == record["cost"]
    assert "now spelled --algo weighted-astar" in old.err


def test_build_pdb_has_its_own_help(run_cli):
    run = run_cli("sliding", "build-pdb", "--help")
    assert run.code == 0 and "pattern databases" in run.out
    assert "--animate" not in run.out  # not the solve command's help
    slow = run_cli("sliding", "solve", "1 2 3 4 5 6 0 7 8")
    assert slow.code == 0 and "0.0 M nodes/s" not in slow.out


def test_zones_algorithm_gives_a_solution(run_cli):
    run = run_cli(
        "sliding",
        "1 5 2 3 / 4 0 9 7 / 8 10 6 11 / 12 13 14 15",
        "--algo",
        "zones",
        "--goal",
        "blank-first",
        "--json",
    )
    record = json.loads(run.out)
    assert run.code == 0, run.err
    assert play(tuple(record["start"]), (4, 4), record["lurd"]) == tuple(range(16))


def test_workers_through_the_batch_runner(run_cli, tmp_path):
    path = tmp_path / "boards.txt"
    path.write_text("1 2 3 4 5 6 0 7 8\n8 6 7 2 5 4 3 0 1\n2 1 3 4 5 6 7 8 0\n")
    run = run_cli("sliding", "--file", path, "--workers", "2", "--json")
    records = [json.loads(line) for line in run.out.splitlines()]
    assert [r["id"] for r in records] == ["1", "2", "3"]
    assert [r["cost"] for r in records] == [2, 31, None]
    assert run.code == 1


def test_file_into_out_then_resume(run_cli, tmp_path):
    boards = tmp_path / "boards.txt"
    boards.write_text("1 2 3 4 5 6 0 7 8\n2 1 3 4 5 6 7 8 0\n8 6 7 2 5 4 3 0 1\n")
    out = tmp_path / "out.jsonl"
    first = run_cli("sliding", "--file", str(boards), "--out", str(out))
    assert first.code == 1  # one board is proved unsolvable
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["id"], r["status"], r["cost"]) for r in records] == [
        ("1", "solved", 2), ("2", "no_solution", None), ("3", "solved", 31),
    ]  # fmt: skip
    before = out.read_text()
    again = run_cli("sliding", "--file", str(boards), "--out", str(out), "--resume")
    assert again.code == 0 and out.read_text() == before  # nothing left to solve
    bad = run_cli("sliding", "1 2 3 4 5 6 0 7 8", "--out", str(tmp_path / "x.jsonl"))
    assert bad.code == 2 and "--file" in bad.err

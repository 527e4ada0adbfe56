"""``tansuo xiangqi``: perft, bestmove, play, match, ucci; exit codes and bad input."""

from __future__ import annotations

import io
import json

import pytest

from tansuo.xiangqi import parse_iccs, parse_position

MATED_FEN = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1 moves b0b9"


def test_perft(run_cli):
    run = run_cli("xiangqi", "perft", "startpos", "3")
    assert run.code == 0 and "perft(3) = 79,666" in run.out
    run = run_cli("xiangqi", "perft", "cpw-2", "2", "--json")
    data = json.loads(run.out)
    assert run.code == 0 and data["nodes"] == data["solution"] == 1128
    assert data["status"] == "solved" and data["fen"].startswith("r1ba1a3")
    run = run_cli("xiangqi", "perft", "startpos moves h2e2", "1", "--divide")
    replies = len(parse_position("startpos moves h2e2").legal_moves())
    assert run.code == 0 and run.out.count("\n") == replies + 1  # one line each, and the total
    assert f"perft(1) = {replies}" in run.out


def test_perft_budget_spent_exits_3(run_cli):
    run = run_cli("xiangqi", "perft", "startpos", "4", "--max-nodes", "5000")
    assert run.code == 3 and "stopped early" in run.out and "max_nodes" in run.out


def test_bestmove(run_cli):
    run = run_cli("xiangqi", "bestmove", "startpos", "--depth", "4")
    assert run.code == 0 and run.out.startswith("bestmove ")
    move = run.out.split()[1]
    assert parse_iccs(move) in parse_position("startpos").legal_moves()
    assert "score" in run.out and "line:" in run.out
    run = run_cli("xiangqi", "bestmove", "startpos moves h2e2", "--depth", "3", "--json")
    data = json.loads(run.out)
    assert run.code == 0 and data["depth"] == 3 and data["pv"][0] == data["move"]
    assert data["move_chinese"] and data["move_wxf"]


def test_bestmove_time_limit_and_game_over(run_cli, tmp_path):
    # a move chosen within its time is an answer: exit 0, not 3 (a budget that left no answer)
    run = run_cli("xiangqi", "bestmove", "startpos", "--time-limit", "0.3")
    assert run.code == 0 and run.out.startswith("bestmove ") and "time_limit" in run.out
    run = run_cli("xiangqi", "bestmove", "startpos", "--time-limit", "0.3", "--json")
    assert run.code == 0 and json.loads(run.out)["move"]
    run = run_cli("xiangqi", "bestmove", MATED_FEN, "--depth", "3")
    assert run.code == 1 and "checkmate" in run.out
    picture = tmp_path / "board.png"
    run = run_cli("xiangqi", "bestmove", "startpos", "--depth", "2", "--render", str(picture))
    assert run.code == 0 and picture.stat().st_size > 1000


def test_position_from_a_file(run_cli, tmp_path):
    fen = tmp_path / "game.fen"
    fen.write_text("# a comment\nstartpos moves h2e2 h7e7\n", encoding="utf-8")
    run = run_cli("xiangqi", "perft", str(fen), "1")
    assert run.code == 0 and "perft(1) = " in run.out


@pytest.mark.parametrize(
    "args",
    [
        ("perft", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w", "2"),
        ("perft", "startpos moves h2h8", "2"),
        ("perft", "no/such/file.fen", "2"),
        ("perft", "startpos", "-1"),
        ("perft", "startpos", "21"),
        ("perft", "startpos", "2", "--time-limit", "-1"),
        ("perft", "startpos", "2", "--max-nodes", "-5"),
        ("bestmove", "startpos", "--depth", "0"),
        ("bestmove", "startpos", "--time-limit", "-2"),
        ("bestmove", "startpos", "--max-memory", "0"),
        ("bestmove", "startpos", "--hash", "0"),  # the old name of --max-memory, in MB
        ("bestmove", "startpos", "--hash", "4", "--max-memory", "4M"),
        ("bestmove", "startpos", "--max-memory", "lots"),
        ("bestmove", "startpos", "--render", "/no/such/folder/x.png"),
        ("match", "tansuo", "tansuo:warp=9", "--games", "1"),
        ("match", "tansuo", "tansuo", "--games", "0"),
        ("match", "tansuo", "ucci:/no/such/engine", "--games", "1", "--time-limit", "0.1"),
        ("match", "tansuo", "tansuo", "--openings", "/no/such/file.txt"),
        ("match", "tansuo", "tansuo", "--random-plies", "99"),
        ("match", "tansuo", "tansuo", "--resume"),
        ("match", "tansuo", "tansuo", "--resign-scores", "900"),
        ("match", "tansuo", "tansuo", "--resign-scores", "900,0"),
        ("book", "grow", "/no/such/dir/book.txt", "--plies", "0"),
        ("ucci", "--max-memory", "0"),
        ("ucci", "--max-memory", "5G"),
        ("play", "--side", "green"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(run_cli, args):
    run = run_cli("xiangqi", *args)
    assert run.code == 2, (run.out, run.err)
    assert "Traceback" not in run.err
    # Our own checks say it in one line; the argument parser's usage errors in its own words.
    assert run.err.count("\n") == 1 or run.err.startswith("Usage:")


def test_bad_files_exit_2(run_cli, tmp_path):
    empty = tmp_path / "empty.fen"
    empty.write_text("", encoding="utf-8")
    binary = tmp_path / "binary.fen"
    binary.write_bytes(b"\x00\x01\x02")
    latin = tmp_path / "latin.fen"
    latin.write_bytes("startpos é".encode("latin-1"))
    for path in (empty, binary, latin, tmp_path):
        run = run_cli("xiangqi", "perft", str(path), "1")
        assert run.code == 2 and run.err.count("\n") == 1, (path, run.err)
    existing = tmp_path / "exists.png"
    existing.write_bytes(b"x")
    run = run_cli("xiangqi", "bestmove", "startpos", "--depth", "1", "--render", str(existing))
    assert run.code == 2 and "--force" in run.err


def test_play_in_the_terminal(run_cli, monkeypatch):
    answers = iter(["h2h8", "炮二平五", "undo", "fen", "h2e2", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    run = run_cli("xiangqi", "play", "--depth", "2", "--ascii")
    assert run.code == 0
    assert "not played" in run.out  # h2h8 is illegal
    assert "engine: " in run.out and "R N B A K A B N R" in run.out


def test_play_as_black_the_engine_moves_first(run_cli, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    run = run_cli("xiangqi", "play", "--side", "black", "--depth", "1")
    assert run.code == 0 and run.out.count("engine: ") == 1 and "俥" in run.out


def test_match(run_cli, tmp_path):
    out = tmp_path / "games.jsonl"
    run = run_cli(
        "xiangqi", "match", "tansuo:depth=2", "tansuo:depth=1,plain", "--games", "2",
        "--max-plies", "40", "--out", str(out),
    )  # fmt: skip
    assert run.code == 0 and "in 2 games" in run.out and "Elo" in run.out
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 2 and records[0]["red"] == records[1]["black"]
    run = run_cli("xiangqi", "match", "tansuo:nodes=500", "tansuo:nodes=500", "--games", "1",
                  "--max-plies", "10", "--json")  # fmt: skip
    summary = json.loads(run.out)
    assert summary["games"] == 1 and summary["failures"] == {"illegal": 0, "time": 0, "crash": 0}
    run = run_cli("xiangqi", "match", "tansuo:depth=1", "tansuo:depth=1", "--games", "2",
                  "--max-plies", "4", "--random-plies", "6", "--seed", "3", "--json",
                  "--workers", "2")  # fmt: skip
    assert run.code == 0 and json.loads(run.out)["games"] == 2


def test_ucci_command_reads_stdin(run_cli, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("ucci\nisready\nposition startpos\nquit\n"))
    run = run_cli("xiangqi", "ucci", "--max-memory", "4M")
    assert run.code == 0
    lines = run.out.splitlines()
    assert "ucciok" in lines and "readyok" in lines and lines[-1] == "bye"


def test_demo_runs(capsys):
    from rich.console import Console

    from tansuo.cli.xiangqi import demo

    demo(Console(file=io.StringIO()))
    console = Console(record=True, file=io.StringIO())
    demo(console)
    text = console.export_text()
    assert "79,666" in text and "bestmove" in text

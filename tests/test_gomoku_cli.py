"""``tansuo gomoku``: vcf, vct, analyse, play and the demo, through the real command line."""

from __future__ import annotations

import json

from tansuo.gomoku.io import parse_position


def test_vcf_prints_the_sequence_and_exits_0(run_cli):
    run = run_cli("gomoku", "vcf", "15 h8 a1 i8 a3 j8 a5")
    assert run.code == 0, run.err
    assert "VCF for black: g8 f8 k8" in run.out
    assert "replayed: ends in five" in run.out


def test_vcf_none_exits_1_and_json(run_cli):
    run = run_cli("gomoku", "vcf", "15 h8 i9 h10 g9 j8 i8", "--json")
    assert run.code == 1
    record = json.loads(run.out)
    assert record["status"] == "no_solution" and 1 <= record["stats"]["depth"] <= 30


def test_a_proved_no_vcf_does_not_read_as_a_depth_limit(run_cli):
    run = run_cli("gomoku", "vcf", "15 h8 i9")  # no four to make: none of any length
    assert run.code == 1
    assert "of any length" in run.out and "attacker moves" not in run.out
    assert "1 node in" in run.out  # not "1 nodes"


def test_analyse_says_a_book_move_is_one(run_cli):
    run = run_cli("gomoku", "analyse", "15 h8 i9")
    assert run.code == 0, run.err
    assert "opening book" in run.out and "depth 0" not in run.out
    run = run_cli("gomoku", "analyse", "15 h8 i9", "--json")
    assert json.loads(run.out)["book"] is True
    run = run_cli("gomoku", "analyse", "15 h8 i9", "--no-threats", "--depth", "2", "--json")
    assert json.loads(run.out)["book"] is False


def test_analyse_exit_0_with_a_move_3_without(run_cli):
    position = "15 h8 a1 i9 a15 j10"  # not in the book
    run = run_cli("gomoku", "analyse", position, "--time-limit", "0.3", "--json")
    assert run.code == 0 and json.loads(run.out)["move"]
    run = run_cli("gomoku", "analyse", position, "--max-nodes", "1", "--json")
    assert run.code == 3 and json.loads(run.out)["move"] is None


def test_match_summary_never_reads_elo_minus_zero_or_infinity():
    from tansuo.gomoku.match import MatchResult

    assert "too few games" in MatchResult("a", "b", wins=1).summary()
    assert "Elo +0 +/- " in MatchResult("a", "b", wins=1000, losses=1002).summary()


def test_vct_from_a_file_for_white(run_cli, tmp_path):
    path = tmp_path / "pos.txt"
    path.write_text("# white to wait\n15 a1 h8 a3 i9 a5 h9 a15\n")
    run = run_cli("gomoku", "vct", str(path), "--attacker", "white")
    assert run.code == 0, run.err
    assert "VCT for white" in run.out


def test_analyse_shows_move_score_and_line(run_cli):
    run = run_cli("gomoku", "analyse", "15 h8 a1 i8 a2 j8 a3 k8", "--time-limit", "1")
    assert run.code == 0, run.err
    assert "bestmove g8" in run.out or "bestmove l8" in run.out
    assert "score" in run.out and "line:" in run.out


def test_play_in_the_terminal(run_cli, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("h8\nh8\nundo\nj10\nquit\n"))
    run = run_cli("gomoku", "play", "--size", "9", "--time-limit", "0.2")
    assert run.code == 0, run.err
    assert "illegal: h8 is occupied" in run.out
    assert "engine plays" in run.out


def test_demo_shows_a_vcf():
    from rich.console import Console

    from tansuo.cli.gomoku import demo

    console = Console(record=True, width=100)
    demo(console)
    text = console.export_text()
    assert "VCF:" in text and "replayed: five in a row" in text


def test_match_reports_elo_and_faults(run_cli, tmp_path):
    openings = tmp_path / "openings.txt"
    openings.write_text("# two openings\n15 h8 i9\n15 h8 h9 j10\n")
    games = tmp_path / "games.txt"
    run = run_cli(
        "gomoku", "match", "tansuo", "tansuo:nothreats", "--games", "2",
        "--openings", str(openings), "--time-limit", "0.05", "--json",
        "--first-opening", "1", "--out", str(games),
    )  # fmt: skip
    assert run.code == 0, run.err
    record = json.loads(run.out)
    assert record["games"] == 2 and record["wins"] + record["losses"] + record["draws"] == 2
    assert record["illegal"] == record["timeouts"] == record["crashes"] == 0
    # both games started from the second opening, and each record replays to its end
    lines = games.read_text().splitlines()
    assert [line.split(":")[0] for line in lines] == ["game 1", "game 2"]
    assert lines[0].split()[2] == "black" and lines[1].split()[2] == "white"
    wins = 0
    for line in lines:
        position = line.split("): ", 1)[1]
        assert position.startswith("15 freestyle h8 h9 j10 ")
        board = parse_position(position)
        assert board.is_terminal()
        first = 1 if " black " in line else 2
        wins += " won " in line
        assert (" won " in line) == (board.winner == first)
    assert wins == record["wins"]
    again = run_cli("gomoku", "match", "tansuo", "tansuo", "--games", "1", "--out", str(games))
    assert again.code == 2 and "exists" in again.err
    old = run_cli("gomoku", "match", "tansuo", "tansuo", "--games", "1", "--save", str(games))
    assert old.code == 2 and "exists" in old.err  # --save, the old name, still means --out


def test_a_node_budget_too_big_for_the_kernels_is_one_line_and_exit_2(run_cli):
    run = run_cli("gomoku", "vct", "15 h8", "--max-nodes", "99999999999999999999")
    assert run.code == 2
    assert run.err.count("\n") == 1 and "max_nodes must be at most" in run.err

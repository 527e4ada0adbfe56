"""``tansuo play``: analysis of reference-game positions from the command line."""

from __future__ import annotations

import json

import pytest

from tansuo.adversarial import MATE, minimax
from tansuo.adversarial.games import ConnectFour


def test_play_connect4_json_agrees_with_minimax(run_cli):
    r = run_cli("play", "connect4", "--moves", "4453", "--depth", "4", "--json")
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert out["status"] == "solved" and out["depth"] == 4
    assert out["score"] == minimax(ConnectFour.from_moves("4453"), 4).score
    assert out["move"] == out["pv"][0] and out["move"] in list("1234567")
    for key in ("nodes", "elapsed_s", "nps", "tt_hit_rate"):
        assert key in out["stats"]


def test_play_finds_the_win_and_prints_a_line(run_cli):
    r = run_cli("play", "connect4", "-m", "4455", "-d", "6")
    assert r.code == 0
    assert "win in 3" in r.out and "best move" in r.out
    assert "depth  1" in r.out  # one line per iteration


def test_play_tictactoe_board_and_moves(run_cli):
    r = run_cli("play", "tictactoe", "--json")
    assert r.code == 0 and json.loads(r.out)["score"] == 0 and json.loads(r.out)["exact"]
    r = run_cli("play", "tictactoe", "--board", "xx. oo. ...", "--json")
    out = json.loads(r.out)
    assert out["move"] == "3" and out["score"] == MATE - 1 and out["mate"] == 1
    r = run_cli("play", "tictactoe", "--moves", "1425", "--json")
    assert json.loads(r.out)["move"] == "3"  # the same position, reached by moves


def test_play_time_budget_is_exit_3_with_a_move(run_cli):
    r = run_cli("play", "connect4", "--time", "0.2", "--json")
    assert r.code == 3
    out = json.loads(r.out)
    assert out["status"] == "limit" and out["move"] in list("1234567")


def test_play_finished_game_is_exit_1(run_cli):
    r = run_cli("play", "tictactoe", "--board", "xxx oo. ...")
    assert r.code == 1 and "over" in r.out


@pytest.mark.parametrize(
    "args",
    [
        ("play", "connect4", "--moves", "44x"),
        ("play", "connect4", "--moves", "1111111"),
        ("play", "connect4", "--width", "12"),
        ("play", "connect4", "--board", "x........"),
        ("play", "tictactoe", "--board", "xx"),
        ("play", "tictactoe", "--moves", "11"),
        ("play", "tictactoe", "--depth", "-3"),
        ("play", "tictactoe", "--depth", "0"),
        ("play", "tictactoe", "--time", "-1"),
        ("play", "connect4", "--nodes", "0"),
        ("play", "connect4", "--depth", "300"),
        ("play", "chess"),
    ],
)
def test_play_bad_input_is_one_line_exit_2(run_cli, args):
    r = run_cli(*args)
    assert r.code == 2
    assert "Traceback" not in r.err and r.err.strip()


def test_demo_runs(run_cli):
    from rich.console import Console

    from tansuo.cli.play import demo

    console = Console(record=True, width=120)
    demo(console)
    text = console.export_text()
    assert "tic-tac-toe" in text and "Connect Four" in text


def test_bench_suite_quick_runs_verify():
    from tansuo.bench import BenchContext, discover

    suites = discover()
    result = suites["adversarial-c4-shallow"].func(BenchContext(quick=True))
    solvers = {run.solver for run in result.runs}
    assert {"tansuo minimax", "tansuo alphabeta", "tansuo search", "easyAI"} <= solvers
    assert all(run.verified for run in result.runs)
    by_name = {run.solver: run for run in result.runs}
    # easyAI without its table searches the same tree as tansuo's alphabeta
    assert by_name["easyAI (no table)"].nodes == by_name["tansuo alphabeta"].nodes
    assert by_name["tansuo alphabeta"].nodes * 5 < by_name["tansuo minimax"].nodes

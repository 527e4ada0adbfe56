"""``tansuo analyse``: analysis of reference-game positions from the command line."""

from __future__ import annotations

import json

import pytest

from tansuo.adversarial import MATE, minimax
from tansuo.adversarial.games import ConnectFour


def test_play_connect4_json_agrees_with_minimax(run_cli):
    r = run_cli("analyse", "connect4", "--moves", "4453", "--depth", "4", "--json")
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert out["status"] == "solved" and out["depth"] == 4
    assert out["score"] == minimax(ConnectFour.from_moves("4453"), 4).score
    assert out["move"] == out["pv"][0] and out["move"] in list("1234567")
    for key in ("nodes", "elapsed_s", "nodes_per_s", "tt_hit_rate", "expanded", "generated"):
        assert key in out["stats"]


def test_play_finds_the_win_and_prints_a_line(run_cli):
    r = run_cli("analyse", "connect4", "-m", "4455", "-d", "6")
    assert r.code == 0
    assert "win in 3" in r.out and "best move" in r.out
    assert "depth  1" in r.out  # one line per iteration


def test_play_tictactoe_board_and_moves(run_cli):
    r = run_cli("analyse", "tictactoe", "--json")
    assert r.code == 0 and json.loads(r.out)["score"] == 0 and json.loads(r.out)["exact"]
    r = run_cli("analyse", "tictactoe", "--board", "xx. oo. ...", "--json")
    out = json.loads(r.out)
    assert out["move"] == "3" and out["score"] == MATE - 1 and out["mate"] == 1
    r = run_cli("analyse", "tictactoe", "--moves", "1425", "--json")
    assert json.loads(r.out)["move"] == "3"  # the same position, reached by moves


def test_a_move_chosen_within_the_time_is_exit_0(run_cli):
    r = run_cli("analyse", "connect4", "--time-limit", "0.2", "--json")
    assert r.code == 0  # a move chosen within its time is an answer, as in gomoku/xiangqi
    out = json.loads(r.out)
    assert out["status"] == "limit" and out["move"] in list("1234567")


def test_play_is_the_old_name_of_analyse(run_cli):
    r = run_cli("play", "tictactoe", "--board", "xx. oo. ...", "--json")
    assert r.code == 0 and json.loads(r.out)["move"] == "3"


def test_play_finished_game_is_exit_1(run_cli):
    r = run_cli("analyse", "tictactoe", "--board", "xxx oo. ...")
    assert r.code == 1 and "over" in r.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("analyse", "connect4", "--moves", "44x"), "move 3: 'x' is not a column"),
        (("analyse", "connect4", "--moves", "1111111"), "column 1 is full"),
        (("analyse", "connect4", "--moves", "11223344"), "the game is already over"),
        (("analyse", "connect4", "--width", "12"), "width must be between 1 and 9"),
        (("analyse", "connect4", "--board", "x........"), "a board is for tictactoe"),
        (("analyse", "tictactoe", "--board", "xx"), "9 cells"),
        (("analyse", "tictactoe", "--moves", "11"), "cell 1 is already taken"),
        (("analyse", "tictactoe", "--moves", "1425369"), "the game is already over"),
        (("analyse", "tictactoe", "--depth", "-3"), "--depth must be between"),
        (("analyse", "tictactoe", "--depth", "0"), "--depth must be between"),
        (("analyse", "tictactoe", "--time-limit", "-1"), "time_limit must be a number of seconds"),
        (("analyse", "tictactoe", "--time-limit", "0"), "--time-limit must be > 0"),
        (("analyse", "connect4", "--max-nodes", "0"), "--max-nodes must be at least 1"),
        (("analyse", "connect4", "--max-nodes", "-5"), "max_nodes must be a whole number"),
        (("analyse", "connect4", "--depth", "300"), "--depth must be between"),
        (("analyse", "chess"), "unknown game 'chess'; choose one of: connect4, tictactoe"),
    ],
)
def test_play_bad_input_is_one_line_exit_2(run_cli, args, message):
    r = run_cli(*args)
    assert r.code == 2
    assert "Traceback" not in r.err
    assert len(r.err.strip().splitlines()) == 1 and message in r.err, r.err


def test_a_node_budget_that_leaves_a_move_is_exit_0(run_cli):
    r = run_cli("analyse", "connect4", "--max-nodes", "300", "--depth", "12", "--json")
    assert r.code == 0
    out = json.loads(r.out)
    assert out["stats"]["limit"] == "max_nodes" and out["stats"]["nodes"] <= 300
    assert out["move"] in list("1234567")


def test_demo_runs(run_cli):
    from rich.console import Console

    from tansuo.cli.play import demo

    console = Console(record=True, width=120)
    demo(console)
    text = console.export_text()
    assert "tic-tac-toe" in text and "Connect Four" in text

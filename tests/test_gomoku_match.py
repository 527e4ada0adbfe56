"""Matches over the protocol: a child-process brain, the referee, the Elo arithmetic."""

from __future__ import annotations

import math
import sys

from tansuo.gomoku.match import MatchResult, balanced_openings, run_match


def test_elo_of_a_score():
    even = MatchResult("a", "b", wins=5, losses=5)
    assert even.elo == 0 and math.isfinite(even.elo_error)
    strong = MatchResult("a", "b", wins=75, losses=25)
    assert round(strong.elo) == 191
    assert strong.elo_error < MatchResult("a", "b", wins=3, losses=1).elo_error


def test_child_process_brain_plays_legal_games():
    brain = f"{sys.executable} -m tansuo.gomoku.protocol"
    result = run_match("tansuo", brain, games=2, move_time=0.05, size=9)
    assert result.games == 2
    assert result.illegal == result.timeouts == result.crashes == 0, result.faults


def test_balanced_openings_are_four_stones_black_to_move_and_distinct():
    from tansuo.gomoku.io import parse_position

    openings = balanced_openings(3, seed=7)
    boards = [parse_position(text) for text in openings]
    assert len(set(openings)) == 3
    assert all(len(b.history) == 4 and b.side_to_move == 1 for b in boards)
    assert all(not b.five_points(1) and not b.five_points(2) for b in boards)


def test_time_odds_give_each_brain_its_own_clock():
    result = run_match(
        "tansuo:nothreats", "tansuo", games=2, move_time=0.05, second_time=0.1, size=9
    )
    assert result.games == 2 and result.timeouts == 0, result.faults


def test_bundled_openings_by_name():
    from tansuo.gomoku.match import read_openings

    renju = read_openings("renju26")
    assert len(renju) == len(set(renju)) == 26
    assert all(text.split()[1:3] in (["h8", "h9"], ["h8", "i9"]) for text in renju)
    assert len(set(read_openings("balanced"))) == 50


def test_a_node_budget_is_sent_as_info_max_node():
    import pytest

    from tansuo.errors import InvalidInput
    from tansuo.gomoku.match import Player, play_game, split_spec

    assert split_spec("pbrain-x --flag nodes=10_000") == (["pbrain-x", "--flag"], 10_000)
    assert split_spec("'my brain' a") == (["my brain", "a"], None)
    for bad in ("", "nodes=5", "x nodes=0", "x nodes=ten", "'x"):
        with pytest.raises(InvalidInput):
            split_spec(bad)
    with pytest.raises(InvalidInput, match="empty brain command"):
        Player(" ")
    held = Player("tansuo:nothreats nodes=300")
    free = Player("tansuo:nothreats")
    assert held.brain is not None and held.max_node == 300
    play_game(held, free, "", move_time=0.1, size=9, rule="freestyle")
    assert held.brain.max_node == 300 and 0 < held.brain.last_nodes <= 300 + 1024
    assert free.brain is not None and free.brain.max_node is None

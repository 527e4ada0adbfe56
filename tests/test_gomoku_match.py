"""Matches over the protocol: a child-process brain, the referee, the Elo arithmetic."""

from __future__ import annotations

import math
import sys

from tansuo.gomoku.match import MatchResult, run_match


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

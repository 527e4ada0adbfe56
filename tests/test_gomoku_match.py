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


# The referee's grace in the match tests below: a 0.05 s move took over a
# second of wall time on a loaded machine (a process that is not scheduled),
# which is the machine's doing, not the brain's. The time control itself is
# tested by the protocol tests (a move within its turn and match clocks).
LOADED_GRACE_S = 10.0


def test_child_process_brain_plays_legal_games():
    # both held to a few nodes a move as well: short games, the same dialogue
    brain = f"{sys.executable} -m tansuo.gomoku.protocol nodes=3000"
    result = run_match(
        "tansuo nodes=3000", brain, games=2, move_time=0.05, size=9, grace=LOADED_GRACE_S
    )
    assert result.games == 2
    assert result.illegal == result.timeouts == result.crashes == 0, result.faults


def test_balanced_openings_are_four_stones_black_to_move_and_distinct():
    from tansuo.gomoku.io import parse_position

    openings = balanced_openings(3, seed=7)
    boards = [parse_position(text) for text in openings]
    assert len(set(openings)) == 3
    assert all(len(b.history) == 4 and b.side_to_move == 1 for b in boards)
    assert all(not b.five_points(1) and not b.five_points(2) for b in boards)


def test_time_odds_give_each_brain_its_own_clock(monkeypatch):
    from tansuo.gomoku import match

    # every game tells each brain its own turn time, whichever colour it plays
    clocks = []
    play = match.play_game

    def recorded(black, white, opening, **kw):
        clocks.append({black.spec: kw["move_time"], white.spec: kw["white_time"]})
        winner = play(black, white, opening, **kw)
        told = {p.spec: p.brain.timeout_turn for p in (black, white) if p.brain is not None}
        assert told == {"tansuo:nothreats": 20, "tansuo": 40}
        return winner

    monkeypatch.setattr(match, "play_game", recorded)
    result = run_match(
        "tansuo:nothreats",
        "tansuo",
        games=2,
        move_time=0.02,
        second_time=0.04,
        size=9,
        grace=LOADED_GRACE_S,
    )
    assert result.games == 2 and result.timeouts == 0, result.faults
    assert clocks == [{"tansuo:nothreats": 0.02, "tansuo": 0.04}] * 2


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


# A judge that answers as Rapfi does, race included: for a moment after its
# move it is still "thinking" and drops a command (reporting it unknown), so the
# referee must let it settle before the next position's START.
FAKE_JUDGE = r"""
import sys, time
stones = 0
busy = 0.0
for line in sys.stdin:
    words = line.replace(",", " ").split()
    word = words[0].upper() if words else ""
    if time.monotonic() < busy and word != "END":
        print(f"ERROR Unknown command: {word}", flush=True)
        continue
    if word == "ABOUT":
        print('name="judge"', flush=True)
    elif word == "BOARD":
        stones = 0
    elif word.isdigit():
        stones += 1
    elif word == "DONE":
        # an odd number of stones: white to move, and lost (a mate in 7)
        ev = "-M7" if stones % 2 else "42"
        print(f"MESSAGE Speed 1K | Depth 3-5 | Eval {ev} | Node 9 | Time 0ms", flush=True)
        print("MESSAGE Bestline A1", flush=True)
        print("0,0", flush=True)
        busy = time.monotonic() + 0.03
    elif word == "END":
        break
"""


def test_a_judge_brain_scores_positions_from_its_eval_messages():
    import shlex

    from tansuo.gomoku.match import MATE_SCORE, judge_positions, parse_eval

    assert parse_eval(["MESSAGE Speed 2K | Depth 6-8 | Eval 133 | Node 985", "MESSAGE x"]) == 133
    assert parse_eval(["MESSAGE Depth 9 | Eval +M*"]) == MATE_SCORE
    assert parse_eval(["MESSAGE Depth 9 | Eval -12"]) == -12
    assert parse_eval(["MESSAGE nothing here"]) is None and parse_eval([]) is None
    brain = shlex.join([sys.executable, "-c", FAKE_JUDGE]) + " nodes=500"
    found = judge_positions(brain, ["15 freestyle h8 i9", "15 freestyle h8 i9 h9"], move_time=5)
    assert [j.score for j in found] == [42, -MATE_SCORE]
    assert [j.move for j in found] == ["a15", "a15"]  # Gomocup 0,0: the top left corner


def test_judge_command_prints_an_openings_file_of_the_positions_within_a_margin(run_cli, tmp_path):
    import shlex

    from tansuo.gomoku.match import read_openings

    brain = shlex.join([sys.executable, "-c", FAKE_JUDGE])
    positions = tmp_path / "p.txt"
    positions.write_text("15 freestyle h8 i9\n15 freestyle h8 i9 h9  # three stones\n")
    run = run_cli("gomoku", "judge", brain, "--file", str(positions), "--within", "50")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("15 freestyle h8 i9  #")
    assert lines[0].endswith("+42, a15")
    kept = tmp_path / "kept.txt"
    kept.write_text(run.out)
    assert read_openings(str(kept)) == ["15 freestyle h8 i9"]
    run = run_cli("gomoku", "judge", brain, "--random", "5", "--count", "2")
    assert run.code == 0 and len(run.out.splitlines()) == 2, run.err
    assert all(len(line.split("#")[0].split()) == 6 for line in run.out.splitlines())
    run = run_cli("gomoku", "judge", brain)
    assert run.code == 2 and "one of them" in run.err


def test_judge_replays_a_match_record_move_by_move_with_what_each_move_lost(run_cli, tmp_path):
    import shlex

    from tansuo.gomoku.match import game_prefixes

    game = "15 freestyle h8 i9 h9 i10 h10 i11 h11 i12 h12"  # black's five at the ninth stone
    assert game_prefixes(game, 7) == [
        "15 freestyle h8 i9 h9 i10 h10 i11 h11",
        "15 freestyle h8 i9 h9 i10 h10 i11 h11 i12",
    ]
    assert game_prefixes("15 h8 i9", 0) == ["15 freestyle", "15 freestyle h8", "15 freestyle h8 i9"]
    brain = shlex.join([sys.executable, "-c", FAKE_JUDGE])
    games = tmp_path / "games.txt"
    games.write_text(f"game 1: black lost (five): {game}\n")
    run = run_cli("gomoku", "judge", brain, "--file", str(games), "--from-ply", "5")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert [line.split("  #")[0].split()[-1] for line in lines] == ["h10", "i11", "h11", "i12"]
    assert "lost" not in lines[0] and "gained" not in lines[0]
    # the fake brain: +42 with an even number of stones, lost (-2000) with an odd one;
    # a move's loss is the mover's score before it plus the opponent's after it
    assert "white's i11 gained 1958" in lines[1] and lines[1].endswith("chose a15)")
    assert "black's h11 gained 1958" in lines[2] and "white's i12 gained 1958" in lines[3]

"""``tansuo.xiangqi.match``: what a fair match tells an external engine, and where games start."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tansuo.errors import InvalidInput
from tansuo.xiangqi import Position, parse_position
from tansuo.xiangqi.match import (
    GameRecord,
    Opening,
    ProtocolPlayer,
    Resign,
    play_game,
    random_openings,
    read_openings,
    run_match,
)

FAKE_ENGINE = textwrap.dedent(
    """
    import sys
    from tansuo.xiangqi import parse_position, format_iccs
    parse_position("startpos").legal_moves()  # load the kernels before the dialogue, as engines do
    offer = sys.argv[1].split(",") if len(sys.argv) > 1 and sys.argv[1] else []
    log = open(sys.argv[2], "a")
    position = None
    for line in sys.stdin:
        line = line.strip()
        log.write(line + "\\n"); log.flush()
        if line == "ucci":
            for name in offer:
                print(f"option {name} type check default true")
            print("ucciok", flush=True)
        elif line == "isready":
            print("readyok", flush=True)
        elif line.startswith("position "):
            position = parse_position(line[len("position "):])
        elif line.startswith("go"):
            print("info depth 1 score 42 pv " + format_iccs(position.legal_moves()[0]))
            print("bestmove " + format_iccs(position.legal_moves()[0]), flush=True)
        elif line == "quit":
            print("bye", flush=True)
            break
    """
)


def _fake(tmp_path: Path, offers: str) -> tuple[list[str], Path]:
    script = tmp_path / "fake_engine.py"
    script.write_text(FAKE_ENGINE)
    log = tmp_path / f"log-{offers or 'none'}.txt"
    return [sys.executable, str(script), offers, str(log)], log


@pytest.mark.parametrize("book", [False, True])
def test_usemillisec_and_book_are_sent_when_offered(tmp_path, book):
    command, log = _fake(tmp_path, "usemillisec,usebook")
    player = ProtocolPlayer("fake", command, book=book)
    assert player.choose(Position(), 0.25) in Position().legal_moves()
    player.close()
    sent = log.read_text().splitlines()
    assert "setoption usemillisec true" in sent
    assert f"setoption usebook {'true' if book else 'false'}" in sent
    assert "go time 250 movestogo 1" in sent
    assert player.last_score == 42  # from the info line before the move


def test_an_engine_without_usemillisec_gets_seconds(tmp_path):
    command, log = _fake(tmp_path, "")
    player = ProtocolPlayer("fake", command)
    player.choose(Position(), 2.5)
    player.close()
    sent = log.read_text().splitlines()
    assert not any(line.startswith("setoption") for line in sent)
    assert "go time 2 movestogo 1" in sent


def test_read_openings_names_moves_and_fens():
    text = "central: h2e2 h9g7\n# a comment\n\nb2e2 b9c7\nend: fen 4k4/9/9/9/9/9/9/1r7/9/N2K5 b"
    openings = read_openings(text)
    assert [o.name for o in openings] == ["central", "line 4", "end"]
    assert openings[0].moves == ("h2e2", "h9g7")
    assert openings[2].fen.startswith("4k4/") and openings[2].moves == ()
    with pytest.raises(InvalidInput, match="line 2"):
        read_openings("h2e2\nh2e2 z9z9")
    with pytest.raises(InvalidInput, match="no opening"):
        read_openings("# nothing\n")


def test_random_openings_are_seeded_quiet_and_even():
    first = random_openings(4, 8, seed=7)
    assert first == random_openings(4, 8, seed=7)
    assert first != random_openings(4, 8, seed=8)
    for opening in first:
        position = parse_position("startpos moves " + " ".join(opening.moves))
        assert position.clock == 8  # no capture
        assert len(position.fen().split()[0].replace("/", "").strip("0123456789")) > 0
        assert sum(c.isalpha() for c in position.fen().split()[0]) == 32


def test_a_match_plays_each_opening_with_both_colours(tmp_path):
    openings = [Opening("quiet", ("h2e2", "h9g7")), Opening("second", ("b2e2",))]
    match = run_match(
        "tansuo:depth=1", "tansuo:depth=1,plain", games=4, openings=openings, max_plies=6
    )
    assert [g.opening for g in match.games] == ["quiet", "quiet", "second", "second"]
    assert match.games[0].red == match.games[1].black
    assert match.games[0].moves[:2] == ("h2e2", "h9g7")
    elo, low, high = match.elo()
    assert low <= elo <= high


def test_a_game_starts_from_the_opening_fen():
    from tansuo.xiangqi.match import TansuoPlayer

    # From a position where Black to move is mated already: no move is asked for.
    record = play_game(
        TansuoPlayer("a", depth=1),
        TansuoPlayer("b", depth=1),
        opening="mated",
        opening_moves=("b0b9",),
        seconds=0.1,
        start_fen="3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1",
    )
    assert (record.result, record.reason) == ("1-0", "checkmate")


def test_a_nobestmove_is_judged_as_a_draw_claim():
    from tansuo.xiangqi.match import judge_draw_claim

    quiet = parse_position("fen 4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1 moves a0a1 e9e8 a1a0 e8e9")
    assert judge_draw_claim(quiet) == ("1/2-1/2", "repetition at the second occurrence")
    checks = parse_position("fen 4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1 moves a0a9 e9e8 a9a8 e8e9 a8a9")
    assert judge_draw_claim(checks) == ("0-1", "perpetual check at the second occurrence")
    assert judge_draw_claim(parse_position("fen 4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1")) == (
        "1/2-1/2",
        "no attacking piece left",
    )
    assert judge_draw_claim(parse_position("startpos moves h2e2")) is None


def test_the_first_move_of_a_fresh_player_is_on_time():
    """The kernels load when the player is made, not in its first move's time."""
    script = textwrap.dedent(
        """
        import time
        from tansuo.xiangqi import Position
        from tansuo.xiangqi.match import TansuoPlayer
        player = TansuoPlayer("tansuo")
        start = time.perf_counter()
        player.choose(Position(), 0.2)
        print(time.perf_counter() - start)
        """
    )
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert float(done.stdout.split()[-1]) < 0.2 + 0.3  # the referee allows 0.5 s over


HANGING_ENGINE = textwrap.dedent(
    """
    import os, sys, time
    open(os.path.join(sys.argv[1], str(os.getpid())), "w").close()
    for line in sys.stdin:
        line = line.strip()
        if line == "ucci":
            print("ucciok", flush=True)
        elif line == "isready":
            print("readyok", flush=True)
        elif line.startswith("go"):
            break
    time.sleep(600)  # never answers, and outlives its input, as a busy engine may
    """
)


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie nobody reaped yet counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="parent-death signal is Linux's")
def test_a_killed_match_leaves_no_engine_running(tmp_path):
    """SIGKILL to the referee (no cleanup of its own can run) ends its engines too."""
    engine = tmp_path / "hang.py"
    engine.write_text(HANGING_ENGINE)
    pids = tmp_path / "pids"
    pids.mkdir()
    spec = f"ucci:{sys.executable} {engine} {pids}"
    script = textwrap.dedent(
        f"""
        from tansuo.xiangqi.match import run_match
        run_match({spec!r}, {spec!r}, games=2, seconds=60.0, concurrency=2)
        """
    )
    referee = subprocess.Popen([sys.executable, "-c", script])
    try:
        deadline = time.monotonic() + 60
        while len(list(pids.iterdir())) < 4:  # two games at once, two engines each
            assert referee.poll() is None, "the referee ended before its engines started"
            assert time.monotonic() < deadline, "the engines did not start"
            time.sleep(0.05)
        engines = [int(p.name) for p in pids.iterdir()]
        time.sleep(0.3)  # both games are waiting for a move now
        assert not any(_gone(pid) for pid in engines)
    finally:
        referee.kill()
        referee.wait()
    deadline = time.monotonic() + 10
    while not all(_gone(pid) for pid in engines) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(_gone(pid) for pid in engines)


class ScriptedPlayer:
    """Plays the first legal move and reports a fixed score (from its own side)."""

    def __init__(self, name: str, score: int | None) -> None:
        self.name, self.score, self.last_score = name, score, None

    def new_game(self) -> None:
        pass

    def choose(self, position: Position, seconds: float) -> int | None:
        self.last_score = self.score
        return position.legal_moves()[0]

    def close(self) -> None:
        pass


@pytest.mark.parametrize(
    ("red_score", "black_score", "expected"),
    [
        (500, -200, ("1-0", 6)),  # both see Red ahead by their margins: decided after 3 moves each
        (-450, 160, ("0-1", 6)),
        (500, -100, ("1/2-1/2", None)),  # Black's engine does not agree: played out (a repetition)
        (500, None, ("1/2-1/2", None)),  # a move without a score never counts
    ],
)
def test_resign_adjudication_needs_both_engines(red_score, black_score, expected):
    record = play_game(
        ScriptedPlayer("red", red_score),
        ScriptedPlayer("black", black_score),
        opening="start",
        opening_moves=(),
        seconds=1.0,
        max_plies=20,
        resign=Resign(400, 150, moves=3),
    )
    result, plies = expected
    assert record.result == result
    assert record.scores[:2] == (red_score, black_score)
    assert record.reason.startswith("adjudicated") == (plies is not None)
    if plies is not None:
        assert len(record.moves) == plies


def test_resign_margins_follow_the_engines_when_colours_swap():
    # Red's engine said +200 three times and Black's +500: enough only for
    # the rule whose Red margin is the smaller one.
    view: dict[str, list[int | None]] = {"red": [200, 200, 200], "black": [500, 500, 500]}
    rule = Resign(400, 150, moves=3)
    assert rule.verdict(view) is None
    assert rule.swapped() == Resign(150, 400, moves=3)
    assert rule.swapped().verdict(view) == "1-0"


def test_resign_margins_must_be_positive():
    with pytest.raises(InvalidInput, match="margins"):
        Resign(400, 0)


def test_a_resumed_match_plays_only_the_games_left():
    openings = [Opening("quiet", ("h2e2", "h9g7")), Opening("second", ("b2e2",))]
    specs = ("tansuo:depth=1", "tansuo:depth=1,plain")
    first = run_match(*specs, games=3, openings=openings, max_plies=4)
    kept = [GameRecord.from_dict(g.as_dict()) for g in first.games[:3]]
    assert kept == first.games[:3]
    played: list[int] = []
    match = run_match(
        *specs,
        games=4,
        openings=openings,
        max_plies=4,
        done=kept,
        on_game=lambda index, record: played.append(index),
    )
    assert played == [3] and match.games[:3] == kept and len(match.games) == 4
    assert match.games[3].opening == "second" and match.games[3].red == specs[1]
    with pytest.raises(InvalidInput, match="game 1 to resume"):
        run_match(*specs, games=4, openings=openings[::-1], max_plies=4, done=kept)

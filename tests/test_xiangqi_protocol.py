"""UCCI and UCI: a scripted dialogue for every command, and the engine over a real pipe."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tansuo.xiangqi import Position, parse_iccs, parse_position
from tansuo.xiangqi.protocol import UCCI_MATE, UcciEngine

MATE_IN_ONE = "fen 3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"  # b0b9 (or e0e1) wins at once
MATED = "fen 3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1 moves b0b9"  # Black to move, mated


class Transport:
    """A fake GUI: sends command lines, records the engine's answers."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.engine = UcciEngine(self.lines.append, max_memory="4M", warm=False)

    def send(self, *commands: str, wait: bool = True) -> list[str]:
        before = len(self.lines)
        for command in commands:
            self.engine.handle(command)
            if wait:
                self.engine.wait()
        return self.lines[before:]

    def bestmove(self, lines: list[str]) -> list[str]:
        return next(line.split() for line in lines if line.startswith(("bestmove", "nobest")))


@pytest.fixture
def gui() -> Transport:
    t = Transport()
    t.send("ucci")
    return t


def test_ucci_handshake_and_options():
    t = Transport()
    lines = t.send("ucci")
    assert lines[0].startswith("id name tansuo")
    assert any(line.startswith("id author") for line in lines)
    assert "option usemillisec type check default false" in lines
    assert any(line.startswith("option hashsize type spin") for line in lines)
    assert lines[-1] == "ucciok"
    assert t.send("isready") == ["readyok"]


def test_go_depth_info_lines_and_bestmove(gui):
    lines = gui.send("position startpos moves h2e2", "go depth 4")
    infos = [line for line in lines if line.startswith("info depth")]
    assert [int(line.split()[2]) for line in infos] == [1, 2, 3, 4]
    for line in infos:
        words = line.split()
        for key in ("score", "nodes", "nps", "time", "pv"):
            assert key in words
    best = gui.bestmove(lines)
    position = parse_position("startpos moves h2e2")
    assert parse_iccs(best[1]) in position.legal_moves()
    assert best[2] == "ponder"  # the second move of the line


def test_go_nodes_and_banmoves(gui):
    lines = gui.send("position startpos", "banmoves h2e2 b2e2", "go nodes 20000")
    best = gui.bestmove(lines)[1]
    assert best not in ("h2e2", "b2e2")
    total = next(line for line in lines if line.startswith("info time"))
    assert 20_000 <= int(total.split()[-1]) <= 20_000 + 4096
    # a new position forgets the banned moves
    lines = gui.send("position startpos", "banmoves", "go depth 1")
    assert gui.bestmove(lines)[0] == "bestmove"


@pytest.mark.parametrize(
    ("options", "go", "limit"),
    [
        ("setoption usemillisec true", "go time 2000 increment 0", 2.0 / 4 + 0.15),
        ("setoption usemillisec true", "go time 6000 movestogo 40", 0.15 * 3 + 0.15),
        ("setoption usemillisec false", "go time 1 increment 0", 0.25 + 0.15),
    ],
)
def test_go_time_never_exceeds_its_share(gui, options, go, limit):
    gui.send(options, "position startpos")
    start = time.perf_counter()
    lines = gui.send(go)
    elapsed = time.perf_counter() - start
    assert gui.bestmove(lines)[0] == "bestmove"
    assert elapsed < limit


def test_go_infinite_until_stop(gui):
    gui.send("position startpos", "go infinite", wait=False)
    time.sleep(0.3)
    assert not any(line.startswith("bestmove") for line in gui.lines)
    lines = gui.send("stop")
    assert gui.bestmove(gui.lines)[0] == "bestmove"
    assert lines is not None


def test_ponder_then_ponderhit_starts_the_clock(gui):
    gui.send("setoption usemillisec true", "position startpos moves h2e2 h7e7")
    gui.send("go ponder time 3000 increment 0", wait=False)
    time.sleep(0.4)  # pondering: no clock, no best move yet
    assert not any(line.startswith("bestmove") for line in gui.lines)
    start = time.perf_counter()
    gui.send("ponderhit")
    assert time.perf_counter() - start < 3.0 / 4 + 0.2
    assert gui.bestmove(gui.lines)[0] == "bestmove"


def test_ponder_miss_then_stop(gui):
    gui.send("position startpos moves h2e2", "go ponder time 5 increment 0", wait=False)
    time.sleep(0.2)
    lines = gui.send("stop")
    assert any(line.startswith("bestmove") for line in gui.lines)
    lines = gui.send("position startpos moves h2e2 b9c7", "go depth 2")
    assert gui.bestmove(lines)[0] == "bestmove"


def test_stop_when_idle_and_depth_zero(gui):
    assert gui.send("stop") == ["nobestmove"]
    lines = gui.send("position startpos", "go depth 0")
    assert lines[-1] == "nobestmove" and lines[0].startswith("info depth 0 score")


def test_mate_scores_resign_and_no_move(gui):
    lines = gui.send(f"position {MATE_IN_ONE}", "go depth 3")
    assert f"score {UCCI_MATE - 1}" in " ".join(lines)
    assert gui.bestmove(lines)[1] in ("b0b9", "e0e1")
    lines = gui.send(f"position {MATED}", "go depth 3")
    assert lines[-1] == "nobestmove"


def test_setoption_hashsize_newgame_and_probe(gui):
    gui.send("setoption hashsize 8")
    assert gui.engine._engine.max_memory == 8 << 20
    gui.send("position startpos", "go depth 5")
    lines = gui.send("probe startpos")
    words = lines[0].split()
    assert words[0] == "pophash" and "bestmove" in words and "depth" in words
    gui.send("setoption newgame")
    assert gui.send("probe startpos") == ["pophash"]
    assert gui.send("probe startpos moves h2e2 h7e7 b0c2") == ["pophash"]


def test_batch_mode_answers_after_the_search(gui):
    gui.send("setoption batch true", "position startpos")
    gui.engine.handle("go depth 3")
    lines = gui.send("isready")  # batch: processed only after the best move
    assert any(line.startswith("bestmove") for line in gui.lines)
    assert lines[-1] == "readyok"


def test_unknown_and_malformed_commands_are_ignored(gui):
    assert gui.send("xyzzy", "", "   ") == []
    lines = gui.send("go depth x")
    assert lines and lines[0].startswith("info message ignored")
    lines = gui.send("position startpos moves h2h8")
    assert lines[0].startswith("info message ignored")
    lines = gui.send("position fen 9/9/9 w")
    assert lines[0].startswith("info message ignored")
    lines = gui.send("setoption hashsize 0")
    assert lines[0].startswith("info message ignored")
    assert gui.send("isready") == ["readyok"]  # still alive


def test_quit_says_bye_and_stops_a_search(gui):
    gui.send("position startpos", "go infinite", wait=False)
    time.sleep(0.1)
    lines = gui.send("quit")
    assert lines[-1] == "bye"
    assert any(line.startswith("bestmove") for line in lines)
    assert gui.engine.running is False


def test_uci_dialect():
    t = Transport()
    lines = t.send("uci")
    assert lines[-1] == "uciok" and any(line.startswith("option name Hash") for line in lines)
    t.send("setoption name Hash value 8", "ucinewgame", "isready")
    assert t.engine.hash_mb == 8
    lines = t.send("position startpos moves h2e2", "go wtime 5000 btime 2000 binc 100")
    assert "score cp" in " ".join(lines)
    assert t.bestmove(lines)[0] == "bestmove"
    lines = t.send(f"position {MATE_IN_ONE}", "go depth 3")
    assert "score mate 1" in " ".join(lines)
    lines = t.send(f"position {MATED}", "go movetime 100")
    assert lines[-1] == "bestmove (none)"
    assert t.send("stop") == []  # UCI: no answer to a stop out of time
    assert t.send("quit") == []


def test_ucci_over_a_pipe():
    """End to end: the command line speaking UCCI to a subprocess."""
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[1] / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    process = subprocess.Popen(
        [sys.executable, "-m", "tansuo", "xiangqi", "ucci", "--max-memory", "8M"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdin is not None and process.stdout is not None

    def say(line: str) -> None:
        process.stdin.write(line + "\n")
        process.stdin.flush()

    def until(word: str) -> list[str]:
        seen = []
        while True:
            line = process.stdout.readline()
            assert line, f"the engine ended before {word!r}: {seen}"
            seen.append(line.strip())
            if line.split()[:1] == [word]:
                return seen

    try:
        say("ucci")
        until("ucciok")
        say("isready")
        until("readyok")
        say("position startpos moves h2e2")
        say("go depth 4")
        best = until("bestmove")[-1].split()
        assert parse_iccs(best[1]) in parse_position("startpos moves h2e2").legal_moves()
        say("quit")
        assert until("bye")[-1] == "bye"
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()
    assert Position().fen()  # the module is usable after the subprocess ran


# -- a GUI's position survives a slow warm-up; every "go" is answered ------------------

AFTER_WARM_UP = "fen r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"


class SlowStart(UcciEngine):
    """An engine whose kernels take a while to load, as on a first run."""

    def _warm_up(self) -> None:
        time.sleep(0.4)
        super()._warm_up()


def test_a_position_sent_during_the_warm_up_is_kept():
    lines: list[str] = []
    engine = SlowStart(lines.append, max_memory="4M", warm=True)
    for command in ("ucci", "position " + AFTER_WARM_UP, "go depth 3"):
        engine.handle(command)  # all sent before the warm-up ends
    time.sleep(0.6)  # the warm-up ends while the GUI waits for the move
    engine.handle("isready")
    engine.wait()
    move = next(line.split()[1] for line in lines if line.startswith("bestmove"))
    assert parse_iccs(move) in parse_position(AFTER_WARM_UP).legal_moves()


def test_a_position_sent_before_go_but_after_the_warm_up_is_kept():
    lines: list[str] = []
    engine = SlowStart(lines.append, max_memory="4M", warm=True)
    engine.handle("ucci")
    engine.handle("position " + AFTER_WARM_UP)
    time.sleep(0.6)
    engine.handle("go depth 2")
    engine.wait()
    move = next(line.split()[1] for line in lines if line.startswith("bestmove"))
    assert parse_iccs(move) in parse_position(AFTER_WARM_UP).legal_moves()


def _answers(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith(("bestmove", "nobestmove"))]


def test_position_during_go_infinite_then_stop_answers(gui):
    gui.send("position startpos", "go infinite", wait=False)
    time.sleep(0.2)
    gui.send("position " + AFTER_WARM_UP, wait=False)  # must not block the reader
    began = time.perf_counter()
    lines = gui.send("stop")
    assert time.perf_counter() - began < 2.0
    answers = _answers(lines)
    assert len(answers) == 1 and answers[0].startswith("bestmove")
    # The stopped search was of the start position; the next go uses the new one.
    assert parse_iccs(answers[0].split()[1]) in Position().legal_moves()
    move = gui.bestmove(gui.send("go depth 2"))[1]
    assert parse_iccs(move) in parse_position(AFTER_WARM_UP).legal_moves()


def test_go_during_go_infinite_answers_both(gui):
    gui.send("position startpos", "go infinite", wait=False)
    time.sleep(0.2)
    lines = gui.send("go depth 1")
    # The infinite search answers first, then the new one.
    assert [a.split()[0] for a in _answers(lines)] == ["bestmove", "bestmove"]
    assert gui.engine._search is not None and not gui.engine._search.thread.is_alive()


@pytest.mark.parametrize("ending", ["quit", None])
def test_quit_and_end_of_input_stop_go_infinite(ending):
    from tansuo.xiangqi.protocol import serve

    out: list[str] = []

    class Out:
        def write(self, text: str) -> None:
            out.append(text)

        def flush(self) -> None:
            pass

    def commands():
        yield "ucci"
        yield "position startpos"
        yield "go infinite"
        time.sleep(0.3)
        if ending:
            yield ending

    began = time.perf_counter()
    serve(commands(), Out(), max_memory="4M")  # type: ignore[arg-type]
    assert time.perf_counter() - began < 3.0
    text = "".join(out)
    assert "bestmove" in text and text.rstrip().endswith("bye")


@pytest.mark.parametrize(
    "go", ["go depth 1000", "go depth 200", "go nodes 99999999999999999999999"]
)
def test_huge_depth_and_node_budgets_are_answered(gui, go):
    gui.send("position startpos", go, wait=False)
    time.sleep(0.3)
    lines = gui.send("stop")
    answers = _answers(lines)
    assert len(answers) == 1 and answers[0].startswith("bestmove")
    assert not any("failed" in line for line in lines)


def test_a_search_that_fails_still_answers(gui, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("kernel exploded")

    monkeypatch.setattr(gui.engine.engine, "search", broken)
    lines = gui.send("position startpos", "go depth 3")
    assert lines[-1] == "nobestmove"
    assert any("kernel exploded" in line for line in lines)


def test_go_time_with_one_move_to_go_uses_most_of_it(gui):
    gui.send("setoption usemillisec true", "position startpos")
    start = time.perf_counter()
    lines = gui.send("go time 500 movestogo 1")
    elapsed = time.perf_counter() - start
    assert gui.bestmove(lines)[0] == "bestmove"
    assert 0.3 < elapsed < 0.55  # the whole clock is this move's, within 10%


def test_a_book_is_used_only_when_asked(gui, tmp_path):
    from tansuo.xiangqi.book import START_KEY

    book = tmp_path / "book.txt"
    book.write_text(f"{START_KEY} | a3a4:1\n", encoding="utf-8")
    gui.send(f"setoption bookfiles {book}", "position startpos")
    assert gui.bestmove(gui.send("go depth 1"))[1] != "a3a4"  # usebook is off by default
    gui.send("setoption usebook true")
    assert gui.bestmove(gui.send("go depth 1"))[1] == "a3a4"
    assert gui.bestmove(gui.send("banmoves a3a4", "go depth 1"))[1] != "a3a4"
    lines = gui.send("setoption bookfiles /no/such/book.txt")
    assert lines and "ignored" in lines[0]

"""``pbrain-tansuo``: a scripted dialogue for every Gomocup command."""

from __future__ import annotations

import io
import subprocess
import sys
import time

import pytest

from tansuo.gomoku.protocol import ABOUT, MOVES_LEFT, SAFETY_MS, Brain, run


def _talk(brain: Brain, *lines: str) -> list[str]:
    answers: list[str] = []
    for line in lines:
        answers.extend(brain.handle(line))
    return answers


def _xy(answer: str) -> tuple[int, int]:
    x, y = answer.split(",")
    return int(x), int(y)


@pytest.fixture
def brain() -> Brain:
    made = Brain()
    made.handle("INFO timeout_turn 300")
    return made


def test_start_sizes(brain):
    assert _talk(brain, "START 15") == ["OK"]
    assert _talk(brain, "START 30")[0].startswith("ERROR")
    assert _talk(brain, "START x")[0].startswith("ERROR")
    assert _talk(brain, "RECTSTART 20,15") == ["OK"]
    assert (brain.width, brain.height) == (20, 15)
    assert _talk(brain, "RECTSTART 20")[0].startswith("ERROR")


def test_begin_plays_the_centre_and_restart_clears(brain):
    assert _talk(brain, "START 15", "BEGIN") == ["OK", "7,7"]
    assert _talk(brain, "RESTART") == ["OK"]
    assert brain.mine == [] and brain.theirs == []


def test_turn_answers_a_legal_move_and_blocks_a_four(brain):
    _talk(brain, "START 15")
    answers = _talk(brain, "TURN 7,7")
    x, y = _xy(answers[0])
    assert (x, y) != (7, 7) and 0 <= x < 15 and 0 <= y < 15
    # the opponent gets four in a row on row 0: the brain must block
    brain.handle("RESTART")
    _talk(brain, "BOARD", "0,0,2", "1,0,2", "2,0,2", "0,5,1", "0,9,1", "3,0,2", "0,12,1", "DONE")
    assert brain.mine[-1] == (4, 0)


def test_board_then_done_and_takeback(brain):
    _talk(brain, "START 15")
    answers = _talk(brain, "BOARD", "7,7,1", "8,8,2", "DONE")
    assert len(answers) == 1 and _xy(answers[0]) not in ((7, 7), (8, 8))
    assert _talk(brain, f"TAKEBACK {answers[0]}") == ["OK"]
    assert _talk(brain, "TAKEBACK 1,1")[0].startswith("ERROR")


def test_turn_errors_never_end_the_brain(brain):
    assert _talk(brain, "TURN 7,7")[0].startswith("ERROR")  # no START yet
    _talk(brain, "START 15")
    assert _talk(brain, "TURN 99,1")[0].startswith("ERROR")
    assert _talk(brain, "TURN a,b")[0].startswith("ERROR")
    assert _talk(brain, "FLY 1")[0].startswith("UNKNOWN")
    assert not brain.finished
    assert len(_talk(brain, "TURN 7,7")) == 1


def test_play_forces_a_move(brain):
    _talk(brain, "START 15", "TURN 7,7")
    assert _talk(brain, "PLAY 3,3") == ["3,3"]
    assert (3, 3) in brain.mine


def test_info_keys(brain):
    _talk(brain, "INFO timeout_match 100000", "INFO time_left 2000", "INFO max_memory 0")
    _talk(brain, "INFO rule 4", "INFO game_type 1", "INFO folder /tmp", "INFO evaluate 1,1")
    assert brain.rule == "renju" and brain.time_left == 2000
    assert brain.think_time() <= 2000 / 25 / 1000
    assert _talk(brain, "INFO timeout_turn x")[0].startswith("ERROR")
    assert _talk(brain, "INFO rule -1")[0].startswith("ERROR")


@pytest.mark.parametrize(
    "bits, rule",
    # the protocol's bit mask: 1 exactly five, 2 continuous game, 4 renju, 8 caro
    [
        (0, "freestyle"),
        (1, "standard"),
        (2, "freestyle"),
        (3, "standard"),
        (4, "renju"),
        (6, "renju"),
        (8, "caro"),
        (9, "caro"),
        (10, "caro"),
    ],
)
def test_info_rule_is_the_protocols_bit_mask(brain, bits, rule):
    _talk(brain, f"INFO rule {bits}", "START 15")
    assert brain.rule == rule
    assert brain._rebuild().rule == rule


def test_a_board_with_two_stones_on_one_cell_leaves_the_brain_usable(brain):
    _talk(brain, "START 15")
    first = _talk(brain, "BOARD", "7,7,1", "8,8,2", "DONE")
    before = (list(brain.mine), list(brain.theirs))
    answer = _talk(brain, "BOARD", "7,7,1", "7,7,2", "DONE")
    assert len(answer) == 1 and answer[0].startswith("ERROR two stones on one cell (7,7)")
    assert (brain.mine, brain.theirs) == before  # refused whole: the position is kept
    assert _talk(brain, f"TAKEBACK {first[0]}") == ["OK"]
    answer = _talk(brain, "BOARD", "7,7,1", "8,8,2", "9,9,1", "DONE")
    assert len(answer) == 1 and not answer[0].startswith("ERROR")
    assert _xy(answer[0]) not in ((7, 7), (8, 8), (9, 9))
    assert _talk(brain, f"TAKEBACK {answer[0]}") == ["OK"]
    assert _talk(brain, "TAKEBACK 9,9") == ["OK"]
    assert len(brain.mine) == 1 and len(brain.theirs) == 1


def test_a_failed_turn_keeps_the_position(brain):
    _talk(brain, "START 15", "TURN 7,7")
    before = (list(brain.mine), list(brain.theirs))
    assert _talk(brain, "TURN 7,7")[0].startswith("ERROR")  # occupied
    assert (brain.mine, brain.theirs) == before


def test_max_node_limits_the_search_as_c_gomoku_cli_sends_it(brain):
    _talk(brain, "INFO max_node 2000", "START 15")
    assert brain.max_node == 2000
    answer = _talk(brain, "BOARD", "7,7,2", "8,8,1", "7,8,2", "DONE")
    assert len(answer) == 1 and not answer[0].startswith("ERROR")
    assert brain.last_nodes <= 2000 + 1024  # polled every 1,024 nodes
    _talk(brain, "INFO max_node -1")
    assert brain.max_node is None


def test_max_memory_sizes_the_tables_within_it(brain):
    from tansuo.gomoku.protocol import MEMORY_MARGIN, _resident_bytes

    default = brain.engine.table_bytes
    held = _resident_bytes()
    for room in (40 << 20, 5 << 20):
        limit = held + MEMORY_MARGIN + room
        _talk(brain, f"INFO max_memory {limit}")
        assert 50 << 20 < brain.held_bytes < limit  # the interpreter and numba are counted
        free = limit - brain.held_bytes - MEMORY_MARGIN
        assert free // 4 <= brain.engine.table_bytes <= free
    # Gomocup's 350 MB (a process that already holds more, such as a long test
    # session, keeps the smallest tables: 1 MiB)
    _talk(brain, f"INFO max_memory {350 << 20}")
    room = (350 << 20) - brain.held_bytes - MEMORY_MARGIN
    assert 0 < brain.engine.table_bytes <= max(room, 1 << 20)
    _talk(brain, "INFO max_memory 0")  # no limit: the default again
    assert brain.engine.table_bytes == default
    assert _talk(brain, "INFO max_memory -5")[0].startswith("ERROR")
    _talk(brain, "START 15")
    assert len(_talk(brain, "TURN 7,7")) == 1


def test_the_match_clock_is_shared_over_the_game_with_no_loss_on_time():
    # a manager's dialogue: a 3 s match, 1 s a turn, time_left sent before
    # every move and reduced by the brain's time, as Gomocup does; the
    # opponent is a brain at 30 ms a move. The brain's time is counted in CPU
    # seconds: on a loaded machine the wall clock also counts other processes'
    # turns, and what is tested is that the brain stops when its share is spent
    brain, opponent = Brain(), Brain()
    _talk(brain, "INFO timeout_turn 1000", "INFO timeout_match 3000", "START 15")
    _talk(opponent, "INFO timeout_turn 30", "START 15")
    left = 3000
    move = _talk(opponent, "BEGIN")[0]
    moves = 0
    for _ in range(20):
        brain.handle(f"INFO time_left {left}")
        # the share: the clock left over MOVES_LEFT, less the safety margin
        assert brain.think_time() <= max(0.01, (left // MOVES_LEFT + 1 - SAFETY_MS) / 1000)
        started = time.process_time()
        answer = _talk(brain, f"TURN {move}")[0]
        spent = int((time.process_time() - started) * 1000)
        assert not answer.startswith("ERROR")
        assert spent <= min(1000, left // MOVES_LEFT + 100), (spent, left)
        left -= spent
        moves += 1
        if brain._rebuild(to_move_mine=False).is_terminal():
            break
        move = _talk(opponent, f"TURN {answer}")[0]
        if opponent._rebuild(to_move_mine=False).is_terminal():
            break
    assert left > 0 and moves >= 5


def test_swap2board_answers_every_stage(brain):
    _talk(brain, "START 15")
    three = _talk(brain, "SWAP2BOARD", "DONE")[0].split()
    assert len(three) == 3 and all(len(_xy(c)) == 2 for c in three)
    answer = _talk(brain, "SWAP2BOARD", "7,7", "8,8", "9,6", "DONE")[0]
    assert answer == "SWAP" or _xy(answer) not in ((7, 7), (8, 8), (9, 6))
    five = ["7,7", "8,8", "9,6", "6,6", "10,5"]
    answer = _talk(brain, "SWAP2BOARD", *five, "DONE")[0]
    assert answer == "SWAP" or f"{answer}" not in five
    assert _talk(brain, "SWAP2BOARD", "7,7", "7,7", "DONE")[0].startswith("ERROR")


def test_a_closed_pipe_ends_the_brain_quietly():
    proc = subprocess.Popen(
        [sys.executable, "-m", "tansuo.gomoku.protocol"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("START 15\n")
    proc.stdin.flush()
    assert proc.stdout.readline().strip() == "OK"
    proc.stdout.close()  # the manager goes away mid-game
    proc.stdin.write("INFO timeout_turn 100\nTURN 7,7\nTURN 8,8\n")
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    assert proc.stderr is not None
    assert proc.stderr.read() == ""


def test_a_turn_limit_of_zero_means_play_as_fast_as_possible(brain):
    _talk(brain, "INFO timeout_turn 0", "START 15")
    assert brain.think_time() <= 0.05
    started = time.perf_counter()
    _talk(brain, "BOARD", "7,7,2", "8,8,1", "7,8,2", "DONE")
    assert time.perf_counter() - started < 1.0  # the referee's grace over a 0 ms turn
    x, y = brain.mine[-1]
    assert 0 <= x < 15 and 0 <= y < 15 and (x, y) not in ((7, 7), (8, 8), (7, 8))


def test_renju_brain_never_plays_a_forbidden_point(brain):
    _talk(brain, "INFO rule 4", "START 15")
    # brain is black (to move, equal counts); 6,7 would be a double three
    answers = _talk(
        brain,
        "BOARD",
        "7,7,1",
        "0,0,2",
        "8,7,1",
        "0,2,2",
        "6,5,1",
        "0,4,2",
        "6,4,1",
        "0,6,2",
        "DONE",
    )
    board = brain._rebuild(to_move_mine=False)
    assert board.rule == "renju"
    assert _xy(answers[0]) != (6, 7)


def test_about_and_end(brain):
    assert _talk(brain, "ABOUT") == [ABOUT]
    assert _talk(brain, "END") == [] and brain.finished


def test_run_flushes_and_stops_at_end():
    out = io.StringIO()
    run(["START 9", "BEGIN", "END", "ABOUT"], out)
    assert out.getvalue().splitlines() == ["OK", "4,4"]


def test_console_script_within_the_turn_time():
    script = "INFO timeout_turn 500\nSTART 15\nTURN 7,7\nTURN 8,8\nEND\n"
    proc = subprocess.Popen(
        [sys.executable, "-m", "tansuo.gomoku.protocol"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("START 15\n")
    proc.stdin.flush()
    assert proc.stdout.readline().strip() == "OK"  # answered at once, flushed
    start = time.perf_counter()
    proc.stdin.write("INFO timeout_turn 500\nTURN 7,7\n")
    proc.stdin.flush()
    answer = proc.stdout.readline().strip()
    assert time.perf_counter() - start < 0.5 + 0.3
    assert len(answer.split(",")) == 2
    out, _ = proc.communicate(script, timeout=60)
    assert proc.returncode == 0  # END ends it
    assert out.split()[0] == "OK" and len(out.split()) == 3  # OK and two moves

"""Gomoku board, coordinates and rules; the renju forbidden points against the reference."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tansuo.adversarial import Game
from tansuo.errors import InvalidInput
from tansuo.gomoku import Board, IllegalMove, format_position, parse_position
from tansuo.gomoku.reference import RefBoard


def test_coordinates_both_ways():
    board = Board(15)
    assert board.parse_move("h8") == board.parse_move("7,7") == board.index(7, 7)
    assert board.format_move(board.parse_move("a1")) == "a1"
    assert board.xy(board.parse_move("a1")) == (0, 14)  # Gomocup: row 0 at the top
    assert board.format_xy(board.parse_move("o15")) == "14,0"
    rect = Board(20, height=10)
    assert rect.format_move(rect.parse_move("t10")) == "t10"
    with pytest.raises(IllegalMove, match="off the 20x10 board"):
        rect.parse_move("a11")
    with pytest.raises(InvalidInput):
        Board(4)
    with pytest.raises(InvalidInput):
        Board(23)


def test_occupied_forbidden_and_finished_games_are_rejected():
    board = Board(15, rule="renju", moves=["h8", "a1", "i9", "a3", "h10", "a5", "g10"])
    with pytest.raises(IllegalMove, match="occupied"):
        board.push("h8")
    # black: h8 i9 h10 g10 -- white to move; give black a double-three point
    board = Board(15, rule="renju", moves=["h8", "a1", "i8", "a3", "g10", "a5", "g11"])
    board.push("a7")
    assert board.forbidden(board.parse_move("g8"))  # threes g8-h8-i8 and g8-.-g10-g11
    board2 = Board(15, rule="freestyle", moves=board.history)
    board2.push("g8")  # legal without renju
    with pytest.raises(IllegalMove, match="forbidden for black under renju"):
        board.push("g8")


def test_five_wins_and_rules_differ_on_overlines():
    moves = ["a8", "a1", "b8", "a2", "c8", "a3", "e8", "a4", "f8", "b2"]  # black a8 b8 c8 . e8 f8
    for rule, wins in (("freestyle", True), ("standard", False), ("caro", True)):
        board = Board(15, rule=rule, moves=moves)
        assert board.makes_five(board.parse_move("d8"), 1) is wins, rule
    renju = Board(15, rule="renju", moves=moves)
    assert renju.forbidden(renju.parse_move("d8"))  # an overline is forbidden for black
    board = Board(15, moves=["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"])
    assert board.winner == 1 and board.is_terminal()
    with pytest.raises(IllegalMove, match="game is over"):
        board.push("b2")


def test_caro_five_blocked_at_both_ends_does_not_win():
    # white o at c8 and i8 around black d8..h8
    board = Board(15, rule="caro", moves=["d8", "c8", "e8", "i8", "f8", "a1", "g8", "a2"])
    assert not board.makes_five(board.parse_move("h8"), 1)
    free = Board(15, rule="freestyle", moves=board.history)
    assert free.makes_five(free.parse_move("h8"), 1)


def test_board_is_a_game_and_undo_restores_everything():
    board = Board(9, moves=["e5", "d4", "e6"])
    assert isinstance(board, Game)
    key, evaluation = board.hash(), board.evaluate()
    fresh = Board(9, moves=["e5", "d4", "e6"]).state
    for move in board.legal_moves()[:6]:
        board.play(move)
        board.undo()
    assert board.hash() == key and board.evaluate() == evaluation
    for mine, theirs in zip(board.state, fresh, strict=True):
        assert (mine == theirs).all()


def test_position_text_round_trip_and_errors():
    board = parse_position("20x15 renju h8 7,8 i9  # comment")
    assert (board.width, board.height, board.rule) == (20, 15, "renju")
    assert parse_position(format_position(board)).history == board.history
    with pytest.raises(InvalidInput, match="move 2"):
        parse_position("15 h8 h8")
    with pytest.raises(InvalidInput):
        parse_position("15 h8 zz")
    with pytest.raises(InvalidInput):
        parse_position("15 banana")


def _random_position(rng: random.Random, size: int, stones: int, rule: str) -> Board:
    board = Board(size, rule=rule)
    while len(board.history) < stones:
        x, y = rng.randrange(size), rng.randrange(size)
        cell = board.index(x, y)
        if board.stone(cell) or (board.forbidden(cell) and board.side_to_move == 1):
            continue
        if board.makes_five(cell):
            continue
        board.play(cell)
    return board


def _ref(board: Board) -> RefBoard:
    stones = {board.xy(m): board.stone(m) for m in board.history}
    return RefBoard(board.width, board.height, board.rule, stones)


@pytest.mark.parametrize("seed", range(12))
def test_renju_forbidden_points_match_the_reference(seed):
    rng = random.Random(seed)
    board = _random_position(rng, 9, rng.randrange(14, 30), "renju")
    ref = _ref(board)
    for cell in board.cells:
        if board.stone(cell) == 0:
            assert board.forbidden(cell) == ref.forbidden(board.xy(cell)), board.format_move(cell)


@pytest.mark.parametrize("rule", ["freestyle", "standard", "renju", "caro"])
def test_five_points_match_the_reference(rule):
    rng = random.Random(rule)
    for _ in range(4):
        board = _random_position(rng, 8, rng.randrange(16, 34), rule)
        ref = _ref(board)
        for colour in (1, 2):
            mine = sorted(board.xy(m) for m in board.five_points(colour))
            assert mine == sorted(ref.five_points(colour))


@pytest.mark.parametrize("rule", ["freestyle", "renju"])
def test_cell_scores_stay_the_sum_of_their_lines_through_play_and_undo(rule):
    # each cell's score is its four lines' pattern scores, and a colour's total
    # the sum over the empty cells: kept incrementally by make and unmake
    from tansuo.gomoku._kernels import board as K

    rng = random.Random(11)
    for _ in range(3):
        board = Board(15, rule=rule)
        while len(board.history) < 40 and board.winner is None:
            moves = board.legal_moves()
            board.play(moves[rng.randrange(min(4, len(moves)))])
        for _ in range(rng.randrange(1, 15)):
            board.undo()
        fresh = Board(15, rule=rule, moves=[board.format_move(m) for m in board.history])
        for mine, theirs in zip(board.state, fresh.state, strict=True):
            assert (mine == theirs).all()
        state = board.state
        pat, score, tot = state[K.ST_PATTERN], state[K.ST_SCORE], state[K.ST_TOTAL]
        empty = state[K.ST_BOARD] == K.EMPTY
        for colour in (1, 2):
            assert (score[colour] == K.PATTERN_SCORE[pat[colour]].sum(axis=1)).all()
            assert tot[colour] == score[colour][empty].sum()
            # the evaluation's sums: the empty cells weighed by class (best two patterns)
            lines = np.where(pat[colour][empty] == K.P_OVERLINE, K.P_NONE, pat[colour][empty])
            top = -np.sort(-lines, axis=1)
            classes = top[:, 0] * (top[:, 0] + 1) // 2 + top[:, 1]
            sums = state[K.ST_FIVES]
            assert sums[K.OWN_SUM + colour] == K.EVAL_OWN[classes].sum()
            assert sums[K.OTHER_SUM + colour] == K.EVAL_OTHER[classes].sum()

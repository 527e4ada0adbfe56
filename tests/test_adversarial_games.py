"""Reference games, Zobrist keys and the transposition table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tansuo.adversarial import (
    EXACT,
    LOWER,
    MATE,
    TranspositionTable,
    ZobristKeys,
    format_score,
    mate_in_plies,
)
from tansuo.adversarial.games import ConnectFour, TicTacToe
from tansuo.errors import InvalidInput


def naive_four(grid: list[list[str]], who: str) -> bool:
    """Four in a row by looking at every cell and direction (the slow, obvious way)."""
    width, height = len(grid), len(grid[0])
    for c in range(width):
        for r in range(height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(0 <= x < width and 0 <= y < height and grid[x][y] == who for x, y in cells):
                    return True
    return False


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    width=st.integers(1, 8),
    height=st.integers(1, 8),
    plies=st.integers(0, 64),
)
def test_connect4_bitboard_matches_a_plain_grid(seed, width, height, plies):
    rng = random.Random(seed)
    game = ConnectFour(width, height)
    grid = [["."] * height for _ in range(width)]
    keys = {game.hash(): ""}
    for _ in range(plies):
        if game.is_terminal():
            break
        moves = game.legal_moves()
        assert sorted(moves) == [c for c in range(width) if "." in grid[c]]
        move = rng.choice(moves)
        who = game.side_to_move.lower()
        grid[move][grid[move].index(".")] = who
        game.play(move)
        for c in range(width):
            for r in range(height):
                assert game.cell(c, r) == grid[c][r]
        won = naive_four(grid, who)
        full = all("." not in col for col in grid)
        assert game.is_terminal() == (won or full)
        if won:
            assert game.evaluate() < 0  # the side to move has lost
        elif full:
            assert game.evaluate() == 0
        line = "".join(str(m + 1) for m in game.played)
        # equal keys only for equal boards (the key is exact for this representation)
        assert keys.setdefault(game.hash(), str(grid)) == str(grid)
        assert repr(game) == f"ConnectFour.from_moves({line!r}, width={width}, height={height})"
    # undo walks back to the empty board
    while game.played:
        game.undo()
    assert game.mask == 0 and game.current == 0 and game.hash() == 0


def test_connect4_transpositions_share_a_key():
    a = ConnectFour.from_moves("4352")
    b = ConnectFour.from_moves("5243")
    c = ConnectFour.from_moves("3452")  # the same cells, other colours
    assert a.hash() == b.hash() != c.hash()


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("447x", "'x' is not a column"),
        ("9", "not a column"),
        ("0", "not a column"),
        ("1111111", "column 1 is full"),
        ("1212121" + "2", "already over"),
    ],
)
def test_connect4_bad_moves(moves, message):
    with pytest.raises(InvalidInput, match=message):
        ConnectFour.from_moves(moves)


@pytest.mark.parametrize("size", [(0, 6), (7, 11), (7.5, 6), (True, 6)])
def test_connect4_bad_size(size):
    with pytest.raises(InvalidInput):
        ConnectFour(*size)


def test_connect4_parse_and_format_move():
    game = ConnectFour.from_moves("444444")
    assert game.parse_move(" 3 ") == 2 and game.format_move(2) == "3"
    for bad in ("4", "8", "x", ""):
        with pytest.raises(InvalidInput):
            game.parse_move(bad)


def test_connect4_str_shows_the_board():
    text = str(ConnectFour.from_moves("45", width=5, height=4))
    assert text.splitlines()[-2:] == [". . . x o", "1 2 3 4 5"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_tictactoe_zobrist_key_is_incremental_and_exact(seed):
    rng = random.Random(seed)
    game = TicTacToe()
    while not game.is_terminal():
        game.play(rng.choice(game.legal_moves()))
        fresh = TicTacToe.from_string(str(game))
        assert fresh.hash() == game.hash()
        assert fresh.stones == game.stones and fresh.to_move == game.to_move
    while game._played:
        game.undo()
    assert game.hash() == 0 and game.stones == [0, 0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("xx. ...", "9 cells"),
        ("xxx xxx ooo", "cannot happen"),
        ("ooo ... x..", "cannot happen"),
        ("xxx ooo x..", "both"),
        ("x?. ... ...", "unexpected"),
    ],
)
def test_tictactoe_bad_boards(text, message):
    with pytest.raises(InvalidInput, match=message):
        TicTacToe.from_string(text)


def test_tictactoe_moves_and_evaluation():
    game = TicTacToe.from_string("x.. ... ...")
    assert game.side_to_move == "O"
    assert game.legal_moves()[0] == 4  # centre first
    assert game.parse_move("5") == 4
    with pytest.raises(InvalidInput):
        game.parse_move("1")
    # O to move: X has 3 open lines through the corner, O none
    assert game.evaluate() == -3


def test_zobrist_keys_xor_in_and_out():
    keys = ZobristKeys(64, 12, seed=1)
    assert keys.hash_of({}) == 0
    h = keys.hash_of({3: 5, 10: 0})
    assert h ^ keys.piece(10, 0) == keys.hash_of({3: 5})
    assert ZobristKeys(64, 12, seed=1).table == keys.table  # reproducible
    assert len(set(keys.table)) == len(keys.table)
    assert all(0 <= k < 2**64 for k in keys.table)
    with pytest.raises(InvalidInput):
        keys.hash_of({64: 0})
    with pytest.raises(InvalidInput):
        ZobristKeys(0, 2)


def test_table_depth_preferred_replacement():
    tt = TranspositionTable(entries=1024)
    assert len(tt) == 1024
    a = 5
    b = next(k for k in range(6, 10**6) if tt.index_of(k) == tt.index_of(a))  # same slot
    tt.store(a, depth=6, bound=EXACT, score=10, move=1, ply=0)
    tt.store(b, depth=2, bound=EXACT, score=20, move=2, ply=0)
    assert tt.probe(a) is not None and tt.probe(b) is None  # the deeper result stays
    tt.store(b, depth=7, bound=LOWER, score=20, move=2, ply=0)
    assert tt.probe(b) is not None and tt.probe(a) is None
    tt.new_search()  # entries of an older search give way to anything
    tt.store(a, depth=1, bound=EXACT, score=10, move=1, ply=0)
    assert tt.probe(a) is not None


def test_table_keeps_mate_scores_relative_to_the_position():
    tt = TranspositionTable(entries=1024)
    # A win 7 plies from the root, found at a node 3 plies deep: 4 plies from there.
    tt.store(99, depth=4, bound=EXACT, score=MATE - 7, move=0, ply=3)
    stored = tt.probe(99)[3]
    assert stored == MATE - 4
    assert tt.score_at(stored, 5) == MATE - 9  # the same position reached 5 plies deep
    assert tt.score_at(123, 5) == 123


def test_table_sizes():
    assert len(TranspositionTable(entries=5000)) == 4096
    assert len(TranspositionTable(entries=1)) == 1024
    small = TranspositionTable(megabytes=1)
    assert 1024 <= small.approx_bytes <= 2**20 * 2
    for bad in ({"entries": 0}, {"megabytes": -1}, {"entries": 2**40}):
        with pytest.raises(InvalidInput):
            TranspositionTable(**bad)
    with pytest.raises(InvalidInput):
        TranspositionTable(1024, megabytes=1)


def test_score_formatting():
    assert format_score(MATE - 5) == "win in 5"
    assert format_score(-(MATE - 2)) == "loss in 2"
    assert format_score(0) == "0" and format_score(-7) == "-7"
    assert mate_in_plies(15) is None


@pytest.mark.parametrize(
    "module",
    [
        "tansuo.adversarial",
        "tansuo.adversarial.engine",
        "tansuo.adversarial.game",
        "tansuo.adversarial.tt",
        "tansuo.adversarial.zobrist",
        "tansuo.adversarial.games.connect4",
        "tansuo.adversarial.games.tictactoe",
    ],
)
def test_docstrings_have_examples(module):
    """Each module shows examples; pytest's --doctest-modules (pyproject) runs them all.

    (Running them here too ran every example twice, the full tic-tac-toe
    minimax among them.)
    """
    import doctest
    import importlib

    found = doctest.DocTestFinder().find(importlib.import_module(module))
    assert sum(len(test.examples) for test in found) > 0

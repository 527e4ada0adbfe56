"""Xiangqi rules: FEN, notation, move generation against the plain-Python reference, outcomes."""

from __future__ import annotations

import random

import pytest

from tansuo.errors import InvalidInput
from tansuo.xiangqi import (
    START_FEN,
    Position,
    bundled_perft,
    format_chinese,
    format_fen,
    format_iccs,
    format_wxf,
    parse_fen,
    parse_iccs,
    parse_move,
    parse_position,
    perft,
)
from tansuo.xiangqi._kernels import board as kb
from tansuo.xiangqi.io import parse_fen_setup
from tansuo.xiangqi.reference import ReferenceBoard, iccs, reference_perft

CASES = bundled_perft()


# ---------------------------------------------------------------------------
# FEN
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_fen_round_trip(case):
    assert parse_fen(case.fen).fen() == case.fen


def test_fen_aliases_and_defaults():
    aliased = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r"
    position = parse_fen(aliased)
    assert position.fen() == START_FEN
    assert parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b").side == (
        "black"
    )
    assert parse_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 37 12").clock == 37


@pytest.mark.parametrize(
    ("fen", "message"),
    [
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", "9 ranks"),
        ("rnbakabnr/9/1c5c/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "has 8 points"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w", "has 10 points"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w", "unknown piece"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3K5/RNBAKABNR w", "2 red kings"),
        ("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "no black king"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR w", "3 red rooks"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/6A2/RNBAK1BNR w", "red advisor on g1"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/6B2/RNBAKA1NR w", "red elephant"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P2PP1P1P/1C5C1/9/RNBAKABNR w", "red pawn on d3"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P3P1P/1C5C1/4P4/RNBAKABNR w", "red pawn on e1"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/2B6/9/P1P1P1P1P/1C5C1/9/RN1AKABNR w", "red elephant on c5"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "side to move"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", "half-move"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "kings facing"),
        ("4k4/9/9/9/9/9/9/9/4R4/4K4 w", "black in check with red to move"),
        ("", "empty FEN"),
    ],
)
def test_bad_fens_say_what_is_wrong(fen, message):
    with pytest.raises(InvalidInput) as err:
        parse_fen(fen)
    assert message.split()[-1] in str(err.value)
    for word in message.split():
        assert word in str(err.value)


# ---------------------------------------------------------------------------
# Move generation: the kernels against the plain-Python reference
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_kernel_perft_matches_published_counts(case):
    position = parse_fen(case.fen)
    for depth in range(1, 4):
        assert perft(position, depth).nodes == case.counts[depth - 1]
    assert position.fen() == case.fen  # left as it was


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_reference_perft_matches_published_counts(case):
    board = ReferenceBoard(parse_fen_setup(case.fen))
    assert reference_perft(board, 2) == case.counts[1]


def test_reference_perft_depth_3():
    case = next(c for c in CASES if c.name == "cpw-9")
    assert reference_perft(ReferenceBoard(parse_fen_setup(case.fen)), 3) == case.counts[2]


def _random_games(games: int, plies: int, seed: int):
    """Positions reached by random play from the start and the test positions."""
    rng = random.Random(seed)
    starts = [START_FEN] + [c.fen for c in CASES]
    for game in range(games):
        position = parse_fen(starts[game % len(starts)])
        for _ in range(plies):
            yield position
            moves = position.legal_moves()
            if not moves or position.outcome() is not None:
                break
            position.play(rng.choice(moves))


def test_legal_moves_match_the_reference_on_random_positions():
    seen = 0
    for position in _random_games(games=15, plies=50, seed=7):  # every start position
        reference = ReferenceBoard(parse_fen_setup(position.fen()))
        expected = sorted(iccs(m) for m in reference.legal_moves())
        assert sorted(format_iccs(m) for m in position.legal_moves()) == expected, position.fen()
        assert position.is_check() == reference.in_check(reference.red_to_move)
        seen += 1
    assert seen >= 600


def test_incremental_keys_and_undo():
    for position in _random_games(games=6, plies=80, seed=11):
        assert int(kb.compute_key(position.pos)) == int(position.keys[position.ply])
        assert parse_fen(position.fen()).hash() == position.hash()
    position = Position()
    before = (position.fen(), position.hash())
    rng = random.Random(3)
    for _ in range(60):
        moves = position.legal_moves()
        if not moves:
            break
        position.play(rng.choice(moves))
    while position.ply:
        position.undo()
    assert (position.fen(), position.hash()) == before


def test_kernel_and_reference_agree_after_captures_and_checks():
    # A position rich in cannon screens, horse legs and pins (published perft position 10).
    position = parse_fen(next(c.fen for c in CASES if c.name == "cpw-10"))
    for move in position.legal_moves():
        position.play(move)
        reference = ReferenceBoard(parse_fen_setup(position.fen()))
        assert len(position.legal_moves()) == len(reference.legal_moves())
        position.undo()


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "chinese", "wxf", "iccs_move"),
    [
        ("", "炮二平五", "C2=5", "h2e2"),
        ("", "马八进七", "H8+7", "b0c2"),
        ("", "兵七进一", "P7+1", "c3c4"),
        ("", "相三进五", "E3+5", "g0e2"),
        ("", "仕四进五", "A4+5", "f0e1"),
        ("", "车一进一", "R1+1", "i0i1"),
        ("h2e2", "马8进7", "H8+7", "h9g7"),
        ("h2e2", "炮8平5", "C8=5", "h7e7"),
        ("h2e2 h7e7", "炮五进四", "C5+4", "e2e6"),
        ("h2e2 h7e7 e2e6 d9e8", "炮五退二", "C5-2", "e6e4"),
    ],
)
def test_notation_examples(moves, chinese, wxf, iccs_move):
    position = parse_position("startpos moves " + moves if moves else "startpos")
    move = parse_iccs(iccs_move)
    assert format_chinese(position, move) == chinese
    assert format_wxf(position, move) == wxf
    for text in (chinese, wxf, iccs_move):
        assert parse_move(position, text) == move


def test_tandem_pieces_and_pawns():
    # Two red rooks on file e (front and rear), three red pawns on file c, two on file g.
    position = parse_fen("3k5/2P6/2P3P2/2P3P2/4R4/9/9/4R4/9/5K3 w")
    front_rook = parse_iccs("e5e6")
    assert format_chinese(position, front_rook) == "前车进一"
    assert format_wxf(position, front_rook) == "R++1"
    assert format_chinese(position, parse_iccs("e2d2")) == "后车平六"
    # Pawns on two files: the file replaces the piece name; WXF counts a, b, c...
    assert format_chinese(position, parse_iccs("c8b8")) == "前七平八"
    assert format_chinese(position, parse_iccs("c7b7")) == "中七平八"
    assert format_chinese(position, parse_iccs("g6h6")) == "后三平二"
    assert format_wxf(position, parse_iccs("g7h7")) == "Pa=2"


def test_notation_round_trips_and_is_unique_on_random_positions():
    rng = random.Random(9)
    for position in _random_games(games=3, plies=90, seed=5):
        moves = position.legal_moves()
        chinese = [format_chinese(position, m) for m in moves]
        wxf = [format_wxf(position, m) for m in moves]
        assert len(set(chinese)) == len(moves)
        assert len(set(wxf)) == len(moves)
        for i in rng.sample(range(len(moves)), min(3, len(moves))):
            assert parse_move(position, chinese[i]) == moves[i]
            assert parse_move(position, wxf[i]) == moves[i]


def test_traditional_and_full_width_input():
    position = parse_position("startpos moves h2e2")
    assert format_iccs(parse_move(position, "馬８進７")) == "h9g7"
    assert format_iccs(parse_move(position, "h8+7")) == "h9g7"
    assert format_iccs(parse_move(position, "C8.5")) == "h7e7"
    assert format_iccs(parse_move(position, "砲8平5")) == "h7e7"


@pytest.mark.parametrize("text", ["h2h8", "炮二进九", "C2=4x", "zz", "", "e0e2"])
def test_illegal_or_unreadable_moves(text):
    with pytest.raises(InvalidInput):
        parse_move(Position(), text)


# ---------------------------------------------------------------------------
# The end of the game
# ---------------------------------------------------------------------------


def test_checkmate_and_stalemate_lose():
    # Red's rook closes rank 9 while the other holds rank 8: mate.
    mated = parse_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w")
    mated.push("b0b9")
    assert mated.outcome().winner == "red" and mated.outcome().reason == "checkmate"
    # The black king may go nowhere (the rook on e8 holds d8 and e9) but is not in check.
    stalemated = parse_fen("3k5/4R4/9/9/9/9/9/9/9/4K4 b")
    outcome = stalemated.outcome()
    assert outcome is not None and outcome.winner == "red" and outcome.reason == "stalemate"
    assert stalemated.legal_moves() == []


def test_perpetual_check_loses_and_plain_repetition_draws():
    # Red checks with its rook on every move; Black's king steps back and forth.
    position = parse_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w")
    moves = iter(["a0a9"] + ["e9e8", "a9a8", "e8e9", "a8a9"] * 3)
    while position.outcome() is None:
        position.push(next(moves))
    assert position.outcome().reason == "perpetual check"
    assert position.outcome().winner == "black"
    quiet = parse_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w")
    shuffle = ["a0a1", "e9e8", "a1a0", "e8e9"]
    plies = 0
    while quiet.outcome() is None:
        quiet.push(shuffle[plies % 4])
        plies += 1
    assert quiet.outcome() == quiet.outcome().__class__(None, "repetition")
    assert plies == 8  # the start position for the third time


def test_no_capture_limit_draws():
    position = parse_fen(START_FEN.replace(" 0 1", " 119 60"))
    assert position.outcome() is None
    position.push("b0c2")
    assert position.outcome().reason == "no capture in 60 moves"
    assert format_fen(position).split()[4] == "120"


def _repeat(fen: str, cycle: list[str]) -> Position:
    position = parse_fen(fen)
    plies = 0
    while position.outcome() is None:
        position.push(cycle[plies % len(cycle)])
        plies += 1
        assert plies <= 4 * len(cycle)
    return position


def test_perpetual_chase_of_an_unprotected_piece_loses():
    # Red's rook follows Black's lone cannon up and down the b file.
    position = _repeat("4k4/9/Rc7/9/9/9/9/9/9/3K5 b", ["b7b5", "a7a5", "b5b7", "a5a7"])
    assert position.outcome() == position.outcome().__class__("black", "perpetual chase")
    # The same with colours swapped: Black's rook chases Red's cannon.
    position = _repeat("3k5/9/9/9/9/9/9/rC7/9/4K4 w", ["b2b4", "a2a4", "b4b2", "a4a2"])
    assert position.outcome().winner == "red"
    assert position.outcome().reason == "perpetual chase"


def test_chasing_a_protected_piece_or_an_uncrossed_pawn_draws():
    # Black's rook on b9 protects the cannon on b7 and on b5: no chase.
    position = _repeat("1r2k4/9/Rc7/9/9/9/9/9/9/3K5 b", ["b7b5", "a7a5", "b5b7", "a5a7"])
    assert position.outcome().reason == "repetition"
    # A pawn on its own side of the river may be attacked again and again.
    position = _repeat("4k4/9/9/9/9/9/Rp7/9/9/3K5 w", ["a3a4", "e9e8", "a4a3", "e8e9"])
    assert position.outcome().reason == "repetition"


def test_a_lesser_piece_chasing_a_rook_loses_even_if_it_is_protected():
    # Red's horse attacks Black's rook on every move; the rook on b9 protects it.
    cycle = ["b2b3", "a0c1", "b3b2", "c1a0"]
    for fen in ("4k4/9/9/9/9/9/9/1r7/9/N2K5 b", "1r2k4/9/9/9/9/9/9/1r7/9/N2K5 b"):
        position = _repeat(fen, cycle)
        assert position.outcome() == position.outcome().__class__("black", "perpetual chase")


def test_a_rook_chasing_an_unprotected_horse_loses():
    position = _repeat("4k4/9/9/9/9/9/1r7/9/9/N2K5 b", ["b3a3", "a0b2", "a3b3", "b2a0"])
    assert position.outcome() == position.outcome().__class__("red", "perpetual chase")

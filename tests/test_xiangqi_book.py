"""The Xiangqi opening book: its text format, mirrored look-ups, growing it, using it in a match."""

from __future__ import annotations

import random

import pytest

from tansuo.errors import InvalidInput
from tansuo.xiangqi import Position, parse_position
from tansuo.xiangqi.book import START_KEY, Book, book_key, grow_book
from tansuo.xiangqi.match import make_player


def test_parse_format_round_trip_and_weights():
    text = f"# a comment\n{START_KEY} | h2e2:5 b2e2:1\n\n{START_KEY} | h2e2:2 h0g2\n"
    book = Book.parse(text)
    assert book.moves(Position()) == [("h2e2", 7), ("b2e2", 1), ("h0g2", 1)]
    again = Book.parse(book.format())
    assert again.entries == book.entries


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("h2e2:5", "expected"),
        (f"{START_KEY} | z9z9:1", "bad move"),
        (f"{START_KEY} | h2e2:x", "bad move"),
        (f"{START_KEY} | h2e2:-1", "negative"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w | e0e1:1", "facing"),
    ],
)
def test_bad_book_lines_are_refused_with_their_number(text, message):
    with pytest.raises(InvalidInput, match=message):
        Book.parse("# first line\n" + text)


def test_a_mirrored_position_shares_the_entry():
    book = Book()
    after = parse_position("startpos moves h0g2")
    book.add(after, "h9g7", 3)
    mirrored = parse_position("startpos moves b0c2")
    assert book_key(mirrored) != book_key(after)
    assert book.moves(mirrored) == [("b9c7", 3)]
    with pytest.raises(InvalidInput, match="not a legal move"):
        book.add(Position(), "e0e2")


def test_choose_by_weight_or_the_heaviest():
    book = Book.parse(f"{START_KEY} | h2e2:9 b2e2:1")
    assert book.choose(Position()) == "h2e2"
    rng = random.Random(3)
    picks = {book.choose(Position(), rng) for _ in range(60)}
    assert picks == {"h2e2", "b2e2"}
    assert book.choose(parse_position("startpos moves a3a4")) is None


def test_grow_book_and_play_from_it(tmp_path):
    book = Book()
    seen = []
    added = grow_book(book, plies=2, time_limit=0.05, on_position=lambda p, m: seen.append(m))
    assert added == len(seen) >= 2
    first = book.choose(Position())
    assert first is not None
    path = tmp_path / "book.txt"
    book.write(path)
    player = make_player(f"tansuo:depth=1,book={path}")
    move = player.choose(Position(), 0.1)
    assert move is not None and move in Position().legal_moves()
    assert grow_book(Book.read(path), plies=1, time_limit=0.05) == 0  # already in the book
    with pytest.raises(InvalidInput):
        grow_book(book, plies=0, time_limit=1.0)

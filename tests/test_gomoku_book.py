"""The opening book: canonical form under the 8 symmetries and translation, the file, the build."""

from __future__ import annotations

import random

import pytest

from tansuo.errors import InvalidInput
from tansuo.gomoku import Board
from tansuo.gomoku.book import Book, canonical, transform, untransform


def test_transform_and_inverse():
    for s in range(8):
        for x, y in ((1, 2), (-3, 0), (4, -5)):
            assert untransform(s, *transform(s, x, y)) == (x, y)
    images = {transform(s, 1, 2) for s in range(8)}
    assert len(images) == 8


def test_canonical_key_is_invariant():
    rng = random.Random(3)
    stones = [(7, 7, 1), (8, 8, 2), (6, 8, 1), (9, 6, 2)]
    key = canonical(stones)[0]
    for s in range(8):
        dx, dy = rng.randrange(-3, 4), rng.randrange(-3, 4)
        moved = [(*transform(s, x, y), c) for x, y, c in stones]
        moved = [(x + dx + 20, y + dy + 20, c) for x, y, c in moved]
        assert canonical(moved)[0] == key
    assert canonical([(7, 7, 1), (8, 8, 2)])[0] != canonical([(7, 7, 1), (8, 9, 2)])[0]


@pytest.mark.parametrize("s", range(8))
def test_lookup_maps_the_reply_through_every_symmetry(s):
    # a knight's-move pair has no symmetry of its own: the reply is unique
    book = Book.parse("h8 i10 | j8\n")
    base = Board(22)
    black, white, reply = (base.xy(base.parse_move(m)) for m in ("h8", "i10", "j8"))

    def place(point):
        x, y = transform(s, point[0] - 7, point[1] - 14)
        return x + 10, y + 10

    board = Board(22)
    board.play(board.index(*place(black)))
    board.play(board.index(*place(white)))
    assert board.xy(book.lookup(board)) == place(reply)


def test_book_file_round_trip_and_errors():
    book = Book.parse("# comment\nh8 | i9\nh8 i9 | j8\n")
    assert len(book) == 2
    again = Book.parse(book.format())
    assert again.entries == book.entries
    with pytest.raises(InvalidInput, match="line 1"):
        Book.parse("h8 i9\n")
    with pytest.raises(InvalidInput, match="occupied"):
        Book.parse("h8 | h8\n")


def test_engine_plays_from_the_book():
    from tansuo.gomoku import Engine, EngineOptions

    engine = Engine(EngineOptions(threats=False), book=Book.parse("h8 | g7\n"))
    result = engine.search(Board(15, moves=["c3"]), time_limit=1)
    assert result.move == "b2" and result.stats.nodes == 0


def test_build_command(run_cli, tmp_path):
    out = tmp_path / "book.txt"
    run = run_cli("gomoku", "book", "build", "--stones", "1", "--time-limit", "0.05", "--out", out)
    assert run.code == 0, run.err
    book = Book.parse(out.read_text())
    assert len(book) == 1 and book.lookup(Board(15, moves=["h8"])) is not None
    again = run_cli("gomoku", "book", "build", "--stones", "1", "--out", out)
    assert again.code == 2  # exists: --force needed


def test_grow_from_openings_follows_the_main_line(run_cli, tmp_path):
    openings = tmp_path / "openings.txt"
    openings.write_text("15 h8 h9 f6\n15 h8 i9 j10\n")
    out = tmp_path / "book.txt"
    run = run_cli(
        "gomoku", "book", "build", "--from", str(openings), "--plies", "2",
        "--time-limit", "0.05", "--out", out,
    )  # fmt: skip
    assert run.code == 0, run.err
    text = out.read_text()
    assert f"made by: tansuo gomoku book build --from {openings} --plies 2" in text
    book = Book.parse(text)
    assert len(book) == 4  # two moves along each of the two lines
    for opening in ("h8 h9 f6", "h8 i9 j10"):
        board = Board(15, moves=opening.split())
        for _ in range(2):
            reply = book.lookup(board)
            assert reply is not None
            board.play(reply)
    # the same openings again, grown one move deeper: the stored lines are followed
    deeper = tmp_path / "deeper.txt"
    run = run_cli(
        "gomoku", "book", "build", "--from", str(openings), "--plies", "3",
        "--time-limit", "0.05", "--extend", out, "--out", deeper,
    )  # fmt: skip
    assert run.code == 0, run.err
    text = deeper.read_text()
    assert "# made by: tansuo gomoku book build --from" in text and "# then: " in text
    grown = Book.parse(text)
    assert len(grown) == 6 and all(grown.entries[k] == v for k, v in book.entries.items())

"""The opening book: positions in canonical form (8 symmetries plus translation) and replies.

A position's *canonical form* is the smallest text, over the eight
symmetries of the square (rotations and reflections), of its stones
translated so that the lowest column and row are 0. Two openings that differ
by a rotation, a reflection or a shift across the board share one entry, as
the seed document describes; a reply is stored in the canonical frame and
mapped back through the same symmetry and shift onto the real board.

The book file is text a person can extend, one entry a line::

    # position (moves from the empty board) | reply
    h8 | i9
    h8 i9 | j8

The position's moves are in the usual notation on any board (they are only
used relative to each other); the rule is not part of the key.

>>> from tansuo.gomoku import Board
>>> book = Book.parse("h8 | i9")
>>> board = Board(15, moves=["c3"])        # the same single stone elsewhere
>>> board.format_move(book.lookup(board))  # the reply, moved with it
'd4'
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from importlib import resources

from tansuo.errors import InvalidInput
from tansuo.files import read_text
from tansuo.gomoku import _kernels as K
from tansuo.gomoku.model import MAX_SIZE, Board

Stone = tuple[int, int, int]  # x, y (row 0 at the top), colour

SYMMETRIES = 8


def transform(s: int, x: int, y: int) -> tuple[int, int]:
    """Symmetry ``s`` (0-7) of the square applied to ``(x, y)``: rotations, then mirrored."""
    if s & 4:
        x = -x
    for _ in range(s & 3):
        x, y = -y, x
    return x, y


def untransform(s: int, x: int, y: int) -> tuple[int, int]:
    """The inverse of :func:`transform`."""
    for _ in range(s & 3):
        x, y = y, -x
    if s & 4:
        x = -x
    return x, y


def canonical(stones: Iterable[Stone]) -> tuple[str, int, int, int]:
    """``(key, symmetry, dx, dy)``: the smallest key, and the frame that gives it.

    A real point ``(x, y)`` is ``transform(symmetry, x, y) - (dx, dy)`` in
    the canonical frame.
    """
    stones = list(stones)
    best: tuple[str, int, int, int] | None = None
    for s in range(SYMMETRIES):
        moved = [(*transform(s, x, y), c) for x, y, c in stones]
        dx = min((x for x, _, _ in moved), default=0)
        dy = min((y for _, y, _ in moved), default=0)
        key = ";".join(
            f"{c}:{x - dx},{y - dy}" for x, y, c in sorted((x, y, c) for x, y, c in moved)
        )
        if best is None or key < best[0]:
            best = (key, s, dx, dy)
    assert best is not None
    return best


def _stones(board: Board) -> list[Stone]:
    return [(*board.xy(m), board.stone(m)) for m in board.history]


class Book:
    """Canonical position key -> the reply in the canonical frame."""

    def __init__(self, entries: dict[str, tuple[int, int]] | None = None) -> None:
        self.entries: dict[str, tuple[int, int]] = dict(entries or {})

    def __len__(self) -> int:
        return len(self.entries)

    def add(self, board: Board, reply: int) -> None:
        """Store ``reply`` (a cell of ``board``) as the answer to ``board``'s position."""
        key, s, dx, dy = canonical(_stones(board))
        x, y = transform(s, *board.xy(reply))
        self.entries[key] = (x - dx, y - dy)

    def lookup(self, board: Board) -> int | None:
        """The book's reply on ``board`` (a legal cell), or None."""
        if not board.history:
            return None
        key, s, dx, dy = canonical(_stones(board))
        found = self.entries.get(key)
        if found is None:
            return None
        x, y = untransform(s, found[0] + dx, found[1] + dy)
        if not (0 <= x < board.width and 0 <= y < board.height):
            return None
        move = board.index(x, y)
        if board.stone(move) != K.EMPTY or not board.is_legal(move):
            return None
        return move

    # -- the file ----------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Book:
        book = cls()
        for number, line in enumerate(text.splitlines(), 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if "|" not in line:
                raise InvalidInput(f"book line {number}: expected 'moves | reply'")
            moves, reply = (part.strip() for part in line.split("|", 1))
            board = Board(MAX_SIZE)
            try:
                for move in moves.split():
                    board.push(move)
                cell = board.parse_move(reply)
            except InvalidInput as exc:
                raise InvalidInput(f"book line {number}: {exc}") from None
            if board.stone(cell) != K.EMPTY:
                raise InvalidInput(f"book line {number}: the reply {reply} is occupied")
            book.add(board, cell)
        return book

    def format(self, header: Iterable[str] = ()) -> str:
        """The book as text (each entry's canonical position centred on a 15x15 board).

        ``header``: comment lines written first (e.g. how the book was made).
        A position too wide for 15x15 is written on the largest board. The
        frame is only for reading: the keys are canonical, so any frame reads
        back to the same entries.
        """
        lines = ["# tansuo Gomoku opening book: moves | reply (canonical positions)"]
        lines += [f"# {line}" for line in header]
        for key, (rx, ry) in sorted(self.entries.items()):
            stones = [
                (int(c), int(xy.split(",")[0]), int(xy.split(",")[1]))
                for c, xy in (item.split(":") for item in key.split(";"))
            ]
            xs = [x for _, x, _ in stones] + [rx]
            ys = [y for _, _, y in stones] + [ry]
            size = 15 if max(max(xs) - min(xs), max(ys) - min(ys)) < 15 else MAX_SIZE
            board = Board(size)
            # centred: the middle of the stones and the reply on the board's middle
            ox = (size - 1 - (max(xs) - min(xs))) // 2 - min(xs)
            oy = (size - 1 - (max(ys) - min(ys))) // 2 - min(ys)
            black = [(x, y) for c, x, y in stones if c == K.BLACK]
            white = [(x, y) for c, x, y in stones if c == K.WHITE]
            order: list[tuple[int, int]] = []
            for i in range(max(len(black), len(white))):
                order += black[i : i + 1] + white[i : i + 1]
            moves = [board.format_move(board.index(x + ox, y + oy)) for x, y in order]
            reply = board.format_move(board.index(rx + ox, ry + oy))
            lines.append(f"{' '.join(moves)} | {reply}")
        return "\n".join(lines) + "\n"


def read_book(path: str | os.PathLike[str]) -> Book:
    return Book.parse(read_text(path))


def bundled_book() -> Book:
    """The book that ships with tansuo (built by ``tansuo gomoku book build``)."""
    path = resources.files("tansuo.gomoku").joinpath("data/book.txt")
    return Book.parse(path.read_text("utf-8")) if path.is_file() else Book()


def opening_positions(max_stones: int) -> list[Board]:
    """Canonically distinct openings: black in the centre, each next stone within two cells."""
    seen: set[str] = set()
    frontier = [Board(15, moves=["h8"])]
    found: list[Board] = []
    while frontier:
        board = frontier.pop(0)
        key = canonical(_stones(board))[0]
        if key in seen:
            continue
        seen.add(key)
        found.append(board)
        if len(board.history) >= max_stones:
            continue
        for move in board.legal_moves():
            x, y = board.xy(move)
            if max(abs(x - 7), abs(y - 7)) > 2:
                continue
            child = board.copy()
            child.play(move)
            frontier.append(child)
    return found


def build_book(
    max_stones: int = 2,
    *,
    time_limit: float = 1.0,
    book: Book | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Book:
    """Search every opening up to ``max_stones`` stones and store the engine's reply."""
    from tansuo.gomoku.engine import Engine

    book = book if book is not None else Book()
    positions = opening_positions(max_stones)
    engine = Engine(max_memory=32 << 20, book=False)
    for i, board in enumerate(positions):
        result = engine.search(board, time_limit=time_limit)
        if result.move is not None:
            book.add(board, board.parse_move(result.move))
        if progress is not None:
            progress(i + 1, len(positions))
    return book


def grow_book(
    openings: Iterable[str],
    *,
    plies: int = 2,
    time_limit: float = 5.0,
    book: Book | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Book:
    """Grow ``book`` along the engine's main line from each opening, ``plies`` moves deep.

    ``openings``: positions as :func:`tansuo.gomoku.io.parse_position` reads
    them (e.g. the 26 renju openings, ``read_openings("renju26")``). Each
    position on the way is searched for ``time_limit`` seconds (the threat
    search included, the book not consulted), its reply stored and played; a
    position already in ``book`` keeps its entry and is followed through it.
    """
    from tansuo.gomoku.engine import Engine
    from tansuo.gomoku.io import parse_position

    book = book if book is not None else Book()
    lines = list(openings)
    engine = Engine(max_memory=128 << 20, book=False)
    for i, text in enumerate(lines):
        board = parse_position(text)
        engine.new_game()
        for _ in range(plies):
            if board.is_terminal():
                break
            reply = book.lookup(board)
            if reply is None:
                result = engine.search(board, time_limit=time_limit)
                if result.move is None:
                    break
                reply = board.parse_move(result.move)
                book.add(board, reply)
            board.play(reply)
        if progress is not None:
            progress(i + 1, len(lines))
    return book

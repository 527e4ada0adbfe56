"""The opening book: positions by FEN, each with weighted moves, in a text file.

One position a line: the first two FEN fields (the board and the side to
move), a bar, then moves in ICCS with their weights::

    # tansuo xiangqi opening book
    rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w | h2e2:12 b2e2:3

A position and its mirror image (files a and i swapped) share an entry: a
position not in the book is looked up mirrored and the move mirrored back.
:func:`grow_book` adds the engine's own choices, searched for a fixed time,
along the lines of the book itself. The book is off in matches unless a
player asks for it (``tansuo:book=FILE``).

>>> from tansuo.xiangqi import Position
>>> book = Book.parse(f"{START_KEY} | h2e2:3 b2e2:1")
>>> book.moves(Position())
[('h2e2', 3), ('b2e2', 1)]
>>> book.choose(Position())
'h2e2'
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from tansuo.errors import InvalidInput
from tansuo.files import read_text
from tansuo.xiangqi.model import START_FEN, Position, format_iccs, parse_iccs

START_KEY = " ".join(START_FEN.split()[:2])
"""The book key of the initial position."""

_FILES = "abcdefghi"


def book_key(position: Position) -> str:
    """The key of a position in the book: its FEN's board and side fields."""
    return " ".join(position.fen().split()[:2])


def _mirror_key(key: str) -> str:
    board, side = key.split()
    rows = []
    for row in board.split("/"):
        cells: list[str] = []
        for char in row:
            cells.extend("." * int(char) if char.isdigit() else char)
        text = "".join(reversed(cells))
        packed, empty = "", 0
        for char in text:
            if char == ".":
                empty += 1
                continue
            packed += (str(empty) if empty else "") + char
            empty = 0
        rows.append(packed + (str(empty) if empty else ""))
    return "/".join(rows) + " " + side


def _mirror_move(move: str) -> str:
    return "".join(_FILES[8 - _FILES.index(c)] if c in _FILES else c for c in move)


@dataclass
class Book:
    """Weighted moves by position.

    Parameters
    ----------
    entries : dict, optional
        ``key -> {move: weight}`` (keys from :func:`book_key`, moves in ICCS).

    Raises
    ------
    InvalidInput
        From :meth:`parse` and :meth:`read`: a line that is not ``FEN | move:weight ...``.

    Examples
    --------
    >>> from tansuo.xiangqi import Position
    >>> book = Book()
    >>> book.add(Position(), "h2e2", 2)
    >>> print(book.format().splitlines()[-1])
    rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w | h2e2:2
    """

    entries: dict[str, dict[str, int]] = field(default_factory=dict)

    # -- reading and writing ---------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Book:
        """A book from its text (see the module docstring); ``#`` lines are comments."""
        book = cls()
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            key, bar, rest = line.partition("|")
            fields = key.split()
            if not bar or len(fields) != 2 or fields[1] not in ("w", "b"):
                raise InvalidInput(f"book line {number}: expected 'BOARD SIDE | move:weight ...'")
            try:
                Position(" ".join(fields))
            except InvalidInput as exc:
                raise InvalidInput(f"book line {number}: {exc}") from None
            for item in rest.split():
                move, _, weight = item.partition(":")
                try:
                    parse_iccs(move)
                    amount = int(weight) if weight else 1
                except (InvalidInput, ValueError):
                    raise InvalidInput(f"book line {number}: bad move {item!r}") from None
                if amount < 0:
                    raise InvalidInput(f"book line {number}: negative weight in {item!r}")
                slot = book.entries.setdefault(" ".join(fields), {})
                slot[move] = slot.get(move, 0) + amount
        return book

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> Book:
        """A book from a file (see :meth:`parse`)."""
        return cls.parse(read_text(path))

    def format(self) -> str:
        """The book as text, positions sorted, moves by falling weight."""
        lines = ["# tansuo xiangqi opening book: FEN board and side | move:weight ..."]
        for key in sorted(self.entries):
            moves = sorted(self.entries[key].items(), key=lambda kv: (-kv[1], kv[0]))
            lines.append(f"{key} | " + " ".join(f"{m}:{w}" for m, w in moves))
        return "\n".join(lines) + "\n"

    def write(self, path: str | os.PathLike[str]) -> None:
        """Write the book to a file (replacing it)."""
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(self.format())

    def __len__(self) -> int:
        return len(self.entries)

    # -- using it --------------------------------------------------------------
    def add(self, position: Position, move: str, weight: int = 1) -> None:
        """Add ``weight`` to ``move`` (ICCS, legal in ``position``) in ``position``'s entry."""
        if parse_iccs(move) not in position.legal_moves():
            raise InvalidInput(f"{move} is not a legal move in {position.fen()}")
        slot = self.entries.setdefault(book_key(position), {})
        slot[move] = slot.get(move, 0) + weight

    def moves(self, position: Position) -> list[tuple[str, int]]:
        """The legal book moves of ``position`` with their weights, heaviest first."""
        key = book_key(position)
        found = self.entries.get(key)
        mirrored = False
        if found is None:
            found = self.entries.get(_mirror_key(key))
            mirrored = True
        if not found:
            return []
        legal = {format_iccs(m) for m in position.legal_moves()}
        out = []
        for move, weight in found.items():
            real = _mirror_move(move) if mirrored else move
            if real in legal and weight > 0:
                out.append((real, weight))
        return sorted(out, key=lambda kv: (-kv[1], kv[0]))

    def choose(self, position: Position, rng: random.Random | None = None) -> str | None:
        """A book move: the heaviest, or drawn by weight with ``rng``; None if out of book."""
        moves = self.moves(position)
        if not moves:
            return None
        if rng is None:
            return moves[0][0]
        return rng.choices([m for m, _ in moves], weights=[w for _, w in moves])[0]


def grow_book(
    book: Book,
    *,
    plies: int,
    time_limit: float,
    margin: int = 15,
    start: Position | None = None,
    on_position: Callable[[Position, list[str]], None] | None = None,
) -> int:
    """Add the engine's own choices to ``book``, ``plies`` deep from ``start``.

    Every position reached by book moves (or, past the book, by the
    engine's choices) is searched for ``time_limit`` seconds; its best move
    gets weight 2, and the second best (searched with the best one banned)
    weight 1 when it scores within ``margin`` points, so that both lines
    are grown. Positions already in the book are followed, not searched
    again.

    Parameters
    ----------
    book : Book
        Grown in place.
    plies : int
        How deep (moves from ``start``) the book reaches.
    time_limit : float
        Seconds per search.
    margin : int
        Evaluation points within which a second move is kept.
    start : Position, optional
        Default: the initial position.
    on_position : callable, optional
        Called with each searched position and the moves added.

    Returns
    -------
    int
        Positions added.

    Raises
    ------
    InvalidInput
        ``plies`` < 1 or ``time_limit`` <= 0.

    Examples
    --------
    >>> book = Book()
    >>> grow_book(book, plies=1, time_limit=0.05)
    1
    >>> len(book.moves(Position())) >= 1
    True
    """
    from tansuo.xiangqi.engine import Engine

    if plies < 1 or not time_limit > 0:
        raise InvalidInput(
            f"grow_book needs plies >= 1 and time_limit > 0, got {plies}, {time_limit}"
        )
    engine = Engine(max_memory=32 << 20)
    added = 0
    frontier = [start.copy() if start is not None else Position()]
    for _ in range(plies):
        following = []
        for position in frontier:
            if position.outcome() is not None:
                continue
            known = book.moves(position)
            if not known:
                first = engine.search(position, time_limit=time_limit)
                if first.move is None:
                    continue
                chosen = [first.move]
                book.add(position, first.move, 2)
                if len(position.legal_moves()) > 1:
                    second = engine.search(
                        position, time_limit=time_limit, banned=[parse_iccs(first.move)]
                    )
                    close = (
                        second.move is not None
                        and first.score is not None
                        and second.score is not None
                        and second.score >= first.score - margin
                    )
                    if close and second.move is not None:
                        book.add(position, second.move, 1)
                        chosen.append(second.move)
                added += 1
                if on_position is not None:
                    on_position(position, chosen)
                known = book.moves(position)
            for move, _ in known:
                child = position.copy()
                child.push(move)
                following.append(child)
        frontier = following
    return added


__all__ = ["START_KEY", "Book", "book_key", "grow_book"]

"""Tic-tac-toe: the smallest interesting game, solved (a draw) in a blink."""

from __future__ import annotations

from tansuo.adversarial.zobrist import ZobristKeys
from tansuo.errors import InvalidInput

# Cells are numbered 0..8 row by row from the top left; people see them as 1..9.
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)  # fmt: skip
LINE_MASKS = tuple(sum(1 << c for c in line) for line in LINES)
FULL = (1 << 9) - 1
# Centre first, then corners, then edges: the order that prunes best.
PREFERRED_ORDER = (4, 0, 2, 6, 8, 1, 3, 5, 7)
KEYS = ZobristKeys(9, 2)
SYMBOLS = "XO"


def _has_line(stones: int) -> bool:
    return any(stones & line == line for line in LINE_MASKS)


class TicTacToe:
    """Tic-tac-toe with make/unmake, bitboards and an incremental Zobrist key.

    X moves first. A move is a cell number 0..8 (row by row from the top left);
    :meth:`format_move` and :meth:`parse_move` use 1..9 for people.

    Examples
    --------
    >>> from tansuo.adversarial import search
    >>> game = TicTacToe.from_string("xx. oo. ...")   # X to move wins at once
    >>> result = search(game, depth=9)
    >>> game.format_move(result.move), result.describe_score()
    ('3', 'win in 1')
    """

    __slots__ = ("_key", "_played", "stones", "to_move")

    def __init__(self) -> None:
        self.stones = [0, 0]  # bitboards of X and O
        self.to_move = 0  # 0: X, 1: O
        self._played: list[int] = []
        self._key = 0

    @classmethod
    def from_string(cls, text: str) -> TicTacToe:
        """A position from 9 cells ``x``, ``o``, ``.`` row by row (spaces, ``/``, newlines ignored).

        The side to move follows from the counts: X moves first.
        """
        cells = [ch for ch in text.lower() if ch not in " /\n\t|,"]
        for i, ch in enumerate(cells):
            if ch not in "xo.-_":
                raise InvalidInput(f"unexpected {ch!r} at cell {i + 1}; use x, o and .")
        if len(cells) != 9:
            raise InvalidInput(f"a tic-tac-toe board has 9 cells, got {len(cells)}")
        game = cls()
        x = sum(1 << i for i, ch in enumerate(cells) if ch == "x")
        o = sum(1 << i for i, ch in enumerate(cells) if ch == "o")
        xs, os_ = x.bit_count(), o.bit_count()
        if xs not in (os_, os_ + 1):
            raise InvalidInput(f"{xs} X and {os_} O cannot happen: X moves first, then O")
        if _has_line(x) and _has_line(o):
            raise InvalidInput("both X and O have three in a row")
        game.stones = [x, o]
        game.to_move = xs - os_
        game._key = KEYS.hash_of(
            {i: 0 if ch == "x" else 1 for i, ch in enumerate(cells) if ch in "xo"},
            second_to_move=game.to_move == 1,
        )
        return game

    @classmethod
    def from_moves(cls, moves: str) -> TicTacToe:
        """The position after the cells ``1``..``9`` played in turn, X first (e.g. ``"519"``)."""
        game = cls()
        for i, ch in enumerate(moves.strip()):
            if ch in " ,":
                continue
            if ch not in "123456789":
                raise InvalidInput(f"move {i + 1}: {ch!r} is not a cell 1..9")
            if game.is_terminal():
                raise InvalidInput(f"move {i + 1}: the game is already over")
            cell = int(ch) - 1
            if (game.stones[0] | game.stones[1]) >> cell & 1:
                raise InvalidInput(f"move {i + 1}: cell {ch} is already taken")
            game.play(cell)
        return game

    def copy(self) -> TicTacToe:
        twin = TicTacToe()
        twin.stones = list(self.stones)
        twin.to_move = self.to_move
        twin._played = list(self._played)
        twin._key = self._key
        return twin

    # -- the Game protocol -------------------------------------------------

    def legal_moves(self) -> list[int]:
        occupied = self.stones[0] | self.stones[1]
        return [c for c in PREFERRED_ORDER if not occupied >> c & 1]

    def play(self, move: int) -> None:
        side = self.to_move
        self.stones[side] |= 1 << move
        self._key ^= KEYS.table[2 * move + side] ^ KEYS.side
        self.to_move = 1 - side
        self._played.append(move)

    def undo(self) -> None:
        move = self._played.pop()
        side = 1 - self.to_move
        self.stones[side] &= ~(1 << move)
        self._key ^= KEYS.table[2 * move + side] ^ KEYS.side
        self.to_move = side

    def is_terminal(self) -> bool:
        x, o = self.stones
        return (x | o) == FULL or _has_line(self.stones[1 - self.to_move])

    def evaluate(self) -> int:
        """-1 if the opponent just made three in a row; else open lines, mine minus theirs."""
        mine, theirs = self.stones[self.to_move], self.stones[1 - self.to_move]
        if _has_line(theirs):
            return -1
        open_mine = sum(1 for line in LINE_MASKS if not line & theirs and line & mine)
        open_theirs = sum(1 for line in LINE_MASKS if not line & mine and line & theirs)
        return open_mine - open_theirs

    def hash(self) -> int:
        return self._key

    # -- people -------------------------------------------------------------

    @staticmethod
    def format_move(move: int) -> str:
        return str(move + 1)

    def parse_move(self, text: str) -> int:
        """A cell ``1``..``9`` that is empty, as a move."""
        text = text.strip()
        if text not in tuple("123456789"):
            raise InvalidInput(f"tic-tac-toe moves are cells 1 to 9, got {text!r}")
        move = int(text) - 1
        if move not in self.legal_moves() or self.is_terminal():
            raise InvalidInput(f"cell {text} cannot be played here")
        return move

    @property
    def side_to_move(self) -> str:
        return SYMBOLS[self.to_move]

    def __str__(self) -> str:
        x, o = self.stones
        rows = []
        for r in range(3):
            cells = range(3 * r, 3 * r + 3)
            rows.append(" ".join("x" if x >> c & 1 else "o" if o >> c & 1 else "." for c in cells))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"TicTacToe.from_string({str(self).replace(chr(10), '/')!r})"

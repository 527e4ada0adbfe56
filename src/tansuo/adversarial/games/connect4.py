"""Connect Four on boards of any small size, with bitboards.

The board is one integer per side, a column of ``height + 1`` bits per
column (the extra bit on top keeps columns apart, so that shifting a whole
board by one column or one diagonal step never wraps around). This is
Pascal Pons's representation: ``current`` holds the stones of the side to
move, ``mask`` all stones, and ``current + mask`` is a unique key of the
position, so no Zobrist hashing is needed.
"""

from __future__ import annotations

from tansuo.errors import InvalidInput

MAX_SIDE = 9  # one digit per column in move strings


def _four_in_a_row(stones: int, shifts: tuple[int, ...]) -> bool:
    """Whether ``stones`` has four aligned along any of the ``shifts`` (four directions)."""
    for shift in shifts:
        pairs = stones & (stones >> shift)
        if pairs & (pairs >> (2 * shift)):
            return True
    return False


class ConnectFour:
    """Connect Four with make/unmake; a move is a column 0..width-1.

    The first player is X, the second O. :meth:`from_moves` reads the common
    notation of a game as a string of 1-based column digits (``"4453"``).

    Parameters
    ----------
    width, height : int
        Board size, 1 to 9 each (the standard board is 7 wide, 6 high).

    Examples
    --------
    >>> from tansuo.adversarial import search
    >>> game = ConnectFour(width=4, height=4)
    >>> search(game, depth=16).describe_score()      # 4x4 Connect Four is a draw
    '0'
    """

    __slots__ = (
        "_bottom",
        "_full",
        "_masks",
        "_order",
        "_shifts",
        "_top",
        "_weight_bits",
        "current",
        "height",
        "mask",
        "played",
        "width",
        "won",
    )

    def __init__(self, width: int = 7, height: int = 6) -> None:
        for name, value in (("width", width), ("height", height)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidInput(f"board {name} must be a whole number, got {value!r}")
            if not 1 <= value <= MAX_SIDE:
                raise InvalidInput(f"board {name} must be between 1 and {MAX_SIDE}, got {value}")
        self.width = width
        self.height = height
        self.current = 0
        self.mask = 0
        self.played: list[int] = []
        self.won = False  # whether the last move connected four
        self._masks: list[int] = []  # mask before each move, for undo
        stride = height + 1
        self._shifts = (1, height, height + 1, height + 2)  # vertical, two diagonals, horizontal
        self._bottom = [1 << (c * stride) for c in range(width)]
        self._top = [1 << (c * stride + height - 1) for c in range(width)]
        self._full = width * height
        # Centre columns first: they take part in the most lines of four.
        self._order = sorted(range(width), key=lambda c: (abs(2 * c - (width - 1)), c))
        self._weight_bits = _weight_bit_planes(_cell_weight_masks(width, height))

    @classmethod
    def from_moves(cls, moves: str, *, width: int = 7, height: int = 6) -> ConnectFour:
        """The position after a game given as 1-based column digits, e.g. ``"4453"``."""
        game = cls(width, height)
        for i, ch in enumerate(moves.strip()):
            if ch in " ,":
                continue
            if not ch.isdecimal() or not 1 <= int(ch) <= width:
                raise InvalidInput(f"move {i + 1}: {ch!r} is not a column 1..{width}")
            if game.is_terminal():
                raise InvalidInput(f"move {i + 1}: the game is already over")
            column = int(ch) - 1
            if game.mask & game._top[column]:
                raise InvalidInput(f"move {i + 1}: column {ch} is full")
            game.play(column)
        return game

    def copy(self) -> ConnectFour:
        twin = ConnectFour(self.width, self.height)
        twin.current, twin.mask, twin.played = self.current, self.mask, list(self.played)
        twin.won, twin._masks = self.won, list(self._masks)
        return twin

    # -- the Game protocol -------------------------------------------------

    def legal_moves(self) -> list[int]:
        mask, top = self.mask, self._top
        return [c for c in self._order if not mask & top[c]]

    def play(self, move: int) -> None:
        self._masks.append(self.mask)
        self.current ^= self.mask  # now the opponent's stones: they move next
        self.mask |= self.mask + self._bottom[move]  # the carry drops the stone on top
        self.played.append(move)
        # Only the move just played can complete a four: test it once, here.
        self.won = _four_in_a_row(self.current ^ self.mask, self._shifts)

    def undo(self) -> None:
        self.played.pop()
        self.mask = self._masks.pop()
        self.current ^= self.mask
        self.won = False  # a position that had a move after it was not over

    def is_terminal(self) -> bool:
        return self.won or len(self.played) == self._full

    def evaluate(self) -> int:
        """-1000 if the opponent has just connected four, 0 for a full board, else
        a positional score: stones on cells that lie on many lines of four."""
        if self.won:
            return -1000
        if len(self.played) == self._full:
            return 0
        mine = self.current
        opponent = mine ^ self.mask
        score = 0
        # sum of cell weights = sum over the weights' binary digits: few bit counts
        for digit, cells in self._weight_bits:
            score += digit * ((mine & cells).bit_count() - (opponent & cells).bit_count())
        return score

    def hash(self) -> int:
        return self.current + self.mask

    # -- people -------------------------------------------------------------

    @staticmethod
    def format_move(move: int) -> str:
        return str(move + 1)

    def parse_move(self, text: str) -> int:
        text = text.strip()
        if not text.isdecimal() or not 1 <= int(text) <= self.width:
            raise InvalidInput(f"Connect Four moves are columns 1 to {self.width}, got {text!r}")
        move = int(text) - 1
        if self.is_terminal() or move not in self.legal_moves():
            raise InvalidInput(f"column {text} cannot be played here")
        return move

    @property
    def side_to_move(self) -> str:
        return "XO"[len(self.played) % 2]

    def cell(self, column: int, row: int) -> str:
        """``"x"``, ``"o"`` or ``"."`` at ``(column, row)``, row 0 at the bottom."""
        bit = 1 << (column * (self.height + 1) + row)
        if not self.mask & bit:
            return "."
        mover_is_x = len(self.played) % 2 == 0  # X to move: current holds X's stones
        own = bool(self.current & bit)
        return "x" if own == mover_is_x else "o"

    def __str__(self) -> str:
        rows = [
            " ".join(self.cell(c, r) for c in range(self.width))
            for r in reversed(range(self.height))
        ]
        rows.append(" ".join(str(c + 1) for c in range(self.width)))
        return "\n".join(rows)

    def __repr__(self) -> str:
        line = "".join(str(c + 1) for c in self.played)
        return f"ConnectFour.from_moves({line!r}, width={self.width}, height={self.height})"


def _cell_weight_masks(width: int, height: int) -> list[tuple[int, int]]:
    """Group cells by how many lines of four pass through them: [(count, cells), ...]."""
    counts = [[0] * height for _ in range(width)]
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for c in range(width):
            for r in range(height):
                cells = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(0 <= x < width and 0 <= y < height for x, y in cells):
                    for x, y in cells:
                        counts[x][y] += 1
    groups: dict[int, int] = {}
    for c in range(width):
        for r in range(height):
            if counts[c][r]:
                groups[counts[c][r]] = groups.get(counts[c][r], 0) | 1 << (c * (height + 1) + r)
    return sorted(groups.items())


def _weight_bit_planes(groups: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Rewrite ``[(weight, cells)]`` as ``[(2**k, cells whose weight has bit k)]``."""
    top = max((w for w, _ in groups), default=0)
    planes = []
    for k in range(top.bit_length()):
        cells = 0
        for weight, group in groups:
            if weight >> k & 1:
                cells |= group
        if cells:
            planes.append((1 << k, cells))
    return planes

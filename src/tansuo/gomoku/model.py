"""The Gomoku board: sizes, rules, coordinates, and the ``tansuo.adversarial`` Game protocol.

>>> from tansuo.gomoku import Board
>>> board = Board(15, rule="renju")
>>> for move in ("h8", "h9", "i8", "i9", "j8", "j9", "k8"):
...     _ = board.push(move)
>>> board.winner, board.format_move(board.five_points(1)[0])
(None, 'g8')

Coordinates: ``h8`` is column ``h`` (``a`` on the left) and row 8 counted
from the bottom, as on printed diagrams; Gomocup's ``x,y`` is 0-based, column
first, row 0 at the top (the protocol's convention). Internally a move is the
index of its cell in the padded array of :mod:`tansuo.gomoku._kernels`.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.gomoku import _kernels as K

RULES = ("freestyle", "standard", "renju", "caro")
"""Rule names: five or more wins; exactly five; renju (black's forbidden moves); caro."""

RULE_CODES = {
    "freestyle": K.RULE_FREESTYLE,
    "standard": K.RULE_STANDARD,
    "renju": K.RULE_RENJU,
    "caro": K.RULE_CARO,
}
MIN_SIZE = 5
MAX_SIZE = 22
LETTERS = "abcdefghijklmnopqrstuvwxyz"
COLOUR_NAMES = {K.BLACK: "black", K.WHITE: "white"}

_TABLES: np.ndarray | None = None
_TABLES_BUILT: set[int] = set()  # the variants whose row of _TABLES is computed
_TABLES_LOCK = threading.Lock()
_ZOBRIST: dict[int, np.ndarray] = {}


class IllegalMove(InvalidInput):
    """A move on an occupied cell, off the board, forbidden, or after the game ended.

    An :class:`~tansuo.errors.InvalidInput`: the command line reports it on
    one line with exit code 2.

    Examples
    --------
    >>> from tansuo.gomoku import Board
    >>> try:
    ...     Board(15, moves=["h8", "h8"])
    ... except IllegalMove as exc:
    ...     print(exc)
    h8 is occupied
    """


def pattern_tables(*variants: int) -> np.ndarray:
    """The pattern tables, one row per variant (free, exact, caro), each computed once per process.

    The kernels read a board's rows only (``I_VAR_BLACK``, ``I_VAR_WHITE``),
    so a row is computed when a board first needs it: a freestyle command
    does not pay for the other two. All boards share the one array. No
    variants given: all of them.
    """
    global _TABLES
    wanted = variants or (K.VAR_FREE, K.VAR_EXACT, K.VAR_CARO)
    with _TABLES_LOCK:
        for v in wanted:
            if v in _TABLES_BUILT:
                continue
            row = K.build_table(v)
            if _TABLES is None:
                _TABLES = np.zeros((3, row.shape[0]), dtype=row.dtype)
            _TABLES[v] = row
            _TABLES_BUILT.add(v)
        assert _TABLES is not None
        return _TABLES


def _zobrist(n: int) -> np.ndarray:
    keys = _ZOBRIST.get(n)
    if keys is None:
        rng = np.random.default_rng(0x60_40_C0)
        keys = rng.integers(0, 2**63, size=(3, n), dtype=np.int64).astype(np.uint64)
        keys ^= rng.integers(0, 2**63, size=(3, n), dtype=np.int64).astype(np.uint64) << np.uint64(
            1
        )
        _ZOBRIST[n] = keys
    return keys


def _variants(rule: str) -> tuple[int, int]:
    if rule == "freestyle":
        return K.VAR_FREE, K.VAR_FREE
    if rule == "standard":
        return K.VAR_EXACT, K.VAR_EXACT
    if rule == "renju":
        return K.VAR_EXACT, K.VAR_FREE
    return K.VAR_CARO, K.VAR_CARO


def check_rule(rule: str) -> str:
    name = str(rule).strip().lower()
    if name not in RULE_CODES:
        raise InvalidInput(f"unknown rule {rule!r} (choose from {', '.join(RULES)})")
    return name


def check_size(width: int, height: int) -> None:
    for what, value in (("width", width), ("height", height)):
        if not isinstance(value, (int, np.integer)) or not MIN_SIZE <= value <= MAX_SIZE:
            raise InvalidInput(f"board {what} must be {MIN_SIZE}..{MAX_SIZE}, not {value!r}")


class Board:
    """A Gomoku position (mutable, with make/unmake), square or rectangular.

    Parameters
    ----------
    size : int
        Width and height (5..22; 15 and 20 are the tournament sizes).
    height : int, optional
        For a rectangular board: ``Board(20, height=15)`` is 20 wide, 15 high.
    rule : {"freestyle", "standard", "renju", "caro"}
        ``freestyle``: five or more in a row wins. ``standard``: exactly five.
        ``renju``: black wins with exactly five and may not make a double-three,
        a double-four or an overline (a five still wins); white wins with five
        or more. ``caro``: five or more, unless blocked at both ends (by the
        opponent or the edge).
    moves : iterable, optional
        Moves to play from the empty board (black first), as ``"h8"``, ``"7,7"``,
        ``(x, y)`` or cell indices.

    Raises
    ------
    InvalidInput
        A size out of range or an unknown rule; :class:`IllegalMove` (an
        ``InvalidInput``) for a move of ``moves`` that is off the board or
        not legal.

    Examples
    --------
    >>> board = Board(15, moves=["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9"])
    >>> board.side_to_move, [board.format_move(m) for m in board.five_points(1)]
    (1, ['g8', 'l8'])
    >>> _ = board.push("l8")  # black makes five
    >>> board.winner, board.is_terminal()
    (1, True)
    >>> board.undo()
    >>> board.winner is None
    True
    """

    def __init__(
        self,
        size: int = 15,
        *,
        height: int | None = None,
        rule: str = "freestyle",
        moves: Iterable[object] = (),
    ) -> None:
        width = size
        height = size if height is None else height
        check_size(width, height)
        self.width = int(width)
        self.height = int(height)
        self.rule = check_rule(rule)
        pw = self.width + 2
        n = (self.height + 12) * pw
        origin = 6 * pw
        board = np.full(n, K.WALL, dtype=np.int8)
        cells = np.array(
            [origin + y * pw + x for y in range(self.height) for x in range(self.width)],
            dtype=np.int64,
        )
        board[cells] = K.EMPTY
        info = np.zeros(K.INFO_SIZE, dtype=np.int64)
        var_b, var_w = _variants(self.rule)
        info[[K.I_WIDTH, K.I_HEIGHT, K.I_PW, K.I_SIZE, K.I_RULE]] = (
            self.width,
            self.height,
            pw,
            n,
            RULE_CODES[self.rule],
        )
        info[K.I_VAR_BLACK], info[K.I_VAR_WHITE], info[K.I_ORIGIN] = var_b, var_w, origin
        code = np.zeros((3, n, 4), dtype=np.int64)
        pat = np.zeros((3, n, 4), dtype=np.int8)
        score = np.zeros((3, n), dtype=np.int64)
        tot = np.zeros(3, dtype=np.int64)
        fivecnt = np.zeros(K.FIVECNT_SIZE, dtype=np.int64)
        near = np.zeros(n, dtype=np.int16)
        key = np.zeros(1, dtype=np.uint64)
        tables = pattern_tables(var_b, var_w)
        K.init_state(board, code, pat, score, tot, fivecnt, info, tables)
        self.pw = pw
        self.origin = origin
        self.cells = cells
        self.state = (
            board,
            code,
            pat,
            score,
            tot,
            fivecnt,
            near,
            _zobrist(n),
            key,
            info,
            tables,
            cells,
        )
        self.history: list[int] = []
        self.winner: int | None = None
        self._first = K.BLACK  # who made history[0] (white after set_stones with a pass)
        self._buffer = np.empty(len(cells), dtype=np.int64)
        for move in moves:
            self.push(move)

    # -- coordinates -------------------------------------------------------

    def index(self, x: int, y: int) -> int:
        """The cell index of Gomocup ``(x, y)`` (0-based, row 0 at the top)."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IllegalMove(f"{x},{y} is off the {self.width}x{self.height} board")
        return self.origin + y * self.pw + x

    def xy(self, move: int) -> tuple[int, int]:
        """Gomocup ``(x, y)`` of a cell index."""
        y, x = divmod(int(move) - self.origin, self.pw)
        return x, y

    def parse_move(self, text: object) -> int:
        """A cell index from ``"h8"``, ``"7,7"``, ``(x, y)`` or an index."""
        if isinstance(text, (int, np.integer)):
            move = int(text)
            if (
                not (0 <= move < self.state[K.ST_BOARD].shape[0])
                or self.state[K.ST_BOARD][move] == K.WALL
            ):
                raise IllegalMove(f"{move} is not a cell of the board")
            return move
        if isinstance(text, tuple) and len(text) == 2:
            return self.index(int(text[0]), int(text[1]))
        s = str(text).strip().lower()
        m = re.fullmatch(r"(\d{1,4})\s*,\s*(\d{1,4})", s)  # (never int() of 5,000 digits)
        if m:
            return self.index(int(m.group(1)), int(m.group(2)))
        m = re.fullmatch(r"([a-z])(\d{1,4})", s)
        if m:
            x = LETTERS.index(m.group(1))
            row = int(m.group(2))
            if not (x < self.width and 1 <= row <= self.height):
                raise IllegalMove(f"{s} is off the {self.width}x{self.height} board")
            return self.index(x, self.height - row)
        raise InvalidInput(f"bad move {text!r} (expected like h8 or 7,7)")

    def format_move(self, move: int) -> str:
        """``"h8"`` for a cell index."""
        x, y = self.xy(move)
        return f"{LETTERS[x]}{self.height - y}"

    def format_xy(self, move: int) -> str:
        """Gomocup ``"x,y"`` for a cell index."""
        x, y = self.xy(move)
        return f"{x},{y}"

    # -- state -------------------------------------------------------------

    @property
    def side_to_move(self) -> int:
        """1 (black) or 2 (white): black moves first, then turns alternate."""
        return self._first if len(self.history) % 2 == 0 else 3 - self._first

    @classmethod
    def from_stones(
        cls,
        black: list[object],
        white: list[object],
        *,
        size: int = 15,
        height: int | None = None,
        rule: str = "freestyle",
        to_move: int | None = None,
    ) -> Board:
        """A board with these stones (as a GUI sends them), whatever their counts.

        Stones are placed without the rule checks of :meth:`play` (a position
        is given, not a game replayed); ``to_move`` defaults to black when the
        counts are equal and white when black has one more.
        """
        board = cls(size, height=height, rule=rule)
        cells_b = [board.parse_move(m) for m in black]
        cells_w = [board.parse_move(m) for m in white]
        if len(set(cells_b + cells_w)) != len(cells_b) + len(cells_w):
            raise IllegalMove("two stones on one cell")
        if to_move is None:
            to_move = K.BLACK if len(cells_b) <= len(cells_w) else K.WHITE
        # interleave so that the last stone placed is the opponent's of ``to_move``
        order: list[tuple[int, int]] = []
        first_b = len(cells_b) > len(cells_w) or (
            len(cells_b) == len(cells_w) and to_move == K.BLACK
        )
        queues = {K.BLACK: list(cells_b), K.WHITE: list(cells_w)}
        colour = K.BLACK if first_b else K.WHITE
        while queues[K.BLACK] or queues[K.WHITE]:
            if not queues[colour]:
                colour = 3 - colour
            order.append((queues[colour].pop(0), colour))
            colour = 3 - colour
        board._first = order[0][1] if order else to_move
        for cell, colour in order:
            wins = bool(K.is_five_move(board.state, cell, colour))
            K.make(board.state, cell, colour)
            board.history.append(cell)
            if wins:
                board.winner = colour
        # the parity of the history decides the side to move: fix the start
        if board.side_to_move != to_move:
            board._first = 3 - board._first
        return board

    def stone(self, move: int) -> int:
        return int(self.state[K.ST_BOARD][move])

    def copy(self) -> Board:
        other = Board(self.width, height=self.height, rule=self.rule)
        other._first = self._first
        for move in self.history:
            colour = other.side_to_move
            wins = bool(K.is_five_move(other.state, move, colour))
            K.make(other.state, move, colour)
            other.history.append(move)
            if wins:
                other.winner = colour
        return other

    def with_side_to_move(self, colour: int) -> Board:
        """A copy with ``colour`` to move: the other side passes first when it is its turn.

        A threat search for the side not to move plays its line after such a pass.
        """
        other = self.copy()
        if other.side_to_move != colour:
            other._first = 3 - other._first
        return other

    def is_full(self) -> bool:
        return len(self.history) >= len(self.cells)

    def forbidden(self, move: int) -> bool:
        """Whether ``move`` is a renju forbidden point for black (False under other rules)."""
        return (
            self.rule == "renju"
            and self.state[K.ST_BOARD][move] == K.EMPTY
            and bool(K.is_forbidden(self.state, move))
        )

    def is_legal(self, move: int, colour: int | None = None) -> bool:
        colour = self.side_to_move if colour is None else colour
        return bool(K.is_legal(self.state, move, colour))

    def makes_five(self, move: int, colour: int | None = None) -> bool:
        colour = self.side_to_move if colour is None else colour
        return self.state[K.ST_BOARD][move] == K.EMPTY and bool(
            K.is_five_move(self.state, move, colour)
        )

    def five_points(self, colour: int) -> list[int]:
        """Cells where ``colour`` would complete a winning five."""
        n = K.five_points(self.state, colour, self._buffer)
        return [int(m) for m in self._buffer[:n]]

    def check_move(self, move: int) -> None:
        """Raise :class:`IllegalMove` with the reason if the side to move may not play ``move``."""
        if self.winner is not None:
            raise IllegalMove(f"the game is over: {COLOUR_NAMES[self.winner]} has won")
        if self.state[K.ST_BOARD][move] != K.EMPTY:
            raise IllegalMove(f"{self.format_move(move)} is occupied")
        if self.side_to_move == K.BLACK and self.forbidden(move):
            raise IllegalMove(f"{self.format_move(move)} is forbidden for black under renju")

    def push(self, move: object) -> int:
        """Parse, check and play a move; returns its cell index."""
        cell = self.parse_move(move)
        self.play(cell)
        return cell

    # -- the Game protocol ---------------------------------------------------

    def legal_moves(self) -> list[int]:
        """Empty cells within two of a stone (the centre on an empty board), best first."""
        if self.winner is not None:
            return []
        n = K.candidates(self.state, self.side_to_move, self._buffer)
        moves = self._buffer[:n]
        side = self.side_to_move
        score = self.state[K.ST_SCORE]
        order = np.argsort(-(2 * score[side, moves] + score[3 - side, moves]), kind="stable")
        return [int(m) for m in moves[order]]

    def play(self, move: int) -> None:
        self.check_move(move)
        side = self.side_to_move
        wins = bool(K.is_five_move(self.state, move, side))
        K.make(self.state, move, side)
        self.history.append(move)
        if wins:
            self.winner = side

    def undo(self) -> None:
        if not self.history:
            raise InvalidInput("no move to take back")
        move = self.history.pop()
        K.unmake(self.state, move)
        self.winner = None

    def is_terminal(self) -> bool:
        return self.winner is not None or self.is_full()

    def evaluate(self) -> int:
        """From the side to move: -1 lost, 0 a full board, else the static line score."""
        if self.winner is not None:
            return -1
        if self.is_full():
            return 0
        return int(K.evaluate(self.state, self.side_to_move))

    def hash(self) -> int:
        key = int(self.state[K.ST_KEY][0])
        return key ^ int(K.SALT_WHITE) if self.side_to_move == K.WHITE else key

    # -- display -----------------------------------------------------------

    def __str__(self) -> str:
        from tansuo.gomoku.render import format_board

        return format_board(self)

    def __repr__(self) -> str:
        shape = (
            f"{self.width}" if self.width == self.height else f"{self.width}, height={self.height}"
        )
        moves = " ".join(self.format_move(m) for m in self.history)
        return f"Board({shape}, rule={self.rule!r}, moves={moves.split()!r})"

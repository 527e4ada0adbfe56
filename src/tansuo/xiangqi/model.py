"""The Xiangqi position: pieces, rules, the game record, and the ``Game`` protocol.

Coordinates are ICCS: files ``a``-``i`` from Red's left, ranks ``0``-``9``
from Red's back rank, so a point is named like ``e0`` (Red's king at the
start) and a move like ``h2e2`` (炮二平五, the central cannon). Internally a
move is an int (``from_cell | to_cell << 8`` on the engine's 16x16 mailbox);
:func:`format_iccs` and :func:`parse_iccs` convert.

:class:`Position` is mutable, like a board on the table: :meth:`Position.play`
and :meth:`Position.undo` change it, and it keeps the game record, which the
rules need (repetitions, the 60-move rule). It implements the
:class:`tansuo.adversarial.Game` protocol, so the generic searches of
:mod:`tansuo.adversarial` can play it.

The rules
---------
* The usual moves: the king and advisors stay in the palace, elephants move
  two points diagonally without crossing the river and are blocked by a piece
  on the point between (the eye), horses are blocked by a piece next to them
  in the direction of the leap (the leg), cannons capture by jumping over
  exactly one piece (the screen), pawns move one point forward, and also
  sideways once across the river. No move may leave the mover's king attacked
  or the two kings facing each other on a file with nothing between them.
* A side with no legal move loses (checkmate and stalemate alike).
* Repetition: when a position occurs for the ``repetitions``-th time (3 by
  default) the game ends. A side that gave check with every one of its moves
  since the first of those occurrences while the other did not (perpetual
  check) loses. Otherwise, a side each of whose moves in the cycle gave
  check or chased while the other's did not (perpetual chase) loses; any
  other repetition is a draw. A move *chases* when the piece it moved can
  now capture an enemy piece it could not capture before, and that piece
  is unprotected (the other side could not take back on its point), or is a
  rook attacked by a horse, cannon, elephant or advisor. A king or a pawn
  may chase freely, and a pawn that has not crossed the river may be
  chased freely. These are the common cases of the Asian rules; their finer
  points (discovered chases, pinned protectors, several pieces chasing in
  turn) are not judged.
* 120 plies (60 moves) in a row without a capture draw the game, unless the
  last of them mates.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from tansuo.errors import InvalidInput
from tansuo.xiangqi._kernels import board as kb
from tansuo.xiangqi._kernels.board import REPETITION_DRAW, REPETITION_LOSS, REPETITION_WIN

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
"""The initial position, as UCCI engines write it (``startpos``)."""

Side = Literal["red", "black"]
SIDES: tuple[Side, Side] = ("red", "black")

PIECE_LETTERS = "KABNRCP"
"""FEN letters by piece type (index = ``_kernels.board`` type code); Red upper case."""

PIECE_NAMES = ("king", "advisor", "elephant", "horse", "rook", "cannon", "pawn")

MAX_PIECES = {"K": 1, "A": 2, "B": 2, "N": 2, "R": 2, "C": 2, "P": 5}
"""How many pieces of each kind a side can have (Xiangqi has no promotion)."""

FILES = "abcdefghi"
NO_CAPTURE_LIMIT = kb.NO_CAPTURE_LIMIT
"""Plies without a capture that draw the game (60 moves)."""

_MASK64 = (1 << 64) - 1


# ---------------------------------------------------------------------------
# Points and moves
# ---------------------------------------------------------------------------


def point_cell(file: int, rank: int) -> int:
    """The engine's mailbox cell of the point at ``file`` (0 = a) and ICCS ``rank`` (0-9)."""
    return kb.cell_of(9 - rank, file)


def cell_point(cell: int) -> tuple[int, int]:
    """``(file, rank)`` of a mailbox cell (ICCS rank: 0 = Red's back rank)."""
    return int(kb.FILE_OF[cell]), 9 - int(kb.ROW_OF[cell])


def square_name(cell: int) -> str:
    """ICCS name of a cell, such as ``"e0"``."""
    file, rank = cell_point(cell)
    return f"{FILES[file]}{rank}"


def parse_square(text: str) -> int:
    """The cell of an ICCS point name such as ``"e0"`` (case-insensitive)."""
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in FILES or not t[1].isdecimal():
        raise InvalidInput(f"{text!r} is not a point: expected a file a-i and a rank 0-9, like e0")
    return point_cell(FILES.index(t[0]), int(t[1]))


def move_code(frm: int, to: int) -> int:
    """The int of the move from cell ``frm`` to cell ``to``."""
    return frm | (to << 8)


def move_cells(move: int) -> tuple[int, int]:
    """``(from_cell, to_cell)`` of a move int."""
    return move & 255, (move >> 8) & 255


def format_iccs(move: int) -> str:
    """ICCS coordinates of a move, as UCCI writes them: ``"h2e2"``.

    Parameters
    ----------
    move : int
        A move int (``from_cell | to_cell << 8``).

    Returns
    -------
    str

    Raises
    ------
    IndexError
        ``move`` names a cell off the board.

    Examples
    --------
    >>> format_iccs(parse_iccs("h2e2"))
    'h2e2'
    """
    frm, to = move_cells(move)
    return square_name(frm) + square_name(to)


def parse_iccs(text: str) -> int:
    """A move int from ICCS coordinates: ``h2e2``, ``H2-E2`` (no legality check).

    Parameters
    ----------
    text : str

    Returns
    -------
    int
        ``from_cell | to_cell << 8`` on the engine's mailbox.

    Raises
    ------
    InvalidInput
        The text is not two points ``a0``-``i9``.

    Examples
    --------
    >>> format_iccs(parse_iccs("H2-E2"))
    'h2e2'
    """
    t = text.strip().replace("-", "")
    if len(t) != 4:
        raise InvalidInput(f"{text!r} is not an ICCS move: expected four characters like h2e2")
    return move_code(parse_square(t[:2]), parse_square(t[2:]))


# ---------------------------------------------------------------------------
# Set-ups (what a FEN says) and outcomes
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Setup:
    """The content of a FEN: ten rows of nine points and the counters.

    Attributes
    ----------
    rows : tuple of str
        Ten strings of nine characters, Black's back rank first (FEN order);
        a piece letter (Red upper case, ``KABNRCP``) or ``.`` for an empty point.
    red_to_move : bool
    clock : int
        Plies since the last capture (the FEN's half-move field).
    fullmove : int
        The move number (starts at 1, grows after Black's move).

    Examples
    --------
    >>> from tansuo.xiangqi import Position
    >>> setup = Position().setup()
    >>> setup.rows[0], setup.red_to_move
    ('rnbakabnr', True)
    """

    rows: tuple[str, ...]
    red_to_move: bool = True
    clock: int = 0
    fullmove: int = 1

    def pieces(self) -> Iterator[tuple[int, int, str]]:
        """``(row, file, letter)`` of every piece, row 0 being Black's back rank."""
        for row, text in enumerate(self.rows):
            for file, letter in enumerate(text):
                if letter != ".":
                    yield row, file, letter


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    Attributes
    ----------
    winner : {"red", "black"} or None
        None for a draw.
    reason : str
        ``"checkmate"``, ``"stalemate"`` (no legal move: a loss too),
        ``"perpetual check"``, ``"perpetual chase"`` (both a loss for the
        side that repeated them), ``"repetition"`` (a draw) or ``"no capture
        in 60 moves"`` (a draw).

    Examples
    --------
    >>> from tansuo.xiangqi import parse_position
    >>> parse_position("fen 3k5/R8/9/9/9/9/9/9/9/1R2K4 w moves b0b9").outcome()
    Outcome(winner='red', reason='checkmate')
    """

    winner: Side | None
    reason: str

    @property
    def result(self) -> str:
        """The result as PGN writes it, Red first: ``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == "red" else "0-1"


# ---------------------------------------------------------------------------
# The position
# ---------------------------------------------------------------------------


def _as_mover(position: Position, side: Side) -> Position:
    """``position`` with ``side`` to move (no record): what ``side`` could do next."""
    import dataclasses

    setup = dataclasses.replace(position.setup(), red_to_move=side == "red", clock=0)
    return Position.from_setup(setup)


def _captures_from(position: Position, cell: int) -> set[int]:
    """Points the piece on ``cell`` (of the side to move) can legally capture on."""
    found = set()
    for move in position.legal_moves():
        frm, to = move & 0xFF, move >> 8
        if frm == cell and position.pos[to] != 0:
            found.add(to)
    return found


def _crossed_river(letter: str, cell: int) -> bool:
    rank = cell_point(cell)[1]
    return rank >= 5 if letter.isupper() else rank <= 4


def _chases(before: Position, after: Position, move: int) -> bool:
    """Whether ``move`` (from ``before`` to ``after``, not a check) chased a piece."""
    frm, to = move & 0xFF, move >> 8
    letter = before.piece_at(frm)
    assert letter is not None
    if letter.upper() in "KP":
        return False  # the king and the pawns may chase freely
    mover: Side = "red" if letter.isupper() else "black"
    before_targets = _captures_from(before, frm)  # ``before``: the mover is to move
    threat = _as_mover(after, mover)
    for target in _captures_from(threat, to) - before_targets:
        victim = threat.piece_at(target)
        assert victim is not None
        kind = victim.upper()
        if kind == "K" or (kind == "P" and not _crossed_river(victim, target)):
            continue
        if kind == "R" and letter.upper() in "NCBA":
            return True  # a rook attacked by a lesser piece, protected or not
        taken = threat.copy()
        taken.play(move_code(to, target))
        if not any((reply >> 8) == target for reply in taken.legal_moves()):
            return True  # nothing can take back: the piece hangs
    return False


class Position:
    """A Xiangqi position with its game record: mutable, kernel-backed.

    Parameters
    ----------
    fen : str, optional
        The position to start from (default: the initial position). Any FEN
        that :func:`tansuo.xiangqi.parse_fen` accepts.
    repetitions : int
        How many occurrences of one position end the game (3, the usual rule).
        The engine's search scores the first repetition as that end (a side
        that can repeat once can repeat again); pass 2 for the same rule here.

    Examples
    --------
    >>> pos = Position()
    >>> len(pos.legal_moves())
    44
    >>> pos.push("炮二平五")          # ICCS, WXF or Chinese notation
    'h2e2'
    >>> pos.push("h7e7"), pos.side
    ('h7e7', 'red')
    >>> pos.undo(); pos.undo(); pos.fen() == START_FEN
    True
    """

    __slots__ = ("_frames", "_start_move", "keys", "pos", "record", "repetitions")

    def __init__(self, fen: str | None = None, *, repetitions: int = 3) -> None:
        from tansuo.xiangqi.io import parse_fen_setup

        self._setup(parse_fen_setup(START_FEN if fen is None else fen), repetitions)
        if kb.king_attacked(self.pos, 1 - int(self.pos[kb.SIDE])):
            other = SIDES[1 - SIDES.index(self.side)]
            raise InvalidInput(
                f"FEN has {other} in check with {self.side} to move: not a position of a game"
            )

    @classmethod
    def from_setup(cls, setup: Setup, *, repetitions: int = 3) -> Position:
        """A position from an already checked :class:`Setup` (no legality checks)."""
        position = cls.__new__(cls)
        position._setup(setup, repetitions)
        return position

    def _setup(self, setup: Setup, repetitions: int) -> None:
        if isinstance(repetitions, bool) or not isinstance(repetitions, int) or repetitions < 2:
            raise InvalidInput(f"repetitions must be a whole number >= 2, got {repetitions!r}")
        self.repetitions = repetitions
        self.pos, self.keys, self.record = kb.new_board()
        self._frames = kb.new_frames(1)
        free = {}
        for side in (kb.RED, kb.BLACK):
            for kind in range(kb.PIECE_TYPES):
                free[side, kind] = [
                    1 + 16 * side + i for i, k in enumerate(kb.SLOT_TYPES_OF_SIDE) if k == kind
                ]
        for row, file, letter in setup.pieces():
            side = kb.RED if letter.isupper() else kb.BLACK
            slot = free[side, PIECE_LETTERS.index(letter.upper())].pop(0)
            cell = kb.cell_of(row, file)
            self.pos[cell] = slot
            self.pos[kb.SQUARES + slot] = cell
        self.pos[kb.SIDE] = kb.RED if setup.red_to_move else kb.BLACK
        self.pos[kb.PLY] = 0
        self.keys[0] = kb.compute_key(self.pos)
        self.record[0, kb.CLOCK] = setup.clock
        self.record[0, kb.CHECKED] = kb.king_attacked(self.pos, int(self.pos[kb.SIDE]))
        self._start_move = setup.fullmove

    # -- reading the position ------------------------------------------------
    @property
    def side(self) -> Side:
        """The side to move: ``"red"`` or ``"black"``."""
        return SIDES[int(self.pos[kb.SIDE])]

    @property
    def ply(self) -> int:
        """Moves played since this position was set up."""
        return int(self.pos[kb.PLY])

    @property
    def clock(self) -> int:
        """Plies since the last capture (the FEN's half-move field)."""
        return int(self.record[self.ply, kb.CLOCK])

    @property
    def fullmove(self) -> int:
        """The move number, as FEN counts it."""
        red_started = int(self.pos[kb.SIDE]) == self.ply % 2
        return self._start_move + (self.ply + (0 if red_started else 1)) // 2

    @property
    def moves_played(self) -> list[int]:
        """The moves of the game record, in order."""
        return [int(self.record[i, kb.MOVE]) for i in range(1, self.ply + 1)]

    def piece_at(self, cell: int) -> str | None:
        """The FEN letter of the piece on a cell (Red upper case), or None."""
        slot = int(self.pos[cell])
        if slot == 0:
            return None
        letter = PIECE_LETTERS[int(kb.SLOT_TYPE[slot])]
        return letter if kb.SIDE_OF_SLOT[slot] == kb.RED else letter.lower()

    def rows(self) -> tuple[str, ...]:
        """The board as ten strings of nine characters (Black's back rank first, ``.`` empty)."""
        return tuple(
            "".join(self.piece_at(kb.cell_of(row, file)) or "." for file in range(9))
            for row in range(10)
        )

    def setup(self) -> Setup:
        """The current position as a :class:`Setup` (what its FEN says)."""
        return Setup(self.rows(), self.side == "red", self.clock, self.fullmove)

    def fen(self) -> str:
        """The FEN of the current position."""
        from tansuo.xiangqi.io import format_fen

        return format_fen(self.setup())

    def copy(self) -> Position:
        """An independent copy, game record included."""
        twin = Position.__new__(Position)
        twin.repetitions = self.repetitions
        twin.pos, twin.keys, twin.record = self.pos.copy(), self.keys.copy(), self.record.copy()
        twin._frames = kb.new_frames(1)
        twin._start_move = self._start_move
        return twin

    def __repr__(self) -> str:
        return f"Position({self.fen()!r})"

    def __str__(self) -> str:
        from tansuo.xiangqi.render import format_board

        return format_board(self, ascii_only=True)

    # -- moves -----------------------------------------------------------------
    def legal_moves(self) -> list[int]:
        """The legal moves of the side to move, as move ints (see :func:`format_iccs`)."""
        n = kb.generate_legal_moves(self.pos, self.keys, self.record, self._frames, 0)
        return self._frames[0, kb.MOVES : kb.MOVES + n].tolist()

    def play(self, move: int) -> None:
        """Play a legal move (not checked: use :meth:`push` for moves from people)."""
        if self.ply >= kb.HISTORY:
            raise InvalidInput(f"the game record is full ({kb.HISTORY} plies)")
        kb.make_move(self.pos, self.keys, self.record, move)
        self.record[self.ply, kb.CHECKED] = kb.king_attacked(self.pos, int(self.pos[kb.SIDE]))

    def undo(self) -> None:
        """Take back the last move."""
        if self.ply == 0:
            raise InvalidInput("no move to take back")
        kb.unmake_move(self.pos, self.record)

    def push(self, text: str) -> str:
        """Play a move given in ICCS (``h2e2``), WXF (``C2=5``) or Chinese (``炮二平五``).

        Returns the move in ICCS. Raises :class:`InvalidInput` if the text is
        not a move or the move is illegal here.
        """
        from tansuo.xiangqi.io import parse_move

        move = parse_move(self, text)
        self.play(move)
        return format_iccs(move)

    # -- the state of the game -------------------------------------------------
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
        return bool(self.record[self.ply, kb.CHECKED])

    def repetition_count(self) -> int:
        """How many times the current position has occurred since the last capture."""
        return int(kb.repetition_count(self.pos, self.keys, self.record))

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on (see the module docstring)."""
        side = self.side
        other: Side = "black" if side == "red" else "red"
        if not kb.has_legal_move(self.pos, self.keys, self.record, self._frames, 0):
            return Outcome(other, "checkmate" if self.is_check() else "stalemate")
        verdict = kb.repetition_verdict(self.pos, self.keys, self.record, self.repetitions)
        if verdict == REPETITION_WIN:
            return Outcome(side, "perpetual check")
        if verdict == REPETITION_LOSS:
            return Outcome(other, "perpetual check")
        if verdict == REPETITION_DRAW:
            mover_chased, other_chased = self._cycle_chases()
            if other_chased and not mover_chased:
                return Outcome(side, "perpetual chase")
            if mover_chased and not other_chased:
                return Outcome(other, "perpetual chase")
            return Outcome(None, "repetition")
        if self.clock >= NO_CAPTURE_LIMIT:
            return Outcome(None, "no capture in 60 moves")
        return None

    def _cycle_start(self) -> int:
        """The ply of the earliest counted occurrence of the current, repeated position."""
        ply = self.ply
        key = self.keys[ply]
        oldest = max(0, ply - self.clock)
        seen, first = 1, ply
        j = ply - 2
        while j >= oldest and seen < self.repetitions:
            if self.keys[j] == key:
                seen += 1
                first = j
            j -= 2
        return first

    def _cycle_chases(self) -> tuple[bool, bool]:
        """Whether every move of (the side to move, the other side) since the
        cycle began gave check or chased (see the module docstring)."""
        first = self._cycle_start()
        moves = self.moves_played[first:]
        board = self.copy()
        for _ in moves:
            board.undo()
        always = {"red": True, "black": True}
        for move in moves:
            mover = board.side
            before = board.copy()
            board.play(move)
            if always[mover] and not board.is_check() and not _chases(before, board, move):
                always[mover] = False
        other: Side = "black" if self.side == "red" else "red"
        return always[self.side], always[other]

    # -- the Game protocol of tansuo.adversarial -------------------------------
    def is_terminal(self) -> bool:
        """Whether the game is over (:meth:`outcome` is not None)."""
        return self.outcome() is not None

    def evaluate(self) -> int:
        """The engine's static evaluation from the side to move's point of view.

        At the end of the game: +1 (the side to move has won), -1 (lost) or 0
        (drawn), as the ``Game`` protocol asks.
        """
        outcome = self.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return 0
            return 1 if outcome.winner == self.side else -1
        from tansuo.xiangqi.heuristics import evaluate

        return evaluate(self)

    def hash(self) -> int:
        """The 64-bit Zobrist key of the position (pieces and side to move)."""
        return int(self.keys[self.ply]) & _MASK64

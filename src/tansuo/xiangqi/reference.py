"""The rules of Xiangqi in plain Python: the reference the fast kernels are tested against.

Nothing here is shared with the numba kernels: the board is a 10x9 grid of FEN
letters, moves are ``((row, file), (row, file))`` pairs, and a king is in
check exactly when some pseudo-legal move of the other side would land on it
(or the two kings see each other along an open file). Slow and obviously
right: read it to learn the rules, and to check the engine.

Rows count from Black's back rank (row 0, the first rank of a FEN) to Red's
(row 9); files from ``a`` (0) to ``i`` (8).
"""

from __future__ import annotations

from collections.abc import Iterator

from tansuo.xiangqi.model import FILES, Setup

Point = tuple[int, int]
RefMove = tuple[Point, Point]

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def on_board(row: int, file: int) -> bool:
    return 0 <= row <= 9 and 0 <= file <= 8


def in_palace(row: int, file: int, red: bool) -> bool:
    """The 3x3 palace at the owner's end: rows 7-9 for Red, 0-2 for Black, files d-f."""
    return 3 <= file <= 5 and (7 <= row <= 9 if red else 0 <= row <= 2)


def own_half(row: int, red: bool) -> bool:
    """Whether a row is on the owner's side of the river (rows 5-9 are Red's)."""
    return row >= 5 if red else row <= 4


def iccs(move: RefMove) -> str:
    """ICCS text of a reference move, like ``h2e2``."""
    (r1, f1), (r2, f2) = move
    return f"{FILES[f1]}{9 - r1}{FILES[f2]}{9 - r2}"


class ReferenceBoard:
    """A Xiangqi position on a plain grid, with make/unmake and legal moves.

    Parameters
    ----------
    setup : Setup
        What a FEN says (see :func:`tansuo.xiangqi.io.parse_fen_setup`).
    """

    def __init__(self, setup: Setup) -> None:
        self.grid: list[list[str | None]] = [
            [None if c == "." else c for c in row] for row in setup.rows
        ]
        self.red_to_move = setup.red_to_move
        self._undo: list[tuple[RefMove, str | None]] = []

    def _owner_is_red(self, piece: str) -> bool:
        return piece.isupper()

    # -- pseudo-legal moves: every rule of movement, ignoring the own king ----
    def pseudo_moves(self, red: bool) -> Iterator[RefMove]:
        grid = self.grid
        for row in range(10):
            for file in range(9):
                piece = grid[row][file]
                if piece is None or piece.isupper() != red:
                    continue
                for target in self._targets(row, file, piece.upper(), red):
                    occupant = grid[target[0]][target[1]]
                    if occupant is None or occupant.isupper() != red:
                        yield (row, file), target

    def _targets(self, row: int, file: int, kind: str, red: bool) -> Iterator[Point]:
        """Points the piece could move to, own pieces not yet excluded."""
        grid = self.grid
        if kind == "K":
            for dr, df in ORTHOGONAL:
                if in_palace(row + dr, file + df, red):
                    yield row + dr, file + df
        elif kind == "A":
            for dr, df in DIAGONAL:
                if in_palace(row + dr, file + df, red):
                    yield row + dr, file + df
        elif kind == "B":
            for dr, df in DIAGONAL:
                r, f = row + 2 * dr, file + 2 * df
                eye = grid[row + dr][file + df] if on_board(r, f) else "blocked"
                if on_board(r, f) and own_half(r, red) and eye is None:
                    yield r, f
        elif kind == "N":
            for dr, df in ORTHOGONAL:  # the leg, then one diagonal step outwards
                leg_r, leg_f = row + dr, file + df
                if not on_board(leg_r, leg_f) or grid[leg_r][leg_f] is not None:
                    continue
                for side in (-1, 1):
                    r = leg_r + dr + (side if dr == 0 else 0)
                    f = leg_f + df + (side if df == 0 else 0)
                    if on_board(r, f):
                        yield r, f
        elif kind in "RC":
            for dr, df in ORTHOGONAL:
                r, f = row + dr, file + df
                while on_board(r, f) and grid[r][f] is None:
                    yield r, f
                    r, f = r + dr, f + df
                if not on_board(r, f):
                    continue
                if kind == "R":
                    yield r, f  # a capture, or an own piece (filtered by the caller)
                    continue
                r, f = r + dr, f + df  # over the screen
                while on_board(r, f) and grid[r][f] is None:
                    r, f = r + dr, f + df
                if on_board(r, f):
                    yield r, f
        else:  # "P"
            ahead = -1 if red else 1
            if on_board(row + ahead, file):
                yield row + ahead, file
            if not own_half(row, red):
                for df in (-1, 1):
                    if on_board(row, file + df):
                        yield row, file + df

    # -- legality -----------------------------------------------------------------
    def king_point(self, red: bool) -> Point:
        king = "K" if red else "k"
        for row in range(10):
            for file in range(9):
                if self.grid[row][file] == king:
                    return row, file
        raise ValueError("no king")  # pragma: no cover - FENs always have kings

    def kings_face(self) -> bool:
        (r1, f1), (r2, f2) = self.king_point(True), self.king_point(False)
        if f1 != f2:
            return False
        low, high = sorted((r1, r2))
        return all(self.grid[r][f1] is None for r in range(low + 1, high))

    def in_check(self, red: bool) -> bool:
        """Whether ``red``'s king could be taken by the other side, or sees the other king."""
        if self.kings_face():
            return True
        king = self.king_point(red)
        return any(to == king for _, to in self.pseudo_moves(not red))

    def play(self, move: RefMove) -> None:
        (r1, f1), (r2, f2) = move
        captured = self.grid[r2][f2]
        self.grid[r2][f2] = self.grid[r1][f1]
        self.grid[r1][f1] = None
        self._undo.append((move, captured))
        self.red_to_move = not self.red_to_move

    def undo(self) -> None:
        ((r1, f1), (r2, f2)), captured = self._undo.pop()
        self.grid[r1][f1] = self.grid[r2][f2]
        self.grid[r2][f2] = captured
        self.red_to_move = not self.red_to_move

    def legal_moves(self) -> list[RefMove]:
        """The moves of the side to move that leave its king safe and the kings apart."""
        red = self.red_to_move
        legal = []
        for move in list(self.pseudo_moves(red)):
            self.play(move)
            if not self.in_check(red):
                legal.append(move)
            self.undo()
        return legal


def reference_perft(board: ReferenceBoard, depth: int) -> int:
    """Leaf nodes of the legal move tree ``depth`` plies deep (slow; for tests)."""
    if depth == 0:
        return 1
    moves = board.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.play(move)
        total += reference_perft(board, depth - 1)
        board.undo()
    return total

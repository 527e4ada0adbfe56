"""Board kernels: a 16x16 mailbox with piece lists, make/unmake, attacks, moves, perft.

Layout
------
The 9x10 board sits inside a 16x16 array of cells with a margin of three
cells on every side, so that the longest leap (a horse's two-and-one,
``HORSE_DELTA``) from any point lands inside the array and an ``IN_BOARD``
lookup says whether it is a point of the board. Point ``(row, file)`` is cell
``(row + 3) * 16 + file + 3``; ``row`` 0 is Black's back rank (the first rank
of a FEN), ``file`` 0 is file ``a``.

Pieces live in *slots*: 1-16 are Red's, 17-32 Black's, and within a side the
order is king (0), advisors (1-2), elephants (3-4), horses (5-6), rooks
(7-8), cannons (9-10), pawns (11-15).

A position and its game record are three flat arrays:

``pos`` int32[POS_SIZE]
    ``pos[cell]`` (cells 0-255) is the slot standing there (0: empty),
    ``pos[SQUARES + slot]`` the cell of a slot (0: captured), ``pos[SIDE]``
    the side to move and ``pos[PLY]`` the index of the current position in
    the record.
``keys`` int64[RECORD_SIZE]
    The Zobrist key of every position of the record.
``record`` int32[RECORD_SIZE, RECORD_FIELDS]
    For every position: the ``MOVE`` that led to it, the slot it
    ``CAPTURED`` (0: none), ``CHECKED`` (1 when its side to move is in check)
    and ``CLOCK`` (plies since the last capture).

Moves are ints: ``from_cell | to_cell << 8`` (0 is no move). Move lists and
the other per-ply scratch live in ``frames`` int32[plies, FRAME_SIZE] rows:
``MOVES`` (up to ``MAX_MOVES`` moves), their ``ORDER`` scores, the ``GUARD``
record of :func:`prepare_guard`, and what the search keeps per ply.

Few, flat arrays are deliberate: numba counts references to every array
passed to a call, so a call with a bundle of many arrays costs more than the
work in a leaf of the search.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tansuo._jit import NRT_OPTION, njit_on_first_use

# the search kernels allocate nothing, so they are compiled without reference
# counting (tansuo._jit.NRT_OPTION)

# ---------------------------------------------------------------------------
# Geometry
# ---------------------------------------------------------------------------

BOARD_SIZE = 256
MARGIN = 3

RED = 0
BLACK = 1
NO_SIDE = 2  # SIDE_OF_SLOT[0]: an empty point belongs to nobody

KING = 0
ADVISOR = 1
ELEPHANT = 2
HORSE = 3
ROOK = 4
CANNON = 5
PAWN = 6
PIECE_TYPES = 7

SLOTS = 33  # slot 0 means "empty"; 1-16 Red, 17-32 Black
SLOT_TYPES_OF_SIDE = (
    KING,
    ADVISOR,
    ADVISOR,
    ELEPHANT,
    ELEPHANT,
    HORSE,
    HORSE,
    ROOK,
    ROOK,
    CANNON,
    CANNON,
    PAWN,
    PAWN,
    PAWN,
    PAWN,
    PAWN,
)
FIRST_ROOK = 7  # slot offsets within a side
FIRST_CANNON = 9
FIRST_HORSE = 5

MAX_PLY = 128  # deepest search path (plies from the root)
MAX_MOVES = 160  # more than the pseudo-legal moves of any position
HISTORY = 8192  # plies a game record may hold (no game lasts this long)
NO_CAPTURE_LIMIT = 120  # plies without a capture that draw the game (60 moves)


def cell_of(row: int, file: int) -> int:
    """The mailbox cell of a point (``row`` 0 = Black's back rank, ``file`` 0 = a)."""
    return (row + MARGIN) * 16 + file + MARGIN


def _tables() -> tuple[np.ndarray, ...]:
    in_board = np.zeros(BOARD_SIZE, np.int8)
    half = np.full(BOARD_SIZE, NO_SIDE, np.int8)  # whose side of the river a point is on
    in_palace = np.zeros((2, BOARD_SIZE), np.int8)
    row_of = np.full(BOARD_SIZE, -1, np.int8)
    file_of = np.full(BOARD_SIZE, -1, np.int8)
    for row in range(10):
        for file in range(9):
            cell = cell_of(row, file)
            in_board[cell] = 1
            half[cell] = BLACK if row <= 4 else RED
            row_of[cell] = row
            file_of[cell] = file
            if 3 <= file <= 5:
                if row <= 2:
                    in_palace[BLACK, cell] = 1
                if row >= 7:
                    in_palace[RED, cell] = 1
    slot_type = np.full(SLOTS, -1, np.int8)
    side_of_slot = np.full(SLOTS, NO_SIDE, np.int8)
    for side in (RED, BLACK):
        for index, kind in enumerate(SLOT_TYPES_OF_SIDE):
            slot_type[1 + 16 * side + index] = kind
            side_of_slot[1 + 16 * side + index] = side
    return in_board, half, in_palace, row_of, file_of, slot_type, side_of_slot


IN_BOARD, HALF, IN_PALACE, ROW_OF, FILE_OF, SLOT_TYPE, SIDE_OF_SLOT = _tables()
KING_SLOT = np.array([1, 17], np.int64)  # the king's slot of each side

ORTHOGONAL = np.array([-16, 16, -1, 1], np.int64)  # king steps, rook and cannon rays
DIAGONAL = np.array([-17, -15, 15, 17], np.int64)  # advisor steps, elephant eyes
# A horse first steps one point orthogonally (the leg, which must be empty), then
# one diagonally outwards: delta[i] is the leap, leg[i] the point it passes.
HORSE_DELTA = np.array([-33, -31, 31, 33, -18, 14, -14, 18], np.int64)
HORSE_LEG = np.array([-16, -16, 16, 16, -1, -1, 1, 1], np.int64)
FORWARD = np.array([-16, 16], np.int64)  # a pawn's step forward, per side
# For each diagonal neighbour (DIAGONAL order) of a king: the two points from
# which an enemy horse attacks the king through it (the neighbour is its leg).
LEG_HORSE_A = np.array([-33, -31, 31, 33], np.int64)
LEG_HORSE_B = np.array([-18, -14, 14, 18], np.int64)


def _zobrist() -> tuple[np.ndarray, int]:
    # A fixed seed: the same keys in every run, so node counts are reproducible.
    rng = np.random.default_rng(0x58_49_41_4E_47)  # "XIANG"
    table = rng.integers(0, 2**63, size=(2 * PIECE_TYPES, BOARD_SIZE), dtype=np.int64)
    side = int(rng.integers(0, 2**63, dtype=np.int64))
    return table, side


ZOBRIST, ZOBRIST_SIDE = _zobrist()
"""``ZOBRIST[side * 7 + type, cell]`` and the side-to-move key (63 random bits each)."""

# Slots of ``pos`` after the 256 cells
SQUARES = BOARD_SIZE  # pos[SQUARES + slot]: the cell of a slot
SIDE = SQUARES + SLOTS  # the side to move
PLY = SIDE + 1  # index of the current position in the record
POS_SIZE = PLY + 1

# Columns of ``record``
MOVE = 0
CAPTURED = 1
CHECKED = 2
CLOCK = 3
RECORD_FIELDS = 4
RECORD_SIZE = HISTORY + MAX_PLY + 2

# Columns of a ``frames`` row
GUARD_SIZE = 18
MOVES = 0
ORDER = MOVES + MAX_MOVES
GUARD = ORDER + MAX_MOVES
KILLERS = GUARD + GUARD_SIZE  # two killer moves (used by the search)
MATERIAL = KILLERS + 2  # the search's material and placement sum here, Red's less Black's
PV_LENGTH = MATERIAL + 1  # the search's principal variation of this ply...
PV = PV_LENGTH + 1  # ...pv[ply:PV_LENGTH] in the columns PV + i
FRAMES = MAX_PLY + 2  # rows of a search's frames array
FRAME_SIZE = PV + FRAMES

# Slots of a guard record (inside a frame, from column GUARD)
GUARD_PINS = 0  # how many own pieces may not leave their point without a full test
GUARD_PIN_LIST = 1  # their cells (at most 12: 2 per line, 4 horse legs)
GUARD_SCREENS = 13  # how many enemy cannons see the king with nothing between
GUARD_SCREEN_LIST = 14  # their cells (at most 4)


def new_board() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(pos, keys, record)`` of an empty board with room for a game and a search path."""
    return (
        np.zeros(POS_SIZE, np.int32),
        np.zeros(RECORD_SIZE, np.int64),
        np.zeros((RECORD_SIZE, RECORD_FIELDS), np.int32),
    )


def new_frames(plies: int) -> np.ndarray:
    """Scratch rows for ``plies`` plies of move lists (perft, legal move lists)."""
    return np.zeros((plies, FRAME_SIZE), np.int32)


# ---------------------------------------------------------------------------
# Keys, make and unmake
# ---------------------------------------------------------------------------


@njit(cache=True, inline="always")
def piece_kind(slot: int) -> int:
    """Zobrist row of a slot's piece: side * 7 + type."""
    return SIDE_OF_SLOT[slot] * PIECE_TYPES + SLOT_TYPE[slot]


@njit(cache=True, **NRT_OPTION)
def compute_key(pos: np.ndarray) -> int:
    """The full Zobrist key of the position (for set-up and checks)."""
    key = 0
    for slot in range(1, SLOTS):
        cell = pos[SQUARES + slot]
        if cell:
            key ^= ZOBRIST[piece_kind(slot), cell]
    if pos[SIDE] == BLACK:
        key ^= ZOBRIST_SIDE
    return key


# one version
@njit_on_first_use("void(int32[::1], int64[::1], int32[:, ::1], int64)", **NRT_OPTION)
def make_move(pos: np.ndarray, keys: np.ndarray, record: np.ndarray, move: int) -> None:
    """Play ``move`` (pseudo-legal) and push the new position on the record.

    ``record[ply, CHECKED]`` is set to 0: the caller sets it when it knows.
    """
    frm = move & 255
    to = (move >> 8) & 255
    mover = pos[frm]
    victim = pos[to]
    ply = pos[PLY]
    kind = piece_kind(mover)
    key = keys[ply] ^ ZOBRIST[kind, frm] ^ ZOBRIST[kind, to] ^ ZOBRIST_SIDE
    if victim:
        key ^= ZOBRIST[piece_kind(victim), to]
        pos[SQUARES + victim] = 0
    pos[to] = mover
    pos[frm] = 0
    pos[SQUARES + mover] = to
    ply += 1
    keys[ply] = key
    record[ply, MOVE] = move
    record[ply, CAPTURED] = victim
    record[ply, CHECKED] = 0
    record[ply, CLOCK] = 0 if victim else record[ply - 1, CLOCK] + 1
    pos[PLY] = ply
    pos[SIDE] ^= 1


@njit(cache=True, **NRT_OPTION)
def unmake_move(pos: np.ndarray, record: np.ndarray) -> None:
    """Take back the last move played."""
    ply = pos[PLY]
    move = record[ply, MOVE]
    frm = move & 255
    to = (move >> 8) & 255
    mover = pos[to]
    victim = record[ply, CAPTURED]
    pos[frm] = mover
    pos[SQUARES + mover] = frm
    pos[to] = victim
    if victim:
        pos[SQUARES + victim] = to
    pos[PLY] = ply - 1
    pos[SIDE] ^= 1


@njit(cache=True, **NRT_OPTION)
def make_null_move(pos: np.ndarray, keys: np.ndarray, record: np.ndarray) -> None:
    """Pass: only the side to move changes (for null-move pruning)."""
    ply = pos[PLY] + 1
    keys[ply] = keys[ply - 1] ^ ZOBRIST_SIDE
    record[ply, MOVE] = 0
    record[ply, CAPTURED] = 0
    record[ply, CHECKED] = 0
    record[ply, CLOCK] = 0  # not a move of the game: repetition look-ups stop here
    pos[PLY] = ply
    pos[SIDE] ^= 1


@njit(cache=True, **NRT_OPTION)
def unmake_null_move(pos: np.ndarray) -> None:
    pos[PLY] -= 1
    pos[SIDE] ^= 1


# ---------------------------------------------------------------------------
# Attacks
# ---------------------------------------------------------------------------


# one version for int32 and int64 sides
@njit_on_first_use("boolean(int32[::1], int64)", **NRT_OPTION)
def king_attacked(pos: np.ndarray, side: int) -> bool:
    """Whether ``side``'s king is attacked (or faces the other king on an open file)."""
    king = pos[SQUARES + KING_SLOT[side]]
    enemy = 1 - side
    # Rooks and the other king along the lines; cannons one screen further.
    for d in ORTHOGONAL:
        cell = king + d
        while IN_BOARD[cell] and pos[cell] == 0:
            cell += d
        if not IN_BOARD[cell]:
            continue
        slot = pos[cell]
        if SIDE_OF_SLOT[slot] == enemy:
            kind = SLOT_TYPE[slot]
            if kind == ROOK or kind == KING:  # noqa: SIM109 - numba
                return True
        cell += d
        while IN_BOARD[cell] and pos[cell] == 0:
            cell += d
        if IN_BOARD[cell]:
            slot = pos[cell]
            if SIDE_OF_SLOT[slot] == enemy and SLOT_TYPE[slot] == CANNON:
                return True
    # Horses, whose leg (next to the horse, diagonal to the king) must be empty.
    for i in range(8):
        cell = king - HORSE_DELTA[i]
        slot = pos[cell]
        if (
            slot
            and SIDE_OF_SLOT[slot] == enemy
            and SLOT_TYPE[slot] == HORSE
            and pos[cell + HORSE_LEG[i]] == 0
        ):
            return True
    # Pawns: from the point in front of the king, or beside it (an enemy pawn
    # inside our palace has crossed the river, so it moves sideways).
    for cell in (king - FORWARD[enemy], king - 1, king + 1):
        slot = pos[cell]
        if slot and SIDE_OF_SLOT[slot] == enemy and SLOT_TYPE[slot] == PAWN:
            return True
    return False


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------


# one version
@njit_on_first_use("int64(int32[::1], int64, int32[:, ::1], int64, boolean)", **NRT_OPTION)
def generate_moves(
    pos: np.ndarray, side: int, frames: np.ndarray, row: int, captures_only: bool
) -> int:
    """Write the pseudo-legal moves of ``side`` into ``frames[row, MOVES:]``; return how many.

    Pseudo-legal: every rule of movement is obeyed, but the mover's own king
    may be left attacked (see :func:`quick_legality`). With ``captures_only``
    only the captures are written.
    """
    n = 0
    first = 1 + 16 * side
    enemy = 1 - side
    for slot in range(first, first + 16):
        frm = pos[SQUARES + slot]
        if frm == 0:
            continue
        kind = SLOT_TYPE[slot]
        if kind == ROOK or kind == CANNON:  # noqa: SIM109 - numba
            for d in ORTHOGONAL:
                to = frm + d
                while IN_BOARD[to] and pos[to] == 0:
                    if not captures_only:
                        frames[row, MOVES + n] = frm | (to << 8)
                        n += 1
                    to += d
                if not IN_BOARD[to]:
                    continue
                if kind == ROOK:
                    if SIDE_OF_SLOT[pos[to]] == enemy:
                        frames[row, MOVES + n] = frm | (to << 8)
                        n += 1
                    continue
                to += d  # the cannon jumps over the screen
                while IN_BOARD[to] and pos[to] == 0:
                    to += d
                if IN_BOARD[to] and SIDE_OF_SLOT[pos[to]] == enemy:
                    frames[row, MOVES + n] = frm | (to << 8)
                    n += 1
        elif kind == HORSE:
            for i in range(8):
                to = frm + HORSE_DELTA[i]
                if IN_BOARD[to] and pos[frm + HORSE_LEG[i]] == 0:
                    target = pos[to]
                    if SIDE_OF_SLOT[target] != side and (target or not captures_only):
                        frames[row, MOVES + n] = frm | (to << 8)
                        n += 1
        elif kind == PAWN:
            to = frm + FORWARD[side]
            if IN_BOARD[to]:
                target = pos[to]
                if SIDE_OF_SLOT[target] != side and (target or not captures_only):
                    frames[row, MOVES + n] = frm | (to << 8)
                    n += 1
            if HALF[frm] != side:  # across the river: sideways too
                for to in (frm - 1, frm + 1):
                    if IN_BOARD[to]:
                        target = pos[to]
                        if SIDE_OF_SLOT[target] != side and (target or not captures_only):
                            frames[row, MOVES + n] = frm | (to << 8)
                            n += 1
        elif kind == ELEPHANT:
            for d in DIAGONAL:
                to = frm + 2 * d
                if IN_BOARD[to] and HALF[to] == side and pos[frm + d] == 0:
                    target = pos[to]
                    if SIDE_OF_SLOT[target] != side and (target or not captures_only):
                        frames[row, MOVES + n] = frm | (to << 8)
                        n += 1
        elif kind == ADVISOR:
            for d in DIAGONAL:
                to = frm + d
                if IN_PALACE[side, to]:
                    target = pos[to]
                    if SIDE_OF_SLOT[target] != side and (target or not captures_only):
                        frames[row, MOVES + n] = frm | (to << 8)
                        n += 1
        else:  # KING
            for d in ORTHOGONAL:
                to = frm + d
                if IN_PALACE[side, to]:
                    target = pos[to]
                    if SIDE_OF_SLOT[target] != side and (target or not captures_only):
                        frames[row, MOVES + n] = frm | (to << 8)
                        n += 1
    return n


# ---------------------------------------------------------------------------
# Legality
# ---------------------------------------------------------------------------


@njit(cache=True, **NRT_OPTION)
def prepare_guard(pos: np.ndarray, side: int, frames: np.ndarray, row: int) -> None:
    """Record in ``frames[row, GUARD:]`` what guards ``side``'s king.

    With the king not in check, a move can only expose it by *vacating* a point
    that blocks an attack (the first or second piece on a line before an enemy
    rook, king or cannon, or a horse's leg) or by *filling* a point between the
    king and an enemy cannon that sees it directly (the move becomes the
    screen). The first are listed as pins, the second as screens; every other
    move of a piece other than the king is legal without playing it.
    """
    king = pos[SQUARES + KING_SLOT[side]]
    enemy = 1 - side
    pins = 0
    screens = 0
    for d in ORTHOGONAL:
        first = king + d
        while IN_BOARD[first] and pos[first] == 0:
            first += d
        if not IN_BOARD[first]:
            continue
        slot = pos[first]
        if SIDE_OF_SLOT[slot] == enemy and SLOT_TYPE[slot] == CANNON:
            frames[row, GUARD + GUARD_SCREEN_LIST + screens] = first
            screens += 1
        second = first + d
        while IN_BOARD[second] and pos[second] == 0:
            second += d
        if not IN_BOARD[second]:
            continue
        third = second + d
        while IN_BOARD[third] and pos[third] == 0:
            third += d
        second_slot = pos[second]
        third_is_cannon = (
            IN_BOARD[third]
            and SIDE_OF_SLOT[pos[third]] == enemy
            and SLOT_TYPE[pos[third]] == CANNON
        )
        if SIDE_OF_SLOT[slot] == side:
            second_kind = SLOT_TYPE[second_slot]
            second_slides = (second_kind == ROOK) | (second_kind == KING)
            if (SIDE_OF_SLOT[second_slot] == enemy and second_slides) or third_is_cannon:
                frames[row, GUARD + GUARD_PIN_LIST + pins] = first
                pins += 1
        if SIDE_OF_SLOT[second_slot] == side and third_is_cannon:
            frames[row, GUARD + GUARD_PIN_LIST + pins] = second
            pins += 1
    for i in range(4):
        leg = king + DIAGONAL[i]
        if SIDE_OF_SLOT[pos[leg]] != side:
            continue
        for horse in (king + LEG_HORSE_A[i], king + LEG_HORSE_B[i]):
            slot = pos[horse]
            if slot and SIDE_OF_SLOT[slot] == enemy and SLOT_TYPE[slot] == HORSE:
                frames[row, GUARD + GUARD_PIN_LIST + pins] = leg
                pins += 1
                break
    frames[row, GUARD + GUARD_PINS] = pins
    frames[row, GUARD + GUARD_SCREENS] = screens


# Answers of :func:`quick_legality`
ILLEGAL = 0
LEGAL = 1
NEEDS_TEST = 2  # play the move and look: :func:`king_safe_after`


@njit(cache=True, inline="always")
def quick_legality(
    pos: np.ndarray, side: int, move: int, in_check: bool, frames: np.ndarray, row: int
) -> int:
    """Whether a pseudo-legal move is legal, from :func:`prepare_guard`'s record alone.

    Moves of the king, moves out of check and moves of a guarding piece need a
    test (``NEEDS_TEST``); a move onto a cannon's line to the king is
    ``ILLEGAL``; every other move is ``LEGAL``. Inlined into the hot loops.
    """
    king = pos[SQUARES + KING_SLOT[side]]
    frm = move & 255
    if in_check or frm == king:
        return NEEDS_TEST
    for i in range(frames[row, GUARD + GUARD_PINS]):
        if frames[row, GUARD + GUARD_PIN_LIST + i] == frm:
            return NEEDS_TEST
    to = (move >> 8) & 255
    for i in range(frames[row, GUARD + GUARD_SCREENS]):
        cannon = frames[row, GUARD + GUARD_SCREEN_LIST + i]
        if ROW_OF[cannon] == ROW_OF[king] and ROW_OF[to] == ROW_OF[king]:
            low = min(FILE_OF[cannon], FILE_OF[king])
            high = max(FILE_OF[cannon], FILE_OF[king])
            if low < FILE_OF[to] < high:
                return ILLEGAL  # the move would be the cannon's screen
        elif FILE_OF[cannon] == FILE_OF[king] and FILE_OF[to] == FILE_OF[king]:
            low = min(ROW_OF[cannon], ROW_OF[king])
            high = max(ROW_OF[cannon], ROW_OF[king])
            if low < ROW_OF[to] < high:
                return ILLEGAL
    return LEGAL


@njit(cache=True, **NRT_OPTION)
def king_safe_after(pos: np.ndarray, keys: np.ndarray, record: np.ndarray, move: int) -> bool:
    """Play ``move``, see whether the mover's king is safe, take it back."""
    side = pos[SIDE]
    make_move(pos, keys, record, move)
    safe = not king_attacked(pos, side)
    unmake_move(pos, record)
    return safe


@njit(cache=True, **NRT_OPTION)
def generate_legal_moves(
    pos: np.ndarray, keys: np.ndarray, record: np.ndarray, frames: np.ndarray, row: int
) -> int:
    """Write the legal moves of the side to move into ``frames[row, MOVES:]``; return how many."""
    side = pos[SIDE]
    end = generate_moves(pos, side, frames, row, False)
    in_check = king_attacked(pos, side)
    prepare_guard(pos, side, frames, row)
    n = 0
    for i in range(end):
        move = frames[row, MOVES + i]
        answer = quick_legality(pos, side, move, in_check, frames, row)
        if answer == LEGAL or (answer == NEEDS_TEST and king_safe_after(pos, keys, record, move)):
            frames[row, MOVES + n] = move
            n += 1
    return n


@njit(cache=True, **NRT_OPTION)
def has_legal_move(
    pos: np.ndarray, keys: np.ndarray, record: np.ndarray, frames: np.ndarray, row: int
) -> bool:
    """Whether the side to move has any legal move (``frames[row]`` is used as room)."""
    side = pos[SIDE]
    end = generate_moves(pos, side, frames, row, False)
    in_check = king_attacked(pos, side)
    prepare_guard(pos, side, frames, row)
    for i in range(end):
        move = frames[row, MOVES + i]
        answer = quick_legality(pos, side, move, in_check, frames, row)
        if answer == LEGAL or (answer == NEEDS_TEST and king_safe_after(pos, keys, record, move)):
            return True
    return False


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

# Slots of the ``control`` array shared with the caller's threads (perft; the
# search keeps the same three at the start of its ``ctl`` array)
STOP = 0  # set to 1 by another thread (a timer, a "stop" command) to end the work
NODE_LIMIT = 1  # stop once this many nodes are counted (-1: no limit)
ABORTED = 2  # set to 1 by the kernel when it stopped early
LEAVES = 3  # perft: leaves counted so far
NEXT_POLL = 4  # the count at which to look at STOP and NODE_LIMIT again
CONTROL_SIZE = 5

CHECK_EVERY = 4096  # nodes between two looks at the stop flag


@njit_on_first_use(
    "int64(int32[::1], int64[::1], int32[:, ::1], int64, int32[:, ::1], int64, int64[::1])",
    nogil=True,
    **NRT_OPTION,
)  # an explicit signature: one version of this recursive kernel, cacheable; compiled on first use
def perft(
    pos: np.ndarray,
    keys: np.ndarray,
    record: np.ndarray,
    depth: int,
    frames: np.ndarray,
    ply: int,
    control: np.ndarray,
) -> int:
    """Leaf nodes of the legal move tree ``depth`` plies deep (partial if stopped early).

    The last ply is counted, not played (bulk counting). ``control[LEAVES]``
    accumulates the leaves counted, so that ``control`` can stop a long count
    (``control[ABORTED]`` is then set). Releases the GIL.
    """
    side = pos[SIDE]
    end = generate_moves(pos, side, frames, ply, False)
    in_check = king_attacked(pos, side)
    prepare_guard(pos, side, frames, ply)
    total = 0
    for i in range(end):
        move = frames[ply, MOVES + i]
        answer = quick_legality(pos, side, move, in_check, frames, ply)
        if answer == ILLEGAL or (
            answer == NEEDS_TEST and not king_safe_after(pos, keys, record, move)
        ):
            continue
        if depth == 1:
            total += 1
            continue
        make_move(pos, keys, record, move)
        total += perft(pos, keys, record, depth - 1, frames, ply + 1, control)
        unmake_move(pos, record)
        if control[ABORTED]:
            return total
    if depth == 1:
        control[LEAVES] += total
        if control[LEAVES] >= control[NEXT_POLL]:
            control[NEXT_POLL] = control[LEAVES] + CHECK_EVERY
            if control[STOP] != 0 or (0 <= control[NODE_LIMIT] <= control[LEAVES]):
                control[ABORTED] = 1
    return total


# ---------------------------------------------------------------------------
# Repetitions
# ---------------------------------------------------------------------------

# Verdicts of ``repetition_verdict``, from the side to move's point of view
REPETITION_NONE = 0  # not repeated (often enough)
REPETITION_DRAW = 1
REPETITION_WIN = 2  # the opponent checked perpetually: the side to move wins
REPETITION_LOSS = 3  # the side to move checked perpetually: it loses


@njit(cache=True, **NRT_OPTION)
def repetition_count(pos: np.ndarray, keys: np.ndarray, record: np.ndarray) -> int:
    """How often the current position occurs in the record since the last capture."""
    ply = pos[PLY]
    key = keys[ply]
    oldest = max(0, ply - record[ply, CLOCK])
    seen = 1
    j = ply - 2
    while j >= oldest:
        if keys[j] == key:
            seen += 1
        j -= 2
    return seen


@njit(cache=True, **NRT_OPTION)
def repetition_verdict(
    pos: np.ndarray, keys: np.ndarray, record: np.ndarray, occurrences: int
) -> int:
    """The rules' verdict once the current position has occurred ``occurrences`` times.

    Positions are compared back to the last capture only (nothing before it can
    recur). Of the moves since the earliest counted occurrence, if every move of
    one side gave check and not every move of the other, the checking side
    loses (perpetual check); otherwise the repetition is a draw.
    """
    ply = pos[PLY]
    key = keys[ply]
    oldest = max(0, ply - record[ply, CLOCK])
    seen = 1
    first = -1
    j = ply - 2
    while j >= oldest and seen < occurrences:
        if keys[j] == key:
            seen += 1
            first = j
        j -= 2
    if seen < occurrences:
        return REPETITION_NONE
    # record[i, CHECKED] == 1: the move that led to position i gave check.
    opponent_always_checked = True  # its moves led to positions ply, ply-2, ...
    i = ply
    while i > first:
        if record[i, CHECKED] == 0:
            opponent_always_checked = False
            break
        i -= 2
    mover_always_checked = True  # the side to move's moves led to ply-1, ply-3, ...
    i = ply - 1
    while i > first:
        if record[i, CHECKED] == 0:
            mover_always_checked = False
            break
        i -= 2
    if opponent_always_checked and not mover_always_checked:
        return REPETITION_WIN
    if mover_always_checked and not opponent_always_checked:
        return REPETITION_LOSS
    return REPETITION_DRAW

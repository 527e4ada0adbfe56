"""Gomoku kernels: incremental line patterns, renju forbidden points, VCF/VCT, alpha-beta.

The board is a flat ``int8`` array with a wall around the playing area: two
wall columns between rows and six wall rows above and below, so that every
cell within five steps of a board cell, in any of the four line directions,
is inside the array, and no line wraps from one row into the next. A board
cell ``(x, y)`` lives at ``ORIGIN + y * PW + x`` with ``PW = width + 2``.

For every cell ``q``, direction ``d`` and colour ``c`` the state keeps the
*code* of the window of five cells on each side of ``q`` along ``d`` (base 3:
0 empty, 1 a stone of ``c``, 2 the opponent or the wall). A table, computed
once per rule variant, maps a code to the *pattern* ``c`` gets in that line by
playing ``q`` (five, straight four, four, open three, ...). Placing a stone
changes forty codes per colour, and the patterns, the per-cell scores and the
evaluation follow by table look-ups: make/unmake cost a few hundred
operations, and a threat search needs no scanning of lines at all.

The state is a tuple of arrays (see ``STATE`` in :mod:`tansuo.gomoku.model`);
every function here takes it whole.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types
from numba.core.cpu import CPUTargetOptions

# Explicit signatures of the recursive kernels (and their argument tuples): with
# them numba compiles one version and can load it back from its cache.
STATE_TYPE = types.Tuple(
    (
        types.int8[::1],  # board
        types.int64[:, :, ::1],  # code [colour, cell, direction]
        types.int8[:, :, ::1],  # pattern [colour, cell, direction]
        types.int64[:, ::1],  # score [colour, cell]
        types.int64[::1],  # tot [colour]: sum of the scores of empty cells
        types.int64[::1],  # fivecnt [colour] fives, [FOURS + colour] fours, per (cell, dir)
        types.int16[::1],  # near: stones within two cells
        types.uint64[:, ::1],  # zobrist [colour, cell]
        types.uint64[::1],  # key
        types.int64[::1],  # info
        types.int8[:, ::1],  # tables [variant, code]
        types.int64[::1],  # cells: the board cells' indices
    )
)
THREAT_TYPE = types.Tuple(
    (
        types.uint64[::1],  # cache keys
        types.int8[::1],  # cache values (WIN/FAIL)
        types.int16[::1],  # cache depths
        types.int64[::1],  # counters
        types.int64[:, ::1],  # move buffers per ply
        types.int64[:, ::1],  # move priorities per ply
        types.int64[:, ::1],  # the scratch rows of ``defences``
    )
)
SCRATCH_ROWS = 3  # of ``defences``: threat points, cells met, marks (all zero between calls)
ALPHABETA_TYPE = types.Tuple(
    (
        types.uint64[::1],  # tt keys
        types.int64[::1],  # tt values
        types.int64[::1],  # tt depths
        types.int8[::1],  # tt flags
        types.int64[::1],  # tt moves
        types.int64[::1],  # history
        types.int64[::1],  # counters
        types.int64[:, ::1],  # move buffers per ply
        types.int64[:, ::1],  # move priorities per ply
        types.int64[::1],  # params
    )
)

# numba counts references to each array of a tuple argument on the way into
# and out of a small function that reads the tuple in a branch or passes it
# on, and its pruning pass cannot remove those counts (numba issue #2350):
# some 180 ns a call of a helper that takes ``state``. The helpers, and the
# searches, which allocate nothing per node (``defences`` works in the
# threat search's scratch rows), are compiled without reference counting, by
# numba's ``_nrt`` option where this numba has it; without it they are the
# same, only slower.
NRT_OPTION: dict[str, Any] = {"_nrt": False} if hasattr(CPUTargetOptions, "_nrt") else {}


def nrt_free(function):
    """``njit(cache=True)`` without reference counting (for helpers that allocate nothing)."""
    return njit(cache=True, **NRT_OPTION)(function)


# Cells.
EMPTY = 0
BLACK = 1
WHITE = 2
WALL = 3

# Rules.
RULE_FREESTYLE = 0
RULE_STANDARD = 1
RULE_RENJU = 2
RULE_CARO = 3

# Table variants (how a colour's five is judged).
VAR_FREE = 0  # five or more
VAR_EXACT = 1  # exactly five; six or more is an overline
VAR_CARO = 2  # five or more, unless blocked at both ends

# Line patterns (what a colour gets in one line by playing a cell).
P_NONE = 0
P_TWO = 1
P_OPEN2 = 2
P_THREE = 3
P_OPEN3 = 4
P_FOUR = 5
P_OPEN4 = 6  # a straight four: two five points in the line
P_DFOUR = 7  # two fours in one line (X_XXX_X): two five points, not straight
P_FIVE = 8
P_OVERLINE = 9
N_PATTERNS = 10

FOURS = 3  # fivecnt[FOURS + colour]: (empty cell, direction) pairs with a four pattern
OPEN3S = 6  # fivecnt[OPEN3S + colour]: pairs with a straight-four pattern (an open three's points)
FIVECNT_SIZE = 9

WINDOW = 5
N_CODES = 3 ** (2 * WINDOW)

# Slots of ``info`` (int64).
I_WIDTH = 0
I_HEIGHT = 1
I_PW = 2
I_SIZE = 3
I_RULE = 4
I_VAR_BLACK = 5
I_VAR_WHITE = 6
I_STONES = 7
I_ORIGIN = 8
INFO_SIZE = 9

# Slots of ``counters`` and ``control`` (int64) shared by both searches.
C_NODES = 0
C_CACHE_HITS = 1
C_BEST = 2  # the root's best move (threat search) / best move (alpha-beta)
C_ABORTED = 3
C_MAX_PLY = 4
C_TT_PROBES = 5
C_TT_HITS = 6
C_STOP = 7  # set by another thread to stop the search
C_NODE_LIMIT = 8  # -1: none
C_NEXT_POLL = 9
C_STAMP = 10
C_DEPTH_CUTS = 11  # attacker nodes cut by the depth bound (none: deeper cannot help)
C_DEPTH_DONE = 12  # the last depth the deepening finished
COUNTERS_SIZE = 13
POLL_EVERY = 1024

# Threat search results.
WIN = 1
FAIL = 2
ABORT = 3
FAIL_AT_ANY_DEPTH = 32767  # the depth stored with a failure no depth bound caused (int16)

# Threat cache values.
CACHE_EMPTY = 0

MATE = 1_000_000
MAX_PLY = 128
STATIC_BOUND = 900_000
# The side to move's tempo (see ``evaluate``): its own open three with no four
# to answer it, and the part of each of the opponent's open-three points it
# can take back by blocking.
TEMPO_WIN = 3000
TEMPO_BLOCK = 300

# What one line pattern is worth to the side that owns the cell.
PATTERN_SCORE = np.array([0, 2, 12, 10, 60, 70, 600, 600, 1000, 0], dtype=np.int32)
FOUR_COUNT = np.array([0, 0, 0, 0, 0, 1, 2, 2, 0, 0], dtype=np.int64)
POW3 = np.array([3**i for i in range(2 * WINDOW)], dtype=np.int64)

SALT_ATTACK = np.uint64(0x9E3779B97F4A7C15)
SALT_DEFEND = np.uint64(0xC2B2AE3D27D4EB4F)
SALT_WHITE = np.uint64(0x165667B19E3779F9)
SALT_VCT = np.uint64(0x27D4EB2F165667C5)


# ---------------------------------------------------------------------------
# Pattern tables
# ---------------------------------------------------------------------------


@njit(cache=True)
def _five_through_center(line, variant):
    """P_FIVE, P_OVERLINE or P_NONE for the run of own stones through ``line[5]``."""
    left = 0
    i = 4
    while i >= 0 and line[i] == 1:
        left += 1
        i -= 1
    right = 0
    i = 6
    while i <= 10 and line[i] == 1:
        right += 1
        i += 1
    run = 1 + left + right
    if run < 5:
        return P_NONE
    if variant == VAR_EXACT:
        return P_FIVE if run == 5 else P_OVERLINE
    if variant == VAR_CARO:
        lo = 4 - left
        hi = 6 + right
        if lo >= 0 and hi <= 10 and line[lo] == 2 and line[hi] == 2:
            return P_NONE
    return P_FIVE


@njit(cache=True)
def _four_kind(line, variant):
    """With ``line[5]`` own: P_FIVE/P_OVERLINE, else the four it makes (or P_NONE)."""
    five = _five_through_center(line, variant)
    if five != P_NONE:
        return five
    count = 0
    first = -1
    straight = False
    for e in range(1, 10):
        if e == 5 or line[e] != 0:
            continue
        line[e] = 1
        if _five_through_center(line, variant) == P_FIVE:
            if first >= 0 and e - first == 5:
                straight = True
            if first < 0:
                first = e
            elif e - first != 5:
                # a second point not five apart from the first: keep the first
                pass
            count += 1
        line[e] = 0
    if count == 0:
        return P_NONE
    if count == 1:
        return P_FOUR
    # Straight four: some two five points exactly five apart (_XXXX_).
    if not straight:
        points = np.empty(10, np.int64)
        n = 0
        for e in range(1, 10):
            if e == 5 or line[e] != 0:
                continue
            line[e] = 1
            if _five_through_center(line, variant) == P_FIVE:
                points[n] = e
                n += 1
            line[e] = 0
        for i in range(n):
            for j in range(i + 1, n):
                if points[j] - points[i] == 5:
                    straight = True
    return P_OPEN4 if straight else P_DFOUR


@njit(cache=True)
def _three_kind(line, variant):
    """With ``line[5]`` own and no four: P_OPEN3, P_THREE or P_NONE."""
    best = P_NONE
    for e in range(1, 10):
        if e == 5 or line[e] != 0:
            continue
        line[e] = 1
        kind = _four_kind(line, variant)
        line[e] = 0
        if kind == P_OPEN4:
            return P_OPEN3
        if kind in (P_FOUR, P_DFOUR):
            best = P_THREE
    return best


@njit(cache=True)
def analyse_line(line, variant):
    """The pattern own gets by playing the centre of an 11-cell ``line`` (0/1/2 cells)."""
    line[5] = 1
    kind = _four_kind(line, variant)
    if kind != P_NONE:
        line[5] = 0
        return kind
    kind = _three_kind(line, variant)
    if kind != P_NONE:
        line[5] = 0
        return kind
    best = P_NONE
    for e in range(2, 9):
        if e == 5 or line[e] != 0:
            continue
        line[e] = 1
        three = _three_kind(line, variant)
        line[e] = 0
        if three == P_OPEN3:
            best = P_OPEN2
            break
        if three == P_THREE:
            best = P_TWO
    line[5] = 0
    return best


@njit(cache=True)
def build_table(variant):
    """The pattern of every window code for one rule variant (``N_CODES`` int8)."""
    table = np.zeros(N_CODES, np.int8)
    line = np.zeros(11, np.int64)
    for code in range(N_CODES):
        rest = code
        for pos in range(2 * WINDOW):
            digit = rest % 3
            rest //= 3
            line[pos if pos < WINDOW else pos + 1] = digit
        line[5] = 0
        table[code] = analyse_line(line, variant)
    return table


# ---------------------------------------------------------------------------
# Make / unmake
# ---------------------------------------------------------------------------


@njit(cache=True)
def _steps(pw):
    steps = np.empty(4, np.int64)
    steps[0] = 1
    steps[1] = pw
    steps[2] = pw + 1
    steps[3] = pw - 1
    return steps


@njit(cache=True)
def init_state(board, code, pat, score, tot, fivecnt, info, tables):
    """Codes, patterns and scores of an empty board (``board`` holds only walls and empties)."""
    pw = info[I_PW]
    steps = _steps(pw)
    n = board.shape[0]
    code[:] = 0
    pat[:] = 0
    score[:] = 0
    tot[:] = 0
    fivecnt[:] = 0
    for q in range(n):
        if board[q] != EMPTY:
            continue
        for d in range(4):
            st = steps[d]
            for k in range(-WINDOW, WINDOW + 1):
                if k == 0:
                    continue
                pos = k + WINDOW if k < 0 else k + WINDOW - 1
                r = q + k * st
                if board[r] == WALL:
                    code[1, q, d] += 2 * POW3[pos]
                    code[2, q, d] += 2 * POW3[pos]
        for c in range(1, 3):
            var = info[I_VAR_BLACK] if c == BLACK else info[I_VAR_WHITE]
            for d in range(4):
                p = tables[var, code[c, q, d]]
                pat[c, q, d] = p
                score[c, q] += PATTERN_SCORE[p]
                if p == P_FIVE:
                    fivecnt[c] += 1
                elif P_FOUR <= p <= P_DFOUR:
                    fivecnt[FOURS + c] += 1
                    if p == P_OPEN4:
                        fivecnt[OPEN3S + c] += 1
            tot[c] += score[c, q]


@nrt_free
def make(state, p, c):
    """Put a stone of colour ``c`` on the empty cell ``p``."""
    board, code, pat, score, tot, fivecnt, near, zob, key, info, tables, _ = state
    pw = info[I_PW]
    board[p] = c
    key[0] ^= zob[c, p]
    info[I_STONES] += 1
    for col in range(1, 3):
        tot[col] -= score[col, p]
        for d in range(4):
            t = pat[col, p, d]
            if t == P_FIVE:
                fivecnt[col] -= 1
            elif P_FOUR <= t <= P_DFOUR:
                fivecnt[FOURS + col] -= 1
                if t == P_OPEN4:
                    fivecnt[OPEN3S + col] -= 1
    var_b = info[I_VAR_BLACK]
    var_w = info[I_VAR_WHITE]
    for d in range(4):
        st = 1 if d == 0 else (pw if d == 1 else (pw + 1 if d == 2 else pw - 1))
        for k in range(-WINDOW, WINDOW + 1):
            if k == 0:
                continue
            q = p - k * st
            pos = k + WINDOW if k < 0 else k + WINDOW - 1
            w = POW3[pos]
            is_empty = board[q] == EMPTY
            for col in range(1, 3):
                nc = code[col, q, d] + (w if col == c else 2 * w)
                code[col, q, d] = nc
                new = tables[var_b if col == BLACK else var_w, nc]
                old = pat[col, q, d]
                if new != old:
                    pat[col, q, d] = new
                    delta = PATTERN_SCORE[new] - PATTERN_SCORE[old]
                    score[col, q] += delta
                    if is_empty:
                        tot[col] += delta
                        if old == P_FIVE:
                            fivecnt[col] -= 1
                        elif P_FOUR <= old <= P_DFOUR:
                            fivecnt[FOURS + col] -= 1
                            if old == P_OPEN4:
                                fivecnt[OPEN3S + col] -= 1
                        if new == P_FIVE:
                            fivecnt[col] += 1
                        elif P_FOUR <= new <= P_DFOUR:
                            fivecnt[FOURS + col] += 1
                            if new == P_OPEN4:
                                fivecnt[OPEN3S + col] += 1
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            near[p + dy * pw + dx] += 1


@nrt_free
def unmake(state, p):
    """Take the stone on ``p`` off the board."""
    board, code, pat, score, tot, fivecnt, near, zob, key, info, tables, _ = state
    pw = info[I_PW]
    c = board[p]
    board[p] = EMPTY
    key[0] ^= zob[c, p]
    info[I_STONES] -= 1
    var_b = info[I_VAR_BLACK]
    var_w = info[I_VAR_WHITE]
    for d in range(4):
        st = 1 if d == 0 else (pw if d == 1 else (pw + 1 if d == 2 else pw - 1))
        for k in range(-WINDOW, WINDOW + 1):
            if k == 0:
                continue
            q = p - k * st
            pos = k + WINDOW if k < 0 else k + WINDOW - 1
            w = POW3[pos]
            is_empty = board[q] == EMPTY
            for col in range(1, 3):
                nc = code[col, q, d] - (w if col == c else 2 * w)
                code[col, q, d] = nc
                new = tables[var_b if col == BLACK else var_w, nc]
                old = pat[col, q, d]
                if new != old:
                    pat[col, q, d] = new
                    delta = PATTERN_SCORE[new] - PATTERN_SCORE[old]
                    score[col, q] += delta
                    if is_empty:
                        tot[col] += delta
                        if old == P_FIVE:
                            fivecnt[col] -= 1
                        elif P_FOUR <= old <= P_DFOUR:
                            fivecnt[FOURS + col] -= 1
                            if old == P_OPEN4:
                                fivecnt[OPEN3S + col] -= 1
                        if new == P_FIVE:
                            fivecnt[col] += 1
                        elif P_FOUR <= new <= P_DFOUR:
                            fivecnt[FOURS + col] += 1
                            if new == P_OPEN4:
                                fivecnt[OPEN3S + col] += 1
    for col in range(1, 3):
        tot[col] += score[col, p]
        for d in range(4):
            t = pat[col, p, d]
            if t == P_FIVE:
                fivecnt[col] += 1
            elif P_FOUR <= t <= P_DFOUR:
                fivecnt[FOURS + col] += 1
                if t == P_OPEN4:
                    fivecnt[OPEN3S + col] += 1
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            near[p + dy * pw + dx] -= 1


# ---------------------------------------------------------------------------
# Rules on top of the patterns
# ---------------------------------------------------------------------------


@nrt_free
def is_five_move(state, p, c):
    """Whether ``c`` playing ``p`` makes a winning five."""
    pat = state[2]
    return (
        pat[c, p, 0] == P_FIVE
        or pat[c, p, 1] == P_FIVE
        or pat[c, p, 2] == P_FIVE
        or (pat[c, p, 3] == P_FIVE)
    )


@nrt_free
def four_count(state, p, c):
    """Fours ``c`` makes by playing ``p`` (a straight four and X_XXX_X count 2 here)."""
    pat = state[2]
    n = 0
    for d in range(4):
        n += FOUR_COUNT[pat[c, p, d]]
    return n


@njit(types.boolean(STATE_TYPE, types.int64), cache=True)
def is_forbidden(state, p):
    """Whether black may not play ``p`` under renju (p empty; a five is never forbidden).

    Overline, two or more fours, or two or more open threes, a three counting
    only if one of its straight-four points is itself not forbidden (recursively).
    """
    board, pat = state[0], state[2]
    info = state[9]
    if info[I_RULE] != RULE_RENJU:
        return False
    fours = 0
    threes = 0
    overline = False
    for d in range(4):
        t = pat[BLACK, p, d]
        if t == P_FIVE:
            return False
        if t == P_OVERLINE:
            overline = True
        elif t in (P_FOUR, P_OPEN4):
            fours += 1
        elif t == P_DFOUR:
            fours += 2
        elif t == P_OPEN3:
            threes += 1
    if overline or fours >= 2:
        return True
    if threes < 2:
        return False
    kinds = np.empty(4, np.int64)
    for d in range(4):
        kinds[d] = pat[BLACK, p, d]
    pw = info[I_PW]
    make(state, p, BLACK)
    real = 0
    for d in range(4):
        if kinds[d] != P_OPEN3:
            continue
        st = 1 if d == 0 else (pw if d == 1 else (pw + 1 if d == 2 else pw - 1))
        for k in range(-4, 5):
            if k == 0:
                continue
            e = p + k * st
            if board[e] == EMPTY and pat[BLACK, e, d] == P_OPEN4 and not is_forbidden(state, e):
                real += 1
                break
    unmake(state, p)
    return real >= 2


@nrt_free
def is_legal(state, p, c):
    """Whether ``c`` may play ``p`` (empty board cell, not a renju forbidden point).

    The loops over many cells read the rule once instead, and call
    ``is_forbidden`` only for renju black.
    """
    if state[0][p] != EMPTY:
        return False
    if c == BLACK and state[9][I_RULE] == RULE_RENJU:
        return not is_forbidden(state, p)
    return True


@nrt_free
def five_points(state, c, out):
    """Cells where ``c`` makes five (written to ``out``); returns how many."""
    board, pat, cells = state[0], state[2], state[11]
    n = 0
    if state[5][c] == 0:
        return 0
    for i in range(cells.shape[0]):
        q = cells[i]
        if board[q] != EMPTY:
            continue
        for d in range(4):
            if pat[c, q, d] == P_FIVE:
                out[n] = q
                n += 1
                break
    return n


@nrt_free
def five_points_near(state, c, last, out):
    """:func:`five_points` when they were all made by the move ``last`` (-1: scan the board)."""
    if last < 0:
        return five_points(state, c, out)
    board, pat, pw = state[0], state[2], state[9][I_PW]
    n = 0
    if state[5][c] == 0:
        return 0
    for d in range(4):
        st = 1 if d == 0 else (pw if d == 1 else (pw + 1 if d == 2 else pw - 1))
        for k in range(-4, 5):
            q = last + k * st
            if k != 0 and board[q] == EMPTY and pat[c, q, d] == P_FIVE:
                out[n] = q
                n += 1
    return n


@nrt_free
def threat_points(state, c, out):
    """Cells where ``c`` makes two five points at once (a move that wins), legally."""
    board, cells = state[0], state[11]
    n = 0
    if state[5][FOURS + c] < 2:
        return 0
    for i in range(cells.shape[0]):
        q = cells[i]
        if board[q] != EMPTY:
            continue
        if four_count(state, q, c) >= 2 and is_legal(state, q, c):
            out[n] = q
            n += 1
    return n


@nrt_free
def has_threat_point(state, c):
    board, cells = state[0], state[11]
    if state[5][FOURS + c] < 2:  # a threat point needs two four patterns at one cell
        return False
    for i in range(cells.shape[0]):
        q = cells[i]
        if board[q] != EMPTY:
            continue
        if four_count(state, q, c) >= 2 and is_legal(state, q, c):
            return True
    return False


@nrt_free
def makes_threat_point(state, c, m):
    """Whether ``c`` playing ``m`` makes a threat point, when ``c`` has none now.

    A stone changes the patterns of the cells within five steps on its four
    lines only, so a new threat point lies there, and its fours after the move
    are read from the pattern tables without playing it. (Not under renju for
    black: a black stone can change whether a point elsewhere is forbidden.)
    """
    board, code, pat, info, tables = state[0], state[1], state[2], state[9], state[10]
    pw = info[I_PW]
    var = info[I_VAR_BLACK] if c == BLACK else info[I_VAR_WHITE]
    for d in range(4):
        st = 1 if d == 0 else (pw if d == 1 else (pw + 1 if d == 2 else pw - 1))
        for k in range(-WINDOW, WINDOW + 1):
            q = m + k * st
            if k == 0 or board[q] != EMPTY:
                continue
            # m lies -k steps from q
            pos = -k + WINDOW if k > 0 else -k + WINDOW - 1
            after = tables[var, code[c, q, d] + POW3[pos]]
            if four_count(state, q, c) - FOUR_COUNT[pat[c, q, d]] + FOUR_COUNT[after] >= 2:
                return True
    return False


@nrt_free
def evaluate(state, side):
    """Static score for ``side`` to move: its line values minus the opponent's, and the tempo.

    The side to move is a move ahead in every race of threats: its open three
    becomes an open four (a win, unless the opponent can answer with fours),
    while the opponent's open three is only a threat it can still block. Without
    this term the score swings by an open three's worth from ply to ply.
    """
    tot, fivecnt = state[4], state[5]
    o = 3 - side
    v = tot[side] - tot[o]
    if fivecnt[o] == 0:
        if fivecnt[OPEN3S + side] > 0 and fivecnt[FOURS + o] == 0:
            v += TEMPO_WIN
        elif fivecnt[OPEN3S + o] > 0:
            v += TEMPO_BLOCK * fivecnt[OPEN3S + o]
    if v > STATIC_BOUND:
        v = STATIC_BOUND
    elif v < -STATIC_BOUND:
        v = -STATIC_BOUND
    return v


@nrt_free
def candidates(state, side, out):
    """Legal moves of ``side`` within two cells of a stone (the centre on an empty board)."""
    board, near, info, cells = state[0], state[6], state[9], state[11]
    n = 0
    if info[I_STONES] == 0:
        w = info[I_WIDTH]
        h = info[I_HEIGHT]
        out[0] = info[I_ORIGIN] + (h // 2) * info[I_PW] + w // 2
        return 1
    renju_black = side == BLACK and info[I_RULE] == RULE_RENJU
    for i in range(cells.shape[0]):
        q = cells[i]
        if board[q] != EMPTY or near[q] == 0:
            continue
        if renju_black and is_forbidden(state, q):
            continue
        out[n] = q
        n += 1
    return n


# ---------------------------------------------------------------------------
# Threat search: VCF and VCT
# ---------------------------------------------------------------------------


@njit(cache=True)
def _poll(counters):
    """Count a node; True when the search must stop (stop flag or node budget)."""
    counters[C_NODES] += 1
    if counters[C_NODES] >= counters[C_NEXT_POLL]:
        counters[C_NEXT_POLL] = counters[C_NODES] + POLL_EVERY
        if counters[C_STOP] != 0:
            counters[C_ABORTED] = 1
            return True
    if 0 <= counters[C_NODE_LIMIT] <= counters[C_NODES]:
        counters[C_ABORTED] = 1
        return True
    return False


@njit(cache=True)
def _cache_probe(ckeys, cvals, cdepths, counters, key, depth):
    """WIN/FAIL if the cache proves the node at ``depth``, else 0.

    A failure found only because lines reached the depth bound counts as a
    depth cut here too: the iterative deepening stops when an iteration fails
    with no cut (no depth can do better), and a cache shared between
    searches must not hide the cuts behind an earlier search's failure.
    """
    slot = key & np.uint64(ckeys.shape[0] - 1)
    if ckeys[slot] == key:
        v = cvals[slot]
        if v == WIN and cdepths[slot] <= depth:
            return WIN
        if v == FAIL and cdepths[slot] >= depth:
            if cdepths[slot] != FAIL_AT_ANY_DEPTH:
                counters[C_DEPTH_CUTS] += 1
            return FAIL
    return 0


@njit(cache=True)
def _cache_store(ckeys, cvals, cdepths, key, depth, value, cut):
    """Store a node's result; a failure with no depth ``cut`` below it holds at any depth."""
    slot = key & np.uint64(ckeys.shape[0] - 1)
    ckeys[slot] = key
    cvals[slot] = value
    cdepths[slot] = FAIL_AT_ANY_DEPTH if value == FAIL and not cut else depth


@nrt_free
def defences(state, a, out, is_four_out, scratch):
    """The defender's moves worth trying against ``a``'s threat (``a`` has no five point).

    Every legal move after which ``a`` has no winning threat point, and every
    defender four. Returns how many (-1: ``a`` has no threat point);
    ``is_four_out[i]`` is 1 for the counter-fours, else 0.

    A defender's stone only takes from ``a``: it changes the pattern of a
    threat point in the one line through both, and no other. So the moves
    that kill every threat point are read from the pattern tables, without
    playing them: for each threat point ``t`` and each cell ``e`` within five
    steps on its lines, the code of ``t`` with a defender stone on ``e`` gives
    the fours ``t`` keeps. (Under renju, against black, a white stone can also
    make a forbidden point legal: there every candidate is played.)

    ``scratch``: SCRATCH_ROWS rows as long as the board, the last all zero
    (and zero again on return), so that a search node allocates nothing.
    """
    board, code, pat, info, tables = state[0], state[1], state[2], state[9], state[10]
    pw = info[I_PW]
    d = 3 - a
    cells, near = state[11], state[6]
    n_cells = cells.shape[0]
    threats = scratch[0]
    nt = threat_points(state, a, threats)
    if nt == 0:
        return -1
    exact_check = a == BLACK and info[I_RULE] == RULE_RENJU
    renju_black = d == BLACK and info[I_RULE] == RULE_RENJU  # see is_legal
    var = info[I_VAR_BLACK] if a == BLACK else info[I_VAR_WHITE]
    # order: the cells met; marks[e]: 0 for a cell not met, else 1 + the
    # threat points a defender stone on e leaves with fewer than two fours
    order = scratch[1]
    marks = scratch[2]
    n_order = 0
    for i in range(nt):
        t = threats[i]
        fours = four_count(state, t, a)
        for dd in range(4):
            st = 1 if dd == 0 else (pw if dd == 1 else (pw + 1 if dd == 2 else pw - 1))
            rest = fours - FOUR_COUNT[pat[a, t, dd]]
            for k in range(-WINDOW, WINDOW + 1):
                e = t + k * st
                if board[e] != EMPTY:
                    continue
                if marks[e] == 0:
                    marks[e] = 1
                    order[n_order] = e
                    n_order += 1
                if k == 0:
                    continue
                pos = k + WINDOW if k < 0 else k + WINDOW - 1
                after = tables[var, code[a, t, dd] + 2 * POW3[pos]]
                if rest + FOUR_COUNT[after] < 2:
                    marks[e] += 1
        marks[t] += 1  # the defender takes the point itself (met above, at k = 0)
    n = 0
    for i in range(n_order):
        e = order[i]
        if renju_black and is_forbidden(state, e):
            continue
        counter = four_count(state, e, d) >= 1
        if exact_check:
            make(state, e, d)
            killed = not has_threat_point(state, a)
            unmake(state, e)
        else:
            killed = marks[e] == nt + 1
        if killed or counter:
            out[n] = e
            is_four_out[n] = 1 if counter else 0
            n += 1
    if state[5][FOURS + d] != 0:  # the defender's fours elsewhere
        for i in range(n_cells):
            q = cells[i]
            if board[q] != EMPTY or marks[q] != 0 or near[q] == 0:
                continue
            if four_count(state, q, d) >= 1 and not (renju_black and is_forbidden(state, q)):
                out[n] = q
                is_four_out[n] = 1
                n += 1
    for i in range(n_order):
        marks[order[i]] = 0
    return n


FOUR_PRIORITY = 100_000  # threat_moves: a four's priority is at least this, a three's below


@njit(cache=True)
def _insert(moves, prio, n, m, v):
    """Insert move ``m`` of priority ``v`` into ``moves[:n]``, kept highest first."""
    j = n
    while j > 0 and prio[j - 1] < v:
        moves[j] = moves[j - 1]
        prio[j] = prio[j - 1]
        j -= 1
    moves[j] = m
    prio[j] = v


@nrt_free
def threat_moves(state, a, vct, moves, prio):
    """The attacker's candidate threats, best first: how many (``moves[:n]``, ``prio[:n]``).

    Its fours (priority FOUR_PRIORITY and up, more fours first) and, with
    ``vct``, the legal moves that extend one of its threes (below
    FOUR_PRIORITY): whether such a move makes a threat point is the caller's
    to check.
    """
    board, pat, score, info, cells = state[0], state[2], state[3], state[9], state[11]
    d = 3 - a
    renju_black = a == BLACK and info[I_RULE] == RULE_RENJU  # see is_legal
    n = 0
    for i in range(cells.shape[0]):
        q = cells[i]
        if board[q] != EMPTY:
            continue
        fc = four_count(state, q, a)
        value = 0
        if fc >= 1:
            value = FOUR_PRIORITY + 1000 * fc + score[a, q]
        elif vct:
            for dd in range(4):
                t = pat[a, q, dd]
                if t in (P_OPEN3, P_THREE):
                    value = 1 + score[a, q] + score[d, q]
                    break
        if value == 0:
            continue
        if renju_black and is_forbidden(state, q):
            continue
        _insert(moves, prio, n, q, value)
        n += 1
    return n


@njit(types.int64(STATE_TYPE, THREAT_TYPE, *([types.int64] * 6)), cache=True, **NRT_OPTION)
def threat(state, tsearch, a, depth, ply, vct, defending, last):
    """The threat search at one node (one self-recursive function: numba caches it safely).

    Attacker node (``defending`` False, ``a`` to move): can ``a`` force a five
    with at most ``depth`` more threats -- fours only, or also threes when
    ``vct``? Defender node (the other side to move, after a threat of ``a``):
    does every defence lose? Returns WIN, FAIL or ABORT. ``last`` is the
    move that led here (-1 at the root): the five points a move creates lie on
    its four lines, so only those are scanned.
    """
    NO = np.int64(0)  # typed constants: a bare literal would make numba compile anew
    YES = np.int64(1)
    if defending:
        ckeys, cvals, cdepths, counters, buf, prio_buf, scratch = tsearch
        fivecnt, key = state[5], state[8]
        if _poll(counters):
            return ABORT
        if ply > counters[C_MAX_PLY]:
            counters[C_MAX_PLY] = ply
        d = 3 - a
        if fivecnt[d] > 0:
            return FAIL
        if ply >= MAX_PLY - 4:
            counters[C_DEPTH_CUTS] += 1
            return FAIL
        k = key[0] ^ SALT_DEFEND
        if a == WHITE:
            k ^= SALT_WHITE
        if vct != 0:
            k ^= SALT_VCT  # VCF and VCT results differ: they never share an entry
        hit = _cache_probe(ckeys, cvals, cdepths, counters, k, depth)
        if hit != 0:
            counters[C_CACHE_HITS] += 1
            return hit
        cuts = counters[C_DEPTH_CUTS]
        moves = buf[ply]
        if fivecnt[a] > 0:
            # Block a five point; two cannot both be blocked (except under caro,
            # where one block can leave the other five closed at both ends).
            n = five_points_near(state, a, last, moves)
            result = WIN
            for i in range(n):
                f = buf[ply][i]
                if not is_legal(state, f, d):
                    continue
                make(state, f, d)
                r = WIN if fivecnt[a] > 0 else threat(state, tsearch, a, depth, ply + 1, vct, NO, f)
                unmake(state, f)
                if r != WIN:
                    result = r
                    break
            if result != ABORT:
                _cache_store(
                    ckeys, cvals, cdepths, k, depth, result, counters[C_DEPTH_CUTS] != cuts
                )
            return result
        is_four = prio_buf[ply]  # a defender node leaves its priorities unused
        n = defences(state, a, moves, is_four, scratch)
        if n < 0:
            _cache_store(ckeys, cvals, cdepths, k, depth, FAIL, False)
            return FAIL
        result = WIN
        block = buf[ply + 1]
        for i in range(n):
            m = buf[ply][i]
            make(state, m, d)
            if is_four[i] != 0 and fivecnt[d] > 0:
                nf = five_points_near(state, d, m, block)
                if nf >= 2 or not is_legal(state, block[0], a):
                    r = FAIL
                else:
                    f = block[0]
                    make(state, f, a)
                    r = threat(state, tsearch, a, depth, ply + 2, vct, YES, f)
                    unmake(state, f)
            else:
                r = threat(state, tsearch, a, depth, ply + 1, vct, NO, m)
            unmake(state, m)
            if r != WIN:
                result = r
                break
        if result != ABORT:
            _cache_store(ckeys, cvals, cdepths, k, depth, result, counters[C_DEPTH_CUTS] != cuts)
        return result

    ckeys, cvals, cdepths, counters, buf, prio_buf, scratch = tsearch
    fivecnt, key = state[5], state[8]
    if _poll(counters):
        return ABORT
    if ply > counters[C_MAX_PLY]:
        counters[C_MAX_PLY] = ply
    d = 3 - a
    if fivecnt[a] > 0:
        return WIN
    if depth <= 0 or ply >= MAX_PLY - 4:
        counters[C_DEPTH_CUTS] += 1
        return FAIL
    k = key[0] ^ SALT_ATTACK
    if a == WHITE:
        k ^= SALT_WHITE
    if vct != 0:
        k ^= SALT_VCT
    if ply > 0:  # the root always searches, to report its move
        hit = _cache_probe(ckeys, cvals, cdepths, counters, k, depth)
        if hit != 0:
            counters[C_CACHE_HITS] += 1
            return hit
    cuts = counters[C_DEPTH_CUTS]
    moves = buf[ply]
    if fivecnt[d] > 0:
        # The defender threatens five: the block is the only move, and must threaten.
        n = five_points_near(state, d, last, moves)
        result = FAIL
        if n == 1 and is_legal(state, moves[0], a):
            f = moves[0]
            make(state, f, a)
            if fivecnt[a] > 0 or (vct != 0 and has_threat_point(state, a)):
                result = threat(state, tsearch, a, depth - 1, ply + 1, vct, YES, f)
            unmake(state, f)
            if result == WIN and ply == 0:
                counters[C_BEST] = f
        if result != ABORT:
            _cache_store(ckeys, cvals, cdepths, k, depth, result, counters[C_DEPTH_CUTS] != cuts)
        return result
    if vct == 0 and fivecnt[FOURS + a] == 0:
        return FAIL  # no four to make: the VCF ends here, at any depth
    # Threats of the attacker, fours first.
    n = threat_moves(state, a, vct, moves, prio_buf[ply])
    # A move threatens when it makes a four or a threat point. With no threat
    # point on the board before, a three is told from the tables
    # (makes_threat_point) and only the threatening ones are played.
    local = vct != 0 and not (a == BLACK and state[9][I_RULE] == RULE_RENJU)
    if local and has_threat_point(state, a):
        local = False
    result = FAIL
    for i in range(n):
        m = buf[ply][i]
        if prio_buf[ply][i] < FOUR_PRIORITY and local and not makes_threat_point(state, a, m):
            continue
        make(state, m, a)
        if prio_buf[ply][i] >= FOUR_PRIORITY or local or has_threat_point(state, a):
            r = threat(state, tsearch, a, depth - 1, ply + 1, vct, YES, m)
        else:
            r = FAIL
        unmake(state, m)
        if r == ABORT:
            return ABORT
        if r == WIN:
            result = WIN
            if ply == 0:
                counters[C_BEST] = m
            break
    _cache_store(ckeys, cvals, cdepths, k, depth, result, counters[C_DEPTH_CUTS] != cuts)
    return result


# ---------------------------------------------------------------------------
# Alpha-beta
# ---------------------------------------------------------------------------

# Switches of the alpha-beta search (``params``).
S_PRUNE = 0  # threat-aware move generation and a move-count cap (off: plain alpha-beta)
S_USE_TT = 1
S_USE_HISTORY = 2
S_WIDTH = 3  # moves searched per node when pruning
S_VCF_DEPTH = 4  # a VCF of at most this many fours ends a node (0: no threat search in the tree)
S_VCF_NODES = 5  # threat-search nodes per in-tree VCF probe
S_EXTEND = 6  # search on at leaves where the opponent threatens (see EXTEND_PLIES)
S_VCF_LEAVES = 7  # 1: the in-tree VCF probe only at the frontier (depth <= 0), 0: at every node
S_VCT_PLIES = 8  # bit p set: a VCT probe for the side to move at the nodes of ply p
S_VCT_DEPTH = 9  # its threats and nodes
S_VCT_NODES = 10
S_ROOT_MOVES = 11  # n > 0: the root searches the n moves that follow (no width cap), not its own
ROOT_MOVES_MAX = 48
PARAMS_SIZE = S_ROOT_MOVES + 1 + ROOT_MOVES_MAX
EXTEND_PLIES = 4

TT_EXACT = 1
TT_LOWER = 2
TT_UPPER = 3


@nrt_free
def _order(state, side, moves, prio, n, history, tt_move, use_history):
    """Sort ``moves[:n]`` best first: the table's move, then attack + defence value."""
    score = state[3]
    o = 3 - side
    for i in range(n):
        q = moves[i]
        v = 2 * score[side, q] + score[o, q]
        if use_history:
            v += history[q] >> 4
        if q == tt_move:
            v = 1 << 40
        prio[i] = v
    for i in range(1, n):
        _insert(moves, prio, i, moves[i], prio[i])


@njit(types.int64(STATE_TYPE, THREAT_TYPE, types.int64, types.int64), cache=True)
def vcf_probe(state, tsearch, side, params_depth_nodes):
    """A VCF search for ``side`` of at most ``params_depth_nodes & 0xFF`` fours and
    ``params_depth_nodes >> 8`` nodes: WIN, or FAIL when none was found.

    Bit 7 of ``params_depth_nodes`` asks for a VCT (threes too) instead."""
    tc = tsearch[3]
    tc[C_NODE_LIMIT] = tc[C_NODES] + (params_depth_nodes >> 8)
    tc[C_ABORTED] = 0
    tc[C_STOP] = 0
    vct = (params_depth_nodes >> 7) & 1
    depth = params_depth_nodes & 0x7F
    if vct == 0:
        # ply 1: the cache is probed at once (the root of a threat search never is)
        r = threat(state, tsearch, side, depth, 1, vct, 0, -1)
        return WIN if r == WIN else FAIL
    # a VCT is found by deepening (depth first at the full depth wanders off),
    # stopping when no line reached the bound
    for d in range(1, depth + 1):
        cuts = tc[C_DEPTH_CUTS]
        r = threat(state, tsearch, side, d, 1, vct, 0, -1)
        if r == WIN:
            return WIN
        if r == ABORT or tc[C_DEPTH_CUTS] == cuts:
            return FAIL
    return FAIL


@njit(
    types.int64(STATE_TYPE, ALPHABETA_TYPE, THREAT_TYPE, *([types.int64] * 5)),
    cache=True,
    **NRT_OPTION,
)
def negamax(state, asearch, tsearch, side, depth, ply, alpha, beta):
    """Fail-soft alpha-beta from ``side``'s point of view (scores as in tansuo.adversarial).

    With ``params[S_VCF_DEPTH]`` set, every node (leaves included; only the
    frontier with ``S_VCF_LEAVES``) whose side to move can make a four first
    asks a small VCF search whether that side wins by fours: then the node is
    won, with a mate score a VCF of that many fours can need at most. With
    ``S_VCT_DEPTH`` set, the nodes of the plies in ``S_VCT_PLIES`` ask the same
    of a small VCT. With ``S_ROOT_MOVES`` set, the root searches only the moves
    listed after it (unless it must block a four).
    """
    tt_keys, tt_vals, tt_depth, tt_flag, tt_move, history, counters, buf, prio_buf, params = asearch
    fivecnt, key, info = state[5], state[8], state[9]
    if _poll(counters):
        return 0
    if ply > counters[C_MAX_PLY]:
        counters[C_MAX_PLY] = ply
    o = 3 - side
    if fivecnt[side] > 0 and ply > 0:  # the root plays it (and reports the move)
        return MATE - (ply + 1)
    vcf_depth = params[S_VCF_DEPTH]
    if (
        vcf_depth > 0
        and 0 < ply < MAX_PLY - 40
        and (depth <= 0 or params[S_VCF_LEAVES] == 0)
        and fivecnt[FOURS + side] > 0
        and vcf_probe(state, tsearch, side, vcf_depth | (params[S_VCF_NODES] << 8)) == WIN
    ):
        return MATE - (ply + 2 * vcf_depth)
    vct_depth = params[S_VCT_DEPTH]
    if (
        vct_depth > 0
        and 0 < ply < 62
        and (params[S_VCT_PLIES] >> ply) & 1
        and fivecnt[o] == 0
        and vcf_probe(state, tsearch, side, vct_depth | 128 | (params[S_VCT_NODES] << 8)) == WIN
    ):
        return MATE - (ply + 2 * vct_depth)
    prune = params[S_PRUNE] != 0
    # A quiescence-like extension: a leaf where the opponent threatens five
    # (one block) is searched on, up to EXTEND_PLIES beyond the depth; a quiet
    # leaf is evaluated.
    extend = (
        prune
        and params[S_EXTEND] != 0
        and depth > -EXTEND_PLIES
        and ply < MAX_PLY - 40
        and fivecnt[o] > 0
    )
    if (depth <= 0 or ply >= MAX_PLY - 2) and not extend:
        return evaluate(state, side)
    use_tt = params[S_USE_TT] != 0
    k = key[0]
    if side == WHITE:
        k ^= SALT_WHITE
    slot = k & np.uint64(tt_keys.shape[0] - 1)
    best_tt = -1
    if use_tt:
        counters[C_TT_PROBES] += 1
        if tt_keys[slot] == k:
            counters[C_TT_HITS] += 1
            best_tt = tt_move[slot]
            if tt_depth[slot] >= depth and prune and ply > 0:
                v = tt_vals[slot]
                if v > MATE - MAX_PLY:
                    v -= ply
                elif v < -(MATE - MAX_PLY):
                    v += ply
                f = tt_flag[slot]
                if f == TT_EXACT or (f == TT_LOWER and v >= beta) or (f == TT_UPPER and v <= alpha):
                    return v
    moves = buf[ply]
    prio = prio_buf[ply]
    n = 0
    if prune and fivecnt[o] > 0:
        # only a block can save the game
        n = five_points(state, o, moves)
        if n >= 2 and info[I_RULE] != RULE_CARO and ply > 0:
            return -(MATE - (ply + 2))
        legal = 0
        for i in range(n):
            if is_legal(state, moves[i], side):
                moves[legal] = moves[i]
                legal += 1
        n = legal
        if n == 0:
            if ply > 0:
                return -(MATE - (ply + 2))
            n = candidates(state, side, moves)
    elif ply == 0 and params[S_ROOT_MOVES] > 0:
        # the caller chose the root's moves (the engine: the defences that
        # survived a check against the opponent's threat win)
        n = params[S_ROOT_MOVES]
        for i in range(n):
            moves[i] = params[S_ROOT_MOVES + 1 + i]
    elif prune and has_threat_point(state, o):
        # the opponent makes an open four (or a double four) next: only the
        # moves that stop it, and our own fours, do not lose
        n = defences(state, o, moves, prio, tsearch[6])  # (flags in prio: _order overwrites)
        if n == 0:
            if ply > 0:
                return -(MATE - (ply + 4))
            n = candidates(state, side, moves)
    else:
        n = candidates(state, side, moves)
    if n == 0:
        return 0
    _order(state, side, moves, prio, n, history, best_tt, params[S_USE_HISTORY] != 0)
    if prune and n > params[S_WIDTH] and not (ply == 0 and params[S_ROOT_MOVES] > 0):
        # keep the best ``width`` and every four
        width = params[S_WIDTH]
        m2 = width
        for i in range(width, n):
            if four_count(state, moves[i], side) >= 1:
                moves[m2] = moves[i]
                m2 += 1
        n = m2
    alpha0 = alpha
    best = -MATE - 1
    best_move = moves[0]
    for i in range(n):
        m = buf[ply][i]
        if is_five_move(state, m, side):
            v = MATE - (ply + 1)
        else:
            make(state, m, side)
            v = -negamax(state, asearch, tsearch, o, depth - 1, ply + 1, -beta, -alpha)
            unmake(state, m)
        if counters[C_ABORTED] != 0:
            return 0
        if v > best:
            best = v
            best_move = m
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    if params[S_USE_HISTORY] != 0:
                        history[m] += depth * depth
                    break
    if use_tt:
        stored = best
        if stored > MATE - MAX_PLY:
            stored += ply
        elif stored < -(MATE - MAX_PLY):
            stored -= ply
        if tt_keys[slot] != k or tt_depth[slot] <= depth:
            tt_keys[slot] = k
            tt_vals[slot] = stored
            tt_depth[slot] = depth
            tt_move[slot] = best_move
            if best <= alpha0:
                tt_flag[slot] = TT_UPPER
            elif best >= beta:
                tt_flag[slot] = TT_LOWER
            else:
                tt_flag[slot] = TT_EXACT
    if ply == 0:
        counters[C_BEST] = best_move
    return best


@njit(cache=True, nogil=True)
def search_root(state, asearch, tsearch, side, depth, alpha, beta):
    """One iteration of alpha-beta at ``depth``; the best move lands in ``counters[C_BEST]``."""
    return negamax(state, asearch, tsearch, side, depth, 0, alpha, beta)


@njit(cache=True, nogil=True)
def threat_root(state, tsearch, a, depth, vct):
    """One iteration of the threat search at ``depth`` attacker moves."""
    return threat(state, tsearch, a, depth, 0, vct, 0, -1)


@njit(cache=True, nogil=True)
def threat_deepen(state, tsearch, a, max_depth, vct):
    """Iterative deepening from depth 1 to ``max_depth``: WIN, FAIL or ABORT.

    Stops early with FAIL when an iteration failed without any line reaching
    the depth bound: then no depth can do better. ``counters[C_DEPTH_DONE]``
    is the last depth finished.
    """
    counters = tsearch[3]
    result = FAIL
    for depth in range(1, max_depth + 1):
        cuts = counters[C_DEPTH_CUTS]
        result = threat(state, tsearch, a, depth, 0, vct, 0, -1)
        if result == ABORT:
            return ABORT
        counters[C_DEPTH_DONE] = depth
        if result == WIN or counters[C_DEPTH_CUTS] == cuts:
            return result
    return result

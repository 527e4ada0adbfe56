"""The board and its line patterns: tables, make/unmake, rules, evaluation, candidates.

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

The state is a tuple of arrays whose slots are named ``ST_*`` (made by
:class:`tansuo.gomoku.model.Board`); every function here takes it whole.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types

from tansuo._jit import NRT_OPTION, njit_on_first_use, njit_one_version

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
# The slots of the state tuple (``STATE_TYPE``; made by :mod:`tansuo.gomoku.model`).
ST_BOARD = 0
ST_CODE = 1
ST_PATTERN = 2
ST_SCORE = 3
ST_TOTAL = 4
ST_FIVES = 5
ST_NEAR = 6
ST_ZOBRIST = 7
ST_KEY = 8
ST_INFO = 9
ST_TABLES = 10
ST_CELLS = 11
# The slots of a threat search's tuple (``THREAT_TYPE``).
T_CACHE_KEYS = 0
T_CACHE_VALUES = 1
T_CACHE_DEPTHS = 2
T_COUNTERS = 3
T_MOVES = 4
T_PRIORITIES = 5
T_SCRATCH = 6
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
# The slots of an alpha-beta search's tuple (``ALPHABETA_TYPE``).
A_TT_KEYS = 0
A_TT_VALUES = 1
A_TT_DEPTHS = 2
A_TT_FLAGS = 3
A_TT_MOVES = 4
A_HISTORY = 5
A_COUNTERS = 6
A_MOVES = 7
A_PRIORITIES = 8
A_PARAMS = 9

# numba counts references to each array of a tuple argument on the way into
# and out of a small function that reads the tuple in a branch or passes it
# on: some 180 ns a call of a helper that takes ``state``. The helpers, and
# the searches, which allocate nothing per node (``defences`` works in the
# threat search's scratch rows), are compiled without reference counting
# (tansuo._jit.NRT_OPTION).


def nrt_free(function):
    """``njit(cache=True)`` without reference counting (for helpers that allocate nothing).

    One version for calls that differ in scalar types only (``tansuo._jit.njit_one_version``).
    """
    return njit_one_version(cache=True, **NRT_OPTION)(function)


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
# A cell's class for a colour: its two best line patterns (an overline
# counting as none), ``best * (best + 1) // 2 + second``; see ``cell_class``.
N_CLASSES = 45
# fivecnt[OWN_SUM + colour], fivecnt[OTHER_SUM + colour]: the colour's empty
# cells weighed by class as the side to move's (EVAL_OWN) and as the
# opponent's (EVAL_OTHER), kept by make/unmake for ``evaluate``
OWN_SUM = 9
OTHER_SUM = 12
FIVECNT_SIZE = 15

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
C_EXPANDED = 13  # nodes whose moves were generated (CONVENTIONS.md, "What the counters count")
C_GENERATED = 14  # the moves generated at those nodes, cut-offs and pruned moves included
COUNTERS_SIZE = 15
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

# What one line pattern is worth to the side that owns the cell.
PATTERN_SCORE = np.array([0, 2, 12, 10, 60, 70, 600, 600, 1000, 0], dtype=np.int32)
# The evaluation's weights (see ``evaluate``), fitted by logistic regression
# to Rapfi's scores of positions from games against it (docs/strength/gomoku.md):
# per cell class (``cell_class``: its two best line patterns; a row per best
# pattern, P_NONE to P_FIVE, a column per second best) the worth of a cell of
# the side to move (EVAL_OWN) and of the opponent (EVAL_OTHER); the
# side to move's tempo (an open three of its own to make an open four of, the
# opponent with no four to answer); each of the opponent's open-three points;
# a constant. 1,000 points are one unit of the fit's logit (Rapfi's score
# over 200). Set by hand, not fitted: the classes seen fewer than 30 times
# take the sum of their two patterns' weights from a fit per line pattern; a
# double four (two fours, or P_DFOUR) counts as a four-three point; a five
# point (never scored for the side to move, the opponent's only at the end of
# an extension) 5,000.
EVAL_OWN = np.array(
    [
        value
        for row in (
            (-1,),
            (-1, -16),
            (-13, 25, 18),
            (13, 34, 60, 84),
            (87, 89, 196, 279, 337),
            (173, 286, 559, 578, 4408, 4408),
            (6235, 6957, 6220, 6665, 6085, 6254, 11955),
            (4408, 4408, 4408, 4408, 4408, 4408, 4408, 4408),
            (5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000),
        )
        for value in row
    ],
    dtype=np.int64,
)
EVAL_OTHER = np.array(
    [
        value
        for row in (
            (-4,),
            (1, -8),
            (-10, 4, -3),
            (-5, 21, 34, 115),
            (40, 54, 132, 161, 240),
            (166, 287, 327, 493, 1349, 1349),
            (230, 457, 667, 626, -228, 533, 539),
            (1349, 1349, 1349, 1349, 1349, 1349, 1349, 1349),
            (5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000),
        )
        for value in row
    ],
    dtype=np.int64,
)
TEMPO_WIN = 788
TEMPO_BLOCK = -339
EVAL_BIAS = -124
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


@njit(cache=True, inline="always")
def _best_two(pat, c, q, skip):
    """The best two line patterns of cell ``q`` for colour ``c``, direction ``skip`` left out
    (-1: none); an overline counts as no pattern."""
    best = 0
    second = 0
    for d in range(4):
        if d == skip:
            continue
        t = pat[c, q, d]
        if t == P_OVERLINE:
            t = P_NONE
        if t > best:
            second = best
            best = t
        elif t > second:
            second = t
    return best, second


@njit(cache=True, inline="always")
def _class_with(best, second, t):
    """The class of a cell whose other directions' best two are ``best >= second``, with ``t``."""
    if t == P_OVERLINE:
        t = P_NONE
    if t > best:
        return t * (t + 1) // 2 + best
    if t > second:
        return best * (best + 1) // 2 + t
    return best * (best + 1) // 2 + second


@njit(cache=True, inline="always")
def cell_class(pat, c, q):
    """The class of cell ``q`` for colour ``c``: its best two line patterns (see N_CLASSES)."""
    best, second = _best_two(pat, c, q, -1)
    return best * (best + 1) // 2 + second


@njit(cache=True, inline="always")
def _count_cell(fivecnt, pat, c, q, sign):
    """Add (``sign`` 1) or take away (-1) cell ``q``'s weights for colour ``c``."""
    k = cell_class(pat, c, q)
    fivecnt[OWN_SUM + c] += sign * EVAL_OWN[k]
    fivecnt[OTHER_SUM + c] += sign * EVAL_OTHER[k]


@njit(cache=True, inline="always")
def _recount_cell(fivecnt, pat, c, q, d, old, new):
    """Move cell ``q``'s weights for ``c`` from its class with ``old`` to its class with ``new``.

    ``old`` and ``new`` are the line patterns of direction ``d`` before and
    after the change.

    Only direction ``d`` changes: the best two of the other three directions
    are found once and merged with each of ``old`` and ``new`` (rather than
    the class found in full before and after the change), and the sums move
    only when the class does.
    """
    best, second = _best_two(pat, c, q, d)
    k_old = _class_with(best, second, old)
    k_new = _class_with(best, second, new)
    if k_new != k_old:
        fivecnt[OWN_SUM + c] += EVAL_OWN[k_new] - EVAL_OWN[k_old]
        fivecnt[OTHER_SUM + c] += EVAL_OTHER[k_new] - EVAL_OTHER[k_old]


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
            _count_cell(fivecnt, pat, c, q, 1)


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
        _count_cell(fivecnt, pat, col, p, -1)
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
                        _recount_cell(fivecnt, pat, col, q, d, old, new)
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
                        _recount_cell(fivecnt, pat, col, q, d, old, new)
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
        _count_cell(fivecnt, pat, col, p, 1)
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
    pat = state[ST_PATTERN]
    return (
        pat[c, p, 0] == P_FIVE
        or pat[c, p, 1] == P_FIVE
        or pat[c, p, 2] == P_FIVE
        or (pat[c, p, 3] == P_FIVE)
    )


@nrt_free
def four_count(state, p, c):
    """Fours ``c`` makes by playing ``p`` (a straight four and X_XXX_X count 2 here)."""
    pat = state[ST_PATTERN]
    n = 0
    for d in range(4):
        n += FOUR_COUNT[pat[c, p, d]]
    return n


@njit_on_first_use(types.boolean(STATE_TYPE, types.int64))  # one version, compiled on first use
def is_forbidden(state, p):
    """Whether black may not play ``p`` under renju (p empty; a five is never forbidden).

    Overline, two or more fours, or two or more open threes, a three counting
    only if one of its straight-four points is itself not forbidden (recursively).
    """
    board, pat = state[ST_BOARD], state[ST_PATTERN]
    info = state[ST_INFO]
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
    if state[ST_BOARD][p] != EMPTY:
        return False
    if c == BLACK and state[ST_INFO][I_RULE] == RULE_RENJU:
        return not is_forbidden(state, p)
    return True


@nrt_free
def five_points(state, c, out):
    """Cells where ``c`` makes five (written to ``out``); returns how many."""
    board, pat, cells = state[ST_BOARD], state[ST_PATTERN], state[ST_CELLS]
    n = 0
    if state[ST_FIVES][c] == 0:
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
    board, pat, pw = state[ST_BOARD], state[ST_PATTERN], state[ST_INFO][I_PW]
    n = 0
    if state[ST_FIVES][c] == 0:
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
    board, cells = state[ST_BOARD], state[ST_CELLS]
    n = 0
    if state[ST_FIVES][FOURS + c] < 2:
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
    board, cells = state[ST_BOARD], state[ST_CELLS]
    if state[ST_FIVES][FOURS + c] < 2:  # a threat point needs two four patterns at one cell
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
    board, code, pat, info, tables = (
        state[ST_BOARD],
        state[ST_CODE],
        state[ST_PATTERN],
        state[ST_INFO],
        state[ST_TABLES],
    )
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
    """Static score for ``side`` to move, from the classes of the empty cells.

    Each empty cell counts EVAL_OWN of its class for the side to move and
    EVAL_OTHER of its class for the opponent (a class: the cell's two best
    line patterns for that colour; the sums are kept by make/unmake); then
    TEMPO_WIN when the side to move can make an open four and the opponent
    has no four to answer it with, TEMPO_BLOCK for each of the opponent's
    open-three points, and EVAL_BIAS.
    """
    fivecnt = state[ST_FIVES]
    o = 3 - side
    v = EVAL_BIAS + fivecnt[OWN_SUM + side] - fivecnt[OTHER_SUM + o]
    if fivecnt[o] == 0 and fivecnt[OPEN3S + side] > 0 and fivecnt[FOURS + o] == 0:
        v += TEMPO_WIN
    v += TEMPO_BLOCK * fivecnt[OPEN3S + o]
    if v > STATIC_BOUND:
        v = STATIC_BOUND
    elif v < -STATIC_BOUND:
        v = -STATIC_BOUND
    return v


@nrt_free
def candidates(state, side, out):
    """Legal moves of ``side`` within two cells of a stone (the centre on an empty board)."""
    board, near, info, cells = state[ST_BOARD], state[ST_NEAR], state[ST_INFO], state[ST_CELLS]
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

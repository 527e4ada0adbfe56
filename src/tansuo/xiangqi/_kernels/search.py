"""Search kernels: evaluation, quiescence and principal variation search.

The search is the negamax alpha-beta of the course slides, with what strong
engines add to it, each behind a switch in ``params`` so that the benchmark
can measure what it is worth:

* principal variation search (``USE_PVS``): every move after the first is
  searched with a null window and re-searched only if it beats alpha;
* a transposition table (``USE_TT``) with depth-preferred replacement, its
  move tried first and its bounds cutting the search;
* move ordering: captures by most valuable victim / least valuable attacker
  (``USE_MVV_LVA``), two killer moves per ply (``USE_KILLERS``), and quiet
  moves by the history heuristic (``USE_HISTORY``): a table, indexed by side
  and move, that every move causing a cutoff raises by depth squared;
  with ``USE_HISTORY_MALUS`` the quiet moves searched before such a cutoff
  lose as much; with ``USE_COUNTER_MOVE`` the quiet move that last refuted
  the opponent's previous move (a third row of the table, indexed by that
  move) comes right after the killers; with ``USE_LATE_BAD_CAPTURES`` a
  capture of a defended piece by a more valuable one comes after the
  killers and the counter move, before the other quiet moves (as
  ElephantEye orders its moves in stages);
* quiescence search at the horizon (``USE_QUIESCENCE``): captures, and every
  move out of check, until the position is quiet;
* capture pruning in the quiescence search (``USE_CAPTURE_PRUNING``): a
  defended pawn, advisor or elephant on the other side's half taken by a
  more valuable piece is left out, as ElephantEye's MVV(LVA) rule does;
* null-move pruning (``USE_NULL_MOVE``) and late-move reductions
  (``USE_LMR``), both off when the side to move has little material left
  (zugzwang-like endings) and when in check;
* late-move reductions that grow with the depth left and the move number
  (``USE_DEEP_LMR``, see ``LMR_TABLE``), and late-move pruning
  (``USE_LMP``): near the horizon, late quiet moves are not searched;
* futility pruning near the horizon (``USE_FUTILITY``): at non-PV nodes 1-3
  plies from it, a static score a margin per ply above beta is a cutoff, and
  1-2 plies from it quiet moves are skipped when the static score is a margin
  per ply below alpha;
* a check extension (``USE_CHECK_EXTENSION``), mate-distance scores, and the
  game's rules for repetitions (``REPETITIONS`` occurrences end the game;
  perpetual check loses) and for 120 plies without a capture.

With every switch but PVS, killers and history off, it is plain fixed-depth
alpha-beta and returns the value :func:`tansuo.adversarial.alphabeta` finds
on the same position with the same evaluation (the tests check this).

Scores use the scale of :mod:`tansuo.adversarial.game`: a win ``n`` plies
from the root is ``MATE - n``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tansuo._jit import njit_on_first_use, njit_one_version
from tansuo.xiangqi._kernels.board import (
    ABORTED,
    ADVISOR,
    CANNON,
    CHECK_EVERY,
    CHECKED,
    CLOCK,
    CONTROL_SIZE,
    ELEPHANT,
    FIRST_CANNON,
    FIRST_HORSE,
    FIRST_ROOK,
    FORWARD,
    HALF,
    HORSE,
    HORSE_DELTA,
    HORSE_LEG,
    ILLEGAL,
    IN_BOARD,
    IN_PALACE,
    KILLERS,
    KING_SLOT,
    MATERIAL,
    MAX_MOVES,
    MAX_PLY,
    MOVE,
    MOVES,
    NEEDS_TEST,
    NEXT_POLL,
    NO_CAPTURE_LIMIT,
    NODE_LIMIT,
    NRT_OPTION,
    ORDER,
    ORTHOGONAL,
    PAWN,
    PIECE_TYPES,
    PLY,
    PV,
    PV_LENGTH,
    RED,
    REPETITION_DRAW,
    REPETITION_LOSS,
    REPETITION_WIN,
    ROOK,
    SIDE,
    SIDE_OF_SLOT,
    SLOT_TYPE,
    SLOTS,
    SQUARES,
    STOP,
    generate_moves,
    has_legal_move,
    king_attacked,
    king_safe_after,
    make_move,
    make_null_move,
    piece_kind,
    prepare_guard,
    quick_legality,
    repetition_verdict,
    unmake_move,
    unmake_null_move,
)

MATE = 1_000_000  # the same scale as tansuo.adversarial
MATE_BOUND = MATE - 256
INFINITE = MATE + 1

# The evaluation array ``ev`` (int32): ``ev[kind * 256 + cell]`` is the value of
# piece ``kind`` (side * 7 + type) on ``cell``, placement included; the weights follow.
EV_WEIGHTS = 2 * PIECE_TYPES * 256
W_ROOK_MOBILITY = EV_WEIGHTS + 0
W_HORSE_MOBILITY = EV_WEIGHTS + 1
W_CANNON_MOBILITY = EV_WEIGHTS + 2
W_MISSING_ADVISOR = EV_WEIGHTS + 3
W_MISSING_ELEPHANT = EV_WEIGHTS + 4
W_FULL_ATTACK = EV_WEIGHTS + 5
W_TEMPO = EV_WEIGHTS + 6
W_PALACE_THREATS = EV_WEIGHTS + 7  # percent of the palace-threat values below (0: off)
W_PAWN_ATTACK = EV_WEIGHTS + 8  # percent: crossed pawns' placement bonus added again in attack
W_PINS = EV_WEIGHTS + 9  # percent of the pin values below (0: off)
W_ENDGAME = EV_WEIGHTS + 10  # percent of the ending's value changes below (0: off)
W_ENDING_KNOWLEDGE = EV_WEIGHTS + 11  # 1: drawish endings scaled, won ones driven home (0: off)
EV_SIZE = EV_WEIGHTS + 12

# Threats to a king at home behind its advisors, in tenths of a horse (a
# horse is 270 points: multiply by 27/10), by the attacking cannon's distance in
# ranks from the defender's back rank (0-9): an empty central file between a
# cannon and the king (the "hollow cannon"), a cannon on the central file
# behind two pieces with the defender's horse in the palace centre, and by
# file a cannon on the defender's back rank with nothing between it and the
# king. The numbers follow the classic open-source engines' evaluation.
HOLLOW_THREAT = np.array((0, 0, 0, 60, 65, 70, 75, 80, 80, 80), np.int64)
CENTRAL_THREAT = np.array((0, 0, 0, 50, 45, 40, 35, 30, 30, 30), np.int64)
BOTTOM_THREAT = np.array((40, 30, 0, 0, 0, 0, 0, 30, 40), np.int64)
ADVISOR_LEAKAGE = 80  # no two advisors against two rooks, with a full attack
# A pawn's cell on its own back rank's side (the a-file, home row): the value of
# a pawn before it crosses, to measure a crossed pawn's placement bonus against.
HOME_PAWN = np.array(((6 + 3) * 16 + 0 + 3, (3 + 3) * 16 + 0 + 3), np.int64)
FULL_ATTACK_UNITS = 8
# The game's phase, as in ElephantEye: each rook on the board counts 6, each
# horse and cannon 3, each advisor, elephant and pawn 1 (66 in all at the
# start); the middle-game share is a quadratic of that, so that the ending
# weighs in only when much is gone. In a bare ending a rook is worth
# ENDGAME_ROOK points less, a cannon ENDGAME_CANNON more, and a crossed pawn's
# placement bonus ENDGAME_PAWN percent more (ElephantEye's ending tables: a
# rook 182-186 against 206-216, a cannon 100-106 against 90-101, a crossed
# pawn 25-60 against 19-44, in units of about 2.7 of ours).
PHASE_FULL = 66
PHASE_UNITS = np.array((0, 1, 1, 3, 6, 3, 1), np.int64)  # by piece type, king first
ENDGAME_ROOK = 70
ENDGAME_CANNON = 15
ENDGAME_PAWN = 40
# Pins: an enemy horse or cannon on a line to its own king, with nothing else
# between a rook and the king, or one other piece between a cannon and the
# king, cannot leave the line without exposing its king; undefended, it is a
# lasting target. Worth PIN_NEAR points next to the king (it also blocks the
# palace), PIN_STEP less per point further away; on a file PIN_FILE more.
PIN_NEAR = 100
PIN_STEP = 10
PIN_FILE = 10
# Ending knowledge (W_ENDING_KNOWLEDGE): with at most THIN_PIECES rooks, horses
# and cannons left on the board, the score of the side ahead is multiplied by
# a factor in sixteenths that knows which material cannot (or can hardly) win:
# no piece that can give mate, a lone horse or cannon against defenders, a
# lone pawn, an extra horse or cannon without pawns (rook and cannon against
# rook, horse and cannon against horse, rook against horse or cannon), equal
# pieces with at most a pawn more. And when the side behind has no rook,
# horse or cannon left, the side ahead gets MOPUP_STEP points for each point
# its rooks, horses, cannons and crossed pawns stand nearer than MOPUP_REACH
# to the other king, so that the search drives a won ending home instead of
# shuffling until the no-capture rule draws it.
THIN_PIECES = 4
SCALE_FULL = 16
MOPUP_REACH = 12
MOPUP_STEP = 6
MOPUP_LEAD = 150  # the lead (points) from which the side ahead hunts the king

# Slots of the ``ctl`` array (int64): the control slots of the board kernels
# (STOP, NODE_LIMIT, ABORTED, ..., NEXT_POLL) first, then counters, then switches.
NODES = CONTROL_SIZE  # positions entered by the search and the quiescence search, once each
QNODES = NODES + 1  # of which in the quiescence search (its horizon positions included)
TT_PROBES = NODES + 2
TT_HITS = NODES + 3
TT_CUTOFFS = NODES + 4
NULL_TRIES = NODES + 5
NULL_CUTOFFS = NODES + 6
LMR_REDUCED = NODES + 7
LMR_RESEARCHED = NODES + 8
PVS_RESEARCHED = NODES + 9
BETA_CUTOFFS = NODES + 10
FIRST_MOVE_CUTOFFS = NODES + 11  # cutoffs by the first move tried: move-ordering quality
SELDEPTH = NODES + 12  # deepest ply reached
BEST_INDEX = NODES + 13  # root: index of the best move in the root list (-1: none finished)
ROOT_DONE = NODES + 14  # root: moves whose search finished in this iteration
EXPANDED = NODES + 15  # positions whose moves were generated (the root once per iteration)
GENERATED = NODES + 16  # moves generated there, those a cutoff left unsearched included
COUNTERS_END = NODES + 17
USE_TT = COUNTERS_END
USE_PVS = USE_TT + 1
USE_KILLERS = USE_TT + 2
USE_HISTORY = USE_TT + 3
USE_MVV_LVA = USE_TT + 4
USE_QUIESCENCE = USE_TT + 5
USE_NULL_MOVE = USE_TT + 6
USE_LMR = USE_TT + 7
USE_CHECK_EXTENSION = USE_TT + 8
REPETITIONS = USE_TT + 9  # occurrences of a position that end the game inside the search
TT_GENERATION = USE_TT + 10  # age stamp of the current search, for replacement
USE_FUTILITY = USE_TT + 11
USE_CAPTURE_PRUNING = USE_TT + 12
USE_SINGLE_REPLY = USE_TT + 13  # one ply more where a check leaves a single legal reply
USE_PROGRESS = USE_TT + 14  # scale the static score down as the no-capture clock runs
USE_LMP = USE_TT + 15  # late-move pruning: late quiet moves near the horizon not searched
USE_DEEP_LMR = USE_TT + 16  # late-move reductions growing with log(depth) * log(move number)
USE_HISTORY_MALUS = USE_TT + 17  # quiet moves searched before a quiet cutoff lose history
USE_COUNTER_MOVE = USE_TT + 18  # the quiet refutation of the previous move ordered after killers
USE_LATE_BAD_CAPTURES = USE_TT + 19  # a defended piece taken by a more valuable one: after killers
CTL_SIZE = USE_TT + 20

# Futility margins (evaluation points per ply of depth left): a node whose
# static score beats beta by this much is taken as a cutoff, and a quiet move
# that cannot lift the score to alpha by this much is not searched.
REVERSE_FUTILITY_MARGIN = 90
FUTILITY_MARGIN = 120
DELTA_MARGIN = 100  # the quiescence search's: over a capture's material gain
# Late-move pruning (USE_LMP): at non-PV nodes 1-3 plies from the horizon, not
# in check, a quiet move that gives no check and comes after this many legal
# moves (by depth left) is not searched: with good ordering it almost never
# changes the result, and it leaves the nodes to the moves that do.
LMP_MOVES = np.array((0, 6, 10, 16), np.int64)


def _lmr_table() -> np.ndarray:
    """Late-move reductions by depth left and move number (USE_DEEP_LMR).

    ``0.75 + ln(depth) ln(moves) / 1.8`` plies at non-PV nodes, one less at PV
    nodes (the second row of the first index), as the strong chess engines
    reduce: the later the move and the deeper the search, the less a quiet
    move is likely to matter.
    """
    table = np.zeros((2, 64, MAX_MOVES + 1), np.int64)
    for depth in range(1, 64):
        for moves in range(1, MAX_MOVES + 1):
            r = int(0.75 + np.log(depth) * np.log(moves) / 1.8)
            table[0, depth, moves] = r
            table[1, depth, moves] = max(0, r - 1)
    return table


LMR_TABLE = _lmr_table()
# Lazy evaluation (evaluate_within): the rest of the evaluation (mobility,
# king safety, crossed pawns, palace threats) moves the score away from
# material and placement by less than LAZY_MARGIN points in nearly every
# position, so a material and placement sum that far outside the window
# decides the node without it.
LAZY_MARGIN = 350
MOBILITY_MARGIN = 120  # the same for the mobility terms alone

# Columns of the transposition table's ``tt_data`` (int32[N, TT_FIELDS]); ``tt_keys``
# (int64[N], N a power of two) holds the full key of each slot.
TT_MOVE = 0
TT_SCORE = 1
TT_DEPTH = 2  # -1: empty
TT_BOUND = 3
TT_GENERATION_OF = 4
TT_FIELDS = 5

# Transposition-table bounds
BOUND_EXACT = 1
BOUND_LOWER = 2  # the score is at least this (a cutoff)
BOUND_UPPER = 3  # the score is at most this (no move beat alpha)

# Stages of one move's search (PVS and LMR re-searches)
FULL_WINDOW = 0
NULL_WINDOW = 1
REDUCED = 2

# Move-ordering scores: table move, then captures, killers, quiet moves by history
ORDER_TT = 1 << 30
ORDER_CAPTURE = 1 << 26
ORDER_KILLER = 1 << 25
ORDER_SECOND_KILLER = (1 << 25) - 1
ORDER_COUNTER = (1 << 25) - 2
HISTORY_MAX = 1 << 24
COUNTER_ROW = 2  # history[COUNTER_ROW, previous move]: the quiet move that refuted it

# Victim and attacker values for MVV-LVA (by piece type)
MVV_VALUE = np.array([100, 20, 20, 40, 90, 45, 10], np.int64)
# Coarse values for the quiescence's capture pruning (king, advisor, elephant,
# horse, rook, cannon, pawn), as in ElephantEye's MVV(LVA) rule.
SIMPLE_VALUE = np.array([5, 1, 1, 3, 4, 3, 2], np.int64)


# ---------------------------------------------------------------------------
# Evaluation
# ---------------------------------------------------------------------------


@njit_one_version(**NRT_OPTION)
def evaluate(pos: np.ndarray, side: int, ev: np.ndarray) -> int:
    """The static score of a position from ``side``'s point of view (see heuristics.py)."""
    return evaluate_within(pos, side, ev, material(pos, ev), -INFINITE, INFINITE)


@njit_one_version(**NRT_OPTION)
def material(pos: np.ndarray, ev: np.ndarray) -> int:
    """Material and placement of the position, Red's less Black's (``ev``'s first part)."""
    total = 0
    for slot in range(1, SLOTS):
        cell = pos[SQUARES + slot]
        if cell == 0:
            continue
        value = ev[piece_kind(slot) * 256 + cell]
        total += value if SIDE_OF_SLOT[slot] == RED else -value
    return total


@njit(cache=True, inline="always")
def material_after(pos: np.ndarray, ev: np.ndarray, base: int, move: int) -> int:
    """:func:`material` after ``move`` (not yet played) from ``base``, the sum before it.

    The search keeps this sum per ply (``frames[ply, MATERIAL]``), so that the
    evaluation does not add up the pieces' values again.
    """
    frm = move & 255
    to = (move >> 8) & 255
    mover = pos[frm]
    kind = piece_kind(mover) * 256
    gain = ev[kind + to] - ev[kind + frm]
    victim = pos[to]
    if victim:
        gain += ev[piece_kind(victim) * 256 + to]
    return base + gain if SIDE_OF_SLOT[mover] == RED else base - gain


@njit(cache=True, inline="always")
def _thin_force(pos: np.ndarray, side: int) -> tuple[int, int, int, int, int]:
    """``side``'s rooks, horses, cannons, pawns, and advisors plus elephants."""
    first = SQUARES + 1 + 16 * side
    rooks = (pos[first + FIRST_ROOK] != 0) + (pos[first + FIRST_ROOK + 1] != 0)
    horses = (pos[first + FIRST_HORSE] != 0) + (pos[first + FIRST_HORSE + 1] != 0)
    cannons = (pos[first + FIRST_CANNON] != 0) + (pos[first + FIRST_CANNON + 1] != 0)
    pawns = 0
    for offset in range(11, 16):
        if pos[first + offset]:
            pawns += 1
    defenders = 0
    for offset in range(1, 5):
        if pos[first + offset]:
            defenders += 1
    return rooks, horses, cannons, pawns, defenders


@njit_one_version(**NRT_OPTION)
def ending_scale(
    rooks: int,
    horses: int,
    cannons: int,
    pawns: int,
    defenders: int,
    their_rooks: int,
    their_minors: int,
    their_pawns: int,
    their_defenders: int,
) -> int:
    """The factor (sixteenths) of the score of the side ahead with this material.

    The first five numbers are the side ahead's pieces, the rest the other
    side's (its horses and cannons together, as ``their_minors``).
    """
    minors = horses + cannons
    pieces = rooks + minors
    if pieces + pawns == 0:
        return 0  # advisors and elephants cannot give mate
    if pieces == 0:  # pawns only
        if pawns == 1 and (their_defenders >= 1 or their_rooks + their_minors > 0):
            return 2
        if pawns == 2 and (their_defenders >= 3 or their_rooks + their_minors > 0):
            return 8
        return SCALE_FULL
    if rooks == 0 and minors == 1 and pawns == 0:  # a lone horse or cannon
        if their_defenders >= 2 or their_rooks + their_minors > 0:
            return 2
        if cannons == 1 and defenders == 0:
            return 2  # a cannon needs a screen: without one it cannot mate
        return SCALE_FULL
    force = 6 * rooks + 3 * minors
    their_force = 6 * their_rooks + 3 * their_minors
    if their_force > 0 and pawns == 0 and force - their_force <= 3:
        return 8  # a horse or cannon more, no pawn: rook and cannon against rook
    if force == their_force and pawns <= their_pawns + 1:
        return 10  # the same pieces, at most a pawn more
    return SCALE_FULL


@njit(cache=True, inline="always")
def _king_hunt(pos: np.ndarray, side: int) -> int:
    """Points for ``side``'s rooks, horses, cannons and crossed pawns near the other king."""
    king = pos[SQUARES + KING_SLOT[1 - side]]
    total = 0
    first = SQUARES + 1 + 16 * side
    for offset in range(FIRST_HORSE, 16):
        cell = pos[first + offset]
        if cell == 0 or (offset >= 11 and HALF[cell] == side):
            continue
        distance = abs((cell >> 4) - (king >> 4)) + abs((cell & 15) - (king & 15))
        if distance < MOPUP_REACH:
            total += (MOPUP_REACH - distance) * MOPUP_STEP
    return total


@njit_one_version(**NRT_OPTION)
def evaluate_within(
    pos: np.ndarray, side: int, ev: np.ndarray, base: int, low: int, high: int
) -> int:
    """:func:`evaluate` given ``base`` (:func:`material`), or a bound of it outside ``(low, high)``.

    With the ending knowledge on and at most ``THIN_PIECES`` rooks, horses and
    cannons on the board, the exact score of :func:`_evaluate_raw`, scaled
    for the side ahead by :func:`ending_scale` and with the king hunt added
    (see ``THIN_PIECES``); otherwise :func:`_evaluate_raw` itself.
    """
    if ev[W_ENDING_KNOWLEDGE] == 0:
        return _evaluate_raw(pos, side, ev, base, low, high)
    pieces = 0
    for offset in range(FIRST_HORSE, FIRST_CANNON + 2):  # horses, rooks, cannons
        if pos[SQUARES + 1 + offset]:
            pieces += 1
        if pos[SQUARES + 17 + offset]:
            pieces += 1
    if pieces > THIN_PIECES:
        return _evaluate_raw(pos, side, ev, base, low, high)
    score = _evaluate_raw(pos, side, ev, base, -INFINITE, INFINITE)
    red_score = score if side == RED else -score
    ahead = RED if red_score > 0 else 1 - RED
    r, h, c, p, d = _thin_force(pos, ahead)
    tr, th, tc, tp, td = _thin_force(pos, 1 - ahead)
    scale = ending_scale(r, h, c, p, d, tr, th + tc, tp, td)
    lead = abs(red_score) * scale // SCALE_FULL
    if tr + th + tc == 0 and r + h + c > 0 and lead >= MOPUP_LEAD:
        lead += _king_hunt(pos, ahead)
    return lead if ahead == side else -lead


@njit_one_version(**NRT_OPTION)
def _evaluate_raw(
    pos: np.ndarray, side: int, ev: np.ndarray, base: int, low: int, high: int
) -> int:
    """The evaluation without the ending knowledge, or a bound of it outside ``(low, high)``.

    A lazy evaluation in three steps, each adding terms: material and
    placement (``base``, with the tempo); king safety, crossed pawns, pins,
    palace threats and the ending; mobility. After each of the first two, if
    the score so far is at least the margin of the terms still to come
    (``LAZY_MARGIN``, then ``MOBILITY_MARGIN``) below ``low``, the score plus
    that margin is returned (an upper bound of the score, at most ``low``);
    if it is that far above ``high``, the score less the margin (a lower
    bound). With ``low`` and ``high`` infinite it is the exact score.
    """
    tempo = ev[W_TEMPO]
    endgame = ev[W_ENDGAME]
    score = (base if side == RED else -base) + tempo
    if endgame == 0:  # the ending term changes piece values: no first shortcut with it
        if score + LAZY_MARGIN <= low:
            return score + LAZY_MARGIN
        if score - LAZY_MARGIN >= high:
            return score - LAZY_MARGIN

    # Step 2. King safety, crossed pawns, pins, palace threats, the ending: the
    # terms that need the pieces' places but not their moves.
    red_units = _attack_units(pos, RED)
    black_units = _attack_units(pos, 1 - RED)
    full = ev[W_FULL_ATTACK]
    advisor_w = ev[W_MISSING_ADVISOR]
    elephant_w = ev[W_MISSING_ELEPHANT]
    all_guards = 2 * advisor_w + 2 * elephant_w
    pawn_attack = ev[W_PAWN_ATTACK]
    red_score = 0
    black_score = 0
    for owner in range(2):
        first = SQUARES + 1 + 16 * owner
        guards = 0  # advisors and elephants present, weighted by their penalty
        for offset in range(1, 3):
            if pos[first + offset]:
                guards += advisor_w
        for offset in range(3, 5):
            if pos[first + offset]:
                guards += elephant_w
        pawns = 0  # placement bonus of crossed pawns, counted again by attack strength
        pawn_ending = 0
        pawn_kind = (owner * PIECE_TYPES + PAWN) * 256
        home = ev[pawn_kind + HOME_PAWN[owner]]
        for offset in range(11, 16):
            cell = pos[first + offset]
            if cell != 0 and HALF[cell] != owner:
                bonus = ev[pawn_kind + cell] - home
                pawns += bonus
                pawn_ending += bonus * ENDGAME_PAWN // 100
        # How hard the other side attacks: a defender is worth more, and a
        # crossed pawn too, against a strong attack than when nothing threatens.
        units = red_units if owner == RED else black_units
        against = black_units if owner == RED else red_units
        term = -((all_guards - guards) * min(against, full) // full)
        if pawn_attack:
            # A crossed pawn is worth up to twice its placement bonus to a side that attacks.
            term += pawns * units * pawn_attack // (FULL_ATTACK_UNITS * 100)
        if endgame:
            # The ending's share: 0 with all the pieces on the board, 1 on a bare one.
            phase = 0
            for slot in range(1, SLOTS):
                if pos[SQUARES + slot]:
                    phase += PHASE_UNITS[SLOT_TYPE[slot]]
            phase = min(phase, PHASE_FULL)
            middle = (2 * PHASE_FULL - phase) * phase // PHASE_FULL
            share = (PHASE_FULL - middle) * endgame
            ending = pawn_ending
            for offset in range(FIRST_ROOK, FIRST_ROOK + 2):
                if pos[first + offset]:
                    ending -= ENDGAME_ROOK
            for offset in range(FIRST_CANNON, FIRST_CANNON + 2):
                if pos[first + offset]:
                    ending += ENDGAME_CANNON
            term += ending * share // (PHASE_FULL * 100)
        if owner == RED:
            red_score = term
        else:
            black_score = term
    pin_weight = ev[W_PINS]
    if pin_weight:
        red_score += pins(pos, RED) * pin_weight // 100
        black_score += pins(pos, 1 - RED) * pin_weight // 100
    threats = ev[W_PALACE_THREATS]
    if threats:
        red_score -= palace_threats(pos, RED, black_units) * threats * 27 // 1000
        black_score -= palace_threats(pos, 1 - RED, red_units) * threats * 27 // 1000
    if side == RED:
        score += red_score - black_score
    else:
        score += black_score - red_score
    if score + MOBILITY_MARGIN <= low:
        return score + MOBILITY_MARGIN
    if score - MOBILITY_MARGIN >= high:
        return score - MOBILITY_MARGIN

    # Step 3. Mobility: the moves of each rook, horse and cannon.
    rook_w = ev[W_ROOK_MOBILITY]
    horse_w = ev[W_HORSE_MOBILITY]
    cannon_w = ev[W_CANNON_MOBILITY]
    mobility = 0  # Red's less Black's
    for owner in range(2):
        first = SQUARES + 1 + 16 * owner
        moves_value = 0
        if horse_w:
            for offset in range(FIRST_HORSE, FIRST_HORSE + 2):
                cell = pos[first + offset]
                if cell == 0:
                    continue
                moves = 0
                for i in range(8):
                    to = cell + HORSE_DELTA[i]
                    if (
                        IN_BOARD[to]
                        and pos[cell + HORSE_LEG[i]] == 0
                        and SIDE_OF_SLOT[pos[to]] != owner
                    ):
                        moves += 1
                moves_value += horse_w * moves
        if rook_w:
            for offset in range(FIRST_ROOK, FIRST_ROOK + 2):
                cell = pos[first + offset]
                if cell == 0:
                    continue
                moves = 0
                for d in ORTHOGONAL:
                    to = cell + d
                    while IN_BOARD[to] and pos[to] == 0:
                        moves += 1
                        to += d
                    if IN_BOARD[to] and SIDE_OF_SLOT[pos[to]] != owner:
                        moves += 1
                moves_value += rook_w * moves
        if cannon_w:
            for offset in range(FIRST_CANNON, FIRST_CANNON + 2):
                cell = pos[first + offset]
                if cell == 0:
                    continue
                moves = 0
                for d in ORTHOGONAL:
                    to = cell + d
                    while IN_BOARD[to] and pos[to] == 0:
                        moves += 1
                        to += d
                moves_value += cannon_w * moves
        mobility += moves_value if owner == RED else -moves_value
    return score + (mobility if side == RED else -mobility)


# Progress: a lead the side ahead cannot turn into a capture is worth less as
# the plies without a capture add up, since the game is drawn when they reach
# the limit (and some opponents, ElephantEye among them, stop at 50 moves and
# claim the draw). From PROGRESS_START plies on, the static score is scaled by
# (PROGRESS_SPAN - plies past the start) / PROGRESS_SPAN, down to
# PROGRESS_FLOOR / PROGRESS_SPAN: the side ahead prefers lines that capture
# (exchanges reset the clock), and a lead still counts near the limit.
PROGRESS_START = 40
PROGRESS_SPAN = 80
PROGRESS_FLOOR = 20


@njit(cache=True, inline="always")
def _static(
    pos: np.ndarray,
    record: np.ndarray,
    ctl: np.ndarray,
    side: int,
    ev: np.ndarray,
    base: int,
    low: int,
    high: int,
) -> int:
    """:func:`evaluate_within` scaled by the no-capture clock (see ``PROGRESS_START``).

    The window is widened by the inverse factor, so that a bound of the raw
    score outside it stays a bound of the scaled score (the scaling keeps order).
    """
    past = record[pos[PLY], CLOCK] - PROGRESS_START
    if past <= 0 or not ctl[USE_PROGRESS]:
        return evaluate_within(pos, side, ev, base, low, high)
    num = max(PROGRESS_FLOOR, PROGRESS_SPAN - past)
    raw_low = (low * PROGRESS_SPAN) // num  # floor
    raw_high = -((-high * PROGRESS_SPAN) // num)  # ceiling
    raw = evaluate_within(pos, side, ev, base, raw_low, raw_high)
    return (raw * num) // PROGRESS_SPAN


@njit_one_version(**NRT_OPTION)
def _attack_units(pos: np.ndarray, side: int) -> int:
    """How hard ``side`` attacks: rooks and horses across the river 2, cannons and
    pawns 1, two more per rook-or-minor unit it has over the other side; at most 8."""
    units = 0
    simple = 0
    first = SQUARES + 1 + 16 * side
    for offset in range(FIRST_HORSE, 16):
        cell = pos[first + offset]
        if cell == 0:
            continue
        kind = SLOT_TYPE[1 + 16 * side + offset]
        if HALF[cell] != side:
            units += 2 if kind in (HORSE, ROOK) else 1
        if kind == ROOK:
            simple += 2
        elif kind in (HORSE, CANNON):
            simple += 1
    other = SQUARES + 1 + 16 * (1 - side)
    for offset in range(FIRST_HORSE, FIRST_CANNON + 2):
        if pos[other + offset]:
            simple -= 2 if FIRST_ROOK <= offset < FIRST_ROOK + 2 else 1
    if simple > 0:
        units += 2 * simple
    return min(units, FULL_ATTACK_UNITS)


@njit_one_version(**NRT_OPTION)
def defended(pos: np.ndarray, cell: int, by: int) -> bool:
    """Whether a piece of ``by`` other than its king could capture on ``cell``."""
    for d in ORTHOGONAL:  # a rook behind open points, a cannon one screen further
        to = cell + d
        while IN_BOARD[to] and pos[to] == 0:
            to += d
        if not IN_BOARD[to]:
            continue
        slot = pos[to]
        if SIDE_OF_SLOT[slot] == by and SLOT_TYPE[slot] == ROOK:
            return True
        to += d
        while IN_BOARD[to] and pos[to] == 0:
            to += d
        if IN_BOARD[to]:
            slot = pos[to]
            if SIDE_OF_SLOT[slot] == by and SLOT_TYPE[slot] == CANNON:
                return True
    for i in range(8):  # a horse whose leg is free
        frm = cell - HORSE_DELTA[i]
        slot = pos[frm]
        if (
            slot
            and SIDE_OF_SLOT[slot] == by
            and SLOT_TYPE[slot] == HORSE
            and pos[frm + HORSE_LEG[i]] == 0
        ):
            return True
    behind = cell - FORWARD[by]  # a pawn steps forward, or sideways once across
    if pos[behind] and SIDE_OF_SLOT[pos[behind]] == by and SLOT_TYPE[pos[behind]] == PAWN:
        return True
    for frm in (cell - 1, cell + 1):
        slot = pos[frm]
        if slot and SIDE_OF_SLOT[slot] == by and SLOT_TYPE[slot] == PAWN and HALF[frm] != by:
            return True
    if IN_PALACE[by, cell]:  # an advisor one diagonal step away
        for d in (-17, -15, 15, 17):
            slot = pos[cell + d]
            if slot and SIDE_OF_SLOT[slot] == by and SLOT_TYPE[slot] == ADVISOR:
                return True
    if HALF[cell] == by:  # an elephant two diagonal steps away, its eye empty
        for d in (-34, -30, 30, 34):
            slot = pos[cell + d]
            if (
                IN_BOARD[cell + d]
                and slot
                and SIDE_OF_SLOT[slot] == by
                and SLOT_TYPE[slot] == ELEPHANT
                and pos[cell + d // 2] == 0
            ):
                return True
    return False


@njit_one_version(**NRT_OPTION)
def pins(pos: np.ndarray, side: int) -> int:
    """The value of ``side``'s pins: the other side's undefended horses and
    cannons held on a line to their king by ``side``'s rooks and cannons."""
    enemy = 1 - side
    king = pos[SQUARES + KING_SLOT[enemy]]
    total = 0
    first = SQUARES + 1 + 16 * side
    for offset in range(FIRST_ROOK, FIRST_CANNON + 2):
        cell = pos[first + offset]
        if cell == 0:
            continue
        near = PIN_NEAR
        if (cell & 15) == (king & 15):
            step = 16 if king > cell else -16
            near += PIN_FILE
        elif (cell >> 4) == (king >> 4):
            step = 1 if king > cell else -1
        else:
            continue
        between = 0  # pieces between the pinning piece and the king, the first two kept
        first_piece = 0
        second_piece = 0
        to = cell + step
        while to != king:
            if pos[to]:
                between += 1
                if between == 1:
                    first_piece = to
                elif between == 2:
                    second_piece = to
                else:
                    break
            to += step
        # A rook pins the only piece between; a cannon either of two (moving
        # one leaves the other as its screen).
        if between != (1 if offset < FIRST_CANNON else 2):
            continue
        for pinned in (first_piece, second_piece):
            if pinned == 0:
                continue
            slot = pos[pinned]
            kind = SLOT_TYPE[slot]
            if SIDE_OF_SLOT[slot] != enemy or (kind != HORSE and kind != CANNON):
                continue
            if defended(pos, pinned, enemy):
                continue
            distance = (king - pinned) // step
            value = near - PIN_STEP * (distance - 1)
            if value > 0:
                total += value
    return total


@njit_one_version(**NRT_OPTION)
def _pieces_between(pos: np.ndarray, a: int, b: int, step: int) -> int:
    count = 0
    cell = a + step
    while cell != b:
        if pos[cell] != 0:
            count += 1
        cell += step
    return count


@njit_one_version(**NRT_OPTION)
def palace_threats(pos: np.ndarray, defender: int, units: int) -> int:
    """The danger to ``defender``'s king from enemy cannons and rooks (tenths of a horse).

    ``units`` is how hard the attacker attacks (``_attack_units``), which
    the evaluation has worked out already.
    """
    attacker = 1 - defender
    mine = SQUARES + 1 + 16 * defender
    theirs = SQUARES + 1 + 16 * attacker
    home_row = 9 if defender == RED else 0
    king_home = (home_row + 3) * 16 + 4 + 3
    centre = king_home + (-16 if defender == RED else 16)
    left = king_home - 1
    right = king_home + 1
    advisor1 = pos[mine + 1]
    advisor2 = pos[mine + 2]
    if advisor1 == 0 or advisor2 == 0:
        if pos[theirs + FIRST_ROOK] and pos[theirs + FIRST_ROOK + 1]:
            return ADVISOR_LEAKAGE * units // FULL_ATTACK_UNITS
        return 0
    king = pos[mine]
    if king == centre:
        return 20
    if king != king_home:
        return 0
    shape = 0  # 1: both advisors on the back rank; 2: one beside, one in the centre
    if (advisor1 == left and advisor2 == right) or (advisor1 == right and advisor2 == left):
        shape = 1
    elif advisor1 == centre or advisor2 == centre:
        other = advisor2 if advisor1 == centre else advisor1
        if other in (left, right):
            shape = 2
    if shape == 0:
        return 0
    penalty = 0
    toward_king = 16 if defender == RED else -16
    for offset in range(FIRST_CANNON, FIRST_CANNON + 2):
        cannon = pos[theirs + offset]
        if cannon == 0:
            continue
        row = (cannon >> 4) - 3
        file = (cannon & 15) - 3
        distance = home_row - row if defender == RED else row - home_row
        if file == 4:
            between = _pieces_between(pos, cannon, king_home, toward_king)
            if shape == 1:
                if between == 0:
                    penalty += HOLLOW_THREAT[distance] * (FULL_ATTACK_UNITS + units) // 16
                elif between == 2:
                    slot = pos[centre]
                    if slot != 0 and SIDE_OF_SLOT[slot] == defender and SLOT_TYPE[slot] == HORSE:
                        penalty += CENTRAL_THREAT[distance]
            elif between == 2:
                penalty += CENTRAL_THREAT[distance] >> 2
                for r in range(FIRST_ROOK, FIRST_ROOK + 2):
                    rook = pos[mine + r]
                    if rook != 0 and (rook >> 4) == (king_home >> 4):
                        step = 1 if rook < king_home else -1
                        if _pieces_between(pos, rook, king_home, step) == 0:
                            penalty += 80  # a rook stuck guarding the back rank
        elif shape == 2 and row == home_row:
            step = 1 if cannon < king_home else -1
            if _pieces_between(pos, cannon, king_home, step) == 0:
                penalty += BOTTOM_THREAT[file] * units // FULL_ATTACK_UNITS
    return penalty


@njit_one_version(**NRT_OPTION)
def may_skip_a_move(pos: np.ndarray, side: int) -> bool:
    """Whether ``side`` has enough pieces for null-move pruning and reductions to be safe.

    With a rook, or two horses or cannons, passing is almost never the best
    move; in thinner endings (zugzwang-like) it can be, so those are searched
    in full.
    """
    first = SQUARES + 1 + 16 * side
    if pos[first + FIRST_ROOK] or pos[first + FIRST_ROOK + 1]:
        return True
    minor = 0
    for offset in (FIRST_HORSE, FIRST_HORSE + 1, FIRST_CANNON, FIRST_CANNON + 1):
        if pos[first + offset]:
            minor += 1
    return minor >= 2


# ---------------------------------------------------------------------------
# Helpers of the search
# ---------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _gives_check(pos: np.ndarray, side: int, move: int) -> bool:
    """Whether ``move``, just made by ``side``, checks the other king.

    Exactly :func:`king_attacked`, with a shortcut: the other king was not
    attacked before the move, and only the two points the move changed can
    open or close a line to it, so when neither lies on the king's rank or
    file nor within two points of it (where horses, their legs and pawns
    stand) the answer is no.
    """
    king = pos[SQUARES + KING_SLOT[1 - side]]
    king_row = king >> 4
    king_file = king & 15
    near = False
    for cell in (move & 255, (move >> 8) & 255):
        row = cell >> 4
        file = cell & 15
        if (
            row == king_row
            or file == king_file
            or (abs(row - king_row) <= 2 and abs(file - king_file) <= 2)
        ):
            near = True
    return near and king_attacked(pos, 1 - side)


@njit(cache=True, inline="always")
def _poll(ctl: np.ndarray) -> bool:
    """Count a node; now and then look at the stop flag and the node limit. True: stop."""
    ctl[NODES] += 1
    if ctl[NODES] >= ctl[NEXT_POLL]:
        ctl[NEXT_POLL] = ctl[NODES] + CHECK_EVERY
        if ctl[STOP] != 0 or (0 <= ctl[NODE_LIMIT] <= ctl[NODES]):
            ctl[ABORTED] = 1
    return ctl[ABORTED] != 0


@njit_one_version(**NRT_OPTION)
def score_moves(
    pos: np.ndarray,
    history: np.ndarray,
    frames: np.ndarray,
    ctl: np.ndarray,
    ply: int,
    count: int,
    side: int,
    tt_move: int,
    counter: int,
    late_bad: bool,
) -> None:
    """Give each move of ``frames[ply, MOVES:]`` its ordering score in ``frames[ply, ORDER:]``.

    ``counter`` (0: none) is the counter move, ordered right after the killers.
    With ``late_bad``, a capture of a defended piece by a more valuable one
    comes after the killers and the counter move, before the quiet moves.
    """
    use_killers = ctl[USE_KILLERS] != 0
    killer1 = frames[ply, KILLERS] if use_killers else 0
    killer2 = frames[ply, KILLERS + 1] if use_killers else 0
    use_history = ctl[USE_HISTORY] != 0
    use_mvv = ctl[USE_MVV_LVA] != 0
    for i in range(count):
        move = frames[ply, MOVES + i]
        victim = pos[(move >> 8) & 255]
        if move == tt_move:
            value = ORDER_TT
        elif victim:
            value = ORDER_CAPTURE
            attacker = pos[move & 255]
            if use_mvv:
                value += MVV_VALUE[SLOT_TYPE[victim]] * 128 - MVV_VALUE[SLOT_TYPE[attacker]]
            if (
                late_bad
                and SIMPLE_VALUE[SLOT_TYPE[victim]] < SIMPLE_VALUE[SLOT_TYPE[attacker]]
                and defended(pos, (move >> 8) & 255, 1 - side)
            ):
                value = value - ORDER_CAPTURE + HISTORY_MAX  # below the counter move
        elif move == killer1:
            value = ORDER_KILLER
        elif move == killer2:
            value = ORDER_SECOND_KILLER
        elif move == counter:
            value = ORDER_COUNTER
        elif use_history:
            value = history[side, move & 0xFFFF]
        else:
            value = 0
        frames[ply, ORDER + i] = value


@njit(cache=True, inline="always")
def _pick(frames: np.ndarray, ply: int, i: int, count: int) -> int:
    """Bring the best-ordered remaining move to index ``i`` (a selection-sort step); return it."""
    best = i
    best_value = frames[ply, ORDER + i]
    for j in range(i + 1, count):
        if frames[ply, ORDER + j] > best_value:
            best = j
            best_value = frames[ply, ORDER + j]
    move = frames[ply, MOVES + best]
    if best != i:
        frames[ply, MOVES + best] = frames[ply, MOVES + i]
        frames[ply, ORDER + best] = frames[ply, ORDER + i]
        frames[ply, MOVES + i] = move
        frames[ply, ORDER + i] = best_value
    return move


@njit(cache=True, inline="always")
def _to_tt(score: int, ply: int) -> int:
    """A score as the table keeps it: mates counted from this position, not the root."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


@njit(cache=True, inline="always")
def _from_tt(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


@njit_one_version(**NRT_OPTION)
def tt_store(
    tt_keys: np.ndarray,
    tt_data: np.ndarray,
    ctl: np.ndarray,
    key: int,
    depth: int,
    bound: int,
    score: int,
    move: int,
    ply: int,
) -> None:
    """Keep a result, unless the slot holds a deeper one of the current search."""
    index = key & (tt_keys.shape[0] - 1)
    generation = ctl[TT_GENERATION]
    same = tt_keys[index] == key
    if same or tt_data[index, TT_GENERATION_OF] != generation or depth >= tt_data[index, TT_DEPTH]:
        if move == 0 and same:
            move = tt_data[index, TT_MOVE]  # keep the old best move of this position
        tt_keys[index] = key
        tt_data[index, TT_MOVE] = move
        tt_data[index, TT_SCORE] = _to_tt(score, ply)
        tt_data[index, TT_DEPTH] = depth
        tt_data[index, TT_BOUND] = bound
        tt_data[index, TT_GENERATION_OF] = generation


@njit(cache=True, inline="always")
def _update_pv(frames: np.ndarray, ply: int, move: int) -> None:
    """The line from this ply is ``move`` followed by the child's line."""
    frames[ply, PV + ply] = move
    child_end = frames[ply + 1, PV_LENGTH]
    for i in range(ply + 1, child_end):
        frames[ply, PV + i] = frames[ply + 1, PV + i]
    frames[ply, PV_LENGTH] = max(child_end, ply + 1)


@njit_one_version(**NRT_OPTION)
def _reward(
    history: np.ndarray,
    frames: np.ndarray,
    ctl: np.ndarray,
    side: int,
    move: int,
    depth: int,
    ply: int,
    pos: np.ndarray,
    tried: int,
    previous: int,
) -> None:
    """A quiet move caused a cutoff: make it a killer and raise its history.

    ``frames[ply, MOVES:MOVES + tried]`` are the moves searched before it (in
    the order searched): with the malus on, the quiet ones lose as much
    history as it gains. ``previous`` is the move that led here (0: none or
    a null move): with counter moves on, ``move`` becomes its counter move.
    """
    if ctl[USE_KILLERS] and frames[ply, KILLERS] != move:
        frames[ply, KILLERS + 1] = frames[ply, KILLERS]
        frames[ply, KILLERS] = move
    if ctl[USE_COUNTER_MOVE] and previous != 0:
        history[COUNTER_ROW, previous & 0xFFFF] = move
    if ctl[USE_HISTORY]:
        bonus = depth * depth
        index = move & 0xFFFF
        history[side, index] += bonus
        if ctl[USE_HISTORY_MALUS]:
            for j in range(tried):
                other = frames[ply, MOVES + j]
                if other != move and pos[(other >> 8) & 255] == 0:
                    k = other & 0xFFFF
                    history[side, k] = max(history[side, k] - bonus, -HISTORY_MAX)
        if history[side, index] >= HISTORY_MAX:  # stay below the killers' scores
            for j in range(history.shape[1]):
                history[0, j] >>= 1
                history[1, j] >>= 1


# ---------------------------------------------------------------------------
# Quiescence search
# ---------------------------------------------------------------------------


# Explicit signatures for the recursive kernels: with them numba compiles one
# version when first called (or loads it from its cache), instead of
# versions specialised on constant arguments, which its cache cannot link back.
_Q_SIGNATURE = (
    "int64(int32[::1], int64[::1], int32[:, ::1], int32[:, ::1], int32[:, ::1], int64[::1],"
    " int32[::1], int64, int64, int64)"
)
_SEARCH_SIGNATURE = (
    "int64(int32[::1], int64[::1], int32[:, ::1], int64[::1], int32[:, ::1], int32[:, ::1],"
    " int32[:, ::1], int64[::1], int32[::1], int64, int64, int64, int64, int64, int64)"
)


@njit_on_first_use(_Q_SIGNATURE, **NRT_OPTION)
def quiesce(
    pos: np.ndarray,
    keys: np.ndarray,
    record: np.ndarray,
    history: np.ndarray,
    frames: np.ndarray,
    ctl: np.ndarray,
    ev: np.ndarray,
    alpha: int,
    beta: int,
    ply: int,
) -> int:
    """Search captures (and every move out of check) until the position is quiet."""
    if _poll(ctl):
        return 0
    ctl[QNODES] += 1
    frames[ply, PV_LENGTH] = ply
    if ply > ctl[SELDEPTH]:
        ctl[SELDEPTH] = ply
    side = pos[SIDE]
    if ply >= MAX_PLY - 1:
        return evaluate(pos, side, ev)
    in_check = record[pos[PLY], CHECKED] != 0
    base = frames[ply, MATERIAL]
    stand = 0
    if in_check:
        best = -(MATE - ply)  # mated, unless a move helps
    else:
        best = _static(pos, record, ctl, side, ev, base, alpha, beta)  # standing pat
        stand = best
        if best >= beta:
            return best
        if best > alpha:
            alpha = best
    count = generate_moves(pos, side, frames, ply, not in_check)
    ctl[EXPANDED] += 1
    ctl[GENERATED] += count
    if count == 0:  # no capture (or, in check, no move at all): nothing to order
        return best
    score_moves(pos, history, frames, ctl, ply, count, side, 0, 0, False)
    prepare_guard(pos, side, frames, ply)
    for i in range(count):
        move = _pick(frames, ply, i, count)
        answer = quick_legality(pos, side, move, in_check, frames, ply)
        if answer == ILLEGAL or (
            answer == NEEDS_TEST and not king_safe_after(pos, keys, record, move)
        ):
            continue
        if not in_check:
            # Delta pruning: a capture that cannot lift the score to alpha even
            # with the victim's whole value and a margin is not searched.
            to = (move >> 8) & 255
            victim_type = SLOT_TYPE[pos[to]]
            gain = ev[((1 - side) * PIECE_TYPES + victim_type) * 256 + to] + DELTA_MARGIN
            if stand + gain <= alpha:
                if stand + gain > best:
                    best = stand + gain
                continue
            # Capture pruning: a defended pawn, advisor or elephant on the other
            # side's half taken by a more valuable piece loses material; the
            # quiescence search leaves such a capture out.
            if (
                ctl[USE_CAPTURE_PRUNING]
                and SIMPLE_VALUE[victim_type] < 3
                and HALF[to] != side
                and SIMPLE_VALUE[victim_type] < SIMPLE_VALUE[SLOT_TYPE[pos[move & 255]]]
                and defended(pos, to, 1 - side)
            ):
                continue
        frames[ply + 1, MATERIAL] = material_after(pos, ev, base, move)
        make_move(pos, keys, record, move)
        record[pos[PLY], CHECKED] = _gives_check(pos, side, move)
        score = -quiesce(pos, keys, record, history, frames, ctl, ev, -beta, -alpha, ply + 1)
        unmake_move(pos, record)
        if ctl[ABORTED]:
            return 0
        if score > best:
            best = score
            if score > alpha:
                alpha = score
                if score >= beta:
                    break
    return best


# ---------------------------------------------------------------------------
# The main search
# ---------------------------------------------------------------------------


@njit_on_first_use(_SEARCH_SIGNATURE, **NRT_OPTION)
def search(
    pos: np.ndarray,
    keys: np.ndarray,
    record: np.ndarray,
    tt_keys: np.ndarray,
    tt_data: np.ndarray,
    history: np.ndarray,
    frames: np.ndarray,
    ctl: np.ndarray,
    ev: np.ndarray,
    depth: int,
    alpha: int,
    beta: int,
    ply: int,
    pv_node: int,
    allow_null: int,
) -> int:
    """The value of the position from the side to move's view, ``depth`` plies deep.

    Fail-soft: outside ``(alpha, beta)`` the result is a bound. Returns 0 at
    once when the search is stopped (``ctl[ABORTED]``).
    """
    # Constant arguments of the recursive calls are typed int64 on purpose: a
    # bare 0 or 1 would make numba compile a version for that constant.
    NO: int = np.int64(0)  # type: ignore[assignment]
    YES: int = np.int64(1)  # type: ignore[assignment]

    # Step 1. Count the node; now and then look at the stop flag.
    if _poll(ctl):
        return 0
    frames[ply, PV_LENGTH] = ply
    if ply > ctl[SELDEPTH]:
        ctl[SELDEPTH] = ply
    side = pos[SIDE]
    here = pos[PLY]
    key = keys[here]
    in_check = record[here, CHECKED] != 0

    # Step 2. The rules: repetition (perpetual check loses), then 120 plies
    # without a capture (a draw, unless this is mate); mate-distance pruning.
    if ply > 0:
        verdict = repetition_verdict(pos, keys, record, ctl[REPETITIONS])
        if verdict == REPETITION_DRAW:
            return 0
        if verdict == REPETITION_WIN:
            return MATE - ply
        if verdict == REPETITION_LOSS:
            return -(MATE - ply)
        if record[here, CLOCK] >= NO_CAPTURE_LIMIT:
            if has_legal_move(pos, keys, record, frames, ply):
                return 0
            return -(MATE - ply)
        if alpha < -(MATE - ply):
            alpha = -(MATE - ply)
        if beta > MATE - ply - 1:
            beta = MATE - ply - 1
        if alpha >= beta:
            return alpha

    # Step 3. Check extension; at the horizon, quiescence (or the evaluation).
    if in_check and ctl[USE_CHECK_EXTENSION]:
        depth += 1
    if depth <= 0 or ply >= MAX_PLY - 1:
        if ctl[USE_QUIESCENCE] and ply < MAX_PLY - 1:
            ctl[NODES] -= 1  # the same position: the quiescence search counts it
            return quiesce(pos, keys, record, history, frames, ctl, ev, alpha, beta, ply)
        if not has_legal_move(pos, keys, record, frames, ply):
            return -(MATE - ply)  # mate or stalemate, even at the horizon
        return evaluate(pos, side, ev)

    # Step 4. Transposition table: the stored move goes first; a deep enough
    # bound ends the search here (never at PV nodes, so the line stays whole).
    tt_move = 0
    if ctl[USE_TT]:
        ctl[TT_PROBES] += 1
        index = key & (tt_keys.shape[0] - 1)
        if tt_keys[index] == key and tt_data[index, TT_DEPTH] >= 0:
            ctl[TT_HITS] += 1
            tt_move = tt_data[index, TT_MOVE]
            if not pv_node and tt_data[index, TT_DEPTH] >= depth:
                score = _from_tt(tt_data[index, TT_SCORE], ply)
                bound = tt_data[index, TT_BOUND]
                if (
                    bound == BOUND_EXACT
                    or (bound == BOUND_LOWER and score >= beta)
                    or (bound == BOUND_UPPER and score <= alpha)
                ):
                    ctl[TT_CUTOFFS] += 1
                    return score

    # Step 5. Futility: near the horizon, a static score far above beta is a
    # cutoff (the opponent would not allow this), and quiet moves that cannot
    # bring a score far below alpha back up are skipped (Step 7).
    static = -INFINITE
    base = frames[ply, MATERIAL]
    if not pv_node and not in_check:
        # The static score decides the futility cutoffs and the null move: it
        # is needed exactly only near those thresholds (see evaluate_lazy).
        low = alpha - FUTILITY_MARGIN * depth if depth <= 2 else beta - 1
        high = beta + REVERSE_FUTILITY_MARGIN * depth if depth <= 3 else beta
        static = _static(pos, record, ctl, side, ev, base, low, high)
    futile = False
    if ctl[USE_FUTILITY] and static > -INFINITE and abs(beta) < MATE_BOUND:
        if depth <= 3 and static - REVERSE_FUTILITY_MARGIN * depth >= beta:
            return static - REVERSE_FUTILITY_MARGIN * depth
        futile = depth <= 2 and static + FUTILITY_MARGIN * depth <= alpha

    # Step 6. Null move: if passing still fails high, so would a real move.
    enough_material = may_skip_a_move(pos, side)
    if (
        ctl[USE_NULL_MOVE]
        and allow_null
        and not pv_node
        and not in_check
        and depth >= 3
        and beta < MATE_BOUND
        and enough_material
        and static >= beta
    ):
        ctl[NULL_TRIES] += 1
        reduction = 3 if depth >= 6 else 2
        frames[ply + 1, MATERIAL] = base
        make_null_move(pos, keys, record)
        score = -search(
            pos,
            keys,
            record,
            tt_keys,
            tt_data,
            history,
            frames,
            ctl,
            ev,
            depth - 1 - reduction,
            -beta,
            -beta + 1,
            ply + 1,
            NO,
            NO,
        )
        unmake_null_move(pos)
        if ctl[ABORTED]:
            return 0
        if score >= beta:
            ctl[NULL_CUTOFFS] += 1
            return beta if score >= MATE_BOUND else score

    # Step 7. Generate the moves and give them their ordering scores.
    count = generate_moves(pos, side, frames, ply, False)
    ctl[EXPANDED] += 1
    ctl[GENERATED] += count
    previous = record[here, MOVE] & 0xFFFF if ctl[USE_COUNTER_MOVE] else 0
    counter = history[COUNTER_ROW, previous] if previous != 0 else 0
    late_bad = ctl[USE_LATE_BAD_CAPTURES] != 0
    score_moves(pos, history, frames, ctl, ply, count, side, tt_move, counter, late_bad)
    prepare_guard(pos, side, frames, ply)
    killer1 = frames[ply, KILLERS]
    killer2 = frames[ply, KILLERS + 1]
    # Single-reply extension: a check with one legal answer is a forced move;
    # searching it one ply deeper costs little and finds the mating nets and
    # perpetual checks that forced lines lead to (ElephantEye does the same).
    if in_check and ctl[USE_SINGLE_REPLY] and ply < MAX_PLY // 2:
        replies = 0
        for i in range(count):
            move = frames[ply, MOVES + i]
            answer = quick_legality(pos, side, move, in_check, frames, ply)
            if answer == ILLEGAL or (
                answer == NEEDS_TEST and not king_safe_after(pos, keys, record, move)
            ):
                continue
            replies += 1
            if replies > 1:
                break
        if replies == 1:
            depth += 1
    frames[ply + 1, KILLERS] = 0  # the child's killers start afresh
    frames[ply + 1, KILLERS + 1] = 0

    # Step 8. Search the moves, best-ordered first: the first with the full
    # window, the others with a null window (PVS), late quiet ones reduced,
    # futile quiet ones and (near the horizon) late quiet ones skipped.
    late_prune = (
        ctl[USE_LMP] != 0 and not pv_node and not in_check and depth <= 3 and enough_material
    )
    alpha_before = alpha
    best = -INFINITE
    best_move = 0
    legal = 0
    for i in range(count):
        move = _pick(frames, ply, i, count)
        answer = quick_legality(pos, side, move, in_check, frames, ply)
        if answer == ILLEGAL or (
            answer == NEEDS_TEST and not king_safe_after(pos, keys, record, move)
        ):
            continue
        legal += 1
        capture = pos[(move >> 8) & 255] != 0
        frames[ply + 1, MATERIAL] = material_after(pos, ev, base, move)
        make_move(pos, keys, record, move)
        gives_check = _gives_check(pos, side, move)
        record[pos[PLY], CHECKED] = gives_check
        if futile and legal > 1 and not capture and not gives_check:
            unmake_move(pos, record)
            if static + FUTILITY_MARGIN * depth > best:
                best = static + FUTILITY_MARGIN * depth
            continue
        if (
            late_prune
            and legal > LMP_MOVES[depth]
            and not capture
            and not gives_check
            and move != killer1
            and move != killer2
            and best > -MATE_BOUND
        ):
            unmake_move(pos, record)
            continue
        # The first move gets the full window, the others a null window (PVS),
        # late quiet ones one or two plies less (LMR). One call site in a loop
        # does the searches and re-searches: numba compiles every call site of a
        # recursive function anew, and each costs seconds.
        stage = FULL_WINDOW
        child_depth = depth - 1
        if legal > 1 and ctl[USE_PVS]:
            stage = NULL_WINDOW
            reduction = 0
            if (
                ctl[USE_LMR]
                and depth >= 3
                and legal > 3
                and not in_check
                and not gives_check
                and not capture
                and move != killer1
                and move != killer2
                and enough_material
            ):
                reduction = 1  # more for later moves at greater depths
                if ctl[USE_DEEP_LMR]:
                    reduction = LMR_TABLE[1 if pv_node else 0, min(depth, 63), legal]
                    reduction = max(1, min(reduction, depth - 2))
                else:
                    if legal > 6 and depth >= 4:
                        reduction = 2
                    if legal > 16 and depth >= 7:
                        reduction = 3
                ctl[LMR_REDUCED] += 1
                stage = REDUCED
                child_depth -= reduction
        while True:
            full = stage == FULL_WINDOW
            score = -search(
                pos,
                keys,
                record,
                tt_keys,
                tt_data,
                history,
                frames,
                ctl,
                ev,
                child_depth,
                -beta if full else -alpha - 1,
                -alpha,
                ply + 1,
                pv_node if full else NO,
                YES,
            )
            if ctl[ABORTED] or score <= alpha:
                break
            if stage == REDUCED:  # a reduced move beat alpha: look again at full depth
                ctl[LMR_RESEARCHED] += 1
                stage = NULL_WINDOW
                child_depth = depth - 1
            elif stage == NULL_WINDOW and pv_node and score < beta:  # a new best line
                ctl[PVS_RESEARCHED] += 1
                stage = FULL_WINDOW
            else:
                break
        unmake_move(pos, record)
        if ctl[ABORTED]:
            return 0
        if score > best:
            best = score
            best_move = move
            if score > alpha:
                alpha = score
                if pv_node:
                    _update_pv(frames, ply, move)
                if score >= beta:
                    # Step 9. A cutoff: the opponent avoids this position. Remember
                    # the quiet move that refuted it (killers, history).
                    ctl[BETA_CUTOFFS] += 1
                    if legal == 1:
                        ctl[FIRST_MOVE_CUTOFFS] += 1
                    if not capture:
                        _reward(history, frames, ctl, side, move, depth, ply, pos, i, previous)
                    break

    # Step 10. No legal move: the side to move has lost (checkmate or stalemate).
    if legal == 0:
        return -(MATE - ply)

    # Step 11. Store the result with its kind of bound.
    if ctl[USE_TT]:
        if best >= beta:
            bound = BOUND_LOWER
        elif best > alpha_before:
            bound = BOUND_EXACT
        else:
            bound = BOUND_UPPER
        stored_move = 0 if bound == BOUND_UPPER else best_move
        tt_store(tt_keys, tt_data, ctl, key, depth, bound, best, stored_move, ply)
    return best


@njit(cache=True, nogil=True, **NRT_OPTION)
def search_root(
    pos: np.ndarray,
    keys: np.ndarray,
    record: np.ndarray,
    tt_keys: np.ndarray,
    tt_data: np.ndarray,
    history: np.ndarray,
    frames: np.ndarray,
    ctl: np.ndarray,
    ev: np.ndarray,
    root_moves: np.ndarray,
    root_nodes: np.ndarray,
    depth: int,
    alpha: int,
    beta: int,
) -> int:
    """Search the root moves in the order given; return the best score found.

    ``ctl[BEST_INDEX]`` gets the index of the best move among those whose
    search finished (``ctl[ROOT_DONE]`` of them, in order), ``root_nodes[i]``
    the nodes each took, and ``frames[0, PV:PV + frames[0, PV_LENGTH]]`` the
    principal variation. A score ``<= alpha`` is an upper bound (every move
    failed low), one ``>= beta`` a lower bound. Releases the GIL: another
    thread may set ``ctl[STOP]`` meanwhile.
    """
    NO: int = np.int64(0)  # type: ignore[assignment]  # int64, not a literal (see search)
    YES: int = np.int64(1)  # type: ignore[assignment]
    ctl[BEST_INDEX] = -1
    ctl[ROOT_DONE] = 0
    frames[0, PV_LENGTH] = 0
    frames[1, KILLERS] = 0
    frames[1, KILLERS + 1] = 0
    if _poll(ctl):
        return 0
    side = pos[SIDE]
    best = -INFINITE
    alpha_before = alpha
    base = material(pos, ev)
    frames[0, MATERIAL] = base
    ctl[EXPANDED] += 1  # the root's moves, legal ones, come generated by the caller
    ctl[GENERATED] += root_moves.shape[0]
    for i in range(root_moves.shape[0]):
        move = root_moves[i]
        before = ctl[NODES]
        frames[1, MATERIAL] = material_after(pos, ev, base, move)
        make_move(pos, keys, record, move)
        record[pos[PLY], CHECKED] = king_attacked(pos, 1 - side)
        full = i == 0 or not ctl[USE_PVS]
        while True:  # one call site (see the move loop of ``search``)
            score = -search(
                pos,
                keys,
                record,
                tt_keys,
                tt_data,
                history,
                frames,
                ctl,
                ev,
                depth - 1,
                -beta if full else -alpha - 1,
                -alpha,
                YES,
                YES if full else NO,
                YES,
            )
            if full or ctl[ABORTED] or not alpha < score < beta:
                break
            ctl[PVS_RESEARCHED] += 1  # it beats the best so far: find its exact value
            full = True
        unmake_move(pos, record)
        if ctl[ABORTED]:
            break
        root_nodes[i] = ctl[NODES] - before
        ctl[ROOT_DONE] = i + 1
        if score > best:
            best = score
            ctl[BEST_INDEX] = i
            if score > alpha:
                alpha = score
                _update_pv(frames, 0, move)
                if score >= beta:
                    break
    if ctl[BEST_INDEX] >= 0 and frames[0, PV_LENGTH] == 0:
        frames[0, PV] = root_moves[ctl[BEST_INDEX]]  # every move failed low: keep the best
        frames[0, PV_LENGTH] = 1
    if ctl[USE_TT] and not ctl[ABORTED] and ctl[BEST_INDEX] >= 0:
        if best >= beta:
            bound = BOUND_LOWER
        elif best > alpha_before:
            bound = BOUND_EXACT
        else:
            bound = BOUND_UPPER
        move = root_moves[ctl[BEST_INDEX]]
        tt_store(tt_keys, tt_data, ctl, keys[pos[PLY]], depth, bound, best, move, 0)
    return best

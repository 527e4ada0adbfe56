"""The Xiangqi engine: the numba search tied to generic alpha-beta; budgets, perft, evaluation."""

from __future__ import annotations

import random
import time

import pytest

from tansuo.adversarial import Game, alphabeta
from tansuo.errors import InvalidInput
from tansuo.xiangqi import (
    FEATURES,
    START_FEN,
    Engine,
    Position,
    bundled_perft,
    evaluate,
    parse_fen,
    parse_iccs,
    parse_position,
    perft,
    search,
)
from tansuo.xiangqi._kernels import board as kb
from tansuo.xiangqi.engine import MATE
from tansuo.xiangqi.heuristics import build_tables, with_weights

# Features that change the order moves are searched in but never the value.
ORDERING_ONLY = (
    "pvs",
    "killers",
    "history",
    "mvv_lva",
    "history_malus",
    "counter_move",
    "late_bad_captures",
)


def _random_positions(count: int, seed: int) -> list[str]:
    """FENs reached by random play (their history is dropped: a fresh game from each)."""
    rng = random.Random(seed)
    starts = [START_FEN] + [case.fen for case in bundled_perft()]
    fens: list[str] = []
    while len(fens) < count:
        position = parse_fen(rng.choice(starts))
        for _ in range(rng.randrange(4, 40)):
            moves = position.legal_moves()
            if not moves or position.outcome() is not None:
                break
            position.play(rng.choice(moves))
        if position.outcome() is None:
            fens.append(position.fen())
    return fens


def test_position_is_a_game():
    assert isinstance(Position(), Game)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_kernel_search_equals_generic_alphabeta(depth):
    """Same value at equal depth and evaluation: quiescence, table, pruning and extensions off."""
    fens = _random_positions(10 if depth < 3 else 5, seed=depth)
    for fen in fens:
        generic = alphabeta(parse_fen(fen, repetitions=2), depth)
        for features in (ORDERING_ONLY, ("iterative_deepening", *ORDERING_ONLY), ()):
            fast = Engine(max_memory=1 << 20, features=features).search(parse_fen(fen), depth=depth)
            assert fast.score == generic.score, (fen, features)
            # A mate found before ``depth`` ends the search early (nothing deeper changes it).
            assert fast.status == "solved"
            assert fast.depth == depth or fast.mate_in is not None


def test_kernel_search_equals_generic_alphabeta_with_repetitions():
    # Rook and kings only: at depth 4 the search meets positions seen before.
    fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w"
    generic = alphabeta(parse_fen(fen, repetitions=2), 4)
    fast = Engine(max_memory=1 << 20, features=ORDERING_ONLY).search(parse_fen(fen), depth=4)
    assert fast.score == generic.score


@pytest.mark.parametrize(
    ("fen", "plies", "first_moves"),
    [
        ("3k5/R8/9/9/9/9/9/9/9/1R2K4 w", 1, {"b0b9", "e0e1"}),  # e0e1 leaves Black no move
        ("5k3/9/4P4/9/9/9/9/9/9/3K5 w", 1, {"e7e8"}),
        ("4k4/9/9/9/9/9/9/9/R8/1R1K5 w", 3, None),
        ("3k5/9/9/9/9/9/9/9/R8/1R3K3 w", 3, None),
    ],
)
def test_full_engine_finds_mates(fen, plies, first_moves):
    generic = alphabeta(parse_fen(fen, repetitions=2), plies)
    assert generic.score == MATE - plies
    result = Engine(max_memory=2 << 20).search(parse_fen(fen), depth=6)
    assert result.score == MATE - plies
    assert result.mate_in == plies and result.describe_score() == f"win in {plies}"
    if first_moves is not None:
        assert result.move in first_moves
    position = parse_fen(fen)
    for move in result.pv:  # the line is legal
        assert parse_iccs(move) in position.legal_moves()
        position.play(parse_iccs(move))


def test_every_feature_can_be_switched_off_alone():
    fen = _random_positions(1, seed=99)[0]
    for feature in FEATURES:
        engine = Engine(max_memory=1 << 20, features=[f for f in FEATURES if f != feature])
        result = engine.search(parse_fen(fen), depth=4)
        assert result.status == "solved" and parse_iccs(result.move) in parse_fen(fen).legal_moves()


def test_search_reports_iterations_and_keeps_the_position():
    position = parse_position("startpos moves h2e2 h9g7")
    fen = position.fen()
    seen = []
    result = Engine(max_memory=4 << 20).search(position, depth=5, on_iteration=seen.append)
    assert [i.depth for i in seen] == [1, 2, 3, 4, 5]
    assert seen[-1].pv == result.pv and seen[-1].score == result.score
    assert position.fen() == fen and position.ply == 2
    d = result.as_dict()
    for key in ("status", "solution", "cost", "stats", "move", "score", "depth", "pv"):
        assert key in d
    assert d["stats"]["nodes"] == result.stats.nodes > 0
    assert d["stats"]["nodes_per_s"] > 0


def test_time_limit_is_honoured():
    start = time.process_time()  # CPU time: the overshoot is the search's own
    result = Engine(max_memory=4 << 20).search(Position(), time_limit=0.4)
    assert time.process_time() - start < 0.4 + 0.1
    assert result.status == "limit" and result.stats.limit == "time_limit"
    assert parse_iccs(result.move) in Position().legal_moves()


def test_node_budget_is_honoured():
    result = Engine(max_memory=4 << 20).search(Position(), max_nodes=30_000)
    assert result.status == "limit" and result.stats.limit == "max_nodes"
    assert 30_000 <= result.stats.nodes <= 30_000 + 4096
    assert result.depth >= 1 and result.move is not None


def test_stop_from_another_thread():
    import threading

    engine = Engine(max_memory=4 << 20)
    timer = threading.Timer(0.2, engine.stop)
    timer.start()
    start = time.perf_counter()
    result = engine.search(Position(), time_limit=float("inf"))
    assert time.perf_counter() - start < 1.0
    assert result.status == "limit" and result.stats.limit == "stopped"


def test_banned_moves_and_finished_games():
    banned = {parse_iccs("h2e2"), parse_iccs("b2e2")}
    result = Engine(max_memory=2 << 20).search(Position(), depth=3, banned=banned)
    assert parse_iccs(result.move) not in banned
    mated = parse_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w")
    mated.push("b0b9")
    over = search(mated, depth=3)
    assert over.status == "no_solution" and over.move is None and over.score == -MATE


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"depth": 0}, {"depth": 500}, {"time_limit": -1}, {"max_nodes": -5}, {"depth": 2.5}],
)
def test_bad_budgets(kwargs):
    with pytest.raises(InvalidInput):
        Engine(max_memory=1 << 20).search(Position(), **kwargs)


def test_engine_options_are_checked():
    with pytest.raises(InvalidInput, match="unknown search feature"):
        Engine(features=["warp_drive"])
    with pytest.raises(InvalidInput):
        Engine(max_memory=0)
    with pytest.raises(InvalidInput, match="memory size"):
        Engine(max_memory="lots")
    assert Engine(max_memory="1M").entries == 1 << 15  # 28-byte entries, a power of two


def test_table_is_kept_between_searches_and_cleared_by_new_game():
    engine = Engine(max_memory=4 << 20)
    position = Position()
    first = engine.search(position, depth=5)
    again = engine.search(position, depth=5)
    assert again.stats.nodes < first.stats.nodes  # the table remembers
    assert engine.probe(position) is not None
    engine.new_game()
    assert engine.probe(position) is None


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------


def test_perft_divide_and_budgets():
    result = perft(Position(), 3, divide=True)
    assert result.nodes == 79666 and sum(result.divide.values()) == 79666
    assert len(result.divide) == 44 and result.divide["h2e2"] > 0
    assert perft(Position(), 0).nodes == 1
    limited = perft(Position(), 4, max_nodes=10_000)
    assert limited.status == "limit" and limited.stats.limit == "max_nodes"
    assert 10_000 <= limited.nodes < 3_290_240
    d = result.as_dict()
    assert d["nodes"] == d["solution"] == 79666 and d["status"] == "solved"
    with pytest.raises(InvalidInput):
        perft(Position(), -1)


# ---------------------------------------------------------------------------
# Evaluation
# ---------------------------------------------------------------------------


def _mirror(fen: str) -> str:
    """The same position with the colours swapped (board turned around, side switched)."""
    board, side = fen.split()[:2]
    rows = [row.swapcase() for row in reversed(board.split("/"))]
    return "/".join(rows) + (" b" if side == "w" else " w")


def test_evaluation_is_colour_symmetric():
    for fen in _random_positions(30, seed=4):
        assert evaluate(parse_fen(fen)) == evaluate(parse_fen(_mirror(fen)))


def test_evaluation_counts_material():
    start = evaluate(Position())
    without_black_rook = evaluate(parse_fen(START_FEN.replace("rnbakabnr", "1nbakabnr", 1)))
    assert without_black_rook - start > 500


def test_material_kept_per_ply_and_the_lazy_evaluation():
    """The search's running material sum equals a fresh count after every move;
    the lazy evaluation is exact inside its window and, far outside it, a
    bound on the right side of both the window and the exact score."""
    from tansuo.xiangqi._kernels import search as ks

    ev = build_tables(with_weights())
    for fen in _random_positions(12, seed=7):
        position = parse_fen(fen)
        pos = position.pos
        base = ks.material(pos, ev)
        for move in position.legal_moves():
            expected = ks.material_after(pos, ev, base, move)
            position.play(move)
            assert ks.material(position.pos, ev) == expected, (fen, move)
            position.undo()
        side = int(pos[kb.SIDE])
        exact = ks.evaluate(pos, side, ev)
        assert ks.evaluate_within(pos, side, ev, base, exact - 1, exact + 1) == exact
        above = ks.evaluate_within(pos, side, ev, base, exact + 2000, exact + 2001)
        below = ks.evaluate_within(pos, side, ev, base, exact - 2001, exact - 2000)
        assert exact <= above <= exact + 2000, fen  # an upper bound, at most the window
        assert exact - 2000 <= below <= exact, fen


def test_a_check_with_a_single_reply_is_searched_deeper():
    # Red's d9c7 checks and leaves Black one legal reply: with the extension
    # the line after that reply is searched one ply deeper.
    fen = "C1bN2b2/1C2k4/9/9/2p1p1pn1/9/2P5P/8B/4A4/2BA1K3 w - - 1 44"
    without = [f for f in FEATURES if f != "single_reply"]
    on = Engine(max_memory=1 << 20).search(parse_fen(fen), depth=2)
    off = Engine(max_memory=1 << 20, features=without).search(parse_fen(fen), depth=2)
    assert on.move == off.move == "d9c7"
    assert on.stats.seldepth > off.stats.seldepth and on.stats.nodes > off.stats.nodes


def test_the_gives_check_shortcut_agrees_with_the_attack_test():
    from tansuo.xiangqi._kernels import search as ks

    checks = 0
    for fen in _random_positions(40, seed=11):
        position = parse_fen(fen)
        side = int(position.pos[kb.SIDE])
        for move in position.legal_moves():
            position.play(move)
            expected = kb.king_attacked(position.pos, 1 - side)
            assert ks._gives_check(position.pos, side, move) == expected, (fen, move)
            checks += expected
            position.undo()
    assert checks > 20  # the sample holds checks, not only quiet moves


def test_progress_is_off_by_default_and_a_match_spec_switches_it_on():
    from tansuo.xiangqi.engine import DEFAULT_FEATURES
    from tansuo.xiangqi.match import make_player

    assert "progress" in FEATURES and "progress" not in DEFAULT_FEATURES
    assert Engine(max_memory=1 << 20).features == frozenset(DEFAULT_FEATURES)
    on = make_player("tansuo:progress")
    off = make_player("tansuo")
    assert "progress" in on.engine.features and "progress" not in off.engine.features


def test_the_static_score_shrinks_as_the_no_capture_clock_runs():
    """Past PROGRESS_START plies without a capture the static score is scaled
    down (to a floor); inside the widened window it is exact, outside a bound."""
    import numpy as np

    from tansuo.xiangqi._kernels import search as ks

    ev = build_tables(with_weights())
    ctl = np.zeros(ks.CTL_SIZE, np.int64)
    ctl[ks.USE_PROGRESS] = 1
    board = "3k5/9/4b4/9/9/2R6/9/9/4A4/3AK4"  # a rook up for Red
    for clock, factor in ((0, 80), (40, 80), (70, 50), (100, 20), (119, 20)):
        position = parse_fen(f"{board} w - - {clock} 1")
        pos, record = position.pos, position.record
        assert record[position.ply, kb.CLOCK] == clock
        base = ks.material(pos, ev)
        for side in (kb.RED, kb.BLACK):
            raw = ks.evaluate(pos, side, ev)
            inf = ks.INFINITE
            assert ks._static(pos, record, ctl, side, ev, base, -inf, inf) == raw * factor // 80
            scaled = raw * factor // 80
            assert ks._static(pos, record, ctl, side, ev, base, scaled - 1, scaled + 1) == scaled
            above = ks._static(pos, record, ctl, side, ev, base, scaled + 900, scaled + 901)
            below = ks._static(pos, record, ctl, side, ev, base, scaled - 901, scaled - 900)
            assert scaled <= above <= scaled + 900 and scaled - 900 <= below <= scaled
        ctl[ks.USE_PROGRESS] = 0  # switched off: the plain score
        plain = ks.evaluate(pos, kb.RED, ev)
        assert ks._static(pos, record, ctl, kb.RED, ev, base, -inf, inf) == plain
        ctl[ks.USE_PROGRESS] = 1
    assert ks.evaluate(parse_fen(f"{board} w - - 100 1").pos, kb.RED, ev) > 500


def test_the_engine_does_not_repeat_into_a_perpetual_chase():
    # Red's rook chases Black's lone cannon round a cycle; a5a7 would bring the
    # start position back a second time, every Red move of the cycle a chase.
    position = parse_fen("4k4/9/Rc7/9/9/9/9/9/9/3K5 b")
    for move in ["b7b5", "a7a5", "b5b7"]:
        position.push(move)
    from tansuo.xiangqi.engine import _repeats_into_a_loss
    from tansuo.xiangqi.model import parse_iccs

    assert _repeats_into_a_loss(position, parse_iccs("a5a7"))
    assert not _repeats_into_a_loss(position, parse_iccs("a5a6"))
    result = Engine(max_memory=1 << 20).search(position, depth=3)
    assert result.move != "a5a7"


def test_the_engine_does_not_let_the_opponent_complete_our_perpetual_chase():
    # From a game: Red's cannon has chased Black's rook along ranks 1 and 2
    # (g1g2, g2g1 against b2b1, b1b2); g2g1 again lets b1b2 repeat the
    # position a third time in a cycle of Red's chases, which Red loses.
    moves = (
        "h2h6 d9e8 f0e1 b7c7 h6e6 h7e7 e6e4 h9g7 g3g4 b9a7 i0i2 a9b9 i2f2 i9h9 h0g2 h9h3"
        " b2e2 b9b1 g4g5 g6g5 f2f6 h3g3 g2i1 g3g1 i1h3 g1g0 f6f0 g0g3 f0h0 c7c3 e2f2 g3h3"
        " h0h3 c3h3 f2g2 h3g3 g2g1 b1b2 c0e2 g7e6 b0d1 b2c2 d1b0 c2b2 g1g2 b2b1"
    )
    position = parse_position("startpos moves " + moves)
    from tansuo.xiangqi.engine import _lets_the_opponent_repeat_into_our_loss

    assert _lets_the_opponent_repeat_into_our_loss(position, parse_iccs("g2g1"))
    assert not _lets_the_opponent_repeat_into_our_loss(position, parse_iccs("e4e7"))
    result = Engine(max_memory=1 << 20).search(position, depth=3)
    assert result.move != "g2g1"  # the kernel alone, judging checks only, plays it


def test_the_shared_watchdog_follows_moved_deadlines_and_polls():
    import threading
    import time as clock

    from tansuo.budget import Deadlines, Watchdog

    fired = threading.Event()
    fired_at: list[float] = []

    def fire() -> None:  # the time is taken in the watchdog's thread, as it fires
        fired_at.append(clock.perf_counter())
        fired.set()

    deadlines = Deadlines()  # no clock yet (a pondering search)
    dog = Watchdog(fire, deadlines)
    assert not fired.wait(0.1)
    started = clock.perf_counter()
    deadlines.restart(None, 0.15)  # "ponderhit": the clock starts now
    assert fired.wait(5.0) and dog.reason == "time_limit"
    assert 0.15 <= fired_at[0] - started < 1.0
    asked = threading.Event()
    calls = []

    def stop_on_the_third_look() -> bool:  # a caller's stop callback
        calls.append(1)
        return len(calls) >= 3

    polled = Watchdog(asked.set, poll=stop_on_the_third_look)
    assert asked.wait(5.0) and polled.reason == "stopped" and len(calls) == 3
    quiet = threading.Event()
    later = Deadlines()  # the clock starts only after the close: no race with a loaded machine
    closed = Watchdog(quiet.set, later)
    closed.close()
    later.restart(None, 0.05)
    assert not quiet.wait(0.3)  # closed before its deadline: never fires
    closed.join(5.0)
    assert not quiet.is_set() and closed.reason is None


def test_counters_follow_the_game_tree_row():
    """expanded: positions whose moves were generated; generated: those moves; nodes: entered."""
    start = parse_fen(START_FEN)
    legal = len(start.legal_moves())
    assert legal == 44
    # Depth 1, no quiescence: the root is expanded, its 44 moves generated, each child entered.
    # With PVS a child whose null-window search beats the best is entered again.
    flat = [f for f in FEATURES if f not in ("quiescence", "iterative_deepening")]
    one = Engine(max_memory=1 << 20, features=flat).search(parse_fen(START_FEN), depth=1).stats
    assert (one.expanded, one.generated, one.qnodes) == (1, legal, 0)
    assert one.nodes == 1 + legal + one.pvs_researched and one.pvs_researched > 0
    no_pvs = [f for f in flat if f != "pvs"]
    one = Engine(max_memory=1 << 20, features=no_pvs).search(parse_fen(START_FEN), depth=1).stats
    assert (one.expanded, one.generated, one.nodes, one.qnodes) == (1, legal, 1 + legal, 0)
    # With quiescence every child is a quiescence root, counted once; the
    # captures it generates are counted, none of its positions is expanded twice.
    quiet = [f for f in FEATURES if f != "iterative_deepening"]
    q = Engine(max_memory=1 << 20, features=quiet).search(parse_fen(START_FEN), depth=1).stats
    assert q.nodes == 1 + q.qnodes and q.qnodes >= legal
    assert legal <= q.generated and 1 <= q.expanded <= q.nodes
    # Plain alpha-beta (no table, pruning or ordering but captures first)
    # searches the tree the generic alpha-beta searches when its moves come in
    # the kernel's order: the same positions entered and expanded. The kernel
    # counts the generator's pseudo-legal moves where the generic engine counts
    # legal ones; the difference is counted here at each expanded position.
    for depth in (2, 3):
        illegal = 0

        def kernel_order(game, moves):
            nonlocal illegal
            frames = kb.new_frames(1)
            illegal += kb.generate_moves(game.pos, int(game.pos[kb.SIDE]), frames, 0, False)
            illegal -= len(moves)
            if game.ply == 0:
                return moves  # the root's moves are searched in the order given
            # the kernel's selection step: the first highest-scored move is
            # swapped with the one at its place (captures first, else in order)
            order = [1 if game.pos[(m >> 8) & 255] else 0 for m in moves]
            moves = list(moves)
            for i in range(len(moves)):
                j = max(range(i, len(moves)), key=lambda k: (order[k], -k))
                moves[i], moves[j] = moves[j], moves[i]
                order[i], order[j] = order[j], order[i]
            return moves

        generic = alphabeta(parse_fen(START_FEN, repetitions=2), depth, order=kernel_order).stats
        fast = Engine(max_memory=1 << 20, features=()).search(parse_fen(START_FEN), depth=depth)
        counts = (fast.stats.expanded, fast.stats.generated, fast.stats.nodes)
        assert counts == (generic.expanded, generic.generated + illegal, generic.nodes), depth
        assert illegal > 0  # the generic engine never sees a pinned piece's moves
        assert fast.stats.nodes < 1 + fast.stats.generated
    # Iterative deepening expands the root once per iteration.
    deep = Engine(max_memory=1 << 20, features=[*no_pvs, "iterative_deepening"])
    two = deep.search(parse_fen(START_FEN), depth=2).stats
    assert two.expanded >= 2 + legal and two.generated >= 2 * legal + legal


def test_a_defender_is_worth_more_against_an_attack():
    """An advisor: its 60 points while nothing threatens its king, much more
    when the other side's rooks have crossed the river (king safety, the
    advisor leak against two rooks)."""
    home = "r1bakab1r/9/9/4p4/9/9/9/9/9/R1B{}KAB1R w"
    crossed = "2bakab2/9/9/4p4/9/9/r7r/9/9/R1B{}KAB1R w"
    ev = build_tables(with_weights(ending_knowledge=0))  # these rooks alone are an ending

    def gain(fen: str) -> int:
        return evaluate(parse_fen(fen.format("A")), ev) - evaluate(parse_fen(fen.format("1")), ev)

    quiet = gain(home)
    attacked = gain(crossed)
    assert quiet == 60
    assert attacked > 2 * quiet


def test_the_ending_values_rooks_less_and_pawns_more():
    """With ``endgame`` on, a rook is worth less and a crossed pawn more as the
    material thins; with the whole army on the board nothing changes, and the
    term is the same for both colours."""
    ending = build_tables(with_weights(endgame=100))
    start = parse_fen(START_FEN)
    assert evaluate(start, ending) == evaluate(start)
    rook = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
    pawn = "4k4/9/4P4/9/9/9/9/9/9/3K5 w - - 0 1"
    assert evaluate(parse_fen(rook), ending) < evaluate(parse_fen(rook)) - 50
    assert evaluate(parse_fen(pawn), ending) > evaluate(parse_fen(pawn)) + 20
    for fen in (rook, pawn, "2ba5/4ak3/9/1P7/4N3R/9/4c4/4c4/6r2/3K5 w - - 0 1"):
        assert evaluate(parse_fen(fen), ending) == evaluate(parse_fen(_mirror(fen)), ending)


def test_a_crossed_pawn_is_worth_the_crossed_pawn_bonus_more():
    """``crossed_pawn`` raises a pawn across the river (its last rank excepted)
    by that many points, more when its side attacks; a pawn at home or on the
    last rank is unchanged, and both colours are treated alike."""
    without = build_tables(with_weights(crossed_pawn=0))
    with_bonus = build_tables(with_weights(crossed_pawn=30))
    gains = []
    for fen in (
        "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1",  # just across the river
        "3k5/9/4P4/9/9/9/9/9/9/4K4 w - - 0 1",  # before the palace
        "P2k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",  # on the last rank
        "3k5/9/9/9/9/4P4/9/9/9/4K4 w - - 0 1",  # at home
        "3k5/9/9/9/4P4/9/9/9/9/R3K4 w - - 0 1",  # across, with a rook behind it
    ):
        position = parse_fen(fen)
        gain = evaluate(position, with_bonus) - evaluate(position, without)
        mirrored = parse_fen(_mirror(fen))
        assert evaluate(mirrored, with_bonus) - evaluate(mirrored, without) == gain
        gains.append(gain)
    assert gains[0] >= 30 and gains[1] >= 30
    assert gains[2] == 0 and gains[3] == 0
    assert gains[4] >= gains[0]  # the rook does not attack yet: at least the same


@pytest.mark.parametrize(
    ("fen", "red", "black"),
    [
        ("4k4/4n4/9/9/9/9/9/9/9/3KR4 w - - 0 1", 110, 0),  # rook, horse next to the king
        ("3ak4/4n4/9/9/9/9/9/9/9/3KR4 w - - 0 1", 0, 0),  # an advisor defends it
        ("4k4/9/9/9/4n4/9/9/9/9/3KR4 w - - 0 1", 80, 0),  # four points from the king
        ("4k4/4n4/9/9/4P4/9/9/9/9/3KC4 w - - 0 1", 110, 0),  # a cannon over a pawn
        ("4k4/4n4/4c4/9/9/9/9/9/9/3KC4 w - - 0 1", 210, 0),  # a cannon pins both
        ("3k5/9/9/9/9/9/9/9/9/4K1N1r b - - 0 1", 0, 90),  # Black's rook on a rank
        ("3k5/9/9/9/9/9/9/8B/9/4K1N1r b - - 0 1", 0, 0),  # an elephant defends it
    ],
)
def test_pins_of_horses_and_cannons_to_their_king(fen, red, black):
    from tansuo.xiangqi._kernels import search as ks

    position = parse_fen(fen)
    assert (ks.pins(position.pos, kb.RED), ks.pins(position.pos, kb.BLACK)) == (red, black)


def test_the_ending_knowledge_scales_drawish_material_and_hunts_a_bare_king():
    """With few pieces left, a lead that such material can hardly win counts
    for less (nothing at all without a piece that can mate), a lead against a
    side with no rook, horse or cannon grows as the pieces near its king, and
    a full board is left alone; both colours alike."""
    plain = build_tables(with_weights(ending_knowledge=0))
    start = parse_fen(START_FEN)
    assert evaluate(start) == evaluate(start, plain)
    # Rook and cannon against rook and defenders: half the lead.
    rook_cannon = "3ak4/4a4/4b4/9/9/9/9/4B4/4A4/r2AK1RC1 w - - 0 1"
    # A lone horse against advisors and elephants: an eighth.
    horse = "3ak4/4a4/4b4/9/9/9/9/9/9/2B1K1N2 w - - 0 1"
    # Advisors and elephants alone cannot mate: no lead at all.
    defenders = "4k4/9/9/9/9/9/9/4B4/4A4/2BAK4 w - - 0 1"
    for fen, share in ((rook_cannon, 8), (horse, 2), (defenders, 0)):
        for board in (fen, _mirror(fen)):
            raw = evaluate(parse_fen(board), plain)
            assert abs(raw) > 100, board
            assert evaluate(parse_fen(board)) == raw * share // 16, board
    # A horse against a bare king (and a pawn): nearer is better.
    far = "3k5/9/9/9/9/9/4p4/9/9/N3K4 w - - 0 1"
    near = "3k5/9/9/9/4N4/9/4p4/9/9/4K4 w - - 0 1"
    assert evaluate(parse_fen(far)) == evaluate(parse_fen(far), plain)  # out of reach
    hunt = evaluate(parse_fen(near)) - evaluate(parse_fen(near), plain)
    assert hunt > 0
    assert evaluate(parse_fen(_mirror(near))) - evaluate(parse_fen(_mirror(near)), plain) == hunt


@pytest.mark.parametrize(
    ("feature", "fen", "depth"),
    [
        ("lmp", "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1", 8),
        ("deep_lmr", START_FEN, 9),
    ],
)
def test_late_move_pruning_and_deeper_reductions_save_nodes(feature, fen, depth):
    from tansuo.xiangqi.engine import DEFAULT_FEATURES

    nodes = {}
    for name in (feature, None):
        features = [f for f in DEFAULT_FEATURES if f != name]
        result = Engine(max_memory=1 << 20, features=features).search(parse_fen(fen), depth=depth)
        assert result.status == "solved"
        nodes[name] = result.stats.nodes
    assert nodes[None] < nodes[feature] * 0.95


def test_history_malus_and_counter_moves_fill_their_tables():
    """The malus leaves quiet moves that failed with negative history; a quiet
    cutoff records its move as the counter move of the move before it."""
    from tansuo.xiangqi.engine import DEFAULT_FEATURES

    fen = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1"
    for on in (True, False):
        features = [f for f in DEFAULT_FEATURES if on or f not in ("history_malus", "counter_move")]
        engine = Engine(max_memory=1 << 20, features=features)
        engine.search(parse_fen(fen), depth=6)
        history = engine.arrays.history
        assert (history[:2] < 0).any() == on
        counters = history[2][history[2] != 0]
        assert (counters.size > 0) == on
        for move in counters[:50]:  # each a move of the board: 90 points, from != to
            a, b = int(move) & 255, (int(move) >> 8) & 255
            assert a != b and kb.IN_BOARD[a] and kb.IN_BOARD[b]

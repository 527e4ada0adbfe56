"""The compiled alpha-beta against the generic one, and the engine's choices."""

from __future__ import annotations

import random
import time

import pytest

from tansuo.adversarial import alphabeta
from tansuo.gomoku import Engine, EngineOptions, find_threat, parse_position, search
from tansuo.gomoku.engine import AVOID_NODES, TRAP_NODES, _Clock, _threat_squares


def _plain_engine() -> Engine:
    return Engine(EngineOptions(threats=False), max_memory=1 << 20, book=False)


def _random_board(rng: random.Random, size: int, stones: int, rule: str):
    from tansuo.gomoku import Board

    board = Board(size, rule=rule)
    while len(board.history) < stones:
        cell = board.index(rng.randrange(size), rng.randrange(size))
        if board.stone(cell) or not board.is_legal(cell) or board.makes_five(cell):
            continue
        board.play(cell)
    return board


@pytest.mark.parametrize("rule", ["freestyle", "renju"])
def test_plain_kernel_equals_generic_alphabeta(rule):
    # The kernel scores a node where the side to move has a five to make as a
    # win; the generic search only sees a five once it is made. With no four
    # to make for either side at the root, no five point arises within three
    # plies, and the two searches define the same game.
    from tansuo.gomoku import _kernels as K

    rng = random.Random(rule)
    engine = Engine(max_memory=1 << 20)
    tested = 0
    while tested < 5:
        board = _random_board(rng, 6, rng.randrange(10, 20), rule)
        if any(board.state[K.ST_FIVES][K.FOURS + colour] for colour in (1, 2)):
            continue
        tested += 1
        depth = 2 if len(board.legal_moves()) > 12 else 3
        generic = alphabeta(board, depth)
        mine = engine.search(board, depth=depth, plain=True)
        assert mine.score == generic.score, board


def test_engine_blocks_a_four_and_takes_a_five():
    board = parse_position("15 h8 a1 i8 a2 j8 a3 k8")  # black threatens five at g8/l8
    result = search(board, time_limit=1)
    assert result.move in ("g8", "l8")
    board = parse_position("15 h8 a1 i8 a2 j8 a3 k8 a4")  # black to move: five
    result = search(board, time_limit=1)
    assert result.move in ("g8", "l8") and result.mate_in == 1


def test_engine_finds_a_vct_and_reports_stats():
    board = parse_position("15 h8 a1 i9 a3 h9 a5")
    # the root VCT gets VCT_SHARE of the time: 3 s on a busy machine (it needs ~0.3 s)
    result = search(board, time_limit=20)
    assert result.solved and result.score is not None and result.mate_in is not None
    assert result.move == result.pv[0]
    data = result.as_dict()
    assert data["move"] == result.move and data["stats"]["nodes"] > 0


def test_time_limit_is_honoured_on_a_big_board():
    board = parse_position("22 k11 l12 k12 j11 l11 m10 j13")
    engine = Engine()
    engine.search(board, depth=1)  # compiled before the clock starts
    started = time.process_time()
    result = engine.search(board, time_limit=0.3)
    # CPU time: on a shared machine wall time also counts the others' turns (0.44 s was seen)
    assert time.process_time() - started < 0.3 + 0.1
    assert result.move is not None


def test_final_check_finds_a_real_defence_not_a_four():
    # from a match game: white threatens a VCT (j10 j11 k10 ...); black's f4 or
    # f3 makes a four, which white blocks, and the threat stands. The check
    # tries the squares of white's winning lines first and finds a defence
    board = parse_position("15 freestyle g11 i10 f5 j8 f7 j9 f6 f8")
    engine = Engine(max_memory=1 << 20, book=False)
    chosen = board.parse_move("j10")
    board.play(chosen)
    assert find_threat(board, kind="vct", max_depth=11).solved  # j10 loses
    board.undo()
    move = engine._avoid_threats(board, chosen, _Clock())
    assert move is not None and board.format_move(move) not in ("f4", "f3", "j10")
    board.play(move)
    assert not board.five_points(1)  # not a four of black's
    assert not find_threat(board, kind="vct", max_depth=11, max_nodes=AVOID_NODES).solved


def test_out_of_time_the_check_keeps_the_move():
    # the alpha-beta's move is refuted, then the time runs out before the
    # next candidate is looked at: the alpha-beta's move is kept
    board = parse_position("15 freestyle g11 i10 f5 j8 f7 j9 f6 f8")
    engine = Engine(max_memory=1 << 20, book=False)
    lost, other = board.parse_move("a1"), board.parse_move("j10")
    answers = {lost: [other]}

    def refutation(board, candidate, deadline, vct_span, max_nodes):
        return answers.get(candidate, [])  # [] : no time left to look

    engine._refutation = refutation  # type: ignore[method-assign]
    assert engine._avoid_threats(board, lost, _Clock(1.0)) is None


def test_a_trap_reply_leaves_no_defence_and_a_safe_move_has_none():
    # from a match game: white played i9, and black's i6 left white no defence
    board = parse_position("15 freestyle h10 k8 k10 j7 l9 m8 j9 i8 l8 h9 k6 l10 g10 i7 k9")
    engine = Engine(max_memory=4 << 20, book=False)
    trap = engine._trap(board, board.parse_move("i9"), _Clock(60).until(1))
    assert trap is not None
    before = len(board.history)
    board.play(board.parse_move("i9"))
    board.play(trap)
    # the verdict holds with ten times the nodes: every defence is refuted
    defence, timed_out = engine._defence(board, [], set(), None, None, 10 * TRAP_NODES)
    assert defence is None and not timed_out
    board.undo()
    board.undo()
    assert len(board.history) == before
    # early in a game every threat a reply makes can be blocked
    quiet = parse_position("15 freestyle h8 a1 i9")
    assert engine._trap(quiet, quiet.parse_move("g7"), _Clock(60).until(1)) is None


def test_threat_squares_of_a_line_found_after_a_pass():
    # white (not to move) wins by j10 j11 k10 ... if black passes: the squares
    # are white's threats and black's answers, played in white's colours
    board = parse_position("15 freestyle g11 i10 f5 j8 f7 j9 f6 f8")
    key = int(board.state[8][0])
    line = find_threat(board, kind="vct", attacker="white", max_depth=11).line
    squares = [board.format_move(m) for m in _threat_squares(board, line, 2)]
    assert squares[0] == line[0] and line[1] in squares and line[2] in squares
    assert set(line[0::2]) <= set(squares)
    assert int(board.state[8][0]) == key and board.side_to_move == 1  # left as it was


def test_a_budgeted_search_plays_its_last_even_depth_move():
    board = parse_position("15 freestyle i7 g7 e6 h6 f8 g9 g8 h8 i9 h7")
    seen = []
    _plain_engine().search(board, depth=7, on_iteration=seen.append)
    assert [i.depth for i in seen] == list(range(1, 8))
    # a node budget that ends the search inside iteration 6: depth 5 is the
    # last one finished, and the move played is depth 4's
    budget = (seen[4].nodes + seen[5].nodes) // 2
    moves = {i.depth: i.pv[0] for i in seen}
    assert moves[4] != moves[5], "pick a position where the two depths disagree"
    result = _plain_engine().search(board, max_nodes=budget)
    assert result.depth == 4 and result.move == moves[4]
    assert [i.depth for i in result.stats.iterations] == [1, 2, 3, 4, 5]


def test_a_quiet_position_skips_the_final_check():
    # the opponent has no VCF or VCT even after a pass: no move can give it one,
    # so the timed search plays the alpha-beta's move without checking it
    engine = Engine(max_memory=1 << 20, book=False)

    def refuse(*args):
        raise AssertionError("the final check ran")

    engine._avoid_threats = refuse  # type: ignore[method-assign]
    board = parse_position("15 freestyle h8 i9 h10 g9")
    assert engine._opponent_threat(board, _Clock(1.0))
    assert engine.search(board, time_limit=0.3).move is not None
    # white wins by a VCT if black passes here (the position of the test above)
    board = parse_position("15 freestyle g11 i10 f5 j8 f7 j9 f6 f8")
    assert not engine._opponent_threat(board, _Clock(1.0))
    with pytest.raises(AssertionError, match="final check"):
        engine.search(board, time_limit=0.3)


def test_quiet_means_no_move_gives_the_opponent_a_threat_win():
    # the claim behind skipping the check, on the threat search's own terms:
    # after a pass finds nothing, no move of ours lets the opponent win by VCT
    rng = random.Random(7)
    engine = Engine(max_memory=1 << 20, book=False)
    checked = 0
    while checked < 3:
        board = _random_board(rng, 11, rng.randrange(6, 12), "freestyle")
        if not engine._opponent_threat(board, _Clock(60.0)):
            continue
        checked += 1
        for move in board.legal_moves():
            if board.makes_five(move):
                continue
            board.play(move)
            found = find_threat(board, kind="vct", max_depth=11, max_nodes=AVOID_NODES)
            board.undo()
            assert not found.solved, board.format_move(move)


def test_renju_black_is_never_taken_as_quiet():
    # a white stone can undo one of black's forbidden points: no shortcut
    engine = Engine(max_memory=1 << 20, book=False)
    board = parse_position("15 renju h8 i9 h10")
    assert board.side_to_move == 2
    assert not engine._opponent_threat(board, _Clock(1.0))


@pytest.mark.parametrize("width", [0, -1, "8", True, 1 << 17])
def test_a_width_out_of_range_is_refused(width):
    from tansuo.errors import InvalidInput

    with pytest.raises(InvalidInput, match="whole number"):
        EngineOptions(width=width)


def test_the_options_are_one_frozen_value():
    import dataclasses

    options = EngineOptions(width=8)
    assert Engine(options, max_memory=1 << 20, book=False).options is options
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.width = 9  # type: ignore[misc]


def test_a_node_budget_holds_the_whole_move_and_repeats_exactly():
    # held to nodes alone, a move's threat searches and alpha-beta share the
    # budget as they share the time, and the move does not depend on the load
    board = parse_position("15 freestyle g11 i10 f5 j8 f7 j9 f6 f8")  # not quiet: the checks run
    runs = [
        Engine(max_memory=1 << 20, book=False).search(board, max_nodes=30_000) for _ in range(2)
    ]
    assert runs[0].move == runs[1].move and runs[0].stats.nodes == runs[1].stats.nodes
    assert runs[0].pv == runs[1].pv and runs[0].depth == runs[1].depth >= 2
    # every search's nodes are counted (a win's line replayed may add a few)
    assert 30_000 // 2 < runs[0].stats.nodes <= 30_000 * 11 // 10


def test_a_fixed_depth_search_keeps_its_time_limit():
    """A depth far beyond reach with a time limit stops on the time, with the best move so far."""
    from tansuo.gomoku import Board, Engine

    started = time.perf_counter()
    result = Engine(book=False).search(Board(15, moves=["h8"]), depth=50, time_limit=0.3)
    assert time.perf_counter() - started < 5.0
    assert result.stats.limit == "time_limit" and result.move is not None


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("move_count", -1),
        ("futility", "5"),
        ("futility", True),
        ("move_count", 10**6),
        ("block_free", 3),
    ],
)
def test_a_pruning_option_out_of_range_is_refused(name, value):
    from tansuo.errors import InvalidInput

    with pytest.raises(InvalidInput, match=f"{name}: .* whole number"):
        EngineOptions(**{name: value})


# From a game against Rapfi: black to move has a VCF of six fours and the five
# (13 plies).
LONG_VCF = (
    "15 k10 g9 h8 g7 g8 i8 f8 f9 h9 h10 j11 i10 i12 l9 k11 k12 j10 i9 i11 h11 k9 h12"
    " j8 i7 i6 h13 h14 j9"
)


def test_a_free_block_sees_a_line_of_fours_at_about_half_the_depth():
    from tansuo.adversarial import is_mate_score

    board = parse_position(LONG_VCF)
    assert len(find_threat(board, kind="vcf").line) == 13
    free = Engine(EngineOptions(threats=False, block_free=1), max_memory=1 << 20, book=False)
    paid = Engine(EngineOptions(threats=False, block_free=0), max_memory=1 << 20, book=False)
    # each four costs a ply and each block another: 13 plies need 11 of depth
    # (the last block leaves a five to make, which scores as a win)
    assert not is_mate_score(paid.search(board, depth=6).score)
    found = free.search(board, depth=6)
    assert is_mate_score(found.score) and found.score > 0
    # the fours are kept by move-count pruning and futility does not cut them
    pruned = Engine(
        EngineOptions(threats=False, block_free=1, move_count=100, futility=150),
        max_memory=1 << 20,
        book=False,
    )
    assert is_mate_score(pruned.search(board, depth=6).score)
    # a four and its block free (the first FREE_PLIES plies of a line): deeper still
    for mode, mate in ((1, False), (2, True)):
        options = EngineOptions(threats=False, block_free=mode)
        engine = Engine(options, max_memory=1 << 20, book=False)
        assert is_mate_score(engine.search(board, depth=4).score) == mate


def test_an_averaged_leaf_scores_the_mean_of_its_static_score_and_its_parents():
    # depth 1 with every move searched: the root's score is the best over the
    # moves of minus the leaf's averaged score, (leaf's static - root's static) // 2
    board = parse_position("15 h8 i9 g9 i7 i8 g7 h7 h9")  # no four, no open three
    # (without averaging: minus the leaf's static score)
    root = board.evaluate()
    leaves = {}
    for move in board.legal_moves():
        board.play(move)
        leaves[board.format_move(move)] = board.evaluate()
        board.undo()
    for average in (False, True):
        expected = {m: -((v - root) // 2) if average else -v for m, v in leaves.items()}
        options = EngineOptions(threats=False, average=average, width=1000)
        result = Engine(options, max_memory=1 << 20, book=False).search(board, depth=1)
        assert result.move is not None
        assert result.score == max(expected.values()) == expected[result.move]


def test_move_count_pruning_searches_fewer_moves_near_the_leaves():
    from tansuo.gomoku._kernels.alphabeta import move_count

    counts = [move_count(depth, 100) for depth in range(1, 9)]
    assert counts == sorted(counts) and counts[0] < 12 < counts[-1]
    assert move_count(0, 100) >= 1 and move_count(3, 50) < move_count(3, 100)
    assert _expanded_at_depth_6(move_count=100) < _expanded_at_depth_6(move_count=0)


def test_futility_pruning_expands_fewer_nodes_at_a_fixed_depth():
    assert _expanded_at_depth_6(futility=50) < _expanded_at_depth_6(futility=0)


def _expanded_at_depth_6(**options):
    """Nodes a threat-free depth-6 search expands on a quiet position."""
    board = parse_position("15 h8 i9 g9 i7 i8 g7 h7 h9")  # no threat on the board
    engine = Engine(EngineOptions(threats=False, **options), max_memory=1 << 20, book=False)
    return engine.search(board, depth=6).stats.expanded


def test_warm_up_leaves_the_line_replay_nothing_to_compile():
    # a fresh process: the checks of a game replay a VCT line with quiet
    # defences, which calls `defences` from Python; warm_up compiles it first
    import subprocess
    import sys

    code = (
        "from tansuo.gomoku import _kernels as K\n"
        "from tansuo.gomoku.engine import warm_up\n"
        "warm_up('vcf')\n"
        "print(len(K.defences.overloads))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split()[-1] == "1"


def test_fitted_order_puts_the_best_class_bonus_move_first():
    import numpy as np

    from tansuo.gomoku import _kernels as K
    from tansuo.gomoku._kernels.alphabeta import ORDER_OTHER, ORDER_OWN, _order
    from tansuo.gomoku._kernels.board import cell_class

    assert len(ORDER_OWN) == len(ORDER_OTHER) == 45  # one per cell class
    board = parse_position("15 h8 i9 g9 i7 i8 g7")
    state, side = board.state, board.side_to_move
    moves = np.zeros(len(state[K.ST_BOARD]), dtype=np.int64)
    n = K.candidates(state, side, moves)
    history = np.zeros(4 * len(moves), dtype=np.int64)
    pat, score = state[K.ST_PATTERN], state[K.ST_SCORE]

    def value(q, fitted):
        v = 2 * score[side, q] + score[3 - side, q]
        if fitted:
            v += ORDER_OWN[cell_class(pat, side, q)] + ORDER_OTHER[cell_class(pat, 3 - side, q)]
        return v

    for fitted in (0, 1):
        params = np.zeros(K.PARAMS_SIZE, dtype=np.int64)
        params[K.S_ORDER] = fitted
        params[K.S_KILLERS : K.S_KILLERS + 4] = -1
        order = moves[:n].copy()
        _order(state, side, order, np.zeros(n, dtype=np.int64), n, history, -1, False, params, 0)
        values = [value(q, fitted) for q in order]
        assert values == sorted(values, reverse=True)
    # the bonus changes which move comes first here (the test would be empty otherwise)
    assert max(moves[:n], key=lambda q: value(q, 1)) != max(moves[:n], key=lambda q: value(q, 0))


def test_bounded_history_stays_in_range_and_keeps_a_row_per_side():
    from tansuo.gomoku._kernels.alphabeta import HISTORY_RANGE

    board = parse_position("15 h8 i9 g9 i7 i8 g7 h7 h9")
    engine = Engine(EngineOptions(threats=False, history=1), max_memory=1 << 20, book=False)
    engine.search(board, depth=6)
    size = len(engine.history) // 4
    rows = engine.history[: 2 * size].reshape(2, size)
    assert abs(rows).max() <= HISTORY_RANGE
    assert (rows[0] != 0).any() and (rows[1] != 0).any()
    assert (rows.min() < 0) and (rows.max() > 0)  # cutoffs gain, the moves before them lose


def test_null_move_pruning_expands_fewer_nodes_and_keeps_a_forced_win():
    assert _expanded_at_depth_6(null_move=2) < _expanded_at_depth_6(null_move=0)
    # black's open three: a win the null move must not hide
    board = parse_position("15 h8 a1 i8 a2 j8 a3")
    engine = Engine(EngineOptions(threats=False, null_move=2), max_memory=1 << 20, book=False)
    result = engine.search(board, depth=5)
    assert result.move in ("g8", "k8") and result.score > 0


def test_new_search_options_are_checked():
    from tansuo.errors import InvalidInput

    for bad in ({"order": 2}, {"history": -1}, {"null_move": 9}, {"killer": 1.5}):
        with pytest.raises(InvalidInput):
            EngineOptions(**bad)

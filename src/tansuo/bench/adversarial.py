"""``tansuo bench adversarial``: the game-tree engine beside easyAI's Negamax.

Fixed Connect Four positions (given as 1-based column strings), searched to a
fixed depth by plain minimax, fail-soft alpha-beta, the full
:func:`tansuo.adversarial.search`, and easyAI's ``Negamax`` with its
``TranspositionTable``. easyAI runs on an adapter of the *same* bitboard game
with the *same* evaluation (make/unmake, the exact position key as its table
entry), so the comparison is between search algorithms, not board codes.

What checks what: the first plain search of a suite (minimax on the shallow
suite, alpha-beta elsewhere) is the reference; every other run, ``search``
and easyAI included, must give its root values. The reference itself counts as
verified only when easyAI, an independent implementation, ran every position
and agreed; otherwise it is shown as "reference". easyAI scores a win
``WIN * (1 + 0.001 * d)`` with ``d`` the depth left; that is converted to
tansuo's mate-distance scale before comparing. The effective branching factor
(EBF) in the notes is the geometric mean over positions of ``nodes ** (1 / depth)``.

Times are CPU seconds of this process (``clock="cpu"``), ratios are ratios of
medians; easyAI with its table is compared with ``search``, easyAI without it
with plain alpha-beta (the same tree: their node counts are equal).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from tansuo.adversarial import MATE, GameSearchResult, alphabeta, is_mate_score, minimax, search
from tansuo.adversarial.games import ConnectFour
from tansuo.bench import BenchContext, Run, SuiteResult, missing_peer_note, peer_available, suite

BASELINE = "tansuo search"
ALPHABETA = "tansuo alphabeta"
EASYAI_WIN = 1_000_000  # easyAI's score of a finished, won game (before its depth bonus)

# Positions on the standard 7x6 board, from the opening to the middle game.
STANDARD_POSITIONS = ("", "4", "43", "4453", "3345", "44444", "4132", "2345")
# Small boards solved to the end: (width, height, moves).
SMALL_BOARDS = ((4, 4, ""), (4, 4, "23"), (5, 4, "3322"), (5, 4, "3131"), (4, 5, "2233"))

# All solvers are single-threaded; CPU time of this process is steadier than
# wall time on a shared machine.
clock = time.process_time
CLOCK = "cpu"

Position = tuple[int, int, str, int]
"""``(width, height, moves, depth)``."""
Value = tuple[str, int]
"""A root value in comparable form: ``("mate", signed plies)`` or ``("eval", score)``."""
Solver = Callable[[ConnectFour, int], GameSearchResult[int]]

PLAIN_SEARCHES: dict[str, Solver] = {"tansuo minimax": minimax, ALPHABETA: alphabeta}


def _value_key(score: float | None) -> Value:
    """A comparable form of a tansuo score: ("mate", signed plies) or ("eval", value)."""
    if score is None:
        return ("none", 0)  # no value: a budget stopped the search
    if is_mate_score(score):
        plies = MATE - abs(int(score))
        return ("mate", plies if score > 0 else -plies)
    return ("eval", int(score))


def _easyai_key(value: float, depth: int) -> Value:
    """easyAI's root value in the same comparable form."""
    if abs(value) >= EASYAI_WIN:
        depth_left = round((abs(value) / EASYAI_WIN - 1) / 0.001)
        plies = depth - depth_left
        return ("mate", plies if value > 0 else -plies)
    return ("eval", round(value))


def _easyai_game_class():
    """An easyAI ``TwoPlayerGame`` over tansuo's Connect Four (made on demand)."""
    from easyAI import TwoPlayerGame

    class EasyConnectFour(TwoPlayerGame):
        def __init__(self, game: ConnectFour) -> None:
            self.players = [None, None]
            self.game = game
            self.current_player = 1 + len(game.played) % 2

        def possible_moves(self) -> list[int]:
            return self.game.legal_moves()

        def make_move(self, move: int) -> None:
            self.game.play(move)

        def unmake_move(self, move: int) -> None:
            self.game.undo()

        def is_over(self) -> bool:
            return self.game.is_terminal()

        def scoring(self) -> float:
            value = self.game.evaluate()
            if self.game.is_terminal():
                return EASYAI_WIN if value > 0 else -EASYAI_WIN if value < 0 else 0
            return value

        def ttentry(self) -> int:
            return self.game.hash()

    return EasyConnectFour


class _Counted:
    """Counts easyAI's nodes as tansuo counts its own: the root plus one per move made."""

    def __init__(self, game_class) -> None:
        self.count = 0
        outer = self

        class Counting(game_class):
            def make_move(self, move: int) -> None:
                outer.count += 1
                self.game.play(move)

        self.cls = Counting


def _ebf(node_counts: list[int], depths: list[int]) -> float | None:
    logs = [math.log(n) / d for n, d in zip(node_counts, depths, strict=True) if n > 0 and d > 0]
    return math.exp(sum(logs) / len(logs)) if logs else None


def _ebf_note(node_counts: list[int], depths: list[int]) -> str:
    ebf = _ebf(node_counts, depths)
    return "" if ebf is None else f"EBF {ebf:.2f}"


def _tansuo_run(
    ctx: BenchContext,
    label: str,
    solve: Solver,
    positions: list[Position],
    expected: list[Value] | None,
) -> tuple[Run, list[Value]]:
    """One of tansuo's searches on every position: its run and its root values.

    With ``expected`` the values are checked against it (``verified``).
    """
    run = Run(label, clock=CLOCK)
    counts, depths, values = [], [], []
    for i, (width, height, moves, depth) in enumerate(positions):
        game = ConnectFour.from_moves(moves, width=width, height=height)
        t0 = clock()
        result = solve(game, depth)
        run.times.append(clock() - t0)
        run.solved += result.status == "solved"
        counts.append(result.stats.nodes)
        depths.append(depth)
        values.append(_value_key(result.score))
        if expected is not None:
            run.verified &= values[i] == expected[i]
        ctx.progress(label, i + 1, len(positions))
    run.nodes = sum(counts)
    run.note = _ebf_note(counts, depths)
    return run, values


def _easyai_run(
    ctx: BenchContext,
    label: str,
    positions: list[Position],
    expected: list[Value],
    *,
    with_table: bool,
    time_budget: float,
    compare_with: str,
) -> Run:
    """easyAI's Negamax on the positions (a prefix if it runs out of ``time_budget``)."""
    from easyAI import Negamax, TranspositionTable

    counted = _Counted(_easyai_game_class())
    run = Run(label, peer=True, clock=CLOCK, compare_with=compare_with)
    counts, depths = [], []
    spent = 0.0
    for i, (width, height, moves, depth) in enumerate(positions):
        game = counted.cls(ConnectFour.from_moves(moves, width=width, height=height))
        ai = Negamax(depth, tt=TranspositionTable() if with_table else None)
        counted.count = 1  # the root
        t0 = clock()
        ai(game)
        elapsed = clock() - t0
        run.times.append(elapsed)
        spent += elapsed
        counts.append(counted.count)
        depths.append(depth)
        same = _easyai_key(ai.alpha, depth) == expected[i]
        run.verified &= same
        run.solved += same
        ctx.progress(label, i + 1, len(positions))
        if spent > time_budget:
            break  # a slow peer is measured on a prefix
    run.nodes = sum(counts)
    ebf = _ebf_note(counts, depths)
    run.note = ("Negamax + TT" if with_table else "Negamax") + (f", {ebf}" if ebf else "")
    return run


def _compare(
    ctx: BenchContext,
    name: str,
    positions: list[Position],
    *,
    plain: tuple[str, ...],
    easyai_without_table: bool,
) -> SuiteResult:
    """Run the plain searches ``plain`` (the first is the reference), ``search`` and easyAI."""
    notes = ["times are CPU seconds of this process; all solvers are single-threaded"]
    reference_label = plain[0]
    reference_run, reference = _tansuo_run(
        ctx, reference_label, PLAIN_SEARCHES[reference_label], positions, None
    )
    runs = [reference_run]
    for label in plain[1:]:
        runs.append(_tansuo_run(ctx, label, PLAIN_SEARCHES[label], positions, reference)[0])
    runs.append(_tansuo_run(ctx, BASELINE, _search_to_depth, positions, reference)[0])
    notes.append(f"values checked against {reference_label} at the same depth")

    if peer_available("easyAI"):
        budget = 120.0 if not ctx.quick else 20.0
        easyai = _easyai_run(
            ctx,
            "easyAI",
            positions,
            reference,
            with_table=True,
            time_budget=budget,
            compare_with=BASELINE,
        )
        runs.append(easyai)
        if easyai_without_table:
            runs.append(
                _easyai_run(
                    ctx,
                    "easyAI (no table)",
                    positions,
                    reference,
                    with_table=False,
                    time_budget=budget / 2,
                    compare_with=ALPHABETA,
                )
            )
        checked_by_easyai = easyai.verified and len(easyai.times) == len(positions)
    else:
        notes.append(missing_peer_note("easyAI"))
        checked_by_easyai = False
    if checked_by_easyai:
        notes.append(f"{reference_label}: checked by easyAI on every position")
    else:
        reference_run.reference = True  # nothing independent checked it
    for run in runs:
        notes.append(
            f"{run.solver}: {run.nodes:,} nodes on {len(run.times)} positions"
            + ("" if run.verified else "  -- DIFFERENT VALUES")
        )
    labels = ", ".join(f"{w}x{h} '{m}' d{d}" for w, h, m, d in positions)
    notes.append(f"positions (width x height, moves, depth): {labels}")
    return SuiteResult(name, len(positions), runs, BASELINE, notes, ratio_kind="medians")


def _search_to_depth(game: ConnectFour, depth: int) -> GameSearchResult[int]:
    return search(game, depth=depth)


def _standard_board(
    ctx: BenchContext, name: str, depth: int, *, plain: tuple[str, ...], easyai_without_table: bool
) -> SuiteResult:
    """The suites on the 7x6 board: the standard positions at one depth (half of them quick)."""
    chosen = STANDARD_POSITIONS if not ctx.quick else STANDARD_POSITIONS[:4]
    positions = [(7, 6, moves, depth) for moves in chosen]
    return _compare(ctx, name, positions, plain=plain, easyai_without_table=easyai_without_table)


@suite(
    "adversarial-c4-shallow",
    "adversarial",
    "Connect Four 7x6, fixed positions at depth 6: minimax, alpha-beta, search, easyAI",
)
def shallow_suite(ctx: BenchContext) -> SuiteResult:
    return _standard_board(
        ctx,
        "adversarial-c4-shallow",
        ctx.scale(6, 4),
        plain=("tansuo minimax", ALPHABETA),
        easyai_without_table=True,
    )


@suite(
    "adversarial-c4-deep",
    "adversarial",
    "Connect Four 7x6, fixed positions at depth 9: alpha-beta, search, easyAI with its table",
)
def deep_suite(ctx: BenchContext) -> SuiteResult:
    return _standard_board(
        ctx, "adversarial-c4-deep", ctx.scale(9, 7), plain=(ALPHABETA,), easyai_without_table=False
    )


@suite(
    "adversarial-c4-solve",
    "adversarial",
    "Connect Four on small boards (4x4, 5x4, 4x5) solved to the end: alpha-beta, search, easyAI",
)
def solve_suite(ctx: BenchContext) -> SuiteResult:
    boards = SMALL_BOARDS if not ctx.quick else SMALL_BOARDS[:2]
    positions = [(w, h, moves, w * h - len(moves)) for w, h, moves in boards]
    return _compare(
        ctx, "adversarial-c4-solve", positions, plain=(ALPHABETA,), easyai_without_table=False
    )

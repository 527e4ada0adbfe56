"""``tansuo bench adversarial``: the game-tree engine beside easyAI's Negamax.

Fixed Connect Four positions (given as 1-based column strings), searched to a
fixed depth by plain minimax, fail-soft alpha-beta, the full
:func:`tansuo.adversarial.search`, and easyAI's ``Negamax`` with its
``TranspositionTable``. easyAI runs on an adapter of the *same* bitboard game
with the *same* evaluation (make/unmake, the exact position key as its table
entry), so the comparison is between search algorithms, not board codes.

Every run checks its root value: against plain minimax where that is
affordable, else against alpha-beta (no table) or, on the solved small boards,
between the three searches. easyAI scores a win ``WIN * (1 + 0.001 * d)``
with ``d`` the depth left; that is converted to tansuo's mate-distance scale
before comparing. The effective branching factor (EBF) in the notes is the
geometric mean over positions of ``nodes ** (1 / depth)``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from tansuo.adversarial import MATE, alphabeta, is_mate_score, minimax, search
from tansuo.adversarial.games import ConnectFour
from tansuo.bench import BenchContext, Run, SuiteResult, missing_peer_note, peer_available, suite

BASELINE = "tansuo search"
EASYAI_WIN = 1_000_000  # easyAI's score of a finished, won game (before its depth bonus)

# Positions on the standard 7x6 board, from the opening to the middle game.
STANDARD_POSITIONS = ("", "4", "43", "4453", "3345", "44444", "4132", "2345")
# Small boards solved to the end: (width, height, moves).
SMALL_BOARDS = ((4, 4, ""), (4, 4, "23"), (5, 4, "3322"), (5, 4, "3131"), (4, 5, "2233"))

# All solvers are single-threaded; CPU time of this process is steadier than
# wall time on a shared machine.
clock = time.process_time


def _value_key(score: float) -> tuple[str, int]:
    """A comparable form of a tansuo score: ("mate", signed plies) or ("eval", value)."""
    if is_mate_score(score):
        plies = MATE - abs(int(score))
        return ("mate", plies if score > 0 else -plies)
    return ("eval", int(score))


def _easyai_key(value: float, depth: int) -> tuple[str, int]:
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


def _tansuo_run(
    ctx: BenchContext,
    label: str,
    solve: Callable[[ConnectFour, int], Any],
    positions: list[tuple[int, int, str, int]],
    expected: dict[int, tuple[str, int]] | None,
    values: dict[int, tuple[str, int]],
) -> Run:
    run = Run(label, nodes=0)
    counts, depths = [], []
    for i, (width, height, moves, depth) in enumerate(positions):
        game = ConnectFour.from_moves(moves, width=width, height=height)
        t0 = clock()
        result = solve(game, depth)
        run.times.append(clock() - t0)
        run.solved += result.status == "solved"
        run.nodes += result.nodes
        counts.append(result.nodes)
        depths.append(depth)
        values[i] = _value_key(result.score)
        if expected is not None:
            run.verified &= values[i] == expected[i]
        ctx.progress(label, i + 1, len(positions))
    ebf = _ebf(counts, depths)
    run.note = f"EBF {ebf:.2f}" if ebf is not None else ""
    return run


def _easyai_run(
    ctx: BenchContext,
    label: str,
    positions: list[tuple[int, int, str, int]],
    expected: dict[int, tuple[str, int]],
    *,
    with_table: bool,
    time_budget: float,
) -> Run:
    from easyAI import Negamax, TranspositionTable

    counted = _Counted(_easyai_game_class())
    run = Run(label, peer=True, nodes=0)
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
        run.nodes += counted.count
        counts.append(counted.count)
        depths.append(depth)
        same = _easyai_key(ai.alpha, depth) == expected[i]
        run.verified &= same
        run.solved += same
        ctx.progress(label, i + 1, len(positions))
        if spent > time_budget:
            break  # a slow peer is measured on a prefix
    ebf = _ebf(counts, depths)
    run.note = ("Negamax + TT" if with_table else "Negamax") + (
        f", EBF {ebf:.2f}" if ebf is not None else ""
    )
    return run


def _compare(
    ctx: BenchContext,
    name: str,
    positions: list[tuple[int, int, str, int]],
    *,
    with_minimax: bool,
    with_alphabeta: bool,
    easyai_without_table: bool,
) -> SuiteResult:
    notes = ["times are CPU seconds of this process; all solvers are single-threaded"]
    runs: list[Run] = []
    values: dict[int, tuple[str, int]] = {}
    reference: dict[int, tuple[str, int]] | None = None
    if with_minimax:
        runs.append(_tansuo_run(ctx, "tansuo minimax", minimax, positions, None, values))
        reference, values = dict(values), {}
        notes.append("values checked against plain minimax at the same depth")
    if with_alphabeta:
        runs.append(_tansuo_run(ctx, "tansuo alphabeta", alphabeta, positions, reference, values))
        if reference is None:
            reference = dict(values)
            notes.append("values checked against alpha-beta (no table) at the same depth")
        values = {}
    runs.append(
        _tansuo_run(
            ctx,
            BASELINE,
            lambda game, depth: search(game, depth=depth),
            positions,
            reference,
            values,
        )
    )
    if reference is None:
        reference = dict(values)
        notes.append("values: easyAI checked against tansuo search (proved results)")
    if peer_available("easyAI"):
        budget = ctx.scale(120.0, 20.0)
        runs.append(
            _easyai_run(ctx, "easyAI", positions, reference, with_table=True, time_budget=budget)
        )
        if easyai_without_table:
            runs.append(
                _easyai_run(
                    ctx,
                    "easyAI (no table)",
                    positions,
                    reference,
                    with_table=False,
                    time_budget=budget / 2,
                )
            )
    else:
        notes.append(missing_peer_note("easyAI"))
    for run in runs:
        notes.append(
            f"{run.solver}: {run.nodes:,} nodes on {len(run.times)} positions"
            + ("" if run.verified else "  -- DIFFERENT VALUES")
        )
    labels = ", ".join(f"{w}x{h} '{m}' d{d}" for w, h, m, d in positions)
    notes.append(f"positions (width x height, moves, depth): {labels}")
    return SuiteResult(name, len(positions), runs, BASELINE, notes)


@suite(
    "adversarial-c4-shallow",
    "adversarial",
    "Connect Four 7x6, fixed positions at depth 6: minimax, alpha-beta, search, easyAI",
)
def shallow_suite(ctx: BenchContext) -> SuiteResult:
    depth = ctx.scale(6, 4)
    chosen = STANDARD_POSITIONS if not ctx.quick else STANDARD_POSITIONS[:4]
    positions = [(7, 6, moves, depth) for moves in chosen]
    return _compare(
        ctx,
        "adversarial-c4-shallow",
        positions,
        with_minimax=True,
        with_alphabeta=True,
        easyai_without_table=True,
    )


@suite(
    "adversarial-c4-deep",
    "adversarial",
    "Connect Four 7x6, fixed positions at depth 9: alpha-beta, search, easyAI with its table",
)
def deep_suite(ctx: BenchContext) -> SuiteResult:
    depth = ctx.scale(9, 7)
    chosen = STANDARD_POSITIONS if not ctx.quick else STANDARD_POSITIONS[:4]
    positions = [(7, 6, moves, depth) for moves in chosen]
    return _compare(
        ctx,
        "adversarial-c4-deep",
        positions,
        with_minimax=False,
        with_alphabeta=True,
        easyai_without_table=False,
    )


@suite(
    "adversarial-c4-solve",
    "adversarial",
    "Connect Four on small boards (4x4, 5x4, 4x5) solved to the end: search vs easyAI",
)
def solve_suite(ctx: BenchContext) -> SuiteResult:
    boards = SMALL_BOARDS if not ctx.quick else SMALL_BOARDS[:2]
    positions = [(w, h, moves, w * h - len(moves)) for w, h, moves in boards]
    return _compare(
        ctx,
        "adversarial-c4-solve",
        positions,
        with_minimax=False,
        with_alphabeta=False,
        easyai_without_table=False,
    )

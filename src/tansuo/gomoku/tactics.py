"""The tactical suite: positions with a known VCF, a VCT only, or neither, and how they were made.

``generate(rule, seed)`` plays a random game among the engine's best-looking
candidate moves (the first few of ``Board.legal_moves()``) and stops at a
random ply; the position is kept when the side to move has no five and no
four to answer, and its class is what the threat search proves: a VCF, a VCT
but no VCF, or no VCT within the depth. ``tansuo bench gomoku`` solves them
again and replays every line to the five.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tansuo.gomoku.engine import find_threat
from tansuo.gomoku.io import format_position
from tansuo.gomoku.model import Board

VCT_DEPTH = 6
"""The VCT depth of the suite's classes (a "none" position has no VCT within it)."""


def random_position(rng: random.Random, rule: str, size: int = 15) -> Board | None:
    board = Board(size, rule=rule)
    plies = rng.randrange(8, 36)
    for _ in range(plies):
        moves = board.legal_moves()[:5]
        if not moves:
            return None
        board.play(rng.choice(moves))
        if board.is_terminal():
            return None
    side = board.side_to_move
    if board.five_points(side) or board.five_points(3 - side):
        return None
    return board


def classify(board: Board, *, max_nodes: int = 60_000) -> str | None:
    """``"vcf"``, ``"vct"`` (a VCT, no VCF) or ``"none"``; None when a budget ran out."""
    first = find_threat(board, kind="vcf", max_nodes=max_nodes)
    if first.status == "solved":
        return "vcf"
    if first.status == "limit":
        return None
    second = find_threat(board, kind="vct", max_depth=VCT_DEPTH, max_nodes=max_nodes)
    if second.status == "solved":
        return "vct"
    if second.status == "limit":
        return None
    return "none"


def generate(rule: str, counts: dict[str, int], seed: int) -> Iterator[tuple[str, str, str]]:
    """Rows ``(name, kind, position)``, ``counts[kind]`` positions of each kind."""
    rng = random.Random(seed)
    have = dict.fromkeys(counts, 0)
    while any(have[k] < counts[k] for k in counts):
        board = random_position(rng, rule)
        if board is None:
            continue
        kind = classify(board)
        if kind is None or have[kind] >= counts[kind]:
            continue
        have[kind] += 1
        yield f"{rule}-{kind}-{have[kind]}", kind, format_position(board)


if __name__ == "__main__":  # python -m tansuo.gomoku.tactics > data/tactics.txt
    print("# NAME | KIND | POSITION  (made by python -m tansuo.gomoku.tactics)")
    for rule, counts, seed in (
        ("freestyle", {"vcf": 26, "vct": 14, "none": 12}, 1),
        ("renju", {"vcf": 9, "vct": 6, "none": 6}, 2),
    ):
        for name, kind, position in generate(rule, counts, seed):
            print(f"{name} | {kind} | {position}", flush=True)

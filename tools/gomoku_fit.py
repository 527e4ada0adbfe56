"""Fit tansuo's Gomoku evaluation to positions scored by another engine (Rapfi).

The recipe (docs/guides/gomoku.md, "The fitted evaluation"):

1. ``positions``: every distinct position from the fifth stone to the last
   but one of game records (the lines ``gomoku match --out`` writes, or bare
   positions), in a seeded random order, one a line.
2. Score them with Rapfi (not part of this script)::

       tansuo gomoku judge "$RAPFI nodes=10000" --file positions.txt > scores.txt

   each line then ends in ``# pbrain-rapfi SCORE, MOVE``.
3. ``fit``: a logistic regression of Rapfi's win chance for the side to move,
   sigmoid(score / 200), on the counts of the empty cells of each class (a
   cell's two best line patterns, 45 classes) for the side to move and for
   the opponent, the two tempo terms and a constant. It prints the held-out
   loss of the models it compares (five folds by opening) and the weights as
   the Python of ``EVAL_OWN``, ``EVAL_OTHER``, ``TEMPO_WIN``, ``TEMPO_BLOCK``
   and ``EVAL_BIAS`` in ``src/tansuo/gomoku/_kernels/board.py`` (1,000 points
   a unit of the logit), and whether they match the weights there.

The scores behind the committed weights are
``docs/strength/gomoku-fit-scores.txt.xz`` (12,345 positions; the first 5,767
lines are those of the committed fit: ``fit --first 5767``).

Needs only numpy and tansuo (Newton's method on the regularised
cross-entropy; no scipy). Run from a checkout: ``python tools/gomoku_fit.py``.
"""

from __future__ import annotations

import argparse
import lzma
import random
import re
import sys
import zlib

import numpy as np

from tansuo.gomoku import _kernels as K
from tansuo.gomoku._kernels import board as KB
from tansuo.gomoku.io import parse_position

N_PATTERNS = 9  # P_NONE .. P_FIVE (an overline counts as none)
PAIRS = [(a, b) for a in range(N_PATTERNS) for b in range(a + 1)]
N_CLASSES = len(PAIRS)  # 45, as K.N_CLASSES
UNIT = 1000.0  # evaluation points a unit of the logit
SCALE = 200.0  # Rapfi's score over this is its logit
MIN_COUNT = 30  # a class seen fewer times takes the sum of its patterns' weights
SCORE = re.compile(r"#.*?\s([+-]?\d+),")


def _open(path: str):
    return lzma.open(path, "rt") if path.endswith(".xz") else open(path)


# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------


def positions(paths: list[str], first_stone: int, seed: int) -> list[str]:
    """Every distinct position from ``first_stone`` stones to the last but one of each game."""
    seen: dict[str, None] = {}
    for path in paths:
        with _open(path) as f:
            for line in f:
                text = line.split("#", 1)[0]
                if ":" in text:  # a game record: "game N: ... (five): 15 freestyle h8 ..."
                    text = text.rsplit(":", 1)[1]
                tokens = text.split()
                if len(tokens) < 2:
                    continue
                head = 2 if not re.fullmatch(r"[a-z]\d+|\d+,\d+", tokens[1]) else 1
                moves = tokens[head:]
                for k in range(first_stone, len(moves)):
                    seen.setdefault(" ".join(tokens[:head] + moves[:k]), None)
    out = list(seen)
    random.Random(seed).shuffle(out)
    return out


# ---------------------------------------------------------------------------
# Features
# ---------------------------------------------------------------------------


def features(text: str):
    """Class counts and line-pattern counts of each side, the tempo terms, the evaluation.

    Returns (classes of the side to move, of the opponent, tempo win, tempo
    block, the evaluation now, line patterns of the side to move, of the
    opponent): a line-pattern count is over the (empty cell, direction) pairs.

    None for a position where either side has a five point (the search never
    scores those: the side to move wins, or must block).
    """
    board = parse_position(text)
    st = board.state
    cells_board, pat, fives = st[K.ST_BOARD], st[K.ST_PATTERN], st[K.ST_FIVES]
    s = board.side_to_move
    o = 3 - s
    if fives[s] > 0 or fives[o] > 0:
        return None
    cells = board.cells[cells_board[board.cells] == K.EMPTY]
    counts = []
    lines = []
    for colour in (s, o):
        p = pat[colour, cells, :].astype(np.int64)
        p = np.where(p > KB.P_FIVE, KB.P_NONE, p)
        lines.append(np.bincount(p.ravel(), minlength=N_PATTERNS))
        p = -np.sort(-p, axis=1)
        k = p[:, 0] * (p[:, 0] + 1) // 2 + p[:, 1]
        counts.append(np.bincount(k, minlength=N_CLASSES))
    tempo_win = float(fives[KB.OPEN3S + s] > 0 and fives[KB.FOURS + o] == 0)
    tempo_block = float(fives[KB.OPEN3S + o])
    evaluation = float(K.evaluate(st, s))
    return counts[0], counts[1], tempo_win, tempo_block, evaluation, lines[0], lines[1]


def load(paths: list[str], first: int | None):
    """The feature rows, Rapfi's scores and each row's fold (by its first four moves)."""
    rows, scores, folds = [], [], []
    n = 0
    for path in paths:
        with _open(path) as f:
            for line in f:
                m = SCORE.search(line)
                if not m:
                    continue
                n += 1
                if first is not None and n > first:
                    break
                text = line.split("#", 1)[0].strip()
                feat = features(text)
                if feat is None:
                    continue
                own, other, tw, tb, ev, lines_own, lines_other = feat
                rows.append(np.concatenate([own, other, [tw, tb, 1.0, ev], lines_own, lines_other]))
                scores.append(int(m.group(1)))
                folds.append(zlib.crc32(" ".join(text.split()[2:6]).encode()) % 5)
    return np.array(rows, float), np.array(scores, float), np.array(folds)


# ---------------------------------------------------------------------------
# The fit
# ---------------------------------------------------------------------------


def _entropy(y):
    a = np.clip(y, 1e-12, 1)
    b = np.clip(1 - y, 1e-12, 1)
    return float(np.mean(y * np.log(a) + (1 - y) * np.log(b)))


def excess_xent(z, y) -> float:
    """Cross-entropy of sigmoid(z) against the targets, over the targets' own entropy."""
    p = np.clip(1 / (1 + np.exp(-np.clip(z, -50, 50))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)) + _entropy(y))


def logistic(x, y, lam: float):
    """Weights minimising the cross-entropy of sigmoid(x . w) plus lam |w'|^2.

    w' are the weights of the standardised columns of x (as the committed fit).

    Newton's method (the problem is convex: a few iterations reach the optimum).
    """
    scale = x.std(0)
    scale[scale < 1e-9] = 1.0
    xn = x / scale
    w = np.zeros(x.shape[1])
    n = len(y)
    for _ in range(100):
        p = 1 / (1 + np.exp(-np.clip(xn @ w, -50, 50)))
        grad = xn.T @ (p - y) / n + 2 * lam * w
        hess = (xn * (p * (1 - p))[:, None]).T @ xn / n + 2 * lam * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return w / scale


def cross_validate(x, y, folds, lam: float) -> list[float]:
    """The held-out excess cross-entropy of each fold."""
    out = []
    for k in range(5):
        w = logistic(x[folds != k], y[folds != k], lam)
        out.append(excess_xent(x[folds == k] @ w, y[folds == k]))
    return out


def class_weights(rows, y, lam: float):
    """EVAL_OWN, EVAL_OTHER (45 each), TEMPO_WIN, TEMPO_BLOCK, EVAL_BIAS, in evaluation points.

    The classes are fitted directly; one seen fewer than MIN_COUNT times takes
    the sum of its two patterns' weights from a fit per line pattern. Set by
    hand: a double four (two fours, or P_DFOUR) counts as a four-three point
    (class (P_FOUR, P_OPEN3)); a five point 5,000 (the search never scores
    one of the side to move's; the opponent's only at an extension's end).
    """
    own, other, rest = rows[:, :N_CLASSES], rows[:, N_CLASSES : 2 * N_CLASSES], rows[:, 90:93]
    w = logistic(np.column_stack([own, other, rest]), y, lam) * UNIT
    lines = logistic(np.column_stack([rows[:, 94:112], rest]), y, lam) * UNIT
    own_n, other_n = own.sum(0), other.sum(0)
    w_own, w_other = np.zeros(N_CLASSES), np.zeros(N_CLASSES)
    index = {pair: i for i, pair in enumerate(PAIRS)}
    for i, (a, b) in enumerate(PAIRS):
        w_own[i] = w[i] if own_n[i] >= MIN_COUNT else lines[a] + lines[b]
        w_other[i] = (
            -w[N_CLASSES + i]
            if other_n[i] >= MIN_COUNT
            else -(lines[N_PATTERNS + a] + lines[N_PATTERNS + b])
        )
    four_three = index[(KB.P_FOUR, KB.P_OPEN3)]
    for i, (a, b) in enumerate(PAIRS):
        if (a, b) == (KB.P_FOUR, KB.P_FOUR) or a == KB.P_DFOUR:
            w_own[i], w_other[i] = w_own[four_three], w_other[four_three]
        if a == KB.P_FIVE:
            w_own[i] = w_other[i] = 5 * UNIT
    return (
        np.round(w_own).astype(np.int64),
        np.round(w_other).astype(np.int64),
        round(w[90]),
        round(w[91]),
        round(w[92]),
    )


def evaluate(rows, w_own, w_other, tempo_win, tempo_block, bias):
    """The evaluation of feature rows with the given weights (as ``evaluate`` in board.py)."""
    own, other = rows[:, :N_CLASSES], rows[:, N_CLASSES : 2 * N_CLASSES]
    tempo = rows[:, 90] * tempo_win + rows[:, 91] * tempo_block
    return own @ w_own - other @ w_other + tempo + bias


def as_python(name: str, weights) -> str:
    """The array as written in board.py (a row per best pattern)."""
    rows = []
    for a in range(N_PATTERNS):
        start = a * (a + 1) // 2
        rows.append(
            "            (" + ", ".join(str(int(v)) for v in weights[start : start + a + 1])
        )
    body = ",\n".join(r + ("," if r.count(",") == 0 else "") + ")" for r in rows)
    return (
        f"{name} = np.array(\n    [\n        value\n        for row in (\n{body},\n"
        "        )\n        for value in row\n    ],\n    dtype=np.int64,\n)"
    )


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    pos = sub.add_parser("positions", help="positions of game records, one a line")
    pos.add_argument("games", nargs="+", help="game records (gomoku match --out) or positions")
    pos.add_argument("--first-stone", type=int, default=5, help="the first position's stones (5)")
    pos.add_argument("--seed", type=int, default=2026, help="the shuffle's seed")
    fit = sub.add_parser("fit", help="fit the evaluation's weights to scored positions")
    fit.add_argument("scores", nargs="+", help="lines of gomoku judge (.xz read as such)")
    fit.add_argument("--first", type=int, default=None, help="use only the first N scored lines")
    fit.add_argument("--lam", type=float, default=1e-4, help="L2 weight (standardised; 1e-4)")
    fit.add_argument("--no-cv", action="store_true", help="skip the five-fold comparison")
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except (OSError, lzma.LZMAError, UnicodeDecodeError) as error:  # a file the user named
        print(f"gomoku_fit: {error}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.command == "positions":
        for text in positions(args.games, args.first_stone, args.seed):
            print(text)
        return 0
    rows, scores, folds = load(args.scores, args.first)
    if not len(rows):
        print("gomoku_fit: no scored position in the files", file=sys.stderr)
        return 2
    y = 1 / (1 + np.exp(-np.clip(scores, -2000, 2000) / SCALE))
    print(f"{len(rows)} positions with no five point")
    if not args.no_cv:
        own, other, rest = rows[:, :N_CLASSES], rows[:, N_CLASSES:90], rows[:, 90:93]
        models = {
            "the evaluation now, scaled": rows[:, 93:94],
            "the evaluation now, scaled, + a constant": rows[:, [93, 92]],
            "line patterns per side": np.column_stack([rows[:, 94:112], rest]),
            "cell classes per side": np.column_stack([own, other, rest]),
        }
        print("held-out excess cross-entropy, five folds by opening:")
        for name, x in models.items():
            losses = cross_validate(x, y, folds, args.lam)
            print(f"  {name:42s} {np.mean(losses):.4f}  ({' '.join(f'{v:.3f}' for v in losses)})")
        losses = []
        for k in range(5):
            weights = class_weights(rows[folds != k], y[folds != k], args.lam)
            test = folds == k
            losses.append(excess_xent(evaluate(rows[test], *weights) / UNIT, y[test]))
        name = "the recipe (classes, rare ones by lines)"
        print(f"  {name:42s} {np.mean(losses):.4f}  ({' '.join(f'{v:.3f}' for v in losses)})")
        now = excess_xent(rows[:, 93] / UNIT, y)
        print(f"  the evaluation now at its own scale (not fitted): {now:.4f}")
    w_own, w_other, tempo_win, tempo_block, bias = class_weights(rows, y, args.lam)
    print(as_python("EVAL_OWN", w_own))
    print(as_python("EVAL_OTHER", w_other))
    print(f"TEMPO_WIN = {tempo_win}\nTEMPO_BLOCK = {tempo_block}\nEVAL_BIAS = {bias}")
    same = (
        np.array_equal(w_own, KB.EVAL_OWN)
        and np.array_equal(w_other, KB.EVAL_OTHER)
        and (tempo_win, tempo_block, bias) == (KB.TEMPO_WIN, KB.TEMPO_BLOCK, KB.EVAL_BIAS)
    )
    if same:
        print("the weights in board.py: the same")
    else:
        diff = np.abs(w_own - KB.EVAL_OWN).max(), np.abs(w_other - KB.EVAL_OTHER).max()
        print(f"the weights in board.py differ (largest difference own {diff[0]}, other {diff[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

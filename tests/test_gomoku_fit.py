"""tools/gomoku_fit.py: its features are the evaluation's, its positions and its fit."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

from tansuo.gomoku._kernels import board as KB

ROOT = Path(__file__).resolve().parents[1]
SCORES = ROOT / "docs" / "strength" / "gomoku-fit-scores.txt.xz"


def _tool():
    spec = importlib.util.spec_from_file_location("gomoku_fit", ROOT / "tools" / "gomoku_fit.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tools_evaluation_of_its_features_is_the_kernels():
    fit = _tool()
    rows, scores, folds = fit.load([str(SCORES)], 200)
    assert len(rows) > 120  # the positions with a five point are left out
    weights = (KB.EVAL_OWN, KB.EVAL_OTHER, KB.TEMPO_WIN, KB.TEMPO_BLOCK, KB.EVAL_BIAS)
    assert np.array_equal(fit.evaluate(rows, *weights), rows[:, 93])
    assert set(folds) <= set(range(5))
    assert np.all(np.abs(scores) <= 2000)


def test_positions_are_distinct_prefixes_from_the_fifth_stone(tmp_path):
    fit = _tool()
    games = tmp_path / "games.txt"
    games.write_text(
        "game 1: black won (five): 15 freestyle h8 i9 g9 h10 i8 g8 j7\n"
        "game 2: white lost (five): 15 freestyle h8 i9 g9 h10 i8 j9\n"
    )
    out = fit.positions([str(games)], 5, 1)
    assert sorted(out) == [
        "15 freestyle h8 i9 g9 h10 i8",
        "15 freestyle h8 i9 g9 h10 i8 g8",
    ]


def test_the_fit_recovers_a_planted_evaluation():
    fit = _tool()
    rows, _, _ = fit.load([str(SCORES)], 400)
    x = np.column_stack([rows[:, :90], rows[:, 90:93]])
    rng = np.random.default_rng(1)
    true = rng.normal(0, 0.05, x.shape[1]) * (x.std(0) > 0)
    y = 1 / (1 + np.exp(-(x @ true)))
    w = fit.logistic(x, y, 1e-7)
    assert fit.excess_xent(x @ w, y) < 1e-3


def test_a_missing_file_is_one_line_and_exit_2(tmp_path, capsys):
    fit = _tool()
    assert fit.main(["fit", str(tmp_path / "missing.txt")]) == 2
    assert fit.main(["positions", str(tmp_path / "missing.txt")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("gomoku_fit: ") for line in err)
    assert "missing.txt" in err[0]

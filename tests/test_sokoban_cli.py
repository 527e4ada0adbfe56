"""``tansuo sokoban``: one level, --all with a solution file, verify, render; exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from tansuo.sokoban import parse_solutions, read_collection, verify

LEVELS = """\
; Easy
#####
#@$.#
#####

; Stuck
#####
#@$ #
#  .#
#####

; Two
7#|#@-$-.#|#-$--.#|7#
"""


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "levels.sok"
    path.write_text(LEVELS)
    return path


def test_one_level_by_number_and_title(run_cli, tmp_path) -> None:
    path = _file(tmp_path)
    run = run_cli("sokoban", path, "--level", "Two", "--mode", "push-optimal", "--show")
    assert run.code == 0, run.err
    assert "moves" in run.out and "pushes 5 (optimal)" in run.out
    assert run.out.count("#######") >= 4  # the board before and after
    run = run_cli("sokoban", path, "--level", "3", "--json", "--mode", "move-optimal")
    data = json.loads(run.out)
    assert data["status"] == "solved" and data["moves"] == data["cost"] == 9
    assert verify(read_collection(path)[2], data["solution"]).moves == 9


def test_unsolvable_and_budget_exit_codes(run_cli, tmp_path) -> None:
    path = _file(tmp_path)
    run = run_cli("sokoban", path, "--level", "Stuck")
    assert run.code == 1 and "no solution" in run.out
    run = run_cli("sokoban", "xsokoban90", "--level", "2", "--max-expansions", "20")
    assert run.code == 3 and "max_expansions" in run.out


def test_all_writes_solutions_and_verify_reads_them(run_cli, tmp_path) -> None:
    path = _file(tmp_path)
    out = tmp_path / "solutions.txt"
    run = run_cli("sokoban", path, "--all", "--out", out, "--time-limit", "5")
    assert run.code == 1  # the worst outcome: one level has no solution
    assert "solved 2 of 3" in run.out
    solutions = parse_solutions(out.read_text())
    assert set(solutions) == {"Easy", "Two"}
    run = run_cli("sokoban", "verify", path, out)
    assert run.code == 0 and run.out.count("valid") == 2
    out.write_text("; Easy\nRR\n")
    run = run_cli("sokoban", "verify", path, out)
    assert run.code == 2 and "cannot move" in run.err
    run = run_cli("sokoban", path, "--all", "--out", out)
    assert run.code == 2 and "exists" in run.err  # never overwritten without --force


def test_animate_gif_and_render_png(run_cli, tmp_path) -> None:
    from PIL import Image

    gif, png = tmp_path / "solution.gif", tmp_path / "solved.png"
    run = run_cli("sokoban", "--sample", "microban", "--level", "2", "--animate", gif,
                  "--render", png)  # fmt: skip
    assert run.code == 0, run.err
    with Image.open(gif) as image:
        moves = len(run.out.splitlines()[1])
        assert image.n_frames == moves + 1
    with Image.open(png) as image:
        assert image.format == "PNG"
    # an animation asked of --render is pointed to --animate, before any search
    run = run_cli("sokoban", "microban", "--level", "2", "--render", tmp_path / "x.gif")
    assert run.code == 2 and "--animate" in run.err and not (tmp_path / "x.gif").exists()


def test_verify_and_build_pdb_have_their_own_help(run_cli) -> None:
    run = run_cli("sokoban", "verify", "--help")
    assert run.code == 0 and "SOLUTIONS" in run.out and "--mode" not in run.out


def test_an_unsolvable_level_shows_no_negative_bound(run_cli, tmp_path) -> None:
    level = tmp_path / "stuck.xsb"
    level.write_text("#####\n#@$.#\n#$  #\n#. ##\n#####\n".replace("#$  #", "##$ #"))
    run = run_cli("sokoban", level)
    assert run.code == 1 and "no solution exists" in run.out, run.err
    assert "lower bound" not in run.out  # was "lower bound -1"


def test_demo_runs(run_cli) -> None:
    from io import StringIO

    from rich.console import Console

    from tansuo.cli.sokoban import demo

    buffer = StringIO()
    demo(Console(file=buffer, width=120))
    assert "(optimal)" in buffer.getvalue()

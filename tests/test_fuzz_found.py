# ruff: noqa: E501 - one case per line reads best as a table
"""What a fuzz campaign found, each kept as a case that failed before its fix.

Every input is answered: one line on stderr and exit 2 (or a 4xx JSON answer on
the web), never a traceback, a second line, a wait that never ends, or a
result that claims more than it proved. The generated inputs that keep
looking for more are in ``test_fuzz.py``.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cli_lines import said_lines

DATA = Path(__file__).resolve().parents[1] / "src" / "tansuo" / "data"
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"


class Hang(BaseException):
    """Raised by the alarm in :func:`deadline`: the command would have waited forever."""


@contextlib.contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail with :class:`Hang` after ``seconds`` (SIGALRM also interrupts a blocking open())."""

    def ring(signum: int, frame: object) -> None:
        raise Hang(f"no answer after {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _files(tmp: Path) -> dict[str, Path]:
    files = {
        "digits": tmp / "digits.txt",
        "korf": DATA / "sliding" / "korf100.txt",
        "graph_part": tmp / "graph-part.txt",
        "grid": DATA / "grid" / "room.txt",
        "map_part": tmp / "part.map",
        "newline": tmp / "two\nlines.txt",
        "fifo": tmp / "fifo",
    }
    files["digits"].write_text("1" * 5_000_000 + "\n")  # over Python's 4,300-digit int limit
    graph = (DATA / "graph" / "figure-7-3.txt").read_text()
    files["graph_part"].write_text(graph[:700])  # cut mid-file: comment lines, then edges
    files["map_part"].write_text((DATA / "grid" / "arena2.map").read_text()[:2000])
    files["newline"].write_text(f"{START_FEN} w - - 0 1\n")
    os.mkfifo(files["fifo"])
    return files


Args = Callable[[dict[str, Path]], list[str]]

ONE_LINE: list[tuple[str, Args]] = [
    # a 5 MB line of digits: a ValueError traceback (int conversion limit)
    ("sokoban digits", lambda f: ["sokoban", f["digits"]]),
    ("gomoku analyse digits", lambda f: ["gomoku", "analyse", f["digits"], "--depth", "1"]),
    ("gomoku vcf digits", lambda f: ["gomoku", "vcf", f["digits"]]),
    ("sliding file digits", lambda f: ["sliding", "solve", "--file", f["digits"]]),
    ("batch sokoban digits", lambda f: ["batch", "sokoban", f["digits"]]),
    # numbers no clock can hold: OverflowError tracebacks, or accepted until the first move
    ("gomoku vct time inf", lambda f: ["gomoku", "vct", "15 h8 a1 i9 a3 h9 a5", "--time-limit", "inf"]),
    ("gomoku vcf time 1e309", lambda f: ["gomoku", "vcf", "15 h8", "--time-limit", "1e309"]),
    ("gomoku play time nan", lambda f: ["gomoku", "play", "--time-limit", "nan"]),
    ("gomoku play time -1", lambda f: ["gomoku", "play", "--time-limit", "-1"]),
    ("gomoku match second time inf", lambda f: ["gomoku", "match", "tansuo", "tansuo", "--second-time", "inf"]),
    ("xiangqi 20-digit move counter", lambda f: ["xiangqi", "bestmove", f"{START_FEN} w - - 99999999999999999999 1", "--depth", "1"]),
    ("xiangqi 5000-digit move number", lambda f: ["xiangqi", "bestmove", f"{START_FEN} w - - 0 {'9' * 5000}", "--depth", "1"]),
    ("sudoku max nodes 10**20", lambda f: ["sudoku", "solve", "." * 16, "--max-nodes", str(10**20)]),
    ("graph time inf", lambda f: ["graph", f["grid"], "--from", "S", "--time-limit", "inf"]),
    ("queens of 5000 digits", lambda f: ["queens", "9" * 5000]),
    # a superscript passes str.isdigit() and fails int()
    ("sliding goal with a superscript", lambda f: ["sliding", "solve", "1 2 3 4 5 6 0 7 8", "--goal", "1 2 3 4 5 6 7\u00b98 0"]),
    ("connect4 move with a superscript", lambda f: ["play", "connect4", "--moves", "4\u00b9", "--depth", "1"]),
    ("sokoban level with a superscript", lambda f: ["sokoban", "microban", "--level", "\u00b9"]),
    ("batch queens 10**14 sizes", lambda f: ["batch", "queens", "4-99999999999999"]),
    ("gomoku vct depth 10**20", lambda f: ["gomoku", "vct", "15 h8", "--max-depth", str(10**20)]),
    # exit 2 with nothing on stderr
    ("sudoku file of 15-puzzles", lambda f: ["sudoku", "solve", "--file", f["korf"]]),
    ("batch sudoku on a cut graph file", lambda f: ["batch", "sudoku", f["graph_part"]]),
    ("batch sokoban on a grid file", lambda f: ["batch", "sokoban", f["grid"]]),
    ("batch queens on 15-puzzles", lambda f: ["batch", "queens", f["korf"]]),
    ("batch sliding unknown heuristic", lambda f: ["batch", "sliding", f["korf"], "--set", "heuristic=magic"]),
    ("batch sudoku time inf", lambda f: ["batch", "sudoku", "top95", "--set", "time_limit=inf"]),
    ("batch sudoku nodes of 5000 digits", lambda f: ["batch", "sudoku", "top95", "--set", f"max_nodes={'9' * 5000}"]),
    # two lines
    ("xiangqi perft file name with a line break", lambda f: ["xiangqi", "perft", f["newline"], "1"]),
    ("batch grid on a cut .map", lambda f: ["batch", "grid", f["map_part"]]),
    ("graph missing file with a line break", lambda f: ["graph", f["newline"].with_name("no\nsuch.txt"), "--from", "S"]),
    # waits forever: a FIFO, an empty engine command
    ("graph fifo", lambda f: ["graph", f["fifo"], "--from", "S"]),
    ("sudoku file fifo", lambda f: ["sudoku", "solve", "--file", f["fifo"]]),
    ("path fifo", lambda f: ["path", f["fifo"], "--from", "0,0", "--to", "1,1"]),
    ("batch sudoku fifo", lambda f: ["batch", "sudoku", f["fifo"]]),
    ("sokoban fifo", lambda f: ["sokoban", f["fifo"]]),
    ("gomoku match empty engine", lambda f: ["gomoku", "match", "tansuo", "", "--games", "1"]),
    # /dev/zero was read until the memory ran out
    ("graph /dev/zero", lambda f: ["graph", "/dev/zero", "--from", "S"]),
    ("sokoban /dev/zero", lambda f: ["sokoban", "/dev/zero"]),
    ("batch sudoku /dev/zero", lambda f: ["batch", "sudoku", "/dev/zero"]),
    ("sudoku file /dev/zero", lambda f: ["sudoku", "solve", "--file", "/dev/zero"]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "args"), ONE_LINE, ids=[name for name, _ in ONE_LINE])
def test_one_line_and_exit_2(name, args, run_cli, tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "stdin", open(os.devnull))  # noqa: SIM115 - 'play' reads moves
    with deadline(30):
        result = run_cli(*args(_files(tmp_path)))
    lines = said_lines(result.err)
    assert result.code == 2, (name, result.code, result.err[-500:])
    assert len(lines) == 1 and lines[0].startswith("tansuo: error: "), (name, result.err[-500:])
    assert len(lines[0]) < 600, (name, len(lines[0]))
    assert "Traceback" not in result.err + result.out


def test_serve_refuses_an_infinite_time_limit():
    """``serve --time-limit 1e309`` started a server; a subprocess, so that it cannot hang the run."""
    run = subprocess.run(
        [sys.executable, "-m", "tansuo", "serve", "--port", "0", "--time-limit", "1e309"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert "time-limit" in run.stderr or "time_limit" in run.stderr


def test_sokoban_render_with_an_unknown_extension_writes_a_png(run_cli, tmp_path):
    """A Pillow ValueError traceback (after the search) before; a PNG, as every --render writes."""
    out = tmp_path / "out.xyz"
    result = run_cli("sokoban", "microban", "--level", "1", "--render", out)
    assert result.code == 0, result.err
    assert out.read_bytes().startswith(b"\x89PNG")


def test_a_path_stopped_by_its_budget_is_not_optimal():
    from tansuo.grid import bundled_map, find_path

    grid = bundled_map("arena2")
    stopped = find_path(grid, (5, 112), (275, 181), max_expansions=5)
    assert stopped.status == "limit" and stopped.as_dict()["optimal"] is False
    timed = find_path(grid, (5, 112), (275, 181), time_limit=0.0)
    assert timed.status == "limit" and not timed.optimal
    assert find_path(grid, (5, 112), (275, 181)).optimal  # solved by A*: optimal


def test_the_path_command_does_not_call_a_stopped_search_optimal(run_cli):
    result = run_cli("path", "arena2", "--from", "5,112", "--to", "275,181",
                     "--max-expansions", "5", "--json")  # fmt: skip
    assert result.code == 3 and json.loads(result.out)["optimal"] is False


WEB_NUMBERS = [
    ("/api/sudoku/solve", {"puzzle": "." * 16}, "time_limit", 10**19),
    ("/api/sudoku/solve", {"puzzle": "." * 16}, "time_limit", 10**309),
    ("/api/sudoku/solve", {"puzzle": "." * 16}, "max_solutions", 10**30),
    ("/api/grid/path", {"grid": "....\n....", "start": [0, 0], "goal": [3, 1]}, "weight", 10**309),
    ("/api/grid/path", {"grid": "....\n....", "start": [0, 0], "goal": [3, 1]}, "time_limit", 10**309),
    ("/api/grid/path", {"grid": "....\n....", "start": [0, 0], "goal": [3, 1]}, "max_expansions", 10**30),
    ("/api/play/connect4", {"moves": "44"}, "time_limit", 10**19),
    ("/api/play/gomoku", {"moves": ["h8"]}, "time_limit", 10**19),
    ("/api/gomoku/vcf", {"moves": ["h8"]}, "time_limit", 10**19),
    ("/api/play/xiangqi", {"moves": ["h2e2"]}, "time_limit", 10**309),
    ("/api/queens", {"n": 6}, "max_solutions", 10**30),
    ("/api/sliding/solve", {"tiles": [1, 2, 3, 4, 5, 6, 0, 7, 8]}, "time_limit", 10**309),
    ("/api/sokoban/level", {"collection": "microban"}, "number", 10**30),
    ("/api/sudoku/generate", {"size": 4}, "seed", 10**30),
]  # fmt: skip


@pytest.fixture(scope="module")
def web():
    from starlette.testclient import TestClient

    from tansuo.web import Limits, create_app

    app = create_app(Limits(time_limit=2.0, max_grid_cells=10_000))
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


@pytest.mark.parametrize(("path", "body", "field", "value"), WEB_NUMBERS,
                         ids=[f"{p} {f}" for p, _, f, _ in WEB_NUMBERS])  # fmt: skip
def test_web_numbers_too_large_are_a_4xx_with_the_message(web, path, body, field, value):
    """HTTP 500 'internal error (OverflowError)' before."""
    sent = json.dumps({**body, field: value})
    answer = web.post(path, content=sent, headers={"content-type": "application/json"})
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:200])
    assert field in answer.json()["error"], answer.text[:200]

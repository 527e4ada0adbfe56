# ruff: noqa: E501 - one case per line reads best as a table
"""Every command meets the same careless inputs and answers each with one line and exit 2.

A person who types a wrong path, points at a folder, feeds a binary or a
Latin-1 file, gives a negative budget or an output nobody can write gets one
line on stderr saying what is wrong, exit code 2, and never a traceback.
New commands add their rows to ``CASES``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from cli_lines import said_lines

Args = Callable[[dict[str, Path]], list[str]]


def _files(tmp: Path) -> dict[str, Path]:
    """One of each kind of bad input file (and a good text file to pair with bad options)."""
    files = {
        "missing": tmp / "no-such-file.txt",
        "empty": tmp / "empty.txt",
        "binary": tmp / "binary.bin",
        "folder": tmp / "a-folder",
        "latin1": tmp / "latin1.txt",
        "huge": tmp / "huge.txt",
        "unwritable": tmp / "no" / "such" / "dir" / "out.png",
        "good_graph": tmp / "graph.txt",
        "good_puzzles": tmp / "puzzles.txt",
    }
    files["empty"].write_text("")
    files["binary"].write_bytes(bytes(range(256)) * 4)
    files["folder"].mkdir()
    files["latin1"].write_bytes("S a 1\ncafé b 2\n".encode("latin-1"))
    with open(files["huge"], "wb") as handle:  # sparse: a size, not a disk full of data
        handle.truncate((1 << 30) + 1)
    files["good_graph"].write_text("S a 1\na b 2\n")
    files["good_puzzles"].write_text("1.3.3..2.1.34..1\n")
    return files


def _sokoban_file(files: dict[str, Path], text: str) -> str:
    path = files["folder"].parent / "level.xsb"
    path.write_text(text)
    return str(path)


FILE_KINDS = ("missing", "empty", "binary", "folder", "latin1", "huge")

CASES: list[tuple[str, Args]] = [
    # graph
    *[(f"graph {kind}", lambda f, k=kind: ["graph", f[k], "--from", "S"]) for kind in FILE_KINDS],
    ("graph negative time", lambda f: ["graph", f["good_graph"], "--from", "S", "--time-limit", "-1"]),
    ("graph negative budget", lambda f: ["graph", f["good_graph"], "--from", "S", "--max-expansions", "-5"]),
    ("graph unknown node", lambda f: ["graph", f["good_graph"], "--from", "Z"]),
    ("graph junk budget", lambda f: ["graph", f["good_graph"], "--from", "S", "--time-limit", "soon"]),
    # path (grid)
    *[(f"path {kind}", lambda f, k=kind: ["path", f[k], "--from", "0,0", "--to", "1,1"]) for kind in FILE_KINDS],
    ("path unwritable render", lambda f: ["path", "room", "--render", f["unwritable"]]),
    ("path negative time", lambda f: ["path", "arena2", "--from", "5,112", "--to", "275,181", "--time-limit", "-1"]),
    ("path junk point", lambda f: ["path", "arena2", "--from", "five", "--to", "275,181"]),
    ("path point outside", lambda f: ["path", "arena2", "--from", "9999,0", "--to", "275,181"]),
    ("path negative memory", lambda f: ["path", "arena2", "--from", "5,112", "--to", "275,181", "--max-memory", "-3"]),
    # sokoban
    *[(f"sokoban {kind}", lambda f, k=kind: ["sokoban", f[k]]) for kind in FILE_KINDS],
    ("sokoban no player", lambda f: ["sokoban", _sokoban_file(f, "#####\n# $.#\n#####")]),
    ("sokoban open level", lambda f: ["sokoban", _sokoban_file(f, "#####\n#@$. \n#####")]),
    ("sokoban boxes goals", lambda f: ["sokoban", _sokoban_file(f, "######\n#@$$.#\n######")]),
    ("sokoban no such level", lambda f: ["sokoban", "microban", "--level", "999"]),
    ("sokoban unknown mode", lambda f: ["sokoban", "microban", "--mode", "slow"]),
    ("sokoban negative time", lambda f: ["sokoban", "microban", "--time-limit", "-1"]),
    ("sokoban junk memory", lambda f: ["sokoban", "microban", "--max-memory", "lots"]),
    ("sokoban unwritable render", lambda f: ["sokoban", "microban", "--render", f["unwritable"]]),
    ("sokoban verify junk", lambda f: ["sokoban", "verify", "microban", f["good_graph"]]),
    ("sokoban verify one arg", lambda f: ["sokoban", "verify", "microban"]),
    # sudoku
    *[(f"sudoku file {kind}", lambda f, k=kind: ["sudoku", "solve", "--file", f[k]]) for kind in FILE_KINDS],
    ("sudoku folder as puzzle", lambda f: ["sudoku", "solve", f["folder"]]),
    ("sudoku junk puzzle", lambda f: ["sudoku", "solve", "12x"]),
    ("sudoku 26x26", lambda f: ["sudoku", "solve", "." * 676]),
    ("sudoku unwritable out", lambda f: ["sudoku", "solve", "--file", f["good_puzzles"], "--out", f["unwritable"]]),
    ("sudoku negative time", lambda f: ["sudoku", "solve", "." * 16, "--time-limit", "-1"]),
    ("sudoku negative nodes", lambda f: ["sudoku", "solve", "." * 16, "--max-nodes", "-1"]),
    ("sudoku 16x16 bad symbol", lambda f: ["sudoku", "solve", "1x" + "." * 254]),
    ("sudoku 25x25 clash", lambda f: ["sudoku", "solve", "11" + "." * 623]),
    ("sudoku folder in file", lambda f: ["sudoku", "solve", "--file", f["folder"], "--workers", "2"]),
    ("sudoku unwritable render", lambda f: ["sudoku", "solve", "." * 16, "--render", f["unwritable"]]),
    ("sudoku zero workers", lambda f: ["sudoku", "solve", "--file", f["good_puzzles"], "--workers", "0"]),
    ("sudoku resume without out", lambda f: ["sudoku", "solve", "--file", f["good_puzzles"], "--resume"]),
    ("sudoku workers without file", lambda f: ["sudoku", "solve", "." * 16, "--workers", "2"]),
    ("sudoku file negative nodes", lambda f: ["sudoku", "solve", "--file", f["good_puzzles"], "--max-nodes", "-1"]),
    # queens
    ("queens junk size", lambda f: ["queens", "abc"]),
    ("queens zero", lambda f: ["queens", "0"]),
    ("queens too large", lambda f: ["queens", "100000000000"]),
    ("queens negative time", lambda f: ["queens", "8", "--count", "--time-limit", "-1"]),
    ("queens zero threads", lambda f: ["queens", "8", "--count", "--threads", "0"]),
    # search (8-puzzle)
    ("search junk tiles", lambda f: ["search", "1 2 x"]),
    ("search wrong length", lambda f: ["search", "1 2 3 4 5 0 7 8"]),
    ("search negative budget", lambda f: ["search", "1 2 3 4 5 6 0 7 8", "--max-expansions", "-1"]),
    # play
    ("play junk moves", lambda f: ["play", "connect4", "--moves", "4x"]),
    ("play negative time", lambda f: ["play", "connect4", "--time-limit", "-1"]),
    ("play unknown game", lambda f: ["play", "chess"]),
    # batch
    *[(f"batch {kind}", lambda f, k=kind: ["batch", "sudoku", f[k]]) for kind in ("missing", "binary", "folder", "huge")],
    ("batch unknown domain", lambda f: ["batch", "chess", f["good_puzzles"]]),
    ("batch unknown option", lambda f: ["batch", "sudoku", f["good_puzzles"], "--set", "depth=3"]),
    ("batch negative option", lambda f: ["batch", "sudoku", f["good_puzzles"], "--set", "max_nodes=-1"]),
    ("batch unwritable out", lambda f: ["batch", "sudoku", f["good_puzzles"], "--out", f["unwritable"]]),
    ("batch resume without out", lambda f: ["batch", "sudoku", f["good_puzzles"], "--resume"]),
    ("batch zero workers", lambda f: ["batch", "sudoku", f["good_puzzles"], "--workers", "0"]),
    # xiangqi
    ("xiangqi junk fen", lambda f: ["xiangqi", "bestmove", "rnbakabnr/9/9/9 w", "--depth", "1"]),
    ("xiangqi two red kings", lambda f: ["xiangqi", "perft", "4k4/9/9/9/9/9/9/9/9/3KK4 w - - 0 1", "1"]),
    ("xiangqi illegal move", lambda f: ["xiangqi", "bestmove", "startpos moves h2h8", "--depth", "1"]),
    ("xiangqi negative depth", lambda f: ["xiangqi", "perft", "startpos", "-1"]),
    ("xiangqi negative time", lambda f: ["xiangqi", "bestmove", "startpos", "--time-limit", "-1"]),
    ("xiangqi position folder", lambda f: ["xiangqi", "perft", f["folder"], "1"]),
    ("xiangqi position binary", lambda f: ["xiangqi", "perft", f["binary"], "1"]),
    ("xiangqi unwritable render", lambda f: ["xiangqi", "bestmove", "startpos", "--depth", "1", "--render", f["unwritable"]]),
    # serve
    ("serve bad port", lambda f: ["serve", "--port", "70000"]),
    ("serve negative time limit", lambda f: ["serve", "--port", "0", "--time-limit", "-1"]),
    # sliding
    *[(f"sliding file {kind}", lambda f, k=kind: ["sliding", "--file", f[k]]) for kind in FILE_KINDS],
    ("sliding junk board", lambda f: ["sliding", "1 2 3 x"]),
    ("sliding repeated tile", lambda f: ["sliding", "1 2 3 4 5 6 7 8 8"]),
    ("sliding wrong length", lambda f: ["sliding", "1 2 3 4 5 0"]),
    ("sliding too large", lambda f: ["sliding", " ".join(map(str, range(81)))]),
    ("sliding bad goal", lambda f: ["sliding", "1 2 3 4 5 6 0 7 8", "--goal", "0 1 2 3"]),
    ("sliding unknown heuristic", lambda f: ["sliding", "1 2 3 4 5 6 0 7 8", "--heuristic", "magic"]),
    ("sliding weight below one", lambda f: ["sliding", "1 2 3 4 5 6 0 7 8", "--weight", "0.5"]),
    ("sliding weighted-astar too large", lambda f: ["sliding", " ".join(map(str, range(1, 36))) + " 0", "--algo", "weighted-astar"]),
    ("sliding negative time", lambda f: ["sliding", "1 2 3 4 5 6 0 7 8", "--time-limit", "-1"]),
    ("sliding unwritable render", lambda f: ["sliding", "1 2 3 4 5 6 0 7 8", "--render", f["unwritable"]]),
    ("sliding no board", lambda f: ["sliding", "solve"]),  # bare "tansuo sliding" shows the help
    # gomoku
    ("gomoku occupied move", lambda f: ["gomoku", "vcf", "15 h8 h8"]),
    ("gomoku renju forbidden move", lambda f: ["gomoku", "vcf", "15 renju h8 a1 i8 a3 g10 a5 g11 a7 g8"]),
    ("gomoku bad move", lambda f: ["gomoku", "analyse", "15 h8 zz9", "--depth", "1"]),
    ("gomoku board too big", lambda f: ["gomoku", "vct", "23 h8"]),
    ("gomoku missing file", lambda f: ["gomoku", "vcf", f["missing"]]),
    ("gomoku position folder", lambda f: ["gomoku", "vcf", f["folder"]]),
    ("gomoku position binary", lambda f: ["gomoku", "vcf", f["binary"]]),
    ("gomoku negative time", lambda f: ["gomoku", "vcf", "15 h8", "--time-limit", "-1"]),
    ("gomoku bad attacker", lambda f: ["gomoku", "vcf", "15 h8", "--attacker", "red"]),
    ("gomoku zero depth", lambda f: ["gomoku", "vct", "15 h8", "--max-depth", "0"]),
    ("gomoku negative odds", lambda f: ["gomoku", "match", "tansuo", "tansuo", "--second-time", "-1"]),
    ("gomoku book zero plies", lambda f: ["gomoku", "book", "build", "--from", "renju26", "--plies", "0", "--out", str(f["folder"].parent / "book.txt")]),
    ("gomoku negative first opening", lambda f: ["gomoku", "match", "tansuo", "tansuo", "--first-opening", "-1"]),
    # bench
    ("bench unknown suite", lambda f: ["bench", "chess"]),
    ("bench unwritable json", lambda f: ["bench", "queens", "--quick", "--json-out", f["unwritable"]]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "args"), CASES, ids=[name for name, _ in CASES])
def test_one_line_and_exit_2(name, args, run_cli, tmp_path):
    result = run_cli(*args(_files(tmp_path)))
    lines = said_lines(result.err)
    assert result.code == 2, (name, result.code, result.err, result.out[-300:])
    assert len(lines) == 1, (name, result.err)
    assert lines[0].startswith("tansuo: error: "), lines[0]
    assert "Traceback" not in result.err + result.out


SUDOKU_MESSAGES: list[tuple[str, Args, str]] = [
    ("16x16 pasted", lambda f: ["sudoku", "solve", "1x" + "." * 254], "column 2: unknown character 'x'"),
    ("25x25 pasted", lambda f: ["sudoku", "solve", "11" + "." * 623], "r1c1, r1c2"),
    ("folder", lambda f: ["sudoku", "solve", f["folder"]], "is a directory"),
    ("folder as file", lambda f: ["sudoku", "solve", "--file", f["folder"]], "is a directory"),
    ("empty file", lambda f: ["sudoku", "solve", "--file", f["empty"]], "no puzzles found"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "args", "said"), SUDOKU_MESSAGES, ids=[c[0] for c in SUDOKU_MESSAGES]
)
def test_sudoku_names_the_first_real_problem(name, args, said, run_cli, tmp_path):
    """A pasted 16x16/25x25 line is a puzzle (never "File name too long"); a folder is a folder."""
    result = run_cli(*args(_files(tmp_path)))
    assert result.code == 2 and said in result.err, (name, result.err)
    assert "too long" not in result.err

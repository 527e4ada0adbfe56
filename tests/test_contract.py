"""One contract for every domain: the same result shape, JSON keys and exit codes.

Each domain gives three small instances (one it solves, one it proves has no
solution, one it must stop on a budget), the keys DESIGN.md promises in its
``as_dict()``, and the same three as command lines. New domains add a row.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tansuo.budget import LIMIT_NAMES
from tansuo.result import RESULT_KEYS, STATS_KEYS, Result, Stats


@dataclass(frozen=True)
class Domain:
    name: str
    solved: Callable[[], Any]
    unsolvable: Callable[[], Any]
    limited: Callable[[], Any]
    keys: tuple[str, ...]  # the domain's own keys of DESIGN.md's table
    cli_solved: tuple[str, ...]
    cli_unsolvable: tuple[str, ...] | Callable[[Path], tuple[str, ...]]
    cli_limited: tuple[str, ...]


def _search() -> Domain:
    from tansuo.search import astar, bfs
    from tansuo.search.examples import SlidingPuzzle

    return Domain(
        "search",
        lambda: astar(SlidingPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))),
        lambda: bfs(SlidingPuzzle((2, 1, 3, 4, 5, 6, 7, 8, 0))),
        lambda: bfs(SlidingPuzzle((8, 6, 7, 2, 5, 4, 3, 0, 1)), max_expansions=100),
        ("path",),
        ("search", "1 2 3 4 5 6 0 7 8", "--json"),
        ("search", "2 1 3 4 5 6 7 8 0", "--json"),
        ("search", "8 6 7 2 5 4 3 0 1", "--algo", "bfs", "--max-expansions", "100", "--json"),
    )


def _graph() -> Domain:
    from tansuo.graph import parse_edge_list, shortest_path

    graph = parse_edge_list("S a 1\na b 2\nb T 1\nc d 1\n")
    return Domain(
        "graph",
        lambda: shortest_path(graph, "S", "T"),
        lambda: shortest_path(graph, "S", "d"),
        lambda: shortest_path(graph, "S", "T", max_expansions=1),
        ("distances", "paths"),
        ("graph", "--sample", "figure-7-3", "--from", "S", "--to", "e", "--json"),
        lambda tmp: (
            "graph",
            _write(tmp / "g.txt", "S a 1\nb T 1\n"),
            "--from",
            "S",
            "--to",
            "T",
            "--json",
        ),
        (
            "graph",
            "--sample",
            "figure-7-3",
            "--from",
            "S",
            "--to",
            "e",
            "--json",
            "--max-expansions",
            "1",
        ),
    )


def _grid() -> Domain:
    from tansuo.grid import Grid, find_path

    open_grid = Grid.from_text("....\n....\n....")
    walled = Grid.from_text("..#.\n..#.\n..#.")
    return Domain(
        "grid",
        lambda: find_path(open_grid, (0, 0), (3, 2)),
        lambda: find_path(walled, (0, 0), (3, 2)),
        lambda: find_path(open_grid, (0, 0), (3, 2), max_expansions=1),
        ("optimal", "algorithm"),
        ("path", "room", "--json"),
        ("path", "..#.\n..#.\n..#.", "--from", "0,0", "--to", "3,2", "--json"),
        ("path", "arena2", "--from", "5,112", "--to", "275,181", "--max-expansions", "5", "--json"),
    )


def _adversarial() -> Domain:
    from tansuo.adversarial import search
    from tansuo.adversarial.games import ConnectFour, TicTacToe

    return Domain(
        "adversarial",
        lambda: search(TicTacToe(), depth=3),
        lambda: search(_finished_tictactoe(), depth=3),  # over: no move to choose
        lambda: search(ConnectFour(), depth=12, max_nodes=200),
        ("move", "score", "depth", "pv"),
        ("analyse", "tictactoe", "--depth", "3", "--json"),
        ("analyse", "tictactoe", "--board", "xxx oo. ...", "--json"),
        # one node: no iteration finishes, no move is chosen (a chosen move exits 0)
        ("analyse", "connect4", "--depth", "12", "--max-nodes", "1", "--json"),
    )


def _write(path: Path, text: str) -> str:
    path.write_text(text)
    return str(path)


def _finished_tictactoe() -> Any:
    from tansuo.adversarial.games import TicTacToe

    game = TicTacToe()
    for move in (0, 3, 1, 4, 2):
        game.play(move)
    return game


def _queens() -> Domain:
    from tansuo.queens import count_solutions, find_solutions

    return Domain(
        "queens",
        lambda: find_solutions(8, 2),
        lambda: count_solutions(3),
        lambda: count_solutions(20, max_nodes=10_000),
        ("count", "solutions"),
        ("queens", "8", "--first", "2", "--json"),
        ("queens", "3", "--count", "--json"),
        ("queens", "20", "--count", "--max-nodes", "10000", "--json"),
    )


MATED = "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1"  # black to move, no legal move: lost


def _xiangqi() -> Domain:
    from tansuo.xiangqi import Engine, Position

    return Domain(
        "xiangqi",
        lambda: Engine().search(Position(), depth=2),
        lambda: Engine().search(Position(MATED), depth=2),
        lambda: Engine().search(Position(), depth=20, max_nodes=500),
        ("move", "score", "depth", "pv"),
        ("xiangqi", "bestmove", "startpos", "--depth", "2", "--json"),
        ("xiangqi", "bestmove", MATED, "--depth", "2", "--json"),
        # a count cut short (a best move chosen before a budget ends the search exits 0)
        ("xiangqi", "perft", "startpos", "5", "--max-nodes", "1000", "--json"),
    )


HARD_SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NO_SUDOKU = "12345678." + "." * 8 + "9" + "." * 63  # r1c9 must be 9; column 9 has one
GUESSY_SUDOKU = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."


def _sudoku() -> Domain:
    from tansuo.sudoku import solve

    return Domain(
        "sudoku",
        lambda: solve(HARD_SUDOKU, max_solutions=2),
        lambda: solve(NO_SUDOKU),
        lambda: solve(GUESSY_SUDOKU, max_nodes=5),
        ("puzzle", "count", "unique"),
        ("sudoku", "solve", HARD_SUDOKU, "--unique", "--json"),
        ("sudoku", "solve", NO_SUDOKU, "--json"),
        ("sudoku", "solve", GUESSY_SUDOKU, "--max-nodes", "5", "--json"),
    )


def _sliding() -> Domain:
    from tansuo.sliding import solve

    return Domain(
        "sliding",
        lambda: solve([1, 2, 3, 4, 5, 6, 0, 7, 8]),
        lambda: solve([2, 1, 3, 4, 5, 6, 7, 8, 0]),
        lambda: solve([8, 6, 7, 2, 5, 4, 3, 0, 1], heuristic="manhattan", max_nodes=50),
        ("lurd",),
        ("sliding", "1 2 3 4 5 6 0 7 8", "--json"),
        ("sliding", "2 1 3 4 5 6 7 8 0", "--json"),
        ("sliding", "8 6 7 2 5 4 3 0 1", "--heuristic", "manhattan", "--max-nodes", "50", "--json"),
    )


def _sokoban() -> Domain:
    from tansuo.sokoban import Level, bundled_collection, solve

    easy = "#####\n#@$.#\n#####"
    stuck = "#####\n#@$ #\n#  .#\n#####"
    return Domain(
        "sokoban",
        lambda: solve(Level.from_text(easy)),
        lambda: solve(Level.from_text(stuck)),
        lambda: solve(bundled_collection("xsokoban90")[1], max_expansions=10),
        ("moves", "pushes", "level"),
        lambda tmp: ("sokoban", _write(tmp / "easy.xsb", easy), "--json"),
        lambda tmp: ("sokoban", _write(tmp / "stuck.xsb", stuck), "--json"),
        ("sokoban", "xsokoban90", "--level", "2", "--max-expansions", "10", "--json"),
    )


GOMOKU_WIN = "15 h8 a1 i8 a3 j8 a5"  # black to move: a four, then five
GOMOKU_OPEN = "15 h8 i9 h10 g9 j8 i8"  # no VCF for black


def _gomoku() -> Domain:
    from tansuo.gomoku import parse_position, vcf, vct

    return Domain(
        "gomoku",
        lambda: vcf(parse_position(GOMOKU_WIN)),
        lambda: vcf(parse_position(GOMOKU_OPEN)),
        lambda: vct(parse_position(GOMOKU_OPEN), max_depth=12, max_nodes=50),
        ("kind", "attacker", "line"),
        ("gomoku", "vcf", GOMOKU_WIN, "--json"),
        ("gomoku", "vcf", GOMOKU_OPEN, "--json"),
        ("gomoku", "vct", GOMOKU_OPEN, "--max-depth", "12", "--max-nodes", "50", "--json"),
    )


DOMAINS: list[Callable[[], Domain]] = [
    _search, _graph, _grid, _adversarial, _queens, _xiangqi, _sudoku, _sliding, _sokoban,
    _gomoku,
]  # fmt: skip


def _check_result(result: Any, status: str, keys: tuple[str, ...]) -> None:
    assert isinstance(result, Result)
    assert result.status == status, result.status
    assert result.solved is (status == "solved")
    assert isinstance(result.stats, Stats)
    if status == "limit":
        assert result.stats.limit in (*LIMIT_NAMES, "max_frontier", "max_depth", "stopped")
    else:
        assert result.stats.limit is None
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        result.status = "solved"
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        result.stats.expanded = -1
    data = result.as_dict()
    assert set(RESULT_KEYS) <= set(data), data.keys()
    assert set(keys) <= set(data), (keys, data.keys())
    assert set(STATS_KEYS) <= set(data["stats"]), data["stats"].keys()
    assert data["status"] == status
    json.dumps(data, allow_nan=False)  # JSON-ready as it is: no numpy, no inf
    if status == "solved":
        assert data["solution"] is not None or "distances" in data


@pytest.fixture(params=DOMAINS, ids=lambda make: make.__name__.strip("_"))
def domain(request) -> Domain:
    return request.param()


def test_solved(domain):
    _check_result(domain.solved(), "solved", domain.keys)


def test_proved_unsolvable(domain):
    _check_result(domain.unsolvable(), "no_solution", ())


def test_budget_stopped(domain):
    _check_result(domain.limited(), "limit", ())


def test_cli_exit_codes_and_json(domain, run_cli, tmp_path):
    for given, code, status in (
        (domain.cli_solved, 0, "solved"),
        (domain.cli_unsolvable, 1, "no_solution"),
        (domain.cli_limited, 3, "limit"),
    ):
        args = given(tmp_path) if callable(given) else given
        run = run_cli(*args)
        assert run.code == code, (args, run.code, run.err)
        record = json.loads(run.out.strip().splitlines()[-1])
        assert record["status"] == status
        assert set(RESULT_KEYS) <= set(record)

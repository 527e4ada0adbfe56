import json

import pytest

from tansuo.bench.search import eight_puzzle_distances
from tansuo.search import ALGORITHMS


def test_solves_and_reports_counters(run_cli):
    r = run_cli("search", "1 2 3 4 5 6 0 7 8")
    assert r.code == 0
    assert "solved: 2 moves  RR" in r.out
    assert "expanded" in r.out


@pytest.mark.parametrize(
    ("algo", "tiles"),
    [
        ("astar", "8,6,7,2,0,4,3,5,1"),
        ("ida", "8,6,7,2,0,4,3,5,1"),
        ("dijkstra", "8,6,7,2,0,4,3,5,1"),
        ("bfs", "8,6,7,2,0,4,3,5,1"),
        ("bidirectional", "8,6,7,2,0,4,3,5,1"),
        ("iddfs", "4,1,3,7,2,6,0,5,8"),  # exponential without a closed list: a short one
    ],
)
def test_every_optimal_algorithm_gives_the_exact_length(run_cli, algo, tiles):
    r = run_cli("search", tiles, "--algo", algo, "--json")
    assert r.code == 0
    out = json.loads(r.out)
    assert out["status"] == "solved"
    assert out["cost"] == len(out["solution"]) == len(out["lurd"])
    start = tuple(int(t) for t in tiles.split(","))
    assert out["cost"] == eight_puzzle_distances()[start]


def test_unsolvable_is_proved_and_exits_1(run_cli):
    r = run_cli("search", "2 1 3 4 5 6 7 8 0", "--json")
    assert r.code == 1
    out = json.loads(r.out)
    assert out["status"] == "no_solution"
    assert "parity" in out["proof"]


def test_budget_exhausted_exits_3_with_stats(run_cli):
    r = run_cli("search", "8 6 7 2 5 4 3 0 1", "--algo", "bfs", "--max-expansions", "100")
    assert r.code == 3
    assert "max_expansions" in r.out
    assert "expanded 100" in r.out


def test_trace_prints_one_line_per_expansion(run_cli):
    r = run_cli("search", "1 2 3 4 5 6 0 7 8", "--trace")
    lines = [ln for ln in r.out.splitlines() if ln.strip()[:1].isdigit()]
    assert [ln.split()[-1] for ln in lines] == ["123456_78", "1234567_8", "12345678_"]


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        ("", "empty"),
        ("12x", "tile 3"),
        ("1 2 3", "n*n"),
        ("1 1 2 3", "once"),
    ],
)
def test_bad_input_is_one_line_exit_2(run_cli, tiles, message):
    r = run_cli("search", tiles)
    assert r.code == 2
    assert message in r.err
    assert len(r.err.strip().splitlines()) == 1
    assert "Traceback" not in r.err


@pytest.mark.parametrize("algo", list(ALGORITHMS))
def test_every_registered_algorithm_runs(run_cli, algo):
    from tansuo.cli.search import LIBRARY_NAMES

    name = {v: k for k, v in LIBRARY_NAMES.items()}.get(algo, algo)  # weighted -> weighted-astar
    r = run_cli("search", "4,1,3,7,2,6,0,5,8", "--algo", name, "--json")
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert out["algorithm"] == name and out["status"] == "solved"
    assert out["cost"] == len(out["lurd"]) and out["stats"]["expanded"] > 0
    if ALGORITHMS[algo].optimal:
        assert out["cost"] == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--algo", "a-star"), "unknown algorithm 'a-star'"),
        (("--heuristic", "euclid"), "unknown heuristic"),
        (("--max-expansions", "-5"), "max_expansions must be"),
        (("--time-limit", "-1"), "time_limit must be"),
        (("--algo", "bidirectional", "--trace"), "does not report its steps"),
    ],
)
def test_bad_options_are_one_line_exit_2(run_cli, args, message):
    r = run_cli("search", "1 2 3 4 5 6 0 7 8", *args)
    assert r.code == 2
    assert message in r.err
    assert len(r.err.strip().splitlines()) == 1
    assert "Traceback" not in r.err


def test_demo_runs(run_cli):
    r = run_cli("demo")
    assert r.code == 0
    assert "31 moves" in r.out

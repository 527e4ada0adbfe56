"""The ``tansuo graph`` command: output, exit codes, JSON, and what it says about bad input."""

from __future__ import annotations

import io
import json

import pytest

from tansuo.files import MAX_TEXT_BYTES

DIMACS = """c a small road graph
p sp 4 5
a 1 2 10
a 2 3 10
a 1 3 25
a 3 4 5
a 4 1 1
"""

COORDS = """p aux sp co 4
v 1 0 0
v 2 10 0
v 3 20 0
v 4 25 0
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def assert_one_line_exit_2(r, message):
    assert r.code == 2, (r.code, r.out, r.err)
    assert message in r.err, r.err
    assert r.err.count("\n") == 1 and r.err.startswith("tansuo: error: ")
    assert "Traceback" not in r.err


def test_gzipped_dimacs_from_the_command_line(run_cli, tmp_path):
    import gzip

    path = tmp_path / "road.gr.gz"
    path.write_bytes(gzip.compress(DIMACS.encode()))
    r = run_cli("graph", path, "--from", "1", "--to", "3")
    assert r.code == 0, r.err
    assert r.out.strip() == "3: 20 (1 2 3)"


def test_cli_dimacs_file_finds_its_co_file(run_cli, tmp_path):
    gr = write(tmp_path, "road.gr", DIMACS)
    write(tmp_path, "road.co", COORDS)
    r = run_cli("graph", gr, "--from", "1", "--to", "4", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["solution"] == [1, 2, 3, 4] and data["cost"] == 25
    assert data["stats"]["algorithm"] == "astar"
    assert data["paths"] == {"4": [1, 2, 3, 4]}


def test_cli_listing_marks_unreachable_nodes(run_cli, tmp_path):
    path = write(tmp_path, "g.txt", "S a 3\nb c 1\n")
    r = run_cli("graph", path, "--from", "S")
    assert r.code == 0
    assert r.out.splitlines()[1:] == [
        "  S: 0 (S)",
        "  a: 3 (S a)",
        "  b: unreachable",
        "  c: unreachable",
    ]
    r = run_cli("graph", path, "--from", "S", "--to", "c")
    assert r.code == 1
    assert r.out.strip() == "c: unreachable"


def test_cli_json_listing(run_cli, tmp_path):
    path = write(tmp_path, "g.txt", "S a 3\na b 4\nz\n")
    r = run_cli("graph", path, "--from", "S", "--json")
    assert r.code == 0
    data = json.loads(r.out)
    assert data["status"] == "solved"
    assert data["distances"] == {"S": 0, "a": 3, "b": 7, "z": None}
    assert data["paths"] == {"S": ["S"], "a": ["S", "a"], "b": ["S", "a", "b"], "z": None}
    assert data["stats"]["expanded"] == 3


def test_cli_directed_flag(run_cli, tmp_path):
    path = write(tmp_path, "g.txt", "S a 3\n")
    assert run_cli("graph", path, "--from", "a", "--to", "S").code == 0
    assert run_cli("graph", path, "--from", "a", "--to", "S", "--directed").code == 1


def test_cli_budget_exhausted_exits_3(run_cli, tmp_path):
    lines = "\n".join(f"n{i} n{i + 1} 1" for i in range(50))
    path = write(tmp_path, "chain.txt", lines + "\nn0 n50 100\n")
    r = run_cli("graph", path, "--from", "n0", "--max-expansions", "5")
    assert r.code == 3
    assert "unknown (budget exhausted)" in r.out
    r = run_cli("graph", path, "--from", "n0", "--to", "n50", "--max-expansions", "5", "--json")
    assert r.code == 3 and json.loads(r.out)["status"] == "limit"


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        ("S a 12\nS b -3\n", ("--from", "S"), "line 2"),
        ("S a 12\nS b 1 2\n", ("--from", "S"), "line 2"),
        ("", ("--from", "S"), "empty"),
        ("S a 12\n", ("--from", "Q"), "unknown node 'Q'"),
        ("S a 12\n", ("--from", "S", "--to", "Q"), "unknown node 'Q'"),
        ("S a 12\n", ("--from", "S", "--algo", "astar"), "needs --to"),
        ("S a 12\n", ("--from", "S", "--to", "a", "--algo", "astar"), "coordinates"),
    ],
)
def test_cli_bad_input_is_one_line_exit_2(run_cli, tmp_path, content, args, message):
    path = write(tmp_path, "g.txt", content)
    r = run_cli("graph", path, *args)
    assert r.code == 2
    assert message in r.err and r.err.count("\n") == 1
    assert "Traceback" not in r.err


def test_cli_missing_file_and_unknown_sample(run_cli, tmp_path):
    r = run_cli("graph", tmp_path / "nope.txt", "--from", "S")
    assert r.code == 2 and "no such file" in r.err
    r = run_cli("graph", "--sample", "nope", "--from", "S")
    assert r.code == 2 and "figure-7-3" in r.err


def test_demo_runs(capsys):
    from rich.console import Console

    from tansuo.cli.graph import demo

    demo(Console(highlight=False))
    out = capsys.readouterr().out
    assert "v: 0 (v)" in out and "cost 27" in out


def test_the_file_is_checked_before_the_start_node(run_cli, tmp_path):
    r = run_cli("graph", tmp_path / "nosuchfile")
    assert_one_line_exit_2(r, "nosuchfile: no such file")
    assert "--from" not in r.err
    r = run_cli("graph", write(tmp_path, "g.txt", "S a 1\n"))
    assert_one_line_exit_2(r, "no start node: pass --from NODE")


def test_a_bundled_name_as_the_file_argument(run_cli, tmp_path, monkeypatch):
    r = run_cli("graph", "figure-7-3", "--from", "S", "--to", "e")
    assert r.code == 0, r.err
    assert r.out.strip() == "e: 17 (S b a e)"
    # a file of that name wins over the bundled graph
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "figure-7-3", "S e 4\n")
    r = run_cli("graph", "figure-7-3", "--from", "S", "--to", "e")
    assert r.code == 0, r.err
    assert r.out.strip() == "e: 4 (S e)"


def test_standard_input(run_cli, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("S a 2\na b 3\n"))
    r = run_cli("graph", "-", "--from", "S", "--to", "b")
    assert r.code == 0, r.err
    assert r.out.strip() == "b: 5 (S a b)"


def test_a_spent_budget_says_what_stopped_it(run_cli, tmp_path):
    lines = "\n".join(f"n{i} n{i + 1} 1" for i in range(50))
    path = write(tmp_path, "chain.txt", lines)
    r = run_cli("graph", path, "--from", "n0", "--to", "n50", "--max-expansions", "5")
    assert r.code == 3
    assert r.out.splitlines() == [
        "n50: unknown (budget exhausted)",
        r.out.splitlines()[1],
    ]
    assert r.out.splitlines()[1].startswith(
        "budget exhausted: max_expansions after 5 nodes settled"
    )


def test_the_algorithm_names_are_the_librarys():
    from tansuo.cli.graph import ALGORITHM_NAMES, PAIR_ONLY
    from tansuo.graph import ALGORITHMS, SINGLE_SOURCE_ALGORITHMS

    assert ALGORITHM_NAMES == ALGORITHMS
    assert set(PAIR_ONLY) == set(ALGORITHMS) - set(SINGLE_SOURCE_ALGORITHMS)


def bad_inputs(tmp_path):
    """``(arguments, what the one error line must say)`` for every kind of bad input."""
    good = write(tmp_path, "good.txt", "S a 12\na b 3\n")
    binary = tmp_path / "binary.gr"
    binary.write_bytes(b"p sp 2 1\x00\x01\x02")
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("S \xe9t\xe9 3\n".encode("latin-1"))
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as handle:
        handle.truncate(MAX_TEXT_BYTES + 1)  # sparse: no disk is used
    broken_gz = tmp_path / "broken.gr.gz"
    broken_gz.write_bytes(b"not gzip at all")
    return [
        ((tmp_path / "missing.txt", "--from", "S"), "no such file"),
        ((write(tmp_path, "empty.txt", ""), "--from", "S"), "empty"),
        ((write(tmp_path, "blank.txt", "\n  \n"), "--from", "S"), "empty"),
        ((binary, "--from", "1"), "binary"),
        ((tmp_path, "--from", "S"), "is a directory"),
        ((latin1, "--from", "S"), "not UTF-8"),
        ((huge, "--from", "S"), "more than tansuo reads at once"),
        ((broken_gz, "--from", "1"), "cannot read"),
        ((good, "--from", "S", "--time-limit", "-1"), "time_limit must be"),
        ((good, "--from", "S", "--max-expansions", "-5"), "max_expansions must be"),
        ((good, "--from", "Q"), "unknown node 'Q'"),
        ((good, "--from", "S", "--to", "Q"), "unknown node 'Q'"),
        ((write(tmp_path, "junk.txt", "S a 1\n%%% junk here !!\n"), "--from", "S"), "line 2"),
        ((write(tmp_path, "neg.txt", "S a 12\nS b -3\n"), "--from", "S"), "line 2"),
        ((write(tmp_path, "gr.gr", "p sp 2 1\na 1 3 4\n"), "--from", "1"), "not in 1..2"),
        ((good, "--from", "S", "--algo", "astar"), "needs --to"),
        ((good, "--from", "S", "--to", "a", "--algo", "astar"), "coordinates"),
        ((good, "--from", "S", "--algo", "fastest"), "unknown --algo 'fastest'"),
        ((good, "--from", "S", "--to", "b", "--algo", "bfs"), "equal"),
        ((good, "--sample", "figure-7-3", "--from", "S"), "either a FILE or --sample"),
        (("--from", "S"), "no graph given"),
        (("--sample", "nope", "--from", "S"), "figure-7-3"),
        ((good, "--from", "S", "--co", write(tmp_path, "c.co", COORDS)), "(.co) go with DIMACS"),
        ((write(tmp_path, "r.gr", DIMACS), "--from", "1", "--co", tmp_path / "no.co"), "no.co"),
    ]


def test_bad_input_is_one_line_exit_2_without_a_traceback(run_cli, tmp_path):
    for args, message in bad_inputs(tmp_path):
        assert_one_line_exit_2(run_cli("graph", *args), message)

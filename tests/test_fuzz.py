"""Generated junk for every reader, command and web endpoint: every input is answered.

The promise under test (issue 40): whatever a person gives tansuo, it answers
with a result or with one line on stderr and exit 2 (a 4xx JSON answer on the
web, an ``InvalidInput`` with a one-line message in the library); never a
traceback, never a wait that does not end, and nothing the person wrote is
changed. The inputs are mutations of real samples (huge and odd numbers,
unicode, control characters, cut and repeated lines) from a seeded generator,
so a failure is reproduced by its test id alone.

The default run tries a bounded number of cases (a few seconds a test);
``pytest -m fuzz`` runs the same tests with :data:`LONG_SCALE` times more (or
``TANSUO_FUZZ_SCALE=N`` for any run). Regressions found this way are kept as
named cases in ``test_fuzz_found.py``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_lines import said_lines
from tansuo.budget import (
    MAX_COUNT,
    MAX_SECONDS,
    check_count,
    check_number,
    check_time_limit,
    parse_number,
)
from tansuo.errors import InvalidInput

pytestmark = pytest.mark.fuzz

DATA = Path(__file__).resolve().parents[1] / "src" / "tansuo" / "data"
SEED = 40  # the issue's number: every case below is drawn from random.Random(SEED + i)
LONG_SCALE = 20
"""How many times more cases ``pytest -m fuzz`` tries than the default run."""


def _scale(config: pytest.Config) -> int:
    given_scale = os.environ.get("TANSUO_FUZZ_SCALE")
    if given_scale:
        return max(1, int(given_scale))
    return LONG_SCALE if "fuzz" in (config.option.markexpr or "") else 1


@pytest.fixture
def scale(request: pytest.FixtureRequest) -> int:
    return _scale(request.config)


class Hang(BaseException):
    """The alarm of :func:`deadline` rang: an input was not answered in time."""


@contextlib.contextmanager
def deadline(seconds: int, what: object) -> Iterator[None]:
    """Fail with :class:`Hang` naming ``what`` after ``seconds`` (also interrupts blocking I/O)."""

    def ring(signum: int, frame: object) -> None:
        raise Hang(f"no answer in {seconds} s: {what!r}"[:500])

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# -- the generator ----------------------------------------------------------------
NUMBERS = ["-1", "0", "-0", "1e309", "-1e309", "inf", "nan", "NaN", "99999999999999999999",
           "9" * 5000, "1.5", "0x10", "1_000", "٣", "+-3", "1e-320", "2147483648", "-9" * 30,
           "18446744073709551616", "4.2e1"]  # fmt: skip
TEXTS = ["", " ", "\n", "\t", "\r\n", "\ufeff", "é", "\U0001d7d8", "\u202e", "#", ";", "-", "--",
         "x" * 300, "../../etc/passwd", "\x1b[31m", "\\", "'", '"', "{}", "[]", "null", "\u3000",
         "\x0b", "\x85", "\u2028"]  # fmt: skip


def junk_token(rng: random.Random) -> str:
    """A short piece of trouble: an odd number, an odd character, or random unicode."""
    kind = rng.random()
    if kind < 0.4:
        return rng.choice(NUMBERS)
    if kind < 0.75:
        return rng.choice(TEXTS)
    return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)]))
                   for _ in range(rng.randrange(1, 8)))  # fmt: skip


def mutate(text: str, rng: random.Random, rounds: int | None = None) -> str:
    """``text`` with a few random edits: tokens replaced, lines cut, repeated or mixed in."""
    for _ in range(rounds if rounds is not None else rng.randrange(1, 4)):
        lines = text.split("\n")
        op = rng.randrange(8)
        where = rng.randrange(len(lines))
        line = lines[where]
        if op == 0 and line.split():  # replace a token
            tokens = line.split()
            tokens[rng.randrange(len(tokens))] = junk_token(rng)
            lines[where] = " ".join(tokens)
        elif op == 1:  # insert trouble inside a line
            at = rng.randrange(len(line) + 1)
            lines[where] = line[:at] + junk_token(rng) + line[at:]
        elif op == 2:  # cut the text short
            return text[: rng.randrange(len(text) + 1)]
        elif op == 3:  # repeat a line
            lines.insert(where, line)
        elif op == 4:  # drop a line
            del lines[where]
        elif op == 5:  # a line of its own
            lines.insert(where, junk_token(rng))
        elif op == 6:  # a character changed
            if line:
                at = rng.randrange(len(line))
                lines[where] = line[:at] + chr(rng.randrange(1, 0x2FF)) + line[at + 1 :]
        else:  # the digits of a number made huge or negative
            lines[where] = "".join(
                c + ("9" * rng.choice([1, 20, 400]) if c.isdigit() and rng.random() < 0.2 else "")
                for c in line
            ).replace(" 1", " -1", 1)
        text = "\n".join(lines)
    return text


def _sample(path: Path, lines: int) -> str:
    return "\n".join(path.read_text(encoding="utf-8").splitlines()[:lines]) + "\n"


SAMPLES: dict[str, str] = {
    "graph": "S a 1\na b 2\nb G 3\nS c 7\nc G 1\n",
    "dimacs": "c tiny\np sp 3 3\na 1 2 5\na 2 3 1\na 1 3 9\n",
    "map": "type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n",
    "scen": _sample(DATA / "grid" / "arena2.map.scen", 4),
    "grid": (DATA / "grid" / "room.txt").read_text(encoding="utf-8"),
    "sudoku": "1.3.3..2.1.34..1\n..........2.....\n",
    "sudoku9": _sample(DATA / "sudoku" / "top95.txt", 3),
    "sliding": "1 2 3 4 5 6 0 7 8\n4x4: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n",
    "korf": "1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n",
    "sokoban": "; 1\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n",
    "solutions": "; 1\ndlUrrrdLullddrUluRuulDrddrruLdlUU\n\n",
    "gomoku": "15 h8 i9 h9 h10\n",
    "suite": "open four | vcf | 15 h8 a1 i8 a2 j8 a3 k8 a5\n",
    "fen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "xiangqi": "startpos moves h2e2 h9g7",
    "queens": ".Q..\n...Q\nQ...\n..Q.\n",
}


def _parsers() -> list[tuple[str, str, Callable[[str], Any]]]:
    from tansuo.gomoku import io as gomoku_io
    from tansuo.graph import io as graph_io
    from tansuo.grid import io as grid_io
    from tansuo.queens import io as queens_io
    from tansuo.sliding import io as sliding_io
    from tansuo.sokoban import io as sokoban_io
    from tansuo.sudoku import io as sudoku_io
    from tansuo.xiangqi import io as xiangqi_io

    return [
        ("graph.parse_graph", "graph", graph_io.parse_graph),
        ("graph.parse_edge_list", "graph", graph_io.parse_edge_list),
        ("graph.parse_dimacs", "dimacs", graph_io.parse_dimacs),
        ("graph.parse_dimacs_coordinates", "dimacs",
         lambda t: graph_io.parse_dimacs_coordinates(t, 3)),
        ("grid.parse_map", "map", grid_io.parse_map),
        ("grid.parse_scen", "scen", grid_io.parse_scen),
        ("grid.parse_text_grid", "grid", grid_io.parse_text_grid),
        ("grid.parse_point", "korf", lambda t: grid_io.parse_point(t.replace(" ", ",")[:40])),
        ("sudoku.parse_puzzle", "sudoku", lambda t: sudoku_io.parse_puzzle(t.split("\n")[0])),
        ("sudoku.parse_puzzles", "sudoku9", sudoku_io.parse_puzzles),
        ("sudoku.parse_puzzle_lines", "sudoku9",
         lambda t: sudoku_io.parse_puzzle_lines(t.encode("utf-8", "surrogateescape"))),
        ("sudoku.parse_box", "korf", lambda t: sudoku_io.parse_box(t.split(" ")[0] + "x3")),
        ("sliding.parse_board", "sliding", lambda t: sliding_io.parse_board(t.split("\n")[0])),
        ("sliding.parse_instances", "korf", sliding_io.parse_instances),
        ("sliding.parse_goal", "sliding",
         lambda t: sliding_io.parse_goal(t.split("\n")[0], (3, 3))),
        ("sokoban.parse_collection", "sokoban", sokoban_io.parse_collection),
        ("sokoban.parse_solutions", "solutions", sokoban_io.parse_solutions),
        ("gomoku.parse_position", "gomoku", gomoku_io.parse_position),
        ("gomoku.parse_suite", "suite", gomoku_io.parse_suite),
        ("xiangqi.parse_fen", "fen", xiangqi_io.parse_fen),
        ("xiangqi.parse_position", "xiangqi", xiangqi_io.parse_position),
        ("queens.parse_board", "queens", queens_io.parse_board),
    ]  # fmt: skip


PARSER_NAMES = [name for name, _, _ in _parsers()]


def _answered(call: Callable[[], Any], what: object, seconds: int = 20) -> InvalidInput | None:
    """Run ``call``: a result or an InvalidInput with a one-line message, within ``seconds``."""
    try:
        with deadline(seconds, what):
            call()
    except InvalidInput as exc:
        message = str(exc)
        assert message and "\n" not in message and "\r" not in message, (what, message[:300])
        return exc
    return None


@pytest.mark.parametrize("name", PARSER_NAMES)
def test_every_parser_answers_junk_with_a_result_or_one_line(name, scale):
    (_, sample, parse) = next(p for p in _parsers() if p[0] == name)
    rng = random.Random(f"{SEED}:{name}")
    started = time.perf_counter()
    for case in range(40 * scale):
        text = mutate(SAMPLES[sample], rng) if case else "9" * 5000  # first: over the int limit
        _answered(lambda text=text: parse(text), (name, case, text[:200]))
    assert time.perf_counter() - started < 30 * scale


# -- files ------------------------------------------------------------------------
def _readers() -> list[tuple[str, str, Callable[[Path], Any]]]:
    from tansuo.gomoku import io as gomoku_io
    from tansuo.graph import io as graph_io
    from tansuo.grid import io as grid_io
    from tansuo.sliding import io as sliding_io
    from tansuo.sokoban import io as sokoban_io
    from tansuo.sudoku import io as sudoku_io
    from tansuo.xiangqi import io as xiangqi_io

    return [
        ("graph.read_graph", "graph", graph_io.read_graph),
        ("grid.read_grid", "grid", grid_io.read_grid),
        ("grid.read_map", "map", grid_io.read_map),
        ("grid.read_scen", "scen", grid_io.read_scen),
        ("grid.read_text_grid", "grid", grid_io.read_text_grid),
        ("grid.read_image", "grid", grid_io.read_image),
        ("grid.load_grid", "map", grid_io.load_grid),
        ("grid.load_scen", "scen", grid_io.load_scen),
        ("sudoku.read_puzzle", "sudoku", sudoku_io.read_puzzle),
        ("sudoku.read_puzzles", "sudoku9", lambda p: sudoku_io.read_puzzles(str(p))),
        ("sudoku.load_puzzle", "sudoku", lambda p: sudoku_io.load_puzzle(str(p))),
        ("sudoku.iter_puzzle_chunks", "sudoku9",
         lambda p: list(sudoku_io.iter_puzzle_chunks(str(p)))),
        ("sliding.read_instances", "korf", sliding_io.read_instances),
        ("sokoban.read_collection", "sokoban", sokoban_io.read_collection),
        ("sokoban.read_solutions", "solutions", sokoban_io.read_solutions),
        ("sokoban.load_collection", "sokoban", lambda p: sokoban_io.load_collection(str(p))),
        ("gomoku.read_position", "gomoku", gomoku_io.read_position),
        ("xiangqi.read_position", "fen", xiangqi_io.read_position),
        ("batch.sudoku", "sudoku9", lambda p: list(_batch("sudoku").read(str(p)))),
        ("batch.sliding", "korf", lambda p: list(_batch("sliding").read(str(p)))),
        ("batch.sokoban", "sokoban", lambda p: list(_batch("sokoban").read(str(p)))),
        ("batch.queens", "korf", lambda p: list(_batch("queens").read(str(p)))),
        ("batch.grid", "scen", lambda p: list(_batch("grid").read(str(p)))),
    ]  # fmt: skip


def _batch(name: str) -> Any:
    from tansuo.batch import batch_domain

    return batch_domain(name)


READER_NAMES = [name for name, _, _ in _readers()]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("name", READER_NAMES)
def test_every_reader_answers_junk_files_and_leaves_them_as_they_were(name, scale, tmp_path):
    (_, sample, read) = next(r for r in _readers() if r[0] == name)
    rng = random.Random(f"{SEED}:{name}")
    for case in range(12 * scale):
        path = tmp_path / f"case{case}{rng.choice(['.txt', '.map', '.scen', '', '.png', '.gz'])}"
        roll = rng.random()
        if roll < 0.15:
            path.write_bytes(rng.randbytes(rng.randrange(0, 2000)))
        elif roll < 0.25:
            path.write_bytes(mutate(SAMPLES[sample], rng).encode("latin-1", "replace"))
        else:
            path.write_text(mutate(SAMPLES[sample], rng), encoding="utf-8", errors="surrogatepass")
        before = _digest(path)
        _answered(lambda path=path: read(path), (name, case, path.read_bytes()[:200]))
        assert _digest(path) == before, (name, case)


SPECIAL = ("fifo", "dev_zero", "folder", "missing", "empty", "huge_sparse", "digits", "newline")


@pytest.fixture
def special_files(tmp_path: Path) -> dict[str, Path]:
    files = {
        "fifo": tmp_path / "fifo",
        "dev_zero": Path("/dev/zero"),
        "folder": tmp_path / "a-folder",
        "missing": tmp_path / "no-such-file",
        "empty": tmp_path / "empty",
        "huge_sparse": tmp_path / "huge",
        "digits": tmp_path / "digits",
        "newline": tmp_path / "a\nname",
    }
    os.mkfifo(files["fifo"])
    files["folder"].mkdir()
    files["empty"].write_bytes(b"")
    with open(files["huge_sparse"], "wb") as handle:  # sparse: a size, not a disk full
        handle.truncate((1 << 30) + 1)
    files["digits"].write_text("1" * 50_000 + "\n")  # over Python's 4,300-digit int limit
    files["newline"].write_text("S a 1\n")
    return files


@pytest.mark.parametrize("name", READER_NAMES)
def test_every_reader_refuses_fifos_devices_and_folders_at_once(name, special_files):
    """A FIFO waited forever and /dev/zero filled the memory; each is refused in one line."""
    (_, _, read) = next(r for r in _readers() if r[0] == name)
    for kind, path in special_files.items():
        started, cpu = time.perf_counter(), time.process_time()
        refused = _answered(lambda path=path: read(path), (name, kind), seconds=30)
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
        if kind in ("fifo", "dev_zero", "folder", "missing", "huge_sparse"):
            assert refused is not None, (name, kind)
            if kind == "fifo":  # at once: never waits for a writer
                assert wall < 2, (name, kind)
            if kind in ("dev_zero", "huge_sparse"):  # at once: nothing read (reading takes
                # CPU; waiting for a core on a loaded machine does not count)
                assert wall < 2 + max(0.0, wall - cpu), (name, kind, wall, cpu)
        if refused is not None and kind == "newline":
            assert "\\n" in str(refused) or "a\nname" not in str(refused), str(refused)


# -- numbers ----------------------------------------------------------------------
anything = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=10**18, max_value=10**400),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.decimals(allow_nan=True), st.fractions(), st.lists(st.integers(), max_size=2),
)  # fmt: skip


@settings(max_examples=300, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(value=anything)
def test_the_number_validator_answers_anything(value):
    for check in (
        lambda: check_time_limit(value),
        lambda: check_count(value, "max_nodes"),
        lambda: check_number(value, "weight", low=None),
        lambda: check_number(value, "seed", whole=True, low=None),
    ):
        try:
            checked = check()
        except InvalidInput as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 200, str(exc)
            continue
        if checked is None:
            assert value is None
        elif isinstance(checked, float):
            assert math.isfinite(checked)
        else:
            assert -MAX_COUNT - 1 <= checked <= MAX_COUNT
    seconds = check_time_limit(value) if _quiet(lambda: check_time_limit(value)) else None
    assert seconds is None or 0 <= seconds <= MAX_SECONDS


def _quiet(call: Callable[[], Any]) -> bool:
    try:
        call()
    except InvalidInput:
        return False
    return True


@settings(max_examples=300, derandomize=True, deadline=None)
@given(text=st.one_of(st.text(max_size=40), st.sampled_from(NUMBERS), st.integers().map(str)))
def test_the_number_parser_answers_any_text(text):
    for whole in (False, True):
        try:
            number = parse_number(text, "max_nodes", whole=whole)
        except InvalidInput as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 300, str(exc)
            continue
        assert number is None or (number >= 0 and math.isfinite(number))
        assert not whole or number is None or isinstance(number, int)


# -- the command line -------------------------------------------------------------
# Each command with a slot for a file ({file}) or an inline instance ({text}), and small
# budgets, so that an input that happens to be valid is answered quickly too.
COMMANDS: list[tuple[str, str, list[str]]] = [
    ("graph", "graph", ["graph", "{file}", "--from", "S", "--time-limit", "2"]),
    ("graph-dimacs", "dimacs", ["graph", "{file}", "--from", "1", "--to", "3"]),
    ("path", "grid", ["path", "{file}", "--time-limit", "2"]),
    ("path-map", "map", ["path", "{file}", "--from", "0,0", "--to", "3,2"]),
    ("path-scen", "scen", ["path", "arena2", "--scen", "{file}", "--time-limit", "2"]),
    ("sudoku", "sudoku", ["sudoku", "solve", "{text}", "--time-limit", "2"]),
    ("sudoku-file", "sudoku9", ["sudoku", "solve", "--file", "{file}", "--time-limit", "2"]),
    ("sliding", "sliding", ["sliding", "solve", "{text}", "--time-limit", "2"]),
    ("sliding-file", "korf", ["sliding", "solve", "--file", "{file}", "--time-limit", "0.2",
                              "--max-nodes", "2000"]),
    ("sokoban", "sokoban", ["sokoban", "solve", "{file}", "--time-limit", "2"]),
    ("sokoban-verify", "solutions", ["sokoban", "verify", "microban", "{file}"]),
    ("gomoku-vcf", "gomoku", ["gomoku", "vcf", "{text}", "--time-limit", "1"]),
    ("gomoku-analyse", "gomoku", ["gomoku", "analyse", "{file}", "--depth", "1"]),
    ("xiangqi-perft", "fen", ["xiangqi", "perft", "{text}", "1"]),
    ("xiangqi-bestmove", "xiangqi", ["xiangqi", "bestmove", "{text}", "--depth", "1"]),
    ("queens", "korf", ["queens", "{token}", "--time-limit", "1"]),
    ("search", "sliding", ["search", "{text}", "--max-expansions", "2000"]),
    ("batch-sudoku", "sudoku9", ["batch", "sudoku", "{file}", "--set", "time_limit=1"]),
    ("batch-sliding", "korf", ["batch", "sliding", "{file}", "--set", "max_nodes=1000"]),
    ("batch-sokoban", "sokoban", ["batch", "sokoban", "{file}", "--set", "time_limit=1"]),
    ("batch-queens", "korf", ["batch", "queens", "{file}", "--set", "time_limit=1"]),
    ("batch-grid", "scen", ["batch", "grid", "{file}", "--set", "time_limit=1"]),
]  # fmt: skip

OPTION_JUNK = [
    ["--time-limit", "{number}"], ["--max-nodes", "{number}"], ["--max-expansions", "{number}"],
    ["--max-memory", "{number}"], ["--set", "time_limit={number}"],
    ["--set", "max_nodes={number}"], ["--set", "{token}={number}"], ["--depth", "{number}"],
]  # fmt: skip

EXIT_CODES = {0, 1, 2, 3}


def _fill(words: list[str], rng: random.Random, file: Path, sample: str) -> list[str]:
    filled = []
    for word in words:
        word = word.replace("{file}", str(file))
        word = word.replace("{number}", rng.choice(NUMBERS))
        if "{text}" in word:
            word = word.replace("{text}", mutate(SAMPLES[sample].split("\n")[0], rng))
        if "{token}" in word:
            word = word.replace("{token}", junk_token(rng))
        filled.append(word)
    return filled


@pytest.mark.parametrize("command", [c[0] for c in COMMANDS])
def test_every_command_answers_generated_input_in_one_line(command, scale, run_cli, tmp_path,
                                                           monkeypatch):  # fmt: skip
    (_, sample, words) = next(c for c in COMMANDS if c[0] == command)
    monkeypatch.setattr(sys, "stdin", open(os.devnull))  # noqa: SIM115
    rng = random.Random(f"{SEED}:{command}")
    for case in range(6 * scale):
        file = tmp_path / f"input{case}.txt"
        if rng.random() < 0.1:
            file.write_bytes(rng.randbytes(rng.randrange(1, 500)))
        else:
            file.write_text(mutate(SAMPLES[sample], rng), encoding="utf-8", errors="surrogatepass")
        args = _fill(words, rng, file, sample)
        if rng.random() < 0.5:
            args += _fill(rng.choice(OPTION_JUNK), rng, file, sample)
        before = _digest(file)
        with deadline(60, args):
            run = run_cli(*args)
        where = (command, case, [a[:80] for a in args], run.err[-400:])
        assert run.code in EXIT_CODES, where
        assert "Traceback" not in run.err + run.out, where
        if run.code == 2:
            lines = said_lines(run.err)
            assert len(lines) == 1 and lines[0].startswith("tansuo: error: "), where
            assert len(lines[0]) < 600, where
        assert _digest(file) == before, where


# Every numeric option the commands have beyond the shared budgets, with "{n}" for the number.
NUMERIC_OPTIONS: list[list[str]] = [
    ["queens", "8", "--threads", "{n}"], ["queens", "{n}"], ["batch", "queens", "4-{n}"],
    ["sokoban", "solve", "microban", "--level", "{n}"],
    ["path", "arena2", "--from", "5,112", "--to", "275,181", "--weight", "{n}",
     "--algo", "weighted-astar", "--time-limit", "1"],
    ["path", "arena2", "--from", "5,112", "--to", "275,181", "--landmarks", "{n}",
     "--heuristic", "differential", "--time-limit", "1"],
    ["path", "arena2", "--from", "{n},112", "--to", "275,181"],
    ["sliding", "solve", "1 2 3 4 5 6 0 7 8", "--weight", "{n}", "--algo", "weighted-astar"],
    ["xiangqi", "perft", "startpos", "{n}"],
    ["xiangqi", "bestmove", "startpos", "--depth", "{n}", "--time-limit", "1"],
    ["gomoku", "vct", "15 h8", "--max-depth", "{n}", "--time-limit", "1"],
    ["gomoku", "analyse", "15 h8", "--depth", "{n}", "--time-limit", "1"],
    ["sudoku", "solve", "." * 16, "--max-solutions", "{n}", "--time-limit", "1"],
    ["sudoku", "generate", "--size", "{n}"], ["sudoku", "generate", "--size", "4", "--seed", "{n}"],
    ["play", "connect4", "--depth", "{n}", "--time-limit", "1"],
    ["search", "1 2 3 4 5 6 0 7 8", "--max-expansions", "{n}"],
    ["gomoku", "match", "tansuo", "tansuo", "--games", "{n}", "--time-limit", "0.01"],
]  # fmt: skip


@pytest.mark.parametrize("words", NUMERIC_OPTIONS, ids=[" ".join(w)[:40] for w in NUMERIC_OPTIONS])
def test_every_numeric_option_answers_odd_numbers(words, scale, run_cli, monkeypatch):
    """A 5,000-digit size was a ValueError traceback, a 10**20 depth an OverflowError."""
    monkeypatch.setattr(sys, "stdin", open(os.devnull))  # noqa: SIM115
    odd = ["-1", "0", "1e309", "nan", "99999999999999999999", "9" * 5000]
    rng = random.Random(f"{SEED}:{' '.join(words)}")
    for number in odd if scale > 1 else rng.sample(odd, 3):
        args = [word.replace("{n}", number) for word in words]
        with deadline(60, args):
            run = run_cli(*args)
        where = ([a[:40] for a in args], run.code, run.err[-400:])
        assert run.code in EXIT_CODES and "Traceback" not in run.err, where
        if run.code == 2:
            lines = said_lines(run.err)
            assert len(lines) == 1 and lines[0].startswith("tansuo: error: "), where
            assert len(lines[0]) < 600, where


def test_resume_keeps_whatever_it_did_not_write(scale, tmp_path):
    """A results file with junk anywhere but a cut last record is refused and left as it was."""
    from tansuo.batch import Instance, run_batch

    puzzles = [Instance(str(i), line) for i, line in enumerate(["1.3.3..2.1.34..1"] * 4)]
    out = tmp_path / "results.jsonl"
    run_batch("sudoku", puzzles[:3], {}, out=out)
    written = out.read_bytes()
    rng = random.Random(f"{SEED}:resume")
    for case in range(30 * scale):
        content = mutate(written.decode(), rng).encode("utf-8", "surrogatepass")
        out.write_bytes(content)
        try:
            run_batch("sudoku", puzzles, {}, out=out, resume=True)
        except InvalidInput as exc:
            assert "\n" not in str(exc) and "line" in str(exc), str(exc)
            assert out.read_bytes() == content, (case, content[:300])
            continue
        kept = out.read_bytes()
        lines = kept.decode().split("\n")[:-1]  # (not splitlines: JSON may hold a U+2028)
        assert all(json.loads(line)["status"] for line in lines), (case, content[:300])
        cut = content.rfind(b"\n") + 1  # only a cut last record may have been dropped
        assert kept.startswith(content[:cut]), (case, content[:300], kept[:300])


# -- the web API ------------------------------------------------------------------
ENDPOINT_BODIES: dict[str, dict[str, Any]] = {
    "/api/grid/path": {"grid": "....\n.#..\n....", "start": [0, 0], "goal": [3, 2],
                       "time_limit": 0.2},
    "/api/grid/upload": {"text": "S.#\n..G"},
    "/api/sudoku/solve": {"puzzle": "." * 16, "time_limit": 0.2},
    "/api/sudoku/generate": {"size": 4, "seed": 5},
    "/api/queens": {"n": 6, "time_limit": 0.2},
    "/api/queens/count": {"n": 6, "time_limit": 0.2},
    "/api/queens/trace": {"n": 4},
    "/api/sliding/solve": {"tiles": [1, 2, 3, 4, 5, 6, 0, 7, 8], "time_limit": 0.2},
    "/api/sokoban/level": {"collection": "microban", "number": 1},
    "/api/sokoban/solve": {"collection": "microban", "number": 1, "time_limit": 0.2},
    "/api/sokoban/replay": {"collection": "microban", "number": 1, "lurd": "dlU"},
    "/api/play/connect4": {"moves": "44", "time_limit": 0.1},
    "/api/gomoku/position": {"moves": ["h8", "i9"]},
    "/api/play/gomoku": {"moves": ["h8"], "time_limit": 0.1},
    "/api/gomoku/vcf": {"moves": ["h8"], "time_limit": 0.1},
    "/api/xiangqi/position": {"moves": ["h2e2"]},
    "/api/play/xiangqi": {"moves": ["h2e2"], "time_limit": 0.1},
}  # fmt: skip

JSON_JUNK: list[str] = [
    "null", "true", "-1", "0", "1e309", "-1e309", "NaN", "Infinity", str(10**19), str(10**309),
    "1.5", '""', '"x"', '"9999999999999999999999"', "[]", "[null]", "[1e309]", f"[{10**30}]",
    "{}", '{"a": 1}', '"\\u0000"', '"\\ud800"', "[" * 200 + "]" * 200, '"' + "h8 " * 500 + '"',
    '["h8", "h8"]', '[0, 0, 0]', '[-1, 5]', f'[{10**19}, 1]',
]  # fmt: skip


@pytest.fixture(scope="module")
def web():
    from starlette.testclient import TestClient

    from tansuo.web import Limits, create_app

    app = create_app(Limits(time_limit=0.5, max_grid_cells=10_000))
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def _body(base: dict[str, Any], rng: random.Random) -> str:
    """The endpoint's good body as JSON text, with one field (or the whole) made junk."""
    roll = rng.random()
    if roll < 0.08:
        return rng.choice(JSON_JUNK)
    if roll < 0.12:
        return json.dumps(base)[: rng.randrange(1, len(json.dumps(base)))]  # cut short
    fields = [json.dumps(k) + ": " + json.dumps(v) for k, v in base.items()]
    keys = [*base, "time_limit", "max_solutions", "weight", "size", "seed", "stream",
            "count", "n", "number", "depth", "rule", "max_expansions"]  # fmt: skip
    key = rng.choice(keys)
    fields = [f for f in fields if not f.startswith(json.dumps(key) + ":")]
    fields.append(json.dumps(key) + ": " + rng.choice(JSON_JUNK))
    return "{" + ", ".join(fields) + "}"


@pytest.mark.parametrize("path", list(ENDPOINT_BODIES))
def test_every_endpoint_answers_generated_bodies_with_json(path, scale, web):
    rng = random.Random(f"{SEED}:{path}")
    base = ENDPOINT_BODIES[path]
    good = web.post(path, content=json.dumps(base), headers={"content-type": "application/json"})
    assert good.status_code == 200, (path, good.text[:300])  # the base body is good
    for case in range(8 * scale):
        body = _body(base, rng)
        with deadline(60, (path, body[:200])):
            answer = web.post(path, content=body, headers={"content-type": "application/json"})
        where = (path, case, body[:300], answer.status_code, answer.text[:300])
        assert answer.status_code < 500, where
        if answer.status_code >= 400:
            payload = answer.json()
            assert isinstance(payload.get("error"), str) and payload["error"], where
            assert "\n" not in payload["error"], where

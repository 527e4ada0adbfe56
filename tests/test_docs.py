"""The docs' examples work: every Python block of docs/ runs, every `tansuo` line exits cleanly.

The same check as tests/test_readme.py, over the Markdown pages of docs/ (the
guides, getting started, ...). The gallery's examples run when the docs are
built (`.ci/run`), so they are not run again here. A page's Python blocks run
in order in one namespace, as a reader would paste them one after another.

Commands that would wait for a user run bounded, as the docs show them: a game
in the terminal gets its moves from a script that ends with ``quit``, and the
web server starts on a free port, answers a page and stops on Ctrl-C. The docs
show ``tansuo bench`` on one quick suite; a full benchmark run is prose only.
"""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)
SERVED = "tansuo serve"
# a game in the terminal: the moves typed, then quit (the engine answers at least once)
PLAYED = {
    "tansuo gomoku play": ("h8\nquit\n", "engine plays"),
    "tansuo xiangqi play": ("quit\n", "engine: "),
}
# run by another test already, which is named here (the demo takes seconds)
RUN_ELSEWHERE = {"tansuo demo": (ROOT / "tests" / "test_search_cli.py", 'run_cli("demo")')}


def pages() -> list[Path]:
    skip = {"_build", "gallery", "api"}
    return sorted(p for p in DOCS.rglob("*.md") if not skip & set(p.relative_to(DOCS).parts))


def blocks(page: Path, language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(page.read_text()) if lang == language]


def all_commands() -> list[tuple[str, str]]:
    """``(page, command)`` for every `tansuo` line of the docs' shell blocks."""
    found = []
    for page in pages():
        for body in blocks(page, "bash"):
            for line in body.splitlines():
                line = line.split("  #")[0].strip()
                if line.startswith("tansuo "):
                    found.append((str(page.relative_to(DOCS)), line))
    return found


def commands(kind: str = "plain") -> list[tuple[str, str]]:
    """The docs' commands of one kind: "served", "played", "elsewhere" or "plain" (the rest)."""

    def kind_of(command: str) -> str:
        if command.startswith(SERVED):
            return "served"
        if command.startswith(tuple(PLAYED)):
            return "played"
        if command.startswith(tuple(RUN_ELSEWHERE)):
            return "elsewhere"
        return "plain"

    return [(page, command) for page, command in all_commands() if kind_of(command) == kind]


def python_pages() -> list[Path]:
    return [page for page in pages() if blocks(page, "python")]


@pytest.fixture
def in_scratch_copy(tmp_path, monkeypatch):
    """Run in a scratch folder that sees the repository's files, so outputs land there."""
    for entry in ROOT.iterdir():
        if not entry.name.startswith("."):
            (tmp_path / entry.name).symlink_to(entry)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_docs_have_examples_to_run():
    assert len(python_pages()) >= 8 and len(commands()) >= 20
    # the commands that run bounded are in the docs, as shell lines
    assert len(commands("served")) >= 1
    assert {c.split(" --")[0] for _, c in commands("played")} == set(PLAYED)
    assert any(c.startswith("tansuo bench ") for _, c in commands())


@pytest.mark.parametrize("page", python_pages(), ids=lambda p: str(p.relative_to(DOCS)))
def test_python_examples_run(page, in_scratch_copy, capsys):
    namespace = {"__name__": "__docs__"}
    for index, code in enumerate(blocks(page, "python")):
        exec(compile(code, f"{page.name} python block {index}", "exec"), namespace)
        printed = capsys.readouterr().out
        # where the page shows the output as a comment, the output must say it
        for line in code.splitlines():
            match = re.match(r"^print\(.*\)\s+#\s+(.+)$", line.strip())
            if match:
                assert match.group(1).split("  ")[0].strip() in printed, (page.name, line)


@pytest.mark.parametrize(("page", "command"), commands())
def test_command_examples_run(page, command, in_scratch_copy, run_cli):
    argv = shlex.split(command)[1:]
    result = run_cli(*argv)
    assert result.code in (0, 1), f"{page}: {command}: exit {result.code}: {result.err}"
    assert "Traceback" not in result.err


@pytest.mark.parametrize(("page", "command"), commands("played"))
def test_play_examples_run_with_scripted_moves(page, command, run_cli, monkeypatch):
    script, engine_moved = next(v for k, v in PLAYED.items() if command.startswith(k))
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    result = run_cli(*shlex.split(command)[1:])
    assert result.code == 0, f"{page}: {command}: exit {result.code}: {result.err}"
    assert engine_moved in result.out, (page, command, result.out[-500:])
    assert "Traceback" not in result.err


def test_serve_examples_answer_and_stop_on_ctrl_c():
    """Every `tansuo serve` line of the docs, on a free port instead of its own: the page and
    the limits it was given are served, and Ctrl-C stops it with exit 130. ``--open`` opens
    nothing (BROWSER names a command that does nothing)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "BROWSER": "true"}
    lines = [command for _, command in commands("served")]
    servers = []
    for command in lines:
        argv = shlex.split(command)[1:]
        if "--port" in argv:
            argv[argv.index("--port") + 1] = "0"
        else:
            argv += ["--port", "0"]
        # Ctrl-C as in a terminal: SIGINT's default disposition (see tests/test_web_cli.py)
        servers.append(
            subprocess.Popen(
                [sys.executable, "-m", "tansuo", *argv],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
            )
        )
    try:
        for command, server in zip(lines, servers, strict=True):
            assert server.stdout is not None
            line = server.stdout.readline()
            assert line.startswith("tansuo serve: http://127.0.0.1:"), (command, line)
            url = line.split()[2]
            with urllib.request.urlopen(url, timeout=30) as page:
                assert b"tansuo" in page.read(), command
            argv = shlex.split(command)
            wanted = float(argv[argv.index("--time-limit") + 1]) if "--time-limit" in argv else 10
            with urllib.request.urlopen(url + "api/limits", timeout=30) as answer:
                assert json.load(answer)["time_limit"] == wanted, command
    finally:
        for server in servers:
            server.send_signal(signal.SIGINT)
        ended = [server.communicate(timeout=60) for server in servers]
    for command, server, (out, err) in zip(lines, servers, ended, strict=True):
        assert server.returncode == 130, (command, server.returncode, err)
        assert "Traceback" not in out + err, command


@pytest.mark.parametrize(("page", "command"), commands("elsewhere"))
def test_commands_run_by_another_test_are_the_ones_it_runs(page, command):
    """The demo takes seconds and runs in tests/test_search_cli.py already: the docs' line is
    that same command, with nothing added."""
    path, call = next(v for k, v in RUN_ELSEWHERE.items() if command.startswith(k))
    assert command in RUN_ELSEWHERE, (page, command)
    assert call in path.read_text(), (path, call)


def test_every_kept_benchmark_run_makes_a_table_with_its_conditions():
    """docs/benchmarks/*.json become the benchmarks page's tables when the docs are built: each
    file reads, and each names its machine and load (or a page of docs/benchmarks does)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_tables", DOCS / "bench_tables.py")
    assert spec is not None and spec.loader is not None
    bench_tables = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_tables)
    files = sorted((DOCS / "benchmarks").glob("*.json"))
    assert files
    text = bench_tables.page(files)
    for path in files:
        assert f"file `{path.name}`" in text
    assert "not recorded" not in text

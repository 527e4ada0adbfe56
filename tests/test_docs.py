"""The docs' examples work: every Python block of docs/ runs, every `tansuo` line exits cleanly.

The same check as tests/test_readme.py, over the Markdown pages of docs/ (the
guides, getting started, ...). The gallery's examples run when the docs are
built (`.ci/run`), so they are not run again here. A page's Python blocks run
in order in one namespace, as a reader would paste them one after another.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)
# commands that take minutes or run forever (a server, an interactive game, a match of
# many games, a benchmark): shown in the docs, not run by the tests
SKIPPED = (
    "tansuo demo", "tansuo bench", "tansuo serve", "tansuo gomoku play", "tansuo xiangqi play",
)  # fmt: skip


def pages() -> list[Path]:
    skip = {"_build", "gallery", "api"}
    return sorted(p for p in DOCS.rglob("*.md") if not skip & set(p.relative_to(DOCS).parts))


def blocks(page: Path, language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(page.read_text()) if lang == language]


def commands() -> list[tuple[str, str]]:
    found = []
    for page in pages():
        for body in blocks(page, "bash"):
            for line in body.splitlines():
                line = line.split("  #")[0].strip()
                if line.startswith("tansuo ") and not line.startswith(SKIPPED):
                    found.append((str(page.relative_to(DOCS)), line))
    return found


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

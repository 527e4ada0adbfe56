"""The README's examples work: every Python block runs, every `tansuo` line exits cleanly."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def blocks(language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(README.read_text()) if lang == language]


def commands() -> list[str]:
    lines = []
    for body in blocks("bash"):
        for line in body.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("tansuo ") and not line.startswith(("tansuo demo", "tansuo bench")):
                lines.append(line)
    return lines


@pytest.fixture
def in_scratch_copy(tmp_path, monkeypatch):
    """Run in a scratch folder that sees the repository's files, so outputs land there."""
    for entry in README.parent.iterdir():
        if not entry.name.startswith("."):
            (tmp_path / entry.name).symlink_to(entry)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_readme_has_the_two_quick_start_commands_first():
    first = blocks("bash")[0].strip().splitlines()
    assert first == ["pip install -e . && tansuo demo", "pip install -e '.[test]' && pytest"]


@pytest.mark.parametrize("index", range(len(blocks("python"))))
def test_python_example_runs(index, in_scratch_copy, capsys):
    code = blocks("python")[index]
    exec(compile(code, f"README python block {index}", "exec"), {"__name__": "__readme__"})
    printed = capsys.readouterr().out
    # where the README shows the output as a comment, the output must say it
    for line in code.splitlines():
        match = re.match(r"^print\(.*\)\s+#\s+(.+)$", line.strip())
        if match:
            assert match.group(1).split("  ")[0].strip() in printed, line


@pytest.mark.parametrize("command", commands())
def test_command_example_runs(command, in_scratch_copy, run_cli):
    argv = shlex.split(command)[1:]
    result = run_cli(*argv)
    assert result.code in (0, 1), f"{command}: exit {result.code}: {result.err}"
    assert "Traceback" not in result.err

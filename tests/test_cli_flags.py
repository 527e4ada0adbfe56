"""One flag per meaning: every command's options and help, read in-process, against CONVENTIONS.md.

The table of CONVENTIONS.md ("Command line") names one flag per meaning; this
walks the whole command tree (no subprocess: the help of every command is
built from the click objects Typer makes) and checks that each command spells
and shapes those flags alike, that old spellings are gone from the help, that
``--algo`` names an algorithm the same way everywhere, that default time
limits follow the one rule, and that no help text carries markup or typos a
terminal shows as they are.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer

from tansuo.cli import app
from tansuo.cli._common import MATCH_TIME_LIMIT, MOVE_TIME_LIMIT, SEARCH_TIME_LIMIT

CONVENTIONS = Path(__file__).resolve().parents[1] / "CONVENTIONS.md"


def _commands() -> list[tuple[str, Any, Any]]:
    """``(path, command, context)`` of every command that runs (not the groups)."""
    root = typer.main.get_command(app)
    found: list[tuple[str, Any, Any]] = []

    def walk(command: Any, path: str, parent: Any) -> None:
        name = path.rsplit(" ", 1)[-1]
        ctx = command.make_context(name, [], parent=parent, resilient_parsing=True)
        if hasattr(command, "list_commands"):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None and not getattr(sub, "hidden", False):
                    walk(sub, f"{path} {name}", ctx)
        else:
            found.append((path, command, ctx))

    walk(root, "tansuo", None)
    return found


COMMANDS = _commands()


def _options(command: Any) -> list[Any]:
    return [p for p in command.params if getattr(p, "opts", None) and not p.hidden]


def _table() -> dict[str, str]:
    """Flag -> its metavar (or "" for a switch) from the table in CONVENTIONS.md."""
    section = CONVENTIONS.read_text().split("## Command line", 1)[1].split("\n## ", 1)[0]
    flags: dict[str, str] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[1].startswith("`--"):
            for flag in re.findall(r"`(--[a-z-]+)( [A-Z]+)?`", cells[1]):
                flags[flag[0]] = flag[1].strip()
    return flags


def test_the_table_is_read_and_every_flag_in_it_is_used():
    table = _table()
    assert {"--algo", "--animate", "--render", "--trace", "--sample", "--out", "--workers",
            "--max-memory", "--json", "--json-out", "--time-limit"} <= set(table)  # fmt: skip
    used = {opt for _, command, _ in COMMANDS for p in _options(command) for opt in p.opts}
    assert set(table) <= used, set(table) - used


@pytest.mark.parametrize(("path", "command", "ctx"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_each_flag_has_the_table_s_shape(path, command, ctx):
    table = _table()
    for param in _options(command):
        for flag in param.opts:
            if flag not in table:
                continue
            metavar = table[flag]
            if metavar:
                assert not param.is_flag, f"{path} {flag} takes a value ({metavar})"
                assert param.metavar == metavar, f"{path} {flag} {param.metavar} != {metavar}"
            else:
                assert param.is_flag, f"{path} {flag} is a switch"


@pytest.mark.parametrize(("path", "command", "ctx"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_old_spellings_are_gone(path, command, ctx):
    visible = {opt for p in _options(command) for opt in p.opts}
    # --save is --out, --concurrency is --workers, --hash MB is --max-memory SIZE,
    # --explain is --trace; bench's --json FILE is --json-out FILE
    assert not visible & {"--save", "--concurrency", "--hash", "--explain"}, path
    for param in _options(command):
        if "--file" in param.opts:
            assert "top95" not in (param.help or ""), f"{path}: bundled sets come by --sample"


def test_algo_names_are_one_spelling_everywhere():
    table_row = next(
        line for line in CONVENTIONS.read_text().splitlines() if "| which algorithm |" in line
    )
    known = set(re.findall(r"`([a-z-]+)`", table_row.split("|")[3]))
    weighted = {}
    for path, command, _ in COMMANDS:
        for param in _options(command):
            if "--algo" in param.opts:
                names = set(re.findall(r"[a-z-]+", (param.help or "").split(":", 1)[1]))
                assert names <= known, f"{path}: {names - known} not in the table"
                weighted[path] = "weighted-astar" in names
    # weighted A* is in the generic engine, the grid and the sliding puzzles: one name
    assert weighted["tansuo search"] and weighted["tansuo path"]
    assert weighted["tansuo sliding solve"]


def test_old_algo_spellings_are_read_with_a_note(run_cli):
    run = run_cli("search", "1 2 3 4 5 6 0 7 8", "--algo", "weighted", "--json")
    assert run.code == 0 and "now spelled --algo weighted-astar" in run.err


@pytest.mark.parametrize(("path", "command", "ctx"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_default_time_limits_follow_the_one_rule(path, command, ctx):
    for param in _options(command):
        if "--time-limit" not in param.opts:
            continue
        text = param.help or ""
        if path == "tansuo serve":
            assert param.default == 10.0  # a cap on each web request
        elif text.startswith("Give up after"):
            assert param.default == SEARCH_TIME_LIMIT, path
        elif text.startswith("Seconds to think on a move"):
            # None: the command applies MOVE_TIME_LIMIT unless --depth or --max-nodes bound it
            assert param.default in (MOVE_TIME_LIMIT, None), path
        else:  # a match or a book: hundreds of moves
            assert param.default == MATCH_TIME_LIMIT, (path, text)


def test_the_commands_that_think_by_default_think_the_move_time():
    from tansuo.cli import gomoku, play, xiangqi

    assert gomoku.DEFAULT_THINK == xiangqi.DEFAULT_THINK == MOVE_TIME_LIMIT
    assert play.DEFAULT_TIME_LIMIT == MOVE_TIME_LIMIT


@pytest.mark.parametrize(("path", "command", "ctx"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_help_reads_as_plain_text(path, command, ctx):
    text = command.get_help(ctx)
    usage = text.splitlines()[0]
    assert "{" not in usage and "}" not in usage, usage  # {tiles}: Typer's braces
    assert "``" not in text, path  # reST markup shown as it is
    body = " ".join(text.splitlines()[1:])  # as written: "--file FILE" is no repeat
    assert not re.search(r"\b([a-z]+) \1\b", body), path  # "the the"
    assert "......" not in text, path


def test_subcommands_have_their_own_help(run_cli):
    run = run_cli("sliding", "build-pdb", "--help")
    assert run.code == 0 and "--animate" not in run.out and "pattern databases" in run.out
    run = run_cli("sokoban", "verify", "--help")
    assert run.code == 0 and "SOLUTIONS" in run.out and "--mode" not in run.out

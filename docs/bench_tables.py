"""The benchmarks page's tables, made from the ``tansuo bench`` JSON files kept in docs/.

Each file in ``docs/benchmarks/`` is one run: its ``date``, the ``machine`` and
its ``load``, the ``command`` that made it, and ``results``, the list that
``tansuo bench --json-out FILE`` writes. A file that is only that list (named
``YYYY-MM-DD-...json``) takes its date from its name, and its conditions from
the page of ``docs/benchmarks/`` that names the file. ``conf.py`` calls
:func:`write_tables` before the build, which writes ``benchmarks/results.md``
(not kept in git). Notes indented in a suite's list (a line per instance) stay
in the file; the table shows the others.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _time(seconds: float | None) -> str:
    if seconds is None:
        return ""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def _rate(value: float | None) -> str:
    if not value:
        return ""
    for unit, scale in (("M", 1e6), ("k", 1e3)):
        if value >= scale:
            return f"{value / scale:.3g}{unit}"
    return f"{value:.3g}"


def suite_table(suite: dict[str, Any]) -> list[str]:
    """One suite's results as a Markdown table (a row per solver)."""
    lines = [
        "| solver | clock | solved | median | max | nodes/s | verified | time / tansuo's |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for run in suite["runs"]:
        name = run["solver"] + (f" ({run['note']})" if run.get("note") else "")
        ratio = f"{run['ratio']:.3g}x" if run.get("ratio") else ""
        lines.append(
            f"| {name} | {run.get('clock', '')} | {run['solved']}/{run['instances']} "
            f"| {_time(run.get('median_s'))} | {_time(run.get('max_s'))} "
            f"| {_rate(run.get('nodes_per_s'))} | {'yes' if run.get('verified') else 'no'} "
            f"| {ratio} |"
        )
    return lines


def _conditions(path: Path, record: dict[str, Any]) -> str:
    """The machine, load and command of a run, or where its page gives them."""
    if "machine" in record:
        return f"{record['machine']}; {record['load']}. Made by `{record['command']}`"
    pages = sorted(
        p.stem
        for p in path.parent.glob("*.md")
        if p.name not in ("results.md", "index.md") and path.name in p.read_text()
    )  # results.md is made from these files, and index.md shows it
    if pages:
        return f"Machine, load and command: {{doc}}`{pages[0]}`"
    return "Machine and load not recorded with this file"


def page(files: list[Path]) -> str:
    """The Markdown of every run, newest first."""
    out: list[str] = []
    for path in sorted(files, reverse=True):
        data = json.loads(path.read_text())
        record = data if isinstance(data, dict) else {"date": path.name[:10], "results": data}
        for suite in record["results"]:
            notes = [note for note in suite.get("notes", []) if not note.startswith(" ")]
            out += [
                f"### {suite['suite']}, {record['date']}",
                "",
                f"{_conditions(path, record)} ({suite['instances']} instances; file "
                f"`{path.name}`).",
                "",
                *suite_table(suite),
                "",
                *(f"- {note}" for note in notes),
                "",
            ]
    return "\n".join(out)


def write_tables(folder: Path) -> Path:
    """Write ``results.md`` beside the JSON files of ``folder``; returns its path."""
    target = folder / "results.md"
    text = page(list(folder.glob("*.json")))
    if not target.exists() or target.read_text() != text:
        target.write_text(text)
    return target

"""``tansuo bench``: run the benchmark suites, tansuo beside its peers."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from tansuo import bench as harness
from tansuo.cli._common import (
    check_output,
    console,
    emit_json,
    err_console,
    force_option,
    json_option,
    json_out_option,
)
from tansuo.errors import InvalidInput


def register(app: typer.Typer) -> None:
    app.command("bench", help="Run benchmark suites beside peer libraries; print a table.")(run)


def _fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def _fmt_rate(rate: float | None) -> str:
    if rate is None:
        return "-"
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if rate >= size:
            return f"{rate / size:.2f}{unit}"
    return f"{rate:.0f}"


def run(
    domain: str | None = typer.Argument(None, help="A domain or suite name; all when omitted."),
    json_print: bool = json_option("one JSON object per suite (the tables go to stderr)"),
    json_file: Path | None = json_out_option("the results as a JSON list"),
    quick: bool = typer.Option(False, "--quick", help="Small instance counts (a smoke run)."),
    list_suites: bool = typer.Option(False, "--list", help="List the suites and exit."),
    force: bool = force_option(),
) -> None:
    """Run benchmark suites and print median/max time, nodes per second and peer ratios."""
    if domain is not None and domain.endswith(".json"):  # bench --json FILE, the old spelling
        raise InvalidInput(
            f"--json prints the results; to write them to a file: --json-out {domain}"
        )
    suites = harness.select(domain)
    if list_suites:
        for s in suites:
            console.print(f"{s.name:28} {s.domain:12} {s.description}")
        return
    if json_file is not None:
        check_output(json_file, force=force)
    results = []
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console if json_print else console,
        transient=True,
    ) as progress:
        task = progress.add_task("", total=None)

        def report(label: str, done: int, total: int) -> None:
            progress.update(task, description=label, completed=done, total=total)

        for s in suites:
            ctx = harness.BenchContext(quick=quick, progress=report)
            progress.update(task, description=s.name, completed=0, total=None)
            results.append(s.func(ctx))
            _print_table(results[-1], err_console if json_print else console)
            if json_print:
                emit_json(results[-1].as_dict())
    if json_file is not None:
        json_file.write_text(json.dumps([r.as_dict() for r in results], indent=2) + "\n")
        (err_console if json_print else console).print(f"results written to {json_file}")


def _print_table(result: harness.SuiteResult, console: Console) -> None:
    table = Table(title=f"{result.suite} ({result.instances} instances)", title_justify="left")
    columns = ("solver", "clock", "solved", "median", "max", "nodes/s", "verified")
    for col in (*columns, result.ratio_label):
        if col == "solver":
            table.add_column(col, justify="left", no_wrap=True)
        else:
            table.add_column(col, justify="right", no_wrap=True)
    for r in result.runs:
        ratio = result.ratio(r)
        versus = result.reference_run(r)
        shown = "-" if ratio is None or not r.peer else f"{ratio:.1f}x"
        if ratio is not None and r.peer and versus is not None and versus.solver != result.baseline:
            shown += f" [dim]vs {versus.solver}[/dim]"
        table.add_row(
            r.solver + (f" [dim]({r.note})[/dim]" if r.note else ""),
            r.clock,
            f"{r.solved}/{len(r.times)}",
            _fmt_time(r.median),
            _fmt_time(r.max),
            _fmt_rate(r.nodes_per_second),
            "[red]NO[/red]" if r.check == "NO" else r.check,
            shown,
        )
    # a table written to a file or a pipe is not cut to 80 columns
    wide = (
        console
        if console.is_terminal
        else Console(highlight=False, width=180, stderr=console.stderr)
    )
    wide.print(table)
    for note in result.notes:
        console.print(Text(f"  {note}", style="dim"))  # a note may hold brackets: no markup

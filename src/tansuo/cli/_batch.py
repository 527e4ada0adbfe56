"""The batch flags and the batch loop every command with a batch mode shares.

``tansuo batch DOMAIN SOURCE`` and the domains' own batch modes (``tansuo
sudoku --file``, ``tansuo path --scen``, ...) all end here, so that
``--workers``, ``--ray``, ``--out``, ``--resume`` and ``--json`` mean the same
thing and print the same progress bar and summary everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from tansuo.cli._common import (
    EXIT_BY_STATUS,
    EXIT_SOLVED,
    EXIT_USAGE,
    compiling,
    console,
    emit_json,
    err_console,
    fail_line,
)
from tansuo.errors import InvalidInput
from tansuo.files import check_output, shown_path

if TYPE_CHECKING:  # the batch runner and rich's progress bar: imported by a batch only
    from rich.text import Text

    from tansuo.batch import BatchSummary, Instance, Record

# the status of a record whose instance raised (tansuo.batch.ERROR, without importing it)
ERROR = "error"


def workers_option() -> Any:
    """``--workers K``: local worker processes (each compiles the kernels once)."""
    return typer.Option(1, "--workers", metavar="K", help="Solve in K local processes.")


def ray_option() -> Any:
    """``--ray auto|ADDRESS``: run the batch on Ray."""
    return typer.Option(
        None,
        "--ray",
        metavar="ADDRESS",
        help="Run on Ray: 'auto' starts a local instance, or a cluster address (tansuo[ray]).",
    )


def resume_option() -> Any:
    """``--resume``: keep what ``--out`` already holds and skip those ids."""
    return typer.Option(
        False, "--resume", help="Keep the results already in --out and solve only the rest."
    )


def _rate(task: Any) -> Text:
    """Instances per second, for the progress bar's column."""
    from rich.text import Text

    speed = task.finished_speed or task.speed
    return Text("" if speed is None else f"{speed:,.1f}/s", style="progress.data.speed")


def check_batch_flags(
    *, workers: int, ray: str | None, out: Path | None, resume: bool, force: bool, inputs: tuple
) -> None:
    """The batch flags' own rules, checked before any work starts."""
    if not isinstance(workers, int) or not 1 <= workers <= 1024:
        raise InvalidInput(f"--workers must be a whole number from 1 to 1024, got {workers}")
    if ray is not None and workers != 1:
        raise InvalidInput("--ray and --workers do not go together (Ray decides the workers)")
    if resume and out is None:
        raise InvalidInput("--resume continues an --out file; give --out FILE")
    if out is not None:
        check_output(out, force=force or resume, inputs=inputs)


def run_batch_command(
    domain: str,
    instances: Iterable[Instance],
    options: Mapping[str, Any],
    *,
    total: int | None,
    workers: int = 1,
    ray: str | None = None,
    out: Path | None = None,
    resume: bool = False,
    json_out: bool = False,
    describe: Callable[[Record], str] | None = None,
    warm_up: Callable[[], Any] | None = None,
    source: str | None = None,
    print_records: bool = True,
    on_record: Callable[[Record], None] | None = None,
    lean: bool | None = None,
    skip_ids: Collection[str] = (),
) -> int:
    """Run a batch with a progress bar; print records or write them; summarise; exit code.

    Records go to ``out`` (JSON Lines, input order) when given; else to
    stdout, as JSON Lines with ``json_out`` or one ``describe(record)`` line
    each (none with ``print_records=False``). The summary is a table on stdout
    (stderr when stdout carries JSON). ``on_record`` sees every record, for a
    command's own tally. Records are lean (no solutions) when they are neither
    written nor printed as JSON, unless ``lean`` says otherwise. ``skip_ids``
    are finished already (counted as skipped, like ``resume`` does for ``out``).
    """
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from tansuo.batch import make_backend, run_batch

    class RateColumn(ProgressColumn):
        """Instances per second."""

        def render(self, task: Any) -> Text:
            return _rate(task)

    if lean is None:
        lean = out is None and not json_out
    if warm_up is not None and ray is None:
        # before the workers start: forked workers inherit the loaded kernels
        with compiling(warm_up, f"the {domain} kernels"):
            pass
    backend = make_backend(workers, ray)
    start = getattr(backend, "start", None)
    if start is not None:
        start()  # before the progress bar's thread: forking beside a thread is unsafe
    show = describe or _describe
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=not err_console.is_terminal,
    )
    statuses: set[str] = set()
    error_count = 0
    first_error: Record | None = None
    try:
        with progress:
            bar = progress.add_task(f"{domain}", total=total)

            def show_record(record: Record) -> None:
                nonlocal error_count, first_error
                progress.advance(bar)
                if record.get("skipped"):
                    return
                statuses.add(str(record.get("status")))
                if record.get("status") == ERROR:
                    error_count += 1
                    first_error = first_error or record
                if on_record is not None:
                    on_record(record)
                if out is not None:
                    return
                if json_out:
                    emit_json(record)
                elif print_records:
                    # beside a live bar on the same screen, print through the bar's console
                    shared_screen = console.is_terminal and err_console.is_terminal
                    (progress.console if shared_screen else console).print(
                        show(record), markup=False, highlight=False, soft_wrap=True
                    )

            summary = run_batch(
                domain, instances, options, backend=backend, out=out, resume=resume,
                on_record=show_record, source=source, lean=lean, skip_ids=skip_ids,
            )  # fmt: skip
    finally:
        backend.close()
    print_summary(summary, out=out, to_stderr=json_out and out is None)
    if summary.done == 0 and summary.skipped == 0:
        where = "standard input" if source in (None, "-") else shown_path(str(source))
        fail_line(f"{where}: no {domain} instances found (blank lines and # comments are skipped)")
        return EXIT_USAGE
    if first_error is not None:  # exit 2 says "bad input": the one line on stderr says which
        fail_line(
            f"{error_count:,} of {summary.done:,} instances could not be solved; "
            f"the first, id {first_error['id']}: {first_error.get('error')}"
        )
    return _exit_code(statuses)


def _describe(record: Record) -> str:
    status = record.get("status")
    if status == ERROR:
        return f"{record['id']}\terror\t{record.get('error')}"
    cost, count = record.get("cost"), record.get("count")
    extra = "" if cost is None else f"\tcost {cost}"
    if count is not None:  # the domains that count solutions (N-Queens, Sudoku)
        extra += f"\tcount {count:,}"
    return f"{record['id']}\t{status}{extra}\t{float(record.get('elapsed_s') or 0) * 1e3:.1f} ms"


def _exit_code(statuses: set[str]) -> int:
    codes = [EXIT_USAGE if s == ERROR else EXIT_BY_STATUS.get(s, EXIT_USAGE) for s in statuses]
    return max(codes, default=EXIT_SOLVED)


def _seconds(value: float | None) -> str:
    if value is None:
        return "-"
    if value < 1e-3:
        return f"{value * 1e6:.1f} µs"
    if value < 1:
        return f"{value * 1e3:.1f} ms"
    return f"{value:.2f} s"


def print_summary(summary: BatchSummary, *, out: Path | None, to_stderr: bool) -> None:
    """The end-of-batch table: counts per outcome, times, throughput."""
    from rich.table import Table

    table = Table(title="batch summary", title_justify="left", show_header=False, box=None)
    table.add_column(justify="left")
    table.add_column(justify="right")
    for status, count in summary.counts.items():
        table.add_row(status.replace("_", " "), f"{count:,}")
    if summary.skipped:
        table.add_row("already done (--resume)", f"{summary.skipped:,}")
    table.add_row("wall time", _seconds(summary.wall_s))
    table.add_row("solver time, total", _seconds(summary.total_instance_s))
    table.add_row("solver time, median", _seconds(summary.median_s))
    rate = summary.per_second
    table.add_row("throughput", "-" if rate is None else f"{rate:,.1f} instances/s")
    if out is not None:
        table.add_row("results", str(out))
    (err_console if to_stderr else console).print(table)

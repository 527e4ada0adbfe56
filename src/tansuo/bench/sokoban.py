"""Sokoban benchmarks: how many levels of Microban and XSokoban the solver finishes.

The issue's targets, one suite each:

* ``sokoban-microban``: fast mode, 10 s per level, >= 150 of 155
  (ShenMian's sokoban-rs solves 144 at 10 s per level);
* ``sokoban-xsokoban``: fast mode with the two-process portfolio (both
  cores), 60 s of wall clock per level (Festival solves all 90);
* ``sokoban-xsokoban-cpu``: the same levels measured independently of the
  machine's load: each level in its own process (no portfolio: the solver's
  own searches take turns in it), stopped after 60 s of CPU time
  (``RLIMIT_CPU`` a little above as a backstop), two levels at once
  (``TANSUO_BENCH_SOKOBAN_PROCESSES`` sets how many);
* ``sokoban-optimal``: push-optimal and move-optimal A* on Microban at 10 s
  per level: how many are solved, each proved optimal by the search.

Each level's time is the wall-clock time of one :func:`~tansuo.sokoban.solve`
call (the per-level tables included). Every solution is replayed move by move
by :func:`tansuo.sokoban.verify` (what ``tansuo sokoban verify`` runs) before
it counts. The notes hold a row per level solved: pushes, moves, seconds,
states expanded per second and the states pruned by each kind of deadlock.
No peer is installed here (sokoban-rs and Festival are native programs);
their published counts are quoted in the notes. ``--quick`` takes the first
levels of each collection with short limits.

Two environment variables help a long run: ``TANSUO_BENCH_SOKOBAN_LEVELS``
(level numbers such as ``1-30,45``) runs only those levels of the collection,
and ``TANSUO_BENCH_SOKOBAN_LOG`` (a file) gets each level's record as a JSON
line as soon as it is done (its LURD solution included, for ``tansuo sokoban
verify``), so that a run stopped early keeps what it measured.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import resource
import signal
import time
from collections.abc import Callable
from multiprocessing import connection
from typing import Any

from tansuo.batch.domains import parse_size_range
from tansuo.bench import BenchContext, Run, SuiteResult, suite
from tansuo.budget import stop_when
from tansuo.errors import InvalidInput
from tansuo.sokoban import DEADLOCK_KINDS as KINDS
from tansuo.sokoban import Level, bundled_collection, solve, verify, warm_up

BACKSTOP_S = 60.0
"""CPU seconds a worker may run past its limit before ``RLIMIT_CPU`` ends it."""


def _solve_one(level: Level, mode: str, time_limit: float, portfolio: bool) -> dict[str, Any]:
    """Solve and replay one level; a plain record (it may come from another process)."""
    started = time.perf_counter()
    result = solve(level, mode=mode, time_limit=time_limit, portfolio=portfolio)
    return _record(level, result, time.perf_counter() - started)


def _solve_cpu(level: Level, cpu_limit: float) -> dict[str, Any]:
    """In a worker process: one solve (no portfolio) stopped after ``cpu_limit`` s of CPU time."""
    spent = time.process_time()
    # the backstop (SIGXCPU, then SIGKILL) leaves room for a long step between two
    # checks of the stop and for the replay: a worker it ends is recorded as lost
    backstop = int(spent + cpu_limit + BACKSTOP_S)
    resource.setrlimit(resource.RLIMIT_CPU, (backstop, backstop + 10))
    started = time.perf_counter()
    with stop_when(lambda: time.process_time() - spent >= cpu_limit):
        result = solve(level, mode="fast", time_limit=None, portfolio=False)
    record = _record(level, result, time.perf_counter() - started)
    record["cpu_s"] = time.process_time() - spent
    return record


def _chosen(levels: list[Level]) -> list[Level]:
    """The levels ``TANSUO_BENCH_SOKOBAN_LEVELS`` names (``1-30,45``), in the order it
    names them (a long run can put the likeliest first), else all of them."""
    spec = os.environ.get("TANSUO_BENCH_SOKOBAN_LEVELS", "").strip()
    if not spec:
        return levels
    name = "TANSUO_BENCH_SOKOBAN_LEVELS"
    wanted = dict.fromkeys(parse_size_range(spec) or ())
    if not wanted:
        raise InvalidInput(f"{name}={spec!r}: expected level numbers such as 1-30,45")
    numbered = {level.number: level for level in levels}
    chosen = [numbered[number] for number in wanted if number in numbered]
    if not chosen:
        raise InvalidInput(f"{name}={spec!r}: no level of the set has such a number")
    return chosen


def _processes() -> int:
    """How many levels ``sokoban-xsokoban-cpu`` runs at once: ``TANSUO_BENCH_SOKOBAN_PROCESSES``
    (a CPU-time limit makes the count fair at any load), else 2, one per core."""
    spec = os.environ.get("TANSUO_BENCH_SOKOBAN_PROCESSES", "").strip()
    if not spec:
        return 2
    if not spec.isdigit() or int(spec) < 1:
        raise InvalidInput(f"TANSUO_BENCH_SOKOBAN_PROCESSES={spec!r}: expected a whole number >= 1")
    return int(spec)


def _log(record: dict[str, Any]) -> None:
    """Append ``record`` to the ``TANSUO_BENCH_SOKOBAN_LOG`` file, if one is named."""
    path = os.environ.get("TANSUO_BENCH_SOKOBAN_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(record) + "\n")


def _record(level: Level, result: Any, seconds: float) -> dict[str, Any]:
    stats = result.stats
    record: dict[str, Any] = {
        "number": level.number,
        "title": level.title,
        "status": result.status,
        "seconds": seconds,
        "pushes": result.pushes,
        "moves": result.moves,
        "expanded": stats.expanded,
        "nodes_per_s": stats.nodes_per_s,
        "pruned": stats.pruned,
        "winner": stats.winner,
        "closest": dict(stats.closest),
        "verified": False,
        "solution": result.solution,
    }
    if result.solved:
        end = verify(level, result.solution)  # the replayer, move by move
        record["verified"] = (end.moves, end.pushes) == (result.moves, result.pushes)
    return record


def _summarise(
    label: str, levels: list[Level], records: list[dict[str, Any]], limit_text: str
) -> tuple[Run, list[str]]:
    run = Run(label, nodes=0, clock="wall")
    run.reference = False
    unsolved: list[str] = []
    rows: list[str] = []
    totals = dict.fromkeys(KINDS, 0)
    for record in records:
        run.times.append(record["seconds"])
        assert run.nodes is not None
        run.nodes += record["expanded"]
        for kind in KINDS:
            totals[kind] += record["pruned"][kind]
        if record["status"] == "solved":
            run.verified &= record["verified"]
            run.solved += 1
            rate = record["nodes_per_s"] or 0.0
            pruned = ", ".join(f"{k} {record['pruned'][k]}" for k in KINDS)
            cpu = f", {record['cpu_s']:.2f} s CPU" if "cpu_s" in record else ""
            won = f", won by {record['winner']}" if record.get("winner") else ""
            rows.append(
                f"  {record['title']}: {record['pushes']} pushes, {record['moves']} moves, "
                f"{record['seconds']:.2f} s{cpu}, {record['expanded']} expanded, "
                f"{rate:,.0f} states/s{won}; pruned: {pruned}"
            )
        else:
            unsolved.append(f"{record['title']} ({record['status']})")
    head = f"{label}: solved {run.solved} of {len(levels)} at {limit_text}" + (
        f"; unsolved: {', '.join(unsolved)}" if unsolved else ""
    )
    pruned_all = ", ".join(f"{k} {totals[k]:,}" for k in KINDS)
    return run, [head, f"states pruned by kind, all levels: {pruned_all}", *rows]


def _run_levels(
    ctx: BenchContext,
    label: str,
    levels: list[Level],
    mode: str,
    time_limit: float,
    portfolio: bool = False,
) -> tuple[Run, list[str]]:
    records = []
    for i, level in enumerate(levels):
        records.append(_solve_one(level, mode, time_limit, portfolio))
        _log(records[-1])
        ctx.progress(label, i + 1, len(levels))
    return _summarise(label, levels, records, f"{time_limit:g} s per level")


def _suite(
    ctx: BenchContext,
    name: str,
    collection: str,
    full_limit: float,
    quick: tuple[int, float],
    modes: tuple[str, ...],
    peer_note: str,
    portfolio: bool = False,
) -> SuiteResult:
    warm_up()
    levels = _chosen(bundled_collection(collection))
    limit = full_limit
    if ctx.quick:
        levels, limit = levels[: quick[0]], quick[1]
    runs = []
    notes = []
    for mode in modes:
        optimal = " (proved optimal)" if mode != "fast" else ""
        both = " with the portfolio (2 processes)" if portfolio else ""
        run, lines = _run_levels(
            ctx, f"tansuo {mode}{optimal}{both}", levels, mode, limit, portfolio
        )
        runs.append(run)
        notes.extend(lines)
    notes.append(peer_note)
    notes.append("every solution replayed move by move by tansuo.sokoban.verify before it counts")
    return SuiteResult(name, len(levels), runs, runs[0].solver, notes)


@suite("sokoban-microban", "sokoban", "Microban (155 levels), fast mode, 10 s per level")
def microban_suite(ctx: BenchContext) -> SuiteResult:
    return _suite(
        ctx,
        "sokoban-microban",
        "microban",
        10.0,
        (12, 2.0),
        ("fast",),
        "peer (published, not run here): sokoban-rs solves 144 of 155 at 10 s per level",
    )


@suite("sokoban-xsokoban", "sokoban", "XSokoban (90 levels), fast mode, portfolio, 60 s per level")
def xsokoban_suite(ctx: BenchContext) -> SuiteResult:
    return _suite(
        ctx,
        "sokoban-xsokoban",
        "xsokoban90",
        60.0,
        (1, 5.0),
        ("fast",),
        "peer (published, not run here): Festival solves all 90",
        portfolio=True,
    )


@suite(
    "sokoban-xsokoban-cpu",
    "sokoban",
    "XSokoban (90 levels), fast mode, one process per level stopped at 60 s CPU, 2 at once",
)
def xsokoban_cpu_suite(ctx: BenchContext) -> SuiteResult:
    warm_up()
    levels = _chosen(bundled_collection("xsokoban90"))
    cpu_limit = 60.0
    if ctx.quick:
        levels, cpu_limit = levels[:1], 5.0
    label = "tansuo fast, 1 process per level, CPU-time limit"
    context = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    )
    processes = _processes()
    done = 0

    def finished(record: dict[str, Any]) -> None:
        nonlocal done
        done += 1
        _log(record)
        ctx.progress(label, done, len(levels))

    records = _each_in_a_process(context, levels, cpu_limit, processes, finished)
    run, notes = _summarise(label, levels, records, f"{cpu_limit:g} s of CPU per level")
    notes.append(
        f"each level in its own process ({processes} at once), no portfolio, stopped after "
        f"{cpu_limit:g} s of CPU time: what one core gives it on an idle machine, whatever the load"
    )
    notes.append("peer (published, not run here): Festival solves all 90")
    notes.append("every solution replayed move by move by tansuo.sokoban.verify before it counts")
    return SuiteResult("sokoban-xsokoban-cpu", len(levels), [run], run.solver, notes)


def _cpu_worker(send: Any, level: Level, cpu_limit: float) -> None:
    """A worker process's body: one CPU-held solve, its record sent to the parent."""
    send.send(_solve_cpu(level, cpu_limit))
    send.close()


def _each_in_a_process(
    context: Any,
    levels: list[Level],
    cpu_limit: float,
    processes: int,
    finished: Callable[[dict[str, Any]], None],
) -> list[dict[str, Any]]:
    """Solve each level in a fresh process, ``processes`` at once; the records in level order.

    A record is handed to ``finished`` as soon as its level is done, whatever
    the order. A worker that ends without an answer (the ``RLIMIT_CPU``
    backstop's signal, a crash, the kernel's out-of-memory killer) closes its
    end of the pipe, so its level is recorded as lost, with the exit code,
    and the run goes on (a ``multiprocessing.Pool`` would wait for that
    answer for ever).
    """
    records: list[dict[str, Any] | None] = [None] * len(levels)
    running: dict[Any, tuple[int, Any]] = {}  # the pipe's reading end -> (index, process)
    following = 0
    while following < len(levels) or running:
        while following < len(levels) and len(running) < processes:
            receive, send = context.Pipe(duplex=False)
            worker = context.Process(
                target=_cpu_worker, args=(send, levels[following], cpu_limit), daemon=True
            )
            worker.start()
            send.close()  # the worker holds the only writing end: its exit is an end of file
            running[receive] = (following, worker)
            following += 1
        ready: list[Any] = connection.wait(list(running))
        for receive in ready:
            index, worker = running.pop(receive)
            record: dict[str, Any] | None
            try:
                record = receive.recv()
            except (EOFError, OSError):
                record = None
            receive.close()
            worker.join()
            if record is None:
                code = worker.exitcode
                why = f"worker exit code {code}"
                if code is not None and code < 0:  # ended by a signal
                    with contextlib.suppress(ValueError):
                        why += f", {signal.Signals(-code).name}"
                record = _lost(levels[index], why)
            records[index] = record
            finished(record)
    return [record for record in records if record is not None]


def _lost(level: Level, why: str) -> dict[str, Any]:
    """The record of a level whose worker process ended without an answer."""
    return {
        "number": level.number, "title": level.title,
        "status": f"lost ({why})", "seconds": 0.0,
        "pushes": None, "moves": None, "expanded": 0, "nodes_per_s": None,
        "pruned": dict.fromkeys(KINDS, 0), "winner": None, "verified": False, "solution": None,
    }  # fmt: skip


@suite("sokoban-optimal", "sokoban", "Microban push- and move-optimal, 10 s per level")
def optimal_suite(ctx: BenchContext) -> SuiteResult:
    return _suite(
        ctx,
        "sokoban-optimal",
        "microban",
        10.0,
        (6, 2.0),
        ("push-optimal", "move-optimal"),
        "a level counts as solved only when A* finished: its solution is optimal",
    )

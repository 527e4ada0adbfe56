"""``tansuo bench batch``: one collection, three ways to run it (in-process, 2 processes, Ray).

Each run solves the same instances through :func:`tansuo.batch.iter_results`;
the table's time is the wall time of the whole batch (the "median" of a
single measurement), and the notes give the throughput and the speed-up over
the in-process run. Ray's fixed cost (starting a local instance, the first
task on each worker, which loads the kernels) is timed on its own line, not
inside the batch. Every run's records are checked against the in-process
run's, which is itself checked against the domain's rules (a valid Sudoku
grid that keeps its givens; a grid length equal to the scenario's optimum).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tansuo.bench import BenchContext, Run, SuiteResult, suite
from tansuo.errors import InvalidInput

BASELINE = "in-process"


def _instances(domain: str, source: str, count: int) -> list[Any]:
    from tansuo.batch import Instance, batch_domain

    found = list(batch_domain(domain).read(source))
    repeated = (found * (count // len(found) + 1))[:count]
    return [Instance(str(i + 1), item.text) for i, item in enumerate(repeated)]


def _sudoku_valid(record: dict[str, Any], text: str) -> bool:
    from tansuo.sudoku import parse_puzzle

    if record.get("status") != "solved" or not record.get("solution"):
        return False
    return bool(parse_puzzle(record["solution"]).is_solution_of(parse_puzzle(text)))


def _run_batch(
    label: str,
    domain: str,
    instances: list[Any],
    options: dict[str, Any],
    backend: Any,
    source: str | None,
    lean: bool = False,
) -> tuple[Run, list[dict[str, Any]], float]:
    from tansuo.batch import iter_results

    started = time.perf_counter()
    records = list(
        iter_results(domain, instances, options, backend=backend, source=source, lean=lean)
    )
    wall = time.perf_counter() - started
    run = Run(label, times=[wall], solved=sum(r["status"] == "solved" for r in records))
    return run, records, wall


def _three_ways(
    ctx: BenchContext,
    name: str,
    domain: str,
    instances: list[Any],
    options: dict[str, Any],
    check: Callable[[dict[str, Any], str], bool],
    source: str | None = None,
    lean: bool = False,
) -> SuiteResult:
    """Run ``instances`` in-process, in 2 processes and on Ray; compare the answers.

    ``lean`` runs keep no solutions in the records (a maze path has thousands of
    cells: 12,120 of them held three times took over 9 GB); their answers are
    compared by status and cost, and checked by ``check`` on what is left.
    """
    from tansuo.batch import InProcess, ProcessPool, RayBackend, batch_domain

    batch_domain(domain).warm_up()
    notes: list[str] = [f"{len(instances):,} instances; each time is the wall time of the batch"]
    runs: list[Run] = []
    ctx.progress(f"{name}: in-process", 0, 3)
    base, reference, base_wall = _run_batch(
        BASELINE, domain, instances, options, InProcess(), source, lean
    )
    bad = [r["id"] for r, item in zip(reference, instances, strict=True) if not check(r, item.text)]
    base.verified = not bad
    if bad:
        notes.append(f"in-process: {len(bad)} answers failed the check, e.g. id {bad[0]}")
    runs.append(base)
    notes.append(f"in-process: {len(instances) / base_wall:,.0f} instances/s")

    def compare(run: Run, records: list[dict[str, Any]], wall: float) -> None:
        answer = "cost" if lean else "solution"
        # an instance that ran out of time in either run is no answer to compare: near
        # its time limit, whether it finishes depends on what else holds the cores
        timed_out = sum("limit" in (r["status"], b["status"]) and r["status"] != b["status"]
                        for r, b in zip(records, reference, strict=True))  # fmt: skip
        same = [r["id"] for r in records] == [b["id"] for b in reference] and all(
            (r["status"], r.get(answer)) == (b["status"], b.get(answer))
            for r, b in zip(records, reference, strict=True)
            if "limit" not in (r["status"], b["status"])
        )
        run.verified = same and base.verified
        run.note = "same answers" if same else "DIFFERENT answers"
        if timed_out:
            notes.append(f"{run.solver}: {timed_out} instances ran out of time in one run only")
        notes.append(
            f"{run.solver}: {len(instances) / wall:,.0f} instances/s, "
            f"{base_wall / wall:.2f}x the in-process throughput"
        )
        runs.append(run)

    ctx.progress(f"{name}: 2 processes", 1, 3)
    started = time.perf_counter()
    with ProcessPool(2) as pool:
        _run_batch("pool warm-up", domain, instances[:4], options, pool, source, lean)
        pool_s = time.perf_counter() - started
        run, records, wall = _run_batch(
            "2 local processes", domain, instances, options, pool, source, lean
        )
    compare(run, records, wall)
    notes.append(
        f"2 local processes' fixed cost, not in their time: starting them and a first "
        f"4-instance batch {pool_s:.2f} s"
    )
    ctx.progress(f"{name}: Ray", 2, 3)
    try:
        started = time.perf_counter()
        ray_backend = RayBackend("auto", num_cpus=2)
        start_s = time.perf_counter() - started
        # the first task of each worker loads the kernels: timed apart, as one-off cost
        started = time.perf_counter()
        _run_batch("ray warm-up", domain, instances[:4], options, ray_backend, source, lean)
        warm_s = time.perf_counter() - started
        try:
            run, records, wall = _run_batch(
                "Ray (local, 2 CPUs)", domain, instances, options, ray_backend, source, lean
            )
            compare(run, records, wall)
        finally:
            ray_backend.close()
        notes.append(
            f"Ray's fixed cost, not in its time: starting a local instance {start_s:.2f} s, "
            f"first tasks (workers loading the kernels) {warm_s:.2f} s"
        )
    except InvalidInput as exc:  # Ray is an optional extra
        notes.append(str(exc))
    ctx.progress(name, 3, 3)
    return SuiteResult(name, len(instances), runs, BASELINE, notes)


@suite(
    "batch-sudoku", "batch", "100,000 Sudoku puzzles (top95 repeated): in-process, 2 processes, Ray"
)
def sudoku_batch(ctx: BenchContext) -> SuiteResult:
    source = str(Path(__file__).resolve().parents[1] / "data" / "sudoku" / "top95.txt")
    instances = _instances("sudoku", source, ctx.scale(100_000, 2_000))
    return _three_ways(ctx, "batch-sudoku", "sudoku", instances, {"max_solutions": 2},
                       _sudoku_valid)  # fmt: skip


@suite("batch-grid", "batch", "maze512-1-0 scenario (12,120 A* queries, ms each): three ways")
def grid_batch(ctx: BenchContext) -> SuiteResult:
    instances = _instances("grid", "maze512-1-0", ctx.scale(12_120, 300))

    def matched(record: dict[str, Any], text: str) -> bool:
        return bool(record.get("matched"))

    return _three_ways(ctx, "batch-grid", "grid", instances, {"algorithm": "astar"}, matched,
                       source="maze512-1-0", lean=True)  # fmt: skip


@suite("batch-sokoban", "batch", "Microban (155 levels, push-optimal, 2 s each): three ways")
def sokoban_batch(ctx: BenchContext) -> SuiteResult:
    from tansuo.batch import batch_domain

    levels = list(batch_domain("sokoban").read("microban"))[: ctx.scale(155, 6)]

    def replayed(record: dict[str, Any], text: str) -> bool:
        # a solution counts only when replayed; a level out of time is no answer to check
        return record.get("status") != "solved" or bool(record.get("verified"))

    # push-optimal: the same answer whoever runs it (the fast mode's two searches
    # take turns by the clock, so its solutions may differ between runs)
    return _three_ways(ctx, "batch-sokoban", "sokoban", levels,
                       {"mode": "push-optimal", "time_limit": 2.0}, replayed,
                       source="microban")  # fmt: skip

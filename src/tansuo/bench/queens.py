"""``tansuo bench queens``: counting N-Queens solutions, n = 12..16, beside a C counter.

No peer library counts N-Queens, so the yardstick is the classic C counter
(:data:`C_COUNTER`: bitmask recursion, mirror symmetry, one thread), compiled
here with ``cc -O3 -march=native`` into a temporary directory when a C compiler
is present; without one the suite says "not built". tansuo counts on one
thread and on all of them, and every count is checked against OEIS A000170
(A002562 up to symmetry). The machine's load and the CPU time of every
counter at the largest size are shown beside the wall times: on a loaded
machine the threads do not get the cores, and the per-thread ratio (CPU time)
is the fair one.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from tansuo.bench import BenchContext, Run, SuiteResult, suite
from tansuo.queens import count_solutions, default_threads, warm_up

# OEIS A000170: the number of ways to place n non-attacking queens, n = 10..16
A000170 = {10: 724, 11: 2_680, 12: 14_200, 13: 73_712, 14: 365_596, 15: 2_279_184,
           16: 14_772_512}  # fmt: skip
# OEIS A002562: the same up to rotation and reflection
A002562 = {10: 92, 11: 341, 12: 1_787, 13: 9_233, 14: 45_752, 15: 285_053, 16: 1_846_955}

T = TypeVar("T")

C_COUNTER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* completions of a placement: columns taken, squares attacked along the diagonals */
static long long count(unsigned full, unsigned cols, unsigned left, unsigned right)
{
    if (cols == full)
        return 1;
    long long total = 0;
    unsigned free = full & ~(cols | left | right);
    while (free) {
        unsigned bit = free & -free;
        free ^= bit;
        total += count(full, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    return total;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), half = n / 2;
    unsigned full = (1u << n) - 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long long total = 0;
    for (int c = 0; c < half; c++)  /* the left half of the first row, and its mirror */
        total += 2 * count(full, 1u << c, 1u << c << 1, 1u << c >> 1);
    if (n % 2)  /* the middle column is its own mirror image */
        total += count(full, 1u << half, 1u << half << 1, 1u << half >> 1);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%lld %.9f\n", total, (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    return 0;
}
"""
"""The classic counter the issue measures tansuo against (one thread, mirror symmetry)."""

C_FLAGS = (("-O3", "-march=native"), ("-O3",))
"""Flags tried in turn: ``-march=native`` is not known to every compiler."""

MIN_TIME_S = 0.3
"""A counter quicker than this is run again until its runs add up to it (means are shown)."""

TARGET = 0.6
"""The issue's target: n = 16 on every core in at most this share of the C counter's time."""


def build_c_counter(directory: Path) -> tuple[Path | None, str]:
    """Compile :data:`C_COUNTER` into ``directory``: ``(program, how)``, or ``(None, why not)``."""
    compiler = shutil.which(os.environ.get("CC", "cc"))
    if compiler is None:
        return None, "not built: no C compiler (cc) found"
    source = directory / "queens.c"
    source.write_text(C_COUNTER)
    program = directory / "queens"
    for flags in C_FLAGS:
        build = [compiler, *flags, "-o", str(program), str(source)]
        done = subprocess.run(build, capture_output=True, text=True, timeout=120)
        if done.returncode == 0:
            return program, f"{Path(compiler).name} {' '.join(flags)}, 1 thread"
    return None, f"not built: {Path(compiler).name} failed: {done.stderr.strip()[:200]}"


def run_c_counter(program: Path, n: int) -> tuple[int, float, float]:
    """``(count, seconds, CPU seconds)``: the program's own clock around the counting."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([str(program), str(n)], capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    count, seconds = out.stdout.split()
    return int(count), float(seconds), cpu


def _timed(call: Callable[[], T]) -> tuple[T, float, float]:
    """``(result, wall s, CPU s)`` of ``call``; a quick call is repeated and its means taken.

    One reading of the clock around a call of a few milliseconds is mostly
    noise (and a thread's start); calls are repeated until they add up to
    :data:`MIN_TIME_S`, as :mod:`timeit` does.
    """
    calls, wall, cpu = 0, 0.0, 0.0
    while calls == 0 or wall < MIN_TIME_S:
        started, used = time.perf_counter(), time.process_time()
        result = call()
        wall += time.perf_counter() - started
        cpu += time.process_time() - used
        calls += 1
    return result, wall / calls, cpu / calls


def _run_c_counter_long_enough(program: Path, n: int) -> tuple[int, float, float]:
    """:func:`run_c_counter`, repeated like :func:`_timed`: the count and the mean times."""
    runs: list[tuple[int, float, float]] = []
    started = time.perf_counter()
    while not runs or time.perf_counter() - started < MIN_TIME_S:
        runs.append(run_c_counter(program, n))
    counts = {count for count, _, _ in runs}
    count = counts.pop() if len(counts) == 1 else -1  # two answers: not verified
    return count, sum(r[1] for r in runs) / len(runs), sum(r[2] for r in runs) / len(runs)


def _load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "unknown"
    return f"{one:.2f} (1 min), {five:.2f} (5 min)"


@suite(
    "queens-count",
    "queens",
    "count all N-Queens solutions, n = 12..16, on one thread and all, beside a C counter",
)
def count_suite(ctx: BenchContext) -> SuiteResult:
    warm_up()
    count_solutions(12, threads=2)  # the threads' first start, before any clock
    sizes = list(range(ctx.scale(12, 10), ctx.scale(16, 12) + 1))
    threads = default_threads()
    every = f"tansuo count ({threads} threads)" if threads > 1 else "tansuo count (1 thread)"
    variants: list[tuple[str, dict[str, Any]]] = [(every, {"threads": threads})]
    if threads > 1:
        variants.append(("tansuo count (1 thread)", {"threads": 1}))
    classes = f"tansuo count --up-to-symmetry ({threads} thread{'s' if threads > 1 else ''})"
    variants.append((classes, {"up_to_symmetry": True, "threads": threads}))
    notes = [f"load average before: {_load()}; {os.cpu_count()} CPUs, tansuo threads {threads}"]
    runs: list[Run] = []
    largest: dict[str, tuple[float, float]] = {}  # label -> (wall, CPU) at the largest size
    for label, options in variants:
        run = Run(label, nodes=0, clock="wall")
        expected = A002562 if options.get("up_to_symmetry") else A000170
        for i, n in enumerate(sizes):
            result, wall, cpu = _timed(partial(count_solutions, n, **options))
            run.times.append(wall)
            assert run.nodes is not None
            run.nodes += result.stats.nodes
            run.solved += result.status == "solved"
            run.verified &= result.count == expected[n]  # published values: independent
            ctx.progress(f"queens {label}", i + 1, len(sizes))
        largest[label] = (wall, cpu)
        runs.append(run)
    with tempfile.TemporaryDirectory(prefix="tansuo-queens-") as folder:
        program, how = build_c_counter(Path(folder))
        if program is None:
            notes.append(f"C counter {how}")
        else:
            c_run = Run("C counter", peer=True, note=how, clock="wall", compare_with=every)
            for i, n in enumerate(sizes):
                count, seconds, cpu = _run_c_counter_long_enough(program, n)
                c_run.times.append(seconds)
                c_run.solved += 1
                c_run.verified &= count == A000170[n]
                ctx.progress("queens C counter", i + 1, len(sizes))
            largest["C counter"] = (seconds, cpu)
            runs.append(c_run)
    notes += _largest_size_notes(sizes[-1], largest, every)
    notes.append(f"load average after: {_load()}")
    notes.append("counts checked against OEIS A000170 / A002562")
    notes.append(
        f"times: wall clock, the mean of calls adding up to {MIN_TIME_S} s for a quick count "
        "(tansuo: the whole count_solutions call, threads started and joined; C: its own "
        "clock around the counting, CPU time of its process)"
    )
    return SuiteResult("queens-count", len(sizes), runs, every, notes)


def _largest_size_notes(n: int, largest: dict[str, tuple[float, float]], every: str) -> list[str]:
    """Wall and CPU time of each counter at the largest size, and the ratios to C."""
    each = [f"{label} {wall:.3f} s wall, {cpu:.3f} s CPU" for label, (wall, cpu) in largest.items()]
    lines = [f"n={n}: " + "; ".join(each)]
    c = largest.get("C counter")
    one = largest.get("tansuo count (1 thread)", largest.get(every))
    if c is None or one is None:
        return lines
    lines.append(
        f"n={n} against C: every core {_share(largest[every][0], c[0])} of C's wall time "
        f"(target at most {TARGET}x); one thread {_share(one[0], c[0])} wall, "
        f"{_share(one[1], c[1])} CPU (per thread, what the load cannot skew)"
    )
    return lines


def _share(part: float, whole: float) -> str:
    return f"{part / whole:.2f}x" if whole > 0 else "-"

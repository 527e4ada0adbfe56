"""``tansuo bench queens``: counting N-Queens solutions, n = 12..16.

No peer library counts N-Queens, so the suite compares the kernel with itself
(one process, and split over worker processes) and checks every count against
OEIS A000170; the issue's yardstick is a plain C bitmask solver at about 2 s
for n = 16.
"""

from __future__ import annotations

import os
import time
from typing import Any

from tansuo.bench import BenchContext, Run, SuiteResult, suite
from tansuo.queens import count_solutions, warm_up

# OEIS A000170: the number of ways to place n non-attacking queens, n = 10..16
A000170 = {10: 724, 11: 2_680, 12: 14_200, 13: 73_712, 14: 365_596, 15: 2_279_184,
           16: 14_772_512}  # fmt: skip
# OEIS A002562: the same up to rotation and reflection
A002562 = {10: 92, 11: 341, 12: 1_787, 13: 9_233, 14: 45_752, 15: 285_053, 16: 1_846_955}

BASELINE = "tansuo count (1 process)"


@suite("queens-count", "queens", "count all N-Queens solutions, n = 12..16, against OEIS A000170")
def count_suite(ctx: BenchContext) -> SuiteResult:
    warm_up()
    count_solutions(8, workers=2)  # start a pool once before timing
    sizes = list(range(ctx.scale(12, 10), ctx.scale(16, 12) + 1))
    workers = min(os.cpu_count() or 1, 4)
    variants: list[tuple[str, dict[str, Any]]] = [(BASELINE, {"workers": 1})]
    if workers > 1:
        variants.append((f"tansuo count ({workers} workers)", {"workers": workers}))
    variants.append(("tansuo count --up-to-symmetry", {"up_to_symmetry": True}))
    runs = []
    notes = []
    for label, options in variants:
        run = Run(label, nodes=0, clock="wall")
        expected = A002562 if options.get("up_to_symmetry") else A000170
        for i, n in enumerate(sizes):
            started = time.perf_counter()
            result = count_solutions(n, **options)
            run.times.append(time.perf_counter() - started)
            assert run.nodes is not None
            run.nodes += result.stats.nodes
            run.solved += result.status == "solved"
            run.verified &= result.count == expected[n]  # published values: independent
            ctx.progress(f"queens {label}", i + 1, len(sizes))
            if label == BASELINE:
                rate = result.stats.nodes_per_s or 0.0
                notes.append(
                    f"n={n}: {result.count:,} solutions in {run.times[-1]:.3f} s wall, "
                    f"{result.stats.nodes:,} nodes ({rate / 1e6:.0f} M/s)"
                )
        runs.append(run)
    notes.append("counts checked against OEIS A000170 / A002562")
    notes.append("every time is wall-clock time of one count_solutions call, workers included")
    return SuiteResult("queens-count", len(sizes), runs, BASELINE, notes)

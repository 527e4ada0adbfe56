"""``tansuo bench queens``: counting N-Queens solutions, n = 12..16.

No peer library counts N-Queens, so the suite compares the kernel with itself
(one process, and split over worker processes) and checks every count against
OEIS A000170; the issue's yardstick is a plain C bitmask solver at about 2 s
for n = 16.
"""

from __future__ import annotations

import os
import time

from tansuo.bench import BenchContext, Run, SuiteResult, suite
from tansuo.queens import count_solutions

# OEIS A000170: the number of ways to place n non-attacking queens, n = 12..16
A000170 = {12: 14_200, 13: 73_712, 14: 365_596, 15: 2_279_184, 16: 14_772_512}
# OEIS A002562: the same up to rotation and reflection
A002562 = {12: 1_787, 13: 9_233, 14: 45_752, 15: 285_053, 16: 1_846_955}

BASELINE = "tansuo count (1 process)"


@suite("queens-count", "queens", "count all N-Queens solutions, n = 12..16, against OEIS A000170")
def count_suite(ctx: BenchContext) -> SuiteResult:
    count_solutions(8)  # compile before timing
    count_solutions(8, unique=True)
    sizes = list(range(12, ctx.scale(16, 14) + 1))
    workers = min(os.cpu_count() or 1, 4)
    variants = [(BASELINE, {"workers": 1})]
    if workers > 1:
        variants.append((f"tansuo count ({workers} workers)", {"workers": workers}))
    variants.append(("tansuo count --unique", {"unique": True}))
    runs = []
    notes = []
    for label, options in variants:
        run = Run(label, nodes=0)
        expected = A002562 if options.get("unique") else A000170
        for i, n in enumerate(sizes):
            started = time.process_time()
            result = count_solutions(n, **options)
            cpu = time.process_time() - started
            # one process: its CPU time (steadier on a shared machine); workers: wall time
            run.times.append(cpu if options.get("workers", 1) == 1 else result.stats["elapsed_s"])
            run.nodes += result.stats["nodes"]
            run.solved += result.status == "solved"
            run.verified &= result.count == expected[n]
            ctx.progress(f"queens {label}", i + 1, len(sizes))
            if options.get("workers") == 1 or label == BASELINE:
                notes.append(
                    f"n={n}: {result.count:,} solutions in {cpu:.3f} s CPU "
                    f"({result.stats['elapsed_s']:.3f} s wall), "
                    f"{result.stats['nodes']:,} nodes ({result.stats['nodes_per_s'] / 1e6:.0f} M/s)"
                )
        runs.append(run)
    notes.append("target: n=16 in <= 5 s on one core (a plain C bitmask solver: about 2 s)")
    notes.append("times: CPU seconds for one process, wall seconds with workers")
    notes.append("the ratio column compares median times over the same sizes")
    return SuiteResult("queens-count", len(sizes), runs, BASELINE, notes)

"""``tansuo bench sliding``: Korf's 100 fifteen-puzzles, 10,000 eight-puzzles, 24-puzzles.

* ``sliding-korf100``: every length checked against the published optimum
  (they sum to 5305), with the 7-8 database and the reflection lookup (built
  first when it is not cached, in a process of its own whose CPU time and peak
  memory are reported), the 6-6-3 one (quick: 5-5-5 only), and Manhattan +
  linear conflicts under a node budget per instance; loading or building a
  database is timed on its own line.
* ``sliding-3x3``: random 8-puzzles solved optimally by one ``solve_many``
  call over the exact table, checked against an independent breadth-first
  table; the generic engine's A* and simpleai's A* on a sample, side by side.
* ``sliding-5x5``: random 24-puzzles by weighted A* (weights 2 and 3, linear
  conflicts, in a memory budget) and weighted IDA* (weight 3), median time and
  length.
"""

from __future__ import annotations

import random
import resource
import statistics
import subprocess
import sys
import time

from tansuo.bench import (
    BenchContext,
    Run,
    SuiteResult,
    missing_peer_note,
    suite,
    time_calls,
)
from tansuo.sliding import (
    Puzzle,
    SlidingProblem,
    bundled_instances,
    play,
    random_puzzle,
    solve,
    solve_many,
)
from tansuo.sliding import warm_up as sliding_warm_up
from tansuo.sliding.heuristics import cached, database, forget_loaded
from tansuo.sliding.model import goal_board

KORF_FELNER_NODES = 36_710
"""Nodes per instance Korf & Felner (2002) report with 7-8 and the reflection lookup."""
KORF_SUM = 5305


def _korf_run(ctx, label, heuristic, instances, max_nodes=None) -> tuple[Run, list[str]]:
    goal = goal_board((4, 4), "blank-first")
    notes = []
    forget_loaded()
    started = time.perf_counter()
    db = database(heuristic, (4, 4), goal) if heuristic not in ("linear", "manhattan") else None
    if db is not None:
        verb = "built" if db.built else "loaded from the cache"
        notes.append(
            f"{heuristic} database {verb} in {time.perf_counter() - started:.2f} s "
            f"({db.nbytes / 1e6:.1f} MB), not in the times"
        )
    run = Run(label, nodes=0, clock="cpu")
    finished: list[int] = []
    wall = 0.0
    for i, instance in enumerate(instances):
        puzzle = Puzzle(instance.tiles, (4, 4), goal)
        cpu = time.process_time()
        result = solve(puzzle, heuristic=heuristic, max_nodes=max_nodes)
        run.times.append(time.process_time() - cpu)
        wall += result.stats.elapsed_s
        assert run.nodes is not None
        run.nodes += result.stats.nodes
        if result.solved:
            run.solved += 1
            finished.append(len(result.lurd))
            run.verified &= result.cost == instance.known  # published optima: independent
        ctx.progress(f"korf100 {label}", i + 1, len(instances))
    total = sum(run.times)
    per = (run.nodes or 0) / max(1, len(instances))
    notes.append(
        f"{label}: {run.solved}/{len(instances)} solved, {total:.2f} s CPU in all "
        f"({wall:.2f} s wall), "
        f"{per:,.0f} nodes per instance (Korf & Felner 7-8: {KORF_FELNER_NODES:,}), "
        f"lengths sum {sum(finished):,}"
        + (f" (published: {KORF_SUM:,})" if run.solved == 100 else "")
        + ("" if max_nodes is None else f"; budget {max_nodes:,} nodes per instance")
    )
    return run, notes


@suite("sliding-korf100", "sliding", "Korf's 100 15-puzzles optimally: 7-8, 6-6-3 PDBs, MD+LC")
def korf100(ctx: BenchContext) -> SuiteResult:
    sliding_warm_up()
    instances = bundled_instances("korf100")
    goal = goal_board((4, 4), "blank-first")
    if ctx.quick:
        instances = [i for i in instances if i.id in ("2", "4", "39")]
    runs: list[Run] = []
    notes: list[str] = []
    variants: list[tuple[str, str, int | None]] = []
    if ctx.quick:
        variants.append(("tansuo IDA* 5-5-5 PDB", "5-5-5", None))
    else:
        if not cached("7-8", (4, 4), goal):
            notes.append(_build_in_a_process("7-8"))
        variants.append(("tansuo IDA* 7-8 PDB + reflection", "7-8", None))
        variants.append(("tansuo IDA* 6-6-3 PDB + reflection", "6-6-3", None))
    variants.append(("tansuo IDA* Manhattan+LC", "linear", ctx.scale(1_000_000, 20_000)))
    for label, heuristic, budget in variants:
        run, more = _korf_run(ctx, label, heuristic, instances, budget)
        run.reference = False
        runs.append(run)
        notes.extend(more)
    notes.append(
        "every length checked against the published optimum; times are the CPU time of "
        "each solve call, one core (the machine is shared: wall time is longer)"
    )
    return SuiteResult("sliding-korf100", len(instances), runs, runs[0].solver, notes)


def _build_in_a_process(name: str) -> str:
    """Build a 15-puzzle database (Korf's goal) with ``tansuo sliding build-pdb`` in a child
    process: its CPU time and peak memory, alone."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    command = [sys.executable, "-m", "tansuo", "sliding", "build-pdb", name]
    subprocess.run([*command, "--goal", "blank-first"], check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return (
        f"{name} database built in {cpu:.0f} s CPU ({time.perf_counter() - started:.0f} s wall), "
        f"peak memory {after.ru_maxrss / 1e6:.2f} GB (the issue: <= 10 min, <= 2 GB); "
        "once, then cached"
    )


def _simpleai(goal):
    from simpleai.search import SearchProblem
    from simpleai.search import astar as simpleai_astar

    class Eight(SearchProblem):
        def __init__(self, puzzle: Puzzle) -> None:
            super().__init__(initial_state=puzzle.tiles)
            self._mine = SlidingProblem(puzzle)

        def actions(self, state):
            return [nxt for _move, nxt, _cost in self._mine.successors(state)]

        def result(self, state, action):
            return action

        def is_goal(self, state):
            return state == goal

        def cost(self, state, action, state2):
            return 1

        def heuristic(self, state):
            return self._mine.heuristic(state)  # the same Manhattan sum

    def run(puzzle: Puzzle) -> int:
        return len(simpleai_astar(Eight(puzzle), graph_search=True).path()) - 1

    return run


@suite("sliding-3x3", "sliding", "10,000 random 8-puzzles optimally; generic A*, simpleai A*")
def eight(ctx: BenchContext) -> SuiteResult:
    from tansuo.bench.search import eight_puzzle_distances
    from tansuo.search import astar

    sliding_warm_up()
    rng = random.Random(ctx.seed)
    count = ctx.scale(10_000, 300)
    puzzles = [random_puzzle((3, 3), rng=rng) for _ in range(count)]
    optimal = eight_puzzle_distances()  # an independent breadth-first table (tansuo.bench.search)
    forget_loaded()  # time loading it from the cache, as a fresh process would
    started = time.perf_counter()
    database("exact", (3, 3), goal_board((3, 3)))
    notes = [
        f"exact table of 181,440 states ready in {time.perf_counter() - started:.3f} s "
        "(not in the times)"
    ]
    started, cpu = time.perf_counter(), time.process_time()
    results = solve_many(puzzles)
    total, cpu = time.perf_counter() - started, time.process_time() - cpu
    batch = Run("tansuo solve_many (exact table)", [total / count] * count, clock="wall")
    batch.solved = sum(r.solved for r in results)
    batch.nodes = sum(r.stats.nodes for r in results)
    batch.verified = all(r.cost == optimal[p.tiles] for r, p in zip(results, puzzles, strict=True))
    notes.append(
        f"solve_many: {count:,} boards in {total:.3f} s wall, {cpu:.3f} s CPU in all "
        "(one call; each time "
        "shown is the mean)"
    )
    runs = [batch]
    sample = puzzles[: ctx.scale(200, 10)]
    for label, call in (
        ("tansuo solve (IDA*, linear conflicts)", lambda p: solve(p, heuristic="linear").cost),
        ("tansuo.search astar (Manhattan)", lambda p: len(astar(SlidingProblem(p)).actions)),
    ):
        times, costs = time_calls(call, sample, label=label, ctx=ctx)
        runs.append(
            Run(
                label,
                times,
                solved=len(costs),
                clock="wall",
                verified=all(c == optimal[p.tiles] for c, p in zip(costs, sample, strict=True)),
                compare_with=runs[0].solver,
            )
        )
    try:
        peer = _simpleai(goal_board((3, 3)))
    except ImportError:
        notes.append(missing_peer_note("simpleai"))
    else:
        few = puzzles[: ctx.scale(50, 4)]
        times, costs = time_calls(
            peer, few, label="simpleai astar", ctx=ctx, time_budget=ctx.scale(120, 20)
        )
        runs.append(
            Run(
                "simpleai astar (Manhattan)",
                times,
                solved=len(costs),
                peer=True,
                verified=all(c == optimal[p.tiles] for c, p in zip(costs, few, strict=False)),
                compare_with=runs[0].solver,
                clock="wall",
            )
        )
    notes.append(
        "optimal lengths checked against a breadth-first table of all 181,440 states; "
        "samples are the first boards of the same list"
    )
    return SuiteResult("sliding-3x3", count, runs, runs[0].solver, notes)


@suite("sliding-5x5", "sliding", "random 24-puzzles by weighted A* and weighted IDA*")
def twenty_four(ctx: BenchContext) -> SuiteResult:
    sliding_warm_up()
    rng = random.Random(ctx.seed)
    count = ctx.scale(50, 2)
    puzzles = [random_puzzle((5, 5), rng=rng) for _ in range(count)]
    runs: list[Run] = []
    notes: list[str] = []
    variants = [
        ("tansuo weighted A* W=2 (linear conflicts)", "weighted-astar", 2.0, 60.0),
        ("tansuo weighted A* W=3 (linear conflicts)", "weighted-astar", 3.0, 60.0),
        ("tansuo weighted IDA* W=3 (linear conflicts)", "ida", 3.0, 10.0),
    ]
    for label, algorithm, weight, limit in variants[1:] if ctx.quick else variants:
        run = Run(label, nodes=0, clock="cpu", reference=True)
        lengths: list[int] = []
        for i, puzzle in enumerate(puzzles):
            cpu = time.process_time()
            result = solve(puzzle, algorithm=algorithm, weight=weight, time_limit=limit)
            run.times.append(time.process_time() - cpu)
            assert run.nodes is not None
            run.nodes += result.stats.nodes
            if result.solved:
                run.solved += 1
                run.verified &= play(puzzle.tiles, puzzle.shape, result.lurd) == puzzle.goal
                lengths.append(len(result.lurd))
            ctx.progress(f"24-puzzle {algorithm} W={weight:g}", i + 1, count)
        if runs:
            run.compare_with = runs[0].solver
        runs.append(run)
        notes.append(
            f"{label}: {run.solved}/{count} solved within {limit:.0f} s each; median length "
            f"{statistics.median(lengths) if lengths else 0:.0f} moves (each at most {weight:g} x "
            f"optimal), median time {statistics.median(run.times):.3f} s CPU"
        )
    notes.append("verified here means: every move list replays to the goal (no optimum is known)")
    return SuiteResult("sliding-5x5", count, runs, runs[0].solver, notes)

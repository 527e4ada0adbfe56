"""Sudoku benchmarks: Norvig's top95 and hardest, batches, generated sets of every size.

tansuo's kernels run beside py-sudoku, python-constraint, lib_sudoku and
rustoku (where they install) on the 9x9 sets, and beside tdoku, the fastest
C++ solver, when ``TANSUO_TDOKU`` names a shared library built from its
source (:data:`TDOKU_BUILD` says how): called through ctypes one puzzle a
call with the same limit, as tansuo is called, with its guesses shown beside
tansuo's. Every solution is checked (a full valid grid that keeps the givens),
and on the published sets every puzzle is also proved unique
(``max_solutions=2``).
"""

from __future__ import annotations

import ctypes
import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from tansuo.bench import BenchContext, Run, SuiteResult, missing_peer_note, suite, time_calls
from tansuo.sudoku import (
    Sudoku,
    SudokuResult,
    bundled_puzzles,
    generate,
    read_puzzles,
    solve,
    solve_many,
    warm_up,
)
from tansuo.sudoku.many import THREADED_FROM
from tansuo.threads import default_threads

TDOKU_ENV = "TANSUO_TDOKU"
"""The environment variable naming tdoku's shared library."""

TDOKU_BUILD = (
    "g++ -O3 -march=native -shared -fPIC -o libtdoku.so src/solver_dpll_triad_simd.cc src/util.cc"
)
"""How to build tdoku's shared library, in a checkout of github.com/t-dillon/tdoku."""

#: Puzzles quicker than this are solved again until the calls add up to it, and
#: timed by their mean (tansuo and the peers alike; see ``time_calls``).
MIN_TIME = 2e-3

#: Every Sudoku time is CPU time of this process: on a shared machine, wall time
#: counts the other programs' turns too.
CLOCK = "cpu"
TIMER = time.process_time


def _valid_solution(puzzle: Sudoku, cells: list[int] | tuple[int, ...] | None) -> bool:
    if cells is None:
        return False
    grid = Sudoku._trusted(puzzle.box_rows, puzzle.box_cols, tuple(cells))
    return grid.is_complete and grid.is_solution_of(puzzle)


def _tansuo_runs(puzzles: list[Sudoku], ctx: BenchContext, *, prove_unique: bool) -> list[Run]:
    runs = []
    modes: list[tuple[str, int, str | None]] = [("tansuo", 1, None)]
    if prove_unique:
        modes.append(("tansuo unique", 2, None))
    modes.append(("tansuo general kernel", 1, "general"))
    for name, wanted, algorithm in modes:

        def solve_one(
            puzzle: Sudoku, wanted: int = wanted, algorithm: str | None = algorithm
        ) -> SudokuResult:
            return solve(puzzle, max_solutions=wanted, algorithm=algorithm)

        times, results = time_calls(
            solve_one,
            puzzles,
            label=name,
            ctx=ctx,
            min_time=MIN_TIME,
            timer=TIMER,
        )
        verified = all(
            r.status == "solved" and _valid_solution(p, r.solution.cells)
            for p, r in zip(puzzles, results, strict=True)
        )
        if wanted == 2:
            verified = verified and all(r.count == 1 and r.exhausted for r in results)
        guesses = sum(r.stats.guesses for r in results) / max(1, len(results))
        branches = sum(r.stats.branches for r in results) / max(1, len(results))
        runs.append(
            Run(
                name,
                times,
                clock=CLOCK,
                solved=sum(r.status == "solved" for r in results),
                nodes=sum(r.stats["nodes"] for r in results),
                verified=verified,
                note=f"{guesses:.1f} guesses, {branches:.1f} branch points/puzzle",
            )
        )
    return runs


def load_tdoku() -> Callable[..., int] | str:
    """tdoku's solver function from ``$TANSUO_TDOKU``, or why it is not there."""
    path = os.environ.get(TDOKU_ENV)
    if not path:
        return (
            f"tdoku: not built; set {TDOKU_ENV} to a libtdoku.so built in a checkout of "
            f"github.com/t-dillon/tdoku with: {TDOKU_BUILD}"
        )
    try:
        library = ctypes.CDLL(path)
        function = library.TdokuSolverDpllTriadSimd
    except (OSError, AttributeError) as exc:
        return f"tdoku: cannot load {path} ({exc})"
    function.argtypes = [
        ctypes.c_char_p,
        ctypes.c_size_t,
        ctypes.c_uint32,
        ctypes.c_char_p,
        ctypes.POINTER(ctypes.c_size_t),
    ]
    function.restype = ctypes.c_size_t
    return function


class Tdoku:
    """tdoku through ctypes: one call a puzzle, as tansuo's :func:`solve` is called."""

    def __init__(self, function: Callable[..., int]) -> None:
        self.function = function
        self.solution = ctypes.create_string_buffer(82)
        self.guesses = ctypes.c_size_t()

    def __call__(self, puzzle: bytes, limit: int) -> tuple[int, str, int]:
        """``(solutions found, solution, guesses)``; the solution only with ``limit=1``."""
        found = self.function(puzzle, limit, 0, self.solution, ctypes.byref(self.guesses))
        return found, self.solution.raw[:81].decode("ascii"), self.guesses.value


def _tdoku_input(puzzle: Sudoku) -> bytes:
    return puzzle.to_string().encode("ascii")  # '.' for empty, as tdoku wants


def _tdoku_runs(puzzles: list[Sudoku], ctx: BenchContext, notes: list[str]) -> list[Run]:
    loaded = load_tdoku()
    if isinstance(loaded, str):
        notes.append(loaded)
        return []
    tdoku = Tdoku(loaded)
    inputs = [_tdoku_input(p) for p in puzzles]
    runs = []
    for name, limit, against in (("tdoku", 1, "tansuo"), ("tdoku unique", 2, "tansuo unique")):

        def call(text: bytes, limit: int = limit) -> tuple[int, str, int]:
            return tdoku(text, limit)

        times, answers = time_calls(
            call,
            inputs,
            label=name,
            ctx=ctx,
            min_time=MIN_TIME,
            timer=TIMER,
        )
        if limit == 1:
            verified = all(
                found == 1 and _valid_solution(p, [int(c) for c in sol])
                for p, (found, sol, _g) in zip(puzzles, answers, strict=True)
            )
        else:
            verified = all(found == 1 for found, _sol, _g in answers)
        guesses = sum(g for _f, _s, g in answers) / max(1, len(answers))
        runs.append(
            Run(
                name,
                times,
                clock=CLOCK,
                solved=sum(found >= 1 for found, _s, _g in answers),
                verified=verified,
                peer=True,
                compare_with=against,
                note=f"{guesses:.1f} guesses/puzzle",
            )
        )
    return runs


def _py_sudoku() -> Callable[[Sudoku], list[int] | None]:
    from sudoku import Sudoku as PySudoku

    def solve_one(p: Sudoku) -> list[int] | None:
        n = p.size
        board = [[p.cells[r * n + c] or None for c in range(n)] for r in range(n)]
        solved = PySudoku(p.box_cols, p.box_rows, board=board).solve()
        cells = [v for row in solved.board for v in row]
        return None if any(v is None for v in cells) else cells

    return solve_one


def _python_constraint() -> Callable[[Sudoku], list[int] | None]:
    import constraint

    def solve_one(p: Sudoku) -> list[int] | None:
        n, rows, cols = p.size, p.box_rows, p.box_cols
        problem = constraint.Problem()
        for cell, given in enumerate(p.cells):
            problem.addVariable(cell, [given] if given else list(range(1, n + 1)))
        for i in range(n):
            problem.addConstraint(
                constraint.AllDifferentConstraint(), [i * n + c for c in range(n)]
            )
            problem.addConstraint(
                constraint.AllDifferentConstraint(), [r * n + i for r in range(n)]
            )
        for top in range(0, n, rows):
            for left in range(0, n, cols):
                box = [(top + r) * n + left + c for r in range(rows) for c in range(cols)]
                problem.addConstraint(constraint.AllDifferentConstraint(), box)
        found = problem.getSolution()
        return None if found is None else [found[c] for c in range(n * n)]

    return solve_one


def _lib_sudoku() -> Callable[[Sudoku], list[int] | None]:
    import lib_sudoku

    def solve_one(p: Sudoku) -> list[int] | None:
        if p.size != 9:
            return None
        solved = lib_sudoku.solve(bytearray(p.cells))
        cells = list(solved)
        return None if len(cells) != 81 or 0 in cells else cells

    return solve_one


def _rustoku() -> Callable[[Sudoku], list[int] | None]:
    import rustoku

    solve_any = getattr(rustoku, "solve_any", None)

    def solve_one(p: Sudoku) -> list[int] | None:
        text = p.to_string().replace(".", "0")
        found = solve_any(text) if solve_any is not None else rustoku.Rustoku(text).solve_any()
        if found is None:
            return None
        cells = [int(c) for c in str(getattr(found, "board", found)) if c.isdigit()]
        return cells if len(cells) == 81 else None

    return solve_one


PEERS = (
    ("py-sudoku", "sudoku", _py_sudoku),
    ("python-constraint", "constraint", _python_constraint),
    ("lib_sudoku", "lib_sudoku", _lib_sudoku),
    ("rustoku", "rustoku", _rustoku),
)


def _peer_runs(puzzles: list[Sudoku], ctx: BenchContext, notes: list[str]) -> list[Run]:
    runs = []
    for name, _module, factory in PEERS:
        try:
            solve_one = factory()
        except ImportError:
            notes.append(
                "rustoku is not installed (its wheels are for newer Pythons; pip builds it "
                "from source only with a Rust toolchain)"
                if name == "rustoku"
                else missing_peer_note(name)
            )
            continue
        budget = 2.0 if ctx.quick else 60.0
        times, answers = time_calls(
            solve_one,
            puzzles,
            label=name,
            ctx=ctx,
            time_budget=budget,
            min_time=MIN_TIME,
            timer=TIMER,
        )
        runs.append(
            Run(
                name,
                times,
                clock=CLOCK,
                solved=sum(a is not None for a in answers),
                verified=all(_valid_solution(p, a) for p, a in zip(puzzles, answers, strict=False)),
                peer=True,
                note="" if len(times) == len(puzzles) else f"stopped after {budget:.0f} s",
            )
        )
    return runs


def _nine_by_nine(name: str, puzzles: list[Sudoku], ctx: BenchContext) -> SuiteResult:
    warm_up()
    notes = [
        "CPU times per puzzle; a puzzle solved in under 2 ms is solved again until 2 ms have "
        "passed and timed by the mean, for every solver alike",
        "peers that hit their time budget are compared on the same prefix",
        "'unique' runs prove each puzzle unique (max_solutions=2, tdoku's limit 2); the general "
        "kernel (every size) is shown for the band kernel's gain; tdoku (C++, SIMD) is called "
        "through ctypes, one call a puzzle; its guesses are branch points (it counts one per "
        "binary branch, whose second half is forced), to compare with tansuo's branch points",
    ]
    runs = _tansuo_runs(puzzles, ctx, prove_unique=True)
    runs += _tdoku_runs(puzzles, ctx, notes)
    runs += _peer_runs(puzzles, ctx, notes)
    return SuiteResult(name, len(puzzles), runs, baseline="tansuo", notes=notes)


@suite(
    "sudoku-top95",
    "sudoku",
    "Norvig's top95: solve, prove unique; tdoku (if built), py-sudoku, python-constraint, ...",
)
def top95(ctx: BenchContext) -> SuiteResult:
    puzzles = bundled_puzzles("top95")
    # quick: the first three, which the peers solve in well under a second
    return _nine_by_nine("sudoku-top95", puzzles[: ctx.scale(len(puzzles), 3)], ctx)


@suite("sudoku-hardest", "sudoku", "Norvig's hardest: solve, prove unique; peers beside")
def hardest(ctx: BenchContext) -> SuiteResult:
    puzzles = bundled_puzzles("hardest")
    return _nine_by_nine("sudoku-hardest", puzzles[: ctx.scale(len(puzzles), 5)], ctx)


#: (size, clues or None for minimal puzzles, how many) of the generated sets.
GENERATED = ((9, None, 1000), (4, None, 200), (16, 120, 200), (25, 400, 200))


@suite("sudoku-generated", "sudoku", "seeded generated puzzles: 9x9 minimal, 4x4, 16x16, 25x25")
def generated(ctx: BenchContext) -> SuiteResult:
    warm_up()
    runs: list[Run] = []
    notes = ["each puzzle generated with exactly one solution (seeded); tansuo proves it unique"]
    total = 0
    for size, clues, count in GENERATED:
        count = ctx.scale(count, 10)
        total += count
        made = []
        for i in range(count):
            ctx.progress(f"generating {size}x{size}", i + 1, count)
            made.append(generate(size, clues=clues, seed=ctx.seed + i))
        puzzles = [g.puzzle for g in made]
        times, results = time_calls(
            lambda p: solve(p, max_solutions=2),
            puzzles,
            label=f"tansuo {size}x{size}",
            ctx=ctx,
            min_time=MIN_TIME,
            timer=TIMER,
        )
        runs.append(
            Run(
                f"tansuo {size}x{size}" + ("" if clues is None else f" ({clues} clues)"),
                times,
                clock=CLOCK,
                solved=sum(r.status == "solved" for r in results),
                nodes=sum(r.stats["nodes"] for r in results),
                verified=all(
                    r.count == 1 and r.solution == g.solution
                    for r, g in zip(results, made, strict=True)
                ),
                note="minimal puzzles" if clues is None else "",
            )
        )
    return SuiteResult("sudoku-generated", total, runs, baseline=runs[0].solver, notes=notes)


#: Puzzles in the batch rows: top95 repeated to this many, and generated minimal ones.
BATCH_SIZE = 100_000
MINIMAL_COUNT = 1000


@suite(
    "sudoku-batch",
    "sudoku",
    "batches: top95 repeated to 100,000 and generated minimal puzzles, read + solve + prove "
    "unique in one call, against tdoku's summed per-puzzle time",
)
def batch(ctx: BenchContext) -> SuiteResult:
    warm_up()
    notes = [
        "times are per puzzle: a batch's whole time over its puzzles; tdoku's is the sum of "
        "its per-puzzle times (one ctypes call a puzzle, limit 2, each timed as in "
        "sudoku-top95) over the same puzzles",
    ]
    top95 = bundled_puzzles("top95")
    size = ctx.scale(BATCH_SIZE, 2000)
    lines = [p.to_string() for p in top95]
    repeated = [lines[i % len(lines)] for i in range(size)]
    text = "".join(line + "\n" for line in repeated)
    in_order = [top95[i % len(top95)] for i in range(size)]
    runs = _batch_runs(f"top95 x{size / len(lines):.0f}", text, in_order, top95, ctx, notes)
    count = ctx.scale(MINIMAL_COUNT, 20)
    started = time.perf_counter()
    made = []
    for i in range(count):
        ctx.progress("generating minimal 9x9 puzzles", i + 1, count)
        made.append(generate(9, minimal=True, seed=ctx.seed + i).puzzle)
    notes.append(
        f"one-off: generating {count} minimal 9x9 puzzles (seeds {ctx.seed}..{ctx.seed + count - 1}"
        f") took {time.perf_counter() - started:.1f} s, not in the timings"
    )
    text = "".join(p.to_string() + "\n" for p in made)
    runs += _batch_runs("minimal", text, made, made, ctx, notes)
    return SuiteResult("sudoku-batch", size + count, runs, baseline=runs[0].solver, notes=notes)


def _batch_runs(
    label: str,
    text: str,
    puzzles: list[Sudoku],
    distinct: list[Sudoku],
    ctx: BenchContext,
    notes: list[str],
) -> list[Run]:
    """tansuo's read + solve + prove of ``text`` in one call, beside tdoku's summed time."""
    best = float("inf")
    results: Any = None
    for _ in range(3):
        started = TIMER()
        grid = read_puzzles(text)
        results = solve_many(grid, max_solutions=2, threads=1)  # one thread, as tdoku is timed
        best = min(best, TIMER() - started)
    ctx.progress(f"tansuo batch {label}", 1, 1)
    notes.append(
        f"tansuo batch {label}: read_puzzles + solve_many (max_solutions=2, one thread), "
        f"{len(puzzles):,} puzzles in {best:.3f} s CPU (best of 3)"
    )
    threads = default_threads()
    if threads > 1 and len(puzzles) >= THREADED_FROM:
        wall = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            solve_many(read_puzzles(text), max_solutions=2, threads=threads)
            wall = min(wall, time.perf_counter() - started)
        notes.append(
            f"tansuo batch {label} on {threads} threads: {wall:.3f} s wall (best of 3; "
            f"load average {os.getloadavg()[0]:.2f}), not compared with tdoku's one thread"
        )
    verified = bool(
        (results.counts == 1).all()
        and results.exhausted.all()
        and _valid_rows(results.puzzles, results.solutions)
    )
    name = f"tansuo batch {label}"
    runs = [
        Run(
            name,
            [best / len(puzzles)] * len(puzzles),
            clock=CLOCK,
            solved=int(results.solved.sum()),
            nodes=int(results.guesses.sum()) + len(puzzles),
            verified=verified,
            note=(
                f"{results.guesses.mean():.1f} guesses, "
                f"{results.branches.mean():.1f} branch points/puzzle"
            ),
        )
    ]
    loaded = load_tdoku()
    if isinstance(loaded, str):
        if loaded not in notes:
            notes.append(loaded)
        return runs
    tdoku = Tdoku(loaded)
    inputs = [_tdoku_input(p) for p in distinct]
    times, answers = time_calls(
        lambda puzzle: tdoku(puzzle, 2),
        inputs,
        label=f"tdoku {label}",
        ctx=ctx,
        min_time=MIN_TIME,
        timer=TIMER,
    )
    per_puzzle = {p.cells: t for p, t in zip(distinct, times, strict=True)}
    guesses = {p.cells: a[2] for p, a in zip(distinct, answers, strict=True)}
    total = sum(per_puzzle[p.cells] for p in puzzles)
    notes.append(f"tdoku {label}: the sum of its per-puzzle times is {total:.3f} s")
    runs.append(
        Run(
            f"tdoku {label}",
            [total / len(puzzles)] * len(puzzles),
            clock=CLOCK,
            solved=sum(a[0] >= 1 for a in answers) * len(puzzles) // max(1, len(distinct)),
            verified=all(a[0] == 1 for a in answers),
            peer=True,
            compare_with=name,
            note=f"{sum(guesses[p.cells] for p in puzzles) / len(puzzles):.1f} guesses/puzzle",
        )
    )
    return runs


def _valid_rows(puzzles: np.ndarray, solutions: np.ndarray) -> bool:
    """Every row a full valid grid that keeps its puzzle's givens (vectorised)."""
    grids = solutions.reshape(-1, 9, 9).astype(np.int64)
    want = np.arange(1, 10)
    rows = np.sort(grids, axis=2)
    columns = np.sort(grids, axis=1).transpose(0, 2, 1)
    boxes = np.sort(
        grids.reshape(-1, 3, 3, 3, 3).transpose(0, 1, 3, 2, 4).reshape(-1, 9, 9), axis=2
    )
    kept = (puzzles == 0) | (puzzles == solutions)
    return bool(
        (rows == want).all() and (columns == want).all() and (boxes == want).all() and kept.all()
    )

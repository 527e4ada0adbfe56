"""Sudoku benchmarks: Norvig's top95 and hardest, generated sets of every size.

tansuo's kernel runs beside py-sudoku and python-constraint on the 9x9 sets.
Every solution is checked (a full valid grid that keeps the givens), and on
the published sets every puzzle is also proved unique (``max_solutions=2``).
"""

from __future__ import annotations

from collections.abc import Callable

from tansuo.bench import BenchContext, Run, SuiteResult, missing_peer_note, suite, time_calls
from tansuo.sudoku import Sudoku, SudokuResult, bundled_puzzles, generate, solve, warm_up

#: Puzzles quicker than this are solved again until the calls add up to it, and
#: timed by their mean (tansuo and the peers alike; see ``time_calls``).
MIN_TIME = 2e-3


def _valid_solution(puzzle: Sudoku, cells: list[int] | tuple[int, ...] | None) -> bool:
    if cells is None:
        return False
    grid = Sudoku._trusted(puzzle.box_rows, puzzle.box_cols, tuple(cells))
    return grid.is_complete and grid.is_solution_of(puzzle)


def _tansuo_runs(puzzles: list[Sudoku], ctx: BenchContext, *, prove_unique: bool) -> list[Run]:
    runs = []
    modes = [("tansuo", 1)] + ([("tansuo unique", 2)] if prove_unique else [])
    for name, wanted in modes:

        def solve_one(puzzle: Sudoku, wanted: int = wanted) -> SudokuResult:
            return solve(puzzle, max_solutions=wanted)

        times, results = time_calls(
            solve_one,
            puzzles,
            label=name,
            ctx=ctx,
            min_time=MIN_TIME,
        )
        verified = all(
            r.status == "solved" and _valid_solution(p, r.solution.cells)
            for p, r in zip(puzzles, results, strict=True)
        )
        if wanted == 2:
            verified = verified and all(r.count == 1 and r.exhausted for r in results)
        runs.append(
            Run(
                name,
                times,
                solved=sum(r.status == "solved" for r in results),
                nodes=sum(r.stats["nodes"] for r in results),
                verified=verified,
                note="proves each unique" if wanted == 2 else "",
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


PEERS = (
    ("py-sudoku", "sudoku", _py_sudoku),
    ("python-constraint", "constraint", _python_constraint),
)


def _peer_runs(puzzles: list[Sudoku], ctx: BenchContext, notes: list[str]) -> list[Run]:
    runs = []
    for name, _module, factory in PEERS:
        try:
            solve_one = factory()
        except ImportError:
            notes.append(missing_peer_note(name))
            continue
        budget = 2.0 if ctx.quick else 60.0
        times, answers = time_calls(
            solve_one, puzzles, label=name, ctx=ctx, time_budget=budget, min_time=MIN_TIME
        )
        runs.append(
            Run(
                name,
                times,
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
        "times per puzzle; a puzzle solved in under 2 ms is solved again until 2 ms have "
        "passed and timed by the mean, for every solver alike",
        "peers that hit their time budget are compared on the same prefix",
    ]
    runs = _tansuo_runs(puzzles, ctx, prove_unique=True)
    runs += _peer_runs(puzzles, ctx, notes)
    return SuiteResult(name, len(puzzles), runs, baseline="tansuo", notes=notes)


@suite(
    "sudoku-top95", "sudoku", "Norvig's top95: solve, prove unique; py-sudoku, python-constraint"
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
        )
        runs.append(
            Run(
                f"tansuo {size}x{size}" + ("" if clues is None else f" ({clues} clues)"),
                times,
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

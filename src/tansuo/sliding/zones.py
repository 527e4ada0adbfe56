"""The documents' zone strategy: when A* runs out of memory, solve a line at a time.

The first row is brought home tile by tile, then the first column, and the
board left over is one row and one column smaller; when it is 3x3 or less,
A* solves what remains. Each step is an A* search of the generic engine over
a small abstract space: where the blank is and where the tiles of the line
placed so far are, every other tile alike. The answer is a solution, not an
optimal one (reported with ``optimal=False`` and no bound).

When the goal's blank is not in the last corner, the lines peeled are the ones
away from it (the last row first for Korf's goal, and so on).

>>> from tansuo.budget import Budget
>>> from tansuo.sliding import Puzzle, play
>>> puzzle = Puzzle((1, 5, 2, 3, 4, 0, 9, 7, 8, 10, 6, 11, 12, 13, 14, 15), (4, 4), "blank-first")
>>> result = solve_zones(puzzle, Budget())
>>> play(puzzle.tiles, puzzle.shape, result.lurd) == puzzle.goal, result.optimal
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterator

from tansuo.budget import Budget
from tansuo.result import LIMIT, SOLVED
from tansuo.sliding.model import DELTAS, MOVES, Puzzle, play
from tansuo.sliding.result import SlidingResult, SlidingStats

FINAL_SIDE = 3
"""Below this many rows and columns, the rest is solved in one A* search."""


class _Zone:
    """A* problem: bring ``tiles`` to their goal cells inside a rectangle of the board.

    A state is ``(blank, cell of each tracked tile...)``; the other tiles are alike.
    """

    def __init__(
        self,
        board: list[int],
        goal: tuple[int, ...],
        cols: int,
        area: tuple[int, int, int, int],
        tiles: list[int],
    ) -> None:
        self.cols = cols
        self.area = area
        self.targets = tuple(goal.index(t) for t in tiles)
        self.initial_state = (board.index(0), *(board.index(t) for t in tiles))

    def _inside(self, cell: int) -> bool:
        r0, r1, c0, c1 = self.area
        r, c = divmod(cell, self.cols)
        return r0 <= r < r1 and c0 <= c < c1

    def is_goal(self, state: tuple[int, ...]) -> bool:
        return state[1:] == self.targets

    def successors(self, state: tuple[int, ...]) -> Iterator[tuple[str, tuple[int, ...], int]]:
        blank = state[0]
        r, c = divmod(blank, self.cols)
        for move in MOVES:
            dr, dc = DELTAS[move]
            rr, cc = r + dr, c + dc
            if rr < 0 or cc < 0 or cc >= self.cols:
                continue
            to = rr * self.cols + cc
            if not self._inside(to):
                continue
            cells = tuple(blank if cell == to else cell for cell in state[1:])
            yield move, (to, *cells), 1

    def heuristic(self, state: tuple[int, ...]) -> int:
        cols = self.cols
        return sum(
            abs(a // cols - b // cols) + abs(a % cols - b % cols)
            for a, b in zip(state[1:], self.targets, strict=True)
        )


def _lines(puzzle: Puzzle) -> Iterator[tuple[tuple[int, int, int, int], list[int]]]:
    """The zones in order: ``(area searched, goal cells of the line to place)``; then the rest."""
    rows, cols = puzzle.shape
    home_r, home_c = divmod(puzzle.goal.index(0), cols)
    r0, r1, c0, c1 = 0, rows, 0, cols
    while r1 - r0 > FINAL_SIDE or c1 - c0 > FINAL_SIDE:
        area = (r0, r1, c0, c1)
        if r1 - r0 >= c1 - c0:
            r = r0 if home_r != r0 else r1 - 1
            yield area, [r * cols + c for c in range(c0, c1)]
            r0, r1 = (r0 + 1, r1) if r == r0 else (r0, r1 - 1)
        else:
            c = c0 if home_c != c0 else c1 - 1
            yield area, [r * cols + c for r in range(r0, r1)]
            c0, c1 = (c0 + 1, c1) if c == c0 else (c0, c1 - 1)
    area = (r0, r1, c0, c1)
    yield area, [r * cols + c for r in range(r0, r1) for c in range(c0, c1)]


def solve_zones(puzzle: Puzzle, budget: Budget) -> SlidingResult:
    """Solve ``puzzle`` (solvable) zone by zone, each zone tile by tile with A*."""
    from tansuo.search import astar

    meter = budget.start()
    board = list(puzzle.tiles)
    lurd = ""
    expanded = generated = 0
    count = budget.count_limit
    limit = None
    for area, cells in _lines(puzzle):
        tiles = [puzzle.goal[cell] for cell in cells if puzzle.goal[cell] != 0]
        for k in range(1, len(tiles) + 1):
            problem = _Zone(board, puzzle.goal, puzzle.cols, area, tiles[:k])
            left = None if meter.deadline is None else max(0.0, budget.time_limit - meter.elapsed())  # type: ignore[operator]
            result = astar(
                problem,
                time_limit=left,
                max_expansions=None if count is None else max(0, count[1] - expanded),
            )
            expanded += result.stats.expanded
            generated += result.stats.generated
            if not result.solved:
                limit = result.stats.limit or "max_expansions"
                if limit == "max_expansions" and count is not None:
                    limit = count[0]
                break
            steps = "".join(result.actions)
            board = list(play(board, puzzle.shape, steps))
            lurd += steps
        if limit is not None:
            break
    elapsed = meter.elapsed()
    stats = SlidingStats(
        expanded=expanded,
        generated=generated,
        nodes=expanded,
        elapsed_s=elapsed,
        limit=limit,
        nodes_per_s=expanded / elapsed if elapsed > 0 else None,
        h_start=puzzle.manhattan(),
    )
    base = {
        "start": puzzle.tiles,
        "goal": puzzle.goal,
        "shape": puzzle.shape,
        "algorithm": "zones",
        "heuristic": "manhattan",
    }
    if limit is not None:
        return SlidingResult(LIMIT, optimal=False, bound=None, stats=stats, **base)  # type: ignore[arg-type]
    return SlidingResult(
        SOLVED,
        lurd=lurd,
        optimal=False,
        bound=None,
        stats=stats,
        **base,  # type: ignore[arg-type]
    )

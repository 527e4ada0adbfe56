"""Benchmarks of the generic engine: A* and IDA* on the 8-puzzle, beside simpleai.

Every answer is checked against an exact table of all 181,440 solvable
8-puzzle states' distances to the goal, made by a breadth-first search from
the goal that shares nothing with the searches timed (only the puzzle's move
rule): tansuo's runs are verified by it, not by each other. Times are wall
clock; the ratio is simpleai's median over tansuo A*'s on the same instances.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from functools import cache

from tansuo.bench import BenchContext, Run, SuiteResult, missing_peer_note, suite, time_calls
from tansuo.search import SearchResult, astar, ida_star
from tansuo.search.examples import Board, SlidingPuzzle, random_puzzle

GOAL: Board = (1, 2, 3, 4, 5, 6, 7, 8, 0)
BASELINE = "tansuo astar"


@cache
def eight_puzzle_distances() -> dict[Board, int]:
    """Exact distance to the goal of all 181,440 solvable 8-puzzle states (BFS from the goal)."""
    puzzle = SlidingPuzzle(GOAL)
    dist: dict[Board, int] = {GOAL: 0}
    queue = deque([GOAL])
    while queue:
        state = queue.popleft()
        d = dist[state] + 1
        for _move, nxt, _cost in puzzle.successors(state):
            if nxt not in dist:
                dist[nxt] = d
                queue.append(nxt)
    return dist


def _simpleai_solver():
    from simpleai.search import SearchProblem
    from simpleai.search import astar as simpleai_astar

    class EightPuzzle(SearchProblem):
        def __init__(self, start: tuple[int, ...]) -> None:
            super().__init__(initial_state=start)
            self._tansuo = SlidingPuzzle(start)

        def actions(self, state):
            return [nxt for _move, nxt, _cost in self._tansuo.successors(state)]

        def result(self, state, action):
            return action

        def is_goal(self, state):
            return state == GOAL

        def cost(self, state, action, state2):
            return 1

        def heuristic(self, state):
            return self._tansuo.heuristic(state)  # the same Manhattan sum

    def solve(start: tuple[int, ...]) -> int:
        node = simpleai_astar(EightPuzzle(start), graph_search=True)
        return len(node.path()) - 1

    return solve


def _tansuo_run(
    ctx: BenchContext,
    name: str,
    algorithm: Callable[[SlidingPuzzle], SearchResult[Board, str]],
    starts: list[Board],
    optimal: dict[Board, int],
) -> Run:
    """One algorithm of the generic engine on every start, checked against the exact table."""
    results: list[SearchResult[Board, str]] = []

    def solve(start: Board) -> float | None:
        result = algorithm(SlidingPuzzle(start))
        results.append(result)
        return result.cost

    times, costs = time_calls(solve, starts, label=name, ctx=ctx)
    return Run(
        name,
        times,
        solved=sum(r.solved for r in results),
        nodes=sum(r.stats.expanded for r in results),
        verified=all(c == optimal[s] for c, s in zip(costs, starts, strict=True)),
    )


@suite("search-8puzzle", "search", "generic A*, IDA* on 200 random 8-puzzles vs simpleai A*")
def eight_puzzle(ctx: BenchContext) -> SuiteResult:
    rng = random.Random(ctx.seed)
    count = ctx.scale(200, 8)  # quick: simpleai takes ~0.2 s a puzzle
    starts = [random_puzzle(3, rng=rng).initial_state for _ in range(count)]
    optimal = eight_puzzle_distances()
    runs: list[Run] = []
    notes = [
        f"optimal lengths from a BFS table of all {len(optimal):,} states; Manhattan h for all"
    ]

    for name, algorithm in ((BASELINE, astar), ("tansuo ida_star", ida_star)):
        runs.append(_tansuo_run(ctx, name, algorithm, starts, optimal))

    try:
        simpleai_solve = _simpleai_solver()
    except ImportError:
        notes.append(missing_peer_note("simpleai"))
    else:
        budget = 120.0 if not ctx.quick else 20.0
        times, costs = time_calls(
            simpleai_solve, starts, label="simpleai astar", ctx=ctx, time_budget=budget
        )
        note = "" if len(times) == count else f"stopped after {budget:.0f} s"
        runs.append(
            Run(
                "simpleai astar",
                times,
                solved=len(costs),
                verified=all(c == optimal[s] for c, s in zip(costs, starts, strict=False)),
                peer=True,
                note=note,
                compare_with=BASELINE,
            )
        )
    return SuiteResult(
        "search-8puzzle", count, runs, baseline=BASELINE, notes=notes, ratio_kind="medians"
    )

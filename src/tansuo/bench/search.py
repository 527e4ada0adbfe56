"""Benchmarks of the generic engine: A* and IDA* on the 8-puzzle, beside simpleai."""

from __future__ import annotations

import random
from collections import deque
from functools import cache

from tansuo.bench import BenchContext, Run, SuiteResult, missing_peer_note, suite, time_calls
from tansuo.search import astar, ida_star
from tansuo.search.examples import SlidingPuzzle, random_puzzle

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


@cache
def eight_puzzle_distances() -> dict[tuple[int, ...], int]:
    """Exact distance to the goal of all 181,440 solvable 8-puzzle states (BFS from the goal)."""
    puzzle = SlidingPuzzle(GOAL)
    dist = {GOAL: 0}
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


@suite("search-8puzzle", "search", "generic A*, IDA* on 200 random 8-puzzles vs simpleai A*")
def eight_puzzle(ctx: BenchContext) -> SuiteResult:
    rng = random.Random(ctx.seed)
    count = ctx.scale(200, 20)
    starts = [random_puzzle(3, rng=rng).initial_state for _ in range(count)]
    optimal = eight_puzzle_distances()
    runs: list[Run] = []
    notes = [
        f"optimal lengths from a BFS table of all {len(optimal):,} states; Manhattan h for all"
    ]

    for name, algorithm in (("tansuo astar", astar), ("tansuo ida_star", ida_star)):
        results = []

        def solve(start, algorithm=algorithm, results=results):
            result = algorithm(SlidingPuzzle(start))
            results.append(result)
            return result.cost

        times, costs = time_calls(solve, starts, label=name, ctx=ctx)
        runs.append(
            Run(
                name,
                times,
                solved=sum(r.solved for r in results),
                nodes=sum(r.stats.expanded for r in results),
                verified=all(c == optimal[s] for c, s in zip(costs, starts, strict=True)),
            )
        )

    try:
        simpleai_solve = _simpleai_solver()
    except ImportError:
        notes.append(missing_peer_note("simpleai"))
    else:
        budget = ctx.scale(120.0, 20.0)
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
            )
        )
    return SuiteResult("search-8puzzle", count, runs, baseline="tansuo astar", notes=notes)

"""``solve(..., on_iteration=...)``: IDA* tells its bounds as it raises them, and the counts."""

from __future__ import annotations

import random
from itertools import pairwise

from tansuo.search import ida_star
from tansuo.sliding import IdaProgress, SlidingProblem, scrambled, solve


def _bounds(seen: list[IdaProgress]) -> list[float]:
    return [p.bound for p in seen if p.new_bound]


def test_the_bounds_told_are_the_iterations_of_the_generic_ida_star():
    rng = random.Random(3)
    for _ in range(4):
        puzzle = scrambled((3, 3), 40, rng=rng)
        seen: list[IdaProgress] = []
        result = solve(puzzle, heuristic="manhattan", on_iteration=seen.append)
        reference = ida_star(SlidingProblem(puzzle), SlidingProblem(puzzle).heuristic)
        bounds = _bounds(seen)
        # the generic engine with the same heuristic tries the same bounds
        assert len(bounds) == result.stats.iterations == reference.stats.iterations
        assert bounds[0] == result.stats.h_start and bounds[-1] == reference.stats.bound
        assert bounds[-1] == result.cost  # the last bound of an optimal IDA* is the optimum
        assert [p.iteration for p in seen if p.new_bound] == list(range(1, len(bounds) + 1))


def test_the_pause_changes_nothing_and_the_counts_grow():
    rng = random.Random(8)
    cases = [
        (scrambled((4, 4), 40, rng=rng), "manhattan", 1.0),
        (scrambled((4, 4), 40, rng=rng), "linear", 1.5),
        (scrambled((4, 4), 40, goal="blank-first", rng=rng), "5-5-5", 1.0),  # the database kernel
    ]
    for puzzle, heuristic, weight in cases:
        plain = solve(puzzle, heuristic=heuristic, weight=weight)
        seen: list[IdaProgress] = []
        told = solve(puzzle, heuristic=heuristic, weight=weight, on_iteration=seen.append)
        assert told.lurd == plain.lurd
        assert (told.stats.nodes, told.stats.expanded, told.stats.iterations) == (
            plain.stats.nodes,
            plain.stats.expanded,
            plain.stats.iterations,
        )
        bounds = _bounds(seen)
        assert len(bounds) == plain.stats.iterations
        assert all(a < b for a, b in pairwise(bounds))
        assert all(a.nodes <= b.nodes and a.expanded <= b.expanded for a, b in pairwise(seen))
        assert seen[-1].nodes <= told.stats.nodes
        if weight == 1.0:
            assert bounds[-1] == told.cost and all(isinstance(b, int) for b in bounds)


def test_a_board_at_its_goal_is_told_one_bound():
    seen: list[IdaProgress] = []
    result = solve([1, 2, 3, 4, 5, 6, 7, 8, 0], heuristic="manhattan", on_iteration=seen.append)
    assert result.cost == 0 and _bounds(seen) == [0] and result.stats.iterations == 1

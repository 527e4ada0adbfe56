"""The engine on the 8-puzzle: all algorithms agree with an exact BFS distance table."""

from __future__ import annotations

import random

import pytest

from tansuo.bench import BenchContext
from tansuo.bench.search import eight_puzzle, eight_puzzle_distances
from tansuo.errors import InvalidInput
from tansuo.search import astar, bfs, bidirectional_bfs, ida_star, weighted_astar
from tansuo.search.examples import (
    HEURISTICS,
    SlidingPuzzle,
    parse_tiles,
    random_puzzle,
    solve_puzzle,
)
from tansuo.search.trace import trace


@pytest.fixture(scope="module")
def table():
    return eight_puzzle_distances()


def replay(puzzle: SlidingPuzzle, actions: list[str]) -> tuple[int, ...]:
    state = puzzle.initial_state
    for action in actions:
        state = next(nxt for name, nxt, _ in puzzle.successors(state) if name == action)
    return state


def test_distance_table_covers_half_the_permutations(table):
    assert len(table) == 181_440
    assert max(table.values()) == 31  # the 8-puzzle's diameter


def test_algorithms_agree_with_the_table(table):
    rng = random.Random(11)
    for _ in range(15):
        puzzle = random_puzzle(3, rng=rng)
        exact = table[puzzle.initial_state]
        for algorithm in (astar, ida_star, bidirectional_bfs):
            result = algorithm(puzzle)
            assert result.cost == exact, algorithm.__name__
            assert replay(puzzle, result.actions) == puzzle.goal
        assert exact <= weighted_astar(puzzle, 2.0).cost <= 2 * exact
        assert astar(puzzle, puzzle.hamming).cost == exact


def test_manhattan_is_admissible(table):
    puzzle = SlidingPuzzle((1, 2, 3, 4, 5, 6, 7, 8, 0))
    rng = random.Random(3)
    states = rng.sample(sorted(table), 2000)
    assert all(puzzle.heuristic(s) <= table[s] for s in states)
    assert all(puzzle.hamming(s) <= puzzle.heuristic(s) for s in states)


def test_unsolvable_puzzle_is_detected_and_proved():
    puzzle = SlidingPuzzle((2, 1, 3, 4, 5, 6, 7, 8, 0))
    assert not puzzle.is_solvable()
    result = bfs(puzzle)
    assert result.status == "no_solution"
    assert result.stats.expanded == 181_440


def test_fifteen_puzzle_parity_uses_the_blank_row():
    assert SlidingPuzzle((*range(1, 16), 0)).is_solvable()
    swapped = (2, 1, *range(3, 16), 0)
    assert not SlidingPuzzle(swapped).is_solvable()
    blank_up = (*range(1, 12), 0, 13, 14, 15, 12)  # one legal move from the goal
    assert SlidingPuzzle(blank_up).is_solvable()
    assert astar(SlidingPuzzle(blank_up)).cost == 1


def test_bad_puzzles_raise_invalid_input():
    with pytest.raises(InvalidInput, match="n\\*n"):
        SlidingPuzzle((1, 2, 3))
    with pytest.raises(InvalidInput, match="once"):
        SlidingPuzzle((1, 1, 2, 3))


def test_trace_follows_open_and_closed_lists():
    puzzle = SlidingPuzzle((1, 2, 3, 4, 0, 6, 7, 5, 8))
    result, frames = trace(astar, puzzle)
    assert result.cost == 2
    assert frames[0].expanded == puzzle.initial_state
    assert frames[-1].expanded == puzzle.goal
    for frame in frames:
        assert frame.expanded in frame.closed
        assert frame.expanded not in frame.open
        assert frame.entry.f == frame.entry.g + frame.entry.h
        for entry in frame.open.values():
            assert entry.f >= frame.entry.f  # A* with a consistent h: f never decreases
    assert len(frames) == result.stats.expanded + 1  # the goal's expansion is traced too


def test_bench_suite_runs_and_verifies():
    result = eight_puzzle(BenchContext(quick=True))
    by_name = {run.solver: run for run in result.runs}
    assert all(run.verified and run.check == "yes" for run in result.runs)  # by the BFS table
    assert by_name["tansuo astar"].verified
    assert by_name["tansuo ida_star"].verified
    assert by_name["tansuo astar"].solved == result.instances
    assert "simpleai astar" in by_name
    assert by_name["simpleai astar"].verified
    assert result.ratio(by_name["simpleai astar"]) is not None


@pytest.mark.parametrize(
    ("text", "tiles"),
    [
        ("1 2 3 4 5 6 0 7 8", (1, 2, 3, 4, 5, 6, 0, 7, 8)),
        ("1,2,3,4,5,6,_,7,8", (1, 2, 3, 4, 5, 6, 0, 7, 8)),
        ("123456.78", (1, 2, 3, 4, 5, 6, 0, 7, 8)),
        ("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0", (*range(1, 16), 0)),
    ],
)
def test_parse_tiles(text, tiles):
    assert parse_tiles(text) == tiles


@pytest.mark.parametrize(("text", "message"), [("", "empty"), (" 1 2 x", "tile 3")])
def test_parse_tiles_rejects_junk(text, message):
    with pytest.raises(InvalidInput, match=message):
        parse_tiles(text)


def test_solve_puzzle_by_name(table):
    puzzle = random_puzzle(3, rng=random.Random(8))
    for heuristic in HEURISTICS:
        assert (
            solve_puzzle(puzzle, "astar", heuristic=heuristic).cost == table[puzzle.initial_state]
        )
    unsolvable = SlidingPuzzle((2, 1, 3, 4, 5, 6, 7, 8, 0))
    proof = solve_puzzle(unsolvable, "bfs")
    assert proof.status == "no_solution" and proof.stats.expanded == 0  # parity: no search
    with pytest.raises(InvalidInput, match="max_expansions"):
        solve_puzzle(unsolvable, "bfs", max_expansions=-1)
    with pytest.raises(InvalidInput, match="unknown heuristic"):
        solve_puzzle(puzzle, "astar", heuristic="euclid")

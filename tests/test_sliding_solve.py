"""IDA* in numba against the generic engine's A*; tables against breadth-first search."""

from __future__ import annotations

import importlib
import math
import random
import time
from collections import deque

import numpy as np
import pytest

from tansuo.errors import InvalidInput
from tansuo.search import astar
from tansuo.sliding import (
    Puzzle,
    SlidingProblem,
    goal_board,
    play,
    random_puzzle,
    scrambled,
    solve,
    solve_many,
)
from tansuo.sliding.heuristics import build_table, database, weights
from tansuo.sliding.model import MOVES


def _reference_length(puzzle: Puzzle) -> int:
    result = astar(SlidingProblem(puzzle))
    assert result.solved
    return len(result.actions)


def _check(puzzle: Puzzle, result) -> None:
    assert result.solved
    assert play(puzzle.tiles, puzzle.shape, result.lurd) == puzzle.goal
    assert len(result.solution) == result.cost == len(result.lurd)


@pytest.mark.parametrize(
    ("shape", "goal", "heuristic"),
    [((3, 3), "blank-last", "linear"), ((3, 3), "blank-first", "manhattan"),
     ((3, 3), "blank-last", "exact"), ((2, 4), "blank-last", "linear"),
     ((2, 4), "blank-first", "exact"), ((3, 4), "blank-last", "linear")],
)  # fmt: skip
def test_ida_lengths_equal_reference_astar(shape, goal, heuristic):
    rng = random.Random(7)
    count = 3 if shape == (3, 4) else 12
    for _ in range(count):
        if shape == (3, 4):
            puzzle = scrambled(shape, 40, goal=goal, rng=rng)  # A* in Python stays quick
        else:
            puzzle = random_puzzle(shape, goal=goal, rng=rng)
        result = solve(puzzle, heuristic=heuristic)
        _check(puzzle, result)
        assert result.optimal
        assert result.cost == _reference_length(puzzle), puzzle.tiles


def test_explicit_goal():
    goal = (8, 7, 6, 5, 4, 3, 2, 1, 0)
    rng = random.Random(3)
    for _ in range(5):
        puzzle = random_puzzle((3, 3), goal=goal, rng=rng)
        for heuristic in ("linear", "exact"):
            result = solve(puzzle, heuristic=heuristic)
            _check(puzzle, result)
            assert result.cost == _reference_length(puzzle)


def test_near_goal_fifteen_puzzles_match_reference():
    rng = random.Random(11)
    for goal, heuristics in (("blank-last", ("linear",)), ("blank-first", ("linear", "5-5-5"))):
        for _ in range(5):
            puzzle = scrambled((4, 4), 30, goal=goal, rng=rng)
            expected = _reference_length(puzzle)
            for heuristic in heuristics:
                result = solve(puzzle, heuristic=heuristic)
                _check(puzzle, result)
                assert result.cost == expected, (puzzle.tiles, heuristic)


def test_weighted_search_is_within_its_bound():
    rng = random.Random(5)
    for _ in range(5):
        puzzle = random_puzzle((3, 3), rng=rng)
        optimum = solve(puzzle).cost
        result = solve(puzzle, heuristic="linear", weight=2.0)
        _check(puzzle, result)
        assert not result.optimal and result.bound == 2.0
        assert optimum <= result.cost <= 2 * optimum


def test_solve_many_matches_solve():
    rng = random.Random(9)
    puzzles = [random_puzzle((3, 3), rng=rng) for _ in range(30)]
    puzzles.append(puzzles[0].with_tiles((2, 1, 3, 4, 5, 6, 7, 8, 0)))
    many = solve_many(puzzles)
    for puzzle, result in zip(puzzles, many, strict=True):
        one = solve(puzzle, heuristic="linear")
        assert result.status == one.status
        if one.solved:
            _check(puzzle, result)
            assert result.cost == one.cost


def _bfs_distances(shape, goal):
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        blank = board.index(0)
        r, c = divmod(blank, shape[1])
        for dr, dc in ((0, -1), (-1, 0), (0, 1), (1, 0)):
            if 0 <= r + dr < shape[0] and 0 <= c + dc < shape[1]:
                target = (r + dr) * shape[1] + c + dc
                tiles = list(board)
                tiles[blank], tiles[target] = tiles[target], 0
                nxt = tuple(tiles)
                if nxt not in dist:
                    dist[nxt] = dist[board] + 1
                    queue.append(nxt)
    return dist


def _rank(cells_of, cells):
    mult = weights(len(cells_of), cells)
    index = 0
    for i, cell in enumerate(cells_of):
        index += (cell - sum(1 for c in cells_of[:i] if c < cell)) * int(mult[i])
    return index


def test_exact_table_of_the_eight_puzzle_equals_bfs():
    shape = (3, 3)
    goal = goal_board(shape)
    table = database("exact", shape, goal).tables[0]
    distances = _bfs_distances(shape, goal)
    assert len(distances) == 181_440
    tiles = [t for t in goal if t]
    sample = random.Random(1).sample(sorted(distances), 20_000)
    for board in sample:
        assert table[_rank([board.index(t) for t in tiles], 9)] == distances[board]
    assert int(table[table != 255].max()) == 31
    assert int((table != 255).sum()) == 181_440


def test_pattern_database_values_are_admissible():
    shape = (4, 4)
    goal = goal_board(shape, "blank-first")
    group = (1, 2, 3)
    table = build_table(group, shape, goal)
    rng = random.Random(13)
    for _ in range(12):
        puzzle = scrambled(shape, 30, goal="blank-first", rng=rng)
        true = _reference_length(puzzle)
        value = int(table[_rank([puzzle.tiles.index(t) for t in group], 16)])
        assert value <= true
    # the group's own Manhattan distance is a lower bound of its table's values
    placements = np.flatnonzero(table != 255)
    assert placements.size == 16 * 15 * 14


def test_budgets_stop_the_search():
    hard = Puzzle((8, 6, 7, 2, 5, 4, 3, 0, 1), (3, 3))
    result = solve(hard, heuristic="manhattan", max_nodes=100)
    assert result.status == "limit" and result.stats.limit == "max_nodes"
    assert 100 <= result.stats.nodes < 200
    korf = Puzzle((14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3), (4, 4), "blank-first")
    result = solve(korf, heuristic="manhattan", time_limit=0.2)
    assert result.status == "limit" and result.stats.limit == "time_limit"
    assert result.stats.elapsed_s < 0.45
    result = solve(korf, heuristic="5-5-5", max_memory="1M")
    assert result.status == "limit" and result.stats.limit == "max_memory"


def test_astar_reference_algorithm():
    puzzle = Puzzle((1, 2, 3, 4, 0, 6, 7, 5, 8), (3, 3))
    result = solve(puzzle, algorithm="astar")
    _check(puzzle, result)
    assert result.cost == 2 and result.algorithm == "astar"
    limited = solve(Puzzle((8, 6, 7, 2, 5, 4, 3, 0, 1), (3, 3)), algorithm="astar", max_nodes=10)
    assert limited.status == "limit" and limited.stats.limit == "max_nodes"


def test_moves_are_named_by_the_blank():
    assert MOVES == "LURD"


def _timed_solve(puzzle, **options):
    """``solve`` and the wall seconds it waited for a core (a loaded machine's share).

    The search runs in this thread, so wall time it spent without running is
    wall time minus this thread's CPU time: a limit that holds stops the search
    within its margin of its own running time, however busy the machine.
    """
    wall, cpu = time.perf_counter(), time.thread_time()
    result = solve(puzzle, **options)
    waited = (time.perf_counter() - wall) - (time.thread_time() - cpu)
    return result, max(0.0, waited)


def test_time_limit_holds_on_the_largest_board():
    puzzle = random_puzzle((8, 8), rng=random.Random(2))
    solve(puzzle, max_nodes=10)  # compiled before the clock starts
    for algorithm in ("ida", "zones"):
        result, waited = _timed_solve(puzzle, algorithm=algorithm, time_limit=0.3)
        assert result.status == "limit" and result.stats.limit == "time_limit"
        assert result.stats.elapsed_s <= 0.3 + 0.1 + waited, (algorithm, result.stats, waited)
    largest = random_puzzle((5, 5), rng=random.Random(3))  # weighted A*'s largest board
    solve(largest, algorithm="wastar", max_nodes=10)
    result, waited = _timed_solve(largest, algorithm="wastar", time_limit=0.3)
    assert result.status == "limit" and result.stats.limit == "time_limit"
    assert result.stats.elapsed_s <= 0.3 + 0.1 + waited, (result.stats, waited)


def test_damaged_cache_file_is_rebuilt(tmp_path, monkeypatch):
    from tansuo.sliding.heuristics import cache_dir, forget_loaded

    monkeypatch.setenv("TANSUO_CACHE", str(tmp_path))
    goal = goal_board((2, 3))
    forget_loaded()
    first = database("exact", (2, 3), goal)
    assert first.built
    (path,) = cache_dir().glob("*.pdb")
    forget_loaded()
    assert not database("exact", (2, 3), goal).built  # read back from the file
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF  # one damaged byte
    path.write_bytes(bytes(data))
    forget_loaded()
    again = database("exact", (2, 3), goal)
    assert again.built and np.array_equal(again.tables[0], first.tables[0])
    path.write_bytes(bytes(data[: len(data) // 2]))  # a partial file
    forget_loaded()
    assert database("exact", (2, 3), goal).built
    forget_loaded()


def _blank_tracked_bfs(tiles, shape, goal):
    """The plain construction: a state per (placement, blank cell), blank moves free (0-1 BFS)."""
    rows, cols = shape
    cells = rows * cols

    def around(cell):
        r, c = divmod(cell, cols)
        for dr, dc in ((0, -1), (-1, 0), (0, 1), (1, 0)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                yield (r + dr) * cols + c + dc

    start = (tuple(goal.index(t) for t in tiles), goal.index(0))
    dist = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        where, blank = state
        for cell in around(blank):
            if cell in where:  # a pattern tile slides into the blank: one move
                moved = tuple(blank if c == cell else c for c in where)
                nxt, step = (moved, cell), 1
            else:  # the blank moves among the other tiles: free
                nxt, step = (where, cell), 0
            if nxt not in dist or dist[state] + step < dist[nxt]:
                dist[nxt] = dist[state] + step
                (queue.appendleft if step == 0 else queue.append)(nxt)
    table = np.full(math.perm(cells, len(tiles)), 255, np.uint8)
    for (where, _blank), d in dist.items():
        index = _rank(list(where), cells)
        table[index] = min(table[index], d)
    return table


@pytest.mark.parametrize(
    ("shape", "goal", "tiles"),
    [((3, 3), "blank-last", (1, 2, 3)), ((3, 3), "blank-first", (4, 5, 7, 8)),
     ((2, 4), "blank-last", (2, 3, 6, 7)), ((3, 4), "blank-first", (1, 5, 6, 9)),
     ((2, 3), "blank-last", (1, 2, 3, 4, 5)), ((4, 4), "blank-first", (1, 2, 3))],
)  # fmt: skip
def test_compact_builder_equals_a_byte_per_blank_cell_search(shape, goal, tiles):
    target = goal_board(shape, goal)
    expected = _blank_tracked_bfs(tiles, shape, target)
    assert np.array_equal(build_table(tiles, shape, target), expected)


def test_weighted_astar_is_optimal_at_weight_one_and_within_its_bound_above():
    rng = random.Random(17)
    for shape in ((3, 3), (2, 4)):
        for _ in range(6):
            puzzle = random_puzzle(shape, rng=rng)
            optimum = _reference_length(puzzle)
            exact = solve(puzzle, algorithm="wastar")
            _check(puzzle, exact)
            assert exact.optimal and exact.cost == optimum
            weighted = solve(puzzle, algorithm="wastar", weight=2.5)
            _check(puzzle, weighted)
            assert not weighted.optimal and weighted.bound == 2.5
            assert optimum <= weighted.cost <= 2.5 * optimum
    puzzle = random_puzzle((5, 5), rng=rng)
    result = solve(puzzle, algorithm="wastar", weight=3.0)
    _check(puzzle, result)
    assert result.stats.max_frontier > 0 and result.stats.heuristic == "linear"


def test_weighted_astar_stops_at_its_memory_budget():
    puzzle = random_puzzle((4, 4), rng=random.Random(4))
    result = solve(puzzle, algorithm="wastar", max_memory="64K")
    assert result.status == "limit" and result.stats.limit == "max_memory"
    assert 0 < result.stats.expanded < 64 * 1024
    with pytest.raises(InvalidInput, match="25 cells"):
        solve(random_puzzle((6, 6), rng=random.Random(1)), algorithm="wastar")


def test_the_default_is_the_strongest_database_cached(monkeypatch):
    solve_module = importlib.import_module("tansuo.sliding.solve")

    goal = goal_board((4, 4), "blank-first")
    monkeypatch.setattr(solve_module, "cached", lambda name, shape, goal: name == "7-8")
    assert solve_module.default_heuristic((4, 4), goal) == "7-8"
    monkeypatch.setattr(solve_module, "cached", lambda name, shape, goal: name != "7-8")
    assert solve_module.default_heuristic((4, 4), goal) == "6-6-3"
    monkeypatch.setattr(solve_module, "cached", lambda name, shape, goal: False)
    assert solve_module.default_heuristic((4, 4), goal) == "5-5-5"
    puzzle = scrambled((4, 4), 20, goal="blank-first", rng=random.Random(2))
    record = solve(puzzle).as_dict()
    assert record["heuristic"] == record["stats"]["heuristic"] == "5-5-5"

"""The Sokoban search: optimal modes equal exhaustive BFS, deadlocks never prune a solvable
position, every solution replays, budgets end in ``limit``."""

from __future__ import annotations

import importlib
import itertools
import random
import time

import pytest

from tansuo.errors import InvalidInput
from tansuo.result import RESULT_KEYS, STATS_KEYS
from tansuo.sokoban import Level, bundled_collection, solve, verify
from tansuo.sokoban._kernels import state as ks
from tansuo.sokoban.reference import bfs_moves, bfs_pushes, random_level, scrambled_level

UNSOLVABLE = Level.from_text("#####\n#@$ #\n#  .#\n#####")  # the box is stuck in a row of walls


def _levels(seed: int, count: int) -> list[Level]:
    rng = random.Random(seed)
    return [
        random_level(
            rng, width=rng.randint(3, 6), height=rng.randint(3, 5), boxes=rng.randint(1, 3)
        )
        for _ in range(count)
    ]


@pytest.mark.parametrize("seed", [1, 2])
def test_optimal_modes_equal_exhaustive_bfs(seed: int) -> None:
    solvable = 0
    for level in _levels(seed, 150):
        pushes, moves = bfs_pushes(level), bfs_moves(level)
        by_pushes = solve(level, mode="push-optimal")
        by_moves = solve(level, mode="move-optimal")
        fast = solve(level, mode="fast")
        if pushes is None:
            # nothing pruned wrongly can make the fast search claim otherwise, and the
            # deadlock detectors may only prune positions that BFS cannot solve either
            assert by_pushes.status == by_moves.status == fast.status == "no_solution"
            continue
        solvable += 1
        assert by_pushes.pushes == pushes, level.text()
        assert by_moves.moves == moves, level.text()
        assert fast.solved, level.text()  # deadlock pruning kept a solvable level solvable
        for result in (by_pushes, by_moves, fast):
            assert verify(level, result.solution).moves == result.moves
    assert solvable >= 20


@pytest.mark.parametrize("which", [0, 1])
def test_each_portfolio_process_agrees_with_exhaustive_bfs(which: int) -> None:
    """Each process's plan alone (the second: a greedy forward search and the ordered
    backward search only) solves exactly the levels BFS solves and proves the others."""
    solve_module = importlib.import_module("tansuo.sokoban.solve")
    plan = solve_module.PORTFOLIO_PLANS[which]
    solvable = 0
    for level in _levels(3, 300):
        board = level.board()
        solver = solve_module._Solver(board, ks.MODE_FAST, 1 << 26, plan)
        while not solver.step(10_000):
            pass
        lurd, proved = solver.solution(), solver.proved
        if bfs_pushes(level) is None:
            assert lurd is None and proved, level.text()
            continue
        solvable += 1
        assert lurd is not None, level.text()
        assert verify(level, lurd).solved
    assert solvable >= 20


def test_corral_pruning_keeps_push_optimality_on_crowded_levels() -> None:
    """Levels pulled apart from their solved position: crowded, so full of corrals."""
    rng = random.Random(7)
    pruned = 0
    for _ in range(45):
        level = scrambled_level(
            rng, width=rng.randint(4, 7), height=rng.randint(4, 6), boxes=rng.randint(3, 5)
        )
        pushes = bfs_pushes(level)
        assert pushes is not None  # pulled from a solved position: the pushes back solve it
        by_pushes = solve(level, mode="push-optimal")
        fast = solve(level, mode="fast")
        assert by_pushes.pushes == pushes, level.text()
        assert fast.solved, level.text()
        pruned += by_pushes.stats.corrals > 0
    assert pruned >= 20  # PI-corral pruning did fire


def test_corral_deadlocks_never_prune_a_solvable_position() -> None:
    """Push-optimal search, forwards only: a solvable position wrongly found dead by a
    corral's own search would lose the optimal solution or all of them."""
    rng = random.Random(11)
    found_dead = 0
    for _ in range(100):
        level = scrambled_level(rng, width=5, height=5, boxes=5, pulls=40, wall_chance=0.1)
        result = solve(level, mode="push-optimal")
        if result.stats.corral_deadlocks == 0:
            continue
        found_dead += 1
        assert result.pushes == bfs_pushes(level), level.text()
    assert found_dead >= 8


def test_microban_solutions_replay() -> None:
    levels = bundled_collection("microban")[:12]
    for level in levels:
        result = solve(level, time_limit=10)
        assert result.solved, level.name
        end = verify(level, result.solution)
        assert (end.moves, end.pushes) == (result.moves, result.pushes)


def test_push_optimal_microban_1() -> None:
    result = solve(bundled_collection("microban")[0], mode="push-optimal")
    assert result.pushes == 8 and result.optimal


def test_result_contract() -> None:
    result = solve(Level.from_text("#####\n#@$.#\n#####"))
    data = result.as_dict()
    assert set(RESULT_KEYS) | {"moves", "pushes", "level"} <= set(data)
    assert set(STATS_KEYS) <= set(data["stats"])
    assert data["solution"] == "R" and data["cost"] == 1
    unsolvable = solve(UNSOLVABLE)
    assert unsolvable.status == "no_solution" and unsolvable.solution is None


def test_budgets_end_in_limit() -> None:
    hard = bundled_collection("xsokoban90")[3]
    result = solve(hard, max_expansions=50)
    assert result.status == "limit" and result.stats.limit == "max_expansions"
    assert result.stats.expanded <= 50
    # A budget holds whatever the chunk: arrays that grow inside a search's turn
    # resume with the expansions left (the searches once ran 11,560 here).
    result = solve(bundled_collection("xsokoban90")[39], max_expansions=6000)
    assert result.status == "limit" and result.stats.expanded == 6000
    result = solve(hard, max_memory="200K")
    assert result.status == "limit" and result.stats.limit == "max_memory"
    started = time.process_time()  # CPU time: the overshoot is the search's own
    result = solve(hard, mode="push-optimal", time_limit=0.5)
    assert result.status == "limit" and result.stats.limit == "time_limit"
    assert time.process_time() - started < 0.5 + 0.3
    with pytest.raises(InvalidInput, match="unknown mode"):
        solve(hard, mode="slow")
    with pytest.raises(InvalidInput, match="max_expansions"):
        solve(hard, max_expansions=-1)


def test_packing_order_fills_a_goal_room_from_the_back() -> None:
    from tansuo.sokoban.solve import packing_order

    board = bundled_collection("xsokoban90")[1].board()  # goals in two columns of a room
    rank = packing_order(board)
    by_column: dict[int, set[int]] = {}
    for goal in board.goals:
        by_column.setdefault(board.rowcol(goal)[1], set()).add(int(rank[goal]))
    assert by_column == {1: {0}, 2: {1}}  # the far column first


def test_packing_order_fills_first_a_goal_no_box_can_reach_past_the_others() -> None:
    from tansuo.sokoban.solve import packing_order

    # The player can pull the box off the right goal (up, one step), but no box can
    # come to it past the box on the left goal: the left box is pushed on to the right
    # goal first, then the upper box down onto the left one.
    level = Level.from_text("######\n# @  #\n# $# #\n# * .#\n# # ##\n######")
    board = level.board()
    left, right = sorted(board.goals)
    rank = packing_order(board)
    assert (rank[right], rank[left]) == (0, 1)
    assert verify(level, solve(level).solution).solved


def test_fast_mode_searches_both_ways_and_meets() -> None:
    level = bundled_collection("xsokoban90")[0]
    result = solve(level, time_limit=20)
    assert result.solved
    end = verify(level, result.solution)
    assert (end.moves, end.pushes) == (result.moves, result.pushes)


def _random_costs(rng, ncell: int, nb: int, *, high: int, missing: float):
    """Costs ``[cell, goal]`` below ``high``, a share ``missing`` of them INF (no way)."""
    import numpy as np

    from tansuo.sokoban import _kernels as k

    dist = rng.integers(0, high, size=(ncell, nb)).astype(np.int32)
    dist[rng.random((ncell, nb)) < missing] = k.INF
    return dist


def _cheapest(dist, rows, nb: int) -> int:
    """The cheapest assignment of ``rows`` to the goals by trying every one (INF: none)."""
    from tansuo.sokoban import _kernels as k

    costs = [dist[rows, list(goals)] for goals in itertools.permutations(range(nb))]
    return min((int(c.sum()) for c in costs if (c < k.INF).all()), default=k.INF)


def test_incremental_matching_equals_a_full_hungarian_solve() -> None:
    import numpy as np

    from tansuo.sokoban import _kernels as k

    rng = np.random.default_rng(1)
    infeasible = 0
    for _ in range(400):
        nb, ncell = int(rng.integers(1, 9)), 30
        dist = _random_costs(rng, ncell, nb, high=12, missing=0.3)
        boxes = rng.choice(ncell, size=nb, replace=False).astype(np.int64)
        kept = [np.zeros(nb + 1, dtype=np.int64) for _ in range(5)]
        used = np.zeros(nb + 1, dtype=np.bool_)
        k.hungarian(boxes, nb, dist, *kept, used)
        for _ in range(5):  # a chain of moves, each updated from the last
            moved = int(rng.integers(nb))
            boxes[moved] = rng.choice([c for c in range(ncell) if c not in boxes])
            fresh = [np.zeros(nb + 1, dtype=np.int64) for _ in range(5)]
            full = k.hungarian(boxes, nb, dist, *fresh, used)
            update = k.hungarian_update(boxes, nb, moved, dist, *kept, used)
            assert min(update, k.INF) == min(full, k.INF)
            infeasible += full >= k.INF
            if nb <= 5:  # and both are the cheapest of every assignment
                assert min(full, k.INF) == _cheapest(dist, boxes, nb)
    assert infeasible > 0


def test_a_matching_from_the_last_one_equals_a_full_solve() -> None:
    """board.rematch (the expanded state's matching, from the last state's) gives the
    cheapest assignment whichever rows changed, in a long chain of changes."""
    import numpy as np

    from tansuo.sokoban import _kernels as k

    rng = np.random.default_rng(7)
    cheap = 0
    for _ in range(60):
        nb, ncell = int(rng.integers(1, 9)), 40
        dist = _random_costs(rng, ncell, nb, high=15, missing=0.25)
        old = np.full(nb, -1, dtype=np.int32)
        u, v, p, way, minv = (np.zeros(nb + 1, dtype=np.int64) for _ in range(5))
        used = np.zeros(nb + 1, dtype=np.bool_)
        rows = np.sort(rng.choice(ncell, size=nb, replace=False)).astype(np.int32)
        for _ in range(30):
            # one row moved most often, sometimes none or several
            change = int(rng.choice([0, 1, 1, 1, 2, nb]))
            for q in rng.choice(nb, size=min(change, nb), replace=False):
                rows[q] = rng.choice([c for c in range(ncell) if c not in rows])
            rows = np.sort(rows).astype(np.int32)
            got = k.rematch(rows.copy(), old, nb, dist, u, v, p, way, minv, used)
            assert list(old) == list(rows)
            full = k.hungarian(rows.astype(np.int64), nb, dist, *(np.zeros(nb + 1, np.int64)
                               for _ in range(5)), used)  # fmt: skip
            assert min(got, k.INF) == min(full, k.INF)
            if nb <= 5:
                assert min(got, k.INF) == _cheapest(dist, rows, nb)
            cheap += full < k.INF
    assert cheap > 100


solve_module = importlib.import_module("tansuo.sokoban.solve")


def _one_box_level(rng: random.Random, width: int, height: int) -> Level | None:
    """A random walled room with one box, one goal and the player, or None if too cramped."""
    grid = [["#"] * (width + 2) for _ in range(height + 2)]
    floor = []
    for r in range(1, height + 1):
        for c in range(1, width + 1):
            if rng.random() > 0.3:
                grid[r][c] = " "
                floor.append((r, c))
    if len(floor) < 3:
        return None
    (br, bc), (gr, gc), (pr, pc) = rng.sample(floor, 3)
    grid[br][bc], grid[gr][gc], grid[pr][pc] = "$", ".", "@"
    try:  # a box or goal walled off from the player is no level
        level = Level.from_text("\n".join("".join(row) for row in grid))
        level.board()
        return level
    except InvalidInput:
        return None


def test_side_distances_equal_a_lone_box_search() -> None:
    """The bound of a level with one box is exact: breadth-first search over the box and
    the player's region (reference.bfs_pushes) takes as many pushes, and finds none when
    it says never, though the plain distance (the player anywhere) often says fewer."""
    from tansuo.sokoban import _kernels as k

    rng = random.Random(17)
    tried = shorter = never = 0
    while tried < 300:
        level = _one_box_level(rng, rng.randint(3, 7), rng.randint(3, 6))
        if level is None:
            continue
        board = level.board()
        tables = solve_module.prepare(board)
        bound = solve_module._bound(board.boxes, board.player, tables)
        exact = bfs_pushes(board)
        assert bound == (k.INF if exact is None else exact), level.text()
        # and the box is on a dead side exactly when there is no solution
        box = board.boxes[0]
        side = k.box_side(box, board.player, tables.disc, tables.parts)
        assert bool(tables.sdead[4 * box + side]) == (exact is None), level.text()
        tried += 1
        plain = int(tables.dist[0, board.boxes[0]])
        shorter += plain < bound
        never += bound >= k.INF and plain < k.INF
        # pulls back from the goal to the box's start cell: the solution's last push leaves
        # the player in one of the solved position's regions, and from there as many pulls
        # at most (where the player ends after them is not counted)
        back = solve_module.prepare(board, reverse=True)
        roots = solve_module._regions(board, board.goals)
        pulls = min(solve_module._bound(board.goals, root, back) for root in roots)
        assert exact is None or pulls <= exact, level.text()
    assert shorter > 20 and never > 5


def test_incremental_player_region_equals_a_full_flood() -> None:
    """After every push and pull of random positions, the region that follows from the
    parent's (when it can) has the same top-left cell as a flood of the whole region."""
    import numpy as np

    from tansuo.sokoban import _kernels as k

    rng = random.Random(5)
    followed = flooded = 0
    for _ in range(150):
        width, height = rng.randint(4, 8), rng.randint(3, 6)
        nboxes = rng.randint(1, width * height // 5)
        level = random_level(rng, width=width, height=height, boxes=nboxes, wall_chance=0.2)
        board = level.board()
        walls = board.walls.astype(np.uint8)
        deltas = np.array(board.deltas, dtype=np.int64)
        floor = [c for c in range(walls.size) if not walls[c]]
        ncell = walls.size
        seen, seen2 = np.zeros(ncell, np.int64), np.zeros(ncell, np.int64)
        full = np.zeros(ncell, np.int64)
        queue, dist = np.zeros(ncell, np.int64), np.zeros(ncell, np.int64)
        stamp = 0
        for _ in range(8):  # random box sets on the level's floor, every player region
            boxes = rng.sample(floor, min(len(floor) - 1, len(board.boxes)))
            occ = np.zeros(ncell, np.uint8)
            occ[boxes] = 1
            player = rng.choice([c for c in floor if not occ[c]])
            stamp += 1
            parent = stamp
            low = k.player_region(player, walls, occ, seen, parent, queue, dist, deltas)
            for b in boxes:
                for d in board.deltas:
                    t = b + d
                    if walls[t] or occ[t]:
                        continue
                    for pull in (False, True):
                        stand, after = (t, t + d) if pull else (b - d, b)
                        if seen[stand] != parent or (pull and (walls[after] or occ[after])):
                            continue
                        occ[b], occ[t] = 0, 1
                        stamp += 1
                        got = k.child_region(b, t, low, walls, occ, seen, parent, seen2, stamp,
                                             queue, deltas)  # fmt: skip
                        stamp += 1
                        want = k.player_region(after, walls, occ, full, stamp, queue, dist, deltas)
                        occ[b], occ[t] = 1, 0
                        if got < 0:
                            flooded += 1
                        else:
                            followed += 1
                            assert got == want, (level.text(), boxes, player, b, t, pull)
    assert followed > 1000 and flooded > 20


def test_start_pocket_is_shut_only_with_the_player_outside() -> None:
    """The backward search's pocket penalty rests on this: with a box on every cell
    of ``start_pocket`` (and none inside the start region), a player outside the
    start region cannot reach the start player's cell."""
    import numpy as np

    from tansuo.sokoban._kernels.board import pocket_shut
    from tansuo.sokoban.io import parse_collection
    from tansuo.sokoban.solve import start_pocket

    board = parse_collection("#######\n#@$ . #\n#######")[0].board()
    assert start_pocket(board) == list(board.boxes)  # the one box walls the player in
    rng = random.Random(11)
    shut = 0
    for _ in range(120):
        level = random_level(rng, width=rng.randint(4, 8), height=rng.randint(3, 6),
                             boxes=rng.randint(1, 4), wall_chance=0.2)  # fmt: skip
        board = level.board()
        pocket = start_pocket(board)
        region = board.reachable(board.player, board.boxes)
        assert all(c in board.boxes for c in pocket)
        cells = np.array(pocket, dtype=np.int64)
        floor = [c for c in range(board.width * board.height)
                 if not board.walls[c] and c not in region]  # fmt: skip
        for _ in range(6):
            extra = rng.sample(floor, min(len(floor), rng.randint(0, 3)))
            boxes = set(extra) | (set(pocket) if rng.random() < 0.7 else set())
            occ = np.zeros(board.width * board.height, np.uint8)
            occ[list(boxes)] = 1
            assert pocket_shut(cells, occ) == (bool(pocket) and set(pocket) <= boxes)
            if not pocket_shut(cells, occ):
                continue
            for player in (c for c in floor if c not in boxes):
                shut += 1
                assert board.player not in board.reachable(player, boxes)
    assert shut > 50


def test_pocket_penalty_keeps_solutions_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the backward search's pocket penalty on, fast mode still finds solutions
    that replay (the penalty only reorders the backward search's states)."""
    import importlib

    module = importlib.import_module("tansuo.sokoban.solve")  # the package's solve is the function
    monkeypatch.setattr(module, "POCKET_PENALTY", 2)
    for level in bundled_collection("microban")[:12]:
        result = solve(level, time_limit=20)
        assert result.solved
        end = verify(level, result.solution)
        assert (end.moves, end.pushes) == (result.moves, result.pushes)


def test_unpacking_order_fills_the_start_cells_from_the_far_end() -> None:
    """The backward search's order of the start cells (solve.unpacking_order): the
    box the player pushes first is the one the backward search puts back last."""
    import importlib

    module = importlib.import_module("tansuo.sokoban.solve")  # the package's solve is the function
    board = Level.from_text("#########\n#@$ $ ..#\n#########").board()
    rank = module.unpacking_order(board)
    near, far = board.boxes  # the player pushes the near box first: filled last backwards
    assert (rank[near], rank[far]) == (1, 0)
    assert [c for c in range(rank.size) if rank[c] >= 0] == [near, far]
    assert not module.prepare(board, reverse=True).rank.any()  # the plain backward search's
    fast = module._MODE_CODE["fast"]
    ordered = module._Solver(board, fast, 1 << 26).searches[-1]
    assert ordered.name == "backward-ordered" and (ordered.tables.rank == rank).all()


def test_the_ordered_backward_search_keeps_solutions_valid() -> None:
    """Fast mode runs a second backward search with the start cells' order penalty
    (solve.REVERSE_ORDER); its solutions, and those found by meeting it, replay."""
    for level in bundled_collection("microban")[:12]:
        result = solve(level, time_limit=20)
        assert result.solved
        assert "backward-ordered" in result.stats.searches
        end = verify(level, result.solution)
        assert (end.moves, end.pushes) == (result.moves, result.pushes)


@pytest.mark.parametrize(
    ("near", "far", "shares", "names"),
    [
        (1000, 0, (0, 1, 1), ("forward-near", "backward")),  # no feature search
        (0, 1000, (1, 1, 0), ("forward", "backward-near")),  # no backward search
    ],
)
def test_searches_meet_the_near_searches(near, far, shares, names) -> None:
    """A breadth-first search near the start (Plan.near) and the backward search, or
    one near the solved position (Plan.far) and the feature search, find each other
    from both sides, and the joined halves replay."""
    import importlib

    from tansuo.sokoban._kernels import state as ks

    module = importlib.import_module("tansuo.sokoban.solve")  # the package's solve is the function
    plan = module.Plan(features=True, shares=shares, near=near, far=far)
    sides = set()
    for level in bundled_collection("microban")[:12]:
        board = level.board()
        solver = module._Solver(board, ks.MODE_FAST, 1 << 26, plan)
        for idle in solver.searches:  # a search with no share: an empty table, none to meet
            if shares[idle.role] == 0:
                idle.a = module._Arrays(len(board.boxes), 64)
        for _ in range(1000):
            if solver.step(500):
                break
        winner = solver.winner
        assert winner is not None and winner.name in names
        if winner.name == names[int(near > 0)] and winner.ctl[ks.C_MEET] >= 0:
            assert winner.ctl[ks.C_MEET_NEAR] == 1  # its other half is the near search's
        sides.add((winner.name, int(winner.ctl[ks.C_MEET]) >= 0))
        end = verify(level, solver.solution())
        assert end.pushes > 0
    assert (names[0], True) in sides and (names[1], True) in sides

"""The feature search of fast mode: feature cells, the per-cell skew heaps, solutions.

The feature counts are worked out by hand on small boards; the heaps are
checked against sorting; the search's solutions are replayed.
"""

from __future__ import annotations

import gc
import importlib
import random
import weakref
from dataclasses import replace
from typing import Any

import numpy as np

from tansuo.sokoban import Level, bundled_collection, verify
from tansuo.sokoban._kernels import state as ks
from tansuo.sokoban._kernels.features import (
    advised,
    cell_index,
    cell_pop,
    cell_push,
    goal_cut_off,
    label_regions,
    moved_regions,
    packed,
    regions,
)

solve_module = importlib.import_module("tansuo.sokoban.solve")
ONE_BACKWARD = solve_module.PORTFOLIO_PLANS[0]
"""Fast mode's plan without the ordered second backward search (the portfolio's first
process), its shares not doubled (the share tests count three searches)."""


def _occ(board, cells) -> np.ndarray:
    occ = np.zeros(board.width * board.height, dtype=np.int32)
    occ[list(cells)] = 1
    return occ


def test_regions_counts_the_floor_the_boxes_cut_apart() -> None:
    # a corridor of 7 cells, the player at its left end: one box in it cuts it
    # in two, two boxes in three; boxes at the corridor's ends cut nothing off
    board = Level.from_text("#########\n#@ $ $..#\n#########").board()
    tables = solve_module.prepare(board)
    ctl = np.zeros(ks.CTL_SLOTS, dtype=np.int64)
    seen = np.zeros(board.width * board.height, dtype=np.int64)
    queue = np.zeros(board.width * board.height, dtype=np.int64)

    def count(*steps: int) -> int:
        occ = _occ(board, [board.player + step for step in steps])
        return int(regions(tables.walls, occ, np.zeros_like(occ), seen, queue, tables.deltas, ctl))

    assert count() == 1
    assert count(2) == 2
    assert count(2, 4) == 3
    assert count(6) == 1
    assert count(0, 6) == 1


def test_packed_counts_boxes_in_the_packing_order() -> None:
    # a goal room filled from the back: the inner goal first; a box on the outer
    # goal while the inner one is empty does not count as packed
    board = Level.from_text("#######\n#@$$..#\n#######").board()
    tables = solve_module.prepare(board)
    inner, outer = max(board.goals), min(board.goals)
    assert tables.rank[inner] < tables.rank[outer]
    assert packed(tables.goals, tables.rank, _occ(board, [outer])) == 0
    assert packed(tables.goals, tables.rank, _occ(board, [inner])) == 1
    assert packed(tables.goals, tables.rank, _occ(board, [inner, outer])) == 2


def test_goal_cut_off_sees_a_goal_the_packed_boxes_shut() -> None:
    # A 2x2 block of goals. The packing order fills the top-left goal first, then
    # the other three (one round); the bottom-right goal takes a box pushed up from
    # below it, or one pushed down from the top-right goal's cell while that is empty.
    board = Level.from_text(
        "########\n##    ##\n#  ..$ #\n# #..# #\n#  $$$ #\n###   @#\n########"
    ).board()
    tables = solve_module.prepare(board)
    cell = board.cell
    top_left, top_right, bottom_left, bottom_right = cell(2, 3), cell(2, 4), cell(3, 3), cell(3, 4)
    assert tables.rank[top_left] < tables.rank[top_right] == tables.rank[bottom_right]
    size = board.width * board.height
    seen, queue = np.zeros(size, dtype=np.int64), np.zeros(size, dtype=np.int64)
    ctl = np.zeros(ks.CTL_SLOTS, dtype=np.int64)

    def cut_off(cells) -> bool:
        occ = _occ(board, cells)
        return bool(goal_cut_off(tables.goals, tables.rank, tables.walls, occ, seen, queue,
                                 tables.deltas, ctl))  # fmt: skip

    packed3 = [top_left, top_right, bottom_left]
    # the fourth box right of the block: only past the packed top-right box
    assert cut_off([*packed3, cell(2, 5)])
    # below the empty goal it can still be pushed up onto it
    assert not cut_off([*packed3, cell(4, 4)])
    # with the top-right goal empty, the box beside it gets in there and down
    assert not cut_off([top_left, bottom_left, bottom_right, cell(2, 5)])
    # the top-left goal empty: the boxes on the others are out of order, on their
    # way, so they are not walls (and one of them is met at once)
    assert not cut_off([top_right, bottom_left, bottom_right, cell(2, 5)])
    assert ctl[ks.C_SUBSTAMP] > 0  # floods take fresh stamps


def test_the_feature_search_counts_goals_cut_off_and_still_solves() -> None:
    microban = {level.number: level for level in bundled_collection("microban")}
    for number in (108, 111, 113):
        result = solve_module.solve(microban[number], portfolio=False)
        assert result.solved and verify(microban[number], result.solution).solved
        assert result.stats.cut_off > 0  # children whose packed boxes shut a goal


def test_goals_cut_off_agree_with_exhaustive_bfs_on_crowded_levels() -> None:
    """Levels pulled apart from their solved position (crowded goal areas): every one the
    feature search met a goal cut off on is solvable by BFS, and fast mode solves it."""
    from tansuo.sokoban.reference import bfs_pushes, scrambled_level

    rng = random.Random(11)
    met = 0
    for _ in range(300):
        level = scrambled_level(rng, width=rng.randint(5, 7), height=rng.randint(4, 6),
                                boxes=rng.randint(4, 6), pulls=60)  # fmt: skip
        result = solve_module.solve(level, portfolio=False)
        assert result.solved and verify(level, result.solution).solved
        if result.stats.cut_off > 0:
            met += 1
            assert bfs_pushes(level) is not None
    assert met >= 10


def test_advised_pushes_pack_a_box_join_regions_or_clear_a_doorway() -> None:
    assert advised(cell_index(0, 3, 0), cell_index(1, 3, 0))  # one more box packed
    assert advised(cell_index(1, 3, 0), cell_index(1, 2, 0))  # one region fewer
    assert advised(cell_index(1, 2, 2), cell_index(1, 2, 1))  # one doorway cleared
    assert not advised(cell_index(1, 2, 0), cell_index(1, 2, 0))
    assert not advised(cell_index(1, 2, 0), cell_index(1, 4, 0))
    assert not advised(cell_index(1, 2, 0), cell_index(1, 2, 1))
    assert cell_index(2, 99, 99) == cell_index(2, ks.FEATURE_REGIONS, ks.FEATURE_GATES - 1)
    assert cell_index(ks.FEATURE_REGIONS, 1, 0) < ks.feature_cells(ks.FEATURE_REGIONS + 1)


def test_doorways_are_one_wide_passages_off_the_goals() -> None:
    from tansuo.sokoban.solve import prepare

    level = Level.from_text("#######\n#  #  #\n#@ $ .#\n#  #  #\n#######")
    board = level.board()
    tables = prepare(board)
    # the gap in the middle wall; not the goal's cell, nor cells with room on both sides
    assert [board.rowcol(c) for c in range(tables.gate.size) if tables.gate[c]] == [(2, 3)]


def test_cell_heaps_pop_in_key_order_and_take_cells_in_turn() -> None:
    rng = random.Random(7)
    states = solve_module._new_states(2, 64)
    ctl = np.zeros(ks.CTL_SLOTS, dtype=np.int64)
    keys = {0: [], 3: []}
    for idx in range(40):
        cell = 0 if idx % 4 else 3
        key = rng.randrange(1000)
        keys[cell].append(key)
        cell_push(states, idx, cell, key)
    popped: dict[int, list[int]] = {0: [], 3: []}
    order = []
    for _ in range(40):
        idx = int(cell_pop(states, ctl))
        cell = int(states.cell[idx])
        order.append(cell)
        popped[cell].append(int(states.skey[idx]))
    assert cell_pop(states, ctl) == -1
    assert popped[0] == sorted(keys[0]) and popped[3] == sorted(keys[3])
    assert order[:20] == [3, 0] * 10  # in turns while both cells hold states
    assert order[20:] == [0] * 20


def test_feature_search_solutions_replay() -> None:
    plan = replace(solve_module.MAIN_PLAN, features=True, advice=1)
    for level in bundled_collection("microban")[:12]:
        board = level.board()
        solver = solve_module._Solver(board, ks.MODE_FAST, 1 << 28, plan)
        while not solver.step(10_000):
            pass
        solution = solver.solution()
        assert solution is not None, level.title
        verify(board, solution)


def test_three_searches_take_their_shares_of_the_expansions() -> None:
    plan = replace(ONE_BACKWARD, features=True, greedy=True, shares=(3, 1, 2), near=0)
    board = bundled_collection("xsokoban90")[3].board()  # not solved in 600 expansions
    solver = solve_module._Solver(board, ks.MODE_FAST, 1 << 28, plan)
    assert [s.name for s in solver.searches] == ["forward", "forward-greedy", "backward"]
    assert not solver.step(600)
    done = [int(s.ctl[ks.C_EXPANDED]) for s in solver.searches]
    assert done == [300, 100, 200]


def test_the_near_search_waits_for_the_backward_search_to_come_close() -> None:
    board = bundled_collection("xsokoban90")[3].board()  # not solved in 1200 expansions
    plan = replace(ONE_BACKWARD, near=4, shares=(1, 2, 3), stall=0, cap=0, close=0)
    solver = solve_module._Solver(board, ks.MODE_FAST, 1 << 28, plan)
    _, near, backward = solver.searches
    assert (near.name, backward.near, near.waits) == ("forward-near", near, (backward, 4))
    assert not solver.step(600)
    assert backward.ctl[ks.C_LOWEST] > 4  # still far from the start: the near search waits
    assert [int(s.ctl[ks.C_EXPANDED]) for s in solver.searches] == [150, 0, 450]
    backward.ctl[ks.C_LOWEST] = 4  # as if it had come that close
    assert not solver.step(600)
    assert [int(s.ctl[ks.C_EXPANDED]) for s in solver.searches] == [250, 200, 750]


def test_a_second_backward_search_puts_the_start_cells_back_in_order() -> None:
    board = bundled_collection("xsokoban90")[3].board()  # not solved in 1600 expansions
    plan = replace(solve_module.MAIN_PLAN, near=4, shares=(1, 2, 3), stall=0, cap=0, close=0,
                   reverse_order=2)  # fmt: skip
    solver = solve_module._Solver(board, ks.MODE_FAST, 1 << 28, plan)
    forward, near, backward, ordered = solver.searches
    assert [s.name for s in solver.searches] == [
        "forward", "forward-near", "backward", "backward-ordered"
    ]  # fmt: skip
    assert (backward.params[ks.P_ORDER], ordered.params[ks.P_ORDER]) == (0, 2)
    assert not backward.tables.rank.any() and ordered.tables.rank.max() > 0
    assert (ordered.other, ordered.near, near.watches) == (forward, near, [ordered])
    assert not solver.step(700)
    assert min(backward.ctl[ks.C_LOWEST], ordered.ctl[ks.C_LOWEST]) > 4  # the near search waits
    assert [int(s.ctl[ks.C_EXPANDED]) for s in solver.searches] == [100, 0, 300, 300]
    ordered.ctl[ks.C_LOWEST] = 4  # the ordered one comes close, the plain one does not:
    assert not solver.step(900)  # the near search starts all the same
    assert [int(s.ctl[ks.C_EXPANDED]) for s in solver.searches] == [200, 200, 600, 600]
    # without reverse_order the plan has one backward search
    names = [
        s.name for s in solve_module._Solver(board, ks.MODE_FAST, 1 << 28, ONE_BACKWARD).searches
    ]
    assert names == ["forward", "forward-near", "backward"]


def test_the_portfolio_gives_each_process_one_backward_search() -> None:
    board = bundled_collection("xsokoban90")[3].board()
    first, second = (
        solve_module._Solver(board, ks.MODE_FAST, 1 << 28, plan)
        for plan in solve_module.PORTFOLIO_PLANS
    )
    assert [s.name for s in first.searches] == ["forward", "forward-near", "backward"]
    assert [s.name for s in second.searches] == [
        "forward-greedy", "forward-greedy-near", "backward-ordered"
    ]  # fmt: skip
    forward, near, ordered = second.searches
    assert (forward.params[ks.P_FEATURES], forward.params[ks.P_WEIGHT]) == (0, 1000)
    assert first.searches[0].params[ks.P_FEATURES] == 1
    # the second process's backward search is the ordered one, in the plain one's place
    assert (first.searches[2].params[ks.P_ORDER], ordered.params[ks.P_ORDER]) == (0, 2)
    assert not first.searches[2].tables.rank.any() and ordered.tables.rank.max() > 0
    assert (ordered.other, ordered.near, near.waits) == (forward, near, (ordered, 4))
    # the first process's near search stops after its early expansions, the second's goes on
    assert (first.searches[1].cap, first.searches[1].early) == (solve_module.NEAR_EARLY,) * 2
    assert near.cap == solve_module.NEAR_CAP > solve_module.NEAR_EARLY
    assert not second.step(800)
    assert [int(s.ctl[ks.C_EXPANDED]) for s in second.searches] == [200, 0, 600]


def test_the_searches_of_a_solve_share_its_memory_budget() -> None:
    board = bundled_collection("xsokoban90")[9].board()  # far beyond these expansions
    memory = 20 << 20
    solver = solve_module._Solver(board, ks.MODE_FAST, memory, ONE_BACKWARD)
    assert all(s.pool is solver.searches for s in solver.searches)
    while not any(s.limit for s in solver.searches):
        solver.step(20_000)
    assert solver.winner is None
    sizes = [s.a.nbytes for s in solver.searches]
    assert sum(sizes) <= memory
    # the busiest search grew past an equal part of the budget: one pool, not fixed shares
    assert max(sizes) > memory // len(sizes)
    # the one that stopped could not grow by a quarter in what the others left (when
    # twice its room did not fit, it took what there was: its count is then no power of 2)
    for full in [s for s in solver.searches if s.limit]:
        count = full.a.states.boxes.shape[0]
        left = memory - (sum(sizes) - full.a.nbytes)
        assert full.a.largest_within(left) < count * 5 // 4
    assert any(s.a.states.boxes.shape[0] & (s.a.states.boxes.shape[0] - 1) for s in solver.searches)


def test_a_released_solver_is_freed_without_the_cycle_collector() -> None:
    """The searches link to each other; released, their arrays go with the solver at once."""
    board = bundled_collection("xsokoban90")[3].board()
    gc.disable()
    try:
        for release in (False, True):
            solver = solve_module._Solver(board, ks.MODE_FAST, 1 << 26, solve_module.MAIN_PLAN)
            solver.step(2000)
            searches = [weakref.ref(s) for s in solver.searches]
            if release:
                solver.release()
            del solver
            alive = [ref() is not None for ref in searches]
            assert all(alive) if not release else not any(alive)
            gc.collect()
    finally:
        gc.enable()


def test_a_portfolio_process_gets_the_default_budget_or_half_of_one_given(
    monkeypatch: Any,
) -> None:
    gib = 1 << 30
    monkeypatch.setattr(solve_module, "physical_memory", lambda: 24 * gib)
    assert solve_module._portfolio_memory(4 * gib, given=False) == 4 * gib
    assert solve_module._portfolio_memory(4 * gib, given=True) == 2 * gib
    monkeypatch.setattr(solve_module, "physical_memory", lambda: 8 * gib)
    assert solve_module._portfolio_memory(4 * gib, given=False) == 2 * gib  # half the RAM for both
    monkeypatch.setattr(solve_module, "physical_memory", lambda: None)
    assert solve_module._portfolio_memory(4 * gib, given=False) == 4 * gib


def test_the_near_search_waits_for_a_stall_and_stops_at_its_cap() -> None:
    board = bundled_collection("xsokoban90")[3].board()  # not solved in 3600 expansions

    def solver_with(stall: int) -> tuple[Any, Any, Any]:
        plan = replace(ONE_BACKWARD, near=4, shares=(1, 2, 3), stall=stall, cap=150,
                       early=50, close=0)  # fmt: skip
        solver = solve_module._Solver(board, ks.MODE_FAST, 1 << 28, plan)
        return solver, solver.searches[1], solver.searches[2]

    def step(solver: Any) -> list[int]:
        assert not solver.step(600)
        return [int(s.ctl[ks.C_EXPANDED]) for s in solver.searches]

    solver, near, backward = solver_with(1000)
    assert (near.stall, near.cap, near.early) == (1000, 150, 50)
    assert step(solver) == [150, 0, 450]  # far from the start: the near search waits
    backward.ctl[ks.C_LOWEST] = 4  # as if it had just come that close
    backward.improved_at = 450
    assert step(solver) == [250, 50, 750]  # close but not stuck: its first 50 expansions only
    assert step(solver) == [400, 50, 1200]  # stuck for 300 expansions: it waits
    assert step(solver) == [550, 50, 1650]  # stuck for 750
    assert step(solver) == [650, 150, 1950]  # stuck for 1200: it starts, and stops at its cap
    assert near.started and near.capped()
    backward.improved_at = int(backward.ctl[ks.C_EXPANDED])  # once started it never waits again
    assert step(solver) == [800, 150, 2400]  # but at its cap it takes no more

    solver, near, backward = solver_with(400)
    assert step(solver) == [150, 0, 450]
    backward.ctl[ks.C_LOWEST] = 4  # close only after a stall's worth of expansions:
    backward.improved_at = 450
    assert step(solver) == [300, 0, 900]  # no early expansions


def test_the_near_search_takes_its_early_expansions_at_their_own_share() -> None:
    board = bundled_collection("xsokoban90")[3].board()  # not solved in 2400 expansions
    plan = replace(ONE_BACKWARD, near=4, shares=(1, 12, 3), stall=700, cap=0,
                   early=1000, early_share=2, close=0)  # fmt: skip
    solver = solve_module._Solver(board, ks.MODE_FAST, 1 << 28, plan)
    _, near, backward = solver.searches

    def step() -> list[int]:
        assert not solver.step(600)
        return [int(s.ctl[ks.C_EXPANDED]) for s in solver.searches]

    backward.ctl[ks.C_LOWEST] = 4  # close from the start, not yet stuck
    backward.improved_at = 0
    assert step() == [100, 200, 300]  # early: 2 of 6, not 12 of 16
    assert step() == [200, 400, 600]  # stuck for 300 expansions: still early
    assert step() == [300, 600, 900]  # stuck for 600: still early
    assert step() == [338, 1050, 1012]  # stuck for 900: started, 12 of 16 from now on
    assert near.started


def test_a_backward_search_close_to_the_start_takes_a_larger_share() -> None:
    board = bundled_collection("xsokoban90")[3].board()  # not solved in 1800 expansions
    plan = replace(ONE_BACKWARD, near=4, shares=(1, 12, 3), stall=10**9, cap=0,
                   early=0, close=12)  # fmt: skip
    solver = solve_module._Solver(board, ks.MODE_FAST, 1 << 28, plan)
    backward = solver.searches[2]
    assert _step(solver, 520) == [130, 0, 390]  # far from the start: 1 and 3
    assert backward.ctl[ks.C_LOWEST] > 4
    backward.ctl[ks.C_LOWEST] = 5
    assert _step(solver, 520) == [260, 0, 780]  # still not within 4 pulls
    backward.ctl[ks.C_LOWEST] = 4  # as if it had come that close
    assert _step(solver, 520) == [300, 0, 1260]  # 1 and 12 (the near search waits its stall)
    # without the near search (near=0) the shares stay
    solver = solve_module._Solver(board, ks.MODE_FAST, 1 << 28, replace(plan, near=0))
    solver.searches[-1].ctl[ks.C_LOWEST] = 0
    assert _step(solver, 520) == [130, 390]


def test_the_larger_share_ends_when_the_backward_search_stalls() -> None:
    board = bundled_collection("xsokoban90")[3].board()  # not solved in 2000 expansions
    plan = replace(ONE_BACKWARD, near=4, shares=(1, 12, 3), stall=10**9, cap=0,
                   early=0, close=12, close_stall=400)  # fmt: skip
    solver = solve_module._Solver(board, ks.MODE_FAST, 1 << 28, plan)
    backward = solver.searches[2]
    assert _step(solver, 260) == [65, 0, 195]  # far from the start: 1 and 3
    backward.ctl[ks.C_LOWEST] = 4  # as if it had just come that close
    backward.improved_at = 195
    assert _step(solver, 260) == [85, 0, 435]  # 1 and 12 while it closes in
    assert _step(solver, 260) == [105, 0, 675]  # 240 since its bound came lower: still 12
    assert _step(solver, 260) == [170, 0, 870]  # 480: stalled, 1 and 3 again
    backward.improved_at = 870  # its bound came lower again
    assert _step(solver, 260) == [190, 0, 1110]  # 12 again
    # with close_stall=0 the larger share stays for good
    solver = solve_module._Solver(board, ks.MODE_FAST, 1 << 28, replace(plan, close_stall=0))
    solver.searches[2].ctl[ks.C_LOWEST] = 4
    assert _step(solver, 1300) == [100, 0, 1200]


def test_the_near_search_holds_every_state_a_few_pushes_from_the_start() -> None:
    # an exhaustive breadth-first search in pushes (no deadlock tests) against the near
    # search's table: PI-corral pruning keeps only one order of pushes, so without every
    # push the table misses states the backward search may come to; with every push it
    # holds those and more (both have expanded every state 1 push from the start)
    board = bundled_collection(NEAR_LEVEL[0])[NEAR_LEVEL[1] - 1].board()
    depth = 2
    exact = _within(board, depth)
    tables = solve_module.prepare(board, macros=True)
    lower = solve_module._bound(board.boxes, board.player, tables)
    held = {}
    for every in (False, True):
        plan = replace(solve_module.MAIN_PLAN, name="near", features=False, weight=0, order=0,
                       advice=0, all_pushes=every)  # fmt: skip
        near = solve_module._Search(board, tables, ks.MODE_FAST, 1 << 28, plan=plan)
        near.add_root(board.boxes, min(board.reachable(board.player, board.boxes)), lower)
        near.step(NEAR_EXPANSIONS)  # breadth-first: past every state 2 pushes away
        st, n = near.a.states, int(near.ctl[ks.C_STATES])
        assert int(st.g[:n].max()) > depth
        held[every] = {(tuple(int(c) for c in st.boxes[s]), int(st.player[s])) for s in range(n)}
    assert exact & held[False] <= held[True]
    assert len(exact & held[True]) > len(exact & held[False])


NEAR_LEVEL = ("xsokoban90", 74)
"""A level with a PI-corral beside the start (see the test above)."""
NEAR_EXPANSIONS = 300


def _within(board: Any, depth: int) -> set[tuple[tuple[int, ...], int]]:
    """Every state (sorted box cells, top-left cell of the player's region) at most
    ``depth`` pushes from the start, no push onto a dead square."""
    dead = solve_module.prepare(board).dead
    start = (tuple(sorted(board.boxes)), min(board.reachable(board.player, board.boxes)))
    seen, ring = {start}, {start}
    for _ in range(depth):
        ring_next = set()
        for boxes, player in ring:
            taken = set(boxes)
            region = board.reachable(player, taken)
            for b in boxes:
                for d in board.deltas:
                    t = b + d
                    if b - d in region and not board.walls[t] and t not in taken and not dead[t]:
                        after = tuple(sorted((taken - {b}) | {t}))
                        state = (after, min(board.reachable(b, set(after))))
                        if state not in seen:
                            seen.add(state)
                            ring_next.add(state)
        ring = ring_next
    return seen


def _step(solver: Any, units: int) -> list[int]:
    assert not solver.step(units)
    return [int(s.ctl[ks.C_EXPANDED]) for s in solver.searches]


def test_moved_regions_equal_a_full_count() -> None:
    """After random pushes and jumps on XSokoban boards, the count from the labels of
    the position before equals a flood of the position after (or says it cannot tell)."""
    rng = random.Random(3)
    told = 0
    for level in bundled_collection("xsokoban90")[:12]:
        board = level.board()
        tables = solve_module.prepare(board)
        size = board.width * board.height
        ctl = np.zeros(ks.CTL_SLOTS, dtype=np.int64)
        rseen, queue, lseen = (np.zeros(size, dtype=np.int64) for _ in range(3))
        lab, scratch = (np.zeros(size, dtype=np.int32) for _ in range(2))
        floor = [c for c in range(size) if not board.walls[c]]
        for trial in range(60):
            boxes = rng.sample(floor, len(board.boxes))
            occ = _occ(board, boxes)
            before = label_regions(tables.walls, occ, lab, lseen, trial + 1, queue, tables.deltas)
            assert before == regions(tables.walls, occ, scratch, rseen, queue, tables.deltas, ctl)
            b = rng.choice(boxes)
            near = [b + d for d in board.deltas if not board.walls[b + d] and not occ[b + d]]
            far = [c for c in floor if not occ[c]]
            t = rng.choice(near) if near and rng.random() < 0.7 else rng.choice(far)
            occ[b], occ[t] = 0, 1
            cut = moved_regions(b, t, before, tables.walls, occ, lab, tables.deltas)
            if cut >= 0:
                told += 1
                assert cut == regions(tables.walls, occ, scratch, rseen, queue, tables.deltas, ctl)
    assert told > 360  # it can tell more often than not (476 of these 720)


def test_regions_from_the_player_side_equal_a_full_count() -> None:
    """After random pushes and jumps on XSokoban boards, the count from the parent's count
    and its player's region alone equals a flood of the position after (or says it needs
    the labels), also where the moved box may cut its region in two."""
    from tansuo.sokoban._kernels.board import player_region
    from tansuo.sokoban._kernels.features import player_side_regions

    rng = random.Random(5)
    told = split = 0
    for level in bundled_collection("xsokoban90")[:12]:
        board = level.board()
        tables = solve_module.prepare(board)
        size = board.width * board.height
        ctl = np.zeros(ks.CTL_SLOTS, dtype=np.int64)
        rseen, queue, seen, scratch_seen = (np.zeros(size, dtype=np.int64) for _ in range(4))
        scratch = np.zeros(size, dtype=np.int32)
        dist = np.zeros(size, dtype=np.int32)
        floor = [c for c in range(size) if not board.walls[c]]
        for trial in range(80):
            boxes = rng.sample(floor, len(board.boxes))
            occ = _occ(board, boxes)
            before = regions(tables.walls, occ, scratch, rseen, queue, tables.deltas, ctl)
            free = [c for c in floor if not occ[c]]
            player_region(rng.choice(free), tables.walls, occ, seen, trial + 1, queue, dist,
                          tables.deltas)  # fmt: skip
            b = rng.choice(boxes)
            near = [b + d for d in board.deltas if not board.walls[b + d] and not occ[b + d]]
            t = rng.choice(near) if near and rng.random() < 0.7 else rng.choice(free)
            occ[b], occ[t] = 0, 1
            cut = player_side_regions(b, t, before, tables.walls, occ, seen, trial + 1, rseen,
                                      queue, tables.deltas, ctl)  # fmt: skip
            if cut >= 0:
                told += 1
                truth = regions(tables.walls, occ, scratch, scratch_seen, queue, tables.deltas, ctl)
                assert cut == truth
                split += cut > before
    assert told > 480 and split > 20  # most moves (579 of 960), moves that cut a region among them


def test_each_search_reports_how_close_it_came() -> None:
    level = Level.from_text("########\n#@ $  .#\n#  $  .#\n########")
    result = solve_module.solve(level)
    closest = dict(result.stats.closest)
    assert set(closest) == set(result.stats.searches)
    assert closest[result.stats.winner] == 0
    stopped = solve_module.solve(bundled_collection("xsokoban90")[0], max_expansions=40)
    assert stopped.status == "limit"
    lows = dict(stopped.stats.closest)
    assert 0 < min(lows.values()) <= stopped.stats.lower_bound

"""Deadlock counts by kind on hand-made levels, learned patterns, and the two-process portfolio.

The small levels below are worked out by hand: push-optimal mode with
``max_expansions=1`` expands the start only, so the counts are those of the
start's pushes.
"""

from __future__ import annotations

import importlib
import multiprocessing
import random
import time

import numpy as np

from tansuo.sokoban import Level, bundled_collection, solve, verify
from tansuo.sokoban._kernels import state as ks
from tansuo.sokoban._kernels.deadlock import learn_pattern, pattern_dead
from tansuo.sokoban.reference import bfs_pushes, scrambled_level

solve_module = importlib.import_module("tansuo.sokoban.solve")


def _start_counts(text: str) -> dict[str, int]:
    stats = solve(Level.from_text(text), mode="push-optimal", max_expansions=1).stats
    assert stats.expanded == 1
    return {"generated": stats.generated, **stats.pruned, "deadlocks": stats.deadlocks}


def test_dead_squares_are_counted() -> None:
    # the box in the middle of a 3x3 room: up, down and left land on the room's
    # walls, where no goal is (dead squares); right lands on the goal
    counts = _start_counts("#####\n#   #\n#@$.#\n#   #\n#####")
    assert counts["generated"] == 4
    assert counts["dead_squares"] == 3
    assert counts["freeze"] == counts["matching"] == counts["corral"] == counts["pattern"] == 0
    assert counts["deadlocks"] == 3


def test_dead_sides_are_counted() -> None:
    # pushed right, the box stands in the corridor's mouth with the player on its left and
    # no way round: not a dead square (pushed from inside the corridor it could go back),
    # but dead on that side; pushed down it is in a corner; pushed up it is on the goal
    level = "########\n#  .####\n# @$   #\n#   ####\n########"
    counts = _start_counts(level)
    assert counts["generated"] == 3
    assert counts["dead_sides"] == 1
    assert counts["dead_squares"] == 1
    assert counts["freeze"] == counts["matching"] == counts["corral"] == counts["pattern"] == 0
    assert counts["deadlocks"] == 2
    assert solve(Level.from_text(level)).pushes == 1


def test_freeze_deadlocks_are_counted() -> None:
    # pushing the lower box up puts it beside the other box on the top wall: both
    # frozen off their goals; the upper box pushed right goes into a corner (dead)
    level = "#######\n#.  $ #\n#  $ @#\n#.    #\n#######"
    counts = _start_counts(level)
    assert counts["generated"] == 6
    assert counts["freeze"] == 1
    assert counts["dead_squares"] == 1
    assert counts["matching"] == 0


def test_matching_deadlocks_are_counted() -> None:
    # a box on the top wall can only reach the top row's one goal; pushing the
    # other box up onto that row leaves two boxes for one goal (no perfect matching)
    counts = _start_counts("########\n#. $   #\n#    $ #\n#@    .#\n########")
    assert counts["generated"] == 6
    assert counts["matching"] == 1
    assert counts["dead_squares"] == counts["freeze"] == 0


def test_a_learned_pattern_prunes_supersets_on_the_same_side_only() -> None:
    """The pattern kernels on a hand-made board: two boxes that close the bottom row off."""
    board = Level.from_text("#########\n#@      #\n###$$####\n#  ..   #\n#########").board()
    lv = solve_module.prepare(board).kernel()
    ncell = board.width * board.height
    work = solve_module.new_work(ncell, 2)
    pat = solve_module.new_patterns(ncell, 2, capacity=4)
    ctl = np.zeros(ks.CTL_SLOTS, dtype=np.int64)
    a, b = board.cell(2, 3), board.cell(2, 4)
    above, below, extra = board.cell(1, 1), board.cell(3, 1), board.cell(1, 6)
    work.kb[:2] = (a, b)
    assert learn_pattern(2, above, lv, work, pat, ctl)  # the player above the two boxes
    assert ctl[ks.C_PATTERNS] == 1 and ctl[ks.C_ENTRIES] == 2
    occ = np.zeros(ncell, dtype=np.int32)
    occ[[a, b, extra]] = 1  # the pattern's boxes and one more

    def dead(t: int, player: int) -> bool:  # no region of the position given: a flood
        return bool(pattern_dead(t, player, occ, lv, work, pat, ctl, -1, -1, -1, False))

    assert dead(a, above)
    assert dead(b, board.cell(1, 7))  # above, elsewhere
    assert not dead(a, below)  # the other side
    assert not dead(extra, above)  # no pattern on that cell
    # the position's own region (here marked by hand) is looked in before any flood
    work.seen2[above] = 7
    assert pattern_dead(a, below, occ, lv, work, pat, ctl, 0, 7, -1, True)
    work.seen2[above] = 0
    assert not pattern_dead(a, below, occ, lv, work, pat, ctl, 0, 7, -1, True)
    occ[b] = 0
    assert not dead(a, above)  # a box of the pattern missing


def test_patterns_are_learned_and_keep_push_optimality() -> None:
    """Crowded levels pulled apart from their solved position: corral deadlocks are
    found, kept as patterns, and the patterns prune later positions, while the
    push-optimal answer stays the breadth-first one."""
    rng = random.Random(11)
    learned = pruned = 0
    for _ in range(120):
        level = scrambled_level(rng, width=5, height=5, boxes=5, pulls=40, wall_chance=0.1)
        result = solve(level, mode="push-optimal")
        learned += result.stats.patterns
        pruned += result.stats.pattern_deadlocks
        assert result.stats.patterns <= result.stats.corral_deadlocks
        if result.stats.pattern_deadlocks:
            assert result.pushes == bfs_pushes(level), level.text()
    assert learned >= 5 and pruned >= 5


def test_stats_sum_the_kinds() -> None:
    stats = solve(bundled_collection("microban")[3], mode="push-optimal").stats
    assert stats.deadlocks == sum(stats.pruned.values())
    assert stats.generated >= stats.dead_squares + stats.freeze_deadlocks + stats.duplicates


def test_portfolio_solves_and_stops_its_second_process() -> None:
    before = set(multiprocessing.active_children())  # other tests' pools may still be alive
    level = bundled_collection("microban")[4]
    result = solve(level, portfolio=True, time_limit=20)
    assert result.solved
    end = verify(level, result.solution)
    assert (end.moves, end.pushes) == (result.moves, result.pushes)
    assert result.stats.winner in {name for name in result.stats.searches}
    assert set(multiprocessing.active_children()) <= before  # the portfolio's child is gone


def _stretch(cpu: float = 0.1) -> float:
    """Wall seconds per second of CPU a busy loop gets now (1.0 on an idle machine)."""
    wall, used = time.perf_counter(), time.process_time()
    while time.process_time() - used < cpu:
        pass
    return max(1.0, (time.perf_counter() - wall) / (time.process_time() - used))


def test_portfolio_time_limit_is_wall_clock_for_the_whole_solve() -> None:
    before = set(multiprocessing.active_children())
    level = bundled_collection("xsokoban90")[9]  # far beyond a second
    stretch = _stretch()
    started = time.perf_counter()
    result = solve(level, portfolio=True, time_limit=1.0)
    wall = time.perf_counter() - started
    stretch = max(stretch, _stretch())
    assert result.status == "limit" and result.stats.limit == "time_limit"
    # Tables, the child's start and its stop: 2 s on an idle machine, as many more
    # as a loaded machine stretches a second of CPU (measured just before and after).
    assert wall < 1.0 + 2.0 * stretch
    assert "backward-ordered" in result.stats.searches  # the second process answered
    assert set(multiprocessing.active_children()) <= before  # the portfolio's child is gone


def test_portfolio_with_a_count_budget_ends_on_that_budget() -> None:
    """A second process that spent its own expansions leaves the first one searching."""
    before = set(multiprocessing.active_children())
    result = solve(bundled_collection("xsokoban90")[1], portfolio=True, max_expansions=40)
    assert result.status == "limit" and result.stats.limit == "max_expansions"
    assert set(multiprocessing.active_children()) <= before  # the portfolio's child is gone


def _grid(rows: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """Walls, goals, box cells and deltas of a small hand-drawn grid (no level checks)."""
    width = len(rows[0])
    text = "".join(rows)
    walls = np.array([ch == "#" for ch in text], dtype=np.uint8)
    goal = np.array([ch in ".*" for ch in text], dtype=np.uint8)
    boxes = np.array([i for i, ch in enumerate(text) if ch in "$*"], dtype=np.int16)
    deltas = np.array([-width, width, -1, 1], dtype=np.int64)
    return walls, goal, boxes, deltas, width


def test_a_corral_whose_goals_its_boxes_cannot_fill_is_a_deadlock() -> None:
    # Microban 59, three boxes left: the boxes around the bottom room can all stand on
    # goals, but never fill its left goal (the way in is the box on the right goal,
    # which would go onto a dead square) and never let the player in. Breadth-first
    # search finds no solution; the corral test proves it at the start's expansion.
    level = Level.from_text(
        "###############\n###############\n##@         ###\n## #######  ###\n"
        "## #      $  ##\n## #      #  ##\n##    #####$ ##\n####  ### ..*##\n"
        "#########    ##\n###############"
    )
    assert bfs_pushes(level) is None
    result = solve(level, mode="push-optimal", portfolio=False)
    assert result.status == "no_solution"
    assert result.stats.expanded == 1 and result.stats.corral_deadlocks == 1
    assert result.stats.patterns == 0  # dead for its empty goals only: no pattern learned


def test_a_frozen_box_on_its_goal_that_shuts_an_empty_goal_is_a_deadlock() -> None:
    from tansuo.sokoban._kernels.board import freeze_deadlock, freeze_fill_deadlock

    # The box on the goal in the corner never moves; the goal left of it can only be
    # filled from its right (past that box) or from below (a box pushed up from (2,1)
    # by the player on (3,1)): shut when (3,1) is a wall, open when it is floor.
    for bottom, shut in (("##  #", True), ("#   #", False)):
        rows = ["#####", "#. *#", "# # #", bottom, "#####"]
        walls, goal, boxes, deltas, width = _grid(rows)
        dead = np.zeros_like(walls)
        mark = np.zeros_like(walls)
        occ = np.zeros(walls.size, dtype=np.int32)
        occ[boxes] = 1
        cell = 1 * width + 3
        assert not freeze_deadlock(cell, boxes, boxes.size, walls, dead, goal, mark, deltas)
        assert freeze_fill_deadlock(cell, boxes, boxes.size, walls, dead, goal, mark, deltas,
                                    occ) == shut  # fmt: skip
        assert not mark.any()  # the scratch is clean again


def test_a_box_no_pull_can_move_off_a_start_cell_is_a_backward_deadlock() -> None:
    from tansuo.sokoban._kernels.board import pull_freeze

    # Backwards the goals are the start cells. The box in the corner can be pulled
    # right or down only if the player has a second free cell beyond: walls there.
    rows = ["#####", "#$ ##", "# ###", "#####"]
    walls, goal, boxes, deltas, width = _grid(rows)
    dead = np.zeros_like(walls)
    mark = np.zeros_like(walls)
    cell = int(boxes[0])
    assert pull_freeze(cell, boxes, 1, walls, dead, goal, mark, deltas)
    goal[cell] = 1  # on its start cell: it may stay there
    assert not pull_freeze(cell, boxes, 1, walls, dead, goal, mark, deltas)
    goal[cell] = 0
    walls[1 * width + 3] = 0  # room for the player's second step to the right
    assert not pull_freeze(cell, boxes, 1, walls, dead, goal, mark, deltas)
    assert not mark.any()

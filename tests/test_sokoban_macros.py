"""Fast mode's macros: a push through a tunnel, a goal room filled in its packing order.

Both must keep every solvable level solvable (checked against exhaustive BFS
on small walled levels, where tunnels are common) and give solutions that replay.
"""

from __future__ import annotations

import random

import numpy as np

from tansuo.sokoban import Level, bundled_collection, solve, verify
from tansuo.sokoban import _kernels as k
from tansuo.sokoban.macros import box_route, goal_room
from tansuo.sokoban.reference import bfs_pushes, populate, random_level

TUNNEL = Level.from_text("#######\n#  @  #\n#  $  #\n### ###\n### ###\n### ###\n###.###\n#######")


def test_tunnel_end_goes_through_a_corridor_and_stops_at_goals() -> None:
    board = TUNNEL.board()
    walls = board.walls.astype(np.uint8)
    dead = np.zeros_like(walls)
    goal = np.zeros_like(walls)
    occ = np.zeros(walls.size, dtype=np.int32)
    deltas = np.array(board.deltas, dtype=np.int64)
    down = 3
    top = board.cell(3, 3)  # the first cell of the corridor
    assert k.tunnel_end(top, down, walls, dead, goal, occ, deltas, -1) == board.cell(6, 3)
    goal[board.cell(4, 3)] = 1  # a goal in the corridor: the box may have to stop there
    assert k.tunnel_end(top, down, walls, dead, goal, occ, deltas, -1) == board.cell(4, 3)
    occ[board.cell(5, 3)] = 1  # a box further down
    goal[:] = 0
    assert k.tunnel_end(top, down, walls, dead, goal, occ, deltas, -1) == board.cell(4, 3)
    assert k.tunnel_end(top, down, walls, dead, goal, occ * 0, deltas, top) == top  # a stop


def test_fast_mode_pushes_through_the_tunnel_and_replays() -> None:
    result = solve(TUNNEL)
    assert result.solved and result.stats.macros >= 1
    assert result.pushes == 4 and result.stats.expanded == 1
    end = verify(TUNNEL, result.solution)
    assert (end.moves, end.pushes) == (result.moves, result.pushes)


def _carved_level(rng: random.Random) -> Level:
    """A small level carved by random walks: rooms joined by one-wide corridors."""
    while True:
        height, width = rng.randint(5, 8), rng.randint(5, 9)
        grid = [["#"] * width for _ in range(height)]
        r, c = rng.randint(1, height - 2), rng.randint(1, width - 2)
        for _ in range(rng.randint(12, 30)):
            grid[r][c] = " "
            dr, dc = rng.choice([(0, 1), (0, -1), (1, 0), (-1, 0)])
            for _ in range(rng.randint(1, 4)):
                if 1 <= r + dr <= height - 2 and 1 <= c + dc <= width - 2:
                    r, c = r + dr, c + dc
                    grid[r][c] = " "
        level = populate(rng, grid, rng.randint(1, 3), title="carved")
        if level is not None:
            return level


def test_macros_keep_solvable_levels_solvable() -> None:
    rng = random.Random(12)
    solvable = macros = 0
    for i in range(600):
        level = _carved_level(rng) if i % 4 else random_level(rng, width=6, height=4, boxes=2)
        fast = solve(level)
        macros += fast.stats.macros
        if bfs_pushes(level) is None:
            assert fast.status == "no_solution", level.text()
            continue
        solvable += 1
        assert fast.solved, level.text()
        end = verify(level, fast.solution)
        assert (end.moves, end.pushes) == (fast.moves, fast.pushes)
    assert solvable >= 60 and macros >= 20, (solvable, macros)


def test_goal_room_of_xsokoban_1() -> None:
    board = bundled_collection("xsokoban90")[0].board()
    room = goal_room(board)
    assert room is not None
    assert set(board.goals) <= room.cells and room.entrance not in room.cells
    assert sorted(room.order) == sorted(board.goals)
    # every goal has a route in, the goals before it standing
    assert (room.pushes.max(axis=1) > 0).all()
    # the first goal filled is not in the column next to the entrance's way in
    result = solve(bundled_collection("xsokoban90")[0], time_limit=20)
    assert result.solved and result.stats.macros > 0
    end = verify(board.level, result.solution)
    assert (end.moves, end.pushes) == (result.moves, result.pushes)


def test_a_goal_room_may_start_with_a_box_in_it() -> None:
    """No box-free room holds the goals here; the room behind the entrance starts
    with a box in it, and the macro waits until the room is in order."""
    rows = "#########\n#       #\n#@  $   #\n#### ####\n#       #\n#. $   .#\n#       #\n#########"
    level = Level.from_text(rows)
    board = level.board()
    room = goal_room(board)
    assert room is not None and len(room.order) == 2
    assert len(set(board.boxes) & room.cells) == 1  # the box on the room's middle row
    result = solve(level)
    assert result.solved
    end = verify(level, result.solution)
    assert end.solved and (end.moves, end.pushes) == (result.moves, result.pushes)
    plain = Level.from_text("#######\n#@ $ *#\n#  ####\n#  .  #\n#######")  # a box-free room
    found = goal_room(plain.board())
    assert found is None or not set(plain.board().boxes) & found.cells


def test_box_route_finds_a_bent_route() -> None:
    board = Level.from_text("#######\n#     #\n#@$   #\n####  #\n#.    #\n#######").board()
    start, end = board.boxes[0], board.goals[0]
    moves = box_route(board, set(), board.player, start, end, end + 1)
    assert moves is not None
    box, player = start, board.player
    for letter in moves:
        d = board.deltas["lurd".index(letter.lower())]
        player += d
        if letter.isupper():
            assert player == box
            box += d
    assert box == end


def test_a_search_pruned_by_the_room_macro_proves_nothing_until_searched_again() -> None:
    level = Level.from_text("########\n#@$$ ..#\n########")  # two boxes in a row: stuck
    assert goal_room(level.board()) is not None
    result = solve(level)
    assert result.status == "no_solution" and result.stats.limit is None


def test_a_small_room_is_the_whole_flood_when_it_could_be_a_goal_room() -> None:
    # the bounded flood against the player's whole region behind each entrance: the same
    # room when that holds neither the player nor more than MAX_ROOM_CELLS cells, else None
    from tansuo.sokoban.macros import MAX_ROOM_CELLS, _small_room

    rooms = rejected = 0
    for level in list(bundled_collection("microban"))[:40]:
        board = level.board()
        for entrance in range(board.width * board.height):
            if board.walls[entrance]:
                continue
            for d in board.deltas:
                start = entrance + d
                if board.walls[start]:
                    continue
                whole = frozenset(board.reachable(start, [entrance]))
                fits = board.player not in whole and len(whole) <= MAX_ROOM_CELLS
                assert _small_room(board, start, entrance) == (whole if fits else None)
                rooms += fits
                rejected += not fits
    assert rooms > 100 and rejected > 100

"""Exhaustive breadth-first search: the slow, obviously right yardstick of the solver.

:func:`bfs_pushes` finds the fewest pushes (states: boxes and the player's
region), :func:`bfs_moves` the fewest moves (states: boxes and the player's
cell, one step at a time). Neither prunes anything, so on small levels they
say what the optimum is and whether a solution exists at all; the tests hold
the fast search and its deadlock detectors to them. :func:`random_level` makes
small levels to test on.

>>> from tansuo.sokoban import Level
>>> level = Level.from_text("#######\\n#.$ @ #\\n#######")
>>> bfs_pushes(level), bfs_moves(level)
(1, 2)
"""

from __future__ import annotations

import random
from collections import deque

from tansuo.sokoban.model import Board, Level


def _board(level: Level | Board) -> Board:
    return level if isinstance(level, Board) else level.board()


def bfs_pushes(level: Level | Board, *, max_states: int = 2_000_000) -> int | None:
    """The fewest pushes that solve the level, or None if none does (exhaustive BFS)."""
    board = _board(level)
    goals = frozenset(board.goals)

    def normal(player: int, boxes: frozenset[int]) -> int:
        return min(board.reachable(player, boxes))

    start_boxes = frozenset(board.boxes)
    start = (start_boxes, normal(board.player, start_boxes))
    if start_boxes == goals:
        return 0
    seen = {start}
    frontier = [start]
    pushes = 0
    while frontier:
        pushes += 1
        nxt = []
        for boxes, player in frontier:
            region = board.reachable(player, boxes)
            for box in boxes:
                for d in board.deltas:
                    target = box + d
                    if box - d not in region or board.walls[target] or target in boxes:
                        continue
                    after = (boxes - {box}) | {target}
                    if after == goals:
                        return pushes
                    state = (after, normal(box, after))
                    if state not in seen:
                        seen.add(state)
                        nxt.append(state)
            if len(seen) > max_states:
                raise RuntimeError("bfs_pushes: too many states for the reference search")
        frontier = nxt
    return None


def bfs_moves(level: Level | Board, *, max_states: int = 2_000_000) -> int | None:
    """The fewest moves that solve the level, or None if none does (exhaustive BFS)."""
    board = _board(level)
    goals = frozenset(board.goals)
    start = (frozenset(board.boxes), board.player)
    if start[0] == goals:
        return 0
    depth = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        boxes, player = state
        for d in board.deltas:
            nxt = player + d
            if board.walls[nxt]:
                continue
            if nxt in boxes:
                beyond = nxt + d
                if board.walls[beyond] or beyond in boxes:
                    continue
                after = (boxes - {nxt}) | {beyond}
                if after == goals:
                    return depth[state] + 1
            else:
                after = boxes
            child = (after, nxt)
            if child not in depth:
                depth[child] = depth[state] + 1
                queue.append(child)
        if len(depth) > max_states:
            raise RuntimeError("bfs_moves: too many states for the reference search")
    return None


def random_level(rng: random.Random, *, width: int = 5, height: int = 4, boxes: int = 2,
                 wall_chance: float = 0.15) -> Level:  # fmt: skip
    """A random small level: a walled room with a few inner walls, boxes, goals, a player.

    It is well formed (enclosed, one player, as many boxes as goals) but may
    have no solution; that is the point for testing deadlock detection.
    """
    while True:
        cells = [(r, c) for r in range(1, height + 1) for c in range(1, width + 1)]
        grid = [["#"] * (width + 2) for _ in range(height + 2)]
        for r, c in cells:
            grid[r][c] = "#" if rng.random() < wall_chance else " "
        level = populate(rng, grid, boxes, title="random")
        if level is not None:
            return level


def populate(rng: random.Random, grid: list[list[str]], boxes: int, title: str) -> Level | None:
    """Boxes, goals (some under boxes) and the player on random floor cells of ``grid``;
    None when the floor is too small or the player cannot reach every box."""
    floor = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == " "]
    if len(floor) < 2 * boxes + 2:
        return None
    chosen = rng.sample(floor, 2 * boxes + 1)
    for r, c in chosen[:boxes]:
        grid[r][c] = "$"
    for r, c in chosen[boxes : 2 * boxes]:
        grid[r][c] = "*" if grid[r][c] == "$" else "."
    r, c = chosen[-1]
    grid[r][c] = "@"
    level = Level.from_text("\n".join("".join(row) for row in grid), title=title)
    try:
        level.board()
    except ValueError:
        return None  # boxes walled off from the player
    return level


def scrambled_level(rng: random.Random, *, width: int = 6, height: int = 5, boxes: int = 4,
                    pulls: int = 40, wall_chance: float = 0.15) -> Level:  # fmt: skip
    """A random small level that has a solution: boxes on their goals pulled about at random.

    The player walks and pulls from the solved position, so the pushes back
    solve it; with several boxes close together it is full of corrals, the
    test bed of corral pruning and corral deadlocks.
    """
    while True:
        grid = [["#"] * (width + 2) for _ in range(height + 2)]
        floor = []
        for r in range(1, height + 1):
            for c in range(1, width + 1):
                if rng.random() >= wall_chance:
                    grid[r][c] = " "
                    floor.append((r, c))
        if len(floor) < boxes + 2:
            continue
        chosen = rng.sample(floor, boxes + 1)
        goals = set(chosen[:boxes])
        box_at = set(goals)
        player = chosen[-1]
        steps = ((0, -1), (-1, 0), (0, 1), (1, 0))
        for _ in range(pulls * 4):
            dr, dc = rng.choice(steps)
            ahead = (player[0] + dr, player[1] + dc)
            if grid[ahead[0]][ahead[1]] == "#" or ahead in box_at:
                continue
            behind = (player[0] - dr, player[1] - dc)
            if behind in box_at and rng.random() < 0.7:
                box_at.remove(behind)
                box_at.add(player)
            player = ahead
        if box_at == goals:
            continue
        for r, c in goals:
            grid[r][c] = "."
        for r, c in box_at:
            grid[r][c] = "*" if (r, c) in goals else "$"
        r, c = player
        grid[r][c] = "+" if (r, c) in goals else "@"
        level = Level.from_text("\n".join("".join(row) for row in grid), title="scrambled")
        try:
            level.board()
        except ValueError:
            continue
        return level

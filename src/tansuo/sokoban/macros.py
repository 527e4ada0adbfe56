"""Macro pushes of fast mode: a goal room filled in its packing order, and replaying macros.

A *goal room* is an area that holds every goal and that the rest of the level
reaches through one entrance cell only (the goals of many XSokoban levels sit
in such a room). :func:`goal_room` finds the smallest one whose boxes all
start outside it (else the smallest one with at most :data:`MAX_ROOM_BOXES`
boxes in it: the macro waits until those have left the room or stand on its
first goals), then works out
an order to fill its goals: backwards from
the full room, the goal whose box can come in last is the one nearest the
entrance that a box pushed in can still reach, the others standing on their
goals, the player free to leave afterwards. Fast mode then treats a box
pushed onto the entrance as a macro: it goes straight to the next goal of
that order, by the route found here, when the room holds exactly the goals
filled so far (:func:`tansuo.sokoban._kernels.search`).

The tunnel macro (:func:`tansuo.sokoban._kernels.tunnel_end`) and this one
make a step of the search move one box by more than one push;
:func:`box_route` finds the moves of such a step again for the solution.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from tansuo.sokoban.model import DIRECTIONS, Board

MAX_ROOM_CELLS = 120
"""Larger rooms get no macro (their routes cost too much to work out for a fast start)."""
MAX_ROOM_BOXES = 2
"""A room that starts with more boxes than this in it gets no macro (most of the level
would be "the room"; its packing order would cost seconds and fit no solution)."""


@dataclass(frozen=True, slots=True)
class GoalRoom:
    """A goal room, its packing order and the route of each box into it.

    Attributes
    ----------
    entrance : int
        The one cell between the room and the rest of the level.
    cells : frozenset of int
        The room (the entrance not included).
    order : tuple of int
        The goals in the order they are filled.
    pushes : numpy.ndarray
        ``pushes[k, j]``: pushes that bring a box from the entrance onto
        ``order[k]`` when ``order[:k]`` hold boxes and the player came in
        along direction ``j`` (standing on ``entrance - deltas[j]``); -1 when
        no route.
    after : numpy.ndarray
        ``after[k, j]``: the player's cell after the last of those pushes.
    """

    entrance: int
    cells: frozenset[int]
    order: tuple[int, ...]
    pushes: np.ndarray
    after: np.ndarray


def goal_room(board: Board) -> GoalRoom | None:
    """The goal room of ``board`` with its packing order, or None (see the module docstring)."""
    goals = set(board.goals)
    boxes = set(board.boxes)
    floor = [c for c in range(board.width * board.height) if not board.walls[c]]
    best: tuple[int, frozenset[int]] | None = None  # the smallest room without boxes
    crowded: tuple[int, frozenset[int]] | None = None  # the smallest room with some
    for entrance in floor:
        if entrance in goals or entrance in boxes:
            continue
        neighbours = [entrance + d for d in board.deltas if not board.walls[entrance + d]]
        if len(neighbours) < 2:
            continue
        for start in neighbours:
            room = _small_room(board, start, entrance)
            if room is None or not goals <= room:
                continue
            if boxes & room:
                if len(boxes & room) <= MAX_ROOM_BOXES and (
                    crowded is None or len(room) < len(crowded[1])
                ):
                    crowded = (entrance, room)
            elif best is None or len(room) < len(best[1]):
                best = (entrance, room)
    best = best or crowded
    if best is None:
        return None
    entrance, room = best
    order = _packing_order(board, entrance, room)
    if order is None:
        return None
    pushes = np.full((len(order), 4), -1, dtype=np.int64)
    after = np.full((len(order), 4), -1, dtype=np.int64)
    for k, goal in enumerate(order):
        for j, d in enumerate(board.deltas):
            found = _route(board, entrance, room, set(order[:k]), entrance - d, goal)
            if found is not None:
                pushes[k, j], after[k, j] = found
    return GoalRoom(entrance, room, tuple(order), pushes, after)


def _small_room(board: Board, start: int, entrance: int) -> frozenset[int] | None:
    """The floor reached from ``start`` without crossing ``entrance``, or None once it holds
    the player or more than :data:`MAX_ROOM_CELLS` cells (no goal room): the flood stops
    there, so that an open level costs a few cells a candidate entrance, not its whole floor."""
    walls, deltas = board.walls, board.deltas
    room = {start}
    todo = [start]
    while todo:
        cell = todo.pop()
        if cell == board.player or len(room) > MAX_ROOM_CELLS:
            return None
        for d in deltas:
            nxt = cell + d
            if nxt != entrance and nxt not in room and not walls[nxt]:
                room.add(nxt)
                todo.append(nxt)
    return frozenset(room)


def _packing_order(board: Board, entrance: int, room: frozenset[int]) -> list[int] | None:
    """Goals in filling order, worked out backwards from the full room (None: none found)."""
    doors = [entrance - d for d in board.deltas if not board.walls[entrance - d]]
    doors = [c for c in doors if c not in room]
    filled = set(board.goals)
    last_first: list[int] = []
    while filled:
        choice: tuple[int, int] | None = None
        for goal in sorted(filled):
            others = filled - {goal}
            for door in doors:
                found = _route(board, entrance, room, others, door, goal)
                if found is not None and (choice is None or found[0] < choice[0]):
                    choice = (found[0], goal)
        if choice is None:
            return None
        last_first.append(choice[1])
        filled.remove(choice[1])
    return last_first[::-1]


def _route(
    board: Board, entrance: int, room: frozenset[int], fixed: set[int], player: int, goal: int
) -> tuple[int, int] | None:
    """Fewest pushes of a box from the entrance onto ``goal`` inside the room, and the
    player's cell after them; None when there is no route or the player cannot leave after.

    The player starts on ``player`` (outside, next to the entrance); the boxes
    on ``fixed`` stay put.
    """
    if player in room or board.walls[player]:
        return None
    area = room | {entrance, player}

    def region(box: int, start: int) -> set[int]:
        seen = {start}
        queue = deque([start])
        while queue:
            c = queue.popleft()
            for d in board.deltas:
                x = c + d
                if x in area and x not in seen and x != box and x not in fixed:
                    seen.add(x)
                    queue.append(x)
        return seen

    first = (entrance, min(region(entrance, player)))
    depth = {first: 0}
    queue = deque([(entrance, player)])
    while queue:
        box, stand = queue.popleft()
        reach = region(box, stand)
        cost = depth[(box, min(reach))]
        for d in board.deltas:
            nxt = box + d
            if box - d not in reach or nxt not in room or nxt in fixed:
                continue
            if nxt == goal:
                out = region(nxt, box)
                return (cost + 1, box) if player in out else None
            key = (nxt, min(region(nxt, box)))
            if key not in depth:
                depth[key] = cost + 1
                queue.append((nxt, box))
    return None


def box_route(
    board: Board, others: set[int], player: int, start: int, end: int, region_cell: int
) -> str | None:
    """Moves (LURD) that bring the box on ``start`` to ``end``, the boxes ``others`` unmoved,
    leaving the player where it reaches ``region_cell``; None when there are none.

    A breadth-first search over (box, player) cells, one player step at a time.
    """
    goal_region = board.reachable(region_cell, others | {end})
    first = (start, player)
    prev: dict[tuple[int, int], tuple[tuple[int, int], str] | None] = {first: None}
    queue = deque([first])
    while queue:
        state = queue.popleft()
        box, stand = state
        if box == end and stand in goal_region:
            letters = []
            back = prev[state]
            while back is not None:
                state, letter = back
                letters.append(letter)
                back = prev[state]
            return "".join(reversed(letters))
        for letter, d in zip(DIRECTIONS, board.deltas, strict=True):
            step = stand + d
            if board.walls[step] or step in others:
                continue
            if step == box:
                pushed = box + d
                if board.walls[pushed] or pushed in others:
                    continue
                nxt = (pushed, step)
                letter = letter.upper()
            else:
                nxt = (box, step)
            if nxt not in prev:
                prev[nxt] = (state, letter)
                queue.append(nxt)
    return None

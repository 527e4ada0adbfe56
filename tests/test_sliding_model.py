"""Sliding-tile boards: reading them, goals, and the parity rule on every shape."""

from __future__ import annotations

import itertools
import random
from collections import deque

import pytest

from tansuo.errors import InvalidInput
from tansuo.sliding import (
    Puzzle,
    format_board,
    goal_board,
    parse_board,
    parse_goal,
    parse_instances,
    play,
    read_instances,
    scrambled,
    solve,
)
from tansuo.sliding.model import MOVES

KORF = "/work/shared/data/korf100.txt"


@pytest.mark.parametrize(
    ("text", "tiles", "shape"),
    [
        ("1 2 3 4 5 6 7 8 0", (1, 2, 3, 4, 5, 6, 7, 8, 0), (3, 3)),
        ("1,2,3,4,5,6,7,_,8", (1, 2, 3, 4, 5, 6, 7, 0, 8), (3, 3)),
        ("1 2 3\n4 5 6\n7 8 .", (1, 2, 3, 4, 5, 6, 7, 8, 0), (3, 3)),
        ("1 2 3 4 / 5 6 7 0", (1, 2, 3, 4, 5, 6, 7, 0), (2, 4)),
        ("2x3: 1 2 3 4 5 0", (1, 2, 3, 4, 5, 0), (2, 3)),
        ("12345678_", (1, 2, 3, 4, 5, 6, 7, 8, 0), (3, 3)),
    ],
)
def test_board_forms(text, tiles, shape):
    assert parse_board(text) == (tiles, shape)


@pytest.mark.parametrize(
    "text",
    ["", "1 2 3", "1 2 3 4 5 6 7 8 8", "1 2 3 4 5 6 7 8 9", "a b c d", "1 2 / 3", "1 2 3 4 5 0",
     "1x9: 1 2 3 4 5 6 7 8 0", "9x9: 1"],
)  # fmt: skip
def test_junk_boards_are_invalid_input(text):
    with pytest.raises(InvalidInput):
        parse_board(text)


def test_korf_file_carries_ids_and_known_lengths():
    instances = read_instances(KORF)
    assert len(instances) == 100
    assert sum(i.known or 0 for i in instances) == 5305
    assert instances[0].shape == (4, 4) and instances[0].id == "1"


def test_instance_file_with_comments_and_rectangles():
    text = "# boards\n1 2 3 4 5 6 7 0 8\n\n2x4: 1 2 3 4 5 6 0 7  # a comment\n"
    first, second = parse_instances(text)
    assert first.shape == (3, 3) and first.known is None
    assert second.shape == (2, 4) and second.tiles[-2:] == (0, 7)
    with pytest.raises(InvalidInput, match="line 2"):
        parse_instances("1 2 3 4 5 6 7 8 0\n1 2 3\n")


def test_goals():
    assert goal_board((2, 3)) == (1, 2, 3, 4, 5, 0)
    assert goal_board((2, 3), "blank-first") == (0, 1, 2, 3, 4, 5)
    assert parse_goal("blank-first", (3, 3)) == tuple(range(9))
    assert parse_goal("8 7 6 5 4 3 2 1 0", (3, 3))[0] == 8
    with pytest.raises(InvalidInput):
        parse_goal("1 2 3 0", (3, 3))


def test_format_board_round_trips():
    tiles = (5, 1, 2, 3, 0, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15)
    assert parse_board(format_board(tiles, (4, 4))) == (tiles, (4, 4))


def _reachable(shape, goal):
    """Every board reachable from ``goal`` by breadth-first search (small shapes)."""
    seen = {goal}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        for move in MOVES:
            try:
                nxt = play(board, shape, move)
            except InvalidInput:
                continue
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2)])
@pytest.mark.parametrize("goal", ["blank-last", "blank-first"])
def test_parity_rule_is_exact_on_small_shapes(shape, goal):
    target = goal_board(shape, goal)
    reachable = _reachable(shape, target)
    for tiles in itertools.permutations(range(shape[0] * shape[1])):
        assert Puzzle(tiles, shape, goal).is_solvable() == (tiles in reachable)


@pytest.mark.parametrize("shape", [(r, c) for r in range(2, 6) for c in range(2, 6)])
def test_swapping_two_tiles_is_proved_unsolvable_on_every_shape(shape):
    rng = random.Random(hash(shape))
    for goal in ("blank-last", "blank-first"):
        tiles = list(scrambled(shape, rng.randrange(50), goal=goal, rng=rng).tiles)
        a, b = [i for i, t in enumerate(tiles) if t][:2]
        tiles[a], tiles[b] = tiles[b], tiles[a]
        result = solve(Puzzle(tiles, shape, goal))
        assert result.status == "no_solution"
        assert "parity" in (result.reason or "")


def test_play_rejects_moves_off_the_board():
    with pytest.raises(InvalidInput):
        play((1, 2, 3, 4, 5, 6, 7, 8, 0), (3, 3), "R")

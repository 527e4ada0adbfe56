"""The recorded alpha-beta tree is the search of tansuo.adversarial.alphabeta, node for node."""

from __future__ import annotations

import pytest

from tansuo.adversarial import alphabeta
from tansuo.adversarial.games import ConnectFour
from tansuo.adversarial.trace import alphabeta_tree
from tansuo.errors import InvalidInput


def _check_window(node) -> None:
    # fail-soft alpha-beta: a node cut off scored >= beta, and skipped moves only follow a cut
    if node.skipped:
        assert node.value >= node.beta
    for child in node.children:
        _check_window(child)


@pytest.mark.parametrize("moves", ["", "4455", "44444", "3344523"])
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_tree_is_the_alphabeta_search(moves, depth):
    game = ConnectFour.from_moves(moves)
    expected = alphabeta(game, depth)
    tree = alphabeta_tree(game, depth)
    assert tree.value == expected.score
    assert tree.count() == expected.stats.nodes
    assert tree.best == expected.move
    assert ConnectFour.from_moves(moves).played == game.played  # the game is left as it was
    _check_window(tree)
    history = alphabeta_tree(game, depth, order="history")
    assert history.value == expected.score  # the order changes the work, never the value


def test_history_order_saves_nodes_somewhere():
    game = ConnectFour.from_moves("3344523")
    assert alphabeta_tree(game, 4, order="history").count() < alphabeta_tree(game, 4).count()


def test_bad_depth_is_one_line():
    with pytest.raises(InvalidInput, match="depth must be a whole number from 1 to 5"):
        alphabeta_tree(ConnectFour(), 9)


def test_a_narrow_tree_is_alphabeta_on_the_first_moves():
    from tansuo.gomoku import Board

    board = Board(15, moves=["h8", "h9", "i8"])
    for width, depth in ((4, 2), (3, 3)):
        expected = alphabeta(board, depth, order=lambda game, moves, w=width: list(moves)[:w])
        tree = alphabeta_tree(board, depth, width=width)
        assert (tree.value, tree.count(), tree.best) == (
            expected.score,
            expected.stats.nodes,
            expected.move,
        )
    with pytest.raises(InvalidInput, match="width must be"):
        alphabeta_tree(board, 2, width=0)

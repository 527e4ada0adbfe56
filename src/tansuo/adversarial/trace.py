"""The alpha-beta search of :func:`tansuo.adversarial.alphabeta`, recorded node by node.

For teaching: the tree of a shallow search with each node's window, value
and the moves a cut-off skipped, as the textbooks draw it. The recorder is
the same negamax (fail-soft, no table) as :func:`~tansuo.adversarial.alphabeta`,
so its root value and its node count are that function's; the tests hold it
to them. ``order="history"`` puts first the moves that caused cut-offs
before (the history heuristic: a cut at ``remaining`` plies adds
``remaining ** 2`` to the move's score), as the engine's :func:`search` does.

>>> from tansuo.adversarial.games import ConnectFour
>>> tree = alphabeta_tree(ConnectFour.from_moves("4455"), 3)
>>> tree.value > 0, tree.best in (2, 5)  # columns 3 or 6: an open three, then a win
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from tansuo.adversarial.engine import INFINITE, _static_score
from tansuo.adversarial.game import Game, terminal_score
from tansuo.errors import InvalidInput

M = TypeVar("M", bound=Hashable)

MAX_TREE_DEPTH = 5
"""Deepest tree recorded: every node is kept, so the tree grows as the branching to this power."""


@dataclass(slots=True)
class TreeNode(Generic[M]):
    """One position of the search.

    Attributes
    ----------
    move : move or None
        The move that led here (None at the root).
    alpha, beta : int
        The window the node was searched with, from the side to move's view.
    value : int
        Its negamax value (fail-soft: a bound when outside the window).
    kind : {"inner", "leaf", "end"}
        Searched further, scored by the evaluation at the depth limit, or a
        finished game.
    children : list of TreeNode
        The moves searched, in the order they were tried.
    skipped : list of moves
        The moves a cut-off left unsearched (the child before them scored >= beta).
    """

    move: M | None
    alpha: int
    beta: int
    value: int = 0
    kind: Literal["inner", "leaf", "end"] = "inner"
    children: list[TreeNode[M]] = field(default_factory=list)
    skipped: list[M] = field(default_factory=list)

    @property
    def best(self) -> M | None:
        """The move of the best child (the first of equals), None at a leaf."""
        best, value = None, -INFINITE - 1
        for child in self.children:
            if -child.value > value:
                best, value = child.move, -child.value
        return best

    def count(self) -> int:
        """Nodes in this subtree (itself included)."""
        return 1 + sum(child.count() for child in self.children)

    def as_dict(self, format_move: Callable[[M], Any] = lambda m: m) -> dict[str, Any]:
        """JSON-ready: move, alpha, beta, value, kind, children, skipped (infinities null)."""

        def bound(v: int) -> int | None:
            return None if abs(v) >= INFINITE else v

        return {
            "move": None if self.move is None else format_move(self.move),
            "alpha": bound(self.alpha),
            "beta": bound(self.beta),
            "value": self.value,
            "kind": self.kind,
            "children": [c.as_dict(format_move) for c in self.children],
            "skipped": [format_move(m) for m in self.skipped],
        }


def alphabeta_tree(
    game: Game[M],
    depth: int,
    *,
    order: Literal["natural", "history"] = "natural",
    width: int | None = None,
) -> TreeNode[M]:
    """The whole tree of a depth-``depth`` alpha-beta search of ``game`` (left as it was).

    ``width`` keeps only the first moves of every position (after ordering), as
    ``alphabeta(game, depth, order=lambda g, moves: moves[:width])`` searches: a
    tree small enough to draw for games of many moves (Gomoku, Xiangqi).
    """
    if width is not None and (isinstance(width, bool) or not isinstance(width, int) or width < 1):
        raise InvalidInput(f"width must be a whole number >= 1, got {width!r}")
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_TREE_DEPTH:
        raise InvalidInput(
            f"depth must be a whole number from 1 to {MAX_TREE_DEPTH}, got {depth!r}"
        )
    if order not in ("natural", "history"):
        raise InvalidInput(f"unknown order {order!r}; choose one of: natural, history")
    history: dict[M, int] = {}

    def negamax(node: TreeNode[M], remaining: int, ply: int) -> int:
        alpha, beta = node.alpha, node.beta
        if game.is_terminal():
            node.kind = "end"
            node.value = terminal_score(game.evaluate(), ply)
            return node.value
        if remaining <= 0:
            node.kind = "leaf"
            node.value = _static_score(game, ply)
            return node.value
        moves = list(game.legal_moves())
        if not moves:
            node.kind = "end"
            node.value = terminal_score(game.evaluate(), ply)
            return node.value
        if order == "history":
            moves.sort(key=lambda m: -history.get(m, 0))  # stable: ties keep their order
        if width is not None:
            moves = moves[:width]
        best = -INFINITE
        for i, move in enumerate(moves):
            child = TreeNode(move, -beta, -alpha)
            node.children.append(child)
            game.play(move)
            score = -negamax(child, remaining - 1, ply + 1)
            game.undo()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        node.skipped = moves[i + 1 :]
                        history[move] = history.get(move, 0) + remaining * remaining
                        break
        node.value = best
        return best

    root: TreeNode[M] = TreeNode(None, -INFINITE, INFINITE)
    negamax(root, depth, 0)
    return root

"""The ``Game`` protocol and the score scale every game-tree search shares.

A game is a *mutable* position with make/unmake: ``play(move)`` changes it,
``undo()`` takes the last move back. Searches walk the tree by playing and
undoing moves on one object, so a game never copies itself in the hot loop.

Scores are integers from the point of view of the side to move (negamax
convention). Game-theoretic results use a fixed scale: a win found ``n`` plies
from the root scores ``MATE - n``, a loss ``-(MATE - n)``, a draw ``0``, so a
quicker win is worth more and a later loss hurts less. Static evaluations must
stay strictly inside ``(-MATE_BOUND, MATE_BOUND)``.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar, runtime_checkable

MATE = 1_000_000
"""The score of winning on the spot (at the root); a win in ``n`` plies is ``MATE - n``."""

MAX_PLY = 256
"""The deepest a search may look (Python's recursion also bounds it)."""

MATE_BOUND = MATE - MAX_PLY
"""Scores at or beyond this magnitude are wins or losses found by search."""

INFINITE = MATE + 1
"""Larger than any score: the initial alpha-beta window is ``(-INFINITE, INFINITE)``."""

M = TypeVar("M", bound=Hashable)
"""A move: anything hashable (ints are fastest)."""


@runtime_checkable
class Game(Protocol[M]):
    """A two-player, zero-sum, perfect-information game position (mutable).

    Generic in its move type: ``ConnectFour`` is a ``Game[int]``.

    Methods
    -------
    legal_moves()
        The moves of the side to move, best-looking first if the game can tell
        (searches try them in this order before their own ordering kicks in).
        Moves must be hashable (ints are fastest).
    play(move)
        Make a legal move; the other side is then to move.
    undo()
        Take back the last move played.
    is_terminal()
        Whether the game is over (a win, a loss or a draw for the side to move).
    evaluate()
        A number from the point of view of the side to move: positive is good.
        At a terminal position only its sign is used (win, loss, draw); elsewhere
        it must lie strictly between ``-MATE_BOUND`` and ``MATE_BOUND``.
    hash()
        A 64-bit integer key of the position, the same for equal positions
        (including the side to move); see :class:`~tansuo.adversarial.ZobristKeys`.

    Examples
    --------
    >>> from tansuo.adversarial.games import TicTacToe
    >>> game = TicTacToe()
    >>> isinstance(game, Game), len(game.legal_moves())
    (True, 9)
    >>> game.play(4); len(game.legal_moves()), game.is_terminal()
    (8, False)
    >>> game.undo(); len(game.legal_moves())
    9
    """

    def legal_moves(self) -> Sequence[M]: ...

    def play(self, move: M) -> None: ...

    def undo(self) -> None: ...

    def is_terminal(self) -> bool: ...

    def evaluate(self) -> int: ...

    def hash(self) -> int: ...


def terminal_score(evaluation: float, ply: int) -> int:
    """The mate-distance score of a finished game ``ply`` plies from the root.

    Parameters
    ----------
    evaluation : float
        The game's :meth:`Game.evaluate` at its end: positive won, negative
        lost, 0 drawn, for the side to move.
    ply : int
        Plies from the root.

    Returns
    -------
    int
        Nearer wins score higher and nearer losses lower.

    Examples
    --------
    >>> terminal_score(-1, 3) == -(MATE - 3)
    True
    """
    if evaluation > 0:
        return MATE - ply
    if evaluation < 0:
        return ply - MATE
    return 0


def is_mate_score(score: float) -> bool:
    """Whether ``score`` is a win or loss found by search (not a static evaluation).

    Parameters
    ----------
    score : float
        A search score, from the side to move's point of view.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_mate_score(MATE - 5), is_mate_score(120)
    (True, False)
    """
    return abs(score) >= MATE_BOUND


def mate_in_plies(score: float) -> int | None:
    """Plies to the end of a won (positive) or lost (negative) game, or None.

    Parameters
    ----------
    score : float
        A search score, from the side to move's point of view.

    Returns
    -------
    int or None
        Plies to the end; None for a score that is not a mate score.

    Examples
    --------
    >>> mate_in_plies(MATE - 5), mate_in_plies(-(MATE - 4)), mate_in_plies(12)
    (5, -4, None)
    """
    if not is_mate_score(score):
        return None
    plies = MATE - abs(int(score))
    return plies if score > 0 else -plies


def format_score(score: float) -> str:
    """A person's reading of a score: ``"win in 5"``, ``"loss in 4"``, ``"+12"``, ``"0"``.

    Distances are in plies (single moves of either side).

    Parameters
    ----------
    score : float
        A search score, from the side to move's point of view.

    Returns
    -------
    str

    Examples
    --------
    >>> format_score(MATE - 5), format_score(-(MATE - 4)), format_score(12)
    ('win in 5', 'loss in 4', '+12')
    """
    plies = mate_in_plies(score)
    if plies is None:
        if not score:
            return "0"
        return f"{score:+d}" if isinstance(score, int) else f"{score:+.3g}"
    return f"win in {plies}" if plies > 0 else f"loss in {-plies}"

"""The reference games by name, and positions read from the usual notations."""

from __future__ import annotations

from tansuo.adversarial.games.connect4 import ConnectFour
from tansuo.adversarial.games.tictactoe import TicTacToe
from tansuo.errors import InvalidInput

GAMES = ("connect4", "tictactoe")
"""The names of the reference games (as ``tansuo analyse`` takes them)."""


def load_position(
    game: str,
    *,
    moves: str = "",
    board: str | None = None,
    width: int = 7,
    height: int = 6,
) -> ConnectFour | TicTacToe:
    """A position of a reference game: the moves played so far, or a tic-tac-toe board.

    Parameters
    ----------
    game : {"connect4", "tictactoe"}
    moves : str
        The moves from the start: 1-based columns for Connect Four (``"4453"``),
        cells 1-9 for tic-tac-toe (``"519"``).
    board : str, optional
        Tic-tac-toe only: 9 cells ``x``/``o``/``.`` row by row, instead of ``moves``.
    width, height : int
        Connect Four's board size (1 to 9 each).

    Raises
    ------
    InvalidInput
        An unknown game, an illegal move (a full column, a taken cell, a move
        after the game ended), a malformed board or size.

    Examples
    --------
    >>> load_position("connect4", moves="4453").played
    [3, 3, 4, 2]
    >>> load_position("tictactoe", board="xx. oo. ...").side_to_move
    'X'
    """
    if game == "tictactoe":
        if board is not None:
            if moves:
                raise InvalidInput("give either moves or a board, not both")
            return TicTacToe.from_string(board)
        return TicTacToe.from_moves(moves)
    if game == "connect4":
        if board is not None:
            raise InvalidInput("a board is for tictactoe; give Connect Four positions as moves")
        return ConnectFour.from_moves(moves, width=width, height=height)
    raise InvalidInput(f"unknown game {game!r}; choose one of: {', '.join(GAMES)}")

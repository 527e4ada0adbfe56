"""The generic game-tree engine: minimax, alpha-beta and iterative deepening.

Point it at any two-player, zero-sum, perfect-information game that implements
the small :class:`Game` protocol (``legal_moves``, ``play``/``undo``,
``is_terminal``, ``evaluate`` from the side to move, ``hash``). Pure Python and
readable: the reference that the Gomoku and Xiangqi engines specialise.

>>> from tansuo.adversarial import search
>>> from tansuo.adversarial.games import TicTacToe
>>> search(TicTacToe(), depth=9).describe_score()
'0'
"""

from tansuo.adversarial.engine import alphabeta, minimax, search
from tansuo.adversarial.game import (
    INFINITE,
    MATE,
    MATE_BOUND,
    MAX_PLY,
    Game,
    format_score,
    is_mate_score,
    mate_in_plies,
    terminal_score,
)
from tansuo.adversarial.result import GameSearchResult, GameStats, IterationInfo
from tansuo.adversarial.tt import EXACT, LOWER, UPPER, TranspositionTable
from tansuo.adversarial.zobrist import ZobristKeys

__all__ = [
    "EXACT",
    "INFINITE",
    "LOWER",
    "MATE",
    "MATE_BOUND",
    "MAX_PLY",
    "UPPER",
    "Game",
    "GameSearchResult",
    "GameStats",
    "IterationInfo",
    "TranspositionTable",
    "ZobristKeys",
    "alphabeta",
    "format_score",
    "is_mate_score",
    "mate_in_plies",
    "minimax",
    "search",
    "terminal_score",
]

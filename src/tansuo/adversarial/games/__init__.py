"""Reference games for the game-tree engine: tic-tac-toe and Connect Four."""

from tansuo.adversarial.games.catalog import GAMES, load_position
from tansuo.adversarial.games.connect4 import ConnectFour
from tansuo.adversarial.games.tictactoe import TicTacToe

__all__ = ["GAMES", "ConnectFour", "TicTacToe", "load_position"]

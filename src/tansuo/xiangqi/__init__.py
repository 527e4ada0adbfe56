"""Chinese chess (Xiangqi): exact rules, a fast engine, and the UCCI protocol.

>>> from tansuo.xiangqi import Position, perft
>>> perft(Position(), 2).nodes
1920
"""

from tansuo.xiangqi.engine import (
    FEATURES,
    Engine,
    perft,
    search,
    time_for_move,
    warm_up,
)
from tansuo.xiangqi.heuristics import EvalWeights, evaluate
from tansuo.xiangqi.io import (
    bundled_openings,
    bundled_perft,
    bundled_position,
    bundled_position_names,
    format_chinese,
    format_fen,
    format_wxf,
    parse_fen,
    parse_move,
    parse_position,
    read_position,
    write_position,
)
from tansuo.xiangqi.model import (
    START_FEN,
    Outcome,
    Position,
    Setup,
    format_iccs,
    parse_iccs,
)
from tansuo.xiangqi.render import format_board, render_image, save_gif, save_png
from tansuo.xiangqi.result import Iteration, MoveResult, MoveStats, PerftResult, PerftStats

__all__ = [
    "FEATURES",
    "START_FEN",
    "Engine",
    "EvalWeights",
    "Iteration",
    "MoveResult",
    "MoveStats",
    "Outcome",
    "PerftResult",
    "PerftStats",
    "Position",
    "Setup",
    "bundled_openings",
    "bundled_perft",
    "bundled_position",
    "bundled_position_names",
    "evaluate",
    "format_board",
    "format_chinese",
    "format_fen",
    "format_iccs",
    "format_wxf",
    "parse_fen",
    "parse_iccs",
    "parse_move",
    "parse_position",
    "perft",
    "read_position",
    "render_image",
    "save_gif",
    "save_png",
    "search",
    "time_for_move",
    "warm_up",
    "write_position",
]

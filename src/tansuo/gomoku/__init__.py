"""Gomoku (five in a row): rules, a threat-space engine, and the Gomocup protocol.

Boards from 5x5 to 22x22 (and rectangular ones) under freestyle, standard,
renju or caro rules; VCF/VCT threat search; an alpha-beta engine with the
threat search at the root; ``pbrain-tansuo`` for Gomoku GUIs and tournaments.

>>> from tansuo.gomoku import Board, vcf
>>> board = Board(15, moves=["h8", "a1", "i8", "a3", "j8", "a5"])
>>> vcf(board).solution
['g8', 'f8', 'k8']
"""

from tansuo.gomoku.engine import (
    THREAT_KINDS,
    Engine,
    EngineOptions,
    find_threat,
    search,
    vcf,
    vct,
    verify_line,
    warm_up,
)
from tansuo.gomoku.io import format_position, parse_position, read_position, write_position
from tansuo.gomoku.model import RULES, Board, IllegalMove
from tansuo.gomoku.render import format_board
from tansuo.gomoku.result import ThreatResult, ThreatStats

__all__ = [
    "RULES",
    "THREAT_KINDS",
    "Board",
    "Engine",
    "EngineOptions",
    "IllegalMove",
    "ThreatResult",
    "ThreatStats",
    "find_threat",
    "format_board",
    "format_position",
    "parse_position",
    "read_position",
    "search",
    "vcf",
    "vct",
    "verify_line",
    "warm_up",
    "write_position",
]

"""Zobrist keys: a 64-bit position hash that is updated by XOR, one cell at a time."""

from __future__ import annotations

import random

from tansuo.errors import InvalidInput

_MASK64 = (1 << 64) - 1


class ZobristKeys:
    """Random 64-bit keys for every (cell, piece kind) pair and for the side to move.

    The hash of a position is the XOR of the keys of its occupied cells (and of
    ``side`` when the second player is to move). Because XOR is its own
    inverse, placing or removing a piece is one XOR: ``h ^= keys.piece(cell,
    kind)``, and moving a piece is two. Equal positions always get equal keys;
    different positions collide with probability about ``2**-64`` per pair.

    Parameters
    ----------
    cells : int
        Number of board cells (squares, points).
    kinds : int
        Number of distinct piece kinds, colours included (2 for tic-tac-toe,
        14 for Xiangqi).
    seed : int
        The keys are drawn from a seeded generator, so they (and therefore node
        counts of searches) are the same in every run.

    Examples
    --------
    >>> keys = ZobristKeys(9, 2)
    >>> h = keys.piece(4, 0) ^ keys.side      # X in the centre, O to move
    >>> h ^= keys.piece(0, 1) ^ keys.side     # O in a corner, X to move
    >>> h == keys.hash_of({4: 0, 0: 1})
    True
    """

    __slots__ = ("cells", "kinds", "side", "table")

    def __init__(self, cells: int, kinds: int, *, seed: int = 0x7A5E0) -> None:
        if cells <= 0 or kinds <= 0:
            raise InvalidInput(f"Zobrist keys need cells > 0 and kinds > 0, got {cells}, {kinds}")
        if cells * kinds > 10_000_000:
            raise InvalidInput(f"{cells} cells x {kinds} kinds is too many Zobrist keys")
        rng = random.Random(seed)
        self.cells = cells
        self.kinds = kinds
        # table[cell * kinds + kind]: one flat list, the fastest lookup in Python.
        self.table = [rng.getrandbits(64) for _ in range(cells * kinds)]
        self.side = rng.getrandbits(64)

    def piece(self, cell: int, kind: int) -> int:
        """The key of piece ``kind`` standing on ``cell``."""
        return self.table[cell * self.kinds + kind]

    def hash_of(self, pieces: dict[int, int], *, second_to_move: bool = False) -> int:
        """The full key of a position given as ``{cell: kind}`` (for checks and set-up)."""
        h = self.side if second_to_move else 0
        for cell, kind in pieces.items():
            if not (0 <= cell < self.cells and 0 <= kind < self.kinds):
                raise InvalidInput(f"no Zobrist key for cell {cell}, kind {kind}")
            h ^= self.table[cell * self.kinds + kind]
        return h & _MASK64

"""The transposition table: a bounded, depth-preferred cache of searched positions."""

from __future__ import annotations

import sys
from collections.abc import Hashable

from tansuo.adversarial.game import MATE_BOUND
from tansuo.errors import InvalidInput

EXACT, LOWER, UPPER = 0, 1, 2
"""Bound kinds: the stored score is the value, a lower bound (fail high), an upper bound."""

Entry = tuple[int, int, int, int, Hashable, int]
"""One slot's content: ``(key, depth, bound, score, move, generation)``.

A plain tuple, the cheapest record Python has to build and read: the search
stores one at every interior node. Read it by unpacking it in that order, or
with the index constants below.
"""

KEY, DEPTH, BOUND, SCORE, MOVE, GENERATION = range(6)
"""The fields of an :data:`Entry`: the position's full key; the depth searched below
it (:data:`PROVEN_DEPTH` if proved); the kind of bound (:data:`EXACT`, :data:`LOWER`,
:data:`UPPER`); the score (mate distances counted from this position); the best move
(None for an upper bound); the search that stored it (see
:meth:`TranspositionTable.new_search`)."""

PROVEN_DEPTH = 1 << 30
"""Stored as the depth of a result whose subtree ended only in finished games.

Such a score is the game-theoretic value (or a true bound on it), so it is
good for a search of any depth.
"""

# Fibonacci hashing: multiply by 2**64 / golden ratio and keep the top bits, so
# that keys whose low bits barely vary (like Connect Four's position + mask)
# still spread over the whole table.
SPREAD = 0x9E3779B97F4A7C15
MASK64 = (1 << 64) - 1

# Rough size of one entry: the slot pointer, a 6-tuple and its small ints.
_ENTRY_BYTES = 8 + sys.getsizeof((0, 0, 0, 0, 0, 0)) + 4 * 32


class TranspositionTable:
    """A fixed-size table of ``(key, depth, bound, score, move, generation)`` entries.

    Indexed by the top bits of ``key * SPREAD`` (Fibonacci hashing, so that
    any reasonable key spreads evenly); the full key is kept to recognise the
    position. When two positions want the same slot the
    entry from an older search is replaced first, then the shallower one:
    deep results cost the most to recompute (*depth-preferred* replacement).

    Mate scores are stored relative to the position (plies to mate from
    *there*), not to the root, so that they stay right when the position is
    reached at another ply: see :meth:`store` and :meth:`score_at`.

    Parameters
    ----------
    entries : int, optional
        Number of slots, rounded down to a power of two (at least 1024).
    megabytes : float, optional
        Size budget instead of ``entries`` (an estimate of Python's memory use).
        Default: 2**18 entries, about 60 MB when full.

    Examples
    --------
    >>> tt = TranspositionTable(entries=4096)
    >>> tt.store(0xABCDEF, depth=3, bound=EXACT, score=12, move=4, ply=0)
    >>> entry = tt.probe(0xABCDEF)
    >>> entry[DEPTH], entry[BOUND], entry[SCORE], entry[MOVE]
    (3, 0, 12, 4)
    """

    __slots__ = ("generation", "shift", "slots", "stores")

    def __init__(self, entries: int | None = None, *, megabytes: float | None = None) -> None:
        if entries is not None and megabytes is not None:
            raise InvalidInput("give the table size in entries or in megabytes, not both")
        if megabytes is not None:
            if megabytes <= 0:
                raise InvalidInput(f"table size must be > 0 MB, got {megabytes}")
            entries = int(megabytes * 2**20 / _ENTRY_BYTES)
        if entries is None:
            entries = 1 << 18
        if entries < 1:
            raise InvalidInput(f"table size must be >= 1 entry, got {entries}")
        if entries > 1 << 28:
            raise InvalidInput(f"table of {entries} entries is too large for a Python engine")
        size = 1 << max(10, entries.bit_length() - 1)
        self.shift = 64 - (size.bit_length() - 1)
        self.slots: list[Entry | None] = [None] * size
        self.generation = 0
        self.stores = 0

    def __len__(self) -> int:
        return len(self.slots)

    @property
    def approx_bytes(self) -> int:
        """Estimated memory when every slot is full."""
        return len(self.slots) * _ENTRY_BYTES

    def new_search(self) -> None:
        """Mark a new search: older entries become the first to be replaced."""
        self.generation += 1

    def clear(self) -> None:
        self.slots = [None] * len(self.slots)
        self.stores = 0

    def index_of(self, key: int) -> int:
        """The slot of ``key``. Searches inline this for speed."""
        return (key * SPREAD & MASK64) >> self.shift

    def probe(self, key: int) -> Entry | None:
        """The entry for ``key``, or None. Searches inline this for speed."""
        entry = self.slots[(key * SPREAD & MASK64) >> self.shift]
        if entry is not None and entry[KEY] == key:
            return entry
        return None

    def store(self, key: int, depth: int, bound: int, score: int, move: Hashable, ply: int) -> None:
        """Record a search result for the position ``key`` found ``ply`` plies from the root."""
        index = (key * SPREAD & MASK64) >> self.shift
        old = self.slots[index]
        if old is not None:
            old_key, old_depth, _, _, old_move, old_generation = old
            if old_key != key:
                if old_generation == self.generation and old_depth > depth:
                    return  # keep the deeper result of this search
            elif move is None:
                move = old_move  # an upper bound has no best move: keep the one we had
        # Mate scores count plies from the root; store them counted from this node.
        if score >= MATE_BOUND:
            score += ply
        elif score <= -MATE_BOUND:
            score -= ply
        self.slots[index] = (key, depth, bound, score, move, self.generation)
        self.stores += 1

    @staticmethod
    def score_at(stored: int, ply: int) -> int:
        """A stored score seen from a node ``ply`` plies from the root."""
        if stored >= MATE_BOUND:
            return stored - ply
        if stored <= -MATE_BOUND:
            return stored + ply
        return stored

    def fill_permille(self, sample: int = 1000) -> int:
        """How full the table is, in permille, from the first ``sample`` slots (UCI hashfull)."""
        part = self.slots[:sample]
        return round(1000 * sum(e is not None for e in part) / len(part))

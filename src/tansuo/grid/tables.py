"""Per-map tables built under a query's clock, a band of cells at a time.

A :class:`~tansuo.grid.searcher.GridSearcher` builds what a query needs on
the first query that needs it: the work arrays (touched once, in order), the
legal moves of every cell, JPS's jump tables, the bidirectional search's
arrays, the landmark table. On a 4096x4096 map that is seconds of work, so it
is done in bands between two looks at the clock: a time limit stops it
between two bands (the query returns ``status="limit"``) and the next query
goes on where it stopped. The seconds spent are the query's
``stats.preprocess_s``, never part of its ``elapsed_s``.
"""

from __future__ import annotations

from collections.abc import Callable

from tansuo.budget import Budget, Meter, run_chunked

TABLE_BAND = 1 << 18
"""Cells of a table done between two looks at the clock (milliseconds: a 512x512 map
is two bands, a 4096x4096 one 64)."""

# What a query needs built before it runs (bits of a plan's ``tables``).
WORK_ARRAYS = 1
"""The work arrays every search uses, and the legal moves of every cell."""
JUMP_TABLES = 2
"""JPS's straight jumps and forced neighbours."""
BIDIRECTIONAL_ARRAYS = 4
"""The backward search's work arrays."""
LANDMARKS = 8
"""The differential heuristic's distance table."""


def clock_only(meter: Meter) -> Meter:
    """A meter with ``meter``'s clock, deadline, stop signal and memory budget, and no count.

    Building a table is not the query's expansions: ``max_expansions`` must
    not stop it, but the time limit must.
    """
    clock = Budget(max_memory=meter.budget.max_memory).start(stop=meter.stop)
    clock.started = meter.started
    clock.deadline = meter.deadline
    return clock


class BandedTable:
    """A table filled ``TABLE_BAND`` cells at a time by ``fill(first, last)``; may take
    several queries.

    Examples
    --------
    >>> filled = []
    >>> table = BandedTable(lambda first, last: filled.append((first, last)), 3 * TABLE_BAND)
    >>> table.run(Budget().start()), table.done, len(filled)
    (None, True, 3)
    """

    __slots__ = ("fill", "filled", "total")

    def __init__(self, fill: Callable[[int, int], None], total: int) -> None:
        self.fill = fill
        self.total = total
        self.filled = 0

    @property
    def done(self) -> bool:
        return self.filled >= self.total

    def run(self, clock: Meter) -> str | None:
        """Fill on until done (None) or until ``clock`` is spent (its name)."""
        if self.done:
            return None
        return run_chunked(self._step, self._progress, clock, chunk=TABLE_BAND)

    def _step(self, units: int) -> bool:
        last = min(self.filled + units, self.total)
        self.fill(self.filled, last)
        self.filled = last
        return self.done

    def _progress(self) -> int:
        return self.filled

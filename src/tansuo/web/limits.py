"""What the server lets one request ask for: set when the server starts, never by a request.

Every search the page starts runs under :attr:`Limits.time_limit` (a request may
ask for less, never more) and within the sizes below; a request over a size
gets HTTP 413 with a one-line message, as the command line would print it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tansuo.budget import check_time_limit
from tansuo.errors import InvalidInput


class TooLarge(InvalidInput):
    """A request over one of the server's size limits (HTTP 413)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's limits.

    Attributes
    ----------
    time_limit : float
        Seconds any one search may run (a request may ask for less).
    max_body_bytes : int
        The largest request body read; a larger one is refused unread.
    max_grid_cells : int
        Cells of the largest grid searched (the bundled maps are 512x512).
    max_trace_steps : int
        Expansions of the largest search whose step-by-step log is sent.
    max_sudoku_size : int
        Side of the largest Sudoku solved (the solver takes up to 25).
    max_generate_size : int
        Side of the largest Sudoku generated (generation has no time budget).
    max_queens_list : int
        Largest board whose solutions are listed; counting goes up to ``max_queens_count``.
    max_queens_count : int
    max_queens_listed : int
        Most solutions sent in one answer.
    max_queens_trace : int
        Largest board whose backtracking is sent step by step.
    max_trace_events : int
        Most steps of a backtracking trace.
    max_sliding_side : int
        Side of the largest sliding puzzle solved (3: the 8-puzzle, 4: the 15-puzzle).
    max_gomoku_size : int
        Side of the largest Gomoku board played (the library takes up to 22).
    max_sokoban_cells : int
        Cells (width x height) of the largest Sokoban level played or solved.
    concurrent_searches : int
        Searches running at once; the others wait their turn.
    """

    time_limit: float = 10.0
    max_body_bytes: int = 2 << 20
    max_grid_cells: int = 512 * 512
    max_trace_steps: int = 300_000
    max_sudoku_size: int = 25
    max_generate_size: int = 16
    max_queens_list: int = 14
    max_queens_count: int = 17
    max_queens_listed: int = 500
    max_queens_trace: int = 10
    max_trace_events: int = 80_000
    max_sliding_side: int = 4
    max_gomoku_size: int = 19
    max_sokoban_cells: int = 4096
    concurrent_searches: int = 2

    def seconds(self, asked: object, default: float | None = None) -> float:
        """The time a search gets: what the request asked, at most :attr:`time_limit`."""
        if asked is None:
            return self.time_limit if default is None else min(default, self.time_limit)
        seconds = check_time_limit(asked)  # finite, at most MAX_SECONDS: never an OverflowError
        if seconds is None or not seconds > 0:
            raise InvalidInput(f"time_limit must be a number of seconds > 0, got {asked!r}")
        return min(seconds, self.time_limit)


def at_most(value: int, limit: int, what: str) -> int:
    """``value`` if it is within ``limit``, else :class:`TooLarge` naming ``what``."""
    if value > limit:
        raise TooLarge(f"{what} {value} is over this server's limit of {limit}")
    return value

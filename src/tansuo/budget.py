"""Budgets: how long, how far and how large a search may grow, in one vocabulary.

Every solver in tansuo takes the same keyword-only budgets and reports the one
that stopped it under the same name, in ``stats.limit``:

``time_limit``
    Seconds of wall-clock time.
``max_expansions``
    For best-first searches with a closed list (the generic engine, graph,
    grid, Sokoban): how many states may be *expanded*, i.e. have their
    successors generated.
``max_nodes``
    For tree searches (N-Queens, Sudoku, sliding-tile IDA*, the game engines):
    how many nodes of the search tree may be visited. What a node is, per
    domain: a partial placement entered, the empty board included (N-Queens);
    the root plus one per value guessed at a branch point (Sudoku); a position
    entered (game-tree search).
``max_memory``
    Bytes the search's own growing structures (open lists, tables) may take.
    Running out is a budget like any other: ``status="limit"``, never a
    ``MemoryError``.

A budget that runs out is an *outcome*: the solver returns ``status="limit"``
with its statistics and never raises. Only a malformed budget (negative,
infinite, beyond int64, not a number) raises :class:`~tansuo.errors.InvalidInput`,
always in the words of :func:`check_number`, the one validator of every budget
and count (the command line's options, :class:`Budget`, the web API's requests
and the protocols use it).

Kernels that can be resumed are driven by :func:`run_chunked`, which calls
them a chunk of work at a time and looks at the budget in between; a
domain's docs say how large its chunks are, which bounds how far past a time
limit it can run (by design well under max(0.1 s, 10%)).

>>> budget = Budget(time_limit=2.0, max_nodes=1000)
>>> meter = budget.start()
>>> meter.spent(999) is None, meter.spent(1000)
(True, 'max_nodes')
>>> Budget(max_nodes=-1)
Traceback (most recent call last):
...
tansuo.errors.InvalidInput: max_nodes must be a whole number >= 0, got -1
"""

from __future__ import annotations

import math
import numbers
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from tansuo.errors import InvalidInput

DEFAULT_CHUNK = 1 << 16
"""Units of work (expansions, nodes) a resumable kernel runs between two looks at the clock."""

TIME_SLICE_S = 0.02
"""With a clock to watch, :func:`run_chunked` sizes its calls to take about this long."""

FIRST_SLICE = 1024
"""Units of the first call under a clock, which measures how long a unit takes."""

LIMIT_NAMES = ("time_limit", "max_expansions", "max_nodes", "max_memory")

_AMBIENT_STOP: ContextVar[Callable[[], bool] | None] = ContextVar("tansuo_stop", default=None)

# -- Ctrl-C -------------------------------------------------------------------
# A numba kernel holds the main thread, where Python runs its signal handlers,
# until it returns. The command line therefore hears SIGINT on another thread
# (signal.set_wakeup_fd) and calls interrupt(), which fires the stop flag of
# every kernel being watched (each Watchdog registers here), so that a search
# stops within one poll of its flag, not at its end. Progress() is what the
# interrupted search had done, for the one line the command line prints.
_ON_INTERRUPT: dict[int, Callable[[], None]] = {}
_INTERRUPTED: list[float] = []  # perf_counter() of the first interrupt(), once it came
_PROGRESS: list[Any] = [None, 0]  # [perf_counter() of the last meter's start, its last count]


def interrupt() -> None:
    """Stop every watched search now (Ctrl-C; callable from any thread).

    Every function registered by :func:`on_interrupt` is called, and
    :func:`interrupted` is true from then on, for the rest of the process:
    the command line calls it once, then exits with code 130.

    The examples swap in fresh copies of the module's process-wide state
    (``unittest.mock.patch.object``), so that the interrupt they send stays
    inside the example.

    Examples
    --------
    >>> from unittest import mock
    >>> import tansuo.budget as budget
    >>> with (
    ...     mock.patch.object(budget, "_INTERRUPTED", []),
    ...     mock.patch.object(budget, "_ON_INTERRUPT", {}),
    ... ):
    ...     undo = on_interrupt(lambda: print("stop flag set"))
    ...     interrupt()
    ...     undo()
    stop flag set
    >>> interrupted()  # outside the example's state: nothing was interrupted
    False
    """
    if not _INTERRUPTED:
        _INTERRUPTED.append(time.perf_counter())
    for fire in list(_ON_INTERRUPT.values()):
        fire()


def interrupted() -> bool:
    """Whether :func:`interrupt` was called in this process.

    Returns
    -------
    bool

    Examples
    --------
    >>> from unittest import mock
    >>> import tansuo.budget as budget
    >>> with mock.patch.object(budget, "_INTERRUPTED", []):
    ...     before = interrupted()
    ...     interrupt()
    ...     before, interrupted()
    (False, True)
    """
    return bool(_INTERRUPTED)


def watching() -> bool:
    """Whether a search is being watched (an interrupt will end it with its partial result).

    A search is watched while a function it registered with
    :func:`on_interrupt` has not been undone.

    Returns
    -------
    bool

    Examples
    --------
    >>> from unittest import mock
    >>> import tansuo.budget as budget
    >>> with mock.patch.object(budget, "_ON_INTERRUPT", {}):
    ...     undo = on_interrupt(lambda: None)
    ...     during = watching()
    ...     undo()
    ...     during, watching()
    (True, False)
    """
    return bool(_ON_INTERRUPT)


def on_interrupt(fire: Callable[[], None]) -> Callable[[], None]:
    """Call ``fire()`` on :func:`interrupt` (at once if it came already); returns the undo.

    Parameters
    ----------
    fire : callable
        Called without arguments, from the thread that interrupts; it should
        only set a flag (a kernel's stop flag, an event).

    Returns
    -------
    callable
        Undo: stop watching (call it when the search ends).

    Examples
    --------
    >>> from unittest import mock
    >>> import threading
    >>> import tansuo.budget as budget
    >>> stop = threading.Event()
    >>> with (
    ...     mock.patch.object(budget, "_INTERRUPTED", []),
    ...     mock.patch.object(budget, "_ON_INTERRUPT", {}),
    ... ):
    ...     undo = on_interrupt(stop.set)
    ...     interrupt()
    ...     undo()
    ...     late = threading.Event()
    ...     _ = on_interrupt(late.set)  # after the interrupt: fired at once
    >>> stop.is_set(), late.is_set()
    (True, True)
    """
    key = id(fire)
    _ON_INTERRUPT[key] = fire
    if _INTERRUPTED:
        fire()

    def undo() -> None:
        _ON_INTERRUPT.pop(key, None)

    return undo


def progress() -> tuple[float | None, int]:
    """``(seconds, count)`` of the search started last: its time so far and its last count.

    The count is the last one the search's :class:`Meter` was shown (what the
    command line reports when Ctrl-C ends a search).

    Returns
    -------
    seconds : float or None
        Since the last :class:`Meter` started; None before any did.
    count : int
        The units of work it had done when it last looked at its budget.

    Examples
    --------
    >>> from unittest import mock
    >>> import tansuo.budget as budget
    >>> with mock.patch.object(budget, "_PROGRESS", [None, 0]):
    ...     before = progress()
    ...     meter = Budget(max_nodes=100).start()
    ...     _ = meter.spent(42)
    ...     seconds, count = progress()
    >>> before, seconds >= 0, count
    ((None, 0), True, 42)
    """
    started, count = _PROGRESS
    return (None if started is None else time.perf_counter() - started), int(count)


@contextmanager
def stop_when(stop: Callable[[], bool]) -> Iterator[None]:
    """Every budget started in this thread inside the block also ends when ``stop()`` is true.

    The web server wraps a request's search in it, so that a client that goes
    away (or presses Cancel) ends the search with ``limit="stopped"``, in any
    domain, without each solver taking a stop argument.

    Parameters
    ----------
    stop : callable ``() -> bool``
        Polled with the clock; true ends the search with ``limit="stopped"``.

    Yields
    ------
    None

    Examples
    --------
    >>> from tansuo.search import bfs
    >>> from tansuo.search.examples import SlidingPuzzle
    >>> with stop_when(lambda: True):  # e.g. the client went away
    ...     result = bfs(SlidingPuzzle((8, 6, 7, 2, 5, 4, 3, 0, 1)))
    >>> result.status, result.stats.limit
    ('limit', 'stopped')
    """
    token = _AMBIENT_STOP.set(stop)
    try:
        yield
    finally:
        _AMBIENT_STOP.reset(token)


def physical_memory() -> int | None:
    """Bytes of RAM of this machine, when the OS says.

    Examples
    --------
    >>> memory = physical_memory()
    >>> memory is None or memory > 0
    True
    """
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def default_max_memory() -> int:
    """The memory budget when none is given: 4 GiB, or half the RAM if that is less.

    Examples
    --------
    >>> default_max_memory() > 0
    True
    """
    ram = physical_memory()
    four_gib = 4 << 30
    return four_gib if ram is None else min(four_gib, ram // 2)


_UNITS = {"": 1, "b": 1, "k": 1 << 10, "kb": 1 << 10, "m": 1 << 20, "mb": 1 << 20,
          "g": 1 << 30, "gb": 1 << 30, "t": 1 << 40, "tb": 1 << 40}  # fmt: skip


def parse_memory(text: str | int) -> int:
    """Read a memory size: a number of bytes, or with a unit (``512M``, ``4G``, ``1.5GB``).

    Parameters
    ----------
    text : str or int
        Bytes, or a number with a unit: ``K``, ``M``, ``G``, ``T`` (powers of
        1024; ``B`` and ``KB``/``MB``/... too), in either case.

    Returns
    -------
    int
        Bytes.

    Raises
    ------
    InvalidInput
        Not a size, or out of range (the words of :func:`check_number`).

    Examples
    --------
    >>> parse_memory("4G"), parse_memory("512m"), parse_memory(1000)
    (4294967296, 536870912, 1000)
    """
    if isinstance(text, numbers.Integral) and not isinstance(text, bool):
        value = int(text)
    else:
        raw = str(text).strip().lower().replace("ib", "b").replace(" ", "")
        number = raw.rstrip("kmgtb")
        unit = raw[len(number) :]
        try:
            amount = float(number)
        except ValueError:
            amount = math.nan
        if unit not in _UNITS or not math.isfinite(amount):
            raise InvalidInput(
                f"memory size {shown_number(text)}: expected a number of bytes or one with "
                "a unit, such as 512M or 4G"
            )
        scaled = amount * _UNITS[unit]
        value = int(scaled) if math.isfinite(scaled) and abs(scaled) <= MAX_COUNT else MAX_COUNT + 1
    if value < 0:
        raise InvalidInput(f"max_memory must be >= 0 bytes, got {shown_number(text)}")
    if value > MAX_COUNT:
        raise InvalidInput(
            f"max_memory must be at most {MAX_COUNT} bytes, got {shown_number(text)}"
        )
    return value


MAX_COUNT = 2**63 - 1
"""The largest count budget: the kernels count in int64."""

MAX_SECONDS = 1e9
"""The longest time limit, about 31 years: a longer one is a typo (``inf``, ``1e309``),
and the clocks and waits of the standard library overflow a little beyond it."""

_DIGITS_SHOWN = 30  # a number longer than this is shown by its length in messages


def shown_number(value: object) -> str:
    """``value`` for an error message: its repr, or its length when it is a huge whole number.

    Parameters
    ----------
    value : object
        What the user gave.

    Returns
    -------
    str

    Examples
    --------
    >>> shown_number(-1), shown_number("soon"), shown_number(10**400)
    ('-1', "'soon'", 'a number of 401 digits')
    """
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        magnitude = abs(int(value))
        bits = magnitude.bit_length()
        if bits <= _DIGITS_SHOWN * 3:
            return repr(int(value))
        if bits < 14_000:  # str() of an int over 4,300 digits is refused
            return f"a number of {len(str(magnitude)):,} digits"
        return f"a number of about {int(bits * math.log10(2)) + 1:,} digits"
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:40]}... ({len(text):,} characters)"


def _bound(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def check_number(
    value: object,
    name: str,
    *,
    whole: bool = False,
    low: float | None = 0,
    high: float | None = None,
    unit: str = "",
) -> float | int | None:
    """The one check of every budget and count tansuo is given (CLI, library, web, protocols).

    Parameters
    ----------
    value : object
        The number given; None passes through (no limit).
    name : str
        What it is, as the message names it (``time_limit``, ``max_nodes``).
    whole : bool
        A count: an integer (never a bool or a float), returned as ``int``.
        Otherwise any finite real, returned as ``float``.
    low, high : number, optional
        The range allowed (inclusive); a whole number is also kept within
        int64 (``high`` at most :data:`MAX_COUNT`).
    unit : str
        The unit, for the message (``"seconds"``).

    Raises
    ------
    InvalidInput
        One line: not a number, NaN, infinite, or out of range, naming the value
        (a huge integer by its number of digits, never converted to text whole).

    Examples
    --------
    >>> check_number(3, "max_nodes", whole=True), check_number(0.5, "time_limit")
    (3, 0.5)
    >>> check_number(float("inf"), "time_limit", high=MAX_SECONDS, unit="seconds")
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: time_limit must be at most 1000000000 seconds, got inf
    """
    if value is None:
        return None
    kind = "a whole number" if whole else (f"a number of {unit}" if unit else "a number")
    wanted = kind if low is None else f"{kind} >= {_bound(low)}"
    if whole:
        high = MAX_COUNT if high is None else min(high, MAX_COUNT)
        low = -MAX_COUNT - 1 if low is None else low
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise InvalidInput(f"{name} must be {wanted}, got {shown_number(value)}")
        count = int(value)
        if count < low:
            raise InvalidInput(f"{name} must be {wanted}, got {shown_number(count)}")
        if count > high:
            raise InvalidInput(f"{name} must be at most {_bound(high)}, got {shown_number(count)}")
        return count
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidInput(f"{name} must be {wanted}, got {shown_number(value)}")
    try:
        number = float(value)
    except OverflowError:  # an integer beyond a float's range
        negative = isinstance(value, numbers.Integral) and int(value) < 0
        number = -math.inf if negative else math.inf
    if math.isnan(number) or (low is not None and number < low):
        raise InvalidInput(f"{name} must be {wanted}, got {shown_number(value)}")
    if math.isinf(number) or (high is not None and number > high):
        if high is None:
            raise InvalidInput(f"{name} must be a finite number, got {shown_number(value)}")
        where = f" {unit}" if unit else ""
        raise InvalidInput(
            f"{name} must be at most {_bound(high)}{where}, got {shown_number(value)}"
        )
    return number


def parse_number(
    text: str, name: str, *, whole: bool = False, low: float | None = 0,
    high: float | None = None, unit: str = "",
) -> float | int | None:  # fmt: skip
    """:func:`check_number` of a number written as text (a ``--set`` value, a protocol word).

    Only digits (with a sign) make a whole number, and more than 30 of them are
    out of range without being converted (Python refuses to convert over 4,300
    digits, and a count never needs 20); ``none`` is None (no limit).

    Parameters
    ----------
    text : str
        The number as written; ``none`` for no limit.
    name : str
        What it is, as the message names it.
    whole, low, high, unit
        As for :func:`check_number`.

    Returns
    -------
    int, float or None

    Raises
    ------
    InvalidInput
        Not a number, or out of range (the words of :func:`check_number`).

    Examples
    --------
    >>> parse_number("250", "max_nodes", whole=True), parse_number("1.5", "time_limit")
    (250, 1.5)
    """
    word = text.strip()
    if word.lower() in ("none", ""):
        return None
    kind = "a whole number" if whole else (f"a number of {unit}" if unit else "a number")
    shown = shown_number(word)
    digits = word.lstrip("+-")
    if whole:
        if not digits.isdecimal() or not digits.isascii() or word[:2] in ("+-", "-+"):
            raise InvalidInput(f"{name} must be {kind}, got {shown}")
        if len(digits) > _DIGITS_SHOWN:
            bound = f"at most {MAX_COUNT}" if not word.startswith("-") else f">= {low}"
            raise InvalidInput(f"{name} must be {bound}, got a number of {len(digits):,} digits")
        return check_number(int(word), name, whole=True, low=low, high=high, unit=unit)
    try:
        number = float(word) if len(word) <= 400 else math.nan
    except ValueError:
        raise InvalidInput(f"{name} must be {kind}, got {shown}") from None
    if math.isnan(number) and len(word) > 400:
        raise InvalidInput(f"{name} must be {kind}, got {shown}")
    return check_number(number, name, low=low, high=high, unit=unit)


def check_time_limit(value: object, name: str = "time_limit") -> float | None:
    """``value`` if it is None or a finite number of seconds from 0 to :data:`MAX_SECONDS`.

    :func:`check_number` for a time limit, with its clear InvalidInput otherwise.

    Parameters
    ----------
    value : object
        The time limit given.
    name : str
        What the message calls it.

    Returns
    -------
    float or None

    Raises
    ------
    InvalidInput
        Not a number, negative, NaN, infinite or above :data:`MAX_SECONDS`.

    Examples
    --------
    >>> check_time_limit(1.5), check_time_limit(None)
    (1.5, None)
    """
    checked = check_number(value, name, low=0, high=MAX_SECONDS, unit="seconds")
    return None if checked is None else float(checked)


def check_count(value: object, name: str, *, low: int = 0) -> int | None:
    """``value`` if it is None or a whole number from ``low`` to :data:`MAX_COUNT`.

    :func:`check_number` for a count, with its clear InvalidInput otherwise.

    Parameters
    ----------
    value : object
        The count given.
    name : str
        What the message calls it (``max_nodes``).
    low : int
        The least count allowed.

    Returns
    -------
    int or None

    Raises
    ------
    InvalidInput
        Not a whole number (a bool or a float is refused), or out of range.

    Examples
    --------
    >>> check_count(5, "max_nodes"), check_count(None, "max_nodes")
    (5, None)
    """
    checked = check_number(value, name, whole=True, low=low)
    return None if checked is None else int(checked)


@dataclass(frozen=True, slots=True)
class Budget:
    """The limits of one search; every field optional (None: no limit of that kind).

    Parameters
    ----------
    time_limit : float, optional
        Seconds.
    max_nodes : int, optional
        Tree-search nodes (see the module docstring for what a node is per domain).
    max_expansions : int, optional
        States expanded by a best-first search.
    max_memory : int, optional
        Bytes for the search's own growing structures.

    Raises
    ------
    InvalidInput
        A negative value, NaN, an infinite or over-long time (see :data:`MAX_SECONDS`),
        a count beyond int64, or something that is not a number.

    Examples
    --------
    >>> budget = Budget(time_limit=2, max_nodes=100, max_memory="512M")
    >>> budget.count_limit, budget.max_memory
    (('max_nodes', 100), 536870912)
    >>> Budget(max_nodes=-1)
    Traceback (most recent call last):
    ...
    tansuo.errors.InvalidInput: max_nodes must be a whole number >= 0, got -1
    """

    time_limit: float | None = None
    max_nodes: int | None = None
    max_expansions: int | None = None
    max_memory: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "time_limit", check_time_limit(self.time_limit))
        object.__setattr__(self, "max_nodes", check_count(self.max_nodes, "max_nodes"))
        object.__setattr__(
            self, "max_expansions", check_count(self.max_expansions, "max_expansions")
        )
        if self.max_memory is not None:
            object.__setattr__(self, "max_memory", parse_memory(self.max_memory))

    @property
    def count_limit(self) -> tuple[str, int] | None:
        """``(name, value)`` of the count budget that is set (nodes or expansions), if any.

        A domain counts one kind of unit; if both are given the smaller wins.
        """
        given = [
            (value, name)
            for name, value in (
                ("max_nodes", self.max_nodes),
                ("max_expansions", self.max_expansions),
            )
            if value is not None
        ]
        if not given:
            return None
        value, name = min(given)
        return name, value

    def start(self, *, stop: Callable[[], bool] | None = None) -> Meter:
        """Start the clock: a :class:`Meter` that says when this budget is spent."""
        return Meter(self, stop)


class Meter:
    """A budget being spent: the clock started, the count budget to compare with.

    ``stop`` (optional) is polled with the clock; when it returns True the
    search ends as if a budget ran out, with ``limit="stopped"`` (a GUI's
    stop command, a client that went away).

    Parameters
    ----------
    budget : Budget
        The budget to spend.
    stop : callable ``() -> bool``, optional
        Polled with the clock (default: the one of an enclosing
        :func:`stop_when`, if any).

    Examples
    --------
    >>> meter = Budget(max_nodes=100).start()
    >>> meter.spent(5), meter.spent(100)
    (None, 'max_nodes')
    """

    __slots__ = ("budget", "count_limit", "count_name", "deadline", "started", "stop")

    def __init__(self, budget: Budget, stop: Callable[[], bool] | None = None) -> None:
        self.budget = budget
        self.started = time.perf_counter()
        limit = budget.time_limit
        self.deadline = None if limit is None else self.started + limit
        count = budget.count_limit
        self.count_name: str | None = None if count is None else count[0]
        self.count_limit: int | None = None if count is None else count[1]
        self.stop = stop if stop is not None else _AMBIENT_STOP.get()
        _PROGRESS[0], _PROGRESS[1] = self.started, 0

    def elapsed(self) -> float:
        """Seconds since the meter started."""
        return time.perf_counter() - self.started

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def spent(self, count: int = 0) -> str | None:
        """The name of the budget that is spent after ``count`` units of work, or None."""
        _PROGRESS[1] = count
        if self.count_limit is not None and count >= self.count_limit:
            return self.count_name
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            return "time_limit"
        if self.stop is not None and self.stop():
            return "stopped"
        return None

    def allowance(self, count: int, chunk: int = DEFAULT_CHUNK) -> int:
        """How many more units the next chunk may run: ``chunk``, or less near the count budget."""
        if self.count_limit is None:
            return chunk
        return max(0, min(chunk, self.count_limit - count))

    def next_check(self, count: int, every: int) -> int:
        """The count at which a recursive search should look at the budget next."""
        _PROGRESS[1] = count
        due = count + every
        if self.count_limit is not None and self.count_limit < due:
            due = self.count_limit
        return due

    def memory_limit(self) -> int:
        """Bytes the search may use: the budget's ``max_memory`` or :func:`default_max_memory`."""
        given = self.budget.max_memory
        return default_max_memory() if given is None else given


def run_chunked(
    step: Callable[[int], bool],
    count: Callable[[], int],
    meter: Meter,
    *,
    chunk: int = DEFAULT_CHUNK,
) -> str | None:
    """Run a resumable kernel until it finishes or a budget is spent.

    Parameters
    ----------
    step : callable ``units -> finished``
        Runs at most ``units`` more units of work (expansions, nodes) and
        returns True once the search is over (found, or proved there is
        nothing to find); False when it stopped only because the units ran out.
    count : callable ``() -> int``
        Units done so far.
    meter : Meter
    chunk : int
        Most units in one call. With a time limit (or a stop callback) the
        calls are also kept to about :data:`TIME_SLICE_S` seconds each, from
        the rate measured on the calls before, so that the limit holds within
        a slice whatever a unit costs.

    Returns
    -------
    str or None
        The name of the spent budget, or None when the kernel finished.

    Examples
    --------
    >>> done = [0]
    >>> def step(units):
    ...     done[0] += min(units, 10 - done[0])
    ...     return done[0] == 10
    >>> run_chunked(step, lambda: done[0], Budget(max_expansions=4).start(), chunk=3)
    'max_expansions'
    >>> done[0] = 0
    >>> run_chunked(step, lambda: done[0], Budget().start(), chunk=3) is None
    True
    """
    timed = meter.deadline is not None or meter.stop is not None
    rate = None  # units per second, measured on the calls so far
    while True:
        done_before = count()
        units = meter.allowance(done_before, chunk)
        if units <= 0:
            return meter.count_name
        if timed:
            # Slices of about TIME_SLICE_S seconds whatever a unit costs: the
            # first call is short, to measure the rate; the next ones follow it.
            units = min(units, FIRST_SLICE if rate is None else max(1, int(rate * TIME_SLICE_S)))
        started = time.perf_counter()
        if step(units):
            return None
        done = count()
        seconds = time.perf_counter() - started
        if done > done_before and seconds > 0:
            rate = (done - done_before) / seconds
        spent = meter.spent(done)
        if spent is not None:
            return spent


# ---------------------------------------------------------------------------
# Deadlines and the watchdog of the game engines
# ---------------------------------------------------------------------------
#
# The game engines' kernels (Xiangqi, Gomoku) run in numba with the GIL
# released and look at a stop flag, not at the clock; a watchdog thread sets
# the flag when a deadline passes or another thread asks the search to stop.
# Pure-Python searches use it to poll a caller's stop callback off the hot path.


class Deadlines:
    """When a search must stop: a soft deadline (no new iteration after it) and a hard one.

    Times are :func:`time.perf_counter` values, None for none. Another thread
    may move them while the search runs (a GUI's ``ponderhit`` starts the clock)
    or stop the search at once (:meth:`stop`).

    Parameters
    ----------
    soft : float, optional
        No new iteration starts after it.
    hard : float, optional
        The search stops at it.

    Examples
    --------
    >>> deadlines = Deadlines.from_now(1.0, 3.0)
    >>> deadlines.hard - deadlines.soft > 1.9, deadlines.stopped
    (True, False)
    """

    def __init__(self, soft: float | None = None, hard: float | None = None) -> None:
        import threading

        self.soft = soft
        self.hard = hard
        self.stopped = False
        self.changed = threading.Event()

    @classmethod
    def from_now(cls, soft: float | None, hard: float | None) -> Deadlines:
        """Deadlines ``soft`` and ``hard`` seconds from now (None: none)."""
        now = time.perf_counter()
        return cls(None if soft is None else now + soft, None if hard is None else now + hard)

    def restart(self, soft: float | None, hard: float | None) -> None:
        """Move both deadlines to ``soft`` and ``hard`` seconds from now."""
        now = time.perf_counter()
        self.soft = None if soft is None else now + soft
        self.hard = None if hard is None else now + hard
        self.changed.set()

    def stop(self) -> None:
        """Stop the search now (also if it has not started yet)."""
        self.stopped = True
        self.changed.set()


class Watchdog:
    """A thread that calls ``fire()`` once: when the hard deadline passes or a stop is asked.

    One watchdog serves every game engine: a numba kernel that polls a flag
    in an array gets ``fire=flag_setter(array, index)``; a Python search gets
    ``fire=event.set`` and reads the event. With nothing to watch (no hard
    deadline, no ``poll``, deadlines that nobody will stop) no thread starts.

    Parameters
    ----------
    fire : callable ``() -> None``
        Called once, from the watchdog's thread.
    deadlines : Deadlines, optional
        Watched for their hard deadline (which may move) and for
        :meth:`Deadlines.stop`.
    seconds : float, optional
        Shortcut for ``deadlines=Deadlines.from_now(None, seconds)``.
    poll : callable ``() -> bool``, optional
        Called every ``interval`` seconds; True fires (a caller's stop
        callback, looked at off the search's hot path).
    interval : float
        Longest sleep between two looks (seconds); the watchdog fires at
        most this late.

    Attributes
    ----------
    reason : {"time_limit", "stopped"} or None
        Why it fired; None while it has not.

    Raises
    ------
    InvalidInput
        ``seconds`` negative or not a number.

    Examples
    --------
    >>> import numpy as np
    >>> control = np.zeros(4, np.int64)
    >>> with Watchdog(flag_setter(control, 2), seconds=0.01) as dog:
    ...     time.sleep(0.2)
    >>> int(control[2]), dog.reason
    (1, 'time_limit')
    >>> stop = Deadlines()
    >>> dog = Watchdog(lambda: None, stop)
    >>> stop.stop(); dog.join(1.0); dog.reason
    'stopped'
    """

    def __init__(
        self,
        fire: Callable[[], None],
        deadlines: Deadlines | None = None,
        *,
        seconds: float | None = None,
        poll: Callable[[], bool] | None = None,
        interval: float = 0.01,
    ) -> None:
        import threading

        if seconds is not None:
            seconds = check_time_limit(seconds, "seconds")
            deadlines = Deadlines.from_now(None, seconds)
        self.deadlines = deadlines if deadlines is not None else Deadlines()
        self.fire = fire
        self.poll = poll
        self.interval = interval
        self.reason: str | None = None
        self._done = False
        # close() and a firing take turns, so nothing fires once close() has returned
        # (re-entrant: Ctrl-C's handler may run on the thread that is inside close())
        self._lock = threading.RLock()
        watched = deadlines is not None or poll is not None
        self._thread: threading.Thread | None = None
        # Ctrl-C fires it at once, from the thread that hears the signal
        self._unwatch = on_interrupt(lambda: self._trip("stopped") if not self._done else None)
        if watched:
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()

    def _trip(self, reason: str) -> None:
        with self._lock:
            if self._done:
                return
            self.reason = reason
            self.fire()

    def _run(self) -> None:
        changed = self.deadlines.changed
        while not self._done:
            if self.deadlines.stopped:
                self._trip("stopped")
                return
            if self.poll is not None and self.poll():
                self._trip("stopped")
                return
            hard = self.deadlines.hard
            wait = self.interval if self.poll is not None else 0.05
            if hard is not None:
                left = hard - time.perf_counter()
                if left <= 0:
                    self._trip("time_limit")
                    return
                wait = min(wait, left, self.interval)
            changed.wait(wait)
            changed.clear()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the thread to end (after it fired, or after :meth:`close`)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def close(self) -> None:
        """Stop watching (the search is over); ``fire`` will not be called after this."""
        with self._lock:
            self._done = True
        self._unwatch()
        self.deadlines.changed.set()

    def __enter__(self) -> Watchdog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def flag_setter(array: Any, index: int) -> Callable[[], None]:
    """``fire`` for a :class:`Watchdog` that sets ``array[index] = 1`` (a kernel's stop flag).

    Parameters
    ----------
    array : numpy.ndarray
        The kernel's flags.
    index : int
        Which flag to set.

    Returns
    -------
    callable
        Sets the flag when called.

    Examples
    --------
    >>> import numpy as np
    >>> flags = np.zeros(2, np.int64)
    >>> flag_setter(flags, 1)()
    >>> flags.tolist()
    [0, 1]
    """

    def fire() -> None:
        array[index] = 1

    return fire

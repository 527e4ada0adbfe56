"""The result contract every solver in tansuo follows.

Whatever the domain, a search answers with an object that has

``status``
    ``"solved"``, ``"no_solution"`` (a proof that none exists) or ``"limit"``
    (a budget ran out first; nothing is proved);
``solution``
    the answer in the domain's natural form (a path, a grid, a move list...),
    or None;
``cost``
    the solution's cost, or None where a solution has no cost;
``stats``
    a :class:`Stats`: the counters every search keeps (``expanded``,
    ``generated``, ``elapsed_s`` and the ``limit`` that stopped it) and the
    domain's own, in a frozen subclass;
``solved``
    ``status == "solved"``;
``as_dict()``
    the JSON-ready form that ``--json``, the web page and the batch runner
    print: ``status``, ``solution``, ``cost``, ``stats`` and the domain's keys.

Results and their statistics are frozen: once a solver returns, nothing in
the answer changes.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class CoinStats(Stats):
...     coins_tried: int = 0
>>> stats = CoinStats(expanded=3, generated=7, coins_tried=2)
>>> stats["generated"], stats.coins_tried, stats.limit
(7, 2, None)
>>> stats.as_dict()["coins_tried"]
2
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal, Protocol, runtime_checkable

Status = Literal["solved", "no_solution", "limit"]
"""How a search ended: a solution, a proof that none exists, or a spent budget."""

SOLVED: Status = "solved"
NO_SOLUTION: Status = "no_solution"
LIMIT: Status = "limit"
STATUSES: tuple[Status, ...] = (SOLVED, NO_SOLUTION, LIMIT)

RESULT_KEYS = ("status", "solution", "cost", "stats")
"""The keys every ``as_dict()`` has (DESIGN.md); domains add their own beside them."""

STATS_KEYS = ("expanded", "generated", "elapsed_s", "limit")
"""The keys every ``stats`` has; domains add their own counters beside them."""

LIMITS = ("time_limit", "max_expansions", "max_nodes", "max_memory", "max_frontier", "max_depth",
          "stopped")  # fmt: skip
"""Every word ``stats.limit`` may hold: the budget keyword that stopped the search
(``max_frontier`` and ``max_depth`` are the generic engine's own), or ``"stopped"``
when a stop signal (Ctrl-C, a GUI's stop command, a client gone) ended it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Stats(Mapping[str, Any]):
    """The counters of one search: the common ones here, a domain's own in a subclass.

    Attributes
    ----------
    expanded : int
        States (or nodes) whose successors were generated: a goal reached is
        not expanded. What that is per kind of search (best-first, depth-first,
        game-tree, constraint) is defined in CONVENTIONS.md.
    generated : int
        Successors those expansions produced, duplicates and pruned ones included.
    elapsed_s : float
        Wall-clock seconds the search took.
    limit : str or None
        The budget that stopped the search, one of :data:`LIMITS`: the same
        word as the keyword that set it (``"time_limit"``, ``"max_nodes"``,
        ...), or ``"stopped"``; None when nothing stopped it.

    Stats is also a read-only mapping (``stats["expanded"]``, ``dict(stats)``),
    so code that treats every domain alike can read any counter by name.

    Examples
    --------
    >>> stats = Stats(expanded=3, generated=7)
    >>> stats["generated"], dict(stats)["limit"], stats.as_dict()["elapsed_s"]
    (7, None, 0.0)
    """

    expanded: int = 0
    generated: int = 0
    elapsed_s: float = 0.0
    limit: str | None = None

    # -- the mapping view --------------------------------------------------
    def __getitem__(self, key: str) -> Any:
        if key in self.__dataclass_fields__:
            return getattr(self, key)
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self.__dataclass_fields__)

    def __len__(self) -> int:
        return len(self.__dataclass_fields__)

    def __contains__(self, key: object) -> bool:
        return key in self.__dataclass_fields__

    # -- conversions -------------------------------------------------------
    def as_dict(self) -> dict[str, Any]:
        """Every counter by name, JSON-ready (tuples become lists, infinities None)."""
        return {f.name: _jsonable_slowly(getattr(self, f.name)) for f in fields(self)}


@runtime_checkable
class Result(Protocol):
    """What every solver of tansuo returns (see the module docstring).

    Examples
    --------
    >>> from tansuo.search import GraphProblem, bfs
    >>> isinstance(bfs(GraphProblem([(1, 2)], 1, 2)), Result)
    True
    """

    @property
    def status(self) -> Status: ...

    @property
    def solution(self) -> Any: ...

    @property
    def cost(self) -> Any: ...

    @property
    def stats(self) -> Stats: ...

    @property
    def solved(self) -> bool: ...

    def as_dict(self) -> dict[str, Any]: ...


class ResultMixin:
    """``solved`` for result classes that have a ``status`` (a slots-friendly mixin).

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Answer(ResultMixin):
    ...     status: str
    >>> Answer("solved").solved, Answer("limit").solved
    (True, False)
    """

    __slots__ = ()
    status: Status

    @property
    def solved(self) -> bool:
        """Whether the search found what it was asked for."""
        return self.status == SOLVED


def status_of(*, found: bool, limit: str | None) -> Status:
    """The usual status rule: a budget spent before an answer is ``limit``.

    A search that found its answer is ``solved`` even if a budget ran out at
    the same moment; one that found nothing with budget left has proved that
    there is nothing to find.

    Parameters
    ----------
    found : bool
        Whether the search found its answer.
    limit : str or None
        The budget that ran out (``stats.limit``), if any.

    Returns
    -------
    str
        ``"solved"``, ``"no_solution"`` or ``"limit"``.

    Examples
    --------
    >>> status_of(found=True, limit="time_limit"), status_of(found=False, limit="max_nodes")
    ('solved', 'limit')
    >>> status_of(found=False, limit=None)
    'no_solution'
    """
    if found:
        return SOLVED
    return LIMIT if limit is not None else NO_SOLUTION


def jsonable(value: Any) -> Any:
    """``value`` in plain JSON types: numpy values as Python ones, inf and NaN as None.

    Fast for large answers (a path of thousands of cells): the JSON encoder,
    written in C, does the walk; only values it cannot take (infinities, odd
    types) fall back to the walk in Python.

    Parameters
    ----------
    value : object
        Dicts, lists, tuples, numbers, strings, numpy arrays and scalars.

    Returns
    -------
    object
        What :func:`json.dumps` writes as standard JSON.

    Examples
    --------
    >>> import numpy as np
    >>> jsonable({"a": np.int64(3), "b": np.array([1.5, np.inf])})
    {'a': 3, 'b': [1.5, None]}
    """
    try:
        return json.loads(json.dumps(value, allow_nan=False, default=_plain))
    except (ValueError, TypeError):
        return _jsonable_slowly(value)


def _plain(value: Any) -> Any:
    """What the JSON encoder does with a value it does not know (or TypeError)."""
    if isinstance(value, Stats):
        return value.as_dict()
    if isinstance(value, Mapping):
        return dict(value)
    if hasattr(value, "tolist"):
        return value.tolist()  # numpy arrays and scalars
    raise TypeError(type(value).__name__)


def _jsonable_slowly(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (list, tuple)):
        return [_jsonable_slowly(v) for v in value]
    if isinstance(value, dict | Mapping):
        items = value.as_dict().items() if isinstance(value, Stats) else value.items()
        return {str(k): _jsonable_slowly(v) for k, v in items}
    if hasattr(value, "item") and callable(value.item) and getattr(value, "ndim", 0) == 0:
        return _jsonable_slowly(value.item())  # a numpy scalar
    if hasattr(value, "tolist"):
        return _jsonable_slowly(value.tolist())  # a numpy array
    return value

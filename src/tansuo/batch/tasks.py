"""What a batch is made of: instances, the task a worker runs, and the records it returns.

The bottom of the batch package: :mod:`tansuo.batch.domains` (the adapters),
:mod:`tansuo.batch.solving` (one instance solved), :mod:`tansuo.batch.backends`
(where the work runs) and :mod:`tansuo.batch.runner` (the order of the results)
build on these types, in that order, and this module imports none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Record = dict[str, Any]
"""One result line: JSON-ready, with at least ``id``, ``status`` and ``elapsed_s``."""

ERROR = "error"
"""The status of an instance that could not be solved (bad input, a crash)."""


@dataclass(frozen=True, slots=True)
class Instance:
    """One instance of a batch: an ``id`` (unique in the batch) and its ``text``.

    Attributes
    ----------
    id : str
        Unique in the batch; it comes first in each result line.
    text : str
        The instance, as the domain reads it.

    Examples
    --------
    >>> from tansuo.batch import iter_results
    >>> [r["status"] for r in iter_results("sudoku", [Instance("x", "1.3.3..2.1.34..1")])]
    ['solved']
    """

    id: str
    text: str


@dataclass(frozen=True, slots=True)
class Task:
    """What a worker needs to solve instances: the domain's name and its options.

    Small and picklable; the domain's adapter is looked up by name in the
    worker, and large shared data travels separately, once per worker.
    """

    domain: str
    options: Mapping[str, Any] = field(default_factory=dict)
    lean: bool = False
    """Records without the solution (see :meth:`BatchDomain.record`)."""


def error_record(instance: Instance, message: str) -> Record:
    """The record of an instance the backend could not get solved."""
    return {"id": instance.id, "status": ERROR, "error": message, "elapsed_s": 0.0}


def watchdog_seconds(options: Mapping[str, Any], given: float | None = None) -> float | None:
    """How long one instance may take before its worker is presumed stuck.

    Solvers honour their own ``time_limit``; the watchdog only catches one
    that does not (a bug, or a kernel that cannot be interrupted): twice the
    limit plus 30 seconds for compiling and loading. None without a limit.
    """
    if given is not None:
        return given
    limit = options.get("time_limit")
    if limit is None:
        return None
    return 2.0 * float(limit) + 30.0

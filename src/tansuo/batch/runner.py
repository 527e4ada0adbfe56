"""The batch runner: many instances of one domain, in input order, on any backend.

:func:`iter_results` takes instances (an id and a text each), a domain's name
and its options, and yields one JSON-ready record per instance *in input
order*: the domain's ``as_dict()`` plus ``id``, ``status`` and ``elapsed_s``,
or ``status="error"`` and ``error`` for an instance that could not be solved
(bad input: reported, and the batch goes on).

Where the work runs is the backend's business (:mod:`tansuo.batch.backends`):
in this process, a pool of local processes, or a Ray cluster. The runner
sizes the chunks it hands out so that each takes about
:data:`TARGET_CHUNK_S` seconds: microsecond instances (a Sudoku) travel by the
thousand, slow ones (a Sokoban level) one at a time.
"""

from __future__ import annotations

import itertools
import math
import time
import traceback
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from tansuo.errors import InvalidInput
from tansuo.result import jsonable

Record = dict[str, Any]
"""One result line: JSON-ready, with at least ``id``, ``status`` and ``elapsed_s``."""

ERROR = "error"
"""The status of an instance that could not be solved (bad input, a crash)."""

TARGET_CHUNK_S = 0.1
"""Seconds of work a chunk should hold: enough to hide the cost of sending it."""

MAX_CHUNK = 4096
"""Most instances in one chunk."""


@dataclass(frozen=True, slots=True)
class Instance:
    """One instance of a batch: an ``id`` (unique in the batch) and its ``text``."""

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


def solve_one(task: Task, instance: Instance, shared: Any) -> Record:
    """Solve one instance in this process and return its record; never raises.

    Bad input becomes ``status="error"`` with the message; any other exception
    too, with its type, so that one broken instance cannot stop a batch.
    """
    from tansuo.batch.domains import batch_domain

    started = time.perf_counter()
    try:
        adapter = batch_domain(task.domain)
        result = adapter.solve(instance.text, task.options, shared)
        record: Record = {
            "id": instance.id,
            **adapter.record(result, instance.text, lean=task.lean),
        }
        record["id"] = instance.id
    except InvalidInput as exc:
        record = {"id": instance.id, "status": ERROR, "error": str(exc)}
    except Exception as exc:  # a bug must not take the batch down with it
        where = traceback.extract_tb(exc.__traceback__)[-1]
        record = {
            "id": instance.id,
            "status": ERROR,
            "error": f"internal error: {type(exc).__name__}: {exc} "
            f"({where.filename.rsplit('/', 1)[-1]}:{where.lineno})",
        }
    record["elapsed_s"] = time.perf_counter() - started
    return jsonable(record)


def solve_chunk(task: Task, items: list[Instance], shared: Any) -> list[Record]:
    """Solve a chunk of instances in order (what a worker runs)."""
    return [solve_one(task, item, shared) for item in items]


def error_record(instance: Instance, message: str) -> Record:
    """The record of an instance the backend could not get solved."""
    return {"id": instance.id, "status": ERROR, "error": message, "elapsed_s": 0.0}


class Pace:
    """Chunk sizes that follow the measured time per instance.

    Starts with single instances, then aims at :data:`TARGET_CHUNK_S` seconds
    of work per chunk from the mean time of the instances finished so far.
    """

    __slots__ = ("instances", "seconds", "workers")

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self.instances = 0
        self.seconds = 0.0

    def record(self, records: list[Record]) -> None:
        self.instances += len(records)
        self.seconds += sum(float(r.get("elapsed_s") or 0.0) for r in records)

    def chunk_size(self) -> int:
        if self.instances < 2 * self.workers:
            return 1
        mean = self.seconds / self.instances
        if mean <= 0:
            return MAX_CHUNK
        return max(1, min(MAX_CHUNK, math.floor(TARGET_CHUNK_S / mean)))


def chunked(instances: Iterable[Instance], pace: Pace) -> Iterator[tuple[int, list[Instance]]]:
    """Number the chunks of ``instances``, each as large as ``pace`` says at that moment."""
    source = iter(instances)
    for index in itertools.count():
        chunk = list(itertools.islice(source, pace.chunk_size()))
        if not chunk:
            return
        yield index, chunk


def iter_results(
    domain: str,
    instances: Iterable[Instance],
    options: Mapping[str, Any] | None = None,
    *,
    backend: Any = None,
    source: str | None = None,
    lean: bool = False,
) -> Iterator[Record]:
    """Solve ``instances`` of ``domain``; yield their records in input order.

    Parameters
    ----------
    domain : str
        A name of :func:`tansuo.batch.domains.domain_names`.
    instances : iterable of Instance
        Read lazily: a file of millions of lines is never held whole.
    options : mapping, optional
        The domain's solve options (see its adapter), e.g. ``{"max_solutions": 2}``.
    backend : Backend, optional
        :class:`~tansuo.batch.backends.InProcess` (the default),
        :class:`~tansuo.batch.backends.ProcessPool` or
        :class:`~tansuo.batch.backends.RayBackend`.
    source : str, optional
        What the instances were read from (the domain may prepare data from it).
    lean : bool
        Records without the solution, for callers that only tally outcomes.

    Yields
    ------
    dict
        One record per instance, in the order the instances came.

    Example
    -------
    >>> puzzles = [Instance("1", "1.3.3..2.1.34..1"), Instance("2", "11..............")]
    >>> [(r["id"], r["status"]) for r in iter_results("sudoku", puzzles)]
    [('1', 'solved'), ('2', 'error')]
    """
    from tansuo.batch.backends import InProcess
    from tansuo.batch.domains import batch_domain

    adapter = batch_domain(domain)
    task = Task(domain, adapter.check_options(dict(options or {})), lean)
    shared = adapter.prepare(task.options, source)
    runner = backend if backend is not None else InProcess()
    pace = Pace(runner.workers)
    waiting: dict[int, list[Record]] = {}
    next_index = 0
    for index, records in runner.map_chunks(task, shared, chunked(instances, pace)):
        pace.record(records)
        waiting[index] = records
        while next_index in waiting:
            yield from waiting.pop(next_index)
            next_index += 1
    if waiting:  # a backend lost a chunk: a bug, said plainly rather than hidden
        raise RuntimeError(f"batch backend did not return chunks {sorted(waiting)[:5]}...")


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

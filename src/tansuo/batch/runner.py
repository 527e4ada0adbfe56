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
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from tansuo.batch.backends import InProcess
from tansuo.batch.domains import batch_domain
from tansuo.batch.tasks import (
    Instance,
    Record,
    Task,
)

TARGET_CHUNK_S = 0.1
"""Seconds of work a chunk should hold: enough to hide the cost of sending it."""

MAX_CHUNK = 4096
"""Most instances in one chunk."""


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

    Examples
    --------
    >>> puzzles = [Instance("1", "1.3.3..2.1.34..1"), Instance("2", "11..............")]
    >>> [(r["id"], r["status"]) for r in iter_results("sudoku", puzzles)]
    [('1', 'solved'), ('2', 'error')]
    """
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

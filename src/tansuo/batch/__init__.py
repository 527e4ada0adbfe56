"""Batch solving for every domain: in this process, local processes, or a Ray cluster.

:func:`run_batch` solves a stream of instances of one domain and writes one
JSON line per instance, in input order, flushed as it goes, so that an
interrupted or killed run loses nothing it wrote and ``resume=True`` carries
on where it stopped. :func:`iter_results` is the same without the file.

>>> from tansuo.batch import Instance, iter_results
>>> grids = [Instance("a", "1.3.3..2.1.34..1"), Instance("b", "................")]
>>> [(r["id"], r["status"], r["solution"]) for r in iter_results("sudoku", grids)]
[('a', 'solved', '1234341221434321'), ('b', 'solved', '1234341221434321')]
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tansuo.batch.backends import InProcess, ProcessPool, RayBackend
from tansuo.batch.domains import BatchDomain, batch_domain, domain_names
from tansuo.batch.runner import iter_results
from tansuo.batch.tasks import ERROR, Instance, Record
from tansuo.errors import InvalidInput
from tansuo.files import open_input, shown_path

__all__ = [
    "ERROR",
    "BatchDomain",
    "BatchSummary",
    "InProcess",
    "Instance",
    "ProcessPool",
    "RayBackend",
    "Record",
    "batch_domain",
    "domain_names",
    "finished_ids",
    "iter_results",
    "make_backend",
    "read_finished",
    "run_batch",
]

OUTCOMES = ("solved", "no_solution", "limit", ERROR)


@dataclass(slots=True)
class BatchSummary:
    """What a batch did: counts per status, times and throughput.

    Attributes
    ----------
    counts : dict of str to int
        Instances per status.
    skipped : int
        Instances already in the results file (``--resume``).
    wall_s : float
        Seconds the batch took.
    instance_seconds : list of float
        Each instance's own time.

    Examples
    --------
    >>> from tansuo.batch import Instance, run_batch
    >>> puzzles = [Instance("a", "1.3.3..2.1.34..1"), Instance("b", "11" + "." * 14)]
    >>> summary = run_batch("sudoku", puzzles)
    >>> summary.counts["solved"], summary.counts["error"], summary.skipped
    (1, 1, 0)
    """

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    skipped: int = 0
    wall_s: float = 0.0
    instance_seconds: list[float] = field(default_factory=list, repr=False)

    def add(self, record: Record) -> None:
        status = record.get("status", ERROR)
        self.counts[status if status in self.counts else ERROR] += 1
        self.instance_seconds.append(float(record.get("elapsed_s") or 0.0))

    @property
    def done(self) -> int:
        return sum(self.counts.values())

    @property
    def total_instance_s(self) -> float:
        return sum(self.instance_seconds)

    @property
    def median_s(self) -> float | None:
        return statistics.median(self.instance_seconds) if self.instance_seconds else None

    @property
    def per_second(self) -> float | None:
        return self.done / self.wall_s if self.wall_s > 0 else None

    def as_dict(self) -> dict[str, Any]:
        return {
            **self.counts,
            "done": self.done,
            "skipped": self.skipped,
            "wall_s": self.wall_s,
            "instance_s": self.total_instance_s,
            "median_s": self.median_s,
            "per_second": self.per_second,
        }


def make_backend(workers: int = 1, ray: str | None = None) -> Any:
    """The backend for the usual flags: ``ray`` wins, then ``workers`` > 1, else in-process.

    Parameters
    ----------
    workers : int
        Processes; above 1 a :class:`ProcessPool`.
    ray : str, optional
        A Ray address (``"auto"`` for this machine): a :class:`RayBackend`.

    Returns
    -------
    InProcess, ProcessPool or RayBackend

    Examples
    --------
    >>> type(make_backend()).__name__, type(make_backend(workers=2)).__name__
    ('InProcess', 'ProcessPool')
    """
    if ray is not None:
        return RayBackend(ray)
    if workers != 1:
        return ProcessPool(workers)
    return InProcess()


_RECORD_START = b'{"id":'
"""How every line a batch writes begins (the record's ``id`` comes first)."""


def read_finished(out: Path) -> tuple[set[str], int]:
    """The ids in a results file, and how many bytes of it are whole records.

    The file must be one this runner wrote: every complete line a JSON object
    with an ``id`` and a ``status``. Only the last line may be cut short (a run
    killed while writing it), and only if it begins as a record does; its bytes
    are not counted.

    Parameters
    ----------
    out : pathlib.Path
        A results file (JSON Lines) of an earlier run.

    Returns
    -------
    ids : set of str
    bytes : int
        The length of its whole records.

    Raises
    ------
    InvalidInput
        Naming the file and the first line that is not a result; nothing is changed.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> out = Path(tempfile.mkdtemp()) / "results.jsonl"
    >>> _ = run_batch("sudoku", [Instance("a", "1.3.3..2.1.34..1")], out=out)
    >>> read_finished(out)[0]
    {'a'}
    """
    if not out.exists():
        return set(), 0
    done: set[str] = set()
    keep = 0
    shown = shown_path(out)
    with open_input(out) as handle:
        for number, raw in enumerate(handle, 1):
            if not raw.endswith(b"\n"):  # the last line, cut short by a kill
                head = raw[: len(_RECORD_START)]
                if _RECORD_START.startswith(head):
                    break
            why = _not_a_record(raw)
            if why is not None:
                raise InvalidInput(
                    f"{shown}: line {number} is not a tansuo batch result ({why}); "
                    "--resume only continues a file a batch wrote, and leaves this one as it is"
                )
            done.add(str(json.loads(raw)["id"]))
            keep += len(raw)
    return done, keep


def _not_a_record(raw: bytes) -> str | None:
    """Why a line is not one a batch writes, or None if it is one."""
    try:
        record = json.loads(raw)
    except ValueError:
        return "not JSON"
    if not isinstance(record, dict) or not raw.startswith(_RECORD_START):
        return "not a JSON object starting with its id"
    if not isinstance(record.get("id"), str) or record.get("status") not in OUTCOMES:
        return "no id, or a status that is not one of " + ", ".join(OUTCOMES)
    return None


def finished_ids(out: Path) -> set[str]:
    """The ids already in a results file, after cutting off a half-written last line.

    A run killed while writing leaves at most one partial line at the end;
    it is removed so that appending continues from a clean line boundary.
    Anything else that is not a result is refused (see :func:`read_finished`)
    and the file left as it was.

    Parameters
    ----------
    out : pathlib.Path
        A results file (JSON Lines) of an earlier run.

    Returns
    -------
    set of str

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> out = Path(tempfile.mkdtemp()) / "results.jsonl"
    >>> _ = run_batch("sudoku", [Instance("a", "1.3.3..2.1.34..1")], out=out)
    >>> finished_ids(out)
    {'a'}
    """
    done, keep = read_finished(out)
    if out.exists() and keep != out.stat().st_size:
        os.truncate(out, keep)
    return done


def run_batch(
    domain: str,
    instances: Iterable[Instance],
    options: Mapping[str, Any] | None = None,
    *,
    backend: Any = None,
    out: Path | None = None,
    resume: bool = False,
    on_record: Callable[[Record], None] | None = None,
    source: str | None = None,
    lean: bool = False,
    skip_ids: Collection[str] = (),
) -> BatchSummary:
    """Solve every instance, write each record to ``out`` as it comes, and summarise.

    Parameters
    ----------
    domain : str
        One of :func:`domain_names`.
    instances : iterable of Instance
    options : mapping, optional
        The domain's solve options.
    backend : optional
        See :func:`make_backend`; in-process by default.
    out : Path, optional
        JSON Lines file, written in input order and flushed per line.
    resume : bool
        Keep the records already in ``out`` and skip their ids.
    on_record : callable, optional
        Called with each record in order (for printing and progress bars);
        also called with ``{"id": ..., "skipped": True}`` for resumed ids.
    source : str, optional
        What the instances were read from (see :func:`iter_results`).
    lean : bool
        Records without the solutions (see :func:`iter_results`).
    skip_ids : collection of str
        Ids finished elsewhere (a domain's own answer file): skipped like resumed ones.

    Returns
    -------
    BatchSummary

    Examples
    --------
    >>> import json, tempfile
    >>> from pathlib import Path
    >>> out = Path(tempfile.mkdtemp()) / "results.jsonl"
    >>> summary = run_batch("queens", [Instance("8", "8")], {"up_to_symmetry": True}, out=out)
    >>> record = json.loads(out.read_text())
    >>> record["id"], record["status"], record["count"]
    ('8', 'solved', 12)
    """
    adapter = batch_domain(domain)
    skip = set(skip_ids) | (finished_ids(out) if (resume and out is not None) else set())
    summary = BatchSummary()

    def todo() -> Iterator[Instance]:
        for instance in instances:
            if instance.id in skip:
                summary.skipped += 1
                if on_record is not None:
                    on_record({"id": instance.id, "skipped": True})
                continue
            yield instance

    started = time.perf_counter()
    sink = None
    try:
        if out is not None:
            sink = open(out, "a" if resume else "w", encoding="utf-8")  # noqa: SIM115
        runner = backend if backend is not None else InProcess()
        records = iter_results(
            adapter.name, todo(), options, backend=runner, source=source, lean=lean
        )
        for record in records:
            summary.add(record)
            if sink is not None:
                sink.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
                sink.flush()
            if on_record is not None:
                on_record(record)
    finally:
        if sink is not None:
            sink.close()
        summary.wall_s = time.perf_counter() - started
    return summary

"""Where a batch runs: in this process, in local worker processes, or on Ray.

Every backend has ``workers`` (how many instances it solves at once) and
``map_chunks(task, shared, chunks)``, which takes numbered chunks of
instances and yields ``(index, records)`` as chunks finish, in any order;
the runner puts them back in input order. A backend returns every chunk it
was given, whole: when a worker crashes or overruns its watchdog, the chunk's
instances are run again one by one, each gets a second try alone, and an
instance that fails alone twice is reported as an error for itself only.

Large read-only data the domain prepared once (a map's landmark table, a
pattern database) goes to each worker once: with the worker's start-up
arguments for local processes, through Ray's object store on a cluster.
"""

from __future__ import annotations

import collections
import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from tansuo.batch.domains import batch_domain
from tansuo.batch.solving import solve_chunk
from tansuo.batch.tasks import Instance, Record, Task, error_record, watchdog_seconds
from tansuo.errors import InvalidInput

Chunks = Iterator[tuple[int, list[Instance]]]


@dataclass(slots=True)
class _Job:
    """Part of a chunk sent to one worker: which chunk, which positions, which try."""

    chunk: int
    positions: list[int]
    items: list[Instance]
    attempt: int = 0


@dataclass(slots=True)
class _Assembly:
    """The records of the chunks in flight, filled as their jobs come back."""

    records: dict[int, list[Record | None]] = field(default_factory=dict)
    missing: dict[int, int] = field(default_factory=dict)

    def open(self, index: int, size: int) -> None:
        self.records[index] = [None] * size
        self.missing[index] = size

    def fill(self, job: _Job, records: list[Record]) -> tuple[int, list[Record]] | None:
        """Put a job's records in place; the whole chunk when it is complete."""
        slots = self.records[job.chunk]
        for position, record in zip(job.positions, records, strict=True):
            slots[position] = record
        self.missing[job.chunk] -= len(records)
        if self.missing[job.chunk]:
            return None
        del self.missing[job.chunk]
        return job.chunk, [r for r in self.records.pop(job.chunk) if r is not None]

    def __bool__(self) -> bool:
        return bool(self.missing)


def _after_failure(job: _Job, reason: str) -> tuple[list[_Job], list[Record]]:
    """What to do with a job whose worker crashed or overran: retries, or error records.

    A chunk of several instances is split into single instances (which one
    failed is not known); a single instance is tried once more, then reported.
    """
    if len(job.items) > 1:
        singles = [
            _Job(job.chunk, [p], [item]) for p, item in zip(job.positions, job.items, strict=True)
        ]
        return singles, []
    if job.attempt == 0:
        return [_Job(job.chunk, job.positions, job.items, 1)], []
    return [], [error_record(job.items[0], f"{reason} (twice, on this instance alone)")]


class InProcess:
    """Solve in this process, one chunk after another (the default backend).

    Examples
    --------
    >>> from tansuo.batch import Instance, iter_results
    >>> [r["count"] for r in iter_results("queens", [Instance("6", "6")], backend=InProcess())]
    [4]
    """

    workers = 1

    def map_chunks(
        self, task: Task, shared: Any, chunks: Chunks
    ) -> Iterator[tuple[int, list[Record]]]:
        batch_domain(task.domain).warm_up()
        for index, items in chunks:
            yield index, solve_chunk(task, items, shared)

    def close(self) -> None:
        pass


PARENT_CHECK_S = 0.5
"""How often a local worker looks whether the process that started it is still there."""


def _exit_with_parent(parent: int) -> None:
    """End this worker process when ``parent`` is gone.

    A parent killed with SIGKILL says no goodbye, and the worker's end of its
    pipe does not close either while a sibling worker (forked from the same
    parent) holds a copy of the other end; so a thread watches the parent's
    pid (the worker is re-parented when it dies) and exits the process.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)

    threading.Thread(target=watch, name="tansuo-parent-watch", daemon=True).start()


def _worker_main(connection: Connection, parent: int | None = None) -> None:
    """A local worker: take a batch's task and shared data, then solve the chunks it is sent.

    Messages: ``("setup", task, shared)`` once per batch (the kernels are
    loaded on the first), ``("solve", key, items)`` per chunk, None to stop.
    ``parent`` is the pid of the process that started it: the worker exits
    when that process is gone, however it ended.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C for everyone
    if parent is not None:
        _exit_with_parent(parent)
    task: Task | None = None
    shared: Any = None
    warm: set[str] = set()
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        if message[0] == "setup":
            _, task, shared = message
            if task.domain not in warm:
                batch_domain(task.domain).warm_up()
                warm.add(task.domain)
            continue
        _, key, items = message
        assert task is not None
        connection.send((key, solve_chunk(task, items, shared)))


@dataclass(slots=True)
class _Worker:
    process: Any
    connection: Connection
    job: _Job | None = None
    deadline: float | None = None


class ProcessPool:
    """Local worker processes that live as long as the pool and load the kernels once.

    On Linux the workers are forked: they start in milliseconds with every
    module and compiled kernel of this process. Call :meth:`start` before this
    process starts threads (a progress bar): forking beside a running thread
    is unsafe. Elsewhere they are spawned and load what they need themselves.
    Each batch sends its task and shared data to every worker once.
    ``instance_timeout`` is the watchdog (see
    :func:`~tansuo.batch.tasks.watchdog_seconds`).

    Parameters
    ----------
    workers : int
        How many processes (1 to 1024).
    instance_timeout : float, optional
        Seconds after which an instance is presumed stuck and its worker
        replaced (default: from the ``time_limit`` option).

    Examples
    --------
    >>> ProcessPool(2).workers  # iter_results(..., backend=ProcessPool(2)) solves in 2 processes
    2
    """

    def __init__(self, workers: int, *, instance_timeout: float | None = None) -> None:
        if not isinstance(workers, int) or not 1 <= workers <= 1024:
            raise InvalidInput(f"workers must be a whole number from 1 to 1024, got {workers!r}")
        self.workers = workers
        self.instance_timeout = instance_timeout
        methods = multiprocessing.get_all_start_methods()
        self._context: Any = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self._pool: list[_Worker] = []

    def start(self) -> ProcessPool:
        """Start the workers now (else the first batch starts them); returns the pool."""
        while len(self._pool) < self.workers:
            self._pool.append(self._start())
        return self

    def _start(self) -> _Worker:
        parent_end, child_end = self._context.Pipe()
        process = self._context.Process(
            target=_worker_main, args=(child_end, os.getpid()), daemon=True
        )
        process.start()
        child_end.close()
        return _Worker(process, parent_end)

    def _setup(self, worker: _Worker, task: Task, shared: Any) -> None:
        worker.connection.send(("setup", task, shared))

    def _stop(self, worker: _Worker, *, kill: bool) -> None:
        with contextlib.suppress(OSError, ValueError):
            if not kill:
                worker.connection.send(None)
            worker.connection.close()
        if kill or worker.process.is_alive():
            worker.process.join(timeout=0 if kill else 5)
            if worker.process.is_alive():
                worker.process.kill()
            worker.process.join()

    def map_chunks(
        self, task: Task, shared: Any, chunks: Chunks
    ) -> Iterator[tuple[int, list[Record]]]:
        watchdog = watchdog_seconds(task.options, self.instance_timeout)
        retries: collections.deque[_Job] = collections.deque()
        assembly = _Assembly()
        source_done = False
        self.start()
        for worker in self._pool:
            self._setup(worker, task, shared)
        try:
            while True:
                # Step 1. Give every idle worker a job: retries first, then new chunks.
                for worker in self._pool:
                    if worker.job is not None:
                        continue
                    job = retries.popleft() if retries else None
                    if job is None and not source_done:
                        try:
                            index, items = next(chunks)
                        except StopIteration:
                            source_done = True
                        else:
                            assembly.open(index, len(items))
                            job = _Job(index, list(range(len(items))), items)
                    if job is None:
                        break
                    worker.job = job
                    worker.deadline = (
                        None if watchdog is None else time.monotonic() + watchdog * len(job.items)
                    )
                    worker.connection.send(("solve", job.chunk, job.items))
                busy = [w for w in self._pool if w.job is not None]
                if not busy:
                    return
                # Step 2. Wait for a result, a dead worker or the nearest deadline.
                deadlines = [w.deadline for w in busy if w.deadline is not None]
                timeout = None if not deadlines else max(0.0, min(deadlines) - time.monotonic())
                ready = set(
                    wait([w.connection for w in busy] + [w.process.sentinel for w in busy], timeout)
                )
                # Step 3. Collect results; replace workers that died or overran.
                for slot, worker in enumerate(self._pool):
                    job = worker.job
                    if job is None:
                        continue
                    failure = None
                    if worker.connection in ready:
                        try:
                            _, records = worker.connection.recv()
                        except (EOFError, OSError):
                            failure = "the worker process crashed"
                        else:
                            worker.job = None
                            done = assembly.fill(job, records)
                            if done is not None:
                                yield done
                            continue
                    elif worker.process.sentinel in ready:
                        failure = f"the worker process died (exit code {worker.process.exitcode})"
                    elif worker.deadline is not None and time.monotonic() >= worker.deadline:
                        failure = "the solver overran its time limit and was stopped"
                    if failure is None:
                        continue
                    self._stop(worker, kill=True)
                    self._pool[slot] = self._start()
                    self._setup(self._pool[slot], task, shared)
                    again, errors = _after_failure(job, failure)
                    retries.extend(again)
                    if errors:
                        done = assembly.fill(job, errors)
                        if done is not None:
                            yield done
        finally:
            # a worker still busy when the batch is abandoned (Ctrl-C, an error) is stopped
            for slot, worker in enumerate(self._pool):
                if worker.job is not None:
                    self._stop(worker, kill=True)
                    self._pool[slot] = self._start()

    def __enter__(self) -> ProcessPool:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the workers."""
        for worker in self._pool:
            self._stop(worker, kill=worker.job is not None)
        self._pool = []


_WARM: set[str] = set()


def _ray_solve_chunk(task: Task, items: list[Instance], shared: Any) -> list[Record]:
    """A Ray task: compile once per worker process, then solve the chunk."""
    if task.domain not in _WARM:
        batch_domain(task.domain).warm_up()
        _WARM.add(task.domain)
    return solve_chunk(task, items, shared)


def import_ray() -> Any:
    """The ``ray`` module, or a clear message saying how to install it."""
    try:
        import ray
    except ImportError:
        raise InvalidInput(
            "Ray is not installed; pip install 'tansuo[ray]' (or run without --ray)"
        ) from None
    return ray


class RayBackend:
    """Chunks as Ray tasks: a local Ray instance (``"auto"``) or a running cluster.

    Parameters
    ----------
    address : str
        ``"auto"`` starts (or joins) a Ray instance on this machine;
        anything else is a cluster address, ``"ray://head:10001"`` or
        ``"head:6379"``. Every node needs tansuo installed.
    num_cpus : int, optional
        CPUs of a local instance (default: all).
    instance_timeout : float, optional
        Seconds after which an instance's task is presumed stuck and cancelled
        (default: from the ``time_limit`` option, see
        :func:`~tansuo.batch.tasks.watchdog_seconds`).

    Raises
    ------
    InvalidInput
        Ray cannot be imported, or the cluster cannot be reached.

    Examples
    --------
    Constructing one starts or joins Ray, which takes seconds, so this
    example stops short of it. A Ray backend goes wherever a
    :class:`ProcessPool` does, as the ``backend`` of
    :func:`~tansuo.batch.iter_results` and :func:`~tansuo.batch.run_batch`
    (``--ray auto`` on the command line); ``tests/test_batch.py`` runs
    batches of every domain on Ray and compares them with in-process runs.

    >>> {"map_chunks", "close"} <= set(dir(RayBackend))  # the backend interface
    True
    >>> import inspect
    >>> inspect.signature(RayBackend).parameters["address"].default
    'auto'
    """

    def __init__(
        self,
        address: str = "auto",
        *,
        num_cpus: int | None = None,
        instance_timeout: float | None = None,
    ) -> None:
        ray = import_ray()
        self.instance_timeout = instance_timeout
        self._ray = ray
        self._started = False
        if not ray.is_initialized():
            try:
                ray.init(
                    address=None if address == "auto" else address,
                    num_cpus=num_cpus if address == "auto" else None,
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
            except (ConnectionError, ValueError, RuntimeError) as exc:
                raise InvalidInput(f"cannot reach the Ray cluster at {address}: {exc}") from None
            self._started = True
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote = ray.remote(num_cpus=1, max_retries=0)(_ray_solve_chunk)

    def map_chunks(
        self, task: Task, shared: Any, chunks: Chunks
    ) -> Iterator[tuple[int, list[Record]]]:
        ray = self._ray
        watchdog = watchdog_seconds(task.options, self.instance_timeout)
        shared_ref = ray.put(shared)  # once; every task reads it from the object store
        retries: collections.deque[_Job] = collections.deque()
        assembly = _Assembly()
        pending: dict[Any, tuple[_Job, float | None]] = {}
        source_done = False
        window = 2 * self.workers
        try:
            while True:
                while len(pending) < window:
                    job = retries.popleft() if retries else None
                    if job is None and not source_done:
                        try:
                            index, items = next(chunks)
                        except StopIteration:
                            source_done = True
                        else:
                            assembly.open(index, len(items))
                            job = _Job(index, list(range(len(items))), items)
                    if job is None:
                        break
                    ref = self._remote.remote(task, job.items, shared_ref)
                    due = None if watchdog is None else time.monotonic() + watchdog * len(job.items)
                    pending[ref] = (job, due)
                if not pending:
                    return
                dues = [due for _, due in pending.values() if due is not None]
                timeout = None if not dues else max(0.0, min(dues) - time.monotonic())
                done_refs, _ = ray.wait(list(pending), num_returns=1, timeout=timeout)
                for ref in done_refs:
                    job, _ = pending.pop(ref)
                    try:
                        records = ray.get(ref)
                    except Exception as exc:  # a crashed worker, a lost node, a cancelled task
                        again, errors = _after_failure(
                            job, f"the Ray task failed ({type(exc).__name__})"
                        )
                        retries.extend(again)
                        finished = assembly.fill(job, errors) if errors else None
                    else:
                        finished = assembly.fill(job, records)
                    if finished is not None:
                        yield finished
                now = time.monotonic()
                for ref, (job, due) in list(pending.items()):
                    if due is not None and now >= due:
                        ray.cancel(ref, force=True)
                        del pending[ref]
                        again, errors = _after_failure(
                            job, "the solver overran its time limit and was stopped"
                        )
                        retries.extend(again)
                        if errors:
                            finished = assembly.fill(job, errors)
                            if finished is not None:
                                yield finished
        finally:
            for ref in pending:
                with contextlib.suppress(Exception):
                    ray.cancel(ref, force=True)

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False

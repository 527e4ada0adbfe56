"""Solve instances in this process: what every backend's workers run.

Each instance is solved by its domain's adapter (:mod:`tansuo.batch.domains`)
and becomes one JSON-ready record; an instance that cannot be solved becomes
an error record, so that one broken instance cannot stop a batch.
"""

from __future__ import annotations

import time
import traceback
from typing import Any

from tansuo.batch.domains import batch_domain
from tansuo.batch.tasks import ERROR, Instance, Record, Task
from tansuo.errors import InvalidInput
from tansuo.result import jsonable


def solve_one(task: Task, instance: Instance, shared: Any) -> Record:
    """Solve one instance in this process and return its record; never raises.

    Bad input becomes ``status="error"`` with the message; any other exception
    too, with its type, so that one broken instance cannot stop a batch.
    """
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

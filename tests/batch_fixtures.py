"""A batch domain for the tests: instances that solve, fail, crash or hang on purpose.

It lives in its own module (not in a test file) so that worker processes and
Ray workers can import it by name: ``batch_fixtures:Trouble``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tansuo.batch import BatchDomain
from tansuo.errors import InvalidInput
from tansuo.result import ResultMixin, Stats, Status


@dataclass(frozen=True, slots=True)
class Squared(ResultMixin):
    status: Status
    solution: int
    cost: None = None
    stats: Stats = field(default_factory=Stats)

    def as_dict(self) -> dict[str, Any]:
        return {"status": self.status, "solution": self.solution, "cost": None,
                "stats": self.stats.as_dict(), "pid": os.getpid()}  # fmt: skip


class Trouble(BatchDomain):
    """``7`` -> 49; ``bad`` is bad input; ``crash`` kills its worker; ``hang`` never returns."""

    name = "batch_fixtures:Trouble"
    converters: ClassVar[Mapping[str, Any]] = {"time_limit": float}

    def solve(self, text: str, options: Mapping[str, Any], shared: Any) -> Squared:
        if text == "bad":
            raise InvalidInput("bad is not a number")
        if text == "crash":
            os._exit(7)
        if text == "hang":
            time.sleep(3600)
        return Squared("solved", int(text) ** 2)

"""Benchmark harness behind ``tansuo bench``.

A *suite* is a function that runs tansuo and, where installed, its peer
libraries on the same instances in the same process and returns a
:class:`SuiteResult`. Each domain registers its suites in its own module of
this package (``tansuo/bench/<domain>.py``) with the :func:`suite` decorator;
modules are discovered, so adding one touches no shared file.

Rules every suite follows:

* every run verifies its answers (optimal cost against a reference, a valid
  solution) and says so in ``Run.verified``; a peer whose answer differs is
  reported, never silently dropped, and a peer that crashes or returns an
  illegal answer is "not verified", never a crash of the suite;
* a tansuo run is "verified" only when something independent checked it (a
  peer, the generic engine, published values); a run that nothing independent
  checked says ``reference=True`` and shows "reference";
* a ratio compares like with like: each peer run names the tansuo run it is
  compared with (``compare_with``, under the same rule), both on the same clock
  (``clock``), and the suite says whether its ratios are ratios of medians or
  medians of per-instance ratios (``ratio_kind``);
* one-off work (building a table per map, a database) is timed and shown on
  its own line (a note), never hidden in the warm-up;
* peers are optional: a missing one becomes a note, not an error;
* kernels are compiled (warmed up) before timing starts.
"""

from __future__ import annotations

import importlib
import pkgutil
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tansuo.errors import InvalidInput


@dataclass(slots=True)
class Run:
    """One solver over a suite's instances."""

    solver: str
    times: list[float] = field(default_factory=list)
    solved: int = 0
    nodes: int | None = None
    verified: bool = True
    peer: bool = False
    note: str = ""
    reference: bool = False
    """True when nothing independent checked this run (it is its own reference)."""
    compare_with: str | None = None
    """The tansuo run this peer's ratio is taken against (the suite's baseline if None)."""
    clock: str = "wall"
    """``"wall"`` or ``"cpu"``: ratios are only taken between runs on the same clock."""

    @property
    def check(self) -> str:
        """What the verified column shows: ``"yes"``, ``"reference"`` or ``"NO"``."""
        if not self.verified:
            return "NO"
        return "reference" if self.reference else "yes"

    @property
    def median(self) -> float | None:
        return statistics.median(self.times) if self.times else None

    @property
    def max(self) -> float | None:
        return max(self.times) if self.times else None

    @property
    def nodes_per_second(self) -> float | None:
        total = sum(self.times)
        if self.nodes is None or total <= 0:
            return None
        return self.nodes / total

    def as_dict(self) -> dict[str, Any]:
        return {
            "solver": self.solver,
            "peer": self.peer,
            "instances": len(self.times),
            "solved": self.solved,
            "median_s": self.median,
            "max_s": self.max,
            "total_s": sum(self.times),
            "nodes": self.nodes,
            "nodes_per_s": self.nodes_per_second,
            "verified": self.verified,
            "check": self.check,
            "clock": self.clock,
            "compare_with": self.compare_with,
            "note": self.note,
        }


@dataclass(slots=True)
class SuiteResult:
    """What a suite returns: its runs, the tansuo run that ratios compare with, notes."""

    suite: str
    instances: int
    runs: list[Run]
    baseline: str
    notes: list[str] = field(default_factory=list)
    ratio_kind: str = "medians"
    """``"medians"``: peer median / tansuo median; ``"per-instance"``: the median
    of the per-instance ratios (the runs' times are then paired by index)."""

    @property
    def ratio_label(self) -> str:
        """What the ratio column holds, for its header."""
        if self.ratio_kind == "per-instance":
            return "peer / tansuo (median of per-instance ratios)"
        return "peer / tansuo (ratio of medians)"

    def reference_run(self, run: Run) -> Run | None:
        """The tansuo run that ``run`` is compared with."""
        name = run.compare_with or self.baseline
        return next((r for r in self.runs if r.solver == name), None)

    def ratio(self, run: Run) -> float | None:
        """Peer time over the time of the tansuo run it is compared with (> 1: tansuo faster).

        A peer that was stopped by its time budget ran on a prefix of the
        instances; the tansuo side is then taken over the same prefix, so that
        both describe the same instances. Runs on different clocks (wall and
        CPU time) are not compared.
        """
        base = self.reference_run(run)
        if base is None or base is run or not base.times or not run.times:
            return None
        if base.clock != run.clock:
            return None
        shared = min(len(base.times), len(run.times))
        if self.ratio_kind == "per-instance":
            pairs = [
                p / b for p, b in zip(run.times[:shared], base.times[:shared], strict=True) if b > 0
            ]
            return statistics.median(pairs) if pairs else None
        base_median = statistics.median(base.times[:shared])
        if base_median <= 0:
            return None
        return statistics.median(run.times[:shared]) / base_median

    def as_dict(self) -> dict[str, Any]:
        return {
            "suite": self.suite,
            "instances": self.instances,
            "baseline": self.baseline,
            "ratio_kind": self.ratio_kind,
            "runs": [dict(r.as_dict(), ratio=self.ratio(r)) for r in self.runs],
            "notes": list(self.notes),
        }


@dataclass(slots=True)
class Suite:
    name: str
    domain: str
    description: str
    func: Callable[[BenchContext], SuiteResult]


@dataclass(slots=True)
class BenchContext:
    """What a suite gets: the scale to run at and a progress reporter."""

    quick: bool = False
    seed: int = 2026
    progress: Callable[[str, int, int], None] = lambda label, done, total: None

    def scale(self, full: int, quick: int) -> int:
        return quick if self.quick else full


_SUITES: dict[str, Suite] = {}


def suite(name: str, domain: str, description: str):
    """Register a benchmark suite (decorator)."""

    def wrap(func: Callable[[BenchContext], SuiteResult]) -> Callable[[BenchContext], SuiteResult]:
        _SUITES[name] = Suite(name, domain, description, func)
        return func

    return wrap


def discover() -> dict[str, Suite]:
    """Import every suite module of this package and return the registry."""
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")
    return dict(sorted(_SUITES.items()))


def select(domain: str | None) -> list[Suite]:
    """The suites of one domain (or suite name), or all of them."""
    suites = discover()
    if domain is None:
        return list(suites.values())
    chosen = [s for s in suites.values() if domain in (s.domain, s.name)]
    if not chosen:
        names = sorted({s.domain for s in suites.values()} | set(suites))
        raise InvalidInput(f"unknown benchmark {domain!r}; choose one of: {', '.join(names)}")
    return chosen


def time_calls(
    func: Callable[[Any], Any],
    instances: Sequence[Any],
    *,
    label: str = "",
    ctx: BenchContext | None = None,
    time_budget: float | None = None,
    min_time: float | None = None,
    timer: Callable[[], float] = time.perf_counter,
) -> tuple[list[float], list[Any]]:
    """Call ``func`` on each instance; return the wall times and the results.

    ``timer`` is the clock (``time.process_time`` for CPU time, ``clock="cpu"``).

    With ``time_budget`` (seconds), stop after the instance that crosses it: a
    slow peer is measured on a prefix rather than stalling the whole run.

    With ``min_time`` (seconds), an instance whose first call is quicker than
    that is called again until the calls add up to ``min_time``, and its time
    is their mean (as :mod:`timeit` does): one reading of a clock around a
    call of a few microseconds is mostly noise. Pass the same ``min_time`` to
    every solver of a comparison; a call slower than it is timed once, as
    before, so slow peers cost no extra time.
    """
    times: list[float] = []
    results: list[Any] = []
    spent = 0.0
    for i, instance in enumerate(instances):
        start = timer()
        results.append(func(instance))
        elapsed = timer() - start
        spent += elapsed
        if min_time is not None and elapsed < min_time:
            calls = 1
            while elapsed < min_time:
                start = timer()
                func(instance)
                elapsed += timer() - start
                calls += 1
            elapsed /= calls
        times.append(elapsed)
        if ctx is not None:
            ctx.progress(label, i + 1, len(instances))
        if time_budget is not None and spent > time_budget:
            break
    return times, results


def peer_available(module: str) -> bool:
    """Whether a peer library can be imported."""
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def missing_peer_note(name: str) -> str:
    return f"{name} is not installed; pip install 'tansuo[bench]' to compare with it"


def iter_nonempty(lines: Iterable[str]) -> list[str]:
    return [ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]

"""``tansuo demo``: a short tour that really solves one instance of every domain;
``tansuo warm-up``: compile the numba kernels ahead, the domains in parallel processes."""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from typing import Any

import typer

from tansuo.errors import InvalidInput

DOMAINS: dict[str, tuple[str, str]] = {
    # name: (what the progress line calls the kernels, the package whose warm_up compiles them)
    # in the order of their compile time, longest first, so two processes finish together
    "sokoban": ("the Sokoban kernels", "tansuo.sokoban"),
    "xiangqi": ("the Xiangqi kernels", "tansuo.xiangqi"),
    "gomoku": ("the Gomoku kernels", "tansuo.gomoku"),
    "grid": ("the grid kernels", "tansuo.grid"),
    "sudoku": ("the Sudoku kernels", "tansuo.sudoku"),
    "sliding": ("the sliding-tile kernels", "tansuo.sliding"),
    "queens": ("the N-Queens kernels", "tansuo.queens"),
    "graph": ("the graph kernels", "tansuo.graph"),
}
ALIASES = {"path": "grid"}
DEMO_WARM_UPS: dict[str, tuple[str, tuple[str, ...]]] = {
    # name: (the module whose warm_up compiles what the domain's demo runs, its arguments);
    # a domain not named here compiles everything
    "gomoku": ("tansuo.gomoku", ("vcf",)),
    "grid": ("tansuo.grid", ("astar", "jps")),
    "sliding": ("tansuo.sliding", ("ida",)),
    "sudoku": ("tansuo.sudoku.solve", ("bands",)),
    "queens": ("tansuo.queens", ("count", "classes")),
}
"""What ``tansuo demo`` compiles of each domain before its tour: only what the tour runs."""


def register(app: typer.Typer) -> None:
    app.command(
        "demo", help="A short tour: solve one instance of every domain, show what happened."
    )(run_demo)
    app.command(
        "warm-up",
        help="Compile the numba kernels ahead (first run only), the domains in parallel processes.",
    )(run_warm_up)


def run_demo() -> None:
    """Solve one instance of every domain tansuo has and print what it did.

    On a first run the kernels compile in worker processes, one domain a
    process on every core, while this process shows the tour: first the parts
    that compile nothing, then each domain as soon as its kernels are ready.
    """
    import queue
    import threading

    from tansuo.cli import command_modules
    from tansuo.cli._common import console

    console.print("[bold]探索 tansuo[/bold] — a tour of what it solves\n")
    tours = [
        (m.__name__.rsplit(".", 1)[-1], m.demo) for m in command_modules() if hasattr(m, "demo")
    ]
    cold = cold_domains(list(DOMAINS))
    waiting = {name for name, _ in tours if ALIASES.get(name, name) in cold}
    ready: queue.Queue[str] = queue.Queue()

    def compile_cold() -> None:
        try:
            warm_up_domains(cold, demo=True, on_ready=ready.put)
        except Exception as exc:  # the pool itself broke: each tour compiles its own
            print(f"tansuo: warning: compiling ahead failed: {exc}", file=sys.stderr, flush=True)
        finally:  # a domain not reported compiles in its own tour
            for domain in cold:
                ready.put(domain)

    if cold:  # the first run: compile in the background, every core
        threading.Thread(target=compile_cold, daemon=True).start()
    for name, demo in tours:  # what needs no compiling, in the usual order
        if name not in waiting:
            _show(console, demo)
    while waiting:  # the rest as their kernels come (a domain that failed compiles here)
        domain = ready.get()
        for name, demo in tours:
            if name in waiting and ALIASES.get(name, name) == domain:
                waiting.discard(name)
                _show(console, demo)


def _show(console: Any, demo: Callable[[Any], None]) -> None:
    """One domain's part of the tour, and how long it took."""
    start = time.perf_counter()
    demo(console)
    console.print(f"[dim]  ({time.perf_counter() - start:.2f} s)[/dim]\n")


def run_warm_up(
    domains: list[str] | None = typer.Argument(
        None,
        metavar="[DOMAIN]...",
        help=f"Domains to compile (default: all): {', '.join(DOMAINS)}.",
        show_default=False,
    ),
    workers: int | None = typer.Option(
        None, "--workers", metavar="K", help="Processes to compile in (default: every core)."
    ),
) -> None:
    """Compile the numba kernels of the domains (or load them from numba's cache), in parallel.

    Kernels are cached on disk, so every later command starts with them
    compiled. Domains compile in separate processes, two at a time on two
    cores; a domain whose kernels are cached takes about a second.
    """
    names = [ALIASES.get(d, d) for d in (domains or list(DOMAINS))]
    unknown = [d for d in names if d not in DOMAINS]
    if unknown:
        raise InvalidInput(f"unknown domain {unknown[0]!r}; the domains are {', '.join(DOMAINS)}")
    if workers is not None and workers < 1:
        raise InvalidInput(f"--workers must be at least 1, got {workers}")
    names = sorted(set(names), key=list(DOMAINS).index)
    if warm_up_domains(names, workers):
        raise typer.Exit(1)


def warm_up_domains(
    names: list[str],
    workers: int | None = None,
    *,
    demo: bool = False,
    on_ready: Callable[[str], object] | None = None,
) -> list[str]:
    """Run the ``warm_up`` of each domain in its own process, ``workers`` at a time.

    One line on stderr per domain as it finishes (its wall time); numba writes
    its cache as it compiles, so the processes share nothing but the disk.
    ``demo``: compile only what ``tansuo demo`` runs (:data:`DEMO_WARM_UPS`).
    ``on_ready(name)`` is called as each domain finishes, failed ones too.
    Returns the domains that failed, with their errors (also printed).
    """
    workers = max(1, min(len(names), workers or os.cpu_count() or 1))
    started = time.perf_counter()
    print(
        f"compiling the kernels of {len(names)} domain{'s' if len(names) != 1 else ''}, "
        f"first run only, {workers} at a time: {', '.join(names)}",
        file=sys.stderr,
        flush=True,
    )
    failures = []
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        jobs = {pool.submit(_warm_up_one, name, demo): name for name in names}
        for done, job in enumerate(as_completed(jobs), start=1):
            name = jobs[job]
            try:
                seconds, cpu = job.result()
            except Exception as exc:  # one domain failing does not hide the others
                failures.append(f"{name}: {type(exc).__name__}: {exc}")
            else:
                print(
                    f"  {done}/{len(names)} {name} ready ({seconds:.1f} s, {cpu:.1f} s of CPU)",
                    file=sys.stderr,
                    flush=True,
                )
            if on_ready is not None:
                on_ready(name)
    total = time.perf_counter() - started
    print(f"kernels ready in {total:.1f} s", file=sys.stderr, flush=True)
    for failure in failures:  # each domain's own command shows its error again
        print(f"tansuo: warning: not compiled: {failure}", file=sys.stderr, flush=True)
    return failures


def _warm_up_one(name: str, demo: bool = False) -> tuple[float, float]:
    """(In a worker process) the domain's ``warm_up``: ``(wall seconds, CPU seconds)``."""
    import importlib

    from tansuo.cli._compile import import_numba_quietly

    wall, cpu = time.perf_counter(), time.process_time()
    import_numba_quietly()
    module: str = DOMAINS[name][1]
    parts: tuple[str, ...] = ()  # everything
    if demo and name in DEMO_WARM_UPS:
        module, parts = DEMO_WARM_UPS[name]
    importlib.import_module(module).warm_up(*parts)
    return time.perf_counter() - wall, time.process_time() - cpu


CACHED_KERNEL = re.compile(
    r'^@(njit|njit_on_first_use|njit_one_version|nrt_free)\b(?!.*inline="always")', re.M
)
"""A kernel's decorator line: one numba compiles on its own and caches (not inlined)."""


def cold_domains(names: list[str]) -> list[str]:
    """The domains with a kernel source file that has no usable index in numba's on-disk cache.

    Looks, without importing the domains (some compile at import), for each
    kernel file's cache index files where numba keeps them (beside the
    source, or under ``NUMBA_CACHE_DIR``). A file with some index that
    numba would load counts as warm: a kernel still missing then compiles in
    the command, with its progress line. An index made before the file, or a
    file it imports, changed is not loaded (:func:`tansuo._jit.index_is_fresh`).
    """
    import glob
    import importlib.util

    from tansuo.cli._compile import import_numba_quietly

    import_numba_quietly()
    from numba.core import caching

    from tansuo._jit import index_is_fresh

    # the classes numba tries, in its order (CacheImpl was _CacheImpl before numba 0.61)
    impl = getattr(caching, "CacheImpl", None) or caching._CacheImpl  # type: ignore[attr-defined]

    def probe() -> None:
        """(Stands for a kernel: the cache locators read its first line number only.)"""

    cold = []
    for name in names:
        spec = importlib.util.find_spec(DOMAINS[name][1])
        if spec is None or not spec.submodule_search_locations:
            continue
        root = next(iter(spec.submodule_search_locations))
        for source in glob.glob(os.path.join(root, "**", "*.py"), recursive=True):
            with open(source, encoding="utf-8") as handle:
                if not CACHED_KERNEL.search(handle.read()):
                    continue  # no kernel numba keeps (none, or inlined ones only)
            for locator_class in impl._locator_classes:
                locator = locator_class.from_function(probe, source)
                if locator is not None:
                    break
            else:
                continue
            stem = os.path.splitext(os.path.basename(source))[0]
            indexes = glob.glob(os.path.join(locator.get_cache_path(), f"{stem}.*.nbi"))
            # every index of a file has the same stamp, except an old kernel's (an earlier
            # line number or name): that one is stale and stays so
            if not any(index_is_fresh(index, source) for index in indexes):
                cold.append(name)
                break
    return cold

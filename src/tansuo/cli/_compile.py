"""numba at start-up: imported without what tansuo does not use, and a line while it compiles.

Two costs meet a command before its first answer. Importing numba imports
``scipy`` (only to check its version) and ``yaml`` (only to read a
``.numba_config.yaml``); :func:`import_numba_quietly` hides both during the
import when there is no such file (0.1-0.2 s of CPU saved), and loads
numba's array functions without ``scipy.linalg`` (see
:func:`tansuo.cli._common.load_numba_without_linalg`). And the first run
compiles the kernels (seconds to a minute a domain): :class:`CompileProgress`
listens to numba's ``numba:compile`` events, which fire only when a kernel is
really compiled, never when it is loaded from the cache, and shows
"compiling the Gomoku kernels, first run only: 3/7" on stderr: a rich status
line on a terminal, plain lines (one every few seconds) otherwise, nothing
at all when every kernel comes from the cache. stdout is never written.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Any, TextIO

QUIET_PLAIN_S = 2.0
"""Seconds between two plain progress lines (stderr is not a terminal)."""


def import_numba_quietly() -> None:
    """Import numba without ``scipy`` and ``yaml`` when neither is needed, then its array code."""
    if "numba" not in sys.modules:
        hidden = [name for name in ("scipy", "yaml") if name not in sys.modules]
        if os.path.exists(".numba_config.yaml"):  # numba reads it from the working directory
            hidden = [name for name in hidden if name != "yaml"]
        for name in hidden:
            sys.modules[name] = None  # type: ignore[assignment]  # imports of it fail
        try:
            import numba  # noqa: F401
        finally:
            for name in hidden:
                del sys.modules[name]
    from tansuo.cli._common import load_numba_without_linalg

    load_numba_without_linalg()


def _kernel_count(package: str) -> int:
    """numba kernels in the imported modules of ``package`` (inlined helpers not counted)."""
    from numba.core.registry import CPUDispatcher

    seen = set()
    for name, module in list(sys.modules.items()):
        if module is None or not (name == package or name.startswith(package + ".")):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, CPUDispatcher) and value.targetoptions.get("inline") != "always":
                seen.add(id(value))
    return len(seen)


class CompileProgress:
    """Shows which kernels numba compiles while the ``with`` block runs (see the module)."""

    def __init__(self, what: str, stream: TextIO | None = None) -> None:
        self.what = what
        self.stream = sys.stderr if stream is None else stream
        self.compiled: set[int] = set()
        self.total = 0
        self.package: str | None = None
        self.started = 0.0
        self.last_line = 0.0
        self.status: Any = None
        self.listener: Any = None
        self.lock = threading.Lock()

    def text(self) -> str:
        done = len(self.compiled)
        total = max(self.total, done)
        return f"compiling {self.what}, first run only: {done}/{total}"

    def __enter__(self) -> CompileProgress:
        import_numba_quietly()
        from numba.core import event

        progress = self

        class Listener(event.Listener):
            def on_start(self, ev: Any) -> None:
                progress._started(ev.data["dispatcher"])

            def on_end(self, ev: Any) -> None:
                progress._ended(ev.data["dispatcher"])

        self.listener = Listener()
        event.register("numba:compile", self.listener)
        return self

    def __exit__(self, *exc: object) -> None:
        from numba.core import event

        event.unregister("numba:compile", self.listener)
        if self.status is not None:
            self.status.stop()
        elif self.started and self.compiled:
            seconds = time.perf_counter() - self.started
            print(f"{self.text()} ({seconds:.0f} s)", file=self.stream, flush=True)

    def _started(self, dispatcher: Any) -> None:
        with self.lock:
            module = getattr(dispatcher.py_func, "__module__", "") or ""
            if self.started or module.split(".")[0] in ("numba", "numpy"):
                return  # numba's own kernels (the numpy functions it implements) are no group
            self.started = self.last_line = time.perf_counter()
            parts = module.split(".")
            self.package = ".".join(parts[:2]) if parts[0] == "tansuo" else module
            self.total = _kernel_count(self.package)
            if self.stream.isatty():
                from rich.console import Console

                console = Console(file=self.stream, highlight=False)
                self.status = console.status(self.text() + " …", spinner="dots")
                self.status.start()
            else:
                print(self.text(), file=self.stream, flush=True)

    def _ended(self, dispatcher: Any) -> None:
        with self.lock:
            module = getattr(dispatcher.py_func, "__module__", "") or ""
            if self.package is None or not (
                module == self.package or module.startswith(self.package + ".")
            ):
                return  # numba's own (the numpy functions it implements), not a tansuo kernel
            self.compiled.add(id(dispatcher))
            if self.package is not None:
                self.total = max(self.total, _kernel_count(self.package))
            if self.status is not None:
                self.status.update(self.text() + " …")
                return
            now = time.perf_counter()
            if now - self.last_line >= QUIET_PLAIN_S:
                self.last_line = now
                print(self.text(), file=self.stream, flush=True)

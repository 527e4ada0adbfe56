"""numba at start-up: imported without what tansuo does not use, and a line while it compiles.

Two costs meet a command before its first answer. Importing numba imports
``scipy`` (only to check its version) and ``yaml`` (only to read a
``.numba_config.yaml``); :func:`import_numba_quietly` hides both during the
import when there is no such file (0.1-0.2 s of CPU saved), and has numba
load its array functions without ``scipy.linalg``, and only once it
compiles (see :func:`tansuo.cli._common.load_numba_without_linalg`). And the first run
compiles the kernels (seconds to a minute a domain): :class:`CompileProgress`
listens to numba's ``numba:compile`` events, which fire only when a kernel is
really compiled, never when it is loaded from the cache, and shows
"compiling the Gomoku kernels, first run only: 3/7" on stderr: a rich status
line on a terminal, plain lines (one every few seconds, the last one
"... first run only: done (12 kernels, 9 s)") otherwise, nothing at all when
every kernel comes from the cache. stdout is never written.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Any, TextIO

QUIET_PLAIN_S = 2.0
"""Seconds between two plain progress lines (stderr is not a terminal)."""


PLAIN_TYPING_ERRORS = "NUMBA_DISABLE_ERROR_MESSAGE_HIGHLIGHTING"
"""numba's switch for uncoloured error messages. While it types a kernel, numba
tries many typing rules that fail, and colours each failure's message (through
``colorama``, where installed) though nobody reads it: with the switch on, a
fresh cache compiles with less CPU (see :func:`import_numba_quietly`)."""


def import_numba_quietly() -> None:
    """Import numba without ``scipy`` and ``yaml`` when neither is needed; its array code later.

    Also sets :data:`PLAIN_TYPING_ERRORS` (unless already set) before numba
    reads it, for this process and the ones it starts. numba's array
    functions are imported (without ``scipy.linalg``) just before numba first
    gets ready to compile, not here: a command whose kernels all come from
    the cache never needs them (see :mod:`tansuo._jit`), and they take a
    quarter of a second to import.
    """
    if "numba" not in sys.modules:
        os.environ.setdefault(PLAIN_TYPING_ERRORS, "1")
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
    from numba.core import base

    refresh = base.BaseContext.refresh
    if not getattr(refresh, "arrays_first", False):

        def refresh_arrays_first(self: Any) -> None:
            from tansuo.cli._common import load_numba_without_linalg

            load_numba_without_linalg()
            refresh(self)

        refresh_arrays_first.arrays_first = True  # type: ignore[attr-defined]
        base.BaseContext.refresh = refresh_arrays_first  # type: ignore[method-assign]


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


def _jit_loads() -> list[str]:
    """The kernels loaded while another process compiled beside this one (tansuo._jit)."""
    jit = sys.modules.get("tansuo._jit")
    return getattr(jit, "LOADED_WHILE_CLAIMING", [])


LABELS = {
    "tansuo.gomoku": "the Gomoku kernels",
    "tansuo.graph": "the graph kernels",
    "tansuo.grid": "the grid kernels",
    "tansuo.queens": "the N-Queens kernels",
    "tansuo.sliding": "the sliding-tile kernels",
    "tansuo.sokoban": "the Sokoban kernels",
    "tansuo.sudoku": "the Sudoku kernels",
    "tansuo.xiangqi": "the Xiangqi kernels",
}
"""What the progress line calls the kernels of a package (when not told)."""


class CompileProgress:
    """Shows which kernels numba compiles while the ``with`` block runs (see the module).

    ``what`` names the kernels ("the Gomoku kernels"); None names them after
    the package of the first kernel compiled. Inside another one (the command
    line watches a whole command, and its warm-up again) it does nothing.
    """

    _active = 0  # progress displays running in this process

    def __init__(self, what: str | None = None, stream: TextIO | None = None) -> None:
        self.what = what
        self.auto = what is None  # named after the package of the kernels being compiled
        self.stream = sys.stderr if stream is None else stream
        self.compiled: set[int] = set()
        self.total = 0
        self.package: str | None = None
        self.started = 0.0
        self.finished = 0.0  # when the last kernel compile ended
        self.last_line = 0.0
        self.depth = 0  # tansuo kernels being compiled now (a kernel compiles its callees)
        self.status: Any = None
        self.listener: Any = None
        self.lock = threading.Lock()
        self.loads_before = 0

    def text(self) -> str:
        # (kernels a second process compiled beside this one are loaded, and done too)
        done = len(self.compiled) + len(_jit_loads()) - self.loads_before
        total = max(self.total, done)
        return f"compiling {self.what}, first run only: {done}/{total}"

    def done_text(self, seconds: float) -> str:
        # the last line says it is over: the kernels this command needed, of the
        # package's total (a command seldom needs them all, so "27/40" read as unfinished)
        done = len(self.compiled) + len(_jit_loads()) - self.loads_before
        kernels = "kernel" if done == 1 else "kernels"
        return f"compiling {self.what}, first run only: done ({done} {kernels}, {seconds:.0f} s)"

    def __enter__(self) -> CompileProgress:
        if CompileProgress._active:
            return self  # the outer one shows it
        import_numba_quietly()
        from numba.core import event

        progress = self

        class Listener(event.Listener):
            def on_start(self, ev: Any) -> None:
                progress._started(ev.data["dispatcher"])

            def on_end(self, ev: Any) -> None:
                progress._ended(ev.data["dispatcher"])

        self.listener = Listener()
        self.loads_before = len(_jit_loads())
        event.register("numba:compile", self.listener)
        CompileProgress._active += 1
        return self

    def __exit__(self, *exc: object) -> None:
        if self.listener is None:
            return
        from numba.core import event

        event.unregister("numba:compile", self.listener)
        CompileProgress._active -= 1
        if self.status is not None:
            self.status.stop()
            self.status = None
        elif self.started and self.compiled and not self.stream.isatty():
            # the compile's own time, not the block's: a long command (a match)
            # that compiled one kernel early says so in seconds, not in hours
            seconds = max(0.0, self.finished - self.started)
            print(self.done_text(seconds), file=self.stream, flush=True)

    def _ours(self, dispatcher: Any) -> bool:
        module = getattr(dispatcher.py_func, "__module__", "") or ""
        if self.package is None:
            return module.split(".")[0] not in ("numba", "numpy")
        return module == self.package or module.startswith(self.package + ".")

    def _started(self, dispatcher: Any) -> None:
        with self.lock:
            module = getattr(dispatcher.py_func, "__module__", "") or ""
            another = self.package is not None and not self._ours(dispatcher)
            if self.auto and self.depth == 0 and module.startswith("tansuo.") and another:
                self.started, self.package, self.what = 0.0, None, None  # another domain
                self.compiled.clear()
            if not self._ours(dispatcher):
                return  # numba's own kernels (the numpy functions it implements) are no group
            self.depth += 1
            if not self.started:
                self.started = self.last_line = time.perf_counter()
                parts = module.split(".")
                self.package = ".".join(parts[:2]) if parts[0] == "tansuo" else module
                self.what = self.what or LABELS.get(self.package, "the kernels")
                self.total = _kernel_count(self.package)
                if not self.stream.isatty():
                    print(self.text(), file=self.stream, flush=True)
            if self.stream.isatty() and self.status is None:
                from rich.console import Console

                console = Console(file=self.stream, highlight=False)
                self.status = console.status(self.text() + " …", spinner="dots")
                self.status.start()

    def _ended(self, dispatcher: Any) -> None:
        with self.lock:
            if self.package is None or not self._ours(dispatcher):
                return
            self.depth = max(0, self.depth - 1)
            self.compiled.add(id(dispatcher))
            self.finished = time.perf_counter()
            self.total = max(self.total, _kernel_count(self.package))
            if self.status is not None:
                if self.depth == 0:  # between kernels the command may print: no live line
                    self.status.stop()
                    self.status = None
                else:
                    self.status.update(self.text() + " …")
                return
            now = time.perf_counter()
            if now - self.last_line >= QUIET_PLAIN_S:
                self.last_line = now
                print(self.text(), file=self.stream, flush=True)

"""Ctrl-C on the command line: every search stops within a poll, and one line says what stopped.

Python runs a signal handler only in the main thread and only between two
bytecodes, so a numba kernel that runs for minutes would hear Ctrl-C only at
its end. :func:`install` therefore also listens on another thread
(``signal.set_wakeup_fd``), which calls :func:`tansuo.budget.interrupt`: every
kernel a :class:`~tansuo.budget.Watchdog` watches gets its stop flag at once.

Then one of two things happens in the main thread:

* a watched search (the game engines) returns its partial result, which the
  command prints as usual (the statistics so far); the process exits 130;
* anything else (a chunked kernel, a Python search, a batch) ends with
  ``KeyboardInterrupt`` at its next bytecode, as Python does by default.

Either way :func:`report` prints one line on stderr: the command, how long it
ran, what the search had counted, and for a run writing ``--out FILE`` how
many results the file keeps and the exact ``--resume`` command that goes on.
"""

from __future__ import annotations

import _thread
import contextlib
import os
import shlex
import signal
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

FALLBACK_S = 1.0
"""Seconds a watched search has to return its partial result before Ctrl-C is forced."""

UNITS = {"path": "states expanded", "graph": "nodes settled", "search": "states expanded",
         "sokoban": "states expanded"}  # fmt: skip
"""What a command's search counts, for the line (others count nodes)."""


def install() -> None:
    """Listen for Ctrl-C beside the main thread (call once, from the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        return
    _STATE["started"] = time.perf_counter()
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    try:
        signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    except ValueError:  # not the main thread of the main interpreter
        os.close(read_end)
        os.close(write_end)
        return
    threading.Thread(target=_listen, args=(read_end,), daemon=True, name="ctrl-c").start()
    signal.signal(signal.SIGINT, _handler)


def _listen(read_end: int) -> None:
    """Each byte is the number of a signal that came: SIGINT stops the watched searches now."""
    from tansuo.budget import interrupt

    while True:
        try:
            data = os.read(read_end, 64)
        except OSError:
            return
        if not data:
            return
        if signal.SIGINT in data:
            interrupt()


_STATE: dict[str, float] = {"calls": 0, "reporting": False, "graceful": False, "started": 0.0}


def _handler(signum: int, frame: object) -> None:
    from tansuo import budget

    if _STATE["reporting"]:  # the line is being written: the process is ending anyway
        return
    budget.interrupt()
    if _compiling():
        # An exception raised inside numba's compiler is swallowed by a ctypes callback
        # and leaves the kernel half built (a RuntimeError traceback later), and a compile
        # can take a minute: the process ends here. numba writes its cache files whole
        # (a temporary file, then a rename), so the next run compiles what is missing.
        report(None, compiling=True)
        sys.stdout.flush()
        os._exit(130)
    _STATE["calls"] += 1
    # Whatever happens next, Ctrl-C comes again a moment later if the process is still here.
    _again(FALLBACK_S)
    if _STATE["calls"] == 1 and budget.watching():
        _STATE["graceful"] = True
        return  # the watched search ends with its partial result, which the command prints
    _STATE["graceful"] = False
    raise KeyboardInterrupt


def _again(seconds: float) -> None:
    """Call the SIGINT handler again in ``seconds`` (from a timer thread)."""
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.daemon = True
    timer.start()


def _compiling() -> bool:
    """Whether numba is compiling in this process (its global compiler lock is held)."""
    lock_module = sys.modules.get("numba.core.compiler_lock")
    if lock_module is None:
        return False
    lock = getattr(lock_module, "global_compiler_lock", None)
    is_locked = getattr(lock, "is_locked", None)
    return bool(is_locked()) if callable(is_locked) else False


def reporting() -> None:
    """The process is ending: Ctrl-C no longer raises (see :func:`report`)."""
    _STATE["reporting"] = True


def report(argv: Sequence[str] | None, *, compiling: bool = False) -> None:
    """The one line on stderr after Ctrl-C (``compiling``: while numba compiled kernels)."""
    from tansuo.budget import progress

    reporting()
    printed = bool(_STATE["graceful"])  # the stopped search returned: its result is printed
    args = list(sys.argv[1:] if argv is None else argv)
    command = shlex.join(["tansuo", *args])
    _, count = progress()
    parts = [f"tansuo: interrupted: {command}"]
    if _STATE["started"]:
        parts.append(f"after {time.perf_counter() - _STATE['started']:.2f} s")
    if compiling:
        parts.append("while compiling kernels (the next run compiles what is missing)")
    elif printed:
        parts.append("(the statistics so far are above)")
    elif count and _option(args, "--out") is None:  # a file run: its results say more
        words = [a for a in args if not a.startswith("-")]
        unit = UNITS.get(words[0] if words else "", "nodes")
        parts.append(f"({count:,} {unit} so far)")
    line = " ".join(parts)
    out = _option(args, "--out")
    if out is not None:
        kept = _kept(Path(out))
        line += f"; {kept:,} result{'' if kept == 1 else 's'} kept in {out}"
        if _takes_resume(args):
            again = args if "--resume" in args else [*args, "--resume"]
            line += f"; to go on: {shlex.join(['tansuo', *again])}"
    print(line, file=sys.stderr, flush=True)


def _option(args: list[str], name: str) -> str | None:
    """The value of ``--name VALUE`` or ``--name=VALUE`` in ``args``, if given."""
    for i, arg in enumerate(args):
        if arg == name and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith(name + "="):
            return arg[len(name) + 1 :]
    return None


def _kept(path: Path) -> int:
    """Results a file holds: JSON lines, or the title lines of a Sokoban solution file."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return 0
    if any(line.startswith("{") for line in lines):
        return sum(1 for line in lines if line.startswith("{") and line.rstrip().endswith("}"))
    return sum(1 for line in lines if line.startswith("; "))


def _takes_resume(args: list[str]) -> bool:
    """Whether the command that ``args`` names has a ``--resume`` option."""
    import typer

    from tansuo.cli import app

    command = typer.main.get_command(app)  # Typer vendors click: groups are known by .commands
    for word in args:
        if not hasattr(command, "commands"):
            break
        sub = command.commands.get(word)
        if sub is None:
            if word.startswith("-"):
                continue
            default = getattr(command, "default", None)  # DefaultCommandGroup: solve
            sub = command.commands.get(default) if default else None
            if sub is None:
                break
        command = sub
    return any("--resume" in getattr(p, "opts", ()) for p in command.params)


def leave(code: int) -> None:
    """End an interrupted program now: flush, then ``os._exit`` (skips a teardown of seconds).

    Python's own exit after Ctrl-C spends 1-2 s of CPU tearing down numba and the
    loaded kernels (measured 2.2 s on a loaded machine against 0.2 s this way).
    Every file the command wrote was closed as the interrupt unwound it; this is
    skipped while child processes live (a batch's workers, Ray), whose cleanup
    runs at exit.
    """
    multiprocessing = sys.modules.get("multiprocessing")
    if "ray" in sys.modules or (multiprocessing and multiprocessing.active_children()):
        return
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing more to say
            stream.flush()
    os._exit(code)

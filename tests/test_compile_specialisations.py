"""First-run compile time: importing a domain compiles nothing, a command one version a kernel.

numba compiles a kernel once per distinct set of argument types (a
"specialisation"), and each costs seconds on a first run. These tests run in
a fresh interpreter on the session's warm cache (``conftest`` fills it), so
they take seconds: a kernel loaded for a second set of types, or compiled
when its package is imported, shows in the counts below.

A process that loads a kernel from the cache does not load the kernels it
calls (their code is inside its own), so the versions of a helper are
counted from what was compiled: the versions this session's warm-up wrote to
numba's on-disk index of each kernel (the warm-up of every domain runs what
the commands run; ``conftest`` gives its time window), and those the fresh
interpreter compiles itself (numba's compile events). Versions other tests
compiled are not counted, so the order the tests run in does not matter. On
a fresh clone (CI) the warm-up compiles every kernel, so every version of
every kernel is counted; on a cache already warm the warm-up compiles
nothing, and the count is of what the commands compile.
"""

from __future__ import annotations

import json
import subprocess
import sys

COUNT_KERNELS = """
import json, sys
from numba.core.registry import CPUDispatcher

def kernels():
    found = {}
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith("tansuo."):
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, CPUDispatcher) and value.py_func.__module__ == name:
                found[f"{name}.{attr}"] = value
    return found

import glob, os, tansuo
from numba.core import event

SOURCES = glob.glob(os.path.join(os.path.dirname(tansuo.__file__), "**", "*.py"), recursive=True)
EDITED = max(os.path.getmtime(path) for path in SOURCES)
WINDOW = os.environ.get("TANSUO_TEST_WARM_UP_WINDOW")  # this session's warm-up, when it compiled
START, END = (float(t) for t in WINDOW.split()) if WINDOW else (0.0, -1.0)
START = max(START, EDITED)  # (an entry from before the last edit may be for a caller since changed)
COMPILED = {}  # kernel -> the argument types this process compiled it for


class Compiled(event.Listener):
    def on_start(self, ev):
        pass

    def on_end(self, ev):
        COMPILED.setdefault(id(ev.data["dispatcher"]), set()).add(str(ev.data["args"]))


event.register("numba:compile", Compiled())


def versions(kernel):
    # versions the warm-up compiled (in its processes: numba's index of the kernel, the
    # entries written in the warm-up's window), those this process compiled, and those it
    # loaded (a kernel called from Python)
    cache_file = getattr(kernel._cache, "_cache_file", None)  # None: a kernel not cached
    index = cache_file._load_index() if cache_file is not None else {}
    warmed = {
        str(key[0])  # keys are (signature, target, code hashes)
        for key, name in index.items()
        if START <= os.path.getmtime(cache_file._data_path(name)) <= END
    }
    return max(len(warmed | COMPILED.get(id(kernel), set())), len(kernel.signatures))
"""


def _run(code: str) -> dict[str, object]:
    """Run ``code`` (after :data:`COUNT_KERNELS`) in a fresh interpreter; its last JSON line."""
    done = subprocess.run(
        [sys.executable, "-c", COUNT_KERNELS + code],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_the_domains_compiles_no_kernel():
    """Kernels with explicit signatures wait for their first use (tansuo._jit)."""
    counts = _run(
        "import tansuo.graph, tansuo.grid, tansuo.queens, tansuo.sliding, tansuo.sudoku\n"
        "import tansuo.sokoban, tansuo.gomoku, tansuo.xiangqi\n"
        "print(json.dumps({name: len(k.signatures) for name, k in kernels().items()}))\n"
    )
    assert len(counts) > 50  # the kernels were found
    # (the renju check too, which allocates and is first called from kernels without
    # reference counting: a kernel compiled on first use keeps its own options)
    assert "tansuo.gomoku._kernels.board.is_forbidden" in counts
    assert {name: n for name, n in counts.items() if n} == {}


HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
COMMANDS = [
    ["queens", "8"],
    ["queens", "10", "--count"],
    ["sudoku", "solve", HARD],
    ["sudoku", "solve", "1.3.3..2.1.34..1"],
    ["path", "--sample", "room"],
    ["path", "--sample", "room", "--algo", "jps"],
    ["graph", "--sample", "figure-7-19", "--from", "v"],
    ["sliding", "solve", "1 2 3 4 5 6 0 7 8"],
    ["sliding", "solve", "8 6 7 2 5 4 3 0 1", "--algo", "weighted-astar", "--weight", "2"],
    ["xiangqi", "perft", "startpos", "2"],
    ["xiangqi", "bestmove", "startpos", "--depth", "3"],
    ["gomoku", "vcf", "15 h8 i9 i8 j8 h9 h10 g8 f7 j10 k11 g10 g9 h11 f9"],
    ["sokoban", "solve", "--sample", "microban", "--level", "1"],
]  # fmt: skip
"""Typical first commands of the domains, each with its warm-up."""

SEVERAL: dict[str, int] = {
    # a literal row-or-column flag (the heuristic's hot loop; left specialised)
    "tansuo.sliding._kernels.line_conflicts": 2,
}  # fmt: skip
"""Kernels compiled in more than one version, and why (each costs its compile time again)."""


def test_typical_commands_compile_one_version_of_each_kernel():
    """A warm-up or a call site with other argument types would compile a second.

    Counted for every kernel of every domain, helpers called only by other
    kernels included (from the cache index: see the module).
    """
    counts = _run(
        "import contextlib, io\n"
        "from tansuo.cli import main\n"
        f"for args in {COMMANDS!r}:\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        code = main(args)\n"
        "    assert code == 0, (args, code)\n"
        "import tansuo.graph, tansuo.grid, tansuo.queens, tansuo.sliding, tansuo.sudoku\n"
        "import tansuo.sokoban, tansuo.gomoku, tansuo.xiangqi\n"
        "print(json.dumps({name: versions(k) for name, k in kernels().items()}))\n"
    )
    used = {name: n for name, n in counts.items() if n}
    assert len(used) >= 15  # the commands ran kernels of every domain
    assert {name: n for name, n in used.items() if n > SEVERAL.get(name, 1)} == {}

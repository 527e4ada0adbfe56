"""numba's on-disk cache and kernels in other files: an edited callee reaches its cached callers.

numba checks a cached kernel against its own source file only. A caller whose
callee (in another file) changed would load its old machine code, with the
old callee inlined. ``tansuo._jit`` checks a guarded package's kernel files
against every file of the package they import; these tests edit a callee in
a temporary package and run its caller in fresh interpreters on one cache.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import tansuo

CALLEE = textwrap.dedent(
    """
    from numba import njit

    @njit(cache=True)
    def value(x):
        return x + {add}
    """
)

CALLER = textwrap.dedent(
    """
    from numba import njit

    from {package}.inner.callee import value

    @njit(cache=True)
    def twice(x):
        return 2 * value(x)
    """
)

RUN = textwrap.dedent(
    """
    import sys
    import tansuo._jit
    tansuo._jit.guard_package("guardpkg", sys.argv[1])  # plainpkg: numba's own check only
    from guardpkg.caller import twice as guarded
    from plainpkg.caller import twice as plain
    print(guarded(10), len(guarded.stats.cache_hits), plain(10), len(plain.stats.cache_hits))
    """
)

PACKAGES = ("guardpkg", "plainpkg")
"""The same two files twice: one package guarded, the other not."""


def _packages(where: Path) -> Path:
    for name in PACKAGES:
        package = where / name
        (package / "inner").mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "inner" / "__init__.py").write_text("")
        (package / "inner" / "callee.py").write_text(CALLEE.format(add=1))
        (package / "caller.py").write_text(CALLER.format(package=name))
    return where / "guardpkg"


def _twice(where: Path, guarded: Path) -> tuple[int, int, int, int]:
    """``twice(10)`` of both packages in a fresh interpreter, each with its cache hits."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(where), *sys.path])}
    env["NUMBA_CACHE_DIR"] = str(where / "numba-cache")
    done = subprocess.run(
        [sys.executable, "-c", RUN, str(guarded)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    guarded_value, guarded_hits, plain_value, plain_hits = map(int, done.stdout.split())
    return guarded_value, guarded_hits, plain_value, plain_hits


def _edit_callees(where: Path) -> None:
    for name in PACKAGES:
        (where / name / "inner" / "callee.py").write_text(CALLEE.format(add=5))


def test_an_edited_callee_reaches_the_cached_caller_only_with_the_guard(tmp_path):
    """Guarded: the caller compiles again. Plain (numba's own behaviour, what the guard
    prevents): the caller's stale code, with the old callee inlined, is loaded."""
    guarded = _packages(tmp_path)
    assert _twice(tmp_path, guarded) == (22, 0, 22, 0)  # compiled, cached
    assert _twice(tmp_path, guarded) == (22, 1, 22, 1)  # loaded from the cache
    _edit_callees(tmp_path)
    assert _twice(tmp_path, guarded) == (30, 0, 22, 1)  # guarded: compiled again, 2 * (10 + 5)
    assert _twice(tmp_path, guarded) == (30, 1, 22, 1)  # and cached again


def test_the_closure_follows_imports_of_the_package_only():
    from tansuo._jit import source_closure

    root = Path(tansuo.__file__).parent
    closure = {
        Path(p).relative_to(root).as_posix()
        for p in source_closure(str(root / "gomoku" / "_dfpn.py"))
    }
    assert {
        "gomoku/_dfpn.py",
        "gomoku/_kernels/__init__.py",
        "gomoku/_kernels/board.py",
        "gomoku/_kernels/threats.py",
    } <= closure
    assert "_jit.py" not in closure  # the decorators' module: see tansuo._jit
    assert not any(p.startswith(("xiangqi/", "cli/")) for p in closure)
    search = {
        Path(p).relative_to(root).as_posix()
        for p in source_closure(str(root / "sokoban" / "_kernels" / "search.py"))
    }
    assert {
        "sokoban/_kernels/board.py",
        "sokoban/_kernels/deadlock.py",
        "sokoban/_kernels/state.py",
    } <= search
    assert source_closure(os.__file__) == {}  # outside tansuo: numba's own check only


KERNEL_LINE = re.compile(
    r"^\s*@(?:numba\.)?(?:njit|jit|njit_one_version|njit_on_first_use|nrt_free)\b", re.M
)
GUARD_IMPORT = re.compile(
    r"^(?:import tansuo\._jit|from tansuo\._jit import|from tansuo import _jit)", re.M
)


def test_every_kernel_file_imports_the_guard_before_its_first_kernel():
    """The guard must be in place before numba makes a kernel's cache (at its decorator)."""
    root = Path(tansuo.__file__).parent
    unguarded = []
    for source in sorted(root.rglob("*.py")):
        text = source.read_text(encoding="utf-8")
        kernel = KERNEL_LINE.search(text)
        if kernel is None or source.name == "_jit.py":
            continue
        guard = GUARD_IMPORT.search(text)
        if guard is not None and guard.start() < kernel.start():
            continue
        # or a package __init__ above it (inside tansuo) imports it
        parents = [p for p in source.parents if root in p.parents]
        if any(
            GUARD_IMPORT.search((p / "__init__.py").read_text(encoding="utf-8"))
            for p in parents
            if (p / "__init__.py").exists()
        ):
            continue
        unguarded.append(source.relative_to(root).as_posix())
    assert unguarded == []


def test_every_cached_kernel_of_tansuo_is_guarded():
    code = textwrap.dedent(
        """
        import json, sys
        from numba.core.registry import CPUDispatcher
        import tansuo.graph, tansuo.grid, tansuo.queens, tansuo.sliding, tansuo.sudoku
        import tansuo.sokoban, tansuo.gomoku, tansuo.xiangqi
        import tansuo.gomoku._dfpn, tansuo.grid._kernels.astar, tansuo.sokoban._kernels.search
        stamps = {}
        for name, module in list(sys.modules.items()):
            if module is None or not name.startswith("tansuo."):
                continue
            for attr, value in list(vars(module).items()):
                if isinstance(value, CPUDispatcher) and value.py_func.__module__ == name:
                    cache_file = getattr(value._cache, "_cache_file", None)
                    if cache_file is not None:
                        stamps[name + "." + attr] = str(cache_file._source_stamp[0])
        print(json.dumps(stamps))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    stamps = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(stamps) > 50
    assert {name for name, stamp in stamps.items() if stamp != "tansuo source closure"} == set()
    domains = {name.split(".")[1] for name in stamps}
    assert domains >= {
        "graph",
        "grid",
        "queens",
        "sliding",
        "sudoku",
        "sokoban",
        "gomoku",
        "xiangqi",
    }

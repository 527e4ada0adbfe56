"""What ``tansuo._jit`` changes in numba to compile and start faster keeps numba's behaviour."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap

import numpy as np
from numba import njit
from numba.core.compiler import Flags

import tansuo._jit  # noqa: F401 (installs the changes)


def test_compile_options_read_as_numba_reads_them():
    flags = Flags()
    flags.nrt = True
    flags.boundscheck = False
    by_property = {name: getattr(flags, name) for name in type(flags).options}
    assert flags.values() == by_property
    assert list(flags.values()) == list(by_property)
    same = Flags(copy_from=flags)
    assert same == flags and hash(same) == hash(flags)
    same.nrt = False
    assert same != flags


def test_collections_resume_as_before_after_a_compile():
    threshold, frozen = gc.get_threshold(), gc.get_freeze_count()

    @njit(cache=False)
    def total(values):
        return values.sum() + 1

    assert total(np.arange(4)) == 7
    assert gc.get_threshold() == threshold and gc.get_freeze_count() == frozen


def test_a_kernel_that_allocates_runs_from_the_cache_alone(tmp_path):
    """Loaded without numba readying its compiler: its runtime (allocation) still works."""
    (tmp_path / "alloc_kernels.py").write_text(
        textwrap.dedent(
            """
            import numpy as np
            from numba import njit

            import tansuo._jit  # noqa: F401

            @njit(cache=True)
            def squares(n):
                out = np.empty(n, np.int64)
                for i in range(n):
                    out[i] = i * i
                return out
            """
        )
    )
    code = (
        "import alloc_kernels, sys\n"
        "print(int(alloc_kernels.squares(5).sum()), len(alloc_kernels.squares.stats.cache_hits),"
        " 'numba.np.arraymath' in sys.modules)\n"
    )
    env = {"PYTHONPATH": f"{tmp_path}:{':'.join(sys.path)}", "NUMBA_CACHE_DIR": str(tmp_path)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
        )
        for _ in range(2)
    ]
    assert [r.returncode for r in runs] == [0, 0], runs[-1].stderr
    assert runs[0].stdout.split()[:2] == ["30", "0"]  # compiled
    assert runs[1].stdout.split() == ["30", "1", "False"]  # loaded, numba's array code not needed

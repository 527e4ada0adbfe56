"""What ``tansuo._jit`` changes in numba to compile and start faster keeps numba's behaviour."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap

import numpy as np
from numba import njit
from numba.core.compiler import Flags

import tansuo._jit  # (importing it installs the changes)


def _probe_package(tmp_path, name, kernels):
    """A package ``name`` under ``tmp_path`` whose ``kernels.py`` holds ``kernels``."""
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "kernels.py").write_text(textwrap.dedent(kernels))
    return package


def _twice_in_fresh_interpreters(code, tmp_path):
    """Run ``code`` in two fresh interpreters, one after the other, sharing a numba cache in
    ``tmp_path`` (the first compiles, the second loads); both must succeed."""
    env = {"PYTHONPATH": f"{tmp_path}:{':'.join(sys.path)}", "NUMBA_CACHE_DIR": str(tmp_path)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
        )
        for _ in range(2)
    ]
    assert [r.returncode for r in runs] == [0, 0], runs[-1].stderr
    return runs


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
    runs = _twice_in_fresh_interpreters(code, tmp_path)
    assert runs[0].stdout.split()[:2] == ["30", "0"]  # compiled
    assert runs[1].stdout.split() == ["30", "1", "False"]  # loaded, numba's array code not needed


def test_compile_beside_runs_a_function_in_another_process(tmp_path, monkeypatch):
    import time

    from tansuo._jit import compile_beside

    (tmp_path / "beside_probe.py").write_text(
        "import os, pathlib\n"
        "def run():\n"
        f"    pathlib.Path({str(tmp_path / 'ran')!r}).write_text(str(os.getpid()))\n"
    )
    monkeypatch.setenv("PYTHONPATH", f"{tmp_path}:{':'.join(sys.path)}")
    stop = compile_beside("beside_probe", "run")
    marker = tmp_path / "ran"
    deadline = time.monotonic() + 120
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    stop()
    import os

    assert marker.exists() and int(marker.read_text() or 0) != os.getpid()


def test_is_cached_follows_numba_s_index(tmp_path, monkeypatch):
    (tmp_path / "cached_probe.py").write_text(
        "from numba import njit\n\n@njit(cache=True)\ndef plus_one(x):\n    return x + 1\n"
    )
    code = (
        "import cached_probe\n"
        "from tansuo._jit import is_cached\n"
        "before = is_cached(cached_probe.plus_one)\n"
        "cached_probe.plus_one(1)\n"
        "print(before, is_cached(cached_probe.plus_one))\n"
    )
    env = {"PYTHONPATH": f"{tmp_path}:{':'.join(sys.path)}", "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]


def test_a_warm_xiangqi_search_starts_no_helper(monkeypatch):
    """The evaluation is cached (the session compiled it): nothing to compile beside."""
    from tansuo.xiangqi import engine

    engine.warm_up("search")
    started = []
    monkeypatch.setattr(tansuo._jit, "compile_beside", lambda *a: started.append(a))
    engine._evaluation_beside()()
    assert started == []


def test_kernels_of_a_guarded_package_have_no_c_callable_wrapper(tmp_path, monkeypatch):
    package = _probe_package(
        tmp_path,
        "wrapper_probe",
        "from numba import njit\n\n@njit(cache=False)\ndef plus_two(x):\n    return x + 2\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(tansuo._jit._GUARDED, str(package), "wrapper_probe")
    from wrapper_probe.kernels import plus_two

    @njit(cache=False)
    def plus_three(x):  # (a test module: not guarded)
        return x + 3

    assert plus_two(1) == 3 and plus_three(1) == 4
    for kernel, wrapped in ((plus_two, False), (plus_three, True)):
        compiled = kernel.overloads[kernel.signatures[0]]
        ir_text = compiled.library.get_llvm_str()
        assert (compiled.fndesc.llvm_cfunc_wrapper_name in ir_text) is wrapped


def test_callees_are_compiled_last_first_and_the_caller_only_typed(tmp_path):
    """The helper of callees_beside: plain Python up to the big kernel, then its callees."""
    _probe_package(
        tmp_path,
        "callees_probe",
        """
            import numpy as np
            from numba import njit

            import tansuo._jit  # noqa: F401

            @njit(cache=True)
            def prepare(n, wide=False):
                return np.arange(n, dtype=np.int64 if wide else np.int16)

            @njit(cache=True)
            def first(row):
                return row.sum()

            @njit(cache=True)
            def second(row, k):
                return row[k] * 2

            @njit(cache=True)
            def big(row, k):
                return first(row) + second(row, k)

            def run():
                return big(prepare(4), 1)
            """,
    )
    code = textwrap.dedent(
        """
        from numba.core import event
        from callees_probe import kernels as k
        from tansuo._jit import first_call_arguments, type_callees_last_first

        order = []

        class Listener(event.Listener):
            def on_start(self, ev):
                pass

            def on_end(self, ev):
                order.append(ev.data["dispatcher"].py_func.__name__)

        event.register("numba:compile", Listener())
        earlier = []
        types = first_call_arguments(k.big, k.run, "callees_probe", earlier)
        calls = [(f.__name__, *map(str, t)) for f, t in earlier]
        print(*map(str, types), k.prepare.signatures, calls)
        type_callees_last_first(k.big, types)
        print(*[name for name in order if name in ("first", "second", "big")])
        print(len(k.first.signatures), len(k.big.signatures), *map(str, k.second.signatures[0]))
        """
    )
    env = {"PYTHONPATH": f"{tmp_path}:{':'.join(sys.path)}", "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # prepare ran as Python (its default left out: not the truthy OmittedArg)
    assert (
        lines[0] == "array(int16, 1d, C) int64 [] [('prepare', 'int64', 'omitted(default=False)')]"
    )
    assert lines[1] == "second first"  # the later call first
    assert lines[2] == "1 0 array(int16, 1d, C) int64"  # the caller typed, not compiled


def test_a_claimed_version_is_awaited_while_its_claimer_lives(tmp_path, monkeypatch):
    import contextlib
    import os

    from tansuo._jit import CLAIMS_ENV, _claim_or_wait

    class Cache:
        def __init__(self, ready_after):
            self._cache_file = type("File", (), {"_index_path": str(tmp_path / "k.nbi")})()
            self.looks, self.ready_after = 0, ready_after

        def _guard_against_spurious_io_errors(self):
            return contextlib.nullcontext()

        def _load_overload(self, sig, target_context):
            self.looks += 1
            return "loaded" if self.looks >= self.ready_after else None

    claims = tmp_path / "claims"
    claims.mkdir()
    monkeypatch.setenv(CLAIMS_ENV, str(claims))
    # unclaimed: this process claims it and compiles it (None)
    assert _claim_or_wait(Cache(1), "sig-a", None) is None
    (claim,) = claims.iterdir()
    assert claim.read_text() == str(os.getpid())
    # claimed by a live process: waits for the cache, then loads it
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        claim.write_text(str(other.pid))
        cache = Cache(3)
        assert _claim_or_wait(cache, "sig-a", None) == "loaded" and cache.looks == 3
        # and a progress line counts a version loaded so as done (numba's Cache.load_overload)
        from numba.core.registry import cpu_target

        loads = len(tansuo._jit.LOADED_WHILE_CLAIMING)
        cache, cache._name = Cache(2), "kernel_x"
        assert tansuo._jit._load_overload(cache, "sig-a", cpu_target.target_context) == "loaded"
        assert tansuo._jit.LOADED_WHILE_CLAIMING[loads:] == ["kernel_x"]
    finally:
        other.kill()
        other.wait()
    # its claimer ended without writing it: compile it here
    assert _claim_or_wait(Cache(10**9), "sig-a", None) is None
    # and so when the claimer is this process's own helper, ended but not yet waited for
    # (a zombie, which a signal 0 still finds)
    import time

    helper = subprocess.Popen([sys.executable, "-c", "pass"])
    monkeypatch.setitem(tansuo._jit._HELPERS, helper.pid, helper)
    os.waitid(os.P_PID, helper.pid, os.WEXITED | os.WNOWAIT)  # ended, left unreaped
    claim.write_text(str(helper.pid))
    started = time.monotonic()
    assert _claim_or_wait(Cache(10**9), "sig-a", None) is None
    assert time.monotonic() - started < 5


def test_a_kernel_loaded_from_the_cache_links_into_a_new_caller(tmp_path):
    """Its LLVM module is parsed only when a caller compiled later links it, and works."""
    (tmp_path / "link_probe.py").write_text(
        textwrap.dedent(
            """
            from numba import njit

            import tansuo._jit  # noqa: F401

            @njit(cache=True)
            def inc(x):
                return x + 1
            """
        )
    )
    code = textwrap.dedent(
        """
        import sys
        from numba import njit
        import link_probe

        print(link_probe.inc(1), len(link_probe.inc.stats.cache_hits))
        (library,) = [cres.library for cres in link_probe.inc.overloads.values()]
        print("_tansuo_bitcode" in vars(library))

        @njit(cache=False)
        def twice(x):
            return link_probe.inc(link_probe.inc(x))

        print(twice(5), "_tansuo_bitcode" in vars(library))
        """
    )
    runs = _twice_in_fresh_interpreters(code, tmp_path)
    assert runs[0].stdout.split() == ["2", "0", "False", "7", "False"]  # compiled here
    assert runs[1].stdout.split() == ["2", "1", "True", "7", "False"]  # loaded; parsed to link


def test_elf_symbols_are_the_defined_global_ones():
    from llvmlite import binding

    from tansuo._jit import _elf_symbols

    binding.initialize_native_target()
    binding.initialize_native_asmprinter()
    module = binding.parse_assembly(
        "declare i64 @outside(i64)\n"
        "define i64 @mine(i64 %x) {\n  %y = call i64 @outside(i64 %x)\n  ret i64 %y\n}\n"
        "define internal i64 @hidden(i64 %x) {\n  ret i64 %x\n}\n"
        "define linkonce_odr i64 @shared(i64 %x) {\n  ret i64 %x\n}\n"
    )
    machine = binding.Target.from_default_triple().create_target_machine()
    code = machine.emit_object(module)
    if code[:4] == b"\x7fELF":
        assert _elf_symbols(code) == {"mine", "shared"}
    assert _elf_symbols(b"not an object") is None


def test_arrays_are_typed_as_numba_types_them():
    from numba import typeof

    a = np.zeros((3, 4), dtype=np.int16)
    b = a[:, ::2]
    c = np.arange(4.0)
    c.flags.writeable = False
    assert str(typeof(a)) == "array(int16, 2d, C)"
    assert str(typeof(b)) == "array(int16, 2d, A)"
    assert typeof(c).mutable is False and str(typeof(c)) == "readonly array(float64, 1d, C)"
    masked = np.ma.masked_array([1, 2], mask=[0, 1])
    try:
        typeof(masked)
    except Exception as error:  # numba's own refusal, as before
        assert "MaskedArray" in str(error)
    else:
        raise AssertionError("a masked array was typed")


def test_an_allocating_kernel_loaded_without_numbas_array_module_still_raises(tmp_path):
    """Its environments of numba's own functions are rebuilt without their modules: the
    kernel still allocates, and still raises numba's own error for a negative size."""
    (tmp_path / "env_probe.py").write_text(
        textwrap.dedent(
            """
            import numpy as np
            from numba import njit

            import tansuo._jit  # noqa: F401

            @njit(cache=True)
            def ones(n):
                return np.ones(n, np.int64).sum()
            """
        )
    )
    code = (
        "import sys, env_probe\n"
        "print(env_probe.ones(4), 'numba.np.arrayobj' in sys.modules)\n"
        "try:\n    env_probe.ones(-1)\nexcept ValueError as error:\n    print('refused')\n"
    )
    runs = _twice_in_fresh_interpreters(code, tmp_path)
    assert runs[0].stdout.split() == ["4", "True", "refused"]  # compiled: numba imported it
    assert runs[1].stdout.split() == ["4", "False", "refused"]  # loaded: not imported


def test_a_kernel_first_used_by_a_caller_without_reference_counting_keeps_its_own():
    """A lazily compiled kernel does not inherit its caller's ``_nrt=False`` (it allocates)."""
    from numba import types

    @tansuo._jit.njit_on_first_use(types.int64(types.int64), cache=False)
    def allocates(n):
        row = np.empty(4, np.int64)
        row[:] = n
        return row.sum()

    @njit(cache=False, _nrt=False)
    def caller(n):
        return allocates(n) + 1

    assert caller(3) == 13  # numba alone: "Failed in nopython mode pipeline" (np.empty)
    assert len(allocates.signatures) == 1


def test_a_recursive_kernel_with_a_signature_is_typed_only_its_callees_compiled():
    """callees_beside's helper on a kernel with explicit signatures: no run, no version of it."""
    from numba import types
    from numba.core import sigutils

    @njit(cache=False)
    def leaf(n):
        return n - 1

    @tansuo._jit.njit_on_first_use(types.boolean(types.int64), cache=False)
    def even(n):  # recursive too, of another return type, compiled while countdown is typed
        return True if n <= 0 else not even(n - 1)

    @tansuo._jit.njit_on_first_use(types.int64(types.int64), cache=False)
    def countdown(n):
        if n <= 0:
            return 0
        return (2 if even(n) else 1) + countdown(leaf(n))

    argtypes, return_type = sigutils.normalize_signature(countdown._pending[0])
    for strict in (False, True):  # (the callees' versions are compiled once, then found)
        tansuo._jit.type_callees_last_first(countdown, argtypes, return_type, strict=strict)
    assert len(leaf.signatures) == 1 and len(even.signatures) == 1
    assert countdown._pending  # not compiled, still pending
    assert countdown(5) == 7 and len(countdown.signatures) == 1


def test_the_first_compile_of_a_package_starts_its_helper_once(monkeypatch):
    """beside_on_first_compile: the package's first cache miss starts callees_beside, once;
    a later callees_beside of the same kernel gets the running helper's stop."""
    from numba import types

    @tansuo._jit.njit_on_first_use(types.int64(types.int64), cache=False)
    def big(n):
        return n

    started = []

    def fake_beside(*arguments):
        started.append(arguments)
        return lambda: None

    monkeypatch.setattr(tansuo._jit, "compile_beside", fake_beside)
    monkeypatch.setattr(tansuo._jit, "is_cached", lambda kernel: False)
    monkeypatch.delenv(tansuo._jit.CLAIMS_ENV, raising=False)
    monkeypatch.setattr(tansuo._jit, "_ON_FIRST_COMPILE", {})
    monkeypatch.setattr(tansuo._jit, "_RUNNING", {})
    tansuo._jit.beside_on_first_compile("probe_package", big, first=(big,), then=(big,))

    class Cache:  # what _start_beside reads of numba's cache of the kernel that missed
        def __init__(self, module):
            self._py_func = type("F", (), {"__module__": module})

    tansuo._jit._start_beside(Cache("other_package.kernels"))
    assert started == []
    tansuo._jit._start_beside(Cache("probe_package.kernels"))
    tansuo._jit._start_beside(Cache("probe_package.kernels"))
    target = f"{big.py_func.__module__}:big"
    assert started == [("tansuo._jit", "_callees_of", target, "", "", target, target)]
    stop = tansuo._jit._RUNNING[target]
    assert tansuo._jit.callees_beside(big) is stop
    stop()
    assert tansuo._jit._RUNNING == {} and tansuo._jit.CLAIMS_ENV not in __import__("os").environ


def test_a_late_bound_callee_is_called_through_its_address_not_linked(tmp_path):
    """late_bound: the caller's code holds no copy of the callee's, compiled or loaded from
    the cache (a guarded package, whose kernels otherwise get no C wrapper), and computes
    what a direct call computes; a binding to other types than the caller passes is refused."""
    package = _probe_package(
        tmp_path,
        "late_probe",
        """
            import numpy as np
            from numba.core import types

            from tansuo._jit import bind_late, late_bound, njit_one_version

            @njit_one_version
            def bump(a, k, flag):
                if flag:
                    a[k] += 5
                return a.sum() > 10

            late = late_bound(bump, types.boolean, "tansuo_test_late_probe_bump")
            call = late.call

            @njit_one_version
            def caller(a, n):
                count = 0
                for k in range(n):
                    if call(a, np.int64(k), k != 1):
                        count += 1
                return count

            bind_late(caller, late, lambda t: (t[0], types.int64, types.boolean))
            """,
    )
    code = textwrap.dedent(
        f"""
        import numpy as np
        import tansuo._jit
        tansuo._jit.guard_package("late_probe", {str(package)!r})
        from late_probe.kernels import bump, caller, late

        a = np.zeros(4, dtype=np.int64)
        print(caller(a, 4), a.tolist(), len(caller.stats.cache_hits), len(bump.stats.cache_hits))
        (compiled,) = caller.overloads.values()
        (callee,) = bump.overloads.values()
        print(callee.fndesc.mangled_name in compiled.library.get_llvm_str())
        try:
            late.bind((late.kernel.signatures[0][0], late.kernel.signatures[0][1], np.int64))
        except TypeError:
            print("refused")
        """
    )
    runs = _twice_in_fresh_interpreters(code, tmp_path)
    # k = 0: sum 5; k = 1: no bump; k = 2: sum 10; k = 3: sum 15 > 10
    assert runs[0].stdout.split() == ["1", "[5,", "0,", "5,", "5]", "0", "0", "False", "refused"]
    assert runs[1].stdout.split()[:7] == ["1", "[5,", "0,", "5,", "5]", "1", "1"]


def test_a_kernels_only_callee_has_no_python_wrapper_and_answers_python_anyway(tmp_path):
    """njit_one_version(kernels_only=True): compiled without numba's Python wrapper, called
    from a kernel as before; a call from Python, after a compile or a load from the cache,
    runs a copy compiled for it instead of the null entry point."""
    package = _probe_package(
        tmp_path,
        "inner_probe",
        """
            import tansuo._jit
            from tansuo._jit import njit_one_version

            @njit_one_version(kernels_only=True)
            def inner(a, k):
                return a[k] * 3

            @njit_one_version
            def outer(a):
                return inner(a, 1) + inner(a, 2)
            """,
    )
    code = textwrap.dedent(
        f"""
        import numba
        import numpy as np
        import tansuo._jit
        tansuo._jit.guard_package("inner_probe", {str(package)!r})
        from inner_probe.kernels import inner, outer

        a = np.arange(5, dtype=np.int64)
        print(outer(a), len(outer.stats.cache_hits))
        inner.compile((numba.typeof(a), numba.types.int64))  # (the second run: from the cache)
        (compiled,) = inner.overloads.values()
        print(compiled.library.get_pointer_to_function(compiled.fndesc.llvm_cpython_wrapper_name))
        print(inner(a, 4), len(inner.stats.cache_hits), inner._twin is not None)
        """
    )
    runs = _twice_in_fresh_interpreters(code, tmp_path)
    # 3 + 6; no wrapper (a null address); 12 from Python, through the copy
    assert runs[0].stdout.split() == ["9", "0", "0", "12", "0", "True"]
    assert runs[1].stdout.split() == ["9", "1", "0", "12", "1", "True"]


def test_module_passes_only_skips_the_function_passes_of_that_kernel(monkeypatch):
    """njit_one_version(module_passes_only=True): numba's function passes do not run on the
    kernel's own module (its module passes still do); its callees and other kernels keep them."""
    optimised: list[str] = []
    numba_passes = tansuo._jit._numba_optimize_functions

    def counted(self, ll_module):
        optimised.extend(f.name for f in ll_module.functions if not f.is_declaration)
        numba_passes(self, ll_module)

    monkeypatch.setattr(tansuo._jit, "_numba_optimize_functions", counted)

    @tansuo._jit.njit_one_version(cache=False)
    def helper_probe(x):
        return x * 3

    @tansuo._jit.njit_one_version(cache=False, module_passes_only=True)
    def big_probe(x):
        return helper_probe(x) + 1

    assert big_probe(2) == 7
    assert any("helper_probe" in name for name in optimised)
    assert not any("big_probe" in name for name in optimised)

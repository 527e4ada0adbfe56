"""``njit_on_first_use``: numba kernels with explicit signatures, compiled when first needed.

``@njit("int64(int32[::1], ...)", cache=True)`` gives a kernel exactly one
version (no specialisation per constant argument, which matters for recursive
kernels and for helpers called with literal numbers), but numba compiles it, or
loads it from its cache, while the module is imported. A command that imports
a domain for one kernel then pays for all of them: ``xiangqi perft`` for the
search, ``gomoku vcf`` for the alpha-beta.

:func:`njit_on_first_use` keeps the one version and moves its compilation to
the kernel's first use: the first call from Python, or the first compilation
of another kernel that calls it. numba does the same steps as for an explicit
signature (compile each signature, then refuse any other), only later.

A kernel first compiled while numba types a caller compiles with its own
options, as at import: not with the caller's (reference counting off in
gomoku's ``_nrt=False`` helpers, which would refuse an ``np.empty``).

:func:`njit_one_version` is for helpers whose signature is awkward to write
(named tuples of a dozen arrays): a plain ``njit(cache=True)`` kernel, except
that a call from another kernel passes its scalars by plain type. numba
otherwise compiles a helper once for ``f(x, 0)`` (the constant's literal
type), again for ``f(x, i)`` with ``i`` an ``int64`` and a third time with an
``int32`` read from an array; each costs as much as the first on a fresh
cache. Constants are passed as ``int64`` or ``bool``, and signed integers
narrower than 64 bits as ``int64``, so those calls share one version. Arrays
of different element types still get one version each.

Importing this module also guards numba's on-disk cache against a stale
callee. numba checks a cached kernel against its own source file only, so a
kernel whose callee in another file changed would load its old machine code,
the old callee inlined, and compute what the old code computed. Here a kernel
file of tansuo is checked against the content of every tansuo file it can
reach through its imports (:func:`source_closure`): numba's cache index keeps
that digest where it kept the file's own, and a kernel whose digest changed
compiles again, as after an edit of its own file. Every tansuo file with a
cached kernel imports this module before its first kernel (a test checks it).

And a kernel loaded from numba's cache no longer makes numba ready its whole
compiler first (see :func:`_load_overload`): a command whose kernels are
cached starts faster. Loading one also no longer parses its LLVM bitcode
(:func:`_unserialize`) or imports numba's own implementation modules for
its environments (:func:`_rebuild_env`), and a plain array argument is typed
without importing ``numpy.ma`` (:func:`_typeof_ndarray`).

On a fresh cache, :func:`callees_beside` has a second process compile the
callees of a big kernel while this one compiles them too, from the other
end, each version compiled once (:data:`CLAIMS_ENV`).
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import os
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
from numba.core import (
    caching,
    codegen,
    dispatcher,
    environment,
    errors,
    event,
    ir,
    targetconfig,
    typeinfer,
    types,
)
from numba.core.compiler_lock import global_compiler_lock
from numba.core.cpu import CPUTargetOptions
from numba.core.registry import CPUDispatcher
from numba.core.runtime import nrtdynmod
from numba.core.typing import typeof as typeof_module
from numba.np import numpy_support

__all__ = [
    "NRT_OPTION",
    "LateBound",
    "beside_on_first_compile",
    "bind_late",
    "callees_beside",
    "compile_beside",
    "first_call_arguments",
    "guard_package",
    "index_is_fresh",
    "is_cached",
    "late_bound",
    "njit_on_first_use",
    "njit_one_version",
    "source_closure",
    "type_callees_last_first",
]

NRT_OPTION: dict[str, Any] = {"_nrt": False} if hasattr(CPUTargetOptions, "_nrt") else {}
"""Options of a kernel compiled without reference counting (numba's ``_nrt``).

numba counts a reference to every array a kernel takes out of a named tuple,
or receives from its caller, and its pruning pass cannot remove the counts
that span a loop or a call (numba issue #2350). A kernel that allocates no
array needs none of them: with ``_nrt=False`` (where this numba has it) the
same code runs without them; without it, the same, only slower.
"""


class _SignaturesOnFirstUse(CPUDispatcher):
    """A CPU dispatcher that compiles its explicit signatures when first called or typed."""

    _pending: tuple[Any, ...] = ()

    def _first_use(self) -> None:
        with global_compiler_lock:  # two threads' first calls compile once
            pending, self._pending = self._pending, ()
            if not pending:
                return
            # as numba's own decorator does, at import: a caller being compiled does
            # not lend its options (numba's callees inherit ``_nrt=False``, say)
            with typeinfer.register_dispatcher(self), _no_enclosing_compile():
                for signature in pending:
                    self.compile(signature)
                self.disable_compile()

    def get_call_template(self, args: Any, kws: Any) -> Any:
        # another kernel being compiled calls this one: its versions first
        if self._pending:
            self._first_use()
        return super().get_call_template(args, kws)

    def _compile_for_args(self, *args: Any, **kws: Any) -> Any:
        # a call from Python found no version: compile the signatures, then call
        # again through numba's dispatch (which now matches them or raises its
        # TypeError, as for any kernel with explicit signatures)
        if self._pending:
            self._first_use()
            return self
        return super()._compile_for_args(*args, **kws)  # type: ignore[misc]


@contextlib.contextmanager
def _no_enclosing_compile() -> Iterator[None]:
    """While it lasts, a kernel compiles with its own options only, none inherited.

    numba keeps the options of the kernels being compiled on a per-thread
    stack, and a kernel compiled while another is (a callee, typed in its
    caller) takes from the top of it the options it does not set itself:
    reference counting above all, so a callee first compiled under a caller
    built without it (``_nrt=False``) could not allocate an array.
    """
    from numba.core.utils import ThreadLocalStack

    stacks = ThreadLocalStack._tls
    name = f"stack_{targetconfig._FlagsStack.stack_name}"
    enclosing = getattr(stacks, name, None)
    setattr(stacks, name, [])
    try:
        yield
    finally:
        if enclosing is None:
            delattr(stacks, name)
        else:
            setattr(stacks, name, enclosing)


def njit_on_first_use(
    *signatures: Any, cache: bool = True, **options: Any
) -> Callable[[Callable[..., Any]], CPUDispatcher]:
    """``numba.njit(signatures, cache=cache, **options)``, compiled on first use, not at import.

    Parameters
    ----------
    *signatures
        numba signatures (strings or ``numba.types`` signatures), at least one.
    cache : bool
        Keep the machine code in numba's on-disk cache (a kernel in a file).
    **options
        numba's target options (``nogil``, ``inline``, ``error_model``, ...).

    Returns
    -------
    Callable
        A decorator that turns a function into a cached numba kernel.

    Examples
    --------
    >>> @njit_on_first_use("int64(int64)", cache=False)
    ... def twice(x):
    ...     return 2 * x
    >>> twice.signatures
    []
    >>> twice(21), len(twice.signatures)
    (42, 1)
    """
    if not signatures:
        raise TypeError("njit_on_first_use needs at least one signature")

    def decorate(function: Callable[..., Any]) -> CPUDispatcher:
        targetoptions = {"nopython": True, "boundscheck": None, **options}
        kernel = _SignaturesOnFirstUse(py_func=function, locals={}, targetoptions=targetoptions)
        if cache:
            kernel.enable_caching()
        kernel._pending = signatures
        return kernel

    return decorate


def _plain(numba_type: Any) -> Any:
    """A literal as its plain type; a signed integer narrower than 64 bits as ``int64``."""
    numba_type = types.unliteral(numba_type)
    if isinstance(numba_type, types.Integer):
        signed, bits = getattr(numba_type, "signed", False), getattr(numba_type, "bitwidth", 64)
        if signed and bits < 64:
            return types.int64
    return numba_type


class _PlainArguments(CPUDispatcher):
    """A CPU dispatcher that types the calls of other kernels with plain scalar types.

    A kernel that calls others through :func:`late_bound` readies their
    addresses whenever it is compiled or loaded (``_late``).

    A kernel of ``njit_one_version(kernels_only=True)`` is compiled without
    numba's Python wrapper: its versions are never entered from Python (none
    is put in numba's table of entry points, which Python calls look up), and
    a call from Python compiles and runs a copy with the wrapper (``_twin``,
    not cached: for tests and the like).
    """

    _late: tuple[tuple[LateBound, Callable[[tuple[Any, ...]], tuple[Any, ...]]], ...] = ()
    _twin: Any = None  # (a _PlainArguments, made on the first call from Python)

    def get_call_template(self, args: Any, kws: Any) -> Any:
        args = tuple(_plain(a) for a in args)
        kws = {name: _plain(a) for name, a in kws.items()}
        return super().get_call_template(args, kws)

    def _kernels_only(self) -> bool:
        return bool(self.targetoptions.get("no_cpython_wrapper"))

    def add_overload(self, cres: Any) -> None:
        if self._kernels_only():  # (its entry point is null: no Python wrapper)
            self.overloads[tuple(cres.signature.args)] = cres
            return
        super().add_overload(cres)

    def _compile_for_args(self, *args: Any, **kws: Any) -> Any:
        if not self._kernels_only():
            return super()._compile_for_args(*args, **kws)  # type: ignore[misc]
        if self._twin is None:
            options = {k: v for k, v in self.targetoptions.items() if k != "no_cpython_wrapper"}
            self._twin = _PlainArguments(py_func=self.py_func, locals={}, targetoptions=options)
        return self._twin  # (numba's dispatcher calls what this returns with the arguments)

    def compile(self, sig: Any) -> Any:
        entry = super().compile(sig)
        if self._late:
            from numba.core import sigutils

            argtypes, _ = sigutils.normalize_signature(sig)
            for late, argtypes_of in self._late:
                late.bind(argtypes_of(tuple(argtypes)))
        return entry


class LateBound:
    """A kernel that other kernels call through an address, its code not linked into theirs.

    numba links the optimised code of every kernel a kernel calls into that
    kernel's own module, optimises the whole again and emits it again: a big
    kernel with a big, rarely taken callee pays for the callee's code twice
    on a fresh cache, and only after it (one process cannot share that work
    with another). ``late_bound(kernel, restype, symbol)`` gives an intrinsic
    that kernels call instead of ``kernel``: their code loads the callee's
    address from the process-wide symbol ``symbol`` and calls numba's C
    wrapper of ``kernel`` there. :func:`bind_late` names the caller that
    does so; each compile or cache load of that caller compiles or loads
    ``kernel`` for the argument types it passes and stores the address (so
    the caller never runs before it is set). Both stay in numba's cache
    apart; the caller's cache guard still sees the callee's file through
    its imports.
    """

    def __init__(self, kernel: Any, restype: Any, symbol: str) -> None:
        import ctypes
        import inspect

        from llvmlite import binding

        self.kernel = kernel
        self.arity = len(inspect.signature(kernel.py_func).parameters)
        kernel.py_func._tansuo_late_bound = True  # compiled with its C wrapper (_customize_flags)
        self.restype = restype
        self.symbol = symbol
        self.bound: dict[tuple[Any, ...], int] = {}
        self.typed: set[tuple[Any, ...]] = set()  # the argument types callers typed here pass
        self._cell = ctypes.c_int64(0)  # the address the callers load (kept alive here)
        binding.add_symbol(symbol, ctypes.addressof(self._cell))
        self.call = self._intrinsic()

    def bind(self, argtypes: tuple[Any, ...]) -> int:
        """Compile (or load) ``kernel`` for ``argtypes``; its C wrapper is now the callee."""
        if self.typed and argtypes not in self.typed:
            raise TypeError(f"{self.symbol} is called with {self.typed}, bound to {argtypes}")
        if argtypes not in self.bound:
            self.kernel.compile(argtypes)
            result = self.kernel.overloads[argtypes]
            address = result.library.get_pointer_to_function(result.fndesc.llvm_cfunc_wrapper_name)
            if not address:
                raise RuntimeError(f"no C wrapper compiled for {self.symbol}")
            self.bound[argtypes] = address
        if len(self.bound) > 1:
            raise TypeError(f"{self.symbol} is bound to one version only, not {list(self.bound)}")
        self._cell.value = self.bound[argtypes]
        return self._cell.value

    def _intrinsic(self) -> Any:
        from llvmlite import ir as llvm_ir
        from numba.core.extending import intrinsic

        symbol, restype, typed = self.symbol, self.restype, self.typed

        def typer(args: tuple[Any, ...]) -> Any:
            argtypes = tuple(types.unliteral(a) for a in args)
            typed.add(argtypes)

            def codegen(context: Any, builder: Any, signature: Any, values: Any) -> Any:
                module = builder.module
                cell = module.globals.get(symbol)
                if cell is None:
                    cell = llvm_ir.GlobalVariable(module, llvm_ir.IntType(64), symbol)
                    cell.linkage = "external"
                function_type = llvm_ir.FunctionType(
                    context.get_value_type(signature.return_type),
                    [context.get_value_type(t) for t in signature.args],
                )
                pointer = builder.inttoptr(builder.load(cell), function_type.as_pointer())
                return builder.call(pointer, values)

            return restype(*argtypes), codegen

        # numba's intrinsic needs a typer with one named parameter per argument
        names = ", ".join(f"a{i}" for i in range(self.arity))
        namespace: dict[str, Any] = {"typer": typer}
        exec(f"def call(typingctx, {names}):\n    return typer(({names},))\n", namespace)
        call = namespace["call"]
        call.__name__ = call.__qualname__ = f"late_{symbol}"
        return intrinsic(call)


def late_bound(kernel: Any, restype: Any, symbol: str) -> LateBound:
    """``kernel`` called from other kernels through its address (:class:`LateBound`)."""
    return LateBound(kernel, restype, symbol)


def bind_late(
    caller: Any, late: LateBound, argtypes_of: Callable[[tuple[Any, ...]], tuple[Any, ...]]
) -> None:
    """Each compile or load of ``caller`` binds ``late`` to ``argtypes_of(its argument types)``.

    ``argtypes_of`` must give the types ``caller`` passes to ``late.call``.
    """
    if not isinstance(caller, _PlainArguments):
        raise TypeError("bind_late needs a kernel of njit_one_version")
    caller._late = (*caller._late, (late, argtypes_of))


def njit_one_version(
    function: Callable[..., Any] | None = None,
    *,
    cache: bool = True,
    kernels_only: bool = False,
    module_passes_only: bool = False,
    **options: Any,
) -> Any:
    """``numba.njit(cache=cache, **options)``, one version for calls that differ in scalars only.

    Used bare (``@njit_one_version``) or with options
    (``@njit_one_version(_nrt=False)``). See the module for what it changes.

    ``kernels_only=True`` is for a kernel that other kernels call: it is
    compiled without numba's Python wrapper, which unpacks every argument
    from a Python object and for a named tuple of dozens of arrays costs as
    much to compile as the kernel itself (its callers never use it). A call
    from Python still works, through a copy compiled for it in each process
    (:class:`_PlainArguments`).

    ``module_passes_only=True`` is for a big kernel that a first run compiles
    last: LLVM's function passes are not run on its own module before its
    callees are linked in, only the module passes over the whole
    (:func:`_optimize_functions`).

    Examples
    --------
    >>> import numpy as np
    >>> from numba import njit
    >>> @njit_one_version(cache=False)
    ... def add(a, b):
    ...     return a + b
    >>> @njit(cache=False)
    ... def calls(x):
    ...     return add(x, 1) + add(x, np.int32(2)) + add(x, x)
    >>> int(calls(3)), len(add.signatures)
    (15, 1)
    """

    def decorate(function: Callable[..., Any]) -> CPUDispatcher:
        targetoptions = {"nopython": True, "boundscheck": None, **options}
        if kernels_only:
            targetoptions["no_cpython_wrapper"] = True
        if module_passes_only:
            function._tansuo_module_passes_only = True  # type: ignore[attr-defined]
        kernel = _PlainArguments(py_func=function, locals={}, targetoptions=targetoptions)
        if cache:
            kernel.enable_caching()
        return kernel

    return decorate if function is None else decorate(function)


# --- numba's cache checked against every file a kernel file imports ----------------------

_GUARDED: dict[str, str] = {}  # a guarded package's directory -> its import name

# an import statement (comments removed first): ``from X import a, b`` or ``import X, Y``
_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n;]*)"
    r"|import[ \t]+([\w., \t]+))",
    re.MULTILINE,
)

# this module: every kernel file imports it, and it decides how kernels are typed, not what
# they compute; counting it would make an edit here recompile every domain
_NOT_FOLLOWED = {os.path.normcase(os.path.abspath(__file__))}

# per source file: (mtime_ns, size) when read -> (content digest, files it imports)
_READ: dict[str, tuple[tuple[int, int], bytes, tuple[str, ...]]] = {}


def guard_package(name: str, directory: str) -> None:
    """Check the cached kernels of the files under ``directory`` against their imports too.

    ``directory`` holds the package imported as ``name``; tansuo guards
    itself. A kernel file's cache then stays valid while no file of that
    package it can reach through its imports changed (:func:`source_closure`).
    """
    _GUARDED[os.path.normcase(os.path.abspath(directory))] = name


def _package_of(path: str) -> tuple[str, str] | None:
    """The guarded package (directory, name) that holds ``path``, or None."""
    path = os.path.normcase(os.path.abspath(path))
    for directory, name in _GUARDED.items():
        if path.startswith(directory + os.sep):
            return directory, name
    return None


def _module_file(directory: str, name: str, module: str) -> str | None:
    """The source file of ``module`` if it is in the guarded package ``name`` (at ``directory``)."""
    if module != name and not module.startswith(name + "."):
        return None
    parts = module.split(".")[1:]
    base = os.path.join(directory, *parts)
    for candidate in (base + ".py", os.path.join(base, "__init__.py")):
        if os.path.isfile(candidate):
            return candidate
    return None


def _imports(path: str, text: str, directory: str, name: str) -> tuple[str, ...]:
    """The files of the guarded package that the source ``text`` of ``path`` imports."""
    relative = os.path.relpath(path, directory).replace(os.sep, "/")[: -len(".py")].split("/")
    here = [name, *relative]
    package = here[:-1]  # a module's package; a package's own __init__ is its package
    text = re.sub(r"#[^\n]*", "", text)
    found: set[str] = set()
    for match in _IMPORT.finditer(text):
        source, names, plain = match.groups()
        modules: list[str] = []
        if plain is not None:
            modules = [part.split()[0] for part in plain.split(",") if part.strip()]
        else:
            if source.startswith("."):
                dots = len(source) - len(source.lstrip("."))
                stem = package[: len(package) - (dots - 1)] if dots > 1 else package
                source = ".".join([*stem, *([source.lstrip(".")] if source.lstrip(".") else [])])
            modules = [source]
            for part in names.strip("()").split(","):
                if part.strip():
                    modules.append(source + "." + part.split()[0])
        for module in modules:
            target = _module_file(directory, name, module)
            if target is None:
                continue
            target = os.path.normcase(os.path.abspath(target))
            if target != path and target not in _NOT_FOLLOWED:
                found.add(target)
    return tuple(sorted(found))


def _read(path: str, directory: str, name: str) -> tuple[bytes, tuple[str, ...]]:
    """A source file's content digest and the guarded files it imports (re-read when it changed)."""
    status = os.stat(path)
    key = (status.st_mtime_ns, status.st_size)
    known = _READ.get(path)
    if known is not None and known[0] == key:
        return known[1], known[2]
    with open(path, "rb") as handle:
        content = handle.read()
    digest = hashlib.sha256(content).digest()
    imported = _imports(path, content.decode("utf-8", "replace"), directory, name)
    _READ[path] = (key, digest, imported)
    return digest, imported


def source_closure(path: str) -> dict[str, bytes]:
    """Every file of ``path``'s guarded package that it reaches through imports, with its digest.

    ``path`` itself included; a file outside any guarded package gives an
    empty dict. Imports are read from the text (``import X``, ``from X
    import a``, relative ones too; ``from X import a`` counts ``X.a`` when it
    is a module), transitively, without importing anything. The files a
    kernel can call into, or read constants from, are among these.
    """
    package = _package_of(path)
    if package is None:
        return {}
    directory, name = package
    start = os.path.normcase(os.path.abspath(path))
    seen: dict[str, bytes] = {}
    todo = [start]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        digest, imported = _read(current, directory, name)
        seen[current] = digest
        todo.extend(f for f in imported if f not in seen)
    return seen


def _closure_stamp(path: str) -> tuple[str, str]:
    """The stamp numba's cache index keeps for a guarded kernel file: a digest of its closure."""
    directory = _package_of(path)
    assert directory is not None
    digest = hashlib.sha256()
    for source, content in sorted(source_closure(path).items()):
        digest.update(os.path.relpath(source, directory[0]).encode() + b"\0" + content)
    return ("tansuo source closure", digest.hexdigest())


def index_is_fresh(index_path: str, source: str) -> bool:
    """Whether numba would use the cache index ``index_path`` of a kernel of ``source``.

    False for a missing or unreadable index, one written by another numba,
    or one whose stamp (for a guarded file: its closure's digest) no longer
    matches: numba then compiles that kernel again.
    """
    import pickle

    import numba

    try:
        with open(index_path, "rb") as handle:
            if pickle.load(handle) != numba.__version__:
                return False
            stamp, _overloads = pickle.loads(handle.read())
    except Exception:  # missing, half written, from an older layout: not usable
        return False
    if _package_of(source) is not None:
        return bool(stamp == _closure_stamp(source))
    status = os.stat(source)
    return bool(stamp == caching._hash_source_file(source, status.st_mtime, status.st_size))


_numba_stamp = caching._SourceFileBackedLocatorMixin.get_source_stamp


def _source_stamp(self: Any) -> Any:
    """numba's stamp of a kernel file, or for a guarded one the digest of its closure."""
    path = getattr(self, "_py_file", None)
    if path is not None and _package_of(path) is not None:
        return _closure_stamp(path)
    return _numba_stamp(self)


caching._SourceFileBackedLocatorMixin.get_source_stamp = _source_stamp  # type: ignore[method-assign]
guard_package("tansuo", os.path.dirname(os.path.abspath(__file__)))


# --- loading a cached kernel without readying numba's compiler ---------------------------


def _load_overload(self: Any, sig: Any, target_context: Any) -> Any:
    """numba's ``Cache.load_overload`` without ``target_context.refresh()``.

    numba refreshes the target before loading a kernel from its cache: that
    imports and registers every implementation numba has (arrays, random,
    linear algebra, typed containers...), which only compiling needs, and
    is most of the CPU time of a command whose kernels are all cached. A
    loaded kernel needs numba's runtime (memory management) initialised and
    nothing else; a kernel that does compile later refreshes the target
    first, as numba's compiler always does.
    """
    from numba.core.runtime import rtsys

    rtsys.initialize(target_context)
    with self._guard_against_spurious_io_errors():
        loaded = self._load_overload(sig, target_context)
    if loaded is None and _ON_FIRST_COMPILE:
        _start_beside(self)
    if os.environ.get(CLAIMS_ENV):
        if loaded is None:
            loaded = _claim_or_wait(self, sig, target_context)
        if loaded is not None:
            LOADED_WHILE_CLAIMING.append(getattr(self, "_name", "?"))
    return loaded


LOADED_WHILE_CLAIMING: list[str] = []
"""The kernels this process loaded from numba's cache while another compiled beside it
(see :data:`CLAIMS_ENV`): a progress display counts them as done."""


caching.Cache.load_overload = _load_overload  # type: ignore[method-assign]


def _nrt_cache_file(ctx: Any) -> str | None:
    """Where numba's runtime functions are kept compiled for this numba, llvmlite and CPU."""
    import sys

    import llvmlite
    import numba
    from numba.core import config

    if getattr(config, "DEBUG_NRT", 0) or getattr(config, "NRT_STATS", 0):  # (other code)
        return None
    source = os.stat(nrtdynmod.__file__)
    key = repr(
        (
            numba.__version__,
            llvmlite.__version__,
            sys.version,
            ctx.codegen().magic_tuple(),
            (source.st_size, source.st_mtime_ns),
        )
    )
    folder = getattr(config, "CACHE_DIR", "") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "__pycache__"
    )
    name = f"numba-runtime-{hashlib.sha256(key.encode()).hexdigest()[:16]}.bin"
    return os.path.join(folder, name)


def _compile_nrt_functions(ctx: Any) -> Any:
    """numba's ``compile_nrt_functions``, the compiled code kept on disk as numba keeps a kernel's.

    numba builds and compiles its runtime's reference-counting functions in
    every process that loads or compiles a kernel: about 0.07-0.09 s of CPU
    at every command's start. The first process keeps the object code (and
    the bitcode kernels link against) in a file named after numba's,
    llvmlite's and Python's versions and the CPU; later ones load it as numba
    loads a cached kernel. Any problem reading or writing the file: compiled
    as numba does.
    """
    import pickle

    path = None
    try:
        path = _nrt_cache_file(ctx)
        if path is not None and os.path.exists(path):
            with open(path, "rb") as handle:
                state = pickle.load(handle)
            return ctx.codegen().unserialize_library(state)
    except Exception:  # unreadable or stale: compile it
        pass
    ir_module, library = nrtdynmod.create_nrt_module(ctx)
    library.enable_object_caching()
    library.add_ir_module(ir_module)
    library.finalize()
    if path is not None:
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            partial = f"{path}.{os.getpid()}.tmp"
            with open(partial, "wb") as handle:
                pickle.dump(library.serialize_using_object_code(), handle)
            os.replace(partial, path)  # whole or not at all
        except Exception:  # a read-only install: compiled in every process, as before
            pass
    return library


nrtdynmod.compile_nrt_functions = _compile_nrt_functions


# --- compiling with less bookkeeping ---------------------------------------------------


def _target_values(self: Any) -> dict[str, Any]:
    """numba's ``TargetConfig.values()``: each option's value, its default when not set.

    numba compares and hashes the compile options of every call it types
    (templates' implementation caches are keyed on them), each time reading
    every option through a property: about 5% of a compile. The same dict,
    from a table of defaults made once per options class.
    """
    kind = type(self)
    defaults = _DEFAULTS.get(kind)
    if defaults is None:
        defaults = _DEFAULTS[kind] = {name: o.default for name, o in kind.options.items()}
    values = self._values
    return {name: values.get(name, default) for name, default in defaults.items()}


def _target_hash(self: Any) -> int:
    """numba's ``TargetConfig.__hash__`` (a hash of the option names only), once per class."""
    kind = type(self)
    found = _HASHES.get(kind)
    if found is None:
        found = _HASHES[kind] = hash(tuple(sorted(kind.options)))
    return found


_DEFAULTS: dict[type, dict[str, Any]] = {}
_HASHES: dict[type, int] = {}
targetconfig.TargetConfig.values = _target_values  # type: ignore[method-assign]
targetconfig.TargetConfig.__hash__ = _target_hash  # type: ignore[method-assign]


def _copy_location(self: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of a numba source location that shares its list of the file's lines.

    Once numba has formatted a message about a location (it does for every
    typing rule it tries and rejects), the location holds every line of its
    source file. Inlining a kernel (``inline="always"``) deep-copies the
    callee's code at each call site, and so copied those lists once per
    location: most of the cost of an inlined call, about 7% of a Xiangqi
    compile. The lines are only read, never changed, so the copy shares them.
    """
    copied = object.__new__(type(self))
    copied.__dict__.update(self.__dict__)
    return copied


ir.Loc.__deepcopy__ = _copy_location  # type: ignore[attr-defined]


def _customize_flags(self: Any, flags: Any) -> Any:
    """numba's compile flags for a kernel; for a guarded package's kernel, no C-callable wrapper.

    numba builds, besides the kernel and its Python wrapper, a wrapper that
    C code can call through a function pointer (``cfunc``, first-class
    function values), and compiles it with the kernel: about 2% of a compile
    in a profile of the Xiangqi search. Only the callees of :func:`late_bound`
    are called that way.
    """
    flags = _numba_customize_flags(self, flags)
    module = getattr(self.py_func, "__module__", "") or ""
    if getattr(self.py_func, "_tansuo_late_bound", False):
        return flags
    if not flags.is_set("no_cfunc_wrapper") and any(
        module == name or module.startswith(name + ".") for name in _GUARDED.values()
    ):
        flags.no_cfunc_wrapper = True
    return flags


_numba_customize_flags = dispatcher._FunctionCompiler._customize_flags  # type: ignore[attr-defined]
dispatcher._FunctionCompiler._customize_flags = _customize_flags  # type: ignore[attr-defined]


def _compilation_chain_init_hook(self: Any) -> None:
    """numba's first step of a call from Python that found no version; for a guarded kernel, none.

    numba runs its extensions' entry points (``numba_extensions``) there,
    which reads the metadata of every installed distribution: about 0.07 s
    of CPU in every command with 165 packages installed. A kernel loaded from
    the cache needs no extension; one that compiles gets them anyway, as
    numba's compiler refreshes its target first, and the refresh runs them.
    Other kernels in the process keep numba's hook.
    """
    module = getattr(self.py_func, "__module__", "") or ""
    if any(module == name or module.startswith(name + ".") for name in _GUARDED.values()):
        return
    _numba_init_hook(self)


_numba_init_hook = dispatcher.Dispatcher._compilation_chain_init_hook  # type: ignore[attr-defined]
dispatcher.Dispatcher._compilation_chain_init_hook = _compilation_chain_init_hook  # type: ignore[attr-defined]


class _FewerCollections(event.Listener):
    """While numba compiles, Python's garbage collector runs less often.

    A compile allocates hundreds of thousands of small objects (numba's IR,
    types, LLVM text), and each of Python's frequent collections walks the
    young ones and, now and then, every object of the process: about 8% of
    a compile's CPU time. From the outermost compile's start to its end the
    objects that already existed are set aside (``gc.freeze``) and a
    collection waits for 50,000 allocations, not 700; both are undone when
    it ends.
    """

    def __init__(self) -> None:
        self.depth = 0
        self.threshold: tuple[int, int, int] = gc.get_threshold()

    def on_start(self, ev: Any) -> None:
        self.depth += 1
        if self.depth == 1:
            self.threshold = gc.get_threshold()
            gc.freeze()
            gc.set_threshold(50_000, *self.threshold[1:])

    def on_end(self, ev: Any) -> None:
        self.depth -= 1
        if self.depth == 0:
            gc.set_threshold(*self.threshold)
            gc.unfreeze()


event.register("numba:compile", _FewerCollections())


_COMPILING: list[Any] = []  # the dispatchers being compiled, the innermost last


class _Compiling(event.Listener):
    """Keeps :data:`_COMPILING`: which kernel numba is compiling (lowering) now."""

    def on_start(self, ev: Any) -> None:
        _COMPILING.append(ev.data["dispatcher"])

    def on_end(self, ev: Any) -> None:
        if _COMPILING:
            _COMPILING.pop()


event.register("numba:compile", _Compiling())


def _optimize_functions(self: Any, ll_module: Any) -> None:
    """numba's function passes on a module of a kernel; none for ``module_passes_only`` kernels.

    numba optimises each function of a kernel's own module at ``-O3`` when
    it is added, and then the module with every callee linked in, again at
    ``-O3`` (which runs the same function simplifications after inlining).
    For a big kernel compiled last, after all its callees, both rounds are
    a serial tail on a fresh cache; without the first, the second does more
    of the simplifying itself and takes longer, but less than the first took
    (about 1-1.5 s of CPU less in all for Sokoban's search).
    """
    kernel = _COMPILING[-1] if _COMPILING else None
    if getattr(getattr(kernel, "py_func", None), "_tansuo_module_passes_only", False):
        ll_module.data_layout = self._codegen._data_layout
        return
    _numba_optimize_functions(self, ll_module)


_numba_optimize_functions = codegen.CPUCodeLibrary._optimize_functions
codegen.CPUCodeLibrary._optimize_functions = _optimize_functions  # type: ignore[method-assign]


# --- a cached kernel's symbols read from its object code, its LLVM module parsed when needed --


def _elf_symbols(code: bytes) -> set[str] | None:
    """The global and weak symbols a 64-bit little-endian ELF object defines; None otherwise."""
    import struct

    if code[:4] != b"\x7fELF" or code[4] != 2 or code[5] != 1:
        return None
    try:
        shoff, shentsize, shnum = (
            struct.unpack_from("<Q", code, 0x28)[0],
            *struct.unpack_from("<HH", code, 0x3A),
        )
        sections = [
            struct.unpack_from("<IIQQQQIIQQ", code, shoff + i * shentsize) for i in range(shnum)
        ]
        names: set[str] = set()
        for _name, kind, _f, _a, offset, size, link, _i, _al, entsize in sections:
            if kind != 2 or not entsize:  # SHT_SYMTAB
                continue
            strings = sections[link]
            base = strings[4]
            for at in range(offset, offset + size, entsize):
                name, info, _other, shndx = struct.unpack_from("<IBBH", code, at)
                if shndx != 0 and info >> 4 in (1, 2) and name:  # defined, GLOBAL or WEAK
                    end = code.index(b"\0", base + name)
                    names.add(code[base + name : end].decode())
        return names
    except (struct.error, ValueError, IndexError, UnicodeDecodeError):
        return None


_numba_unserialize = codegen.JITCodeLibrary._unserialize.__func__  # type: ignore[attr-defined]
_numba_module_for_linking = codegen.CPUCodeLibrary._get_module_for_linking


def _unserialize(cls: Any, codegen_: Any, state: Any) -> Any:
    """numba's loading of a cached kernel's machine code, without parsing its LLVM module.

    numba keeps beside a kernel's object code the LLVM bitcode of the kernel
    and every kernel it calls, for a kernel compiled later that calls it; it
    parses that bitcode and walks all its functions on every load. Here the
    names the object code defines are read from its symbol table instead,
    and the bitcode is parsed only when a kernel being compiled links it.
    """
    name, kind, data = state
    symbols = _elf_symbols(data[0]) if kind == "object" else None
    if symbols is None:
        return _numba_unserialize(cls, codegen_, state)
    object_code, shared_bitcode = data
    library = codegen_.create_library(name)
    library.enable_object_caching()
    library._set_compiled_object(object_code)
    library._tansuo_bitcode = shared_bitcode
    library._finalize_final_module()
    library._codegen._engine._defined_symbols |= symbols
    return library


def _module_for_linking(self: Any) -> Any:
    """numba's linking module of a library; for a cached kernel, its bitcode parsed now."""
    bitcode = self.__dict__.pop("_tansuo_bitcode", None)
    if bitcode is not None and self._shared_module is None:
        from llvmlite import binding

        self._shared_module = binding.parse_bitcode(bitcode)
    return _numba_module_for_linking(self)


codegen.JITCodeLibrary._unserialize = classmethod(_unserialize)  # type: ignore[assignment]
codegen.CPUCodeLibrary._get_module_for_linking = _module_for_linking  # type: ignore[method-assign]


# --- a plain array typed without importing numpy.ma -----------------------------------------

_numba_typeof_ndarray = typeof_module._typeof_ndarray


def _typeof_ndarray(val: Any, c: Any) -> Any:
    """numba's type of an array argument; for a plain ndarray, without importing ``numpy.ma``.

    numba first checks that the array is no masked array, and that check
    imports ``numpy.ma`` (about 0.04 s) in every command that calls a kernel.
    An array whose class is ``ndarray`` itself is no masked array.
    """
    if type(val) is not np.ndarray:
        return _numba_typeof_ndarray(val, c)
    try:
        dtype = numpy_support.from_dtype(val.dtype)
    except errors.NumbaNotImplementedError:
        raise errors.NumbaValueError(f"Unsupported array dtype: {val.dtype}") from None
    layout = numpy_support.map_layout(val)
    return types.Array(dtype, val.ndim, layout, readonly=not val.flags.writeable)


typeof_module.typeof_impl.register(np.ndarray)(_typeof_ndarray)


# --- a cached kernel's environments rebuilt without importing numba's own modules -----------

_numba_rebuild_env = environment._rebuild_env


def _rebuild_env(modname: str, consts: Any, env_name: str) -> Any:
    """numba's rebuilding of a cached function's environment, lazy for numba's own modules.

    A cached kernel holds one environment per function in its machine code,
    numba's own implementations included (``np.empty`` lives in
    ``numba.np.arrayobj``), and numba imports each one's module to give it
    that module's globals: ``numba.np.arrayobj`` alone takes about 0.1 s.
    Only object-mode code reads an environment's globals; tansuo's kernels
    and numba's implementations are nopython code, which reads its constants
    only. So a numba module not yet imported is not imported for it.
    """
    if modname in sys.modules or not modname.startswith("numba."):
        return _numba_rebuild_env(modname, consts, env_name)
    env = environment.lookup_environment(env_name)
    if env is None:
        env = environment.Environment({"__name__": modname})
        env.consts[:] = consts
        env.env_name = env_name
        environment.Environment._memo[env_name] = env
    return env


environment._rebuild_env = _rebuild_env


# --- a second process compiling part of a command's kernels ----------------------------


def is_cached(kernel: Any) -> bool:
    """Whether numba's on-disk cache holds a version of ``kernel`` it would load."""
    cache_file = getattr(getattr(kernel, "_cache", None), "_cache_file", None)
    if cache_file is None:
        return False
    try:
        return bool(cache_file._load_index())
    except Exception:  # an unreadable index: numba compiles again, so not cached
        return False


CLAIMS_ENV = "TANSUO_COMPILE_CLAIMS"
"""A folder shared by the processes that compile one command's kernels at once.

While it is set, a process about to compile a kernel version that is not in
numba's cache first claims it there (a file named after the version, holding
the process id): the one that claims it compiles it; another that needs it
waits until numba's cache holds it and loads it, instead of compiling it too.
It stops waiting when the claiming process has ended."""

CLAIM_WAIT_S = 0.02
"""Seconds between two looks at numba's cache while another process compiles a version."""


def _claim_path(cache: Any, sig: Any) -> str:
    """The file that claims version ``sig`` of the kernel of numba's ``cache``."""
    index = getattr(getattr(cache, "_cache_file", None), "_index_path", "")
    name = hashlib.sha256(f"{index}\0{sig}".encode()).hexdigest()[:32]
    return os.path.join(os.environ.get(CLAIMS_ENV, ""), name)


def _claim_or_wait(cache: Any, sig: Any, target_context: Any) -> Any:
    """Claim a version not in the cache (None: compile it), or wait for its claimer's."""
    import time

    path = _claim_path(cache, sig)
    try:
        handle = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        pass
    except OSError:  # no folder (the run is over): compile as usual
        return None
    else:
        os.write(handle, str(os.getpid()).encode())
        os.close(handle)
        return None
    try:
        with open(path) as claim:
            owner = int(claim.read() or 0)
    except (OSError, ValueError):
        return None
    while owner and owner != os.getpid():
        time.sleep(CLAIM_WAIT_S)
        with cache._guard_against_spurious_io_errors():
            loaded = cache._load_overload(sig, target_context)
        if loaded is not None:
            return loaded
        helper = _HELPERS.get(owner)
        if helper is not None:  # a child of this process (an ended one stays a zombie)
            if helper.poll() is not None:
                return None  # it ended without writing it: compile it here
            continue
        try:
            os.kill(owner, 0)
        except ProcessLookupError:
            return None  # it ended without writing it: compile it here
        except PermissionError:  # (alive, another user's)
            pass
    return None


_HELPERS: dict[int, Any] = {}  # the processes compile_beside started, by process id


class _Reached(BaseException):
    """Raised when the kernel awaited by :func:`first_call_arguments` is first called."""

    def __init__(self, args: tuple[Any, ...]) -> None:
        super().__init__()
        self.args_seen = args


def first_call_arguments(
    kernel: Any, run: Callable[[], Any], package: str, earlier: list[Any] | None = None
) -> tuple[Any, ...]:
    """The numba types of the arguments ``run()`` first calls ``kernel`` with, compiling nothing.

    While ``run`` runs, the kernels of ``package`` that have no version for
    their arguments run as plain Python (their ``py_func``) instead of being
    compiled, and the first call of ``kernel`` stops it. Meant for a tiny
    instance in a helper process that only needs the types. ``earlier``, if
    given, receives ``(kernel, argument types)`` of each other kernel called
    before, in the order of their first calls.
    """
    from numba import typeof
    from numba.core.dispatcher import OmittedArg

    patched = []

    def as_python(dispatcher: Any) -> Callable[..., Any]:
        # numba's dispatcher calls what _compile_for_args returns with the arguments,
        # a default left out as numba's OmittedArg (its type is part of the version)
        def run_python(*args: Any, **kws: Any) -> Any:
            args = tuple(a.value if isinstance(a, OmittedArg) else a for a in args)
            return dispatcher.py_func(*args, **kws)

        def compile_for_args(*args: Any, **kws: Any) -> Any:
            if earlier is not None and not kws:
                call = (dispatcher, tuple(typeof(a) for a in args))
                if call not in earlier:
                    earlier.append(call)
            return run_python

        return compile_for_args

    def reached(*args: Any, **kws: Any) -> Any:
        raise _Reached(args)

    import sys

    for name, module in list(sys.modules.items()):
        if module is None or not (name == package or name.startswith(package + ".")):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, CPUDispatcher) and value not in patched:
                patched.append(value)
                vars(value)["_compile_for_args"] = reached if value is kernel else as_python(value)
    if kernel not in patched:
        patched.append(kernel)
    vars(kernel)["_compile_for_args"] = reached
    try:
        run()
    except _Reached as stop:
        return tuple(typeof(a) for a in stop.args_seen)
    finally:
        for dispatcher in patched:
            vars(dispatcher).pop("_compile_for_args", None)
    raise RuntimeError(f"{kernel.py_func.__name__} was not called")


def type_callees_last_first(
    kernel: Any, argtypes: tuple[Any, ...], return_type: Any = None, *, strict: bool = True
) -> None:
    """Compile (or load) the kernels ``kernel`` calls, for ``argtypes``, later calls first.

    numba compiles a callee while it types the call, and types a function's
    statements in order. Here the typing runs over them last to first, and
    ``kernel`` itself is typed only (not compiled): a process doing this
    beside one that compiles ``kernel`` as usual (under :data:`CLAIMS_ENV`)
    compiles the callees the other reaches last, and the two meet in the
    middle. The types numba settles on do not depend on the order, so the
    versions are the ones the other process would compile. A recursive
    ``kernel``'s calls of itself are typed as numba types them while it
    compiles; with ``return_type`` (its signature's) they return that type,
    without numba typing the whole kernel again at each of them.

    Types flow from the first statements to the last, so typing them in
    reverse takes a round of numba's propagation per step (threat search of
    Gomoku: 8.6 CPU-s against 1.5 with its callees cached). With ``strict``
    false each round takes the other statements in order, then the calls of
    kernels last to first: as fast as numba's order, but the calls resolved
    in later rounds come later, so the order is last-first only roughly
    (the Sokoban search's helper then took the callees the other process
    reaches early: 34.8 CPU-s left to that process, against 25.5 strict).
    """
    from numba.core import compiler, typeinfer
    from numba.core.compiler_machinery import AnalysisPass, register_pass
    from numba.core.typed_passes import NopythonTypeInference

    @register_pass(mutates_CFG=False, analysis_only=True)
    class _StopAfterTyping(AnalysisPass):
        _name = "tansuo_stop_after_typing"

        def __init__(self) -> None:
            AnalysisPass.__init__(self)

        def run_pass(self, state: Any) -> bool:
            raise compiler._EarlyPipelineCompletion(state.return_type)

    class _TypingOnly(compiler.CompilerBase):
        def define_pipelines(self) -> list[Any]:
            pm = compiler.DefaultPassBuilder.define_untyped_pipeline(self.state)
            pm.add_pass(NopythonTypeInference, "nopython frontend")
            pm.add_pass(_StopAfterTyping, "stop after typing")
            pm.finalize()
            return [pm]

    forwards = typeinfer.ConstraintNetwork.propagate

    def kernel_call(constraint: Any, typeinfer_: Any) -> bool:
        if not isinstance(constraint, typeinfer.CallConstraint):
            return False
        typevar = typeinfer_.typevars.get(constraint.func)
        return isinstance(getattr(typevar, "type", None), types.Dispatcher)

    def backwards(self: Any, typeinfer_: Any) -> Any:
        constraints = self.constraints
        if strict:
            self.constraints = constraints[::-1]
        else:
            calls = [c for c in constraints if kernel_call(c, typeinfer_)]
            chosen = set(map(id, calls))
            self.constraints = [c for c in constraints if id(c) not in chosen] + calls[::-1]
        try:
            return forwards(self, typeinfer_)
        finally:
            self.constraints = constraints

    flags = compiler.Flags()
    kernel.targetdescr.options.parse_as_flags(flags, kernel.targetoptions)
    flags = kernel._compiler._customize_flags(flags)
    partial = typeinfer.TypeInferer.return_types_from_partial
    typeinfer.ConstraintNetwork.propagate = backwards  # type: ignore[method-assign]

    def declared(self: Any) -> Any:
        # (only the kernel's own calls: a recursive callee compiled meanwhile types its own)
        if self.func_id.func is kernel.py_func:
            return return_type
        return partial(self)

    if return_type is not None:
        typeinfer.TypeInferer.return_types_from_partial = declared  # type: ignore[method-assign]
    try:
        with typeinfer.register_dispatcher(kernel), kernel._compiling_counter:
            compiler.compile_extra(
                kernel.targetdescr.typing_context,
                kernel.targetdescr.target_context,
                kernel.py_func,
                argtypes,
                return_type,
                flags,
                {},
                pipeline_class=_TypingOnly,
            )
    finally:
        typeinfer.ConstraintNetwork.propagate = forwards  # type: ignore[method-assign]
        typeinfer.TypeInferer.return_types_from_partial = partial  # type: ignore[method-assign]


def compile_beside(module: str, function: str, *arguments: str) -> Callable[[], None]:
    """Run ``module.function(*arguments)`` in another process, to fill numba's cache meanwhile.

    For a first run on a fresh cache: while this process compiles the kernels
    a command reaches first, the other compiles some it reaches later (on a
    second core), and numba loads those from its cache when this process gets
    to them, instead of compiling them. Started only where there are two
    cores or more. Returns a function that stops that process if it is still
    running (what it wrote to the cache stays; numba replaces an index file
    in one step, so a half-written one is never read).
    """
    import subprocess
    import sys

    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # (not on every system)
        cores = os.cpu_count() or 1
    if cores < 2:
        return lambda: None
    code = f"import {module} as m; m.{function}(*{arguments!r})"
    helper = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _HELPERS[helper.pid] = helper

    def stop() -> None:
        if helper.poll() is None:
            helper.terminate()
        helper.wait()

    return stop


_ON_FIRST_COMPILE: dict[str, tuple[Any, tuple[Any, ...], tuple[Any, ...]]] = {}
_RUNNING: dict[str, Callable[[], None]] = {}  # callees_beside's helpers running, by kernel


def beside_on_first_compile(
    package: str, kernel: Any, *, first: tuple[Any, ...] = (), then: tuple[Any, ...] = ()
) -> None:
    """Start ``callees_beside(kernel, first=first, then=then)`` when ``package`` first compiles.

    For a domain whose commands compile other kernels before the warm-up
    that would start the helper (reading a position builds its tables): on
    a fresh cache the second process then starts with the first compile.
    ``kernel`` needs explicit signatures (:func:`njit_on_first_use`). A
    later ``callees_beside`` of the same kernel returns the running helper's
    stop; a helper whose parent ended stops too.
    """
    _ON_FIRST_COMPILE[package] = (kernel, first, then)


def _start_beside(cache: Any) -> None:
    """On a kernel's cache miss: the helper registered for its package, once a process."""
    module = getattr(getattr(cache, "_py_func", None), "__module__", "") or ""
    for package in list(_ON_FIRST_COMPILE):
        if module == package or module.startswith(package + "."):
            kernel, first, then = _ON_FIRST_COMPILE.pop(package)
            callees_beside(kernel, first=first, then=then)


def callees_beside(
    kernel: Any,
    module: str = "",
    function: str = "",
    *,
    first: tuple[Any, ...] = (),
    then: tuple[Any, ...] = (),
) -> Callable[[], None]:
    """On a fresh cache, compile ``kernel``'s callees in a second process, last ones first.

    For a warm-up ``module.function()`` whose kernels end with one big
    kernel that calls many others: this process compiles them in the order
    numba reaches them, the other process runs ``module.function()`` with the
    package's kernels as plain Python until ``kernel`` is first called
    (:func:`first_call_arguments`), then types ``kernel`` from its last
    statement to its first (:func:`type_callees_last_first`), compiling the
    callees this process would reach last. Each version is compiled by one
    process only (:data:`CLAIMS_ENV`); the other loads it from numba's cache.
    A kernel with explicit signatures (:func:`njit_on_first_use`) needs no
    run: its signatures give the types, and ``module``, ``function`` may be
    left out. The helper compiles the kernels of ``first`` (explicit
    signatures) before it types ``kernel``: callees that this process also
    calls early from Python. Then it compiles the kernels of ``then`` (explicit
    signatures too), which call ``kernel``: this process compiles ``kernel``
    meanwhile, and the helper links it once it is in numba's cache.

    Started only when numba's cache holds no version of ``kernel``, with two
    cores or more, from a main process (the warm-up's own workers already
    share the cores) and not from such a helper. Returns a function that
    stops the helper if it still runs and ends the claims.
    """
    import multiprocessing
    import shutil
    import tempfile

    target = _name_of(kernel)
    if target in _RUNNING:
        return _RUNNING[target]
    if os.environ.get(CLAIMS_ENV) or multiprocessing.parent_process() is not None:
        return lambda: None
    if is_cached(kernel):
        return lambda: None
    directory = tempfile.mkdtemp(prefix="tansuo-claims-")
    os.environ[CLAIMS_ENV] = directory
    before = ",".join(_name_of(k) for k in first)
    after = ",".join(_name_of(k) for k in then)
    stop_helper = compile_beside(
        "tansuo._jit", "_callees_of", target, module, function, after, before
    )

    def stop() -> None:
        _RUNNING.pop(target, None)
        stop_helper()
        if os.environ.get(CLAIMS_ENV) == directory:
            del os.environ[CLAIMS_ENV]
        shutil.rmtree(directory, ignore_errors=True)

    _RUNNING[target] = stop
    import atexit

    atexit.register(stop)  # (a process that never stops it: its helper and claims end with it)
    return stop


def _name_of(kernel: Any) -> str:
    return f"{kernel.py_func.__module__}:{kernel.py_func.__name__}"


def _kernel_named(target: str) -> Any:
    import importlib

    kernel_module, _, name = target.partition(":")
    return getattr(importlib.import_module(kernel_module), name)


def _callees_of(target: str, module: str, function: str, then: str = "", first: str = "") -> None:
    """The helper process of :func:`callees_beside`."""
    from numba.core import sigutils

    _end_with_parent()

    kernel = _kernel_named(target)
    after = [_kernel_named(name) for name in then.split(",") if name]
    for early in [_kernel_named(name) for name in first.split(",") if name]:
        if getattr(early, "_pending", ()):
            early._first_use()
    if getattr(kernel, "_pending", ()):
        for signature in kernel._pending:
            argtypes, return_type = sigutils.normalize_signature(signature)
            type_callees_last_first(kernel, argtypes, return_type, strict=False)
    else:
        _callees_of_run(kernel, module, function)
    for later in after:
        if getattr(later, "_pending", ()):
            later._first_use()


def _end_with_parent() -> None:
    """(In a helper) end this process, and its claims, as soon as the one that started it ends.

    A command can end without stopping its helper (it exits at once, or a
    bad input ends it after the first compiles): the helper's work is then
    of no use to it.
    """
    import shutil
    import threading
    import time

    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        directory = os.environ.get(CLAIMS_ENV)
        if directory:
            shutil.rmtree(directory, ignore_errors=True)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _callees_of_run(kernel: Any, module: str, function: str) -> None:
    """:func:`_callees_of` for a kernel without signatures: its types from a plain-Python run."""
    import importlib

    run = getattr(importlib.import_module(module), function)
    package = ".".join(kernel.py_func.__module__.split(".")[:2])
    earlier: list[Any] = []
    argtypes = first_call_arguments(kernel, run, package, earlier)
    # the kernels the warm-up calls from Python before ``kernel``, the last ones first,
    # until one the other process has reached (claimed or cached: that one and the ones
    # before are its own)
    for earlier_kernel, types_ in reversed(earlier):
        if (
            type(earlier_kernel) not in (CPUDispatcher, _PlainArguments)
            or types_ in earlier_kernel.overloads
        ):
            continue
        if _claimed_or_cached(earlier_kernel, types_):
            break
        earlier_kernel.compile(types_)
    type_callees_last_first(kernel, argtypes)
    # the kernels ``kernel`` calls through their addresses (late_bound): the other process
    # needs them only once ``kernel`` is compiled, so this one compiles them last, while
    # the other compiles ``kernel``
    for late, argtypes_of in getattr(kernel, "_late", ()):
        late_types = argtypes_of(tuple(argtypes))
        if late_types not in late.kernel.overloads and not _claimed_or_cached(
            late.kernel, late_types
        ):
            late.kernel.compile(late_types)


def _claimed_or_cached(dispatcher: Any, argtypes: tuple[Any, ...]) -> bool:
    """Whether a version is in numba's cache or claimed by a process (:data:`CLAIMS_ENV`)."""
    cache = getattr(dispatcher, "_cache", None)
    cache_file = getattr(cache, "_cache_file", None)
    if cache is None or cache_file is None:
        return False
    if os.path.exists(_claim_path(cache, argtypes)):
        return True
    try:
        key = cache._index_key(argtypes, dispatcher.targetctx.codegen())
        return key in cache_file._load_index()
    except Exception:  # (an unreadable index: not cached)
        return False

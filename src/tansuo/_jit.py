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

One limit: a kernel first compiled while numba types a caller built without
reference counting (gomoku's ``_nrt=False`` helpers) is typed in that mode too,
so one that allocates arrays (``np.empty``) keeps numba's own eager decorator.

:func:`njit_one_version` is for helpers whose signature is awkward to write
(named tuples of a dozen arrays): a plain ``njit(cache=True)`` kernel, except
that a call from another kernel passes its scalars by plain type. numba
otherwise compiles a helper once for ``f(x, 0)`` (the constant's literal
type), again for ``f(x, i)`` with ``i`` an ``int64`` and a third time with an
``int32`` read from an array; each costs as much as the first on a fresh
cache. Constants are passed as ``int64`` or ``bool``, and signed integers
narrower than 64 bits as ``int64``, so those calls share one version. Arrays
of different element types still get one version each.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba.core import typeinfer, types
from numba.core.compiler_lock import global_compiler_lock
from numba.core.registry import CPUDispatcher

__all__ = ["njit_on_first_use", "njit_one_version"]


class _SignaturesOnFirstUse(CPUDispatcher):
    """A CPU dispatcher that compiles its explicit signatures when first called or typed."""

    _pending: tuple[Any, ...] = ()

    def _first_use(self) -> None:
        with global_compiler_lock:  # two threads' first calls compile once
            pending, self._pending = self._pending, ()
            if not pending:
                return
            with typeinfer.register_dispatcher(self):  # as numba's own decorator does
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
    """A CPU dispatcher that types the calls of other kernels with plain scalar types."""

    def get_call_template(self, args: Any, kws: Any) -> Any:
        args = tuple(_plain(a) for a in args)
        kws = {name: _plain(a) for name, a in kws.items()}
        return super().get_call_template(args, kws)


def njit_one_version(
    function: Callable[..., Any] | None = None, *, cache: bool = True, **options: Any
) -> Any:
    """``numba.njit(cache=cache, **options)``, one version for calls that differ in scalars only.

    Used bare (``@njit_one_version``) or with options
    (``@njit_one_version(_nrt=False)``). See the module for what it changes.

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
        kernel = _PlainArguments(py_func=function, locals={}, targetoptions=targetoptions)
        if cache:
            kernel.enable_caching()
        return kernel

    return decorate if function is None else decorate(function)

"""numba's on-disk cache of the Sokoban kernels, kept in step across their files.

numba keys a cached kernel on the source file that defines it, so a kernel
that calls into another file (``search`` calls ``board``, ``deadlock`` and
``features``) would keep its old machine code after only the callee's file
changed. :func:`drop_stale` keeps a fingerprint of all the kernel files beside
the cache and, when it no longer matches, removes the cache of every kernel
file, so that they all compile again together.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_MARK = "tansuo-sokoban-kernels.fingerprint"


def _sources() -> list[str]:
    return sorted(glob.glob(os.path.join(_HERE, "*.py")))


def _cache_dir(source: str) -> str | None:
    """Where numba keeps the cache of the kernels of ``source`` (None: no usable place)."""
    from numba.core import caching

    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    if impl is None:
        return None

    def probe() -> None:
        """(Stands for a kernel: the locators read its first line number only.)"""

    for locator_class in impl._locator_classes:
        with contextlib.suppress(Exception):
            locator = locator_class.from_function(probe, source)
            if locator is not None:
                return str(locator.get_cache_path())
    return None


def drop_stale() -> None:
    """Remove every kernel file's numba cache when any kernel file changed since it was made.

    Errors (a read-only cache, a race with another process) are ignored:
    at worst a kernel compiles again.
    """
    with contextlib.suppress(Exception):
        sources = _sources()
        digest = hashlib.sha256()
        for source in sources:
            with open(source, "rb") as handle:
                digest.update(os.path.basename(source).encode() + b"\0" + handle.read())
        fingerprint = digest.hexdigest()
        where = _cache_dir(sources[0])
        if where is None:
            return
        mark = os.path.join(where, _MARK)
        with contextlib.suppress(OSError), open(mark, encoding="ascii") as handle:
            if handle.read().strip() == fingerprint:
                return
        for source in sources:
            stem = os.path.splitext(os.path.basename(source))[0]
            folder = _cache_dir(source) or where
            for cached in glob.glob(os.path.join(folder, f"{stem}.*.nb[ic]")):
                with contextlib.suppress(OSError):
                    os.remove(cached)
        os.makedirs(where, exist_ok=True)
        with open(mark, "w", encoding="ascii") as handle:
            handle.write(fingerprint + "\n")

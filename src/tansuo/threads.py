"""Threads a kernel may run on: the default and the check of a ``threads=`` argument.

tansuo's parallel kernels release the GIL and run on plain Python threads
(not numba's ``prange``: with numba's GNU OpenMP layer a process forked after
a parallel region is killed, and the batch runner forks). Every ``threads=``
argument means the same: None for :func:`default_threads`, else 1 to
:data:`MAX_THREADS`.
"""

from __future__ import annotations

import numbers

import numba

from tansuo.errors import InvalidInput

MAX_THREADS = 256
"""Most threads a ``threads=`` argument accepts."""


def default_threads() -> int:
    """Threads a parallel kernel runs on when not told: numba's ``NUMBA_NUM_THREADS``.

    numba reads it from the environment variable of that name, and otherwise
    takes the number of cores this process may run on.

    Returns
    -------
    int
        At least 1.

    Examples
    --------
    >>> import numba
    >>> default_threads() == max(1, numba.config.NUMBA_NUM_THREADS)
    True
    """
    # read from the environment when numba starts (numba.get_num_threads would also
    # start numba's own thread pool, which these threads do not use)
    return max(1, int(numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]


def check_threads(threads: object) -> int:
    """``threads`` as a count: None is :func:`default_threads`; anything else 1 to 256.

    Raises
    ------
    InvalidInput
        ``threads`` is not a whole number in range.
    """
    if threads is None:
        return default_threads()
    if isinstance(threads, bool) or not isinstance(threads, numbers.Integral):
        raise InvalidInput(
            f"threads must be a whole number between 1 and {MAX_THREADS}, got {threads!r}"
        )
    count = int(threads)
    if not 1 <= count <= MAX_THREADS:
        raise InvalidInput(f"threads must be between 1 and {MAX_THREADS}, got {threads!r}")
    return count

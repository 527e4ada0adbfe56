"""Numba kernels of the Xiangqi engine: the board (``board``) and the search (``search``).

Flat numpy arrays only, ``@njit(cache=True)`` functions only; every slot of a
state array and every code has a named constant here, used by the kernels and
their Python callers alike.
"""

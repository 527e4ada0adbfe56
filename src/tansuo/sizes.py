"""Board-size ranges as the command line writes them: ``8-14``, ``4,8,12``.

Its own small module so that a one-size command (``tansuo queens 8``) reads
its size without importing the batch runner.
"""

from __future__ import annotations

from tansuo.errors import InvalidInput

MAX_RANGE = 100_000
"""The most sizes one ``N-M`` range may hold (each is a whole batch instance)."""


def parse_size_range(spec: str) -> list[int] | None:
    """``"8-14"`` -> 8..14, ``"4,8,12"`` -> those; None when ``spec`` is not a range.

    Examples
    --------
    >>> parse_size_range("8-11"), parse_size_range("4,6"), parse_size_range("sizes.txt")
    ([8, 9, 10, 11], [4, 6], None)
    """
    text = spec.replace(" ", "")
    if not text or any(c not in "0123456789-," for c in text):
        return None
    sizes: list[int] = []
    for part in text.split(","):
        low, dash, high = part.partition("-")
        if not low.isdecimal() or (dash and not high.isdecimal()):
            raise InvalidInput(f"range {spec!r}: expected N, N-M or a list such as 4,8,12")
        shown = spec if len(spec) <= 40 else f"{spec[:40]}..."
        if len(low) > 30 or len(high) > 30:  # (never int() of thousands of digits)
            raise InvalidInput(f"range {shown!r}: a number of over 30 digits is no size")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise InvalidInput(f"range {shown!r}: {first}-{last} is empty")
        if last - first >= MAX_RANGE:
            raise InvalidInput(f"range {shown!r}: over {MAX_RANGE:,} sizes in one range")
        sizes.extend(range(first, last + 1))
    return sizes

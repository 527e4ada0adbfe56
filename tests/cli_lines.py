"""What a command said on stderr, read the way the tests read it."""

from __future__ import annotations

import re

_COMPILE_PROGRESS = re.compile(
    r"^compiling .*, first run only: (\d+/\d+|done \(\d+ kernels?, \d+ s\))$"
)


def said_lines(err: str) -> list[str]:
    """The lines a command wrote on stderr, less numba's first-run compile progress.

    On a cold cache a command first says which kernels it compiles (on stderr,
    as progress lines go); what it says besides is what a user reads on every
    later run.
    """
    lines = [line for line in err.splitlines() if line.strip()]
    return [line for line in lines if not _COMPILE_PROGRESS.match(line.strip())]

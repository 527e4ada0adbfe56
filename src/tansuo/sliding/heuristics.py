"""Heuristics of the sliding-tile puzzles: Manhattan, linear conflicts, pattern databases.

Additive disjoint pattern databases (Korf & Felner 2002): the tiles are split
into groups; a group's table holds, for every placement of its tiles, the
fewest moves *of its own tiles* that bring them home, the other tiles being
indistinguishable. Moves of one group's tiles are never counted by another
group's table, so the tables' values add up and stay admissible. With the
goal's blank on the main diagonal the board mirrored about that diagonal is
looked up too, and the larger sum is taken (the reflection lookup).

A table is built by a breadth-first search over the abstract space in numba
(:func:`tansuo.sliding._kernels.pdb_level`: a state is the group's placement
and the region of free cells the blank is in, the blank's own moves free), one
byte per placement. Groups of 7 tiles or more (the 7-8 database) are built
with the blank relaxed (any free neighbour may take a tile), which needs a
byte per placement instead of one per placement and blank cell (519 MB rather
than 8.3 GB for 8 tiles) but gives lower values, still admissible: on Korf's
first 20 boards its mean start value is 41.4, below 6-6-3's 44.0, so 7-8 is
used only when asked for. Tables are cached under :func:`cache_dir`
with a checksum in their header: a damaged or partial file is rebuilt, never
trusted.

>>> spec = pattern_groups("5-5-5", (4, 4), tuple(range(16)))
>>> [len(g) for g in spec], sorted(t for g in spec for t in g) == list(range(1, 16))
([5, 5, 5], True)
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.sliding import _kernels as K
from tansuo.sliding.model import Board, Shape

HEURISTICS = ("manhattan", "linear", "5-5-5", "6-6-3", "7-8", "exact")
"""``manhattan``; ``linear`` (Manhattan + linear conflicts); the 15-puzzle's
pattern databases; ``exact``, a table of every state (boards of up to 9 cells)."""

EXACT_MAX_CELLS = 9

# Goal cells of each group, for the 15-puzzle with the blank's goal on cell 0
# (Korf's goal); other goals use the same cells turned about the centre when the
# blank is home on cell 15, and as they are otherwise.
PARTITIONS: dict[str, tuple[tuple[int, ...], ...]] = {
    "5-5-5": ((1, 4, 5, 8, 12), (2, 3, 6, 7, 11), (9, 10, 13, 14, 15)),
    "6-6-3": ((1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15)),
    "7-8": ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15)),
}

HEADER_BYTES = 4096
MAGIC = "tansuo-sliding-pdb-1"


def cache_dir() -> Path:
    """Where tables are kept: ``$TANSUO_CACHE/sliding``, else the user cache directory."""
    root = os.environ.get("TANSUO_CACHE")
    if not root:
        import platformdirs

        root = platformdirs.user_cache_dir("tansuo")
    return Path(root) / "sliding"


def pattern_groups(name: str, shape: Shape, goal: Board) -> tuple[tuple[int, ...], ...]:
    """The tiles of each group of the named database for ``goal``."""
    cells = shape[0] * shape[1]
    blank = goal.index(0)
    if name == "exact":
        if cells > EXACT_MAX_CELLS:
            raise InvalidInput(
                f"an exact table is for boards of up to {EXACT_MAX_CELLS} cells; "
                f"a {shape[0]}x{shape[1]} board has {cells}"
            )
        return (tuple(t for t in goal if t),)
    if name not in PARTITIONS:
        raise InvalidInput(f"unknown heuristic {name!r}; choose one of {', '.join(HEURISTICS)}")
    if shape != (4, 4):
        raise InvalidInput(f"the {name} pattern database is for the 4x4 board (15-puzzle)")
    groups = [list(g) for g in PARTITIONS[name]]
    if blank == 15:
        groups = [[15 - c for c in g] for g in groups]
    elif blank != 0:  # the blank's home joins a group; cell 0 takes its place
        for g in groups:
            g[:] = [0 if c == blank else c for c in g]
    return tuple(tuple(goal[c] for c in g) for g in groups)


def table_size(k: int, cells: int) -> int:
    """Entries of a group's table: placements of ``k`` tiles on ``cells`` cells."""
    return math.perm(cells, k)


def weights(k: int, cells: int) -> np.ndarray:
    """The index weights of the compact ranking (mixed radix cells, cells-1, ...)."""
    mult = np.ones(k, np.int64)
    for i in range(k - 2, -1, -1):
        mult[i] = mult[i + 1] * (cells - i - 1)
    return mult


def neighbours(shape: Shape) -> np.ndarray:
    """``nbr[cell, direction]``: the cell the blank moves to (L, U, R, D), or -1."""
    rows, cols = shape
    nbr = np.full((rows * cols, 4), -1, np.int64)
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        for d, (dr, dc) in enumerate(((0, -1), (-1, 0), (0, 1), (1, 0))):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                nbr[cell, d] = (r + dr) * cols + c + dc
    return nbr


def build_bytes(k: int, cells: int) -> int:
    """Peak bytes of building one group's table (the search's states and the table)."""
    size = table_size(k, cells)
    if k >= RELAXED_FROM and k < cells - 1:
        return size
    return size * cells + size


@dataclass(frozen=True, slots=True)
class Database:
    """The tables of one additive pattern database, ready for the kernels."""

    name: str
    groups: tuple[tuple[int, ...], ...]
    tables: tuple[np.ndarray, ...]
    reflect: bool
    load_s: float
    built: bool

    @property
    def nbytes(self) -> int:
        return sum(t.nbytes for t in self.tables)


RELAXED_FROM = 7
"""Groups of this many tiles or more are built with the blank relaxed (see
:func:`tansuo.sliding._kernels.pdb_level_relaxed`): a byte per placement."""


def build_table(
    tiles: Sequence[int],
    shape: Shape,
    goal: Board,
    progress: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """One group's table by breadth-first search (only the group's tiles' moves count)."""
    rows, cols = shape
    cells = rows * cols
    k = len(tiles)
    size = table_size(k, cells)
    mult = weights(k, cells)
    goal_cells = np.array([goal.index(t) for t in tiles], np.int64)
    relaxed = k >= RELAXED_FROM and k < cells - 1
    nbr = neighbours(shape)
    if relaxed:
        dist = np.full(size, K.UNSEEN, np.uint8)
        dist[K.rank_cells(goal_cells, k, mult)] = 0
    else:
        dist = np.full(size * cells, K.UNSEEN, np.uint8)
        K.pdb_start(goal_cells, goal.index(0), rows, cols, mult, dist)
    level = 0
    chunk = max(1, size // 64)
    while True:
        found = 0
        for first in range(0, size, chunk):
            last = min(size, first + chunk)
            if relaxed:
                found += K.pdb_level_relaxed(level, k, rows, cols, mult, nbr, dist, first, last)
            else:
                found += K.pdb_level(level, k, rows, cols, mult, nbr, dist, first, last)
        if progress is not None:
            progress(level + 1, found)
        if found == 0:
            break
        level += 1
        if level >= K.UNSEEN - 1:
            raise InvalidInput("pattern database distances overflow a byte")
    if relaxed:
        return dist
    table = np.empty(size, np.uint8)
    K.pdb_collapse(dist, cells, table)
    return table


def _key(tiles: Sequence[int], shape: Shape, goal: Board) -> str:
    text = f"{shape[0]}x{shape[1]}|{','.join(map(str, goal))}|{','.join(map(str, tiles))}"
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    return f"{shape[0]}x{shape[1]}-{len(tiles)}-{digest}"


def _load(path: Path, expected: int) -> np.ndarray | None:
    """The table in ``path`` if its header and checksum hold; None otherwise."""
    try:
        with open(path, "rb") as handle:
            header = json.loads(handle.read(HEADER_BYTES).rstrip(b"\0 ").decode())
            if header.get("magic") != MAGIC or header.get("size") != expected:
                return None
            data = np.fromfile(handle, np.uint8)
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if data.size != expected or zlib.crc32(data.data) != header.get("crc32"):
        return None
    return data


def _save(path: Path, table: np.ndarray, tiles: Sequence[int]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    header = json.dumps(
        {
            "magic": MAGIC,
            "size": int(table.size),
            "tiles": list(tiles),
            "crc32": zlib.crc32(table.data),
        }
    ).encode()
    partial = path.with_suffix(".partial")
    with open(partial, "wb") as handle:
        handle.write(header.ljust(HEADER_BYTES, b" "))
        table.tofile(handle)
    os.replace(partial, path)  # a reader never sees half a file


def reflectable(shape: Shape, goal: Board) -> bool:
    """Whether the mirror about the main diagonal keeps the goal: square, blank on the diagonal."""
    rows, cols = shape
    blank = goal.index(0)
    return rows == cols and blank // cols == blank % cols


def cached(name: str, shape: Shape, goal: Board) -> bool:
    """Whether every table of the named database is in the cache already."""
    try:
        groups = pattern_groups(name, shape, goal)
    except InvalidInput:
        return False
    return all((cache_dir() / f"{_key(g, shape, goal)}.pdb").exists() for g in groups)


def database(
    name: str,
    shape: Shape,
    goal: Board,
    *,
    use_cache: bool = True,
    progress: Callable[[str, int, int], None] | None = None,
) -> Database:
    """The named database for ``goal``: loaded from the cache, or built (and cached)."""
    started = time.perf_counter()
    groups = pattern_groups(name, shape, goal)
    cells = shape[0] * shape[1]
    tables = []
    built = False
    for tiles in groups:
        key = _key(tiles, shape, goal)
        memo = _MEMORY.get(key)
        if memo is not None:
            tables.append(memo)
            continue
        path = cache_dir() / f"{key}.pdb"
        table = _load(path, table_size(len(tiles), cells)) if use_cache else None
        if table is None:
            table = build_table(tiles, shape, goal, _told(progress, name, len(tiles), cells))
            built = True
            if use_cache:
                with contextlib.suppress(OSError):  # a read-only cache: still serves this run
                    _save(path, table, tiles)
        _MEMORY[key] = table
        tables.append(table)
    return Database(
        name, groups, tuple(tables), reflectable(shape, goal), time.perf_counter() - started, built
    )


def _told(
    progress: Callable[[str, int, int], None] | None, name: str, k: int, cells: int
) -> Callable[[int, int], None] | None:
    """The builder's ``(level, states)`` reports, passed on with what is being built."""
    if progress is None:
        return None
    told = progress
    size = table_size(k, cells)
    seconds = max(1, round(size / 5e5))
    label = f"{name}, a group of {k} tiles: {size / 1e6:.1f} MB, about {seconds} s of CPU"

    def report(level: int, states: int) -> None:
        told(label, level, states)

    return report


_MEMORY: dict[str, np.ndarray] = {}
"""Tables loaded in this process, by key (a table is read from disk once)."""


def forget_loaded() -> None:
    """Drop the tables kept in memory (the next use loads them from the cache again)."""
    _MEMORY.clear()

"""Heuristics of the sliding-tile puzzles: Manhattan, linear conflicts, pattern databases.

Additive disjoint pattern databases (Korf & Felner 2002): the tiles are split
into groups; a group's table holds, for every placement of its tiles, the
fewest moves *of its own tiles* that bring them home, the other tiles being
indistinguishable. Moves of one group's tiles are never counted by another
group's table, so the tables' values add up and stay admissible. With the
goal's blank on the main diagonal the board mirrored about that diagonal is
looked up too, and the larger sum is taken (the reflection lookup).

A table is built by a breadth-first search over the abstract space in numba
(:func:`tansuo.sliding._kernels.pdb_expand`): a state is the group's placement
and the region of free cells the blank is in, the blank's own moves free, only
the group's tiles' moves counted; the table keeps per placement the least
distance over the blank's regions. The search marks two bits per placement and
free cell, so the 8-tile group of 7-8 (518.9 M placements) takes 1.04 GB and
its table 519 MB, where a byte per placement and blank cell would be 8.3 GB.
Tables are cached under :func:`cache_dir` with a checksum in their header: a
damaged or partial file is rebuilt, never trusted.

>>> spec = pattern_groups("5-5-5", (4, 4), tuple(range(16)))
>>> [len(g) for g in spec], sorted(t for g in spec for t in g) == list(range(1, 16))
([5, 5, 5], True)
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import math
import os
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
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
MAGIC = "tansuo-sliding-pdb-2"  # 2: every group built with the blank tracked


def cache_dir() -> Path:
    """Where tables are kept: ``$TANSUO_CACHE/sliding``, else the user cache directory.

    Returns
    -------
    pathlib.Path
        The folder; it may not exist yet (it is made when a table is saved).

    Examples
    --------
    >>> cache_dir().name
    'sliding'
    """
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


def element_bits(k: int, cells: int) -> int:
    """Bits a placement takes in the builder's word array: 2 per free cell, a power of 2."""
    return max(2, 1 << (2 * (cells - k) - 1).bit_length())


def build_bytes(k: int, cells: int) -> int:
    """Peak bytes of building one group's table: the 2-bit states and the table."""
    size = table_size(k, cells)
    per = 64 // element_bits(k, cells)
    return -(-size // per) * 8 + size


@dataclass(frozen=True, slots=True)
class Database:
    """The tables of one additive pattern database, ready for the kernels: one flat array."""

    name: str
    groups: tuple[tuple[int, ...], ...]
    table: np.ndarray
    """Every group's table, one after the other (group ``g``'s from ``offsets[g]``)."""
    offsets: tuple[int, ...]
    reflect: bool
    load_s: float
    built: bool

    @property
    def tables(self) -> tuple[np.ndarray, ...]:
        """Each group's table (views of :attr:`table`)."""
        ends = (*self.offsets[1:], self.table.size)
        return tuple(self.table[a:b] for a, b in zip(self.offsets, ends, strict=True))

    @property
    def nbytes(self) -> int:
        return int(self.table.nbytes)


@dataclass(frozen=True, slots=True)
class BuildStep:
    """Where the build of one table is: told to a ``progress`` callable many times a level."""

    what: str
    """The database and group, e.g. ``"7-8, group 2 of 2 (8 tiles)"``."""
    level: int
    """The level being expanded (the distance of its states)."""
    done: int
    """Placements scanned at this level, out of ``size``."""
    size: int
    states: int
    """States (placement, blank region) reached so far, all levels."""
    elapsed_s: float
    expected_s: float
    """The build's expected CPU time, said before it starts."""
    nbytes: int
    """Peak memory of the build."""


BUILD_RATE = 1.5e6
"""Placements per second the builder gets through on one core (1.5 M for the 8-tile
group of 7-8, 1.9 M for its 7-tile one), for the expected time."""


def build_table(
    tiles: Sequence[int],
    shape: Shape,
    goal: Board,
    progress: Callable[[BuildStep], None] | None = None,
    what: str = "",
    out: np.ndarray | None = None,
) -> np.ndarray:
    """One group's table by breadth-first search (only the group's tiles' moves count).

    The blank is tracked exactly: a state is the placement of the group's
    tiles and the region of free cells the blank is in, two bits per
    placement and free cell (see :func:`tansuo.sliding._kernels.pdb_expand`).
    The table is written into ``out`` when given (a byte per placement).
    """
    rows, cols = shape
    cells = rows * cols
    if cells > 16:
        raise InvalidInput("pattern databases are built for boards of up to 16 cells")
    k = len(tiles)
    size = table_size(k, cells)
    mult = weights(k, cells)
    ebits = element_bits(k, cells)
    per = 64 // ebits
    nwords = -(-size // per)
    words = np.zeros(nwords, np.int64)
    value = np.empty(size, np.uint8) if out is None else out
    value[:] = K.UNSEEN
    full = (1 << cells) - 1
    not_first = sum(1 << c for c in range(cells) if c % cols != 0)
    not_last = sum(1 << c for c in range(cells) if c % cols != cols - 1)
    params = np.zeros(K.S_SIZE, np.int64)
    params[K.S_COLS], params[K.S_FULL] = cols, full
    params[K.S_NOT_FIRST], params[K.S_NOT_LAST] = not_first, not_last
    params[K.S_EBITS_LOG] = ebits.bit_length() - 1
    pext8, spread8, pop16 = _builder_tables()
    nbr = neighbours(shape)
    goal_cells = np.array([goal.index(t) for t in tiles], np.int64)
    K.pdb_seed(goal_cells, goal.index(0), mult, params, pext8, spread8, pop16, words, value)
    started = time.process_time()
    expected = size / BUILD_RATE
    states = 1
    chunk = max(1, nwords // 256)
    level = 0
    while True:
        found = 0
        for first in range(0, nwords, chunk):
            last = min(nwords, first + chunk)
            found += K.pdb_expand(
                level, k, mult, nbr, params, pext8, spread8, pop16, words, value, first, last
            )
            if progress is not None:
                progress(
                    BuildStep(
                        what,
                        level,
                        min(size, last * per),
                        size,
                        states + found,
                        time.process_time() - started,
                        expected,
                        build_bytes(k, cells),
                    )
                )
        states += found
        if found == 0:
            break
        level += 1
        if level >= K.UNSEEN - 1:
            raise InvalidInput("pattern database distances overflow a byte")
    return value


@functools.cache
def _builder_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``pext8``, ``spread8`` and ``pop16`` for :func:`~tansuo.sliding._kernels.pdb_expand`."""
    pext8 = np.zeros(1 << 16, np.uint8)
    for free in range(256):
        cells = [c for c in range(8) if (free >> c) & 1]
        for region in range(256):
            pext8[(free << 8) | region] = sum(
                1 << r for r, c in enumerate(cells) if (region >> c) & 1
            )
    spread8 = np.array(
        [sum(1 << (2 * b) for b in range(8) if (v >> b) & 1) for v in range(256)], np.int64
    )
    pop16 = np.array([bin(m).count("1") for m in range(1 << 16)], np.uint8)
    return pext8, spread8, pop16


def _key(tiles: Sequence[int], shape: Shape, goal: Board) -> str:
    text = f"{shape[0]}x{shape[1]}|{','.join(map(str, goal))}|{','.join(map(str, tiles))}"
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    return f"{shape[0]}x{shape[1]}-{len(tiles)}-{digest}"


def _load(path: Path, out: np.ndarray) -> bool:
    """Read the table in ``path`` into ``out``: whether its header and checksum hold."""
    try:
        with open(path, "rb") as handle:
            header = json.loads(handle.read(HEADER_BYTES).rstrip(b"\0 ").decode())
            if header.get("magic") != MAGIC or header.get("size") != out.size:
                return False
            read = handle.readinto(out.data)
            extra = handle.read(1)
    except (OSError, ValueError, UnicodeDecodeError):
        return False
    return read == out.size and not extra and zlib.crc32(out.data) == header.get("crc32")


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
    progress: Callable[[BuildStep], None] | None = None,
) -> Database:
    """The named database for ``goal``: loaded from the cache, or built (and cached).

    Its tables are read straight into one flat array (kept for the rest of the
    process: the next call costs nothing), or built into it.

    Parameters
    ----------
    name : str
        ``"exact"`` (one table of every tile, boards of up to
        ``EXACT_MAX_CELLS`` cells) or a 15-puzzle partition of
        ``PARTITIONS`` (``"7-8"``, ``"6-6-3"``, ``"5-5-5"``).
    shape : (rows, cols)
        The board's shape.
    goal : tuple of int
        The goal board the distances are to.
    use_cache : bool
        Load tables from :func:`cache_dir` and save the ones built (default);
        ``False`` builds them in memory only.
    progress : callable, optional
        Called with a :class:`BuildStep` many times a level while a table is built.

    Returns
    -------
    Database
        ``built`` says whether any table was built rather than loaded.

    Raises
    ------
    InvalidInput
        An unknown name, or a partition for a board it is not made for.

    Examples
    --------
    >>> from tansuo.sliding import goal_board
    >>> db = database("exact", (2, 3), goal_board((2, 3)), use_cache=False)
    >>> db.groups, db.table.size, db.built
    (((1, 2, 3, 4, 5),), 720, True)
    """
    started = time.perf_counter()
    key = f"{cache_dir()}|{name}|{shape[0]}x{shape[1]}|{','.join(map(str, goal))}"
    memo = _MEMORY.get(key)
    if memo is not None:
        return replace(memo, load_s=time.perf_counter() - started, built=False)
    groups = pattern_groups(name, shape, goal)
    cells = shape[0] * shape[1]
    sizes = [table_size(len(tiles), cells) for tiles in groups]
    offsets = tuple(sum(sizes[:g]) for g in range(len(groups)))
    flat = np.empty(sum(sizes), np.uint8)
    flat.fill(K.UNSEEN)  # touched here (huge pages): a read into fresh pages is 5x slower
    built = False
    for g, (tiles, offset, size) in enumerate(zip(groups, offsets, sizes, strict=True)):
        part = flat[offset : offset + size]
        path = cache_dir() / f"{_key(tiles, shape, goal)}.pdb"
        if use_cache and _load(path, part):
            continue
        what = f"{name}, group {g + 1} of {len(groups)} ({len(tiles)} tiles)"
        build_table(tiles, shape, goal, progress, what, out=part)
        built = True
        if use_cache:
            with contextlib.suppress(OSError):  # a read-only cache: still serves this run
                _save(path, part, tiles)
    db = Database(
        name,
        groups,
        flat,
        offsets,
        reflectable(shape, goal),
        time.perf_counter() - started,
        built,
    )
    _MEMORY[key] = db
    return db


_MEMORY: dict[str, Database] = {}
"""Databases loaded in this process, by cache, name, shape and goal (read from disk once)."""


def forget_loaded() -> None:
    """Drop the tables kept in memory (the next use loads them from the cache again)."""
    _MEMORY.clear()

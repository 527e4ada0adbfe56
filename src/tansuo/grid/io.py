"""Grid formats, read and written in one place, and the maps that ship with tansuo.

* Moving AI ``.map`` (header ``type octile``, ``height``, ``width``, ``map``;
  ``.``, ``G`` and ``S`` passable, ``@``, ``O``, ``T``, ``W`` blocked) and
  ``.scen`` (``version 1`` then nine tab-separated fields per problem);
* plain text grids: ``#`` wall, ``.`` floor, ``1``-``9`` a cell's cost, and
  optionally ``S``/``A`` and ``G``/``B`` marking the start and the goal;
* images (PNG and whatever else Pillow opens): dark pixels are walls.

The verbs are those of every domain: ``parse_*(text)``, ``read_*(path)``
(files are read by :func:`tansuo.files.read_text`, which names the path and
what is wrong with it), ``format_*(grid)``, and ``bundled_map(name)`` /
``bundled_scen(name)`` for the bundled data, listed by
:func:`bundled_map_names`. :func:`load_grid` and :func:`load_scen` take what a
command line gives: a file, or a bundled name when no such file exists.

>>> grid = parse_text_grid("S.#\\n..G")
>>> print(format_text_grid(grid), end="")
..#
...
>>> grid.start, grid.goal
((0, 0), (2, 1))
"""

from __future__ import annotations

import math
import os
import struct
import warnings
from importlib import resources
from pathlib import Path

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.files import check_input, could_be_path, read_text, shown_path
from tansuo.grid.model import MAX_CELLS, Grid, Point, Scenario

MOVING_AI_PASSABLE = frozenset(".GS")
MOVING_AI_BLOCKED = frozenset("@OTW")

BUNDLED_MAPS: tuple[str, ...] = ("arena2", "maze512-1-0", "8room_000", "random512-10-0")
"""The bundled Moving AI benchmark maps, each with its ``.scen`` file."""
BUNDLED_TEXT_GRIDS: tuple[str, ...] = ("room",)
"""Bundled text grids: ``room`` is the textbook's "wall between A and B"."""

IMAGE_SUFFIXES = (".png", ".gif", ".bmp", ".jpg", ".jpeg", ".pgm", ".ppm")
_IMAGE_MAGIC = (b"\x89PNG", b"GIF8", b"BM", b"\xff\xd8\xff", b"P5", b"P6")

MAX_GRID_FILE_BYTES = 64 << 20
"""The largest map or text grid read (64 MiB): the largest grid tansuo searches,
4096x4096 cells, is 16 MiB of text."""

_DATA = "tansuo.data.grid"


# -- plain text grids -----------------------------------------------------------
def parse_text_grid(text: str, *, name: str = "") -> Grid:
    """Parse a text grid: ``#`` wall, ``.`` floor, ``1``-``9`` cell costs.

    ``S`` (or ``A``) and ``G`` (or ``B``) mark a start and a goal on floor
    cells. Blank lines at the ends are ignored; all rows must have one length.

    Parameters
    ----------
    text : str
        The grid.
    name : str
        Where it came from, for the grid and for messages.

    Returns
    -------
    Grid
        With ``start`` and ``goal`` set when marked.

    Raises
    ------
    InvalidInput
        Empty text, rows of different lengths, or an unknown character (with
        its line and column).

    Examples
    --------
    >>> g = parse_text_grid("S.#\\n.2G")
    >>> g.start, g.goal, float(g.cells[1, 1])
    ((0, 0), (2, 1), 2.0)
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    rows = [ln.rstrip() for ln in lines[first:]]
    if not rows:
        raise InvalidInput("the grid text is empty", source=name or None)
    width = len(rows[0])
    if len(rows) * width > MAX_CELLS:
        raise InvalidInput(f"a {width}x{len(rows)} grid is too large", source=name or None)
    cells = np.empty((len(rows), width), dtype=np.float64)
    start = goal = None
    for y, row in enumerate(rows):
        line_no = first + y + 1
        if len(row) != width:
            raise InvalidInput(
                f"row has {len(row)} cells but the first row has {width}; all rows must "
                "have the same length",
                line=line_no,
                source=name or None,
            )
        for x, ch in enumerate(row):
            if ch == "#":
                cells[y, x] = np.inf
            elif ch in ".SAGB":
                cells[y, x] = 1.0
                if ch in "SA":
                    if start is not None:
                        raise InvalidInput(
                            "a second start mark", line=line_no, column=x + 1, source=name or None
                        )
                    start = (x, y)
                elif ch in "GB":
                    if goal is not None:
                        raise InvalidInput(
                            "a second goal mark", line=line_no, column=x + 1, source=name or None
                        )
                    goal = (x, y)
            elif "1" <= ch <= "9":
                cells[y, x] = float(ch)
            else:
                raise InvalidInput(
                    f"unexpected character {ch!r}; use # wall, . floor, 1-9 cost, S start, G goal",
                    line=line_no,
                    column=x + 1,
                    source=name or None,
                )
    return Grid(cells, name=name, start=start, goal=goal)


def format_text_grid(grid: Grid) -> str:
    """The grid as plain text: ``#`` walls, ``.`` cost 1, digits for costs 2-9, ``?`` others.

    The start and goal marks are not written (``render.render_text`` draws a path).

    Parameters
    ----------
    grid : Grid
        The map.

    Returns
    -------
    str
        What :func:`parse_text_grid` reads back (costs above 9 as ``?``).

    Examples
    --------
    >>> format_text_grid(Grid.from_text("S..\\n.#.\\n..G"))
    '...\\n.#.\\n...\\n'
    """
    rows = []
    for row in grid.cells:
        chars = []
        for c in row:
            if not math.isfinite(c):
                chars.append("#")
            elif c == 1:
                chars.append(".")
            elif c == int(c) and 2 <= c <= 9:
                chars.append(str(int(c)))
            else:
                chars.append("?")
        rows.append("".join(chars))
    return "\n".join(rows) + "\n"


# -- Moving AI -----------------------------------------------------------------
def parse_map(text: str, *, name: str = "") -> Grid:
    """Parse a Moving AI ``.map`` file.

    Parameters
    ----------
    text : str
        The file's text.
    name : str
        The file's name, for the grid and for messages.

    Returns
    -------
    Grid

    Raises
    ------
    InvalidInput
        A missing or malformed header, a row count or length that disagrees
        with it, or an unknown terrain character (with line and column).

    Examples
    --------
    >>> g = parse_map("type octile\\nheight 2\\nwidth 3\\nmap\\n..@\\nT..\\n")
    >>> g.width, g.height, g.is_passable((2, 0)), g.is_passable((0, 1))
    (3, 2, False, False)
    """
    src = name or None
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    header: dict[str, str] = {}
    i = 0
    while i < len(lines):
        words = lines[i].split()
        i += 1
        if not words:
            continue
        key = words[0].lower()
        if key == "map":
            break
        if key not in ("type", "height", "width") or len(words) != 2:
            raise InvalidInput(
                f"expected a header line 'type octile', 'height N', 'width N' or 'map', "
                f"got {lines[i - 1].strip()[:40]!r}",
                line=i,
                source=src,
            )
        header[key] = words[1]
    else:
        raise InvalidInput("no 'map' line: not a Moving AI .map file", source=src)
    for key in ("height", "width"):
        if key not in header:
            raise InvalidInput(f"the header has no '{key}' line", source=src)
    try:
        height, width = int(header["height"]), int(header["width"])
    except ValueError:
        raise InvalidInput("height and width must be integers", source=src) from None
    if height <= 0 or width <= 0:
        raise InvalidInput(f"height {height} and width {width} must be positive", source=src)
    if height * width > MAX_CELLS:
        raise InvalidInput(f"a {width}x{height} map is too large", source=src)
    body = lines[i : i + height]
    if len(body) < height:
        raise InvalidInput(
            f"the header says height {height} but only {len(body)} map rows follow", source=src
        )
    for extra_no, extra in enumerate(lines[i + height :], start=i + height + 1):
        if extra.strip():
            raise InvalidInput(
                f"more map rows than the header's height {height}", line=extra_no, source=src
            )
    for y, row in enumerate(body):
        if len(row) != width:
            raise InvalidInput(
                f"map row has {len(row)} cells but the header says width {width}",
                line=i + y + 1,
                source=src,
            )
    raw = np.frombuffer("".join(body).encode("latin-1", "replace"), dtype=np.uint8)
    table = np.full(256, -1, dtype=np.int8)
    for ch in MOVING_AI_PASSABLE:
        table[ord(ch)] = 1
    for ch in MOVING_AI_BLOCKED:
        table[ord(ch)] = 0
    kinds = table[raw].reshape(height, width)
    bad = np.argwhere(kinds < 0)
    if bad.size:
        y, x = (int(v) for v in bad[0])
        raise InvalidInput(
            f"unknown terrain {body[y][x]!r}; expected . G S (passable) or @ O T W (blocked)",
            line=i + y + 1,
            column=x + 1,
            source=src,
        )
    return Grid(kinds == 1, name=name)


def parse_scen(text: str, *, name: str = "") -> list[Scenario]:
    """Parse a Moving AI ``.scen`` file: ``version 1`` then one problem a line.

    A problem line has nine tab-separated fields: bucket, map, width, height,
    start x, start y, goal x, goal y, optimal length. Other lines are skipped
    with a :class:`UserWarning` naming the line.

    Parameters
    ----------
    text : str
        The file's text.
    name : str
        The file's name, for messages.

    Returns
    -------
    list of Scenario
        In file order.

    Raises
    ------
    InvalidInput
        No problem at all, or a nine-field line whose numbers do not parse.

    Examples
    --------
    >>> s = parse_scen("version 1\\n0\\tm.map\\t3\\t2\\t0\\t0\\t2\\t1\\t2.41421356\\n")
    >>> s[0].start, s[0].goal, s[0].optimal
    ((0, 0), (2, 1), 2.41421356)
    """
    src = name or None
    problems: list[Scenario] = []
    skipped: list[int] = []
    for line_no, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        if not line.strip():
            continue
        if line_no == 1 and line.split()[0].lower() == "version":
            continue
        fields = line.rstrip("\n").split("\t")
        if len(fields) != 9:
            skipped.append(line_no)
            continue
        try:
            bucket, width, height, sx, sy, gx, gy = (int(fields[k]) for k in (0, 2, 3, 4, 5, 6, 7))
            optimal = float(fields[8])
        except ValueError:
            raise InvalidInput(
                "a problem line needs integers for bucket, width, height and the "
                "coordinates, and a number for the optimal length",
                line=line_no,
                source=src,
            ) from None
        problems.append(Scenario(bucket, fields[1], width, height, (sx, sy), (gx, gy), optimal))
    if not problems:  # not a scenario at all (a .map given for a .scen): one line, no warning
        raise InvalidInput("no problem lines (nine tab-separated fields)", source=src)
    if skipped:
        shown = ", ".join(map(str, skipped[:5])) + (" ..." if len(skipped) > 5 else "")
        warnings.warn(
            f"{name or 'scenario'}: skipped {len(skipped)} line(s) that are not nine "
            f"tab-separated fields (line {shown})",
            UserWarning,
            stacklevel=2,
        )
    return problems


def parse_point(text: str, what: str = "point") -> Point:
    """Parse ``"X,Y"`` into a point, with a clear error.

    Parameters
    ----------
    text : str
        ``X,Y``: two integers.
    what : str
        What the message calls it (``start``, ``goal``).

    Returns
    -------
    (x, y) : tuple of int

    Raises
    ------
    InvalidInput
        Anything other than two integers.

    Examples
    --------
    >>> parse_point(" 3, 4")
    (3, 4)
    """
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        return (int(parts[0]), int(parts[1]))
    except ValueError:
        raise InvalidInput(f"{what} must be X,Y (two integers), got {text!r}") from None


# -- files ---------------------------------------------------------------------
def read_map(path: str | os.PathLike[str]) -> Grid:
    """Read a Moving AI ``.map`` file.

    Parameters
    ----------
    path : str or os.PathLike
        The file.

    Returns
    -------
    Grid

    Raises
    ------
    InvalidInput
        A file that cannot be read (named with the reason), or text :func:`parse_map` refuses.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "tiny.map")
    >>> with open(path, "w") as f:
    ...     _ = f.write("type octile\\nheight 2\\nwidth 3\\nmap\\n..@\\n...\\n")
    >>> grid = read_map(path)
    >>> grid.width, grid.height
    (3, 2)
    """
    return parse_map(read_text(path, max_bytes=MAX_GRID_FILE_BYTES), name=_name(path))


def read_scen(path: str | os.PathLike[str]) -> list[Scenario]:
    """Read a Moving AI ``.scen`` file.

    Parameters
    ----------
    path : str or os.PathLike
        The file.

    Returns
    -------
    list of Scenario

    Raises
    ------
    InvalidInput
        A file that cannot be read (named with the reason), or text :func:`parse_scen` refuses.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "tiny.map.scen")
    >>> with open(path, "w") as f:
    ...     _ = f.write("version 1\\n0\\ttiny.map\\t3\\t2\\t0\\t0\\t2\\t1\\t2.41421356\\n")
    >>> read_scen(path)[0].goal
    (2, 1)
    """
    return parse_scen(read_text(path), name=_name(path))


def read_text_grid(path: str | os.PathLike[str]) -> Grid:
    """Read a plain text grid.

    Parameters
    ----------
    path : str or os.PathLike
        The file, or ``-``.

    Returns
    -------
    Grid

    Raises
    ------
    InvalidInput
        A file that cannot be read (named with the reason), or text :func:`parse_text_grid` refuses.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "room.txt")
    >>> with open(path, "w") as f:
    ...     _ = f.write("S..\\n.#.\\n..G\\n")
    >>> grid = read_text_grid(path)
    >>> grid.width, grid.height, grid.start, grid.goal
    (3, 3, (0, 0), (2, 2))
    """
    return parse_text_grid(read_text(path, max_bytes=MAX_GRID_FILE_BYTES), name=_name(path))


def read_image(path: str | os.PathLike[str], *, threshold: int = 128) -> Grid:
    """Read an image as a grid: pixels darker than ``threshold`` (0-255) are walls.

    Parameters
    ----------
    path : str or os.PathLike
        The image file.
    threshold : int
        Pixels darker than this (0-255) are walls.

    Returns
    -------
    Grid

    Raises
    ------
    InvalidInput
        The file is missing, a directory, not an image Pillow can read, or
        larger than the largest grid (4096x4096 cells).

    Examples
    --------
    >>> import os, tempfile
    >>> from PIL import Image
    >>> path = os.path.join(tempfile.mkdtemp(), "walls.png")
    >>> image = Image.new("L", (4, 2), 255)
    >>> image.putpixel((1, 0), 0)  # one dark pixel: a wall
    >>> image.save(path)
    >>> grid = read_image(path)
    >>> grid.width, grid.height, bool(grid.passable[0, 1]), bool(grid.passable[0, 0])
    (4, 2, False, True)
    """
    from PIL import Image, UnidentifiedImageError

    p = Path(path)
    check_input(p)  # a FIFO or a device is refused before Pillow opens it
    try:
        with Image.open(p) as image:
            if image.width * image.height > MAX_CELLS:
                raise InvalidInput(
                    f"{shown_path(p)}: a {image.width}x{image.height} image is too large a grid"
                )
            grey = np.asarray(image.convert("L"))
    except InvalidInput:
        raise
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError, ValueError,
            SyntaxError, IndexError, struct.error, TypeError) as exc:  # fmt: skip
        # Pillow's format plugins raise any of these on a damaged or look-alike file
        reason = str(exc)[:200].replace("\n", " ")
        raise InvalidInput(f"{shown_path(p)}: not an image Pillow can read ({reason})") from None
    return Grid(grey >= threshold, name=p.name)


def read_grid(path: str | os.PathLike[str]) -> Grid:
    """Read a grid file of any of the formats, chosen by its contents and extension.

    An image by extension (``.png``, ``.gif``, ``.bmp``, ``.jpg``, ...) or by
    its first bytes; a Moving AI map when the text starts with ``type``;
    anything else a plain text grid. ``-`` reads a map or text grid from
    standard input.

    Parameters
    ----------
    path : str or os.PathLike
        The file, or ``-``.

    Returns
    -------
    Grid

    Raises
    ------
    InvalidInput
        A file that cannot be read (named with the reason), or contents the format chosen refuses.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "room.txt")
    >>> with open(path, "w") as f:
    ...     _ = f.write("S.#\\n..G\\n")
    >>> read_grid(path).goal  # .map, .png or text, by the name
    (2, 1)
    """
    name = os.fspath(path)
    if name != "-" and _looks_like_image(Path(name)):
        return read_image(name)
    text = read_text(name, max_bytes=MAX_GRID_FILE_BYTES)
    if text.lstrip().lower().startswith("type"):
        return parse_map(text, name=_name(name))
    return parse_text_grid(text, name=_name(name))


def load_grid(source: str | os.PathLike[str]) -> Grid:
    """A grid from what a command line gives: a file, a bundled map's name, or the grid itself.

    A file is read with :func:`read_grid`; when no such file exists, a bundled
    map of that name is taken (``arena2``, ``maze512-1-0``, ``8room_000``,
    ``random512-10-0`` and the text grid ``room``); text that cannot be a file
    name (it has a line break, or is too long for one) is a text grid itself.

    Parameters
    ----------
    source : str or os.PathLike
        A path, ``-``, a bundled map's name, or a text grid.

    Returns
    -------
    Grid

    Raises
    ------
    InvalidInput
        A file that cannot be read or parsed, naming the path.

    Examples
    --------
    >>> load_grid("arena2").width
    281
    >>> load_grid("S..\\n.#G").goal
    (2, 1)
    """
    name = os.fspath(source)
    if not could_be_path(name):
        return parse_text_grid(name, name="<argument>")
    if name != "-" and not Path(name).exists():
        if name in bundled_map_names():
            return bundled_map(name)
        if "/" not in name and "\\" not in name and "." not in name:
            raise InvalidInput(
                f"{shown_path(name)}: no such file or bundled map "
                f"(bundled: {', '.join(bundled_map_names())})"
            )
    return read_grid(name)


def load_scen(source: str | os.PathLike[str]) -> list[Scenario]:
    """Scenarios from a ``.scen`` file, or a bundled map's when no such file exists.

    Parameters
    ----------
    source : str or os.PathLike
        A ``.scen`` path, or a bundled map's name.

    Returns
    -------
    list of Scenario

    Raises
    ------
    InvalidInput
        No such file and no such bundled map, or a file :func:`parse_scen` refuses.

    Examples
    --------
    >>> problems = load_scen("arena2")  # a bundled scenario, or a path
    >>> len(problems), problems[0].map_name, problems[0].start
    (910, 'arena2.map', (99, 159))
    """
    name = os.fspath(source)
    if could_be_path(name) and not Path(name).exists() and name in BUNDLED_MAPS:
        return bundled_scen(name)
    return read_scen(name)


# -- bundled data ----------------------------------------------------------------
def bundled_map_names() -> tuple[str, ...]:
    """The maps that ship with tansuo: the Moving AI maps (:data:`BUNDLED_MAPS`), then ``room``.

    Examples
    --------
    >>> bundled_map_names()[-1]
    'room'
    """
    return BUNDLED_MAPS + BUNDLED_TEXT_GRIDS


def bundled_map(name: str) -> Grid:
    """One of the bundled maps, by name (a Moving AI map without ``.map``, or ``room``).

    Parameters
    ----------
    name : str
        ``arena2``, ``maze512-1-0``, ``8room_000``, ``random512-10-0`` or ``room``.

    Returns
    -------
    Grid

    Raises
    ------
    InvalidInput
        An unknown name (the message lists the known ones).

    Examples
    --------
    >>> bundled_map("maze512-1-0").height
    512
    >>> bundled_map("room").start
    (2, 2)
    """
    if name in BUNDLED_TEXT_GRIDS:
        text = resources.files(_DATA).joinpath(f"{name}.txt").read_text("utf-8")
        return parse_text_grid(text, name=f"{name}.txt")
    if name not in BUNDLED_MAPS:
        raise InvalidInput(
            f"no bundled map {name!r}; choose one of: {', '.join(bundled_map_names())}"
        )
    text = resources.files(_DATA).joinpath(f"{name}.map").read_text("utf-8")
    return parse_map(text, name=f"{name}.map")


def bundled_scen(name: str) -> list[Scenario]:
    """The scenario list of a bundled Moving AI map.

    Parameters
    ----------
    name : str
        A bundled Moving AI map (``room`` has no scenarios).

    Returns
    -------
    list of Scenario

    Raises
    ------
    InvalidInput
        An unknown name (the message lists the known ones).

    Examples
    --------
    >>> len(bundled_scen("arena2")) > 100
    True
    """
    if name not in BUNDLED_MAPS:
        raise InvalidInput(
            f"no bundled scenarios for {name!r}; choose one of: {', '.join(BUNDLED_MAPS)}"
        )
    text = resources.files(_DATA).joinpath(f"{name}.map.scen").read_text("utf-8")
    return parse_scen(text, name=f"{name}.map.scen")


# -- helpers -----------------------------------------------------------------------
def _name(path: str | os.PathLike[str]) -> str:
    name = os.fspath(path)
    return "<stdin>" if name == "-" else shown_path(Path(name).name)


def _looks_like_image(path: Path) -> bool:
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return True
    try:
        check_input(path)
    except InvalidInput:
        return False  # read_text says what is wrong with it
    try:
        with path.open("rb") as handle:
            head = handle.read(8)
    except OSError:
        return False  # read_text says what is wrong with it
    return head.startswith(_IMAGE_MAGIC)

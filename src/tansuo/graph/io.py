"""Graph formats: every parser and reader of :mod:`tansuo.graph`, and the bundled graphs.

Edge list (the chapter's format)::

    # comment
    S a 12          two node names and a non-negative weight
    a b             weight 1 when omitted
    z               a node on its own (no edges)

DIMACS shortest-path ``.gr`` (directed; ``c`` comments, ``p sp N M``,
``a u v w``) with optional ``.co`` coordinates (``p aux sp co N``, ``v id x y``).

Files are read through :func:`tansuo.files.read_text`, which names the path
and the problem (missing, a directory, binary, not UTF-8, too large, a broken
gzip stream) and gunzips ``.gz``. The chapter's example graphs are bundled
(:func:`bundled_graph`, :func:`bundled_graph_names`).
"""

from __future__ import annotations

import os
import re
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.files import read_text
from tansuo.graph.model import MAX_NODES, Graph, check_weight

Format = Literal["auto", "edges", "dimacs"]
FORMATS: tuple[Format, ...] = ("auto", "edges", "dimacs")
"""What ``fmt`` takes: ``auto`` (DIMACS when a ``p sp`` line comes first), an edge list, DIMACS."""

_BUNDLED = "tansuo.data.graph"
"""The package whose ``.txt`` files are the bundled graphs (edge lists)."""


def parse_edge_list(text: str, *, directed: bool = False, source: str | None = None) -> Graph:
    """Read the edge-list format: ``u v weight`` per line, ``#`` comments.

    Parameters
    ----------
    text : str
    directed : bool
        Each line is an arc ``u -> v`` when True; an undirected edge otherwise.
    source : str, optional
        File name, for error messages.

    Raises
    ------
    InvalidInput
        A malformed line (with its number), a negative weight, no edges at all.

    Examples
    --------
    >>> g = parse_edge_list("S a 12\\nS b 8  # comment\\na b 1\\n")
    >>> g.neighbours("a")
    {'S': 12, 'b': 1}
    """
    edges: list[tuple[str, str, Any]] = []
    nodes: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) == 1:
            nodes.append(parts[0])
            continue
        if len(parts) == 2:
            u, v = parts
            w: Any = 1
        elif len(parts) == 3:
            u, v, w = parts
            w = check_weight(w, f"edge {u} {v}", line=number, source=source)
        else:
            raise InvalidInput(
                f"expected 'u v weight', got {len(parts)} fields: {line!r}",
                line=number,
                source=source,
            )
        edges.append((u, v, w))
        nodes.extend((u, v))
    if not nodes:
        raise InvalidInput("no edges found (expected lines like 'S a 12')", source=source)
    return Graph.from_edges(edges, directed=directed, nodes=nodes)


def parse_dimacs(
    text: str,
    coordinates: str | None = None,
    *,
    source: str | None = None,
    coordinates_source: str | None = None,
) -> Graph:
    """Read a DIMACS shortest-path ``.gr`` file (directed arcs), optionally with ``.co``.

    Nodes are labelled by their DIMACS ids ``1..N``.

    Parameters
    ----------
    text : str
        The ``.gr`` text.
    coordinates : str, optional
        The ``.co`` text, for the straight-line heuristic.
    source, coordinates_source : str, optional
        The files' names, for messages.

    Returns
    -------
    Graph
        Directed.

    Raises
    ------
    InvalidInput
        A missing or repeated ``p sp`` line, a malformed line (with its number),
        a node id outside ``1..N``, a negative weight, an arc count that
        differs from the header.

    Examples
    --------
    >>> g = parse_dimacs("p sp 3 2\\na 1 2 5\\na 2 3 7\\n")
    >>> g.label(0), g.neighbours(2)
    (1, {3: 7})
    """
    coords = None
    fast = _dimacs_arcs_fast(text)
    if fast is not None:
        num_nodes, arcs = fast
        if coordinates is not None:
            coords = parse_dimacs_coordinates(coordinates, num_nodes, source=coordinates_source)
        return Graph.from_arrays(
            num_nodes,
            arcs[:, 0] - 1,
            arcs[:, 1] - 1,
            arcs[:, 2].astype(np.float64),
            directed=True,
            label_offset=1,
            coords=coords,
        )
    # the careful line-by-line reader: slower, and says exactly what is wrong where
    return _parse_dimacs_lines(text, coordinates, source, coordinates_source)


def _parse_dimacs_lines(
    text: str, coordinates: str | None, source: str | None, coordinates_source: str | None
) -> Graph:
    """:func:`parse_dimacs` line by line, saying what is wrong where."""
    num_nodes: int | None = None
    num_arcs = 0
    sources: list[int] = []
    targets: list[int] = []
    weights: list[float] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line[0] == "c":
            continue
        parts = line.split()
        kind = parts[0]
        if kind == "p":
            if num_nodes is not None:
                raise InvalidInput("second 'p' line", line=number, source=source)
            if len(parts) != 4 or parts[1] != "sp":
                raise InvalidInput(
                    f"expected 'p sp NODES ARCS', got {line!r}", line=number, source=source
                )
            num_nodes = _int_field(parts[2], "node count", number, source)
            num_arcs = _int_field(parts[3], "arc count", number, source)
            if num_nodes < 1 or num_nodes > MAX_NODES:
                raise InvalidInput(
                    f"node count must be between 1 and {MAX_NODES}, got {num_nodes}",
                    line=number,
                    source=source,
                )
        elif kind == "a":
            if num_nodes is None:
                raise InvalidInput("arc before the 'p sp' line", line=number, source=source)
            if len(parts) != 4:
                raise InvalidInput(
                    f"expected 'a FROM TO WEIGHT', got {line!r}", line=number, source=source
                )
            u = _int_field(parts[1], "node id", number, source)
            v = _int_field(parts[2], "node id", number, source)
            for node in (u, v):
                if not 1 <= node <= num_nodes:
                    raise InvalidInput(
                        f"node id {node} is not in 1..{num_nodes}", line=number, source=source
                    )
            w = check_weight(parts[3], f"arc {u} {v}", line=number, source=source)
            sources.append(u - 1)
            targets.append(v - 1)
            weights.append(w)
        else:
            raise InvalidInput(
                f"unknown line type {kind!r} (expected c, p or a)", line=number, source=source
            )
    if num_nodes is None:
        raise InvalidInput("no 'p sp NODES ARCS' line: not a DIMACS .gr file", source=source)
    if len(sources) != num_arcs:
        raise InvalidInput(f"header says {num_arcs} arcs, file has {len(sources)}", source=source)
    coords = None
    if coordinates is not None:
        coords = parse_dimacs_coordinates(coordinates, num_nodes, source=coordinates_source)
    return Graph.from_arrays(
        num_nodes,
        np.array(sources, dtype=np.int64),
        np.array(targets, dtype=np.int64),
        np.array(weights, dtype=np.float64),
        directed=True,
        label_offset=1,
        coords=coords,
    )


_HEADER = re.compile(r"^p[ \t]+sp[ \t]+(\d+)[ \t]+(\d+)[ \t]*$", re.M)
_ARC = re.compile(r"^a[ \t]+(\d+[ \t]+\d+[ \t]+\d+)[ \t]*$", re.M)
_CONTENT = re.compile(r"^[ \t]*[^c\s]", re.M)


def _dimacs_arcs_fast(text: str) -> tuple[int, np.ndarray] | None:
    """``(N, arcs as an (M, 3) int64 array)`` of a well-formed file with integer weights.

    Returns None at the first doubt (anything unusual), and the careful reader
    then takes over and reports the problem with its line number.
    """
    headers = _HEADER.findall(text)
    if len(headers) != 1 or any(len(count) > 12 for count in headers[0][:2]):
        return None  # (a count of thousands of digits is none: int() would refuse it)
    num_nodes, num_arcs = int(headers[0][0]), int(headers[0][1])
    if not 1 <= num_nodes <= MAX_NODES:
        return None
    bodies = _ARC.findall(text)
    if len(bodies) != num_arcs or len(_CONTENT.findall(text)) != num_arcs + 1:
        return None  # some other kind of line, or a count that differs
    # the pattern let only digits through, so numpy's C parser can read them all
    try:
        arcs = np.fromstring(" ".join(bodies), dtype=np.int64, sep=" ")
    except ValueError:  # a number beyond int64
        return None
    if len(arcs) != 3 * num_arcs:
        return None
    arcs = arcs.reshape(num_arcs, 3)
    if num_arcs and (
        arcs[:, :2].min() < 1 or arcs[:, :2].max() > num_nodes or arcs[:, 2].min() < 0
    ):
        return None
    return num_nodes, arcs


def parse_dimacs_coordinates(text: str, num_nodes: int, *, source: str | None = None) -> np.ndarray:
    """Read a DIMACS ``.co`` file (``v ID X Y`` lines): an ``(n, 2)`` float array.

    Parameters
    ----------
    text : str
        The ``.co`` text.
    num_nodes : int
        The graph's node count (``n``).
    source : str, optional
        The file's name, for messages.

    Returns
    -------
    numpy.ndarray
        ``(n, 2)`` floats: row ``i`` is node ``i + 1``'s ``(x, y)``.

    Raises
    ------
    InvalidInput
        A malformed line, an id outside ``1..n``, or nodes without coordinates.

    Examples
    --------
    >>> parse_dimacs_coordinates("p aux sp co 2\\nv 1 0 0\\nv 2 3 4\\n", 2).tolist()
    [[0.0, 0.0], [3.0, 4.0]]
    """
    coords = np.full((num_nodes, 2), np.nan)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line[0] in "cp":
            continue
        parts = line.split()
        if parts[0] != "v" or len(parts) != 4:
            raise InvalidInput(f"expected 'v ID X Y', got {line!r}", line=number, source=source)
        node = _int_field(parts[1], "node id", number, source)
        if not 1 <= node <= num_nodes:
            raise InvalidInput(
                f"node id {node} is not in 1..{num_nodes}", line=number, source=source
            )
        try:
            coords[node - 1] = (float(parts[2]), float(parts[3]))
        except ValueError:
            raise InvalidInput(
                f"coordinates {parts[2]!r} {parts[3]!r} are not numbers",
                line=number,
                source=source,
            ) from None
    missing = np.flatnonzero(np.isnan(coords[:, 0]))
    if len(missing):
        raise InvalidInput(
            f"{len(missing)} nodes have no coordinates (first: {missing[0] + 1})", source=source
        )
    return coords


def _int_field(text: str, what: str, line: int, source: str | None) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidInput(f"{what} {text!r} is not an integer", line=line, source=source) from None


def looks_like_dimacs(text: str) -> bool:
    """Whether a text reads as DIMACS ``.gr`` (a ``p sp`` line before any arc).

    Parameters
    ----------
    text : str
        The file's text.

    Returns
    -------
    bool

    Examples
    --------
    >>> looks_like_dimacs("p sp 3 2\\na 1 2 5\\n"), looks_like_dimacs("S a 1")
    (True, False)
    """
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] == "c":
            continue
        return line.split()[:2] == ["p", "sp"]
    return False


def parse_graph(
    text: str,
    *,
    fmt: Format = "auto",
    directed: bool = False,
    coordinates: str | None = None,
    source: str | None = None,
    coordinates_source: str | None = None,
) -> Graph:
    """Read an edge list or a DIMACS ``.gr`` text; ``fmt="auto"`` looks for a ``p sp`` line.

    Parameters
    ----------
    text : str
        The graph.
    fmt : {"auto", "edges", "dimacs"}
        The format; ``"auto"`` chooses DIMACS when a ``p sp`` line comes first.
    directed : bool
        Read an edge list's edges one way only (DIMACS arcs are always directed).
    coordinates : str, optional
        A DIMACS ``.co`` text.
    source, coordinates_source : str, optional
        The files' names, for messages.

    Returns
    -------
    Graph

    Raises
    ------
    InvalidInput
        Empty text, coordinates given for an edge list, or any error of the
        format's own reader.

    Examples
    --------
    >>> parse_graph("p sp 2 1\\na 1 2 7\\n").directed
    True
    """
    if fmt not in FORMATS:
        raise InvalidInput(f"unknown graph format {fmt!r}; choose {', '.join(FORMATS)}")
    if not text.strip():
        raise InvalidInput("empty input, expected edges like 'S a 12'", source=source)
    is_dimacs = fmt == "dimacs" or (fmt == "auto" and looks_like_dimacs(text))
    if not is_dimacs:
        if coordinates is not None:
            raise InvalidInput("coordinates (.co) go with DIMACS .gr files", source=source)
        return parse_edge_list(text, directed=directed, source=source)
    return parse_dimacs(text, coordinates, source=source, coordinates_source=coordinates_source)


def read_graph(
    path: str | os.PathLike[str],
    *,
    fmt: Format = "auto",
    directed: bool = False,
    coordinates: str | os.PathLike[str] | None = None,
) -> Graph:
    """Read a graph file: edge list, or DIMACS ``.gr`` (also ``.gr.gz``); ``-`` is stdin.

    A DIMACS file's coordinates are taken from ``coordinates``, or else from a
    ``.co`` (or ``.co.gz``) file of the same name beside it, when there is one.

    Parameters
    ----------
    path : str or os.PathLike
        The file, or ``-``.
    fmt : {"auto", "edges", "dimacs"}
        The format; ``"auto"`` looks at the contents.
    directed : bool
        Read an edge list's edges one way only.
    coordinates : str or os.PathLike, optional
        A DIMACS ``.co`` file.

    Returns
    -------
    Graph

    Raises
    ------
    InvalidInput
        A file that cannot be read as text (the message names it and says
        why), or any error of the format's reader.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "tiny.gr").write_text("p sp 3 2\\na 1 2 7\\na 2 3 5\\n")
    >>> read_graph(folder / "tiny.gr").num_nodes
    3
    """
    name = os.fspath(path)
    stem = name[:-3] if name.endswith(".gz") else name
    if fmt == "auto" and stem.endswith(".gr"):
        fmt = "dimacs"
    if coordinates is None and fmt == "dimacs" and stem.endswith(".gr"):
        for suffix in (".co", ".co.gz"):
            sibling = Path(stem[:-3] + suffix)
            if sibling.is_file():
                coordinates = sibling
                break
    text = read_text(path)
    return parse_graph(
        text,
        fmt=fmt,
        directed=directed,
        coordinates=None if coordinates is None else read_text(coordinates),
        source=name,
        coordinates_source=None if coordinates is None else os.fspath(coordinates),
    )


def bundled_graph_names() -> list[str]:
    """Names of the bundled graphs: the chapter's figures.

    Examples
    --------
    >>> bundled_graph_names()
    ['figure-7-19', 'figure-7-3']
    """
    folder = resources.files(_BUNDLED)
    return sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".txt"))


def bundled_graph(name: str) -> Graph:
    """A bundled graph by name, e.g. ``"figure-7-3"`` or ``"figure-7-19"`` of the chapter.

    Parameters
    ----------
    name : str
        A bundled graph's name.

    Returns
    -------
    Graph

    Raises
    ------
    InvalidInput
        No bundled graph has that name (the message lists those that do).

    Examples
    --------
    >>> bundled_graph("figure-7-3").num_nodes
    6
    """
    names = bundled_graph_names()
    if name not in names:
        raise InvalidInput(f"no bundled graph {name!r}; choose one of {', '.join(names)}")
    text = resources.files(_BUNDLED).joinpath(f"{name}.txt").read_text(encoding="utf-8")
    return parse_edge_list(text, source=name)

"""Reading graph files: format detection, gzip, and DIMACS coordinate files beside ``.gr``."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Literal

from tansuo.errors import InvalidInput
from tansuo.graph.model import Graph, looks_like_dimacs, parse_dimacs, parse_edge_list

Format = Literal["auto", "edges", "dimacs"]


def read_text_file(path: str | Path) -> str:
    """The text of a file, gunzipped when its name ends in ``.gz``; clear errors.

    Raises
    ------
    InvalidInput
        No such file, a directory, not UTF-8 text, a broken gzip stream.
    """
    p = Path(path)
    if not p.exists():
        raise InvalidInput(f"{p}: no such file")
    if p.is_dir():
        raise InvalidInput(f"{p}: is a directory, expected a file")
    try:
        if p.name.endswith(".gz"):
            with gzip.open(p, "rt", encoding="utf-8") as handle:
                return handle.read()
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InvalidInput(f"{p}: not a UTF-8 text file") from None
    except (OSError, EOFError) as exc:
        raise InvalidInput(f"{p}: cannot read it ({exc})") from None


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

    Raises
    ------
    InvalidInput
        Empty text, coordinates given for an edge list, or any error of the
        format's own reader.

    Example
    -------
    >>> parse_graph("p sp 2 1\\na 1 2 7\\n").directed
    True
    """
    if fmt not in ("auto", "edges", "dimacs"):
        raise InvalidInput(f"unknown graph format {fmt!r}; choose auto, edges or dimacs")
    if not text.strip():
        raise InvalidInput("empty input, expected edges like 'S a 12'", source=source)
    is_dimacs = fmt == "dimacs" or (fmt == "auto" and looks_like_dimacs(text))
    if not is_dimacs:
        if coordinates is not None:
            raise InvalidInput("coordinates (.co) go with DIMACS .gr files", source=source)
        return parse_edge_list(text, directed=directed, source=source)
    return parse_dimacs(text, coordinates, source=source, coordinates_source=coordinates_source)


def read_graph(
    path: str | Path,
    *,
    fmt: Format = "auto",
    directed: bool = False,
    coordinates: str | Path | None = None,
) -> Graph:
    """Read a graph file: edge list, or DIMACS ``.gr`` (also ``.gr.gz``).

    A DIMACS file's coordinates are taken from ``coordinates``, or else from a
    ``.co`` (or ``.co.gz``) file of the same name beside it, when there is one.

    Example
    -------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "tiny.gr").write_text("p sp 3 2\\na 1 2 7\\na 2 3 5\\n")
    >>> read_graph(folder / "tiny.gr").num_nodes
    3
    """
    name = str(path)
    stem = name[:-3] if name.endswith(".gz") else name
    if fmt == "auto" and stem.endswith(".gr"):
        fmt = "dimacs"
    if coordinates is None and fmt == "dimacs" and stem.endswith(".gr"):
        for suffix in (".co", ".co.gz"):
            sibling = Path(stem[:-3] + suffix)
            if sibling.is_file():
                coordinates = sibling
                break
    return parse_graph(
        read_text_file(path),
        fmt=fmt,
        directed=directed,
        coordinates=None if coordinates is None else read_text_file(coordinates),
        source=name,
        coordinates_source=None if coordinates is None else str(coordinates),
    )

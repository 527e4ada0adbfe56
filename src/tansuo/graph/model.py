"""Weighted graphs in CSR form, and the text formats they are read from.

A :class:`Graph` is built once (arcs sorted by source into compressed sparse
rows: ``indptr``, ``indices``, ``weights``) and then searched many times by the
kernels. Nodes are numbered ``0..n-1`` inside; outside they keep their labels:
the names of an edge-list file (in order of first appearance), DIMACS ids
``1..N``, the nodes of a dict or networkx graph, or plain ``0..n-1`` for graphs
built from numpy arrays.

Formats
-------
Edge list (the chapter's format)::

    # comment
    S a 12          two node names and a non-negative weight
    a b             weight 1 when omitted
    z               a node on its own (no edges)

DIMACS shortest-path ``.gr`` (directed; ``c`` comments, ``p sp N M``,
``a u v w``) with optional ``.co`` coordinates (``p aux sp co N``, ``v id x y``).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.graph import _kernels

MAX_NODES = 200_000_000
"""More nodes than this is taken to be a mistake (the arrays would not fit)."""


class Graph:
    """A weighted graph in compressed sparse row form, ready for the kernels.

    Build one with :func:`parse_edge_list`, :func:`parse_dimacs`,
    :meth:`from_edges`, :meth:`from_dict`, :meth:`from_networkx` or
    :meth:`from_arrays`; the constructor itself takes the finished arrays.

    Attributes
    ----------
    num_nodes, num_arcs : int
        Undirected edges count as two arcs.
    directed : bool
    indptr, indices, weights : numpy arrays
        Arcs of node ``u`` are ``indices[indptr[u]:indptr[u+1]]`` with
        ``weights`` alongside.
    coords : (n, 2) float array or None
        Node coordinates, used by A*'s straight-line heuristic.
    integer_weights : bool
        All weights are whole numbers (distances are then reported as ints).
    build_seconds : float
        Time spent building the CSR arrays (the first graph of a process also
        pays for loading the compiled kernel).
    cache : dict
        Values derived from the arrays once and reused by every search (such
        as the heuristic's scale); the graph is not meant to change after building.

    Example
    -------
    >>> g = Graph.from_edges([("S", "a", 12), ("S", "b", 8), ("a", "b", 1)])
    >>> g.num_nodes, g.num_arcs, g.neighbours("a")
    (3, 6, {'S': 12, 'b': 1})
    """

    __slots__ = (
        "_index",
        "_labels",
        "_packed",
        "_reverse",
        "build_seconds",
        "cache",
        "coords",
        "directed",
        "indices",
        "indptr",
        "integer_weights",
        "label_offset",
        "weights",
    )

    def __init__(
        self,
        indptr: np.ndarray,
        indices: np.ndarray,
        weights: np.ndarray,
        *,
        directed: bool,
        labels: Sequence[Hashable] | None = None,
        label_offset: int = 0,
        coords: np.ndarray | None = None,
        integer_weights: bool | None = None,
        build_seconds: float = 0.0,
    ) -> None:
        # the kernels trust these arrays blindly (no bounds checks in compiled
        # code), so they are checked once here
        indptr, indices, weights = _checked_csr(indptr, indices, weights)
        self.indptr = indptr
        self.indices = indices
        self.weights = weights
        self.directed = directed
        self._labels = None if labels is None else tuple(labels)
        self._index: dict[Hashable, int] | None = None
        self.label_offset = label_offset
        self.coords = coords
        if integer_weights is None:
            integer_weights = bool(np.all(np.floor(weights) == weights)) if len(weights) else True
        self.integer_weights = integer_weights
        self.build_seconds = build_seconds
        self._reverse: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        self._packed: tuple[np.ndarray, int] | bool | None = False  # False: not computed
        self.cache: dict[str, Any] = {}

    # -- size and labels ------------------------------------------------------------

    @property
    def num_nodes(self) -> int:
        return len(self.indptr) - 1

    @property
    def num_arcs(self) -> int:
        return len(self.indices)

    def __len__(self) -> int:
        return self.num_nodes

    def __repr__(self) -> str:
        kind = "directed" if self.directed else "undirected"
        return f"<Graph {kind}, {self.num_nodes} nodes, {self.num_arcs} arcs>"

    def label(self, index: int) -> Hashable:
        """The outside label of node number ``index``."""
        if self._labels is None:
            return int(index) + self.label_offset
        return self._labels[index]

    def labels(self) -> list[Hashable]:
        """All labels, in node-number order (input order for edge lists)."""
        if self._labels is None:
            return list(range(self.label_offset, self.label_offset + self.num_nodes))
        return list(self._labels)

    def index(self, label: Any) -> int:
        """The node number of ``label``.

        Integer-labelled graphs also accept the label as a string (``"17"``), as
        given on a command line.

        Raises
        ------
        InvalidInput
            The label is not a node of the graph.
        """
        if self._labels is None:
            value = label
            if isinstance(label, str):
                try:
                    value = int(label.strip())
                except ValueError:
                    value = None
            if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
                i = int(value) - self.label_offset
                if 0 <= i < self.num_nodes:
                    return i
            first = self.label_offset
            last = self.label_offset + self.num_nodes - 1
            raise InvalidInput(f"unknown node {label!r}; nodes are numbered {first}..{last}")
        if self._index is None:
            self._index = {name: i for i, name in enumerate(self._labels)}
        found = self._index.get(label)
        if found is None and not isinstance(label, str):
            found = self._index.get(str(label))
        if found is None and isinstance(label, str) and label.strip().lstrip("-").isdigit():
            found = self._index.get(int(label))  # "3" from a command line, integer nodes
        if found is None:
            sample = ", ".join(str(x) for x in self._labels[:5])
            more = ", ..." if self.num_nodes > 5 else ""
            raise InvalidInput(
                f"unknown node {label!r}; the graph has {self.num_nodes} nodes ({sample}{more})"
            )
        return found

    def __contains__(self, label: object) -> bool:
        try:
            self.index(label)
        except InvalidInput:
            return False
        return True

    def neighbours(self, label: Any) -> dict[Hashable, float]:
        """``{neighbour: weight}`` of one node (the least weight of parallel arcs)."""
        u = self.index(label)
        out: dict[Hashable, float] = {}
        for a in range(self.indptr[u], self.indptr[u + 1]):
            v = self.label(int(self.indices[a]))
            w = self.weight_value(self.weights[a])
            if v not in out or w < out[v]:
                out[v] = w
        return out

    def weight_value(self, w: float) -> float | int:
        """A weight or distance as a Python number: an int when the graph's weights are."""
        if self.integer_weights and math.isfinite(w):
            return int(w)
        return float(w)

    def adjacency(self) -> dict[Hashable, dict[Hashable, float]]:
        """Dict of dicts ``{u: {v: weight}}`` of every arc (least weight of parallels).

        This is the form the generic engine :mod:`tansuo.search` takes, so it is
        how the reference implementation sees the graph.
        """
        return {self.label(u): self.neighbours(self.label(u)) for u in range(self.num_nodes)}

    def reverse_csr(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """CSR arrays of the reversed arcs (the graph itself when undirected); cached."""
        if not self.directed:
            return self.indptr, self.indices, self.weights
        if self._reverse is None:
            sources = np.repeat(np.arange(self.num_nodes, dtype=np.int64), np.diff(self.indptr))
            self._reverse = _kernels.csr_fill(
                self.num_nodes, self.indices.astype(np.int64), sources, self.weights
            )
        return self._reverse

    def packed_weights(self) -> tuple[np.ndarray, int] | None:
        """``(int64 weights, node bits)`` for the packed integer Dijkstra kernel, or None.

        Available when every weight is a whole number and no shortest distance
        can overflow a 64-bit heap entry of ``distance << bits | node``. Cached.
        """
        if self._packed is False:
            self._packed = None
            if self.integer_weights and self.num_nodes > 0:
                bits = max(int(self.num_nodes - 1).bit_length(), 1)
                heaviest = float(self.weights.max()) if self.num_arcs else 0.0
                if (self.num_nodes - 1) * heaviest < 2.0 ** (62 - bits):
                    self._packed = (self.weights.astype(np.int64), bits)
        return self._packed  # type: ignore[return-value]

    def uniform_weight(self) -> float | None:
        """The common weight when every arc has the same one (BFS then suffices), else None."""
        if self.num_arcs == 0:
            return 1.0
        first = self.weights[0]
        return float(first) if bool(np.all(self.weights == first)) else None

    # -- constructors -------------------------------------------------------------

    @classmethod
    def from_arrays(
        cls,
        num_nodes: int,
        sources: np.ndarray,
        targets: np.ndarray,
        weights: np.ndarray | None = None,
        *,
        directed: bool = False,
        labels: Sequence[Hashable] | None = None,
        label_offset: int = 0,
        coords: np.ndarray | None = None,
    ) -> Graph:
        """Build from numpy arrays of arc ends (``0..n-1``) and weights.

        Undirected graphs get both arcs of every edge. Parallel arcs are kept
        (the searches simply use the cheapest).

        Raises
        ------
        InvalidInput
            Node numbers out of range, negative or non-finite weights,
            arrays of different lengths.

        Example
        -------
        >>> import numpy as np
        >>> g = Graph.from_arrays(3, np.array([0, 1]), np.array([1, 2]), np.array([2.5, 1.0]))
        >>> g.num_arcs
        4
        """
        num_nodes = int(num_nodes)
        if num_nodes < 0 or num_nodes > MAX_NODES:
            raise InvalidInput(f"number of nodes must be in 0..{MAX_NODES}, got {num_nodes}")
        sources = np.asarray(sources, dtype=np.int64).ravel()
        targets = np.asarray(targets, dtype=np.int64).ravel()
        if weights is None:
            weights = np.ones(len(sources), dtype=np.float64)
        weights = np.asarray(weights, dtype=np.float64).ravel()
        if not len(sources) == len(targets) == len(weights):
            raise InvalidInput(
                f"sources, targets and weights differ in length "
                f"({len(sources)}, {len(targets)}, {len(weights)})"
            )
        if len(sources):
            low = min(int(sources.min()), int(targets.min()))
            high = max(int(sources.max()), int(targets.max()))
            if low < 0 or high >= num_nodes:
                bad = low if low < 0 else high
                raise InvalidInput(f"arc end {bad} is not a node (0..{num_nodes - 1})")
            if not np.all(np.isfinite(weights)):
                raise InvalidInput("weights must be finite numbers")
            if weights.min() < 0:
                bad = int(np.argmax(weights < 0))
                raise InvalidInput(
                    f"arc {bad} has negative weight {weights[bad]:g}; "
                    "Dijkstra needs non-negative weights"
                )
        if coords is not None:
            coords = np.asarray(coords, dtype=np.float64)
            if coords.shape != (num_nodes, 2):
                raise InvalidInput(f"coords must have shape ({num_nodes}, 2), got {coords.shape}")
        start = time.perf_counter()
        if not directed:
            # both arcs of edge i side by side, so each node's arcs keep the input order
            sources, targets = (
                np.column_stack([sources, targets]).ravel(),
                np.column_stack([targets, sources]).ravel(),
            )
            weights = np.repeat(weights, 2)
        indptr, indices, arc_weights = _kernels.csr_fill(num_nodes, sources, targets, weights)
        graph = cls(
            indptr,
            indices,
            arc_weights,
            directed=directed,
            labels=labels,
            label_offset=label_offset,
            coords=coords,
        )
        graph.build_seconds = time.perf_counter() - start
        return graph

    @classmethod
    def from_edges(
        cls,
        edges: Iterable[Sequence[Any]],
        *,
        directed: bool = False,
        nodes: Iterable[Hashable] = (),
        coords: Mapping[Hashable, tuple[float, float]] | None = None,
    ) -> Graph:
        """Build from ``(u, v)`` or ``(u, v, weight)`` tuples with any hashable labels.

        Nodes are numbered in order of first appearance (``nodes`` first).

        Example
        -------
        >>> g = Graph.from_edges([("S", "a", 12), ("a", "e", 8)], directed=True)
        >>> g.labels()
        ['S', 'a', 'e']
        """
        index: dict[Hashable, int] = {}
        for node in nodes:
            index.setdefault(node, len(index))
        sources: list[int] = []
        targets: list[int] = []
        weights: list[float] = []
        all_int = True
        for i, edge in enumerate(edges):
            if len(edge) == 2:
                u, v = edge
                w: Any = 1
            elif len(edge) == 3:
                u, v, w = edge
            else:
                raise InvalidInput(f"edge {i}: expected (u, v) or (u, v, weight), got {edge!r}")
            value = _check_weight(w, f"edge {i} ({u!r}, {v!r})")
            all_int = all_int and float(value).is_integer()
            sources.append(index.setdefault(u, len(index)))
            targets.append(index.setdefault(v, len(index)))
            weights.append(value)
        labels = list(index)
        xy = None
        if coords is not None:
            missing = [x for x in labels if x not in coords]
            if missing:
                raise InvalidInput(f"no coordinates for node {missing[0]!r}")
            xy = np.array([coords[x] for x in labels], dtype=np.float64).reshape(len(labels), 2)
        return cls.from_arrays(
            len(labels),
            np.array(sources, dtype=np.int64),
            np.array(targets, dtype=np.int64),
            np.array(weights, dtype=np.float64),
            directed=directed,
            labels=labels,
            coords=xy,
        )

    @classmethod
    def from_dict(
        cls, graph: Mapping[Hashable, Any], *, directed: bool = True, weight: str = "weight"
    ) -> Graph:
        """Build from ``{u: {v: weight}}`` (or ``{u: [v, ...]}``, weight 1).

        Values may also be networkx-style attribute dicts (``{v: {"weight": 3}}``).
        A mapping lists arcs, so it is directed unless ``directed=False``.

        Example
        -------
        >>> g = Graph.from_dict({"S": {"a": 4, "b": 1}, "b": {"a": 2}})
        >>> g.neighbours("S")
        {'a': 4, 'b': 1}
        """
        edges = []
        for u, nbrs in graph.items():
            items = nbrs.items() if isinstance(nbrs, Mapping) else ((v, 1) for v in nbrs)
            for v, w in items:
                if isinstance(w, Mapping):
                    w = w.get(weight, 1)
                edges.append((u, v, w))
        return cls.from_edges(edges, directed=directed, nodes=graph.keys())

    @classmethod
    def from_networkx(cls, graph: Any, *, weight: str = "weight", pos: str = "pos") -> Graph:
        """Build from a networkx ``Graph`` or ``DiGraph`` (multigraphs: every parallel edge).

        Missing weights count 1. Node attribute ``pos`` (x, y), when every node
        has it, becomes the coordinates for A*.
        """
        directed = bool(graph.is_directed())
        edges = [(u, v, data.get(weight, 1)) for u, v, data in graph.edges(data=True)]
        coords = None
        positions = dict(graph.nodes(data=pos))
        if positions and all(p is not None for p in positions.values()):
            coords = positions
        return cls.from_edges(edges, directed=directed, nodes=list(graph.nodes), coords=coords)


def _checked_csr(
    indptr: np.ndarray, indices: np.ndarray, weights: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    indptr = np.ascontiguousarray(indptr, dtype=np.int64)
    indices = np.ascontiguousarray(indices, dtype=np.int32)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    if indptr.ndim != 1 or len(indptr) < 1 or indptr[0] != 0:
        raise InvalidInput("indptr must be a 1-d array starting with 0")
    if indptr[-1] != len(indices) or len(indices) != len(weights):
        raise InvalidInput(
            f"indptr ends at {indptr[-1]}, but there are {len(indices)} indices "
            f"and {len(weights)} weights"
        )
    if np.any(np.diff(indptr) < 0):
        raise InvalidInput("indptr must not decrease")
    if len(indices) and (indices.min() < 0 or indices.max() >= len(indptr) - 1):
        raise InvalidInput(f"an arc points outside the {len(indptr) - 1} nodes")
    if len(weights) and not (np.all(np.isfinite(weights)) and weights.min() >= 0):
        raise InvalidInput("weights must be finite and non-negative")
    return indptr, indices, weights


def _check_weight(w: Any, where: str, *, line: int | None = None, source: str | None = None):
    if isinstance(w, str):
        try:
            w = int(w)
        except ValueError:
            try:
                w = float(w)
            except ValueError:
                raise InvalidInput(
                    f"{where}: weight {w!r} is not a number", line=line, source=source
                ) from None
    if isinstance(w, bool) or not isinstance(w, (int, float, np.integer, np.floating)):
        raise InvalidInput(f"{where}: weight {w!r} is not a number", line=line, source=source)
    if not math.isfinite(w):
        raise InvalidInput(f"{where}: weight {w!r} is not finite", line=line, source=source)
    if w < 0:
        raise InvalidInput(
            f"{where}: negative weight {w!r}; shortest paths here need weights >= 0",
            line=line,
            source=source,
        )
    return w


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

    Example
    -------
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
            w = _check_weight(w, f"edge {u} {v}", line=number, source=source)
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

    Raises
    ------
    InvalidInput
        A missing or repeated ``p sp`` line, a malformed line (with its number),
        a node id outside ``1..N``, a negative weight, an arc count that
        differs from the header.

    Example
    -------
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
            w = _check_weight(parts[3], f"arc {u} {v}", line=number, source=source)
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
    if len(headers) != 1:
        return None
    num_nodes, num_arcs = int(headers[0][0]), int(headers[0][1])
    if not 1 <= num_nodes <= MAX_NODES:
        return None
    bodies = _ARC.findall(text)
    if len(bodies) != num_arcs or len(_CONTENT.findall(text)) != num_arcs + 1:
        return None  # some other kind of line, or a count that differs
    # the pattern let only digits through, so numpy's C parser can read them all
    arcs = np.fromstring(" ".join(bodies), dtype=np.int64, sep=" ")
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

    Raises
    ------
    InvalidInput
        A malformed line, an id outside ``1..n``, or nodes without coordinates.
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
    """Whether a text reads as DIMACS ``.gr`` (a ``p sp`` line before any arc)."""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] == "c":
            continue
        return line.split()[:2] == ["p", "sp"]
    return False

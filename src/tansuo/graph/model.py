"""Weighted graphs in CSR form.

A :class:`Graph` is built once (arcs sorted by source into compressed sparse
rows: ``indptr``, ``indices``, ``weights``) and then searched many times by the
kernels. Nodes are numbered ``0..n-1`` inside; outside they keep their labels:
the names of an edge-list file (in order of first appearance), DIMACS ids
``1..N``, the nodes of a dict or networkx graph, or plain ``0..n-1`` for graphs
built from numpy arrays. The text formats are read in :mod:`tansuo.graph.io`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import numpy as np

from tansuo.errors import InvalidInput
from tansuo.graph import _kernels

MAX_NODES = 200_000_000
"""More nodes than this is taken to be a mistake (the arrays would not fit)."""

Derived = TypeVar("Derived")


class Graph:
    """A weighted graph in compressed sparse row form, ready for the kernels.

    Build one with :func:`~tansuo.graph.io.parse_edge_list`,
    :func:`~tansuo.graph.io.parse_dimacs`, :meth:`from_edges`,
    :meth:`from_dict`, :meth:`from_networkx` or :meth:`from_arrays`; the
    constructor itself takes the finished arrays.

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
    preprocess_seconds : float
        Seconds of one-off work on this graph: building the CSR arrays (the
        first graph of a process also pays for loading the compiled kernel),
        then each array a search derives from them once (:meth:`derived`).
        Searches report it as ``stats.preprocess_s``, apart from their own time.

    Examples
    --------
    >>> g = Graph.from_edges([("S", "a", 12), ("S", "b", 8), ("a", "b", 1)])
    >>> g.num_nodes, g.num_arcs, g.neighbours("a")
    (3, 6, {'S': 12, 'b': 1})
    """

    __slots__ = (
        "_derived",
        "_index",
        "_labels",
        "coords",
        "directed",
        "indices",
        "indptr",
        "integer_weights",
        "label_offset",
        "preprocess_seconds",
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
        preprocess_seconds: float = 0.0,
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
        self.preprocess_seconds = preprocess_seconds
        self._derived: dict[str, Any] = {}

    # -- size and labels ------------------------------------------------------------

    @property
    def num_nodes(self) -> int:
        return len(self.indptr) - 1

    @property
    def num_arcs(self) -> int:
        return len(self.indices)

    @property
    def csr(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(indptr, indices, weights)``, the arcs as the kernels take them."""
        return self.indptr, self.indices, self.weights

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
        if found is None and isinstance(label, str) and label.strip().lstrip("-").isdecimal():
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

    def derived(self, name: str, build: Callable[[], Derived]) -> Derived:
        """A value derived from the arrays once and reused by every search.

        The first call runs ``build`` and adds its time to
        :attr:`preprocess_seconds` (one-off work, never inside a search's
        ``elapsed_s``); later calls return the same value. The graph is not
        meant to change after building.
        """
        if name not in self._derived:
            start = time.perf_counter()
            self._derived[name] = build()
            self.preprocess_seconds += time.perf_counter() - start
        value: Derived = self._derived[name]
        return value

    def reverse_csr(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """CSR arrays of the reversed arcs (the graph itself when undirected); built once."""
        if not self.directed:
            return self.csr

        def reverse() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
            sources = np.repeat(np.arange(self.num_nodes, dtype=np.int64), np.diff(self.indptr))
            indptr, indices, weights = _kernels.csr_fill(
                self.num_nodes, self.indices.astype(np.int64), sources, self.weights
            )
            return indptr, indices, weights

        return self.derived("reverse_csr", reverse)

    def packed_weights(self) -> tuple[np.ndarray, int] | None:
        """``(int64 weights, node bits)`` for the packed integer Dijkstra kernel, or None.

        Available when every weight is a whole number and no shortest distance
        can overflow a 64-bit heap entry of ``distance << bits | node``. Built once.
        """

        def pack() -> tuple[np.ndarray, int] | None:
            if not self.integer_weights or self.num_nodes == 0:
                return None
            bits = max(int(self.num_nodes - 1).bit_length(), 1)
            heaviest = float(self.weights.max()) if self.num_arcs else 0.0
            if (self.num_nodes - 1) * heaviest >= 2.0 ** (62 - bits):
                return None
            return self.weights.astype(np.int64), bits

        return self.derived("packed_weights", pack)

    def uniform_weight(self) -> float | None:
        """The common weight when every arc has the same one (BFS then suffices), else None."""

        def common_weight() -> float | None:
            if self.num_arcs == 0:
                return 1.0
            first = self.weights[0]
            return float(first) if bool(np.all(self.weights == first)) else None

        return self.derived("uniform_weight", common_weight)

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

        Examples
        --------
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
        graph.preprocess_seconds = time.perf_counter() - start
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

        Examples
        --------
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
            value = check_weight(w, f"edge {i} ({u!r}, {v!r})")
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

        Examples
        --------
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


def check_weight(
    w: Any, where: str, *, line: int | None = None, source: str | None = None
) -> int | float:
    """A weight as a number (``"12"`` and ``"2.5"`` read as numbers), or a clear InvalidInput.

    ``where`` names the edge for the message; ``line`` and ``source`` say
    where in a file it was.
    """
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
    try:
        finite = math.isfinite(w)
    except OverflowError:  # an integer beyond a float's range
        finite = False
    if not finite:
        shown = f"{w!r}" if not isinstance(w, int) or w.bit_length() < 100 else "(over 30 digits)"
        raise InvalidInput(f"{where}: weight {shown} is not finite", line=line, source=source)
    if w < 0:
        raise InvalidInput(
            f"{where}: negative weight {w!r}; shortest paths here need weights >= 0",
            line=line,
            source=source,
        )
    return int(w) if isinstance(w, (int, np.integer)) else float(w)

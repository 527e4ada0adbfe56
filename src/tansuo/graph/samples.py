"""The bundled example graphs (``tansuo/data/graph/``), read with importlib.resources."""

from __future__ import annotations

from importlib import resources

from tansuo.errors import InvalidInput
from tansuo.graph.model import Graph, parse_edge_list

_PACKAGE = "tansuo.data.graph"


def sample_names() -> list[str]:
    """Names of the bundled graphs (file names without ``.txt``)."""
    folder = resources.files(_PACKAGE)
    return sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".txt"))


def sample_text(name: str) -> str:
    """The text of a bundled graph file."""
    if name not in sample_names():
        raise InvalidInput(f"no bundled graph {name!r}; choose one of {', '.join(sample_names())}")
    return resources.files(_PACKAGE).joinpath(f"{name}.txt").read_text(encoding="utf-8")


def load_sample(name: str) -> Graph:
    """A bundled graph, e.g. ``"figure-7-3"`` or ``"figure-7-19"`` of the chapter.

    Example
    -------
    >>> load_sample("figure-7-3").num_nodes
    6
    """
    return parse_edge_list(sample_text(name), source=name)

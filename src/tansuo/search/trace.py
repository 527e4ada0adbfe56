"""Step-by-step traces of a search: the open and closed lists after each expansion.

This is the classic teaching figure of A* (every cell with its F, G and H) as
data: pass a :class:`Tracer` as ``on_event`` and read ``tracer.frames``.

Examples
--------
>>> from tansuo.search import GraphProblem, astar
>>> from tansuo.search.trace import trace
>>> g = {"S": {"a": 1, "b": 4}, "a": {"b": 1}, "b": {}}
>>> result, frames = trace(astar, GraphProblem(g, "S", "b", directed=True))
>>> [f.expanded for f in frames]
['S', 'a', 'b']
>>> frames[1].open  # after expanding 'a': b is open with g=2
{'b': Entry(g=2, h=0, f=2, parent='a')}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tansuo.search._budget import SearchEvent
from tansuo.search.problem import A, Problem, S
from tansuo.search.result import SearchResult


@dataclass(frozen=True, slots=True)
class Entry:
    g: float
    h: float
    f: float
    parent: Any


@dataclass(frozen=True, slots=True)
class Frame:
    """The lists right after ``expanded`` had its successors generated.

    ``open`` and ``closed`` map states to their :class:`Entry`; ``step`` counts
    expansions from 1.
    """

    step: int
    expanded: Any
    entry: Entry
    open: dict[Any, Entry]
    closed: dict[Any, Entry]


@dataclass(slots=True)
class Tracer:
    """An ``on_event`` callback that records a :class:`Frame` per expansion."""

    max_frames: int | None = 10_000
    frames: list[Frame] = field(default_factory=list)
    _open: dict[Any, Entry] = field(default_factory=dict)
    _closed: dict[Any, Entry] = field(default_factory=dict)
    _current: tuple[Any, Entry] | None = None

    def __call__(self, event: SearchEvent) -> None:
        entry = Entry(event.g, event.h, event.f, event.parent)
        if event.kind == "expand":
            self._flush()
            self._open.pop(event.state, None)
            self._closed[event.state] = entry
            self._current = (event.state, entry)
        else:
            self._closed.pop(event.state, None)
            self._open[event.state] = entry

    def _flush(self) -> None:
        if self._current is None:
            return
        if self.max_frames is None or len(self.frames) < self.max_frames:
            state, entry = self._current
            self.frames.append(
                Frame(len(self.frames) + 1, state, entry, dict(self._open), dict(self._closed))
            )
        self._current = None

    def finish(self) -> list[Frame]:
        self._flush()
        return self.frames


def trace(
    algorithm: Callable[..., SearchResult[S, A]], problem: Problem[S, A], /, **kwargs: Any
) -> tuple[SearchResult[S, A], list[Frame]]:
    """Run ``algorithm(problem, **kwargs)`` and return its result and its frames.

    ``algorithm`` is any search of the engine that takes ``on_event`` (see
    :data:`tansuo.search.ALGORITHMS`, ``traceable``).
    """
    tracer = Tracer()
    result = algorithm(problem, on_event=tracer, **kwargs)
    return result, tracer.finish()

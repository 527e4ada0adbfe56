"""numba kernels for grid search: the hot loops and their named constants, nothing else.

One module per concept:

``codes``
    statuses, counter slots, rule, heuristic and direction codes;
``heap``
    the open lists (a lazy 4-ary heap, an indexed binary heap);
``estimates``
    the heuristic estimates;
``tables``
    per-map tables: the moves, legal moves per cell, JPS's jumps and forced
    neighbours, connected regions;
``astar``, ``jps``, ``bfs``, ``bidirectional``
    the searches;
``landmarks``
    the differential heuristic's distance table;
``paths``
    from parent links to the answer.

The grid arrives padded with a one-cell border of walls and flattened, so a
cell is an index ``n = (y + 1) * padded_width + (x + 1)`` (``padded_width``: the padded
width) and its neighbours are ``n + offset`` with no bounds check.
``cost[n]`` is ``inf`` on walls.

Work arrays are allocated once per map (see ``grid.searcher.GridSearcher``)
and reused by every query: ``mark[n]`` says what ``g``/``parent`` hold for the
current query, ``2 * stamp`` for a generated (open) cell and ``2 * stamp + 1``
for a closed one; anything smaller is stale from an earlier query, so nothing
is cleared between queries.

Searches are resumable: each ``*_run`` kernel does at most ``chunk``
expansions and returns ``RUNNING``; the Python side looks at the budget
(``tansuo.budget.run_chunked``) and calls again. ``counters`` holds the state
that survives between calls (slots in ``codes``).

numba's on-disk cache (``cache=True``) notices by itself a change to the
file that defines a kernel only; importing :mod:`tansuo._jit` first makes it
notice a change to any of these modules the kernel's file imports.
"""

import tansuo._jit  # noqa: F401 (numba's cache checked against the imported files too)

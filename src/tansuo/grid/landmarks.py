"""The differential heuristic's table: true distances from a few landmark cells.

Landmarks are picked by farthest-point selection in the largest region of the
map: the first is the cell farthest from one of its cells, each next one the
cell farthest from all chosen so far, so they sit at the map's edges and dead
ends, where they tell the most. Cells of other regions get 0 everywhere,
which leaves them the rule's default estimate (a landmark cannot tell them
anything). Why the estimate is a lower bound: :mod:`tansuo.grid.heuristics`.

The table takes one full-map Dijkstra per landmark (and one more to find the
first), so it is built a step at a time under the query's clock: a time
limit stops it between two steps, and the next query goes on from the last
finished landmark.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from tansuo.budget import Meter, run_chunked
from tansuo.grid._kernels.codes import NO_CELL
from tansuo.grid._kernels.landmarks import fold_distances
from tansuo.grid._kernels.tables import (
    N_REGION_STATE,
    REGION_COUNT,
    REGION_SEED,
    REGION_STACK_TOP,
    label_regions_run,
    largest_region_cell,
)
from tansuo.grid.tables import TABLE_BAND

if TYPE_CHECKING:
    from tansuo.grid.searcher import GridSearcher

DEFAULT_LANDMARKS = 8
"""Landmarks of the differential heuristic: 8 cost 8 float64 per cell and a
Dijkstra each to build, and cut A*'s expansions several times on mazes and rooms."""

MAX_LANDMARKS = 64


def landmark_table_bytes(cells: int, count: int) -> int:
    """What building the table takes: the table, each cell's nearest-landmark
    distance, and the region labelling's three int32 arrays."""
    return cells * (8 * count + 8 + 12)


class LandmarkBuild:
    """A landmark table under construction for one searcher; :meth:`run` goes on with it.

    Parameters
    ----------
    searcher : GridSearcher
        The map, its legal moves (built already) and the work arrays the
        Dijkstras use.
    count : int
        Landmarks (columns of the table).
    """

    def __init__(self, searcher: GridSearcher, count: int) -> None:
        cells = searcher.cells
        self.searcher = searcher
        self.count = count
        self.table = np.zeros((cells, count))
        self.nearest = np.empty(cells)
        self.labels = np.zeros(cells, dtype=np.int32)
        self.sizes = np.zeros(cells, dtype=np.int32)
        self.stack = np.zeros(cells, dtype=np.int32)
        self.region_state = np.zeros(N_REGION_STATE, dtype=np.int64)
        self.region_state[REGION_STACK_TOP] = -1  # no fill under way
        self.regions_done = False
        self.landmark = NO_CELL  # the next landmark, once the seed's distances are in
        self.column = -1  # -1: the seed's Dijkstra comes next
        self.done = False

    def run(self, meter: Meter) -> str | None:
        """Build on until the table is done (None) or a budget is spent (its name).

        ``meter`` should have the query's clock and memory budget but no count
        (``grid.tables.clock_only``): the Dijkstras' expansions are not the query's.
        """
        if not self.regions_done:
            limit = run_chunked(self._label_regions, self._regions_progress, meter,
                                chunk=TABLE_BAND)  # fmt: skip
            if limit is not None:
                return limit
            self.regions_done = True
            count = int(self.region_state[REGION_COUNT])
            self.landmark = largest_region_cell(self.labels, self.sizes, count)
            if self.landmark == NO_CELL:  # no cell has a move: every estimate is the default one
                self._finish()
                return None
        s = self.searcher
        while self.column < self.count:
            # a small map's Dijkstra ends within one chunk, which run_chunked does not
            # follow with a look at the clock: look here, between two of them
            if (spent := meter.spent()) is not None:
                return spent
            limit, closed_mark = s.distances_from(self.landmark, meter)
            if limit is not None:
                return limit  # this Dijkstra starts again next time
            farthest, farthest_distance = NO_CELL, -np.inf
            for start in range(0, s.cells, TABLE_BAND):
                if start > 0 and (spent := meter.spent()) is not None:
                    return spent  # so does this one: its folded bands give the same again
                stop = min(start + TABLE_BAND, s.cells)
                cell, distance = fold_distances(s.mark, closed_mark, s.g, self.nearest,
                                                self.column <= 0, self.table, self.column,
                                                start, stop)  # fmt: skip
                if distance > farthest_distance:
                    farthest, farthest_distance = int(cell), distance
            self.landmark = farthest
            self.column += 1
        self._finish()
        return None

    def _label_regions(self, units: int) -> bool:
        s = self.searcher
        return bool(label_regions_run(s.move_masks, s.offsets, self.labels, self.sizes,
                                      self.stack, self.region_state, units))  # fmt: skip

    def _regions_progress(self) -> int:
        return int(self.region_state[REGION_SEED])  # cells looked at as seeds

    def _finish(self) -> None:
        self.done = True
        del self.nearest, self.labels, self.sizes, self.stack  # scratch, no longer needed

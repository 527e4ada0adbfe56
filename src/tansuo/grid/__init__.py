"""Grid pathfinding: Moving AI maps, movement rules, cost models and fast kernels.

>>> from tansuo.grid import Grid, find_path
>>> find_path(Grid.from_text("..\\n.."), (0, 0), (1, 1)).cost
1.4142135623730951

The modules: ``model`` (grids, rules, cost models, scenarios), ``io`` (the
file formats and the bundled maps), ``heuristics`` and ``landmarks`` (the
estimates), ``searcher`` (:class:`GridSearcher`, a map prepared for many
queries), ``result`` (what a query answers), ``solve`` (``find_path``,
``find_paths``, ``warm_up``), ``render`` (pictures), ``_kernels`` (numba).
"""

from tansuo.grid.heuristics import (
    HEURISTICS,
    Heuristic,
    default_heuristic,
    estimate,
    is_admissible,
)
from tansuo.grid.io import (
    BUNDLED_MAPS,
    bundled_map,
    bundled_map_names,
    bundled_scen,
    format_text_grid,
    load_grid,
    load_scen,
    parse_map,
    parse_point,
    parse_scen,
    parse_text_grid,
    read_grid,
    read_image,
    read_map,
    read_scen,
    read_text_grid,
)
from tansuo.grid.landmarks import DEFAULT_LANDMARKS
from tansuo.grid.model import (
    COSTS,
    MOVES,
    SCEN_TOLERANCE,
    Costs,
    Grid,
    Moves,
    Point,
    Scenario,
)
from tansuo.grid.result import GridStats, PathResult, SearchLog
from tansuo.grid.searcher import ALGORITHMS, Algorithm, GridSearcher
from tansuo.grid.solve import find_path, find_paths, warm_up

__all__ = [
    "ALGORITHMS",
    "BUNDLED_MAPS",
    "COSTS",
    "DEFAULT_LANDMARKS",
    "HEURISTICS",
    "MOVES",
    "SCEN_TOLERANCE",
    "Algorithm",
    "Costs",
    "Grid",
    "GridSearcher",
    "GridStats",
    "Heuristic",
    "Moves",
    "PathResult",
    "Point",
    "Scenario",
    "SearchLog",
    "bundled_map",
    "bundled_map_names",
    "bundled_scen",
    "default_heuristic",
    "estimate",
    "find_path",
    "find_paths",
    "format_text_grid",
    "is_admissible",
    "load_grid",
    "load_scen",
    "parse_map",
    "parse_point",
    "parse_scen",
    "parse_text_grid",
    "read_grid",
    "read_image",
    "read_map",
    "read_scen",
    "read_text_grid",
    "warm_up",
]

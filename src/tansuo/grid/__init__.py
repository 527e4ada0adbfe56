"""Grid pathfinding: Moving AI maps, movement rules, cost models and fast kernels.

>>> from tansuo.grid import Grid, find_path
>>> find_path(Grid.from_text("..\\n.."), (0, 0), (1, 1)).cost
1.4142135623730951
"""

from tansuo.grid.heuristics import HEURISTICS, default_heuristic, estimate, is_admissible
from tansuo.grid.model import (
    BUNDLED_MAPS,
    COSTS,
    MOVES,
    Grid,
    Scenario,
    bundled_map,
    bundled_scen,
    load_grid,
    load_scen,
    parse_map,
    parse_point,
    parse_scen,
    parse_text_grid,
    read_image,
)
from tansuo.grid.solve import (
    ALGORITHMS,
    GridSearcher,
    PathResult,
    SearchLog,
    find_path,
    find_paths,
)

__all__ = [
    "ALGORITHMS",
    "BUNDLED_MAPS",
    "COSTS",
    "HEURISTICS",
    "MOVES",
    "Grid",
    "GridSearcher",
    "PathResult",
    "Scenario",
    "SearchLog",
    "bundled_map",
    "bundled_scen",
    "default_heuristic",
    "estimate",
    "find_path",
    "find_paths",
    "is_admissible",
    "load_grid",
    "load_scen",
    "parse_map",
    "parse_point",
    "parse_scen",
    "parse_text_grid",
    "read_image",
]

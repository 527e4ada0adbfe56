"""
A* on a grid, step by step
==========================

The textbooks draw A* on a small grid: every cell it expands gets its
``G`` (cost so far), ``H`` (estimated cost to go) and ``F = G + H``. tansuo's
grid solver records the same log when asked (``record=True``), prints it one
expansion a line, and draws the closed cells, the open cells and the path.
"""

from tansuo.grid import Grid, find_path
from tansuo.grid.render import explain, render_gif, render_png

grid = Grid.from_text(
    """
S...#....
.##.#.##.
....#...G
.##...#..
"""
)
result = find_path(grid, grid.start, grid.goal, costs="10-14", heuristic="manhattan", record=True)
print(result.status, "cost", result.cost, "expanded", result.stats.expanded)

# %%
# The log: one line per expanded cell, in the order A* took them off the
# open list (the smallest ``F`` first).

print(explain(grid, result))

# %%
# The picture: walls dark, closed cells, the open list when the goal was
# reached, and the path. ``render_gif`` animates the same log.

render_png(grid, result, "grid_astar.png", scale=32)
render_gif(grid, result, "grid_astar.gif", start=grid.start, goal=grid.goal, scale=32)

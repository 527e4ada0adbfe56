"""
A Sokoban solution, animated
============================

The first level of the bundled Microban collection, solved with the fewest
pushes (``mode="push-optimal"``), replayed to check it, and animated. The
answer is in LURD: a lowercase letter is a step, an uppercase one a push.
"""

from tansuo.sokoban import bundled_collection, format_level, solve, verify
from tansuo.sokoban.render import render_solution

level = bundled_collection("microban")[0]
print(format_level(level))
result = solve(level, mode="push-optimal")
print(result.status, result.solution, "moves", result.moves, "pushes", result.pushes)
print("replayed to the end:", verify(level, result.solution).solved)

# %%
# The animation (a GIF, one frame per move).

render_solution(level.board(), result.solution, "sokoban.gif", frame_ms=150)

"""
A Sudoku, solved and drawn
==========================

One call solves a puzzle and, with ``max_solutions=2``, proves that the
solution is the only one. ``save_png`` draws the givens on grey and the
cells the solver filled on yellow.
"""

from tansuo.sudoku import format_side_by_side, save_png, solve

puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
result = solve(puzzle, max_solutions=2)
print(result.status, "unique:", result.unique, "guesses:", result.stats.guesses)
print(format_side_by_side(result.puzzle, result.solution))

# %%
# The picture.

save_png("sudoku.png", result.puzzle, result.solution)

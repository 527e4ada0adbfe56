"""Drawing Sudoku grids: text for the terminal, PNG pictures with Pillow.

The picture follows the seed document's figure: every cell a square with a
thin black outline, givens on grey, cells the solver filled on yellow, the
boxes outlined thick.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tansuo.errors import InvalidInput
from tansuo.sudoku.model import SYMBOLS, Sudoku

GIVEN_COLOUR = (220, 220, 220)  # "Gainsboro", as in the seed's figure
FILLED_COLOUR = (240, 210, 0)  # the seed's yellow
LINE_COLOUR = (0, 0, 0)
TEXT_COLOUR = (0, 0, 0)

if TYPE_CHECKING:
    from PIL import Image


def format_side_by_side(puzzle: Sudoku, solution: Sudoku | None, gap: str = "    ") -> str:
    """The puzzle and its solution next to each other, as text.

    Parameters
    ----------
    puzzle : Sudoku
        The puzzle.
    solution : Sudoku or None
        Its solution; None shows the puzzle alone.
    gap : str
        What separates the two grids on each line.

    Returns
    -------
    str

    Examples
    --------
    >>> from tansuo.sudoku import parse_puzzle, solve
    >>> p = parse_puzzle("1.3.3..2.1.34..1")
    >>> print(format_side_by_side(p, solve(p).solution))
    1 . | 3 .    1 2 | 3 4
    3 . | . 2    3 4 | 1 2
    ----+----    ----+----
    . 1 | . 3    2 1 | 4 3
    4 . | . 1    4 3 | 2 1
    """
    left = puzzle.format_grid().splitlines()
    if solution is None:
        return "\n".join(left)
    right = solution.format_grid().splitlines()
    return "\n".join(a + gap + b for a, b in zip(left, right, strict=True))


def render_image(
    puzzle: Sudoku, solution: Sudoku | None = None, *, cell_size: int | None = None
) -> Image.Image:
    """Draw a grid: givens of ``puzzle`` on grey, the other cells on yellow.

    Parameters
    ----------
    puzzle : Sudoku
        Decides the colours: its filled cells are givens.
    solution : Sudoku, optional
        The values to write; without it the puzzle's own (empty cells stay blank).
    cell_size : int, optional
        Side of a cell in pixels; by default 48 up to 9x9, smaller above, so
        that a 25x25 grid stays about a thousand pixels wide.

    Returns
    -------
    PIL.Image.Image

    Examples
    --------
    >>> from tansuo.sudoku import parse_puzzle
    >>> render_image(parse_puzzle("1.3.3..2.1.34..1")).size
    (198, 198)
    """
    n = puzzle.size
    if solution is not None and (solution.box_rows, solution.box_cols) != (
        puzzle.box_rows,
        puzzle.box_cols,
    ):
        raise InvalidInput("the solution has another shape than the puzzle")
    if cell_size is None:
        cell_size = 48 if n <= 9 else max(28, 1000 // n)
    if cell_size < 8:
        raise InvalidInput(f"cell_size must be at least 8 pixels, got {cell_size}")
    thick = max(3, cell_size // 14)
    margin = thick  # so that the outer thick lines are drawn whole
    side = n * cell_size + 2 * margin
    from PIL import Image, ImageDraw, ImageFont  # (here: a command that prints needs no Pillow)

    image = Image.new("RGB", (side, side), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=int(cell_size * 0.55))
    shown = solution if solution is not None else puzzle
    for cell, given in enumerate(puzzle.cells):
        r, c = divmod(cell, n)
        x0, y0 = margin + c * cell_size, margin + r * cell_size
        colour = GIVEN_COLOUR if given else FILLED_COLOUR
        draw.rectangle(
            (x0, y0, x0 + cell_size, y0 + cell_size), fill=colour, outline=LINE_COLOUR, width=1
        )
        value = shown.cells[cell]
        if value:
            draw.text(
                (x0 + cell_size / 2, y0 + cell_size / 2),
                SYMBOLS[value - 1],
                fill=TEXT_COLOUR,
                font=font,
                anchor="mm",
            )
    # The boxes, thick: rows of boxes every box_rows cells, columns every box_cols.
    end = margin + n * cell_size
    for r in range(0, n + 1, puzzle.box_rows):
        y = margin + r * cell_size
        draw.line((margin - thick // 2, y, end + thick // 2, y), fill=LINE_COLOUR, width=thick)
    for c in range(0, n + 1, puzzle.box_cols):
        x = margin + c * cell_size
        draw.line((x, margin - thick // 2, x, end + thick // 2), fill=LINE_COLOUR, width=thick)
    return image


def save_png(
    path: str | Path,
    puzzle: Sudoku,
    solution: Sudoku | None = None,
    *,
    cell_size: int | None = None,
) -> Path:
    """Draw with :func:`render_image` and write a PNG file; returns the path.

    Parameters
    ----------
    path : str or pathlib.Path
        The file to write; an existing file is replaced.
    puzzle : Sudoku
        Decides the colours: its filled cells are givens.
    solution : Sudoku, optional
        The values to write; without it the puzzle's own.
    cell_size : int, optional
        Side of a cell in pixels (default as :func:`render_image`).

    Returns
    -------
    pathlib.Path
        The path written.

    Examples
    --------
    >>> import os, tempfile
    >>> from tansuo.sudoku import solve
    >>> result = solve("1.3.3..2.1.34..1")
    >>> out = save_png(os.path.join(tempfile.mkdtemp(), "grid.png"), result.puzzle, result.solution)
    >>> out.suffix, out.stat().st_size > 0
    ('.png', True)
    """
    out = Path(path)
    render_image(puzzle, solution, cell_size=cell_size).save(out, format="PNG")
    return out

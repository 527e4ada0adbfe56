"""A Sudoku solved the way a person is taught, step by step, for the web page.

:func:`solve_steps` fills singles first, each with its reason: a *naked
single* is a cell with one candidate left; a *hidden single* is the one cell
of a row, column or box that can still take a value. When no single is left
it guesses in a cell with the fewest candidates (smallest value first) and
backtracks when a cell has no candidate or a value no place in a unit. It is
plain Python and records everything, so it is for teaching, not speed; the
tests hold its answer to :func:`tansuo.sudoku.solve`'s.

>>> trace = solve_steps("1234341221434321".replace("4", ".", 2))
>>> trace.status, "".join(map(str, trace.solution))
('solved', '1234341221434321')
>>> trace.steps[0]["kind"], trace.steps[0]["why"]
('naked', 'row 1, column 4: 4 is the only value left')
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from tansuo.errors import InvalidInput
from tansuo.sudoku.io import parse_puzzle
from tansuo.sudoku.model import SYMBOLS, Sudoku

MAX_STEPS = 50_000
"""Steps recorded before the trace stops (status ``"limit"``)."""


@dataclass(slots=True)
class SudokuTrace:
    """The steps and the result.

    ``steps`` are dicts: ``kind`` ("naked", "hidden", "guess", "backtrack"),
    ``cell`` (0-based, row-major), ``value``, ``why`` (one sentence) and, for a
    backtrack, ``clear``: the cells emptied again (those filled since the guess,
    the guess's cell included). ``solution`` is the grid (0 for empty) at the
    end; ``status`` is "solved", "no_solution" or "limit".
    """

    size: int
    givens: list[int]
    steps: list[dict[str, Any]] = field(default_factory=list)
    solution: list[int] = field(default_factory=list)
    status: str = "limit"

    def as_dict(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "givens": self.givens,
            "steps": self.steps,
            "solution": self.solution,
            "status": self.status,
            "guesses": sum(s["kind"] == "guess" for s in self.steps),
            "backtracks": sum(s["kind"] == "backtrack" for s in self.steps),
        }


class _Stop(Exception):
    pass


def solve_steps(
    puzzle: Sudoku | str, *, max_steps: int = MAX_STEPS, time_limit: float | None = None
) -> SudokuTrace:
    """Solve ``puzzle`` by singles and guesses, recording every step (see the module).

    Past ``max_steps`` steps or ``time_limit`` seconds it stops with status ``"limit"``.
    """
    sudoku = parse_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    if max_steps < 1:
        raise InvalidInput(f"max_steps must be at least 1, got {max_steps}")
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    n, br, bc = sudoku.size, sudoku.box_rows, sudoku.box_cols
    units: list[tuple[str, list[int]]] = []
    for r in range(n):
        units.append((f"row {r + 1}", [r * n + c for c in range(n)]))
    for c in range(n):
        units.append((f"column {c + 1}", [r * n + c for r in range(n)]))
    for b in range(n):
        r0, c0 = (b // (n // bc)) * br, (b % (n // bc)) * bc
        units.append((f"box {b + 1}", [(r0 + i // bc) * n + c0 + i % bc for i in range(n)]))
    peers: list[set[int]] = [set() for _ in range(n * n)]
    for _, cells in units:
        for i in cells:
            peers[i].update(cells)
    for i in range(n * n):
        peers[i].discard(i)
    grid = list(sudoku.cells)
    trace = SudokuTrace(n, list(grid))
    everything = set(range(1, n + 1))

    def where(i: int) -> str:
        return f"row {i // n + 1}, column {i % n + 1}"

    def record(step: dict[str, Any]) -> None:
        if len(trace.steps) >= max_steps:
            raise _Stop
        if deadline is not None and time.perf_counter() > deadline:
            raise _Stop
        trace.steps.append(step)

    def candidates(i: int) -> set[int]:
        return everything - {grid[j] for j in peers[i]}

    def propagate(filled: list[int]) -> str | None:
        """Singles to a fixed point; the reason of a contradiction, or None."""
        while True:
            progress = False
            for i in range(n * n):
                if grid[i]:
                    continue
                left = candidates(i)
                if not left:
                    return f"{where(i)} has no candidate left"
                if len(left) == 1:
                    value = left.pop()
                    grid[i] = value
                    filled.append(i)
                    why = f"{where(i)}: {SYMBOLS[value - 1]} is the only value left"
                    record({"kind": "naked", "cell": i, "value": value, "why": why})
                    progress = True
            for name, cells in units:
                placed = {grid[i] for i in cells}
                for value in everything - placed:
                    spots = [i for i in cells if not grid[i] and value in candidates(i)]
                    if not spots:
                        return f"{SYMBOLS[value - 1]} has no place left in {name}"
                    if len(spots) == 1:
                        i = spots[0]
                        grid[i] = value
                        filled.append(i)
                        record({"kind": "hidden", "cell": i, "value": value, "unit": name,
                                "why": f"{where(i)}: the only place for {SYMBOLS[value - 1]} "
                                       f"in {name}"})  # fmt: skip
                        progress = True
                        placed.add(value)
            if not progress:
                return None

    def search(filled: list[int]) -> bool:
        why = propagate(filled)
        if why is not None:
            trace.steps.append({"kind": "dead-end", "cell": -1, "value": 0, "why": why})
            return False
        empty = [i for i in range(n * n) if not grid[i]]
        if not empty:
            return True
        cell = min(empty, key=lambda i: len(candidates(i)))
        options = sorted(candidates(cell))
        for value in options:
            mine: list[int] = [cell]
            grid[cell] = value
            record({"kind": "guess", "cell": cell, "value": value, "options": options,
                    "why": f"{where(cell)}: no single left; try {SYMBOLS[value - 1]} of "
                           f"{', '.join(SYMBOLS[v - 1] for v in options)}"})  # fmt: skip
            if search(mine):
                filled.extend(mine)
                return True
            for i in mine:
                grid[i] = 0
            record({"kind": "backtrack", "cell": cell, "value": value, "clear": mine,
                    "why": f"{where(cell)}: {SYMBOLS[value - 1]} leads to a contradiction; "
                           "take it back"})  # fmt: skip
        return False

    try:
        solved = search([])
        trace.status = "solved" if solved else "no_solution"
    except _Stop:
        trace.status = "limit"
    # the dead-end notes ride on the step after them: fold each into the next backtrack
    steps: list[dict[str, Any]] = []
    pending = ""
    for step in trace.steps:
        if step["kind"] == "dead-end":
            pending = step["why"]
            continue
        if step["kind"] == "backtrack" and pending:
            step["why"] = f"{pending}: {step['why']}"
            pending = ""
        steps.append(step)
    trace.steps = steps
    trace.solution = list(grid)
    return trace

"""Sokoban levels, positions and moves.

A :class:`Level` is what a file holds: its rows of glyphs (``#`` wall, ``@``
player, ``+`` player on a goal, ``$`` box, ``*`` box on a goal, ``.`` goal,
space floor), a title and the metadata lines that came with it. Before a
search, :meth:`Level.board` checks it (walls all round, one player, as many
boxes as goals) and compiles it into a :class:`Board`: flat arrays over the
cells of a padded grid, where ``cell = row * width + col``, the cells the player
can never reach are walls, and boxes parked on goals out of the player's reach
are walls too (decorations).

Moves are LURD letters: ``l u r d`` walk, ``L U R D`` push a box.

>>> level = Level.from_text("#####\\n#@$.#\\n#####")
>>> board = level.board()
>>> board.boxes, board.goals, board.player
((17,), (18,), 16)
>>> replay(level, "R").solved
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from tansuo.errors import InvalidInput

WALL, FLOOR, GOAL, BOX, BOX_ON_GOAL, PLAYER, PLAYER_ON_GOAL = "#", " ", ".", "$", "*", "@", "+"
GLYPHS = frozenset("# .$*@+")
"""The glyphs of a normalised row (``-`` and ``_`` are read as floor)."""

DIRECTIONS = "lurd"
"""Move letters in the order the kernels number directions (0 left, 1 up, 2 right, 3 down)."""

DELTAS = ((0, -1), (-1, 0), (0, 1), (1, 0))
"""``(drow, dcol)`` of each direction, in :data:`DIRECTIONS` order."""


@dataclass(frozen=True, slots=True)
class Level:
    """One level as read from a file: its rows, its title and its metadata.

    Attributes
    ----------
    rows : tuple of str
        The board, one string per row, glyphs normalised (``-``/``_`` to space),
        every row padded with spaces to the same width.
    title : str
        The level's title (``Title:`` metadata, else the comment or text line
        just above it, else its number).
    number : int
        1-based position in its collection (1 for a lone level).
    metadata : tuple of (str, str)
        ``Key: value`` lines that came with the level, in file order.

    Examples
    --------
    >>> level = Level.from_text("#####\\n#@$.#\\n#####")
    >>> level.width, level.height, level.title
    (5, 3, '1')
    """

    rows: tuple[str, ...]
    title: str = "1"
    number: int = 1
    metadata: tuple[tuple[str, str], ...] = ()

    @classmethod
    def from_text(cls, text: str, title: str = "1") -> Level:
        """A level from its rows (no run-length encoding; see :mod:`tansuo.sokoban.io`)."""
        lines = [line.rstrip() for line in text.strip("\n").splitlines()]
        return cls(normalise_rows(lines, title), title=title)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    @property
    def name(self) -> str:
        """How messages name this level: ``level 3`` or ``level 3 ('Duh!')``."""
        if self.title == str(self.number):
            return f"level {self.number}"
        return f"level {self.number} ({self.title!r})"

    def cells(self, glyphs: str) -> list[tuple[int, int]]:
        """``(row, col)`` of every cell holding one of ``glyphs``, row by row."""
        return [
            (r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch in glyphs
        ]

    def text(self) -> str:
        """The rows as XSB text (trailing spaces dropped)."""
        return "\n".join(row.rstrip() for row in self.rows)

    def board(self) -> Board:
        """The checked, compiled board a search runs on.

        Raises
        ------
        InvalidInput
            No player or more than one, a player not enclosed by walls, or a
            different number of boxes and goals where the player can reach
            (the message names the level).
        """
        return _compile(self)

    def __str__(self) -> str:
        return self.text()


def normalise_rows(lines: list[str], title: str = "level") -> tuple[str, ...]:
    """Rows with ``-``/``_`` as spaces, padded to one width; InvalidInput on a stray glyph."""
    rows = [line.replace("-", " ").replace("_", " ").rstrip() for line in lines]
    for r, row in enumerate(rows):
        bad = set(row) - GLYPHS
        if bad:
            raise InvalidInput(
                f"{title}: row {r + 1} has {''.join(sorted(bad))!r}, not a Sokoban glyph"
            )
    width = max((len(row) for row in rows), default=0)
    if width == 0:
        raise InvalidInput(f"{title}: an empty board")
    return tuple(row.ljust(width) for row in rows)


@dataclass(frozen=True, slots=True)
class Board:
    """A checked level compiled for search: a padded grid of ``width * height`` cells.

    Attributes
    ----------
    width, height : int
        Of the padded grid (one ring of walls added all round).
    walls : numpy.ndarray of bool
        Per cell: a wall, or a cell the player can never reach, or a box fixed
        on a goal out of reach.
    goals : tuple of int
        Goal cells (those that take part in the puzzle), sorted.
    boxes : tuple of int
        Box cells at the start, sorted.
    player : int
        The player's cell at the start.
    level : Level
        What it was compiled from.

    Examples
    --------
    >>> board = Level.from_text("#######\\n#@ $ .#\\n#######").board()
    >>> board.width, board.height, len(board.boxes), len(board.goals)  # a wall border added
    (9, 5, 1, 1)
    """

    width: int
    height: int
    walls: np.ndarray = field(repr=False)
    goals: tuple[int, ...]
    boxes: tuple[int, ...]
    player: int
    level: Level = field(repr=False, compare=False)

    @property
    def deltas(self) -> tuple[int, int, int, int]:
        """Cell offsets of the four directions, in :data:`DIRECTIONS` order."""
        w = self.width
        return (-1, -w, 1, w)

    def rowcol(self, cell: int) -> tuple[int, int]:
        """``(row, col)`` of a cell in the level's own coordinates (without the padding)."""
        return cell // self.width - 1, cell % self.width - 1

    def cell(self, row: int, col: int) -> int:
        """The cell of a level coordinate."""
        return (row + 1) * self.width + col + 1

    def is_goal_state(self, boxes: Iterable[int]) -> bool:
        return sorted(boxes) == list(self.goals)

    def reachable(self, player: int, boxes: Iterable[int]) -> dict[int, int]:
        """Cells the player can walk to (cell -> previous cell on a shortest walk)."""
        blocked = set(boxes)
        seen = {player: -1}
        queue = deque([player])
        while queue:
            cell = queue.popleft()
            for d in self.deltas:
                nxt = cell + d
                if nxt not in seen and not self.walls[nxt] and nxt not in blocked:
                    seen[nxt] = cell
                    queue.append(nxt)
        return seen

    def walk(self, start: int, end: int, boxes: Iterable[int]) -> str | None:
        """A shortest walk ``start -> end`` around the boxes in lowercase LURD, or None."""
        prev = self.reachable(start, boxes)
        if end not in prev:
            return None
        letters = []
        cell = end
        while cell != start:
            before = prev[cell]
            letters.append(DIRECTIONS[self.deltas.index(cell - before)])
            cell = before
        return "".join(reversed(letters))

    def render(self, boxes: Iterable[int], player: int) -> str:
        """The position as XSB rows (level coordinates)."""
        box_set = set(boxes)
        goal_set = set(self.goals)
        rows = []
        for r, row in enumerate(self.level.rows):
            out = []
            for c, ch in enumerate(row):
                cell = self.cell(r, c)
                if cell == player:
                    out.append(PLAYER_ON_GOAL if cell in goal_set else PLAYER)
                elif cell in box_set:
                    out.append(BOX_ON_GOAL if cell in goal_set else BOX)
                elif cell in goal_set:
                    out.append(GOAL)
                elif ch == WALL:
                    out.append(WALL)
                elif ch in "*$" and self.walls[cell]:
                    out.append(ch)  # a decorative box, fixed for good
                else:
                    out.append(FLOOR if ch != GOAL else GOAL)
            rows.append("".join(out).rstrip())
        return "\n".join(rows)


def _compile(level: Level) -> Board:
    name = level.name
    players = level.cells("@+")
    if not players:
        raise InvalidInput(f"{name}: no player (@ or +)")
    if len(players) > 1:
        raise InvalidInput(f"{name}: {len(players)} players, expected one")
    width, height = level.width + 2, level.height + 2
    glyph = np.full(width * height, "#", dtype="<U1")
    for r, row in enumerate(level.rows):
        for c, ch in enumerate(row):
            glyph[(r + 1) * width + c + 1] = ch
    # The ring we added is walls; so are the level's walls. The player's region:
    # every cell it could reach if boxes were no obstacle. A non-wall cell of
    # the level's outermost rows or columns in it means the level is open.
    (pr, pc) = players[0]
    start = (pr + 1) * width + pc + 1
    region = np.zeros(width * height, dtype=bool)
    region[start] = True
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        r, c = divmod(cell, width)
        if r in (1, height - 2) or c in (1, width - 2):
            raise InvalidInput(
                f"{name}: not enclosed by walls (the player can walk out at row {r}, column {c})"
            )
        for d in (-1, -width, 1, width):
            nxt = cell + d
            if not region[nxt] and glyph[nxt] != "#":
                region[nxt] = True
                queue.append(nxt)
    boxes = sorted(i for i in np.flatnonzero(region) if glyph[i] in "$*")
    goals = sorted(i for i in np.flatnonzero(region) if glyph[i] in ".*+")
    walls = ~region
    if len(boxes) != len(goals):
        raise InvalidInput(
            f"{name}: {len(boxes)} box{'' if len(boxes) == 1 else 'es'} but {len(goals)} "
            f"goal{'' if len(goals) == 1 else 's'} where the player can reach"
        )
    if not boxes:
        raise InvalidInput(f"{name}: no boxes to push")
    return Board(
        width=width,
        height=height,
        walls=walls,
        goals=tuple(int(g) for g in goals),
        boxes=tuple(int(b) for b in boxes),
        player=start,
        level=level,
    )


@dataclass(frozen=True, slots=True)
class Replay:
    """The end of a replay: where the boxes and player ended, and the counts.

    Attributes
    ----------
    boxes : tuple of int
        The boxes' cells at the end.
    player : int
        The player's cell at the end.
    moves, pushes : int
        Moves made, and how many of them pushed a box.
    solved : bool
        Whether every box ended on a goal.

    Examples
    --------
    >>> end = replay(Level.from_text("#######\\n#@ $ .#\\n#######"), "rR")
    >>> end.moves, end.pushes, end.solved
    (2, 1, False)
    """

    boxes: tuple[int, ...]
    player: int
    moves: int
    pushes: int
    solved: bool


def replay(level: Level | Board, lurd: str) -> Replay:
    """Play ``lurd`` from the start of the level; InvalidInput at the first illegal move.

    Lowercase letters walk, uppercase push; a lowercase letter that would push
    a box (or an uppercase one that pushes nothing) is illegal, as is walking
    into a wall or pushing a box into a wall or another box. Whitespace is ignored.

    Parameters
    ----------
    level : Level or Board
        The level, from its start.
    lurd : str
        Moves: ``l u r d`` walk, ``L U R D`` push; whitespace is ignored.

    Returns
    -------
    Replay
        Where the boxes and the player ended, the counts of moves and pushes,
        and whether the level is solved.

    Raises
    ------
    InvalidInput
        At the first illegal move (naming it).

    Examples
    --------
    >>> level = Level.from_text("######\\n#@$ .#\\n######")
    >>> end = replay(level, "R")
    >>> end.moves, end.pushes, end.solved
    (1, 1, False)
    """
    board = level if isinstance(level, Board) else level.board()
    boxes = set(board.boxes)
    player = board.player
    moves = pushes = 0
    for i, letter in enumerate(ch for ch in lurd if not ch.isspace()):
        k = DIRECTIONS.find(letter.lower())
        if k < 0:
            raise InvalidInput(f"move {i + 1}: {letter!r} is not one of l u r d L U R D")
        d = board.deltas[k]
        nxt = player + d
        if board.walls[nxt]:
            raise InvalidInput(f"move {i + 1} ({letter}): walks into a wall")
        if nxt in boxes:
            if letter.islower():
                raise InvalidInput(
                    f"move {i + 1} ({letter}): pushes a box, should be {letter.upper()}"
                )
            beyond = nxt + d
            if board.walls[beyond] or beyond in boxes:
                raise InvalidInput(f"move {i + 1} ({letter}): the box cannot move there")
            boxes.remove(nxt)
            boxes.add(beyond)
            pushes += 1
        elif letter.isupper():
            raise InvalidInput(
                f"move {i + 1} ({letter}): pushes no box, should be {letter.lower()}"
            )
        player = nxt
        moves += 1
    final = tuple(sorted(boxes))
    return Replay(final, player, moves, pushes, board.is_goal_state(final))


def verify(level: Level | Board, lurd: str) -> Replay:
    """Replay ``lurd`` and require that it solves the level (InvalidInput otherwise).

    Parameters
    ----------
    level : Level or Board
        The level, from its start.
    lurd : str
        Moves: ``l u r d`` walk, ``L U R D`` push; whitespace is ignored.

    Returns
    -------
    Replay
        As :func:`replay` returns it, with ``solved`` true.

    Raises
    ------
    InvalidInput
        At the first illegal move (naming it), or when the moves end with a box off its goal.

    Examples
    --------
    >>> verify(Level.from_text("#####\\n#@$.#\\n#####"), "R").solved
    True
    """
    end = replay(level, lurd)
    if not end.solved:
        raise InvalidInput("the moves are legal but leave boxes off their goals")
    return end

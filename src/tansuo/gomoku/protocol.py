"""``pbrain-tansuo``: the Gomocup protocol over standard input and output.

The manager (Piskvork, Gomoku Cup's tournament manager, Yixin-Board, ...)
sends one command a line; the brain answers and flushes:

==================  =====================================================
``START 15``        a square board: ``OK``, or ``ERROR`` for a size
                    outside 5..22
``RECTSTART 20,15`` a rectangular board: ``OK`` or ``ERROR``
``RESTART``         a new game on the same board: ``OK``
``BEGIN``           the brain plays first: ``x,y``
``TURN x,y``        the opponent played ``x,y``: the brain's ``x,y``
``BOARD`` ...       lines ``x,y,who`` (1 the brain's, 2 the opponent's,
``DONE``            3 a continuous-game stone), then ``DONE``: ``x,y``
``INFO key value``  ``timeout_turn``, ``timeout_match``, ``time_left`` (ms),
                    ``max_memory`` (bytes), ``max_node`` (nodes a move, of
                    every search the move runs, as c-gomoku-cli sends it),
                    ``game_type``, ``rule`` (a bit mask: 1 exactly five,
                    2 continuous game, 4 renju, 8 caro), ``folder``; no answer
``TAKEBACK x,y``    remove that stone: ``OK``
``PLAY x,y``        the brain must play ``x,y`` (a GUI's forced move):
                    plays it and answers ``x,y``
``SWAP2BOARD`` ...  stones ``x,y`` until ``DONE``; with none the brain
                    places three (``x1,y1 x2,y2 x3,y3``), with three it
                    answers ``SWAP`` or a white move or two more stones,
                    with five ``SWAP`` or a move
``ABOUT``           ``name="tansuo", version=..., author=..., country=...``
``END``             the brain exits
==================  =====================================================

Anything else gets ``UNKNOWN``, a command that cannot be obeyed ``ERROR``;
neither ends the brain, and a command answered ``ERROR`` leaves the position
as it was (a ``BOARD`` with two stones on one cell is refused whole). The
brain never thinks longer than the turn time, nor than its share of the
match time left, and sizes its tables within ``max_memory`` (what the process
already holds counted). When the manager closes the pipe, the brain exits
quietly.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import IO

from tansuo import __version__
from tansuo.errors import InvalidInput
from tansuo.gomoku import _kernels as K
from tansuo.gomoku.engine import Engine
from tansuo.gomoku.model import MAX_SIZE, MIN_SIZE, Board

ABOUT = f'name="tansuo", version="{__version__}", author="tansuo", country="CN"'
SAFETY_MS = 60
"""Milliseconds kept back from every time budget (start-up of the search, the pipe)."""
MOVES_LEFT = 25
"""The match clock is shared as if this many more moves were to come."""
UNLIMITED_MS = 2_147_483_647
"""``time_left`` when the match has no clock (the protocol's value)."""
MEMORY_MARGIN = 24 << 20
"""Bytes of ``max_memory`` kept for what a search allocates besides its tables."""


def rule_name(bits: int) -> str:
    """The rule of Gomocup's ``INFO rule`` bit mask.

    Bit 1 is exactly five (standard), 2 a continuous game (the stones marked
    3 in ``BOARD``: no effect on the rule), 4 renju, 8 caro; renju wins over
    caro, caro over exactly five.

    >>> [rule_name(b) for b in (0, 1, 2, 3, 4, 5, 8)]
    ['freestyle', 'standard', 'freestyle', 'standard', 'renju', 'renju', 'caro']
    """
    if bits < 0:
        raise InvalidInput(f"rule must be a bit mask >= 0, got {bits}")
    if bits & 4:
        return "renju"
    if bits & 8:
        return "caro"
    if bits & 1:
        return "standard"
    return "freestyle"


class Brain:
    """The protocol state: the board, the clocks, the engine. ``handle(line)`` answers a line."""

    def __init__(self, engine: Engine | None = None) -> None:
        self.width = self.height = 0
        self.rule = "freestyle"
        self.mine: list[tuple[int, int]] = []
        self.theirs: list[tuple[int, int]] = []
        self.board: Board | None = None
        self.timeout_turn = 5000
        self.timeout_match = 0
        self.time_left = UNLIMITED_MS
        self.max_memory = 0
        self.max_node: int | None = None
        self.last_nodes = 0  # the nodes of the last move searched (alpha-beta and threat searches)
        self.held_bytes = 0  # resident bytes besides the tables, when max_memory was set
        self.engine = engine if engine is not None else Engine()
        self.collecting: str | None = None  # "BOARD" or "SWAP2BOARD" while reading stones
        self.pending: list[tuple[int, int, int]] = []
        self.finished = False

    # -- the board ---------------------------------------------------------

    def _rebuild(self, to_move_mine: bool = True) -> Board:
        """The board from the stone lists; the brain to move unless told otherwise."""
        mine, theirs = len(self.mine), len(self.theirs)
        # black moves when the counts are equal, white when black has one more
        brain_black = mine >= theirs if to_move_mine else mine > theirs
        black, white = (self.mine, self.theirs) if brain_black else (self.theirs, self.mine)
        brain = K.BLACK if brain_black else K.WHITE
        to_move = brain if to_move_mine else 3 - brain
        self.board = Board.from_stones(
            list(black),
            list(white),
            size=self.width,
            height=self.height,
            rule=self.rule,
            to_move=to_move,
        )
        return self.board

    def _cell(self, text: str) -> tuple[int, int]:
        parts = text.replace(" ", "").split(",")
        if len(parts) < 2:
            raise InvalidInput(f"expected x,y, got {text!r}")
        try:
            x, y = int(parts[0]), int(parts[1])
        except ValueError:
            raise InvalidInput(f"expected x,y, got {text!r}") from None
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise InvalidInput(f"{x},{y} is off the {self.width}x{self.height} board")
        if (x, y) in self.mine or (x, y) in self.theirs:
            raise InvalidInput(f"{x},{y} is occupied")
        return x, y

    def _need_start(self) -> None:
        if self.width == 0:
            raise InvalidInput("no board yet: send START first")

    def _need_board(self) -> Board:
        self._need_start()
        return self.board if self.board is not None else self._rebuild()

    # -- thinking ----------------------------------------------------------

    def think_time(self) -> float:
        """Seconds for this move: the turn limit, or a share of the match clock left.

        With a match clock (``time_left`` below the protocol's "unlimited"),
        the move takes at most the clock left over MOVES_LEFT, so the clock
        shrinks geometrically and never runs out; SAFETY_MS is kept back from
        either limit. A turn limit of 0 means "play as fast as possible" in the
        protocol: the shortest search there is.
        """
        budget = self.timeout_turn
        if self.time_left < UNLIMITED_MS:
            budget = min(budget, self.time_left // MOVES_LEFT + 1)
        return max(0.01, (budget - SAFETY_MS) / 1000)

    def _size_tables(self) -> None:
        """Size the engine's tables within ``max_memory`` (0: the engine's default).

        What the process holds besides the tables (the interpreter, numba, the
        compiled kernels: some 200 MB) is measured with the tables shrunk
        (their pages go back to the system) and taken off, with MEMORY_MARGIN.
        """
        if self.max_memory <= 0:
            self.engine.resize(None)
            return
        self.engine.resize(1 << 20)
        self.held_bytes = _resident_bytes()
        self.engine.resize(max(1 << 20, self.max_memory - self.held_bytes - MEMORY_MARGIN))

    def _best_move(self) -> tuple[int, int]:
        board = self._rebuild()
        if board.is_terminal():
            raise InvalidInput("the game is over")
        if not board.history:
            return self.width // 2, self.height // 2
        result = self.engine.search(board, time_limit=self.think_time(), max_nodes=self.max_node)
        self.last_nodes = result.stats.nodes
        move = board.parse_move(result.move) if result.move is not None else None
        if move is None or not board.is_legal(move):
            moves = board.legal_moves()
            if not moves:
                raise InvalidInput("no legal move")
            move = moves[0]
        return board.xy(move)

    def _play_mine(self) -> str:
        x, y = self._best_move()
        self.mine.append((x, y))
        self.board = None
        return f"{x},{y}"

    # -- commands ----------------------------------------------------------

    def handle(self, line: str) -> list[str]:
        """The brain's answer lines to one input line (often none or one)."""
        text = line.strip()
        if not text:
            return []
        # a command that fails leaves the position as it was
        saved = (list(self.mine), list(self.theirs))
        try:
            if self.collecting is not None:
                return self._collect(text)
            command, _, rest = text.partition(" ")
            command = command.upper()
            rest = rest.strip()
            handler = getattr(self, f"cmd_{command.lower()}", None)
            if handler is None:
                return [f"UNKNOWN command {command}"]
            return handler(rest)
        except InvalidInput as exc:
            self.mine, self.theirs = saved
            self.board = None
            return [f"ERROR {exc}"]
        except Exception as exc:  # the brain never dies on a command
            self.mine, self.theirs = saved
            self.board = None
            return [f"ERROR internal: {type(exc).__name__}: {exc}"]

    def _start(self, width: int, height: int) -> list[str]:
        if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
            return [f"ERROR unsupported size {width}x{height} (5..22)"]
        self.width, self.height = width, height
        self.mine, self.theirs = [], []
        self.board = None
        self.engine.new_game()
        return ["OK"]

    def cmd_start(self, rest: str) -> list[str]:
        try:
            size = int(rest)
        except ValueError:
            return [f"ERROR bad size {rest!r}"]
        return self._start(size, size)

    def cmd_rectstart(self, rest: str) -> list[str]:
        try:
            width, height = (int(v) for v in rest.replace(" ", "").split(","))
        except ValueError:
            return [f"ERROR bad size {rest!r} (expected width,height)"]
        return self._start(width, height)

    def cmd_restart(self, rest: str) -> list[str]:
        if self.width == 0:
            return ["ERROR no board yet: send START first"]
        return self._start(self.width, self.height)

    def cmd_begin(self, rest: str) -> list[str]:
        self._need_board()
        return [self._play_mine()]

    def cmd_turn(self, rest: str) -> list[str]:
        self._need_board()
        self.theirs.append(self._cell(rest))
        self.board = None
        return [self._play_mine()]

    def cmd_play(self, rest: str) -> list[str]:
        self._need_board()
        x, y = self._cell(rest)
        self.mine.append((x, y))
        self.board = None
        return [f"{x},{y}"]

    def cmd_takeback(self, rest: str) -> list[str]:
        self._need_start()
        parts = rest.replace(" ", "").split(",")
        try:
            cell = (int(parts[0]), int(parts[1]))
        except (ValueError, IndexError):
            return [f"ERROR expected x,y, got {rest!r}"]
        for stones in (self.mine, self.theirs):
            if cell in stones:
                stones.remove(cell)
                self.board = None
                return ["OK"]
        return [f"ERROR no stone at {cell[0]},{cell[1]}"]

    def cmd_board(self, rest: str) -> list[str]:
        self._need_start()
        self.collecting = "BOARD"
        self.pending = []
        return []

    def cmd_swap2board(self, rest: str) -> list[str]:
        self._need_start()
        self.collecting = "SWAP2BOARD"
        self.pending = []
        return []

    def _collect(self, text: str) -> list[str]:
        mode = self.collecting
        if text.upper() != "DONE":
            parts = text.replace(" ", "").split(",")
            try:
                x, y = int(parts[0]), int(parts[1])
                who = int(parts[2]) if len(parts) > 2 else 0
            except (ValueError, IndexError):
                return [f"ERROR bad stone line {text!r}"]
            if not (0 <= x < self.width and 0 <= y < self.height):
                return [f"ERROR {x},{y} is off the board"]
            self.pending.append((x, y, who))
            return []
        self.collecting = None
        cells = [(x, y) for x, y, _ in self.pending]
        if len(set(cells)) != len(cells):
            twice = next(c for c in cells if cells.count(c) > 1)
            raise InvalidInput(f"two stones on one cell ({twice[0]},{twice[1]}), position kept")
        if mode == "BOARD":
            self.mine = [(x, y) for x, y, who in self.pending if who == 1]
            self.theirs = [(x, y) for x, y, who in self.pending if who == 2]
            self.board = None
            return [self._play_mine()]
        return self._swap2(cells)

    def _swap2(self, stones: list[tuple[int, int]]) -> list[str]:
        """Swap2: place three stones, or choose a colour, or add two stones."""
        cx, cy = self.width // 2, self.height // 2
        if not stones:
            # a balanced opening: black centre, white diagonal, black two away
            opening = [(cx, cy), (cx + 1, cy + 1), (cx + 2, cy - 1)]
            self.theirs, self.mine = [], []
            return [" ".join(f"{x},{y}" for x, y in opening)]
        black = stones[0::2]
        white = stones[1::2]
        board = Board.from_stones(
            list(black), list(white), size=self.width, height=self.height, rule=self.rule
        )
        score = self.engine.search(board, time_limit=min(1.0, self.think_time())).score or 0
        # ``score`` is from white's side (white to move); take black when white looks worse
        if score < 0:
            return ["SWAP"]
        self.mine, self.theirs = list(white), list(black)
        self.board = None
        return [self._play_mine()]

    def cmd_info(self, rest: str) -> list[str]:
        key, _, value = rest.partition(" ")
        key = key.lower()
        value = value.strip()
        try:
            if key == "timeout_turn":
                self.timeout_turn = int(value)
            elif key == "timeout_match":
                self.timeout_match = int(value)
            elif key == "time_left":
                self.time_left = int(value)
            elif key == "max_memory":
                memory = int(value)
                if memory < 0:
                    return [f"ERROR max_memory must be >= 0 bytes, got {memory}"]
                self.max_memory = memory
                self._size_tables()
            elif key == "max_node":
                nodes = int(value)
                # c-gomoku-cli sends -1 (or 0) for no limit
                self.max_node = nodes if 0 < nodes < (1 << 63) else None
            elif key == "rule":
                self.rule = rule_name(int(value))
                self.board = None
        except ValueError:
            return [f"ERROR bad value for {key}: {value!r}"]
        return []  # game_type, folder, evaluate and unknown keys need no answer

    def cmd_about(self, rest: str) -> list[str]:
        return [ABOUT]

    def cmd_end(self, rest: str) -> list[str]:
        self.finished = True
        return []


def _resident_bytes() -> int:
    """This process's resident memory (0 where ``/proc`` does not tell it)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def run(lines: Iterable[str], out: IO[str]) -> bool:
    """Answer ``lines`` (the manager's commands) on ``out`` until END or their end.

    Returns False when ``out`` was closed by the manager (a broken pipe),
    True otherwise.
    """
    brain = Brain()
    try:
        for line in lines:
            for answer in brain.handle(line):
                out.write(answer + "\n")
            out.flush()
            if brain.finished:
                break
    except BrokenPipeError:
        return False
    return True


def main() -> None:
    """The ``pbrain-tansuo`` console script."""
    from tansuo.gomoku.engine import warm_up

    warm_up()
    if not run(sys.stdin, sys.stdout):
        # the manager is gone: nothing to answer, and nothing to report at exit
        # (the interpreter's final flush of stdout would fail again)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    main()

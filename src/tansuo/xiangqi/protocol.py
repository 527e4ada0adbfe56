"""UCCI, the protocol Xiangqi GUIs speak to engines, and the UCI dialect of Pikafish-style GUIs.

:class:`UcciEngine` reads commands one line at a time (:meth:`UcciEngine.handle`)
and writes replies through a callable, so that it runs the same over
stdin/stdout (:func:`serve`, ``tansuo xiangqi ucci``) and in tests with a
scripted transport. The search runs in a worker thread (the kernels release
the GIL), so ``stop``, ``ponderhit`` and ``isready`` are answered while it
thinks.

UCCI (the 2007 specification of xqbase.com): ``ucci``, ``isready``,
``setoption <name> [<value>]``, ``position {fen F | startpos} [moves ...]``,
``banmoves ...``, ``go [ponder | draw] {depth D | nodes N | time T [movestogo
M | increment I] [opptime ...] | infinite}``, ``ponderhit [draw]``, ``stop``,
``probe``, ``quit`` (answered by ``bye``). Times are seconds unless the GUI
sets ``usemillisec`` (every current GUI does). Scores are reported with a
horse or cannon worth 100; a forced mate as ``±(10000 - plies)``. An
opening book (:mod:`tansuo.xiangqi.book`) is read from ``setoption bookfiles
FILE`` and used only after ``setoption usebook true``.

A search that runs while commands come in never blocks them: ``position``
is kept for the next ``go``; ``go``, ``setoption hashsize`` and ``newgame``
stop a search that has no clock (``go infinite``, ``go ponder``, ``go depth
N``), which answers first; ``quit`` and the end of the input stop any. Depths
beyond the engine's reach and node budgets beyond 64 bits are clamped, and a
search that fails answers ``nobestmove`` (UCI: ``bestmove (none)``).

UCI (after ``uci``): ``setoption name Hash value N``, ``ucinewgame``,
``go wtime/btime/winc/binc/movestogo/movetime/depth/nodes/infinite/ponder``,
scores as ``cp`` (a horse or cannon worth 100) or ``mate`` in moves,
``bestmove (none)`` when there is no move.

Unknown commands and malformed ones are ignored (an ``info`` line says why);
nothing a GUI sends ends the engine except ``quit`` or the end of its input.
"""

from __future__ import annotations

import contextlib
import random
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING

from tansuo import __version__
from tansuo.budget import MAX_COUNT
from tansuo.errors import InvalidInput
from tansuo.xiangqi.engine import MAX_DEPTH, Deadlines

if TYPE_CHECKING:
    from tansuo.xiangqi.book import Book
    from tansuo.xiangqi.engine import Engine
    from tansuo.xiangqi.model import Position

ENGINE_NAME = f"tansuo-xiangqi {__version__}"
AUTHOR = "tansuo developers"
SCORE_UNIT = 270
"""Engine points per 100 reported points: a horse (270 points) is 100, as UCCI suggests."""

UCCI_MATE = 10000  # a mate in n plies is reported as ±(UCCI_MATE - n)
MAX_HASH_MB = 4096
MAX_SECONDS = 1e7
"""Longer clocks than this (about 116 days) are read as this."""


@dataclass
class _Go:
    """What a ``go`` command asked for (times in seconds)."""

    ponder: bool = False
    draw_offered: bool = False
    infinite: bool = False
    depth: int | None = None
    nodes: int | None = None
    movetime: float | None = None
    remaining: float | None = None
    increment: float = 0.0
    moves_to_go: int | None = None


@dataclass
class _Search:
    """A running search: its thread, its clock, and the flags the reader thread sets."""

    thread: threading.Thread
    go: _Go
    deadlines: Deadlines
    released: threading.Event = field(default_factory=threading.Event)  # stop or ponderhit
    stopped: bool = False
    draw_offered: bool = False


class UcciEngine:
    """One engine speaking UCCI (or UCI) through ``write``.

    Parameters
    ----------
    write : callable ``str -> None``
        Sends one line to the GUI (without the newline).
    max_memory : int or str
        Bytes of the transposition table at first (a GUI's ``setoption
        hashsize`` / ``Hash``, in MiB, changes it).
    warm : bool
        Compile (or load) the kernels in a background thread at once, so that
        ``ucciok`` goes out before the first, slow, compilation ends;
        ``isready`` and ``go`` wait for it.

    Examples
    --------
    >>> lines = []
    >>> uc = UcciEngine(lines.append, max_memory="4M")
    >>> for command in ("ucci", "position startpos", "go depth 3", "quit"):
    ...     running = uc.handle(command)
    ...     uc.wait()
    >>> lines[-2].startswith("bestmove"), lines[-1]
    (True, 'bye')
    """

    def __init__(
        self,
        write: Callable[[str], None],
        *,
        max_memory: int | str = 64 << 20,
        warm: bool = True,
    ) -> None:
        from tansuo.budget import parse_memory

        self._write = write
        self._write_lock = threading.Lock()
        self.max_memory = parse_memory(max_memory)
        self.mode: str | None = None  # "ucci" or "uci" once the GUI has said which
        self.millisec = False
        self.batch = False
        self.use_book = False
        self.book_file = ""
        self._book: Book | None = None
        self._rng = random.Random(0)
        self.running = True
        self._engine: Engine | None = None
        self._position: Position | None = None
        self._banned: set[int] = set()
        self._search: _Search | None = None
        self._ready = threading.Event()
        self._warm_error: BaseException | None = None
        if warm:
            threading.Thread(target=self._warm_up, daemon=True).start()
        else:
            self._warm_up()

    # -- plumbing ----------------------------------------------------------------
    @property
    def hash_mb(self) -> int:
        """The table's size in MiB, as the protocols' hash options say it."""
        return max(1, self.max_memory >> 20)

    def send(self, line: str) -> None:
        with self._write_lock:
            self._write(line)

    def _warm_up(self) -> None:
        try:
            from tansuo.xiangqi.engine import Engine
            from tansuo.xiangqi.model import Position

            engine = Engine(max_memory=self.max_memory)
            engine.search(Position(), depth=1)
            self._engine = engine
            # The position is the GUI's alone: a "position" sent while the
            # kernels were loading must survive the end of the warm-up.
        except BaseException as exc:
            self._warm_error = exc
        finally:
            self._ready.set()

    def _engine_ready(self) -> bool:
        self._ready.wait()
        return self._warm_error is None

    @property
    def engine(self) -> Engine:
        """The search engine (once the warm-up has finished)."""
        self._ready.wait()
        if self._engine is None:
            raise InvalidInput(f"the engine could not start: {self._warm_error}")
        return self._engine

    def _say(self, message: str) -> None:
        """A free-text line for people: ``info message`` (UCCI) or ``info string`` (UCI)."""
        self.send(("info string " if self.mode == "uci" else "info message ") + message)

    def wait(self, timeout: float | None = None) -> None:
        """Block until the running search (if any) has sent its best move."""
        search = self._search
        if search is not None:
            search.thread.join(timeout)

    def _settle(self) -> None:
        """End the running search before a command that needs the engine idle.

        A search on a clock is waited for (it ends soon); one with no clock
        (``go infinite``, ``go ponder``, ``go depth N``) is stopped and answers
        with its best move at once, so that the reader never blocks on it.
        """
        search = self._search
        if search is None or not search.thread.is_alive():
            return
        if search.deadlines.hard is None:
            self._cmd_stop([])
        search.thread.join()

    # -- the command loop ----------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Act on one command line; False once the engine should exit (``quit``)."""
        words = line.split()
        if not words:
            return self.running
        command, args = words[0], words[1:]
        if self.batch and command not in ("quit", "stop"):
            self._settle()
        handler = getattr(self, f"_cmd_{command}", None)
        if handler is None:
            return self.running  # unknown commands are ignored, as both protocols ask
        try:
            handler(args)
        except InvalidInput as exc:
            self._say(f"ignored '{line.strip()}': {exc}")
        return self.running

    def _cmd_ucci(self, args: list[str]) -> None:
        self.mode = "ucci"
        self.send(f"id name {ENGINE_NAME}")
        self.send("id copyright MIT licence")
        self.send(f"id author {AUTHOR}")
        self.send("option usemillisec type check default false")
        self.send("option batch type check default false")
        self.send("option ponder type check default false")
        self.send("option usebook type check default false")
        self.send("option bookfiles type string default <empty>")
        self.send(f"option hashsize type spin min 1 max {MAX_HASH_MB} default {self.hash_mb}")
        self.send("option newgame type button")
        self.send("ucciok")

    def _cmd_uci(self, args: list[str]) -> None:
        self.mode = "uci"
        self.millisec = True
        self.send(f"id name {ENGINE_NAME}")
        self.send(f"id author {AUTHOR}")
        self.send(f"option name Hash type spin default {self.hash_mb} min 1 max {MAX_HASH_MB}")
        self.send("option name Threads type spin default 1 min 1 max 1")
        self.send("option name Ponder type check default false")
        self.send("uciok")

    def _cmd_isready(self, args: list[str]) -> None:
        if not self._engine_ready():
            self._say(f"the engine could not start: {self._warm_error}")
        self.send("readyok")

    def _cmd_setoption(self, args: list[str]) -> None:
        if args and args[0] == "name":  # UCI: setoption name N [value V]
            rest = " ".join(args[1:])
            name, _, value = rest.partition(" value ")
            name, value = name.strip().lower(), value.strip()
        else:  # UCCI: setoption N [V]
            name = args[0].lower() if args else ""
            value = " ".join(args[1:])
        if name in ("hashsize", "hash"):
            size = _whole(value, "hash size")
            if not 1 <= size <= MAX_HASH_MB:
                raise InvalidInput(f"hash size must be 1 to {MAX_HASH_MB} MiB, got {size}")
            self.max_memory = size << 20
            if self._engine_ready():
                self._settle()
                self.engine.resize(self.max_memory)
        elif name == "usemillisec":
            self.millisec = value.lower() != "false"
        elif name == "batch":
            self.batch = value.lower() != "false"
        elif name in ("usebook", "ownbook"):
            self.use_book = value.lower() != "false"
        elif name == "bookfiles":
            # A tansuo book file (see tansuo.xiangqi.book); read now, so that a
            # bad file is reported at once and not in the middle of a game.
            from tansuo.xiangqi.book import Book

            self.book_file = value.strip()
            self._book = Book.read(self.book_file) if self.book_file else None
        elif name == "newgame" and self._engine_ready():
            self._settle()
            self.engine.new_game()
        # ponder, threads, debug...: accepted, nothing to change

    def _cmd_ucinewgame(self, args: list[str]) -> None:
        if self._engine_ready():
            self._settle()
            self.engine.new_game()

    def _cmd_position(self, args: list[str]) -> None:
        from tansuo.xiangqi.io import parse_position

        # A running search goes on with the position it was given (it took a
        # copy); this one is for the next "go". Never wait here: the search may
        # be one that only "stop" ends, and "stop" must still be read.
        self._position = parse_position(" ".join(args))
        self._banned = set()

    def _cmd_banmoves(self, args: list[str]) -> None:
        from tansuo.xiangqi.model import parse_iccs

        self._banned = {parse_iccs(move) for move in args}

    def _cmd_go(self, args: list[str]) -> None:
        if not self._engine_ready():
            self._say(f"the engine could not start: {self._warm_error}")
            self.send("nobestmove" if self.mode != "uci" else "bestmove (none)")
            return
        go = self._parse_go(args)
        self._settle()  # a search still running answers first
        if self._position is None:
            from tansuo.xiangqi.model import Position

            self._position = Position()
        if go.depth == 0:
            self._static_answer()
            return
        if self.use_book and self._book is not None and not (go.ponder or go.infinite):
            from tansuo.xiangqi.model import parse_iccs

            move = self._book.choose(self._position, self._rng)
            if move is not None and parse_iccs(move) not in self._banned:
                self._say("a book move")
                self.send(f"bestmove {move}")
                return
        soft, hard = self._time_budget(go)
        waiting = (
            go.ponder or go.infinite or (hard is None and go.depth is None and go.nodes is None)
        )
        # With "ponder" or "infinite" no clock runs until "ponderhit" (or ever):
        # the best move waits for "ponderhit" or "stop". A bare "go" thinks until "stop".
        deadlines = Deadlines() if waiting else Deadlines.from_now(soft, hard)
        position, banned = self._position.copy(), set(self._banned)
        thread = threading.Thread(target=self._think, args=(position, banned), daemon=True)
        search = _Search(thread, go, deadlines)
        search.draw_offered = go.draw_offered
        self._search = search
        search.thread.start()

    def _cmd_stop(self, args: list[str]) -> None:
        search = self._search
        if search is None or not search.thread.is_alive():
            if self.mode != "uci":
                self.send("nobestmove")  # UCCI: a stop out of time still gets an answer
            return
        search.stopped = True
        search.deadlines.stop()
        search.released.set()

    def _cmd_ponderhit(self, args: list[str]) -> None:
        search = self._search
        if search is None or not search.thread.is_alive():
            return
        if args and args[0] == "draw":
            search.draw_offered = True
        search.go.ponder = False
        soft, hard = self._time_budget(search.go)
        if not search.go.infinite and hard is not None:
            search.deadlines.restart(soft, hard)  # the clock starts now
        search.released.set()

    def _cmd_probe(self, args: list[str]) -> None:
        from tansuo.xiangqi.io import parse_position

        if not self._engine_ready():
            self.send("pophash")
            return
        entry = self.engine.probe(parse_position(" ".join(args)))
        if entry is None:
            self.send("pophash")
            return
        words = ["pophash"]
        if entry["move"]:
            words += ["bestmove", entry["move"]]
        score = self._score_value(entry["score"])
        if entry["bound"] in ("exact", "lower"):
            words += ["lowerbound", str(score), "depth", str(entry["depth"])]
        if entry["bound"] in ("exact", "upper"):
            words += ["upperbound", str(score), "depth", str(entry["depth"])]
        self.send(" ".join(words))

    def _cmd_quit(self, args: list[str]) -> None:
        search = self._search
        if search is not None and search.thread.is_alive():
            search.stopped = True
            search.deadlines.stop()
            search.released.set()
            search.thread.join()
        self.running = False
        if self.mode != "uci":
            self.send("bye")

    # -- go --------------------------------------------------------------------------
    def _seconds(self, text: str) -> float:
        value = float(min(_whole(text, "time"), MAX_SECONDS * 1000))
        return min(value / 1000.0 if self.millisec else value, MAX_SECONDS)

    def _parse_go(self, args: list[str]) -> _Go:
        go = _Go()
        red = self._position is None or self._position.side == "red"
        words = iter(args)
        for word in words:
            if word == "ponder":
                go.ponder = True
            elif word == "draw":
                go.draw_offered = True
            elif word == "infinite":
                go.infinite = True
            elif word == "depth":
                # Deeper than the engine can go: as deep as it can (a GUI's
                # "go depth 1000" means "no depth limit").
                go.depth = min(_whole(next(words, ""), "depth"), MAX_DEPTH)
            elif word == "nodes":
                go.nodes = min(_whole(next(words, ""), "nodes"), MAX_COUNT)
            elif word in ("time", "wtime" if red else "btime"):
                go.remaining = self._seconds(next(words, ""))
            elif word in ("increment", "winc" if red else "binc"):
                go.increment = self._seconds(next(words, ""))
            elif word == "movestogo":
                go.moves_to_go = _whole(next(words, ""), "movestogo") or None
            elif word == "movetime":
                go.movetime = self._seconds(next(words, ""))
            elif word in ("opptime", "oppmovestogo", "oppincrement", "wtime", "btime",
                          "winc", "binc", "mate", "searchmoves"):  # fmt: skip
                next(words, None)  # the other side's clock: not needed
        return go

    def _time_budget(self, go: _Go) -> tuple[float | None, float | None]:
        """``(soft, hard)`` seconds for a search, from the clock of a ``go``."""
        from tansuo.xiangqi.engine import time_for_move

        if go.movetime is not None:
            hard = max(0.01, go.movetime - 0.02)
            return hard, hard
        if go.remaining is not None:
            control = time_for_move(
                go.remaining, increment=go.increment, moves_to_go=go.moves_to_go
            )
            return control.soft, max(0.01, control.hard or 0.0)
        return None, None

    def _think(self, position: Position, banned: set[int]) -> None:
        """The search thread: every ``go`` gets its answer, also when the search fails."""
        search = self._search
        assert search is not None
        try:
            self._search_and_answer(search, position, banned)
        except BaseException as exc:  # a GUI must never wait forever
            with contextlib.suppress(BaseException):
                self._say(f"the search failed: {type(exc).__name__}: {exc}")
            self.send("nobestmove" if self.mode != "uci" else "bestmove (none)")

    def _search_and_answer(self, search: _Search, position: Position, banned: set[int]) -> None:
        assert self._engine is not None
        go = search.go
        waiting = search.deadlines.hard is None and (
            go.ponder or go.infinite or (go.depth is None and go.nodes is None)
        )
        result = self._engine.search(
            position,
            depth=go.depth,
            max_nodes=go.nodes,
            time_limit=float("inf") if waiting and go.depth is None and go.nodes is None else None,
            deadlines=search.deadlines,
            banned=banned,
            on_iteration=self._report,
        )
        if waiting and not search.stopped:
            # Both protocols forbid the best move before "stop" (or "ponderhit").
            search.released.wait()
        self._report_end(result)
        if result.move is None:
            self.send("nobestmove" if self.mode != "uci" else "bestmove (none)")
            return
        words = ["bestmove", result.move]
        if len(result.pv) > 1:
            words += ["ponder", result.pv[1]]
        if self.mode != "uci" and search.draw_offered and (result.score or 0) < -SCORE_UNIT:
            words.append("draw")
        elif self.mode != "uci" and result.mate_in is not None and result.mate_in < 0:
            words.append("resign")
        self.send(" ".join(words))

    def _score_value(self, score: int) -> int:
        from tansuo.xiangqi.engine import MATE, MATE_BOUND

        if abs(score) >= MATE_BOUND:
            plies = MATE - abs(score)
            return (UCCI_MATE - plies) * (1 if score > 0 else -1)
        return round(score * 100 / SCORE_UNIT)

    def _score_words(self, score: int) -> str:
        from tansuo.xiangqi.engine import MATE, MATE_BOUND

        if self.mode == "uci":
            if abs(score) >= MATE_BOUND:
                plies = MATE - abs(score)
                moves = (plies + 1) // 2
                return f"score mate {moves if score > 0 else -moves}"
            return f"score cp {round(score * 100 / SCORE_UNIT)}"
        return f"score {self._score_value(score)}"

    def _report(self, info: object) -> None:
        from tansuo.xiangqi.engine import Iteration

        assert isinstance(info, Iteration)
        ms = int(info.elapsed_s * 1000)
        self.send(
            f"info depth {info.depth} seldepth {info.seldepth} {self._score_words(info.score)} "
            f"time {ms} nodes {info.nodes} nps {int(info.nodes_per_s)} "
            f"hashfull {info.hashfull} pv {' '.join(info.pv)}"
        )

    def _report_end(self, result: object) -> None:
        from tansuo.xiangqi.result import MoveResult

        assert isinstance(result, MoveResult)
        stats = result.stats
        self.send(f"info time {int(stats.elapsed_s * 1000)} nodes {stats.nodes}")

    def _static_answer(self) -> None:
        """``go depth 0``: the static evaluation only (UCCI: ``nobestmove``)."""
        from tansuo.xiangqi.heuristics import evaluate

        assert self._position is not None
        self.send(f"info depth 0 {self._score_words(evaluate(self._position))}")
        if self.mode == "uci":
            moves = self._position.legal_moves()
            from tansuo.xiangqi.model import format_iccs

            self.send(f"bestmove {format_iccs(moves[0])}" if moves else "bestmove (none)")
        else:
            self.send("nobestmove")


def _whole(text: str, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise InvalidInput(f"{what} must be a whole number, got {text!r}") from None
    if value < 0:
        raise InvalidInput(f"{what} must be >= 0, got {value}")
    return value


def serve(
    lines: Iterable[str] | None = None,
    out: IO[str] | None = None,
    *,
    max_memory: int | str = 64 << 20,
) -> None:
    """Run the protocol on ``lines`` (default stdin), writing to ``out`` (default stdout)."""
    stream = sys.stdout if out is None else out

    def write(line: str) -> None:
        stream.write(line + "\n")
        stream.flush()

    engine = UcciEngine(write, max_memory=max_memory)
    source = sys.stdin if lines is None else lines
    for line in source:
        if not engine.handle(line):
            return
    engine.handle("quit")  # the GUI went away: stop thinking, say goodbye


def main() -> None:
    """Entry point of a console script (``tansuo-xiangqi``) that speaks UCCI on stdin/stdout."""
    with contextlib.suppress(KeyboardInterrupt):
        serve()

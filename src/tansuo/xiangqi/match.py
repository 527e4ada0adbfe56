"""Matches between engines: tansuo at two settings, or any UCCI (or UCI) engines.

A player is given by a spec string:

``tansuo``
    The full engine, in this process (its kernels release the GIL, so two
    games can run in two threads on two cores).
``tansuo:depth=3,plain``
    Options after the colon, comma-separated: ``depth=N`` (fixed depth,
    no clock), ``nodes=N`` (node budget per move), ``memory=SIZE`` (the
    table, e.g. ``64M``), ``book=FILE`` (play from an opening book while
    it has the position), ``plain`` (no search feature at all: fixed-depth
    alpha-beta), ``no-FEATURE`` (the default engine without one feature,
    e.g. ``no-null_move``), ``FEATURE`` (a feature off by default switched
    on, e.g. ``progress``), ``weights=NAME`` (an evaluation variant of
    :data:`WEIGHT_VARIANTS`).
``ucci:COMMAND`` / ``uci:COMMAND``
    An external engine started with ``COMMAND`` (split like a shell line),
    spoken to in UCCI or UCI; a spec that is not ``tansuo...`` is taken as
    ``ucci:`` followed by the spec.

Games start from the bundled opening lines, from the lines of an openings
file (:func:`read_openings`) or from seeded random plies
(:func:`random_openings`), each played twice with the colours swapped, and
end by the rules (:meth:`Position.outcome`: perpetual check and perpetual
chase lose, other repetitions and 60 moves without a capture draw), by an
illegal move, a crash or a move over the time allowed (a loss for that
player), or after ``max_plies`` (a draw). A match may also adjudicate a game
the way engine-testing tools do (cutechess's two-sided resign rule): when both
engines' scores for their last few moves agree that one side is ahead by at
least each engine's own margin (:class:`Resign`), that side wins.

An external engine is told ``setoption usemillisec true`` when it offers
that option (then ``go time`` is in milliseconds; otherwise in whole
seconds, as UCCI says), and its own opening book is switched off
(``usebook false``, UCI ``OwnBook false``) unless the match asks for it.
On Linux an external engine is killed when the match's process dies, however
it dies (a killed referee leaves no engine running).
"""

from __future__ import annotations

import math
import os
import queue
import random
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from tansuo.budget import parse_memory
from tansuo.errors import InvalidInput
from tansuo.xiangqi.book import Book
from tansuo.xiangqi.engine import DEFAULT_FEATURES, FEATURES, Engine
from tansuo.xiangqi.heuristics import EvalWeights, with_weights
from tansuo.xiangqi.io import bundled_openings, parse_position
from tansuo.xiangqi.model import START_FEN, Position, format_iccs, parse_iccs

WEIGHT_VARIANTS: dict[str, EvalWeights] = {
    "default": with_weights(),
    "material": with_weights(material_only=True),
    "no-mobility": with_weights(rook_mobility=0, horse_mobility=0, cannon_mobility=0),
    "no-king-safety": with_weights(missing_advisor=0, missing_elephant=0),
    "no-placement-pawn-bonus": with_weights(pawn=60),
    "pins": with_weights(pins=100),
    "placement-150": with_weights(piece_placement=150),
    "endgame": with_weights(endgame=100),
    "no-ending-knowledge": with_weights(ending_knowledge=0),
    "no-crossed-pawn": with_weights(crossed_pawn=0),
    "before-s8": with_weights(crossed_pawn=0, rook=600),
}
"""Evaluation variants a spec can ask for (``weights=NAME``): the tuning matches' opponents."""

TIME_GRACE = 0.5
"""Seconds a player may take beyond its time per move before it loses on time."""


class Player(Protocol):
    name: str
    last_score: int | None  # the score of the player's last move, from its side, in its units

    def new_game(self) -> None: ...

    def choose(self, position: Position, seconds: float) -> int | None: ...

    def close(self) -> None: ...


# ---------------------------------------------------------------------------
# Players
# ---------------------------------------------------------------------------


class TansuoPlayer:
    """The engine in this process, at one setting."""

    def __init__(
        self,
        name: str,
        *,
        features: Sequence[str] = DEFAULT_FEATURES,
        depth: int | None = None,
        nodes: int | None = None,
        max_memory: int | str = 32 << 20,
        weights: EvalWeights | None = None,
        book: Book | None = None,
    ) -> None:
        self.name = name
        self.last_score: int | None = None
        self.depth = depth
        self.nodes = nodes
        self.book = book
        self.rng = random.Random(0)
        self.engine = Engine(max_memory=max_memory, features=features, weights=weights)
        # Kernels load (or compile) on their first call: do it now, off the clock
        # of the first move, which could not stop the load in time.
        self.engine.search(Position(), depth=1)
        self.engine.new_game()

    def new_game(self) -> None:
        self.engine.new_game()

    def choose(self, position: Position, seconds: float) -> int | None:
        self.last_score = None
        if self.book is not None:
            move = self.book.choose(position, self.rng)
            if move is not None:
                return parse_iccs(move)
        if self.depth is not None or self.nodes is not None:
            result = self.engine.search(position, depth=self.depth, max_nodes=self.nodes)
        else:
            # A tenth kept back for the referee's own work and a loaded machine.
            result = self.engine.search(position, time_limit=seconds * 0.9)
        self.last_score = result.score
        return None if result.move is None else parse_iccs(result.move)

    def close(self) -> None:
        pass


def _die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` that has Linux kill the child when its parent dies.

    ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` is set in the child between fork and
    exec; if the parent died before that, the child exits at once. The signal
    comes when the *thread* that started the child ends, so engines are
    started from a thread that lives as long as they do. Elsewhere (no
    ``prctl``) returns None: the referee's ``finally`` is then the only cleanup.
    """
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl  # looked up before the fork
    except (OSError, AttributeError):
        return None
    parent = os.getpid()
    pr_set_pdeathsig = 1

    def preexec() -> None:
        prctl(pr_set_pdeathsig, int(signal.SIGKILL), 0, 0, 0)
        if os.getppid() != parent:  # the parent died before the call above
            os._exit(1)

    return preexec


class ProtocolPlayer:
    """An engine in another process, spoken to in UCCI or UCI over its stdin/stdout."""

    def __init__(
        self, name: str, command: Sequence[str], dialect: str = "ucci", *, book: bool = False
    ) -> None:
        self.name = name
        self.last_score: int | None = None
        self.dialect = dialect
        self.options: set[str] = set()  # the option names the engine offered
        self.millisec = dialect == "uci"
        try:
            self.process = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
                preexec_fn=_die_with_parent(),
            )
        except OSError as exc:
            raise InvalidInput(f"cannot start engine {' '.join(command)!r}: {exc}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send(dialect)
        self._expect("ucciok" if dialect == "ucci" else "uciok", 120.0)
        if dialect == "ucci":
            if "usemillisec" in self.options:
                self.send("setoption usemillisec true")
                self.millisec = True
            if "usebook" in self.options:
                self.send(f"setoption usebook {'true' if book else 'false'}")
        elif "ownbook" in self.options:
            self.send(f"setoption name OwnBook value {'true' if book else 'false'}")
        self.send("isready")
        self._expect("readyok", 120.0)

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def _expect(self, word: str, timeout: float) -> str:
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"{self.name}: no '{word}' within {timeout:.1f} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise ConnectionError(f"{self.name}: the engine process ended")
            words = line.split()
            if words[:1] == ["option"] and len(words) > 1:
                # UCCI: "option NAME type ..."; UCI: "option name NAME type ..."
                name = words[2] if words[1] == "name" and len(words) > 2 else words[1]
                self.options.add(name.lower())
            if words[:1] == [word] or line == word:
                return line

    def _drain(self) -> None:
        """Drop what the engine said and nobody read (a late answer after a timeout)."""
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                self.lines.put(None)  # keep the end of the output visible
                return

    def new_game(self) -> None:
        self._drain()
        self.send("setoption newgame" if self.dialect == "ucci" else "ucinewgame")

    def choose(self, position: Position, seconds: float) -> int | None:
        # As UCCI asks: the position after the last capture, and the moves since
        # (all a repetition can involve); ElephantEye-style engines keep a short record.
        board = position.copy()
        since = position.moves_played[position.ply - min(position.clock, position.ply) :]
        for _ in since:
            board.undo()
        moves = " ".join(format_iccs(m) for m in since)
        self._drain()
        self.send(f"position fen {board.fen()}" + (f" moves {moves}" if moves else ""))
        ms = max(1, int(seconds * 1000))
        if self.dialect == "uci":
            self.send(f"go movetime {ms}")
        elif self.millisec:
            self.send(f"go time {ms} movestogo 1")
        else:  # UCCI without usemillisec: whole seconds
            self.send(f"go time {max(1, int(seconds))} movestogo 1")
        self.last_score = None
        while True:
            line = self._expect_first(("bestmove", "nobestmove"), seconds + TIME_GRACE, self._note)
            words = line.split()
            if words[0] == "nobestmove" or words[1:2] == ["(none)"]:
                return None
            if words[0] == "bestmove" and len(words) > 1:
                return parse_iccs(words[1])

    def _note(self, line: str) -> None:
        """Keep the score of an ``info`` line the engine sent while it searched."""
        words = line.split()
        if words[:1] == ["info"]:
            score = _info_score(words)
            if score is not None:
                self.last_score = score

    def _expect_first(
        self,
        words: tuple[str, ...],
        timeout: float,
        on_other: Callable[[str], None] | None = None,
    ) -> str:
        """The first line starting with one of ``words``; ``on_other`` sees the lines before it."""
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                self.send("stop")
                self._swallow_late_answer(words)
                raise TimeoutError(f"{self.name}: no move within {timeout:.2f} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise ConnectionError(f"{self.name}: the engine process ended")
            if line.split()[:1] and line.split()[0] in words:
                return line
            if on_other is not None:
                on_other(line)

    def _swallow_late_answer(self, words: tuple[str, ...], patience: float = 2.0) -> None:
        """After a ``stop``: read the answer it provokes, so the next move starts clean."""
        deadline = time.perf_counter() + patience
        while (left := deadline - time.perf_counter()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return
            if line is None:
                self.lines.put(None)
                return
            if line.split()[:1] and line.split()[0] in words:
                return

    def close(self) -> None:
        self.send("quit")
        try:
            self.process.wait(timeout=3)
        except subprocess.TimeoutExpired:
            self.process.kill()


PROTOCOL_MATE = 100_000
"""The score a UCI ``score mate N`` stands for: ``PROTOCOL_MATE - |N|``, signed."""


def _info_score(words: Sequence[str]) -> int | None:
    """The score of an ``info`` line: UCCI ``score N``, UCI ``score cp N`` or ``score mate N``.

    >>> _info_score("info depth 9 score -35 pv h2e2".split()), _info_score("info nodes 5".split())
    (-35, None)
    >>> _info_score("info depth 20 score mate -3 pv a0a1".split())
    -99997
    """
    if "score" not in words:
        return None
    at = words.index("score") + 1
    try:
        if words[at] == "cp":
            return int(words[at + 1])
        if words[at] == "mate":
            plies = int(words[at + 1])
            return PROTOCOL_MATE - abs(plies) if plies > 0 else -(PROTOCOL_MATE - abs(plies))
        return int(words[at])
    except (IndexError, ValueError):
        return None


def _start_fen(position: Position) -> str:
    """The FEN the game record of ``position`` started from."""
    board = position.copy()
    while board.ply:
        board.undo()
    return board.fen()


def make_player(spec: str, *, name: str | None = None, book: bool = False) -> Player:
    """A player from a spec string (see the module docstring).

    ``book``: let an external engine use its own opening book.
    """
    label = name or spec
    if spec == "tansuo" or spec.startswith("tansuo:"):
        options = spec.partition(":")[2]
        features: list[str] = list(DEFAULT_FEATURES)
        kwargs: dict[str, Any] = {}
        for option in filter(None, (o.strip() for o in options.split(","))):
            key, _, value = option.partition("=")
            if key == "plain":
                features = []
            elif key.startswith("no-") and key[3:] in FEATURES:
                features = [f for f in features if f != key[3:]]
            elif key in FEATURES and not value:  # a feature off by default, switched on
                features = [*features, key] if key not in features else features
            elif key in ("depth", "nodes"):
                try:
                    number = int(value)
                except ValueError:
                    raise InvalidInput(f"{spec!r}: {key} wants a whole number") from None
                kwargs[key] = number
            elif key == "memory":
                kwargs["max_memory"] = parse_memory(value)
            elif key == "book":
                kwargs["book"] = Book.read(value)
            elif key == "weights":
                if value not in WEIGHT_VARIANTS:
                    raise InvalidInput(
                        f"{spec!r}: unknown weights {value!r}; "
                        f"choose from {', '.join(WEIGHT_VARIANTS)}"
                    )
                kwargs["weights"] = WEIGHT_VARIANTS[value]
            else:
                raise InvalidInput(f"{spec!r}: unknown option {option!r}")
        return TansuoPlayer(label, features=features, **kwargs)
    dialect, _, command = spec.partition(":")
    if dialect not in ("ucci", "uci"):
        dialect, command = "ucci", spec
    words = shlex.split(command)
    if not words:
        raise InvalidInput(f"{spec!r}: no engine command")
    return ProtocolPlayer(label, words, dialect, book=book)


# ---------------------------------------------------------------------------
# Games and matches
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of a match."""

    opening: str
    red: str
    black: str
    result: str  # "1-0", "0-1", "1/2-1/2"
    reason: str
    moves: tuple[str, ...]
    seconds: float
    scores: tuple[int | None, ...] = ()  # each game move's score, from its mover's side

    def score_of(self, player: str) -> float:
        """Points of ``player`` in this game (1, 0.5 or 0)."""
        if self.result == "1/2-1/2":
            return 0.5
        winner = self.red if self.result == "1-0" else self.black
        return 1.0 if winner == player else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "opening": self.opening,
            "red": self.red,
            "black": self.black,
            "result": self.result,
            "reason": self.reason,
            "plies": len(self.moves),
            "moves": list(self.moves),
            "seconds": self.seconds,
            "scores": list(self.scores),
        }

    @classmethod
    def from_dict(cls, record: dict[str, Any]) -> GameRecord:
        """The record :meth:`as_dict` wrote (an ``--out`` line read back to resume a match)."""
        try:
            return cls(
                str(record["opening"]),
                str(record["red"]),
                str(record["black"]),
                str(record["result"]),
                str(record["reason"]),
                tuple(str(m) for m in record["moves"]),
                float(record["seconds"]),
                tuple(record.get("scores", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidInput(f"not a game record of a match: {exc}") from None


@dataclass(frozen=True, slots=True)
class Resign:
    """Two-sided resign adjudication, as engine-testing tools do it (cutechess ``-resign``).

    A game is given to one side when, for each engine's last ``moves``
    moves, that engine scored this side ahead by at least its own margin
    (``first`` for the match's first player, ``second`` for the other; each
    in its engine's units, since engines count differently: ElephantEye's
    horse is about 100, tansuo's 270). A move without a score (a book move)
    breaks the run.
    """

    first: int
    second: int
    moves: int = 3

    def __post_init__(self) -> None:
        if self.first <= 0 or self.second <= 0 or self.moves < 1:
            raise InvalidInput(
                f"resign adjudication needs margins > 0 and moves >= 1, got "
                f"{self.first}, {self.second} and {self.moves}"
            )

    def swapped(self) -> Resign:
        """The same rule with the players' margins exchanged (the other colour assignment)."""
        return Resign(self.second, self.first, self.moves)

    def verdict(self, red_view: dict[str, list[int | None]]) -> str | None:
        """``"1-0"`` or ``"0-1"`` if both engines' last scores (Red's view) agree, else None.

        ``first`` is Red's engine's margin and ``second`` Black's.
        """
        red = [s for s in red_view["red"][-self.moves :] if s is not None]
        black = [s for s in red_view["black"][-self.moves :] if s is not None]
        if len(red) < self.moves or len(black) < self.moves:
            return None
        if min(red) >= self.first and min(black) >= self.second:
            return "1-0"
        if max(red) <= -self.first and max(black) <= -self.second:
            return "0-1"
        return None


def play_game(
    red: Player,
    black: Player,
    *,
    opening: str,
    opening_moves: Sequence[str],
    seconds: float,
    max_plies: int = 300,
    start_fen: str = START_FEN,
    resign: Resign | None = None,
) -> GameRecord:
    """Play one game from ``start_fen`` and ``opening_moves``; the record says who won and why.

    ``resign`` adjudicates with its ``first`` margin for Red's engine and its
    ``second`` for Black's.
    """
    position = parse_position("fen " + start_fen)
    for opening_move in opening_moves:
        position.push(opening_move)
    start = time.perf_counter()
    red.new_game()
    black.new_game()
    players = {"red": red, "black": black}
    red_view: dict[str, list[int | None]] = {"red": [], "black": []}
    scores: list[int | None] = []
    result, reason = "1/2-1/2", f"{max_plies} plies"
    while position.ply < max_plies + len(opening_moves):
        outcome = position.outcome()
        if outcome is not None:
            result, reason = outcome.result, outcome.reason
            break
        verdict = None if resign is None else resign.verdict(red_view)
        if verdict is not None:
            winner = "Red" if verdict == "1-0" else "Black"
            result, reason = verdict, f"adjudicated: both engines scored {winner} ahead"
            break
        side = position.side
        mover = players[side]
        loss = "0-1" if side == "red" else "1-0"
        began = time.perf_counter()
        try:
            move = mover.choose(position.copy(), seconds)
        except TimeoutError:
            result, reason = loss, f"{mover.name} lost on time"
            break
        except (ConnectionError, InvalidInput, OSError) as exc:
            result, reason = loss, f"{mover.name} failed: {exc}"
            break
        if time.perf_counter() - began > seconds + TIME_GRACE:
            result, reason = loss, f"{mover.name} lost on time"
            break
        if move is None:
            claim = judge_draw_claim(position)
            if claim is not None:
                result, reason = claim[0], f"{mover.name} stopped playing: {claim[1]}"
                break
        if move is None or move not in position.legal_moves():
            shown = "none" if move is None else format_iccs(move)
            result, reason = loss, f"{mover.name} played an illegal move ({shown})"
            break
        position.play(move)
        score = mover.last_score
        scores.append(score)
        red_view[side].append(None if score is None else score if side == "red" else -score)
    moves = tuple(format_iccs(m) for m in position.moves_played)
    return GameRecord(
        opening,
        red.name,
        black.name,
        result,
        reason,
        moves,
        time.perf_counter() - start,
        tuple(scores),
    )


def judge_draw_claim(position: Position) -> tuple[str, str] | None:
    """The result when an engine stops playing (``nobestmove``) in a game that goes on.

    UCCI engines answer ``nobestmove`` where they hold the game to be over:
    ElephantEye does so at the first repetition, after 50 moves without a
    capture, and when neither side has a piece that can attack. The claim is
    judged by the rules at the second occurrence of the position (perpetual
    check and chase still lose), or granted as a draw for the other two
    reasons; otherwise there is no claim (None: the engine has lost).

    >>> judge_draw_claim(Position()) is None
    True
    """
    twin = position.copy()
    twin.repetitions = 2
    outcome = twin.outcome()
    if outcome is not None and outcome.reason != "checkmate" and outcome.reason != "stalemate":
        return outcome.result, f"{outcome.reason} at the second occurrence"
    if position.clock >= 100:
        return "1/2-1/2", "50 moves without a capture"
    if not any(letter in "RNCPrncp" for row in position.rows() for letter in row):
        return "1/2-1/2", "no attacking piece left"
    return None


@dataclass
class MatchResult:
    """The games of a match and its score from the first player's point of view."""

    first: str
    second: str
    games: list[GameRecord] = field(default_factory=list)

    @property
    def wins(self) -> int:
        return sum(g.score_of(self.first) == 1.0 for g in self.games)

    @property
    def draws(self) -> int:
        return sum(g.score_of(self.first) == 0.5 for g in self.games)

    @property
    def losses(self) -> int:
        return sum(g.score_of(self.first) == 0.0 for g in self.games)

    @property
    def score(self) -> float:
        """The first player's share of the points (0 to 1)."""
        return (self.wins + 0.5 * self.draws) / len(self.games) if self.games else 0.5

    def elo(self) -> tuple[float, float, float]:
        """The Elo difference of the first player over the second, with a 95% interval.

        The estimate is ``-400 log10(1/p - 1)`` of the mean game score ``p``
        (draws count half), with ``p`` kept half a game away from 0 and 1 so
        that it stays finite; the interval is the Wilson score interval of
        ``p`` (conservative with draws), turned into Elo the same way.
        """
        n = len(self.games)
        if n == 0:
            return 0.0, -math.inf, math.inf
        p = self.score
        z = 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return _elo(p, n), _elo(centre - spread, n), _elo(centre + spread, n)

    def failures(self) -> dict[str, int]:
        """Games lost by an illegal move, on time, or by a failing engine."""
        kinds = {"illegal": "illegal move", "time": "lost on time", "crash": "failed:"}
        return {k: sum(text in g.reason for g in self.games) for k, text in kinds.items()}

    def as_dict(self) -> dict[str, Any]:
        elo, low, high = self.elo()
        return {
            "first": self.first,
            "second": self.second,
            "games": len(self.games),
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": self.score,
            "elo": elo,
            "elo_low": low,
            "elo_high": high,
            "failures": self.failures(),
            "records": [g.as_dict() for g in self.games],
        }


@dataclass(frozen=True, slots=True)
class Opening:
    """Where the games of a match start: a position and moves played from it."""

    name: str
    moves: tuple[str, ...] = ()
    fen: str = START_FEN


def read_openings(text: str) -> list[Opening]:
    r"""Openings from the text of an openings file: one a line.

    A line is ICCS moves from the initial position (``h2e2 h9g7``), or
    ``fen FEN [moves ...]``, or ``startpos [moves ...]``, optionally named
    by a leading ``NAME:``; blank lines and lines starting with ``#`` are
    skipped. Every line is checked (a bad one raises :class:`InvalidInput`
    naming its line number).

    >>> [o.name for o in read_openings("central: h2e2 h9g7\n# a comment\nb2e2")]
    ['central', 'line 3']
    """
    openings = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, colon, rest = line.partition(":")
        if not colon:  # neither FENs nor moves hold a colon: it is a name
            name, rest = f"line {number}", line
        rest = rest.strip()
        if not rest.startswith(("fen ", "startpos")):
            rest = "startpos moves " + rest
        try:
            position = parse_position(rest)
        except InvalidInput as exc:
            raise InvalidInput(f"openings line {number}: {exc}") from None
        moves = [format_iccs(m) for m in position.moves_played]
        if position.outcome() is not None:
            raise InvalidInput(f"openings line {number}: the game is already over")
        openings.append(Opening(name.strip(), tuple(moves), _start_fen(position)))
    if not openings:
        raise InvalidInput("the openings file holds no opening")
    return openings


def random_openings(count: int, plies: int, seed: int = 0) -> list[Opening]:
    """``count`` openings of ``plies`` random quiet moves from the initial position.

    The moves are drawn with ``random.Random(seed)`` (the same seed gives
    the same openings) among the legal moves that capture nothing and give
    no check, so that every opening is even in material.

    >>> [len(o.moves) for o in random_openings(2, 4, seed=1)]
    [4, 4]
    """
    if count < 1 or plies < 0:
        raise InvalidInput(f"random openings need count >= 1 and plies >= 0, got {count}, {plies}")
    rng = random.Random(seed)
    openings = []
    for index in range(count):
        position = Position()
        while position.ply < plies:
            quiet = []
            for move in position.legal_moves():
                if position.pos[move >> 8] == 0:
                    position.play(move)
                    if not position.is_check():
                        quiet.append(move)
                    position.undo()
            if not quiet:
                position = Position()  # a dead end (very rare): draw again
                continue
            position.play(rng.choice(quiet))
        moves = tuple(format_iccs(m) for m in position.moves_played)
        openings.append(Opening(f"random {seed}.{index + 1}", moves))
    return openings


def _elo(p: float, n: int) -> float:
    """Elo difference of a score share ``p``, kept half a game of ``n`` away from 0 and 1."""
    edge = 0.5 / n
    p = min(max(p, edge), 1 - edge)
    return -400.0 * math.log10(1.0 / p - 1.0)


def run_match(
    first: str,
    second: str,
    *,
    games: int,
    seconds: float = 1.0,
    concurrency: int = 1,
    max_plies: int = 300,
    on_game: Callable[[int, GameRecord], None] | None = None,
    openings: Sequence[Opening] | None = None,
    book: bool = False,
    resign: Resign | None = None,
    done: Sequence[GameRecord] = (),
) -> MatchResult:
    """Play ``games`` games between two player specs, colours alternating.

    Game ``2k`` plays opening ``k`` with ``first`` as Red, game ``2k + 1`` the
    same opening with the colours swapped. ``openings`` default to the
    bundled lines; ``book`` lets external engines use their own books. With
    ``concurrency`` > 1, games run in threads (each with its own players);
    the in-process engine releases the GIL while it searches. The players
    are made in the calling thread before the games start; on Linux an
    external engine is killed when this process dies, however it dies.
    ``resign`` adjudicates games (:class:`Resign`). ``done`` are the first
    games of this match, played before (a resumed match): they are checked
    against the openings and colours their places give, counted, and not
    played again; ``on_game`` is called for the new games only.
    """
    if games < 1:
        raise InvalidInput(f"a match needs at least one game, got {games}")
    if not seconds > 0:
        raise InvalidInput(f"the time per move must be > 0 seconds, got {seconds}")
    if concurrency < 1:
        raise InvalidInput(f"concurrency must be >= 1, got {concurrency}")
    if openings is None:
        openings = [Opening(name, tuple(moves)) for name, moves in bundled_openings()]
    if not openings:
        raise InvalidInput("a match needs at least one opening")
    names = (first, second) if first != second else (f"{first} (1)", f"{second} (2)")
    match = MatchResult(*names)
    for index, record in enumerate(done):
        opening = openings[(index // 2) % len(openings)]
        red = names[index % 2]
        if (record.opening, record.red) != (opening.name, red):
            raise InvalidInput(
                f"game {index + 1} to resume was {record.red} (red) from {record.opening!r}; "
                f"this match plays it with {red} (red) from {opening.name!r}"
            )
    if len(done) > games:
        raise InvalidInput(f"{len(done)} games were played already, more than --games {games}")
    match.games.extend(done)
    # Every pair of players is made here, in the calling thread: an external
    # engine dies with the thread that started it (see _die_with_parent), and
    # this thread outlives the games. A game takes a free pair and gives it back.
    pool: list[tuple[Player, Player]] = []
    free: queue.Queue[tuple[Player, Player]] = queue.Queue()

    def one(index: int) -> GameRecord:
        pair = free.get()
        try:
            a, b = pair
            opening = openings[(index // 2) % len(openings)]
            red, black = (a, b) if index % 2 == 0 else (b, a)
            # The match's first player is Red in even games: its margin comes first.
            rule = resign if resign is None or index % 2 == 0 else resign.swapped()
            return play_game(
                red,
                black,
                opening=opening.name,
                opening_moves=opening.moves,
                seconds=seconds,
                max_plies=max_plies,
                start_fen=opening.fen,
                resign=rule,
            )
        finally:
            free.put(pair)

    if len(done) == games:
        return match
    try:
        for _ in range(min(concurrency, games - len(done))):
            first_player = make_player(first, name=names[0], book=book)
            try:
                second_player = make_player(second, name=names[1], book=book)
            except BaseException:
                first_player.close()
                raise
            pool.append((first_player, second_player))
            free.put(pool[-1])
        with ThreadPoolExecutor(max_workers=len(pool)) as executor:
            new_games = executor.map(one, range(len(done), games))
            for index, record in enumerate(new_games, len(done)):
                match.games.append(record)
                if on_game is not None:
                    on_game(index, record)
    finally:
        for pair in pool:
            for player in pair:
                player.close()
    return match

"""Matches between Gomocup brains over the protocol, with a referee, Elo and its error bar.

A player is ``"tansuo"`` (the engine in this process, through the same
:class:`~tansuo.gomoku.protocol.Brain` that ``pbrain-tansuo`` runs),
``"tansuo:nothreats"`` (the same without the book and the threat search),
``"tansuo:nobook"`` (without the book), or the
command line of any ``pbrain-*`` executable (run as a child process). A
last word ``nodes=N`` holds that player to N nodes a move, the way
c-gomoku-cli does: the referee sends it ``INFO max_node N`` before every game
(``"$RAPFI nodes=10000"``: Rapfi at 10,000 nodes a move; the turn time still
applies). The referee checks every move on its own board: an illegal move, a
missing answer within the turn time (plus a grace second) or a dead brain
loses the game and is counted.
"""

from __future__ import annotations

import math
import queue
import random
import re
import shlex
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import resources

from tansuo.errors import InvalidInput
from tansuo.gomoku import _kernels as K
from tansuo.gomoku.engine import Engine, EngineOptions
from tansuo.gomoku.io import format_position, parse_position
from tansuo.gomoku.model import Board
from tansuo.gomoku.protocol import Brain

GRACE_S = 1.0
SETTLE_S = 0.05
"""Seconds a child brain gets after its answer before the next command: Rapfi
prints its move before its search has quite ended, and drops (then reports as
unknown) a command that arrives in between, as an opponent's instant reply can."""
SETTINGS = {
    "tansuo": (True, True),
    "tansuo:nobook": (True, False),
    "tansuo:nothreats": (False, False),
}
"""In-process players: (threat search, opening book)."""
STARTUP_S = 60.0
RULE_BITS = {"freestyle": 0, "standard": 1, "renju": 4, "caro": 8}


def split_spec(spec: str) -> tuple[list[str], int | None]:
    """A player's words and its node budget: ``"pbrain-x nodes=500"`` -> ``(["pbrain-x"], 500)``.

    Raises
    ------
    InvalidInput
        An empty command, a command shlex cannot split, or a node count that is
        not a whole number in 1..2**63-1.
    """
    try:
        words = shlex.split(spec)
    except ValueError as exc:
        raise InvalidInput(f"cannot read the brain command {spec!r}: {exc}") from None
    nodes = None
    if words and words[-1].lower().startswith("nodes="):
        text = words.pop()[len("nodes=") :]
        try:
            nodes = int(text.replace("_", ""))
        except ValueError:
            nodes = 0
        if not 1 <= nodes < (1 << 63):
            raise InvalidInput(f"nodes= must be a whole number >= 1, not {text!r}")
    if not words:
        raise InvalidInput(f"no brain command in {spec!r}")
    return words, nodes


class Player:
    """One brain: ``send(line)`` and ``ask(line, seconds)`` for its answer."""

    def __init__(self, spec: str | None) -> None:
        if spec is not None and not spec.strip():
            raise InvalidInput("an empty brain command: give tansuo, tansuo:nothreats or a command")
        self.spec = spec or "tansuo"
        self.proc: subprocess.Popen[str] | None = None
        self.brain: Brain | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.answered = 0.0  # when the last answer came (time.perf_counter())
        self.messages: list[str] = []  # a child brain's MESSAGE lines before its last answer
        words, self.max_node = split_spec(self.spec)
        name = " ".join(words)
        if name in SETTINGS:
            from tansuo.gomoku.engine import warm_up

            warm_up()  # compiled before the referee's clock runs
            threats, book = SETTINGS[name]
            self.brain = Brain(engine=Engine(EngineOptions(threats=threats), book=book))
            return
        try:
            self.proc = subprocess.Popen(
                words,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as exc:
            raise InvalidInput(f"cannot start brain {self.spec!r}: {exc}") from None
        threading.Thread(target=self._read, daemon=True).start()
        # a brain may load or compile for a while: wait for its ABOUT before the clock runs
        if self.ask(["ABOUT"], STARTUP_S) is None:
            self.close()
            raise InvalidInput(f"brain {self.spec!r} did not answer ABOUT within {STARTUP_S:.0f} s")

    def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line: str) -> list[str]:
        """Send a line that needs no answer (in-process brains answer at once)."""
        if self.brain is not None:
            return self.brain.handle(line)
        assert self.proc is not None and self.proc.stdin is not None
        # every command waits out the settle, a new game's START as much as a move
        settle = self.answered + SETTLE_S - time.perf_counter()
        if settle > 0:
            time.sleep(settle)
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return []

    def ask(self, lines: list[str], seconds: float) -> str | None:
        """Send ``lines`` and wait for the answer (None: no answer in time, or dead)."""
        if self.brain is not None:
            answers: list[str] = []
            started = time.perf_counter()
            for line in lines:
                answers += self.brain.handle(line)
            if time.perf_counter() - started > seconds:
                return None  # the referee's clock holds for brains in this process too
            moves = [a for a in answers if not a.upper().startswith(("MESSAGE", "DEBUG"))]
            return moves[-1] if moves else None
        for line in lines:
            try:
                self.send(line)
            except (BrokenPipeError, OSError):
                return None
        deadline = time.perf_counter() + seconds
        self.messages = []
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            try:
                answer = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if answer is None:
                return None
            if answer.upper().startswith("MESSAGE"):
                self.messages.append(answer)
                continue
            if answer.upper().startswith(("DEBUG", "OK")):
                continue
            self.answered = time.perf_counter()
            return answer

    def close(self) -> None:
        if self.proc is not None:
            try:
                self.send("END")
                self.proc.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()


@dataclass
class MatchResult:
    """Wins, losses and draws of the first player, with faults and the Elo estimate."""

    first: str
    second: str
    wins: int = 0
    losses: int = 0
    draws: int = 0
    illegal: int = 0
    timeouts: int = 0
    crashes: int = 0
    durations: list[float] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)
    records: list[str] = field(default_factory=list)
    """One line a game: its number, the first player's colour and result, how it
    ended, and the final position (``format_position``: replayable, e.g. by
    ``tansuo gomoku analyse``)."""

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.5

    @property
    def elo(self) -> float:
        """The Elo difference the score implies (first player's view)."""
        return _elo(self.score, self.games)

    @property
    def elo_error(self) -> float:
        """The 95% error bar of :attr:`elo` (from the games' variance)."""
        n = self.games
        if n < 2:
            return math.inf
        s = min(max(self.score, 0.5 / n), 1 - 0.5 / n)
        per_game = [1.0] * self.wins + [0.0] * self.losses + [0.5] * self.draws
        variance = statistics_variance(per_game)
        se = math.sqrt(variance / n) if variance > 0 else math.sqrt(s * (1 - s) / n)
        return 1.96 * 400 / math.log(10) * se / (s * (1 - s))

    def summary(self) -> str:
        if math.isinf(self.elo_error) or math.isinf(self.elo):
            elo = "too few games for an Elo estimate"  # not "Elo -0 +/- inf"
        else:  # a whole number, so that -0.3 reads +0, not -0
            elo = f"Elo {round(self.elo):+d} +/- {self.elo_error:.0f}"
        return (
            f"{self.first} vs {self.second}: +{self.wins} -{self.losses} ={self.draws} "
            f"({100 * self.score:.1f}%), {elo}; "
            f"{self.illegal} illegal, {self.timeouts} timeouts, {self.crashes} crashes"
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "first": self.first,
            "second": self.second,
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "score": self.score,
            "elo": self.elo,
            "elo_error": None if math.isinf(self.elo_error) else self.elo_error,
            "illegal": self.illegal,
            "timeouts": self.timeouts,
            "crashes": self.crashes,
        }


def statistics_variance(values: list[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / (len(values) - 1)


def _elo(score: float, games: int) -> float:
    if games == 0:
        return 0.0
    s = min(max(score, 0.5 / games), 1 - 0.5 / games)
    return -400 * math.log10(1 / s - 1)


BUNDLED_OPENINGS = {"balanced": "openings-balanced.txt", "renju26": "openings.txt"}
"""Opening files shipped in ``tansuo/gomoku/data``, by the name ``--openings`` accepts."""


def read_openings(path: str | None) -> list[str]:
    """Opening positions, one a line (``#`` comments), in the position text format.

    ``path`` is a file, or a bundled set: ``"balanced"`` (50 four-stone
    openings, see :func:`balanced_openings`) or ``"renju26"`` (the 26
    standard three-stone openings of renju).
    """
    if path is None:
        return [""]
    from tansuo.files import read_text

    if path in BUNDLED_OPENINGS:
        data = resources.files("tansuo.gomoku").joinpath("data/" + BUNDLED_OPENINGS[path])
        text = data.read_text("utf-8")
    else:
        text = read_text(path)
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    openings = [line for line in lines if line]
    for line in openings:
        parse_position(line)  # fail early, with the line's own error
    return openings or [""]


def balanced_openings(
    count: int = 50, *, seed: int = 2026, size: int = 15, margin: int = 150
) -> list[str]:
    """Openings of two black and two white stones in the central 7x7, black to move.

    Random placements are kept when neither side threatens five and the
    engine without threat search scores them within ``margin`` for black
    (the mean of its depth-4 and depth-5 values, which lean to opposite
    sides); each is distinct as a set of stones. The bundled
    ``data/openings-balanced.txt`` is ``balanced_openings()``.
    """
    engine = Engine(EngineOptions(threats=False), max_memory=16 << 20, book=False)
    found: list[str] = []
    for board in random_openings(seed=seed, size=size):
        low = engine.search(board, depth=4).score or 0
        high = engine.search(board, depth=5).score or 0
        if abs(low + high) < 2 * margin:
            found.append(format_position(board))
            if len(found) == count:
                break
    return found


_RECORD = re.compile(r"^game \d+: [^:]*?\): ")


def read_positions(path: str) -> list[str]:
    """Positions, one a line (``#`` comments), or the game records of ``gomoku match --out``.

    A record (``game 3: black lost (five): 15 freestyle h8 ...``) gives its
    final position.
    """
    from tansuo.files import read_text

    found = []
    for line in read_text(path).splitlines():
        text = _RECORD.sub("", line.split("#", 1)[0].strip())
        if text:
            parse_position(text)  # fail early, with the line's own error
            found.append(text)
    return found


def game_prefixes(position: str, first: int) -> list[str]:
    """The positions of a game from its ``first``-th stone on, up to the last one not yet won."""
    board = parse_position(position)
    names = [board.format_move(move) for move in board.history]
    found = []
    replay = Board(board.width, height=board.height, rule=board.rule)
    for ply, name in enumerate(names, start=1):
        if replay.winner is not None:
            break
        replay.push(name)
        if ply >= first and replay.winner is None:
            found.append(format_position(replay))
    if first == 0:
        found.insert(0, format_position(Board(board.width, height=board.height, rule=board.rule)))
    return found


def random_openings(*, seed: int = 2026, size: int = 15) -> Iterator[Board]:
    """Endless random openings: two black and two white stones in the central 7x7.

    Each is distinct as a set of stones, and neither side threatens five.
    """
    rng = random.Random(seed)
    centre = [
        (x, y)
        for x in range(size // 2 - 3, size // 2 + 4)
        for y in range(size // 2 - 3, size // 2 + 4)
    ]
    seen: set[tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]] = set()
    while True:
        cells = rng.sample(centre, 4)
        key = (frozenset(cells[0::2]), frozenset(cells[1::2]))
        if key in seen:
            continue
        seen.add(key)
        board = Board(size)
        for x, y in cells:
            board.play(board.index(x, y))
        if board.five_points(K.BLACK) or board.five_points(K.WHITE):
            continue
        yield board


def _start(player: Player, board: Board, move_time: float) -> None:
    """A new game for ``player``: the board's size, the turn time, the rule, its node budget."""
    if board.width == board.height:
        player.send(f"START {board.width}")
    else:
        player.send(f"RECTSTART {board.width},{board.height}")
    player.send(f"INFO timeout_turn {int(move_time * 1000)}")
    player.send(f"INFO rule {RULE_BITS[board.rule]}")
    if player.max_node is not None:
        player.send(f"INFO max_node {player.max_node}")


def _board_lines(board: Board) -> list[str]:
    """``BEGIN``, or ``BOARD``, the stones (1: the side to move's, 2: the other's), ``DONE``."""
    if not board.history:
        return ["BEGIN"]
    side = board.side_to_move
    lines = ["BOARD"]
    for move in board.history:
        x, y = board.xy(move)
        lines.append(f"{x},{y},{1 if board.stone(move) == side else 2}")
    lines.append("DONE")
    return lines


MATE_SCORE = 2000
"""What a judge's mate announcement (Rapfi's ``+M7``, ``-M12``) counts as."""
_EVAL = re.compile(r"\bEval\s+([+-]?M[0-9*]*|[+-]?[0-9]+)", re.IGNORECASE)


@dataclass(frozen=True)
class Judgement:
    """A brain's view of one position: its score for the side to move and its move."""

    position: str
    score: int | None
    """The last ``Eval`` the brain printed in a ``MESSAGE`` line (as Rapfi does), mates
    as +/-:data:`MATE_SCORE`; None if it printed none."""
    move: str | None
    """Its move in the position's notation (None: no answer in time)."""


def parse_eval(messages: list[str]) -> int | None:
    """The last ``Eval N`` (or ``Eval +M7``) of a brain's MESSAGE lines, or None."""
    for line in reversed(messages):
        found = _EVAL.search(line)
        if found is None:
            continue
        text = found.group(1).upper()
        if "M" in text:
            return -MATE_SCORE if text.startswith("-") else MATE_SCORE
        return int(text)
    return None


def judge_positions(
    spec: str,
    positions: list[str],
    *,
    move_time: float = 60.0,
    progress: Callable[[Judgement], bool | None] | None = None,
) -> list[Judgement]:
    """Ask the brain ``spec`` (``"$RAPFI nodes=100000"``) for its score of each position.

    Each position is a new game given as a ``BOARD``; the score is the
    brain's own evaluation for the side to move, read from the ``MESSAGE``
    lines it prints before its move (Rapfi's ``Eval``). ``progress`` gets
    each judgement as it comes; a true answer stops the judging there.
    """
    boards = [parse_position(text) for text in positions]  # fail before starting the brain
    player = Player(spec)
    found: list[Judgement] = []
    try:
        for text, board in zip(positions, boards, strict=True):
            _start(player, board, move_time)
            answer = player.ask(_board_lines(board), move_time + GRACE_S)
            move = None
            if answer is not None:
                try:
                    move = board.format_move(board.parse_move(answer))
                except InvalidInput:
                    move = None
            judgement = Judgement(text, parse_eval(player.messages), move)
            found.append(judgement)
            if progress is not None and progress(judgement):
                break
    finally:
        player.close()
    return found


def play_game(
    black: Player,
    white: Player,
    opening: str,
    *,
    move_time: float,
    size: int,
    rule: str,
    white_time: float | None = None,
    moves: list[str] | None = None,
    grace: float = GRACE_S,
) -> tuple[int, str]:
    """One game; returns (winner: 1, 2 or 0 for a draw, how it ended).

    ``white_time``: white's seconds per move when they differ from black's.
    ``moves``, if given, receives the final position (:func:`format_position`).
    ``grace``: the seconds a brain may answer after its turn time before it
    loses on time.
    """
    board = parse_position(opening) if opening else Board(size, rule=rule)
    players = {K.BLACK: black, K.WHITE: white}
    times = {K.BLACK: move_time, K.WHITE: move_time if white_time is None else white_time}
    for colour, player in players.items():
        _start(player, board, times[colour])
    told = dict.fromkeys(players, False)
    last: int | None = None
    while not board.is_terminal():
        side = board.side_to_move
        player = players[side]
        if not told[side]:
            told[side] = True
            lines = _board_lines(board)
        else:
            assert last is not None
            lines = [f"TURN {board.format_xy(last)}"]
        answer = player.ask(lines, times[side] + grace)
        if answer is None:
            alive = player.proc is None or player.proc.poll() is None
            return 3 - side, "timeout" if alive else "crash"
        try:
            move = board.parse_move(answer)
            board.play(move)
        except InvalidInput:
            return 3 - side, f"illegal move {answer!r}"
        last = move
        if moves is not None:
            moves[:] = [format_position(board)]
    return board.winner or 0, "five" if board.winner else "full board"


def run_match(
    first: str | None,
    second: str | None,
    *,
    games: int = 10,
    move_time: float = 1.0,
    size: int = 15,
    rule: str = "freestyle",
    openings: str | None = None,
    second_time: float | None = None,
    first_opening: int = 0,
    progress: Callable[[int, MatchResult], None] | None = None,
    grace: float = GRACE_S,
) -> MatchResult:
    """``games`` games, colours alternating, each opening played twice (once per colour).

    ``first_opening``: the index of the opening the match starts from (the
    openings wrap around), so that the halves of a long match run in parallel
    can play different openings.

    ``second_time``: the second brain's seconds per move, for time odds
    (default: ``move_time`` for both). ``progress(game, result)`` is called
    after every game. ``grace``: as for :func:`play_game`.
    """
    if games < 1:
        raise InvalidInput(f"games must be >= 1, got {games}")
    if first_opening < 0:
        raise InvalidInput(f"the first opening must be >= 0, got {first_opening}")
    lines = read_openings(openings)
    result = MatchResult(first or "tansuo", second or "tansuo")
    a, b = Player(first), Player(second)
    try:
        for game in range(games):
            opening = lines[(first_opening + game // 2) % len(lines)]
            a_black = game % 2 == 0
            black, white = (a, b) if a_black else (b, a)
            start = time.perf_counter()
            other = move_time if second_time is None else second_time
            final: list[str] = []
            winner, how = play_game(
                black,
                white,
                opening,
                move_time=move_time if a_black else other,
                white_time=other if a_black else move_time,
                size=size,
                rule=rule,
                moves=final,
                grace=grace,
            )
            result.durations.append(time.perf_counter() - start)
            if winner == 0:
                result.draws += 1
            elif (winner == K.BLACK) == a_black:
                result.wins += 1
            else:
                result.losses += 1
            if how.startswith("illegal"):
                result.illegal += 1
            elif how == "timeout":
                result.timeouts += 1
            elif how == "crash":
                result.crashes += 1
            won = (winner == K.BLACK) == a_black
            outcome = "draw" if winner == 0 else ("won" if won else "lost")
            colour = "black" if a_black else "white"
            position = final[0] if final else opening
            result.records.append(f"game {game + 1}: {colour} {outcome} ({how}): {position}")
            if how not in ("five", "full board"):
                loser = "white" if winner == K.BLACK else "black"
                result.faults.append(f"game {game + 1}: {loser} lost by {how}")
            if progress is not None:
                progress(game + 1, result)
    finally:
        a.close()
        b.close()
    return result

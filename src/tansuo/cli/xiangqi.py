"""``tansuo xiangqi``: Chinese chess — perft, best move, play in the terminal, matches, UCCI.

A POSITION argument is a FEN (``w``/``r`` Red to move, ``b`` Black), ``startpos``,
either followed by ``moves m1 m2 ...`` (ICCS), a file holding one of those, or
the name of a bundled position (``tansuo xiangqi perft cpw-2 3``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import typer

from tansuo.cli._common import (
    EXIT_SOLVED,
    MATCH_TIME_LIMIT,
    MOVE_TIME_LIMIT,
    check_outputs,
    checked_count,
    checked_seconds,
    compiling,
    console,
    emit_json,
    err_console,
    exit_code,
    json_line,
    json_option,
    max_memory_option,
    max_nodes_option,
    out_option,
    per_second,
    render_option,
    time_limit_option,
)
from tansuo.errors import InvalidInput
from tansuo.files import read_text

xiangqi_app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    help="Chinese chess (Xiangqi): perft, best move, play against the engine, "
    "engine matches, and the UCCI protocol for GUIs.",
)

DEFAULT_THINK = MOVE_TIME_LIMIT  # seconds for bestmove when no depth, time or node budget
DEFAULT_MAX_MEMORY = "64M"  # the transposition table when no --max-memory is given


def register(app: typer.Typer) -> None:
    app.add_typer(xiangqi_app, name="xiangqi")


def _warm_up(*parts: str) -> None:
    """Compile (or load) the kernels a command runs: ``parts`` of ``engine.warm_up``, or all."""
    from tansuo.xiangqi.engine import warm_up

    warm_up(*parts)


def _position(text: str) -> Any:
    """The POSITION argument: a file, a bundled name, or a FEN / ``startpos ... moves``."""
    from tansuo.files import could_be_path
    from tansuo.xiangqi import bundled_position, bundled_position_names, parse_position
    from tansuo.xiangqi.io import read_position

    if text == "-" or (could_be_path(text) and Path(text).is_file()):
        return read_position(text)
    if text in bundled_position_names():
        return bundled_position(text)
    try:
        return parse_position(text)
    except InvalidInput:
        if " " not in text.strip() and "/" in text and text.count("/") != 9:
            raise InvalidInput(f"{text}: no such file (and not a FEN)") from None
        raise


def _engine(max_memory: str | None) -> Any:
    """An engine whose transposition table takes ``max_memory`` (``64M`` by default)."""

    from tansuo.budget import parse_memory
    from tansuo.xiangqi import Engine

    size = parse_memory(DEFAULT_MAX_MEMORY if max_memory is None else max_memory)
    if size < 1 << 20:
        raise InvalidInput(f"--max-memory must be at least 1M for the engine's table, got {size}")
    return Engine(max_memory=size)


def _old_hash(hash_mb: int | None, max_memory: str | None) -> str | None:
    """``--hash MB``, the old spelling of ``--max-memory SIZE``, read as ``MBM``."""
    if hash_mb is None:
        return max_memory
    if max_memory is not None:
        raise InvalidInput("give --max-memory SIZE (--hash MB is its old name), not both")
    return f"{hash_mb}M"


def _show_move(position: Any, move: str) -> str:
    """``h2e2 (炮二平五, C2=5)``."""
    from tansuo.xiangqi import format_chinese, format_wxf, parse_iccs

    code = parse_iccs(move)
    return f"{move} ({format_chinese(position, code)}, {format_wxf(position, code)})"


def _line(position: Any, moves: tuple[str, ...] | list[str]) -> str:
    from tansuo.xiangqi import parse_iccs
    from tansuo.xiangqi.render import format_moves

    return format_moves(position, [parse_iccs(m) for m in moves])


# ---------------------------------------------------------------------------
# perft
# ---------------------------------------------------------------------------


@xiangqi_app.command("perft")
def perft_command(
    position: str = typer.Argument(..., metavar="POSITION", help="FEN, startpos, file or name."),
    depth: int = typer.Argument(..., metavar="DEPTH", help="Plies to count (0-20)."),
    divide: bool = typer.Option(False, "--divide", help="Also count below each root move."),
    json_out: bool = json_option("the result as one JSON object"),
    time_limit: float | None = time_limit_option(),
    max_nodes: int | None = max_nodes_option(),
) -> None:
    """Count the leaves of the legal move tree (the standard test of a move generator)."""
    board = _position(position)
    with compiling(lambda: _warm_up("perft"), "the Xiangqi kernels"):
        from tansuo.xiangqi import perft

        result = perft(board, depth, divide=divide, time_limit=time_limit, max_nodes=max_nodes)
    if json_out:
        emit_json({"fen": board.fen(), **result.as_dict()})
        raise typer.Exit(exit_code(result.status))
    if result.divide is not None:
        for move, count in sorted(result.divide.items()):
            console.print(f"{move}  {count}", markup=False)
    elapsed = result.stats.elapsed_s
    head = "stopped early, counted" if result.status == "limit" else "perft"
    console.print(
        f"{head}({depth}) = {result.nodes:,} in {elapsed:.3f} s "
        f"({per_second(result.nodes, elapsed, 'leaves')})"
        + (f"; budget spent: {_why(result.stats.limit)}" if result.stats.limit else ""),
        markup=False,
    )
    raise typer.Exit(exit_code(result.status))


# ---------------------------------------------------------------------------
# bestmove
# ---------------------------------------------------------------------------


@xiangqi_app.command("bestmove")
def bestmove_command(
    position: str = typer.Argument(..., metavar="POSITION", help="FEN, startpos, file or name."),
    time_limit: float | None = time_limit_option(None, per="move"),
    depth: int | None = typer.Option(None, "--depth", help="Search this many plies deep."),
    max_nodes: int | None = max_nodes_option(),
    max_memory: str | None = max_memory_option(),
    old_hash: int | None = typer.Option(None, "--hash", hidden=True),  # MB: --max-memory's old name
    json_out: bool = json_option("the result as one JSON object"),
    render: Path | None = render_option("the position and the move (.png)"),
    force: bool = typer.Option(False, "--force", help="Overwrite the --render file."),
) -> None:
    """Search a position: best move (ICCS, Chinese, WXF), score, depth and line.

    Without --depth, --time-limit or --max-nodes the engine thinks 5 seconds.
    --max-memory is the transposition table (default 64M). Exit 0 when a move
    was chosen (also when the time ended the search: the best move found is
    the answer), 3 when a budget ended the search before any move was chosen,
    1 when the game is already over.
    """
    board = _position(position)
    check_outputs(render, force=force)
    max_memory = _old_hash(old_hash, max_memory)
    if depth is None and time_limit is None and max_nodes is None:
        time_limit = DEFAULT_THINK
    with compiling(lambda: _warm_up("search"), "the Xiangqi kernels"):  # not perft
        engine = _engine(max_memory)
    result = engine.search(board, depth=depth, time_limit=time_limit, max_nodes=max_nodes)
    if render is not None:
        from tansuo.xiangqi import parse_iccs, save_png

        save_png(render, board, last_move=parse_iccs(result.move) if result.move else None)
    if json_out:
        out = {"fen": board.fen(), **result.as_dict()}
        if result.move is not None:
            from tansuo.xiangqi import format_chinese, format_wxf, parse_iccs

            out["move_chinese"] = format_chinese(board, parse_iccs(result.move))
            out["move_wxf"] = format_wxf(board, parse_iccs(result.move))
        emit_json(out)
        raise typer.Exit(_move_exit(result))
    if result.move is None:
        outcome = board.outcome()
        reason = outcome.reason if outcome is not None else "no move left"
        console.print(f"the game is over ({reason}): no move to choose", markup=False)
        raise typer.Exit(exit_code(result.status))
    stats = result.stats
    console.print(f"bestmove {_show_move(board, result.move)}", markup=False)
    console.print(
        f"score {result.describe_score()} at depth {result.depth} "
        f"(seldepth {stats.seldepth}); {stats.nodes:,} nodes in {stats.elapsed_s:.2f} s "
        f"({per_second(stats.nodes, stats.elapsed_s)})",
        markup=False,
    )
    console.print(f"line: {_line(board, result.pv)}", markup=False)
    if stats.limit:
        console.print(
            f"searched until {_why(stats.limit)}: the best move found by then", markup=False
        )
    if render is not None:
        console.print(f"picture written to {render}", markup=False)
    raise typer.Exit(_move_exit(result))


def _why(limit: str | None) -> str:
    """The budget that ended a search, in words (``stopped``: Ctrl-C on the command line)."""
    return "Ctrl-C" if limit == "stopped" else str(limit)


def _move_exit(result: Any) -> int:
    """0 when a move was chosen (a budget that ends the search still leaves one), else by status."""
    # A move counts as chosen once an iteration finished (depth >= 1); before that the
    # move is only the first legal one, and the budget left no answer: exit 3.
    chosen = result.move is not None and result.depth >= 1
    return EXIT_SOLVED if chosen else exit_code(result.status)


# ---------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------


@xiangqi_app.command("play")
def play_command(
    side: str = typer.Option("red", "--side", help="Your side: red (moves first) or black."),
    time_limit: float = time_limit_option(MOVE_TIME_LIMIT, per="move"),
    depth: int | None = typer.Option(None, "--depth", help="Engine depth instead of time."),
    ascii_only: bool = typer.Option(False, "--ascii", help="Letters instead of Chinese pieces."),
    start: str = typer.Option("startpos", "--position", help="Start from this POSITION."),
) -> None:
    """Play against the engine in the terminal (moves in ICCS, WXF or Chinese; 'help')."""
    from tansuo.xiangqi import parse_iccs
    from tansuo.xiangqi.render import format_board

    if side not in ("red", "black"):
        raise InvalidInput(f"--side must be red or black, got {side!r}")
    if not time_limit > 0:
        raise InvalidInput(f"--time-limit must be > 0 seconds, got {time_limit}")
    board = _position(start)
    with compiling(_warm_up, "the Xiangqi kernels"):
        engine = _engine(None)
    last: int | None = None
    console.print("Moves: h2e2, C2=5 or 炮二平五. Commands: undo, hint, fen, quit.", markup=False)
    while True:
        console.print(format_board(board, ascii_only=ascii_only, last_move=last), markup=False)
        outcome = board.outcome()
        if outcome is not None:
            who = "draw" if outcome.winner is None else f"{outcome.winner} wins"
            console.print(f"game over: {who} ({outcome.reason})", markup=False)
            return
        if board.is_check():
            console.print(f"{board.side} is in check", markup=False)
        if board.side == side:
            try:
                text = input(f"{side} to move> ").strip()
            except EOFError:
                return
            if text in ("quit", "exit", "q"):
                return
            if text == "fen":
                console.print(board.fen(), markup=False)
                continue
            if text == "undo":
                for _ in range(2 if board.ply >= 2 else board.ply):
                    board.undo()
                last = None
                continue
            if text == "hint":
                hint = engine.search(board.copy(), time_limit=min(time_limit, 1.0))
                console.print(f"hint: {_show_move(board, hint.move or '')}", markup=False)
                continue
            if text in ("help", "?"):
                console.print("ICCS h2e2, WXF C2=5, Chinese 炮二平五; undo, hint, fen, quit")
                continue
            try:
                played = board.push(text)
            except InvalidInput as exc:
                console.print(f"not played: {exc}", markup=False)
                continue
            last = parse_iccs(played)
            continue
        if depth is not None:
            result = engine.search(board, depth=depth)
        else:
            result = engine.search(board, time_limit=time_limit)
        assert result.move is not None
        move = parse_iccs(result.move)
        console.print(
            f"engine: {_show_move(board, result.move)}  score {result.describe_score()}, "
            f"depth {result.depth}, line {_line(board, result.pv)}",
            markup=False,
        )
        board.play(move)
        last = move


# ---------------------------------------------------------------------------
# match
# ---------------------------------------------------------------------------


@xiangqi_app.command("match")
def match_command(
    first: str = typer.Argument(..., metavar="A", help="tansuo[:options] or ucci:COMMAND."),
    second: str = typer.Argument(..., metavar="B", help="tansuo[:options] or ucci:COMMAND."),
    games: int = typer.Option(
        10, "--games", help="Games to play (colours alternate).", callback=checked_count("games")
    ),
    time_limit: float = typer.Option(
        MATCH_TIME_LIMIT,
        "--time-limit",
        metavar="S",
        help="Seconds per move.",
        callback=checked_seconds,
    ),
    workers: int = typer.Option(
        1, "--workers", metavar="K", help="Play K games at the same time (in threads)."
    ),
    old_concurrency: int | None = typer.Option(None, "--concurrency", hidden=True),
    max_plies: int = typer.Option(300, "--max-plies", help="Plies before a game is drawn."),
    out: Path | None = out_option("games, as JSON Lines,"),
    json_out: bool = json_option("the summary as one JSON object"),
    force: bool = typer.Option(False, "--force", help="Overwrite the --out file."),
    resume: bool = typer.Option(
        False, "--resume", help="Keep the games already in --out and play only the rest."
    ),
    resign_scores: str | None = typer.Option(
        None,
        "--resign-scores",
        metavar="A,B",
        help="Adjudicate a game won when both engines score one side ahead by at least their "
        "margin (A's units, B's units) for N moves each (N: --resign-moves).",
    ),
    resign_moves: int = typer.Option(
        3,
        "--resign-moves",
        metavar="N",
        help="How many moves of each engine --resign-scores looks at.",
    ),
    openings_file: Path | None = typer.Option(
        None, "--openings", metavar="FILE", help="Opening lines, one a line (moves or fen ...)."
    ),
    random_plies: int | None = typer.Option(
        None, "--random-plies", metavar="N", help="Openings of N random quiet plies instead."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the --random-plies openings."),
    book: bool = typer.Option(False, "--book", help="Let external engines use their own book."),
) -> None:
    """Play two engines against each other; report the score and an Elo estimate.

    A is 'tansuo' (the full engine), 'tansuo:depth=3,plain' (fixed-depth
    alpha-beta), 'tansuo:no-null_move' (one feature off), or 'ucci:COMMAND'
    / 'uci:COMMAND' for an external engine. --time-limit is seconds per move.
    """
    from tansuo.xiangqi.match import (
        GameRecord,
        Resign,
        make_player,
        random_openings,
        read_openings,
        run_match,
    )

    if resume and out is None:
        raise InvalidInput("--resume continues an --out file; give --out FILE")
    done: list[GameRecord] = []
    if resume and out is not None and out.exists():
        for number, line in enumerate(read_text(out).splitlines(), 1):
            if line.strip():
                try:
                    done.append(GameRecord.from_dict(json.loads(line)))
                except (ValueError, InvalidInput) as exc:
                    raise InvalidInput(f"{out}, line {number}: {exc}") from None
    else:
        check_outputs(out, force=force)
    resign = None
    if resign_scores is not None:
        try:
            first_margin, second_margin = (int(x) for x in resign_scores.split(","))
        except ValueError:
            raise InvalidInput(
                f"--resign-scores wants two whole numbers A,B, got {resign_scores!r}"
            ) from None
        resign = Resign(first_margin, second_margin, resign_moves)
    concurrency = workers if old_concurrency is None else old_concurrency  # the old name
    if games < 1 or concurrency < 1 or max_plies < 1:
        raise InvalidInput("--games, --workers and --max-plies must be at least 1")
    openings = None
    if openings_file is not None and random_plies is not None:
        raise InvalidInput("give --openings or --random-plies, not both")
    if openings_file is not None:
        openings = read_openings(read_text(openings_file))
    elif random_plies is not None:
        if not 0 <= random_plies <= 40:
            raise InvalidInput(f"--random-plies must be 0 to 40, got {random_plies}")
        openings = random_openings((games + 1) // 2, random_plies, seed)
    for spec in (first, second):  # check both specs before the games start
        if spec.startswith("tansuo"):
            make_player(spec)
    sink = out.open("a" if resume else "w", encoding="utf-8") if out is not None else None

    def report(index: int, record: Any) -> None:
        line = (
            f"game {index + 1:3d}  {record.result:7}  {record.red} (red) vs {record.black} "
            f"(black), {len(record.moves)} plies, {record.reason}; opening {record.opening}"
        )
        err_console.print(line, markup=False, highlight=False)
        if sink is not None:
            sink.write(json_line(record.as_dict()) + "\n")
            sink.flush()

    with compiling(_warm_up, "the Xiangqi kernels"):
        pass
    started = time.perf_counter()
    try:
        result = run_match(
            first,
            second,
            games=games,
            seconds=time_limit,
            concurrency=concurrency,
            max_plies=max_plies,
            on_game=report,
            openings=openings,
            book=book,
            resign=resign,
            done=done,
        )
    finally:
        if sink is not None:
            sink.close()
    elo, low, high = result.elo()
    if json_out:
        summary = result.as_dict()
        summary.pop("records")
        summary["elapsed_s"] = time.perf_counter() - started
        emit_json(summary)
        raise typer.Exit(EXIT_SOLVED)
    failures = result.failures()
    console.print(
        f"{result.first} vs {result.second}: +{result.wins} ={result.draws} -{result.losses} "
        f"in {len(result.games)} games, score {100 * result.score:.1f}%, "
        f"Elo {elo:+.0f} (95%: {low:+.0f} to {high:+.0f}); illegal moves {failures['illegal']}, "
        f"time losses {failures['time']}, crashes {failures['crash']}; "
        f"{time.perf_counter() - started:.0f} s",
        markup=False,
    )
    raise typer.Exit(EXIT_SOLVED)


# ---------------------------------------------------------------------------
# ucci
# ---------------------------------------------------------------------------


@xiangqi_app.command("ucci")
def ucci_command(
    max_memory: str | None = max_memory_option(),
    old_hash: int | None = typer.Option(None, "--hash", hidden=True),  # MB: --max-memory's old name
) -> None:
    """Speak UCCI (or UCI, after 'uci') on stdin/stdout, for Xiangqi GUIs and matches.

    --max-memory is the transposition table (default 64M, at most 4G); a GUI's
    'setoption Hash' changes it.
    """

    from tansuo.budget import parse_memory
    from tansuo.xiangqi.protocol import serve

    max_memory = _old_hash(old_hash, max_memory)
    size = parse_memory(DEFAULT_MAX_MEMORY if max_memory is None else max_memory)
    if not 1 << 20 <= size <= 4 << 30:
        raise InvalidInput(f"--max-memory must be 1M to 4G, got {max_memory}")
    serve(max_memory=size)


# ---------------------------------------------------------------------------
# book
# ---------------------------------------------------------------------------

book_app = typer.Typer(
    no_args_is_help=True, add_completion=False, rich_markup_mode=None, help="The opening book."
)
xiangqi_app.add_typer(book_app, name="book")


@book_app.command("grow")
def book_grow_command(
    path: Path = typer.Argument(..., metavar="FILE", help="The book (created if missing)."),
    plies: int = typer.Option(4, "--plies", help="How many moves deep the book reaches."),
    time_limit: float = typer.Option(
        MATCH_TIME_LIMIT, "--time-limit", metavar="S", help="Seconds a search (it runs many)."
    ),
    margin: int = typer.Option(15, "--margin", help="Points within which a second move is kept."),
) -> None:
    """Grow an opening book from the engine's own searches (positions by FEN, weighted moves)."""
    from tansuo.xiangqi.book import Book, grow_book

    if not 1 <= plies <= 20:
        raise InvalidInput(f"--plies must be 1 to 20, got {plies}")
    if not 0 < time_limit < 3600:
        raise InvalidInput(f"--time-limit must be > 0 and under an hour, got {time_limit}")
    book = Book.read(path) if path.exists() else Book()
    with compiling(_warm_up, "the Xiangqi kernels"):
        pass

    def report(position: Any, moves: list[str]) -> None:
        err_console.print(f"{position.fen()}  {' '.join(moves)}", markup=False, highlight=False)

    added = grow_book(book, plies=plies, time_limit=time_limit, margin=margin, on_position=report)
    book.write(path)
    console.print(f"{added} positions added; the book holds {len(book)} ({path})", markup=False)
    raise typer.Exit(EXIT_SOLVED)


# ---------------------------------------------------------------------------
# demo
# ---------------------------------------------------------------------------


def demo(out: Any) -> None:
    """Perft of the initial position, then a short search with its best move."""
    _warm_up()
    from tansuo.xiangqi import Engine, Position, perft

    out.print("[bold]xiangqi[/bold] — move generation checked by perft, then a short search")
    position = Position()
    counts = []
    for depth in (1, 2, 3, 4):
        counts.append(f"{perft(position, depth).nodes:,}")
    out.print(f"perft(1..4) of the initial position: {', '.join(counts)}", markup=False)
    result = Engine(max_memory=16 << 20).search(position, depth=7)
    assert result.move is not None
    out.print(
        f"depth {result.depth}: bestmove {_show_move(position, result.move)}, "
        f"score {result.describe_score()}, {result.stats.nodes:,} nodes",
        markup=False,
    )

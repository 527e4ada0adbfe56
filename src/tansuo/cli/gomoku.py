"""``tansuo gomoku``: threat search (VCF/VCT), the best move, play in the terminal, matches.

A POSITION is the size, the rule and the moves from the empty board, black
first: ``"15 renju h8 i9 h9"`` (``7,7`` Gomocup coordinates work too), or a
file holding that text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from tansuo.cli._common import (
    EXIT_SOLVED,
    MATCH_TIME_LIMIT,
    MOVE_TIME_LIMIT,
    checked_count,
    checked_seconds,
    compiling,
    console,
    emit_json,
    exit_code,
    json_option,
    max_memory_option,
    max_nodes_option,
    out_option,
    per_second,
    plural,
    time_limit_option,
)
from tansuo.errors import InvalidInput

gomoku_app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    help="Gomoku (five in a row): VCF/VCT threat search, best move, play against the "
    "engine, engine matches; the Gomocup protocol is the pbrain-tansuo command.",
)

DEFAULT_THINK = MOVE_TIME_LIMIT  # analyse, when no depth, time or node budget is given


def register(app: typer.Typer) -> None:
    app.add_typer(gomoku_app, name="gomoku")


def _warm_up(*parts: str) -> None:
    """Compile (or load) the kernels a command runs: ``parts`` of ``gomoku.warm_up``, or all."""
    from tansuo.gomoku import warm_up

    warm_up(*parts)


def _position(text: str) -> Any:
    from tansuo.files import could_be_path
    from tansuo.gomoku import parse_position, read_position

    if text == "-" or (could_be_path(text) and Path(text).is_file()):
        return read_position(text)
    if could_be_path(text) and ("/" in text or text.endswith(".txt")) and not Path(text).exists():
        raise InvalidInput(f"{text}: no such file (and not a position)")
    if could_be_path(text) and Path(text).is_dir():
        raise InvalidInput(f"{text}: is a directory, not a position")
    return parse_position(text)


def demo(out: Any) -> None:
    """``tansuo demo``: a VCF found, replayed and shown on the board."""
    from tansuo.gomoku import format_board, parse_position, vcf

    board = parse_position("15 h8 i9 i8 j8 h9 h10 g8 f7 j10 k11 g10 g9 h11 f9")
    result = vcf(board)
    numbers = {board.parse_move(m): i for i, m in enumerate(result.line, 1)}
    out.print("Gomoku: black to move wins by continuous fours (VCF)", markup=False)
    out.print(format_board(board, numbers=numbers), markup=False)
    out.print(
        f"VCF: {' '.join(result.line)}  ({result.stats.nodes:,} nodes, "
        f"replayed: {'five in a row' if result.verified else 'NOT verified'})",
        markup=False,
    )


# ---------------------------------------------------------------------------
# vcf / vct
# ---------------------------------------------------------------------------


def _threat_command(
    kind: str,
    position: str,
    attacker: str | None,
    max_depth: int | None,
    time_limit: float | None,
    max_nodes: int | None,
    max_memory: str | None,
    json_out: bool,
) -> None:
    board = _position(position)
    part = "vct" if kind == "vct" and max_depth is None else "vcf"  # df-pn: VCT with no depth
    with compiling(lambda: _warm_up(part), "the Gomoku kernels"):
        from tansuo.gomoku import find_threat, format_board
        from tansuo.gomoku.engine import DEFAULT_VCF_DEPTH

    result = find_threat(
        board,
        kind=kind,
        attacker=attacker,
        max_depth=max_depth,
        time_limit=time_limit,
        max_nodes=max_nodes,
        max_memory=max_memory,
    )
    if json_out:
        emit_json(result.as_dict())
        raise typer.Exit(exit_code(result.status))
    stats = result.stats
    rate = per_second(stats.nodes, stats.elapsed_s)
    speed = f"{plural(stats.nodes, 'node')} in {stats.elapsed_s:.3f} s ({rate})"
    if result.status == "solved":
        numbers = {board.parse_move(m): i for i, m in enumerate(result.line, 1)}
        console.print(format_board(board, numbers=numbers), markup=False)
        console.print(
            f"{kind.upper()} for {result.attacker}: {' '.join(result.line)}", markup=False
        )
        check = "replayed: ends in five" if result.verified else "replay FAILED"
        console.print(f"{plural(len(result.line), 'move')}, {check}; {speed}", markup=False)
    elif result.status == "no_solution":
        # Depth 0: proof-number search, which has no depth bound. A deepening that
        # stopped below its bound ran out of threats: no win of any length either.
        bounded = stats.depth and stats.depth >= (max_depth or DEFAULT_VCF_DEPTH)
        if bounded:
            bound = f"within {plural(stats.depth, 'attacker move')} (the --max-depth bound)"
        else:
            bound = "of any length (proved)"
        console.print(
            f"no {kind.upper()} for {result.attacker} {bound}; {speed}",
            markup=False,
        )
    else:
        after = f" after depth {stats.depth}" if stats.depth else ""
        console.print(
            f"stopped by {_why(stats.limit)}{after}: no {kind.upper()} found yet; {speed}",
            markup=False,
        )
    raise typer.Exit(exit_code(result.status))


_ATTACKER = typer.Option(None, "--attacker", help="black or white (default: the side to move).")
_POSITION = typer.Argument(..., metavar="POSITION", help='"15 renju h8 i9 ..." or a file.')


@gomoku_app.command("vcf")
def vcf_command(
    position: str = _POSITION,
    attacker: str | None = _ATTACKER,
    max_depth: int | None = typer.Option(
        None, "--max-depth", metavar="N", help="Attacker moves to look ahead (default 30)."
    ),
    time_limit: float | None = time_limit_option(),
    max_nodes: int | None = max_nodes_option(),
    max_memory: str | None = max_memory_option(),
    json_out: bool = json_option("the result as one JSON object"),
) -> None:
    """Victory by continuous fours: the winning sequence, replayed, or a proof there is none.

    Exit 0 found, 1 proved none within --max-depth, 3 a budget ran out first.
    """
    _threat_command(
        "vcf", position, attacker, max_depth, time_limit, max_nodes, max_memory, json_out
    )


@gomoku_app.command("vct")
def vct_command(
    position: str = _POSITION,
    attacker: str | None = _ATTACKER,
    max_depth: int | None = typer.Option(
        None,
        "--max-depth",
        metavar="N",
        help="Attacker threats to look ahead by deepening (default: no bound, proof numbers).",
    ),
    time_limit: float | None = time_limit_option(),
    max_nodes: int | None = max_nodes_option(),
    max_memory: str | None = max_memory_option(),
    json_out: bool = json_option("the result as one JSON object"),
) -> None:
    """Victory by continuous threats (threes and fours): the main line, or none within the limit.

    Exit 0 found, 1 proved none (of any length, or within --max-depth), 3 a
    budget ran out first (by default 5,000,000 nodes with no --max-depth).
    """
    _threat_command(
        "vct", position, attacker, max_depth, time_limit, max_nodes, max_memory, json_out
    )


# ---------------------------------------------------------------------------
# analyse
# ---------------------------------------------------------------------------


@gomoku_app.command("analyse")
def analyse_command(
    position: str = _POSITION,
    time_limit: float | None = time_limit_option(None, per="move"),
    depth: int | None = typer.Option(None, "--depth", help="Search this many plies deep."),
    max_nodes: int | None = max_nodes_option(),
    no_threats: bool = typer.Option(
        False, "--no-threats", help="Skip the opening book and the root VCF/VCT search."
    ),
    json_out: bool = json_option("the result as one JSON object"),
) -> None:
    """The engine's best move, score, depth and principal variation.

    Without --depth, --time-limit or --max-nodes the engine thinks 5 seconds.
    Exit 0 when a move was chosen (also when the time ended the search: the
    best move found is the answer), 3 when a budget ended the search before
    any move was chosen, 1 when the game is already over.
    """
    board = _position(position)
    if depth is None and time_limit is None and max_nodes is None:
        time_limit = DEFAULT_THINK
    with compiling(_warm_up, "the Gomoku kernels"):
        from tansuo.gomoku import Engine, EngineOptions

    engine = Engine(EngineOptions(threats=not no_threats), book=not no_threats)
    result = engine.search(board, depth=depth, time_limit=time_limit, max_nodes=max_nodes)
    from_book = _from_book(engine, board, result, depth)
    if json_out:
        emit_json({**result.as_dict(), "book": from_book})
        raise typer.Exit(_move_exit(result, from_book))
    if result.move is None:
        console.print("the game is over: no move to choose", markup=False)
        raise typer.Exit(exit_code(result.status))
    stats = result.stats
    console.print(
        f"bestmove {result.move} ({board.format_xy(board.parse_move(result.move))})", markup=False
    )
    if from_book:
        console.print(
            "from the opening book (no search; --no-threats skips the book)", markup=False
        )
        raise typer.Exit(EXIT_SOLVED)
    console.print(
        f"score {result.describe_score()} at depth {result.depth}; {stats.nodes:,} nodes in "
        f"{stats.elapsed_s:.2f} s ({per_second(stats.nodes, stats.elapsed_s)})",
        markup=False,
    )
    console.print(f"line: {' '.join(result.pv)}", markup=False)
    if stats.limit:
        console.print(
            f"searched until {_why(stats.limit)}: the best move found by then", markup=False
        )
    raise typer.Exit(_move_exit(result, from_book))


def _why(limit: str | None) -> str:
    """The budget that ended a search, in words (``stopped``: Ctrl-C on the command line)."""
    return "Ctrl-C" if limit == "stopped" else str(limit)


def _from_book(engine: Any, board: Any, result: Any, depth: int | None) -> bool:
    """Whether the engine's move is the opening book's reply (no search ran)."""
    book = getattr(engine, "book", None)
    if book is None or depth is not None or result.move is None or result.stats.nodes:
        return False
    reply = book.lookup(board)
    return reply is not None and board.format_move(reply) == result.move


def _move_exit(result: Any, from_book: bool) -> int:
    """0 when a move was chosen (by the book, a finished iteration or a proved win)."""
    # Before a first iteration finishes the move is only a fallback: the budget left no answer.
    chosen = result.move is not None and (from_book or result.depth >= 1 or result.exact)
    return EXIT_SOLVED if chosen else exit_code(result.status)


# ---------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------


@gomoku_app.command("play")
def play_command(
    size: int = typer.Option(15, "--size", help="Board size (5-22)."),
    rule: str = typer.Option("freestyle", "--rule", help="freestyle, standard, renju or caro."),
    side: str = typer.Option("black", "--side", help="Your colour: black (moves first) or white."),
    time_limit: float = time_limit_option(MOVE_TIME_LIMIT, per="move"),
    position: str | None = typer.Option(None, "--position", help="Start from this position."),
) -> None:
    """Play against the engine: type moves like h8 (or 7,7), 'undo', 'hint' or 'quit'."""
    from tansuo.gomoku import Board, Engine, format_board

    board = _position(position) if position else Board(size, rule=rule)
    you = {"black": 1, "b": 1, "white": 2, "w": 2}.get(side.lower())
    if you is None:
        raise InvalidInput(f"--side must be black or white, not {side!r}")
    with compiling(_warm_up, "the Gomoku kernels"):
        engine = Engine()
    while True:
        console.print(format_board(board), markup=False)
        if board.is_terminal():
            who = {1: "black", 2: "white"}.get(board.winner or 0)
            console.print(f"{who} wins" if who else "draw: the board is full", markup=False)
            return
        if board.side_to_move != you:
            result = engine.search(board, time_limit=time_limit)
            if result.move is None:
                return
            board.push(result.move)
            console.print(
                f"engine plays {result.move}: depth {result.depth}, score "
                f"{result.describe_score()}, line {' '.join(result.pv)}",
                markup=False,
            )
            continue
        try:
            text = input("your move> ").strip()
        except EOFError:
            return
        if text in ("quit", "q", "exit"):
            return
        if text == "undo":
            for _ in range(2):
                if board.history:
                    board.undo()
            continue
        if text == "hint":
            hint = engine.search(board, time_limit=time_limit)
            console.print(f"hint: {hint.move} ({hint.describe_score()})", markup=False)
            continue
        try:
            board.push(text)
        except InvalidInput as exc:
            console.print(f"illegal: {exc}", markup=False)


# ---------------------------------------------------------------------------
# match
# ---------------------------------------------------------------------------


@gomoku_app.command("match")
def match_command(
    first: str = typer.Argument(
        ...,
        metavar="A",
        help='"tansuo", "tansuo:nothreats" or a command; a last word nodes=N holds it to '
        "N nodes a move (sent as INFO max_node, as c-gomoku-cli does).",
    ),
    second: str = typer.Argument(..., metavar="B", help="The second brain, the same way."),
    games: int = typer.Option(
        10, "--games", help="Games to play, colours alternating.", callback=checked_count("games")
    ),
    openings: str | None = typer.Option(
        None,
        "--openings",
        metavar="FILE",
        help="Opening positions, one a line (each played twice), or balanced / renju26.",
    ),
    time_limit: float = typer.Option(
        MATCH_TIME_LIMIT,
        "--time-limit",
        metavar="S",
        help="Seconds per move.",
        callback=checked_seconds,
    ),
    second_time: float | None = typer.Option(
        None,
        "--second-time",
        metavar="S",
        help="B's seconds per move, for time odds (default: --time-limit).",
        callback=checked_seconds,
    ),
    size: int = typer.Option(15, "--size", help="Board size without openings (5-22)."),
    rule: str = typer.Option("freestyle", "--rule", help="freestyle, standard, renju or caro."),
    first_opening: int = typer.Option(
        0, "--first-opening", metavar="N", help="Start from the N-th opening (0-based)."
    ),
    save: Path | None = out_option("games (result and moves), one a line,"),
    old_save: Path | None = typer.Option(None, "--save", hidden=True),
    force: bool = typer.Option(False, "--force", help="Overwrite --out if it exists."),
    json_out: bool = json_option("the result as one JSON object"),
) -> None:
    """Play two Gomocup brains against each other: wins, losses, draws, Elo and error bar."""
    from tansuo.budget import check_time_limit
    from tansuo.gomoku.match import run_match
    from tansuo.gomoku.model import check_rule, check_size

    if old_save is not None:  # --save FILE: the old name of --out FILE
        if save is not None:
            raise InvalidInput("give --out FILE (--save is its old name), not both")
        save = old_save
    check_time_limit(time_limit)
    if second_time is not None:
        check_time_limit(second_time)
    check_size(size, size)
    rule = check_rule(rule)
    from tansuo.gomoku.match import BUNDLED_OPENINGS

    if openings is not None and openings not in BUNDLED_OPENINGS and not Path(openings).is_file():
        raise InvalidInput(f"{openings}: no such openings file")
    if first_opening < 0:
        raise InvalidInput(f"--first-opening must be >= 0, not {first_opening}")
    if save is not None:
        from tansuo.cli._common import check_outputs

        check_outputs(save, force=force)
    with compiling(_warm_up, "the Gomoku kernels"):
        pass

    def progress(game: int, so_far: Any) -> None:
        if save is not None:
            save.write_text("\n".join(so_far.records) + "\n", encoding="utf-8")
        if not json_out:
            console.print(f"game {game}/{games}: {so_far.summary()}", markup=False)

    result = run_match(
        first,
        second,
        games=games,
        move_time=time_limit,
        second_time=second_time,
        size=size,
        rule=rule,
        openings=openings,
        first_opening=first_opening,
        progress=progress,
    )
    if json_out:
        emit_json(result.as_dict())
    else:
        console.print(result.summary(), markup=False)
        for fault in result.faults:
            console.print(fault, markup=False)


# ---------------------------------------------------------------------------
# judge
# ---------------------------------------------------------------------------


@gomoku_app.command("judge")
def judge_command(
    brain: str = typer.Argument(
        ...,
        metavar="BRAIN",
        help='A brain command that prints its evaluation (Rapfi: "$RAPFI nodes=100000").',
    ),
    positions: list[str] = typer.Argument(
        None, metavar="[POSITION]...", help="Positions to score (or --file, or --random)."
    ),
    file: Path | None = typer.Option(
        None,
        "--file",
        metavar="FILE",
        help="Positions, one a line (# comments), or the games of gomoku match --out.",
    ),
    random_count: int | None = typer.Option(
        None,
        "--random",
        metavar="N",
        help="Score N random openings (two stones a side in the central 7x7, 15x15).",
        callback=checked_count("--random"),
    ),
    seed: int = typer.Option(2026, "--seed", help="The seed of --random."),
    within: int | None = typer.Option(
        None, "--within", metavar="W", help="Print only the positions scored within W of even."
    ),
    count: int | None = typer.Option(
        None,
        "--count",
        metavar="N",
        help="Stop once N positions are printed.",
        callback=checked_count("--count"),
    ),
    from_ply: int | None = typer.Option(
        None,
        "--from-ply",
        metavar="N",
        help="Score every position of each game from its N-th stone on, and what each "
        "move lost by the brain's count.",
        callback=checked_count("--from-ply"),
    ),
    time_limit: float | None = typer.Option(
        None,
        "--time-limit",
        metavar="S",
        help=f"Seconds to think on a move, each position (default: {DEFAULT_THINK:g}, or 60 "
        "as a guard when nodes=N holds the brain).",
        callback=checked_seconds,
    ),
) -> None:
    """Score positions with another brain: one line each, the position and a comment.

    The output is an openings file for gomoku match --openings: each line
    is the position, then the brain's score for the side to move (its
    Eval; mates +/-2000) and its move. With --within, only the positions
    scored within W of even: balanced openings judged by, say, Rapfi.

    With --from-ply N each game is scored position by position from its N-th
    stone on (a lost game of a match, replayed against Rapfi's evaluation),
    and each move's line says what it lost for the side that played it: the
    score before it plus the score after it (the opponent's), and the move
    the brain had chosen instead.
    """
    from tansuo.budget import check_time_limit
    from tansuo.gomoku.io import format_position
    from tansuo.gomoku.match import (
        game_prefixes,
        judge_positions,
        random_openings,
        read_positions,
        split_spec,
    )

    if time_limit is None:
        # held to nodes, the brain's search ends on its budget: the turn time is a guard
        time_limit = 60.0 if split_spec(brain)[1] is not None else DEFAULT_THINK
    check_time_limit(time_limit)
    given = sum(x is not None and x != [] for x in (positions or None, file, random_count))
    if given != 1:
        raise InvalidInput("give positions, or --file FILE, or --random N (one of them)")
    if within is not None and within < 0:
        raise InvalidInput(f"--within must be >= 0, not {within}")
    if file is not None:
        if not file.is_file():
            raise InvalidInput(f"{file}: no such file")
        texts = read_positions(str(file))
    elif random_count is not None:
        source = random_openings(seed=seed)
        texts = [format_position(next(source)) for _ in range(random_count)]
    else:
        texts = [format_position(_position(text)) for text in positions]
    if from_ply is not None:
        texts = [prefix for text in texts for prefix in game_prefixes(text, from_ply)]
    name = Path(brain.split()[0]).name if brain.split() else brain
    printed = 0
    previous: Any = None

    def show(judgement: Any) -> bool:
        nonlocal printed, previous
        before, previous = previous, judgement
        score = judgement.score
        if within is not None and (score is None or abs(score) > within):
            return False
        shown = "no score" if score is None else f"{score:+d}"
        move = judgement.move or "no move"
        line = f"{judgement.position}  # {name} {shown}, {move}"
        words = judgement.position.split()
        if (
            from_ply is not None
            and before is not None
            and before.position.split() == words[:-1]
            and before.score is not None
            and score is not None
        ):
            # the move just played: the mover's score before it, less after it
            lost = before.score + score
            mover = "black" if len(words) % 2 == 1 else "white"
            change = f"lost {lost}" if lost >= 0 else f"gained {-lost}"
            line += f"; {mover}'s {words[-1]} {change} ({name} chose {before.move})"
        console.print(line, markup=False)
        printed += 1
        return count is not None and printed >= count

    judge_positions(brain, texts, move_time=time_limit, progress=show)


# ---------------------------------------------------------------------------
# book
# ---------------------------------------------------------------------------

book_app = typer.Typer(
    no_args_is_help=True, add_completion=False, rich_markup_mode=None, help="The opening book."
)
gomoku_app.add_typer(book_app, name="book")


@book_app.command("build")
def book_build_command(
    out: Path = typer.Option(..., "--out", metavar="FILE", help="Where to write the book."),
    stones: int = typer.Option(2, "--stones", help="Openings of up to this many stones."),
    time_limit: float = typer.Option(
        1.0, "--time-limit", metavar="S", help="Seconds each.", callback=checked_seconds
    ),
    extend: str | None = typer.Option(
        None, "--extend", metavar="FILE", help="Start from this book (entries kept)."
    ),
    openings: str | None = typer.Option(
        None,
        "--from",
        metavar="OPENINGS",
        help="Grow from these openings (a file, balanced or renju26) instead of --stones.",
    ),
    plies: int = typer.Option(2, "--plies", help="With --from: moves stored along each line."),
    force: bool = typer.Option(False, "--force", help="Overwrite --out if it exists."),
) -> None:
    """Grow a book: search every opening (centre first, stones within two) and store the reply.

    With --from, each given opening is followed along the engine's main line
    instead, --plies moves deep, every move searched for --time-limit seconds.
    """
    from tansuo.budget import check_time_limit
    from tansuo.cli._common import check_outputs
    from tansuo.gomoku.book import build_book, grow_book, read_book
    from tansuo.gomoku.match import BUNDLED_OPENINGS, read_openings

    check_time_limit(time_limit)
    if not 1 <= stones <= 4:
        raise InvalidInput(f"--stones must be 1..4, not {stones}")
    if not 1 <= plies <= 20:
        raise InvalidInput(f"--plies must be 1..20, not {plies}")
    if openings is not None and openings not in BUNDLED_OPENINGS and not Path(openings).is_file():
        raise InvalidInput(f"{openings}: no such openings file")
    check_outputs(out, force=force, inputs=(extend,) if extend else ())
    book = read_book(extend) if extend else None
    lines = read_openings(openings) if openings is not None else None
    with compiling(_warm_up, "the Gomoku kernels"):
        pass
    if lines is None:
        built = build_book(stones, time_limit=time_limit, book=book)
        how = f"tansuo gomoku book build --stones {stones} --time-limit {time_limit:g}"
    else:
        built = grow_book(lines, plies=plies, time_limit=time_limit, book=book)
        how = f"tansuo gomoku book build --from {openings} --plies {plies}"
        how += f" --time-limit {time_limit:g}"
    made = [f"made by: {how}"]
    if extend:
        # the history of the book grown on: its own "made by" lines first
        from tansuo.files import read_text

        earlier = [
            line[2:]
            for line in read_text(extend).splitlines()
            if line.startswith("# made by: ") or line.startswith("# then: ")
        ]
        how += f" --extend {Path(extend).name}"
        made = [*earlier, f"then: {how}"] if earlier else [f"made by: {how}"]
    out.write_text(built.format(made), encoding="utf-8")
    console.print(f"{plural(len(built), 'position')} written to {out}", markup=False)

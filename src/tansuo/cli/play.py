"""``tansuo analyse``: analyse a tic-tac-toe or Connect Four position with the game-tree engine.

It analyses one position, as ``tansuo gomoku analyse`` does (``gomoku play`` and
``xiangqi play`` are games against the engine); ``tansuo play``, its old name, is
kept as a hidden alias.
"""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console

from tansuo.cli._common import (
    EXIT_SOLVED,
    MOVE_TIME_LIMIT,
    console,
    emit_json,
    exit_code,
    json_option,
    max_nodes_option,
    time_limit_option,
)
from tansuo.errors import InvalidInput

DEFAULT_TIME_LIMIT = MOVE_TIME_LIMIT


def register(app: typer.Typer) -> None:
    app.command(
        "analyse",
        help=(
            "Analyse a position of a reference game (connect4, tictactoe) with "
            "iterative-deepening alpha-beta: best move, score, principal variation. "
            f"Without --depth or --max-nodes the search takes {DEFAULT_TIME_LIMIT:g} s "
            "at most."
        ),
    )(run)
    app.command("play", hidden=True)(run)  # the old name


def run(
    game: str = typer.Argument(..., metavar="GAME", help="connect4 or tictactoe."),
    moves: str = typer.Option(
        "", "--moves", "-m", help="Moves so far: 1-based columns (Connect Four) or cells 1-9."
    ),
    board: str | None = typer.Option(
        None, "--board", help="Tic-tac-toe board as 9 cells x/o/. row by row, e.g. 'x.. .o. ...'."
    ),
    width: int = typer.Option(7, "--width", help="Connect Four board width (1-9)."),
    height: int = typer.Option(6, "--height", help="Connect Four board height (1-9)."),
    depth: int | None = typer.Option(None, "--depth", "-d", help="Deepest iteration (plies)."),
    time_limit: float | None = time_limit_option(None, per="move"),
    max_nodes: int | None = max_nodes_option(),
    json_out: bool = json_option(),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No per-iteration lines."),
) -> None:
    """Search a position and print the best move.

    Exit 0 when a move was chosen (also when the time ended the search: the
    best move found is the answer), 1 when the game is over, 3 when a budget
    ended the search before any move was chosen.
    """
    from tansuo.adversarial import MAX_PLY, IterationInfo, format_score, search
    from tansuo.adversarial.games import load_position

    position = load_position(game, moves=moves, board=board, width=width, height=height)
    if depth is not None and not 1 <= depth <= MAX_PLY:
        raise InvalidInput(f"--depth must be between 1 and {MAX_PLY}, got {depth}")
    if time_limit is not None and not time_limit > 0:
        raise InvalidInput(f"--time-limit must be > 0 seconds, got {time_limit}")
    if max_nodes is not None and max_nodes < 1:
        raise InvalidInput(f"--max-nodes must be at least 1, got {max_nodes}")
    if depth is None and time_limit is None and max_nodes is None:
        time_limit = DEFAULT_TIME_LIMIT
    fmt = position.format_move

    def show_iteration(info: IterationInfo[Any]) -> None:
        pv = " ".join(fmt(m) for m in info.pv)
        console.print(
            f"depth {info.depth:2d}  score {format_score(info.score):>12}  "
            f"nodes {info.nodes:>9}  nodes/s {info.nodes_per_s:>9.0f}  pv {pv}"
        )

    if not json_out:
        console.print(str(position))
        console.print(f"{position.side_to_move} to move")
    result = search(
        position,
        depth=depth,
        time_limit=time_limit,
        max_nodes=max_nodes,
        on_iteration=None if json_out or quiet else show_iteration,
    )
    if json_out:
        out = result.as_dict(fmt)
        out.update(game=game, position=moves if board is None else board)
        emit_json(out)
    elif result.status == "no_solution" or result.move is None:
        console.print("the game is over: no move to search")
    else:
        stats = result.stats
        what = "proved" if result.exact else f"depth {result.depth}"
        console.print(
            f"best move {fmt(result.move)}  score {result.describe_score()} ({what}), "
            f"{stats.nodes} nodes in {stats.elapsed_s:.2f} s, "
            f"table hits {100 * stats.tt_hit_rate:.0f}%"
        )
        if result.status == "limit":
            console.print(
                f"searched until {stats.limit or 'a budget'}: the best move found by then"
            )
    # A move counts as chosen once an iteration finished (depth >= 1); before that the
    # move is only the first legal one, and the budget left no answer: exit 3.
    chosen = result.move is not None and (result.exact or result.depth >= 1)
    raise typer.Exit(EXIT_SOLVED if chosen else exit_code(result.status))


def demo(console: Console) -> None:
    """Solve tic-tac-toe and a Connect Four position; print what the search did."""
    from tansuo.adversarial import search
    from tansuo.adversarial.games import ConnectFour, TicTacToe

    solved = search(TicTacToe(), depth=9)
    console.print("[bold]adversarial[/bold]: game-tree search (negamax, alpha-beta, TT)")
    console.print(
        f"  tic-tac-toe solved: a draw with perfect play (score {solved.describe_score()}), "
        f"{solved.stats.nodes} nodes (plain minimax needs 549,946)"
    )
    game = ConnectFour.from_moves("4455")
    result = search(game, depth=7)
    pv = " ".join(game.format_move(m) for m in result.pv)
    best = "-" if result.move is None else game.format_move(result.move)
    console.print(
        f"  Connect Four after 4455: X plays {best}, "
        f"{result.describe_score()} plies (line {pv}), {result.stats.nodes} nodes"
    )

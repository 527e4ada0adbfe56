"""``tansuo play``: analyse a tic-tac-toe or Connect Four position with the game-tree engine."""

from __future__ import annotations

from enum import StrEnum

import typer

from tansuo.cli._common import console, emit_json, exit_code
from tansuo.errors import InvalidInput

DEFAULT_TIME_LIMIT = 10.0


class GameName(StrEnum):
    connect4 = "connect4"
    tictactoe = "tictactoe"


def register(app: typer.Typer) -> None:
    app.command(
        "play",
        help=(
            "Analyse a position of a reference game (tic-tac-toe, Connect Four) with "
            "iterative-deepening alpha-beta: best move, score, principal variation."
        ),
    )(run)


def build_position(
    game: str, moves: str, board: str | None, width: int, height: int
):  # -> Game; kept untyped to import the games lazily
    """The position named on the command line."""
    from tansuo.adversarial.games import ConnectFour, TicTacToe

    if game == GameName.tictactoe:
        if board is not None:
            if moves:
                raise InvalidInput("give either --moves or --board, not both")
            return TicTacToe.from_string(board)
        return TicTacToe.from_moves(moves)
    if board is not None:
        raise InvalidInput("--board is for tictactoe; give Connect Four positions with --moves")
    return ConnectFour.from_moves(moves, width=width, height=height)


def run(
    game: GameName = typer.Argument(..., help="connect4 or tictactoe."),
    moves: str = typer.Option(
        "", "--moves", "-m", help="Moves so far: 1-based columns (Connect Four) or cells 1-9."
    ),
    board: str | None = typer.Option(
        None, "--board", help="Tic-tac-toe board as 9 cells x/o/. row by row, e.g. 'x.. .o. ...'."
    ),
    width: int = typer.Option(7, "--width", help="Connect Four board width (1-9)."),
    height: int = typer.Option(6, "--height", help="Connect Four board height (1-9)."),
    depth: int | None = typer.Option(None, "--depth", "-d", help="Deepest iteration (plies)."),
    time_limit: float | None = typer.Option(
        None, "--time", "-t", help=f"Seconds (default {DEFAULT_TIME_LIMIT:g} without --depth)."
    ),
    nodes: int | None = typer.Option(None, "--nodes", help="Node budget."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No per-iteration lines."),
) -> None:
    """Search a position and print the best move (exit 0 solved, 3 budget ran out)."""
    from tansuo.adversarial import MAX_PLY, search

    position = build_position(game, moves, board, width, height)
    if depth is not None and not 1 <= depth <= MAX_PLY:
        raise InvalidInput(f"--depth must be between 1 and {MAX_PLY}, got {depth}")
    if time_limit is not None and not time_limit > 0:
        raise InvalidInput(f"--time must be > 0 seconds, got {time_limit}")
    if nodes is not None and nodes < 1:
        raise InvalidInput(f"--nodes must be at least 1, got {nodes}")
    if depth is None and time_limit is None and nodes is None:
        time_limit = DEFAULT_TIME_LIMIT
    fmt = position.format_move

    def show_iteration(info) -> None:
        from tansuo.adversarial import format_score

        pv = " ".join(fmt(m) for m in info.pv)
        console.print(
            f"depth {info.depth:2d}  score {format_score(info.score):>12}  "
            f"nodes {info.nodes:>9}  nps {info.nps:>9.0f}  pv {pv}"
        )

    if not json_out:
        console.print(str(position))
        console.print(f"{position.side_to_move} to move")
    result = search(
        position,
        depth=depth,
        time_limit=time_limit,
        nodes=nodes,
        on_iteration=None if json_out or quiet else show_iteration,
    )
    if json_out:
        out = result.as_dict(fmt)
        out.update(game=str(game), position=moves if board is None else board)
        emit_json(out)
    elif result.status == "no_solution":
        console.print("the game is over: no move to search")
    else:
        what = "proved" if result.exact else f"depth {result.depth}"
        console.print(
            f"best move {fmt(result.move)}  score {result.describe_score()} ({what}), "
            f"{result.nodes} nodes in {result.stats['elapsed_s']:.2f} s, "
            f"table hits {100 * result.tt_hit_rate:.0f}%"
        )
        if result.status == "limit":
            console.print(f"stopped by {result.stats.get('limit', 'a budget')}")
    raise typer.Exit(exit_code(result.status))


def demo(console) -> None:
    """Solve tic-tac-toe and a Connect Four position; print what the search did."""
    from tansuo.adversarial import search
    from tansuo.adversarial.games import ConnectFour, TicTacToe

    solved = search(TicTacToe(), depth=9)
    console.print("[bold]adversarial[/bold]: game-tree search (negamax, alpha-beta, TT)")
    console.print(
        f"  tic-tac-toe solved: a draw with perfect play (score {solved.describe_score()}), "
        f"{solved.nodes} nodes (plain minimax needs 549,946)"
    )
    game = ConnectFour.from_moves("4455")
    result = search(game, depth=7)
    pv = " ".join(game.format_move(m) for m in result.pv)
    console.print(
        f"  Connect Four after 4455: X plays {game.format_move(result.move)}, "
        f"{result.describe_score()} plies (line {pv}), {result.nodes} nodes"
    )

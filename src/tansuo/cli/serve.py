"""``tansuo serve``: the local web page (one tab per domain) under uvicorn."""

from __future__ import annotations

import socket
import threading
import webbrowser
from typing import Any

import typer

from tansuo.cli._common import console
from tansuo.errors import InvalidInput


def register(app: typer.Typer) -> None:
    app.command(
        "serve",
        help=(
            "Serve a web page that shows the solvers at work, one tab each: Grid (search "
            "step by step), Sudoku, N-Queens, Sliding puzzle, Sokoban, and Connect Four, "
            "Gomoku and Xiangqi against the engine. Bound to 127.0.0.1 unless --host says "
            "otherwise; Ctrl-C stops it."
        ),
    )(run)


def run(
    port: int = typer.Option(8000, "--port", help="TCP port (0: any free port)."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    open_browser: bool = typer.Option(False, "--open", help="Open the page in a browser."),
    time_limit: float = typer.Option(
        10.0, "--time-limit", metavar="S", help="Longest any one search may run (seconds)."
    ),
) -> None:
    """Serve the page until interrupted (exit 130 on Ctrl-C)."""
    import uvicorn

    from tansuo.web import Limits, create_app
    from tansuo.web.app import stop_searches

    if not 0 <= port <= 65535:
        raise InvalidInput(f"--port must be between 0 and 65535, got {port}")
    from tansuo.budget import check_time_limit

    if not check_time_limit(time_limit, "--time-limit"):  # finite (1e309 is inf) and > 0
        raise InvalidInput(f"--time-limit must be > 0 seconds, got {time_limit}")
    listener = _bind(host, port)
    bound_port = listener.getsockname()[1]
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{bound_port}/"
    app = create_app(Limits(time_limit=time_limit))
    threading.Thread(target=_warm_up, name="tansuo-warm-up", daemon=True).start()
    console.print(f"tansuo serve: {url}  (Ctrl-C stops it)")
    if open_browser:
        webbrowser.open(url)

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            # Ctrl-C: the engines stop thinking at once, so the answers under way end
            # and the shutdown does not wait for their time per move.
            stop_searches(app)
            super().handle_exit(sig, frame)

    config = uvicorn.Config(app, log_level="warning", lifespan="off")
    Server(config).run(sockets=[listener])


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket, or one line saying why there is none."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise InvalidInput(f"--host {host!r}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
    except OSError as exc:
        listener.close()
        raise InvalidInput(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    listener.listen(128)
    return listener


def _warm_up() -> None:
    """Compile (or load from the cache) the kernels while the page loads."""
    from tansuo.grid import warm_up as grid_warm_up
    from tansuo.queens import warm_up as queens_warm_up
    from tansuo.sudoku.solve import warm_up as sudoku_warm_up
    from tansuo.xiangqi import warm_up as xiangqi_warm_up

    for warm_up in (grid_warm_up, sudoku_warm_up, queens_warm_up, xiangqi_warm_up):
        warm_up()

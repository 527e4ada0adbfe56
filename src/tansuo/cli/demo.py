"""``tansuo demo``: a short tour that really solves one instance of every domain."""

from __future__ import annotations

import time

import typer

from tansuo.cli._common import console


def register(app: typer.Typer) -> None:
    app.command(
        "demo", help="A short tour: solve one instance of every domain, show what happened."
    )(run_demo)


def run_demo() -> None:
    """Solve one instance of every domain tansuo has and print what it did."""
    from tansuo.cli import command_modules

    console.print("[bold]探索 tansuo[/bold] — a tour of what it solves\n")
    for module in command_modules():
        demo = getattr(module, "demo", None)
        if demo is None:
            continue
        start = time.perf_counter()
        demo(console)
        console.print(f"[dim]  ({time.perf_counter() - start:.2f} s)[/dim]\n")

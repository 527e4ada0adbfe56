"""``tansuo batch``: solve a whole collection of any domain that has a batch mode."""

from __future__ import annotations

from pathlib import Path

import typer

from tansuo.cli._batch import (
    check_batch_flags,
    ray_option,
    resume_option,
    run_batch_command,
    workers_option,
)
from tansuo.cli._common import console, force_option, json_option, out_option
from tansuo.errors import InvalidInput


def register(app: typer.Typer) -> None:
    app.command(
        "batch",
        help=(
            "Solve every instance of a collection: in this process, in --workers local "
            "processes, or on Ray (--ray). Results stream as JSON Lines in input order."
        ),
    )(run)


def _parse_settings(settings: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in settings:
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise InvalidInput(f"--set {item!r}: expected KEY=VALUE, such as max_solutions=2")
        options[key.strip().replace("-", "_")] = value.strip()
    return options


def run(
    domain: str | None = typer.Argument(None, help="The domain (see --list)."),
    source: str | None = typer.Argument(
        None, help="The collection: a file (or - for stdin), or what the domain accepts."
    ),
    settings: list[str] = typer.Option(
        [], "--set", metavar="KEY=VALUE", help="A solve option of the domain (repeatable)."
    ),
    workers: int = workers_option(),
    ray: str | None = ray_option(),
    out: Path | None = out_option(),
    resume: bool = resume_option(),
    json_out: bool = json_option(),
    force: bool = force_option(),
    list_domains: bool = typer.Option(False, "--list", help="List the domains and their options."),
) -> None:
    """Solve a collection of one domain and summarise."""
    from tansuo.batch import batch_domain, domain_names

    if list_domains:
        for name in domain_names():
            adapter = batch_domain(name)
            listed = ", ".join(
                f"{key}={adapter.defaults.get(key, '')}" if key in adapter.defaults else key
                for key in sorted(adapter.converters)
            )
            console.print(f"{name:10} {adapter.summary}", markup=False)
            console.print(f"{'':10} SOURCE: {adapter.source_help}; options: {listed}", markup=False)
        return
    if domain is None or source is None:
        raise InvalidInput("give a DOMAIN and a SOURCE (tansuo batch --list names the domains)")
    adapter = batch_domain(domain)
    options = adapter.check_options(_parse_settings(settings))
    check_batch_flags(
        workers=workers, ray=ray, out=out, resume=resume, force=force, inputs=(source,)
    )
    total = None if source == "-" else sum(1 for _ in adapter.read(source))
    code = run_batch_command(
        adapter.name,
        adapter.read(source),
        options,
        total=total,
        workers=workers,
        ray=ray,
        out=out,
        resume=resume,
        json_out=json_out,
        warm_up=adapter.warm_up,
        source=source,
    )
    raise typer.Exit(code)

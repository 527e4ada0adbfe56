"""Shared fixtures: run the command line in-process and capture what it prints."""

from __future__ import annotations

import os
from dataclasses import dataclass

import pytest

from tansuo.cli import main
from tansuo.cli._compile import PLAIN_TYPING_ERRORS

# before numba is imported: kernels compile with less CPU (see tansuo.cli._compile)
os.environ.setdefault(PLAIN_TYPING_ERRORS, "1")


@dataclass
class CliRun:
    code: int
    out: str
    err: str


@pytest.fixture
def run_cli(capsys):
    """``run_cli("graph", "file.txt", "--from", "S")`` -> CliRun(code, out, err)."""

    def run(*args: str) -> CliRun:
        capsys.readouterr()
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return CliRun(code, captured.out, captured.err)

    return run


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory):
    """Tables a test builds (sliding-tile pattern databases) go to a temporary cache."""
    if "TANSUO_CACHE" in os.environ:
        yield
        return
    os.environ["TANSUO_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
    del os.environ["TANSUO_CACHE"]


@pytest.fixture(autouse=True, scope="session")
def _kernels_compiled():
    """Compile every domain's kernels first, on both cores, as `tansuo warm-up` does.

    On a cold numba cache (a fresh clone) a command's first run also prints its
    compile progress on stderr; the tests that hold a command to one line of
    error then read what a user reads once the kernels are built, whichever test
    happens to run first.
    """
    import importlib

    from tansuo.cli.demo import DOMAINS, cold_domains, warm_up_domains

    cold = cold_domains(list(DOMAINS))
    if cold:
        failures = warm_up_domains(cold)
        assert not failures, failures
    # and in this process too (loaded from the cache just written): the modules
    # collection imported made their dispatchers before the cache existed
    for _label, package in DOMAINS.values():
        importlib.import_module(package).warm_up()
    yield

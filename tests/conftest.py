"""Shared fixtures: run the command line in-process and capture what it prints."""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass

import pytest

from tansuo.cli import main
from tansuo.cli._compile import PLAIN_TYPING_ERRORS

# before numba is imported: kernels compile with less CPU (see tansuo.cli._compile)
os.environ.setdefault(PLAIN_TYPING_ERRORS, "1")

WARM_UP_WINDOW = "TANSUO_TEST_WARM_UP_WINDOW"
"""Environment variable: "start end" (Unix seconds) of this session's warm-up, if it compiled
anything; test_compile_specialisations counts the versions numba's cache got in it."""


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


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (pyproject's addopts): one worker a core for the whole suite, none for a part.

    The whole suite (``pytest`` without paths, as CI runs it) spreads its files
    over the cores; a run of chosen files or tests (a developer's ``pytest
    tests/test_x.py -k ...``) stays in one process, as it starts faster.
    """
    if config.args_source != pytest.Config.ArgsSource.TESTPATHS:
        return 0
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # (not on every system)
        return os.cpu_count() or 1


@contextlib.contextmanager
def _one_worker_at_a_time(tmp_path_factory):
    """Under pytest-xdist the workers take turns: the first warms the cache, the rest load it.

    Yields the file that holds when this session's warm-up ran (if it did).
    """
    if "PYTEST_XDIST_WORKER" not in os.environ:
        yield tmp_path_factory.getbasetemp() / "warm-up-window"
        return
    import fcntl

    # the workers' temporary folders share this parent (one per session)
    shared = tmp_path_factory.getbasetemp().parent
    with open(shared / "warm-up.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield shared / "warm-up-window"
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(autouse=True, scope="session")
def _kernels_compiled(tmp_path_factory):
    """Compile every domain's kernels first, on both cores, as `tansuo warm-up` does.

    On a cold numba cache (a fresh clone) a command's first run also prints its
    compile progress on stderr; the tests that hold a command to one line of
    error then read what a user reads once the kernels are built, whichever test
    happens to run first. Under pytest-xdist one worker compiles (in processes
    of its own, one a core) while the others wait for it.
    """
    import importlib

    from tansuo.cli.demo import DOMAINS, cold_domains, warm_up_domains

    with _one_worker_at_a_time(tmp_path_factory) as window:
        cold = cold_domains(list(DOMAINS))
        if cold:
            started = time.time()
            failures = warm_up_domains(cold)
            assert not failures, failures
            window.write_text(f"{started} {time.time()}")
        if window.exists():  # (written by this process or another worker of this session)
            os.environ[WARM_UP_WINDOW] = window.read_text()
    # and in this process too (loaded from the cache just written): the modules
    # collection imported made their dispatchers before the cache existed
    for _label, package in DOMAINS.values():
        importlib.import_module(package).warm_up()
    yield

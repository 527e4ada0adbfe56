import time

import pytest

from tansuo import __version__
from tansuo.errors import InvalidInput


def test_version(run_cli):
    r = run_cli("--version")
    assert r.code == 0
    assert __version__ in r.out


def test_help_lists_commands(run_cli):
    r = run_cli("--help")
    assert r.code == 0
    for command in ("bench", "demo"):
        assert command in r.out


def test_unknown_command_is_usage_error(run_cli):
    r = run_cli("no-such-command")
    assert r.code == 2
    assert "Traceback" not in r.err


def test_unknown_bench_domain_is_one_line_error(run_cli):
    r = run_cli("bench", "no-such-domain")
    assert r.code == 2
    assert r.err.count("\n") == 1
    assert "no-such-domain" in r.err


def test_python_dash_m_entry_point():
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "tansuo", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert done.stdout.startswith("tansuo ")


@pytest.mark.parametrize(
    ("exc", "code", "text"),
    [
        (KeyboardInterrupt(), 130, "interrupted"),
        (InvalidInput("bad thing", line=3, column=7, source="x.txt"), 2, "x.txt, line 3, column 7"),
        (FileNotFoundError(2, "No such file or directory", "missing.txt"), 2, "missing.txt"),
    ],
)
def test_exceptions_become_exit_codes(monkeypatch, capsys, exc, code, text):
    import tansuo.cli as cli

    def explode(*args, **kwargs):
        raise exc

    monkeypatch.setattr(cli, "app", explode)
    assert cli.main(["anything"]) == code
    err = capsys.readouterr().err
    assert text in err
    assert len(err.strip().splitlines()) == 1


def test_check_output(tmp_path):
    from tansuo.cli._common import check_output

    given = tmp_path / "in.txt"
    given.write_text("x")
    with pytest.raises(InvalidInput, match="input"):
        check_output(given, force=True, inputs=(given,))
    with pytest.raises(InvalidInput, match="--force"):
        check_output(given)
    assert check_output(tmp_path / "new.png") == tmp_path / "new.png"


def test_time_calls_repeats_quick_calls_and_keeps_first_results():
    from tansuo.bench import time_calls

    calls: list[int] = []

    def work(x: int) -> int:
        calls.append(x)
        return x * 2

    times, results = time_calls(work, [1, 2], min_time=1e-3)
    assert results == [2, 4]  # one result per instance, however often it ran
    assert calls.count(1) > 1 and calls.count(2) > 1
    assert all(0 < t < 1e-3 for t in times)  # the mean of many quick calls

    slow_calls: list[int] = []

    def slow(x: int) -> int:
        slow_calls.append(x)
        time.sleep(2e-3)
        return x

    times, _ = time_calls(slow, [1], min_time=1e-3)
    assert slow_calls == [1] and times[0] >= 2e-3  # slower than min_time: timed once

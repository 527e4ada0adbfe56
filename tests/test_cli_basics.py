from tansuo import __version__


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

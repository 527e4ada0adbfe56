"""``tansuo serve``: prints its address, answers, and stops on Ctrl-C with exit 130."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import httpx

SRC = str(Path(__file__).resolve().parents[1] / "src")


def test_serve_answers_and_stops_cleanly_on_ctrl_c():
    env = {**os.environ, "PYTHONPATH": SRC}
    # Ctrl-C as in a terminal: the child gets SIGINT's default disposition. When the test
    # run itself was started in the background by a non-interactive shell (`pytest &`),
    # SIGINT is ignored in pytest, a child inherits SIG_IGN and, as a background job
    # should, ignores Ctrl-C
    server = subprocess.Popen(
        [sys.executable, "-m", "tansuo", "serve", "--port", "0", "--time-limit", "30"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    lines: list[str] = []
    try:
        line = server.stdout.readline()
        assert line.startswith("tansuo serve: http://127.0.0.1:"), line
        url = line.split()[2]
        with urllib.request.urlopen(url + "api/limits", timeout=10) as answer:
            assert json.load(answer)["time_limit"] == 30.0
        with urllib.request.urlopen(url, timeout=10) as page:
            assert b"tansuo" in page.read()

        def think() -> None:  # the engine is asked to think for 30 s
            body = {"moves": "", "time_limit": 30, "stream": True}
            with httpx.stream("POST", url + "api/play/connect4", json=body, timeout=60) as reply:
                lines.extend(reply.iter_lines())

        client = threading.Thread(target=think)
        client.start()
        time.sleep(1.5)
    finally:
        stopped_at = time.monotonic()
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=60)
    client.join(timeout=10)
    assert server.returncode == 130
    assert "Traceback" not in out + err and "ERROR" not in err
    assert time.monotonic() - stopped_at < 10  # Ctrl-C stopped the engine, not waited 30 s
    assert json.loads(lines[-1])["type"] == "result"  # the reply under way still ended well


def test_a_port_in_use_is_one_line_and_exit_2(run_cli):
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        result = run_cli("serve", "--port", str(taken.getsockname()[1]))
    finally:
        taken.close()
    assert result.code == 2
    assert result.err.strip().startswith("tansuo: error: cannot listen on 127.0.0.1:")
    assert len(result.err.strip().splitlines()) == 1


def test_serve_help_names_every_tab():
    from typer.testing import CliRunner

    from tansuo.cli import app
    from tansuo.web.app import tab_modules

    shown = CliRunner().invoke(app, ["serve", "--help"], terminal_width=200).output
    words = " ".join(shown.split())  # the help is wrapped
    for module in tab_modules():
        assert module.TAB.title in words, module.TAB.title

"""The server under uvicorn: searches off the event loop; a client gone away stops its search."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
import uvicorn

from tansuo.web import Limits, create_app
from tansuo.web.api import Call
from tansuo.web.tabs import connect4, xiangqi


@pytest.fixture(scope="module")
def one_worker() -> Iterator[str]:
    """A server that runs one search at a time, each up to 30 s."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    app = create_app(Limits(time_limit=30.0, concurrent_searches=1))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    server.should_exit = True
    thread.join(timeout=5)


def test_a_client_that_goes_away_frees_the_worker(one_worker):
    with httpx.Client(base_url=one_worker, timeout=10) as client:
        body = {"moves": "4", "time_limit": 30, "stream": True}
        with client.stream("POST", "/api/play/connect4", json=body) as answer:
            first = next(answer.iter_lines())
            assert '"type":"info"' in first  # the 30-second search is under way
        # the stream was closed: the only worker must be free again well before 30 s
        started = time.monotonic()
        reply = client.post("/api/queens", json={"n": 6})
        assert reply.status_code == 200 and reply.json()["count"] == 4
        assert time.monotonic() - started < 5


def test_the_event_loop_answers_while_a_search_runs(one_worker):
    with httpx.Client(base_url=one_worker, timeout=10) as client:
        done = threading.Event()

        def search() -> None:
            client.post("/api/play/connect4", json={"moves": "", "time_limit": 1.5})
            done.set()

        threading.Thread(target=search).start()
        time.sleep(0.3)
        started = time.monotonic()
        assert client.get("/api/tabs").status_code == 200  # no search: answered at once
        assert time.monotonic() - started < 0.5
        assert not done.is_set()
        done.wait(10)


@pytest.mark.parametrize("adapter", [connect4, xiangqi])
def test_the_engines_stop_when_cancelled(adapter):
    call = Call(
        body={"moves": [] if adapter is xiangqi else "", "time_limit": 20},
        limits=Limits(time_limit=20),
    )
    threading.Timer(0.3, call.cancelled.set).start()
    started = time.monotonic()
    answer = adapter.play(call)
    assert time.monotonic() - started < 3
    assert answer["status"] == "limit" and answer["move"] is not None


def test_a_cancelled_count_frees_the_worker(one_worker):
    # counting the solutions of an empty 9x9 Sudoku never ends: a client that gives up stops it
    with httpx.Client(base_url=one_worker, timeout=10) as client:
        with pytest.raises(httpx.ReadTimeout):
            body = {"puzzle": "." * 81, "count": True, "time_limit": 30}
            client.post("/api/sudoku/solve", json=body, timeout=0.5)
        started = time.monotonic()
        reply = client.post("/api/sudoku/solve", json={"puzzle": "1234341221434321"})
        assert reply.status_code == 200 and reply.json()["status"] == "solved"
        assert time.monotonic() - started < 3


@pytest.mark.parametrize("megabytes", [3, 5, 20])
def test_every_oversized_body_gets_its_413(one_worker, megabytes):
    body = b'{"puzzle": "' + b"." * (megabytes << 20) + b'"}'
    reply = httpx.post(
        f"{one_worker}/api/sudoku/solve",
        content=body,
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert reply.status_code == 413
    assert reply.json()["error"].startswith(f"request body of {len(body)} bytes is over the limit")

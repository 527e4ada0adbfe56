"""The ASGI app behind ``tansuo serve``: the JSON API of the tabs and the static page.

Each request's search runs in a worker thread (at most
``Limits.concurrent_searches`` at once), never on the event loop, under the
server's time limit. A client that goes away (the page's Cancel button aborts
its request) sets its call's ``cancelled`` event: the game engines stop on it
at once, every other search at its budget's next look at the clock
(:func:`tansuo.budget.stop_when`).
Errors are one line of JSON, ``{"error": "..."}``: 400 for a body that is not
JSON, 413 for one over a size limit, 415 for a POST not marked as JSON, 422 for
input a person must fix; never a traceback.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import pkgutil
import queue
import threading
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tansuo import __version__
from tansuo.budget import stop_when
from tansuo.errors import InvalidInput
from tansuo.result import jsonable
from tansuo.web import tabs
from tansuo.web.api import Call, Endpoint, Tab
from tansuo.web.limits import Limits, TooLarge

STATIC = Path(__file__).parent / "static"
POLL_S = 0.05
"""How often a waiting request looks whether its client is still there."""

log = logging.getLogger("tansuo.web")


class BadRequest(Exception):
    """A request body that is not a JSON object (HTTP 400)."""


def tab_modules() -> list[ModuleType]:
    """The adapter modules of :mod:`tansuo.web.tabs`, in their tabs' order."""
    modules = [
        importlib.import_module(f"{tabs.__name__}.{info.name}")
        for info in pkgutil.iter_modules(tabs.__path__)
        if not info.name.startswith("_")
    ]
    return sorted(modules, key=lambda m: (m.TAB.order, m.TAB.id))


def create_app(limits: Limits | None = None) -> Starlette:
    """The web app: the page at ``/``, its files under ``/static``, the API under ``/api``.

    Examples
    --------
    >>> from starlette.testclient import TestClient
    >>> with TestClient(create_app()) as client:
    ...     client.post("/api/queens", json={"n": 6}).json()["count"]
    4
    """
    limits = limits or Limits()
    executor = ThreadPoolExecutor(limits.concurrent_searches, thread_name_prefix="tansuo-search")
    modules = tab_modules()
    tab_list: list[Tab] = [m.TAB for m in modules]
    routes: list[Route | Mount] = [
        Route("/", _index, methods=["GET"]),
        Route("/api/tabs", _constant({"tabs": [_tab_dict(t) for t in tab_list]})),
        Route(
            "/api/limits",
            _constant(
                {"version": __version__, **{k: getattr(limits, k) for k in limits.__slots__}}
            ),
        ),
    ]
    running: set[threading.Event] = set()  # the cancel events of the searches under way
    for module in modules:
        endpoint: Endpoint
        for endpoint in module.ENDPOINTS:
            routes.append(
                Route(
                    endpoint.path,
                    _endpoint(endpoint, limits, executor, running),
                    methods=[endpoint.method],
                )
            )
    routes.append(Mount("/static", StaticFiles(directory=STATIC), name="static"))
    app = Starlette(
        routes=routes,
        exception_handlers={
            HTTPException: _http_error,
            Exception: _internal_error,
        },
        lifespan=None,
    )
    app.state.limits = limits
    app.state.executor = executor
    app.state.running = running
    return app


def stop_searches(app: Starlette) -> None:
    """Ask every search under way to stop (the server is shutting down).

    The game engines stop at once; the other searches end at their time limit.
    """
    for cancelled in list(app.state.running):
        cancelled.set()


def _tab_dict(tab: Tab) -> dict[str, Any]:
    return {"id": tab.id, "title": tab.title}


async def _index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


def _constant(payload: dict[str, Any]) -> Callable[[Request], Any]:
    async def answer(request: Request) -> Response:
        return JSONResponse(payload)

    return answer


def error(status: int, message: str) -> JSONResponse:
    """The one shape of every error answer: ``{"error": message}``."""
    return JSONResponse({"error": message}, status_code=status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: "no such page or endpoint", 405: "method not allowed here"}
    return error(exc.status_code, messages.get(exc.status_code, str(exc.detail)))


async def _internal_error(request: Request, exc: Exception) -> Response:
    log.exception("internal error on %s", request.url.path)
    return error(500, f"internal error ({type(exc).__name__}); the server log has the details")


DRAIN_BYTES = 64 << 20
"""Bytes of an oversized body read (and dropped) before its 413 is sent.

A server that answers before the client has sent its body, then closes, resets
the connection: the client sees a network error, never the message. So an
oversized body is read to its end (up to this much) and then refused."""


async def read_body(request: Request, limit: int) -> dict[str, Any]:
    """The request's JSON object, kept at most ``limit`` bytes far.

    Raises :class:`TooLarge` past the limit (after reading the rest of the body,
    so that the client gets the answer) and :class:`BadRequest` for a body that
    is not a JSON object.
    """
    declared = request.headers.get("content-length")
    too_large: str | None = None
    if declared is not None and declared.isdecimal() and int(declared) > limit:
        too_large = f"request body of {int(declared)} bytes is over the limit of {limit}"
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if too_large is None and size > limit:
            too_large = f"request body is over the limit of {limit} bytes"
        if too_large is None:
            chunks.append(chunk)
        elif size > DRAIN_BYTES:
            break  # far too large to read to its end: refuse it now
    if too_large is not None:
        raise TooLarge(too_large)
    raw = b"".join(chunks)
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise BadRequest(f"the request body is not valid JSON ({_json_reason(exc)})") from None
    if not isinstance(body, dict):
        raise BadRequest("the request body must be a JSON object")
    return body


def _json_reason(exc: BaseException) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"{exc.msg} at line {exc.lineno}, column {exc.colno}"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return str(exc).split("\n")[0] or type(exc).__name__


def _endpoint(
    endpoint: Endpoint, limits: Limits, executor: ThreadPoolExecutor, running: set[threading.Event]
) -> Callable[[Request], Any]:
    async def answer(request: Request) -> Response:
        if request.method == "POST" and not _is_json(request.headers.get("content-type", "")):
            # Also keeps other web sites out: a page elsewhere can send a form or plain
            # text to this server without asking, but not JSON (the browser asks first).
            return error(415, "send the request body as JSON (Content-Type: application/json)")
        try:
            body = (
                await read_body(request, limits.max_body_bytes) if request.method == "POST" else {}
            )
        except TooLarge as exc:
            return error(413, str(exc))
        except BadRequest as exc:
            return error(400, str(exc))
        call = Call(body=body, limits=limits, params=dict(request.path_params))
        stream = endpoint.stream and body.get("stream") is True
        if stream:
            return _streamed(endpoint, call, executor, running)
        future = executor.submit(_guarded, endpoint, call)
        waiter = asyncio.wrap_future(future)
        running.add(call.cancelled)
        try:
            while not future.done():
                await asyncio.wait([waiter], timeout=POLL_S)
                if not future.done() and await request.is_disconnected():
                    call.cancelled.set()
        finally:
            running.discard(call.cancelled)
            if not future.done():
                call.cancelled.set()  # the request itself was cancelled
        return _answer(await waiter)

    return answer


def _is_json(content_type: str) -> bool:
    return content_type.split(";")[0].strip().lower() == "application/json"


def _guarded(endpoint: Endpoint, call: Call) -> tuple[int, dict[str, Any]]:
    """Run a handler in a worker thread: (HTTP status, JSON-ready payload)."""
    if call.cancelled.is_set():
        return 499, {"error": "the client went away"}
    try:
        with stop_when(call.cancelled.is_set):  # every budget in the search polls it
            return 200, endpoint.handler(call)
    except TooLarge as exc:
        return 413, {"error": str(exc)}
    except InvalidInput as exc:
        return 422, {"error": str(exc)}
    except MemoryError:
        return 413, {"error": "out of memory: ask for a smaller search"}
    except Exception as exc:  # a bug: logged with its traceback, answered in one line
        log.exception("error in %s", endpoint.path)
        return 500, {"error": f"internal error ({type(exc).__name__}); the server log has it"}


def _answer(outcome: tuple[int, dict[str, Any]]) -> Response:
    status, payload = outcome
    return Response(to_json(payload), status_code=status, media_type="application/json")


def to_json(payload: dict[str, Any]) -> bytes:
    """``payload`` as compact JSON: numpy values plain, infinities and NaN as null.

    One pass of the C encoder for the usual answer; only one holding an
    infinity (or an odd type) goes through :func:`tansuo.result.jsonable` first.
    """
    try:
        text = json.dumps(payload, allow_nan=False, separators=(",", ":"), default=_plain)
    except (ValueError, TypeError):
        text = json.dumps(jsonable(payload), separators=(",", ":"))
    return text.encode()


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return dict(value)
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(type(value).__name__)


def _streamed(
    endpoint: Endpoint, call: Call, executor: ThreadPoolExecutor, running: set[threading.Event]
) -> Response:
    """Progress lines while the search runs, then the result, as JSON Lines.

    Each line is an object with ``"type"``: ``"info"`` (progress), ``"result"``
    (the answer) or ``"error"`` (with ``"status"`` and ``"error"``, as the
    unstreamed answer's status and body would be).
    """
    lines: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
    call.emit = lambda line: lines.put({"type": "info", **line})

    def drain() -> list[dict[str, Any]]:
        out = []
        while True:
            try:
                out.append(lines.get_nowait())
            except queue.Empty:
                return out

    async def body() -> AsyncIterator[bytes]:
        future: Future[tuple[int, dict[str, Any]]] = executor.submit(_guarded, endpoint, call)
        waiter = asyncio.wrap_future(future)
        running.add(call.cancelled)
        try:
            while not future.done():
                await asyncio.wait([waiter], timeout=POLL_S)
                for line in drain():
                    yield _line(line)
            for line in drain():
                yield _line(line)
            status, payload = await waiter
            if status == 200:
                yield _line({"type": "result", **payload})
            else:
                yield _line({"type": "error", "status": status, **payload})
        finally:
            running.discard(call.cancelled)
            call.cancelled.set()  # done, or the client went away mid-stream: stop searching

    return StreamingResponse(body(), media_type="application/x-ndjson")


def _line(obj: dict[str, Any]) -> bytes:
    return to_json(obj) + b"\n"

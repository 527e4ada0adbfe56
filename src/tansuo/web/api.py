"""What the tab adapters build on: the request a handler reads, the endpoints it declares.

A tab is one adapter module in :mod:`tansuo.web.tabs` (the calls into its
domain library, nothing else) and one JavaScript module in
``static/tabs/<id>.js``. The adapter declares

``TAB``
    a :class:`Tab` (its id, the title on the page, its place among the tabs);
``ENDPOINTS``
    a tuple of :class:`Endpoint`: method, path and a handler that takes a
    :class:`Call` and returns a JSON-ready dict. A handler runs in a worker
    thread, never on the event loop, so it may search as long as its limits allow.

Handlers raise :class:`~tansuo.errors.InvalidInput` for input a person must fix
(HTTP 422) and :class:`~tansuo.web.limits.TooLarge` for input over a server
limit (HTTP 413); the message is the one line the command line would print.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tansuo.budget import check_number
from tansuo.errors import InvalidInput
from tansuo.web.limits import Limits

Emit = Callable[[dict[str, Any]], None]
"""Sends one progress line (a dict) to a client that asked for a stream."""

Handler = Callable[["Call"], dict[str, Any]]

_REQUIRED: Any = object()


@dataclass(frozen=True, slots=True)
class Tab:
    """A tab of the page: ``id`` names its JavaScript module ``static/tabs/<id>.js``."""

    id: str
    title: str
    order: int


@dataclass(frozen=True, slots=True)
class Endpoint:
    """One API route. ``stream``: the handler may call :attr:`Call.emit` with progress
    lines, which a client that sends ``"stream": true`` receives as JSON Lines."""

    method: str
    path: str
    handler: Handler
    stream: bool = False


@dataclass(slots=True)
class Call:
    """One request, as a handler sees it.

    Attributes
    ----------
    body : dict
        The JSON object sent (empty for GET).
    params : dict
        The path's parameters (``/api/grid/maps/{name}``).
    limits : Limits
        The server's limits.
    cancelled : threading.Event
        Set when the client went away: a search polls it and stops.
    emit : callable
        Sends a progress line on a streamed answer (does nothing otherwise).
    """

    body: Mapping[str, Any]
    limits: Limits
    params: Mapping[str, str] = field(default_factory=dict)
    cancelled: threading.Event = field(default_factory=threading.Event)
    emit: Emit = field(default=lambda line: None)

    def _get(self, name: str, default: Any) -> Any:
        if name in self.body and self.body[name] is not None:
            return self.body[name]
        if default is _REQUIRED:
            raise InvalidInput(f"missing field {name!r}")
        return default

    def text(self, name: str, default: Any = _REQUIRED) -> Any:
        """A string field."""
        value = self._get(name, default)
        if value is not default and not isinstance(value, str):
            raise InvalidInput(f"{name} must be a string, got {_shown(value)}")
        return value

    def integer(self, name: str, default: Any = _REQUIRED) -> Any:
        """A whole-number field within int64 (``true`` is not a number; see ``check_number``)."""
        value = self._get(name, default)
        if value is not default:
            check_number(value, name, whole=True, low=None)  # the one validator of numbers
        return value

    def number(self, name: str, default: Any = _REQUIRED) -> Any:
        """A finite number field (``10**309`` is no number a float can hold: refused, not a 500)."""
        value = self._get(name, default)
        if value is not default:
            check_number(value, name, low=None)
        return value

    def flag(self, name: str, default: bool = False) -> bool:
        """A true/false field."""
        value = self._get(name, default)
        if not isinstance(value, bool):
            raise InvalidInput(f"{name} must be true or false, got {_shown(value)}")
        return value

    def strings(self, name: str, default: Any = _REQUIRED) -> Any:
        """A list of strings."""
        value = self._get(name, default)
        if value is not default and not (
            isinstance(value, list) and all(isinstance(v, str) for v in value)
        ):
            raise InvalidInput(f"{name} must be a list of strings")
        return value

    def integers(self, name: str, default: Any = _REQUIRED) -> Any:
        """A list of whole numbers."""
        value = self._get(name, default)
        if value is not default and not (
            isinstance(value, list)
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise InvalidInput(f"{name} must be a list of whole numbers")
        return value

    def point(self, name: str) -> tuple[int, int]:
        """An ``[x, y]`` field."""
        value = self._get(name, _REQUIRED)
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise InvalidInput(f"{name} must be a pair of whole numbers [x, y]")
        return (value[0], value[1])

    def choice(self, name: str, choices: tuple[str, ...], default: Any = _REQUIRED) -> Any:
        """A string field that must be one of ``choices``."""
        value = self.text(name, default)
        if value is not default and value not in choices:
            raise InvalidInput(f"unknown {name} {value!r}; choose one of: {', '.join(choices)}")
        return value


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."

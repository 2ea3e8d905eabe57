"""Every message the server sends in the tests, checked against the shipped JSON Schemas of
:mod:`lowball.wire` (issue 29): :func:`check_message` for a WebSocket frame (one
``ServerMessage``, or with ``batch`` a JSON array of them), :func:`check_http` for an HTTP
answer by its route. The server tests' clients call these on everything they receive."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import jsonschema

from lowball import wire

CHECKED = {"messages": 0, "http": 0}  # how many were checked (a test can tell the hook ran)


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(wire.schema(name))


def check(name: str, value: Any) -> None:
    """``value`` (JSON-ready data) is valid by the schema ``name``, else AssertionError naming
    the first fault."""
    error = jsonschema.exceptions.best_match(validator(name).iter_errors(value))
    assert error is None, f"{name}: {error.message} at {list(error.absolute_path)}: {json.dumps(value)[:400]}"


def check_message(msg: Any) -> None:
    """One WebSocket frame of the server (parsed): a ServerMessage, or a JSON array of them."""
    for one in msg if isinstance(msg, list) else (msg,):
        check("ServerMessage", one)
        form = wire.decode(json.dumps(one), wire.ServerMessage)  # and lowball.wire reads it back as it was
        assert json.loads(wire.encode(form)) == one, one
        CHECKED["messages"] += 1


def schema_of_route(method: str, path: str, status: int) -> str | None:
    """The schema of an HTTP answer of the server's JSON API (None: not a JSON route)."""
    if not path.startswith("/api/") or status == 204:
        return None
    if status >= 400:
        return "HttpError"
    if path == "/api/tables":
        return "Tables"
    if path == "/api/draw":
        return "DrawTable"
    if path in ("/api/sitgo", "/api/sitgo/start"):
        return "TournamentState"
    if path == "/api/sitgo/register":
        return "SitAndGoEntry"
    if method == "POST" and path.endswith("/seats"):
        return "SeatTaken"
    if method == "POST" and path.endswith("/leave"):
        return "Left"
    return None


def check_http(method: str, path: str, status: int, body: bytes) -> None:
    """An HTTP answer of the server, checked by the schema of its route."""
    name = schema_of_route(method, path, status)
    if name is None:
        return
    check(name, json.loads(body))
    CHECKED["http"] += 1


def httpx_hook(response: Any) -> None:
    """An httpx ``response`` event hook that checks each answer (:func:`check_http`)."""
    response.read()
    check_http(response.request.method, response.request.url.path, response.status_code, response.content)

"""How ``lowball serve`` runs on uvicorn with bounds on what one client can hold: the HTTP side
(uvicorn's h11 protocol with a request timeout and caps on connections) and an ASGI middleware
that bounds request bodies.

uvicorn (0.30 and later) times out idle keep-alive connections (``timeout_keep_alive``), caps
WebSocket frames (``ws_max_size``) and a request's header block (``h11_max_incomplete_event_size``),
but it has no timeout for a request whose headers or body come slowly, and it accepts every
connection until the process runs out of file descriptors (``limit_concurrency`` answers 503 only
once a whole request head has come in). :class:`LimitedH11Protocol` adds what is missing:

- a request's head and body must arrive within ``request_seconds`` of its first byte (of the
  connection's opening, for its first request); else it is answered ``408`` and closed;
- at most ``max_connections`` connections are open at once, WebSockets included (one more is
  answered 503 and closed at once, so that descriptors stay free for the database and the
  others), by default the process's open-file limit less a reserve; new connections are
  accepted :data:`BACKLOG` at a time, so a burst of them cannot run the process out of
  descriptors before they are looked at;
- at most ``max_per_client`` connections from one client address are open before they become
  WebSockets (HTTP requests and idle keep-alives; one more is answered 503 and closed at once), so
  one client holding half-sent requests cannot take every connection.

:class:`BodyLimit` answers a request whose ``Content-Length`` is over the limit at once (413,
before any of it is read) and counts a body sent without one (chunked), refusing it as soon as it
passes the limit; the connection is then closed.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from lowball import wire
from lowball.server.game import ServerError

__all__ = [
    "LimitedH11Protocol",
    "BodyLimit",
    "ServerSend",
    "SERVER_SEND",
    "default_max_connections",
    "uvicorn_config",
    "FD_RESERVE",
]

FD_RESERVE = 128  # descriptors kept free of connections: the database, its journal, logs, imports
# the listening socket's backlog, which is also how many connections asyncio accepts in one go
# before any of them is looked at: a burst of new connections takes at most this many
# descriptors beyond the open connections (uvicorn's default, 2048, runs a 1,024-descriptor
# process out of them: "accept() out of system resource", and no connection for a second)
BACKLOG = 64


def default_max_connections() -> int:
    """The process's soft open-file limit less :data:`FD_RESERVE`, within 16 .. 10,000."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to keep under
        return 1000
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 10_000 + FD_RESERVE
    return max(16, min(10_000, soft - FD_RESERVE))


def _response(status: int, reason: str, code: str, message: str) -> bytes:
    """A whole HTTP/1.1 response carrying the project's error JSON, closing the connection."""
    body = wire.encode(wire.HttpError(error=message, code=code))
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


class LimitedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a request timeout and caps on connections (see the module's
    docstring). The limits are class attributes: :meth:`configured` makes a subclass with its
    own (and its own count of connections per client), which is what ``http=`` is given."""

    request_seconds: ClassVar[float] = 10.0
    max_connections: ClassVar[int] = 1000
    max_per_client: ClassVar[int] = 32
    per_client: ClassVar[Counter[str]] = Counter()  # connections of each address not yet WebSockets
    refused: ClassVar[Counter[str]] = Counter()  # connections refused, by reason (for tests and logs)

    @classmethod
    def configured(
        cls, *, request_seconds: float, max_connections: int, max_per_client: int
    ) -> type[LimitedH11Protocol]:
        return type(
            "LimitedH11Protocol",
            (cls,),
            {
                "request_seconds": float(request_seconds),
                "max_connections": int(max_connections),
                "max_per_client": int(max_per_client),
                "per_client": Counter(),
                "refused": Counter(),
            },
        )

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._timer: asyncio.TimerHandle | None = None
        self._counted: str | None = None
        self._closed = False
        super().connection_made(transport)
        host = self.client[0] if self.client else ""
        if len(self.connections) > self.max_connections:
            self._refuse("connections", f"the server has {self.max_connections} connections open: try again soon")
            return
        if self.per_client[host] >= self.max_per_client:
            self._refuse(
                "per_client",
                f"{self.max_per_client} connections from {host} are open already: close some, then try again",
            )
            return
        self.per_client[host] += 1
        self._counted = host
        self._arm()

    def _refuse(self, reason: str, message: str) -> None:
        self.refused[reason] += 1
        self._closed = True
        self.transport.write(_response(503, "Service Unavailable", "busy", message))
        self.transport.close()

    def _uncount(self) -> None:
        host, self._counted = self._counted, None
        if host is not None:
            self.per_client[host] -= 1
            if self.per_client[host] <= 0:
                del self.per_client[host]

    def _arm(self) -> None:
        if self._timer is None:
            self._timer = self.loop.call_later(self.request_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def data_received(self, data: bytes) -> None:
        if self._closed:
            return
        super().data_received(data)
        if self._closed or self.transport.is_closing():
            return
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            self._arm()  # a request begun (its head or body still coming): its clock runs from its first byte
        else:
            self._disarm()

    def _too_slow(self) -> None:
        self._timer = None
        if self._closed or self.transport.is_closing():
            return
        self.refused["slow"] += 1
        cycle = self.cycle
        if cycle is None or not cycle.response_started:
            self.transport.write(
                _response(
                    408,
                    "Request Timeout",
                    "too_slow",
                    f"the request did not arrive within {self.request_seconds:g} seconds",
                )
            )
        if cycle is not None:
            cycle.disconnected = True  # the application's receive() says http.disconnect
            cycle.message_event.set()
        self._closed = True
        self.transport.close()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()
        self._uncount()  # a WebSocket is bounded by the application (hello, tokens, spectators)
        self._closed = True  # this object no longer reads: the WebSocket protocol does
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._uncount()
        super().connection_lost(exc)


class BodyLimit:
    """ASGI middleware: an HTTP request body of more than ``max_bytes`` is refused with 413 and
    the project's error JSON (``too_large``), and its connection closed: at once from its
    ``Content-Length``, else (chunked) as soon as what was read passes the limit. A route that
    reads the body sees the refusal as :class:`~lowball.server.game.ServerError` raised by
    ``receive()`` (it may answer it itself)."""

    def __init__(self, app: Any, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.max_bytes
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await _send_error(
                    send,
                    ServerError(
                        "too_large", f"the request body is {int(value)} bytes (Content-Length): at most {limit}", 413
                    ),
                )
                return
        received = 0
        refused = False
        started = False

        async def counted() -> Any:
            nonlocal received, refused
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    refused = True
                    raise ServerError("too_large", f"the request body is over {limit} bytes: at most {limit}", 413)
            return message

        async def sending(message: Any) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                if refused:  # the rest of the body is not read: the connection cannot be used again
                    message = {**message, "headers": [*message.get("headers", []), (b"connection", b"close")]}
            await send(message)

        try:
            await self.app(scope, counted, sending)
        except ServerError as e:
            if started:
                raise
            await _send_error(send, e)


SERVER_SEND = "lowball.server_send"  # the scope's key of the ASGI server's own send (ServerSend)


class ServerSend:
    """ASGI middleware: a WebSocket's scope gets the ASGI server's own ``send`` under
    :data:`SERVER_SEND`, before Starlette wraps it. The play route writes its frames with it:
    Starlette's wrappers of a WebSocket's ``send`` (its state check, and two that note whether an
    HTTP response began) do nothing for a ``websocket.send``, and cost a coroutine each, for each
    frame to each page. Put it first (outermost) among the middleware."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            scope[SERVER_SEND] = send
        await self.app(scope, receive, send)


async def _send_error(send: Any, e: ServerError) -> None:
    body = wire.encode(wire.HttpError(error=str(e), code=e.code))
    await send(
        {
            "type": "http.response.start",
            "status": e.status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def uvicorn_config(
    app: Any,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    request_seconds: float = 10.0,
    keep_alive_seconds: float = 5.0,
    max_connections: int | None = None,
    max_per_client: int = 32,
    **extra: Any,
) -> Any:
    """The ``uvicorn.Config`` of ``lowball serve`` for ``app``: :class:`LimitedH11Protocol` with
    these limits (``max_connections`` None: :func:`default_max_connections`), idle keep-alive
    connections closed after ``keep_alive_seconds``, WebSocket frames above 64 KiB refused by
    uvicorn and none compressed (a page's messages are small; compressing each for each socket
    costs more than it saves), the client's address taken from the connection (no proxy headers:
    the limits per client cannot be dodged with an ``X-Forwarded-For``). ``extra`` goes to
    ``uvicorn.Config`` as is."""
    import uvicorn

    protocol = LimitedH11Protocol.configured(
        request_seconds=request_seconds,
        max_connections=default_max_connections() if max_connections is None else max_connections,
        max_per_client=max_per_client,
    )
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "http": protocol,
        "ws_max_size": 65536,
        "ws_per_message_deflate": False,
        "timeout_keep_alive": keep_alive_seconds,
        "h11_max_incomplete_event_size": 16 * 1024,
        "backlog": BACKLOG,
        "proxy_headers": False,
        "log_level": "warning",
        "lifespan": "on",
        **extra,
    }
    return uvicorn.Config(app, **options)

"""What the two sides of ``lowball serve``'s application share: the HTTP routes
(:mod:`lowball.server.routes`) and the WebSocket protocol (:mod:`lowball.server.protocol`) both
work on one :class:`Service`: the :class:`~lowball.server.game.GameServer` and its rooms, brought
up to the clock by :meth:`Service.pump`, and the limits kept per client address (draw tables
asked for, bad tokens, WebSockets open). :func:`lowball.server.app.create_app` makes it.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from starlette.requests import Request

from lowball.errors import StoreError
from lowball.server.game import GameServer, Room, ServerError, shown_short
from lowball.server.limits import LRU, BadTokens, RateLimit

__all__ = ["Service", "PUMP_SECONDS", "DRAW_CACHE", "same_origin", "client_address", "stored"]

PUMP_SECONDS = 0.1  # how often rooms are brought up to the clock (timeouts, bots, deals)
DRAW_CACHE = 1024  # draw tables kept (ranking, hand and dead cards)
log = logging.getLogger("lowball.server")


def same_origin(headers: Any, scheme: str, allowed: frozenset[str]) -> str | None:
    """None when a request may go on by its ``Origin``: none (not a browser's page), the
    server's own (the ``Host`` it was asked by, on ``scheme``), or one of ``allowed`` ("*": any);
    else the origin refused."""
    value = headers.get("origin")
    if value is None or "*" in allowed:
        return None
    origin = str(value).strip().lower().rstrip("/")
    host = str(headers.get("host", "")).strip().lower()
    if (host and origin == f"{scheme}://{host}") or origin in allowed:
        return None
    return origin


def client_address(scope_client: Any) -> str:
    """A client's address (its key for the limits per client)."""
    return scope_client.host if scope_client is not None else ""


def stored(g: GameServer, room: Room, change: Callable[..., Any], *args: Any) -> Any:
    """``change(*args)``; a failed database write reads the room back from the database (so
    that memory never keeps a change the disk lost) and is refused as ``store_failed``.

    Raises
    ------
    ServerError
        ``store_failed`` (503) when the database write failed.
    """
    try:
        return change(*args)
    except StoreError as e:
        g.reload(room.id)
        raise ServerError("store_failed", f"the database failed, nothing was changed: {e}", 503) from None


class Service:
    """The state the routes and the protocol share, for one application: the browser origins
    ``allowed`` besides the server's own, the WebSockets one client address may have open
    (``max_sockets_per_client``), the game server and the limits once the application has
    started (:func:`~lowball.server.app.create_app`'s lifespan sets :attr:`game`,
    :attr:`draw_limit` and :attr:`bad_tokens`), the cache of draw tables and the one count of a
    draw table at a time."""

    def __init__(self, allowed: frozenset[str], max_sockets_per_client: int) -> None:
        self.allowed = allowed
        self.max_sockets_per_client = max_sockets_per_client
        self.game: GameServer | None = None
        self.draw_limit: RateLimit | None = None  # GET /api/draw per client address
        self.bad_tokens: BadTokens | None = None  # bad seat tokens per client address
        self.draws: LRU[tuple[str, tuple[Any, ...], tuple[Any, ...]], dict[str, Any]] = LRU(DRAW_CACHE)
        self.counting = asyncio.Semaphore(1)  # one draw table counted at a time (in a thread): the tables go first
        self.waiting = 0  # draw requests waiting for it
        self.sockets: Counter[str] = Counter()  # open WebSockets by client address

    def server(self) -> GameServer:
        """The game server (once the application has started)."""
        assert self.game is not None, "the application has not started"
        return self.game

    async def pump_forever(self) -> None:
        """Bring every room up to the clock every :data:`PUMP_SECONDS`, for ever."""
        while True:
            await asyncio.sleep(PUMP_SECONDS)
            g = self.server()
            now = g.clock()
            for room in list(g.rooms.values()):
                self.pump(room, now)

    def pump(self, room: Room, now: float) -> None:
        """Bring ``room`` up to ``now`` (timeouts, bots, deals) and send what changed; a failed
        write reads the room back from the database, and a fault is logged: the other tables
        go on."""
        try:
            room.pump(now)
        except StoreError:
            log.exception("table %s: a write failed; the room is read back from the database", room.id)
            room = self.server().reload(room.id)
        except Exception:  # a bug must not stop the other tables: it is logged, the room goes on
            log.exception("table %s: the room could not be brought up to date", room.id)
        try:
            room.broadcast(now)
        except Exception:  # nor may a fault in what is sent: pump_forever goes on with every table
            log.exception("table %s: what changed could not be sent", room.id)

    def check_origin(self, request: Request) -> None:
        """Refuse a request from a page of an origin not allowed.

        Raises
        ------
        ServerError
            ``bad_origin`` (403).
        """
        refused = same_origin(request.headers, request.url.scheme, self.allowed)
        if refused is not None:
            raise ServerError("bad_origin", f"a page of {shown_short(refused)} may not use this server", 403)

    def check_token(self, client: str, token: object, room: Room, now: float) -> Any:
        """The seat ``token`` holds, counting a bad one against ``client``'s address.

        Raises
        ------
        ServerError
            ``too_many_bad_tokens`` (429, with ``retry_after``) while the address is refused, or
            the room's own error for a token that holds no seat.
        """
        throttle = self.bad_tokens
        assert throttle is not None, "the application has not started"
        wait = throttle.refused(client)
        if wait > 0:
            refused = ServerError(
                "too_many_bad_tokens", f"too many bad tokens from {client}: try again in {math.ceil(wait)} seconds", 429
            )
            refused.retry_after = wait  # type: ignore[attr-defined]
            raise refused
        try:
            return room.sitting_of(token, now)
        except ServerError:
            throttle.failed(client)
            raise

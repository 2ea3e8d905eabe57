"""The web side of ``lowball serve``: a Starlette application over a
:class:`~lowball.server.game.GameServer`, made of its HTTP routes (:mod:`lowball.server.routes`:
the pages in :mod:`lowball.server` ``static/``, the tables, seats, the draw table) and its
WebSocket protocol (:mod:`lowball.server.protocol`), which share one
:class:`~lowball.server.service.Service`.

The protocol is described in :mod:`lowball.server`. All game state is changed on the event
loop's thread, one message at a time; the SQLite writes are synchronous there (a fraction of a
millisecond each), so an acknowledgement always follows the stored change.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from lowball.errors import InvalidValueError, real_number, whole_number
from lowball.server.game import MAX_MESSAGE_BYTES, GameServer, ServerError, shown_short
from lowball.server.limits import BadTokens, RateLimit
from lowball.server.protocol import websocket_routes
from lowball.server.routes import STATIC, http_routes, sitgo_routes
from lowball.server.service import Service
from lowball.server.sitgo import attach
from lowball.server.transport import BodyLimit, ServerSend

__all__ = ["create_app", "STATIC"]


def create_app(
    game: GameServer | None = None,
    *,
    allow_origins: tuple[str, ...] | list[str] = (),
    draw_rate: float = 2.0,
    draw_burst: int = 10,
    bad_token_limit: int = 10,
    bad_token_window: float = 60.0,
    bad_token_lockout: float = 60.0,
    max_sockets_per_client: int = 64,
    **options: Any,
) -> Starlette:
    """The ASGI application of ``lowball serve``.

    Parameters
    ----------
    game : GameServer, optional
        The rooms to serve; by default one is made from ``options`` (the parameters of
        :class:`~lowball.server.game.GameServer`: ``db``, ``tables``, ``variant``, ...) when the
        application starts, and its database closed when it stops.
    allow_origins : sequence of str, default ()
        Browser origins besides the server's own whose pages may open a WebSocket or take and
        leave seats (``"https://poker.example"``; ``"*"``: any). A request with another
        ``Origin`` is refused (403); one with none (not a page: a program) is not.
    draw_rate, draw_burst : float, int, default 2 a second, 10 at once
        ``GET /api/draw`` requests one client address may make (a token bucket); more are
        answered 429 ``rate_limited`` with ``Retry-After``, once that time has passed (at most
        a second later), so that a client asking in a loop slows down to the rate.
    bad_token_limit, bad_token_window, bad_token_lockout : int, float, float, default 10, 60, 60
        After ``bad_token_limit`` bad tokens from one address within ``bad_token_window``
        seconds, every token from it is refused for ``bad_token_lockout`` seconds (429
        ``too_many_bad_tokens``; a WebSocket closed with 4429).
    max_sockets_per_client : int, default 64
        WebSockets one client address may have open at once, hello said or not (a page is one;
        the spectators of a table and the sockets of a token have their own caps); one more is
        answered ``too_many_connections`` and closed with 4429.

    Returns
    -------
    starlette.applications.Starlette
        Run it with uvicorn (``lowball serve`` does: :func:`lowball.server.serve`).

    Raises
    ------
    ServerError
        ``bad_option`` for a bad value of one of these (naming it).
    """
    origins = allow_origins if isinstance(allow_origins, (tuple, list)) else None
    if origins is None or not all(isinstance(o, str) and o.strip() for o in origins):
        raise ServerError("bad_option", f"allow_origins = {shown_short(allow_origins)}: expected a list of origins")
    allowed = frozenset(o.strip().lower().rstrip("/") for o in origins)
    rates = [real_number(v) for v in (draw_rate, bad_token_window, bad_token_lockout)]
    for name, value, number in zip(
        ("draw_rate", "bad_token_window", "bad_token_lockout"), (draw_rate, bad_token_window, bad_token_lockout), rates
    ):
        if number is None or not 0 < number <= 86400:
            raise ServerError("bad_option", f"{name} = {shown_short(value)}: expected a number above 0, at most 86400")
    try:
        draw_burst = whole_number(draw_burst, "draw_burst", 1, 10_000)
        bad_token_limit = whole_number(bad_token_limit, "bad_token_limit", 1, 10_000)
        max_sockets_per_client = whole_number(max_sockets_per_client, "max_sockets_per_client", 1, 1_000_000)
    except InvalidValueError as e:
        raise ServerError("bad_option", str(e)) from None
    service = Service(allowed, max_sockets_per_client)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        g = service.game = game if game is not None else GameServer(**options)
        attach(g)  # the sit & go of the options, if any (lowball.server.sitgo)
        service.draw_limit = RateLimit(float(rates[0] or 0), draw_burst, g.clock)
        service.bad_tokens = BadTokens(bad_token_limit, float(rates[1] or 0), float(rates[2] or 0), g.clock)
        task = asyncio.create_task(service.pump_forever())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            if game is None:
                g.close()

    middleware = [Middleware(ServerSend), Middleware(BodyLimit, max_bytes=MAX_MESSAGE_BYTES)]
    routes = [
        *http_routes(service),
        *sitgo_routes(service),
        *websocket_routes(service),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan)

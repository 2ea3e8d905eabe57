"""The web side of ``lowball serve``: a Starlette application (HTTP and WebSocket routes, the
pages in :mod:`lowball.server` ``static/``) over a :class:`~lowball.server.game.GameServer`.

The protocol is described in :mod:`lowball.server`. All game state is changed on the event
loop's thread, one message at a time; the SQLite writes are synchronous there (a fraction of a
millisecond each), so an acknowledgement always follows the stored change.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
from collections import Counter
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from lowball._files import without_bom
from lowball.errors import IllegalActionError, LowballError, SeqError, StoreError, TableError, shown
from lowball.evaluation import Ranking
from lowball.server.game import MAX_MESSAGE_BYTES, Connection, GameServer, Room, ServerError, _dumps, _shown
from lowball.server.limits import LRU, MAX_DEPTH, BadTokens, RateLimit, too_deep
from lowball.server.transport import BodyLimit

__all__ = ["create_app", "STATIC"]

STATIC = Path(__file__).with_name("static")
log = logging.getLogger("lowball.server")

HELLO_SECONDS = 10.0  # a connection must say hello within this
PUMP_SECONDS = 0.1  # how often rooms are brought up to the clock (timeouts, bots, deals)
QUEUE_LIMIT = 1000  # messages waiting for a slow client before it is cut off (it reconnects)
CLOSE_BAD_TOKEN = 4401
CLOSE_NO_TABLE = 4404
CLOSE_SLOW = 4408
CLOSE_FULL = 4429  # too many: spectators at the table, sockets of the token, bad tokens from the address
CLOSE_POLICY = 1008
DRAW_CACHE = 1024  # draw tables kept (ranking, hand and dead cards)
DRAW_WAITING = 8  # draw tables in flight (one counted, the others waiting for it); one more is answered busy
BATCH_LIMIT = 32  # messages in one frame at most, for a client whose hello asked for "batch"
_SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; "
        "script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


def _error(e: ServerError, retry_after: float | None = None) -> JSONResponse:
    """The error's JSON answer (``Retry-After`` when the client may try again in so many seconds:
    ``retry_after``, or the error's own)."""
    if retry_after is None:
        retry_after = getattr(e, "retry_after", None)
    headers = None if retry_after is None else {"Retry-After": str(max(1, math.ceil(retry_after)))}
    return JSONResponse({"error": str(e), "code": e.code}, status_code=e.status, headers=headers)


async def _json_body(request: Request) -> Any:
    """The request's JSON body (read with a cap: :class:`~lowball.server.transport.BodyLimit`)."""
    try:
        body = await request.body()
    except ClientDisconnect:  # gone, or cut off as too slow: nobody reads the answer
        raise ServerError("gone", "the client went away before its request body arrived") from None
    if len(body) > MAX_MESSAGE_BYTES:
        raise ServerError("too_large", f"the request body is {len(body)} bytes: at most {MAX_MESSAGE_BYTES}", 413)
    if too_deep(body):
        raise ServerError("too_deep", f"the request body nests arrays and objects over {MAX_DEPTH} levels deep")
    try:
        return json.loads(body)
    except (ValueError, UnicodeDecodeError) as e:
        raise ServerError("bad_json", f"the request body is not JSON: {e}") from None


def _same_origin(headers: Any, scheme: str, allowed: frozenset[str]) -> str | None:
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


def _client(scope_client: Any) -> str:
    """A client's address (its key for the limits per client)."""
    return scope_client.host if scope_client is not None else ""


def _ws_error(code: str, message: str, msg_id: Any = None) -> dict[str, Any]:
    return {"type": "error", "id": msg_id, "code": code, "message": message}


# a quoted value (a name, as repr() writes it: a quote not after a letter, so "seat 2's turn" is
# none), or a seat number
_SEAT_WORDS = re.compile(r"""(?<!\w)'(?:[^'\\]|\\.)*'|(?<!\w)"(?:[^"\\]|\\.)*"|\bseat (\d+)\b""")


def _as_people_count(text: str) -> str:
    """A message of the table (:class:`~lowball.table.Table` numbers seats from 0) with its
    seats as people count them: "seat 0" is "seat 1"; quoted text (a name) is left as it is."""
    return _SEAT_WORDS.sub(lambda m: m.group() if m.group(1) is None else f"seat {int(m.group(1)) + 1}", text)


def _game_error(e: LowballError) -> tuple[str, str]:
    """The protocol's error code for a refusal from the table, and its message with the seats
    as people count them."""
    if isinstance(e, ServerError):
        return e.code, str(e)
    text = _as_people_count(str(e))
    if isinstance(e, SeqError):
        return "stale_seq", text
    if isinstance(e, IllegalActionError):
        return "illegal", text
    if isinstance(e, TableError):
        return ("not_your_turn" if "turn" in text or "no hand" in text or "not in hand" in text else "refused"), text
    return "bad_message", text


def _msg_id(msg: dict[str, Any]) -> Any:
    """The client's ``id``, echoed only if it is a short scalar."""
    value = msg.get("id")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int) and abs(value) < 2**53:
        return value
    if isinstance(value, str) and len(value) <= 64:
        return value
    return None


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
    from lowball.errors import InvalidValueError, real_number, whole_number

    origins = allow_origins if isinstance(allow_origins, (tuple, list)) else None
    if origins is None or not all(isinstance(o, str) and o.strip() for o in origins):
        raise ServerError("bad_option", f"allow_origins = {_shown(allow_origins)}: expected a list of origins")
    allowed = frozenset(o.strip().lower().rstrip("/") for o in origins)
    rates = [real_number(v) for v in (draw_rate, bad_token_window, bad_token_lockout)]
    for name, value, number in zip(
        ("draw_rate", "bad_token_window", "bad_token_lockout"), (draw_rate, bad_token_window, bad_token_lockout), rates
    ):
        if number is None or not 0 < number <= 86400:
            raise ServerError("bad_option", f"{name} = {_shown(value)}: expected a number above 0, at most 86400")
    try:
        draw_burst = whole_number(draw_burst, "draw_burst", 1, 10_000)
        bad_token_limit = whole_number(bad_token_limit, "bad_token_limit", 1, 10_000)
        max_sockets_per_client = whole_number(max_sockets_per_client, "max_sockets_per_client", 1, 1_000_000)
    except InvalidValueError as e:
        raise ServerError("bad_option", str(e)) from None
    holder: dict[str, GameServer] = {}
    limits: dict[str, Any] = {}
    draws: LRU[tuple[str, tuple[Any, ...], tuple[Any, ...]], dict[str, Any]] = LRU(DRAW_CACHE)
    counting = asyncio.Semaphore(1)  # one draw table counted at a time (in a thread): the tables go first
    waiting = [0]  # draw requests waiting for it
    sockets: Counter[str] = Counter()  # open WebSockets by client address

    def server() -> GameServer:
        return holder["game"]

    async def pump_forever() -> None:
        while True:
            await asyncio.sleep(PUMP_SECONDS)
            g = server()
            now = g.clock()
            for room in list(g.rooms.values()):
                _pump(room, now)

    def _pump(room: Room, now: float) -> None:
        try:
            room.pump(now)
        except StoreError:
            log.exception("table %s: a write failed; the room is read back from the database", room.id)
            room = server().reload(room.id)
        except Exception:  # a bug must not stop the other tables: it is logged, the room goes on
            log.exception("table %s: the room could not be brought up to date", room.id)
        room.broadcast(now)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        g = holder["game"] = game if game is not None else GameServer(**options)
        limits["draw"] = RateLimit(float(rates[0] or 0), draw_burst, g.clock)
        limits["tokens"] = BadTokens(bad_token_limit, float(rates[1] or 0), float(rates[2] or 0), g.clock)
        task = asyncio.create_task(pump_forever())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            if game is None:
                holder["game"].close()

    async def lobby(request: Request) -> Response:
        return FileResponse(STATIC / "lobby.html", headers=_SECURITY_HEADERS)

    async def table_page(request: Request) -> Response:
        try:
            server().room(request.path_params["table_id"])
        except ServerError as e:
            return _error(e)
        return FileResponse(STATIC / "table.html", headers=_SECURITY_HEADERS)

    async def tables(request: Request) -> Response:
        return JSONResponse({"tables": [r.summary() for r in server().rooms.values()]}, headers=_SECURITY_HEADERS)

    def check_origin(request: Request) -> None:
        refused = _same_origin(request.headers, request.url.scheme, allowed)
        if refused is not None:
            raise ServerError("bad_origin", f"a page of {_shown(refused)} may not use this server", 403)

    def check_token(client: str, token: object, room: Room, now: float) -> Any:
        """The seat ``token`` holds, counting a bad one against ``client``'s address."""
        throttle: BadTokens = limits["tokens"]
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

    async def take_seat(request: Request) -> Response:
        try:
            check_origin(request)
            g = server()
            room = g.room(request.path_params["table_id"])
            body = await _json_body(request)
            if not isinstance(body, dict) or set(body) - {"player", "seat"}:
                raise ServerError("bad_message", 'expected {"player": NAME} or {"player": NAME, "seat": N}')
            now = g.clock()
            token, sitting = _stored(g, room, room.join, body.get("player"), body.get("seat"), now)
            _pump(room, now)
        except ServerError as e:
            return _error(e)
        except LowballError as e:
            return JSONResponse({"error": str(e), "code": "refused"}, status_code=409)
        return JSONResponse(
            {
                "token": token,
                "table": room.id,
                "seat": sitting.seat,
                "player": sitting.player,
                "expires": sitting.expires,
            },
            headers=_SECURITY_HEADERS,
        )

    async def leave(request: Request) -> Response:
        try:
            check_origin(request)
            g = server()
            room = g.room(request.path_params["table_id"])
            auth = request.headers.get("authorization", "")
            scheme, _, token = auth.partition(" ")
            if scheme.lower() != "bearer" or not token:
                raise ServerError("bad_token", "expected the header Authorization: Bearer <seat token>", 401)
            now = g.clock()
            sitting = check_token(_client(request.client), token.strip(), room, now)
            chips = _stored(g, room, room.leave, sitting, now)
            _pump(room, now)
        except ServerError as e:
            return _error(e)
        return JSONResponse({"left": True, "chips": chips})

    async def draw_table(request: Request) -> Response:
        """``GET /api/draw``, rate-limited per client address, from a cache when it repeats, one
        count at a time (:func:`draw_answer`)."""
        wait = limits["draw"].take(_client(request.client))
        if wait > 0:
            # answered when it may ask again (at most a second): a client asking in a loop, each
            # answer at once, would cost the tables as much as the counting it may not have
            await asyncio.sleep(min(wait, 1.0))
            return _error(
                ServerError("rate_limited", f"too many draw tables asked for: try again in {math.ceil(wait)} s", 429),
                wait,
            )
        return await draw_answer(request)

    async def count_draw(key: Any, count: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """The draw table of ``key`` from the cache, else ``count()`` in a thread, one at a time
        (a count takes the interpreter from the tables' event loop: they must stay ahead)."""
        data = draws.get(key)
        if data is not None:
            return data
        if waiting[0] >= DRAW_WAITING:
            raise ServerError("busy", "the server is counting other draw tables: try again in a moment", 503)
        waiting[0] += 1
        try:
            async with counting:
                data = draws.get(key)  # counted while this one waited
                if data is None:
                    data = await run_in_threadpool(count)
                    draws.put(key, data)
        finally:
            waiting[0] -= 1
        return data

    async def draw_answer(request: Request) -> Response:
        from lowball import odds
        from lowball.cli import odds as work

        hand = request.query_params.get("hand", "")
        dead = request.query_params.get("dead", "")
        table_id = request.query_params.get("table")
        ranking_name = request.query_params.get("ranking")
        draws_text = request.query_params.get("draws", "1")
        if len(hand) > 100 or len(dead) > 300 or len(ranking_name or "") > 20:
            return _error(ServerError("too_large", "hand, dead or ranking: too long"))
        if draws_text not in ("1", "2", "3"):  # draws to come, this one included (the default opponent's)
            return _error(ServerError("bad_draws", f"draws = {shown(draws_text[:20])}: expected 1, 2 or 3"))
        deck: dict[str, Any] = {"draws": int(draws_text)}
        try:
            if table_id is not None:
                variant = server().room(table_id).table.variant
                ranking = variant.ranking
                deck.update(rule=variant.reshuffle, burn=variant.burn)  # the table's muck, reshuffled its way
                if ranking_name is not None and Ranking(ranking_name) is not ranking:
                    raise ServerError(
                        "bad_ranking",
                        f"ranking = {shown(ranking_name)}: table {table_id} plays {shown(ranking.value)}",
                    )
            else:
                ranking = Ranking(ranking_name if ranking_name is not None else "2-7")
        except ServerError as e:
            return _error(e)
        except LowballError as e:
            return _error(ServerError("bad_ranking", str(e)))
        try:
            cards = work.read_hand(hand, "hand", ranking.hand_size)
            dead_cards = work.read_cards(dead or None, "dead")
            odds.check_places([("the hand", cards), ("dead", dead_cards)])

            def count() -> dict[str, Any]:
                table = odds.discard_table(cards, dead_cards, None, ranking=ranking, **deck)
                return work.draw_json(table, dead=dead_cards, vs=None, target=None)

            # the key: everything the table depends on (the draws to come, the deck's rule and burn)
            key = (ranking.value, tuple(cards), tuple(sorted(dead_cards)), tuple(sorted(deck.items())))
            data = await count_draw(key, count)
        except ServerError as e:
            return _error(e, 1.0 if e.status == 503 else None)
        except LowballError as e:
            return _error(ServerError("bad_hand", str(e)))
        return JSONResponse(data, headers=_SECURITY_HEADERS)

    async def play(ws: WebSocket) -> None:
        if _same_origin(ws.headers, "https" if ws.url.scheme == "wss" else "http", allowed) is not None:
            await ws.close(CLOSE_POLICY)  # before the handshake is accepted: the page is answered 403
            return
        await ws.accept()
        g = server()
        queue: asyncio.Queue[dict[str, Any] | str | tuple[str, ...] | int] = asyncio.Queue()

        def send(msg: dict[str, Any] | str | tuple[str, ...]) -> None:
            if queue.qsize() >= QUEUE_LIMIT:
                queue.put_nowait(CLOSE_SLOW)
            else:
                queue.put_nowait(msg)

        def close(code: int) -> None:
            queue.put_nowait(code)

        batching = [False]  # the hello asked for "batch": several messages may go in one frame

        def text(item: dict[str, Any] | str) -> str:
            return item if isinstance(item, str) else _dumps(item)

        async def writer() -> None:
            with contextlib.suppress(Exception):  # the socket is gone: the reader ends the connection
                while True:
                    item = await queue.get()
                    if isinstance(item, int):
                        await ws.close(item)
                        return
                    if not batching[0]:
                        for one in item if isinstance(item, tuple) else (item,):
                            await ws.send_text(text(one))
                        continue
                    texts = list(item) if isinstance(item, tuple) else [text(item)]
                    code = None
                    while not queue.empty() and len(texts) < BATCH_LIMIT:
                        more = queue.get_nowait()
                        if isinstance(more, int):
                            code = more
                            break
                        if isinstance(more, tuple):
                            texts.extend(more)
                        else:
                            texts.append(text(more))
                    await ws.send_text(texts[0] if len(texts) == 1 else "[" + ",".join(texts) + "]")
                    if code is not None:
                        await ws.close(code)
                        return

        writing = asyncio.create_task(writer())
        conn: Connection | None = None
        room: Room | None = None
        client = _client(ws.client)
        sockets[client] += 1
        try:
            if sockets[client] > max_sockets_per_client:
                send(
                    _ws_error(
                        "too_many_connections",
                        f"{max_sockets_per_client} WebSockets from {client} are open already: "
                        "close some, then try again",
                    )
                )
                close(CLOSE_FULL)
                return
            try:
                room = g.room(ws.path_params["table_id"])
            except ServerError as e:
                send(_ws_error(e.code, str(e)))
                close(CLOSE_NO_TABLE)
                return
            try:
                first: Any = await asyncio.wait_for(ws.receive(), HELLO_SECONDS)
            except asyncio.TimeoutError:
                send(_ws_error("no_hello", f"no hello within {HELLO_SECONDS:g} seconds"))
                close(1008)
                return
            while True:
                msg = first if first is not None else await ws.receive()
                first = None
                if msg["type"] == "websocket.disconnect":
                    return
                parsed, problem = _parse(msg)
                if problem is not None:
                    send(_ws_error(*problem))
                    if problem[0] == "too_deep":  # not a page's message: the socket is closed
                        close(CLOSE_POLICY)
                        return
                    continue
                assert parsed is not None
                kind = parsed.get("type")
                if conn is None:
                    if kind != "hello":
                        send(
                            _ws_error(
                                "no_hello",
                                f"the first message must be a hello, not {_shown(kind)}",
                                _msg_id(parsed),
                            )
                        )
                        continue
                    conn = _hello(g, room, parsed, send, close, _client(ws.client), check_token)
                    if conn is None:
                        return
                    batching[0] = parsed.get("batch") is True
                    room.conns.add(conn)
                    _pump(room, g.clock())
                    continue
                room = g.rooms[room.id]  # the same room, or the one read back after a failed write
                _handle(g, room, conn, parsed, send)
        except WebSocketDisconnect:
            pass
        finally:
            sockets[client] -= 1
            if sockets[client] <= 0:
                del sockets[client]
            if conn is not None and room is not None:
                g.rooms[room.id].conns.discard(conn)
            if not writing.done():
                queue.put_nowait(1000)
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                    await asyncio.wait_for(writing, 2.0)
                writing.cancel()

    def _handle(
        g: GameServer, room: Room, conn: Connection, msg: dict[str, Any], send: Callable[[dict[str, Any]], None]
    ) -> None:
        kind = msg.get("type")
        msg_id = _msg_id(msg)
        now = g.clock()
        if kind == "ping":
            send({"type": "pong", "id": msg_id})
            return
        if kind == "hello":
            send(_ws_error("bad_message", "hello was already said on this connection", msg_id))
            return
        if kind not in ("act", "sit_in", "sit_out"):
            send(
                _ws_error(
                    "bad_message",
                    f"unknown message type {_shown(kind)}: expected act, sit_in, sit_out or ping",
                    msg_id,
                )
            )
            return
        if conn.token_hash is None or conn.seat is None:
            send(_ws_error("no_seat", "a spectator cannot act: take a seat first", msg_id))
            return
        allowed = {"type", "id", "seq", "action", "seat"} if kind == "act" else {"type", "id"}
        extra = set(msg) - allowed
        if extra:
            send(_ws_error("bad_message", f"unknown fields {sorted(extra)[:5]} in a {kind} message", msg_id))
            return
        if "seat" in msg and (type(msg["seat"]) is not int or msg["seat"] != conn.seat):  # true is not seat 1
            send(
                _ws_error(
                    "other_seat", f"seat = {_shown(msg['seat'])}: this token acts only for seat {conn.seat + 1}", msg_id
                )
            )
            return
        try:
            sitting = room.humans.get(conn.seat)
            if sitting is None or sitting.token_hash != conn.token_hash:
                raise ServerError("bad_token", "the seat's token no longer holds it (the player left)")
            if now >= sitting.expires:
                raise ServerError("expired_token", f"the token of seat {conn.seat + 1} expired: take a seat again")
            if sitting.joining:
                raise ServerError("not_your_turn", f"seat {conn.seat + 1}: you sit down when the hand in progress ends")
            if kind == "act":
                if "seq" not in msg or "action" not in msg:
                    raise ServerError("bad_message", "an act message needs seq and action")
                seq = msg["seq"]
                if type(seq) is not int:
                    raise ServerError(
                        "bad_message", f"seq = {_shown(seq)}: expected the table's action number (a whole number)"
                    )
                action = msg["action"]
                if not isinstance(action, dict):
                    raise ServerError("bad_message", f"action = {_shown(action)}: expected an object with kind")
                result = _stored(g, room, room.act, sitting, action, seq, now)
                send({"type": "ack", "id": msg_id, "seq": result.seq, "repeated": result.repeated})
            else:
                _stored(g, room, room.sit_out if kind == "sit_out" else room.sit_in, sitting, now)
        except LowballError as e:
            code, text = _game_error(e)
            send(_ws_error(code, text, msg_id))
            return
        _pump(room, now)

    middleware = [Middleware(BodyLimit, max_bytes=MAX_MESSAGE_BYTES)]
    routes = [
        Route("/", lobby),
        Route("/table/{table_id}", table_page),
        Route("/api/tables", tables),
        Route("/api/tables/{table_id}/seats", take_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave, methods=["POST"]),
        Route("/api/draw", draw_table),
        WebSocketRoute("/ws/{table_id}", play),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan)


def _stored(g: GameServer, room: Room, change: Callable[..., Any], *args: Any) -> Any:
    """``change(*args)``; a failed database write reads the room back from the database (so
    that memory never keeps a change the disk lost) and is refused as ``store_failed``."""
    try:
        return change(*args)
    except StoreError as e:
        g.reload(room.id)
        raise ServerError("store_failed", f"the database failed, nothing was changed: {e}", 503) from None


def _parse(msg: Any) -> tuple[dict[str, Any] | None, tuple[str, str] | None]:
    """A client's frame as a JSON object, or the error to answer it with."""
    text = msg.get("text")
    if text is None:
        return None, ("bad_message", "binary frames are not accepted: send JSON text")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE_BYTES:
        return None, ("too_large", f"the message is {size} bytes: at most {MAX_MESSAGE_BYTES}")
    if too_deep(text):
        return None, ("too_deep", f"the message nests arrays and objects over {MAX_DEPTH} levels deep")
    try:
        parsed = json.loads(without_bom(text))  # a byte-order mark ignored, as in a request body
    except ValueError as e:
        return None, ("bad_json", f"the message is not JSON: {e}")
    if not isinstance(parsed, dict):
        return None, ("bad_message", f"expected a JSON object, got {type(parsed).__name__}")
    return parsed, None


def _hello(
    g: GameServer,
    room: Room,
    msg: dict[str, Any],
    send: Callable[[dict[str, Any] | str | tuple[str, ...]], None],
    close: Callable[[int], None],
    client: str,
    check_token: Callable[[str, object, Room, float], Any],
) -> Connection | None:
    """The connection a hello opens, or None when it is refused (the socket is closed): a bad
    token (counted against ``client``), a full table of spectators, a token with as many
    sockets open as it may have."""
    extra = set(msg) - {"type", "token", "since", "id", "batch"}
    since = msg.get("since", 0)
    if extra or type(since) is not int or since < 0 or type(msg.get("batch", False)) is not bool:
        send(
            _ws_error(
                "bad_message",
                'expected {"type": "hello", "token": TOKEN or null, "since": N, "batch": true or false}',
                _msg_id(msg),
            )
        )
        close(1008)
        return None
    token = msg.get("token")
    facts = room.summary()
    welcome = {
        "type": "welcome",
        "table": room.id,
        "variant": facts["variant"],
        "name": facts["name"],
        "stakes": facts["stakes"],
        "limit": facts["limit"],
        "ranking": facts["ranking"],
        "game": facts["game"],
        "hand_size": facts["hand_size"],
        "seats": facts["seats"],
    }
    # a new page (since 0) starts at the current hand; a page that saw events goes on after them
    # a page of an older database (since beyond the table's events) starts again at the hand
    since = room.hand_from if since == 0 or since > room.table.event_number else since
    if token is None:
        watching = sum(1 for c in room.conns if c.token_hash is None)
        if watching >= g.max_spectators:
            send(
                _ws_error(
                    "spectators_full",
                    f"table {room.id} has {g.max_spectators} spectators already: try again later",
                    _msg_id(msg),
                )
            )
            close(CLOSE_FULL)
            return None
        send({**welcome, "seat": None, "player": None})
        return Connection(None, None, None, since, send, close)
    now = g.clock()
    try:
        sitting = check_token(client, token, room, now)
    except ServerError as e:
        send(_ws_error(e.code, str(e), _msg_id(msg)))
        close(CLOSE_FULL if e.status == 429 else CLOSE_BAD_TOKEN)
        return None
    open_ = sum(1 for c in room.conns if c.token_hash == sitting.token_hash)
    if open_ >= g.sockets_per_token:
        send(
            _ws_error(
                "too_many_sockets",
                f"the token of seat {sitting.seat + 1} has {open_} connections open: at most {g.sockets_per_token}",
                _msg_id(msg),
            )
        )
        close(CLOSE_FULL)
        return None
    try:
        _stored(g, room, room.connected, sitting, now)
    except ServerError as e:
        send(_ws_error(e.code, str(e), _msg_id(msg)))
        close(1011)
        return None
    send({**welcome, "seat": sitting.seat, "player": sitting.player})
    return Connection(sitting.seat, sitting.player, sitting.token_hash, since, send, close)

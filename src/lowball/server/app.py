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
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from lowball._files import without_bom
from lowball.errors import IllegalActionError, LowballError, SeqError, StoreError, TableError, shown
from lowball.evaluation import Ranking
from lowball.server.game import MAX_MESSAGE_BYTES, Connection, GameServer, Room, ServerError, _shown

__all__ = ["create_app", "STATIC"]

STATIC = Path(__file__).with_name("static")
log = logging.getLogger("lowball.server")

HELLO_SECONDS = 10.0  # a connection must say hello within this
PUMP_SECONDS = 0.1  # how often rooms are brought up to the clock (timeouts, bots, deals)
QUEUE_LIMIT = 1000  # messages waiting for a slow client before it is cut off (it reconnects)
CLOSE_BAD_TOKEN = 4401
CLOSE_NO_TABLE = 4404
CLOSE_SLOW = 4408
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


def _error(e: ServerError) -> JSONResponse:
    return JSONResponse({"error": str(e), "code": e.code}, status_code=e.status)


async def _json_body(request: Request) -> Any:
    body = await request.body()
    if len(body) > MAX_MESSAGE_BYTES:
        raise ServerError("too_large", f"the request body is {len(body)} bytes: at most {MAX_MESSAGE_BYTES}", 413)
    try:
        return json.loads(body)
    except (ValueError, UnicodeDecodeError) as e:
        raise ServerError("bad_json", f"the request body is not JSON: {e}") from None


def _ws_error(code: str, message: str, msg_id: Any = None) -> dict[str, Any]:
    return {"type": "error", "id": msg_id, "code": code, "message": message}


def _game_error(e: LowballError) -> tuple[str, str]:
    """The protocol's error code for a refusal from the table."""
    if isinstance(e, ServerError):
        return e.code, str(e)
    if isinstance(e, SeqError):
        return "stale_seq", str(e)
    if isinstance(e, IllegalActionError):
        return "illegal", str(e)
    if isinstance(e, TableError):
        text = str(e)
        return ("not_your_turn" if "turn" in text or "no hand" in text or "not in hand" in text else "refused"), text
    return "bad_message", str(e)


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


def create_app(game: GameServer | None = None, **options: Any) -> Starlette:
    """The ASGI application of ``lowball serve``.

    Parameters
    ----------
    game : GameServer, optional
        The rooms to serve; by default one is made from ``options`` (the parameters of
        :class:`~lowball.server.game.GameServer`: ``db``, ``tables``, ``variant``, ...) when the
        application starts, and its database closed when it stops.

    Returns
    -------
    starlette.applications.Starlette
        Run it with uvicorn (``lowball serve`` does).
    """
    holder: dict[str, GameServer] = {}

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
        holder["game"] = game if game is not None else GameServer(**options)
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

    async def take_seat(request: Request) -> Response:
        try:
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
            g = server()
            room = g.room(request.path_params["table_id"])
            auth = request.headers.get("authorization", "")
            scheme, _, token = auth.partition(" ")
            if scheme.lower() != "bearer" or not token:
                raise ServerError("bad_token", "expected the header Authorization: Bearer <seat token>", 401)
            now = g.clock()
            sitting = room.sitting_of(token.strip(), now)
            chips = _stored(g, room, room.leave, sitting, now)
            _pump(room, now)
        except ServerError as e:
            return _error(e)
        return JSONResponse({"left": True, "chips": chips})

    async def draw_table(request: Request) -> Response:
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
            table = await run_in_threadpool(odds.discard_table, cards, dead_cards, None, ranking=ranking, **deck)
            data = work.draw_json(table, dead=dead_cards, vs=None, target=None)
        except LowballError as e:
            return _error(ServerError("bad_hand", str(e)))
        return JSONResponse(data, headers=_SECURITY_HEADERS)

    async def play(ws: WebSocket) -> None:
        await ws.accept()
        g = server()
        queue: asyncio.Queue[dict[str, Any] | int] = asyncio.Queue()

        def send(msg: dict[str, Any]) -> None:
            if queue.qsize() >= QUEUE_LIMIT:
                queue.put_nowait(CLOSE_SLOW)
            else:
                queue.put_nowait(msg)

        def close(code: int) -> None:
            queue.put_nowait(code)

        async def writer() -> None:
            with contextlib.suppress(Exception):  # the socket is gone: the reader ends the connection
                while True:
                    item = await queue.get()
                    if isinstance(item, int):
                        await ws.close(item)
                        return
                    await ws.send_text(json.dumps(item, separators=(",", ":")))

        writing = asyncio.create_task(writer())
        conn: Connection | None = None
        room: Room | None = None
        try:
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
                    conn = _hello(g, room, parsed, send, close)
                    if conn is None:
                        return
                    room.conns.add(conn)
                    _pump(room, g.clock())
                    continue
                room = g.rooms[room.id]  # the same room, or the one read back after a failed write
                _handle(g, room, conn, parsed, send)
        except WebSocketDisconnect:
            pass
        finally:
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
                    "other_seat", f"seat {_shown(msg['seat'])}: this token acts only for seat {conn.seat}", msg_id
                )
            )
            return
        try:
            sitting = room.humans.get(conn.seat)
            if sitting is None or sitting.token_hash != conn.token_hash:
                raise ServerError("bad_token", "the seat's token no longer holds it (the player left)")
            if now >= sitting.expires:
                raise ServerError("expired_token", f"the token of seat {conn.seat} expired: take a seat again")
            if sitting.joining:
                raise ServerError("not_your_turn", f"seat {conn.seat}: you sit down when the hand in progress ends")
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
    return Starlette(routes=routes, lifespan=lifespan)


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
    try:
        parsed = json.loads(without_bom(text))  # a byte-order mark ignored, as in a request body
    except ValueError as e:
        return None, ("bad_json", f"the message is not JSON: {e}")
    if not isinstance(parsed, dict):
        return None, ("bad_message", f"expected a JSON object, got {type(parsed).__name__}")
    return parsed, None


def _hello(
    g: GameServer, room: Room, msg: dict[str, Any], send: Callable[[dict[str, Any]], None], close: Callable[[int], None]
) -> Connection | None:
    """The connection a hello opens, or None when its token is refused (the socket is closed)."""
    extra = set(msg) - {"type", "token", "since", "id"}
    since = msg.get("since", 0)
    if extra or type(since) is not int or since < 0:
        send(_ws_error("bad_message", 'expected {"type": "hello", "token": TOKEN or null, "since": N}', _msg_id(msg)))
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
        send({**welcome, "seat": None, "player": None})
        return Connection(None, None, None, since, send, close)
    try:
        sitting = room.sitting_of(token, g.clock())
    except ServerError as e:
        send(_ws_error(e.code, str(e), _msg_id(msg)))
        close(CLOSE_BAD_TOKEN)
        return None
    send({**welcome, "seat": sitting.seat, "player": sitting.player})
    return Connection(sitting.seat, sitting.player, sitting.token_hash, since, send, close)

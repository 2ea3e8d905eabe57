"""The WebSocket protocol of ``lowball serve`` (``/ws/{table_id}``, described in
:mod:`lowball.server`): a hello first, then actions, sitting out and in, pings; every change on
the event loop's thread, one message at a time, over a :class:`~lowball.server.service.Service`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Callable
from typing import Any

import msgspec
from starlette.routing import BaseRoute, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from lowball import wire
from lowball._files import without_bom
from lowball.errors import IllegalActionError, LowballError, SeqError, TableError, WireError, shown_short
from lowball.server.game import MAX_MESSAGE_BYTES, Connection, GameServer, Room, ServerError, dumps
from lowball.server.limits import MAX_DEPTH, too_deep
from lowball.server.service import Service, client_address, same_origin, stored
from lowball.server.transport import SERVER_SEND

__all__ = [
    "websocket_routes",
    "HELLO_SECONDS",
    "QUEUE_LIMIT",
    "BATCH_LIMIT",
    "CLOSE_BAD_TOKEN",
    "CLOSE_NO_TABLE",
    "CLOSE_SLOW",
    "CLOSE_FULL",
    "CLOSE_POLICY",
]

HELLO_SECONDS = 10.0  # a connection must say hello within this
QUEUE_LIMIT = 1000  # messages waiting for a slow client before it is cut off (it reconnects)
BATCH_LIMIT = 32  # messages in one frame at most, for a client whose hello asked for "batch"
CLOSE_BAD_TOKEN = 4401
CLOSE_NO_TABLE = 4404
CLOSE_SLOW = 4408
CLOSE_FULL = 4429  # too many: spectators at the table, sockets of the token, bad tokens from the address
CLOSE_POLICY = 1008


def _ws_error(code: str, message: str, msg_id: Any = None) -> wire.Error:
    return wire.Error(id=msg_id, code=code, message=message)


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


def _msg_id(msg: Any) -> Any:
    """The client's ``id``, echoed only if it is a short scalar (a whole number within 2**53,
    text of at most 64 characters)."""
    value = msg.get("id") if isinstance(msg, dict) else getattr(msg, "id", None)
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int) and abs(value) < 2**53:
        return value
    if isinstance(value, str) and len(value) <= 64:
        return value
    return None


class _Suspended:
    """A write that the socket paused (its transport is not writable: a slow reader): the
    coroutine of the frame being sent, its future, and the frames after it."""

    def __init__(self, coro: Any, future: Any, rest: list[str], ws: WebSocket) -> None:
        self.coro, self.future, self.rest, self.ws = coro, future, rest, ws

    async def finish(self) -> None:
        """Finish the write (in the writer task), then the frames after it."""
        while True:
            await self.future
            try:
                self.future = self.coro.send(None)
            except StopIteration:
                break
        for text in self.rest:
            await self.ws.send_text(text)


_FLUSHES: list[Callable[[], None]] = []  # connections with messages to write at the end of this turn


def _flush_soon(flush: Callable[[], None]) -> None:
    """Have ``flush`` called at the end of the event loop's turn (one callback for all)."""
    if not _FLUSHES:
        asyncio.get_running_loop().call_soon(_flush_all)
    _FLUSHES.append(flush)


def _flush_all() -> None:
    flushes = _FLUSHES[:]
    _FLUSHES.clear()
    for flush in flushes:
        flush()


def _write_now(ws: WebSocket, texts: list[str]) -> _Suspended | None:
    """Write ``texts`` as frames at once, from the caller (no task switch): uvicorn's ``send``
    finishes without waiting while the transport is writable. The frames go through the ASGI
    server's own ``send`` where :class:`~lowball.server.transport.ServerSend` put it in the
    scope (else Starlette's). None when all were written; else the write that had to wait and
    what comes after it.

    Raises
    ------
    Exception
        What ``send`` raises for a socket that is gone.
    """
    send = ws.scope.get(SERVER_SEND, ws.send)
    for i, text in enumerate(texts):
        coro = send({"type": "websocket.send", "text": text})
        try:
            future = coro.send(None)
        except StopIteration:
            continue
        return _Suspended(coro, future, texts[i + 1 :], ws)
    return None


def websocket_routes(service: Service) -> list[BaseRoute]:
    """The WebSocket route of the application, on ``service``."""

    async def play(ws: WebSocket) -> None:
        if same_origin(ws.headers, "https" if ws.url.scheme == "wss" else "http", service.allowed) is not None:
            await ws.close(CLOSE_POLICY)  # before the handshake is accepted: the page is answered 403
            return
        await ws.accept()
        g = service.server()
        queue: asyncio.Queue[Any | int] = asyncio.Queue()
        # What a change sends is gathered (``buffer``) and written at the end of the event loop's
        # turn, for every connection in one go (:func:`_flush_soon`): with "batch", the messages
        # of one turn in one frame; from the loop's own callback, not a task of each socket's.
        # A socket that pauses (a slow reader) hands the rest to the writer task, in order, and
        # the messages after it wait in ``queue`` (``direct[0]`` False) until it is written out.
        direct = [True]
        buffer: list[str] = []

        def send(msg: Any) -> None:
            if direct[0]:
                if not buffer:
                    _flush_soon(flush)
                if isinstance(msg, tuple):
                    buffer.extend(msg)
                else:
                    buffer.append(text(msg))
                return
            if queue.qsize() >= QUEUE_LIMIT:
                queue.put_nowait(CLOSE_SLOW)
            else:
                queue.put_nowait(msg)

        def flush() -> None:
            if not buffer:
                return
            texts = buffer[:]
            buffer.clear()
            if not direct[0]:  # closing, or paused since: after what waits
                queue.put_nowait(tuple(texts))
                return
            if batching[0]:
                frames = [
                    t[0] if len(t) == 1 else "[" + ",".join(t) + "]"
                    for t in (texts[i : i + BATCH_LIMIT] for i in range(0, len(texts), BATCH_LIMIT))
                ]
            else:
                frames = texts
            try:
                suspended = _write_now(ws, frames)
            except Exception:  # the socket is gone: the reader ends the connection
                direct[0] = False
                return
            if suspended is not None:
                direct[0] = False  # the socket paused mid-write: the writer finishes it, then the rest
                queue.put_nowait(suspended)

        def close(code: int) -> None:
            flush()
            direct[0] = False
            queue.put_nowait(code)

        batching = [False]  # the hello asked for "batch": several messages may go in one frame

        def text(item: Any) -> str:
            return item if isinstance(item, str) else dumps(item)

        async def writer() -> None:
            with contextlib.suppress(Exception):  # the socket is gone: the reader ends the connection
                while True:
                    if queue.empty() and not direct[0] and not ws_closing[0]:
                        direct[0] = True  # everything waiting was written: write at once again
                    item = await queue.get()
                    if isinstance(item, int):
                        ws_closing[0] = True
                        await ws.close(item)
                        return
                    if isinstance(item, _Suspended):
                        await item.finish()
                        continue
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
                        if isinstance(more, _Suspended):  # cannot be: one is only ever first
                            await more.finish()
                            continue
                        if isinstance(more, tuple):
                            texts.extend(more)
                        else:
                            texts.append(text(more))
                    await ws.send_text(texts[0] if len(texts) == 1 else "[" + ",".join(texts) + "]")
                    if code is not None:
                        ws_closing[0] = True
                        await ws.close(code)
                        return

        ws_closing = [False]
        writing = asyncio.create_task(writer())
        conn: Connection | None = None
        room: Room | None = None
        client = client_address(ws.client)
        service.sockets[client] += 1
        try:
            if service.sockets[client] > service.max_sockets_per_client:
                send(
                    _ws_error(
                        "too_many_connections",
                        f"{service.max_sockets_per_client} WebSockets from {client} are open already: "
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
                if problem is not None and problem[0] == "bad_token" and conn is None:
                    try:  # refused as a forged token is, and counted against the address
                        service.check_token(client_address(ws.client), problem[4], room, g.clock())
                    except ServerError as e:
                        send(_ws_error(e.code, str(e), problem[3]))
                        close(CLOSE_FULL if e.status == 429 else CLOSE_BAD_TOKEN)
                        return
                if problem is not None:
                    code = "bad_message" if problem[0] == "bad_token" else problem[0]  # a second hello's token
                    send(_ws_error(code, problem[1], problem[3]))
                    if problem[0] == "too_deep":  # not a page's message: the socket is closed
                        close(CLOSE_POLICY)
                        return
                    if conn is None and problem[2] == "hello":  # a hello that is not one: closed
                        close(1008)
                        return
                    continue
                assert parsed is not None
                if conn is None:
                    if not isinstance(parsed, wire.Hello):
                        kind = type(parsed).__struct_config__.tag
                        send(
                            _ws_error(
                                "no_hello",
                                f"the first message must be a hello, not {shown_short(kind)}",
                                _msg_id(parsed),
                            )
                        )
                        continue
                    conn = _hello(g, room, parsed, send, close, client_address(ws.client), service.check_token)
                    if conn is None:
                        return
                    batching[0] = parsed.batch
                    room.conns.add(conn)
                    service.pump(room, g.clock())
                    continue
                room = g.rooms[room.id]  # the same room, or the one read back after a failed write
                _handle(service, g, room, conn, parsed, send)
        except WebSocketDisconnect:
            pass
        finally:
            service.sockets[client] -= 1
            if service.sockets[client] <= 0:
                del service.sockets[client]
            if conn is not None and room is not None:
                g.rooms[room.id].conns.discard(conn)
            if not writing.done():
                queue.put_nowait(1000)
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                    await asyncio.wait_for(writing, 2.0)
                writing.cancel()

    return [WebSocketRoute("/ws/{table_id}", play)]


def _handle(
    service: Service,
    g: GameServer,
    room: Room,
    conn: Connection,
    msg: Any,
    send: Callable[[Any], None],
) -> None:
    msg_id = msg.id
    now = g.clock()
    if isinstance(msg, wire.Ping):
        send(wire.Pong(id=msg_id))
        return
    if isinstance(msg, wire.Hello):
        send(_ws_error("bad_message", "hello was already said on this connection", msg_id))
        return
    if conn.token_hash is None or conn.seat is None:
        send(_ws_error("no_seat", "a spectator cannot act: take a seat first", msg_id))
        return
    seat = getattr(msg, "seat", msgspec.UNSET)
    if seat is not msgspec.UNSET and seat != conn.seat:
        send(
            _ws_error(
                "other_seat", f"seat = {shown_short(seat)}: this token acts only for seat {conn.seat + 1}", msg_id
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
        if isinstance(msg, wire.Act):
            action = wire.action_of(msg.action, "action")
            result = stored(g, room, room.act, sitting, action, msg.seq, now)
            send(wire.Ack(id=msg_id, seq=result.seq, repeated=result.repeated))
        else:
            stored(g, room, room.sit_out if isinstance(msg, wire.SitOut) else room.sit_in, sitting, now)
    except LowballError as e:
        code, text = _game_error(e)
        send(_ws_error(code, text, msg_id))
        return
    service.pump(room, now)


def _parse(msg: Any) -> tuple[Any, tuple[str, str, Any, Any, Any] | None]:
    """A client's frame as its :data:`lowball.wire.ClientMessage`, or the error to answer it
    with: ``(code, message, type, id, token)``, the message's ``type`` and ``id`` where it is a
    JSON object that has them (the id echoed only if :func:`_msg_id` allows); a hello whose token
    is not text has the code ``bad_token`` and its ``token``: it is refused as a forged token."""
    text = msg.get("text")
    if text is None:
        return None, ("bad_message", "binary frames are not accepted: send JSON text", None, None, None)
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE_BYTES:
        return None, ("too_large", f"the message is {size} bytes: at most {MAX_MESSAGE_BYTES}", None, None, None)
    if too_deep(text):
        return None, (
            "too_deep",
            f"the message nests arrays and objects over {MAX_DEPTH} levels deep",
            None,
            None,
            None,
        )
    text = without_bom(text)  # a byte-order mark ignored, as in a request body
    try:
        return wire.decode(text, wire.ClientMessage), None
    except WireError as e:
        try:
            doc = json.loads(text)
        except ValueError as bad:
            return None, ("bad_json", f"the message is not JSON: {bad}", None, None, None)
        kind = doc.get("type") if isinstance(doc, dict) else None
        if kind == "hello" and e.path == "token":  # a token that is not text: a forged one
            return None, ("bad_token", str(e), kind, _msg_id(doc), e.value)
        return None, ("bad_message", _in_words(e, kind), kind, _msg_id(doc), None)


def _in_words(e: WireError, kind: Any) -> str:
    """A refused message's error text: the wire's (naming the field and the value) and, for a
    hello, what one looks like."""
    if kind == "hello":
        return f'{e}; expected {{"type": "hello", "token": TOKEN or null, "since": N, "batch": true or false}}'
    return str(e)


def _hello(
    g: GameServer,
    room: Room,
    msg: wire.Hello,
    send: Callable[[Any], None],
    close: Callable[[int], None],
    client: str,
    check_token: Callable[[str, object, Room, float], Any],
) -> Connection | None:
    """The connection a hello opens, or None when it is refused (the socket is closed): a bad
    token (counted against ``client``), a full table of spectators, a token with as many
    sockets open as it may have."""
    if msg.version is not None and msg.version != wire.VERSION:
        send(
            _ws_error(
                "bad_version",
                f"version = {shown_short(msg.version)}: this server speaks version {wire.VERSION} of the wire format",
                _msg_id(msg),
            )
        )
        close(1008)
        return None
    since = msg.since
    token = msg.token
    facts = room.summary()
    welcome: dict[str, Any] = {
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
        send(wire.Welcome(**welcome, seat=None, player=None))
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
        stored(g, room, room.connected, sitting, now)
    except ServerError as e:
        send(_ws_error(e.code, str(e), _msg_id(msg)))
        close(1011)
        return None
    send(wire.Welcome(**welcome, seat=sitting.seat, player=sitting.player))
    return Connection(sitting.seat, sitting.player, sitting.token_hash, since, send, close)

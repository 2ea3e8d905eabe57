"""The HTTP routes of ``lowball serve``: the lobby and table pages, the list of tables, taking
and leaving a seat, and the draw table (``GET /api/draw``), over a
:class:`~lowball.server.service.Service` (the protocol is described in :mod:`lowball.server`).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from lowball import wire
from lowball.cards import read_cards, read_hand
from lowball.errors import MISSING, LowballError, StoreError, WireError, shown
from lowball.evaluation import as_ranking
from lowball.server.game import MAX_MESSAGE_BYTES, ServerError
from lowball.server.limits import MAX_DEPTH, too_deep
from lowball.server.service import Service, client_address, stored

__all__ = ["http_routes", "sitgo_routes", "STATIC", "DRAW_WAITING", "HANDS_AT_ONCE", "SECURITY_HEADERS"]

_F = TypeVar("_F")
BOM_BYTES = "\ufeff".encode()  # a byte-order mark before a body's JSON: skipped, as json.loads did
STATIC = Path(__file__).with_name("static")
HANDS_AT_ONCE = 25  # hands in one answer of GET /api/tables/{id}/hands
DRAW_WAITING = 8  # draw tables in flight (one counted, the others waiting for it); one more is answered busy
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; "
        "script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


def _answer(form: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """The JSON answer of a :mod:`lowball.wire` form."""
    return Response(wire.encode(form), status_code=status, headers=headers, media_type="application/json")


def _error(e: ServerError, retry_after: float | None = None) -> Response:
    """The error's JSON answer (:class:`lowball.wire.HttpError`; ``Retry-After`` when the client
    may try again in so many seconds: ``retry_after``, or the error's own)."""
    if retry_after is None:
        retry_after = getattr(e, "retry_after", None)
    headers = None if retry_after is None else {"Retry-After": str(max(1, math.ceil(retry_after)))}
    return _answer(wire.HttpError(error=str(e), code=e.code), e.status, headers)


_FIELD_CODES = {"player": "bad_name", "seat": "bad_seat"}  # a body's field: the code of its refusal
_TAKE_SEAT = 'a seat is taken with {"player": NAME} or {"player": NAME, "seat": N}'
_REGISTER = 'a sit & go entry is asked for with {"player": NAME}'


async def _body(request: Request, form: type[_F], shape: str, words: dict[str, str] | None = None) -> _F:
    """The request's JSON body as the :mod:`lowball.wire` ``form`` (read with a cap:
    :class:`~lowball.server.transport.BodyLimit`; a leading byte-order mark skipped).

    Raises
    ------
    ServerError
        ``too_large`` (413), ``too_deep``, ``bad_json`` (not JSON), or for a body that does not
        match the form, the code of the field (``bad_name`` for ``player``, ``bad_seat`` for
        ``seat``; ``bad_message`` for the rest), naming the field and the value (the wire's
        :class:`~lowball.errors.WireError`; ``words`` what a field must be, where the server
        says it better than the form: the table's own seats) and, for a body that is not one
        object of the form's fields, ``shape``."""
    try:
        body = await request.body()
    except ClientDisconnect:  # gone, or cut off as too slow: nobody reads the answer
        raise ServerError("gone", "the client went away before its request body arrived") from None
    if len(body) > MAX_MESSAGE_BYTES:
        raise ServerError("too_large", f"the request body is {len(body)} bytes: at most {MAX_MESSAGE_BYTES}", 413)
    if too_deep(body):
        raise ServerError("too_deep", f"the request body nests arrays and objects over {MAX_DEPTH} levels deep")
    try:
        return wire.decode(body.removeprefix(BOM_BYTES), form)  # type: ignore[no-any-return]
    except WireError as e:
        if not e.path and e.expected.startswith("JSON"):
            raise ServerError("bad_json", f"the request body is not {e.expected}") from None
        if words and e.path in words and e.value is not MISSING:
            e = WireError(e.path, e.value, words[e.path])
        text = str(e) if e.path else "the request body" + str(e).removeprefix("the message")
        if not e.path or (e.value is not MISSING and e.path not in _FIELD_CODES):
            text += f"; {shape}"  # not an object, or a field the form has not
        raise ServerError(_FIELD_CODES.get(e.path, "bad_message"), text) from None


def http_routes(service: Service) -> list[BaseRoute]:
    """The HTTP routes of the application, on ``service``."""

    async def lobby(request: Request) -> Response:
        return FileResponse(STATIC / "lobby.html", headers=SECURITY_HEADERS)

    async def table_page(request: Request) -> Response:
        try:
            service.server().room(request.path_params["table_id"])
        except ServerError as e:
            return _error(e)
        return FileResponse(STATIC / "table.html", headers=SECURITY_HEADERS)

    async def tables(request: Request) -> Response:
        try:
            lines = service.server().lobby()
        except StoreError as e:
            return _error(ServerError("store_failed", f"the database failed: {e}", 503))
        summaries = [wire.TableSummary(**line) for line in lines]
        return _answer(wire.Tables(tables=summaries), headers=SECURITY_HEADERS)

    async def take_seat(request: Request) -> Response:
        try:
            service.check_origin(request)
            g = service.server()
            room = g.room(request.path_params["table_id"])
            body = await _body(request, wire.TakeSeat, _TAKE_SEAT, {"seat": room.seat_words()})
            now = g.clock()
            token, sitting = stored(g, room, room.join, body.player, body.seat, now)
            service.pump(room, now)
        except ServerError as e:
            return _error(e)
        except LowballError as e:
            return _answer(wire.HttpError(error=str(e), code="refused"), 409)
        taken = wire.SeatTaken(
            token=token, table=room.id, seat=sitting.seat, player=sitting.player, expires=sitting.expires
        )
        return _answer(taken, headers=SECURITY_HEADERS)

    async def leave(request: Request) -> Response:
        try:
            service.check_origin(request)
            g = service.server()
            room = g.room(request.path_params["table_id"])
            auth = request.headers.get("authorization", "")
            scheme, _, token = auth.partition(" ")
            if scheme.lower() != "bearer" or not token:
                raise ServerError("bad_token", "expected the header Authorization: Bearer <seat token>", 401)
            now = g.clock()
            sitting = service.check_token(client_address(request.client), token.strip(), room, now)
            chips = stored(g, room, room.leave, sitting, now)
            service.pump(room, now)
        except ServerError as e:
            return _error(e)
        return _answer(wire.Left(left=True, chips=chips))

    async def hands(request: Request) -> Response:
        """``GET /api/tables/{table_id}/hands``: the hands the seat token's sitting was dealt in,
        as that player's PokerStars file (``text/plain``; only his cards face up, the others'
        where shown), for his tracker: ``?since=N`` gives the hands numbered above N; at most
        :data:`HANDS_AT_ONCE` hands an answer (ask again with the last one's number)."""
        try:
            g = service.server()
            room = g.room(request.path_params["table_id"])
            auth = request.headers.get("authorization", "")
            scheme, _, token = auth.partition(" ")
            if scheme.lower() != "bearer" or not token:
                raise ServerError("bad_token", "expected the header Authorization: Bearer <seat token>", 401)
            since_text = request.query_params.get("since", "0")
            if not (since_text.isascii() and since_text.isdigit() and len(since_text) <= 18):
                raise ServerError("bad_since", f"since = {shown(since_text[:20])}: expected a hand number 0 or more")
            if set(request.query_params) - {"since"}:
                extra = sorted(set(request.query_params) - {"since"})[0]
                raise ServerError("bad_query", f"{shown(extra[:20])}: expected no query but since=N")
            now = g.clock()
            sitting = service.check_token(client_address(request.client), token.strip(), room, now)
            if sitting.sitting is None:
                text = ""  # still joining: dealt nothing yet
            else:
                # in the loop, not a thread: the store's connection is the loop's; a page of hands is short
                text = room.table.pokerstars_for(sitting.sitting, int(since_text), limit=HANDS_AT_ONCE)
        except ServerError as e:
            return _error(e)
        return PlainTextResponse(text, headers=SECURITY_HEADERS)

    async def draw_table(request: Request) -> Response:
        """``GET /api/draw``, rate-limited per client address, from a cache when it repeats, one
        count at a time (:func:`draw_answer`)."""
        limit = service.draw_limit
        assert limit is not None, "the application has not started"
        wait = limit.take(client_address(request.client))
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
        data = service.draws.get(key)
        if data is not None:
            return data
        if service.waiting >= DRAW_WAITING:
            raise ServerError("busy", "the server is counting other draw tables: try again in a moment", 503)
        service.waiting += 1
        try:
            async with service.counting:
                data = service.draws.get(key)  # counted while this one waited
                if data is None:
                    data = await run_in_threadpool(count)
                    service.draws.put(key, data)
        finally:
            service.waiting -= 1
        return data

    async def draw_answer(request: Request) -> Response:
        from lowball import odds

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
                variant = service.server().room(table_id).table.variant
                ranking = variant.ranking
                deck.update(rule=variant.reshuffle, burn=variant.burn)  # the table's muck, reshuffled its way
                if ranking_name is not None and as_ranking(ranking_name) is not ranking:
                    raise ServerError(
                        "bad_ranking",
                        f"ranking = {shown(ranking_name)}: table {table_id} plays {shown(ranking.value)}",
                    )
            else:
                ranking = as_ranking(ranking_name if ranking_name is not None else "2-7")
        except ServerError as e:
            return _error(e)
        except LowballError as e:
            return _error(ServerError("bad_ranking", str(e)))
        try:
            cards = read_hand(hand, "hand", ranking.hand_size)
            dead_cards = read_cards(dead or None, "dead")
            odds.check_places([("the hand", cards), ("dead", dead_cards)])

            def count() -> dict[str, Any]:
                table = odds.discard_table(cards, dead_cards, None, ranking=ranking, **deck)
                return table.to_dict(dead=dead_cards)

            # the key: everything the table depends on (the draws to come, the deck's rule and burn)
            key = (ranking.value, tuple(cards), tuple(sorted(dead_cards)), tuple(sorted(deck.items())))
            data = await count_draw(key, count)
        except ServerError as e:
            return _error(e, 1.0 if e.status == 503 else None)
        except LowballError as e:
            return _error(ServerError("bad_hand", str(e)))
        return _answer(wire.to_wire(data), headers=SECURITY_HEADERS)

    return [
        Route("/", lobby),
        Route("/table/{table_id}", table_page),
        Route("/api/tables", tables),
        Route("/api/tables/{table_id}/seats", take_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave, methods=["POST"]),
        Route("/api/tables/{table_id}/hands", hands),
        Route("/api/draw", draw_table),
    ]


def sitgo_routes(service: Service) -> list[BaseRoute]:
    """The routes of the server's sit & go (:mod:`lowball.server.sitgo`): ``GET /api/sitgo``
    (its ``tournament`` message, ``you`` the person of an ``Authorization: Bearer`` token),
    ``POST /api/sitgo/register`` with ``{"player": NAME}`` (his token, a ``SitAndGoEntry``) and
    ``POST /api/sitgo/start`` (bots take the empty places; the ``tournament`` message). When
    the server runs none, the GET answers 204 (no content) and the POSTs 404 ``no_sit_and_go``."""

    def sitgo() -> Any:
        g = service.server()
        if g.sitgo is None:
            raise ServerError("no_sit_and_go", "this server runs no sit & go (lowball serve --sit-and-go N)", 404)
        return g.sitgo

    def pump_all(now: float) -> None:
        g = service.server()
        from lowball.server.sitgo import TournamentRoom

        for room in list(g.rooms.values()):
            if isinstance(room, TournamentRoom):
                service.pump(room, now)

    async def status(request: Request) -> Response:
        if service.server().sitgo is None:  # none: nothing to show (a page asks without an error)
            return Response(status_code=204, headers=SECURITY_HEADERS)
        try:
            s = sitgo()
            now = service.server().clock()
            scheme, _, token = request.headers.get("authorization", "").partition(" ")
            player = s.person_of(token.strip(), now) if scheme.lower() == "bearer" and token else None
        except ServerError as e:
            return _error(e)
        return _answer(s.form(player), headers=SECURITY_HEADERS)

    async def register(request: Request) -> Response:
        try:
            service.check_origin(request)
            s = sitgo()
            body = await _body(request, wire.SitAndGoRegister, _REGISTER)
            now = service.server().clock()
            token, person = s.register(body.player, now)
            pump_all(now)
        except ServerError as e:
            return _error(e)
        entry = wire.SitAndGoEntry(token=token, player=person.player, expires=person.expires)
        return _answer(entry, headers=SECURITY_HEADERS)

    async def start(request: Request) -> Response:
        try:
            service.check_origin(request)
            s = sitgo()
            now = service.server().clock()
            s.start(now)
            pump_all(now)
        except ServerError as e:
            return _error(e)
        return _answer(s.form(), headers=SECURITY_HEADERS)

    return [
        Route("/api/sitgo", status),
        Route("/api/sitgo/register", register, methods=["POST"]),
        Route("/api/sitgo/start", start, methods=["POST"]),
    ]

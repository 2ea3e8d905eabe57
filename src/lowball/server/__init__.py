"""``lowball serve``: a reference game server on :class:`lowball.table.Table` and its SQLite store,
with a lobby and a browser table (the optional extra ``pip install 'lowball-poker[server]'``:
Starlette, uvicorn and websockets).

It runs tables ``t1``, ``t2``, ... People take a seat over HTTP and get a **seat token**;
built-in bots fill the other seats and leave when people come.

**Seat numbers.** The JSON numbers seats from 0, as :class:`~lowball.table.Table` does (a
``seat`` field, ``button``, ``actor``, ...); what people read counts them from 1: the pages,
and every ``error``/``message`` text ("seat 3 of table t1 is a person's" is the JSON's seat 2),
except where the text quotes a field of the message with ``=`` ("seat = 2: ..."). The bot in
the seat people call 3 is ``bot3``. Everything a table does is stored (SQLite, WAL) before it is
answered, so a server killed at any moment and started again on the same database goes on
where it was, mid-hand included; pages reconnect by themselves.

Every message is a form of :mod:`lowball.wire` (version :data:`lowball.wire.VERSION`; JSON
Schemas in ``lowball/schemas/``; ``docs/protocol.md`` documents each with an example): cards are
lists of card texts (``["Kd", "Qs"]``).

HTTP (JSON; an error is ``{"error": message, "code": code}`` with a 4xx or 5xx status). Any
request: 413 ``too_large`` for a body over 4096 bytes (at once from its ``Content-Length``, else
as soon as what came passes it; the connection is closed), 400 ``too_deep`` for a JSON body
nested over 32 levels, 408 ``too_slow`` (then closed) for a request whose head and body did
not arrive within ``request_seconds`` (10) of its first byte, 503 ``busy`` (then closed) for a
connection over the server's bounds (``max_connections`` in all, ``max_per_client`` from one
address before it becomes a WebSocket); an idle keep-alive connection is closed after
``keep_alive_seconds`` (5). A page of another origin (an ``Origin`` header that is neither the
server's own, ``http://HOST`` of its ``Host``, nor one of ``allow_origins``) is refused 403
``bad_origin`` for the POSTs below; a request without ``Origin`` (a program) is not. 429
answers carry ``Retry-After`` (seconds).

- ``GET /api/tables``: ``{"tables": [{"id", "variant", "name", "stakes", "limit", "ranking",
  "game", "hand_size", "seats", "humans", "bots", "taken", "hand", "served"}]}`` (``ranking`` the
  table's :class:`~lowball.evaluation.Ranking` value, ``"2-7"``, ``"a-5"`` or ``"badugi"``;
  ``game`` its title; ``hand_size`` 5, or 4 in badugi; ``served`` ``"here"``, or for the other
  tables of a PostgreSQL database shared with other server processes, listed after, as last
  stored, ``"elsewhere"`` or ``"nobody"``; their pages, seats and sockets are answered 404
  ``served_elsewhere`` or ``not_served``). Tables may play different games (a mixed room).
- ``POST /api/tables/{id}/seats`` with ``{"player": NAME, "seat": N}`` (``seat`` optional:
  without it, the free seat, else the bot's seat, where the player is dealt in soonest by the
  table's rules): ``{"token", "table", "seat", "player", "expires"}``. A bot in that seat leaves
  when the hand in progress ends (until then the seat's status is ``joining``). The body is read
  by :class:`lowball.wire.TakeSeat`: 400 ``bad_name`` for a bad name (a name is 1 to 20
  printable characters, not beginning or ending with a space: no control or format character,
  no lone surrogate), ``bad_seat`` for a bad seat, ``bad_message`` for another field or a body
  that is not an object, each naming the field and the value; 404 for no such table, 409 for a
  taken name or seat or a full table.
- ``POST /api/tables/{id}/leave`` with ``Authorization: Bearer TOKEN``: ``{"left": true,
  "chips": N or null}`` (null: the hand in progress is played out first); the token stops working.
  After ``bad_token_limit`` (10) bad tokens from one address within a minute (here or in a
  hello), its tokens are refused for a minute: 429 ``too_many_bad_tokens``.
- ``GET /api/tables/{id}/hands[?since=N]`` with ``Authorization: Bearer TOKEN``: the hands the
  token's sitting was dealt in, as that player's PokerStars file (``text/plain``: only his cards
  face up, the others' as their showdown showed them), for his tracker; at most 25 hands an
  answer, those numbered above ``since`` (400 ``bad_since``; 401 ``bad_token``).
- A seat taken with a token that no page connects with (an accepted hello) within
  ``seat_release_seconds`` (120) is given up, as when the token expires.
- ``GET /api/draw?hand=CARDS[&dead=CARDS][&table=ID][&ranking=NAME]``: the ``lowball draw
  --json`` table of a hand in the ranking of table ``ID`` (or ``ranking``: ``2-7``, ``a-5``,
  ``badugi``; 2-7 by default); 400 ``bad_ranking`` for an unknown ranking or one the table
  does not play. Each address may ask ``draw_rate`` (2) a second after 10 at once (429
  ``rate_limited``, answered when it may ask again, at most a second later); a table asked
  again (the same ranking, hand and dead cards) comes from a cache; one is counted at a time
  (in a thread, so the tables play on), and with 8 in flight one more is answered 503 ``busy``.
- With a sit & go (``GameServer(sit_and_go=...)``, ``lowball serve --sit-and-go N``; see
  :mod:`lowball.server.sitgo`): ``GET /api/sitgo`` its ``tournament`` message
  (:class:`lowball.wire.TournamentState`; ``you`` for an ``Authorization: Bearer`` token),
  ``POST /api/sitgo/register`` with ``{"player": NAME}`` (his token, good at whichever of its
  tables he plays) and ``POST /api/sitgo/start`` (bots take the empty places); without one,
  the GET answers 204 (no content) and the POSTs 404 ``no_sit_and_go``. Its tables
  ``sng-1``, ``sng-2``, ... are played over the WebSocket as any table; their pages also get
  the ``tournament`` message after each change, and a person moved to another table has his
  pages there sent it and closed with 4000.
- ``GET /`` the lobby, ``GET /table/{id}`` the table page, ``/static/...`` their files.

WebSocket ``/ws/{id}``, JSON text frames of at most 4096 bytes, nested at most 32 levels (a
deeper one is answered ``too_deep`` and the socket closed with 1008: no page sends one). A
handshake from a page of another origin (see HTTP above) is refused with 403. The client says
first ``{"type": "hello", "token": TOKEN or null, "since": N, "batch": true}`` (null: a
spectator; ``since`` the last event number it has seen, 0 for a new page, which starts at the
current hand, as does a number beyond the table's last event; ``batch``, optional, false by
default: the server may then send several messages in one frame, as a JSON array of them in
order; a frame that holds one message is that message, as without ``batch``), then
``{"type": "act", "id": ANY, "seq": N, "action": {"kind": ..., "amount": N, "cards": "Kd Qs"}}``
(``seq`` the table's action number from the last ``state``; ``amount`` the total wager *to*
this round), ``{"type": "sit_out"}``, ``{"type": "sit_in"}`` or ``{"type": "ping"}``.
The server sends ``welcome`` (the table's variant, its ``ranking``, ``game`` and ``hand_size``,
the stakes, the seat and player), then
``events`` (every :class:`~lowball.table.TableEvent` numbered above what the connection was sent,
as that seat may see it: the cards of its own sitting only, each event's ``sitting`` naming
the sitting of its seat; a ``show`` event carries the ``description`` of the
hand shown, the server's :func:`~lowball.evaluation.describe` in the table's ranking) and
``state`` (the table as that seat may see it: seats with chips, bets and cards drawn
(``joining``: the person who takes a bot's seat when the hand ends), the pot, the seat to act and
its ``time_left``, the table's ``ranking`` and ``hand_size``, ``you`` with your cards, sorted
as a low is read in the table's game (A-5 and badugi: the ace low and last), their
``description``, the legal actions and, while you wait to be dealt in (``waiting``, or
``joining`` a bot's seat), ``coming_in``: ``{"hands": N, "by": ...}`` (hands dealt before yours,
0: the next; ``by`` ``"big_blind"``, ``"post"``, ``"kill"`` or ``"play"``, see
:meth:`Table.coming_in <lowball.table.Table.coming_in>`) or null, and the last ``showdown``
with the hands described)
after every change; ``ack`` (``id``, ``seq``, ``repeated``) for an accepted action and
``error`` (``id``, ``code``, ``message``) for a refused message, after which nothing at the
table has changed. A hello with a forged or expired token is answered with an
error and the socket is closed with code 4401. Closed with 4429 (try again later) after an
``error``: ``spectators_full`` (a table takes ``max_spectators``, 50, at once),
``too_many_sockets`` (a token holds ``sockets_per_token``, 4, sockets at a table at once),
``too_many_connections`` (one address holds ``max_sockets_per_client``, 64, WebSockets at once,
hello said or not) and ``too_many_bad_tokens`` (see ``leave``).

Security: a token is 256 random bits, kept in the database only as its SHA-256; it acts only for
its own seat (the seat is never taken from the message) and sees only its own cards; no other
seat's hole cards or discards are sent before the showdown, and mucked hands never. The pages
build their text with ``textContent`` and are served with a strict Content-Security-Policy.
``lowball serve`` binds 127.0.0.1 unless told otherwise. The limits per client key on the
connection's address (uvicorn's proxy headers are off: an ``X-Forwarded-For`` cannot dodge
them; behind a proxy of your own, every client is the proxy's address).
"""

from __future__ import annotations

from typing import Any

from lowball.server.game import GameServer, Room, ServerError

__all__ = ["GameServer", "Room", "ServerError", "create_app", "serve"]


def create_app(*args: object, **kwargs: object) -> object:
    """:func:`lowball.server.app.create_app` (imported when called, so that this package can be
    imported without the server extra)."""
    from lowball.server.app import create_app as make

    return make(*args, **kwargs)  # type: ignore[arg-type]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    request_seconds: float = 10.0,
    keep_alive_seconds: float = 5.0,
    max_connections: int | None = None,
    max_per_client: int = 32,
    **options: Any,
) -> None:
    """Run the server until interrupted (uvicorn, with the bounds of
    :func:`lowball.server.transport.uvicorn_config`: a request's head and body must arrive within
    ``request_seconds``, idle keep-alive connections close after ``keep_alive_seconds``, at most
    ``max_connections`` connections are open (None: the open-file limit less a reserve) and
    ``max_per_client`` from one address before they become WebSockets; WebSocket frames above
    64 KiB are refused by uvicorn itself, those above 4096 bytes answered with ``too_large``).
    ``options`` are :func:`~lowball.server.app.create_app`'s and
    :class:`~lowball.server.game.GameServer`'s.

    Raises
    ------
    ServerError
        For a ``port`` that is not a whole number 1..65535 (any integer type), before anything
        starts; or a bad option (naming it).
    """
    from lowball.errors import InvalidValueError, real_number, shown, whole_number

    try:
        port = whole_number(port, "port", 1, 65535)
        max_per_client = whole_number(max_per_client, "max_per_client", 1, 100_000)
        if max_connections is not None:
            max_connections = whole_number(max_connections, "max_connections", 1, 1_000_000)
    except InvalidValueError as e:
        raise ServerError("bad_option", str(e)) from None
    for name, value in (("request_seconds", request_seconds), ("keep_alive_seconds", keep_alive_seconds)):
        seconds = real_number(value)
        if seconds is None or not 0 < seconds <= 3600:
            raise ServerError("bad_option", f"{name} = {shown(value)}: expected seconds above 0, at most 3600")
    import uvicorn

    from lowball.server.app import create_app as make
    from lowball.server.transport import uvicorn_config

    config = uvicorn_config(
        make(**options),
        host,
        port,
        request_seconds=float(request_seconds),
        keep_alive_seconds=float(keep_alive_seconds),
        max_connections=max_connections,
        max_per_client=max_per_client,
    )
    uvicorn.Server(config).run()

"""The game side of ``lowball serve``, free of any web framework: rooms (one
:class:`~lowball.table.Table` each, with its SQLite store), seat tokens, bots that fill empty
seats, and the JSON messages each seat may see. :mod:`lowball.server.app` puts it on the web.

Everything here runs on one thread (the server's event loop): a :class:`Room` is changed only by
its methods, each of which leaves the table and the room's own records stored together, in one
SQLite transaction, before it returns.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import random
import re
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from lowball import wire
from lowball.bots import BOTS, make_bot
from lowball.cards import Card
from lowball.engine import Action, PlayStrategy
from lowball.engine.records import SECRET_KINDS
from lowball.errors import (
    InvalidValueError,
    LowballError,
    TableHeldError,
    name_text,
    printable_text,
    real_number,
    shown,
    shown_short,
    whole_number,
)
from lowball.evaluation import describe, sorted_hand
from lowball.postgres import open_store
from lowball.store import SQLiteStore
from lowball.table import BuyIn, SeatInfo, Table, TableEvent
from lowball.variants import VARIANTS, FixedLimit, NoLimit, Variant
from lowball.wallet import PlayChipsWallet, Wallet

__all__ = [
    "GameServer",
    "Room",
    "Sitting",
    "Connection",
    "ServerError",
    "MAX_MESSAGE_BYTES",
    "variant_facts",
    "dumps",
    "shown_short",
    "token_hash",
    "person_name",
]

MAX_MESSAGE_BYTES = 4096  # the largest client message answered; larger ones get "too_large"
NAME_LENGTH = 20  # a player's name at the server: 1..20 printable characters (errors.name_text)
BOT_NAME = re.compile(r"^bot\d+$", re.IGNORECASE)  # bots' names ("bot3" sits at seat 3 as people count: the JSON's 2)


def person_name(player: object) -> str:
    """``player`` as a person's name at the server: printable text of 1 to :data:`NAME_LENGTH`
    characters (:func:`lowball.errors.name_text`), not a bot's name (``bot1``, ``bot2``, ...).

    Raises
    ------
    ServerError
        ``bad_name`` (400), naming the value.
    """
    try:
        name = name_text(player, "player", length=NAME_LENGTH)
    except InvalidValueError as e:
        raise ServerError("bad_name", str(e)) from None
    if BOT_NAME.match(name):
        raise ServerError("bad_name", f"player = {shown(name)}: names bot1, bot2, ... are the bots'")
    return name


_DATA = "lowball.server"  # the store namespace of the rooms' own records
log = logging.getLogger("lowball.server")


class ServerError(LowballError):
    """A request the server refuses; ``code`` names the kind (as the protocol's ``error``
    messages do) and ``status`` is the HTTP status for it."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


def token_hash(token: str) -> str:
    """Tokens are kept only as their SHA-256: the database never holds one that could act."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


_token_hash = token_hash


def variant_facts(variant: Variant) -> dict[str, Any]:
    """What the lobby shows of a variant: its code, name, stakes (fixed limit: small bet / big
    bet; pot and no limit: the blinds), its betting kind (``fixed``, ``pot``, ``no``) and its
    game: ``ranking`` (the :class:`~lowball.evaluation.Ranking` value: ``"2-7"``, ``"a-5"``,
    ``"badugi"``), ``game`` (its title, ``"badugi"``) and ``hand_size`` (cards per hand: 5, or
    4 in badugi)."""
    b = variant.betting
    f = variant.forced
    if isinstance(b, FixedLimit):
        stakes, limit = f"{b.small_bet}/{b.big_bet}", "fixed"
    else:
        stakes, limit = f"{f.small_blind}/{f.big_blind}", "no" if isinstance(b, NoLimit) else "pot"
    return {
        "variant": variant.code,
        "name": variant.name,
        "stakes": stakes,
        "limit": limit,
        "ranking": variant.ranking.value,
        "game": variant.ranking.title,
        "hand_size": variant.hand_size,
    }


@dataclass
class Sitting:
    """A person's claim on a seat: the hash of their token, their name, when the token expires
    (seconds on the server's clock), whether they still wait for a bot to leave the seat, the
    table's sitting they began when they sat down (:attr:`lowball.table.SeatInfo.sitting`; None
    while joining: the cards they are shown are that sitting's only), when the seat was taken and
    whether a page has connected with the token since (a seat nobody connected to is given up
    after ``seat_release_seconds``; seats of a database written before these were kept count as
    connected)."""

    token_hash: str
    seat: int
    player: str
    expires: float
    joining: bool = False
    sitting: int | None = None
    taken: float | None = None
    connected: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "token_hash": self.token_hash,
            "seat": self.seat,
            "player": self.player,
            "expires": self.expires,
            "joining": self.joining,
            "sitting": self.sitting,
            "taken": self.taken,
            "connected": self.connected,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Sitting:
        # a name stored before names were checked is read as the table reads it
        return cls(
            d["token_hash"],
            d["seat"],
            printable_text(d["player"]),
            d["expires"],
            d["joining"],
            d.get("sitting"),
            d.get("taken"),
            d.get("connected", True),
        )


@dataclass(eq=False)  # one object per socket: kept in a set by identity
class Connection:
    """One open page or client: whose seat it serves (None: a spectator), the last event number
    sent to it, ``send``, which queues one message for it (a JSON-ready dict, or its JSON text
    made once for several connections, or a tuple of such texts: messages sent one after the
    other), and ``close``, which ends it with a WebSocket close code (its token no longer holds
    the seat)."""

    seat: int | None
    player: str | None
    token_hash: str | None
    sent: int
    send: Callable[[dict[str, Any] | str | tuple[str, ...]], None]
    close: Callable[[int], None]
    state_sent: tuple[int, int, float | None, int] | None = field(default=None)


class Room:
    """One table of the server: the :class:`~lowball.table.Table`, the people sitting at it with
    their tokens, the bots in the other seats, and the pages connected to it.

    A person's seat is theirs while their token is valid (``token_hours``); a bot in the seat
    they asked for leaves at the end of the hand in progress. Bots fill every empty seat while at
    least one person sits at the table, and a hand is dealt ``next_hand_delay`` seconds after the
    last one only then (a table of bots alone waits). Chips are play chips: a player who goes
    broke is topped up to the buy-in before the next hand.
    """

    def __init__(self, server: GameServer, table: Table, data: dict[str, Any] | None = None) -> None:
        self.server = server
        self.table = table
        self.id = table.table_id
        self.humans: dict[int, Sitting] = {}
        self.bots: dict[int, PlayStrategy] = {}
        self.bot_kinds: dict[int, str] = {}
        self.conns: set[Connection] = set()
        self.next_deal: float | None = None
        self.bot_due: tuple[int, float] | None = None  # (seq, time) a bot acts at
        self.showdown: wire.HandResult | None = None  # the last finished hand's
        self._result = wire.HandResult(hand=0)
        self._seen = 0
        self._texts: dict[tuple[int, bool], str] = {}  # event texts made (see _event_text)
        self._texts_you: dict[tuple[Any, ...], str] = {}  # the texts of ``you`` made (see _you_text)
        self._hands: dict[tuple[Card, ...], tuple[list[str], str | None]] = {}  # see _hand_json
        self._limit = variant_facts(table.variant)["limit"]
        self.version = 0
        self.hand_from = 0  # the event number before the last hand's first: where a new page starts
        self._rng = random.Random()
        if data:
            for d in data.get("humans", ()):
                s = Sitting.from_dict(d)
                if s.sitting is None and not s.joining:  # saved before sittings: the seat's if it is theirs
                    info = table.seats[s.seat]
                    s.sitting = info.sitting if info is not None and info.player == s.player else None
                self.humans[s.seat] = s
            for seat, kind in data.get("bots", {}).items():
                self._add_bot_strategy(int(seat), kind)
        self._seen = max(0, table.event_number - 2000)
        self._scan()

    # -- records ----------------------------------------------------------------------------

    def _save(self) -> None:
        self.version += 1  # the pages' state shows who sits and who waits: send it again
        data = {
            "humans": [s.to_dict() for s in self.humans.values()],
            "bots": {str(k): v for k, v in self.bot_kinds.items()},
        }
        self.server.store.put_data(_DATA, self.id, data)

    def _add_bot_strategy(self, seat: int, kind: str) -> None:
        self.bots[seat] = make_bot(kind, self.table.variant, random.Random(self._rng.getrandbits(64)))
        self.bot_kinds[seat] = kind

    # -- what the lobby and the pages see --------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The lobby's line for this table."""
        taken = [s for s in self.table.seats if s is not None]
        return {
            "id": self.id,
            **variant_facts(self.table.variant),
            "seats": self.table.n_seats,
            "humans": len(self.humans),
            "bots": len(self.bots),
            "taken": len(taken),
            "hand": self.table.hand_number,
        }

    def sitting_of(self, token: object, now: float) -> Sitting:
        """The seat a token holds.

        Raises
        ------
        ServerError
            ``bad_token`` for a token that holds no seat here (forged, or of a player who left);
            ``expired_token`` for one past its time.
        """
        if not isinstance(token, str) or not token or len(token) > 200:
            raise ServerError("bad_token", f"token {shown_short(token)}: not a seat token of table {self.id}", 401)
        h = _token_hash(token)
        for s in self.humans.values():
            if secrets.compare_digest(s.token_hash, h):
                if now >= s.expires:
                    raise ServerError(
                        "expired_token", f"the token of seat {s.seat + 1} expired: take a seat again", 401
                    )
                return s
        raise ServerError("bad_token", f"the token holds no seat at table {self.id} (forged, or the player left)", 401)

    # -- changes ------------------------------------------------------------------------------

    def join(self, player: object, seat: object, now: float) -> tuple[str, Sitting]:
        """Give ``player`` a seat (``seat``; without one, the free seat, else the bot's seat,
        where he is dealt in soonest by the table's rules, see :meth:`Table.coming_in
        <lowball.table.Table.coming_in>`; the lowest of those that tie) and its token.

        Raises
        ------
        ServerError
            For a bad name or seat number (400), a name already at the table or no seat to be
            had (409).
        """
        player = person_name(player)
        n = self.table.n_seats
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise ServerError("bad_seat", f"seat = {shown_short(seat)}: expected {self.seat_words()}")
        seats = self.table.seats
        names = {s.player for s in seats if s is not None} | {s.player for s in self.humans.values()}
        if player in names:
            raise ServerError("name_taken", f"{shown(player)} already sits at table {self.id}", 409)
        free = [k for k in range(n) if seats[k] is None and k not in self.humans]
        botted = [k for k in range(n) if k in self.bots and k not in self.humans]
        if seat is None:
            choices = free or botted
            if not choices:
                raise ServerError("table_full", f"table {self.id} is full: every seat is a person's", 409)
            seat = self._soonest(player, choices, now)
        elif seat not in free and seat not in botted:
            raise ServerError("seat_taken", f"seat {seat + 1} of table {self.id} is a person's", 409)
        token = secrets.token_urlsafe(32)
        sitting = Sitting(
            _token_hash(token), seat, player, now + self.server.token_seconds, joining=True, taken=now, connected=False
        )
        with self.server.store.transaction():
            self.humans[seat] = sitting
            try:
                self._seat_people(now)
                self._save()
            except BaseException:
                self.humans.pop(seat, None)
                raise
        return token, sitting

    def seat_words(self) -> str:
        """What a seat of this table is, in the words of a refusal: "a seat number 0..5 of table
        t1 (the JSON counts seats from 0: seat 1 is 0)"."""
        return (
            f"a seat number 0..{self.table.n_seats - 1} of table {self.id} (the JSON counts seats from 0: seat 1 is 0)"
        )

    def leave(self, sitting: Sitting, now: float) -> int | None:
        """The person of ``sitting`` leaves (their token stops working): chips taken away, or
        None while a hand of theirs is played on (they leave when it ends)."""
        chips: int | None = None
        with self.server.store.transaction():
            del self.humans[sitting.seat]
            try:
                s = self.table.seats[sitting.seat]
                if s is not None and s.player == sitting.player and not s.leaving:
                    payout = self.table.leave(sitting.seat, now=now)
                    chips = None if payout.at_hand_end else payout.amount
                self._save()
            except BaseException:
                self.humans[sitting.seat] = sitting
                raise
        return chips

    def _soonest(self, player: str, seats: list[int], now: float) -> int:
        """The seat of ``seats`` where ``player`` is dealt in soonest, sitting down as
        :meth:`_seat_people` seats him (the lowest of those that tie)."""
        post = "post" in self.table.ways_in(player, now=now)

        def hands(k: int) -> float:
            coming = self.table.coming_in(k, player=player, post=post, now=now)
            return math.inf if coming is None else coming.hands

        return min(seats, key=lambda k: (hands(k), k))

    def _sit(self, seat: int, player: str, now: float) -> None:
        """Seat ``player`` (a person or a bot) with the server's chips (at least what he took away
        if he left within the hour, WSOP-LAR 58), posting to come in where the rules let him: a new
        player posts a big blind, one back owing blinds posts them only where the game's rule is
        hold'em style (in lowball and badugi he waits for the big blind, WSOP-LAR 278, 307)."""
        table = self.table
        chips = max(self.server.chips_for(table.variant), table.buy_in_for(player, now=now).minimum)
        table.sit(seat, player, chips, post="post" in table.ways_in(player, now=now), now=now)

    def sit_out(self, sitting: Sitting, now: float) -> None:
        self.table.sit_out(sitting.seat, now=now)

    def sit_in(self, sitting: Sitting, now: float) -> None:
        """The person comes back: posting what he owes where the game's rule lets him (hold'em
        style, WSOP-LAR 156; a new player's big blind), else waiting for the big blind (badugi
        307; lowball 278: the server never kills for him, waiting costs nothing)."""
        post = "post" in self.table.ways_in(sitting.player, now=now)
        self.table.sit_in(sitting.seat, post=post, now=now)

    def act(self, sitting: Sitting, action: Any, seq: Any, now: float) -> Any:
        return self.table.act(sitting.seat, action, seq=seq, now=now)

    def _seat_people(self, now: float) -> None:
        """Between hands: bots leave the seats people asked for, people sit (posting a big
        blind to come in at once where the rules let them, see :meth:`_sit`), broke players are
        topped up, and bots fill the empty seats while a person sits here. In a hand: people
        whose seat is empty sit at once."""
        table = self.table
        chips = self.server.chips_for(table.variant)
        changed = False
        for k, s in sorted(self.humans.items()):
            if not s.joining:
                continue
            seat = table.seats[k]
            if seat is not None and k in self.bots:
                if table.in_hand:
                    if not seat.leaving and seat.in_hand:
                        continue  # the bot plays the hand out
                    if not seat.leaving:
                        table.leave(k, now=now)
                        seat = table.seats[k]
                else:
                    table.leave(k, now=now)
                    seat = table.seats[k]
            if seat is None:
                self.bots.pop(k, None)
                self.bot_kinds.pop(k, None)
                self._sit(k, s.player, now)
                s.joining = False
                s.sitting = table.seats[k].sitting  # type: ignore[union-attr]
                changed = True
        if not table.in_hand:
            for k, seat in enumerate(table.seats):
                if seat is not None and seat.chips == 0 and seat.chips_to_add == 0:
                    table.add_chips(k, chips, now=now)  # play chips: the table sat the broke player out
                    if seat.status == "sitting_out":
                        table.sit_in(k, now=now)
                    changed = True
        if self.humans and self.server.bot_kind is not None:
            for k, seat in enumerate(table.seats):
                if seat is None and k not in self.humans:
                    self._add_bot_strategy(k, self.server.bot_kind)
                    self._sit(k, self._bot_name(k), now)
                    changed = True
        if changed:
            self._save()

    def _bot_name(self, seat: int) -> str:
        """``bot<N>`` for the seat people call N (the table's seat N - 1), or the lowest
        ``botN`` free at the table when that name is taken (a room saved while bots were named
        by the table's numbers, from 0, has bot0 at seat 0 and bot1 at seat 1)."""
        taken = {s.player for s in self.table.seats if s is not None}
        name = f"bot{seat + 1}"
        n = 0
        while name in taken:
            name, n = f"bot{n}", n + 1
        return name

    def _seating_due(self) -> bool:
        """Whether :meth:`_seat_people` has anything to do (so that an idle room writes nothing)."""
        seats = self.table.seats
        return (
            any(s.joining for s in self.humans.values())
            or any(s is not None and s.chips == 0 and s.chips_to_add == 0 for s in seats)
            or (
                bool(self.humans)
                and self.server.bot_kind is not None
                and any(s is None and k not in self.humans for k, s in enumerate(seats))
            )
        )

    def connected(self, sitting: Sitting, now: float) -> None:
        """A page connected with ``sitting``'s token (a hello it accepted): the seat is no longer
        released for want of one (stored)."""
        if not sitting.connected:
            sitting.connected = True
            try:
                self._save()
            except BaseException:
                sitting.connected = False
                raise

    def _released(self, s: Sitting, now: float) -> bool:
        """Whether ``s`` is given up now: its token expired, or nobody connected with it within
        ``seat_release_seconds`` of taking the seat."""
        if now >= s.expires:
            return True
        release = self.server.seat_release_seconds
        return not s.connected and s.taken is not None and release is not None and now >= s.taken + release

    def _expire(self, now: float) -> None:
        for s in [s for s in self.humans.values() if self._released(s, now)]:
            self.leave(s, now)

    def pump(self, now: float) -> None:
        """Bring the room up to ``now``: expired tokens leave, people take their seats, overdue
        players are acted for, bots act when due, and the next hand is dealt when it is time."""
        table = self.table
        for _ in range(10_000):  # every pass makes progress; the bound only guards a bug
            self._expire(now)
            if not table.in_hand and self._seating_due():
                with self.server.store.transaction():
                    self._seat_people(now)
            table.tick(now)
            if table.in_hand:
                actor = table.actor
                if actor is not None and actor in self.bots:
                    due = self.bot_due
                    if due is None or due[0] != table.seq:
                        self.bot_due = due = (table.seq, now + self.server.bot_delay)
                    if now >= due[1]:
                        self._bot_acts(actor, now)
                        continue
                break
            self._scan()
            if self.next_deal is None:
                self.next_deal = now + self.server.next_hand_delay
            if now >= self.next_deal and self._someone_plays() and table.can_deal():
                table.deal(now=now)
                self.next_deal = None
                continue
            break
        self._scan()

    def _bot_acts(self, seat: int, now: float) -> None:
        """The bot at ``seat`` acts; an action the rules refuse (a strategy's bug) is replaced by
        checking, calling or standing pat, so that a table never waits on a bot."""
        table = self.table
        view = table.player_view(seat)
        legal = view.legal
        assert legal is not None
        try:
            table.act(seat, self.bots[seat].act(view, legal), seq=table.seq, now=now)
        except LowballError as e:
            log.warning("table %s: the bot at seat %d: %s; it checks, calls or stands pat", self.id, seat, e)
            fallback = Action.stand_pat() if legal.draw else (Action.check() if legal.check else Action.call())
            table.act(seat, fallback, seq=table.seq, now=now)

    def _someone_plays(self) -> bool:
        """Whether a person is dealt in: bots alone at a table wait for one."""
        seats = self.table.seats
        return any(
            (s := seats[k]) is not None and s.player == h.player and s.status != "sitting_out"
            for k, h in self.humans.items()
        )

    def _scan(self) -> None:
        """Follow the table's public events: the showdown of the last finished hand."""
        if self.table.event_number <= self._seen:
            return
        ranking = self.table.variant.ranking
        for e in self.table.events_for(None, self._seen):
            if e.kind == "hand_start":
                self._result = wire.HandResult(hand=e.hand)
                self.hand_from = e.number - 1
            elif e.kind == "hand_end":
                self._result.hand = e.hand
                self.showdown = self._result
                self._result = wire.HandResult(hand=e.hand)
            else:
                wire.add_to_result(self._result, e, ranking)
        self._seen = self.table.event_number

    # -- messages -------------------------------------------------------------------------------

    def state(self, conn: Connection, now: float, public: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``state`` message for one connection (:class:`lowball.wire.State`, as JSON-ready
        data): the table as everyone sees it (``public``, from :meth:`public_state`, made once
        for every connection of a broadcast) and what only this seat sees: ``you``."""
        if public is None:
            public = self.public_state(now)
        seat = self._viewer(conn, self.table.seats)
        key = self._you_key(conn, seat, public)
        you = None if key is None else self._you_form(key)
        seats = [None if d is None else msgspec.structs.replace(d, you=d.seat == seat) for d in public["seats"]]
        message = msgspec.structs.replace(public["message"], you=you, seats=seats)
        return dict(msgspec.to_builtins(message))

    def _you_key(self, conn: Connection, seat: int | None, public: dict[str, Any]) -> tuple[Any, ...] | None:
        """Everything ``you`` is made of: seat, player, status, chips, the cards held (as the
        table holds them) and the legal actions (None when not to act)."""
        if conn.seat is None:
            return None
        table = self.table
        info = public["info"][seat] if seat is not None else None
        held: tuple[Card, ...] = ()
        legal = None
        if info is not None and seat is not None and public["message"].in_hand:
            held = table.held(seat)
            legal = public["legal"] if public["message"].actor == seat else None
        status = info.status if info is not None else "joining"
        chips = public["seats"][seat].chips if info is not None and seat is not None else 0
        waiting = status in ("waiting", "joining")
        coming = self._coming_in(conn, public["info"][conn.seat], public["now"]) if waiting else None
        return (conn.seat, conn.player, status, chips, held, legal, coming)

    def _coming_in(self, conn: Connection, info: SeatInfo | None, now: float) -> tuple[int, str] | None:
        """When the person of ``conn`` is dealt in, while he waits to be (``waiting``, or
        ``joining`` a bot's seat): ``(hands, by)`` of :meth:`Table.coming_in
        <lowball.table.Table.coming_in>` (``you.coming_in`` sends them as ``{"hands": N,
        "by": ...}``), or None (playing, sitting out, or not within two rounds of the table as
        it stands)."""
        assert conn.seat is not None
        table = self.table
        if info is not None and info.player == conn.player:
            coming = table.coming_in(conn.seat) if info.status == "waiting" else None
        elif conn.player is not None:  # a bot plays the hand out in his seat
            post = "post" in table.ways_in(conn.player, now=now)
            coming = table.coming_in(conn.seat, player=conn.player, post=post, now=now)
        else:
            coming = None
        return None if coming is None else (coming.hands, coming.by)

    def _you_form(self, key: tuple[Any, ...]) -> wire.You:
        seat, player, status, chips, held, legal, coming = key
        cards, description = self._hand_json(held)
        return wire.You(
            seat=seat,
            player=player,
            status=status,
            coming_in=None if coming is None else wire.ComingIn(hands=coming[0], by=coming[1]),
            chips=chips,
            cards=cards,
            description=description,
            legal=None if legal is None else wire.to_wire(legal),
            limit=self._limit,
        )

    def _you_text(self, conn: Connection, seat: int | None, public: dict[str, Any]) -> str:
        """The JSON text of the connection's ``you``, made again only when what it is made of
        changed."""
        key = self._you_key(conn, seat, public)
        if key is None:
            return "null"
        text = self._texts_you.get(key)
        if text is None:
            text = dumps(self._you_form(key))
            if len(self._texts_you) >= _TEXTS_KEPT:
                self._texts_you.clear()
            self._texts_you[key] = text
        return text

    def _hand_json(self, held: tuple[Card, ...]) -> tuple[list[str], str | None]:
        """A hand's cards as ``you`` shows them (sorted as a low is read) and their description."""
        made = self._hands.get(held)
        if made is None:
            cards = tuple(sorted_hand(held, self.table.variant.ranking)) if held else ()
            made = (wire.card_texts(cards), self._describe(cards))
            if len(self._hands) >= _TEXTS_KEPT:
                self._hands.clear()
            self._hands[held] = made
        return list(made[0]), made[1]

    def _describe(self, cards: tuple[Card, ...]) -> str | None:
        """The server's text of a whole hand in the table's ranking (None: not a whole hand)."""
        variant = self.table.variant
        return describe(cards, variant.ranking) if len(cards) == variant.hand_size else None

    def public_state(self, now: float) -> dict[str, Any]:
        """What every connection's ``state`` shares: the table as a spectator sees it (the
        :class:`lowball.wire.State` ``message``, its ``you`` None, its seats not yet marked as
        anyone's; ``seats``, ``info`` the table's seats, ``now``; ``legal`` the legal actions of
        the seat to act)."""
        table = self.table
        # the parts of table.view(None) this takes, read one by one (no TableView is made)
        hand = table.player_view(None) if table.in_hand else None
        pos_of = {k: p for p, k in enumerate(table.seats_by_position())}
        infos = table.seats
        seats: list[wire.SeatState | None] = []
        bots = self.bots
        for k, info in enumerate(infos):
            joining = self.humans.get(k)
            if info is None:
                seats.append(
                    None if joining is None else wire.SeatState(seat=k, player=joining.player, status="joining")
                )
                continue
            pos = pos_of.get(k)
            if hand is not None and pos is not None:
                folded = hand.folded[pos]
                d = wire.SeatState(
                    seat=k,
                    player=info.player,
                    bot=k in bots,
                    chips=hand.stacks[pos],
                    status=info.status,  # type: ignore[arg-type]
                    in_hand=True,
                    folded=folded,
                    all_in=hand.all_in[pos],
                    bet=hand.bets[pos],
                    drawn=[d[pos] for d in hand.drawn if d[pos] >= 0],  # per draw so far, cards drawn
                    cards=0 if folded else hand.hand_sizes[pos],
                )
            else:
                d = wire.SeatState(seat=k, player=info.player, bot=k in bots, chips=info.chips, status=info.status)  # type: ignore[arg-type]
            if joining is not None and joining.player != info.player:
                d.joining = joining.player  # a person takes this bot's seat when the hand ends
            seats.append(d)
        deadline = table.deadline
        variant = table.variant
        message = wire.State(
            seq=table.seq,
            hand=table.hand_number,
            in_hand=hand is not None,
            phase=hand.phase if hand is not None else None,
            betting_round=hand.betting_round if hand is not None else 0,
            draw_round=hand.draw_round if hand is not None else 0,
            draws=variant.draws,
            ranking=variant.ranking.value,
            hand_size=variant.hand_size,
            button=table.button,
            small_blind=table.small_blind,
            big_blind=table.big_blind,
            actor=table.actor,
            time_left=None if deadline is None else round(max(0.0, deadline - now), 1),
            pot=hand.pot_total if hand is not None else 0,
            showdown=self.showdown,
            you=None,
            seats=[],
        )
        legal = table.legal_actions() if message.actor is not None else None  # the actor's, for his ``you``
        return {"message": message, "seats": seats, "limit": self._limit, "info": infos, "now": now, "legal": legal}

    def _sitting(self, conn: Connection) -> int | None:
        """The table's sitting whose cards ``conn`` may see: the one its token's person began
        (None: a spectator, a person still waiting for a bot to leave, a token that no longer
        holds the seat)."""
        if conn.seat is None or conn.token_hash is None:
            return None
        sitting = self.humans.get(conn.seat)
        if sitting is None or sitting.token_hash != conn.token_hash:
            return None
        return sitting.sitting

    def _viewer(self, conn: Connection, seats: Sequence[SeatInfo | None]) -> int | None:
        """The seat whose cards ``conn`` may see: its own, while the sitting its person began is
        the seat's (a person still waiting for a bot to leave sees the table as a spectator);
        ``seats`` is the table's :attr:`~lowball.table.Table.seats` now."""
        sitting = self._sitting(conn)
        if sitting is None or conn.seat is None:
            return None
        info = seats[conn.seat]
        return conn.seat if info is not None and info.sitting == sitting else None

    def events_message(self, conn: Connection) -> dict[str, Any] | None:
        """The ``events`` message of what ``conn`` has not been sent yet (None if nothing):
        deals and draws show cards only to the player they were dealt to."""
        text = self.events_text(conn)
        return None if text is None else dict(msgspec.json.decode(text))

    def events_text(self, conn: Connection) -> str | None:
        """:meth:`events_message` as the JSON text sent (None if nothing); marks the events sent.
        Each event's text is made once (:meth:`_event_text`) for every connection given it."""
        if self.table.event_number <= conn.sent:
            return None
        events: Iterable[TableEvent]
        sitting = self._sitting(conn)
        if conn.seat is not None and sitting is not None:
            events = self.table.events_for(conn.seat, conn.sent, sitting=sitting)
        else:
            events = self.table.events_for(None, conn.sent)
        conn.sent = self.table.event_number
        return self._events_json(events)

    def _events_json(self, events: Iterable[TableEvent]) -> str | None:
        out = [self._event_text(e) for e in events]
        return '{"type":"events","events":[' + ",".join(out) + "]}" if out else None

    def _event_text(self, e: TableEvent) -> str:
        """The JSON text of one event (:class:`lowball.wire.TableEvent`) as
        :meth:`Table.events_for` gave it. An event number has at most two versions, its own
        seat's (with the cards) and everyone else's (``hidden()``: without them); which one a
        connection gets is events_for's choice, never this cache's."""
        key = (e.number, bool(e.cards or e.discarded))
        text = self._texts.get(key)
        if text is None:
            form = wire.to_wire(e)
            if e.kind == "show" and e.cards and e.hand_class:
                form.description = describe(e.hand_class, self.table.variant.ranking)
            text = dumps(form)
            if len(self._texts) >= _TEXTS_KEPT:
                self._texts.clear()
            self._texts[key] = text
        return text

    def broadcast(self, now: float) -> None:
        """Send every connection the events it has not seen and, when anything changed, its state.

        What several connections share is made once: the public part of ``state`` and its JSON
        text, each event's text, and a spectator's whole ``events`` and ``state`` messages (every
        spectator that has seen the same events gets the same text)."""
        table = self.table
        events = table.event_number
        key = (events, table.seq, table.deadline, self.version)
        frame: _StateFrame | None = None
        # by the last event sent: the spectators' text, and the seats shown cards in those events
        public_events: dict[int, tuple[str | None, frozenset[int | None]]] = {}
        held = {s.token_hash for s in self.humans.values()}
        for conn in list(self.conns):
            if conn.token_hash is not None and conn.token_hash not in held:
                conn.send(_NO_LONGER_HELD)
                conn.close(4401)
                self.conns.discard(conn)
                continue
            msg = None
            if events > conn.sent:
                shared = public_events.get(conn.sent)
                if shared is None:
                    seen = table.events_for(None, conn.sent)
                    secret = frozenset(e.seat for e in seen if e.kind in SECRET_KINDS)
                    shared = public_events[conn.sent] = (self._events_json(seen), secret)
                # a seat is given the spectators' text unless one of these events may show it its
                # own cards: then the table says what it sees (Table.events_for)
                if conn.seat is not None and conn.seat in shared[1]:
                    msg = self.events_text(conn)
                else:
                    msg = shared[0]
                    conn.sent = events
            if msg is not None or conn.state_sent != key:
                if frame is None:
                    frame = _StateFrame(self.public_state(now))
                if conn.token_hash is None:
                    state = frame.text(None, "null")
                else:
                    seat = self._viewer(conn, frame.public["info"])
                    state = frame.text(seat, self._you_text(conn, seat, frame.public))
                conn.send(state if msg is None else (msg, state))  # the events, then the state
                conn.state_sent = key


_TEXTS_KEPT = 4096  # event texts a room keeps (then it starts again: a few hands' worth)
_NO_LONGER_HELD = (
    '{"type":"error","id":null,"code":"bad_token",'
    '"message":"the seat\'s token no longer holds it (the player left or the token expired)"}'
)


def dumps(value: Any) -> str:
    """The JSON text of a message: a :mod:`lowball.wire` form, or JSON-ready data (compact,
    UTF-8 text)."""
    try:
        return _ENCODER.encode(value).decode()
    except UnicodeEncodeError:  # a lone surrogate a client sent, echoed: written escaped
        return json.dumps(msgspec.to_builtins(value), separators=(",", ":"))


_ENCODER = msgspec.json.Encoder()


class _StateFrame:
    """One broadcast's ``state`` as JSON text made once, with only ``you`` (each connection's
    own) and the seats' ``you`` flags put in for each viewer:
    ``json.loads(frame.text(seat, dumps(you)))`` equals :meth:`Room.state` for that connection.

    The public message is written by one encoding with markers where ``you`` and each seat's
    flag go (strings of a control character, which no name or text the server sends holds:
    names are printable), then cut at them; were a marker found more often than placed, each
    seat would be written on its own instead (the same text)."""

    _YOU = "\x01you\x01"
    _FLAG = "\x01seat\x01"

    def __init__(self, public: dict[str, Any]) -> None:
        self.public = public
        seats = public["seats"]
        self.listed = [k for k, d in enumerate(seats) if d is not None]  # the seats not null, in order
        marked = [None if d is None else msgspec.structs.replace(d, you=self._FLAG) for d in seats]
        text = dumps(msgspec.structs.replace(public["message"], you=self._YOU, seats=marked))
        you, flag = dumps(self._YOU), dumps(self._FLAG)
        head, _, tail = text.partition(you)
        parts = tail.split(flag)
        if text.count(you) != 1 or len(parts) != len(self.listed) + 1:
            head = dumps(msgspec.structs.replace(public["message"], you=None, seats=[]))[: -len('null,"seats":[]}')]
            parts = [',"seats":[']
            for k, d in enumerate(seats):
                parts[-1] += "," if k else ""
                if d is None:
                    parts[-1] += "null"
                else:
                    one = dumps(msgspec.structs.replace(d, you=False))
                    before, _, after = one.partition('"you":false')
                    parts[-1] += before + '"you":'
                    parts.append(after)
            parts[-1] += "]}"
        self.head = head  # the text up to the value of ``you``
        self.parts = parts  # the rest, cut where each listed seat's flag goes
        self.spectator: str | None = None

    def text(self, viewer: int | None, you: str) -> str:
        """The ``state`` text for the connection seeing ``viewer``'s cards (None: none) whose
        ``you`` is the JSON text ``you``."""
        if viewer is None or viewer not in self.listed:
            if you == "null":
                if self.spectator is None:
                    self.spectator = self.head + you + "false".join(self.parts)
                return self.spectator
            return self.head + you + "false".join(self.parts)
        i = self.listed.index(viewer)
        return self.head + you + "false".join(self.parts[: i + 1]) + "true" + "false".join(self.parts[i + 1 :])


def _table_names(tables: object) -> tuple[str, ...] | None:
    """The ``tables`` option of :class:`GameServer` as the table ids it names (None: a number).

    Raises
    ------
    ServerError
        ``bad_option`` for a list that is empty, over 100 long, holds a name twice or one that
        is not a table id (1 to 64 printable characters)."""
    if not isinstance(tables, (list, tuple)):
        return None
    if not 1 <= len(tables) <= 100:
        raise ServerError("bad_option", f"tables = {shown_short(tables)}: expected 1 to 100 table ids")
    names: list[str] = []
    for t in tables:
        try:
            names.append(name_text(t, "tables: a table id"))
        except InvalidValueError as e:
            raise ServerError("bad_option", str(e)) from None
        if names.count(names[-1]) > 1:
            raise ServerError("bad_option", f"tables: {shown(names[-1])} is named twice")
    return tuple(names)


def _variants(variant: object) -> tuple[Variant, ...]:
    """The ``variant`` option of :class:`GameServer` as a tuple of one or more variants."""
    if variant is None:
        return (VARIANTS["F2L3D"],)
    if isinstance(variant, Variant):
        return (variant,)
    items = tuple(variant) if isinstance(variant, (list, tuple)) else ()
    if not items or not all(isinstance(v, Variant) for v in items):
        raise ServerError("bad_option", f"variant = {shown_short(variant)}: expected a Variant or a list of Variants")
    return items


class GameServer:
    """Every room of one server and its store (SQLite, or PostgreSQL).

    Parameters
    ----------
    db : str or os.PathLike
        The SQLite database file (:class:`~lowball.store.SQLiteStore`), or a PostgreSQL URL
        ``postgresql://...`` (:class:`~lowball.postgres.PostgresStore`). Tables it holds are
        resumed (mid-hand included, each with its own variant); missing ones are made.
    tables : int or sequence of str, default 2
        A number: the server runs every table of the database and at least ``t1``, ``t2``, ...
        up to that number (made when missing). A list of table ids (``["t3", "t4"]``): the
        server runs those tables only (made when missing, resumed when stored), so that several
        server processes share one PostgreSQL database, each with tables of its own; the
        lobby lists the database's other tables as served elsewhere (see :meth:`lobby`).
    variant : Variant or sequence of Variant, default 2-7 triple draw, fixed limit
        The variant of new tables; several are given to new tables in turn by table number
        (``[F2L3D, FB, LB-FA5L3D]``: t1 2-7, t2 badugi, t3 A-5, t4 2-7, ...: a mixed room).
    seats : int, default 6
    bots : str or None, default "solid"
        The built-in strategy of the bots that fill empty seats (see :data:`lowball.bots.BOTS`),
        or None for no bots.
    bot_delay : float, default 0.6
        Seconds a bot waits before acting (so that people can follow the hand).
    action_seconds, time_bank : float
        The table's decision time and time bank (see :class:`~lowball.table.Table`).
    next_hand_delay : float, default 3
        Seconds between the end of a hand and the next deal.
    token_hours : float, default 12
        How long a seat token is good for; then its player leaves the table.
    seat_release_seconds : float or None, default 120
        A seat taken with a token that no page connected with (a WebSocket ``hello``) within
        this many seconds is given up: its player leaves as when the token expires. None: never.
    max_spectators : int, default 50
        Spectator connections (a ``hello`` without a token) a table takes at once; one more is
        refused with ``spectators_full`` and closed with 4429.
    sockets_per_token : int, default 4
        Connections one seat token may hold open at a table at once (a person's pages); one
        more is refused with ``too_many_sockets`` and closed with 4429.
    clock : callable, default time.time
        Seconds on a clock that goes on across restarts (deadlines and token expiries are kept).
    wallet : Wallet, optional
        The players' accounts the tables take buy-ins from and pay cash-outs into (see
        :mod:`lowball.wallet`). Default: a :class:`~lowball.wallet.PlayChipsWallet` in the file
        ``<db>.wallet`` beside a SQLite database, every account opening with 10000 play chips and
        topped up with as many when it cannot pay a buy-in (bots have accounts too). A PostgreSQL
        database has no file to put it beside, and the server processes sharing it would each
        have accounts of their own: with one, the tables have no wallet unless one is given
        (they keep their ledger all the same).
    sit_and_go : Structure, optional
        Run a sit & go of this structure (:mod:`lowball.server.sitgo`: people register from
        the lobby, bots take the empty places when one starts it; its money through ``wallet``),
        resumed from the database if it holds one: the application
        (:func:`~lowball.server.app.create_app`) makes it with
        :func:`lowball.server.sitgo.attach`, which an embedder running the game alone calls.
    sit_and_go_players : int, default 6
        Its field.
    sit_and_go_seed : int, optional
        Its seed (None: a random one).

    Raises
    ------
    TableHeldError
        For a table it is to run that another server process runs (a shared PostgreSQL
        database): naming the table and that process; nothing is written.
    StoreError
        For a database that is not a lowball one (or a wallet file that is not a play-chips
        wallet).
    ServerError
        For a bad option (naming it).
    """

    def __init__(
        self,
        db: Any,
        *,
        tables: int | Sequence[str] = 2,
        variant: Variant | Sequence[Variant] | None = None,
        seats: int = 6,
        bots: str | None = "solid",
        bot_delay: float = 0.6,
        action_seconds: float = 30.0,
        time_bank: float = 60.0,
        next_hand_delay: float = 3.0,
        token_hours: float = 12.0,
        seat_release_seconds: float | None = 120.0,
        max_spectators: int = 50,
        sockets_per_token: int = 4,
        clock: Callable[[], float] = time.time,
        wallet: Wallet | None = None,
        sit_and_go: Any = None,
        sit_and_go_players: int = 6,
        sit_and_go_seed: int | None = None,
    ) -> None:
        variants = _variants(variant)
        if bots is not None and bots not in BOTS:
            raise ServerError("bad_option", f"bots = {shown(bots)}: expected one of {', '.join(BOTS)} or None")
        delays = [real_number(v) for v in (bot_delay, next_hand_delay)]
        for name, value, seconds in zip(("bot_delay", "next_hand_delay"), (bot_delay, next_hand_delay), delays):
            if seconds is None or not 0 <= seconds < 3600:
                raise ServerError("bad_option", f"{name} = {shown(value)}: expected seconds, 0 to 3600")
        hours = real_number(token_hours)
        if hours is None or not 0 < hours <= 24 * 365:
            raise ServerError("bad_option", f"token_hours = {shown(token_hours)}: expected hours above 0")
        named = _table_names(tables)
        count = 0
        if named is None:
            try:
                count = whole_number(tables, "tables", 1, 100)
            except InvalidValueError:
                raise ServerError(
                    "bad_option", f"tables = {shown(tables)}: expected 1 to 100, or a list of table ids"
                ) from None
        release = None if seat_release_seconds is None else real_number(seat_release_seconds)
        if seat_release_seconds is not None and (release is None or not 0 < release <= 24 * 3600):
            raise ServerError(
                "bad_option",
                f"seat_release_seconds = {shown(seat_release_seconds)}: expected seconds 0 < s <= 86400, or None",
            )
        try:
            self.max_spectators = whole_number(max_spectators, "max_spectators", 0, 100_000)
            self.sockets_per_token = whole_number(sockets_per_token, "sockets_per_token", 1, 1000)
        except InvalidValueError as e:
            raise ServerError("bad_option", str(e)) from None
        self.seat_release_seconds = None if release is None else float(release)
        self.bot_kind = bots
        self.bot_delay, self.next_hand_delay = (float(s or 0.0) for s in delays)
        self.token_seconds = hours * 3600.0
        self.clock = clock
        self.action_seconds = action_seconds  # the sit & go's: a person who takes longer is set away
        self.store = open_store(db)
        self._own_wallet: PlayChipsWallet | None = None
        try:
            if wallet is None and isinstance(self.store, SQLiteStore):
                wallet = self._own_wallet = PlayChipsWallet(f"{self.store.path}.wallet", top_up=True)
        except BaseException:
            self.store.close()
            raise
        self.wallet = wallet
        self.rooms: dict[str, Room] = {}
        self.named = named
        try:
            saved = self.store.get_data(_DATA)
            stored = self.store.table_ids()
            if named is None:  # every table of the database, and t1..tN
                # (a table of the sit & go is not among them: its tournament resumes it)
                wanted = [(t, 0) for t in stored if not t.startswith("sng-")]
                wanted += [(f"t{i}", i - 1) for i in range(1, count + 1)]
            else:
                wanted = [(t, i) for i, t in enumerate(named)]
            for table_id, index in wanted:
                if table_id in self.rooms:
                    continue
                try:
                    self._open(table_id, index, table_id in stored, saved, variants, seats, action_seconds, time_bank)
                except TableHeldError as e:
                    raise TableHeldError(
                        f"table {shown(table_id)} is served by another server process ({e.holder}): a table is "
                        "served by one process at a time; give this one tables of its own "
                        "(tables=['t3', 't4'], lowball serve --tables t3,t4)",
                        table_id,
                        e.holder,
                    ) from None
            self.sitgo: Any = None  # made by lowball.server.sitgo.attach (the application does it)
            self.sit_and_go_options: tuple[Any, int, int | None] | None = None
            if sit_and_go is not None:
                self.sit_and_go_options = self._sit_and_go(sit_and_go, sit_and_go_players, sit_and_go_seed)
        except BaseException:
            self.store.close()
            if self._own_wallet is not None:
                self._own_wallet.close()
            raise

    def _open(
        self,
        table_id: str,
        index: int,
        is_stored: bool,
        saved: dict[str, Any],
        variants: tuple[Variant, ...],
        seats: int,
        action_seconds: float,
        time_bank: float,
    ) -> None:
        """Resume the stored table ``table_id`` (its room's records from ``saved``), or make it,
        with the ``index``-th variant in turn, and give it a room."""
        clock, wallet = self.clock, self.wallet
        if is_stored:
            table = Table.resume(self.store, table_id, clock=clock, wallet=wallet)
            self.rooms[table_id] = Room(self, table, saved.get(table_id))
            return
        table = Table(
            variants[index % len(variants)],
            seats=seats,
            table_id=table_id,
            store=self.store,
            action_seconds=action_seconds,
            time_bank=time_bank,
            clock=clock,
            wallet=wallet,
        )
        self.rooms[table_id] = Room(self, table)

    def _sit_and_go(self, structure: Any, players: object, seed: int | None) -> tuple[Any, int, int | None]:
        """The sit & go's options, checked (:func:`lowball.server.sitgo.attach` makes it)."""
        from lowball.tournament import Structure

        if not isinstance(structure, Structure):
            raise ServerError("bad_option", f"sit_and_go = {shown_short(structure)}: expected a tournament Structure")
        try:
            field = whole_number(players, "sit_and_go_players", 2, structure.seats * 10)
        except InvalidValueError as e:
            raise ServerError("bad_option", str(e)) from None
        return structure, field, seed

    def chips_for(self, variant: Variant) -> int:
        """The chips a player sits down with: 100 big blinds (limit: 50 big bets), within the buy-in."""
        b = BuyIn.default(variant)
        amount = 100 * max(variant.forced.big_blind, 1)
        if b.maximum is not None:
            amount = min(amount, b.maximum)
        return max(amount, b.minimum)

    def room(self, table_id: object) -> Room:
        """The room of ``table_id``.

        Raises
        ------
        ServerError
            ``no_table`` (404) for a table the server does not run.
        """
        room = self.rooms.get(table_id) if isinstance(table_id, str) else None
        if room is None:
            here = ", ".join(self.rooms)
            if isinstance(table_id, str) and table_id in self._stored_elsewhere():
                held = table_id in self._writers()
                raise ServerError(
                    "served_elsewhere" if held else "not_served",
                    f"table {shown_short(table_id)} is "
                    + ("served by another server process of this database" if held else "not served now")
                    + f": this server runs {here}",
                    404,
                )
            raise ServerError("no_table", f"no table {shown_short(table_id)}: the tables are {here}", 404)
        return room

    def _stored_elsewhere(self) -> list[str]:
        """The database's tables that this server does not run."""
        return [t for t in self.store.table_ids() if t not in self.rooms]

    def _writers(self) -> dict[str, str]:
        """The database's tables that a store holds the write lock of (PostgreSQL; SQLite: none)."""
        writers = getattr(self.store, "writers", None)
        return writers() if callable(writers) else {}

    def lobby(self) -> list[dict[str, Any]]:
        """The lobby's lines (:meth:`Room.summary`, with ``served``): every table this server
        runs (``"here"``) and, after them, the database's other tables as their last stored
        state shows them: ``"elsewhere"`` for one another server process runs (it holds the
        table's lock, PostgreSQL), ``"nobody"`` for one no process runs now.

        Raises
        ------
        StoreError
            When the database fails.
        """
        out = [{**r.summary(), "served": "here"} for r in self.rooms.values()]
        others = self._stored_elsewhere()
        if not others:
            return out
        held = self._writers()
        saved = self.store.get_data(_DATA)
        for table_id in others:
            snap = self.store.snapshot(table_id)
            try:
                assert snap is not None
                config = snap["config"]
                variant = Variant.from_dict(config["variant"])
                data = saved.get(table_id) or {}
                line = {
                    "id": table_id,
                    **variant_facts(variant),
                    "seats": int(config["seats"]),
                    "humans": len(data.get("humans", ())),
                    "bots": len(data.get("bots", {})),
                    "taken": sum(1 for seat in snap["seats"] if seat is not None),
                    "hand": int(snap["hand_number"]),
                    "served": "elsewhere" if table_id in held else "nobody",
                }
            except (AssertionError, KeyError, TypeError, ValueError, LowballError):
                log.warning("table %s: its stored state is not a table's; left out of the lobby", table_id)
                continue
            out.append(line)
        return out

    def reload(self, table_id: str) -> Room:
        """The room of ``table_id`` again as its database holds it, its pages kept: after a
        failed write (a full disk), so that memory never holds a change the database lost."""
        old = self.rooms[table_id]
        if self.sitgo is not None and table_id.startswith("sng-"):
            return self.sitgo.reload(table_id)  # type: ignore[no-any-return]
        table = Table.resume(self.store, table_id, clock=self.clock, wallet=self.wallet)
        room = Room(self, table, self.store.get_data(_DATA).get(table_id))
        room.conns = old.conns
        self.rooms[table_id] = room
        return room

    def close(self) -> None:
        """Close the database (and the play-chips wallet the server opened)."""
        self.store.close()
        if self._own_wallet is not None:
            self._own_wallet.close()

"""A tiny asyncio game server over :class:`lowball.Table`, written as a first-time user would from
the public docs only (the docstrings of ``lowball.Table``, ``lowball.table``, ``lowball.store``,
``RULES.md`` section 9): no web framework, clients are lowball bots in the same process that talk
to the server through JSON-shaped messages.

- Each :class:`Client` sees only ``events_for(its seat, since=last seen)`` (sent as
  ``TableEvent.to_dict`` data through a JSON round trip, as a socket would) and
  ``player_view(its seat)`` for its bot, and sends actions with the ``seq`` it last saw;
  sometimes twice (a retry after a lost answer: the table must answer ``repeated``), sometimes
  with an old ``seq`` (a late message: the table must refuse it), sometimes too slowly (the
  timer's ``tick`` acts for it).
- A timer task advances a virtual clock and calls ``tick(now)``; the table deals the next hand by
  itself (``next_hand_delay``).
- Clients lose their connection now and then (the table times them out meanwhile) and come back
  from the last event number they saw.
- Players leave (during hands too), new ones sit down (waiting for the big blind or posting),
  players sat out (by timeouts or with no chips) add chips and come back.
- Every change is written to a :class:`~lowball.SQLiteStore`. :func:`run` can stop the loop in
  the middle of a hand; :func:`resume` rebuilds the table from the store and the same clients
  reconnect from the event numbers they last saw.

The clock is virtual and every random choice comes from seeded generators, and asyncio runs ready
tasks in order, so a run is deterministic: the same seed gives the same events.

What a first-time server developer trips on (each with a proposed fix; bugs are the strict xfails
of ``tests/table/test_table_newuser.py``):

1. ``events_for`` takes a seat, not a player: a client that left while disconnected, asking for its
   old seat, is shown the cards of the chair's new player. Fix: ``events_for(seat, since, *,
   player=)`` giving a spectator's stream (or raising) when ``player`` no longer sits there.
2. ``ActResult.events`` holds every secret card: a tick that deals returns all the hole cards, and a
   server that forwards ``tick()``'s results leaks them. Fix: ``ActResult.events_for(seat)``, or
   results filtered like ``events_for``; at least a warning in ``tick``'s docstring.
3. Two clocks: calls without ``now`` use ``clock=`` (default ``time.time``) while a server passes
   ``loop.time()`` to ``tick``: one ``leave(seat)`` without ``now`` sets the turn's start to the
   wall clock and the table never times anyone out again, silently. And a stored deadline is in
   the old process's clock: with a monotonic clock (``loop.time``) a resumed table waits for a
   clock that restarted. Fix: docs say "give ``clock=`` and omit ``now``; with a store use wall
   time"; refuse a ``now`` earlier than the table's last change (naming both).
4. ``Store`` lists five methods, but reading old events (``events_for`` past ``keep_hands``) calls
   ``store.events(table_id, since)``, which the protocol does not name: a store of one's own gets
   "the store cannot read them". Fix: add ``events`` to ``Store`` (and check it at ``Table()``).
5. Two ``Table`` objects on one stored table: the second writer gets "UNIQUE constraint failed:
   changes.table_id, changes.op (INSERT INTO changes VALUES)". Fix: "table 't' was changed by
   another Table object (change N is stored): resume it and run it from one process".
6. No JSON for what a client needs besides events: ``TableView``, ``SeatInfo``, ``PlayerView``,
   ``LegalActions`` have no ``to_dict`` (``LegalActions.raise_`` is an odd key). Fix: ``to_dict``
   on each, as ``TableEvent`` has.
7. Event shapes: cards are one run-together string (``"8dQs9c6sKc"``; a list of cards would need
   no parser on the client); ``hand_end`` keys its stacks by ``str(seat)`` while ``hand_start``
   lists seats; ``leave`` means two things (announced, ``amount`` 0 and ``at_hand_end``; then paid
   out); ``count`` is the engine's ``number``; ``hand_class`` is an opaque int. Fix: card lists,
   per-seat lists, a ``leaving`` kind, a hand's text with its class.
8. The last event number is not exposed: a client connecting must fetch every event to learn where
   the stream is. Fix: ``Table.event_number`` and ``TableView.event_number``.
9. ``events_for(seat, since)`` with ``since`` past the last event answers ``[]`` (``act`` refuses
   a ``seq`` from the future). Fix: raise ``TableError`` naming the last event number.
10. The event kind ``stand_pat`` is refused as an action kind ("expected one of ... discard"):
    standing pat is ``{"kind": "discard"}`` with no cards. Fix: accept it, or say so in the message.
11. ``actor``/``button`` are seats on ``Table`` and ``TableView`` but positions on ``PlayerView``
    (the bot's view). Fix: say "position" in those names' docs, or a ``seat``-numbered view.
12. ``SeqError`` carries its numbers only in text. Fix: attributes ``seat``, ``sent``, ``table_seq``.
13. ``leave`` returns 0 in a hand (the chips come later in an event): 0 is also a real stack.
    Fix: None, or a small result naming when the chips are paid.
14. Docs: ``Table.small_blind`` says "None heads-up... the button's" (heads-up it is the button's
    seat); ``TableView.hand`` says "None ... for a seat not dealt in... then the spectator's view"
    (it is the spectator's view); ``TableEvent`` says ``seat`` is "the engine's position" (it is
    the seat of that position); ``Table.resume`` does not say to give ``clock=`` again.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

from lowball import VARIANTS, Action, SeqError, SQLiteStore, Table, TableError
from lowball.bots import SensibleBot
from lowball.cards import parse_cards
from lowball.table import BuyIn, PercentRake
from lowball.variants import Variant

BUY_IN = BuyIn(20, 200)
STEP = 0.25  # virtual seconds per timer round
ACTION_SECONDS = 1.0
TIME_BANK = 0.5


class Violation(AssertionError):
    """A check of the server's invariants failed (what a client saw, the chips)."""


@dataclass
class Stats:
    """What happened during a run (the tests check each kind of event actually occurred)."""

    actions: int = 0
    duplicates: int = 0
    late_duplicates: int = 0
    stale_refused: int = 0
    timeouts: int = 0
    disconnects: int = 0
    sits: int = 0
    leaves_in_hand: int = 0
    leaves_between: int = 0
    sit_ins: int = 0
    chips_added: int = 0
    refused: list[str] = field(default_factory=list)


class Server:
    """The game server: owns the table, answers clients with JSON-ready data."""

    def __init__(self, table: Table, clock: list[float], stats: Stats) -> None:
        self.table = table
        self.clock = clock  # clock[0] is the virtual time
        self.stats = stats

    def now(self) -> float:
        return self.clock[0]

    def check_chips(self) -> None:
        t = self.table
        if t.chips_in != t.chips_at_table() + t.rake_total + t.chips_out:
            raise Violation(
                f"chips not conserved: in {t.chips_in}, at table {t.chips_at_table()}, "
                f"rake {t.rake_total}, out {t.chips_out}"
            )

    # what a client may ask for -------------------------------------------------------------

    def events(self, seat: int | None, player: str | None, since: int) -> list[dict[str, Any]]:
        """The events above ``since`` as ``player`` at ``seat`` may see them, as they would go over a
        socket. ``events_for`` takes a seat, not a player: a client that left (perhaps while it was
        disconnected) and whose chair another player has taken must get a spectator's stream, or it
        would be shown the new player's cards."""
        info = self.table.seats[seat] if seat is not None else None
        if info is None or info.player != player:
            seat = None
        wire = json.dumps([e.to_dict() for e in self.table.events_for(seat, since)])
        return list(json.loads(wire))

    def act(self, seat: int, action: dict[str, Any], seq: int) -> dict[str, Any]:
        try:
            r = self.table.act(seat, action, seq=seq, now=self.now())
        except SeqError as e:
            return {"ok": False, "error": "seq", "message": str(e), "seq": self.table.seq}
        except TableError as e:  # not this seat's turn (any more): the client reloads
            return {"ok": False, "error": "table", "message": str(e), "seq": self.table.seq}
        finally:
            self.check_chips()
        events = [e.to_dict() for e in r.events]
        return {"ok": True, "seq": r.seq, "repeated": r.repeated, "events": [e["number"] for e in events]}

    def sit(self, seat: int, player: str, chips: int, post: bool) -> None:
        self.table.sit(seat, player, chips, post=post, now=self.now())
        self.check_chips()

    def leave(self, seat: int) -> int:
        payout = self.table.leave(seat, now=self.now())
        self.check_chips()
        return payout.amount

    def sit_in(self, seat: int, post: bool) -> None:
        self.table.sit_in(seat, post=post, now=self.now())

    def add_chips(self, seat: int, amount: int) -> None:
        self.table.add_chips(seat, amount, now=self.now())
        self.check_chips()

    def tick(self) -> None:
        self.table.tick(self.now())
        self.check_chips()


@dataclass
class Client:
    """One player's connection: knows its seat and the last event it saw, nothing else."""

    name: str
    seat: int
    rng: random.Random
    since: int = 0  # the last event number seen
    seq: int = 0  # the table's action number as last seen
    seen: list[int] = field(default_factory=list)  # every event number received, in order
    hand: list[str] = field(default_factory=list)  # own cards, rebuilt from deal/draw events
    hand_number: int = 0
    dealt_in: bool = False
    sitting_out: bool = False
    gone: bool = False  # left and paid out
    leaving: bool = False
    cashed: int = 0
    my_acts: dict[int, dict[str, Any]] = field(default_factory=dict)  # seq -> action accepted
    pending: tuple[int, int] | None = None  # (seq, timer rounds to wait) while "thinking"
    offline: int = 0  # loop rounds left without a connection

    def receive(self, events: list[dict[str, Any]]) -> None:
        """Check and apply a batch from ``events_for``: numbers follow on with no gap or repeat,
        only our own cards are shown."""
        for e in events:
            if e["number"] != self.since + 1:
                raise Violation(f"{self.name}: got event {e['number']} after {self.since}")
            self.since = e["number"]
            self.seen.append(e["number"])
            self.seq = e["seq"]
            kind, mine = e["kind"], e["seat"] == self.seat and e["player"] == self.name
            if kind in ("deal", "draw") and not mine and (e["cards"] or e["discarded"]):
                raise Violation(f"{self.name}: saw the cards of seat {e['seat']} in event {e['number']}")
            if kind == "hand_start":
                self.hand_number = e["hand"]
                self.hand = []
                self.dealt_in = self.seat in e["data"]["seats"] and not self.gone
            elif kind == "deal" and mine:
                self.hand += cards_text(e["cards"])
            elif kind == "draw" and mine:
                thrown = set(cards_text(e["discarded"]))
                self.hand = [c for c in self.hand if c not in thrown] + cards_text(e["cards"])
            elif kind == "sit_out" and mine:
                self.sitting_out = True
            elif kind == "sit_in" and mine:
                self.sitting_out = False
            elif kind == "leave" and mine and e["amount"] >= 0 and not e["data"].get("at_hand_end"):
                self.gone = True
                self.cashed = e["amount"]


async def client_task(server: Server, c: Client, bot: SensibleBot, stop: asyncio.Event, stats: Stats) -> None:
    """Poll the events, act when it is our turn (sometimes slowly, twice, or with an old seq)."""
    while not stop.is_set() and not c.gone:
        if c.offline:  # the connection dropped: nothing is read or sent until it comes back
            c.offline -= 1
            await asyncio.sleep(0)
            continue
        if c.rng.random() < 0.002:
            c.offline = c.rng.choice((20, 200, 2000))
            stats.disconnects += 1
            continue
        c.receive(server.events(c.seat, c.name, c.since))
        if c.gone:
            break
        table = server.table
        if table.actor == c.seat and table.in_hand and c.seq == table.seq:
            if c.pending is None or c.pending[0] != c.seq:
                wait = 12 if c.rng.random() < 0.06 else 0  # 12 rounds = 3 s > action_seconds + bank
                c.pending = (c.seq, wait)
            if c.pending[1] > 0:
                c.pending = (c.pending[0], c.pending[1] - 1)
            else:
                await _play_turn(server, c, bot, stats)
        elif c.my_acts and c.rng.random() < 0.01 and table.seq - max(c.my_acts) < 100:
            # a late copy of an action accepted lately (the table keeps the answers of its last 256
            # changes): answered again, not applied
            seq = c.rng.choice([k for k in sorted(c.my_acts)[-5:] if table.seq - k < 100])
            r = server.act(c.seat, c.my_acts[seq], seq)
            if not (r["ok"] and r["repeated"] and r["seq"] == seq):
                raise Violation(f"{c.name}: a late repeat of seq {seq} got {r}")
            stats.late_duplicates += 1
        await asyncio.sleep(0)


async def _play_turn(server: Server, c: Client, bot: SensibleBot, stats: Stats) -> None:
    table = server.table
    view = table.player_view(c.seat)
    if sorted(str(x) for x in view.hand) != sorted(c.hand):
        raise Violation(f"{c.name}: the view's hand {view.hand} is not the one the events built {c.hand}")
    legal = view.legal
    assert legal is not None
    a = bot.act(view, legal)
    msg: dict[str, Any] = {"kind": a.kind}
    if a.kind in ("bet", "raise"):
        msg["amount"] = a.amount
    if a.cards:
        msg["cards"] = " ".join(str(x) for x in a.cards)
    if c.seq > 0 and c.seq - 1 not in c.my_acts and c.rng.random() < 0.1:
        r = server.act(c.seat, msg, c.seq - 1)  # a late message from before the last event
        if r["ok"] or r["error"] != "seq":
            raise Violation(f"{c.name}: an old seq {c.seq - 1} was not refused: {r}")
        stats.stale_refused += 1
    r = server.act(c.seat, msg, c.seq)
    if not r["ok"]:
        stats.refused.append(r["message"])
        return
    if r["repeated"]:
        raise Violation(f"{c.name}: a first send was answered as a repeat: {r}")
    stats.actions += 1
    c.my_acts[r["seq"]] = msg
    if c.rng.random() < 0.1:
        again = server.act(c.seat, dict(msg), c.seq)  # the answer was lost: the client retries
        if not (again["ok"] and again["repeated"] and again["events"] == r["events"]):
            raise Violation(f"{c.name}: a retry of seq {c.seq} got {again}, first {r}")
        stats.duplicates += 1


async def timer_task(server: Server, stop: asyncio.Event, stats: Stats) -> None:
    while not stop.is_set():
        server.clock[0] += STEP
        before = server.table.seq
        results = server.table.tick(server.now())
        server.check_chips()
        stats.timeouts += sum(r.kind == "tick" for r in results)
        assert server.table.seq >= before
        await asyncio.sleep(0)


@dataclass
class Room:
    """Everything that outlives a server crash: the clients (other processes in real life), the
    virtual clock, the run's random source and counters."""

    seed: int
    path: str
    table_id: str = "t1"
    clock: list[float] = field(default_factory=lambda: [0.0])
    clients: dict[str, Client] = field(default_factory=dict)
    bots: dict[str, SensibleBot] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.Random)
    stats: Stats = field(default_factory=Stats)
    joined: int = 0
    crashed_in_hand: int = 0
    churn: float = 1.0  # how often players come and go (1: now and then)
    variant: Variant = VARIANTS["F2L3D"]  # fixed limit 2/4, blinds 1/2

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def new_client(self, seat: int) -> Client:
        self.joined += 1
        name = f"c{self.joined}"
        c = Client(name, seat, random.Random(self.rng.getrandbits(32)))
        self.clients[name] = c
        self.bots[name] = SensibleBot(self.variant, random.Random(self.rng.getrandbits(32)))
        return c


async def manager_task(room: Room, server: Server, stop: asyncio.Event, tasks: list[asyncio.Task[None]]) -> None:
    """The lobby: players come and go, sat-out players come back (with chips if needed)."""
    rng, stats, table = room.rng, room.stats, server.table
    while not stop.is_set():
        for _ in range(6):
            await asyncio.sleep(0)
        seated = [c for c in room.clients.values() if not c.gone and not c.leaving]
        empty = [k for k in range(table.n_seats) if table.seats[k] is None]
        roll = rng.random()
        if roll < 0.03 * room.churn and empty and len(seated) < 6:
            seat = rng.choice(empty)
            c = room.new_client(seat)
            server.sit(seat, c.name, rng.choice((40, 60, 100)), post=rng.random() < 0.5)
            stats.sits += 1
            tasks.append(asyncio.ensure_future(client_task(server, c, room.bots[c.name], stop, stats)))
        elif roll < 0.05 * room.churn and len(seated) > 3:
            c = rng.choice(seated)
            in_hand = table.in_hand and table.position_of(c.seat) is not None
            server.leave(c.seat)
            c.leaving = True
            if in_hand:
                stats.leaves_in_hand += 1
            else:
                stats.leaves_between += 1
        for c in seated:
            info = table.seats[c.seat]
            if info is None or info.status != "sitting_out" or rng.random() < 0.7:
                continue
            if info.chips + info.chips_to_add == 0:
                server.add_chips(c.seat, 40)
                stats.chips_added += 1
            # post what was missed where the game's rule lets him (a lowball table: wait or kill)
            server.sit_in(c.seat, post=rng.random() < 0.5 and "post" in table.ways_in(info.player))
            stats.sit_ins += 1


async def _serve(room: Room, server: Server, until_hand: int, stop_mid_hand: bool) -> None:
    stop = asyncio.Event()
    stats = room.stats
    tasks: list[asyncio.Task[None]] = []
    for c in room.clients.values():
        if not c.gone:
            tasks.append(asyncio.ensure_future(client_task(server, c, room.bots[c.name], stop, stats)))
    tasks.append(asyncio.ensure_future(timer_task(server, stop, stats)))
    tasks.append(asyncio.ensure_future(manager_task(room, server, stop, tasks)))
    table = server.table
    while True:
        await asyncio.sleep(0)
        if server.clock[0] > 1e5:  # a day of virtual time: the table no longer deals
            stop.set()
            raise Violation(f"the table is stuck at {table!r}: seats {table.seats}")
        for t in tasks:
            if t.done() and t.exception() is not None:
                stop.set()
                raise t.exception()  # type: ignore[misc]
        if table.hand_number >= until_hand:
            # stop in the middle of the hand, after a few actions; or once it is over
            if stop_mid_hand and table.in_hand and table.seq >= _hand_start_seq(table) + 4:
                room.crashed_in_hand = table.hand_number
                break
            if not stop_mid_hand and not table.in_hand:
                break
    stop.set()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def _hand_start_seq(table: Table) -> int:
    starts = [e for e in table.events_for(None, 0) if e.kind == "hand_start" and e.hand == table.hand_number]
    return starts[-1].seq


def run(room: Room, *, players: int, crash_at_hand: int) -> Table:
    """Seat ``players`` clients, play until hand ``crash_at_hand`` is under way, and stop there
    (the server dies: the table object is dropped, the store closed)."""
    store = SQLiteStore(room.path)
    table = Table(
        room.variant, seats=6, table_id=room.table_id, store=store, seed=room.seed, buy_in=BUY_IN,
        action_seconds=ACTION_SECONDS, time_bank=TIME_BANK, next_hand_delay=0.5, rake=PercentRake(5, 3),
        clock=lambda: room.clock[0],
    )  # fmt: skip
    server = Server(table, room.clock, room.stats)
    for k in range(players):
        c = room.new_client(k)
        server.sit(k, c.name, 100, post=False)
    asyncio.run(_serve(room, server, crash_at_hand, stop_mid_hand=True))
    store.close()
    return table


def resume(room: Room, *, until_hand: int) -> tuple[Table, SQLiteStore]:
    """A new server process: resume the table from the store, the clients reconnect from the
    event numbers they saw, play on until hand ``until_hand`` is over, then everyone leaves."""
    store = SQLiteStore(room.path)
    table = Table.resume(store, room.table_id, clock=lambda: room.clock[0])
    server = Server(table, room.clock, room.stats)
    server.check_chips()
    asyncio.run(_serve(room, server, until_hand, stop_mid_hand=False))
    for c in room.clients.values():
        if c.gone:
            continue
        c.receive(server.events(c.seat, c.name, c.since))
        if not c.gone and table.seats[c.seat] is not None and table.seats[c.seat].player == c.name:  # type: ignore[union-attr]
            server.leave(c.seat)
        c.receive(server.events(c.seat, c.name, c.since))
    return table, store


def hand_events(spectator_events: list[dict[str, Any]], number: int) -> list[dict[str, Any]]:
    """The events of hand ``number`` (from its hand_start to its hand_end)."""
    return [e for e in spectator_events if e["hand"] == number and e["kind"] not in _TABLE_KINDS]


_TABLE_KINDS = frozenset(("sit", "leave", "sit_out", "sit_in", "chips", "hand_start", "timeout", "rake", "hand_end"))


def cards_text(text: str) -> list[str]:
    return [str(c) for c in parse_cards(text)] if text else []


__all__ = ["Action", "Client", "Room", "Server", "Stats", "Violation", "hand_events", "resume", "run"]

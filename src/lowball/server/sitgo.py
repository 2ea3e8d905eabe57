"""A sit & go in ``lowball serve`` (issue 30): one :class:`~lowball.tournament.Tournament` in the
server's store, with its money through the server's wallet, that people register for from the
lobby; bots fill the field when a person starts it (the lobby's button, ``POST
/api/sitgo/start``). Its tables are rooms of the server (``/ws/{id}``, ``/table/{id}``: ids
``sng-1``, ``sng-2``, ...), played by the tournament: a person's action at his table is made by
the tournament's next step, the bots' by :func:`~lowball.tournament.bot_decider`.

A person holds one token for the whole sit & go: it holds his seat at whichever table he plays.
When the tournament moves him (balancing, a table broken, the final table), his sitting goes to
the room of his new table, and each page connected with his token at the old one is sent the
``tournament`` message naming his new table and closed with :data:`CLOSE_MOVED`: the page opens
the new table with the same token. Every page of the sit & go's tables gets the ``tournament``
message (:class:`lowball.wire.TournamentState`) after every change of the tournament.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Literal

import msgspec

from lowball import wire
from lowball.engine import Action
from lowball.errors import InsufficientFundsError, shown
from lowball.server.game import Connection, Room, ServerError, Sitting, person_name, token_hash
from lowball.table import Table
from lowball.tournament import Structure, Tournament, TournamentError, bot_decider

__all__ = ["SitAndGo", "TournamentRoom", "attach", "SITGO_ID", "CLOSE_MOVED", "EVENTS_SENT"]

SITGO_ID = "sng"  # the tournament's id in the store; its tables are sng-1, sng-2, ...
CLOSE_MOVED = 4000  # a page's socket closed because its person was moved to another table
EVENTS_SENT = 20  # the last tournament events a ``tournament`` message carries
_DATA = "lowball.server.sitgo"  # the store namespace of the people's tokens
STEPS_AT_ONCE = 5000  # steps one pump makes at most (then the event loop serves the others)


def attach(server: Any) -> SitAndGo | None:
    """Make the sit & go ``server`` (a :class:`~lowball.server.game.GameServer`) was given
    (``sit_and_go=...``), resumed from its store if it holds one, as ``server.sitgo``; None (and
    nothing done) without one. Once: a second call returns the first's."""
    if server.sitgo is None and server.sit_and_go_options is not None:
        structure, players, seed = server.sit_and_go_options
        server.sitgo = SitAndGo(server, structure, players, seed)
    return server.sitgo  # type: ignore[no-any-return]


@dataclass
class _Person:
    player: str
    token_hash: str
    expires: float


class TournamentRoom(Room):
    """A table of the sit & go as a room of the server: pages connect to it as to any table;
    what it does is the tournament's (a person's action, sitting out and in)."""

    sitgo: SitAndGo

    def pump(self, now: float) -> None:
        self.sitgo.pump(now)

    def _save(self) -> None:
        self.version += 1  # who sits here is the tournament's (stored with it)

    def join(self, player: object, seat: object, now: float) -> tuple[str, Sitting]:
        raise ServerError("sit_and_go", f"table {self.id} is a sit & go table: register from the lobby", 409)

    def leave(self, sitting: Sitting, now: float) -> int | None:
        raise ServerError(
            "sit_and_go", "a sit & go seat is played to the end: sit out, and your hands are folded for you", 409
        )

    def sit_out(self, sitting: Sitting, now: float) -> None:
        self.sitgo.tournament.set_away(sitting.player, True)
        self.sitgo.changed = True

    def sit_in(self, sitting: Sitting, now: float) -> None:
        self.sitgo.tournament.set_away(sitting.player, False)
        self.sitgo.changed = True

    def act(self, sitting: Sitting, action: Any, seq: Any, now: float) -> Any:
        return self.sitgo.act(self, sitting, action, seq, now)


@dataclass
class _Acted:
    seq: int
    repeated: bool = False


class SitAndGo:
    """The server's sit & go: registration, the start (bots filling the field), the play and the
    rooms of its tables.

    Parameters
    ----------
    server : GameServer
        Its store, wallet, clock, rooms and delays.
    structure : Structure
        What is played (:func:`lowball.tournament.sit_and_go` by default, see
        :class:`~lowball.server.game.GameServer`).
    players : int
        The field's size: the sit & go starts by itself when as many people have registered, or
        when a person starts it, the empty places taken by bots.
    seed : int, optional
        The tournament's seed (its draws, decks and bots' decisions); None: a random one.
    """

    def __init__(self, server: Any, structure: Structure, players: int, seed: int | None = None) -> None:
        self.server = server
        self.players = players
        self.people: dict[str, _Person] = {}
        self.changed = True
        self.version = 0
        self._sent: dict[Connection, int] = {}
        self._pending: dict[str, Action] = {}  # a person's action, made at the tournament's next step
        self._bot_due: tuple[int, int, float] | None = None
        store = server.store
        saved = store.get_data(_DATA).get(SITGO_ID)
        if saved is not None:
            self.tournament = Tournament.resume(store, SITGO_ID, clock=server.clock, wallet=server.wallet)
            self.players = saved["players"]
            for d in saved["people"]:
                self.people[d["player"]] = _Person(d["player"], d["token_hash"], d["expires"])
        else:
            seed = secrets.randbits(63) if seed is None else seed
            self.tournament = Tournament(structure, seed=seed, tournament_id=SITGO_ID, store=store,
                                         clock=server.clock, wallet=server.wallet)  # fmt: skip
            self._save_people()
        # the bots' decisions come from the tournament's seed: a seeded sit & go plays the same
        self._bots = bot_decider(self.tournament.structure.variant, self.tournament.seed, server.bot_kind or "sensible")
        self._sync(server.clock())

    # -- records ---------------------------------------------------------------------------

    def _save_people(self) -> None:
        people = [{"player": p.player, "token_hash": p.token_hash, "expires": p.expires} for p in self.people.values()]
        self.server.store.put_data(_DATA, SITGO_ID, {"players": self.players, "people": people})

    # -- registration and the start --------------------------------------------------------

    def register(self, player: object, now: float) -> tuple[str, _Person]:
        """Register ``player`` (his buy-in and fee from his account) and give him his token.

        Raises
        ------
        ServerError
            ``bad_name`` (400), ``name_taken`` or ``registration_closed`` (409),
            ``insufficient_funds`` (402).
        """
        name = person_name(player)
        t = self.tournament
        if t.started:
            raise ServerError("registration_closed", "the sit & go has started: registration is closed", 409)
        if name in self.people:
            raise ServerError("name_taken", f"{shown(name)} is registered already", 409)
        token = secrets.token_urlsafe(32)
        person = _Person(name, token_hash(token), now + self.server.token_seconds)
        with self.server.store.transaction():
            try:
                t.register(name)
            except InsufficientFundsError as e:
                raise ServerError("insufficient_funds", str(e), 402) from None
            except TournamentError as e:
                raise ServerError("registration_closed", str(e), 409) from None
            self.people[name] = person
            try:
                self._save_people()
            except BaseException:
                del self.people[name]
                raise
        self.changed = True
        if len(self.people) >= self.players:
            self.start(now)
        return token, person

    def start(self, now: float) -> None:
        """Start the sit & go: bots (``bot1``, ``bot2``, ...) take the empty places of the field.

        Raises
        ------
        ServerError
            ``not_registered`` (409) when no person has registered, ``started`` (409) when it has
            started.
        """
        t = self.tournament
        if t.started:
            raise ServerError("started", "the sit & go has started", 409)
        if not self.people:
            raise ServerError("not_registered", "a sit & go starts once a person has registered", 409)
        with self.server.store.transaction():
            k = 0
            while len(t.players_left()) < self.players:
                k += 1
                if f"bot{k}" not in self.people:
                    t.register(f"bot{k}")
            t.start()
        self.changed = True
        self._sync(now)

    # -- play ------------------------------------------------------------------------------

    def act(self, room: TournamentRoom, sitting: Sitting, action: Action, seq: Any, now: float) -> _Acted:
        """The person's action at his table: made by the tournament's next step.

        Raises
        ------
        ServerError
            ``not_your_turn`` (409) when he is not to act, ``stale_seq`` (409) for another
            ``seq`` than the table's; the table's own error for an action it refuses.
        """
        table = room.table
        if not table.in_hand or table.actor != sitting.seat:
            raise ServerError("not_your_turn", f"seat {sitting.seat + 1}: it is not your turn", 409)
        if seq != table.seq:
            raise ServerError("stale_seq", f"seq = {shown(seq)}: the table is at {table.seq}", 409)
        self._pending[sitting.player] = action
        try:
            self._step(now)
        finally:
            self._pending.pop(sitting.player, None)
        self.pump(now)
        return _Acted(seq)

    def _decide(self, table: Table, seat: int, player: str) -> Action:
        action = self._pending.get(player)
        return action if action is not None else self._bots(table, seat, player)

    def _step(self, now: float) -> bool:
        try:
            made = self.tournament.step(self._decide)
        except TournamentError as e:
            raise ServerError("bad_action", str(e)) from None
        self.changed = True
        return made

    def _turn(self) -> tuple[Table, int, str] | None:
        """The table in a hand (the tournament plays one at a time), its actor and his name."""
        for table in self.tournament.tables.values():
            if table.in_hand and table.actor is not None:
                name = table.player_at(table.actor)
                assert name is not None
                return table, table.actor, name
        return None

    def pump(self, now: float) -> None:
        """Play on until a person is to act (or the tournament waits for its clock): bots act at
        once, but at a person's table after the server's ``bot_delay``; a person who has not
        acted within the server's ``action_seconds`` is set away (his hands folded for him until
        he sits in again, TR 82)."""
        t = self.tournament
        g = self.server
        for _ in range(STEPS_AT_ONCE):
            if not t.started or t.finished:
                break
            turn = self._turn()
            if turn is not None:
                table, seat, name = turn
                if name in self.people and not self._is_away(name):
                    started = table.snapshot()["turn_started"] or now
                    if now < started + g.action_seconds:
                        break  # his turn: his action makes the next step
                    t.set_away(name, True)
                    self.changed = True
                    continue
                if g.bot_delay and self._people_at(table):
                    due = self._bot_due
                    key = (id(table), table.seq)
                    if due is None or due[:2] != key:
                        self._bot_due = due = (*key, now + g.bot_delay)
                    if now < due[2]:
                        break
            if not self._step(now):
                break
        self._sync(now)

    def _is_away(self, name: str) -> bool:
        return self.tournament.is_away(name)

    def _people_at(self, table: Table) -> bool:
        return any(table.player_at(k) in self.people for k in range(table.n_seats))

    # -- rooms -----------------------------------------------------------------------------

    def _sync(self, now: float) -> None:
        """The rooms of the tournament's tables, the people's sittings where they sit now (a page
        of a person moved is sent his new table and closed), and the ``tournament`` message to
        every page that has not had the latest."""
        g = self.server
        t = self.tournament
        for table in t.tables.values():
            if table.table_id not in g.rooms:
                room = TournamentRoom(g, table)
                room.sitgo = self
                g.rooms[table.table_id] = room
        rooms = [r for r in g.rooms.values() if isinstance(r, TournamentRoom)]
        moved: dict[str, str] = {}
        for room in rooms:
            table = room.table
            humans: dict[int, Sitting] = {}
            bots: dict[int, Any] = {}
            if table.table_id in {tb.table_id for tb in t.tables.values()}:
                for k in range(table.n_seats):
                    name = table.player_at(k)
                    if name is None:
                        continue
                    person = self.people.get(name)
                    if person is None:
                        bots[k] = None
                        continue
                    info = table.seats[k]
                    assert info is not None
                    humans[k] = Sitting(person.token_hash, k, name, person.expires, sitting=info.sitting, taken=now)
            for was in room.humans.values():
                if all(h.player != was.player for h in humans.values()):
                    moved[was.token_hash] = was.player
            if {k: (s.player, s.sitting) for k, s in humans.items()} != {
                k: (s.player, s.sitting) for k, s in room.humans.items()
            } or set(bots) != set(room.bots):
                room.humans = humans
                room.bots = bots  # the seats of bots (the state's ``bot`` flag); the tournament plays them
                room.version += 1
        if self.changed:
            self.version += 1
            self.changed = False
        for room in rooms:
            for conn in list(room.conns):
                if conn.token_hash in moved and all(s.token_hash != conn.token_hash for s in room.humans.values()):
                    conn.send(self.message(conn.player))
                    if conn.player is not None and t.where(conn.player) is not None:  # moved: his page follows
                        conn.close(CLOSE_MOVED)
                        room.conns.discard(conn)
                        self._sent.pop(conn, None)
                        continue
                    conn.seat = conn.token_hash = None  # out: he watches on (his place in ``you``)
                    self._sent[conn] = self.version
                    continue
                if self._sent.get(conn) != self.version:
                    conn.send(self.message(conn.player))
                    self._sent[conn] = self.version
        live = {c for r in rooms for c in r.conns}
        for conn in [c for c in self._sent if c not in live]:
            del self._sent[conn]

    def reload(self, table_id: str) -> Room:
        """The sit & go again as the database holds it (its tournament, its tables' rooms, the
        people's tokens), the pages of its tables kept: after a failed write."""
        g = self.server
        old = {k: r for k, r in g.rooms.items() if isinstance(r, TournamentRoom)}
        for k in old:
            del g.rooms[k]
        g.sitgo = again = SitAndGo(g, self.tournament.structure, self.players)
        for k, r in old.items():
            if k in g.rooms:
                g.rooms[k].conns = r.conns
            else:  # a table broken since the last write: its room stays, empty
                r.sitgo = again
                g.rooms[k] = r
        return g.rooms[table_id]  # type: ignore[no-any-return]

    # -- what is shown ---------------------------------------------------------------------

    def message(self, player: str | None = None) -> dict[str, Any]:
        """:meth:`form` as JSON-ready data."""
        return dict(msgspec.to_builtins(self.form(player)))

    def form(self, player: str | None = None) -> wire.TournamentState:
        """The ``tournament`` message (:class:`lowball.wire.TournamentState`), ``you`` for
        ``player`` (None: a spectator's)."""
        t = self.tournament
        s = t.structure
        lv = s.levels[t.level - 1]
        tables = [
            wire.TournamentTable(table=tb.table_id, number=n, players=sum(p is not None for p in tb.seats))
            for n, tb in sorted(t.tables.items())
        ]
        places = [wire.TournamentPlace(place=r["place"], player=r["player"], prize=r["prize"]) for r in t.results()]
        you = None
        if player is not None and player in self.people:
            where = t.where(player)
            place = next((r["place"] for r in t.results() if r["player"] == player), None)
            you = wire.TournamentSeat(
                player=player,
                table=None if where is None else t.tables[where[0]].table_id,
                seat=None if where is None else where[1],
                away=self._is_away(player),
                place=place,
            )
        status: Literal["registering", "running", "finished"] = (
            "finished" if t.finished else ("running" if t.started else "registering")
        )
        registered = [str(e["player"]) for e in t.ledger if e["kind"] == "buy_in"]
        return wire.TournamentState(
            id=SITGO_ID, status=status, variant=s.variant.code, name=s.variant.name, players=self.players,
            registered=registered, entries=t.entries, players_left=len(t.players_left()), buy_in=s.buy_in,
            fee=s.fee, prize_pool=t.prize_pool, places_paid=len(s.payouts.shares(max(t.entries, 2))),
            level=t.level, small_blind=lv.small_blind, big_blind=lv.big_blind, small_bet=lv.small_bet or 0,
            big_bet=lv.big_bet or 0, ante=lv.ante, on_break=t.on_break, hand_for_hand=t.hand_for_hand,
            tables=tables, places=places, you=you,
            events=[wire.tournament_form(e) for e in t.events[-EVENTS_SENT:]],
        )  # fmt: skip

    def person_of(self, token: object, now: float) -> str:
        """The person a token is of.

        Raises
        ------
        ServerError
            ``bad_token`` or ``expired_token`` (401).
        """
        if isinstance(token, str) and token:
            h = token_hash(token)
            for p in self.people.values():
                if secrets.compare_digest(p.token_hash, h):
                    if now >= p.expires:
                        raise ServerError("expired_token", "the token expired", 401)
                    return p.player
        raise ServerError("bad_token", "the token is not one of the sit & go", 401)

"""A tournament above its tables (:class:`Tournament`): entry, the seat draw, blind levels by
clock or by hands, breaks, the colour-up and chip race, eliminations and places, balancing and
breaking tables, redraws, the final table, hand-for-hand near the money, payouts, players away
blinded off, and (with a store) every step recorded beside its tables so that it resumes after a
crash. ``RULES.md`` section 13 states each rule with its number in the WSOP 2023 Tournament
Rules ("TR").

The tournament plays in **rounds**: one hand at each table, the tables in the order of their
numbers, and makes its changes between rounds (levels, breaks, moves), when no table is in a
hand. Every step is one store transaction: an action (with, when it ends the hand, the
tournament's record of the hand), a deal, or the changes between two rounds.
"""

from __future__ import annotations

import dataclasses
import math
import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from lowball.engine import Action
from lowball.errors import InsufficientFundsError, LowballError, StoreError, counted, name_text, shown
from lowball.seeds import check_seed
from lowball.store import Store
from lowball.table import BuyIn, Table
from lowball.tournament import rules
from lowball.tournament.structure import Structure, TournamentError
from lowball.variants import FixedLimit, Variant
from lowball.wallet import Difference, Wallet, split_key, wallet_key

__all__ = ["TOURNAMENT_FORMAT", "Tournament", "TournamentEvent", "Decide"]

TOURNAMENT_FORMAT = "lowball-tournament-1"
_NAMESPACE = "lowball-tournament"
_EVENTS = "lowball-tournament-events"
HAND_FOR_HAND_SECONDS = 120.0  # TR 126c: each hand hand-for-hand runs 2 minutes off the clock

Decide = Callable[[Table, int, str], Action]
"""A player's decision: ``decide(table, seat, player)`` returns the action of ``player`` at ``seat``
of ``table`` (its :meth:`Table.player_view` and :meth:`Table.legal_actions` tell what he sees
and may do)."""


@dataclass(frozen=True)
class TournamentEvent:
    """One thing that happened in a tournament, for clients: ``number`` (from 1), ``kind`` and
    its ``data``. Kinds and their data (JSON-ready; tables by number, seats as the table numbers
    them, from 0):

    - ``registered``: ``player``, ``entry`` (its number), ``late`` (bool), ``table``, ``seat``
      (when seated at once, else None)
    - ``seated``: ``player``, ``table``, ``seat`` (the seat draw, TR 34, 65)
    - ``level``: ``level`` (from 1), ``small_blind``, ``big_blind``, ``ante``, ``small_bet``,
      ``big_bet`` (applies from each table's next hand, TR 79)
    - ``break``: ``after_level``, ``until`` (the clock's seconds); ``break_end``: ``level``
    - ``chip_race``: ``table``, ``chip``, ``stacks`` (by seat, after it)
    - ``moved``: ``player``, ``from_table``, ``from_seat``, ``table``, ``seat``, ``reason``
      (``"balance"``, ``"break"``, ``"redraw"``, ``"final_table"``)
    - ``redraw``: ``tables`` (the new tables' numbers), ``players``, ``final`` (TR 67c)
    - ``table_broken``: ``table``; ``final_table``: ``table``, ``players``
    - ``hand_for_hand``: ``on`` (bool)
    - ``rebuy`` / ``addon``: ``player``, ``chips``
    - ``eliminated``: ``player``, ``place``, ``shared_with`` (places shared, 1 if none),
      ``table``, ``hand``
    - ``paid``: ``player``, ``place``, ``amount``
    - ``finished``: ``winner``, ``entries``, ``prize_pool``

    Each kind has its form in the public wire format (:data:`lowball.wire.TournamentEvent`):
    ``lowball.wire.encode(event)`` writes ``to_dict()`` as JSON, checked by the schema
    ``TournamentEvent``, and ``lowball.wire.decode(text, TournamentEvent)`` reads it back.
    """

    number: int
    kind: str
    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """``{"number": n, "kind": kind, **data}``, JSON-ready."""
        return {"number": self.number, "kind": self.kind, **self.data}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TournamentEvent:
        data = dict(d)
        return cls(data.pop("number"), data.pop("kind"), data)


@dataclass
class _Player:
    name: str
    entry: int
    table: int | None = None
    rebuys: int = 0
    addon: bool = False
    away: bool = False
    place: int | None = None
    prize: int = 0
    out_hand: int | None = None  # the round he went out in
    no_rebuy: bool = False  # he declines a rebuy (set_rebuy)
    no_addon: bool = False  # he declines the add-on (set_addon)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def _table_seed(seed: int, number: int) -> int:
    return int(np.random.SeedSequence([seed, 7, number]).generate_state(2, np.uint32).astype(np.uint64)[0])


class Tournament:
    """A tournament of one :class:`~lowball.tournament.Structure`: it owns its tables, deals
    them in rounds, moves players between them between hands, changes their stakes by level
    (:meth:`Table.change_stakes <lowball.table.Table.change_stakes>`) and keeps a plain ledger
    of the money (buy-ins, fees, rebuys, add-ons, prizes).

    Parameters
    ----------
    structure : Structure
        What is played.
    seed : int
        Every draw (seats, redraws, chip races) and every table's deck come from it: the same
        seed and the same decisions give the same tournament.
    tournament_id : str, default "tournament"
        Its name in its store; its tables are ``<tournament_id>-<number>``.
    store : Store, optional
        Where every step is written (with its tables' changes, in one transaction): resume with
        :meth:`resume`. Without one it lives in memory.
    clock : callable, default ``lambda: 0.0``
        Seconds (any origin) for levels by time and breaks: inject one; a tournament never reads
        the real time itself.
    wallet : Wallet, optional
        The players' accounts (:mod:`lowball.wallet`): the buy-in and fee of each entry, each
        rebuy and add-on are taken from a player's account before he gets the chips (an account
        that cannot pay refuses the entry, and a rebuy or add-on is then not taken), and each
        prize is paid into it once its step is stored. Every movement has an idempotency key of
        the tournament's own count, ``f"{tournament_id}:{n}:{kind}"`` (``buy_in``: an entry;
        ``add_on``: a rebuy or an add-on; ``cash_out``: a prize; ``void``: a debit given back),
        and :meth:`reconcile` checks the wallet against the ledger. Give it to :meth:`resume`
        again: it completes what a crash left half done.

    Raises
    ------
    TournamentError
        For a bad option (naming it); StoreError if the store already holds the tournament.
    """

    def __init__(
        self,
        structure: Structure,
        *,
        seed: int,
        tournament_id: str = "tournament",
        store: Store | None = None,
        clock: Callable[[], float] = lambda: 0.0,
        wallet: Wallet | None = None,
    ) -> None:
        if not isinstance(structure, Structure):
            raise TournamentError(f"structure = {shown(structure)}: expected a lowball Structure")
        self._structure = structure
        self._seed = check_seed(seed, generators=False)
        self._id = name_text(tournament_id, "tournament_id", length=48, error=TournamentError)
        if store is not None and not isinstance(store, Store):
            raise TournamentError(f"store = {shown(store)}: expected a lowball Store (such as SQLiteStore)")
        if not callable(clock):
            raise TournamentError(f"clock = {shown(clock)}: expected a function returning seconds")
        if wallet is not None and not isinstance(wallet, Wallet):
            raise TournamentError(f"wallet = {shown(wallet)}: expected a lowball Wallet (such as MemoryWallet)")
        self._store = store
        self._clock = clock
        self._wallet = wallet
        self._moves = 0  # wallet movements numbered (their keys' numbers)
        self._outgoing: list[dict[str, Any]] = []  # debits of the step being made (given back if it fails)
        self._unpaid: list[dict[str, Any]] = []  # prizes stored and not yet paid by the wallet
        self._players: dict[str, _Player] = {}
        self._tables: dict[int, Table] = {}
        self._next_table = 1
        self._started = False
        self._finished = False
        self._level = 0  # index into structure.levels
        self._level_clock = 0.0  # seconds of the level played (TR 126c charges hand-for-hand)
        self._level_rounds = 0
        self._last_time: float | None = None
        self._break_until: float | None = None
        self._round = 0
        self._played: set[int] = set()  # tables that have played their hand of this round
        self._turn: int | None = None  # the table playing now (derived: the lowest not played)
        self._hand_for_hand = False
        self._pending: list[tuple[str, int, int]] = []  # out this round, hand-for-hand
        self._draws = 0  # random draws made (each from its own seed)
        self._chip = 1  # the smallest chip in play
        self._issued = 0  # chips given out (stacks, rebuys, add-ons, chip races)
        self._ledger: list[dict[str, Any]] = []
        self._events: list[TournamentEvent] = []
        self._saved_events = 0
        self._hands = 0
        self._entries = 0
        self._places_left = 0
        self._heads_up = False
        self._starts: dict[str, dict[str, int]] = {}
        self._unplaced: list[list[list[int]]] = []  # out while registration was open: [entry, stack, table]
        self._retired: list[_Player] = []  # the earlier entries of players who re-entered
        if store is not None:
            if self._id in store.get_data(_NAMESPACE):
                raise TournamentError(f"{shown(store)} already holds tournament {shown(self._id)}: resume it")
            with store.transaction():
                self._save()

    # -- read-only state -------------------------------------------------------------------

    @property
    def structure(self) -> Structure:
        return self._structure

    @property
    def seed(self) -> int:
        """The tournament's seed (every draw and every table's deck come from it)."""
        return int(self._seed)

    @property
    def tournament_id(self) -> str:
        return self._id

    @property
    def started(self) -> bool:
        return self._started

    @property
    def finished(self) -> bool:
        return self._finished

    @property
    def level(self) -> int:
        """The level being played (from 1)."""
        return self._level + 1

    @property
    def round(self) -> int:
        """Rounds of hands begun (one hand at each table)."""
        return self._round

    @property
    def hands_played(self) -> int:
        """Hands finished at all tables."""
        return self._hands

    @property
    def hand_for_hand(self) -> bool:
        return self._hand_for_hand

    @property
    def round_over(self) -> bool:
        """Whether every table has played its hand of the round: the next :meth:`step` makes the
        changes between rounds."""
        return self._started and not self._finished and self._played.issuperset(self._tables)

    @property
    def last_clock(self) -> float | None:
        """The clock's seconds when the last round ended (or the start, or a break's end)."""
        return self._last_time

    @property
    def on_break(self) -> bool:
        return self._break_until is not None

    @property
    def break_until(self) -> float | None:
        return self._break_until

    @property
    def tables(self) -> dict[int, Table]:
        """The tables in play by number (a copy of the mapping; the tables themselves: read them,
        play them only through the tournament)."""
        return dict(self._tables)

    @property
    def entries(self) -> int:
        """Entries (registrations and re-entries)."""
        return self._entries

    @property
    def prize_pool(self) -> int:
        """The buy-ins, rebuys and add-ons (the entries minus the fees)."""
        return sum(e["amount"] for e in self._ledger if e["kind"] in ("buy_in", "rebuy", "addon"))

    @property
    def ledger(self) -> tuple[dict[str, Any], ...]:
        """The tournament's money: ``{"kind": "buy_in" | "fee" | "rebuy" | "addon" | "prize",
        "player": name, "amount": units}`` in order (copies); with a wallet each entry has the
        ``key`` of its wallet movement too (an entry's buy-in and fee are one debit)."""
        return tuple(dict(e) for e in self._ledger)

    @property
    def events(self) -> tuple[TournamentEvent, ...]:
        return tuple(self._events)

    @property
    def chips_issued(self) -> int:
        """Chips given out: starting stacks, rebuys, add-ons, and what chip races added or took.
        Every one of them is at a table (:meth:`chips_in_play`)."""
        return self._issued

    def chips_in_play(self) -> int:
        """Every chip at every table now."""
        return sum(t.chips_at_table() for t in self._tables.values())

    def players_left(self) -> list[str]:
        """The players still in (with chips: one out in a hand-for-hand round waits for his place
        until its end), in the order they registered."""
        return [p.name for p in self._players.values() if p.place is None and p.out_hand is None]

    def where(self, player: str) -> tuple[int, int] | None:
        """``(table, seat)`` of ``player``, or None (out, or not seated)."""
        p = self._players.get(player)
        if p is None or p.table is None:
            return None
        t = self._tables[p.table]
        for k in range(t.n_seats):
            if t.player_at(k) == player:
                return p.table, k
        return None

    def results(self) -> list[dict[str, Any]]:
        """Every player placed so far, best place first: ``{"place", "player", "prize",
        "rebuys", "addon"}``."""
        placed = [p for p in (*self._retired, *self._players.values()) if p.place is not None]
        placed.sort(key=lambda p: (p.place, p.entry))
        return [
            {"place": p.place, "player": p.name, "prize": p.prize, "rebuys": p.rebuys, "addon": p.addon} for p in placed
        ]

    def summary(self) -> dict[str, Any]:
        """What ``lowball tournament`` prints, JSON-ready: the game, the seed, entries, buy-in and
        fee, the prize pool, places paid, hands and rounds played, the levels reached (and the
        last level's stakes) and every place given (:meth:`results`)."""
        s = self._structure
        lv = s.levels[self._level]
        return {
            "variant": s.variant.name,
            "code": s.variant.code,
            "seed": self._seed,
            "entries": self._entries,
            "buy_in": s.buy_in,
            "fee": s.fee,
            "prize_pool": self.prize_pool,
            "places_paid": len(s.payouts.shares(self._entries)),
            "hands_played": self._hands,
            "rounds": self._round,
            "levels_reached": self.level,
            "last_level": self._level_data(lv),
            "finished": self._finished,
            "places": self.results(),
        }

    # -- entry -----------------------------------------------------------------------------

    def register(self, player: str) -> None:
        """Enter ``player``: the buy-in to the prize pool and the fee to the house (the ledger);
        before the start, or until the end of the structure's late-registration level (TR 12),
        a late registrant seated at once at random among the tables with the fewest players, in
        position (TR 14). A player out may enter again while registration is open (a re-entry,
        TR 13: a new entry with a full stack).

        Raises
        ------
        TournamentError
            When registration is closed, the tournament is over, or ``player`` is still in (naming
            him).
        InsufficientFundsError
            With a wallet, when his account cannot pay the buy-in and fee (nothing changes).
        """
        player = name_text(player, "player", error=TournamentError)
        if self._finished:
            raise TournamentError(f"register {shown(player)}: the tournament is over")
        if self._started and not self._registration_open():
            raise TournamentError(
                f"register {shown(player)}: late registration closed at the end of level "
                f"{self._structure.late_registration} (TR 12); the tournament is at level {self.level}"
            )
        old = self._players.get(player)
        if old is not None and old.place is None and old.out_hand is None:
            raise TournamentError(f"register {shown(player)}: already in the tournament")
        s = self._structure
        with self._step():
            key = self._debit(player, s.buy_in + s.fee, "buy_in")
            self._entries += 1
            if self._started:
                self._places_left += 1  # every entry finishes in a place of its own
            if old is not None:
                del self._players[player]
                self._retired.append(old)  # his first entry keeps its place (TR 13: a new participant)
            p = _Player(player, self._entries)
            self._players[player] = p
            self._book("buy_in", player, s.buy_in, key)
            self._book("fee", player, s.fee, key)
            data: dict[str, Any] = {
                "player": player,
                "entry": p.entry,
                "late": self._started,
                "table": None,
                "seat": None,
            }
            if self._started:
                self._seat_late(p, data)
            self._emit("registered", data)

    def _registration_open(self) -> bool:
        s = self._structure
        if self._level < s.late_registration:
            return True
        # TR 12: a break at the end of the registration period keeps it open until play resumes
        return self._level == s.late_registration and self._break_until is not None and s.late_registration > 0

    def _seat_late(self, p: _Player, data: dict[str, Any]) -> None:
        counts = {n: self._count(n) for n in self._tables}
        size = self._structure.seats
        room = [n for n in counts if counts[n] < self._tables[n].n_seats]
        if room:
            least = min(counts[n] for n in room)
            choices = [n for n in room if counts[n] == least]
            rng = self._rng()
            n = choices[int(rng.integers(len(choices)))]
        else:  # TR 35: a table added for late registrants (it breaks first)
            n = self._new_table(size)
        t = self._tables[n]
        free = t.free_positions()
        in_position = t.hand_number > 0 and bool(free)
        if not free:  # every free seat is between the small blind and the button: he waits for the big blind
            free = tuple(k for k in range(t.n_seats) if t.player_at(k) is None)
        seat = free[int(self._rng().integers(len(free)))]
        t.sit(seat, p.name, self._structure.starting_stack, in_position=in_position, now=self._now())
        self._issued += self._structure.starting_stack
        p.table = n
        data.update(table=n, seat=seat)

    def set_away(self, player: str, away: bool = True) -> None:
        """Mark ``player`` away (or back): an away player stays in his seat, is dealt in and posts
        his blinds and antes, and his hand is dead: folded at his turn, checked where he may
        not fold, his draws stood pat (TR 82: a player must be at his seat to have a live hand;
        TR 36, 114: his chips are blinded off). He is never removed.

        Raises
        ------
        TournamentError
            For a player not in the tournament (or out of it).
        """
        p = self._players.get(player) if isinstance(player, str) else None
        if p is None or p.place is not None or p.out_hand is not None:
            raise TournamentError(f"set_away: {shown(player)} is not in the tournament")
        if not isinstance(away, bool):
            raise TournamentError(f"set_away: away = {shown(away)}: expected True or False")
        with self._step():
            p.away = away

    def is_away(self, player: str) -> bool:
        """Whether ``player`` is away (:meth:`set_away`); False for a name not in the tournament."""
        p = self._players.get(player) if isinstance(player, str) else None
        return p is not None and p.away

    def set_rebuy(self, player: str, take: bool = True) -> None:
        """Whether ``player`` takes a rebuy when he has no chips left (``take=False``: he
        declines it, and goes out in the place his stack gives him; True again: he takes it).
        Every player takes them until he says otherwise. TR 13 gives a player with no chips the
        option to enter again; *lowball:* a rebuy is the same option, declined ahead of the hand
        that leaves him without chips (the tournament waits for no one between hands). The
        choice goes with him when he is moved to another table.

        Raises
        ------
        TournamentError
            For a player not in the tournament (or out of it), a structure without rebuys, once
            the rebuy levels are over, or a ``take`` that is not True or False.
        """
        p = self._choosing(player, "set_rebuy", take)
        s = self._structure
        if not s.rebuys:
            raise TournamentError(f"set_rebuy: {shown(player)}: this tournament has no rebuys")
        if self._level >= s.rebuy_levels:
            raise TournamentError(f"set_rebuy: {shown(player)}: rebuys ended with level {s.rebuy_levels}")
        with self._step():
            p.no_rebuy = not take

    def set_addon(self, player: str, take: bool = True) -> None:
        """Whether ``player`` takes the add-on at the end of the rebuy levels (``take=False``: he
        declines it, and keeps his stack and his money; True again: he takes it). Every player
        takes it until he says otherwise (*lowball:* the add-on is offered once, to every player
        still in, at the end of level ``rebuy_levels``, for the buy-in).

        Raises
        ------
        TournamentError
            For a player not in the tournament (or out of it), a structure without an add-on,
            once the add-on has been offered, or a ``take`` that is not True or False.
        """
        p = self._choosing(player, "set_addon", take)
        s = self._structure
        if not s.addon_stack:
            raise TournamentError(f"set_addon: {shown(player)}: this tournament has no add-on")
        if self._level >= s.rebuy_levels:
            raise TournamentError(f"set_addon: {shown(player)}: the add-on was offered at the end of level "
                                  f"{s.rebuy_levels}")  # fmt: skip
        with self._step():
            p.no_addon = not take

    def _choosing(self, player: str, what: str, take: bool) -> _Player:
        p = self._players.get(player) if isinstance(player, str) else None
        if p is None or p.place is not None or p.out_hand is not None:
            raise TournamentError(f"{what}: {shown(player)} is not in the tournament")
        if not isinstance(take, bool):
            raise TournamentError(f"{what}: take = {shown(take)}: expected True or False")
        if self._finished:
            raise TournamentError(f"{what}: the tournament is over")
        return p

    # -- the start: the seat draw ----------------------------------------------------------

    def start(self) -> None:
        """Close the first registration and draw the seats: as many tables as the field needs,
        the players spread evenly, each to a random table and seat from the seed (TR 34, 65);
        the breaking order is posted (TR 66: the highest-numbered table first). Each table's
        button begins at its last seat (TR 85: the first stack to the dealer's right).

        Raises
        ------
        TournamentError
            When fewer than two players are registered, or it has started.
        """
        if self._started:
            raise TournamentError("start: the tournament has started")
        if len(self._players) < 2:
            who = counted(len(self._players), "player")
            raise TournamentError(f"start: {who} registered; a tournament needs 2 or more")
        with self._step():
            self._started = True
            self._places_left = len(self._players)
            self._draw(list(self._players), reason=None)
            lv = self._structure.levels[0]
            self._emit("level", self._level_data(lv))
            self._last_time = self._now()
            self._check_heads_up()

    def _rng(self) -> np.random.Generator:
        self._draws += 1
        return np.random.default_rng(np.random.SeedSequence([self._seed, 1, self._draws]))

    def _now(self) -> float:
        t = self._clock()
        try:
            if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(float(t)):
                raise TournamentError(f"clock() = {shown(t)}: expected seconds")
        except OverflowError:
            raise TournamentError(f"clock() = {shown(t)}: expected seconds") from None
        return float(t)

    def _variant(self) -> Variant:
        v = self._structure.levels[self._level].variant(self._structure.variant)
        if isinstance(v.betting, FixedLimit):
            # TR 100b: the cap of one bet and four raises holds at every table until the
            # tournament, not a table, is heads-up
            v = v.replace(betting=dataclasses.replace(v.betting, uncapped_heads_up=self._heads_up))
        return v

    def _new_table(self, seats: int) -> int:
        n = self._next_table
        self._next_table += 1
        self._tables[n] = Table(
            self._variant(), seats=seats, table_id=f"{self._id}-{n}", store=self._store,
            seed=_table_seed(self._seed, n), buy_in=BuyIn(1), action_seconds=3600.0, time_bank=0.0,
            timeouts_to_sit_out=10**9, rejoin_seconds=None, clock=self._clock, keep_hands=1,
        )  # fmt: skip
        return n

    def _draw(self, players: list[str], reason: str | None) -> None:
        """Seat ``players`` at new tables by a random draw (the start, a redraw, the final table)."""
        size = self._structure.seats
        left = len(players)
        final = left <= self._structure.final_table_size()
        tables = 1 if final else math.ceil(left / size)
        seats = self._structure.final_table_seats() if final else size
        if reason is not None:
            seats = max(seats, math.ceil(left / tables))
        rng = self._rng()
        order = [players[i] for i in rng.permutation(len(players))]
        numbers = [self._new_table(seats) for _ in range(tables)]
        if reason is not None:
            self._emit("redraw", {"tables": numbers, "players": len(players), "final": final})
        groups: list[list[str]] = [order[j::tables] for j in range(tables)]
        now = self._now()
        for n, group in zip(numbers, groups, strict=True):
            t = self._tables[n]
            chairs = sorted(int(x) for x in rng.choice(seats, size=len(group), replace=False))
            for seat, name in zip(chairs, group, strict=True):
                p = self._players[name]
                chips = self._structure.starting_stack if reason is None else self._stack_of(name)
                old = p.table
                old_seat = None
                if reason is not None and old is not None:
                    old_seat = self._take(name)
                t.sit(seat, name, chips, now=now)
                p.table = n
                if reason is None:
                    self._issued += chips
                    self._emit("seated", {"player": name, "table": n, "seat": seat})
                else:
                    self._emit(
                        "moved",
                        {"player": name, "from_table": old, "from_seat": old_seat, "table": n, "seat": seat,
                         "reason": reason},
                    )  # fmt: skip
        if final:
            self._emit("final_table", {"table": numbers[0], "players": len(players)})

    def _stack_of(self, name: str) -> int:
        where = self.where(name)
        assert where is not None
        s = self._tables[where[0]].seats[where[1]]
        assert s is not None
        return s.chips

    def _take(self, name: str) -> int:
        """Take ``name`` from his table with his chips (a move); returns his old seat."""
        where = self.where(name)
        assert where is not None
        n, k = where
        self._tables[n].leave(k, now=self._now())
        return k

    def _count(self, n: int) -> int:
        t = self._tables[n]
        return sum(t.player_at(k) is not None for k in range(t.n_seats))

    # -- the steps -------------------------------------------------------------------------

    def _step(self, save: bool = True) -> _Step:
        return _Step(self, save)

    def step(self, decide: Decide) -> bool:
        """Make the tournament's next move: one action at the table whose turn it is (``decide``
        chooses it; an away player's is made for him), a deal, or the changes between two rounds.
        Returns False when there is nothing more to do: the tournament is over, or it waits for
        its clock (a break that has not ended).

        Raises
        ------
        TournamentError
            Before :meth:`start`, or when ``decide`` returns what the table refuses (naming the
            player and the table's reason).
        StoreError
            When the store fails to write the step (nothing of it is stored).
        """
        if not self._started:
            raise TournamentError("step: the tournament has not started (call start)")
        if self._finished:
            return False
        if self._break_until is not None:
            if self._now() < self._break_until:
                return False
            with self._step():
                self._break_until = None
                self._last_time = self._now()
                self._emit("break_end", {"level": self.level})
                if not self._registration_open():
                    self._place_unplaced()
            return True
        n = self._turn
        if n is None or n in self._played or n not in self._tables:
            todo = [m for m in self._tables if m not in self._played]
            n = self._turn = min(todo) if todo else None
        if n is None:
            with self._step():
                self._between_rounds()
            return True
        t = self._tables[n]
        if not t.in_hand:
            with self._step():
                if t.can_deal():
                    # the stacks the hand begins with, which place players out in it (TR 126b)
                    self._starts[str(n)] = {i.player: i.chips for i in t.seats if i is not None}
                    t.deal(now=self._now())
                else:
                    self._played.add(n)
            return True
        seat = t.actor
        assert seat is not None
        name = t.player_at(seat)
        assert name is not None
        if self._players[name].away:
            legal = t.legal_actions()
            action = Action.fold() if legal.fold else (Action.check() if legal.check else Action.stand_pat())
        else:
            action = decide(t, seat, name)
        # an action inside a hand changes its table only (stored by the table): the tournament's
        # own state is written with the action that ends the hand
        with self._step(save=False) as step:
            try:
                t.act(seat, action, seq=t.seq, now=self._now())
            except StoreError:
                raise  # the store failed, not the decision (the table is as it was)
            except LowballError as e:
                raise TournamentError(f"table {n}: {shown(name)} chose {action}: {e}") from None
            if not t.in_hand:
                step.save = True
                self._hand_ended(n)
        return True

    def run(self, decide: Decide, *, on_step: Callable[[Tournament], None] | None = None) -> None:
        """Play to the end with ``decide`` (a clock that stands still: breaks end at once)."""
        while not self._finished:
            if not self.step(decide):
                if self._break_until is None:
                    break
                raise TournamentError(
                    f"run: on a break until {self._break_until:g} s, and the clock says {self._now():g} s "
                    "(advance the clock, or use lowball.tournament.play_bots)"
                )
            if on_step is not None:
                on_step(self)

    # -- after a hand ----------------------------------------------------------------------

    def _hand_ended(self, n: int) -> None:
        t = self._tables[n]
        self._hands += 1
        self._played.add(n)
        s = self._structure
        out: list[tuple[str, int, int]] = []
        now = self._now()
        starts = self._starts.pop(str(n), {})
        for k, info in enumerate(t.seats):
            if info is None or info.chips > 0:
                continue
            p = self._players[info.player]
            rebuy = bool(s.rebuys) and p.rebuys < s.rebuys and self._level < s.rebuy_levels and not p.no_rebuy
            if rebuy:
                try:
                    key = self._debit(p.name, s.buy_in, "add_on")
                except InsufficientFundsError:  # *lowball:* an account that cannot pay: no rebuy
                    rebuy = False
            if rebuy:
                # TR 13: with no chips left, a rebuy for a full stack (unless he declines it)
                p.rebuys += 1
                self._book("rebuy", p.name, s.buy_in, key)
                t.add_chips(k, s.rebuy_stack or s.starting_stack, now=now)
                t.sit_in(k, now=now)
                self._issued += s.rebuy_stack or s.starting_stack
                self._emit("rebuy", {"player": p.name, "chips": s.rebuy_stack})
                continue
            t.leave(k, now=now)
            p.table = None
            p.out_hand = self._round
            out.append((p.name, starts.get(p.name, 0), n))
        if out:
            if self._registration_open():
                # *lowball:* the field is not known while registration is open: players out then
                # are placed when it closes, from the last place up in the order they went out
                self._unplaced.append([[self._players[name].entry, stack, m] for name, stack, m in out])
            elif self._hand_for_hand:
                self._pending.extend(out)  # TR 126b: placed with the round's others
            else:
                self._place([(self._players[name], stack, m) for name, stack, m in out])

    def _place_unplaced(self) -> None:
        """Place the players who went out while registration was open (it has closed)."""
        if not self._unplaced:
            return
        by_entry = {p.entry: p for p in (*self._retired, *self._players.values())}
        for group in self._unplaced:
            self._place([(by_entry[e], stack, m) for e, stack, m in group])
        self._unplaced = []

    def _place(self, out: list[tuple[_Player, int, int]]) -> None:
        remaining = self._places_left
        prizes = self._structure.payouts.prizes(self._entries, self.prize_pool)
        of = {str(p.entry): (p, m) for p, _, m in out}  # an entry's number: a name may have two entries
        for first, last, group in rules.places([(str(p.entry), stack, m) for p, stack, m in out], remaining):
            group.sort(key=int)
            paid = rules.share_prizes(prizes, first, last, group)
            for label in group:
                p, table = of[label]
                p.place = first
                p.prize = paid[label]
                self._emit(
                    "eliminated",
                    {"player": p.name, "place": first, "shared_with": last - first + 1, "table": table,
                     "hand": self._round if p.out_hand is None else p.out_hand},
                )  # fmt: skip
                if p.prize:
                    self._book("prize", p.name, p.prize, self._owe(p.name, p.prize))
                    self._emit("paid", {"player": p.name, "place": first, "amount": p.prize})
        self._places_left -= len(out)

    # -- between rounds --------------------------------------------------------------------

    def _between_rounds(self) -> None:
        if self._pending:
            self._place([(self._players[name], stack, m) for name, stack, m in self._pending])
            self._pending = []
        self._round += 1
        self._played = set()
        left = self.players_left()
        if len(left) <= 1:
            self._finish(left)
            return
        self._clock_level()
        if not self._registration_open():
            self._place_unplaced()
        if self._break_until is not None:
            return
        self._manage_tables()
        self._check_heads_up()
        paid = len(self._structure.payouts.shares(self._entries))
        # TR 126a, near the money: *lowball:* from as many players over the places paid as there
        # are tables (one more out at each table reaches the money), at two tables or more
        h4h = paid < len(left) <= paid + len(self._tables) and len(self._tables) > 1
        if h4h != self._hand_for_hand:
            self._hand_for_hand = h4h
            self._emit("hand_for_hand", {"on": h4h})

    def _check_heads_up(self) -> None:
        heads_up = len(self.players_left()) == 2
        if heads_up != self._heads_up:
            self._heads_up = heads_up
            self._restake()

    def _restake(self) -> None:
        v = self._variant()
        now = self._now()
        for t in self._tables.values():
            if t.variant != v:
                t.change_stakes(v, now=now)

    def _level_data(self, lv: Any) -> dict[str, Any]:
        return {
            "level": self.level, "small_blind": lv.small_blind, "big_blind": lv.big_blind, "ante": lv.ante,
            "big_blind_ante": lv.big_blind_ante, "small_bet": lv.small_bet, "big_bet": lv.big_bet,
        }  # fmt: skip

    def _clock_level(self) -> None:
        s = self._structure
        now = self._now()
        if self._hand_for_hand:
            self._level_clock += HAND_FOR_HAND_SECONDS  # TR 126c
        elif self._last_time is not None:
            self._level_clock += max(0.0, now - self._last_time)
        self._last_time = now
        self._level_rounds += 1
        lv = s.levels[self._level]
        if self._level + 1 >= len(s.levels):
            return
        over = (lv.hands is not None and self._level_rounds >= lv.hands) or (
            lv.minutes is not None and self._level_clock >= 60.0 * lv.minutes
        )
        if not over:
            return
        finished = self._level + 1  # the level just played, from 1
        self._level += 1
        self._level_clock = 0.0
        self._level_rounds = 0
        brk = next((b for b in s.breaks if b.after_level == finished), None)
        if finished == s.rebuy_levels and s.addon_stack:
            self._addons()
        if brk is not None:
            self._break_until = now + 60.0 * brk.minutes
            self._emit("break", {"after_level": finished, "until": self._break_until})
            if brk.color_up is not None and brk.color_up > self._chip:
                self._color_up(brk.color_up)
        self._restake()
        self._emit("level", self._level_data(s.levels[self._level]))

    def _addons(self) -> None:
        s = self._structure
        now = self._now()
        for p in self._players.values():
            if p.place is not None or p.out_hand is not None or p.addon or p.no_addon:
                continue
            where = self.where(p.name)
            assert where is not None
            try:
                key = self._debit(p.name, s.buy_in, "add_on")
            except InsufficientFundsError:  # *lowball:* an account that cannot pay: no add-on
                continue
            p.addon = True
            self._book("addon", p.name, s.buy_in, key)
            self._tables[where[0]].add_chips(where[1], s.addon_stack, now=now)
            self._issued += s.addon_stack
            self._emit("addon", {"player": p.name, "chips": s.addon_stack})

    def _color_up(self, chip: int) -> None:
        """TR 77: the odd chips raced off at each table, from seat 1 (seat 0 here)."""
        now = self._now()
        for n in sorted(self._tables):
            t = self._tables[n]
            seated = [(k, s.chips) for k, s in enumerate(t.seats) if s is not None]
            if not seated:
                continue
            rng = self._rng()
            cards = [int(c) for c in rng.permutation(52)[: len(seated)]]  # one race card each, seat 0 first
            after = rules.chip_race([c for _, c in seated], chip, cards)
            changes = {k: a for (k, c), a in zip(seated, after, strict=True) if a != c}
            if changes:
                t.set_stacks(changes, reason="chip race", now=now)
                self._issued += sum(a - c for (k, c), a in zip(seated, after, strict=True))
            self._emit(
                "chip_race",
                {"table": n, "chip": chip, "stacks": {str(k): a for (k, _), a in zip(seated, after, strict=True)}},
            )
        self._chip = chip

    def _manage_tables(self) -> None:
        s = self._structure
        left = self.players_left()
        size = s.seats
        redraws = rules.redraw_at(self._entries)
        final = len(left) <= s.final_table_size()
        if final and len(self._tables) > 1:
            self._redraw(left, "final_table")
            return
        needed = 1 if final else math.ceil(len(left) / size)
        if needed < len(self._tables) and needed in redraws:
            self._redraw(left, "redraw")
            return
        while len(self._tables) > needed:
            self._break_table()
        while True:
            counts = {n: self._count(n) for n in self._tables}
            move = rules.balance_move(counts, self.breaking_order())
            if move is None:
                break
            self._balance(*move)

    def breaking_order(self) -> list[int]:
        """The tables in the order they break (TR 66: posted; tables added for late
        registrants first, TR 35): *lowball:* the highest number first."""
        return sorted(self._tables, reverse=True)

    def _redraw(self, left: list[str], reason: str) -> None:
        old = sorted(self._tables)
        self._draw(left, reason)
        for n in old:
            del self._tables[n]
            self._emit("table_broken", {"table": n})

    def _break_table(self) -> None:
        n = self.breaking_order()[0]
        t = self._tables[n]
        movers = []
        markers = t.next_markers()
        seats = [k for k, s in enumerate(t.seats) if s is not None]
        if markers is not None:  # from the player due for the big blind, clockwise
            bb = markers[2]
            seats.sort(key=lambda k: (k - bb) % t.n_seats)
        for k in seats:
            info = t.seats[k]
            assert info is not None
            movers.append(info.player)
        for name in movers:
            others = {m: self._count(m) for m in self._tables if m != n}
            to = min(others, key=lambda m: (others[m], m))
            self._move(name, to, "break")
        del self._tables[n]
        self._emit("table_broken", {"table": n})

    def _balance(self, src: int, dst: int) -> None:
        t = self._tables[src]
        markers = t.next_markers()
        seated = [k for k, s in enumerate(t.seats) if s is not None]
        k = markers[2] if markers is not None else seated[0]  # TR 67a: the player due for the big blind
        info = t.seats[k]
        assert info is not None
        self._move(info.player, dst, "balance")

    def _move(self, name: str, to: int, reason: str) -> None:
        """Move ``name`` to table ``to``, to its worst position: the seat the big blind reaches
        first, never between the small blind and the button (TR 66), and in balancing never the
        small blind (TR 67a)."""
        dst = self._tables[to]
        markers = dst.next_markers()
        best = None
        for k in range(dst.n_seats):
            if dst.player_at(k) is not None:
                continue
            hands = dst.big_blind_in(k)
            if hands is None:
                continue
            if reason == "balance" and markers is not None and k == markers[1] and dst.hand_number > 0:
                continue  # balancing: never the small blind (TR 67a; from a broken table he may get it, 66)
            if best is None or hands < best[0]:
                best = (hands, k)
        in_position = dst.hand_number > 0
        if best is None:  # only seats the rules keep for later: *lowball:* the first, where he waits
            free = dst.free_positions()
            seat = free[0] if free else next(k for k in range(dst.n_seats) if dst.player_at(k) is None)
            in_position = in_position and bool(free)
        else:
            seat = best[1]
        p = self._players[name]
        chips = self._stack_of(name)
        src = p.table
        old_seat = self._take(name)
        dst.sit(seat, name, chips, in_position=in_position, now=self._now())
        p.table = to
        self._emit(
            "moved",
            {"player": name, "from_table": src, "from_seat": old_seat, "table": to, "seat": seat, "reason": reason},
        )

    def _finish(self, left: list[str]) -> None:
        self._place_unplaced()
        if left:
            p = self._players[left[0]]
            assert p.table is not None
            self._place([(p, 0, p.table)])
        self._finished = True
        winner = left[0] if left else None
        self._emit("finished", {"winner": winner, "entries": self._entries, "prize_pool": self.prize_pool})

    # -- events and the store --------------------------------------------------------------

    def _emit(self, kind: str, data: dict[str, Any]) -> None:
        self._events.append(TournamentEvent(len(self._events) + 1, kind, data))

    def snapshot(self) -> dict[str, Any]:
        """The tournament's own state (its tables are stored as tables), JSON-ready."""
        return {
            "format": TOURNAMENT_FORMAT,
            "structure": self._structure.to_dict(),
            "seed": self._seed,
            "id": self._id,
            "players": [p.to_dict() for p in self._players.values()],
            "tables": sorted(self._tables),
            "next_table": self._next_table,
            "started": self._started,
            "finished": self._finished,
            "level": self._level,
            "level_clock": self._level_clock,
            "level_rounds": self._level_rounds,
            "last_time": self._last_time,
            "break_until": self._break_until,
            "round": self._round,
            "played": sorted(self._played),
            "hand_for_hand": self._hand_for_hand,
            "pending": [list(x) for x in self._pending],
            "draws": self._draws,
            "chip": self._chip,
            "issued": self._issued,
            "ledger": [dict(e) for e in self._ledger],
            "events": len(self._events),
            "hands": self._hands,
            "entries": self._entries,
            "places_left": self._places_left,
            "heads_up": self._heads_up,
            "starts": self._starts,
            "unplaced": self._unplaced,
            "wallet_moves": self._moves,
            "unpaid": [dict(m) for m in self._unpaid],
            "retired": [p.to_dict() for p in self._retired],
        }

    def _save(self) -> None:
        store = self._store
        if store is None:
            return
        for e in self._events[self._saved_events :]:
            store.put_data(_EVENTS + ":" + self._id, f"{e.number:09d}", e.to_dict())
        self._saved_events = len(self._events)
        store.put_data(_NAMESPACE, self._id, self.snapshot())

    @classmethod
    def resume(
        cls,
        store: Store,
        tournament_id: str = "tournament",
        *,
        clock: Callable[[], float] = lambda: 0.0,
        wallet: Wallet | None = None,
    ) -> Tournament:
        """The tournament ``tournament_id`` as its store last saved it, with its tables (each
        resumed from the same store): the same next move as it would have made. ``wallet``
        must be given again for a tournament with one (it is not stored): the prizes stored and
        not yet paid are paid (their keys again), and the debits the wallet made for steps that
        were never stored are given back (keyed ``...:void``).

        Raises
        ------
        TournamentError
            When the store holds no such tournament, or what it holds is not one, or ``wallet``
            is not a Wallet.
        WalletError
            When the wallet fails to give back or pay what a crash left (resume again to go on).
        """
        if not isinstance(store, Store):
            raise TournamentError(f"store = {shown(store)}: expected a lowball Store (such as SQLiteStore)")
        if wallet is not None and not isinstance(wallet, Wallet):
            raise TournamentError(f"wallet = {shown(wallet)}: expected a lowball Wallet (such as MemoryWallet)")
        snap = store.get_data(_NAMESPACE).get(tournament_id)
        if not isinstance(snap, dict) or snap.get("format") != TOURNAMENT_FORMAT:
            raise TournamentError(f"{shown(store)} holds no tournament {shown(tournament_id)}")
        try:
            t = cls.__new__(cls)
            t._structure = Structure.from_dict(snap["structure"])
            t._seed = snap["seed"]
            t._id = snap["id"]
            t._store = store
            t._clock = clock
            t._players = {d["name"]: _Player(**d) for d in snap["players"]}
            t._tables = {int(n): Table.resume(store, f"{t._id}-{n}", clock=clock) for n in snap["tables"]}
            t._next_table = snap["next_table"]
            t._started = snap["started"]
            t._finished = snap["finished"]
            t._level = snap["level"]
            t._level_clock = snap["level_clock"]
            t._level_rounds = snap["level_rounds"]
            t._last_time = snap["last_time"]
            t._break_until = snap["break_until"]
            t._round = snap["round"]
            t._played = {int(n) for n in snap["played"]}
            t._turn = None
            t._hand_for_hand = snap["hand_for_hand"]
            t._pending = [(a, b, c) for a, b, c in snap["pending"]]
            t._draws = snap["draws"]
            t._chip = snap["chip"]
            t._issued = snap["issued"]
            t._ledger = [dict(e) for e in snap["ledger"]]
            events = store.get_data(_EVENTS + ":" + t._id)
            t._events = [TournamentEvent.from_dict(events[k]) for k in sorted(events)][: snap["events"]]
            t._saved_events = len(t._events)
            t._hands = snap["hands"]
            t._entries = snap["entries"]
            t._places_left = snap["places_left"]
            t._heads_up = snap["heads_up"]
            t._starts = {k: dict(v) for k, v in snap["starts"].items()}
            t._unplaced = [[list(x) for x in g] for g in snap.get("unplaced", [])]  # absent in earlier snapshots
            t._retired = [_Player(**d) for d in snap.get("retired", [])]
            t._wallet = wallet
            t._moves = snap.get("wallet_moves", 0)
            t._outgoing = []
            t._unpaid = [dict(m) for m in snap.get("unpaid", [])]
        except (KeyError, TypeError, ValueError) as e:
            raise TournamentError(
                f"{shown(store)}: tournament {shown(tournament_id)} is not a saved one: {e}"
            ) from None
        if wallet is not None:
            t._settle_wallet()
        return t

    # -- money: the ledger and the wallet --------------------------------------------------

    def _book(self, kind: str, player: str, amount: int, key: str | None) -> None:
        entry: dict[str, Any] = {"kind": kind, "player": player, "amount": amount}
        if self._wallet is not None:
            entry["key"] = key
        self._ledger.append(entry)

    def _debit(self, player: str, amount: int, kind: str) -> str | None:
        """Take ``amount`` from ``player``'s account before the change that gives him chips (its
        key; None without a wallet or for nothing to take). InsufficientFundsError (the
        wallet's) leaves everything as it was."""
        if self._wallet is None or amount == 0:
            return None
        key = wallet_key(self._id, self._moves + 1, kind)
        self._wallet.debit(player, amount, key)
        self._moves += 1
        self._outgoing.append({"key": key, "player": player, "amount": amount})
        return key

    def _owe(self, player: str, amount: int) -> str | None:
        """A prize to pay once the step is stored (its key; None without a wallet)."""
        if self._wallet is None:
            return None
        self._moves += 1
        key = wallet_key(self._id, self._moves, "cash_out")
        self._unpaid.append({"key": key, "player": player, "amount": amount})
        return key

    def _void(self) -> None:
        """Give back the debits of a step that was not made (a failure is left to
        :meth:`resume`, which gives back every debit its ledger does not hold)."""
        wallet = self._wallet
        for m in self._outgoing:
            parts = split_key(m["key"])
            if wallet is not None and parts is not None:
                try:
                    wallet.credit(m["player"], m["amount"], wallet_key(self._id, parts[1], "void"))
                except Exception:  # noqa: BLE001, S110 - resume gives it back
                    pass
        self._outgoing = []

    def _pay(self) -> None:
        """Pay the prizes stored and not yet paid; a wallet that fails keeps the rest for the next
        step or :meth:`resume` (the same keys: each is paid once)."""
        wallet = self._wallet
        while self._unpaid and wallet is not None:
            m = self._unpaid[0]
            try:
                wallet.credit(m["player"], m["amount"], m["key"])
            except Exception:  # noqa: BLE001 - stored: paid again under its key later
                return
            self._unpaid.pop(0)

    def _settle_wallet(self) -> None:
        """After a resume: give back the debits of steps never stored, number the next movements
        past every key the wallet holds of this tournament, and pay the prizes not yet paid."""
        wallet = self._wallet
        assert wallet is not None
        made: dict[int, dict[str, Any]] = {}
        for m in wallet.movements(f"{self._id}:"):
            parts = split_key(m.key)
            if parts is not None and parts[0] == self._id:
                made.setdefault(parts[1], {})[parts[2]] = m
        for n in sorted(made):
            kinds = made[n]
            if n <= self._moves or "void" in kinds:
                continue
            for kind in ("buy_in", "add_on"):
                debit = kinds.get(kind)
                if debit is not None:
                    wallet.credit(debit.player, -debit.amount, wallet_key(self._id, n, "void"))
        self._moves = max([self._moves, *made])
        self._pay()

    def reconcile(self) -> list[Difference]:
        """The players whose wallet movements under the tournament's keys differ from its ledger
        (``expected``: the prizes less the entries, rebuys and add-ons the ledger holds;
        ``found``: the wallet's), sorted by name; empty when they agree. A prize not yet paid
        is a difference until it is (the next step, or :meth:`resume`).

        Raises
        ------
        TournamentError
            For a tournament without a wallet.
        """
        if self._wallet is None:
            raise TournamentError("reconcile: the tournament has no wallet")
        expected: dict[str, int] = {}
        for e in self._ledger:
            if e.get("key"):
                sign = 1 if e["kind"] == "prize" else -1
                expected[e["player"]] = expected.get(e["player"], 0) + sign * e["amount"]
        found: dict[str, int] = {}
        for m in self._wallet.movements(f"{self._id}:"):
            parts = split_key(m.key)
            if parts is not None and parts[0] == self._id:
                found[m.player] = found.get(m.player, 0) + m.amount
        return [
            Difference(p, expected.get(p, 0), found.get(p, 0))
            for p in sorted(set(expected) | set(found))
            if expected.get(p, 0) != found.get(p, 0)
        ]

    def __repr__(self) -> str:
        state = "over" if self._finished else f"level {self.level}, round {self._round}"
        return (
            f"<Tournament {self._id!r} {self._structure.variant.name}, {len(self.players_left())}/{self._entries} "
            f"left, {len(self._tables)} tables, {state}>"
        )


class _Step:
    """One step of a tournament: its tables' changes and (``save``) its own state in one store
    transaction."""

    def __init__(self, t: Tournament, save: bool) -> None:
        self.t = t
        self.save = save
        self.cm: Any = None

    def __enter__(self) -> _Step:
        store = self.t._store
        if store is not None:
            self.cm = store.transaction()
            self.cm.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: Any) -> None:
        t = self.t
        if self.cm is None:
            if kind is not None:
                t._void()
                return
            t._outgoing = []
            t._pay()
            return
        if kind is None and self.save:
            try:
                t._save()
            except BaseException as e:
                self.cm.__exit__(type(e), e, e.__traceback__)
                t._void()
                raise
        if kind is None and t._unpaid:
            t._store.after_commit(t._pay)  # type: ignore[union-attr]
        try:
            self.cm.__exit__(kind, value, tb)
        except BaseException:
            t._void()
            raise
        if kind is not None:
            t._void()
        t._outgoing = []


def bot_decider(variant: Variant, seed: int, kind: str = "sensible") -> Decide:
    """A :data:`Decide` of the library's bots (a name of :data:`lowball.bots.BOTS`: ``"solid"``,
    ``"sensible"``, ``"random"`` or ``"calling"``) whose every decision's randomness comes from ``seed``, the table,
    the hand and the action number, so a resumed tournament decides as before.

    Raises
    ------
    TournamentError
        For an unknown ``kind``.
    """
    from lowball import bots

    classes: dict[str, Any] = dict(bots.BOTS)
    if not isinstance(variant, Variant):
        raise TournamentError(f"variant = {shown(variant)}: expected a lowball Variant")
    if not isinstance(kind, str) or kind not in classes:
        raise TournamentError(f"bot = {shown(kind)}: expected one of {', '.join(classes)}")
    made = classes[kind]
    made(variant)  # a bot of the game can be made
    bots_of: dict[tuple[str, int, Variant], Any] = {}
    seed = check_seed(seed, generators=False)

    def decide(table: Table, seat: int, player: str) -> Action:
        # a bot of each seat (a bot may keep what it does in a hand, as solid's snow) at the
        # table's stakes now: a level changes them, and a bot may size its bets or read a raise
        # from the big blind (solid's "facing an open" is a bet above it)
        at = (table.table_id, seat, table.variant)
        bot = bots_of.get(at)
        if bot is None:
            if len(bots_of) >= 4096:  # levels and tables of before: made again if ever needed
                bots_of.clear()
            bot = bots_of[at] = made(table.variant)
        key = zlib.crc32(table.table_id.encode()) << 32 | table.seq
        bot.rng = random.Random(seed * 0x9E3779B97F4A7C15 ^ key ^ table.hand_number << 80)
        view = table.player_view(seat)
        assert view.legal is not None
        return bot.act(view, view.legal)  # type: ignore[no-any-return]

    return decide

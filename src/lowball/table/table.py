"""The table a game server runs: seats, the button and the blinds by the room's rules, players
who sit down, leave, sit out and come back, time limits, the rake, one numbered event stream,
and (with a :mod:`store <lowball.store>`) state that survives a crash.

Seats are numbered 0 .. ``seats - 1`` as the room numbers them and keep their number while a
player sits; the engine numbers the players of each hand by **position** (0 = first left of the
button, the last = the button; heads-up, position 0 is the big blind). :meth:`Table.position_of`
and :meth:`Table.seat_of` map one to the other for the hand being played.

The button and blinds follow WSOP-LAR 151 ("dead button"): the big blind goes to the next player
due for it, the small blind and button follow, and may fall on an empty seat. New players wait
for the big blind or post (WSOP-LAR 154); players who missed blinds come back by their game's rule,
which the variant carries (:attr:`Variant.missed_blinds <lowball.variants.Variant.missed_blinds>`:
badugi waits, 307; lowball waits or kills the pot, 278; or posts what was missed, 156); heads-up
the button posts the small blind (153). A player who leaves and comes back within the hour buys in
for what he took away and owes what he owed (58); a seat change waits for the same place relative
to the big blind (159). :meth:`Table.coming_in` tells when a seat is dealt in. ``RULES.md``
section 9 states each rule the table follows.

The library has no thread, timer or event loop: a server calls :meth:`Table.tick` with its own
clock (any monotonic or wall-clock seconds), so tests run on a fake clock. A table is not
thread-safe: call it from one thread (an event loop) at a time.

This module is the table itself (:class:`Table`): its seating and the dead-button plan are
:mod:`lowball.table.seats`, its options (buy-in, rake, times) :mod:`lowball.table.options`, and
what it shows (events, views) :mod:`lowball.table.records`.
"""

from __future__ import annotations

import dataclasses
import math
import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import numpy as np

from lowball import phh
from lowball.cards import Card
from lowball.deck import Deck
from lowball.engine import Action, HandState, LegalActions, PlayerView, Posts, apply_action, saving
from lowball.engine.actions import as_action
from lowball.errors import (
    IllegalActionError,
    LowballError,
    SeqError,
    StoreError,
    TableError,
    counted,
    name_text,
    printable_text,
    shown,
    valid_text,
    whole_number,
    writable,
)
from lowball.seeds import check_seed, hand_seed
from lowball.store import Store, TableStore
from lowball.table.options import HOUR, BuyIn, NoRake, RakePolicy, check_rake, rake_policy, seconds
from lowball.table.records import ActResult, Payout, SeatInfo, TableEvent, TableView, engine_events_of, seen_by
from lowball.table.seats import (
    ACTIVE,
    SITTING_OUT,
    WAITING,
    ComingIn,
    DealPlan,
    Departure,
    Seat,
    able,
    apply_plan,
    check_way,
    dealt_in,
    hands_to_big_blind,
    new_seat,
    plan_hand,
    ways_in,
)
from lowball.variants import Variant, VariantError
from lowball.wallet import DEBITS, Difference, Movement, Wallet, reconcile, split_key, wallet_key

__all__ = ["TABLE_FORMAT", "Table"]

TABLE_FORMAT = "lowball-table-1"
_RECORDS = 256  # accepted changes whose result a repeated seq gets back
_POSTS = ("ante", "blind", "dead_blind")  # engine events whose amount is chips put in the pot
_BETS = ("call", "bet", "raise")  # engine events that put chips in the pot (amount: the wager to)
CHECKPOINT_EVERY = 64  # the most records a replaying store keeps after the last whole snapshot


# -- the table's own state ----------------------------------------------------------------


class _Change:
    """The context of one change of a table (see ``Table._change``)."""

    __slots__ = ("table", "rec")

    def __init__(self, table: Table, rec: dict[str, Any]) -> None:
        self.table = table
        self.rec = rec

    def __enter__(self) -> dict[str, Any]:
        return self.rec

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if kind is not None:
            table = self.table
            table._out = []
            table._finished = None
            table._entries = []
            table._void(table._outgoing)
            return
        self.table._commit(self.rec)


def _same_action(a: Action, b: Action) -> bool:
    """The same decision (the cards of a discard in any order)."""
    return (a.kind, a.amount, sorted(a.cards)) == (b.kind, b.amount, sorted(b.cards))


class Table:
    """A table of one :class:`~lowball.variants.Variant`: seats, the button and blinds by the
    dead-button rule, hands dealt and played through :meth:`act`, timeouts through :meth:`tick`,
    a rake, a numbered event stream, and optionally a store that keeps it all through a crash.

    Parameters
    ----------
    variant : Variant
        The rules of every hand.
    seats : int, optional
        Seats at the table, numbered 0 .. ``seats - 1``; default ``variant.max_players``
        (2 .. ``variant.max_players``).
    table_id : str, default "table"
        The table's name in its store and its hand histories.
    store : Store, optional
        Where every change is written before the call that made it returns (see
        :mod:`lowball.store`; :class:`~lowball.store.SQLiteStore` is the embedded default).
        Without one the table lives in memory only.
    seed : int, optional
        Makes every deal reproducible: hand *k* is shuffled from ``SeedSequence(seed,
        spawn_key=(k,))``. Default: operating-system entropy (a secure shuffle).
    buy_in : BuyIn, optional
        Chips a player sits down with and may top up to (default :meth:`BuyIn.default`).
    action_seconds : float, default 30
        Seconds each decision may take before the time bank runs.
    time_bank : float, default 60
        Extra seconds each player may use over all decisions (not refilled; a seat that times
        out has used it all).
    timeouts_to_sit_out : int, default 2
        A player timed out this many times in a row is sat out.
    next_hand_delay : float or None, default None
        Seconds after a hand ends before :meth:`tick` deals the next (None: only :meth:`deal`
        deals).
    rake : RakePolicy, optional
        The house's cut (default none). See :class:`PercentRake`.
    button : int, optional
        The button's seat for the first hand (default: the last seat able to play, so the
        lowest such seat has the small blind; WSOP-LAR 91 draws cards for it, a server may do
        so and pass the winner here).
    clock : callable, default time.time
        The seconds used when a call is given no ``now``.
    keep_hands : int, default 2
        Hands whose events the table keeps in memory for :meth:`events_for` (older ones come from
        the store, if any).
    rejoin_seconds : float or None, default 3600
        A player who sits down again within this many seconds of leaving buys in for at least
        the chips he took away (WSOP-LAR 58: "within one hour of cashing out"); None: no such
        rule. Either way a player who sits down again within an hour (or ``rejoin_seconds``,
        if longer) of leaving owes the blinds he owed when he left (see :meth:`departure`).
    deck_source : numpy.random.Generator, optional
        One generator that the decks of all hands draw from in turn (a simulation's stream, as
        ``lowball simulate`` and ``lowball play`` use). Not with ``seed`` or a ``store``: a
        shared stream cannot be resumed hand by hand.
    wallet : Wallet, optional
        The players' accounts (:mod:`lowball.wallet`): the buy-in and each add-on are taken from
        a player's account before he gets the chips, his chips are paid into it when he leaves,
        each movement under an idempotency key made from the table's count of its movements
        (``f"{table_id}:{n}:{kind}"``). With a store, each movement is in the store's ledger and
        outbox in the transaction of its change, so that :meth:`resume` completes it exactly
        once after a crash. Without one, chips come from nowhere and go nowhere.

    Raises
    ------
    TableError
        For a bad option (naming it); VariantError for a variant that is not one.
    StoreError
        If the store already holds ``table_id`` (resume it with :meth:`resume`).
    """

    def __init__(
        self,
        variant: Variant,
        *,
        seats: int | None = None,
        table_id: str = "table",
        store: Store | None = None,
        seed: int | None = None,
        buy_in: BuyIn | None = None,
        action_seconds: float = 30.0,
        time_bank: float = 60.0,
        timeouts_to_sit_out: int = 2,
        next_hand_delay: float | None = None,
        rake: RakePolicy | None = None,
        button: int | None = None,
        clock: Callable[[], float] = time.time,
        keep_hands: int = 2,
        deck_source: np.random.Generator | None = None,
        rejoin_seconds: float | None = HOUR,
        wallet: Wallet | None = None,
    ) -> None:
        if not isinstance(variant, Variant):
            raise VariantError(f"variant = {shown(variant)}: expected a lowball Variant")
        n = (
            variant.max_players
            if seats is None
            else whole_number(seats, "seats", 2, variant.max_players, error=TableError)
        )
        table_id = name_text(table_id, "table_id", error=TableError)
        if store is not None and not isinstance(store, TableStore):
            raise TableError(f"store = {shown(store)}: expected a lowball Store (such as SQLiteStore)")
        if wallet is not None and store is not None and not isinstance(store, Store):
            raise TableError(f"wallet: the store {shown(store)} keeps no ledger (a Store's save_ledger, outbox, ...)")
        if seed is not None:
            seed = check_seed(seed, generators=False)
        if deck_source is not None:
            if not isinstance(deck_source, np.random.Generator):
                raise TableError(f"deck_source = {shown(deck_source)}: expected a numpy Generator or None")
            if seed is not None or store is not None:
                raise TableError(
                    "deck_source: a shared generator cannot be stored or combined with seed= "
                    "(give seed= for a reproducible table that a store can resume)"
                )
        if buy_in is None:
            buy_in = BuyIn.default(variant)
        if not isinstance(buy_in, BuyIn):
            raise TableError(f"buy_in = {shown(buy_in)}: expected a lowball BuyIn")
        if rake is None:
            rake = NoRake()
        check_rake(rake)
        if not callable(clock):
            raise TableError(f"clock = {shown(clock)}: expected a function returning seconds")
        if wallet is not None and not isinstance(wallet, Wallet):
            raise TableError(f"wallet = {shown(wallet)}: expected a lowball Wallet (such as MemoryWallet)")
        self._wallet = wallet
        self._books: Store | None = None
        self._variant = variant
        self._n = n
        self._table_id = table_id
        self._seed = seed
        self._deck_source = deck_source
        self._buy_in = buy_in
        self._action_seconds = seconds(action_seconds, "action_seconds")
        self._time_bank = seconds(time_bank, "time_bank")
        self._timeouts_to_sit_out = whole_number(timeouts_to_sit_out, "timeouts_to_sit_out", 1, error=TableError)
        self._next_hand_delay = None if next_hand_delay is None else seconds(next_hand_delay, "next_hand_delay")
        self._rake = rake
        self._first_button = (
            None if button is None else whole_number(button, "button (a seat)", 0, n - 1, error=TableError)
        )
        self._clock = clock
        self._keep_hands = whole_number(keep_hands, "keep_hands", 1, error=TableError)
        self._rejoin_seconds = None if rejoin_seconds is None else seconds(rejoin_seconds, "rejoin_seconds")
        self._store: TableStore | None = None
        self._last_snapshot: dict[str, Any] | None = None
        self._reset_state()
        if store is not None:
            snapshot = self.snapshot()
            store.create(table_id, snapshot)
            self._last_snapshot = snapshot
        self._use_store(store)

    def _use_store(self, store: Store | None) -> None:
        """Write every change to ``store`` from now on: a store that replays records
        (``replays = True``: :class:`~lowball.store.SQLStore`) gets the table's whole state at
        checkpoints only (see :meth:`_commit`), any other at every change."""
        self._store = store
        self._books = store if isinstance(store, Store) else None  # the ledger's store
        replays = store is not None and getattr(store, "replays", False) is True
        self._replayed: list[dict[str, Any]] | None = [] if replays else None

    def _reset_state(self) -> None:
        self._seats: list[Seat | None] = [None] * self._n
        self._seq = 0  # the action number (see act)
        self._op = 0  # changes accepted (the store's record numbers)
        self._event_number = 0
        self._events: list[TableEvent] = []
        self._hand_starts: list[int] = []  # the first event number of each kept hand
        self._records: OrderedDict[int, dict[str, Any]] = OrderedDict()
        self._hand: HandState | None = None
        self._order: list[int] = []
        self._pos: dict[int, int] = {}
        self._hand_players: list[str] = []
        self._hand_number = 0
        self._engine_seen = 0
        self._button: int | None = None
        self._sb: int | None = None
        self._bb: int | None = None
        self._turn_started: float | None = None
        self._hand_ended: float | None = None
        self._bought_in = 0
        self._cashed_out = 0
        self._rake_total = 0
        self._last_phh: str | None = None
        self._phh_args: dict[str, Any] | None = None
        self._last_button: int | None = None  # the last finished hand's button seat
        self._last_hand: HandState | None = None
        self._last_snapshot = None
        # the records stored since the last checkpoint (the last snapshot stored), in order; None
        # when the store takes a snapshot at every change
        self._replayed = None
        self._reshuffles = -1  # the deck's reshuffles when the change being made began
        self._out: list[TableEvent] = []  # events of the change being made
        self._finished: dict[str, Any] | None = None  # a hand finished by the change being made
        self._departed: dict[str, Departure] = {}  # players who left, by name (WSOP-LAR 58)
        self._moves = 0  # wallet movements numbered (their keys' numbers)
        self._entries: list[dict[str, Any]] = []  # ledger entries of the change being made
        self._outgoing: list[dict[str, Any]] = []  # wallet movements of the change being made
        self._unpaid: list[dict[str, Any]] = []  # cash-outs stored and not yet confirmed by the wallet
        self._booked: tuple[int, ...] = ()  # the hand's stacks as the ledger last saw them

    # -- read-only state -------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rules of every hand."""
        return self._variant

    @property
    def table_id(self) -> str:
        return self._table_id

    @property
    def store(self) -> TableStore | None:
        """The table's store (None: the table lives in memory only). Read it (its
        :meth:`~lowball.store.SQLiteStore.hands`, :meth:`~lowball.store.Store.ledger`, ...), do not
        write this table's rows through it."""
        return self._store

    @property
    def wallet(self) -> Wallet | None:
        """The players' accounts the table pays from and into (None: no wallet)."""
        return self._wallet

    @property
    def unpaid(self) -> tuple[Payout, ...]:
        """Cash-outs stored and not yet confirmed by the wallet (it failed, or the process died
        before it answered): :meth:`pay_out` and :meth:`resume` send them again."""
        return tuple(Payout(-1, m["player"], m["amount"], False, 0, m["key"]) for m in self._unpaid)

    def pay_out(self) -> int:
        """Send the wallet the cash-outs not yet confirmed (:attr:`unpaid`) again; returns how
        many are still unpaid (a wallet that fails again keeps the rest for the next try)."""
        self._pay()
        return len(self._unpaid)

    def reconcile(self) -> list[Difference]:
        """:func:`lowball.wallet.reconcile` of the table's wallet against its ledger: the players
        whose wallet movements differ from the ledger's (empty: none).

        Raises
        ------
        TableError
            For a table without a store or without a wallet.
        """
        if self._books is None or self._wallet is None:
            raise TableError("reconcile: the table needs a store with a ledger and a wallet")
        return reconcile(self._books, self._table_id, self._wallet)

    @property
    def n_seats(self) -> int:
        """The number of seats."""
        return self._n

    @property
    def seq(self) -> int:
        """The table's action number: it grows by one with every action taken in a hand (by a
        player through :meth:`act`, or by the table for an overdue or leaving player) and every
        hand dealt. :meth:`act` takes the number the client last saw."""
        return self._seq

    @property
    def event_number(self) -> int:
        """The number of the last event (0 before any): a client that has seen them all asks
        :meth:`events_for` with ``since=event_number``."""
        return self._event_number

    @property
    def hand_number(self) -> int:
        """The number of the hand in progress or last played (0 before the first)."""
        return self._hand_number

    @property
    def in_hand(self) -> bool:
        """Whether a hand is being played."""
        return self._hand is not None

    @property
    def button(self) -> int | None:
        """The button's seat in the current or last hand (may be an empty seat: a dead button)."""
        return self._button

    @property
    def small_blind(self) -> int | None:
        """The small blind's seat marker of the current or last hand (None before the first):
        heads-up the button's seat; it may be an empty seat or a player who did not post (a dead
        small blind)."""
        return self._sb

    @property
    def big_blind(self) -> int | None:
        """The big blind's seat in the current or last hand."""
        return self._bb

    @property
    def actor(self) -> int | None:
        """The seat to act, or None."""
        h = self._hand
        return None if h is None or h.actor is None else self._order[h.actor]

    @property
    def deadline(self) -> float | None:
        """When :meth:`tick` acts for the seat to act (the table's clock), or None."""
        seat = self.actor
        if seat is None or self._turn_started is None:
            return None
        s = self._seats[seat]
        assert s is not None
        return self._turn_started + self._action_seconds + s.bank

    @property
    def seats(self) -> tuple[SeatInfo | None, ...]:
        """Every seat (None: empty)."""
        return tuple(self._info(k) for k in range(self._n))

    @property
    def rake_total(self) -> int:
        """Chips taken as rake so far."""
        return self._rake_total

    @property
    def chips_in(self) -> int:
        """Chips brought to the table (sitting down and added) so far."""
        return self._bought_in

    @property
    def chips_out(self) -> int:
        """Chips taken away by players who left."""
        return self._cashed_out

    def chips_at_table(self) -> int:
        """Every chip at the table now: stacks (in a hand, the engine's), chips in the pot, chips
        to be added after the hand. With :attr:`rake_total` and :attr:`chips_out` it always makes
        :attr:`chips_in` (chips are conserved)."""
        total = 0
        for k, s in enumerate(self._seats):
            if s is None:
                continue
            total += s.to_add
            total += self._hand.stacks[self._pos[k]] if self._hand is not None and k in self._pos else s.chips
        if self._hand is not None:
            total += self._hand.pot_total
        return total

    @property
    def last_phh(self) -> str | None:
        """The PHH text of the last finished hand (see :func:`lowball.phh.dumps`), or None: with
        the ``table``, ``hand`` (its number), ``players`` and ``seats`` (the table's seat + 1, as
        PHH numbers seats from 1) fields, ``seat_count`` and ``_lowball_rake`` (the rake taken;
        ``finishing_stacks`` are the engine's, before the rake)."""
        if self._last_phh is None and self._last_hand is not None and self._phh_args is not None:
            self._last_phh = phh.dumps(self._last_hand, **self._phh_args)
        return self._last_phh

    @property
    def last_pokerstars(self) -> str | None:
        """The last finished hand in PokerStars' text form (see
        :func:`lowball.rooms.dumps_pokerstars`), for a player's tracker, or None: the table's name,
        the hand's number, the players' names, their seats (from 1), the button's seat and the
        rake; chips are written as a tournament's. Written when asked for, from
        :attr:`last_hand` (every player's cards: give a player only his own hands)."""
        hand = self.last_hand
        if hand is None or self._phh_args is None and self._last_phh is None:
            return None
        from lowball import rooms

        args = self._phh_args
        if args is None:  # resumed: the fields of the stored PHH
            return rooms.dumps_pokerstars(phh.loads(self._last_phh or ""))
        seats = list(args["seats"])
        button = self._last_button + 1 if self._last_button is not None else seats[-1]
        return rooms.dumps_pokerstars(
            hand,
            number=args["hand"],
            table=str(args["table"]),
            players=list(args["players"]),
            seats=seats,
            seat_count=args["seat_count"],
            button=button,
            rake=args["_lowball_rake"],
        )

    def pokerstars_for(self, sitting: int, since: int = 0, *, limit: int | None = None) -> str:
        """The stored hands one **sitting** was dealt in (one stay of a player in a seat:
        :attr:`SeatInfo.sitting`), numbered above ``since``, as the PokerStars file of that
        player: each hand in PokerStars' text (:func:`lowball.rooms.dumps_pokerstars`) with only
        his cards dealt face up and the others' only where they were shown, the hands in order
        and apart by blank lines, as PokerStars wrote a player's file; ``""`` when there are none.
        ``limit``: at most so many hands, the first ones (ask again with ``since`` the last one's
        number).
        Hands stored before the tables recorded their sittings are not given (nobody can tell
        whose they were).

        Raises
        ------
        TableError
            For a table without a store, or a bad ``sitting`` (a sit event's number), ``since``
            (a hand number) or ``limit`` (a whole number 1 or more).
        StoreError
            When the store cannot be read.
        """
        sitting = whole_number(sitting, "sitting (a sit event's number)", 1, error=TableError)
        since = whole_number(since, "since (a hand number)", 0, error=TableError)
        if limit is not None:
            limit = whole_number(limit, "limit", 1, error=TableError)
        if self._store is None:
            raise TableError("this table has no store: its finished hands are not kept")
        stored_hands = getattr(self._store, "hands", None)  # not in the Store protocol: SQLiteStore's
        if stored_hands is None:
            raise TableError(
                f"the table's store {shown(self._store)} cannot read its hands back (it has no hands(table_id, since))"
            )
        from lowball import rooms

        texts: list[str] = []
        for record in stored_hands(self._table_id, since):
            sittings = record.get("sittings") or []
            if sitting not in sittings:
                continue
            if limit is not None and len(texts) == limit:
                break
            hero = record["players"][sittings.index(sitting)]
            texts.append(
                rooms.dumps_pokerstars(
                    record["phh"],
                    number=record["number"],
                    table=self._table_id,
                    players=record["players"],
                    seats=[k + 1 for k in record["seats"]],
                    seat_count=self._n,
                    button=None if record["button"] is None else record["button"] + 1,
                    rake=record["rake"],
                    hero=hero,
                )
            )
        return "\n\n\n".join(texts) + ("\n" if texts else "")

    @property
    def last_hand(self) -> HandState | None:
        """The last finished hand (the engine's, by position: its PHH's ``seats`` map them), or
        None. A complete hand takes no more actions, so the table gives its own (no copy).
        After :meth:`resume` it is rebuilt from the hand's PHH (the same actions, cards and
        result)."""
        if self._last_hand is not None:
            return self._last_hand
        if self._last_phh is not None:
            return phh.loads(self._last_phh).play()
        return None

    def position_of(self, seat: int) -> int | None:
        """The position of ``seat`` in the hand being played, or None if it is not dealt in.

        Raises
        ------
        TableError
            For a seat number outside the table.
        """
        seat = self._check_seat(seat)
        return self._pos.get(seat)

    def seat_of(self, position: int) -> int:
        """The seat of ``position`` in the hand being played.

        Raises
        ------
        TableError
            Between hands, or for a position the hand does not have.
        """
        if not self._order:
            raise TableError("no hand is being played: positions exist only in a hand")
        p = whole_number(position, "position", 0, len(self._order) - 1, error=TableError)
        return self._order[p]

    def seats_by_position(self) -> tuple[int, ...]:
        """The seat of each position in the hand being played (empty between hands)."""
        return tuple(self._order)

    def player_at(self, seat: int) -> str | None:
        """The name of the player at ``seat``, or None (empty): :attr:`seats` of one seat without
        building them all.

        Raises
        ------
        TableError
            For a seat number outside the table.
        """
        s = self._seats[self._check_seat(seat)]
        return None if s is None else s.player

    def _info(self, k: int) -> SeatInfo | None:
        s = self._seats[k]
        if s is None:
            return None
        in_hand = self._hand is not None and k in self._pos
        chips = self._hand.stacks[self._pos[k]] if in_hand and self._hand is not None else s.chips
        return SeatInfo.of(
            k, s.player, chips, s.status, in_hand, s.missed_small, s.missed_big, s.post, s.leaving, s.timeouts,
            s.bank, s.to_add, s.sitting, s.kill,
        )  # fmt: skip

    def view(self, seat: int | None = None) -> TableView:
        """What ``seat`` may see now (``None``: a spectator): no other seat's cards before the
        showdown, never a mucked hand.

        Raises
        ------
        TableError
            For a seat number outside the table.
        """
        if seat is not None:
            seat = self._check_seat(seat)
        hand_view = None
        legal = None
        if self._hand is not None:
            pos = self._pos.get(seat) if seat is not None else None
            hand_view = self._hand.view(pos)
            legal = hand_view.legal
        return TableView(
            seat, self._seq, self._hand_number, self._button, self._sb, self._bb, self.seats, tuple(self._order),
            self.actor, self.deadline, hand_view, legal,
        )  # fmt: skip

    def player_view(self, seat: int | None) -> PlayerView:
        """The engine's view of the hand being played for ``seat`` (by position; ``None`` or a
        seat not dealt in: a spectator's), what a bot's ``act`` takes: :attr:`TableView.hand`
        without building the rest of :meth:`view`.

        Raises
        ------
        TableError
            Between hands, or for a seat number outside the table.
        """
        if self._hand is None:
            raise TableError("no hand is being played")
        pos = self._pos.get(self._check_seat(seat)) if seat is not None else None
        return self._hand.view(pos)

    def held(self, seat: int) -> tuple[Card, ...]:
        """The cards the player at ``seat`` holds in the hand being played, as his own
        :meth:`player_view` shows them (``hand``; a secret: for that seat only), without building
        the view: ``()`` between hands and for a seat not dealt in.

        Raises
        ------
        TableError
            For a seat number outside the table.
        """
        pos = self._pos.get(self._check_seat(seat))
        if self._hand is None or pos is None:
            return ()
        return self._hand.hand(pos)

    def legal_actions(self) -> LegalActions:
        """What the seat to act may do (positions as the engine numbers them).

        Raises
        ------
        TableError
            When nobody is to act.
        """
        if self._hand is None or self._hand.actor is None:
            raise TableError("nobody is to act: no hand is being played")
        return self._hand.legal_actions()

    def hand_state(self) -> HandState:
        """A copy of the hand being played (the engine's state: every card in it; keep it
        server-side). Changing the copy does not change the table.

        Raises
        ------
        TableError
            Between hands.
        """
        if self._hand is None:
            raise TableError("no hand is being played")
        return HandState.from_dict(self._hand.to_dict())

    # -- events ----------------------------------------------------------------------------

    def events_for(
        self, seat: int | None, since: int = 0, *, player: str | None = None, sitting: int | None = None
    ) -> list[TableEvent]:
        """The events numbered above ``since`` as ``seat`` may see them (``None``: a spectator):
        a deal or draw shows its cards only to the **sitting** they were dealt to (one stay of a
        player in a seat, from his ``sit`` to his ``leave``: :attr:`SeatInfo.sitting`), so
        nobody else ever sees them: no other seat, no spectator, and no later sitting in the
        seat, whatever its name (the same player coming back included); a mucked hand's cards
        appear nowhere.

        Whose cards are shown: ``sitting`` if given (a client who left, asking with the sitting
        number he had, sees his own cards of that sitting); else the sitting of who sits at
        ``seat`` now, provided it is ``player`` when ``player`` is given (a name that no longer
        sits there sees no secret card).

        Events of older hands than the table keeps in memory come from its store.

        Raises
        ------
        TableError
            For a bad seat, ``since``, ``player`` or ``sitting``, or events no longer kept (and
            no store to read them).
        """
        if player is not None:
            player = name_text(player, "player", error=TableError)
        if sitting is not None:
            sitting = whole_number(sitting, "sitting (a sit event's number)", 1, error=TableError)
        viewer = None
        if seat is not None:
            seat = self._check_seat(seat)
            s = self._seats[seat]
            if sitting is not None:
                viewer = sitting
            elif s is not None and (player is None or s.player == player):
                viewer = s.sitting
        since = whole_number(since, "since (an event number)", 0, error=TableError)
        return seen_by(self._events_since(since), seat, viewer)

    def _events_since(self, since: int) -> list[TableEvent]:
        first = self._events[0].number if self._events else self._event_number + 1
        if since + 1 >= first:
            return self._events[since + 1 - first :]
        if self._store is None:
            raise TableError(
                f"since = {since}: events before {first} are no longer kept "
                f"(keep_hands={self._keep_hands}; a store keeps all)"
            )
        loaded = self._store_events(since)
        return loaded + [e for e in self._events if e.number > (loaded[-1].number if loaded else since)]

    def _store_events(self, since: int) -> list[TableEvent]:
        store = self._store
        assert store is not None
        return [TableEvent.from_dict(d) for d in store.events(self._table_id, since)]

    def _emit(
        self,
        kind: str,
        seat: int | None = None,
        amount: int = 0,
        cards: tuple[Card, ...] = (),
        discarded: tuple[Card, ...] = (),
        count: int = 0,
        hand_class: int = 0,
        pot: int = 0,
        data: dict[str, Any] | None = None,
    ) -> None:
        self._event_number += 1
        s = self._seats[seat] if seat is not None else None
        e = TableEvent(
            self._event_number, self._seq, self._hand_number, kind, seat, s.player if s is not None else None,
            amount, cards, discarded, count, hand_class, pot, data or {}, s.sitting if s is not None else 0,
        )  # fmt: skip
        self._out.append(e)

    def _engine_events(self) -> None:
        """Turn the hand's new engine events into table events."""
        h = self._hand
        assert h is not None
        events = h.events
        order = self._order
        new = events[self._engine_seen :]
        for e in new:
            self._emit(
                e.kind, None if e.position is None else order[e.position], e.amount, e.cards, e.discarded, e.number,
                e.hand_class, e.pot,
            )  # fmt: skip
        self._engine_seen = len(events)
        if self._books is not None and new:
            self._book(new)

    # -- checks ----------------------------------------------------------------------------

    def _check_seat(self, seat: object) -> int:
        if type(seat) is int and 0 <= seat < self._n:
            return seat
        return whole_number(seat, "seat", 0, self._n - 1, error=TableError)

    def _occupied(self, seat: object, what: str) -> tuple[int, Seat]:
        k = self._check_seat(seat)
        s = self._seats[k]
        if s is None:
            raise TableError(f"seat {k}: {what}: the seat is empty")
        return k, s

    def _now(self, now: object) -> float:
        if now is None:
            now = self._clock()
        return seconds(now, "now", -math.inf)

    # -- changes: each is checked first, then made, then stored (or undone) -------------------

    def _change(self, kind: str, seat: int | None, now: float, **record: Any) -> _Change:
        """Make one change (``with self._change(...) as rec:``): on success its events are
        published and, with a store, the record, the events, the new state and a finished hand
        are written in one transaction; when the write fails the table goes back to the state
        before the change. Checks raise before anything changes, and an error from the engine
        leaves the hand as it was."""
        self._out = []
        self._finished = None
        self._entries = []
        self._outgoing = []
        hand = self._hand
        self._reshuffles = -1 if hand is None else hand.deck.reshuffles
        occupant = self._seats[seat] if seat is not None else None
        rec: dict[str, Any] = {
            "op": self._op + 1,
            "seq": self._seq,
            "kind": kind,
            "seat": seat,
            "player": occupant.player if occupant is not None else None,
            "sitting": occupant.sitting if occupant is not None else 0,
            "time": now,
        }
        if record:
            rec.update(record)
        return _Change(self, rec)

    def _commit(self, rec: dict[str, Any]) -> None:
        """The end of a change that succeeded (see :meth:`_change`)."""
        self._op += 1
        events = self._out
        rec["events"] = [e.number for e in events]
        rec["next_seq"] = self._seq
        kind = rec["kind"]
        outgoing = self._outgoing
        store = self._store
        if store is not None:
            before = self._last_snapshot
            entries = self._entries
            if entries:
                op = self._op
                for n, e in enumerate(entries, 1):
                    e["op"] = op
                    e["line"] = n
            stored = dict(rec)
            if isinstance(stored.get("action"), Action):
                stored["action"] = stored["action"].to_dict()
            since = self._replayed
            hand = self._hand
            # the whole state at a checkpoint; between two, the record alone, replayed on resume
            # (an action or a timeout within a hand, its deck not reshuffled: what it does
            # follows from the state before it and the record, whatever the deck's source)
            snapshot = None
            if (
                since is None
                or (kind != "act" and kind != "tick")
                or self._finished is not None
                or len(since) >= CHECKPOINT_EVERY
                or hand is None
                or hand.deck.reshuffles != self._reshuffles
            ):
                snapshot = self._snapshot(events)
            try:
                with store.transaction():
                    store.save_action(self._table_id, stored, [e.to_dict() for e in events], snapshot)
                    books = self._books
                    if books is not None and (entries or outgoing):
                        books.save_ledger(self._table_id, entries, outgoing)
                    if self._finished is not None:
                        store.save_hand(self._table_id, self._finished)
                    if outgoing and books is not None:
                        credits = [m for m in outgoing if not m["sent"]]
                        if credits:
                            self._unpaid.extend(credits)
                            books.after_commit(self._pay)
            except BaseException:
                moves = self._moves
                self._out = []
                self._finished = None
                self._entries = []
                self._unpaid = [m for m in self._unpaid if m not in outgoing]
                assert before is not None
                self._restore(before)
                if since:
                    self._replay(since)
                self._moves = max(self._moves, moves)  # a key once used is never used again
                self._void(outgoing)
                raise
            self._entries = []
            if snapshot is not None:
                self._last_snapshot = snapshot
                if since is not None:
                    since.clear()
            else:
                assert since is not None
                since.append(stored)
        elif outgoing:
            credits = [m for m in outgoing if not m["sent"]]
            if credits:
                self._unpaid.extend(credits)
                self._pay()
        self._outgoing = []
        self._publish(events)
        if kind == "act" or kind == "tick" or kind == "deal":
            records = self._records
            records[rec["seq"]] = {
                "seat": rec["seat"],
                "player": rec["player"],
                "sitting": rec["sitting"],
                "kind": kind,
                "action": rec.get("action"),
                "events": events,
            }
            if len(records) > _RECORDS:
                records.popitem(last=False)
        self._out = []
        self._finished = None

    # -- money: the wallet and the ledger ----------------------------------------------------

    def _entry(self, kind: str, source: str, to: str, amount: int, key: str | None = None) -> None:
        """A ledger entry of the change being made: ``amount`` chips from account ``source`` to
        account ``to`` (numbered when the change is stored)."""
        self._entries.append(
            {
                "op": 0,
                "line": 0,
                "hand": self._hand_number if self._hand is not None else 0,
                "kind": kind,
                "from": source,
                "to": to,
                "amount": amount,
                "key": key,
            }
        )

    def _take(self, player: str, amount: int, kind: str) -> str | None:
        """Take a buy-in or an add-on from ``player``'s account before the change that gives him
        the chips (its key, or None without a wallet). InsufficientFundsError (the wallet's,
        naming the player, the chips and his balance) leaves the table unchanged."""
        if self._wallet is None:
            return None
        key = wallet_key(self._table_id, self._moves + 1, kind)
        self._wallet.debit(player, amount, key)
        self._moves += 1
        return key

    def _took(self, player: str, amount: int, kind: str, key: str | None) -> None:
        """Record (in the change being made) the debit :meth:`_take` made."""
        if key is not None:
            self._outgoing.append({"key": key, "player": player, "amount": -amount, "kind": kind, "sent": True})
        if self._books is not None:
            self._entry(kind, f"wallet:{player}", f"player:{player}", amount, key)

    def _void(self, moves: list[dict[str, Any]]) -> None:
        """Give back the debits of a change that was not made (keyed ``...:void``; a failure is
        left to :meth:`resume`, which gives back every debit its ledger does not hold)."""
        wallet = self._wallet
        for m in moves:
            parts = split_key(m["key"]) if m["sent"] else None
            if wallet is not None and parts is not None:
                try:
                    wallet.credit(m["player"], -m["amount"], wallet_key(self._table_id, parts[1], "void"))
                except Exception:  # noqa: BLE001, S110 - resume gives it back
                    pass
        moves.clear()

    def _pay(self) -> None:
        """Send the wallet the cash-outs stored and not yet confirmed, confirming each in the store
        once the wallet has made it. A wallet that fails keeps the rest for :meth:`pay_out`."""
        wallet = self._wallet
        while self._unpaid and wallet is not None:
            m = self._unpaid[0]
            try:
                wallet.credit(m["player"], m["amount"], m["key"])
                if self._books is not None:
                    self._books.confirm(self._table_id, m["key"])
            except Exception:  # noqa: BLE001 - the change is stored: the payment is retried
                return
            self._unpaid.pop(0)

    def _book(self, batch: Any) -> None:
        """Ledger entries of the engine's new events ``batch``: posts (antes, blinds, dead
        blinds), bets into the pot (a call, bet or raise: the chips the stack lost beyond the
        posts), uncalled chips back; the pots awarded are booked at the hand's end."""
        hand = self._hand
        assert hand is not None
        stacks = hand.stacks
        old = self._booked
        if stacks == old and not hand.is_complete:  # a check, a fold, a draw: no chip moved
            return
        names = self._hand_players
        direct = [0] * len(stacks)
        bets: dict[int, str] = {}
        for e in batch:
            kind = e.kind
            if kind in _POSTS:
                p = e.position
                self._entry(kind, f"player:{names[p]}", "pot", e.amount)
                direct[p] -= e.amount
            elif kind == "return":
                p = e.position
                self._entry(kind, "pot", f"player:{names[p]}", e.amount)
                direct[p] += e.amount
            elif kind in _BETS:
                bets[e.position] = kind
        won = hand.winnings if hand.is_complete else None
        for p, chips in enumerate(stacks):
            put = old[p] + direct[p] - chips + (won[p] if won is not None else 0)
            if put:
                self._entry(bets.get(p, "bet"), f"player:{names[p]}", "pot", put)
        self._booked = stacks

    def _replay(self, records: list[dict[str, Any]], stored: dict[int, dict[str, Any]] | None = None) -> None:
        """Make again the changes of ``records`` (stored since the last checkpoint: actions and
        timeouts within a hand), writing nothing: on resume, and to undo a change whose write
        failed. Each must give what it gave when it was made: its op, the next seq, its events'
        numbers and, given the ``stored`` events by number, those events.

        Raises
        ------
        StoreError
            For a record that does not replay as stored (naming its op and kind).
        """
        # The money of a replay (RULES.md 14.4, 14.5). A replayed record is an action or a timeout
        # that neither deals nor ends a hand (those are checkpoints, as is every change that moves
        # money through the wallet: a sit, an add-on, a leave, a hand's end), so it makes no wallet
        # movement, and the ledger entries it booked were stored with it. The replay therefore books
        # nothing and calls no wallet (both are set aside), and a record that would move money
        # into or out of the table (a buy-in, a cash-out, a wallet key numbered) does not replay as
        # stored (tests/test_wallet.py: test_resume_after_checkpoint_books_once).
        store, books, wallet = self._store, self._books, self._wallet
        self._store = self._books = self._wallet = None  # nothing is written, booked or paid again
        try:
            for rec in records:
                self._replay_one(rec, stored)
        finally:
            self._store, self._books, self._wallet = store, books, wallet
            self._entries = []
            # the stacks the ledger has seen are those after the last record (each was booked
            # when it was made), so that the next change books only its own chips
            self._booked = () if self._hand is None else self._hand.stacks

    def _replay_one(self, rec: dict[str, Any], stored: dict[int, dict[str, Any]] | None) -> None:
        op = rec.get("op") if isinstance(rec, dict) else None
        kind = rec.get("kind") if isinstance(rec, dict) else None
        where = f"table {shown(self._table_id)}: change {shown(op)} ({shown(kind)})"
        money = (self._moves, self._bought_in, self._cashed_out, len(self._unpaid))
        try:
            if op != self._op + 1:
                raise StoreError(f"it follows change {self._op}")
            if kind == "act":
                self.act(rec["seat"], rec["action"], seq=rec["seq"], now=rec["time"])
            elif kind == "tick":
                if self.actor != rec["seat"] or self._seq != rec["seq"]:
                    raise StoreError(f"seat {shown(rec['seat'])} is not to act at seq {shown(rec['seq'])}")
                self._time_out(rec["time"])
            else:
                raise StoreError("only actions and timeouts are replayed")
            made = self._records[rec["seq"]]
            numbers = [e.number for e in made["events"]]
            action = made["action"]
            if (
                self._seq != rec["next_seq"]
                or numbers != rec["events"]
                or (action.to_dict() if action is not None else None) != rec["action"]
            ):
                raise StoreError(f"it gives seq {self._seq}, events {numbers} and action {shown(action)}")
            if (self._moves, self._bought_in, self._cashed_out, len(self._unpaid)) != money:
                raise StoreError("it moves chips into or out of the table, which only a checkpoint does")
            if stored is not None:
                for e in made["events"]:
                    if e.to_dict() != stored.get(e.number):
                        raise StoreError(f"its event {e.number} is not the one stored")
        except StoreError as e:
            raise StoreError(f"{where} does not replay as it was stored: {e}") from None
        except (KeyError, TypeError, ValueError, LowballError) as e:
            raise StoreError(f"{where} does not replay as it was stored: {shown(e)}") from None

    def _kept(self, pending: list[TableEvent]) -> tuple[int, list[int]]:
        """With ``pending`` events added: the first event number kept in memory and the first
        event numbers of the hands kept (the last ``keep_hands``)."""
        starts = self._hand_starts + [e.number for e in pending if e.kind == "hand_start"]
        if len(starts) > self._keep_hands:
            starts = starts[-self._keep_hands :]
            return starts[0], starts
        first = self._events[0].number if self._events else (pending[0].number if pending else self._event_number + 1)
        return first, starts

    def _publish(self, events: list[TableEvent]) -> None:
        first, starts = self._kept(events)
        self._events.extend(events)
        self._hand_starts = starts
        if self._events and first > self._events[0].number:
            del self._events[: first - self._events[0].number]

    # -- seats -----------------------------------------------------------------------------

    def sit(
        self,
        seat: int,
        player: str,
        chips: int,
        *,
        post: bool = False,
        kill: bool = False,
        in_position: bool = False,
        now: float | None = None,
    ) -> None:
        """Seat ``player`` at the empty ``seat`` with ``chips``.

        With ``in_position=True`` (a tournament's player moved from another table, or a late
        registrant) he takes the rights and duties of the seat's position at once: he is dealt
        in at the next hand whatever it gives him, the button, the small blind or the big blind,
        posting nothing else and owing nothing from an earlier stay (WSOP 2023 Tournament Rules,
        rules 14 and 66); the one place he may not get a hand, between the small blind and the
        button (rule 66), is refused. Not with ``post`` or ``kill``.

        A new player is dealt in when the big blind reaches the seat, or with ``post=True`` at
        the next hand in which the seat is neither the button nor the small blind, posting a big
        blind (WSOP-LAR 100a, 154; badugi 307; lowball 274, not in a single-blind game), or
        where the variant's rule is lowball's (:attr:`Variant.missed_blinds
        <lowball.variants.Variant.missed_blinds>` ``"wait_or_kill"``) with ``kill=True`` at such
        a hand killing the pot: a live blind of twice the big blind, the hand played at double
        limits (WSOP-LAR 274; Kill Pots). At the table's first hand (or when fewer than two
        players could otherwise be dealt in) everyone seated plays without posting (WSOP-LAR
        158). :meth:`ways_in` tells which of these a player has.

        A player who left this table within ``rejoin_seconds`` buys in for at least the chips he
        took away (WSOP-LAR 58; above the table's maximum if he took more), and one who left
        owing blinds within that or an hour (the longer) owes them again: he comes back as a
        player who missed blinds, not as a new one (see :meth:`departure`).

        Raises
        ------
        TableError
            For a taken seat, a player already seated, a name that is not a non-empty str,
            chips outside the buy-in (naming the seat, and the chips taken away and the rule for
            a returning player), a ``post`` or ``kill`` the rules do not give this player
            (naming the rule), both, or a kill with fewer chips than it costs; with
            ``in_position``, a seat between the small blind and the button of the next hand
            (naming them), or ``post`` or ``kill`` too.
        """
        k = self._check_seat(seat)
        if self._seats[k] is not None:
            raise TableError(f"seat {k}: taken by {shown(self._seats[k].player)}")  # type: ignore[union-attr]
        player = name_text(player, f"seat {k}: player", error=TableError)
        for j, s in enumerate(self._seats):
            if s is not None and s.player == player:
                raise TableError(f"seat {k}: {shown(player)} already sits at seat {j}")
        amount = whole_number(chips, f"seat {k}: chips", 1, error=TableError)
        for name, value in (("post", post), ("kill", kill), ("in_position", in_position)):
            if not isinstance(value, bool):
                raise TableError(f"seat {k}: {name} = {shown(value)}: expected True or False")
        if in_position and (post or kill):
            raise TableError(f"seat {k}: in_position: a player in position posts only the blinds his seat gets")
        now_ = self._now(now)
        back = None if in_position else self._returning(player, now_)
        b = self._buy_in_of(back, now_)
        low, high = b.minimum, b.maximum
        if amount < low:
            if low > self._buy_in.minimum:
                assert back is not None and self._rejoin_seconds is not None
                raise TableError(
                    f"seat {k}: {counted(amount, 'chip')} is below the {counted(back.chips, 'chip')} {shown(player)} "
                    f"took away {now_ - back.time:g} s ago: a player back within {self._rejoin_seconds:g} s buys "
                    "in for at least what he took away (WSOP-LAR 58)"
                )
            raise TableError(f"seat {k}: {counted(amount, 'chip')} is below the buy-in of {low} (WSOP-LAR 100, 101)")
        if high is not None and amount > high:
            raise TableError(f"seat {k}: {counted(amount, 'chip')} is above the table's maximum buy-in of {high}")
        seated = new_seat(player, amount, self._time_bank, post, kill, back)
        check_way(f"seat {k}", seated, self._variant, post, kill)
        extra: dict[str, Any] = {}
        if in_position:
            seated.status = ACTIVE
            seated.new = False
            self._check_in_position(k, seated)
            extra["in_position"] = True
        self._check_bought_in(f"seat {k}", amount)
        key = self._take(player, amount, "buy_in")  # before anything changes: a refusal changes nothing
        with self._change("sit", k, now_, player=player, chips=amount, post=post, kill=kill, **extra):
            self._took(player, amount, "buy_in", key)
            seated.sitting = self._event_number + 1  # numbered by its sit event, the next event
            self._seats[k] = seated
            self._departed.pop(player, None)
            self._bought_in += amount
            data: dict[str, Any] = {"post": post}
            if in_position:
                data["in_position"] = True
            if kill:
                data["kill"] = True
            if seated.missed_small:
                data["owes_small"] = True
            if seated.missed_big:
                data["owes_big"] = True
            self._emit("sit", k, amount, data=data)

    def _check_in_position(self, k: int, seated: Seat) -> None:
        """Refuse seating ``seated`` in position at seat ``k`` when the next hand would deal him
        in between the small blind and the button (WSOP 2023 Tournament Rules, rule 66)."""
        if self._bb is None:
            return  # the first hand: everyone able is dealt in, the blinds left of the button
        seats = list(self._seats)
        seats[k] = seated
        plan = plan_hand(seats, self._variant, self._button, self._sb, self._bb, self._first_button)
        if plan is None or plan.small_blind is None or len(plan.order) == 2:
            return
        n = self._n
        if 0 < (k - plan.button) % n < (plan.small_blind - plan.button) % n:
            raise TableError(
                f"seat {k}: between the button (seat {plan.button}) and the small blind (seat {plan.small_blind}) "
                "of the next hand: a player moved in may not get a hand there (WSOP 2023 Tournament Rules, rule 66)"
            )

    def free_positions(self) -> tuple[int, ...]:
        """The empty seats where :meth:`sit` with ``in_position=True`` may seat a player now: all
        but those between the next hand's small blind and button (WSOP 2023 Tournament Rules,
        rule 66)."""
        out = []
        for k in range(self._n):
            if self._seats[k] is not None:
                continue
            try:
                self._check_in_position(k, Seat("?", 1, ACTIVE, 0.0))
            except TableError:
                continue
            out.append(k)
        return tuple(out)

    def next_markers(self) -> tuple[int, int | None, int] | None:
        """The seats of the button, the small blind marker and the big blind of the next hand as
        it would be dealt now (the dead-button rule), or None when no hand can be dealt. In a
        hand, the hand after it as if nobody came or went (the seats as they are now)."""
        plan = self._plan()
        return None if plan is None else (plan.button, plan.small_blind, plan.bb_seat)

    def big_blind_in(self, seat: int) -> int | None:
        """For the empty ``seat``: the hands dealt before the big blind would reach a player seated
        there now with ``in_position=True`` (0: he posts it at the next hand), nobody else coming
        or going; None for a seat where he may not be seated so (between the small blind and the
        button, WSOP 2023 Tournament Rules, rule 66). What a tournament uses to find the worst
        position for a player moved in (rule 67a).

        Raises
        ------
        TableError
            For a seat outside the table or one taken.
        """
        k = self._check_seat(seat)
        if self._seats[k] is not None:
            raise TableError(f"seat {k}: taken by {shown(self._seats[k].player)}")  # type: ignore[union-attr]
        probe = Seat("?", 1, ACTIVE, 0.0)
        try:
            self._check_in_position(k, probe)
        except TableError:
            return None
        seats: list[Seat | None] = [None if s is None else dataclasses.replace(s) for s in self._seats]
        seats[k] = probe
        button, sb, bb = self._button, self._sb, self._bb
        for hands in range(2 * self._n + 2):
            plan = plan_hand(seats, self._variant, button, sb, bb, self._first_button)
            if plan is None:
                return None
            if plan.bb_seat == k:
                return hands
            apply_plan(seats, plan)
            button, sb, bb = plan.button, plan.small_blind, plan.bb_seat
        return None

    # -- how a player comes in (RULES.md section 9) -------------------------------------------

    def _memoryseconds(self) -> float:
        """How long a player who left is remembered: ``rejoin_seconds``, at least an hour."""
        return max(HOUR, self._rejoin_seconds or 0.0)

    @staticmethod
    def _within(d: Departure, now: float, seconds: float | None) -> bool:
        return seconds is not None and now - d.time < seconds

    def _returning(self, player: str, now: float) -> Departure | None:
        """The record of ``player`` leaving, if he left within the time he is remembered."""
        d = self._departed.get(player)
        return d if d is not None and self._within(d, now, self._memoryseconds()) else None

    def _buy_in_of(self, back: Departure | None, now: float) -> BuyIn:
        b = self._buy_in
        if back is None or not self._within(back, now, self._rejoin_seconds) or back.chips <= b.minimum:
            return b
        return BuyIn(back.chips, None if b.maximum is None else max(b.maximum, back.chips))

    def buy_in_for(self, player: str, *, now: float | None = None) -> BuyIn:
        """The chips ``player`` may sit down with now (:meth:`sit`): the table's buy-in, or for a
        player who left it within ``rejoin_seconds`` at least the chips he took away (WSOP-LAR
        58: "your buy-in must be equal to the amount removed"), the maximum raised to them if
        he took away more.

        Raises
        ------
        TableError
            For a name that is not a str, or a bad ``now``.
        """
        if not isinstance(player, str):
            raise TableError(f"player = {shown(player)}: expected a player's name (a str)")
        now_ = self._now(now)
        return self._buy_in_of(self._returning(player, now_), now_)

    def departure(self, player: str, *, now: float | None = None) -> Departure | None:
        """What the table remembers of ``player`` leaving it, or None: it remembers a player for
        ``rejoin_seconds`` after he left, and at least an hour (WSOP-LAR 58). Within
        ``rejoin_seconds`` he buys in again for at least the :attr:`Departure.chips` he took
        away; within the time he is remembered he owes again the blinds he owed.

        Raises
        ------
        TableError
            For a name that is not a str, or a bad ``now``.
        """
        if not isinstance(player, str):
            raise TableError(f"player = {shown(player)}: expected a player's name (a str)")
        return self._returning(player, self._now(now))

    def ways_in(self, player: str, *, now: float | None = None) -> tuple[str, ...]:
        """How ``player`` may come in: the ways :meth:`sit` (a player not seated) or
        :meth:`sit_in` (one seated) give him now, among ``"wait"`` (for the big blind),
        ``"post"`` and ``"kill"``. By the variant's rule (:attr:`Variant.missed_blinds
        <lowball.variants.Variant.missed_blinds>`): a new player waits or posts a big blind
        (WSOP-LAR 100a, 154; badugi 307), in lowball also kills (274; not posting in a
        single-blind game); one who missed blinds (seated, or remembered after leaving, see
        :meth:`departure`) waits for the big blind in badugi (307), waits or kills in lowball
        (278), waits or posts what he missed under ``"wait_or_post"`` (156). Empty for a player
        who has nothing to choose: he owes no blind and is not new (he comes in at the next
        hand), or waits after a seat change (WSOP-LAR 159), or plays a game without blinds. A
        kill is not offered where the big blind posts a big-blind ante.

        Raises
        ------
        TableError
            For a name that is not a str, or a bad ``now``.
        """
        if not isinstance(player, str):
            raise TableError(f"player = {shown(player)}: expected a player's name (a str)")
        for s in self._seats:
            if s is not None and s.player == player:
                return ways_in(self._variant, s.new, s.owes)
        back = self._returning(player, self._now(now))
        return (
            ways_in(self._variant, True, False)
            if back is None or not back.owes
            else ways_in(self._variant, False, True)
        )

    def leave(self, seat: int, *, now: float | None = None) -> Payout:
        """The player at ``seat`` leaves with their chips: a :class:`~lowball.table.Payout` says
        what is paid and when (never None). A player not in a hand, or one who folded, is paid at
        once (``at_hand_end`` False: ``amount`` is the chips paid, ``event`` the ``leave`` event
        that says so). A player still in a hand has it folded at their turn (checked where
        folding is not allowed, their draws stood pat) and leaves when the hand ends, with what
        is left then (``at_hand_end`` True: ``amount`` is the chips he has now, the least he is
        paid, as he puts no more in; the ``leave`` event at the hand's end carries the sum paid).
        With a wallet the chips are paid into his account (:attr:`Payout.key` names the
        movement) once the change is stored. The table remembers the chips he took away and the
        blinds he owed (see :meth:`departure`, WSOP-LAR 58).

        Raises
        ------
        TableError
            For an empty seat.
        """
        k, s = self._occupied(seat, "leave")
        now_ = self._now(now)
        if s.leaving:
            raise TableError(f"seat {k}: {shown(s.player)} is already leaving at the end of the hand")
        cashed = self._cashed_out
        player = s.player
        with self._change("leave", k, now_):
            if self._hand is not None and k in self._pos and not self._hand.folded[self._pos[k]]:
                s.leaving = True
                self._emit("leave", k, 0, data={"at_hand_end": True})
                asked = self._event_number
                behind = self._hand.stacks[self._pos[k]] + s.to_add
                self._settle(now_, moved=False)
                if self._seats[k] is not None:
                    payout = Payout(k, player, behind, True, asked)
                else:  # the hand ended at once: paid now
                    payout = self._paid(k, player, self._cashed_out - cashed)
            else:
                payout = self._paid(k, player, self._remove(k, now_))
        return payout

    def _paid(self, k: int, player: str, chips: int) -> Payout:
        """The payout of the player removed from seat ``k`` in the change being made."""
        event = next(e for e in reversed(self._out) if e.kind == "leave" and e.seat == k)
        key = next((m["key"] for m in self._outgoing if m["player"] == player and not m["sent"]), None)
        return Payout(k, player, chips, False, event.number, key)

    def _remove(self, k: int, now: float) -> int:
        s = self._seats[k]
        assert s is not None
        chips = s.chips + s.to_add
        if self._hand is not None and k in self._pos:
            # a player who folded leaves mid-hand: the stack is the engine's, and is paid out now
            # (the seat leaves the hand's map: the hand's end skips it, a new player may sit)
            chips = self._hand.stacks[self._pos.pop(k)] + s.to_add
        self._emit("leave", k, chips)
        self._cashed_out += chips
        if chips:
            key = None
            if self._wallet is not None:
                self._moves += 1
                key = wallet_key(self._table_id, self._moves, "cash_out")
                self._outgoing.append(
                    {"key": key, "player": s.player, "amount": chips, "kind": "cash_out", "sent": False}
                )
            if self._books is not None:
                self._entry("cash_out", f"player:{s.player}", f"wallet:{s.player}", chips, key)
        self._seats[k] = None
        # remembered by name (WSOP-LAR 58), the records of those gone longer than that forgotten
        keep = self._memoryseconds()
        self._departed = {p: d for p, d in self._departed.items() if self._within(d, now, keep) and p != s.player}
        self._departed[s.player] = Departure(s.player, chips, now, s.missed_small, s.missed_big)
        return chips

    def change_seat(self, seat: int, new_seat: int, *, now: float | None = None) -> None:
        """The player at ``seat`` moves to the empty ``new_seat`` of this table, at once: between
        hands, or during one if he is not dealt in it.

        In a draw game (every lowball variant) a player who changes seats "must wait to receive
        until he/she is in the same relative position prior to moving seats" (WSOP-LAR 159):
        he is dealt in from the first hand in which the big blind is as many hands from his new
        seat as it was from his old one when he moved; meanwhile the blinds and the button pass
        the new seat without his owing them (WSOP-LAR 160, 278: "The button may go by you once
        without penalty"). A new player stays new (he waits for the big blind or posts from the
        new seat), and one who missed blinds owes them from the new seat. Before the first hand,
        and in a game without blinds, a seat change costs nothing. A ``seat_change`` event tells
        the seats and the hands he waits.

        Raises
        ------
        TableError
            For an empty ``seat``, a taken ``new_seat`` (or the same seat), a player dealt in the
            hand being played, or one leaving.
        """
        k, s = self._occupied(seat, "change seats")
        to = self._check_seat(new_seat)
        if to == k:
            raise TableError(f"seat {k}: {shown(s.player)} already sits at seat {k}")
        if self._seats[to] is not None:
            raise TableError(f"seat {k}: seat {to} is taken by {shown(self._seats[to].player)}")  # type: ignore[union-attr]
        if s.leaving:
            raise TableError(f"seat {k}: {shown(s.player)} is leaving at the end of the hand")
        if self._hand is not None and k in self._pos:
            raise TableError(
                f"seat {k}: {shown(s.player)} is dealt in hand {self._hand_number}: change seats between hands"
            )
        now_ = self._now(now)
        place = None
        if self._bb is not None and self._variant.forced.big_blind > 0 and not s.new and not s.owes:
            ready = {j for j in range(self._n) if able(self._seats[j])} | {k}
            # his place: where his seat is from the big blind, or the place he already waits for
            before = hands_to_big_blind(self._n, self._bb, k, ready) if s.place is None else s.place
            after = hands_to_big_blind(self._n, self._bb, to, (ready - {k}) | {to})
            if after != max(0, min(before, len(ready) - 2)):
                place = before
        with self._change("seat_change", k, now_, to=to):
            self._seats[k] = None
            self._seats[to] = s
            s.place = place
            if place is not None and s.status == ACTIVE:
                s.status = WAITING
            elif place is None and s.status == WAITING and not s.new and not s.owes:
                s.status = ACTIVE  # moved back into his place
            coming = self.coming_in(to)
            self._emit("seat_change", to, data={"from": k, "hands": None if coming is None else coming.hands})

    def sit_out(self, seat: int, *, now: float | None = None) -> None:
        """The player at ``seat`` is not dealt in from the next hand on (a hand in progress is
        played on). Blinds that pass the seat meanwhile are owed (see :meth:`sit_in`).

        Raises
        ------
        TableError
            For an empty seat or a player already sitting out.
        """
        k, s = self._occupied(seat, "sit out")
        if s.status == SITTING_OUT:
            raise TableError(f"seat {k}: {shown(s.player)} is already sitting out")
        now_ = self._now(now)
        with self._change("sit_out", k, now_):
            self._sit_out(k, "asked")

    def _sit_out(self, k: int, reason: str) -> None:
        s = self._seats[k]
        assert s is not None
        s.status = SITTING_OUT
        s.post = False
        s.kill = False
        self._emit("sit_out", k, data={"reason": reason})

    def sit_in(self, seat: int, *, post: bool = False, kill: bool = False, now: float | None = None) -> None:
        """The player at ``seat`` comes back. One who owes no blind is dealt in at the next hand;
        one who missed blinds comes back by the variant's rule (:attr:`Variant.missed_blinds
        <lowball.variants.Variant.missed_blinds>`): he waits for the big blind, or where the
        rule gives it posts what was missed with ``post=True`` (the big blind live, the small
        blind dead; WSOP-LAR 156, ``"wait_or_post"``) or kills the pot with ``kill=True`` (a
        live blind of twice the big blind, the hand at double limits; lowball, WSOP-LAR 278),
        at the next hand in which the seat is neither the button nor the small blind. In badugi
        he waits (WSOP-LAR 307). Also how a new player waiting for the big blind chooses to post
        or kill instead (see :meth:`sit`), and how one who posts or kills chooses to wait again
        (both False). :meth:`ways_in` tells which of these a player has.

        Raises
        ------
        TableError
            For an empty seat, a player already in (or already waiting so), a seat with no chips
            (add chips first), a ``post`` or ``kill`` the rules do not give this player (naming
            the rule), both, or a kill with fewer chips than it costs.
        """
        k, s = self._occupied(seat, "sit in")
        for name, value in (("post", post), ("kill", kill)):
            if not isinstance(value, bool):
                raise TableError(f"seat {k}: {name} = {shown(value)}: expected True or False")
        if s.status == ACTIVE:
            raise TableError(f"seat {k}: {shown(s.player)} is not sitting out")
        if s.chips + s.to_add <= 0:
            raise TableError(f"seat {k}: {shown(s.player)} has no chips: add chips first (add_chips)")
        if s.status == WAITING and s.post == post and s.kill == kill:
            how = "to post" if post else "to kill the pot" if kill else "to come in"
            raise TableError(f"seat {k}: {shown(s.player)} already waits {how}")
        check_way(f"seat {k}", s, self._variant, post, kill)
        now_ = self._now(now)
        with self._change("sit_in", k, now_, post=post, kill=kill):
            s.timeouts = 0
            if s.status == SITTING_OUT and not s.owes and not s.new and s.place is None:
                s.status = ACTIVE
            elif s.status == SITTING_OUT:
                s.status = WAITING
            s.post = post
            s.kill = kill
            data = {"post": post, "owes_small": s.missed_small, "owes_big": s.missed_big}
            if kill:
                data["kill"] = True
            self._emit("sit_in", k, data=data)

    def _check_bought_in(self, where: str, more: int) -> None:
        """Refuse chips that would take :attr:`chips_in` (which bounds every stack, pot and
        total the table stores) past what Python writes as text (TableError naming ``where``)."""
        total = self._bought_in + more
        if not writable(total):
            raise TableError(
                f"{where}: {counted(more, 'chip')} more would bring the chips bought in to {shown(total)}, "
                f"more than Python writes as text ({sys.get_int_max_str_digits()} digits)"
            )

    def add_chips(self, seat: int, amount: int, *, now: float | None = None) -> None:
        """Add ``amount`` chips to the stack at ``seat``, within the buy-in's maximum. In a hand
        the chips wait for its end (chips in play do not change during a hand), and the maximum
        applies to the stack the player began the hand with.

        Raises
        ------
        TableError
            For an empty seat, an amount that is not whole chips >= 1, or one that would take the
            stack above the buy-in's maximum.
        """
        k, s = self._occupied(seat, "add chips")
        amount = whole_number(amount, f"seat {k}: chips to add", 1, error=TableError)
        in_hand = self._hand is not None and k in self._pos
        # in a hand, the stack the player sat down to it with: what he has bet is still his
        stack = (self._hand.starting_stacks[self._pos[k]] if in_hand else s.chips) + s.to_add + amount  # type: ignore[union-attr]
        b = self._buy_in
        if b.maximum is not None and stack > b.maximum:
            raise TableError(
                f"seat {k}: {shown(amount)} more {'chip' if amount == 1 else 'chips'} would make {shown(stack)}, "
                f"above the table's maximum of {b.maximum}"
            )
        self._check_bought_in(f"seat {k}", amount)
        now_ = self._now(now)
        key = self._take(s.player, amount, "add_on")  # before anything changes: a refusal changes nothing
        with self._change("chips", k, now_, amount=amount):
            self._took(s.player, amount, "add_on", key)
            self._bought_in += amount
            if self._hand is not None and k in self._pos:
                s.to_add += amount
            else:
                s.chips += amount
            self._emit("chips", k, amount)

    def reset_stacks(self, amount: int, *, now: float | None = None) -> None:
        """For simulations: set every seated player's stack to ``amount`` between hands (what
        ``lowball simulate --reset-stacks`` does before every hand). Chips given are booked as
        chips in (:attr:`chips_in`), chips taken as chips out (:attr:`chips_out`), so chips stay
        conserved. Whether a player sits out is left as it is (one sat out for having no chips
        comes back with :meth:`sit_in`). One ``reset_stacks`` event, ``amount`` the new stack,
        ``data``: the chips in and out.

        Raises
        ------
        TableError
            During a hand, for an amount that is not whole chips >= 1, or one above the buy-in's
            maximum.
        """
        if self._hand is not None:
            raise TableError(f"reset_stacks: hand {self._hand_number} is still being played")
        if self._wallet is not None:
            raise TableError(
                "reset_stacks: chips given and taken without a wallet's accounts: not at a table with a wallet"
            )
        amount = whole_number(amount, "reset_stacks: amount", 1, error=TableError)
        b = self._buy_in
        if b.maximum is not None and amount > b.maximum:
            raise TableError(
                f"reset_stacks: {counted(amount, 'chip')} is above the table's maximum buy-in of {b.maximum}"
            )
        self._check_bought_in("reset_stacks", sum(amount - s.chips for s in self._seats if s and s.chips < amount))
        now_ = self._now(now)
        with self._change("reset_stacks", None, now_, amount=amount):
            given = taken = 0
            for s in self._seats:
                if s is None:
                    continue
                if s.chips < amount:
                    given += amount - s.chips
                else:
                    taken += s.chips - amount
                if s.chips != amount and self._books is not None:
                    wallet, player = f"wallet:{s.player}", f"player:{s.player}"
                    if s.chips < amount:
                        self._entry("reset", wallet, player, amount - s.chips)
                    else:
                        self._entry("reset", player, wallet, s.chips - amount)
                s.chips = amount
            self._bought_in += given
            self._cashed_out += taken
            self._emit("reset_stacks", None, amount, data={"chips_in": given, "chips_out": taken})

    def change_stakes(self, variant: Variant, *, now: float | None = None) -> None:
        """Play the next hands at other stakes: ``variant`` is the same game as the table's
        (the same ranking, draws, betting structure kind and rules) with other blinds, antes or
        bets, as a tournament's new level (WSOP 2023 Tournament Rules, rule 79: "the new level
        applies to the next hand"). Only between hands: the seats, their chips, the button and
        the blinds each seat owes are kept (a player who missed blinds owes them at the new
        stakes). The change is stored like any other (a ``stakes`` change, the new variant in
        the snapshot's ``config``), so :meth:`resume` plays on at the new stakes; a ``stakes``
        event carries the new variant (:meth:`Variant.to_dict
        <lowball.variants.Variant.to_dict>`) in its ``data``.

        Raises
        ------
        TableError
            During a hand, or for a variant of another game (naming what differs).
        VariantError
            For a ``variant`` that is not a Variant.
        """
        if not isinstance(variant, Variant):
            raise VariantError(f"variant = {shown(variant)}: expected a lowball Variant")
        if self._hand is not None:
            raise TableError(
                f"change_stakes: hand {self._hand_number} is still being played: stakes change between hands "
                "(the new level applies to the next hand)"
            )
        old = self._variant
        if type(variant.betting) is not type(old.betting):
            raise TableError(
                f"change_stakes: {variant.betting.title} is another game than the table's {old.betting.title}"
            )
        same = old.replace(betting=variant.betting, forced=variant.forced, name=variant.name, code=variant.code)
        if same != variant:
            differ = [
                f.name
                for f in dataclasses.fields(Variant)
                if f.compare and getattr(same, f.name) != getattr(variant, f.name)
            ]
            raise TableError(
                f"change_stakes: {shown(variant.name)} is another game than the table's {shown(old.name)} "
                f"(it differs in {', '.join(differ)}): only the blinds, antes and bets may change"
            )
        now_ = self._now(now)
        data = variant.to_dict()
        with self._change("stakes", None, now_, variant=data):
            self._variant = variant
            self._emit("stakes", data={"variant": data})

    def set_stacks(self, stacks: dict[int, int], *, reason: str = "stacks", now: float | None = None) -> None:
        """Set the stacks of some seated players between hands (a tournament's colour-up and
        chip race, WSOP 2023 Tournament Rules, rule 77): ``stacks`` maps a seat to its new
        stack (>= 1). Chips given are booked as chips in (:attr:`chips_in`), chips taken as
        chips out (:attr:`chips_out`), so chips stay conserved. One ``stacks`` event, ``data``:
        the ``reason``, the new stacks by seat and the chips in and out.

        Raises
        ------
        TableError
            During a hand, for an empty seat, or a stack that is not whole chips >= 1.
        """
        if self._hand is not None:
            raise TableError(f"set_stacks: hand {self._hand_number} is still being played")
        if not isinstance(stacks, dict):
            raise TableError(f"set_stacks: stacks = {shown(stacks)}: expected a dict of seat: chips")
        reason = name_text(reason, "set_stacks: reason", error=TableError)
        new: dict[int, int] = {}
        had: dict[int, Seat] = {}
        for seat, chips in stacks.items():
            k, occupant = self._occupied(seat, "set its stack")
            new[k] = whole_number(chips, f"seat {k}: stack", 1, error=TableError)
            had[k] = occupant
        given = sum(c - had[k].chips for k, c in new.items() if c > had[k].chips)
        self._check_bought_in("set_stacks", given)
        now_ = self._now(now)
        with self._change("stacks", None, now_, stacks={str(k): c for k, c in new.items()}, reason=reason):
            taken = 0
            for k, c in new.items():
                if c < had[k].chips:
                    taken += had[k].chips - c
                had[k].chips = c
            self._bought_in += given
            self._cashed_out += taken
            data = {"reason": reason, "stacks": {str(k): c for k, c in sorted(new.items())}}
            self._emit("stacks", None, 0, data={**data, "chips_in": given, "chips_out": taken})

    # -- the hand ----------------------------------------------------------------------------

    def _plan(self) -> DealPlan | None:
        """Who is dealt in next and what each posts (RULES.md section 9), or None: the dead-button
        plan of :func:`lowball.table.seats.plan_hand` for the table's seats and markers."""
        return plan_hand(self._seats, self._variant, self._button, self._sb, self._bb, self._first_button)

    def _apply_plan(self, plan: DealPlan) -> None:
        """What dealing ``plan`` does to the seats and markers (the cards aside)."""
        apply_plan(self._seats, plan)
        self._button, self._sb, self._bb = plan.button, plan.small_blind, plan.bb_seat

    def coming_in(
        self, seat: int, *, player: str | None = None, post: bool = False, now: float | None = None
    ) -> ComingIn | None:
        """When the player at ``seat`` is dealt in next, worked out by the rules the table deals
        by (RULES.md section 9) as if nobody came, went, sat out or in, changed seats or went
        broke meanwhile: a :class:`ComingIn` (``hands`` dealt before his, 0: the next hand; and
        ``by`` what he comes in), or None when he would not be dealt in within two rounds of the
        table as it stands (sitting out, leaving, without chips, or no game without others).
        In a hand, the next hand is the one after it.

        With ``player``: for ``player`` sitting down at ``seat`` at ``now`` as :meth:`sit` would
        seat him, with ``post`` (a new player, or one back owing blinds, see
        :meth:`departure`), the seat's present player, if any, gone: what a server asks to
        choose a seat. A ``post`` the rules do not give him is not made (he waits).

        Raises
        ------
        TableError
            For a seat outside the table, an empty seat without ``player``, a ``player``,
            ``post`` or ``now`` of the wrong type, a ``player`` already seated, or a ``post``
            without ``player``.
        """
        k = self._check_seat(seat)
        if not isinstance(post, bool):
            raise TableError(f"seat {k}: post = {shown(post)}: expected True or False")
        seats = list(self._seats)  # played forward on copies (dealt_in copies them)
        if player is None:
            if self._seats[k] is None:
                raise TableError(f"seat {k}: coming in: the seat is empty (give player= for a new player)")
            if post:
                raise TableError(f"seat {k}: post=True is for a player sitting down (give player=)")
        else:
            player = name_text(player, f"seat {k}: player", error=TableError)
            back = self._returning(player, self._now(now))
            chips = max(self._buy_in.minimum, back.chips if back is not None else 0)
            for j, s in enumerate(self._seats):
                if s is not None and s.player == player:
                    raise TableError(f"seat {k}: {shown(player)} already sits at seat {j}")
            seats[k] = new_seat(player, chips, self._time_bank, post, False, back)
        return dealt_in(seats, k, self._variant, self._button, self._sb, self._bb, self._first_button)

    def can_deal(self) -> bool:
        """Whether :meth:`deal` would deal a hand now (no hand in progress, two players or more
        able to be dealt in)."""
        return self._hand is None and self._plan() is not None

    def deal(self, *, now: float | None = None) -> int:
        """Deal the next hand; returns its number.

        Raises
        ------
        TableError
            When a hand is in progress or fewer than two players can be dealt in.
        """
        if self._hand is not None:
            raise TableError(f"hand {self._hand_number} is still being played")
        plan = self._plan()
        if plan is None:
            raise TableError("fewer than two players can be dealt in (seated, sitting in, with chips)")
        now_ = self._now(now)
        with self._change("deal", None, now_):
            self._deal(plan, now_)
        return self._hand_number

    def _deal(self, plan: DealPlan, now: float) -> None:
        number = self._hand_number + 1
        deck = None
        if self._deck_source is not None:
            deck = Deck(seed=self._deck_source, rule=self._variant.reshuffle, burn=self._variant.burn)
        elif self._seed is not None:
            deck = Deck(
                seed=hand_seed(self._seed, number),
                rule=self._variant.reshuffle,
                burn=self._variant.burn,
            )
        stacks = []
        for k in plan.order:
            s = self._seats[k]
            assert s is not None
            stacks.append(s.chips)
        f = self._variant.forced
        usual = (len(plan.order) == 2 and plan.big_blind == 0 and plan.live == [f.big_blind, f.small_blind]) or (
            len(plan.order) > 2 and plan.big_blind == 1 and plan.live[:2] == [f.small_blind, f.big_blind]
        )
        usual = usual and not any(plan.live[2:]) and not any(plan.dead)
        # a game of antes only has no blinds to move: the engine's usual order serves. A killed
        # pot is played at double limits, betting round 1 beginning left of the kill (WSOP-LAR,
        # Kill Pots; 200)
        variant = self._variant
        posts = None
        if plan.kill is not None:
            variant = variant.killed()
            posts = Posts(tuple(plan.live), plan.kill, tuple(plan.dead))
        elif not usual and f.big_blind > 0:
            posts = Posts(tuple(plan.live), plan.big_blind, tuple(plan.dead))
        hand = HandState(variant, stacks, deck=deck, posts=posts)  # deals and posts
        self._booked = tuple(stacks)
        self._apply_plan(plan)
        self._hand_number = number
        self._hand = hand
        self._order = list(plan.order)
        self._pos = {k: p for p, k in enumerate(plan.order)}
        self._hand_players = [self._seats[k].player for k in plan.order]  # type: ignore[union-attr]
        self._engine_seen = 0
        self._seq += 1
        data = {
            "button": plan.button,
            "small_blind": plan.small_blind,
            "big_blind": plan.bb_seat,
            "seats": list(plan.order),
            "players": list(self._hand_players),
            "stacks": stacks,
        }
        if plan.kill is not None:
            data["kill"] = plan.order[plan.kill]
        self._emit("hand_start", data=data)
        self._turn_started = now
        self._settle(now, moved=False)

    def act(self, seat: int, action: Action | dict[str, Any], *, seq: int, now: float | None = None) -> ActResult:
        """Take ``action`` for the player at ``seat``.

        ``seq`` is the table's action number the client last saw (:attr:`seq`, and each event's
        ``seq``). The action is taken only if ``seq`` is the table's current one; a repeat of an
        accepted ``seq`` by the same seat with the same action (a client retrying after a lost
        answer) gets the same answer (``repeated=True``) and is not applied twice.

        ``action`` is an :class:`~lowball.engine.Action` or its dict (``{"kind": "raise",
        "amount": 6}``, ``{"kind": "discard", "cards": "Kd Qs"}``).

        Raises
        ------
        SeqError
            For a stale ``seq`` (the table has moved on; not a repeat of this seat's action) or a
            future one (naming the seat and the table's seq).
        TableError
            For a bad seat, no hand, or a seat that is not to act (naming the seat to act).
        IllegalActionError
            For an action the rules do not allow now (naming the seat; the engine's reason).
        """
        k = self._check_seat(seat)
        where = f"seat {k}"
        s = whole_number(seq, f"{where}: seq", 0, error=SeqError)
        act = as_action(action, where)
        if s < self._seq:
            rec = self._records.get(s)
            occupant = self._seats[k]
            if (
                rec is not None
                and rec["seat"] == k
                and rec["kind"] == "act"
                and occupant is not None
                and rec["sitting"] == occupant.sitting  # the same stay in the seat: a later one is another player
                and _same_action(rec["action"], act)
            ):
                return ActResult(s, k, "act", tuple(seen_by(rec["events"], k, rec["sitting"])), repeated=True)
            raise SeqError(f"{where}: seq {s} is stale: the table is at seq {self._seq} (reload the table's events)")
        if s > self._seq:
            raise SeqError(f"{where}: seq {s} is ahead of the table, which is at seq {self._seq}")
        hand = self._hand
        if hand is None or hand.actor is None:
            raise TableError(f"{where}: no hand is being played")
        pos = self._pos.get(k)
        if pos is None:
            raise TableError(f"{where} is not in hand {self._hand_number}; seat {self._order[hand.actor]} is to act")
        if hand.actor != pos:
            raise TableError(f"{where}: it is seat {self._order[hand.actor]}'s turn, not seat {k}'s")
        now_ = self._now(now)
        with self._change("act", k, now_, action=act) as rec:
            try:
                apply_action(hand, act)
            except IllegalActionError as e:
                raise type(e)(f"{where}: {e}") from None
            player = self._seats[k]
            assert player is not None
            started = self._turn_started if self._turn_started is not None else now_
            over = (now_ - started) - self._action_seconds
            if over > 0:
                player.bank = max(0.0, player.bank - over)
            player.timeouts = 0
            self._settle(now_)
            result_events = self._out
        return ActResult(rec["seq"], k, "act", tuple(seen_by(result_events, k, player.sitting)))

    def _settle(self, now: float, moved: bool = True) -> None:
        """After the hand moved (``moved``: an action was taken, the action number grows): its
        events, the next turn's clock, an action at once for a leaving player whose turn it is
        (fold, check where a fold is not allowed, stand pat in a draw), the end of the hand."""
        hand = self._hand
        assert hand is not None
        if moved:
            self._seq += 1
            self._turn_started = now
        self._engine_events()
        while True:
            actor = hand.actor
            if actor is None:
                break
            s = self._seats[self._order[actor]]
            if s is None or not s.leaving:
                break
            legal = hand.legal_actions()
            a = Action.fold() if legal.fold else (Action.check() if legal.check else Action.stand_pat())
            apply_action(hand, a)
            self._seq += 1
            self._turn_started = now
            self._engine_events()
        if hand.is_complete:
            self._end_hand(now)

    def tick(self, now: float | None = None) -> list[ActResult]:
        """Act for every overdue player (the time of the decision and the time bank both
        spent): check where checking is free, else fold; stand pat in a draw. A player timed out
        ``timeouts_to_sit_out`` times in a row is sat out (their hand in progress played on the
        same way). With ``next_hand_delay`` set, deal the next hand when it is due.

        Returns the results of the changes made (none when nothing was due).
        """
        now_ = self._now(now)
        results: list[ActResult] = []
        while self._hand is not None and self._hand.actor is not None:
            deadline = self.deadline
            if deadline is None or now_ < deadline:
                break
            results.append(self._time_out(now_))
        if (
            self._hand is None
            and self._next_hand_delay is not None
            and (self._hand_ended is None or now_ >= self._hand_ended + self._next_hand_delay)
        ):
            plan = self._plan()
            if plan is not None:
                seq_before = self._seq
                with self._change("deal", None, now_):
                    self._deal(plan, now_)
                    events = tuple(self._out)
                results.append(ActResult(seq_before, None, "deal", tuple(seen_by(events, None, None))))
        return results

    def _time_out(self, now: float) -> ActResult:
        """Act for the overdue player to act (one change: see :meth:`tick`)."""
        hand = self._hand
        assert hand is not None
        k = self.actor
        assert k is not None
        s = self._seats[k]
        assert s is not None
        legal = hand.legal_actions()
        a = Action.check() if legal.check else (Action.fold() if legal.fold else Action.stand_pat())
        seq_before = self._seq
        with self._change("tick", k, now, action=a):
            s.bank = 0.0
            s.timeouts += 1
            self._emit("timeout", k, data={"action": a.to_dict(), "timeouts": s.timeouts})
            if s.timeouts >= self._timeouts_to_sit_out and s.status != SITTING_OUT:
                self._sit_out(k, "timeouts")
            apply_action(hand, a)
            self._settle(now)
            events = tuple(self._out)
        return ActResult(seq_before, k, "tick", tuple(seen_by(events, None, None)))

    def _end_hand(self, now: float) -> None:
        hand = self._hand
        assert hand is not None
        order = self._order
        pot = sum(hand.winnings)
        reached = hand.draw_round >= 1
        rake_error = None
        try:  # a house policy that fails takes nothing: it must not undo or wedge a played hand
            rake = whole_number(
                self._rake.rake(pot, reached_draw=reached, players=len(order)), "the rake", 0, pot, error=TableError
            )
        except Exception as e:  # noqa: BLE001 - reported in the hand_end event
            rake, rake_error = 0, valid_text(f"{type(e).__name__}: {e}")  # a message of the policy's own
        shares = self._rake_shares(hand, rake)
        stacks = [hand.stacks[p] - shares[p] for p in range(len(order))]
        # the PHH text is written when asked for (last_phh) or stored: a table in memory playing
        # a simulation's millions of hands need not write them
        self._last_hand = hand
        self._last_phh = None
        self._phh_args = {
            "table": self._table_id,
            "hand": self._hand_number,
            "players": list(self._hand_players),
            "seats": [k + 1 for k in order],
            "seat_count": self._n,
            "_lowball_rake": rake,
        }
        self._last_button = self._button
        if self._books is not None:
            for p, name in enumerate(self._hand_players):
                won = hand.winnings[p] - shares[p]
                if won:
                    self._entry("win", "pot", f"player:{name}", won)
            if rake:
                self._entry("rake", "pot", "rake", rake)
        if rake:
            self._emit("rake", None, rake)
        self._rake_total += rake
        # seats whose player is still the one dealt in (one who folded and left was paid out,
        # and the seat may hold a new player by now)
        kept = [(p, k) for p, k in enumerate(order) if self._pos.get(k) == p]
        data: dict[str, Any] = {
            "stacks": {str(k): stacks[p] for p, k in kept},
            "winnings": {str(k): hand.winnings[p] - shares[p] for p, k in kept},
            "rake": rake,
        }
        if rake_error is not None:
            data["rake_error"] = rake_error
        self._emit("hand_end", data=data)
        if self._store is not None:
            self._finished = {
                "number": self._hand_number,
                "phh": self.last_phh,
                "seats": list(order),
                "players": list(self._hand_players),
                "starting_stacks": list(hand.starting_stacks),
                "finishing_stacks": stacks,
                "rake": rake,
                "button": self._button,
                # whose stay at each seat the hand was dealt to (a player's own histories:
                # pokerstars_for); records written before this have none
                "sittings": [getattr(self._seats[k], "sitting", 0) for k in order],
            }
        self._hand = None
        self._order = []
        self._pos = {}
        self._turn_started = None
        self._hand_ended = now
        for p, k in kept:
            s = self._seats[k]
            assert s is not None
            s.chips = stacks[p] + s.to_add
            s.to_add = 0
        for _, k in kept:
            s = self._seats[k]
            assert s is not None
            if s.leaving:
                self._remove(k, now)
            elif s.chips <= 0 and s.status != SITTING_OUT:
                self._sit_out(k, "no chips")

    @staticmethod
    def _rake_shares(hand: HandState, rake: int) -> list[int]:
        """Who pays the rake: the pots' winners, main pot first, each pot's share split like the
        pot (the odd chip by the first winner)."""
        shares = [0] * hand.n
        if rake == 0:
            return shares
        wins: dict[int, list[tuple[int, int]]] = {}
        for e in hand.events:
            if e.kind == "win" and e.position is not None:
                wins.setdefault(e.pot, []).append((e.position, e.amount))
        left = rake
        for pot in sorted(wins):
            if left == 0:
                break
            got = wins[pot]
            total = sum(a for _, a in got)
            take = min(left, total)
            paid = 0
            for p, a in got:
                part = take * a // total if total else 0
                shares[p] += part
                paid += part
            shares[got[0][0]] += take - paid
            left -= take
        return shares

    # -- saving and resuming -----------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole table as JSON-ready data (every card and the stub: keep it server-side):
        what a store saves and :meth:`resume` rebuilds from."""
        return self._snapshot([])

    def _snapshot(self, pending_events: list[TableEvent]) -> dict[str, Any]:
        """:meth:`snapshot` with the events of the change being made (not yet published)."""
        rake = self._rake.to_dict() if hasattr(self._rake, "to_dict") else {"kind": "custom", "repr": shown(self._rake)}
        kept_from, hand_starts = self._kept(pending_events)
        return {
            "format": TABLE_FORMAT,
            "config": {
                "variant": self._variant.to_dict(),
                "seats": self._n,
                "table_id": self._table_id,
                "seed": self._seed,
                "buy_in": [self._buy_in.minimum, self._buy_in.maximum],
                "action_seconds": self._action_seconds,
                "time_bank": self._time_bank,
                "timeouts_to_sit_out": self._timeouts_to_sit_out,
                "next_hand_delay": self._next_hand_delay,
                "rake": rake,
                "button": self._first_button,
                "keep_hands": self._keep_hands,
                "rejoin_seconds": self._rejoin_seconds,
            },
            "seats": [None if s is None else s.to_dict() for s in self._seats],
            "seq": self._seq,
            "op": self._op,
            "event_number": self._event_number,
            "events_from": kept_from,
            "hand_starts": hand_starts,
            "hand_number": self._hand_number,
            # the hand without its event log, which the table's own events hold (rebuilt from
            # them by _restore): a stored action does not rewrite the hand's history
            "hand": None if self._hand is None else saving.to_dict(self._hand, events=False),
            "order": list(self._order),
            "positions": [[k, p] for k, p in sorted(self._pos.items())],
            "hand_players": list(self._hand_players),
            "engine_seen": self._engine_seen,
            "markers": [self._button, self._sb, self._bb],
            "turn_started": self._turn_started,
            "hand_ended": self._hand_ended,
            "chips": [self._bought_in, self._cashed_out, self._rake_total],
            "last_phh": self.last_phh,
            "departed": [dataclasses.asdict(d) for d in self._departed.values()],
            "wallet_moves": self._moves,
        }

    def _restore(self, snap: dict[str, Any], events: list[TableEvent] | None = None) -> None:
        """Set the table's state from a :meth:`snapshot` (the options are the table's own)."""
        if not isinstance(snap, dict) or snap.get("format") != TABLE_FORMAT:
            raise StoreError(f"not a saved table: expected a dict with format {shown(TABLE_FORMAT)}")
        try:
            # a seat saved before sittings were numbered begins one at the last saved event (every
            # later sit event's number is higher, so no later sitting takes it)
            seats: list[Seat | None] = [
                None if d is None else Seat(**{"sitting": snap["event_number"], **d}) for d in snap["seats"]
            ]
            for seat in seats:
                if seat is not None:  # a name stored before names were checked must not stop the table
                    seat.player = printable_text(seat.player)
            if len(seats) != self._n:
                raise StoreError(f"seats: {len(seats)} saved for a table of {self._n}")
            order = [int(k) for k in snap["order"]]
            kept = events
            if kept is None:
                kept = [e for e in self._events if e.number >= snap["events_from"] and e.number <= snap["event_number"]]
            hand = None
            if snap["hand"] is not None:
                data = dict(snap["hand"])
                if "events" not in data:
                    data["events"] = engine_events_of(kept, snap["hand_number"], order)
                    if len(data["events"]) != snap["engine_seen"]:
                        raise StoreError(
                            f"hand {snap['hand_number']}: {len(data['events'])} of its {snap['engine_seen']} engine "
                            "events are in the table's events"
                        )
                hand = HandState.from_dict(data)
            if "config" in snap and snap["config"]["variant"] != self._variant.to_dict():
                self._variant = Variant.from_dict(snap["config"]["variant"])  # a change of stakes undone
            self._seats = seats
            self._seq = snap["seq"]
            self._op = snap["op"]
            self._event_number = snap["event_number"]
            self._hand_starts = list(snap["hand_starts"])
            self._events = [e for e in kept if e.number >= snap["events_from"]]
            self._hand_number = snap["hand_number"]
            self._hand = hand
            self._order = order
            self._pos = {int(k): int(p) for k, p in snap["positions"]}
            self._hand_players = [printable_text(name) for name in snap["hand_players"]]
            self._engine_seen = snap["engine_seen"]
            self._button, self._sb, self._bb = snap["markers"]
            self._turn_started = snap["turn_started"]
            self._hand_ended = snap["hand_ended"]
            self._bought_in, self._cashed_out, self._rake_total = snap["chips"]
            self._last_phh = snap["last_phh"]
            # a snapshot written before players who left were remembered (WSOP-LAR 58): none
            self._departed = {d["player"]: Departure(**d) for d in snap.get("departed", ())}
            # a snapshot written before the ledger (schema 1): no wallet movements yet
            self._moves = snap.get("wallet_moves", 0)
            self._booked = () if hand is None else hand.stacks
            self._last_hand = None  # rebuilt from the PHH when asked for
            self._phh_args = None
        except StoreError:
            raise
        except (KeyError, TypeError, ValueError, LowballError) as e:
            raise StoreError(f"not a saved table: {shown(e)}") from None
        self._last_snapshot = snap
        self._out = []
        self._finished = None

    @classmethod
    def resume(
        cls,
        store: Store,
        table_id: str = "table",
        *,
        rake: RakePolicy | None = None,
        clock: Callable[[], float] = time.time,
        wallet: Wallet | None = None,
    ) -> Table:
        """The table ``table_id`` as its store last saved it: seats, stacks, the hand in
        progress with its deck (the stub in its order, cards dealt from a reshuffled stub, the
        seeded generator's state), the markers, deadlines and the event and action numbers, so
        clients continue from the ``seq`` and event numbers they saw.

        ``rake`` must be given again for a rake policy of your own (the built-in ones are
        stored), and ``clock`` if the table did not run on the default ``time.time``: the stored
        deadlines are times on the table's clock, so it must be one that goes on across a restart
        (a wall clock; an event loop's ``loop.time()`` starts again from 0). After a long outage
        the player to act is timed out at the first :meth:`tick`.

        ``wallet`` must be given again for a table with one (it is not stored): the movements a
        crash left half done are completed then, exactly once (see :mod:`lowball.wallet`): the
        cash-outs stored and not confirmed are paid (their keys again), and the debits the wallet
        made for changes that were never stored are given back (keyed ``...:void``). A table
        saved before the ledger (schema 1) gets ``opening`` entries: each seated player's chips
        and the pot of a hand in progress, from account ``opening``.

        Raises
        ------
        StoreError
            When the store holds no such table or its data is not a saved table.
        WalletError
            When the wallet fails to give back a debit of a change never stored (resume again
            to go on); a cash-out it fails to pay stays in :attr:`unpaid`.
        """
        if not isinstance(store, TableStore):
            raise StoreError(f"store = {shown(store)}: expected a lowball Store (such as SQLiteStore)")
        if wallet is not None and not isinstance(wallet, Wallet):
            raise StoreError(f"wallet = {shown(wallet)}: expected a lowball Wallet (such as MemoryWallet)")
        if wallet is not None and not isinstance(store, Store):
            raise StoreError(f"wallet: the store {shown(store)} keeps no ledger (a Store's save_ledger, outbox, ...)")
        table_id = name_text(table_id, "table_id", error=StoreError)
        claim = getattr(store, "claim", None)
        if callable(claim):  # a store shared by processes: this one is the table's writer from now on
            claim(table_id)
        loaded = store.load(table_id)
        if loaded is None:
            raise StoreError(f"{shown(store)} holds no table {shown(table_id)}")
        snap = loaded["snapshot"]
        try:
            config = snap["config"]
            variant = Variant.from_dict(config["variant"])
            if rake is None:
                rake = rake_policy(config["rake"])
            check_rake(rake)
            table = cls.__new__(cls)
            table._init_config(variant, config, rake, clock)
        except (KeyError, TypeError, ValueError, LowballError) as e:
            raise StoreError(f"{shown(store)}: table {shown(table_id)} is not a saved table: {e}") from None
        table._reset_state()
        events = [TableEvent.from_dict(d) for d in loaded["events"]]
        # the changes stored after the snapshot (by a store that replays them), made again below
        replay = loaded.get("replay") or []
        last = snap.get("event_number") if isinstance(snap, dict) else None
        table._restore(snap, [e for e in events if type(last) is int and e.number <= last] if replay else events)
        # the events of the stored answers to repeated seqs, older than the hands kept: from the
        # store, so that a retry after the restart is answered as before it
        have = {e.number for e in events}
        wanted = [
            k
            for rec in loaded["records"]
            if rec.get("kind") in ("act", "tick", "deal")
            for k in rec.get("events", ())
            if k not in have
        ]
        if wanted:
            try:
                older = [TableEvent.from_dict(d) for d in store.events(table_id, min(wanted) - 1)]
                events = [e for e in older if e.number not in have] + events
            except (TypeError, ValueError) as e:
                raise StoreError(f"{shown(store)}: table {shown(table_id)}: cannot read its old events: {e}") from None
        for rec in loaded["records"]:
            if rec.get("kind") in ("act", "tick", "deal"):
                numbers = set(rec.get("events", ()))
                action = rec.get("action")
                table._records[rec["seq"]] = {
                    "seat": rec.get("seat"),
                    "player": rec.get("player"),
                    "sitting": rec.get("sitting", 0),  # 0: a record stored before sittings were numbered
                    "kind": rec["kind"],
                    "action": None if action is None else as_action(action, "a stored action"),
                    "events": [e for e in events if e.number in numbers],
                }
        if replay:
            table._replay(replay, {d["number"]: d for d in loaded["events"]})
        table._use_store(store)
        if table._replayed is not None:
            table._replayed = list(replay)
        table._wallet = wallet
        if isinstance(store, Store):
            if "wallet_moves" not in snap and table._op > 0:  # written before the ledger
                table._open_ledger()
            table._unpaid = [m for m in store.outbox(table_id) if m["amount"] > 0]
            if wallet is not None:
                table._settle_wallet()
        return table

    def _open_ledger(self) -> None:
        """The ``opening`` entries of a table stored before the ledger (schema 1): each seated
        player's chips and the pot of a hand in progress, from account ``opening``, as entries of
        its last change; none when they are there already (resumed before, without a change since)."""
        store = self._books
        assert store is not None
        if any(e["kind"] == "opening" for e in store.ledger(self._table_id, self._op - 1)):
            return
        self._entries = []
        for k, s in enumerate(self._seats):
            if s is None:
                continue
            chips = s.to_add + (
                self._hand.stacks[self._pos[k]] if self._hand is not None and k in self._pos else s.chips
            )
            if chips:
                self._entry("opening", "opening", f"player:{s.player}", chips)
        if self._hand is not None and self._hand.pot_total:
            self._entry("opening", "opening", "pot", self._hand.pot_total)
        entries, self._entries = self._entries, []
        for n, e in enumerate(entries, 1):
            e["op"] = self._op
            e["line"] = n
        if entries:
            with store.transaction():
                store.save_ledger(self._table_id, entries, [])

    def _settle_wallet(self) -> None:
        """After a resume: pay the cash-outs not confirmed, give back the debits of changes never
        stored, and number the next movements past every key the wallet holds of this table."""
        wallet = self._wallet
        assert wallet is not None
        table_id = self._table_id
        kinds: dict[int, dict[str, Movement]] = {}
        for m in wallet.movements(f"{table_id}:"):
            parts = split_key(m.key)
            if parts is not None and parts[0] == table_id:
                kinds.setdefault(parts[1], {})[parts[2]] = m
        stored = self._moves
        for n in sorted(kinds):
            made = kinds[n]
            if n <= stored or "void" in made:
                continue
            for kind in DEBITS:  # a debit whose change was never stored: given back
                debit = made.get(kind)
                if debit is not None:
                    wallet.credit(debit.player, -debit.amount, wallet_key(table_id, n, "void"))
        self._moves = max([stored, *kinds])
        self._pay()  # a wallet that fails keeps them in unpaid (and in the store's outbox)

    def _init_config(
        self, variant: Variant, config: dict[str, Any], rake: RakePolicy, clock: Callable[[], float]
    ) -> None:
        minimum, maximum = config["buy_in"]
        self._variant = variant
        self._n = config["seats"]
        self._table_id = config["table_id"]
        self._seed = config["seed"]
        self._deck_source = None
        self._buy_in = BuyIn(minimum, maximum)
        self._action_seconds = config["action_seconds"]
        self._time_bank = config["time_bank"]
        self._timeouts_to_sit_out = config["timeouts_to_sit_out"]
        self._next_hand_delay = config["next_hand_delay"]
        self._rake = rake
        self._first_button = config["button"]
        self._clock = clock
        self._keep_hands = config["keep_hands"]
        # a table saved before the setting existed plays by WSOP-LAR 58's hour, as a new one does
        self._rejoin_seconds = config.get("rejoin_seconds", HOUR)
        self._store = None
        self._books = None
        self._wallet = None
        self._replayed = None

    def __repr__(self) -> str:
        taken = sum(s is not None for s in self._seats)
        state = (
            f"hand {self._hand_number} in progress"
            if self._hand is not None
            else f"{counted(self._hand_number, 'hand')} played"
        )
        return f"<Table {self._table_id!r} {self._variant.name}, {taken}/{self._n} seats, {state}, seq {self._seq}>"

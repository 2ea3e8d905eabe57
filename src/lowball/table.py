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
"""

from __future__ import annotations

import copy
import dataclasses
import math
import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

import numpy as np

from lowball import phh
from lowball.cards import Card, format_cards, parse_cards
from lowball.deck import Deck
from lowball.engine import Action, HandState, LegalActions, PlayerView, Posts, apply_action, saving
from lowball.engine.actions import as_action
from lowball.engine.records import SECRET_KINDS
from lowball.errors import (
    IllegalActionError,
    LowballError,
    SeqError,
    StoreError,
    TableError,
    counted,
    name_text,
    printable_text,
    real_number,
    shown,
    valid_text,
    whole_number,
    writable,
)
from lowball.seeds import check_seed, hand_seed, random_sources
from lowball.store import Store
from lowball.variants import FixedLimit, MissedBlinds, Variant, VariantError

__all__ = [
    "ActResult",
    "BuyIn",
    "ComingIn",
    "Departure",
    "NoRake",
    "PercentRake",
    "ReadOnlyDict",
    "ReadOnlyList",
    "RakePolicy",
    "SeatInfo",
    "Table",
    "TableEvent",
    "TableView",
    "random_sources",
]

TABLE_FORMAT = "lowball-table-1"
ACTIVE = "active"  # dealt in when able
SITTING_OUT = "sitting_out"  # not dealt; the blinds that pass are owed
WAITING = "waiting"  # a new player, waiting for the big blind (or posting) to be dealt in
_RECORDS = 256  # accepted changes whose result a repeated seq gets back
_HOUR = 3600.0  # WSOP-LAR 58's hour: the least time a player who left is remembered


# -- options ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BuyIn:
    """How many chips a player may sit down with, and may have after adding chips.

    Parameters
    ----------
    minimum : int
        The least a player sits down with (WSOP-LAR 100: a full buy-in, ten small bets at limit).
    maximum : int or None
        The most a stack may hold after :meth:`Table.sit` or :meth:`Table.add_chips` (None: no
        limit, as at limit poker).

    Raises
    ------
    TableError
        For amounts that are not whole chips >= 1, or a maximum below the minimum.
    """

    minimum: int
    maximum: int | None = None

    def __post_init__(self) -> None:
        low = whole_number(self.minimum, "BuyIn.minimum", 1, error=TableError)
        object.__setattr__(self, "minimum", low)
        if self.maximum is not None:
            high = whole_number(self.maximum, "BuyIn.maximum", low, error=TableError)
            object.__setattr__(self, "maximum", high)

    @classmethod
    def default(cls, variant: Variant) -> BuyIn:
        """The usual buy-in of a game: at fixed limit ten small bets and no maximum (WSOP-LAR
        100); at pot and no limit 20 to 100 big blinds (the common range of card rooms; the
        WSOP rules leave it to the game)."""
        b = variant.betting
        if isinstance(b, FixedLimit):
            return cls(10 * b.small_bet)
        bb = variant.forced.big_blind or 1
        return cls(20 * bb, 100 * bb)


@runtime_checkable
class RakePolicy(Protocol):
    """The house's cut of a pot: anything with this ``rake`` method (and, to be resumed from a
    store without being given again, a ``to_dict`` whose result :func:`rake_policy` rebuilds).

    ``rake`` is called once when a hand is complete, with the chips won from the pots (uncalled
    bets returned are not part of it), whether the hand reached the first draw, and how many
    players were dealt in. It returns whole chips, 0 .. ``pot``.
    """

    def rake(self, pot: int, *, reached_draw: bool, players: int) -> int:
        """The chips the house takes from a pot of ``pot`` chips."""
        ...


@dataclass(frozen=True)
class NoRake:
    """No rake (the default)."""

    def rake(self, pot: int, *, reached_draw: bool, players: int) -> int:
        return 0

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "none"}


@dataclass(frozen=True)
class PercentRake:
    """A percentage of the pot, rounded down to whole chips, up to a cap.

    Parameters
    ----------
    percent : int (any integer type), str or Fraction
        The share taken, in percent (``5``, ``"2.5"``; exact, no float rounding). 0 .. 100.
    cap : int or None
        The most taken from one pot (chips), or no cap.
    no_draw_no_drop : bool, default True
        Take nothing from a hand that ends before the first draw, as many draw rooms do ("no
        flop, no drop" at hold'em; a house rule, not a WSOP one).

    Raises
    ------
    TableError
        For a percent outside 0..100 or that is not a number, or a cap that is not whole chips.
    """

    percent: Fraction | int | str
    cap: int | None = None
    no_draw_no_drop: bool = True

    def __post_init__(self) -> None:
        p = self.percent
        if isinstance(p, (bool, np.bool_)) or not (isinstance(p, (str, Fraction)) or hasattr(type(p), "__index__")):
            raise TableError(
                f"PercentRake.percent = {shown(p)}: expected a whole number, a decimal string or a Fraction"
            )
        if not isinstance(p, (str, Fraction)):  # any integer type (numpy's too), as a plain int
            p = whole_number(p, "PercentRake.percent", 0, 100, error=TableError)
        try:
            frac = Fraction(p)
        except (ValueError, ZeroDivisionError):
            raise TableError(
                f"PercentRake.percent = {shown(p)}: expected a number of percent such as 5 or '2.5'"
            ) from None
        if not 0 <= frac <= 100:
            raise TableError(f"PercentRake.percent = {shown(p)}: expected 0..100")
        object.__setattr__(self, "percent", frac)
        if self.cap is not None:
            object.__setattr__(self, "cap", whole_number(self.cap, "PercentRake.cap", 0, error=TableError))
        if not isinstance(self.no_draw_no_drop, bool):
            raise TableError(f"PercentRake.no_draw_no_drop = {shown(self.no_draw_no_drop)}: expected True or False")

    def rake(self, pot: int, *, reached_draw: bool, players: int) -> int:
        if self.no_draw_no_drop and not reached_draw:
            return 0
        taken = math.floor(Fraction(pot) * Fraction(self.percent) / 100)
        return taken if self.cap is None else min(taken, self.cap)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "percent",
            "percent": str(self.percent),
            "cap": self.cap,
            "no_draw_no_drop": self.no_draw_no_drop,
        }


def _check_rake(rake: object) -> None:
    """Refuse a rake policy that is not one, or that answers a sample pot with anything but whole
    chips 0 .. pot: found when the table is made, not when a hand ends."""
    if not isinstance(rake, RakePolicy):
        raise TableError(f"rake = {shown(rake)}: expected a rake policy (an object with a rake() method)")
    for pot, reached, players in ((0, False, 2), (1, True, 2), (100, True, 6), (100, False, 3), (10**6, True, 10)):
        try:
            taken = rake.rake(pot, reached_draw=reached, players=players)
        except Exception as e:
            raise TableError(f"rake = {shown(rake)}: rake({pot}, reached_draw={reached}) raised {shown(e)}") from None
        whole_number(taken, f"rake = {rake!r}: rake({pot}, reached_draw={reached})", 0, pot, error=TableError)


def rake_policy(data: Any) -> RakePolicy:
    """The built-in rake policy of a ``to_dict`` result (``{"kind": "none"}`` or ``"percent"``).

    Raises
    ------
    TableError
        For anything else (a policy of your own is given to :meth:`Table.resume` again).
    """
    if isinstance(data, dict) and data.get("kind") == "none":
        return NoRake()
    if isinstance(data, dict) and data.get("kind") == "percent":
        return PercentRake(Fraction(data["percent"]), data.get("cap"), data.get("no_draw_no_drop", True))
    raise TableError(f"rake = {shown(data)}: not a built-in rake policy; give the table's own policy again (rake=)")


# -- what the table shows -----------------------------------------------------------------


def _refuse(self: object, *args: object, **kwargs: object) -> Any:
    raise TypeError("a table event's data is read-only: change a copy (event.to_dict())")


class ReadOnlyDict(dict):  # type: ignore[type-arg]
    """A dict that cannot be changed (a table event's ``data``): it compares, prints and turns
    into JSON as a dict does. Its dicts and lists are read-only too."""

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (ReadOnlyDict, (dict(self),))

    def __copy__(self) -> ReadOnlyDict:
        return self

    def __deepcopy__(self, memo: object) -> ReadOnlyDict:
        return self


class ReadOnlyList(list):  # type: ignore[type-arg]
    """A list that cannot be changed (inside a table event's ``data``)."""

    __setitem__ = __delitem__ = append = extend = insert = remove = pop = clear = sort = reverse = _refuse
    __iadd__ = __imul__ = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (ReadOnlyList, (list(self),))

    def __copy__(self) -> ReadOnlyList:
        return self

    def __deepcopy__(self, memo: object) -> ReadOnlyList:
        return self


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return ReadOnlyDict({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return ReadOnlyList(_frozen(v) for v in value)
    return value


def _thawed(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _thawed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_thawed(v) for v in value]
    return value


@dataclass(frozen=True)
class TableEvent:
    """One numbered thing that happened at a table, for a server to forward.

    ``number`` counts the table's events from 1 (clients resume with ``since=``); ``seq`` is the
    table's action number after the event (what :meth:`Table.act` expects next); ``hand`` the
    hand number (0 before the first). ``kind`` is an engine event's kind (``blind``, ``deal``,
    ``raise``, ``draw``, ``show``, ``win``, ... see :class:`~lowball.engine.Event`), its
    ``seat`` the seat of the engine's position, or a table event: ``sit`` (``amount`` = chips
    brought; ``data``: ``post``, and when true ``kill`` (a kill asked for) and ``owes_small``,
    ``owes_big`` (the blinds a returning player still owes)), ``leave`` (``amount`` = chips taken
    away), ``sit_out``, ``sit_in``, ``chips`` (chips added), ``seat_change`` (``seat`` the new
    seat; ``data``: ``from``, the old one, and ``hands``, those he waits, WSOP-LAR 159),
    ``hand_start`` (``data``: button, small blind and big blind seats, the seats dealt in by
    position, their stacks; in a killed pot ``kill``, the seat that killed it), ``timeout`` (the
    table acted for an overdue seat, ``data["action"]``),
    ``rake`` (``amount`` taken) and ``hand_end`` (``data``: ``stacks`` and ``winnings`` by seat,
    after the rake, of the seats still held by the hand's players; ``rake``; ``rake_error`` when
    the rake policy failed on this pot: then nothing was taken, and the hand stands). ``count``
    is the engine event's ``number`` (cards dealt or drawn, a round's number). Amounts are
    chips. ``sitting`` names the sitting of the seat's player when it happened (the number of
    the ``sit`` event that began it, see :attr:`SeatInfo.sitting`; 0 for an event of no seat,
    and for events stored before sittings were numbered). Deal and draw events carry cards only
    for the sitting they were dealt to (see :meth:`Table.events_for`). One event is given to
    every reader, so it is immutable, ``data`` included (a :class:`ReadOnlyDict`;
    :meth:`to_dict` gives a plain copy to change or send).
    """

    number: int
    seq: int
    hand: int
    kind: str
    seat: int | None = None
    player: str | None = None
    amount: int = 0
    cards: tuple[Card, ...] = ()
    discarded: tuple[Card, ...] = ()
    count: int = 0
    hand_class: int = 0
    pot: int = 0
    data: dict[str, Any] = field(default_factory=dict, compare=False)
    sitting: int = 0

    def __post_init__(self) -> None:
        if type(self.data) is not ReadOnlyDict:  # one event, seen by many readers: read-only
            object.__setattr__(self, "data", _frozen(self.data))

    def hidden(self) -> TableEvent:
        """This event without its secret cards (the count stays): how other seats and
        spectators see a deal or a draw."""
        if self.kind not in SECRET_KINDS or not (self.cards or self.discarded):
            return self
        return TableEvent(
            self.number, self.seq, self.hand, self.kind, self.seat, self.player, self.amount, (), (), self.count,
            self.hand_class, self.pot, self.data, self.sitting,
        )  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (cards as text)."""
        return {
            "number": self.number,
            "seq": self.seq,
            "hand": self.hand,
            "kind": self.kind,
            "seat": self.seat,
            "player": self.player,
            "amount": self.amount,
            "cards": format_cards(self.cards),
            "discarded": format_cards(self.discarded),
            "count": self.count,
            "hand_class": self.hand_class,
            "pot": self.pot,
            "data": _thawed(self.data),
            "sitting": self.sitting,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TableEvent:
        """The event of a :meth:`to_dict` result.

        Raises
        ------
        StoreError
            For data that is not one.
        """
        try:
            return cls(
                d["number"], d["seq"], d["hand"], d["kind"], d["seat"], d["player"], d["amount"],
                parse_cards(d["cards"]), parse_cards(d["discarded"]), d["count"], d["hand_class"], d["pot"],
                dict(d["data"]), d.get("sitting", 0),
            )  # fmt: skip
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, LowballError) as e:
            raise StoreError(f"not a table event: {shown(e)}") from None


@dataclass(frozen=True)
class SeatInfo:
    """A seat as everyone at the table may see it.

    ``chips`` is the stack now (in a hand: behind, after what was put in the pot). ``status`` is
    ``"active"`` (dealt in when able), ``"sitting_out"`` or ``"waiting"`` (a new player waiting
    for the big blind or to post). ``missed_small`` / ``missed_big`` are the blinds owed after
    sitting out (WSOP-LAR 156); ``post`` tells that the player posts them (or a new player's big
    blind) to come in at the next hand they may, ``kill`` that he kills the pot to come in
    (lowball, WSOP-LAR 274, 278); ``leaving`` that the player leaves when the hand ends.
    ``timeouts`` counts timeouts in a row; ``time_bank`` is the seconds left in the bank.
    ``sitting`` numbers this player's stay in the seat: the number of the ``sit`` event that
    began it (a player who leaves and sits down again, or another person under the same name,
    begins a new sitting, and sees no card dealt before it: :meth:`Table.events_for`; a seat
    change keeps the sitting). :meth:`Table.coming_in` tells when a seat's player is dealt in
    next.
    """

    seat: int
    player: str
    chips: int
    status: str
    in_hand: bool
    missed_small: bool
    missed_big: bool
    post: bool
    leaving: bool
    timeouts: int
    time_bank: float
    chips_to_add: int
    sitting: int = 0
    kill: bool = False


@dataclass(frozen=True)
class ComingIn:
    """When a seat's player is dealt in next (:meth:`Table.coming_in`), if nobody comes, goes,
    sits out or in, or changes seats meanwhile: after ``hands`` hands are dealt without him (0:
    the next hand), and ``by`` what: ``"big_blind"`` (the big blind reaches his seat),
    ``"post"`` (he posts to come in: a new player's big blind, or the blinds he missed),
    ``"kill"`` (he kills the pot) or ``"play"`` (in turn, posting nothing to come in; the small
    blind if his seat has it)."""

    hands: int
    by: str


@dataclass(frozen=True)
class Departure:
    """What a table remembers of a player who left (:meth:`Table.departure`): the ``chips`` he
    took away, the ``time`` he left (the table's clock) and the blinds he owed then
    (``missed_small``, ``missed_big``, WSOP-LAR 156). Within ``Table(rejoin_seconds=...)`` he
    buys in again for at least those chips (WSOP-LAR 58); within that or an hour, whichever is
    longer, he owes those blinds again when he sits down."""

    player: str
    chips: int
    time: float
    missed_small: bool
    missed_big: bool

    @property
    def owes(self) -> bool:
        """Whether he owed a blind when he left."""
        return self.missed_small or self.missed_big


@dataclass(frozen=True)
class TableView:
    """What one seat (or a spectator, ``seat=None``) may see of the table now.

    ``hand`` is the engine's :class:`~lowball.engine.PlayerView` of the hand in progress (by
    position: its ``actor`` and ``button`` are positions; a spectator's view for a seat not dealt
    in; None between hands), with
    ``seats_by_position`` to map it. ``actor`` is the seat to act and ``deadline`` the time (on
    the table's clock) at which :meth:`Table.tick` acts for it.
    """

    seat: int | None
    seq: int
    hand_number: int
    button: int | None
    small_blind: int | None
    big_blind: int | None
    seats: tuple[SeatInfo | None, ...]
    seats_by_position: tuple[int, ...]
    actor: int | None
    deadline: float | None
    hand: PlayerView | None
    legal: LegalActions | None


@dataclass(frozen=True)
class ActResult:
    """The answer to an accepted change: ``seq`` is the action number it was accepted at (the
    one the client sent), ``events`` what it made happen as the acting seat may see them (its own
    cards only; a spectator's view for :meth:`Table.tick` and a deal), safe to send back to that
    client; other seats get theirs from :meth:`Table.events_for`. ``repeated`` tells whether this
    is the stored answer to a repeat of that ``seq`` (nothing was applied again)."""

    seq: int
    seat: int | None
    kind: str
    events: tuple[TableEvent, ...]
    repeated: bool = False


# -- the table's own state ----------------------------------------------------------------


@dataclass
class _Seat:
    player: str
    chips: int
    status: str
    bank: float
    post: bool = False
    missed_small: bool = False
    missed_big: bool = False
    leaving: bool = False
    timeouts: int = 0
    to_add: int = 0
    new: bool = False  # not dealt in since sitting down: waits for the big blind or posts
    sitting: int = 0  # the number of the sit event that began this stay (see SeatInfo.sitting)
    kill: bool = False  # kills the pot to come in (lowball, WSOP-LAR 274, 278)
    # after a seat change (WSOP-LAR 159): the hands his old seat was from the big blind, which
    # the new seat must be before he is dealt in; None: no such wait (and in older snapshots)
    place: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @property
    def owes(self) -> bool:
        """Missed a blind (WSOP-LAR 156)."""
        return self.missed_small or self.missed_big


@dataclass
class _Plan:
    """The next hand's seats by position and posts, and the markers it moves to."""

    order: list[int]
    live: list[int]
    dead: list[int]
    big_blind: int  # position
    button: int  # seat marker (may be empty)
    small_blind: int | None  # seat marker
    bb_seat: int
    missed: list[tuple[int, bool, bool]]  # seats passed while sitting out: (seat, small, big)
    kill: int | None = None  # the position that kills the pot (its live post is the kill)


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
            self.table._out = []
            self.table._finished = None
            return
        self.table._commit(self.rec)


_TABLE_KINDS = frozenset(
    (
        "hand_start", "hand_end", "sit", "leave", "sit_out", "sit_in", "chips", "timeout", "rake", "reset_stacks",
        "seat_change",
    )
)  # fmt: skip


def _engine_events_of(events: list[TableEvent], hand: int, order: list[int]) -> list[dict[str, Any]]:
    """The engine's event log of hand ``hand`` (as :meth:`Event.to_dict` gives it) from the
    table's events: each engine event became one table event, its position a seat."""
    position = {k: p for p, k in enumerate(order)}
    out = []
    for e in events:
        if e.hand != hand or e.kind in _TABLE_KINDS:
            continue
        out.append(
            {
                "kind": e.kind,
                "position": None if e.seat is None else position[e.seat],
                "amount": e.amount,
                "cards": format_cards(e.cards),
                "discarded": format_cards(e.discarded),
                "number": e.count,
                "hand_class": e.hand_class,
                "pot": e.pot,
            }
        )
    return out


def _seen_by(
    events: list[TableEvent] | tuple[TableEvent, ...], seat: int | None, sitting: int | None
) -> list[TableEvent]:
    """``events`` as the ``sitting`` at ``seat`` sees them (either None: a spectator): the secret
    cards of a deal or draw only to the sitting of that seat they were dealt to (never to
    sitting 0, the mark of events stored before sittings were numbered)."""
    if seat is None or not sitting:
        return [e if e.kind not in SECRET_KINDS else e.hidden() for e in events]
    return [
        e if e.kind not in SECRET_KINDS or (e.seat == seat and e.sitting == sitting) else e.hidden() for e in events
    ]


def _same_action(a: Action, b: Action) -> bool:
    """The same decision (the cards of a discard in any order)."""
    return (a.kind, a.amount, sorted(a.cards)) == (b.kind, b.amount, sorted(b.cards))


def _seconds(value: object, name: str, low: float = 0.0) -> float:
    """A time or duration in seconds: any real number type (numpy's too), finite, >= ``low``."""
    seconds = real_number(value)
    if seconds is None or not math.isfinite(seconds) or seconds < low:
        expected = "a finite number of seconds" + (f" >= {low:g}" if math.isfinite(low) else "")
        raise TableError(f"{name} = {shown(value)}: expected {expected}")
    return seconds


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
        rejoin_seconds: float | None = _HOUR,
    ) -> None:
        if not isinstance(variant, Variant):
            raise VariantError(f"variant = {shown(variant)}: expected a lowball Variant")
        n = (
            variant.max_players
            if seats is None
            else whole_number(seats, "seats", 2, variant.max_players, error=TableError)
        )
        table_id = name_text(table_id, "table_id", error=TableError)
        if store is not None and not isinstance(store, Store):
            raise TableError(f"store = {shown(store)}: expected a lowball Store (such as SQLiteStore)")
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
        _check_rake(rake)
        if not callable(clock):
            raise TableError(f"clock = {shown(clock)}: expected a function returning seconds")
        self._variant = variant
        self._n = n
        self._table_id = table_id
        self._seed = seed
        self._deck_source = deck_source
        self._buy_in = buy_in
        self._action_seconds = _seconds(action_seconds, "action_seconds")
        self._time_bank = _seconds(time_bank, "time_bank")
        self._timeouts_to_sit_out = whole_number(timeouts_to_sit_out, "timeouts_to_sit_out", 1, error=TableError)
        self._next_hand_delay = None if next_hand_delay is None else _seconds(next_hand_delay, "next_hand_delay")
        self._rake = rake
        self._first_button = (
            None if button is None else whole_number(button, "button (a seat)", 0, n - 1, error=TableError)
        )
        self._clock = clock
        self._keep_hands = whole_number(keep_hands, "keep_hands", 1, error=TableError)
        self._rejoin_seconds = None if rejoin_seconds is None else _seconds(rejoin_seconds, "rejoin_seconds")
        self._store: Store | None = None
        self._last_snapshot: dict[str, Any] | None = None
        self._reset_state()
        if store is not None:
            snapshot = self.snapshot()
            store.create(table_id, snapshot)
            self._last_snapshot = snapshot
        self._store = store

    def _reset_state(self) -> None:
        self._seats: list[_Seat | None] = [None] * self._n
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
        self._last_hand: HandState | None = None
        self._last_snapshot = None
        self._out: list[TableEvent] = []  # events of the change being made
        self._finished: dict[str, Any] | None = None  # a hand finished by the change being made
        self._departed: dict[str, Departure] = {}  # players who left, by name (WSOP-LAR 58)

    # -- read-only state -------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rules of every hand."""
        return self._variant

    @property
    def table_id(self) -> str:
        return self._table_id

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

    def _info(self, k: int) -> SeatInfo | None:
        s = self._seats[k]
        if s is None:
            return None
        in_hand = self._hand is not None and k in self._pos
        chips = self._hand.stacks[self._pos[k]] if in_hand and self._hand is not None else s.chips
        return SeatInfo(
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
        return _seen_by(self._events_since(since), seat, viewer)

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
        for e in events[self._engine_seen :]:
            self._emit(
                e.kind, None if e.position is None else order[e.position], e.amount, e.cards, e.discarded, e.number,
                e.hand_class, e.pot,
            )  # fmt: skip
        self._engine_seen = len(events)

    # -- checks ----------------------------------------------------------------------------

    def _check_seat(self, seat: object) -> int:
        if type(seat) is int and 0 <= seat < self._n:
            return seat
        return whole_number(seat, "seat", 0, self._n - 1, error=TableError)

    def _occupied(self, seat: object, what: str) -> tuple[int, _Seat]:
        k = self._check_seat(seat)
        s = self._seats[k]
        if s is None:
            raise TableError(f"seat {k}: {what}: the seat is empty")
        return k, s

    def _now(self, now: object) -> float:
        if now is None:
            now = self._clock()
        return _seconds(now, "now", -math.inf)

    # -- changes: each is checked first, then made, then stored (or undone) -------------------

    def _change(self, kind: str, seat: int | None, now: float, **record: Any) -> _Change:
        """Make one change (``with self._change(...) as rec:``): on success its events are
        published and, with a store, the record, the events, the new state and a finished hand
        are written in one transaction; when the write fails the table goes back to the state
        before the change. Checks raise before anything changes, and an error from the engine
        leaves the hand as it was."""
        self._out = []
        self._finished = None
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
        if self._store is not None:
            before = self._last_snapshot
            snapshot = self._snapshot(events)
            stored = dict(rec)
            if isinstance(stored.get("action"), Action):
                stored["action"] = stored["action"].to_dict()
            try:
                with self._store.transaction():
                    self._store.save_action(self._table_id, stored, [e.to_dict() for e in events], snapshot)
                    if self._finished is not None:
                        self._store.save_hand(self._table_id, self._finished)
            except BaseException:
                self._out = []
                self._finished = None
                assert before is not None
                self._restore(before)
                raise
            self._last_snapshot = snapshot
        self._publish(events)
        kind = rec["kind"]
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
        now: float | None = None,
    ) -> None:
        """Seat ``player`` at the empty ``seat`` with ``chips``.

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
            (naming the rule), both, or a kill with fewer chips than it costs.
        """
        k = self._check_seat(seat)
        if self._seats[k] is not None:
            raise TableError(f"seat {k}: taken by {shown(self._seats[k].player)}")  # type: ignore[union-attr]
        player = name_text(player, f"seat {k}: player", error=TableError)
        for j, s in enumerate(self._seats):
            if s is not None and s.player == player:
                raise TableError(f"seat {k}: {shown(player)} already sits at seat {j}")
        amount = whole_number(chips, f"seat {k}: chips", 1, error=TableError)
        for name, value in (("post", post), ("kill", kill)):
            if not isinstance(value, bool):
                raise TableError(f"seat {k}: {name} = {shown(value)}: expected True or False")
        now_ = self._now(now)
        back = self._returning(player, now_)
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
        seated = self._new_seat(player, amount, post, kill, back)
        self._check_way(f"seat {k}", seated, post, kill)
        self._check_bought_in(f"seat {k}", amount)
        with self._change("sit", k, now_, player=player, chips=amount, post=post, kill=kill):
            seated.sitting = self._event_number + 1  # numbered by its sit event, the next event
            self._seats[k] = seated
            self._departed.pop(player, None)
            self._bought_in += amount
            data: dict[str, Any] = {"post": post}
            if kill:
                data["kill"] = True
            if seated.missed_small:
                data["owes_small"] = True
            if seated.missed_big:
                data["owes_big"] = True
            self._emit("sit", k, amount, data=data)

    def _new_seat(self, player: str, chips: int, post: bool, kill: bool, back: Departure | None) -> _Seat:
        """The seat of ``player`` sitting down with ``chips``: a new player, or (``back``, the
        record of his leaving) one who still owes the blinds he missed."""
        owes_small = back is not None and back.missed_small
        owes_big = back is not None and back.missed_big
        return _Seat(
            player, chips, WAITING, self._time_bank, post=post, kill=kill, new=not (owes_small or owes_big),
            missed_small=owes_small, missed_big=owes_big,
        )  # fmt: skip

    # -- how a player comes in (RULES.md section 9) -------------------------------------------

    def _memory_seconds(self) -> float:
        """How long a player who left is remembered: ``rejoin_seconds``, at least an hour."""
        return max(_HOUR, self._rejoin_seconds or 0.0)

    @staticmethod
    def _within(d: Departure, now: float, seconds: float | None) -> bool:
        return seconds is not None and now - d.time < seconds

    def _returning(self, player: str, now: float) -> Departure | None:
        """The record of ``player`` leaving, if he left within the time he is remembered."""
        d = self._departed.get(player)
        return d if d is not None and self._within(d, now, self._memory_seconds()) else None

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

    def _ways(self, new: bool, owes: bool) -> tuple[str, ...]:
        """The ways in of a player who is ``new`` (not dealt in since sitting down) or ``owes``
        blinds (RULES.md section 9); () when he has nothing to choose."""
        v = self._variant
        f = v.forced
        if f.big_blind == 0 or not (new or owes):
            return ()
        rule = v.missed_blinds
        ways = ["wait"]
        if owes:  # WSOP-LAR 156 (hold'em style), 278 (lowball), 307 (badugi)
            if rule is MissedBlinds.WAIT_OR_POST:
                ways.append("post")
        elif not (rule is MissedBlinds.WAIT_OR_KILL and f.small_blind == 0):
            ways.append("post")  # WSOP-LAR 100a, 154, 307; 274: not in a single-blind game
        if rule is MissedBlinds.WAIT_OR_KILL and not f.big_blind_ante:
            ways.append("kill")  # WSOP-LAR 274, 278
        return tuple(ways)

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
                return self._ways(s.new, s.owes)
        back = self._returning(player, self._now(now))
        return self._ways(True, False) if back is None or not back.owes else self._ways(False, True)

    def _check_way(self, where: str, s: _Seat, post: bool, kill: bool) -> None:
        """Refuse a ``post`` or ``kill`` the rules do not give the player of seat ``s`` (who is
        new or owes blinds; for anyone else both are moot), naming the rule."""
        if post and kill:
            raise TableError(f"{where}: post or kill to come in, not both")
        ways = self._ways(s.new, s.owes)
        if not ways or not (post or kill):
            return
        v = self._variant
        f = v.forced
        who = f"{shown(s.player)}, a new player," if s.new else f"{shown(s.player)}, who missed blinds,"
        if post and "post" not in ways:
            if v.missed_blinds is MissedBlinds.WAIT:
                rule = "waits for the big blind to come round (WSOP-LAR 307)"
            elif s.new:
                rule = "waits for the big blind or kills the pot in a single-blind game (WSOP-LAR 274)"
            else:
                rule = "waits for the big blind or kills the pot (WSOP-LAR 278)"
            raise TableError(f"{where}: {who} may not post to come in: in {v.ranking.title} he {rule}")
        if kill and "kill" not in ways:
            if f.big_blind_ante:
                raise TableError(
                    f"{where}: no kill in a game with a big-blind ante (the big blind posts the table's ante)"
                )
            options = "wait for the big blind or post" if "post" in ways else "wait for the big blind"
            raise TableError(
                f"{where}: {who} may not kill the pot: the kill is lowball's (WSOP-LAR 274, 278); "
                f"{v.name} plays missed_blinds = {shown(v.missed_blinds.value)}: {options}"
            )
        if kill and s.chips + s.to_add < 2 * f.big_blind:
            raise TableError(
                f"{where}: a kill is {counted(2 * f.big_blind, 'chip')} (twice the big blind), more than the "
                f"{counted(s.chips + s.to_add, 'chip')} of {shown(s.player)}"
            )

    def leave(self, seat: int, *, now: float | None = None) -> int | None:
        """The player at ``seat`` leaves with their chips (returned). A player still in a hand
        has it folded at their turn (checked where folding is not allowed, their draws stood
        pat) and leaves when the hand ends, with what is left then (the ``leave`` event says how
        much); None is returned then. The table remembers the chips he took away and the blinds
        he owed (see :meth:`departure`, WSOP-LAR 58).

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
        with self._change("leave", k, now_):
            if self._hand is not None and k in self._pos and not self._hand.folded[self._pos[k]]:
                s.leaving = True
                self._emit("leave", k, 0, data={"at_hand_end": True})
                self._settle(now_, moved=False)
                return None if self._seats[k] is not None else self._cashed_out - cashed
            return self._remove(k, now_)

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
        self._seats[k] = None
        # remembered by name (WSOP-LAR 58), the records of those gone longer than that forgotten
        keep = self._memory_seconds()
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
            able = {j for j in range(self._n) if self._able(j)} | {k}
            # his place: where his seat is from the big blind, or the place he already waits for
            before = self._hands_to_big_blind(k, able) if s.place is None else s.place
            after = self._hands_to_big_blind(to, (able - {k}) | {to})
            if after != max(0, min(before, len(able) - 2)):
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

    def _hands_to_big_blind(self, k: int, able: set[int]) -> int:
        """Hands dealt before the big blind reaches seat ``k``, with the seats ``able`` in the
        rotation (the dead button: the next big blind is the next of them after the last)."""
        assert self._bb is not None
        return [j for j in self._clockwise(self._bb) if j in able].index(k)

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
        self._check_way(f"seat {k}", s, post, kill)
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
        with self._change("chips", k, now_, amount=amount):
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
                s.chips = amount
            self._bought_in += given
            self._cashed_out += taken
            self._emit("reset_stacks", None, amount, data={"chips_in": given, "chips_out": taken})

    # -- the hand ----------------------------------------------------------------------------

    def _able(self, k: int) -> bool:
        s = self._seats[k]
        return s is not None and s.chips > 0 and s.status != SITTING_OUT and not s.leaving

    def _clockwise(self, after: int) -> list[int]:
        """Every seat clockwise starting after ``after``, ``after`` last."""
        n = self._n
        return [(after + 1 + i) % n for i in range(n)]

    def _plan(self) -> _Plan | None:
        """Who is dealt in next and what each posts (RULES.md section 9), or None."""
        able = [k for k in range(self._n) if self._able(k)]
        if len(able) < 2:
            return None
        if self._bb is None:
            return self._plan_fresh(able)
        plan = self._plan_next(able)
        if plan is None:
            # everyone but one waits to come in: they are dealt in as in a new game (WSOP-LAR
            # 158), and the blinds stay where the dead button puts them, so that the player due
            # for the big blind posts it (151: every player meets the blinds of each round)
            plan = self._plan_next(able, restart=True)
        return plan if plan is not None else self._plan_fresh(able)

    def _plan_fresh(self, able: list[int]) -> _Plan:
        """The first hand: everyone able plays, the blinds left of the button (WSOP-LAR 158,
        149)."""
        if self._button is not None:
            button = self._button
        elif self._first_button is not None:
            button = self._first_button
        else:
            button = able[-1]
        order = [k for k in self._clockwise(button) if k in able]
        f = self._variant.forced
        live = [0] * len(order)
        if len(order) == 2:  # heads-up: the button posts the small blind (WSOP-LAR 153)
            bb_pos, sb_pos = 0, 1
            button = order[1]
        else:
            sb_pos, bb_pos = 0, 1
        live[sb_pos] = f.small_blind
        live[bb_pos] = f.big_blind
        return _Plan(order, live, [0] * len(order), bb_pos, button, order[sb_pos], order[bb_pos], [])

    def _plan_next(self, able: list[int], restart: bool = False) -> _Plan | None:
        """The dead-button rule (WSOP-LAR 151): the big blind moves to the next player due for
        it, the small blind to the seat that had the big blind, the button to the seat that had
        the small blind (either may be empty or a player sitting out: then no small blind is
        posted, or the button is dead). Players waiting to come in are dealt in as RULES.md
        section 9 says (posting, killing, or when the big blind reaches them; after a seat
        change when the seat has the place the old one had, WSOP-LAR 159); with ``restart``,
        every player able is dealt in and only the blinds are posted."""
        assert self._bb is not None
        n = self._n
        old_bb = self._bb
        f = self._variant.forced
        blinds = f.big_blind > 0
        rotation = [k for k in self._clockwise(old_bb) if k in able]  # the next big blinds in turn
        places = {}  # players waiting after a seat change: the place each waits for
        if blinds and not restart:
            for d, k in enumerate(rotation):
                s = self._seats[k]
                assert s is not None
                if s.place is not None and not s.new and not s.owes:
                    # (a seat waiting is never the one that had the big blind: the last place
                    # it can have is the one before, which the big blind has just passed)
                    places[k] = (d, max(0, min(s.place, len(rotation) - 2)))
        # the big blind passes a player waiting for his place (WSOP-LAR 159, 278), not owed
        new_bb = next((k for k in rotation if k not in places or places[k][0] == places[k][1]), rotation[0])
        if new_bb == old_bb:
            return None
        sb_mark = old_bb
        btn = self._sb if self._sb is not None else (sb_mark - 1) % n

        def between(a: int, b: int, k: int) -> bool:  # k strictly clockwise after a and before b
            return 0 < (k - a) % n < (b - a) % n

        if btn == sb_mark or btn == new_bb or between(sb_mark, new_bb, btn):
            btn = (sb_mark - 1) % n  # after heads-up, where the button was the small blind
        missed: list[tuple[int, bool, bool]] = []
        if blinds:  # a game of antes alone has no blind to miss
            for k in self._clockwise(old_bb):
                if k == new_bb:
                    break
                s = self._seats[k]
                if s is not None and s.status != WAITING and not s.new and not s.leaving:
                    missed.append((k, True, True))  # the big blind passed a seat sitting out
            s = self._seats[sb_mark]
            if s is not None and not self._able(sb_mark) and s.status != WAITING and not s.new and not s.leaving:
                missed.append((sb_mark, True, False))
        dealt = []
        kill = None
        for k in self._clockwise(btn):
            if k not in able:
                continue
            s = self._seats[k]
            assert s is not None
            waits = s.status == WAITING or s.new or s.owes or s.place is not None
            if k == new_bb or restart or not blinds or not waits:
                dealt.append(k)
            elif k in places:
                if places[k][0] == places[k][1]:
                    dealt.append(k)  # in the place his old seat had (WSOP-LAR 159)
            elif k in (btn, sb_mark) or between(btn, new_bb, k):
                continue  # comes in between the big blind and the button only (WSOP-LAR 154, 207)
            elif s.kill and kill is None and "kill" in self._ways(s.new, s.owes) and s.chips >= 2 * f.big_blind:
                dealt.append(k)  # kills the pot (WSOP-LAR 274, 278); one kill a deal (208)
                kill = k
            elif s.post and "post" in self._ways(s.new, s.owes):
                dealt.append(k)  # posts to come in (WSOP-LAR 100a, 154, 156, 274, 307)
        if len(dealt) < 2:
            return None
        if len(dealt) == 2:  # heads-up: the other player has the button and the small blind
            other = dealt[0] if dealt[1] == new_bb else dealt[1]
            order = [new_bb, other]
            return _Plan(order, [f.big_blind, f.small_blind], [0, 0], 0, other, other, new_bb, missed)
        order = dealt
        live = [0] * len(order)
        dead = [0] * len(order)
        for p, k in enumerate(order):
            s = self._seats[k]
            assert s is not None
            if k == new_bb:
                live[p] = f.big_blind
            elif k == sb_mark:
                live[p] = f.small_blind
            elif k == kill:
                live[p] = 2 * f.big_blind  # a full kill: twice the big blind (WSOP-LAR, Kill Pots)
            elif restart or k in places:
                continue
            elif s.new:
                live[p] = f.big_blind  # a new player's post (WSOP-LAR 100a, 154)
            else:
                live[p] = f.big_blind if s.missed_big else 0
                dead[p] = f.small_blind if s.missed_small else 0
        killer = None if kill is None else order.index(kill)
        return _Plan(order, live, dead, order.index(new_bb), btn, sb_mark, new_bb, missed, killer)

    def _apply_plan(self, plan: _Plan) -> None:
        """What dealing ``plan`` does to the seats and markers (the cards aside): blinds missed
        are owed, the players dealt in are active and owe nothing more."""
        for k, small, big in plan.missed:
            s = self._seats[k]
            assert s is not None
            s.missed_small |= small
            s.missed_big |= big
            s.place = None  # he owes blinds now: the missed-blind rule decides
        self._button, self._sb, self._bb = plan.button, plan.small_blind, plan.bb_seat
        for k in plan.order:
            s = self._seats[k]
            assert s is not None
            s.status = ACTIVE
            s.post = s.kill = s.new = False
            s.missed_small = s.missed_big = False
            s.place = None

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
        shadow = copy.copy(self)  # the table's state to play forward: its seats copied, the rest read
        shadow._seats = [None if s is None else dataclasses.replace(s) for s in self._seats]
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
            shadow._seats[k] = self._new_seat(player, chips, post, False, back)
        if not shadow._able(k):
            return None
        for hands in range(2 * self._n + 2):
            plan = shadow._plan()
            if plan is None:
                return None
            if k in plan.order:
                p = plan.order.index(k)
                if k == plan.bb_seat:
                    by = "big_blind"
                elif p == plan.kill:
                    by = "kill"
                elif k != plan.small_blind and (plan.live[p] or plan.dead[p]):
                    by = "post"
                else:
                    by = "play"
                return ComingIn(hands, by)
            shadow._apply_plan(plan)
        return None

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

    def _deal(self, plan: _Plan, now: float) -> None:
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
                return ActResult(s, k, "act", tuple(_seen_by(rec["events"], k, rec["sitting"])), repeated=True)
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
        return ActResult(rec["seq"], k, "act", tuple(_seen_by(result_events, k, player.sitting)))

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
            hand = self._hand
            k = self.actor
            assert k is not None
            s = self._seats[k]
            assert s is not None
            legal = hand.legal_actions()
            a = Action.check() if legal.check else (Action.fold() if legal.fold else Action.stand_pat())
            seq_before = self._seq
            with self._change("tick", k, now_, action=a):
                s.bank = 0.0
                s.timeouts += 1
                self._emit("timeout", k, data={"action": a.to_dict(), "timeouts": s.timeouts})
                if s.timeouts >= self._timeouts_to_sit_out and s.status != SITTING_OUT:
                    self._sit_out(k, "timeouts")
                apply_action(hand, a)
                self._settle(now_)
                events = tuple(self._out)
            results.append(ActResult(seq_before, k, "tick", tuple(_seen_by(events, None, None))))
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
                results.append(ActResult(seq_before, None, "deal", tuple(_seen_by(events, None, None))))
        return results

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
        }

    def _restore(self, snap: dict[str, Any], events: list[TableEvent] | None = None) -> None:
        """Set the table's state from a :meth:`snapshot` (the options are the table's own)."""
        if not isinstance(snap, dict) or snap.get("format") != TABLE_FORMAT:
            raise StoreError(f"not a saved table: expected a dict with format {shown(TABLE_FORMAT)}")
        try:
            # a seat saved before sittings were numbered begins one at the last saved event (every
            # later sit event's number is higher, so no later sitting takes it)
            seats: list[_Seat | None] = [
                None if d is None else _Seat(**{"sitting": snap["event_number"], **d}) for d in snap["seats"]
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
                    data["events"] = _engine_events_of(kept, snap["hand_number"], order)
                    if len(data["events"]) != snap["engine_seen"]:
                        raise StoreError(
                            f"hand {snap['hand_number']}: {len(data['events'])} of its {snap['engine_seen']} engine "
                            "events are in the table's events"
                        )
                hand = HandState.from_dict(data)
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

        Raises
        ------
        StoreError
            When the store holds no such table or its data is not a saved table.
        """
        if not isinstance(store, Store):
            raise StoreError(f"store = {shown(store)}: expected a lowball Store (such as SQLiteStore)")
        table_id = name_text(table_id, "table_id", error=StoreError)
        loaded = store.load(table_id)
        if loaded is None:
            raise StoreError(f"{shown(store)} holds no table {shown(table_id)}")
        snap = loaded["snapshot"]
        try:
            config = snap["config"]
            variant = Variant.from_dict(config["variant"])
            if rake is None:
                rake = rake_policy(config["rake"])
            _check_rake(rake)
            table = cls.__new__(cls)
            table._init_config(variant, config, rake, clock)
        except (KeyError, TypeError, ValueError, LowballError) as e:
            raise StoreError(f"{shown(store)}: table {shown(table_id)} is not a saved table: {e}") from None
        table._reset_state()
        events = [TableEvent.from_dict(d) for d in loaded["events"]]
        table._restore(snap, events)
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
        table._store = store
        return table

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
        self._rejoin_seconds = config.get("rejoin_seconds", _HOUR)
        self._store = None

    def __repr__(self) -> str:
        taken = sum(s is not None for s in self._seats)
        state = (
            f"hand {self._hand_number} in progress"
            if self._hand is not None
            else f"{counted(self._hand_number, 'hand')} played"
        )
        return f"<Table {self._table_id!r} {self._variant.name}, {taken}/{self._n} seats, {state}, seq {self._seq}>"

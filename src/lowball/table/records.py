"""What a table shows: its numbered events (:class:`TableEvent`, immutable, read by every
client), what everyone may see of a seat (:class:`SeatInfo`), what one seat may see of the table
(:class:`TableView`) and the answer to an accepted change (:class:`ActResult`); and how the
hand's engine events become table events and back, and who may see the cards of which.

The card-hiding rule is the engine's (:data:`lowball.engine.records.SECRET_KINDS`): a deal or a
draw shows its cards only to the sitting they were dealt to (:func:`seen_by`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lowball.cards import Card, format_cards, parse_cards
from lowball.engine import LegalActions, PlayerView
from lowball.engine.records import SECRET_KINDS
from lowball.errors import LowballError, StoreError, shown

__all__ = [
    "TABLE_KINDS",
    "ReadOnlyDict",
    "ReadOnlyList",
    "TableEvent",
    "SeatInfo",
    "TableView",
    "ActResult",
    "Payout",
    "engine_events_of",
    "seen_by",
]

TABLE_KINDS = frozenset(
    (
        "hand_start", "hand_end", "sit", "leave", "sit_out", "sit_in", "chips", "timeout", "rake", "reset_stacks",
        "seat_change", "stakes", "stacks",
    )
)  # fmt: skip
"""The kinds of table event that are the table's own (every other kind is an engine event's, see
:class:`~lowball.engine.Event`)."""


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
            "cards": format_cards(self.cards) if self.cards else "",  # most events have none
            "discarded": format_cards(self.discarded) if self.discarded else "",
            "count": self.count,
            "hand_class": self.hand_class,
            "pot": self.pot,
            "data": _thawed(self.data) if self.data else {},
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

    @classmethod
    def of(
        cls, seat: int, player: str, chips: int, status: str, in_hand: bool, missed_small: bool, missed_big: bool,
        post: bool, leaving: bool, timeouts: int, time_bank: float, chips_to_add: int, sitting: int, kill: bool,
    ) -> SeatInfo:  # fmt: skip
        """``SeatInfo(...)`` with every field given, without the frozen dataclass's ``__init__``
        (one ``object.__setattr__`` a field): a table makes every seat's at each of its views,
        a server's broadcast after every action. The same object (a test compares the two)."""
        info = object.__new__(cls)
        object.__setattr__(
            info,
            "__dict__",
            {
                "seat": seat, "player": player, "chips": chips, "status": status, "in_hand": in_hand,
                "missed_small": missed_small, "missed_big": missed_big, "post": post, "leaving": leaving,
                "timeouts": timeouts, "time_bank": time_bank, "chips_to_add": chips_to_add, "sitting": sitting,
                "kill": kill,
            },
        )  # fmt: skip
        return info


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


@dataclass(frozen=True)
class Payout:
    """What :meth:`Table.leave <lowball.table.Table.leave>` pays the player and when.

    ``at_hand_end`` False: ``amount`` chips are paid now (``event`` is the number of the
    ``leave`` event that says so; with a wallet, ``key`` is the idempotency key of the
    cash-out, paid into his account as soon as the change is stored). True: he is still in the
    hand being played and is paid when it ends; ``amount`` is the chips he has now (stack behind
    and chips waiting to be added), the least he is paid, as a leaving player puts no more chips
    in (he may still win a pot); ``event`` is the ``leave`` event with ``data["at_hand_end"]``,
    and the ``leave`` event at the hand's end carries the chips paid (``key`` None until then).
    In :attr:`Table.unpaid <lowball.table.Table.unpaid>`, ``seat`` is -1 (the seat is gone).
    Amounts are chips.
    """

    seat: int
    player: str
    amount: int
    at_hand_end: bool
    event: int
    key: str | None = None


def engine_events_of(events: list[TableEvent], hand: int, order: list[int]) -> list[dict[str, Any]]:
    """The engine's event log of hand ``hand`` (as :meth:`Event.to_dict` gives it) from the
    table's events: each engine event became one table event, its position a seat."""
    position = {k: p for p, k in enumerate(order)}
    out = []
    for e in events:
        if e.hand != hand or e.kind in TABLE_KINDS:
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


def seen_by(
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

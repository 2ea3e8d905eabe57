"""lowball's public JSON form ("the wire format"): one documented JSON form, both ways, for
every object a game server sends or receives, and the messages of ``lowball serve``.

Each form is a :class:`msgspec.Struct` defined here once; the JSON encoding, the checking
decoder and the JSON Schema (draft 2020-12, shipped in ``lowball/schemas/``, see
:func:`schema`) all come from that one definition. Cards are text (``"7s"``, rank then suit,
one string a card), numbers are JSON numbers (chips are whole numbers, seconds may have a
fraction), seats are numbered from 0 as :class:`~lowball.table.Table` numbers them, and
:data:`VERSION` numbers the format (the server's ``welcome`` carries it; every schema's
``$id`` holds it).

>>> from lowball import wire
>>> from lowball.engine import Action
>>> wire.encode(Action.discard("Kd Qs"))
b'{"kind":"discard","amount":0,"cards":["Kd","Qs"]}'
>>> wire.decode(b'{"kind": "raise", "amount": 6}', Action)
Action(kind='raise', amount=6, cards=())
>>> wire.decode(b'{"kind": "raise", "amount": -6}', Action)
Traceback (most recent call last):
...
lowball.errors.WireError: amount = -6: expected a whole number 0 or more

:func:`encode` takes a library object (an :class:`~lowball.engine.Action`,
:class:`~lowball.engine.LegalActions`, :class:`~lowball.engine.PlayerView`,
:class:`~lowball.table.SeatInfo`, :class:`~lowball.table.TableView`,
:class:`~lowball.table.TableEvent`, :class:`~lowball.table.ActResult`,
:class:`~lowball.odds.Equity`, :class:`~lowball.odds.PlayerEquity`) or one of this module's
structs; :func:`decode` reads the JSON of one back into the library's object (or into a struct
of this module for the forms that are the server's own: :class:`HandResult`,
:class:`DrawTable`, the protocol's messages) and raises :class:`~lowball.errors.WireError`,
naming the field and the value, for JSON that does not match the form.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal, TypeVar, Union

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType, field

from lowball.cards import Card as _Card
from lowball.cards import format_cards, parse_cards
from lowball.engine import Action as _Action
from lowball.engine import LegalActions as _LegalActions
from lowball.engine import PlayerView as _PlayerView
from lowball.engine.records import Event as _Event
from lowball.errors import MISSING, InvalidCardError, WireError
from lowball.evaluation import describe, sorted_hand
from lowball.table import ActResult as _ActResult
from lowball.table import SeatInfo as _SeatInfo
from lowball.table import TableEvent as _TableEvent
from lowball.table import TableView as _TableView

__all__ = [
    "VERSION",
    "Card",
    "Action",
    "LegalActions",
    "Event",
    "PlayerView",
    "SeatInfo",
    "TableView",
    "TableEvent",
    "TableEventBase",
    "TABLE_EVENT_FORMS",
    "event_kind",
    "NoData",
    "SitData",
    "LeaveData",
    "SitOutData",
    "SitInData",
    "SeatChangeData",
    "TimedOutAction",
    "TimeoutData",
    "HandStartData",
    "HandEndData",
    "ChipsMovedData",
    "StacksData",
    "StakesData",
    "VariantForm",
    "FixedLimitForm",
    "PotLimitForm",
    "NoLimitForm",
    "ForcedBetsForm",
    "ActResult",
    "ShownHand",
    "Winner",
    "HandResult",
    "DrawRow",
    "DrawTable",
    "PlayerEquity",
    "Equity",
    "ComingIn",
    "SeatState",
    "You",
    "Hello",
    "Act",
    "SitOut",
    "SitIn",
    "Ping",
    "Welcome",
    "Events",
    "State",
    "Ack",
    "Error",
    "Pong",
    "ClientMessage",
    "ServerMessage",
    "TableSummary",
    "Tables",
    "TakeSeat",
    "SeatTaken",
    "Left",
    "HttpError",
    "SEAT_NAME_LENGTH",
    "Registered",
    "Seated",
    "LevelUp",
    "BreakStarted",
    "BreakEnded",
    "ChipRace",
    "Moved",
    "Redrawn",
    "TableBroken",
    "FinalTable",
    "HandForHand",
    "Rebuy",
    "AddOn",
    "Eliminated",
    "Paid",
    "Finished",
    "TournamentEvent",
    "TournamentTable",
    "TournamentPlace",
    "TournamentSeat",
    "TournamentState",
    "SitAndGoRegister",
    "SitAndGoEntry",
    "tournament_form",
    "SCHEMA_TYPES",
    "encode",
    "encode_text",
    "decode",
    "to_wire",
    "from_wire",
    "action_of",
    "hand_result",
    "add_to_result",
    "card_texts",
    "schema",
    "schemas",
    "schema_names",
]

VERSION = 1
"""The wire format's version: raised by a change that an old client could misread (a field
removed or renamed, a meaning changed); fields added keep it."""

SCHEMA_ID = "https://lowball.invalid/schemas/v{version}/{name}.json"
"""The ``$id`` of each shipped schema (a name, not a place to fetch: the files are in the
package)."""

# -- the building blocks ----------------------------------------------------------------------------

Card = Annotated[
    str,
    Meta(
        pattern="^[2-9TJQKA][cdhs]$",
        description="A card: its rank (2-9, T, J, Q, K, A) then its suit (c, d, h, s), e.g. 7s.",
    ),
]
Chips = Annotated[int, Meta(ge=0, description="Chips, a whole number.")]
SeatNo = Annotated[int, Meta(ge=0, le=63, description="A seat, numbered from 0 as the table numbers them.")]
Position = Annotated[int, Meta(ge=0, le=63, description="A position in the hand: 0 the first to act after the deal.")]
Count = Annotated[int, Meta(ge=0)]
Seconds = Annotated[float, Meta(ge=0, description="Seconds.")]
Id = Union[Annotated[int, Meta(ge=-(2**53) + 1, le=2**53 - 1)], Annotated[str, Meta(max_length=64)], None]
ActionKind = Literal["fold", "check", "call", "bet", "raise", "discard", "stand_pat", "show", "muck"]


class _Form(Struct, kw_only=True, forbid_unknown_fields=True):
    """A wire form (every field named; none but its own)."""


class Action(_Form, kw_only=True):
    """A decision of the player to act. ``amount``: for bet and raise, the total wager *to*
    this betting round, in chips (0 otherwise); ``cards``: the cards a discard throws (none:
    stand pat; ``stand_pat`` is the same as a discard of none). Read from a client, ``cards``
    may also be card text (``"Kd Qs"``), as the first servers took it."""

    kind: ActionKind
    amount: Chips = 0
    cards: Union[list[Card], Annotated[str, Meta(max_length=64)]] = field(default_factory=list)


class LegalActions(_Form, kw_only=True):
    """What the player to act may do now (the engine's
    :class:`~lowball.engine.LegalActions`): ``call_amount`` chips to call; ``bet`` or
    ``raise`` open with the total wager *to* between ``min_to`` and ``max_to``; ``draw`` with up
    to ``max_discards`` cards thrown; ``show``/``muck`` at a manual showdown."""

    position: Position
    phase: str
    fold: bool = False
    check: bool = False
    call: bool = False
    call_amount: Chips = 0
    bet: bool = False
    raise_: bool = field(default=False, name="raise")
    min_to: Chips = 0
    max_to: Chips = 0
    draw: bool = False
    max_discards: Count = 0
    show: bool = False
    muck: bool = False


class Event(_Form, kw_only=True):
    """One engine event of a hand, by position (:class:`~lowball.engine.Event`)."""

    kind: str
    position: Union[Position, None] = None
    amount: Chips = 0
    cards: list[Card] = field(default_factory=list)
    discarded: list[Card] = field(default_factory=list)
    number: Count = 0
    hand_class: Count = 0
    pot: Count = 0


class PlayerView(_Form, kw_only=True):
    """What one player (``position``; null: a spectator) may see of the hand in progress (the
    engine's :class:`~lowball.engine.PlayerView`): lists by position; ``hand`` the player's own
    cards; ``shown`` the hands shown at the showdown, keyed by position (as text: JSON keys are
    strings); ``drawn`` per draw so far, the cards each position drew (-1: not drawn)."""

    position: Union[Position, None]
    variant: str
    phase: str
    betting_round: Count
    draw_round: Count
    actor: Union[Position, None]
    button: Position
    stacks: list[Chips]
    bets: list[Chips]
    pot_total: Chips
    folded: list[bool]
    all_in: list[bool]
    hand: list[Card]
    hand_sizes: list[Count]
    drawn: list[list[Annotated[int, Meta(ge=-1)]]]
    shown: dict[int, list[Card]]
    legal: Union[LegalActions, None]
    winnings: list[Chips] = field(default_factory=list)
    mucked: list[bool] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


class SeatInfo(_Form, kw_only=True):
    """A seat as everyone at the table may see it (:class:`~lowball.table.SeatInfo`)."""

    seat: SeatNo
    player: str
    chips: Chips
    status: Literal["active", "sitting_out", "waiting"]
    in_hand: bool
    missed_small: bool
    missed_big: bool
    post: bool
    leaving: bool
    timeouts: Count
    time_bank: Seconds
    chips_to_add: Chips
    sitting: Count = 0
    kill: bool = False


class TableView(_Form, kw_only=True):
    """What one seat (``seat``; null: a spectator) may see of the table now
    (:class:`~lowball.table.TableView`): ``deadline`` on the table's clock (seconds)."""

    seat: Union[SeatNo, None]
    seq: Count
    hand_number: Count
    button: Union[SeatNo, None]
    small_blind: Union[SeatNo, None]
    big_blind: Union[SeatNo, None]
    seats: list[Union[SeatInfo, None]]
    seats_by_position: list[SeatNo]
    actor: Union[SeatNo, None]
    deadline: Union[float, None]
    hand: Union[PlayerView, None]
    legal: Union[LegalActions, None]


# -- the table's events: one form a kind, told apart by its ``kind`` ----------------------------------

SeatKey = Annotated[str, Meta(pattern="^[0-9]+$", description="A seat number as text (JSON keys are text).")]


class NoData(_Form):
    """The ``data`` of an event that carries none (every engine event; ``chips``, ``rake``):
    ``{}``."""


class SitData(_Form, kw_only=True, omit_defaults=True):
    """A ``sit``: ``post`` whether the new player posts to come in; written only when true:
    ``in_position`` (seated where the next hand deals him in, WSOP 2023 Tournament Rules, rule
    66), ``kill`` (he kills the pot to come in), ``owes_small`` and ``owes_big`` (the blinds a
    returning player still owes, WSOP-LAR 156)."""

    post: bool
    in_position: bool = False
    kill: bool = False
    owes_small: bool = False
    owes_big: bool = False


class LeaveData(_Form, kw_only=True, omit_defaults=True):
    """A ``leave``: ``at_hand_end`` (written only when true) when the player leaves once the
    hand in progress ends (``amount`` 0: his chips come with the later ``leave``)."""

    at_hand_end: bool = False


class SitOutData(_Form, kw_only=True):
    """A ``sit_out``: why: ``asked`` (the player asked), ``timeouts`` (too many in a row),
    ``no chips`` (broke at the hand's end)."""

    reason: Literal["asked", "timeouts", "no chips"]


class SitInData(_Form, kw_only=True, omit_defaults=True):
    """A ``sit_in``: ``post`` whether he posts what he owes to come in, the blinds he owes
    (``owes_small``, ``owes_big``, WSOP-LAR 156) and, only when true, ``kill`` (he kills the pot
    to come in, WSOP-LAR 278)."""

    post: bool
    owes_small: bool
    owes_big: bool
    kill: bool = False


class SeatChangeData(_Form, kw_only=True):
    """A ``seat_change`` (the event's ``seat`` the new seat): ``from`` the old seat, ``hands``
    those he waits before he is dealt in (null: not within two rounds; WSOP-LAR 159)."""

    from_: SeatNo = field(name="from")
    hands: Union[Count, None]


class TimedOutAction(_Form, kw_only=True):
    """The action the table took for an overdue seat (:meth:`lowball.engine.Action.to_dict`'s
    form: ``cards`` card text, empty): a check, a fold, or a discard of none (standing pat)."""

    kind: Literal["check", "fold", "discard"]
    amount: Chips
    cards: Annotated[str, Meta(max_length=0)]


class TimeoutData(_Form, kw_only=True):
    """A ``timeout``: the ``action`` taken for the seat and its ``timeouts`` in a row."""

    action: TimedOutAction
    timeouts: Annotated[int, Meta(ge=1)]


class HandStartData(_Form, kw_only=True, omit_defaults=True):
    """A ``hand_start``: the ``button``, ``small_blind`` (null: none this hand, a dead small
    blind) and ``big_blind`` seats; by position, the ``seats`` dealt in, their ``players`` and
    their ``stacks`` (chips, before the blinds); in a killed pot only, ``kill``: the seat that
    killed it (WSOP-LAR 274, 278)."""

    button: SeatNo
    small_blind: Union[SeatNo, None]
    big_blind: SeatNo
    seats: list[SeatNo]
    players: list[str]
    stacks: list[Chips]
    kill: Union[SeatNo, None] = None


class HandEndData(_Form, kw_only=True, omit_defaults=True):
    """A ``hand_end``: by seat (the seats still held by the hand's players), the ``stacks`` and
    the ``winnings`` after the rake; the ``rake`` taken; only when the rake policy failed on this
    pot (nothing was taken, the hand stands), ``rake_error``, its words."""

    stacks: dict[SeatKey, Chips]
    winnings: dict[SeatKey, Chips]
    rake: Chips
    rake_error: Union[str, None] = None


class ChipsMovedData(_Form, kw_only=True):
    """A ``reset_stacks``: the chips given to the stacks (``chips_in``) and taken from them
    (``chips_out``)."""

    chips_in: Chips
    chips_out: Chips


class StacksData(_Form, kw_only=True):
    """A ``stacks`` (stacks set between hands: a tournament's colour-up, WSOP 2023 Tournament
    Rules, rule 77): the ``reason``, the new ``stacks`` by seat, the chips given and taken."""

    reason: str
    stacks: dict[SeatKey, Annotated[int, Meta(ge=1)]]
    chips_in: Chips
    chips_out: Chips


class FixedLimitForm(_Form, kw_only=True, tag_field="kind", tag="fixed"):
    """Fixed-limit betting (:class:`lowball.variants.FixedLimit`)."""

    small_bet: Annotated[int, Meta(ge=1)]
    big_bet: Annotated[int, Meta(ge=1)]
    max_raises: Count
    uncapped_heads_up: bool


class PotLimitForm(_Form, kw_only=True, tag_field="kind", tag="pot"):
    """Pot-limit betting (:class:`lowball.variants.PotLimit`)."""

    min_bet: Annotated[int, Meta(ge=1)]


class NoLimitForm(_Form, kw_only=True, tag_field="kind", tag="no"):
    """No-limit betting (:class:`lowball.variants.NoLimit`)."""

    min_bet: Annotated[int, Meta(ge=1)]


class ForcedBetsForm(_Form, kw_only=True):
    """The blinds and antes (:class:`lowball.variants.ForcedBets`)."""

    small_blind: Chips
    big_blind: Chips
    ante: Chips
    big_blind_ante: bool


class VariantForm(_Form, kw_only=True, omit_defaults=True):
    """A variant (:meth:`lowball.variants.Variant.to_dict`): ``ranking`` and ``hand_size`` are
    written only for a ranking other than 2-7, ``missed_blinds`` only when it is not the
    game's own rule, ``must_open`` only when false."""

    name: str
    code: str
    draws: Annotated[int, Meta(ge=1)]
    betting: Union[FixedLimitForm, PotLimitForm, NoLimitForm]
    forced: ForcedBetsForm
    reshuffle: Literal["seeds", "live"]
    burn: bool
    max_players: Annotated[int, Meta(ge=2)]
    open_fold: bool
    show_all_hands: bool
    ranking: Union[Literal["a-5", "badugi"], None] = None
    hand_size: Union[Annotated[int, Meta(ge=1)], None] = None
    missed_blinds: Union[Literal["wait", "wait_or_kill", "wait_or_post"], None] = None
    must_open: bool = True


class StakesData(_Form, kw_only=True):
    """A ``stakes`` (the next hands' stakes, WSOP 2023 Tournament Rules, rule 79): the new
    ``variant``."""

    variant: VariantForm


class TableEventBase(_Form, kw_only=True, tag_field="kind"):
    """What every table event carries (:class:`~lowball.table.TableEvent`); each kind is its own
    form (:data:`TableEvent`), told apart by ``kind`` (written first), with the ``data`` of that
    kind; ``description``, the server's words for the hand of a ``show`` event (null otherwise,
    and in the library's own events)."""

    number: Annotated[int, Meta(ge=1)]
    seq: Count
    hand: Count
    seat: Union[SeatNo, None] = None
    player: Union[str, None] = None
    amount: Chips = 0
    cards: list[Card] = field(default_factory=list)
    discarded: list[Card] = field(default_factory=list)
    count: Count = 0
    hand_class: Count = 0
    pot: Count = 0
    data: NoData = field(default_factory=NoData)
    sitting: Count = 0
    description: Union[str, None] = None


_DATA_FORMS: dict[str, Any] = {
    "sit": SitData,
    "leave": LeaveData,
    "sit_out": SitOutData,
    "sit_in": SitInData,
    "seat_change": SeatChangeData,
    "timeout": TimeoutData,
    "hand_start": HandStartData,
    "hand_end": HandEndData,
    "reset_stacks": ChipsMovedData,
    "stacks": StacksData,
    "stakes": StakesData,
}
_DATALESS = (
    *("ante", "blind", "dead_blind", "deal", "fold", "check", "call", "bet", "raise", "draw", "stand_pat"),
    *("return", "show", "muck", "win", "round", "draw_round", "chips", "rake"),
)


def _event_form(kind: str, data: Any) -> Any:
    """The form of the table events of ``kind``, whose ``data`` is the form ``data``."""
    name = "".join(w.capitalize() for w in kind.split("_")) + "Event"
    fields = [] if data is NoData else [("data", data)]
    doc = f"A ``{kind}`` table event" + ("." if data is NoData else f" (``data``: :class:`{data.__name__}`).")
    return msgspec.defstruct(
        name,
        fields,
        bases=(TableEventBase,),
        module=__name__,
        namespace={"__doc__": doc},
        kw_only=True,
        tag=kind,
    )


TABLE_EVENT_FORMS: dict[str, Any] = {
    kind: _event_form(kind, _DATA_FORMS.get(kind, NoData)) for kind in sorted((*_DATALESS, *_DATA_FORMS))
}
"""The form of each kind of table event (``"sit"``: ``SitEvent``, whose ``data`` is a
:class:`SitData`; ``"raise"``: ``RaiseEvent``, ``data`` :class:`NoData`)."""

TableEvent: Any = Union[tuple(TABLE_EVENT_FORMS.values())]
"""One numbered event of a table (:class:`~lowball.table.TableEvent`): the form of its kind
(:data:`TABLE_EVENT_FORMS`), told apart by ``kind``."""


class ActResult(_Form, kw_only=True):
    """The answer to an accepted change (:class:`~lowball.table.ActResult`)."""

    seq: Count
    seat: Union[SeatNo, None]
    kind: str
    events: list[TableEvent]
    repeated: bool = False


class ShownHand(_Form, kw_only=True):
    """A hand shown at a showdown: its cards (sorted as a low is read in the table's game) and
    their description."""

    seat: Union[SeatNo, None]
    player: Union[str, None]
    cards: list[Card]
    description: Union[str, None]


class Winner(_Form, kw_only=True):
    """A pot won: ``amount`` chips; ``description`` of the hand shown (null: won unseen)."""

    seat: Union[SeatNo, None]
    player: Union[str, None]
    amount: Chips
    description: Union[str, None]


class HandResult(_Form, kw_only=True):
    """A hand's result (:func:`hand_result`): the hands shown and the pots won, in order."""

    hand: Count
    shown: list[ShownHand] = field(default_factory=list)
    winners: list[Winner] = field(default_factory=list)


LowKey = Literal["7", "8", "9", "10"]


class DrawRow(_Form, kw_only=True):
    """One discard of a draw table (see :meth:`lowball.odds.DiscardTable.to_dict`): the cards
    kept and thrown (card text, highest first), the completions and the lows they make; with a
    target, ``target_count`` and ``target``; against an opponent, the deals won, tied and lost
    and their shares; against the default opponent, ``default_equity`` and its standard error;
    ``reshuffled`` when the stub cannot complete the draw. A field that does not apply is left
    out."""

    keep: str
    discard: str
    draw: Count
    completions: Count
    low_counts: dict[LowKey, Count]
    lows: dict[LowKey, float]
    target_count: Union[Count, UnsetType] = UNSET
    target: Union[float, UnsetType] = UNSET
    deals: Union[Count, UnsetType] = UNSET
    win_count: Union[Count, UnsetType] = UNSET
    tie_count: Union[Count, UnsetType] = UNSET
    lose_count: Union[Count, UnsetType] = UNSET
    win: Union[float, None, UnsetType] = UNSET
    tie: Union[float, None, UnsetType] = UNSET
    lose: Union[float, None, UnsetType] = UNSET
    equity: Union[float, None, UnsetType] = UNSET
    default_equity: Union[float, None, UnsetType] = UNSET
    default_equity_se: Union[float, None, UnsetType] = UNSET
    reshuffled: Union[bool, UnsetType] = UNSET


class DrawTarget(_Form, kw_only=True):
    """The target hand of a draw table: its class and description."""

    class_: Count = field(name="class")
    description: str


class DefaultOpponentForm(_Form, kw_only=True):
    """The default opponent a draw table's rows are weighed against."""

    description: str
    draws: Count
    trials: Count
    seed: int


class DrawTable(_Form, kw_only=True):
    """The draw table of a hand, every discard, best first: what ``lowball draw --json`` writes
    and ``GET /api/draw`` answers (:meth:`lowball.odds.DiscardTable.to_dict`). Hands are card
    text, highest first, nothing between the cards; ``ranking`` is left out for 2-7."""

    ranking: Union[Literal["2-7", "a-5", "badugi"], UnsetType] = UNSET
    hand: str
    dead: str
    vs: Union[dict[str, Any], None]
    target: Union[DrawTarget, None]
    rows: list[DrawRow]
    order: Literal["equity", "target", "mean-lows"]
    default_opponent: Union[DefaultOpponentForm, None]
    stub: Count
    removed: str


class PlayerEquity(_Form, kw_only=True):
    """One player's equity (:class:`~lowball.odds.PlayerEquity`)."""

    win: float
    tie: float
    equity: float
    win_se: float
    tie_se: float
    equity_se: float
    wins: Count
    ties: Count
    share: Count


class Equity(_Form, kw_only=True):
    """The result of :func:`lowball.odds.equity` (:class:`~lowball.odds.Equity`)."""

    players: list[PlayerEquity]
    exact: bool
    trials: Count
    draws: Count
    discards: Union[list[list[Card]], None] = None
    reshuffles: Count = 0
    seed: Union[int, None] = None
    partial: bool = False


# -- the server's messages -------------------------------------------------------------------------


class ComingIn(_Form, kw_only=True):
    """When a waiting person is dealt in: after ``hands`` hands (0: the next), ``by``
    ``big_blind``, ``post``, ``kill`` or ``play`` (:meth:`lowball.table.Table.coming_in`)."""

    hands: Count
    by: Literal["big_blind", "post", "kill", "play"]


class SeatState(_Form, kw_only=True):
    """A seat in the server's ``state``: ``chips`` behind, ``bet`` this round, ``drawn`` the
    cards drawn at each draw so far, ``cards`` how many it holds (never which), ``bot`` whether
    a bot sits there, ``you`` whether it is the connection's own; ``joining``, the person who
    takes this bot's seat when the hand ends (a seat of status ``joining`` is that person's,
    the seat still empty)."""

    seat: SeatNo
    player: str
    bot: bool = False
    chips: Chips = 0
    status: Literal["active", "sitting_out", "waiting", "joining"]
    in_hand: bool = False
    folded: bool = False
    all_in: bool = False
    bet: Chips = 0
    drawn: list[Count] = field(default_factory=list)
    cards: Count = 0
    you: bool = False
    joining: Union[str, None] = None


class You(_Form, kw_only=True):
    """The connection's own seat in ``state``: its cards (sorted as a low is read in the
    table's game), their description (a whole hand only), the legal actions when it is to act,
    ``coming_in`` while it waits to be dealt in, and the table's ``limit``."""

    seat: SeatNo
    player: Union[str, None]
    status: Literal["active", "sitting_out", "waiting", "joining"]
    coming_in: Union[ComingIn, None]
    chips: Chips
    cards: list[Card]
    description: Union[str, None]
    legal: Union[LegalActions, None]
    limit: Literal["fixed", "pot", "no"]


class _Message(_Form, tag_field="type"):
    """A message of the WebSocket protocol, told apart by its ``type``."""


class Hello(_Message, kw_only=True, tag="hello"):
    """The client's first message: ``token`` a seat token (null: a spectator), ``since`` the
    last event number it has seen (0: a new page), ``batch`` whether several server messages may
    come in one frame (a JSON array), ``version`` the wire format it speaks (:data:`VERSION`)."""

    token: Union[str, None] = None
    since: Count = 0
    batch: bool = False
    id: Id = None
    version: Union[Annotated[int, Meta(ge=1)], None] = None


class Act(_Message, kw_only=True, tag="act"):
    """An action of the seat's player: ``seq`` the table's action number from the last
    ``state``; ``seat``, when given, must be the token's own."""

    seq: Annotated[int, Meta(description="The table's action number.")]
    action: Action
    id: Id = None
    seat: Union[SeatNo, UnsetType] = UNSET


class SitOut(_Message, kw_only=True, tag="sit_out"):
    """The player sits out (from the next hand)."""

    id: Id = None


class SitIn(_Message, kw_only=True, tag="sit_in"):
    """The player comes back."""

    id: Id = None


class Ping(_Message, kw_only=True, tag="ping", forbid_unknown_fields=False):
    """Answered with ``pong`` (any other field is ignored)."""

    id: Id = None


ClientMessage = Union[Hello, Act, SitOut, SitIn, Ping]
"""What a client sends over the WebSocket."""


class Welcome(_Message, kw_only=True, tag="welcome"):
    """The answer to an accepted hello: the wire format's ``version``, the table, its game and
    stakes, and the connection's seat and player (null: a spectator)."""

    version: int = VERSION
    table: str
    variant: str
    name: str
    stakes: str
    limit: Literal["fixed", "pot", "no"]
    ranking: Literal["2-7", "a-5", "badugi"]
    game: str
    hand_size: Count
    seats: Count
    seat: Union[SeatNo, None]
    player: Union[str, None]


class Events(_Message, kw_only=True, tag="events"):
    """Events numbered above what the connection was sent, as its seat may see them."""

    events: list[TableEvent]


class State(_Message, kw_only=True, tag="state"):
    """The table as the connection's seat may see it, sent after every change: ``seq`` the
    action number an ``act`` gives, ``hand`` the hand number, the seat to act (``actor``) and
    its ``time_left`` (seconds), the pot, the last ``showdown``, ``you`` (null: a spectator) and
    the seats (null: empty)."""

    seq: Count
    hand: Count
    in_hand: bool
    phase: Union[str, None]
    betting_round: Count
    draw_round: Count
    draws: Count
    ranking: Literal["2-7", "a-5", "badugi"]
    hand_size: Count
    button: Union[SeatNo, None]
    small_blind: Union[SeatNo, None]
    big_blind: Union[SeatNo, None]
    actor: Union[SeatNo, None]
    time_left: Union[Seconds, None]
    pot: Chips
    showdown: Union[HandResult, None]
    you: Union[You, None]
    seats: list[Union[SeatState, None]]


class Ack(_Message, kw_only=True, tag="ack"):
    """An action accepted: ``seq`` it was accepted at; ``repeated`` true when it was a repeat of
    one already stored (nothing applied again)."""

    id: Id
    seq: Count
    repeated: bool


class Error(_Message, kw_only=True, tag="error"):
    """A message refused (nothing changed): ``code`` its kind, ``message`` in words, ``id`` the
    message's own."""

    id: Id
    code: str
    message: str


class Pong(_Message, kw_only=True, tag="pong"):
    """The answer to a ping."""

    id: Id


# -- the HTTP side ------------------------------------------------------------------------------------


class TableSummary(_Form, kw_only=True):
    """A table of the lobby (``GET /api/tables``): ``served`` ``here`` (by the server asked), or,
    for another table of its database (several server processes on one PostgreSQL database),
    ``elsewhere`` (by another process: ask it) or ``nobody`` (no process runs it now); those
    show the table as last stored."""

    id: str
    variant: str
    name: str
    stakes: str
    limit: Literal["fixed", "pot", "no"]
    ranking: Literal["2-7", "a-5", "badugi"]
    game: str
    hand_size: Count
    seats: Count
    humans: Count
    bots: Count
    taken: Count
    hand: Count
    served: Literal["here", "elsewhere", "nobody"] = "here"


class Tables(_Form, kw_only=True):
    """``GET /api/tables``: the wire format's ``version`` and every table."""

    version: int = VERSION
    tables: list[TableSummary]


SEAT_NAME_LENGTH = 20
"""The most characters of a player's name at the reference server (:class:`TakeSeat`)."""


class TakeSeat(_Form, kw_only=True):
    """``POST /api/tables/{id}/seats``: the player's name (1 to :data:`SEAT_NAME_LENGTH`
    printable characters, not beginning or ending with a space: the server checks the rest with
    :func:`lowball.errors.name_text`) and, optionally, the seat (null or left out: the seat
    where the player is dealt in soonest)."""

    player: Annotated[
        str,
        Meta(
            min_length=1,
            max_length=SEAT_NAME_LENGTH,
            description="1 to 20 printable characters, not beginning or ending with a space.",
        ),
    ]
    seat: Union[SeatNo, None] = None


class SeatTaken(_Form, kw_only=True):
    """The answer to a seat taken: the seat ``token`` (send it in ``hello`` and as
    ``Authorization: Bearer``), and when it ``expires`` (seconds on the server's clock)."""

    token: str
    table: str
    seat: SeatNo
    player: str
    expires: float


class Left(_Form, kw_only=True):
    """``POST /api/tables/{id}/leave``: ``chips`` taken away, or null while the hand in
    progress is played out first."""

    left: bool
    chips: Union[Chips, None]


class HttpError(_Form, kw_only=True):
    """Any HTTP error answer: ``error`` in words, ``code`` its kind."""

    error: str
    code: str


# -- tournaments ----------------------------------------------------------------------------------------

TableNo = Annotated[int, Meta(ge=1, description="A tournament's table, by its number (from 1).")]
Place = Annotated[int, Meta(ge=1, description="A place in the tournament: 1 the winner.")]


class _TournamentForm(_Form, tag_field="kind", kw_only=True):
    """An event of a tournament (:class:`lowball.tournament.TournamentEvent`), told apart by its
    ``kind``: ``number`` counts the tournament's events from 1."""

    number: Annotated[int, Meta(ge=1)]


class Registered(_TournamentForm, kw_only=True, tag="registered"):
    """A player entered (``entry`` his entry's number; ``late`` after the start, when he is
    seated at once: ``table`` and ``seat``, else null)."""

    player: str
    entry: Annotated[int, Meta(ge=1)]
    late: bool
    table: Union[TableNo, None] = None
    seat: Union[SeatNo, None] = None


class Seated(_TournamentForm, kw_only=True, tag="seated"):
    """The seat draw at the start gave ``player`` this table and seat (TR 34, 65)."""

    player: str
    table: TableNo
    seat: SeatNo


class LevelUp(_TournamentForm, kw_only=True, tag="level"):
    """Level ``level`` (from 1) and its stakes, from each table's next hand (TR 79)."""

    level: Annotated[int, Meta(ge=1)]
    small_blind: Chips
    big_blind: Chips
    ante: Chips
    big_blind_ante: bool
    small_bet: Chips
    big_bet: Chips


class BreakStarted(_TournamentForm, kw_only=True, tag="break"):
    """A break after level ``after_level``, until ``until`` (seconds on the tournament's clock)."""

    after_level: Annotated[int, Meta(ge=1)]
    until: float


class BreakEnded(_TournamentForm, kw_only=True, tag="break_end"):
    """Play resumes at level ``level``."""

    level: Annotated[int, Meta(ge=1)]


class ChipRace(_TournamentForm, kw_only=True, tag="chip_race"):
    """A colour-up at ``table``: ``chip`` the smallest chip now, ``stacks`` each seat's chips
    after the race (by seat number as text, TR 77)."""

    table: TableNo
    chip: Annotated[int, Meta(ge=1)]
    stacks: dict[str, Chips]


class Moved(_TournamentForm, kw_only=True, tag="moved"):
    """``player`` moved to table ``table``, seat ``seat``: to balance the tables (TR 67), from a
    table broken (TR 66), by a redraw (TR 67c) or to the final table (TR 68)."""

    player: str
    from_table: Union[TableNo, None]
    from_seat: Union[SeatNo, None]
    table: TableNo
    seat: SeatNo
    reason: Literal["balance", "break", "redraw", "final_table"]


class Redrawn(_TournamentForm, kw_only=True, tag="redraw"):
    """Every seat drawn again (TR 67c) at the new ``tables``; ``final``: the final table."""

    tables: list[TableNo]
    players: Count
    final: bool


class TableBroken(_TournamentForm, kw_only=True, tag="table_broken"):
    """Table ``table`` broken (its players moved)."""

    table: TableNo


class FinalTable(_TournamentForm, kw_only=True, tag="final_table"):
    """The final table formed (TR 68): its number and its ``players``."""

    table: TableNo
    players: Count


class HandForHand(_TournamentForm, kw_only=True, tag="hand_for_hand"):
    """Hand-for-hand play begins (``on``) or ends (TR 126)."""

    on: bool


class Rebuy(_TournamentForm, kw_only=True, tag="rebuy"):
    """``player`` rebought ``chips`` (TR 13)."""

    player: str
    chips: Chips


class AddOn(_TournamentForm, kw_only=True, tag="addon"):
    """``player`` took the add-on of ``chips``."""

    player: str
    chips: Chips


class Eliminated(_TournamentForm, kw_only=True, tag="eliminated"):
    """``player`` out in place ``place`` (``shared_with`` players share the places from it, 1:
    none; TR 126b), at ``table`` in round ``hand``."""

    player: str
    place: Place
    shared_with: Annotated[int, Meta(ge=1)]
    table: TableNo
    hand: Count


class Paid(_TournamentForm, kw_only=True, tag="paid"):
    """``player``'s prize for place ``place``: ``amount`` in the ledger's money."""

    player: str
    place: Place
    amount: Chips


class Finished(_TournamentForm, kw_only=True, tag="finished"):
    """The tournament is over: its ``winner`` (null: none), ``entries`` and ``prize_pool``."""

    winner: Union[str, None]
    entries: Count
    prize_pool: Chips


TournamentEvent = Union[
    Registered, Seated, LevelUp, BreakStarted, BreakEnded, ChipRace, Moved, Redrawn, TableBroken, FinalTable,
    HandForHand, Rebuy, AddOn, Eliminated, Paid, Finished,
]  # fmt: skip
"""An event of a tournament, by its ``kind`` (the form of
:class:`lowball.tournament.TournamentEvent`: its ``to_dict()``)."""


class TournamentTable(_Form, kw_only=True):
    """A table of a sit & go: its ``table`` id (as ``/ws/{id}`` takes it) and its players."""

    table: str
    number: TableNo
    players: Count


class TournamentPlace(_Form, kw_only=True):
    """A place given: the player and his prize (in the ledger's money)."""

    place: Place
    player: str
    prize: Chips


class TournamentSeat(_Form, kw_only=True):
    """Where the connection's person is: his table's id and seat (null: not seated, before the
    start or out), ``away`` (blinded off), his place once he has one."""

    player: str
    table: Union[str, None]
    seat: Union[SeatNo, None]
    away: bool
    place: Union[Place, None]


class TournamentState(_Message, kw_only=True, tag="tournament"):
    """The sit & go of ``lowball serve`` (``GET /api/sitgo``, and sent over the WebSocket of its
    tables after every change to it): ``status``, the field (``players`` its size, who has
    ``registered``), the money, the level being played and its stakes, the tables, the places
    given, ``you`` (the connection's person; null: a spectator) and the last ``events``."""

    id: str
    status: Literal["registering", "running", "finished"]
    variant: str
    name: str
    players: Count
    registered: list[str]
    entries: Count
    players_left: Count
    buy_in: Chips
    fee: Chips
    prize_pool: Chips
    places_paid: Count
    level: Annotated[int, Meta(ge=1)]
    small_blind: Chips
    big_blind: Chips
    small_bet: Chips
    big_bet: Chips
    ante: Chips
    on_break: bool
    hand_for_hand: bool
    tables: list[TournamentTable]
    places: list[TournamentPlace]
    you: Union[TournamentSeat, None]
    events: list[TournamentEvent]


ServerMessage = Union[Welcome, Events, State, Ack, Error, Pong, TournamentState]
"""What the server sends over the WebSocket (with ``batch``, a frame may hold a JSON array of
them)."""


class SitAndGoRegister(_Form, kw_only=True):
    """``POST /api/sitgo/register``: the person's name (as :class:`TakeSeat`'s ``player``)."""

    player: Annotated[
        str,
        Meta(
            min_length=1,
            max_length=SEAT_NAME_LENGTH,
            description="1 to 20 printable characters, not beginning or ending with a space.",
        ),
    ]


class SitAndGoEntry(_Form, kw_only=True):
    """``POST /api/sitgo/register``: the person's ``token`` (it holds his seat at whichever table
    of the sit & go he plays: send it in ``hello`` there) and when it ``expires``."""

    token: str
    player: str
    expires: float


SCHEMA_TYPES: dict[str, Any] = {
    "Action": Action,
    "LegalActions": LegalActions,
    "PlayerView": PlayerView,
    "SeatInfo": SeatInfo,
    "TableView": TableView,
    "TableEvent": TableEvent,
    "ActResult": ActResult,
    "HandResult": HandResult,
    "DrawTable": DrawTable,
    "Equity": Equity,
    "PlayerEquity": PlayerEquity,
    "ClientMessage": ClientMessage,
    "ServerMessage": ServerMessage,
    "Tables": Tables,
    "TakeSeat": TakeSeat,
    "SeatTaken": SeatTaken,
    "Left": Left,
    "HttpError": HttpError,
    "TournamentEvent": TournamentEvent,
    "TournamentState": TournamentState,
    "SitAndGoRegister": SitAndGoRegister,
    "SitAndGoEntry": SitAndGoEntry,
}
"""Each shipped schema's name (``lowball/schemas/<name>.schema.json``) and its form."""

# -- library objects to and from their forms ------------------------------------------------------------

_TEXT = [format_cards([_Card(i)]) for i in range(52)]
_CARD = {t: _Card(i) for i, t in enumerate(_TEXT)}


def card_texts(cards: Iterable[int]) -> list[str]:
    """Cards as the wire writes them: ``["7s", "5h"]``."""
    return [_TEXT[c] for c in cards]


_texts = card_texts


def _cards(texts: list[str]) -> tuple[_Card, ...]:
    return tuple(_CARD[t] for t in texts)


def _legal(legal: _LegalActions | None) -> LegalActions | None:
    if legal is None:
        return None
    return LegalActions(
        position=legal.position,
        phase=legal.phase,
        fold=legal.fold,
        check=legal.check,
        call=legal.call,
        call_amount=legal.call_amount,
        bet=legal.bet,
        raise_=legal.raise_,
        min_to=legal.min_to,
        max_to=legal.max_to,
        draw=legal.draw,
        max_discards=legal.max_discards,
        show=legal.show,
        muck=legal.muck,
    )


_NO_DATA = NoData()


def _table_event(e: _TableEvent, description: str | None = None) -> Any:
    """The form of a table event: its kind's (:data:`TABLE_EVENT_FORMS`), its ``data`` read by
    that kind's data form.

    Raises
    ------
    WireError
        For a kind without a form, or data that is not its kind's (naming it).
    """
    form = TABLE_EVENT_FORMS.get(e.kind)
    if form is None:
        raise WireError("kind", e.kind, f"a table event kind: {', '.join(TABLE_EVENT_FORMS)}")
    data_form = _DATA_FORMS.get(e.kind)
    if data_form is None:
        if e.data:
            name = next(iter(e.data))
            raise WireError(f"data.{name}", _thaw(e.data[name]), _no_data({"kind": e.kind}))
        data: Any = _NO_DATA
    else:
        try:
            data = msgspec.convert(e.data, data_form, str_keys=True)
        except msgspec.ValidationError as problem:
            bad = _wire_error(str(problem), json.dumps(_thaw(e.data)), data_form)
            raise WireError(f"data.{bad.path}" if bad.path else "data", bad.value, bad.expected) from None
    return form(
        number=e.number,
        seq=e.seq,
        hand=e.hand,
        seat=e.seat,
        player=e.player,
        amount=e.amount,
        cards=_texts(e.cards),
        discarded=_texts(e.discarded),
        count=e.count,
        hand_class=e.hand_class,
        pot=e.pot,
        data=data,
        sitting=e.sitting,
        description=description,
    )


def _thaw(value: Any) -> Any:
    """A table event's read-only data as plain dicts and lists (for the text of an error)."""
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_thaw(v) for v in value]
    return value


def event_kind(form: TableEventBase) -> str:
    """The ``kind`` of a table event's form (the tag of its class: not a field of the struct)."""
    return str(type(form).__struct_config__.tag)


def _player_view(v: _PlayerView) -> PlayerView:
    return PlayerView(
        position=v.position,
        variant=v.variant,
        phase=v.phase,
        betting_round=v.betting_round,
        draw_round=v.draw_round,
        actor=v.actor,
        button=v.button,
        stacks=list(v.stacks),
        bets=list(v.bets),
        pot_total=v.pot_total,
        folded=list(v.folded),
        all_in=list(v.all_in),
        hand=_texts(v.hand),
        hand_sizes=list(v.hand_sizes),
        drawn=[list(d) for d in v.drawn],
        shown={p: _texts(c) for p, c in v.shown.items()},
        legal=_legal(v.legal),
        winnings=list(v.winnings),
        mucked=list(v.mucked),
        events=[
            Event(
                kind=e.kind,
                position=e.position,
                amount=e.amount,
                cards=_texts(e.cards),
                discarded=_texts(e.discarded),
                number=e.number,
                hand_class=e.hand_class,
                pot=e.pot,
            )
            for e in v.events
        ],
    )


def _seat_info(s: _SeatInfo | None) -> SeatInfo | None:
    if s is None:
        return None
    return SeatInfo(
        seat=s.seat,
        player=s.player,
        chips=s.chips,
        status=s.status,  # type: ignore[arg-type]
        in_hand=s.in_hand,
        missed_small=s.missed_small,
        missed_big=s.missed_big,
        post=s.post,
        leaving=s.leaving,
        timeouts=s.timeouts,
        time_bank=s.time_bank,
        chips_to_add=s.chips_to_add,
        sitting=s.sitting,
        kill=s.kill,
    )


# to_wire of the library's own classes (not their subclasses: those take the search below), by
# the exact type: a server calls it for every event and every legal-actions it sends
_TO_WIRE: dict[type, Callable[[Any], Any]] = {
    _LegalActions: _legal,
    _TableEvent: _table_event,
    _SeatInfo: _seat_info,
    _PlayerView: _player_view,
}


def to_wire(obj: Any) -> Any:
    """The wire form (a struct of this module) of a library object; a struct is returned as it
    is. A :class:`~lowball.odds.DiscardTable` is taken as :meth:`~lowball.odds.DiscardTable.to_dict`
    gives it (call that with the table's ``dead``, ``vs``, ``target``, and give its dict).

    Raises
    ------
    InvalidTypeError
        For an object that has no wire form.
    """
    convert = _TO_WIRE.get(type(obj))
    if convert is not None:  # the objects a server sends at every action: no search of the kinds
        return convert(obj)
    from lowball.errors import InvalidTypeError
    from lowball.odds import Equity as _Equity
    from lowball.odds import PlayerEquity as _PlayerEquity

    if isinstance(obj, _Form):
        return obj
    if isinstance(obj, _Action):
        return Action(kind=obj.kind, amount=obj.amount, cards=_texts(obj.cards))  # type: ignore[arg-type]
    if isinstance(obj, _LegalActions):
        return _legal(obj)
    if isinstance(obj, _TableEvent):
        return _table_event(obj)
    if isinstance(obj, _SeatInfo):
        return _seat_info(obj)
    if isinstance(obj, _PlayerView):
        return _player_view(obj)
    if isinstance(obj, _TableView):
        return TableView(
            seat=obj.seat,
            seq=obj.seq,
            hand_number=obj.hand_number,
            button=obj.button,
            small_blind=obj.small_blind,
            big_blind=obj.big_blind,
            seats=[_seat_info(s) for s in obj.seats],
            seats_by_position=list(obj.seats_by_position),
            actor=obj.actor,
            deadline=obj.deadline,
            hand=None if obj.hand is None else _player_view(obj.hand),
            legal=_legal(obj.legal),
        )
    if isinstance(obj, _ActResult):
        return ActResult(
            seq=obj.seq,
            seat=obj.seat,
            kind=obj.kind,
            events=[_table_event(e) for e in obj.events],
            repeated=obj.repeated,
        )
    if isinstance(obj, _PlayerEquity):
        return PlayerEquity(**{f: getattr(obj, f) for f in PlayerEquity.__struct_fields__})
    if isinstance(obj, _Equity):
        return Equity(
            players=[to_wire(p) for p in obj.players],
            exact=obj.exact,
            trials=obj.trials,
            draws=obj.draws,
            discards=None if obj.discards is None else [_texts(d) for d in obj.discards],
            reshuffles=obj.reshuffles,
            seed=obj.seed,
            partial=obj.partial,
        )
    if isinstance(obj, dict) and "rows" in obj and "hand" in obj:
        return msgspec.convert(obj, DrawTable)
    if isinstance(obj, _tournament_event_class()):
        return tournament_form(obj)
    raise InvalidTypeError(f"{type(obj).__name__}: no wire form (see lowball.wire.SCHEMA_TYPES)")


def from_wire(form: Any) -> Any:
    """The library object of a wire form (:func:`to_wire` undone); a form that is the server's
    own (:class:`HandResult`, :class:`DrawTable`, a message) is returned as it is.

    Raises
    ------
    WireError
        For a card text or action that the library refuses (naming the field).
    """
    from lowball.odds import Equity as _Equity
    from lowball.odds import PlayerEquity as _PlayerEquity

    if isinstance(form, Action):
        return _action(form, "")
    if isinstance(form, LegalActions):
        return _LegalActions(*(getattr(form, f) for f in _LegalActions._fields))
    if isinstance(form, TableEventBase):
        data = {} if type(form.data) is NoData else msgspec.to_builtins(form.data)
        return _TableEvent(
            form.number, form.seq, form.hand, event_kind(form), form.seat, form.player, form.amount,
            _cards(form.cards), _cards(form.discarded), form.count, form.hand_class, form.pot, data,
            form.sitting,
        )  # fmt: skip
    if isinstance(form, SeatInfo):
        return _SeatInfo(*(getattr(form, f) for f in SeatInfo.__struct_fields__))
    if isinstance(form, PlayerView):
        return _PlayerView(
            form.position, form.variant, form.phase, form.betting_round, form.draw_round, form.actor, form.button,
            tuple(form.stacks), tuple(form.bets), form.pot_total, tuple(form.folded), tuple(form.all_in),
            _cards(form.hand), tuple(form.hand_sizes), tuple(tuple(d) for d in form.drawn),
            {p: _cards(c) for p, c in form.shown.items()}, None if form.legal is None else from_wire(form.legal),
            tuple(form.winnings), tuple(form.mucked),
            tuple(_engine_event(e) for e in form.events),
        )  # fmt: skip
    if isinstance(form, TableView):
        return _TableView(
            form.seat, form.seq, form.hand_number, form.button, form.small_blind, form.big_blind,
            tuple(None if s is None else from_wire(s) for s in form.seats), tuple(form.seats_by_position),
            form.actor, form.deadline, None if form.hand is None else from_wire(form.hand),
            None if form.legal is None else from_wire(form.legal),
        )  # fmt: skip
    if isinstance(form, ActResult):
        return _ActResult(form.seq, form.seat, form.kind, tuple(from_wire(e) for e in form.events), form.repeated)
    if isinstance(form, PlayerEquity):
        return _PlayerEquity(*(getattr(form, f) for f in PlayerEquity.__struct_fields__))
    if isinstance(form, _TournamentForm):
        data = msgspec.to_builtins(form)
        del data["kind"]
        return _tournament_event_class()(data.pop("number"), form.__struct_config__.tag, data)
    if isinstance(form, Equity):
        return _Equity(
            tuple(from_wire(p) for p in form.players), form.exact, form.trials, form.draws,
            None if form.discards is None else tuple(_cards(d) for d in form.discards),
            form.reshuffles, form.seed, form.partial,
        )  # fmt: skip
    return form


@cache
def _tournament_event_class() -> Any:
    from lowball.tournament import TournamentEvent as _TournamentEvent

    return _TournamentEvent


def tournament_form(event: Any) -> Any:
    """The form (one of :data:`TournamentEvent`'s) of a :class:`lowball.tournament.TournamentEvent`.

    Raises
    ------
    WireError
        For an event whose data does not match its kind's form (naming the field).
    """
    data = event.to_dict()
    try:
        return msgspec.convert(data, TournamentEvent)
    except msgspec.ValidationError as e:
        raise _wire_error(str(e), json.dumps(data), TournamentEvent) from None


def _engine_event(e: Event) -> _Event:
    return _Event(e.kind, e.position, e.amount, _cards(e.cards), _cards(e.discarded), e.number, e.hand_class, e.pot)


def action_of(form: Action, where: str = "") -> _Action:
    """The library's :class:`~lowball.engine.Action` of an Action form: ``where`` is the path of
    the form in its message (``"action"`` in an act message), for the error.

    Raises
    ------
    WireError
        For card text that is not cards, an amount other than a bet's or a raise's, or cards
        other than a discard's.
    """
    return _action(form, where)


def _action(form: Action, where: str) -> _Action:
    """The library's Action of an Action form (``where``: the path of the form in its message)."""
    at = f"{where}." if where else ""
    cards: Any = form.cards
    kind = form.kind
    if isinstance(cards, str):
        try:
            cards = parse_cards(cards) if cards.strip() else ()
        except InvalidCardError as e:
            raise WireError(f"{at}cards", cards, f"card text such as 'Kd Qs', or a list of cards ({e})") from None
    elif cards:
        cards = _cards(cards)
    if form.amount and form.kind not in ("bet", "raise"):
        raise WireError(f"{at}amount", form.amount, f"0 (only a bet or raise has an amount, not a {form.kind})")
    if cards and form.kind not in ("discard", "stand_pat"):
        raise WireError(f"{at}cards", form.cards, f"no cards (only a discard has cards, not a {form.kind})")
    if cards and form.kind == "stand_pat":
        raise WireError(f"{at}cards", form.cards, "no cards (stand_pat throws none: a discard throws cards)")
    return _Action("discard" if kind == "stand_pat" else kind, form.amount, tuple(cards))


# -- encoding and decoding ------------------------------------------------------------------------------

_encoder = msgspec.json.Encoder()
_T = TypeVar("_T")


def encode(obj: Any) -> bytes:
    """The JSON (UTF-8 bytes, compact) of a library object or a wire form (see :func:`to_wire`);
    text that is not valid Unicode (a lone surrogate a client sent, echoed) is written escaped.

    Raises
    ------
    InvalidTypeError
        For an object that has no wire form.
    """
    form = obj if isinstance(obj, _Form) else to_wire(obj)
    try:
        return _encoder.encode(form)
    except UnicodeEncodeError:
        return json.dumps(msgspec.to_builtins(form), separators=(",", ":")).encode()


def encode_text(obj: Any) -> str:
    """:func:`encode` as text (what a WebSocket text frame carries)."""
    return encode(obj).decode()


_UNIONS = (ClientMessage, ServerMessage, TableEvent, TournamentEvent)


@cache
def _odds_forms() -> dict[Any, Any]:
    from lowball.odds import Equity as _Equity
    from lowball.odds import PlayerEquity as _PlayerEquity

    return {_Equity: Equity, _PlayerEquity: PlayerEquity}


_LIBRARY = {
    _Action: Action,
    _LegalActions: LegalActions,
    _TableEvent: TableEvent,
    _SeatInfo: SeatInfo,
    _PlayerView: PlayerView,
    _TableView: TableView,
    _ActResult: ActResult,
}


@cache
def _decoder(form: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(form)


def decode(data: bytes | str, kind: Any) -> Any:
    """The object that the JSON ``data`` is the form of: ``kind`` is a library class (the
    library's object comes back), a wire form of this module (that form comes back) or
    :data:`ClientMessage` / :data:`ServerMessage` (the message, by its ``type``).

    Raises
    ------
    WireError
        For JSON that does not match the form: ``path`` names the field (``"action.amount"``,
        ``"seats[2].chips"``; ``""`` the whole text), ``value`` the value found there
        (:data:`~lowball.errors.MISSING` for a field left out), ``expected`` what the form wants.
        Nothing else is changed.
    """
    form: Any = _LIBRARY.get(kind)
    if form is None and kind is _tournament_event_class():
        form = TournamentEvent
    if form is None:
        form = kind if kind in _UNIONS or (isinstance(kind, type) and issubclass(kind, Struct)) else None
    if form is None:  # the odds' results (lowball.odds imported only for them)
        form = _odds_forms().get(kind, kind)
    try:
        value = _decoder(form).decode(data)
    except msgspec.ValidationError as e:
        raise _wire_error(str(e), data, form) from None
    except msgspec.DecodeError as e:
        try:  # JSON that msgspec does not read: text with a lone surrogate ("\ud800") escaped
            doc = json.loads(data)
        except (ValueError, RecursionError):
            raise WireError("", _short_text(data), f"JSON ({e})") from None
        try:
            value = _convert(doc, form)
        except msgspec.ValidationError as e:
            raise _wire_error(str(e), data, form) from None
    if form is Act or (form is ClientMessage and type(value) is Act):
        _action(value.action, "action")  # checked: its cards are cards, its amount a bet's or a raise's
    return value if form is kind else from_wire(value)


def _convert(doc: Any, form: Any) -> Any:
    """``doc`` (parsed JSON) as ``form``. Text with a lone surrogate, which msgspec cannot read,
    is refused (WireError naming the field: a name or a token is never changed), but in a
    message's ``id`` (free text, echoed as it came): that is read with U+FFFD in its place, then
    put back."""
    clean = _no_surrogates(doc)
    if clean is not doc:
        where = _surrogate_at(doc)
        if where is not None:  # text kept (a name, a token): refused, never changed
            path, text = where
            bad = next(c for c in text if _SURROGATE.match(c))
            raise WireError(
                path, text, f"valid Unicode text (U+{ord(bad):04X} is half of a UTF-16 pair, not a character)"
            )
    value = msgspec.convert(clean, form)
    if clean is not doc and isinstance(doc, dict) and isinstance(value, _Message) and "id" in doc:
        setattr(value, "id", doc["id"])  # noqa: B010 (every message has an id; _Message does not declare it)
    return value


def _no_surrogates(doc: Any) -> Any:
    """``doc`` with every lone surrogate of its text replaced by U+FFFD (``doc`` itself if none)."""
    if isinstance(doc, str):
        return doc.encode("utf-8", "surrogatepass").decode("utf-8", "replace") if _SURROGATE.search(doc) else doc
    if isinstance(doc, list):
        items = [_no_surrogates(v) for v in doc]
        return doc if all(a is b for a, b in zip(items, doc)) else items
    if isinstance(doc, dict):
        pairs = [(_no_surrogates(k), _no_surrogates(v)) for k, v in doc.items()]
        same = all(k2 is k and v2 is v for (k2, v2), (k, v) in zip(pairs, doc.items()))
        return doc if same else dict(pairs)
    return doc


_SURROGATE = re.compile("[\ud800-\udfff]")


def _surrogate_at(doc: Any, path: str = "") -> tuple[str, str] | None:
    """The path and the text of the first text of ``doc`` (parsed JSON) that holds a lone
    surrogate, but a message's ``id`` (free text, echoed as it came), or None."""
    if isinstance(doc, str):
        return (path, doc) if _SURROGATE.search(doc) else None
    items: Iterable[tuple[str, Any]]
    if isinstance(doc, dict):
        for k in doc:
            if isinstance(k, str) and _SURROGATE.search(k):
                return (f"{path}.{k}" if path else k, k)
        items = ((f"{path}.{k}" if path else str(k), v) for k, v in doc.items() if path or k != "id")
    elif isinstance(doc, list):
        items = ((f"{path}[{i}]", v) for i, v in enumerate(doc))
    else:
        return None
    for at, v in items:
        found = _surrogate_at(v, at)
        if found is not None:
            return found
    return None


def _short_text(data: bytes | str) -> str:
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    return text if len(text) <= 40 else text[:37] + "..."


_AT = re.compile(r" - at `(?:key` in `)?\$(.*)`$")  # a dict's key: the dict's path
_STEP = re.compile(r"\.([A-Za-z_][A-Za-z_0-9]*)|\[(\d+)\]|\[(?:'|\")(.*?)(?:'|\")\]")


def _wire_error(message: str, data: bytes | str, form: Any) -> WireError:
    """The :class:`WireError` of msgspec's ``message`` about ``data`` decoded as ``form``."""
    m = _AT.search(message)
    where = m.group(1) if m else ""
    text = message[: m.start()] if m else message
    steps: list[str | int] = []
    for s in _STEP.finditer(where):
        steps.append(s.group(1) if s.group(1) is not None else int(s.group(2)) if s.group(2) else s.group(3))
    try:
        doc: Any = json.loads(data)
    except ValueError:
        doc = MISSING
    value = doc
    for step in steps:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            value = MISSING
            break
    path = where.lstrip(".")
    owner = _owner(form, doc, steps)
    missing = re.match(r"Object missing required field `(.*)`", text)
    if missing:
        name = missing.group(1)
        needed = [f for f in _required(owner) if not (isinstance(value, dict) and f in value)] if owner else [name]
        union = _union_at(form, doc, steps)
        if union is not None and name == _tag_field(union):
            return WireError(f"{path}.{name}" if path else name, MISSING, _tag_words(union))
        what = f"{' and '.join(needed)} in {_what(owner)}" if owner else f"the field {name}"
        return WireError(f"{path}.{name}" if path else name, MISSING, what)
    unknown = re.match(r"Object contains unknown field `(.*)`", text)
    if unknown:
        name = unknown.group(1)
        got = value.get(name, MISSING) if isinstance(value, dict) else MISSING
        if owner is NoData:
            return WireError(f"{path}.{name}" if path else name, got, _no_data(_at(doc, steps[:-1])))
        fields = ", ".join(_encode_names(owner)) if owner else ""
        return WireError(
            f"{path}.{name}" if path else name, got, f"no field {name!r} in {_what(owner)} (its fields: {fields})"
        )
    union = _union_at(form, doc, steps[:-1]) if steps else None
    if (
        union is not None
        and steps[-1] == _tag_field(union)
        and (text.startswith("Invalid value") or text.startswith("Expected `str`"))
    ):
        return WireError(path, value, _tag_words(union))
    if text.startswith("Invalid enum value"):
        choices = _choices(_owner(form, doc, steps[:-1]), steps[-1] if steps else None)
        if choices:
            return WireError(path, value, f"one of {', '.join(choices)}")
    if re.search(r"cards\[\d+\]$", path):
        return WireError(path, value, _expected("Expected `str` matching regex '^[2-9TJQKA][cdhs]$'"))
    parent = _owner(form, doc, steps[:-1]) if steps else None
    words = _FIELD_WORDS.get((parent.__name__ if parent else None, steps[-1] if steps else None)) or _expected(text)
    if isinstance(value, str) and text.startswith("Expected `str` of length"):
        words += f" (it has {len(value)})"  # a long text is shown cut short: say how long it is
    return WireError(path, value, words)


_FIELD_WORDS: dict[tuple[Any, Any], str] = {
    ("Act", "seq"): "the table's action number (a whole number)",
    ("TakeSeat", "player"): f"a name of 1 to {SEAT_NAME_LENGTH} printable characters",
    ("TakeSeat", "seat"): "a seat number from 0, or null (the seat where the player is dealt in soonest)",
}


def _at(doc: Any, steps: list[str | int]) -> Any:
    """The part of ``doc`` (parsed JSON) at ``steps`` (None where there is none)."""
    for step in steps:
        doc = doc[step] if _has(doc, step) else None
    return doc


def _no_data(event: Any) -> str:
    """What the ``data`` of an event that carries none must be (``event``: its parsed JSON)."""
    kind = event.get("kind") if isinstance(event, dict) else None
    what = f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind} event" if isinstance(kind, str) else "this event"
    return f"no data: {what} carries none"


def _choices(owner: Any, name: Any) -> list[str]:
    """The values a Literal field ``name`` of the struct ``owner`` may take (none: not one)."""
    if owner is None or not isinstance(name, str):
        return []
    t = _field_type(owner, name)
    while getattr(t, "__metadata__", None) is not None:
        t = t.__origin__
    if getattr(t, "__origin__", None) is Union:
        t = next((a for a in t.__args__ if getattr(a, "__origin__", None) is Literal), None)
    return [str(a) for a in t.__args__] if getattr(t, "__origin__", None) is Literal else []


def _owner(form: Any, doc: Any, steps: list[str | int]) -> Any:
    """The struct type at ``steps`` of ``form`` (unions resolved by ``doc``'s ``type``), or None."""
    t = _resolve(form, doc)
    node = doc
    for step in steps:
        node = node[step] if _has(node, step) else None
        if isinstance(t, type) and issubclass(t, Struct) and isinstance(step, str):
            t = _field_type(t, step)
        elif getattr(t, "__origin__", None) in (list, dict) and t.__args__:
            t = t.__args__[-1]
        else:
            return None
        t = _resolve(t, node)
    return t if isinstance(t, type) and issubclass(t, Struct) else None


def _has(node: Any, step: str | int) -> bool:
    if isinstance(node, dict):
        return step in node
    return isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node)


def _resolve(t: Any, node: Any) -> Any:
    """``t`` with Annotated taken off and a union resolved: to the struct whose tag ``node``'s
    ``type`` names, to its one struct or its one list."""
    while getattr(t, "__metadata__", None) is not None:
        t = t.__origin__
    args = getattr(t, "__args__", None)
    if getattr(t, "__origin__", None) is Union and args:
        args = [_resolve(a, None) for a in args]
        structs = [a for a in args if isinstance(a, type) and issubclass(a, Struct)]
        if isinstance(node, dict):
            for a in structs:
                config = a.__struct_config__
                if config.tag_field is not None and config.tag == node.get(config.tag_field):
                    return a
        if len(structs) == 1:
            return structs[0]
        lists = [a for a in args if getattr(a, "__origin__", None) is list]
        return lists[0] if len(lists) == 1 and isinstance(node, list) else None
    return t


def _field_type(t: Any, name: str | int) -> Any:
    hints = msgspec.structs.fields(t)
    for f in hints:
        if f.encode_name == name:
            return f.type
    return None


def _required(t: Any) -> list[str]:
    return [f.encode_name for f in msgspec.structs.fields(t) if f.required]


def _encode_names(t: Any) -> list[str]:
    return [f.encode_name for f in msgspec.structs.fields(t)]


def _what(t: Any) -> str:
    if t is None:
        return "the object"
    tag = t.__struct_config__.tag
    if isinstance(tag, str) and issubclass(t, _Message):
        return f"{'an' if tag[0] in 'aeiou' else 'a'} {tag} message"
    if isinstance(tag, str) and issubclass(t, TableEventBase):
        return f"{'an' if tag[0] in 'aeiou' else 'a'} {tag} event"
    return f"{'an' if t.__name__[0] in 'AEIOU' else 'a'} {t.__name__}"


def _union_at(form: Any, doc: Any, steps: list[str | int]) -> Any:
    """The tagged union (or tagged struct) whose object is at ``steps`` of ``form``, or None."""
    t: Any = form
    node = doc
    for step in steps:
        t = _resolve(t, node)
        node = node[step] if _has(node, step) else None
        if isinstance(t, type) and issubclass(t, Struct) and isinstance(step, str):
            t = _field_type(t, step)
        elif getattr(t, "__origin__", None) in (list, dict) and t.__args__:
            t = t.__args__[-1]
        else:
            return None
    while getattr(t, "__metadata__", None) is not None:
        t = t.__origin__
    return t if _tag_field(t) is not None else None


def _tag_field(t: Any) -> str | None:
    """The tag field of a tagged union or struct (``type``, ``kind``), or None."""
    args = getattr(t, "__args__", None) if getattr(t, "__origin__", None) is Union else (t,)
    for a in args or ():
        if isinstance(a, type) and issubclass(a, Struct) and a.__struct_config__.tag_field is not None:
            return str(a.__struct_config__.tag_field)
    return None


def _tag_words(union: Any) -> str:
    """What the tag of ``union`` may be, in words."""
    tags = ", ".join(_tags(union))
    return f"a message type: {tags}" if _tag_field(union) == "type" else f"one of {tags}"


def _tags(form: Any) -> list[str]:
    args = getattr(form, "__args__", None) or (form,)
    return [str(a.__struct_config__.tag) for a in args if isinstance(a, type) and issubclass(a, Struct)]


_WORDS = {
    "int": "a whole number",
    "str": "text",
    "bool": "true or false",
    "float": "a number",
    "array": "a list",
    "object": "an object",
    "null": "null",
}


def _expected(text: str) -> str:
    """msgspec's wording of what it expected, in the project's words."""
    m = re.match(r"Expected `int` >= (-?\d+)$", text)
    if m:
        return f"a whole number {m.group(1)} or more"
    m = re.match(r"Expected `int` <= (-?\d+)$", text)
    if m:
        return f"a whole number {m.group(1)} or less"
    m = re.match(r"Expected `str` of length (>=|<=) (\d+)$", text)
    if m:
        return f"text of {m.group(2)} or {'more' if m.group(1) == '>=' else 'fewer'} characters"
    if text.startswith("Expected `str` matching regex '^[0-9]+$'"):
        return "keys that are seat numbers as text ('0', '1', ...)"
    if text.startswith("Expected `str` matching regex '^[2-9TJQKA][cdhs]$'"):
        return "a card such as '7s' (rank 2-9, T, J, Q, K, A, then suit c, d, h, s)"
    m = re.match(r"Expected `(.*?)`, got `(.*?)`$", text)
    if m:
        wants = [_WORDS.get(w.strip(), w.strip()) for w in m.group(1).split("|")]
        return " or ".join(wants)
    if text.startswith("Number out of range"):
        return "a number within range"
    m = re.match(r"Invalid enum value (.*)$", text)
    if m:
        return "one of the values its schema lists"
    return text[0].lower() + text[1:] if text else "what the schema says"


# -- a hand's result ----------------------------------------------------------------------------------


def hand_result(events: Iterable[_TableEvent], ranking: Any, hand: int = 0) -> HandResult:
    """The result of one hand (:class:`HandResult`) from its public table events (as
    :meth:`Table.events_for <lowball.table.Table.events_for>` gives a spectator): each ``show``
    with its cards sorted as a low is read in ``ranking`` and described, each ``win`` with the
    description of the hand that won it (null: won without a showdown)."""
    result = HandResult(hand=hand)
    for e in events:
        add_to_result(result, e, ranking)
    return result


def add_to_result(result: HandResult, e: _TableEvent, ranking: Any) -> None:
    """Add one event of the hand to ``result`` (a ``hand_start`` or ``hand_end`` sets its hand
    number; a ``show`` with cards and a ``win`` add a line)."""
    if e.kind in ("hand_start", "hand_end"):
        result.hand = e.hand
    elif e.kind == "show" and e.cards:
        result.shown.append(
            ShownHand(
                seat=e.seat,
                player=e.player,
                cards=_texts(sorted_hand(e.cards, ranking)),
                description=describe(e.hand_class, ranking) if e.hand_class else None,
            )
        )
    elif e.kind == "win":
        said = {s.seat: s.description for s in result.shown}
        result.winners.append(Winner(seat=e.seat, player=e.player, amount=e.amount, description=said.get(e.seat)))


# -- the schemas ----------------------------------------------------------------------------------------

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def schemas() -> dict[str, dict[str, Any]]:
    """Every schema, made from the forms (what ``tools/gen_schemas.py`` writes into
    ``lowball/schemas/``): name to JSON Schema (draft 2020-12), each self-contained
    (``$defs``)."""
    out = {}
    for name, form in SCHEMA_TYPES.items():
        body = msgspec.json.schema(form)
        doc: dict[str, Any] = {
            "$schema": DIALECT,
            "$id": SCHEMA_ID.format(version=VERSION, name=name),
            "title": name,
        }
        if "$ref" in body and name in body.get("$defs", {}):
            doc["$ref"] = body["$ref"]
        else:
            doc.update({k: v for k, v in body.items() if k != "$defs"})
        doc["$defs"] = body.get("$defs", {})
        out[name] = doc
    return out


def schema_names() -> list[str]:
    """The names of the shipped schemas (:data:`SCHEMA_TYPES`)."""
    return list(SCHEMA_TYPES)


def schema(name: str) -> dict[str, Any]:
    """The shipped JSON Schema ``name`` (``"TableView"``, ``"ServerMessage"``, ...), read from
    the package's ``schemas/<name>.schema.json``.

    Raises
    ------
    InvalidValueError
        For a name that is not one of :func:`schema_names`.
    """
    from lowball.errors import InvalidValueError, shown

    if name not in SCHEMA_TYPES:
        raise InvalidValueError(f"schema {shown(name)}: expected one of {', '.join(SCHEMA_TYPES)}")
    text = resources.files("lowball").joinpath("schemas", f"{name}.schema.json").read_text("utf-8")
    return dict(json.loads(text))

"""What a hand tells: its phases, its events (one vocabulary of event kinds), the legal actions
of the player to act and what one player may see.

Every kind of event a hand records is named here once (:data:`EVENT_KINDS`), and so are the
kinds whose cards only their own player may see (:data:`SECRET_KINDS`: the deal and the draw):
the engine (:meth:`Event.hidden_for`, :meth:`HandState.view <lowball.engine.HandState.view>`),
the saved hand (:mod:`lowball.saving`), the table (:class:`~lowball.table.TableEvent`) and the
server read them from here.

>>> from lowball.engine.records import SECRET_KINDS, Event
>>> sorted(SECRET_KINDS)
['deal', 'draw']
>>> Event("draw", 1, cards=(0, 1), discarded=(50, 51), number=2).hidden_for(0)
Event(kind='draw', position=1, amount=0, cards=(), discarded=(), number=2, hand_class=0, pot=0)
>>> who(3)
'position 3 (p4)'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from lowball.cards import Card, format_cards, parse_cards
from lowball.errors import LowballError, shown

__all__ = [
    "BETTING",
    "DRAWING",
    "SHOWDOWN",
    "COMPLETE",
    "PHASES",
    "EVENT_KINDS",
    "SECRET_KINDS",
    "BETTING_KINDS",
    "WAGER_KINDS",
    "Event",
    "LegalActions",
    "PlayerView",
    "who",
]

BETTING = "betting"
DRAWING = "drawing"
SHOWDOWN = "showdown"
COMPLETE = "complete"
PHASES = (BETTING, DRAWING, SHOWDOWN, COMPLETE)
"""The phases of a hand, in the order a hand goes through them."""

EVENT_KINDS = frozenset(
    (
        "ante",
        "blind",
        "dead_blind",
        "deal",
        "fold",
        "check",
        "call",
        "bet",
        "raise",
        "draw",
        "stand_pat",
        "return",
        "show",
        "muck",
        "win",
        "round",
        "draw_round",
    )
)
"""Every kind of :class:`Event` a hand records (see :class:`Event`)."""
SECRET_KINDS = frozenset(("deal", "draw"))
"""The kinds of event whose cards only their own player may see (the count stays)."""
BETTING_KINDS = frozenset(("fold", "check", "call", "bet", "raise"))
"""The kinds of event of a decision in a betting round."""
WAGER_KINDS = frozenset(("bet", "raise"))
"""The kinds of event of a bet or a raise (an aggressor's)."""


def who(position: int) -> str:
    """How every message names a player: ``position 3 (p4)`` (the PHH player name is the
    position + 1)."""
    return f"position {position} (p{position + 1})"


class Event(NamedTuple):
    """One thing that happened in a hand, in order, for a server to forward.

    ``kind`` is one of ``ante``, ``blind``, ``dead_blind`` (a missed small blind made up:
    dead chips, see :class:`~lowball.engine.Posts`), ``deal`` (hole cards), ``fold``, ``check``, ``call``,
    ``bet``, ``raise`` (``amount`` = the wager *to*), ``draw`` (``discarded`` cards thrown and
    ``cards`` received; ``number`` = how many), ``stand_pat``, ``return`` (an uncalled bet given
    back), ``show`` (``cards`` and ``hand_class``, the class under the variant's ranking),
    ``muck`` (a hand given up unseen at the showdown: no cards), ``win`` (``amount`` from pot
    ``pot``; ``hand_class`` 0 when the pot was won without a shown hand),
    ``round`` (a betting round begins: ``number`` = its number, 1-based) and ``draw_round``.
    ``position`` is the player's position (None for table events). Amounts are chips. An immutable named tuple
    (cheap to make: the engine records one per action).
    """

    kind: str
    position: int | None = None
    amount: int = 0
    cards: tuple[Card, ...] = ()
    discarded: tuple[Card, ...] = ()
    number: int = 0
    hand_class: int = 0
    pot: int = 0

    def hidden_for(self, position: int | None) -> Event:
        """This event as the player at ``position`` may see it: others' dealt, drawn and
        discarded cards removed (the count stays). ``position=None`` is a spectator."""
        if self.position == position or self.kind not in SECRET_KINDS:
            return self
        # Event(...) field by field, built straight from a tuple (as the engine makes its events)
        return tuple.__new__(Event, (self.kind, self.position, self.amount, (), (), self.number, 0, self.pot))

    def to_dict(self) -> dict[str, Any]:
        d = self._asdict()
        d["cards"] = format_cards(self.cards)
        d["discarded"] = format_cards(self.discarded)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        """The event of a :meth:`to_dict` result (its fields are not checked here; a saved
        hand's events are, by :func:`lowball.saving.from_dict`).

        Raises
        ------
        LowballError
            For data that is not an event's dict.
        """
        try:
            return cls._from_dict(d)
        except LowballError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise LowballError(f"not an event: {shown(e)}") from None

    @classmethod
    def _from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(
            d["kind"],
            d["position"],
            d["amount"],
            parse_cards(d["cards"]),
            parse_cards(d["discarded"]),
            d["number"],
            d["hand_class"],
            d["pot"],
        )


class LegalActions(NamedTuple):
    """What the player to act may do now.

    Betting: ``fold``, ``check`` and ``call`` (``call_amount`` chips, possibly all in for less)
    are flags; ``bet`` or ``raise_`` tells whether a wager is open and which it is, with the
    allowed range ``min_to`` .. ``max_to`` of the total wager *to* (chips this round). In fixed
    limit ``min_to == max_to`` (all in for less is the only other amount allowed, and it is
    ``max_to`` then). ``fold`` with nothing to call only where the variant allows an open fold.
    Drawing: ``draw`` is True and ``max_discards`` is how many cards the player may throw: the
    variant's ``hand_size`` (5; 4 in badugi), unless the deck and its reshuffle rule cannot serve
    that many (``Deck.available``; only at a 2-7 or A-5 table of about ten). Standing pat is
    discarding none. Showdown (``manual_showdown`` hands only): ``show`` is True, ``muck`` tells
    whether the player may give the hand up unseen. An immutable named tuple.
    """

    position: int
    phase: str
    fold: bool = False
    check: bool = False
    call: bool = False
    call_amount: int = 0
    bet: bool = False
    raise_: bool = False
    min_to: int = 0
    max_to: int = 0
    draw: bool = False
    max_discards: int = 0
    show: bool = False
    muck: bool = False


@dataclass(frozen=True)
class PlayerView:
    """What one player may see of the hand: never another player's cards before the showdown,
    never the stub, never a mucked hand. ``position=None`` is a spectator's view. ``shown`` holds
    the hands shown at the showdown by position; ``mucked`` tells, by position, who gave the hand
    up unseen there."""

    position: int | None
    variant: str
    phase: str
    betting_round: int
    draw_round: int
    actor: int | None
    button: int
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot_total: int
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    drawn: tuple[tuple[int, ...], ...]
    shown: dict[int, tuple[Card, ...]]
    legal: LegalActions | None
    winnings: tuple[int, ...] = ()
    mucked: tuple[bool, ...] = ()
    events: tuple[Event, ...] = field(default=(), repr=False)

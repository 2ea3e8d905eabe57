"""What a player decides: an :class:`Action` (and its dict form, as a server's client sends it
and a table stores it), and the :class:`PlayStrategy` protocol of anything that decides.

:func:`lowball.engine.apply_action` takes an action for the player to act in a hand.

>>> from lowball.engine.actions import Action, as_action
>>> str(Action.raise_to(6)), Action.raise_to(6).to_dict()
('raise to 6', {'kind': 'raise', 'amount': 6, 'cards': ''})
>>> as_action({"kind": "discard", "cards": "Kd Qs"}, "seat 2")
Action(kind='discard', amount=0, cards=(Card('Kd'), Card('Qs')))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from lowball.cards import Card, format_cards, parse_cards
from lowball.engine.records import LegalActions, PlayerView
from lowball.errors import IllegalActionError, InvalidCardError, shown, whole_number

__all__ = [
    "FOLD",
    "CHECK",
    "CALL",
    "BET",
    "RAISE",
    "DISCARD",
    "SHOW",
    "MUCK",
    "ACTION_KINDS",
    "Action",
    "as_action",
    "PlayStrategy",
    "Strategy",
]

FOLD = "fold"
CHECK = "check"
CALL = "call"
BET = "bet"
RAISE = "raise"
DISCARD = "discard"
SHOW = "show"
MUCK = "muck"
ACTION_KINDS = (FOLD, CHECK, CALL, BET, RAISE, DISCARD, SHOW, MUCK)
"""The kinds of :class:`Action`."""


@dataclass(frozen=True)
class Action:
    """A decision of the player to act.

    Attributes
    ----------
    kind : str
        ``"fold"``, ``"check"``, ``"call"``, ``"bet"``, ``"raise"``, ``"discard"``, or at the
        showdown of a ``manual_showdown`` hand ``"show"`` or ``"muck"``.
    amount : int
        For ``bet`` and ``raise``: the total wager *to* this round, in chips. 0 otherwise.
    cards : tuple of Card
        For ``discard``: the cards thrown (empty = stand pat).

    Raises
    ------
    IllegalActionError
        For an unknown kind (a ``ValueError`` too).
    """

    kind: str
    amount: int = 0
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in ACTION_KINDS:
            raise IllegalActionError(f"action kind {shown(self.kind)}: expected one of {', '.join(ACTION_KINDS)}")

    @classmethod
    def fold(cls) -> Action:
        """Fold."""
        return cls(FOLD)

    @classmethod
    def check(cls) -> Action:
        """Check (nothing to call)."""
        return cls(CHECK)

    @classmethod
    def call(cls) -> Action:
        """Call the current wager (all in if short)."""
        return cls(CALL)

    @classmethod
    def bet(cls, to: int) -> Action:
        """Open the betting with a wager of ``to`` chips."""
        return cls(BET, to)

    @classmethod
    def raise_to(cls, to: int) -> Action:
        """Raise the wager to ``to`` chips this round."""
        return cls(RAISE, to)

    @classmethod
    def discard(cls, cards: Sequence[Card] | str) -> Action:
        """Throw ``cards`` (0 to the hand's size, 5 or 4 in badugi, of the player's own) and draw
        as many: cards, or card text
        (``"9h Kd"``, ``"9\u2665K\u2666"``) read by :func:`lowball.cards.parse_cards`.

        Raises
        ------
        InvalidCardError
            For text that is not cards (naming the bad token) or a card given twice.
        """
        if isinstance(cards, str):
            return cls(DISCARD, 0, parse_cards(cards))
        return cls(DISCARD, 0, tuple(cards))

    @classmethod
    def stand_pat(cls) -> Action:
        """Keep every card (discard none)."""
        return cls(DISCARD)

    @classmethod
    def show(cls) -> Action:
        """Show the hand at the showdown."""
        return cls(SHOW)

    @classmethod
    def muck(cls) -> Action:
        """Give the hand up unseen at the showdown."""
        return cls(MUCK)

    def to_dict(self) -> dict[str, Any]:
        """The action's dict form, JSON-ready, cards as text: ``{"kind": "raise", "amount": 6,
        "cards": ""}``, ``{"kind": "discard", "amount": 0, "cards": "KdQs"}``. :func:`as_action`
        reads it back."""
        return {"kind": self.kind, "amount": self.amount, "cards": format_cards(self.cards) if self.cards else ""}

    def __str__(self) -> str:
        if self.kind in (BET, RAISE):
            return f"{self.kind} {self.amount}" if self.kind == BET else f"raise to {self.amount}"
        if self.kind == DISCARD:
            return f"discard {format_cards(self.cards, ' ')}" if self.cards else "stand pat"
        return self.kind


def as_action(action: Any, where: str) -> Action:
    """An :class:`Action` from an Action or its dict form (``{"kind": "raise", "amount": 6}``,
    ``{"kind": "discard", "cards": "Kd Qs"}``), with a plain int amount; an amount is allowed for
    a bet or raise only and cards for a discard only. ``where`` begins every message (``seat 3``).

    Raises
    ------
    IllegalActionError
        For a dict with a key that is not one, no kind, an amount other than a bet's or a
        raise's, cards other than a discard's, or something that is neither.
    InvalidCardError
        For a discard's cards that are not cards.
    """
    if isinstance(action, dict):
        unknown = sorted(shown(k) for k in set(action) - {"kind", "amount", "cards"})
        if unknown:  # name the key that is not one (a "to" where "amount" goes)
            keys = ", ".join(unknown)
            raise IllegalActionError(
                f"{where}: action {shown(action)}: unknown key{'s' if len(unknown) > 1 else ''} {keys}: "
                "expected kind, and amount or cards"
            )
        if "kind" not in action:
            raise IllegalActionError(f"{where}: action {shown(action)}: no kind: expected kind, and amount or cards")
        kind, amount, cards = action["kind"], action.get("amount", 0), action.get("cards", ())
        if amount is None:
            amount = 0
        if kind == "stand_pat" and not cards:  # the event's name for a discard of nothing
            kind = "discard"
        if kind == "discard" and cards:
            try:
                cards = parse_cards(cards)
            except InvalidCardError as e:
                raise InvalidCardError(f"{where}: {e}") from None
    elif isinstance(action, Action):
        kind, amount, cards = action.kind, action.amount, action.cards
    else:
        raise IllegalActionError(f"{where}: action = {shown(action)}: expected a lowball Action or its dict")
    if kind in ("bet", "raise"):
        amount = whole_number(amount, f"{where}: wager", 0, error=IllegalActionError)
    elif type(amount) is not int or amount != 0:
        raise IllegalActionError(f"{where}: action {shown(action)}: only a bet or raise has an amount")
    if kind != "discard" and cards:
        raise IllegalActionError(f"{where}: action {shown(action)}: only a discard has cards")
    try:
        return Action(kind, amount, tuple(cards))
    except IllegalActionError as e:
        raise IllegalActionError(f"{where}: {e}") from None


@runtime_checkable
class PlayStrategy(Protocol):
    """How a player plays a hand, betting and drawing: anything with this ``act`` method (a
    bot, a person at the command line, a server's client). Not :class:`lowball.odds.DrawStrategy`,
    which is how a player draws in a simulation of draws, given as data.

    ``act`` is called when its player is to act, with what that player may see (his cards, the
    stacks, bets and pot, how many cards each opponent drew, the events with others' cards
    hidden) and the legal actions. It returns the :class:`Action` to take; an illegal action
    stops a simulation with an error naming the bot.
    """

    def act(self, view: PlayerView, legal: LegalActions) -> Action:
        """The action to take now (see the class docstring)."""
        ...


Strategy = PlayStrategy
"""The old name of :class:`PlayStrategy` (lowball 0.1; see CHANGELOG.md): an alias."""

"""Saving, restoring and checking a hand: the engine's companion module (also importable as
:mod:`lowball.saving`).

:meth:`HandState.to_dict <lowball.engine.HandState.to_dict>` and
:meth:`~lowball.engine.HandState.from_dict` come here. A saved hand is JSON-ready data holding the
whole state: the event log, every card where it is (the stub in its order, the hands, the
discards, the muck and the burn cards) and the deck's random source as far as it can be saved.
A restore checks every field on its own (type, length, range) and then that the fields fit
together, and :func:`validate` runs the same checks on a live hand.

What a restore reproduces depends on the deck's random source. A seeded deck (``seed=``) saves
its generator's state, so the restored hand continues exactly as the original would, through
every later reshuffle of the muck. The default secure deck (operating-system entropy) has no
state to save: the stub order and every card dealt are restored, so the restored hand deals the
same cards until the stub runs short in a draw, but the reshuffle then draws fresh entropy and
the two hands go on with different cards. That is deliberate: a secure deck's future must not
follow from anything saved.

This module knows the saved format, not the state machine: it reads a hand through its public
properties (:data:`SAVED_FIELDS`, each a read-only property of the same name), checks saved data
field by field (:func:`from_dict`) and hands the checked parts to the engine to build itself
(:meth:`HandState.from_saved <lowball.engine.HandState.from_saved>`), then checks that the restored
fields fit together with the rules' own functions (:mod:`lowball.engine.pots`). It never
imports the engine at run time.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol, TypeVar

from lowball.cards import Card, format_cards, parse_cards
from lowball.deck import Deck, ReadOnlyDeck
from lowball.engine.pots import Posts, Pot, contested, first_round_level, showing_order, side_pots
from lowball.engine.records import BETTING, COMPLETE, DRAWING, EVENT_KINDS, PHASES, SHOWDOWN, Event, who
from lowball.errors import LowballError, counted, shown
from lowball.variants import FixedLimit, Variant

__all__ = [
    "STATE_FORMAT",
    "SAVED_FIELDS",
    "Saved",
    "SavedHand",
    "RestorableHand",
    "to_dict",
    "saved_fields",
    "from_dict",
    "validate",
]


STATE_FORMAT = "lowball-hand-2"
"""The ``"format"`` value of a saved hand (:func:`to_dict`)."""
SAVED_FIELDS = (
    "stacks",
    "bets",
    "committed",
    "antes",
    "folded",
    "winnings",
    "phase",
    "betting_round",
    "draw_round",
    "actor",
    "pending",
    "level",
    "last_raise",
    "bet_count",
    "capped",
    "aggressor",
    "last_round_aggressor",
    "draw_order",
    "drawn",
    "full_level",
    "acted",
    "mucked",
    "show_order",
    "manual_showdown",
)
"""The fields of a :class:`~lowball.engine.HandState` saved as they are: each is read through
the hand's read-only property of that name."""


class Saved(NamedTuple):
    """The parts of a saved hand, each checked on its own (:func:`from_dict`): what the engine
    builds a restored hand from (:meth:`HandState.from_saved
    <lowball.engine.HandState.from_saved>`). ``fields`` holds :data:`SAVED_FIELDS` (and
    ``posts``, a :class:`~lowball.engine.Posts`, when the hand had its own)."""

    variant: Variant
    starting_stacks: tuple[int, ...]
    deck: Deck
    events: list[Event]
    shown: dict[int, tuple[Card, ...]]
    pots: list[Pot]
    fields: dict[str, Any]


class SavedHand(Protocol):
    """What this module reads of a hand (a :class:`~lowball.engine.HandState` is one): besides
    these, each of :data:`SAVED_FIELDS` by its name (:func:`saved_fields`)."""

    @property
    def variant(self) -> Variant: ...
    @property
    def starting_stacks(self) -> tuple[int, ...]: ...
    @property
    def deck(self) -> ReadOnlyDeck: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    @property
    def shown(self) -> dict[int, tuple[Card, ...]]: ...
    @property
    def pots(self) -> tuple[Pot, ...]: ...
    @property
    def posts(self) -> Posts | None: ...


R = TypeVar("R", bound="RestorableHand")


class RestorableHand(SavedHand, Protocol):
    """A kind of hand :func:`from_dict` restores (:class:`~lowball.engine.HandState` and its
    subclasses): it builds itself from the checked parts of a saved hand."""

    @classmethod
    def from_saved(cls: type[R], saved: Saved) -> R: ...


def _saved_position(value: object, name: str, n: int, none: bool = False) -> Any:
    """A position 0..n-1 from saved data (or None when ``none``), else LowballError."""
    if (value is None and none) or (type(value) is int and 0 <= value < n):
        return value
    raise LowballError(f"{name} = {shown(value)}: expected a position 0..{n - 1}" + (" or null" if none else ""))


def _check_saved_fields(data: dict[str, Any], n: int, variant: Variant, chips: int) -> None:
    """Check each saved field of a hand on its own: type, length and range (``chips``: all the
    chips at the table, which bound the amounts)."""
    draws = variant.draws
    size = variant.hand_size  # cards in a hand, the most a player draws at once

    def whole(name: str, low: int = 0, high: int | None = None) -> None:
        v = data[name]
        if type(v) is not int or v < low or (high is not None and v > high):
            top = "" if high is None else f"..{high}"
            raise LowballError(f"{name} = {shown(v)}: expected a whole number {low}{top}" + ("" if top else " or more"))

    for name in ("stacks", "bets", "committed", "antes", "winnings"):
        values = data[name]
        if not (isinstance(values, list) and len(values) == n and all(type(v) is int and v >= 0 for v in values)):
            raise LowballError(f"{name} = {shown(values)}: expected {n} whole numbers >= 0")
    for name in ("folded", "mucked"):
        values = data[name]
        if not (isinstance(values, list) and len(values) == n and all(type(v) is bool for v in values)):
            raise LowballError(f"{name} = {shown(values)}: expected {n} true/false values")
    if data["phase"] not in PHASES:
        raise LowballError(
            f"phase = {shown(data['phase'])}: expected {BETTING!r}, {DRAWING!r}, {SHOWDOWN!r} or {COMPLETE!r}"
        )
    whole("betting_round", 1, draws + 1)
    whole("draw_round", 0, draws)
    # Wagers can pass the chips at the table only by a big blind larger than the stacks: the
    # price to call in round 1 is the full blind (WSOP-LAR 150).
    top = max(chips, variant.forced.big_blind)
    whole("level", 0, top)
    whole("last_raise", 0, top)
    whole("full_level", 0, top)
    whole("bet_count", 0, 2**62)  # a C integer in the compiled engine
    for name in ("capped", "manual_showdown"):
        if type(data[name]) is not bool:
            raise LowballError(f"{name} = {shown(data[name])}: expected true or false")
    acted = data["acted"]
    if not (isinstance(acted, list) and len(acted) == n and all(type(v) is int and -1 <= v <= top for v in acted)):
        raise LowballError(f"acted = {shown(acted)}: expected {n} whole numbers -1..{top}")
    for name in ("actor", "aggressor", "last_round_aggressor"):
        _saved_position(data[name], name, n, none=True)
    for name in ("pending", "draw_order", "show_order"):
        values = data[name]
        if not isinstance(values, list):
            raise LowballError(f"{name} = {shown(values)}: expected a list of different positions")
        for v in values:
            _saved_position(v, name, n)
        if len(set(values)) != len(values):
            raise LowballError(f"{name} = {shown(values)}: expected a list of different positions")
    for name, kind in (("events", list), ("pots", list), ("shown", dict)):
        if type(data[name]) is not kind:
            raise LowballError(f"{name} = {shown(data[name])}: expected a {kind.__name__}")
    drawn = data["drawn"]
    if not (
        isinstance(drawn, list)
        and all(
            isinstance(d, list) and len(d) == n and all(type(k) is int and -1 <= k <= size for k in d) for d in drawn
        )
    ):
        raise LowballError(f"drawn = {shown(drawn)}: expected lists of {n} numbers -1..{size}")


def _saved_event(d: dict[str, Any], n: int) -> Event:
    e = Event.from_dict(d)
    if type(e.kind) is not str or e.kind not in EVENT_KINDS:
        raise LowballError(f"event kind {shown(e.kind)} is unknown")
    _saved_position(e.position, "event position", n, none=True)
    for name in ("amount", "number", "hand_class", "pot"):
        v = getattr(e, name)
        if type(v) is not int or v < 0:
            raise LowballError(f"event {name} = {shown(v)}: expected a whole number >= 0")
    return e


def _saved_pot(pot: object, n: int) -> Pot:
    if not (
        isinstance(pot, list) and len(pot) == 2 and type(pot[0]) is int and pot[0] >= 0 and isinstance(pot[1], list)
    ):
        raise LowballError(f"pot {shown(pot)}: expected [chips, [positions]]")
    return Pot(pot[0], tuple(_saved_position(p, "pot eligible", n) for p in pot[1]))


def to_dict(state: SavedHand, *, events: bool = True) -> dict[str, Any]:
    """The whole state as JSON-serialisable data: the event log, every card where it is (the
    stub in its order included) and, for a seeded deck, its generator's state.

    ``events=False`` leaves the event log out (the ``events`` key): for a caller that keeps the
    hand's events itself, as :class:`lowball.table.Table` does in its event stream, and puts them
    back before :func:`from_dict`.

    A restore (:func:`from_dict`) of a seeded hand continues exactly as the original would,
    through every reshuffle. A hand on the default secure deck (operating-system entropy) is
    restored with the same stub and cards, and deals the same cards until a reshuffle, which
    draws fresh entropy (see the module docstring). The result holds every player's cards and
    the stub order: keep it server-side.
    """
    d: dict[str, Any] = {
        "format": STATE_FORMAT,
        "variant": state.variant.to_dict(),
        "starting_stacks": list(state.starting_stacks),
        "deck": state.deck.snapshot(),
        "shown": {str(p): format_cards(c) for p, c in state.shown.items()},
        "pots": [[pot.amount, list(pot.eligible)] for pot in state.pots],
    }
    if events:
        d["events"] = [e.to_dict() for e in state.events]
    d.update(saved_fields(state))
    if state.posts is not None:
        d["posts"] = state.posts.to_dict()
    return d


def saved_fields(state: SavedHand) -> dict[str, Any]:
    """The fields of :data:`SAVED_FIELDS` as JSON-ready values (tuples as lists), read through
    the hand's public properties, one of each name."""
    out: dict[str, Any] = {}
    for name in SAVED_FIELDS:
        value = getattr(state, name)
        if isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        out[name] = value
    return out


def from_dict(cls: type[R], data: dict[str, Any]) -> R:
    """The hand saved by :meth:`to_dict`, in exactly that state (for a secure deck, fresh
    entropy from the next reshuffle on: see :func:`to_dict`), as a ``cls``
    (:class:`~lowball.engine.HandState` or a subclass), built by its
    :meth:`~lowball.engine.HandState.from_saved` once every part is checked.

    Every field is checked before it is used: its type and range, and that the fields fit
    together (the chips add up, the cards in the deck match the players in the hand, the
    player to act is the one the betting round or the deck expects). The event log is
    checked event by event (kinds, positions, amounts, cards), not replayed against the
    state.

    Raises
    ------
    LowballError
        For data that is not a saved hand, naming the first bad field.
    """
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise LowballError(f"not a saved hand: expected a dict with format {shown(STATE_FORMAT)}")
    try:
        return cls.from_saved(_checked(data))
    except LowballError as e:
        raise LowballError(f"not a saved hand: {e}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ArithmeticError) as e:
        raise LowballError(f"not a saved hand: {shown(e)}") from None


def validate(state: SavedHand) -> None:
    """Check that the hand's state is whole: every field of the right type and range, and the
    fields fitting together (the chips add up, the cards in the deck match the players in the
    hand, the player to act is the one the round or the deck expects) -- the checks
    :func:`from_dict` runs on a restore, run on the hand's :func:`to_dict`. A hand played
    through its actions always passes; a server can call it whenever it likes (after loading,
    after its own changes).

    Raises
    ------
    LowballError
        Naming the first field that does not fit.
    """
    if not state.deck.check():
        raise LowballError("the deck's cards are not each in exactly one place")
    try:
        _checked(to_dict(state))
    except LowballError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ArithmeticError) as e:
        raise LowballError(f"the hand's state is broken: {shown(e)}") from None


def _checked(data: dict[str, Any]) -> Saved:
    """The parts of the saved hand ``data`` (its format checked), each field checked on its own
    (type, length, range), then the parts checked to fit together."""
    variant = Variant.from_dict(data["variant"])
    starting = data["starting_stacks"]
    if not (
        isinstance(starting, list)
        and 2 <= len(starting) <= variant.max_players
        and all(type(s) is int and s >= 1 for s in starting)
    ):
        raise LowballError(f"starting_stacks = {shown(starting)}: expected 2..{variant.max_players} whole numbers >= 1")
    n = len(starting)
    _check_saved_fields(data, n, variant, sum(starting))
    fields = {name: data[name] for name in SAVED_FIELDS}
    if data.get("posts") is not None:
        fields["posts"] = Posts.from_dict(data["posts"])
        if len(fields["posts"].live) != n:
            raise LowballError(f"posts = {shown(data['posts'])}: expected {counted(n, 'position')}")
    saved = Saved(
        variant,
        tuple(starting),
        Deck.from_snapshot(data["deck"]),
        [_saved_event(e, n) for e in data["events"]],
        {_saved_position(int(p), "shown", n): parse_cards(c) for p, c in data["shown"].items()},
        [_saved_pot(pot, n) for pot in data["pots"]],
        fields,
    )
    _check_fit(saved)
    return saved


def _check_fit(saved: Saved) -> None:
    """Reject saved fields that do not fit together (each was checked on its own)."""
    variant, starting, deck, events, shown_hands, pots, f = saved
    n = len(starting)
    phase, betting_round, draw_round = f["phase"], f["betting_round"], f["draw_round"]
    actor, pending, drawn, folded, acted = f["actor"], f["pending"], f["drawn"], f["folded"], f["acted"]
    stacks, bets, committed, antes, winnings = f["stacks"], f["bets"], f["committed"], f["antes"], f["winnings"]
    level = f["level"]
    posts = f.get("posts")
    if phase == DRAWING:
        if draw_round != betting_round:
            raise LowballError(f"draw_round = {draw_round} while drawing after betting round {betting_round}")
    elif draw_round != betting_round - 1:
        raise LowballError(f"draw_round = {draw_round} in betting round {betting_round} ({phase})")
    if len(drawn) != draw_round:
        raise LowballError(f"drawn = {shown(drawn)}: expected one list per draw so far")
    if (actor is None) != (phase == COMPLETE):
        raise LowballError(f"actor = {shown(actor)} in phase {shown(phase)}")
    if deck.in_draw != (phase == DRAWING):
        raise LowballError(f"the deck's draw round does not match phase {shown(phase)}")
    alive = [p for p in range(n) if not folded[p]]
    if not alive:
        raise LowballError("every player has folded")
    if phase == BETTING:
        if not pending or pending[0] != actor:
            raise LowballError(f"actor = {shown(actor)}, pending = {shown(pending)}")
        want = max(bets)
        if betting_round == 1:
            want = first_round_level(want, variant.forced.big_blind)
        if level != want:
            raise LowballError(f"level = {shown(level)} while the wager to match is {want}")
        if any(a > level for a in acted):
            raise LowballError(f"acted = {shown(acted)}: above the wager to match, {level}")
        if any(folded[p] or stacks[p] == 0 for p in pending):
            raise LowballError(f"pending = {shown(pending)} holds a player who cannot act")
    elif pending:
        raise LowballError(f"pending = {shown(pending)} outside a betting round")
    if phase == DRAWING:
        last = drawn[-1]
        if list(f["draw_order"]) != alive or actor not in alive or deck.next_position != actor:
            raise LowballError(
                f"actor = {shown(actor)}, draw_order = {shown(f['draw_order'])}: expected the players "
                f"in the hand {shown(alive)}, and the deck's next player"
            )
        k = alive.index(actor)
        if any(last[p] < 0 for p in alive[:k]) or any(last[p] >= 0 for p in alive[k:]):
            raise LowballError(f"drawn = {shown(drawn)} does not match {who(actor)} to draw")
    _check_showdown(saved, alive)
    # the chips in the pot: all those committed until the pots are awarded (HandState.pot_total)
    total = sum(stacks) + (sum(committed) if phase != COMPLETE else 0)
    if total != sum(starting):
        raise LowballError(f"the chips do not add up: {total} in play, {sum(starting)} at the start")
    ante = variant.forced.ante
    dead = posts.dead if posts is not None else (0,) * n
    for p in range(n):
        # each player's own chips: what they had, less what they put in, plus what they won
        if stacks[p] + committed[p] - winnings[p] != starting[p]:
            raise LowballError(
                f"{who(p)}'s chips do not add up: stack {stacks[p]}, committed "
                f"{committed[p]}, won {winnings[p]}, started with {starting[p]}"
            )
        if antes[p] > ante + dead[p] or bets[p] + antes[p] > committed[p]:
            raise LowballError(
                f"{who(p)}: dead chips {antes[p]} and wager {bets[p]} do not fit "
                f"{committed[p]} committed (the ante is {ante}, dead blinds {dead[p]})"
            )
    if sum(winnings) != (sum(committed) if phase == COMPLETE else 0):
        raise LowballError(f"winnings = {shown(winnings)} in phase {shown(phase)}")
    for p in range(n):
        if len(deck.hand(p)) != (0 if folded[p] else variant.hand_size):
            raise LowballError(f"{who(p)} holds {counted(len(deck.hand(p)), 'card')} in the deck")


def _check_showdown(saved: Saved, alive: list[int]) -> None:
    """The showdown fields: hands shown and mucked by players in the hand, the order and
    the pots as the rules make them, the player to act the next one with a decision."""
    variant, starting, deck, events, shown_hands, pots, f = saved
    n = len(starting)
    phase, folded, mucked_flags, show_order = f["phase"], f["folded"], f["mucked"], f["show_order"]
    mucked = [p for p in range(n) if mucked_flags[p]]
    if any(folded[p] for p in mucked) or any(p in shown_hands for p in mucked):
        raise LowballError(f"mucked = {shown(mucked_flags)}: a folded or shown hand cannot be mucked")
    for p, cards in shown_hands.items():
        if folded[p] or set(cards) != set(deck.hand(p)):
            raise LowballError(f"shown[{p}] = {format_cards(cards)} is not that player's hand")
    if phase in (BETTING, DRAWING) and (mucked or shown_hands or show_order):
        raise LowballError(f"shown, mucked or show_order set in phase {shown(phase)}")
    if mucked and variant.show_all_hands:
        raise LowballError(f"mucked = {shown(mucked_flags)}: every hand is shown in this variant")
    if phase == SHOWDOWN:
        if not f["manual_showdown"]:
            raise LowballError("phase 'showdown' in a hand whose showdown the engine settles")
        posts = f.get("posts")
        dead = posts.dead if posts is not None else None
        if pots != side_pots(f["committed"], f["antes"], alive, starting, variant.forced, dead):
            raise LowballError(f"pots = {shown(tuple(pots))} are not the pots of the chips committed")
        order = showing_order(events, alive, folded, pots, isinstance(variant.betting, FixedLimit))
        if list(show_order) != order:
            raise LowballError(f"show_order = {shown(show_order)}: WSOP-LAR 145 gives {shown(order)}")
        for index, pot in enumerate(pots):
            if all(mucked_flags[p] for p in pot.eligible):
                raise LowballError(f"mucked = {shown(mucked_flags)} leaves pot {index} without a hand")
        nxt = None
        for p in show_order:
            if contested(p, shown_hands, mucked_flags, pots):
                nxt = p
                break
        if nxt is None or f["actor"] != nxt:
            raise LowballError(f"actor = {shown(f['actor'])}: the next to show or muck is {shown(nxt)}")

"""Saving, restoring and checking a hand: the engine's companion module.

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
follow from anything saved. The module reads and writes the engine's own fields: it is part of the
engine, kept apart from the play logic.
"""

from __future__ import annotations

from typing import Any, TypeVar

from lowball.cards import format_cards, parse_cards
from lowball.deck import Deck
from lowball.engine import (
    BETTING,
    COMPLETE,
    DRAWING,
    SAVED_FIELDS,
    SHOWDOWN,
    STATE_FORMAT,
    Event,
    HandState,
    Posts,
    Pot,
    _who,
)
from lowball.errors import LowballError, counted, shown
from lowball.variants import Variant

__all__ = ["to_dict", "from_dict", "validate"]

H = TypeVar("H", bound=HandState)


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
    if data["phase"] not in (BETTING, DRAWING, SHOWDOWN, COMPLETE):
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


_EVENT_KINDS = frozenset(
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


def _saved_event(d: dict[str, Any], n: int) -> Event:
    e = Event.from_dict(d)
    if type(e.kind) is not str or e.kind not in _EVENT_KINDS:
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


def to_dict(state: HandState, *, events: bool = True) -> dict[str, Any]:
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
    d.update(state._saved_fields())
    if state.posts is not None:
        d["posts"] = state.posts.to_dict()
    return d


def from_dict(cls: type[H], data: dict[str, Any]) -> H:
    """The hand saved by :meth:`to_dict`, in exactly that state (for a secure deck, fresh
    entropy from the next reshuffle on: see :func:`to_dict`).

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
        variant = Variant.from_dict(data["variant"])
        starting = data["starting_stacks"]
        if not (
            isinstance(starting, list)
            and 2 <= len(starting) <= variant.max_players
            and all(type(s) is int and s >= 1 for s in starting)
        ):
            raise LowballError(
                f"starting_stacks = {shown(starting)}: expected 2..{variant.max_players} whole numbers >= 1"
            )
        n = len(starting)
        _check_saved_fields(data, n, variant, sum(starting))
        fields = {name: data[name] for name in SAVED_FIELDS}
        if data.get("posts") is not None:
            fields["posts"] = Posts.from_dict(data["posts"])
            if len(fields["posts"].live) != n:
                raise LowballError(f"posts = {shown(data['posts'])}: expected {counted(n, 'position')}")
        state = cls._restore(
            variant,
            tuple(starting),
            Deck.from_snapshot(data["deck"]),
            [_saved_event(e, n) for e in data["events"]],
            {_saved_position(int(p), "shown", n): parse_cards(c) for p, c in data["shown"].items()},
            [_saved_pot(pot, n) for pot in data["pots"]],
            fields,
        )
        _check_fit(state)
    except LowballError as e:
        raise LowballError(f"not a saved hand: {e}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ArithmeticError) as e:
        raise LowballError(f"not a saved hand: {shown(e)}") from None
    return state


def validate(state: HandState) -> None:
    """Check that the hand's state is whole: every field of the right type and range, and the
    fields fitting together (the chips add up, the cards in the deck match the players in the
    hand, the player to act is the one the round or the deck expects) -- the checks
    :func:`from_dict` runs on a restore. A hand played through its actions always passes; a
    server can call it whenever it likes (after loading, after its own changes).

    Raises
    ------
    LowballError
        Naming the first field that does not fit.
    """
    if not state.deck.check():
        raise LowballError("the deck's cards are not each in exactly one place")
    try:
        _check_saved_fields(state.to_dict(), state.n, state.variant, sum(state.starting_stacks))
        _check_fit(state)
    except LowballError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ArithmeticError) as e:
        raise LowballError(f"the hand's state is broken: {shown(e)}") from None


def _check_fit(state: HandState) -> None:
    """Reject restored fields that do not fit together (each was checked on its own)."""
    n = state.n
    phase = state.phase
    if phase == DRAWING:
        if state.draw_round != state.betting_round:
            raise LowballError(
                f"draw_round = {state.draw_round} while drawing after betting round {state.betting_round}"
            )
    elif state.draw_round != state.betting_round - 1:
        raise LowballError(f"draw_round = {state.draw_round} in betting round {state.betting_round} ({phase})")
    if len(state.drawn) != state.draw_round:
        raise LowballError(f"drawn = {shown(state.drawn)}: expected one list per draw so far")
    if (state.actor is None) != (phase == COMPLETE):
        raise LowballError(f"actor = {shown(state.actor)} in phase {shown(phase)}")
    if state.deck.in_draw != (phase == DRAWING):
        raise LowballError(f"the deck's draw round does not match phase {shown(phase)}")
    alive = [p for p in range(n) if not state.folded[p]]
    if not alive:
        raise LowballError("every player has folded")
    if phase == BETTING:
        if not state.pending or state.pending[0] != state.actor:
            raise LowballError(f"actor = {shown(state.actor)}, pending = {shown(state.pending)}")
        want = max(state.bets)
        if state.betting_round == 1:
            want = state._round_floor(want)
        if state.level != want:
            raise LowballError(f"level = {shown(state.level)} while the wager to match is {want}")
        if any(a > state.level for a in state.acted):
            raise LowballError(f"acted = {shown(state.acted)}: above the wager to match, {state.level}")
        if any(state.folded[p] or state.stacks[p] == 0 for p in state.pending):
            raise LowballError(f"pending = {shown(state.pending)} holds a player who cannot act")
    elif state.pending:
        raise LowballError(f"pending = {shown(state.pending)} outside a betting round")
    if phase == DRAWING:
        actor = state.actor
        last = state.drawn[-1]
        if list(state.draw_order) != alive or actor not in alive or state.deck.next_position != actor:
            raise LowballError(
                f"actor = {shown(actor)}, draw_order = {shown(state.draw_order)}: expected the players "
                f"in the hand {shown(alive)}, and the deck's next player"
            )
        k = alive.index(actor)
        if any(last[p] < 0 for p in alive[:k]) or any(last[p] >= 0 for p in alive[k:]):
            raise LowballError(f"drawn = {shown(state.drawn)} does not match {_who(actor)} to draw")
    _check_showdown(state, alive)
    total = sum(state.stacks) + state.pot_total
    if total != sum(state.starting_stacks):
        raise LowballError(f"the chips do not add up: {total} in play, {sum(state.starting_stacks)} at the start")
    ante = state.variant.forced.ante
    dead = state.posts.dead if state.posts is not None else (0,) * n
    for p in range(n):
        # each player's own chips: what they had, less what they put in, plus what they won
        if state.stacks[p] + state.committed[p] - state.winnings[p] != state.starting_stacks[p]:
            raise LowballError(
                f"{_who(p)}'s chips do not add up: stack {state.stacks[p]}, committed "
                f"{state.committed[p]}, won {state.winnings[p]}, started with {state.starting_stacks[p]}"
            )
        if state.antes[p] > ante + dead[p] or state.bets[p] + state.antes[p] > state.committed[p]:
            raise LowballError(
                f"{_who(p)}: dead chips {state.antes[p]} and wager {state.bets[p]} do not fit "
                f"{state.committed[p]} committed (the ante is {ante}, dead blinds {dead[p]})"
            )
    if sum(state.winnings) != (sum(state.committed) if phase == COMPLETE else 0):
        raise LowballError(f"winnings = {shown(state.winnings)} in phase {shown(phase)}")
    for p in range(n):
        if len(state.deck.hand(p)) != (0 if state.folded[p] else state.variant.hand_size):
            raise LowballError(f"{_who(p)} holds {counted(len(state.deck.hand(p)), 'card')} in the deck")


def _check_showdown(state: HandState, alive: list[int]) -> None:
    """The showdown fields: hands shown and mucked by players in the hand, the order and
    the pots as the rules make them, the player to act the next one with a decision."""
    n = state.n
    mucked = [p for p in range(n) if state.mucked[p]]
    if any(state.folded[p] for p in mucked) or any(p in state.shown for p in mucked):
        raise LowballError(f"mucked = {shown(state.mucked)}: a folded or shown hand cannot be mucked")
    for p, cards in state.shown.items():
        if state.folded[p] or set(cards) != set(state.deck.hand(p)):
            raise LowballError(f"shown[{p}] = {format_cards(cards)} is not that player's hand")
    if state.phase in (BETTING, DRAWING) and (mucked or state.shown or state.show_order):
        raise LowballError(f"shown, mucked or show_order set in phase {shown(state.phase)}")
    if mucked and state.variant.show_all_hands:
        raise LowballError(f"mucked = {shown(state.mucked)}: every hand is shown in this variant")
    if state.phase == SHOWDOWN:
        if not state.manual_showdown:
            raise LowballError("phase 'showdown' in a hand whose showdown the engine settles")
        # compared as values: the interpreted engine (tests) has its own Pot class
        if [(p.amount, p.eligible) for p in state.pots] != [(p.amount, p.eligible) for p in state.side_pots()]:
            raise LowballError(f"pots = {shown(state.pots)} are not the pots of the chips committed")
        if list(state.show_order) != state._showing_order(alive):
            raise LowballError(
                f"show_order = {shown(state.show_order)}: WSOP-LAR 145 gives {shown(state._showing_order(alive))}"
            )
        for index, pot in enumerate(state.pots):
            if all(state.mucked[p] for p in pot.eligible):
                raise LowballError(f"mucked = {shown(state.mucked)} leaves pot {index} without a hand")
        nxt = None
        for p in state.show_order:
            if state._contested(p):
                nxt = p
                break
        if nxt is None or state.actor != nxt:
            raise LowballError(f"actor = {shown(state.actor)}: the next to show or muck is {shown(nxt)}")

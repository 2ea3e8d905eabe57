"""One hand on the C engine, with the reference engine's face: :class:`CHand`."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

import lowball._hand as _hand
from lowball.cards import DECK, Card, CardLike, parse_cards
from lowball.deck import SNAPSHOT_FORMAT, Deck
from lowball.engine import DRAWING, Event, HandState, LegalActions, Pot
from lowball.engine.saving import Saved
from lowball.errors import IllegalActionError, InvalidCardError, InvalidValueError, shown, whole_number
from lowball.rl._rules import DEFAULT_FRACTIONS, MAX_CHIPS, UnsupportedVariantError, check_fractions, rules_of
from lowball.variants import Variant, VariantError

__all__ = ["CHand", "hand_key", "hand_generator"]


@functools.lru_cache(maxsize=64)
def _key_of(seed: int) -> tuple[int, int, int, int]:
    words = np.random.SeedSequence(seed).generate_state(4, np.uint64)
    return (int(words[0]), int(words[1]), int(words[2]), int(words[3]))


def hand_key(seed: object) -> tuple[int, int, int, int]:
    """The four 64-bit words that key a run of hands: ``SeedSequence(seed)``'s first four words
    (``seed`` None: fresh operating-system entropy).

    Raises
    ------
    InvalidSeedError
        For a seed that is not None or a whole number >= 0.
    """
    from lowball.deck import check_seed

    seed = check_seed(seed, generators=False)
    if seed is None:
        words = np.random.SeedSequence().generate_state(4, np.uint64)
        return (int(words[0]), int(words[1]), int(words[2]), int(words[3]))
    return _key_of(seed)


def hand_generator(seed: object, slot: int = 0, episode: int = 0) -> np.random.PCG64:
    """The numpy ``PCG64`` whose words deal hand ``episode`` of slot ``slot`` of the run keyed
    by ``seed``: ``HandState(variant, stacks, deck=Deck(seed=hand_generator(...), rule=...,
    burn=...))`` deals exactly the cards the C engine deals (reshuffles included), the
    reference for :class:`CHand` and :class:`~lowball.rl.VectorEnv`.

    Raises
    ------
    InvalidSeedError
        For a seed that is not None or a whole number >= 0.
    InvalidValueError
        For a slot or an episode that is not a whole number 0 .. 2**64 - 1.
    """
    slot = whole_number(slot, "slot", 0, 2**64 - 1, error=InvalidValueError)
    episode = whole_number(episode, "episode", 0, 2**64 - 1, error=InvalidValueError)
    state, inc = _hand.stream(hand_key(seed), slot, episode)
    return _pcg(state, inc)


def engine_of(variant: Variant, fractions: tuple[float, ...]) -> _hand.Engine:
    """The binding's rules and action space of ``variant`` with the pot ``fractions`` (checked:
    :func:`rules_of`; one per variant and fractions, kept).

    Raises
    ------
    UnsupportedVariantError
        For anything the C engine cannot play, naming it.
    """
    rules_of(variant)  # refuses what is not a variant before it is used as a key
    return _engine(variant, fractions)


@functools.lru_cache(maxsize=64)
def _engine(variant: Variant, fractions: tuple[float, ...]) -> _hand.Engine:
    return _hand.Engine(rules_of(variant), list(fractions))


def _pcg(state: int, inc: int) -> np.random.PCG64:
    bg = np.random.PCG64()
    bg.state = {"bit_generator": "PCG64", "state": {"state": state, "inc": inc}, "has_uint32": 0, "uinteger": 0}
    return bg


def _cards(numbers: Sequence[int]) -> tuple[Card, ...]:
    return tuple([DECK[c] for c in numbers])


def _event(t: tuple[Any, ...]) -> Event:
    kind, pos, amount, cards, discarded, number, hand_class, pot = t
    return Event(kind, pos, amount, _cards(cards), _cards(discarded), number, hand_class, pot)


class CHand:
    """One hand of ``variant`` played by the C engine, with :class:`~lowball.engine.HandState`'s
    actions and state: what the agreement tests drive beside the reference, and a way to
    inspect one hand of a :class:`~lowball.rl.VectorEnv`.

    Parameters
    ----------
    variant : Variant
        The rules (any variant; see :func:`lowball.rl.unsupported`).
    stacks : sequence of int
        Chips of each position before the forced bets, 2 .. ``variant.max_players`` of them,
        each 1 or more, together below 2**60.
    seed : int or None, default None
        The run's seed (:func:`hand_key`); with ``slot`` and ``episode`` it gives the hand's deck
        (:func:`hand_generator`).
    slot, episode : int, default 0
        Which hand of the run.
    fractions : sequence of float, default (0.5, 1.0)
        The pot fractions of the action space (:meth:`act`), as :class:`~lowball.rl.VectorEnv`.
    order : str or iterable of card, optional
        The deck stacked: all 52 cards, the first dealt first (as :meth:`Deck.from_order
        <lowball.deck.Deck.from_order>`; the generator then serves only the reshuffles). Default:
        the deck shuffled from the hand's generator.

    Notes
    -----
    The hand always settles its showdown itself (``HandState``'s ``manual_showdown=False``) and
    posts the variant's usual blinds (no :class:`~lowball.engine.Posts`).

    Raises
    ------
    UnsupportedVariantError
        For a variant the C engine cannot play, naming it.
    VariantError
        For a bad number of players or a bad stack.
    InvalidCardError
        For an ``order`` that is not the 52 cards once each.
    """

    def __init__(
        self,
        variant: Variant,
        stacks: Sequence[int],
        *,
        seed: object = None,
        slot: int = 0,
        episode: int = 0,
        fractions: Sequence[float] = DEFAULT_FRACTIONS,
        order: Iterable[CardLike] | str | None = None,
    ) -> None:
        self._engine = engine_of(variant, tuple(check_fractions(fractions)))
        self._variant = variant
        stacks = _check_stacks(variant, stacks)
        self._key = hand_key(seed)
        self._slot = whole_number(slot, "slot", 0, 2**64 - 1, error=VariantError)
        self._episode = whole_number(episode, "episode", 0, 2**64 - 1, error=VariantError)
        state, inc = _hand.stream(self._key, self._slot, self._episode)
        self._order: tuple[int, ...] | None = None
        if order is not None:
            cards = tuple(int(c) for c in parse_cards(order))  # InvalidCardError: a bad or repeated card
            if len(cards) != 52:
                raise InvalidCardError(f"a deck order needs all 52 cards, got {len(cards)}")
            self._order = cards
        self._hand = _hand.Hand(self._engine)
        # events with card numbers, converted when read
        self._raw: list[tuple[Any, ...]] = self._hand.reset(list(stacks), state, inc, self._order)
        self._start_rng = (state, inc)

    @property
    def variant(self) -> Variant:
        """The rules."""
        return self._variant

    def generator(self) -> np.random.PCG64:
        """A fresh numpy ``PCG64`` in the state this hand's deck started from (see
        :func:`hand_generator`)."""
        return _pcg(*self._start_rng)

    def reference(self) -> HandState:
        """A new :class:`~lowball.engine.HandState` of the same variant, stacks and deck (same
        cards, same reshuffles), at its start: the reference to replay this hand's decisions on."""
        v = self._variant
        if self._order is not None:
            deck = Deck.from_order(self._order, seed=self.generator(), rule=v.reshuffle, burn=v.burn)
        else:
            deck = Deck(seed=self.generator(), rule=v.reshuffle, burn=v.burn)
        return HandState(v, self.starting_stacks, deck=deck)

    # -- state ----------------------------------------------------------------------------------

    def fields(self) -> dict[str, Any]:
        """The C state as plain values (card numbers 0..51): stacks, bets, committed, antes,
        winnings, folded, phase, ..., pots, show_order, hands, deck."""
        return self._hand.fields()

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Chips of each position before the forced bets."""
        return self._hand.fields()["starting_stacks"]  # type: ignore[no-any-return]

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind of each position."""
        return self._hand.fields()["stacks"]  # type: ignore[no-any-return]

    @property
    def winnings(self) -> tuple[int, ...]:
        """Chips each position has won (0 until the pots are awarded)."""
        return self._hand.fields()["winnings"]  # type: ignore[no-any-return]

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Final stack minus starting stack, by position."""
        return self._hand.payoffs()

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The pots formed at the showdown or at an uncontested award, main pot first."""
        return tuple(Pot(a, e) for a, e in self._hand.fields()["pots"])

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the hand so far, as :attr:`HandState.events <lowball.engine.HandState.events>`."""
        return tuple([_event(e) for e in self._raw])

    @property
    def phase(self) -> str:
        """``"betting"``, ``"drawing"`` or ``"complete"``."""
        return self._hand.fields()["phase"]  # type: ignore[no-any-return]

    @property
    def actor(self) -> int | None:
        """The position to act, or None when the hand is complete."""
        return self._hand.actor

    @property
    def is_complete(self) -> bool:
        return bool(self._hand.complete)

    def hand(self, position: int) -> tuple[Card, ...]:
        """The cards ``position`` holds, in the order received (slot i is bit i of a discard mask).

        Raises
        ------
        IllegalActionError
            For a position not at the table.
        """
        n = len(self.starting_stacks)
        p = whole_number(position, "position", 0, n - 1, error=IllegalActionError)
        return _cards(self._hand.hand(p))

    def legal_actions(self) -> LegalActions:
        """What the player to act may do, as :meth:`HandState.legal_actions
        <lowball.engine.HandState.legal_actions>` says it.

        Raises
        ------
        IllegalActionError
            When the hand is complete.
        """
        t = self._hand.legal()
        if t is None:
            raise IllegalActionError("the hand is complete: nobody is to act")
        return LegalActions(*t)

    # -- actions ----------------------------------------------------------------------------------

    def _do(self, what: str, kind: int, amount: int = 0, mask: int = 0) -> Event:
        status, events = self._hand.act(kind, amount, mask)
        if status != 0:
            who = self.actor
            raise IllegalActionError(
                f"{what} is not allowed"
                + (f" for position {who} (p{who + 1}): {self._why()}" if who is not None else ": the hand is complete")
            )
        self._raw.extend(events)
        return _event(events[0])

    def _why(self) -> str:
        la = self.legal_actions()
        if la.phase == DRAWING:
            return f"this is a draw, where it may discard 0 to {la.max_discards} cards"
        allowed = [name for name, ok in (("fold", la.fold), ("check", la.check), ("call", la.call)) if ok]
        if la.bet or la.raise_:
            allowed.append(f"{'bet' if la.bet else 'raise'} to {la.min_to}..{la.max_to}")
        return "it may " + ", ".join(allowed)

    def fold(self) -> Event:
        """The player to act folds (:meth:`HandState.fold <lowball.engine.HandState.fold>`)."""
        return self._do("fold", _hand.ACT_FOLD)

    def check(self) -> Event:
        """The player to act checks."""
        return self._do("check", _hand.ACT_CHECK)

    def call(self) -> Event:
        """The player to act calls (all in if short)."""
        return self._do("call", _hand.ACT_CALL)

    def check_or_call(self) -> Event:
        """Check if there is nothing to call, else call."""
        return self._do("check or call", _hand.ACT_CHECK_OR_CALL)

    def bet_or_raise(self, to: int) -> Event:
        """Bet or raise to a wager of ``to`` chips this round.

        Raises
        ------
        IllegalActionError
            When no wager is allowed or ``to`` is outside ``min_to .. max_to``.
        """
        to = whole_number(to, "wager", 0, error=IllegalActionError)
        if to >= MAX_CHIPS:
            raise IllegalActionError(f"wager {shown(to)} is not allowed: {self._why()}")
        return self._do(f"a wager to {to}", _hand.ACT_BET_OR_RAISE, to)

    def discard(self, mask: int) -> tuple[Card, ...]:
        """The player to act throws the cards of ``mask`` (bit i: the i-th card of :meth:`hand`)
        and is dealt as many; 0 stands pat. Returns the replacements.

        Raises
        ------
        IllegalActionError
            Outside a draw, or for a mask of more cards than the hand holds or the deck can
            serve (``legal_actions().max_discards``).
        """
        size = self._variant.hand_size
        mask = whole_number(mask, "discard mask", 0, 2**size - 1, error=IllegalActionError)
        event = self._do(f"discard mask {mask}", _hand.ACT_DISCARD, 0, mask)
        return event.cards

    def act(self, action: int) -> Event:
        """Take action index ``action`` of the action space (:class:`~lowball.rl.VectorEnv`'s,
        with this hand's ``fractions``). Returns the first event it records.

        Raises
        ------
        IllegalActionError
            For an index that is not legal now.
        """
        a = whole_number(action, "action", 0, error=IllegalActionError)
        status, events = self._hand.act_index(min(a, 2**62))
        if status != 0:
            raise IllegalActionError(
                f"action {a} is not allowed now: {self._why() if self.actor is not None else 'the hand is complete'}"
            )
        self._raw.extend(events)
        return _event(events[0])

    def action_mask(self) -> np.ndarray:
        """The legal action indexes now (uint8, one per action of the space)."""
        return self._hand.mask()

    # -- export -----------------------------------------------------------------------------------

    def to_hand_state(self) -> HandState:
        """This hand as a :class:`~lowball.engine.HandState` in exactly its state (events, cards,
        stub, pots and the deck's random state), for the whole Python API: :func:`lowball.phh.dumps`
        exports it, :meth:`~lowball.engine.HandState.validate` checks it, and it plays on."""
        f = self._hand.fields()
        v = self._variant
        bg = _pcg(*f["rng"])
        # the deck's public snapshot form: its cards' places and the random state they follow
        deck = Deck.from_snapshot(
            {
                **f["deck"],
                "format": SNAPSHOT_FORMAT,
                "rule": v.reshuffle.name.lower(),
                "burn": v.burn,
                "random": {"kind": "numpy", "state": bg.state},
            }
        )
        n = f["n"]
        shown_hands = {p: _cards(f["hands"][p]) for p in range(n) if f["shown"][p]}
        pots = [Pot(a, e) for a, e in f["pots"]]
        drawn = [list(d) for d in f["drawn"]]
        fields = {
            "stacks": list(f["stacks"]),
            "bets": list(f["bets"]),
            "committed": list(f["committed"]),
            "antes": list(f["antes"]),
            "folded": list(f["folded"]),
            "winnings": list(f["winnings"]),
            "phase": f["phase"],
            "betting_round": f["betting_round"],
            "draw_round": f["draw_round"],
            "actor": f["actor"],
            "pending": list(f["pending"]),
            "level": f["level"],
            "last_raise": f["last_raise"],
            "bet_count": f["bet_count"],
            "capped": f["capped"],
            "aggressor": f["aggressor"],
            "last_round_aggressor": f["last_round_aggressor"],
            "draw_order": list(f["draw_order"]) if f["draw_round"] else [],
            "drawn": drawn,
            "full_level": f["full_level"],
            "acted": list(f["acted"]),
            "mucked": list(f["mucked"]),
            "show_order": list(f["show_order"]),
            "manual_showdown": False,
        }
        saved = Saved(v, tuple(f["starting_stacks"]), deck, list(self.events), shown_hands, pots, fields)
        return HandState.from_saved(saved)

    def __repr__(self) -> str:
        who = f", position {self.actor} to act" if self.actor is not None else ""
        return f"<CHand {self._variant.name}, {len(self.starting_stacks)} players, {self.phase}{who}>"


def _check_stacks(variant: Variant, stacks: Sequence[int]) -> tuple[int, ...]:
    if isinstance(stacks, (str, bytes)) or not hasattr(stacks, "__len__"):
        raise VariantError(f"stacks = {shown(stacks)}: expected a list of chips, one per position")
    out = tuple(whole_number(s, f"stack of position {i}", 1, error=VariantError) for i, s in enumerate(stacks))
    if not 2 <= len(out) <= variant.max_players:
        raise VariantError(f"{len(out)} players: {variant.name} seats 2..{variant.max_players}")
    if sum(out) >= MAX_CHIPS:
        raise UnsupportedVariantError(
            f"{variant.name}: stacks of {sum(out)} chips together: the C engine counts below 2**60 "
            "(lowball.engine.HandState has no limit)"
        )
    return out

# cython: language_level=3, annotation_typing=False, embedsignature=True
"""The hand engine: one hand of any :class:`~lowball.variants.Variant`, from the forced bets to
the award of the pot.

Players are numbered by **position**, as in the PHH standard: position 0 is the first seat left of
the button (the small blind; heads-up, the big blind), the last position is the button. Betting
round 1 starts left of the big blind; every later betting round and every draw starts with the
first active player left of the button (``RULES.md`` sections 2-3). The engine deals and draws
itself from a :class:`~lowball.deck.Deck`; the server only passes the players' decisions.

The showdown follows WSOP-LAR 145 (``RULES.md`` section 6): hands are shown in the rule's order
and a beaten hand is mucked unseen, unless the variant shows every hand; with
``manual_showdown=True`` the players show or muck themselves (:meth:`HandState.show`,
:meth:`HandState.muck`, :meth:`HandState.finish_showdown`). A mucked hand's cards appear in no
view and no event.

Every action either succeeds or raises :class:`~lowball.errors.IllegalActionError` naming the
reason, with the whole state (deck included) exactly as before.

This module is the state machine alone: what a hand tells (its events, legal actions and views)
is :mod:`lowball.engine.records`, the arithmetic of its chips (posts, side pots, the showing order,
the award) :mod:`lowball.engine.pots`, saving and checking it :mod:`lowball.engine.saving`, and the
decisions of a player (:class:`~lowball.engine.Action`) :mod:`lowball.engine.actions`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from lowball.cards import DECK, Card, CardLike, parse_cards
from lowball.deck import Deck, ReadOnlyDeck
from lowball.engine import saving
from lowball.engine.actions import BET, CALL, CHECK, DISCARD, FOLD, MUCK, RAISE, SHOW, Action
from lowball.engine.pots import (
    Posts,
    Pot,
    award,
    contested,
    first_round_level,
    may_muck,
    pot_size_to,
    showing_order,
    side_pots,
)
from lowball.engine.records import (
    BETTING,
    COMPLETE,
    DRAWING,
    SECRET_KINDS,
    SHOWDOWN,
    Event,
    LegalActions,
    PlayerView,
    who,
)
from lowball.engine.saving import SAVED_FIELDS
from lowball.errors import (
    DeckExhaustedError,
    IllegalActionError,
    InvalidDiscardError,
    LowballError,
    counted,
    shown,
    whole_number,
    writable,
)
from lowball.evaluation import evaluate
from lowball.variants import FixedLimit, PotLimit, Variant, VariantError

__all__ = ["HandState", "apply_action"]

_H = TypeVar("_H", bound="HandState")


def _event(
    kind: str,
    position: int | None = None,
    amount: int = 0,
    cards: tuple[Card, ...] = (),
    discarded: tuple[Card, ...] = (),
    number: int = 0,
    hand_class: int = 0,
    pot: int = 0,
) -> Event:
    """``Event(...)`` with positional fields only, built straight from a tuple: the engine makes
    one per action, and the named tuple's own constructor costs a Python call."""
    return tuple.__new__(Event, (kind, position, amount, cards, discarded, number, hand_class, pot))


def _all_cards(items: tuple[object, ...] | list[object]) -> bool:
    """Whether every item is a Card already (then discard() skips parsing)."""
    for c in items:
        if type(c) is not Card:
            return False
    return True


def _all_numbers(items: tuple[object, ...] | list[object]) -> bool:
    """Whether the items are different card numbers, plain ints 0..51 (then discard() takes their
    Cards from :data:`~lowball.cards.DECK`; anything else, a repeated number included, is read by
    :func:`~lowball.cards.parse_cards`, whose error names it)."""
    for c in items:
        if type(c) is not int or not 0 <= c < 52:
            return False
    return len(set(items)) == len(items)


class HandState:
    """One hand of any :class:`~lowball.variants.Variant`: 2-7 or A-5 lowball, or badugi (the
    variant's ``ranking`` decides the showdown, its ``hand_size`` the cards dealt and drawn).

    Parameters
    ----------
    variant : Variant
        The rules.
    stacks : sequence of int
        Chips of each player before the forced bets, by position (0 = first left of the button,
        last = the button). Each at least 1; between 2 and ``variant.max_players`` players.
    deck : Deck, optional
        The deck to use, freshly shuffled or stacked (:meth:`Deck.from_order` to replay a hand).
        The hand takes it over: from then on its cards move only through the hand's actions
        (the caller's reference to it must not deal, draw or fold; :attr:`deck` is the hand's
        read-only window on it). Default: a new deck with operating-system randomness, the variant's reshuffle and burn
        rules.
    seed : optional
        Seed for the default deck (see :class:`~lowball.deck.Deck`): reproducible hands for tests
        and simulations. Not with ``deck``.
    manual_showdown : bool, default False
        False: the engine settles the showdown itself (see :meth:`finish_showdown`). True: the
        hand stops in phase ``"showdown"`` and each player shows (:meth:`show`) or mucks
        (:meth:`muck`), as a server whose players decide, or a hand-history replay, needs.
    posts : Posts, optional
        This hand's blinds when they are not the variant's usual ones (a dead button, a dead
        small blind, players posting to come in): what :class:`lowball.table.Table` deals with.
        Default: the small blind left of the button (heads-up, on the button) and the big
        blind after it.

    Notes
    -----
    Rounds are counted as players count them, here and everywhere in lowball: ``betting_round``
    is 1 .. ``variant.betting_rounds`` and ``draw_round`` 0 (before the first draw), then
    1 .. ``variant.draws`` (draw *d* follows betting round *d*).

    Examples
    --------
    >>> from lowball.engine import HandState
    >>> from lowball.variants import VARIANTS
    >>> hand = HandState(VARIANTS["F2L3D"], [100, 100], seed=3)
    >>> hand.actor, hand.legal_actions().call_amount      # heads-up: the button acts first
    (1, 1)
    >>> hand.call().kind, hand.check().kind, hand.phase
    ('call', 'check', 'drawing')
    >>> len(hand.discard(hand.hand(0)[:3]))               # position 0 draws three
    3
    >>> hand.view(1).drawn                                # position 1 sees the count only
    ((3, -1),)

    The state (``stacks``, ``bets``, ``events``, ``phase``, ...) is read-only: each attribute is a
    property returning an immutable value (a tuple, a copy of a dict), and assigning one raises
    AttributeError. The game changes through its actions only.

    Each action (:meth:`fold`, :meth:`check`, :meth:`call`, :meth:`check_or_call`, :meth:`bet`,
    :meth:`raise_to`, :meth:`bet_or_raise`, :meth:`show`, :meth:`muck`) returns the
    :class:`~lowball.engine.Event` it records; the events that follow from it (a new round, the
    award of the pot) come after it in :attr:`events`.

    Raises
    ------
    VariantError
        For a bad number of players or a bad stack (any integer type is a number of chips; see
        :func:`~lowball.errors.whole_number`).
    InvalidSeedError
        For a ``seed`` that is not one (see :func:`~lowball.seeds.check_seed`).
    """

    def __init__(
        self,
        variant: Variant,
        stacks: Sequence[int],
        *,
        deck: Deck | None = None,
        seed: Any = None,
        manual_showdown: bool = False,
        posts: Posts | None = None,
    ) -> None:
        if not isinstance(variant, Variant):
            raise VariantError(f"variant = {shown(variant)}: expected a lowball Variant")
        if not isinstance(stacks, (list, tuple)) and (
            isinstance(stacks, (str, bytes)) or not (isinstance(stacks, Sequence) or getattr(stacks, "ndim", 0) == 1)
        ):  # a list, a tuple, any sequence or a 1-D numpy array of chips
            raise VariantError(f"stacks = {shown(stacks)}: expected a list of chips, one per position")
        stacks = list(stacks)
        n = len(stacks)
        if not 2 <= n <= variant.max_players:
            raise VariantError(f"{counted(n, 'player')}: {variant.name} seats 2..{variant.max_players}")
        stacks = [
            s
            if type(s) is int and s >= 1 and s.bit_length() <= 2_000  # longer: whole_number checks its length
            else whole_number(s, f"stack of {who(i)}", 1, error=VariantError)
            for i, s in enumerate(stacks)
        ]
        total = sum(stacks)
        if total.bit_length() > 2_000:  # a pot or a winner's stack must be writable as text too
            whole_number(total, "the stacks together", 1, error=VariantError)
        if deck is not None and seed is not None:
            raise VariantError("give a deck or a seed, not both")
        if not isinstance(manual_showdown, bool):
            raise VariantError(f"manual_showdown = {shown(manual_showdown)}: expected True or False")
        if posts is not None and (not isinstance(posts, Posts) or len(posts.live) != n):
            raise VariantError(f"posts = {shown(posts)}: expected lowball Posts for {counted(n, 'position')}")
        if deck is not None and (not isinstance(deck, Deck) or deck.remaining != 52 or deck.in_draw):
            raise VariantError(
                f"deck = {shown(deck)}: expected a lowball Deck, freshly shuffled or stacked (52 cards in the stub)"
            )
        self._variant = variant
        self._n = n
        self._starting_stacks: tuple[int, ...] = tuple(stacks)
        if deck is None:
            deck = Deck(seed=seed, rule=variant.reshuffle, burn=variant.burn)  # InvalidSeedError
        self._deck = deck
        self._stacks = list(stacks)
        self._bets = [0] * n
        self._committed = [0] * n  # all chips put in this hand, antes included
        self._antes = [0] * n  # dead chips: antes go to the main pot whoever posted them
        self._folded = [False] * n
        self._winnings = [0] * n
        self._events: list[Event] = []
        self._phase = BETTING
        self._betting_round = 1  # 1..draws + 1, as players count them
        self._draw_round = 0  # 0 before the first draw, then 1..draws
        self._actor: int | None = None
        self._pending: list[int] = []  # positions still to act this round, in order
        # The wager each position last acted on this round (-1: not yet): whether the betting is
        # open to it again is measured from there (see _may_raise).
        self._acted: list[int] = [-1] * n
        self._level = 0  # the wager to match this round
        self._last_raise = 0  # size of the largest bet or raise this round (no/pot limit)
        self._bet_count = 0  # bets and raises this round (fixed-limit cap)
        self._full_level = 0  # fixed limit: the wager of the last full bet or raise this round
        self._capped = False  # whether the fixed-limit cap applies this round
        self._aggressor: int | None = None  # last bettor or raiser of the current round
        self._last_round_aggressor: int | None = None
        self._draw_order: list[int] = []
        self._drawn: list[list[int]] = []  # per draw, cards drawn by each position (-1: not yet)
        self._shown: dict[int, tuple[Card, ...]] = {}
        self._mucked = [False] * n  # hands given up unseen at the showdown
        self._show_order: list[int] = []  # the showdown's order (WSOP-LAR 145), once it begins
        self._manual_showdown = manual_showdown
        self._posts = posts
        self._bb_pos = posts.big_blind if posts is not None else (0 if n == 2 else 1)
        self._pots: list[Pot] = []
        self._seen: dict[int | None, tuple[Event, ...]] = {}  # event logs by position, see view()
        self._classes: dict[int, int] = {}  # hand classes at the showdown, see _class_of
        self._start()

    # -- the state, read-only -------------------------------------------------------------
    #
    # The engine keeps its state in private fields (C fields in the compiled engine) and uses
    # them directly; a caller reads it through these properties, which return immutable values
    # (tuples, a copy of a dict): changing the game goes through its actions. Assigning any of
    # them raises AttributeError.

    @property
    def variant(self) -> Variant:
        """The rules of the hand (an immutable :class:`~lowball.variants.Variant`)."""
        return self._variant

    @property
    def n(self) -> int:
        """The number of players."""
        return self._n

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Chips of each position before the forced bets."""
        return self._starting_stacks

    @property
    def deck(self) -> ReadOnlyDeck:
        """The hand's deck, for reading only (:class:`~lowball.deck.ReadOnlyDeck`: ``remaining``,
        ``available``, ``reshuffles``, ``hand()``, ``check()``, ``view()``, ``snapshot()``,
        ``copy()``); dealing or drawing from it raises AttributeError: the cards move only
        through the hand's actions."""
        return ReadOnlyDeck(self._deck)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind of each position (not counting what it has put in)."""
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Each position's wager in the current betting round, in chips."""
        return tuple(self._bets)

    @property
    def committed(self) -> tuple[int, ...]:
        """All chips each position has put in this hand, antes included."""
        return tuple(self._committed)

    @property
    def antes(self) -> tuple[int, ...]:
        """Dead chips (antes) each position has posted."""
        return tuple(self._antes)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Whether each position has folded."""
        return tuple(self._folded)

    @property
    def winnings(self) -> tuple[int, ...]:
        """Chips each position has won (0 until the pots are awarded)."""
        return tuple(self._winnings)

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened in the hand so far, in order (every player's cards: keep it
        server-side; :meth:`view` gives what one player may see)."""
        return tuple(self._events)

    @property
    def phase(self) -> str:
        """``"betting"``, ``"drawing"``, ``"showdown"`` or ``"complete"``."""
        return self._phase

    @property
    def betting_round(self) -> int:
        """The current (or last) betting round, 1 .. ``variant.betting_rounds``."""
        return self._betting_round

    @property
    def draw_round(self) -> int:
        """The current (or last) draw, 0 before the first draw, then 1 .. ``variant.draws``."""
        return self._draw_round

    @property
    def actor(self) -> int | None:
        """The position to act, or None when the hand is complete."""
        return self._actor

    @property
    def pending(self) -> tuple[int, ...]:
        """Positions still to act in this betting round, in order."""
        return tuple(self._pending)

    @property
    def acted(self) -> tuple[int, ...]:
        """The wager each position last acted on this betting round (-1: not yet)."""
        return tuple(self._acted)

    @property
    def mucked(self) -> tuple[bool, ...]:
        """Whether each position gave its hand up unseen at the showdown."""
        return tuple(self._mucked)

    @property
    def show_order(self) -> tuple[int, ...]:
        """The showdown's order of positions (WSOP-LAR 145), once it begins."""
        return tuple(self._show_order)

    @property
    def manual_showdown(self) -> bool:
        """Whether the players show or muck themselves (see the class docstring)."""
        return self._manual_showdown

    @property
    def level(self) -> int:
        """The wager to match in this betting round, in chips."""
        return self._level

    @property
    def last_raise(self) -> int:
        """The largest bet or raise of this betting round, in chips (no and pot limit)."""
        return self._last_raise

    @property
    def full_level(self) -> int:
        """The wager of the last full bet or raise of this betting round (fixed limit)."""
        return self._full_level

    @property
    def bet_count(self) -> int:
        """Bets and raises made in this betting round (the fixed-limit cap counts them)."""
        return self._bet_count

    @property
    def capped(self) -> bool:
        """Whether the fixed-limit cap applies in this betting round."""
        return self._capped

    @property
    def aggressor(self) -> int | None:
        """The last position to bet or raise in this betting round, or None."""
        return self._aggressor

    @property
    def last_round_aggressor(self) -> int | None:
        """The last position to bet or raise in the previous betting round, or None."""
        return self._last_round_aggressor

    @property
    def draw_order(self) -> tuple[int, ...]:
        """The positions drawing in the current (or last) draw, in order."""
        return tuple(self._draw_order)

    @property
    def drawn(self) -> tuple[tuple[int, ...], ...]:
        """Per draw so far, the cards drawn by each position (-1: not yet, or not in it)."""
        return tuple([tuple(d) for d in self._drawn])

    @property
    def shown(self) -> dict[int, tuple[Card, ...]]:
        """The hands shown at the showdown, by position (a copy)."""
        return dict(self._shown)

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The pots formed at the showdown or at an uncontested award, main pot first."""
        return tuple(self._pots)

    @classmethod
    def from_saved(cls: type[_H], saved: saving.Saved) -> _H:
        """The hand made of a saved hand's parts, as they are: the engine's restore, which
        :meth:`from_dict` uses once :mod:`lowball.engine.saving` has checked each part (and
        which then checks that they fit together), and a hand-history replay to put a corrected
        event log in place (:mod:`lowball.phh`). Nothing is checked here: for data from outside,
        use :meth:`from_dict`, or :meth:`validate` the result."""
        state = cls.__new__(cls)
        state._set_restored(*saved)
        return state

    def _set_restored(
        self,
        variant: Variant,
        starting_stacks: tuple[int, ...],
        deck: Deck,
        events: list[Event],
        shown: dict[int, tuple[Card, ...]],
        pots: list[Pot],
        fields: dict[str, Any],
    ) -> None:
        # a method, not the classmethod: self is a HandState here, so the compiled engine sets its
        # C fields
        self._variant = variant
        self._starting_stacks = tuple(starting_stacks)
        self._n = len(starting_stacks)
        self._deck = deck
        self._events = list(events)
        self._shown = dict(shown)
        self._pots = list(pots)
        self._seen = {}
        self._classes = {}
        self._stacks = list(fields["stacks"])
        self._bets = list(fields["bets"])
        self._committed = list(fields["committed"])
        self._antes = list(fields["antes"])
        self._folded = list(fields["folded"])
        self._winnings = list(fields["winnings"])
        self._phase = fields["phase"]
        self._betting_round = fields["betting_round"]
        self._draw_round = fields["draw_round"]
        self._actor = fields["actor"]
        self._pending = list(fields["pending"])
        self._level = fields["level"]
        self._last_raise = fields["last_raise"]
        self._bet_count = fields["bet_count"]
        self._capped = fields["capped"]
        self._aggressor = fields["aggressor"]
        self._last_round_aggressor = fields["last_round_aggressor"]
        self._draw_order = list(fields["draw_order"])
        self._drawn = [list(d) for d in fields["drawn"]]
        self._full_level = fields["full_level"]
        self._acted = list(fields["acted"])
        self._mucked = list(fields["mucked"])
        self._show_order = list(fields["show_order"])
        self._manual_showdown = fields["manual_showdown"]
        self._posts = fields.get("posts")
        self._bb_pos = self._posts.big_blind if self._posts is not None else (0 if self._n == 2 else 1)
        self._derive()

    # -- set-up ---------------------------------------------------------------------------

    @property
    def posts(self) -> Posts | None:
        """This hand's :class:`Posts`, or None for the variant's usual blinds."""
        return self._posts

    @property
    def big_blind_position(self) -> int:
        """Position of the big blind: 1, or 0 heads-up (the button posts the small blind), or
        :attr:`Posts.big_blind` (a kill's position in a killed pot: the largest blind, left of
        which betting round 1 begins). A game of antes without blinds has no big blind: its
        round 1 begins with position 0, left of the button, as the later rounds do."""
        return self._bb_pos

    @property
    def small_blind_position(self) -> int | None:
        """Position of the small blind: 0, or the button (1) heads-up. With :class:`Posts`, the
        position before the big blind (the button's heads-up) if it posts a live blind smaller
        than the big blind, else None (the small blind is dead)."""
        if self._posts is None:
            return 1 if self._n == 2 else 0
        p = (self._bb_pos - 1) % self._n
        live = self._posts.live
        return p if p != self._bb_pos and 0 < live[p] < live[self._bb_pos] else None

    def _post(self, pos: int, amount: int, kind: str, live: bool) -> None:
        paid = min(amount, self._stacks[pos])
        if paid <= 0:
            return
        self._stacks[pos] -= paid
        self._committed[pos] += paid
        if live:
            self._bets[pos] += paid
        else:
            self._antes[pos] += paid
        self._events.append(_event(kind, pos, paid))

    def _start(self) -> None:
        forced = self._variant.forced
        posts = self._posts
        if forced.ante and not forced.big_blind_ante:
            for pos in range(self._n):
                self._post(pos, forced.ante, "ante", live=False)
        if posts is None:
            self._post(1 if self._n == 2 else 0, forced.small_blind, "blind", live=True)
            self._post(self._bb_pos, forced.big_blind, "blind", live=True)
        else:
            # the live blinds from the seat right of the big blind (the small blind first), then
            # the dead chips of a missed small blind made up: a player short of both posts live
            # first and gets full value for those chips (WSOP-LAR 150, 156)
            n = self._n
            for k in range(n):
                pos = (self._bb_pos - 1 + k) % n
                self._post(pos, posts.live[pos], "blind", live=True)
            for pos in range(n):
                self._post(pos, posts.dead[pos], "dead_blind", live=False)
        if forced.ante and forced.big_blind_ante:
            # The big blind takes precedence over the big-blind ante when the stack is short.
            self._post(self._bb_pos, forced.ante, "ante", live=False)
        size = self._variant.hand_size  # five cards each; four in badugi
        hands = self._deck.deal_round(list(range(self._n)), size)
        for pos, cards in enumerate(hands):
            self._events.append(_event("deal", pos, 0, tuple(cards), (), size))
        self._begin_betting(1)

    # -- queries --------------------------------------------------------------------------

    def hand(self, position: int) -> tuple[Card, ...]:
        """The cards the player at ``position`` holds now (his secret until the showdown)."""
        position = self._check_pos(position)
        return tuple(self._deck.hand(position))

    @property
    def pot_total(self) -> int:
        """All chips put in this hand so far and not yet awarded or returned."""
        return sum(self._committed) if self._phase != COMPLETE else 0

    @property
    def is_complete(self) -> bool:
        return self._phase == COMPLETE

    def in_hand(self) -> list[int]:
        """Positions that have not folded."""
        return [p for p in range(self._n) if not self._folded[p]]

    def _check_pos(self, pos: object) -> int:
        """``pos`` as a plain int if it is a position at this table (any integer type), else
        IllegalActionError (see :func:`~lowball.errors.whole_number`)."""
        if type(pos) is int and 0 <= pos < self._n:
            return pos
        return whole_number(pos, "position", 0, self._n - 1, error=IllegalActionError)

    def _derive(self) -> None:
        """Recompute what follows from the saved fields (after a round begins, or a restore): the
        betting structure's numbers for this round, so that the hot paths need no type tests."""
        b = self._variant.betting
        self._fixed = isinstance(b, FixedLimit)
        self._pot_limit = isinstance(b, PotLimit)
        # the first round of a game without blinds is opened with a bet or folded (WSOP-LAR,
        # Lowball: "Participants are required to open with a bet or fold")
        self._must_open = (
            self._betting_round == 1
            and self._variant.must_open
            and self._posts is None
            and self._variant.forced.big_blind == 0
        )
        if isinstance(b, FixedLimit):
            self._round_bet = b.bet_size(self._betting_round, self._variant.betting_rounds)
            self._max_wagers = 1 + b.max_raises  # a bet and max_raises raises
            self._min_bet = 0
        else:
            self._round_bet = 0
            self._max_wagers = 0
            self._min_bet = b.min_bet

    def _others_can_act(self, pos: int) -> bool:
        """True if some other player in the hand still has chips (so a wager can be answered)."""
        stacks, folded = self._stacks, self._folded
        for q in range(self._n):
            if q != pos and stacks[q] > 0 and not folded[q]:
                return True
        return False

    def legal_actions(self) -> LegalActions:
        """What the player to act may do (see :class:`LegalActions`).

        Raises
        ------
        IllegalActionError
            When the hand is complete.
        """
        if self._phase == COMPLETE or self._actor is None:
            raise IllegalActionError("the hand is complete: nobody is to act")
        pos = self._actor
        if self._phase == DRAWING:
            available = self._deck.available
            size = self._variant.hand_size
            return LegalActions(pos, DRAWING, draw=True, max_discards=available if available < size else size)
        if self._phase == SHOWDOWN:
            muck = may_muck(pos, self._mucked, self._pots, self._variant.show_all_hands)
            return LegalActions(pos, SHOWDOWN, show=True, muck=muck)
        to_call = self._level - self._bets[pos]
        call_amount = min(to_call, self._stacks[pos])
        wager = self._wager_range(pos)
        opens = self._level == 0
        # a first round without blinds: open with a bet or fold (no check), if a bet is possible
        unopened = opens and self._must_open and wager is not None
        # LegalActions(...) field by field, built straight from a tuple (one per decision)
        return tuple.__new__(
            LegalActions,
            (
                pos,
                BETTING,
                to_call > 0 or unopened or self._variant.open_fold,  # fold
                to_call == 0 and not unopened,  # check
                to_call > 0,  # call
                call_amount,
                wager is not None and opens,  # bet
                wager is not None and not opens,  # raise_
                wager[0] if wager else 0,  # min_to
                wager[1] if wager else 0,  # max_to
                False,  # draw
                0,  # max_discards
                False,  # show
                False,  # muck
            ),
        )

    def _wager_range(self, pos: int) -> tuple[int, int] | None:
        """(min_to, max_to) of a bet or raise by ``pos``, or None when it may not wager."""
        stack, bet = self._stacks[pos], self._bets[pos]
        to_call = self._level - bet
        if stack <= to_call or not self._may_raise(pos):
            return None
        if not self._others_can_act(pos):
            return None  # everyone else is all in: there is nobody to raise
        all_in_to = bet + stack
        if self._fixed:
            if self._capped and self._bet_count >= self._max_wagers:
                return None
            # A full bet or raise is one bet above the last full wager (WSOP-LAR 129): after an
            # all-in of less than half a bet the next player completes the wager; an all-in of
            # half a bet or more counts as a full wager, so the raise is one bet above it.
            to = min(self._full_level + self._round_bet, all_in_to)
            return (to, to)
        increment = max(self._last_raise, self._min_bet)
        min_to = self._level + increment if self._level else self._min_bet
        if self._pot_limit:
            max_to = min(pot_size_to(self._level, sum(self._committed), to_call), all_in_to)
        else:
            max_to = all_in_to
        return (min(min_to, max_to), max_to)

    def _may_raise(self, pos: int) -> bool:
        """Whether the betting is open to ``pos``: it has not acted this round, or the wager has
        risen since it last acted by what qualifies as a raise to it: in fixed limit half a bet
        (WSOP-LAR 129), in no and pot limit the largest bet or raise of the round, at least the
        minimum bet (WSOP-LAR 128, 171). A full raise always does that; several short all-ins
        do when together they reach it ("the resulting wager size to a participant", WSOP-LAR
        129 and 173, WSOP-TR 96a)."""
        acted = self._acted[pos]
        if acted < 0:
            return True
        rise = self._level - acted
        if self._fixed:
            return 2 * rise >= self._round_bet
        return rise >= (self._last_raise if self._last_raise > self._min_bet else self._min_bet)

    # -- actions --------------------------------------------------------------------------

    def _expect(self, phase: str, pos: int | None) -> int:
        if self._phase == COMPLETE or self._actor is None:
            raise IllegalActionError("the hand is complete: no more actions")
        if pos is not None:
            pos = self._check_pos(pos)
            if pos != self._actor:
                raise IllegalActionError(f"{who(pos)} acted out of turn: {who(self._actor)} is to act")
        if self._phase != phase:
            doing = {DRAWING: "discard or stand pat", SHOWDOWN: "show or muck", BETTING: "bet, call, check or fold"}
            where = {DRAWING: "a draw", SHOWDOWN: "the showdown", BETTING: "a betting round"}
            raise IllegalActionError(
                f"{who(self._actor)} cannot {doing[phase]} now: this is {where[self._phase]}, where it may "
                f"{doing[self._phase]}"
            )
        return self._actor

    def fold(self, position: int | None = None) -> Event:
        """The player to act folds (``position``, if given, must be that player).

        With nothing to call, a fold is allowed only where the variant allows an open fold
        (``Variant.open_fold``: a binding fold in live play, WSOP-TR 84).

        Returns
        -------
        Event
            The event it records (see :class:`HandState`).

        Raises
        ------
        IllegalActionError
            Out of turn, outside a betting round, or with nothing to call (check instead) where
            the variant refuses open folds; a fold is always allowed in an unopened first round
            of a game without blinds (``Variant.must_open``: open with a bet or fold).
        """
        p = self._expect(BETTING, position)
        if self._level - self._bets[p] <= 0 and not self._variant.open_fold:
            # an unopened first round of a game without blinds: bet or fold (Variant.must_open)
            if not (self._must_open and self._level == 0 and self._wager_range(p) is not None):
                raise IllegalActionError(f"{who(p)} cannot fold: there is no bet to call, check instead")
        self._deck.fold(p)
        self._folded[p] = True
        self._acted[p] = self._level
        e = _event("fold", p)
        self._events.append(e)
        self._after_bet_action(p, reopened=False)
        return e

    def check(self, position: int | None = None) -> Event:
        """The player to act checks.

        Returns
        -------
        Event
            The event it records (see :class:`HandState`).

        Raises
        ------
        IllegalActionError
            Out of turn, facing a bet (call, raise or fold instead), or in the unopened first
            round of a game without blinds (``Variant.must_open``: open with a bet or fold).
        """
        p = self._expect(BETTING, position)
        to_call = self._level - self._bets[p]
        if to_call > 0:
            raise IllegalActionError(f"{who(p)} cannot check: {to_call} to call")
        if self._must_open and self._level == 0 and self._wager_range(p) is not None:
            raise IllegalActionError(
                f"{who(p)} cannot check: the first betting round of a game without blinds is opened "
                "with a bet or folded (WSOP-LAR, Lowball)"
            )
        self._acted[p] = self._level
        e = _event("check", p)
        self._events.append(e)
        self._after_bet_action(p, reopened=False)
        return e

    def call(self, position: int | None = None) -> Event:
        """The player to act calls the current wager (all in if short).

        Returns
        -------
        Event
            The event it records (see :class:`HandState`).

        Raises
        ------
        IllegalActionError
            Out of turn, or with nothing to call (check instead).
        """
        p = self._expect(BETTING, position)
        to_call = self._level - self._bets[p]
        if to_call <= 0:
            raise IllegalActionError(f"{who(p)} cannot call: there is no bet, check instead")
        amount = min(to_call, self._stacks[p])
        self._move(p, amount)
        self._acted[p] = self._level
        e = _event("call", p, self._bets[p])
        self._events.append(e)
        self._after_bet_action(p, reopened=False)
        return e

    def check_or_call(self, position: int | None = None) -> Event:
        """Check if there is nothing to call, else call (PHH ``cc``).

        Returns
        -------
        Event
            The event it records (see :class:`HandState`).
        """
        p = self._expect(BETTING, position)
        to_call = self._level - self._bets[p]
        self._acted[p] = self._level
        if to_call > 0:
            self._move(p, min(to_call, self._stacks[p]))
            e = _event("call", p, self._bets[p])
        else:
            e = _event("check", p)
        self._events.append(e)
        self._after_bet_action(p, reopened=False)
        return e

    def bet(self, to: int, position: int | None = None) -> Event:
        """Open the betting with a wager of ``to`` chips (see :meth:`bet_or_raise`).

        Returns
        -------
        Event
            The event it records (see :class:`HandState`).
        """
        p = self._expect(BETTING, position)
        if self._level > 0:
            raise IllegalActionError(f"{who(p)} cannot bet: there is a bet of {self._level}, raise instead")
        return self.bet_or_raise(to, p)

    def raise_to(self, to: int, position: int | None = None) -> Event:
        """Raise the wager to ``to`` chips this round (see :meth:`bet_or_raise`).

        Returns
        -------
        Event
            The event it records (see :class:`HandState`).
        """
        p = self._expect(BETTING, position)
        if self._level == 0:
            raise IllegalActionError(f"{who(p)} cannot raise: there is no bet, bet instead")
        return self.bet_or_raise(to, p)

    def bet_or_raise(self, to: int, position: int | None = None) -> Event:
        """Bet or raise so that the player's wager this round is ``to`` chips (PHH ``cbr``).

        Returns
        -------
        Event
            The event it records (see :class:`HandState`).

        Raises
        ------
        IllegalActionError
            Out of turn; when no wager is allowed (the cap is reached, raising is not reopened
            after a short all-in, everyone else is all in, or the player cannot cover the call);
            or for an amount outside ``legal_actions().min_to .. max_to``.
        """
        p = self._expect(BETTING, position)
        if type(to) is not int or to < 0:  # any integer type, as a plain int (see whole_number)
            to = whole_number(to, "wager", 0, error=IllegalActionError)
        rng = self._wager_range(p)
        if rng is None:
            raise IllegalActionError(f"{who(p)} may not bet or raise now: {self._why_no_wager(p)}")
        lo, hi = rng
        if not lo <= to <= hi:
            if not writable(to):  # named by its size, with the limit (as whole_number names it)
                whole_number(to, "wager", 0, error=IllegalActionError)
            what = f"exactly {lo}" if lo == hi else f"{lo}..{hi}"
            raise IllegalActionError(f"{who(p)} cannot wager to {shown(to)}: allowed {what}")
        opened = self._level == 0
        increment = to - self._level
        if self._fixed:
            # WSOP-LAR 129: an all-in of half a bet or more (over the last full wager) counts as a
            # full bet or raise and reopens the betting; the next full raise is one bet above it
            # (the rule's example raises a $15 all-in bet to $35 on a $20 round). Less does not.
            full = 2 * (to - self._full_level) >= self._round_bet
            if full:
                self._full_level = to
        else:
            full = increment >= max(self._last_raise, self._min_bet) or (opened and to >= self._min_bet)
        self._move(p, to - self._bets[p])
        self._level = to
        self._acted[p] = to
        self._aggressor = p
        if full:
            self._bet_count += 1
            if not self._fixed:
                self._last_raise = max(self._last_raise, increment)
        e = _event("bet" if opened else "raise", p, to)
        self._events.append(e)
        self._after_bet_action(p, reopened=full, raised=True)
        return e

    def _why_no_wager(self, p: int) -> str:
        if not self._may_raise(p):
            return "a short all-in did not reopen the betting for a player who already acted"
        if self._stacks[p] <= self._level - self._bets[p]:
            return "not enough chips to do more than call"
        if not self._others_can_act(p):
            return "every other player is all in"
        return f"the cap of a bet and {self._max_wagers - 1} raises is reached"

    def _move(self, p: int, amount: int) -> None:
        self._stacks[p] -= amount
        self._bets[p] += amount
        self._committed[p] += amount

    def discard(self, cards: Iterable[CardLike] | str, position: int | None = None) -> tuple[Card, ...]:
        """The player to act throws ``cards`` (0 to ``variant.hand_size`` of their own: 5, or 4 in
        badugi) and is dealt as many.

        Returns
        -------
        tuple of Card
            The replacement cards, in the order dealt.

        Raises
        ------
        IllegalActionError
            Out of turn, outside a draw, or for a card that is not in the player's hand, a card
            given twice, more than the hand holds, or more than the deck can serve under its reshuffle rule
            (``legal_actions().max_discards``; ``InvalidDiscardError``).
        InvalidCardError
            For text that is not a card.
        """
        p = self._expect(DRAWING, position)
        if isinstance(cards, (tuple, list)) and _all_cards(cards):
            thrown = tuple(cards)  # already cards: the deck checks them (held, distinct)
        elif isinstance(cards, (tuple, list)) and _all_numbers(cards):
            thrown = tuple([DECK[c] for c in cards])  # card numbers, as cheap (the deck checks they are held)
        else:
            thrown = parse_cards(cards)
        try:
            new = tuple(self._deck.draw(p, thrown))  # raises with the deck unchanged
        except DeckExhaustedError as e:
            raise InvalidDiscardError(
                f"{who(p)} cannot draw {len(thrown)}: {e} (legal_actions().max_discards says "
                "how many the deck can serve)"
            ) from None
        self._drawn[-1][p] = len(thrown)
        if thrown:
            self._events.append(_event("draw", p, 0, new, thrown, len(thrown)))
        else:
            self._events.append(_event("stand_pat", p))
        self._next_drawer()
        return new

    def stand_pat(self, position: int | None = None) -> Event:
        """The player to act keeps every card (discards none).

        Returns
        -------
        Event
            The ``stand_pat`` event it records.
        """
        n = len(self._events)
        self.discard((), position)
        return self._events[n]

    # -- flow -----------------------------------------------------------------------------

    def _begin_betting(self, r: int) -> None:
        """Betting round ``r`` (1-based) begins."""
        self._phase = BETTING
        self._betting_round = r
        if r > 1:
            self._bets = [0] * self._n
            self._level = 0
            self._full_level = 0
            self._bet_count = 0
            self._last_raise = 0
        else:
            # A big blind all in for less still sets the price at the full blind: later players
            # fold, call the full big blind or raise to at least twice it (WSOP-LAR 150).
            self._level = first_round_level(max(self._bets), self._variant.forced.big_blind)
            self._full_level = self._level
            self._bet_count = 1 if self._level > 0 else 0
            self._last_raise = self._variant.forced.big_blind
        self._aggressor = None
        self._derive()
        self._events.append(_event("round", None, 0, (), (), r))
        self._acted = [-1] * self._n
        # Round 1 begins left of the big blind; in a game of antes and no blinds, as every later
        # round, with the first player left of the button (WSOP-LAR, Button and Blind Use: the
        # first participant under the gun, and the button acts last).
        blinds = self._posts is not None or self._variant.forced.big_blind > 0
        first = (self._bb_pos + 1) % self._n if r == 1 and blinds else 0
        order = [(first + k) % self._n for k in range(self._n)]
        able = [p for p in order if not self._folded[p] and self._stacks[p] > 0]
        # The fixed-limit cap holds in a pot of three or more players who are not all in
        # (WSOP-LAR 126); a round that begins with two who can still bet is uncapped (127).
        b = self._variant.betting
        self._capped = isinstance(b, FixedLimit) and not (b.uncapped_heads_up and len(able) <= 2)
        # Nobody needs to act when at most one player can, and that one owes nothing.
        if len(able) == 0 or (len(able) == 1 and self._bets[able[0]] >= self._level):
            self._pending = []
            self._end_betting()
            return
        self._pending = able
        self._actor = able[0]

    def _after_bet_action(self, p: int, reopened: bool, raised: bool = False) -> None:
        pending = self._pending
        if pending and pending[0] == p:
            del pending[0]
        elif p in pending:
            pending.remove(p)
        if raised:
            start = p
            others = [(start + k) % self._n for k in range(1, self._n)]
            owe = [q for q in others if not self._folded[q] and self._stacks[q] > 0]
            if reopened:
                self._pending = owe
            else:
                # A short all-in: everyone who owes chips acts again, and those who have not
                # acted yet; whether a player may raise is _may_raise's (WSOP-LAR 128/129).
                self._pending = [q for q in owe if self._bets[q] < self._level or q in self._pending]
        if self._folded.count(False) == 1:
            self._pending = []
        elif (
            len(self._pending) == 1
            and self._bets[self._pending[0]] >= self._level
            and not self._others_can_act(self._pending[0])
        ):
            # The one player left with chips owes nothing and has nobody to raise: no decision
            # remains (the same rule as at the start of a round).
            self._pending = []
        if self._pending:
            self._actor = self._pending[0]
            return
        self._end_betting()

    def _end_betting(self) -> None:
        self._actor = None
        self._return_uncalled()
        self._last_round_aggressor = self._aggressor
        alive = self.in_hand()
        if len(alive) == 1:
            self._award_uncontested(alive[0])
            return
        if self._betting_round == self._variant.betting_rounds:
            self._showdown()
            return
        self._begin_draw(self._betting_round)  # draw d follows betting round d

    def _return_uncalled(self) -> None:
        bets = self._bets
        top = max(bets)
        if top == 0 or bets.count(top) > 1:
            return
        p = bets.index(top)
        second = 0  # the largest other wager (wagers are never negative)
        for q in range(self._n):
            if q != p and bets[q] > second:
                second = bets[q]
        excess = top - second
        if excess > 0:
            self._bets[p] -= excess
            self._committed[p] -= excess
            self._stacks[p] += excess
            self._events.append(_event("return", p, excess))

    def _begin_draw(self, d: int) -> None:
        self._phase = DRAWING
        self._draw_round = d
        self._draw_order = self.in_hand()
        self._drawn.append([-1] * self._n)
        self._events.append(_event("draw_round", None, 0, (), (), d))
        self._deck.begin_draw(self._draw_order)
        self._actor = self._draw_order[0]

    def _next_drawer(self) -> None:
        i = self._draw_order.index(self._actor) if self._actor is not None else -1
        if i + 1 < len(self._draw_order):
            self._actor = self._draw_order[i + 1]
            return
        self._deck.end_draw()
        self._actor = None
        self._begin_betting(self._draw_round + 1)

    # -- the end of the hand --------------------------------------------------------------

    def _award_uncontested(self, p: int) -> None:
        total = sum(self._committed)
        self._pots = [Pot(total, (p,))]
        self._stacks[p] += total
        self._winnings[p] += total
        self._events.append(_event("win", p, total))
        self._finish()

    def side_pots(self) -> list[Pot]:
        """The main pot and side pots from the chips committed so far, main pot first (see
        :func:`lowball.engine.pots.side_pots`).

        Each level of an all-in player's commitment closes a pot; folded players' chips count in
        the pots they reach but they are eligible for none. Antes count like any chips put in,
        so a player all in for less than the ante wins only what each player matched of it; a
        big-blind ante is posted for the whole table and goes to the main pot. There is always
        a main pot, if only of 0 chips (a hand with no forced bets checked down).
        """
        posts = self._posts
        return side_pots(
            self._committed,
            self._antes,
            self.in_hand(),
            self._starting_stacks,
            self._variant.forced,
            posts.dead if posts is not None else None,
        )

    def _wins_or_ties(self, p: int) -> bool:
        """Whether ``p``'s hand wins or ties what has been shown so far in some pot it is in
        (so it is worth showing); True in a pot where nothing has been shown yet."""
        mine = self._class_of(p)
        shown = self._shown
        for pot in self._pots:
            if p not in pot.eligible:
                continue
            best = 0  # the best class shown in the pot (0: nothing shown yet)
            for q in pot.eligible:
                if q in shown:
                    c = self._class_of(q)
                    if best == 0 or c < best:
                        best = c
            if best == 0 or mine <= best:
                return True
        return False

    def _class_of(self, p: int) -> int:
        """The class of the hand ``p`` holds (after the last draw: it no longer changes),
        evaluated once per showdown."""
        classes = self._classes
        c = classes.get(p)
        if c is None:
            c = classes[p] = int(evaluate(self._deck.hand(p), self._variant.ranking))
        return c

    def _showdown(self) -> None:
        """The last betting round is over with two or more hands live: form the pots, fix the
        showing order, and settle the showdown (or wait for the players' decisions)."""
        alive = self.in_hand()
        self._classes = {}
        self._pots = self.side_pots()
        self._show_order = showing_order(self._events, alive, self._folded, self._pots, self._fixed)
        self._phase = SHOWDOWN
        self._actor = None
        if self._manual_showdown:
            self._next_shower()
        else:
            self.finish_showdown()

    def _next_shower(self) -> None:
        for p in self._show_order:
            if contested(p, self._shown, self._mucked, self._pots):
                self._actor = p
                return
        self._award_showdown()

    def _expect_showdown(self, pos: int | None) -> int:
        if self._phase != SHOWDOWN or self._actor is None:
            self._expect(SHOWDOWN, pos)  # raises: the hand is complete, or another phase
        if pos is None:
            return self._actor  # type: ignore[return-value]
        pos = self._check_pos(pos)
        if not contested(pos, self._shown, self._mucked, self._pots):
            state = (
                "has shown"
                if pos in self._shown
                else (
                    "has mucked"
                    if self._mucked[pos]
                    else ("has folded" if self._folded[pos] else "has no other hand to beat")
                )
            )
            raise IllegalActionError(f"{who(pos)} {state}: nothing to show or muck")
        return pos

    def show(self, position: int | None = None) -> Event:
        """Show the hand at the showdown (``manual_showdown`` hands).

        ``position`` defaults to the player whose turn it is to show (WSOP-LAR 145's order, see
        ``show_order``); any player still to decide may show before his turn, as the rule
        encourages. When no player is left with a decision (every other hand in his pots shown
        or mucked), the pots are awarded and the hand is complete.

        Returns
        -------
        Event
            The event it records (see :class:`HandState`).

        Raises
        ------
        IllegalActionError
            Outside the showdown, or for a player with nothing to decide.
        """
        p = self._expect_showdown(position)
        e = self._show(p)
        self._next_shower()
        return e

    def _show(self, p: int) -> Event:
        cards = tuple(self._deck.hand(p))
        self._shown[p] = cards
        e = _event("show", p, 0, cards, (), 0, self._class_of(p))
        self._events.append(e)
        return e

    def muck(self, position: int | None = None) -> Event:
        """Give the hand up unseen at the showdown: it forfeits every pot (WSOP-TR 72). Its
        cards appear in no view and no event. ``position`` defaults to the player whose turn it is;
        any player still to decide may muck before his turn. When no player is left with a
        decision, the pots are awarded and the hand is complete: heads-up, one muck ends it.

        Returns
        -------
        Event
            The event it records (see :class:`HandState`).

        Raises
        ------
        IllegalActionError
            Outside the showdown, for a player with nothing to decide, where every hand is shown
            (``Variant.show_all_hands``), or for the last hand not mucked in a pot.
        """
        p = self._expect_showdown(position)
        if not may_muck(p, self._mucked, self._pots, self._variant.show_all_hands):
            why = (
                "every hand is shown in this game"
                if self._variant.show_all_hands
                else ("it is the last hand not mucked in a pot it is in")
            )
            raise IllegalActionError(f"{who(p)} cannot muck: {why}")
        e = self._muck(p)
        self._next_shower()
        return e

    def _muck(self, p: int) -> Event:
        self._mucked[p] = True
        e = _event("muck", p)
        self._events.append(e)
        return e

    def finish_showdown(self, unshown: Iterable[int] = ()) -> None:
        """Settle the rest of the showdown as the engine does by itself: in the showing order,
        each player still to decide shows a hand that wins or ties what has been shown for a pot
        it is in, and mucks any other (with ``Variant.show_all_hands``, shows every hand). Then
        the pots are awarded. A server can call it for players who do not answer in time.

        Parameters
        ----------
        unshown : iterable of int, optional
            Positions still to decide whose hands stay face down, neither shown nor mucked (a
            hand history that does not say what they held): each loses every pot in which a
            hand is shown and wins unseen a pot in which no other hand is left (WSOP-TR 72).

        Raises
        ------
        IllegalActionError
            Outside the showdown; for an ``unshown`` position that has nothing to decide; or
            when a pot would be left to two or more hands that are not shown (nothing decides
            it). The state is then unchanged.
        """
        if self._phase != SHOWDOWN:
            self._expect(SHOWDOWN, None)
        if isinstance(unshown, (str, bytes)) or not isinstance(unshown, Iterable):
            raise IllegalActionError(f"unshown = {shown(unshown)}: expected positions (a list)")
        keep: set[int] = set()
        for p in unshown:
            p = self._check_pos(p)
            if p not in self._show_order or p in self._shown or self._mucked[p]:
                raise IllegalActionError(f"{who(p)} has nothing left to decide at the showdown")
            keep.add(p)
        if keep:  # settle a copy first: an undecidable pot must leave this state as it was
            trial = type(self).from_dict(self.to_dict())
            trial._settle(keep)
        self._settle(keep)

    def _settle(self, keep: set[int]) -> None:
        show_all = self._variant.show_all_hands
        for p in self._show_order:
            if p in keep or not contested(p, self._shown, self._mucked, self._pots):
                continue
            if show_all or self._wins_or_ties(p) or not may_muck(p, self._mucked, self._pots, show_all):
                self._show(p)
            else:
                self._muck(p)
        for index, pot in enumerate(self._pots):
            claims = [p for p in pot.eligible if not self._mucked[p]]
            if len(claims) > 1 and not any(p in self._shown for p in claims):
                raise IllegalActionError(
                    f"pot {index}: the hands of {', '.join(who(p) for p in claims)} are not shown; nothing decides it"
                )
        self._award_showdown()

    def _award_showdown(self) -> None:
        """Award each pot (:func:`lowball.engine.pots.award`: the last-formed side pot first, to
        the best shown hand among the players in it who did not muck, odd chips to the lowest
        position, WSOP-TR 72 and WSOP-LAR 149)."""
        classes = {p: self._class_of(p) for p in self._shown}
        for p, amount, best, index in award(self._pots, self._mucked, classes):
            self._stacks[p] += amount
            self._winnings[p] += amount
            self._events.append(_event("win", p, amount, (), (), 0, best, index))
        self._finish()

    def _finish(self) -> None:
        self._phase = COMPLETE
        self._actor = None
        self._pending = []
        self._bets = [0] * self._n

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Chips won or lost by each position: final stack minus starting stack."""
        return tuple(s - s0 for s, s0 in zip(self._stacks, self._starting_stacks))

    # -- views ----------------------------------------------------------------------------

    def view(self, position: int | None = None) -> PlayerView:
        """What the player at ``position`` (or a spectator, None) may see; see :class:`PlayerView`.

        Raises
        ------
        IllegalActionError
            For a position not at the table.
        """
        if position is not None:
            position = self._check_pos(position)
        hand = tuple(self._deck.hand(position)) if position is not None else ()
        legal = self.legal_actions() if self._actor is not None and self._actor == position else None
        folded, stacks = self._folded, self._stacks
        live = self._phase != COMPLETE
        size = self._variant.hand_size
        fields = {
            "position": position,
            "variant": self._variant.name,
            "phase": self._phase,
            "betting_round": self._betting_round,
            "draw_round": self._draw_round,
            "actor": self._actor,
            "button": self._n - 1,
            "stacks": tuple(stacks),
            "bets": tuple(self._bets),
            "pot_total": self.pot_total,
            "folded": tuple(folded),
            "all_in": tuple([live and not f and s == 0 for f, s in zip(folded, stacks)]),
            "hand": hand,
            "hand_sizes": tuple([0 if f else size for f in folded]),  # the variant's, between actions
            "drawn": tuple([tuple(d) for d in self._drawn]),
            "shown": dict(self._shown),
            "legal": legal,
            "winnings": tuple(self._winnings),
            "mucked": tuple(self._mucked),
            "events": self._events_for(position),
        }
        # PlayerView(**fields), without the frozen dataclass's __init__ (one object.__setattr__ per
        # field): a server takes a view for every position after every action. Every field is given,
        # and PlayerView has no __post_init__; a test compares the two.
        view = object.__new__(PlayerView)
        object.__setattr__(view, "__dict__", fields)
        return view

    def _events_for(self, position: int | None) -> tuple[Event, ...]:
        """The event log as ``position`` sees it, kept per position and extended with new events only
        (a view per decision would otherwise redo the whole log every time)."""
        seen = tuple(self._seen.get(position, ()))  # the same object when it is a tuple already
        events = self._events
        if len(seen) < len(events):
            seen += tuple(
                [
                    e if e.position == position or e.kind not in SECRET_KINDS else e.hidden_for(position)
                    for e in events[len(seen) :]
                ]
            )
            self._seen[position] = seen
        return seen

    # -- saving and restoring (lowball.engine.saving) --------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-serialisable data: the event log, every card where it is
        (the stub in its order included) and, for a seeded deck, its generator's state (see
        :func:`lowball.saving.to_dict`).

        What a restore (:meth:`from_dict`) reproduces: a seeded hand continues exactly as the
        original would, through every reshuffle of the muck. A hand on the default secure deck
        (operating-system entropy) gets the same stub and cards back and deals the same cards
        until a reshuffle, which draws fresh entropy: from then on the two hands differ, as a
        secure deck's future must not follow from saved data. The result holds every player's
        cards and the stub order: keep it server-side.
        """
        return saving.to_dict(self)

    def to_json(self) -> str:
        """:meth:`to_dict` as a JSON string: what :meth:`from_json` restores (a secure deck's
        reshuffles after the restore draw fresh entropy; a seeded deck's repeat the original's)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls: type[_H], data: dict[str, Any]) -> _H:
        """The hand saved by :meth:`to_dict`, in exactly that state: the same cards and stub,
        and for a seeded deck the same future; a secure deck's next reshuffle draws fresh
        entropy (see :meth:`to_dict`).

        Every field is checked before it is used: its type and range, and that the fields fit
        together (the chips add up, the cards in the deck match the players in the hand, the
        player to act is the one the betting round or the deck expects). The event log is
        checked event by event (kinds, positions, amounts, cards), not replayed against the
        state. See :func:`lowball.saving.from_dict`.

        Raises
        ------
        LowballError
            For data that is not a saved hand, naming the first bad field.
        """
        return saving.from_dict(cls, data)

    def validate(self) -> None:
        """Check that the hand's state is whole (``check`` is the poker action): every field of
        the right type and range, and the fields fitting together (the chips add up, the cards
        in the deck match the players in the hand, the player to act is the one the round or
        the deck expects) -- the checks :meth:`from_dict` runs on a restore. A hand played
        through its actions always passes; a server can call it whenever it likes (after
        loading, after its own changes). See :func:`lowball.saving.validate`.

        Raises
        ------
        LowballError
            Naming the first field that does not fit.
        """
        saving.validate(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling and copying go through :meth:`to_dict` and :meth:`from_dict`: the same
        checked format in the compiled and the interpreted engine. ``copy.copy`` gives an
        independent hand (its own deck). Attributes a subclass adds (in its ``__dict__`` or its
        ``__slots__``) travel with it."""
        extra = {k: v for k, v in getattr(self, "__dict__", {}).items() if k not in _STATE_NAMES}
        slots = {}
        for klass in type(self).__mro__:
            names = klass.__dict__.get("__slots__", ())
            for name in (names,) if isinstance(names, str) else names:
                if name not in ("__dict__", "__weakref__") and hasattr(self, name):
                    slots[name] = getattr(self, name)
        state = (extra or None, slots) if slots else (extra or None)
        return (type(self).from_dict, (self.to_dict(),), state)

    @classmethod
    def from_json(cls, text: str) -> HandState:
        """The hand saved by :meth:`to_json`, as :meth:`from_dict` restores it (a leading
        byte-order mark, U+FEFF, is ignored): the same cards and stub, and for a seeded deck the
        same future; with the default secure deck, a reshuffle after the restore draws fresh
        entropy (see :meth:`to_dict`).

        Raises
        ------
        LowballError
            For text that is not JSON, or not a saved hand.
        """
        if isinstance(text, str) and text.startswith("\ufeff"):  # a file saved with a BOM
            text = text[1:]
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as e:
            raise LowballError(f"not a saved hand: {e}") from None
        return cls.from_dict(data)

    def __repr__(self) -> str:
        turn = f", {who(self._actor)} to act" if self._actor is not None else ""
        return f"<HandState {self._variant.name}, {self._n} players, {self._phase}{turn}>"


def apply_action(state: HandState, action: Action) -> None:
    """Take ``action`` for the player to act in ``state``.

    Raises
    ------
    IllegalActionError
        When the action is not allowed now (the state is unchanged).
    """
    if not isinstance(state, HandState):
        raise IllegalActionError(f"{shown(state)} is not a hand (a lowball HandState)")
    if not isinstance(action, Action):
        raise IllegalActionError(f"{shown(action)} is not an Action (use Action.call(), ...)")
    kind = action.kind
    if kind == DISCARD:
        state.discard(action.cards)
    elif kind == CHECK:
        state.check()
    elif kind == CALL:
        state.call()
    elif kind == FOLD:
        state.fold()
    elif kind == BET:
        state.bet(action.amount)
    elif kind == RAISE:
        state.raise_to(action.amount)
    elif kind == SHOW:
        state.show()
    elif kind == MUCK:
        state.muck()
    else:  # pragma: no cover - Action checks its kind
        raise IllegalActionError(f"unknown action {shown(action)}")


# Every attribute HandState itself keeps (pickling leaves these to to_dict/from_dict).
_STATE_NAMES = frozenset("_" + name for name in SAVED_FIELDS) | frozenset(
    (
        "_variant",
        "_n",
        "_starting_stacks",
        "_deck",
        "_events",
        "_shown",
        "_pots",
        "_seen",
        "_classes",
        "_round_bet",
        "_fixed",
        "_pot_limit",
        "_max_wagers",
        "_min_bet",
        "_posts",
        "_bb_pos",
    )
)

"""Bots for lowball (2-7, A-5, badugi): the :class:`PlayStrategy` protocol (``Strategy`` before
0.2, an alias kept) and four built-in players.

A strategy sees what its player may see (a :class:`~lowball.engine.PlayerView`) and the actions open
to it (a :class:`~lowball.engine.LegalActions`) and returns an :class:`Action`. Anything with an
``act(view, legal)`` method is a strategy::

    from lowball.bots import Action

    class AlwaysPat:
        def act(self, view, legal):
            if legal.draw:
                return Action.stand_pat()
            return Action.check() if legal.check else Action.call()

Built in (see :data:`BOTS`): :class:`RandomBot` (a random legal action), :class:`CallingStation`
(never folds, never bets, draws like the sensible player), :class:`SensibleBot` (a tight,
value-betting player that goes to the showdown with nearly everything) and :class:`SolidBot` (a
player of published advice: the default opponent of ``lowball play``, ``simulate`` and
``serve``). Each plays the variant's hand ranking (``variant.ranking``: 2-7, A-5 or badugi):
:func:`plan_discards` and :func:`hand_tier` take the ranking as a parameter. Chips are
whole numbers; a wager is always the total *to* this round.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import itertools
import os
import random
import sys
from collections.abc import Callable, Sequence
from types import ModuleType

from lowball.cards import Card, parse_cards

# The decision protocol lives with the engine; it is re-exported here for strategies written
# against lowball.bots.
from lowball.engine import (
    Action,
    LegalActions,
    PlayerView,
    PlayStrategy,
    Strategy,
    apply_action,
)
from lowball.errors import InvalidTypeError, LowballError, shown, whole_number
from lowball.evaluation import Ranking, as_ranking, evaluate
from lowball.variants import FixedLimit, Variant

__all__ = [
    "Action",
    "PlayStrategy",
    "Strategy",
    "BotFactory",
    "RandomBot",
    "CallingStation",
    "SensibleBot",
    "SolidBot",
    "BOTS",
    "apply_action",
    "make_bot",
    "search_dirs",
    "plan_discards",
    "hand_tier",
]

BotFactory = Callable[[Variant, random.Random], PlayStrategy]
"""Makes a strategy for one player from the variant and that player's own random source."""


def _checked(
    hand: Sequence[Card], draws_left: int, ranking: object = Ranking.DEUCE_TO_SEVEN
) -> tuple[tuple[Card, ...], int, Ranking]:
    """The hand's cards (as many as the ranking's hands hold), a number of draws 0..3 and the
    ranking, or a LowballError naming the bad one."""
    rk = as_ranking(ranking)
    return parse_cards(hand, count=rk.hand_size), whole_number(draws_left, "draws_left", 0, 3), rk


def _variant_ranking(variant: Variant) -> Ranking:
    """The ranking a variant's showdown uses (``variant.ranking``)."""
    return variant.ranking


# -- hand reading ---------------------------------------------------------------------------

_ACE = 12


def _value(card: Card) -> int:
    """2..14 (ace high)."""
    return (int(card) >> 2) + 2


def _is_straight(values: Sequence[int]) -> bool:
    v = sorted(values)
    return len(set(v)) == 5 and v[4] - v[0] == 4


def _is_flush(cards: Sequence[Card]) -> bool:
    return len({int(c) & 3 for c in cards}) == 1


def _pat_ok(values_desc: Sequence[int], draws_left: int) -> bool:
    """Whether a made no-pair hand (values high to low) is good enough to stand pat on."""
    hi, second = values_desc[0], values_desc[1]
    if draws_left >= 3:
        return hi <= 7 or (hi == 8 and second <= 6)
    if draws_left == 2:
        return hi <= 8 or (hi == 9 and second <= 6)
    return hi <= 9 or (hi == 10 and second <= 8)


def _plan_27(hand: tuple[Card, ...], draws_left: int) -> tuple[Card, ...]:
    """:func:`plan_discards` for 2-7."""
    distinct: dict[int, Card] = {}
    suits = [int(c) & 3 for c in hand]
    for c in sorted(hand, key=lambda c: suits.count(int(c) & 3)):
        r = int(c) >> 2
        if r != _ACE and r not in distinct:
            distinct[r] = c  # of a pair, keep the card of the rarer suit (fewer flush worries)
    low = [distinct[r] for r in sorted(distinct)]
    if len(low) == 5:
        values = [_value(c) for c in reversed(low)]
        if not _is_straight(values) and not _is_flush(low) and _pat_ok(values, draws_left):
            return ()
    keep = [c for c in low if _value(c) <= 8][:4]
    if draws_left <= 1 and len(keep) < 4:
        nines = [c for c in low if _value(c) <= 9][:4]
        if len(nines) == 4:
            keep = nines
    kept = set(keep)
    return tuple(c for c in hand if c not in kept)


def _made_tier(hand: Sequence[Card]) -> int:
    values = sorted((_value(c) for c in hand), reverse=True)
    if len(set(values)) < 5 or _is_straight(values) or _is_flush(hand):
        return 5
    hi, second = values[0], values[1]
    if hi <= 7 or (hi == 8 and second <= 6):
        return 0
    if hi == 8:
        return 1
    if hi == 9:
        return 2
    if hi == 10:
        return 3
    if hi <= 12:
        return 4
    return 5


def _tier_27(hand: tuple[Card, ...], draws_left: int) -> int:
    """:func:`hand_tier` for 2-7."""
    if draws_left <= 0:
        return _made_tier(hand)
    discards = _plan_27(hand, draws_left)
    if not discards:
        return max(0, _made_tier(hand) - 1)
    kept = [c for c in hand if c not in discards]
    return _draw_tier(len(discards), max((_value(c) for c in kept), default=15), draws_left)


def _draw_tier(k: int, top: int, draws_left: int) -> int:
    """The tier of a draw of ``k`` cards to kept cards whose highest value is ``top`` (15: none
    kept), with ``draws_left`` draws to come."""
    if k == 1:
        if top <= 7:
            return 1 if draws_left >= 2 else 2
        return 2 if draws_left >= 2 and top <= 8 else 3
    if k == 2:
        if top <= 7:
            return {3: 2, 2: 3}.get(draws_left, 4)
        return 3 if draws_left >= 3 else 4
    if k == 3:
        return {3: 3, 2: 4}.get(draws_left, 5)
    return 4 if draws_left >= 3 else 5


# -- A-5 and badugi: aces low -----------------------------------------------------------------


def _low(card: Card) -> int:
    """1..13: the ace 1, the deuce 2, ..., the king 13 (aces low: A-5 and badugi)."""
    return (int(card) >> 2) + 2 if int(card) >> 2 != _ACE else 1


def _plan_a5(hand: tuple[Card, ...], draws_left: int) -> tuple[Card, ...]:
    """:func:`plan_discards` for A-5."""
    distinct: dict[int, Card] = {}
    for c in hand:
        distinct.setdefault(_low(c), c)  # of a pair, the first one written is kept
    low = [distinct[v] for v in sorted(distinct)]
    if len(low) == 5:
        hi, second = _low(low[4]), _low(low[3])
        if draws_left >= 3:
            pat = hi <= 7 or (hi == 8 and second <= 5)
        else:
            pat = hi <= 8 if draws_left == 2 else hi <= 9 or (hi == 10 and second <= 7)
        if pat:
            return ()
    keep = [c for c in low if _low(c) <= 8][:4]
    if draws_left <= 1 and len(keep) < 4:
        nines = [c for c in low if _low(c) <= 9][:4]
        if len(nines) == 4:
            keep = nines
    return tuple(c for c in hand if c not in keep)


def _a5_made_tier(hand: Sequence[Card]) -> int:
    values = sorted((_low(c) for c in hand), reverse=True)
    if len(set(values)) < 5:
        return 5
    hi = values[0]
    return 0 if hi <= 7 else 1 if hi == 8 else 2 if hi == 9 else 3 if hi == 10 else 4 if hi <= 12 else 5


def _tier_a5(hand: tuple[Card, ...], draws_left: int) -> int:
    """:func:`hand_tier` for A-5."""
    if draws_left <= 0:
        return _a5_made_tier(hand)
    discards = _plan_a5(hand, draws_left)
    if not discards:
        return max(0, _a5_made_tier(hand) - 1)
    kept = [_low(c) for c in hand if c not in discards]
    return _draw_tier(len(discards), max(kept, default=15), draws_left)


def _badugi(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The best badugi subset of ``cards``: the largest with no two cards of one suit or one
    rank, of those the lowest (highest card first, aces low); of equal ones the first found,
    keeping the order of ``cards``."""
    best: tuple[Card, ...] = ()
    best_key: tuple[int, ...] = ()
    for size in range(min(4, len(cards)), 0, -1):
        for sub in itertools.combinations(cards, size):
            if len({_low(c) for c in sub}) == size and len({int(c) & 3 for c in sub}) == size:
                key = tuple(sorted((_low(c) for c in sub), reverse=True))
                if not best or key < best_key:
                    best, best_key = sub, key
        if best:
            return best
    return best


_BADUGI_PAT = {3: 9, 2: 10, 1: 13}
"""The roughest four-card badugi (its top card, aces low) stood pat on, by draws to come."""
_BADUGI_KEEP = {3: 8, 2: 9, 1: 13}
"""The highest card kept towards a badugi, by draws to come."""


def _plan_badugi(hand: tuple[Card, ...], draws_left: int) -> tuple[Card, ...]:
    """:func:`plan_discards` for badugi."""
    best = _badugi(hand)
    steps = min(3, max(1, draws_left))
    if len(best) == 4 and max(_low(c) for c in best) <= _BADUGI_PAT[steps]:
        return ()
    keep = _badugi([c for c in hand if _low(c) <= _BADUGI_KEEP[steps]])
    if len(best) == 4 and len(keep) == 4:  # a rough badugi: break it, the top card goes
        keep = tuple(c for c in keep if c != max(keep, key=_low))
    return tuple(c for c in hand if c not in keep)


def _badugi_made_tier(hand: Sequence[Card]) -> int:
    best = _badugi(hand)
    hi = max(_low(c) for c in best)
    if len(best) == 4:
        return 0 if hi <= 8 else 1 if hi <= 10 else 2
    if len(best) == 3:
        return 3 if hi <= 6 else 4
    return 5


def _tier_badugi(hand: tuple[Card, ...], draws_left: int) -> int:
    """:func:`hand_tier` for badugi."""
    if draws_left <= 0:
        return _badugi_made_tier(hand)
    discards = _plan_badugi(hand, draws_left)
    if not discards:
        return max(0, _badugi_made_tier(hand) - 1)
    kept = [_low(c) for c in hand if c not in discards]
    return _draw_tier(len(discards), max(kept, default=15), draws_left)


_PLANS = {Ranking.DEUCE_TO_SEVEN: _plan_27, Ranking.ACE_TO_FIVE: _plan_a5, Ranking.BADUGI: _plan_badugi}
_TIERS = {Ranking.DEUCE_TO_SEVEN: _tier_27, Ranking.ACE_TO_FIVE: _tier_a5, Ranking.BADUGI: _tier_badugi}


def plan_discards(
    hand: Sequence[Card], draws_left: int, ranking: Ranking | str = Ranking.DEUCE_TO_SEVEN
) -> tuple[Card, ...]:
    """The cards a sound player throws from ``hand`` with ``draws_left`` draws to come (this one
    included), by the game's ``ranking``.

    2-7: keeps one card of each rank (a pair is broken), never an ace, and cards of 8 or lower
    (9 or lower for a one-card draw on the last draw). A made hand is kept whole when smooth
    enough for the draws left (a 7 or a smooth 8 with three draws, a 9-6 or better with two, a
    T-8 or better on the last); a rough one is broken by throwing its top card. A straight or
    flush of low cards is broken the same way.

    A-5 (aces low, straights and flushes do not count: WSOP-LAR 287-290): keeps one card of each
    rank (a pair is broken; of a pair the card written first), the ace as the lowest card, and
    cards of 8 or lower (9 or lower for a one-card draw on the last draw), at most four. A
    made hand is kept whole when smooth enough (a 7 or an 8-5 with three draws, an 8 with two,
    a 9 or a T-7 on the last), a wheel or a flush included; a rough one is broken by throwing its
    top card.

    Badugi (four cards, the largest subset of different suits and ranks plays, aces low:
    WSOP-LAR 303-304): a four-card badugi is stood pat on up to a 9 with three draws, a T with
    two and any on the last; a rougher one is broken by throwing its top card. Otherwise it
    keeps the best badugi subset (the largest, then the lowest) of its cards of 8 or lower
    with three draws (9 or lower with two, any on the last) and draws to a four-card badugi.

    Parameters
    ----------
    hand : sequence of Card
        The hand: five cards (2-7, A-5) or four (badugi).
    draws_left : int
        Draws to come, this one included (1..3; 0 is taken as 1).
    ranking : Ranking or str, default Ranking.DEUCE_TO_SEVEN
        The game's hand ranking (a member or its name: ``"2-7"``, ``"a-5"``, ``"badugi"``).

    Returns
    -------
    tuple of Card
        The discards (empty to stand pat), in the order of ``hand``.

    Raises
    ------
    InvalidCardError
        For a hand that is not ``ranking.hand_size`` distinct cards (the message says how many
        the ranking's hands hold).
    InvalidValueError
        For ``draws_left`` outside 0..3 or an unknown ``ranking``.

    Examples
    --------
    >>> from lowball.cards import format_cards
    >>> format_cards(plan_discards("9c8d4h2sAc", 3, "a-5"))
    '9c'
    >>> format_cards(plan_discards("Kc2d4h4s", 3, "badugi"))
    'Kc4s'
    """
    cards, draws_left, rk = _checked(hand, draws_left, ranking)
    return _PLANS[rk](cards, draws_left)


def hand_tier(hand: Sequence[Card], draws_left: int, ranking: Ranking | str = Ranking.DEUCE_TO_SEVEN) -> int:
    """A rough strength class of a hand with ``draws_left`` draws to come: 0 (strong) .. 5
    (nothing), by the game's ``ranking``.

    With no draws left it is the made hand. 2-7: 0 = 7-low or 8-6 and better, 1 = other 8s,
    2 = 9s, 3 = tens, 4 = jacks and queens, 5 = worse (kings, aces, pairs, straights, flushes).
    A-5: 0 = 7-low and better, 1 = 8s, 2 = 9s, 3 = tens, 4 = jacks and queens, 5 = kings and
    pairs. Badugi: 0 = a four-card badugi up to 8 high, 1 = up to T, 2 = any other badugi,
    3 = a three-card hand up to 6, 4 = other three-card hands, 5 = two or one card. With draws
    left it weighs the draw (:func:`plan_discards`): how many cards it needs, how low the cards
    kept are, and how many draws remain; a pat hand counts a class better than at the showdown.

    Parameters
    ----------
    hand : sequence of Card
        Five cards (2-7, A-5) or four (badugi).
    draws_left : int
        Draws to come (0..3).
    ranking : Ranking or str, default Ranking.DEUCE_TO_SEVEN
        The game's hand ranking.

    Returns
    -------
    int
        0..5.

    Raises
    ------
    InvalidCardError
        For a hand that is not ``ranking.hand_size`` distinct cards.
    InvalidValueError
        For ``draws_left`` outside 0..3 or an unknown ``ranking``.
    """
    cards, draws_left, rk = _checked(hand, draws_left, ranking)
    return _TIERS[rk](cards, draws_left)


# -- the bots -------------------------------------------------------------------------------


def _draws_left(view: PlayerView, draws: int) -> int:
    """Draws to come: in a draw, this one included; in a betting round, those after it."""
    if view.phase == "drawing":
        return draws - view.draw_round + 1
    return draws - (view.betting_round - 1)


def _rng(rng: object) -> random.Random:
    """A bot's random source: ``rng`` itself, or a fresh one for None. A number is not one (it
    failed at the bot's first random choice): ``random.Random(seed)`` makes a seeded one."""
    if rng is None:
        return random.Random()
    if not isinstance(rng, random.Random):
        raise InvalidTypeError(f"rng = {shown(rng)}: expected a random.Random (random.Random(seed) for a seed) or None")
    return rng


class RandomBot:
    """A random legal player: in a betting round it picks fold (when facing a bet), check or
    call, and bet or raise (any legal amount) with equal chance; in a draw it throws a random
    number (0 to ``legal.max_discards``, normally 5) of random cards; at a manual showdown it
    shows or (where allowed) mucks at random.

    Parameters
    ----------
    variant : Variant
        The rules (not used: any legal action will do).
    rng : random.Random, optional
        The bot's random source (seed it for reproducible runs).

    Raises
    ------
    InvalidTypeError
        For an ``rng`` that is not a ``random.Random`` (a number included).
    """

    name = "random"

    def __init__(self, variant: Variant | None = None, rng: random.Random | None = None) -> None:
        self.rng = _rng(rng)

    def act(self, view: PlayerView, legal: LegalActions) -> Action:
        """A random legal action (see the class docstring)."""
        rng = self.rng
        if legal.draw:
            k = rng.randint(0, legal.max_discards)
            return Action.discard(rng.sample(list(view.hand), k))
        if legal.show:
            return rng.choice([Action.show(), Action.muck()] if legal.muck else [Action.show()])
        options: list[Action] = []
        if legal.fold:
            options.append(Action.fold())
        options.append(Action.check() if legal.check else Action.call())
        if legal.bet or legal.raise_:
            to = rng.randint(legal.min_to, legal.max_to)
            options.append(Action.bet(to) if legal.bet else Action.raise_to(to))
        return rng.choice(options)


class CallingStation:
    """Never folds, never bets or raises: checks or calls every time. Draws like
    :class:`SensibleBot` (:func:`plan_discards`), so only its betting is weak.

    Parameters
    ----------
    variant : Variant
        The rules (the number of draws and the hand ranking).
    rng : random.Random, optional
        Not used; accepted so that every built-in bot is made the same way.
    """

    name = "calling"

    def __init__(self, variant: Variant, rng: random.Random | None = None) -> None:
        self.draws = variant.draws
        self.ranking = _variant_ranking(variant)

    def act(self, view: PlayerView, legal: LegalActions) -> Action:
        """Check or call; in a draw, :func:`plan_discards`; at a manual showdown, show."""
        if legal.draw:
            thrown = plan_discards(view.hand, _draws_left(view, self.draws), self.ranking)
            return Action.discard(thrown[: legal.max_discards])
        if legal.show:
            return Action.show()
        return Action.check() if legal.check else Action.call()


_EQUITY = (0.85, 0.65, 0.5, 0.35, 0.2, 0.05)
"""A rough chance to win heads-up for each :func:`hand_tier` class."""


class SensibleBot:
    """A tight player that bets for value, in the variant's ranking (2-7, A-5 or badugi).

    Draws with :func:`plan_discards` (to smooth lows, or to a four-card badugi; a rough made hand
    is broken early, a good one stood pat on). Bets and raises by hand strength (:func:`hand_tier` with the draws left)
    and the number of opponents still in the hand; calls when the pot pays for its chance to
    win, with some allowance for the draws to come; otherwise checks or folds. Now and then it
    bets a strong draw heads-up. In pot and no limit it wagers about three quarters of the pot.

    Parameters
    ----------
    variant : Variant
        The rules (the number of draws, the betting structure and the hand ranking).
    rng : random.Random, optional
        The bot's random source for its occasional semi-bluffs (seed it for reproducible runs).

    Raises
    ------
    InvalidTypeError
        For an ``rng`` that is not a ``random.Random`` (a number included).
    """

    name = "sensible"

    def __init__(self, variant: Variant, rng: random.Random | None = None) -> None:
        self.draws = variant.draws
        self.fixed = isinstance(variant.betting, FixedLimit)
        self.ranking = _variant_ranking(variant)
        self.rng = _rng(rng)

    def act(self, view: PlayerView, legal: LegalActions) -> Action:
        """Draw or bet as the class docstring says."""
        draws_left = _draws_left(view, self.draws)
        if legal.draw:
            return Action.discard(plan_discards(view.hand, draws_left, self.ranking)[: legal.max_discards])
        if legal.show:
            # At a manual showdown: muck a hand beaten by one already shown, where allowed.
            mine = evaluate(view.hand, self.ranking)
            beaten = any(evaluate(cards, self.ranking) < mine for cards in view.shown.values())
            return Action.muck() if beaten and legal.muck else Action.show()
        tier = hand_tier(view.hand, draws_left, self.ranking)
        me = legal.position
        opponents = sum(1 for p, f in enumerate(view.folded) if not f and p != me)
        equity = _EQUITY[tier] ** (1 + 0.2 * max(0, opponents - 1))
        level = max(view.bets)
        to_call = legal.call_amount
        pot = view.pot_total
        can_wager = legal.bet or legal.raise_
        if can_wager:
            # The more bets in already, the stronger the hand must be to put in another.
            unit = max(1, legal.min_to - level) if self.fixed else max(1, pot // 2)
            threshold = 0.5 if legal.bet else 0.58 + 0.06 * min(4, level // unit)
            semi_bluff = legal.bet and opponents == 1 and draws_left >= 1 and tier <= 2 and self.rng.random() < 0.3
            if equity >= threshold or semi_bluff:
                return self._wager(legal, level, pot + to_call)
        if to_call == 0:
            return Action.check()
        needed = to_call / (pot + to_call)
        if draws_left > 0:
            needed *= 0.5  # the draws to come: more to win later
        if equity >= needed:
            return Action.call()
        return Action.fold()

    def _wager(self, legal: LegalActions, level: int, pot_after_call: int) -> Action:
        to = legal.min_to
        if not self.fixed:
            to = min(legal.max_to, max(legal.min_to, level + (3 * pot_after_call) // 4))
        return Action.bet(to) if legal.bet else Action.raise_to(to)


# -- the solid player ---------------------------------------------------------------------------


def _plan_solid_27(hand: tuple[Card, ...], draws_left: int, opponents: int) -> tuple[Card, ...]:
    """The solid player's discards in 2-7: the default strategy of ``lowball.odds``
    (``pat=8/8/J,draw=7/7/8,one=8-6``, RULES.md 8.7), a convertible 9 broken early, a pat 9 the
    roughest stood on at the last draw against two or more (RULES.md 8.7, Gritter)."""
    distinct: dict[int, Card] = {}
    suits = [int(c) & 3 for c in hand]
    for c in sorted(hand, key=lambda c: suits.count(int(c) & 3)):
        r = int(c) >> 2
        if r != _ACE and r not in distinct:
            distinct[r] = c  # of a pair, keep the card of the rarer suit
    low = [distinct[r] for r in sorted(distinct)]
    values = [_value(c) for c in low]
    if len(low) == 5 and not _is_straight(values) and not _is_flush(low):
        top, second = values[4], values[3]
        if draws_left <= 1:
            pat = top <= (11 if opponents <= 1 else 9)
        else:
            # any 8 stands; a 9 stands unless the four under it draw to an 8-6 or better
            pat = top <= 8 or (top == 9 and not (second <= 7 or (second == 8 and values[2] <= 6)))
        if pat:
            return ()
    limit = 8 if draws_left <= 1 else 7
    keep = [c for c in low if _value(c) <= limit][:4]
    if len(keep) < 4:
        four = [c for c in low if _value(c) <= (9 if draws_left <= 1 else 8)][:4]
        if len(four) == 4:
            v = [_value(c) for c in four]
            if draws_left <= 1 or v[3] <= 7 or (v[3] == 8 and v[2] <= 6):
                keep = four  # a one-card draw to an 8-6 or better (to a 9 on the last draw)
    kept = set(keep)
    return tuple(c for c in hand if c not in kept)


def _plan_solid_a5(hand: tuple[Card, ...], draws_left: int, opponents: int) -> tuple[Card, ...]:
    """The solid player's discards in A-5: a 6 or better stands, a 7 heads-up only before the
    last draw (multi-way it is broken: Counting Outs, "Ace to Five Triple Draw: Strategy before
    the First Draw"); on the last draw a 9 heads-up, an 8 against two or more. Draws keep the
    cards of 6 or lower (three draws to come), 7 (two), 8 (the last); four cards to a 7 draw one."""
    distinct: dict[int, Card] = {}
    for c in hand:
        distinct.setdefault(_low(c), c)
    low = [distinct[v] for v in sorted(distinct)]
    if len(low) == 5:
        top = _low(low[4])
        if draws_left <= 1:
            pat = top <= (9 if opponents <= 1 else 8)
        else:
            pat = top <= 6 or (top == 7 and opponents <= 1)
        if pat:
            return ()
    limit = {3: 6, 2: 7}.get(draws_left, 8)
    keep = [c for c in low if _low(c) <= limit][:4]
    if len(keep) < 4:
        four = [c for c in low if _low(c) <= limit + 1][:4]
        if len(four) == 4:
            keep = four
    return tuple(c for c in hand if c not in keep)


def _plan_solid_badugi(hand: tuple[Card, ...], draws_left: int, opponents: int) -> tuple[Card, ...]:
    """The solid player's discards in badugi: :func:`plan_discards`' (a badugi stood on up to a 9
    with three draws, a T with two, any on the last; otherwise the best badugi subset of low
    cards kept)."""
    return _plan_badugi(hand, draws_left)


_SOLID_PLANS = {
    Ranking.DEUCE_TO_SEVEN: _plan_solid_27,
    Ranking.ACE_TO_FIVE: _plan_solid_a5,
    Ranking.BADUGI: _plan_solid_badugi,
}

# The solid player's score of a hand (lower is better): a made hand by its top card, a draw by
# the cards it needs and the highest card kept, and the draws left to make it.
_MADE_27 = {7: 0, 8: 4, 9: 12, 10: 20, 11: 28, 12: 36, 13: 44}
_MADE_A5 = {5: 0, 6: 0, 7: 4, 8: 12, 9: 20, 10: 28, 11: 36, 12: 44, 13: 44}
_BASE = {1: 10, 2: 16, 3: 24, 4: 34, 5: 40}
_REF = {Ranking.DEUCE_TO_SEVEN: 7, Ranking.ACE_TO_FIVE: 5, Ranking.BADUGI: 5}
"""The top card of the best draw of each game (7 in 2-7; 5 in A-5 and badugi): a draw's score
grows by 3 for each rank its top card is above it."""
_NOTHING = 60


def _made_score(hand: Sequence[Card], rk: Ranking) -> int:
    """The score of ``hand`` as it stands (0 the best made hands .. 60 nothing)."""
    if rk is Ranking.BADUGI:
        best = _badugi(hand)
        top = max(_low(c) for c in best)
        if len(best) == 4:
            return 0 if top <= 8 else 6 if top <= 10 else 12
        if len(best) == 3:
            return 20 if top <= 5 else 28 if top <= 7 else 36
        return _NOTHING
    if rk is Ranking.ACE_TO_FIVE:
        values = sorted({_low(c) for c in hand}, reverse=True)
        return _MADE_A5.get(values[0], _NOTHING) if len(values) == 5 else _NOTHING
    values = sorted((_value(c) for c in hand), reverse=True)
    if len(set(values)) < 5 or _is_straight(values) or _is_flush(hand):
        return _NOTHING
    return _MADE_27.get(values[0], _NOTHING)


def _solid_score(
    hand: tuple[Card, ...], draws_left: int, rk: Ranking, opponents: int, gone: int = 0
) -> tuple[int, int]:
    """(score, cards to draw) of the solid player's ``hand`` with ``draws_left`` draws to come,
    ``gone`` draws of the game already made (a draw loses worth as the draws go)."""
    if draws_left <= 0:
        return _made_score(hand, rk), 0
    thrown = _SOLID_PLANS[rk](hand, draws_left, opponents)
    k = len(thrown)
    if k == 0:
        return _made_score(hand, rk), 0
    kept = [c for c in hand if c not in thrown]
    if rk is Ranking.DEUCE_TO_SEVEN:
        top = max((_value(c) for c in kept), default=14)
    else:
        top = max((_low(c) for c in kept), default=13)
    base = _BASE[k] + (3 if rk is Ranking.BADUGI and k >= 2 else 0)  # badugi: two cards are half the hand
    return base + 3 * max(0, top - _REF[rk]) + 4 * k * gone, k


_SINGLE_PAT = {7: 0, 8: 4, 9: 8, 10: 12, 11: 18}
"""The single-draw score before the draw of a pat 2-7 hand, by its top card: a pat jack is a
small favourite over any one-card draw (Hall, PokerPlayer; Haney, Card Player, 6 Nov 2019), so
it scores between the one-card draws to an 8 and to a 9; a queen (30) is a two-card draw's."""
_SINGLE_BASE = {1: 10, 2: 30}
"""The single-draw score before the draw of a draw of one or two cards to a 7 (3 more a rank of
its highest kept card above the 7); three cards or more score as nothing."""


def _single_draw_score(hand: tuple[Card, ...]) -> tuple[int, int]:
    """(score, cards to draw) of a 2-7 hand before the only draw of single draw: pat hands up to
    a jack scored by :data:`_SINGLE_PAT`, one-card draws as in triple draw, two-card draws worth
    a pat queen's, three or more nothing ("you don't want to be drawing more than one card":
    Chris Hall, "2-7 No-Limit Single Draw", PokerPlayer)."""
    thrown = _plan_solid_27(hand, 1, 1)
    k = len(thrown)
    if k == 0:
        return _SINGLE_PAT[max(_value(c) for c in hand)], 0  # the plan stands pat up to a jack
    if k > 2:
        return _NOTHING, k
    top = max((_value(c) for c in hand if c not in thrown), default=14)
    return _SINGLE_BASE[k] + 3 * max(0, top - 7), k


_OPEN = {5: 13, 4: 16, 3: 19, 2: 24, 1: 27, 0: 27}
"""The roughest score the solid player opens with (raises first in), by the players still to act
behind it before the draw (a six-handed table: under the gun 5, the cutoff 3, the button 2, the
small blind 1)."""


class SolidBot:
    """A solid player, as published advice for 2-7 triple draw and single draw, A-5 triple draw
    and badugi describes one (the sources are named in the documentation's page on bots).

    Before the first draw it plays by position: it opens by raising (never limps) with the hands
    its seat allows (under the gun one-card draws to a 9, two-card draws to a 7 and pat 9s; from
    the cutoff two-card draws to an 8; from the button and the small blind three-card draws to
    a 7), folds the rest (rough and paired hands), three-bets its one-card draws and pat hands,
    caps with the best of them, and defends its big blind wider for the price. In 2-7 single
    draw, with one draw to come, it scores hands before the draw for that one draw: a pat jack
    ranks with the one-card draws, two-card draws with a pat queen (played only heads-up: the
    small blind against the big, the big blind against one raiser) and three-card draws not at
    all; in pot and no limit, facing a raise, it
    plays a draw for a call of at most 30% of the pot and never for the stacks. It draws by the
    published rules (2-7: stand pat with any 8 before the last draw, break a convertible 9, draw
    to a 7, to an 8 on the last, keep a one-card draw to an 8-6; stand pat with a jack heads-up
    on the last draw, a 9 against two or more). After a draw it bets when it is ahead in the
    draw (pat against a drawing hand, fewer cards than everyone), raises with strong hands, and
    folds weak draws to a bet late (three cards after the first draw, two on the last, and at
    the last draw anything but a one-card draw to an 8 against a pat hand). At the end it
    raises a bet once with an 8 and raises on with a 7, and calls a bet from a pat hand or a
    one-card draw with a 9 or better heads-up (an 8 against two or more), one from a player who
    drew two or more with a jack (a 9). Now and then
    (rarely) it snows: heads-up at the first draw with a paired hand that has no draw, after
    its opponent drew two or more, it stands pat and bets until raised. In pot and no limit it
    wagers about three quarters of the pot.

    Parameters
    ----------
    variant : Variant
        The rules (the number of draws, the betting structure and the hand ranking).
    rng : random.Random, optional
        The bot's random source (its rare snows); seed it for reproducible runs.

    Raises
    ------
    InvalidTypeError
        For an ``rng`` that is not a ``random.Random`` (a number included).
    """

    name = "solid"

    SNOW_CHANCE = 0.25
    """The chance it snows where it may (heads-up, first draw, a paired hand with no draw)."""

    def __init__(self, variant: Variant, rng: random.Random | None = None) -> None:
        self.draws = variant.draws
        self.fixed = isinstance(variant.betting, FixedLimit)
        self.ranking = _variant_ranking(variant)
        self.big_blind = max(1, variant.forced.big_blind)
        self.rng = _rng(rng)

    def snowing(self, view: PlayerView, me: int) -> bool:
        """Whether the bot at position ``me`` snows this hand: it stood pat at the first draw where
        it may snow (:meth:`_may_snow`; it stands pat there only to snow). Read from the hand,
        not kept: a bot made again mid-hand (a table or a tournament resumed) plays the snow on."""
        if not view.drawn or view.drawn[0][me] != 0:
            return False
        live = [p for p, f in enumerate(view.folded) if not f and p != me]
        return self._may_snow(view, live, self.draws)

    def _may_snow(self, view: PlayerView, live: list[int], draws_left: int) -> bool:
        """Whether the first draw of ``view``'s hand (``draws_left`` to come, this one included)
        is a spot to snow in: heads-up (``live`` the others in the hand), the opponent drew first,
        two cards or more, and the bot's pair or worse would throw three or more."""
        return (
            self.ranking is not Ranking.BADUGI  # badugi: a snow is no card's bluff (Haney 2020: three-card hands)
            and len(live) == 1
            and view.drawn[0][live[0]] >= 2  # the opponent drew first, two or more
            and len({_low(c) for c in view.hand}) < len(view.hand)  # a pair or worse
            and len(_SOLID_PLANS[self.ranking](view.hand, draws_left, 1)) >= 3
        )

    def act(self, view: PlayerView, legal: LegalActions) -> Action:
        """Draw or bet as the class docstring says."""
        draws_left = _draws_left(view, self.draws)
        me = legal.position
        live = [p for p, f in enumerate(view.folded) if not f and p != me]
        snowing = self.snowing(view, me)
        if legal.draw:
            return self._draw(view, legal, draws_left, live, snowing)
        if legal.show:
            mine = evaluate(view.hand, self.ranking)
            beaten = any(evaluate(cards, self.ranking) < mine for cards in view.shown.values())
            return Action.muck() if beaten and legal.muck else Action.show()
        if snowing:
            return self._snow_bet(view, legal)
        if view.betting_round == 1:
            if self.draws == 1 and self.ranking is Ranking.DEUCE_TO_SEVEN:
                score = _single_draw_score(view.hand)[0]
            else:
                score = _solid_score(view.hand, draws_left, self.ranking, len(live))[0]
            return self._before_draw(view, legal, score, live)
        score, k = _solid_score(view.hand, draws_left, self.ranking, len(live), self.draws - draws_left)
        return self._after_draw(view, legal, score, k, draws_left, live)

    # -- the draw

    def _draw(self, view: PlayerView, legal: LegalActions, draws_left: int, live: list[int], snowing: bool) -> Action:
        if snowing:
            return Action.stand_pat()
        if view.draw_round == 1 and self._may_snow(view, live, draws_left) and self.rng.random() < self.SNOW_CHANCE:
            return Action.stand_pat()  # a snow: snowing() reads it from the hand from now on
        thrown = _SOLID_PLANS[self.ranking](view.hand, draws_left, len(live))
        return Action.discard(thrown[: legal.max_discards])

    # -- betting

    def _wager(self, legal: LegalActions, view: PlayerView) -> Action:
        to = legal.min_to
        if not self.fixed:
            level = max(view.bets)
            to = min(legal.max_to, max(legal.min_to, level + (3 * (view.pot_total + legal.call_amount)) // 4))
        return Action.bet(to) if legal.bet else Action.raise_to(to)

    def _bets(self, view: PlayerView) -> int:
        """Bets in this round: 1 the blind (or a bet), 2 a raise, 3 a three-bet, ..."""
        return max(view.bets) // self.big_blind if self.fixed else (2 if max(view.bets) > self.big_blind else 1)

    def _passive(self, legal: LegalActions) -> Action:
        return Action.check() if legal.check else Action.fold()

    def _before_draw(self, view: PlayerView, legal: LegalActions, score: int, live: list[int]) -> Action:
        n = len(view.folded)
        me = legal.position
        order = [1, 0] if n == 2 else [*range(2, n), 0, 1]
        after = order[order.index(me) + 1 :]
        behind = sum(1 for p in after if not view.folded[p])
        bets = max(1, self._bets(view))
        in_already = view.bets[me] > 0
        big_blind = me == (0 if n == 2 else 1)
        can_raise = legal.bet or legal.raise_
        wide = 6 if len(live) == 1 else 0  # heads-up every range is wider
        if not self.fixed and self.draws == 1 and max(view.bets) > self.big_blind:
            return self._single_draw_raised(view, legal, score, wide)
        if bets <= 1:  # first in (callers, if any, only called the blind)
            if score <= _OPEN[min(5, behind)] + wide and can_raise:
                return self._wager(legal, view)
            if big_blind and legal.check:
                return Action.check()
            return self._passive(legal)
        if bets == 2:  # facing an open
            if score <= 13 + wide and can_raise:
                return self._wager(legal, view)  # three-bet one-card draws and pat hands (Ohel)
            if score <= (24 if big_blind else 19 if in_already else 16) + wide:
                return Action.call()
            return self._passive(legal)
        # facing a three-bet or more: cap (a fourth bet) with the best, then call
        if score <= 7 + wide and can_raise and bets < 4:
            return self._wager(legal, view)
        if score <= (19 if in_already else 13) + wide:
            return Action.call()
        return self._passive(legal)

    def _single_draw_raised(self, view: PlayerView, legal: LegalActions, score: int, wide: int) -> Action:
        """Pot- and no-limit single draw before the draw, facing a raise: a draw does not play
        for the stacks against a pat hand (a pat jack is a favourite over any one-card draw:
        Hall, PokerPlayer). Facing an open it re-raises with a pat 8 or better and calls with
        a one-card draw to a 9 or a pat 10 (a pat jack, and two-card draws to a 7, heads-up)
        when the call is at most 30% of the pot after it; re-raised, it raises on with a pat 7,
        calls with a pat 9 or better and folds the rest."""
        can_raise = legal.bet or legal.raise_
        if view.bets[legal.position] <= self.big_blind:  # facing an open
            if can_raise and score <= 4:
                return self._wager(legal, view)
            if score <= 16 + wide and self._price(view, legal, 1) <= 0.3:
                return Action.call()
            return self._passive(legal)
        if can_raise and score == 0:  # re-raised: a pat 7 raises on
            return self._wager(legal, view)
        return Action.call() if score <= 8 else self._passive(legal)

    def _after_draw(
        self, view: PlayerView, legal: LegalActions, score: int, k: int, draws_left: int, live: list[int]
    ) -> Action:
        can_raise = legal.bet or legal.raise_
        last = [view.drawn[-1][p] for p in live if view.drawn and view.drawn[-1][p] >= 0]
        fewest = min(last, default=5)  # the fewest cards an opponent drew at the last draw
        pat_against = fewest == 0
        if draws_left > 0:
            ahead = k < fewest and score <= 24
            strong = score <= 4
            bets = self._bets(view)
            if can_raise and (strong or (ahead and bets < 3)):
                return self._wager(legal, view)
            if legal.check:
                return Action.check()
            if draws_left >= 2:
                limit = 30
            else:
                limit = 21 if pat_against else 24
            if len(live) == 1 and not pat_against:
                limit += 6  # heads-up against a drawing hand, a draw is worth more
            return Action.call() if score <= limit else Action.fold()
        # no draws left: a made hand
        heads_up = len(live) == 1
        if can_raise:
            value = 4 if pat_against or not heads_up else 12
            if legal.bet and score <= value:
                return self._wager(legal, view)
            # the best hands (a 7 in 2-7) raise on; the next (an 8) raise a bet once, then call
            if legal.raise_ and (score == 0 or (score <= 4 and not self._raised(view, legal))):
                return self._wager(legal, view)
        if legal.check:
            return Action.check()
        level = max(view.bets)
        bettor_drew = min((view.drawn[-1][p] for p in live if view.bets[p] == level), default=0) if view.drawn else 0
        if self.ranking is Ranking.BADUGI:
            limit = 20 if heads_up and not pat_against else 12  # a three-card hand calls rarely
        elif bettor_drew >= 2:  # a bet from a player who drew two or more is more often a bluff
            limit = 28 if heads_up else 12
        else:  # a bet from a pat hand or a one-card draw is a made hand: beat the hands that bet
            limit = 12 if heads_up else 4
        return Action.call() if score <= limit else Action.fold()

    def _raised(self, view: PlayerView, legal: LegalActions) -> bool:
        """Whether this betting round has had a raise already (more than one bet in it)."""
        level = max(view.bets)
        if self.fixed:
            return level > legal.min_to - level  # a bet is the raise's size
        return view.bets[legal.position] > 0

    @staticmethod
    def _price(view: PlayerView, legal: LegalActions, opponents: int) -> float:
        """The share of the pot a call must win: to call / (pot + to call)."""
        return legal.call_amount / (view.pot_total + legal.call_amount)

    def _snow_bet(self, view: PlayerView, legal: LegalActions) -> Action:
        """Snowing: bet, or raise a bet once; raised in turn, give up."""
        me = legal.position
        raised = view.bets[me] > 0 and legal.call_amount > 0
        if raised:
            return self._passive(legal)
        if legal.bet or (legal.raise_ and self._bets(view) < 2):
            return self._wager(legal, view)
        if legal.check:
            return Action.check()
        return Action.call() if view.betting_round == 1 else Action.fold()


BOTS: dict[str, BotFactory] = {
    "solid": SolidBot,
    "sensible": SensibleBot,
    "random": RandomBot,
    "calling": CallingStation,
}
"""The built-in bots by name: ``solid`` (:class:`SolidBot`, a player of published advice, the
commands' default), ``sensible``, ``random`` and ``calling`` (the calling station), in that
order (the commands' help and messages list them so)."""


def search_dirs(search_path: object) -> list[str]:
    """``search_path`` (where a ``package.module:factory`` bot is looked for first, see
    :func:`make_bot`) as a list of directory names.

    Raises
    ------
    LowballError
        For a value that is not a list of directory names, naming it.
    """
    if isinstance(search_path, (str, bytes, os.PathLike)) or not isinstance(search_path, Sequence):
        raise LowballError(f"search_path = {shown(search_path)}: expected a list of directories")
    dirs = []
    for d in search_path:
        if not isinstance(d, (str, os.PathLike)):
            raise LowballError(f"search_path entry {shown(d)}: expected a directory name")
        dirs.append(os.fspath(d))
    return dirs


def _import(module_name: str, dirs: Sequence[str]) -> ModuleType:
    """Import ``module_name``, its top-level package looked for in ``dirs`` before
    ``sys.path`` (as ``python -m`` puts the current directory first); a module already imported
    is used as it is."""
    top = module_name.partition(".")[0]
    if dirs and top not in sys.modules:
        found = importlib.machinery.PathFinder.find_spec(top, list(dirs))
        # a module, a package, or a namespace package (a directory without __init__.py)
        if found is not None and (found.loader is not None or found.submodule_search_locations is not None):
            module = importlib.util.module_from_spec(found)  # gives a namespace package its loader
            sys.modules[top] = module
            try:
                if found.loader is not None:
                    found.loader.exec_module(module)
            except BaseException:
                del sys.modules[top]
                raise
    return importlib.import_module(module_name)


def make_bot(spec: str, variant: Variant, rng: random.Random, *, search_path: Sequence[str] = ()) -> PlayStrategy:
    """A strategy from its name in :data:`BOTS` or ``package.module:factory``.

    The factory (a class or function) is called as ``factory(variant, rng)`` and must return an
    object with an ``act(view, legal)`` method.

    Parameters
    ----------
    spec : str
        A built-in name (``solid``, ``sensible``, ``random``, ``calling``) or ``package.module:factory``.
    variant : Variant
        The rules the bot plays.
    rng : random.Random
        The bot's own random source.
    search_path : sequence of str or os.PathLike, default ()
        Directories where the module's top-level package is looked for first, before
        ``sys.path``; the ``lowball`` command passes the current directory, as ``python -m``
        puts it first. A module already imported is used as it is.

    Raises
    ------
    LowballError
        For an unknown name, a ``spec`` without a module or factory name around the colon, a
        module that cannot be found or fails as it is imported, a factory the module does not
        have, a factory that is not callable or raises, or one that does not make a strategy;
        the message names ``spec`` (and the directories searched first, when the module is not
        found). For a bad ``search_path``.
    """
    factory: object
    if not isinstance(spec, str):
        raise LowballError(f"bot {shown(spec)}: expected a name ({', '.join(BOTS)}) or package.module:factory")
    if not isinstance(variant, Variant):
        raise LowballError(f"variant = {shown(variant)}: expected a lowball Variant")
    if rng is not None and not isinstance(rng, random.Random):
        raise LowballError(f"rng = {shown(rng)}: expected a random.Random")
    dirs = search_dirs(search_path)
    if spec in BOTS:
        factory = BOTS[spec]
    elif ":" in spec:
        module_name, _, attr = spec.partition(":")
        if not module_name.strip() or not attr.strip():
            raise LowballError(
                f"bot {shown(spec)}: expected package.module:factory, a module name before the colon and a "
                "factory after it"
            )
        try:
            module = _import(module_name, dirs)
        except ModuleNotFoundError as e:
            missing_it = dirs and e.name == module_name.partition(".")[0]  # not what it imports
            where = f" (looked in {', '.join(dirs)}, then sys.path)" if missing_it else ""
            raise LowballError(f"bot {shown(spec)} cannot be imported: {e}{where}") from None
        except Exception as e:  # a user's module: any failure as it runs is a bad bot, not a crash
            raise LowballError(f"bot {shown(spec)} cannot be imported: {type(e).__name__}: {e}") from None
        try:
            factory = getattr(module, attr)
        except AttributeError:
            raise LowballError(f"bot {shown(spec)}: module {shown(module_name)} has no {shown(attr)}") from None
    else:
        raise LowballError(f"bot {shown(spec)} is unknown: expected one of {', '.join(BOTS)} or package.module:factory")
    if not callable(factory):
        raise LowballError(f"bot {shown(spec)} is not callable")
    try:
        bot = factory(variant, rng)
    except Exception as e:  # a user's factory: any failure is a bad bot, not a crash
        raise LowballError(f"bot {shown(spec)} failed to start: {type(e).__name__}: {e}") from None
    if not isinstance(bot, PlayStrategy):
        raise LowballError(f"bot {shown(spec)} made {shown(bot)}, which has no act(view, legal) method")
    return bot

"""Ranking lowball hands: classes, categories, descriptions, showdowns, for 2-7, A-5 and badugi.

A hand's **class** is an integer 1..7462: 1 is 7-5-4-3-2 not all one suit (the best hand), 7462
the royal flush (the worst). **Lower is better**; equal classes tie. This is the numbering of the
ojpoker data and of Cactus Kev style evaluators (``DESIGN.md``, Conventions); the rules are those
of ``RULES.md`` section 1: aces are high, straights and flushes count against the hand, and
A-5-4-3-2 is not a straight.

>>> from lowball import evaluate, describe, winners
>>> evaluate("7s5h4d3c2s"), evaluate("As5d4h3c2c")
(1, 785)
>>> describe("As5d4h3c2c")
'A-5-4-3-2: ace high, not a straight'
>>> winners(["8s5h4d3c2s", "7s5h4d3c2s", "7c5d4h3s2d"])
[1, 2]

The same functions rank ace-to-five lowball (California lowball: aces low, straights and flushes
do not count; five cards, classes 1..6175) and badugi (four cards: the largest subset of different
suits and ranks plays, aces low; classes 1..1092) with ``ranking=`` (``RULES.md`` section 11):

>>> evaluate("5c4d3h2sAc", ranking=Ranking.ACE_TO_FIVE), describe("5c4d3h2sAc", ranking="a-5")
(1, '5-4-3-2-A: the wheel, the best A-5 hand')
>>> describe("Ad2c3h6h", ranking="badugi"), category("Ad2c3h6h", ranking="badugi").cards
('3-2-A: three-card 3', 3)
>>> winners(["Ad2c3h6h", "Ac3d4h5h"], ranking=Ranking.BADUGI)  # WSOP-LAR 304's example
[0]
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Literal, Union, cast, overload

import numpy as np

import lowball._core as _core
from lowball._rankings import Ranking, as_ranking
from lowball.cards import RANKS, Card, HandLike, format_cards, parse_hand
from lowball.errors import InvalidValueError, ValueEnumType, shown, whole_number

__all__ = [
    "NUM_CLASSES",
    "NUM_HANDS",
    "Ranking",
    "as_ranking",
    "HandCategory",
    "BadugiCategory",
    "Hand",
    "evaluate",
    "evaluate_batch",
    "evaluate_all",
    "category",
    "describe",
    "winners",
    "sorted_hand",
    "class_ranks",
]

NUM_CLASSES: int = _core.NUM_CLASSES
"""Number of distinct 2-7 hand values: 7462."""
NUM_HANDS: int = _core.NUM_HANDS
"""Number of five-card hands from 52 cards: 2,598,960."""

evaluate = _core.evaluate
evaluate_batch = _core.evaluate_batch
evaluate_all = _core.evaluate_all


class HandCategory(enum.IntEnum, metaclass=ValueEnumType):
    """The kind of a hand, best first for 2-7: a lower value is a better category."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @classmethod
    def _missing_(cls, value: object) -> HandCategory:
        raise InvalidValueError(f"{shown(value)} is not a valid HandCategory: expected 0..8")

    @property
    def label(self) -> str:
        """Lower-case words, e.g. ``'three of a kind'``."""
        return self.name.lower().replace("_", " ")


class BadugiCategory(enum.IntEnum, metaclass=ValueEnumType):
    """The kind of a badugi hand, best first: how many of its four cards play (WSOP-LAR 304).

    A four-card badugi beats any three-card hand, which beats any two-card hand, which beats a
    one-card hand; a lower value is a better category, as in :class:`HandCategory`.
    """

    FOUR_CARD = 0
    THREE_CARD = 1
    TWO_CARD = 2
    ONE_CARD = 3

    @classmethod
    def _missing_(cls, value: object) -> BadugiCategory:
        raise InvalidValueError(f"{shown(value)} is not a valid BadugiCategory: expected 0..3")

    @property
    def cards(self) -> int:
        """How many cards play: 4, 3, 2 or 1."""
        return 4 - self.value

    @property
    def label(self) -> str:
        """Lower-case words, e.g. ``'three-card hand'``; ``'badugi'`` for four cards."""
        return "badugi" if self is BadugiCategory.FOUR_CARD else f"{_COUNT_WORD[self.cards]}-card hand"


_COUNT_WORD = {1: "one", 2: "two", 3: "three", 4: "four"}

HandOrClass = Union[int, HandLike, "Hand"]


def _class_of(hand_or_class: HandOrClass, ranking: Ranking = Ranking.DEUCE_TO_SEVEN) -> int:
    """A class 1..``ranking.num_classes`` from a class number (any integer type: an int, or a
    numpy integer such as an element of :func:`evaluate_batch`'s result), or the class of a hand."""
    most = ranking.num_classes
    if type(hand_or_class) is int and 1 <= hand_or_class <= most:  # the common case, first
        return hand_or_class
    if (isinstance(hand_or_class, int) and not isinstance(hand_or_class, Card)) or isinstance(
        hand_or_class, (np.integer, np.bool_)
    ):  # one check and one message for every integer type (bool refused)
        what = "" if ranking is Ranking.DEUCE_TO_SEVEN else f"{ranking.title} "
        return whole_number(hand_or_class, f"{what}hand class", 1, most)
    return int(evaluate(cast(HandLike, hand_or_class), ranking))


@overload
def category(
    hand_or_class: HandOrClass, ranking: Literal[Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_FIVE] = ...
) -> HandCategory: ...
@overload
def category(hand_or_class: HandOrClass, ranking: Literal[Ranking.BADUGI]) -> BadugiCategory: ...
@overload
def category(hand_or_class: HandOrClass, ranking: Ranking | str) -> HandCategory | BadugiCategory: ...
def category(
    hand_or_class: HandOrClass, ranking: Ranking | str = Ranking.DEUCE_TO_SEVEN
) -> HandCategory | BadugiCategory:
    """The category of a hand, or of a class number.

    Parameters
    ----------
    hand_or_class
        A hand (anything :func:`evaluate` accepts) or a class 1..``ranking.num_classes``.
    ranking : Ranking or str, default Ranking.DEUCE_TO_SEVEN
        For 2-7 and A-5 the result is a :class:`HandCategory` (A-5 has no straights or flushes:
        never STRAIGHT, FLUSH or STRAIGHT_FLUSH); for badugi a :class:`BadugiCategory`.

    Raises
    ------
    InvalidCardError
        For a malformed hand (see :func:`evaluate`).
    InvalidValueError
        For an int outside the ranking's classes, or an unknown ranking (also a ValueError).
    """
    r = as_ranking(ranking)
    index = _core.category_index(_class_of(hand_or_class, r), r)
    if r is Ranking.BADUGI:
        return BadugiCategory(4 - index)
    return HandCategory(index)


_WORD = {
    "2": ("deuce", "deuces"),
    "3": ("three", "threes"),
    "4": ("four", "fours"),
    "5": ("five", "fives"),
    "6": ("six", "sixes"),
    "7": ("seven", "sevens"),
    "8": ("eight", "eights"),
    "9": ("nine", "nines"),
    "T": ("ten", "tens"),
    "J": ("jack", "jacks"),
    "Q": ("queen", "queens"),
    "K": ("king", "kings"),
    "A": ("ace", "aces"),
}
_NUMBERED = {"75432": "number one (the wheel)", "76432": "number two", "76532": "number three"}


@lru_cache(maxsize=1)
def class_ranks() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each 2-7 class (index = class; index 0 is unused), its category (a
    :class:`HandCategory` value) and ranks in display order (0 the deuce .. 12 the ace).

    Display order: the most repeated rank first, then higher ranks first (``2-2-7-6-5``,
    ``9-8-6-4-2``). Built once by ranking one hand of each class with the C core.
    """
    shapes: list[tuple[int, ...]] = []
    rows: list[list[int]] = []
    ranks: tuple[int, ...]
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        seen: dict[int, int] = {}
        row = []
        for r in ranks:  # give each copy of a rank its own suit: never a flush unless asked
            row.append(4 * r + seen.get(r, 0))
            seen[r] = seen.get(r, 0) + 1
        if len(set(ranks)) == 5:
            row[0] = 4 * ranks[0] + 1  # suits d c c c c: not a flush
        shapes.append(ranks)
        rows.append(row)
        if len(set(ranks)) == 5:
            shapes.append(ranks)
            rows.append([4 * r for r in ranks])  # all clubs: the flush of these ranks
    classes = evaluate_batch(np.array(rows, dtype=np.uint8))
    table: list[tuple[int, tuple[int, ...]]] = [(-1, ())] * (NUM_CLASSES + 1)
    for ranks, cls in zip(shapes, classes.tolist()):
        order = tuple(sorted(ranks, key=lambda r: (-ranks.count(r), -r)))
        table[cls] = (_core.category_index(cls), order)
    return tuple(table)


_LOW_RANKS = "A23456789TJQK"  # ranks with the ace low (A-5 and badugi), by low value 0..12


def _low_rank(value: int) -> int:
    """The card rank (0..12 = 2..A) of a low value (0 = ace .. 12 = king)."""
    return (value - 1) % 13


@lru_cache(maxsize=1)
def _a5_class_ranks() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each A-5 class, its HandCategory number and its ranks as low values in display order
    (the most repeated first, then from the top down: ``5-4-3-2-A``, ``A-A-4-3-2``)."""
    shapes: list[tuple[int, ...]] = []
    rows: list[list[int]] = []
    values: tuple[int, ...]
    for values in itertools.combinations_with_replacement(range(13), 5):
        if max(values.count(v) for v in values) > 4:
            continue
        seen: dict[int, int] = {}
        row = []
        for v in values:
            row.append(4 * _low_rank(v) + seen.get(v, 0))
            seen[v] = seen.get(v, 0) + 1
        shapes.append(values)
        rows.append(row)
    classes = evaluate_batch(np.array(rows, dtype=np.uint8), ranking=Ranking.ACE_TO_FIVE)
    table: list[tuple[int, tuple[int, ...]]] = [(-1, ())] * (Ranking.ACE_TO_FIVE.num_classes + 1)
    for values, cls in zip(shapes, classes.tolist()):
        order = tuple(sorted(values, key=lambda v: (-values.count(v), -v)))
        table[cls] = (_core.category_index(cls, Ranking.ACE_TO_FIVE), order)
    return tuple(table)


@lru_cache(maxsize=1)
def _badugi_class_ranks() -> tuple[tuple[int, ...], ...]:
    """For each badugi class, the low values of the cards that play, from the top down.

    Built by ranking one hand per rank set with the C core: the set's cards in different suits,
    filled up to four cards with its highest rank in the other suits (which never makes a larger
    or a lower subset)."""
    sets: list[tuple[int, ...]] = []
    rows: list[list[int]] = []
    for size in (4, 3, 2, 1):
        for values in itertools.combinations(range(13), size):
            top = _low_rank(max(values))
            row = [4 * _low_rank(v) + suit for suit, v in enumerate(values)]
            row += [4 * top + suit for suit in range(size, 4)]
            sets.append(tuple(sorted(values, reverse=True)))
            rows.append(row)
    classes = evaluate_batch(np.array(rows, dtype=np.uint8), ranking=Ranking.BADUGI)
    table: list[tuple[int, ...]] = [()] * (Ranking.BADUGI.num_classes + 1)
    for values, cls in zip(sets, classes.tolist()):
        table[cls] = values
    return tuple(table)


def _paired_name(cat: HandCategory, chars: list[str]) -> str:
    """The name of a hand with a repeated rank, 2-7 and A-5 alike; ``chars`` in display order
    (the most repeated rank first): 'pair of aces', 'full house, queens full of jacks'."""
    if cat is HandCategory.PAIR:
        return f"pair of {_WORD[chars[0]][1]}"
    if cat is HandCategory.TWO_PAIR:
        return f"two pair, {_WORD[chars[0]][1]} and {_WORD[chars[2]][1]}"
    if cat is HandCategory.THREE_OF_A_KIND:
        return f"three of a kind, {_WORD[chars[0]][1]}"
    if cat is HandCategory.FULL_HOUSE:
        return f"full house, {_WORD[chars[0]][1]} full of {_WORD[chars[3]][1]}"
    return f"four of a kind, {_WORD[chars[0]][1]}"


def _describe_a5(cls: int) -> str:
    cat_index, values = _a5_class_ranks()[cls]
    cat = HandCategory(cat_index)
    chars = [_LOW_RANKS[v] for v in values]
    text = "-".join(chars)
    if cat is HandCategory.HIGH_CARD:
        key = "".join(chars)
        if key == "5432A":
            name = "the wheel, the best A-5 hand"
        elif key[1:] == "432A":
            name = f"the nut {_WORD[chars[0]][0]}"
        else:
            name = f"{chars[0]}-{chars[1]} low"
    else:
        name = _paired_name(cat, chars)
    return f"{text}: {name}"


def _describe_badugi(cls: int) -> str:
    values = _badugi_class_ranks()[cls]
    chars = [_LOW_RANKS[v] for v in values]
    text = "-".join(chars)
    if len(values) == 4:
        name = f"a 4-card badugi, {chars[0]} high"
        if cls == 1:
            name += ", the best badugi"
    else:
        name = f"{_COUNT_WORD[len(values)]}-card {chars[0]}"
    return f"{text}: {name}"


def describe(hand_or_class: HandOrClass, ranking: Ranking | str = Ranking.DEUCE_TO_SEVEN) -> str:
    """The hand in the players' words, e.g. ``'7-5-4-3-2: number one (the wheel)'``.

    The text starts with the ranks (the most repeated first, then from the top down), then a
    colon and the name players give it: ``'8-5-4-3-2: the nut eight'``, ``'9-8-6-4-2: 9-8 low'``,
    ``'A-5-4-3-2: ace high, not a straight'``, ``'2-2-7-6-5: pair of deuces'``,
    ``'K-Q-J-T-9: king-high straight'``, ``'A-K-Q-J-T: royal flush'`` (RULES.md section 1).
    Suits are not shown: they never change a hand's value except as a flush.

    With ``ranking=Ranking.ACE_TO_FIVE`` the ace is low and is shown last:
    ``'5-4-3-2-A: the wheel, the best A-5 hand'``, ``'6-4-3-2-A: the nut six'``,
    ``'8-7-4-3-2: 8-7 low'``, ``'A-A-4-3-2: pair of aces'``. With ``ranking=Ranking.BADUGI``
    only the cards that play are shown: ``'8-5-3-2: a 4-card badugi, 8 high'``,
    ``'4-3-2-A: a 4-card badugi, 4 high, the best badugi'``, ``'7-3-2: three-card 7'``,
    ``'5-2: two-card 5'``, ``'K: one-card K'``.

    Raises
    ------
    InvalidCardError
        For a malformed hand. InvalidValueError (a ValueError) for an int outside the ranking's
        classes (1..7462 for 2-7) or an unknown ranking.
    """
    r = as_ranking(ranking)
    if r is Ranking.ACE_TO_FIVE:
        return _describe_a5(_class_of(hand_or_class, r))
    if r is Ranking.BADUGI:
        return _describe_badugi(_class_of(hand_or_class, r))
    cat_index, ranks = class_ranks()[_class_of(hand_or_class)]
    cat = HandCategory(cat_index)
    chars = [RANKS[r] for r in ranks]
    text = "-".join(chars)
    top = _WORD[chars[0]][0]
    if cat is HandCategory.HIGH_CARD:
        key = "".join(chars)
        if key in _NUMBERED:
            name = _NUMBERED[key]
        elif key == "A5432":
            name = "ace high, not a straight"
        elif key[1:] == "5432":
            name = f"the nut {top}"
        else:
            name = f"{chars[0]}-{chars[1]} low"
    elif cat is HandCategory.STRAIGHT:
        name = f"{top}-high straight"
    elif cat is HandCategory.FLUSH:
        name = f"{top}-high flush"
    elif cat is HandCategory.STRAIGHT_FLUSH:
        name = "royal flush" if chars[0] == "A" else f"{top}-high straight flush"
    else:
        name = _paired_name(cat, chars)
    return f"{text}: {name}"


def winners(hands: Iterable[HandOrClass], ranking: Ranking | str = Ranking.DEUCE_TO_SEVEN) -> list[int]:
    """Indices of the winning hands of a showdown: all hands with the lowest (best) class.

    More than one index means a split pot (equal hands tie; suits never break a tie).

    Parameters
    ----------
    hands
        Hands (anything :func:`evaluate` accepts) or class numbers; at least one.
    ranking : Ranking or str, default Ranking.DEUCE_TO_SEVEN
        The ranking of the hands (and of the class numbers).

    Returns
    -------
    list of int
        Positions in ``hands``, in increasing order.

    Raises
    ------
    InvalidValueError
        For an empty ``hands``, or one that is not a list (also a ValueError). InvalidCardError
        for a malformed hand.
    """
    r = as_ranking(ranking)
    if isinstance(hands, (str, bytes, bytearray)) or not isinstance(hands, Iterable):
        raise InvalidValueError(
            f"{shown(hands)} is not a list of hands: expected hands or class numbers 1..{r.num_classes}"
        )
    classes = [_class_of(h, r) for h in hands]
    if not classes:
        raise InvalidValueError("winners() needs at least one hand")
    best = min(classes)
    return [i for i, c in enumerate(classes) if c == best]


def _low_order(card: Card) -> int:
    """A card's rank with the ace low: the ace 0, the deuce 1, ..., the king 12."""
    return ((int(card) >> 2) + 1) % 13


def sorted_hand(hand: Sequence[Card], ranking: Ranking | str = Ranking.DEUCE_TO_SEVEN) -> tuple[Card, ...]:
    """A hand as shown at the table: highest rank first, as a low is read (``describe``: 7-6-5-4-2),
    cards of one rank by suit: clubs, diamonds, hearts, spades (the encoding's order).
    ``7d 6c 5c 4d 2s``; a pair: ``8c 8s 5h 4d 2s``. In A-5 and badugi (``ranking``) the ace is
    low and comes last: ``5c 4d 3h 2s Ac``, ``4h 3d 2c As``. What the command, the server and the
    draw table's data (:meth:`lowball.odds.DiscardTable.to_dict`) show.

    >>> from lowball.cards import format_cards, parse_cards
    >>> format_cards(sorted_hand(parse_cards("2s 7d 4d 5c 6c")), " ")
    '7d 6c 5c 4d 2s'
    >>> format_cards(sorted_hand(parse_cards("As 2c 3d 4h"), "badugi"), " ")
    '4h 3d 2c As'

    Raises
    ------
    InvalidValueError
        For a ``ranking`` that is not one (see :class:`Ranking`).
    """
    if as_ranking(ranking) is Ranking.DEUCE_TO_SEVEN:
        return tuple(sorted(hand, key=lambda c: (-(int(c) >> 2), int(c) & 3)))
    return tuple(sorted(hand, key=lambda c: (-_low_order(c), int(c) & 3)))


class Hand(tuple[Card, ...]):
    """Five distinct cards, with their 2-7 value (for A-5 and badugi use :func:`evaluate`,
    :func:`describe` and :func:`winners` with ``ranking=``).

    A ``Hand`` is a tuple of :class:`Card` (in the order given). It has **no** ``<`` or ``>``:
    in lowball a lower class is a better hand, and an ordering on hands would be too easy to
    misread. Use :meth:`beats`, :meth:`ties` and :attr:`hand_class` (lower is better) instead;
    ``sorted(hands, key=lambda h: h.hand_class)`` lists them best first.

    Raises
    ------
    InvalidCardError
        From the constructor, for anything :func:`lowball.parse_hand` rejects.
    """

    __slots__ = ()

    def __new__(cls, cards: HandLike) -> Hand:
        return super().__new__(cls, parse_hand(cards))

    @property
    def hand_class(self) -> int:
        """The class 1 (best) .. 7462 (worst)."""
        return int(evaluate(self))

    @property
    def category(self) -> HandCategory:
        """The :class:`HandCategory`."""
        return category(self.hand_class)

    def describe(self) -> str:
        """The players' name of the hand (see :func:`lowball.describe`)."""
        return describe(self.hand_class)

    def beats(self, other: HandLike) -> bool:
        """True if this hand wins against ``other`` at showdown (it has the lower class)."""
        return self.hand_class < _class_of(other)

    def ties(self, other: HandLike) -> bool:
        """True if the two hands split the pot (same class)."""
        return self.hand_class == _class_of(other)

    def __str__(self) -> str:
        return format_cards(self)

    def __repr__(self) -> str:
        return f"Hand({format_cards(self)!r})"

    def __lt__(self, other: object) -> bool:
        raise TypeError("hands are not ordered with '<': use Hand.beats() or Hand.hand_class")

    __gt__ = __le__ = __ge__ = __lt__

"""Ranking deuce-to-seven hands: classes, categories, descriptions, showdowns.

A hand's **class** is an integer 1..7462: 1 is 7-5-4-3-2 not all one suit (the best hand), 7462
the royal flush (the worst). **Lower is better**; equal classes tie. This is the numbering of the
ojpoker data and of Cactus Kev style evaluators (``../shared/DESIGN.md``); the rules are those of
``../shared/RULES.md`` section 1: aces are high, straights and flushes count against the hand, and
A-5-4-3-2 is not a straight.

>>> from lowball import evaluate, describe, winners
>>> evaluate("7s5h4d3c2s"), evaluate("As5d4h3c2c")
(1, 785)
>>> describe("As5d4h3c2c")
'A-5-4-3-2: ace high, not a straight'
>>> winners(["8s5h4d3c2s", "7s5h4d3c2s", "7c5d4h3s2d"])
[1, 2]
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from functools import lru_cache
from typing import Union, cast

import numpy as np

from lowball import _core
from lowball.cards import RANKS, Card, HandLike, format_cards, parse_hand
from lowball.errors import InvalidValueError, whole_number

__all__ = [
    "NUM_CLASSES",
    "NUM_HANDS",
    "HandCategory",
    "Hand",
    "evaluate",
    "evaluate_batch",
    "evaluate_all",
    "category",
    "describe",
    "winners",
]

NUM_CLASSES: int = _core.NUM_CLASSES
"""Number of distinct 2-7 hand values: 7462."""
NUM_HANDS: int = _core.NUM_HANDS
"""Number of five-card hands from 52 cards: 2,598,960."""

evaluate = _core.evaluate
evaluate_batch = _core.evaluate_batch
evaluate_all = _core.evaluate_all


class HandCategory(enum.IntEnum):
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
        raise InvalidValueError(f"{value!r} is not a valid HandCategory: expected 0..8")

    @property
    def label(self) -> str:
        """Lower-case words, e.g. ``'three of a kind'``."""
        return self.name.lower().replace("_", " ")


HandOrClass = Union[int, HandLike, "Hand"]


def _class_of(hand_or_class: HandOrClass) -> int:
    """A class 1..7462 from a class number (any integer type: an int, or a numpy integer such
    as an element of :func:`evaluate_batch`'s result), or the class of a hand."""
    if isinstance(hand_or_class, int) and not isinstance(hand_or_class, (bool, Card)):
        if not 1 <= hand_or_class <= NUM_CLASSES:
            raise InvalidValueError(f"hand class {hand_or_class} is out of range: expected 1..7462")
        return hand_or_class
    if isinstance(hand_or_class, (np.integer, np.bool_)):
        return whole_number(hand_or_class, "hand class", 1, NUM_CLASSES)
    return int(evaluate(cast(HandLike, hand_or_class)))


def category(hand_or_class: HandOrClass) -> HandCategory:
    """The :class:`HandCategory` of a hand, or of a class number 1..7462.

    Raises
    ------
    InvalidCardError
        For a malformed hand (see :func:`evaluate`).
    InvalidValueError
        For an int outside 1..7462 (also a ValueError).
    """
    return HandCategory(_core.category_index(_class_of(hand_or_class)))


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
def _class_ranks() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each class (index = class), its category and ranks in display order.

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


def describe(hand_or_class: HandOrClass) -> str:
    """The hand in the players' words, e.g. ``'7-5-4-3-2: number one (the wheel)'``.

    The text starts with the ranks (the most repeated first, then from the top down), then a
    colon and the name players give it: ``'8-5-4-3-2: the nut eight'``, ``'9-8-6-4-2: 9-8 low'``,
    ``'A-5-4-3-2: ace high, not a straight'``, ``'2-2-7-6-5: pair of deuces'``,
    ``'K-Q-J-T-9: king-high straight'``, ``'A-K-Q-J-T: royal flush'`` (RULES.md section 1).
    Suits are not shown: they never change a hand's value except as a flush.

    Raises
    ------
    InvalidCardError
        For a malformed hand. InvalidValueError (a ValueError) for an int outside 1..7462.
    """
    cat_index, ranks = _class_ranks()[_class_of(hand_or_class)]
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
    elif cat is HandCategory.PAIR:
        name = f"pair of {_WORD[chars[0]][1]}"
    elif cat is HandCategory.TWO_PAIR:
        name = f"two pair, {_WORD[chars[0]][1]} and {_WORD[chars[2]][1]}"
    elif cat is HandCategory.THREE_OF_A_KIND:
        name = f"three of a kind, {_WORD[chars[0]][1]}"
    elif cat is HandCategory.STRAIGHT:
        name = f"{top}-high straight"
    elif cat is HandCategory.FLUSH:
        name = f"{top}-high flush"
    elif cat is HandCategory.FULL_HOUSE:
        name = f"full house, {_WORD[chars[0]][1]} full of {_WORD[chars[3]][1]}"
    elif cat is HandCategory.FOUR_OF_A_KIND:
        name = f"four of a kind, {_WORD[chars[0]][1]}"
    else:
        name = "royal flush" if chars[0] == "A" else f"{top}-high straight flush"
    return f"{text}: {name}"


def winners(hands: Iterable[HandOrClass]) -> list[int]:
    """Indices of the winning hands of a showdown: all hands with the lowest (best) class.

    More than one index means a split pot (equal hands tie; suits never break a tie).

    Parameters
    ----------
    hands
        Hands (anything :func:`evaluate` accepts) or class numbers; at least one.

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
    if isinstance(hands, (str, bytes, bytearray)) or not isinstance(hands, Iterable):
        raise InvalidValueError(f"{hands!r} is not a list of hands: expected hands or class numbers 1..7462")
    classes = [_class_of(h) for h in hands]
    if not classes:
        raise InvalidValueError("winners() needs at least one hand")
    best = min(classes)
    return [i for i, c in enumerate(classes) if c == best]


class Hand(tuple[Card, ...]):
    """Five distinct cards, with their 2-7 value.

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

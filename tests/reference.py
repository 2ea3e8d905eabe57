"""Slow, obviously right rankers: 2-7 (RULES.md section 1), A-5 and badugi (section 11).

They share no code with the C core or with tools/gen_tables.py: each gives a hand a sort key
(category first, then the ranks that decide within the category) and numbers the distinct keys
in order. Lower key = better hand.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import lru_cache

import numpy as np

# Categories, best first: a lower number is a better category.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
_SHAPES = {
    (1, 1, 1, 1, 1): HIGH_CARD,
    (2, 1, 1, 1): PAIR,
    (2, 2, 1): TWO_PAIR,
    (3, 1, 1): TRIPS,
    (3, 2): FULL_HOUSE,
    (4, 1): QUADS,
}


def reference_key(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(category, deciding ranks) of five cards; compare keys with '<': smaller is better."""
    ranks = [c // 4 for c in cards]
    flush = len({c % 4 for c in cards}) == 1
    counts = Counter(ranks)
    # Ranks grouped by how often they occur, then from the top down: for a pair the pair comes
    # first, then its kickers high to low; for two pair the higher pair, the lower, the kicker.
    groups = sorted(counts, key=lambda r: (-counts[r], -r))
    shape = tuple(counts[r] for r in groups)
    # Aces are only high: A-5-4-3-2 is not a straight (its top-minus-bottom is 12 - 0 = 12).
    straight = len(counts) == 5 and groups[0] - groups[4] == 4
    if straight:
        category = STRAIGHT_FLUSH if flush else STRAIGHT
    elif flush:
        category = FLUSH
    else:
        category = _SHAPES[shape]
    return category, tuple(groups)


@lru_cache(maxsize=1)
def reference_class_of_key() -> dict[tuple[int, tuple[int, ...]], int]:
    """Every distinct key of every five-card hand, numbered 1.. best first."""
    keys = {reference_key(h) for h in _representatives()}
    return {k: i + 1 for i, k in enumerate(sorted(keys))}


def _representatives() -> list[tuple[int, ...]]:
    """One hand per (rank multiset, flush or not): enough to see every key."""
    hands = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        suits = []
        seen: Counter[int] = Counter()
        for r in ranks:
            suits.append(seen[r])
            seen[r] += 1
        if len(set(ranks)) == 5:
            suits[0] = 1
            hands.append(tuple(4 * r for r in ranks))
        hands.append(tuple(4 * r + s for r, s in zip(ranks, suits)))
    return hands


def reference_class(cards: tuple[int, ...]) -> int:
    """The class 1..7462 of five cards by the reference ranker."""
    return reference_class_of_key()[reference_key(cards)]


def reference_classes_all() -> list[int]:
    """Reference classes of all 2,598,960 hands in itertools.combinations(range(52), 5) order."""
    table = reference_class_of_key()
    memo: dict[tuple[tuple[int, ...], bool], int] = {}
    out = []
    for hand in itertools.combinations(range(52), 5):
        ranks = tuple(c >> 2 for c in hand)
        flush = (hand[0] & 3) == (hand[1] & 3) == (hand[2] & 3) == (hand[3] & 3) == (hand[4] & 3)
        key = (ranks, flush)
        cls = memo.get(key)
        if cls is None:
            cls = memo[key] = table[reference_key(hand)]
        out.append(cls)
    return out


# ---------------------------------------------------------------------------------------------
# Ace-to-five lowball, written from RULES.md section 11 (WSOP-LAR 287-290) alone.
#
# Aces are low (the ace is the lowest card, below the deuce), straights and flushes do not
# count, and a hand with a pair is worse than any hand without one. So a hand's key is its
# category (by the shape of its rank counts) and then its ranks with the ace counted as 1,
# grouped by how often they occur and each group from the top down.

A5_NO_PAIR, A5_PAIR, A5_TWO_PAIR, A5_TRIPS, A5_FULL_HOUSE, A5_QUADS = range(6)
A5_SHAPES = {
    (1, 1, 1, 1, 1): A5_NO_PAIR,
    (2, 1, 1, 1): A5_PAIR,
    (2, 2, 1): A5_TWO_PAIR,
    (3, 1, 1): A5_TRIPS,
    (3, 2): A5_FULL_HOUSE,
    (4, 1): A5_QUADS,
}


def ace_low_rank(card: int) -> int:
    """The card's rank counted with the ace low: A = 1, 2 = 2, ..., K = 13."""
    rank = card // 4  # 0 = deuce .. 12 = ace (the project's card encoding)
    return 1 if rank == 12 else rank + 2


def a5_reference_key(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(category, deciding ranks, ace = 1) of five cards; smaller is better. Suits play no part."""
    counts = Counter(ace_low_rank(c) for c in cards)
    groups = sorted(counts, key=lambda r: (-counts[r], -r))
    return A5_SHAPES[tuple(counts[r] for r in groups)], tuple(groups)


def _a5_rank_multisets() -> list[tuple[int, ...]]:
    """Every multiset of five ranks (0..12, the card encoding's) that a deck can deal."""
    return [
        ranks for ranks in itertools.combinations_with_replacement(range(13), 5) if max(Counter(ranks).values()) < 5
    ]


@lru_cache(maxsize=1)
def a5_reference_class_of_key() -> dict[tuple[int, tuple[int, ...]], int]:
    """Every distinct A-5 key of every five-card hand, numbered 1.. best first."""
    # Suits never matter, so one hand per rank multiset (suits 0, 1, 2, 3 for repeats) shows every key.
    keys = {a5_reference_key(_cards_of_ranks(ranks)) for ranks in _a5_rank_multisets()}
    return {k: i + 1 for i, k in enumerate(sorted(keys))}


def _cards_of_ranks(ranks: tuple[int, ...]) -> tuple[int, ...]:
    seen: Counter[int] = Counter()
    cards = []
    for r in ranks:
        cards.append(4 * r + seen[r])
        seen[r] += 1
    return tuple(cards)


def a5_reference_class(cards: tuple[int, ...]) -> int:
    """The A-5 class 1..6175 of five cards by the reference ranker."""
    return a5_reference_class_of_key()[a5_reference_key(tuple(cards))]


def a5_reference_category(cls: int) -> int:
    """The category (A5_NO_PAIR .. A5_QUADS) of an A-5 class."""
    return _a5_key_of_class()[cls][0]


@lru_cache(maxsize=1)
def _a5_key_of_class() -> dict[int, tuple[int, tuple[int, ...]]]:
    return {c: k for k, c in a5_reference_class_of_key().items()}


def a5_reference_classes_all() -> np.ndarray:
    """Reference A-5 classes of all 2,598,960 hands in itertools.combinations(range(52), 5) order.

    The class depends on the rank multiset alone, so each hand's sorted ranks, read as a number
    in base 13, index a table filled from the reference key of one hand per multiset.
    """
    table = np.zeros(13**5, dtype=np.uint16)
    weights = 13 ** np.arange(5)
    for ranks in _a5_rank_multisets():
        table[int(np.dot(ranks, weights))] = a5_reference_class(_cards_of_ranks(ranks))
    ranks = all_combinations(5) >> 2  # sorted: the cards of a combination grow, so do their ranks
    return table[ranks.astype(np.int64) @ weights]


@lru_cache(maxsize=2)
def all_combinations(size: int) -> np.ndarray:
    """itertools.combinations(range(52), size) as an (N, size) uint8 array, in that order."""
    flat = itertools.chain.from_iterable(itertools.combinations(range(52), size))
    return np.fromiter(flat, dtype=np.uint8).reshape(-1, size)


# ---------------------------------------------------------------------------------------------
# Badugi, written from RULES.md section 11 (WSOP-LAR 303-304) alone.
#
# Of four cards, every subset whose cards differ in suit and in rank is a candidate; the hand
# plays its best candidate: the most cards first, then the lowest highest card, then the next
# (aces low). A key is (4 - number of cards, ranks with the ace as 1 from the top down).

BADUGI_FOUR, BADUGI_THREE, BADUGI_TWO, BADUGI_ONE = range(4)


def badugi_candidates(cards: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every non-empty subset of the cards with no two of one suit or of one rank."""
    out = []
    for size in range(1, len(cards) + 1):
        for subset in itertools.combinations(cards, size):
            if len({c % 4 for c in subset}) == size and len({c // 4 for c in subset}) == size:
                out.append(subset)
    return out


def badugi_reference_key(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(4 - cards played, ranks played with ace = 1, highest first) of four cards; smaller is better."""
    return min(
        (4 - len(s), tuple(sorted((ace_low_rank(c) for c in s), reverse=True))) for s in badugi_candidates(cards)
    )


@lru_cache(maxsize=1)
def _badugi_keys_all() -> list[tuple[int, tuple[int, ...]]]:
    """The key of every four-card hand, in itertools.combinations(range(52), 4) order."""
    return [badugi_reference_key(h) for h in itertools.combinations(range(52), 4)]


@lru_cache(maxsize=1)
def badugi_reference_class_of_key() -> dict[tuple[int, tuple[int, ...]], int]:
    """Every distinct badugi key of every four-card hand, numbered 1.. best first."""
    return {k: i + 1 for i, k in enumerate(sorted(set(_badugi_keys_all())))}


def badugi_reference_class(cards: tuple[int, ...]) -> int:
    """The badugi class 1..1092 of four cards by the reference ranker."""
    return badugi_reference_class_of_key()[badugi_reference_key(tuple(cards))]


def badugi_reference_category(cls: int) -> int:
    """The category (BADUGI_FOUR .. BADUGI_ONE: four less the cards played) of a badugi class."""
    return _badugi_key_of_class()[cls][0]


@lru_cache(maxsize=1)
def _badugi_key_of_class() -> dict[int, tuple[int, tuple[int, ...]]]:
    return {c: k for k, c in badugi_reference_class_of_key().items()}


@lru_cache(maxsize=1)
def badugi_reference_classes_all() -> np.ndarray:
    """Reference badugi classes of all 270,725 hands in itertools.combinations(range(52), 4) order."""
    table = badugi_reference_class_of_key()
    return np.array([table[k] for k in _badugi_keys_all()], dtype=np.uint16)

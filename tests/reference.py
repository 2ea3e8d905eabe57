"""A slow, obviously right 2-7 ranker, written from RULES.md section 1 alone.

It shares no code with the C core or with tools/gen_tables.py: it gives each hand a sort key
(category first, then the ranks that decide within the category) and numbers the distinct keys
in order. Lower key = better hand.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import lru_cache

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

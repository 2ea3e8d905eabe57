"""A-5 and badugi in the C core against the slow reference rankers, on every hand (issue 16).

The reference rankers (tests/reference.py) are written from RULES.md section 11 alone. Here they
are first checked on their own (class counts, counts of hands worked out by hand, and for badugi a
second characterisation of a hand's size), then the core is compared with them on all 2,598,960
five-card hands (A-5) and all 270,725 four-card hands (badugi), through ``evaluate_all``,
``evaluate_batch`` and ``evaluate``, and its ``category`` and ``describe`` with their categories.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections import Counter
from math import comb

import numpy as np
import pytest
from reference import (
    A5_FULL_HOUSE,
    A5_NO_PAIR,
    A5_PAIR,
    A5_QUADS,
    A5_SHAPES,
    A5_TRIPS,
    A5_TWO_PAIR,
    BADUGI_FOUR,
    BADUGI_ONE,
    BADUGI_THREE,
    BADUGI_TWO,
    a5_reference_category,
    a5_reference_class,
    a5_reference_class_of_key,
    a5_reference_classes_all,
    a5_reference_key,
    all_combinations,
    badugi_reference_category,
    badugi_reference_class,
    badugi_reference_class_of_key,
    badugi_reference_classes_all,
    badugi_reference_key,
)

import lowball
from lowball.cards import format_cards

# The MD5 of every hand in the order of its class (tests/data/SOURCES.md says how it is made).
FINGERPRINT_A5 = "edd288a3022b2763475a533ad2a102e9"
FINGERPRINT_BADUGI = "a423ecdbb7be69e8c0221174fca7420c"
FINGERPRINT_A5_ACE_HIGH = "ac80f1194517b3da86a6c9aabd30bef2"


def cards(text: str) -> tuple[int, ...]:
    """Card numbers of card text, for the reference rankers (which take numbers)."""
    return tuple(int(c) for c in lowball.parse_cards(text))


# --- the reference rankers on their own ------------------------------------------------------


def test_a5_reference_numbering() -> None:
    table = a5_reference_class_of_key()
    assert len(table) == 6175
    assert sorted(table.values()) == list(range(1, 6176))
    assert a5_reference_class(cards("5h4d3c2sAs")) == 1  # the wheel
    assert a5_reference_class(cards("5s4s3s2sAs")) == 1  # flushes and straights do not count
    assert a5_reference_class(cards("6h4d3c2sAs")) == 2
    assert a5_reference_class(cards("6h5d4c3s2s")) == 6  # after 6-5-4-3-A, 6-5-4-2-A, ...
    assert a5_reference_class(cards("KhQdJcTs9s")) == 1287  # the worst hand without a pair
    assert a5_reference_class(cards("AhAd2c3s4s")) == 1288  # the best pair: aces are low
    assert a5_reference_class(cards("KhKdKcKsQs")) == 6175  # the worst hand
    assert a5_reference_key(cards("AhAd7c6s5s")) < a5_reference_key(cards("2h2d5c4s3s"))


def test_a5_reference_classes_per_category() -> None:
    """Distinct rank patterns of each category, counted by hand (ace low changes no count)."""
    per_category = Counter(a5_reference_category(c) for c in range(1, 6176))
    assert per_category == {
        A5_NO_PAIR: comb(13, 5),  # 1287: five different ranks, straights included
        A5_PAIR: 13 * comb(12, 3),  # 2860
        A5_TWO_PAIR: comb(13, 2) * 11,  # 858
        A5_TRIPS: 13 * comb(12, 2),  # 858
        A5_FULL_HOUSE: 13 * 12,  # 156
        A5_QUADS: 13 * 12,  # 156
    }


# Hands of each A-5 category among the 2,598,960, counted by hand: straights and flushes are
# hands without a pair here (every choice of suits counts).
A5_HANDS_PER_CATEGORY = {
    A5_NO_PAIR: comb(13, 5) * 4**5,  # 1,317,888
    A5_PAIR: 13 * comb(4, 2) * comb(12, 3) * 4**3,  # 1,098,240
    A5_TWO_PAIR: comb(13, 2) * comb(4, 2) ** 2 * 11 * 4,  # 123,552
    A5_TRIPS: 13 * comb(4, 3) * comb(12, 2) * 4**2,  # 54,912
    A5_FULL_HOUSE: 13 * comb(4, 3) * 12 * comb(4, 2),  # 3,744
    A5_QUADS: 13 * 12 * 4,  # 624
}


def test_a5_reference_hands_per_category() -> None:
    assert sum(A5_HANDS_PER_CATEGORY.values()) == 2_598_960
    ref = a5_reference_classes_all()
    per_class = np.bincount(ref, minlength=6176)
    got = Counter()
    for c in range(1, 6176):
        got[a5_reference_category(c)] += int(per_class[c])
    assert got == A5_HANDS_PER_CATEGORY
    assert dict(Counter(A5_HANDS_PER_CATEGORY)) == {
        A5_NO_PAIR: 1_317_888,
        A5_PAIR: 1_098_240,
        A5_TWO_PAIR: 123_552,
        A5_TRIPS: 54_912,
        A5_FULL_HOUSE: 3_744,
        A5_QUADS: 624,
    }


def test_badugi_reference_numbering() -> None:
    table = badugi_reference_class_of_key()
    assert len(table) == 1092
    assert sorted(table.values()) == list(range(1, 1093))
    per_category = Counter(badugi_reference_category(c) for c in range(1, 1093))
    # Distinct sets of ranks: a k-card hand is k different ranks of 13.
    assert per_category == {BADUGI_FOUR: 715, BADUGI_THREE: 286, BADUGI_TWO: 78, BADUGI_ONE: 13}
    assert [comb(13, k) for k in (4, 3, 2, 1)] == [715, 286, 78, 13]
    assert badugi_reference_class(cards("Ac2d3h4s")) == 1  # WSOP-LAR 303
    assert badugi_reference_class(cards("5c3d2hAs")) == 2
    assert badugi_reference_class(cards("KcQdJhTs")) == 715  # the worst four-card hand
    assert badugi_reference_class(cards("3c2dAh3s")) == 716  # the best three-card hand
    assert badugi_reference_class(cards("KcKdKhKs")) == 1092  # one-card K, the worst hand
    assert badugi_reference_key(cards("Ad2c3h6h")) == (BADUGI_THREE, (3, 2, 1))  # WSOP-LAR 304
    assert badugi_reference_key(cards("Ac3d4h5h")) == (BADUGI_THREE, (4, 3, 1))


# Hands of each badugi size among the 270,725. Four cards: a different rank for each suit,
# 13 * 12 * 11 * 10. One card: every pair of the four cards shares a suit or a rank, which for
# four cards means one suit (4 * C(13, 4)) or one rank (13). Three and two cards: counted by a
# second method below (the smallest cover), which must also give the reference's size of every hand.
BADUGI_HANDS_PER_CATEGORY = {BADUGI_FOUR: 17_160, BADUGI_THREE: 154_440, BADUGI_TWO: 96_252, BADUGI_ONE: 2_873}


def _smallest_cover(hands: np.ndarray) -> np.ndarray:
    """For each row of four cards, the fewest suits and ranks that between them hold every card.

    By Konig's theorem (cards as edges between their suit and their rank) this number is the
    size of the largest set of cards with no suit and no rank twice: a second, independent way
    to the size of a badugi hand, worked out without choosing any subset of the cards.
    """
    # Each card as a 17-bit set of its labels (4 suits, 13 ranks); a cover holds a card when
    # they share a label. Four labels always do (the four suits), so only covers of 1-3 are tried.
    labels = (1 << (hands & 3).astype(np.int32)) | (1 << (4 + (hands >> 2)).astype(np.int32))
    best = np.full(len(hands), 4, dtype=np.int64)
    for k in (3, 2, 1):
        for cover in itertools.combinations([1 << i for i in range(17)], k):
            held = ((labels & sum(cover)) != 0).all(axis=1)
            best[held] = k
    return best


@pytest.mark.slow
def test_badugi_reference_size_is_the_smallest_cover() -> None:
    hands = all_combinations(4)
    sizes = 4 - np.array([badugi_reference_category(int(c)) for c in badugi_reference_classes_all()])
    cover = _smallest_cover(hands)
    assert np.array_equal(sizes, cover)
    assert Counter((4 - cover).tolist()) == BADUGI_HANDS_PER_CATEGORY
    assert sum(BADUGI_HANDS_PER_CATEGORY.values()) == comb(52, 4)
    assert BADUGI_HANDS_PER_CATEGORY[BADUGI_FOUR] == 13 * 12 * 11 * 10
    assert BADUGI_HANDS_PER_CATEGORY[BADUGI_ONE] == 4 * comb(13, 4) + 13


# --- the core against the references, every hand ---------------------------------------------


@pytest.fixture(scope="module")
def a5_all() -> np.ndarray:
    return lowball.evaluate_all(ranking=lowball.Ranking.ACE_TO_FIVE)


@pytest.fixture(scope="module")
def badugi_all() -> np.ndarray:
    return lowball.evaluate_all(ranking=lowball.Ranking.BADUGI)


@pytest.mark.slow
def test_a5_core_agrees_with_reference_on_every_hand(a5_all: np.ndarray) -> None:
    ref = a5_reference_classes_all()
    assert a5_all.shape == (2_598_960,) and a5_all.dtype == np.uint16
    bad = np.flatnonzero(ref != a5_all)
    assert bad.size == 0, (
        f"{bad.size} hands differ, first {format_cards(all_combinations(5)[bad[0]])}: "
        f"core {a5_all[bad[0]]}, reference {ref[bad[0]]}"
    )
    assert len(np.unique(a5_all)) == 6175


@pytest.mark.slow
def test_badugi_core_agrees_with_reference_on_every_hand(badugi_all: np.ndarray) -> None:
    ref = badugi_reference_classes_all()
    assert badugi_all.shape == (270_725,) and badugi_all.dtype == np.uint16
    bad = np.flatnonzero(ref != badugi_all)
    assert bad.size == 0, (
        f"{bad.size} hands differ, first {format_cards(all_combinations(4)[bad[0]])}: "
        f"core {badugi_all[bad[0]]}, reference {ref[bad[0]]}"
    )
    assert len(np.unique(badugi_all)) == 1092


@pytest.mark.slow
@pytest.mark.parametrize("name", ["a-5", "badugi"])
def test_evaluate_batch_and_evaluate_agree_with_evaluate_all(name: str, a5_all, badugi_all) -> None:
    ranking = lowball.Ranking(name)
    size = ranking.hand_size
    every = a5_all if size == 5 else badugi_all
    hands = all_combinations(size)
    assert np.array_equal(lowball.evaluate_batch(hands, ranking=ranking), every)
    assert np.array_equal(lowball.evaluate_batch(hands, ranking=name, check=False), every)
    for i in range(0, len(hands), 4999):  # a spread of single calls: numbers, text, Cards
        row = tuple(int(c) for c in hands[i])
        assert lowball.evaluate(row, ranking=ranking) == every[i]
        assert lowball.evaluate(format_cards(row), ranking=name) == every[i]
        assert lowball.evaluate([lowball.Card(c) for c in row], ranking=name.upper()) == every[i]


@pytest.mark.parametrize("name", ["a-5", "badugi"])
def test_random_hands_in_any_order(name: str) -> None:
    """Cards in any order, as a batch and one by one, give the reference's class."""
    ranking = lowball.Ranking(name)
    size = ranking.hand_size
    ref = a5_reference_class if size == 5 else badugi_reference_class
    rng = np.random.default_rng(16)
    hands = np.array([rng.permutation(52)[:size] for _ in range(3000)], dtype=np.uint8)
    expected = np.array([ref(tuple(int(c) for c in h)) for h in hands], dtype=np.uint16)
    assert np.array_equal(lowball.evaluate_batch(hands, ranking=ranking), expected)
    assert np.array_equal(lowball.evaluate_batch(hands.astype(np.int64), ranking=ranking), expected)
    texts = [format_cards(h) for h in hands[:300]]
    assert np.array_equal(lowball.evaluate_batch(texts, ranking=ranking), expected[:300])
    assert [lowball.evaluate(t, ranking=ranking) for t in texts] == expected[:300].tolist()
    assert [lowball.evaluate(" ".join(t[i : i + 2] for i in range(0, len(t), 2)), ranking=name) for t in texts] == (
        expected[:300].tolist()
    )


def test_ranking_values() -> None:
    r = lowball.Ranking
    assert [x.value for x in r] == ["2-7", "a-5", "badugi"]
    assert [x.hand_size for x in r] == [5, 5, 4]
    assert [x.num_classes for x in r] == [7462, 6175, 1092]
    assert [x.num_hands for x in r] == [comb(52, 5), comb(52, 5), comb(52, 4)]
    assert [x.title for x in r] == ["2-7 lowball", "A-5 lowball", "badugi"]
    assert r("A-5") is r("a-5") is r.ACE_TO_FIVE
    assert r("BADUGI") is r("Badugi") is r.BADUGI


@pytest.mark.slow
def test_hands_per_category_in_the_core(a5_all: np.ndarray, badugi_all: np.ndarray) -> None:
    a5_per_class = np.bincount(a5_all, minlength=6176)
    got: Counter[str] = Counter()
    for c in range(1, 6176):
        got[lowball.category(c, ranking="a-5").name] += int(a5_per_class[c])
    names = {
        A5_NO_PAIR: "HIGH_CARD",
        A5_PAIR: "PAIR",
        A5_TWO_PAIR: "TWO_PAIR",
        A5_TRIPS: "THREE_OF_A_KIND",
        A5_FULL_HOUSE: "FULL_HOUSE",
        A5_QUADS: "FOUR_OF_A_KIND",
    }
    assert got == {names[k]: v for k, v in A5_HANDS_PER_CATEGORY.items()}
    bg_per_class = np.bincount(badugi_all, minlength=1093)
    sizes: Counter[int] = Counter()
    for c in range(1, 1093):
        sizes[4 - lowball.category(c, ranking="badugi").cards] += int(bg_per_class[c])
    assert sizes == BADUGI_HANDS_PER_CATEGORY


@pytest.mark.slow
def test_project_euler_369_five_card_hands_holding_a_badugi() -> None:
    """Project Euler problem 369 publishes f(5) = 514,800: five-card hands holding a 4-card badugi."""
    five = all_combinations(5)
    best = np.full(len(five), 9999, dtype=np.int64)
    for drop in range(5):
        sub = np.delete(five, drop, axis=1)
        best = np.minimum(best, lowball.evaluate_batch(sub, ranking="badugi", check=False))
    assert int((best <= 715).sum()) == 514_800  # classes 1..715 are the four-card hands


@pytest.mark.slow
def test_a5_orders_like_27_where_the_rules_agree(a5_all: np.ndarray) -> None:
    """Without an ace, a straight or a flush, A-5 and 2-7 rank hands alike (RULES.md 1 and 11).

    The 2-7 tables are the core's own and older: on those hands (no ace: C(48,5); less the
    flushes, 4 C(12,5), and the other straights, 6-high to king-high, 8 (4^5 - 4)), sorting by
    the 2-7 class must sort the A-5 classes too, with ties exactly where 2-7 has ties.
    """
    hands = all_combinations(5)
    ranks = hands >> 2
    flush = (hands & 3 == hands[:, :1] & 3).all(axis=1)
    distinct = (np.diff(ranks, axis=1) > 0).all(axis=1)
    straight = distinct & (ranks[:, 4] - ranks[:, 0] == 4)
    keep = ~(ranks == 12).any(axis=1) & ~flush & ~straight
    c27 = lowball.evaluate_all()[keep]
    ca5 = a5_all[keep]
    assert int(keep.sum()) == comb(48, 5) - 4 * comb(12, 5) - 8 * (4**5 - 4) == 1_700_976
    order = np.argsort(c27, kind="stable")
    c27, ca5 = c27[order], ca5[order]
    assert (np.diff(ca5.astype(np.int64)) >= 0).all()
    assert np.array_equal(np.diff(c27) == 0, np.diff(ca5) == 0)


# --- outside data: ojpoker's classes of 100,000 five-card hands ----------------------------------


def test_ojpoker_a5_and_badugi_vectors(data_dir) -> None:
    """ojpoker numbers both rankings as we do; its badugi value of five cards is their best four."""
    data = json.loads((data_dir / "ojpoker_a5_badugi_100k.json").read_text())
    hands = [h for h, _, _ in data["hands"]]
    assert len(hands) == 100_000
    same = json.loads((data_dir / "ojpoker_27_100k.json").read_text())
    assert hands == [h for h, _ in same["hands"]]
    five = np.array([lowball.parse_hand(h) for h in hands], dtype=np.uint8)
    a5_expected = np.array([a for _, a, _ in data["hands"]], dtype=np.uint16)
    got = lowball.evaluate_batch(five, ranking="a-5")
    bad = np.flatnonzero(got != a5_expected)
    assert bad.size == 0, f"{hands[bad[0]]}: A-5 class {got[bad[0]]}, ojpoker says {a5_expected[bad[0]]}"
    bg_expected = np.array([b for _, _, b in data["hands"]], dtype=np.uint16)
    best = np.min([lowball.evaluate_batch(np.delete(five, i, axis=1), ranking="badugi") for i in range(5)], axis=0)
    bad = np.flatnonzero(best != bg_expected)
    assert bad.size == 0, f"{hands[bad[0]]}: best badugi class {best[bad[0]]}, ojpoker says {bg_expected[bad[0]]}"
    for h, a, b in data["hands"][:1000]:  # the reference rankers agree too
        assert a5_reference_class(cards(h)) == a
        assert min(badugi_reference_class(sub) for sub in itertools.combinations(cards(h), 4)) == b


# --- the orderings' fingerprints ---------------------------------------------------------------


def _ordering_md5(classes: np.ndarray, size: int) -> str:
    deck = [str(c) for c in lowball.DECK]
    texts = ["".join(c) for c in itertools.combinations(deck, size)]
    order = np.argsort(classes, kind="stable")
    return hashlib.md5("\n".join(texts[i] for i in order).encode()).hexdigest()


@pytest.mark.slow
def test_ordering_fingerprints(a5_all: np.ndarray, badugi_all: np.ndarray) -> None:
    assert _ordering_md5(a5_all, 5) == FINGERPRINT_A5
    assert _ordering_md5(badugi_all, 4) == FINGERPRINT_BADUGI


@pytest.mark.slow
def test_fingerprint_detects_an_ace_counted_high() -> None:
    """The fingerprint can fail: A-5 with the ace counted high (a plausible slip) hashes otherwise.

    Straights and flushes still ignored; only the ace moves from below the deuce to above the
    king. The class depends on the rank multiset alone, so the wrong numbering is built as
    reference.a5_reference_classes_all builds the right one.
    """
    shapes = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)]  # best first
    keys = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):  # 0 = deuce .. 12 = ace
        counts = Counter(ranks)
        if max(counts.values()) < 5:
            groups = sorted(counts, key=lambda r: (-counts[r], -r))
            keys[ranks] = (shapes.index(tuple(counts[r] for r in groups)), tuple(groups))
    number = {k: i + 1 for i, k in enumerate(sorted(set(keys.values())))}
    table = np.zeros(13**5, dtype=np.uint16)
    weights = 13 ** np.arange(5)
    for ranks, key in keys.items():
        table[int(np.dot(ranks, weights))] = number[key]
    wrong = table[(all_combinations(5) >> 2).astype(np.int64) @ weights]
    assert len(number) == 6175
    assert _ordering_md5(wrong, 5) == FINGERPRINT_A5_ACE_HIGH


# --- categories and descriptions ----------------------------------------------------------------


def test_a5_category_agrees_with_reference_on_every_class() -> None:
    names = {
        A5_NO_PAIR: lowball.HandCategory.HIGH_CARD,
        A5_PAIR: lowball.HandCategory.PAIR,
        A5_TWO_PAIR: lowball.HandCategory.TWO_PAIR,
        A5_TRIPS: lowball.HandCategory.THREE_OF_A_KIND,
        A5_FULL_HOUSE: lowball.HandCategory.FULL_HOUSE,
        A5_QUADS: lowball.HandCategory.FOUR_OF_A_KIND,
    }
    for c in range(1, 6176):
        assert lowball.category(c, ranking="a-5") is names[a5_reference_category(c)], c


def test_badugi_category_agrees_with_reference_on_every_class() -> None:
    for c in range(1, 1093):
        got = lowball.category(c, ranking="badugi")
        assert got is lowball.BadugiCategory(badugi_reference_category(c)), c
        assert got.cards == 4 - badugi_reference_category(c)


@pytest.mark.parametrize("name", ["a-5", "badugi"])
def test_descriptions_of_every_class(name: str) -> None:
    """One text per class, the same for the class number as for a hand of that class."""
    ranking = lowball.Ranking(name)
    texts = [lowball.describe(c, ranking=ranking) for c in range(1, ranking.num_classes + 1)]
    assert len(set(texts)) == ranking.num_classes
    classes, first = np.unique(lowball.evaluate_all(ranking=ranking), return_index=True)
    assert classes.tolist() == list(range(1, ranking.num_classes + 1))
    hands = all_combinations(ranking.hand_size)[first]  # the first hand of each class
    assert [lowball.describe(tuple(int(c) for c in h), ranking=ranking) for h in hands] == texts
    # The text starts with the ranks: most repeated first, then from the top down, ace last.
    if ranking.hand_size == 5:
        shape_of = {category: shape for shape, category in A5_SHAPES.items()}
        table = {
            tuple(r for r, n in zip(groups, shape_of[category]) for _ in range(n)): cls
            for (category, groups), cls in a5_reference_class_of_key().items()
        }
    else:
        table = {ranks: cls for (_, ranks), cls in badugi_reference_class_of_key().items()}
    for ranks, cls in table.items():
        shown = "-".join("A23456789TJQK"[r - 1] for r in ranks)
        assert texts[cls - 1].startswith(shown + ": "), (cls, texts[cls - 1])


@pytest.mark.parametrize(
    ("hand", "cls", "words", "cat"),
    [
        ("5h4d3c2sAs", 1, "5-4-3-2-A: the wheel, the best A-5 hand", "HIGH_CARD"),
        ("As2s3s4s5s", 1, "5-4-3-2-A: the wheel, the best A-5 hand", "HIGH_CARD"),  # no flush, no straight
        ("6h4d3c2sAs", 2, "6-4-3-2-A: the nut six", "HIGH_CARD"),
        ("6h5d4c3s2s", 6, "6-5-4-3-2: 6-5 low", "HIGH_CARD"),
        ("8h7d4c3s2s", 40, "8-7-4-3-2: 8-7 low", "HIGH_CARD"),
        ("8h7d6c5s4s", 56, "8-7-6-5-4: 8-7 low", "HIGH_CARD"),
        ("KhQhJhTh9h", 1287, "K-Q-J-T-9: K-Q low", "HIGH_CARD"),
        ("AhAd4c3s2s", 1288, "A-A-4-3-2: pair of aces", "PAIR"),
        ("KhKdQcJsTs", 4147, "K-K-Q-J-T: pair of kings", "PAIR"),
        ("2h2dAcAs3s", 4148, "2-2-A-A-3: two pair, deuces and aces", "TWO_PAIR"),
        ("KhKdQcQsJs", 5005, "K-K-Q-Q-J: two pair, kings and queens", "TWO_PAIR"),
        ("AhAdAc3s2s", 5006, "A-A-A-3-2: three of a kind, aces", "THREE_OF_A_KIND"),
        ("KhKdKcQsJs", 5863, "K-K-K-Q-J: three of a kind, kings", "THREE_OF_A_KIND"),
        ("AhAdAc2s2d", 5864, "A-A-A-2-2: full house, aces full of deuces", "FULL_HOUSE"),
        ("KhKdKcQsQd", 6019, "K-K-K-Q-Q: full house, kings full of queens", "FULL_HOUSE"),
        ("AhAdAcAs2s", 6020, "A-A-A-A-2: four of a kind, aces", "FOUR_OF_A_KIND"),
        ("KhKdKcKsQs", 6175, "K-K-K-K-Q: four of a kind, kings", "FOUR_OF_A_KIND"),
    ],
)
def test_a5_named_hands(hand: str, cls: int, words: str, cat: str) -> None:
    assert lowball.evaluate(hand, ranking="a-5") == cls == a5_reference_class(cards(hand))
    assert lowball.describe(hand, ranking="a-5") == words
    assert lowball.describe(cls, ranking=lowball.Ranking.ACE_TO_FIVE) == words
    assert lowball.category(hand, ranking="a-5") is lowball.HandCategory[cat]
    assert lowball.category(cls, ranking="A-5") is lowball.HandCategory[cat]


@pytest.mark.parametrize(
    ("hand", "cls", "words", "cat"),
    [
        ("Ac2d3h4s", 1, "4-3-2-A: a 4-card badugi, 4 high, the best badugi", "FOUR_CARD"),
        ("5c3d2hAs", 2, "5-3-2-A: a 4-card badugi, 5 high", "FOUR_CARD"),
        ("8c5d3h2s", 42, "8-5-3-2: a 4-card badugi, 8 high", "FOUR_CARD"),
        ("KcQdJhTs", 715, "K-Q-J-T: a 4-card badugi, K high", "FOUR_CARD"),
        ("3c2dAh3s", 716, "3-2-A: three-card 3", "THREE_CARD"),
        ("7c3d2h2c", 738, "7-3-2: three-card 7", "THREE_CARD"),
        ("KcQdJhJc", 1001, "K-Q-J: three-card K", "THREE_CARD"),
        ("AdAs2d2c", 1002, "2-A: two-card 2", "TWO_CARD"),
        ("5c2d5d2c", 1009, "5-2: two-card 5", "TWO_CARD"),
        ("KcQdKdQc", 1079, "K-Q: two-card K", "TWO_CARD"),
        ("AdAsAhAc", 1080, "A: one-card A", "ONE_CARD"),
        ("KcKdKhKs", 1092, "K: one-card K", "ONE_CARD"),
    ],
)
def test_badugi_named_hands(hand: str, cls: int, words: str, cat: str) -> None:
    assert lowball.evaluate(hand, ranking="badugi") == cls == badugi_reference_class(cards(hand))
    assert lowball.describe(hand, ranking="badugi") == words
    assert lowball.describe(cls, ranking=lowball.Ranking.BADUGI) == words
    category = lowball.category(hand, ranking="badugi")
    assert category is lowball.BadugiCategory[cat] is lowball.category(cls, ranking="BADUGI")
    assert category.cards == len(words.split(":")[0].split("-"))

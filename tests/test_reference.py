"""The C core against independent sources: the reference ranker, ojpoker's data, the fingerprint."""

from __future__ import annotations

import hashlib
import itertools
import json

import numpy as np
import pytest
from reference import reference_class, reference_classes_all

import lowball
from lowball.cards import format_cards

FINGERPRINT = "3f1565279b892b21f843b9b038ced8f9"
FINGERPRINT_ACE_LOW_STRAIGHT = "488cdd27873395ba75205cd02fb9d6b2"


@pytest.fixture(scope="module")
def all_classes() -> np.ndarray:
    return lowball.evaluate_all()


@pytest.mark.slow
def test_core_agrees_with_reference_on_every_hand(all_classes: np.ndarray) -> None:
    ref = np.array(reference_classes_all(), dtype=np.uint16)
    assert ref.shape == (2_598_960,)
    mismatches = np.flatnonzero(ref != all_classes)
    assert mismatches.size == 0, f"{mismatches.size} hands differ, first at index {mismatches[0]}"
    assert len(np.unique(all_classes)) == 7462


@pytest.mark.slow
def test_evaluate_all_matches_batch_and_single(all_classes: np.ndarray) -> None:
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    assert np.array_equal(lowball.evaluate_batch(hands), all_classes)
    for i in range(0, len(hands), 9973):  # a spread of single calls
        assert lowball.evaluate(tuple(int(c) for c in hands[i])) == all_classes[i]


def _ordering_md5(classes: np.ndarray) -> str:
    deck = [str(c) for c in lowball.DECK]
    combos = itertools.combinations(deck, 5)
    texts = ["".join(c) for c in combos]
    order = np.argsort(classes, kind="stable")
    return hashlib.md5("\n".join(texts[i] for i in order).encode()).hexdigest()


@pytest.mark.slow
def test_ordering_fingerprint(all_classes: np.ndarray) -> None:
    assert _ordering_md5(all_classes) == FINGERPRINT


@pytest.mark.slow
def test_fingerprint_detects_ace_low_straight(all_classes: np.ndarray) -> None:
    """The fingerprint can fail: counting A-5-4-3-2 as a straight gives the other hash."""
    wrong = all_classes.astype(np.float64)
    combos = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    ranks = np.sort(combos >> 2, axis=1)
    wheel = (ranks == np.array([0, 1, 2, 3, 12])).all(axis=1)
    flush = (combos & 3 == (combos[:, :1] & 3)).all(axis=1)
    # As a straight, the wheel would be the best (5-high) straight: after every three of a kind
    # (classes up to 5854) and before the 6-high straight (5855); likewise for straight flushes.
    wrong[wheel & ~flush] = 5854.5
    wrong[wheel & flush] = 7453.5
    assert _ordering_md5(wrong) == FINGERPRINT_ACE_LOW_STRAIGHT


def test_ojpoker_vectors(data_dir) -> None:
    data = json.loads((data_dir / "ojpoker_27_100k.json").read_text())
    hands = [h for h, _ in data["hands"]]
    expected = np.array([c for _, c in data["hands"]], dtype=np.uint16)
    assert len(hands) == 100_000
    cards = np.array([lowball.parse_hand(h) for h in hands], dtype=np.uint8)
    got = lowball.evaluate_batch(cards)
    bad = np.flatnonzero(got != expected)
    assert bad.size == 0, f"{hands[bad[0]]}: got {got[bad[0]]}, ojpoker says {expected[bad[0]]}"
    for h, c in data["hands"][:2000]:
        assert lowball.evaluate(h) == c


def test_ojpoker_text_file_is_the_json_hands(data_dir) -> None:
    lines = [ln for ln in (data_dir / "ojpoker_27_100k.txt").read_text().splitlines() if ln and not ln.startswith("#")]
    data = json.loads((data_dir / "ojpoker_27_100k.json").read_text())
    assert lines == [h for h, _ in data["hands"]]


# RULES.md section 1: the seeds' sixteen hands, worst first (seed 002). Hand 1 is a flush;
# hands 2-16 are not all one suit.
SEED_ORDER_WORST_FIRST = [
    "Jh7h4h3h2h",
    "8c7d6h5s4c",
    "7c6d5h4s3c",
    "5c5d5h6s3c",
    "2c2d7h6s5c",
    "Ac9d6h4s2c",
    "Ac8d7h4s2c",
    "Ac5d4h3s2c",
    "KcJd8h7s4c",
    "Tc7d5h4s3c",
    "Tc6d5h4s3c",
    "Tc6d5h4s2c",
    "9c7d6h4s3c",
    "8c6d4h3s2c",
    "7c6d4h3s2c",
    "7c5d4h3s2c",
]


def test_seed_order() -> None:
    classes = [lowball.evaluate(h) for h in SEED_ORDER_WORST_FIRST]
    assert classes == sorted(classes, reverse=True)
    assert len(set(classes)) == 16
    assert classes[-1] == 1
    assert [reference_class(lowball.parse_hand(h)) for h in SEED_ORDER_WORST_FIRST] == classes


@pytest.mark.parametrize(
    ("hand", "cls", "words"),
    [
        ("7s5h4d3c2s", 1, "7-5-4-3-2: number one (the wheel)"),
        ("7s6h4d3c2s", 2, "7-6-4-3-2: number two"),
        ("7s6h5d3c2s", 3, "7-6-5-3-2: number three"),
        ("8s5h4d3c2s", 5, "8-5-4-3-2: the nut eight"),
        ("9s5h4d3c2s", None, "9-5-4-3-2: the nut nine"),
        ("As5h4d3c2s", 785, "A-5-4-3-2: ace high, not a straight"),
        ("As5s4s3s2s", 6648, "A-5-4-3-2: ace-high flush"),
        ("9h8d6c4s2s", None, "9-8-6-4-2: 9-8 low"),
        ("8h6d4c3s2s", None, "8-6-4-3-2: 8-6 low"),
        ("2h2d3c4s5s", 1279, "2-2-5-4-3: pair of deuces"),
        ("AhKdQcJs9s", 1278, "A-K-Q-J-9: A-K low"),
        ("KhQdJcTs9s", 5863 - 1, "K-Q-J-T-9: king-high straight"),
        ("AhKdQcJsTs", 5863, "A-K-Q-J-T: ace-high straight"),
        ("6h5d4c3s2s", 5855, "6-5-4-3-2: six-high straight"),
        ("KhKdKcKs2s", None, "K-K-K-K-2: four of a kind, kings"),
        ("5h5d5cThTs", 7185, "5-5-5-T-T: full house, fives full of tens"),
        ("AsKsQsJsTs", 7462, "A-K-Q-J-T: royal flush"),
        ("6s5s4s3s2s", 7454, "6-5-4-3-2: six-high straight flush"),
    ],
)
def test_named_hands(hand: str, cls: int | None, words: str) -> None:
    got = lowball.evaluate(hand)
    if cls is not None:
        assert got == cls
    assert got == reference_class(lowball.parse_hand(hand))
    assert lowball.describe(hand) == words
    assert lowball.describe(got) == words


def test_best_paired_and_worst_unpaired() -> None:
    """RULES.md: 2-2-3-4-5 is the best paired hand; A-K-Q-J-9 the worst no-pair hand."""
    assert lowball.evaluate("2h2d3c4s5s") == lowball.evaluate("AhKdQcJs9s") + 1
    assert lowball.category("AhKdQcJs9s") is lowball.HandCategory.HIGH_CARD
    assert lowball.category("2h2d3c4s5s") is lowball.HandCategory.PAIR


def test_descriptions_cover_every_class() -> None:
    texts = [lowball.describe(c) for c in range(1, 7463)]
    assert len(set(texts)) == 7462  # every class has its own description
    for c, t in zip(range(1, 7463), texts):
        assert ":" in t and t.split(":")[0].count("-") == 4, (c, t)


def test_format_cards_roundtrip_of_all_hands_sample() -> None:
    for hand in itertools.islice(itertools.combinations(range(52), 5), 0, 2_598_960, 12_345):
        text = format_cards(hand)
        assert lowball.parse_hand(text) == hand

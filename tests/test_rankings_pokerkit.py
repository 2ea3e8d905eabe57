"""A-5 and badugi against pokerkit's hands, an independent implementation (issue 16).

pokerkit's ``RegularLowHand`` is the ace-to-five low of five cards (aces low, straights and
flushes ignored) and ``BadugiHand.from_game`` plays the best badugi of four cards. Its hands
compare as strengths (``a > b``: a is the better hand); ours as classes (lower is better). No
rule differs between the two for these rankings: every comparison below must agree, ties included.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from pokerkit import BadugiHand, RegularLowHand
from reference import A5_SHAPES, a5_reference_class_of_key, badugi_reference_class_of_key

import lowball
from lowball.cards import format_cards


def _order(x: int, y: int) -> int:
    """-1, 0, 1 as x is a better, equal, worse class than y (lower class is better)."""
    return (x > y) - (x < y)


def _pk_order(a, b) -> int:
    """The same from pokerkit's hands, which compare as strengths."""
    return (a < b) - (a > b)


def _hand_of_key(ranks: tuple[int, ...], suits: tuple[int, ...]) -> str:
    """Card text of ace-low ranks (A = 1 .. K = 13) with the given suits (0..3 = c, d, h, s)."""
    return format_cards(4 * ((r - 2) % 13) + s for r, s in zip(ranks, suits))


def _a5_class_hands() -> list[str]:
    """One hand per A-5 class, in class order, each rank's copies in different suits."""
    shape_of = {category: shape for shape, category in A5_SHAPES.items()}
    out = []
    for (category, groups), _cls in sorted(a5_reference_class_of_key().items(), key=lambda kv: kv[1]):
        ranks = [r for r, n in zip(groups, shape_of[category]) for _ in range(n)]
        suits = [s for n in shape_of[category] for s in range(n)]
        out.append(_hand_of_key(tuple(ranks), tuple(suits)))
    return out


def test_a5_every_class_in_pokerkits_order() -> None:
    """The 6175 classes, one hand each: pokerkit orders them as we do, with no two equal."""
    hands = _a5_class_hands()
    assert [lowball.evaluate(h, ranking="a-5") for h in hands] == list(range(1, 6176))
    pk = [RegularLowHand(h) for h in hands]
    assert all(a > b for a, b in itertools.pairwise(pk))  # each strictly stronger than the next
    # pokerkit's own numbering of its entries (0 = the strongest) is ours less one.
    assert [h.entry.index + 1 for h in pk] == list(range(1, 6176))


def test_a5_random_pairs_agree_with_pokerkit() -> None:
    rng = np.random.default_rng(1616)
    decks = np.array([rng.permutation(52)[:10] for _ in range(20_000)], dtype=np.uint8)
    ours = lowball.evaluate_batch(decks.reshape(-1, 5), ranking="a-5").reshape(-1, 2)
    for deck, (x, y) in zip(decks, ours.tolist()):
        a, b = RegularLowHand(format_cards(deck[:5])), RegularLowHand(format_cards(deck[5:]))
        assert _order(x, y) == _pk_order(a, b), (format_cards(deck[:5]), format_cards(deck[5:]))
        assert a.entry.index + 1 == x


def test_a5_straights_flushes_and_pairs_like_pokerkit() -> None:
    """The hands where A-5 differs from 2-7, in pairs with their neighbours."""
    pairs = [
        ("5s4s3s2sAs", "5h4d3c2sAs"),  # a straight flush is the wheel: equal
        ("6h5d4c3s2s", "6h5d4c3sAs"),  # 6-5-4-3-2 is no straight: loses to 6-5-4-3-A only by its deuce
        ("KhQhJhTh9h", "KcQdJhTs9s"),  # K-high flush = K-Q-J-T-9
        ("AhAd7c6s5s", "2h2d5c4s3s"),  # aces are the best pair
        ("AhAd2c2s3s", "2h2d3c3sAs"),  # two pair: deuces and aces beat threes and deuces
        ("AhAdAc2s2d", "2h2s2cAsAc"),  # full house: aces full of deuces beat deuces full of aces
        ("AhAdAcAs2s", "2h2d2c2sAs"),  # four aces beat four deuces
    ]
    for x, y in pairs:
        assert _order(lowball.evaluate(x, ranking="a-5"), lowball.evaluate(y, ranking="a-5")) == _pk_order(
            RegularLowHand(x), RegularLowHand(y)
        ), (x, y)


def _badugi_class_hands() -> list[str]:
    """The cards each badugi class plays, in class order: its ranks in suits c, d, h, s."""
    keys = sorted(badugi_reference_class_of_key().items(), key=lambda kv: kv[1])
    return [_hand_of_key(ranks, tuple(range(len(ranks)))) for (_, ranks), _cls in keys]


def test_badugi_every_class_in_pokerkits_order() -> None:
    """The 1092 classes, each by the cards it plays: pokerkit orders them as we do."""
    played = _badugi_class_hands()
    pk = [BadugiHand(p) for p in played]
    assert all(a > b for a, b in itertools.pairwise(pk))
    assert [h.entry.index + 1 for h in pk] == list(range(1, 1093))
    # Four cards whose best badugi is those cards: pad with copies of the top card's rank in
    # the remaining suits (a pair never plays twice), then rank them with the core.
    hands = []
    for text in played:
        cards = list(lowball.parse_cards(text))
        top = max(cards, key=lambda c: (int(c) // 4 + 1) % 13)
        spare = [4 * (int(top) // 4) + s for s in range(4) if s != int(top) % 4]
        hands.append(format_cards(cards + spare[: 4 - len(cards)]))
    assert [lowball.evaluate(h, ranking="badugi") for h in hands] == list(range(1, 1093))
    assert [BadugiHand.from_game(h) for h in hands] == pk


def test_badugi_random_pairs_agree_with_pokerkit() -> None:
    """pokerkit chooses the best subset of four cards itself (``from_game``)."""
    rng = np.random.default_rng(1617)
    decks = np.array([rng.permutation(52)[:8] for _ in range(10_000)], dtype=np.uint8)
    ours = lowball.evaluate_batch(decks.reshape(-1, 4), ranking="badugi").reshape(-1, 2)
    for deck, (x, y) in zip(decks, ours.tolist()):
        a, b = BadugiHand.from_game(format_cards(deck[:4])), BadugiHand.from_game(format_cards(deck[4:]))
        assert _order(x, y) == _pk_order(a, b), (format_cards(deck[:4]), format_cards(deck[4:]))
        assert a.entry.index + 1 == x


@pytest.mark.parametrize(
    ("x", "y"),
    [
        ("Ad2c3h6h", "Ac3d4h5h"),  # WSOP-LAR 304: three-card 3-2-A beats three-card 4-3-A
        ("7s3s2hAd", "3c3d2sAh"),  # BARGE: both three-card 3-2-A, a tie
        ("7s4c2h2d", "7d5cAhAd"),  # BARGE: 7-4-2 beats 7-5-A
        ("KcQdJhTs", "3c2dAh3s"),  # BARGE: the worst badugi beats the best three-card hand
        ("AcAdAhAs", "KcKdKhKs"),  # one-card A beats one-card K
        ("2c5c9cKc", "2d5d9dKd"),  # one-card deuces in clubs and in diamonds tie
    ],
)
def test_badugi_published_pairs_like_pokerkit(x: str, y: str) -> None:
    ours = _order(lowball.evaluate(x, ranking="badugi"), lowball.evaluate(y, ranking="badugi"))
    assert ours == _pk_order(BadugiHand.from_game(x), BadugiHand.from_game(y))

"""The ranking API: ``Ranking``, and ``evaluate``/``evaluate_batch``/``evaluate_all``/``category``/
``describe``/``winners`` with ``ranking=`` (issue 16). Every hand of each ranking against slow
reference rankers is in tests/test_rankings_reference.py; these are the forms, the errors and the
edges of the calls."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import lowball
from lowball import BadugiCategory, HandCategory, Ranking
from lowball.errors import InvalidCardError, InvalidTypeError, InvalidValueError

A5, BADUGI, DEUCE = Ranking.ACE_TO_FIVE, Ranking.BADUGI, Ranking.DEUCE_TO_SEVEN


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("2-7", DEUCE),
        ("27", DEUCE),
        ("deuce-to-seven", DEUCE),
        ("DEUCE_TO_SEVEN", DEUCE),
        ("a-5", A5),
        ("A-5", A5),
        ("a5", A5),
        ("Ace-To-Five", A5),
        ("badugi", BADUGI),
        (" Badugi ", BADUGI),
        ("BADUGI", BADUGI),
    ],
)
def test_ranking_by_name(text: str, member: Ranking) -> None:
    assert Ranking(text) is member
    assert lowball.evaluate("5c4d3h2sAc" if member is not BADUGI else "4c3d2hAs", text) == lowball.evaluate(
        "5c4d3h2sAc" if member is not BADUGI else "4c3d2hAs", member
    )


def test_ranking_facts() -> None:
    assert [(r.value, r.hand_size, r.num_classes, r.num_hands, r.title, str(r)) for r in Ranking] == [
        ("2-7", 5, 7462, 2598960, "2-7 lowball", "2-7"),
        ("a-5", 5, 6175, 2598960, "A-5 lowball", "a-5"),
        ("badugi", 4, 1092, 270725, "badugi", "badugi"),
    ]


@pytest.mark.parametrize("bad", ["razz", "", "2_7x", 5, None, 1.5])
def test_unknown_ranking_is_named(bad: object) -> None:
    message = f"{bad!r} is not a hand ranking: expected one of '2-7', 'a-5', 'badugi'"
    with pytest.raises(InvalidValueError) as e:
        Ranking(bad)
    assert str(e.value) == message
    for call in (
        lambda: lowball.evaluate("7s5h4d3c2s", bad),  # type: ignore[arg-type]
        lambda: lowball.evaluate_batch([[23, 13, 10, 4, 0]], ranking=bad),  # type: ignore[arg-type]
        lambda: lowball.evaluate_all(bad),  # type: ignore[arg-type]
        lambda: lowball.describe(1, bad),  # type: ignore[arg-type]
        lambda: lowball.category(1, bad),  # type: ignore[arg-type]
        lambda: lowball.winners([1], bad),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidValueError) as e:
            call()
        assert str(e.value) == message


def test_unhashable_ranking_is_refused_clearly() -> None:
    with pytest.raises(InvalidValueError, match=r"^\[\] is not a hand ranking"):
        lowball.evaluate("7s5h4d3c2s", [])  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match=r"^\{\} is not a hand ranking"):
        lowball.describe(1, {})  # type: ignore[arg-type]


def test_default_is_2_7_and_unchanged() -> None:
    for hand in ("7s5h4d3c2s", "As5d4h3c2c", "AsKsQsJsTs"):
        assert lowball.evaluate(hand) == lowball.evaluate(hand, DEUCE) == lowball.evaluate(hand, "2-7")
    assert [lowball.evaluate(h) for h in ("7s5h4d3c2s", "As5d4h3c2c", "As5s4s3s2s", "AsKsQsJsTs")] == [
        1,
        785,
        6648,
        7462,
    ]


@pytest.mark.parametrize(
    "form",
    [
        "5c4d3h2sAc",
        "5c 4d 3h 2s Ac",
        "5c,4d,3h,2s,Ac",
        "5\u26634\u26663\u26652\u2660A\u2663",
        ["5c", "4d", "3h", "2s", "Ac"],
        (12, 9, 6, 3, 48),
        [np.uint8(12), np.int64(9), 6, 3, 48],
        np.array([12, 9, 6, 3, 48]),
        [lowball.Card("5c"), lowball.Card("4d"), lowball.Card("3h"), lowball.Card("2s"), lowball.Card("Ac")],
    ],
)
def test_a5_every_hand_form(form: object) -> None:
    assert lowball.evaluate(form, A5) == 1  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "form", ["4c3d2hAs", "4c 3d 2h As", ("4c", "3d", "2h", "As"), (8, 5, 2, 51), np.array([8, 5, 2, 51])]
)
def test_badugi_every_hand_form(form: object) -> None:
    assert lowball.evaluate(form, BADUGI) == 1  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "ranking", "message"),
    [
        ("4c3d2hAs", A5, "expected 5 cards, got 4: 4c 3d 2h As"),
        ("5c4d3h2sAc", BADUGI, "expected 4 cards, got 5: 5c 4d 3h 2s Ac"),
        ((8, 5, 2), BADUGI, "expected 4 cards, got 3: 4c 3d 2h"),
        ("4c3d2h4c", BADUGI, "card 4c appears twice in 4c 3d 2h 4c"),
        ((8, 5, 2, 52), BADUGI, "card number 52 is out of range: expected 0..51"),
        ("4c3d2hAx", BADUGI, "'Ax' in '4c3d2hAx' is not a card"),
    ],
)
def test_wrong_hands_are_named(hand: object, ranking: Ranking, message: str) -> None:
    with pytest.raises(InvalidCardError) as e:
        lowball.evaluate(hand, ranking)  # type: ignore[arg-type]
    assert message in str(e.value)


def test_batch_widths_and_errors() -> None:
    four = np.array([[8, 5, 2, 51], [51, 50, 49, 48], [0, 4, 8, 12]], dtype=np.uint8)
    before = four.copy()
    assert lowball.evaluate_batch(four, ranking=BADUGI).tolist() == [1, 1080, 1081]
    assert np.array_equal(four, before)  # the input is never changed
    out = lowball.evaluate_batch(four.astype(np.int64), ranking="badugi")
    assert out.dtype == np.uint16 and out.tolist() == [1, 1080, 1081]
    assert lowball.evaluate_batch(["4c3d2hAs", "K\u2660K\u2665K\u2666K\u2663"], ranking=BADUGI).tolist() == [1, 1092]
    assert lowball.evaluate_batch([["5c", "4d", "3h", "2s", "Ac"]], ranking=A5).tolist() == [1]
    assert lowball.evaluate_batch([], ranking=BADUGI).shape == (0,)
    assert lowball.evaluate_batch(np.empty((0, 4), dtype=np.uint8), ranking=BADUGI).shape == (0,)
    cases = [
        (np.zeros((2, 5), dtype=np.uint8), BADUGI, InvalidCardError, "cards must have shape (N, 4), got (2, 5)"),
        (four, A5, InvalidCardError, "cards must have shape (N, 5), got (3, 4)"),
        ([[8, 5, 2, 51], [1, 2, 3, 3]], BADUGI, InvalidCardError, "row 1: card 3 appears twice: [1, 2, 3, 3]"),
        (
            [[8, 5, 2, 51], [1, 2, 3, 99]],
            BADUGI,
            InvalidCardError,
            "row 1: card 99 is out of range (cards are 0..51): [1, 2, 3, 99]",
        ),
        (
            [[8, 5, 2, 51], [1, 2, 3, -1]],
            BADUGI,
            InvalidCardError,
            "row 1: card -1 is out of range (cards are 0..51): [1, 2, 3, -1]",
        ),
        (["4c3d2hAs", "4c3d2h"], BADUGI, InvalidCardError, "row 1: expected 4 cards, got 3: 4c 3d 2h"),
        (
            [[8, 5, 2], [1, 2, 3, 4]],
            BADUGI,
            InvalidCardError,
            "cards must be an array of shape (N, 4): its rows are of different lengths",
        ),
        (np.zeros((1, 4)), BADUGI, InvalidTypeError, "cards must be an integer array, got dtype float64"),
        ([[12, 9, 6, 3, 48], [0, 0, 1, 2, 3]], A5, InvalidCardError, "row 1: card 0 appears twice: [0, 0, 1, 2, 3]"),
    ]
    for cards, ranking, error, message in cases:
        with pytest.raises(error) as e:
            lowball.evaluate_batch(cards, ranking=ranking)
        assert str(e.value) == message, cards


def test_batch_unchecked_garbage_stays_in_the_tables() -> None:
    garbage = np.full((3, 4), 255, dtype=np.uint8)
    assert lowball.evaluate_batch(garbage, ranking=BADUGI, check=False).shape == (3,)
    assert lowball.evaluate_batch(np.full((3, 5), 200, dtype=np.uint8), ranking=A5, check=False).shape == (3,)


def test_all_hands_in_combinations_order() -> None:
    for ranking in (A5, BADUGI):
        every = lowball.evaluate_all(ranking)
        assert every.dtype == np.uint16 and every.shape == (ranking.num_hands,)
        assert int(every.min()) == 1 and int(every.max()) == ranking.num_classes
        assert len(np.unique(every)) == ranking.num_classes
    combos = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    assert np.array_equal(lowball.evaluate_all(BADUGI), lowball.evaluate_batch(combos, ranking=BADUGI))
    first = np.array(list(itertools.islice(itertools.combinations(range(52), 5), 200_000)), dtype=np.uint8)
    assert np.array_equal(lowball.evaluate_all(A5)[:200_000], lowball.evaluate_batch(first, ranking=A5))
    # 2c2d2h2s3c: four deuces with a three: after the 12 of four aces (6020..6031) and deuces with an ace
    assert lowball.evaluate_all(A5)[0] == 6033


def test_categories() -> None:
    assert lowball.category("5c4d3h2sAc", A5) is HandCategory.HIGH_CARD
    assert lowball.category("6c5d4h3s2c", A5) is HandCategory.HIGH_CARD  # no straight in A-5
    assert lowball.category("Kc9c7c5c3c", A5) is HandCategory.HIGH_CARD  # no flush either
    assert lowball.category("AcAd4h3s2c", A5) is HandCategory.PAIR
    assert lowball.category("QcQdQhJsJc", "a-5") is HandCategory.FULL_HOUSE
    assert [lowball.category(c, A5) for c in (1, 1287, 1288, 4148, 5006, 5864, 6020, 6175)] == [
        HandCategory.HIGH_CARD,
        HandCategory.HIGH_CARD,
        HandCategory.PAIR,
        HandCategory.TWO_PAIR,
        HandCategory.THREE_OF_A_KIND,
        HandCategory.FULL_HOUSE,
        HandCategory.FOUR_OF_A_KIND,
        HandCategory.FOUR_OF_A_KIND,
    ]
    got = [lowball.category(c, BADUGI) for c in (1, 715, 716, 1001, 1002, 1079, 1080, 1092)]
    assert [(c.name, c.cards, c.label) for c in got] == [
        ("FOUR_CARD", 4, "badugi"),
        ("FOUR_CARD", 4, "badugi"),
        ("THREE_CARD", 3, "three-card hand"),
        ("THREE_CARD", 3, "three-card hand"),
        ("TWO_CARD", 2, "two-card hand"),
        ("TWO_CARD", 2, "two-card hand"),
        ("ONE_CARD", 1, "one-card hand"),
        ("ONE_CARD", 1, "one-card hand"),
    ]
    assert lowball.category("Ad2c3h6h", BADUGI) is BadugiCategory.THREE_CARD
    with pytest.raises(InvalidValueError, match=r"^4 is not a valid BadugiCategory: expected 0\.\.3$"):
        BadugiCategory(4)


@pytest.mark.parametrize(
    ("ranking", "bad", "message"),
    [
        (A5, 6176, "A-5 lowball hand class = 6176: expected a whole number 1..6175"),
        (A5, 0, "A-5 lowball hand class = 0: expected a whole number 1..6175"),
        (BADUGI, 1093, "badugi hand class = 1093: expected a whole number 1..1092"),
        (DEUCE, 7463, "hand class = 7463: expected a whole number 1..7462"),
    ],
)
def test_class_numbers_out_of_range(ranking: Ranking, bad: int, message: str) -> None:
    for call in (lowball.category, lowball.describe):
        with pytest.raises(InvalidValueError) as e:
            call(bad, ranking)
        assert str(e.value) == message
    with pytest.raises(InvalidValueError) as e:
        lowball.winners([1, bad], ranking)
    assert str(e.value) == message


def test_numpy_class_numbers() -> None:
    classes = lowball.evaluate_batch(["4c3d2hAs", "Ad2c3h6h"], ranking=BADUGI)
    assert [lowball.describe(c, BADUGI) for c in classes] == [
        "4-3-2-A: a 4-card badugi, 4 high, the best badugi",
        "3-2-A: three-card 3",
    ]
    with pytest.raises(InvalidValueError):
        lowball.describe(np.uint16(1093), BADUGI)


def test_describe_examples() -> None:
    a5 = {
        "5c4d3h2sAc": "5-4-3-2-A: the wheel, the best A-5 hand",
        "6c4d3h2sAc": "6-4-3-2-A: the nut six",
        "8c7d4h3s2c": "8-7-4-3-2: 8-7 low",
        "6c5d4h3s2c": "6-5-4-3-2: 6-5 low",
        "AcAd4h3s2c": "A-A-4-3-2: pair of aces",
        "3c3dAhAs5c": "3-3-A-A-5: two pair, threes and aces",
        "7c7d7hAs2c": "7-7-7-2-A: three of a kind, sevens",
        "QcQdQhJsJc": "Q-Q-Q-J-J: full house, queens full of jacks",
        "KcKdKhKsQc": "K-K-K-K-Q: four of a kind, kings",
    }
    assert {h: lowball.describe(h, A5) for h in a5} == a5
    badugi = {
        "4c3d2hAs": "4-3-2-A: a 4-card badugi, 4 high, the best badugi",
        "8c5d3h2s": "8-5-3-2: a 4-card badugi, 8 high",
        "Ad2c3h6h": "3-2-A: three-card 3",
        "Ac3d4h5h": "4-3-A: three-card 4",
        "7c3d2h7h": "7-3-2: three-card 7",
        "5c2d2h5s": "5-2: two-card 5",
        "Kc7d7hKs": "K-7: two-card K",
        "KcKdKhKs": "K: one-card K",
        "9c7c5c2c": "2: one-card 2",
    }
    assert {h: lowball.describe(h, BADUGI) for h in badugi} == badugi


def test_winners_by_ranking() -> None:
    # WSOP-LAR 304: Ad-2c-3h-6h beats Ac-3d-4h-5h (three-card 3-2-A against 4-3-A)
    assert lowball.winners(["Ad2c3h6h", "Ac3d4h5h"], BADUGI) == [0]
    # A four-card badugi beats any three-card hand, however low
    assert lowball.winners(["Kc Qd Jh Ts", "Ac 2d 3h 3s"], BADUGI) == [0]
    # Suits never break a tie; the wheel beats 6-4 in A-5, a straight and a flush do not hurt
    assert lowball.winners(["5c4d3h2sAc", "5h4h3h2hAh", "6c4d3h2sAc"], A5) == [0, 1]
    # The same hands in 2-7: A-5-4-3-2 is ace high there, 6-4-3-2-A too
    assert lowball.winners(["5c4d3h2sAc", "6c4d3h2sAc"]) == [0]
    assert lowball.winners([1, 1, 2], A5) == [0, 1]

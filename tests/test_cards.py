"""Card and hand parsing and formatting, and their errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lowball
from lowball import Card, InvalidCardError, LowballError, format_cards, parse_cards, parse_hand


def test_encoding_fixed_points() -> None:
    assert Card("2c") == 0
    assert Card("2s") == 3
    assert Card("As") == 51
    assert Card("7s") == 23 and Card("7s").rank == 5 and Card("7s").suit == 3
    assert Card("10d") == Card("Td") == Card("td") == Card("TD") == 33
    assert str(Card(33)) == "Td" and repr(Card(33)) == "Card('Td')"
    assert Card.from_rank_suit(12, 0) == Card("Ac")
    assert [str(c) for c in lowball.DECK[:5]] == ["2c", "2d", "2h", "2s", "3c"]
    assert Card(np.uint8(51)) == 51


@pytest.mark.parametrize(
    "text",
    ["7s5h4d3c2s", "7s 5h 4d 3c 2s", "7s,5h,4d,3c,2s", "7s, 5h, 4d, 3c, 2s", "7S5H4D3C2S", " 7s5h 4d3c2s "],
)
def test_hand_text_forms(text: str) -> None:
    assert parse_hand(text) == (23, 14, 9, 4, 3)
    assert lowball.evaluate(text) == 1


def test_hand_sequence_forms() -> None:
    expected = (23, 14, 9, 4, 3)
    assert parse_hand(["7s", "5h", "4d", "3c", "2s"]) == expected
    assert parse_hand([23, 14, 9, 4, 3]) == expected
    assert parse_hand(np.array([23, 14, 9, 4, 3])) == expected
    assert parse_hand([Card(c) for c in expected]) == expected
    assert parse_hand(lowball.Hand("7s5h4d3c2s")) == expected
    for form in (["7s", "5h", "4d", "3c", "2s"], [23, 14, 9, 4, 3], np.arange(5), "Ts9s8s7s6s"):
        assert lowball.evaluate(form) == lowball.evaluate(tuple(parse_hand(form)))


@pytest.mark.parametrize(
    ("bad", "named"),
    [
        ("7x5h4d3c2s", "'7x'"),
        ("7s5h4d3c1s", "'1s'"),
        ("7s 5h 4d 3c 2", "'2'"),
        ("7s5h4d3c", "expected 5 cards, got 4"),
        ("7s5h4d3c2s6s", "expected 5 cards, got 6"),
        ("7s7s4d3c2s", "card 7s appears twice"),
        ([1, 2, 3, 4, 52], "card number 52 is out of range"),
        ([1, 2, 3, 4, -1], "card number -1 is out of range"),
        ((10**30, 1, 2, 3, 4), f"card number {10**30} is out of range"),
        ([1, 2, 3, 4, -(2**63)], f"card number {-(2**63)} is out of range"),
        ([1, 2, 3, 4, 4.0], "4.0 is not a card"),
        ([1, 2, 3, 4, True], "True is not a card"),
        (12345, "12345 is not a list of cards"),
        ("", "expected 5 cards, got 0"),
    ],
)
def test_bad_hands_name_the_bad_value(bad: object, named: str) -> None:
    for func in (parse_hand, lowball.evaluate, lowball.Hand):
        with pytest.raises(InvalidCardError) as info:
            func(bad)  # type: ignore[operator]
        assert named in str(info.value)
        assert isinstance(info.value, ValueError) and isinstance(info.value, LowballError)


def test_parse_cards_any_count() -> None:
    assert parse_cards("") == ()
    assert parse_cards("9hKd") == (Card("9h"), Card("Kd"))
    assert format_cards(parse_cards("9h, Kd"), " ") == "9h Kd"


@given(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True))
def test_text_roundtrip(cards: list[int]) -> None:
    text = format_cards(cards)
    assert parse_hand(text) == tuple(cards)
    assert parse_hand(format_cards(cards, " ")) == tuple(cards)
    assert parse_hand(format_cards(cards, ",").lower()) == tuple(cards)
    assert str(lowball.Hand(text)) == text

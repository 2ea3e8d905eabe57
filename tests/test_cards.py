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


# -- card numbers: the cheap form (issue 28) -----------------------------------------------------
# A plain int 0..51 (and a numpy integer) is read on a fast path; these pin that it reads exactly
# what the slow path read: the same Card objects, the same refusals with the same messages.


def test_card_numbers_give_the_cards_themselves() -> None:
    numbers = [51, 0, 23, 33, 3]
    for form in (numbers, tuple(numbers), [np.int64(n) for n in numbers], [np.uint8(n) for n in numbers]):
        cards = parse_cards(form)
        assert all(type(c) is Card for c in cards)
        assert [str(c) for c in cards] == ["As", "2c", "7s", "Td", "2s"]
        assert all(c is lowball.DECK[n] for c, n in zip(cards, numbers))  # the one Card of each number
    assert all(Card(n) is lowball.DECK[n] for n in range(52))


class _Three:
    """An integer type of one's own: read through its __index__, as numpy's are."""

    def __index__(self) -> int:
        return 3


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (52, "card number 52 is out of range: expected 0..51"),
        (-1, "card number -1 is out of range: expected 0..51"),
        (True, "True is not a card: expected a card number 0..51, text like '7s', or a Card"),
        (np.bool_(True), "np.True_ is not a card: expected a card number 0..51, text like '7s', or a Card"),
        (np.int64(52), "card number 52 is out of range: expected 0..51"),
        (3.0, "3.0 is not a card: expected a card number 0..51, text like '7s', or a Card"),
        (None, "None is not a card: expected a card number 0..51, text like '7s', or a Card"),
    ],
)
def test_a_number_that_is_not_a_card_is_named(bad: object, message: str) -> None:
    for read in (lambda: Card(bad), lambda: parse_cards([0, bad]), lambda: lowball.Deck.from_order([bad])):  # type: ignore[arg-type]
        with pytest.raises(InvalidCardError) as info:
            read()
        assert str(info.value) == message


def test_an_integer_type_of_ones_own_is_a_card_number() -> None:
    assert Card(_Three()) is lowball.DECK[3] and parse_cards([_Three(), 4]) == (Card("2s"), Card("3c"))


def test_a_deck_stacked_from_numbers_is_the_deck_stacked_from_cards() -> None:
    order = [int(c) for c in lowball.Deck(seed=7).snapshot()["stub"]]
    want = lowball.Deck.from_order([Card(c) for c in order], seed=1).snapshot()
    assert lowball.Deck.from_order(order, seed=1).snapshot() == want
    assert lowball.Deck.from_order(np.array(order), seed=1).snapshot() == want
    assert lowball.Deck.from_order(format_cards(order, " "), seed=1).snapshot() == want
    with pytest.raises(InvalidCardError, match=r"^card 7s appears twice in"):
        lowball.Deck.from_order([23, 5, 23])

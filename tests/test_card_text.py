"""Card text with suit symbols (issue 11): the symbols players copy from sites and books (black and
white, with or without a variation selector) are read wherever card text is read, through the
one scanner (:func:`lowball.cards.split_card_text`), and a bad token is named as written."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import lowball
from helpers import stacked
from lowball import (
    Card,
    Deck,
    Hand,
    HandState,
    InvalidCardError,
    InvalidTypeError,
    evaluate,
    format_cards,
    parse_cards,
    parse_hand,
    phh,
)
from lowball.bots import plan_discards
from lowball.cards import split_card_text
from lowball.engine import Action, apply_action
from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT

EXPECTED = "expected a rank (2-9, T, J, Q, K, A, or 10) followed by a suit (c, d, h, s, or a suit symbol)"
VS16, VS15 = "\ufe0f", "\ufe0e"  # the emoji and the text presentation selectors

# (text, the tokens as written, the cards in ASCII)
GOOD = [
    ("7♠ 5♥ 4♦ 3♣ 2♠", ["7♠", "5♥", "4♦", "3♣", "2♠"], "7s 5h 4d 3c 2s"),
    ("7♠5♥4♦3♣2♠", ["7♠", "5♥", "4♦", "3♣", "2♠"], "7s 5h 4d 3c 2s"),
    ("7♤ 5♡ 4♢ 3♧ 2♤", ["7♤", "5♡", "4♢", "3♧", "2♤"], "7s 5h 4d 3c 2s"),
    (
        f"7♠{VS16} 5♥{VS16} 4♦{VS16} 3♣{VS16} 2♠{VS16}",
        [f"7♠{VS16}", f"5♥{VS16}", f"4♦{VS16}", f"3♣{VS16}", f"2♠{VS16}"],
        "7s 5h 4d 3c 2s",
    ),
    (f"7♠{VS16}5♥{VS15}4♦3♣{VS16}2♠", [f"7♠{VS16}", f"5♥{VS15}", "4♦", f"3♣{VS16}", "2♠"], "7s 5h 4d 3c 2s"),
    (f"7s, 5♥ 4D,3♧ 2♠{VS16}", ["7s", "5♥", "4D", "3♧", f"2♠{VS16}"], "7s 5h 4d 3c 2s"),
    ("10♠ t♥ T♦ 10♧ j♢", ["10♠", "t♥", "T♦", "10♧", "j♢"], "Ts Th Td Tc Jd"),
    ("a♣,K♦\u00a0q♡", ["a♣", "K♦", "q♡"], "Ac Kd Qh"),  # a no-break space, as pasted from a page
]

# (text, the exact message); every token is refused as written
BAD = [
    ("7♠ 5X 4♦ 3♣ 2♠", f"'5X' is not a card: {EXPECTED}"),
    ("7♥♥", f"'♥' in '7♥♥' is not a card: {EXPECTED}"),
    ("7♥♥ 5h 4d 3c 2s", f"'♥' in '7♥♥' is not a card: {EXPECTED}"),
    ("♠7 5h 4d 3c 2s", f"'♠7' is not a card: {EXPECTED}"),
    ("1♠ 5h 4d 3c 2s", f"'1♠' is not a card: {EXPECTED}"),
    ("10X 5h 4d 3c 2s", f"'10X' is not a card: {EXPECTED}"),
    ("7★ 5h 4d 3c 2s", f"'7★' is not a card: {EXPECTED}"),
    ("7♠ 5♥ 4♦ 3♣ 2", f"'2' is not a card: {EXPECTED}"),
    # a variation selector belongs after a symbol only, and only one; it is named as an escape
    (f"7s{VS16} 5h 4d 3c 2s", f"'\\ufe0f' in '7s\\ufe0f' is not a card: {EXPECTED}"),
    (f"7♠{VS16}{VS16} 5h 4d 3c 2s", f"'\\ufe0f' in '7♠\\ufe0f\\ufe0f' is not a card: {EXPECTED}"),
    (f"7{VS16}♠ 5h 4d 3c 2s", f"'7\\ufe0f' in '7\\ufe0f♠' is not a card: {EXPECTED}"),
]


@pytest.mark.parametrize(("text", "tokens", "ascii_cards"), GOOD)
def test_symbols_are_read_everywhere_card_text_is(text: str, tokens: list[str], ascii_cards: str) -> None:
    assert split_card_text(text) == tokens
    cards = parse_cards(text)
    assert format_cards(cards, " ") == ascii_cards
    assert cards == parse_cards(ascii_cards)
    assert tuple(Card(t) for t in tokens) == cards
    assert lowball.parse_card(tokens[0]) == cards[0]
    if len(cards) == 5:
        assert parse_hand(text) == cards
        assert evaluate(text) == evaluate(ascii_cards) == evaluate(tuple(cards))
        assert tuple(Hand(text)) == cards and str(Hand(text)) == ascii_cards.replace(" ", "")
        assert lowball.describe(text) == lowball.describe(ascii_cards)
        assert plan_discards(text, 2) == plan_discards(ascii_cards, 2)
        assert lowball.evaluate_batch([list(cards)]).tolist() == [evaluate(text)]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_a_bad_token_is_named_as_written(text: str, message: str) -> None:
    for func in (split_card_text, parse_cards, parse_hand, evaluate, Hand):
        with pytest.raises(InvalidCardError) as info:
            func(text)
        assert str(info.value) == message, func


def test_one_card() -> None:
    assert Card("7♠") == Card(f"7♠{VS16}") == Card(f" 7♤{VS15} ") == Card("7s") == 23
    assert Card("10♦") == Card("T♢") == 33
    assert Card("a♣") == Card("A♧") == 48
    for text, shown in [
        ("7♠♠", "'7♠♠'"),
        ("♠7", "'♠7'"),
        ("7♠ 5♥", "'7♠ 5♥'"),
        (f"7s{VS16}", "'7s\\ufe0f'"),
        (f"7♠{VS16}{VS16}", "'7♠\\ufe0f\\ufe0f'"),
    ]:
        with pytest.raises(InvalidCardError) as info:
            Card(text)
        assert str(info.value) == f"{shown} is not a card: {EXPECTED}"


def test_the_scanner_takes_text_only() -> None:
    with pytest.raises(InvalidCardError) as info:
        split_card_text(5)  # type: ignore[arg-type]
    assert str(info.value) == "5 is not card text: expected a str like '7s 5h 4d 3c 2s'"
    with pytest.raises(InvalidCardError) as info:
        split_card_text(b"7s")  # type: ignore[arg-type]
    assert str(info.value) == "b'7s' is not card text: expected a str like '7s 5h 4d 3c 2s'"


def test_format_cards_with_symbols() -> None:
    cards = parse_cards("7s 5h 4d 3c 2s Td")
    assert format_cards(cards) == "7s5h4d3c2sTd"
    assert format_cards(cards, " ", symbols=True) == "7♠ 5♥ 4♦ 3♣ 2♠ T♦"
    assert format_cards(cards, symbols=False) == "7s5h4d3c2sTd"
    assert lowball.SUIT_SYMBOLS == "♣♦♥♠"
    assert parse_cards(format_cards(cards, ",", symbols=True)) == cards
    # card text is read as cards, not as characters
    assert format_cards("7s5h", " ", symbols=True) == "7♠ 5♥"
    assert format_cards("7♠ 5♥ 10d", "") == "7s5hTd"
    with pytest.raises(InvalidCardError) as info:
        format_cards("7s 5x")
    assert str(info.value) == f"'5x' is not a card: {EXPECTED}"
    for bad in ("yes", 1, None):
        with pytest.raises(InvalidTypeError) as info:
            format_cards(cards, symbols=bad)  # type: ignore[arg-type]
        assert str(info.value) == f"symbols {bad!r} is not a bool: expected True or False"


def test_the_deck_reads_symbols() -> None:
    order = "A♠ K♥ Q♦ J♣ 9♤ 8♡ 7♢ 6♧"
    d = Deck.from_order(order, seed=1)
    assert format_cards(d.deal(0, 8), " ") == "As Kh Qd Jc 9s 8h 7d 6c"
    d = Deck.from_order(order, seed=1)
    d.deal(0, 5)
    d.begin_draw([0])
    before = d.snapshot()
    with pytest.raises(InvalidCardError) as info:
        d.draw(0, "A♠ K★")
    assert str(info.value) == f"'K★' is not a card: {EXPECTED}"
    assert d.snapshot() == before
    assert format_cards(d.draw(0, f"A♠{VS16} K♥"), " ") == "8h 7d"
    assert format_cards(d.hand(0), " ") == "Qd Jc 9s 8h 7d"


def _drawing_state() -> HandState:
    """Heads-up triple draw stacked so that position 0 holds 7s 5h 4d Kc Kh, at the first draw."""
    s = HandState(TRIPLE_DRAW_FIXED_LIMIT, [200, 200], deck=stacked(["7s5h4dKcKh", "9s8s7c6d5d"], "3c2s"))
    apply_action(s, Action.call())
    apply_action(s, Action.check())
    assert s.actor == 0 and s.legal_actions().draw
    return s


def test_the_engine_and_the_actions_read_symbols() -> None:
    s = _drawing_state()
    before = s.to_dict()
    with pytest.raises(InvalidCardError) as info:
        s.discard("K♣ K♥♥")
    assert str(info.value) == f"'♥' in 'K♥♥' is not a card: {EXPECTED}"
    assert s.to_dict() == before
    assert Action.discard("K♣ K♥") == Action.discard([Card("Kc"), Card("Kh")])
    assert Action.discard("K♣ K♥").cards == (Card("Kc"), Card("Kh"))
    with pytest.raises(InvalidCardError) as info:
        Action.discard("K♣ 1♥")
    assert str(info.value) == f"'1♥' is not a card: {EXPECTED}"
    apply_action(s, Action.discard(f"K♣{VS16}K♥{VS16}"))
    assert format_cards(s.hand(0), " ") == "7s 5h 4d 3c 2s"


PHH_HAND = """\
variant = "F2L3D"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [200, 200]
actions = [
  "d dh p1 {hole1}",
  "d dh p2 {hole2}",
  "p2 cc",
  "p1 cc",
  "p1 sd {thrown}",
  "p2 sd",
  "d dh p1 {drawn}",
  "p1 cc",
  "p2 cc",
  "p1 sd",
  "p2 sd",
  "p1 cc",
  "p2 cc",
  "p1 sd",
  "p2 sd",
  "p1 cc",
  "p2 cc",
  "p1 sm {shown}",
  "p2 sm",
]
"""


def _phh(**cards: str) -> str:
    return PHH_HAND.format(**cards)


def test_a_hand_history_with_symbols_replays_as_the_ascii_one() -> None:
    ascii_text = _phh(hole1="7s5h4dKcKh", hole2="9s8s7c6d5d", thrown="KcKh", drawn="3c2s", shown="7s5h4d3c2s")
    symbols = _phh(
        hole1=f"7♠5♥4♦K♣{VS16}K♥",
        hole2="9♤8♤7♧6♢5♢",
        thrown="K♣K♥",
        drawn="3♣2♠",
        shown="7♠5♥4♦3♣2♠",
    )
    a = phh.loads(ascii_text).play()
    b = phh.loads(symbols).play()
    assert b.to_dict() == a.to_dict()
    assert format_cards(b.shown[0], " ") == "7s 5h 4d 3c 2s"
    assert b.stacks == a.stacks == (202, 198)
    mixed = ascii_text.replace("d dh p1 3c2s", "d dh p1 ??2♠")
    assert phh.loads(mixed).play().stacks == (202, 198)


@pytest.mark.parametrize(
    ("drawn", "message"),
    [
        ("3♣2★", "'2★' in '3♣2★' is not a card"),
        ("3♣♣", "'♣' in '3♣♣' is not a card"),
        ("3♣,2♠", "'3♣,2♠' is not a run of cards: no spaces or commas between the cards"),
        ("3♣?", "'?' in '3♣?' is not a card"),
    ],
)
def test_a_bad_card_in_a_hand_history_is_named_with_its_line(drawn: str, message: str) -> None:
    text = _phh(hole1="7s5h4dKcKh", hole2="9s8s7c6d5d", thrown="KcKh", drawn=drawn, shown="7s5h4d3c2s")
    with pytest.raises(phh.PHHError) as info:
        phh.loads(text).play()
    assert str(info.value).startswith(f"line 14, action 7 'd dh p1 {drawn}': {message}")


def test_a_hand_history_is_written_in_ascii(tmp_path: Path) -> None:
    symbols = _phh(hole1="7♠5♥4♦K♣K♥", hole2="9♤8♤7♧6♢5♢", thrown="K♣K♥", drawn="3♣2♠", shown="7♠5♥4♦3♣2♠")
    out = phh.dumps(phh.loads(symbols).play())
    assert out.isascii()
    assert '"d dh p1 7s5h4dKcKh"' in out and '"p1 sm 7s5h4d3c2s"' in out


def test_evaluate_batch_reads_card_text() -> None:
    hands = ["7s5h4d3c2s", "8♠5♥4♦3♣2♠", f"7♠{VS16} 6♥ 4♦ 3♣ 2♠"]
    expected = [evaluate(h) for h in hands]
    assert expected == [1, 5, 2]
    assert lowball.evaluate_batch(hands).tolist() == expected
    assert lowball.evaluate_batch(np.array(hands)).tolist() == expected
    assert lowball.evaluate_batch([split_card_text(h) for h in hands], check=False).tolist() == expected
    for bad, message in [
        (["7s5h4d3c2s", "7♠ 5X 4♦ 3♣ 2♠"], f"row 1: '5X' is not a card: {EXPECTED}"),
        (["7s7s4d3c2s"], "row 0: card 7s appears twice in 7s 7s 4d 3c 2s"),
        (["7s5h4d3c"], "row 0: expected 5 cards, got 4: 7s 5h 4d 3c"),
        ([["7s", "5h", "4d", "3c", "2♥♥"]], f"row 0: '2♥♥' is not a card: {EXPECTED}"),
        ("7s5h4d3c2s", "cards must have shape (N, 5), or be N hand texts, got text of shape ()"),
        (
            [["7s", "5h", "4d", "3c", "2s", "2d"]],
            "cards must have shape (N, 5), or be N hand texts, got text of shape (1, 6)",
        ),
    ]:
        with pytest.raises(InvalidCardError) as info:
            lowball.evaluate_batch(bad)
        assert str(info.value) == message

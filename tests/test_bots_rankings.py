"""Bots in A-5 and badugi (issue 16): the draw plan and strength classes by ranking, exact hands
to exact discards, worked out from the strategies the docstrings state."""

from __future__ import annotations

import pytest

from lowball import parse_cards
from lowball.bots import hand_tier, plan_discards
from lowball.errors import InvalidCardError, InvalidValueError


def discards(hand: str, draws_left: int, ranking: str) -> str:
    return " ".join(str(c) for c in plan_discards(parse_cards(hand), draws_left, ranking))


@pytest.mark.parametrize(
    ("hand", "draws_left", "thrown"),
    [
        ("5c 4d 3h 2s Ac", 3, ""),  # the wheel (a straight counts for nothing): pat
        ("6h 5h 4h 3h Ah", 3, ""),  # a flush is a 6-5 low in A-5: pat
        ("8c 5d 3h 2s Ac", 3, ""),  # an 8-5 with three draws: pat
        ("8c 7d 6h 5s 4c", 3, "8c"),  # a rough 8 with three draws: break it
        ("8c 7d 6h 5s 4c", 2, ""),  # ... any 8 with two
        ("9c 8d 4h 2s Ac", 3, "9c"),  # draw one to 8-4-2-A: the ace is the lowest card
        ("9c 8d 4h 2s Ac", 1, ""),  # a 9 on the last draw: pat
        ("Tc 8d 7h 2s Ac", 1, "Tc"),  # T-8 on the last draw: too rough, draw to 8-7-2-A
        ("Tc 6d 4h 2s Ac", 1, ""),  # T-6 on the last draw: pat
        ("Ac Ad 3h 2s 4c", 3, "Ad"),  # a pair of aces: break it, keep one ace
        ("Kc Kd 7h 3s 2c", 3, "Kc Kd"),  # a pair of kings: both go
        ("Kc Qd Jh 3s 2c", 3, "Kc Qd Jh"),
        ("9c 9d 7h 6s 5c", 1, "9d"),  # the last draw: one card to 9-7-6-5
        ("Kc Qd Jh Ts 9c", 2, "Kc Qd Jh Ts 9c"),  # nothing to keep
    ],
)
def test_plan_discards_a5(hand: str, draws_left: int, thrown: str) -> None:
    assert discards(hand, draws_left, "a-5") == thrown


@pytest.mark.parametrize(
    ("hand", "draws_left", "thrown"),
    [
        ("Ac 2d 3h 4s", 3, ""),  # the best badugi: pat
        ("9c 2d 3h 4s", 3, ""),  # a 9 badugi with three draws: pat
        ("Tc 2d 3h 4s", 3, "Tc"),  # a T badugi early: break it, draw to 4-3-2
        ("Tc 2d 3h 4s", 2, ""),  # ... pat with two draws
        ("Kc 2d 3h 4s", 2, "Kc"),
        ("Kc 2d 3h 4s", 1, ""),  # any badugi on the last draw beats every three-card hand
        ("Kc 2d 4h 4s", 3, "Kc 4s"),  # the pair goes, the king too early on
        ("Kc 2d 3h 4h", 3, "Kc 4h"),  # the second heart goes (the 4: 3-2 is lower)
        ("Kc 2d 3h 4h", 1, "4h"),  # the last draw: keep K-3-2, draw one to a badugi
        ("7c 2d 3h 4h", 3, "4h"),  # a three-card 7: draw one
        ("2c 3c 4c 5c", 3, "3c 4c 5c"),  # four clubs: keep the deuce
        ("Ac Ad Ah As", 2, "Ad Ah As"),  # four aces: one plays
        ("Kc Qd Jh Ts", 3, "Kc Qd Jh Ts"),  # nothing below 9 early: all four go
        ("Kc Qd Jh Ts", 1, ""),  # ... a K badugi on the last draw stands pat
    ],
)
def test_plan_discards_badugi(hand: str, draws_left: int, thrown: str) -> None:
    assert discards(hand, draws_left, "badugi") == thrown


def test_plan_discards_keeps_the_order_of_the_hand_and_takes_a_ranking_member() -> None:
    from lowball.evaluation import Ranking

    assert plan_discards("4h Kc 3h 2d", 3, Ranking.BADUGI) == parse_cards("4h Kc")
    assert plan_discards("Ac 9c Ad 8d 4h", 3, Ranking.ACE_TO_FIVE) == parse_cards("9c Ad")
    # 2-7 is the default, as before: the ace goes
    assert plan_discards("5c 4d 3h 2s Ac", 3) == parse_cards("Ac")


def test_hand_tier_a5() -> None:
    made = ["7c5d3h2sAc", "8c7d6h5s4c", "9c7d6h3s2c", "Tc7d6h3s2c", "Qc7d6h3s2c", "Kc7d6h3s2c", "AcAd6h3s2c"]
    assert [hand_tier(h, 0, "a-5") for h in made] == [0, 1, 2, 3, 4, 5, 5]
    assert hand_tier("5c4d3h2sAc", 3, "a-5") == 0  # the wheel pat
    assert hand_tier("Kc7d4h3s2c", 3, "a-5") == 1  # one card to a 7 with three draws
    assert hand_tier("KcQd7h3s2c", 1, "a-5") == 4  # two cards to a 7 on the last draw
    assert hand_tier("KcQdJhTs9c", 1, "a-5") == 5  # five cards on the last draw


def test_hand_tier_badugi() -> None:
    made = ["8c5d3h2s", "Tc5d3h2s", "Kc5d3h2s", "6c5d3h2h", "9c5d3h2h", "9c5c3h2h", "9c9d9h9s"]
    assert [hand_tier(h, 0, "badugi") for h in made] == [0, 1, 2, 3, 4, 5, 5]
    assert hand_tier("4c3d2hAs", 3, "badugi") == 0  # the best badugi pat
    assert hand_tier("Kc3d2hAs", 3, "badugi") == 1  # one card to a 3 with three draws
    assert hand_tier("KcQd2hAh", 1, "badugi") == 3  # one card to K-Q-A on the last draw


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: plan_discards("Ac2d3h4s5c", 2, "badugi"), InvalidCardError, "expected 4 cards, got 5"),
        (lambda: plan_discards("Ac2d3h4s", 2, "a-5"), InvalidCardError, "expected 5 cards, got 4"),
        (lambda: hand_tier("Ac2d3h4s", 2), InvalidCardError, "expected 5 cards, got 4"),
        (lambda: plan_discards("Ac2d3h4s", 4, "badugi"), InvalidValueError, "draws_left"),
        (lambda: plan_discards("Ac2d3h4s", 1, "hi-lo"), InvalidValueError, "'hi-lo'"),
        (lambda: hand_tier("Ac2d3h4s", 1, 7), InvalidValueError, "^7 is not a hand ranking: expected one of"),
    ],
)
def test_bad_input(call, error, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=message):
        call()

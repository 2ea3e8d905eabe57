"""Two faults of the odds core found by the benchmark and C-check work of issue 12, fixed since
and kept as tests (csrc/tests/test_odds.c checks the same two). The expected values are worked
out by hand from the documented rules."""

from __future__ import annotations

import pytest

from lowball import Card, odds


@pytest.mark.parametrize(
    ("hand", "target", "expected"),
    [
        # a 7-5-4-3-2 makes a 7-low every time standing pat
        ("7h5c4d3s2h", "7", ()),
        # 2-3-4-5 and a king: only a seven makes a 7-low (a six makes a straight): 4 of 47
        # drawing one, far above any two-card draw (at most 28 of 1,081)
        ("2c3d4h5sKc", "7", (Card("Kc"),)),
    ],
)
def test_best_last_throws_the_most_likely_discard(hand: str, target: str, expected: tuple[Card, ...]) -> None:
    assert odds.Strategy(best_last=target).discard(hand, 1, 1) == expected


def test_break_a_pat_hand_with_a_pair_on_top() -> None:
    # pat with anything, break anything rougher than 7-5-4-3-2, draw to a 7: under the top
    # card (a seven) are 7-4-3-2, four ranks up to 7: break the hand, throw one seven
    strategy = odds.Strategy(pat=7462, break_rougher=1, draw_to=7)
    thrown = strategy.discard("2c3d4h7s7c", 1, 1)
    assert thrown == (Card("7s"),)  # of the two sevens, the higher-numbered card goes

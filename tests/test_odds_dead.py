"""One model of dead cards in every odds tool (issue 26, part 3; ``RULES.md`` section 8).

Dead cards are the muck: the replacements come from the stub (52 minus the hands, the dead and
the removed cards), and the dead cards come back only when the stub cannot complete a draw and
the deck shuffles the muck into a new stub (``RULES.md`` section 4). Removed cards never come
back. Expected values are worked out by hand in the comments or counted by the slow reference
(``tests/odds_reference.py``), never by the code under test.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from click.testing import CliRunner
from odds_reference import ref_draw_counts

from lowball import ReshuffleRule, evaluate, odds, parse_cards
from lowball.cli import main
from lowball.errors import InvalidValueError

A, B = "7c6d4h3s2c", "9h8h5d4c2d"
CARDS_A = [int(c) for c in parse_cards(A)]
CARDS_B = [int(c) for c in parse_cards(B)]
# every card but the two hands: the reported case, hand B throwing five with all of them dead
OTHERS = [c for c in range(52) if c not in CARDS_A + CARDS_B]


def test_every_card_dead_gives_the_odds_of_the_whole_deck() -> None:
    # The stub is empty: the whole draw comes from the muck, the 47 other cards, shuffled: the
    # same as drawing five of 47 with nothing dead (both rules: an empty stub has no last card).
    rest = [c for c in range(52) if c not in CARDS_B]
    plain = odds.draw_outcomes(B, B)
    for rule in ReshuffleRule:
        o = odds.draw_outcomes(B, B, rest, rule=rule)
        assert o.reshuffled and not plain.reshuffled
        assert o.total == plain.total == math.comb(47, 5)
        assert np.array_equal(o.counts, plain.counts)


def test_the_reported_case_every_tool_agrees() -> None:
    """Issue 26: B throwing five with every other card dead. draw_outcomes refused (only 0 cards
    unseen) while equity dealt the dead cards and gave B's opponent 99.98%. Now every tool
    deals B's five from the reshuffled muck, the 42 other cards, exactly: C(42, 5) deals."""
    want, total = ref_draw_counts([], OTHERS)  # B's final classes: five of the 42
    assert total == math.comb(42, 5) == 850_668
    cls_a = int(evaluate(A))  # 7-6-4-3-2, class 2
    b_wins, ties = int(want[:cls_a].sum()), int(want[cls_a])
    # the hand A holds is out of play for good in draw_outcomes' terms (it is in a hand)
    o = odds.draw_outcomes(B, B, OTHERS, removed=A)
    assert o.reshuffled and o.total == total and np.array_equal(o.counts, want)
    e = odds.equity([A, B], discards=["", B], dead=OTHERS)
    assert e.exact and e.trials == total
    assert (e.players[1].wins, e.players[1].ties) == (b_wins, ties)
    assert (e.players[0].wins, e.players[0].ties) == (total - b_wins - ties, ties)
    assert e.players[0].share == (total - b_wins - ties) * odds.SHARE + ties * odds.SHARE // 2
    row = next(r for r in odds.discard_table(B, OTHERS, vs=A).rows if r.drawn == 5)
    assert row.counts == (b_wins, ties, total - b_wins - ties, total)
    # sampled, playing the deck itself: the same within four standard errors
    s = odds.equity([A, B], discards=["", B], dead=OTHERS, exact=False, trials=100_000, seed=3)
    assert not s.exact and s.reshuffles == s.trials
    assert abs(s.players[1].equity - e.players[1].equity) <= 4 * s.players[1].equity_se
    # two hands drawing from an empty stub: the exact matrix refuses, naming why
    with pytest.raises(InvalidValueError, match=r"^both players throwing five need 10 replacement cards, but only 0"):
        odds.discard_matrix(A, B, OTHERS)
    # the command says exact, and the dead cards are in the muck
    r = CliRunner().invoke(
        main, ["odds", A, B, "--discards", f"-,{B}", "--dead", "".join(map(str, parse_cards(OTHERS)))]
    )
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == "exact: every one of 850,668 deals counted (1 draw to come)"
    assert "(in the muck: back only through a reshuffle)" in r.stdout.splitlines()[1]


def test_removed_cards_never_come_back() -> None:
    with pytest.raises(InvalidValueError, match="but only 0 can come: 0 cards in the stub and 0 dead cards"):
        odds.draw_outcomes(B, B, removed=[c for c in range(52) if c not in CARDS_B])
    with pytest.raises(InvalidValueError, match="but only 0 can come"):
        odds.equity([A, B], discards=["", B], removed=OTHERS)
    # in a sampled run they are never dealt: all removed but ten, both throwing five, the stub
    # holds exactly the ten the two draws need
    ten = OTHERS[:10]
    s = odds.equity([A, B], discards=[A, B], removed=OTHERS[10:], exact=False, trials=2000, seed=1)
    assert s.reshuffles == 0
    x = odds.equity([A, B], discards=[A, B], removed=OTHERS[10:])
    assert x.exact and x.trials == math.comb(10, 5)
    assert set(ten).isdisjoint(CARDS_A + CARDS_B)


@pytest.mark.parametrize("burn", [False, True])
@pytest.mark.parametrize("rule", list(ReshuffleRule))
def test_a_short_stub_is_counted_as_the_deck_deals(rule: ReshuffleRule, burn: bool) -> None:
    # Two cards in the stub, 40 dead, B throwing three. By hand (RULES.md 8), d = 40:
    #   seeds, no burn: both stub cards and one of the 40: 40 deals;
    #   live, no burn: one stub card dealt, the other kept for the new stub with the muck: two
    #     cards of those 41: 2 * C(41, 2) = 1,640 deals;
    #   seeds, burn: the burn card joins the new stub: one stub card dealt, two of the 41:
    #     1,640 deals;
    #   live, burn: the burn leaves one card, which does not complete the draw, so it goes to
    #     the new stub with the burn card: three of the 42, C(42, 3) = 11,480 deals.
    dead = OTHERS[:40]
    stub = OTHERS[40:]
    assert len(stub) == 2
    o = odds.draw_outcomes(B, "9h8h5d", dead, removed=A, rule=rule, burn=burn)
    want = {(False, False): 40, (True, False): 1640, (False, True): 1640, (True, True): 11_480}[
        (rule is ReshuffleRule.LIVE, burn)
    ]
    assert o.reshuffled and o.total == want
    # against the pat A, the exact count agrees with the real deck, sampled
    e = odds.equity([A, B], discards=["", "9h8h5d"], dead=dead, rule=rule, burn=burn)
    s = odds.equity(
        [A, B], discards=["", "9h8h5d"], dead=dead, rule=rule, burn=burn, exact=False, trials=100_000, seed=9
    )
    assert e.exact and e.trials == want and not s.exact
    assert abs(s.players[1].equity - e.players[1].equity) <= 4 * s.players[1].equity_se + 1e-12
    # discard_table's row is the same count
    row = next(
        r
        for r in odds.discard_table(B, dead, removed=A, rule=rule, burn=burn, trials=0).rows
        if r.drawn == 3 and r.kept == tuple(parse_cards("4c2d"))
    )
    assert row.outcomes.total == want


def test_a_drawing_opponent_with_a_short_stub_is_refused_not_counted_from_dead_cards() -> None:
    # six cards in the stub, the opponent drawing two: throwing five would need the reshuffle
    # between the two draws, which the exact table cannot count
    dead = OTHERS[:36]
    with pytest.raises(InvalidValueError, match=r"which this exact count does not follow; lowball.odds.equity"):
        odds.discard_table(A, dead, vs=(B, "9h8h"))

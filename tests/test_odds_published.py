"""Advice a player would follow (issue 26, part 4): the order of ``lowball draw`` against the
default opponent, and the default :class:`~lowball.odds.Strategy`, checked against published
play. Each test is named by its source (``RULES.md`` section 8 quotes them):

* Haney 2021: Kevin Haney, "Triple Draw: Playing Against A Pat Hand", Card Player, 29 Dec 2021:
  a solid player who pats on the first draw holds "mostly any eight or better"; convertible
  nines (9-7-5-4-2) "want to break and draw at a premium hand"; against a pat hand "we generally
  require a one card draw to an 8-6 or better". The 57/43 of a pat 9-7-5-4-2 against 8-6-5-2
  drawing one with two draws to go is the figure issue 26 quotes from Haney (Card Player, 2021).
* Haney 2019: Kevin Haney, "Deuce to Seven Dramaha: Single Draw Primer", Card Player, 6 Nov
  2019: "A pat jack is typically a small favorite over any one drawing hand thus that is the
  break-point in what is usually considered a pat" hand (single draw).
* Wiesenberg 2003: Michael Wiesenberg, "Breaking a Pat 8 in Lowball", Card Player, 26 Sep 2003:
  breaking a pat 8 was "a terrible play" (ace-to-five lowball, where an 8 is likewise a made
  pat hand; RULES.md section 8.7 says so).

The default opponent's column is sampled with a fixed seed (20,000 trials a discard): each
claim is asserted with a margin of at least four standard errors, never as a copied number.
"""

from __future__ import annotations

import math

import pytest
from odds_reference import ref_headsup

from lowball import Card, odds, parse_cards
from lowball.odds import Strategy


def _row(table: odds.DiscardTable, thrown: str) -> odds.DiscardRow:
    want = set(parse_cards(thrown)) if thrown else set()
    return next(r for r in table.rows if set(r.discard) == want)


def _ahead(table: odds.DiscardTable, better: str, worse: str) -> None:
    """Row ``better`` has the higher default equity, by more than four standard errors of the
    two together (the rows share their trials, so this is generous)."""
    a, b = _row(table, better), _row(table, worse)
    assert a.default_equity is not None and b.default_equity is not None
    margin = 4 * math.hypot(a.default_equity_se or 0, b.default_equity_se or 0)
    assert a.default_equity - b.default_equity > margin, (better, a.default_equity, worse, b.default_equity)


# -- the order of lowball draw against the default opponent ----------------------------------------


def test_haney_2021_a_convertible_nine_breaks_with_three_draws_to_come() -> None:
    table = odds.discard_table("9s7h5d4c2d", draws=3)
    assert table.order == "equity" and table.opponent == odds.DefaultOpponent(3, odds.DEFAULT_TABLE_TRIALS, 0)
    assert table.best().discard == (Card("9s"),)
    _ahead(table, "9s", "")
    # the present order, kept behind order="mean-lows", stands pat first: what issue 26 reported
    assert odds.discard_table("9s7h5d4c2d", order="mean-lows").best().discard == ()


@pytest.mark.parametrize("draws", [1, 2, 3])
@pytest.mark.parametrize("hand", ["8s6h4d3c2d", "8s7h5d3c2h", "8s7h6d5c3d"])
def test_wiesenberg_2003_and_haney_2021_a_pat_eight_stands(hand: str, draws: int) -> None:
    # the smoothest, a middling and the roughest 8 (8-7-6-5-3): standing pat comes first,
    # before breaking it for the four cards under the 8
    table = odds.discard_table(hand, draws=draws)
    assert table.best().discard == ()
    top = max(parse_cards(hand))
    _ahead(table, "", str(top))


@pytest.mark.parametrize("hand", ["Js7h5d3c2d", "Js8h6d4c2d", "Ts7h5d3c2d", "Ts9h8d6c3d"])
def test_haney_2019_a_pat_jack_or_ten_stands_in_single_draw(hand: str) -> None:
    table = odds.discard_table(hand)  # one draw to come
    assert table.best().discard == ()
    top = max(parse_cards(hand))
    _ahead(table, "", str(top))
    # the mean of the lows breaks a J or T with a smooth draw under it: the order issue 26
    # reported, behind the flag (9-8-6-3 under the rough ten is no better by that mean)
    mean_first = odds.discard_table(hand, order="mean-lows").best().discard
    assert mean_first == (() if hand == "Ts9h8d6c3d" else (top,))


def test_haney_2019_a_pat_jack_is_a_small_favourite_over_a_one_card_draw() -> None:
    # exact, both hands known: J-8-6-4-2 against the best one-card draw, 7-5-3-2 (throwing the
    # king): counted deal by deal by the slow reference, and by lowball.odds.equity
    jack, draw = "Js8h6d4c2d", "7c5s3h2sKd"
    known = {int(c) for c in parse_cards(jack + draw)}
    unseen = [c for c in range(52) if c not in known]
    win, tie, lose, deals = ref_headsup(
        [int(c) for c in parse_cards(jack)], [int(c) for c in parse_cards(draw)][:4], unseen
    )
    assert deals == 42
    share = (win + tie / 2) / deals
    assert 0.5 < share < 0.6  # a favourite, a small one
    result = odds.equity([jack, draw], discards=["", "Kd"])
    assert result.exact and result.players[0].wins == win and result.players[0].ties == tie


def test_haney_2021_57_43_a_pat_nine_seven_against_an_eight_six_drawing_one() -> None:
    # Two draws to go; the 8-6-5-2 draws one each time until it has an 8 (which beats the 9-7).
    # By hand: 10 of the 42 unseen cards make it an 8 (three 7s, three 4s, four 3s: the 7h and 4c
    # are in the pat hand), so it gets there 10/42 + (32/42)(10/41) of the time: the pat hand's
    # equity is 1 - 10/42 - (32/42)(10/41) = 57.6%, Haney's 57/43.
    exact = 1 - 10 / 42 - (32 / 42) * (10 / 41)
    assert math.floor(100 * exact) == 57 and math.floor(100 * (1 - exact)) == 42
    result = odds.equity(
        ["9s7h5d4c2d", "8c6h5s2hKd"],
        discards=["", "Kd"],
        draws=2,
        strategies=[Strategy(snow=True), Strategy(pat="8")],
        trials=400_000,
        seed=1,
    )
    p = result.players[0]
    assert abs(p.equity - exact) <= 4 * p.equity_se


# -- the default Strategy ---------------------------------------------------------------------------


def test_haney_2021_the_default_keeps_a_one_card_draw_to_an_eight_six() -> None:
    s = Strategy()
    # 8-6-5-2-K early: throw the king (a one-card draw to 8-6), not the 8 and the king
    assert s.discard("8s6h5d2cKd", draw=1, draws=3) == (Card("Kd"),)
    assert s.discard("8s6h5d2cKd", draw=2, draws=3) == (Card("Kd"),)
    # a pair under the 8: throw one of the pair (the higher-numbered card of the rank)
    assert s.discard("8s6h5d5c2d", draw=1, draws=3) == (Card("5d"),)
    assert s.discard("8s6h4d2c2d", draw=1, draws=3) == (Card("2d"),)
    # 8-7-5-2 is a draw to 8-7, rougher than 8-6: two cards, to 7-5-2
    assert s.discard("8s7h5d2cKd", draw=1, draws=3) == (Card("8s"), Card("Kd"))
    # 9-6-5-2: no 8-6 draw: keep the cards up to 7
    assert s.discard("9s6h5d2cKd", draw=1, draws=3) == (Card("9s"), Card("Kd"))
    # a one-card draw to a 7 is kept whatever the rule (the cards up to 7)
    assert s.discard("7s5h3d2cKd", draw=1, draws=3) == (Card("Kd"),)
    # Strategy(draw_one=None): the rule before issue 26, the 8 thrown too
    assert Strategy(draw_one=None).discard("8s6h5d2cKd", draw=1, draws=3) == (Card("8s"), Card("Kd"))
    # and against the default opponent, with three draws to come, drawing one comes first
    table = odds.discard_table("8s6h5d2cKd", draws=3)
    assert table.best().discard == (Card("Kd"),)
    _ahead(table, "Kd", "8s Kd")


def test_haney_2019_the_default_stands_pat_on_a_jack_on_the_last_draw() -> None:
    s = Strategy()
    assert s.discard("Js7h5d3c2d", draw=1, draws=1) == ()  # single draw: its last
    assert s.discard("Js9h8d7c5d", draw=3, draws=3) == ()  # the roughest jacks too
    assert s.discard("Qs7h5d3c2d", draw=3, draws=3) == (Card("Qs"),)  # a queen is broken
    # before the last draw: any 8 or better stands (Haney 2021), a 9 breaks
    assert s.discard("8s7h6d5c3d", draw=1, draws=3) == ()
    assert s.discard("9s7h5d4c2d", draw=1, draws=3) == (Card("9s"),)
    assert s.discard("9s7h5d4c2d", draw=2, draws=3) == (Card("9s"),)
    assert odds.DEFAULT_STRATEGY_TEXT == "pat=8/8/J,draw=7/7/8,one=8-6"
    assert Strategy.parse("default") == Strategy() == Strategy.parse(odds.DEFAULT_STRATEGY_TEXT)

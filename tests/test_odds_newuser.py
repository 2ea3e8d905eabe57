"""Draw odds as a new user meets them (issue 12): the questions a 2-7 player asks, checked
against counts worked out by hand, and the rough edges found on the way (xfail strict, "BUG:").

Every expected number here is counted by hand from the cards (the counts are in the comments),
not copied from the library.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from lowball import odds
from lowball.cli import main
from lowball.errors import LowballError


def run(*args: str):
    return CliRunner().invoke(main, list(args))


# --- "I hold 8-7-4-3-2; my opponent draws one": stand pat or break? -----------------------


def test_pat_87_against_a_one_card_draw_to_6542():
    # Opponent Kd 6c 5h 4h 2h throws Kd. 42 unseen cards. It beats 8-7-4-3-2 with a 7
    # (7-6-5-4-2; 7h is mine: 3 left) or an 8 (8-6-5-4-2; 8s is mine: 3 left); a 3 makes the
    # straight 6-5-4-3-2. So pat wins 36 of 42 and never ties.
    table = odds.discard_table("8s7h4d3c2s", vs=("Kd6c5h4h2h", "Kd"))
    pat = next(row for row in table if row.drawn == 0)
    assert pat.counts == (36, 0, 6, 42)
    assert table[0].drawn == 0  # standing pat is the best row


def test_pat_87_against_a_one_card_draw_to_7532():
    # Opponent Kd 7c 5h 3d 2h throws Kd: it wins with a 4 (7-5-4-3-2; 4d mine: 3 left) or a 6
    # (7-6-5-3-2: 4 left); an 8 gives 8-7-5-3-2, worse than 8-7-4-3-2. 35 of 42 for pat.
    table = odds.discard_table("8s7h4d3c2s", vs=("Kd7c5h3d2h", "Kd"))
    pat = next(row for row in table if row.drawn == 0)
    assert pat.counts == (35, 0, 7, 42)


# --- "which discard has the best worst case against a known hand?" --------------------------


def test_maxmin_pat_87_against_k9542():
    # Pat 8-7-4-3-2 against Kd 9h 5c 4s 2d. The opponent's best reply is to keep 5-4-2 and draw
    # two from 42: it beats 8-7-4-3-2 with 7-6 (3 sevens x 4 sixes = 12), 7-3 (3 x 3 = 9),
    # 8-3 (3 x 3 = 9) or 8-6 (3 x 4 = 12): 42 of C(42, 2) = 861 (6-3 is a straight, 8-7-5-4-2
    # loses). So pat's worst case is 819/861 and no discard does better.
    m = odds.discard_matrix("8s7h4d3c2s", "Kd9h5c4s2d", threads=1)
    i = m.maxmin(0)
    assert m.discards[0][i] == ()
    j = m.best_response(0, i)
    assert {str(c) for c in m.discards[1][j]} == {"Kd", "9h"}
    assert m.equity[i, j] == pytest.approx(819 / 861, abs=1e-12)


# --- "does breaking 8-7 with 7-4-3-2 underneath pay against a pat 9?" ------------------------


def test_breaking_87_against_pat_9_single_draw():
    # Against a pat 9d 6c 5h 3d 2h, one draw: pat wins always; keeping 7-4-3-2 wins with a 5
    # (5h is the opponent's: 3 left), a 6 (6c theirs: 3 left) or an 8 (8s thrown: 3 left):
    # 9 of 42 (9-7-4-3-2 loses to 9-6).
    table = odds.discard_table("8s7h4d3c2s", vs="9d6c5h3d2h")
    rows = {tuple(str(c) for c in row.discard): row for row in table}
    assert rows[()].counts == (1, 0, 0, 1)
    assert rows[("8s",)].counts == (9, 0, 33, 42)


def test_breaking_87_against_pat_9_triple_draw():
    # Three draws, the 8-7 broken every time (break=8-6; pat on a 7-low), the 9 snowing. The
    # hand is 7-4-3-2 + x at every draw. A 5 or a 6 (3 + 3 left) wins on any draw; an 8 wins
    # only on the last (before that 8-7 is broken again, and that 8 is gone for good). Exact:
    p_miss = Fraction(0)
    for e1 in (0, 1):  # an 8 on draw 1
        p1 = Fraction(3, 42) if e1 else Fraction(33, 42)
        for e2 in (0, 1):  # an 8 on draw 2
            left = 3 - e1
            p2 = Fraction(left, 41) if e2 else Fraction(41 - 6 - left, 41)
            p3 = Fraction(40 - 6 - (3 - e1 - e2), 40)
            p_miss += p1 * p2 * p3
    exact = float(1 - p_miss)  # 141/328 = 0.4299
    e = odds.equity(
        ["8s7h4d3c2s", "9d6c5h3d2h"],
        draws=3,
        trials=200_000,
        seed=3,
        threads=2,
        strategies=[odds.Strategy(break_rougher="8-6"), odds.Strategy(snow=True)],
    )
    hero = e.players[0]
    assert hero.tie == 0.0
    assert abs(hero.equity - exact) < 4 * hero.equity_se


# --- rough edges a bot author meets ------------------------------------------------------------


def test_vs_given_as_a_list_works_or_says_what_to_give():
    want = odds.discard_table("8s7h4d3c2s", vs=("9h8d6c4s2d", "9h"))
    try:
        got = odds.discard_table("8s7h4d3c2s", vs=["9h8d6c4s2d", "9h"])
    except LowballError as exc:
        assert "(hand, discard)" in str(exc) or "tuple" in str(exc)
    else:
        assert [row.counts for row in got] == [row.counts for row in want]


def test_straight_ranks_as_a_low_get_a_true_error():
    with pytest.raises(LowballError) as info:
        odds.threshold("9-8-7-6-5")
    assert "straight" in str(info.value)


def test_odds_json_records_the_strategies():
    result = run(
        "odds", "7c6d4h3s2c", "9h8h5d4c2s", "--draws", "3", "--trials", "1000", "--seed", "7",
        "--strategy", "snow", "--strategy", "pat=7-5,draw=7", "--json", "-q",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = json.dumps(json.loads(result.output))
    assert "snow" in text and "pat=7-5" in text


def test_cli_strategy_error_speaks_the_cli_words():
    result = run("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--draws", "3", "--strategy", "pat=9,draw=1")
    assert result.exit_code == 2
    assert "draw=1" in result.output
    assert "Strategy.draw_to" not in result.output

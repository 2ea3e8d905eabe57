"""Bad input to lowball.odds: each error is a LowballError subclass naming the bad value (issue 12)."""

from __future__ import annotations

import re

import pytest

from lowball import Card, ReshuffleRule, odds, parse_cards
from lowball.errors import InvalidCardError, InvalidSeedError, InvalidTypeError, InvalidValueError, LowballError
from lowball.odds import Strategy

A, B = "7c6d4h3s2c", "9h8h5d4c2d"
HAND_A = [int(c) for c in parse_cards(A)]
HAND_B = [int(c) for c in parse_cards(B)]


def _all_but(keep: int, *hands) -> list[int]:
    """Dead cards: every card not in the hands, except ``keep`` of them."""
    rest = [c for c in range(52) if not any(c in h for h in hands)]
    return rest[keep:]


@pytest.mark.parametrize(
    "call,error,words",
    [
        (lambda: odds.draw_outcomes(A, discard="Kh"), InvalidCardError, ["Kh", "not in the hand", A]),
        (lambda: odds.draw_outcomes(A, discard="7c 7c"), InvalidCardError, ["7c", "twice"]),
        (lambda: odds.draw_outcomes(A, dead="3s"), InvalidCardError, ["3s", "hand", "dead"]),
        (lambda: odds.draw_outcomes("7c6d4h3s", discard=""), InvalidCardError, ["hand"]),
        (lambda: odds.discard_table(A, dead="2c"), InvalidCardError, ["2c", "dead"]),
        (lambda: odds.discard_table(A, vs="9h8h5d4c7c"), InvalidCardError, ["7c", "opponent"]),
        (lambda: odds.discard_table(A, vs=(B, "Ks")), InvalidCardError, ["Ks", "not in the hand", B]),
        (lambda: odds.discard_table(A, vs="5-4"), InvalidValueError, ["'5-4'"]),
        (lambda: odds.discard_table(A, vs=7463), InvalidValueError, ["7463"]),
        (lambda: odds.discard_table(A, target="8-8"), InvalidValueError, ["'8-8'"]),
        (lambda: odds.equity([A, "9h8h5d4c7c"]), InvalidCardError, ["7c", "hands[0]", "hands[1]"]),
        (lambda: odds.equity([A, B], dead="9h"), InvalidCardError, ["9h", "hands[1]", "dead"]),
        (lambda: odds.equity([A, B], discards=["Kh", ""]), InvalidCardError, ["discards[0]", "Kh"]),
        (lambda: odds.equity([A, B], discards=["", "7c"]), InvalidCardError, ["discards[1]", "7c"]),
        (lambda: odds.equity([A, B], discards=[""]), InvalidValueError, ["discards", "one discard per hand"]),
        (lambda: odds.equity([A]), InvalidValueError, ["1 hand: expected 2 to 9"]),
        (lambda: odds.equity([A] * 10), InvalidValueError, ["10 hands", "2 to 9"]),
        (lambda: odds.equity(A), InvalidValueError, [A]),
        (lambda: odds.equity([A, B], draws=0), InvalidValueError, ["draws = 0"]),
        (lambda: odds.equity([A, B], draws=4), InvalidValueError, ["draws = 4"]),
        (lambda: odds.equity([A, B], draws=3, trials=0), InvalidValueError, ["trials = 0"]),
        (lambda: odds.equity([A, B], draws=3, trials=-5), InvalidValueError, ["trials = -5"]),
        (lambda: odds.equity([A, B], draws=3, trials=2.5), InvalidValueError, ["trials = 2.5"]),
        (lambda: odds.equity([A, B], draws=3, stderr=0), InvalidValueError, ["stderr 0"]),
        (lambda: odds.equity([A, B], draws=3, stderr=1.5), InvalidValueError, ["stderr 1.5"]),
        (lambda: odds.equity([A, B], draws=3, stderr="small"), InvalidValueError, ["'small'"]),
        (lambda: odds.equity([A, B], draws=3, threads=0), InvalidValueError, ["threads = 0"]),
        (lambda: odds.equity([A, B], draws=3, threads=300), InvalidValueError, ["threads = 300"]),
        (lambda: odds.equity([A, B], draws=3, seed=-1), InvalidSeedError, ["seed = -1"]),
        (lambda: odds.equity([A, B], draws=3, seed=1.5), InvalidSeedError, ["seed = 1.5"]),
        (lambda: odds.equity([A, B], draws=3, seed="abc"), InvalidSeedError, ["'abc'"]),
        (lambda: odds.equity([A, B], budget=-1), InvalidValueError, ["budget = -1"]),
        (lambda: odds.equity([A, B], draws=3, burn=1), InvalidTypeError, ["burn 1"]),
        (lambda: odds.equity([A, B], draws=3, rule=5), InvalidValueError, ["5"]),
        (lambda: odds.equity([A, B], draws=3, strategies=[Strategy()]), InvalidValueError, ["strategies", "(2)"]),
        (lambda: odds.discard_matrix(A, A), InvalidCardError, ["hand_a", "hand_b"]),
        (lambda: odds.discard_matrix(A, B, dead="4c"), InvalidCardError, ["4c", "hand_b", "dead"]),
        (lambda: odds.discard_matrix(A, B, threads=0), InvalidValueError, ["threads = 0"]),
    ],
)
def test_bad_arguments_name_the_value(call, error, words) -> None:
    with pytest.raises(error) as info:
        call()
    for word in words:
        assert word in str(info.value), (word, str(info.value))


@pytest.mark.parametrize("target", ["5-4", "8-8", "9-9-9", "6", "7-6-5-4-3", 0, 7463, -1, True])
def test_bad_targets(target) -> None:
    with pytest.raises(InvalidValueError, match=re.escape(str(target))):
        odds.threshold(target)


@pytest.mark.parametrize("target", ["x", "Kh", 1.5, "9h8h5d4c"])
def test_targets_that_are_not_cards_or_lows(target) -> None:
    with pytest.raises(InvalidCardError, match=re.escape(str(target))):
        odds.threshold(target)


@pytest.mark.parametrize(
    "text,words",
    [
        ("pat=5-4", ["strategy 'pat=5-4': expected a low like 8-6"]),
        ("pat=8-8", ["'pat=8-8': expected a low"]),
        ("draw=1", ["'draw=1': expected a rank"]),
        ("draw=15", ["'draw=15': expected a rank"]),
        ("draw=Z", ["'draw=Z': expected a rank"]),
        ("best=8-8", ["'best=8-8': expected a low"]),
        ("foo=1", ["'foo=1'", "pat=, draw=, one=, break= or best="]),
        ("pat", ["'pat'"]),
        ("pat=9/8", ["'pat=9/8': expected", "one value or three"]),
        ("pat=9/8/7/6", ["'pat=9/8/7/6': expected", "one value or three"]),
        ("break=0", ["'break=0': expected a low like 9-7"]),
        ("pat=9,draw=1", ["strategy 'pat=9,draw=1': draw=1: expected a rank"]),
        ("pat=9,foo", ["strategy 'pat=9,foo': foo: expected pat="]),
    ],
)
def test_bad_strategy_text(text, words) -> None:
    with pytest.raises(LowballError) as info:
        Strategy.parse(text)
    for word in words:
        assert word in str(info.value)


def test_bad_strategy_settings() -> None:
    with pytest.raises(InvalidTypeError, match="5"):
        Strategy.parse(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="Strategy.snow 1"):
        Strategy(snow=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="Strategy.pat = 0"):
        Strategy(pat=0)
    with pytest.raises(InvalidValueError, match="Strategy.best_last"):
        Strategy(best_last=3000)  # a pair: best_last aims at a low
    with pytest.raises(InvalidValueError, match=r"Strategy.draw_to\[1\]"):
        Strategy(draw_to=(7, 1, 8))
    for draw, draws, bad in ((4, 3, "draw = 4"), (0, 3, "draw = 0"), (1, 4, "draws = 4"), (2, 1, "draw = 2")):
        with pytest.raises(InvalidValueError, match=bad):
            Strategy().discard(A, draw, draws)
    with pytest.raises(InvalidCardError):
        Strategy().discard("7c6d4h3s")


def test_strategy_text_reads_the_documented_forms() -> None:
    assert Strategy.parse("snow") == Strategy(snow=True)
    assert Strategy.parse("") == Strategy.parse("default") == Strategy()
    assert Strategy.parse("pat=8/8/9, draw=7, break=9-7, best=9") == Strategy(
        pat=("8", "8", "9"), draw_to="7", break_rougher="9-7", best_last="9"
    )
    assert Strategy.parse("pat=none").pat is None


# -- more cards than the deck holds ----------------------------------------------------------------


def test_draw_outcomes_with_fewer_cards_than_drawn() -> None:
    """Three cards in the stub, none in the muck and five thrown: no replacement exists (this
    returned a DrawOutcomes with total 0, whose probability() then divided by zero, until this
    test found it). Removed cards never come back (RULES.md section 8)."""
    with pytest.raises(
        InvalidValueError,
        match=r"^the discard needs 5 replacement cards, but only 3 can come: 3 cards in the stub and 0 dead cards "
        r"that a reshuffle brings back from the muck \(removed cards never come back\)$",
    ):
        odds.draw_outcomes(A, discard=A, removed=_all_but(3, HAND_A))


def test_discard_table_with_fewer_cards_than_drawn() -> None:
    with pytest.raises(
        InvalidValueError, match=r"the table \(throwing all five\) needs 5 replacement cards, but only 4 can come"
    ):
        odds.discard_table(A, dead=_all_but(3, HAND_A)[:1], removed=_all_but(3, HAND_A)[1:])


def test_exact_headsup_with_too_few_cards_names_them() -> None:
    """Four unseen cards: discard_matrix (and discard_table against a drawing opponent) raised the
    base LowballError "exact heads-up equity: not enough cards (status 16)", naming nothing,
    until this test found it."""
    dead = _all_but(4, HAND_A, HAND_B)
    with pytest.raises(InvalidValueError, match="both players throwing five need 10 replacement cards, but only 4"):
        odds.discard_matrix(A, B, dead=dead)
    with pytest.raises(InvalidValueError, match="needs 8 replacement cards, but only 4"):
        odds.discard_table(A, dead=dead, vs=(B, "9h8h5d"))


def test_single_draw_short_stub_is_sampled_with_the_reshuffle() -> None:
    # four unseen cards and ten thrown: no exact count, but the deck's reshuffle rule completes
    # the draw (the first player's discards join the new stub), so it is sampled, not refused
    dead = _all_but(4, HAND_A, HAND_B)
    res = odds.equity([A, B], discards=[A, B], dead=dead, trials=500, seed=3, threads=1)
    assert not res.exact and res.trials == 500 and res.reshuffles == 500
    assert sum(p.share for p in res.players) == 500 * odds.SHARE
    # the four unseen cards and a fifth from the new stub: 7c6d4h3s2c's own cards come back
    res = odds.equity([A, B], discards=[A, B], dead=dead, rule=ReshuffleRule.LIVE, trials=200, seed=3, threads=1)
    assert res.reshuffles == 200


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("break=0", "strategy 'break=0': expected a low like 9-7"),
        ("best=7462", "strategy 'best=7462': expected a low (a hand without a pair)"),
        ("pat=x", "strategy 'pat=x': expected a low like 8-6 or 9"),
    ],
)
def test_strategy_text_with_a_bad_target(text, message) -> None:
    """A bad value in strategy text is an InvalidValueError naming it (a number where a target
    goes was read as cards, an InvalidCardError, until this test found it)."""
    with pytest.raises(InvalidValueError, match=re.escape(message)):
        Strategy.parse(text)


def test_strategy_text_reads_a_class_number() -> None:
    assert Strategy.parse("pat=1") == Strategy(pat=1)
    assert Strategy.parse("pat=1277,draw=T") == Strategy(pat=1277, draw_to=10)


def test_check_places_names_both_places_and_returns_the_unseen_cards() -> None:
    unseen = odds.check_places([("hand 1", "7s5h4d3c2s"), ("--dead", "Kd")])
    assert len(unseen) == 46 and 23 not in unseen and int(Card("Kd")) not in unseen
    assert unseen == sorted(unseen)
    with pytest.raises(InvalidCardError, match=re.escape("card 7s is in hand 1 and in hand 2: one deck holds it once")):
        odds.check_places([("hand 1", "7s5h4d3c2s"), ("hand 2", "7s8h")])
    with pytest.raises(InvalidValueError, match="expected a .name, cards. pair"):
        odds.check_places([("hand 1",)])

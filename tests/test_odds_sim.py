"""Sampled equity (triple draw, strategies) against a plain-Python replay over lowball.Deck (issue 12).

tests/odds_reference.py writes the documented per-trial streams (csrc/odds.h: two PCG64 streams
per trial from the SeedSequence key, SplitMix64 mix, top-down Fisher-Yates with Lemire's bounded
numbers) with numpy's own PCG64, stacks each trial's stub with ``Deck.from_order``, deals, mucks
the dead cards and plays every draw through ``Deck.begin_draw/draw/end_draw`` with the strategy
rule rewritten from its documentation. Same seed, same cards, so the same integer sums.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from odds_reference import (
    RefStrategy,
    bounded,
    key_of,
    mix64,
    pattern_best,
    pattern_count,
    pick_best,
    ref_discard_counts_all,
    simulate,
    trial_streams,
)

from lowball import Card, ReshuffleRule, _odds, evaluate, format_cards, odds, parse_cards
from lowball.odds import Strategy


def _text(cards) -> str:
    return format_cards([Card(c) for c in cards])


def _ref_of(s: Strategy) -> RefStrategy:
    """The reference strategy from a Strategy's public settings (not its private spec)."""

    def per(v, f):
        return tuple(f(x) for x in v) if isinstance(v, tuple) else (f(v),) * 3

    def target(v):
        return 0 if v is None else odds.threshold(v)

    def rank(v):
        return "23456789TJQKA".index(v) if isinstance(v, str) else v - 2

    brk = per(s.break_rougher, target)
    return RefStrategy(
        pat=per(s.pat, target),
        keep=per(s.draw_to, rank),
        brk=tuple(b or 7462 for b in brk),
        snow=s.snow,
        best_last=target(s.best_last),
        one=per(s.draw_one, target),
    )


# -- the documented streams ---------------------------------------------------------------------


def test_mix_and_streams_match_the_binding_words() -> None:
    # SplitMix64's finaliser of 0 and 1 (published constants of the algorithm)
    assert mix64(0) == 0
    assert mix64(1) == 0x5692161D100B05E5
    key = key_of(2024)
    g_stub, _ = trial_streams(key, 5)
    st = g_stub.state["state"]
    words = [int(w) for w in g_stub.random_raw(4)]
    assert _odds.pcg64_words(st["state"], st["inc"], 4) == words


def test_bounded_is_uniform_on_small_bounds() -> None:
    g = np.random.PCG64(3)
    counts = np.bincount([bounded(g, 5) for _ in range(5000)], minlength=5)
    assert counts.min() > 850 and counts.max() < 1150


# -- strategies -------------------------------------------------------------------------------------

STRATEGIES = [
    Strategy(),
    Strategy(pat="9", draw_to=8),
    Strategy(pat=("7", "8", "9-7"), draw_to=(7, 8, 9), break_rougher=("7-6", "8-6", "9-8")),
    Strategy(pat=None, draw_to="T"),
    Strategy(snow=True),
    Strategy(pat="J", draw_to=14),
    Strategy(pat=4000, draw_to=9),  # pat with a pair
]


@pytest.mark.parametrize("strategy", STRATEGIES, ids=range(len(STRATEGIES)))
def test_strategy_discard_follows_the_documented_rule(strategy) -> None:
    ref = _ref_of(strategy)
    rng = random.Random(8)
    for _ in range(600):
        hand = rng.sample(range(52), 5)
        for draws in (1, 2, 3):
            for draw in range(1, draws + 1):
                d, last = 3 - draws + draw - 1, draw == draws
                mask = ref.discard(hand, d, last)
                want = tuple(Card(c) for i, c in enumerate(hand) if mask >> i & 1)
                assert strategy.discard(hand, draw, draws) == want, (_text(hand), draw, draws)


def test_strategy_discard_rule_by_hand() -> None:
    s = Strategy(pat="8", draw_to=7, break_rougher="8-5")
    assert s.discard("8s6h4d3c2s") == (Card("8s"),)  # 8-6 is rougher than 8-5, 6-4-3-2 under it
    assert s.discard("8s5h4d3c2s") == ()  # 8-5-4-3-2: pat, not rougher than 8-5
    assert s.discard("8s7h4d3c2s") == (Card("8s"),)  # 8-7 is rough, 7-4-3-2 is a smooth 7 draw
    assert s.discard("8s7h4d3c2s", draw=1) == (Card("8s"),)
    assert Strategy(pat="8", draw_to=6, break_rougher="8-5").discard("8s7h4d3c2s") == ()  # 7 > draw_to
    assert s.discard("9s7h4d3c2s") == (Card("9s"),)  # not pat: keep the ranks up to 7
    assert s.discard("7s7h4d3c2s") == (Card("7s"),)  # a pair: the higher-numbered 7 (spades) goes
    assert s.discard("6s5h4d3c2s") == (Card("6s"),)  # a straight of low cards: throw the top
    assert s.discard("Ks5h4h3h2h") == (Card("Ks"),)
    assert Strategy(snow=True).discard("KsKhKdQcQs") == ()


def test_strategy_breaks_a_pat_pair_with_a_smooth_draw_under_its_top_card() -> None:
    """odds.h and Strategy's docstring: stand pat when c <= pat, unless c > brk and "the four
    lowest cards are four distinct ranks up to keep": then throw the highest card. 9s9c8c6h3c
    with pat=4000 (its pair of nines is better) and break_rougher="8": the four lowest cards,
    3c 6h 8c 9c, are four distinct ranks up to 9, so the 9s goes (a 9-8-6-3 draw). The core
    required all five ranks distinct and stood pat, until this test found it."""
    s = Strategy(pat=4000, draw_to=9, break_rougher="8")
    assert evaluate("9s9c8c6h3c") <= 4000
    assert _ref_of(s).discard([int(c) for c in parse_cards("6h3c8c9c9s")], 2, True) == 1 << 4
    assert s.discard("6h3c8c9c9s") == (Card("9s"),)


# -- the exact best discard -----------------------------------------------------------------------


def test_best_discard_against_brute_force_on_random_hands() -> None:
    """All 32 discards, every completion from the 47 cards the holder cannot see, ranked one
    by one; hands drawn at random, four to a suit (the flush completions) or all low (many
    ties), for lows from the best hand to the roughest ace-high."""
    rng = random.Random(47)
    targets = [1, 5, odds.LOWS[7], odds.LOWS[8], odds.threshold("8-6"), odds.LOWS[9], odds.LOWS[10], 1277]
    hands = [[int(c) for c in parse_cards(t)] for t in ("7s6s5s4s2s", "8h8d5c4c2s", "Kh7d7c3s2s", "7s5s4s3s2d")]
    for i in range(36):
        if i % 3 == 0:
            s = rng.randrange(4)
            hand = rng.sample([4 * r + s for r in range(13)], 4) + [rng.choice([c for c in range(52) if c % 4 != s])]
        elif i % 3 == 1:
            hand = rng.sample(range(28), 5)  # ranks 2..8 only
        else:
            hand = rng.sample(range(52), 5)
        rng.shuffle(hand)
        hands.append(hand)
    for i, hand in enumerate(hands):
        target = targets[i % len(targets)]
        counts = ref_discard_counts_all(hand, target)
        best = pick_best(hand, counts)
        assert _odds.best_discard(hand, target) == (best, counts[best]), (_text(hand), target)
        assert [pattern_count(hand, m, target) for m in range(32)] == counts
        assert pattern_best(hand, target) == best


# -- the simulation, trial by trial -----------------------------------------------------------------


def _check(hands, strategies, draws, seed, trials, *, dead=(), discards=None, rule=ReshuffleRule.SEEDS, burn=False):
    res = odds.equity(
        [_text(h) for h in hands],
        discards=None if discards is None else [_text(d) for d in discards],
        dead=list(dead),
        draws=draws,
        strategies=strategies,
        seed=seed,
        trials=trials,
        threads=2,
        exact=False,
        rule=rule,
        burn=burn,
    )
    if isinstance(strategies, Strategy):
        strategies = [strategies] * len(hands)
    ref = simulate(
        hands, [_ref_of(s) for s in strategies], draws, seed, trials, dead=dead, fixed=discards, rule=rule, burn=burn
    )
    assert not res.exact and res.trials == trials and res.seed == seed
    assert [p.wins for p in res.players] == ref["wins"]
    assert [p.ties for p in res.players] == ref["ties"]
    assert [p.share for p in res.players] == ref["share"]
    assert res.reshuffles == ref["reshuffles"]
    return res


def test_triple_draw_headsup_replays_exactly() -> None:
    hands = [parse_cards("7c6d4h3s2c"), parse_cards("9h8h5d4c2d")]
    _check([[int(c) for c in h] for h in hands], Strategy(), 3, 11, 1500)


def test_triple_draw_headsup_with_dead_cards_and_fixed_first_discards() -> None:
    rng = random.Random(3)
    a, b, dead = (lambda c: (c[:5], c[5:10], c[10:16]))(rng.sample(range(52), 16))
    _check([a, b], [Strategy(pat="9"), Strategy(draw_to=8)], 3, 5, 1500, dead=dead, discards=[a[:2], b[3:]])


def test_two_draws_with_break_snow_and_best_last() -> None:
    rng = random.Random(4)
    hands = [rng.sample(range(52), 5)]
    while len(hands) < 3:
        h = rng.sample([c for c in range(52) if c not in sum(hands, [])], 5)
        hands.append(h)
    strategies = [Strategy(pat=("7", "8", "9"), break_rougher="8-6"), Strategy(snow=True), Strategy(best_last="8")]
    _check(hands, strategies, 2, 21, 1200)


def test_best_last_on_the_last_of_three_draws() -> None:
    hands = [[int(c) for c in parse_cards(t)] for t in ("Kc8d5h4s2c", "QhJd7c3s2d")]
    _check(hands, [Strategy(best_last="9"), Strategy(best_last=("8-6"), draw_to=9)], 3, 99, 1500)


@pytest.mark.parametrize("rule", [ReshuffleRule.SEEDS, ReshuffleRule.LIVE])
def test_six_players_reshuffle_and_burn(rule) -> None:
    rng = random.Random(int(rule) + 60)
    cards = rng.sample(range(52), 30)
    hands = [cards[5 * i : 5 * i + 5] for i in range(6)]
    strategies = [Strategy(pat=None, draw_to=6)] * 5 + [Strategy(best_last="7", pat=None, draw_to=5)]
    res = _check(hands, strategies, 3, 7 + int(rule), 400, rule=rule, burn=True)
    assert res.reshuffles > 300  # the stub ran out in most trials: the reshuffle path is tested


def test_six_players_with_dead_cards_seeds_rule_no_burn() -> None:
    rng = random.Random(66)
    cards = rng.sample(range(52), 34)
    hands = [cards[5 * i : 5 * i + 5] for i in range(6)]
    res = _check(hands, Strategy(pat=None, draw_to=7), 3, 8, 400, dead=cards[30:])
    assert res.reshuffles > 300


def test_single_draw_sampled_replays_exactly() -> None:
    rng = random.Random(1)
    hands = [rng.sample(range(52), 5)]
    hands.append(rng.sample([c for c in range(52) if c not in hands[0]], 5))
    _check(hands, [Strategy(pat="9"), Strategy(best_last="8")], 1, 3, 2000)


@pytest.mark.parametrize("rule", [ReshuffleRule.SEEDS, ReshuffleRule.LIVE])
def test_headsup_with_burns_and_dead_cards_no_reshuffle(rule) -> None:
    # 3 draws * (10 + 1 burn) = 33 cards at most from 37 unseen: the stub never runs out
    rng = random.Random(70 + int(rule))
    cards = rng.sample(range(52), 15)
    res = _check(
        [cards[:5], cards[5:10]],
        [Strategy(pat=None, draw_to=13), Strategy(pat=None, draw_to=6)],
        3,
        31,
        1500,
        dead=cards[10:],
        rule=rule,
        burn=True,
    )
    assert res.reshuffles == 0


def test_four_players_some_trials_reshuffle() -> None:
    # 3 draws from 32 unseen cards: the stub runs out in the trials where many cards are thrown
    rng = random.Random(72)
    cards = rng.sample(range(52), 20)
    hands = [cards[5 * i : 5 * i + 5] for i in range(4)]
    strategies = [Strategy(), Strategy(pat="7", draw_to=5), Strategy(pat=None, draw_to=4), Strategy(best_last="7")]
    res = _check(hands, strategies, 3, 12, 1200)
    assert 0 < res.reshuffles < 1200


@pytest.mark.parametrize("rule", [ReshuffleRule.SEEDS, ReshuffleRule.LIVE])
def test_nine_players_with_dead_cards_replays_exactly(rule) -> None:
    # 45 cards in hands, 3 dead (dealt to the spare position 9 and mucked), 4 in the stub
    rng = random.Random(90 + int(rule))
    cards = rng.sample(range(52), 48)
    hands = [cards[5 * i : 5 * i + 5] for i in range(9)]
    strategies = [Strategy(pat=None, draw_to=d) for d in (5, 6, 7, 8, 9, 10, 11, 12, 13)]
    res = _check(hands, strategies, 2, 17, 300, dead=cards[45:], rule=rule, burn=True)
    assert res.reshuffles == 300

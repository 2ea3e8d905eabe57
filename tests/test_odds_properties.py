"""Properties of lowball.odds results: symmetry, sums, sampling error and threads (issue 12)."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np
import pytest

from lowball import Card, ReshuffleRule, format_cards, odds
from lowball.odds import Strategy

SHARE = odds.SHARE


def _text(cards) -> str:
    return format_cards([Card(c) for c in cards])


def _cases(seed, n, players=2, dead=(0, 3, 8), most=3):
    rng = random.Random(seed)
    for _ in range(n):
        cards = rng.sample(range(52), 5 * players + rng.choice(dead))
        hands = [cards[5 * i : 5 * i + 5] for i in range(players)]
        yield hands, [rng.sample(h, rng.randint(0, most)) for h in hands], cards[5 * players :]


# -- symmetry and sums -----------------------------------------------------------------------------


@pytest.mark.parametrize("hands,discards,dead", list(_cases(1, 8)))
def test_swapping_the_hands_swaps_the_exact_results(hands, discards, dead) -> None:
    ab = odds.equity([_text(h) for h in hands], discards=[_text(d) for d in discards], dead=dead)
    ba = odds.equity([_text(h) for h in hands[::-1]], discards=[_text(d) for d in discards[::-1]], dead=dead)
    assert ab.trials == ba.trials
    assert ab.players == ba.players[::-1]
    a, b = ab.players
    n = ab.trials
    assert a.wins + a.ties + b.wins == n and a.ties == b.ties
    assert Fraction(a.share + b.share, SHARE * n) == 1
    # win + tie + lose = 1 as counts, and the floats add up too
    assert a.win + a.tie + b.win == pytest.approx(1, abs=1e-12)
    assert a.equity + b.equity == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize("hands,discards,dead", list(_cases(2, 4, players=3, dead=(14, 20), most=2)))
def test_multiway_rotations_rotate_the_results(hands, discards, dead) -> None:
    base = odds.equity([_text(h) for h in hands], discards=[_text(d) for d in discards], dead=dead)
    rot = odds.equity(
        [_text(h) for h in hands[1:] + hands[:1]], discards=[_text(d) for d in discards[1:] + discards[:1]], dead=dead
    )
    assert base.exact and rot.exact and base.trials == rot.trials
    assert rot.players == base.players[1:] + base.players[:1]
    assert sum(p.share for p in base.players) == SHARE * base.trials


def test_discard_table_win_tie_lose_sum_to_the_deals() -> None:
    table = odds.discard_table("9s7h4d3c2s", vs=("Ts8d6c5h2d", "Ts"))
    for row in table:
        w, t, lo, n = row.counts
        assert w + t + lo == n
        assert n == math.comb(42, row.drawn) * (42 - row.drawn)


def test_discard_matrix_transposes_when_the_hands_swap() -> None:
    rng = random.Random(9)
    cards = rng.sample(range(52), 10 + 26)
    a, b, dead = cards[:5], cards[5:10], cards[10:]
    m = odds.discard_matrix(_text(a), _text(b), dead=dead, threads=1)
    t = odds.discard_matrix(_text(b), _text(a), dead=dead, threads=2)
    assert abs(m.win - (1 - t.win - t.tie).T).max() < 1e-12
    assert (m.tie == t.tie.T).all()
    for k in range(32):
        assert m.best_response(0, k) == t.best_response(1, k)
    assert m.maxmin(0) == t.maxmin(1)


# -- sampling ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hands,discards,dead", list(_cases(3, 4)) + list(_cases(4, 2, players=3, dead=(14, 20), most=2))
)
def test_sampled_single_draw_is_within_four_standard_errors_of_exact(hands, discards, dead) -> None:
    args = ([_text(h) for h in hands],)
    kw = {"discards": [_text(d) for d in discards], "dead": dead}
    exact = odds.equity(*args, **kw)
    assert exact.exact
    sampled = odds.equity(*args, **kw, exact=False, trials=100_000, seed=17, threads=2)
    assert not sampled.exact and sampled.trials == 100_000
    for e, s in zip(exact.players, sampled.players):
        n = sampled.trials
        # the yardstick for win and tie is the binomial error of the exact rate (a rare tie may
        # not appear in the sample at all, whose own error is then 0); for the equity, the
        # sample's own standard error
        for value, mean, se in (
            (e.win, s.win, math.sqrt(e.win * (1 - e.win) / n)),
            (e.tie, s.tie, math.sqrt(e.tie * (1 - e.tie) / n)),
            (e.equity, s.equity, s.equity_se),
        ):
            if value in (0.0, 1.0):
                assert mean == value  # a sure thing is sampled as a sure thing
            else:
                assert abs(mean - value) <= 4 * se, (value, mean, se)
        # the standard errors reported are those of the sample: binomial for win and tie
        assert s.win_se == pytest.approx(math.sqrt(s.win * (1 - s.win) / n))
        assert s.tie_se == pytest.approx(math.sqrt(s.tie * (1 - s.tie) / n))


def test_sampled_with_strategies_is_within_four_standard_errors_of_exact() -> None:
    hands = ["Kc8d5h4s2c", "QhJd7c3s2d"]
    strategies = [Strategy(best_last="8"), Strategy(draw_to=9)]
    exact = odds.equity(hands, strategies=strategies)
    decided = exact.discards
    assert exact.exact and decided == (
        Strategy(best_last="8").discard(hands[0], 1, 1),
        Strategy(draw_to=9).discard(hands[1], 1, 1),
    )
    sampled = odds.equity(hands, strategies=strategies, exact=False, trials=100_000, seed=5, threads=2)
    for e, s in zip(exact.players, sampled.players):
        assert abs(s.equity - e.equity) <= 4 * s.equity_se


def test_stderr_target_stops_in_whole_batches() -> None:
    # two draws to a 7 (against a pat 7-6 the default strategy's one-card draws to an 8 never
    # win, so that pair's equity has no spread to measure)
    hands = ["7c6d4h3sKc", "9h7h5d4c2d"]
    res = odds.equity(hands, draws=3, stderr=0.0005, seed=1, threads=2)
    assert max(p.equity_se for p in res.players) <= 0.0005
    assert res.trials % 65536 == 0 and res.trials > 65536
    fewer = odds.equity(hands, draws=3, trials=res.trials - 65536, seed=1, threads=1)
    assert max(p.equity_se for p in fewer.players) > 0.0005


# -- seeds and threads ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kw",
    [
        {"draws": 3},
        {"draws": 2, "strategies": [Strategy(best_last="9"), Strategy(pat=None, draw_to=8)]},
        {"draws": 1, "exact": False, "discards": ["7c", "9h8h"]},
        {"draws": 3, "players": 6, "rule": ReshuffleRule.LIVE, "burn": True},
        {"draws": 3, "players": 6, "rule": ReshuffleRule.SEEDS},
    ],
)
def test_same_seed_same_result_whatever_the_threads(kw) -> None:
    kw = dict(kw)
    players = kw.pop("players", 2)
    rng = random.Random(players)
    cards = rng.sample(range(52), 5 * players)
    hands = [_text(cards[5 * i : 5 * i + 5]) for i in range(players)]
    if players == 2 and "discards" in kw:
        hands = ["7c6d4h3s2c", "9h8h5d4c2d"]
    one = odds.equity(hands, seed=42, trials=70_001, threads=1, **kw)
    two = odds.equity(hands, seed=42, trials=70_001, threads=2, **kw)
    assert one == two
    assert one.seed == 42 and one.trials == 70_001
    other = odds.equity(hands, seed=43, trials=70_001, threads=2, **kw)
    assert other.players != one.players


def test_stderr_target_gives_the_same_result_whatever_the_threads() -> None:
    hands = ["8c6d4h3s2c", "9h7h5d4c2d", "Tc9s7d3h2h"]
    one = odds.equity(hands, draws=2, stderr=0.0012, seed=9, threads=1)
    two = odds.equity(hands, draws=2, stderr=0.0012, seed=9, threads=2)
    assert one == two and one.trials > 65536


def test_a_run_without_a_seed_reports_one_that_repeats_it() -> None:
    hands = ["7c6d4h3s2c", "9h8h5d4c2d"]
    first = odds.equity(hands, draws=3, trials=5000, threads=1)
    assert isinstance(first.seed, int)
    again = odds.equity(hands, draws=3, trials=5000, threads=2, seed=first.seed)
    assert again.players == first.players


def test_a_seed_sequence_is_the_same_as_its_entropy() -> None:
    hands = ["7c6d4h3s2c", "9h8h5d4c2d"]
    by_int = odds.equity(hands, draws=3, trials=3000, seed=5, threads=1)
    by_seq = odds.equity(hands, draws=3, trials=3000, seed=np.random.SeedSequence(5), threads=2)
    assert by_seq.players == by_int.players and by_int.seed == 5
    assert by_seq.seed is None  # the caller holds the sequence (a spawned one has no int seed)


def test_progress_is_called_after_each_batch() -> None:
    seen = []
    odds.equity(["7c6d4h3s2c", "9h8h5d4c2d"], draws=3, trials=150_000, seed=1, threads=2, progress=seen.append)
    assert seen == [65536, 131072, 150_000]


def test_both_drawing_five_from_the_full_deck_is_symmetric() -> None:
    # both throw everything: the two players' draws come from the same 42 cards, so each wins
    # exactly as many deals as the other (the counting by shared cards goes up to five shared)
    a, b = "Kc Qd Jh 9s 8c", "Ah Ks Td 7c 7d"
    res = odds.equity([a, b], discards=[a, b])
    assert res.exact and res.trials == math.comb(42, 5) * math.comb(37, 5)
    p, q = res.players
    assert p.wins == q.wins and p.wins + p.ties + q.wins == res.trials
    assert p.share == q.share and p.share + q.share == SHARE * res.trials


@pytest.mark.parametrize("discards", [("Kc Qd Jh 9s 8c", "7c 7d"), ("Kc Qd", "Ah Ks Td"), ("9s", "Ah Ks Td 7c 7d")])
def test_big_exact_headsup_within_four_standard_errors_of_sampling(discards) -> None:
    hands = ["Kc Qd Jh 9s 8c", "Ah Ks Td 7c 7d"]
    exact = odds.equity(hands, discards=list(discards))
    sampled = odds.equity(hands, discards=list(discards), exact=False, trials=200_000, seed=8, threads=2)
    assert exact.exact and not sampled.exact
    n = sampled.trials
    for e, s in zip(exact.players, sampled.players):
        assert abs(s.win - e.win) <= 4 * s.win_se
        # ties are rare here (27 deals in 8.5 million): the sample may hold none, and its
        # standard error is then 0, so the error of the exact rate is the yardstick
        assert abs(s.tie - e.tie) <= 4 * math.sqrt(e.tie * (1 - e.tie) / n)
        assert abs(s.equity - e.equity) <= 4 * s.equity_se

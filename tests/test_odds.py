"""lowball.odds against the slow Python enumeration of tests/odds_reference.py (issue 12).

Every check compares exact integer counts (not rounded probabilities) with an enumeration that
walks every replacement with itertools and ranks it with the engine's evaluator. The hands are
drawn from a seeded random.Random, so a failure names a case that can be replayed.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import numpy as np
import pytest
from odds_reference import (
    SHARE,
    draw_sets,
    no_pair_classes,
    ref_draw_counts,
    ref_headsup,
    ref_headsup_pairs,
    ref_multiway,
    ref_threshold,
)

from lowball import Card, HandCategory, category, evaluate, format_cards, odds
from lowball.errors import InvalidValueError

RANKS = "23456789TJQKA"


def _text(cards) -> str:
    return format_cards([Card(c) for c in cards])


def _deal(rng: random.Random, sizes: list[int]) -> list[list[int]]:
    cards = rng.sample(range(52), sum(sizes))
    out, at = [], 0
    for n in sizes:
        out.append(cards[at : at + n])
        at += n
    return out


# -- threshold and LOWS ----------------------------------------------------------------------------


def test_threshold_of_every_low_of_one_to_three_ranks_is_the_roughest_such_hand() -> None:
    checked = 0
    for n in (1, 2, 3):
        for ranks in itertools.permutations(range(13), n):
            text = "-".join(RANKS[r] for r in ranks)
            want = ref_threshold(text)
            if want == 0:
                with pytest.raises(InvalidValueError, match=text):
                    odds.threshold(text)
            else:
                assert odds.threshold(text) == want, text
                checked += 1
    assert checked > 200


def test_threshold_of_random_four_and_five_rank_lows() -> None:
    rng = random.Random(12)
    lows = sorted(no_pair_classes())
    for top_first in rng.sample(lows, 300):
        for n in (4, 5):
            text = "-".join(RANKS[r] for r in top_first[:n])
            assert odds.threshold(text) == ref_threshold(text), text
    # the five-rank low is that very hand
    assert odds.threshold("8-6-5-4-3") == evaluate("8s6h5d4c3s")


def test_threshold_spellings_and_other_forms() -> None:
    assert odds.threshold("T-9") == odds.threshold("10-9") == odds.threshold("t - 9") == ref_threshold("T-9")
    assert odds.threshold(1) == 1 and odds.threshold(7462) == 7462
    assert odds.threshold("9h8d6c4s2d") == evaluate("9h8d6c4s2d")
    assert odds.threshold(np.int16(300)) == 300


def test_lows_are_the_roughest_seven_to_ten_lows() -> None:
    assert odds.LOWS == {
        7: evaluate("7s6h5d4c2s"),
        8: evaluate("8s7h6d5c3s"),
        9: evaluate("9s8h7d6c4s"),
        10: evaluate("Ts9h8d7c5s"),
    }
    assert odds.LOWS == {r: ref_threshold(str(r)) for r in (7, 8, 9, 10)}


# -- draw_outcomes ---------------------------------------------------------------------------------


def _outcome_cases():
    rng = random.Random(2024)
    for i in range(14):
        drawn = [0, 1, 1, 2, 2, 3, 3, 4, 5, 1, 2, 3, 4, 5][i]
        n_dead = rng.choice([0, 3, 9]) if drawn <= 3 else rng.choice([10, 20])
        hand, dead = _deal(rng, [5, n_dead])
        yield hand, rng.sample(hand, drawn), dead


@pytest.mark.parametrize("hand,discard,dead", list(_outcome_cases()))
def test_draw_outcomes_counts_every_class_exactly(hand, discard, dead) -> None:
    out = odds.draw_outcomes(_text(hand), discard=_text(discard), dead=dead)
    kept = [c for c in hand if c not in discard]
    unseen = [c for c in range(52) if c not in hand and c not in dead]
    want, total = ref_draw_counts(kept, unseen)
    assert out.total == total == math.comb(len(unseen), len(discard))
    assert out.counts.dtype == np.uint64 and out.counts.shape == (7463,)
    assert np.array_equal(out.counts, want)
    assert sorted(out.kept) == sorted(kept) and sorted(out.discard) == sorted(discard)
    assert out.drawn == len(discard)
    # the helpers, recomputed from the reference counts
    for target in ("7", "8-6", "9", "T", 1, 4000, "Kh Qd 8c 4s 2d"):
        cls = odds.threshold(target)
        assert out.count(target) == int(want[: cls + 1].sum())
        assert out.probability(target) == int(want[: cls + 1].sum()) / total
    assert out.lows() == {r: int(want[: c + 1].sum()) / total for r, c in odds.LOWS.items()}
    cats = out.by_category()
    for cat in HandCategory:
        n = sum(int(want[c]) for c in range(1, 7463) if want[c] and category(c) == cat)
        assert cats[cat] == n / total, cat


def test_draw_outcomes_on_many_random_hands() -> None:
    rng = random.Random(4242)
    for _ in range(60):
        hand, dead = _deal(rng, [5, rng.randint(0, 12)])
        discard = rng.sample(hand, rng.randint(0, 3))
        unseen = [c for c in range(52) if c not in hand and c not in dead]
        want, total = ref_draw_counts([c for c in hand if c not in discard], unseen)
        out = odds.draw_outcomes([Card(c) for c in hand], discard=[Card(c) for c in discard], dead=_text(dead))
        assert out.total == total and np.array_equal(out.counts, want), (_text(hand), _text(discard))


def test_draw_outcomes_of_the_module_example_by_hand() -> None:
    # 8s7h4d3c2s throwing the 8 draws one of 47 cards: the four 5s and four 6s make a 7-low,
    # the other three 8s make 8-7-4-3-2 (11 in all at 8-low or better).
    o = odds.draw_outcomes("8s7h4d3c2s", discard="8s")
    assert (o.total, o.count("7"), o.count("8")) == (47, 8, 11)


# -- discard_table ---------------------------------------------------------------------------------


def _row_mask(hand, row) -> int:
    return sum(1 << hand.index(int(c)) for c in row.discard)


def _higher_thrown(row) -> int:
    """Equal chances are ordered by fewer cards drawn, then the higher cards thrown."""
    return -sum(1 << int(c) for c in row.discard)


def _check_order(table, key) -> None:
    keys = [key(row) for row in table]
    assert keys == sorted(keys)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_discard_table_alone_all_32_rows(seed) -> None:
    rng = random.Random(seed)
    hand, dead = _deal(rng, [5, rng.choice([0, 6])])
    table = odds.discard_table(_text(hand), dead=dead, order="mean-lows", trials=0)
    unseen = [c for c in range(52) if c not in hand and c not in dead]
    assert table.order == "mean-lows" and table.opponent is None
    assert len(table) == 32
    masks = sorted(_row_mask(hand, row) for row in table)
    assert masks == list(range(32))
    for row in table:
        kept = [c for c in hand if c not in row.discard]
        want, total = ref_draw_counts(kept, unseen)
        assert np.array_equal(row.outcomes.counts, want)
        assert row.outcomes.total == total
        assert row.lows() == {r: int(want[: c + 1].sum()) / total for r, c in odds.LOWS.items()}
        assert row.win is None and row.counts is None and row.equity is None
    _check_order(table, lambda r: (-sum(r.lows().values()) / 4, r.drawn, _higher_thrown(r)))
    assert table.best() is table[0]


def test_discard_table_ordered_by_a_target() -> None:
    rng = random.Random(8)
    hand, dead = _deal(rng, [5, 5])
    unseen = [c for c in range(52) if c not in hand and c not in dead]
    for target in ("8-6", "9", 200):
        cls = odds.threshold(target)
        table = odds.discard_table(_text(hand), dead=dead, target=target)
        good = {}
        for row in table:
            want, total = ref_draw_counts([c for c in hand if c not in row.discard], unseen)
            good[_row_mask(hand, row)] = Fraction(int(want[: cls + 1].sum()), total)
        keys = [(-good[_row_mask(hand, r)], r.drawn, _higher_thrown(r)) for r in table]
        assert keys == sorted(keys)


@pytest.mark.parametrize("seed", [4, 5])
def test_discard_table_against_a_class_and_a_pat_hand(seed) -> None:
    rng = random.Random(seed)
    hand, opp, dead = _deal(rng, [5, 5, 4])
    vs_class = rng.choice(["9-8", "8-6", "T", 2000])
    cls = odds.threshold(vs_class)
    for vs, unseen, beat in (
        (vs_class, [c for c in range(52) if c not in hand and c not in dead], cls),
        (_text(opp), [c for c in range(52) if c not in hand + opp + dead], int(evaluate(opp))),
    ):
        table = odds.discard_table(hand, dead=dead, vs=vs)
        for row in table:
            kept = [c for c in hand if c not in row.discard]
            want, total = ref_draw_counts(kept, unseen)
            assert np.array_equal(row.outcomes.counts, want)
            win, tie = int(want[:beat].sum()), int(want[beat])
            assert row.counts == (win, tie, total - win - tie, total)
            assert (row.win, row.tie, row.lose) == (win / total, tie / total, (total - win - tie) / total)
            assert row.equity == win / total + tie / total / 2
        _check_order(table, lambda r: (-r.equity, r.drawn, _higher_thrown(r)))


def test_discard_table_against_a_drawing_opponent() -> None:
    rng = random.Random(6)
    hand, opp, dead = _deal(rng, [5, 5, 26])  # 16 unseen cards: every row is quick to walk
    thrown = opp[:2]
    opp_kept = opp[2:]
    unseen = [c for c in range(52) if c not in hand + opp + dead]
    table = odds.discard_table(_text(hand), dead=dead, vs=(_text(opp), _text(thrown)))
    assert "throwing" in table.vs
    b = draw_sets(opp_kept, unseen)
    for row in table:
        kept = [c for c in hand if c not in row.discard]
        assert row.counts == ref_headsup_pairs(draw_sets(kept, unseen), b)
        w, t, lo, n = row.counts
        assert (row.win, row.tie, row.lose) == (w / n, t / n, lo / n)
    _check_order(table, lambda r: (-r.equity, r.drawn, _higher_thrown(r)))


# -- equity, exact ---------------------------------------------------------------------------------


def _headsup_cases():
    rng = random.Random(77)
    # (cards A throws, cards B throws, dead cards): the walk stays small
    for a, b, n_dead in [
        (0, 0, 0),
        (0, 3, 0),
        (1, 1, 0),
        (1, 2, 5),
        (2, 2, 10),
        (3, 1, 0),
        (2, 3, 20),
        (5, 5, 27),
        (4, 5, 24),
        (5, 4, 24),
        (5, 0, 22),
        (0, 5, 20),
    ]:
        ha, hb, dead = _deal(rng, [5, 5, n_dead])
        yield ha, hb, rng.sample(ha, a), rng.sample(hb, b), dead


@pytest.mark.parametrize("ha,hb,da,db,dead", list(_headsup_cases()))
def test_equity_headsup_single_draw_exact_counts(ha, hb, da, db, dead) -> None:
    res = odds.equity([_text(ha), hb], discards=[da, _text(db)], dead=dead)
    unseen = [c for c in range(52) if c not in ha + hb + dead]
    w, t, lo, n = ref_headsup([c for c in ha if c not in da], [c for c in hb if c not in db], unseen)
    assert res.exact and res.trials == n and res.draws == 1
    p0, p1 = res.players
    assert (p0.wins, p0.ties, p1.wins, p1.ties) == (w, t, lo, t)
    assert (p0.share, p1.share) == (w * SHARE + t * SHARE // 2, lo * SHARE + t * SHARE // 2)
    assert (p0.win, p0.tie, p0.equity) == (w / n, t / n, (w + t / 2) / n)
    assert p0.win_se == p0.tie_se == p0.equity_se == 0.0
    assert Fraction(p0.share + p1.share, SHARE * n) == 1


def _multiway_cases():
    rng = random.Random(99)
    for draws, n_dead in [((1, 1, 1), 20), ((0, 2, 1), 22), ((1, 2, 2), 25), ((2, 0, 3), 25), ((1, 1, 1, 1), 26)]:
        hands = _deal(rng, [5] * len(draws) + [n_dead])
        dead = hands.pop()
        yield hands, [rng.sample(h, k) for h, k in zip(hands, draws)], dead


@pytest.mark.parametrize("hands,discards,dead", list(_multiway_cases()))
def test_equity_multiway_exact_counts(hands, discards, dead) -> None:
    res = odds.equity([_text(h) for h in hands], discards=discards, dead=dead)
    unseen = [c for c in range(52) if c not in sum(hands, []) + dead]
    wins, ties, share, deals = ref_multiway([[c for c in h if c not in d] for h, d in zip(hands, discards)], unseen)
    assert res.exact and res.trials == deals
    assert [p.wins for p in res.players] == wins
    assert [p.ties for p in res.players] == ties
    assert [p.share for p in res.players] == share
    assert sum(share) == SHARE * deals


def test_equity_multiway_over_budget_is_sampled() -> None:
    hands = ["7s5h4d3c2s", "9h8c6d5s2c", "Th8d6c4s3h"]
    discards = ["7s", "9h8c", "Th"]
    deals = 37 * math.comb(36, 2) * 34
    assert odds.equity(hands, discards, budget=deals).exact
    res = odds.equity(hands, discards, budget=deals - 1, trials=5000, seed=1)
    assert not res.exact and res.trials == 5000


# -- discard_matrix --------------------------------------------------------------------------------


def test_discard_matrix_small_case_and_best_responses() -> None:
    rng = random.Random(31)
    ha, hb, dead = _deal(rng, [5, 5, 30])  # 12 unseen cards
    unseen = [c for c in range(52) if c not in ha + hb + dead]
    m = odds.discard_matrix(_text(ha), _text(hb), dead=dead, threads=2)
    sets_a = [draw_sets([c for i, c in enumerate(ha) if not k >> i & 1], unseen) for k in range(32)]
    sets_b = [draw_sets([c for i, c in enumerate(hb) if not k >> i & 1], unseen) for k in range(32)]
    eq = [[Fraction(0)] * 32 for _ in range(32)]
    for i in range(32):
        assert m.discards[0][i] == tuple(Card(c) for k, c in enumerate(ha) if i >> k & 1)
        for j in range(32):
            w, t, _, n = ref_headsup_pairs(sets_a[i], sets_b[j])
            assert (m.win[i, j], m.tie[i, j]) == (w / n, t / n), (i, j)
            assert m.equity[i, j] == pytest.approx((w + t / 2) / n, abs=1e-15)
            eq[i][j] = Fraction(2 * w + t, 2 * n)

    def best(values, hand):  # most, then fewest cards thrown, then the higher cards thrown
        return min(
            range(32),
            key=lambda k: (-values[k], bin(k).count("1"), -sum(1 << c for i, c in enumerate(hand) if k >> i & 1)),
        )

    for k in range(32):
        assert m.best_response(0, k) == best([1 - eq[k][j] for j in range(32)], hb)
        assert m.best_response(1, k) == best([eq[i][k] for i in range(32)], ha)
    assert m.maxmin(0) == best([min(eq[i]) for i in range(32)], ha)
    assert m.maxmin(1) == best([min(1 - eq[i][j] for i in range(32)) for j in range(32)], hb)

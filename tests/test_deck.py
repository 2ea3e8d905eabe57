"""lowball.Deck: the seeds' reshuffle rule (RULES.md section 4), the live rule, the shuffle, errors.

Every test asserts real values. The 100,000-hand runs are played in C by the test-only self-check
(csrc/tests/selfcheck.c, built and loaded by tests/selfcheck.py; it checks the C invariants after
every step); the same properties are checked from Python, through the public API and snapshots,
over thousands of hands.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from selfcheck import SelfCheck, build

from lowball import (
    Card,
    Deck,
    DeckError,
    DeckExhaustedError,
    DrawOrderError,
    IllegalActionError,
    InvalidCardError,
    InvalidDiscardError,
    InvalidSeedError,
    LowballError,
    ReshuffleRule,
    format_cards,
    parse_cards,
)

ALL = set(range(52))


def places(snap: dict) -> list[int]:
    """Every card of a snapshot, place after place (stub, muck, burns, draw discards, hands)."""
    cards = list(snap["stub"]) + list(snap["muck"]) + list(snap["burns"])
    if snap["draw"] is not None:
        cards += [c for c, _ in snap["draw"]["discards"]]
    for hand in snap["hands"]:
        cards += hand
    return cards


def assert_partition(deck: Deck) -> dict:
    """52 cards, each in exactly one place; returns the snapshot."""
    snap = deck.snapshot()
    cards = places(snap)
    assert len(cards) == 52
    assert set(cards) == ALL
    assert deck.check()
    return snap


def pool_size(snap: dict) -> int:
    """The most cards either rule may shuffle into a new stub right now (besides the stub): the
    muck, the burns and this round's served discards. The seeds' rule always takes those discards;
    the live rule only when the stub, muck and burns fall short (see ``live_short``)."""
    n = len(snap["muck"]) + len(snap["burns"])
    if snap["draw"] is not None:
        n += len(snap["draw"]["discards"])
    return n


def live_short(snap: dict, n: int) -> bool:
    """Under the live rule: the stub, muck and burns cannot complete a draw of n cards, so this
    round's served discards join the pool (RULES.md section 4)."""
    return len(snap["stub"]) + len(snap["muck"]) + len(snap["burns"]) < n


# -- the reference shuffle: a slow, obviously right twin of csrc/deck.c ---------------------------

MASK64 = (1 << 64) - 1


def reference_order(seed: int) -> list[int]:
    """Fisher-Yates from the last position down with Lemire's bounded numbers on PCG64 raw words."""
    words = iter(np.random.PCG64(seed).random_raw(200).tolist())

    def bounded(s: int) -> int:
        while True:
            m = next(words) * s
            low = m & MASK64
            if low >= s or low >= ((1 << 64) - s) % s:
                return m >> 64

    cards = list(range(52))
    for i in range(51, 0, -1):
        j = bounded(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


SEED_12345 = [
    19, 9, 30, 0, 34, 1, 43, 23, 37, 20, 45, 35, 48, 6, 14, 44, 17, 46, 49, 21, 12, 47, 28, 31,
    42, 5, 22, 36, 13, 41, 4, 2, 7, 24, 51, 25, 32, 50, 3, 26, 38, 10, 40, 29, 8, 27, 15, 18, 33,
    39, 16, 11,
]  # fmt: skip


def test_same_seed_same_deck_known_order():
    # A platform change (word size, endianness, numpy version) would change this list.
    deck = Deck(seed=12345)
    assert deck.snapshot()["stub"] == SEED_12345
    assert format_cards(deck.deal(0, 6), " ") == "6s 4d 9h 2c Th 2d"
    assert Deck(seed=12345).snapshot()["stub"] == SEED_12345
    # an int seed and numpy's default_rng of the same int are the same PCG64 stream
    assert Deck(seed=np.random.default_rng(12345)).snapshot()["stub"] == SEED_12345
    assert Deck(seed=np.random.SeedSequence(12345)).snapshot()["stub"] == SEED_12345
    assert Deck(seed=12346).snapshot()["stub"] != SEED_12345


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**63 + 5])
def test_shuffle_matches_reference_twin(seed):
    assert Deck(seed=seed).snapshot()["stub"] == reference_order(seed)


def test_shared_generator_is_advanced_and_reproducible():
    rng = np.random.default_rng(7)
    a = Deck(seed=rng)
    first = a.snapshot()["stub"]
    a.shuffle()
    second = a.snapshot()["stub"]
    assert first != second
    rng2 = np.random.default_rng(7)
    b = Deck(seed=rng2)
    assert b.snapshot()["stub"] == first
    # the caller's generator moved on exactly as far as the deck used it
    b.shuffle()
    assert rng.bit_generator.state == rng2.bit_generator.state


def test_default_is_os_entropy():
    a, b = Deck(), Deck()
    assert a.snapshot()["random"] == {"kind": "os"}
    # 52! orders: two OS-shuffled decks agreeing would mean a broken source
    assert a.snapshot()["stub"] != b.snapshot()["stub"]
    assert sorted(a.snapshot()["stub"]) == list(range(52))
    assert "random=os" in repr(a)


def test_os_entropy_is_not_wasted(monkeypatch):
    """The secure deck tops its 2 KiB buffer up by keeping the unused words, so the OS is asked
    for just what the shuffles use (51 words each: Fisher-Yates on 52 cards, rejection is about
    one in 2**58) plus one buffer; it used to throw away up to 127 words at each top-up."""
    import lowball._deck as binding

    fetched = []
    real = binding.os.urandom
    monkeypatch.setattr(binding.os, "urandom", lambda n: fetched.append(n) or real(n))
    deck = Deck()
    for _ in range(300):
        deck.shuffle()
    used = 300 * 51 * 8
    assert used <= sum(fetched) <= used + 2048
    assert fetched[0] == 2048 and all(n % 8 == 0 for n in fetched)


# -- uniformity ----------------------------------------------------------------------------------

# Upper 0.1% point of chi-square with 51 * 51 = 2601 degrees of freedom (Wilson-Hilferty:
# df * (1 - 2/(9 df) + 3.0902 * sqrt(2/(9 df)))**3 = 2831.9); with a fixed seed the test is
# deterministic, and a uniform shuffle passes it with probability 0.999.
CHI2_2601_P001 = 2831.9
# Upper 0.1% point for 51 degrees of freedom (tables: 87.97).
CHI2_51_P001 = 87.97


def position_counts(deck: Deck, shuffles: int) -> np.ndarray:
    """counts[position, card] over ``shuffles`` shuffles (position 0 = top of the stub)."""
    orders = np.empty((shuffles, 52), dtype=np.int64)
    for k in range(shuffles):
        deck.shuffle()
        orders[k] = deck.deal(0, 52)
    flat = np.arange(52) * 52 + orders  # position * 52 + card
    return np.bincount(flat.ravel(), minlength=52 * 52).reshape(52, 52)


def chi_square(counts: np.ndarray) -> float:
    expected = counts.sum() / counts.size
    return float(((counts - expected) ** 2 / expected).sum())


def test_shuffle_uniform_chi_square():
    shuffles = 60_000
    counts = position_counts(Deck(seed=20240601), shuffles)
    assert counts.sum() == shuffles * 52
    assert (counts.sum(axis=0) == shuffles).all() and (counts.sum(axis=1) == shuffles).all()
    stat = chi_square(counts)
    assert stat < CHI2_2601_P001, stat
    # and not suspiciously good either (lower 0.1% point is about 2378)
    assert stat > 2378, stat
    # each single position (the top card, the last card) on its own
    for pos in (0, 51):
        row = counts[pos]
        e = shuffles / 52
        assert float(((row - e) ** 2 / e).sum()) < CHI2_51_P001


def test_chi_square_detects_a_biased_shuffle():
    # The same statistic on the classic wrong shuffle (swap each position with any position)
    # fails badly: the test has the power to catch a real bias.
    rng = np.random.default_rng(1)
    shuffles = 20_000
    orders = np.empty((shuffles, 52), dtype=np.int64)
    js = rng.integers(0, 52, size=(shuffles, 52))
    for k in range(shuffles):
        a = list(range(52))
        for i in range(52):
            j = js[k, i]
            a[i], a[j] = a[j], a[i]
        orders[k] = a
    flat = np.arange(52) * 52 + orders
    counts = np.bincount(flat.ravel(), minlength=52 * 52).reshape(52, 52)
    assert chi_square(counts) > 2 * CHI2_2601_P001


def test_reshuffle_is_uniform_over_the_pool():
    # The card a short draw gets from the new stub is uniform over the allowed pool: the earlier
    # muck (33 cards) and the served player's three discards; chi-square with 35 df.
    deck = Deck.from_order(range(52), seed=99)
    _seed_example_setup(deck)
    base = deck.snapshot()
    allowed = sorted(set(base["muck"]) | {0, 6, 30})
    assert len(allowed) == 36
    counts = np.zeros(52, dtype=np.int64)
    trials = 20_000
    for k in range(trials):
        # a snapshot restores the random state too, so give each trial its own stream
        base["random"] = {"kind": "numpy", "state": np.random.PCG64(k).state}
        deck.restore(base)
        deck.draw(0, (0, 6, 30))
        counts[deck.draw(1, (1, 7))[1]] += 1
    assert counts.sum() == trials
    assert set(np.flatnonzero(counts).tolist()) <= set(allowed)
    e = trials / len(allowed)
    stat = float(((counts[allowed] - e) ** 2 / e).sum())
    assert stat < 66.62, stat  # upper 0.1% point of chi-square, 35 df


# -- RULES.md section 4: the seed example ----------------------------------------------------------


def _seed_example_setup(deck: Deck) -> None:
    """Six players, a stub in card order; after draw 1 and three folds, positions 0, 1, 2 are left and
    the stub holds 4 cards."""
    deck.deal_round(range(6), 5)  # position s holds s, s+6, s+12, s+18, s+24
    deck.begin_draw(range(6))
    for s in range(6):
        deck.draw(s, [s, s + 6, s + 12] if s >= 3 else [s + 18, s + 24, s + 12])
    deck.end_draw()
    for s in (3, 4, 5):
        deck.fold(s)
    deck.begin_draw([0, 1, 2])


def test_seed_example_step_by_step():
    """Players 1, 2 and 3 discard 3, 2 and 1 cards; player 1 gets three cards, player 2 one, and
    the stub is empty: the earlier muck is shuffled with player 1's three discards only, and
    player 2 gets his second card from that (RULES.md section 4)."""
    deck = Deck.from_order(range(52), seed=4)
    assert deck.snapshot()["stub"] == list(range(52))
    hands = deck.deal_round(range(6), 5)
    assert hands[0] == (0, 6, 12, 18, 24) and hands[5] == (5, 11, 17, 23, 29)
    assert deck.remaining == 22

    # draw 1: everybody discards three; the stub (30..47) serves them all
    deck.begin_draw(range(6))
    got = {}
    for s in range(6):
        discards = [s, s + 6, s + 12] if s >= 3 else [s + 18, s + 24, s + 12]
        got[s] = deck.draw(s, discards)
    assert got[0] == (30, 31, 32) and got[5] == (45, 46, 47)
    assert deck.remaining == 4 and deck.reshuffles == 0
    deck.end_draw()
    snap = assert_partition(deck)
    assert sorted(snap["muck"]) == sorted([18, 24, 12, 19, 25, 13, 20, 26, 14, 3, 9, 15, 4, 10, 16,
                                          5, 11, 17])  # fmt: skip
    # positions 3, 4, 5 fold: their hands join the muck
    assert deck.fold(3) == (21, 27, 39, 40, 41)
    deck.fold(4)
    deck.fold(5)
    earlier_muck = set(deck.snapshot()["muck"])
    assert len(earlier_muck) == 33

    # draw 2: players 1, 2, 3 are positions 0, 1, 2 holding:
    assert deck.hand(0) == (0, 6, 30, 31, 32)
    assert deck.hand(1) == (1, 7, 33, 34, 35)
    assert deck.hand(2) == (2, 8, 36, 37, 38)
    deck.begin_draw([0, 1, 2])
    p1_discards, p2_discards, p3_discards = (0, 6, 30), (1, 7), (2,)

    # player 1 discards 3 and gets the next three stub cards
    assert deck.draw(0, p1_discards) == (48, 49, 50)
    assert deck.remaining == 1 and deck.reshuffles == 0
    assert deck.view(0).own_discards == p1_discards

    # player 2 discards 2: gets the last stub card, then the new stub is the earlier muck plus
    # player 1's three discards, and his second card comes from it
    before = deck.snapshot()
    out = deck.draw(1, p2_discards)
    assert out[0] == 51
    assert deck.reshuffles == 1
    assert out[1] in earlier_muck | set(p1_discards)
    assert out[1] not in p2_discards and out[1] not in p3_discards
    after = deck.snapshot()
    assert len(after["stub"]) == 33 + 3 - 1
    assert set(after["stub"]) | {out[1]} == earlier_muck | set(p1_discards)
    assert after["muck"] == [] and after["draw"]["discards"] == [[1, 1], [7, 1]]
    assert before["draw"]["discards"] == [[0, 0], [6, 0], [30, 0]]
    # with seed 4 the reshuffle is reproducible: the exact card is fixed
    assert out == (51, SEED_EXAMPLE_CARD)

    # player 3 discards 1 and is served from the new stub; his discard stays out
    out3 = deck.draw(2, p3_discards)
    assert out3[0] in earlier_muck | set(p1_discards)
    assert deck.remaining == 34
    deck.end_draw()
    snap = assert_partition(deck)
    assert sorted(snap["muck"]) == [1, 2, 7]
    # everyone holds five cards, nobody one of his own discards of this draw
    assert set(deck.hand(1)).isdisjoint(p2_discards)
    assert set(deck.hand(2)).isdisjoint(p3_discards)
    assert [len(deck.hand(s)) for s in range(3)] == [5, 5, 5]


SEED_EXAMPLE_CARD = 39  # Js; recorded once; fixed by PCG64(4), the same on every platform


def test_seed_example_live_rule_keeps_served_discards_out():
    # The same situation under the live rule: player 1's discards may not be used.
    deck = Deck.from_order(range(52), seed=4, rule=ReshuffleRule.LIVE)
    _seed_example_setup(deck)
    earlier_muck = set(deck.snapshot()["muck"])
    deck.draw(0, (0, 6, 30))
    out = deck.draw(1, (1, 7))
    # the last stub card (51) is not dealt: position 1 is not the last to be served, so it goes into
    # the new stub with the muck; player 1's discards stay out
    assert deck.reshuffles == 1
    assert set(out) <= earlier_muck | {51}
    assert not set(out) & {0, 6, 30, 1, 7}
    snap = deck.snapshot()
    assert [c for c, _ in snap["draw"]["discards"]] == [0, 6, 30, 1, 7]


def test_live_rule_falls_back_on_served_discards_issue_9():
    """Issue 9: six players, draw 1 of triple draw, positions 0-3 each throw five. 30 dealt + 20
    drawn = 50 cards, so the stub holds 2, and there is no muck and no burn card yet. The live
    pool alone (the stub's last card, muck, burns) cannot give position 4 five cards, so the
    dealer also shuffles in the discards of positions 0-3 (served in full): never position 4's
    own discards, never position 5's cards (Full Tilt Poker's order, RULES.md section 4)."""
    deck = Deck.from_order(range(52), seed=21, rule=ReshuffleRule.LIVE)
    deck.deal_round(range(6), 5)  # position s holds s, s+6, s+12, s+18, s+24; the stub is 30..51
    assert deck.available == 0  # no draw round: nobody to serve
    deck.begin_draw(range(6))
    assert deck.available == 22  # the stub, nothing else yet
    for s in range(4):
        assert deck.draw(s, deck.hand(s)) == tuple(range(30 + 5 * s, 35 + 5 * s))
    served = {s + 6 * k for s in range(4) for k in range(5)}  # the 20 discards of positions 0-3
    own = set(deck.hand(4))
    assert own == {4, 10, 16, 22, 28}
    snap = deck.snapshot()
    assert snap["stub"] == [50, 51] and snap["muck"] == [] and snap["burns"] == []
    # By hand: stub 2 + muck 0 + burns 0 = 2 < 5, so the served discards count too:
    # 2 + 0 + 0 + 20 = 22 cards position 4 could be dealt at most.
    assert deck.available == 2 + 0 + 0 + 20

    out = deck.draw(4, sorted(own))
    # the last stub card is not dealt (position 4 does not end the round): 50 comes off the stub, 51
    # goes into the new stub of 1 + 20 = 21 cards, and the other four come from that
    assert out[0] == 50
    assert len(out) == 5 and len(set(out)) == 5
    assert set(out[1:]) <= served | {51}
    assert not set(out) & own  # none of his own discards
    assert not set(out) & {5, 11, 17, 23, 29}  # nor position 5's cards
    assert deck.reshuffles == 1 and deck.remaining == 21 - 4
    after = assert_partition(deck)  # every card in exactly one place
    assert set(after["stub"]) | set(out[1:]) == served | {51}
    # the served discards are used up; only position 4's own discards lie on the table
    assert after["draw"]["discards"] == [[c, 4] for c in sorted(own)]
    assert deck.view(4).own_discards == tuple(sorted(own))
    assert set(deck.hand(4)) == set(out)

    # position 5: stub 17, muck 0, burns 0, served discards 5 (position 4's): 22
    assert deck.available == 17 + 5
    out5 = deck.draw(5, deck.hand(5))
    assert set(out5) <= served | {51} and deck.remaining == 12 and deck.reshuffles == 1
    assert deck.available == 0  # everyone served
    deck.end_draw()
    snap = assert_partition(deck)
    assert sorted(snap["muck"]) == sorted(own | {5, 11, 17, 23, 29})
    assert [len(deck.hand(s)) for s in range(6)] == [5] * 6


def test_live_rule_uses_served_discards_only_when_short():
    """The boundary: the live pool (the stub's last card, muck, burns) is used alone when it can
    complete the draw, even if it holds exactly the cards needed; one card more and the served
    discards join it."""
    deck = Deck.from_order(range(52), seed=22, rule=ReshuffleRule.LIVE)
    deck.deal_round(range(6), 5)
    deck.begin_draw(range(6))
    for s in range(4):
        deck.draw(s, deck.hand(s))
    served = {s + 6 * k for s in range(4) for k in range(5)}
    base = deck.snapshot()  # stub [50, 51], no muck, no burns, 20 served discards
    assert base["stub"] == [50, 51] and len(base["draw"]["discards"]) == 20

    # two cards: the stub and the live pool hold exactly two. 50 is dealt, 51 alone makes the new
    # stub (position 4 is not the last to be served) and is dealt too; the served discards stay out.
    assert deck.draw(4, (4, 10)) == (50, 51)
    assert deck.reshuffles == 1 and deck.remaining == 0
    snap = assert_partition(deck)
    assert snap["draw"]["discards"] == base["draw"]["discards"] + [[4, 4], [10, 4]]
    assert {c for c, _ in base["draw"]["discards"]} == served
    # position 5 now has stub 0 + muck 0 + burns 0 < 1: it gets one of the 22 served discards
    assert deck.available == 22
    out5 = deck.draw(5, (5,))
    assert out5[0] in served | {4, 10} and deck.reshuffles == 2
    assert deck.snapshot()["draw"]["discards"] == [[5, 5]]  # the 22 are used up
    assert_partition(deck)

    # three cards from the same position: 2 < 3, so the 20 served discards join the new stub
    deck.restore(base)
    out = deck.draw(4, (4, 10, 16))
    assert out[0] == 50 and set(out[1:]) <= served | {51}
    assert deck.reshuffles == 1 and deck.remaining == 21 - 2
    assert deck.snapshot()["draw"]["discards"] == [[4, 4], [10, 4], [16, 4]]
    assert_partition(deck)


# -- the 100,000-hand runs -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def selfcheck_hands(tmp_path_factory: pytest.TempPathFactory) -> SelfCheck:
    """The C self-check, built for this run (not shipped in the wheel)."""
    return build(tmp_path_factory.mktemp("selfcheck"))


@pytest.mark.needs_compiler
def test_100k_six_handed_all_five_seeds_rule(selfcheck_hands):
    r = selfcheck_hands(100_000, 6, int(ReshuffleRule.SEEDS), True, np.random.PCG64(1))
    assert r["violations"] == 0
    assert r["exhausted"] == 0
    # 22 stub cards and 30 wanted per draw: one new stub in draws 1 and 2, two in draw 3
    assert r["reshuffles"] == 4 * 100_000


@pytest.mark.needs_compiler
def test_100k_six_handed_all_five_live_rule(selfcheck_hands):
    # In draw 1 position 4 (the fifth served) finds 2 cards in the stub and no muck or burns: the
    # live rule falls back on the 20 discards of positions 0-3, so every draw is completed and only
    # then are this round's cards dealt (the self-check allows them only after such a fallback).
    # New stubs per hand, all the same (test_live_rule_six_handed_all_five_step_counts walks
    # through them): draw 1 one (position 4, the fallback), draws 2 and 3 two each (position 2 from the
    # stub card and the 10-card muck, position 4 again from the served discards): 5.
    r = selfcheck_hands(100_000, 6, int(ReshuffleRule.LIVE), True, np.random.PCG64(2))
    assert r["violations"] == 0
    assert r["exhausted"] == 0
    assert r["reshuffles"] == 5 * 100_000


@pytest.mark.needs_compiler
@pytest.mark.parametrize("rule", list(ReshuffleRule))
@pytest.mark.parametrize("players", [2, 6, 9])
def test_100k_random_discards(rule, players, selfcheck_hands):
    r = selfcheck_hands(100_000, players, int(rule), False, np.random.PCG64(players * 10 + rule))
    assert r["violations"] == 0
    assert r["reshuffles"] > 0 or players == 2


@pytest.mark.needs_compiler
def test_selfcheck_catches_nothing_to_catch(selfcheck_hands):
    # a tiny run reports exact totals
    r = selfcheck_hands(3, 6, 0, True, np.random.PCG64(0))
    assert r == {"hands": 3, "reshuffles": 12, "exhausted": 0, "violations": 0}


def play_checked(deck: Deck, players: int, rng: np.random.Generator, all_five: bool) -> None:
    """One hand through the public API with every check after every step."""
    live = deck.rule is ReshuffleRule.LIVE
    deck.shuffle()
    deck.deal_round(range(players), 5)
    assert_partition(deck)
    for _ in range(3):
        deck.begin_draw(range(players))
        round_cards: set[int] = set()
        pooled: set[int] = set()  # this round's discards the live rule shuffled into a stub
        for s in range(players):
            hand = deck.hand(s)
            n = 5 if all_five else int(rng.integers(0, 6))
            discards = hand[:n]
            snap = deck.snapshot()
            assert deck.available == len(snap["stub"]) + pool_size(snap)
            if len(snap["stub"]) + pool_size(snap) < n:
                with pytest.raises(DeckExhaustedError):
                    deck.draw(s, discards)
                assert deck.snapshot() == snap
                discards = discards[: len(snap["stub"]) + pool_size(snap)]
            out = deck.draw(s, discards)
            assert len(out) == len(discards)
            assert not set(out) & set(discards)  # never his own discards
            if live:
                if live_short(snap, len(discards)):
                    pooled |= round_cards  # the served discards, as the rule falls back
                assert not set(out) & (round_cards - pooled)  # no other card of this draw
            round_cards |= set(discards)
            assert len(deck.hand(s)) == 5
            assert_partition(deck)
        deck.end_draw()
        assert_partition(deck)


def test_python_level_hands_seeds_rule():
    deck = Deck(seed=11)
    rng = np.random.default_rng(11)
    for _ in range(1500):
        play_checked(deck, 6, rng, all_five=True)
    assert deck.reshuffles == 4


def test_python_level_hands_live_rule():
    deck = Deck(seed=12, rule=ReshuffleRule.LIVE)
    rng = np.random.default_rng(12)
    for _ in range(1500):
        play_checked(deck, int(rng.integers(2, 7)), rng, all_five=False)


def test_six_handed_all_five_step_counts():
    # The walk-through behind "four new stubs per hand" for the seeds' rule.
    deck = Deck(seed=3)
    deck.deal_round(range(6), 5)
    expected = [  # (remaining after each position is served, reshuffles so far)
        [(17, 0), (12, 0), (7, 0), (2, 0), (17, 1), (12, 1)],
        [(7, 1), (2, 1), (17, 2), (12, 2), (7, 2), (2, 2)],
        [(17, 3), (12, 3), (7, 3), (2, 3), (17, 4), (12, 4)],
    ]
    for draw in range(3):
        deck.begin_draw(range(6))
        for s in range(6):
            deck.draw(s, deck.hand(s))
            assert (deck.remaining, deck.reshuffles) == expected[draw][s]
        deck.end_draw()


def test_live_rule_six_handed_all_five_step_counts():
    # The walk-through behind "five new stubs per hand" for the live rule, with what each position
    # could be dealt before its draw (stub + muck + burns + this round's served discards).
    deck = Deck(seed=3, rule=ReshuffleRule.LIVE)
    deck.deal_round(range(6), 5)
    expected = [  # (available before, remaining after, reshuffles so far) per position
        # draw 1: position 4 finds 2 in the stub and nothing else but 20 served discards: fallback;
        # 1 from the stub, the other stub card and the 20 discards make 21, 4 dealt -> 17
        [(22, 17, 0), (22, 12, 0), (22, 7, 0), (22, 2, 0), (22, 17, 1), (22, 12, 1)],
        # draw 2: muck 10 (positions 4 and 5 of draw 1). Position 2: 2 + 10 >= 5, the live pool alone:
        # 1 + 10 = 11, 4 dealt -> 7. Position 4: 2 + 0 < 5: fallback on positions 0-3's 20 discards.
        [(22, 7, 1), (22, 2, 1), (22, 7, 2), (22, 2, 2), (22, 17, 3), (22, 12, 3)],
        [(22, 7, 3), (22, 2, 3), (22, 7, 4), (22, 2, 4), (22, 17, 5), (22, 12, 5)],
    ]
    for draw in range(3):
        deck.begin_draw(range(6))
        for s in range(6):
            before = deck.available
            deck.draw(s, deck.hand(s))
            assert (before, deck.remaining, deck.reshuffles) == expected[draw][s]
            assert deck.check()
        deck.end_draw()
        assert len(deck.snapshot()["muck"]) == 10


# -- errors leave the deck unchanged ---------------------------------------------------------------


@pytest.fixture
def drawing_deck() -> Deck:
    deck = Deck.from_order(range(52), seed=5)
    deck.deal_round(range(3), 5)  # position 0: 0 3 6 9 12; position 1: 1 4 7 10 13; position 2: 2 5 8 11 14
    deck.begin_draw([0, 1, 2])
    return deck


def unchanged(deck: Deck, exc: type[BaseException], match: str, fn, *args) -> BaseException:
    before = deck.snapshot()
    with pytest.raises(exc, match=match) as info:
        fn(*args)
    assert deck.snapshot() == before
    return info.value


def test_discard_not_in_hand(drawing_deck):
    d = drawing_deck
    e = unchanged(d, InvalidDiscardError, r"position 0 \(p1\) cannot discard 2d: it is not in that position's hand",
                  d.draw, 0, [0, 1])  # fmt: skip
    assert isinstance(e, LowballError) and isinstance(e, ValueError)
    assert isinstance(e, IllegalActionError) and isinstance(e, DeckError)
    unchanged(d, InvalidDiscardError, r"cannot discard 6c", d.draw, 0, [16])  # a stub card
    unchanged(d, InvalidDiscardError, r"cannot discard 2d", d.draw, 0, "2c 2d")


def test_discard_twice(drawing_deck):
    d = drawing_deck
    unchanged(d, InvalidDiscardError, r"position 0 \(p1\) discards card 2c twice", d.draw, 0, [0, 3, 0])
    unchanged(d, InvalidDiscardError, r"discards card 2c twice", d.draw, 0, "2c 2s 2c")


def test_discard_more_than_five(drawing_deck):
    d = drawing_deck
    unchanged(d, InvalidDiscardError, r"position 0 \(p1\) cannot discard 6 cards: at most 5",
              d.draw, 0, [0, 3, 6, 9, 12, 1])  # fmt: skip
    unchanged(d, InvalidDiscardError, r"cannot discard 6 cards", d.draw, 0, iter([0, 3, 6, 9, 12, 1]))


def test_draw_out_of_turn(drawing_deck):
    d = drawing_deck
    e = unchanged(
        d, DrawOrderError, r"^position 1 \(p2\) cannot draw now: it is position 0 \(p1\)'s turn$", d.draw, 1, [1]
    )
    assert isinstance(e, IllegalActionError)
    unchanged(d, DrawOrderError, r"position 5 \(p6\) cannot draw now", d.draw, 5, ())
    unchanged(
        d, DrawOrderError, r"position 0 \(p1\), position 1 \(p2\), position 2 \(p3\) still to be served", d.end_draw
    )
    unchanged(d, DrawOrderError, r"already in progress", d.begin_draw, [0, 1])
    unchanged(d, DrawOrderError, r"cannot deal to position 3 \(p4\) during a draw round", d.deal, 3, 1)
    unchanged(d, DrawOrderError, r"cannot deal to position 3 \(p4\) during a draw round", d.deal, 3, 50)
    unchanged(d, DrawOrderError, r"cannot deal to position 4 \(p5\) during a draw round",
              d.deal_round, [4, 5], 20)  # fmt: skip
    d.draw(0, ())
    d.draw(1, ())
    d.draw(2, ())
    unchanged(d, DrawOrderError, r"every position of this round has been served", d.draw, 0, ())
    d.end_draw()
    unchanged(d, DrawOrderError, r"no draw round in progress", d.draw, 0, ())
    unchanged(d, DrawOrderError, r"no draw round in progress", d.end_draw)


def test_bad_cards_and_positions(drawing_deck):
    d = drawing_deck
    unchanged(d, InvalidCardError, r"'Zz' is not a card", d.draw, 0, "Zz")
    unchanged(d, InvalidCardError, r"card number 52 is out of range", d.draw, 0, [52])
    unchanged(d, InvalidCardError, r"True is not a card", d.draw, 0, [True])
    unchanged(d, DeckError, r"^position = 10: expected a whole number 0..9$", d.draw, 10, ())
    unchanged(d, DeckError, r"^position = -1: expected a whole number 0..9$", d.hand, -1)
    unchanged(d, DeckError, r"^position = '0': expected a whole number 0..9$", d.draw, "0", ())
    unchanged(d, DeckError, r"^position = 11: expected a whole number 0..9$", d.fold, 11)
    unchanged(d, DeckError, r"^position = 2.0: expected a whole number 0..9$", d.fold, 2.0)
    unchanged(d, DeckError, r"^position = True: expected a whole number 0..9$", d.fold, True)
    unchanged(d, DeckError, rf"^position = {2**70}: expected a whole number 0..9$", d.fold, 2**70)
    assert d.hand(np.int8(1)) == d.hand(1) and d.view(np.uint64(1)).hand == d.hand(1)


def test_deal_and_burn_exhausted():
    d = Deck(seed=6)
    d.deal_round(range(6), 5)
    unchanged(d, DeckExhaustedError, r"cannot deal 23 cards to position 6 \(p7\): only 22 left", d.deal, 6, 23)
    unchanged(d, DeckExhaustedError, r"cannot deal 5 cards to each of 6 positions \(30 cards\): only 22",
              d.deal_round, range(6), 5)  # fmt: skip
    unchanged(d, DeckError, r"^number of cards to deal = -1: expected a whole number 0 or more$", d.deal, 6, -1)
    unchanged(d, DeckError, r"position 2 \(p3\) appears twice", d.deal_round, [1, 2, 2], 1)
    assert len(d.deal(6, 22)) == 22
    assert d.remaining == 0
    unchanged(d, DeckExhaustedError, r"cannot deal 1 card to position 7 \(p8\): only 0 left", d.deal, 7, 1)
    unchanged(d, DeckExhaustedError, r"cannot burn a card: the stub is empty", d.burn)
    assert d.deal(7, 0) == ()


def test_draw_the_rule_cannot_complete():
    # ten hands of five cards leave 2 in the stub; with nothing mucked even the seeds' rule
    # cannot give position 0 three cards
    d = Deck(seed=8)
    d.deal_round(range(10), 5)
    d.begin_draw(range(10))
    e = unchanged(d, DeckExhaustedError,
                  r"position 0 \(p1\) cannot draw 3 cards: the stub has 2 and the seeds' rule's reshuffle "
                  r"pool 0, so the rule cannot complete this draw",
                  d.draw, 0, d.hand(0)[:3])  # fmt: skip
    assert isinstance(e, LowballError)
    assert len(d.draw(0, d.hand(0)[:2])) == 2
    # now position 0's two discards are served discards: position 1 may get them (seeds' rule)
    out = d.draw(1, d.hand(1)[:2])
    assert d.reshuffles == 1 and len(out) == 2


@pytest.mark.parametrize("rule", list(ReshuffleRule))
def test_ten_positions_neither_rule_can_serve_five(rule):
    # Ten hands of five leave 2 cards in the stub and nothing else: neither rule can give five
    # (or three). The error is the same as before the live rule's fallback, and nothing moves.
    d = Deck.from_order(range(52), seed=23, rule=rule)
    d.deal_round(range(10), 5)  # position s holds s, s+10, s+20, s+30, s+40; the stub is 50, 51
    d.begin_draw(range(10))
    assert d.available == 2 < 5
    name = "seeds'" if rule is ReshuffleRule.SEEDS else "live"
    for n in (5, 3):
        unchanged(d, DeckExhaustedError,
                  rf"position 0 \(p1\) cannot draw {n} cards: the stub has 2 and the {name} rule's reshuffle "
                  r"pool 0, so the rule cannot complete this draw; no card was moved",
                  d.draw, 0, d.hand(0)[:n])  # fmt: skip
    assert d.draw(0, (0, 10)) == (50, 51)  # exactly what is there (live: 51 via a 1-card stub)
    # position 1: stub 0, muck 0, burns 0, and position 0's two served discards: 2 under either rule
    assert d.available == 2
    unchanged(d, DeckExhaustedError,
              rf"position 1 \(p2\) cannot draw 5 cards: the stub has 0 and the {name} rule's reshuffle "
              r"pool 2, so the rule cannot complete this draw",
              d.draw, 1, d.hand(1))  # fmt: skip
    unchanged(d, DeckExhaustedError, r"position 1 \(p2\) cannot draw 3 cards", d.draw, 1, (1, 11, 21))
    assert set(d.draw(1, (1, 11))) == {0, 10}  # only position 0's discards exist to be dealt
    assert d.available == 2 and d.snapshot()["draw"]["discards"] == [[1, 1], [11, 1]]
    assert_partition(d)


def test_muck_errors():
    d = Deck.from_order(range(52), seed=1)
    d.deal(0, 5)  # 0..4
    unchanged(d, InvalidDiscardError, r"card 2c is given twice to muck", d.muck, [0, 0])
    unchanged(d, InvalidDiscardError, r"card 3d cannot be mucked: it is not in any player's hand",
              d.muck, "2c 3d")  # fmt: skip
    d.muck("2c 2d")
    assert d.hand(0) == (2, 3, 4)
    assert d.snapshot()["muck"] == [0, 1]


def test_bad_snapshots_leave_deck_unchanged():
    d = Deck(seed=2)
    d.deal_round(range(4), 5)
    good = d.snapshot()
    bad_cases = []
    s = json.loads(json.dumps(good))
    s["stub"][0] = s["stub"][1]
    bad_cases.append(s)  # a card twice, one missing
    s = json.loads(json.dumps(good))
    s["muck"].append(s["stub"].pop())
    s["muck"].append(s["muck"][0])
    bad_cases.append(s)
    s = json.loads(json.dumps(good))
    s["format"] = "other"
    bad_cases.append(s)
    s = json.loads(json.dumps(good))
    s["rule"] = "pokerkit"
    bad_cases.append(s)
    s = json.loads(json.dumps(good))
    s["random"] = {"kind": "numpy", "state": {"bit_generator": "Nope"}}
    bad_cases.append(s)
    s = json.loads(json.dumps(good))
    s["draw"] = {"order": [0, 1], "served": 1, "drawn": [0] * 10, "discards": [[s["hands"][1][0], 1]]}
    s["hands"][1] = s["hands"][1][1:]
    bad_cases.append(s)  # the discard's owner was not served
    s = json.loads(json.dumps(good))
    s["hands"] = s["hands"][:9]
    bad_cases.append(s)
    s = json.loads(json.dumps(good))
    s["stub"].append(99)
    bad_cases.append(s)
    for bad in bad_cases:
        with pytest.raises(DeckError):
            d.restore(bad)
        assert d.snapshot() == good
    with pytest.raises(DeckError):
        Deck.from_snapshot({"stub": []})


def test_constructor_errors():
    accepted = (
        "expected None (operating-system entropy), a whole number >= 0, or a numpy Generator, "
        "BitGenerator or SeedSequence"
    )
    for seed in (1.5, True, -3, "abc"):
        with pytest.raises(InvalidSeedError) as e:
            Deck(seed=seed)
        assert str(e.value) == f"seed = {seed!r}: {accepted}"
    with pytest.raises(DeckError, match=r"reshuffle rule 7 is unknown"):
        Deck(rule=7)
    with pytest.raises(InvalidCardError, match=r"appears twice"):
        Deck.from_order([0, 1, 1])
    with pytest.raises(InvalidCardError):
        Deck.from_order(list(range(52)) + [0])


# -- snapshots -------------------------------------------------------------------------------------


def test_snapshot_roundtrip_resumes_identically():
    a = Deck(seed=31, burn=True)
    a.deal_round(range(6), 5)
    a.begin_draw(range(6))
    assert a.snapshot()["burns"] and len(a.snapshot()["burns"]) == 1
    for s in range(4):
        a.draw(s, a.hand(s))
    saved = json.dumps(a.snapshot())
    b = Deck.from_snapshot(json.loads(saved))
    assert b.snapshot() == a.snapshot()
    assert b.burn_before_draw and b.next_position == 4 and b.in_draw
    outs = []
    for deck in (a, b):
        got = [deck.draw(4, deck.hand(4)), deck.draw(5, deck.hand(5))]
        deck.end_draw()
        deck.begin_draw(range(6))
        for s in range(6):
            got.append(deck.draw(s, deck.hand(s)[:3]))
        deck.end_draw()
        deck.shuffle()
        got.append(tuple(deck.snapshot()["stub"]))
        outs.append(got)
    assert outs[0] == outs[1]
    assert a.snapshot() == b.snapshot()
    # restore into an existing deck, and the snapshot of an OS deck
    c = Deck()
    c.restore(json.loads(saved))
    assert c.snapshot() == json.loads(saved)
    osdeck = Deck()
    osdeck.deal(2, 5)
    snap = osdeck.snapshot()
    assert snap["random"] == {"kind": "os"}
    e = Deck.from_snapshot(snap)
    assert e.snapshot() == snap and e.hand(2) == osdeck.hand(2)


def test_snapshot_of_shared_generator_copies_state():
    rng = np.random.default_rng(3)
    a = Deck(seed=rng)
    snap = a.snapshot()
    b = Deck.from_snapshot(snap)
    b.shuffle()
    # b's generator is private: the caller's generator did not move
    assert rng.bit_generator.state == snap["random"]["state"]
    a.shuffle()
    assert a.snapshot()["stub"] == b.snapshot()["stub"]


# -- the view --------------------------------------------------------------------------------------


def test_view_hides_stub_order_and_other_discards(drawing_deck):
    d = drawing_deck
    d.draw(0, [0, 3])
    d.draw(1, [1])
    v1 = d.view(1)
    assert v1.remaining == 34 and v1.muck == 3 and v1.burned == 0
    assert v1.drawn == {0: 2, 1: 1} and v1.next_position == 2 and v1.order == (0, 1, 2)
    assert v1.hand == d.hand(1) and v1.own_discards == (Card("2d"),)
    assert v1.hand_sizes == {0: 5, 1: 5, 2: 5}
    everyone = d.view()
    assert everyone.hand == () and everyone.own_discards == ()
    # nothing in a view or the repr holds a stub card or another position's discard
    stub = set(d.snapshot()["stub"])
    for v in (v1, everyone):
        shown = set(v.hand) | set(v.own_discards)
        assert not shown & stub
        assert not shown & {0, 3}
    text = repr(d) + repr(everyone)
    for c in stub | {0, 3, 1}:
        assert str(Card(c)) not in text
    assert repr(d) == "<Deck 34 in the stub, 3 mucked, 0 burned, drawing (next position 2); rule=seeds, random=PCG64>"


# -- burn, fold, from_order ------------------------------------------------------------------------


def test_burn_and_burn_before_draw():
    d = Deck.from_order(range(52), seed=1, burn=True)
    assert d.burn() == Card("2c")
    d.deal(0, 5)
    d.begin_draw([0])
    assert d.snapshot()["burns"] == [0, 6]
    assert d.view().burned == 2
    plain = Deck.from_order(range(52), seed=1)
    plain.deal(0, 5)
    plain.begin_draw([0])
    assert plain.snapshot()["burns"] == []


def test_fold_during_draw_skips_the_position(drawing_deck):
    d = drawing_deck
    d.draw(0, ())
    assert d.fold(1) == (1, 4, 7, 10, 13)
    assert d.next_position == 2
    d.draw(2, [2])
    d.end_draw()
    assert sorted(d.snapshot()["muck"]) == [1, 2, 4, 7, 10, 13]


def test_from_order_partial_and_text():
    d = Deck.from_order("As Ks Qs", seed=9)
    assert d.deal(0, 3) == parse_cards("As Ks Qs")
    snap = assert_partition(d)
    assert len(snap["stub"]) == 49
    assert Deck.from_order("As Ks Qs", seed=9).snapshot() == Deck.from_order([51, 47, 43], seed=9).snapshot()


def test_draw_accepts_every_card_form(drawing_deck):
    d = drawing_deck
    assert d.draw(0, (Card("2c"), "2s", 6)) == (15, 16, 17)
    assert d.hand(0) == (9, 12, 15, 16, 17)
    assert d.draw(1, "2d,3c") == (18, 19)
    assert d.draw(2, np.array([2, 5])) == (20, 21)


def test_pickle_and_copy_go_through_the_snapshot():
    import copy
    import pickle

    d = Deck(seed=77)
    d.deal_round(range(3), 5)
    d.begin_draw(range(3))
    d.draw(0, d.hand(0)[:2])
    for other in (pickle.loads(pickle.dumps(d)), copy.deepcopy(d), copy.copy(d)):
        assert type(other) is Deck
        assert other.snapshot() == d.snapshot()
        assert other.draw(1, other.hand(1)[:1]) == Deck.from_snapshot(d.snapshot()).draw(1, d.hand(1)[:1])

"""Ranking speed of ace-to-five and badugi against 2-7 and against pokerkit, in the same run.

Run: pytest bench -o python_files='bench_*.py' --benchmark-group-by=group
Each benchmark records ``hands`` in extra_info and, where it has one, the ``peer`` doing the same
work (bench/report.py prints the ratios): the new evaluators against the 2-7 one on the same kind
of input, and pokerkit's ``RegularLowHand`` (ace-to-five low) and ``BadugiHand`` against ours.
"""

from __future__ import annotations

import numpy as np
import pytest
from pokerkit import BadugiHand, RegularLowHand

import lowball
from lowball import Ranking

RNG = np.random.default_rng(2016)


def random_hands(n: int, width: int) -> np.ndarray:
    """n random hands of ``width`` distinct cards, shape (n, width) uint8."""
    return np.argsort(RNG.random((n, 52)), axis=1)[:, :width].astype(np.uint8)


FIVE = random_hands(10_000, 5)
FOUR = random_hands(10_000, 4)
FIVE_INTS = [tuple(int(c) for c in row) for row in FIVE]
FOUR_INTS = [tuple(int(c) for c in row) for row in FOUR]
FIVE_TEXT = [lowball.format_cards(row) for row in FIVE]
FOUR_TEXT = [lowball.format_cards(row) for row in FOUR]
MILLION_FIVE = random_hands(1_000_000, 5)
MILLION_FOUR = random_hands(1_000_000, 4)


def _info(benchmark, n: int, peer: str | None = None) -> None:
    benchmark.extra_info["hands"] = n
    if peer:
        benchmark.extra_info["peer"] = peer


@pytest.mark.benchmark(group="rankings: one hand at a time (10,000 hands)")
def test_evaluate_27_ints(benchmark) -> None:
    evaluate = lowball.evaluate
    _info(benchmark, len(FIVE_INTS))
    out = benchmark(lambda: [evaluate(h) for h in FIVE_INTS])
    assert out[:100] == lowball.evaluate_batch(FIVE[:100]).tolist()


@pytest.mark.benchmark(group="rankings: one hand at a time (10,000 hands)")
def test_evaluate_a5_ints(benchmark) -> None:
    evaluate, a5 = lowball.evaluate, Ranking.ACE_TO_FIVE
    _info(benchmark, len(FIVE_INTS), "test_evaluate_27_ints")
    out = benchmark(lambda: [evaluate(h, a5) for h in FIVE_INTS])
    assert out[:100] == lowball.evaluate_batch(FIVE[:100], ranking=a5).tolist()


@pytest.mark.benchmark(group="rankings: one hand at a time (10,000 hands)")
def test_evaluate_badugi_ints(benchmark) -> None:
    evaluate, badugi = lowball.evaluate, Ranking.BADUGI
    _info(benchmark, len(FOUR_INTS), "test_evaluate_27_ints")
    out = benchmark(lambda: [evaluate(h, badugi) for h in FOUR_INTS])
    assert out[:100] == lowball.evaluate_batch(FOUR[:100], ranking=badugi).tolist()


@pytest.mark.benchmark(group="rankings: one hand at a time (10,000 hands)")
def test_evaluate_a5_text(benchmark) -> None:
    evaluate, a5 = lowball.evaluate, Ranking.ACE_TO_FIVE
    _info(benchmark, len(FIVE_TEXT), "test_pokerkit_regular_low_hand_text")
    benchmark(lambda: [evaluate(h, a5) for h in FIVE_TEXT])


@pytest.mark.benchmark(group="rankings: one hand at a time (10,000 hands)")
def test_evaluate_badugi_text(benchmark) -> None:
    evaluate, badugi = lowball.evaluate, Ranking.BADUGI
    _info(benchmark, len(FOUR_TEXT), "test_pokerkit_badugi_hand_text")
    benchmark(lambda: [evaluate(h, badugi) for h in FOUR_TEXT])


@pytest.mark.benchmark(group="rankings: one hand at a time (10,000 hands)")
def test_pokerkit_regular_low_hand_text(benchmark) -> None:
    """pokerkit's ace-to-five low hand from text (the peer of ours from the same text)."""
    hands = FIVE_TEXT[:2000]
    _info(benchmark, len(hands))
    out = benchmark(lambda: [RegularLowHand(h) for h in hands])
    # pokerkit orders a stronger hand greater: the same order as our lower class, ties equal
    for i in range(0, 200, 2):
        ours = lowball.evaluate(hands[i], "a-5"), lowball.evaluate(hands[i + 1], "a-5")
        assert (out[i] > out[i + 1]) == (ours[0] < ours[1]) and (out[i] == out[i + 1]) == (ours[0] == ours[1])


@pytest.mark.benchmark(group="rankings: one hand at a time (10,000 hands)")
def test_pokerkit_badugi_hand_text(benchmark) -> None:
    """pokerkit's badugi hand from text (the peer of ours from the same text)."""
    hands = FOUR_TEXT[:2000]
    _info(benchmark, len(hands))
    out = benchmark(lambda: [BadugiHand.from_game(h) for h in hands])  # its best subset
    for i in range(0, 200, 2):
        ours = lowball.evaluate(hands[i], "badugi"), lowball.evaluate(hands[i + 1], "badugi")
        assert (out[i] > out[i + 1]) == (ours[0] < ours[1]) and (out[i] == out[i + 1]) == (ours[0] == ours[1])


@pytest.mark.benchmark(group="rankings: batch, 1,000,000 random hands")
def test_batch_27(benchmark) -> None:
    _info(benchmark, len(MILLION_FIVE))
    benchmark(lowball.evaluate_batch, MILLION_FIVE)


@pytest.mark.benchmark(group="rankings: batch, 1,000,000 random hands")
def test_batch_a5(benchmark) -> None:
    _info(benchmark, len(MILLION_FIVE), "test_batch_27")
    benchmark(lambda: lowball.evaluate_batch(MILLION_FIVE, ranking=Ranking.ACE_TO_FIVE))


@pytest.mark.benchmark(group="rankings: batch, 1,000,000 random hands")
def test_batch_badugi(benchmark) -> None:
    _info(benchmark, len(MILLION_FOUR), "test_batch_27")
    benchmark(lambda: lowball.evaluate_batch(MILLION_FOUR, ranking=Ranking.BADUGI))


@pytest.mark.benchmark(group="rankings: every hand of the ranking")
def test_all_27(benchmark) -> None:
    _info(benchmark, 2_598_960)
    benchmark(lowball.evaluate_all)


@pytest.mark.benchmark(group="rankings: every hand of the ranking")
def test_all_a5(benchmark) -> None:
    _info(benchmark, 2_598_960, "test_all_27")
    benchmark(lambda: lowball.evaluate_all(Ranking.ACE_TO_FIVE))


@pytest.mark.benchmark(group="rankings: every hand of the ranking")
def test_all_badugi(benchmark) -> None:
    _info(benchmark, 270_725, "test_all_27")
    benchmark(lambda: lowball.evaluate_all(Ranking.BADUGI))

"""Hand-ranking speed: lowball against pokerkit and a plain numpy version of the same tables.

Run: pytest bench -o python_files='bench_*.py' --benchmark-group-by=group
Each benchmark records ``hands`` in extra_info; hands per second = hands / mean time.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from numpy_eval import numpy_evaluate_batch
from pokerkit import StandardLowHand

import lowball

RNG = np.random.default_rng(2026)


def random_hands(n: int) -> np.ndarray:
    """n random five-card hands, shape (n, 5) uint8, distinct cards in each row."""
    return np.argsort(RNG.random((n, 52)), axis=1)[:, :5].astype(np.uint8)


SINGLE = random_hands(10_000)
SINGLE_INTS = [tuple(int(c) for c in row) for row in SINGLE]
SINGLE_TEXT = [lowball.format_cards(row) for row in SINGLE]
MILLION = random_hands(1_000_000)
ALL = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)


def _per_hand(benchmark, n: int) -> None:
    benchmark.extra_info["hands"] = n


@pytest.mark.benchmark(group="one hand at a time (10,000 hands)")
def test_lowball_evaluate_ints(benchmark) -> None:
    evaluate = lowball.evaluate
    _per_hand(benchmark, len(SINGLE_INTS))
    out = benchmark(lambda: [evaluate(h) for h in SINGLE_INTS])
    assert out[:100] == lowball.evaluate_batch(SINGLE[:100]).tolist()


@pytest.mark.benchmark(group="one hand at a time (10,000 hands)")
def test_lowball_evaluate_text(benchmark) -> None:
    evaluate = lowball.evaluate
    _per_hand(benchmark, len(SINGLE_TEXT))
    out = benchmark(lambda: [evaluate(h) for h in SINGLE_TEXT])
    assert out[:100] == lowball.evaluate_batch(SINGLE[:100]).tolist()


@pytest.mark.benchmark(group="one hand at a time (10,000 hands)")
def test_python_loop_baseline(benchmark) -> None:
    """The cost of the list comprehension and a trivial call, for scale."""
    _per_hand(benchmark, len(SINGLE_INTS))
    benchmark(lambda: [len(h) for h in SINGLE_INTS])


@pytest.mark.benchmark(group="one hand at a time (10,000 hands)")
def test_pokerkit_standard_low_hand_text(benchmark) -> None:
    hands = SINGLE_TEXT[:2000]
    _per_hand(benchmark, len(hands))
    out = benchmark(lambda: [StandardLowHand(h) for h in hands])
    # pokerkit orders hands so that a stronger hand compares greater; check it agrees with us.
    a, b = SINGLE_TEXT[0], SINGLE_TEXT[1]
    assert (out[0] > out[1]) == (lowball.evaluate(a) < lowball.evaluate(b)) or out[0] == out[1]


@pytest.mark.benchmark(group="batch: 1,000,000 random hands")
def test_lowball_batch_checked(benchmark) -> None:
    _per_hand(benchmark, len(MILLION))
    benchmark(lowball.evaluate_batch, MILLION)


@pytest.mark.benchmark(group="batch: 1,000,000 random hands")
def test_lowball_batch_unchecked(benchmark) -> None:
    _per_hand(benchmark, len(MILLION))
    benchmark(lambda: lowball.evaluate_batch(MILLION, check=False))


@pytest.mark.benchmark(group="batch: 1,000,000 random hands")
def test_numpy_same_tables(benchmark) -> None:
    _per_hand(benchmark, len(MILLION))
    out = benchmark(numpy_evaluate_batch, MILLION)
    assert np.array_equal(out, lowball.evaluate_batch(MILLION))


@pytest.mark.benchmark(group="all 2,598,960 hands")
def test_lowball_evaluate_all(benchmark) -> None:
    _per_hand(benchmark, len(ALL))
    out = benchmark(lowball.evaluate_all)
    assert out.shape == (2_598_960,)


@pytest.mark.benchmark(group="all 2,598,960 hands")
def test_lowball_batch_all_hands(benchmark) -> None:
    _per_hand(benchmark, len(ALL))
    out = benchmark(lowball.evaluate_batch, ALL)
    assert np.array_equal(out, lowball.evaluate_all())


@pytest.mark.benchmark(group="all 2,598,960 hands")
def test_numpy_all_hands(benchmark) -> None:
    _per_hand(benchmark, len(ALL))
    benchmark(numpy_evaluate_batch, ALL)

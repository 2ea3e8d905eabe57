"""Draw-odds speed: lowball.odds against poker-equity 0.1.1, on the same hands, in the same run.

Run: ``pytest bench/bench_odds.py --benchmark-json=odds.json && python bench/report.py odds.json``
(``pytest-benchmark`` and ``poker-equity==0.1.1`` installed: the ``bench`` extra). Nothing here
asserts a speed: ``report.py`` prints each rate, the ratio to its peer and the issue's target.
What is asserted is that both libraries answer the same question: exact counts are compared deal
for deal, sampled equities against the exact one.

The hands: A = 7h5c4dKd9c (keeps 7-5-4, throws Kd 9c) against B = 8s6d3hQsJh. In poker-equity's
notation a drawing hand is written by its kept cards and the discards of both players are dead
cards, so both libraries draw from the same 42 unseen cards.

Groups (each benchmark's ``extra_info``: ``units`` of work per call, ``unit_name``, and a
``target`` that ``report.py`` reads; see its docstring):

``single draw sampled``
    1,000,000 samples, one thread, A drawing two against B drawing two (keeps 8-6-3).
``single draw exact``
    A drawing two against B drawing three (keeps 8-6): 8,506,680 deals, counted by both.
``single draw exact, five against five``
    Both drawing five (370,803,629,196 deals): lowball alone, poker-equity returns None.
``discard table``
    All 32 discards of A: against an unknown opponent (the exact table alone, lowball alone,
    target under 10 ms); against the default opponent (each discard's equity sampled, 20,000
    trials a discard, one to three draws, one or two threads: target under 500 ms); and
    against B drawing one (keeps 8-6-3-Qs, throws Jh). The peer is poker-equity's exact count of
    every discard of A it answers (it returns None past a deal count: drawing five against one);
    lowball is timed both on the whole table and on the same discards through ``equity``.
``triple draw``
    Three draws heads-up, both players drawing by the default :class:`~lowball.odds.Strategy`:
    trials per second on one thread, two threads against one on a long run, and the exact
    best-discard strategy (``best_last``) for scale. poker-equity models one draw only: no peer.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from typing import TypeVar

import poker_equity as pe
import pytest

from lowball import odds

A = "7h5c4dKd9c"
B = "8s6d3hQsJh"
A_KEPT = "7h5c4d"
A_THROWN = "Kd9c"
UNSEEN = 52 - 10
SAMPLES = 1_000_000
TRIPLE_TRIALS = 1_000_000
LONG_TRIALS = 4_000_000
BEST_TRIALS = 100_000
T = TypeVar("T")


def _pairs(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def _pe_exact(kept_a: str, kept_b: str, dead: str) -> dict | None:
    return pe.exact_from_text("deuce_seven", [kept_a, kept_b], dead=dead)


def _pe_counts(r: dict) -> tuple[int, int, int, int]:
    """(A wins, ties, B wins, deals) of a poker-equity exact result, as ints."""
    w, t, lo, n = r["win_count"][0], r["tie_count"][0], r["win_count"][1], r["samples"]
    assert all(float(x).is_integer() for x in (w, t, lo, n))
    return int(w), int(t), int(lo), int(n)


def _target(benchmark, units: int, unit_name: str, **target: object) -> None:
    benchmark.extra_info["units"] = units
    benchmark.extra_info["unit_name"] = unit_name
    benchmark.extra_info["load"] = os.getloadavg()[0]  # other work on the machine, for the report
    if target:
        benchmark.extra_info["target"] = target


def _measure(benchmark, fn: Callable[[], T], rounds: int | None = None) -> T:
    """benchmark(fn) (or pedantic with ``rounds``), recording the least process CPU time of a call
    in ``extra_info["cpu"]`` (seconds, every thread of the process): on a busy machine the wall
    time of a run measures the other work too, its CPU time does not."""
    cpu: list[float] = []

    def timed() -> T:
        start = time.process_time()
        out = fn()
        cpu.append(time.process_time() - start)
        return out

    result = benchmark(timed) if rounds is None else benchmark.pedantic(timed, rounds=rounds, iterations=1)
    benchmark.extra_info["cpu"] = min(cpu)
    return result


# -- single draw, sampled ------------------------------------------------------------------------

SAMPLED = "odds: single draw sampled, heads-up, 2 vs 2 drawn (1,000,000 samples, 1 thread)"
B_KEEP_3 = "8s6d3h"
B_THROW_2 = "QsJh"


@pytest.fixture(scope="module")
def sampled_reference() -> tuple[int, int, int, int]:
    """The exact answer of the sampled spot, counted by poker-equity (671,580 deals)."""
    r = _pe_exact(A_KEPT, B_KEEP_3, A_THROWN + B_THROW_2)
    assert r is not None
    return _pe_counts(r)


def _near(equity: float, counts: tuple[int, int, int, int], n: int) -> None:
    w, t, _, deals = counts
    exact = (w + t / 2) / deals
    se = math.sqrt(exact * (1 - exact) / n)
    assert abs(equity - exact) < 5 * se, (equity, exact, se)


@pytest.mark.benchmark(group=SAMPLED)
def test_lowball_single_draw_sampled(benchmark, sampled_reference) -> None:
    _target(benchmark, SAMPLES, "samples", kind="ratio", against="test_poker_equity_single_draw_sampled", at_least=3)
    e = _measure(
        benchmark,
        lambda: odds.equity([A, B], discards=[A_THROWN, B_THROW_2], exact=False, trials=SAMPLES, threads=1, seed=1),
    )
    assert not e.exact and e.trials == SAMPLES
    _near(e.players[0].equity, sampled_reference, SAMPLES)


@pytest.mark.benchmark(group=SAMPLED)
def test_poker_equity_single_draw_sampled(benchmark, sampled_reference) -> None:
    _target(benchmark, SAMPLES, "samples")
    r = _measure(
        benchmark,
        lambda: pe.chunk_from_text(
            "deuce_seven", [A_KEPT, B_KEEP_3], dead=A_THROWN + B_THROW_2, samples=SAMPLES, seed=1, threads=1
        ),
    )
    assert not r["exact"] and r["samples"] == SAMPLES
    _near(r["players"][0]["equity"], sampled_reference, SAMPLES)


# -- single draw, exact --------------------------------------------------------------------------

EXACT = "odds: single draw exact, heads-up, 2 vs 3 drawn (8,506,680 deals)"
B_KEEP_2 = "8s6d"
B_THROW_3 = "3hQsJh"
EXACT_DEALS = math.comb(UNSEEN, 2) * math.comb(UNSEEN - 2, 3)


@pytest.fixture(scope="module")
def exact_results() -> dict[str, tuple[int, int, int, int]]:
    return {}


@pytest.mark.benchmark(group=EXACT)
def test_lowball_single_draw_exact(benchmark, exact_results) -> None:
    _target(benchmark, EXACT_DEALS, "deals", kind="ratio", against="test_poker_equity_single_draw_exact", at_least=3)
    e = _measure(benchmark, lambda: odds.equity([A, B], discards=[A_THROWN, B_THROW_3]))
    assert e.exact and e.trials == EXACT_DEALS
    p, q = e.players
    assert p.ties == q.ties
    exact_results["lowball"] = (p.wins, p.ties, q.wins, e.trials)


@pytest.mark.benchmark(group=EXACT)
def test_poker_equity_single_draw_exact(benchmark, exact_results) -> None:
    _target(benchmark, EXACT_DEALS, "deals")
    r = _measure(benchmark, lambda: _pe_exact(A_KEPT, B_KEEP_2, A_THROWN + B_THROW_3), 2)
    assert r is not None
    counts = _pe_counts(r)
    assert counts[3] == EXACT_DEALS
    if "lowball" in exact_results:  # the two count the same deals the same way
        assert exact_results["lowball"] == counts


FIVE = "odds: single draw exact, heads-up, 5 vs 5 drawn (370,803,629,196 deals)"
FIVE_DEALS = math.comb(UNSEEN, 5) * math.comb(UNSEEN - 5, 5)


@pytest.mark.benchmark(group=FIVE)
def test_lowball_single_draw_exact_five_vs_five(benchmark) -> None:
    _target(benchmark, 1, "spots", kind="ms")
    e = _measure(benchmark, lambda: odds.equity([A, B], discards=[A, B]), 3)
    assert e.exact and e.trials == FIVE_DEALS
    p, q = e.players
    assert p.wins + p.ties + q.wins == FIVE_DEALS and p.ties == q.ties


def test_poker_equity_refuses_five_vs_five() -> None:
    """Why the five-against-five group has no peer: poker-equity walks no such deal count."""
    with pytest.raises(ValueError):
        _pe_exact("", "", A + B)  # an empty field (five to come) is not in its notation
    assert _pe_exact("7h", "8s", "".join(_pairs(A)[1:] + _pairs(B)[1:])) is None  # four against four


# -- discard table -------------------------------------------------------------------------------

TABLE = "odds: discard table of A (32 discards)"
B_KEEP_4 = "8s6d3hQs"
B_THROW_1 = "Jh"


def _discards() -> list[tuple[str, str]]:
    """A's 32 discards as (kept, thrown) text, mask order (bit j: A's j-th card thrown)."""
    cards = _pairs(A)
    return [
        (
            "".join(c for j, c in enumerate(cards) if not m >> j & 1),
            "".join(c for j, c in enumerate(cards) if m >> j & 1),
        )
        for m in range(32)
    ]


@pytest.fixture(scope="module")
def answered() -> list[tuple[str, str]]:
    """A's discards poker-equity counts exactly against B drawing one.

    Whether it answers depends on the deal count only, so one discard of each size is asked
    (the benchmark then checks that every discard kept here is answered)."""
    sizes = set()
    for n in range(6):
        kept, thrown = next(d for d in _discards() if len(d[1]) == 2 * n)
        try:
            if _pe_exact(kept, B_KEEP_4, thrown + B_THROW_1) is not None:
                sizes.add(2 * n)
        except ValueError:  # nothing kept: an empty field is not in poker-equity's notation
            assert n == 5
    return [d for d in _discards() if len(d[1]) in sizes]


@pytest.mark.benchmark(group=TABLE + ": against an unknown opponent")
def test_lowball_discard_table(benchmark) -> None:
    """The exact table alone (``order="mean-lows"``: no default opponent)."""
    _target(benchmark, 1, "tables", kind="ms", at_most=10)
    table = _measure(benchmark, lambda: odds.discard_table(A, order="mean-lows"))
    assert len(table) == 32 and table.opponent is None
    assert sorted(r.outcomes.total for r in table) == sorted(math.comb(47, len(d) // 2) for _, d in _discards())


DEFAULT = TABLE + ": against the default opponent (20,000 trials a discard)"


@pytest.mark.benchmark(group=DEFAULT)
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("draws", [1, 2, 3])
def test_lowball_discard_table_default_opponent(benchmark, draws: int, threads: int) -> None:
    """What ``lowball draw``, the ``?`` of ``play`` and the server's "What to throw?" compute
    (issue 26): the exact table and each discard's equity against the default opponent, sampled
    (32 x 20,000 trials of ``draws`` draws). The issue's bound: fast enough for an interactive
    key or page, half a second a call on the two cores of the reference machine."""
    _target(benchmark, 1, "tables", kind="ms", at_most=500)
    table = _measure(benchmark, lambda: odds.discard_table(A, draws=draws, threads=threads), rounds=3)
    assert table.opponent == odds.DefaultOpponent(draws, odds.DEFAULT_TABLE_TRIALS, 0)
    assert all(r.default_equity is not None for r in table)


VS = TABLE + ": against B drawing one (exact)"


@pytest.fixture(scope="module")
def vs_results() -> dict[str, dict[str, tuple[int, int, int, int]]]:
    return {}


@pytest.mark.benchmark(group=VS)
def test_lowball_discard_table_vs_drawing(benchmark, vs_results) -> None:
    _target(benchmark, 1, "tables", kind="ratio", against="test_poker_equity_exact_per_discard", at_least=5)
    table = _measure(benchmark, lambda: odds.discard_table(A, vs=(B, B_THROW_1)))
    assert len(table) == 32
    vs_results["table"] = {"".join(map(str, r.discard)): r.counts for r in table}


@pytest.mark.benchmark(group=VS)
def test_lowball_equity_per_discard(benchmark, answered, vs_results) -> None:
    """lowball on exactly the discards the peer answers, one ``equity`` call each."""
    _target(benchmark, 1, "tables", kind="ratio", against="test_poker_equity_exact_per_discard", at_least=5)

    def run() -> dict[str, tuple[int, int, int, int]]:
        out = {}
        for _, thrown in answered:
            e = odds.equity([A, B], discards=[thrown, B_THROW_1])
            p, q = e.players
            out[thrown] = (p.wins, p.ties, q.wins, e.trials)
        return out

    vs_results["equity"] = _measure(benchmark, run)


@pytest.mark.benchmark(group=VS)
def test_poker_equity_exact_per_discard(benchmark, answered, vs_results) -> None:
    _target(benchmark, 1, "tables")
    benchmark.extra_info["discards"] = len(answered)

    def run() -> dict[str, tuple[int, int, int, int]]:
        out = {}
        for kept, thrown in answered:
            r = _pe_exact(kept, B_KEEP_4, thrown + B_THROW_1)
            assert r is not None, thrown
            out[thrown] = _pe_counts(r)
        return out

    counts = _measure(benchmark, run, 1)
    assert len(answered) >= 26  # at least every discard of up to three cards
    for thrown, c in counts.items():
        assert c[3] == math.comb(UNSEEN, len(thrown) // 2) * math.comb(UNSEEN - len(thrown) // 2, 1)
        for source in ("table", "equity"):
            if source in vs_results:
                assert vs_results[source][thrown] == c, (source, thrown)


# -- triple draw ---------------------------------------------------------------------------------

TRIPLE = "odds: triple draw heads-up, default strategies (trials)"


def _triple(trials: int, threads: int, strategies: odds.Strategy | None = None) -> odds.Equity:
    return odds.equity([A, B], draws=3, trials=trials, threads=threads, seed=7, strategies=strategies)


@pytest.fixture(scope="module")
def triple_results() -> dict[str, odds.Equity]:
    return {}


@pytest.mark.benchmark(group=TRIPLE)
def test_lowball_triple_draw_one_thread(benchmark) -> None:
    _target(benchmark, TRIPLE_TRIALS, "trials", kind="rate", at_least=2_000_000)
    e = _measure(benchmark, lambda: _triple(TRIPLE_TRIALS, 1))
    assert e.trials == TRIPLE_TRIALS and e.draws == 3
    assert sum(p.share for p in e.players) == TRIPLE_TRIALS * odds.SHARE


@pytest.mark.benchmark(group=TRIPLE)
def test_lowball_triple_draw_best_last(benchmark) -> None:
    """For scale: the exact best discard on the last draw, worked out in every trial."""
    _target(benchmark, BEST_TRIALS, "trials")
    e = _measure(benchmark, lambda: _triple(BEST_TRIALS, 1, odds.Strategy(best_last="9")), 2)
    assert e.trials == BEST_TRIALS


LONG = "odds: triple draw heads-up, long run (4,000,000 trials)"


@pytest.mark.benchmark(group=LONG)
def test_lowball_triple_draw_long_one_thread(benchmark, triple_results) -> None:
    _target(benchmark, LONG_TRIALS, "trials")
    triple_results["1"] = _measure(benchmark, lambda: _triple(LONG_TRIALS, 1), 3)


@pytest.mark.benchmark(group=LONG)
def test_lowball_triple_draw_long_two_threads(benchmark, triple_results) -> None:
    _target(
        benchmark, LONG_TRIALS, "trials", kind="ratio", against="test_lowball_triple_draw_long_one_thread", at_least=1.7
    )
    benchmark.extra_info["threads"] = 2
    e = _measure(benchmark, lambda: _triple(LONG_TRIALS, 2), 3)
    if "1" in triple_results:  # the same seed gives the same result whatever the threads
        assert e == triple_results["1"]

"""Tournament speed (issue 30): a 1,000-player tournament of sensible bots on fixed-limit 2-7
triple draw, its hands per second beside the cash-table simulation's in the same run, and the
time the tournament adds per hand over its tables.

Run: ``pytest bench/bench_tournament.py -o python_files='bench_*.py'`` (``pytest-benchmark``
installed). Each benchmark records ``hands`` in extra_info; hands per second = hands / time
(``report.py``). Nothing here asserts a speed.

The group's members:

``tournament-1000``
    :func:`lowball.tournament.play_bots`: 1,000 sensible bots, the ready-made multi-table structure,
    to a winner (in memory, no store).
``cash-table``
    :func:`lowball.simulate.simulate`: six sensible bots at one table, as many hands as the
    tournament played (its per-hand cost is a table's, with the same bots).

The tournament's own cost per hand is the difference of the two times divided by the hands
(``python bench/bench_tournament.py`` prints it).
"""

from __future__ import annotations

import sys
import time

import pytest

from lowball.simulate import simulate
from lowball.tournament import multi_table, play_bots
from lowball.variants import VARIANTS

VARIANT = VARIANTS["F2L3D"]
FIELD = 1000
SEED = 1
GROUP = f"tournament: {FIELD} players, F2L3D, beside a cash table"


@pytest.mark.benchmark(group=GROUP)
def test_tournament_1000(benchmark) -> None:
    t = benchmark.pedantic(lambda: play_bots(multi_table(VARIANT), FIELD, seed=SEED), rounds=1, iterations=1)
    benchmark.extra_info["hands"] = t.hands_played
    assert t.finished and len(t.results()) == FIELD


@pytest.mark.benchmark(group=GROUP)
def test_cash_table(benchmark) -> None:
    hands = 5000
    benchmark.extra_info["hands"] = hands
    result = benchmark.pedantic(lambda: simulate(VARIANT, ["sensible"] * 6, hands, seed=SEED), rounds=1, iterations=1)
    assert result.hands == hands


def main() -> None:
    started = time.perf_counter()
    t = play_bots(multi_table(VARIANT), FIELD, seed=SEED)
    tournament = time.perf_counter() - started
    hands = t.hands_played
    started = time.perf_counter()
    simulate(VARIANT, ["sensible"] * 6, hands, seed=SEED)
    cash = time.perf_counter() - started
    print(f"tournament of {FIELD}: {hands} hands in {tournament:.1f} s, {hands / tournament:.0f} hands/s")
    print(f"cash table, six sensible bots: {hands} hands in {cash:.1f} s, {hands / cash:.0f} hands/s")
    print(f"the tournament adds {(tournament - cash) / hands * 1e3:.2f} ms a hand over its tables")


if __name__ == "__main__":
    sys.exit(main())

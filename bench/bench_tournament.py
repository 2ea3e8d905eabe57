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
(``python bench/bench_tournament.py`` prints it). CI's short run (``LOWBALL_BENCH_SHORT=1``,
``bench/mode.py``) plays 200 players and 1,000 cash hands instead: the same rates, a fifth of the time.
"""

from __future__ import annotations

import sys
import time

import pytest
from mode import scaled

from lowball.simulate import simulate
from lowball.tournament import multi_table, play_bots
from lowball.variants import VARIANTS

VARIANT = VARIANTS["F2L3D"]
FIELD = scaled(1000, 200)  # players (200 in CI's short run: bench/mode.py)
CASH_HANDS = scaled(5000, 1000)
SEED = 1
GROUP = f"tournament: {FIELD} players, F2L3D, beside a cash table"


@pytest.mark.benchmark(group=GROUP)
def test_tournament_1000(benchmark) -> None:
    t = benchmark.pedantic(lambda: play_bots(multi_table(VARIANT), FIELD, seed=SEED), rounds=1, iterations=1)
    benchmark.extra_info["hands"] = t.hands_played
    assert t.finished and len(t.results()) == FIELD


@pytest.mark.benchmark(group=GROUP)
def test_cash_table(benchmark) -> None:
    hands = CASH_HANDS
    benchmark.extra_info["hands"] = hands
    result = benchmark.pedantic(lambda: simulate(VARIANT, ["sensible"] * 6, hands, seed=SEED), rounds=1, iterations=1)
    assert result.hands == hands


def main() -> None:
    """Print the two rates and the tournament's own time per hand: the run's time less the time
    spent in its tables' deals and actions and in the bots' decisions (timed around each call)."""
    from lowball.table import Table
    from lowball.tournament import tournament as module

    spent = [0.0]
    calls = [0]

    def timed(fn):  # type: ignore[no-untyped-def]
        def wrapper(*a, **k):  # type: ignore[no-untyped-def]
            started = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                spent[0] += time.perf_counter() - started
                calls[0] += 1

        return wrapper

    act, deal, decider = Table.act, Table.deal, module.bot_decider
    Table.act, Table.deal = timed(act), timed(deal)  # type: ignore[method-assign]
    module.bot_decider = lambda *a, **k: timed(decider(*a, **k))  # type: ignore[assignment]
    import lowball.tournament.run as run

    run.bot_decider = module.bot_decider  # type: ignore[attr-defined]
    started = time.perf_counter()
    t = play_bots(multi_table(VARIANT), FIELD, seed=SEED)
    tournament = time.perf_counter() - started
    Table.act, Table.deal, module.bot_decider = act, deal, decider  # type: ignore[method-assign]
    run.bot_decider = decider  # type: ignore[attr-defined]
    hands = t.hands_played
    started = time.perf_counter()
    simulate(VARIANT, ["sensible"] * 6, hands, seed=SEED)
    cash = time.perf_counter() - started
    own = tournament - spent[0]
    print(f"tournament of {FIELD}: {hands} hands in {tournament:.1f} s, {hands / tournament:.0f} hands/s")
    print(f"cash table, six sensible bots: {hands} hands in {cash:.1f} s, {hands / cash:.0f} hands/s")
    print(
        f"the tournament's own time: {own:.1f} s, {own / hands * 1e3:.2f} ms a hand "
        f"({calls[0]} deals, actions and decisions timed, their time {spent[0]:.1f} s)"
    )


if __name__ == "__main__":
    sys.exit(main())

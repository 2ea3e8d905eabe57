"""Bot speed: decisions per second of the built-in ``solid`` and ``sensible`` players, side by
side, in each game (2-7 triple draw, 2-7 single draw, A-5 triple draw, badugi).

Run: ``pytest bench/bench_bots.py -o python_files='bench_*.py'`` (``pytest-benchmark``
installed). The decisions are recorded once from a seeded six-handed hand of each bot (every
view and legal action it was asked about, betting and drawing), then replayed: the benchmark
times ``act(view, legal)`` alone over them. Each benchmark records its ``decisions`` in
extra_info, as the report's ``units`` (``unit_name`` "decisions"): ``report.py`` prints decisions
per second (a table of solid players asks fewer decisions a hand than one of sensible players:
they fold), and ``cpu``, the least process CPU time of a call, the milliseconds of a call wall and
CPU. Nothing here asserts a speed.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from lowball.bots import BOTS, apply_action
from lowball.engine import HandState
from lowball.variants import VARIANTS

HANDS = 100
CODES = ["F2L3D", "F2L1D", "LB-FA5L3D", "FB"]


def _record(name: str, code: str) -> list[tuple[Any, Any]]:
    """Every (view, legal) a table of six ``name`` bots was asked about in ``HANDS`` hands."""
    variant = VARIANTS[code]
    bots = [BOTS[name](variant, random.Random(seat)) for seat in range(6)]
    asked: list[tuple[Any, Any]] = []
    for hand in range(HANDS):
        state = HandState(variant, [200] * 6, seed=hand)
        while not state.is_complete:
            legal = state.legal_actions()
            view = state.view(legal.position)
            asked.append((view, legal))
            apply_action(state, bots[legal.position].act(view, legal))
    return asked


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("name", ["solid", "sensible"])
def test_decisions(benchmark: Any, name: str, code: str) -> None:
    asked = _record(name, code)
    bot = BOTS[name](VARIANTS[code], random.Random(1))
    benchmark.group = f"bots: decisions, six-handed {code} ({HANDS} hands)"
    benchmark.extra_info["decisions"] = benchmark.extra_info["units"] = len(asked)
    benchmark.extra_info["unit_name"] = "decisions"

    cpu: list[float] = []

    def run() -> None:
        start = time.process_time()
        for view, legal in asked:
            bot.act(view, legal)
        cpu.append(time.process_time() - start)

    benchmark(run)
    # the least process CPU time of a call: on a busy machine the wall time measures the other
    # work too (the report prints both)
    benchmark.extra_info["cpu"] = min(cpu)

"""Simulation speed: hands per second of ``lowball simulate`` with six solid bots (the default
field) and with six sensible ones on fixed-limit 2-7 triple draw (the default variant), beside the
engine's raw rate in the same run.

Run: ``pytest bench -o python_files='bench_*.py'`` (``pytest-benchmark`` installed). Each
benchmark records ``hands`` in extra_info; hands per second = hands / time (``report.py``).
Nothing here asserts a speed.

The group's members:

``simulate-cli``
    The command itself, ``lowball simulate --hands N --seed 1 --quiet --json`` through click's
    test runner: the default field (six solid bots), stacks carried over, statistics, the JSON
    report.
``simulate-library[solid]``, ``simulate-library[sensible]``
    :func:`lowball.simulate.simulate` with six solid bots (the command's) or six sensible ones,
    the same seed (no command-line parsing): the ratio is what the default field costs. Each
    records ``cpu``, the least process CPU time of a call (on a busy machine the wall time
    measures the other work too).
``engine-with-views``
    The engine with the same six players' per-action cost of a bot's input, but no decision:
    each player takes :meth:`HandState.view` and then checks or calls and stands pat.
``engine-raw``
    The engine alone: six players checking or calling and standing pat, no views, no bots.
"""

from __future__ import annotations

import json
import time

import numpy as np
import pytest
from click.testing import CliRunner

from lowball.cli import main
from lowball.engine import HandState
from lowball.simulate import SimulationResult, simulate
from lowball.variants import VARIANTS

VARIANT = VARIANTS["F2L3D"]
HANDS = 200
GROUP = f"simulate: six players, F2L3D ({HANDS} hands)"


@pytest.mark.benchmark(group=GROUP)
def test_simulate_cli(benchmark) -> None:
    benchmark.extra_info["hands"] = HANDS
    runner = CliRunner()
    args = ["simulate", "--hands", str(HANDS), "--seed", "1", "--quiet", "--json", "--no-timing"]

    def run() -> dict[str, object]:
        r = runner.invoke(main, args)
        assert r.exit_code == 0, r.output
        data: dict[str, object] = json.loads(r.stdout)
        return data

    data = benchmark(run)
    assert data["hands"] == HANDS and data["players"] == 6
    assert data["bots"][0]["bot"] == "solid"  # the default field


@pytest.mark.benchmark(group=GROUP)
@pytest.mark.parametrize("bot", ["solid", "sensible"])
def test_simulate_library(benchmark, bot: str) -> None:
    benchmark.extra_info["hands"] = HANDS
    cpu: list[float] = []

    def run() -> SimulationResult:
        start = time.process_time()
        out = simulate(VARIANT, [bot] * 6, HANDS, seed=1)
        cpu.append(time.process_time() - start)
        return out

    result = benchmark(run)
    benchmark.extra_info["cpu"] = min(cpu)  # the least CPU time of a call (the report prints it)
    assert result.hands == HANDS
    assert sum(s.chips for s in result.seats) == 0


def _passive_hands(n: int, with_views: bool) -> int:
    source = np.random.default_rng(1)
    actions = 0
    for _ in range(n):
        state = HandState(VARIANT, [200] * 6, seed=source)
        while state.actor is not None:
            if with_views:
                state.view(state.actor)
            if state.phase == "drawing":
                state.stand_pat()
            else:
                state.check_or_call()
            actions += 1
    return actions


@pytest.mark.benchmark(group=GROUP)
def test_engine_with_views(benchmark) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(lambda: _passive_hands(HANDS, True)) > HANDS * 6


@pytest.mark.benchmark(group=GROUP)
def test_engine_raw(benchmark) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(lambda: _passive_hands(HANDS, False)) > HANDS * 6

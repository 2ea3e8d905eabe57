"""Simulation on workers (issue 15): hands per second of :func:`lowball.simulate.simulate` in
process and on 2 worker processes, in the same run, and what a shard costs on a Dask cluster.

Run: ``pytest bench -o python_files='bench_*.py'`` (``pytest-benchmark`` installed; the Dask
group needs the ``dask`` extra). Nothing here asserts a speed; ``report.py`` prints the rates and
the ratio of 2 workers to 1 (its ``target`` section: the issue expects about 1.8 on 2 cores).

``simulate-workers``
    2,000 hands of three sensible bots, sessions of 250 hands (8 sessions), seed 1: in this
    process, and on a pool of 2 spawned worker processes started (and warmed) before the timing,
    so the figure is the steady rate; ``pool-start`` is what starting that pool costs once.
``dask-shards``
    64 sessions of one hand each, in this process and on a LocalCluster of 2 worker processes
    (127.0.0.1): the time per shard is the overhead of shipping a shard and its result.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
from collections.abc import Iterator
from typing import Any

import pytest
from mode import scaled

from lowball.simulate import simulate
from lowball.variants import VARIANTS

VARIANT = VARIANTS["F2L3D"]
BOTS = ["sensible"] * 3
HANDS = 2000
SESSION = 250
WORKERS = "simulate on workers: 2,000 hands, three sensible bots, sessions of 250"
SHARDS = 64
ROUNDS = scaled(3, 1)  # one round in CI's short run (bench/mode.py)
DASK = f"shards on a Dask cluster: {SHARDS} one-hand sessions"


def _info(benchmark: Any, units: int, unit_name: str, **target: object) -> None:
    benchmark.extra_info["units"] = units
    benchmark.extra_info["unit_name"] = unit_name
    benchmark.extra_info["load"] = os.getloadavg()[0]
    if target:
        benchmark.extra_info["target"] = target


def _spawn_pool(workers: int) -> cf.ProcessPoolExecutor:
    return cf.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


@pytest.fixture(scope="module")
def pool() -> Iterator[cf.ProcessPoolExecutor]:
    with _spawn_pool(2) as ex:
        simulate(VARIANT, BOTS, 4, seed=1, shard_hands=2, executor=ex)  # both workers up and warm
        yield ex


@pytest.fixture(scope="module")
def results() -> dict[str, Any]:
    return {}


@pytest.mark.benchmark(group=WORKERS)
def test_simulate_in_process(benchmark: Any, results: dict[str, Any]) -> None:
    _info(benchmark, HANDS, "hands")
    results["here"] = benchmark.pedantic(
        lambda: simulate(VARIANT, BOTS, HANDS, seed=1, shard_hands=SESSION), rounds=ROUNDS, iterations=1
    )


@pytest.mark.benchmark(group=WORKERS)
def test_simulate_two_workers(benchmark: Any, pool: cf.ProcessPoolExecutor, results: dict[str, Any]) -> None:
    _info(benchmark, HANDS, "hands", kind="ratio", against="test_simulate_in_process", at_least=1.7)
    out = benchmark.pedantic(
        lambda: simulate(VARIANT, BOTS, HANDS, seed=1, shard_hands=SESSION, executor=pool), rounds=ROUNDS, iterations=1
    )
    if "here" in results:  # the same seed, the same result
        assert out.to_dict(timing=False) == results["here"].to_dict(timing=False)


@pytest.mark.benchmark(group=WORKERS)
def test_pool_start(benchmark: Any) -> None:
    """Starting 2 spawned workers and playing one hand on each: what workers=2 adds to a run."""
    _info(benchmark, 1, "pool starts")

    def start() -> None:
        with _spawn_pool(2) as ex:
            simulate(VARIANT, BOTS, 2, seed=1, shard_hands=1, executor=ex)

    benchmark.pedantic(start, rounds=2, iterations=1)


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        ex = client.get_executor(pure=False)
        simulate(VARIANT, BOTS, 4, seed=1, shard_hands=1, executor=ex)  # warm
        yield ex


@pytest.mark.benchmark(group=DASK)
def test_shards_in_process(benchmark: Any) -> None:
    _info(benchmark, SHARDS, "shards")
    benchmark.pedantic(lambda: simulate(VARIANT, BOTS, SHARDS, seed=1, shard_hands=1), rounds=ROUNDS, iterations=1)


@pytest.mark.benchmark(group=DASK)
def test_shards_on_dask(benchmark: Any, dask_executor: Any) -> None:
    _info(benchmark, SHARDS, "shards")
    benchmark.pedantic(
        lambda: simulate(VARIANT, BOTS, SHARDS, seed=1, shard_hands=1, executor=dask_executor),
        rounds=ROUNDS,
        iterations=1,
    )

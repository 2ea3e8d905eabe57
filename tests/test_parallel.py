"""Shards on workers (issue 15): the same seed gives the same result, to the byte, in process,
on a pool of worker processes, on any executor and on a real Dask cluster (a LocalCluster of 2
worker processes on 127.0.0.1); a worker killed mid-shard loses and doubles nothing; Ctrl-C
gives a partial result, marked, and leaves no worker behind."""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import parallel_bots  # noqa: I001  (tests/, on sys.path through conftest)
import pytest

from lowball import odds
from lowball.errors import InvalidValueError, LowballError
from lowball.parallel import run_shards, shard_seeds
from lowball.simulate import _play_session, _Session, simulate
from lowball.variants import VARIANTS

HERE = Path(__file__).parent
BOTS = ["sensible", "random", "calling"]
F2L3D = VARIANTS["F2L3D"]
HANDS = ["8s7h4d3c2s", "9h8d6c4s2d", "KcQcJd5h5s"]


def same(a: Any, b: Any) -> bool:
    return bool(a.to_dict(timing=False) == b.to_dict(timing=False))


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    """A real Dask cluster: a scheduler and 2 worker processes (one thread each) on 127.0.0.1, its
    HTTP server (dashboard, metrics) on a free loopback port."""
    distributed = pytest.importorskip("distributed", reason="the dask extra (distributed) is not installed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


# -- the seeds of the shards ------------------------------------------------------------------------


def test_a_shards_seed_depends_on_the_seed_and_its_index_only() -> None:
    ten = shard_seeds(7, 10)
    assert shard_seeds(7, 3) == ten[:3]
    assert len(set(ten)) == 10 and all(0 <= s < 2**63 for s in ten)
    assert shard_seeds(8, 3) != ten[:3]
    assert shard_seeds(None, 2) == [None, None]


# -- the same result wherever it runs ------------------------------------------------------------------


def test_simulate_is_the_same_in_process_on_a_pool_and_on_any_executor(tmp_path: Path) -> None:
    kwargs: dict[str, Any] = dict(seed=11, shard_hands=150)
    here = simulate(F2L3D, BOTS, 700, phh_dir=tmp_path / "here", **kwargs)
    assert (here.hands, here.sessions, here.ran_on) == (700, 5, "in process")
    pool = simulate(F2L3D, BOTS, 700, workers=2, phh_dir=tmp_path / "pool", **kwargs)
    assert pool.ran_on == "2 worker processes"
    with cf.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as ex:
        given = simulate(F2L3D, BOTS, 700, executor=ex, **kwargs)
    assert same(here, pool) and same(here, given)
    assert sum(r.chips for r in here.seats) == 0
    # every hand of every session, byte for byte
    names = sorted(p.name for p in (tmp_path / "here").iterdir())
    assert len(names) == 700 and names == sorted(p.name for p in (tmp_path / "pool").iterdir())
    for name in names:
        assert (tmp_path / "here" / name).read_bytes() == (tmp_path / "pool" / name).read_bytes()


def test_sessions_are_independent_tables() -> None:
    """A run of 2 sessions is its first session (the run of 150 hands with the same seed) and
    its second (a table of its own from the starting stacks, seeded by the second shard seed),
    added up."""
    both = simulate(F2L3D, BOTS, 300, seed=5, shard_hands=150)
    first = simulate(F2L3D, BOTS, 150, seed=5, shard_hands=150)
    second = _play_session(_Session(1, 151, 150, shard_seeds(5, 2)[1], F2L3D, tuple(BOTS), 200, False, None, ()))
    assert second.hands == 150
    for k, r in enumerate(both.seats):
        assert r.chips == first.seats[k].chips + second.chips[k]
        assert r.rebuys == first.seats[k].rebuys + second.rebuys[k]
        assert r.won_showdown == first.seats[k].won_showdown + second.won_showdown[k]
    assert both.total_pot == first.total_pot + second.total_pot
    assert both.showdowns == first.showdowns + second.showdowns


def test_simulate_on_a_dask_cluster_is_the_same(dask_client: Any) -> None:
    here = simulate(F2L3D, BOTS, 600, seed=3, shard_hands=100)
    there = simulate(F2L3D, BOTS, 600, seed=3, shard_hands=100, executor=dask_client.get_executor(pure=False))
    assert same(here, there) and there.ran_on == "ClientExecutor"


@pytest.mark.parametrize("stderr", [None, 0.004])
def test_equity_is_the_same_in_process_on_a_pool_and_on_a_dask_cluster(dask_client: Any, stderr: Any) -> None:
    kwargs: dict[str, Any] = dict(draws=3, seed=5, trials=300_000, stderr=stderr)
    one = odds.equity(HANDS, threads=1, **kwargs)
    assert one == odds.equity(HANDS, threads=3, **kwargs)
    assert one == odds.equity(HANDS, workers=2, **kwargs)
    assert one == odds.equity(HANDS, executor=dask_client.get_executor(pure=False), **kwargs)
    assert not one.partial
    if stderr is None:
        assert one.trials == 300_000
    else:  # stopped at the first block of 65,536 trials where every standard error is small enough
        assert one.trials % 65_536 == 0 and max(p.equity_se for p in one.players) <= stderr


def test_progress_counts_every_hand_across_workers() -> None:
    counts: list[int] = []
    result = simulate(F2L3D, BOTS, 450, seed=1, shard_hands=100, workers=2, progress=counts.append)
    assert sum(counts) == 450 == result.hands
    assert sorted(counts) == [50, 100, 100, 100, 100]  # a session's hands when it is done


# -- a lost worker ------------------------------------------------------------------------------------


@pytest.fixture
def armed() -> Iterator[None]:
    """The killer bot's file: the first worker to reach its 40th decision kills itself."""
    with parallel_bots.armed():
        yield


KILLER = ["parallel_bots:Killer", "random", "calling"]


def test_a_worker_killed_mid_shard_on_a_pool_loses_and_doubles_nothing(armed: None) -> None:
    here = simulate(F2L3D, KILLER, 500, seed=9, shard_hands=100, bot_path=[str(HERE)])
    pool = simulate(F2L3D, KILLER, 500, seed=9, shard_hands=100, bot_path=[str(HERE)], workers=2)
    assert parallel_bots.FIRED.exists()  # a worker was killed
    assert same(here, pool)


def test_a_worker_killed_mid_shard_on_a_dask_cluster_loses_and_doubles_nothing(armed: None, dask_client: Any) -> None:
    here = simulate(F2L3D, KILLER, 500, seed=9, shard_hands=100, bot_path=[str(HERE)])
    there = simulate(
        F2L3D, KILLER, 500, seed=9, shard_hands=100, bot_path=[str(HERE)], executor=dask_client.get_executor(pure=False)
    )
    assert parallel_bots.FIRED.exists()
    assert same(here, there)


class _KilledWorker(Exception):
    pass


_KilledWorker.__name__ = "KilledWorker"


class _Lost(cf.Executor):
    """An executor whose every worker dies: each shard submitted is lost (KilledWorker)."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        f: cf.Future[Any] = cf.Future()
        f.set_exception(_KilledWorker("worker gone"))
        return f


def test_a_shard_lost_too_often_is_an_error_naming_it() -> None:
    with pytest.raises(
        LowballError,
        match=r"shard 0: its worker was lost 4 times, each time with it alone in flight "
        r"\(KilledWorker: worker gone\)",
    ):
        run_shards(abs, [1], lambda i, r: False, executor=_Lost())


def test_a_lost_shard_is_named_as_the_user_counts() -> None:
    """simulate names a session and its hands, equity its trials, both from 1 (a user read
    'shard 3' and could not tell which hands it was)."""
    with pytest.raises(LowballError) as e:
        simulate(F2L3D, ["calling", "calling"], 250, seed=1, shard_hands=100, executor=_Lost())
    assert str(e.value) == (
        "session 1 (hands 1..100): its worker was lost 4 times, each time with it alone in flight "
        "(KilledWorker: worker gone)"
    )
    with pytest.raises(LowballError) as e:
        simulate(F2L3D, ["calling", "calling"], 50, seed=1, shard_hands=100, executor=_Lost())
    assert str(e.value).startswith("session 1 (hands 1..50): its worker was lost 4 times")
    with pytest.raises(LowballError) as e:
        odds.equity(["7c6d4h3s2c", "9h8h5d4c2s"], draws=3, trials=100_000, seed=1, executor=_Lost())
    assert str(e.value).startswith("trials 1..65,536: its worker was lost 4 times")


# -- Ctrl-C ----------------------------------------------------------------------------------------------


def test_ctrl_c_in_process_gives_the_hands_finished_marked_partial() -> None:
    done = 0

    def progress(n: int) -> None:
        nonlocal done
        done += n
        if done == 130:
            raise KeyboardInterrupt

    result = simulate(F2L3D, BOTS, 1000, seed=2, shard_hands=100, progress=progress)
    assert result.partial and result.hands == 130 and result.sessions == 2
    assert sum(r.chips for r in result.seats) == 0
    assert result.to_dict(timing=False)["partial"] is True


def test_ctrl_c_on_workers_gives_the_sessions_finished_marked_partial() -> None:
    pressed = False

    def progress(n: int) -> None:
        nonlocal pressed
        if not pressed:  # Ctrl-C once, at the first session finished
            pressed = True
            raise KeyboardInterrupt

    result = simulate(F2L3D, BOTS, 2000, seed=2, shard_hands=100, workers=2, progress=progress)
    assert result.partial and 100 <= result.hands < 2000 and result.hands % 100 == 0
    assert sum(r.chips for r in result.seats) == 0


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads worker processes from /proc (Linux)")
def test_ctrl_c_stops_the_command_and_every_worker(tmp_path: Path) -> None:
    exe = Path(sys.executable).parent / "lowball"
    phh_dir = tmp_path / "hands"
    proc = subprocess.Popen(
        [str(exe), "simulate", "-k", "200000", "--shard-hands", "200", "--workers", "2", "--seed", "4", "--no-timing"]
        + ["--phh", str(phh_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    workers: set[int] = set()
    deadline = time.monotonic() + 300  # reached only by a broken run
    # the event waited for: the last hand of session 1 written (a session has finished)
    while not (phh_dir / "hand-000200.phh").exists():
        assert proc.poll() is None and time.monotonic() < deadline
        workers |= parallel_bots.children(proc.pid)
        time.sleep(0.05)
    workers |= parallel_bots.children(proc.pid)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 130, err
    assert out.startswith("PARTIAL RESULT: stopped by Ctrl-C after ")
    assert "stopped by Ctrl-C: the result above is partial" in err
    done = int(out.split("after ", 1)[1].split(" hand", 1)[0].replace(",", ""))
    assert done >= 200 and done % 200 == 0  # whole sessions, the first among them
    assert len(workers) >= 2
    deadline = time.monotonic() + 60
    while [p for p in workers if parallel_bots.alive(p)]:  # each worker's exit, waited for
        assert time.monotonic() < deadline, "a worker outlived the command"
        time.sleep(0.05)


# -- the command ------------------------------------------------------------------------------------------


def _lowball(*args: str) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).parent / "lowball"
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=120)


def test_the_command_prints_the_same_report_on_any_number_of_workers() -> None:
    base = ["simulate", "-k", "900", "--shard-hands", "300", "--seed", "6", "--no-timing", "-q"]
    one = _lowball(*base, "--workers", "1")
    two = _lowball(*base, "--workers", "2")
    assert one.returncode == two.returncode == 0, (one.stderr, two.stderr)
    assert one.stdout == two.stdout
    assert "sessions: 3 of at most 300 hands" in one.stdout
    eq = ["odds", *HANDS, "--draws", "3", "--trials", "200000", "--seed", "3", "-q"]
    assert _lowball(*eq).stdout == _lowball(*eq, "--workers", "2").stdout


def test_the_command_on_a_dask_scheduler(dask_client: Any) -> None:
    address = dask_client.scheduler.address
    assert address.startswith("tcp://127.0.0.1:")
    base = ["simulate", "-k", "400", "--shard-hands", "100", "--seed", "6", "--no-timing", "-q"]
    here = _lowball(*base, "--workers", "1")
    there = _lowball(*base, "--scheduler", address)
    assert there.returncode == 0, there.stderr
    assert here.stdout == there.stdout
    both = _lowball(*base, "--scheduler", address, "--workers", "2")
    assert both.returncode == 2 and "not both" in both.stderr


def test_an_unreachable_scheduler_is_named() -> None:
    pytest.importorskip("distributed")
    r = _lowball("simulate", "-k", "10", "--scheduler", "tcp://127.0.0.1:9", "-q")
    assert r.returncode == 2 and "tcp://127.0.0.1:9" in r.stderr and "cannot reach" in r.stderr


# -- bad arguments -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"workers": 0}, "workers"),
        ({"workers": 2.5}, "workers"),
        ({"executor": "pool"}, "expected a concurrent.futures.Executor"),
        ({"executor": cf.ThreadPoolExecutor(1), "workers": 2}, "not both"),
        ({"shard_hands": 0}, "shard_hands"),
    ],
)
def test_bad_executor_arguments_are_refused(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(LowballError, match=words):
        simulate(F2L3D, BOTS, 10, **kwargs)


def test_equity_refuses_both_executor_and_workers() -> None:
    with cf.ThreadPoolExecutor(1) as ex, pytest.raises(InvalidValueError, match="not both"):
        odds.equity(HANDS, draws=2, executor=ex, workers=2)


def test_a_bot_module_reaches_the_workers_through_bot_path() -> None:
    """module:factory bots on spawned workers: found through bot_path, as in process."""
    spec = ["parallel_bots:Killer", "sensible"]
    here = simulate(F2L3D, spec, 200, seed=1, shard_hands=100, bot_path=[str(HERE)])
    pool = simulate(F2L3D, spec, 200, seed=1, shard_hands=100, bot_path=[str(HERE)], workers=2)
    assert same(here, pool)

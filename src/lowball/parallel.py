"""Work cut into shards, run in process, on a local process pool or on any
:class:`concurrent.futures.Executor` (a Dask cluster's among them), with the same result.

A shard is a piece of work of a fixed size whose randomness comes from its own index alone
(:func:`shard_seeds`), so how many workers run the shards, and in which order they finish,
cannot change the result: :func:`run_shards` hands each shard's result to the caller in
index order, and callers merge integer counts. :func:`lowball.simulate.simulate` plays table
sessions as shards, :func:`lowball.odds.equity` blocks of trials.

A shard whose worker is lost (a killed process, a lost cluster node) is run again, from its own
seed, with the same result; nothing is counted twice, since a result is taken once per index.
Ctrl-C (KeyboardInterrupt) stops the run: shards not started are cancelled, the workers a
local pool started are shut down, and the caller gets what finished, marked as partial.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

import numpy as np

from lowball.errors import InvalidValueError, LowballError, whole_number

__all__ = ["run_shards", "shard_seeds", "check_executor", "describe_executor", "RETRIES"]

J = TypeVar("J")
R = TypeVar("R")

RETRIES = 3  # times a shard is run again after its worker was lost
# exceptions (by class name, so that no cluster library need be imported) that mean the worker
# running a shard was lost, not that the shard failed: the shard is run again
_LOST = frozenset(("BrokenProcessPool", "KilledWorker", "CommClosedError", "StreamClosedError"))


def shard_seeds(seed: int | None, count: int) -> list[int | None]:
    """The seed of each of ``count`` shards: shard *k*'s from
    ``numpy.random.SeedSequence(seed).spawn(...)[k]`` (a 63-bit whole number), so it depends on
    ``seed`` and *k* only, never on how many shards or workers there are. None for every shard
    when ``seed`` is None (each then draws operating-system entropy)."""
    if seed is None:
        return [None] * count
    children = np.random.SeedSequence(seed).spawn(count)
    return [int(c.generate_state(1, np.uint64)[0]) >> 1 for c in children]


def check_executor(executor: object, workers: object) -> int | None:
    """``executor`` and ``workers`` checked: at most one of them; ``workers`` a whole number
    1..1024 (returned) or None.

    Raises
    ------
    InvalidValueError
        For both given, an executor that is not a :class:`concurrent.futures.Executor`, or a
        bad ``workers``.
    """
    if executor is not None:
        if not isinstance(executor, cf.Executor):
            raise InvalidValueError(
                f"executor = {executor!r}: expected a concurrent.futures.Executor (a process pool, "
                "or a Dask client's get_executor()) or None"
            )
        if workers is not None:
            raise InvalidValueError("give executor= or workers=, not both")
    if workers is None:
        return None
    return whole_number(workers, "workers", 1, 1024, error=InvalidValueError)


def _ignore_interrupt() -> None:
    """In a pool's worker: Ctrl-C is the parent's to handle (it cancels the run and shuts the
    pool down), so a worker never dies of it halfway through a shard."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool(workers: int) -> cf.ProcessPoolExecutor:
    # spawn, as on macOS and Windows: workers start clean (no copy of the parent's threads)
    return cf.ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context("spawn"), initializer=_ignore_interrupt
    )


def _lost(error: BaseException) -> bool:
    return type(error).__name__ in _LOST or isinstance(error, BrokenProcessPool)


def run_shards(
    task: Callable[[J], R],
    jobs: Sequence[J],
    on_result: Callable[[int, R], bool],
    *,
    executor: cf.Executor | None = None,
    workers: int | None = None,
    stopped: Callable[[R], bool] | None = None,
) -> bool:
    """Run ``task(job)`` for every job and give each result to ``on_result(index, result)``,
    in index order; ``on_result`` returns True to stop (the remaining shards are cancelled).

    Parameters
    ----------
    task : callable
        A module-level function (it is pickled to the workers), run once per job; it must give
        the same result for the same job wherever it runs.
    jobs : sequence
        Picklable descriptions of the shards.
    on_result : callable
        Takes each result in index order; True stops the run.
    executor : concurrent.futures.Executor, optional
        Where to run the shards (a process pool, a Dask client's ``get_executor()``, ...).
    workers : int, optional
        Without an executor: ``None`` or 1 runs every shard in this process, one after the
        other; N > 1 starts a pool of N worker processes for the run.
    stopped : callable, optional
        In process only: tells whether a result is of a shard stopped by Ctrl-C partway (the
        task caught it); the run then ends there.

    Returns
    -------
    bool
        True when Ctrl-C stopped the run (the results given are those of the shards that
        finished), False otherwise.

    Raises
    ------
    LowballError
        When a shard's worker was lost more than :data:`RETRIES` times; any error a shard
        raised (the other shards are cancelled first).
    """
    if executor is None and (workers is None or workers <= 1):
        for i, job in enumerate(jobs):
            result = task(job)
            if stopped is not None and stopped(result):
                on_result(i, result)
                return True
            if on_result(i, result):
                return False
        return False
    own = executor is None
    pool: cf.Executor = _pool(workers or os.cpu_count() or 1) if own else executor  # type: ignore[assignment]
    pending: dict[cf.Future[R], int] = {}
    tries = [0] * len(jobs)
    done: dict[int, R] = {}
    next_index = 0
    interrupted = False

    def submit(i: int) -> None:
        pending[pool.submit(task, jobs[i])] = i

    try:
        for i in range(len(jobs)):
            submit(i)
        while pending:
            finished, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for future in finished:
                if future not in pending:
                    continue  # of a broken pool whose shards were all submitted again
                i = pending.pop(future)
                error = future.exception()
                if error is None:
                    done[i] = future.result()
                    continue
                if not _lost(error):
                    raise error
                tries[i] += 1
                if tries[i] > RETRIES:
                    raise LowballError(
                        f"shard {i}: its worker was lost {tries[i]} times ({type(error).__name__}: {error})"
                    ) from None
                if own and isinstance(error, BrokenProcessPool):
                    # a killed process breaks the whole local pool: start a new one and run
                    # again every shard that had not finished
                    again = [i, *pending.values()]
                    pending.clear()
                    pool.shutdown(wait=False, cancel_futures=True)
                    pool = _pool(workers or os.cpu_count() or 1)
                    for k in sorted(set(again)):
                        submit(k)
                else:
                    submit(i)
            while next_index in done:
                if on_result(next_index, done.pop(next_index)):
                    return False
                next_index += 1
    except KeyboardInterrupt:
        interrupted = True
        for future in pending:
            future.cancel()
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
        for future, i in pending.items():
            if future.done() and not future.cancelled() and future.exception() is None:
                done[i] = future.result()
        for i in sorted(done):
            on_result(i, done[i])
        return True
    finally:
        if not interrupted:
            for future in pending:
                future.cancel()
            if own:
                pool.shutdown(wait=True, cancel_futures=True)
    return False


def describe_executor(executor: object, workers: int | None) -> str:
    """How a report names where the work ran: ``in process``, ``2 worker processes`` or the
    executor's type."""
    if executor is None:
        return "in process" if not workers or workers <= 1 else f"{workers} worker processes"
    return type(executor).__name__

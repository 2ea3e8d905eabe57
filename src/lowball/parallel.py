"""Work cut into shards, run in process, on a local process pool or on any
:class:`concurrent.futures.Executor` (a Dask cluster's among them), with the same result.

A shard is a piece of work of a fixed size whose randomness comes from its own index alone
(:func:`lowball.seeds.shard_seeds`), so how many workers run the shards, and in which order they finish,
cannot change the result: :func:`run_shards` hands each shard's result to the caller in
index order, and callers merge integer counts. :func:`lowball.simulate.simulate` plays table
sessions as shards, :func:`lowball.odds.equity` blocks of trials.

A shard whose worker is lost (a killed process, a lost cluster node) is run again, from its own
seed, with the same result; nothing is counted twice, since a result is taken once per index.
Ctrl-C stops a run on workers: shards not started are cancelled, a local pool's workers are
ended at once (what they were running is dropped), and the caller gets the shards that finished,
marked as partial. SIGTERM cleans up the same way, then ends the process as usual.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from lowball.errors import InvalidValueError, LowballError, shown, whole_number
from lowball.seeds import shard_seeds

__all__ = ["run_shards", "shard_seeds", "check_executor", "describe_executor", "RETRIES"]

J = TypeVar("J")
R = TypeVar("R")

RETRIES = 3  # times a shard is run again after its worker was lost
# exceptions (by class name, so that no cluster library need be imported) that mean the worker
# running a shard was lost, not that the shard failed: the shard is run again
_LOST = frozenset(("BrokenProcessPool", "KilledWorker", "CommClosedError", "StreamClosedError"))


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
                f"executor = {shown(executor)}: expected a concurrent.futures.Executor (a process pool, "
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


def _kill(pool: cf.Executor) -> None:
    """End a pool of our own at once: its worker processes are terminated, and the pool, now
    broken, fails what was in flight (no future is cancelled by hand: the pool's own thread
    settles each one)."""
    processes = getattr(pool, "_processes", None) or {}
    for proc in list(processes.values()):
        with contextlib.suppress(Exception):
            proc.terminate()
    pool.shutdown(wait=True)


class _Signals:
    """While a run waits on workers: Ctrl-C (SIGINT) or SIGTERM only asks the run to stop (a
    count, read between waits of at most 0.2 s, so that no exception lands inside the executor's
    locks). Only in the main thread, where Python runs signal handlers; elsewhere nothing
    changes."""

    def __init__(self) -> None:
        self.count = 0
        self.terminated = False  # a SIGTERM came: after the clean-up the process ends by it
        self._old: dict[int, Any] = {}

    def __enter__(self) -> _Signals:
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                self._old[sig] = signal.signal(sig, self._handle)
        return self

    def _handle(self, signum: int, frame: object) -> None:
        # never an exception here: one raised inside the executor's wait can leave its futures'
        # locks taken and hang the pool's shutdown; the run reads the count between waits
        self.count += 1
        self.terminated |= signum == signal.SIGTERM

    @contextlib.contextmanager
    def quiet(self) -> Iterator[None]:
        """Ctrl-C held back from the worker processes while they start: this thread blocks it
        while it starts them, and a child begins life with its parent thread's signal mask (kept
        across exec), so that a Ctrl-C while they import prints no traceback of theirs (each
        then ignores it for good: its pending Ctrl-C is discarded). The run's own Ctrl-C is not
        lost: the process's handler stays (another thread takes it, or it waits, blocked, until
        the mask is restored), and the run stops as at any other moment. (Ignoring it here,
        as before, lost it: a Ctrl-C pressed as the workers started went unanswered and the run
        went on.) Where signals cannot be blocked (Windows) it is ignored meanwhile."""
        if signal.SIGINT not in self._old:
            yield
            return
        block = getattr(signal, "pthread_sigmask", None)
        if block is None:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                yield
            finally:
                signal.signal(signal.SIGINT, self._handle)
            return
        mask = block(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            yield
        finally:
            block(signal.SIG_SETMASK, mask)

    def __exit__(self, *exc: object) -> None:
        for sig, old in self._old.items():
            signal.signal(sig, old)


def run_shards(
    task: Callable[[J], R],
    jobs: Sequence[J],
    on_result: Callable[[int, R], bool],
    *,
    executor: cf.Executor | None = None,
    workers: int | None = None,
    stopped: Callable[[R], bool] | None = None,
    name: Callable[[int], str] | None = None,
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
        Where to run the shards (a process pool, a Dask client's ``get_executor()``, ...). A
        shard whose worker is lost is run again where the executor can still take work (a Dask
        cluster reschedules it itself); a ``ProcessPoolExecutor`` of your own breaks for good
        when one of its processes dies, and the run then stops with an error saying so.
    workers : int, optional
        Without an executor: ``None`` or 1 runs every shard in this process, one after the
        other; N > 1 starts a pool of N worker processes (spawned: a script that asks for
        workers must do so under ``if __name__ == "__main__":``), started again after a loss.
    stopped : callable, optional
        In process only: tells whether a result is of a shard stopped by Ctrl-C partway (the
        task caught it); the run then ends there.
    name : callable, optional
        How an error names shard ``index`` for the person who started the run (``simulate``:
        ``session 4 (hands 3001..4000)``); default ``shard 3`` (the index, from 0).

    Notes
    -----
    At most a few shards per worker are submitted at a time, so that stopping cancels the rest
    at once. Ctrl-C on workers stops the run: queued shards are cancelled, a local pool's
    workers are ended at once (the shards they were running are dropped; on an executor given,
    those shards finish), and the results of the shards finished are given, in index order.
    SIGTERM does the same clean-up, then ends the process by SIGTERM as usual.

    Returns
    -------
    bool
        True when Ctrl-C (or SIGTERM) stopped the run (the results given are those of the
        shards that finished), False otherwise.

    Raises
    ------
    LowballError
        When the worker running a shard was lost more than :data:`RETRIES` times (naming the
        shards in flight each time), an executor that cannot take work (shut down) or whose
        process pool broke; any error a shard raised (the other shards are cancelled first).
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
    size = workers or os.cpu_count() or 1
    window = 2 * size + 2 if own else 64  # shards in flight at a time
    pending: dict[cf.Future[R], int] = {}
    again: list[int] = []  # lost shards to run again (before any new one), the next last
    fresh = iter(range(len(jobs)))  # shards never submitted, in order (lazily: jobs may be many)
    left = len(jobs)  # how many of them
    suspects: dict[int, int] = {}  # shard -> losses while it was alone in flight
    careful: set[int] = set()  # shards in flight at a loss, run one at a time until cleared
    signals = _Signals()
    done: dict[int, R] = {}
    next_index = 0
    results_taken = 0

    def submit(i: int) -> None:
        try:
            pending[pool.submit(task, jobs[i])] = i
        except (RuntimeError, NotImplementedError) as e:
            raise LowballError(f"the executor {type(pool).__name__} cannot take work: {e}") from None

    def fill() -> None:
        nonlocal left
        with signals.quiet():
            while (again or left) and len(pending) < (1 if careful else window):
                if again:
                    submit(again.pop())
                else:
                    left -= 1
                    submit(next(fresh))

    def label(k: int) -> str:
        return name(k) if name is not None else f"shard {k}"

    def lost(indices: list[int], error: BaseException) -> None:
        # A loss counts against a shard only when it was the one shard in flight: after a loss
        # with several in flight, those are run again one at a time until each has finished or
        # been lost alone, so that the shard named is the one that kills its worker.
        if len(indices) == 1:
            k = indices[0]
            suspects[k] = suspects.get(k, 0) + 1
            if suspects[k] > RETRIES:
                if results_taken == 0 and own:
                    raise LowballError(
                        f"no shard could be run: every worker process was lost ({type(error).__name__}: "
                        f"{error}); the workers are spawned, so a script that asks for workers must do "
                        'so under if __name__ == "__main__": (' + f"{label(k)} was tried {suspects[k]} times)"
                    ) from None
                raise LowballError(
                    f"{label(k)}: its worker was lost {suspects[k]} times, each time with it alone "
                    f"in flight ({type(error).__name__}: {error})"
                ) from None
        careful.update(indices)
        again.extend(indices)  # run again, before the shards not yet begun
        again.sort(reverse=True)

    with signals:
        # the pool is made with Ctrl-C held back: making it starts multiprocessing's resource
        # tracker, the run's first process, and a Ctrl-C then must stop the run like any other
        with signals.quiet():
            pool: cf.Executor = _pool(size) if own else executor  # type: ignore[assignment]
        try:
            fill()
            while pending:
                finished, _ = cf.wait(pending, timeout=0.2, return_when=cf.FIRST_COMPLETED)
                if signals.count:
                    break
                lost_now: list[int] = []
                first_error: BaseException | None = None
                for future in finished:
                    if future not in pending:
                        continue  # of a broken pool whose shards were all taken back
                    i = pending.pop(future)
                    error = future.exception()
                    if error is None:
                        done[i] = future.result()
                        careful.discard(i)
                        results_taken += 1
                        continue
                    if not _lost(error):
                        raise error
                    if isinstance(error, BrokenProcessPool):
                        if not own:
                            raise LowballError(
                                f"the process pool given as executor broke ({error}): a worker process "
                                "was lost, and a ProcessPoolExecutor takes no more work after that; pass "
                                "workers=N (lowball starts the pool again) or use a Dask cluster"
                            ) from None
                        # a killed process breaks the whole local pool: every shard in flight is
                        # a suspect; a new pool runs them again
                        lost_now = [i, *pending.values()]
                        first_error = error
                        pending.clear()
                        pool.shutdown(wait=False, cancel_futures=True)
                        pool = _pool(size)
                        break
                    lost_now.append(i)
                    first_error = error
                if lost_now:
                    assert first_error is not None
                    lost(sorted(set(lost_now)), first_error)
                while next_index in done:
                    if on_result(next_index, done.pop(next_index)):
                        return False
                    next_index += 1
                fill()
            if not signals.count:
                return False
        except KeyboardInterrupt:  # raised by the caller's on_result (a progress bar's): stop
            signals.count += 1
        finally:
            if own and signals.count:
                _kill(pool)  # stopped: the shards being run are dropped, the workers ended now
            else:
                for future in pending:
                    future.cancel()
                if own:
                    try:
                        pool.shutdown(wait=True, cancel_futures=True)
                    except KeyboardInterrupt:
                        _kill(pool)
    if signals.terminated:  # SIGTERM: the workers are shut down; the process ends by it
        signal.raise_signal(signal.SIGTERM)
    # stopped by a signal: the shards that finished, in index order
    for future, i in pending.items():
        if future.done() and not future.cancelled() and future.exception() is None:
            done[i] = future.result()
    for i in sorted(done):
        on_result(i, done[i])
    return True


def describe_executor(executor: object, workers: int | None) -> str:
    """How a report names where the work ran: ``in process``, ``2 worker processes`` or the
    executor's type."""
    if executor is None:
        return "in process" if not workers or workers <= 1 else f"{workers} worker processes"
    return type(executor).__name__

"""Issue 15's review (shards on workers and clusters): each fault it found, now a test of the
right behaviour: Ctrl-C landing inside the wait, a second Ctrl-C, SIGTERM, Ctrl-C while workers
start, prompt stopping, PHH files after a lost worker, the shard named after repeated losses,
a given pool that breaks, the main guard, a shut-down executor, the docs."""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import parallel_bots
import parallel_tasks
import pytest
from doc_pages import ALL_TEXT

import lowball.simulate as simulate_module
from lowball.errors import LowballError
from lowball.parallel import run_shards
from lowball.simulate import simulate
from lowball.variants import VARIANTS

HERE = Path(__file__).parent
ROOT = HERE.parent
F2L3D = VARIANTS["F2L3D"]
BOTS = ["sensible", "random", "calling"]
LOWBALL = str(Path(sys.executable).parent / "lowball")
LINUX = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads processes from /proc")


def _start(*args: str) -> subprocess.Popen[str]:
    """The command in a session of its own, Ctrl-C not ignored (as at a terminal)."""
    return subprocess.Popen(
        [LOWBALL, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _kill_all(proc: subprocess.Popen[str], pids: set[int]) -> None:
    for pid in pids | {proc.pid}:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    proc.communicate()


def _wait_workers(proc: subprocess.Popen[str], n: int = 2) -> set[int]:
    """The command's child processes once ``n`` workers and the resource tracker run (the event
    the tests wait for; polled, with a deadline that only a broken start reaches)."""
    seen: set[int] = set()
    deadline = time.monotonic() + 300
    while len(seen) < n + 1:  # n workers and the resource tracker
        assert proc.poll() is None and time.monotonic() < deadline, f"the workers did not start: {seen}"
        seen |= parallel_bots.children(proc.pid)
        time.sleep(0.05)
    return seen


def _wait_gone(pids: set[int]) -> list[int]:
    """Poll until the processes ``pids`` have exited (each one an event; a minute's deadline,
    which only one left running reaches): those still alive then."""
    deadline = time.monotonic() + 60
    while (left := [p for p in pids if parallel_bots.alive(p)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


# Sessions of a million hands (minutes each on any machine): a run that stops promptly on Ctrl-C
# stops long before one finishes, one that waited for its sessions would not, so the tests below
# tell the two apart by work, not by the time they take.
_HUGE = ("-k", "4000000", "--shard-hands", "1000000")


@pytest.fixture
def armed() -> Iterator[None]:
    with parallel_bots.armed():
        yield


# -- 1. Ctrl-C can deadlock the command (no output, never exits) -----------------------------------

_DEADLOCK = textwrap.dedent(
    """
    import os, signal, sys, threading, time
    from lowball.parallel import run_shards
    sys.path.insert(0, {tests!r})
    import parallel_tasks

    # Ctrl-C, twice in quick succession, while the run waits on 200,000 shards: a KeyboardInterrupt
    # raised inside concurrent.futures.wait could leave futures' locks taken and hang the pool's
    # shutdown forever (the review found one Ctrl-C in four to eight hanging). The run reads
    # Ctrl-C as a flag between waits instead: it must stop, promptly, every time. The keys are
    # pressed once results flow (at a fixed 1.5 s an idle machine had finished 20,000 shards).
    # A deadlock hangs forever: the watchdog, started at the press, names it after a minute,
    # several hundred times what stopping takes (a guard against a hang, not a measure of speed).
    def press():
        while len(got) < 200:
            time.sleep(0.005)  # polling for the results to flow (the event), however long it takes
        for _ in range(2):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.01)
        threading.Thread(target=watchdog, daemon=True).start()

    def watchdog():
        time.sleep(60)
        print("HUNG", flush=True)
        os._exit(3)

    if __name__ == "__main__":
        got = []
        threading.Thread(target=press, daemon=True).start()
        stopped = run_shards(parallel_tasks.quick, range(200_000), lambda i, r: got.append(r), workers=2)
        print("stopped", stopped, len(got), flush=True)
        os._exit(0)
    """
)


def test_ctrl_c_inside_wait_does_not_deadlock(tmp_path: Path) -> None:
    script = tmp_path / "deadlock.py"
    script.write_text(_DEADLOCK.format(tests=str(HERE)))
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=600)  # the script's own watchdog speaks first
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # orphaned pool workers of a hung run
        except OSError:
            pass
    assert out.startswith("stopped True"), out


# -- 2. --phh with a lost worker: the session run again finds its own files ------------------------


def test_phh_files_survive_a_worker_killed_mid_session(armed: None, tmp_path: Path) -> None:
    spec = ["parallel_bots:Killer", "random", "calling"]
    kw = dict(seed=9, shard_hands=100, bot_path=[str(HERE)])
    here = simulate(F2L3D, spec, 300, phh_dir=tmp_path / "here", **kw)  # type: ignore[arg-type]
    pool = simulate(F2L3D, spec, 300, phh_dir=tmp_path / "pool", workers=2, **kw)  # type: ignore[arg-type]
    assert parallel_bots.FIRED.exists()
    assert here.to_dict(timing=False) == pool.to_dict(timing=False)
    names = sorted(p.name for p in (tmp_path / "here").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "pool").iterdir())
    for name in names:
        assert (tmp_path / "here" / name).read_bytes() == (tmp_path / "pool" / name).read_bytes()


# -- 3. the error after repeated losses names an arbitrary shard -------------------------------------


def test_a_shard_that_always_kills_its_worker_is_the_one_named() -> None:
    with pytest.raises(LowballError, match=r"^shard 3: its worker was lost 4 times"):
        run_shards(parallel_tasks.crash_on_three, list(range(40)), lambda i, r: False, workers=2)


# -- 4. a lost worker on an executor given (a process pool) ------------------------------------------


def test_a_lost_worker_on_a_given_process_pool_is_an_error_saying_what_to_do(tmp_path: Path) -> None:
    """A ProcessPoolExecutor takes no work after one of its processes dies, and lowball cannot
    start the caller's pool again: the run stops with an error saying so and what to use (the
    README says which executors run a lost shard again), never with a bare BrokenProcessPool."""
    marker = tmp_path / "armed"
    marker.write_text("")
    got: list[int] = []
    with cf.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as ex:
        with pytest.raises(LowballError, match="the process pool given as executor broke.*pass workers=N"):
            run_shards(
                parallel_tasks.crash_once,
                [(i, str(marker)) for i in range(8)],
                lambda i, r: got.append(r) and False,
                executor=ex,
            )
    # on lowball's own pool the same loss costs nothing
    marker.write_text("")
    run_shards(
        parallel_tasks.crash_once, [(i, str(marker)) for i in range(8)], lambda i, r: got.append(r) and False, workers=2
    )
    assert got[-8:] == list(range(8))


# -- 5. Ctrl-C at the start of the pool: worker tracebacks ---------------------------------------------


@LINUX
def test_ctrl_c_as_the_workers_start_prints_no_tracebacks() -> None:
    proc = _start("simulate", *_HUGE, "--workers", "2", "--seed", "1", "-q", "--no-timing")
    deadline = time.monotonic() + 300
    while not parallel_bots.children(proc.pid):  # the first process of the pool is starting
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.001)
    os.killpg(proc.pid, signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=300)
    finally:
        _kill_all(proc, set())
    assert proc.returncode == 130
    assert "Traceback" not in err, err[-800:]


@LINUX
def test_ctrl_c_while_the_pool_starts_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the moment the workers are started (Ctrl-C held back from them there) was
    ignored by the run as well: it went on to the end as if nobody had pressed it. Now it stops
    the run like a Ctrl-C at any other moment: stopped at its first look, after its first
    wait, with the shards finished by then: at most the six a pool of two keeps in flight
    (2 * workers + 2), never all 2,000."""
    import lowball.parallel as made

    real = made._pool

    def pool_with_ctrl_c(size: int) -> Any:
        os.kill(os.getpid(), signal.SIGINT)  # pressed while the pool is being made
        return real(size)

    monkeypatch.setattr(made, "_pool", pool_with_ctrl_c)
    got: list[int] = []
    assert run_shards(parallel_tasks.quick, range(2000), lambda i, r: got.append(r), workers=2) is True
    assert len(got) <= 6 and got == list(range(len(got)))


# -- 6. Ctrl-C waits for whole sessions already queued --------------------------------------------------


@LINUX
def test_ctrl_c_on_workers_stops_promptly() -> None:
    """Ctrl-C while the workers play: the run stops without waiting for the sessions in flight
    (a million hands each), reporting the hands finished: none, as no session has ended."""
    proc = _start("simulate", *_HUGE, "--workers", "2", "--seed", "1", "-q")
    seen = _wait_workers(proc)
    os.killpg(proc.pid, signal.SIGINT)
    try:
        out, _ = proc.communicate(timeout=300)  # a session waited for would take far longer
    finally:
        _kill_all(proc, seen)
    assert proc.returncode == 130
    assert out.startswith("PARTIAL RESULT: stopped by Ctrl-C after 0 hands"), out[:200]
    assert _wait_gone(seen) == []


# -- 7. a second Ctrl-C ------------------------------------------------------------------------------


@LINUX
def test_a_second_ctrl_c_exits_promptly() -> None:
    """A second Ctrl-C while the first one's clean-up runs (the workers being ended) ends the
    command too, without waiting for the sessions in flight."""
    proc = _start("simulate", *_HUGE, "--workers", "2", "--seed", "1", "-q", "--no-timing")
    seen = _wait_workers(proc)
    os.killpg(proc.pid, signal.SIGINT)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGINT)  # at once: while the first is being answered
    try:
        proc.communicate(timeout=300)  # a session waited for would take far longer
        finished = True
    except subprocess.TimeoutExpired:
        finished = False
    seen |= parallel_bots.children(proc.pid)
    _kill_all(proc, seen)
    assert finished and proc.returncode in (1, 130)


# -- 8. SIGTERM leaves the workers behind ------------------------------------------------------------


@LINUX
def test_sigterm_leaves_no_workers() -> None:
    proc = _start("simulate", *_HUGE, "--workers", "2", "--seed", "1", "-q")
    seen = _wait_workers(proc)
    workers = {p for p in seen if "spawn_main" in Path(f"/proc/{p}/cmdline").read_text()}  # not the tracker
    assert len(workers) == 2
    proc.terminate()
    try:
        proc.wait(timeout=300)  # not communicate(): orphaned workers hold the pipes open
        left = _wait_gone(workers)  # each worker's exit, waited for; one orphaned would stay
    finally:
        _kill_all(proc, seen)
    assert proc.returncode == -signal.SIGTERM
    assert not left


# -- 9. a script without the __main__ guard ---------------------------------------------------------------


def test_workers_from_a_script_without_the_main_guard(tmp_path: Path) -> None:
    script = tmp_path / "noguard.py"
    script.write_text(
        "from lowball.simulate import simulate\nfrom lowball.variants import VARIANTS\n"
        "r = simulate(VARIANTS['F2L3D'], ['sensible', 'random'], 200, seed=1, shard_hands=100, workers=2)\n"
        "print('hands', r.hands)\n"
    )
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=25, cwd=tmp_path)
    assert "hands 200" in r.stdout or ("__main__" in r.stderr and "lost 4 times" not in r.stderr)


# -- 10. an executor that is shut down ---------------------------------------------------------------------


def test_a_shut_down_executor_is_a_lowball_error() -> None:
    ex = cf.ThreadPoolExecutor(1)
    ex.shutdown()
    with pytest.raises(LowballError):
        simulate(F2L3D, BOTS, 10, seed=1, executor=ex)


# -- 11. docs ---------------------------------------------------------------------------------------------


def test_readme_gives_the_bench_ratios() -> None:
    assert "DIST_BENCH_PLACEHOLDER" not in ALL_TEXT


def test_simulate_module_docstring_names_the_decks_seed() -> None:
    assert "``SeedSequence(seed, spawn_key=(k,))``" not in (simulate_module.__doc__ or "")


def test_a_rerun_session_removes_only_its_own_stale_temporary_files(tmp_path: Path) -> None:
    """A worker stopped while writing hand 6 (a local pool stops every worker when one dies)
    leaves ``.hand-000006.phh.<hex>.tmp``; the session's rerun removes it, and nothing else."""
    out = tmp_path / "phh"
    out.mkdir()
    stale = [".hand-000006.phh.0fba5367.tmp", ".hand-000001.phh.00000000.tmp"]
    kept = [".hand-000011.phh.0fba5367.tmp", "notes.tmp", ".hand-000006.phh", "hand-000099.phh"]
    for name in stale + kept:
        (out / name).write_text("x")
    simulate(F2L3D, ["random", "calling"], 10, seed=4, phh_dir=out, shard_hands=10)
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(kept + [f"hand-{n:06d}.phh" for n in range(1, 11)])

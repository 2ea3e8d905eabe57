"""A tournament killed with SIGKILL at random moments and resumed each time loses nothing (issue
30): a child process (forked, so lowball is imported once) runs a tournament of bots against a
store (a SQLite file, and a PostgreSQL database of the tests' own cluster, tests/pg_cluster.py),
resuming it (or making it the first time), and after every step writes to a pipe
that it made it, with the check it made: every chip of every table conserved, every player in at
one table (none at two, none at none). The parent kills it after reading a random number of those
acknowledgements (an event of the run, never a time), 20 times, then resumes it and plays it to
the end: the events, places, payouts and ledger are those of the same tournament played in
memory without a kill (the same next move after each resume).

Whether a kill landed inside a write is measured as tests/table/test_table_crash.py does: the child
sets a byte in memory shared with the parent while it is inside a store transaction."""

from __future__ import annotations

import contextlib
import json
import mmap
import os
import random
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import stores_of

from lowball.store import SQLiteStore, SQLStore
from lowball.tournament import Break, Level, SimClock, Structure, Tournament, bot_decider, drive, play_bots
from lowball.variants import VARIANTS

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="needs os.fork and SIGKILL semantics of Linux")

KILLS = 20
PLAYERS = 14  # three tables of 5, 5 and 4 (2-7 seats six): moves, a break, the final table
SEED = 11
BLINDS = [(5, 10), (10, 20), (15, 30), (25, 50), (50, 100), (100, 200), (200, 400), (400, 800), (800, 1600),
          (1600, 3200), (3200, 6400)]  # fmt: skip
STRUCTURE = Structure(
    variant=VARIANTS["F2L3D"],
    starting_stack=300,
    levels=tuple(Level(small_blind=a, big_blind=b, minutes=3) for a, b in BLINDS),
    breaks=(Break(after_level=2, minutes=5, color_up=25),),
    rebuys=1,
    rebuy_levels=1,
    addon_stack=100,
    late_registration=1,
)


def open_store(where: str, flag: mmap.mmap | None = None) -> SQLStore:
    """The store on ``where`` (a file: SQLite; a URL: PostgreSQL, waiting for the tables' locks
    while PostgreSQL ends the killed child's session); with ``flag``, one that marks in shared
    memory whether the process is inside a transaction."""
    if where.startswith("postgresql://"):
        from lowball.postgres import PostgresStore

        base: type[SQLStore] = PostgresStore
        options: dict[str, object] = {"wait": 30.0}
    else:
        base, options = SQLiteStore, {}
    if flag is None:
        return base(where, **options)  # type: ignore[call-arg]

    class MarkedStore(base):  # type: ignore[misc,valid-type]
        @contextlib.contextmanager
        def transaction(self) -> Iterator[None]:
            outer = flag[0] == 0
            if outer:
                flag[0] = 1
            try:
                with super().transaction():
                    yield
            finally:
                if outer:
                    flag[0] = 0

    return MarkedStore(where, **options)  # type: ignore[no-any-return]


def check(t: Tournament) -> None:
    assert t.chips_in_play() == t.chips_issued, (t.chips_in_play(), t.chips_issued)
    seated = [p for table in t.tables.values() for p in (table.player_at(k) for k in range(table.n_seats)) if p]
    if t.started:
        assert sorted(seated) == sorted(t.players_left())  # every player in at one table, none at two


def child(path: str, flag: mmap.mmap, out: int) -> None:
    """Run the tournament until killed, acknowledging each step on ``out`` (one short write)."""
    store = open_store(path, flag)
    clock = SimClock()
    try:
        t = Tournament.resume(store, clock=clock)
    except Exception:  # noqa: BLE001 - none yet (or killed inside its first write)
        t = Tournament(STRUCTURE, seed=SEED, store=store, clock=clock)
    for k in range(PLAYERS):
        if not t.started and f"bot{k + 1}" not in {r["player"] for r in t.ledger}:
            t.register(f"bot{k + 1}")
            os.write(out, b'{"step": "register"}\n')
    if not t.started:
        t.start()
    clock.now = t.last_clock or 0.0
    steps = [0]

    def on_step(t: Tournament) -> None:
        check(t)
        steps[0] += 1
        os.write(out, (json.dumps({"hands": t.hands_played, "events": len(t.events)}) + "\n").encode())

    decide = bot_decider(STRUCTURE.variant, SEED)
    while not t.finished:
        if t.round_over and t.break_until is None:
            clock.now = max(clock.now, (t.last_clock or 0.0) + 60.0)
        if not t.step(decide):
            clock.now = max(clock.now, t.break_until or clock.now)
            continue
        on_step(t)
    os.write(out, b'{"finished": true}\n')


def run_child(path: str, flag: mmap.mmap, kill_after: int) -> tuple[int, list[dict[str, object]], bool]:
    """Fork a child; kill it once it has acknowledged ``kill_after`` steps (or let it finish)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 0
        try:
            os.close(r)
            child(path, flag, w)
        except BaseException as e:  # noqa: BLE001 - reported to the parent, which fails the test
            with contextlib.suppress(OSError):
                os.write(w, (json.dumps({"error": repr(e)}) + "\n").encode())
            code = 1
        os._exit(code)
    os.close(w)
    data = b""
    with os.fdopen(r, "rb", buffering=0) as f:
        while data.count(b"\n") < kill_after:
            chunk = f.read(65536)
            if not chunk:
                break
            data += chunk
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        data += f.read()
    in_write = flag[0] == 1
    flag[0] = 0
    lines = [json.loads(line) for line in data.decode().splitlines() if line]
    return status, lines, in_write


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_sigkill_at_random_moments_loses_nothing(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    reference = play_bots(STRUCTURE, PLAYERS, seed=SEED)
    assert reference.finished
    path = stores_of(kind, request, tmp_path).where
    flag = mmap.mmap(-1, 1)
    rng = random.Random(30)
    kills = in_write = acks = 0
    for i in range(KILLS):
        status, lines, was_writing = run_child(path, flag, rng.randint(1, 60))
        errors = [x["error"] for x in lines if "error" in x]
        assert not errors, f"run {i}: the child failed: {errors}"
        if any(x.get("finished") for x in lines):
            break
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        kills += 1
        in_write += was_writing
        acks += len(lines)
    assert kills == KILLS  # the tournament outlasts the kills
    store = open_store(path)
    request.addfinalizer(store.close)
    clock = SimClock()
    t = Tournament.resume(store, clock=clock)
    check(t)
    assert t.hands_played >= 1
    drive(t, clock, bot_decider(STRUCTURE.variant, SEED), 60.0, on_hand=check)
    assert t.finished
    assert [e.to_dict() for e in t.events] == [e.to_dict() for e in reference.events]
    assert t.results() == reference.results()
    assert t.ledger == reference.ledger
    assert sum(r["prize"] for r in t.results()) == t.prize_pool
    print(
        f"\ntournament crash test ({kind}): {kills} kills, {in_write} inside a store transaction, "
        f"{acks} steps acknowledged"
    )

"""The crash test of issue 13: a child process (forked from this one, so lowball is imported once)
runs a table of five bots against a SQLite file (resuming it, or creating it the first time),
plays, sits players out and in, adds chips, lets a fake clock run past deadlines so timeouts
happen, and after each accepted change writes what was acknowledged to a pipe. The parent kills
it with SIGKILL at random moments, 1-50 ms after it starts acting, and starts it again, at least
200 times. Then: every acknowledged change and hand is stored, hands are numbered 1..N once each,
chips are conserved hand by hand and over the table, every hand replays from its PHH to its
recorded stacks, and the final table resumes to a valid state.

Whether a kill landed inside a write is measured by the child: it sets a byte in memory shared
with the parent (an anonymous shared mmap) while it is inside ``SQLiteStore.transaction`` (from
before BEGIN to after COMMIT), and the parent reads the byte after the child died."""

from __future__ import annotations

import contextlib
import json
import mmap
import os
import random
import select
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from crash_stores import crash_store
from table_play import make_bots, step

import lowball.phh
from lowball.store import SQLStore
from lowball.table import PercentRake, Table
from lowball.variants import VARIANTS

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="needs os.fork and SIGKILL semantics of Linux (the crash test of issue 13)"
)

VARIANT = VARIANTS["F2L3D"]
SEATS = 5
KILLS = 200
TABLE = "crash"
RAKE = PercentRake(10, cap=3)  # 10% of a pot that reached the draw, at most 3 chips


def open_store(kind: str, where: str) -> SQLStore:
    """A store of ``kind`` on ``where`` (``where`` says which: a file or a PostgreSQL URL)."""
    return crash_store(where)


def marked(kind: str, where: str, flag: mmap.mmap) -> SQLStore:
    """A store of ``kind`` that marks in shared memory whether the process is inside a transaction."""
    return crash_store(where, flag)


def stored(kind: str, where: str, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Rows read afresh from the database (a store of its own, closed after)."""
    store = open_store(kind, where)
    try:
        return [tuple(r) for r in store._run(sql, args).fetchall()]
    finally:
        store.close()


def child(kind: str, where: str, flag: mmap.mmap, out: int, seed: int) -> None:
    """Run the table until killed; each accepted change is acknowledged on ``out`` as a JSON line
    {"op": n, "hands": finished hands} (one write, under PIPE_BUF: atomic)."""
    store = marked(kind, where, flag)
    if store.load(TABLE) is None:
        table = Table(
            VARIANT, seats=SEATS, table_id=TABLE, store=store, seed=None, action_seconds=5.0, time_bank=2.0, rake=RAKE
        )
        for k in range(SEATS):
            table.sit(k, f"p{k + 1}", 40, now=0.0)
    else:
        table = Table.resume(store, TABLE)
    rng = random.Random(seed)
    bots = make_bots(VARIANT, SEATS, seed)
    snap = table.snapshot()
    now = max(snap["turn_started"] or 0.0, snap["hand_ended"] or 0.0)

    def ack() -> None:
        finished = table.hand_number - (1 if table.in_hand else 0)
        os.write(out, (json.dumps({"op": table.snapshot()["op"], "hands": finished}) + "\n").encode())

    os.write(out, b"start\n")
    while True:
        now += 1.0
        r = rng.random()
        k = rng.randrange(SEATS)
        info = table.seats[k]
        assert info is not None
        if r < 0.03 and info.status != "sitting_out":
            table.sit_out(k, now=now)
        elif r < 0.10 and info.status == "sitting_out":
            if info.chips == 0:
                table.add_chips(k, 40, now=now)
                ack()
            table.sit_in(k, post=rng.random() < 0.5 and "post" in table.ways_in(info.player), now=now)
        elif r < 0.13 and table.in_hand:
            now += 10.0  # past the decision's time and the time bank: timeouts
            if not table.tick(now):
                continue
        elif not step(table, bots, now):
            continue
        ack()


def run_child(
    kind: str, where: str, flag: mmap.mmap, seed: int, delay: float
) -> tuple[int, list[dict[str, Any]], bool]:
    """Fork a child, kill it 1-50 ms after it starts acting; returns (pid status, acknowledgements,
    whether it was inside a transaction when killed)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 0
        try:
            os.close(r)
            child(kind, where, flag, w, seed)
        except BaseException as e:  # noqa: BLE001 - reported to the parent, which fails the test
            with contextlib.suppress(OSError):
                os.write(w, (json.dumps({"error": repr(e)}) + "\n").encode())
            code = 1
        os._exit(code)
    os.close(w)
    data = b""
    deadline = time.monotonic() + 20.0
    while b"start\n" not in data and b"error" not in data:
        ready, _, _ = select.select([r], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, "the child did not start within 20 s"
        chunk = os.read(r, 65536)
        if not chunk:
            break
        data += chunk
    time.sleep(delay)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    in_write = flag[0] == 1
    flag[0] = 0
    while chunk := os.read(r, 65536):
        data += chunk
    os.close(r)
    lines = [json.loads(line) for line in data.decode().splitlines() if line and line != "start"]
    return status, lines, in_write


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_sigkill_at_random_moments_loses_no_acknowledged_change(
    request: pytest.FixtureRequest, tmp_path: Path, kind: str
) -> None:
    where = str(tmp_path / "crash.db") if kind == "sqlite" else request.getfixturevalue("postgres_url")
    flag = mmap.mmap(-1, 1)  # anonymous and shared: the child's writes are seen here
    rng = random.Random(13)
    acked_op = 0
    acked_hands = 0
    in_write = 0
    acks = 0
    started = time.monotonic()
    for i in range(KILLS):
        status, lines, was_writing = run_child(kind, where, flag, rng.randrange(2**32), rng.uniform(0.001, 0.050))
        errors = [x["error"] for x in lines if "error" in x]
        assert not errors, f"run {i}: the child failed: {errors}"
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, f"run {i}: {status}"
        for x in lines:
            assert x["op"] > acked_op  # every change acknowledged is a new one
            acked_op = max(acked_op, x["op"])
            acked_hands = max(acked_hands, x["hands"])
        acks += len(lines)
        in_write += was_writing
        # what was acknowledged survived the kill: the last change stored (the snapshot of the
        # last checkpoint, and the records after it, which a resume replays)
        last = stored(kind, where, "SELECT MAX(op) FROM changes WHERE table_id = ?", (TABLE,))[0][0]
        assert (last or 0) >= acked_op
    elapsed = time.monotonic() - started

    store = open_store(kind, where)
    table = Table.resume(store, TABLE)
    snap = table.snapshot()
    assert snap["op"] >= acked_op
    # every change is stored once, numbered 1..op without a gap
    ops = [r[0] for r in stored(kind, where, "SELECT op FROM changes WHERE table_id = ? ORDER BY op", (TABLE,))]
    assert ops == list(range(1, snap["op"] + 1))
    hands = store.hands(TABLE)
    numbers = [h["number"] for h in hands]
    raked = 0
    finished = table.hand_number - (1 if table.in_hand else 0)
    assert numbers == list(range(1, finished + 1))
    assert finished >= acked_hands >= 20
    for h in hands:
        assert sum(h["starting_stacks"]) == sum(h["finishing_stacks"]) + h["rake"], h["number"]
        history = lowball.phh.loads(h["phh"])
        assert list(history.starting_stacks) == h["starting_stacks"]
        played = history.play()
        shares = [a - b for a, b in zip(played.stacks, h["finishing_stacks"])]
        assert all(s >= 0 for s in shares) and sum(shares) == h["rake"] == history.fields["_lowball_rake"]
        # the rake by the policy's rule, from the replayed hand
        expected = min(sum(played.winnings) * 10 // 100, 3) if played.draw_round >= 1 else 0
        assert h["rake"] == expected, h["number"]
        raked += h["rake"] > 0
    assert raked >= 5
    # chips brought, counted from the stored change records (not the table's counter)
    records = [json.loads(r[0]) for r in stored(kind, where, "SELECT record FROM changes")]
    brought = sum(r["chips"] for r in records if r["kind"] == "sit") + sum(
        r["amount"] for r in records if r["kind"] == "chips"
    )
    assert brought == table.chips_in >= SEATS * 40
    assert sum(r["kind"] == "tick" for r in records) >= 10  # timeouts happened
    assert sum(r["kind"] == "sit_out" for r in records) >= 10
    assert table.rake_total == sum(h["rake"] for h in hands)
    assert table.chips_in == table.chips_at_table() + table.rake_total + table.chips_out
    if table.in_hand:
        table.hand_state().validate()
    # the table plays on after the last kill
    bots = make_bots(VARIANT, SEATS, 1)
    for _ in range(30):
        step(table, bots, (snap["turn_started"] or snap["hand_ended"] or 0.0) + 1.0)
    assert table.chips_in == table.chips_at_table() + table.rake_total + table.chips_out
    store.close()
    print(
        f"\ncrash test ({kind}): {KILLS} kills in {elapsed:.1f} s, {in_write} inside a store transaction, "
        f"{acks} changes acknowledged, {snap['op']} stored, {finished} hands"
    )
    assert in_write >= 1  # the kills do land inside writes

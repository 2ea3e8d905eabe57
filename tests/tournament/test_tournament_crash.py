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
from pathlib import Path

import pytest
from conftest import stores_of
from crash_stores import crash_store
from tournament_case import PLAYERS, SEED, STRUCTURE

from lowball.tournament import (
    SimClock,
    Tournament,
    TournamentError,
    bot_decider,
    drive,
    play_bots,
)
from lowball.wallet import PlayChipsWallet

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="needs os.fork and SIGKILL semantics of Linux")

KILLS = 20
STARTING = 1000  # each account's play chips


def check(t: Tournament) -> None:
    assert t.chips_in_play() == t.chips_issued, (t.chips_in_play(), t.chips_issued)
    seated = [p for table in t.tables.values() for p in (table.player_at(k) for k in range(table.n_seats)) if p]
    if t.started:
        assert sorted(seated) == sorted(t.players_left())  # every player in at one table, none at two


class KillingWallet(PlayChipsWallet):
    """A wallet that SIGKILLs its process just after its ``kill_at``-th movement (0: never):
    after a debit, before the step that made it is stored; after a prize, before anything
    else is written."""

    kill_at = 0

    def _moved(self) -> None:
        KillingWallet.kill_at -= 1
        if KillingWallet.kill_at == 0:
            os.kill(os.getpid(), signal.SIGKILL)

    def debit(self, player: str, amount: int, key: str) -> None:
        super().debit(player, amount, key)
        self._moved()

    def credit(self, player: str, amount: int, key: str) -> None:
        super().credit(player, amount, key)
        self._moved()


def child(path: str, purse: Path, flag: mmap.mmap, out: int, wallet_kill: int) -> None:
    """Run the tournament until killed, acknowledging each step on ``out`` (one short write);
    first, on resuming, how the wallet and the ledger differ (nothing, after the resume)."""
    store = crash_store(path, flag)
    wallet = KillingWallet(purse, starting=STARTING)
    clock = SimClock()
    try:
        t = Tournament.resume(store, clock=clock, wallet=wallet)
        os.write(out, (json.dumps({"reconcile": [repr(d) for d in t.reconcile()]}) + "\n").encode())
    except TournamentError:  # none yet (or killed inside its first write)
        t = Tournament(STRUCTURE, seed=SEED, store=store, clock=clock, wallet=wallet)
    KillingWallet.kill_at = wallet_kill
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


def run_child(
    path: str, purse: Path, flag: mmap.mmap, kill_after: int, wallet_kill: int
) -> tuple[int, list[dict[str, object]], bool]:
    """Fork a child; kill it once it has acknowledged ``kill_after`` steps (or let it finish),
    unless its wallet kills it first (after its ``wallet_kill``-th movement)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 0
        try:
            os.close(r)
            child(path, purse, flag, w, wallet_kill)
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
    purse = tmp_path / "wallet.db"
    flag = mmap.mmap(-1, 1)
    rng = random.Random(30)
    kills = in_write = acks = by_wallet = 0
    for i in range(KILLS):
        # every third run is killed by its wallet, just after one of its first movements
        wallet_kill = rng.randint(1, 3) if i % 3 == 0 else 0
        kill_after = rng.randint(1, 60)
        status, lines, was_writing = run_child(path, purse, flag, kill_after, wallet_kill)
        errors = [x["error"] for x in lines if "error" in x]
        assert not errors, f"run {i}: the child failed: {errors}"
        differences = [x["reconcile"] for x in lines if "reconcile" in x]
        assert differences in ([], [[]]), f"run {i}: the resumed tournament and its wallet disagree: {differences}"
        if any(x.get("finished") for x in lines):
            break
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        kills += 1
        by_wallet += wallet_kill > 0 and len(lines) < kill_after
        in_write += was_writing
        acks += len(lines)
    assert kills == KILLS  # the tournament outlasts the kills
    store = crash_store(path)
    request.addfinalizer(store.close)
    clock = SimClock()
    wallet = PlayChipsWallet(purse, starting=STARTING)
    request.addfinalizer(wallet.close)
    t = Tournament.resume(store, clock=clock, wallet=wallet)
    assert t.reconcile() == []
    check(t)
    assert t.hands_played >= 1
    drive(t, clock, bot_decider(STRUCTURE.variant, SEED), 60.0, on_hand=check)
    assert t.finished
    assert [e.to_dict() for e in t.events] == [e.to_dict() for e in reference.events]
    assert t.results() == reference.results()
    assert [{k: v for k, v in e.items() if k != "key"} for e in t.ledger] == list(reference.ledger)
    assert sum(r["prize"] for r in t.results()) == t.prize_pool
    assert t.reconcile() == []  # every entry, rebuy and add-on taken once, every prize paid once
    for r in t.results():
        paid = STRUCTURE.buy_in + STRUCTURE.fee + STRUCTURE.buy_in * (r["rebuys"] + r["addon"])
        assert wallet.balance(r["player"]) == STARTING - paid + r["prize"]
    voids = [m for m in wallet.movements("tournament:") if m.key.endswith(":void")]
    assert voids  # a debit whose step was never stored was given back (the first run's, at least)
    print(
        f"\ntournament crash test ({kind}): {kills} kills, {by_wallet} by the wallet, {in_write} inside a store "
        f"transaction, {acks} steps acknowledged, {len(voids)} debits given back"
    )

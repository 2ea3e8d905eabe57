"""lowball.store: SQLiteStore on its own (the file it makes, the files it refuses, untouched) and
under a Table (resume rebuilds the table exactly, mid-hand and between hands, seeded or on a
secure deck whose stub was reshuffled; a resumed table plays on as one that never stopped; a
repeated seq gets the stored answer; old events come from the store; a failed write leaves the
table as it was), and a custom dict-backed Store behind the same interface (issue 13)."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import re
import socket
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from conftest import Stores, stores_of
from table_play import DictStore, DrawFive, all_events, make_bots, sit_all, state_of, step

from lowball.cards import parse_cards
from lowball.errors import SeqError, StoreError, TableError, WalletError
from lowball.store import APPLICATION_ID, SCHEMA_VERSION, SQLiteStore, Store
from lowball.table import PercentRake, Table
from lowball.variants import VARIANTS
from lowball.wallet import MemoryWallet

TRIPLE = VARIANTS["F2L3D"]  # fixed-limit triple draw: small bet 2 (BuyIn.default: 20 chips)


def lowball_file(path: Path, hands: int = 3, wal: bool = False) -> None:
    """A lowball database holding a table that played ``hands`` hands, checkpointed into the
    main file and closed (no -wal left)."""
    store = SQLiteStore(path)
    t = Table(TRIPLE, seats=4, store=store, seed=5)
    sit_all(t, 100)
    bots = make_bots(TRIPLE, 4, 5)
    now = 0.0
    while t.hand_number < hands or t.in_hand:
        now += 1
        assert step(t, bots, now)
    store.close()
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    if not wal:
        con.execute("PRAGMA journal_mode=DELETE")  # the main file alone holds everything
    con.close()
    assert not Path(f"{path}-wal").exists()


# -- the file --------------------------------------------------------------------------------


def test_new_file_is_a_wal_lowball_database(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    store = SQLiteStore(path)
    assert store.path == str(path)
    store.close()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("PRAGMA application_id").fetchone()[0] == 0x4C4F5742 == APPLICATION_ID
    assert con.execute("PRAGMA user_version").fetchone()[0] == 3 == SCHEMA_VERSION
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names == {"tables", "changes", "hands", "ledger", "wallet_outbox"}  # schema 3: the events in `changes`
    columns = [r[1] for r in con.execute("PRAGMA table_info(changes)")]
    assert columns == ["table_id", "op", "seq", "kind", "record", "first_event", "last_event", "events"]
    assert con.execute("PRAGMA page_size").fetchone()[0] == 1024  # a change writes pages of 1 kB
    con.close()
    assert isinstance(SQLiteStore(path), Store)


def test_a_second_store_on_the_database_reads_the_tables(stores: Stores) -> None:
    first = stores.new()
    tables = []
    for name in ("b", "a"):
        t = Table(TRIPLE, seats=3, store=first, table_id=name, seed=1)
        sit_all(t, 50)
        t.deal(now=1.0)
        tables.append(t)
    second = stores.new()
    assert second.table_ids() == ["a", "b"]
    for t in tables:
        loaded = second.load(t.table_id)
        assert loaded is not None
        assert loaded["snapshot"] == t.snapshot()
        stores.let_go(first, t.table_id)
        assert state_of(Table.resume(second, t.table_id)) == state_of(t)
    assert second.load("c") is None
    with pytest.raises(StoreError, match="holds no table 'c'"):
        Table.resume(second, "c")


def test_create_of_an_existing_table_id_is_refused(stores: Stores) -> None:
    store = stores.new()
    t = Table(TRIPLE, seats=2, store=store, table_id="main")
    before = store.load("main")
    with pytest.raises(StoreError, match=r"already holds table 'main'"):
        Table(TRIPLE, seats=2, store=store, table_id="main")
    with pytest.raises(StoreError, match=r"already holds table 'main'"):
        store.create("main", {"other": 1})
    with pytest.raises(StoreError, match=r"already holds table 'main'"):
        Table(TRIPLE, seats=2, store=stores.new(), table_id="main")
    assert store.load("main") == before
    assert store.table_ids() == ["main"]
    assert t.seq == 0


# -- files refused, left as they were ----------------------------------------------------------


def _text(p: Path) -> None:
    p.write_text("name,chips\nalice,100\n")


def _one_byte(p: Path) -> None:
    p.write_bytes(b"x")  # SQLite alone takes it for an empty database and writes over it


def _random(p: Path) -> None:
    p.write_bytes(random.Random(3).randbytes(8192))


def _truncated(p: Path) -> None:
    lowball_file(p)
    data = p.read_bytes()
    assert len(data) >= 4 * 4096
    p.write_bytes(data[: len(data) // 2 + 100])


def _truncated_wal(p: Path) -> None:
    lowball_file(p, wal=True)  # as a table leaves it: the header says WAL mode
    data = p.read_bytes()
    assert data[18:20] == b"\x02\x02"
    p.write_bytes(data[: len(data) // 2 + 100])


def _corrupt(p: Path) -> None:
    lowball_file(p)
    data = bytearray(p.read_bytes())
    middle = len(data) // 2
    data[middle - 600 : middle + 600] = random.Random(4).randbytes(1200)
    p.write_bytes(bytes(data))


def _foreign(p: Path) -> None:
    con = sqlite3.connect(p)
    con.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    con.execute("INSERT INTO invoices VALUES (1, 9.5)")
    con.commit()
    con.close()


def _foreign_named_like_ours(p: Path) -> None:
    con = sqlite3.connect(p)
    con.execute("CREATE TABLE tables (table_id TEXT, snapshot TEXT)")
    con.commit()
    con.close()


def _newer(p: Path) -> None:
    lowball_file(p, hands=1)
    con = sqlite3.connect(p)
    con.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    con.close()


BAD_FILES = {
    "text": (_text, "not a SQLite database"),
    "one byte": (_one_byte, r"not a SQLite database: it does not start with b'SQLite format 3\\x00'"),
    "random bytes": (_random, "not a SQLite database"),
    "truncated": (_truncated, "damaged lowball database"),
    "truncated, in WAL mode": (_truncated_wal, "damaged lowball database"),
    "corrupted page": (_corrupt, "damaged lowball database"),
    "another program's": (_foreign, r"another program: application_id 0, tables \['invoices'\]"),
    "another program's, a table named like ours": (_foreign_named_like_ours, "another program"),
    "newer schema": (_newer, f"schema {SCHEMA_VERSION + 1}, newer than this lowball's {SCHEMA_VERSION}"),
}


@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_file_is_refused_and_left_byte_for_byte(tmp_path: Path, kind: str) -> None:
    make, words = BAD_FILES[kind]
    path = tmp_path / "bad.db"
    make(path)
    os.utime(path, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
    data = path.read_bytes()
    stat = path.stat()
    names = sorted(os.listdir(tmp_path))
    with pytest.raises(StoreError) as info:
        SQLiteStore(path)
    message = str(info.value)
    assert message.startswith(f"{path}: ")
    assert "left unchanged" in message
    assert re.search(words, message), message
    assert path.read_bytes() == data
    after = path.stat()
    assert (after.st_mtime_ns, after.st_size, after.st_mode) == (stat.st_mtime_ns, stat.st_size, stat.st_mode)
    # no -wal or -shm companion is left behind either
    assert sorted(os.listdir(tmp_path)) == names


def test_a_directory_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "dir.db"
    path.mkdir()
    (path / "inside").write_text("x")
    before = path.stat().st_mtime_ns
    with pytest.raises(StoreError, match=rf"^{path}: is a directory"):
        SQLiteStore(path)
    assert sorted(os.listdir(path)) == ["inside"]
    assert path.stat().st_mtime_ns == before
    assert sorted(os.listdir(tmp_path)) == ["dir.db"]


# -- resume ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [11, None], ids=["seeded", "secure"])
def test_resume_rebuilds_the_table_exactly(stores: Stores, seed: int | None) -> None:
    """Six players throwing five cards at every draw: the stub runs out in each hand. After every
    change a second store on the file resumes the table: its snapshot and every seat's events
    are the running table's, mid-hand (before and after a reshuffle) and between hands."""
    store = stores.new()
    t = Table(TRIPLE, seats=6, store=store, seed=seed)
    sit_all(t, 200)
    bots = [DrawFive() for _ in range(6)]
    now = 0.0
    seen = {"between": 0, "mid": 0, "reshuffled": 0}
    while t.hand_number < 3 or t.in_hand:
        now += 1.0
        assert step(t, bots, now)
        if t.in_hand:
            seen["mid"] += 1
            seen["reshuffled"] += t.hand_state().deck.reshuffles > 0
        else:
            seen["between"] += 1
        other = stores.new()
        stores.let_go(store)
        resumed = Table.resume(other, "table")
        assert state_of(resumed) == state_of(t)
        if resumed.in_hand:
            resumed.hand_state().validate()
            assert resumed.hand_state().to_dict() == t.hand_state().to_dict()
        other.close()
    assert seen["between"] == 3  # the end of each hand (stacks stay above the blinds)
    assert seen["reshuffled"] >= 3 and seen["mid"] > seen["reshuffled"]


def _reference_run(seed: int, stops: set[int], stores: Stores | None) -> list[dict[str, Any]]:
    """Play 4 seats of built-in bots for 260 steps with sit-outs, sit-ins, chips added and a
    timeout now and then; when ``store_path`` is given, the table is resumed from a fresh store
    at each step in ``stops`` (the bots are the same objects: they hold their own generators).
    Returns the state after every step."""
    store = stores.new() if stores is not None else None
    t = Table(TRIPLE, seats=4, store=store, seed=seed, action_seconds=5.0, time_bank=3.0)
    sit_all(t, 60)
    bots = make_bots(TRIPLE, 4, seed)
    rng = random.Random(seed)
    now = 0.0
    states = []
    for i in range(260):
        if stores is not None and i in stops:
            store.close()  # the process stops; another starts on the database
            store = stores.new()
            t = Table.resume(store, "table")
        now += 1.0
        r = rng.random()
        seat = rng.randrange(4)
        info = t.seats[seat]
        if r < 0.04 and info is not None and info.status != "sitting_out":
            t.sit_out(seat, now=now)
        elif r < 0.10 and info is not None and info.status == "sitting_out" and info.chips > 0:
            t.sit_in(seat, post=rng.random() < 0.5 and "post" in t.ways_in(info.player), now=now)
        elif r < 0.13 and info is not None:
            t.add_chips(seat, 20, now=now)
        elif r < 0.17 and t.in_hand:
            now += 20.0
            t.tick(now)
        else:
            step(t, bots, now)
        states.append({**state_of(t), "repr": repr(t)})
    return states


def test_a_resumed_table_plays_on_as_one_that_never_stopped(stores: Stores) -> None:
    plain = _reference_run(21, set(), None)
    stops = set(range(3, 260, 7))
    resumed = _reference_run(21, stops, stores)
    assert len(plain) == len(resumed) == 260
    for i, (a, b) in enumerate(zip(plain, resumed)):
        assert a == b, f"step {i}"
    last = plain[-1]["snapshot"]
    assert last["hand_number"] >= 8
    kinds = {e["kind"] for e in plain[-1]["events"][0]}
    # the run did what it is meant to test (events of the last kept hands)
    assert {"hand_start", "hand_end"} <= kinds


def test_a_repeated_seq_after_resume_gets_the_stored_answer(stores: Stores) -> None:
    store = stores.new()
    t = Table(TRIPLE, seats=3, store=store, seed=2)
    sit_all(t, 60)
    t.deal(now=1.0)
    seat = t.actor
    assert seat is not None
    seq = t.seq
    answer = t.act(seat, {"kind": "call"}, seq=seq, now=2.0)
    assert not answer.repeated
    before = state_of(t)
    changes = stores.count("SELECT COUNT(*) FROM changes")
    stores.let_go(store)
    resumed = Table.resume(stores.new(), "table")
    again = resumed.act(seat, {"kind": "call"}, seq=seq, now=3.0)
    assert again.repeated
    assert (again.seq, again.seat, again.kind) == (seq, seat, "act")
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in answer.events]
    assert state_of(resumed) == before
    assert stores.count("SELECT COUNT(*) FROM changes") == changes
    # a different action with that seq is stale, not a repeat
    with pytest.raises(SeqError, match=f"seq {seq} is stale"):
        resumed.act(seat, {"kind": "fold"}, seq=seq, now=3.0)
    assert state_of(resumed) == before


def test_old_events_after_resume_come_from_the_store(stores: Stores) -> None:
    store = stores.new()
    t = Table(TRIPLE, seats=4, store=store, seed=9, keep_hands=1)
    sit_all(t, 100)
    bots = make_bots(TRIPLE, 4, 9)
    seen: dict[int | None, list[dict[str, Any]]] = {k: [] for k in (None, 0, 1, 2, 3)}
    now = 0.0
    while t.hand_number < 4 or t.in_hand:
        now += 1.0
        assert step(t, bots, now)
        for k, got in seen.items():  # what a client of each seat received, as it happened
            got.extend(e.to_dict() for e in t.events_for(k, since=got[-1]["number"] if got else 0))
    snap = t.snapshot()
    assert snap["events_from"] > 1  # the first hands' events are no longer in memory
    stores.let_go(store)
    resumed = Table.resume(stores.new(), "table")
    assert resumed.snapshot()["events_from"] == snap["events_from"]
    for k, got in seen.items():
        assert [e.to_dict() for e in resumed.events_for(k, since=0)] == got
        middle = got[len(got) // 3]["number"]
        assert [e.to_dict() for e in resumed.events_for(k, since=middle)] == [e for e in got if e["number"] > middle]
    # a seat's own cards are in its events, and hidden in the others'
    deals = [e for e in seen[0] if e["kind"] == "deal" and e["seat"] == 0]
    assert deals and all(len(parse_cards(e["cards"])) == e["count"] == 5 for e in deals)
    assert all(e["cards"] == "" for e in seen[1] if e["kind"] == "deal" and e["seat"] == 0)


# -- a failed write ------------------------------------------------------------------------------


class Failing:
    """A store that fails on demand after the inner store wrote (so the write must be undone)."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.fail: str | None = None

    def transaction(self) -> contextlib.AbstractContextManager[None]:
        return self.inner.transaction()

    def create(self, table_id: str, snapshot: dict[str, Any]) -> None:
        self.inner.create(table_id, snapshot)

    def save_action(
        self, table_id: str, record: dict[str, Any], events: list[dict[str, Any]], snapshot: dict[str, Any]
    ) -> None:
        self.inner.save_action(table_id, record, events, snapshot)
        if self.fail == "action":
            raise StoreError("disk full (a test)")

    def save_hand(self, table_id: str, hand: dict[str, Any]) -> None:
        self.inner.save_hand(table_id, hand)
        if self.fail == "hand":
            raise OSError(28, "No space left on device (a test)")

    def load(self, table_id: str) -> dict[str, Any] | None:
        return self.inner.load(table_id)

    def events(self, table_id: str, since: int = 0) -> list[dict[str, Any]]:
        return self.inner.events(table_id, since)  # type: ignore[attr-defined,no-any-return]


def _sit(t: Table, bots: Any, now: float) -> None:
    for k in range(t.n_seats):
        if t.seats[k] is None:
            t.sit(k, f"new{int(now)}", 40, now=now)
            return
    raise TableError("no empty seat")


def _leave(t: Table, bots: Any, now: float) -> None:
    taken = [k for k in range(t.n_seats) if t.seats[k] is not None]
    if len(taken) <= 3:
        raise TableError("keep three players")
    t.leave(taken[int(now) % len(taken)], now=now)


def _sit_out(t: Table, bots: Any, now: float) -> None:
    t.sit_out(int(now) % t.n_seats, now=now)


def _sit_in(t: Table, bots: Any, now: float) -> None:
    t.sit_in(int(now) % t.n_seats, post=bool(int(now) % 2), now=now)


def _tick(t: Table, bots: Any, now: float) -> None:
    if not t.tick(now + 1000.0):
        raise TableError("nothing due")


CHANGES = {
    "sit": _sit,
    "sit_out": _sit_out,
    "sit_in": _sit_in,
    "chips": lambda t, bots, now: t.add_chips(int(now) % t.n_seats, 10, now=now),
    "leave": _leave,
    "step": lambda t, bots, now: step(t, bots, now) or (_ for _ in ()).throw(TableError("nothing to do")),
    "tick": _tick,
}


@pytest.mark.parametrize("inner", ["sqlite", "postgres", "dict"])
def test_a_failed_write_of_any_change_leaves_the_table_as_it_was(
    request: pytest.FixtureRequest, tmp_path: Path, inner: str
) -> None:
    """Every kind of change (sit, sit out, sit in, chips, leave, an action or a deal, a timeout),
    made while the store fails inside save_action (after writing): the error propagates, the
    table and the store are as before; made again with the store working, it is stored."""
    base: Store = DictStore() if inner == "dict" else stores_of(inner, request, tmp_path).new()
    store = Failing(base)
    t = Table(TRIPLE, seats=4, store=store, seed=4, action_seconds=5.0, time_bank=0.0)
    for k in range(3):
        t.sit(k, f"p{k + 1}", 60, now=0.0)
    bots = make_bots(TRIPLE, 4, 4)
    rng = random.Random(4)
    now = 0.0
    failed: dict[str, int] = {name: 0 for name in CHANGES}
    for _ in range(150):
        now += 1.0
        name = rng.choice(list(CHANGES))
        before = state_of(t)
        saved_bots = copy.deepcopy(bots)
        store.fail = "action"
        try:
            CHANGES[name](t, bots, now)
        except StoreError as e:
            assert "disk full" in str(e)
            failed[name] += 1
        except TableError:  # a change that cannot be made now (a taken seat, ...): checked first
            pass
        assert state_of(t) == before, name
        assert state_of(Table.resume(base, "table")) == before, name
        bots = saved_bots
        store.fail = None
        try:
            CHANGES[name](t, bots, now)
        except TableError:
            assert state_of(t) == before
        assert state_of(Table.resume(base, "table")) == state_of(t), name
    assert t.hand_number >= 2
    assert all(n >= 3 for n in failed.values()), failed


@pytest.mark.parametrize("inner", ["sqlite", "postgres", "dict"])
def test_each_failed_change_is_undone_then_done(request: pytest.FixtureRequest, tmp_path: Path, inner: str) -> None:
    """Every change fails once (the table and the store stay as they were, the error propagates),
    then is made again and gives what a table that never failed gives."""
    base: Store = DictStore() if inner == "dict" else stores_of(inner, request, tmp_path).new()
    store = Failing(base)
    t = Table(TRIPLE, seats=4, store=store, seed=8)
    ref = Table(TRIPLE, seats=4, seed=8)
    for table in (t, ref):
        for k in range(3):
            table.sit(k, f"p{k + 1}", 60, now=0.0)
    bots = make_bots(TRIPLE, 4, 8)
    ref_bots = make_bots(TRIPLE, 4, 8)
    now = 0.0
    hands_failed = 0
    for _ in range(120):
        now += 1.0
        before = state_of(t)
        saved_bots = copy.deepcopy(bots)
        hand_before = t.hand_number
        store.fail = "action"
        with pytest.raises(StoreError, match="disk full"):
            step(t, bots, now)
        assert state_of(t) == before
        assert state_of(Table.resume(base, "table")) == before
        bots = saved_bots
        if t.in_hand:
            # the change may end the hand: then save_hand fails too
            store.fail = "hand"
            probe = copy.deepcopy(bots)
            try:
                step(t, probe, now)
            except OSError:
                hands_failed += 1
                assert state_of(t) == before
                assert state_of(Table.resume(base, "table")) == before
            else:
                assert t.hand_number == hand_before
                bots = probe
                step(ref, ref_bots, now)
                assert all_events(t) == all_events(ref)
                continue
        store.fail = None
        step(t, bots, now)
        step(ref, ref_bots, now)
        assert all_events(t) == all_events(ref)
        assert t.snapshot() == ref.snapshot()
    assert hands_failed >= 2


def test_a_custom_store_backs_a_table_and_its_resume() -> None:
    """The interface the docs promise: a dict-backed Store, written in the tests."""
    store = DictStore()
    assert isinstance(store, Store)
    t = Table(TRIPLE, seats=6, store=store, seed=None, table_id="t1")
    sit_all(t, 200)
    bots = [DrawFive() for _ in range(6)]
    now = 0.0
    resumes = 0
    while t.hand_number < 2 or t.in_hand:
        now += 1.0
        assert step(t, bots, now)
        resumed = Table.resume(store, "t1")
        assert state_of(resumed) == state_of(t)
        resumes += 1
        if resumes % 5 == 0:
            t = resumed  # play on with the resumed one
    assert sorted(store.data["t1"]["hands"]) == [1, 2]
    with pytest.raises(StoreError):
        Table(TRIPLE, seats=6, store=store, table_id="t1")
    assert t.last_phh is not None and store.data["t1"]["hands"][2]["phh"] == t.last_phh


def test_the_stored_snapshot_keeps_the_events_the_table_keeps(stores: Stores) -> None:
    first = stores.new()
    t = Table(TRIPLE, seats=3, store=first, seed=3, keep_hands=1)
    sit_all(t, 60)
    t.deal(now=1.0)
    while t.in_hand:
        step(t, make_bots(TRIPLE, 3, 3), 2.0)
    t.deal(now=3.0)  # hand 2 starts: with keep_hands=1, hand 1's events leave memory
    start = [e for e in t.events_for(None, 0) if e.kind == "hand_start" and e.hand == 2][0].number
    assert t.snapshot()["events_from"] == start
    stored = stores.new().load("table")
    assert stored is not None
    assert stored["snapshot"]["events_from"] == start
    stores.let_go(first)
    assert Table.resume(stores.new(), "table").snapshot() == t.snapshot()


# -- a file of schema 1 (written by the code before issue 29's checkpoints) -------------------------


def _v1_play(t: Table, steps: int) -> None:
    """The play stored in tests/data/store-v1-6412b65.sqlite: four seeded bots, a sit-out, a
    sit-in and chips added, ``steps`` steps of one second."""
    bots = make_bots(TRIPLE, 4, 29)
    now = 0.0
    for i in range(steps):
        now += 1.0
        if i == 40:
            t.sit_out(2, now=now)
        elif i == 70:
            t.sit_in(2, now=now)
        elif i == 100:
            t.add_chips(1, 20, now=now)
        else:
            step(t, bots, now)


def test_a_schema_1_file_resumes_and_plays_on(tmp_path: Path, data_dir: Path) -> None:
    """A file written by lowball 6412b65 (schema 1: the whole state at every change), mid-hand
    6: it resumes to the state of the same play made now, is marked schema 3 when opened (its
    events moved into their changes' rows), and the table plays on and resumes again as one that
    never stopped."""
    path = tmp_path / "v1.sqlite"
    path.write_bytes((data_dir / "store-v1-6412b65.sqlite").read_bytes())
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 1
    con.close()
    plain = Table(TRIPLE, seats=4, table_id="v1", seed=29, action_seconds=5.0, time_bank=3.0)
    sit_all(plain, 60)
    _v1_play(plain, 150)
    assert plain.in_hand and plain.hand_number == 6 and plain.seq == 147
    store = SQLiteStore(path)
    resumed = Table.resume(store, "v1")
    assert state_of(resumed) == state_of(plain)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 3 == SCHEMA_VERSION
    con.close()
    bots = make_bots(TRIPLE, 4, 30)
    again = make_bots(TRIPLE, 4, 30)
    for k in range(60):
        assert step(resumed, bots, 200.0 + k) == step(plain, again, 200.0 + k)
    assert state_of(resumed) == state_of(plain)
    assert state_of(Table.resume(SQLiteStore(path), "v1")) == state_of(plain)
    assert [h["number"] for h in store.hands("v1")] == list(range(1, plain.hand_number - plain.in_hand + 1))


# -- a store of schema 2 (written by the code before the events went into their changes' rows) ------


class _RefusingWallet(MemoryWallet):
    """The wallet of tests/data/store-v2-6352674.sqlite's play: five players with 500 chips, and
    a credit to cy refused while ``refuse`` (his cash-out is left in the outbox)."""

    def __init__(self) -> None:
        super().__init__(dict.fromkeys(("ann", "bob", "cy", "dee", "eve"), 500))
        self.refuse = True

    def credit(self, player: str, amount: int, key: str) -> None:
        if self.refuse and player == "cy":
            raise WalletError(f"{player}: the wallet is down")
        super().credit(player, amount, key)


def _v2_table(store: Any, wallet: MemoryWallet) -> Table:
    """The table of tests/data/store-v2-6352674.sqlite: four seats, a 5% rake capped at 3."""
    t = Table(TRIPLE, seats=4, table_id="v2", seed=31, store=store, wallet=wallet, rake=PercentRake(5, cap=3))
    for k, name in enumerate(["ann", "bob", "cy", "dee"]):
        t.sit(k, name, 60, now=0.0)
    return t


def _v2_play(t: Table, steps: int) -> None:
    """The play stored in tests/data/store-v2-6352674.sqlite: seeded bots, a sit-out and a sit-in,
    chips added, cy leaving in a hand (paid at its end: refused by the wallet) and eve sitting."""
    bots = make_bots(TRIPLE, 4, 31)
    now = 0.0
    for i in range(steps):
        now += 1.0
        if i == 30:
            t.sit_out(1, now=now)
        elif i == 55:
            t.sit_in(1, now=now)
        elif i == 80:
            t.add_chips(3, 20, now=now)
        elif i == 100 and t.in_hand:
            t.leave(2, now=now)
        elif i == 130 and t.seats[2] is None:
            t.sit(2, "eve", 40, now=now)
        else:
            step(t, bots, now)


def _reads(store: Any) -> dict[str, Any]:
    """Everything a store gives back of table v2."""
    return {
        "events": store.events("v2"),
        "events above 100": store.events("v2", 100),
        "events above 291": store.events("v2", 291),
        "hands": store.hands("v2"),
        "ledger": store.ledger("v2"),
        "outbox": store.outbox("v2"),
        "load": store.load("v2"),
        "tables": store.table_ids(),
    }


def _schema_2_stored_now(tmp_path: Path) -> tuple[Table, SQLiteStore, _RefusingWallet]:
    """The play of tests/data/store-v2-6352674.sqlite made now, into a new file."""
    store = SQLiteStore(tmp_path / "now.sqlite")
    wallet = _RefusingWallet()
    t = _v2_table(store, wallet)
    _v2_play(t, 170)
    assert (t.hand_number, t.in_hand, t.seq) == (7, True, 166)
    return t, store, wallet


def _check_schema_2_resumed(store: Any, tmp_path: Path) -> None:
    """``store`` holds the schema 2 file's table, migrated: it reads back exactly as the same play
    stored now, with its 11 records after the last checkpoint and cy's unpaid cash-out; it
    resumes to the same table, pays cy once the wallet takes it, plays on and resumes again."""
    plain, now, wallet = _schema_2_stored_now(tmp_path)
    assert _reads(store) == _reads(now)
    loaded = store.load("v2")
    assert len(loaded["replay"]) == 11 and loaded["replay"][0]["op"] == loaded["snapshot"]["op"] + 1 == 164
    assert len(store.events("v2")) == 291 and [e["number"] for e in store.events("v2", 288)] == [289, 290, 291]
    assert store.outbox("v2") == [
        {"key": "v2:6:cash_out", "player": "cy", "amount": 49, "kind": "cash_out", "sent": False}
    ]
    again = _RefusingWallet()
    again.refuse = False
    for player in ("ann", "bob", "cy", "dee", "eve"):  # the wallet as the play left it
        change = wallet.balance(player) - again.balance(player)
        if change > 0:
            again.deposit(player, change)
        elif change < 0:
            again.debit(player, -change, f"test:{player}")
    resumed = Table.resume(store, "v2", wallet=again)
    assert again.balance("cy") == wallet.balance("cy") + 49 and store.outbox("v2") == []
    wallet.refuse = False
    plain.pay_out()
    assert wallet.balance("cy") == again.balance("cy") and now.outbox("v2") == []
    assert state_of(resumed) == state_of(plain)
    bots, same = make_bots(TRIPLE, 4, 32), make_bots(TRIPLE, 4, 32)
    for k in range(60):
        assert step(resumed, bots, 500.0 + k) == step(plain, same, 500.0 + k)
    assert state_of(resumed) == state_of(plain)
    assert _reads(store) == _reads(now)


def test_a_schema_2_file_is_migrated_and_reads_back_as_before(tmp_path: Path, data_dir: Path) -> None:
    """A file written by lowball 6352674 (schema 2: a row of `events` for each event), mid-hand 7
    with records to replay: opened, it is of schema 3 (no table `events`), and every read gives
    what the same play stored now gives (events, hands, ledger, outbox, load), then it resumes
    and plays on as that play does."""
    path = tmp_path / "v2.sqlite"
    path.write_bytes((data_dir / "store-v2-6352674.sqlite").read_bytes())
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 2
    assert con.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 291
    con.close()
    store = SQLiteStore(path)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 3
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names == {"tables", "changes", "hands", "ledger", "wallet_outbox"}
    assert con.execute("SELECT COUNT(*), SUM(last_event - first_event + 1) FROM changes").fetchone() == (174, 291)
    con.close()
    _check_schema_2_resumed(store, tmp_path)
    store.close()


def _every_row(path: Path) -> dict[str, Any]:
    """The schema version and every row of every table of a SQLite file."""
    con = sqlite3.connect(path)
    try:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        rows: dict[str, Any] = {n: con.execute(f'SELECT * FROM "{n}"').fetchall() for n in names}
        rows["user_version"] = con.execute("PRAGMA user_version").fetchone()[0]
        return rows
    finally:
        con.close()


def test_a_failed_migration_leaves_the_schema_2_file_as_it_was(tmp_path: Path, data_dir: Path) -> None:
    """A table whose events no change holds (a damaged file) stops the migration: StoreError
    naming it, and the file holds what it held, of schema 2, its events in their table."""
    path = tmp_path / "v2.sqlite"
    path.write_bytes((data_dir / "store-v2-6352674.sqlite").read_bytes())
    con = sqlite3.connect(path)
    with con:
        con.execute("INSERT INTO events VALUES ('ghost', 1, 0, '{}')")
    con.close()
    before = _every_row(path)
    assert before["user_version"] == 2 and len(before["events"]) == 292
    message = (
        r"v2.sqlite: cannot migrate it to schema 3: table 'ghost' has events and no change "
        r"\(a damaged lowball database\); it was left unchanged"
    )
    with pytest.raises(StoreError, match=message):
        SQLiteStore(path)
    assert _every_row(path) == before


# the schema 2 tables of lowball 6352674's PostgreSQL store (and LEDGER_SCHEMA's two)
_PG_SCHEMA_2 = """
CREATE TABLE lowball (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (table_id TEXT PRIMARY KEY, snapshot TEXT NOT NULL);
CREATE TABLE changes (
    table_id TEXT NOT NULL, op BIGINT NOT NULL, seq BIGINT NOT NULL, kind TEXT NOT NULL, record TEXT NOT NULL,
    PRIMARY KEY (table_id, op)
);
CREATE TABLE events (
    table_id TEXT NOT NULL, number BIGINT NOT NULL, hand BIGINT NOT NULL, event TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE hands (
    table_id TEXT NOT NULL, number BIGINT NOT NULL, phh TEXT NOT NULL, record TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE data (namespace TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (namespace, key));
"""


def test_postgres_a_schema_2_store_is_migrated_and_reads_back_as_before(
    postgres_url: str, tmp_path: Path, data_dir: Path
) -> None:
    """A PostgreSQL store of schema 2 (its tables as lowball 6352674 made them, holding the rows
    of tests/data/store-v2-6352674.sqlite): opened, it is of schema 3, and reads back, resumes
    and plays on as the same play stored now."""
    import psycopg

    from lowball.postgres import PostgresStore
    from lowball.store import LEDGER_SCHEMA

    old = sqlite3.connect(data_dir / "store-v2-6352674.sqlite")
    with psycopg.connect(postgres_url, autocommit=True) as con, con.transaction():
        con.execute("CREATE SCHEMA lowball")
        con.execute("SET search_path TO lowball")
        con.execute(_PG_SCHEMA_2 + LEDGER_SCHEMA)
        con.execute("INSERT INTO lowball VALUES ('application', 'lowball'), ('schema', '2')")
        for name in ("tables", "changes", "events", "hands", "ledger", "wallet_outbox"):
            rows = old.execute(f"SELECT * FROM {name}").fetchall()
            marks = ", ".join(["%s"] * len(rows[0]))
            con.cursor().executemany(f"INSERT INTO {name} VALUES ({marks})", rows)
    old.close()
    store = PostgresStore(postgres_url)
    with psycopg.connect(postgres_url, autocommit=True) as con:
        names = {
            r[0] for r in con.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'lowball'")
        }
        assert names == {"lowball", "tables", "changes", "hands", "data", "ledger", "wallet_outbox"}
        assert con.execute("SELECT value FROM lowball.lowball WHERE key = 'schema'").fetchone() == ("3",)
    _check_schema_2_resumed(store, tmp_path)
    store.close()


# -- PostgreSQL: one writer a table, the lobby's listing --------------------------------------


def test_postgres_a_table_is_written_by_one_store_at_a_time(postgres_url: str) -> None:
    """A second store (another process's) cannot resume or write a table the first one writes:
    a StoreError names the table and the holder (its application name: lowball, its pid, its
    host), and the database is as before. Once the first store is closed, the second resumes
    the table exactly and plays on."""
    from lowball.postgres import PostgresStore

    first = PostgresStore(postgres_url)
    t = Table(TRIPLE, seats=3, store=first, table_id="t1", seed=6)
    sit_all(t, 60)
    t.deal(now=1.0)
    second = PostgresStore(postgres_url, wait=0)
    before = second.load("t1")
    holder = rf"lowball pid {os.getpid()} on {re.escape(socket.gethostname())} at 127\.0\.0\.1"
    with pytest.raises(StoreError, match=rf"table 't1' is being written by another store \({holder}") as info:
        Table.resume(second, "t1")
    assert str(info.value).endswith("a table is written by one process at a time; nothing was written")
    record = {"op": t.snapshot()["op"] + 1, "seq": t.seq, "kind": "act"}
    with pytest.raises(StoreError, match="table 't1' is being written by another store"):
        second.save_action("t1", record, [], None)
    with pytest.raises(StoreError, match="table 't1' is being written by another store"):
        second.save_hand("t1", {"number": 1, "phh": ""})
    assert second.load("t1") == before
    # the lobby: every table of the database, and who writes which
    Table(TRIPLE, seats=2, store=second, table_id="t2")
    lobby = PostgresStore(postgres_url)
    assert lobby.table_ids() == ["t1", "t2"]
    writers = lobby.writers()
    assert sorted(writers) == ["t1", "t2"]
    assert re.match(holder, writers["t1"]) and re.match(holder, writers["t2"])
    backends = {w.rsplit("PostgreSQL backend ", 1)[1] for w in writers.values()}
    assert len(backends) == 2  # two connections: the two stores
    first.close()
    again = PostgresStore(postgres_url, wait=10)  # PostgreSQL ends the closed session's lock
    resumed = Table.resume(again, "t1")
    assert state_of(resumed) == state_of(t)
    bots = make_bots(TRIPLE, 3, 6)
    for k in range(20):
        assert step(resumed, bots, 2.0 + k)
    assert sorted(lobby.writers()) == ["t1", "t2"]
    for s in (second, again, lobby):
        s.close()


def test_postgres_tables_of_one_old_lock_key_are_written_at_once(postgres_url: str, postgres_cluster: str) -> None:
    """Each table has a lock of its own: 'plumless' and 'buckeroo' (one CRC-32, the 31-bit key
    of before, which refused the second as held by the first's writer), one table id in two
    schemas, and one id in two databases of the server are each written by a store of their own
    at the same time, and the lobby names each table's own writer (of its own database only). A
    second writer of one of them is still refused."""
    import zlib

    import pg_cluster

    from lowball.postgres import PostgresStore

    assert zlib.crc32(b"plumless") == zlib.crc32(b"buckeroo")
    first, second = PostgresStore(postgres_url, wait=0), PostgresStore(postgres_url, wait=0)
    a = Table(TRIPLE, seats=3, store=first, table_id="plumless", seed=1)
    b = Table(TRIPLE, seats=3, store=second, table_id="buckeroo", seed=2)
    for t in (a, b):
        sit_all(t, 60)
        t.deal(now=1.0)
    assert a.hand_number == b.hand_number == 1  # each dealt and stored its hand
    lobby = PostgresStore(postgres_url)
    writers = lobby.writers()
    backend = {k: w.rsplit("PostgreSQL backend ", 1)[1] for k, w in writers.items()}
    assert sorted(writers) == ["buckeroo", "plumless"] and backend["buckeroo"] != backend["plumless"]
    third = PostgresStore(postgres_url, wait=0)
    with pytest.raises(StoreError, match="table 'buckeroo' is being written by another store"):
        Table.resume(third, "buckeroo")
    # one id, two schemas: two tables, two locks
    here, there = PostgresStore(postgres_url, wait=0), PostgresStore(postgres_url, schema="room2", wait=0)
    for store in (here, there):
        t = Table(TRIPLE, seats=2, store=store, table_id="t1", seed=3)
        sit_all(t, 60)
        t.deal(now=1.0)
    assert set(here.writers()) == {"buckeroo", "plumless", "t1"} and set(there.writers()) == {"t1"}
    assert here.writers()["t1"] != there.writers()["t1"]
    # one id, one schema, another database: its own lock, and its lobby sees no writer of ours
    elsewhere = PostgresStore(pg_cluster.new_database(postgres_cluster, "another_db_of_the_server"), wait=0)
    assert elsewhere.writers() == {}
    t = Table(TRIPLE, seats=2, store=elsewhere, table_id="t1", seed=4)
    assert set(elsewhere.writers()) == {"t1"} and elsewhere.writers()["t1"] != here.writers()["t1"]
    elsewhere.release("t1")
    assert elsewhere.writers() == {} and set(here.writers()) == {"buckeroo", "plumless", "t1"}
    for s in (first, second, third, here, there, lobby, elsewhere):
        s.close()


def test_postgres_a_schema_of_another_program_is_refused(postgres_url: str) -> None:
    import psycopg

    from lowball.postgres import PostgresStore

    with psycopg.connect(postgres_url, autocommit=True) as con:
        con.execute("CREATE SCHEMA lowball")
        con.execute("CREATE TABLE lowball.invoices (id int)")
    with pytest.raises(
        StoreError, match=r"schema lowball: not a lowball store \(the tables of another program: \['invoices'\]\)"
    ):
        PostgresStore(postgres_url)
    with psycopg.connect(postgres_url, autocommit=True) as con:
        names = [
            r[0] for r in con.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'lowball'")
        ]
    assert names == ["invoices"]
    # another schema of the same database holds a store of its own
    other = PostgresStore(postgres_url, schema="room2")
    Table(TRIPLE, seats=2, store=other, table_id="t1")
    assert other.table_ids() == ["t1"] and other.schema == "room2"
    other.close()
    with pytest.raises(StoreError, match="cannot connect"):
        PostgresStore(postgres_url.rsplit("/", 1)[0] + "/no_such_database")


def test_the_postgres_page_examples_run() -> None:
    """docs/postgres.md's Python examples, as doctests (until the docs' own harness runs them)."""
    import doctest

    page = Path(__file__).parent.parent / "docs" / "postgres.md"
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted == 10 and result.failed == 0


# -- checkpoints -------------------------------------------------------------------------------


def test_the_whole_state_is_stored_at_checkpoints_and_the_rest_replayed(
    stores: Stores, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An action within a hand stores its record only; a deal, a hand's end and any other kind of
    change store the whole state; so does the change that would make the records after the last
    one more than CHECKPOINT_EVERY (3 here). After every
    change the records after the stored state are the ones load() gives to replay, and a resume
    from them is the running table."""
    import lowball.table.table as table_module

    monkeypatch.setattr(table_module, "CHECKPOINT_EVERY", 3)
    store = stores.new()
    t = Table(TRIPLE, seats=4, store=store, seed=12)
    sit_all(t, 80)
    bots = make_bots(TRIPLE, 4, 12)
    now = 0.0
    kinds_replayed: set[str] = set()
    longest = 0
    sat_out = False
    while t.hand_number < 3 or t.in_hand:
        now += 1.0
        did = step(t, bots, now)
        if did == "act" and t.hand_number == 2 and t.in_hand and t.seats[3].status != "sitting_out":  # type: ignore[union-attr]
            t.sit_out(3, now=now)  # another kind of change mid-hand: a checkpoint
            sat_out = True
        loaded = store.load("table")
        assert loaded is not None
        op = t.snapshot()["op"]
        replay = loaded["replay"]
        assert loaded["snapshot"]["op"] + len(replay) == op
        assert [r["op"] for r in replay] == list(range(loaded["snapshot"]["op"] + 1, op + 1))
        if did == "deal" or not t.in_hand:
            assert replay == []  # a deal and a hand's end store the whole state
        kinds_replayed |= {r["kind"] for r in replay}
        longest = max(longest, len(replay))
        stores.let_go(store)
        other = stores.new()
        assert state_of(Table.resume(other, "table")) == state_of(t)
        other.close()
    assert kinds_replayed == {"act"} and longest == 3  # CHECKPOINT_EVERY records at most after one
    assert sat_out


def test_a_record_that_does_not_replay_as_stored_is_refused(tmp_path: Path) -> None:
    """A record after the last checkpoint changed in the file (its action): the resume replays
    it, gets other events, and refuses the table naming the change, instead of resuming a table
    that is not the one played."""
    path = tmp_path / "t.db"
    t = Table(TRIPLE, seats=3, store=SQLiteStore(path), seed=2)
    sit_all(t, 60)
    t.deal(now=1.0)
    seat = t.actor
    assert seat is not None
    t.act(seat, {"kind": "call"}, seq=t.seq, now=2.0)
    op = t.snapshot()["op"]
    con = sqlite3.connect(path)
    row = con.execute("SELECT record FROM changes WHERE op = ?", (op,)).fetchone()
    record = json.loads(row[0])
    assert record["kind"] == "act" and record["action"]["kind"] == "call"
    record["action"]["kind"] = "fold"
    con.execute("UPDATE changes SET record = ? WHERE op = ?", (json.dumps(record), op))
    con.commit()
    con.close()
    with pytest.raises(StoreError, match=rf"table 'table': change {op} \('act'\) does not replay as it was stored: "):
        Table.resume(SQLiteStore(path), "table")

"""Money (issue 29, part 2): the wallet a table takes buy-ins and add-ons from and pays cash-outs
into, each movement under a key of the table's own count; the store's double-entry ledger of
every chip movement, conserved hand by hand and over the table, on the SQLite store and on the
dict-backed one of the tests; ``leave()``'s :class:`Payout`; a schema-1 file made by the code
before (``tests/data/store-v1-6412b65.db``) migrated; reconcile naming what differs. The
crashes are ``test_wallet_crash.py``'s."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from conftest import Stores, stores_of
from table_play import DictStore, make_bots, step

from lowball.errors import InsufficientFundsError, StoreError, TableError, WalletError
from lowball.store import SQLiteStore, Store, TableStore
from lowball.table import BuyIn, Payout, PercentRake, Table
from lowball.variants import VARIANTS, ForcedBets
from lowball.wallet import Difference, MemoryWallet, Movement, PlayChipsWallet, Wallet, balances, reconcile

DATA = Path(__file__).parent / "data"
TRIPLE = VARIANTS["F2L3D"]
ANTE = dataclasses.replace(VARIANTS["N2L1D"], forced=ForcedBets(small_blind=1, big_blind=2, ante=1))
HAND_KINDS = {"ante", "blind", "dead_blind", "call", "bet", "raise", "return", "win", "rake"}
NAMES = ["ann", "bob", "cy", "dee", "eve"]


def new_store(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    return DictStore() if kind == "dict" else stores_of(kind, request, tmp_path).new()


def seated_chips(t: Table) -> dict[str, int]:
    """Each seated player's chips at the table: the stack (the engine's in a hand) and chips to add."""
    return {s.player: s.chips + s.chips_to_add for s in t.seats if s is not None}


def play(t: Table, wallet: MemoryWallet | None, seed: int, steps: int) -> float:
    """Bots play ``steps`` steps; players sit down (among NAMES), leave (in hands too), add chips."""
    rng = random.Random(seed)
    bots = make_bots(t.variant, t.n_seats, seed)
    now = 0.0
    for _ in range(steps):
        now += 1.0
        r = rng.random()
        k = rng.randrange(t.n_seats)
        s = t.seats[k]
        if s is None and r < 0.3:
            free = [n for n in NAMES if n not in seated_chips(t)]
            if free:
                name = rng.choice(free)
                t.sit(k, name, max(40, t.buy_in_for(name, now=now).minimum), now=now)
                continue
        if s is not None and r < 0.03 and not s.leaving:
            t.leave(k, now=now)
            continue
        if s is not None and r < 0.08 and not s.leaving and s.chips + s.chips_to_add < 60:
            t.add_chips(k, 20, now=now)
            if t.seats[k].status == "sitting_out" and not t.in_hand:  # type: ignore[union-attr]
                t.sit_in(k, now=now)
            continue
        for j, seat in enumerate(t.seats):
            if seat is not None and seat.status == "sitting_out" and seat.chips + seat.chips_to_add > 0:
                t.sit_in(j, now=now)
        step(t, bots, now)
    return now


@pytest.mark.parametrize("store_kind", ["sqlite", "postgres", "dict"])
@pytest.mark.parametrize("variant", [TRIPLE, ANTE], ids=["F2L3D", "N2L1D-ante"])
def test_the_ledger_conserves_chips_hand_by_hand_and_over_the_table(
    store_kind: str, variant: Any, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    store = new_store(store_kind, request, tmp_path)
    wallet = MemoryWallet({n: 10_000 for n in NAMES})
    t = Table(variant, seats=4, store=store, seed=29, wallet=wallet, rake=PercentRake(10, cap=3), buy_in=BuyIn(20, 400))
    play(t, wallet, 29, 500 if store_kind == "dict" else 1500)  # the dict store copies all at each write
    entries = store.ledger("table")
    if store_kind == "dict":
        hands = [store.data["table"]["hands"][k] for k in sorted(store.data["table"]["hands"])]
    else:
        hands = store.hands("table")
    assert len(hands) >= (10 if store_kind == "dict" else 30)
    for h in hands:
        mine = [e for e in entries if e["hand"] == h["number"]]
        moved = balances([e for e in mine if e["kind"] in HAND_KINDS])
        assert sum(balances(mine).values()) == 0
        assert moved.get("pot", 0) == 0, h["number"]  # the pot is emptied by every hand's end
        assert moved.get("rake", 0) == h["rake"]
        for p, name in enumerate(h["players"]):  # each stack's change, by the ledger and by the hand
            assert moved.get(f"player:{name}", 0) == h["finishing_stacks"][p] - h["starting_stacks"][p], h["number"]
    total = balances(entries)
    assert sum(total.values()) == 0
    assert total.get("rake", 0) == t.rake_total == sum(h["rake"] for h in hands) > 0
    held = seated_chips(t)
    for name in NAMES:
        assert total.get(f"player:{name}", 0) == held.get(name, 0), name
    if t.in_hand:
        assert total["pot"] == t.hand_state().pot_total
    assert -sum(v for a, v in total.items() if a.startswith("wallet:")) == t.chips_in - t.chips_out
    kinds = {e["kind"] for e in entries}
    assert {"buy_in", "add_on", "cash_out", "blind", "call", "raise", "return", "win", "rake"} <= kinds
    assert ("ante" in kinds) == (variant is ANTE)
    # the wallet agrees with the ledger, and no chip came or went elsewhere
    assert t.reconcile() == [] and t.unpaid == ()
    assert wallet.total() + t.chips_at_table() + t.rake_total == 10_000 * len(NAMES)
    # each wallet movement is in the ledger under its key, and the keys count the table's movements
    keyed = {e["key"]: e for e in entries if e["key"] is not None}
    moves = wallet.movements("table:")
    assert {m.key for m in moves} == set(keyed)
    assert sorted(int(m.key.split(":")[1]) for m in moves) == list(range(1, len(moves) + 1))
    for m in moves:
        e = keyed[m.key]
        assert m.amount == (e["amount"] if e["kind"] == "cash_out" else -e["amount"])
    # a resumed table books on from where it was: the ledger still matches it
    t2 = Table.resume(store, "table", wallet=wallet, rake=PercentRake(10, cap=3))
    play(t2, wallet, 30, 100)
    assert t2.reconcile() == []
    assert wallet.total() + t2.chips_at_table() + t2.rake_total == 10_000 * len(NAMES)
    total = balances(store.ledger("table"))
    held = seated_chips(t2)
    assert {n: total.get(f"player:{n}", 0) for n in NAMES} == {n: held.get(n, 0) for n in NAMES}


def test_a_buy_in_or_add_on_the_account_cannot_pay_is_refused_and_changes_nothing(stores: Stores) -> None:
    store = stores.new()
    wallet = MemoryWallet({"ann": 30, "bob": 100})
    t = Table(TRIPLE, seats=3, store=store, seed=1, wallet=wallet)
    before = json.dumps(store.load("table"), sort_keys=True)
    with pytest.raises(InsufficientFundsError) as e:
        t.sit(0, "ann", 40, now=0)
    assert str(e.value) == "'ann': 40 chips asked for, the account holds 30 (nothing was taken)"
    assert json.dumps(store.load("table"), sort_keys=True) == before
    assert t.seats[0] is None and t.chips_in == 0
    assert wallet.balance("ann") == 30 and wallet.movements("") == []
    assert store.ledger("table") == []
    t.sit(0, "bob", 80, now=0)
    assert wallet.movements("") == [Movement("table:1:buy_in", "bob", -80)]
    before = json.dumps(store.load("table"), sort_keys=True)
    with pytest.raises(InsufficientFundsError) as e:
        t.add_chips(0, 21, now=1)
    assert str(e.value) == "'bob': 21 chips asked for, the account holds 20 (nothing was taken)"
    assert json.dumps(store.load("table"), sort_keys=True) == before
    assert t.seats[0].chips == 80 and wallet.balance("bob") == 20  # type: ignore[union-attr]
    t.add_chips(0, 20, now=1)  # the key refused is not burnt: nothing was moved under it
    assert wallet.movements("table:2") == [Movement("table:2:add_on", "bob", -20)]
    assert [(e["kind"], e["from"], e["to"], e["amount"], e["key"]) for e in store.ledger("table")] == [
        ("buy_in", "wallet:bob", "player:bob", 80, "table:1:buy_in"),
        ("add_on", "wallet:bob", "player:bob", 20, "table:2:add_on"),
    ]


def test_leave_says_what_is_paid_and_when(stores: Stores) -> None:
    store = stores.new()
    wallet = MemoryWallet({"ann": 100, "bob": 100, "cy": 100})
    t = Table(TRIPLE, seats=3, store=store, seed=4, wallet=wallet)
    for k, name in enumerate(["ann", "bob", "cy"]):
        t.sit(k, name, 40, now=0)
    paid = t.leave(2, now=1)  # between hands: paid at once
    assert paid == Payout(2, "cy", 40, False, 4, "table:4:cash_out")
    assert [e.kind for e in t.events_for(None, 3)] == ["leave"] and t.events_for(None, 3)[0].amount == 40
    assert wallet.balance("cy") == 100 and t.unpaid == ()
    t.deal(now=2)
    actor = t.actor
    assert actor is not None
    other = 1 - actor
    behind = t.seats[other].chips  # type: ignore[union-attr]
    later = t.leave(other, now=3)  # still in the hand, not to act: paid when it ends
    asked = t.events_for(None, t.event_number - 1)
    assert later == Payout(other, t.seats[other].player, behind, True, asked[0].number, None)  # type: ignore[union-attr]
    assert asked[0].data == {"at_hand_end": True}
    name = later.player
    assert wallet.balance(name) == 60
    while t.in_hand:  # the one left folds at his turn: the hand ends
        legal = t.legal_actions()
        from lowball.engine import Action

        t.act(t.actor, Action.raise_to(legal.min_to) if legal.raise_ or legal.bet else Action.call(), seq=t.seq, now=4)  # type: ignore[arg-type]
    gone = [e for e in t.events_for(None, later.event) if e.kind == "leave"]
    assert len(gone) == 1 and gone[0].seat == other and gone[0].amount >= behind
    assert wallet.balance(name) == 60 + gone[0].amount and t.seats[other] is None
    assert t.reconcile() == []


def test_the_wallet_is_paid_after_the_outermost_transaction_commits_and_never_when_it_is_rolled_back(
    stores: Stores,
) -> None:
    store = stores.new()
    wallet = MemoryWallet({"ann": 100, "bob": 100})
    t = Table(TRIPLE, seats=2, store=store, seed=4, wallet=wallet)
    t.sit(0, "ann", 40, now=0)
    t.sit(1, "bob", 40, now=0)
    with store.transaction():  # a server's own transaction around the table's change
        t.leave(0, now=1)
        assert wallet.balance("ann") == 60  # stored only when the outer transaction commits
        assert store.outbox("table") == [
            {"key": "table:3:cash_out", "player": "ann", "amount": 40, "kind": "cash_out", "sent": False}
        ]
    assert wallet.balance("ann") == 100 and store.outbox("table") == [] and t.unpaid == ()
    with pytest.raises(RuntimeError), store.transaction():
        t.leave(1, now=2)
        raise RuntimeError("the server's write fails")
    assert wallet.balance("bob") == 60  # rolled back: nothing paid, and the store still seats him
    resumed = Table.resume(store, "table", wallet=wallet)
    assert resumed.seats[1] is not None and resumed.seats[1].chips == 40  # type: ignore[union-attr]
    assert resumed.reconcile() == [] and wallet.balance("bob") == 60


class FlakyWallet(MemoryWallet):
    """A MemoryWallet whose credits fail while ``down``."""

    down = False

    def credit(self, player: str, amount: int, key: str) -> None:
        if self.down:
            raise WalletError("the wallet's service is down (a test)")
        super().credit(player, amount, key)


def test_a_cash_out_the_wallet_fails_is_kept_named_by_reconcile_and_paid_later(stores: Stores) -> None:
    store = stores.new()
    wallet = FlakyWallet({"ann": 100, "bob": 100})
    t = Table(TRIPLE, seats=2, store=store, seed=4, wallet=wallet)
    t.sit(0, "ann", 40, now=0)
    t.sit(1, "bob", 40, now=0)
    wallet.down = True
    paid = t.leave(0, now=1)  # the change is stored; the payment waits
    assert paid == Payout(0, "ann", 40, False, 3, "table:3:cash_out")
    assert t.seats[0] is None and wallet.balance("ann") == 60
    assert t.unpaid == (Payout(-1, "ann", 40, False, 0, "table:3:cash_out"),)
    assert t.reconcile() == [Difference("ann", 0, -40)]
    assert t.pay_out() == 1  # still down
    assert Table.resume(store, "table").unpaid == t.unpaid  # kept in the store's outbox
    wallet.down = False
    assert t.pay_out() == 0
    assert wallet.balance("ann") == 100 and t.reconcile() == [] and store.outbox("table") == []
    t.pay_out()  # nothing left: no second payment
    assert wallet.balance("ann") == 100


@pytest.mark.parametrize("kind", ["memory", "play"])
def test_a_repeated_key_is_done_and_a_key_for_another_movement_is_refused(kind: str, tmp_path: Path) -> None:
    wallet: Any = MemoryWallet({"ann": 100}) if kind == "memory" else PlayChipsWallet(tmp_path / "w.db", starting=100)
    assert isinstance(wallet, Wallet)
    wallet.debit("ann", 30, "t:1:buy_in")
    wallet.debit("ann", 30, "t:1:buy_in")
    assert wallet.balance("ann") == 70
    wallet.credit("ann", 50, "t:2:cash_out")
    wallet.credit("ann", 50, "t:2:cash_out")
    assert wallet.balance("ann") == 120
    with pytest.raises(WalletError) as e:
        wallet.credit("ann", 51, "t:2:cash_out")
    assert str(e.value) == "key 't:2:cash_out' was used for +50 chips of 'ann', not 51 of 'ann'"
    with pytest.raises(WalletError) as e:
        wallet.debit("bob", 30, "t:1:buy_in")
    assert str(e.value) == "key 't:1:buy_in' was used for -30 chips of 'ann', not 30 of 'bob'"
    with pytest.raises(WalletError, match=r"'ann': amount = 0: expected a whole number 1 or more"):
        wallet.debit("ann", 0, "t:3:add_on")
    assert wallet.balance("ann") == 120
    assert sorted(wallet.movements("t:")) == [Movement("t:1:buy_in", "ann", -30), Movement("t:2:cash_out", "ann", 50)]


def test_the_play_chips_wallet_keeps_its_accounts_in_its_file_and_tops_them_up(tmp_path: Path) -> None:
    path = tmp_path / "w.db"
    wallet = PlayChipsWallet(path, starting=100)
    assert wallet.balance("ann") == 100
    wallet.debit("ann", 70, "t:1:buy_in")
    with pytest.raises(InsufficientFundsError) as e:
        wallet.debit("ann", 31, "t:2:add_on")
    assert str(e.value) == "'ann': 31 chips asked for, the account holds 30 (nothing was taken)"
    wallet.close()
    again = PlayChipsWallet(path, starting=100, top_up=True)
    assert again.balance("ann") == 30
    again.debit("ann", 31, "t:2:add_on")  # topped up by 100 first
    assert again.balance("ann") == 99
    assert sorted(again.movements("")) == [
        Movement("grant:ann:1", "ann", 100),
        Movement("t:1:buy_in", "ann", -70),
        Movement("t:2:add_on", "ann", -31),
    ]
    with pytest.raises(InsufficientFundsError):
        again.debit("ann", 300, "t:3:add_on")  # more than a top-up makes
    assert again.balance("ann") == 99
    again.close()
    (tmp_path / "other.db").write_bytes(b"")
    con = sqlite3.connect(tmp_path / "other.db")
    con.execute("CREATE TABLE x (y)")
    con.close()
    with pytest.raises(StoreError, match=r"not a play-chips wallet \(tables \['x'\]\); it was left unchanged"):
        PlayChipsWallet(tmp_path / "other.db")


def test_a_schema_1_file_is_migrated_and_its_table_opens_its_ledger(tmp_path: Path) -> None:
    # tests/data/SOURCES.md: made by the code of 6412b65 (schema 1); table "v1" in hand 4: ann
    # 38, bob 44, dee 47 behind, 5 in the pot; cy left with 36
    path = tmp_path / "v1.db"
    shutil.copy(DATA / "store-v1-6412b65.db", path)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 1
    con.close()
    store = SQLiteStore(path)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 3  # schema 1 to 3 at once
    assert {"ledger", "wallet_outbox"} <= {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
    con.close()
    assert [h["number"] for h in store.hands("v1")] == [1, 2, 3]
    t = Table.resume(store, "v1")
    assert (t.hand_number, t.in_hand, t.chips_in, t.chips_out) == (4, True, 170, 36)
    opening = [(e["kind"], e["from"], e["to"], e["amount"], e["hand"]) for e in store.ledger("v1")]
    assert opening == [
        ("opening", "opening", "player:ann", 38, 4),
        ("opening", "opening", "player:bob", 44, 4),
        ("opening", "opening", "player:dee", 47, 4),
        ("opening", "opening", "pot", 5, 4),
    ]
    Table.resume(SQLiteStore(path), "v1")  # a second resume without a change adds nothing
    assert len(store.ledger("v1")) == 4
    bots = make_bots(TRIPLE, 4, 2)
    now = 1000.0
    while t.hand_number < 6:
        now += 1
        assert step(t, bots, now)
    total = balances(store.ledger("v1"))
    assert total["pot"] == (t.hand_state().pot_total if t.in_hand else 0)
    held = seated_chips(t)
    assert {n: total[f"player:{n}"] for n in held} == held
    assert total["opening"] == -(38 + 44 + 47 + 5)


def failing_ledger(store: Any) -> Any:
    """``store`` with a ledger write that fails while ``store.fail`` (a full disk)."""
    real = store.save_ledger

    def save_ledger(table_id: str, entries: list[dict[str, Any]], outbox: list[dict[str, Any]]) -> None:
        if store.fail:
            raise StoreError("disk full (a test)")
        real(table_id, entries, outbox)

    store.fail = False
    store.save_ledger = save_ledger
    return store


def test_a_buy_in_whose_change_is_not_stored_is_given_back_and_its_key_never_used_again(stores: Stores) -> None:
    store = failing_ledger(stores.new())
    wallet = MemoryWallet({"ann": 100})
    t = Table(TRIPLE, seats=2, store=store, seed=1, wallet=wallet)
    before = t.snapshot()
    store.fail = True
    with pytest.raises(StoreError, match="disk full"):
        t.sit(0, "ann", 40, now=0)
    # the table is as before but for its count of wallet movements: the key given back is burnt
    assert {**t.snapshot(), "wallet_moves": 0} == before and t.snapshot()["wallet_moves"] == 1
    assert wallet.balance("ann") == 100
    assert sorted(wallet.movements("")) == [Movement("table:1:buy_in", "ann", -40), Movement("table:1:void", "ann", 40)]
    store.fail = False
    t.sit(0, "ann", 40, now=0)
    assert [e["key"] for e in store.ledger("table")] == ["table:2:buy_in"]
    assert t.reconcile() == [] and wallet.balance("ann") == 60


def test_resume_gives_back_a_debit_whose_change_was_never_stored(stores: Stores) -> None:
    store = stores.new()
    wallet = MemoryWallet({"ann": 100, "bob": 100})
    t = Table(TRIPLE, seats=2, store=store, seed=1, wallet=wallet)
    t.sit(0, "ann", 40, now=0)
    wallet.debit("bob", 40, "table:2:buy_in")  # the process died after the wallet's debit, before the commit
    assert reconcile(store, "table", wallet) == [Difference("bob", 0, -40)]
    stores.let_go(store)  # a restarted process resumes the table
    again = stores.new()
    resumed = Table.resume(again, "table", wallet=wallet)
    assert wallet.balance("bob") == 100 and resumed.reconcile() == []
    assert Movement("table:2:void", "bob", 40) in wallet.movements("table:2:")
    stores.let_go(again)
    third = stores.new()
    Table.resume(third, "table", wallet=wallet)  # once only
    stores.let_go(third)
    assert wallet.balance("bob") == 100
    resumed.sit(1, "bob", 40, now=1)
    assert [e["key"] for e in store.ledger("table")] == ["table:1:buy_in", "table:3:buy_in"]


class SixMethods:
    """A store of lowball before the ledger: the six methods of TableStore, by delegation."""

    def __init__(self) -> None:
        self.inner = DictStore()

    def transaction(self) -> contextlib.AbstractContextManager[None]:
        return self.inner.transaction()

    def create(self, table_id: str, snapshot: dict[str, Any]) -> None:
        self.inner.create(table_id, snapshot)

    def save_action(self, table_id: str, record: Any, events: Any, snapshot: Any) -> None:
        self.inner.save_action(table_id, record, events, snapshot)

    def save_hand(self, table_id: str, hand: dict[str, Any]) -> None:
        self.inner.save_hand(table_id, hand)

    def events(self, table_id: str, since: int = 0) -> list[dict[str, Any]]:
        return self.inner.events(table_id, since)

    def load(self, table_id: str) -> dict[str, Any] | None:
        return self.inner.load(table_id)


def test_a_store_of_six_methods_still_backs_a_table_without_a_ledger_or_a_wallet() -> None:
    store = SixMethods()
    assert isinstance(store, TableStore) and not isinstance(store, Store)
    t = Table(TRIPLE, seats=2, store=store, seed=1)
    t.sit(0, "ann", 40, now=0)
    t.sit(1, "bob", 40, now=0)
    t.deal(now=1)
    assert Table.resume(store, "table").snapshot() == t.snapshot()
    assert "ledger" not in store.inner.data["table"]
    with pytest.raises(TableError) as e:
        Table(TRIPLE, seats=2, store=SixMethods(), wallet=MemoryWallet())
    assert "keeps no ledger" in str(e.value)
    with pytest.raises(StoreError, match="keeps no ledger"):
        Table.resume(store, "table", wallet=MemoryWallet())
    with pytest.raises(TableError, match="needs a store with a ledger and a wallet"):
        t.reconcile()


def test_the_table_shows_its_store_read_only_and_refuses_what_a_wallet_cannot_book(stores: Stores) -> None:
    store = stores.new()
    wallet = MemoryWallet({"ann": 100})
    t = Table(TRIPLE, seats=2, store=store, wallet=wallet)
    assert t.store is store and t.wallet is wallet
    assert Table(TRIPLE).store is None
    with pytest.raises(AttributeError):
        t.store = None  # type: ignore[misc]
    t.sit(0, "ann", 40, now=0)
    before = t.snapshot()
    with pytest.raises(TableError, match="reset_stacks: .*not at a table with a wallet"):
        t.reset_stacks(50)
    assert t.snapshot() == before
    with pytest.raises(TableError, match=r"wallet = 5: expected a lowball Wallet"):
        Table(TRIPLE, wallet=5)  # type: ignore[arg-type]


def test_a_table_in_memory_with_a_wallet_pays_at_once() -> None:
    wallet = MemoryWallet({"ann": 100, "bob": 100})
    t = Table(TRIPLE, seats=2, wallet=wallet, seed=2)
    t.sit(0, "ann", 40, now=0)
    t.sit(1, "bob", 40, now=0)
    assert wallet.balance("ann") == 60
    assert t.leave(0, now=1) == Payout(0, "ann", 40, False, 3, "table:3:cash_out")
    assert wallet.balance("ann") == 100 and t.unpaid == ()


def test_lowball_serve_keeps_play_chips_in_a_wallet_beside_its_database(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from lowball.server.game import GameServer

    db = tmp_path / "rooms.db"
    server = GameServer(db, tables=1, bots=None)
    table = server.rooms["t1"].table
    assert isinstance(table.wallet, PlayChipsWallet) and table.wallet.path == f"{db}.wallet"
    assert table.store is server.store
    table.sit(0, "ann", 200, now=0)
    assert table.wallet.balance("ann") == 9800
    server.close()
    again = GameServer(db, tables=1, bots=None)  # the accounts outlive the server
    table = again.rooms["t1"].table
    assert table.wallet.balance("ann") == 9800 and table.reconcile() == []  # type: ignore[union-attr]
    assert table.leave(0, now=1).amount == 200
    assert table.wallet.balance("ann") == 10_000  # type: ignore[union-attr]
    again.close()


def test_reset_stacks_books_the_chips_it_gives_and_takes(stores: Stores) -> None:
    store = stores.new()
    t = Table(TRIPLE, seats=3, store=store, seed=3)
    t.sit(0, "ann", 30, now=0)
    t.sit(1, "bob", 60, now=0)
    t.reset_stacks(50, now=1)
    assert [(e["kind"], e["from"], e["to"], e["amount"]) for e in store.ledger("table", 2)] == [
        ("reset", "wallet:ann", "player:ann", 20),
        ("reset", "player:bob", "wallet:bob", 10),
    ]
    total = balances(store.ledger("table"))
    assert (total["player:ann"], total["player:bob"], sum(total.values())) == (50, 50, 0)


class CountingWallet(MemoryWallet):
    """A MemoryWallet that counts the debits and credits asked of it."""

    calls = 0

    def debit(self, player: str, amount: int, key: str) -> None:
        self.calls += 1
        super().debit(player, amount, key)

    def credit(self, player: str, amount: int, key: str) -> None:
        self.calls += 1
        super().credit(player, amount, key)


def test_resume_after_checkpoint_books_once(stores: Stores) -> None:
    """A table resumed in a hand, several actions after its last checkpoint, replays them
    (RULES.md 9, checkpoints) without booking their chips again or calling the wallet (every
    wallet movement is a checkpoint: RULES.md 14.4); it books on from where it was."""
    store = stores.new()
    wallet = CountingWallet({"ann": 100, "bob": 100, "cy": 100})
    t = Table(TRIPLE, seats=3, store=store, seed=11, wallet=wallet, rake=PercentRake(10, cap=3))
    for k, name in enumerate(["ann", "bob", "cy"]):
        t.sit(k, name, 40, now=0)
    t.add_chips(1, 10, now=0)
    bots = make_bots(TRIPLE, 3, 11)
    assert step(t, bots, 1) == "deal"  # a checkpoint
    dealt = t.snapshot()["op"]
    now = 1.0
    while len(store.load("table")["replay"]) < 6:  # six actions (bets, calls, draws) past it
        now += 1
        assert step(t, bots, now) == "act" and t.hand_number == 1
    replayed = store.load("table")["replay"]
    assert [r["op"] for r in replayed] == list(range(dealt + 1, dealt + 7))
    booked = store.ledger("table", dealt)  # what the six actions booked when they were made
    assert booked and {e["op"] for e in booked} <= {r["op"] for r in replayed}
    assert sum(e["amount"] for e in booked if e["to"] == "pot") == t.hand_state().pot_total - 3  # the blinds: 1 + 2
    entries = store.ledger("table")
    calls = wallet.calls
    assert calls == 4  # three buy-ins and an add-on
    stores.let_go(store)  # the process dies here; a new one resumes the table
    again = stores.new()
    resumed = Table.resume(again, "table", wallet=wallet, rake=PercentRake(10, cap=3))
    assert resumed.snapshot() == t.snapshot() and resumed.snapshot()["op"] == dealt + 6
    assert wallet.calls == calls  # the replay called no wallet
    assert again.ledger("table") == entries  # ... and booked nothing again
    total = balances(entries)
    held = seated_chips(resumed)
    hand = resumed.hand_state()
    assert held == {s.player: hand.stacks[resumed.position_of(k)] for k, s in enumerate(resumed.seats)}  # type: ignore[union-attr,index]
    assert {n: total[f"player:{n}"] for n in held} == held
    assert total["pot"] == hand.pot_total and sum(held.values()) + hand.pot_total == 130
    assert {n: total[f"wallet:{n}"] for n in held} == {"ann": -40, "bob": -50, "cy": -40}
    assert sum(total.values()) == 0 and resumed.reconcile() == []
    # the next action books its own chips only: the hand ends with its pot emptied
    while resumed.hand_number == 1 and resumed.in_hand:
        now += 1
        before = resumed.hand_state().stacks
        seat = resumed.actor
        op = resumed.snapshot()["op"]
        step(resumed, bots, now)
        if resumed.in_hand:
            pos = resumed.position_of(seat)  # type: ignore[arg-type]
            put = before[pos] - resumed.hand_state().stacks[pos]  # type: ignore[index]
            mine = [e for e in again.ledger("table", op) if e["to"] == "pot"]
            assert sum(e["amount"] for e in mine) == put
    total = balances(again.ledger("table"))
    hand = again.hands("table")[0]
    assert total["pot"] == 0 and total.get("rake", 0) == hand["rake"] == resumed.rake_total
    held = seated_chips(resumed)
    assert {n: total[f"player:{n}"] for n in held} == held
    assert sum(held.values()) + resumed.rake_total == 130
    resumed.leave(0, now=now + 1)  # a cash-out: a checkpoint, the wallet paid once
    assert wallet.balance("ann") == 60 + held["ann"] and wallet.calls == calls + 1
    assert resumed.reconcile() == []

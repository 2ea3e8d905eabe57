"""A tournament's money through a wallet, and players who decline a rebuy or the add-on (issue
30): every entry, rebuy and add-on is taken from the player's account and every prize paid into
it, under the tournament's own keys, booked in its ledger; moves between tables change nothing of
it; a player who declines keeps his money; an account that cannot pay takes no rebuy; a crash
between the wallet's call and the step's commit is completed on resume (the SIGKILL test,
tests/tournament/test_tournament_crash.py, runs with a wallet too)."""

from __future__ import annotations

import pytest
from table_play import DictStore
from tournament_case import BLINDS

from lowball.errors import InsufficientFundsError
from lowball.tournament import Level, SimClock, Structure, Tournament, TournamentError, bot_decider
from lowball.variants import VARIANTS
from lowball.wallet import MemoryWallet, split_key

# 12 players on two tables; one rebuy each until the end of level 3 (rounds 1-9), then the add-on
STRUCTURE = Structure(
    variant=VARIANTS["N2L1D"],
    starting_stack=100,
    levels=tuple(Level(small_blind=a, big_blind=b, hands=3) for a, b in BLINDS),
    rebuys=1,
    rebuy_levels=3,
    addon_stack=100,
    buy_in=100,
    fee=10,
)
NO_REBUY = ("p1", "p2", "p3", "p4", "p5", "p6")
NO_ADDON = ("p7", "p11")
SEED = 24  # a seed whose field moves a player who then rebuys, and one who declined and goes out
POOR = "p9"  # 150 in his account: the entry (110), and no rebuy (100 of 40)


def played(store: DictStore | None = None, seed: int = SEED) -> tuple[Tournament, MemoryWallet]:
    wallet = MemoryWallet({f"p{k + 1}": 150 if f"p{k + 1}" == POOR else 1000 for k in range(12)})
    t = Tournament(STRUCTURE, seed=seed, clock=SimClock(), wallet=wallet, store=store, tournament_id="cup")
    for k in range(12):
        t.register(f"p{k + 1}")
    t.start()
    for name in NO_REBUY:
        t.set_rebuy(name, False)
    for name in NO_ADDON:
        t.set_addon(name, False)
    t.set_rebuy("p6", True)  # changed his mind: he takes them again
    t.set_rebuy("p6", False)
    t.run(bot_decider(STRUCTURE.variant, seed, "random"))
    return t, wallet


@pytest.fixture(scope="module")
def tournament() -> tuple[Tournament, MemoryWallet]:
    return played()


def test_each_account_pays_its_entries_and_takes_its_prize(tournament: tuple[Tournament, MemoryWallet]) -> None:
    t, wallet = tournament
    assert t.finished and t.reconcile() == []
    for r in t.results():
        start = 150 if r["player"] == POOR else 1000
        assert wallet.balance(r["player"]) == start - 110 - 100 * r["rebuys"] - 100 * r["addon"] + r["prize"]
    rebuys = sum(r["rebuys"] for r in t.results())
    addons = sum(r["addon"] for r in t.results())
    assert t.prize_pool == 100 * (12 + rebuys + addons) == sum(r["prize"] for r in t.results())
    assert wallet.total() == 11 * 1000 + 150 - 12 * 10  # only the fees left the accounts
    # every ledger entry has its movement's key: an entry's buy-in and fee share one debit
    keys = [e["key"] for e in t.ledger]
    assert all(keys) and len(set(keys)) == len(keys) - 12
    moves = sorted(wallet.movements("cup:"), key=lambda m: split_key(m.key)[1])  # type: ignore[index]
    assert [split_key(m.key)[1] for m in moves] == list(range(1, len(moves) + 1))  # type: ignore[index]
    assert {split_key(m.key)[2] for m in moves} == {"buy_in", "add_on", "cash_out"}  # type: ignore[index]


def test_a_player_who_declines_keeps_his_money_across_moves(tournament: tuple[Tournament, MemoryWallet]) -> None:
    t, wallet = tournament
    results = {r["player"]: r for r in t.results()}
    assert all(results[name]["rebuys"] == 0 for name in NO_REBUY)
    rebought = [e.data["player"] for e in t.events if e.kind == "rebuy"]
    assert not set(rebought) & set(NO_REBUY) and POOR not in rebought and rebought
    addons = [e.data["player"] for e in t.events if e.kind == "addon"]
    offered = next(e.number for e in t.events if e.kind == "addon")
    still_in = [e.data["player"] for e in t.events if e.kind == "eliminated" and e.number > offered]
    assert set(NO_ADDON) <= set(still_in)  # in when the add-on was offered, and declined it
    assert sorted(addons) == sorted(set(still_in) - set(NO_ADDON))
    # moved between tables, then rebought: the rebuy taken from his account at the new table
    moved = {e.data["player"]: e.number for e in t.events if e.kind == "moved"}
    later = [e for e in t.events if e.kind == "rebuy" and moved.get(e.data["player"], 10**9) < e.number]
    assert later, "this seed moves a player who then rebuys"
    for e in later:
        name = e.data["player"]
        assert [x["kind"] for x in t.ledger if x["player"] == name].count("rebuy") == 1
        assert wallet.balance(name) == 1000 - 110 - 100 - 100 * results[name]["addon"] + results[name]["prize"]
    # moved, declined, and out: nothing more taken
    declined = [n for n in NO_REBUY if n in moved]
    assert declined
    for name in declined:
        assert [x["kind"] for x in t.ledger if x["player"] == name and x["kind"] != "prize"] == ["buy_in", "fee"]


def test_a_tournament_with_a_wallet_in_a_store_resumes_the_same() -> None:
    store = DictStore()
    t, wallet = played(store)
    again = Tournament.resume(store, "cup", wallet=wallet)  # nothing half done: nothing moved again
    assert again.reconcile() == [] and again.ledger == t.ledger
    plain, _ = played()
    assert t.ledger == plain.ledger and t.results() == plain.results()


def test_an_account_that_cannot_pay_the_entry_changes_nothing() -> None:
    wallet = MemoryWallet({"ann": 1000, "bob": 109})
    t = Tournament(STRUCTURE, seed=1, wallet=wallet)
    t.register("ann")
    before = (t.ledger, t.entries, t.events)
    with pytest.raises(InsufficientFundsError, match="'bob': 110 chips asked for, the account holds 109"):
        t.register("bob")
    assert (t.ledger, t.entries, t.events) == before and wallet.balance("bob") == 109
    assert t.ledger == ({"kind": "buy_in", "player": "ann", "amount": 100, "key": "tournament:1:buy_in"},
                        {"kind": "fee", "player": "ann", "amount": 10, "key": "tournament:1:buy_in"})  # fmt: skip
    assert wallet.balance("ann") == 890


def test_bad_choices_are_refused() -> None:
    t = Tournament(STRUCTURE, seed=1)
    t.register("ann")
    with pytest.raises(TournamentError, match="set_rebuy: 'bob' is not in the tournament"):
        t.set_rebuy("bob", False)
    with pytest.raises(TournamentError, match="set_addon: take = 'no': expected True or False"):
        t.set_addon("ann", "no")  # type: ignore[arg-type]
    flat = Structure(variant=VARIANTS["F2L3D"], starting_stack=100, levels=(Level(small_blind=1, big_blind=2),))
    plain = Tournament(flat, seed=1)
    plain.register("ann")
    with pytest.raises(TournamentError, match="'ann': this tournament has no rebuys"):
        plain.set_rebuy("ann", False)
    with pytest.raises(TournamentError, match="'ann': this tournament has no add-on"):
        plain.set_addon("ann", False)
    with pytest.raises(TournamentError, match="wallet = 3: expected a lowball Wallet"):
        Tournament(STRUCTURE, seed=1, wallet=3)  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match="reconcile: the tournament has no wallet"):
        t.reconcile()


def test_choices_close_with_the_rebuy_levels() -> None:
    s = Structure(variant=VARIANTS["F2L3D"], starting_stack=1000, rebuys=1, rebuy_levels=1, addon_stack=100,
                  levels=tuple(Level(small_blind=a, big_blind=b, hands=1) for a, b in BLINDS))  # fmt: skip
    t = Tournament(s, seed=1)
    for name in ("ann", "bob", "cid"):
        t.register(name)
    t.start()
    decide = bot_decider(s.variant, 1)
    while t.level == 1:
        t.step(decide)
    with pytest.raises(TournamentError, match="'ann': rebuys ended with level 1"):
        t.set_rebuy("ann", True)
    with pytest.raises(TournamentError, match="'ann': the add-on was offered at the end of level 1"):
        t.set_addon("ann", False)

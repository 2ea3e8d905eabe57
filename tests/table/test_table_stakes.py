"""A table's stakes change between hands (issue 30: a tournament's levels), its seats, button and
owed blinds kept; a player seated in position (WSOP 2023 Tournament Rules 14, 66); stacks set
for a chip race (TR 77)."""

from __future__ import annotations

import pytest

from lowball.engine import Action
from lowball.errors import TableError
from lowball.store import SQLiteStore
from lowball.table import BuyIn, Table
from lowball.variants import VARIANTS, FixedLimit, ForcedBets, VariantError

BASE = VARIANTS["F2L3D"]  # blinds 1/2, bets 2/4
LEVEL2 = BASE.replace(forced=ForcedBets(small_blind=10, big_blind=20), betting=FixedLimit(small_bet=20, big_bet=40))


def fold_round(t: Table) -> None:
    """Everyone folds to the big blind."""
    while t.in_hand:
        t.act(t.actor, Action.fold(), seq=t.seq, now=0.0)


def four(store: SQLiteStore | None = None) -> Table:
    t = Table(BASE, seats=6, seed=1, buy_in=BuyIn(1), store=store, clock=lambda: 0.0)
    for k in range(4):
        t.sit(k, f"p{k}", 100, now=0.0)
    return t


def test_new_stakes_apply_to_the_next_hand_keeping_seats_button_and_owed_blinds() -> None:
    t = four()
    t.deal(now=0.0)  # button seat 3 (the last seat), small blind 0, big blind 1
    assert (t.button, t.small_blind, t.big_blind) == (3, 0, 1)
    fold_round(t)  # seat 1 wins the blinds: 100 - 1, 100 + 1
    t.sit_out(2, now=0.0)
    t.deal(now=0.0)  # the big blind passes seat 2 sitting out: to seat 3; seat 2 owes (WSOP-LAR 156)
    assert (t.button, t.small_blind, t.big_blind) == (0, 1, 3)
    fold_round(t)
    assert t.seats[2].missed_big and t.seats[2].missed_small  # the big blind passed him: both owed
    stacks = [s.chips for s in t.seats[:4]]
    t.change_stakes(LEVEL2, now=0.0)
    assert t.variant == LEVEL2
    assert [s.chips for s in t.seats[:4]] == stacks
    assert (t.button, t.small_blind, t.big_blind) == (0, 1, 3)
    assert t.seats[2].missed_big
    event = t.events_for(None)[-1]
    assert (event.kind, event.data["variant"]["forced"]["big_blind"]) == ("stakes", 20)
    t.deal(now=0.0)  # dead button: big blind seat 0, small blind seat 3, button seat 1, at 10/20
    assert (t.button, t.small_blind, t.big_blind) == (1, 3, 0)
    hand = t.hand_state()
    bets = {t.seat_of(p): b for p, b in enumerate(hand.bets)}
    assert bets == {3: 10, 0: 20, 1: 0}


def test_stakes_change_refused_during_a_hand_and_for_another_game() -> None:
    t = four()
    t.deal(now=0.0)
    before = t.snapshot()
    with pytest.raises(TableError, match="hand 1 is still being played"):
        t.change_stakes(LEVEL2, now=0.0)
    assert t.snapshot() == before
    fold_round(t)
    before = t.snapshot()
    with pytest.raises(TableError, match=r"differs in max_players, ranking, hand_size, missed_blinds\)"):
        t.change_stakes(VARIANTS["FB"], now=0.0)
    with pytest.raises(TableError, match="pot limit is another game than the table's fixed limit"):
        t.change_stakes(VARIANTS["P2L3D"], now=0.0)
    with pytest.raises(TableError, match="differs in draws"):
        t.change_stakes(VARIANTS["F2L1D"], now=0.0)
    with pytest.raises(VariantError, match="expected a lowball Variant"):
        t.change_stakes("F2L3D", now=0.0)  # type: ignore[arg-type]
    assert t.snapshot() == before


def test_stakes_change_is_stored_and_resumed(tmp_path) -> None:
    store = SQLiteStore(tmp_path / "t.db")
    t = four(store)
    t.deal(now=0.0)
    fold_round(t)
    t.change_stakes(LEVEL2, now=0.0)
    back = Table.resume(store, "table", clock=lambda: 0.0)
    assert back.variant == LEVEL2
    assert back.snapshot() == t.snapshot()
    back.deal(now=0.0)  # big blind seat 2, small blind seat 1, at 10/20
    hand = back.hand_state()
    assert {back.seat_of(p): b for p, b in enumerate(hand.bets)} == {1: 10, 2: 20, 3: 0, 0: 0}


def test_a_snapshot_without_a_stakes_change_resumes_as_before(tmp_path) -> None:
    store = SQLiteStore(tmp_path / "t.db")
    t = four(store)
    t.deal(now=0.0)
    back = Table.resume(store, "table", clock=lambda: 0.0)
    assert back.variant == BASE and back.snapshot() == t.snapshot()


def test_in_position_player_takes_the_big_blind_and_is_refused_between_small_blind_and_button() -> None:
    t = Table(BASE, seats=6, seed=1, buy_in=BuyIn(1), clock=lambda: 0.0)
    for k in (0, 2, 4):
        t.sit(k, f"p{k}", 100, now=0.0)
    t.deal(now=0.0)  # button 4, small blind 0, big blind 2
    fold_round(t)
    # next hand: big blind seat 4, small blind marker seat 2, button seat 0
    assert t.next_markers() == (0, 2, 4)
    assert t.free_positions() == (3, 5)  # seat 1 lies between the button (0) and the small blind (2)
    with pytest.raises(TableError, match=r"seat 1: between the button \(seat 0\) and the small blind \(seat 2\)"):
        t.sit(1, "new", 50, in_position=True, now=0.0)
    assert t.big_blind_in(3) == 0  # sat there, he is the next big blind
    assert t.big_blind_in(5) == 1
    assert t.big_blind_in(1) is None
    t.sit(3, "new", 50, in_position=True, now=0.0)
    t.deal(now=0.0)
    assert t.big_blind == 3 and t.position_of(3) is not None
    assert t.hand_state().bets[t.position_of(3)] == 2


def test_set_stacks_books_chips_in_and_out() -> None:
    t = four()
    t.set_stacks({0: 125, 1: 75}, reason="chip race", now=0.0)
    assert [s.chips for s in t.seats[:4]] == [125, 75, 100, 100]
    assert (t.chips_in, t.chips_out) == (425, 25)
    assert t.chips_in == t.chips_at_table() + t.chips_out
    e = t.events_for(None)[-1]
    assert (e.kind, e.data["stacks"], e.data["chips_in"], e.data["chips_out"]) == (
        "stacks", {"0": 125, "1": 75}, 25, 25,
    )  # fmt: skip
    before = t.snapshot()
    with pytest.raises(TableError, match="seat 5: set its stack: the seat is empty"):
        t.set_stacks({0: 10, 5: 10}, now=0.0)
    assert t.snapshot() == before

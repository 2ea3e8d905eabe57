"""A tournament in each kind of store (issue 30): SQLite, PostgreSQL (the tests' own cluster,
tests/pg_cluster.py) and the smallest Store of all (tests/table_play.py's DictStore). Stopped
every so many steps, its store closed and opened anew and the tournament resumed from it, it
plays as the same tournament played in memory: the same events, places, prizes and ledger."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Stores
from table_play import DictStore
from tournament_case import PLAYERS, SEED, STRUCTURE

from lowball.store import Store
from lowball.tournament import SimClock, Tournament, TournamentError, bot_decider, play_bots

EVERY = 97  # steps between two stops


def step(t: Tournament, clock: SimClock, decide: Any) -> None:
    """One step as lowball.tournament.drive makes it (a round 60 s of the clock; a break waited out)."""
    if t.round_over and t.break_until is None:
        clock.now = max(clock.now, (t.last_clock or 0.0) + 60.0)
    if not t.step(decide):
        clock.now = max(clock.now, t.break_until or clock.now)


def play_stopping(new_store: Any, close: Any) -> tuple[Tournament, int]:
    """The tournament played in ``new_store()``'s stores, resumed from a new one every EVERY steps."""
    store = new_store()
    clock = SimClock()
    t = Tournament(STRUCTURE, seed=SEED, store=store, clock=clock, tournament_id="cup")
    for k in range(PLAYERS):
        t.register(f"bot{k + 1}")
    t.start()
    decide = bot_decider(STRUCTURE.variant, SEED)
    steps = stops = 0
    while not t.finished:
        step(t, clock, decide)
        steps += 1
        if steps % EVERY == 0:
            close(store)
            store = new_store()
            t = Tournament.resume(store, "cup", clock=clock)
            assert t.chips_in_play() == t.chips_issued
            stops += 1
    return t, stops


@pytest.fixture(scope="module")
def reference() -> Tournament:
    return play_bots(STRUCTURE, PLAYERS, seed=SEED)


def same(t: Tournament, reference: Tournament) -> None:
    assert t.finished
    assert [e.to_dict() for e in t.events] == [e.to_dict() for e in reference.events]
    assert t.results() == reference.results()
    assert t.ledger == reference.ledger
    assert sum(r["prize"] for r in t.results()) == t.prize_pool == reference.prize_pool


def test_resumed_from_each_kind_of_store_it_plays_as_one_that_never_stopped(
    stores: Stores, reference: Tournament
) -> None:
    t, stops = play_stopping(stores.new, lambda s: s.close())
    same(t, reference)
    assert stops >= 10
    again = stores.new()
    assert again.get_data("lowball-tournament")["cup"]["finished"] is True
    assert len(again.get_data("lowball-tournament-events:cup")) == len(reference.events)
    with pytest.raises(TournamentError, match="already holds tournament 'cup': resume it"):
        Tournament(STRUCTURE, seed=SEED, store=again, tournament_id="cup")


def test_the_smallest_store_keeps_a_tournament_too(reference: Tournament) -> None:
    store = DictStore()
    assert isinstance(store, Store)  # put_data and get_data are part of the Store protocol
    t, stops = play_stopping(lambda: store, lambda s: None)
    same(t, reference)
    assert stops >= 10


def test_a_store_without_put_data_is_refused() -> None:
    class Tables:  # a TableStore of lowball before its ledger: no put_data, no get_data
        def transaction(self) -> Any: ...
        def create(self, table_id: str, snapshot: Any) -> None: ...
        def save_action(self, *a: Any) -> None: ...
        def save_hand(self, *a: Any) -> None: ...
        def events(self, *a: Any) -> Any: ...
        def load(self, *a: Any) -> Any: ...

    with pytest.raises(TournamentError, match="expected a lowball Store"):
        Tournament(STRUCTURE, seed=1, store=Tables())  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match="expected a lowball Store"):
        Tournament.resume(Tables())  # type: ignore[arg-type]

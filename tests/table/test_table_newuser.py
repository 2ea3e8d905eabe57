"""A first-time user's game server over lowball.Table (tests/newuser_table_server.py): clients that
see only their events and views, retries and late messages, timeouts, players coming and going, a
SQLite store, a crash in the middle of a hand and a resume. Plus the friction and bugs found doing
it (the bugs it found are fixed and pinned here)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from newuser_table_server import Room, hand_events, resume, run

from lowball import VARIANTS, Action, SeqError, SQLiteStore, Table, TableEvent, phh

FL = VARIANTS["F2L3D"]  # fixed limit 2/4, blinds 1/2
Played = tuple[Room, Table, SQLiteStore]


def _play(tmp_path: Path, seed: int, crash_at: int, until: int, variant: str = "F2L3D") -> Played:
    room = Room(seed=seed, path=str(tmp_path / f"server{seed}.sqlite"), churn=4.0, variant=VARIANTS[variant])
    run(room, players=5, crash_at_hand=crash_at)
    table, store = resume(room, until_hand=until)
    return room, table, store


@pytest.fixture(scope="module", params=[("F2L3D", 11, 20, 45), ("N2L3D", 3, 8, 20)], ids=["limit", "no-limit"])
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Played, int, int]:
    variant, seed, crash_at, until = request.param
    return _play(tmp_path_factory.mktemp("server"), seed, crash_at, until, variant), crash_at, until


def test_the_run_did_everything_a_server_sees(played: tuple[Played, int, int]) -> None:
    (room, table, _), crash_at, until = played
    s = room.stats
    assert room.crashed_in_hand == crash_at  # stopped in the middle of that hand, resumed there
    assert table.hand_number == until and not table.in_hand
    # every kind of traffic happened (otherwise the checks below prove nothing about it)
    assert s.duplicates > 0 and s.late_duplicates > 0 and s.stale_refused > 0 and s.disconnects > 0
    assert s.timeouts > 0 and s.sits > 0 and s.leaves_in_hand + s.leaves_between > 0 and s.sit_ins > 0
    assert s.refused == []  # a client that acts on its turn with the seq it saw is never refused


def test_every_client_saw_every_event_once_in_order_across_the_crash(played: tuple[Played, int, int]) -> None:
    (room, table, _), _, _ = played
    last = table.events_for(None)[-1].number
    for c in room.clients.values():
        # each client started from since=0 (late joiners read the old hands from the store)
        assert c.seen == list(range(1, len(c.seen) + 1)), c.name
        assert c.gone  # everyone left at the end and saw their own leave event
        assert c.seen[-1] <= last
    # the clients that stayed to the end saw the whole stream
    assert max(c.seen[-1] for c in room.clients.values()) == last


def test_chips_are_conserved_and_everyone_is_paid_out(played: tuple[Played, int, int]) -> None:
    (room, table, _), _, _ = played
    assert table.chips_at_table() == 0 and all(s is None for s in table.seats)
    assert table.chips_in == table.chips_out + table.rake_total
    assert sum(c.cashed for c in room.clients.values()) == table.chips_out
    events = table.events_for(None)
    brought = sum(e.amount for e in events if e.kind in ("sit", "chips"))
    assert brought == table.chips_in
    assert sum(e.amount for e in events if e.kind == "rake") == table.rake_total > 0


def test_each_finished_hand_is_stored_and_its_phh_replays_to_the_events_the_clients_saw(
    played: tuple[Played, int, int],
) -> None:
    (_, table, store), _, until = played
    spectator = [e.to_dict() for e in table.events_for(None)]
    hands = store.hands("t1")
    assert [h["number"] for h in hands] == list(range(1, until + 1))
    for h in hands:
        n = h["number"]
        start = next(e for e in spectator if e["kind"] == "hand_start" and e["hand"] == n)
        end = next(e for e in spectator if e["kind"] == "hand_end" and e["hand"] == n)
        state = phh.loads(h["phh"]).play()
        assert state.is_complete
        seats = start["data"]["seats"]
        assert h["seats"] == seats and list(h["starting_stacks"]) == start["data"]["stacks"]
        assert list(state.starting_stacks) == start["data"]["stacks"]
        # the PHH's stacks are the engine's, before the rake; the table's are after it
        assert sum(state.stacks) - sum(h["finishing_stacks"]) == h["rake"] == end["data"]["rake"]
        # hand_end lists the seats still held by the hand's players (one who folded and left
        # mid-hand was paid out then)
        final = {str(k): v for k, v in zip(seats, h["finishing_stacks"])}
        left = {
            str(e["seat"])
            for e in spectator
            if e["hand"] == n and e["kind"] == "leave" and e["amount"] > 0 and e["number"] < end["number"]
        }
        assert {k: v for k, v in final.items() if k not in left} == end["data"]["stacks"]
        # the replayed hand's events, as a spectator sees them, are the table's events of the hand
        replayed = [
            (e.kind, None if e.position is None else seats[e.position], e.amount, e.number, e.pot)
            for e in (x.hidden_for(None) for x in state.events)
        ]
        seen = [(e["kind"], e["seat"], e["amount"], e["count"], e["pot"]) for e in hand_events(spectator, n)]
        assert seen == replayed, n


def test_the_same_seed_gives_the_same_run(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, ta, _ = _play(tmp_path / "a", seed=5, crash_at=3, until=6)
    b, tb, _ = _play(tmp_path / "b", seed=5, crash_at=3, until=6)
    assert [e.to_dict() for e in ta.events_for(None)] == [e.to_dict() for e in tb.events_for(None)]
    assert a.stats == b.stats


# -- the pieces a server relies on, one at a time ---------------------------------------------


def _table(tmp_path: Path, **kw: Any) -> tuple[Table, SQLiteStore]:
    store = SQLiteStore(tmp_path / "t.sqlite")
    t = Table(FL, seats=4, table_id="t", store=store, seed=7, **kw)
    for k in range(3):
        t.sit(k, f"p{k}", 100, now=0)
    t.deal(now=0)
    return t, store


def test_a_retry_after_the_server_restarted_gets_the_stored_answer(tmp_path: Path) -> None:
    t, store = _table(tmp_path)
    # three players, button 2 (the last seat), blinds 0 and 1: seat 2 acts first
    assert (t.button, t.small_blind, t.big_blind, t.actor) == (2, 0, 1, 2)
    seq = t.seq
    first = t.act(2, {"kind": "call"}, seq=seq, now=1)
    store.close()
    again = Table.resume(SQLiteStore(tmp_path / "t.sqlite"), "t")
    retry = again.act(2, {"kind": "call"}, seq=seq, now=2)
    assert retry.repeated and retry.seq == seq
    assert [e.number for e in retry.events] == [e.number for e in first.events]
    assert again.seq == seq + 1  # not applied twice
    with pytest.raises(SeqError, match=rf"seat 2: seq {seq} is stale: the table is at seq {seq + 1}"):
        again.act(2, {"kind": "raise", "amount": 4}, seq=seq, now=2)  # not the same action: stale


def test_events_go_through_json_and_back_unchanged(tmp_path: Path) -> None:
    t, _ = _table(tmp_path)
    t.act(2, {"kind": "call"}, seq=t.seq, now=1)
    for seat in (None, 0, 1, 2):
        events = t.events_for(seat)
        wire = json.loads(json.dumps([e.to_dict() for e in events]))
        assert [TableEvent.from_dict(d) for d in wire] == events
        assert [d["data"] for d in wire] == [e.data for e in events]


def test_a_client_sees_its_own_cards_only_and_the_view_agrees(tmp_path: Path) -> None:
    t, _ = _table(tmp_path)
    for seat in (0, 1, 2):
        deals = [e for e in t.events_for(seat) if e.kind == "deal"]
        assert sorted(e.seat for e in deals) == [0, 1, 2]  # one deal event per player
        (own,) = [e for e in deals if e.seat == seat]
        assert sorted(own.cards) == sorted(t.player_view(seat).hand) and len(own.cards) == 5
        assert all(e.cards == () and e.count == 5 for e in deals if e.seat != seat)


def _finish(t: Table, now: float = 0) -> None:
    while t.in_hand:
        legal = t.legal_actions()
        a = Action.check() if legal.check else Action.call() if legal.call else Action.stand_pat()
        t.act(t.actor, a, seq=t.seq, now=now)  # type: ignore[arg-type]


# -- bugs found by the server, fixed --------------------------------------------------------------


def test_changing_a_forwarded_event_does_not_change_the_table(tmp_path: Path) -> None:
    t, _ = _table(tmp_path)
    start = next(e for e in t.events_for(0) if e.kind == "hand_start")
    start.to_dict()["data"]["button"] = 99  # a server decorating the message it sends
    with pytest.raises(TypeError, match="read-only"):
        start.data["for_client"] = "p0"  # the table's own event: read-only
    again = next(e for e in t.events_for(1) if e.kind == "hand_start")
    # three players, button 2: positions 0, 1, 2 are seats 0 (small blind), 1 (big blind), 2
    assert again.data == {
        "button": 2, "small_blind": 0, "big_blind": 1, "seats": [0, 1, 2], "players": ["p0", "p1", "p2"],
        "stacks": [100, 100, 100],
    }  # fmt: skip
    _finish(t)
    end = t.events_for(None)[-1]
    assert end.kind == "hand_end"
    with pytest.raises(TypeError, match="read-only"):
        end.data["stacks"]["0"] = -5  # the nested dicts too
    stacks = {str(k): info.chips for k, info in enumerate(t.seats) if info is not None}
    assert t.events_for(2)[-1].data["stacks"] == stacks


def test_a_retry_after_a_restart_gets_the_same_events_as_before_it(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "k.sqlite")
    t = Table(FL, seats=3, table_id="k", store=store, seed=1, keep_hands=1, next_hand_delay=0)
    for k in range(3):
        t.sit(k, f"p{k}", 100, now=0)
    t.deal(now=0)
    # button 2, blinds 0 and 1: seat 2 folds, seat 0 folds: the big blind wins, hand over
    assert t.actor == 2
    t.act(2, Action.fold(), seq=t.seq, now=0)
    seq = t.seq
    last = t.act(0, Action.fold(), seq=seq, now=0)
    kinds = [e.kind for e in last.events]
    assert kinds == ["fold", "return", "win", "hand_end"]  # the big blind's 1 uncalled chip back
    t.tick(1)  # the next hand is dealt at once (next_hand_delay=0): hand 1 is no longer kept
    assert t.hand_number == 2 and t.actor == 0  # button 0 (dead-button: moved from 2), blinds 1 and 2
    t.act(0, Action.call(), seq=t.seq, now=1)
    before = t.act(0, Action.fold(), seq=seq, now=1)  # the answer was lost; the client retries
    assert before.repeated and [e.kind for e in before.events] == kinds
    store.close()
    again = Table.resume(SQLiteStore(tmp_path / "k.sqlite"), "k")
    after = again.act(0, Action.fold(), seq=seq, now=1)
    assert after.repeated and [e.kind for e in after.events] == kinds


def test_a_retry_recognised_before_a_restart_is_recognised_after_it(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "r.sqlite")
    t = Table(FL, seats=4, table_id="r", store=store, seed=1)
    for k in range(3):
        t.sit(k, f"p{k}", 100, now=0)
    t.deal(now=0)
    seq = t.seq
    t.act(2, Action.call(), seq=seq, now=0)
    for _ in range(150):  # a player comes and goes between the retries: 300 changes, no action
        t.sit(3, "visitor", 20, now=0)
        t.leave(3, now=0)
    assert t.act(2, Action.call(), seq=seq, now=0).repeated
    store.close()
    again = Table.resume(SQLiteStore(tmp_path / "r.sqlite"), "r")
    assert again.act(2, Action.call(), seq=seq, now=0).repeated


def test_a_client_that_left_while_away_is_not_shown_the_next_players_cards(tmp_path: Path) -> None:
    from newuser_table_server import Server, Stats

    t, _ = _table(tmp_path)
    server = Server(t, [0.0], Stats())
    since = t.events_for(2)[-1].number  # p2 (seat 2) saw everything up to here, then lost the line
    t.leave(2, now=0)  # the lobby makes p2 leave: seat 2 is to act, so his hand is folded at once
    _finish(t)
    t.sit(2, "newcomer", 100, now=0)
    t.deal(now=0)
    assert t.big_blind == 2 and t.position_of(2) is not None  # the big blind moves from seat 1 to him
    # events_for takes a seat: asked for seat 2, the table shows the newcomer's cards to whoever asks
    assert [len(e.cards) for e in t.events_for(2, since) if e.kind == "deal" and e.seat == 2] == [5]
    # the server gives p2, who no longer sits there, a spectator's stream
    back = server.events(2, "p2", since)
    assert [e["cards"] for e in back if e["kind"] == "deal"] == ["", "", ""]
    # he sees his own leaving: announced, his hand folded, then paid out his 100 (nothing in the pot)
    mine = [(e["kind"], e["amount"], e["data"]) for e in back if e["player"] == "p2"]
    assert mine == [("leave", 0, {"at_hand_end": True}), ("fold", 0, {}), ("leave", 100, {})]

"""A player's own hands in PokerStars' form, kept beside the PHH (issue 32: "Table and lowball
serve can keep that form"): :meth:`lowball.Table.pokerstars_for` gives the stored hands one
sitting was dealt in, only his cards face up; ``GET /api/tables/{id}/hands`` gives a seat token's
own file. Checked by reading the text back with the room importer (:mod:`lowball.rooms`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_play import make_bots, step

from lowball import phh, rooms
from lowball.errors import TableError
from lowball.store import SQLiteStore
from lowball.table import Table
from lowball.variants import VARIANTS

TRIPLE = VARIANTS["F2L3D"]


def _play_hands(t: Table, count: int, seed: int) -> None:
    bots = make_bots(TRIPLE, len(t.seats), seed)
    now, start = 1.0, t.hand_number
    while t.hand_number < start + count or t.in_hand:
        now += 1.0
        assert step(t, bots, now)


def _deals(history: phh.HandHistory, names: list[str]) -> list[tuple[str, str]]:
    """(player, cards) of each deal of a hand history (``d dh pK CARDS``: the deal and each
    draw's new cards), in order."""
    deals = [a.split()[2:4] for a in history.actions if a.startswith("d dh ")]
    return [(names[int(p[1:]) - 1], cards) for p, cards in deals]


def _check_own_file(text: str, kept: dict[int, dict], hero: str, numbers: list[int]) -> None:
    """The file holds exactly hands ``numbers``, each replaying to the stored hand's stacks; in
    each, every card dealt to the hero is the stored hand's, and every card dealt to another
    player is unknown (``?``: the file shows others' cards only as their showdown shows them)."""
    hands = rooms.read_text(text)
    assert all(isinstance(h, rooms.RoomHand) for h in hands), hands
    assert [int(h.number) for h in hands] == numbers
    for h in hands:
        record = kept[int(h.number)]
        assert list(h.players) == record["players"]
        assert list(h.state.starting_stacks) == record["starting_stacks"]
        assert list(h.state.stacks) == record["finishing_stacks"]
        stored = phh.loads(record["phh"])
        mine = [c for p, c in _deals(stored, record["players"]) if p == hero]
        read = _deals(h.history, record["players"])
        assert [c for p, c in read if p == hero] == mine
        assert mine and all(set(c) == {"?"} for p, c in read if p != hero)


def test_a_sitting_gets_its_own_hands_and_no_other_card(tmp_path: Path) -> None:
    with SQLiteStore(tmp_path / "t.db") as store:
        t = Table(TRIPLE, seats=3, store=store, table_id="t1", seed=11, next_hand_delay=0)
        for k, name in enumerate(["ann", "bob", "cy"]):
            t.sit(k, name, 200, now=0.0)
        first = t.seats[0].sitting
        _play_hands(t, 6, 1)
        paid = t.leave(0, now=100.0)
        assert not paid.at_hand_end
        t.sit(0, "ann", max(paid.amount, t.buy_in_for("ann", now=101.0).minimum), now=101.0)
        again = t.seats[0].sitting
        assert again > first
        _play_hands(t, 3, 2)
        kept = {h["number"]: h for h in store.hands("t1")}
        assert sorted(kept) == list(range(1, 10))
        _check_own_file(t.pokerstars_for(first), kept, "ann", [1, 2, 3, 4, 5, 6])
        # back in seat 0 she waits for her big blind (WSOP-LAR 278: 2-7 lowball): hands 7 and 8
        # are dealt without her
        assert [n for n in (7, 8, 9) if "ann" in kept[n]["players"]] == [9]
        _check_own_file(t.pokerstars_for(again), kept, "ann", [9])
        _check_own_file(t.pokerstars_for(first, since=1, limit=2), kept, "ann", [2, 3])
        assert t.pokerstars_for(first, since=6) == ""
        # another player's own file: his cards, not ann's
        _check_own_file(t.pokerstars_for(t.seats[1].sitting), kept, "bob", list(range(1, 10)))


def test_bad_calls_are_named(tmp_path: Path) -> None:
    t = Table(TRIPLE, seats=2)
    with pytest.raises(TableError, match="no store"):
        t.pokerstars_for(1)
    with SQLiteStore(tmp_path / "t.db") as store:
        t = Table(TRIPLE, seats=2, store=store)
        for bad in (0, "x", True, 1.5):
            with pytest.raises(TableError, match="sitting"):
                t.pokerstars_for(bad)  # type: ignore[arg-type]
        with pytest.raises(TableError, match="since"):
            t.pokerstars_for(1, since=-1)
        with pytest.raises(TableError, match="limit"):
            t.pokerstars_for(1, limit=0)


def test_the_server_gives_a_token_its_own_pokerstars_file(tmp_path: Path) -> None:
    from server_helpers import passive_action, running

    with running(tmp_path / "s.db") as s:
        info = s.seat("ann")
        c = s.ws()
        assert c.hello(info["token"])["type"] == "welcome"
        hands = set()
        while len(hands) < 3:  # plays until a third hand is dealt to her
            st = c.my_turn()
            hands.add(st["hand"])
            c.send({"type": "act", "id": "a", "seq": st["seq"], "action": passive_action(st["you"]["legal"])})
            assert c.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        auth = {"Authorization": f"Bearer {info['token']}"}
        r = s.http.get("/api/tables/t1/hands", headers=auth)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
        table = s.game.room("t1").table
        with SQLiteStore(tmp_path / "s.db") as store:
            kept = {h["number"]: h for h in store.hands("t1")}
        played = sorted(n for n, h in kept.items() if "ann" in h["players"])
        assert len(played) >= 2 and played == sorted(hands)[: len(played)]
        _check_own_file(r.text, kept, "ann", played)
        assert r.text == table.pokerstars_for(table.seats[info["seat"]].sitting)
        r = s.http.get("/api/tables/t1/hands", params={"since": played[0]}, headers=auth)
        assert [int(h.number) for h in rooms.read_text(r.text)] == played[1:]
        # what is refused, in words, with the project's codes
        for headers, params, status, code in [
            ({}, {}, 401, "bad_token"),
            ({"Authorization": "Bearer nope"}, {}, 401, "bad_token"),
            (auth, {"since": "-1"}, 400, "bad_since"),
            (auth, {"since": "x"}, 400, "bad_since"),
            (auth, {"form": "phh"}, 400, "bad_query"),
        ]:
            r = s.http.get("/api/tables/t1/hands", params=params, headers=headers)
            assert (r.status_code, r.json()["code"]) == (status, code), r.text
        assert s.http.get("/api/tables/nope/hands", headers=auth).status_code == 404

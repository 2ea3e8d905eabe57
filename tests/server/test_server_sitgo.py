"""The sit & go of ``lowball serve`` (issue 30) through its HTTP and WebSocket API, to the end:
a person registers from the lobby and starts it, bots take the other five places, he plays his
hands at his table, is moved to another table (his page is sent the new table and reconnects
with the same token), and the places and prizes come out as the payout table gives them, paid
into the wallet. Every frame and answer is checked against its schema (tests/wire_check.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the server extra (uvicorn) is not installed")

from server_helpers import Server, passive_action, running  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from lowball.server.sitgo import CLOSE_MOVED, attach  # noqa: E402
from lowball.tournament import SIT_AND_GO_PAYOUTS, Level, Structure  # noqa: E402
from lowball.variants import VARIANTS  # noqa: E402

# six players at two tables of three (moves between them, then the final table), fast levels
FAST = Structure(
    variant=VARIANTS["F2L3D"],
    starting_stack=60,
    table_size=3,
    levels=tuple(Level(small_blind=a, big_blind=2 * a, hands=2) for a in (1, 2, 3, 5, 10, 20, 40, 80, 160)),
    payouts=SIT_AND_GO_PAYOUTS,
)
SEED = 4  # a seed whose person is moved (to the final table) and plays on
# the sensible bots: with this seed the person is moved between tables, which the test follows
# (the solid bots, the server's default, play sit & gos in tests/tournament/test_tournament.py)
OPTIONS: dict[str, Any] = {"sit_and_go": FAST, "sit_and_go_players": 6, "sit_and_go_seed": SEED, "bots": "sensible"}


def play_to_the_end(s: Server, token: str, table: str) -> tuple[list[dict[str, Any]], list[str]]:
    """The person plays (check or call, stand pat) at his table, following it when he is moved,
    until the sit & go is over; returns every ``tournament`` message and the tables he played at."""
    seen: list[dict[str, Any]] = []
    tables = [table]
    while True:
        c = s.ws(table)
        welcome = c.hello(token)
        assert welcome["type"] == "welcome" and welcome["table"] == table, welcome
        try:
            while True:
                msg = c.recv()
                if msg["type"] == "tournament":
                    seen.append(msg)
                    if msg["status"] == "finished":
                        return seen, tables
                elif msg["type"] == "state" and msg["you"] is not None and msg["you"]["legal"]:
                    c.send({"type": "act", "seq": msg["seq"], "action": passive_action(msg["you"]["legal"])})
        except ConnectionClosed as e:
            assert e.rcvd is not None and e.rcvd.code == CLOSE_MOVED  # moved: the last message named his table
            you = seen[-1]["you"]
            assert you["table"] != table
            table = you["table"]
            tables.append(table)


def test_a_sit_and_go_to_the_end_through_the_api(tmp_path: Path) -> None:
    with running(tmp_path / "s.db", **OPTIONS) as s:
        before = s.http.get("/api/sitgo").json()
        assert (before["status"], before["players"], before["registered"], before["tables"]) == (
            "registering", 6, [], [],
        )  # fmt: skip
        entry = s.http.post("/api/sitgo/register", json={"player": "ann"}).json()
        assert entry["player"] == "ann"
        wallet = s.game.wallet
        assert wallet is not None and wallet.balance("ann") == 10_000 - 110
        again = s.http.post("/api/sitgo/register", json={"player": "ann"})
        assert again.status_code == 409 and again.json()["code"] == "name_taken"
        started = s.http.post("/api/sitgo/start").json()
        assert started["status"] == "running" and started["entries"] == 6
        assert started["registered"] == ["ann", "bot1", "bot2", "bot3", "bot4", "bot5"]
        assert [(t["table"], t["players"]) for t in started["tables"]] == [("sng-1", 3), ("sng-2", 3)]
        late = s.http.post("/api/sitgo/register", json={"player": "bob"})
        assert late.status_code == 409 and late.json()["code"] == "registration_closed"
        mine = s.http.get("/api/sitgo", headers={"Authorization": "Bearer " + entry["token"]}).json()["you"]
        assert mine["player"] == "ann" and mine["table"] in ("sng-1", "sng-2") and mine["place"] is None
        seen, tables = play_to_the_end(s, entry["token"], mine["table"])
        last = seen[-1]
        assert len(tables) >= 2  # he was moved, and played on at his new table with his token
        places = [(p["place"], p["player"], p["prize"]) for p in last["places"]]
        assert [p for p, _, _ in places] == [1, 2, 3, 4, 5, 6]
        assert sorted(n for _, n, _ in places) == ["ann", "bot1", "bot2", "bot3", "bot4", "bot5"]
        assert [prize for _, _, prize in places] == [300, 180, 120, 0, 0, 0]  # 50/30/20 of 6 x 100
        assert last["prize_pool"] == 600 and last["players_left"] == 0
        events = {e["number"]: e for m in seen for e in m["events"]}  # the last 20 of each message
        his = [e for e in events.values() if e["kind"] == "moved" and e["player"] == "ann"]
        assert [f"sng-{e['table']}" for e in his] == tables[1:]  # each move, and the table his page went to
        kinds = {e["kind"] for e in events.values()}
        assert {"moved", "level", "eliminated", "paid", "final_table", "finished"} <= kinds
        prize = dict((n, p) for _, n, p in places)["ann"]
        assert last["you"]["place"] == dict((n, p) for p, n, _ in places)["ann"]
        assert wallet.balance("ann") == 10_000 - 110 + prize  # his prize paid into his account
        assert s.game.sitgo.tournament.reconcile() == []


def test_a_sit_and_go_resumes_when_the_server_starts_again(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    with running(db, **OPTIONS) as s:
        entry = s.http.post("/api/sitgo/register", json={"player": "ann"}).json()
        s.http.post("/api/sitgo/start")
        auth = {"Authorization": "Bearer " + entry["token"]}
        before = s.http.get("/api/sitgo", headers=auth).json()
        c = s.ws(before["you"]["table"])
        c.hello(entry["token"])
        turn = c.my_turn()  # the bots have played up to his turn: the tournament waits for him
        hand = turn["hand"]
    with running(db, **OPTIONS) as s:
        after = s.http.get("/api/sitgo", headers=auth).json()
        assert after["you"] == before["you"] and after["registered"] == before["registered"]
        assert after["status"] == "running" and after["events"][-1]["number"] >= before["events"][-1]["number"]
        assert [r["id"] for r in s.http.get("/api/tables").json()["tables"]][:1] == ["t1"]
        c = s.ws(after["you"]["table"])
        assert c.hello(entry["token"])["seat"] == after["you"]["seat"]  # his token holds his seat still
        again = c.my_turn()
        assert again["hand"] == hand and again["seq"] == turn["seq"]  # where it was: his turn in that hand
        c.send({"type": "act", "seq": again["seq"], "action": passive_action(again["you"]["legal"])})
        assert c.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"


def test_sit_and_go_refusals(tmp_path: Path) -> None:
    with running(tmp_path / "s.db") as s:
        r = s.http.get("/api/sitgo")
        assert r.status_code == 204 and r.content == b""  # none: the lobby shows no box
        r = s.http.post("/api/sitgo/register", json={"player": "ann"})
        assert r.status_code == 404 and r.json()["code"] == "no_sit_and_go"
    with running(tmp_path / "t.db", **OPTIONS) as s:
        r = s.http.post("/api/sitgo/start")
        assert r.status_code == 409 and r.json()["code"] == "not_registered"
        for body, code in (
            ({"player": "bot3"}, "bad_name"),
            ({"player": ""}, "bad_name"),
            ({"name": "x"}, "bad_message"),
        ):
            r = s.http.post("/api/sitgo/register", json=body)
            assert r.status_code == 400 and r.json()["code"] == code, r.text
        entry = s.http.post("/api/sitgo/register", json={"player": "ann"}).json()
        s.http.post("/api/sitgo/start")
        table = s.http.get("/api/sitgo", headers={"Authorization": "Bearer " + entry["token"]}).json()["you"]["table"]
        r = s.http.post(f"/api/tables/{table}/seats", json={"player": "bob"})
        assert r.status_code == 409 and r.json()["code"] == "sit_and_go"
        r = s.http.get("/api/sitgo", headers={"Authorization": "Bearer nope"})
        assert r.status_code == 401 and r.json()["code"] == "bad_token"


def test_a_failed_write_reads_the_sit_and_go_back_from_the_database(tmp_path: Path) -> None:
    """A database write that fails during a person's action (a full disk) is refused as
    ``store_failed``, and the sit & go in memory is read back as the database holds it: the
    same events, the same seat, his turn again, his token still good."""
    from lowball.errors import StoreError
    from lowball.server.game import GameServer, ServerError
    from lowball.server.service import stored
    from lowball.server.sitgo import TournamentRoom

    g = GameServer(tmp_path / "s.db", tables=1, bot_delay=0, next_hand_delay=0, clock=lambda: 1000.0, **OPTIONS)
    try:
        sitgo = attach(g)
        assert sitgo is not None and attach(g) is sitgo
        token, _ = sitgo.register("ann", 1000.0)
        sitgo.start(1000.0)
        sitgo.pump(1000.0)  # the bots play up to his turn
        table_id, seat = sitgo.form("ann").you.table, sitgo.form("ann").you.seat
        room = g.rooms[table_id]
        events = [e.to_dict() for e in sitgo.tournament.events]
        assert room.table.actor == seat
        sitting = room.sitting_of(token, 1000.0)
        legal = room.table.legal_actions()
        action = passive_action({"draw": legal.draw, "check": legal.check})
        real = g.store.save_action
        seq = room.table.seq

        def full_disk(*args: Any) -> None:
            raise StoreError("disk full (a test)")

        g.store.save_action = full_disk  # type: ignore[method-assign]
        try:
            from lowball import wire

            with pytest.raises(ServerError, match="the database failed, nothing was changed"):
                stored(g, room, room.act, sitting, wire.action_of(wire.Action(**action)), seq, 1000.0)
        finally:
            g.store.save_action = real  # type: ignore[method-assign]
        back = g.rooms[table_id]
        assert isinstance(back, TournamentRoom) and back is not room and g.sitgo is not sitgo
        assert [e.to_dict() for e in g.sitgo.tournament.events] == events
        assert back.table.actor == seat and back.table.seq == seq  # his turn again, nothing applied
        assert back.sitting_of(token, 1000.0).seat == seat
    finally:
        g.close()


def test_a_person_who_does_not_act_in_time_is_set_away_until_he_sits_in(tmp_path: Path) -> None:
    """The tournament waits for a person at his turn for the server's action time, then sets him
    away: his hands are folded for him (the bots play on) until he sits in again (TR 82)."""
    from server_helpers import Clock

    from lowball.server.game import GameServer

    clock = Clock()
    # a bot at his table acts 1 s after its turn comes: the test's clock paces his table
    g = GameServer(tmp_path / "s.db", tables=1, bot_delay=1, next_hand_delay=0, action_seconds=30, clock=clock,
                   **OPTIONS)  # fmt: skip
    try:
        sitgo = attach(g)
        assert sitgo is not None
        token, _ = sitgo.register("ann", clock.now)
        sitgo.start(clock.now)
        you = sitgo.form("ann").you
        room = g.rooms[you.table]
        while not (room.table.in_hand and room.table.actor == you.seat):
            clock.now += 1.0
            sitgo.pump(clock.now)
        seq = room.table.seq
        clock.now += 29.9
        sitgo.pump(clock.now)
        assert room.table.seq == seq and not sitgo.tournament.is_away("ann")  # still his turn
        clock.now += 0.2
        sitgo.pump(clock.now)
        assert sitgo.tournament.is_away("ann") and sitgo.form("ann").you.away is True
        clock.now += 1.0  # his dead hand is played at his table's pace, as a bot's
        sitgo.pump(clock.now)
        assert room.table.seq == seq + 1 and room.table.actor != you.seat  # his hand folded for him
        assert sitgo.tournament.where("ann") == (int(you.table.split("-")[1]), you.seat)  # never removed
        room.sit_in(room.sitting_of(token, clock.now), clock.now)
        assert not sitgo.tournament.is_away("ann")
    finally:
        g.close()


def test_a_sit_and_go_of_the_default_bots_plays_to_the_end(tmp_path: Path) -> None:
    """The server's default bots (solid) fill the field and play every level (a bot of the first
    level's stakes called where nobody had bet at the next, and the sit & go stopped)."""
    options = {k: v for k, v in OPTIONS.items() if k != "bots"}
    with running(tmp_path / "s.db", **options) as s:
        entry = s.http.post("/api/sitgo/register", json={"player": "ann"}).json()
        started = s.http.post("/api/sitgo/start").json()
        assert started["registered"] == ["ann", "bot1", "bot2", "bot3", "bot4", "bot5"]
        mine = s.http.get("/api/sitgo", headers={"Authorization": "Bearer " + entry["token"]}).json()["you"]
        seen, _ = play_to_the_end(s, entry["token"], mine["table"])
        places = [(p["place"], p["prize"]) for p in seen[-1]["places"]]
        assert places == [(1, 300), (2, 180), (3, 120), (4, 0), (5, 0), (6, 0)]

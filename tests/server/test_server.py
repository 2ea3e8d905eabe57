"""``lowball serve`` (issue 14): the lobby, seats and tokens, the WebSocket protocol, refusals
that change nothing, reconnecting from event numbers, bots giving up seats, tokens expiring,
and a restart on the same database, against the real application on uvicorn over 127.0.0.1.

The server's clock is the test's (:class:`server_helpers.Clock`): while it stands still nobody
times out, so a table waiting on the test's player does not move, and the stored snapshot can be
compared before and after a refused message.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the server extra (uvicorn) is not installed")

from server_helpers import Client, Clock, Server, passive_action, running  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from lowball.errors import StoreError  # noqa: E402
from lowball.server.game import GameServer, ServerError  # noqa: E402
from lowball.store import SQLiteStore  # noqa: E402
from lowball.table import Table  # noqa: E402


def stored(db: Path, table: str = "t1") -> dict[str, Any]:
    """The table's snapshot as the database holds it (read through a second connection)."""
    with SQLiteStore(db) as store:
        return dict(store.load(table)["snapshot"])  # type: ignore[index]


def seated(server: Server, name: str = "ann") -> tuple[dict[str, Any], Client]:
    info = server.seat(name)
    c = server.ws()
    assert c.hello(info["token"])["type"] == "welcome"
    return info, c


# -- the lobby and seats --------------------------------------------------------------------------


def test_lobby_lists_tables_and_a_seat_brings_bots(tmp_path: Path) -> None:
    with running(tmp_path / "s.db", tables=2) as s:
        before = s.http.get("/api/tables").json()["tables"]
        assert [
            (t["id"], t["variant"], t["stakes"], t["seats"], t["humans"], t["bots"], t["hand"]) for t in before
        ] == [
            ("t1", "F2L3D", "2/4", 6, 0, 0, 0),
            ("t2", "F2L3D", "2/4", 6, 0, 0, 0),
        ]
        assert before[0]["name"] == "2-7 triple draw, fixed limit"
        info = s.seat("ann")
        assert (info["table"], info["seat"], info["player"]) == ("t1", 0, "ann")
        assert len(info["token"]) >= 40
        t1 = s.http.get("/api/tables").json()["tables"][0]
        assert (t1["humans"], t1["bots"], t1["taken"], t1["hand"]) == (1, 5, 6, 1)  # bots sat, a hand began
        # the token is kept only as its hash
        raw = (tmp_path / "s.db").read_bytes() + (tmp_path / "s.db-wal").read_bytes()
        assert info["token"].encode() not in raw


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({"player": ""}, 400, "bad_name", "player = ''"),
        ({"player": "x" * 21}, 400, "bad_name", "1 to 20"),
        ({"player": "bot3"}, 400, "bad_name", "bots'"),
        ({"player": "a\nb"}, 400, "bad_name", "printable"),
        ({"player": " ann"}, 400, "bad_name", "' ann'"),
        ({"player": 7}, 400, "bad_name", "player = 7:"),
        ({"player": "bo", "seat": 6}, 400, "bad_seat", "seat = 6: expected a seat number 0..5"),
        ({"player": "bo", "seat": -1}, 400, "bad_seat", "seat = -1"),
        ({"player": "bo", "seat": "1"}, 400, "bad_seat", "seat = '1'"),
        ({"player": "bo", "seat": True}, 400, "bad_seat", "seat = True"),
        ({"player": "bo", "chips": 5}, 400, "bad_message", '{"player": NAME}'),
        ([1, 2], 400, "bad_message", '{"player": NAME}'),
    ],
)
def test_a_bad_seat_request_is_refused_in_words(tmp_path: Path, body: Any, status: int, code: str, words: str) -> None:
    with running(tmp_path / "s.db") as s:
        r = s.http.post("/api/tables/t1/seats", json=body)
        assert r.status_code == status
        assert r.json()["code"] == code
        assert words in r.json()["error"]
        assert s.http.get("/api/tables").json()["tables"][0]["humans"] == 0


SHAPE = '; a seat is taken with {"player": NAME} or {"player": NAME, "seat": N}'


@pytest.mark.parametrize(
    ("body", "code", "error"),
    [
        (b"{}", "bad_name", "player: missing: expected player in a TakeSeat"),
        (b'{"player": "ann", "seat": 1.5}', "bad_seat", "seat = 1.5: expected a seat number 0..5 of table t1 (the "
         "JSON counts seats from 0: seat 1 is 0)"),
        (b'{"player": "a\\ud800"}', "bad_name", "player = 'a\\ud800': expected valid Unicode text (U+D800 is half "
         "of a UTF-16 pair, not a character)"),
        (b'{"player": "' + b"x" * 21 + b'"}', "bad_name", f"player = '{'x' * 21}': expected a name of 1 to 20 "
         "printable characters (it has 21)"),
        (b'{"player": "' + b"y" * 300 + b'"}', "bad_name", "player = '" + "y" * 36 + "...: expected "
         "a name of 1 to 20 printable characters (it has 300)"),
        (b'{"player": ""}', "bad_name", "player = '': expected a name of 1 to 20 printable characters (it has 0)"),
        (b'{"player": "bo", "chips": 5}', "bad_message", "chips = 5: expected no field 'chips' in a TakeSeat (its "
         "fields: player, seat)" + SHAPE),
        (b"[1, 2]", "bad_message", "the request body = [1, 2]: expected an object" + SHAPE),
        (b"null", "bad_message", "the request body = None: expected an object" + SHAPE),
        (b'{"player": ', "bad_json", "the request body is not JSON (Input data was truncated)"),
    ],
    ids=[
        "empty", "seat-fraction", "surrogate", "long-name", "very-long-name", "empty-name", "extra-field", "list",
        "null", "cut-short",
    ],
)  # fmt: skip
def test_a_seat_request_is_read_by_its_wire_form(tmp_path: Path, body: bytes, code: str, error: str) -> None:
    """The body is decoded by lowball.wire's TakeSeat (issue 29): refused with the wire's error,
    naming the field and the value (the code by the field: bad_name, bad_seat), nothing changed."""
    with running(tmp_path / "s.db") as s:
        r = s.http.post("/api/tables/t1/seats", content=body, headers={"Content-Type": "application/json"})
        assert (r.status_code, r.json()) == (400, {"error": error, "code": code})
        assert s.http.get("/api/tables").json()["tables"][0]["humans"] == 0
        assert s.game.store.get_data("lowball.server") == {}


def test_a_seat_request_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    with running(tmp_path / "s.db") as s:
        r = s.http.post("/api/tables/t1/seats", content="\ufeff".encode() + b'{"player": "ann", "seat": null}')
        assert r.status_code == 200 and r.json()["player"] == "ann"


def test_the_seat_request_schema_says_the_names_length() -> None:
    from lowball import wire

    player = wire.schema("TakeSeat")["$defs"]["TakeSeat"]["properties"]["player"]
    assert (player["type"], player["minLength"], player["maxLength"]) == ("string", 1, 20)


def test_seat_requests_that_cannot_be_had(tmp_path: Path) -> None:
    with running(tmp_path / "s.db", seats=2) as s:
        r = s.http.post("/api/tables/t9/seats", json={"player": "ann"})
        assert (r.status_code, r.json()["code"]) == (404, "no_table")
        assert "'t9'" in r.json()["error"] and "t1" in r.json()["error"]
        r = s.http.post("/api/tables/t1/seats", content=b"{not json")
        assert (r.status_code, r.json()["code"]) == (400, "bad_json")
        r = s.http.post("/api/tables/t1/seats", content=b'{"player": "' + b"a" * 5000 + b'"}')
        assert (r.status_code, r.json()["code"]) == (413, "too_large")
        s.seat("ann")
        r = s.http.post("/api/tables/t1/seats", json={"player": "ann"})
        assert (r.status_code, r.json()["code"]) == (409, "name_taken")
        s.seat("bob")  # the bot's seat: bob joins when the hand ends
        r = s.http.post("/api/tables/t1/seats", json={"player": "cat"})
        assert (r.status_code, r.json()["code"]) == (409, "table_full")
        r = s.http.post("/api/tables/t1/seats", json={"player": "cat", "seat": 0})
        assert (r.status_code, r.json()["code"]) == (409, "seat_taken")


def test_pages_are_served_with_security_headers(tmp_path: Path) -> None:
    with running(tmp_path / "s.db") as s:
        for path in ("/", "/table/t1"):
            r = s.http.get(path)
            assert r.status_code == 200 and "text/html" in r.headers["content-type"]
            assert "script-src 'self'" in r.headers["content-security-policy"]
            assert r.headers["x-content-type-options"] == "nosniff"
        assert s.http.get("/table/nope").status_code == 404


def test_draw_table_api(tmp_path: Path) -> None:
    with running(tmp_path / "s.db") as s:
        data = s.http.get("/api/draw", params={"hand": "8s7h4d3c2s"}).json()
        assert len(data["rows"]) == 32
        r = s.http.get("/api/draw", params={"hand": "8s7h4d3c"})
        assert r.status_code == 400 and r.json()["code"] == "bad_hand"
        r = s.http.get("/api/draw", params={"hand": "8s7h4d3c2s", "dead": "8s"})
        assert r.status_code == 400 and "8s" in r.json()["error"]


def test_draw_table_api_weighs_the_discards_against_the_default_opponent(tmp_path: Path) -> None:
    """Issue 26: "What to throw?" orders by the equity against the default opponent over the
    draws to come (the page passes them), the same numbers as lowball.odds, and keeps the old
    keys of every row."""
    from lowball import odds
    from lowball.cli.odds import draw_json

    with running(tmp_path / "s.db") as s:
        data = s.http.get("/api/draw", params={"hand": "9s7h5d4c2d", "draws": "3"}).json()
        want = draw_json(odds.discard_table("9s7h5d4c2d", draws=3))
        assert data == want
        assert data["order"] == "equity" and data["default_opponent"]["draws"] == 3
        assert data["default_opponent"]["trials"] == odds.DEFAULT_TABLE_TRIALS
        assert data["rows"][0]["discard"] == "9s"  # Haney 2021: the convertible nine breaks
        assert {"keep", "discard", "draw", "completions", "low_counts", "lows", "default_equity"} <= set(
            data["rows"][0]
        )
        r = s.http.get("/api/draw", params={"hand": "9s7h5d4c2d", "draws": "4"})
        assert r.status_code == 400 and r.json() == {"code": "bad_draws", "error": "draws = '4': expected 1, 2 or 3"}


# -- playing over the socket ------------------------------------------------------------------------


def test_hands_played_over_the_socket_are_acked_numbered_and_leak_nothing(tmp_path: Path) -> None:
    with running(tmp_path / "s.db") as s:
        info, c = seated(s)
        me = info["seat"]
        acked = []
        hands = set()
        while len(hands) < 4:
            st = c.my_turn()
            hands.add(st["hand"])
            legal = st["you"]["legal"]
            action = passive_action(legal)
            if legal["draw"] and st["draw_round"] == 0:
                action = {"kind": "discard", "cards": " ".join(st["you"]["cards"][:2])}
            c.send({"type": "act", "id": f"a{len(acked)}", "seq": st["seq"], "action": action})
            ack = c.until(lambda m: m["type"] in ("ack", "error"))
            assert ack == {"type": "ack", "id": f"a{len(acked)}", "seq": st["seq"], "repeated": False}
            acked.append(st["seq"])
        c.close()
        # every acked action is stored once, at its seq, for this seat
        with SQLiteStore(tmp_path / "s.db") as store:
            rows = store._con.execute("SELECT seq, record FROM changes WHERE table_id='t1' AND kind='act'").fetchall()
        mine = sorted(seq for seq, rec in rows if json.loads(rec)["seat"] == me)
        assert mine == acked
        # events: numbered without a gap or a repeat; other seats' cards never sent
        assert c.numbers == list(range(c.numbers[0], c.numbers[0] + len(c.numbers)))
        for f in c.frames:
            if f["type"] == "events":
                for e in f["events"]:
                    if e["kind"] in ("deal", "draw") and e["seat"] != me:
                        assert (e["cards"], e["discarded"]) == ([], []), e
            if f["type"] == "state":
                for seat in f["seats"]:
                    assert seat is None or isinstance(seat["cards"], int)
                if f["you"]["cards"]:
                    ranks = "23456789TJQKA"
                    values = [ranks.index(card[0]) for card in f["you"]["cards"]]
                    assert values == sorted(values, reverse=True)  # as a low is read


def test_refused_messages_change_nothing(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    with running(db) as s:
        info, c = seated(s)
        st = c.my_turn()
        seq = st["seq"]
        legal = st["you"]["legal"]
        before = stored(db)
        wrong_raise = {"kind": "raise", "amount": legal["max_to"] + 1}
        cases: list[tuple[Any, str, str]] = [
            ("{not json", "bad_json", "not JSON"),
            ("[1, 2]", "bad_message", "the message = [1, 2]: expected an object"),
            (b"\x00\x01", "bad_message", "binary"),
            ("x" * 5000, "too_large", "5000 bytes"),
            ({"type": "act", "seq": seq + 1, "action": passive_action(legal)}, "stale_seq", f"seq {seq + 1} is ahead"),
            ({"type": "act", "seq": seq - 1, "action": passive_action(legal)}, "stale_seq", "stale"),
            ({"type": "act", "seq": str(seq), "action": passive_action(legal)}, "bad_message", "seq = "),
            ({"type": "act", "seq": True, "action": passive_action(legal)}, "bad_message", "seq = True"),
            (
                {"type": "act", "seq": seq, "action": {"kind": "fly"}},
                "bad_message",
                "action.kind = 'fly': expected one of",
            ),
            ({"type": "act", "seq": seq, "action": wrong_raise}, "illegal", "seat 1:"),  # seats from 1
            ({"type": "act", "seq": seq, "action": "call"}, "bad_message", "action = 'call'"),
            ({"type": "act", "seq": seq}, "bad_message", "action: missing: expected action in an act message"),
            ({"type": "act", "seq": seq, "action": passive_action(legal), "seat": 3}, "other_seat", "only for seat 1"),
            ({"type": "act", "seq": seq, "action": passive_action(legal), "as": 3}, "bad_message", "'as'"),
            ({"type": "hello", "token": info["token"], "since": 0}, "bad_message", "already"),
            ({"type": "shout"}, "bad_message", "'shout'"),
        ]
        for i, (msg, code, words) in enumerate(cases):
            if isinstance(msg, dict):
                msg = {**msg, "id": i}
            c.send(msg)
            err = c.until(lambda m: m["type"] in ("error", "ack"))
            assert err["type"] == "error" and err["code"] == code, (msg, err)
            assert words in err["message"], (msg, err)
            if isinstance(msg, dict):
                assert err["id"] == i
        assert stored(db) == before
        # the connection still works: the right action is taken
        c.send({"type": "act", "id": "ok", "seq": seq, "action": passive_action(legal)})
        assert c.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"


def test_other_seats_and_spectators_cannot_act(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    with running(db) as s:
        ann, a = seated(s, "ann")
        bob = s.seat("bob")  # a bot's seat: bob sits when this hand ends
        st = a.my_turn()
        b = s.ws()
        assert b.hello(bob["token"])["seat"] == bob["seat"]
        spectator = s.ws()
        assert spectator.hello(None)["seat"] is None
        before = stored(db)
        b.send({"type": "act", "seq": st["seq"], "action": passive_action(st["you"]["legal"])})
        assert b.until(lambda m: m["type"] == "error")["code"] == "not_your_turn"
        spectator.send({"type": "act", "seq": st["seq"], "action": {"kind": "fold"}})
        assert spectator.until(lambda m: m["type"] == "error")["code"] == "no_seat"
        assert stored(db) == before
        # bob, waiting for the bot to leave, sees no cards of the bot's
        for f in b.frames + spectator.frames:
            if f["type"] == "state":
                assert f["you"] is None or f["you"]["cards"] == []
            if f["type"] == "events":
                assert all(not e["cards"] for e in f["events"] if e["kind"] in ("deal", "draw"))


def test_forged_and_expired_tokens(tmp_path: Path) -> None:
    clock = Clock()
    with running(tmp_path / "s.db", clock=clock, token_hours=1) as s:
        info, c = seated(s)
        forged = s.ws()
        err = forged.hello(info["token"][:-2] + "xx")
        assert err["code"] == "bad_token" and "holds no seat" in err["message"]
        with pytest.raises(ConnectionClosed) as closed:
            forged.recv(2)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
        c.until(lambda m: m["type"] == "state")
        clock.now += 3601  # the token's hour is over: its player leaves, the page is told
        err = c.until(lambda m: m["type"] == "error")
        assert err["code"] == "bad_token" and "expired" in err["message"]
        late = s.ws()
        assert late.hello(info["token"])["code"] == "bad_token"
        assert s.http.get("/api/tables").json()["tables"][0]["humans"] == 0


def test_a_token_past_its_time_is_refused_as_expired(tmp_path: Path) -> None:
    clock = Clock()
    game = GameServer(tmp_path / "s.db", clock=clock, tables=1, token_hours=2)
    try:
        room = game.rooms["t1"]
        token, sitting = room.join("ann", None, clock.now)
        assert sitting.expires == clock.now + 7200
        assert room.sitting_of(token, clock.now + 7199) is sitting
        with pytest.raises(ServerError) as e:
            room.sitting_of(token, clock.now + 7200)
        assert (e.value.code, e.value.status) == ("expired_token", 401)
        assert "seat 1" in str(e.value)  # seats as people count them (the JSON's 0)
    finally:
        game.close()


def test_leaving_ends_the_token(tmp_path: Path) -> None:
    with running(tmp_path / "s.db") as s:
        info, c = seated(s)
        r = s.http.post("/api/tables/t1/leave", headers={"Authorization": "Bearer " + info["token"]})
        assert r.status_code == 200 and r.json()["left"] is True
        assert c.until(lambda m: m["type"] == "error")["code"] == "bad_token"
        r = s.http.post("/api/tables/t1/leave", headers={"Authorization": "Bearer " + info["token"]})
        assert (r.status_code, r.json()["code"]) == (401, "bad_token")
        r = s.http.post("/api/tables/t1/leave")
        assert (r.status_code, r.json()["code"]) == (401, "bad_token")


def test_a_bot_gives_up_its_seat_when_its_hand_ends(tmp_path: Path) -> None:
    with running(tmp_path / "s.db") as s:
        ann, a = seated(s, "ann")
        st = a.my_turn()
        bob = s.seat("bob", seat=3)
        assert st["seats"][3]["bot"] is True
        b = s.ws()
        b.hello(bob["token"])
        joining = b.until(lambda m: m["type"] == "state")
        assert joining["you"]["status"] == "joining" and joining["hand"] == st["hand"]
        # ann folds (or checks) until the table waits on bob, dealt in at the next hand
        for _ in range(30):
            legal = st["you"]["legal"]
            fold = {"kind": "fold"} if legal["fold"] else passive_action(legal)
            a.send({"type": "act", "seq": st["seq"], "action": fold})
            try:
                st = a.my_turn(timeout=2)
            except TimeoutError:
                break
        mine = b.until(lambda m: m["type"] == "state" and m["you"]["cards"] != [])
        assert len(mine["you"]["cards"]) == 5 and mine["you"]["status"] == "active"
        assert mine["hand"] == joining["hand"] + 1
        assert mine["seats"][3]["player"] == "bob" and mine["seats"][3]["bot"] is False
        assert 3 not in s.game.rooms["t1"].bots


def test_reconnecting_sends_exactly_the_missed_events(tmp_path: Path) -> None:
    with running(tmp_path / "s.db") as s:
        info, a = seated(s)
        st = a.my_turn()
        seen = a.numbers[-1]
        a.close()
        watcher = s.ws()
        watcher.hello(None)
        # the table moves on without the page: the player is acted for by another connection
        other = s.ws()
        other.hello(info["token"])
        other.send({"type": "act", "seq": st["seq"], "action": passive_action(st["you"]["legal"])})
        other.until(lambda m: m["type"] == "ack")
        back = s.ws()
        back.hello(info["token"], since=seen)
        first = back.until(lambda m: m["type"] == "events")
        assert first["events"][0]["number"] == seen + 1
        back.quiet()
        other.quiet()
        assert back.numbers == list(range(seen + 1, seen + 1 + len(back.numbers)))
        assert back.numbers[-1] == other.numbers[-1]


def test_restart_on_the_same_database_resumes_mid_hand(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    clock = Clock()
    with running(db, clock=clock) as s:
        info, a = seated(s)
        st = a.my_turn()
        a.send({"type": "act", "seq": st["seq"], "action": passive_action(st["you"]["legal"])})
        st = a.my_turn()
        cards, seq, hand = st["you"]["cards"], st["seq"], st["hand"]
        seen = a.numbers[-1]
        bots = {k: seat["player"] for k, seat in enumerate(st["seats"]) if seat and seat["bot"]}
    with running(db, clock=clock) as s:
        table = s.game.rooms["t1"].table
        assert isinstance(table, Table) and table.in_hand and table.hand_number == hand and table.seq == seq
        c = s.ws()
        assert c.hello(info["token"], since=seen)["seat"] == info["seat"]
        st2 = c.until(lambda m: m["type"] == "state")
        assert (st2["you"]["cards"], st2["seq"], st2["hand"]) == (cards, seq, hand)
        assert {k: seat["player"] for k, seat in enumerate(st2["seats"]) if seat and seat["bot"]} == bots
        assert c.numbers == []  # nothing happened while it was down: nothing is sent twice
        c.send({"type": "act", "seq": seq, "action": passive_action(st2["you"]["legal"])})
        assert c.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"


def test_serve_refuses_a_file_that_is_not_its_database(tmp_path: Path) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n")
    exe = shutil.which("lowball", path=str(Path(sys.executable).parent))
    assert exe is not None
    r = subprocess.run(
        [exe, "serve", "--db", str(other), "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode != 0
    assert "notes.txt" in r.stderr and "not a lowball database" in r.stderr
    assert other.read_text() == "my notes\n"


def test_a_failed_database_write_is_refused_and_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    with running(db) as s:
        info, c = seated(s)
        st = c.my_turn()
        before = stored(db)
        store = s.game.store
        real = store.save_action

        def full_disk(*args: Any, **kwargs: Any) -> None:
            raise StoreError(f"{db}: the write failed: database or disk is full")

        store.save_action = full_disk  # type: ignore[method-assign]
        try:
            c.send({"type": "act", "id": 1, "seq": st["seq"], "action": passive_action(st["you"]["legal"])})
            err = c.until(lambda m: m["type"] in ("error", "ack"))
        finally:
            store.save_action = real  # type: ignore[method-assign]
        assert (err["type"], err["code"]) == ("error", "store_failed")
        assert "disk is full" in err["message"]
        assert stored(db) == before
        assert s.game.rooms["t1"].table.seq == st["seq"]
        c.send({"type": "act", "id": 2, "seq": st["seq"], "action": passive_action(st["you"]["legal"])})
        assert c.until(lambda m: m["type"] in ("error", "ack")) == {
            "type": "ack",
            "id": 2,
            "seq": st["seq"],
            "repeated": False,
        }


def test_every_frame_and_answer_the_tests_get_is_checked_against_the_schemas(tmp_path: Path) -> None:
    """The server helpers check what they receive against the shipped schemas (issue 29):
    a hand's frames and the HTTP answers are counted as checked, and a frame off its schema
    fails the test that got it."""
    import wire_check

    before = dict(wire_check.CHECKED)
    with running(tmp_path / "s.db") as s:
        info = s.seat("ann")
        c = s.ws()
        assert c.hello(info["token"])["type"] == "welcome"
        st = c.my_turn()
        c.send({"type": "act", "id": 1, "seq": st["seq"], "action": passive_action(st["you"]["legal"])})
        c.until(lambda m: m["type"] == "ack")
        assert s.http.get("/api/tables").json()["version"] == 1
        assert s.http.post("/api/tables/t9/seats", json={"player": "x"}).status_code == 404
    assert wire_check.CHECKED["messages"] - before["messages"] >= len(c.frames) >= 3
    assert wire_check.CHECKED["http"] - before["http"] == 3  # the seat, the lobby, the refusal
    with pytest.raises(AssertionError, match="ServerMessage"):
        wire_check.check_message({"type": "ack", "id": 1, "seq": -1, "repeated": False})
    with pytest.raises(AssertionError, match="'cards'"):
        wire_check.check_message({**st, "you": {**st["you"], "cards": "7s5h"}})

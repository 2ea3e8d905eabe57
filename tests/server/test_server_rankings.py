"""``lowball serve`` with A-5 and badugi tables next to 2-7 (issue 16): a mixed room's lobby,
welcome and state name each table's game and hand size and carry the server's describe() texts
in the table's ranking; a badugi hand played over the WebSocket to the showdown; bots playing
badugi and A-5; a badugi table resumed mid-hand after a restart; ``/api/draw`` in each ranking;
and ``--variant`` taking several codes (and refusing bad ones before listening).

Loopback only, bounded: every wait has a timeout (server_helpers).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the server extra (uvicorn) is not installed")

from click.testing import CliRunner  # noqa: E402
from server_helpers import Client, Clock, Server, passive_action, running  # noqa: E402

import lowball.server  # noqa: E402
from lowball import Ranking, describe, winners  # noqa: E402
from lowball.cards import parse_cards  # noqa: E402
from lowball.cli.main import main  # noqa: E402
from lowball.server.game import GameServer, ServerError  # noqa: E402
from lowball.table import Table  # noqa: E402
from lowball.variants import VARIANTS  # noqa: E402

MIXED = [VARIANTS["F2L3D"], VARIANTS["FB"], VARIANTS["LB-FA5L3D"]]
LOW_ORDER = "23456789TJQKA"


def seated(server: Server, table: str, name: str = "ann") -> tuple[dict[str, Any], Client]:
    info = server.seat(name, table)
    c = server.ws(table)
    welcome = c.hello(info["token"])
    assert welcome["type"] == "welcome"
    return info, c


def ace_low_order(cards: list[str]) -> list[str]:
    """Cards highest first with the ace low (as A-5 and badugi are read): the expected order."""
    return sorted(cards, key=lambda c: (-(-1 if c[0] == "A" else LOW_ORDER.index(c[0])), "cdhs".index(c[1])))


def test_a_mixed_room_names_each_tables_game(tmp_path: Path) -> None:
    with running(tmp_path / "s.db", tables=4, variant=MIXED) as s:
        tables = s.http.get("/api/tables").json()["tables"]
        assert [(t["id"], t["variant"], t["name"], t["ranking"], t["game"], t["hand_size"]) for t in tables] == [
            ("t1", "F2L3D", "2-7 triple draw, fixed limit", "2-7", "2-7 lowball", 5),
            ("t2", "FB", "badugi, fixed limit", "badugi", "badugi", 4),
            ("t3", "LB-FA5L3D", "A-5 triple draw, fixed limit", "a-5", "A-5 lowball", 5),
            ("t4", "F2L3D", "2-7 triple draw, fixed limit", "2-7", "2-7 lowball", 5),
        ]
        for table, ranking, size in (("t1", "2-7", 5), ("t2", "badugi", 4), ("t3", "a-5", 5)):
            _, c = seated(s, table)
            welcome = c.frames[-1]
            assert (welcome["variant"], welcome["ranking"], welcome["hand_size"]) == (
                tables[int(table[1]) - 1]["variant"],
                ranking,
                size,
            )
            st = c.until(lambda m: m["type"] == "state" and m["you"] is not None and len(m["you"]["cards"]) > 0)
            assert (st["ranking"], st["hand_size"]) == (ranking, size)
            cards = st["you"]["cards"]
            assert len(cards) == size
            rk = Ranking(ranking)
            assert st["you"]["description"] == describe(parse_cards(" ".join(cards)), rk)
            if rk is not Ranking.DEUCE_TO_SEVEN:
                assert cards == ace_low_order(cards)  # the ace low and last: "5-4-3-2-A"
            else:
                assert cards == sorted(cards, key=lambda c: (-LOW_ORDER.index(c[0]), "cdhs".index(c[1])))
            bots = [seat for seat in st["seats"] if seat and seat["in_hand"] and seat["bot"] and not seat["folded"]]
            assert bots and all(seat["cards"] == size for seat in bots)


def test_a_mixed_room_keeps_its_tables_games_across_a_restart_with_other_codes(tmp_path: Path) -> None:
    GameServer(tmp_path / "s.db", tables=3, variant=MIXED).close()
    g = GameServer(tmp_path / "s.db", tables=4, variant=VARIANTS["FB"])  # t1..t3 keep theirs; t4 is new
    try:
        assert [r.table.variant.code for r in g.rooms.values()] == ["F2L3D", "FB", "LB-FA5L3D", "FB"]
    finally:
        g.close()


@pytest.mark.parametrize(
    ("variant", "words"),
    [
        ([], "variant = []: expected a Variant or a list of Variants"),
        ("FB", "variant = 'FB': expected a Variant or a list of Variants"),
        ([VARIANTS["FB"], "F2L3D"], "expected a Variant or a list of Variants"),
    ],
)
def test_a_bad_variant_option_is_refused_and_makes_no_database(tmp_path: Path, variant: Any, words: str) -> None:
    with pytest.raises(ServerError, match=words.replace("[", r"\[").replace("]", r"\]")):
        GameServer(tmp_path / "s.db", variant=variant)
    assert not (tmp_path / "s.db").exists()


def _waiting(m: dict[str, Any]) -> bool:
    """A state in which this seat is to act, or one with a showdown to read."""
    return m["type"] == "state" and bool(
        (m["you"] is not None and m["you"]["legal"]) or (m["showdown"] and m["showdown"]["shown"])
    )


def _play_to_showdown(c: Client, hands: int = 6) -> dict[str, Any]:
    """Check, call and stand pat until a hand ends at a showdown (the calling bot never folds)."""
    m: dict[str, Any] | None = c.state  # the last state may already be this seat's turn
    for _ in range(200):
        if m is None or not (
            (m["you"] is not None and m["you"]["legal"]) or (m["showdown"] and m["showdown"]["shown"])
        ):
            m = c.until(
                lambda m: (
                    m["type"] == "state"
                    and ((m["you"] is not None and m["you"]["legal"]) or (m["showdown"] and m["showdown"]["shown"]))
                )
            )
        if m["showdown"] and m["showdown"]["shown"]:
            return m  # (the next hand may already be dealt: the last showdown stays in the state)
        if m["you"] is not None and m["you"]["legal"]:
            c.send({"type": "act", "seq": m["seq"], "action": passive_action(m["you"]["legal"])})
            assert c.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        m = None
    raise AssertionError(f"no showdown within {hands} hands")


def test_a_badugi_hand_played_over_the_socket_to_the_showdown(tmp_path: Path) -> None:
    with running(tmp_path / "s.db", tables=2, variant=MIXED, seats=2, bots="calling") as s:
        info, c = seated(s, "t2")
        st = c.my_turn()
        mine = st["you"]["cards"]
        assert len(mine) == 4 and st["you"]["legal"]["max_discards"] in (0, 4)
        # a draw of two of the four cards, then check or call to the end
        while True:
            legal = st["you"]["legal"]
            if legal["draw"]:
                throw = " ".join(st["you"]["cards"][:2])
                c.send({"type": "act", "seq": st["seq"], "action": {"kind": "discard", "cards": throw}})
                assert c.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
                drawn = c.until(lambda m: m["type"] == "state" and m["seats"][info["seat"]]["drawn"])
                assert drawn["seats"][info["seat"]]["drawn"] == [2]
                break
            c.send({"type": "act", "seq": st["seq"], "action": passive_action(legal)})
            c.until(lambda m: m["type"] in ("ack", "error"))
            st = c.my_turn()
        end = _play_to_showdown(c)
        sd = end["showdown"]
        assert sd["hand"] == 1 and len(sd["shown"]) in (1, 2)  # a beaten hand may be mucked
        hands = [parse_cards(" ".join(x["cards"])) for x in sd["shown"]]
        assert all(len(h) == 4 for h in hands)
        assert [x["description"] for x in sd["shown"]] == [describe(h, Ranking.BADUGI) for h in hands]
        best = winners(hands, ranking=Ranking.BADUGI)
        assert sorted(w["seat"] for w in sd["winners"]) == sorted(sd["shown"][i]["seat"] for i in best)
        assert all(w["description"] == sd["shown"][best[0]]["description"] for w in sd["winners"] if w["amount"])
        # the show events carry the same texts
        shows = [e for f in c.frames if f["type"] == "events" for e in f["events"] if e["kind"] == "show"]
        assert [e["description"] for e in shows] == [x["description"] for x in sd["shown"]]


def test_bots_play_badugi_and_a5_tables(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="lowball.server")
    with running(tmp_path / "s.db", tables=3, variant=MIXED, seats=4) as s:
        for table in ("t2", "t3"):
            _, c = seated(s, table, "ann")
            for _ in range(300):
                m = c.until(lambda m: m["type"] == "state")
                if m["hand"] >= 3:
                    break
                if m["you"] is not None and m["you"]["legal"]:
                    legal = m["you"]["legal"]
                    c.send(
                        {
                            "type": "act",
                            "seq": m["seq"],
                            "action": {"kind": "fold"} if legal["fold"] else passive_action(legal),
                        }
                    )
            assert m["hand"] >= 3
            assert s.game.rooms[table].table.hand_number >= 3
    # no bot made a move the rules refused (the room replaces such a move and logs it)
    assert [r.getMessage() for r in caplog.records if "the bot at seat" in r.getMessage()] == []


def test_restart_resumes_a_badugi_table_mid_hand(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    clock = Clock()
    with running(db, clock=clock, tables=2, variant=MIXED) as s:
        info, a = seated(s, "t2")
        st = a.my_turn()
        a.send({"type": "act", "seq": st["seq"], "action": passive_action(st["you"]["legal"])})
        st = a.my_turn()
        cards, seq, hand, desc = st["you"]["cards"], st["seq"], st["hand"], st["you"]["description"]
        seen = a.numbers[-1]
    with running(db, clock=clock, tables=2, variant=[VARIANTS["F2L3D"]]) as s:
        table = s.game.rooms["t2"].table
        assert isinstance(table, Table) and table.variant.code == "FB"
        assert table.in_hand and table.hand_number == hand and table.seq == seq
        c = s.ws("t2")
        welcome = c.hello(info["token"], since=seen)
        assert (welcome["seat"], welcome["ranking"], welcome["hand_size"]) == (info["seat"], "badugi", 4)
        st2 = c.until(lambda m: m["type"] == "state")
        assert (st2["you"]["cards"], st2["you"]["description"], st2["seq"], st2["hand"]) == (cards, desc, seq, hand)
        assert len(cards) == 4 and desc == describe(parse_cards(" ".join(cards)), Ranking.BADUGI)
        c.send({"type": "act", "seq": seq, "action": passive_action(st2["you"]["legal"])})
        assert c.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"


def test_draw_table_api_in_each_ranking(tmp_path: Path) -> None:
    with running(tmp_path / "s.db", tables=3, variant=MIXED) as s:
        data = s.http.get("/api/draw", params={"hand": "Kd 7c 3h 2s", "table": "t2"}).json()
        assert data["ranking"] == "badugi" and len(data["rows"]) == 16
        assert data["rows"] == s.http.get("/api/draw", params={"hand": "Kd7c3h2s", "ranking": "badugi"}).json()["rows"]
        data = s.http.get("/api/draw", params={"hand": "8s7h4d3cAs", "table": "t3"}).json()
        assert data["ranking"] == "a-5" and len(data["rows"]) == 32
        assert data["rows"] != s.http.get("/api/draw", params={"hand": "8s7h4d3cAs"}).json()["rows"]  # the ace is low
        data = s.http.get("/api/draw", params={"hand": "8s7h4d3c2s", "table": "t1"}).json()
        assert "ranking" not in data and len(data["rows"]) == 32  # 2-7's JSON as it was
        r = s.http.get("/api/draw", params={"hand": "8s7h4d3c2s", "table": "t2"})
        assert (r.status_code, r.json()["code"]) == (400, "bad_hand")
        r = s.http.get("/api/draw", params={"hand": "Kd7c3h2s", "ranking": "omaha"})
        assert (r.status_code, r.json()["code"]) == (400, "bad_ranking") and "omaha" in r.json()["error"]
        r = s.http.get("/api/draw", params={"hand": "Kd7c3h2s", "table": "t2", "ranking": "2-7"})
        assert (r.status_code, r.json()["code"]) == (400, "bad_ranking")
        assert r.json()["error"] == "ranking = '2-7': table t2 plays 'badugi'"
        r = s.http.get("/api/draw", params={"hand": "Kd7c3h2s", "table": "t9"})
        assert (r.status_code, r.json()["code"]) == (404, "no_table")


def test_serve_takes_several_variant_codes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ran: dict[str, Any] = {}
    monkeypatch.setattr(lowball.server, "serve", lambda **options: ran.update(options))
    db = tmp_path / "s.db"
    r = CliRunner().invoke(
        main, ["serve", "--db", str(db), "--tables", "4", "--variant", "f2l3d", "-v", "FB,LB-FA5L3D", "--port", "1"]
    )
    assert r.exit_code == 0, r.output
    assert [v.code for v in ran["variant"]] == ["F2L3D", "FB", "LB-FA5L3D"]
    g = GameServer(db)
    try:
        assert [r.table.variant.code for r in g.rooms.values()] == ["F2L3D", "FB", "LB-FA5L3D", "F2L3D"]
    finally:
        g.close()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--variant", "F2L3D,XX"], "'XX' is not a variant code: expected one of F2L1D"),
        (["--variant", "FB", "--variant", "badugi"], "'badugi' is not a variant code"),
        (["--variant", "FB,,F2L3D"], "'FB,,F2L3D': an empty variant code (expected codes separated by commas)"),
    ],
)
def test_serve_refuses_a_bad_variant_code_before_listening(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], words: str
) -> None:
    ran: dict[str, Any] = {}
    monkeypatch.setattr(lowball.server, "serve", lambda **options: ran.update(options))
    r = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "s.db"), *args])
    assert r.exit_code == 2
    assert words in r.output
    assert ran == {} and not (tmp_path / "s.db").exists()

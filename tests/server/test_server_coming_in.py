"""The reference server's rooms by the rules of issue 26 and 27 (RULES.md section 10): a person
who sits in again waits for the big blind on a badugi or lowball table (WSOP-LAR 307, 278; the
server never kills for him), a newcomer gets the seat where he plays soonest, a person back
within the hour brings what he took away (58), and the page is told when a waiting person is
dealt in. The rooms are driven directly on the test's clock (no web server: the HTTP and
WebSocket layers are tests/server/test_server.py's)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from lowball.engine import Action
from lowball.server.game import Connection, GameServer, Room, Sitting
from lowball.variants import VARIANTS, Variant

NOW = 1_000_000.0  # the clock stands still: nobody times out, the table waits on the test


def game(tmp_path: Path, variant: str = "F2L3D") -> GameServer:
    return GameServer(
        tmp_path / "s.db", tables=1, variant=VARIANTS[variant], bots="calling", bot_delay=0, next_hand_delay=0,
        clock=lambda: NOW,
    )  # fmt: skip


def you(room: Room, sitting: Sitting) -> dict[str, Any]:
    conn = Connection(sitting.seat, sitting.player, sitting.token_hash, 0, lambda m: None, lambda c: None)
    return room.state(conn, NOW)["you"]  # type: ignore[no-any-return]


def advance(room: Room, people: list[Sitting], hand: int) -> None:
    """Pump the room, the people folding (or checking, standing pat) on their turns, until hand
    ``hand`` is being played (or over)."""
    table = room.table
    seats = {p.seat: p for p in people}
    for _ in range(2000):
        room.pump(NOW)
        if table.hand_number >= hand:
            return
        if table.in_hand and table.actor in seats:
            legal = table.legal_actions()
            action = Action.fold() if legal.fold else Action.check() if legal.check else Action.stand_pat()
            room.act(seats[table.actor], action, table.seq, NOW)  # type: ignore[index]
    raise AssertionError(f"hand {hand} was not reached")


def test_issue_27_a_newcomer_is_seated_where_he_plays_soonest(tmp_path: Path) -> None:
    # ann takes seat 0 of a fresh table; bots fill seats 1-5 and hand 1 is dealt: button 5 (the
    # last seat), small blind 0, big blind 1. Bob asks for any seat during hand 1: every seat is
    # a bot's. Hand 2 will have big blind 2, small blind 1, button 0: in seat 1 (where he was
    # put before, the lowest) he could not post on the small blind nor on the button (hand 3),
    # and played hand 4; in seat 2 he is hand 2's big blind.
    g = game(tmp_path)
    try:
        room = g.rooms["t1"]
        _, ann = room.join("ann", None, NOW)
        room.pump(NOW)
        t = room.table
        assert (ann.seat, t.hand_number, t.button, t.small_blind, t.big_blind) == (0, 1, 5, 0, 1)
        assert [t.coming_in(k, player="bob", post=True).hands for k in range(1, 6)] == [2, 0, 0, 0, 0]  # type: ignore[union-attr]
        _, bob = room.join("bob", None, NOW)
        assert bob.seat == 2
        told = you(room, bob)
        assert (told["status"], told["coming_in"]) == ("joining", {"hands": 0, "by": "big_blind"})
        advance(room, [ann], 2)
        assert t.hand_number == 2 and (t.button, t.small_blind, t.big_blind) == (0, 1, 2)
        info = t.seats[2]
        assert info is not None and info.player == "bob" and info.in_hand
    finally:
        g.close()


@pytest.mark.parametrize(
    ("variant", "coming"),
    [
        (VARIANTS["FB"], {"hands": 4, "by": "big_blind"}),  # badugi: waits (WSOP-LAR 307)
        (VARIANTS["F2L3D"], {"hands": 4, "by": "big_blind"}),  # lowball: waits, no kill for him (278)
        (VARIANTS["F2L3D"].replace(missed_blinds="wait_or_post"), {"hands": 1, "by": "post"}),  # 156
    ],
    ids=["badugi", "lowball", "posting"],
)
def test_a_person_who_missed_blinds_sits_in_by_the_rule_of_the_game(
    tmp_path: Path, variant: Variant, coming: dict[str, Any]
) -> None:
    # ann at seat 0; hand 1: button 5, small blind 0, big blind 1; bob takes seat 2 (hand 2's big
    # blind) and ann sits out. Hands 2-5 have big blinds 2, 3, 4, 5; hand 6's goes to seat 1,
    # passing ann's seat 0: she owes both blinds (button 4, small blind 5). She sits in during
    # hand 6. Waiting, the big blind reaches her after hands 7-10 (big blinds 2, 3, 4, 5). Posting
    # (hold'em style), hand 7 has button 5 and big blind 2, ann's seat between them; hand 8
    # (button 1, big blind 3) she posts.
    g = GameServer(
        tmp_path / "s.db", tables=1, variant=variant, bots="calling", bot_delay=0, next_hand_delay=0,
        clock=lambda: NOW,
    )  # fmt: skip
    try:
        room = g.rooms["t1"]
        t = room.table
        _, ann = room.join("ann", None, NOW)
        room.pump(NOW)
        _, bob = room.join("bob", None, NOW)
        assert bob.seat == 2
        room.sit_out(ann, NOW)
        advance(room, [ann, bob], 6)
        assert (t.button, t.small_blind, t.big_blind) == (4, 5, 1)
        info = t.seats[0]
        assert info is not None and (info.status, info.missed_small, info.missed_big) == ("sitting_out", True, True)
        room.sit_in(ann, NOW)
        info = t.seats[0]
        assert info is not None and info.status == "waiting" and info.post == (coming["by"] == "post")
        assert not info.kill
        assert you(room, ann)["coming_in"] == coming
    finally:
        g.close()


def test_lar_58_a_person_back_within_the_hour_sits_down_with_what_he_took_away(tmp_path: Path) -> None:
    # the server's chips are 100 big blinds (200). ann adds 50 and leaves (at the end of the hand
    # if she is in one; folding, she loses at most a blind): she takes away more than 200, and
    # back at once she sits down with exactly that (WSOP-LAR 58), not with the server's 200
    g = game(tmp_path)
    try:
        room = g.rooms["t1"]
        t = room.table
        _, ann = room.join("ann", None, NOW)
        _, bob = room.join("bob", None, NOW)
        advance(room, [ann, bob], 2)
        t.add_chips(ann.seat, 50, now=NOW)
        room.leave(ann, NOW)
        advance(room, [bob], 3)
        took = [e for e in t.events_for(None) if e.kind == "leave" and e.player == "ann"][-1].amount
        assert 248 <= took <= 252
        assert t.buy_in_for("ann", now=NOW).minimum == took
        _, again = room.join("ann", None, NOW)
        advance(room, [again, bob], 4)
        sat = [e for e in t.events_for(None) if e.kind == "sit" and e.player == "ann"]
        assert [e.amount for e in sat] == [200, took]
    finally:
        g.close()

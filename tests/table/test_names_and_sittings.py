"""Issue 27, faults 1, 2 and 6: every text that reaches a table or a store is a printable name
of a bounded length (a lone surrogate wedged a table for good), a store turns any failure to
write into its own error with nothing written, nothing stored can stop a table; cards are shown
to the sitting that held them (a later sitting of the seat, whatever its name, saw them); and a
table is read back in one consistent state while another process writes it."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from lowball import VARIANTS, Action, SQLiteStore, Table, TableError
from lowball.errors import InvalidValueError, StoreError, name_text, printable_text
from lowball.variants import Variant, VariantError

FL = VARIANTS["F2L3D"]  # blinds 1/2, bets 2/4
BAD_NAMES = [
    ("\ud800", "the character U+D800 is not printable"),  # a lone surrogate: not valid Unicode
    ("ann\udfff", "the character U+DFFF is not printable"),
    ("a\x00b", "the character U+0000 is not printable"),
    ("a\nb", "the character U+000A is not printable"),
    ("abc\u202e", "the character U+202E is not printable"),  # right-to-left override (a format char)
    ("a\u200bb", "the character U+200B is not printable"),  # zero-width space
    ("\u0378", "the character U+0378 is not printable"),  # unassigned
    (" ann", "begins or ends with a space"),
    ("ann ", "begins or ends with a space"),
    ("x" * 65, "65 characters"),
]


def _passive(t: Table, now: float = 0) -> None:
    """Everyone checks or calls and stands pat until the hand ends."""
    while t.in_hand:
        legal = t.legal_actions()
        action = Action.stand_pat() if legal.draw else Action.check() if legal.check else Action.call()
        t.act(t.actor, action, seq=t.seq, now=now)  # type: ignore[arg-type]


# -- fault 1: names -----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "why"), BAD_NAMES, ids=ascii)
def test_name_text_refuses_each_kind_of_bad_text_naming_it(text: str, why: str) -> None:
    with pytest.raises(InvalidValueError) as e:
        name_text(text, "player")
    assert str(e.value).startswith("player = ")
    assert why in str(e.value)
    assert str(e.value).endswith("expected a name of 1 to 64 printable characters")
    str(e.value).encode("utf-8")  # the message itself is always valid text


@pytest.mark.parametrize("text", ["ann", "Ann Lee", "日本語", "Zoë", "🂡 ace", "x" * 64, "O'Brien-2"], ids=ascii)
def test_name_text_takes_every_printable_name(text: str) -> None:
    assert name_text(text, "player") == text


def test_name_text_refuses_what_is_not_text_or_empty() -> None:
    for value, shown in ((7, "7"), (None, "None"), (b"ann", "b'ann'"), ("", "''")):
        with pytest.raises(InvalidValueError) as e:
            name_text(value, "player")
        assert str(e.value) == f"player = {shown}: expected a name of 1 to 64 printable characters"


def test_printable_text_mends_only_what_name_text_refuses() -> None:
    assert printable_text("ann") == "ann"
    assert printable_text("\ud800") == "\ufffd"
    assert printable_text("a\x00b\ud800 ") == "a\ufffdb\ufffd"
    assert printable_text("") == "\ufffd"


@pytest.mark.parametrize(("text", "why"), BAD_NAMES, ids=ascii)
def test_a_table_refuses_a_bad_name_and_changes_nothing(tmp_path: Path, text: str, why: str) -> None:
    """The reported case: Table.sit(0, "\\ud800", 100) was taken, then the store failed at the
    hand's end with a bare UnicodeEncodeError, every time (the hand never ended)."""
    store = SQLiteStore(tmp_path / "t.db")
    t = Table(FL, seats=3, table_id="t1", store=store, seed=1)
    t.sit(1, "bo", 100, now=0)
    before = (t.snapshot(), t.event_number, store.load("t1"))
    with pytest.raises(TableError) as e:
        t.sit(0, text, 100, now=0)
    assert str(e.value).startswith("seat 0: player = ") and why in str(e.value)
    assert (t.snapshot(), t.event_number, store.load("t1")) == before
    with pytest.raises(TableError, match="table_id = "):
        Table(FL, table_id=text)
    with pytest.raises(StoreError, match="table_id = "):
        Table.resume(store, text)
    with pytest.raises(TableError, match="player = "):
        t.events_for(1, player=text)


@pytest.mark.parametrize(("text", "why"), BAD_NAMES[:4], ids=ascii)
def test_a_store_refuses_a_bad_key_and_writes_nothing(tmp_path: Path, text: str, why: str) -> None:
    store = SQLiteStore(tmp_path / "t.db")
    t = Table(FL, seats=2, table_id="t1", store=store, seed=1)
    store.put_data("app", "k", {"v": 1})
    snap = t.snapshot()
    calls = [
        lambda: store.create(text, snap),
        lambda: store.save_action(text, {"op": 1, "seq": 0, "kind": "sit"}, [], snap),
        lambda: store.save_hand(text, {"number": 1, "phh": ""}),
        lambda: store.load(text),
        lambda: store.events(text),
        lambda: store.hands(text),
        lambda: store.put_data(text, "k", 1),
        lambda: store.put_data("app", text, 1),
        lambda: store.get_data(text),
    ]
    for call in calls:
        with pytest.raises(StoreError) as e:
            call()
        assert why in str(e.value)
    assert store.table_ids() == ["t1"] and store.get_data("app") == {"k": {"v": 1}}
    assert store.load("t1")["snapshot"] == snap and store.hands("t1") == []


def test_a_store_turns_a_value_sqlite_cannot_hold_into_its_own_error(tmp_path: Path) -> None:
    """A hand's PHH text is stored as text: one that is not valid Unicode was a bare
    UnicodeEncodeError; a record without its number a KeyError. Nothing is written either way."""
    store = SQLiteStore(tmp_path / "t.db")
    Table(FL, seats=2, table_id="t1", store=store, seed=1)
    with pytest.raises(StoreError) as e:
        store.save_hand("t1", {"number": 1, "phh": "players = ['\ud800']"})
    assert "nothing was written" in str(e.value) and "surrogates not allowed" in str(e.value)
    with pytest.raises(StoreError, match=r"not a finished hand \(nothing was written\): KeyError\('phh'\)"):
        store.save_hand("t1", {"number": 1})
    with pytest.raises(StoreError, match=r"not a table's change and events \(nothing was written\): KeyError\('op'\)"):
        store.save_action("t1", {"seq": 0, "kind": "sit"}, [], {})
    with pytest.raises(StoreError, match="nothing was written"):
        store.save_action("t1", {"op": 2**70, "seq": 0, "kind": "sit"}, [], {})  # past SQLite's 64 bits
    assert store.hands("t1") == [] and store.events("t1") == []
    assert [r for r in sqlite3.connect(tmp_path / "t.db").execute("SELECT op FROM changes")] == []


def test_a_variant_name_is_a_name() -> None:
    with pytest.raises(VariantError, match=r"Variant.name = '\\ud800': the character U\+D800"):
        Variant(name="\ud800", draws=3, betting=FL.betting, forced=FL.forced)
    with pytest.raises(VariantError, match=r"Variant.code = 'F\\n': the character U\+000A"):
        Variant(name="mine", draws=3, betting=FL.betting, forced=FL.forced, code="F\n")
    assert Variant(name="mine", draws=3, betting=FL.betting, forced=FL.forced).code == ""


def _old_database_with(tmp_path: Path, stored_name: str) -> Path:
    """A database as a lowball that did not check names wrote it: seat 0's player is
    ``stored_name`` (as JSON holds it, escaped), mid-hand."""
    db = tmp_path / "old.db"
    store = SQLiteStore(db)
    t = Table(FL, seats=3, table_id="t1", store=store, seed=4)
    t.sit(0, "zz0", 100, now=0)
    t.sit(1, "bo", 100, now=0)
    t.sit(2, "cy", 100, now=0)
    t.deal(now=0)
    store.close()
    con = sqlite3.connect(db)
    escaped = json.dumps(stored_name)[1:-1]
    for table, column in (("tables", "snapshot"), ("changes", "events")):  # the events are in their changes' rows
        con.execute(f"UPDATE {table} SET {column} = replace({column}, '\"zz0\"', ?)", (f'"{escaped}"',))
    con.commit()
    con.close()
    return db


def test_no_stored_name_can_stop_a_table(tmp_path: Path) -> None:
    """A table stored with a lone surrogate as a name (as the old server stored it) is resumed
    and plays its hand to the end, stored: the name is read with U+FFFD in the bad place."""
    db = _old_database_with(tmp_path, "\ud800x")
    store = SQLiteStore(db)
    t = Table.resume(store, "t1")
    assert t.seats[0] is not None and t.seats[0].player == "\ufffdx"
    hand = t.hand_number
    _passive(t)
    assert store.hands("t1")[-1]["number"] == hand
    assert sorted(store.hands("t1")[-1]["players"]) == sorted(["\ufffdx", "bo", "cy"])
    t.deal(now=0)  # and goes on
    assert t.in_hand


def test_a_rake_policy_whose_text_is_not_valid_unicode_cannot_stop_a_table(tmp_path: Path) -> None:
    """The table stores two texts of a house policy's own: its repr (the snapshot) and the
    message of an error it raised (the hand_end event); neither may wedge the table."""

    class Odd:
        def rake(self, pot: int, *, reached_draw: bool, players: int) -> int:
            if pot != 4:  # the sample pots the table tries it on are fine; this hand's pot is not
                return 0
            raise RuntimeError("no \ud800")

        def __repr__(self) -> str:
            return "Odd(\ud800)"

    store = SQLiteStore(tmp_path / "t.db")
    t = Table(FL, seats=2, table_id="t1", store=store, seed=2, rake=Odd())
    t.sit(0, "an", 100, now=0)
    t.sit(1, "bo", 100, now=0)
    t.deal(now=0)
    _passive(t)
    end = [e for e in t.events_for(None) if e.kind == "hand_end"][-1]
    assert end.data["rake_error"] == "RuntimeError: no \\ud800" and end.data["rake"] == 0
    assert store.hands("t1")[-1]["number"] == 1
    assert Table.resume(store, "t1", rake=Odd()).hand_number == 1


# -- fault 2: sittings --------------------------------------------------------------------


def _cards_shown(events: list[Any]) -> list[tuple[int, int, tuple[Any, ...]]]:
    return [(e.hand, e.seat, e.cards) for e in events if e.kind in ("deal", "draw") and e.cards]


def test_a_new_sitting_under_the_same_name_sees_no_card_dealt_before_it(tmp_path: Path) -> None:
    """The reported case: a person leaves; anyone who then sits in that seat under the same name
    got every earlier hole card of the first person with since=1, folded hands included."""
    store = SQLiteStore(tmp_path / "t.db")
    t = Table(FL, seats=3, table_id="t1", store=store, seed=5)
    for k in range(3):
        t.sit(k, f"p{k}", 100, now=0)
    first = t.seats[2].sitting
    t.deal(now=0)
    hand1 = _cards_shown(t.events_for(2))
    assert [(h, s) for h, s, _ in hand1] == [(1, 2)] and len(hand1[0][2]) == 5
    t.act(2, Action.fold(), seq=t.seq, now=0)  # the button folds first, and leaves
    t.leave(2, now=0)
    _passive(t)
    t.sit(2, "p2", 100, post=True, now=0)  # the same name again: a new sitting
    second = t.seats[2].sitting
    assert second > first and second == [e for e in t.events_for(None) if e.kind == "sit"][-1].number
    for view in (t.events_for(2), t.events_for(2, 0, player="p2"), t.events_for(2, 1)):
        assert _cards_shown(view) == []  # nothing dealt before the new sitting
    # the first sitting still sees its own cards, when asked by its number
    assert _cards_shown(t.events_for(2, sitting=first)) == hand1
    while not t.in_hand or t.position_of(2) is None:
        if t.in_hand:
            _passive(t)
        t.deal(now=0)
    mine = _cards_shown(t.events_for(2))
    assert [(h, s) for h, s, _ in mine] == [(t.hand_number, 2)]
    assert _cards_shown(t.events_for(2, sitting=first)) == hand1  # and no card of the new one
    # the same after a resume, from the store
    back = Table.resume(store, "t1")
    assert _cards_shown(back.events_for(2)) == mine
    assert _cards_shown(back.events_for(2, sitting=first)) == hand1


def test_one_who_sits_in_a_seat_left_mid_hand_sees_nothing_of_that_hand() -> None:
    t = Table(FL, seats=3, seed=6)
    for k in range(3):
        t.sit(k, f"p{k}", 100, now=0)
    t.deal(now=0)
    t.act(2, Action.fold(), seq=t.seq, now=0)
    assert t.leave(2, now=0).amount == 100  # a folded player is paid out at once, his seat freed
    t.sit(2, "p2", 100, now=0)
    assert _cards_shown(t.events_for(2)) == [] and t.view(2).hand.hand == ()


def test_a_repeat_of_a_seq_is_answered_to_its_own_sitting_only() -> None:
    """A later sitting of the seat repeating the earlier sitting's seq and action got the stored
    answer, with the earlier player's cards in it."""
    t = Table(FL, seats=3, seed=7)
    for k in range(3):
        t.sit(k, f"p{k}", 100, now=0)
    t.deal(now=0)
    seq = t.seq
    t.act(2, Action.fold(), seq=seq, now=0)
    assert t.act(2, Action.fold(), seq=seq, now=0).repeated  # the same sitting's retry
    t.leave(2, now=0)
    t.sit(2, "p2", 100, now=0)
    with pytest.raises(TableError, match=f"seat 2: seq {seq} is stale"):
        t.act(2, Action.fold(), seq=seq, now=0)


def test_a_seat_saved_before_sittings_begins_one_at_the_last_saved_event(tmp_path: Path) -> None:
    """An old snapshot (no sitting in its seats, no sitting in its events): the seated players
    see their cards from the resume on, and no event stored before it shows its cards to anyone."""
    store = SQLiteStore(tmp_path / "t.db")
    t = Table(FL, seats=2, table_id="t1", store=store, seed=8)
    t.sit(0, "an", 100, now=0)
    t.sit(1, "bo", 100, now=0)
    t.deal(now=0)
    store.close()
    con = sqlite3.connect(tmp_path / "t.db")
    (text,) = con.execute("SELECT snapshot FROM tables").fetchone()
    snap = json.loads(text)
    for seat in snap["seats"]:
        del seat["sitting"]
    con.execute("UPDATE tables SET snapshot = ?", (json.dumps(snap),))
    for op, text in list(con.execute("SELECT op, events FROM changes")):  # each change's events, in its row
        events = json.loads(text)
        for e in events:
            del e["sitting"]
        con.execute("UPDATE changes SET events = ? WHERE op = ?", (json.dumps(events), op))
    con.commit()
    con.close()
    back = Table.resume(SQLiteStore(tmp_path / "t.db"), "t1")
    assert [s.sitting for s in back.seats] == [snap["event_number"]] * 2
    assert _cards_shown(back.events_for(0)) == [] and _cards_shown(back.events_for(1)) == []
    while back.in_hand and back.hand_state().draw_round == 0:
        legal = back.legal_actions()
        back.act(back.actor, Action.check() if legal.check else Action.call(), seq=back.seq, now=0)
    actor = back.actor
    assert actor is not None and back.legal_actions().draw
    back.act(actor, Action.discard(back.player_view(actor).hand[:1]), seq=back.seq, now=0)
    assert [(s, len(c)) for _, s, c in _cards_shown(back.events_for(actor))] == [(actor, 1)]


def test_the_server_shows_a_new_sitting_under_the_same_name_no_earlier_card(tmp_path: Path) -> None:
    """The reported case at the server: hello since=1 by whoever took the seat next under the
    same name got the first person's hole cards."""
    from server_helpers import passive_action, running

    with running(tmp_path / "s.db", bots="calling") as s:
        first = s.seat("ann", seat=0)
        c = s.ws()
        c.hello(first["token"], since=0)
        c.my_turn()
        dealt_to_first = [
            (e["hand"], e["cards"])
            for m in c.frames
            if m["type"] == "events"
            for e in m["events"]
            if e["kind"] == "deal" and e["cards"]
        ]
        assert len(dealt_to_first) == 1
        first_hand = dealt_to_first[0][0]
        r = s.http.post("/api/tables/t1/leave", headers={"Authorization": f"Bearer {first['token']}"})
        assert r.status_code == 200
        second = s.seat("ann", seat=0)
        d = s.ws()
        d.hello(second["token"], since=1)
        state = d.my_turn()
        assert state["you"]["seat"] == 0
        d.send({"type": "act", "id": 1, "seq": state["seq"], "action": passive_action(state["you"]["legal"])})
        d.until(lambda m: m["type"] == "ack")
        seen = [
            (e["hand"], e["sitting"], e["cards"])
            for m in d.frames
            if m["type"] == "events"
            for e in m["events"]
            if e["kind"] in ("deal", "draw") and e["cards"]
        ]
        table = s.game.rooms["t1"].table
        assert seen and {sitting for _, sitting, _ in seen} == {table.seats[0].sitting}
        assert min(hand for hand, _, _ in seen) > first_hand  # nothing of the first person's hand


# -- fault 6: one consistent read ---------------------------------------------------------


class _Row:
    def __init__(self, row: Any) -> None:
        self._row = row

    def fetchone(self) -> Any:
        return self._row


class _Interleaved:
    """The reader's SQLite connection, with another process's write made right after the
    table's snapshot is read (between the queries of one load)."""

    def __init__(self, con: sqlite3.Connection, write: Any) -> None:
        self._con = con
        self._write = write

    def execute(self, sql: str, *args: Any) -> Any:
        rows = self._con.execute(sql, *args)
        if sql.startswith("SELECT snapshot FROM tables"):
            row = rows.fetchone()  # the snapshot is read; now the writer commits
            self._write()
            return _Row(row)
        return rows

    def __getattr__(self, name: str) -> Any:
        return getattr(self._con, name)


def test_a_table_is_read_in_one_state_while_another_writes_it(tmp_path: Path) -> None:
    """SQLiteStore.load read the snapshot, the records and the events in three transactions:
    a change committed between them gave records and events newer than the snapshot, and
    Table.resume refused the table (807 of 1,193 resumes while a server wrote)."""
    db = tmp_path / "t.db"
    writer = SQLiteStore(db)
    t = Table(FL, seats=3, table_id="t1", store=writer, seed=9)
    for k in range(3):
        t.sit(k, f"p{k}", 100, now=0)
    t.deal(now=0)
    t.act(t.actor, Action.call(), seq=t.seq, now=0)  # type: ignore[arg-type]
    expected = t.snapshot()

    def another_change() -> None:  # two actions and their events committed by the writer
        for _ in range(2):
            legal = t.legal_actions()
            t.act(t.actor, Action.check() if legal.check else Action.call(), seq=t.seq, now=0)  # type: ignore[arg-type]

    reader = SQLiteStore(db)
    reader._con = _Interleaved(reader._con, another_change)  # type: ignore[assignment]
    back = Table.resume(reader, "t1")
    assert back.snapshot() == expected  # the state of the first read, whole
    assert t.seq == expected["seq"] + 2  # the writer did write in between


def test_a_second_process_resumes_a_table_while_it_is_played(tmp_path: Path) -> None:
    """The reported case with real processes, bounded in count: a process plays 60 hands on the
    database while this one resumes the table until it has finished; every resume succeeds."""
    db = tmp_path / "t.db"
    store = SQLiteStore(db)
    t = Table(FL, seats=3, table_id="t1", store=store, seed=10)
    for k in range(3):
        t.sit(k, f"p{k}", 1000, now=0)
    store.close()
    script = textwrap.dedent(
        f"""
        import sys
        from lowball import Action, SQLiteStore, Table
        t = Table.resume(SQLiteStore({str(db)!r}), "t1")
        for hand in range(60):
            t.deal(now=0)
            if hand == 0:
                print("playing", flush=True)
            while t.in_hand:
                legal = t.legal_actions()
                a = Action.stand_pat() if legal.draw else Action.check() if legal.check else Action.call()
                t.act(t.actor, a, seq=t.seq, now=0)
        print("done", flush=True)
        """
    )
    reader = SQLiteStore(db)
    resumes = 0
    with subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True) as proc:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "playing\n"  # the writer is under way
        while proc.poll() is None:
            back = Table.resume(reader, "t1")  # raised StoreError most of the time before
            assert back.chips_at_table() + back.chips_out + back.rake_total == back.chips_in == 3000
            resumes += 1
        assert proc.wait() == 0 and proc.stdout.read() == "done\n"
    assert resumes >= 1
    final = Table.resume(reader, "t1")
    assert final.hand_number == 60 and not final.in_hand


def test_the_server_refuses_a_name_that_is_not_valid_text_and_stores_nothing(tmp_path: Path) -> None:
    """The reported case: POST /api/tables/t1/seats with {"player": "\\ud800"} answered 500 with
    the seat stored and no token sent; once dealt in, the hand never ended, even after a restart."""
    from server_helpers import running

    with running(tmp_path / "s.db") as s:
        for name, why, rule in (
            # a lone surrogate is refused as the wire form reads the body (issue 29): no text at all
            ("\ud800", "U+D800", "expected valid Unicode text (U+D800 is half of a UTF-16 pair, not a character)"),
            ("a\u202eb", "U+202E", "expected a name of 1 to 20 printable characters"),
            ("x" * 21, "player = '" + "x" * 21 + "'", "expected a name of 1 to 20 printable characters (it has 21)"),
        ):
            body = json.dumps({"player": name})  # JSON's escape: the server reads a lone surrogate
            r = s.http.post("/api/tables/t1/seats", content=body, headers={"Content-Type": "application/json"})
            assert r.status_code == 400
            body = r.json()
            assert body["code"] == "bad_name" and why in body["error"]
            assert body["error"].endswith(rule)
        room = s.game.rooms["t1"]
        assert room.humans == {} and all(seat is None for seat in room.table.seats)
        assert s.game.store.get_data("lowball.server").get("t1", {}).get("humans", []) == []
        s.seat("ann")  # and the table plays on
        assert room.table.in_hand


def test_a_server_database_with_a_name_that_is_not_valid_text_goes_on(tmp_path: Path) -> None:
    """A room stored by the old server with such a name (its person waiting for a bot's seat):
    the server starts, reads the name with U+FFFD, seats the person and plays."""
    from server_helpers import Clock

    from lowball.server.game import GameServer

    db = tmp_path / "s.db"
    clock = Clock()
    game = GameServer(db, tables=1, bot_delay=0, next_hand_delay=0, clock=clock)
    game.close()
    store = SQLiteStore(db)
    store.put_data(
        "lowball.server",
        "t1",
        {
            "humans": [
                {"token_hash": "0" * 64, "seat": 0, "player": "\ud800", "expires": clock() + 3600, "joining": True}
            ]
        },
    )
    store.close()
    game = GameServer(db, tables=1, bot_delay=0, next_hand_delay=0, clock=clock)
    try:
        room = game.rooms["t1"]
        assert room.humans[0].player == "\ufffd"
        room.pump(clock())
        assert room.table.seats[0] is not None and room.table.seats[0].player == "\ufffd"
        assert room.humans[0].sitting == room.table.seats[0].sitting and room.table.in_hand
    finally:
        game.close()


def test_a_hand_history_refuses_a_name_that_is_not_text() -> None:
    """phh.dumps wrote a lone surrogate into the text, which no file could then hold
    (UnicodeEncodeError when written); a name with a line break is escaped, as TOML says."""
    from lowball import HandState, phh
    from lowball.phh import PHHError

    h = HandState(FL, [100, 100], seed=1)
    h.fold()
    with pytest.raises(PHHError, match=r"field 'players': cannot write '\\ud800' to TOML: the lone surrogate"):
        phh.dumps(h, players=["\ud800", "x"])
    text = phh.dumps(h, players=["a\nb", 'c"d'])
    assert 'players = ["a\\u000Ab", "c\\"d"]' in text.splitlines()
    assert phh.loads(text).fields["players"] == ["a\nb", 'c"d']

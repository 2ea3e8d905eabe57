"""Issue 11's items 1 and 2 on what came after it (odds, draw, serve, the store, the table):
the database file on every kind of path (a symbolic link followed to its target with its -wal
beside the target; a named pipe, a device, a directory, '' refused, never waited on; ``--db -``
refused by the command), card text as players paste it (suit symbols, white ones, any order)
read wherever cards come in and every hand echoed in one form (highest first, the ace last in
A-5 and badugi; JSON one indented document, in letters), and a bad card named as written."""

from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from lowball import Action, odds, parse_cards
from lowball.cli import main
from lowball.cli.odds import vs_text
from lowball.errors import InvalidCardError, InvalidValueError, StoreError
from lowball.evaluation import Ranking
from lowball.odds import Strategy
from lowball.store import SQLiteStore
from lowball.table import Table
from lowball.variants import VARIANTS

POSIX = pytest.mark.skipif(os.name != "posix", reason="POSIX file kinds: symbolic links, FIFOs, devices")
SPADE, HEART, DIAMOND, CLUB = "\u2660", "\u2665", "\u2666", "\u2663"
W_SPADE, W_HEART, W_DIAMOND, W_CLUB = "\u2664", "\u2661", "\u2662", "\u2667"
BAD_2X = (
    "'2X' in '8\u26606\u26655\u26664\u26632X' is not a card: expected a rank (2-9, T, J, Q, K, A, or 10) "
    "followed by a suit (c, d, h, s, or a suit symbol)"
)


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args))


# -- the database file ------------------------------------------------------------------------


def _open_in_a_thread(path: str) -> BaseException | None:
    """SQLiteStore(path)'s error, from a thread given 10 seconds (a named pipe opened to be read
    would wait for a writer forever)."""
    got: list[BaseException | None] = []

    def opening() -> None:
        try:
            SQLiteStore(path).close()
            got.append(None)
        except BaseException as e:  # noqa: BLE001 - handed to the test
            got.append(e)

    t = threading.Thread(target=opening, daemon=True)
    t.start()
    t.join(10)
    assert got, f"SQLiteStore({path!r}) did not return within 10 seconds"
    return got[0]


@POSIX
def test_a_store_path_that_is_not_a_regular_file_is_refused_untouched(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.db"
    os.mkfifo(fifo)
    directory = tmp_path / "dir.db"
    directory.mkdir()
    link_to_dir = tmp_path / "to-dir.db"
    link_to_dir.symlink_to("dir.db")
    cases = {
        "": "cannot open '': the path is empty: give the database file's path",
        str(fifo): f"{fifo}: is a named pipe (FIFO), expected a lowball database file (a regular file)",
        str(directory): f"{directory}: is a directory, expected a lowball database file (a regular file)",
        str(link_to_dir): f"{link_to_dir}: is a directory, expected a lowball database file (a regular file)",
        os.devnull: f"{os.devnull}: is a character device, expected a lowball database file (a regular file)",
    }
    before = sorted(os.listdir(tmp_path))
    for path, message in cases.items():
        err = _open_in_a_thread(path)
        assert isinstance(err, StoreError), (path, err)
        assert str(err) == message
    assert sorted(os.listdir(tmp_path)) == before
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and os.listdir(directory) == []


@POSIX
def test_a_store_through_a_symbolic_link_is_its_target_with_the_wal_beside_it(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    link = tmp_path / "tables.db"
    link.symlink_to("real/tables.db")  # dangling: SQLite makes the target
    store = SQLiteStore(link)
    store.put_data("io", "k", [1, 2])
    # while it is open the companions are the target's: a second opener by either name finds them
    assert sorted(os.listdir(tmp_path / "real")) == ["tables.db", "tables.db-shm", "tables.db-wal"]
    assert sorted(os.listdir(tmp_path)) == ["real", "tables.db"]
    with SQLiteStore(tmp_path / "real" / "tables.db") as other:
        assert other.get_data("io") == {"k": [1, 2]}
    store.close()
    assert link.is_symlink() and os.readlink(link) == "real/tables.db"
    assert sorted(os.listdir(tmp_path / "real")) == ["tables.db"]
    with SQLiteStore(link) as again:
        assert again.get_data("io") == {"k": [1, 2]}


def test_a_store_named_dash_is_a_file_of_that_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with SQLiteStore("-") as store:
        store.put_data("io", "k", 1)
    assert sorted(os.listdir(tmp_path)) == ["-"]
    assert (tmp_path / "-").read_bytes().startswith(b"SQLite format 3\0")


def test_a_store_named_memory_is_sqlites_in_memory_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """':memory:' is what SQLite makes of it (documented): it works, writes no file, keeps nothing."""
    monkeypatch.chdir(tmp_path)
    with SQLiteStore(":memory:") as store:
        store.put_data("io", "k", 1)
        assert store.get_data("io") == {"k": 1}
    with SQLiteStore(":memory:") as store:
        assert store.get_data("io") == {}
    assert os.listdir(tmp_path) == []


@POSIX
def test_serve_refuses_a_db_that_cannot_be_a_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("starlette", reason="the server extra (starlette) is not installed")
    monkeypatch.chdir(tmp_path)
    os.mkfifo("pipe")
    cases = {
        "-": "lowball serve: --db '-': a database is a file, not standard input or output: give its path "
        "(./- for a file named -)\n",
        "": "lowball serve: --db '': expected the path of the database file (lowball.sqlite)\n",
        "pipe": "lowball serve: pipe: is a named pipe (FIFO), expected a lowball database file (a regular file)\n",
        ":memory:": "lowball serve: --db ':memory:': an in-memory database loses every table when the server "
        "stops: give a file's path (./:memory: for a file of that name)\n",
    }
    for db, message in cases.items():
        r = run("serve", "--db", db, "--port", "9")
        assert (r.exit_code, r.output) == (2, message)
    assert os.listdir(tmp_path) == ["pipe"]
    help_text = " ".join(run("serve", "-h").output.split())
    assert "A directory, a named pipe or a device is refused, and so is -" in help_text
    assert "and :memory: (SQLite's in-memory database would lose every table when the server stops)" in help_text


# -- card text: read as pasted, echoed in one form ---------------------------------------------------


def test_draw_reads_symbols_in_any_order_and_echoes_one_form() -> None:
    letters = run("draw", "8s7h4d3c2s", "--vs", "9h8d6c4s2d:9h", "--dead", "Ks 2h", "--top", "2")
    pasted = run(
        "draw",
        f"2{W_SPADE} 3{CLUB} 4{W_DIAMOND} 7{HEART}\ufe0f 8{SPADE}",
        "--vs",
        f"2{DIAMOND}4{W_SPADE}6{CLUB}8{DIAMOND}9{W_HEART}:9{HEART}",
        "--dead",
        f"2{W_HEART} K{SPADE}",
        "--top",
        "2",
    )
    assert (letters.exit_code, pasted.exit_code) == (0, 0)
    assert pasted.output == letters.output
    assert letters.output.splitlines()[:3] == [
        "8s 7h 4d 3c 2s (8-7-4-3-2: 8-7 low)",
        "40 unseen cards (Ks 2h dead: in the muck); every replacement counted exactly",
        "vs 9h 8d 6c 4s 2d throwing 9h (drawing 1: both draws counted exactly)",
    ]


def test_draw_json_echoes_every_hand_highest_first_in_letters() -> None:
    """The hand and the opponent were echoed in the order typed while every row's keep was
    highest first (a pat row's keep differed from the hand it kept)."""
    r = run("draw", f"2{SPADE}3{CLUB}4{DIAMOND}7{HEART}8{SPADE}", "--vs", "2d4s6c8d9h:9h", "--dead", "2h Ks", "--json")
    data = json.loads(r.output)
    assert (data["hand"], data["dead"], data["vs"]) == (
        "8s7h4d3c2s",
        "Ks2h",
        {"hand": "9h8d6c4s2d", "discard": "9h", "class": 39},
    )
    assert data["rows"][0]["keep"] == data["hand"]
    assert r.output.startswith('{\n "hand": "8s7h4d3c2s",\n "dead": "Ks2h",\n')  # one indented document
    a5 = json.loads(run("draw", "-r", "a-5", f"A{SPADE}2d3h4hK{CLUB}", "--vs", "Ah2c3c4d6s", "--json").output)
    assert (a5["hand"], a5["vs"]["hand"]) == ("Kc4h3h2dAs", "6s4d3c2cAh")
    badugi = json.loads(run("draw", "-r", "badugi", f"A{W_SPADE}2d3h4h", "--vs", "Ac2c3d4s", "--json").output)
    assert (badugi["hand"], badugi["vs"]["hand"], badugi["rows"][0]["keep"]) == ("4h3h2dAs", "4s3d2cAc", "4h3h2dAs")


def test_odds_json_echoes_every_hand_highest_first() -> None:
    r = run("odds", f"2{CLUB}3{SPADE}4{HEART}6{DIAMOND}7{CLUB}", "2s4c5d8h9h", "--discards", f"-,9{HEART}8h", "--json")
    players = json.loads(r.output)["players"]
    assert [(p["hand"], p["discard"]) for p in players] == [("7c6d4h3s2c", ""), ("9h8h5d4c2s", "9h8h")]
    assert r.output.startswith('{\n "exact": true,\n')


def test_json_help_says_one_document_and_rank_json_lines() -> None:
    for command in ("draw", "odds"):
        text = " ".join(run(command, "-h").output.split())
        assert (
            "--json Write the result as one JSON document, indented (not JSON Lines: one result, where rank "
            "--json writes a compact line per hand), exact counts too; every hand in it in letters, highest "
            "first, nothing between the cards (8s7h4d3c2s)." in text
        ), command
    text = " ".join(run("simulate", "-h").output.split())
    assert "--json Print the results as one JSON document, indented, instead of tables" in text
    text = " ".join(run("rank", "-h").output.split())
    assert "--json Write JSON Lines: one compact JSON object per hand" in text


def test_vs_text_orders_the_thrown_cards_in_the_ranking() -> None:
    hand = ("Ah", "2c", "3c", "4d", "Ks")
    shown = vs_text(parse_cards(hand), parse_cards("AhKs"), ranking=Ranking.ACE_TO_FIVE)
    assert shown == "Ks 4d 3c 2c Ah throwing Ks Ah (drawing 2: both draws counted exactly)"


def test_a_strategy_names_the_bad_card_of_a_target_written_as_cards() -> None:
    text = f"best=8{SPADE}6{HEART}5{DIAMOND}4{CLUB}2X"
    with pytest.raises(InvalidValueError) as info:
        Strategy.parse(text)
    assert str(info.value) == (
        f"strategy {text!r}: expected a low (a hand without a pair) like 9 or 8-6, or the class of one ({BAD_2X})"
    )
    with pytest.raises(InvalidValueError) as info:
        Strategy.parse("pat=8s6h5d4c")
    assert str(info.value).endswith("(8/8/J) (expected 5 cards, got 4: 8s 6h 5d 4c)")
    # a target written with symbols, white or black, is the same target as in letters
    assert Strategy.parse(f"pat=9{W_SPADE}8{HEART}6{W_DIAMOND}4{CLUB}2s") == Strategy.parse("pat=9s8h6d4c2s")
    r = run("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--strategy", f"pat=8{SPADE}6{HEART}5{DIAMOND}4{CLUB}2X")
    assert r.exit_code == 2 and r.output.rstrip("\n").endswith(f"({BAD_2X})")


def test_the_library_reads_symbols_wherever_cards_come_in() -> None:
    hand, opp = f"8{SPADE}7{W_HEART}4{DIAMOND}3{W_CLUB}2{SPADE}", f"9{HEART}8{DIAMOND}6{CLUB}4{SPADE}2{DIAMOND}"
    assert odds.threshold(f"8{W_SPADE}6{HEART}5{DIAMOND}4{CLUB}2{SPADE}") == odds.threshold("8s6h5d4c2s")
    assert odds.threshold(f"4{SPADE}3{HEART}2{DIAMOND}A{CLUB}", ranking="badugi") == 1
    pasted, typed = (
        odds.draw_outcomes(hand, f"8{SPADE}", dead=f"K{SPADE}"),
        odds.draw_outcomes("8s7h4d3c2s", "8s", dead="Ks"),
    )
    assert (pasted.kept, pasted.discard, pasted.total, pasted.low_counts()) == (
        typed.kept,
        typed.discard,
        46,
        typed.low_counts(),
    )
    rows = [(r.kept, r.counts) for r in odds.discard_table(hand, f"K{SPADE}", (opp, f"9{HEART}")).rows]
    assert rows == [(r.kept, r.counts) for r in odds.discard_table("8s7h4d3c2s", "Ks", ("9h8d6c4s2d", "9h")).rows]
    assert rows[0] == (parse_cards("8s7h4d3c2s"), (34, 0, 7, 41))
    assert odds.equity([hand, opp], ["", f"9{HEART}8{DIAMOND}"]).players == (
        odds.equity(["8s7h4d3c2s", "9h8d6c4s2d"], ["", "9h8d"]).players
    )
    with pytest.raises(InvalidCardError) as info:
        odds.equity([hand, opp], ["", f"9{HEART}8X"])
    assert str(info.value).startswith(f"discards[1]: '8X' in '9{HEART}8X' is not a card")


def test_a_table_discard_given_as_text_reads_symbols_and_names_a_bad_card() -> None:
    t = Table(VARIANTS["F2L3D"], seats=2, seed=1)
    for seat in (0, 1):
        t.sit(seat, f"p{seat + 1}", 100, now=0.0)
    t.deal(now=0.0)
    while not t.legal_actions().draw:
        seat = t.actor
        assert seat is not None
        t.act(seat, {"kind": "check" if t.legal_actions().check else "call"}, seq=t.seq, now=0.0)
    seat = t.actor
    assert seat is not None
    held = t.hand_state().hand(t.position_of(seat))
    symbol = {"c": W_CLUB, "d": DIAMOND, "h": W_HEART, "s": SPADE}
    typed = " ".join(f"{c}"[0] + symbol[f"{c}"[1]] for c in held[:2])
    before = t.snapshot()
    with pytest.raises(InvalidCardError) as info:
        t.act(seat, {"kind": "discard", "cards": typed + " 9X"}, seq=t.seq, now=0.0)
    assert "'9X' is not a card" in str(info.value) and str(info.value).startswith(f"seat {seat}: ")
    assert t.snapshot() == before
    t.act(seat, {"kind": "discard", "cards": typed}, seq=t.seq, now=0.0)
    draw = [e for e in t.events_for(seat, 0) if e.kind == "draw"][-1]
    assert (draw.seat, sorted(draw.discarded)) == (seat, sorted(held[:2]))
    assert Action.discard(typed).cards == tuple(held[:2])


# -- the server: URL-encoded symbols in /api/draw, symbols in a socket's discard --------------------


def test_the_server_reads_symbols_in_the_draw_api_and_a_discard(tmp_path: Path) -> None:
    pytest.importorskip("starlette", reason="the server extra (starlette) is not installed")
    pytest.importorskip("uvicorn", reason="the server extra (uvicorn) is not installed")
    from server_helpers import passive_action, running

    with running(tmp_path / "s.db") as s:
        # 2♠3♣4♦7♥8♠ percent-encoded as a page sends it, and the white 8♤ 7♡ ... with + for spaces
        pasted = s.http.get("/api/draw?hand=2%E2%99%A03%E2%99%A34%E2%99%A67%E2%99%A58%E2%99%A0&dead=K%E2%99%A4")
        typed = s.http.get("/api/draw", params={"hand": "8s7h4d3c2s", "dead": "Ks"})
        assert (pasted.status_code, pasted.json()) == (200, typed.json())
        assert (typed.json()["hand"], typed.json()["dead"]) == ("8s7h4d3c2s", "Ks")
        white = s.http.get("/api/draw?hand=8%E2%99%A4+7%E2%99%A1+4%E2%99%A2+3%E2%99%A7+2%E2%99%A4")
        assert white.json()["rows"] == s.http.get("/api/draw", params={"hand": "8s7h4d3c2s"}).json()["rows"]
        bad = s.http.get("/api/draw?hand=8%E2%99%A07h4d3c2X")
        assert (bad.status_code, bad.json()) == (
            400,
            {
                "code": "bad_hand",
                "error": f"hand '8{SPADE}7h4d3c2X': '2X' in '8{SPADE}7h4d3c2X' is not a card: expected a rank "
                "(2-9, T, J, Q, K, A, or 10) followed by a suit (c, d, h, s, or a suit symbol)",
            },
        )
        badugi = s.http.get("/api/draw?ranking=badugi&hand=A%E2%99%A02d3h4h").json()
        assert (badugi["ranking"], badugi["hand"]) == ("badugi", "4h3h2dAs")
        info = s.seat("ann")
        c = s.ws()
        assert c.hello(info["token"])["type"] == "welcome"
        while True:
            st = c.my_turn()
            legal = st["you"]["legal"]
            if legal["draw"]:
                break
            c.send({"type": "act", "seq": st["seq"], "action": passive_action(legal)})
            assert c.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        held = st["you"]["cards"]
        symbol = {"c": CLUB, "d": W_DIAMOND, "h": HEART, "s": W_SPADE}
        typed_cards = f"{held[0][0]}{symbol[held[0][1]]}\ufe0f {held[1][0]}{symbol[held[1][1]]}"
        c.send(
            {"type": "act", "id": "bad", "seq": st["seq"], "action": {"kind": "discard", "cards": typed_cards + " 9X"}}
        )
        err = c.until(lambda m: m["type"] in ("ack", "error"))
        assert (err["type"], err["id"]) == ("error", "bad")
        assert err["message"] == (  # the wire's error names the field and the value (issue 29)
            f"action.cards = {typed_cards + ' 9X'!r}: expected card text such as 'Kd Qs', or a list of cards "
            "('9X' is not a card: expected a rank (2-9, T, J, Q, K, A, or 10) followed by a suit (c, d, h, s, or a "
            "suit symbol))"
        )
        c.send({"type": "act", "id": "ok", "seq": st["seq"], "action": {"kind": "discard", "cards": typed_cards}})
        assert c.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        me = info["seat"]

        def my_draw(m: dict[str, object]) -> bool:
            return m["type"] == "events" and any(e["kind"] == "draw" and e["seat"] == me for e in m["events"])  # type: ignore[attr-defined]

        draw = next(e for e in c.until(my_draw)["events"] if e["kind"] == "draw" and e["seat"] == me)
        assert sorted(draw["discarded"]) == sorted(held[:2])  # the wire writes a list of cards


def test_a_discard_not_in_the_hand_names_the_hand_highest_first() -> None:
    r = run("draw", "8s7h4d3c2s", "--vs", f"2{DIAMOND}4s6c8d9h:8h")
    assert (r.exit_code, r.output) == (2, "lowball draw: --vs discard: 8h is not in the opponent's hand 9h8d6c4s2d\n")
    r = run("odds", "7c6d4h3s2c", f"2{W_SPADE}4c5d8h9h", "--discards", "-,Kh")
    assert (r.exit_code, r.output) == (2, "lowball odds: --discards (hand 2): Kh is not in hand 2 9h8h5d4c2s\n")


def test_the_server_ignores_a_byte_order_mark_before_json(tmp_path: Path) -> None:
    """A request body with a byte-order mark was read; a socket message with one was refused
    ("Unexpected UTF-8 BOM"). Both are read now, as every text the package reads."""
    pytest.importorskip("starlette", reason="the server extra (starlette) is not installed")
    pytest.importorskip("uvicorn", reason="the server extra (uvicorn) is not installed")
    from server_helpers import running

    with running(tmp_path / "s.db") as s:
        body = "\ufeff" + json.dumps({"player": "ann"})
        r = s.http.post(
            "/api/tables/t1/seats", content=body.encode("utf-8"), headers={"content-type": "application/json"}
        )
        assert (r.status_code, r.json()["seat"], r.json()["player"]) == (200, 0, "ann")
        c = s.ws()
        c.send("\ufeff" + json.dumps({"type": "hello", "token": r.json()["token"], "since": 0}))
        welcome = c.until(lambda m: m["type"] in ("welcome", "error"))
        assert (welcome["type"], welcome["seat"], welcome["player"]) == ("welcome", 0, "ann")


@POSIX
def test_simulate_phh_follows_a_link_and_names_what_is_not_a_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dangling link (or a named pipe) at --phh was 'cannot make the PHH directory dang:
    [Errno 17] File exists: 'dang''. Now the link is followed, its directory made, the link
    kept; what is not a directory is told so."""
    monkeypatch.chdir(tmp_path)
    os.symlink("runs/one", "dang")
    r = run("simulate", "--hands", "2", "-q", "--seed", "1", "--phh", "dang")
    assert r.exit_code == 0, r.output
    assert os.readlink("dang") == "runs/one"
    assert sorted(os.listdir("runs/one")) == ["hand-000001.phh", "hand-000002.phh"]
    os.mkfifo("pipe")
    os.symlink("loop", "loop")
    Path("file").write_text("x")
    for path, why in {
        "pipe": "it exists and is not a directory",
        "loop": "Too many levels of symbolic links",
        "file/sub": "Not a directory",
    }.items():
        r = run("simulate", "--hands", "2", "-q", "--phh", path)
        assert (r.exit_code, r.output) == (2, f"lowball simulate: cannot make the PHH directory {path}: {why}\n")
    assert sorted(os.listdir(tmp_path)) == ["dang", "file", "loop", "pipe", "runs"]
    help_text = " ".join(run("simulate", "-h").output.split())
    assert "with --scheduler each worker writes its hands on its own machine, at this path." in help_text


@pytest.mark.parametrize("variant", ["F2L3D", "FB"])
def test_the_servers_showdown_sends_each_shown_hand_highest_first(tmp_path: Path, variant: str) -> None:
    """The showdown of the state message sent the shown cards in the order held while the seat's
    own cards came highest first (the page sorted both); now both come in one order."""
    pytest.importorskip("starlette", reason="the server extra (starlette) is not installed")
    pytest.importorskip("uvicorn", reason="the server extra (uvicorn) is not installed")
    from server_helpers import passive_action, running

    from lowball.cli.render import sorted_hand

    ranking = VARIANTS[variant].ranking
    with running(tmp_path / "s.db", variant=[VARIANTS[variant]]) as s:
        info = s.seat("ann")
        c = s.ws()
        assert c.hello(info["token"])["type"] == "welcome"
        shown: list[dict[str, object]] = []
        for _ in range(200):
            st = c.until(lambda m: m["type"] == "state")
            if st["showdown"] and st["showdown"]["shown"]:
                shown = st["showdown"]["shown"]
                break
            if st["you"] and st["you"]["legal"]:
                c.send({"type": "act", "seq": st["seq"], "action": passive_action(st["you"]["legal"])})
        assert shown
        for hand in shown:
            cards = hand["cards"]
            assert isinstance(cards, list) and len(cards) == ranking.hand_size
            assert cards == [f"{c}" for c in sorted_hand(parse_cards(cards), ranking)]


def test_odds_echoes_the_dead_cards_as_draw_does() -> None:
    """lowball odds took --dead out of the deck without a word in its output (draw names them)."""
    args = ("odds", f"2{CLUB}3{SPADE}4{HEART}6{DIAMOND}7{CLUB}", "2s4c5d8h9h", "--discards", "-,9h8h")
    r = run(*args, "--dead", f"2h K{W_SPADE}", "--symbols")
    assert r.output == (
        "exact: every one of 780 deals counted (1 draw to come)\n"
        f"dead: K{SPADE} 2{HEART} (in the muck: back only through a reshuffle)\n"
        "\n"
        "   hand            first draw        win     tie   equity\n"
        f" 1 7{CLUB} 6{DIAMOND} 4{HEART} 3{SPADE} 2{CLUB}  pat           98.846%  0.000%  98.846%\n"
        f" 2 9{HEART} 8{HEART} 5{DIAMOND} 4{CLUB} 2{SPADE}  throws 9{HEART} 8{HEART}   1.154%  0.000%   1.154%\n"
    )
    data = json.loads(run(*args, "--dead", f"2h K{W_SPADE}", "--json").output)
    assert (data["dead"], data["trials"], data["players"][1]["wins"]) == ("Ks2h", 780, 9)
    assert json.loads(run(*args, "--json").output)["dead"] == ""
    assert "dead:" not in run(*args).output
    assert "Every hand (and --dead) is shown highest first, however it was typed" in " ".join(
        run("odds", "-h").output.split()
    )


def test_files_of_the_new_rankings_are_read_past_a_byte_order_mark(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_bytes(b"\xef\xbb\xbfAs2h3d4c\n# a comment\n5\xe2\x99\xa04d3c2h\n")
    r = run("rank", "-r", "badugi", "-f", str(hands))
    assert (r.exit_code, r.output) == (
        0,
        "As2h3d4c\t1\tbadugi\t4-3-2-A: a 4-card badugi, 4 high, the best badugi\n"
        "5s4d3c2h\t5\tbadugi\t5-4-3-2: a 4-card badugi, 5 high\n",
    )
    assert run("simulate", "-v", "FB", "--hands", "1", "-q", "--seed", "2", "--phh", str(tmp_path / "h")).exit_code == 0
    plain = (tmp_path / "h" / "hand-000001.phh").read_bytes()
    marked = tmp_path / "marked.phh"
    marked.write_bytes(b"\xef\xbb\xbf" + plain)
    a, b = run("replay", str(tmp_path / "h" / "hand-000001.phh")), run("replay", str(marked))
    assert (a.exit_code, b.exit_code) == (0, 0)
    assert b.output.replace(str(marked), "X") == a.output.replace(str(tmp_path / "h" / "hand-000001.phh"), "X")
    assert b.output.startswith(f"{marked}: badugi, fixed limit 2/4 (FB), hand 1\n")


def test_compare_in_badugi_and_a5_reads_symbols_and_echoes_as_rank_does() -> None:
    """compare echoes each hand as rank does: in the order given, letters, nothing between."""
    r = run(
        "compare", "-r", "badugi", f"A{W_SPADE} 2{W_HEART} 3{W_DIAMOND} 4{W_CLUB}", f"K{SPADE}2{HEART}3{DIAMOND}4{CLUB}"
    )
    assert (r.exit_code, r.output) == (
        0,
        "* 1. As2h3d4c     1  4-3-2-A: a 4-card badugi, 4 high, the best badugi\n"
        "  2. Ks2h3d4c   499  K-4-3-2: a 4-card badugi, K high\n"
        "winner: hand 1 (As2h3d4c)\n",
    )
    r = run("compare", "-r", "a-5", f"5{SPADE}4{HEART}3{DIAMOND}2{CLUB}A{SPADE}", "As2h3d4X6s")
    assert (r.exit_code, r.output) == (
        2,
        "lowball compare: hand 'As2h3d4X6s': '4X' in 'As2h3d4X6s' is not a card: expected a rank (2-9, T, J, Q, K, "
        "A, or 10) followed by a suit (c, d, h, s, or a suit symbol)\n",
    )


def test_draw_json_is_in_letters_with_or_without_symbols() -> None:
    args = ("draw", f"8{SPADE}7{HEART}4{DIAMOND}3{CLUB}2{SPADE}", "--vs-pat", "9-8", "--json")
    assert run(*args, "--symbols").output == run(*args).output
    assert json.loads(run(*args).output)["hand"] == "8s7h4d3c2s"


@POSIX
def test_a_store_in_a_missing_directory_says_so(tmp_path: Path) -> None:
    """SQLite's own words were only "unable to open database file"."""
    link = tmp_path / "link.db"
    link.symlink_to("gone/t.db")
    gone = Path(os.path.realpath(tmp_path)) / "gone"
    for path in (tmp_path / "gone" / "t.db", link):
        with pytest.raises(StoreError) as info:
            SQLiteStore(path)
        assert str(info.value) == (
            f"{path}: cannot open the database: unable to open database file: no directory {gone} to make it in"
        )
    assert sorted(os.listdir(tmp_path)) == ["link.db"]


def test_the_rankings_name_a_bad_card_as_pasted() -> None:
    scanner = (
        "is not a card: expected a rank (2-9, T, J, Q, K, A, or 10) followed by a suit (c, d, h, s, or a suit symbol)"
    )
    cases = [
        (
            lambda: odds.threshold(f"4{SPADE}3{HEART}2{DIAMOND}AX", ranking="badugi"),
            f"'AX' in '4{SPADE}3{HEART}2{DIAMOND}AX'",
        ),
        (
            lambda: odds.discard_table(f"K{CLUB}2{DIAMOND}3{HEART}4X", ranking="badugi"),
            f"hand: '4X' in 'K{CLUB}2{DIAMOND}3{HEART}4X'",
        ),
        (
            lambda: odds.discard_table("8s7h4d3c2s", "", f"9{HEART}8{DIAMOND}6{CLUB}4{SPADE}2X"),
            f"vs: '2X' in '9{HEART}8{DIAMOND}6{CLUB}4{SPADE}2X'",
        ),
        (lambda: odds.draw_outcomes("8s7h4d3c2s", "8s", dead=f"Q{W_SPADE}X"), f"dead: 'X' in 'Q{W_SPADE}X'"),
    ]
    for call, where in cases:
        with pytest.raises(InvalidCardError) as info:
            call()
        assert f"{where} {scanner}" in str(info.value)
    r = run("draw", "-r", "badugi", f"K{CLUB}2{DIAMOND}3{HEART}4{HEART}", "--target", f"7{SPADE}5X")
    assert r.exit_code == 2 and f"'5X' in '7{SPADE}5X' {scanner}" in r.output

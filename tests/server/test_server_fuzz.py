"""Bad input to ``lowball serve`` over its WebSocket and HTTP API (issue 14).

One server (a subprocess on a free 127.0.0.1 port, its database in a temporary directory, no
bots, decisions of an hour, so that nothing moves unless a client acts) with three people at
table ``t1``: seats 0 and 1 play the first hand heads-up, seat 2 waits for the next. Each bad
message gets what protocol.md says (an ``error`` with a code and a message naming the bad value,
or the socket closed with the code it names), the connection goes on serving (a ping is answered
after it) and so does the server (other clients, a last legal action acknowledged). The table is
unchanged: every row of the database is compared with the rows before the bad messages, and the
lobby's hand counts too. Hypothesis sends random messages as well (bounded examples). The
server's log holds no traceback at the end.

A second, short run (``bench/load_server.py``'s clients, a spectator among them, every message
received kept) checks that no message to a seat holds another seat's hole cards or discards
before the showdown (nor a mucked hand's ever), against the stored hands' PHH.
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import json
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

for _module in ("starlette", "uvicorn", "websockets", "httpx"):
    pytest.importorskip(_module, reason="the server extra (pip install 'lowball-poker[server]') is not installed")

import httpx  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import ClientConnection, connect  # noqa: E402
from wire_check import check_message  # noqa: E402

from helpers import bench_module  # noqa: E402
from lowball import phh  # noqa: E402
from lowball.store import SQLiteStore  # noqa: E402

load_server = bench_module("load_server")

WAIT = 10.0  # seconds any one answer may take (a deadline, not a sleep)
# loopback only: never through a proxy named in the environment (websockets >= 15 would use one)
NO_PROXY: dict[str, Any] = {"proxy": None} if "proxy" in inspect.signature(connect).parameters else {}
MAX = 4096  # protocol.md: client messages of at most 4096 bytes
_ids = itertools.count(1)


# -- the server ---------------------------------------------------------------------------------


class Server:
    """A running ``lowball serve`` and the people seated at table t1."""

    def __init__(self, proc: Any, workdir: Path) -> None:
        self.proc = proc
        self.port = proc.port
        self.http = f"http://{load_server.HOST}:{self.port}"
        self.ws = f"ws://{load_server.HOST}:{self.port}/ws/"
        self.db = proc.db
        self.workdir = workdir
        self.tokens: dict[int, str] = {}
        self.baseline: dict[str, list[tuple[Any, ...]]] = {}
        self.hands: dict[str, int] = {}

    def rows(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table of the database (read-only, beside the running server)."""
        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
            return {n: sorted(con.execute(f'SELECT * FROM "{n}"').fetchall(), key=repr) for n in names}
        finally:
            con.close()

    def lobby_hands(self) -> dict[str, int]:
        r = httpx.get(f"{self.http}/api/tables", timeout=WAIT, trust_env=False)
        assert r.status_code == 200
        return {t["id"]: t["hand"] for t in r.json()["tables"]}

    def assert_unchanged(self) -> None:
        """The table is as it was before the bad input: every stored row, the lobby's hands."""
        assert self.proc.proc.poll() is None, "the server died:\n" + self.proc.log_tail()
        now = self.rows()
        assert now.keys() == self.baseline.keys()
        for name in now:
            assert now[name] == self.baseline[name], f"database table {name} changed"
        assert self.lobby_hands() == self.hands


def _start(workdir: Path, *extra: str) -> Any:
    proc = load_server.ServerProcess(
        load_server.free_port(),
        workdir / "fuzz.sqlite",
        workdir / "server.log",
        [
            "--tables", "2", "--seats", "3", "--bots", "none", "--action-seconds", "3600", "--time-bank", "0",
            "--next-hand-delay", "0", "--bot-delay", "0", "--bad-token-limit", "10000", *extra,
        ],
    )  # fmt: skip
    proc.start()
    deadline = time.monotonic() + load_server.READY_SECONDS
    while True:
        assert proc.proc.poll() is None, "the server exited:\n" + proc.log_tail()
        try:
            if httpx.get(f"{proc.base}/api/tables", timeout=2.0, trust_env=False).status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, "the server did not answer:\n" + proc.log_tail()
        time.sleep(load_server.POLL)  # polling a starting process, with a deadline


def _seat(base: str, table: str, player: str, seat: int | None) -> httpx.Response:
    body: dict[str, Any] = {"player": player}
    if seat is not None:
        body["seat"] = seat
    return httpx.post(f"{base}/api/tables/{table}/seats", json=body, timeout=WAIT, trust_env=False)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    work = tmp_path_factory.mktemp("fuzz")
    proc = _start(work)
    s = Server(proc, work)
    try:
        for k, name in enumerate(("ann", "bob", "cat")):
            r = _seat(proc.base, "t1", name, k)
            assert r.status_code == 200, r.text
            s.tokens[k] = r.json()["token"]
        for k in s.tokens:  # each token's first hello is stored (its seat is no longer released: issue 27)
            with Peer(s, k):
                pass
        with Peer(s, None) as spectator:  # the first hand is dealt: seats 0 and 1, one to act
            assert spectator.state is not None
            if spectator.state["actor"] is None:
                spectator.wait_for(lambda m: m.get("type") == "state" and m.get("actor") is not None)
        s.baseline = s.rows()
        s.hands = s.lobby_hands()
        assert s.hands == {"t1": 1, "t2": 0}
        yield s
    finally:
        proc.stop()
        log = proc.log.read_text(errors="replace")
        assert "Traceback" not in log and "Exception" not in log, log[-4000:]


# -- a client ------------------------------------------------------------------------------------


class Peer:
    """A synchronous WebSocket client of table ``t1`` (or ``table``) that says hello on entering
    (unless ``hello=False``) and reads up to the first ``state``."""

    def __init__(self, server: Server, seat: int | None, *, table: str = "t1", hello: bool = True) -> None:
        self.server = server
        self.seat = seat
        self.token = None if seat is None else server.tokens[seat]
        self.table = table
        self.do_hello = hello
        self.state: dict[str, Any] | None = None
        self.conn: ClientConnection | None = None

    def __enter__(self) -> Peer:
        # entered as a context manager, as websockets >= 17.1 asks
        self._opened = connect(self.server.ws + self.table, compression=None, open_timeout=WAIT, **NO_PROXY)
        self.conn = self._opened.__enter__()
        if self.do_hello:
            self.hello()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._opened.__exit__(*exc)

    def hello(self, token: Any = "mine", since: int = 0) -> list[dict[str, Any]]:
        self.send({"type": "hello", "token": self.token if token == "mine" else token, "since": since})
        got = self.wait_for(lambda m: m.get("type") == "state")
        assert got[0]["type"] == "welcome" and got[0]["seat"] == self.seat
        return got

    def send(self, frame: Any) -> None:
        assert self.conn is not None
        self.conn.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))

    def recv(self) -> dict[str, Any]:
        assert self.conn is not None
        msg = json.loads(self.conn.recv(timeout=WAIT))
        check_message(msg)  # valid by the ServerMessage schema (tests/wire_check.py)
        assert isinstance(msg, dict)
        if msg.get("type") == "state":
            self.state = msg
        return msg

    def wait_for(self, done: Any) -> list[dict[str, Any]]:
        """Messages up to and including the first for which ``done`` is true."""
        out = []
        while True:
            out.append(self.recv())
            if done(out[-1]):
                return out

    def answer(self, frame: Any) -> list[dict[str, Any]]:
        """Send ``frame``, then a ping: every message before the pong (the answer to ``frame``)."""
        self.send(frame)
        mark = f"sync-{next(_ids)}"
        self.send({"type": "ping", "id": mark})
        got = self.wait_for(lambda m: m.get("type") == "pong" and m.get("id") == mark)
        return got[:-1]

    def error(self, frame: Any, codes: str | tuple[str, ...], *named: str) -> dict[str, Any]:
        """Send ``frame``: exactly one ``error`` with one of ``codes``, whose message names each of
        ``named``; nothing else comes (nothing changed, so no events or state), and the
        connection still answers a ping."""
        got = self.answer(frame)
        assert len(got) == 1, got
        e = got[0]
        assert e["type"] == "error", e
        assert e["code"] in ((codes,) if isinstance(codes, str) else codes), e
        assert isinstance(e["message"], str) and e["message"], e
        for text in named:
            assert text in e["message"], (text, e)
        return e

    def closed(self) -> tuple[list[dict[str, Any]], int | None]:
        """The messages until the server closes the socket, and the close code."""
        out: list[dict[str, Any]] = []
        assert self.conn is not None
        try:
            while True:
                out.append(json.loads(self.conn.recv(timeout=WAIT)))
                check_message(out[-1])
        except ConnectionClosed as e:
            return out, e.rcvd.code if e.rcvd is not None else None


def _actor(server: Server) -> tuple[int, int, int]:
    """(the seat to act, the other seat of the hand, the table's seq) from a spectator's state."""
    with Peer(server, None) as p:
        assert p.state is not None
        actor = p.state["actor"]
        assert actor in (0, 1)
        return actor, 1 - actor, p.state["seq"]


# -- before the hello and the hello itself -------------------------------------------------------------


def test_messages_before_the_hello_are_refused_and_the_hello_still_works(server: Server) -> None:
    actor, _, seq = _actor(server)
    with Peer(server, actor, hello=False) as p:
        p.send({"type": "act", "id": 7, "seq": seq, "action": {"kind": "fold"}})
        p.send("{not json")
        p.send(b"\x00\x01binary")
        p.send({"type": "ping", "id": 8})
        errors = [p.recv() for _ in range(4)]
        assert [(e["type"], e["code"], e["id"]) for e in errors] == [
            ("error", "no_hello", 7),
            ("error", "bad_json", None),
            ("error", "bad_message", None),
            ("error", "no_hello", 8),
        ]
        assert "'act'" in errors[0]["message"] and "binary" in errors[2]["message"]
        got = p.hello()  # nothing else came before the welcome
        assert [m["type"] for m in got] == ["welcome", "events", "state"]
        assert got[-1]["you"]["seat"] == actor
        assert got[-1]["you"]["legal"] is not None  # the act before the hello was not taken
    server.assert_unchanged()


def test_a_second_hello_is_refused(server: Server) -> None:
    with Peer(server, 2) as p:
        p.error({"type": "hello", "token": server.tokens[2], "since": 0}, "bad_message", "hello")
        p.error({"type": "hello", "token": server.tokens[0], "since": 0}, "bad_message", "hello")
        assert p.answer({"type": "ping", "id": "x"}) == [{"type": "pong", "id": "x"}]
        # still seat 2: another seat's token in a second hello gave nothing
        p.error({"type": "sit_in", "seat": 0}, ("other_seat", "bad_message"), "seat")
    server.assert_unchanged()


@pytest.mark.parametrize(
    "token",
    ["forged-token", "A" * 43, "", "x" * 3000, 12345, ["a"], {"t": 1}, True],
    ids=["forged", "token-shaped", "empty", "long", "int", "list", "object", "bool"],
)
def test_a_forged_token_is_refused_and_the_socket_closed_4401(server: Server, token: Any) -> None:
    with Peer(server, None, hello=False) as p:
        frame = json.dumps({"type": "hello", "token": token, "since": 0})
        p.send(frame)
        got, code = p.closed()
    if len(frame.encode()) > MAX:
        assert [m["code"] for m in got] == ["too_large"]  # too large to be read as a hello at all
        assert code is None or code != 4401
        return
    assert [m["type"] for m in got] == ["error"], got
    assert got[0]["code"] == "bad_token"
    assert got[0]["message"]
    assert code == 4401
    server.assert_unchanged()


def test_a_token_of_another_table_or_of_a_player_who_left_is_refused(server: Server) -> None:
    with Peer(server, None, table="t2", hello=False) as p:  # t1's token at t2
        p.send({"type": "hello", "token": server.tokens[0], "since": 0})
        got, code = p.closed()
    assert [(m["type"], m["code"]) for m in got] == [("error", "bad_token")]
    assert code == 4401
    server.assert_unchanged()
    r = _seat(server.http, "t2", "zed", None)
    assert r.status_code == 200
    token = r.json()["token"]
    left = httpx.post(
        f"{server.http}/api/tables/t2/leave",
        headers={"Authorization": f"Bearer {token}"},
        timeout=WAIT,
        trust_env=False,
    )
    assert left.json() == {"left": True, "chips": 200}
    server.baseline, server.hands = server.rows(), server.lobby_hands()  # t2 saw zed sit and leave
    with Peer(server, None, table="t2", hello=False) as p:
        p.send({"type": "hello", "token": token, "since": 0})
        got, code = p.closed()
    assert [(m["type"], m["code"]) for m in got] == [("error", "bad_token")]
    assert code == 4401
    again = httpx.post(
        f"{server.http}/api/tables/t2/leave",
        headers={"Authorization": f"Bearer {token}"},
        timeout=WAIT,
        trust_env=False,
    )
    assert again.status_code == 401
    server.assert_unchanged()


@pytest.mark.parametrize(
    "hello",
    [
        {"type": "hello", "token": None, "since": "5"},
        {"type": "hello", "token": None, "since": -1},
        {"type": "hello", "token": None, "since": 1.5},
        {"type": "hello", "token": None, "since": True},
        {"type": "hello", "token": None, "since": 0, "seat": 1},
    ],
    ids=["since-str", "since-negative", "since-float", "since-bool", "extra-field"],
)
def test_a_malformed_hello_is_refused_and_closed(server: Server, hello: dict[str, Any]) -> None:
    with Peer(server, None, hello=False) as p:
        p.send(hello)
        got, code = p.closed()
    assert [m["type"] for m in got] == ["error"] and got[0]["code"] == "bad_message", got
    assert code == 1008
    server.assert_unchanged()


def test_an_unknown_table_is_refused_and_closed(server: Server) -> None:
    with Peer(server, None, table="t99", hello=False) as p:
        got, code = p.closed()
    assert [m.get("code") for m in got] == ["no_table"]
    assert "t99" in got[0]["message"]
    assert code == 4404


def test_a_hello_with_a_future_since_starts_again_at_the_current_hand(server: Server) -> None:
    """A since beyond the table's events (a page of an older database) is taken as a new page:
    the events of the current hand, from its hand_start on, without a gap."""
    with Peer(server, 2, hello=False) as p:
        got = p.hello(since=10**9)
        assert [m["type"] for m in got] == ["welcome", "events", "state"]
        events = got[1]["events"]
        assert events[0]["kind"] == "hand_start"
        numbers = [e["number"] for e in events]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    server.assert_unchanged()


# -- frames ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("frame", "code", "named"),
    [
        ("{not json", "bad_json", ()),
        ('{"type": "act", ', "bad_json", ()),
        ("", "bad_json", ()),
        ("[1, 2]", "bad_message", ("the message = [1, 2]: expected an object",)),
        ('"act"', "bad_message", ("the message = 'act': expected an object",)),
        ("42", "bad_message", ("the message = 42: expected an object",)),
        ("null", "bad_message", ("the message = None: expected an object",)),
        ("{}", "bad_message", ("type: missing: expected a message type: hello, act",)),
        ('{"type": "dance"}', "bad_message", ("dance",)),
        ('{"type": 5}', "bad_message", ("5",)),
        (b'{"type": "ping"}', "bad_message", ("binary",)),
        (b"\xff\xfe", "bad_message", ("binary",)),
    ],
    ids=[
        "not-json", "truncated", "empty", "array", "string", "number", "null", "no-type", "unknown-type",
        "type-int", "binary-json", "binary-garbage",
    ],
)  # fmt: skip
def test_a_malformed_frame_gets_an_error(server: Server, frame: Any, code: str, named: tuple[str, ...]) -> None:
    for seat in (0, 2, None):
        with Peer(server, seat) as p:
            p.error(frame, code, *named)
    server.assert_unchanged()


def test_message_size_limits(server: Server) -> None:
    """4096 bytes are read; 4097 get too_large (UTF-8 bytes, not characters); above uvicorn's
    64 KiB the socket is closed (1009) and the server serves on."""
    with Peer(server, 2) as p:
        base = json.dumps({"type": "ping", "id": "big", "pad": ""})
        exact = json.dumps({"type": "ping", "id": "big", "pad": "x" * (MAX - len(base))})
        assert len(exact.encode()) == MAX
        assert p.answer(exact) == [{"type": "pong", "id": "big"}]
        p.error(json.dumps({"type": "ping", "id": "big", "pad": "x" * (MAX + 1 - len(base))}), "too_large", "4097")
        wide = json.dumps({"type": "ping", "pad": "é" * 2100}, ensure_ascii=False)  # 2100 chars, 4200+ bytes
        assert len(wide) < MAX < len(wide.encode())
        p.error(wide, "too_large", str(len(wide.encode())))
        p.error("x" * 60_000, "too_large", "60000")
        p.error("x" * 65536, "too_large", "65536")  # uvicorn's limit (ws_max_size), still answered
        p.error(b"x" * 10_000, ("bad_message", "too_large"))
    with Peer(server, 2) as p:
        p.send("x" * (64 * 1024 + 1))
        got, code = p.closed()
        assert (got, code) == ([], 1009)  # "message too big", closed by uvicorn before the app sees it
    with Peer(server, None) as p:  # still serving
        assert p.answer({"type": "ping"}) == [{"type": "pong", "id": None}]
    server.assert_unchanged()


# -- acts ---------------------------------------------------------------------------------------------


def test_missing_extra_and_mistyped_fields_of_an_act(server: Server) -> None:
    actor, _, seq = _actor(server)
    fold = {"kind": "fold"}
    with Peer(server, actor) as p:
        p.error({"type": "act", "id": 1}, "bad_message", "seq", "action")
        p.error({"type": "act", "id": 2, "seq": seq}, "bad_message", "action")
        p.error({"type": "act", "id": 3, "action": fold}, "bad_message", "seq")
        p.error({"type": "act", "id": 4, "seq": seq, "action": fold, "foo": 1}, "bad_message", "foo")
        p.error({"type": "act", "seq": str(seq), "action": fold}, "bad_message", repr(str(seq)))
        p.error({"type": "act", "seq": float(seq), "action": fold}, "bad_message", str(float(seq)))
        p.error({"type": "act", "seq": True, "action": fold}, "bad_message", "True")
        p.error({"type": "act", "seq": None, "action": fold}, "bad_message", "None")
        p.error({"type": "act", "seq": [seq], "action": fold}, "bad_message", str([seq]))
        p.error({"type": "act", "seq": 2**70, "action": fold}, "stale_seq", str(2**70))
        p.error({"type": "act", "seq": -1, "action": fold}, "stale_seq", "-1")
        p.error({"type": "act", "seq": seq, "action": "fold"}, "bad_message", "fold")
        p.error({"type": "act", "seq": seq, "action": None}, "bad_message", "None")
        p.error({"type": "act", "seq": seq, "action": {}}, ("illegal", "bad_message"), "kind")
        p.error({"type": "act", "seq": seq, "action": {"kind": "jump"}}, "bad_message", "action.kind = 'jump'")
        p.error({"type": "act", "seq": seq, "action": {"kind": 3}}, ("illegal", "bad_message"), "3")
        p.error({"type": "act", "seq": seq, "action": {"kind": "fold", "x": 1}}, ("illegal", "bad_message"), "x")
    server.assert_unchanged()


@pytest.mark.parametrize(
    ("action", "named"),
    [
        ({"kind": "raise", "amount": -5}, "-5"),
        ({"kind": "raise", "amount": 10**30}, str(10**30)),
        ({"kind": "raise", "amount": "4"}, "'4'"),
        ({"kind": "raise", "amount": 4.5}, "4.5"),
        ({"kind": "raise", "amount": None}, "action.amount = None: expected a whole number"),
        ({"kind": "bet", "amount": 7}, "bet"),
        ({"kind": "raise", "amount": 3}, "3"),
        ({"kind": "raise", "amount": 5}, "5"),
        ({"kind": "fold", "amount": 2}, "amount"),
        ({"kind": "call", "cards": "Kd"}, "cards"),
        ({"kind": "discard", "cards": "Zz Qq"}, "Zz"),
        ({"kind": "discard", "cards": "Kd Kd"}, "Kd"),
        ({"kind": "discard", "cards": {"a": 1}}, "a"),
        ({"kind": "discard", "cards": "Kd"}, "discard"),
        ({"kind": "stand_pat"}, "stand"),
        ({"kind": "check"}, "check"),
    ],
    ids=[
        "negative", "huge", "amount-str", "amount-float", "amount-null", "bet-facing-a-blind", "raise-below",
        "raise-above", "fold-with-amount", "call-with-cards", "garbage-cards", "twice-a-card", "cards-object",
        "discard-in-betting", "stand-pat-in-betting", "check-facing-a-blind",
    ],
)  # fmt: skip
def test_an_illegal_action_of_the_actor_changes_nothing(server: Server, action: dict[str, Any], named: str) -> None:
    """At fixed limit 2/4, first round: the actor faces the big blind (a call, a raise to 4 or a
    fold are the legal actions)."""
    actor, _, seq = _actor(server)
    with Peer(server, actor) as p:
        assert p.state is not None
        legal = p.state["you"]["legal"]
        assert (legal["call"], legal["raise"], legal["check"], legal["min_to"], legal["max_to"]) == (
            True, True, False, 4, 4,
        )  # fmt: skip
        e = p.error({"type": "act", "id": "bad", "seq": seq, "action": action}, ("illegal", "bad_message"), named)
        assert e["id"] == "bad"
    server.assert_unchanged()


def test_out_of_turn_stale_and_future_seq_and_other_seats(server: Server) -> None:
    actor, other, seq = _actor(server)
    call = {"kind": "call"}
    with Peer(server, other) as p:  # in the hand, not to act
        # messages name seats as people count them (issue 27: the JSON's seat 0 is seat 1)
        p.error({"type": "act", "seq": seq, "action": call}, "not_your_turn", f"seat {actor + 1}'s turn")
        p.error({"type": "act", "seq": seq, "action": {"kind": "check"}}, "not_your_turn", f"seat {actor + 1}'s")
        # acting for the seat to act, with this token: refused, naming the field's value
        p.error({"type": "act", "seq": seq, "seat": actor, "action": call}, "other_seat", f"seat = {actor}:")
    with Peer(server, 2) as p:  # seated, waiting for the next hand
        p.error({"type": "act", "seq": seq, "action": call}, "not_your_turn", "seat 3 ")
    with Peer(server, actor) as p:
        p.error({"type": "act", "seq": seq - 1, "action": call}, "stale_seq", str(seq - 1), str(seq))
        p.error({"type": "act", "seq": seq + 5, "action": call}, "stale_seq", str(seq + 5), str(seq))
        p.error({"type": "act", "seq": 0, "action": call}, "stale_seq", "0")
        p.error({"type": "act", "seq": seq, "seat": other, "action": call}, "other_seat", f"seat = {other}:")
        p.error({"type": "act", "seq": seq, "seat": "0", "action": call}, "bad_message", "seat = '0': expected")
        p.error({"type": "act", "seq": seq, "seat": None, "action": call}, "bad_message", "seat = None: expected")
    with Peer(server, None) as p:  # a spectator
        p.error({"type": "act", "id": 9, "seq": seq, "action": call}, "no_seat", "spectator")
        p.error({"type": "sit_out"}, "no_seat", "spectator")
        p.error({"type": "act", "seq": seq, "seat": actor, "action": call}, "no_seat", "spectator")
    server.assert_unchanged()


def test_a_surrogate_or_control_text_is_answered_safely(server: Server) -> None:
    with Peer(server, 2) as p:
        p.error('{"type": "act", "seq": "\\ud800", "action": {"kind": "fold"}}', "bad_message")
        p.error('{"type": "\\u0000\\n<script>"}', "bad_message")
        e = p.error('{"type": "act", "id": "\\ud800", "seq": 1, "action": {"kind": "fold"}}', "not_your_turn")
        assert e["id"] == "\ud800"
    server.assert_unchanged()


# -- random messages -------------------------------------------------------------------------------

_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
)
_json = st.recursive(
    _scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)  # fmt: skip
_cards = st.text(alphabet="23456789TJQKAshdcXx? ", max_size=16)
_action = st.fixed_dictionaries(
    {},
    optional={
        "kind": st.sampled_from(["fold", "check", "call", "bet", "raise", "discard", "stand_pat", "show"]) | _json,
        "amount": st.integers(min_value=-(2**64), max_value=2**64) | _json,
        "cards": _cards | _json,
        "seat": _json,
    },
)
_message = st.fixed_dictionaries(
    {"type": st.sampled_from(["act", "ping", "hello", "bogus", "ACT", ""]) | _json},
    optional={
        "id": _json,
        "seq": st.integers(min_value=-3, max_value=100) | _json,
        "action": _action | _json,
        "seat": st.integers(min_value=-1, max_value=3) | _json,
        "token": st.text(max_size=50) | _json,
        "since": _json,
    },
)
_frames = (
    _message.map(json.dumps)
    | _json.map(json.dumps)
    | st.text(max_size=60)
    | st.binary(max_size=60)
    | st.lists(_message, min_size=1, max_size=3).map(json.dumps)
)


def _check_answers(frame: Any, got: list[dict[str, Any]]) -> None:
    """What a refused or harmless message may get: errors, and a pong for a ping."""
    for m in got:
        if m.get("type") == "pong":
            assert isinstance(frame, str) and '"ping"' in frame
            continue
        assert m.get("type") == "error", (frame, m)
        assert isinstance(m.get("code"), str) and m["code"], m
        assert isinstance(m.get("message"), str) and m["message"], m
    assert len(got) <= 1, (frame, got)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(frame=_frames, who=st.sampled_from(["other", "waiting", "spectator"]))
def test_random_messages_after_the_hello_change_nothing(server: Server, frame: Any, who: str) -> None:
    """Random frames from seats that may not act now (and a spectator): never an ack, never a
    change; at most one error each; the connection goes on."""
    actor, other, _ = _actor(server) if who == "other" else (None, None, None)
    seat = {"other": other, "waiting": 2, "spectator": None}[who]
    with Peer(server, seat) as p:
        if isinstance(frame, str) and '"sit_' in frame and seat is not None:
            return  # sit_out / sit_in are a seated player's to send: they would change the table
        _check_answers(frame, p.answer(frame))
    server.assert_unchanged()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(frame=_frames)
def test_random_first_messages_change_nothing(server: Server, frame: Any) -> None:
    """A random first message: an error (and maybe the socket closed), or, when it happens to be
    a valid hello, a welcome; never an ack; the table unchanged."""
    with Peer(server, None, hello=False) as p:
        p.send(frame)
        mark = f"sync-{next(_ids)}"
        p.send({"type": "ping", "id": mark})
        got: list[dict[str, Any]] = []
        try:  # the ping is answered (a pong after a valid hello, else a no_hello error) or the socket closed
            while not (got and got[-1].get("id") == mark and got[-1].get("type") in ("pong", "error")):
                got.append(p.recv())
        except ConnectionClosed:
            pass
    assert not any(m.get("type") == "ack" for m in got), got
    for m in got:
        assert m.get("type") in ("error", "welcome", "events", "state", "pong"), m
        if m.get("type") == "error":
            assert m["code"] and m["message"]
    server.assert_unchanged()


# -- HTTP ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "body", "status", "named"),
    [
        ("/api/tables/t1/seats", b"{not json", 400, "JSON"),
        ("/api/tables/t1/seats", b"[1]", 400, "player"),
        ("/api/tables/t1/seats", json.dumps({"player": "x" * 21}).encode(), 400, "x" * 20),
        ("/api/tables/t1/seats", json.dumps({"player": "a\nb"}).encode(), 400, "player"),
        ("/api/tables/t1/seats", json.dumps({"player": ""}).encode(), 400, "player"),
        ("/api/tables/t1/seats", json.dumps({"player": 5}).encode(), 400, "5"),
        ("/api/tables/t1/seats", json.dumps({"player": "dan", "seat": 9}).encode(), 400, "9"),
        ("/api/tables/t1/seats", json.dumps({"player": "dan", "seat": "1"}).encode(), 400, "'1'"),
        ("/api/tables/t1/seats", json.dumps({"player": "dan", "seat": 0}).encode(), 409, "seat 1 of"),
        ("/api/tables/t1/seats", json.dumps({"player": "dan"}).encode(), 409, "t1"),
        ("/api/tables/t1/seats", json.dumps({"player": "ann", "seat": 1}).encode(), 409, "ann"),
        ("/api/tables/t1/seats", json.dumps({"player": "dan", "x": 1}).encode(), 400, "player"),
        ("/api/tables/t1/seats", json.dumps({"player": "d" + " " * 5000}).encode(), 413, "5"),
        ("/api/tables/t9/seats", json.dumps({"player": "dan"}).encode(), 404, "t9"),
    ],
    ids=[
        "not-json", "not-object", "long-name", "control-char", "empty-name", "name-int", "seat-9", "seat-str",
        "seat-taken", "table-full", "name-taken", "extra-field", "too-large", "no-table",
    ],
)  # fmt: skip
def test_bad_seat_requests(server: Server, path: str, body: bytes, status: int, named: str) -> None:
    r = httpx.post(
        server.http + path, content=body, headers={"Content-Type": "application/json"}, timeout=WAIT, trust_env=False
    )
    assert r.status_code == status, r.text
    assert named in r.json()["error"]
    server.assert_unchanged()


@pytest.mark.parametrize(
    "auth",
    [None, "Bearer", "Bearer forged", "Basic abc", "bearer " + "A" * 43],
    ids=["none", "empty", "forged", "basic", "shaped"],
)
def test_a_leave_without_a_valid_token_is_refused(server: Server, auth: str | None) -> None:
    headers = {} if auth is None else {"Authorization": auth}
    r = httpx.post(f"{server.http}/api/tables/t1/leave", headers=headers, timeout=WAIT, trust_env=False)
    assert r.status_code == 401
    assert r.json()["error"]
    server.assert_unchanged()


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("hand=8s7h4d3c", "8s7h4d3c"),
        ("hand=Zz", "Zz"),
        ("hand=" + "8s" * 60, "long"),
        ("hand=8s7h4d3c2s&dead=8s", "8s"),
    ],
    ids=["four-cards", "garbage", "too-long", "dead-in-hand"],
)
def test_a_bad_draw_table_request(server: Server, query: str, named: str) -> None:
    r = httpx.get(f"{server.http}/api/draw?{query}", timeout=WAIT, trust_env=False)
    assert 400 <= r.status_code < 500
    assert named in r.json()["error"]


# -- JSON numbers that are not whole numbers (issue 11, item 3) -------------------------------------------


def test_json_numbers_that_are_not_whole_numbers_get_an_error_and_change_nothing(server: Server) -> None:
    """1e400 (read as infinity), 2**70, true, 6.0 and "6" as a seq, an amount or a seat: one
    clear error each, the server serves on, nothing changes ("seat": true in an act of seat 1's
    token was taken as seat 1: true == 1 in Python; 2**70 as an amount: the "huge" case above)."""
    actor, _, seq = _actor(server)
    with Peer(server, actor) as p:
        for text, shown in (("1e400", "inf"), ("true", "True"), ("6.0", "6.0"), ('"6"', "'6'"), ("-0.0", "-0.0")):
            e = p.error(f'{{"type": "act", "seq": {text}, "action": {{"kind": "fold"}}}}', "bad_message")
            assert e["message"] == f"seq = {shown}: expected the table's action number (a whole number)"
        # an amount or a seat that is not one is refused by the wire's form (lowball.wire), naming it
        wants = {"inf": "a number within range", str(2**70): "a whole number 63 or less"}
        for text, shown in (("1e400", "inf"), ("true", "True"), ("6.0", "6.0"), ('"6"', "'6'")):
            e = p.error(
                f'{{"type": "act", "seq": {seq}, "action": {{"kind": "raise", "amount": {text}}}}}', "bad_message"
            )
            assert e["message"] == f"action.amount = {shown}: expected {wants.get(shown, 'a whole number')}"
        for text, shown in (("1e400", "inf"), (str(2**70), str(2**70)), ("true", "True"), ("6.0", "6.0")):
            e = p.error(f'{{"type": "act", "seq": {seq}, "seat": {text}, "action": {{"kind": "fold"}}}}', "bad_message")
            assert e["message"] == f"seat = {shown}: expected {wants.get(shown, 'a whole number')}"
    for text, shown in (("1e400", "inf"), (str(2**70), str(2**70)), ("true", "True"), ("6.0", "6.0"), ('"6"', "'6'")):
        r = httpx.post(
            f"{server.http}/api/tables/t1/seats",
            content=f'{{"player": "dan", "seat": {text}}}'.encode(),
            headers={"Content-Type": "application/json"},
            timeout=WAIT,
            trust_env=False,
        )
        assert r.status_code == 400, r.text
        assert r.json() == {
            "error": f"seat = {shown}: expected a seat number 0..2 of table t1"
            " (the JSON counts seats from 0: seat 1 is 0)",
            "code": "bad_seat",
        }
    server.assert_unchanged()


# -- the end: the table still plays ---------------------------------------------------------------------


def test_zz_after_all_that_the_actor_still_plays(server: Server) -> None:
    """Last in this file: the table was never changed, and the seat to act is still answered."""
    server.assert_unchanged()
    actor, other, seq = _actor(server)
    with Peer(server, actor) as p, Peer(server, other) as q:
        got = p.answer({"type": "act", "id": "legal", "seq": seq, "action": {"kind": "call"}})
        acks = [m for m in got if m["type"] == "ack"]
        assert acks == [{"type": "ack", "id": "legal", "seq": seq, "repeated": False}]
        assert p.state is not None and p.state["seq"] > seq
        # the same act again (a client's retry): the stored answer, applied once
        again = p.answer({"type": "act", "id": "legal", "seq": seq, "action": {"kind": "call"}})
        assert [m for m in again if m["type"] == "ack"] == [
            {"type": "ack", "id": "legal", "seq": seq, "repeated": True}
        ]
        # the other seat saw the call
        seen = q.wait_for(lambda m: m.get("type") == "events" and any(e["kind"] == "call" for e in m["events"]))
        assert seen[-1]["events"][-1]["seat"] == actor
    rows = server.rows()
    assert len(rows["changes"]) == len(server.baseline["changes"]) + 1


def test_zz_two_pages_of_one_seat_racing(server: Server) -> None:
    """After the table moved (above): two pages of the seat to act send at once. The same action
    is taken once (the second page gets the stored answer, ``repeated``); a different one is
    refused as stale; one stored action each time."""

    def acts() -> int:
        return sum(1 for row in server.rows()["changes"] if row[3] == "act")

    before = acts()
    for same in (True, False):
        actor, _, seq = _actor(server)
        with Peer(server, actor) as a, Peer(server, actor) as b:
            assert a.state is not None
            you = a.state["you"]
            legal = you["legal"]
            if legal["draw"]:
                first, other = {"kind": "stand_pat"}, {"kind": "discard", "cards": you["cards"][0]}
            else:
                first = {"kind": "call"} if legal["call"] else {"kind": "check"}
                other = {"kind": "fold"} if legal["fold"] else {"kind": "bet" if legal["bet"] else "raise", "amount": 4}
            a.send({"type": "act", "id": "a", "seq": seq, "action": first})
            b.send({"type": "act", "id": "b", "seq": seq, "action": first if same else other})
            got_a = [m for m in a.answer({"type": "ping"}) if m["type"] in ("ack", "error")]
            got_b = [m for m in b.answer({"type": "ping"}) if m["type"] in ("ack", "error")]
        assert got_a == [{"type": "ack", "id": "a", "seq": seq, "repeated": False}]
        if same:
            assert got_b == [{"type": "ack", "id": "b", "seq": seq, "repeated": True}]
        else:
            assert [(m["type"], m["code"]) for m in got_b] == [("error", "stale_seq")]
            assert f"seq {seq} is stale" in got_b[0]["message"]
    assert acts() == before + 2


# -- an expired token ------------------------------------------------------------------------------------


def test_an_expired_token_is_refused_and_the_socket_closed(tmp_path: Path) -> None:
    proc = _start(tmp_path, "--token-hours", "0.0003")  # about a second
    try:
        r = _seat(proc.base, "t1", "eve", 0)
        assert r.status_code == 200
        token = r.json()["token"]
        deadline = time.monotonic() + WAIT
        while True:  # welcomed until the token expires (about a second), then refused
            with connect(
                f"ws://{load_server.HOST}:{proc.port}/ws/t1", compression=None, open_timeout=WAIT, **NO_PROXY
            ) as c:
                c.send(json.dumps({"type": "hello", "token": token, "since": 0}))
                first = json.loads(c.recv(timeout=WAIT))
                check_message(first)
                if first["type"] == "error":
                    with pytest.raises(ConnectionClosed) as closed:
                        while True:
                            c.recv(timeout=WAIT)
                    break
                assert first["type"] == "welcome"
            assert time.monotonic() < deadline, "the token did not expire"
            time.sleep(load_server.POLL)  # polling the token's expiry, with a deadline
        # expired_token if the hello comes between the expiry and the room's next pass (every
        # 0.1 s), which then makes the player leave: bad_token after (both refuse and close)
        assert first["code"] in ("expired_token", "bad_token")
        assert first["message"]
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    finally:
        proc.stop()
    assert "Traceback" not in proc.log_tail(100_000)


# -- no hole cards on the wire ------------------------------------------------------------------------------

_CARD = re.compile(r"[2-9TJQKA][shdc]")
_CARDS_TEXT = re.compile(r"(?:[2-9TJQKA][shdc]\s*)+")


def _cards_in(value: Any) -> set[str]:
    """Every card named in a JSON value: strings that are card text (``"8s"``, ``"8s7h4d"``,
    ``"Kd Qs"``), anywhere inside it."""
    if isinstance(value, str):
        return set(_CARD.findall(value)) if _CARDS_TEXT.fullmatch(value) else set()
    if isinstance(value, dict):
        return set().union(*(_cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_cards_in(v) for v in value)) if value else set()
    return set()


def _hand_cards(db: Path, table: str) -> tuple[dict[int, dict[int, set[str]]], dict[int, dict[int, set[str]]]]:
    """From the stored hands' PHH: every card each seat held or threw in each hand, and the cards
    each seat showed at the showdown (not those written ``# not shown``: won unseen or mucked)."""
    held: dict[int, dict[int, set[str]]] = {}
    shown: dict[int, dict[int, set[str]]] = {}
    with SQLiteStore(db) as store:
        hands = store.hands(table)
    for h in hands:
        history = phh.loads(h["phh"])
        seats = h["seats"]
        own: dict[int, set[str]] = {k: set() for k in seats}
        show: dict[int, set[str]] = {}
        for raw, (kind, position, verb, arg) in zip(history.actions, history.parsed_actions()):
            if position < 0 or not arg:
                continue
            cards = set(_CARD.findall(arg))
            seat = seats[position]
            if kind == "deal" or verb == "sd":
                own[seat] |= cards
            elif verb == "sm" and "not shown" not in raw:
                show[seat] = cards
        held[h["number"]] = own
        shown[h["number"]] = show
    return held, shown


def test_cards_in_finds_card_text_anywhere_and_nothing_else() -> None:
    frame = {"cards": "8s7h", "x": ["Kd Qs", "Kings", "9-8 low"], "data": {"y": "2s", "z": 5}, "p": "Ts-man"}
    assert _cards_in(frame) == {"8s", "7h", "Kd", "Qs", "2s"}


def test_no_frame_holds_another_seats_cards_before_the_showdown(tmp_path: Path) -> None:
    result = asyncio.run(
        load_server.run_async(1, 3, 3.0, None, "F2L3D", seed=5, workdir=tmp_path, spectators=1, record_frames=True)
    )
    assert result.summary["violations"] == [], result.summary["violations"]
    held, shown = _hand_cards(result.db, "t1")
    assert len(held) >= 10  # hands played, with showdowns among them
    assert sum(1 for s in shown.values() if s) >= 3
    checked = own_seen = 0
    unfinished: set[int] = set()
    for c in result.clients:
        revealed: set[int] = set()  # hands whose showdown this client has been told of
        for frame in c.frames:
            if frame["type"] == "events":
                for e in frame["events"]:
                    h = e["hand"]
                    if h not in held and h > 0:
                        unfinished.add(h)  # the hand the run stopped in: no PHH to compare with
                        continue
                    if e["kind"] == "show":
                        revealed.add(h)
                        assert set(e["cards"]) == shown[h][e["seat"]], e
                    allowed = set(held.get(h, {}).get(c.seat, set())) if c.seat is not None else set()
                    if h in revealed:
                        allowed |= set().union(*shown[h].values()) if shown[h] else set()
                    assert _cards_in(e) <= allowed, (c.seat, e)
                    checked += 1
                    own_seen += e["kind"] == "deal" and e["seat"] == c.seat and bool(e["cards"])
            elif frame["type"] == "state":
                h = frame["hand"]
                if h not in held and h > 0:
                    unfinished.add(h)
                    continue
                sd = frame["showdown"]
                allowed = set()
                if c.seat is not None:
                    allowed |= held.get(h, {}).get(c.seat, set())
                if sd is not None:
                    revealed.add(sd["hand"])
                    for d in sd["shown"]:
                        assert set(d["cards"]) == shown[sd["hand"]][d["seat"]], sd
                    allowed |= set().union(*shown[sd["hand"]].values()) if shown[sd["hand"]] else set()
                if h in revealed and shown.get(h):
                    allowed |= set().union(*shown[h].values())
                assert _cards_in(frame) <= allowed, (c.seat, frame)
                you = frame["you"]
                if you is not None and you["cards"]:
                    assert set(you["cards"]) <= held[h][c.seat]
                for s in frame["seats"]:
                    assert s is None or isinstance(s.get("cards", 0), int), s  # a count, never cards
                checked += 1
            else:
                assert not _cards_in(frame), frame
    assert checked > 1000
    assert own_seen > 30  # each seat was shown its own deals: the comparison is not empty-handed
    assert len(unfinished) <= 1 and all(h > max(held) for h in unfinished)

"""Several ``lowball serve`` processes on one PostgreSQL database (issue 29, part 3): each runs
the tables named to it (``--tables t3,t4``), a table is run by one process at a time (the
second gets a clear error naming the table and the holder, and writes nothing), and each lobby
lists the whole database's tables with where they are served. On the tests' own cluster
(tests/pg_cluster.py, 127.0.0.1); skipped without PostgreSQL unless LOWBALL_REQUIRE_POSTGRES=1.

Every wait is for an event: a process's first answer, its exit, PostgreSQL granting a lock
(its own ``lock_timeout``, the store's ``wait``), each with a deadline that only a fault
reaches."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the server extra (uvicorn) is not installed")

import httpx  # noqa: E402
from server_helpers import free_port  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import connect  # noqa: E402
from wire_check import check_http, check_message  # noqa: E402

from lowball.errors import TableHeldError  # noqa: E402
from lowball.server.game import GameServer, ServerError  # noqa: E402
from lowball.table import Table  # noqa: E402
from lowball.variants import VARIANTS  # noqa: E402

DEADLINE = 30.0  # seconds any one event may take (a bound a fault reaches, never a wait)


def line(table_id: str, served: str, **facts: Any) -> dict[str, Any]:
    """A lobby line of a fresh two-seat 2-7 triple draw table."""
    return {
        "id": table_id, "variant": "F2L3D", "name": "2-7 triple draw, fixed limit", "stakes": "2/4",
        "limit": "fixed", "ranking": "2-7", "game": "2-7 lowball", "hand_size": 5, "seats": 2, "humans": 0,
        "bots": 0, "taken": 0, "hand": 0, "served": served, **facts,
    }  # fmt: skip


def table_rows(url: str) -> list[tuple[Any, ...]]:
    """The database's stored tables and their snapshots (read beside the servers)."""
    import psycopg

    with psycopg.connect(url) as con:
        return con.execute("SELECT table_id, snapshot FROM lowball.tables ORDER BY table_id").fetchall()


# -- in one process: two GameServers, each its own connection -------------------------------------------


def test_a_second_server_runs_the_tables_named_to_it(postgres_url: str) -> None:
    first = GameServer(postgres_url, tables=["t1", "t2"], seats=2, bots=None)
    try:
        second = GameServer(postgres_url, tables=["t3"], seats=2, bots=None)
        try:
            assert list(second.rooms) == ["t3"]
            assert first.lobby() == [line("t1", "here"), line("t2", "here"), line("t3", "elsewhere")]
            assert second.lobby() == [line("t3", "here"), line("t1", "elsewhere"), line("t2", "elsewhere")]
            with pytest.raises(ServerError) as e:
                second.room("t1")
            assert (e.value.code, e.value.status, str(e.value)) == (
                "served_elsewhere",
                404,
                "table 't1' is served by another server process of this database: this server runs t3",
            )
            with pytest.raises(ServerError) as e:
                second.room("t9")
            assert (e.value.code, str(e.value)) == ("no_table", "no table 't9': the tables are t3")
        finally:
            second.close()
    finally:
        first.close()


@pytest.mark.parametrize("tables", [["t2", "t5"], 2], ids=["named", "a-number"])
def test_a_table_another_server_runs_is_refused_naming_it_and_nothing_is_written(
    postgres_url: str, tables: Any
) -> None:
    """Named: t2 is the first's (t5, after it, is never made); a number: the database's every
    table, t1 first. The error names the table and the first server's process."""
    first = GameServer(postgres_url, tables=["t1", "t2"], seats=2, bots=None)
    try:
        before = table_rows(postgres_url)
        with pytest.raises(TableHeldError) as e:
            GameServer(postgres_url, tables=tables, seats=2, bots=None)
        held = "t2" if isinstance(tables, list) else "t1"
        assert e.value.table_id == held
        assert e.value.holder.startswith("lowball pid ")
        assert str(e.value).startswith(f"table '{held}' is served by another server process (lowball pid ")
        assert str(e.value).endswith(
            "a table is served by one process at a time; give this one tables of its own "
            "(tables=['t3', 't4'], lowball serve --tables t3,t4)"
        )
        assert table_rows(postgres_url) == before  # t5 not made, nothing of t1 or t2 written
        assert first.lobby() == [line("t1", "here"), line("t2", "here")]
    finally:
        first.close()


def test_a_stored_table_nobody_runs_is_listed_as_such(postgres_url: str) -> None:
    from lowball.postgres import PostgresStore

    store = PostgresStore(postgres_url)
    try:
        Table(VARIANTS["F2L3D"], seats=2, table_id="t9", store=store)
        store.release("t9")  # let go (at once, unlike a closed connection's session ending)
        server = GameServer(postgres_url, tables=["t1"], seats=2, bots=None)
        try:
            assert server.lobby() == [line("t1", "here"), line("t9", "nobody")]
            with pytest.raises(ServerError) as e:
                server.room("t9")
            assert (e.value.code, str(e.value)) == ("not_served", "table 't9' is not served now: this server runs t1")
        finally:
            server.close()
    finally:
        store.close()


def test_the_lobby_shows_another_servers_table_as_stored(postgres_url: str) -> None:
    """People seated at the other server's table: the lobby counts them from the stored rooms."""
    first = GameServer(postgres_url, tables=["t1"], seats=2, bots="calling", next_hand_delay=0, clock=lambda: 1000.0)
    try:
        room = first.room("t1")
        room.join("ann", None, 1000.0)
        room.pump(1000.0)
        second = GameServer(postgres_url, tables=["t2"], seats=2, bots=None)
        try:
            assert first.room("t1").table.hand_number == 1  # ann and the bot are dealt the first hand
            assert second.lobby() == [line("t2", "here"), line("t1", "elsewhere", humans=1, bots=1, taken=2, hand=1)]
        finally:
            second.close()
    finally:
        first.close()


# -- two `lowball serve` processes ----------------------------------------------------------------------


class Serve:
    """``lowball serve`` as a process on 127.0.0.1 (no bots, decisions of an hour: nothing moves
    unless a test acts)."""

    def __init__(self, url: str, tables: str, folder: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"serve-{self.port}.log"
        command = [
            sys.executable, "-m", "lowball", "serve", "--host", "127.0.0.1", "--port", str(self.port),
            "--db", url, "--tables", tables, "--seats", "2", "--bots", "none", "--action-seconds", "3600",
        ]  # fmt: skip
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def up(self) -> Serve:
        """Wait for the first answer (or the process's end: a fault)."""
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise AssertionError(f"lowball serve exited with {self.proc.returncode}: {self.text()[-2000:]}")
            try:
                if httpx.get(self.base + "/api/tables", timeout=1, trust_env=False).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.05)  # polls for the event: the server's first answer
        raise AssertionError(f"lowball serve did not answer within {DEADLINE} s: {self.text()[-2000:]}")

    def get(self, path: str) -> httpx.Response:
        r = httpx.get(self.base + path, timeout=DEADLINE, trust_env=False)
        check_http("GET", path, r.status_code, r.content)
        return r

    def post(self, path: str, body: Any) -> httpx.Response:
        r = httpx.post(self.base + path, json=body, timeout=DEADLINE, trust_env=False)
        check_http("POST", path, r.status_code, r.content)
        return r

    def lobby(self) -> list[tuple[str, str]]:
        return [(t["id"], t["served"]) for t in self.get("/api/tables").json()["tables"]]

    def stop(self) -> int:
        """Ctrl-C, and its exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(DEADLINE)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(DEADLINE)
        return self.proc.returncode


@pytest.fixture
def processes(tmp_path: Path) -> Iterator[list[Serve]]:
    started: list[Serve] = []
    yield started
    for p in started:
        p.stop()


def test_two_serve_processes_share_one_database(postgres_url: str, tmp_path: Path, processes: list[Serve]) -> None:
    a = Serve(postgres_url, "t1,t2", tmp_path)
    processes.append(a)
    a.up()
    # a second process asked for t1 stops with the error naming t1 and the first process
    refused = Serve(postgres_url, "t1", tmp_path)
    processes.append(refused)
    assert refused.proc.wait(DEADLINE) == 2  # the command's status for a database it refuses
    said = refused.text()
    assert "lowball serve: table 't1' is served by another server process (lowball pid " in said
    assert f"lowball pid {a.proc.pid} on " in said
    assert "give this one tables of its own (tables=['t3', 't4'], lowball serve --tables t3,t4)" in said
    b = Serve(postgres_url, "t3", tmp_path)
    processes.append(b)
    b.up()
    assert b.lobby() == [("t3", "here"), ("t1", "elsewhere"), ("t2", "elsewhere")]
    assert a.lobby() == [("t1", "here"), ("t2", "here"), ("t3", "elsewhere")]  # t3 made after a started
    # a seat at the other process's table: refused there, taken where it is served
    r = b.post("/api/tables/t1/seats", {"player": "ann"})
    assert (r.status_code, r.json()) == (
        404,
        {
            "error": "table 't1' is served by another server process of this database: this server runs t3",
            "code": "served_elsewhere",
        },
    )
    with connect(f"ws://127.0.0.1:{b.port}/ws/t1", open_timeout=DEADLINE) as ws:
        msg = json.loads(ws.recv(timeout=DEADLINE))
        check_message(msg)
        assert (msg["type"], msg["code"]) == ("error", "served_elsewhere")
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=DEADLINE)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404  # as for a table it does not have
    page = b.get("/table/t1")
    assert (page.status_code, page.json()["code"]) == (404, "served_elsewhere")
    seat = a.post("/api/tables/t1/seats", {"player": "ann"})
    assert seat.status_code == 200 and seat.json()["seat"] == 0
    assert b.post("/api/tables/t3/seats", {"player": "bob"}).status_code == 200
    # the first process stops; a third takes its tables over (PostgreSQL grants the lock when the
    # first's session ends: the store waits for it), ann's seat and all
    assert a.stop() == 130
    c = Serve(postgres_url, "t1,t2", tmp_path)
    processes.append(c)
    c.up()
    tables = {t["id"]: t for t in c.get("/api/tables").json()["tables"]}
    assert (tables["t1"]["served"], tables["t1"]["humans"]) == ("here", 1)
    assert (tables["t3"]["served"], tables["t3"]["humans"]) == ("elsewhere", 1)
    assert b.lobby() == [("t3", "here"), ("t1", "elsewhere"), ("t2", "elsewhere")]
    assert b.stop() == 130 and c.stop() == 130


# -- named tables on SQLite, and the option itself --------------------------------------------------------


def test_named_tables_on_sqlite(tmp_path: Path) -> None:
    """A file of one process: the tables not named are listed as served by nobody (SQLite has no
    lock to tell another process by); a number runs every table of the file again."""
    db = tmp_path / "s.db"
    GameServer(db, tables=["a", "b"], seats=2, bots=None).close()
    server = GameServer(db, tables=["c"], seats=2, bots=None)
    try:
        assert list(server.rooms) == ["c"]
        assert server.lobby() == [line("c", "here"), line("a", "nobody"), line("b", "nobody")]
        with pytest.raises(ServerError) as e:
            server.room("b")
        assert (e.value.code, str(e.value)) == ("not_served", "table 'b' is not served now: this server runs c")
    finally:
        server.close()
    server = GameServer(db, tables=1, seats=2, bots=None)
    try:
        assert list(server.rooms) == ["a", "b", "c", "t1"]
        assert [t["served"] for t in server.lobby()] == ["here"] * 4
    finally:
        server.close()


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        ([], "tables = []: expected 1 to 100 table ids"),
        (["t1", "t1"], "tables: 't1' is named twice"),
        (["t1", ""], "tables: a table id = '': expected a name of 1 to 64 printable characters"),
        (0, "tables = 0: expected 1 to 100, or a list of table ids"),
    ],
    ids=["empty", "twice", "empty-name", "zero"],
)
def test_a_bad_tables_option_is_refused_before_anything_is_made(tmp_path: Path, tables: Any, message: str) -> None:
    with pytest.raises(ServerError) as e:
        GameServer(tmp_path / "s.db", tables=tables)
    assert (e.value.code, str(e.value)) == ("bad_option", message)
    assert not (tmp_path / "s.db").exists()


def test_the_start_up_line_never_shows_the_databases_password(
    postgres_url: str, tmp_path: Path, processes: list[Serve]
) -> None:
    """``lowball serve`` names its database on stderr as it starts: a URL's password is written
    ``***`` (the tests' cluster trusts 127.0.0.1, so libpq takes the password and needs none)."""
    url = postgres_url + ("&" if "?" in postgres_url else "?") + "password=hunter2-secret"
    served = Serve(url, "t9", tmp_path)
    processes.append(served)
    served.up()
    said = served.text()
    assert "hunter2-secret" not in said
    assert "password=***" in said and "lowball serve: http://127.0.0.1:" in said


def test_a_url_without_its_password() -> None:
    from lowball.postgres import without_password

    assert (
        without_password("postgresql://ann:s3cret@db.example:5432/room") == "postgresql://ann:***@db.example:5432/room"
    )
    assert without_password("postgres://ann@127.0.0.1/room?sslmode=disable&PASSWORD=x&y=1") == (
        "postgres://ann@127.0.0.1/room?sslmode=disable&PASSWORD=***&y=1"
    )
    assert without_password("rooms/lowball.sqlite") == "rooms/lowball.sqlite"  # an SQLite file: as it is

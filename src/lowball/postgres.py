"""A :class:`~lowball.store.Store` in PostgreSQL (psycopg 3: ``pip install 'lowball-poker[postgres]'``):
:class:`PostgresStore`, for a room that runs more than one server process, or keeps its data in the
database its other services use.

It is :class:`~lowball.store.SQLiteStore`'s twin: the same tables, the same statements
(:class:`~lowball.store.SQLStore`), the same records and the same crash safety (a change is one
transaction, committed before the call that made it returns). What PostgreSQL adds:

- the tables live in a schema of their own (``lowball`` by default), so they share a database
  with anything else;
- several processes may share the database, and a table is written by one process at a time: the
  first store that writes a table (or resumes it) holds a PostgreSQL advisory lock on it until it
  is closed (its connection ends: a process that dies lets go of it at once); any other gets a
  :class:`~lowball.errors.TableHeldError` (a :class:`~lowball.errors.StoreError`) naming the table
  and the holder, and writes nothing;
- :meth:`PostgresStore.table_ids` lists the tables of every process, and
  :meth:`PostgresStore.writers` who writes which (a lobby's listing).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import socket
from collections.abc import Iterator
from typing import Any

from lowball.errors import StoreError, TableHeldError, name_text, shown
from lowball.store import (
    APPLICATION_ID,
    LEDGER_SCHEMA,
    LEDGER_TABLES,
    SCHEMA_VERSION,
    SQLiteStore,
    SQLStore,
    check_table_id,
)

__all__ = ["PostgresStore", "is_postgres_url", "open_store", "without_password"]

_URL = re.compile(r"^postgres(ql)?://", re.IGNORECASE)

# the lowball tables in PostgreSQL's types (the same as SQLite's, integers of 64 bits), and the
# schema's marks: whose it is and of which version (SQLite's application_id and user_version); the
# ledger and the wallet's outbox are store.py's LEDGER_SCHEMA, plain SQL that both databases take.
# Schema 3: a change's events in its row (see lowball.store); a store of schema 2 is migrated when
# it is opened
_CHANGES = """CREATE TABLE changes (
    table_id TEXT NOT NULL, op BIGINT NOT NULL, seq BIGINT NOT NULL, kind TEXT NOT NULL, record TEXT NOT NULL,
    first_event BIGINT, last_event BIGINT, events TEXT NOT NULL,
    PRIMARY KEY (table_id, op)
)"""
_SCHEMA = f"""
CREATE TABLE lowball (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (table_id TEXT PRIMARY KEY, snapshot TEXT NOT NULL);
{_CHANGES};
CREATE TABLE hands (
    table_id TEXT NOT NULL, number BIGINT NOT NULL, phh TEXT NOT NULL, record TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE data (namespace TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (namespace, key));
"""
_TABLES = frozenset(("lowball", "tables", "changes", "hands", "data")) | LEDGER_TABLES
_LOCK_CLASS = APPLICATION_ID  # the first key of the schema's advisory lock ("LOWB", fits an int4; see _prepare)


def is_postgres_url(text: object) -> bool:
    """Whether ``text`` is a PostgreSQL URL (``postgresql://...`` or ``postgres://...``): what
    ``lowball serve --db`` and :func:`open_store` take for a PostgreSQL store."""
    return isinstance(text, str) and _URL.match(text) is not None


def without_password(url: str) -> str:
    """``url`` as messages and logs may show it: a PostgreSQL URL's password, in its user part
    (``postgresql://ann:secret@host/db``) or as a ``password`` parameter (``?password=secret``),
    written ``***``; any other text as it is (an SQLite file's path).

    >>> without_password("postgresql://ann:secret@127.0.0.1:5432/room?password=x&sslmode=disable")
    'postgresql://ann:***@127.0.0.1:5432/room?password=***&sslmode=disable'
    """
    if not is_postgres_url(url):
        return url
    url = re.sub(r"^(postgres(?:ql)?://[^:/@]*):[^@/]*@", r"\1:***@", url, flags=re.IGNORECASE)
    return re.sub(r"([?&]password=)[^&]*", r"\1***", url, flags=re.IGNORECASE)


class PostgresStore(SQLStore):
    """A :class:`~lowball.store.Store` in a PostgreSQL database, shared by any number of processes.

    Parameters
    ----------
    url : str
        The database, as libpq takes it: ``postgresql://user:password@host:5432/dbname``
        (``postgres://`` too; a connection string ``"host=... dbname=..."`` also works).
    schema : str, default "lowball"
        The PostgreSQL schema of the tables: made with them if missing. An existing schema must
        hold a lowball store (or nothing); anything else is refused before anything is written.
        Two rooms may share a database under two schemas.
    wait : float, default 2
        Seconds to wait for a table that another store writes (its lock) before giving up with
        a StoreError: 0 gives up at once. The wait covers a restart after a crash, while
        PostgreSQL ends the dead process's session (and lets go of its lock).

    Raises
    ------
    StoreError
        When psycopg is missing (naming the extra to install), the database cannot be reached
        (naming it, without the password), the schema is another program's or of a newer
        lowball (or lacks the ledger's tables), or for a bad ``schema`` or ``wait``.

    Notes
    -----
    A store object is used from one thread at a time. It holds the write lock of every table it
    wrote or resumed until :meth:`close`.
    """

    _BEGIN_WRITE = "BEGIN"
    _BEGIN_READ = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"  # one state of the database

    def __init__(self, url: str, *, schema: str = "lowball", wait: float = 2.0) -> None:
        if not isinstance(url, str) or not url:
            raise StoreError(f"url = {shown(url)}: expected a PostgreSQL URL (postgresql://user@host/dbname)")
        name_text(schema, "schema", error=StoreError)
        if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", schema):
            raise StoreError(
                f"schema = {shown(schema)}: expected a PostgreSQL name (a-z, 0-9, _; not beginning with a digit)"
            )
        if isinstance(wait, bool) or not isinstance(wait, (int, float)) or not 0 <= wait <= 86_400:
            raise StoreError(f"wait = {shown(wait)}: expected seconds, 0 to 86400")
        try:
            import psycopg
        except ImportError:
            raise StoreError("a PostgreSQL store needs psycopg 3: pip install 'lowball-poker[postgres]'") from None
        self._psycopg = psycopg
        self._Error = psycopg.Error
        self._IntegrityError = psycopg.IntegrityError
        self._name = without_password(url)
        self._schema = schema
        self._wait_ms = round(wait * 1000)
        self._held: set[str] = set()
        self._named = set()
        self._depth = 0
        self._after = []  # what after_commit is to call when the write commits (SQLStore.after_commit)
        who = f"lowball pid {os.getpid()} on {socket.gethostname()}"[:63]
        try:
            con = psycopg.connect(url, autocommit=True, application_name=who)
        except psycopg.Error as e:
            raise StoreError(f"{self._name}: cannot connect: {str(e).strip()}") from None
        self._con = con
        self._client = psycopg.ClientCursor(con)  # quotes the values of the writes sent in one query
        self._queue: list[str] | None = None  # the writes of the transaction not sent yet
        self._begun = False  # whether the transaction's BEGIN was sent
        try:
            self._prepare()
        except StoreError:
            con.close()
            raise
        except psycopg.Error as e:
            con.close()
            raise StoreError(f"{self._name}: not a usable lowball database: {str(e).strip()}") from None

    def _prepare(self) -> None:
        """Check the schema (reading only), make it when missing, then work inside it."""
        schema = self._schema
        where = f"{self._name} schema {schema}"
        with self._con.transaction():
            # one at a time: two processes making the schema at once would collide
            self._con.execute("SELECT pg_advisory_xact_lock(%s, 0)", (_LOCK_CLASS,))
            names = {
                r[0]
                for r in self._con.execute(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = %s", (schema,)
                )
            }
            exists = self._con.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (schema,)).fetchone()
            version = SCHEMA_VERSION  # of a schema made now
            if names:
                if "lowball" not in names or not {"tables", "changes", "hands"} <= names:
                    raise StoreError(
                        f"{where}: not a lowball store (the tables of another program: {sorted(names)}); "
                        "it was left unchanged"
                    )
                marks = dict(self._con.execute(f'SELECT key, value FROM "{schema}".lowball').fetchall())
                if marks.get("application") != "lowball":
                    raise StoreError(f"{where}: not a lowball store ({shown(marks)}); it was left unchanged")
                version = int(marks.get("schema", "0"))
                if version > SCHEMA_VERSION:
                    raise StoreError(
                        f"{where}: a lowball store of schema {version}, newer than this lowball's {SCHEMA_VERSION}; "
                        "it was left unchanged"
                    )
                # every PostgreSQL store was made with the ledger's tables; schema 2 kept the events apart
                needed = _TABLES | ({"events"} if version < 3 else set())
                if not needed <= names:
                    raise StoreError(
                        f"{where}: a damaged lowball store (tables {sorted(names)}, without "
                        f"{sorted(needed - names)}); it was left unchanged"
                    )
            self._con.execute(f'SET search_path TO "{schema}"')  # for this session (the SET outlives the block)
            if not names:
                if not exists:
                    self._con.execute(f'CREATE SCHEMA "{schema}"')
                self._con.execute(_SCHEMA + LEDGER_SCHEMA)
                self._con.execute(
                    "INSERT INTO lowball VALUES ('application', 'lowball'), ('schema', %s)", (str(SCHEMA_VERSION),)
                )
            elif version < SCHEMA_VERSION:  # schema 2 to 3, in the transaction of the checks: all or nothing
                cursor = self._con.cursor()
                try:
                    self._move_events(
                        lambda sql, args: self._con.execute(sql.replace("?", "%s"), args, prepare=False),
                        lambda sql, rows: cursor.executemany(sql.replace("?", "%s"), rows),
                        _CHANGES,
                    )
                except StoreError as e:
                    raise StoreError(
                        f"{where}: cannot migrate it to schema {SCHEMA_VERSION}: {e}; it was left unchanged"
                    ) from None
                self._con.execute("UPDATE lowball SET value = %s WHERE key = 'schema'", (str(SCHEMA_VERSION),))
        self._con.execute(f'SET search_path TO "{schema}"')

    # -- a write transaction in one round trip ---------------------------------------------------
    #
    # The writes of a transaction are kept (as SQL text with their values quoted by psycopg's
    # client-side binding) and sent at its end with BEGIN and COMMIT as one query: one round trip
    # for a stored action. A read inside the transaction sends BEGIN and the writes before it
    # first, so that it runs in the transaction and sees them.

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """One atomic write (``BEGIN`` ... ``COMMIT``, sent in one round trip when nothing is read
        in between); nested uses join the outer one.

        Raises
        ------
        StoreError
            When PostgreSQL fails (a lost connection, a table written by another store):
            nothing of the transaction is stored.
        """
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self._queue = []
        self._begun = False
        self._depth = 1
        try:
            yield
            self._send(commit=True)
        except BaseException as e:
            self._after = []  # rolled back: nothing to follow it
            if self._begun:
                with contextlib.suppress(self._Error):
                    self._con.execute("ROLLBACK", prepare=False)
            if isinstance(e, self._Error):
                raise StoreError(f"{self._name}: the write failed and was rolled back: {e}") from None
            raise
        finally:
            self._depth = 0
            self._queue = None
            self._begun = False
        after, self._after = self._after, []
        for callback in after:  # after the commit (a wallet's cash-out: lowball.wallet)
            callback()

    def _send(self, *, commit: bool) -> None:
        """Send what the transaction wrote so far (with its BEGIN, the first time), and COMMIT."""
        queue = self._queue
        assert queue is not None
        if not queue and commit and not self._begun:
            return  # nothing was written or read
        parts = ([] if self._begun else ["BEGIN"]) + queue + (["COMMIT"] if commit else [])
        self._queue = []
        self._begun = True  # from here a failure needs a ROLLBACK
        try:
            self._con.execute("; ".join(parts), prepare=False)  # no parameters: one simple query
        except self._IntegrityError as e:
            raise StoreError(
                f"{self._name}: {str(e).strip()}: the table was changed by another Table object or process since "
                "this one was made or resumed (run each table from one place; resume it to go on)"
            ) from None
        except self._Error as e:
            raise StoreError(f"{self._name}: the write failed: {str(e).strip()}") from None
        if commit:
            self._begun = False

    def _write(self, sql: str, args: tuple[Any, ...]) -> None:
        if self._queue is None:  # not in a transaction (SQLStore always writes inside one)
            super()._write(sql, args)
            return
        try:
            self._queue.append(self._client.mogrify(sql.replace("?", "%s"), args))
        except (UnicodeError, OverflowError, ValueError, TypeError, self._Error) as e:
            # a value PostgreSQL cannot take (text with a NUL character)
            raise StoreError(f"{self._name}: the write failed (nothing was written): {shown(e)}") from None

    def _write_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        # one INSERT of every row: "... VALUES (?, ?), (?, ?)"
        head, _, group = sql.partition(" VALUES ")
        self._write(f"{head} VALUES {', '.join([group] * len(rows))}", tuple(v for row in rows for v in row))

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s")

    def _run(self, sql: str, args: Any = ()) -> Any:
        if self._queue is not None and (self._queue or not self._begun):
            self._send(commit=False)  # a read (or a lock) inside the transaction: it begins now
        if not args:  # SET, SAVEPOINT, ...: not statements PostgreSQL prepares
            return self._con.execute(sql, prepare=False)
        return self._con.execute(sql.replace("?", "%s"), args, prepare=True)

    def _run_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        head, _, group = sql.partition(" VALUES ")
        self._run(f"{head} VALUES {', '.join([group] * len(rows))}", [v for row in rows for v in row])

    def _make_data_table(self) -> None:
        pass  # made with the schema

    def _lock_key(self, table_id: str) -> int:
        """The key of the table's advisory lock (PostgreSQL's one-``bigint`` form): 64 bits of a
        BLAKE2b hash of the schema and the table id, the same in every process. Two tables share
        a lock only if their keys collide, about once in 2**64 pairs (a 31-bit CRC-32 of the id
        alone would make ids such as 'plumless' and 'buckeroo', or one id in two schemas, share
        one). PostgreSQL's advisory locks are the database's: ``pg_locks`` is read for this
        database's only."""
        digest = hashlib.blake2b(f"{self._schema}\0{table_id}".encode(), digest_size=8, person=b"lowball-lock").digest()
        return int.from_bytes(digest, "big", signed=True)

    @staticmethod
    def _key_of(classid: int, objid: int) -> int:
        """The ``bigint`` key of an advisory lock as ``pg_locks`` shows it (its high and low 32 bits)."""
        key = (int(classid) << 32) | int(objid)
        return key - (1 << 64) if key >= 1 << 63 else key

    def _own(self, table_id: str) -> None:
        if table_id in self._held:
            return
        key = self._lock_key(table_id)
        if self._wait_ms:
            self._run(f"SET LOCAL lock_timeout = {self._wait_ms}")
            self._run("SAVEPOINT lowball_lock")
            try:
                self._run("SELECT pg_advisory_lock(CAST(? AS bigint))", (key,))
                got = True
            except self._psycopg.errors.LockNotAvailable:
                self._run("ROLLBACK TO SAVEPOINT lowball_lock")  # the transaction goes on, to name the holder
                got = False
        else:
            got = self._run("SELECT pg_try_advisory_lock(CAST(? AS bigint))", (key,)).fetchone()[0]
        if not got:
            holder = self._holder(key)
            raise TableHeldError(
                f"{self._name}: table {shown(table_id)} is being written by another store ({holder}): a table is "
                "written by one process at a time; nothing was written",
                table_id,
                holder,
            )
        self._held.add(table_id)

    def _holder(self, key: int) -> str:
        """Who holds the lock ``key``: the application name (``lowball pid N on HOST``) of its
        connection, its address and since when."""
        try:
            row = self._run(
                "SELECT a.application_name, a.client_addr, a.pid, a.backend_start FROM pg_locks l "
                "JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted "
                "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
                "AND l.classid = CAST(? AS bigint)::oid AND l.objid = CAST(? AS bigint)::oid AND l.objsubid = 1",
                ((key >> 32) & 0xFFFFFFFF, key & 0xFFFFFFFF),
            ).fetchone()
        except self._psycopg.Error as e:
            return f"unknown: {str(e).strip()}"
        if row is None:
            return "it has just let go: try again"
        app, addr, pid, since = row
        where = addr or "a local socket"
        return f"{app or 'a client'} at {where}, PostgreSQL backend {pid}, connected since {since:%Y-%m-%d %H:%M:%S %Z}"

    def writers(self) -> dict[str, str]:
        """The stored tables that a store holds the write lock of now, each with its holder
        (``"lowball pid 812 on host-a at 10.0.0.5, ..."``): with :meth:`table_ids`, a lobby's
        view of the whole database (a table not listed here is free to be resumed).

        Raises
        ------
        StoreError
            When the database fails.
        """
        try:
            rows = self._run(
                "SELECT l.classid::bigint, l.objid::bigint, a.application_name, a.client_addr, a.pid FROM pg_locks l "
                "JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted "
                "AND l.objsubid = 1 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            ).fetchall()
            held = {self._key_of(high, low): (app, addr, pid) for high, low, app, addr, pid in rows}
            out = {}
            for table_id in self.table_ids():
                found = held.get(self._lock_key(table_id))
                if found is not None:
                    app, addr, pid = found
                    out[table_id] = f"{app or 'a client'} at {addr or 'a local socket'}, PostgreSQL backend {pid}"
            return out
        except self._psycopg.Error as e:
            raise StoreError(f"{self._name}: cannot list the tables' writers: {str(e).strip()}") from None

    def release(self, table_id: str) -> None:
        """Let go of the write lock of ``table_id`` (when this process stops running the table
        but goes on): another process may resume it then. Closing the store lets go of all."""
        check_table_id(table_id)
        if table_id in self._held:
            self._held.discard(table_id)
            try:
                self._run("SELECT pg_advisory_unlock(CAST(? AS bigint))", (self._lock_key(table_id),))
            except self._psycopg.Error as e:
                raise StoreError(f"{self._name}: cannot let go of table {shown(table_id)}: {e}") from None

    @property
    def url(self) -> str:
        """The database's URL, without its password."""
        return self._name

    @property
    def schema(self) -> str:
        """The PostgreSQL schema of the tables."""
        return self._schema

    def close(self) -> None:
        """Close the connection (letting go of every table's lock)."""
        self._held.clear()
        self._con.close()

    def __repr__(self) -> str:
        return f"PostgresStore({self._name!r}, schema={self._schema!r})"


def open_store(db: str | os.PathLike[str]) -> SQLStore:
    """The store of ``db``: a :class:`PostgresStore` for a PostgreSQL URL
    (``postgresql://...`` or ``postgres://...``), else a :class:`~lowball.store.SQLiteStore` of that file
    (what ``lowball serve --db`` takes).

    Raises
    ------
    StoreError
        As the store's class does (for a URL, when psycopg is missing: the extra to install).
    """
    if is_postgres_url(db):
        return PostgresStore(str(db))
    return SQLiteStore(db)

"""Durable storage for :class:`lowball.table.Table`: the :class:`Store` interface and its embedded
default, :class:`SQLiteStore` (SQLite from the standard library, in WAL mode).

A table writes every change it accepts (an action, a timeout, a deal, a seat change) through
:meth:`Store.save_action`, inside :meth:`Store.transaction`, before the call that made the change
returns; a finished hand is written by :meth:`Store.save_hand` in the same transaction. A change
is therefore either wholly stored (its record, its events, the table's new state and, when it
ends a hand, the hand with its PHH) or not at all, whenever the process dies. :meth:`Store.load`
gives back what :meth:`Table.resume <lowball.table.Table.resume>` needs.

A store that replays (``replays = True``: :class:`SQLStore`, the SQL shared by
:class:`SQLiteStore` and :class:`~lowball.postgres.PostgresStore`) is given the table's whole state
at checkpoints only, and gives back from :meth:`Store.load` the records stored after the last one,
which the table replays (RULES.md, section 9: checkpoints).

A server that keeps its state in its own database implements the same methods (see
:class:`Store`: the six a table's state needs, :class:`TableStore`, and the ledger's of
:mod:`lowball.wallet`); :class:`SQLiteStore` is the example. Every value handed to a store is JSON-ready
data (dicts, lists, str, int, float, bool, None), and a store gives the same data back.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

import msgspec

from lowball._files import path_text
from lowball.errors import StoreError, name_text, shown, whole_number

__all__ = [
    "Store",
    "TableStore",
    "SQLStore",
    "SQLiteStore",
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "PAGE_SIZE",
    "LEDGER_SCHEMA",
    "LEDGER_TABLES",
    "check_table_id",
]

APPLICATION_ID = 0x4C4F5742  # "LOWB": SQLite's application_id of a lowball database
SCHEMA_VERSION = 3  # PRAGMA user_version of the schema below
# 1: the table's whole state at every change, no ledger. 2: the whole state at checkpoints, the
# changes after the last one replayed on load; the ledger of chip movements and the wallet's outbox
# (LEDGER_SCHEMA). 3: a change's events in its own row of `changes` (no table `events`: one row
# written per change, not one and one per event). A file of schema 1 or 2 is migrated when it is
# opened, in one transaction (see SQLiteStore), which a lowball of an older schema then refuses
RECORDS_KEPT = 256  # action records load() gives back (a repeated seq older than these is stale)
WAL_CHECKPOINT = (
    10_000  # WAL pages between SQLite's automatic checkpoints: a WAL of 10 MB at most (40 MB before schema 3)
)
PAGE_SIZE = 1024
"""The bytes of a SQLite page in a new file (SQLite's default is 4096): a stored action changes a
few pages (its row of ``changes``, and its key's; the ledger's), each written whole to the WAL,
so pages of 1 kB write a quarter of the bytes. A file made before keeps its page size."""
KEY_LENGTH = 200  # the most characters of a put_data namespace or key
_ACTION_KINDS = ("act", "tick", "deal")  # the changes a repeated seq may name
_SCAN_ROWS = (64, 1024)  # rows read at a time when the events are read from the last change back

# schema 3. A change's row holds its events (a JSON list of TableEvent.to_dict() data, in order;
# '[]' for none) and the numbers of the first and last (NULL for none)
_SCHEMA = """
CREATE TABLE tables (
    table_id TEXT PRIMARY KEY,
    snapshot TEXT NOT NULL
);
CREATE TABLE changes (
    table_id TEXT NOT NULL,
    op INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    record TEXT NOT NULL,
    first_event INTEGER,
    last_event INTEGER,
    events TEXT NOT NULL,
    PRIMARY KEY (table_id, op)
);
CREATE TABLE hands (
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    phh TEXT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""
LEDGER_SCHEMA = """
CREATE TABLE ledger (
    table_id TEXT NOT NULL,
    op BIGINT NOT NULL,
    line BIGINT NOT NULL,
    hand BIGINT NOT NULL,
    kind TEXT NOT NULL,
    from_account TEXT NOT NULL,
    to_account TEXT NOT NULL,
    amount BIGINT NOT NULL,
    wallet_key TEXT,
    PRIMARY KEY (table_id, op, line)
);
CREATE TABLE wallet_outbox (
    table_id TEXT NOT NULL,
    wallet_key TEXT NOT NULL,
    player TEXT NOT NULL,
    amount BIGINT NOT NULL,
    kind TEXT NOT NULL,
    sent INTEGER NOT NULL,
    PRIMARY KEY (table_id, wallet_key)
);
"""
"""The SQL of the ledger of chip movements and the wallet's outbox (schema 2 on): plain SQL, the
same in every database (:class:`~lowball.postgres.PostgresStore` makes them with it too); a file
of schema 1 gains them when it is opened. See the ledger's page (``docs/money.md``)."""
LEDGER_TABLES = frozenset(("ledger", "wallet_outbox"))
"""The tables :data:`LEDGER_SCHEMA` makes."""
_TABLES = frozenset(("tables", "changes", "hands"))  # schema 3's, besides the ledger's
_TABLES_OLD = frozenset(("tables", "changes", "events", "hands"))  # schema 1's and 2's
# a program's own data beside its tables (put_data), made the first time it is used: a file of
# schema 1 without it is still whole
_DATA_TABLE = (
    "CREATE TABLE IF NOT EXISTS data "
    "(namespace TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (namespace, key))"
)


def _statements(script: str) -> list[str]:
    """The statements of an SQL script of lowball's (``;`` ends each; none holds one inside)."""
    return [part.strip() for part in script.split(";") if part.strip()]


@runtime_checkable
class TableStore(Protocol):
    """The six methods a :class:`~lowball.table.Table` needs to keep its state (the store of
    lowball before its ledger): a table given such a store keeps no ledger and takes no wallet.
    See :class:`Store`, which adds the ledger and the wallet's outbox.

    ``table_id`` is the table's name (a str). ``snapshot`` is the table's whole state
    (:meth:`Table.snapshot <lowball.table.Table.snapshot>`), ``record`` one accepted change
    (``{"op": n, "seq": s, "kind": "act", ...}``, ``op`` counting the table's changes from 1),
    ``events`` that change's events (:meth:`TableEvent.to_dict
    <lowball.table.TableEvent.to_dict>`, each with its ``number``), ``hand`` a finished hand
    (``{"number": k, "phh": text, ...}``).
    """

    def transaction(self) -> contextlib.AbstractContextManager[None]:
        """A context in which the writes that follow are one atomic unit: all stored when it
        exits normally, none when it exits with an exception (or the process dies inside)."""
        ...

    def create(self, table_id: str, snapshot: dict[str, Any]) -> None:
        """Store a new table. Raises :class:`~lowball.errors.StoreError` if ``table_id`` is taken."""
        ...

    def save_action(
        self, table_id: str, record: dict[str, Any], events: list[dict[str, Any]], snapshot: dict[str, Any] | None
    ) -> None:
        """Store one accepted change: its record, its events and the table's state after it
        (``None`` when the state is unchanged but for this record: only for a store whose
        ``replays`` attribute is True, which keeps the last state given and the records after
        it, and gives those back from :meth:`load` as ``"replay"``)."""
        ...

    def save_hand(self, table_id: str, hand: dict[str, Any]) -> None:
        """Store a finished hand (once: a second hand of the same number is an error)."""
        ...

    def events(self, table_id: str, since: int = 0) -> list[dict[str, Any]]:
        """The table's stored events numbered above ``since``, in order (for
        :meth:`Table.events_for <lowball.table.Table.events_for>` beyond the hands a table keeps
        in memory)."""
        ...

    def load(self, table_id: str) -> dict[str, Any] | None:
        """``{"snapshot": ..., "records": [...], "events": [...]}`` of a stored table, or None if
        there is none: the records of its last :data:`RECORDS_KEPT` actions (kinds ``act``,
        ``tick`` and ``deal``), and its events from ``snapshot["events_from"]`` on and those of
        these records (so a repeated action is answered after a resume as before it). A store
        with ``replays = True`` adds ``"replay"``: the records stored after the snapshot, in
        order (the table makes them again)."""
        ...


@runtime_checkable
class Store(TableStore, Protocol):
    """Where a :class:`~lowball.table.Table` keeps its state, its ledger of chip movements and
    its wallet's outbox. Implement these methods to back a table with a server's own database;
    :class:`SQLiteStore` is the embedded default.

    ``table_id`` is the table's name (a str). ``snapshot`` is the table's whole state
    (:meth:`Table.snapshot <lowball.table.Table.snapshot>`), ``record`` one accepted change
    (``{"op": n, "seq": s, "kind": "act", ...}``, ``op`` counting the table's changes from 1),
    ``events`` that change's events (:meth:`TableEvent.to_dict
    <lowball.table.TableEvent.to_dict>`, each with its ``number``), ``hand`` a finished hand
    (``{"number": k, "phh": text, ...}``). The ledger and outbox methods are written inside the
    change's transaction; :meth:`after_commit` runs the wallet's calls after it;
    :meth:`put_data` and :meth:`get_data` keep a program's own data (a server's, a tournament's)
    beside the tables, in the same transactions.
    """

    def save_ledger(self, table_id: str, entries: list[dict[str, Any]], outbox: list[dict[str, Any]]) -> None:
        """Store ledger ``entries`` and wallet movements (``outbox``), inside the transaction of
        the change that made them.

        An entry is ``{"op": change, "line": n, "hand": k, "kind": ..., "from": account, "to":
        account, "amount": chips, "key": wallet key or None}``: ``amount`` chips moved from one
        account to the other (double entry: each entry debits one account and credits another by
        the same amount), ``line`` numbering the entries of change ``op`` from 1; ``hand`` is the
        hand being played (0 between hands). A movement is ``{"key": ..., "player": ...,
        "amount": chips to the player (negative: taken), "kind": ..., "sent": bool}``.
        """
        ...

    def ledger(self, table_id: str, since: int = 0) -> list[dict[str, Any]]:
        """The table's ledger entries of the changes numbered (``op``) above ``since``, in order
        (``op``, then ``line``), as :meth:`save_ledger` took them."""
        ...

    def outbox(self, table_id: str) -> list[dict[str, Any]]:
        """The table's wallet movements not yet confirmed sent (in any order)."""
        ...

    def confirm(self, table_id: str, key: str) -> None:
        """Mark the wallet movement ``key`` sent (the wallet has made it)."""
        ...

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the transaction open now is committed (at once outside one;
        never if it is rolled back): how a table calls its wallet only after its change is stored."""
        ...

    def put_data(self, namespace: str, key: str, value: Any) -> None:
        """Keep a program's own JSON-ready ``value`` under ``namespace``/``key`` beside the tables
        (``None`` deletes it), written inside the transaction open now with the tables' changes
        made in it (or on its own outside one): what a server keeps of its seats and a
        :class:`~lowball.tournament.Tournament` of itself (its state and its events). Raises
        :class:`~lowball.errors.StoreError` for a namespace or key that is not a name of 1 to
        :data:`KEY_LENGTH <lowball.store.KEY_LENGTH>` printable characters, or a value that is not JSON-ready."""
        ...

    def get_data(self, namespace: str) -> dict[str, Any]:
        """Every ``key: value`` kept under ``namespace`` by :meth:`put_data`, as it was given
        (JSON's types: a tuple comes back a list), empty if none."""
        ...


_S = TypeVar("_S", bound="SQLStore")


class _Transaction:
    """The context of :meth:`SQLStore.transaction` (a class rather than a generator: a stored
    action opens two, its own and the one it joins)."""

    __slots__ = ("store", "outer")

    def __init__(self, store: SQLStore) -> None:
        self.store = store
        self.outer = False

    def __enter__(self) -> None:
        store = self.store
        if store._depth:
            store._depth += 1
            return
        try:
            store._run(store._BEGIN_WRITE)
        except store._Error as e:
            raise StoreError(f"{store._name}: cannot begin a write: {e}") from None
        store._depth = 1
        self.outer = True

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> None:
        store = self.store
        if not self.outer:
            store._depth -= 1
            return
        try:
            if error is None:
                try:
                    store._run("COMMIT")
                except BaseException as e:  # noqa: BLE001 - rolled back and told below
                    error = e
            if error is not None:
                store._after = []
                with contextlib.suppress(store._Error):
                    store._run("ROLLBACK")
                if isinstance(error, store._Error):
                    raise StoreError(f"{store._name}: the write failed and was rolled back: {error}") from None
                if kind is None:  # COMMIT itself was interrupted (KeyboardInterrupt)
                    raise error
                return  # the error of the block goes on
        finally:
            store._depth = 0
        after, store._after = store._after, []
        for callback in after:
            callback()


class SQLStore:
    """The SQL of a lowball store, shared by its databases: the tables, the statements, the
    transactions and the checks of what is written and read. A subclass gives its database's
    dialect: the connection (``_con``, whose ``execute(sql, args)`` returns a cursor), the
    driver's errors, how a write and a read begin, the placeholders (the shared SQL writes
    ``?``), and the lock that lets one process at a time write a table (none for SQLite: one
    file, whose writes SQLite serializes). :class:`SQLiteStore` and
    :class:`~lowball.postgres.PostgresStore` are its two dialects.
    """

    replays = True  # the table's whole state at checkpoints only, the records after it replayed
    _Error: type[Exception] = Exception  # the driver's base error
    _IntegrityError: type[Exception] = Exception  # a key taken twice
    _BEGIN_WRITE = "BEGIN"  # the statement that begins a write transaction
    _BEGIN_READ = "BEGIN"  # ... and a read transaction that sees one state of the database
    _con: Any
    _name: str  # the database, as messages name it
    _depth: int
    _after: list[Callable[[], None]]  # what after_commit is to call when the write commits
    _named: set[str]  # the table ids checked (see _check_id)

    def _sql(self, sql: str) -> str:
        """The shared SQL in the dialect's placeholders (the shared SQL writes ``?``)."""
        return sql

    def _run(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """Run one statement; its cursor."""
        return self._con.execute(self._sql(sql), args)

    def _run_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        """Run one statement for each row."""
        self._con.executemany(self._sql(sql), rows)

    def _own(self, table_id: str) -> None:
        """Make this store the one writer of ``table_id`` (inside a write transaction), or raise
        StoreError naming the holder. SQLite: nothing to do (see :class:`SQLiteStore`)."""

    def _has_data_table(self) -> bool:
        """Whether the table of :meth:`put_data` exists (it is made the first time it is used)."""
        return True

    def _make_data_table(self) -> None:
        """Make the table of :meth:`put_data` if it is missing (inside a write transaction)."""
        self._write(_DATA_TABLE, ())

    @staticmethod
    def _move_events(
        run: Callable[[str, Sequence[Any]], Any],
        run_many: Callable[[str, list[tuple[Any, ...]]], Any],
        changes_sql: str,
    ) -> None:
        """Migrate a store of schema 1 or 2 to schema 3, inside the caller's write transaction: each
        change's events (the numbers its record lists, from the table ``events``) go into its row of
        a new ``changes``, made by ``changes_sql``, and ``events`` goes. ``run(sql, args)`` runs a
        statement (``?`` placeholders) and gives its cursor, ``run_many`` runs one for each row.

        The events' JSON text is moved as it is, so that every event reads back as it did. An event
        that no record lists (none does in a store written by lowball) goes with the change of the
        event before it, or the table's first change.

        Raises
        ------
        StoreError
            For a table with events and no change to put them in (a damaged store).
        """
        run("ALTER TABLE changes RENAME TO changes_2", ())
        run(changes_sql, ())
        ids = sorted({r[0] for r in run("SELECT DISTINCT table_id FROM changes_2", ()).fetchall()})
        ids += sorted({r[0] for r in run("SELECT DISTINCT table_id FROM events", ()).fetchall()} - set(ids))
        insert = "INSERT INTO changes VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        for table_id in ids:
            changes = run(
                "SELECT op, seq, kind, record FROM changes_2 WHERE table_id = ? ORDER BY op", (table_id,)
            ).fetchall()
            events = run("SELECT number, event FROM events WHERE table_id = ? ORDER BY number", (table_id,)).fetchall()
            if events and not changes:
                raise StoreError(f"table {shown(table_id)} has events and no change (a damaged lowball database)")
            owner: dict[int, int] = {}
            for op, _, _, record in changes:
                try:
                    listed = json.loads(record).get("events")
                except (TypeError, ValueError, AttributeError):
                    listed = None
                for number in listed if isinstance(listed, list) else ():
                    if type(number) is int:
                        owner.setdefault(number, op)
            held: dict[int, list[tuple[int, str]]] = {}
            current = changes[0][0] if changes else 0
            for number, text in events:
                current = owner.get(number, current)
                held.setdefault(current, []).append((number, text))
            rows = []
            for op, seq, kind, record in changes:
                mine = held.get(op, [])
                first, last = (mine[0][0], mine[-1][0]) if mine else (None, None)
                rows.append((table_id, op, seq, kind, record, first, last, "[" + ",".join(t for _, t in mine) + "]"))
                if len(rows) >= 1000:
                    run_many(insert, rows)
                    rows = []
            if rows:
                run_many(insert, rows)
        run("DROP TABLE changes_2", ())
        run("DROP TABLE events", ())

    def _check_id(self, table_id: object) -> None:
        """:func:`check_table_id`, once for each name this store writes (a stored action's
        writes check the same name every time)."""
        if type(table_id) is not str or table_id not in self._named:
            check_table_id(table_id)
            self._named.add(table_id)  # type: ignore[arg-type]

    def claim(self, table_id: str) -> None:
        """Make this store the one writer of ``table_id`` before it is read to be resumed
        (:meth:`Table.resume <lowball.table.Table.resume>` calls it), so that what it reads is
        what the last writer left. SQLite: nothing to claim (its writes are one at a time, and a
        table run from two places is refused at the first write of the second).

        Raises
        ------
        StoreError
            When another process writes the table (naming it).
        """
        check_table_id(table_id)
        with self.transaction():
            self._own(table_id)

    def close(self) -> None:
        """Close the database (a store cannot be used after)."""
        self._con.close()

    def __enter__(self: _S) -> _S:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def transaction(self) -> contextlib.AbstractContextManager[None]:
        """One atomic write (``BEGIN IMMEDIATE`` ... ``COMMIT``); nested uses join the outer one.

        Raises
        ------
        StoreError
            When SQLite fails (the disk is full, the file is locked by another writer): nothing
            of the transaction is stored.
        """
        return _Transaction(self)

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when the outermost transaction open now commits (at once outside a
        transaction; never when it is rolled back)."""
        if self._depth:
            self._after.append(callback)
        else:
            callback()

    @contextlib.contextmanager
    def _reading(self, what: str) -> Iterator[None]:
        """One read transaction (``BEGIN`` ... ``COMMIT``): the reads inside see one state of the
        file (WAL: a writer in another process may commit meanwhile, unseen), so that a table read
        while its server writes is never half of one change and half of the next. Inside a write
        transaction the reads already see one state."""
        if self._depth:
            yield
            return
        try:
            self._run(self._BEGIN_READ)
        except self._Error as e:
            raise StoreError(f"{self._name}: cannot read {what}: {e}") from None
        try:
            yield
        finally:
            with contextlib.suppress(self._Error):
                self._run("COMMIT")

    def _write(self, sql: str, args: tuple[Any, ...]) -> None:
        try:
            self._run(sql, args)
        except (UnicodeError, OverflowError, ValueError, TypeError) as e:
            # a value SQLite cannot take (text that is not valid Unicode, an integer past 64 bits)
            raise StoreError(f"{self._name}: the write failed (nothing was written): {shown(e)}") from None
        except self._IntegrityError as e:
            raise StoreError(
                f"{self._name}: {e}: the table was changed by another Table object or process since this "
                "one was made or resumed (run each table from one place; resume it to go on)"
            ) from None
        except self._Error as e:
            raise StoreError(f"{self._name}: the write failed: {e}") from None

    def _write_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        try:
            self._run_many(sql, rows)
        except (UnicodeError, OverflowError, ValueError, TypeError) as e:
            raise StoreError(f"{self._name}: the write failed (nothing was written): {shown(e)}") from None
        except self._IntegrityError as e:
            raise StoreError(
                f"{self._name}: {e}: the table was changed by another Table object or process since this "
                "one was made or resumed (run each table from one place; resume it to go on)"
            ) from None
        except self._Error as e:
            raise StoreError(f"{self._name}: the write failed: {e}") from None

    def create(self, table_id: str, snapshot: dict[str, Any]) -> None:
        """Store a new table.

        Raises
        ------
        StoreError
            If the file already holds a table ``table_id`` (resume it instead).
        """
        check_table_id(table_id)
        text = _record_text(snapshot)
        with self.transaction():
            if self._run("SELECT 1 FROM tables WHERE table_id = ?", (table_id,)).fetchone():
                raise StoreError(
                    f"{self._name} already holds table {shown(table_id)}: resume it (Table.resume) or use "
                    "another table_id"
                )
            self._own(table_id)
            self._write("INSERT INTO tables VALUES (?, ?)", (table_id, text))

    def save_action(
        self, table_id: str, record: dict[str, Any], events: list[dict[str, Any]], snapshot: dict[str, Any] | None
    ) -> None:
        """Store one change: its record, its events and the table's state after it (None: the
        state stored is kept, and the record is replayed after it on :meth:`load`).

        Raises
        ------
        StoreError
            For a failed write, or data that is not a table's (nothing is written then).
        """
        self._check_id(table_id)
        try:  # the row made before it is written: a bad one writes nothing
            head = (table_id, record["op"], record["seq"], record["kind"], _record_text(record))
            numbers = [e["number"] for e in events]
            first, last = (min(numbers), max(numbers)) if numbers else (None, None)
            change = (*head, first, last, _record_text(events))
        except (KeyError, TypeError, IndexError) as e:
            why = f"not a table's change and events (nothing was written): {shown(e)}"
            raise StoreError(f"table {shown(table_id)}: {why}") from None
        state = None if snapshot is None else _record_text(snapshot)
        with self.transaction():
            self._own(table_id)
            self._write("INSERT INTO changes VALUES (?, ?, ?, ?, ?, ?, ?, ?)", change)
            if state is not None:
                self._write("UPDATE tables SET snapshot = ? WHERE table_id = ?", (state, table_id))

    def save_hand(self, table_id: str, hand: dict[str, Any]) -> None:
        """Store a finished hand (``hand["number"]``, ``hand["phh"]`` and its summary).

        Raises
        ------
        StoreError
            If that hand number is already stored for the table.
        """
        self._check_id(table_id)
        try:
            row = (table_id, hand["number"], hand["phh"], _record_text(hand))
        except (KeyError, TypeError, IndexError) as e:
            why = f"not a finished hand (nothing was written): {shown(e)}"
            raise StoreError(f"table {shown(table_id)}: {why}") from None
        with self.transaction():
            self._own(table_id)
            self._write("INSERT INTO hands VALUES (?, ?, ?, ?)", row)

    def load(self, table_id: str) -> dict[str, Any] | None:
        """The table's state, the records of its last :data:`RECORDS_KEPT` actions (``act``,
        ``tick``, ``deal``) and its events from ``snapshot["events_from"]`` on and those of these
        records; None when the file holds no such table.

        Raises
        ------
        StoreError
            For stored data that is not JSON (a damaged database), or a ``table_id`` that is not
            a name (1 to 64 printable characters, :func:`~lowball.errors.name_text`).
        """
        check_table_id(table_id)
        try:
            with self._reading(f"table {shown(table_id)}"):  # one state of the file, whoever writes
                row = self._run("SELECT snapshot FROM tables WHERE table_id = ?", (table_id,)).fetchone()
                if row is None:
                    return None
                snapshot = self._loads(row[0])
                query = (
                    f"SELECT record FROM changes WHERE table_id = ? AND kind IN {_ACTION_KINDS} "
                    "ORDER BY op DESC LIMIT ?"
                )
                records = [self._loads(r[0]) for r in self._run(query, (table_id, RECORDS_KEPT))][::-1]
                op = snapshot.get("op") if isinstance(snapshot, dict) else None
                replay = []
                if type(op) is int and 0 <= op <= SQLITE_MAX:
                    rows = self._run(
                        "SELECT record FROM changes WHERE table_id = ? AND op > ? ORDER BY op", (table_id, op)
                    )
                    replay = [self._loads(r[0]) for r in rows]
                since = snapshot.get("events_from", 1) if isinstance(snapshot, dict) else 1
                since = since if type(since) is int and 1 <= since <= SQLITE_MAX else 1
                # the older events of the records (the answers to repeated seqs), in the same read
                older = {
                    n
                    for r in records
                    if isinstance(r, dict) and isinstance(r.get("events"), list)
                    for n in r["events"]
                    if type(n) is int and 1 <= n < since
                }
                found = self._events_after(table_id, min(older, default=since) - 1)
                events = [e for e in found if _number(e) in older] + [e for e in found if _number(e) >= since]
        except self._Error as e:
            raise StoreError(f"{self._name}: cannot read table {shown(table_id)}: {e}") from None
        return {"snapshot": snapshot, "records": records, "events": events, "replay": replay}

    def save_ledger(self, table_id: str, entries: list[dict[str, Any]], outbox: list[dict[str, Any]]) -> None:
        """Store ledger entries and wallet movements (see :meth:`Store.save_ledger`), joining the
        transaction open (the change's).

        Raises
        ------
        StoreError
            For a failed write or data that is not ledger entries (nothing is written then).
        """
        self._check_id(table_id)
        try:
            rows = [
                (table_id, e["op"], e["line"], e["hand"], e["kind"], e["from"], e["to"], e["amount"], e["key"])
                for e in entries
            ]
            moves = [(table_id, m["key"], m["player"], m["amount"], m["kind"], int(bool(m["sent"]))) for m in outbox]
        except (KeyError, TypeError, IndexError) as e:
            raise StoreError(f"table {shown(table_id)}: not ledger entries (nothing was written): {shown(e)}") from None
        with self.transaction():  # joining the change's, usually
            if rows:
                self._write_many("INSERT INTO ledger VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            if moves:
                self._write_many("INSERT INTO wallet_outbox VALUES (?, ?, ?, ?, ?, ?)", moves)

    def ledger(self, table_id: str, since: int = 0) -> list[dict[str, Any]]:
        """The table's ledger entries of the changes above ``since`` (see :meth:`Store.ledger`).

        Raises
        ------
        StoreError
            As :meth:`events`.
        """
        check_table_id(table_id)
        since = whole_number(since, "since", 0, SQLITE_MAX, error=StoreError)
        try:
            rows = self._run(
                "SELECT op, line, hand, kind, from_account, to_account, amount, wallet_key FROM ledger "
                "WHERE table_id = ? AND op > ? ORDER BY op, line",
                (table_id, since),
            ).fetchall()
        except self._Error as e:
            raise StoreError(f"{self._name}: cannot read the ledger of table {shown(table_id)}: {e}") from None
        keys = ("op", "line", "hand", "kind", "from", "to", "amount", "key")
        return [dict(zip(keys, r)) for r in rows]

    def outbox(self, table_id: str) -> list[dict[str, Any]]:
        """The table's wallet movements not yet confirmed sent (see :meth:`Store.outbox`).

        Raises
        ------
        StoreError
            For a store that cannot be read or a bad ``table_id``.
        """
        check_table_id(table_id)
        try:
            rows = self._run(
                "SELECT wallet_key, player, amount, kind FROM wallet_outbox WHERE table_id = ? AND sent = 0 "
                "ORDER BY wallet_key",
                (table_id,),
            ).fetchall()
        except self._Error as e:
            raise StoreError(f"{self._name}: cannot read the outbox of table {shown(table_id)}: {e}") from None
        return [{"key": k, "player": p, "amount": a, "kind": kind, "sent": False} for k, p, a, kind in rows]

    def confirm(self, table_id: str, key: str) -> None:
        """Mark the wallet movement ``key`` of the table sent.

        Raises
        ------
        StoreError
            For a failed write.
        """
        check_table_id(table_id)
        with self.transaction():
            self._write("UPDATE wallet_outbox SET sent = 1 WHERE table_id = ? AND wallet_key = ?", (table_id, key))

    def events(self, table_id: str, since: int = 0) -> list[dict[str, Any]]:
        """The table's stored events numbered above ``since``, in order.

        Raises
        ------
        StoreError
            For a ``table_id`` that is not a name (1 to 64 printable characters), or a ``since`` that is not a whole
            number 0 .. 2**63 - 1 (any integer type; SQLite's largest integer).
        """
        check_table_id(table_id)
        since = whole_number(since, "since", 0, SQLITE_MAX, error=StoreError)
        try:
            with self._reading(f"the events of table {shown(table_id)}"):
                return self._events_after(table_id, since)
        except self._Error as e:
            raise StoreError(f"{self._name}: cannot read the events of table {shown(table_id)}: {e}") from None

    def _events_after(self, table_id: str, since: int) -> list[dict[str, Any]]:
        """The events numbered above ``since``, in order: read from the last change back (a few
        rows at a time, more as it goes on) to the first change whose events all come before
        (a table numbers its events in the order of its changes)."""
        texts: list[tuple[int, str]] = []  # (first event, events) of the changes read, last first
        top: int | None = None
        size, most = _SCAN_ROWS
        done = False
        while not done:
            if top is None:
                rows = self._run(
                    "SELECT op, first_event, last_event, events FROM changes WHERE table_id = ? "
                    "ORDER BY op DESC LIMIT ?",
                    (table_id, size),
                ).fetchall()
            else:
                rows = self._run(
                    "SELECT op, first_event, last_event, events FROM changes WHERE table_id = ? AND op < ? "
                    "ORDER BY op DESC LIMIT ?",
                    (table_id, top, size),
                ).fetchall()
            for _, first, last, text in rows:
                if last is None:
                    continue  # a change without events
                if last <= since:
                    done = True
                    break
                texts.append((first, text))
            done = done or len(rows) < size
            top = rows[-1][0] if rows else None
            size = min(4 * size, most)
        out: list[dict[str, Any]] = []
        for first, text in reversed(texts):
            events = self._loads(text)
            if not isinstance(events, list):
                raise StoreError(f"{self._name}: stored events are not a list (a damaged database): {shown(text)}")
            out.extend(events if first > since else [e for e in events if _number(e) > since])
        return out

    def hands(self, table_id: str, since: int = 0) -> list[dict[str, Any]]:
        """The table's finished hands numbered above ``since``, in order (each with its PHH text).

        Raises
        ------
        StoreError
            As :meth:`events`.
        """
        return self._numbered("SELECT record FROM hands", table_id, since, "hands")

    def _numbered(self, select: str, table_id: str, since: int, what: str) -> list[dict[str, Any]]:
        """The stored JSON rows of a table numbered above ``since``, in order."""
        check_table_id(table_id)
        since = whole_number(since, "since", 0, SQLITE_MAX, error=StoreError)
        try:
            rows = self._run(f"{select} WHERE table_id = ? AND number > ? ORDER BY number", (table_id, since))
            return [self._loads(r[0]) for r in rows]
        except self._Error as e:
            raise StoreError(f"{self._name}: cannot read the {what} of table {shown(table_id)}: {e}") from None

    def snapshot(self, table_id: str) -> dict[str, Any] | None:
        """The table's last stored snapshot (its state at its last checkpoint: a deal, a hand's
        end, a seat taken or left, ...; the actions after it are not in it), read without
        claiming the table: what a lobby shows of a table another process writes. None when the
        file holds no such table.

        Raises
        ------
        StoreError
            For a failed read or stored data that is not JSON, or a ``table_id`` that is not a
            name.
        """
        check_table_id(table_id)
        try:
            row = self._run("SELECT snapshot FROM tables WHERE table_id = ?", (table_id,)).fetchone()
        except self._Error as e:
            raise StoreError(f"{self._name}: cannot read table {shown(table_id)}: {e}") from None
        if row is None:
            return None
        snap = self._loads(row[0])
        if not isinstance(snap, dict):
            raise StoreError(
                f"{self._name}: table {shown(table_id)}: its snapshot is not a table's (a damaged database)"
            )
        return snap

    def table_ids(self) -> list[str]:
        """The tables stored in the file, sorted."""
        return [r[0] for r in self._run("SELECT table_id FROM tables ORDER BY table_id")]

    def put_data(self, namespace: str, key: str, value: Any) -> None:
        """Keep a program's own JSON-ready ``value`` under ``namespace``/``key`` in the same file
        (``None`` deletes it): what a server keeps beside its tables, such as who holds which seat.
        Inside :meth:`transaction` it is written or dropped with the table changes made there.

        Raises
        ------
        StoreError
            For a namespace or key that is not a name of 1 to 200 printable characters, a value
            that is not JSON-ready, or a failed write.
        """
        for name, text in (("namespace", namespace), ("key", key)):
            name_text(text, name, length=KEY_LENGTH, error=StoreError)
        try:
            data = None if value is None else _dumps(value)
        except (TypeError, ValueError) as e:
            raise StoreError(f"{namespace}/{key}: the value is not JSON-ready data: {e}") from None
        with self.transaction():
            self._make_data_table()
            if data is None:
                self._write("DELETE FROM data WHERE namespace = ? AND key = ?", (namespace, key))
            else:
                self._write(
                    "INSERT INTO data VALUES (?, ?, ?) "
                    "ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value",
                    (namespace, key, data),
                )

    def get_data(self, namespace: str) -> dict[str, Any]:
        """Every ``key: value`` kept under ``namespace`` by :meth:`put_data` (empty if none).

        Raises
        ------
        StoreError
            For stored data that is not JSON (a damaged database), or a namespace that is not a
            name (see :meth:`put_data`).
        """
        name_text(namespace, "namespace", length=KEY_LENGTH, error=StoreError)
        try:
            if not self._has_data_table():
                return {}
            rows = self._run("SELECT key, value FROM data WHERE namespace = ? ORDER BY key", (namespace,))
            return {key: self._loads(value) for key, value in rows}
        except self._Error as e:
            raise StoreError(f"{self._name}: cannot read the data of {shown(namespace)}: {e}") from None

    def _loads(self, text: object) -> Any:
        try:
            return json.loads(text)  # type: ignore[arg-type]
        except (TypeError, ValueError) as e:
            raise StoreError(f"{self._name}: stored data is not JSON (a damaged database): {e}") from None


class SQLiteStore(SQLStore):
    """A :class:`Store` in one SQLite file (the standard library's ``sqlite3``), in WAL mode.

    Parameters
    ----------
    path : str or os.PathLike
        The database file: made if missing (with its ``-wal`` and ``-shm`` companions beside
        it). An existing file must be a lowball database (SQLite's ``application_id`` is
        :data:`APPLICATION_ID`) or an empty one; anything else is refused **before anything is
        written to it**. A symbolic link is followed to its target, the link kept: the
        database, its ``-wal`` and its ``-shm`` are the target's (a dangling link's target is
        made). A directory, a named pipe (FIFO), a device or a socket is refused, and so is
        ``''``; ``'-'`` is a file of that name (``lowball serve --db -`` is refused).
        ``':memory:'`` is SQLite's in-memory database: nothing is kept after :meth:`close`
        (for tests; ``lowball serve --db :memory:`` is refused, its tables must outlive it).
    synchronous : {"NORMAL", "FULL"}, default "NORMAL"
        SQLite's ``synchronous`` setting. In WAL mode, NORMAL keeps every committed change
        through a crash of the process (the case :class:`~lowball.table.Table` is tested
        against: SIGKILL at any moment) but may lose the last changes on a power failure; FULL
        syncs the disk at every commit and loses nothing then either, at the cost of a disk
        flush per action.

    Notes
    -----
    Several tables may share one file (each row is keyed by ``table_id``). A store object is
    used from one thread at a time (a server's event loop); two processes may open the same
    file, but must not run the same table.

    Raises
    ------
    StoreError
        For a file that is not a SQLite database, a SQLite database of another program, a
        lowball database of a newer schema, a path that is not a regular file (a directory, a
        named pipe, a device), an empty path, or a path that cannot be opened (naming it).
    InvalidTypeError
        For a ``path`` that is not a str or os.PathLike.
    """

    def __init__(self, path: str | os.PathLike[str], *, synchronous: str = "NORMAL") -> None:
        name = path_text(path, "path")
        if synchronous not in ("NORMAL", "FULL"):
            raise StoreError(f"synchronous = {shown(synchronous)}: expected 'NORMAL' or 'FULL'")
        self._path = name
        if not name:  # SQLite would open a temporary database, gone at close
            raise StoreError("cannot open '': the path is empty: give the database file's path")
        kind = _not_regular(name)
        if kind is not None:  # opening a named pipe to read its header would wait for a writer
            raise StoreError(f"{name}: is {kind}, expected a lowball database file (a regular file)")
        try:
            head = _head(name)
        except OSError as e:
            raise StoreError(f"{name}: cannot read the file: {e.strerror or e}") from None
        if head and not head.startswith(_MAGIC):
            # SQLite itself takes some such files (one byte long) for empty databases and writes over them
            raise StoreError(
                f"{name}: not a lowball database (not a SQLite database: it does not start with "
                f"{shown(_MAGIC)}); it was left unchanged"
            )
        try:
            # autocommit mode: transactions are begun and ended by transaction() only
            con = sqlite3.connect(name, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as e:
            why = str(e)
            where = os.path.dirname(os.path.realpath(name))  # a dangling link's target's directory
            if not head and not os.path.isdir(where):  # SQLite says only "unable to open database file"
                why += f": no directory {where} to make it in"
            raise StoreError(f"{name}: cannot open the database: {why}") from None
        try:
            self._check(con)
            if not self._has_schema(con):  # a new file: its page size is set before anything is written
                con.execute(f"PRAGMA page_size={PAGE_SIZE}")
            con.execute("PRAGMA journal_mode=WAL")
            con.execute(f"PRAGMA synchronous={synchronous}")
            # a checkpoint (the WAL copied into the file) every WAL_CHECKPOINT pages, not SQLite's
            # 1000: with NORMAL it syncs the disk twice, most of a stored action's time at 1000
            con.execute(f"PRAGMA wal_autocheckpoint={WAL_CHECKPOINT}")
            con.execute("PRAGMA foreign_keys=ON")
            if not self._has_schema(con):
                # one transaction: a crash leaves the file empty or whole, never half made
                con.executescript(
                    f"BEGIN IMMEDIATE;{_SCHEMA}{LEDGER_SCHEMA}PRAGMA application_id={APPLICATION_ID};"
                    f"PRAGMA user_version={SCHEMA_VERSION};COMMIT;"
                )
            elif con.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                self._migrate(con)
        except StoreError:
            con.close()
            raise
        except sqlite3.Error as e:
            con.close()
            raise StoreError(f"{name}: not a usable lowball database: {e}") from None
        self._con = con
        self._name = name
        self._depth = 0
        self._after = []
        self._named = set()

    def _migrate(self, con: sqlite3.Connection) -> None:
        """Bring a file of schema 1 or 2 to :data:`SCHEMA_VERSION`, in one transaction (a crash
        leaves it as it was, whole, and the next open migrates it): schema 1 gains the ledger and
        the outbox (every state it stored is whole: no record to replay), and each change's
        events move into its row (:meth:`SQLStore._move_events`)."""
        con.execute("BEGIN IMMEDIATE")
        try:
            version = con.execute("PRAGMA user_version").fetchone()[0]  # another process may have migrated it
            if version < SCHEMA_VERSION:
                if version < 2:
                    for sql in _statements(LEDGER_SCHEMA):
                        con.execute(sql)
                changes = next(sql for sql in _statements(_SCHEMA) if sql.startswith("CREATE TABLE changes"))
                self._move_events(con.execute, con.executemany, changes)
                con.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            con.execute("COMMIT")
        except BaseException as e:
            with contextlib.suppress(sqlite3.Error):
                con.execute("ROLLBACK")
            if isinstance(e, StoreError):
                raise StoreError(
                    f"{self._path}: cannot migrate it to schema {SCHEMA_VERSION}: {e}; it was left unchanged"
                ) from None
            raise

    def _check(self, con: sqlite3.Connection) -> None:
        """Refuse a file that is not ours, reading only (nothing is written before this passes)."""
        name = self._path
        try:
            app = con.execute("PRAGMA application_id").fetchone()[0]
            version = con.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as e:
            if _header_application_id(name) == APPLICATION_ID:
                raise StoreError(f"{name}: a damaged lowball database ({e}); it was left unchanged") from None
            raise StoreError(
                f"{name}: not a lowball database (not a SQLite database: {e}); it was left unchanged"
            ) from None
        if app == 0 and not tables:
            return  # a new, empty database
        if app != APPLICATION_ID:
            raise StoreError(
                f"{name}: not a lowball database (a SQLite database of another program: application_id {app}, "
                f"tables {sorted(tables)}); it was left unchanged"
            )
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{name}: a lowball database of schema {version}, newer than this lowball's {SCHEMA_VERSION}; "
                "it was left unchanged"
            )
        needed = (_TABLES if version >= 3 else _TABLES_OLD) | (LEDGER_TABLES if version >= 2 else frozenset())
        if not needed <= tables:
            raise StoreError(f"{name}: a damaged lowball database (tables {sorted(tables)}); it was left unchanged")
        try:
            check = con.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{name}: a damaged lowball database ({e}); it was left unchanged") from None
        if check != "ok":
            raise StoreError(f"{name}: a damaged lowball database ({check}); it was left unchanged")

    @staticmethod
    def _has_schema(con: sqlite3.Connection) -> bool:
        return bool(con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID)

    _Error = sqlite3.Error
    _IntegrityError = sqlite3.IntegrityError
    _BEGIN_WRITE = "BEGIN IMMEDIATE"  # the write lock at once: a second writer waits or fails here, before any work

    @property
    def path(self) -> str:
        """The database file."""
        return self._path

    def _run_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        self._con.executemany(sql, rows)

    def claim(self, table_id: str) -> None:
        """Nothing to claim in SQLite (see :meth:`SQLStore.claim`): only ``table_id`` is checked."""
        check_table_id(table_id)

    def _has_data_table(self) -> bool:
        return bool(self._run("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'data'").fetchone())

    def __repr__(self) -> str:
        return f"SQLiteStore({self._path!r})"


_MAGIC = b"SQLite format 3\0"  # how every SQLite database file starts


def _not_regular(name: str) -> str | None:
    """What ``name`` is when it exists and is not a regular file (followed through symbolic
    links: a link to a database is the database): ``a directory``, ``a named pipe (FIFO)``, ...;
    None for a regular file, or a path with nothing behind it (SQLite makes the file, through a
    dangling link at its target)."""
    try:
        mode = os.stat(name).st_mode
    except OSError:
        return None  # missing, or unreadable: told by the open that follows
    kinds = (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a named pipe (FIFO)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((kind for test, kind in kinds if test(mode)), None if stat.S_ISREG(mode) else "not a regular file")


SQLITE_MAX = 2**63 - 1
"""The largest integer SQLite stores (a number above it is refused, never an OverflowError)."""


def check_table_id(table_id: object) -> None:
    """Refuse a table id that is not a name: 1 to 64 printable characters
    (:func:`~lowball.errors.name_text`), what every store takes as a ``table_id``.

    Raises
    ------
    StoreError
        For anything else, naming it.
    """
    name_text(table_id, "table_id", error=StoreError)


def _head(name: str) -> bytes:
    """The first 100 bytes of the file (its SQLite header), b"" for a missing or empty one."""
    try:
        with open(name, "rb") as f:
            return f.read(100)
    except FileNotFoundError:
        return b""


def _header_application_id(name: str) -> int | None:
    """The application_id in a SQLite file's header (bytes 68-71), read without SQLite: a file
    whose pages SQLite cannot read still says whose it is there. None for a file that does not
    start as a SQLite database."""
    try:
        header = _head(name)
    except OSError:
        return None
    if len(header) < 100 or not header.startswith(_MAGIC):
        return None
    return int.from_bytes(header[68:72], "big")


def _number(event: Any) -> int:
    """A stored event's number (0 for data that is not an event's)."""
    number = event.get("number") if isinstance(event, dict) else None
    return number if type(number) is int else 0


def _record_text(value: Any) -> str:
    """A table's record as JSON text (msgspec's encoder: a tenth of the time of the standard
    library's; a float is finite, as every time a table stores is); StoreError (before anything
    is written) for one that holds a number past what JSON text is made of here (an int of more
    than 4300 digits: Python's limit on converting integers to text)."""
    try:
        return _fast_text(value).decode()
    except Exception:  # noqa: BLE001 - what msgspec cannot encode (an int past 64 bits): told by json below
        pass
    try:
        return _dumps(value)
    except ValueError as e:
        raise StoreError(f"a record of the table cannot be stored (nothing was written): {e}") from None


_fast_text = msgspec.json.Encoder().encode
_ENCODER = json.JSONEncoder(separators=(",", ":"), allow_nan=False)  # made once: json.dumps makes one a call


def _dumps(value: Any) -> str:
    return _ENCODER.encode(value)

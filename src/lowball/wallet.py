"""Money: the :class:`Wallet` a :class:`~lowball.table.Table` pays from and into, the wallets that
ship (:class:`MemoryWallet` for tests, :class:`PlayChipsWallet` for ``lowball serve``), and
:func:`reconcile`, which checks a wallet against a table's ledger.

A player's chips at a table come from his account in a wallet and go back to it: the table takes
the buy-in when he sits (:meth:`Wallet.debit`), each add-on when he adds chips, and pays the
cash-out when he leaves (:meth:`Wallet.credit`; at the hand's end if he leaves during one). Every
call carries an **idempotency key** made from the table's own count of its wallet movements,
``f"{table_id}:{n}:{kind}"`` (``kind`` is ``buy_in``, ``add_on``, ``cash_out`` or ``void``), and
a wallet treats a key it has seen as done: so a movement re-sent after a crash is made once.

With a store (:mod:`lowball.store`) the table keeps a double-entry **ledger** of every chip
movement (see :meth:`Store.save_ledger <lowball.store.Store.save_ledger>`) and an **outbox**:

- a debit (buy-in, add-on) is asked of the wallet *before* the change is made; a refusal
  (:class:`~lowball.errors.InsufficientFundsError`) leaves the table unchanged. The change is
  then stored with its ledger rows and the movement, confirmed, in one transaction. A crash
  between the wallet's debit and that commit leaves a debit the table never made: when the table
  is resumed with its wallet, such a debit is given back (a credit keyed ``...:void``).
- a credit (cash-out) is stored in the change's transaction as an outbox row not yet sent, and
  sent to the wallet after the commit (after the outermost transaction, when the change is made
  inside a server's own); the row is confirmed when the wallet has answered. A crash in between
  leaves the row unconfirmed, and resuming the table with its wallet sends it again.

Either way a chip is neither lost nor doubled, whenever the process dies (``tests/test_wallet_crash.py``
kills it at each of these points). :func:`reconcile` names any difference that remains.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from lowball._files import path_text
from lowball.errors import InsufficientFundsError, StoreError, WalletError, counted, name_text, shown, whole_number

__all__ = [
    "Wallet",
    "Movement",
    "Difference",
    "MemoryWallet",
    "PlayChipsWallet",
    "balances",
    "reconcile",
    "wallet_key",
    "split_key",
    "KEY_KINDS",
]

KEY_KINDS = ("buy_in", "add_on", "cash_out", "void")
"""The kinds of movement a table's wallet key names (the last part of the key)."""
DEBITS = ("buy_in", "add_on")  # movements from the player's account to the table


def wallet_key(table_id: str, number: int, kind: str) -> str:
    """The idempotency key of a table's ``number``-th wallet movement: ``f"{table_id}:{number}:{kind}"``."""
    return f"{table_id}:{number}:{kind}"


def split_key(key: str) -> tuple[str, int, str] | None:
    """``(table_id, number, kind)`` of a key made by :func:`wallet_key`, or None for another
    (a table id may hold ``:``: the number and kind are the last two parts)."""
    parts = key.rsplit(":", 2)
    if len(parts) != 3 or parts[2] not in KEY_KINDS or not parts[1].isdigit():
        return None
    return parts[0], int(parts[1]), parts[2]


@dataclass(frozen=True, order=True)
class Movement:
    """One movement a wallet made: ``amount`` chips to the ``player``'s account (negative: taken
    from it), under its idempotency ``key`` (movements sort by key)."""

    key: str
    player: str
    amount: int


@dataclass(frozen=True)
class Difference:
    """What :func:`reconcile` finds wrong for one player: ``expected`` is the net of his wallet
    movements by the table's ledger (chips paid to him less chips taken from him), ``found`` the
    net of the movements the wallet holds under the table's keys."""

    player: str
    expected: int
    found: int


@runtime_checkable
class Wallet(Protocol):
    """Where a table's players keep their money (implement it over a room's real accounts;
    :class:`MemoryWallet` and :class:`PlayChipsWallet` are examples).

    ``amount`` is whole chips >= 1. ``key`` is the movement's idempotency key: a wallet that is
    given a key it has already done makes no movement and raises nothing (the same player and
    amount; another player or amount under a known key is a
    :class:`~lowball.errors.WalletError`). Each call is atomic: done wholly or not at all.
    """

    def balance(self, player: str) -> int:
        """The chips in ``player``'s account (0 for an account never used)."""
        ...

    def debit(self, player: str, amount: int, key: str) -> None:
        """Take ``amount`` from ``player``'s account (a buy-in or an add-on). Raises
        :class:`~lowball.errors.InsufficientFundsError` (naming the player, the amount and the
        balance; nothing taken) when the account holds less."""
        ...

    def credit(self, player: str, amount: int, key: str) -> None:
        """Pay ``amount`` into ``player``'s account (a cash-out)."""
        ...

    def movements(self, prefix: str) -> list[Movement]:
        """The movements made under keys that begin with ``prefix``, in any order (what
        :func:`reconcile` and :meth:`Table.resume <lowball.table.Table.resume>` check a table's
        ledger against)."""
        ...


def _check(player: object, amount: object, key: object) -> tuple[str, int, str]:
    name = name_text(player, "player", error=WalletError)
    chips = whole_number(amount, f"{shown(name)}: amount", 1, error=WalletError)
    if not isinstance(key, str) or not key:
        raise WalletError(f"{shown(name)}: key = {shown(key)}: expected a movement's idempotency key (a str)")
    return name, chips, key


def _short(player: str, amount: int, balance: int) -> InsufficientFundsError:
    return InsufficientFundsError(
        f"{shown(player)}: {counted(amount, 'chip')} asked for, the account holds {balance} (nothing was taken)"
    )


def _again(key: str, was: Movement, player: str, amount: int) -> bool:
    """Whether a movement under a known key is its repeat (True: done already), or a WalletError."""
    if was.player == player and abs(was.amount) == amount:
        return True
    raise WalletError(
        f"key {shown(key)} was used for {was.amount:+d} chips of {shown(was.player)}, not {amount} of {shown(player)}"
    )


class MemoryWallet:
    """A :class:`Wallet` in memory (for tests and examples): accounts are opened with
    :meth:`deposit`, or with ``balances``.

    Parameters
    ----------
    balances : dict of str to int, optional
        Each player's chips to begin with.

    Raises
    ------
    WalletError
        For a name that is not one or a balance that is not whole chips >= 0.
    """

    def __init__(self, balances: dict[str, int] | None = None) -> None:
        self._balances: dict[str, int] = {}
        self._moves: dict[str, Movement] = {}
        for player, chips in (balances or {}).items():
            name = name_text(player, "player", error=WalletError)
            self._balances[name] = whole_number(chips, f"{shown(name)}: balance", 0, error=WalletError)

    def deposit(self, player: str, amount: int) -> None:
        """Put ``amount`` chips into ``player``'s account (money from outside the tables).

        Raises
        ------
        WalletError
            For a bad name or an amount that is not whole chips >= 1.
        """
        name = name_text(player, "player", error=WalletError)
        chips = whole_number(amount, f"{shown(name)}: amount", 1, error=WalletError)
        self._balances[name] = self._balances.get(name, 0) + chips

    def balance(self, player: str) -> int:
        """The chips in ``player``'s account."""
        return self._balances.get(name_text(player, "player", error=WalletError), 0)

    def debit(self, player: str, amount: int, key: str) -> None:
        """Take ``amount`` chips (see :meth:`Wallet.debit`).

        Raises
        ------
        InsufficientFundsError
            When the account holds less than ``amount``.
        WalletError
            For a bad argument, or ``key`` used for another movement.
        """
        name, chips, key = _check(player, amount, key)
        was = self._moves.get(key)
        if was is not None and _again(key, was, name, chips):
            return
        have = self._balances.get(name, 0)
        if have < chips:
            raise _short(name, chips, have)
        self._balances[name] = have - chips
        self._moves[key] = Movement(key, name, -chips)

    def credit(self, player: str, amount: int, key: str) -> None:
        """Pay ``amount`` chips in (see :meth:`Wallet.credit`).

        Raises
        ------
        WalletError
            For a bad argument, or ``key`` used for another movement.
        """
        name, chips, key = _check(player, amount, key)
        was = self._moves.get(key)
        if was is not None and _again(key, was, name, chips):
            return
        self._balances[name] = self._balances.get(name, 0) + chips
        self._moves[key] = Movement(key, name, chips)

    def movements(self, prefix: str) -> list[Movement]:
        """The movements under keys beginning with ``prefix``."""
        return [m for k, m in self._moves.items() if k.startswith(prefix)]

    def total(self) -> int:
        """The chips in all accounts."""
        return sum(self._balances.values())

    def __repr__(self) -> str:
        return f"MemoryWallet({counted(len(self._balances), 'account')})"


_WALLET_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    player TEXT PRIMARY KEY,
    balance BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS movements (
    movement_key TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    amount BIGINT NOT NULL
);
"""
_WALLET_TABLES = frozenset(("accounts", "movements"))


class PlayChipsWallet:
    """A :class:`Wallet` of play chips in its own SQLite file (what ``lowball serve`` uses):
    every account opens with ``starting`` chips, and with ``top_up`` an account that cannot pay
    a buy-in is given ``starting`` chips more first (play chips cost nothing). Each movement and
    its balance change are one SQLite transaction, so a process killed at any moment leaves a
    movement made wholly or not at all.

    Parameters
    ----------
    path : str or os.PathLike
        The wallet's file (made if missing; ``':memory:'`` for tests). Keep it apart from the
        tables' store: a table calls its wallet while its store's transaction is open.
    starting : int, default 10000
        The chips an account opens with (0 or more).
    top_up : bool, default False
        Give ``starting`` chips more to an account that holds less than a debit asks
        (recorded as a movement keyed ``grant:<player>:<n>``).

    Raises
    ------
    StoreError
        For a file that cannot be opened or is not a play-chips wallet.
    WalletError
        For a bad ``starting`` or ``top_up``.
    """

    def __init__(self, path: str | os.PathLike[str], *, starting: int = 10_000, top_up: bool = False) -> None:
        name = path_text(path, "path")
        self._starting = whole_number(starting, "starting", 0, error=WalletError)
        if not isinstance(top_up, bool):
            raise WalletError(f"top_up = {shown(top_up)}: expected True or False")
        self._top_up = top_up
        self._path = name
        try:
            con = sqlite3.connect(name, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as e:
            raise StoreError(f"{name}: cannot open the wallet: {e}") from None
        try:
            tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if tables and not _WALLET_TABLES <= tables:
                raise StoreError(f"{name}: not a play-chips wallet (tables {sorted(tables)}); it was left unchanged")
            con.execute("PRAGMA journal_mode=WAL")
            con.executescript(f"BEGIN IMMEDIATE;{_WALLET_SCHEMA}COMMIT;")
        except sqlite3.Error as e:
            con.close()
            raise StoreError(f"{name}: not a usable play-chips wallet: {e}") from None
        except StoreError:
            con.close()
            raise
        self._con = con

    @property
    def path(self) -> str:
        """The wallet's file."""
        return self._path

    def close(self) -> None:
        """Close the file."""
        self._con.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        con = self._con
        try:
            con.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise WalletError(f"{self._path}: cannot begin a movement: {e}") from None
        try:
            yield con
            con.execute("COMMIT")
        except BaseException as e:
            with contextlib.suppress(sqlite3.Error):
                con.execute("ROLLBACK")
            if isinstance(e, sqlite3.Error):
                raise WalletError(f"{self._path}: the movement failed (nothing was moved): {e}") from None
            raise

    def _open(self, con: sqlite3.Connection, player: str) -> int:
        row = con.execute("SELECT balance FROM accounts WHERE player = ?", (player,)).fetchone()
        if row is not None:
            return int(row[0])
        con.execute("INSERT INTO accounts VALUES (?, ?)", (player, self._starting))
        return self._starting

    def _known(self, con: sqlite3.Connection, key: str, player: str, amount: int) -> bool:
        row = con.execute("SELECT player, amount FROM movements WHERE movement_key = ?", (key,)).fetchone()
        return row is not None and _again(key, Movement(key, row[0], row[1]), player, amount)

    def _move(self, con: sqlite3.Connection, key: str, player: str, amount: int, balance: int) -> None:
        con.execute("INSERT INTO movements VALUES (?, ?, ?)", (key, player, amount))
        con.execute("UPDATE accounts SET balance = ? WHERE player = ?", (balance + amount, player))

    def balance(self, player: str) -> int:
        """The chips in ``player``'s account (``starting`` for one never used)."""
        name = name_text(player, "player", error=WalletError)
        row = self._con.execute("SELECT balance FROM accounts WHERE player = ?", (name,)).fetchone()
        return self._starting if row is None else int(row[0])

    def debit(self, player: str, amount: int, key: str) -> None:
        """Take ``amount`` chips (see :meth:`Wallet.debit`).

        Raises
        ------
        InsufficientFundsError
            When the account holds less than ``amount`` (and ``top_up`` is off, or the top-up
            is not enough).
        WalletError
            For a bad argument, ``key`` used for another movement, or a failed write.
        """
        name, chips, key = _check(player, amount, key)
        with self._transaction() as con:
            if self._known(con, key, name, chips):
                return
            have = self._open(con, name)
            if have < chips and self._top_up and have + self._starting >= chips:
                grants = con.execute(
                    "SELECT COUNT(*) FROM movements WHERE player = ? AND movement_key LIKE 'grant:%'", (name,)
                ).fetchone()[0]
                self._move(con, f"grant:{name}:{grants + 1}", name, self._starting, have)
                have += self._starting
            if have < chips:
                raise _short(name, chips, have)
            self._move(con, key, name, -chips, have)

    def credit(self, player: str, amount: int, key: str) -> None:
        """Pay ``amount`` chips in (see :meth:`Wallet.credit`).

        Raises
        ------
        WalletError
            For a bad argument, ``key`` used for another movement, or a failed write.
        """
        name, chips, key = _check(player, amount, key)
        with self._transaction() as con:
            if self._known(con, key, name, chips):
                return
            self._move(con, key, name, chips, self._open(con, name))

    def movements(self, prefix: str) -> list[Movement]:
        """The movements under keys beginning with ``prefix``."""
        rows = self._con.execute(
            "SELECT movement_key, player, amount FROM movements WHERE substr(movement_key, 1, ?) = ?",
            (len(prefix), prefix),
        )
        return [Movement(k, p, int(a)) for k, p, a in rows]

    def __repr__(self) -> str:
        return f"PlayChipsWallet({self._path!r})"


def balances(entries: list[dict[str, Any]], hand: int | None = None) -> dict[str, int]:
    """Each account's balance by ledger ``entries`` (:meth:`Store.ledger
    <lowball.store.Store.ledger>`; of hand ``hand`` only, if given): the chips moved to it less
    the chips moved from it. The balances sum to zero; a hand's leave the ``pot`` at zero."""
    out: dict[str, int] = {}
    for e in entries:
        if hand is not None and e["hand"] != hand:
            continue
        out[e["from"]] = out.get(e["from"], 0) - e["amount"]
        out[e["to"]] = out.get(e["to"], 0) + e["amount"]
    return out


def reconcile(store: Any, table_id: str, wallet: Wallet) -> list[Difference]:
    """Check ``wallet`` against the ledger of table ``table_id`` in ``store``: for each player,
    the net of his wallet movements by the ledger (``wallet:<player>``'s balance, see
    :func:`balances`) against the net of the movements the wallet holds under the table's keys.
    Returns the players whose two differ, sorted by name (empty: they agree). After a crash a
    cash-out not yet sent, or a debit the table never made, is a difference until the table is
    resumed with the wallet (:meth:`Table.resume <lowball.table.Table.resume>` settles both).

    Raises
    ------
    StoreError
        For a store that cannot be read.
    """
    table_id = name_text(table_id, "table_id", error=StoreError)
    expected: dict[str, int] = {}
    for account, chips in balances(store.ledger(table_id)).items():
        if account.startswith("wallet:"):
            expected[account[len("wallet:") :]] = chips
    found: dict[str, int] = {}
    for m in wallet.movements(f"{table_id}:"):
        parts = split_key(m.key)
        if parts is not None and parts[0] == table_id:
            found[m.player] = found.get(m.player, 0) + m.amount
    return [
        Difference(p, expected.get(p, 0), found.get(p, 0))
        for p in sorted(set(expected) | set(found))
        if expected.get(p, 0) != found.get(p, 0)
    ]

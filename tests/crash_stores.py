"""The store of a crash test's child process (tests/table/test_table_crash.py and
tests/tournament/test_tournament_crash.py): SQLite or PostgreSQL by ``where``, and one that marks in
shared memory whether the process is inside a transaction when it is killed."""

from __future__ import annotations

import contextlib
import mmap
from collections.abc import Iterator

from lowball.store import SQLiteStore, SQLStore


def crash_store(where: str, flag: mmap.mmap | None = None) -> SQLStore:
    """The store on ``where`` (a file: SQLite; a ``postgresql://`` URL: PostgreSQL, waiting up to
    30 s for the tables' locks while PostgreSQL ends a killed child's session); with ``flag``, one
    whose outermost transaction sets ``flag[0]`` to 1 while it runs."""
    if where.startswith("postgresql://"):
        from lowball.postgres import PostgresStore

        base: type[SQLStore] = PostgresStore
        options: dict[str, object] = {"wait": 30.0}
    else:
        base, options = SQLiteStore, {}
    if flag is None:
        return base(where, **options)  # type: ignore[call-arg]

    class MarkedStore(base):  # type: ignore[misc,valid-type]
        @contextlib.contextmanager
        def transaction(self) -> Iterator[None]:
            outer = flag[0] == 0
            if outer:
                flag[0] = 1
            try:
                with super().transaction():
                    yield
            finally:
                if outer:
                    flag[0] = 0

    return MarkedStore(where, **options)  # type: ignore[no-any-return]

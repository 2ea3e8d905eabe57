from __future__ import annotations

import contextlib
import itertools
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent

sys.path.insert(0, str(Path(__file__).parent))

# No test may depend on how fast the machine is: hypothesis's deadline (200 ms an example by
# default) and its "too slow" health check fail a test that a busy machine runs slowly (one
# did, on a 2-core machine at load 10). Every property test runs without them; a test's own
# @settings keep their example counts.
try:
    from hypothesis import HealthCheck
    from hypothesis import settings as _hypothesis_settings
except ImportError:  # hypothesis comes with the test extra: without it there is nothing to set
    pass
else:
    _hypothesis_settings.register_profile("lowball", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    _hypothesis_settings.load_profile("lowball")


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return DATA


# pokerkit, the peer these modules play against, requires Python 3.11 (every release), so
# the test extra installs it only there (pyproject.toml) and on 3.10 the modules are not
# collected; the run's header says so.
POKERKIT_MODULES = [
    "engine/test_engine_badugi_pokerkit.py",
    "engine/test_engine_pokerkit.py",
    "test_phh_grammar.py",
    "test_phh_pokerkit.py",
    "test_rankings_pokerkit.py",
]
collect_ignore = POKERKIT_MODULES if sys.version_info < (3, 11) else []


def pytest_report_header() -> str | None:
    if collect_ignore:
        return f"not collected on Python 3.10 (pokerkit requires 3.11): {', '.join(collect_ignore)}"
    return None


# -- PostgreSQL: a cluster of the tests' own (tests/pg_cluster.py), started once per session ------

REQUIRE_POSTGRES = os.environ.get("LOWBALL_REQUIRE_POSTGRES") == "1"  # CI: fail, never skip


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[str]:
    """The URL of a PostgreSQL cluster run for this session (127.0.0.1, a free port, trust
    authentication, in a temporary folder). Skips when PostgreSQL or psycopg is missing,
    except with LOWBALL_REQUIRE_POSTGRES=1 (CI), where it fails."""
    import pg_cluster

    missing = None
    if pg_cluster.find_binaries() is None:
        missing = "PostgreSQL is not installed (no initdb and pg_ctl)"
    else:
        try:
            import psycopg  # noqa: F401
        except ImportError:
            missing = "psycopg is not installed (pip install 'lowball-poker[postgres]')"
    if missing is not None:
        if REQUIRE_POSTGRES:
            pytest.fail(f"LOWBALL_REQUIRE_POSTGRES=1: {missing}")
        pytest.skip(missing)
    with pg_cluster.cluster(durable=False) as url:
        yield url


_databases = itertools.count(1)


@pytest.fixture
def postgres_url(postgres_cluster: str) -> str:
    """A new, empty database in the session's cluster."""
    import pg_cluster

    return pg_cluster.new_database(postgres_cluster, f"test{next(_databases)}")


class Stores:
    """New store objects on one database of a kind (``kind``: "sqlite", a file in a temporary
    folder, or "postgres", a database of the session's cluster): what a test opens again as a
    restarted process would. Every store made is closed at the end of the test."""

    def __init__(self, kind: str, where: str) -> None:
        self.kind = kind
        self.where = where
        self.made: list[Any] = []

    def new(self, **options: Any) -> Any:
        from lowball.store import SQLiteStore

        if self.kind == "sqlite":
            store: Any = SQLiteStore(self.where, **options)
        else:
            from lowball.postgres import PostgresStore

            store = PostgresStore(self.where, **options)
        self.made.append(store)
        return store

    def let_go(self, store: Any, table_id: str = "table") -> None:
        """Let another store resume ``table_id`` while ``store`` stays open (PostgreSQL: its
        write lock released, taken again at its next write; SQLite: nothing to do)."""
        if self.kind == "postgres":
            store.release(table_id)

    def count(self, sql: str) -> int:
        """A number the database gives (``SELECT COUNT(*) FROM changes``), read afresh."""
        store = self.new()
        try:
            return int(store._run(sql).fetchone()[0])
        finally:
            store.close()
            self.made.remove(store)

    def close(self) -> None:
        for store in self.made:
            with contextlib.suppress(Exception):
                store.close()


def stores_of(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Stores:
    """Stores of ``kind`` on one new database, closed at the end of the test."""
    if kind == "sqlite":
        made = Stores("sqlite", str(tmp_path / "t.db"))
    else:
        made = Stores("postgres", request.getfixturevalue("postgres_url"))
    request.addfinalizer(made.close)
    return made


@pytest.fixture(params=["sqlite", "postgres"])
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Stores:
    """Stores of each kind on one new database (the PostgreSQL cases skip without PostgreSQL,
    but with LOWBALL_REQUIRE_POSTGRES=1)."""
    return stores_of(request.param, request, tmp_path)


@pytest.fixture(autouse=True)
def _no_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``COLUMNS`` in the environment unless a test sets it: pytest-xdist's workers have
    ``COLUMNS=80``, which the commands read as a terminal's width (``lowball.cli.render``), so a
    command's output would be wrapped there and not in a run on one process."""
    monkeypatch.delenv("COLUMNS", raising=False)

"""A PostgreSQL cluster of the tests' own: made by ``initdb`` in a temporary folder, started by
``pg_ctl`` on 127.0.0.1 only (a free port, trust authentication, its socket in the folder),
stopped and removed at the end. Nothing outside the folder is used: no system service, no
outside server. Used by the store tests (tests/conftest.py's ``postgres`` fixture) and by
bench/bench_table.py.

``find_binaries()`` looks for ``initdb`` and ``pg_ctl`` on the PATH, then in Debian's
``/usr/lib/postgresql/<version>/bin``. Run as root (a container), the cluster is made and run
as the ``postgres`` user (or ``nobody``): PostgreSQL refuses to run as root.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path


def find_binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``, or None when PostgreSQL is not installed."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.access(f"{folder}/initdb", os.X_OK) and os.access(f"{folder}/pg_ctl", os.X_OK):
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_user() -> pwd.struct_passwd | None:
    """The user to run PostgreSQL as when this process is root (None: this process's own)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise RuntimeError("running as root, with neither a postgres nor a nobody user to run PostgreSQL as")


@contextlib.contextmanager
def cluster(*, durable: bool = True) -> Iterator[str]:
    """Start a cluster; yields the URL of its ``postgres`` database (user ``lowball``).

    ``durable=False`` turns off ``fsync`` and ``synchronous_commit``: the tests kill clients,
    never the server, so what a commit returned is kept either way, and the suite runs faster.
    The bench keeps PostgreSQL's defaults (a disk flush at every commit)."""
    binaries = find_binaries()
    if binaries is None:
        raise RuntimeError("PostgreSQL is not installed (no initdb and pg_ctl)")
    user = _as_user()
    folder = Path(tempfile.mkdtemp(prefix="lowball-pg-"))  # short: a socket path has at most 107 bytes

    def run(*args: str) -> None:
        def become() -> None:
            if user is not None:
                os.setgid(user.pw_gid)
                os.setuid(user.pw_uid)

        subprocess.run(
            args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=become, cwd=folder
        )

    if user is not None:
        os.chown(folder, user.pw_uid, user.pw_gid)
    data = folder / "data"
    port = _free_port()
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder}"
    if not durable:
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    started = False
    try:
        run(str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "lowball", "-E", "UTF8", "--no-sync")
        run(str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start")
        started = True
        yield f"postgresql://lowball@127.0.0.1:{port}/postgres"
    finally:
        if started:
            with contextlib.suppress(subprocess.CalledProcessError):
                run(str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def new_database(url: str, name: str) -> str:
    """Make the database ``name`` in the cluster of ``url``; its URL."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as con:
        con.execute(f'DROP DATABASE IF EXISTS "{name}"')
        con.execute(f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + "/" + name

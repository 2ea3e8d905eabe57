"""For tests/test_parallel.py and tests/test_parallel_review.py: reading worker processes from
/proc (:func:`children`, :func:`alive`), and a bot that kills the process it runs in, once: the sensible bot,
except that when the file :data:`ARMED` exists and it is running in a worker process (never in
the test's own), it takes the file away and sends itself SIGKILL after a few decisions: a worker
lost mid-shard. It draws no randomness of its own, so a run with it plays like the sensible bot."""

from __future__ import annotations

import multiprocessing
import os
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from lowball.bots import SensibleBot

ARMED = Path(tempfile.gettempdir()) / "lowball-test-kill-armed"
FIRED = Path(tempfile.gettempdir()) / "lowball-test-kill-fired"


class Killer(SensibleBot):
    decisions = 0

    def act(self, view, legal):  # type: ignore[no-untyped-def]
        Killer.decisions += 1
        if Killer.decisions == 40 and multiprocessing.parent_process() is not None:
            try:
                os.rename(ARMED, FIRED)  # one process wins the file: one kill
            except OSError:
                pass
            else:
                os.kill(os.getpid(), signal.SIGKILL)
        return super().act(view, legal)


@contextmanager
def armed() -> Iterator[None]:
    """The killer's file laid for the ``with`` block: the first worker to reach its 40th
    decision kills itself."""
    FIRED.unlink(missing_ok=True)
    ARMED.write_text("armed\n")
    try:
        yield
    finally:
        ARMED.unlink(missing_ok=True)
        FIRED.unlink(missing_ok=True)


def children(pid: int) -> set[int]:
    """The child processes of ``pid`` (Linux: /proc), none once it is gone."""
    kids: set[int] = set()
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            kids |= {int(k) for k in (task / "children").read_text().split()}
    except OSError:
        pass
    return kids


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie does not)."""
    try:
        return "zombie" not in Path(f"/proc/{pid}/status").read_text().split("State:")[1].split("\n")[0]
    except (OSError, IndexError):
        return False

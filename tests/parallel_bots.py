"""A bot for tests/test_parallel.py that kills the process it runs in, once: the sensible bot,
except that when the file :data:`ARMED` exists and it is running in a worker process (never in
the test's own), it takes the file away and sends itself SIGKILL after a few decisions: a worker
lost mid-shard. It draws no randomness of its own, so a run with it plays like the sensible bot."""

from __future__ import annotations

import multiprocessing
import os
import signal
import tempfile
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

"""Module-level tasks for tests/test_parallel_review.py (pickled to spawned workers)."""

from __future__ import annotations

import os
import time


def crash_on_three(job: int) -> int:
    """Kills its worker process on job 3, every time; other jobs take a moment."""
    if job == 3:
        os._exit(1)
    time.sleep(0.05)
    return job


def crash_once(job: tuple[int, str]) -> int:
    """Kills its worker process once (job 2, while the file ``job[1]`` exists: it is taken away)."""
    i, armed = job
    if i == 2:
        try:
            os.remove(armed)
        except OSError:
            pass
        else:
            os._exit(1)
    time.sleep(0.05)
    return i


def quick(job: int) -> int:
    return job

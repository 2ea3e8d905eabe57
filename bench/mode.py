"""The benchmarks' run length: ``LOWBALL_BENCH_SHORT=1`` (what CI's short run sets) makes the
longest benchmarks play fewer hands or rounds, so that the whole suite runs in a few minutes on
2 cores; a run without it measures the full workloads their docstrings state. Rates (per hand,
per decision) stay comparable between the two; totals do not."""

from __future__ import annotations

import os

SHORT = os.environ.get("LOWBALL_BENCH_SHORT") == "1"


def scaled(full: int, short: int) -> int:
    """``full`` in a full run, ``short`` in CI's short run."""
    return short if SHORT else full

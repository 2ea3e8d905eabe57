from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from mode import SHORT  # noqa: E402  (bench/ is on the path from here on)

# The distributions whose versions a run's JSON records in machine_info["packages"]
# (tools/perf_table.py names them in docs/performance.md's speed table)
PACKAGES = ("lowball-poker", "numpy", "pokerkit", "poker-equity", "pettingzoo", "open_spiel", "rlcard", "distributed")


@pytest.hookimpl(optionalhook=True)  # pytest-benchmark's hook: the tests collect bench/ without it
def pytest_benchmark_update_machine_info(config: Any, machine_info: dict[str, Any]) -> None:
    """Record the versions of lowball and of the peers measured beside it, and the run's length."""
    packages = {}
    for name in PACKAGES:
        try:
            packages[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue  # a peer not installed: its benchmarks skip, and its version is not recorded
    machine_info["packages"] = packages
    machine_info["bench_mode"] = "short" if SHORT else "full"  # LOWBALL_BENCH_SHORT (bench/mode.py)

from __future__ import annotations

import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return DATA


# pokerkit, the peer these modules play against, requires Python 3.11 (every release), so
# the test extra installs it only there (pyproject.toml) and on 3.10 the modules are not
# collected; the run's header says so.
POKERKIT_MODULES = [
    "test_engine_badugi_pokerkit.py",
    "test_engine_pokerkit.py",
    "test_phh_grammar.py",
    "test_phh_pokerkit.py",
    "test_rankings_pokerkit.py",
]
collect_ignore = POKERKIT_MODULES if sys.version_info < (3, 11) else []


def pytest_report_header() -> str | None:
    if collect_ignore:
        return f"not collected on Python 3.10 (pokerkit requires 3.11): {', '.join(collect_ignore)}"
    return None

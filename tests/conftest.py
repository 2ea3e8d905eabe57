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

"""The README's examples run as written, and its two set-up commands are the ones CI runs."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_examples() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, verbose=False)
    assert result.attempted >= 7
    assert result.failed == 0


def test_readme_has_exactly_two_setup_commands() -> None:
    text = (ROOT / "README.md").read_text()
    tags = re.findall(r"<!-- ci:(\w+) -->\n```bash\n(.+)\n```", text)
    assert [t for t, _ in tags] == ["main", "test"]
    for _, command in tags:
        assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install ")
    assert "lowball rank --file tests/data/" in tags[0][1] and "lowball simulate" in tags[0][1]
    assert tags[1][1].endswith("&& pytest")
    assert "readme_command main" in (ROOT / ".ci" / "run").read_text()

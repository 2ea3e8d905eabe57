"""docs/tournaments.md: its Python examples run as doctests and its console example prints what
the page shows (until the docs site's harness runs every page)."""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from lowball.cli import main

PAGE = Path(__file__).resolve().parent.parent / "docs" / "tournaments.md"


def test_the_python_examples_run() -> None:
    failures, tried = doctest.testfile(str(PAGE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried >= 10 and failures == 0


def test_the_console_example_prints_what_the_page_shows() -> None:
    blocks = re.findall(r"```console\n(.*?)```", PAGE.read_text(), re.S)
    assert blocks
    for block in blocks:
        command, _, expected = block.partition("\n")
        args = shlex.split(command.removeprefix("$ "))
        assert args[0] == "lowball"
        result = CliRunner().invoke(main, args[1:])
        assert result.exit_code == 0 and result.stdout == expected

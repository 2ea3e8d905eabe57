"""The examples in the package's docstrings run, as ``pytest --doctest-modules`` would run them,
against the installed package (the compiled modules included)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "lowball.cards",
    "lowball.evaluation",
    "lowball.deck",
    "lowball.variants",
    "lowball.engine.state",
    "lowball.engine.records",
    "lowball.engine.pots",
    "lowball.engine.actions",
    "lowball.engine.saving",
    "lowball.phh",
    "lowball.bots",
    "lowball.table.table",
    "lowball.table.seats",
    "lowball.table.options",
    "lowball.table.records",
    "lowball.simulate",
    "lowball.odds",
    "lowball.seeds",
    "lowball.cli.render",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.failed == 0


def test_the_examples_are_there() -> None:
    """The modules above hold examples (a run that finds none proves nothing)."""
    finder = doctest.DocTestFinder()
    counts = {name: sum(len(t.examples) for t in finder.find(importlib.import_module(name))) for name in MODULES}
    for name in (
        "lowball.cards",
        "lowball.evaluation",
        "lowball.deck",
        "lowball.variants",
        "lowball.engine.state",
        "lowball.phh",
    ):
        assert counts[name] >= 3, (name, counts)

"""RULES.md's rules linked to the code that applies them on the site's rules page (issue 28):
docs/_ext/rule_links.py's table finds every rule it names in its section, every section of
RULES.md has its rules there, and every name it links is an object the API reference documents
(the site's build, sphinx-build -W in .ci/run, also fails on a link it cannot resolve)."""

from __future__ import annotations

import importlib
import re
import sys
from typing import Any

import pytest
from doc_pages import DOCS, ROOT, directive, fenced_blocks

sys.path.insert(0, str(DOCS / "_ext"))
import rule_links  # noqa: E402 (docs/_ext is no package)

RULES = (ROOT / "RULES.md").read_text(encoding="utf-8")
NAMES = sorted({name for _, _, names in rule_links.RULE_CODE for name in names})


def _documented() -> tuple[set[str], set[str]]:
    """(modules documented with their members, objects documented one by one) by the API pages."""
    modules, objects = set(), set()
    for page in (DOCS / "api").glob("*.md"):
        for info, body in fenced_blocks(page.read_text(encoding="utf-8")):
            if directive(info) != "eval-rst":
                continue
            current = ""
            for m in re.finditer(r"^\.\. (auto\w+|py:currentmodule):: (\S+)\n((?:   :.*\n)*)", body, flags=re.M):
                kind, name, options = m.groups()
                if kind == "py:currentmodule":
                    current = name
                elif kind == "automodule" and ":no-members:" not in options:
                    modules.add(name)
                elif kind in ("autoclass", "autofunction"):
                    objects.add(f"{current}.{name}" if current and current != "None" else name)
    return modules, objects


MODULES, OBJECTS = _documented()


def _resolve(name: str) -> tuple[str, list[str], Any]:
    """(the longest module of the name, the rest as attribute names, the object)."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        obj: Any = module
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return ".".join(parts[:cut]), parts[cut:], obj
    raise LookupError(name)


def test_every_section_of_the_rules_has_its_code() -> None:
    numbers = sorted(rule_links.sections(RULES))
    assert numbers == list(range(1, len(numbers) + 1))
    assert len(numbers) >= 11
    assert sorted({number for number, _, _ in rule_links.RULE_CODE}) == numbers


def test_every_rule_written_as_a_bullet_has_its_code() -> None:
    """A bullet of a numbered section is a rule (a paragraph may be one too: those are listed by
    hand); each gets a Code line, so a rule added to RULES.md without its code fails here."""
    ends = {rule_links.rule_block_end(RULES, rule_links.find_rule(RULES, n, w))[0] for n, w, _ in rule_links.RULE_CODE}
    missing = [
        (number, RULES[at : RULES.index("\n", at)][:60])
        for number, at in rule_links.bullets(RULES)
        if rule_links.rule_block_end(RULES, at)[0] not in ends
    ]
    assert missing == []
    assert len(rule_links.bullets(RULES)) >= 90


@pytest.mark.parametrize(("number", "words"), [(n, w) for n, w, _ in rule_links.RULE_CODE])
def test_each_rule_is_found_once_in_its_section(number: int, words: str) -> None:
    at = rule_links.find_rule(RULES, number, words)
    start, end = rule_links.sections(RULES)[number]
    assert start < at < end


def test_a_rule_not_in_its_section_is_named() -> None:
    with pytest.raises(LookupError, match=r"RULES.md section 2: 'Dead button' is there 0 times, not once"):
        rule_links.find_rule(RULES, 2, "Dead button")
    with pytest.raises(LookupError, match="RULES.md has no section 99"):
        rule_links.find_rule(RULES, 99, "Seats")


@pytest.mark.parametrize("name", NAMES)
def test_each_linked_name_is_in_the_api_reference(name: str) -> None:
    module, attrs, obj = _resolve(name)
    assert attrs or name in MODULES, name  # a module, or an object in one
    if not attrs:
        return
    owner = f"{module}.{attrs[0]}"
    if module in MODULES:
        exported = getattr(importlib.import_module(module), "__all__", None)
        assert exported is None or attrs[0] in exported, f"{owner} is not in {module}.__all__"
    else:
        assert owner in OBJECTS, f"{owner}: neither its module nor it is documented in docs/api"
    if len(attrs) > 1:  # a member: autodoc documents the members that have a docstring
        cls = _resolve(owner)[2]
        member = cls.__dict__.get(attrs[1], obj) if isinstance(cls, type) else obj
        assert (getattr(member, "__doc__", None) or "").strip(), f"{name} has no docstring"


def test_the_linked_text_is_the_rules_with_a_code_line_after_each_rule() -> None:
    text = rule_links.linked(RULES)
    lines = [line for line in text.splitlines() if line.strip().startswith("*Code:* ")]
    assert len(lines) == len(rule_links.RULE_CODE)
    assert re.sub(r"\n *\*Code:\* [^\n]*\n\n", "", text) == RULES
    # the dead button's rule, as the page shows it: the bullet, then its code
    dead = text.index("- **Dead button** (151)")
    after = text[dead : text.index("\n- ", dead + 1)]
    assert after.endswith(
        "\n\n  *Code:* {py:obj}`Table.deal <lowball.table.Table.deal>`, {py:obj}`Table.button "
        "<lowball.table.Table.button>`, {py:obj}`Table.big_blind <lowball.table.Table.big_blind>`\n"
    )


def test_a_name_shows_as_a_user_writes_it() -> None:
    assert rule_links.title("lowball.table.Table.deal") == "Table.deal"
    assert rule_links.title("lowball.phh.loads") == "lowball.phh.loads"
    assert rule_links.title("lowball.evaluation.NUM_HANDS") == "lowball.evaluation.NUM_HANDS"
    assert rule_links.title("lowball.deck.ReshuffleRule.SEEDS") == "ReshuffleRule.SEEDS"

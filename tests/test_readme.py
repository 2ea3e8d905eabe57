"""Every example of the documentation runs as a test: on the README (the front page) and on every
page of the site (docs/*.md, the files they include among them), the Python examples (doctest),
the `lowball` commands with the output shown under them; the commands of the set-up line, and
the options of the command summary; the README's two set-up commands are the ones CI runs."""

from __future__ import annotations

import doctest
import os
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from doc_pages import DOCS, PAGES, README, ROOT, directive, fenced_blocks, markdown_files, name

from lowball.cli import main

#: (page, kind, body) of every fenced block of every page; kind is the language of a code block
#: (python, console, ...) or the {name} of a MyST directive.
BLOCKS = [
    (page, f"{{{directive(info)}}}" if directive(info) else info.split(" ")[0], body)
    for page, text in PAGES.items()
    for info, body in fenced_blocks(text)
]
CODE = [(lang, body) for _, lang, body in BLOCKS if not lang.startswith("{")]


def _console_examples() -> list[tuple[str, str, str]]:
    """(page, command, the output shown under it) for each `$ lowball ...` line of a console block."""
    examples = []
    for page, lang, body in BLOCKS:
        if lang != "console":
            continue
        for chunk in re.split(r"^(?=\$ )", body, flags=re.M):
            if chunk:
                command, _, output = chunk.partition("\n")
                examples.append((page, command, output))
    return examples


CONSOLE = _console_examples()


def test_every_block_is_one_of_the_kinds_tested_here() -> None:
    # json: the protocol page's messages, each validated by the schema it names (tests/test_wire.py)
    assert sorted({lang for lang, _ in CODE}) == ["bash", "console", "json", "python", "text"]
    for lang, body in CODE:
        if lang == "python":  # doctest runs only what follows >>>: no block may lack it
            assert body.startswith(">>> "), body
    # the directives only lay the site out; none holds an example that would not run
    assert sorted({lang for _, lang, _ in BLOCKS if lang.startswith("{")}) == ["{eval-rst}", "{toctree}"]
    for _, lang, body in BLOCKS:
        if lang.startswith("{"):
            assert ">>>" not in body and "$ lowball" not in body, body


#: The examples of each page written so far, (Python examples, console examples): a page's
#: examples cannot drop unnoticed, and its total is what the old one-page README held (84 and
#: 10) plus the front page's own and the table page's first loop. A page added later is run all
#: the same (PAGES reads every page of a toctree); its line here makes its count fixed too.
EXAMPLES = {
    "README.md": (22, 3),  # the first examples: the table loop, ranking and odds, the command
    "docs/ranking.md": (17, 0),
    "docs/deck.md": (10, 0),
    "docs/engine.md": (14, 0),
    "docs/table.md": (39, 0),  # the first loop (16), then the asyncio server (23)
    "docs/money.md": (21, 0),  # the wallet, a refused buy-in, a payout, the ledger, a crash (issue 29)
    "docs/postgres.md": (10, 0),  # the URL, open_store, the lock (issue 29)
    "docs/protocol.md": (25, 0),  # the wire forms in Python; its JSON examples: tests/test_wire.py (issue 29)
    "docs/bots.md": (8, 4),  # the solid player, and the command's limits (issue 33)
    "docs/tournaments.md": (38, 1),  # a structure, a tournament of bots, lowball tournament (issue 30)
    "docs/odds.md": (12, 4),
    "docs/command.md": (0, 6),
    "docs/rl.md": (12, 0),  # the vector environment, its packed legal actions (issue 31)
}


def _prompts(text: str, prompt: str) -> int:
    """The lines of a page that begin with ``prompt`` (indented or not, in any block or none):
    counted apart from the parsers that run the examples, so an example one of them misses (a
    block of another kind, a prompt doctest does not see) shows as a difference."""
    return len(re.findall(rf"^[ \t]*{re.escape(prompt)}", text, flags=re.M))


@pytest.mark.parametrize("page", PAGES)
def test_page_examples(page: str) -> None:
    """The page's Python examples run as doctests (its own namespace: a page stands alone)."""
    text = PAGES[page]
    test = doctest.DocTestParser().get_doctest(text, {"__name__": page}, page, str(ROOT / page), 0)
    runner = doctest.DocTestRunner(verbose=False, optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted == _prompts(text, ">>> ") == text.count("\n>>> ")
    assert result.failed == 0


@pytest.mark.parametrize("page", PAGES)
def test_every_example_of_a_page_is_run(page: str) -> None:
    """Each ``$ `` line is a console example run below, each ``>>> `` one a doctest above."""
    text = PAGES[page]
    console = [c for p, c, _ in CONSOLE if p == page]
    assert len(console) == _prompts(text, "$ ")
    if page in EXAMPLES:
        assert (_prompts(text, ">>> "), len(console)) == EXAMPLES[page]


def test_the_examples_are_found() -> None:
    assert sum(python for python, _ in EXAMPLES.values()) == 84 + 22 + 16 + 21 + 10 + 25 + 12 + 38
    assert sum(console for _, console in EXAMPLES.values()) == 10 + 3 + 4 + 1
    assert list(EXAMPLES) == [p for p in PAGES if p in EXAMPLES]  # each a page of the site, in its order


def test_every_page_is_in_a_table_of_contents() -> None:
    """The tests read the pages the site's tables of contents list (as Sphinx does): a page of
    docs/ in none of them would be neither built into the site nor tested."""
    listed = {ROOT / p for p in PAGES} | {DOCS / "index.md"}
    assert [name(p) for p in markdown_files() if p not in listed] == []
    assert len(PAGES) == len(set(PAGES))  # no page listed twice
    assert list(PAGES)[:3] == ["README.md", "docs/install.md", "docs/ranking.md"]


def test_console_examples_are_found() -> None:
    assert len(CONSOLE) == sum(console for _, console in EXAMPLES.values())
    assert all(command.startswith("$ lowball ") for _, command, _ in CONSOLE)


@pytest.mark.parametrize(("page", "command", "output"), CONSOLE, ids=[f"{p}: {c}" for p, c, _ in CONSOLE])
def test_console_example(page: str, command: str, output: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command prints exactly the lines shown under it (standard output and error)."""
    monkeypatch.chdir(ROOT)
    args = shlex.split(command[2:])
    assert args[0] == "lowball"
    r = CliRunner().invoke(main, args[1:])
    assert r.output == output
    assert r.exit_code == (2 if output.startswith("lowball ") else 0)


def test_the_setup_commands_lowball_parts_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The `lowball` commands of the main set-up line run as written (in a temporary directory
    with the tree's tests/ linked in, so that ranks.tsv is written there)."""
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    monkeypatch.chdir(tmp_path)
    main_line = re.search(r"<!-- ci:main -->\n```bash\n(.+)\n```", README)
    assert main_line is not None
    commands = [c.strip() for c in main_line.group(1).split("&&") if c.strip().startswith("lowball ")]
    assert len(commands) == 2
    rank = CliRunner().invoke(main, shlex.split(commands[0])[1:])
    assert rank.exit_code == 0, rank.output
    assert rank.stderr.startswith("100000 hands ranked\n")
    assert len((tmp_path / "ranks.tsv").read_text().splitlines()) == 100_000
    simulate = CliRunner().invoke(main, shlex.split(commands[1])[1:])
    assert simulate.exit_code == 0, simulate.output
    assert simulate.stdout.startswith("2-7 triple draw, fixed limit (F2L3D), 6 players, 2000 hands, seed 7\n")


def _summary() -> dict[str, set[str]]:
    """The options each command of the README's command summary names."""
    block = next(body for lang, body in CODE if lang == "text" and body.startswith("lowball rank"))
    options: dict[str, set[str]] = {}
    command = ""
    for line in block.splitlines():
        m = re.match(r"lowball (\w+)", line)
        if m:
            command = m.group(1)
        options.setdefault(command, set()).update(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", line))
    return options


def test_the_command_summary_names_real_commands_and_options() -> None:
    summary = _summary()
    assert sorted(summary) == ["compare", "draw", "odds", "play", "rank", "replay", "serve", "simulate"]
    assert summary["compare"] == {"--showdown", "-r"}
    for command, options in summary.items():
        r = CliRunner().invoke(main, [command, "--help"])
        assert r.exit_code == 0
        for option in options:
            assert re.search(rf"(?<![\w-]){re.escape(option)}\b", r.stdout), (command, option)


def test_the_play_keys_of_the_summary_are_accepted() -> None:
    """The keys the summary lists for play are in its --help and its ? help."""
    from lowball.cli.play import HELP

    block = next(body for lang, body in CODE if lang == "text" and body.startswith("lowball rank"))
    lines = block[block.index("lowball play") : block.index("lowball simulate")].splitlines()
    play = " ".join(" ".join(line[37:] for line in lines).split())  # the description column
    assert "(f, x, c, b 20, r 40 or r40, r pot, a for all in, d 9h Kd or d 1 4, p to stand pat, q to quit;" in play
    for key in ("f ", "x ", "c ", "b 20", "r 40", "r40", "r pot", "a ", "d 9h Kd", "d 1 4", "p ", "q ", "?"):
        assert key in HELP, key


def test_readme_has_exactly_two_setup_commands() -> None:
    tags = re.findall(r"<!-- ci:(\w+) -->\n```bash\n(.+)\n```", README)
    assert [t for t, _ in tags] == ["main", "test"]
    for _, command in tags:
        assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install ")
    assert "lowball rank --file tests/data/" in tags[0][1] and "lowball simulate" in tags[0][1]
    # on every core (pytest-xdist, the test extra's), each file on one worker (its fixtures made once)
    assert tags[1][1].endswith("&& pytest -n auto --dist loadfile")
    assert "readme_command main" in (ROOT / ".ci" / "run").read_text()
    assert os.access(ROOT / ".ci" / "run", os.X_OK)


def _amount(cell: str) -> tuple[float, str]:
    """The last figure of a speed-table cell as (value, kind): a rate in per second, or a time
    in seconds (kind 'rate' or 'time')."""
    figures = re.findall(r"([\d][\d.,]*) ?(M |k )?(hands/s|M/s|k/s|/s|ms)", cell)
    value, scale, unit = figures[-1]
    number = float(value.replace(",", ""))
    if unit == "ms":
        return number / 1000, "time"
    factor = {"M/s": 1e6, "k/s": 1e3}.get(unit, {"M ": 1e6, "k ": 1e3}.get(scale, 1.0))
    return number * factor, "rate"


def test_the_speed_tables_ratios_follow_from_its_figures() -> None:
    """Each ratio of the Speed table is its two figures divided (to the rounding shown), so a
    figure updated from a new benchmark run cannot leave a stale ratio beside it."""
    section = PAGES["docs/performance.md"].split("## Speed", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:-1] for line in section.splitlines() if line.startswith("| ") and "x |" in line]
    assert len(rows) >= 15
    for work, ours, peer, ratio in rows:
        (a, kind), (b, _) = _amount(ours), _amount(peer)
        expected = a / b if kind == "rate" else b / a
        shown = float(ratio.strip().rstrip("x"))
        assert abs(shown - expected) <= 0.04 * expected, (work, shown, expected)


def test_ci_builds_the_site_with_warnings_as_errors() -> None:
    """.ci/run builds docs/ after the README's test command, in its .venv, every warning an error,
    with the [docs] extra's requirements; the extra holds what docs/conf.py uses."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'sphinx-build -W --keep-going -q -b html docs "$site"' in ci
    tests_run = ci.index('bash -euo pipefail -c "$test_cmd"')
    build = ci.index("sphinx-build -W")
    assert tests_run < ci.index("    . .venv/bin/activate\n", tests_run) < build
    assert "extra_requirements docs >" in ci and "['optional-dependencies']['$1']" in ci
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    extra = pyproject.split("\ndocs = [\n", 1)[1].split("\n]\n", 1)[0]
    assert re.findall(r'^\s*"([\w-]+)', extra, flags=re.M) == ["sphinx", "myst-parser", "furo"]
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert '"myst_parser"' in conf and 'html_theme = "furo"' in conf

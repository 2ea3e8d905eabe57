"""Every example of the README runs as a test: the Python examples (doctest), the `lowball`
commands with the output shown under them, the commands of the set-up line, and the options
of the command summary; its two set-up commands are the ones CI runs."""

from __future__ import annotations

import doctest
import os
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from lowball.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```(\w*)\n(.*?)^```$", README, flags=re.M | re.S)


def _console_examples() -> list[tuple[str, str]]:
    """(command, the output shown under it) for each `$ lowball ...` line of a console block."""
    examples = []
    for lang, body in BLOCKS:
        if lang != "console":
            continue
        for chunk in re.split(r"^(?=\$ )", body, flags=re.M):
            if chunk:
                command, _, output = chunk.partition("\n")
                examples.append((command, output))
    return examples


CONSOLE = _console_examples()


def test_every_block_is_one_of_the_kinds_tested_here() -> None:
    assert sorted({lang for lang, _ in BLOCKS}) == ["bash", "console", "python", "text"]
    for lang, body in BLOCKS:
        if lang == "python":  # doctest runs only what follows >>>: no block may lack it
            assert body.startswith(">>> "), body


def test_readme_examples() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, verbose=False)
    assert result.attempted == README.count("\n>>> ")
    assert result.attempted >= 20
    assert result.failed == 0


def test_console_examples_are_found() -> None:
    assert len(CONSOLE) == 10
    assert all(command.startswith("$ lowball ") for command, _ in CONSOLE)


@pytest.mark.parametrize(("command", "output"), CONSOLE, ids=[c for c, _ in CONSOLE])
def test_console_example(command: str, output: str, monkeypatch: pytest.MonkeyPatch) -> None:
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
    block = next(body for lang, body in BLOCKS if lang == "text" and body.startswith("lowball rank"))
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

    block = next(body for lang, body in BLOCKS if lang == "text" and body.startswith("lowball rank"))
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
    assert tags[1][1].endswith("&& pytest")
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
    section = README.split("## Speed", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:-1] for line in section.splitlines() if line.startswith("| ") and "x |" in line]
    assert len(rows) >= 15
    for work, ours, peer, ratio in rows:
        (a, kind), (b, _) = _amount(ours), _amount(peer)
        expected = a / b if kind == "rate" else b / a
        shown = float(ratio.strip().rstrip("x"))
        assert abs(shown - expected) <= 0.04 * expected, (work, shown, expected)

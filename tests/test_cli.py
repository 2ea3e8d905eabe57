"""The `lowball` command: output, exit codes, bad input."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

import lowball
from lowball.cli import main


def run(*args: str, input: str | None = None):  # noqa: A002
    return CliRunner().invoke(main, list(args), input=input)


def test_rank_arguments() -> None:
    r = run("rank", "7s5h4d3c2s", "As 5d 4h 3c 2c", "10s9s8s7s6s")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "7s5h4d3c2s\t1\thigh card\t7-5-4-3-2: number one (the wheel)",
        "As 5d 4h 3c 2c\t785\thigh card\tA-5-4-3-2: ace high, not a straight",
        "10s9s8s7s6s\t7458\tstraight flush\tT-9-8-7-6: ten-high straight flush",
    ]


def test_rank_file_skips_blanks_and_comments(tmp_path: Path) -> None:
    f = tmp_path / "hands.txt"
    f.write_text("# my hands\n7s5h4d3c2s\n\n   \n  8s 5h 4d 3c 2s  \n# end\n")
    r = run("rank", "--file", str(f))
    assert r.exit_code == 0, r.output
    assert [ln.split("\t")[:2] for ln in r.output.splitlines()] == [["7s5h4d3c2s", "1"], ["8s 5h 4d 3c 2s", "5"]]


def test_rank_stdin_json_and_summary() -> None:
    r = run("rank", "--file", "-", "--json", "--summary", input="2s2h3d4c5s\nAsKsQsJsTs\n")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data == [
        {"hand": "2s2h3d4c5s", "class": 1279, "category": "pair", "description": "2-2-5-4-3: pair of deuces"},
        {"hand": "AsKsQsJsTs", "class": 7462, "category": "straight flush", "description": "A-K-Q-J-T: royal flush"},
    ]
    assert "2 hands ranked" in r.stderr and "pair                     1" in r.stderr


def test_rank_real_file_matches_ojpoker(data_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "ranks.tsv"
    r = run("rank", "--file", str(data_dir / "ojpoker_27_100k.txt"), "--output", str(out))
    assert r.exit_code == 0, r.output
    expected = json.loads((data_dir / "ojpoker_27_100k.json").read_text())["hands"]
    rows = [ln.split("\t") for ln in out.read_text().splitlines()]
    assert len(rows) == 100_000
    assert [(h, int(c)) for h, c, _, _ in rows] == [(h, c) for h, c in expected]


def test_rank_bad_line_names_line_and_token_and_writes_nothing(tmp_path: Path) -> None:
    f = tmp_path / "hands.txt"
    f.write_text("7s5h4d3c2s\n# comment\n7s5h4d3c2x\n8s5h4d3c2s\n")
    out = tmp_path / "out.tsv"
    r = run("rank", "--file", str(f), "--output", str(out))
    assert r.exit_code == 2
    assert "line 3" in r.stderr and "'2x'" in r.stderr
    assert r.stdout == ""
    assert not out.exists() and list(tmp_path.iterdir()) == [f]  # no partial or temp file left
    r = run("rank", "--file", str(f))
    assert r.exit_code == 2 and r.stdout == ""


def test_rank_errors() -> None:
    r = run("rank")
    assert r.exit_code == 2 and "give hands" in r.stderr
    r = run("rank", "7s7s4d3c2s")
    assert r.exit_code == 2 and "card 7s appears twice" in r.stderr
    r = run("rank", "--file", "/nonexistent/hands.txt")
    assert r.exit_code == 2 and "cannot read /nonexistent/hands.txt" in r.stderr
    r = run("rank", "--bogus")
    assert r.exit_code == 2 and "No such option" in r.stderr


def test_compare() -> None:
    r = run("compare", "8s5h4d3c2s", "7c5d4h3s2d", "7h6c4s3d2h")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-1] == "winner: hand 2 (7c5d4h3s2d)"
    assert r.output.splitlines()[1].startswith("* 2. 7c5d4h3s2d")
    r = run("compare", "7s5h4d3c2s", "7c5d4h3s2d")
    assert r.output.splitlines()[-1] == "split pot: hands 1, 2 tie"
    r = run("compare", "As5h4d3c2s", "Kc5d4h3s2d")
    assert r.output.splitlines()[-1] == "winner: hand 2 (Kc5d4h3s2d)"


def test_compare_errors() -> None:
    r = run("compare", "7s5h4d3c2s")
    assert r.exit_code == 2 and "at least two hands" in r.stderr
    r = run("compare", "7s5h4d3c2s", "xx")
    assert r.exit_code == 2 and "'xx'" in r.stderr
    r = run("compare")
    assert r.exit_code == 2


def test_help_and_version() -> None:
    for args in (["--help"], ["rank", "--help"], ["compare", "--help"]):
        r = run(*args)
        assert r.exit_code == 0 and "Usage:" in r.output
    assert "--summary" in run("rank", "--help").output
    r = run("--version")
    assert r.exit_code == 0 and lowball.__version__ in r.output


def test_installed_entry_point() -> None:
    # The script sits beside the interpreter running the tests (the venv's bin/ or Scripts/).
    exe = shutil.which("lowball", path=str(Path(sys.executable).parent))
    assert exe, "the lowball command is installed with the package"
    p = subprocess.run([exe, "rank", "7s5h4d3c2s"], capture_output=True, text=True)
    assert p.returncode == 0 and p.stdout.split("\t")[1] == "1"
    p = subprocess.run([exe, "rank", "7s5h4d3c2"], capture_output=True, text=True)
    assert p.returncode == 2 and p.stdout == ""


def test_rank_output_errors_and_permissions(tmp_path: Path) -> None:
    f = tmp_path / "hands.txt"
    f.write_text("7s5h4d3c2s\n")
    r = run("rank", "--file", str(f), "--output", str(tmp_path / "missing" / "o.tsv"))
    assert r.exit_code == 2 and "cannot write" in r.stderr and "No such file" in r.stderr
    out = tmp_path / "o.tsv"
    old = os.umask(0o022)
    try:
        assert run("rank", "--file", str(f), "--output", str(out)).exit_code == 0
    finally:
        os.umask(old)
    assert out.stat().st_mode & 0o777 == 0o644  # as open() would make it, not mkstemp's 0600
    out.chmod(0o640)
    assert run("rank", "--file", str(f), "--output", str(out)).exit_code == 0
    assert out.stat().st_mode & 0o777 == 0o640  # a replaced file keeps its permissions
    r = run("rank", "7s5h4d3c2s", "--summary")
    assert "1 hand ranked" in r.stderr


def test_compare_ranks_each_hand_on_its_own_like_winners() -> None:
    """The README's winners() example: the same cards in two hands are fine (8-5 against 7-5),
    the answer is the one winners() gives."""
    r = run("compare", "8s5h4d3c2s", "7s5h4d3c2s", "7c5d4h3s2d")
    assert r.exit_code == 0, r.output
    assert r.stdout == (
        "  1. 8s5h4d3c2s     5  8-5-4-3-2: the nut eight\n"
        "* 2. 7s5h4d3c2s     1  7-5-4-3-2: number one (the wheel)\n"
        "* 3. 7c5d4h3s2d     1  7-5-4-3-2: number one (the wheel)\n"
        "split pot: hands 2, 3 tie\n"
    )
    assert lowball.winners(["8s5h4d3c2s", "7s5h4d3c2s", "7c5d4h3s2d"]) == [1, 2]
    r = run("compare", "7s5h4d3c2s", "7c6h4d3c2d")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1] == "winner: hand 1 (7s5h4d3c2s)"


def test_compare_showdown_refuses_a_card_in_two_hands() -> None:
    r = run("compare", "--showdown", "7s5h4d3c2s", "7c6h4d3c2d")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == "lowball compare: --showdown: card 4d is in hand 1 and hand 2: one deck holds it once\n"
    r = run("compare", "--showdown", "8s5h4d3c2s", "7d6h4s3h2d")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1] == "winner: hand 2 (7d6h4s3h2d)"


def test_compare_refuses_a_card_twice_in_one_hand_with_or_without_showdown() -> None:
    for extra in ([], ["--showdown"]):
        r = run("compare", *extra, "7s7s4d3c2s", "7c5d4h3s2d")
        assert r.exit_code == 2 and r.stdout == ""
        assert r.stderr == "lowball compare: hand '7s7s4d3c2s': card 7s appears twice in 7s 7s 4d 3c 2s\n"


def test_compare_help_says_what_is_compared() -> None:
    r = run("compare", "--help")
    assert r.exit_code == 0
    text = " ".join(r.stdout.split())
    assert "Each hand is ranked on its own, as lowball.winners() does, so the same card may be in two hands" in text
    assert "--showdown The hands were dealt from one deck, as at a showdown: a card in two hands is refused." in text
    assert "A card twice in one hand is an error." in text

"""The `lowball` command: output, exit codes, bad input."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
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
        "As5d4h3c2c\t785\thigh card\tA-5-4-3-2: ace high, not a straight",
        "Ts9s8s7s6s\t7458\tstraight flush\tT-9-8-7-6: ten-high straight flush",
    ]


def test_rank_file_skips_blanks_and_comments(tmp_path: Path) -> None:
    f = tmp_path / "hands.txt"
    f.write_text("# my hands\n7s5h4d3c2s\n\n   \n  8s 5h 4d 3c 2s  \n# end\n")
    r = run("rank", "--file", str(f))
    assert r.exit_code == 0, r.output
    assert [ln.split("\t")[:2] for ln in r.output.splitlines()] == [["7s5h4d3c2s", "1"], ["8s5h4d3c2s", "5"]]


def test_rank_stdin_json_and_summary() -> None:
    r = run("rank", "--file", "-", "--json", "--summary", input="2s2h3d4c5s\nAsKsQsJsTs\n")
    assert r.exit_code == 0, r.output
    assert r.stdout == (  # JSON Lines: one compact object per line
        '{"hand":"2s2h3d4c5s","class":1279,"category":"pair","description":"2-2-5-4-3: pair of deuces"}\n'
        '{"hand":"AsKsQsJsTs","class":7462,"category":"straight flush","description":"A-K-Q-J-T: royal flush"}\n'
    )
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
    assert (r.exit_code, r.stderr) == (2, "lowball rank: no such option --bogus (see lowball rank --help)\n")


def test_a_hand_split_by_the_shell_is_refused_with_the_quoted_command() -> None:
    r = run("rank", "7S", "5H", "4D", "3C", "2S")
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == (
        "lowball rank: hand '7S' has 1 card: give each hand written with spaces as one argument in"
        ' quotes (lowball rank "7s 5h 4d 3c 2s" ...)\n'
    )
    r = run("compare", "7s 5h", "4d 3c 2s", "8s5h4d3c2s")
    assert r.stderr == (
        "lowball compare: hand '7s 5h' has 2 cards: give each hand written with spaces as one argument in"
        ' quotes (lowball compare "7s 5h 4d 3c 2s" ...)\n'
    )
    r = run("rank", "7s")  # one short hand alone: the ranking's own message
    assert r.stderr.startswith("lowball rank: hand '7s': expected 5 cards, got 1")
    r = run("rank", "7s5h4d3c2s", "8s5h4d3c")  # a typo, not a split hand (from a review)
    assert r.stderr.startswith("lowball rank: hand '8s5h4d3c': expected 5 cards, got 4")


def test_rank_empty_and_directory_paths_are_named_plainly(tmp_path: Path) -> None:
    """An empty path or a directory, to read or to write: a plain message, exit 2, nothing
    written (it was "cannot read : ... '.'", "[Errno 21] ..." and "Device or resource busy")."""
    cases = [
        (("--file", ""), "lowball rank: cannot read '': the path is empty\n"),
        (("--file", str(tmp_path)), f"lowball rank: cannot read {tmp_path}: Is a directory\n"),
        (("7s5h4d3c2s", "-o", ""), "lowball rank: cannot write '': the path is empty\n"),
        (("7s5h4d3c2s", "-o", str(tmp_path)), f"lowball rank: cannot write {tmp_path}: Is a directory\n"),
    ]
    for args, message in cases:
        r = run("rank", *args)
        assert (r.exit_code, r.stdout, r.stderr) == (2, "", message), args
    assert list(tmp_path.iterdir()) == []


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
    assert "Write JSON Lines: one compact JSON object per hand" in " ".join(run("rank", "--help").output.split())
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


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs Linux's /dev/full and preexec_fn")
def test_a_failing_standard_output_is_one_line_not_a_traceback() -> None:
    """Standard output closed (`>&-`) or on a full device (/dev/full): one line on standard
    error naming the command and the reason, exit status 1, no traceback."""
    exe = shutil.which("lowball", path=str(Path(sys.executable).parent))
    assert exe
    # a clean environment, as a fresh shell has (PYTHON* settings change stdout's buffering)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    commands = {
        "rank": ["rank", "7s5h4d3c2s"],
        "simulate": ["simulate", "-k", "3", "-n", "2", "--seed", "1", "-q"],
        "compare": ["compare", "7s5h4d3c2s", "8s5h4d3c2s"],
    }
    for name, args in commands.items():
        p = subprocess.run([exe, *args], stdin=subprocess.DEVNULL, capture_output=True, text=True)
        assert p.returncode == 0, name  # the same commands run when the stream is fine
        with open("/dev/full", "w") as full:
            p = subprocess.run([exe, *args], stdout=full, stderr=subprocess.PIPE, text=True, env=env)
        assert (p.returncode, p.stderr) == (
            1,
            f"lowball {name}: cannot write or read a standard stream: No space left on device\n",
        )
    for name in ("rank", "simulate"):
        p = subprocess.run([exe, *commands[name]], stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1))
        assert (p.returncode, p.stderr) == (
            1,
            f"lowball {name}: cannot write or read a standard stream: standard output is closed\n",
        )


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


def test_compare_echoes_each_hand_in_the_canonical_form() -> None:
    """Tabs, spaces, 10, upper case and suit symbols are echoed as rank echoes them."""
    r = run("compare", "7\u2660 5\u2665\t4\u2666 3\u2663 2\u2660", "8S 5h 4d 3c 2s", "10d 9c 5s 3h 2c")
    assert r.exit_code == 0, r.output
    assert r.stdout == (
        "* 1. 7s5h4d3c2s     1  7-5-4-3-2: number one (the wheel)\n"
        "  2. 8s5h4d3c2s     5  8-5-4-3-2: the nut eight\n"
        "  3. Td9c5s3h2c    89  T-9-5-3-2: T-9 low\n"
        "winner: hand 1 (7s5h4d3c2s)\n"
    )


def test_compare_help_says_what_is_compared() -> None:
    r = run("compare", "--help")
    assert r.exit_code == 0
    text = " ".join(r.stdout.split())
    assert "Each hand is ranked on its own, as lowball.winners() does, so the same card may be in two hands" in text
    assert "--showdown The hands were dealt from one deck, as at a showdown: a card in two hands is refused." in text
    assert "A card twice in one hand is an error." in text


WHEEL = "1\thigh card\t7-5-4-3-2: number one (the wheel)"
WHEEL_JSON = ',"class":1,"category":"high card","description":"7-5-4-3-2: number one (the wheel)"}'


def test_rank_echoes_every_hand_in_one_canonical_form(tmp_path: Path) -> None:
    """Cards in the order given, two characters each, T for ten, lowercase suits, nothing
    between: a line with tabs between cards no longer adds TSV fields."""
    written = ["7s 5h\t4d 3c 2s", "7S5H4D3C2S", "7s,5h,4d,3c,2s", "  7s5H 4d3C 2s  ", "10d9d8d7d6d", "tdJdqDKdaD"]
    canonical = ["7s5h4d3c2s"] * 4 + ["Td9d8d7d6d", "TdJdQdKdAd"]
    classes = ["1", "1", "1", "1", "7458", "7462"]
    f = tmp_path / "hands.txt"
    f.write_text("\n".join(written) + "\n")
    for args in (["--file", str(f)], written):
        r = run("rank", *args)
        assert r.exit_code == 0, r.output
        rows = [line.split("\t") for line in r.stdout.splitlines()]
        assert [row[:2] for row in rows] == [[h, c] for h, c in zip(canonical, classes)]
        assert {len(row) for row in rows} == {4}
        r = run("rank", "--json", *args)
        assert [json.loads(line)["hand"] for line in r.stdout.splitlines()] == canonical


def test_rank_file_formats_fast_and_slow_lines_alike(tmp_path: Path) -> None:
    """Plain ten-character lines are parsed in bulk, the others one by one: the same hands, the
    same order, and the first bad line is the one named, whichever way it was read."""
    f = tmp_path / "hands.txt"
    f.write_bytes(b"7s5h4d3c2s\r\n#234567890\r\n\r\n8s 5h 4d 3c 2s\r\n9S5H4D3C2S")  # CRLF, no final newline
    r = run("rank", "--file", str(f))
    assert r.exit_code == 0, r.output
    assert [line.split("\t")[:2] for line in r.stdout.splitlines()] == [
        ["7s5h4d3c2s", "1"],
        ["8s5h4d3c2s", "5"],
        ["9s5h4d3c2s", "19"],
    ]
    f.write_bytes(b"7s5h4d3c2s\r8s5h4d3c2s\r")  # old Mac line ends: lone \r
    assert [line.split("\t")[0] for line in run("rank", "--file", str(f)).stdout.splitlines()] == [
        "7s5h4d3c2s",
        "8s5h4d3c2s",
    ]
    f.write_bytes(b"")
    r = run("rank", "--file", str(f), "--summary")
    assert (r.exit_code, r.stdout) == (0, "") and r.stderr.startswith("0 hands ranked\n")
    bad = {
        b"7s5h4d3c2s\n7s7s4d3c2s\n": "line 2: card 7s appears twice in 7s 7s 4d 3c 2s",
        b"7s5h4d3c2s\n8s 8s 4d 3c 2s\n": "line 2: card 8s appears twice in 8s 8s 4d 3c 2s",
        b"7s5h4d3c2s\n7s5h4d3c1s\n": "line 2: '1s' in '7s5h4d3c1s' is not a card",
        b"7s5h4d3c2s\n7s5h4d3c\n2s\n": "line 2: expected 5 cards, got 4: 7s 5h 4d 3c",
        b"7s5h4d3c2s\n\n\xff7s5h4d3c\n": "cannot read {f}: line 3 is not UTF-8 text (invalid start byte)",
        b"7s5h4d3c2s\r8s5h4d3cXs\r": "line 2: 'Xs' in '8s5h4d3cXs' is not a card",
    }
    for data, message in bad.items():
        f.write_bytes(data)
        r = run("rank", "--file", str(f))
        assert (r.exit_code, r.stdout) == (2, "")
        assert r.stderr.startswith(f"lowball rank: {message.format(f=f)}"), r.stderr


def test_rank_ignores_a_byte_order_mark(tmp_path: Path) -> None:
    """A file saved with a UTF-8 byte-order mark no longer fails on line 1 ('\\ufeff7')."""
    f = tmp_path / "bom.txt"
    f.write_bytes(b"\xef\xbb\xbf7s5h4d3c2s\n8s5h4d3c2s\n")
    assert run("rank", "--file", str(f)).stdout.splitlines()[0] == f"7s5h4d3c2s\t{WHEEL}"
    f.write_bytes(b"\xef\xbb\xbf# a comment first\n7s 5h 4d 3c 2s\n")
    assert run("rank", "--file", str(f)).stdout == f"7s5h4d3c2s\t{WHEEL}\n"
    r = run("rank", "--file", "-", input="\ufeff7s5h4d3c2s\n")
    assert (r.exit_code, r.stdout) == (0, f"7s5h4d3c2s\t{WHEEL}\n")
    f.write_bytes(b"7s5h4d3c2s\n\xef\xbb\xbf8s5h4d3c2s\n")  # only at the start of the file
    r = run("rank", "--file", str(f))
    assert r.exit_code == 2
    assert r.stderr.startswith("lowball rank: line 2: '\\ufeff8' in '\\ufeff8s5h4d3c2s' is not a card")


def test_rank_json_lines_and_nothing_written_on_bad_input(tmp_path: Path) -> None:
    f = tmp_path / "hands.txt"
    f.write_text("7s5h4d3c2s\nAs Ks Qs Js Ts\n")
    out = tmp_path / "out.jsonl"
    r = run("rank", "--file", str(f), "--json", "-o", str(out))
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "")
    assert out.read_text() == (
        '{"hand":"7s5h4d3c2s"' + WHEEL_JSON + "\n"
        '{"hand":"AsKsQsJsTs","class":7462,"category":"straight flush","description":"A-K-Q-J-T: royal flush"}\n'
    )
    f.write_text("7s5h4d3c2s\nAs Ks Qs Js Tx\n")
    for fmt in (["--json"], []):
        r = run("rank", "--file", str(f), *fmt, "-o", str(out))
        assert r.exit_code == 2 and r.stdout == ""
        assert r.stderr.startswith("lowball rank: line 2: 'Tx' is not a card")
        assert out.read_text().startswith('{"hand":"7s5h4d3c2s"')  # untouched
        r = run("rank", "--file", str(f), *fmt)
        assert (r.exit_code, r.stdout) == (2, "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.txt", "out.jsonl"]


def test_rank_json_lines_match_ojpoker(data_dir: Path, tmp_path: Path) -> None:
    """100,000 hands: more than one chunk of output (65,536 lines)."""
    out = tmp_path / "ranks.jsonl"
    r = run("rank", "--file", str(data_dir / "ojpoker_27_100k.txt"), "--json", "--output", str(out))
    assert r.exit_code == 0, r.output
    expected = json.loads((data_dir / "ojpoker_27_100k.json").read_text())["hands"]
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(row["hand"], row["class"]) for row in rows] == [(h, c) for h, c in expected]
    assert rows[0].keys() == {"hand", "class", "category", "description"}


def test_rank_output_kinds_of_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """-o - is standard output; a symlink is written through; a directory is an error."""
    monkeypatch.chdir(tmp_path)
    r = run("rank", "7s5h4d3c2s", "-o", "-")
    assert (r.exit_code, r.stdout) == (0, f"7s5h4d3c2s\t{WHEEL}\n")
    assert list(tmp_path.iterdir()) == []  # no file named -
    (tmp_path / "target.tsv").write_text("old\n")
    (tmp_path / "link.tsv").symlink_to("target.tsv")
    r = run("rank", "7s 5h 4d 3c 2s", "-o", "link.tsv")
    assert r.exit_code == 0 and (tmp_path / "link.tsv").is_symlink()
    assert (tmp_path / "target.tsv").read_text() == f"7s5h4d3c2s\t{WHEEL}\n"
    (tmp_path / "dir").mkdir()
    r = run("rank", "7s5h4d3c2s", "-o", "dir")
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", "lowball rank: cannot write dir: Is a directory\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir", "link.tsv", "target.tsv"]


def test_rank_file_of_every_written_form_matches_hand_by_hand(tmp_path: Path) -> None:
    """Lines read in bulk (plain or one separator) and one by one (any other form) give what
    evaluate and parse_hand give for each line alone, in order."""
    import random

    from lowball import evaluate, format_cards, parse_hand

    rng = random.Random(11)
    forms = [
        lambda cs: "".join(cs),
        lambda cs: " ".join(cs),
        lambda cs: "\t".join(cs),
        lambda cs: ",".join(cs),
        lambda cs: "  " + ", ".join(cs) + " ",
        lambda cs: "".join(c.upper() for c in cs),
        lambda cs: " ".join("10" + c[1] if c[0] == "T" else c.lower() for c in cs),
        lambda cs: "".join(cs[:2]) + " " + "".join(cs[2:]),
    ]
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    lines = [rng.choice(forms)(rng.sample(deck, 5)) for _ in range(2000)]
    f = tmp_path / "hands.txt"
    f.write_text("\n".join(lines) + "\n")
    r = run("rank", "--file", str(f))
    assert r.exit_code == 0, r.output
    got = [tuple(row.split("\t")[:2]) for row in r.stdout.splitlines()]
    assert got == [(format_cards(parse_hand(line)), str(evaluate(line))) for line in lines]
    assert len({len(line) for line in lines}) > 3  # the forms really differ

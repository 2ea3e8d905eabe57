"""`lowball replay`: every real hand in tests/data/phh, stepping with Enter, errors naming the
line, and unknown cards shown as ??."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from lowball import phh
from lowball.cli import main

PHH_DIR = Path(__file__).parent / "data" / "phh"
FILES = sorted(PHH_DIR.rglob("*.phh"))
BAD_BEAT = PHH_DIR / "phh-std-example" / "wsop-2019-event58-bad-beat.phh"
SINGLE = PHH_DIR / "fixtures" / "single_draw.phh"


def replay(*args: str, input: str | None = None):  # noqa: A002
    return CliRunner().invoke(main, ["replay", *args], input=input)


def test_all_real_hands_found() -> None:
    assert len(FILES) == 17


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_replay_all_of_every_real_hand(path: Path) -> None:
    hist = phh.load(path)
    r = replay("--all", str(path))
    assert r.exit_code == 0, r.output
    out = r.stdout
    n = len(hist.actions)
    steps = re.findall(r"^\[(\d+)/(\d+)\](?: \(line \d+\))? (.*)$", out, re.M)
    assert [int(s[0]) for s in steps] == list(range(1, n + 1))
    assert all(int(s[1]) == n for s in steps)
    assert [s[2] for s in steps] == [a.strip() for a in hist.actions]
    final = hist.play()
    stacks_line = "finishing stacks: " + ", ".join(
        f"{label} {s}" for label, s in zip(_labels(hist), final.stacks)
    )
    assert stacks_line in out
    if hist.finishing_stacks is not None:
        assert out.rstrip().endswith("(the same as the file's finishing_stacks)")
    # every showdown hand is told with its description; every win is told
    for e in final.events:
        if e.kind == "win":
            assert re.search(rf"wins {e.amount}\b", out)
    assert "hand complete" in out


def _labels(hist: phh.HandHistory) -> list[str]:
    names = hist.fields.get("players")
    n = len(hist.starting_stacks)
    if isinstance(names, list) and len(names) == n:
        return [f"p{i + 1} {names[i]}" for i in range(n)]
    return [f"p{i + 1}" for i in range(n)]


def test_bad_beat_in_detail() -> None:
    r = replay("--all", str(BAD_BEAT))
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert out.startswith(f"{BAD_BEAT}: F2L3D (3 draws), event 2019 WSOP Event #58")
    assert "blinds 75000/150000, 4 players, 26 actions" in out
    # unknown cards stay unknown: never the stand-ins the replay deals for them
    assert "  p2 Player 2 is dealt ?? ?? ?? ?? ??" in out
    assert "  p1 Player 1 is dealt 7h 6c 4c 3d 2c" in out
    assert "[6/26] (line 18) p4 cbr 300000\n  p4 Player 4 raises to 300000\n" in out
    assert "  p4 Player 4 discards 6s and draws 7c" in out
    assert "  p1 Player 1 shows 7h 6c 4c 3d 2c: 7-6-4-3-2: number two" in out
    assert "  p4 Player 4 shows 5c 3c 2h 4d 7c: 7-5-4-3-2: number one (the wheel)" in out
    assert "  p4 Player 4 wins 2510000" in out
    # the table after an action: whose turn, stacks, bets, draws
    table = out[out.index("[23/26]"):out.index("[24/26]")]
    assert "p1 Player 1 bets 280000" in table
    assert re.search(r"^    p1 Player 1 SB\s+0 280000  all in  pat pat pat 7h 6c 4c 3d 2c$", table, re.M)
    assert re.search(r"^  > p4 Player 4 D\s+9865000\s+2 1 1\s+7c 5c 4d 3c 2h$", table, re.M)
    assert re.search(r"^    p2 Player 2 BB\s+4190000\s+folded  - - -$", table, re.M)


def test_stepping_with_enter_and_q() -> None:
    r = replay(str(SINGLE), input="\n\n\nq\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert out.count("Enter for the next action, q to stop") == 4
    assert "[4/12] (line 12) p3 cbr 30" in out
    assert "[5/12]" not in out
    assert "finishing stacks" not in out


def test_stepping_to_the_end_and_input_ending() -> None:
    full = replay(str(SINGLE), input="\n" * 12)
    assert full.exit_code == 0, full.output
    assert full.output.count("Enter for the next action") == 12
    assert "finishing stacks: p1 600, p2 490, p3 410" in full.output
    # When the input ends, the rest is shown at once.
    short = replay(str(SINGLE), input="\n")
    assert short.exit_code == 0, short.output
    assert short.output.count("Enter for the next action") == 2
    assert "[12/12] (line 20) p3 f" in short.output
    assert "finishing stacks: p1 600, p2 490, p3 410" in short.output


def test_single_draw_no_limit_hand() -> None:
    r = replay("-a", str(SINGLE))
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "  p3 raises to 30" in out
    assert "  p1 raises to 90" in out
    assert "  p3 discards 9s and draws Kh" in out
    assert "  p1 bets 100" in out
    assert "  p1 takes back 100 uncalled" in out
    assert "  p1 wins 190" in out


def _write(tmp_path: Path, actions: list[str], name: str = "bad.phh") -> Path:
    body = "\n".join(f'  "{a}",' for a in actions)
    path = tmp_path / name
    path.write_text(
        'variant = "F2L3D"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
        "small_bet = 2\nbig_bet = 4\nstarting_stacks = [100, 100]\nactions = [\n"
        f"{body}\n]\n"
    )
    return path


def test_an_illegal_action_names_its_line(tmp_path: Path) -> None:
    path = _write(tmp_path, ["d dh p1 7s5h4d3c2s", "d dh p2 KsQsJsTs9s", "p1 cc"])
    r = replay("--all", str(path))
    assert r.exit_code == 2
    assert r.stdout == ""  # with --all nothing but the error
    assert f"lowball replay: {path}: line 10, action 3 'p1 cc': p1 acts out of turn" in r.stderr
    # Stepping shows the steps before the bad one, then stops with the error.
    r = replay(str(path), input="\n\n\n")
    assert r.exit_code == 2
    assert "[2/3] (line 9) d dh p2 KsQsJsTs9s" in r.stdout
    assert "line 10, action 3 'p1 cc'" in r.stderr


def test_bad_files_exit_2(tmp_path: Path) -> None:
    r = replay(str(tmp_path / "missing.phh"))
    assert r.exit_code == 2
    assert "lowball replay:" in r.stderr and "cannot read" in r.stderr
    garbage = tmp_path / "garbage.phh"
    garbage.write_text("this is = = not toml\n")
    r = replay("--all", str(garbage))
    assert r.exit_code == 2
    assert "not a PHH file" in r.stderr
    holdem = tmp_path / "holdem.phh"
    holdem.write_text('variant = "NT"\nstarting_stacks = [1, 2]\nactions = []\n')
    r = replay("--all", str(holdem))
    assert r.exit_code == 2
    assert "variant 'NT' is not a 2-7 draw game" in r.stderr
    malformed = _write(tmp_path, ["d dh p1 7s5h4d3c2s", "d dh p2 KsQsJsTs9s", "p2 jump"], "m.phh")
    r = replay("--all", str(malformed))
    assert r.exit_code == 2
    assert "line 10, action 3 'p2 jump': not a PHH action" in r.stderr
    r = replay()
    assert r.exit_code == 2
    assert "Missing argument 'FILE'" in r.stderr


def test_help_explains_every_option() -> None:
    r = replay("--help")
    assert r.exit_code == 0
    assert "--all" in r.stdout and "--help" in r.stdout
    assert "Enter" in r.stdout and "line" in r.stdout

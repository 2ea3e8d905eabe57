"""`lowball replay`: every real hand in tests/data/phh, stepping with Enter, errors naming the
line, and unknown cards shown as ??."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from lowball import phh
from lowball.cli import main

PHH_DIR = Path(__file__).parents[1] / "data" / "phh"
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
    stacks_line = "finishing stacks: " + ", ".join(f"{label} {s}" for label, s in zip(_labels(hist), final.stacks))
    assert stacks_line in out
    won = "won from the pots: " + ", ".join(f"{label} {w}" for label, w in zip(_labels(hist), final.winnings))
    if hist.finishing_stacks is not None:
        assert out.endswith(f"{stacks_line}\n{won}\nthe file's finishing_stacks match the replay\n")
    else:  # the fpdb fixture records the chips won instead
        assert out.endswith(f"{stacks_line}\n{won}\nthe file's winnings match the replay\n")
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
    assert out.startswith(
        f"{BAD_BEAT}: 2-7 triple draw, fixed limit 150000/300000 (F2L3D), event 2019 WSOP Event #58, day 28,"
        " month 6, year 2019\nblinds 75000/150000, 4 players, 26 actions\n"
    )
    # unknown cards stay unknown: never the stand-ins the replay deals for them
    assert "  p2 Player 2 is dealt ?? ?? ?? ?? ??" in out
    assert "  p1 Player 1 is dealt 7h 6c 4c 3d 2c" in out
    assert "[6/26] (line 18) p4 cbr 300000\n  p4 Player 4 raises to 300000\n" in out
    assert "[21/26] (line 33) p4 sd 6s\n  p4 Player 4 discards 6s\n[22/26]" in out
    assert "[22/26] (line 34) d dh p4 7c\n  p4 Player 4 draws 7c\n  -- betting round 4 --\n" in out
    assert "  p1 Player 1 shows 7h 6c 4c 3d 2c: 7-6-4-3-2: number two" in out
    assert "  p4 Player 4 shows 7c 5c 4d 3c 2h: 7-5-4-3-2: number one (the wheel)" in out
    assert "  p4 Player 4 wins 2510000" in out
    # the table after an action: whose turn, stacks, bets, draws
    table = out[out.index("[23/26]") : out.index("[24/26]")]
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


def test_stepping_refuses_anything_but_enter_and_q() -> None:
    r = replay(str(SINGLE), input="\nnext\n  \nQuit\n")
    assert r.exit_code == 0, r.output
    out = r.output
    prompt = "Enter for the next action, q to stop> "
    assert out.count(prompt) == 4
    assert out.count(prompt + "next\n  only Enter goes on to the next action; q stops\n" + prompt + "  \n[3/12]") == 1
    assert "[3/12] (line 11) d dh p3 9s8h6c3d2h" in out
    assert "[4/12]" not in out
    assert out.endswith(prompt + "Quit\n")


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
    assert "[9/12] (line 17) p3 sd 9s\n  p3 discards 9s\n[10/12]" in out
    assert "[10/12] (line 18) d dh p3 Kh\n  p3 draws Kh\n  -- betting round 2 --\n" in out
    assert "  p1 bets 100" in out
    assert "  p1 takes back 100 uncalled" in out
    assert "  p1 wins 190" in out


TABLE_HEAD = re.compile(r"2-7 (triple|single) draw, (fixed|pot|no) limit: ")


def _steps(out: str) -> list[tuple[str, list[str], bool]]:
    """Each step of a replay's output: its PHH action, the lines that tell what it did, and
    whether the table follows."""
    steps = []
    for block in re.split(r"^(?=\[\d+/\d+\])", out, flags=re.M)[1:]:
        head, *rest = block.splitlines()
        told = []
        for line in rest:
            if not line.startswith("  ") or line.startswith(("    ", "  > ")):
                break
            told.append(line[2:])
        table = any(TABLE_HEAD.match(line) for line in rest)
        action = re.sub(r"^\[\d+/\d+\](?: \(line \d+\))? ", "", head)
        steps.append((action, told, table))
    return steps


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_each_step_tells_what_its_own_line_did(path: Path) -> None:
    """Dealt cards with their d dh line, discards with sd, drawn cards with the d dh line after
    the discard, hands shown or mucked with sm; each event once, and no table while the engine
    has dealt cards the file has not recorded yet."""
    hist = phh.load(path)
    r = replay("--all", str(path))
    assert r.exit_code == 0, r.output
    steps = _steps(r.stdout)
    assert [a for a, _, _ in steps] == [a.strip() for a in hist.actions]
    labels = _labels(hist)
    verbs = ("is dealt", "draws", "discards", "stands pat", "shows", "mucks")
    for action, told, table in steps:
        words = action.split("#")[0].split()
        seat = words[2] if words[0] == "d" else words[0]
        for line in told:
            label = next((lb for lb in labels if line.startswith(lb + " ")), None)
            verb = next((v for v in verbs if label and line[len(label) + 1 :].startswith(v)), None)
            if verb is None:
                continue  # blinds, bets, rounds and wins: counted below
            who = label.split()[0] if label else ""
            if verb in ("is dealt", "draws"):
                assert words[:3] == ["d", "dh", who], (action, line)
            elif verb in ("discards", "stands pat"):
                assert words[:2] == [who, "sd"], (action, line)
            else:
                assert words[:2] == [who, "sm"], (action, line)
                assert (verb == "mucks") == (words[2:] in ([], ["-"])), (action, line)
        if words[0] == "d" or words[1] in ("sd", "sm"):  # it tells its own player's cards
            assert any(line.startswith(labels[int(seat[1:]) - 1] + " ") for line in told), action
        if words[1] == "sd" and len(words) > 2:
            assert not table, action  # the cards drawn are the next d dh line's to tell
    told_all = [line for _, told, _ in steps for line in told]
    final = hist.play()
    events = final.events
    # each event told once
    wins = [e for e in events if e.kind == "win"]
    assert len([x for x in told_all if re.search(r" wins \d+", x)]) == len(wins)
    assert len([x for x in told_all if x.startswith("-- ")]) == len(
        [e for e in events if e.kind in ("round", "draw_round")]
    )
    assert len([x for x in told_all if " is dealt " in x]) == len(hist.starting_stacks)
    draws = [e for e in events if e.kind == "draw"]
    assert len([x for x in told_all if " draws " in x]) == len(draws)
    assert len([x for x in told_all if " discards " in x]) == len(draws)
    assert len([x for x in told_all if re.search(r" (shows|mucks) ", x)]) == len(final.shown)
    # the last step leaves nothing untold: the table closes the hand
    assert steps[-1][2]


def test_the_deal_draw_and_showdown_of_the_bad_beat_step_by_step() -> None:
    out = replay("--all", str(BAD_BEAT)).stdout
    steps = _steps(out)
    # The engine deals every hand before the first action; each deal line tells its own.
    assert steps[0][1] == [
        "p1 Player 1 posts a blind of 75000",
        "p2 Player 2 posts a blind of 150000",
        "p1 Player 1 is dealt 7h 6c 4c 3d 2c",
    ]
    assert steps[1][1] == ["p2 Player 2 is dealt ?? ?? ?? ?? ??"]
    assert steps[3][1] == ["p4 Player 4 is dealt As Qs 6s 5c 3c", "-- betting round 1 --"]
    assert [s[2] for s in steps[:4]] == [False, False, False, True]
    # p4 sd AsQs, then d dh p4 2hQh: the new cards and the next round with the deal line.
    assert steps[10] == ("p4 sd AsQs", ["p4 Player 4 discards As Qs"], False)
    assert steps[11] == ("d dh p4 2hQh", ["p4 Player 4 draws 2h Qh", "-- betting round 2 --"], True)
    # The last call ends the betting and the hand waits at the showdown (the table is shown);
    # the hands are told with their sm lines, the pot with the last of them.
    assert steps[23] == ("p4 cc", ["p4 Player 4 calls (280000 in this round)"], True)
    assert steps[24] == ("p1 sm 7h6c4c3d2c", ["p1 Player 1 shows 7h 6c 4c 3d 2c: 7-6-4-3-2: number two"], True)
    assert steps[25] == (
        "p4 sm 2h4d7c5c3c",
        ["p4 Player 4 shows 7c 5c 4d 3c 2h: 7-5-4-3-2: number one (the wheel)", "p4 Player 4 wins 2510000"],
        True,
    )
    assert "hand complete" in out[out.index("[26/26]") :]


def test_discards_then_deals_written_in_a_block() -> None:
    """pokerkit writes a draw's discards first, then all its deals: each line still tells its
    own, and the second betting round begins with the last deal."""
    path = PHH_DIR / "wsop-2023-event43-final-table" / "45_02_01_50.phh"
    steps = _steps(replay("--all", str(path)).stdout)
    assert steps[10:16] == [
        ("p2 sd JsJd", ["p2 discards Js Jd"], False),
        ("p5 sd 9h", ["p5 discards 9h"], False),
        ("d dh p2 Qh8c", ["p2 draws Qh 8c"], False),
        # both all in: the hand waits at the showdown for the file's sm lines
        ("d dh p5 4s", ["p5 draws 4s", "-- betting round 2 --"], True),
        ("p2 sm 8d5h3hQh8c", ["p2 shows Qh 8c 8d 5h 3h: 8-8-Q-5-3: pair of eights"], True),
        ("p5 sm Ts9s4d2c4s", ["p5 shows Ts 9s 4d 4s 2c: 4-4-T-9-2: pair of fours", "p5 wins 1850000"], True),
    ]


def test_a_mucked_hand_is_told_with_its_sm_line() -> None:
    path = PHH_DIR / "wsop-2023-event43-final-table" / "57_02_36_12.phh"
    steps = _steps(replay("--all", str(path)).stdout)
    assert steps[-2] == ("p5 sm 7h3d2s5c6h", ["p5 shows 7h 6h 5c 3d 2s: 7-6-5-3-2: number three"], True)
    # a mucked hand is given up unseen (WSOP-TR 72): the replay does not tell its cards
    assert steps[-1] == ("p2 sm", ["p2 mucks", "p5 wins 4625000"], True)


def test_a_showdown_the_file_does_not_record_is_told_with_the_call(tmp_path: Path) -> None:
    """Without sm lines nothing in the file records the showdown: it is told with the action
    that caused it, the last call."""
    hist = phh.load(BAD_BEAT)
    body = "\n".join(f'  "{a}",' for a in hist.actions[:24])
    path = tmp_path / "no_show.phh"
    text = BAD_BEAT.read_text()
    path.write_text(text[: text.index("actions = [")] + f"actions = [\n{body}\n]\n")  # no names
    steps = _steps(replay("--all", str(path)).stdout)
    assert len(steps) == 24
    assert steps[-1] == (
        "p4 cc",
        [
            "p4 calls (280000 in this round)",
            "p1 shows 7h 6c 4c 3d 2c: 7-6-4-3-2: number two",
            "p4 shows 7c 5c 4d 3c 2h: 7-5-4-3-2: number one (the wheel)",
            "p4 wins 2510000",
        ],
        True,
    )


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
    assert r.stderr == f"lowball replay: {tmp_path / 'missing.phh'}: no such file\n"
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
    assert r.stderr == "lowball replay: missing argument FILE (see lowball replay --help)\n"


def test_an_empty_path_a_directory_or_a_missing_file(tmp_path: Path) -> None:
    for args, message in (
        ([""], "FILE is '': give the path of a PHH file (lowball replay hand.phh)"),
        (["-a", "  "], "  : no such file"),  # blanks are a legal name, not an empty path
        (
            [str(tmp_path)],
            f"{tmp_path} is a directory: give the path of a PHH file (lowball replay {tmp_path}/hand.phh)",
        ),
        ([str(tmp_path / "none.phh")], f"{tmp_path}/none.phh: no such file"),
    ):
        r = replay(*args)
        assert r.exit_code == 2
        assert r.stdout == ""
        assert r.stderr == f"lowball replay: {message}\n"
    long_name = "a" * 300  # longer than a file name may be: still "no such file", not a stream error
    r = replay("--all", long_name)
    assert (r.exit_code, r.stderr) == (2, f"lowball replay: {long_name}: no such file\n")
    # the library says the same
    with pytest.raises(phh.PHHError) as e:
        phh.load("")
    assert str(e.value) == "path '' is empty: expected the path of a PHH file"
    with pytest.raises(phh.PHHError) as e:
        phh.load(tmp_path)
    assert str(e.value) == f"{tmp_path} is a directory: expected a PHH file"


def test_the_header_names_the_game_and_its_stakes() -> None:
    path = PHH_DIR / "wsop-2023-event43-final-table" / "41_01_53_52.phh"
    r = replay("--all", str(path))
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[:3] == [
        f"{path}: 2-7 single draw, no limit (N2L1D), event 2023 World Series of Poker Event #43: $50,000 Poker "
        "Players Championship | Day 5",
        "blinds 50000/100000, big blind ante 150000, 5 players, 10 actions",
        "starting stacks: p1 7250000, p2 2850000, p3 4800000, p4 475000, p5 14325000",
    ]
    assert "2-7 single draw, no limit: betting round 1 of 2, pot 300000" in r.stdout
    r = replay("--all", str(PHH_DIR / "fixtures" / "triple_draw_all_in_runout.phh"))
    assert r.stdout.splitlines()[:2] == [
        f"{PHH_DIR / 'fixtures' / 'triple_draw_all_in_runout.phh'}: 2-7 triple draw, fixed limit 2/4 (F2L3D)",
        "blinds 1/2, 2 players, 15 actions",
    ]


def _hand(tmp_path: Path, actions: list[str], extra: str = "", variant: str = "F2L3D") -> Path:
    """A heads-up hand: p1 7s5h4d3c2s against p2 KsQsJsTs9s, the given actions after the deal."""
    body = "\n".join(f'  "{a}",' for a in ["d dh p1 7s5h4d3c2s", "d dh p2 KsQsJsTs9s", *actions])
    path = tmp_path / "hand.phh"
    betting = "small_bet = 2\nbig_bet = 4\n" if variant[0] == "F" else "min_bet = 2\n"
    path.write_text(
        f'variant = "{variant}"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n{betting}'
        f"starting_stacks = [100, 100]\nactions = [\n{body}\n]\n{extra}"
    )
    return path


def test_the_header_names_a_minimum_bet_other_than_the_big_blind(tmp_path: Path) -> None:
    r = replay("--all", str(_hand(tmp_path, FOLD, variant="N2L1D")))
    assert r.stdout.splitlines()[:2] == [
        f"{tmp_path / 'hand.phh'}: 2-7 single draw, no limit (N2L1D)",
        "blinds 1/2, 2 players, 3 actions",
    ]
    path = _hand(tmp_path, FOLD, variant="P2L3D")
    path.write_text(path.read_text().replace("min_bet = 2", "min_bet = 4"))
    r = replay("--all", str(path))
    assert r.stdout.splitlines()[:2] == [
        f"{path}: 2-7 triple draw, pot limit (P2L3D)",
        "blinds 1/2, minimum bet 4, 2 players, 3 actions",
    ]


def _tail(path: Path, lines: int) -> list[str]:
    r = replay("--all", str(path))
    assert r.exit_code == 0, r.output
    return r.stdout.splitlines()[-lines:]


FOLD = ["p2 f"]  # p2 (the small blind, first to act heads-up) folds: p1 wins 3, takes back 1


def test_the_footer_checks_winnings(tmp_path: Path) -> None:
    assert _tail(_hand(tmp_path, FOLD, "winnings = [2, 0]\n"), 3) == [
        "finishing stacks: p1 101, p2 99",
        "won from the pots: p1 2, p2 0",
        "the file's winnings match the replay",
    ]
    # a file whose winnings disagree with the replay is refused like one whose finishing_stacks
    # do (exit 2, naming both), and one whose winnings are not whole numbers when it is read
    path = _hand(tmp_path, FOLD, "winnings = [3, 1]\n")
    r = replay("--all", str(path))
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (
        f"lowball replay: {path}: line 10, action 3 'p2 f': the hand ends with winnings [2, 0], "
        "but the file's winnings = [3, 1]\n"
    )
    path = _hand(tmp_path, FOLD, 'winnings = [2, "x"]\n')
    r = replay("--all", str(path))
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == f"lowball replay: {path}: field 'winnings' = [2, 'x']: expected a list of whole numbers\n"
    assert _tail(_hand(tmp_path, FOLD, "winnings = [2, 0]\nfinishing_stacks = [101, 99]\n"), 2) == [
        "the file's finishing_stacks match the replay",
        "the file's winnings match the replay",
    ]


def test_the_footer_says_when_nothing_is_checked_or_the_hand_is_incomplete(tmp_path: Path) -> None:
    assert _tail(_hand(tmp_path, FOLD), 3) == [
        "finishing stacks: p1 101, p2 99",
        "won from the pots: p1 2, p2 0",
        "the file records neither finishing_stacks nor winnings: the result is not checked",
    ]
    assert _tail(_hand(tmp_path, ["p2 cc", "p1 cc"], "winnings = [4, 0]\n"), 2) == [
        "the hand is incomplete: the hand history ends in draw 1 of 3, before the pots are won, so there is "
        "no result to check",
        "stacks where it ends: p1 98, p2 98",
    ]
    assert _tail(_hand(tmp_path, ["p2 cbr 6"], variant="N2L1D"), 2) == [
        "the hand is incomplete: the hand history ends in betting round 1 of 2, before the pots are won, so "
        "there is no result to check",
        "stacks where it ends: p1 98, p2 94",
    ]
    empty = tmp_path / "empty.phh"
    empty.write_text(
        'variant = "F2L3D"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n'
        "starting_stacks = [100, 100]\nactions = []\n"
    )
    r = replay("--all", str(empty))
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == f"lowball replay: {empty}: the first actions must deal five cards to each of p1..p2\n"


def test_help_explains_every_option() -> None:
    r = replay("--help")
    assert r.exit_code == 0
    assert "--all" in r.stdout and "--help" in r.stdout
    assert "Enter" in r.stdout and "line" in r.stdout
    text = " ".join(r.stdout.split())
    assert "The first lines name the game and its stakes (2-7 triple draw, fixed limit 2/4)" in text
    assert (
        "whether they match the file's finishing_stacks and winnings (or that the file records neither, and "
        "nothing was checked); a history that stops before the pots are won is told as incomplete." in text
    )


def test_table_columns_line_up_with_short_names() -> None:
    """Names shorter than the "player" heading (p1 .. p5) must not shift the columns."""
    path = PHH_DIR / "wsop-2023-event43-final-table" / "41_01_53_52.phh"
    r = replay("--all", str(path))
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("    player"))
    header, small_blind, big_blind = lines[k], lines[k + 1], lines[k + 2]
    assert small_blind.startswith("    p1     SB")
    for row, stack, bet in ((small_blind, "7200000", "50000"), (big_blind, "2600000", "100000")):
        assert row.index(stack) + len(stack) == header.index("stack") + len("stack")
        assert row.index(bet, row.index(stack) + len(stack)) + len(bet) == header.index("bet") + len("bet")
        assert row.index(" BB" if row is big_blind else " SB") == header.index("player") + len("player")


def test_input_saved_with_a_byte_order_mark() -> None:
    """Piped answers from a file saved with a byte-order mark: q still stops at once."""
    r = replay(str(SINGLE), input="\ufeffq\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("Enter for the next action, q to stop") == 1 and "[2/12]" not in r.output

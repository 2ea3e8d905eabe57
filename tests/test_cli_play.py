"""`lowball play`: scripted games to the end of several hands, every kind of wrong entry
re-prompted with its reason, quitting, going broke, and bad options."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from lowball import parse_cards
from lowball.bots import Action
from lowball.cli import main
from lowball.cli.play import parse_command
from lowball.cli.render import sorted_hand
from lowball.engine import LegalActions

# Wrong two times in three on purpose: "c" is refused in a draw, "p" in a betting round and an
# empty line at both, and between hands only the empty line deals the next one; so this plays
# every hand by calling or checking and standing pat, whatever the bots do.
CALL_AND_PAT = "c\np\n\n" * 200


def play(*args: str, input: str):  # noqa: A002
    return CliRunner().invoke(main, ["play", *args], input=input)


def test_heads_up_wrong_entries_are_refused_with_the_reason() -> None:
    # Seed 1 heads-up: the bot (button, small blind) calls; you are the big blind.
    script = "f\np\nx\nf\nd 9\nd Zz\nd 1 1\nd 9c\nd\n?\nd 1 2\nx\nb 3\nr 5\nq\n"
    r = play("--players", "2", "--seed", "1", input=script)
    assert r.exit_code == 0, r.output
    out = r.output
    expected_in_order = [
        "2-7 triple draw, fixed limit: 2 players, 200 chips each. You are hero (seat 1).",
        "=== Hand 1: button sensible2; stacks hero 200, sensible2 200 ===",
        "hero is dealt Js Th Qc 6d 2c",
        "sensible2 calls (2 in this round)",
        "  > hero      BB     198   2                      Qc Js Th 6d 2c",
        "Your hand: 1:Qc  2:Js  3:Th  4:6d  5:2c   (Q-J-T-6-2: Q-J low)",
        "x check, r 4 raise to 4 (fixed limit)",
        "there is no bet to fold to: check with x",
        "you can stand pat only in a draw; now it is a betting round",
        "hero checks",
        "-- draw 1 --",
        "2-7 triple draw, fixed limit: draw 1 of 3, pot 4",
        "discard: d 9h Kd (cards) or d 1 4 (places in your hand); p to stand pat",
        "it is the draw: discard with d (d 9h Kd or d 1 4) or stand pat with p",
        "no card at place 9: places are 1 to 5",
        "'Zz' is not a card",
        "a place is named twice",
        "you do not hold 9c: your hand is Qc Js Th 6d 2c",
        "name the cards to discard (d 9h Kd, or d 1 4 by place), or stand pat with p",
        "d 9h Kd    discard these cards       d 1 4   discard the 1st and 4th card shown",
        "hero discards Qc Js and draws 9d Kd",
        "sensible2 draws 2",
        "-- betting round 2 --",
        "Your hand: 1:Kd  2:Th  3:9d  4:6d  5:2c   (K-T-9-6-2: K-T low)",
        "hero checks",
        "sensible2 bets 2",
        "f fold, c call 2, r 4 raise to 4 (fixed limit)",
        "there is a bet already: raise with r, call with c",
        "you cannot raise to 5: allowed 4",
        "You leave after 0 hands (leaving the hand in play) with 198 chips (-2).",
    ]
    pos = 0
    for text in expected_in_order:
        found = out.find(text, pos)
        assert found >= 0, f"{text!r} not found after position {pos}:\n{out}"
        pos = found + len(text)
    # How many cards the opponent drew is on the table.
    assert re.search(r"^    sensible2 D/SB\s+198\s+2\s*$", out, re.M)


def test_several_hands_to_the_end_with_the_button_moving() -> None:
    r = play("--players", "3", "--seed", "2", input=CALL_AND_PAT + "q\n")
    assert r.exit_code == 0, r.output
    out = r.output
    heads = re.findall(r"^=== Hand (\d+): button (\S+); stacks (.*) ===$", out, re.M)
    assert len(heads) >= 5
    assert [int(h[0]) for h in heads] == list(range(1, len(heads) + 1))
    # the button moves one seat clockwise every hand
    buttons = [h[1] for h in heads]
    cycle = ["sensible3", "hero", "sensible2"]
    assert buttons == [cycle[k % 3] for k in range(len(heads))]
    # chips are kept: every hand starts with 600 on the table (bots may have bought in again)
    rebuys = len(re.findall(r"buys in again for 200", out))
    for h in heads:
        stacks = [int(x) for x in re.findall(r" (\d+)(?:,|$)", h[2])]
        assert len(stacks) == 3
        assert sum(stacks) <= 600 + 200 * rebuys
    assert heads[0][2] == "hero 200, sensible2 200, sensible3 200"
    assert heads[1][2] == "hero 192, sensible2 208, sensible3 200"
    # every finished hand has its result, and showdowns show each hand with its description
    finished = len(re.findall(r"^--- Hand \d+ result ---$", out, re.M))
    assert finished >= len(heads) - 1
    assert "hero shows 3d 8s 6h 6c Qs: 6-6-Q-8-3: pair of sixes" in out
    assert "sensible2 shows 5d 3c 2s 7h 5s: 5-5-7-3-2: pair of fives" in out
    assert "sensible2 wins 16" in out
    assert re.search(r"^You leave after \d+ hands with \d+ chips \([+-]\d+\)\.$", out, re.M)


def test_the_same_seed_and_input_give_the_same_game() -> None:
    a = play("--players", "4", "--seed", "5", input=CALL_AND_PAT)
    b = play("--players", "4", "--seed", "5", input=CALL_AND_PAT)
    assert a.exit_code == b.exit_code == 0
    assert a.output == b.output
    assert "=== Hand 3:" in a.output


def test_play_until_broke() -> None:
    r = play("--players", "2", "--stack", "4", "--seed", "1", input=CALL_AND_PAT)
    assert r.exit_code == 0, r.output
    out = r.output
    assert "=== Hand 2: button hero; stacks hero 6, sensible2 2 ===" in out
    assert out.rstrip().endswith("hero is out of chips.\nYou leave after 3 hands with 0 chips (-4).")


def test_quit_between_hands_and_a_broke_bot_buys_in_again() -> None:
    r = play("--players", "2", "--stack", "4", "--seed", "2", input=CALL_AND_PAT)
    assert r.exit_code == 0, r.output
    assert "sensible2 is broke and buys in again for 4" in r.output
    r = play("--players", "3", "--seed", "2", "--name", "Ann", input="f\nq\n")
    assert r.exit_code == 0, r.output
    assert "You are Ann (seat 1)." in r.output
    assert "Ann folds" in r.output
    assert "--- Hand 1 result ---" in r.output
    assert r.output.rstrip().endswith("You leave after 1 hand with 199 chips (-1).")


def test_between_hands_only_enter_continues() -> None:
    """At "Enter for the next hand, q to quit" anything but an empty line or q/quit is refused
    and asked again; it never starts the next hand."""
    r = play("--players", "3", "--seed", "2", input="f\nyes\nc\n  \nf\nn\nQuit\n")
    assert r.exit_code == 0, r.output
    out = r.output
    prompt = "Enter for the next hand, q to quit> "
    refused = "  only Enter goes on to the next hand; q quits"
    # hand 1: "yes" and "c" refused, then an empty line (spaces only) deals hand 2
    first = out[out.index("--- Hand 1 result ---") : out.index("=== Hand 2:")]
    assert first.count(prompt) == 3
    assert first.count(refused) == 2
    assert "=== Hand 2: button hero; stacks hero 199, sensible2 201, sensible3 200 ===" in out
    assert "=== Hand 3:" not in out
    # hand 2: "n" refused, then Quit
    second = out[out.index("--- Hand 2 result ---") :]
    assert second.count(prompt) == 2 and second.count(refused) == 1
    assert out.rstrip().endswith(prompt + "Quit\nYou leave after 2 hands with 199 chips (-1).")


def test_no_limit_amounts() -> None:
    r = play("-v", "N2L1D", "-n", "2", "--seed", "1", input="r\nr 3\nr 500\nr x\nb 5\nr 10\nq\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "x check, r N raise to 4..200" in out
    assert "say how much: r N, the total to raise to, from 4 to 200" in out
    assert "you cannot raise to 3: allowed 4 to 200" in out
    assert "you cannot raise to 500: allowed 4 to 200" in out
    assert "'r x': expected r and a whole number of chips (4 to 200)" in out
    assert "hero raises to 10" in out
    assert "sensible2 calls (10 in this round)" in out
    assert "2-7 single draw, no limit: draw 1 of 1, pot 20" in out
    assert "You leave after 0 hands (leaving the hand in play) with 190 chips (-10)." in out


def test_input_ending_quits() -> None:
    r = play("-n", "2", "--seed", "1", input="")
    assert r.exit_code == 0
    assert "You leave after 0 hands (leaving the hand in play) with 198 chips (-2)." in r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "7"], "7 is not allowed: expected a whole number 2..6"),
        (["--variant", "F2L2D"], "'F2L2D' is not a variant code: expected one of F2L1D, F2L3D, N2L1D"),
        (["--bots", "shark"], "lowball play: --bots: unknown bot 'shark'"),
        (["--stack", "0"], "0 is not allowed: expected a whole number >= 1"),
    ],
)
def test_bad_options_exit_2(args: list[str], message: str) -> None:
    r = play(*args, input="q\n")
    assert r.exit_code == 2
    assert message in r.stderr


def test_help_explains_every_option() -> None:
    r = CliRunner().invoke(main, ["play", "--help"])
    assert r.exit_code == 0
    for opt in ("--variant", "--players", "--stack", "--seed", "--bots", "--name", "--help"):
        assert opt in r.stdout
    for key in ("d 9h Kd", "d 1 4", "stand pat", "raise to 40"):
        assert key in r.stdout


# -- parse_command on its own --------------------------------------------------------------

BETTING_FACING = LegalActions(0, "betting", fold=True, call=True, call_amount=2, raise_=True, min_to=4, max_to=4)
BETTING_OPEN = LegalActions(0, "betting", check=True, bet=True, min_to=2, max_to=50)
DRAWING = LegalActions(0, "drawing", draw=True, max_discards=5)
HAND = sorted_hand(parse_cards("2c 9h Kd 5s 3c"))


@pytest.mark.parametrize(
    ("text", "legal", "action"),
    [
        ("f", BETTING_FACING, Action.fold()),
        ("FOLD", BETTING_FACING, Action.fold()),
        ("c", BETTING_FACING, Action.call()),
        ("c", BETTING_OPEN, Action.check()),
        ("x", BETTING_OPEN, Action.check()),
        ("r", BETTING_FACING, Action.raise_to(4)),
        ("r 4", BETTING_FACING, Action.raise_to(4)),
        ("b 20", BETTING_OPEN, Action.bet(20)),
        ("  bet   50 ", BETTING_OPEN, Action.bet(50)),
        ("d 9h Kd", DRAWING, Action.discard(parse_cards("9h Kd"))),
        ("d 9H kd", DRAWING, Action.discard(parse_cards("9h Kd"))),
        ("d 1 2", DRAWING, Action.discard(parse_cards("Kd 9h"))),
        ("p", DRAWING, Action.stand_pat()),
    ],
)
def test_parse_command_actions(text: str, legal: LegalActions, action: Action) -> None:
    cmd = parse_command(text, legal, HAND)
    assert cmd.kind == "action"
    assert cmd.action == action


@pytest.mark.parametrize(
    ("text", "legal", "error"),
    [
        ("", BETTING_OPEN, "type an action (? for help)"),
        ("zap", BETTING_OPEN, "unknown entry 'zap' (? for help)"),
        ("f", BETTING_OPEN, "there is no bet to fold to: check with x"),
        ("x", BETTING_FACING, "you cannot check: 2 to call (c to call, f to fold)"),
        ("b", BETTING_OPEN, "say how much: b N, the total to bet to, from 2 to 50"),
        ("b 1", BETTING_OPEN, "you cannot bet to 1: allowed 2 to 50"),
        ("r 4", BETTING_OPEN, "there is no bet to raise: bet with b"),
        ("b 4", BETTING_FACING, "there is a bet already: raise with r, call with c"),
        ("d 1", BETTING_OPEN, "you can discard only in a draw; now it is a betting round"),
        ("c", DRAWING, "it is the draw: discard with d (d 9h Kd or d 1 4) or stand pat with p"),
        ("p 1", DRAWING, "p takes nothing after it: it keeps all five cards"),
        ("d 0", DRAWING, "no card at place 0: places are 1 to 5"),
        ("d Ah", DRAWING, "you do not hold Ah: your hand is Kd 9h 5s 3c 2c"),
        ("d Kd Kd", DRAWING, "card Kd appears twice in Kd Kd (d 9h Kd, or d 1 4 by place)"),
    ],
)
def test_parse_command_errors(text: str, legal: LegalActions, error: str) -> None:
    cmd = parse_command(text, legal, HAND)
    assert cmd.kind == "error"
    assert cmd.error == error


def test_parse_command_quit_and_help() -> None:
    assert parse_command("q", DRAWING, HAND).kind == "quit"
    assert parse_command("?", BETTING_OPEN, HAND).kind == "help"
    capped = LegalActions(0, "betting", fold=True, call=True, call_amount=4)
    assert "you may not raise now" in parse_command("r", capped, HAND).error


def test_input_saved_with_a_byte_order_mark() -> None:
    """Piped entries from a file saved with a byte-order mark read as without it."""
    plain = play("--players", "2", "--seed", "1", input="x\nq\n")
    marked = play("--players", "2", "--seed", "1", input="\ufeffx\nq\n")
    assert plain.exit_code == marked.exit_code == 0, marked.output
    assert "hero checks" in plain.output and "unknown entry" not in plain.output
    assert marked.output.replace("\ufeff", "", 1) == plain.output  # the test runner echoes the input

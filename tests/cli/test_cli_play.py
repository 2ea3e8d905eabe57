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
    """``lowball play`` with ``args``; against the sensible bots unless ``--bots`` is given (the
    scripted games here were written against their play; the default, solid, is tested in
    tests/test_solid_matches.py)."""
    bots = [] if "--bots" in args else ["--bots", "sensible"]
    return CliRunner().invoke(main, ["play", *bots, *args], input=input)


def test_heads_up_wrong_entries_are_refused_with_the_reason() -> None:
    # Seed 1 heads-up: the bot (button, small blind) calls; you are the big blind.
    script = "f\np\nx\nf\nd 9\nd Zz\nd 1 1\nd 9c\nd\n?\nd 1 2\nx\nb 3\nr 5\nq\n"
    r = play("--players", "2", "--seed", "1", input=script)
    assert r.exit_code == 0, r.output
    out = r.output
    expected_in_order = [
        "2-7 triple draw, fixed limit: 2 players, 200 chips each. You are hero (seat 1).",
        "=== Hand 1: button sensible2; stacks hero 200, sensible2 200 ===",
        "hero is dealt Qc Js Th 6d 2c",
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
        "d 9h Kd   discard these cards       d 1 4     discard the 1st and 4th card",
        "hero discards Qc Js and draws 9d Kd",
        "sensible2 draws 2",
        "-- betting round 2 --",
        "Your hand: 1:Kd  2:Th  3:9d  4:6d  5:2c   (K-T-9-6-2: K-T low)",
        "hero checks",
        "sensible2 bets 2",
        "f fold, c call 2, r 4 raise to 4 (fixed limit)",
        "there is a bet already: raise with r, call with c",
        "you cannot raise to 5: the only raise is to 4 (r or r 4)",
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
    assert "hero shows Qs 8s 6c 6h 3d: 6-6-Q-8-3: pair of sixes" in out
    assert "sensible2 shows 7h 5d 5s 3c 2s: 5-5-7-3-2: pair of fives" in out
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
    assert "'r x': expected r and a whole number of chips (4 to 200), pot or all" in out
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
    text = " ".join(r.stdout.split())
    for key in (
        "Type (a word or its first letter; no space needed before an amount: r40):",
        "r pot raise the size of the pot (b pot: bet it)",
        "a all in (all in, r all)",
        "A pot-size bet or raise (pot and no limit) is capped at your stack.",
        "it is refused where the betting stops short of your stack (pot limit above the pot, fixed "
        "limit unless you are short of a full bet)",
        "and so is an amount after f, x, c or p (c 100).",
    ):
        assert key in text


def _after_prompt(out: str) -> list[str]:
    """The lines from the player's first prompt on."""
    return out[out.index("hero> ") :].splitlines()


def test_amounts_where_none_belongs_are_refused_and_a_pot_raise_in_pot_limit() -> None:
    # Seed 1 heads-up: the bot calls the blind; the pot is 4, so the pot-size raise is to 6.
    r = play("-v", "P2L3D", "-n", "2", "--seed", "1", input="c 100\nf 20\nr pot\nq\n")
    assert r.exit_code == 0, r.output
    assert "x check, r N raise to 4..6" in r.output
    assert _after_prompt(r.output)[:7] == [
        "hero> c 100",
        "  'c 100': c takes no amount (nothing to call: check with x)",
        "hero> f 20",
        "  'f 20': f takes no amount (there is no bet to fold to: check with x)",
        "hero> r pot",
        "hero raises to 6",
        "sensible2 calls (6 in this round)",
    ]


def test_all_in_in_no_limit() -> None:
    r = play("-v", "N2L3D", "-n", "2", "--seed", "1", input="a\nq\n")
    assert r.exit_code == 0, r.output
    assert _after_prompt(r.output)[:5] == [
        "hero> a",
        "hero raises to 200",
        "sensible2 calls (200 in this round)",
        "-- draw 1 --",
        "--- Hand 1 ---",
    ]
    assert r.output.rstrip().endswith("You leave after 0 hands (leaving the hand in play) with 0 chips (-200).")


def test_fixed_limit_amounts_all_in_and_help() -> None:
    r = play("-n", "2", "--seed", "1", input="r40\nr pot\na\nx 5\n?\nr4\nq\n")
    assert r.exit_code == 0, r.output
    assert _after_prompt(r.output)[:20] == [
        "hero> r40",
        "  you cannot raise to 40: the only raise is to 4 (r or r 4)",
        "hero> r pot",
        "  fixed limit has no pot-size raise: the raise is to 4 (r)",
        "hero> a",
        "  you cannot go all in (200 this round): the most you may raise to is 4 (r 4)",
        "hero> x 5",
        "  'x 5': x takes no amount (check with x)",
        "hero> ?",
        "  f         fold                      x         check",
        "  c         call (or check)           b 20      bet 20 (b20; fixed limit: b)",
        "  r 40      raise to 40 (r40; or r)   r pot     raise the pot (b pot: bet it)",
        "  a         all in (r all, all in)    p         stand pat",
        "  d 9h Kd   discard these cards       d 1 4     discard the 1st and 4th card",
        "  q         quit                      ?         this help, and the odds",
        "  Words work too: fold, check, call, bet 20, raise 40, pat, draw 9h Kd; help or h for ?, quit or exit for q. "
        "? shows the odds: the draw table at a draw, the pot odds facing a bet.",
        "Nothing to call: the pot odds show when you face a bet, the discards at a draw.",
        "hero> r4",
        "hero raises to 4",
        "sensible2 calls (4 in this round)",
    ]


def test_fixed_limit_all_in_for_less_than_a_full_raise() -> None:
    # 3 chips each: the big blind has 1 behind, so all in is a raise to 3 (less than 4).
    r = play("-n", "2", "--stack", "3", "--seed", "1", input="a\nq\n")
    assert r.exit_code == 0, r.output
    assert "x check, r 3 raise to 3 (fixed limit)" in r.output
    assert _after_prompt(r.output)[:3] == ["hero> a", "hero raises to 3", "sensible2 calls (3 in this round)"]


# -- parse_command on its own --------------------------------------------------------------

# Each situation: what the player may do, and the seat (stack behind, wager this round, pot)
# and betting structure the engine would give with it.
BETTING_FACING = LegalActions(0, "betting", fold=True, call=True, call_amount=2, raise_=True, min_to=4, max_to=4)
FACING = {"stack": 200, "wager": 0, "pot": 3, "fixed_limit": True}  # fixed limit 2/4, facing 2
BETTING_OPEN = LegalActions(0, "betting", check=True, bet=True, min_to=2, max_to=50)
OPEN = {"stack": 50, "wager": 0, "pot": 4}  # no limit, nothing bet yet, 50 behind
DRAWING = LegalActions(0, "drawing", draw=True, max_discards=5)
DRAW = {"stack": 100}
# fixed limit, facing 2 with 3 behind: the raise is all in for less, to 3
SHORT = LegalActions(0, "betting", fold=True, call=True, call_amount=2, raise_=True, min_to=3, max_to=3)
SHORT_SEAT = {"stack": 3, "wager": 0, "pot": 3, "fixed_limit": True}
# facing 2 with exactly 2 behind: the call is all in, there is no raise
CALL_ALL = LegalActions(0, "betting", fold=True, call=True, call_amount=2)
CALL_ALL_SEAT = {"stack": 2, "wager": 0, "pot": 3}
# no limit: 2 in, facing a raise to 10 (8 to call), 198 behind, pot 15 (10 + 2 + 3 from before)
NL_FACING = LegalActions(0, "betting", fold=True, call=True, call_amount=8, raise_=True, min_to=18, max_to=200)
NL_SEAT = {"stack": 198, "wager": 2, "pot": 15}
# the same in pot limit: the most is the pot-size raise, 10 + (15 + 8) = 33
PL_FACING = NL_FACING._replace(max_to=33)
HAND = sorted_hand(parse_cards("2c 9h Kd 5s 3c"))


@pytest.mark.parametrize(
    ("text", "legal", "seat", "action"),
    [
        ("f", BETTING_FACING, FACING, Action.fold()),
        ("FOLD", BETTING_FACING, FACING, Action.fold()),
        ("c", BETTING_FACING, FACING, Action.call()),
        ("call", BETTING_FACING, FACING, Action.call()),
        ("c", BETTING_OPEN, OPEN, Action.check()),
        ("x", BETTING_OPEN, OPEN, Action.check()),
        ("check", BETTING_OPEN, OPEN, Action.check()),
        ("r", BETTING_FACING, FACING, Action.raise_to(4)),
        ("r 4", BETTING_FACING, FACING, Action.raise_to(4)),
        ("r4", BETTING_FACING, FACING, Action.raise_to(4)),
        ("R4", BETTING_FACING, FACING, Action.raise_to(4)),
        ("raise 4", BETTING_FACING, FACING, Action.raise_to(4)),
        ("raise4", BETTING_FACING, FACING, Action.raise_to(4)),
        ("b 20", BETTING_OPEN, OPEN, Action.bet(20)),
        ("b20", BETTING_OPEN, OPEN, Action.bet(20)),
        ("  bet   50 ", BETTING_OPEN, OPEN, Action.bet(50)),
        # pot size: a bet of the pot; a raise to the call plus the pot after the call
        ("b pot", BETTING_OPEN, OPEN, Action.bet(4)),
        ("B POT", BETTING_OPEN, OPEN, Action.bet(4)),
        ("r pot", NL_FACING, NL_SEAT, Action.raise_to(33)),
        ("r pot", PL_FACING, NL_SEAT, Action.raise_to(33)),
        ("r pot", NL_FACING._replace(max_to=22), {**NL_SEAT, "stack": 20}, Action.raise_to(22)),  # capped at the stack
        ("r pot", NL_FACING, {**NL_SEAT, "pot": 3}, Action.raise_to(21)),
        # all in: the whole stack as a bet or raise, or a call that takes it all
        ("a", BETTING_OPEN, OPEN, Action.bet(50)),
        ("allin", BETTING_OPEN, OPEN, Action.bet(50)),
        ("all in", BETTING_OPEN, OPEN, Action.bet(50)),
        ("All-In", BETTING_OPEN, OPEN, Action.bet(50)),
        ("b all", BETTING_OPEN, OPEN, Action.bet(50)),
        ("a", NL_FACING, NL_SEAT, Action.raise_to(200)),
        ("r all", NL_FACING, NL_SEAT, Action.raise_to(200)),
        ("raise all in", NL_FACING, NL_SEAT, Action.raise_to(200)),
        ("a", PL_FACING, {**NL_SEAT, "stack": 31}, Action.raise_to(33)),  # the pot is the stack
        ("a", SHORT, SHORT_SEAT, Action.raise_to(3)),  # fixed limit, short of a full raise
        ("r", SHORT, SHORT_SEAT, Action.raise_to(3)),
        ("a", CALL_ALL, CALL_ALL_SEAT, Action.call()),
        ("d 9h Kd", DRAWING, DRAW, Action.discard(parse_cards("9h Kd"))),
        ("d 9H kd", DRAWING, DRAW, Action.discard(parse_cards("9h Kd"))),
        ("draw 9h Kd", DRAWING, DRAW, Action.discard(parse_cards("9h Kd"))),
        ("discard 1 2", DRAWING, DRAW, Action.discard(parse_cards("Kd 9h"))),
        ("d 1 2", DRAWING, DRAW, Action.discard(parse_cards("Kd 9h"))),
        ("d1 2", DRAWING, DRAW, Action.discard(parse_cards("Kd 9h"))),
        ("p", DRAWING, DRAW, Action.stand_pat()),
        ("pat", DRAWING, DRAW, Action.stand_pat()),
        ("stand pat", DRAWING, DRAW, Action.stand_pat()),
    ],
)
def test_parse_command_actions(text: str, legal: LegalActions, seat: dict, action: Action) -> None:
    cmd = parse_command(text, legal, HAND, **seat)
    assert cmd.error == ""
    assert cmd.kind == "action"
    assert cmd.action == action


@pytest.mark.parametrize(
    ("text", "legal", "seat", "error"),
    [
        ("", BETTING_OPEN, OPEN, "type an action (? for help)"),
        ("zap", BETTING_OPEN, OPEN, "unknown entry 'zap' (? for help)"),
        ("f", BETTING_OPEN, OPEN, "there is no bet to fold to: check with x"),
        ("x", BETTING_FACING, FACING, "you cannot check: 2 to call (c to call, f to fold)"),
        ("b", BETTING_OPEN, OPEN, "say how much: b N, the total to bet to, from 2 to 50"),
        ("b 1", BETTING_OPEN, OPEN, "you cannot bet to 1: allowed 2 to 50"),
        ("b1", BETTING_OPEN, OPEN, "you cannot bet to 1: allowed 2 to 50"),
        ("r 4", BETTING_OPEN, OPEN, "there is no bet to raise: bet with b"),
        ("b 4", BETTING_FACING, FACING, "there is a bet already: raise with r, call with c"),
        ("b 20 30", BETTING_OPEN, OPEN, "'b 20 30': expected b and a whole number of chips (2 to 50), pot or all"),
        # amounts where none belongs are refused, not ignored
        ("c 100", BETTING_FACING, FACING, "'c 100': c takes no amount (the call is 2: call with c)"),
        ("c100", BETTING_FACING, FACING, "'c 100': c takes no amount (the call is 2: call with c)"),
        ("call 2", BETTING_FACING, FACING, "'call 2': call takes no amount (the call is 2: call with c)"),
        ("c 5", BETTING_OPEN, OPEN, "'c 5': c takes no amount (nothing to call: check with x)"),
        ("f 20", BETTING_FACING, FACING, "'f 20': f takes no amount (fold with f)"),
        ("x 5", BETTING_OPEN, OPEN, "'x 5': x takes no amount (check with x)"),
        ("check 5", BETTING_OPEN, OPEN, "'check 5': check takes no amount (check with x)"),
        ("a 50", BETTING_OPEN, OPEN, "'a 50': a takes no amount (go all in with a)"),
        ("p 3", DRAWING, DRAW, "p takes nothing after it: it keeps all five cards"),
        ("q now", BETTING_OPEN, OPEN, "q takes nothing after it (q to quit)"),
        # fixed limit: the one amount there is
        ("r 40", BETTING_FACING, FACING, "you cannot raise to 40: the only raise is to 4 (r or r 4)"),
        ("r40", BETTING_FACING, FACING, "you cannot raise to 40: the only raise is to 4 (r or r 4)"),
        ("r pot", BETTING_FACING, FACING, "fixed limit has no pot-size raise: the raise is to 4 (r)"),
        ("a", BETTING_FACING, FACING, "you cannot go all in (200 this round): the most you may raise to is 4 (r 4)"),
        (
            "r all",
            BETTING_FACING,
            FACING,
            "you cannot go all in (200 this round): the most you may raise to is 4 (r 4)",
        ),
        # pot limit: not above the pot
        ("a", PL_FACING, NL_SEAT, "you cannot go all in (200 this round): the most you may raise to is 33 (r 33)"),
        ("r 34", PL_FACING, NL_SEAT, "you cannot raise to 34: allowed 18 to 33"),
        (
            "a",
            LegalActions(0, "betting", fold=True, call=True, call_amount=4),
            {"stack": 10, "wager": 0, "pot": 9},
            "you cannot go all in: you may not raise now, and a call of 4 leaves you 6 (c to call, f to fold)",
        ),
        (
            "a",
            LegalActions(0, "betting", check=True),
            {"stack": 10, "wager": 0, "pot": 9},
            "you cannot go all in: you may not bet now (x to check)",
        ),
        ("d 1", BETTING_OPEN, OPEN, "you can discard only in a draw; now it is a betting round"),
        ("c", DRAWING, DRAW, "it is the draw: discard with d (d 9h Kd or d 1 4) or stand pat with p"),
        ("a", DRAWING, DRAW, "it is the draw: discard with d (d 9h Kd or d 1 4) or stand pat with p"),
        ("r pot", DRAWING, DRAW, "it is the draw: discard with d (d 9h Kd or d 1 4) or stand pat with p"),
        ("d 0", DRAWING, DRAW, "no card at place 0: places are 1 to 5"),
        ("d Ah", DRAWING, DRAW, "you do not hold Ah: your hand is Kd 9h 5s 3c 2c"),
        (
            "d Zz",
            DRAWING,
            DRAW,
            "'Zz' is not a card: expected a rank (2-9, T, J, Q, K, A, or 10) followed by a suit"
            " (c, d, h, s, or a suit symbol) (d 9h Kd, or d 1 4 by place)",
        ),
        ("d Kd Kd", DRAWING, DRAW, "card Kd appears twice in Kd Kd (d 9h Kd, or d 1 4 by place)"),
    ],
)
def test_parse_command_errors(text: str, legal: LegalActions, seat: dict, error: str) -> None:
    cmd = parse_command(text, legal, HAND, **seat)
    assert cmd.kind == "error"
    assert cmd.error == error


def test_parse_command_quit_and_help() -> None:
    assert parse_command("q", DRAWING, HAND, **DRAW).kind == "quit"
    assert parse_command("quit", BETTING_OPEN, HAND, **OPEN).kind == "quit"
    assert parse_command("?", BETTING_OPEN, HAND, **OPEN).kind == "help"
    capped = LegalActions(0, "betting", fold=True, call=True, call_amount=4)
    assert parse_command("r", capped, HAND, stack=10).error == (
        "you may not raise now (the betting is capped, or you can only call)"
    )


def test_input_saved_with_a_byte_order_mark() -> None:
    """Piped entries from a file saved with a byte-order mark read as without it."""
    plain = play("--players", "2", "--seed", "1", input="x\nq\n")
    marked = play("--players", "2", "--seed", "1", input="\ufeffx\nq\n")
    assert plain.exit_code == marked.exit_code == 0, marked.output
    assert "hero checks" in plain.output and "unknown entry" not in plain.output
    assert marked.output.replace("\ufeff", "", 1) == plain.output  # the test runner echoes the input


def test_unicode_digits_are_refused_not_a_crash() -> None:
    """'²' passes str.isdigit() but not int(): an entry, never an exception (from a review)."""
    cmd = parse_command("b \u00b2", BETTING_OPEN, HAND, **OPEN)
    assert cmd.kind == "error" and cmd.error.startswith("'b \u00b2': expected b and a whole number of chips")
    cmd = parse_command("d \u00b2", DRAWING, HAND, **DRAW)
    assert cmd.kind == "error" and cmd.error.startswith("'\u00b2' is not a card")


def test_the_roles_shown_follow_the_forced_bets_of_the_hand() -> None:
    """A game of antes has no blinds to label, only the button; a killed pot labels its kill K
    and the big blind the seat that posted it (the engine's big blind position is the kill's)."""
    from lowball import VARIANTS, HandState
    from lowball.cli.render import roles
    from lowball.engine import Posts
    from lowball.variants import ForcedBets

    f2l3d = VARIANTS["F2L3D"]
    antes = f2l3d.replace(forced=ForcedBets(small_blind=0, big_blind=0, ante=1))
    assert roles(HandState(antes, [50] * 3, seed=1)) == ["", "", "D"]
    assert roles(HandState(antes, [50] * 2, seed=1)) == ["", "D"]
    assert roles(HandState(f2l3d, [50] * 3, seed=1)) == ["SB", "BB", "D"]
    assert roles(HandState(f2l3d, [50] * 2, seed=1)) == ["BB", "D/SB"]
    killed = HandState(f2l3d.killed(), [50] * 4, seed=1, posts=Posts((1, 2, 4, 0), 2))
    assert roles(killed) == ["SB", "BB", "K", "D"]
    no_small = HandState(f2l3d.killed(), [50] * 4, seed=1, posts=Posts((0, 2, 4, 0), 2))  # a dead small blind
    assert roles(no_small) == ["", "BB", "K", "D"]

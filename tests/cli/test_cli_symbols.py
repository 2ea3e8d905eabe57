"""Card text in `lowball play` and `lowball replay` (issue 11): ASCII by default, suit symbols with
--symbols, symbols accepted as input, and every hand dealt, shown or on the table written highest
card first (ties by suit: clubs, diamonds, hearts, spades)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from lowball import parse_cards
from lowball.cli import main
from lowball.cli.play import parse_command
from lowball.cli.render import cards_text, describe_event, sorted_hand
from lowball.engine import Action, Event, LegalActions

SINGLE = Path(__file__).parents[1] / "data" / "phh" / "fixtures" / "single_draw.phh"
LETTERS = str.maketrans({"\u2663": "c", "\u2666": "d", "\u2665": "h", "\u2660": "s", "\ufe0f": None})


def run(*args: str, input: str | None = None):  # noqa: A002
    return CliRunner().invoke(main, list(args), input=input)


# Seed 1 heads-up: check; at the first draw a card not held (refused, named with symbols), then
# the queen and the jack typed with symbols (the club in its emoji form); "d 1" at the second
# draw throws the first card of the hand as shown, the king; the bot wins at the showdown.
PLAY_SCRIPT = "x\nd 9\u2665 K\u2666\nd Q\u2663\ufe0f J\u2660\nx\nc\nd 1\nx\nc\np\nx\nc\nq\n"
PLAY_WITH_SYMBOLS = """\
2-7 triple draw, fixed limit: 2 players, 200 chips each. You are hero (seat 1).
Type ? at your turn for help, q to quit.

=== Hand 1: button sensible2; stacks hero 200, sensible2 200 ===
sensible2 posts a blind of 1
hero posts a blind of 2
hero is dealt Q♣ J♠ T♥ 6♦ 2♣
-- betting round 1 --
sensible2 calls (2 in this round)
--- Hand 1 ---
2-7 triple draw, fixed limit: betting round 1 of 4, pot 4
    player         stack bet  status  drew        cards
  > hero      BB     198   2                      Q♣ J♠ T♥ 6♦ 2♣
    sensible2 D/SB   198   2

Your hand: 1:Q♣  2:J♠  3:T♥  4:6♦  5:2♣   (Q-J-T-6-2: Q-J low)
x check, r 4 raise to 4 (fixed limit)
hero> x
hero checks
-- draw 1 --
--- Hand 1 ---
2-7 triple draw, fixed limit: draw 1 of 3, pot 4
    player         stack bet  status  drew        cards
  > hero      BB     198              -           Q♣ J♠ T♥ 6♦ 2♣
    sensible2 D/SB   198              -

Your hand: 1:Q♣  2:J♠  3:T♥  4:6♦  5:2♣   (Q-J-T-6-2: Q-J low)
discard: d 9h Kd (cards) or d 1 4 (places in your hand); p to stand pat
hero> d 9♥ K♦
  you do not hold 9♥: your hand is Q♣ J♠ T♥ 6♦ 2♣
hero> d Q♣\ufe0f J♠
hero discards Q♣ J♠ and draws 9♦ K♦
sensible2 draws 2
-- betting round 2 --
--- Hand 1 ---
2-7 triple draw, fixed limit: betting round 2 of 4, pot 4
    player         stack bet  status  drew        cards
  > hero      BB     198              2           K♦ T♥ 9♦ 6♦ 2♣
    sensible2 D/SB   198              2

Your hand: 1:K♦  2:T♥  3:9♦  4:6♦  5:2♣   (K-T-9-6-2: K-T low)
x check, b 2 bet 2 (fixed limit)
hero> x
hero checks
sensible2 bets 2
--- Hand 1 ---
2-7 triple draw, fixed limit: betting round 2 of 4, pot 6
    player         stack bet  status  drew        cards
  > hero      BB     198              2           K♦ T♥ 9♦ 6♦ 2♣
    sensible2 D/SB   196   2          2

Your hand: 1:K♦  2:T♥  3:9♦  4:6♦  5:2♣   (K-T-9-6-2: K-T low)
f fold, c call 2, r 4 raise to 4 (fixed limit)
hero> c
hero calls (2 in this round)
-- draw 2 --
--- Hand 1 ---
2-7 triple draw, fixed limit: draw 2 of 3, pot 8
    player         stack bet  status  drew        cards
  > hero      BB     196              2 -         K♦ T♥ 9♦ 6♦ 2♣
    sensible2 D/SB   196              2 -

Your hand: 1:K♦  2:T♥  3:9♦  4:6♦  5:2♣   (K-T-9-6-2: K-T low)
discard: d 9h Kd (cards) or d 1 4 (places in your hand); p to stand pat
hero> d 1
hero discards K♦ and draws A♣
sensible2 draws 1
-- betting round 3 --
--- Hand 1 ---
2-7 triple draw, fixed limit: betting round 3 of 4, pot 8
    player         stack bet  status  drew        cards
  > hero      BB     196              2 1         A♣ T♥ 9♦ 6♦ 2♣
    sensible2 D/SB   196              2 1

Your hand: 1:A♣  2:T♥  3:9♦  4:6♦  5:2♣   (A-T-9-6-2: A-T low)
x check, b 4 bet 4 (fixed limit)
hero> x
hero checks
sensible2 bets 4
--- Hand 1 ---
2-7 triple draw, fixed limit: betting round 3 of 4, pot 12
    player         stack bet  status  drew        cards
  > hero      BB     196              2 1         A♣ T♥ 9♦ 6♦ 2♣
    sensible2 D/SB   192   4          2 1

Your hand: 1:A♣  2:T♥  3:9♦  4:6♦  5:2♣   (A-T-9-6-2: A-T low)
f fold, c call 4, r 8 raise to 8 (fixed limit)
hero> c
hero calls (4 in this round)
-- draw 3 --
--- Hand 1 ---
2-7 triple draw, fixed limit: draw 3 of 3, pot 16
    player         stack bet  status  drew        cards
  > hero      BB     192              2 1 -       A♣ T♥ 9♦ 6♦ 2♣
    sensible2 D/SB   192              2 1 -

Your hand: 1:A♣  2:T♥  3:9♦  4:6♦  5:2♣   (A-T-9-6-2: A-T low)
discard: d 9h Kd (cards) or d 1 4 (places in your hand); p to stand pat
hero> p
hero stands pat
sensible2 stands pat
-- betting round 4 --
--- Hand 1 ---
2-7 triple draw, fixed limit: betting round 4 of 4, pot 16
    player         stack bet  status  drew        cards
  > hero      BB     192              2 1 pat     A♣ T♥ 9♦ 6♦ 2♣
    sensible2 D/SB   192              2 1 pat

Your hand: 1:A♣  2:T♥  3:9♦  4:6♦  5:2♣   (A-T-9-6-2: A-T low)
x check, b 4 bet 4 (fixed limit)
hero> x
hero checks
sensible2 bets 4
--- Hand 1 ---
2-7 triple draw, fixed limit: betting round 4 of 4, pot 20
    player         stack bet  status  drew        cards
  > hero      BB     192              2 1 pat     A♣ T♥ 9♦ 6♦ 2♣
    sensible2 D/SB   188   4          2 1 pat

Your hand: 1:A♣  2:T♥  3:9♦  4:6♦  5:2♣   (A-T-9-6-2: A-T low)
f fold, c call 4, r 8 raise to 8 (fixed limit)
hero> c
hero calls (4 in this round)
sensible2 shows 8♦ 7♠ 4♠ 3♦ 2♠: 8-7-4-3-2: 8-7 low
hero mucks
sensible2 wins 24
--- Hand 1 result ---
2-7 triple draw, fixed limit: hand complete
    player         stack bet  status  drew        cards
    hero      BB     188              2 1 pat     A♣ T♥ 9♦ 6♦ 2♣
    sensible2 D/SB   212              2 1 pat     8♦ 7♠ 4♠ 3♦ 2♠

Enter for the next hand, q to quit> q
You leave after 1 hand with 188 chips (-12).
"""


def test_play_with_symbols_exact_output() -> None:
    r = run("play", "--bots", "sensible", "--players", "2", "--seed", "1", "--symbols", input=PLAY_SCRIPT)
    assert r.exit_code == 0, r.output
    assert r.output == PLAY_WITH_SYMBOLS


def test_play_without_symbols_is_ascii_and_otherwise_the_same() -> None:
    script = PLAY_SCRIPT.translate(LETTERS)
    assert script == "x\nd 9h Kd\nd Qc Js\nx\nc\nd 1\nx\nc\np\nx\nc\nq\n"
    r = run("play", "--bots", "sensible", "--players", "2", "--seed", "1", input=script)
    assert r.exit_code == 0, r.output
    assert r.output.isascii()
    assert r.output == PLAY_WITH_SYMBOLS.translate(LETTERS)
    lines = r.output.splitlines()
    assert "hero is dealt Qc Js Th 6d 2c" in lines
    assert "  you do not hold 9h: your hand is Qc Js Th 6d 2c" in lines
    assert "Your hand: 1:Kd  2:Th  3:9d  4:6d  5:2c   (K-T-9-6-2: K-T low)" in lines
    assert "hero discards Kd and draws Ac" in lines  # d 1: the first card as shown
    assert "sensible2 shows 8d 7s 4s 3d 2s: 8-7-4-3-2: 8-7 low" in lines
    assert "    sensible2 D/SB   212              2 1 pat     8d 7s 4s 3d 2s" in lines


def test_play_symbols_typed_without_the_flag() -> None:
    """Symbols are read whether or not they are printed."""
    r = run("play", "--bots", "sensible", "--players", "2", "--seed", "1", input=PLAY_SCRIPT)
    assert r.exit_code == 0, r.output
    assert "hero> d 9\u2665 K\u2666\n  you do not hold 9h: your hand is Qc Js Th 6d 2c\n" in r.output
    assert "hero discards Qc Js and draws 9d Kd" in r.output


# The steps of the replay (the header and the footer hold no cards).
REPLAY_WITH_SYMBOLS = """\
[1/12] (line 9) d dh p1 7h5c4d3s2c
  p1 posts a blind of 5
  p2 posts a blind of 10
  p1 is dealt 7♥ 5♣ 4♦ 3♠ 2♣
[2/12] (line 10) d dh p2 ??????????
  p2 is dealt ?? ?? ?? ?? ??
[3/12] (line 11) d dh p3 9s8h6c3d2h
  p3 is dealt 9♠ 8♥ 6♣ 3♦ 2♥
  -- betting round 1 --
2-7 single draw, no limit: betting round 1 of 2, pot 15
    player      stack bet  status  drew        cards
    p1     SB     495   5                      7♥ 5♣ 4♦ 3♠ 2♣
    p2     BB     490  10                      ?? ?? ?? ?? ??
  > p3     D      500                          9♠ 8♥ 6♣ 3♦ 2♥
[4/12] (line 12) p3 cbr 30
  p3 raises to 30
2-7 single draw, no limit: betting round 1 of 2, pot 45
    player      stack bet  status  drew        cards
  > p1     SB     495   5                      7♥ 5♣ 4♦ 3♠ 2♣
    p2     BB     490  10                      ?? ?? ?? ?? ??
    p3     D      470  30                      9♠ 8♥ 6♣ 3♦ 2♥
[5/12] (line 13) p1 cbr 90
  p1 raises to 90
2-7 single draw, no limit: betting round 1 of 2, pot 130
    player      stack bet  status  drew        cards
    p1     SB     410  90                      7♥ 5♣ 4♦ 3♠ 2♣
  > p2     BB     490  10                      ?? ?? ?? ?? ??
    p3     D      470  30                      9♠ 8♥ 6♣ 3♦ 2♥
[6/12] (line 14) p2 f
  p2 folds
2-7 single draw, no limit: betting round 1 of 2, pot 130
    player      stack bet  status  drew        cards
    p1     SB     410  90                      7♥ 5♣ 4♦ 3♠ 2♣
    p2     BB     490  10  folded
  > p3     D      470  30                      9♠ 8♥ 6♣ 3♦ 2♥
[7/12] (line 15) p3 cc
  p3 calls (90 in this round)
  -- draw 1 --
2-7 single draw, no limit: draw 1 of 1, pot 190
    player      stack bet  status  drew        cards
  > p1     SB     410              -           7♥ 5♣ 4♦ 3♠ 2♣
    p2     BB     490      folded  -
    p3     D      410              -           9♠ 8♥ 6♣ 3♦ 2♥
[8/12] (line 16) p1 sd
  p1 stands pat
2-7 single draw, no limit: draw 1 of 1, pot 190
    player      stack bet  status  drew        cards
    p1     SB     410              pat         7♥ 5♣ 4♦ 3♠ 2♣
    p2     BB     490      folded  -
  > p3     D      410              -           9♠ 8♥ 6♣ 3♦ 2♥
[9/12] (line 17) p3 sd 9s
  p3 discards 9♠
[10/12] (line 18) d dh p3 Kh
  p3 draws K♥
  -- betting round 2 --
2-7 single draw, no limit: betting round 2 of 2, pot 190
    player      stack bet  status  drew        cards
  > p1     SB     410              pat         7♥ 5♣ 4♦ 3♠ 2♣
    p2     BB     490      folded  -
    p3     D      410              1           K♥ 8♥ 6♣ 3♦ 2♥
[11/12] (line 19) p1 cbr 100
  p1 bets 100
2-7 single draw, no limit: betting round 2 of 2, pot 290
    player      stack bet  status  drew        cards
    p1     SB     310 100          pat         7♥ 5♣ 4♦ 3♠ 2♣
    p2     BB     490      folded  -
  > p3     D      410              1           K♥ 8♥ 6♣ 3♦ 2♥
[12/12] (line 20) p3 f
  p3 folds
  p1 takes back 100 uncalled
  p1 wins 190
2-7 single draw, no limit: hand complete
    player      stack bet  status  drew        cards
    p1     SB     600              pat         7♥ 5♣ 4♦ 3♠ 2♣
    p2     BB     490      folded  -
    p3     D      410      folded  1
"""


def steps_of(out: str) -> str:
    """The steps of a replay's output: from the first action to the footer."""
    return out[out.index("[1/12]") : out.index("finishing stacks")]


def test_replay_with_symbols_exact_output() -> None:
    r = run("replay", "--all", "--symbols", str(SINGLE))
    assert r.exit_code == 0, r.output
    assert steps_of(r.stdout) == REPLAY_WITH_SYMBOLS


def test_replay_without_symbols_is_ascii_and_otherwise_the_same() -> None:
    r = run("replay", "--all", str(SINGLE))
    assert r.exit_code == 0, r.output
    assert r.stdout.isascii()
    assert steps_of(r.stdout) == REPLAY_WITH_SYMBOLS.translate(LETTERS)
    assert "  p1 is dealt 7h 5c 4d 3s 2c\n" in r.stdout
    assert "  p3 is dealt 9s 8h 6c 3d 2h\n" in r.stdout
    assert "    p3     D      410              1           Kh 8h 6c 3d 2h\n" in r.stdout


def test_replay_of_a_file_written_with_symbols(tmp_path: Path) -> None:
    """A hand history with suit symbols replays as the one with letters: only the actions, echoed
    as written, differ."""
    text = SINGLE.read_text()
    for ascii_cards, symbols in [
        ("7h5c4d3s2c", "7\u26655\u26634\u26663\u26602\u2663"),
        ("9s8h6c3d2h", "9\u2664\ufe0f8\u26616\u26673\u26622\u2661"),
        ("sd 9s", "sd 9\u2660"),
        ("p3 Kh", "p3 K\u2665"),
    ]:
        assert ascii_cards in text
        text = text.replace(ascii_cards, symbols)
    path = tmp_path / "symbols.phh"
    path.write_text(text, encoding="utf-8")
    plain = steps_of(run("replay", "--all", str(SINGLE)).stdout).splitlines()
    r = run("replay", "--all", str(path))
    assert r.exit_code == 0, r.output
    lines = steps_of(r.stdout).splitlines()
    assert len(lines) == len(plain)
    differ = [(a, b) for a, b in zip(plain, lines) if a != b]
    assert differ == [
        ("[1/12] (line 9) d dh p1 7h5c4d3s2c", "[1/12] (line 9) d dh p1 7\u26655\u26634\u26663\u26602\u2663"),
        (
            "[3/12] (line 11) d dh p3 9s8h6c3d2h",
            "[3/12] (line 11) d dh p3 9\u2664\ufe0f8\u26616\u26673\u26622\u2661",
        ),
        ("[9/12] (line 17) p3 sd 9s", "[9/12] (line 17) p3 sd 9\u2660"),
        ("[10/12] (line 18) d dh p3 Kh", "[10/12] (line 18) d dh p3 K\u2665"),
    ]


def test_help_names_the_symbols_option() -> None:
    for command in ("play", "replay"):
        out = run(command, "--help").output
        assert out.isascii()
        assert (
            "--symbols Print the suits of the cards as symbols (the spade, heart, diamond and club "
            "signs) instead of letters (7s 5h 4d 3c). Symbols are read as input either way."
        ) in " ".join(out.split())


def test_hands_are_sorted_highest_first_ties_by_suit() -> None:
    assert [str(c) for c in sorted_hand(parse_cards("6c 4d 7d 2s 5c"))] == ["7d", "6c", "5c", "4d", "2s"]
    assert [str(c) for c in sorted_hand(parse_cards("8s 5h 8c 2s 4d"))] == ["8c", "8s", "5h", "4d", "2s"]
    assert [str(c) for c in sorted_hand(parse_cards("3s 3h 3d 3c 2s"))] == ["3c", "3d", "3h", "3s", "2s"]
    cards = parse_cards("6c 4d 7d 2s 5c")
    assert cards_text(cards) == "6c 4d 7d 2s 5c"
    assert cards_text(cards, sort=True) == "7d 6c 5c 4d 2s"
    assert cards_text(cards, sort=True, symbols=True) == "7\u2666 6\u2663 5\u2663 4\u2666 2\u2660"
    # unknown cards (stand-ins of a hand history's ??) go last, whatever the stand-in is
    assert cards_text(cards, {int(cards[2]), int(cards[0])}, sort=True) == "5c 4d 2s ?? ??"


def test_shown_and_dealt_hands_are_told_highest_first() -> None:
    labels = ["hero", "bot"]
    shown = Event("show", 0, 0, parse_cards("6c 4d 7d 2s 5c"), (), 0, hand_class=4)
    assert describe_event(shown, labels) == "hero shows 7d 6c 5c 4d 2s: 7-6-5-4-2: 7-6 low"
    assert describe_event(shown, labels, symbols=True) == (
        "hero shows 7\u2666 6\u2663 5\u2663 4\u2666 2\u2660: 7-6-5-4-2: 7-6 low"
    )
    dealt = Event("deal", 1, 0, parse_cards("2s Kd 9h 9c Ac"), (), 5)
    assert describe_event(dealt, labels) == "bot is dealt Ac Kd 9c 9h 2s"
    drew = Event("draw", 1, 0, parse_cards("2d Kh"), parse_cards("Kd 2s"), 2)
    assert describe_event(drew, labels) == "bot discards Kd 2s and draws 2d Kh"  # in the order thrown and dealt


def test_replay_showdown_with_symbols() -> None:
    bad_beat = Path(__file__).parents[1] / "data" / "phh" / "phh-std-example" / "wsop-2019-event58-bad-beat.phh"
    r = run("replay", "--all", "--symbols", str(bad_beat))
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "[25/26] (line 37) p1 sm 7h6c4c3d2c\n  p1 Player 1 shows 7♥ 6♣ 4♣ 3♦ 2♣: 7-6-4-3-2: number two\n" in out
    assert (
        "[26/26] (line 38) p4 sm 2h4d7c5c3c\n"
        "  p4 Player 4 shows 7♣ 5♣ 4♦ 3♣ 2♥: 7-5-4-3-2: number one (the wheel)\n"
        "  p4 Player 4 wins 2510000\n"
    ) in out
    assert "  p2 Player 2 is dealt ?? ?? ?? ?? ??\n" in out
    assert "    p4 Player 4 D    12095000              2 1 1       7♣ 5♣ 4♦ 3♣ 2♥\n" in out


DRAWING = LegalActions(0, "drawing", draw=True, max_discards=5)
HAND = sorted_hand(parse_cards("2c 9h Kd 5s 3c"))  # shown as Kd 9h 5s 3c 2c


def test_parse_command_reads_symbols_and_names_cards_with_them() -> None:
    for text in ("d 9\u2665 K\u2666", "d 9\u2661K\u2662", "d 9\u2665\ufe0f,K\u2666\ufe0f", "d 2 1"):
        cmd = parse_command(text, DRAWING, HAND, stack=200)
        assert cmd.kind == "action" and cmd.action == Action.discard(parse_cards("9h Kd")), text
    assert (
        parse_command("d A\u2665", DRAWING, HAND, stack=200).error == "you do not hold Ah: your hand is Kd 9h 5s 3c 2c"
    )
    assert parse_command("d A\u2665", DRAWING, HAND, stack=200, symbols=True).error == (
        "you do not hold A\u2665: your hand is K\u2666 9\u2665 5\u2660 3\u2663 2\u2663"
    )
    assert parse_command("d 9\u2665\u2665", DRAWING, HAND, stack=200).error == (
        "'\u2665' in '9\u2665\u2665' is not a card: expected a rank (2-9, T, J, Q, K, A, or 10) followed by a "
        "suit (c, d, h, s, or a suit symbol) (d 9h Kd, or d 1 4 by place)"
    )

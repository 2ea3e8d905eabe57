"""`lowball draw`, `lowball odds` and the odds `?` shows in `lowball play`.

The expected numbers are counted here on their own: every replacement of a discard enumerated
with itertools and ranked by hand (a low is five different ranks, no straight, no flush, its top
card at most 7, 8, 9 or T), or worked out by hand in the comments; the showdowns of two drawing
hands are enumerated deal by deal and ranked with the evaluator (``evaluate_batch``, tested on
its own against every hand), never with :mod:`lowball.odds`.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from lowball import Card, evaluate_batch, odds, parse_cards
from lowball.cli import main
from lowball.cli.odds import pot_odds
from lowball.cli.render import sorted_hand
from lowball.errors import LowballError

HAND = "8s7h4d3c2s"
TABLE_HEAD = " #  keep            draw   7-low   8-low   9-low  10-low"


def run(*args: str, input: str | None = None):  # noqa: A002
    return CliRunner().invoke(main, list(args), input=input)


# -- an independent count ----------------------------------------------------------------------


def _low_flags(combos: np.ndarray) -> dict[int, np.ndarray]:
    """For (N, 5) card numbers: whether each hand is an r-low or better, r = 7, 8, 9, 10."""
    ranks = np.sort(combos >> 2, axis=1)  # 0 = deuce .. 12 = ace
    suits = combos & 3
    distinct = np.all(ranks[:, 1:] != ranks[:, :-1], axis=1)
    straight = distinct & (ranks[:, 4] - ranks[:, 0] == 4)  # a top card up to T: no wheel to consider
    flush = np.all(suits == suits[:, :1], axis=1)
    good = distinct & ~straight & ~flush
    return {r: good & (ranks[:, 4] <= r - 2) for r in (7, 8, 9, 10)}


def _completions(kept: list[int], unseen: list[int]) -> np.ndarray:
    draw = 5 - len(kept)
    if draw == 0:
        rows = np.zeros((1, 0), dtype=np.int64)  # standing pat: one completion, the hand
    else:
        rows = np.array(list(itertools.combinations(unseen, draw)), dtype=np.int64)
    return np.hstack([np.tile(np.array(kept, dtype=np.int64), (len(rows), 1)), rows])


def _brute_table(hand: str, dead: str = "") -> list[dict]:
    """Every discard of ``hand``: kept, thrown, completions and the count of each low, ordered
    as the command documents it: by the mean of the four lows' chances, then fewer cards drawn,
    then the higher cards thrown (the larger sum of 1 << card), whatever the order of the hand."""
    cards = [int(c) for c in parse_cards(hand)]
    out_of_deck = set(cards) | {int(c) for c in parse_cards(dead)} if dead else set(cards)
    unseen = [c for c in range(52) if c not in out_of_deck]
    rows = []
    for mask in range(32):
        kept = [c for i, c in enumerate(cards) if not mask >> i & 1]
        thrown = [c for i, c in enumerate(cards) if mask >> i & 1]
        combos = _completions(kept, unseen)
        flags = _low_flags(combos)
        counts = {r: int(f.sum()) for r, f in flags.items()}
        total = len(combos)
        mean = sum(Fraction(n, total) for n in counts.values()) / 4
        rows.append({"mask": mask, "kept": kept, "thrown": thrown, "total": total, "counts": counts, "key": mean})
    rows.sort(key=lambda r: (-r["key"], len(r["thrown"]), -sum(1 << c for c in r["thrown"])))
    return rows


def _text(cards: list[int]) -> str:
    return " ".join(str(c) for c in sorted_hand([Card(c) for c in cards])) or "-"


def test_the_table_of_a_known_hand_exactly() -> None:
    r = run("draw", HAND, "--order", "mean-lows")  # the exact table alone
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[:5] == [
        "8s 7h 4d 3c 2s (8-7-4-3-2: 8-7 low)",
        "47 unseen cards; every replacement counted exactly",
        "chance of each low or better after the draw",
        "",
        TABLE_HEAD,
    ]
    # By hand: pat is an 8-low. Throwing the 8 (7-4-3-2 to draw to, 47 cards): a 6 or a 5 makes
    # a 7-low (8 cards), the three eights left an 8-low (11), four nines (15), four tens (19).
    assert lines[5] == " 1  8s 7h 4d 3c 2s  pat     0.0%  100.0%  100.0%  100.0%"
    assert lines[6] == " 2  7h 4d 3c 2s     1      17.0%   23.4%   31.9%   40.4%"  # 8/47, 11/47, 15/47, 19/47
    # Throwing the 7 from 8-4-3-2: no 7-low; a 7, 6 or 5 (11 cards) makes an 8-low.
    assert lines[7] == " 3  8s 4d 3c 2s     1       0.0%   23.4%   31.9%   40.4%"
    # Every row, from the independent count.
    expected = []
    for i, row in enumerate(_brute_table(HAND), start=1):
        pct = "".join(f"  {100 * row['counts'][k] / row['total']:>5.1f}%" for k in (7, 8, 9, 10))
        drawn = len(row["thrown"]) or "pat"
        expected.append(f"{i:>2}  {_text(row['kept']):<14}  {drawn!s:<4}{pct}")
    assert lines[5:] == expected
    assert len(lines) == 5 + 32


def test_json_matches_the_library_and_the_independent_count() -> None:
    r = run("draw", HAND, "--dead", "Kd 9c", "--json", "--target", "8-6")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["hand"] == HAND and data["dead"] == "Kd9c" and data["vs"] is None
    assert data["target"] == {"class": odds.threshold("8-6"), "description": "8-6-5-4-3: 8-6 low"}
    rows = data["rows"]
    assert len(rows) == 32
    table = odds.discard_table(HAND, dead="Kd 9c", target="8-6")
    for got, want in zip(rows, table.rows):
        assert got["keep"] == "".join(str(c) for c in sorted_hand(want.kept))
        assert got["discard"] == "".join(str(c) for c in sorted_hand(want.discard))
        assert got["draw"] == want.drawn and got["completions"] == want.outcomes.total
        assert got["low_counts"] == {str(k): want.outcomes.count(str(k)) for k in (7, 8, 9, 10)}
        assert got["lows"] == {str(k): p for k, p in want.lows().items()}
        assert got["target_count"] == want.outcomes.count("8-6")
    # The counts themselves, from the enumeration (45 unseen cards with the king and nine dead).
    brute = {tuple(sorted(r["thrown"])): r for r in _brute_table(HAND, "Kd 9c")}
    for got in rows:
        b = brute[tuple(sorted(int(c) for c in parse_cards(got["discard"])))] if got["discard"] else brute[()]
        assert got["completions"] == b["total"]
        assert got["low_counts"] == {str(k): b["counts"][k] for k in (7, 8, 9, 10)}
    # Throwing the 8: 45 cards; 8-6 or better is a 6 or a 5: 8 of 45 (ordered by the target).
    throw8 = next(g for g in rows if g["discard"] == "8s")
    assert throw8["target_count"] == 8 and throw8["completions"] == 45
    assert rows[0]["discard"] in ("8s", "7h") and rows[0]["target_count"] == 8


def _showdowns(kept_a: list[int], kept_b: list[int], unseen: list[int]) -> tuple[int, int, int, int]:
    """Heads-up: every pair of disjoint draws, ranked by the evaluator: (win, tie, lose, deals)."""
    a_draw = 5 - len(kept_a)
    wins = ties = loses = 0
    for a_cards in itertools.combinations(unseen, a_draw):
        rest = [c for c in unseen if c not in a_cards]
        mine = int(evaluate_batch(np.array([kept_a + list(a_cards)], dtype=np.uint8))[0])
        theirs = evaluate_batch(_completions(kept_b, rest).astype(np.uint8)).astype(np.int64)
        wins += int((theirs > mine).sum())
        ties += int((theirs == mine).sum())
        loses += int((theirs < mine).sum())
    return wins, ties, loses, wins + ties + loses


def test_against_a_drawing_opponent_exact_counts() -> None:
    r = run("draw", HAND, "--vs", "9h8d6c4s2d:9h", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["vs"] == {"hand": "9h8d6c4s2d", "discard": "9h", "class": 39}
    rows = {g["discard"]: g for g in data["rows"]}
    # By hand: pat 8-7-4-3-2 against 8-6-4-2 drawing one of 42 cards: a 3 (three left) or a 5
    # (four) makes 8-6-4-3-2 or 8-6-5-4-2, better; nothing ties. 35 of 42 win.
    assert (rows[""]["win_count"], rows[""]["tie_count"], rows[""]["lose_count"], rows[""]["deals"]) == (35, 0, 7, 42)
    hero = [int(c) for c in parse_cards(HAND)]
    opp_kept = [int(c) for c in parse_cards("8d6c4s2d")]
    unseen = [c for c in range(52) if c not in hero and c not in parse_cards("9h8d6c4s2d")]
    for discard, got in rows.items():
        thrown = [int(c) for c in parse_cards(discard)] if discard else []
        if len(thrown) > 1:
            continue  # the one-card draws and standing pat are enough to enumerate here
        kept = [c for c in hero if c not in thrown]
        assert (got["win_count"], got["tie_count"], got["lose_count"], got["deals"]) == _showdowns(
            kept, opp_kept, unseen
        ), discard
        assert got["win"] == got["win_count"] / got["deals"]
    # The text: the rows best first by equity, with win, tie and equity.
    r = run("draw", HAND, "--vs", "9h 8d 6c 4s 2d:9h", "--top", "1")
    lines = r.stdout.splitlines()
    assert lines[2] == "vs 9h 8d 6c 4s 2d throwing 9h (drawing 1: both draws counted exactly)"
    assert lines[5] == TABLE_HEAD + "     win     tie  equity"
    assert lines[6] == " 1  8s 7h 4d 3c 2s  pat     0.0%  100.0%  100.0%  100.0%   83.3%    0.0%   83.3%"
    assert lines[7:] == ["(best 1 of 32 discards)"]
    assert "42 unseen cards" in lines[1]


def test_against_a_pat_hand_and_a_pat_low() -> None:
    # A known pat hand leaves the deck: 42 unseen. Throwing the 8 against 9-8-6-4-2: a 6 or a 5
    # (seven left: 6c is the opponent's), an 8 (8c, 8h: 8s is thrown, 8d the opponent's) or a 9
    # (three left) wins: 12 of 42.
    r = run("draw", HAND, "--vs", "9h8d6c4s2d", "--json")
    rows = {g["discard"]: g for g in json.loads(r.stdout)["rows"]}
    assert (rows["8s"]["win_count"], rows["8s"]["tie_count"], rows["8s"]["deals"]) == (12, 0, 42)
    assert (rows["8s"]["win_count"], rows["8s"]["deals"]) == _showdowns(
        [int(c) for c in parse_cards("7h4d3c2s")],
        [int(c) for c in parse_cards("9h8d6c4s2d")],
        [c for c in range(52) if c not in parse_cards(HAND + "9h8d6c4s2d")],
    )[::3]
    # A pat 9-8 seen by its class only (9-8-7-6-4): no cards leave the deck (47); throwing
    # the 8, a 6 or 5 (8), an 8 (3) or a 9 (4) beats it: 15 of 47; nothing ties.
    r = run("draw", HAND, "--vs-pat", "9-8", "--json")
    data = json.loads(r.stdout)
    assert data["vs"] == {"hand": None, "discard": "", "class": odds.threshold("9-8")}
    rows = {g["discard"]: g for g in data["rows"]}
    assert (rows["8s"]["win_count"], rows["8s"]["tie_count"], rows["8s"]["deals"]) == (15, 0, 47)
    # Five cards after --vs-pat count by their class only: they stay in the deck (47 unseen).
    data = json.loads(run("draw", HAND, "--vs-pat", "9h8d6c4s2d", "--json").stdout)
    assert data["vs"]["class"] == 39 and data["vs"]["hand"] is None
    assert {g["discard"]: g["deals"] for g in data["rows"]}["8s"] == 47
    # HAND: (nothing after the colon) is a known hand standing pat, as HAND alone.
    a = json.loads(run("draw", HAND, "--vs", "9h8d6c4s2d:", "--json").stdout)["rows"]
    b = json.loads(run("draw", HAND, "--vs", "9h8d6c4s2d", "--json").stdout)["rows"]
    assert a == b
    r = run("draw", HAND, "--vs-pat", "9-8", "--top", "2", "--symbols")
    assert r.stdout.splitlines()[:3] == [
        "8\u2660 7\u2665 4\u2666 3\u2663 2\u2660 (8-7-4-3-2: 8-7 low)",
        "47 unseen cards; every replacement counted exactly",
        "vs a pat 9-8-7-6-4: 9-8 low (its cards unknown: none taken out of the deck)",
    ]


def test_odds_pat_against_pat_is_exact() -> None:
    r = run("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--discards", "-,pat")
    assert r.exit_code == 0, r.output
    assert r.stdout == (
        "exact: every one of 1 deal counted (1 draw to come)\n"
        "\n"
        "   hand            first draw       win     tie    equity\n"
        " 1 7c 6d 4h 3s 2c  pat         100.000%  0.000%  100.000%\n"
        " 2 9h 8h 5d 4c 2s  pat           0.000%  0.000%    0.000%\n"
    )
    assert r.stderr == ""  # nothing sampled: no progress bar
    # Two equal pat hands split the pot.
    data = json.loads(run("odds", "7c6d4h3s2c", "7d6c4s3h2d", "--discards", ",", "--json").stdout)
    assert data["exact"] is True and data["seed"] is None and data["trials"] == 1
    assert [(p["wins"], p["ties"], p["share"], p["equity"]) for p in data["players"]] == [(0, 1, 1260, 0.5)] * 2


def test_odds_single_draw_is_exact() -> None:
    # 7-6-4-3-2 pat against 5-4-2 drawing two of 42 cards (C(42, 2) = 861 deals): only a 7 and
    # a 3 (three of each left: 7c and 3s are the first hand's) make 7-5-4-3-2, which wins; no
    # tie (7-6-4-3-2 needs three cards). 9 of 861.
    r = run("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--discards", "-,9h8h", "--json")
    data = json.loads(r.stdout)
    assert data["exact"] is True and data["trials"] == 861 and data["draws"] == 1
    assert [(p["wins"], p["ties"]) for p in data["players"]] == [(852, 0), (9, 0)]
    assert data["players"][1]["discard"] == "9h8h" and data["players"][0]["discard"] == ""
    assert data["players"][1]["equity"] == 9 / 861 and data["players"][1]["equity_se"] == 0.0
    r = run("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--discards", "-,9h8h")
    assert r.stdout.splitlines()[0] == "exact: every one of 861 deals counted (1 draw to come)"
    assert r.stdout.splitlines()[4] == " 2 9h 8h 5d 4c 2s  throws 9h 8h   1.045%  0.000%   1.045%"
    # Both drawing one card, checked deal by deal: 8-7-4-3-2 throwing the 8 against 9-8-6-4-2
    # throwing the 9.
    data = json.loads(run("odds", HAND, "9h8d6c4s2d", "--discards", "8s,9h", "--json").stdout)
    hero = [int(c) for c in parse_cards("7h4d3c2s")]
    opp = [int(c) for c in parse_cards("8d6c4s2d")]
    unseen = [c for c in range(52) if c not in parse_cards(HAND + "9h8d6c4s2d")]
    win, tie, lose, deals = _showdowns(hero, opp, unseen)
    assert (data["trials"], data["players"][0]["wins"], data["players"][0]["ties"]) == (deals, win, tie)
    assert data["players"][1]["wins"] == lose


def test_one_draw_decided_by_the_strategies_is_exact() -> None:
    # The default stands pat on a jack-low at the last draw: 9-8-5-4-2 is one, so both stand pat.
    r = run("odds", "7c6d4h3s2c", "9h8h5d4c2s")
    assert r.stdout.splitlines()[:2] == [
        "exact: every one of 1 deal counted (1 draw to come)",
        "strategy: default (pat=8/8/J,draw=7/7/8,one=8-6)",
    ]
    # pat=8 does not stand pat on it: keeping the cards up to 7 (and no one-card draw to an 8)
    # throws 9h 8h: the 861 deals counted by hand above, 9 of them won by the second hand.
    r = run("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--strategy", "pat=8,draw=7,one=none", "--json")
    data = json.loads(r.stdout)
    assert data["exact"] is True and data["trials"] == 861
    assert [(p["discard"], p["wins"]) for p in data["players"]] == [("", 852), ("9h8h", 9)]
    # Given discards leave nothing to a strategy in a single draw: a strategy given anyway is
    # refused rather than silently ignored (issue 11); without one there is no strategy line.
    r = run("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--discards", "-,9h8h", "--strategy", "snow")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (
        "lowball odds: --strategy 'snow': no hand draws by a strategy: --discards gives every discard of the "
        "one draw to come (a strategy decides the later draws of --draws 2 or 3)\n"
    )
    r = run("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--discards", "-,9h8h")
    assert "strategy" not in r.stdout and "throws 9h 8h" in r.stdout


def test_sampled_runs_are_reproducible_with_the_seed() -> None:
    # (a pat 7-6 against 9-8-5-4-2, which the default strategy draws to an 8, would win every
    # trial: two draws with chances both ways instead)
    args = ["odds", "7c6d4h3sKc", "9h7h5d4c2s", "--draws", "3", "--trials", "70000", "-q"]
    a = run(*args, "--seed", "5", "--threads", "1")
    b = run(*args, "--seed", "5", "--threads", "2")
    c = run(*args, "--seed", "6")
    assert a.exit_code == b.exit_code == c.exit_code == 0
    assert a.stdout == b.stdout and a.stdout != c.stdout
    assert a.stdout.splitlines()[:3] == [
        "sampled: 70,000 trials, seed 5 (3 draws to come; --seed 5 repeats this run)",
        "strategy: default (pat=8/8/J,draw=7/7/8,one=8-6)",  # no reshuffle: no line (issue 33)
        "",
    ]
    data = json.loads(run(*args, "--seed", "5", "--json").stdout)
    lib = odds.equity(["7c6d4h3sKc", "9h7h5d4c2s"], draws=3, trials=70000, seed=5)
    assert data["exact"] is False and data["seed"] == 5 and data["trials"] == 70000
    assert [(p["wins"], p["ties"], p["share"]) for p in data["players"]] == [
        (p.wins, p.ties, p.share) for p in lib.players
    ]
    assert data["players"][0]["equity_se"] == lib.players[0].equity_se > 0
    assert [p["discard"] for p in data["players"]] == [None, None]  # decided by the strategy each draw
    row = a.stdout.splitlines()[4]
    p = lib.players[0]
    assert row.endswith(f"{100 * p.equity:.3f}% \u00b1 {100 * p.equity_se:.3f}")
    # Without a seed the run prints the one it drew, and that seed repeats it.
    one = run(*args[:-1], "--trials", "1", "--seed", "2", "-q").stdout.splitlines()
    assert one[:2] == [
        "sampled: 1 trial, seed 2 (3 draws to come; --seed 2 repeats this run)",
        "strategy: default (pat=8/8/J,draw=7/7/8,one=8-6)",
    ]
    d = run(*args[:-1], "--trials", "1000", "-q")
    seed = re.search(r"--seed (\d+) repeats", d.stdout)
    assert seed is not None
    assert run(*args[:-1], "--trials", "1000", "-q", "--seed", seed.group(1)).stdout == d.stdout


def test_strategies_stderr_and_the_progress_bar() -> None:
    base = ["odds", "7c6d4h3s2c", "9h8h5d4c2s", "KcQd5s4d3d", "--draws", "2", "--seed", "3"]
    r = run(*base, "--strategy", "snow", "--strategy", "default", "--strategy", "pat=9,draw=8", "--trials", "70000")
    assert r.exit_code == 0, r.output
    assert "strategy: hand 1 snow; hand 2 default; hand 3 pat=9,draw=8" in r.stdout
    plans = [odds.Strategy.parse(t) for t in ("snow", "default", "pat=9,draw=8")]
    lib = odds.equity(["7c6d4h3s2c", "9h8h5d4c2s", "KcQd5s4d3d"], draws=2, strategies=plans, trials=70000, seed=3)
    data = json.loads(run(*base, "--strategy", "snow", "--strategy", "default", "--strategy", "pat=9,draw=8",
                          "--trials", "70000", "--json", "-q").stdout)  # fmt: skip
    assert [p["wins"] for p in data["players"]] == [p.wins for p in lib.players]
    # a sampled run shows a progress bar on standard error, never on standard output; -q none
    assert "sampling" in r.stderr and "sampling" not in r.stdout
    assert run(*base, "--trials", "70000", "-q").stderr == ""
    # --stderr stops at the first check (every 65,536 trials) where every equity is that close
    data = json.loads(run(*base, "--stderr", "0.01", "--json", "-q").stdout)
    assert data["trials"] == 65536 and max(p["equity_se"] for p in data["players"]) <= 0.01


def test_every_bad_input_is_one_line_and_exit_2() -> None:
    cases = {
        ("draw", "8s7h4d3c2"): "lowball draw: hand '8s7h4d3c2': ",
        ("draw", HAND, "--vs", "9h8d6c4sZz"): "lowball draw: --vs '9h8d6c4sZz': ",
        ("draw", HAND, "--vs", "9h8d6c4s2d:Kd"): "lowball draw: --vs discard: Kd is not in the opponent's hand",
        ("draw", HAND, "--vs", "9h8d6c4s2d:9x"): "lowball draw: --vs discard '9x': ",
        ("draw", HAND, "--vs", "9h8d6c4s2s"): "lowball draw: card 2s is in the hand and in --vs",
        ("draw", HAND, "--vs", "9h8d6c4s2d", "--vs-pat", "9"): "lowball draw: give one opponent",
        (
            "draw",
            HAND,
            "--vs-pat",
            "5-4",
        ): "lowball draw: --vs-pat '5-4': no low (a hand without a pair, a straight or a flush)",
        ("draw", HAND, "--target", "zz"): "lowball draw: --target 'zz': ",
        ("draw", HAND, "--dead", "8s"): "lowball draw: card 8s is in the hand and in --dead",
        ("draw", HAND, "--dead", "Q"): "lowball draw: --dead 'Q': ",
        ("draw", "8s", "7h", "4d", "3c", "2s"): "lowball draw: hand '8s' has 1 card: give each hand written",
        ("draw", HAND, "9h8d6c4s2d"): "lowball draw: give one hand, got 2: 8s7h4d3c2s 9h8d6c4s2d",
        ("odds", "7c6d4h3s2c"): "lowball odds: need at least two hands, got 1",
        ("odds", "7c6d4h3s2c", "7c8h5d4c2s"): "lowball odds: card 7c is in hand 1 and in hand 2",
        ("odds", "7c6d4h3s2c", "9h8h5d4c2x"): "lowball odds: hand 2 '9h8h5d4c2x': ",
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--dead", "2s"): "lowball odds: card 2s is in hand 2 and in --dead",
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--discards", "-"): "lowball odds: --discards '-': 1 discard for 2",
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--discards", "-,Kd"): (
            "lowball odds: --discards (hand 2): Kd is not in hand 2 9h8h5d4c2s"
        ),
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--strategy", "pat=zz"): "lowball odds: --strategy 'pat=zz': ",
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--strategy", "foo"): (
            "lowball odds: --strategy 'foo': expected pat=, draw=, one=, break= or best= (e.g. 'pat=8/8/J,draw=7'), "
            "or 'snow'\n"  # the text named once (it was "--strategy 'foo': strategy setting 'foo': ...")
        ),
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--strategy", "pat=9,draw=x"): (
            "lowball odds: --strategy 'pat=9,draw=x': draw=x: expected a rank 2..9, T, J, Q, K or A, the low "
            "to draw to; one value or three, one per draw (7/7/8)\n"
        ),
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "KcQd5s4d3d", "--strategy", "snow", "--strategy", "snow"): (
            "lowball odds: --strategy given 2 times for 3 hands"
        ),
        ("odds", "7s", "6h", "4d", "3c", "2s", "9h8h5d4c2c"): "lowball odds: hand '7s' has 1 card: give each hand",
        ("odds", *"7s 6h 4d 3c 2s 9h 8h 5d 4c 2c".split()): "lowball odds: hand '7s' has 1 card: give each hand",
    }
    for args, start in cases.items():
        r = run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert r.stdout == "", args
        assert r.stderr.startswith(start), (args, r.stderr)
        assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, (args, r.stderr)
    ten = ["".join(str(Card(c)) for c in range(5 * i, 5 * i + 5)) for i in range(10)]
    r = run("odds", *ten)
    assert r.exit_code == 2 and r.stderr == "lowball odds: 10 hands: at most 9\n"
    # Option values click checks: its usage error, naming the option and the value.
    usage = {
        ("draw", HAND, "--top", "0"): ("--top", "0"),
        ("draw", HAND, "--top", "33"): ("--top", "33"),
        ("draw", HAND, "--top", "x"): ("--top", "'x'"),
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--draws", "4"): ("--draws", "4"),
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--trials", "0"): ("--trials", "0"),
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--stderr", "0"): ("--stderr", "'0'"),
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--stderr", "1"): ("--stderr", "'1'"),
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--stderr", "abc"): ("--stderr", "'abc'"),
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--seed", "-1"): ("--seed", "-1"),
        ("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--threads", "0"): ("--threads", "0"),
        ("odds",): ("HAND HAND...", ""),
        ("draw",): ("HAND", ""),
    }
    for args, (option, value) in usage.items():
        r = run(*args)
        assert r.exit_code == 2, (args, r.output)
        # the commands' one style (issue 33): one line, the option first, no "Usage:" block
        assert r.stderr.startswith(f"lowball {args[0]}: ") and r.stderr.count("\n") == 1, (args, r.stderr)
        assert option in r.stderr and value in r.stderr, (args, r.stderr)
        assert "Traceback" not in r.stderr


def _all_but(cards: str, n: int) -> str:
    """The first ``n`` cards of the deck that are not in ``cards``, as text."""
    out = {int(c) for c in parse_cards(cards)}
    return "".join(str(Card(c)) for c in range(52) if c not in out)[: 2 * n]


def test_too_few_unseen_cards_for_the_table() -> None:
    # 44 removed cards leave 3: throwing four or five cannot be replaced (RULES.md 8: removed
    # cards never come back).
    r = run("draw", HAND, "--removed", _all_but(HAND, 44))
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == (
        "lowball draw: the table (throwing all five) needs 5 replacement cards, but only 3 can come: 3 cards in "
        "the stub and 0 dead cards that a reshuffle brings back from the muck (removed cards never come back)\n"
    )
    # 44 dead cards are the muck: throwing five takes the 3 stub cards and 2 of the 44 from the
    # reshuffled muck (the seeds' rule), C(44, 2) = 946 ways; throwing three takes the stub's 3.
    r = run("draw", HAND, "--dead", _all_but(HAND, 44), "--json")
    data = json.loads(r.stdout)
    rows = {g["discard"]: g for g in data["rows"]}
    assert (rows["8s7h4d3c2s"]["completions"], rows["8s7h4d3c2s"]["reshuffled"]) == (946, True)
    assert rows["8s7h4d"]["completions"] == 1 and "reshuffled" not in rows["8s7h4d"]
    assert data["stub"] == 3 and data["order"] == "mean-lows" and data["default_opponent"] is None
    text = run("draw", HAND, "--dead", _all_but(HAND, 44)).stdout.splitlines()
    assert text[2:4] == [
        "the stub cannot complete every discard: those draws take the rest from the muck (the dead cards) "
        "reshuffled, counted exactly",
        "no default opponent: the stub holds 3 cards, fewer than the five of its hand (a deal is never reshuffled)",
    ]
    # 42 dead leave 5: enough, and throwing all five has one replacement, the five left.
    data = json.loads(run("draw", HAND, "--dead", _all_but(HAND, 42), "--json").stdout)
    assert {g["discard"]: g["completions"] for g in data["rows"]}["8s7h4d3c2s"] == 1
    # Against an opponent drawing two, 6 in the stub are too few (5 + 2): the two draws would
    # need the reshuffle between them, which the exact count does not follow.
    both = HAND + "9h8d6c4s2d"
    r = run("draw", HAND, "--vs", "9h8d6c4s2d:9h8d", "--dead", _all_but(both, 36))
    assert r.exit_code == 2
    assert r.stderr == (
        "lowball draw: the table (throwing all five, against an opponent drawing 2) needs 7 replacement cards, "
        "but only 6 cards are in the stub: the rest would come from the muck reshuffled between the two draws "
        "(RULES.md section 4), which this exact count does not follow; lowball.odds.equity (lowball odds) "
        "samples it\n"
    )


def test_library_refuses_a_draw_larger_than_the_stub_and_muck() -> None:
    removed = _all_but(HAND, 44)
    with pytest.raises(LowballError, match="the discard needs 4 replacement cards, but only 3 can come"):
        odds.draw_outcomes(HAND, "8s7h4d3c", removed=removed).lows()
    with pytest.raises(LowballError, match=r"the table \(throwing all five\) needs 5 replacement cards, but only 3"):
        odds.discard_table(HAND, removed=removed)


def test_a_real_process() -> None:
    exe = shutil.which("lowball", path=str(Path(sys.executable).parent))
    assert exe
    p = subprocess.run([exe, "draw", HAND, "--top", "2", "--order", "mean-lows"], capture_output=True, text=True)
    assert p.returncode == 0 and p.stderr == ""
    assert p.stdout.splitlines()[-2] == " 2  7h 4d 3c 2s     1      17.0%   23.4%   31.9%   40.4%"
    p = subprocess.run(
        [exe, "odds", "7c6d4h3s2c", "9h8h5d4c2s", "--draws", "3", "--trials", "70000", "--seed", "5"],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0 and p.stdout == run("odds", "7c6d4h3s2c", "9h8h5d4c2s", "--draws", "3",
                                                  "--trials", "70000", "--seed", "5", "-q").stdout  # fmt: skip
    assert "sampling" in p.stderr  # click's bar on a pipe: the label, no animation
    p = subprocess.run([exe, "odds", "7c6d4h3s2c", "7c6d4h3s2d"], capture_output=True, text=True)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == "lowball odds: card 7c is in hand 1 and in hand 2: one deck holds it once\n"


# -- lowball play: ? ---------------------------------------------------------------------------


def test_pot_odds_text() -> None:
    assert pot_odds(2, 6) == "2 to call into a pot of 6: pot odds 3 to 1, a call needs 25.0% equity"
    assert pot_odds(4, 10) == "4 to call into a pot of 10: pot odds 5 to 2, a call needs 28.6% equity"
    assert pot_odds(13, 100) == "13 to call into a pot of 100: pot odds 7.69 to 1, a call needs 11.5% equity"


def test_question_mark_in_play_shows_the_draw_table_and_the_pot_odds() -> None:
    # Seed 1 heads-up (as tests/cli/test_cli_play.py): you are dealt Qc Js Th 6d 2c in the big
    # blind; the bot calls, you check; draw 1: ?; you throw the queen and jack and draw 9d Kd;
    # you check, the bot bets 2: ?; you call; draw 2: ?; quit.
    script = "x\n?\nd 1 2\nx\n?\nc\n?\nq\n"
    r = CliRunner().invoke(main, ["play", "--bots", "sensible", "--players", "2", "--seed", "1"], input=script)
    assert r.exit_code == 0, r.output
    out = r.output
    first = out.index("Your discards for this draw:\n")
    block = out[first:].splitlines()
    # two draws follow the first: the rows are weighed against the default opponent over all three
    assert block[1:7] == [
        "Qc Js Th 6d 2c (Q-J-T-6-2: Q-J low)",
        "47 unseen cards; every replacement counted exactly",
        f"default: your equity against {odds.DefaultOpponent(3, 20_000, 0)}",
        "chance of each low or better after the draw",
        "rows by the default column (--order mean-lows: by the mean of the lows)",
        "",
    ]
    assert block[7] == TABLE_HEAD + "  default"
    shown = block[8:16]
    assert block[16] == "(best 8 of 32 discards)"
    # the low columns from the independent count, the order by the default column (falling)
    brute = {tuple(sorted(_text(row["kept"]).split())): row for row in _brute_table("QcJsTh6d2c")}
    values = []
    for i, line in enumerate(shown, start=1):
        words = line.split()
        assert words[0] == str(i)
        row = brute[tuple(sorted(words[1:-6]))]
        assert words[-5:-1] == [f"{100 * row['counts'][k] / row['total']:.1f}%" for k in (7, 8, 9, 10)]
        values.append(float(words[-1].rstrip("%")))
    assert values == sorted(values, reverse=True)
    # Keep T-6-2 and draw two: two different ranks of 3, 4, 5, 7, 8, 9: C(6, 2) * 16 = 240 of
    # C(47, 2) = 1081, 22.2%, a 10-low; never a 9-low.
    assert any(line.split()[1:-1] == ["Th", "6d", "2c", "2", "0.0%", "0.0%", "0.0%", "22.2%"] for line in shown)
    # Facing the bet: 2 to call, pot 4 + 2.
    assert "Pot odds: 2 to call into a pot of 6: pot odds 3 to 1, a call needs 25.0% equity." in out
    # Draw 2: the queen and jack thrown are dead: 45 unseen. Keep T-9-6-2: a 3, 4, 5, 7 or 8
    # (20 cards) makes a 10-low: 20 of 45.
    second = out.index("Your discards for this draw:\n", first + 1)
    block = out[second:].splitlines()
    assert block[1:4] == [
        "Kd Th 9d 6d 2c (K-T-9-6-2: K-T low)",
        "45 unseen cards (Qc Js dead: in the muck); every replacement counted exactly",
        f"default: your equity against {odds.DefaultOpponent(2, 20_000, 0)}",
    ]
    assert block[8].startswith(" 1  Th 9d 6d 2c     1       0.0%    0.0%    0.0%   44.4%  ")
    # and ? still lists the keys
    assert out.count("d 9h Kd   discard these cards") == 3


def test_question_mark_with_nothing_to_price() -> None:
    # Seed 1 heads-up: at your first turn the bot has only called: nothing to call.
    r = CliRunner().invoke(main, ["play", "--bots", "sensible", "--players", "2", "--seed", "1"], input="?\nq\n")
    assert "Nothing to call: the pot odds show when you face a bet, the discards at a draw." in r.output

"""The `lowball` command and the draw odds under A-5 and badugi (issue 16): rank and compare
--ranking, draw --ranking (checked against a brute-force count), odds refusing them, hands shown
as a low is read with the ace low."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from lowball import odds, parse_cards
from lowball.cli import main
from lowball.cli.render import cards_text, sorted_hand
from lowball.errors import InvalidCardError, InvalidValueError
from lowball.evaluation import BadugiCategory, HandCategory, Ranking, evaluate


def run(*args: str, input: str | None = None):  # noqa: A002
    return CliRunner().invoke(main, list(args), input=input)


# -- rank and compare ---------------------------------------------------------------------------


def test_rank_a5() -> None:
    r = run("rank", "--ranking", "a-5", "5c4d3h2sAc", "6h 5h 4h 3h 2h", "AsAd4c3c2c", "KcKdKhKsQc")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "5c4d3h2sAc\t1\thigh card\t5-4-3-2-A: the wheel, the best A-5 hand",
        "6h5h4h3h2h\t6\thigh card\t6-5-4-3-2: 6-5 low",  # a straight flush is a 6-5 low
        "AsAd4c3c2c\t1288\tpair\tA-A-4-3-2: pair of aces",
        "KcKdKhKsQc\t6175\tfour of a kind\tK-K-K-K-Q: four of a kind, kings",
    ]


def test_rank_badugi_arguments_and_json() -> None:
    r = run("rank", "-r", "badugi", "4h3d2cAs", "8c5d3h2s", "7c3d2h2s", "Kc9c5d2d", "KcKdKhKs")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "4h3d2cAs\t1\tbadugi\t4-3-2-A: a 4-card badugi, 4 high, the best badugi",
        "8c5d3h2s\t42\tbadugi\t8-5-3-2: a 4-card badugi, 8 high",
        "7c3d2h2s\t738\tthree-card hand\t7-3-2: three-card 7",
        "Kc9c5d2d\t1031\ttwo-card hand\t9-2: two-card 9",
        "KcKdKhKs\t1092\tone-card hand\tK: one-card K",
    ]
    r = run("rank", "-r", "BADUGI", "--json", "8c5d3h2s")
    assert json.loads(r.output) == {
        "hand": "8c5d3h2s",
        "class": 42,
        "category": "badugi",
        "description": "8-5-3-2: a 4-card badugi, 8 high",
    }
    r = run("rank", "-r", "A-5", "--json", "8c7d4h3s2c")
    assert json.loads(r.output) == {
        "hand": "8c7d4h3s2c",
        "class": 40,
        "category": "high card",
        "description": "8-7-4-3-2: 8-7 low",
    }


def test_rank_badugi_file_both_ways_and_summary(tmp_path: Path) -> None:
    f = tmp_path / "hands.txt"
    # plain lines (the numpy path) and others (10 for ten, commas with spaces: one by one)
    f.write_text("# badugi\n4h3d2cAs\n8c 5d 3h 2s\n  7c, 3d, 2h, 2s\n10c9c5d2d\n\nKcKdKhKs\n")
    r = CliRunner().invoke(main, ["rank", "-r", "badugi", "-f", str(f), "--summary"])
    assert r.exit_code == 0, r.output
    assert [ln.split("\t")[:2] for ln in r.stdout.splitlines()] == [
        ["4h3d2cAs", "1"],
        ["8c5d3h2s", "42"],
        ["7c3d2h2s", "738"],
        ["Tc9c5d2d", "1031"],
        ["KcKdKhKs", "1092"],
    ]
    assert r.stderr.splitlines() == [
        "5 hands ranked",
        "  badugi                   2",
        "  three-card hand          1",
        "  two-card hand            1",
        "  one-card hand            1",
    ]


def test_rank_a5_summary_has_no_straights_or_flushes() -> None:
    r = CliRunner().invoke(main, ["rank", "-r", "a-5", "--summary", "5c4d3h2sAc", "AsAd4c3c2c"])
    assert r.stderr.splitlines() == [
        "2 hands ranked",
        "  high card                1",
        "  pair                     1",
        "  two pair                 0",
        "  three of a kind          0",
        "  full house               0",
        "  four of a kind           0",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-r", "badugi", "8c5d3h2s2d"], "lowball rank: hand '8c5d3h2s2d': expected 4 cards, got 5: 8c 5d 3h 2s 2d\n"),
        (["-r", "a-5", "8c5d3h2s"], "lowball rank: hand '8c5d3h2s': expected 5 cards, got 4: 8c 5d 3h 2s\n"),
        (
            ["-r", "badugi", "8c", "5d", "3h", "2s"],
            "lowball rank: hand '8c' has 1 card: give each hand written with spaces as one argument in quotes "
            '(lowball rank "4c 3d 2h As" ...)\n',
        ),
    ],
)
def test_rank_wrong_card_count_names_the_rankings_size(args: list[str], message: str) -> None:
    r = CliRunner().invoke(main, ["rank", *args])
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr == message


def test_rank_badugi_bad_line_in_standard_input() -> None:
    r = CliRunner().invoke(main, ["rank", "-r", "badugi", "-f", "-"], input="4h3d2cAs\n4h3d2cAs5s\n")
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr == "lowball rank: line 2: expected 4 cards, got 5: 4h 3d 2c As 5s\n"


def test_bad_ranking_is_refused() -> None:
    r = CliRunner().invoke(main, ["rank", "--ranking", "hi-lo", "4h3d2cAs"])
    assert r.exit_code == 2
    assert r.stderr == "lowball rank: --ranking: 'hi-lo' is not a hand ranking: expected 2-7, a-5 or badugi\n"


def test_rank_default_is_2_7_as_before() -> None:
    r = run("rank", "5c4d3h2sAc")
    assert r.output == "5c4d3h2sAc\t785\thigh card\tA-5-4-3-2: ace high, not a straight\n"


def test_compare_badugi_wsop_lar_304() -> None:
    r = run("compare", "--ranking", "badugi", "Ad2c3h6h", "Ac3d4h5h")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "* 1. Ad2c3h6h   716  3-2-A: three-card 3",
        "  2. Ac3d4h5h   718  4-3-A: three-card 4",
        "winner: hand 1 (Ad2c3h6h)",
    ]


def test_compare_a5_split_pot() -> None:
    r = run("compare", "-r", "a-5", "5c4d3h2sAc", "5d4c3s2hAd", "6c4d3h2sAc")
    assert r.output.splitlines() == [
        "* 1. 5c4d3h2sAc     1  5-4-3-2-A: the wheel, the best A-5 hand",
        "* 2. 5d4c3s2hAd     1  5-4-3-2-A: the wheel, the best A-5 hand",
        "  3. 6c4d3h2sAc     2  6-4-3-2-A: the nut six",
        "split pot: hands 1, 2 tie",
    ]


def test_compare_badugi_wrong_size() -> None:
    r = CliRunner().invoke(main, ["compare", "-r", "badugi", "Ad2c3h6h", "Ac3d4h5h9s"])
    assert r.exit_code == 2
    assert r.stderr == "lowball compare: hand 'Ac3d4h5h9s': expected 4 cards, got 5: Ac 3d 4h 5h 9s\n"


# -- hands shown as a low is read ----------------------------------------------------------------


def test_sorted_hand_puts_the_ace_last_in_a5_and_badugi() -> None:
    hand = parse_cards("Ac 2s 5c 3h 4d")
    assert cards_text(sorted_hand(hand, Ranking.ACE_TO_FIVE)) == "5c 4d 3h 2s Ac"
    assert cards_text(sorted_hand(hand)) == "Ac 5c 4d 3h 2s"  # 2-7: the ace high, as before
    assert cards_text(parse_cards("2c As 3d 4h"), sort=True, ranking=Ranking.BADUGI) == "4h 3d 2c As"
    assert cards_text(parse_cards("Ac Ad 3d"), sort=True, ranking=Ranking.BADUGI) == "3d Ac Ad"


# -- draw odds: a brute-force count ----------------------------------------------------------------


def _brute(hand: str, discard: str, ranking: str, dead: str = "") -> dict[int, int]:
    """Class -> completions, by evaluating every completion one at a time."""
    cards = parse_cards(hand)
    thrown = parse_cards(discard) if discard else ()
    out = set(cards) | set(parse_cards(dead) if dead else ())
    unseen = [c for c in range(52) if c not in {int(x) for x in out}]
    kept = [int(c) for c in cards if c not in thrown]
    counts: dict[int, int] = {}
    for extra in itertools.combinations(unseen, len(thrown)):
        cls = evaluate([*kept, *extra], ranking)
        counts[cls] = counts.get(cls, 0) + 1
    return counts


@pytest.mark.parametrize(
    ("hand", "discard", "ranking", "dead"),
    [
        ("Kc2d3h4s", "Kc", "badugi", ""),
        ("Kc2d3h4h", "Kc 4h", "badugi", "5c 6s"),
        ("Kc2d3h4h", "", "badugi", ""),
        ("9c8d4h2sAc", "9c", "a-5", ""),
        ("KdKhTd7h6d", "Kd Kh", "a-5", "Ac"),
    ],
)
def test_draw_outcomes_match_a_brute_force_count(hand: str, discard: str, ranking: str, dead: str) -> None:
    o = odds.draw_outcomes(hand, discard, dead, ranking=ranking)
    expected = _brute(hand, discard, ranking, dead)
    assert {c: int(n) for c, n in enumerate(o.counts) if n} == expected
    assert o.total == sum(expected.values())
    assert o.counts.shape == (Ranking(ranking).num_classes + 1,)
    assert o.ranking is Ranking(ranking)


def test_draw_outcomes_badugi_counts() -> None:
    # Kc thrown from Kc 2d 3h 4s: the 9 clubs below the king (A, 5..Q) make a four-card badugi,
    # the A, 5, 6, 7 of them a 7-high one or better; 48 cards unseen
    o = odds.draw_outcomes("Kc2d3h4s", "Kc", ranking="badugi")
    assert o.total == 48
    assert o.low_counts() == {7: 4, 8: 5, 9: 6, 10: 7}
    assert o.by_category() == {
        BadugiCategory.FOUR_CARD: 9 / 48,
        BadugiCategory.THREE_CARD: 39 / 48,
        BadugiCategory.TWO_CARD: 0.0,
        BadugiCategory.ONE_CARD: 0.0,
    }
    assert o.count("6") == 3  # the A, 5 and 6 of clubs: a four-card 6 or better
    # as good as the K-high badugi thrown: the nine badugis; a three-card 4-3-2 is worse
    assert o.count(evaluate("Kc2d3h4s", "badugi")) == 9


def test_draw_outcomes_a5_categories() -> None:
    # a pair of kings thrown from K-K-T-7-6: no straight or flush category in A-5
    cats = odds.draw_outcomes("KdKhTd7h6d", "Kd Kh", ranking="a-5").by_category()
    assert list(cats) == [
        HandCategory.HIGH_CARD,
        HandCategory.PAIR,
        HandCategory.TWO_PAIR,
        HandCategory.THREE_OF_A_KIND,
        HandCategory.FULL_HOUSE,
        HandCategory.FOUR_OF_A_KIND,
    ]
    assert sum(cats.values()) == pytest.approx(1.0)


def test_threshold_a5_and_badugi_are_the_roughest_hand() -> None:
    assert odds.threshold("8-6", ranking="a-5") == evaluate("8c6d5h4s3c", "a-5")
    assert odds.threshold("9", ranking="a-5") == evaluate("9c8d7h6s5c", "a-5")
    assert odds.threshold("6-4-3-2-A", ranking="a-5") == 2
    assert odds.threshold("9", ranking="badugi") == evaluate("9c8d7h6s", "badugi")
    assert odds.threshold("8-5", ranking="badugi") == evaluate("8c5d4h3s", "badugi")
    assert odds.lows_of("badugi") == {
        r: evaluate(h, "badugi") for r, h in {7: "7c6d5h4s", 8: "8c7d6h5s", 9: "9c8d7h6s", 10: "Tc9d8h7s"}.items()
    }
    with pytest.raises(InvalidValueError, match="no four-card badugi has those top ranks"):
        odds.threshold("4-4", ranking="badugi")
    with pytest.raises(InvalidValueError, match="target = 1093: expected a whole number 1..1092"):
        odds.threshold(1093, ranking="badugi")
    with pytest.raises(InvalidCardError, match="expected a badugi class 1..1092, 4 cards"):
        odds.threshold("Kc2d3h4s5s", ranking="badugi")
    with pytest.raises(InvalidCardError, match="expected an A-5 lowball class 1..6175, 5 cards"):
        odds.threshold("Kc2d3h4s", ranking="a-5")


def test_discard_table_badugi_rows_are_draw_outcomes() -> None:
    table = odds.discard_table("Kc2d3h4h", ranking="badugi", vs="8c7d6h5s")
    assert len(table) == 16
    assert table.ranking is Ranking.BADUGI
    for row in table:
        direct = odds.draw_outcomes("Kc2d3h4h", row.discard, "8c7d6h5s", ranking="badugi")
        assert np.array_equal(row.outcomes.counts, direct.counts)
        assert row.counts is not None
        win, tie, lose, total = row.counts
        assert win == direct.count(evaluate("8c7d6h5s", "badugi")) - int(direct.counts[evaluate("8c7d6h5s", "badugi")])
        assert win + tie + lose == total == direct.total
    assert cards_text(table.best().kept, sort=True, ranking=Ranking.BADUGI) == "3h 2d"


def test_drawing_opponent_and_equity_refused_for_new_rankings() -> None:
    with pytest.raises(InvalidValueError, match="a drawing opponent is counted for 2-7 only"):
        odds.discard_table("Kc2d3h4h", ranking="badugi", vs=("8c7d6h5s", "8c"))
    with pytest.raises(InvalidValueError, match="the equity of badugi hands is not counted"):
        odds.equity(["Kc2d3h4h", "8c7d6h5s"], ranking="badugi")
    with pytest.raises(InvalidValueError, match="the equity of A-5 lowball hands is not counted"):
        odds.equity(["5c4d3h2sAc", "8c7d6h5s4c"], ranking=Ranking.ACE_TO_FIVE)


# -- lowball draw and odds -----------------------------------------------------------------------


def test_draw_badugi_command() -> None:
    r = run("draw", "-r", "badugi", "Kc2d3h4h", "--vs-pat", "8", "--top", "3")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "badugi: Kc 4h 3h 2d (K-3-2: three-card K)",
        "48 unseen cards; every replacement counted exactly",
        "vs a pat 8-7-6-5: a 4-card badugi, 8 high (its cards unknown: none taken out of the deck)",
        "chance of a four-card badugi this high or better after the draw, and against the opponent",
        "",
        " #  keep         draw  7-high  8-high  9-high  T-high     win     tie  equity",
        " 1  3h 2d        2       1.8%    2.7%    3.7%    5.0%    2.7%    0.0%    2.7%",
        " 2  4h 2d        2       1.8%    2.7%    3.7%    5.0%    2.7%    0.0%    2.7%",
        " 3  3h           3       0.6%    1.0%    1.7%    2.6%    1.0%    0.0%    1.0%",
        "(best 3 of 16 discards)",
    ]


def test_draw_a5_json() -> None:
    # ordered by the chance of an 8-low: one card to 8-4-2-A first (the pat 9 makes none)
    r = run("draw", "--ranking", "a-5", "9c8d4h2sAc", "--json", "--top", "1", "--target", "8")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    expected = odds.draw_outcomes("9c8d4h2sAc", "9c", ranking="a-5")
    assert data["ranking"] == "a-5"
    assert data["hand"] == "9c8d4h2sAc"
    [row] = data["rows"]
    assert (row["keep"], row["discard"], row["draw"], row["completions"]) == ("8d4h2sAc", "9c", 1, 47)
    assert row["low_counts"] == {str(k): v for k, v in expected.low_counts().items()}
    assert row["low_counts"] == {"7": 0, "8": 16, "9": 19, "10": 23}
    assert row["target_count"] == 16
    assert data["target"] == {"class": 56, "description": "8-7-6-5-4: 8-7 low"}


def test_draw_refuses_a_drawing_opponent_in_badugi() -> None:
    r = CliRunner().invoke(main, ["draw", "-r", "badugi", "Kc2d3h4h", "--vs", "8c7d6h5s:8c"])
    assert r.exit_code == 2
    assert r.stderr == (
        "lowball draw: --vs '8c7d6h5s:8c': a drawing opponent is counted for 2-7 only; in badugi give a pat "
        "hand (--vs HAND) or --vs-pat\n"
    )


def test_odds_refuses_a5_and_badugi_by_name() -> None:
    r = CliRunner().invoke(main, ["odds", "-r", "a-5", "5c4d3h2sAc", "8c7d6h5s4c"])
    assert r.exit_code == 2
    assert r.stderr == (
        "lowball odds: --ranking a-5: the equity of A-5 lowball hands is not counted (the equity kernel ranks "
        "2-7 hands only); for the odds of a draw: lowball draw --ranking a-5 HAND\n"
    )

"""The hand orderings that rulebooks and rooms publish, each example a test (issue 16).

Sources (RULES.md section 11 lists them with their addresses):
- WSOP-LAR: WSOP Live Action Rules (the 2023 text the WSOP publishes), the ace-to-five lowball
  section (before rule 287) and rules 303-304 (badugi); rule 291 for the 2-7 contrasts.
- BARGE: the BARGE mixed-game rulebook (barge.org/rulebook), its badugi chapter and Appendix A,
  "Lowball Scales", with the table of the 56 best hands of each low scale.
- Robert's Rules of Poker (Bob Ciaffone), "Ace-to-Five Lowball".
- checknraise: checknraisepoker.com, "Badugi Poker Hand Ranking", a list of example hands.
"""

from __future__ import annotations

import itertools

import pytest

import lowball

A5 = "a-5"
BADUGI = "badugi"


def a5(hand: str) -> int:
    return lowball.evaluate(hand, ranking=A5)


def badugi(hand: str) -> int:
    return lowball.evaluate(hand, ranking=BADUGI)


def with_suits(ranks: str, suits: str = "cdhsc") -> str:
    """Card text of ranks written as BARGE writes them ("6432A"), suits in turn."""
    return "".join(r + s for r, s in zip(ranks, suits))


# --- ace-to-five ---------------------------------------------------------------------------

# BARGE Appendix A, "Rank of Lowball Hands": the 56 best hands of each scale, best first (the
# 2-7 hands not all of one suit). Numbers 1..56 are our classes 1..56 in both rankings.
BARGE_A5 = (
    "5432A 6432A 6532A 6542A 6543A 65432 7432A 7532A 7542A 7543A 75432 7632A 7642A 7643A 76432 "
    "7652A 7653A 76532 7654A 76542 76543 8432A 8532A 8542A 8543A 85432 8632A 8642A 8643A 86432 "
    "8652A 8653A 86532 8654A 86542 86543 8732A 8742A 8743A 87432 8752A 8753A 87532 8754A 87542 "
    "87543 8762A 8763A 87632 8764A 87642 87643 8765A 87652 87653 87654"
).split()
BARGE_27 = (
    "75432 76432 76532 76542 85432 86432 86532 86542 86543 87432 87532 87542 87543 87632 87642 "
    "87643 87652 87653 95432 96432 96532 96542 96543 97432 97532 97542 97543 97632 97642 97643 "
    "97652 97653 97654 98432 98532 98542 98543 98632 98642 98643 98652 98653 98654 98732 98742 "
    "98743 98752 98753 98754 98762 98763 98764 T5432 T6432 T6532 T6542"
).split()


def test_barge_table_of_the_56_best_a5_hands() -> None:
    assert len(BARGE_A5) == 56
    assert [a5(with_suits(h)) for h in BARGE_A5] == list(range(1, 57))
    # One suit changes nothing in A-5: the same hands all in hearts.
    assert [a5(with_suits(h, "hhhhh")) for h in BARGE_A5] == list(range(1, 57))


def test_barge_table_of_the_56_best_27_hands() -> None:
    """The same table's 2-7 column: the 2-7 ranking (unchanged by issue 16) agrees too."""
    assert len(BARGE_27) == 56
    assert [lowball.evaluate(with_suits(h)) for h in BARGE_27] == list(range(1, 57))
    assert lowball.evaluate(with_suits("T5432")) == 53  # "Number #53 is the perfect ten"


def test_barge_counts_of_the_best_a5_hands() -> None:
    """A-5: one five, 5 sixes, 15 sevens and 35 eights, 56 hands eight or better; 2-7: four
    sevens, 14 eights and 34 nines (BARGE Appendix A), counted over every class."""
    a5_tops = [lowball.describe(c, ranking=A5)[0] for c in range(1, 57)]
    assert [a5_tops.count(t) for t in "5678"] == [1, 5, 15, 35]
    assert lowball.describe(57, ranking=A5).startswith("9-4-3-2-A")
    tops_27 = [lowball.describe(c)[0] for c in range(1, 53)]
    assert [tops_27.count(t) for t in "789"] == [4, 14, 34]


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("AhAd7c6s5s", "2h2d5c4s3s"),  # BARGE: AA765 beats 22543 (aces are the lowest pair)
        ("AhAd6c5s4s", "AcAs7c3h2d"),  # BARGE: AA654 beats AA732 (then the rest from the top)
        ("5s4d3h2cAs", "6s4d3h2cAd"),  # WSOP-LAR A-5 section: the best hand is 5-4-3-2-A
        ("5s4s3s2sAs", "6s4d3h2cAd"),  # ... any 5-4-3-2-A: its straight and flush do not count
        ("KhQhJhTh9h", "AhAd2c3s4s"),  # the worst no-pair hand (even a "straight flush") beats a pair
        ("6h5d4c3s2s", "7h4d3c2sAs"),  # 6-5-4-3-2 is a six, not a straight
    ],
)
def test_a5_published_pairs(better: str, worse: str) -> None:
    assert a5(better) < a5(worse)
    assert lowball.winners([worse, better], ranking=A5) == [1]


def test_a5_any_wheel_ties() -> None:
    """WSOP-LAR: "the best hand is any 5-4-3-2-A"; Robert's Rules the same: every suit choice."""
    wheels = {a5(with_suits("5432A", suits)) for suits in itertools.product("cdhs", repeat=5)}
    assert wheels == {1}
    hands = ["5s4s3s2sAs", "5h4d3c2sAd", "Ah2d3c4s5h"]
    assert lowball.winners(hands, ranking=A5) == [0, 1, 2]


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("2h2d5c4s3s", "AhAd7c6s5s"),  # BARGE: in 2-7, 22543 beats AA765
        ("7h6d5c4s3s", "8h7d6c5s4s"),  # BARGE: 76543 beats 87654 (both straights)
        ("8h6h5h4h3h", "9c5c4c3c2c"),  # BARGE: an 86543 flush beats a 95432 flush
        ("Kh5d4c3s2s", "As5d4c3s2h"),  # WSOP-LAR 291: A-5-4-3-2 is ace high, beaten by king high
    ],
)
def test_27_contrasts_published_with_the_a5_rules(better: str, worse: str) -> None:
    """The same sources' 2-7 examples, where the rules differ from A-5: 2-7 is unchanged."""
    assert lowball.evaluate(better) < lowball.evaluate(worse)
    assert lowball.evaluate(better, ranking="2-7") == lowball.evaluate(better)


def test_a5_and_27_disagree_where_the_rules_do() -> None:
    assert a5("AhAd7c6s5s") < a5("2h2d5c4s3s")
    assert lowball.evaluate("AhAd7c6s5s") > lowball.evaluate("2h2d5c4s3s")
    assert a5("7h6d5c4s3s") < a5("8h7d6c5s4s")  # no straights in A-5 either, but 7 beats 8


# --- badugi ------------------------------------------------------------------------------------


def test_wsop_303_the_best_hand_in_any_order() -> None:
    """WSOP-LAR 303: A-2-3-4 of clubs, diamonds, hearts, spades "in any sequence"."""
    classes = {badugi("".join(r + s for r, s in zip("A234", suits))) for suits in itertools.permutations("cdhs")}
    assert classes == {1}
    assert badugi("4s3hAc2d") == 1


def test_wsop_304_three_card_hands() -> None:
    """WSOP-LAR 304: Ad-2c-3h-6h beats Ac-3d-4h-5h: the three lowest unsuited cards Ad-2c-3h."""
    assert badugi("Ad2c3h6h") < badugi("Ac3d4h5h")
    assert lowball.winners(["Ac3d4h5h", "Ad2c3h6h"], ranking=BADUGI) == [1]
    assert lowball.category("Ad2c3h6h", ranking=BADUGI) is lowball.BadugiCategory.THREE_CARD
    assert lowball.category("Ac3d4h5h", ranking=BADUGI) is lowball.BadugiCategory.THREE_CARD
    assert badugi("Ad2c3h6h") == badugi("Ad2c3hKh")  # the fourth card does not play


def test_barge_badugi_examples() -> None:
    # The best hand is 432A rainbow; the weakest badugi KQJT rainbow beats any three-card hand.
    assert badugi("4c3d2hAs") == 1
    assert badugi("KcQdJhTs") == 715
    assert min(badugi(h) for h in ("3c2dAh3s", "3c2dAh4c", "3c2dAhAs")) == 716
    # 7s3s2hAd and 3c3d2sAh both play 32A: they split; the fourth card is not used.
    assert lowball.winners(["7s3s2hAd", "3c3d2sAh"], ranking=BADUGI) == [0, 1]
    # 7s4c2h2d (742) beats 7d5cAhAd (75A).
    assert badugi("7s4c2h2d") < badugi("7d5cAhAd")
    assert lowball.winners(["7d5cAhAd", "7s4c2h2d"], ranking=BADUGI) == [1]


# checknraisepoker.com's examples: (hand, the cards it plays as the page gives them).
CHECKNRAISE = [
    ("As2h3d4c", "A234", lowball.BadugiCategory.FOUR_CARD),
    ("3h5s8cTd", "358T", lowball.BadugiCategory.FOUR_CARD),
    ("7d8c9hTs", "789T", lowball.BadugiCategory.FOUR_CARD),
    ("2h6d6c9s", "269", lowball.BadugiCategory.THREE_CARD),  # the second 6 is ignored
    ("3h5d7sQh", "357", lowball.BadugiCategory.THREE_CARD),  # the higher heart is ignored
    ("Ad4s5d7c", "A47", lowball.BadugiCategory.THREE_CARD),  # the higher diamond is ignored
    ("4h4d4c6s", "46", lowball.BadugiCategory.TWO_CARD),
    ("6c7s8s9s", "67", lowball.BadugiCategory.TWO_CARD),
    ("8h5d3sAh", "A35", lowball.BadugiCategory.THREE_CARD),  # "three card five"
    ("7h5d4d3s", "347", lowball.BadugiCategory.THREE_CARD),  # "three card seven"
    ("AdAs2d2c", "A2", lowball.BadugiCategory.TWO_CARD),  # "two-card deuce"
    ("QdJd8d4d", "4", lowball.BadugiCategory.ONE_CARD),  # "one-card four"
    ("4d7d8dTd", "4", lowball.BadugiCategory.ONE_CARD),
    ("AdAsAhAc", "A", lowball.BadugiCategory.ONE_CARD),
]


@pytest.mark.parametrize(("hand", "plays", "cat"), CHECKNRAISE)
def test_checknraise_examples(hand: str, plays: str, cat: lowball.BadugiCategory) -> None:
    assert lowball.category(hand, ranking=BADUGI) is cat
    assert cat.cards == len(plays)
    shown = lowball.describe(hand, ranking=BADUGI).split(":")[0]
    assert shown == "-".join(sorted(plays, key="A23456789TJQK".index, reverse=True))


def test_checknraise_orderings() -> None:
    # "3s-5d-7h-8c will beat Ah-2c-3d-9s": the lower top card wins among badugis.
    assert badugi("3s5d7h8c") < badugi("Ah2c3d9s")
    # 8h-5d-3s-Ah (three-card five) loses to any badugi and beats 7h-5d-4d-3s (three-card seven).
    assert 715 < badugi("8h5d3sAh") < badugi("7h5d4d3s")
    # Every three-card hand beats every two-card hand.
    assert badugi("KcQdJhJc") < badugi("AdAs2d2c")


def test_checknraise_slip_ah_ad_2c_3h_is_three_cards() -> None:
    """The page lists Ah-Ad-2c-3h as a two-card hand (A-2); by the rule it plays three cards.

    Ad-2c-3h are three suits and three ranks (WSOP-LAR 303-304), so the hand is a three-card
    3-2-A, the best three-card hand. We follow the rule, not the page's example.
    """
    assert lowball.category("AhAd2c3h", ranking=BADUGI) is lowball.BadugiCategory.THREE_CARD
    assert badugi("AhAd2c3h") == 716

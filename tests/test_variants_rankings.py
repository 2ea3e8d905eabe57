"""Variant.ranking and Variant.hand_size (issue 16): the fields and their checks, the ready-made
A-5 triple draw and badugi variants, and the engine following them: the deal, the draws, views,
the showdown under the variant's ranking, the reshuffle at a full badugi table, and saving."""

from __future__ import annotations

import json

import pytest

import lowball
from lowball import DECK, Card, Deck, HandState, LowballError, Ranking, parse_cards
from lowball.errors import InvalidDiscardError
from lowball.variants import (
    ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT,
    BADUGI_FIXED_LIMIT,
    TRIPLE_DRAW_FIXED_LIMIT,
    VARIANTS,
    FixedLimit,
    ForcedBets,
    Variant,
    VariantError,
)

A5 = ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT
BADUGI = BADUGI_FIXED_LIMIT


def variant(**kw: object) -> Variant:
    return Variant(
        name="x",
        draws=3,
        betting=FixedLimit(small_bet=2, big_bet=4),
        forced=ForcedBets(small_blind=1, big_blind=2),
        **kw,
    )


def stacked(hands: list[str]) -> Deck:
    """A deck that deals ``hands`` (by position), one card at a time round the table, then the
    rest of the deck in card order."""
    parsed = [parse_cards(h) for h in hands]
    held = {c for h in parsed for c in h}
    order = [parsed[p][i] for i in range(len(parsed[0])) for p in range(len(parsed))]
    return Deck.from_order(order + [c for c in DECK if c not in held], seed=0)


def check_down(state: HandState) -> None:
    """Call the button's small blind, then stand pat and check to the showdown."""
    state.call()
    while not state.is_complete:
        if state.phase == "drawing":
            state.stand_pat()
        else:
            state.check()


def showdown(state: HandState) -> list[tuple[str, int | None, int, int]]:
    return [(e.kind, e.position, e.amount, e.hand_class) for e in state.events if e.kind in ("show", "muck", "win")]


# -- the fields ------------------------------------------------------------------------------


def test_the_default_is_2_7_with_five_cards() -> None:
    v = variant()
    assert (v.ranking, v.hand_size) == (Ranking.DEUCE_TO_SEVEN, 5)
    assert (TRIPLE_DRAW_FIXED_LIMIT.ranking, TRIPLE_DRAW_FIXED_LIMIT.hand_size) == (Ranking.DEUCE_TO_SEVEN, 5)


@pytest.mark.parametrize(
    ("given", "ranking", "size"),
    [
        ("badugi", Ranking.BADUGI, 4),
        ("A-5", Ranking.ACE_TO_FIVE, 5),
        ("a-5", Ranking.ACE_TO_FIVE, 5),
        (Ranking.BADUGI, Ranking.BADUGI, 4),
        ("2-7", Ranking.DEUCE_TO_SEVEN, 5),
    ],
)
def test_the_hand_size_follows_the_ranking(given: object, ranking: Ranking, size: int) -> None:
    v = variant(ranking=given)
    assert (v.ranking, v.hand_size) == (ranking, size)
    assert variant(ranking=given, hand_size=size) == v


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        (
            {"ranking": "badugi", "hand_size": 5},
            "Variant.hand_size = 5 does not fit Variant.ranking = 'badugi': badugi ranks hands of exactly 4 cards",
        ),
        (
            {"hand_size": 4},
            "Variant.hand_size = 4 does not fit Variant.ranking = '2-7': 2-7 lowball ranks hands of exactly 5 cards",
        ),
        (
            {"ranking": "a-5", "hand_size": 4},
            "Variant.hand_size = 4 does not fit Variant.ranking = 'a-5': A-5 lowball ranks hands of exactly 5 cards",
        ),
        ({"ranking": "razz"}, "Variant.ranking = 'razz': expected a lowball Ranking or one of '2-7', 'a-5', 'badugi'"),
        ({"ranking": ["x"]}, "Variant.ranking = ['x']: expected a lowball Ranking or one of '2-7', 'a-5', 'badugi'"),
        ({"ranking": None}, "Variant.ranking = None: expected a lowball Ranking or one of '2-7', 'a-5', 'badugi'"),
        ({"hand_size": 0}, "Variant.hand_size = 0: expected a whole number 1 or more"),
        ({"hand_size": "4"}, "Variant.hand_size = '4': expected a whole number"),
    ],
)
def test_a_bad_ranking_or_hand_size_is_refused(kw: dict[str, object], message: str) -> None:
    with pytest.raises(VariantError) as e:
        variant(**kw)
    assert str(e.value).startswith(message)


def test_replace_a_ranking_takes_its_hand_size() -> None:
    v = TRIPLE_DRAW_FIXED_LIMIT.replace(ranking="badugi")
    assert (v.ranking, v.hand_size) == (Ranking.BADUGI, 4)
    assert BADUGI.replace(ranking="a-5").hand_size == 5
    assert BADUGI.replace(max_players=10).hand_size == 4
    with pytest.raises(VariantError, match="^Variant.hand_size = 5 does not fit Variant.ranking = 'badugi'"):
        TRIPLE_DRAW_FIXED_LIMIT.replace(ranking="badugi", hand_size=5)
    with pytest.raises(VariantError, match="^Variant.hand_size = 5 does not fit Variant.ranking = 'badugi'"):
        BADUGI.replace(hand_size=5)


def test_a_2_7_description_is_what_it_was() -> None:
    """2-7 variants write no ranking and no hand size: a saved table or hand of before issue 16
    reads the same, and what is written now is byte for byte what was written then."""
    assert TRIPLE_DRAW_FIXED_LIMIT.to_dict() == {
        "name": "2-7 triple draw, fixed limit",
        "code": "F2L3D",
        "draws": 3,
        "betting": {"kind": "fixed", "small_bet": 2, "big_bet": 4, "max_raises": 4, "uncapped_heads_up": True},
        "forced": {"small_blind": 1, "big_blind": 2, "ante": 0, "big_blind_ante": False},
        "reshuffle": "seeds",
        "burn": False,
        "max_players": 6,
        "open_fold": False,
        "show_all_hands": False,
    }
    assert Variant.from_dict(TRIPLE_DRAW_FIXED_LIMIT.to_dict()) == TRIPLE_DRAW_FIXED_LIMIT
    assert "ranking" not in HandState(TRIPLE_DRAW_FIXED_LIMIT, [10, 10], seed=1).to_dict()["variant"]


@pytest.mark.parametrize("v", [A5, BADUGI], ids=["a-5", "badugi"])
def test_a5_and_badugi_descriptions_carry_the_ranking(v: Variant) -> None:
    d = v.to_dict()
    assert (d["ranking"], d["hand_size"]) == ((v.ranking.value, v.hand_size))
    back = Variant.from_dict(json.loads(json.dumps(d)))
    assert back == v and back.code == v.code
    without_size = {k: x for k, x in d.items() if k != "hand_size"}
    assert Variant.from_dict(without_size) == v


def test_a_description_with_a_size_that_does_not_fit_is_refused() -> None:
    d = {**BADUGI.to_dict(), "hand_size": 5}
    with pytest.raises(VariantError, match="^Variant.hand_size = 5 does not fit Variant.ranking = 'badugi'"):
        Variant.from_dict(d)
    with pytest.raises(VariantError, match="^Variant.ranking = 'omaha': expected a lowball Ranking"):
        Variant.from_dict({**BADUGI.to_dict(), "ranking": "omaha"})


# -- the ready-made variants -----------------------------------------------------------------


def test_the_ready_made_a5_and_badugi_variants() -> None:
    assert A5 == Variant(
        name="A-5 triple draw, fixed limit",
        draws=3,
        betting=FixedLimit(small_bet=2, big_bet=4),
        forced=ForcedBets(small_blind=1, big_blind=2),
        max_players=6,  # WSOP-LAR 290
        ranking=Ranking.ACE_TO_FIVE,
    )
    assert (A5.code, A5.hand_size) == ("LB-FA5L3D", 5)
    assert BADUGI == Variant(
        name="badugi, fixed limit",
        draws=3,
        betting=FixedLimit(small_bet=2, big_bet=4),
        forced=ForcedBets(small_blind=1, big_blind=2),
        max_players=8,  # WSOP-LAR 312
        ranking=Ranking.BADUGI,
    )
    assert (BADUGI.code, BADUGI.hand_size) == ("FB", 4)
    assert list(VARIANTS) == ["F2L3D", "P2L3D", "N2L3D", "F2L1D", "P2L1D", "N2L1D", "LB-FA5L3D", "FB"]
    assert VARIANTS["FB"] is BADUGI and VARIANTS["LB-FA5L3D"] is A5
    assert lowball.BADUGI_FIXED_LIMIT is BADUGI and lowball.ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT is A5
    assert {"BADUGI_FIXED_LIMIT", "ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT"} <= set(lowball.__all__)


def test_badugi_seats_eight_and_a5_six() -> None:
    assert HandState(BADUGI, [20] * 8, seed=1).n == 8
    with pytest.raises(VariantError, match=r"^9 players: badugi, fixed limit seats 2\.\.8$"):
        HandState(BADUGI, [20] * 9, seed=1)
    with pytest.raises(VariantError, match=r"^7 players: A-5 triple draw, fixed limit seats 2\.\.6$"):
        HandState(A5, [20] * 7, seed=1)


# -- the engine ------------------------------------------------------------------------------


def test_badugi_deals_four_cards_and_draws_zero_to_four() -> None:
    s = HandState(BADUGI, [50, 50, 50], deck=stacked(["Ad2c3h6h", "Ac3d4h5h", "KsQsJsTs"]))
    assert [e.cards for e in s.events if e.kind == "deal"] == [
        parse_cards("Ad2c3h6h"),
        parse_cards("Ac3d4h5h"),
        parse_cards("KsQsJsTs"),
    ]
    assert [e.number for e in s.events if e.kind == "deal"] == [4, 4, 4]
    assert s.view(2).hand_sizes == (4, 4, 4)
    s.call()  # the button
    s.call()  # the small blind
    s.check()  # the big blind
    legal = s.legal_actions()
    assert (legal.position, legal.draw, legal.max_discards) == (0, True, 4)
    with pytest.raises(InvalidDiscardError, match=r"^position 0 \(p1\) cannot discard Ks: it is not in that"):
        s.discard([*s.hand(0), Card("Ks")])
    assert s.legal_actions() == legal and s.hand(0) == parse_cards("Ad2c3h6h")
    assert s.discard("6h") == (Card("2d"),)  # the rest of the deck in card order: 2d 2h 2s 3c ...
    assert s.discard(s.hand(1)) == parse_cards("2h2s3c3s")
    s.stand_pat()
    assert s.view(1).drawn == ((1, 4, 0),)
    assert s.view(1).hand_sizes == (4, 4, 4)


def test_wsop_lar_304_at_the_showdown() -> None:
    """WSOP-LAR 304: Ad-2c-3h-6h (three-card 3, class 716) beats Ac-3d-4h-5h (three-card 4,
    class 718); the beaten hand, shown second, is mucked unseen (WSOP-LAR 145)."""
    s = HandState(BADUGI, [50, 50], deck=stacked(["Ad2c3h6h", "Ac3d4h5h"]))
    check_down(s)
    assert showdown(s) == [("show", 0, 0, 716), ("muck", 1, 0, 0), ("win", 0, 4, 716)]
    assert s.payoffs == (2, -2)


@pytest.mark.parametrize(
    ("v", "expected", "payoffs"),
    [
        # 2-7: 7-5-4-3-2 is number one; A-6 high is worse, mucked unseen
        (TRIPLE_DRAW_FIXED_LIMIT, [("show", 0, 0, 1), ("muck", 1, 0, 0), ("win", 0, 4, 1)], (2, -2)),
        # 6-4-3-2-A (class 2) beats 7-5-4-3-2 (class 11): straights do not count, aces are low
        (A5, [("show", 0, 0, 11), ("show", 1, 0, 2), ("win", 1, 4, 2)], (-2, 2)),
    ],
    ids=["2-7", "a-5"],
)
def test_the_same_cards_under_each_ranking(
    v: Variant, expected: list[tuple[str, int, int, int]], payoffs: tuple[int, int]
) -> None:
    s = HandState(v, [50, 50], deck=stacked(["7s5h4d3c2s", "As2d3h4c6s"]))
    check_down(s)
    assert showdown(s) == expected
    assert s.payoffs == payoffs


def test_a5_the_wheel_and_a_pair_of_aces() -> None:
    """A-5: 5-4-3-2-A is the best hand (class 1); a pair of aces is the best pair but loses to
    any hand without a pair (K-Q-J-T-9 is 1287th, the worst of them)."""
    s = HandState(A5, [50, 50, 50], deck=stacked(["5s4h3d2cAs", "AcAd4c3c2d", "KsQsJsTs9s"]), manual_showdown=True)
    s.call()
    s.call()
    s.check()
    while s.phase != "showdown":
        if s.phase == "drawing":
            s.stand_pat()
        else:
            s.check()
    while not s.is_complete:
        s.show()
    classes = {e.position: e.hand_class for e in s.events if e.kind == "show"}
    assert classes == {0: 1, 1: 1288, 2: 1287}
    assert [(e.position, e.amount) for e in s.events if e.kind == "win"] == [(0, 6)]


def test_a_full_badugi_table_of_ten_always_draws_four() -> None:
    """Ten badugi players hold 40 cards; the other 12 always make up a draw of four (under the
    seeds' rule the served players' discards are reshuffled), so max_discards stays 4 where a
    2-7 table of ten (50 cards held) would be cut short."""
    v = BADUGI.replace(max_players=10)
    s = HandState(v, [100] * 10, seed=7)
    draws = 0
    while not s.is_complete:
        legal = s.legal_actions()
        if legal.draw:
            assert legal.max_discards == 4
            assert len(s.discard(s.hand(s.actor))) == 4
            draws += 1
        else:
            s.check_or_call()
    assert draws == 30
    # draw 1: a 12-card stub serves p1-p3; p4, p7 and p10 each get a new stub of the 12 cards
    # the three before threw; draw 2 begins with 8 left (p1, p2), then p3, p6, p9 reshuffle;
    # draw 3 with 4 (p1), then p2, p5, p8: nine new stubs
    assert s.deck.reshuffles == 9
    assert s.deck.check()
    assert sum(s.stacks) == 1000


def test_a_badugi_hand_saves_and_restores_mid_hand() -> None:
    s = HandState(BADUGI, [40, 40, 40], seed=3)
    s.call()
    s.call()
    s.check()
    s.discard(s.hand(0)[:2])
    text = s.to_json()
    again = HandState.from_json(text)
    assert again.to_dict() == s.to_dict()
    assert again.variant == BADUGI and again.hand(0) == s.hand(0)
    for state in (s, again):
        while not state.is_complete:
            if state.phase == "drawing":
                state.discard(state.hand(state.actor)[:1])
            else:
                state.check_or_call()
    assert again.events == s.events and again.stacks == s.stacks


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["drawn"][0].__setitem__(1, 5), "drawn = [[2, 5, -1]]: expected lists of 3 numbers -1..4"),
        (lambda d: d["variant"].__setitem__("hand_size", 5), "Variant.hand_size = 5 does not fit Variant.ranking"),
        (lambda d: d["variant"].pop("ranking"), "Variant.hand_size = 4 does not fit Variant.ranking = '2-7'"),
    ],
    ids=["drawn", "hand_size", "no-ranking"],
)
def test_a_saved_badugi_hand_that_does_not_fit_is_refused(change: object, message: str) -> None:
    s = HandState(BADUGI, [40, 40, 40], seed=3)
    s.call()
    s.call()
    s.check()
    s.discard(s.hand(0)[:2])
    d = json.loads(s.to_json())
    change(d)  # type: ignore[operator]
    with pytest.raises(LowballError) as e:
        HandState.from_dict(d)
    assert str(e.value).startswith("not a saved hand: " + message)


def test_a_saved_badugi_hand_with_five_cards_in_a_hand_is_refused() -> None:
    """The deck of a 2-7 hand under a badugi variant: every hand holds five cards, not four."""
    s = HandState(TRIPLE_DRAW_FIXED_LIMIT, [40, 40], seed=3)
    d = s.to_dict()
    d["variant"] = BADUGI.to_dict()
    with pytest.raises(LowballError, match=r"^not a saved hand: position 0 \(p1\) holds 5 cards in the deck$"):
        HandState.from_dict(d)

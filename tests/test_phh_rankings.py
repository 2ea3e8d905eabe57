"""Hand histories of A-5 and badugi hands (issue 16): the variant codes (the standard's ``FB``,
lowball's own ``LB-`` codes), export and import with four-card hands, round trips (RULES.md
section 7). pokerkit's reader and writer on the same histories: test_engine_badugi_pokerkit.py
(the modules that import pokerkit are listed in conftest.py: it needs Python 3.11)."""

from __future__ import annotations

import pytest

from lowball import DECK, Deck, HandState, Ranking, parse_cards, phh
from lowball.variants import (
    ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT,
    BADUGI_FIXED_LIMIT,
    TRIPLE_DRAW_FIXED_LIMIT,
    NoLimit,
    PotLimit,
)

A5 = ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT
BADUGI = BADUGI_FIXED_LIMIT


def stacked(hands: list[str]) -> Deck:
    """A deck that deals ``hands`` (by position), one card at a time round the table, then the
    rest of the deck in card order."""
    parsed = [parse_cards(h) for h in hands]
    held = {c for h in parsed for c in h}
    order = [parsed[p][i] for i in range(len(parsed[0])) for p in range(len(parsed))]
    return Deck.from_order(order + [c for c in DECK if c not in held], seed=0)


def badugi_hand() -> HandState:
    """Heads-up badugi: WSOP-LAR 304's two hands; p1 throws 6h (gets 2d), p2 throws 5h4h (gets
    2h2s); both end with three-card 3-2-A (class 716) and split the pot of 8."""
    s = HandState(BADUGI, [50, 50], deck=stacked(["Ad2c3h6h", "Ac3d4h5h"]))
    s.call()
    s.check()
    s.discard("6h")
    s.discard("5h4h")
    s.check()
    s.bet(2)
    s.call()
    while not s.is_complete:
        if s.phase == "drawing":
            s.stand_pat()
        else:
            s.check()
    return s


BADUGI_TEXT = """\
variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = [
  "d dh p1 Ad2c3h6h",
  "d dh p2 Ac3d4h5h",
  "p2 cc",
  "p1 cc",
  "p1 sd 6h",
  "p2 sd 5h4h",
  "d dh p1 2d",
  "d dh p2 2h2s",
  "p1 cc",
  "p2 cbr 2",
  "p1 cc",
  "p1 sd",
  "p2 sd",
  "p1 cc",
  "p2 cc",
  "p1 sd",
  "p2 sd",
  "p1 cc",
  "p2 cc",
  "p1 sm Ad2c3h2d",
  "p2 sm Ac3d2h2s",
]
finishing_stacks = [50, 50]
"""


def test_the_codes() -> None:
    assert list(phh.CODES) == [
        "F2L3D",
        "P2L3D",
        "N2L3D",
        "F2L1D",
        "P2L1D",
        "N2L1D",
        "LB-FA5L3D",
        "LB-PA5L3D",
        "LB-NA5L3D",
        "LB-FA5L1D",
        "LB-PA5L1D",
        "LB-NA5L1D",
        "FB",
        "LB-PB3D",
        "LB-NB3D",
        "LB-FB1D",
        "LB-PB1D",
        "LB-NB1D",
    ]
    assert phh.CODES["FB"] == (3, "fixed") and phh.CODES["LB-FA5L3D"] == (3, "fixed")
    assert phh.CODES["LB-NB1D"] == (1, "no")
    assert phh.CODE_RANKINGS["FB"] is Ranking.BADUGI
    assert phh.CODE_RANKINGS["LB-FA5L3D"] is Ranking.ACE_TO_FIVE
    assert phh.CODE_RANKINGS["N2L1D"] is Ranking.DEUCE_TO_SEVEN
    assert set(phh.CODES) == set(phh.CODE_RANKINGS)
    assert phh.code_of(BADUGI) == BADUGI.code == "FB"
    assert phh.code_of(A5) == A5.code == "LB-FA5L3D"
    assert phh.code_of(TRIPLE_DRAW_FIXED_LIMIT) == "F2L3D"
    assert phh.code_of(BADUGI.replace(betting=PotLimit(min_bet=2), draws=1)) == "LB-PB1D"
    assert phh.code_of(A5.replace(betting=NoLimit(min_bet=2), draws=1)) == "LB-NA5L1D"
    assert phh.code_of(BADUGI.replace(draws=2)) is None
    with pytest.raises(phh.PHHError, match=r"^variant = 'FB': expected a lowball Variant$"):
        phh.code_of("FB")  # type: ignore[arg-type]


def test_a_badugi_hand_exports_with_four_cards_and_fb() -> None:
    s = badugi_hand()
    assert [(e.kind, e.position, e.amount, e.hand_class) for e in s.events if e.kind in ("show", "win")] == [
        ("show", 0, 0, 716),
        ("show", 1, 0, 716),
        ("win", 0, 4, 716),
        ("win", 1, 4, 716),
    ]
    assert phh.dumps(s) == BADUGI_TEXT


def test_a_badugi_history_replays_exactly() -> None:
    h = phh.loads(BADUGI_TEXT)
    v = h.variant
    assert (v.name, v.code, v.ranking, v.hand_size, v.max_players, v.open_fold) == (
        "badugi, fixed limit",
        "FB",
        Ranking.BADUGI,
        4,
        8,
        True,
    )
    assert v.replace(open_fold=False) == BADUGI
    again = h.play()
    s = badugi_hand()
    assert again.events == s.events and again.stacks == s.stacks == (50, 50)
    assert phh.dumps(again) == BADUGI_TEXT


def test_a5_histories_round_trip() -> None:
    s = HandState(A5, [50, 50], deck=stacked(["7s5h4d3c2s", "As2d3h4c6s"]))
    s.call()
    while not s.is_complete:
        if s.phase == "drawing":
            s.stand_pat()
        else:
            s.check()
    text = phh.dumps(s)
    assert text.startswith('variant = "LB-FA5L3D"\n')
    h = phh.loads(text)
    assert (h.variant.name, h.variant.ranking, h.variant.max_players) == (
        "A-5 triple draw, fixed limit",
        Ranking.ACE_TO_FIVE,
        6,
    )
    again = h.play()
    assert again.events == s.events and again.stacks == (48, 52)


def test_a_no_limit_single_draw_badugi_round_trips() -> None:
    v = BADUGI.replace(name="badugi single draw, no limit", betting=NoLimit(min_bet=2), draws=1)
    s = HandState(v, [40, 60, 80], seed=4)
    s.call()
    s.call()
    s.bet_or_raise(10)
    s.call()
    s.call()
    s.discard(s.hand(0)[:1])
    s.discard(s.hand(1)[:4])
    s.stand_pat()
    s.check()
    s.bet(38)
    s.fold()
    s.call()
    text = phh.dumps(s)
    assert text.startswith('variant = "LB-NB1D"\n')
    h = phh.loads(text)
    assert (h.variant.name, h.variant.ranking, h.variant.hand_size) == (
        "badugi single draw, no limit",
        Ranking.BADUGI,
        4,
    )
    assert h.play().events == s.events


def test_a_badugi_history_dealing_five_cards_is_refused() -> None:
    text = BADUGI_TEXT.replace('"d dh p1 Ad2c3h6h"', '"d dh p1 Ad2c3h6hKs"')
    with pytest.raises(phh.PHHError, match=r"action 1 'd dh p1 Ad2c3h6hKs': the first actions must deal four cards"):
        phh.loads(text).play()
    five = BADUGI_TEXT.replace('"FB"', '"F2L3D"')
    with pytest.raises(phh.PHHError, match=r"action 1 'd dh p1 Ad2c3h6h': the first actions must deal five cards"):
        phh.loads(five).play()


def test_an_unknown_code_and_a_badugi_game_with_no_code() -> None:
    with pytest.raises(phh.PHHError) as e:
        phh.loads(BADUGI_TEXT.replace('"FB"', '"FA5L3D"'))
    assert str(e.value) == (
        "variant 'FA5L3D' is not a 2-7 draw game lowball plays (nor an A-5 or badugi one): expected one of "
        + ", ".join(phh.CODES)
    )
    s = HandState(BADUGI.replace(draws=2), [20, 20], seed=1)
    with pytest.raises(phh.PHHError, match=r"^badugi, fixed limit: a fixed limit game with 2 draws has no PHH code$"):
        phh.dumps(s)


# The example hand of the "Badugi" article of the English Wikipedia (four players, blinds 1/2,
# bets 2/4), as pokerkit's FixedLimitBadugi documentation plays it: every card unknown until
# the showdown, where Alice's 9-6-4-2 loses to Carol's 8-7-5-3 (pokerkit's payoffs there:
# -4, 20, 0, -16). Written here in PHH with stacks of 100.
WIKIPEDIA_BADUGI = """\
variant = "FB"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100, 100]
players = ["Bob", "Carol", "Ted", "Alice"]
actions = [
  "d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "d dh p4 ????????",
  "p3 f", "p4 cc", "p1 cc", "p2 cc",
  "p1 sd ????", "p2 sd ????", "p4 sd ??", "d dh p1 ????", "d dh p2 ????", "d dh p4 ??",
  "p1 cc", "p2 cbr 2", "p4 cc", "p1 cc",
  "p1 sd ??", "p2 sd", "p4 sd ??", "d dh p1 ??", "d dh p4 ??",
  "p1 cc", "p2 cbr 4", "p4 cbr 8", "p1 f", "p2 cc",
  "p2 sd ??", "p4 sd", "d dh p2 ??",
  "p2 cc", "p4 cbr 4", "p2 cc",
  "p4 sm 2s4c6d9h", "p2 sm 3s5d7c8h",
]
"""


def test_the_wikipedia_badugi_hand() -> None:
    """Alice (p4, the last to bet) shows 9-6-4-2
    (class 85) first, Carol's 8-7-5-3 (class 64) wins the pot of 36."""
    s = phh.loads(WIKIPEDIA_BADUGI).play()
    assert s.payoffs == (-4, 20, 0, -16)
    assert [(e.kind, e.position, e.hand_class, e.amount) for e in s.events if e.kind in ("show", "win")] == [
        ("show", 3, 85, 0),
        ("show", 1, 64, 0),
        ("win", 1, 64, 36),
    ]
    again = phh.loads(phh.dumps(s)).play()
    assert again.stacks == s.stacks

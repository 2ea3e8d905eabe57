"""The hand engine on the specific cases of RULES.md sections 2-6, with stacked decks."""

from __future__ import annotations

import json

import numpy as np
import pytest

import lowball
from helpers import stacked
from lowball import Deck, IllegalActionError
from lowball.engine import BETTING, COMPLETE, DRAWING, HandState
from lowball.variants import (
    SINGLE_DRAW_NO_LIMIT,
    TRIPLE_DRAW_FIXED_LIMIT,
    TRIPLE_DRAW_POT_LIMIT,
    FixedLimit,
    ForcedBets,
    NoLimit,
    Variant,
    VariantError,
)

FL_10 = Variant(
    name="FL 10/20",
    draws=3,
    betting=FixedLimit(small_bet=10, big_bet=20),
    forced=ForcedBets(small_blind=5, big_blind=10),
)
NL_10 = Variant(
    name="NL 5/10 single draw",
    draws=1,
    betting=NoLimit(min_bet=10),
    forced=ForcedBets(small_blind=5, big_blind=10),
)


def check_down(state: HandState) -> None:
    """Everyone stands pat and checks (or calls) to the end."""
    while not state.is_complete:
        if state.phase == DRAWING:
            state.stand_pat()
        else:
            state.check_or_call()


def test_heads_up_blinds_and_order() -> None:
    """Heads-up the button posts the small blind, acts first before the first draw and last
    after it; the big blind draws first (WSOP-LAR 153, WSOP-TR 87)."""
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100], seed=1)
    assert [(e.kind, e.position, e.amount) for e in st.events[:2]] == [("blind", 1, 1), ("blind", 0, 2)]
    assert st.stacks == (98, 99)
    assert st.actor == 1 and st.legal_actions().call_amount == 1
    st.call()
    assert st.actor == 0  # the big blind's option
    la = st.legal_actions()
    assert la.check and la.raise_ and la.min_to == la.max_to == 4 and not la.fold
    st.check()
    assert st.phase == DRAWING and st.actor == 0  # the big blind draws first
    st.stand_pat()
    assert st.actor == 1
    st.stand_pat()
    assert st.phase == BETTING and st.actor == 0  # the big blind acts first after the draw


def test_big_blind_option_multiway() -> None:
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100, 100], seed=2)
    assert st.actor == 2  # left of the big blind
    st.call()
    st.call()
    assert st.actor == 1
    la = st.legal_actions()
    assert la.check and la.raise_ and (la.min_to, la.max_to) == (4, 4)
    st.raise_to(4)
    assert st.actor == 2
    st.call()
    st.call()
    assert st.phase == DRAWING and st.actor == 0
    assert st.pot_total == 12


def test_fixed_limit_cap_multiway_and_small_then_big_bets() -> None:
    """A bet and four raises multi-way (WSOP-LAR 126/263); the big blind is the bet."""
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100, 100], seed=3)
    for to in (4, 6, 8, 10):
        st.raise_to(to)
    la = st.legal_actions()
    assert st.actor == 0 and la.call and not la.raise_
    with pytest.raises(IllegalActionError, match="cap of a bet and 4 raises"):
        st.raise_to(12)
    st.call()
    st.call()
    check_draw(st)
    # Round 2: small bet again (2); then bet + 4 raises.
    st.bet(2)
    for to in (4, 6, 8, 10):
        st.raise_to(to)
    assert not st.legal_actions().raise_
    st.call()
    st.call()
    check_draw(st)
    # Round 3: the big bet (4).
    la = st.legal_actions()
    assert la.bet and (la.min_to, la.max_to) == (4, 4)


def check_draw(st: HandState) -> None:
    while st.phase == DRAWING:
        st.stand_pat()


def test_fixed_limit_heads_up_uncapped_but_cap_stays_when_heads_up_mid_round() -> None:
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [1000, 1000], seed=4)
    for k in range(10):  # the round began heads-up: no cap (WSOP-LAR 127)
        st.raise_to(4 + 2 * k)
    assert st.legal_actions().raise_
    st3 = HandState(TRIPLE_DRAW_FIXED_LIMIT, [1000, 1000, 1000], seed=5)
    st3.raise_to(4)
    st3.fold()  # now heads-up, but the round began three-handed: the cap stays
    for to in (6, 8, 10):
        st3.raise_to(to)
    assert not st3.legal_actions().raise_
    st3.call()
    check_draw(st3)
    for k in range(8):  # the next round begins heads-up: uncapped
        if k == 0:
            st3.bet(2)
        else:
            st3.raise_to(2 + 2 * k)
    assert st3.legal_actions().raise_


def test_tournament_cap_option() -> None:
    v = TRIPLE_DRAW_FIXED_LIMIT.replace(betting=FixedLimit(small_bet=2, big_bet=4, uncapped_heads_up=False))
    st = HandState(v, [1000, 1000], seed=4)
    for to in (4, 6, 8, 10):
        st.raise_to(to)
    assert not st.legal_actions().raise_


def test_fixed_limit_short_all_in_does_not_reopen() -> None:
    """An all-in raise of less than half a bet does not reopen the betting for players who
    already acted (WSOP-LAR 129); half a bet or more does."""
    st = HandState(FL_10, [100, 14, 100], seed=6)  # the big blind has 4 behind
    st.call()  # position 2
    st.call()  # position 0
    st.raise_to(14)  # position 1 all in: 4 more, under half of 10
    assert st.actor == 2
    la = st.legal_actions()
    assert la.call and la.call_amount == 4 and not la.raise_
    with pytest.raises(IllegalActionError, match="short all-in did not reopen"):
        st.raise_to(24)
    st.call()
    assert not st.legal_actions().raise_
    st.call()
    assert st.phase == DRAWING

    st = HandState(FL_10, [100, 15, 100], seed=6)  # 5 more: half a bet, a raise
    st.call()
    st.call()
    st.raise_to(15)
    la = st.legal_actions()
    # half a bet or more counts as a full raise: the next full raise is one bet above it, 15 +
    # 10 (WSOP-LAR 129's example raises a $15 all-in bet to $35 on a $20 round)
    assert la.raise_ and la.min_to == la.max_to == 25

    # A player who has not acted yet, facing less than half a bet, may complete the wager
    # (to 20), and that completion reopens the betting.
    st = HandState(FL_10, [100, 100, 14, 100], seed=6)
    st.raise_to(14)  # position 2 all in: 4 more
    la = st.legal_actions()
    assert st.actor == 3 and la.raise_ and (la.min_to, la.max_to) == (20, 20)
    st.raise_to(20)
    assert st.actor == 0 and st.legal_actions().min_to == 30


def test_no_limit_min_raise_and_short_all_in() -> None:
    """A raise must add at least the largest bet or raise of the round; an all-in short of a
    full raise does not reopen the betting for players who already acted (WSOP-LAR 128)."""
    st = HandState(NL_10, [1000, 1000, 1000], seed=7)
    la = st.legal_actions()
    assert (la.min_to, la.max_to) == (20, 1000)
    with pytest.raises(IllegalActionError, match="allowed 20..1000"):
        st.raise_to(19)
    st.raise_to(50)  # a raise of 40
    assert st.legal_actions().min_to == 90
    st.raise_to(90)
    assert st.legal_actions().min_to == 130

    st = HandState(NL_10, [40, 1000, 1000], seed=8)
    st.raise_to(30)  # position 2: a raise of 20
    st.raise_to(40)  # position 0 all in: 10 more, short of 20
    assert st.actor == 1
    assert st.legal_actions().raise_  # the big blind has not acted yet: may raise
    st.call()
    assert st.actor == 2
    la = st.legal_actions()
    assert la.call and la.call_amount == 10 and not la.raise_


def test_pot_limit_maximum() -> None:
    st = HandState(TRIPLE_DRAW_POT_LIMIT, [1000, 1000, 1000], seed=9)
    la = st.legal_actions()
    assert (la.min_to, la.max_to) == (4, 7)  # pot 3, call 2: raise to 2 + (3 + 2)
    st.raise_to(7)
    la = st.legal_actions()
    assert (la.min_to, la.max_to) == (12, 23)  # pot 10, call 6: 7 + 16
    st.raise_to(23)
    st.call()
    st.call()
    check_draw(st)
    la = st.legal_actions()
    assert la.bet and (la.min_to, la.max_to) == (2, 69)  # a bet up to the pot


def test_three_way_all_in_two_side_pots() -> None:
    deck = stacked(["7s5h4d3c2s", "8s6h4c3d2h", "9c7d5s3h2d"])
    st = HandState(NL_10, [30, 60, 100], deck=deck)
    st.raise_to(100)  # position 2 all in
    st.call()  # position 0 all in for 30
    st.call()  # position 1 all in for 60
    assert st.phase == DRAWING
    assert [e.amount for e in st.events if e.kind == "return"] == [40]  # uncalled: 100 - 60
    pots = st.side_pots()
    assert [(p.amount, p.eligible) for p in pots] == [(90, (0, 1, 2)), (60, (1, 2))]
    check_down(st)
    assert st.phase == COMPLETE
    assert st.stacks == (90, 60, 40)
    wins = [(e.position, e.amount, e.pot) for e in st.events if e.kind == "win"]
    assert wins == [(1, 60, 1), (0, 90, 0)]  # the last-formed side pot is awarded first


def test_odd_chip_goes_left_of_the_button() -> None:
    """WSOP-LAR 149: the odd chip to the first winning hand clockwise from the button."""
    deck = stacked(["KsQsJs9s8s", "7s5h4d3c2s", "7c5d4h3s2d"])
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100, 100], deck=deck)
    st.call()  # position 2
    st.fold()  # position 0 gives up its small blind: pot 1 + 2 + 2 = 5
    st.check()
    check_down(st)
    assert st.pots[0].amount == 5
    assert st.stacks == (99, 101, 100)  # positions 1 and 2 tie: 3 and 2


def test_uncalled_bet_is_returned_and_fold_ends_the_hand() -> None:
    st = HandState(SINGLE_DRAW_NO_LIMIT, [100, 100, 100], seed=10)
    st.raise_to(60)
    st.fold()
    st.fold()
    assert st.is_complete
    assert [(e.kind, e.position, e.amount) for e in st.events if e.kind in ("return", "win")] == [
        ("return", 2, 58),
        ("win", 2, 5),
    ]
    assert st.stacks == (99, 98, 103)
    with pytest.raises(IllegalActionError, match="the hand is complete"):
        st.fold()


def test_antes_and_big_blind_ante() -> None:
    v = NL_10.replace(forced=ForcedBets(small_blind=5, big_blind=10, ante=2))
    st = HandState(v, [100, 100, 100], seed=11)
    assert [(e.kind, e.position, e.amount) for e in st.events[:5]] == [
        ("ante", 0, 2),
        ("ante", 1, 2),
        ("ante", 2, 2),
        ("blind", 0, 5),
        ("blind", 1, 10),
    ]
    v = NL_10.replace(forced=ForcedBets(small_blind=5, big_blind=10, ante=10, big_blind_ante=True))
    st = HandState(v, [100, 100, 100], seed=11)
    assert st.stacks == (95, 80, 100) and st.pot_total == 25


def test_short_blind_posts_all_in() -> None:
    st = HandState(FL_10, [3, 100, 100], seed=12)
    assert st.stacks[0] == 0 and st.bets[0] == 3


def test_all_in_player_keeps_drawing() -> None:
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [2, 100], seed=13)  # the big blind is all in
    assert st.stacks[0] == 0
    st.call()  # the button completes; nobody can bet any more
    for d in (1, 2, 3):
        assert st.phase == DRAWING and st.draw_round == d and st.actor == 0
        st.discard(st.hand(0)[:1])
        st.discard(st.hand(1)[:2])
    assert st.is_complete
    assert len([e for e in st.events if e.kind == "draw"]) == 6


def test_draw_needing_reshuffles() -> None:
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [1000] * 6, seed=14)
    while not st.is_complete:
        if st.phase == DRAWING:
            pos = st.actor
            before = set(st.hand(pos))
            new = st.discard(st.hand(pos))
            assert not before & set(new)  # never his own discards of this draw
        else:
            st.check_or_call()
        assert st.deck.check()
    assert st.deck.view().reshuffles >= 3
    assert sum(st.stacks) == 6000


def test_illegal_actions_change_nothing() -> None:
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100, 100], seed=15)
    before = st.to_dict()
    attempts = [
        lambda: st.check(),  # facing the big blind
        lambda: st.fold(0),  # out of turn
        lambda: st.raise_to(5),  # fixed limit: exactly 4
        lambda: st.bet(4),  # there is a bet: raise
        lambda: st.stand_pat(),  # not a draw
        lambda: st.bet_or_raise(4.0),  # type: ignore[arg-type]
        lambda: st.discard(["2c"]),
        lambda: st.fold(7),
    ]
    for attempt in attempts:
        with pytest.raises(IllegalActionError):
            attempt()
        assert st.to_dict() == before
    st.call()
    st.call()
    st.check()
    before = st.to_dict()
    hand = st.hand(0)
    other = st.hand(1)[0]
    for bad in (list(hand) + [other], [other], [hand[0], hand[0]], "Zz", [hand[0]] * 6):
        with pytest.raises((IllegalActionError, lowball.InvalidCardError)):
            st.discard(bad)
        assert st.to_dict() == before
    with pytest.raises(IllegalActionError):
        st.check()
    assert st.to_dict() == before


def test_view_never_leaks() -> None:
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100, 100], seed=16)
    st.call()
    st.call()
    st.check()
    st.discard(st.hand(0)[:2])
    for seat in (0, 1, 2, None):
        view = st.view(seat)
        own = set(st.hand(seat)) if seat is not None else set()
        assert set(view.hand) == own
        text = repr(view) + repr(view.events)
        for other in range(3):
            if other == seat:
                continue
            for card in st.hand(other):
                assert repr(card) not in text, (seat, other, card)
        for e in view.events:
            if e.kind in ("deal", "draw") and e.position != seat:
                assert e.cards == () and e.discarded == () and e.number > 0
        assert "stub" not in text
    assert st.view(1).legal is not None and st.view(0).legal is None  # position 1 draws next
    assert st.view(1).hand_sizes == (5, 5, 5) and st.view(1).drawn == ((2, -1, -1),)
    check_down(st)
    shown = st.view(None).shown
    mucked = [p for p in range(3) if p not in shown]
    assert shown and mucked  # seed 16: a beaten hand is mucked unseen
    assert [e.position for e in st.events if e.kind == "muck"] == mucked
    for seat in (0, 1, 2, None):
        view = st.view(seat)
        text = repr(view) + repr(view.events) + repr(view.shown)
        for p in mucked:
            if p != seat:
                for card in st.hand(p):
                    assert repr(card) not in text, (seat, p, card)


def test_save_and_restore_mid_hand_is_identical() -> None:
    a = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100, 100, 100], seed=17)
    a.raise_to(4)
    a.call()
    a.call()
    a.call()
    a.discard(a.hand(0)[:3])
    text = a.to_json()
    b = HandState.from_json(json.loads(json.dumps(text)))
    assert b.to_dict() == a.to_dict()
    for st in (a, b):  # the same future from both, reshuffles included
        while not st.is_complete:
            if st.phase == DRAWING:
                st.discard(st.hand(st.actor)[:5])
            else:
                st.check_or_call()
    assert b.to_dict() == a.to_dict()
    assert b.stacks == a.stacks and b.events == a.events
    with pytest.raises(lowball.LowballError, match="not a saved hand"):
        HandState.from_dict({"format": "x"})


def test_bad_set_up() -> None:
    with pytest.raises(VariantError, match="^1 player: "):
        HandState(TRIPLE_DRAW_FIXED_LIMIT, [100])
    with pytest.raises(VariantError, match="7 players"):
        HandState(TRIPLE_DRAW_FIXED_LIMIT, [100] * 7)
    with pytest.raises(VariantError, match=r"^stack of position 1 \(p2\) = 0: expected a whole number 1 or more$"):
        HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 0])
    with pytest.raises(VariantError, match="big_bet = 1 is below small_bet = 2"):
        FixedLimit(small_bet=2, big_bet=1)
    with pytest.raises(VariantError, match="draws = 4"):
        TRIPLE_DRAW_FIXED_LIMIT.replace(draws=4)
    with pytest.raises(VariantError, match="min_bet = 1.5"):
        NoLimit(min_bet=1.5)  # type: ignore[arg-type]


def test_variant_roundtrip() -> None:
    for v in lowball.variants.VARIANTS.values():
        assert Variant.from_dict(json.loads(json.dumps(v.to_dict()))) == v


NL_10_SHOW_ALL = NL_10.replace(show_all_hands=True)


def test_showing_order() -> None:
    """WSOP-LAR 145: the last aggressor shows first; with no bet in the last round, the first
    player left of the button; players in a side pot before those all in for the main pot.
    (Every hand shown here: ``show_all_hands``; the mucking of beaten hands is tested below.)"""
    NL_10 = NL_10_SHOW_ALL
    deck = stacked(["7s5h4d3c2s", "8s6h4c3d2h", "9c7d5s3h2d"])
    st = HandState(NL_10, [1000, 1000, 1000], deck=deck)
    st.call()
    st.call()
    st.check()  # noqa: E702
    check_draw(st)
    st.check()
    st.bet(10)
    st.call()
    st.call()  # noqa: E702
    assert [e.position for e in st.events if e.kind == "show"] == [1, 2, 0]
    deck = stacked(["7s5h4d3c2s", "8s6h4c3d2h", "9c7d5s3h2d"])
    st = HandState(NL_10, [1000, 1000, 1000], deck=deck)
    st.call()
    st.call()
    st.check()  # noqa: E702
    check_down(st)
    assert [e.position for e in st.events if e.kind == "show"] == [0, 1, 2]
    deck = stacked(["7s5h4d3c2s", "8s6h4c3d2h", "9c7d5s3h2d"])
    st = HandState(NL_10, [30, 60, 100], deck=deck)
    st.raise_to(100)
    st.call()
    st.call()  # noqa: E702
    check_down(st)
    # side-pot players (1, 2) before the main-pot-only all-in (0); no limit, the betting ended
    # before the last round: the player who pushed all in (2) first (WSOP-LAR 145)
    assert [e.position for e in st.events if e.kind == "show"] == [2, 1, 0]


def test_review_fixes_pots_and_forced_bets() -> None:
    """No forced bets checked down; a player all in for less than the ante; a big blind too
    short for both the blind and a big-blind ante (the blind first)."""
    v = NL_10.replace(forced=ForcedBets(small_blind=0, big_blind=0))
    st = HandState(v, [100, 100], seed=1)
    check_down(st)
    assert st.is_complete and st.stacks == (100, 100) and st.pots[0].amount == 0

    v = NL_10.replace(forced=ForcedBets(small_blind=0, big_blind=0, ante=10), betting=NoLimit(min_bet=20))
    deck = stacked(["7s5h4d3c2s", "KsKhKdQcQs", "AsAhAdJcJs"])
    st = HandState(v, [5, 100, 100], deck=deck)
    check_down(st)
    assert [(p.amount, p.eligible) for p in st.pots] == [(15, (0, 1, 2)), (10, (1, 2))]
    assert st.payoffs == (10, 0, -10)  # kings full beat aces full for the side pot

    v = NL_10.replace(forced=ForcedBets(small_blind=5, big_blind=10, ante=10, big_blind_ante=True))
    st = HandState(v, [100, 15, 100], seed=2)
    assert [(e.kind, e.position, e.amount) for e in st.events[:3]] == [
        ("blind", 0, 5),
        ("blind", 1, 10),
        ("ante", 1, 5),
    ]


def test_bad_set_up_values() -> None:
    used = Deck(seed=1)
    used.deal_round([0, 1], 5)
    with pytest.raises(lowball.InvalidSeedError, match=r"^seed = 'x': expected None"):
        HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100], seed="x")
    for kwargs in ({"deck": used}, {"deck": "x"}):
        with pytest.raises(VariantError):
            HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100], **kwargs)  # type: ignore[arg-type]
    with pytest.raises(VariantError, match="stacks = None"):
        HandState(TRIPLE_DRAW_FIXED_LIMIT, None)  # type: ignore[arg-type]
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100], seed=3)
    st.call()
    st.check()
    before = st.to_dict()
    for bad in (5, None, 1.5):
        with pytest.raises(lowball.InvalidCardError):
            st.discard(bad)  # type: ignore[arg-type]
        assert st.to_dict() == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(shown=[]), "not a saved hand"),
        (lambda d: d.update(stacks=None), "stacks = None"),
        (lambda d: d.update(stacks=[1]), r"stacks = \[1\]"),
        (lambda d: d.update(folded=[]), r"folded = \[\]"),
        (lambda d: d.update(phase="x"), "phase = 'x'"),
        (lambda d: d.update(actor=9), "actor = 9"),
        (lambda d: d["stacks"].__setitem__(0, 10_000), "the chips do not add up"),
        (lambda d: d.pop("deck"), "not a saved hand"),
    ],
)
def test_malformed_saved_hands_are_refused(change, message: str) -> None:  # type: ignore[no-untyped-def]
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100, 100], seed=18)
    st.call()
    data = json.loads(st.to_json())
    change(data)
    with pytest.raises(lowball.LowballError, match=message):
        HandState.from_dict(data)


def test_from_json_refuses_non_json() -> None:
    for bad in ("{", None, "[]"):
        with pytest.raises(lowball.LowballError, match="not a saved hand"):
            HandState.from_json(bad)  # type: ignore[arg-type]


def test_variant_fields_are_checked_and_normalised() -> None:
    import numpy as np

    v = TRIPLE_DRAW_FIXED_LIMIT.replace(draws=np.int64(1))
    assert type(v.draws) is int and json.dumps(v.to_dict())
    for bad, message in (
        ({"draws": 2.0}, "draws = 2.0"),
        ({"draws": True}, "draws = True"),
        ({"reshuffle": "x"}, "reshuffle = 'x'"),
        ({"max_players": 11}, "max_players = 11"),
        ({"burn": "yes"}, "burn = 'yes'"),
    ):
        with pytest.raises(VariantError, match=message):
            TRIPLE_DRAW_FIXED_LIMIT.replace(**bad)


def test_actions_return_the_event_they_record() -> None:
    """Every action returns its own event: the last thing it did itself, before the events that
    follow from it (a new round, a return, the pots)."""
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100, 100], seed=21, manual_showdown=True)
    n = len(st.events)
    e = st.raise_to(4)
    assert e == st.events[n] and (e.kind, e.position, e.amount) == ("raise", 2, 4)
    assert st.call() == lowball.engine.Event("call", 0, 4)
    e = st.call()  # the last call closes the round: a draw round begins after it
    assert (e.kind, e.position, e.amount) == ("call", 1, 4) and st.events[-1].kind == "draw_round"
    while st.phase == DRAWING:
        st.stand_pat()
    assert st.check() == lowball.engine.Event("check", 0)
    to = st.legal_actions().min_to
    assert st.bet_or_raise(to) == lowball.engine.Event("bet", 1, to)
    assert st.fold() == lowball.engine.Event("fold", 2)
    assert st.check_or_call() == lowball.engine.Event("call", 0, to)
    while st.phase != "showdown":
        if st.phase == DRAWING:
            st.stand_pat()
        else:
            st.check_or_call()
    first = st.actor
    e = st.show()
    assert (e.kind, e.position, e.cards) == ("show", first, st.shown[first]) and e.hand_class > 0
    assert st.muck() == lowball.engine.Event("muck", 1 - first) and st.is_complete


def test_validate_checks_a_running_hand() -> None:
    """validate() runs from_dict's checks on the live state: it passes after every action of
    random hands, and names what does not fit once a field is changed from outside."""
    import random

    for seed in range(40):
        rng = random.Random(seed)
        st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [rng.choice([3, 10, 100]) for _ in range(rng.randint(2, 6))], seed=seed)
        while True:
            st.validate()
            if st.is_complete:
                break
            legal = st.legal_actions()
            if legal.draw:
                st.discard(st.hand(legal.position)[: rng.randint(0, legal.max_discards)])
            elif legal.raise_ and rng.random() < 0.3:
                st.raise_to(legal.min_to)
            else:
                st.check_or_call()
    st = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100], seed=1)
    data = st.to_dict()
    data["stacks"][0] += 5  # the state cannot be changed from outside (issue 11): a saved copy can
    with pytest.raises(lowball.LowballError, match="chips do not add up"):
        HandState.from_dict(data)


def _at_the_first_draw() -> HandState:
    s = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100], seed=11)
    s.check_or_call()
    s.check_or_call()
    assert s.phase == DRAWING
    return s


@pytest.mark.parametrize(
    "form",
    [
        list,
        tuple,
        lambda cards: [int(c) for c in cards],
        lambda cards: tuple(int(c) for c in cards),
        lambda cards: [np.int64(c) for c in cards],
        lambda cards: lowball.format_cards(cards, " "),
    ],
    ids=["cards", "tuple of cards", "card numbers", "tuple of numbers", "numpy integers", "text"],
)
def test_a_discard_of_card_numbers_is_a_discard_of_their_cards(form) -> None:  # type: ignore[no-untyped-def]
    """Card numbers are a documented input (issue 28; the fast path of plain ints): whatever form
    the thrown cards take, the same cards are drawn and the events hold Cards."""
    s, twin = _at_the_first_draw(), _at_the_first_draw()
    held = s.hand(s.actor)
    assert s.discard(form(held[:3])) == twin.discard(list(held[:3]))
    assert s.to_dict() == twin.to_dict()
    e = s.events[-1]
    assert (e.kind, e.discarded, e.number) == ("draw", held[:3], 3)
    assert all(type(c) is lowball.Card for c in e.discarded + e.cards)


def test_card_numbers_that_cannot_be_thrown_are_refused_as_before() -> None:
    """The fast path takes only different numbers 0..51: a repeated number is refused as
    parse_cards refuses it, a number not held as the deck refuses it, and the hand is as before."""
    s = _at_the_first_draw()
    before = s.to_dict()
    p = s.actor
    mine, theirs = s.hand(p), s.hand(1 - p)
    refusals = [
        (
            [int(mine[0]), int(mine[0])],
            lowball.InvalidCardError,
            f"card {mine[0]} appears twice in {mine[0]} {mine[0]}",
        ),
        (
            [int(theirs[0])],
            lowball.InvalidDiscardError,
            f"position {p} (p{p + 1}) cannot discard {theirs[0]}: it is not in that position's hand",
        ),
        ([52], lowball.InvalidCardError, "card number 52 is out of range: expected 0..51"),
        (
            [True],
            lowball.InvalidCardError,
            "True is not a card: expected a card number 0..51, text like '7s', or a Card",
        ),
    ]
    for thrown, error, message in refusals:
        with pytest.raises(error) as info:
            s.discard(thrown)
        assert str(info.value) == message
        assert s.to_dict() == before

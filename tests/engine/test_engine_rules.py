"""Card-room rules of RULES.md sections 5 and 6, one table per rule, each row a situation from the
rule's text or its worked example (issue 9). The expected values come from the rules, not from
running the engine: amounts are worked out in the comments.

Sources: WSOP-LAR = WSOP Live-Action Rules, WSOP-TR = WSOP Tournament Rules (the 2023 texts the
WSOP publishes; RULES.md cites each rule).
"""

from __future__ import annotations

import pytest

import lowball
from helpers import BEST, MIDDLE, WORST, act, stacked
from lowball import IllegalActionError
from lowball.engine import BETTING, COMPLETE, DRAWING, SHOWDOWN, HandState
from lowball.variants import (
    VARIANTS,
    FixedLimit,
    ForcedBets,
    NoLimit,
    PotLimit,
    Variant,
)

F2L3D, N2L1D, P2L1D = VARIANTS["F2L3D"], VARIANTS["N2L1D"], VARIANTS["P2L1D"]


def fl(small: int, big: int, sb: int, bb: int, **cap: int | bool) -> Variant:
    return F2L3D.replace(
        betting=FixedLimit(small_bet=small, big_bet=big, **cap), forced=ForcedBets(small_blind=sb, big_blind=bb)
    )


FL_20 = fl(20, 40, 10, 20)  # the $20/$40 game of WSOP-LAR 129's example


def wagers_in_round(s: HandState, limit: int = 10) -> int:
    """Let every player bet or raise whenever offered (else call) until the round ends or
    ``limit`` raises; the number of bets and raises made (round 1's big blind not counted)."""
    start = len(s.events)
    r = s.betting_round
    while s.phase == BETTING and s.betting_round == r:
        la = s.legal_actions()
        made = sum(e.kind in ("bet", "raise") for e in s.events[start:])
        if (la.bet or la.raise_) and made < limit:
            s.bet_or_raise(la.max_to)
        elif la.call:
            s.call()
        else:
            s.check()
    return sum(e.kind in ("bet", "raise") for e in s.events[start:])


# -- WSOP-LAR 126/127: the fixed-limit cap counts only players who are not all in -----------------

CAP_ROWS = [
    # (why, variant, stacks, script to the round, bets and raises the round allows)
    ("three players with chips: the big blind and four raises", F2L3D, [1000, 1000, 1000], "", 4),
    ("small blind all in on its blind: two can bet, uncapped", F2L3D, [1, 1000, 1000], "", 10),
    ("big blind all in for less: three can still bet, capped", F2L3D, [1000, 1, 1000, 1000], "", 4),
    (
        "tournament: the cap stays heads-up (WSOP-TR 100b)",
        fl(2, 4, 1, 2, uncapped_heads_up=False),
        [1, 1000, 1000],
        "",
        4,
    ),
    ("heads-up from the deal", F2L3D, [1000, 1000], "", 10),
    ("big-bet round after an all-in for the blind: two can bet", F2L3D, [1000, 1000, 2], "c c x p x x p", 10),
    ("big-bet round with three who can bet: a bet and four raises", F2L3D, [1000, 1000, 1000], "c c x p x x x p", 5),
    (
        "a tournament big-bet round begun two-handed stays capped",
        fl(2, 4, 1, 2, uncapped_heads_up=False),
        [1000, 1000, 2],
        "c c x p x x p",
        5,
    ),
]


@pytest.mark.parametrize("why,variant,stacks,script,wagers", CAP_ROWS, ids=[r[0] for r in CAP_ROWS])
def test_cap_counts_players_not_all_in(why: str, variant: Variant, stacks: list[int], script: str, wagers: int) -> None:
    s = HandState(variant, stacks, seed=1)
    act(s, script)
    assert s.phase == BETTING
    assert wagers_in_round(s) == wagers


def test_cap_stays_when_a_round_becomes_heads_up() -> None:
    """WSOP-LAR 127: a round that begins three-handed keeps the cap after a fold."""
    s = HandState(F2L3D, [1000, 1000, 1000], seed=1)
    act(s, "c c x p x x x p")  # round 3 (big bet 4), position 0 to act
    act(s, "4 8 f")  # a bet, a raise, position 2 folds: heads-up in the middle of the round
    act(s, "12 16 20")  # three more raises: a bet and four raises in all
    la = s.legal_actions()
    assert la.call and not la.raise_ and s.actor == 1


# -- WSOP-LAR 129: fixed-limit all-ins ----------------------------------------------------------

HALF_BET_ROWS = [
    # (why, stacks, script after the pre-draw calls and pat draw, expected (actor, min_to) or
    #  None for no raise, in a round of bet `b`)
    # round 2 is a small-bet round (20): half a bet is 10
    ("the rule's example: a $15 all-in bet is raised to $35", [35, 500, 500], "15", (1, 35)),
    ("a $10 all-in bet is half a bet: a full bet, raised to $30", [30, 500, 500], "10", (1, 30)),
    ("a $9 all-in bet is short: the next player completes to $20", [29, 500, 500], "9", (1, 20)),
    ("a $20 bet, an all-in raise to $30: a full raise, next to $50", [500, 50, 500], "20 30", (2, 50)),
    ("the opener may raise a half-bet all-in raise again", [500, 50, 500], "20 30 c", (0, 50)),
    ("an all-in raise to $29 is short: the next player completes to $40", [500, 49, 500], "20 29", (2, 40)),
    ("the opener may not raise a short all-in raise", [500, 49, 500], "20 29 c", None),
    ("short all-ins that together reach half a bet reopen the betting", [500, 45, 50, 500], "20 25 30 c", (0, 50)),
    # 129's last sentence measures "the resulting wager size to a participant": a player who
    # called the short all-in at 29 faces one more chip, not a raise
    (
        "a player who called a short all-in is not reopened by one more chip",
        [500, 49, 500, 50, 500],
        "20 29 c 30 c c",
        None,
    ),
    ("the opener, 10 behind, is reopened by the same all-ins", [500, 49, 500, 50, 500], "20 29 c 30 c", (0, 50)),
]


@pytest.mark.parametrize("why,stacks,script,expected", HALF_BET_ROWS, ids=[r[0] for r in HALF_BET_ROWS])
def test_fixed_limit_all_in_of_half_a_bet(
    why: str, stacks: list[int], script: str, expected: tuple[int, int] | None
) -> None:
    s = HandState(FL_20, stacks, seed=2)
    act(s, "c " * (len(stacks) - 1) + "x p")  # everyone in for 20, all stand pat: round 2
    assert s.betting_round == 2 and s.bets == (0,) * len(stacks)
    act(s, script)
    la = s.legal_actions()
    if expected is None:
        assert la.call and not la.raise_
        with pytest.raises(IllegalActionError, match="short all-in did not reopen"):
            s.raise_to(la.call_amount + 40)
    else:
        assert (la.position, la.min_to, la.max_to) == (expected[0], expected[1], expected[1])


@pytest.mark.parametrize("stack,raise_to", [(25, 65), (39, 79), (19, 40)])
def test_half_a_big_bet(stack: int, raise_to: int) -> None:
    """In a big-bet round ($40) half a bet is $20: an all-in bet of 25 or 39 is a full bet, raised
    to 65 or 79; one of 19 is short, completed to 40 (WSOP-LAR 129)."""
    s = HandState(FL_20, [stack + 20, 500, 500], seed=2)
    act(s, "c c x p x x x p")  # round 3, position 0 to act
    act(s, str(stack))
    assert s.stacks[0] == 0
    la = s.legal_actions()
    assert (la.position, la.min_to, la.max_to) == (1, raise_to, raise_to)


# -- WSOP-LAR 173, WSOP-TR 96a: no limit, short all-ins that together make a full raise ----------

NL_100 = VARIANTS["N2L3D"].replace(betting=NoLimit(min_bet=100), forced=ForcedBets(small_blind=50, big_blind=100))
PL_100 = NL_100.replace(betting=PotLimit(min_bet=100))


@pytest.mark.parametrize("variant", [NL_100, PL_100], ids=["no limit", "pot limit"])
def test_tr_96a_worked_example(variant: Variant) -> None:
    """A bets 500, B raises to 1,000, C calls, D all in for 1,300, E all in for 1,700: after A
    calls, B and C may raise, by at least the last full raise (500): to 2,200."""
    s = HandState(variant, [10_000, 10_000, 10_000, 1_400, 1_800, 10_000], seed=3)
    act(s, "c c c c c x p")  # everyone in for 100; round 2, A (position 0) to act
    act(s, "500 1000 c 1300 1700 f c")
    la = s.legal_actions()
    assert (la.position, la.raise_, la.min_to, la.call_amount) == (1, True, 2200, 700)
    s.call()
    la = s.legal_actions()
    assert (la.position, la.raise_, la.min_to) == (2, True, 2200)


@pytest.mark.parametrize("variant", [NL_100, PL_100], ids=["no limit", "pot limit"])
def test_lar_173_worked_example(variant: Variant) -> None:
    """A bets 100, B raises to 200, C all in for 250 (not a full raise): A may raise (B raised
    him); after A calls, B may not raise again (he was not fully raised)."""
    s = HandState(variant, [10_000, 10_000, 350], seed=4)
    act(s, "c c x p")  # round 2, A (position 0) to act
    act(s, "100 200 250")
    la = s.legal_actions()
    assert la.position == 0 and la.raise_ and la.min_to == 350  # 250 + the last full raise, 100
    s.call()
    la = s.legal_actions()
    assert la.position == 1 and la.call and not la.raise_ and la.call_amount == 50
    with pytest.raises(IllegalActionError, match="short all-in did not reopen"):
        s.raise_to(350)


def test_short_all_ins_add_up_from_where_each_player_acted() -> None:
    """A bets 100, B all in for 150, C all in for 210: neither is a full raise, but the wager
    has risen 110 since A acted, a full raise for A (WSOP-LAR 173)."""
    s = HandState(NL_100, [10_000, 250, 310, 10_000], seed=5)
    act(s, "c c c x p")  # round 2
    act(s, "100 150 210")
    la = s.legal_actions()
    assert la.position == 3 and la.raise_  # has not acted yet
    s.call()
    la = s.legal_actions()
    assert la.position == 0 and la.raise_ and la.min_to == 310


# -- WSOP-LAR 150: a big blind all in for less ---------------------------------------------------

BIG_BLIND_ROWS = [
    # (why, variant, stacks, (actor, call amount, min raise to))
    ("fixed limit 2/4: call the full 2, raise to 4", F2L3D, [200, 1, 200], (2, 2, 4)),
    ("no limit 1/2: call 2, raise to 4", N2L1D, [200, 1, 200], (2, 2, 4)),
    ("pot limit 1/2: call 2, raise to 4", P2L1D, [200, 1, 200], (2, 2, 4)),
    ("six players, the big blind has 1 of 2", F2L3D, [200, 1, 200, 200, 200, 200], (2, 2, 4)),
    (
        "all in on the ante: the price is still the full blind",
        F2L3D.replace(forced=ForcedBets(small_blind=1, big_blind=2, ante=2)),
        [200, 2, 200],
        (2, 2, 4),
    ),
]


@pytest.mark.parametrize("why,variant,stacks,expected", BIG_BLIND_ROWS, ids=[r[0] for r in BIG_BLIND_ROWS])
def test_big_blind_all_in_for_less(
    why: str, variant: Variant, stacks: list[int], expected: tuple[int, int, int]
) -> None:
    s = HandState(variant, stacks, seed=6)
    la = s.legal_actions()
    assert (la.position, la.call_amount, la.min_to) == expected
    assert not la.check
    s.call()
    assert s.bets[expected[0]] == 2  # nobody calls just the short blind


def test_short_big_blind_side_pot() -> None:
    """The short blind is in only for what it posted: a main pot of 3 (1 from each) and a side
    pot of 2 between the callers."""
    s = HandState(F2L3D, [200, 1, 200], seed=6)
    act(s, "c c")  # the button calls 2, the small blind completes to 2
    assert [(p.amount, p.eligible) for p in s.side_pots()] == [(3, (0, 1, 2)), (2, (0, 2))]


def test_short_big_blind_heads_up() -> None:
    """Heads-up the big blind (position 0) has 1 chip: the button must put in the full blind to
    play on (he cannot check); the 1 nobody can match is returned."""
    s = HandState(N2L1D, [1, 200], seed=7)
    la = s.legal_actions()
    assert (la.position, la.check, la.call, la.call_amount, la.raise_) == (1, False, True, 1, False)
    s.call()
    assert s.phase == DRAWING and s.stacks == (0, 199) and s.pot_total == 2


# -- WSOP-TR 84: a fold when a check is free ----------------------------------------------------


def test_open_fold_refused_by_default() -> None:
    s = HandState(F2L3D, [100, 100, 100], seed=8)
    act(s, "c c")
    la = s.legal_actions()
    assert la.position == 1 and la.check and not la.fold
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="no bet to call, check instead"):
        s.fold()
    assert s.to_json() == before


def test_open_fold_is_binding_where_allowed() -> None:
    s = HandState(F2L3D.replace(open_fold=True), [100, 100, 100], seed=8)
    act(s, "c c")
    la = s.legal_actions()
    assert la.position == 1 and la.check and la.fold
    s.fold()
    assert s.folded == (False, True, False) and s.phase == DRAWING


# -- WSOP-LAR, Lowball: "Participants are required to open with a bet or fold" ------------------

ANTES_ONLY = F2L3D.replace(forced=ForcedBets(small_blind=0, big_blind=0, ante=1))


def test_lar_lowball_a_game_of_antes_is_opened_with_a_bet_or_folded() -> None:
    """Three-handed, antes of 1 and no blind: the first player left of the button acts first
    and may bet or fold, not check; once a bet is made the round goes on as usual."""
    s = HandState(ANTES_ONLY, [100, 100, 100], seed=8)
    assert s.pot_total == 3 and s.actor == 0
    la = s.legal_actions()
    assert (la.check, la.fold, la.bet, la.call, la.min_to) == (False, True, True, False, 2)
    before = s.to_json()
    with pytest.raises(IllegalActionError) as e:
        s.check()
    assert str(e.value) == (
        "position 0 (p1) cannot check: the first betting round of a game without blinds is opened with a "
        "bet or folded (WSOP-LAR, Lowball)"
    )
    assert s.to_json() == before
    s.fold()  # a fold with nothing to call: the way not to open
    la = s.legal_actions()
    assert la.position == 1 and not la.check and la.fold
    s.bet(2)
    la = s.legal_actions()
    assert la.position == 2 and (la.check, la.fold, la.call, la.call_amount) == (False, True, True, 2)
    s.call()
    assert s.phase == DRAWING
    while s.phase == DRAWING:
        s.stand_pat()
    la = s.legal_actions()  # the second round is checked as usual
    assert la.position == 1 and la.check and not la.fold


def test_lar_lowball_everyone_folding_an_unopened_pot_gives_it_to_the_last_player() -> None:
    s = HandState(ANTES_ONLY, [100, 100, 100], seed=8)
    s.fold()
    s.fold()
    assert s.is_complete and s.stacks == (99, 99, 102)


def test_lar_lowball_heads_up_a_game_of_antes_is_opened_with_a_bet_or_folded_too() -> None:
    s = HandState(ANTES_ONLY, [100, 100], seed=8)
    la = s.legal_actions()
    assert la.position == 0 and (la.check, la.fold, la.bet) == (False, True, True)


def test_lar_lowball_one_all_in_on_the_ante_leaves_the_others_to_open() -> None:
    s = HandState(ANTES_ONLY, [1, 50, 50], seed=8)
    assert s.stacks == (0, 49, 49) and s.actor == 1
    la = s.legal_actions()
    assert (la.check, la.fold, la.bet) == (False, True, True)


def test_a_room_may_let_the_first_round_of_a_game_of_antes_be_checked() -> None:
    s = HandState(ANTES_ONLY.replace(must_open=False), [100, 100, 100], seed=8)
    la = s.legal_actions()
    assert la.check and not la.fold
    s.check()
    assert ANTES_ONLY.replace(must_open=False).to_dict()["must_open"] is False
    assert "must_open" not in ANTES_ONLY.to_dict()
    assert lowball.Variant.from_dict(ANTES_ONLY.replace(must_open=False).to_dict()).must_open is False


def test_a_blind_opens_the_first_round_so_must_open_changes_nothing_there() -> None:
    for must_open in (True, False):
        s = HandState(F2L3D.replace(must_open=must_open), [100, 100, 100], seed=8)
        act(s, "c c")
        la = s.legal_actions()
        assert la.position == 1 and la.check and not la.fold  # the big blind's option


# -- WSOP-LAR 145 and WSOP-TR 72: the showdown ------------------------------------------------


def events(s: HandState, *kinds: str) -> list[tuple[str, int | None]]:
    return [(e.kind, e.position) for e in s.events if e.kind in kinds]


SHOW_ROWS = [
    # (why, variant, hands, stacks, script, the show/muck events)
    (
        "checked down: earliest position first, a beaten hand mucked",
        F2L3D,
        [MIDDLE, WORST, BEST],
        [100, 100, 100],
        "c c x p x x x p x x x p x x x",
        [("show", 0), ("muck", 1), ("show", 2)],
    ),
    (
        "a tie is shown",
        F2L3D,
        [BEST, "7c5d4h3s2d", "9h8d6s4c2h"],
        [100, 100, 100],
        "c c x p x x x p x x x p x x x",
        [("show", 0), ("show", 1), ("muck", 2)],
    ),
    (
        "the last aggressor of the final round first",
        F2L3D,
        [MIDDLE, WORST, BEST],
        [100, 100, 100],
        "c c x p x x x p x x x p x 4 c c",
        [("show", 1), ("show", 2), ("muck", 0)],
    ),
    (
        "no limit, all in before the draw: the player who pushed shows first",
        N2L1D,
        [BEST, WORST],
        [100, 100],
        "100 c p",
        [("show", 1), ("show", 0)],
    ),
    (
        "pot limit, all in before the draw: the pusher first",
        P2L1D,
        [WORST, BEST],
        [6, 6],
        "6 c p",
        [("show", 1), ("muck", 0)],
    ),
    (
        "fixed limit, all in before the last round: earliest position first",
        F2L3D,
        [WORST, BEST],
        [4, 4],
        "4 c p p p",
        [("show", 0), ("show", 1)],
    ),
    (
        "a side pot's players show before the main pot's all-in",
        VARIANTS["N2L1D"],
        [BEST, MIDDLE, WORST],
        [30, 60, 100],
        "100 c c p",
        [("show", 2), ("show", 1), ("show", 0)],
    ),
    (
        "show all hands",
        F2L3D.replace(show_all_hands=True),
        [MIDDLE, WORST, BEST],
        [100, 100, 100],
        "c c x p x x x p x x x p x x x",
        [("show", 0), ("show", 1), ("show", 2)],
    ),
]


@pytest.mark.parametrize("why,variant,hands,stacks,script,shows", SHOW_ROWS, ids=[r[0] for r in SHOW_ROWS])
def test_showing_order_and_mucking(
    why: str, variant: Variant, hands: list[str], stacks: list[int], script: str, shows: list[tuple[str, int]]
) -> None:
    s = HandState(variant, stacks, deck=stacked(hands))
    act(s, script)
    assert s.phase == COMPLETE
    assert events(s, "show", "muck") == shows
    assert s.show_order[0] == shows[0][1]
    # a mucked hand appears in no view, and its player wins nothing
    for _, p in (e for e in shows if e[0] == "muck"):
        assert p not in s.shown and s.winnings[p] == 0
        for seat in [None, *range(s.n)]:
            if seat != p:
                view = s.view(seat)
                assert view.mucked[p] and p not in view.shown
                text = repr(view) + repr(view.events) + repr(view.shown)
                assert not any(repr(c) in text for c in s.hand(p))


def test_manual_showdown_a_muck_forfeits() -> None:
    """With manual_showdown the players decide; the best hand mucked loses the pot (WSOP-TR 72),
    and the other wins without showing (no other live hand)."""
    s = HandState(F2L3D, [100, 100], deck=stacked([BEST, WORST]), manual_showdown=True)
    act(s, "c x p x x p x x p x x")
    assert s.phase == SHOWDOWN and s.actor == 0 and s.show_order == (0, 1)
    la = s.legal_actions()
    assert (la.phase, la.show, la.muck) == (SHOWDOWN, True, True)
    s.muck()
    assert s.phase == COMPLETE and s.stacks == (98, 102)
    assert events(s, "show", "muck", "win") == [("muck", 0), ("win", 1)]
    assert [e.hand_class for e in s.events if e.kind == "win"] == [0]  # won unseen


def test_manual_showdown_out_of_turn_show_and_the_last_claim() -> None:
    s = HandState(F2L3D, [100, 100, 100], deck=stacked([MIDDLE, WORST, BEST]), manual_showdown=True)
    act(s, "c c x p x x x p x x x p x x x")
    assert s.actor == 0
    before = s.to_json()
    with pytest.raises(
        IllegalActionError, match="cannot bet, call, check or fold now: this is the showdown, where it may show or muck"
    ):
        s.check()
    assert s.to_json() == before
    s.show(2)  # before his turn: WSOP-LAR 145 encourages it
    s.muck(1)
    assert s.actor == 0 and s.legal_actions().muck  # position 2 still claims the pot
    s.muck()
    assert s.phase == COMPLETE and s.payoffs == (-2, -2, 4)
    with pytest.raises(IllegalActionError, match="complete"):
        s.show()


def test_manual_showdown_cannot_muck_the_last_claim_nor_under_show_all() -> None:
    s = HandState(F2L3D.replace(show_all_hands=True), [100, 100], deck=stacked([BEST, WORST]), manual_showdown=True)
    act(s, "c x p x x p x x p x x")
    assert not s.legal_actions().muck
    with pytest.raises(IllegalActionError, match="every hand is shown"):
        s.muck()
    s.show()
    s.show()
    assert s.payoffs == (2, -2)


def test_finish_showdown_settles_the_rest_and_restores() -> None:
    s = HandState(F2L3D, [100, 100, 100], deck=stacked([MIDDLE, WORST, BEST]), manual_showdown=True)
    act(s, "c c x p x x x p x x x p x x x")
    s.show()
    again = HandState.from_json(s.to_json())
    assert again.to_dict() == s.to_dict() and again.actor == 1
    for h in (s, again):
        h.finish_showdown()
        assert events(h, "show", "muck") == [("show", 0), ("muck", 1), ("show", 2)]
        assert h.payoffs == (-2, -2, 4)


# -- RULES.md 4: the draw a room never refuses ---------------------------------------------------


def test_live_rule_serves_every_draw_it_offers() -> None:
    """Issue 9: six players call round 1 under the live reshuffle rule and positions 0-3 throw
    five each (20 of the 22 stub cards). Position 4 is offered five and gets five: the live pool
    (no earlier draw, no muck, no burn) is short, so the served players' discards are used, never
    his own (RULES.md 4, lowball's decision)."""
    from lowball.deck import ReshuffleRule

    s = HandState(F2L3D.replace(reshuffle=ReshuffleRule.LIVE), [100] * 6, seed=9)
    act(s, "c c c c c x")
    for _ in range(4):
        s.discard(s.hand(s.actor)[:5])
    assert s.actor == 4 and s.deck.available == 2 + 20
    assert s.legal_actions().max_discards == 5
    thrown = s.hand(4)
    new = s.discard(thrown)
    assert len(new) == 5 and not set(new) & set(thrown) and s.deck.check()


def test_a_draw_the_deck_cannot_serve_is_not_offered() -> None:
    """Ten players (a variant seating ten): 50 cards in hands, 2 in the stub and nothing to
    reshuffle before anyone has thrown: the first player is offered 2, and a throw of 3 is an
    IllegalActionError that changes nothing."""
    from lowball.errors import InvalidDiscardError

    s = HandState(F2L3D.replace(max_players=10), [100] * 10, seed=10)
    act(s, "c " * 9 + "x")
    assert s.phase == DRAWING and s.actor == 0
    assert s.legal_actions().max_discards == 2
    before = s.to_json()
    with pytest.raises(InvalidDiscardError, match="cannot draw 3"):
        s.discard(s.hand(0)[:3])
    assert s.to_json() == before
    assert len(s.discard(s.hand(0)[:2])) == 2
    assert s.legal_actions().max_discards == 2  # position 1: the stub is empty, 2 discards served


def _showdown_state() -> HandState:
    """Four players all in before the draw (no limit), waiting at a manual showdown: a main pot
    for all four and side pots for positions 1-3 and 2-3."""
    s = HandState(N2L1D, [10, 20, 100, 100], seed=1, manual_showdown=True)
    act(s, "100 c c c p")
    assert s.phase == SHOWDOWN
    return s


@pytest.mark.parametrize(
    "why,change,message",
    [
        ("every hand of a side pot mucked", dict(mucked=[False, False, True, True]), "without a hand"),
        ("the showing order changed", "reverse", "WSOP-LAR 145 gives"),
        ("a showdown the engine settles itself", dict(manual_showdown=False), "the engine settles"),
        ("a muck where every hand is shown", "show_all", "every hand is shown"),
    ],
)
def test_restore_refuses_a_showdown_the_rules_cannot_reach(why: str, change: object, message: str) -> None:
    s = _showdown_state()
    d = s.to_dict()
    if change == "reverse":
        d["show_order"] = d["show_order"][::-1]
    elif change == "show_all":
        d["variant"]["show_all_hands"] = True
        d["mucked"] = [False, False, True, False]
    else:
        assert isinstance(change, dict)
        d.update(change)
    with pytest.raises(lowball.LowballError, match=message):
        HandState.from_dict(d)


def test_restore_mid_showdown_goes_on_the_same() -> None:
    s = _showdown_state()
    s.show(s.actor)
    t = HandState.from_dict(s.to_dict())
    for h in (s, t):
        h.finish_showdown()
    assert t.to_dict() == s.to_dict()


def test_finish_showdown_with_hands_kept_unseen() -> None:
    """``unshown`` hands lose every pot a shown hand claims and win unseen a pot nobody else
    claims (WSOP-TR 72); two unseen hands in one pot are refused with nothing changed."""
    s = HandState(N2L1D, [10, 100, 100], deck=stacked([BEST, WORST, MIDDLE]), manual_showdown=True)
    act(s, "50 c c p x x")  # position 2 bets 50, 0 calls all in for 10, 1 calls; checked down
    s.show(0)  # the best hand, in the main pot only
    s.muck(2)
    s.finish_showdown(unshown=[1])  # the worst hand, kept unseen
    assert s.payoffs == (20, 30, -50)  # main pot 30 to position 0; side pot 80 to position 1
    assert [e.hand_class for e in s.events if e.kind == "win" and e.position == 1] == [0]

    s = HandState(N2L1D, [100, 100], deck=stacked([BEST, WORST]), manual_showdown=True)
    act(s, "c x p x x")
    before = s.to_json()
    with pytest.raises(
        IllegalActionError,
        match=r"^pot 0: the hands of position 0 \(p1\), position 1 \(p2\) are not shown; "
        r"nothing decides it$",
    ):
        s.finish_showdown(unshown=[0, 1])
    assert s.to_json() == before
    with pytest.raises(IllegalActionError, match=r"^position = 5: expected a whole number 0..1$"):
        s.finish_showdown(unshown=[5])
    assert s.to_json() == before

"""Coming back to a game by the rules of each game (issue 26, part 1): a player who missed blinds
(WSOP 2023 Live Action Rules 156 in general, 278 in lowball, 307 in badugi), the kill (Kill Pots,
200, 207, 208, 274), a player who leaves and sits down again (58), the blinds through heads-up
(151), a seat change (159, 160, 278), the order of play of a game of antes without blinds, and
when a seat's player is dealt in (issue 27).

Every expected seat, post and chip is worked out by hand from the rule in the comments (the
dead button of RULES.md section 9: the big blind goes to the next player due, the small blind
marker to the seat that had it, the button to the seat that had the small blind marker), never
copied from a run. The ready-made variants have blinds 1/2 and limit 2/4: a buy-in is 20.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from lowball import phh
from lowball.engine import Action, HandState, Posts
from lowball.errors import InvalidValueError, TableError
from lowball.store import Store, TableStore
from lowball.table import BuyIn, ComingIn, Departure, Table
from lowball.variants import (
    VARIANTS,
    FixedLimit,
    ForcedBets,
    MissedBlinds,
    NoLimit,
    PotLimit,
    Variant,
    VariantError,
)

V = VARIANTS["F2L3D"]
A5 = VARIANTS["LB-FA5L3D"]
FB = VARIANTS["FB"]
POSTING = V.replace(missed_blinds="wait_or_post")  # the hold'em-style rule of WSOP-LAR 156
DATA = Path(__file__).parents[1] / "data"


def make(seated: list[int], variant: Variant = V, *, n: int = 6, chips: int = 100, **options: Any) -> Table:
    """A seeded table of ``n`` seats with players ``p<seat>`` at ``seated``."""
    options.setdefault("seed", 7)
    options.setdefault("keep_hands", 10)
    t = Table(variant, seats=n, **options)
    for k in seated:
        t.sit(k, f"p{k}", chips, now=0)
    return t


def act(t: Table, action: Action) -> None:
    seat = t.actor
    assert seat is not None
    t.act(seat, action, seq=t.seq, now=0)


def passive(t: Table) -> Action:
    legal = t.legal_actions()
    if legal.draw:
        return Action.stand_pat()
    if legal.show:
        return Action.show()
    return Action.check() if legal.check else Action.call()


def fold_around(t: Table) -> None:
    """Everyone folds to the last live blind (who may then have to check: a kill, a post)."""
    while t.in_hand:
        legal = t.legal_actions()
        act(t, Action.fold() if legal.fold else passive(t))


def play_out(t: Table) -> None:
    while t.in_hand:
        act(t, passive(t))


def deal(t: Table) -> tuple[int | None, int | None, int | None, tuple[int, ...]]:
    """Deal the next hand: its button, small blind marker, big blind and seats by position."""
    t.deal(now=0)
    return t.button, t.small_blind, t.big_blind, t.seats_by_position()


def refused(t: Table, call: Any, message: str) -> None:
    """``call`` raises a TableError with exactly ``message`` and changes nothing."""
    before = json.dumps(t.snapshot(), sort_keys=True)
    with pytest.raises(TableError) as e:
        call()
    assert str(e.value) == message
    assert json.dumps(t.snapshot(), sort_keys=True) == before


def replays(t: Table) -> phh.HandHistory:
    """The last hand's PHH, replayed to the stacks the table ended it with."""
    history = phh.loads(t.last_phh)  # type: ignore[arg-type]
    state = history.play()
    events = t.events_for(None)
    start = [e for e in events if e.kind == "hand_start"][-1]
    end = [e for e in events if e.kind == "hand_end"][-1]
    assert list(state.stacks) == [end.data["stacks"][str(k)] for k in start.data["seats"]]
    return history


def missed_the_big_blind(variant: Variant, **options: Any) -> Table:
    # hand 1: seats 0-3, button 3, blinds 0/1. Seat 2 sits out; hand 2: the big blind goes to the
    # next player due, seat 3, passing seat 2, which owes both blinds (WSOP-LAR 156); the small
    # blind marker goes to 1, the button to 0.
    t = make([0, 1, 2, 3], variant, **options)
    assert deal(t) == (3, 0, 1, (0, 1, 2, 3))
    fold_around(t)
    t.sit_out(2, now=0)
    assert deal(t) == (0, 1, 3, (1, 3, 0))
    fold_around(t)
    info = t.seats[2]
    assert info is not None and (info.missed_small, info.missed_big) == (True, True)
    return t


# -- the rule of each game (the variant carries it) -------------------------------------------------


def test_each_ready_made_variant_carries_its_familys_rule() -> None:
    # 2-7 and A-5 are lowball (WSOP-LAR section X, 278: wait or kill); badugi 307: wait
    assert {code: v.missed_blinds for code, v in VARIANTS.items()} == {
        "F2L3D": MissedBlinds.WAIT_OR_KILL,
        "P2L3D": MissedBlinds.WAIT_OR_KILL,
        "N2L3D": MissedBlinds.WAIT_OR_KILL,
        "F2L1D": MissedBlinds.WAIT_OR_KILL,
        "P2L1D": MissedBlinds.WAIT_OR_KILL,
        "N2L1D": MissedBlinds.WAIT_OR_KILL,
        "LB-FA5L3D": MissedBlinds.WAIT_OR_KILL,
        "FB": MissedBlinds.WAIT,
    }
    assert MissedBlinds.of(FB.ranking) is MissedBlinds.WAIT
    assert MissedBlinds("WAIT_OR_POST") is MissedBlinds.WAIT_OR_POST
    with pytest.raises(InvalidValueError, match="'post' is not a missed-blind rule: expected one of 'wait'"):
        MissedBlinds("post")


def test_the_rule_is_saved_only_where_it_is_not_the_familys_and_old_descriptions_read() -> None:
    # a description written before the rule existed has no such key: it reads as the family's
    old = {k: v for k, v in V.to_dict().items()}
    assert "missed_blinds" not in old and "missed_blinds" not in FB.to_dict()
    assert Variant.from_dict(old).missed_blinds is MissedBlinds.WAIT_OR_KILL
    assert Variant.from_dict(FB.to_dict()).missed_blinds is MissedBlinds.WAIT
    assert POSTING.to_dict()["missed_blinds"] == "wait_or_post"
    assert Variant.from_dict(POSTING.to_dict()) == POSTING
    # a new ranking takes its family's rule, unless the variant had one of its own
    assert FB.replace(ranking="2-7").missed_blinds is MissedBlinds.WAIT_OR_KILL
    assert V.replace(ranking="badugi").missed_blinds is MissedBlinds.WAIT
    assert POSTING.replace(ranking="badugi").missed_blinds is MissedBlinds.WAIT_OR_POST
    with pytest.raises(VariantError) as e:
        V.replace(missed_blinds="post")
    assert str(e.value) == (
        "Variant.missed_blinds = 'post': expected a lowball MissedBlinds or one of 'wait', 'wait_or_kill', "
        "'wait_or_post'"
    )


def test_a_killed_pot_doubles_the_betting_limits_not_the_blinds() -> None:
    # Kill Pots: "A full kill is double the amount of the big blind, and doubles the betting limits"
    assert V.killed().betting == FixedLimit(small_bet=4, big_bet=8)
    assert V.killed().forced == ForcedBets(small_blind=1, big_blind=2)
    assert VARIANTS["N2L1D"].killed().betting == NoLimit(min_bet=4)
    assert VARIANTS["P2L3D"].killed().betting == PotLimit(min_bet=4)
    capped = V.replace(betting=FixedLimit(small_bet=3, big_bet=6, max_raises=3, uncapped_heads_up=False))
    assert capped.killed().betting == FixedLimit(small_bet=6, big_bet=12, max_raises=3, uncapped_heads_up=False)


# -- a player who missed blinds ---------------------------------------------------------------------


def test_lar_307_badugi_player_who_missed_blinds_waits_for_the_big_blind() -> None:
    # "If an existing participant has missed a blind, they must wait for the big blind to come
    # around before they can receive a hand." Posting and killing are refused.
    t = missed_the_big_blind(FB)
    refused(
        t,
        lambda: t.sit_in(2, post=True, now=0),
        "seat 2: 'p2', who missed blinds, may not post to come in: in badugi he waits for the big blind to "
        "come round (WSOP-LAR 307)",
    )
    refused(
        t,
        lambda: t.sit_in(2, kill=True, now=0),
        "seat 2: 'p2', who missed blinds, may not kill the pot: the kill is lowball's (WSOP-LAR 274, 278); "
        "badugi, fixed limit plays missed_blinds = 'wait': wait for the big blind",
    )
    assert t.ways_in("p2") == ("wait",)
    t.sit_in(2, now=0)
    assert t.coming_in(2) == ComingIn(2, "big_blind")
    # hand 3: big blind 0, small blind 3, button 1: seat 2 waits
    assert deal(t) == (1, 3, 0, (3, 0, 1))
    fold_around(t)
    assert t.coming_in(2) == ComingIn(1, "big_blind")
    # hand 4: big blind 1, small blind 0, button 3: seat 2, between the big blind and the
    # button, could post under WSOP-LAR 156, but in badugi it waits
    assert deal(t) == (3, 0, 1, (0, 1, 3))
    fold_around(t)
    # hand 5: the big blind reaches seat 2, which posts it and owes nothing more
    assert deal(t) == (0, 1, 2, (1, 2, 3, 0))
    h = t.hand_state()
    assert h.bets == (1, 2, 0, 0) and h.pot_total == 3
    info = t.seats[2]
    assert info is not None and (info.status, info.missed_small, info.missed_big) == ("active", False, False)


def test_lar_156_posting_what_was_missed_stays_an_option_of_the_variant() -> None:
    # the same badugi table opting into the hold'em-style rule: seat 2 posts at hand 4, the big
    # blind live and the small blind dead (2 + 1), between the big blind and the button
    t = missed_the_big_blind(FB.replace(missed_blinds="wait_or_post"))
    assert t.ways_in("p2") == ("wait", "post")
    t.sit_in(2, post=True, now=0)
    assert t.coming_in(2) == ComingIn(1, "post")
    assert deal(t) == (1, 3, 0, (3, 0, 1))
    fold_around(t)
    assert deal(t) == (3, 0, 1, (0, 1, 2, 3))
    h = t.hand_state()
    assert h.bets == (1, 2, 2, 0) and h.pot_total == 6
    play_out(t)
    assert replays(t).posts == Posts((1, 2, 2, 0), 1, (0, 0, 1, 0))


@pytest.mark.parametrize("variant", [V, A5], ids=["2-7", "A-5"])
def test_lar_278_lowball_player_who_missed_blinds_waits_for_the_big_blind_or_kills(variant: Variant) -> None:
    # "if for any reason the big blind passes your seat; you may either wait for the big blind or
    # kill the pot in order to receive a hand": no posting what was missed
    t = missed_the_big_blind(variant)
    refused(
        t,
        lambda: t.sit_in(2, post=True, now=0),
        f"seat 2: 'p2', who missed blinds, may not post to come in: in {variant.ranking.title} he waits for the "
        "big blind or kills the pot (WSOP-LAR 278)",
    )
    refused(t, lambda: t.sit_in(2, post=True, kill=True, now=0), "seat 2: post or kill to come in, not both")
    assert t.ways_in("p2") == ("wait", "kill")
    t.sit_in(2, kill=True, now=0)
    info = t.seats[2]
    assert info is not None and info.kill and info.status == "waiting"
    assert t.coming_in(2) == ComingIn(1, "kill")
    # hand 3 (big blind 0, small blind 3, button 1): seat 2 sits between the button and the big
    # blind, where no kill is posted (WSOP-LAR 207: not on the button or in the blinds)
    assert deal(t) == (1, 3, 0, (3, 0, 1))
    fold_around(t)
    # hand 4: big blind 1, small blind 0, button 3. Seat 2 kills: a live blind of 4, twice the
    # big blind, and owes nothing more (no dead small blind); the hand is played at 4/8
    assert deal(t) == (3, 0, 1, (0, 1, 2, 3))
    h = t.hand_state()
    assert h.variant == variant.killed() and h.variant.betting == FixedLimit(small_bet=4, big_bet=8)
    assert h.bets == (1, 2, 4, 0) and h.pot_total == 7
    assert h.posts == Posts((1, 2, 4, 0), 2, (0, 0, 0, 0))
    start = [e for e in t.events_for(None) if e.kind == "hand_start"][-1]
    assert start.data["kill"] == 2
    # WSOP-LAR 200: the action begins left of the kill; the price is the kill, a raise 4 more
    assert t.actor == 3
    legal = t.legal_actions()
    assert (legal.call_amount, legal.min_to, legal.max_to) == (4, 8, 8)
    act(t, Action.call())  # seat 3: 4
    act(t, Action.call())  # seat 0, the small blind: 3 more
    act(t, Action.call())  # seat 1, the big blind: 2 more
    assert t.actor == 2  # the kill acts last, with the option to raise
    legal = t.legal_actions()
    assert legal.check and legal.raise_ and legal.min_to == 8
    act(t, Action.check())
    assert t.hand_state().pot_total == 16
    while t.hand_state().phase == "drawing":
        act(t, Action.stand_pat())
    assert t.actor == 0  # after the draw, left of the button
    legal = t.legal_actions()
    assert legal.bet and legal.min_to == 4  # the doubled small bet
    play_out(t)
    history = replays(t)  # the PHH records the doubled stakes and replays with them
    text = t.last_phh
    assert text is not None
    # lowball's own field holds the posts as made; the standard's, the form pokerkit replays to
    # the same stacks (the kill as the largest blind, the small blind a post: RULES.md section 7)
    assert "small_bet = 4\nbig_bet = 8\n" in text and "_lowball_live_blinds = [1, 2, 4, 0]" in text
    assert "blinds_or_straddles = [-1, 2, 4, 0]" in text
    assert history.variant.betting == FixedLimit(small_bet=4, big_bet=8)  # (imported with open folds, PHH)
    assert history.variant.forced == variant.forced
    assert history.posts == Posts((1, 2, 4, 0), 2, (0, 0, 0, 0))
    info = t.seats[2]
    assert info is not None and (info.status, info.kill, info.missed_small, info.missed_big) == (
        "active",
        False,
        False,
        False,
    )
    # the next hand is back at 2/4 with the usual blinds
    assert deal(t) == (0, 1, 2, (1, 2, 3, 0))
    assert t.hand_state().variant == variant


def test_lar_278_lowball_player_who_missed_blinds_may_wait_for_the_big_blind() -> None:
    t = missed_the_big_blind(V)
    t.sit_in(2, now=0)
    assert deal(t) == (1, 3, 0, (3, 0, 1))
    fold_around(t)
    assert deal(t) == (3, 0, 1, (0, 1, 3))
    fold_around(t)
    assert deal(t) == (0, 1, 2, (1, 2, 3, 0))
    assert t.hand_state().bets == (1, 2, 0, 0)


def test_a_kill_asked_for_then_given_up_waits_again() -> None:
    t = missed_the_big_blind(V)
    t.sit_in(2, kill=True, now=0)
    refused(t, lambda: t.sit_in(2, kill=True, now=0), "seat 2: 'p2' already waits to kill the pot")
    t.sit_in(2, now=0)  # back to waiting for the big blind
    info = t.seats[2]
    assert info is not None and not info.kill
    assert t.coming_in(2) == ComingIn(2, "big_blind")


# -- new players ------------------------------------------------------------------------------------


def test_lar_307_badugi_new_player_waits_or_posts_a_full_big_blind() -> None:
    # hand 1: button 3, blinds 0/1. Hand 2: big blind 2, small blind 1, button 0; the new player
    # at seat 4 (between the big blind and the button) posts a full big blind of 2
    t = make([0, 1, 2, 3], FB)
    deal(t)
    fold_around(t)
    assert t.ways_in("p4") == ("wait", "post")
    refused(
        t,
        lambda: t.sit(4, "p4", 100, kill=True, now=0),
        "seat 4: 'p4', a new player, may not kill the pot: the kill is lowball's (WSOP-LAR 274, 278); badugi, "
        "fixed limit plays missed_blinds = 'wait': wait for the big blind or post",
    )
    t.sit(4, "p4", 100, post=True, now=0)
    assert t.coming_in(4) == ComingIn(0, "post")
    assert deal(t) == (0, 1, 2, (1, 2, 3, 4, 0))
    assert t.hand_state().bets == (1, 2, 0, 2, 0)


@pytest.mark.parametrize(
    ("variant", "doubled"),
    [(V, FixedLimit(small_bet=4, big_bet=8)), (VARIANTS["N2L1D"], NoLimit(min_bet=4))],
    ids=["fixed-limit", "no-limit"],
)
def test_lar_274_lowball_new_player_waits_posts_or_kills(variant: Variant, doubled: Any) -> None:
    # hand 2: big blind 2, small blind 1, button 0; the new player at seat 4 kills: 4 live, the
    # action begins left of him: seat 5 is empty, so with the button (seat 0), who calls 4 or
    # raises to 8 (at limit one doubled small bet; in no limit the doubled minimum bet, 4 more)
    t = make([0, 1, 2, 3], variant)
    deal(t)
    fold_around(t)
    assert t.ways_in("p4") == ("wait", "post", "kill")
    t.sit(4, "p4", 100, kill=True, now=0)
    sit = [e for e in t.events_for(None) if e.kind == "sit"][-1]
    assert sit.data == {"post": False, "kill": True}
    assert t.coming_in(4) == ComingIn(0, "kill")
    assert deal(t) == (0, 1, 2, (1, 2, 3, 4, 0))
    h = t.hand_state()
    assert h.bets == (1, 2, 0, 4, 0) and h.posts == Posts((1, 2, 0, 4, 0), 3, (0, 0, 0, 0, 0))
    assert h.variant.betting == doubled
    legal = t.legal_actions()
    assert t.actor == 0 and (legal.call_amount, legal.min_to) == (4, 8)
    play_out(t)
    assert replays(t).variant.betting == doubled


def test_lar_274_no_post_for_a_new_player_in_a_single_blind_game() -> None:
    # "Post the big blind, except in single blind game": he waits or kills (277)
    single = V.replace(forced=ForcedBets(small_blind=0, big_blind=2))
    t = make([0, 1, 2], single)
    deal(t)
    fold_around(t)
    assert t.ways_in("p4") == ("wait", "kill")
    refused(
        t,
        lambda: t.sit(4, "p4", 100, post=True, now=0),
        "seat 4: 'p4', a new player, may not post to come in: in 2-7 lowball he waits for the big blind or kills "
        "the pot in a single-blind game (WSOP-LAR 274)",
    )
    # the hold'em-style rule deals a new player in for the (only) blind (WSOP-LAR 100a)
    assert make([0, 1, 2], single.replace(missed_blinds="wait_or_post")).ways_in("p4") == ("wait", "post")


def test_lar_208_only_one_kill_a_deal() -> None:
    # hand 2 (big blind 2, small blind 1, button 0): seats 4 and 5 both ask to kill; the first
    # left of the big blind (4) kills, seat 5 waits. Hand 3 (big blind 3, small blind 2, button
    # 1): seat 5 kills (position 3), seat 4 plays, and the action begins left of the kill: seat 0
    t = make([0, 1, 2, 3])
    deal(t)
    fold_around(t)
    t.sit(4, "p4", 100, kill=True, now=0)
    t.sit(5, "p5", 100, kill=True, now=0)
    assert deal(t) == (0, 1, 2, (1, 2, 3, 4, 0))
    assert t.hand_state().bets == (1, 2, 0, 4, 0)
    fold_around(t)
    assert deal(t) == (1, 2, 3, (2, 3, 4, 5, 0, 1))
    h = t.hand_state()
    assert h.bets == (1, 2, 0, 4, 0, 0) and h.posts == Posts((1, 2, 0, 4, 0, 0), 3, (0,) * 6)
    assert t.actor == 0


def test_a_kill_costs_twice_the_big_blind_and_is_not_made_with_a_big_blind_ante() -> None:
    t = make([0, 1, 2, 3], buy_in=BuyIn(1))
    t.sit(4, "p4", 3, now=0)
    refused(
        t,
        lambda: t.sit(5, "p5", 3, kill=True, now=0),
        "seat 5: a kill is 4 chips (twice the big blind), more than the 3 chips of 'p5'",
    )
    refused(
        t,
        lambda: t.sit_in(4, kill=True, now=0),
        "seat 4: a kill is 4 chips (twice the big blind), more than the 3 chips of 'p4'",
    )
    ante = make([0, 1, 2], V.replace(forced=ForcedBets(small_blind=1, big_blind=2, ante=1, big_blind_ante=True)))
    assert ante.ways_in("p4") == ("wait", "post")
    refused(
        ante,
        lambda: ante.sit(4, "p4", 100, kill=True, now=0),
        "seat 4: no kill in a game with a big-blind ante (the big blind posts the table's ante)",
    )


# -- leaving and sitting down again (WSOP-LAR 58) -----------------------------------------------


def test_lar_58_a_player_back_within_the_hour_buys_in_for_what_he_took_away() -> None:
    # "If you return to the same game within one hour of cashing out, your buy-in must be equal
    # to the amount removed when leaving that game." The issue's case: he left with 104 chips.
    t = make([0, 1, 2])
    t.sit(3, "p3", 104, now=0)
    assert t.leave(3, now=100).amount == 104
    assert t.departure("p3", now=400) == Departure("p3", 104, 100.0, False, False)
    assert t.buy_in_for("p3", now=400) == BuyIn(104)
    assert t.buy_in_for("someone", now=400) == BuyIn(20)
    for chips in (20, 103):
        refused(
            t,
            lambda chips=chips: t.sit(3, "p3", chips, now=400),
            f"seat 3: {chips} chips is below the 104 chips 'p3' took away 300 s ago: a player back within 3600 s "
            "buys in for at least what he took away (WSOP-LAR 58)",
        )
    t.sit(4, "p3", 104, now=400)
    assert t.departure("p3", now=400) is None  # back: the record is spent
    # an hour after he left, he is a new player with the table's buy-in
    t.leave(4, now=500)
    assert t.buy_in_for("p3", now=4099) == BuyIn(104)
    assert t.buy_in_for("p3", now=4100) == BuyIn(20)
    t.sit(3, "p3", 20, now=4100)


def test_lar_58_the_window_is_a_table_setting() -> None:
    off = make([0, 1, 2], rejoin_seconds=None)
    off.sit(3, "p3", 104, now=0)
    off.leave(3, now=100)
    assert off.buy_in_for("p3", now=101) == BuyIn(20)
    off.sit(3, "p3", 20, now=101)
    longer = make([0, 1, 2], rejoin_seconds=7200)
    longer.sit(3, "p3", 104, now=0)
    longer.leave(3, now=100)
    assert longer.buy_in_for("p3", now=7299) == BuyIn(104)
    assert longer.buy_in_for("p3", now=7300) == BuyIn(20)
    with pytest.raises(TableError, match=r"^rejoin_seconds = -1: expected a finite number of seconds >= 0$"):
        Table(V, rejoin_seconds=-1)


def test_lar_58_a_player_who_took_away_more_than_the_maximum_brings_it_back() -> None:
    # no limit single draw: buy-in 40 to 200. Heads-up, the button (seat 1) moves all in and the
    # big blind folds: seat 1 leaves with 202, above the maximum, and comes back with exactly that
    t = make([0, 1], VARIANTS["N2L1D"], chips=200)
    deal(t)
    assert t.actor == 1
    act(t, Action.raise_to(200))
    act(t, Action.fold())
    assert t.leave(1, now=50).amount == 202
    assert t.buy_in_for("p1", now=60) == BuyIn(202, 202)
    refused(
        t,
        lambda: t.sit(2, "p1", 201, now=60),
        "seat 2: 201 chips is below the 202 chips 'p1' took away 10 s ago: a player back within 3600 s buys in "
        "for at least what he took away (WSOP-LAR 58)",
    )
    refused(t, lambda: t.sit(2, "p1", 203, now=60), "seat 2: 203 chips is above the table's maximum buy-in of 202")
    t.sit(2, "p1", 202, now=60)


@pytest.mark.parametrize("variant", [V, FB], ids=["2-7", "badugi"])
def test_lar_58_leaving_and_sitting_down_again_does_not_erase_the_blinds_owed(variant: Variant) -> None:
    # seat 2 owes both blinds; he leaves and sits down again in the same seat: he still owes
    # them and waits for the big blind at hand 5, as if he had stayed (not a new player, who
    # may post a big blind; in badugi a player who missed blinds may not, WSOP-LAR 307)
    t = missed_the_big_blind(variant)
    assert t.leave(2, now=100).amount == 100
    assert t.departure("p2", now=200) == Departure("p2", 100, 100.0, True, True)
    assert t.ways_in("p2", now=200) == (("wait", "kill") if variant is V else ("wait",))
    rule = (
        "waits for the big blind or kills the pot (WSOP-LAR 278)"
        if variant is V
        else ("waits for the big blind to come round (WSOP-LAR 307)")
    )
    refused(
        t,
        lambda: t.sit(2, "p2", 100, post=True, now=200),
        f"seat 2: 'p2', who missed blinds, may not post to come in: in {variant.ranking.title} he {rule}",
    )
    t.sit(2, "p2", 100, now=200)
    info = t.seats[2]
    assert info is not None and (info.status, info.missed_small, info.missed_big) == ("waiting", True, True)
    sit = [e for e in t.events_for(None) if e.kind == "sit"][-1]
    assert sit.data == {"post": False, "owes_small": True, "owes_big": True}
    assert t.coming_in(2) == ComingIn(2, "big_blind")
    assert deal(t) == (1, 3, 0, (3, 0, 1))
    fold_around(t)
    assert deal(t) == (3, 0, 1, (0, 1, 3))
    fold_around(t)
    assert deal(t) == (0, 1, 2, (1, 2, 3, 0))


def test_lar_58_the_blinds_owed_are_remembered_an_hour_even_with_the_buy_in_rule_off() -> None:
    t = missed_the_big_blind(V)
    off = missed_the_big_blind(V, rejoin_seconds=None)  # the same table without the buy-in rule
    for table in (t, off):
        table.leave(2, now=100)
        assert table.ways_in("p2", now=3699) == ("wait", "kill")  # still owes
        assert table.ways_in("p2", now=3700) == ("wait", "post", "kill")  # a new player again
    t.sit(2, "p2", 100, now=3700)
    info = t.seats[2]
    assert info is not None and (info.missed_small, info.missed_big) == (False, False)


def test_lar_58_what_the_table_remembers_is_saved_and_resumed(tmp_path: Path) -> None:
    from lowball.store import SQLiteStore

    t = Table(V, seats=6, seed=7, store=SQLiteStore(tmp_path / "t.db"), table_id="t")
    for k in (0, 1, 2):
        t.sit(k, f"p{k}", 100, now=0)
    t.sit(3, "p3", 104, now=0)
    t.leave(3, now=100)
    assert t.snapshot()["departed"] == [
        {"player": "p3", "chips": 104, "time": 100.0, "missed_small": False, "missed_big": False}
    ]
    assert t.snapshot()["config"]["rejoin_seconds"] == 3600.0
    resumed = Table.resume(SQLiteStore(tmp_path / "t.db"), "t")
    assert resumed.snapshot() == t.snapshot()
    assert resumed.departure("p3", now=200) == Departure("p3", 104, 100.0, False, False)


# -- the blinds through heads-up (WSOP-LAR 151) ---------------------------------------------------


@pytest.mark.parametrize("post", [False, True], ids=["waits", "posts"])
def test_lar_151_heads_up_a_new_player_does_not_take_the_big_blind_the_other_was_due(post: bool) -> None:
    # "Each round every participant must ... meet the total amount of the blind obligations."
    # Heads-up seats 0 and 2: hand 1 big blind 0 (the button 2 posts the small blind), hand 2 big
    # blind 2. Seat 2 leaves, a new player sits at seat 1. Seat 0 is due the big blind (the next
    # player after seat 2); the new player, on the button, cannot come in by the rules, so the
    # two play as a new game would (WSOP-LAR 158), the blinds where they are due: seat 0 the big
    # blind, the new player the button and the small blind. (Before: a fresh start gave the new
    # player the big blind and seat 0 the button, skipping seat 0's big blind.)
    t = make([0, 2])
    assert deal(t) == (2, 2, 0, (0, 2))
    fold_around(t)
    assert deal(t) == (0, 0, 2, (2, 0))
    fold_around(t)
    t.leave(2, now=0)
    t.sit(1, "p1", 100, post=post, now=0)
    assert t.coming_in(1) == ComingIn(0, "play")
    assert deal(t) == (1, 1, 0, (0, 1))
    assert t.hand_state().bets == (2, 1)
    fold_around(t)
    assert deal(t) == (0, 0, 1, (1, 0))


def test_lar_151_three_handed_to_heads_up_with_a_new_player() -> None:
    # hand 2: button 0, small blind 1, big blind 2. Seat 1 leaves, seat 2 sits out (it owes the
    # small blind when the marker reaches it) and a new player sits at seat 1. Seat 0 is due the
    # big blind; the new player is on the button: heads-up, seat 0 posts the big blind and the
    # new player the small blind on the button
    t = make([0, 1, 2])
    assert deal(t) == (2, 0, 1, (0, 1, 2))
    fold_around(t)
    assert deal(t) == (0, 1, 2, (1, 2, 0))
    fold_around(t)
    t.leave(1, now=0)
    t.sit_out(2, now=0)
    t.sit(1, "p4", 100, now=0)
    assert deal(t) == (1, 1, 0, (0, 1))
    assert t.hand_state().bets == (2, 1)
    info = t.seats[2]
    assert info is not None and (info.missed_small, info.missed_big) == (True, False)


def _between(n: int, a: int, b: int, k: int) -> bool:
    return 0 < (k - a) % n < (b - a) % n


@pytest.mark.parametrize("variant", [V, FB, POSTING], ids=["lowball", "badugi", "posting"])
def test_lar_151_every_player_meets_the_big_blind_of_each_round(variant: Variant) -> None:
    # Players come and go, sit out and in (posting or killing where the rules let them), change
    # seats, at tables of 2 to 6 seats, across heads-up and back. Between two hands, no player
    # dealt in both at the same seat may be passed by the big blind (it goes to the next player
    # due, WSOP-LAR 151), and the big blind never stays on one seat while another player plays
    # both hands.
    pairs = came_in = heads_up = 0
    for seed in range(30):
        rng = random.Random(seed)
        n = rng.choice((2, 3, 4, 6))
        t = Table(variant, seats=n, seed=seed)
        names = (f"x{i}" for i in range(10**6))
        for k in rng.sample(range(n), rng.randint(2, n)):
            t.sit(k, next(names), 100, now=0)
        before: tuple[int, dict[int, str], set[str]] | None = None
        for _ in range(40):
            _churn(t, rng, names)
            if not t.can_deal():
                before = None
                continue
            waiting = {s.player for s in t.seats if s is not None and s.status == "waiting"}
            t.deal(now=0)
            dealt = {k: t.seats[k].player for k in t.seats_by_position()}  # type: ignore[union-attr]
            if before is not None:
                bb, was, waited = before
                both = [k for k in dealt if was.get(k) == dealt[k]]
                assert not [k for k in both if _between(n, bb, t.big_blind, k)], (seed, bb, t.big_blind, both)  # type: ignore[arg-type]
                assert t.big_blind != bb or len(both) < 2
                pairs += 1
                came_in += len(waited & set(dealt.values()))
                heads_up += len(dealt) == 2
            before = (t.big_blind, dealt, waiting)  # type: ignore[assignment]
            fold_around(t)
    # the checks ran on many hands, with players coming in and heads-up play among them
    assert pairs >= 300 and came_in >= 100 and heads_up >= 100, (pairs, came_in, heads_up)


def _churn(t: Table, rng: random.Random, names: Any) -> None:
    """A few random seat changes between hands (those the rules refuse are skipped)."""
    n = t.n_seats
    for _ in range(rng.randint(0, 2)):
        r, k = rng.random(), rng.randrange(n)
        s = t.seats[k]
        try:
            if s is None and r < 0.4:
                name = next(names)
                ways = t.ways_in(name)
                post, kill = "post" in ways and rng.random() < 0.5, "kill" in ways and rng.random() < 0.2
                t.sit(k, name, 100, post=post, kill=kill and not post, now=0)
            elif s is not None and r < 0.5:
                t.leave(k, now=0)
            elif s is not None and r < 0.7 and s.status != "sitting_out":
                t.sit_out(k, now=0)
            elif s is not None and r < 0.8:
                empty = [j for j in range(n) if t.seats[j] is None]
                if empty:
                    t.change_seat(k, rng.choice(empty), now=0)
            elif s is not None and s.status == "sitting_out":
                ways = t.ways_in(s.player)
                post, kill = "post" in ways and rng.random() < 0.5, "kill" in ways and rng.random() < 0.3
                t.sit_in(k, post=post, kill=kill and not post, now=0)
        except TableError:
            pass


# -- a seat change (WSOP-LAR 159, 160, 278) -------------------------------------------------------


def test_lar_159_a_seat_change_waits_for_the_same_place_relative_to_the_big_blind() -> None:
    # Seats 0, 2, 3, 4 (1 and 5 empty). Hand 1: button 4, blinds 0/2. Seat 3 is due the big
    # blind next (0 hands away) and moves to seat 1, where the big blind is 2 hands away (it goes
    # to 4 and 0 first). In a draw game he "must wait to receive until he/she is in the same
    # relative position prior to moving seats": until the big blind reaches his new seat, hand 4;
    # meanwhile he is not dealt in, and the move gains him no hand without a big blind.
    t = make([0, 2, 3, 4])
    assert deal(t) == (4, 0, 2, (0, 2, 3, 4))
    fold_around(t)
    t.change_seat(3, 1, now=0)
    moved = [e for e in t.events_for(None) if e.kind == "seat_change"][-1]
    assert (moved.seat, moved.player, moved.data) == (1, "p3", {"from": 3, "hands": 2})
    info = t.seats[1]
    assert t.seats[3] is None and info is not None and (info.player, info.status) == ("p3", "waiting")
    assert t.ways_in("p3") == ()  # nothing to post or kill: he waits for his place
    assert t.coming_in(1) == ComingIn(2, "big_blind")
    assert deal(t) == (0, 2, 4, (2, 4, 0))  # hand 2
    fold_around(t)
    assert deal(t) == (2, 4, 0, (4, 0, 2))  # hand 3
    fold_around(t)
    assert deal(t) == (4, 0, 1, (0, 1, 2, 4))  # hand 4: his big blind at seat 1
    assert t.hand_state().bets == (1, 2, 0, 0)


def test_lar_159_a_second_seat_change_keeps_the_place_he_waits_for() -> None:
    # as above, seat 3 (due the big blind) moves to seat 1 and waits for the big blind there;
    # then he moves on to seat 5, 1 hand from the big blind (it goes to 4 first): he still waits
    # for the place he had (the big blind), now hand 3's, at seat 5
    t = make([0, 2, 3, 4])
    assert deal(t) == (4, 0, 2, (0, 2, 3, 4))
    fold_around(t)
    t.change_seat(3, 1, now=0)
    t.change_seat(1, 5, now=0)
    assert t.coming_in(5) == ComingIn(1, "big_blind")
    assert deal(t) == (0, 2, 4, (2, 4, 0))
    fold_around(t)
    assert deal(t) == (2, 4, 5, (4, 5, 0, 2))
    assert t.hand_state().bets == (1, 2, 0, 0)


def test_lar_159_the_big_blind_moving_off_his_seat_plays_on_from_the_seat_it_passes() -> None:
    # hand 1: button 4, blinds 0/2 (seats 0, 2, 3, 4). Seat 2 has just had the big blind: at
    # his seat he was the last the big blind would reach (3 hands away). A waiting seat is never
    # the one that had the big blind, so the nearest place is the one the big blind has just
    # passed, 2 hands away (after 3 and 4): seat 5 is there, and he plays on at once. The small
    # blind he would have posted at seat 2 is dead (the marker's seat is empty).
    t = make([0, 2, 3, 4])
    assert deal(t) == (4, 0, 2, (0, 2, 3, 4))
    fold_around(t)
    t.change_seat(2, 5, now=0)
    info = t.seats[5]
    assert info is not None and info.status == "active"
    assert deal(t) == (0, 2, 3, (3, 4, 5, 0))
    assert t.hand_state().bets == (2, 0, 0, 0)


def test_lar_160_dealing_off_the_blinds_pass_the_new_seat_once_without_penalty() -> None:
    # Seats 0, 1, 2, 4 (3 and 5 empty). Hand 2: button 0, blinds 1/2. The button "deals off"
    # and moves to seat 3: at seat 0 he was 1 hand from the big blind (it goes to 4, then to 0);
    # at seat 3 he is 0. He waits for his place (1 hand from the big blind): hand 3's big blind
    # passes seat 3 and goes to 4 (WSOP-LAR 160: "allow the blinds to pass the new seat one
    # time"; 278: "The button may go by you once without penalty": he owes nothing), hand 4's
    # to 1, and in hand 5 (big blind 2) seat 3 is 1 hand from it: he is dealt in behind the
    # button (seat 4) without posting a blind.
    t = make([0, 1, 2, 4])
    assert deal(t) == (4, 0, 1, (0, 1, 2, 4))
    fold_around(t)
    assert deal(t) == (0, 1, 2, (1, 2, 4, 0))
    fold_around(t)
    t.change_seat(0, 3, now=0)
    assert t.coming_in(3) == ComingIn(2, "play")
    assert deal(t) == (1, 2, 4, (2, 4, 1))  # hand 3: the big blind passes seat 3
    fold_around(t)
    info = t.seats[3]
    assert info is not None and (info.status, info.missed_small, info.missed_big) == ("waiting", False, False)
    assert deal(t) == (2, 4, 1, (4, 1, 2))  # hand 4
    fold_around(t)
    assert deal(t) == (4, 1, 2, (1, 2, 3, 4))  # hand 5: in his place, behind the button
    assert t.hand_state().bets == (1, 2, 0, 0)
    info = t.seats[3]
    assert info is not None and info.status == "active"


def test_lar_159_a_seat_change_into_the_same_place_costs_nothing() -> None:
    # hand 1: button 3, blinds 0/1 (seats 0-3; 4 and 5 empty). Seat 3, the button, moves to
    # seat 5: the big blind is 1 hand from both (it goes to 2, then to him), so he plays on
    t = make([0, 1, 2, 3])
    assert deal(t) == (3, 0, 1, (0, 1, 2, 3))
    fold_around(t)
    t.change_seat(3, 5, now=0)
    info = t.seats[5]
    assert info is not None and info.status == "active"
    assert t.coming_in(5) == ComingIn(0, "play")
    assert deal(t) == (0, 1, 2, (1, 2, 5, 0))


def test_a_seat_change_keeps_a_new_player_new_and_what_is_owed_owed() -> None:
    t = missed_the_big_blind(V)  # seat 2 owes both blinds
    t.sit(4, "p4", 100, now=0)  # a new player
    t.change_seat(2, 5, now=0)
    t.change_seat(4, 2, now=0)
    owes, new = t.seats[5], t.seats[2]
    assert owes is not None and (owes.player, owes.missed_small, owes.missed_big, owes.status) == (
        "p2",
        True,
        True,
        "sitting_out",
    )
    assert new is not None and (new.player, new.status) == ("p4", "waiting")
    assert t.ways_in("p4") == ("wait", "post", "kill") and t.ways_in("p2") == ("wait", "kill")


def test_a_seat_change_is_refused_in_words() -> None:
    t = make([0, 1, 2])
    deal(t)
    t.sit(4, "p4", 100, now=0)
    refused(t, lambda: t.change_seat(0, 3, now=0), "seat 0: 'p0' is dealt in hand 1: change seats between hands")
    refused(t, lambda: t.change_seat(4, 1, now=0), "seat 4: seat 1 is taken by 'p1'")
    refused(t, lambda: t.change_seat(4, 4, now=0), "seat 4: 'p4' already sits at seat 4")
    refused(t, lambda: t.change_seat(3, 5, now=0), "seat 3: change seats: the seat is empty")
    refused(t, lambda: t.change_seat(4, 6, now=0), "seat = 6: expected a whole number 0..5")
    t.change_seat(4, 5, now=0)  # a player not dealt in may move during a hand
    assert t.seats[5] is not None and t.seats[4] is None


# -- a game of antes and no blinds ----------------------------------------------------------------

ANTES = Variant(
    name="2-7 single draw, antes",
    draws=1,
    betting=NoLimit(min_bet=2),
    forced=ForcedBets(small_blind=0, big_blind=0, ante=1),
)


@pytest.mark.parametrize("n", [2, 3, 6])
def test_a_game_of_antes_the_first_player_left_of_the_button_acts_first(n: int) -> None:
    # WSOP-LAR, Button and Blind Use (before rule 150): the button has the last action; without
    # blinds the first round begins "by the first participant that is in the UTG (under the gun)
    # position", the first left of the button: position 0. Three-handed the button (position 2)
    # acted first before; heads-up too.
    # (The Lowball section's "Participants are required to open with a bet or fold" is
    # Variant.must_open, tested in test_engine_rules.py; a room that lets the round be checked
    # around plays must_open=False, as here.)
    h = HandState(ANTES.replace(must_open=False), [100] * n, seed=1)
    assert h.actor == 0 and h.pot_total == n
    legal = h.legal_actions()
    assert legal.check and legal.bet and not legal.call
    for _ in range(n):
        h.check()
    assert h.phase == "drawing" and h.actor == 0
    opened = HandState(ANTES, [100] * n, seed=1)  # by the rule: the same first player, who bets or folds
    assert opened.actor == 0 and not opened.legal_actions().check
    pokerkit = pytest.importorskip("pokerkit")
    a = pokerkit.Automation
    auto = (a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING, a.HOLE_DEALING)
    state = pokerkit.NoLimitDeuceToSevenLowballSingleDraw.create_state(auto, True, 1, (0,) * n, 2, (100,) * n, n)
    assert state.actor_index == 0  # pokerkit agrees


def test_a_game_of_antes_deals_a_new_player_in_at_once_and_nobody_misses_a_blind() -> None:
    # no blind to wait for: the ante is a new player's post (as WSOP-LAR 100a says of stud)
    t = make([0, 1, 2], ANTES)
    assert deal(t) == (2, 0, 1, (0, 1, 2))
    assert t.actor == 0
    fold_around(t)
    t.sit(4, "p4", 100, now=0)
    t.sit_out(1, now=0)
    assert t.ways_in("p4") == ()
    assert t.coming_in(4) == ComingIn(0, "play")
    assert t.seats_by_position() == ()
    t.deal(now=0)
    assert 4 in t.seats_by_position() and 1 not in t.seats_by_position()
    fold_around(t)
    info = t.seats[1]
    assert info is not None and (info.missed_small, info.missed_big) == (False, False)
    t.sit_in(1, now=0)
    t.deal(now=0)
    assert 1 in t.seats_by_position()


# -- when a seat's player is dealt in (issue 27) --------------------------------------------------


@pytest.mark.parametrize("variant", [V, FB, VARIANTS["N2L1D"]], ids=["lowball", "badugi", "no-limit"])
def test_coming_in_is_the_hand_the_table_then_deals_the_seat_in(variant: Variant) -> None:
    # Between hands, every seat's coming_in() is checked against the hands a copy of the table
    # then deals with nobody coming or going: the first hand the seat is dealt in, and whether
    # it has the big blind or kills there (a seat told None is dealt in none of those hands).
    checked = later = 0
    for seed in range(15):
        rng = random.Random(seed)
        n = rng.choice((2, 3, 4, 6))
        t = Table(variant, seats=n, seed=seed)
        names = (f"x{i}" for i in range(10**6))
        for k in rng.sample(range(n), rng.randint(2, n)):
            t.sit(k, next(names), 100, now=0)
        for _ in range(20):
            _churn(t, rng, names)
            empty = [k for k in range(n) if t.seats[k] is None]
            if empty and rng.random() < 0.5:  # more players waiting to come in
                t.sit(rng.choice(empty), next(names), 100, now=0)
            told = {k: t.coming_in(k) for k in range(n) if t.seats[k] is not None}
            ahead = copy.deepcopy(t)
            dealt: dict[int, tuple[int, str | None]] = {}
            for hands in range(1 + max((c.hands for c in told.values() if c is not None), default=0)):
                if not ahead.can_deal():
                    break
                ahead.deal(now=0)
                h = ahead.hand_state()
                for p, k in enumerate(ahead.seats_by_position()):
                    if k not in dealt:
                        killed = h.posts is not None and h.posts.big_blind == p and k != ahead.big_blind
                        dealt[k] = (hands, "big_blind" if k == ahead.big_blind else "kill" if killed else None)
                fold_around(ahead)
            for k, coming in told.items():
                checked += 1
                if coming is None:
                    assert k not in dealt, (seed, k)
                    continue
                hands, by = dealt[k]
                later += hands > 0
                assert coming.hands == hands, (seed, k, coming, dealt[k])
                assert (coming.by if coming.by in ("big_blind", "kill") else None) == by, (seed, k, coming, by)
            if t.can_deal():
                t.deal(now=0)
                fold_around(t)
    assert checked > 800 and later > 50, (checked, later)


def test_coming_in_for_a_player_who_would_sit_down() -> None:
    # hand 2: button 0, blinds 1/2 (seats 0-3). A new player posting plays the next hand at
    # seat 4 (between the big blind and the button); one who waits is dealt in when the big
    # blind reaches him: at seat 4 or 5 after 1 hand (the big blind goes to 3, then to him)
    t = make([0, 1, 2, 3])
    deal(t)
    fold_around(t)
    deal(t)
    fold_around(t)
    assert (t.button, t.small_blind, t.big_blind) == (0, 1, 2)
    assert t.coming_in(4, player="new", post=True) == ComingIn(0, "post")
    assert t.coming_in(4, player="new") == ComingIn(1, "big_blind")
    assert t.coming_in(5, player="new") == ComingIn(1, "big_blind")
    # in a seat now held (a bot's, which the server gives up): as if it were free
    assert t.coming_in(3, player="new", post=True) == ComingIn(0, "big_blind")
    assert t.seats[4] is None  # asking changes nothing
    with pytest.raises(TableError, match=r"^seat 4: coming in: the seat is empty \(give player= for a new player\)$"):
        t.coming_in(4)
    with pytest.raises(TableError, match=r"^seat 0: post=True is for a player sitting down \(give player=\)$"):
        t.coming_in(0, post=True)
    t.sit_out(1, now=0)
    assert t.coming_in(1) is None  # sitting out


# -- a table saved before all this ------------------------------------------------------------------


class _SavedStore:
    """A store holding what lowball's SQLiteStore held of a table (the JSON of its ``load`` and
    ``events``), and keeping what the resumed table writes."""

    def __init__(self, saved: dict[str, Any]) -> None:
        self.loaded = saved["load"]
        self.all_events = list(saved["events"])

    def transaction(self) -> Any:
        import contextlib

        return contextlib.nullcontext()

    def create(self, table_id: str, snapshot: dict[str, Any]) -> None:
        raise AssertionError("the table exists")

    def save_action(self, table_id: str, record: Any, events: list[dict[str, Any]], snapshot: Any) -> None:
        self.all_events += events
        self.loaded = {**self.loaded, "snapshot": snapshot}

    def save_hand(self, table_id: str, hand: dict[str, Any]) -> None:
        pass

    def events(self, table_id: str, since: int = 0) -> list[dict[str, Any]]:
        return [e for e in self.all_events if e["number"] > since]

    def load(self, table_id: str) -> dict[str, Any] | None:
        return copy.deepcopy(self.loaded)


@pytest.mark.parametrize("commit", ["35cfd85", "fa436ed"])
def test_a_table_saved_by_the_code_before_resumes_and_plays_by_the_new_rules(commit: str) -> None:
    # tests/data/SOURCES.md: hand 3 in progress (button 1, small blind 4, big blind 5); p2 owes
    # both blinds and asked to post them (the old rule); p3 sits out owing both
    saved = json.loads((DATA / f"table-snapshot-{commit}.json").read_text())
    assert "rejoin_seconds" not in saved["load"]["snapshot"]["config"] and "departed" not in saved["load"]["snapshot"]
    store = _SavedStore(saved)
    assert isinstance(store, TableStore) and not isinstance(store, Store)  # a store of the six methods still serves
    t = Table.resume(store, "t")  # type: ignore[arg-type]
    assert (t.hand_number, t.seq, t.actor) == (3, 10, 1)
    assert (t.button, t.small_blind, t.big_blind, t.seats_by_position()) == (1, 4, 5, (4, 5, 0, 1))
    assert t.snapshot()["config"]["rejoin_seconds"] == 3600.0 and t.snapshot()["departed"] == []
    p2 = t.seats[2]
    assert p2 is not None and (p2.status, p2.post, p2.missed_small, p2.missed_big, p2.kill) == (
        "waiting",
        True,
        True,
        True,
        False,
    )
    play_out(t)
    # 2-7 lowball now: p2's old request to post is not a way in (WSOP-LAR 278), he waits for
    # the big blind. Hand 4: big blind 0 (after 5), small blind 5, button 4; hand 5: big blind
    # 1; hand 6: the big blind reaches seat 2 (seat 3, sitting out, is passed)
    assert t.coming_in(2) == ComingIn(2, "big_blind")
    assert deal(t) == (4, 5, 0, (5, 0, 1, 4))
    fold_around(t)
    assert deal(t) == (5, 0, 1, (0, 1, 4, 5))
    fold_around(t)
    assert deal(t) == (0, 1, 2, (1, 2, 4, 5, 0))
    assert t.hand_state().bets == (1, 2, 0, 0, 0)
    fold_around(t)
    t.leave(3, now=10)  # owes both blinds: remembered (a new field of the snapshot)
    assert t.departure("p3", now=20) == Departure("p3", 100, 10.0, True, True)

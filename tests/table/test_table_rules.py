"""The table's seat, button and blind rules from the WSOP Live Action Rules' own text (2023:
rules 73, 100-101, 149-160), its seq-numbered actions, its clock, its rake and its events.

Every expected value is worked out by hand from the rule (the seats, markers and posts of each
hand are derived in the comments), never copied from a run. The ready-made variant has blinds
1/2 and limit 2/4, so a full buy-in is 20 (WSOP-LAR 100: ten small bets).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from lowball import phh
from lowball.engine import Action, Posts
from lowball.errors import IllegalActionError, LowballError, SeqError, TableError
from lowball.table import BuyIn, PercentRake, Table
from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT, TRIPLE_DRAW_NO_LIMIT, TRIPLE_DRAW_POT_LIMIT

V = TRIPLE_DRAW_FIXED_LIMIT
# the hold'em-style rule of WSOP-LAR 156 (a player who missed blinds posts them to come back),
# which a 2-7 table plays when it opts into it (lowball's own is 278: wait or kill)
POSTING = V.replace(missed_blinds="wait_or_post")


def make(seated: list[int], *, n: int = 6, chips: int = 100, variant: Any = V, **options: Any) -> Table:
    """A seeded table of ``n`` seats with players ``p<seat>`` at ``seated``, 100 chips each."""
    options.setdefault("seed", 7)
    options.setdefault("keep_hands", 10)
    t = Table(variant, seats=n, **options)
    for k in seated:
        t.sit(k, f"p{k}", chips, now=0)
    return t


def act(t: Table, action: Action, now: float = 0.0) -> Any:
    seat = t.actor
    assert seat is not None
    return t.act(seat, action, seq=t.seq, now=now)


def passive(t: Table) -> Action:
    """Check, else call (no raise); stand pat; show at the showdown."""
    legal = t.legal_actions()
    if legal.draw:
        return Action.stand_pat()
    if legal.show:
        return Action.show()
    if legal.check:
        return Action.check()
    return Action.call()


def fold_around(t: Table, now: float = 0.0) -> None:
    """Everyone folds to the big blind, who wins the blinds without acting."""
    while t.in_hand:
        act(t, Action.fold(), now)


def play_out(t: Table, now: float = 0.0) -> None:
    while t.in_hand:
        act(t, passive(t), now)


def markers(t: Table) -> tuple[int | None, int | None, int | None, tuple[int, ...]]:
    return t.button, t.small_blind, t.big_blind, t.seats_by_position()


def replays(t: Table) -> phh.HandHistory:
    """The last hand's PHH, checked to replay to the stacks the table ended it with."""
    assert not t.in_hand and t.last_phh is not None
    history = phh.loads(t.last_phh)
    state = history.play()
    start = [e for e in t.events_for(None) if e.kind == "hand_start"][-1]
    end = [e for e in t.events_for(None) if e.kind == "hand_end"][-1]
    assert list(state.stacks) == [end.data["stacks"][str(k)] for k in start.data["seats"]]
    return history


# -- the button and the blinds ------------------------------------------------------------


def test_the_button_moves_one_seat_each_hand() -> None:
    # four players in seats 0-3 of 6; the first button is the last seat able to play (3), so
    # the small blind is 0 and the big blind 1 (WSOP-LAR 149: blinds left of the button)
    t = make([0, 1, 2, 3])
    t.deal(now=0)
    assert markers(t) == (3, 0, 1, (0, 1, 2, 3))
    assert t.actor == 2  # first to act: left of the big blind
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (0, 1, 2, (1, 2, 3, 0))
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (1, 2, 3, (2, 3, 0, 1))
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (2, 3, 0, (3, 0, 1, 2))


def test_dead_button_when_the_small_blinds_player_left() -> None:
    # WSOP-LAR 151: hand 2 has button 0, small blind 1, big blind 2. Seat 1 leaves: the big
    # blind goes to the next player due (3), the small blind to seat 2, the button to seat 1,
    # an empty seat; the player on seat 0, last to act in hand 2, acts last again in hand 3.
    t = make([0, 1, 2, 3])
    t.deal(now=0)
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (0, 1, 2, (1, 2, 3, 0))
    fold_around(t)
    assert t.leave(1, now=0).amount == 100  # won 1 as hand 1's big blind, lost 1 as hand 2's small blind
    t.deal(now=0)
    assert markers(t) == (1, 2, 3, (2, 3, 0))
    assert t.seats[1] is None
    h = t.hand_state()
    assert h.bets == (1, 2, 0)
    # the last position (the button's place in the order) is seat 0 again
    assert t.seat_of(2) == 0
    # after the first round, the first to act is left of the (dead) button: the small blind
    act(t, Action.call())  # seat 0 calls 2
    act(t, Action.call())  # seat 2 completes
    act(t, Action.check())  # seat 3, the big blind, checks
    assert t.hand_state().phase == "drawing"
    order = []
    while t.hand_state().phase == "drawing":
        order.append(t.actor)
        act(t, Action.stand_pat())
    assert order == [2, 3, 0]
    assert t.actor == 2


def test_dead_small_blind_when_the_big_blinds_player_left() -> None:
    # hand 2: button 0, small blind 1, big blind 2; seat 2 leaves. Hand 3: the big blind goes to
    # seat 3, the small blind would be posted on seat 2 (empty: no small blind), the button on 1.
    t = make([0, 1, 2, 3])
    t.deal(now=0)
    fold_around(t)
    t.deal(now=0)
    fold_around(t)  # seat 2 wins 1 + 2 - 2 = +1
    assert t.leave(2, now=0).amount == 101
    t.deal(now=0)
    assert markers(t) == (1, 2, 3, (3, 0, 1))
    h = t.hand_state()
    assert h.bets == (2, 0, 0)
    assert h.pot_total == 2
    assert t.actor == 0
    assert t.legal_actions().call_amount == 2
    play_out(t)
    assert replays(t).posts == Posts((2, 0, 0), 0, (0, 0, 0))


def test_the_big_blind_skips_a_player_sitting_out() -> None:
    # hand 1: button 3, blinds 0/1. Seat 2 sits out: the big blind goes to the next player due,
    # seat 3; the small blind stays with seat 1, the button moves to 0
    t = make([0, 1, 2, 3])
    t.deal(now=0)
    fold_around(t)
    t.sit_out(2, now=0)
    t.deal(now=0)
    assert markers(t) == (0, 1, 3, (1, 3, 0))
    info = t.seats[2]
    assert info is not None and info.missed_big and info.missed_small and not info.in_hand


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_then_last() -> None:
    # WSOP-LAR 153: seats 0 and 3; the first button is seat 3 (the last seat able), which posts
    # the small blind; seat 0 posts the big blind and is position 0
    t = make([0, 3])
    t.deal(now=0)
    assert markers(t) == (3, 3, 0, (0, 3))
    assert t.hand_state().bets == (2, 1)
    assert t.actor == 3  # before the draw the button acts first
    act(t, Action.call())
    assert t.actor == 0
    act(t, Action.check())
    assert t.actor == 0  # the big blind draws first
    act(t, Action.stand_pat())
    act(t, Action.stand_pat())
    assert t.actor == 0  # after the draw the big blind acts first, the button last
    act(t, Action.check())
    assert t.actor == 3
    play_out(t)
    t.deal(now=0)
    assert markers(t) == (0, 0, 3, (3, 0))
    assert t.actor == 0


@pytest.mark.parametrize(
    ("leaver", "expected"),
    [
        # hand 1: button 2, small blind 0, big blind 1. Heads-up next: the big blind goes to the
        # next player due after seat 1, the other player has the button and the small blind.
        (0, [(1, 1, 2, (2, 1)), (2, 2, 1, (1, 2))]),
        (1, [(0, 0, 2, (2, 0)), (2, 2, 0, (0, 2))]),
        (2, [(1, 1, 0, (0, 1)), (0, 0, 1, (1, 0))]),
    ],
)
def test_three_to_two_players_nobody_has_the_big_blind_twice(leaver: int, expected: list[Any]) -> None:
    t = make([0, 1, 2])
    t.deal(now=0)
    assert markers(t) == (2, 0, 1, (0, 1, 2))
    fold_around(t)
    t.leave(leaver, now=0)
    bbs = [1]
    for want in expected:
        t.deal(now=0)
        assert markers(t) == want
        assert t.big_blind != bbs[-1]
        bbs.append(t.big_blind)
        fold_around(t)


def test_two_to_three_players_the_new_player_waits_for_the_big_blind() -> None:
    # heads-up seats 0 and 3: hand 1 big blind 0 (button 3), hand 2 big blind 3 (button 0).
    # A player sits at seat 1: the big blind moves on to seat 0 (hand 3, still heads-up), then
    # reaches seat 1 (hand 4): button 3, small blind 0, big blind 1.
    t = make([0, 3])
    t.deal(now=0)
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (0, 0, 3, (3, 0))
    fold_around(t)
    t.sit(1, "p1", 100, now=0)
    t.deal(now=0)
    assert markers(t) == (3, 3, 0, (0, 3))
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (3, 0, 1, (0, 1, 3))
    assert t.hand_state().bets == (1, 2, 0)


def test_a_new_player_waits_for_the_big_blind() -> None:
    # hand 1: button 3, blinds 0/1. A player at seat 4 is passed by hands 2 (big blind 2) and 3
    # (big blind 3) and dealt in hand 4 with the big blind
    t = make([0, 1, 2, 3])
    t.deal(now=0)
    fold_around(t)
    t.sit(4, "p4", 100, now=0)
    t.deal(now=0)
    assert t.big_blind == 2 and 4 not in t.seats_by_position()
    fold_around(t)
    t.deal(now=0)
    assert t.big_blind == 3 and 4 not in t.seats_by_position()
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (2, 3, 4, (3, 4, 0, 1, 2))
    assert t.hand_state().bets == (1, 2, 0, 0, 0)


def test_a_new_player_posts_a_live_big_blind_with_the_option_to_raise() -> None:
    # WSOP-LAR 100a, 154, 155: hand 2 has button 0, blinds 1/2; a player at seat 4 (between the
    # big blind and the button) posts a big blind: 1 + 2 + 2 in the pot, seat 4's wager 2
    t = make([0, 1, 2, 3])
    t.deal(now=0)
    fold_around(t)
    t.sit(4, "p4", 100, post=True, now=0)
    t.deal(now=0)
    assert markers(t) == (0, 1, 2, (1, 2, 3, 4, 0))
    h = t.hand_state()
    assert h.bets == (1, 2, 0, 2, 0)
    assert h.pot_total == 5
    assert t.actor == 3
    assert t.legal_actions().call_amount == 2
    act(t, Action.call())
    assert t.actor == 4
    legal = t.legal_actions()
    assert legal.check and legal.raise_ and legal.call_amount == 0
    play_out(t)
    assert replays(t).posts == Posts((1, 2, 0, 2, 0), 1, (0, 0, 0, 0, 0))


def test_a_new_player_cannot_come_in_on_the_button() -> None:
    # hand 1: button 3, blinds 0/1. Seat 0 leaves; a new player sits there and will post. Hand
    # 2's button is seat 0 (WSOP-LAR 151): no coming in on the button (154), so not dealt. Hand
    # 3: button 1, blinds 2/3; seat 0 is between the big blind and the button: posts.
    t = make([0, 1, 2, 3])
    t.deal(now=0)
    fold_around(t)
    t.leave(0, now=0)
    t.sit(0, "new", 100, post=True, now=0)
    t.deal(now=0)
    assert markers(t) == (0, 1, 2, (1, 2, 3))
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (1, 2, 3, (2, 3, 0, 1))
    assert t.hand_state().bets == (1, 2, 2, 0)


def test_a_new_player_cannot_come_in_on_the_small_blind() -> None:
    # hand 1: button 3, blinds 0/1. Seat 1 leaves; a new player sits there and will post. Hand
    # 2: big blind 2, the small blind on seat 1 (not posted: the new player may not come in
    # there), button 0. Hand 3: big blind 3, small blind 2, button on seat 1: not dealt. Hand 4:
    # big blind 0, small blind 3, button 2: seat 1 is between the big blind and the button.
    t = make([0, 1, 2, 3])
    t.deal(now=0)
    fold_around(t)
    t.leave(1, now=0)
    t.sit(1, "new", 100, post=True, now=0)
    t.deal(now=0)
    assert markers(t) == (0, 1, 2, (2, 3, 0))
    assert t.hand_state().bets == (2, 0, 0)
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (1, 2, 3, (2, 3, 0))
    assert t.hand_state().bets == (1, 2, 0)
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (2, 3, 0, (3, 0, 1, 2))
    assert t.hand_state().bets == (1, 2, 2, 0)


def sat_out_through_the_big_blind(variant: Any = POSTING) -> Table:
    # hand 1: button 3, blinds 0/1; seat 2 sits out. Hand 2: big blind 3 (passing seat 2, which
    # now owes the big and the small blind: WSOP-LAR 156), small blind 1, button 0.
    t = make([0, 1, 2, 3], variant=variant)
    t.deal(now=0)
    fold_around(t)
    t.sit_out(2, now=0)
    t.deal(now=0)
    assert markers(t) == (0, 1, 3, (1, 3, 0))
    fold_around(t)
    return t


def test_missed_blinds_are_posted_big_live_small_dead() -> None:
    # WSOP-LAR 156: seat 2 comes back posting. Hand 3: big blind 0, small blind 3, button 1:
    # seat 2 sits between the button and the big blind, so waits. Hand 4: big blind 1, small
    # blind 0, button 3: seat 2 posts 2 live and 1 dead. Only the big blind is its wager.
    t = sat_out_through_the_big_blind()
    t.sit_in(2, post=True, now=0)
    info = t.seats[2]
    assert info is not None and info.status == "waiting" and info.post
    t.deal(now=0)
    assert markers(t) == (1, 3, 0, (3, 0, 1))
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (3, 0, 1, (0, 1, 2, 3))
    h = t.hand_state()
    assert h.bets == (1, 2, 2, 0)
    assert h.pot_total == 6
    info = t.seats[2]
    assert info is not None and not info.missed_big and not info.missed_small
    assert t.actor == 2  # left of the big blind; its live 2 matches the level: option to raise
    legal = t.legal_actions()
    assert legal.check and legal.raise_ and legal.call_amount == 0
    act(t, Action.check())
    assert t.actor == 3
    assert t.legal_actions().call_amount == 2
    act(t, Action.fold())
    act(t, Action.call())  # small blind completes 1
    act(t, Action.check())
    # each of the three put 2 in, plus the dead chip
    assert t.hand_state().pot_total == 7
    assert t.hand_state().committed[:3] == (2, 2, 3)
    play_out(t)
    assert replays(t).posts == Posts((1, 2, 2, 0), 1, (0, 0, 1, 0))


def test_missed_blinds_or_wait_for_the_big_blind() -> None:
    # without posting, seat 2 waits for the big blind: hands 3 (big blind 0) and 4 (big blind 1)
    # pass it; hand 5's big blind is seat 2 with nothing more owed (WSOP-LAR 156)
    t = sat_out_through_the_big_blind()
    t.sit_in(2, now=0)
    t.deal(now=0)
    assert 2 not in t.seats_by_position()
    fold_around(t)
    t.deal(now=0)
    assert 2 not in t.seats_by_position()
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (0, 1, 2, (1, 2, 3, 0))
    assert t.hand_state().bets == (1, 2, 0, 0)
    assert t.hand_state().pot_total == 3


def test_a_player_sitting_out_on_the_small_blind_owes_the_small_blind() -> None:
    # hand 1: button 3, blinds 0/1. Seat 1 sits out; hand 2's small blind falls on it (big blind
    # 2, button 0): no small blind is posted and seat 1 owes it. Posting to come back: hand 3's
    # button is seat 1 (no coming in on the button); hand 4 (big blind 0, small blind 3, button
    # 2) it posts the small blind dead, nothing live (WSOP-LAR 156: only the big blind is live)
    t = make([0, 1, 2, 3], variant=POSTING)
    t.deal(now=0)
    fold_around(t)
    t.sit_out(1, now=0)
    t.deal(now=0)
    assert markers(t) == (0, 1, 2, (2, 3, 0))
    assert t.hand_state().bets == (2, 0, 0)
    info = t.seats[1]
    assert info is not None and info.missed_small and not info.missed_big
    fold_around(t)
    t.sit_in(1, post=True, now=0)
    t.deal(now=0)
    assert markers(t) == (1, 2, 3, (2, 3, 0))
    fold_around(t)
    t.deal(now=0)
    assert markers(t) == (2, 3, 0, (3, 0, 1, 2))
    h = t.hand_state()
    assert h.bets == (1, 2, 0, 0)
    assert h.pot_total == 4
    assert t.actor == 1
    assert t.legal_actions().call_amount == 2
    play_out(t)
    assert replays(t).posts == Posts((1, 2, 0, 0), 1, (0, 0, 1, 0))


def test_a_broke_player_is_sat_out() -> None:
    # heads-up, the big blind has 20 chips and goes all in; when it loses it has 0 and is sat out
    for seed in range(40):
        t = make([0, 3], chips=20, seed=seed)
        t.deal(now=0)
        # seat 3 (button) raises, seat 0 re-raises ... to all in, both stand pat to the showdown
        while t.in_hand:
            legal = t.legal_actions()
            if legal.raise_ or legal.bet:
                act(t, Action.raise_to(legal.max_to) if legal.raise_ else Action.bet(legal.max_to))
            else:
                act(t, passive(t))
        seats = t.seats
        assert seats[0] is not None and seats[3] is not None
        assert seats[0].chips + seats[3].chips == 40
        broke = [k for k in (0, 3) if seats[k].chips == 0]  # type: ignore[union-attr]
        for k in (0, 3):
            info = seats[k]
            assert info is not None
            assert info.status == ("sitting_out" if k in broke else "active")
        if broke:
            assert not t.can_deal()
            with pytest.raises(TableError, match="no chips"):
                t.sit_in(broke[0], now=0)
            return
    pytest.fail("no seed in 0..39 put a player all in and out")


def test_buy_in_limits() -> None:
    # WSOP-LAR 100: a full buy-in at limit is ten small bets (2): 20; 101: no short buys
    assert BuyIn.default(V) == BuyIn(20, None)
    assert BuyIn.default(TRIPLE_DRAW_POT_LIMIT) == BuyIn(40, 200)
    t = Table(V, seats=6)
    with pytest.raises(TableError, match=r"seat 0: 19 chips is below the buy-in of 20"):
        t.sit(0, "a", 19, now=0)
    assert t.seats[0] is None and t.chips_in == 0
    t.sit(0, "a", 20, now=0)
    p = Table(TRIPLE_DRAW_POT_LIMIT, seats=6)
    with pytest.raises(TableError, match="201"):
        p.sit(1, "b", 201, now=0)
    p.sit(1, "b", 200, now=0)
    with pytest.raises(TableError, match="above the table's maximum of 200"):
        p.add_chips(1, 1, now=0)
    assert p.seats[1].chips == 200  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        BuyIn(20, 19)


def test_leave_mid_hand() -> None:
    # hand 1: button 2, blinds 0/1, seat 2 first to act. Seat 0 (small blind 1) leaves: folded
    # at its turn, its seat freed at the hand's end, 99 chips paid out
    t = make([0, 1, 2])
    t.deal(now=0)
    assert t.actor == 2
    assert t.leave(0, now=0).at_hand_end  # still in the hand: the leave event will carry the chips
    info = t.seats[0]
    assert info is not None and info.leaving
    act(t, Action.fold())
    assert not t.in_hand  # seat 0 folded for, the big blind wins
    assert t.seats[0] is None
    assert t.chips_out == 99
    assert t.seats[1].chips == 101  # type: ignore[union-attr]
    assert t.chips_in == t.chips_at_table() + t.chips_out + t.rake_total


def test_add_chips_mid_hand_waits_for_the_end() -> None:
    t = make([0, 1, 2])
    t.deal(now=0)
    t.add_chips(2, 30, now=0)
    info = t.seats[2]
    assert info is not None and info.chips == 100 and info.chips_to_add == 30
    assert t.hand_state().stacks[2] == 100
    assert t.chips_in == 330 == t.chips_at_table()
    fold_around(t)
    info = t.seats[2]
    assert info is not None and info.chips == 130 and info.chips_to_add == 0


# -- acting -------------------------------------------------------------------------------


def test_a_repeated_seq_gets_the_same_answer_and_is_not_applied_twice() -> None:
    t = make([0, 1, 2])
    t.deal(now=0)
    s = t.seq
    first = t.act(2, Action.call(), seq=s, now=0)
    assert not first.repeated
    snap = t.snapshot()
    again = t.act(2, {"kind": "call"}, seq=s, now=0)
    assert again.repeated and again.seq == s and again.events == first.events
    assert t.snapshot() == snap
    assert t.hand_state().bets == (1, 2, 2)


def refused(t: Table, call: Any, error: type[Exception], text: str) -> None:
    snap = copy.deepcopy(t.snapshot())
    with pytest.raises(error, match=text):
        call()
    assert t.snapshot() == snap


def test_refused_actions_name_the_seat_and_change_nothing() -> None:
    t = make([0, 1, 2])
    # between hands
    refused(t, lambda: t.act(0, Action.check(), seq=t.seq, now=0), TableError, "seat 0")
    t.deal(now=0)
    s = t.seq
    t.act(2, Action.call(), seq=s, now=0)
    # stale: a seq the table moved past, not a repeat of this seat's action
    refused(t, lambda: t.act(0, Action.call(), seq=s, now=0), SeqError, "seat 0.*stale")
    refused(t, lambda: t.act(2, Action.fold(), seq=s, now=0), SeqError, "seat 2.*stale")
    refused(t, lambda: t.act(0, Action.call(), seq=t.seq + 1, now=0), SeqError, "seat 0.*ahead")
    refused(t, lambda: t.act(1, Action.check(), seq=t.seq, now=0), TableError, "seat 1")
    refused(t, lambda: t.act(4, Action.check(), seq=t.seq, now=0), TableError, "seat 4")
    refused(t, lambda: t.act(0, Action.check(), seq=t.seq, now=0), IllegalActionError, "seat 0")
    refused(t, lambda: t.act(0, Action.raise_to(5), seq=t.seq, now=0), IllegalActionError, "seat 0")
    refused(t, lambda: t.act(9, Action.call(), seq=t.seq, now=0), TableError, "seat")
    # a seat sitting out of the hand
    t.sit(5, "late", 100, now=0)
    refused(t, lambda: t.act(5, Action.call(), seq=t.seq, now=0), TableError, "seat 5")
    refused(t, lambda: t.sit(5, "x", 100, now=0), TableError, "seat 5")
    refused(t, lambda: t.sit(3, "p0", 100, now=0), TableError, "seat 3")
    refused(t, lambda: t.leave(4, now=0), TableError, "seat 4")
    refused(t, lambda: t.sit_in(0, now=0), TableError, "seat 0")
    refused(t, lambda: t.add_chips(4, 10, now=0), TableError, "seat 4")
    refused(t, lambda: t.add_chips(0, 0, now=0), TableError, "seat 0")
    refused(t, lambda: t.deal(now=0), TableError, "hand 1")
    act(t, Action.call())  # the refusals left the table able to go on
    assert t.actor == 1


# -- time ---------------------------------------------------------------------------------


def test_deadline_time_bank_and_timeouts() -> None:
    # action 30 s + bank 60 s. Heads-up seats 0, 3: the button (3) acts first.
    t = make([0, 3], action_seconds=30, time_bank=60, timeouts_to_sit_out=2)
    t.deal(now=1000)
    assert t.actor == 3 and t.deadline == 1090
    assert t.tick(1089.5) == []
    act(t, Action.call(), now=1040)  # 10 s over: the bank keeps 50
    assert t.seats[3].time_bank == 50  # type: ignore[union-attr]
    assert t.actor == 0 and t.deadline == 1040 + 30 + 60
    # seat 0 is overdue at 1130: checking is free (the big blind's option)
    results = t.tick(1130)
    assert [r.seat for r in results] == [0]
    timeout = [e for e in results[0].events if e.kind == "timeout"]
    assert timeout[0].data["action"]["kind"] == "check"
    info = t.seats[0]
    assert info is not None and info.time_bank == 0 and info.timeouts == 1 and info.status == "active"
    # the draw: seat 0 draws first; its deadline has no bank left
    assert t.actor == 0 and t.deadline == 1130 + 30
    results = t.tick(1160)
    # standing pat: a discard of no cards
    stood = [e.data["action"] for e in results[0].events if e.kind == "timeout"]
    assert stood == [{"kind": "discard", "amount": 0, "cards": ""}]
    info = t.seats[0]
    assert info is not None and info.timeouts == 2 and info.status == "sitting_out"
    # its hand plays on; seat 3 acts in time: timeouts do not grow for it
    assert t.actor == 3
    act(t, Action.stand_pat(), now=1161)
    assert t.actor == 0
    act(t, Action.bet(2), now=1162)  # a player acting resets its count
    assert t.seats[0].timeouts == 0  # type: ignore[union-attr]
    # seat 3 faces a bet: at its deadline it is folded (no free check)
    assert t.deadline == 1162 + 30 + 50
    results = t.tick(1242)
    assert [e.data["action"]["kind"] for e in results[0].events if e.kind == "timeout"] == ["fold"]
    assert not t.in_hand


def test_next_hand_delay_deals_on_tick() -> None:
    t = make([0, 1, 2], next_hand_delay=5)
    results = t.tick(0)  # no hand yet, and none ended: deal at once
    assert [r.kind for r in results] == ["deal"] and t.hand_number == 1
    fold_around(t, now=10)
    assert t.tick(14.5) == []
    results = t.tick(15)
    assert [r.kind for r in results] == ["deal"] and t.hand_number == 2
    assert make([0, 1, 2]).tick(100) == []  # no delay: only deal() deals


# -- rake ---------------------------------------------------------------------------------


def raked_hand(rake: Any) -> tuple[Table, dict[str, Any]]:
    # heads-up, seat 3 button: raise to 4, call (pot 8); each later round bet, raise, call:
    # +8 at the small bet, +16 twice at the big bet: a pot of 48, 24 from each player
    t = make([0, 3], rake=rake)
    t.deal(now=0)
    act(t, Action.raise_to(4))
    act(t, Action.call())
    for size in (2, 4, 4):
        act(t, Action.stand_pat())
        act(t, Action.stand_pat())
        act(t, Action.bet(size))
        act(t, Action.raise_to(2 * size))
        if size == 2 or t.hand_state().betting_round < 4:
            act(t, Action.call())
    assert t.hand_state().pot_total == 44  # 32 + 4 + 8; the last call (4 more) ends the hand
    act(t, Action.call())
    play_out(t)  # the showdown, if it needs actions
    end = [e for e in t.events_for(None) if e.kind == "hand_end"][-1]
    return t, end.data


@pytest.mark.parametrize(("cap", "expected"), [(None, 2), (3, 2), (1, 1), (0, 0)])
def test_percent_rake_floor_and_cap(cap: int | None, expected: int) -> None:
    # 5% of 48 is 2.4: 2 chips, at most the cap
    t, end = raked_hand(PercentRake(5, cap=cap))
    assert t.rake_total == expected == end["rake"]
    assert sum(end["winnings"].values()) == 48 - expected
    stacks = {k: t.seats[k].chips for k in (0, 3)}  # type: ignore[union-attr]
    assert sum(stacks.values()) == 200 - expected
    assert t.chips_in == 200 == t.chips_at_table() + t.rake_total + t.chips_out
    winners = [int(k) for k, w in end["winnings"].items() if w > 0]
    if len(winners) == 1:  # the winner pays it all
        assert stacks[winners[0]] == 100 - 24 + 48 - expected


def test_no_draw_no_drop() -> None:
    t = make([0, 3], rake=PercentRake(50))
    t.deal(now=0)
    act(t, Action.raise_to(4))
    act(t, Action.fold())  # ends before the first draw: no rake
    assert t.rake_total == 0
    assert t.seats[3].chips == 102  # type: ignore[union-attr]
    # the same pot through the draw is raked: 50% of 8
    t.deal(now=0)  # seat 0 is the button now
    act(t, Action.raise_to(4))
    act(t, Action.call())
    act(t, Action.stand_pat())
    act(t, Action.stand_pat())
    act(t, Action.bet(2))
    act(t, Action.fold())
    assert t.rake_total == 4
    assert t.chips_in == t.chips_at_table() + t.rake_total + t.chips_out == 200


def test_a_custom_rake_policy() -> None:
    class Flat:
        def __init__(self) -> None:
            self.calls: list[tuple[int, bool, int]] = []

        def rake(self, pot: int, *, reached_draw: bool, players: int) -> int:
            self.calls.append((pot, reached_draw, players))
            return min(1, pot)

    policy = Flat()
    t = make([0, 1, 2], rake=policy)
    policy.calls.clear()  # the table tried the policy on sample pots when it was made
    t.deal(now=0)
    # the big blind's 2 is called by 1 only: 1 is returned uncalled, the pot is 1 + 1
    fold_around(t)
    assert policy.calls == [(2, False, 3)]
    assert t.rake_total == 1
    assert t.seats[1].chips == 100  # type: ignore[union-attr]  # +1 won, -1 rake
    assert t.chips_in == t.chips_at_table() + t.rake_total + t.chips_out


# -- events -------------------------------------------------------------------------------


def test_events_are_numbered_and_hide_other_seats_cards() -> None:
    t = make([0, 1, 2])
    t.deal(now=0)
    act(t, Action.call())
    act(t, Action.call())
    act(t, Action.check())
    hand = t.hand_state()
    for k in range(3):
        view = t.view(k)
        assert view.hand is not None and view.hand.hand == hand.hand(k)
    # seat 0 discards two cards
    discard = hand.hand(0)[:2]
    act(t, Action.discard(discard))
    everything = t.events_for(None)
    assert [e.number for e in everything] == list(range(1, len(everything) + 1))
    for k in range(3):
        mine = [e for e in t.events_for(k) if e.kind in ("deal", "draw") and e.cards]
        assert mine and all(e.seat == k for e in mine)
        assert {c for e in mine for c in e.cards} >= set(hand.hand(k))
    assert all(not e.cards and not e.discarded for e in everything if e.kind in ("deal", "draw"))
    drawn = [e for e in t.events_for(0) if e.kind == "draw"]
    assert drawn and set(drawn[-1].discarded) == set(discard) and len(drawn[-1].cards) == 2
    assert all(e.count for e in everything if e.kind == "deal")
    # seat 0 leaves at the hand's end; a new player there does not see the old one's cards
    t.leave(0, now=0)
    play_out(t)
    t.sit(0, "newcomer", 100, now=0)
    assert all(not e.cards for e in t.events_for(0) if e.kind in ("deal", "draw") and e.hand == 1)


def test_last_phh_replays_to_the_finishing_stacks() -> None:
    t = make([0, 1, 2, 3], keep_hands=5)
    for _ in range(3):
        t.deal(now=0)
        play_out(t)
        end = [e for e in t.events_for(None) if e.kind == "hand_end"][-1]
        start = [e for e in t.events_for(None) if e.kind == "hand_start"][-1]
        order = start.data["seats"]
        text = t.last_phh
        assert text is not None
        state = phh.loads(text).play()
        assert state.is_complete
        assert list(state.stacks) == [end.data["stacks"][str(k)] for k in order]
        assert sum(state.stacks) == 400


@pytest.mark.parametrize("bad", [{"kind": "jump"}, {"kind": 3}])
def test_an_unknown_action_kind_names_the_seat(bad: dict[str, Any]) -> None:
    t = make([0, 1, 2])
    t.deal(now=0)
    act(t, Action.call())
    refused(t, lambda: t.act(0, bad, seq=t.seq, now=0), IllegalActionError, "seat 0")


@pytest.mark.parametrize("cards", ["Zz", 5, "Kd Kd"])
def test_bad_cards_in_an_action_name_the_seat(cards: Any) -> None:
    t = make([0, 1, 2])
    t.deal(now=0)
    act(t, Action.call())
    act(t, Action.call())
    act(t, Action.check())
    assert t.actor == 0 and t.legal_actions().draw
    refused(t, lambda: t.act(0, {"kind": "discard", "cards": cards}, seq=t.seq, now=0), LowballError, "seat 0")


def test_the_rake_is_paid_from_the_main_pot_first() -> None:
    # no limit, 10% rake, no cap. Seat 0 (10 chips, small blind) is all in preflop: a main pot
    # of 3 x 10 = 30; seats 1 and 2 then put 20 more each in a side pot of 40. The rake is 7 (10%
    # of 70), all paid by the main pot's winner (it won 30 >= 7), none by the side pot's.
    for seed in range(60):
        t = Table(TRIPLE_DRAW_NO_LIMIT, seats=3, seed=seed, buy_in=BuyIn(10), rake=PercentRake(10))
        t.sit(0, "short", 10, now=0)
        t.sit(1, "b", 100, now=0)
        t.sit(2, "c", 100, now=0)
        t.deal(now=0)
        assert markers(t) == (2, 0, 1, (0, 1, 2))
        act(t, Action.call())  # seat 2
        act(t, Action.raise_to(10))  # seat 0, all in
        act(t, Action.call())  # seat 1
        act(t, Action.call())  # seat 2
        for _ in range(3):
            act(t, Action.stand_pat())
        act(t, Action.bet(20))  # seat 1
        act(t, Action.call())  # seat 2
        play_out(t)
        assert t.rake_total == 7
        state = phh.loads(t.last_phh or "").play()  # the hand without the rake
        wins: dict[int, list[int]] = {}
        for e in state.events:
            if e.kind == "win":
                wins.setdefault(e.pot, []).append(e.position)
        if len(wins) != 2 or len(wins[0]) != 1 or len(wins[1]) != 1 or wins[0] == wins[1]:
            continue  # a split pot, or one player won both: try another deal
        main = wins[0][0]
        expected = list(state.stacks)
        expected[main] -= 7
        assert [t.seats[k].chips for k in range(3)] == expected  # type: ignore[union-attr]
        assert sum(expected) == 210 - 7
        return
    pytest.fail("no seed in 0..59 gave the main and the side pot to two different players")


def test_a_new_player_in_a_seat_emptied_mid_hand_is_not_in_the_hand() -> None:
    t = make([0, 1, 2])
    t.deal(now=0)
    act(t, Action.fold())  # seat 2, first to act, folds
    assert t.leave(2, now=0).amount == 100  # a player who folded leaves at once with the stack
    t.sit(2, "new", 50, now=0)
    info = t.seats[2]
    assert info is not None
    assert (info.chips, info.in_hand, t.position_of(2)) == (50, False, None)
    assert t.chips_in == 350 == t.chips_at_table() + t.chips_out + t.rake_total
    fold_around(t)
    info = t.seats[2]
    assert info is not None and info.chips == 50
    assert t.chips_in == t.chips_at_table() + t.chips_out + t.rake_total

"""The table's own mechanics that the rule tables do not reach: the seat map when a player who
folded leaves mid-hand and another sits down, the views a bot and a server read, the last hand,
the shared deck source, and rake policies checked when the table is made."""

from __future__ import annotations

import numpy as np
import pytest

from lowball import VARIANTS, Action, SQLiteStore, Table, TableError
from lowball.table import BuyIn, PercentRake

FL = VARIANTS["F2L3D"]  # blinds 1/2


def _table(n: int = 3, **kw: object) -> Table:
    t = Table(FL, seats=6, seed=3, **kw)  # type: ignore[arg-type]
    for k in range(n):
        t.sit(k, f"p{k}", 100, now=0)
    return t


def test_a_new_player_in_the_chair_of_one_who_folded_and_left_keeps_his_own_chips() -> None:
    t = _table(3)
    t.deal(now=0)
    # three players: button 2, small blind 0, big blind 1; seat 2 opens and folds
    assert (t.button, t.small_blind, t.big_blind, t.actor) == (2, 0, 1, 2)
    t.act(2, Action.fold(), seq=t.seq, now=0)
    assert t.leave(2, now=0).amount == 100  # paid out at once: nothing of his is in the pot
    t.sit(2, "newcomer", 80, now=0)
    assert t.position_of(2) is None
    assert t.seats[2] is not None and t.seats[2].chips == 80 and not t.seats[2].in_hand
    while t.in_hand:
        legal = t.legal_actions()
        t.act(t.actor, Action.check() if legal.check else Action.call() if legal.call else Action.stand_pat(),
              seq=t.seq, now=0)  # fmt: skip
    assert t.seats[2].chips == 80  # not the engine's stack of the position that left
    assert t.chips_in == 380 and t.chips_out == 100
    assert t.chips_at_table() == 280


def test_player_view_is_the_engine_view_of_the_seat_and_hand_state_a_copy() -> None:
    t = _table(3)
    t.deal(now=0)
    seat = t.actor
    assert seat is not None
    view = t.player_view(seat)
    assert view.position == t.position_of(seat)
    assert view == t.view(seat).hand
    assert len(view.hand) == 5
    assert t.player_view(None).hand == ()  # a spectator holds no cards
    copy = t.hand_state()
    copy.fold()  # changing the copy changes nothing at the table
    assert t.actor == seat and t.hand_state().events == copy.events[:-1]
    with pytest.raises(TableError, match="seat"):
        t.player_view(9)


def test_held_is_the_seats_own_view_of_its_cards_at_every_decision_and_seat_info_of_is_the_dataclass() -> None:
    from lowball.table import SeatInfo

    t = _table(4)
    t.sit(5, "late", 100, now=0)  # waits for the big blind: not dealt in to the first hand
    assert [t.held(k) for k in range(6)] == [()] * 6  # between hands
    for _ in range(3):
        t.deal(now=0)
        checked = 0
        while t.in_hand:
            for k in range(6):
                view_cards = t.player_view(k).hand if t.position_of(k) is not None else ()
                assert t.held(k) == view_cards
                checked += len(view_cards)
            legal = t.legal_actions()
            if legal.draw:
                action = Action.discard(t.held(t.actor)[:2])
            else:
                action = (
                    Action.fold() if legal.fold and t.seq % 7 == 3 else Action.check() if legal.check else Action.call()
                )
            t.act(t.actor, action, seq=t.seq, now=0)
        assert checked > 0 and [t.held(k) for k in range(6)] == [()] * 6
    with pytest.raises(TableError, match="seat = 6: expected a whole number 0..5"):
        t.held(6)
    for info in t.seats:
        if info is not None:
            fields = [getattr(info, f) for f in SeatInfo.__dataclass_fields__]
            made = SeatInfo(*fields)
            assert made == info and repr(made) == repr(info) and hash(made) == hash(info)
            assert SeatInfo.of(*fields) == made and type(SeatInfo.of(*fields)) is SeatInfo


def test_last_hand_and_its_phh_after_a_hand_and_after_a_resume(tmp_path) -> None:  # noqa: ANN001
    store = SQLiteStore(tmp_path / "t.sqlite")
    t = _table(2, store=store)
    assert t.last_hand is None and t.last_phh is None
    t.deal(now=0)
    t.act(t.actor, Action.fold(), seq=t.seq, now=0)  # seat 1, the button and small blind, folds heads-up
    last = t.last_hand
    assert last is not None and last.is_complete
    assert last.stacks == (101, 99)  # position 0 is the big blind heads-up: wins the small blind
    text = t.last_phh
    assert text is not None and "seats = [1, 2]" in text and 'players = ["p0", "p1"]' in text
    again = Table.resume(store, "table")
    assert again.last_phh == text
    rebuilt = again.last_hand
    assert rebuilt is not None and rebuilt.stacks == last.stacks and rebuilt.events == last.events


def test_a_shared_deck_source_deals_like_hands_on_that_generator_and_is_never_stored(tmp_path) -> None:  # noqa: ANN001
    from lowball.engine import HandState

    t = Table(FL, seats=2, deck_source=np.random.default_rng(4), buy_in=BuyIn(1))
    t.sit(0, "a", 50, now=0)
    t.sit(1, "b", 50, now=0)
    t.deal(now=0)
    same = HandState(FL, [50, 50], seed=np.random.default_rng(4))
    assert t.hand_state().events == same.events  # seat 1 is the button: positions are seats here
    with pytest.raises(TableError, match="deck_source"):
        Table(FL, deck_source=np.random.default_rng(4), store=SQLiteStore(tmp_path / "x.sqlite"))
    with pytest.raises(TableError, match="deck_source"):
        Table(FL, deck_source=np.random.default_rng(4), seed=1)
    with pytest.raises(TableError, match="deck_source"):
        Table(FL, deck_source=4)  # type: ignore[arg-type]


class _Broken:
    def __init__(self, answer: object) -> None:
        self.answer = answer

    def rake(self, pot: int, *, reached_draw: bool, players: int) -> object:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


@pytest.mark.parametrize("answer", [-1, 1.5, True, "1", None, 10**9, ValueError("boom")])
def test_a_rake_policy_that_answers_wrong_is_refused_when_the_table_is_made(answer: object) -> None:
    with pytest.raises(TableError, match="rake"):
        Table(FL, rake=_Broken(answer))  # type: ignore[arg-type]


def test_percent_rake_rounds_down_and_caps() -> None:
    r = PercentRake("2.5", cap=3)
    assert [r.rake(p, reached_draw=True, players=2) for p in (0, 39, 40, 80, 119, 120, 1000)] == [0, 0, 1, 2, 2, 3, 3]
    assert r.rake(1000, reached_draw=False, players=2) == 0
    assert PercentRake(5, no_draw_no_drop=False).rake(100, reached_draw=False, players=2) == 5
    for bad in (-1, 101, 1.5, "x", True):
        with pytest.raises(TableError, match="percent"):
            PercentRake(bad)  # type: ignore[arg-type]


def test_an_answer_shows_the_acting_seat_its_own_cards_only() -> None:
    # A deal's result and every act's result may be sent back to the client as they are: no
    # other seat's hole cards or draws (the whole table's events stay in the store and
    # events_for).
    t = _table(3, next_hand_delay=0.0)
    (dealt,) = t.tick(0.0)
    assert dealt.kind == "deal"
    assert [e for e in dealt.events if e.kind == "deal" and e.cards] == []
    while t.in_hand:
        seat = t.actor
        assert seat is not None
        legal = t.legal_actions()
        action = (
            Action.discard(t.player_view(seat).hand[:2])
            if legal.draw
            else Action.call()
            if legal.call
            else Action.check()
        )
        result = t.act(seat, action, seq=t.seq, now=0)
        for e in result.events:
            if e.kind in ("deal", "draw") and e.seat != seat:
                assert e.cards == () and e.discarded == ()
        own = [e for e in result.events if e.kind == "draw" and e.seat == seat]
        if legal.draw:
            assert len(own) == 1 and len(own[0].cards) == 2 and len(own[0].discarded) == 2
        again = t.act(seat, action, seq=result.seq, now=0)
        assert again.repeated and again.events == result.events


def test_a_client_who_left_sees_only_his_own_cards_through_his_old_seat() -> None:
    t = _table(3)
    t.deal(now=0)
    # seat 2 (the button) opens and folds; he leaves, and "new" sits in his chair for the next hand
    mine = [e.cards for e in t.events_for(2) if e.kind == "deal" and e.seat == 2]
    his = t.seats[2].sitting  # what a server keeps of the sitting it serves
    t.act(2, Action.fold(), seq=t.seq, now=0)
    t.leave(2, now=0)
    t.sit(2, "new", 100, post=True, now=0)
    while t.in_hand:
        legal = t.legal_actions()
        t.act(t.actor, Action.check() if legal.check else Action.call() if legal.call else Action.stand_pat(),
              seq=t.seq, now=0)  # fmt: skip
    t.deal(now=0)
    assert t.position_of(2) is not None  # the newcomer posted and is dealt in
    old = [e for e in t.events_for(2, sitting=his) if e.kind == "deal" and e.cards]
    assert [e.cards for e in old] == mine  # only his own hand of hand 1
    # by name alone, a player who no longer sits there is shown nothing (issue 27: a sitting)
    assert [e for e in t.events_for(2, player="p2") if e.kind in ("deal", "draw") and e.cards] == []
    new = [e for e in t.events_for(2) if e.kind == "deal" and e.cards]
    assert [e.player for e in new] == ["new"]
    with pytest.raises(TableError, match="player"):
        t.events_for(2, player=2)  # type: ignore[arg-type]


def test_stand_pat_is_a_kind_of_action_dict_and_leave_in_a_hand_returns_none() -> None:
    t = _table(3)
    t.deal(now=0)
    for _ in range(3):  # everyone calls or checks round 1
        legal = t.legal_actions()
        t.act(t.actor, {"kind": "check"} if legal.check else {"kind": "call"}, seq=t.seq, now=0)
    assert t.hand_state().phase == "drawing"
    seat = t.actor
    t.act(seat, {"kind": "stand_pat"}, seq=t.seq, now=0)
    assert [e.kind for e in t.events_for(None)][-1] == "stand_pat"
    waiting = next(k for k in range(3) if k != t.actor and t.position_of(k) is not None)
    assert t.leave(waiting, now=0).at_hand_end  # still in the hand: leaves at its end
    assert t.seats[waiting] is not None and t.seats[waiting].leaving

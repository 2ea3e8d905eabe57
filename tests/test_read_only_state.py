"""State the caller cannot change by accident (issue 11, item 4): everything a HandState, a Deck
or a Table exposes is read-only -- assigning raises AttributeError, and a container it returns
is a tuple or a copy, so changing it leaves the game as it was. Changing the game goes through
its actions. Checked on the compiled and the interpreted engine alike."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest

from helpers import interpreted_engine
from lowball import Deck, HandState
from lowball.deck import DeckView
from lowball.engine import DRAWING, SAVED_FIELDS, Event, LegalActions, PlayerView, Pot
from lowball.table import Table
from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT

STATE_NAMES = sorted(
    set(SAVED_FIELDS)
    | {
        "variant",
        "n",
        "starting_stacks",
        "deck",
        "events",
        "shown",
        "pots",
        "payoffs",
        "pot_total",
        "is_complete",
        "big_blind_position",
        "small_blind_position",
    }
)


@pytest.fixture(scope="module", params=["compiled", "interpreted"])
def hand_class(request: pytest.FixtureRequest) -> type[HandState]:
    return HandState if request.param == "compiled" else interpreted_engine().HandState  # type: ignore[no-any-return]


def played(cls: type[HandState], to_showdown: bool = False) -> HandState:
    """A three-handed hand with a raise, a fold and a draw behind it (to a manual showdown)."""
    s = cls(TRIPLE_DRAW_FIXED_LIMIT, [100, 100, 100], seed=5, manual_showdown=True)
    s.raise_to(4)
    s.fold()
    s.call()
    s.discard(s.hand(s.actor)[:2])  # type: ignore[arg-type]
    while to_showdown and s.phase != "showdown":
        s.stand_pat() if s.phase == DRAWING else s.check_or_call()
    return s


@pytest.mark.parametrize("name", STATE_NAMES)
def test_no_hand_attribute_can_be_assigned(hand_class: type[HandState], name: str) -> None:
    s = played(hand_class)
    before = s.to_dict()
    with pytest.raises(AttributeError):
        setattr(s, name, getattr(s, name))
    with pytest.raises(AttributeError):
        delattr(s, name)
    assert s.to_dict() == before


def test_the_hands_containers_are_tuples_or_copies(hand_class: type[HandState]) -> None:
    for s in (played(hand_class), played(hand_class, to_showdown=True)):
        before = s.to_dict()
        for name in STATE_NAMES:
            value = getattr(s, name)
            if isinstance(value, (list, set)):
                pytest.fail(f"{name} is a mutable {type(value).__name__}")
            if isinstance(value, tuple):
                assert all(not isinstance(v, (list, dict, set)) for v in value), name
        shown: Any = s.shown
        shown[0] = ()  # a copy: the hand keeps its own
        shown.clear()
        assert s.to_dict() == before
        s.validate()
        assert sum(s.stacks) + s.pot_total == 300


def test_the_hands_state_reads_as_before(hand_class: type[HandState]) -> None:
    s = played(hand_class)
    assert s.stacks == (99, 96, 96) and type(s.stacks) is tuple and s.pot_total == 9
    assert s.bets == (1, 4, 4) and s.committed == (1, 4, 4) and s.folded == (True, False, False)
    assert s.drawn == ((-1, 2, -1),) and s.draw_order == (1, 2) and s.pending == ()
    assert s.events[-1] == Event("draw", 1, 0, s.events[-1].cards, s.events[-1].discarded, 2)
    assert s.phase == DRAWING and s.actor == 2 and s.starting_stacks == (100, 100, 100)


def test_restore_and_copy_keep_working(hand_class: type[HandState]) -> None:
    import copy

    s = played(hand_class, to_showdown=True)
    twin = hand_class.from_dict(s.to_dict())
    assert twin.to_dict() == s.to_dict() and twin.stacks == s.stacks
    other = copy.copy(s)
    other.show()
    assert s.to_dict() == twin.to_dict()  # the copy is independent


def test_views_and_records_are_frozen() -> None:
    s = played(HandState)
    view = s.view(1)
    assert isinstance(view, PlayerView)
    with pytest.raises(AttributeError):
        view.stacks = (1, 2, 3)  # type: ignore[misc]
    view.shown[1] = ()  # a copy of the hand's
    assert s.view(1).shown == {}
    legal = s.legal_actions()
    assert isinstance(legal, LegalActions)
    with pytest.raises(AttributeError):
        legal.max_discards = 9  # type: ignore[misc]
    with pytest.raises(AttributeError):
        s.events[0].amount = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        Pot(3, (0, 1)).amount = 4  # type: ignore[misc]


DECK_NAMES = ["remaining", "reshuffles", "in_draw", "next_position", "available", "rule", "burn_before_draw"]


@pytest.mark.parametrize("name", DECK_NAMES)
def test_no_deck_attribute_can_be_assigned(name: str) -> None:
    d = Deck(seed=1)
    d.deal_round([0, 1], 5)
    before = d.snapshot()
    with pytest.raises(AttributeError):
        setattr(d, name, getattr(d, name))
    with pytest.raises(AttributeError):
        d.stub = []  # type: ignore[attr-defined]  # no such attribute to add either
    assert d.snapshot() == before


def test_the_decks_containers_are_tuples_or_copies() -> None:
    d = Deck(seed=1)
    d.deal_round([0, 1], 5)
    before = d.snapshot()
    assert type(d.hand(0)) is tuple
    view = d.view(0)
    assert isinstance(view, DeckView)
    view.hand_sizes[0] = 9
    view.drawn[0] = 9
    with pytest.raises(AttributeError):
        view.remaining = 3  # type: ignore[misc]
    snap = d.snapshot()
    snap["stub"].clear()
    snap["hands"][0].clear()
    assert d.snapshot() == before and d.check()
    assert d.view(0).hand_sizes == {0: 5, 1: 5}


TABLE_NAMES = [
    "variant",
    "table_id",
    "n_seats",
    "seq",
    "hand_number",
    "in_hand",
    "button",
    "small_blind",
    "big_blind",
    "actor",
    "deadline",
    "seats",
    "rake_total",
    "chips_in",
    "chips_out",
    "last_phh",
    "event_number",
    "last_hand",
]


def _table() -> Table:
    """Two players at a table of three seats, in the first hand."""
    t = Table(TRIPLE_DRAW_FIXED_LIMIT, seats=3, seed=1, clock=lambda: 0.0)
    t.sit(0, "ann", 100)
    t.sit(1, "bob", 100)
    t.deal()
    return t


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_no_table_attribute_can_be_assigned(name: str) -> None:
    t = _table()
    before = t.snapshot()
    with pytest.raises(AttributeError):
        setattr(t, name, getattr(t, name))
    assert t.snapshot() == before


def test_what_the_table_gives_is_a_tuple_frozen_or_a_copy() -> None:
    t = _table()
    before = t.snapshot()
    assert type(t.seats) is tuple and type(t.seats_by_position()) is tuple
    info = t.seats[0]
    # heads-up the button (seat 1, the last able seat) posts the small blind, seat 0 the big
    # blind of 2 (WSOP-LAR 153): 100 - 2 behind
    assert info is not None and info.chips == 98
    with pytest.raises(AttributeError):
        info.chips = 5  # type: ignore[misc]
    view = t.view(0)
    with pytest.raises(AttributeError):
        view.seq = 9  # type: ignore[misc]
    copy = t.hand_state()  # the engine's hand, a copy
    copy.fold()
    assert t.hand_state().folded == (False, False)
    assert t.snapshot() == before


def test_an_events_data_cannot_be_changed_by_a_reader() -> None:
    """events_for gives every client the same TableEvent objects the table keeps (and ActResult
    gives them too): its ``data``, nested lists and dicts included, is read-only, and to_dict()
    gives a plain copy a server may change."""
    t = _table()
    start = next(e for e in t.events_for(None) if e.kind == "hand_start")
    assert start.data["button"] == 1 and start.data["seats"] == [0, 1]
    with pytest.raises(TypeError, match="read-only"):
        start.data["button"] = 99
    with pytest.raises(TypeError, match="read-only"):
        start.data["seats"].append(7)
    with pytest.raises(TypeError, match="read-only"):
        start.data.update(button=99)
    plain = start.to_dict()
    plain["data"]["button"] = 99
    plain["data"]["seats"].append(7)
    again = next(e for e in t.events_for(None) if e.kind == "hand_start")
    assert again.data["button"] == 1 and again.data["seats"] == [0, 1]


MOVING = ["shuffle", "deal", "deal_round", "burn", "fold", "muck", "begin_draw", "draw", "end_draw", "restore"]


@pytest.mark.parametrize("name", MOVING)
def test_a_hands_deck_refuses_every_method_that_moves_cards(hand_class: type[HandState], name: str) -> None:
    """HandState.deck is a read-only window on the hand's live deck: what would change the
    deck raises AttributeError naming the method, and the hand is as it was."""
    s = played(hand_class)
    before = s.to_dict()
    with pytest.raises(AttributeError, match=rf"^a hand's deck is read-only: {name}\(\) would change it"):
        getattr(s.deck, name)
    with pytest.raises(AttributeError, match="read-only"):
        s.deck.remaining = 0  # type: ignore[misc]
    assert s.to_dict() == before and s.validate() is None


def test_a_hands_deck_reads_the_live_deck(hand_class: type[HandState]) -> None:
    s = played(hand_class)
    deck = s.deck
    assert deck.remaining == 52 - 15 - 2  # three hands dealt, two cards drawn
    assert deck.in_draw and deck.next_position == s.actor and deck.reshuffles == 0
    assert deck.hand(s.actor) == s.hand(s.actor) and deck.check()
    assert deck.view(s.actor).hand == s.hand(s.actor)
    copy = deck.copy()  # a free Deck in the same state, independent of the hand
    assert type(copy) is Deck and copy.snapshot() == deck.snapshot()
    copy.draw(s.actor, copy.hand(s.actor)[:1])
    assert deck.remaining == 35 and copy.remaining == 34
    s.stand_pat()
    assert not deck.in_draw and copy.in_draw  # the window follows the hand, the copy does not


# -- the objects added since 7a0917d: odds results, strategies, rankings, variants, table records --


def _public_values(obj: object) -> dict[str, Any]:
    """Every public attribute of ``obj`` that is not a method."""
    out = {}
    for name in dir(obj):
        if name.startswith("_"):
            continue
        value = getattr(obj, name)
        if not callable(value) or isinstance(value, (dict, list, tuple)):
            out[name] = value
    return out


@functools.cache
def _added_objects() -> list[tuple[str, object]]:
    from lowball import Ranking, odds
    from lowball.variants import VARIANTS

    outcomes = odds.draw_outcomes("7s5d4c3h2s", "7s")
    draws = odds.discard_table("8s6d4c3h2s", vs="9-8")
    eq = odds.equity(["7s5d4c3h2s", "8h6c4d3s2d"], ["", "8h"])
    t = _table()
    return [
        ("DrawOutcomes", outcomes),
        ("DiscardTable", draws),
        ("DiscardRow", draws[0]),
        ("Equity", eq),
        ("PlayerEquity", eq.players[0]),
        ("DiscardMatrix", odds.discard_matrix("7s5d4c3h2s", "8h6c4d3s2d", threads=1)),
        ("Strategy", odds.Strategy(best_last="8")),
        ("Ranking", Ranking.ACE_TO_FIVE),
        ("Variant FB", VARIANTS["FB"]),
        ("Variant LB-FA5L3D", VARIANTS["LB-FA5L3D"]),
        ("LegalActions", t.legal_actions()),
        ("TableView", t.view(0)),
        ("SeatInfo", t.seats[0]),
        ("TableEvent", t.events_for(None)[0]),
    ]


ADDED = [name for name, _ in _added_objects()]


@pytest.mark.parametrize("index", range(len(ADDED)), ids=ADDED)
def test_no_attribute_of_an_added_object_can_be_assigned(index: int) -> None:
    name, obj = _added_objects()[index]
    values = _public_values(obj)
    assert values, name
    for attr, value in values.items():
        with pytest.raises(AttributeError):
            setattr(obj, attr, value)
        assert _public_values(obj)[attr] is value or _public_values(obj)[attr] == value


@pytest.mark.parametrize("index", range(len(ADDED)), ids=ADDED)
def test_an_added_objects_arrays_lists_and_dicts_cannot_change_it(index: int) -> None:
    """A numpy array it holds is read-only; a list or dict it gives is a copy (or read-only)."""
    name, obj = _added_objects()[index]
    for attr, value in _public_values(obj).items():
        if isinstance(value, np.ndarray):
            assert not value.flags.writeable, f"{name}.{attr}"
            with pytest.raises(ValueError, match="read-only"):
                value[(0,) * value.ndim] = 1
        elif isinstance(value, (list, dict)):
            before = type(value)(value)
            try:
                value.clear()
            except TypeError:  # a read-only list or dict (TableEvent.data)
                continue
            assert getattr(obj, attr) == before, f"{name}.{attr}"


def test_the_odds_results_give_copies() -> None:
    from lowball import odds

    outcomes = odds.draw_outcomes("7s5d4c3h2s", "7s")
    lows, counts, cats = outcomes.lows(), outcomes.low_counts(), outcomes.by_category()
    for got in (outcomes.lows(), outcomes.low_counts(), outcomes.by_category()):
        got.clear()
    assert (outcomes.lows(), outcomes.low_counts(), outcomes.by_category()) == (lows, counts, cats)
    assert counts == {7: 3, 8: 7, 9: 11, 10: 15}  # a seven makes the wheel (a six a straight), an eight an 8-low ...
    assert type(odds.discard_table("7s5d4c3h2s").rows) is tuple


def test_the_lows_table_is_read_only() -> None:
    """odds.LOWS was a plain dict: LOWS[8] = 1 changed every draw table's lows() after it."""
    from lowball import odds

    with pytest.raises(TypeError):
        odds.LOWS[8] = 1  # type: ignore[index]
    mine = odds.lows_of()
    mine[8] = 1
    assert odds.LOWS[8] == odds.threshold("8") == odds.lows_of()[8] != 1


def test_a_stores_records_are_copies(tmp_path: Any) -> None:
    from lowball.store import SQLiteStore

    store = SQLiteStore(str(tmp_path / "saved.db"))
    t = Table(TRIPLE_DRAW_FIXED_LIMIT, seats=3, seed=1, store=store, table_id="t1", clock=lambda: 0.0)
    t.sit(0, "ann", 100)
    loaded = store.load("t1")
    assert loaded is not None
    events = store.events("t1")
    loaded["snapshot"].clear()
    events[0]["player"] = "eve"
    again = store.load("t1")
    assert again is not None and again["snapshot"] == t.snapshot()
    assert store.events("t1")[0]["player"] == "ann"


@pytest.mark.parametrize("attr", ["foo", "title", "name", "value", "BADUGI", "LIVE"])
def test_a_member_of_lowballs_enums_is_read_only(attr: str) -> None:
    """An Enum member takes any new attribute in Python (and 3.11.2 lists the sibling members in
    dir(member), so ``Ranking.ACE_TO_FIVE.BADUGI = ...`` looked like changing a member); lowball's
    enums refuse every public name."""
    from lowball import BadugiCategory, HandCategory, Ranking, ReshuffleRule

    for member in (Ranking.ACE_TO_FIVE, ReshuffleRule.LIVE, HandCategory.PAIR, BadugiCategory(2)):
        with pytest.raises(AttributeError) as e:
            setattr(member, attr, 1)
        assert str(e.value) == f"{type(member).__name__}.{member.name} is read-only: cannot set {attr!r}"
        assert attr not in vars(member)

"""State the caller cannot change by accident (issue 11, item 4): everything a HandState, a Deck
or a Table exposes is read-only -- assigning raises AttributeError, and a container it returns
is a tuple or a copy, so changing it leaves the game as it was. Changing the game goes through
its actions. Checked on the compiled and the interpreted engine alike."""

from __future__ import annotations

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


TABLE_NAMES = ["variant", "stacks", "n", "button", "deck_source", "hands_played"]


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_no_table_attribute_can_be_assigned(name: str) -> None:
    t = Table(TRIPLE_DRAW_FIXED_LIMIT, [10, 20, 30], deck_source=np.random.default_rng(1))
    with pytest.raises(AttributeError):
        setattr(t, name, getattr(t, name))
    assert t.stacks == (10, 20, 30) and t.button == 2 and t.n == 3 and t.hands_played == 0


def test_the_tables_stacks_are_a_tuple() -> None:
    t = Table(TRIPLE_DRAW_FIXED_LIMIT, [10, 20, 30])
    assert t.stacks == (10, 20, 30) and type(t.stacks) is tuple
    assert t.seats_by_position() == [0, 1, 2]
    t.seats_by_position().append(5)  # a new list each time
    assert t.seats_by_position() == [0, 1, 2]
    assert t.new_hand().starting_stacks == (10, 20, 30)


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


def test_the_tables_random_source_is_given_as_a_copy() -> None:
    """Drawing from what Table.deck_source gives does not change the table's future deals."""
    a = Table(TRIPLE_DRAW_FIXED_LIMIT, [10, 20, 30], deck_source=np.random.default_rng(1))
    b = Table(TRIPLE_DRAW_FIXED_LIMIT, [10, 20, 30], deck_source=np.random.default_rng(1))
    source = a.deck_source
    assert source is not None and source.bit_generator.state == b.deck_source.bit_generator.state
    source.random(1000)
    assert a.new_hand().hand(0) == b.new_hand().hand(0)


def test_copying_a_hands_deck_window(hand_class: type[HandState]) -> None:
    import copy

    s = played(hand_class)
    assert copy.copy(s.deck).snapshot() == s.deck.snapshot()
    deep = copy.deepcopy(s.deck)
    assert deep.snapshot() == s.deck.snapshot() and deep._deck is not s.deck._deck
    before = s.to_dict()
    deep._deck.fold(s.actor)  # the deep copy's deck is its own: the hand does not move
    assert s.to_dict() == before
    import pickle

    again = pickle.loads(pickle.dumps(s.deck))
    assert type(again).__name__ == "ReadOnlyDeck" and again.snapshot() == s.deck.snapshot()
    assert again._deck is not s.deck._deck
    with pytest.raises(TypeError, match="read-only"):
        s.deck.__getstate__()
    assert s.deck.from_order("7s5h4d3c2s", seed=1).hand(0) == ()  # makes a new deck: allowed

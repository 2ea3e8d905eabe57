"""Numbers coming in (issue 11, item 3): every chip amount, stack, position, count, rule size and
seed goes through one check (``lowball.errors.whole_number``; seeds ``lowball.deck.check_seed``).

Accepted: any integer type (Python's int, numpy's int8 .. uint64), stored as a plain int.
Refused with the entry point's own LowballError and one message form: bool (Python's and
numpy's), float and Decimal and Fraction (integral ones too: chips are counted, not measured),
text, None, and numbers out of range.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from lowball import Deck, HandState, InvalidSeedError, InvalidValueError, LowballError
from lowball.engine import Action, Posts
from lowball.errors import DeckError, IllegalActionError, SeqError, TableError, whole_number
from lowball.simulate import simulate
from lowball.table import BuyIn, PercentRake, Table, random_sources
from lowball.variants import (
    SINGLE_DRAW_NO_LIMIT,
    TRIPLE_DRAW_FIXED_LIMIT,
    FixedLimit,
    ForcedBets,
    NoLimit,
    Variant,
    VariantError,
)

INTEGER_TYPES = [int, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
# not whole numbers, whatever they are worth
NOT_NUMBERS = [True, False, np.bool_(True), 4.0, 4.5, Decimal(4), Decimal("4.5"), Fraction(4), "4", None]


def heads_up() -> HandState:
    """Heads-up fixed limit 1/2: the button (position 1) acts first; a raise is to exactly 4."""
    return HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100], seed=1)


def stack_of_first(value: Any) -> int:
    return HandState(TRIPLE_DRAW_FIXED_LIMIT, [value, 100], seed=1).starting_stacks[0]


def raise_to(value: Any) -> int:
    return heads_up().raise_to(value).amount


def view_position(value: Any) -> int:
    return heads_up().view(value).position  # type: ignore[return-value]


def small_bet(value: Any) -> int:
    return FixedLimit(small_bet=value, big_bet=2**80).small_bet


def big_blind(value: Any) -> int:
    return ForcedBets(small_blind=0, big_blind=value).big_blind


def draws(value: Any) -> int:
    return Variant(
        name="x", draws=value, betting=NoLimit(min_bet=2), forced=ForcedBets(small_blind=1, big_blind=2)
    ).draws


def seated() -> Table:
    """Two players at a table of three seats, between hands (F2L3D: the buy-in is 20 chips)."""
    t = Table(TRIPLE_DRAW_FIXED_LIMIT, seats=3, seed=1, clock=lambda: 0.0)
    t.sit(0, "ann", 100)
    t.sit(1, "bob", 100)
    return t


def playing() -> Table:
    """The same table in its first hand: heads-up, seat 0 the big blind (position 0), seat 1
    the button with the small blind (position 1), to act first; the table's seq is 1."""
    t = seated()
    t.deal()
    return t


def table_seats(value: Any) -> int:
    return Table(TRIPLE_DRAW_FIXED_LIMIT, seats=value).n_seats


def table_button(value: Any) -> int:
    """The first hand's button, three players seated."""
    t = Table(TRIPLE_DRAW_FIXED_LIMIT, seats=3, seed=1, button=value, clock=lambda: 0.0)
    for k in range(3):
        t.sit(k, f"p{k}", 100)
    t.deal()
    assert t.button is not None
    return t.button


def sit_seat(value: Any) -> int:
    t = seated()
    t.sit(value, "cid", 100)
    return next(i.seat for i in t.seats if i is not None and i.player == "cid")


def sit_chips(value: Any) -> int:
    t = Table(TRIPLE_DRAW_FIXED_LIMIT, seats=3, clock=lambda: 0.0)
    t.sit(0, "ann", value)
    assert t.seats[0] is not None
    return t.seats[0].chips


def add_chips(value: Any) -> int:
    t = seated()
    t.add_chips(0, value)
    assert t.seats[0] is not None
    return t.seats[0].chips - 100


def reset_stacks(value: Any) -> int:
    t = seated()
    t.reset_stacks(value)
    assert t.seats[1] is not None
    return t.seats[1].chips


def act_seq(value: Any) -> int:
    return playing().act(1, Action.call(), seq=value).seq


def position_of(value: Any) -> int:
    p = playing().position_of(value)
    assert p is not None
    return p  # seat 1, the button heads-up, is position 1


def seat_of(value: Any) -> int:
    return playing().seat_of(value)


def events_since(value: Any) -> int:
    return playing().events_for(None, since=value)[0].number - 1


def buy_in_minimum(value: Any) -> int:
    return BuyIn(value).minimum


def rake_cap(value: Any) -> int | None:
    return PercentRake(5, value).cap


def posts_live(value: Any) -> int:
    return Posts((value, 2), 1).live[0]


def deck_deal(value: Any) -> int:
    return len(Deck(seed=1).deal(0, value))


def simulate_hands(value: Any) -> int:
    return simulate(TRIPLE_DRAW_FIXED_LIMIT, ["calling", "calling"], value, seed=1).hands


# (name, call, a good value, its range in the message, the error, the name in the message)
Entry = tuple[str, Callable[[Any], int | None], int, str, type[LowballError], str]
ENTRIES: list[Entry] = [
    ("HandState stack", stack_of_first, 5, "1 or more", VariantError, "stack of position 0 (p1)"),
    ("HandState.raise_to", raise_to, 4, "0 or more", IllegalActionError, "wager"),
    ("HandState.view", view_position, 1, "0..1", IllegalActionError, "position"),
    ("FixedLimit.small_bet", small_bet, 3, "1 or more", VariantError, "FixedLimit.small_bet"),
    ("ForcedBets.big_blind", big_blind, 3, "0 or more", VariantError, "ForcedBets.big_blind"),
    ("Variant.draws", draws, 3, "1..3", VariantError, "Variant.draws"),
    ("Table seats", table_seats, 3, "2..6", TableError, "seats"),
    ("Table button", table_button, 1, "0..2", TableError, "button (a seat)"),
    ("Table.sit seat", sit_seat, 2, "0..2", TableError, "seat"),
    ("Table.sit chips", sit_chips, 30, "1 or more", TableError, "seat 0: chips"),
    ("Table.add_chips", add_chips, 7, "1 or more", TableError, "seat 0: chips to add"),
    ("Table.reset_stacks", reset_stacks, 7, "1 or more", TableError, "reset_stacks: amount"),
    ("Table.act seq", act_seq, 1, "0 or more", SeqError, "seat 1: seq"),
    ("Table.position_of", position_of, 1, "0..2", TableError, "seat"),
    ("Table.seat_of", seat_of, 1, "0..1", TableError, "position"),
    ("Table.events_for since", events_since, 2, "0 or more", TableError, "since (an event number)"),
    ("BuyIn.minimum", buy_in_minimum, 20, "1 or more", TableError, "BuyIn.minimum"),
    ("PercentRake.cap", rake_cap, 3, "0 or more", TableError, "PercentRake.cap"),
    ("Posts.live", posts_live, 1, "0 or more", VariantError, "Posts.live[0]"),
    ("Deck.deal count", deck_deal, 5, "0 or more", DeckError, "number of cards to deal"),
    ("simulate hands", simulate_hands, 2, "0 or more", InvalidValueError, "hands"),
]


# what None means where it is allowed
NONE_MEANS: dict[str, object] = {
    "HandState.view": None,  # a spectator's view
    "Table seats": 6,  # the variant's max_players
    "Table button": 2,  # the last seat able to play
    "PercentRake.cap": None,  # no cap
}


@pytest.mark.parametrize("entry", ENTRIES, ids=[e[0] for e in ENTRIES])
@pytest.mark.parametrize("kind", INTEGER_TYPES, ids=[t.__name__ for t in INTEGER_TYPES])
def test_any_integer_type_is_a_number(entry: Entry, kind: type) -> None:
    _, call, good, _, _, _ = entry
    result = call(kind(good))
    assert result == good and type(result) is int


@pytest.mark.parametrize("entry", ENTRIES, ids=[e[0] for e in ENTRIES])
@pytest.mark.parametrize("value", [*NOT_NUMBERS, -1, np.int64(-1)], ids=repr)
def test_what_is_not_a_number_is_refused(entry: Entry, value: Any) -> None:
    _, call, good, top, error, name = entry
    if value is None and entry[0] in NONE_MEANS:  # None has a meaning here
        assert call(value) == NONE_MEANS[entry[0]]
        return
    with pytest.raises(error) as e:
        call(value)
    assert str(e.value) == f"{name} = {value!r}: expected a whole number {top}"


def test_huge_numbers() -> None:
    """Chips are Python ints (any size); a number past a range gets the project's error, never
    an OverflowError."""
    assert HandState(TRIPLE_DRAW_FIXED_LIMIT, [2**70, 200], seed=1).starting_stacks == (2**70, 200)
    with pytest.raises(IllegalActionError) as e:
        heads_up().raise_to(2**70)
    assert str(e.value) == f"position 1 (p2) cannot wager to {2**70}: allowed exactly 4"
    with pytest.raises(IllegalActionError) as e:
        heads_up().view(2**70)
    assert str(e.value) == f"position = {2**70}: expected a whole number 0..1"
    no_limit = HandState(SINGLE_DRAW_NO_LIMIT, [2**70, 2**70], seed=1)
    assert no_limit.raise_to(np.uint64(2**64 - 1)).amount == 2**64 - 1
    assert no_limit.raise_to(2**69).amount == 2**69  # no C integer in the way
    with pytest.raises(VariantError) as e:
        draws(2**70)
    assert str(e.value) == f"Variant.draws = {2**70}: expected a whole number 1..3"
    assert Deck(seed=2**200).remaining == 52


def test_whole_number_itself() -> None:
    assert whole_number(np.uint64(2**64 - 1), "n") == 2**64 - 1
    with pytest.raises(InvalidValueError) as e:
        whole_number(11, "n", 0, 10)
    assert str(e.value) == "n = 11: expected a whole number 0..10"


SEED_TEXT = "expected None (operating-system entropy), a whole number >= 0"
SEED_GENERATORS = ", or a numpy Generator, BitGenerator or SeedSequence"
# (name, call with a seed, whether numpy generators are taken)
SEED_ENTRIES: list[tuple[str, Callable[[Any], object], bool]] = [
    ("Deck", lambda seed: Deck(seed=seed), True),
    ("Deck.from_order", lambda seed: Deck.from_order("7s", seed=seed), True),
    ("HandState", lambda seed: HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100], seed=seed), True),
    ("random_sources (simulate's bots)", lambda seed: random_sources(seed, 2), False),
    ("Table", lambda seed: Table(TRIPLE_DRAW_FIXED_LIMIT, seed=seed), False),
    ("simulate", lambda seed: simulate(TRIPLE_DRAW_FIXED_LIMIT, ["calling", "calling"], 1, seed=seed), False),
]


@pytest.mark.parametrize("entry", SEED_ENTRIES, ids=[e[0] for e in SEED_ENTRIES])
@pytest.mark.parametrize("seed", [v for v in NOT_NUMBERS if v is not None] + [-1, np.int8(-3), "abc"], ids=repr)
def test_bad_seeds_raise_one_error(entry: tuple[str, Callable[[Any], object], bool], seed: Any) -> None:
    _, call, generators = entry
    with pytest.raises(InvalidSeedError) as e:
        call(seed)
    assert str(e.value) == f"seed = {seed!r}: {SEED_TEXT}{SEED_GENERATORS if generators else ''}"


@pytest.mark.parametrize("kind", INTEGER_TYPES, ids=[t.__name__ for t in INTEGER_TYPES])
def test_integer_seeds_of_any_type_are_the_same_seed(kind: type) -> None:
    assert Deck(seed=kind(7)).snapshot() == Deck(seed=7).snapshot()
    a = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100], seed=kind(7))
    assert a.hand(0) == HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100], seed=7).hand(0)
    assert (
        simulate(TRIPLE_DRAW_FIXED_LIMIT, ["random", "calling"], 3, seed=kind(7)).seats
        == simulate(TRIPLE_DRAW_FIXED_LIMIT, ["random", "calling"], 3, seed=7).seats
    )


def test_class_numbers_of_any_integer_type() -> None:
    """describe, category and winners take the classes evaluate_batch returns (numpy uint16),
    as they take ints; a numpy bool or a class out of range is refused by the one check."""
    import lowball

    classes = lowball.evaluate_batch(np.array([[23, 14, 9, 4, 3], [51, 47, 43, 39, 35]], dtype=np.uint8))
    assert lowball.describe(classes[0]) == lowball.describe(1) == "7-5-4-3-2: number one (the wheel)"
    assert lowball.category(classes[1]) == lowball.category(7462) == lowball.HandCategory.STRAIGHT_FLUSH
    assert lowball.winners(list(classes)) == lowball.winners(classes) == [0]
    for kind in (np.int8, np.uint16, np.int64, np.uint64):
        assert lowball.describe(kind(5)) == lowball.describe(5)
    for bad in (np.uint16(0), np.int64(7463), np.bool_(True)):
        with pytest.raises(lowball.InvalidValueError) as e:
            lowball.describe(bad)
        assert str(e.value) == f"hand class = {bad!r}: expected a whole number 1..7462"


def test_stacks_as_a_numpy_array() -> None:
    """A 1-D numpy array of chips is a list of stacks (any integer dtype); floats and 2-D
    arrays are refused as before."""
    for dtype in (np.int64, np.uint16, np.int32):
        h = HandState(TRIPLE_DRAW_FIXED_LIMIT, np.array([200, 150, 100], dtype=dtype), seed=1)
        assert h.starting_stacks == (200, 150, 100) and all(type(s) is int for s in h.starting_stacks)
    with pytest.raises(LowballError, match=r"^stack of position 0 \(p1\) = np.float64\(200.0\): expected a whole"):
        HandState(TRIPLE_DRAW_FIXED_LIMIT, np.array([200.0, 150.0]))
    with pytest.raises(LowballError, match=r"expected a list of chips, one per position"):
        HandState(TRIPLE_DRAW_FIXED_LIMIT, np.array([[200, 150]]))

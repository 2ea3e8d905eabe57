"""Saved hands: every malformed field of ``HandState.from_dict`` is refused with LowballError
(before it could break a later action), and pickling, copying and weak references work. Each test
runs on the compiled engine and on ``engine.py`` run by the interpreter, which must agree."""

from __future__ import annotations

import copy
import json
import pickle
import random
import weakref
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

import lowball.engine
from helpers import interpreted_engine, random_legal
from lowball import LowballError
from lowball.variants import VARIANTS, FixedLimit, ForcedBets

F2L3D = VARIANTS["F2L3D"]
PURE = interpreted_engine()
ENGINES = pytest.mark.parametrize("engine", [lowball.engine, PURE], ids=["compiled", "interpreted"])


def hand_in(engine: ModuleType, phase: str) -> Any:
    """A three-handed F2L3D hand in the betting round 2 ('betting'), in draw 1 with one player
    served ('drawing') or finished ('complete')."""
    s = engine.HandState(F2L3D, [100, 100, 100], seed=5)
    s.check_or_call()
    s.check_or_call()
    s.check_or_call()
    s.discard(s.hand(0)[:2])
    if phase == "drawing":
        return s
    s.stand_pat()
    s.discard(s.hand(2)[:1])
    if phase == "betting":
        s.bet_or_raise(2)
        return s
    while s.actor is not None:
        s.stand_pat() if s.phase == "drawing" else s.check_or_call()
    return s


def saved(engine: ModuleType, phase: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(hand_in(engine, phase).to_json())
    return data


def deck_order(d: dict[str, Any]) -> None:
    d["deck"]["draw"]["order"][0] = 2**64


BAD: list[tuple[str, str, Callable[[dict[str, Any]], None], str]] = [
    # (phase of the saved hand, id, change, part of the message)
    ("betting", "huge betting_round", lambda d: d.update(betting_round=2**63), "betting_round"),
    ("betting", "huge draw_round", lambda d: d.update(draw_round=2**64), "draw_round"),
    ("betting", "huge bet_count", lambda d: d.update(bet_count=2**63), "bet_count"),
    ("betting", "negative betting_round", lambda d: d.update(betting_round=-1), "betting_round"),
    ("betting", "betting_round past the last", lambda d: d.update(betting_round=5), "betting_round"),
    ("betting", "bool betting_round", lambda d: d.update(betting_round=True), "betting_round"),
    ("betting", "float level", lambda d: d.update(level=1.5), "level"),
    ("betting", "text level", lambda d: d.update(level="x"), "level"),
    ("betting", "level above every wager", lambda d: d.update(level=3), "level"),
    ("betting", "negative last_raise", lambda d: d.update(last_raise=-2), "last_raise"),
    ("betting", "None full_level", lambda d: d.update(full_level=None), "full_level"),
    ("betting", "text capped", lambda d: d.update(capped="no"), "capped"),
    ("betting", "int capped", lambda d: d.update(capped=1), "capped"),
    ("betting", "text aggressor", lambda d: d.update(aggressor="x"), "aggressor"),
    ("betting", "aggressor off the table", lambda d: d.update(last_round_aggressor=3), "last_round_aggressor"),
    ("betting", "empty pending", lambda d: d.update(pending=[]), "pending"),
    ("betting", "pending twice", lambda d: d.update(pending=[1, 1]), "pending"),
    ("betting", "pending not the actor", lambda d: d.update(pending=[2, 0]), "pending"),
    ("betting", "bool in stacks", lambda d: d["stacks"].__setitem__(0, True), "stacks"),
    ("betting", "float starting stack", lambda d: d["starting_stacks"].__setitem__(0, 100.5), "starting_stacks"),
    ("betting", "one starting stack", lambda d: d.update(starting_stacks=[300]), "starting_stacks"),
    ("betting", "drawn of the wrong shape", lambda d: d.update(drawn=[[0, 0]]), "drawn"),
    ("betting", "drawn missing a draw", lambda d: d.update(drawn=[]), "drawn"),
    ("betting", "unknown event kind", lambda d: d["events"][0].update(kind=[1]), "kind"),
    ("betting", "event position off the table", lambda d: d["events"][0].update(position=7), "event position"),
    ("betting", "float event amount", lambda d: d["events"][0].update(amount=0.5), "amount"),
    ("betting", "pot of text", lambda d: d.update(pots=["x"]), "pot"),
    ("betting", "pot for a seat off the table", lambda d: d.update(pots=[[1, [9]]]), "pot eligible"),
    ("betting", "shown by a seat off the table", lambda d: d.update(shown={"9": "2c 3d 4h 5s 7c"}), "shown"),
    ("betting", "variant burn as text", lambda d: d["variant"].update(burn="yes"), "burn"),
    ("betting", "variant name a number", lambda d: d["variant"].update(name=5), "name"),
    (
        "betting",
        "uncapped_heads_up as text",
        lambda d: d["variant"]["betting"].update(uncapped_heads_up="x"),
        "uncapped_heads_up",
    ),
    ("betting", "deck still in a draw", lambda d: d.update(deck=saved(lowball.engine, "drawing")["deck"]), "deck"),
    ("drawing", "drawn emptied", lambda d: d.update(drawn=[]), "drawn"),
    ("drawing", "draw_order emptied", lambda d: d.update(draw_order=[]), "draw_order"),
    ("drawing", "draw_order reversed", lambda d: d.update(draw_order=[2, 1, 0]), "draw_order"),
    ("drawing", "actor not the deck's next", lambda d: d.update(actor=2), "actor"),
    ("drawing", "the served player not marked", lambda d: d["drawn"][0].__setitem__(0, -1), "drawn"),
    ("drawing", "draw_round not after the betting", lambda d: d.update(draw_round=2), "draw_round"),
    ("drawing", "deck seat beyond 2**63", deck_order, "not a saved hand"),
    ("complete", "actor after the end", lambda d: d.update(actor=0), "actor"),
    ("complete", "pending after the end", lambda d: d.update(pending=[0]), "pending"),
]


@ENGINES
@pytest.mark.parametrize(("phase", "change", "message"), [b[:1] + b[2:] for b in BAD], ids=[b[1] for b in BAD])
def test_malformed_fields_are_refused(
    engine: ModuleType, phase: str, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = saved(engine, phase)
    engine.HandState.from_dict(json.loads(json.dumps(data)))  # the untouched data restores
    change(data)
    with pytest.raises(LowballError, match="not a saved hand") as err:
        engine.HandState.from_dict(data)
    assert message in str(err.value)


@ENGINES
def test_every_field_refuses_wrong_types(engine: ModuleType) -> None:
    """Each top-level field set to values of the wrong kind: always LowballError, nothing else."""
    for phase in ("betting", "drawing", "complete"):
        good = saved(engine, phase)
        for name in good:
            for bad in (None, "x", 1.5, -1, 2**64, [], [None], {}, True):
                data = json.loads(json.dumps(good))
                if data[name] == bad and type(data[name]) is type(bad):
                    continue
                data[name] = bad
                try:
                    engine.HandState.from_dict(data)
                except LowballError:
                    continue
                # a few values are harmless where they are allowed: e.g. an empty list of pots;
                # the event log is checked event by event, not against the state
                assert (name, bad) in [
                    ("pots", []),
                    ("shown", {}),
                    ("aggressor", None),
                    ("events", []),
                    ("last_round_aggressor", None),
                    ("pending", []),
                    ("draw_order", []),
                    ("show_order", []),
                    ("manual_showdown", True),
                ], (phase, name, bad)


@ENGINES
def test_valid_random_hands_restore_at_every_step(engine: ModuleType) -> None:
    """The checks refuse nothing real: every state of random short-stack hands restores."""
    rng = random.Random(3)
    steps = 0
    for k in range(60):
        variant = list(VARIANTS.values())[k % 6]
        n = rng.randint(2, 6)
        s = engine.HandState(variant, [rng.choice((1, 4, 9, 30, 200)) for _ in range(n)], seed=k)
        while True:
            assert engine.HandState.from_json(s.to_json()).to_dict() == s.to_dict()
            steps += 1
            if s.actor is None:
                break
            random_legal(s, rng)
    assert steps > 600


@ENGINES
def test_a_huge_cap_works(engine: ModuleType) -> None:
    v = F2L3D.replace(betting=FixedLimit(small_bet=2, big_bet=4, max_raises=2**63))
    s = engine.HandState(v, [100, 100, 100], seed=1)
    for _ in range(6):
        s.bet_or_raise(s.legal_actions().min_to)
    assert s.bets == (12, 14, 10) and s.legal_actions().raise_
    assert engine.HandState.from_json(s.to_json()).to_dict() == s.to_dict()


@ENGINES
def test_pickle_copy_and_weak_references(engine: ModuleType) -> None:
    s = hand_in(engine, "drawing")
    for twin in (pickle.loads(pickle.dumps(s)), copy.copy(s), copy.deepcopy(s)):
        assert type(twin) is type(s) and twin.to_dict() == s.to_dict()
        assert twin.deck is not s.deck  # an independent hand
        twin.stand_pat()
        assert twin.to_dict() != s.to_dict()
    ref = weakref.ref(s)
    assert ref() is s
    del s
    assert ref() is None


@ENGINES
def test_a_subclass_keeps_its_own_attributes_through_pickle(engine: ModuleType) -> None:
    class Tabled(engine.HandState):  # type: ignore[name-defined,misc]
        pass

    globals()["Tabled"] = Tabled  # pickle finds classes by module and name
    Tabled.__qualname__ = "Tabled"
    s = Tabled(F2L3D, [100, 100], seed=2)
    s.table_id = 7
    twin = pickle.loads(pickle.dumps(s))
    assert type(twin) is Tabled and twin.table_id == 7 and twin.to_dict() == s.to_dict()


def test_saved_data_is_the_same_from_both_engines() -> None:
    for phase in ("betting", "drawing", "complete"):
        assert saved(lowball.engine, phase) == saved(PURE, phase)


def _restores(engine: ModuleType, s: Any) -> None:
    for twin in (engine.HandState.from_dict(s.to_dict()), pickle.loads(pickle.dumps(s)), copy.copy(s)):
        assert twin.to_dict() == s.to_dict()


@ENGINES
def test_states_with_amounts_beyond_the_chips_restore(engine: ModuleType) -> None:
    """Legal play can leave the wager to match and the last raise above all the chips at the
    table: a big blind larger than the stacks (the price to call stays the full blind,
    WSOP-LAR 150); a fixed-limit all-in that counts as a whole bet sets the last full wager to
    itself (WSOP-LAR 129)."""
    big_blinds = F2L3D.replace(betting=VARIANTS["N2L3D"].betting, forced=ForcedBets(small_blind=5, big_blind=10))
    s = engine.HandState(big_blinds, [2, 5], seed=1)  # both all in on the blinds: the draw
    assert s.phase == "drawing" and s.last_raise == s.level == 10 > sum(s.starting_stacks)
    _restores(engine, s)
    s = engine.HandState(F2L3D.replace(betting=FixedLimit(small_bet=10, big_bet=20)), [4, 7], seed=1)
    s.bet_or_raise(7)  # all in: half a bet or more over the blind counts as a full bet
    assert s.full_level == s.level == 7
    _restores(engine, s)
    s.call()
    while s.actor is not None:
        s.stand_pat()
    _restores(engine, s)


@ENGINES
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(antes=[50, 2, 0]), "ante"),
        (
            lambda d: (
                d["committed"].__setitem__(0, d["committed"][0] + 2),
                d["committed"].__setitem__(1, d["committed"][1] - 2),
            ),
            "chips do not add up",
        ),
        (lambda d: (d["bets"].__setitem__(0, d["bets"][0] + 3), d["level"]), "wager"),
        (lambda d: d.update(winnings=[1, 0, 0]), "chips do not add up"),
    ],
    ids=["ante above the ante", "chips moved between players", "wager above the committed", "winnings mid-hand"],
)
def test_chips_that_do_not_fit_are_refused(
    engine: ModuleType, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    v = VARIANTS["N2L1D"].replace(forced=ForcedBets(small_blind=1, big_blind=2, ante=2, big_blind_ante=True))
    s = engine.HandState(v, [100, 100, 100], seed=3)
    data = json.loads(s.to_json())
    engine.HandState.from_dict(json.loads(json.dumps(data)))
    change(data)
    with pytest.raises(LowballError, match=message):
        engine.HandState.from_dict(data)


@ENGINES
def test_int_subclasses_are_stored_as_ints(engine: ModuleType) -> None:
    class Chips(int):
        pass

    s = engine.HandState(F2L3D, [Chips(100), Chips(100), Chips(100)], seed=1)
    s.bet_or_raise(Chips(4))
    assert all(type(v) is int for v in (*s.stacks, *s.starting_stacks, *s.bets, s.level))
    _restores(engine, s)


class Slotted(lowball.engine.HandState):
    __slots__ = ("table_id",)


def test_a_subclass_keeps_its_slots_through_pickle() -> None:
    s = Slotted(F2L3D, [100, 100], seed=2)
    s.table_id = 9
    twin = pickle.loads(pickle.dumps(s))
    assert type(twin) is Slotted and twin.table_id == 9 and twin.to_dict() == s.to_dict()
    assert copy.copy(s).table_id == 9


def test_every_saved_field_is_saved_and_restored() -> None:
    """What is saved is exactly SAVED_FIELDS, read through the properties of those names, and a
    restore gives each back (a field added to one place and not the other fails here)."""
    from lowball.engine import SAVED_FIELDS, HandState
    from lowball.engine.saving import saved_fields
    from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT

    s = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100, 100], seed=5)
    s.raise_to(4)
    s.fold()
    s.call()
    saved = saved_fields(s)
    assert tuple(saved) == SAVED_FIELDS
    again = HandState.from_dict(s.to_dict())
    assert saved_fields(again) == saved
    for name in SAVED_FIELDS:
        assert getattr(again, name) == getattr(s, name), name

"""The engine's state machine is ``engine/state.py`` compiled by Cython with the C field types of
``engine/state.pxd``.

These tests show that ``import lowball.engine`` gives the compiled module, and that it behaves
exactly as the same source run by the interpreter: the same state, legal actions, events and error
messages, action by action, over random hands of every variant with short stacks.
"""

from __future__ import annotations

import dataclasses
import importlib.machinery
import importlib.util
import random

import pytest

import lowball.engine.state
from helpers import (
    SOURCE,
    VARIANT_LIST,
    illegal_attempts,
    interpreted_engine,
    random_legal,
)
from lowball import IllegalActionError, InvalidCardError
from lowball.engine import HandState, PlayerView
from lowball.variants import Variant


def test_the_installed_engine_is_compiled() -> None:
    assert lowball.engine.state.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert SOURCE.is_file()  # the source ships too: mypy checks it, readers read it
    s = HandState(VARIANT_LIST[0], [100, 100])
    assert not hasattr(s, "__dict__")  # an extension type: fields are C slots
    assert s.stacks == (98, 99) and s.n == 2  # heads-up: position 0 is the big blind


def test_the_interpreted_engine_is_the_plain_source() -> None:
    pure = interpreted_engine()
    assert pure.__file__ == str(SOURCE)
    s = pure.HandState(VARIANT_LIST[0], [100, 100])
    assert hasattr(s, "__dict__") and type(s) is not HandState
    assert s.stacks == (98, 99)


@pytest.mark.parametrize("variant", VARIANT_LIST, ids=lambda v: v.code)
def test_compiled_and_interpreted_agree(variant: Variant) -> None:
    pure = interpreted_engine()
    actions = illegal = 0
    for hand in range(60):
        setup = random.Random(hand)
        n = setup.randint(2, 6)
        stacks = [setup.choice((1, 3, 7, 20, 60, 200)) for _ in range(n)]
        fast = HandState(variant, stacks, seed=hand)
        slow = pure.HandState(variant, stacks, seed=hand)
        rng_fast, rng_slow = random.Random(hand), random.Random(hand)
        while True:
            assert fast.to_dict() == slow.to_dict()
            assert fast.pot_total == slow.pot_total and fast.payoffs == slow.payoffs
            if fast.actor is None:
                assert slow.actor is None
                break
            assert tuple(fast.legal_actions()) == tuple(slow.legal_actions())
            for seat in (None, *range(n)):
                assert tuple(fast.view(seat).events) == tuple(slow.view(seat).events)
            # the same illegal call must fail with the same message in both, changing nothing
            tries_fast = illegal_attempts(fast, rng_fast)
            tries_slow = illegal_attempts(slow, rng_slow)
            k = rng_fast.randrange(len(tries_fast))
            assert rng_slow.randrange(len(tries_slow)) == k
            with pytest.raises((IllegalActionError, InvalidCardError)) as err_fast:
                tries_fast[k]()
            with pytest.raises((IllegalActionError, InvalidCardError)) as err_slow:
                tries_slow[k]()
            assert str(err_fast.value) == str(err_slow.value)
            illegal += 1
            random_legal(fast, rng_fast)
            random_legal(slow, rng_slow)
            actions += 1
        restored = HandState.from_json(slow.to_json())
        assert restored.to_dict() == fast.to_dict()
    assert actions > 300 and illegal == actions


def test_views_are_ordinary_frozen_seat_views() -> None:
    """view() fills a PlayerView's fields directly (not through the dataclass's __init__): the
    result must be exactly what PlayerView(...) builds, frozen, and work with dataclasses."""
    s = HandState(VARIANT_LIST[0], [50, 9, 50], seed=4)
    s.bet_or_raise(s.legal_actions().min_to)
    s.bet_or_raise(s.legal_actions().max_to)  # position 1 raises...
    for seat in (None, 0, 1, 2):
        view = s.view(seat)
        values = {f.name: getattr(view, f.name) for f in dataclasses.fields(PlayerView)}
        built = PlayerView(**values)
        assert view == built and repr(view) == repr(built) and type(view) is PlayerView
        assert dataclasses.asdict(view) == dataclasses.asdict(built)
        assert dataclasses.replace(view, position=7).position == 7
        with pytest.raises(dataclasses.FrozenInstanceError):
            view.pot_total = 0  # type: ignore[misc]
        assert view.legal == (s.legal_actions() if seat == s.actor else None)
        assert view.hand == (s.hand(seat) if seat is not None else ())
    assert s.view(0).events is s.view(0).events  # unchanged log: the same tuple, not a copy

"""Property tests of the engine: over many random hands of every variant, 2-6 seats and short
stacks (so all-ins and side pots happen), chips and cards are conserved after every action and no
illegal action changes anything."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from helpers import VARIANT_LIST, check_conserved, illegal_attempts, random_legal
from lowball import IllegalActionError, InvalidCardError
from lowball.engine import HandState
from lowball.variants import VARIANTS


def play_hand(rng: random.Random, variant_index: int, try_illegal: bool) -> HandState:
    v = VARIANT_LIST[variant_index]
    n = rng.randint(2, 6)
    stacks = [rng.choice([1, 2, 3, 5, 8, 13, 40, 100, 400]) for _ in range(n)]
    total = sum(stacks)
    state = HandState(v, stacks, seed=rng.randrange(2**32))
    check_conserved(state, total)
    while not state.is_complete:
        if try_illegal:
            for attempt in illegal_attempts(state, rng):
                before = state.to_dict()
                with pytest.raises((IllegalActionError, InvalidCardError)):
                    attempt()
                assert state.to_dict() == before
        random_legal(state, rng)
        check_conserved(state, total)
    return state


@pytest.mark.parametrize("variant_index", range(len(VARIANT_LIST)), ids=list(VARIANTS))
def test_many_random_hands(variant_index: int) -> None:
    """1,000 random hands of each variant (6,000 in all), every invariant after every action;
    every 10th hand also tries every kind of illegal action at every step."""
    rng = random.Random(1000 + variant_index)
    side_pots = 0
    for k in range(1000):
        state = play_hand(rng, variant_index, try_illegal=k % 10 == 0)
        side_pots += len(state.pots) > 1
    assert side_pots > 20  # short stacks really did make side pots


class HandMachine(RuleBasedStateMachine):
    """Hypothesis drives the choices; a new hand starts whenever one completes."""

    def __init__(self) -> None:
        super().__init__()
        self.state: HandState | None = None
        self.total = 0

    @initialize(
        variant=st.integers(0, len(VARIANT_LIST) - 1),
        n=st.integers(2, 6),
        seed=st.integers(0, 2**32 - 1),
        stacks=st.lists(st.integers(1, 60), min_size=6, max_size=6),
    )
    def new_hand(self, variant: int, n: int, seed: int, stacks: list[int]) -> None:
        self.variant = variant
        self.state = HandState(VARIANT_LIST[variant], stacks[:n], seed=seed)
        self.total = sum(stacks[:n])

    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        assert self.state is not None
        if self.state.is_complete:
            stacks = [s for s in self.state.stacks if s > 0]
            if len(stacks) < 2:
                stacks = [50, 50]
            self.state = HandState(VARIANT_LIST[self.variant], stacks, seed=data.draw(st.integers(0, 2**32 - 1)))
            self.total = sum(stacks)
            return
        random_legal(self.state, random.Random(data.draw(st.integers(0, 2**32 - 1))))

    @rule(data=st.data())
    def illegal_action(self, data: st.DataObject) -> None:
        assert self.state is not None
        if self.state.is_complete:
            return
        attempts = illegal_attempts(self.state, random.Random(data.draw(st.integers(0, 2**32 - 1))))
        attempt = data.draw(st.sampled_from(attempts))
        before = self.state.to_json()
        with pytest.raises((IllegalActionError, InvalidCardError)):
            attempt()
        assert self.state.to_json() == before

    @rule()
    def save_and_restore(self) -> None:
        assert self.state is not None
        restored = HandState.from_json(self.state.to_json())
        assert restored.to_dict() == self.state.to_dict()
        self.state = restored

    @invariant()
    def conserved(self) -> None:
        if self.state is not None:
            check_conserved(self.state, self.total)


TestHandMachine = HandMachine.TestCase
TestHandMachine.settings = settings(
    max_examples=150,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

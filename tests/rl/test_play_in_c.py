"""Whole hands played in C with the strategy policy (``Engine.play``, C ``lb_play_hands``; issue
31) play exactly the hands a replay in Python plays: each hand dealt as :class:`CHand` deals it
(the same run key, slot and episode), every bet checked or called, every draw the
:class:`~lowball.odds.DrawStrategy`'s own discard (``DrawStrategy.discard``, which asks
``lb_strategy_discard``, not the plan's table that ``lb_play_hands`` looks discards up in), none
when it asks more cards than the player may throw. The payoff sums and the number of decisions
agree, with one strategy at every seat or a different one at some (each seat keeps its own),
in triple and single draw."""

from __future__ import annotations

import pytest

from lowball.odds import DrawStrategy
from lowball.rl import CHand
from lowball.rl._chand import engine_of, hand_key
from lowball.variants import VARIANTS

HANDS = 400
SEED = 7
STACKS = [200, 150, 200, 40, 200, 120]  # a short stack or two: all-ins and side pots too

DEFAULT = DrawStrategy()
BREAKER = DrawStrategy(pat="9", draw_to=8, break_rougher="8-6", draw_one=("8-5", "8-6", "9-6"))
BEST = DrawStrategy(best_last="9")
SNOW = DrawStrategy(snow=True)
NEVER_PAT = DrawStrategy(pat=None, draw_to=14, draw_one=None)


def _replayed(code: str, strategies: list[DrawStrategy]) -> tuple[list[float], int]:
    variant = VARIANTS[code]
    pay = [0.0] * len(STACKS)
    decisions = 0
    for episode in range(HANDS):
        hand = CHand(variant, STACKS, seed=SEED, episode=episode)
        while not hand.is_complete:
            legal = hand.legal_actions()
            if legal.draw:
                seat = hand.actor
                assert seat is not None
                cards = hand.hand(seat)
                draw = hand.fields()["draw_round"]
                thrown = strategies[seat].discard(cards, draw, variant.draws)
                mask = sum(1 << i for i, c in enumerate(cards) if c in thrown)
                hand.discard(mask if len(thrown) <= legal.max_discards else 0)
            else:
                hand.check_or_call()
            decisions += 1
        for p, chips in enumerate(hand.payoffs):
            pay[p] += chips
    return pay, decisions


@pytest.mark.parametrize(
    ("code", "strategies"),
    [
        ("F2L3D", [DEFAULT] * 6),
        ("F2L3D", [BREAKER, DEFAULT, BREAKER, NEVER_PAT, DEFAULT, SNOW]),
        ("F2L3D", [BEST, DEFAULT, BEST, DEFAULT, BEST, DEFAULT]),
        ("F2L1D", [DEFAULT, BEST, BREAKER, NEVER_PAT, DEFAULT, BEST]),
    ],
    ids=["default", "mixed", "best_last", "single draw"],
)
def test_strategy_hands_in_c_are_the_strategys_hands(code: str, strategies: list[DrawStrategy]) -> None:
    engine = engine_of(VARIANTS[code], (0.5, 1.0))
    pay, decisions = engine.play(len(STACKS), STACKS, hand_key(SEED), 0, 0, HANDS, 1, [s._spec for s in strategies])
    want_pay, want_decisions = _replayed(code, strategies)
    assert (pay, decisions) == (want_pay, want_decisions)
    assert sum(pay) == 0 and decisions > HANDS * len(STACKS)

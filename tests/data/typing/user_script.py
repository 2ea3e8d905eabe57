"""A user's script over lowball's public API, type-checked with mypy --strict by
tests/test_wheel.py against the installed package (its stubs and py.typed): no Any leaks, no
missing stub, no untyped public name."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import lowball
from lowball import Deck, Hand, HandState, describe, evaluate, evaluate_batch, odds, phh
from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT


def rank_two(a: str, b: str) -> bool:
    return evaluate(a) < evaluate(b)


def ranks(cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]:
    return evaluate_batch(cards)


def play_one(seed: int) -> list[int]:
    state = HandState(TRIPLE_DRAW_FIXED_LIMIT, [100, 100], seed=seed)
    while state.actor is not None:
        legal = state.legal_actions()
        if legal.draw:
            state.stand_pat()
        else:
            state.check_or_call()
    text: str = phh.dumps(state)
    assert text
    return list(state.stacks)


def deal(seed: int) -> tuple[lowball.Card, ...]:
    deck = Deck(seed=seed)
    return deck.deal(0, 5)


def chances(hand: str) -> float:
    table: odds.DiscardTable = odds.discard_table(hand)
    best: odds.DiscardRow = table.best()
    result: odds.Equity = odds.equity([hand, "9h8d6c4s2d"], discards=["", "9h"])
    share: float = result.players[0].equity
    return best.lows()[8] + share + odds.draw_outcomes(hand, "").probability("9")


if __name__ == "__main__":
    print(rank_two("7s5h4d3c2s", "8s5h4d3c2s"), describe(Hand("7s5h4d3c2s")), play_one(1), deal(2))
    print(chances("8s7h4d3c2s"), lowball.__version__)

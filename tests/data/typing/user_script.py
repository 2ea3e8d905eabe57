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


def run_table(path: str) -> int:
    store = lowball.SQLiteStore(path)
    table = lowball.Table(TRIPLE_DRAW_FIXED_LIMIT, seats=3, store=store, seed=1, rake=lowball.PercentRake(5, cap=2))
    for seat in range(3):
        table.sit(seat, f"player{seat}", 100, now=0.0)
    table.deal(now=0.0)
    while table.actor is not None:
        seat = table.actor
        legal = table.legal_actions()
        action = (
            lowball.Action.stand_pat()
            if legal.draw
            else lowball.Action.call()
            if legal.call
            else lowball.Action.check()
        )
        result: lowball.table.ActResult = table.act(seat, action, seq=table.seq, now=1.0)
        assert not result.repeated
    events: list[lowball.TableEvent] = table.events_for(0, since=0)
    again = lowball.Table.resume(store, "table")
    assert again.snapshot() == table.snapshot()
    ticked: list[lowball.table.ActResult] = table.tick(100.0)
    return len(events) + len(ticked) + table.rake_total


if __name__ == "__main__":
    print(rank_two("7s5h4d3c2s", "8s5h4d3c2s"), describe(Hand("7s5h4d3c2s")), play_one(1), deal(2))
    print(chances("8s7h4d3c2s"), lowball.__version__)

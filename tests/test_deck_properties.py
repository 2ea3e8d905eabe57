"""Property tests (hypothesis) for lowball.Deck: random draw sequences with 2-6 players, both
reshuffle rules, burns, folds and illegal actions mixed in."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from lowball import (
    Deck,
    DeckExhaustedError,
    DrawOrderError,
    InvalidDiscardError,
    ReshuffleRule,
)


def all_cards(snap: dict) -> list[int]:
    cards = snap["stub"] + snap["muck"] + snap["burns"]
    if snap["draw"] is not None:
        cards += [c for c, _ in snap["draw"]["discards"]]
    for hand in snap["hands"]:
        cards += hand
    return cards


def pool(snap: dict) -> int:
    """The largest pool either rule may reshuffle: muck, burns and this round's served discards
    (the live rule takes those discards only when the stub, muck and burns fall short)."""
    n = len(snap["muck"]) + len(snap["burns"])
    if snap["draw"] is not None:
        n += len(snap["draw"]["discards"])
    return n


@settings(max_examples=300, deadline=None)
@given(
    players=st.integers(2, 6),
    rule=st.sampled_from(list(ReshuffleRule)),
    burn=st.booleans(),
    seed=st.integers(0, 2**64 - 1),
    data=st.data(),
)
def test_random_draw_sequences(players, rule, burn, seed, data):
    deck = Deck(seed=seed, rule=rule, burn=burn)
    deck.deal_round(range(players), 5)
    active = list(range(players))
    draws = data.draw(st.integers(1, 3), label="draws")
    for _ in range(draws):
        # someone may fold between draws (never the last player)
        if len(active) > 1 and data.draw(st.booleans(), label="fold"):
            position = data.draw(st.sampled_from(active), label="folder")
            deck.fold(position)
            active.remove(position)
        deck.begin_draw(active)
        this_round: set[int] = set()
        pooled: set[int] = set()  # this round's discards the live rule shuffled into a stub
        for i, position in enumerate(active):
            hand = deck.hand(position)
            assert len(hand) == 5
            # an illegal action first, sometimes: it must change nothing
            snap = deck.snapshot()
            kind = data.draw(st.sampled_from(["none", "turn", "foreign", "twice", "six"]))
            if kind == "turn" and len(active) > 1:
                other = active[(i + 1) % len(active)]
                try:
                    deck.draw(other, ())
                    raise AssertionError("out of turn accepted")
                except DrawOrderError:
                    pass
            elif kind == "foreign":
                foreign = next(c for c in range(52) if c not in hand)
                try:
                    deck.draw(position, [foreign])
                    raise AssertionError("foreign card accepted")
                except InvalidDiscardError:
                    pass
            elif kind == "twice":
                try:
                    deck.draw(position, [hand[0], hand[0]])
                    raise AssertionError("a card twice accepted")
                except InvalidDiscardError:
                    pass
            elif kind == "six":
                try:
                    deck.draw(position, list(hand) + [next(c for c in range(52) if c not in hand)])
                    raise AssertionError("six discards accepted")
                except InvalidDiscardError:
                    pass
            assert deck.snapshot() == snap

            picks = data.draw(st.lists(st.booleans(), min_size=5, max_size=5), label="discard")
            discards = [c for c, p in zip(hand, picks) if p]
            available = len(snap["stub"]) + pool(snap)
            assert deck.available == available
            if available < len(discards):
                try:
                    deck.draw(position, discards)
                    raise AssertionError("an impossible draw accepted")
                except DeckExhaustedError:
                    pass
                assert deck.snapshot() == snap
                discards = discards[:available]
            out = deck.draw(position, discards)
            assert len(out) == len(discards)
            assert not set(out) & set(discards)
            if rule is ReshuffleRule.LIVE:
                if len(snap["stub"]) + len(snap["muck"]) + len(snap["burns"]) < len(discards):
                    pooled |= this_round  # short: the served discards join the pool
                assert not set(out) & (this_round - pooled)
            this_round |= set(discards)
            after = deck.snapshot()
            cards = all_cards(after)
            assert len(cards) == 52 and set(cards) == set(range(52))
            assert deck.check()
            assert deck.view().drawn[position] == len(discards)
        deck.end_draw()
        snap = deck.snapshot()
        # a snapshot survives JSON and restores to the same state
        again = Deck.from_snapshot(json.loads(json.dumps(snap)))
        assert again.snapshot() == snap
    assert sorted(all_cards(deck.snapshot())) == list(range(52))

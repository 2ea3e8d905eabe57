"""What a restore reproduces (README, `HandState.to_dict`): a seeded hand continues exactly as
the original would, through a reshuffle of the muck; a hand on the secure default deck deals
the same cards until the reshuffle, which draws fresh entropy."""

from __future__ import annotations

from lowball.engine import HandState
from lowball.variants import VARIANTS

SIX = [1000] * 6


def _draws_to_the_end(state: HandState) -> list[tuple[int, tuple[int, ...], int]]:
    """Play the hand passively (check or call, every player throws all five cards in every
    draw) and return each draw as (position, cards dealt, reshuffles of the deck so far)."""
    dealt = []
    while state.actor is not None:
        legal = state.legal_actions()
        if legal.draw:
            pos = state.actor
            cards = state.discard(state.hand(pos))
            dealt.append((pos, tuple(int(c) for c in cards), state.deck.reshuffles))
        elif legal.check:
            state.check()
        else:
            state.call()
    return dealt


def _to_first_draw(state: HandState) -> None:
    while not state.legal_actions().draw:
        if state.legal_actions().check:
            state.check()
        else:
            state.call()


def test_a_seeded_hand_continues_identically_through_a_reshuffle() -> None:
    hand = HandState(VARIANTS["F2L3D"], SIX, seed=2026)
    _to_first_draw(hand)
    restored = HandState.from_json(hand.to_json())
    original = _draws_to_the_end(hand)
    again = _draws_to_the_end(restored)
    assert original == again
    # Six players throwing five cards three times: the 22-card stub runs short in the first
    # draw, at the fifth player, and the muck is reshuffled several times.
    assert [r for _, _, r in original][:6] == [0, 0, 0, 0, 1, 1]
    assert original[-1][2] == 4
    assert restored.to_dict() == hand.to_dict()
    assert hand.is_complete and hand.stacks == restored.stacks


def test_a_secure_hand_deals_the_same_stub_until_the_reshuffle() -> None:
    hand = HandState(VARIANTS["F2L3D"], SIX)  # the default: operating-system entropy
    assert hand.deck.snapshot()["random"] == {"kind": "os"}
    _to_first_draw(hand)
    stub = hand.deck.snapshot()["stub"]
    assert len(stub) == 22
    restored = HandState.from_json(hand.to_json())
    assert restored.deck.snapshot()["stub"] == stub
    assert [restored.hand(p) for p in range(6)] == [hand.hand(p) for p in range(6)]
    original = _draws_to_the_end(hand)
    again = _draws_to_the_end(restored)
    # Before the first reshuffle: the same 20 cards to the same four players, in stub order.
    before = [d for d in original if d[2] == 0]
    assert before == [d for d in again if d[2] == 0]
    assert [pos for pos, _, _ in before] == [0, 1, 2, 3]
    assert [c for _, cards, _ in before for c in cards] == stub[:20]
    # The fifth player gets the last two cards of the stub, then three from the reshuffled
    # muck; from the reshuffle on, fresh entropy: 68 cards dealt in another order (the first
    # eight from the first reshuffle's 20 cards alone repeat with a chance of 1 in 20!/12!,
    # about 1 in 5 * 10**10; the later reshuffles make it far smaller still).
    assert original[4][1][:2] == again[4][1][:2] == tuple(stub[20:22])
    after = [c for _, cards, r in original if r >= 1 for c in cards][2:]
    after_again = [c for _, cards, r in again if r >= 1 for c in cards][2:]
    assert len(after) == len(after_again) == 68
    assert after != after_again

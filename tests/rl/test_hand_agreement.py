"""The C hand engine agrees with the reference HandState decision by decision (issue 31): on
the same deck order (the same PCG64 generator: the same cards, reshuffles included) and the
same random decisions, at every decision the same legal actions, and at the end the same
events (kind, position, amount, cards, pot), pots, stacks, winnings, committed chips, and the
same PHH text of the hand exported to a HandState (checked by ``validate()``); in every 20th
hand the whole saved state (``to_dict()``) at a random decision.

100,000 hands of each ready-made variant (short stacks, all-ins, side pots and reshuffles
included: each run counts them), on the machine's cores; the custom variants of
``bench/check_hand_engine.py`` (antes, a game of antes opened by a bet or checked, a
big-blind ante, pot limit, open folds, every hand shown, both reshuffle rules, the burn,
other caps, 2..10 players, badugi in no and pot limit) 3,000 hands each. The bench's run,
``python bench/check_hand_engine.py``, checks a million of each."""

from __future__ import annotations

import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest

from helpers import bench_module
from lowball.variants import VARIANTS

check = bench_module("check_hand_engine")

HANDS = 100_000
CHUNK = 12_500


def _run(code: str, first: int, hands: int) -> Counter[str]:
    import check_hand_engine  # the worker imports the bench module as the test did

    # a seed of its own per variant: other stacks and decisions in each
    return check_hand_engine.check_variant(VARIANTS[code], hands, seed=31 + list(VARIANTS).index(code), first=first)


def test_every_ready_made_variant_agrees_on_100_000_hands() -> None:
    jobs = [(code, first, CHUNK) for code in VARIANTS for first in range(0, HANDS, CHUNK)]
    workers = min(2, os.cpu_count() or 1)
    totals: dict[str, Counter[str]] = {code: Counter() for code in VARIANTS}
    with ProcessPoolExecutor(workers, initializer=_path, initargs=(os.path.dirname(check.__file__),)) as pool:
        for (code, _, _), seen in zip(jobs, pool.map(_run, *zip(*jobs))):
            totals[code] += seen
    for code, seen in totals.items():
        assert seen["hands"] == HANDS, code
        # the hands held what the rules are about
        assert seen["side pots"] > HANDS // 5, (code, seen)
        assert seen["all-ins"] > HANDS // 5, (code, seen)
        assert seen["showdowns"] > HANDS // 5, (code, seen)
        assert seen["mucks"] > HANDS // 5 and seen["returns"] > HANDS // 5, (code, seen)
        assert seen["split pots"] > 0, (code, seen)  # ties: rare at random; the designed deals below
        triple = VARIANTS[code].draws == 3
        assert seen["reshuffles"] > (HANDS // 10 if triple else 0), (code, seen)


def _path(directory: str) -> None:
    import sys

    sys.path.insert(0, directory)


@pytest.mark.parametrize("name", list(check.CUSTOM))
def test_custom_variants_agree(name: str) -> None:
    seen = check.check_variant(check.CUSTOM[name], 3_000, seed=7, export_every=5)
    assert seen["hands"] == 3_000
    assert seen["side pots"] > 300 and seen["showdowns"] > 300


def test_a_difference_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a reference dealt from another hand's generator differs, and the
    check names the variant, the hand and the first event that differs."""
    import random

    from lowball.deck import Deck
    from lowball.engine import HandState
    from lowball.rl import CHand, hand_generator

    class OtherDeck(CHand):
        def reference(self) -> HandState:
            v = self.variant
            return HandState(v, self.starting_stacks, deck=Deck(seed=hand_generator(5, 5), rule=v.reshuffle))

    monkeypatch.setattr(check, "CHand", OtherDeck)
    with pytest.raises(check.Mismatch, match=r"2-7 triple draw, fixed limit, stacks \[3, 3, 3\], seed 0, slot 0: "):
        check.check_hand(VARIANTS["F2L3D"], [3, 3, 3], 0, 0, random.Random(0), export=True)


# -- designed deals: the same stacked deck on both engines, scripted decisions -------------------


def _order(hands: list[str], variant_size: int = 5) -> list[int]:
    """A deck order dealing ``hands[p]`` to position p (one card each in turn), the other cards
    after them in card order."""
    from lowball.cards import parse_cards

    cards = [[int(c) for c in parse_cards(h)] for h in hands]
    dealt = [cards[p][r] for r in range(variant_size) for p in range(len(hands))]
    return dealt + [c for c in range(52) if c not in dealt]


def _play_both(variant, stacks, hands, script):  # type: ignore[no-untyped-def]
    """Play ``script`` (verbs of HandState: "call", "fold", "raise 30", "pat") on the C engine
    and the reference, on the deck dealing ``hands``; compare at every decision; return both."""
    from lowball.rl import CHand

    c = CHand(variant, stacks, seed=3, order=_order(hands, variant.hand_size))
    ref = c.reference()
    for step in script:
        assert c.legal_actions() == ref.legal_actions(), step
        verb, _, amount = step.partition(" ")
        for h in (c, ref):
            if verb == "pat":
                h.discard(0) if h is c else h.stand_pat()
            elif verb == "raise":
                h.bet_or_raise(int(amount))
            else:
                getattr(h, verb)()
    assert c.is_complete and ref.is_complete
    assert c.events == ref.events and c.pots == ref.pots and c.stacks == ref.stacks
    return c, ref


def test_a_tied_pot_gives_its_odd_chip_to_the_first_winner_left_of_the_button() -> None:
    """Positions 1 and 2 tie with 7-5-4-3-2 for a pot of 5 (the small blind folded its chip):
    the odd chip goes to position 1, the first left of the button (WSOP-LAR 149)."""
    script = ["call", "fold", "check"] + ["pat", "pat", "check", "check"] * 3
    c, ref = _play_both(VARIANTS["F2L3D"], [50, 50, 50], ["KsQsJs9s8h", "7s5h4d3c2s", "7h5d4c3s2h"], script)
    assert c.winnings == ref.winnings == (0, 3, 2)
    assert [(e.position, e.amount, e.pot) for e in c.events if e.kind == "win"] == [(1, 3, 0), (2, 2, 0)]


def test_side_pots_with_a_tie_in_the_main_pot() -> None:
    """No limit, four all in for 10, 20, 30 and 30: the main pot of 40 is split by positions 0
    and 3 (the same 7-5-4-3-2), the side pots of 30 and 20 go to position 3 alone."""
    hands = ["7s5h4d3c2s", "8s6h4h3d2d", "KdQdJd9c8c", "7h5d4c3s2h"]
    script = ["raise 30", "call", "call", "call", "pat", "pat", "pat", "pat"]
    c, ref = _play_both(VARIANTS["N2L1D"], [10, 20, 30, 30], hands, script)
    assert [(p.amount, p.eligible) for p in c.pots] == [(40, (0, 1, 2, 3)), (30, (1, 2, 3)), (20, (2, 3))]
    assert c.winnings == ref.winnings == (20, 0, 0, 70)
    assert c.stacks == (20, 0, 0, 70)

"""The C hand engine agrees with the reference HandState decision by decision (issue 31): on
the same deck order (the same PCG64 generator: the same cards, reshuffles included) and the
same random decisions, at every decision the same legal actions, and at the end the same
events (kind, position, amount, cards, pot), pots, stacks, winnings, committed chips, and the
same PHH text of the hand exported to a HandState (checked by ``validate()``).

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

"""The C hand engine (``lowball.rl``, ``csrc/hand.c``) against the reference ``HandState``,
decision by decision, on random hands: the same legal actions at every decision, then the same
events (kind, position, amount, cards, pot), pots, stacks, winnings and PHH text; in one hand of
each ``export_every``, the whole saved state (``to_dict``: every field, the deck and its
generator) at a random decision too.

``python bench/check_hand_engine.py --hands 1000000`` checks a million hands of each ready-made
variant (the bench's run); ``tests/rl/test_hand_agreement.py`` runs it on fewer hands, and on the
custom variants of :data:`CUSTOM`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

from lowball import phh
from lowball._hand import ACT_BET_OR_RAISE, ACT_CALL, ACT_CHECK, ACT_DISCARD, ACT_FOLD
from lowball.deck import ReshuffleRule
from lowball.engine import DRAWING, Event, HandState, LegalActions
from lowball.rl import CHand
from lowball.variants import VARIANTS, FixedLimit, ForcedBets, NoLimit, PotLimit, Variant

F2L3D = VARIANTS["F2L3D"]
CUSTOM: dict[str, Variant] = {
    "antes, no blind": F2L3D.replace(name="antes", forced=ForcedBets(small_blind=0, big_blind=0, ante=1)),
    "antes, checked round 1": F2L3D.replace(
        name="antes checked", forced=ForcedBets(small_blind=0, big_blind=0, ante=2), must_open=False
    ),
    "blinds and antes, live reshuffle, burn": F2L3D.replace(
        name="live",
        forced=ForcedBets(small_blind=1, big_blind=2, ante=1),
        reshuffle=ReshuffleRule.LIVE,
        burn=True,
        max_players=10,
    ),
    "big-blind ante, no limit": VARIANTS["N2L1D"].replace(
        name="bb ante", forced=ForcedBets(small_blind=1, big_blind=2, ante=2, big_blind_ante=True), max_players=8
    ),
    "pot limit triple draw, open folds, every hand shown": VARIANTS["P2L3D"].replace(
        name="show all", open_fold=True, show_all_hands=True, burn=True
    ),
    "fixed limit, cap of 2, capped heads-up, 10 players": F2L3D.replace(
        name="cap 2",
        betting=FixedLimit(small_bet=4, big_bet=8, max_raises=2, uncapped_heads_up=False),
        forced=ForcedBets(small_blind=1, big_blind=3),
        max_players=10,
    ),
    "A-5 with antes, live reshuffle": VARIANTS["LB-FA5L3D"].replace(
        name="a5 antes",
        forced=ForcedBets(small_blind=1, big_blind=2, ante=1),
        reshuffle=ReshuffleRule.LIVE,
        max_players=8,
    ),
    "badugi no limit, two draws, burn": VARIANTS["FB"].replace(
        name="badugi nl", betting=NoLimit(min_bet=2), draws=2, burn=True
    ),
    "no limit, min bet above the big blind, one draw": VARIANTS["N2L1D"].replace(
        name="nl min 5", betting=NoLimit(min_bet=5), forced=ForcedBets(small_blind=2, big_blind=3)
    ),
    "pot limit badugi, two draws, big-blind ante": VARIANTS["FB"].replace(
        name="badugi pl",
        betting=PotLimit(min_bet=2),
        draws=2,
        forced=ForcedBets(small_blind=1, big_blind=2, ante=3, big_blind_ante=True),
    ),
}


def random_stacks(variant: Variant, rng: random.Random) -> list[int]:
    """2 .. max players, stacks from 1 chip to deep, short ones common (all-ins, side pots)."""
    n = rng.randint(2, variant.max_players)
    big = max(variant.forced.big_blind, 2)
    style = rng.random()
    if style < 0.3:
        return [rng.randint(1, 4 * big) for _ in range(n)]
    if style < 0.6:
        return [rng.choice([rng.randint(1, 3 * big), rng.randint(5 * big, 60 * big)]) for _ in range(n)]
    return [rng.randint(20 * big, 150 * big) for _ in range(n)]


_MASKS = {size: [[m for m in range(2**size) if bin(m).count("1") == k] for k in range(size + 1)] for size in (4, 5)}


class Draws:
    """Random numbers for the decisions, drawn from ``random.Random`` in blocks (cheaper than a
    call per decision)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._block: list[int] = []

    def __call__(self) -> int:
        if not self._block:
            self._block = [self._rng.getrandbits(30) for _ in range(64)]
        return self._block.pop()


def decide(ref: HandState, la: LegalActions, draw: Draws) -> tuple[str, int]:
    """A random legal decision of the reference, whose legal actions are ``la``: (verb, amount
    or discard mask)."""
    if la.phase == DRAWING:
        size = ref.variant.hand_size
        k = min(la.max_discards, (0, 1, 2, 3, size, size, size)[draw() % 7])
        masks = _MASKS[size][k]
        return "discard", masks[draw() % len(masks)]
    options = []
    if la.fold:
        options.append("fold")
    if la.check:
        options += ["check", "check"]
    if la.call:
        options += ["call", "call"]
    if la.bet or la.raise_:
        options += ["wager", "wager"]
    verb = options[draw() % len(options)]
    if verb == "wager":
        lo, hi = la.min_to, la.max_to
        pick = draw() % 3
        return verb, lo if pick == 0 else (hi if pick == 1 else lo + draw() % (hi - lo + 1))
    return verb, 0


def _apply(hand: HandState, verb: str, amount: int) -> None:
    if verb == "discard":
        held = hand.hand(hand.actor)  # type: ignore[arg-type]
        hand.discard([c for i, c in enumerate(held) if amount >> i & 1])
    elif verb == "wager":
        hand.bet_or_raise(amount)
    else:
        getattr(hand, verb)()


class Mismatch(AssertionError):
    """The C engine and the reference differ."""


def _raw(events: tuple[Event, ...]) -> list[tuple[Any, ...]]:
    """Events with card numbers, as the C engine records them."""
    return [
        (
            e.kind,
            e.position,
            e.amount,
            tuple(map(int, e.cards)),
            tuple(map(int, e.discarded)),
            e.number,
            e.hand_class,
            e.pot,
        )
        for e in events
    ]


_KINDS = {"fold": ACT_FOLD, "check": ACT_CHECK, "call": ACT_CALL, "wager": ACT_BET_OR_RAISE, "discard": ACT_DISCARD}


def check_hand(
    variant: Variant, stacks: list[int], seed: int, slot: int, rng: random.Random, export: bool
) -> Counter[str]:
    """Play one random hand on both engines; raise Mismatch at the first difference. Returns
    what the hand held: decisions, reshuffles, all-ins, side pots, showdowns."""
    c = CHand(variant, stacks, seed=seed, slot=slot)
    ref = c.reference()
    raw = c._hand  # the binding itself: the hot loop goes straight to C
    draw = Draws(rng)
    decisions = 0
    short_deck = 0
    where = f"{variant.name}, stacks {stacks}, seed {seed}, slot {slot}"
    midway = draw() % 12 if export else -1  # a decision at which the whole state is compared
    while not ref.is_complete:
        legal = ref.legal_actions()
        mine = raw.legal()
        if mine != legal[:12]:
            raise Mismatch(f"{where}: decision {decisions}: legal {mine} != reference {legal}")
        if decisions == midway:
            # every saved field (pending, acted, level, last raise, full level, the cap, the
            # deck and its generator) as HandState has them mid-hand
            mid = c.to_hand_state()
            mid.validate()
            if mid.to_dict() != ref.to_dict():
                raise Mismatch(f"{where}: decision {decisions}: the exported state differs from the reference")
        short_deck += legal.draw and legal.max_discards < variant.hand_size
        verb, amount = decide(ref, legal, draw)
        _apply(ref, verb, amount)
        status, events = raw.act(_KINDS[verb], amount if verb == "wager" else 0, amount if verb == "discard" else 0)
        if status:
            raise Mismatch(f"{where}: decision {decisions}: {verb} {amount} refused ({status})")
        c._raw.extend(events)
        decisions += 1
    if not c.is_complete:
        raise Mismatch(f"{where}: the reference is complete, the C hand is not ({c.phase})")
    mine_events, ref_events = c._raw, _raw(ref.events)
    if mine_events != ref_events:
        for k, (a, b) in enumerate(zip(mine_events, ref_events)):
            if a != b:
                raise Mismatch(f"{where}: event {k}: {a} != reference {b}")
        raise Mismatch(f"{where}: {len(mine_events)} events != reference {len(ref_events)}")
    f = c.fields()
    for name in ("stacks", "winnings", "committed", "antes", "folded"):
        if f[name] != getattr(ref, name):
            raise Mismatch(f"{where}: {name} {f[name]} != reference {getattr(ref, name)}")
    if c.pots != ref.pots:
        raise Mismatch(f"{where}: pots {c.pots} != reference {ref.pots}")
    if export:
        exported = c.to_hand_state()
        exported.validate()
        if exported.events != ref.events or exported.show_order != ref.show_order or exported.mucked != ref.mucked:
            raise Mismatch(f"{where}: the exported hand differs")
        if phh.code_of(variant) is not None and phh.dumps(exported) != phh.dumps(ref):
            raise Mismatch(f"{where}: PHH export differs")
    seen: Counter[str] = Counter(decisions=decisions, hands=1)
    seen["reshuffles"] += f["deck"]["reshuffles"] > 0
    seen["side pots"] += len(f["pots"]) > 1
    seen["showdowns"] += bool(ref.show_order)
    seen["all-ins"] += any(s == 0 for s in ref.stacks)
    wins = Counter(e.pot for e in ref.events if e.kind == "win")
    seen["split pots"] += any(k > 1 for k in wins.values())
    seen["odd chips"] += any(
        len({e.amount for e in ref.events if e.kind == "win" and e.pot == pot}) > 1 for pot, k in wins.items() if k > 1
    )
    seen["mucks"] += any(e.kind == "muck" for e in ref.events)
    seen["returns"] += any(e.kind == "return" for e in ref.events)
    seen["short deck"] += short_deck > 0
    return seen


def check_variant(variant: Variant, hands: int, seed: int = 0, first: int = 0, export_every: int = 20) -> Counter[str]:
    """Check hands ``first`` .. ``first + hands - 1`` (random stacks and decisions from ``seed``
    and the hand's number) of ``variant``: what they held (see :func:`check_hand`)."""
    seen: Counter[str] = Counter()
    for k in range(first, first + hands):
        rng = random.Random(seed * 1_000_003 + k)
        stacks = random_stacks(variant, rng)
        seen += check_hand(variant, stacks, seed, k, rng, export=export_every > 0 and k % export_every == 0)
    return seen


def variants() -> Iterator[tuple[str, Variant]]:
    yield from VARIANTS.items()


def _chunk(job: tuple[str, int, int, int]) -> Counter[str]:
    name, seed, first, hands = job
    variant = dict(variants()).get(name) or CUSTOM[name]
    return check_variant(variant, hands, seed, first)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands per variant (default a million)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--custom", action="store_true", help="the custom variants too")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    todo = list(variants()) + (list(CUSTOM.items()) if args.custom else [])
    chunk = 10_000
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(args.workers) as pool:
        for k, (name, _) in enumerate(todo):
            t = time.perf_counter()
            jobs = [
                (name, args.seed + k, first, min(chunk, args.hands - first)) for first in range(0, args.hands, chunk)
            ]
            seen: Counter[str] = Counter()
            for part in pool.map(_chunk, jobs):
                seen += part
            print(
                f"{name:52s} {seen['hands']:>9,} hands {seen['decisions']:>11,} decisions agree "
                f"(reshuffles in {seen['reshuffles']:,}, side pots in {seen['side pots']:,}, "
                f"all-ins in {seen['all-ins']:,}, {time.perf_counter() - t:.0f} s)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

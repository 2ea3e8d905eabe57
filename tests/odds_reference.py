"""A slow, obviously right Python twin of lowball.odds, for the tests (issue 12).

Written from the documented rules (``csrc/odds.h``, the docstrings of ``lowball.odds``), sharing
no code with ``csrc/odds.c``: every count here is an enumeration with :mod:`itertools` ranked by
the engine's evaluator (``lowball.evaluate`` / ``evaluate_batch``, itself checked against the
ojpoker data and ``tests/reference.py``), every random stream is numpy's own PCG64 set to the
documented state, and every deck operation goes through the engine's ``lowball.Deck``.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

import numpy as np

from lowball import Deck, ReshuffleRule, evaluate, evaluate_batch

MASK64 = (1 << 64) - 1
SHARE = 2520  # lcm(1..9): a pot share in units of 1/2520
RANKS = "23456789TJQKA"


def rank(card: int) -> int:
    return card // 4


def suit(card: int) -> int:
    return card % 4


# -- classes ------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def no_pair_classes() -> dict[tuple[int, ...], int]:
    """Ranks (top first) of every five-distinct-rank hand that is not a straight -> its class
    (as an off-suit hand). Straights are left out: they are not "lows"."""
    out = {}
    for ranks in itertools.combinations(range(13), 5):
        top_first = tuple(sorted(ranks, reverse=True))
        if top_first[0] - top_first[4] == 4:
            continue  # a straight (A-5-4-3-2 is not one: the ace is high)
        cards = [4 * r + (1 if i == 0 else 0) for i, r in enumerate(top_first)]
        out[top_first] = int(evaluate(cards))
    return out


def ref_threshold(text: str) -> int:
    """The roughest no-pair class whose top ranks are ``text`` ("8-6", "9", "T-9-8")."""
    want = tuple(RANKS.index("T" if t.strip() == "10" else t.strip().upper()) for t in text.split("-"))
    classes = [c for ranks, c in no_pair_classes().items() if ranks[: len(want)] == want]
    return max(classes) if classes else 0


# -- enumeration ----------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _index_combos(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n), shape (C(n, k), k), uint8, in itertools order."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(n), k)), dtype=np.uint8)
    return flat.reshape(-1, k)


def completion_classes(kept: Sequence[int], unseen: Sequence[int]) -> np.ndarray:
    """The class of every completion of ``kept`` to five cards from ``unseen``, in the order of
    ``itertools.combinations(unseen, 5 - len(kept))``."""
    k = 5 - len(kept)
    idx = _index_combos(len(unseen), k)
    cards = np.asarray(unseen, dtype=np.uint8)[idx]
    rows = np.hstack([np.tile(np.asarray(kept, dtype=np.uint8), (len(cards), 1)), cards])
    return evaluate_batch(rows).astype(np.int64)


def ref_draw_counts(kept: Sequence[int], unseen: Sequence[int]) -> tuple[np.ndarray, int]:
    """counts[c] = completions of class c (7463 entries), and their number."""
    classes = completion_classes(kept, unseen)
    return np.bincount(classes, minlength=7463).astype(np.uint64), len(classes)


def ref_headsup(kept_a: Sequence[int], kept_b: Sequence[int], unseen: Sequence[int]) -> tuple[int, int, int, int]:
    """(A wins, ties, B wins, deals): every pair of disjoint draws, counted one by one (the
    player drawing fewer cards in the outer loop, the other's draws from what is left)."""
    if len(kept_a) < len(kept_b):
        b_wins, tie, a_wins, deals = ref_headsup(kept_b, kept_a, unseen)
        return a_wins, tie, b_wins, deals
    win = tie = lose = 0
    for da in itertools.combinations(unseen, 5 - len(kept_a)):
        ca = int(evaluate(list(kept_a) + list(da)))
        rest = [c for c in unseen if c not in da]
        classes = completion_classes(kept_b, rest)
        win += int((classes > ca).sum())
        tie += int((classes == ca).sum())
        lose += int((classes < ca).sum())
    return win, tie, lose, win + tie + lose


def draw_sets(kept: Sequence[int], unseen: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """Every draw of 5 - len(kept) cards from ``unseen``: (the cards drawn as 52-bit masks, the
    class of the final hand), in itertools order."""
    k = 5 - len(kept)
    idx = _index_combos(len(unseen), k)
    bits = (np.uint64(1) << np.asarray(unseen, dtype=np.uint64))[idx].sum(axis=1, dtype=np.uint64)
    return bits, completion_classes(kept, unseen)


def ref_headsup_pairs(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]) -> tuple[int, int, int, int]:
    """(A wins, ties, B wins, deals) from two players' draw_sets: every pair of draws, kept
    when they share no card."""
    bits_a, cls_a = a
    bits_b, cls_b = b
    ok = (bits_a[:, None] & bits_b[None, :]) == 0
    win = int((ok & (cls_a[:, None] < cls_b[None, :])).sum())
    tie = int((ok & (cls_a[:, None] == cls_b[None, :])).sum())
    deals = int(ok.sum())
    return win, tie, deals - win - tie, deals


def ref_multiway(kept: Sequence[Sequence[int]], unseen: Sequence[int]) -> tuple[list[int], list[int], list[int], int]:
    """(wins, ties, shares in 1/2520, deals) of every deal of a multi-way single draw."""
    n = len(kept)
    wins, ties, share = [0] * n, [0] * n, [0] * n
    deals = 0

    def walk(p: int, left: list[int], classes: list[int]) -> None:
        nonlocal deals
        if p == n:
            best = min(classes)
            winners = [q for q in range(n) if classes[q] == best]
            for q in winners:
                if len(winners) == 1:
                    wins[q] += 1
                else:
                    ties[q] += 1
                share[q] += SHARE // len(winners)
            deals += 1
            return
        for drawn in itertools.combinations(left, 5 - len(kept[p])):
            rest = [c for c in left if c not in drawn]
            walk(p + 1, rest, classes + [int(evaluate(list(kept[p]) + list(drawn)))])

    walk(0, list(unseen), [])
    return wins, ties, share, deals


def ref_discard_counts_all(hand: Sequence[int], target: int) -> list[int]:
    """For each of the 32 discard masks of ``hand`` (bit i: hand[i] thrown): the completions of
    class ``target`` or better from the 47 cards not in the hand, enumerated card by card."""
    unseen = [c for c in range(52) if c not in hand]
    out = []
    for mask in range(32):
        kept = [c for i, c in enumerate(hand) if not mask >> i & 1]
        out.append(int((completion_classes(kept, unseen) <= target).sum()))
    return out


def pick_best(hand: Sequence[int], counts: Sequence[int]) -> int:
    """The documented choice: the best chance (completions over C(47, cards thrown), compared as
    exact fractions), then the fewest cards thrown, then the higher cards thrown (the larger sum
    of 1 << card), whatever the order of the hand."""

    def key(m: int) -> tuple[Fraction, int, int]:
        thrown = [c for i, c in enumerate(hand) if m >> i & 1]
        return (-Fraction(counts[m], math.comb(47, len(thrown))), len(thrown), -sum(1 << c for c in thrown))

    return min(range(32), key=key)


# -- best discard by rank patterns (fast enough for a simulation; checked against the above) -------


def pattern_count(hand: Sequence[int], mask: int, target: int) -> int:
    """Completions of class ``target`` or better of the kept cards, from the 47 cards not in the
    hand, counted over the final rank sets: for each set of five distinct ranks good enough and
    containing the kept ranks, the product of the cards left of each missing rank, less the
    completions that are all one suit (a flush)."""
    kept = [c for i, c in enumerate(hand) if not mask >> i & 1]
    kept_ranks = {rank(c) for c in kept}
    if len(kept_ranks) < len(kept):
        return 0  # a kept pair can never become a low
    in_hand = set(hand)
    left = Counter(rank(c) for c in range(52) if c not in in_hand)
    total = 0
    for ranks, cls in no_pair_classes().items():
        if cls > target or not kept_ranks <= set(ranks):
            continue
        missing = [r for r in ranks if r not in kept_ranks]
        ways = 1
        for r in missing:
            ways *= left[r]
        for s in range(4):
            if all(suit(c) == s for c in kept) and all(4 * r + s not in in_hand for r in missing):
                ways -= 1  # the one way to draw every missing rank in suit s makes a flush
        total += ways
    return total


def pattern_best(hand: Sequence[int], target: int) -> int:
    return pick_best(hand, [pattern_count(hand, m, target) for m in range(32)])


# -- strategies ------------------------------------------------------------------------------------


class RefStrategy:
    """The rule of lb_strategy_discard (csrc/odds.h), on plain numbers.

    pat, brk: classes per draw index (0 = first .. 2 = last; pat 0 never stands pat, brk 7462
    never breaks); keep: a rank index 0..12 per draw index; best_last: a no-pair class or 0;
    one: per draw index, the class a one-card draw must reach with its best fifth card (0: none).
    """

    def __init__(
        self,
        pat: tuple[int, int, int],
        keep: tuple[int, int, int],
        brk: tuple[int, int, int] = (7462, 7462, 7462),
        snow: bool = False,
        best_last: int = 0,
        one: tuple[int, int, int] = (0, 0, 0),
    ) -> None:
        self.pat, self.keep, self.brk, self.snow, self.best_last = pat, keep, brk, snow, best_last
        self.one = one
        self._best: dict[tuple[int, ...], int] = {}

    def one_card(self, hand: Sequence[int], d: int) -> int | None:
        """The position thrown for a one-card draw (odds.h): of the fours of distinct ranks whose
        best finish (every rank not held, off-suit, ranked by the evaluator) is class one[d] or
        better, the one with the best finish, equal finishes throwing the higher card."""
        best: tuple[int, int] | None = None
        for q in range(5):
            four = [hand[i] for i in range(5) if i != q]
            ranks = [rank(c) for c in four]
            if len(set(ranks)) < 4:
                continue
            finish = min(
                int(evaluate([4 * r + (1 if i == 0 else 0) for i, r in enumerate([*ranks, x])]))
                for x in range(13)
                if x not in ranks
            )
            if finish <= self.one[d] and (best is None or (finish, -hand[q]) < (best[0], -hand[best[1]])):
                best = (finish, q)
        return None if best is None else best[1]

    def discard(self, hand: Sequence[int], d: int, is_last: bool) -> int:
        """The mask (over hand positions) thrown at draw index d."""
        if self.snow:
            return 0
        if self.best_last and is_last:
            key = tuple(hand)
            if key not in self._best:
                self._best[key] = pattern_best(hand, self.best_last)
            return self._best[key]
        c = int(evaluate(list(hand)))
        by_card = sorted(range(5), key=lambda i: hand[i])  # positions, lowest card first
        if self.pat[d] and c <= self.pat[d]:
            low4 = [rank(hand[i]) for i in by_card[:4]]
            smooth = len(set(low4)) == 4 and max(low4) <= self.keep[d]
            if c > self.brk[d] and smooth:
                return 1 << by_card[4]
            return 0
        mask, kept, seen = 0, [], set()
        for i in by_card:
            r = rank(hand[i])
            if r <= self.keep[d] and r not in seen:
                seen.add(r)
                kept.append(i)
            else:
                mask |= 1 << i
        if len(kept) <= 3 and self.one[d]:
            q = self.one_card(hand, d)
            if q is not None:
                return 1 << q
        if len(kept) == 5:
            mask = 1 << kept[-1]
        return mask


# -- the simulation over the engine's Deck ---------------------------------------------------------


def mix64(z: int) -> int:
    z ^= z >> 30
    z = (z * 0xBF58476D1CE4E5B9) & MASK64
    z ^= z >> 27
    z = (z * 0x94D049BB133111EB) & MASK64
    z ^= z >> 31
    return z


def pcg(state: int, inc: int) -> np.random.PCG64:
    g = np.random.PCG64()
    g.state = {"bit_generator": "PCG64", "state": {"state": state, "inc": inc}, "has_uint32": 0, "uinteger": 0}
    return g


def trial_streams(key: Sequence[int], t: int) -> tuple[np.random.PCG64, np.random.PCG64]:
    """The stub and reshuffle generators of trial t (csrc/odds.h, "Randomness")."""
    k0, k1, k2, k3 = key
    inc = (k3 << 64) | (k2 | 1)
    stub = (mix64(k0 ^ t) << 64) | mix64((k1 + t) & MASK64)
    resh = (mix64(k0 ^ (~t & MASK64)) << 64) | mix64((k1 - t - 1) & MASK64)
    return pcg(stub, inc), pcg(resh, inc)


def bounded(g: np.random.PCG64, s: int) -> int:
    """Lemire's multiply-and-reject on raw 64-bit words (csrc/deck.h)."""
    while True:
        m = int(g.random_raw()) * s
        low = m & MASK64
        if low >= s or low >= ((1 << 64) - s) % s:
            return m >> 64


def key_of(seed: int) -> list[int]:
    return [int(x) for x in np.random.SeedSequence(seed).generate_state(4, np.uint64)]


def simulate(
    hands: Sequence[Sequence[int]],
    strategies: Sequence[RefStrategy],
    draws: int,
    seed: int,
    trials: int,
    dead: Sequence[int] = (),
    fixed: Sequence[Sequence[int]] | None = None,
    rule: ReshuffleRule = ReshuffleRule.SEEDS,
    burn: bool = False,
    removed: Sequence[int] = (),
) -> dict[str, object]:
    """Play ``trials`` trials through ``lowball.Deck``; sums as lowball.odds reports them. A
    hand given as None is dealt from the stub's top at each trial's start (csrc/odds.h); a
    ``fixed`` discard of None lets its strategy decide; ``removed`` cards are never dealt."""
    players = len(hands)
    key = key_of(seed)
    known = {c for h in hands if h is not None for c in h} | set(dead) | set(removed)
    unseen = [c for c in range(52) if c not in known]
    wins, ties, share = [0] * players, [0] * players, [0] * players
    reshuffles = 0
    for t in range(trials):
        g_stub, g_resh = trial_streams(key, t)
        u = list(unseen)
        for i in range(len(u)):  # top-down Fisher-Yates
            j = i + bounded(g_stub, len(u) - i)
            u[i], u[j] = u[j], u[i]
        order = []
        for h in hands:
            if h is None:
                order += u[:5]
                u = u[5:]
            else:
                order += list(h)
        order += list(dead) + list(removed) + u
        deck = Deck.from_order(order, seed=g_resh, rule=rule, burn=burn)
        for p in range(players):
            deck.deal(p, 5)
        if dead or removed:
            deck.deal(players, len(dead) + len(removed))
        if dead:
            deck.muck(list(dead))
        for d in range(draws):
            di, is_last = 3 - draws + d, d == draws - 1
            deck.begin_draw(list(range(players)))
            for p in range(players):
                hand = [int(c) for c in deck.hand(p)]
                if d == 0 and fixed is not None and fixed[p] is not None:
                    thrown = sorted(fixed[p])
                else:
                    mask = strategies[p].discard(hand, di, is_last)
                    thrown = sorted(c for i, c in enumerate(hand) if mask >> i & 1)
                deck.draw(p, thrown)
            deck.end_draw()
        classes = [int(evaluate(list(deck.hand(p)))) for p in range(players)]
        best = min(classes)
        winners = [p for p in range(players) if classes[p] == best]
        for p in winners:
            if len(winners) == 1:
                wins[p] += 1
            else:
                ties[p] += 1
            share[p] += SHARE // len(winners)
        reshuffles += deck.reshuffles > 0
    return {"wins": wins, "ties": ties, "share": share, "reshuffles": reshuffles}

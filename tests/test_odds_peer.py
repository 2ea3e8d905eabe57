"""lowball.odds.equity against poker-equity, an independent peer (issue 12).

poker-equity (a Rust wheel, ``poker_equity.exact_from_text``) walks every deal of a 2-7 single
draw given the cards each player keeps, the discards being dead; it answers None when there are
too many deals, and refuses a player who keeps nothing, so the cases here keep 1 to 4 cards
each. Its ``samples`` is the number of deals, its counts are floats holding whole numbers and
its pot shares are sums of 1/m for a tie of m hands: each is compared with lowball's exact
integers (shares in units of 1/2520, rounded from the peer's float, which is exact to far
better than 1/2520).

Where they differ: in every case tried here (heads-up and three-way, with and without dead
cards) they agree exactly, deal counts included, so there was nothing to decide.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import poker_equity as pe
import pytest

from lowball import Card, format_cards, odds, parse_cards

SHARE = 2520


def _text(cards) -> str:
    return format_cards([Card(c) for c in cards])


def _peer(kept, dead):
    return pe.exact_from_text("deuce_seven", [_text(k) for k in kept], "", " ".join(str(Card(c)) for c in dead))


def _compare(hands, discards, dead):
    kept = [[c for c in h if c not in d] for h, d in zip(hands, discards)]
    peer = _peer(kept, list(dead) + [c for d in discards for c in d])
    assert peer is not None and peer["exact"]
    ours = odds.equity([_text(h) for h in hands], discards=[_text(d) for d in discards], dead=dead)
    assert ours.exact
    assert ours.trials == peer["samples"]
    for i, p in enumerate(ours.players):
        assert p.wins == peer["win_count"][i], i
        assert p.ties == peer["tie_count"][i], i
        assert p.share == round(peer["share_sum"][i] * SHARE), i
        assert Fraction(p.share, SHARE * ours.trials) == Fraction(
            round(peer["share_sum"][i] * SHARE), SHARE * peer["samples"]
        )
        assert p.equity == pytest.approx(peer["players"][i]["equity"], rel=1e-14, abs=1e-15)
    return ours


def _walk(n, draws):
    """What the peer's exact limit is measured on: the product of each player's draws counted
    alone (the deals themselves are fewer)."""
    return math.prod(math.comb(n, k) for k in draws)


def _cases(seed, draws_list, most_dead):
    """Random hands and discards; dead cards drawn at random, at least as many as keep the
    walk within the peer's exact limit."""
    rng = random.Random(seed)
    for draws in draws_list:
        players = len(draws)
        fits = [d for d in range(53 - 5 * players) if _walk(52 - 5 * players - d, draws) <= 1_500_000]
        fits = [d for d in fits if 52 - 5 * players - d >= sum(draws)]
        if not fits:
            continue  # the peer cannot walk it exactly with enough cards left to draw
        least = fits[0]
        n_dead = rng.randint(least, max(least, min(most_dead, fits[-1])))
        cards = rng.sample(range(52), 5 * players + n_dead)
        hands = [cards[5 * i : 5 * i + 5] for i in range(players)]
        yield hands, [rng.sample(h, k) for h, k in zip(hands, draws)], cards[5 * players :]


HEADSUP = list(
    _cases(5, [(1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (3, 2), (2, 3), (3, 3), (4, 1), (4, 2), (3, 4), (4, 4)], 20)
)
THREEWAY = list(_cases(6, [(1, 1, 1), (2, 1, 1), (1, 2, 1), (0, 1, 2), (2, 2, 1), (1, 3, 2), (3, 3, 3)], 25))


@pytest.mark.parametrize("hands,discards,dead", HEADSUP)
def test_headsup_single_draw_agrees_with_poker_equity(hands, discards, dead) -> None:
    _compare(hands, discards, dead)


@pytest.mark.parametrize("hands,discards,dead", THREEWAY)
def test_threeway_single_draw_agrees_with_poker_equity(hands, discards, dead) -> None:
    _compare(hands, discards, dead)


def test_ties_split_the_pot_like_the_peer() -> None:
    # Both keep 7-5-4-3 (different suits) and draw one: many deals tie. Heads-up halves are exact
    # floats, so the peer's shares are compared exactly too.
    hands = [[int(c) for c in parse_cards(t)] for t in ("7c5c4c3c9d", "7h5h4h3hKs")]
    res = _compare(hands, [[hands[0][4]], [hands[1][4]]], [])
    assert res.players[0].ties > 0 and res.players[0].ties == res.players[1].ties


def test_three_way_ties_in_thirds_like_the_peer() -> None:
    hands = [[int(c) for c in parse_cards(t)] for t in ("7c5c4c3c9d", "7h5h4h3hKs", "7d5d4d3dQh")]
    res = _compare(hands, [[h[4]] for h in hands], [])
    assert res.players[0].ties > 0


def test_many_random_cases_agree_with_poker_equity() -> None:
    rng = random.Random(2026)
    shapes = [tuple(rng.randint(0, 4) for _ in range(rng.choice([2, 2, 3]))) for _ in range(40)]
    shapes = [s for s in shapes if any(s)]
    for hands, discards, dead in _cases(7, shapes, 22):
        _compare(hands, discards, dead)

"""Deck speed: lowball.Deck against pokerkit 0.7's deck handling, doing the same card work.

Run: ``pytest bench -o python_files='bench_*.py'`` (or ``pytest bench/bench_deck.py``), with
``pytest-benchmark`` and ``pokerkit>=0.7,<0.8`` installed (the ``bench`` extra). Nothing here
asserts a speed; compare the groups in the report.

Two pieces of work, each a benchmark group:

``shuffle-deal``
    Shuffle a 52-card deck and deal six five-card hands, one card at a time around the table.
``triple-draw``
    A six-handed triple-draw card sequence: shuffle, deal six hands, then three draws in which
    every player discards all five cards; 90 replacements with four reshuffles per hand.

The pokerkit peers:

``pokerkit-state``
    pokerkit's own deck code: the ``State`` methods ``_verify_cards_consumption`` and
    ``_consume_cards`` that its ``deal_hole`` and ``stand_pat_or_discard`` use (private in 0.7,
    called directly so that no betting is timed), with the deck set up as ``State._setup`` does
    (a ``deque`` of ``Deck.STANDARD`` shuffled by ``random.shuffle``).
``pokerkit-primitives``
    The least work pokerkit's types allow: ``Deck.STANDARD`` in a ``deque``, ``random.shuffle``,
    ``popleft`` for each card, and for the draws pokerkit's reshuffle (``utilities.shuffled`` of
    the discards) when the deck runs short. This is faster than pokerkit itself: the fairest
    (hardest) peer.
``pokerkit-list``
    The simplest dealing there is with pokerkit's cards: ``Deck.STANDARD`` copied into a list,
    ``random.shuffle`` (Mersenne Twister, not a secure source), each hand one slice of the list;
    for the draws the stub is a list, each player's replacements one slice from its end, and the
    discards shuffled back by ``random.shuffle`` when it runs short. The fastest peer, and the one
    to quote against the seeded deck (both use a fast non-secure generator).
``pokerkit-list-secure``
    The same with ``random.SystemRandom().shuffle`` (the operating system's secure source): the
    peer to quote against lowball's default, secure deck.
``pokerkit-full-hand`` (triple-draw only, for scale)
    A whole ``FixedLimitDeuceToSevenLowballTripleDraw`` hand with every automation, every player
    checking or calling and discarding five on each draw: includes betting, so it is not a deck
    peer, only a picture of what a pokerkit user runs.
"""

from __future__ import annotations

import random
import warnings
from collections import deque

import pytest

from lowball import Deck

pokerkit = pytest.importorskip("pokerkit")

POSITIONS = tuple(range(6))


# -- lowball ---------------------------------------------------------------------------------------


def lowball_shuffle_deal(deck: Deck) -> None:
    deck.shuffle()
    deck.deal_round(POSITIONS, 5)


def lowball_shuffle_deal_per_position(deck: Deck) -> None:
    deck.shuffle()
    for s in POSITIONS:
        deck.deal(s, 5)


def lowball_triple_draw(deck: Deck) -> None:
    deck.shuffle()
    hands = list(deck.deal_round(POSITIONS, 5))
    for _ in range(3):
        deck.begin_draw(POSITIONS)
        for s in POSITIONS:
            hands[s] = deck.draw(s, hands[s])
        deck.end_draw()


# -- pokerkit: its State's own deck code ------------------------------------------------------------


def pokerkit_state() -> object:
    game = pokerkit.FixedLimitDeuceToSevenLowballTripleDraw
    return game.create_state((), True, 0, (1, 2), 2, 4, 200, 6)


def pk_reset(state: object) -> None:
    # State._setup: deck_cards.extend(self.deck); shuffle(self.deck_cards)
    state.deck_cards.clear()
    state.mucked_cards.clear()
    state.burn_cards.clear()
    for d in state.discarded_cards:
        d.clear()
    state.deck_cards.extend(state.deck)
    random.shuffle(state.deck_cards)


def pk_state_deal(state: object, hands: list[list[object]]) -> None:
    # deal_hole with one card per call, around the table, five times
    for _ in range(5):
        for s in POSITIONS:
            cards = state._verify_cards_consumption(1)
            state._consume_cards(cards)
            hands[s].append(cards[0])


def pokerkit_state_shuffle_deal(state: object) -> None:
    pk_reset(state)
    pk_state_deal(state, [[] for _ in POSITIONS])


def pokerkit_state_triple_draw(state: object) -> None:
    pk_reset(state)
    hands: list[list[object]] = [[] for _ in POSITIONS]
    pk_state_deal(state, hands)
    for street in (1, 2, 3):
        for s in POSITIONS:
            # stand_pat_or_discard: the discards go to discarded_cards, replacements are dealt
            state.discarded_cards[street].extend(hands[s])
            cards = state._verify_cards_consumption(5)
            state._consume_cards(cards)
            hands[s] = list(cards)


# -- pokerkit: primitives --------------------------------------------------------------------------


def pokerkit_primitives_shuffle_deal() -> None:
    deck = deque(pokerkit.Deck.STANDARD)
    random.shuffle(deck)
    hands: list[list[object]] = [[] for _ in POSITIONS]
    for _ in range(5):
        for h in hands:
            h.append(deck.popleft())


def pokerkit_primitives_triple_draw() -> None:
    deck = deque(pokerkit.Deck.STANDARD)
    random.shuffle(deck)
    hands: list[list[object]] = [[] for _ in POSITIONS]
    for _ in range(5):
        for h in hands:
            h.append(deck.popleft())
    reserve: list[object] = []
    for _ in range(3):
        for s in POSITIONS:
            reserve.extend(hands[s])
            if len(deck) < 5:
                deck.extend(pokerkit.utilities.shuffled(reserve))
                reserve.clear()
            hands[s] = [deck.popleft() for _ in range(5)]


# -- pokerkit's cards in a plain list ------------------------------------------------------------

SECURE = random.SystemRandom()


def list_shuffle_deal(shuffle=random.shuffle) -> list[list[object]]:
    cards = list(pokerkit.Deck.STANDARD)
    shuffle(cards)
    return [cards[5 * s : 5 * s + 5] for s in POSITIONS]


def list_triple_draw(shuffle=random.shuffle) -> None:
    cards = list(pokerkit.Deck.STANDARD)
    shuffle(cards)
    hands = [cards[5 * s : 5 * s + 5] for s in POSITIONS]
    stub = cards[30:]
    discards: list[object] = []
    for _ in range(3):
        for s in POSITIONS:
            discards.extend(hands[s])
            if len(stub) < 5:
                shuffle(discards)
                stub = discards + stub
                discards = []
            hands[s] = stub[-5:]
            del stub[-5:]


# -- pokerkit: a whole hand ------------------------------------------------------------------------

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_DEALING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def pokerkit_full_hand() -> None:
    game = pokerkit.FixedLimitDeuceToSevenLowballTripleDraw
    state = game.create_state(AUTOMATIONS, True, 0, (1, 2), 2, 4, 200, 6)
    while state.status:
        if state.can_stand_pat_or_discard():
            i = state.stand_patter_or_discarder_index
            state.stand_pat_or_discard(state.hole_cards[i])
        else:
            state.check_or_call()


# -- the benchmarks --------------------------------------------------------------------------------

# Each round times ITERATIONS calls and the report takes the best round's time per call. A round of
# one call would let the best round be one where the secure deck did not top up its buffer from
# the OS (it does every few shuffles), flattering it; a round of many calls pays every cost in its
# share.
ROUNDS, ITERATIONS = 25, 200


def timed(benchmark, work, *args):
    return benchmark.pedantic(work, args, rounds=ROUNDS, iterations=ITERATIONS, warmup_rounds=1)


@pytest.mark.benchmark(group="shuffle-deal")
def test_shuffle_deal_lowball_seeded(benchmark):
    deck = Deck(seed=1)
    timed(benchmark, lowball_shuffle_deal, deck)
    assert sum(deck.view().hand_sizes.values()) == 30


@pytest.mark.benchmark(group="shuffle-deal")
def test_shuffle_deal_lowball_os_entropy(benchmark):
    deck = Deck()
    timed(benchmark, lowball_shuffle_deal, deck)
    assert sum(deck.view().hand_sizes.values()) == 30


@pytest.mark.benchmark(group="shuffle-deal")
def test_shuffle_deal_lowball_per_position(benchmark):
    deck = Deck(seed=1)
    timed(benchmark, lowball_shuffle_deal_per_position, deck)


@pytest.mark.benchmark(group="shuffle-deal")
def test_shuffle_deal_pokerkit_state(benchmark):
    state = pokerkit_state()
    timed(benchmark, pokerkit_state_shuffle_deal, state)
    assert len(state.deck_cards) == 22


@pytest.mark.benchmark(group="shuffle-deal")
def test_shuffle_deal_pokerkit_primitives(benchmark):
    timed(benchmark, pokerkit_primitives_shuffle_deal)


@pytest.mark.benchmark(group="shuffle-deal")
def test_shuffle_deal_pokerkit_list(benchmark):
    hands = timed(benchmark, list_shuffle_deal)
    assert sorted(map(len, hands)) == [5] * 6


@pytest.mark.benchmark(group="shuffle-deal")
def test_shuffle_deal_pokerkit_list_secure(benchmark):
    hands = timed(benchmark, list_shuffle_deal, SECURE.shuffle)
    assert len({c for h in hands for c in h}) == 30


@pytest.mark.benchmark(group="triple-draw")
def test_triple_draw_lowball_seeded(benchmark):
    deck = Deck(seed=1)
    timed(benchmark, lowball_triple_draw, deck)
    assert deck.reshuffles == 4


@pytest.mark.benchmark(group="triple-draw")
def test_triple_draw_lowball_os_entropy(benchmark):
    deck = Deck()
    timed(benchmark, lowball_triple_draw, deck)
    assert deck.reshuffles == 4


@pytest.mark.benchmark(group="triple-draw")
def test_triple_draw_pokerkit_state(benchmark):
    state = pokerkit_state()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns each time it deals from the reserve
        timed(benchmark, pokerkit_state_triple_draw, state)


@pytest.mark.benchmark(group="triple-draw")
def test_triple_draw_pokerkit_primitives(benchmark):
    timed(benchmark, pokerkit_primitives_triple_draw)


@pytest.mark.benchmark(group="triple-draw")
def test_triple_draw_pokerkit_list(benchmark):
    timed(benchmark, list_triple_draw)


@pytest.mark.benchmark(group="triple-draw")
def test_triple_draw_pokerkit_list_secure(benchmark):
    timed(benchmark, list_triple_draw, SECURE.shuffle)


@pytest.mark.benchmark(group="triple-draw")
def test_triple_draw_pokerkit_full_hand(benchmark):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        benchmark.pedantic(pokerkit_full_hand, rounds=30, iterations=1)


# -- reading cards: a stacked deck from card numbers, Cards or text ---------------------------------
# Card numbers 0..51 are a documented input (``lowball.cards.CardLike``): a replay or a learning
# environment hands the deck plain ints (or numpy integers), so they must be as cheap to read as
# Cards, and cheaper than text.

ORDER_CARDS = tuple(Deck(seed=7).snapshot()["stub"])  # 52 card numbers in a shuffled order


@pytest.mark.benchmark(group="from-order")
def test_from_order_52_ints(benchmark):
    order = [int(c) for c in ORDER_CARDS]
    deck = timed(benchmark, Deck.from_order, order)
    assert deck.snapshot()["stub"] == order


@pytest.mark.benchmark(group="from-order")
def test_from_order_52_numpy_ints(benchmark):
    import numpy as np

    order = list(np.array(ORDER_CARDS, dtype=np.int64))
    deck = timed(benchmark, Deck.from_order, order)
    assert deck.snapshot()["stub"] == [int(c) for c in order]


@pytest.mark.benchmark(group="from-order")
def test_from_order_52_cards(benchmark):
    from lowball import Card

    order = [Card(c) for c in ORDER_CARDS]
    deck = timed(benchmark, Deck.from_order, order)
    assert deck.snapshot()["stub"] == list(ORDER_CARDS)


@pytest.mark.benchmark(group="from-order")
def test_from_order_52_text(benchmark):
    from lowball import format_cards

    order = format_cards(ORDER_CARDS, " ")
    deck = timed(benchmark, Deck.from_order, order)
    assert deck.snapshot()["stub"] == list(ORDER_CARDS)

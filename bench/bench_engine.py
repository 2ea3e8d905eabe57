"""Hand-engine speed: whole six-handed fixed-limit 2-7 triple-draw hands, lowball against pokerkit.

Run: pytest bench -o python_files='bench_*.py' --benchmark-group-by=group
     (add --benchmark-json=out.json and run bench/report.py out.json for hands per second)

Each benchmark call plays ``HANDS`` complete hands, from the first blind to the award of the pot,
each in a fresh state: lowball's ``HandState`` (it posts, deals, draws and pays itself) and
pokerkit 0.7's ``FixedLimitDeuceToSevenLowballTripleDraw`` with every automation on (antes,
blinds, burning, hole dealing, bet collection, showdown, hand killing, chips pushing and pulling),
so each engine does its own dealing and bookkeeping and the benchmark only takes the decisions.
Each engine shuffles from one random source per run, as a table or a simulation does: pokerkit
from the ``random`` module, lowball from one seeded numpy ``Generator`` shared by the run's decks
(a seeded ``Table``, and so ``lowball simulate``, instead seeds a new PCG64 for every hand from
``SeedSequence(seed, spawn_key=(k,))``, which costs about 10 us a hand more; pokerkit does not
reseed).

Both engines get the same decisions from the same policy and seeds: hand ``i`` uses
``random.Random(i)``; at each betting turn the player raises with probability 0.3 when a raise
is allowed, folds with probability 0.15 when facing a bet, and otherwise checks or calls; at each
draw the player throws 0-3 random cards, never more than the stub holds after keeping one card for
each burn still to come (so neither engine reshuffles: pokerkit's reshuffle differs from ours, see
RULES.md 4). Both burn a card before each draw (pokerkit's 2-7 triple draw always does; ours is
the variant with ``burn=True``). The engines' fixed-limit caps
differ after the draw (a bet and four raises here, a bet and three in pokerkit), so the action
counts can differ slightly: ``extra_info["actions"]`` records them per call.
``extra_info["hands"]`` is the number of hands per call.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from pokerkit import Automation, FixedLimitDeuceToSevenLowballTripleDraw, Mode

from lowball.engine import DRAWING, HandState
from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT

HANDS = 200
PLAYERS = 6
STACK = 200  # 100 big blinds: all-ins are rare, so hands run to the showdown or the last fold
# 2/4 fixed limit, blinds 1/2; a burn card before each draw, as pokerkit always does
V = TRIPLE_DRAW_FIXED_LIMIT.replace(burn=True)
PK_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
DISCARDS = (0, 1, 1, 2, 2, 3)


def lowball_hand(seed: int, deck_source: np.random.Generator) -> int:
    """One hand on lowball; returns the number of decisions."""
    rng = random.Random(seed)
    s = HandState(V, [STACK] * PLAYERS, seed=deck_source)
    actions = 0
    while s.actor is not None:
        actions += 1
        if s.phase == DRAWING:
            # keep a card for each later burn (ours burned this draw's already)
            k = max(0, min(rng.choice(DISCARDS), s.deck.remaining - (3 - s.draw_round)))
            s.discard(rng.sample(s.hand(s.actor), k))
            continue
        legal = s.legal_actions()
        r = rng.random()
        if (legal.bet or legal.raise_) and r < 0.3:
            s.bet_or_raise(legal.min_to)
        elif legal.fold and r > 0.85:
            s.fold()
        else:
            s.check_or_call()
    return actions


def pokerkit_hand(seed: int, deck_source: object = None) -> int:
    """The same hand on pokerkit; returns the number of decisions."""
    rng = random.Random(seed)
    st = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
        PK_AUTOMATIONS,
        True,
        0,
        (V.forced.small_blind, V.forced.big_blind),
        V.betting.small_bet,
        V.betting.big_bet,  # type: ignore[union-attr]
        [STACK] * PLAYERS,
        PLAYERS,
        mode=Mode.TOURNAMENT,
    )
    actions = 0
    while st.status:
        actions += 1
        drawer = st.stand_patter_or_discarder_index
        if drawer is not None:
            # pokerkit deals after everyone has discarded, and burns first: keep a card for this
            # burn and each later one (the same bound as ours)
            pending = sum(map(len, st.hole_dealing_statuses))
            assert st.street_index is not None
            k = max(0, min(rng.choice(DISCARDS), len(st.deck_cards) - pending - (4 - st.street_index)))
            st.stand_pat_or_discard(rng.sample(st.hole_cards[drawer], k))
            continue
        r = rng.random()
        if st.can_complete_bet_or_raise_to() and r < 0.3:
            st.complete_bet_or_raise_to()
        elif st.can_fold() and r > 0.85:
            st.fold()
        else:
            st.check_or_call()
    return actions


def _run(play) -> int:  # type: ignore[no-untyped-def]
    deck_source = np.random.default_rng(0)  # one source per run (pokerkit uses ``random``'s)
    return sum(play(seed, deck_source) for seed in range(HANDS))


GROUP = f"engine: six-handed fixed-limit triple draw, {HANDS} whole hands"


@pytest.mark.benchmark(group=GROUP)
def test_lowball_engine_hands(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["hands"] = HANDS
    actions = benchmark(_run, lowball_hand)
    benchmark.extra_info["actions"] = actions
    assert actions > HANDS * 6  # whole hands: blinds, betting, draws


@pytest.mark.benchmark(group=GROUP)
def test_pokerkit_engine_hands(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["hands"] = HANDS
    actions = benchmark.pedantic(_run, args=(pokerkit_hand,), rounds=3, iterations=1)
    benchmark.extra_info["actions"] = actions
    assert actions > HANDS * 6
    # The same decisions up to the cap difference: within a few percent of ours.
    ours = _run(lowball_hand)
    assert abs(actions - ours) < 0.05 * ours


# -- one draw: HandState.discard of three cards given as card numbers, Cards or text ----------------
# Card numbers are a documented input (``lowball.cards.CardLike``): a bot or a learning environment
# that thinks in numbers 0..51 passes plain ints, which must cost no more than Cards.

DRAW_ROUNDS = 2000


def _drawing_hand() -> HandState:
    """A heads-up hand at its first draw (the blinds called and checked), seeded."""
    s = HandState(V, [STACK, STACK], seed=11)
    s.check_or_call()
    s.check_or_call()
    assert s.phase == DRAWING
    return s


def _bench_discard(benchmark, form) -> None:  # type: ignore[no-untyped-def]
    def setup():  # type: ignore[no-untyped-def]
        s = _drawing_hand()
        return (s, form(s.hand(s.actor)[:3])), {}

    benchmark.pedantic(lambda s, cards: s.discard(cards), setup=setup, rounds=DRAW_ROUNDS, iterations=1)


@pytest.mark.benchmark(group="discard three cards")
def test_discard_three_ints(benchmark) -> None:  # type: ignore[no-untyped-def]
    _bench_discard(benchmark, lambda cards: [int(c) for c in cards])


@pytest.mark.benchmark(group="discard three cards")
def test_discard_three_cards(benchmark) -> None:  # type: ignore[no-untyped-def]
    _bench_discard(benchmark, list)


@pytest.mark.benchmark(group="discard three cards")
def test_discard_three_text(benchmark) -> None:  # type: ignore[no-untyped-def]
    from lowball import format_cards

    _bench_discard(benchmark, lambda cards: format_cards(cards, " "))

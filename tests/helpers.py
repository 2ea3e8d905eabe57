"""Helpers shared by the engine and hand-history tests: stacked decks and scripted play."""

from __future__ import annotations

from collections.abc import Sequence

import lowball
from lowball import Deck
from lowball.engine import DRAWING, HandState

# three hands, best first: 7-5-4-3-2 (class 1), 8-6-4-3-2, 9-7-5-3-2
BEST, MIDDLE, WORST = "7s5h4d3c2s", "8s6h4c3d2h", "9c7d5s3h2d"


def stacked(hands: Sequence[str], then: str = "") -> Deck:
    """A deck that deals ``hands`` (by position, one card at a time round the table), then the
    cards of ``then``, then the rest in card order."""
    cards = [lowball.parse_hand(h) for h in hands]
    order = [cards[p][r] for r in range(5) for p in range(len(hands))]
    order += list(lowball.parse_cards(then))
    rest = [c for c in range(52) if c not in set(order)]
    return Deck.from_order(order + rest, seed=0)


def act(s: HandState, script: str) -> None:
    """Play ``script``: c call, x check, f fold, N bet or raise to N, p stand pat (the whole
    draw), each by the player to act."""
    for word in script.split():
        if word == "p":
            while s.phase == DRAWING:
                s.stand_pat()
        elif word == "c":
            s.call()
        elif word == "x":
            s.check()
        elif word == "f":
            s.fold()
        else:
            s.bet_or_raise(int(word))

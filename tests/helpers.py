"""Helpers shared by the engine and hand-history tests: stacked decks, scripted and random
play, the conservation check, and the engine run by the interpreter."""

from __future__ import annotations

import functools
import importlib.util
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import lowball
import lowball.engine.state
from lowball import Deck
from lowball.engine import BETTING, DRAWING, HandState
from lowball.variants import VARIANTS

SOURCE = Path(lowball.engine.state.__file__).with_name("state.py")  # the hand engine's state machine

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


VARIANT_LIST = list(VARIANTS.values())


def check_conserved(state: HandState, total: int) -> None:
    assert sum(state.stacks) + state.pot_total == total
    assert all(s >= 0 for s in state.stacks)
    assert state.deck.check()
    for p in range(state.n):
        assert len(state.hand(p)) == (0 if state.folded[p] else state.variant.hand_size)
    if state.is_complete:
        assert sum(state.winnings) == sum(state.committed)


def random_legal(state: HandState, rng: random.Random) -> None:
    la = state.legal_actions()
    if la.phase == DRAWING:
        hand = state.hand(la.position)
        state.discard(rng.sample(hand, rng.randint(0, la.max_discards)))
        return
    options = []
    if la.fold:
        options.append("f")
    if la.check:
        options.append("x")
    if la.call:
        options.append("c")
    if la.bet or la.raise_:
        options.append("r")
    choice = rng.choice(options)
    if choice == "f":
        state.fold()
    elif choice == "x":
        state.check()
    elif choice == "c":
        state.call()
    else:
        state.bet_or_raise(rng.choice([la.min_to, la.max_to, rng.randint(la.min_to, la.max_to)]))


def illegal_attempts(state: HandState, rng: random.Random) -> list[Any]:
    """Calls that the rules forbid right now."""
    la = state.legal_actions()
    other = (la.position + rng.randint(1, state.n - 1)) % state.n
    out: list[Any] = [lambda: state.check_or_call(other) if la.phase == BETTING else state.stand_pat(other)]
    if la.phase == BETTING:
        out.append(lambda: state.stand_pat())
        if not la.check:
            out.append(lambda: state.check())
        if not la.call:
            out.append(lambda: state.call())
        if not la.fold:
            out.append(lambda: state.fold())
        if la.bet or la.raise_:
            out.append(lambda: state.bet_or_raise(la.min_to - 1))
            out.append(lambda: state.bet_or_raise(la.max_to + 1))
        else:
            out.append(lambda: state.bet_or_raise(max(la.call_amount, 1) * 3))
    else:
        out.append(lambda: state.check())
        foreign = [c for p in range(state.n) if p != la.position for c in state.hand(p)]
        if foreign:
            out.append(lambda: state.discard([foreign[0]]))
        out.append(lambda: state.discard([state.hand(la.position)[0]] * 2))
        out.append(lambda: state.discard("7x"))
    return out


@functools.cache
def interpreted_engine() -> ModuleType:
    """engine/state.py as plain Python, under another module name (it imports lowball's other modules).
    One module per test run, so that pickle finds its classes by name."""
    spec = importlib.util.spec_from_file_location("lowball_engine_interpreted", SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def bench_module(name: str) -> ModuleType:
    """``bench/<name>.py`` imported as the module ``name`` (the server's load test is a bench
    script the tests reuse); the calling test module is skipped where the tests stand without
    the bench directory (an installed test tree)."""
    import pytest

    path = Path(__file__).resolve().parent.parent / "bench" / f"{name}.py"
    if not path.exists():
        pytest.skip(f"bench/{name}.py is not beside the tests (an installed test tree)", allow_module_level=True)
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module

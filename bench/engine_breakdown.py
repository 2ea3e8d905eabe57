"""Where the time of a benchmark hand goes: ``bench_engine.py``'s six-handed fixed-limit hands.

Run: python bench/engine_breakdown.py [--hands N]    (default 2,000 hands)

First plays the benchmark's hands with its policy, as ``bench_engine.py`` times them, and
records every decision. Then replays the recorded decisions with no policy in the loop, timing
each engine call by kind with ``time.perf_counter_ns`` (the cost of an empty timed block is
measured and taken off every call). Prints microseconds per hand for:

- the policy's own work (random numbers, sampling, reading the state): the whole benchmark hand
  minus the replay;
- set-up: ``HandState(...)`` (forced bets, shuffle, deal, first betting round);
- ``legal_actions()``;
- betting actions and draws that do not end the hand;
- the action that ends the hand (the last fold or call, with the showdown and the award);
- freeing the finished hand.

Each figure is the best of three passes; the benchmark's passes and the replay's alternate, so a
busy machine slows both alike. Compare the parts with each other, not across machines; when the
machine was too busy for the subtraction to hold (the replay slower than the whole benchmark),
the script says so and exits with status 1.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from bench_engine import DISCARDS, PLAYERS, STACK, V  # noqa: E402

from lowball.engine import DRAWING, HandState  # noqa: E402

Decision = tuple[str, object]


def policy_hand(seed: int, deck_source: np.random.Generator, record: list[Decision] | None) -> None:
    """bench_engine.lowball_hand, recording the decisions when ``record`` is a list."""
    rng = random.Random(seed)
    s = HandState(V, [STACK] * PLAYERS, seed=deck_source)
    while s.actor is not None:
        if s.phase == DRAWING:
            k = max(0, min(rng.choice(DISCARDS), s.deck.remaining - (3 - s.draw_round)))
            cards = rng.sample(s.hand(s.actor), k)
            if record is not None:
                record.append(("draw", cards))
            s.discard(cards)
            continue
        legal = s.legal_actions()
        if record is not None:
            record.append(("legal", None))
        r = rng.random()
        if (legal.bet or legal.raise_) and r < 0.3:
            if record is not None:
                record.append(("wager", legal.min_to))
            s.bet_or_raise(legal.min_to)
        elif legal.fold and r > 0.85:
            if record is not None:
                record.append(("fold", None))
            s.fold()
        else:
            if record is not None:
                record.append(("cc", None))
            s.check_or_call()


def best_of(passes: int, run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(passes):
        gc.collect()
        t = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - t)
    return best


def main(hands: int) -> int:
    records: list[list[Decision]] = []
    source = np.random.default_rng(0)
    for seed in range(hands):
        records.append([])
        policy_hand(seed, source, records[-1])

    clock = time.perf_counter_ns
    empty = min(-clock() + clock() for _ in range(10_000))  # one empty timed block, ns
    counts = dict.fromkeys(("setup", "legal", "betting", "draw", "last", "free"), 0)
    parts = dict.fromkeys(counts, 0.0)
    whole = best_total = float("inf")
    for rep in range(3):
        whole = min(
            whole, best_of(1, lambda: [policy_hand(seed, np.random.default_rng(0), None) for seed in range(hands)])
        )
        sums = dict.fromkeys(counts, 0)
        source = np.random.default_rng(0)
        gc.collect()
        for decisions in records:
            t0 = clock()
            s = HandState(V, [STACK] * PLAYERS, seed=source)
            sums["setup"] += clock() - t0 - empty
            last = len(decisions) - 1
            for i, (kind, arg) in enumerate(decisions):
                t0 = clock()
                if kind == "legal":
                    s.legal_actions()
                elif kind == "draw":
                    s.discard(arg)  # type: ignore[arg-type]
                elif kind == "wager":
                    s.bet_or_raise(arg)  # type: ignore[arg-type]
                elif kind == "fold":
                    s.fold()
                else:
                    s.check_or_call()
                dt = clock() - t0 - empty
                part = (
                    "legal" if kind == "legal" else "last" if i == last else ("draw" if kind == "draw" else "betting")
                )
                sums[part] += dt
                if rep == 0:
                    counts[part] += 1
            assert s.actor is None
            t0 = clock()
            del s
            sums["free"] += clock() - t0 - empty
        if sum(sums.values()) < best_total:
            best_total = sum(sums.values())
            parts = {k: v / 1000 / hands for k, v in sums.items()}
    engine = sum(parts.values())
    per_hand = whole / hands * 1e6
    module = sys.modules["lowball.engine"].__file__ or "?"
    print(f"{hands} six-handed fixed-limit triple-draw hands ({V.name}), lowball {Path(module).name}")
    print(f"  whole benchmark hand        {per_hand:7.1f} us   ({1e6 / per_hand:,.0f} hands/s)")
    if engine > per_hand:
        print(
            f"  the replay took longer ({engine:.1f} us a hand) than the whole benchmark: the machine "
            "was too busy for a breakdown; run it again"
        )
        return 1
    print(f"  the policy's own work       {per_hand - engine:7.1f} us   ({(per_hand - engine) / per_hand:.0%})")
    print(f"  the engine                  {engine:7.1f} us   ({engine / per_hand:.0%}), of which:")
    names = {
        "setup": "set-up: HandState(...)",
        "legal": "legal_actions()",
        "betting": "bets, calls, checks, folds",
        "draw": "draws",
        "last": "last action + showdown, award",
        "free": "freeing the hand",
    }
    for key, label in names.items():
        calls = counts[key] / hands
        each = (
            f"{parts[key] / calls * 1000:6.0f} ns/call, {calls:4.1f} calls"
            if key not in ("setup", "free", "last")
            else ""
        )
        print(f"    {label:<32}{parts[key]:7.1f} us  {each}")
    return 0


def _hands(text: str) -> int:
    hands = int(text)
    if hands < 1:
        raise argparse.ArgumentTypeError(f"{hands}: expected at least 1 hand")
    return hands


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=_hands, default=2000, help="hands to play and time (default 2000)")
    sys.exit(main(parser.parse_args().hands))

"""Room hand histories: hands a second read from a large PokerStars / Full Tilt file, beside
PHH reading of the same hands, in one run.

Run: python bench/bench_rooms.py [--hands 100000]

The file is built from the real draw-game hands of tests/data/rooms (the ones lowball reads),
repeated in turn with new hand numbers until it holds ``--hands`` hands (100,000 by default),
and read once whole from its text (:func:`lowball.rooms.read_text`: splitting, reading each
hand, replaying it through the engine and checking the room's figures). The same hands' PHH
texts (:meth:`lowball.rooms.RoomHand.to_phh`) are then read and replayed
(``phh.loads(text).play()``), and written back in PokerStars' form
(:func:`lowball.rooms.dumps_pokerstars`). Each figure is hands a second on this machine; the
ratios to PHH reading are what to compare between machines.
"""

from __future__ import annotations

import argparse
import re
import time
from pathlib import Path

from lowball import phh, rooms

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "rooms"


def sample_hands() -> list[str]:
    """The text of each real hand lowball reads, as the room wrote it."""
    out = []
    for path in sorted(DATA.glob("*/*.txt")):
        text, _ = rooms.decode(path.read_bytes())
        for (_, lines), result in zip(rooms.split_hands(text), rooms.read_text(text)):
            if isinstance(result, rooms.RoomHand):
                out.append("\n".join(lines))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    args = parser.parse_args()
    samples = sample_hands()
    pieces = []
    for k in range(args.hands):
        text = samples[k % len(samples)]
        pieces.append(re.sub(r"#\d+:", f"#{9_000_000_000 + k}:", text, count=1))
    big = "\n\n\n".join(pieces) + "\n"
    t0 = time.perf_counter()
    results = rooms.read_text(big)
    t_read = time.perf_counter() - t0
    hands = [h for h in results if isinstance(h, rooms.RoomHand)]
    assert len(hands) == args.hands, f"{args.hands - len(hands)} hands refused"
    texts = [h.to_phh() for h in hands]
    t0 = time.perf_counter()
    for text in texts:
        phh.loads(text).play()
    t_phh = time.perf_counter() - t0
    t0 = time.perf_counter()
    for h in hands:
        rooms.dumps_pokerstars(h.state, players=h.players, seats=h.seats, rake=h.rake)
    t_write = time.perf_counter() - t0
    n = args.hands
    print(f"{n} hands ({len(samples)} real ones repeated), {len(big) / 1e6:.1f} MB of room text")
    print(f"room reading (split, read, replay, check):  {n / t_read:9.0f} hands/s  ({t_read / t_phh:.2f} x PHH)")
    print(f"PHH reading (loads + play):                 {n / t_phh:9.0f} hands/s  (1.00)")
    print(f"PokerStars writing (dumps_pokerstars):      {n / t_write:9.0f} hands/s  ({t_write / t_phh:.2f} x PHH)")


if __name__ == "__main__":
    main()

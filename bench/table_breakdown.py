"""Where the time of a stored table action goes: ``bench_table.py``'s recorded hands replayed at a
``Table`` with a ``SQLiteStore``.

Run: python bench/table_breakdown.py [--synchronous NORMAL|FULL] [--hands N]   (default 200)

Replays the benchmark's recorded decisions (``bench_table.RECORD``: six sensible bots, fixed-limit
triple draw) at a table with a store in a temporary directory, first plainly (the whole time),
then with these calls timed one by one by wrapping them (``time.perf_counter_ns``; the cost of an
empty timed call is measured and taken off every call):

- the engine: ``apply_action`` as the table calls it;
- event conversion: ``Table._engine_events`` (the engine's new events made table events);
- ``Table._snapshot()`` (the table's whole state, the store's copy of it), and inside it the
  hand's state without its event log (``saving.to_dict(hand, events=False)``: the table's own
  events hold it), timed by one extra call on the same hand (its time is kept out of the total);
- JSON: ``lowball.store._record_text`` (msgspec: the snapshot at a checkpoint, the record, each
  event, a finished hand);
- SQLite: the store's transactions (``BEGIN IMMEDIATE``, the inserts, the update of the
  snapshot, ``COMMIT``) less the JSON done inside them;
- PHH at a hand's end: ``lowball.phh.dumps``;
- the rest of the table's own work (checks, seq, clock, records, the deal's plan, the end of a
  hand's accounting), as the remainder.

Prints microseconds per action (every ``deal`` and ``act`` of the replay, over the decisions:
the benchmark's unit), the best of three passes.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import bench_table  # noqa: E402

import lowball.phh  # noqa: E402
import lowball.saving  # noqa: E402
import lowball.store  # noqa: E402
import lowball.table.table  # noqa: E402
from lowball.store import SQLiteStore  # noqa: E402
from lowball.table import Table  # noqa: E402

PARTS = ("engine", "events", "snapshot", "to_dict", "json", "sqlite", "phh")
clock = time.perf_counter_ns


class Timer:
    def __init__(self) -> None:
        self.ns = dict.fromkeys(PARTS, 0)
        self.calls = dict.fromkeys(PARTS, 0)
        self.empty = min(-clock() + clock() for _ in range(10_000))
        self.json_in_transaction = 0  # JSON timed inside a transaction (taken off SQLite's time)
        self.excluded = 0  # the extra to_dict calls: not part of the replay's own time

    def add(self, part: str, ns: int) -> None:
        self.ns[part] += max(0, ns - self.empty)
        self.calls[part] += 1

    def wrap(self, part: str, f: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = clock()
            try:
                return f(*args, **kwargs)
            finally:
                self.add(part, clock() - t0)

        return timed


@contextlib.contextmanager
def instrumented(timer: Timer) -> Iterator[None]:
    """Wrap the calls the table makes, for the duration of the block."""
    saved = (
        lowball.table.table.apply_action,
        Table._engine_events,
        Table._snapshot,
        lowball.store._record_text,
        SQLiteStore.transaction,
        lowball.phh.dumps,
    )
    apply_action, engine_events, snapshot, dumps, transaction, phh_dumps = saved

    def timed_snapshot(self: Table, *args: Any, **kwargs: Any) -> dict[str, Any]:
        t0 = clock()
        snap = snapshot(self, *args, **kwargs)
        timer.add("snapshot", clock() - t0)
        hand = self._hand
        if hand is not None:
            t1 = clock()
            lowball.saving.to_dict(hand, events=False)
            t2 = clock()
            timer.add("to_dict", t2 - t1)
            timer.excluded += t2 - t1
        return snap

    def timed_dumps(value: Any) -> str:
        t0 = clock()
        text = dumps(value)
        dt = clock() - t0
        timer.add("json", dt)
        timer.json_in_transaction += max(0, dt - timer.empty)
        return text

    @contextlib.contextmanager
    def timed_transaction(self: SQLiteStore) -> Iterator[None]:
        if self._depth:  # a nested use joins the outer transaction, timed there
            with transaction(self):
                yield
            return
        before = timer.json_in_transaction
        t0 = clock()
        with transaction(self):
            yield
        timer.add("sqlite", clock() - t0 - (timer.json_in_transaction - before))

    lowball.table.table.apply_action = timer.wrap("engine", apply_action)  # type: ignore[assignment]
    Table._engine_events = timer.wrap("events", engine_events)  # type: ignore[method-assign]
    Table._snapshot = timed_snapshot  # type: ignore[method-assign]
    lowball.store._record_text = timed_dumps
    SQLiteStore.transaction = timed_transaction  # type: ignore[method-assign,assignment]
    lowball.phh.dumps = timer.wrap("phh", phh_dumps)
    try:
        yield
    finally:
        (
            lowball.table.table.apply_action,
            Table._engine_events,
            Table._snapshot,
            lowball.store._record_text,
            SQLiteStore.transaction,
            lowball.phh.dumps,
        ) = saved  # type: ignore[method-assign,assignment]


def one_pass(tmp: Path, synchronous: str, hands: list[bench_table.Recorded], timer: Timer | None) -> int:
    """Replay ``hands`` at a new stored table; returns the nanoseconds it took."""
    path = tmp / f"t{time.monotonic_ns()}.db"
    with SQLiteStore(path, synchronous=synchronous) as store:
        t = bench_table.new_table(store)
        gc.collect()
        with instrumented(timer) if timer is not None else contextlib.nullcontext():
            t0 = clock()
            bench_table.play_table(t, hands)
            elapsed = clock() - t0
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return elapsed - (timer.excluded if timer is not None else 0)


def main(synchronous: str, hands: int) -> int:
    record = bench_table.RECORD if hands == bench_table.HANDS else bench_table.record(hands)
    actions = sum(len(d) for _, _, d in record)
    best_plain = best_timed = float("inf")
    best: Timer | None = None
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        for _ in range(3):
            best_plain = min(best_plain, one_pass(tmp, synchronous, record, None))
            timer = Timer()
            total = one_pass(tmp, synchronous, record, timer)
            if total < best_timed:
                best_timed, best = total, timer
    assert best is not None
    us = 1e-3 / actions  # ns in all -> us an action
    print(
        f"{hands} recorded six-handed fixed-limit triple-draw hands, {actions:,} decisions, "
        f"at a Table with a SQLiteStore (synchronous={synchronous})"
    )
    print(f"  a stored action, untimed replay    {best_plain * us:7.1f} us   ({1 / (best_plain * us) * 1e6:,.0f}/s)")
    print(f"  a stored action, timed call by call {best_timed * us:6.1f} us, of which:")
    labels = {
        "engine": "the engine (apply_action)",
        "events": "event conversion (_engine_events)",
        "snapshot": "snapshot(), with the hand's state",
        "to_dict": "  of which the hand's state",
        "json": "JSON (the store's json.dumps)",
        "sqlite": "SQLite: inserts, update, COMMIT",
        "phh": "PHH at a hand's end (phh.dumps)",
    }
    counted = 0.0
    for part, label in labels.items():
        value = best.ns[part] * us
        if part != "to_dict":
            counted += value
        share = f"{value / (best_timed * us):4.0%}"
        print(f"    {label:<38}{value:7.1f} us  {share}  ({best.calls[part] / actions:.2f} calls an action)")
    rest = best_timed * us - counted
    print(f"    {'the table itself (the remainder)':<38}{rest:7.1f} us  {rest / (best_timed * us):4.0%}")
    return 0


def _hands(text: str) -> int:
    hands = int(text)
    if hands < 1:
        raise argparse.ArgumentTypeError(f"{hands}: expected at least 1 hand")
    return hands


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--synchronous", choices=("NORMAL", "FULL"), default="NORMAL")
    parser.add_argument("--hands", type=_hands, default=bench_table.HANDS, help="hands to replay (default 200)")
    args = parser.parse_args()
    sys.exit(main(args.synchronous, args.hands))

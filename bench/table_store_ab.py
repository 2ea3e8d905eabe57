"""A stored action before and after issue 29's checkpoints, timed in one process with the rounds
interleaved (so that a busy machine slows both alike): ``bench_table.py``'s recorded hands
replayed at a ``Table`` with a ``SQLiteStore`` (WAL, ``synchronous=NORMAL``), and without a store.

Run: python bench/table_store_ab.py [--rounds N]   (default 6)

- before: the way of the store before issue 29, on this code: the table's whole snapshot at every
  change (a store whose ``replays`` is False), every record encoded by the standard library's
  ``json``, SQLite's automatic WAL checkpoint every 1,000 pages (SQLite's default);
- after: the store as it is (snapshots at checkpoints, records encoded by msgspec, the WAL
  checkpointed every ``lowball.store.WAL_CHECKPOINT`` pages);
- no store: the table alone.

Prints the least and the median microseconds an action of each, and after over before.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import bench_table  # noqa: E402

import lowball.store as store_module  # noqa: E402
from lowball.store import SQLiteStore  # noqa: E402

FAST = store_module._fast_text
CHECKPOINT = store_module.WAL_CHECKPOINT


class Before(SQLiteStore):
    replays = False  # the table gives its whole snapshot at every change


def run(kind: str, folder: str, i: int) -> float:
    store = None
    if kind == "before":
        store_module.WAL_CHECKPOINT = 1000
        store_module._fast_text = lambda v: store_module._dumps(v).encode()
        store = Before(Path(folder) / f"before{i}.db")
    elif kind == "after":
        store_module.WAL_CHECKPOINT = CHECKPOINT
        store_module._fast_text = FAST
        store = SQLiteStore(Path(folder) / f"after{i}.db")
    table = bench_table.new_table(store)
    t0 = time.perf_counter()
    bench_table.play_table(table)
    us = (time.perf_counter() - t0) / bench_table.ACTIONS * 1e6
    if store is not None:
        store.close()
    return us


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    rounds = parser.parse_args().rounds
    times: dict[str, list[float]] = {"no store": [], "before": [], "after": []}
    with tempfile.TemporaryDirectory() as folder:
        for i in range(rounds):
            for kind in times:
                times[kind].append(run(kind, folder, i))
    store_module.WAL_CHECKPOINT, store_module._fast_text = CHECKPOINT, FAST
    median = {k: sorted(v)[len(v) // 2] for k, v in times.items()}
    print(f"{bench_table.ACTIONS:,} actions of {bench_table.HANDS} hands, {rounds} rounds each, interleaved")
    for kind, v in times.items():
        print(f"  {kind:9s} least {min(v):7.1f} us an action   median {median[kind]:7.1f} us")
    print(
        f"  after / before: {min(times['after']) / min(times['before']):.2f} (least), "
        f"{median['after'] / median['before']:.2f} (median)"
    )


if __name__ == "__main__":
    main()

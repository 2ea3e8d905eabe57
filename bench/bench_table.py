"""Table speed: actions a second through ``Table.act``, with a SQLite store and without, against
the bare engine playing the same decisions.

Run: pytest bench/bench_table.py --benchmark-json=out.json && python bench/report.py out.json

Six sensible bots (``lowball.bots.SensibleBot``, seeded) play ``HANDS`` hands of fixed-limit
triple draw at a seeded ``Table`` once, when the module loads; every decision is recorded with
the seat that took it, and each hand's starting stacks. The benchmarks then replay exactly those
decisions, with no bot in the loop, on:

- a ``Table`` with a ``SQLiteStore`` (a new file in a temporary directory each round, WAL mode),
  ``synchronous=NORMAL`` and ``FULL``: every ``deal`` and ``act`` is one transaction (its
  record, its events, the table's whole snapshot, and at a hand's end the hand with its PHH);
- a ``Table`` without a store (events, seats, seq, clock, rake, PHH at the hand's end);
- a ``Table`` with a ``PostgresStore`` over loopback (a cluster of the bench's own, started
  for the module, skipped without PostgreSQL), on the first ``PG_HANDS`` hands: with
  PostgreSQL's default ``synchronous_commit = on`` and with ``off``;
- the bare engine: ``HandState`` on the same seeded deck (the table's ``SeedSequence(seed,
  spawn_key=(hand,))``) with the same stacks, and ``apply_action`` for each recorded decision.

Each call replays every hand from the deal to the award, so the deals (a table's ``deal``, the
engine's ``HandState(...)``) are in every figure; the unit is one decision (``act``), and
``extra_info["hands_played"]`` gives the hands. ``report.py`` prints each as a ratio to the
engine (``extra_info["peer"]``), so the cost of the table and of the store is read in the same
run. Two more benchmarks time what a store pays per action and per hand on its own: ``HandState.to_dict``
with ``json.dumps`` after each decision, and ``lowball.phh.dumps`` of each finished hand.
``python bench/table_breakdown.py`` says where a stored action's time goes.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lowball import phh
from lowball.bots import SensibleBot
from lowball.deck import Deck
from lowball.engine import Action, HandState, apply_action
from lowball.store import SQLiteStore
from lowball.table import Table
from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT

HANDS = 200
SEATS = 6
SEED = 13
CHIPS = 20_000  # 5,000 big blinds: nobody goes broke in HANDS hands, so all six play each one
V = TRIPLE_DRAW_FIXED_LIMIT
NOW = 1_000.0  # a fixed clock: every decision in time

Recorded = tuple[int, list[int], list[tuple[int, Action]]]  # hand number, stacks by position, decisions


def new_table(store: SQLiteStore | None = None) -> Table:
    """The table every run plays at: six players seated, seeded deals."""
    t = Table(V, seats=SEATS, seed=SEED, store=store, table_id="bench")
    for k in range(SEATS):
        t.sit(k, f"bot{k + 1}", CHIPS, now=NOW)
    return t


def record(hands: int = HANDS) -> list[Recorded]:
    """Bots play ``hands`` hands at ``new_table()``; returns each hand's decisions."""
    t = new_table()
    bots = [SensibleBot(V, random.Random(k)) for k in range(SEATS)]
    out: list[Recorded] = []
    for _ in range(hands):
        number = t.deal(now=NOW)
        order = t.seats_by_position()
        assert len(order) == SEATS, "every seat is dealt in"
        stacks = list(t.hand_state().starting_stacks)
        decisions: list[tuple[int, Action]] = []
        while t.in_hand:
            seat = t.actor
            assert seat is not None
            view = t.view(seat)
            assert view.hand is not None and view.legal is not None
            action = bots[seat].act(view.hand, view.legal)
            t.act(seat, action, seq=t.seq, now=NOW)
            decisions.append((seat, action))
        out.append((number, stacks, decisions))
    return out


RECORD = record()
ACTIONS = sum(len(d) for _, _, d in RECORD)


def play_table(t: Table, hands: list[Recorded] = RECORD) -> Table:
    """Replay the recorded hands at ``t`` (a ``new_table``)."""
    for _, _, decisions in hands:
        t.deal(now=NOW)
        for seat, action in decisions:
            t.act(seat, action, seq=t.seq, now=NOW)
    return t


def engine_hand(number: int, stacks: list[int]) -> HandState:
    """The engine's hand ``number`` as the table deals it: the same seeded deck and stacks."""
    deck = Deck(seed=np.random.SeedSequence(SEED, spawn_key=(number,)), rule=V.reshuffle, burn=V.burn)
    return HandState(V, stacks, deck=deck)


def play_engine(hands: list[Recorded] = RECORD) -> None:
    """Replay the recorded hands on the bare engine."""
    for number, stacks, decisions in hands:
        h = engine_hand(number, stacks)
        for _, action in decisions:
            apply_action(h, action)


GROUP = f"table: six-handed fixed-limit triple draw, {HANDS} recorded hands ({ACTIONS:,} decisions) replayed"
ENGINE = "test_engine_same_decisions"


def _info(benchmark: Any, against: str | None = ENGINE) -> None:
    benchmark.extra_info.update(units=ACTIONS, unit_name="actions", hands_played=HANDS)
    if against is not None:
        benchmark.extra_info["peer"] = against


def _stored_run(benchmark: Any, synchronous: str, rounds: int) -> None:
    _info(benchmark)
    benchmark.extra_info["synchronous"] = synchronous
    with tempfile.TemporaryDirectory() as tmp:
        made: list[SQLiteStore] = []

        def setup() -> tuple[tuple[Table], dict[str, Any]]:
            for s in made:
                s.close()
            store = SQLiteStore(Path(tmp) / f"round{len(made)}.db", synchronous=synchronous)
            made.append(store)
            return (new_table(store),), {}

        t = benchmark.pedantic(play_table, setup=setup, rounds=rounds, iterations=1)
        # every hand was stored, and the table resumes where it stopped
        assert [h["number"] for h in made[-1].hands("bench")] == list(range(1, HANDS + 1))
        again = Table.resume(made[-1], "bench")
        assert again.snapshot() == t.snapshot()
        for s in made:
            s.close()


@pytest.mark.benchmark(group=GROUP)
def test_table_sqlite_normal(benchmark) -> None:  # type: ignore[no-untyped-def]
    _stored_run(benchmark, "NORMAL", rounds=5)


@pytest.mark.benchmark(group=GROUP)
def test_table_sqlite_full(benchmark) -> None:  # type: ignore[no-untyped-def]
    _stored_run(benchmark, "FULL", rounds=3)


PG_HANDS = 20  # PostgreSQL flushes its WAL to the disk at every commit: the first hands only
PG_RECORD = RECORD[:PG_HANDS]
PG_ACTIONS = sum(len(d) for _, _, d in PG_RECORD)


@pytest.fixture(scope="module")
def postgres() -> Any:
    """A PostgreSQL cluster of the bench's own (tests/pg_cluster.py: 127.0.0.1, a temporary
    folder), with PostgreSQL's default settings; the PostgreSQL benchmarks skip without one."""
    sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
    import pg_cluster

    if pg_cluster.find_binaries() is None:
        pytest.skip("PostgreSQL is not installed (no initdb and pg_ctl)")
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install 'lowball-poker[postgres]')")
    with pg_cluster.cluster() as url:
        yield pg_cluster.new_database(url, "bench")


def _postgres_run(benchmark: Any, url: str, synchronous_commit: str) -> None:
    from lowball.postgres import PostgresStore

    benchmark.extra_info.update(units=PG_ACTIONS, unit_name="actions", hands_played=PG_HANDS, peer=ENGINE)
    benchmark.extra_info["synchronous_commit"] = synchronous_commit
    made: list[PostgresStore] = []

    def setup() -> tuple[tuple[Table, list[Recorded]], dict[str, Any]]:
        for s in made:
            s.close()
        store = PostgresStore(url, schema=f"{synchronous_commit}{len(made)}")  # a new store each round
        store._con.execute(f"SET synchronous_commit = {synchronous_commit}")
        made.append(store)
        return (new_table(store), PG_RECORD), {}

    t = benchmark.pedantic(play_table, setup=setup, rounds=2, iterations=1)
    assert [h["number"] for h in made[-1].hands("bench")] == list(range(1, PG_HANDS + 1))
    made[-1].release("bench")
    again = PostgresStore(url, schema=made[-1].schema, wait=10)
    assert Table.resume(again, "bench").snapshot() == t.snapshot()
    for s in [*made, again]:
        s.close()


@pytest.mark.benchmark(group=GROUP)
def test_table_postgres(benchmark, postgres) -> None:  # type: ignore[no-untyped-def]
    """A PostgreSQL store over loopback, PostgreSQL's defaults: each commit waits for its WAL on
    the disk (``synchronous_commit = on``), as SQLite's FULL."""
    _postgres_run(benchmark, postgres, "on")


@pytest.mark.benchmark(group=GROUP)
def test_table_postgres_async_commit(benchmark, postgres) -> None:  # type: ignore[no-untyped-def]
    """The same with ``synchronous_commit = off`` (the session's setting): a commit returns before
    its WAL is on the disk, as SQLite's NORMAL (a crash of the server, not of the table's process,
    may lose the last changes)."""
    _postgres_run(benchmark, postgres, "off")


@pytest.mark.benchmark(group=GROUP)
def test_table_no_store(benchmark) -> None:  # type: ignore[no-untyped-def]
    _info(benchmark)
    t = benchmark.pedantic(play_table, setup=lambda: ((new_table(),), {}), rounds=10, iterations=1)
    assert t.hand_number == HANDS and t.chips_at_table() == SEATS * CHIPS


@pytest.mark.benchmark(group=GROUP)
def test_engine_same_decisions(benchmark) -> None:  # type: ignore[no-untyped-def]
    _info(benchmark, against=None)
    benchmark(play_engine)
    # the same hands as the table's: each ends with the stacks the table's hand ended with
    t = new_table()
    for number, stacks, decisions in RECORD:
        t.deal(now=NOW)
        order = t.seats_by_position()
        h = engine_hand(number, stacks)
        for seat, action in decisions:
            assert order[h.actor] == seat
            apply_action(h, action)
            t.act(seat, action, seq=t.seq, now=NOW)
        assert [t.seats[k].chips for k in order] == list(h.stacks)  # type: ignore[union-attr]


@pytest.mark.benchmark(group=GROUP)
def test_engine_to_dict_json_every_decision(benchmark) -> None:  # type: ignore[no-untyped-def]
    """The engine replay with ``json.dumps(hand.to_dict())`` after each decision: the hand's
    part of what a store writes per action."""
    _info(benchmark)

    def run() -> int:
        size = 0
        for number, stacks, decisions in RECORD:
            h = engine_hand(number, stacks)
            for _, action in decisions:
                apply_action(h, action)
                size += len(json.dumps(h.to_dict(), separators=(",", ":")))
        return size

    assert benchmark(run) > ACTIONS * 100


def _finished_hands() -> list[HandState]:
    out = []
    for number, stacks, decisions in RECORD:
        h = engine_hand(number, stacks)
        for _, action in decisions:
            apply_action(h, action)
        assert h.is_complete
        out.append(h)
    return out


@pytest.mark.benchmark(group=f"table: a finished hand's PHH, {HANDS} hands")
def test_phh_dumps_per_hand(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info.update(hands=HANDS)
    finished = _finished_hands()
    texts = benchmark(lambda: [phh.dumps(h, table="bench", hand=i + 1) for i, h in enumerate(finished)])
    assert len(texts) == HANDS and all("actions = [" in t for t in texts)


@pytest.mark.benchmark(group=f"table: replaying a finished hand's PHH, {HANDS} hands")
def test_phh_replay_per_hand(benchmark) -> None:  # type: ignore[no-untyped-def]
    """Reading the histories back (``phh.loads(text).play()``): what ``Table.last_hand`` does
    after a resume and ``lowball replay`` for each hand."""
    benchmark.extra_info.update(hands=HANDS)
    finished = _finished_hands()
    texts = [phh.dumps(h, table="bench", hand=i + 1) for i, h in enumerate(finished)]
    states = benchmark(lambda: [phh.loads(t).play() for t in texts])
    assert [s.stacks for s in states] == [h.stacks for h in finished]

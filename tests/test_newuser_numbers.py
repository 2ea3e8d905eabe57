"""Numbers coming in (issue 11, item 3) at the entry points added since 7a0917d: the odds, the
table's seconds and rake, the store, the shards of the parallel runs and the server's options.

Any integer type is a number; a bool, a float where a count is meant, text and None are refused;
a huge number gets the entry point's LowballError naming it, never a bare OverflowError,
TypeError or MemoryError.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lowball import InvalidSeedError, InvalidValueError
from lowball.errors import StoreError, TableError
from lowball.odds import MAX_TRIALS, equity
from lowball.parallel import shard_seeds
from lowball.server.game import GameServer, ServerError
from lowball.store import SQLiteStore
from lowball.table import PercentRake, Table
from lowball.variants import TRIPLE_DRAW_FIXED_LIMIT

HUGE = 2**2000  # past the largest float: float(HUGE) raises OverflowError
HUGE_FRACTION = Fraction(10**400, 3)
SECONDS = "expected a finite number of seconds >= 0"


# -- Table: seconds ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["action_seconds", "time_bank", "next_hand_delay"])
@pytest.mark.parametrize("value", [HUGE, HUGE_FRACTION, math.inf, math.nan, True, "6"], ids=repr)
def test_a_table_time_past_any_float_is_a_table_error(name: str, value: Any) -> None:
    """A time limit of 2**2000 seconds or a Fraction past the floats was an OverflowError."""
    with pytest.raises(TableError) as e:
        Table(TRIPLE_DRAW_FIXED_LIMIT, **{name: value})
    assert str(e.value) == f"{name} = {value!r}: {SECONDS}"


def test_a_time_is_any_real_number_type() -> None:
    """Seconds are measured, not counted: floats, ints of any type and Fractions are taken."""
    for value in (6.5, np.float64(6.5), np.int64(6), np.uint16(6), Fraction(13, 2), 2**70):
        t = Table(TRIPLE_DRAW_FIXED_LIMIT, action_seconds=value, time_bank=0, clock=lambda: 0.0)
        t.sit(0, "ann", 100)
        t.sit(1, "bob", 100)
        t.deal(now=0.0)
        assert t.deadline == float(value)


@pytest.mark.parametrize("now", [HUGE, HUGE_FRACTION], ids=["2**2000", "Fraction"])
def test_a_clock_reading_past_any_float_is_refused_and_nothing_changes(now: Any) -> None:
    t = Table(TRIPLE_DRAW_FIXED_LIMIT, seats=3, seed=1, clock=lambda: 0.0)
    t.sit(0, "ann", 100)
    before = t.snapshot()
    with pytest.raises(TableError) as e:
        t.sit(1, "bob", 100, now=now)
    assert str(e.value) == f"now = {now!r}: expected a finite number of seconds"
    assert t.snapshot() == before
    clocked = Table(TRIPLE_DRAW_FIXED_LIMIT, seats=3, clock=lambda: HUGE)
    with pytest.raises(TableError) as e:
        clocked.sit(0, "ann", 100)
    assert str(e.value) == f"now = {HUGE!r}: expected a finite number of seconds"
    assert clocked.seats == (None, None, None)


# -- PercentRake ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [int, np.int8, np.int64, np.uint8, np.uint64])
def test_a_rake_percent_of_any_integer_type(kind: type) -> None:
    """np.int64(5) was refused ("expected a whole number ...") though 5 was taken."""
    r = PercentRake(kind(5), cap=3)
    assert r.percent == Fraction(5) and type(r.percent) is Fraction
    assert r.rake(40, reached_draw=True, players=2) == 2


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (np.int64(101), "PercentRake.percent = np.int64(101): expected a whole number 0..100"),
        (2**70, f"PercentRake.percent = {2**70}: expected a whole number 0..100"),
        (-1, "PercentRake.percent = -1: expected a whole number 0..100"),
        (True, "PercentRake.percent = True: expected a whole number, a decimal string or a Fraction"),
        (np.bool_(True), "PercentRake.percent = np.True_: expected a whole number, a decimal string or a Fraction"),
        (5.0, "PercentRake.percent = 5.0: expected a whole number, a decimal string or a Fraction"),
        (None, "PercentRake.percent = None: expected a whole number, a decimal string or a Fraction"),
        ("101", "PercentRake.percent = '101': expected 0..100"),
    ],
    ids=repr,
)
def test_a_bad_rake_percent(value: Any, message: str) -> None:
    with pytest.raises(TableError) as e:
        PercentRake(value)
    assert str(e.value) == message


# -- equity: trials ------------------------------------------------------------------------------

HANDS = ["7s5d4c3h2s", "8h6c4d3s2d"]


@pytest.mark.parametrize("trials", [MAX_TRIALS + 1, 2**64, 2**70], ids=repr)
def test_trials_past_the_kernels_counter_are_refused(trials: int) -> None:
    """2**64 trials ran (forever) in process and built a list of 2**48 blocks on workers."""
    assert MAX_TRIALS == 2**63 - 1
    for workers in (None, 2):
        with pytest.raises(InvalidValueError) as e:
            equity(HANDS, draws=2, trials=trials, seed=1, workers=workers)
        assert str(e.value) == f"trials = {trials}: expected a whole number 1..{MAX_TRIALS}"


@pytest.mark.parametrize("kind", [np.int64, np.uint32, np.uint64])
def test_trials_threads_draws_and_seed_of_any_integer_type(kind: type) -> None:
    got = equity(HANDS, draws=kind(2), trials=kind(2000), seed=kind(3), threads=kind(1))
    want = equity(HANDS, draws=2, trials=2000, seed=3, threads=1)
    assert got == want and got.trials == 2000


# -- the store -----------------------------------------------------------------------------------


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    s = SQLiteStore(str(tmp_path / "saved.db"))
    t = Table(TRIPLE_DRAW_FIXED_LIMIT, seats=3, seed=1, store=s, table_id="t1", clock=lambda: 0.0)
    t.sit(0, "ann", 100)
    t.sit(1, "bob", 100)
    return s


@pytest.mark.parametrize("method", ["events", "hands"])
@pytest.mark.parametrize("since", [2**63, 2**70, -1, True, np.bool_(False), 1.0, "1", None], ids=repr)
def test_a_stores_since_is_a_whole_number(store: SQLiteStore, method: str, since: Any) -> None:
    """2**63 was SQLite's OverflowError; True, 1.0, "1" and None were taken as numbers."""
    with pytest.raises(StoreError) as e:
        getattr(store, method)("t1", since)
    assert str(e.value) == f"since = {since!r}: expected a whole number 0..{2**63 - 1}"


def test_a_stores_since_of_any_integer_type(store: SQLiteStore) -> None:
    numbers = [e["number"] for e in store.events("t1", 0)]
    assert numbers == [1, 2]
    for kind in (np.int64, np.uint64, np.uint8):
        assert [e["number"] for e in store.events("t1", kind(1))] == [2]
    assert store.events("t1", 2**63 - 1) == [] and store.hands("t1", 2**63 - 1) == []


@pytest.mark.parametrize("method", ["events", "hands", "load"])
@pytest.mark.parametrize("table_id", [2**70, 5, True, None, ""], ids=repr)
def test_a_stores_table_id_is_a_name(store: SQLiteStore, method: str, table_id: Any) -> None:
    """load(2**70) was SQLite's OverflowError; load(5), events(True) answered as if no such table."""
    with pytest.raises(StoreError) as e:
        getattr(store, method)(table_id)
    assert str(e.value) == f"table_id = {table_id!r}: expected a name of 1 to 64 printable characters"


# -- parallel: shard seeds -----------------------------------------------------------------------

SEED_TEXT = "expected None (operating-system entropy), a whole number >= 0"


@pytest.mark.parametrize("seed", [-1, True, np.bool_(True), 6.0, "6", np.int8(-3)], ids=repr)
def test_shard_seeds_checks_its_seed(seed: Any) -> None:
    """numpy's own TypeError or ValueError came out (and True was taken as seed 1)."""
    with pytest.raises(InvalidSeedError) as e:
        shard_seeds(seed, 2)
    assert str(e.value) == f"seed = {seed!r}: {SEED_TEXT}"


@pytest.mark.parametrize("count", [-1, 2**32, 2**70, True, 2.0, "2", None], ids=repr)
def test_shard_seeds_checks_its_count(count: Any) -> None:
    """-1 and 2**70 were OverflowErrors, 2.0 a TypeError, True one shard."""
    with pytest.raises(InvalidValueError) as e:
        shard_seeds(1, count)
    assert str(e.value) == f"count (of shards) = {count!r}: expected a whole number 0..{2**32 - 1}"


def test_shard_seeds_of_any_integer_type() -> None:
    want = shard_seeds(7, 3)
    assert len(want) == 3 and all(type(s) is int and 0 <= s < 2**63 for s in want)
    for kind in (np.int64, np.uint8, np.uint64):
        assert shard_seeds(kind(7), kind(3)) == want
    assert shard_seeds(None, np.int64(2)) == [None, None]


# -- the server's options --------------------------------------------------------------------------


def test_the_servers_options_of_any_number_type(tmp_path: Path) -> None:
    """tables=np.int64(2) and bot_delay=np.int64(1) were refused as not numbers."""
    g = GameServer(str(tmp_path / "g.db"), tables=np.int64(2), bot_delay=np.int64(1), seats=np.int64(3), bots=None)
    assert sorted(g.rooms) == ["t1", "t2"] and g.bot_delay == 1.0
    assert g.rooms["t1"].table.n_seats == 3


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("tables", 2**70, f"tables = {2**70}: expected 1 to 100, or a list of table ids"),
        ("tables", True, "tables = True: expected 1 to 100, or a list of table ids"),
        ("tables", 2.0, "tables = 2.0: expected 1 to 100, or a list of table ids"),
        ("bot_delay", math.nan, "bot_delay = nan: expected seconds, 0 to 3600"),
        ("bot_delay", np.bool_(True), "bot_delay = np.True_: expected seconds, 0 to 3600"),
        ("next_hand_delay", HUGE, f"next_hand_delay = {HUGE!r}: expected seconds, 0 to 3600"),
        ("token_hours", HUGE, f"token_hours = {HUGE!r}: expected hours above 0"),
        ("token_hours", math.inf, "token_hours = inf: expected hours above 0"),
    ],
    ids=lambda v: repr(v)[:20],
)
def test_a_bad_server_option(tmp_path: Path, option: str, value: Any, message: str) -> None:
    with pytest.raises(ServerError) as e:
        GameServer(str(tmp_path / "g.db"), **{option: value})
    assert str(e.value) == message


# -- class numbers with ranking= ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranking", "title", "most"), [("2-7", "", 7462), ("a-5", "A-5 lowball ", 6175), ("badugi", "badugi ", 1092)]
)
def test_class_numbers_of_every_ranking_one_check(ranking: str, title: str, most: int) -> None:
    """A plain int out of range said "hand class 7463 is out of range: expected 1..7462", a numpy
    one "hand class = np.int64(7463): expected a whole number ..." (without the ranking), True
    "True is not a list of cards": now one message from whole_number for every integer type."""
    import lowball

    classes = lowball.evaluate_batch([[12, 0, 5, 10, 15][: 4 if ranking == "badugi" else 5]], ranking=ranking)
    assert classes.dtype == np.uint16
    assert lowball.describe(classes[0], ranking) == lowball.describe(int(classes[0]), ranking)
    for kind in (np.int8, np.uint16, np.int64, np.uint64):
        assert lowball.category(kind(1), ranking) == lowball.category(1, ranking)
    for bad in (0, most + 1, -1, 2**70, np.int64(most + 1), np.uint16(0), True, np.bool_(True)):
        for call in (lowball.describe, lowball.category):
            with pytest.raises(InvalidValueError) as e:
                call(bad, ranking)
            assert str(e.value) == f"{title}hand class = {bad!r}: expected a whole number 1..{most}"


# -- the rest of equity's and simulate's numbers: already right, now pinned ---------------------------------


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("threads", 0, "threads = 0: expected a whole number 1..256"),
        ("threads", 2**70, f"threads = {2**70}: expected a whole number 1..256"),
        ("threads", True, "threads = True: expected a whole number 1..256"),
        ("budget", -1, "budget = -1: expected a whole number 0 or more"),
        ("budget", 1e9, "budget = 1000000000.0: expected a whole number 0 or more"),
        ("draws", 4, "draws = 4: expected a whole number 1..3"),
        ("draws", np.bool_(True), "draws = np.True_: expected a whole number 1..3"),
        ("workers", 2**70, f"workers = {2**70}: expected a whole number 1..1024"),
        ("workers", 2.0, "workers = 2.0: expected a whole number 1..1024"),
        ("trials", 0, f"trials = 0: expected a whole number 1..{MAX_TRIALS}"),
        ("trials", "1000", f"trials = '1000': expected a whole number 1..{MAX_TRIALS}"),
    ],
    ids=lambda v: repr(v)[:20],
)
def test_a_bad_equity_number(option: str, value: Any, message: str) -> None:
    with pytest.raises(InvalidValueError) as e:
        equity(HANDS, **{"draws": 2, "seed": 1, option: value})
    assert str(e.value) == message


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("stack", True, "stack = True: expected a whole number 1 or more"),
        ("stack", 6.0, "stack = 6.0: expected a whole number 1 or more"),
        ("shard_hands", 0, "shard_hands = 0: expected a whole number 1 or more"),
        ("workers", 2**70, f"workers = {2**70}: expected a whole number 1..1024"),
        ("workers", True, "workers = True: expected a whole number 1..1024"),
    ],
    ids=lambda v: repr(v)[:20],
)
def test_a_bad_simulate_number(option: str, value: Any, message: str) -> None:
    from lowball.simulate import simulate

    with pytest.raises(InvalidValueError) as e:
        simulate(TRIPLE_DRAW_FIXED_LIMIT, ["calling", "calling"], 2, seed=1, **{option: value})
    assert str(e.value) == message


def test_simulate_takes_every_number_of_any_integer_type() -> None:
    from lowball.simulate import simulate

    args = {"seed": 1, "stack": 50, "shard_hands": 2, "workers": 1}
    want = simulate(TRIPLE_DRAW_FIXED_LIMIT, ["random", "calling"], 3, **args)  # type: ignore[arg-type]
    got = simulate(
        TRIPLE_DRAW_FIXED_LIMIT, ["random", "calling"], np.int64(3), **{k: np.uint16(v) for k, v in args.items()}
    )
    assert got.seats == want.seats and got.hands == 3


# -- the bots' random source ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rng",
    [5, np.int64(5), 2**70, True, "5", np.random.default_rng(5)],
    ids=lambda v: (
        "Generator" if isinstance(v, np.random.Generator) else repr(v)
    ),  # no address: ids the same in every process
)
def test_a_bots_rng_is_a_random_source_not_a_seed(rng: Any) -> None:
    """RandomBot(rng=5) was taken, and failed with an AttributeError at its first random choice."""
    from lowball.bots import RandomBot, SensibleBot
    from lowball.errors import InvalidTypeError

    for make in (lambda: RandomBot(TRIPLE_DRAW_FIXED_LIMIT, rng), lambda: SensibleBot(TRIPLE_DRAW_FIXED_LIMIT, rng)):
        with pytest.raises(InvalidTypeError) as e:
            make()
        assert str(e.value) == f"rng = {rng!r}: expected a random.Random (random.Random(seed) for a seed) or None"


@pytest.mark.parametrize("port", [0, 65536, 2**70, True, 8000.0, "8000", None], ids=repr)
def test_serve_checks_its_port_before_anything_starts(port: Any) -> None:
    """serve(port=2**70) reached uvicorn (an OverflowError from the socket), port=True bound port 1."""
    from lowball.server import serve

    with pytest.raises(ServerError) as e:
        serve(port=port)
    assert str(e.value) == f"port = {port!r}: expected a whole number 1..65535" and e.value.code == "bad_option"


# -- integers too long to write as text ------------------------------------------------------------------

LONG = 10**5000  # 5001 digits: past Python's 4300-digit limit for writing an int as text
LONG_SHOWN = "(an integer of about 5001 digits)"
LONG_LIMIT = "of at most 4300 digits (Python's limit for writing it as text)"


def test_an_integer_too_long_to_write_is_the_projects_error_everywhere(tmp_path: Path) -> None:
    """10**5000 chips were taken by the table, then its store failed with a bare ValueError
    ("Exceeds the limit (4300 digits) for integer string conversion"); seats=10**5000 failed with
    that ValueError while the TableError's message was being written; a HandState took such a
    stack and raise_to such a wager failed the same way."""
    from lowball import HandState
    from lowball.errors import IllegalActionError, whole_number
    from lowball.variants import SINGLE_DRAW_NO_LIMIT, VariantError

    store = SQLiteStore(str(tmp_path / "saved.db"))
    t = Table(TRIPLE_DRAW_FIXED_LIMIT, seats=3, seed=1, store=store, table_id="t1", clock=lambda: 0.0)
    before = t.snapshot()
    with pytest.raises(TableError) as e:
        t.sit(0, "ann", LONG)
    assert str(e.value) == f"seat 0: chips = {LONG_SHOWN}: expected a whole number 1 or more {LONG_LIMIT}"
    assert t.snapshot() == before and store.events("t1") == []
    with pytest.raises(TableError) as e:
        Table(TRIPLE_DRAW_FIXED_LIMIT, seats=-LONG)
    assert str(e.value) == f"seats = -{LONG_SHOWN}: expected a whole number 2..6"
    with pytest.raises(VariantError) as e:
        HandState(TRIPLE_DRAW_FIXED_LIMIT, [LONG, 100], seed=1)
    assert str(e.value) == f"stack of position 0 (p1) = {LONG_SHOWN}: expected a whole number 1 or more {LONG_LIMIT}"
    h = HandState(SINGLE_DRAW_NO_LIMIT, [10**4000, 10**4000], seed=1)
    with pytest.raises(IllegalActionError) as e:
        h.raise_to(LONG)
    assert str(e.value) == f"wager = {LONG_SHOWN}: expected a whole number 0 or more {LONG_LIMIT}"
    assert h.raise_to(10**4000).amount == 10**4000  # 4001 digits: a number like any other
    assert whole_number(10**4299, "n") == 10**4299
    with pytest.raises(InvalidValueError) as e:
        whole_number(10**4300, "n")
    assert str(e.value) == f"n = (an integer of about 4301 digits): expected a whole number 0 or more {LONG_LIMIT}"


def test_seconds_and_server_options_too_long_to_write(tmp_path: Path) -> None:
    """Their messages were written with repr(): a ValueError instead of the error meant."""
    for name in ("action_seconds", "time_bank", "next_hand_delay"):
        with pytest.raises(TableError) as e:
            Table(TRIPLE_DRAW_FIXED_LIMIT, **{name: -LONG})
        assert str(e.value) == f"{name} = -{LONG_SHOWN}: {SECONDS}"
    for option, message in (
        ("tables", f"tables = {LONG_SHOWN}: expected 1 to 100, or a list of table ids"),
        ("bot_delay", f"bot_delay = {LONG_SHOWN}: expected seconds, 0 to 3600"),
        ("token_hours", f"token_hours = {LONG_SHOWN}: expected hours above 0"),
        ("seat_release_seconds", f"seat_release_seconds = {LONG_SHOWN}: expected seconds 0 < s <= 86400, or None"),
        ("max_spectators", f"max_spectators = {LONG_SHOWN}: expected a whole number 0..100000"),
        ("sockets_per_token", f"sockets_per_token = {LONG_SHOWN}: expected a whole number 1..1000"),
    ):
        with pytest.raises(ServerError) as e:
            GameServer(str(tmp_path / "g.db"), **{option: LONG})
        assert str(e.value) == message


def test_a_room_refuses_a_seat_too_long_to_write(tmp_path: Path) -> None:
    g = GameServer(str(tmp_path / "g.db"), tables=1, seats=3, bots=None)
    with pytest.raises(ServerError) as e:
        g.rooms["t1"].join("dan", LONG, 0.0)
    assert str(e.value) == (
        f"seat = {LONG_SHOWN}: expected a seat number 0..2 of table t1 (the JSON counts seats from 0: seat 1 is 0)"
    )
    assert g.rooms["t1"].humans == {}


# -- values Python cannot write as text (the review of the second pass) ---------------------------


def test_a_seed_too_long_to_write_is_an_invalid_seed() -> None:
    from lowball.deck import check_seed
    from lowball.errors import InvalidSeedError
    from lowball.parallel import shard_seeds

    expected = "seed = (an integer of about 5001 digits): expected None (operating-system entropy), a whole number >= 0"
    for call in (lambda: check_seed(10**5000), lambda: shard_seeds(10**5000, 2)):
        with pytest.raises(InvalidSeedError) as e:
            call()
        assert str(e.value).startswith(expected)


def test_a_fraction_or_list_too_long_to_write_is_named_by_its_type() -> None:
    from fractions import Fraction

    from lowball.errors import InvalidValueError, whole_number

    for value, shown in (
        (Fraction(10**5000, 3), "(a Fraction too long to write as text)"),
        ([10**5000], "(a list too long to write as text)"),
    ):
        with pytest.raises(InvalidValueError) as e:
            whole_number(value, "x")
        assert str(e.value) == f"x = {shown}: expected a whole number 0 or more"


def test_the_length_limit_is_pythons_current_one() -> None:
    import sys

    from lowball.errors import InvalidValueError, whole_number

    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(1000)
    try:
        assert whole_number(10**998, "n") == 10**998  # 999 digits
        with pytest.raises(InvalidValueError) as e:
            whole_number(10**2000, "n")
        assert str(e.value) == (
            "n = (an integer of about 2001 digits): expected a whole number 0 or more of at most 1000 digits "
            "(Python's limit for writing it as text)"
        )
    finally:
        sys.set_int_max_str_digits(old)


def test_chips_that_add_up_past_the_limit_are_refused() -> None:
    """Each stack below the limit, but together more than Python writes: a pot or a winner's
    stack could not be written (a store, a hand history), so the second is refused."""
    from lowball import VARIANTS, BuyIn, HandState, Table, VariantError
    from lowball.errors import TableError

    near = 10**4299  # 4300 digits
    t = Table(VARIANTS["N2L1D"], seats=3, seed=1, buy_in=BuyIn(1, None))
    t.sit(0, "ann", 9 * near, now=0.0)
    before = t.snapshot()
    with pytest.raises(TableError) as e:
        t.sit(1, "bob", 9 * near, now=0.0)
    assert str(e.value) == (
        f"seat 1: {9 * near} chips more would bring the chips bought in to "
        "(an integer of about 4301 digits), more than Python writes as text (4300 digits)"
    )
    with pytest.raises(TableError) as e:
        t.add_chips(0, 2 * near)
    assert str(e.value).startswith(f"seat 0: {2 * near} chips more would bring the chips bought in to (an integer")
    assert t.snapshot() == before
    with pytest.raises(VariantError) as e:
        HandState(VARIANTS["N2L1D"], [9 * near, 9 * near], seed=1)
    assert str(e.value) == (
        "the stacks together = (an integer of about 4301 digits): expected a whole number 1 or more of at most "
        "4300 digits (Python's limit for writing it as text)"
    )


def test_a_table_action_or_store_id_too_long_to_write() -> None:
    from lowball import VARIANTS, IllegalActionError, Table
    from lowball.errors import StoreError
    from lowball.store import SQLiteStore

    t = Table(VARIANTS["N2L1D"], seats=2, seed=1)
    t.sit(0, "ann", 100, now=0.0)
    t.sit(1, "bob", 100, now=0.0)
    t.deal(now=0.0)
    before = t.snapshot()
    with pytest.raises(IllegalActionError) as e:
        t.act(t.actor, {"kind": "raise", "amount": 10**5000, "to": 1}, seq=t.seq, now=0.0)
    assert str(e.value) == (
        f"seat {t.actor}: action (a dict too long to write as text): unknown key 'to': "
        "expected kind, and amount or cards"
    )
    with pytest.raises(IllegalActionError) as e:
        t.act(t.actor, {"kind": "raise", "amount": 10**5000}, seq=t.seq, now=0.0)
    assert str(e.value) == (
        f"seat {t.actor}: wager = (an integer of about 5001 digits): expected a whole number 0 or more of at most "
        "4300 digits (Python's limit for writing it as text)"
    )
    with pytest.raises(IllegalActionError) as e:
        t.act(t.actor, {"kind": "fold", 1: 2}, seq=t.seq, now=0.0)
    assert str(e.value).endswith(": unknown key 1: expected kind, and amount or cards")
    assert t.snapshot() == before
    with SQLiteStore(":memory:") as store, pytest.raises(StoreError) as e:
        store.load(10**5000)
    assert str(e.value) == (
        "table_id = (an integer of about 5001 digits): expected a name of 1 to 64 printable characters"
    )


def test_an_empty_strategy_setting_is_named_as_such() -> None:
    from lowball.errors import InvalidValueError
    from lowball.odds import Strategy

    with pytest.raises(InvalidValueError) as e:
        Strategy.parse("pat=9, draw=7,")
    assert str(e.value) == (
        "strategy 'pat=9, draw=7,': an empty setting between commas: expected pat=, draw=, one=, break= or best= "
        "(e.g. 'pat=8/8/J,draw=7'), or 'snow'"
    )

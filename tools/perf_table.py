#!/usr/bin/env python3
"""Write the speed table of ``docs/performance.md`` from one pytest-benchmark JSON file.

Every row of the table is a lowball benchmark and, most rows, a peer measured in the same run,
with their ratio; :data:`ROWS` says which benchmark each row shows (by its full pytest name) and
how. The figures of one table come from one file, that is from one run::

    pip install '.[bench]'
    pytest bench -o python_files='bench_*.py' -p no:randomly -p no:xdist --benchmark-json=out.json
    python tools/perf_table.py out.json                               # print the table
    python tools/perf_table.py out.json --write docs/performance.md   # replace it in the page

Figures are derived as ``bench/report.py`` derives them: a call's work is the ``hands`` or
``units`` of its ``extra_info`` (default 1), named by ``unit_name`` (default "hands"), and every
figure uses the least wall time of a call (the ``min`` statistic). A rate row shows units a
second, a time row the milliseconds of one call; the ratio is lowball's rate over the peer's
(per unit), or for a time row the peer's time over lowball's (per call). A row whose benchmark is
not in the file is an error naming it: run the whole suite in full (not ``LOWBALL_BENCH_SHORT``;
``--write`` refuses a file whose ``machine_info["bench_mode"]`` is "short", CI's run, which
the tool only prints).

``--write`` replaces what lies between the lines :data:`BEGIN` and :data:`END` of the page
(the paragraph of the run's facts, the command and the table) and leaves the rest as it is.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

BEGIN = "<!-- speed-table:begin: written by tools/perf_table.py from one bench run; do not edit by hand -->"
END = "<!-- speed-table:end -->"
BUSY = 1.5  # a load average above this: other work besides the run itself (as bench/report.py)
PACKAGES = ("numpy", "pokerkit", "poker-equity")  # the versions the paragraph names (bench/conftest.py records them)

EVAL = "bench/bench_eval.py::"
RANKINGS = "bench/bench_rankings.py::"
DECK = "bench/bench_deck.py::"
ENGINE = "bench/bench_engine.py::"
SIMULATE = "bench/bench_simulate.py::"
PARALLEL = "bench/bench_parallel.py::"
TABLE = "bench/bench_table.py::"
RL = "bench/bench_rl.py::"
ODDS = "bench/bench_odds.py::"


class PerfTableError(Exception):
    """A benchmark file that cannot give the table (a row's benchmark missing, a fact absent)."""


@dataclass(frozen=True)
class Row:
    """One row of the speed table.

    Attributes
    ----------
    work
        The first cell, what is measured; ``{ms}`` in it becomes the lowball call's milliseconds.
    lowball
        The full pytest name of lowball's benchmark (``bench/bench_x.py::test_y[id]``).
    peer
        The full name of the peer's benchmark in the same run, or None (no peer, or ``peer_text``
        alone, a peer that gives no figure).
    peer_text
        The peer cell's words; its figure follows after ``": "`` when ``peer`` is a benchmark.
    show
        ``"rate"``: units a second; ``"ms"``: milliseconds a call.
    unit
        The unit's name in the lowball cell; None: the benchmark's ``unit_name``; ``""``: calls
        a second with no name (the deck's deals).
    """

    work: str
    lowball: str
    peer: str | None = None
    peer_text: str = ""
    show: str = "rate"
    unit: str | None = None


SAME = "the same"
SECURE_LIST = "pokerkit's cards in a list, `SystemRandom().shuffle`"
SECURE_TD = f"{SAME}, secure `Deck()`"
ROWS: tuple[Row, ...] = (
    Row(
        "one hand from a tuple of ints, `evaluate`",
        EVAL + "test_lowball_evaluate_ints",
        EVAL + "test_pokerkit_standard_low_hand_text",
        "pokerkit `StandardLowHand` from text",
    ),
    Row(
        "one hand from text, `evaluate`",
        EVAL + "test_lowball_evaluate_text",
        EVAL + "test_pokerkit_standard_low_hand_text",
        "pokerkit `StandardLowHand`",
    ),
    Row(
        "1,000,000 random hands, `evaluate_batch` (checked)",
        EVAL + "test_lowball_batch_checked",
        EVAL + "test_numpy_same_tables",
        "the same tables in plain numpy",
    ),
    Row(
        "1,000,000 random hands, `evaluate_batch(check=False)`",
        EVAL + "test_lowball_batch_unchecked",
        EVAL + "test_numpy_same_tables",
        "plain numpy",
    ),
    Row(
        "all 2,598,960 hands, `evaluate_all`",
        EVAL + "test_lowball_evaluate_all",
        EVAL + "test_numpy_all_hands",
        "plain numpy over the same hands",
        show="ms",
    ),
    Row(
        "all 2,598,960 hands, `evaluate_batch`",
        EVAL + "test_lowball_batch_all_hands",
        EVAL + "test_numpy_all_hands",
        "plain numpy",
        show="ms",
    ),
    Row(
        'one A-5 hand from text, `evaluate(h, ranking="a-5")`',
        RANKINGS + "test_evaluate_a5_text",
        RANKINGS + "test_pokerkit_regular_low_hand_text",
        "pokerkit `RegularLowHand` from text",
    ),
    Row(
        'one badugi hand from text, `evaluate(h, ranking="badugi")`',
        RANKINGS + "test_evaluate_badugi_text",
        RANKINGS + "test_pokerkit_badugi_hand_text",
        "pokerkit `BadugiHand.from_game` from text",
    ),
    Row(
        "one A-5 hand from ints, `evaluate(h, Ranking.ACE_TO_FIVE)`",
        RANKINGS + "test_evaluate_a5_ints",
        RANKINGS + "test_evaluate_27_ints",
        "the same call for 2-7",
    ),
    Row(
        "one badugi hand from ints, `evaluate(h, Ranking.BADUGI)`",
        RANKINGS + "test_evaluate_badugi_ints",
        RANKINGS + "test_evaluate_27_ints",
        "the same call for 2-7",
    ),
    Row(
        "1,000,000 random A-5 hands, `evaluate_batch` (checked)",
        RANKINGS + "test_batch_a5",
        RANKINGS + "test_batch_27",
        "2-7, the same hands",
    ),
    Row(
        "1,000,000 random badugi hands, `evaluate_batch` (checked)",
        RANKINGS + "test_batch_badugi",
        RANKINGS + "test_batch_27",
        "2-7, five-card hands",
    ),
    Row(
        "every A-5 hand (2,598,960), `evaluate_all`",
        RANKINGS + "test_all_a5",
        RANKINGS + "test_all_27",
        "2-7",
        show="ms",
    ),
    Row(
        "every badugi hand (270,725 in {ms}), `evaluate_all`",
        RANKINGS + "test_all_badugi",
        RANKINGS + "test_all_27",
        "2-7, every hand",
    ),
    Row(
        "shuffle and deal six five-card hands, secure `Deck()` (the default)",
        DECK + "test_shuffle_deal_lowball_os_entropy",
        DECK + "test_shuffle_deal_pokerkit_list_secure",
        f"{SECURE_LIST}, slices",
        unit="",
    ),
    Row(
        SECURE_TD,
        DECK + "test_shuffle_deal_lowball_os_entropy",
        DECK + "test_shuffle_deal_pokerkit_list",
        "pokerkit's cards in a list, `random.shuffle` (not secure), slices",
        unit="",
    ),
    Row(
        f"{SAME}, seeded `Deck(seed=1)`",
        DECK + "test_shuffle_deal_lowball_seeded",
        DECK + "test_shuffle_deal_pokerkit_list",
        "pokerkit's cards in a list, `random.shuffle`, slices",
        unit="",
    ),
    Row(
        SECURE_TD,
        DECK + "test_shuffle_deal_lowball_os_entropy",
        DECK + "test_shuffle_deal_pokerkit_state",
        "pokerkit's own dealing code (`State`)",
        unit="",
    ),
    Row(
        "a six-handed triple-draw card sequence with reshuffles, secure `Deck()`",
        DECK + "test_triple_draw_lowball_os_entropy",
        DECK + "test_triple_draw_pokerkit_list_secure",
        SECURE_LIST,
        unit="",
    ),
    Row(
        SECURE_TD,
        DECK + "test_triple_draw_lowball_os_entropy",
        DECK + "test_triple_draw_pokerkit_list",
        "pokerkit's cards in a list, `random.shuffle` (not secure)",
        unit="",
    ),
    Row(
        f"{SAME}, seeded `Deck(seed=1)`",
        DECK + "test_triple_draw_lowball_seeded",
        DECK + "test_triple_draw_pokerkit_list",
        "pokerkit's cards in a list, `random.shuffle`",
        unit="",
    ),
    Row(
        SECURE_TD,
        DECK + "test_triple_draw_lowball_os_entropy",
        DECK + "test_triple_draw_pokerkit_state",
        "pokerkit's own dealing code (`State`)",
        unit="",
    ),
    Row(
        "whole six-handed fixed-limit triple-draw hands, random legal actions, `HandState`",
        ENGINE + "test_lowball_engine_hands",
        ENGINE + "test_pokerkit_engine_hands",
        "pokerkit `State`, same decisions",
    ),
    Row(
        "the same engine, passive play, a `view()` of the player to act at every decision",
        SIMULATE + "test_engine_with_views",
        SIMULATE + "test_engine_raw",
        "without the views",
    ),
    Row("`lowball simulate`, six solid bots (its default field) at a `Table`", SIMULATE + "test_simulate_cli"),
    Row(
        "`simulate`, six solid bots at a `Table` (issue 33)",
        SIMULATE + "test_simulate_library[solid]",
        SIMULATE + "test_simulate_library[sensible]",
        "six sensible bots, the same run",
    ),
    Row(
        "`simulate`, three sensible bots, 2,000 hands in sessions of 250, on 2 worker processes"
        " (a pool started before)",
        PARALLEL + "test_simulate_two_workers",
        PARALLEL + "test_simulate_in_process",
        "the same seed in one process",
    ),
    Row(
        "the same, 64 one-hand sessions on a Dask `LocalCluster` of 2 worker processes",
        PARALLEL + "test_shards_on_dask",
        PARALLEL + "test_shards_in_process",
        "the same 64 sessions in one process",
    ),
    Row(
        'a table action, `Table.act` with a `SQLiteStore` (WAL, `synchronous="NORMAL"`), six-handed'
        " triple draw, recorded bot decisions",
        TABLE + "test_table_sqlite_normal",
        TABLE + "test_engine_same_decisions",
        "the bare engine (`HandState`, `apply_action`), the same decisions",
    ),
    Row(
        'the same, `synchronous="FULL"` (a disk flush per action)',
        TABLE + "test_table_sqlite_full",
        TABLE + "test_engine_same_decisions",
        "the bare engine",
    ),
    Row(
        "the same, `Table.act` without a store",
        TABLE + "test_table_no_store",
        TABLE + "test_engine_same_decisions",
        "the bare engine",
    ),
    Row(
        "the bare engine with `json.dumps(hand.to_dict())` after every action",
        TABLE + "test_engine_to_dict_json_every_decision",
        TABLE + "test_engine_same_decisions",
        "the bare engine",
    ),
    Row("`lowball.phh.dumps` of a finished six-handed hand", TABLE + "test_phh_dumps_per_hand"),
    Row(
        "`lowball.rl.VectorEnv`, 4,096 six-handed fixed-limit 2-7 triple-draw hands stepped together,"
        " random legal actions chosen by numpy, no observations (the `rl` rows: see below)",
        RL + "test_vector_env[F2L3D-no observations]",
        RL + "test_handstate",
        "`HandState`, one call a decision, the same game",
    ),
    Row(
        "the same, with observations",
        RL + "test_vector_env[F2L3D-observations]",
        RL + "test_open_spiel_universal_poker",
        "OpenSpiel `universal_poker`, heads-up limit hold'em",
    ),
    Row(
        "the same, 4,096 heads-up no-limit 2-7 single-draw hands, no observations",
        RL + "test_vector_env[N2L1D-no observations]",
        RL + "test_rlcard_limit_holdem",
        "rlcard limit hold'em",
    ),
    Row(
        "the same, with observations",
        RL + "test_vector_env[N2L1D-observations]",
        RL + "test_rlcard_limit_holdem",
        "rlcard limit hold'em",
    ),
    Row(
        "the same, 4,096 six-handed badugi hands, no observations",
        RL + "test_vector_env[FB-no observations]",
        RL + "test_pettingzoo_texas_holdem",
        "PettingZoo `texas_holdem_v4`",
    ),
    Row(
        "the same, with observations",
        RL + "test_vector_env[FB-observations]",
        RL + "test_pettingzoo_texas_holdem",
        "PettingZoo `texas_holdem_v4`",
    ),
    Row(
        "PettingZoo `lowball_v0` (`lowball.rl.pettingzoo`), six-handed 2-7 triple draw",
        RL + "test_pettingzoo_lowball",
        RL + "test_pettingzoo_texas_holdem",
        "PettingZoo `texas_holdem_v4`",
    ),
    Row(
        "`CHand` (HandState's actions on the C core, one call a decision)",
        RL + "test_chand",
        RL + "test_handstate",
        "`HandState`",
    ),
    Row(
        "whole six-handed fixed-limit 2-7 triple-draw hands in C, random legal actions",
        RL + "test_whole_hands_in_c[random legal]",
        RL + "test_whole_hands_in_c[odds.Strategy draws, calls]",
        "the same hands, drawing by `odds.Strategy()` and calling",
    ),
    Row(
        "single-draw equity, heads-up, both drawing two, sampled on one thread: `equity(exact=False)`",
        ODDS + "test_lowball_single_draw_sampled",
        ODDS + "test_poker_equity_single_draw_sampled",
        "poker-equity `chunk_from_text`, the same hands and draws",
    ),
    Row(
        "single-draw equity, heads-up, 2 against 3 drawn, exact (8,506,680 deals): `equity`",
        ODDS + "test_lowball_single_draw_exact",
        ODDS + "test_poker_equity_single_draw_exact",
        "poker-equity `exact_from_text`",
        show="ms",
    ),
    Row(
        "the same, 5 against 5 drawn, exact (3.7 x 10^11 deals)",
        ODDS + "test_lowball_single_draw_exact_five_vs_five",
        None,
        "poker-equity: no answer (too many deals)",
        show="ms",
    ),
    Row(
        "`discard_table`: all 32 discards against an unknown opponent, exact",
        ODDS + "test_lowball_discard_table",
        show="ms",
    ),
    Row(
        "`discard_table` against a known hand drawing one, exact, all 32 rows",
        ODDS + "test_lowball_discard_table_vs_drawing",
        ODDS + "test_poker_equity_exact_per_discard",
        "poker-equity `exact_from_text` on the 26 discards it answers",
        show="ms",
    ),
    Row(
        "the same 26 discards, one `equity` call each",
        ODDS + "test_lowball_equity_per_discard",
        ODDS + "test_poker_equity_exact_per_discard",
        "poker-equity on the same 26",
        show="ms",
    ),
    Row(
        "triple draw heads-up, default strategies, one thread: `equity(draws=3)`",
        ODDS + "test_lowball_triple_draw_one_thread",
    ),
    Row(
        "the same, 4,000,000 trials on two threads",
        ODDS + "test_lowball_triple_draw_long_two_threads",
        ODDS + "test_lowball_triple_draw_long_one_thread",
        "one thread",
    ),
)


def _work(b: dict[str, Any]) -> tuple[int, str]:
    """The units of one call and their name, as ``bench/report.py`` reads them."""
    info = b["extra_info"]
    return info.get("hands") or info.get("units") or 1, info.get("unit_name", "hands")


def number(x: float) -> str:
    """``x`` with three significant figures, ``k`` from 10,000 and ``M`` from a million
    (``21.0 M``, ``634 k``, ``6,255``, ``0.305``)."""
    if x >= 1e6:
        return f"{_three(x / 1e6)} M"
    if x >= 1e4:
        return f"{_three(x / 1e3)} k"
    return _three(x)


def _three(x: float) -> str:
    """Three significant figures, every digit of the integer part kept (``1,359``, ``13.7``)."""
    rounded = float(f"{x:.3g}")
    if rounded >= 100:
        return f"{x:,.0f}"
    return f"{rounded:.{2 - _magnitude(rounded)}f}"


def _magnitude(x: float) -> int:
    """The power of ten of ``x``'s leading digit (0 for 1 .. 9.99, -1 for 0.1 .. 0.999)."""
    m = 0
    while x >= 10:
        x, m = x / 10, m + 1
    while 0 < x < 1:
        x, m = x * 10, m - 1
    return m


def ms(seconds: float) -> str:
    """Milliseconds with three significant figures (``2.82 ms``, ``1,238 ms``)."""
    return f"{_three(seconds * 1000)} ms"


def ratio(x: float) -> str:
    """A ratio: three significant figures, the whole number from 100 up, without a thousands
    separator (``13.7x``, ``4059x``)."""
    return f"{x:.0f}x" if float(f"{x:.3g}") >= 100 else f"{_three(x)}x"


def _rate(b: dict[str, Any]) -> float:
    n, _ = _work(b)
    return float(n / b["stats"]["min"])


def _figure(b: dict[str, Any], show: str) -> str:
    """A peer's figure: its rate without the unit's name, or its time a call."""
    return ms(b["stats"]["min"]) if show == "ms" else f"{number(_rate(b))}/s"


def cells(row: Row, by_name: dict[str, dict[str, Any]]) -> tuple[str, str, str, str]:
    """The four cells of ``row`` (work, lowball, peer, ratio) from the benchmarks by full name.

    Raises
    ------
    PerfTableError
        When the row's benchmark or its peer is not among them.
    """
    for name in (row.lowball, row.peer):
        if name is not None and name not in by_name:
            raise PerfTableError(
                f"benchmark {name} (row {row.work!r}) is not in the file: run the whole suite, in full"
            )
    b = by_name[row.lowball]
    work = row.work.format(ms=ms(b["stats"]["min"]))
    if row.show == "ms":
        mine = ms(b["stats"]["min"])
    else:
        unit = _work(b)[1] if row.unit is None else row.unit
        figure = number(_rate(b))
        mine = f"{figure} hands/s" if unit == "hands" else f"{unit}: {figure}/s" if unit else f"{figure}/s"
    if row.peer is None:
        return work, mine, row.peer_text, ""
    p = by_name[row.peer]
    if row.show == "ms":
        times = p["stats"]["min"] / b["stats"]["min"]
    else:
        times = _rate(b) / _rate(p)
    return work, mine, f"{row.peer_text}: {_figure(p, row.show)}", ratio(times)


def table(data: dict[str, Any]) -> list[str]:
    """The table's lines (header, rule, one line per row of :data:`ROWS`)."""
    by_name = {b["fullname"]: b for b in data["benchmarks"]}
    lines = ["| work | lowball | peer in the same run | ratio |", "|---|---|---|---|"]
    for row in ROWS:
        lines.append("| " + " | ".join(cells(row, by_name)) + " |")
    return lines


def facts(data: dict[str, Any]) -> str:
    """The paragraph before the table: the run's size, machine, versions, commit and date.

    Raises
    ------
    PerfTableError
        When the file does not name a package's version (a run before ``bench/conftest.py``
        recorded them).
    """
    machine = data["machine_info"]
    versions = machine.get("packages", {})
    missing = [p for p in PACKAGES if p not in versions]
    if missing:
        raise PerfTableError(f"the file names no version of {', '.join(missing)}: run the bench with bench/conftest.py")
    benchmarks = data["benchmarks"]
    seconds = sum(b["stats"]["total"] for b in benchmarks)
    cpu = machine.get("cpu", {})
    brand = cpu.get("brand_raw") or machine.get("processor") or "?"
    count = cpu.get("count")
    cores = f"{count}-core " if count else ""
    names = ", ".join(f"{p} {versions[p]}" for p in PACKAGES)
    commit = data.get("commit_info", {})
    at = ""
    if commit.get("id"):
        at = f" at commit `{commit['id'][:10]}`" + (" with local changes" if commit.get("dirty") else "")
    day = datetime.fromisoformat(data["datetime"]).date().isoformat()
    loads = [b["extra_info"]["load"] for b in benchmarks if "load" in b["extra_info"]]
    busy = ""
    if loads and max(loads) > BUSY:
        busy = (
            f" The load average ran from {min(loads):.2f} to {max(loads):.2f} (above {BUSY}: other work"
            " shared the cores, so the wall times are pessimistic)."
        )
    return textwrap.fill(
        f"All figures from one run of the whole suite ({len(benchmarks)} benchmarks, {seconds:,.0f} s timed)"
        f" on this project's {cores}machine ({brand}, Python {machine['python_version']}, {names}){at} on {day},"
        f" best round of each.{busy} The table is written from the run's JSON by `tools/perf_table.py`"
        " (its `ROWS` say which benchmark each row shows), with",
        width=96,
        break_on_hyphens=False,  # "poker-equity" stays one word
    )


COMMAND = (
    "```bash\n"
    "pip install '.[bench]'\n"
    "pytest bench -o python_files='bench_*.py' -p no:randomly -p no:xdist --benchmark-json=out.json\n"
    "python bench/report.py out.json\n"
    "python tools/perf_table.py out.json --write docs/performance.md\n"
    "```"
)
AFTER = (
    "Every figure is a ratio against a peer measured in the same run; CI runs the suite once in a\n"
    "short mode on every landing and prints the same report."
)


def section(data: dict[str, Any]) -> str:
    """What goes between :data:`BEGIN` and :data:`END`: the facts, the command, the table."""
    return "\n\n".join([facts(data), COMMAND, AFTER, "\n".join(table(data))])


def replace(page: str, body: str) -> str:
    """``page`` with what lies between its :data:`BEGIN` and :data:`END` lines replaced by ``body``.

    Raises
    ------
    PerfTableError
        When the page does not have each marker once, the beginning first.
    """
    lines = page.split("\n")
    if lines.count(BEGIN) != 1 or lines.count(END) != 1 or lines.index(BEGIN) > lines.index(END):
        raise PerfTableError(f"the page needs the line {BEGIN!r} once, then {END!r} once")
    start, end = lines.index(BEGIN), lines.index(END)
    return "\n".join([*lines[: start + 1], "", body, "", *lines[end:]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("json", type=Path, help="a pytest-benchmark JSON file (--benchmark-json) of one full run")
    parser.add_argument("--write", type=Path, metavar="PAGE", help="replace the table between the markers of PAGE")
    args = parser.parse_args(argv)
    data = json.loads(args.json.read_text(encoding="utf-8"))
    try:
        body = section(data)
        if args.write is None:
            print(body)
        elif data["machine_info"].get("bench_mode") == "short":
            raise PerfTableError(
                "the file is of a short run (LOWBALL_BENCH_SHORT=1): the page's table needs a full one"
            )
        else:
            args.write.write_text(replace(args.write.read_text(encoding="utf-8"), body), encoding="utf-8")
    except PerfTableError as e:
        print(f"perf_table: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

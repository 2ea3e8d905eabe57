"""tools/perf_table.py: docs/performance.md's speed table is written from one bench run's JSON."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("perf_table", ROOT / "tools" / "perf_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["perf_table"] = module  # dataclasses look the module up by name
    spec.loader.exec_module(module)
    return module


pt = _load()


def bench(fullname: str, seconds: float, **extra: Any) -> dict[str, Any]:
    """One benchmark as pytest-benchmark writes it, with the least time of a call ``seconds``."""
    return {
        "name": fullname.split("::")[1],
        "fullname": fullname,
        "group": None,
        "stats": {"min": seconds, "max": seconds * 2, "total": seconds * 10},
        "extra_info": extra,
    }


EVAL, RANKINGS, DECK = "bench/bench_eval.py::", "bench/bench_rankings.py::", "bench/bench_deck.py::"
SIMULATE, TABLE, ODDS = "bench/bench_simulate.py::", "bench/bench_table.py::", "bench/bench_odds.py::"
FIXTURE = [
    bench(EVAL + "test_lowball_evaluate_ints", 0.0005, hands=10_000),
    bench(EVAL + "test_pokerkit_standard_low_hand_text", 0.125, hands=10_000),
    bench(EVAL + "test_lowball_evaluate_all", 0.0028, hands=2_598_960),
    bench(EVAL + "test_numpy_all_hands", 0.104, hands=2_598_960),
    bench(RANKINGS + "test_evaluate_badugi_text", 0.0004, hands=10_000),
    bench(RANKINGS + "test_pokerkit_badugi_hand_text", 1.0, hands=10_000),
    bench(RANKINGS + "test_all_badugi", 0.0002, hands=270_725, peer="test_all_27"),
    bench(RANKINGS + "test_all_27", 0.0028, hands=2_598_960),
    bench(DECK + "test_shuffle_deal_lowball_os_entropy", 2e-6),
    bench(DECK + "test_shuffle_deal_pokerkit_list_secure", 5e-5),
    bench(SIMULATE + "test_simulate_cli", 1.25, hands=1_000),
    bench(TABLE + "test_table_sqlite_normal", 2.0, units=7_626, unit_name="actions", peer="test_engine_same_decisions"),
    bench(TABLE + "test_engine_same_decisions", 0.0125, units=7_626, unit_name="actions"),
    bench(ODDS + "test_lowball_single_draw_exact_five_vs_five", 0.263, units=1, unit_name="spots", load=2.5),
    bench(ODDS + "test_lowball_triple_draw_one_thread", 0.5, units=1_500_000, unit_name="trials", load=1.25),
]
# each row's work, then the cells the tool writes for it from FIXTURE (worked out by hand)
EXPECTED = {
    "one hand from a tuple of ints, `evaluate`": (
        "20.0 M hands/s",  # 10,000 hands in 0.5 ms
        "pokerkit `StandardLowHand` from text: 80.0 k/s",  # 10,000 in 125 ms
        "250x",
    ),
    "all 2,598,960 hands, `evaluate_all`": ("2.80 ms", "plain numpy over the same hands: 104 ms", "37.1x"),  # 104 / 2.8
    'one badugi hand from text, `evaluate(h, ranking="badugi")`': (
        "25.0 M hands/s",
        "pokerkit `BadugiHand.from_game` from text: 10.0 k/s",
        "2500x",  # no thousands separator in a ratio
    ),
    "every badugi hand (270,725 in {ms}), `evaluate_all`": (
        "1,354 M hands/s",  # 270,725 in 0.2 ms
        "2-7, every hand: 928 M/s",  # 2,598,960 in 2.8 ms
        "1.46x",
    ),
    "shuffle and deal six five-card hands, secure `Deck()` (the default)": (
        "500 k/s",  # one deal a call, no unit's name
        "pokerkit's cards in a list, `SystemRandom().shuffle`, slices: 20.0 k/s",
        "25.0x",
    ),
    "`lowball simulate`, six solid bots (its default field) at a `Table`": ("800 hands/s", "", ""),
    'a table action, `Table.act` with a `SQLiteStore` (WAL, `synchronous="NORMAL"`), six-handed triple draw,'
    " recorded bot decisions": (
        "actions: 3,813/s",
        "the bare engine (`HandState`, `apply_action`), the same decisions: 610 k/s",
        "0.00625x",  # 3,813 / 610,080
    ),
    "the same, 5 against 5 drawn, exact (3.7 x 10^11 deals)": (
        "263 ms",
        "poker-equity: no answer (too many deals)",
        "",
    ),
    "triple draw heads-up, default strategies, one thread: `equity(draws=3)`": ("trials: 3.00 M/s", "", ""),
}
MACHINE = {
    "cpu": {"brand_raw": "AMD EPYC 7B13", "count": 2},
    "python_version": "3.11.7",
    "packages": {"lowball-poker": "0.1.0", "numpy": "2.4.6", "pokerkit": "0.7.7", "poker-equity": "0.1.1"},
}
COMMIT = {"id": "16af906c0ffee1234567890abcdef0123456789a", "dirty": False}


def data(benchmarks: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "machine_info": MACHINE,
        "commit_info": COMMIT,
        "datetime": "2026-12-02T03:30:00.123456+00:00",
        "benchmarks": benchmarks,
    }


def _row(work: str) -> Any:
    (row,) = [r for r in pt.ROWS if r.work == work]
    return row


def test_the_tool_writes_each_row_from_the_json() -> None:
    by_name = {b["fullname"]: b for b in FIXTURE}
    got = {work: pt.cells(_row(work), by_name) for work in EXPECTED}
    assert got == {
        **{work: (work, *cells) for work, cells in EXPECTED.items()},
        "every badugi hand (270,725 in {ms}), `evaluate_all`": (
            "every badugi hand (270,725 in 0.200 ms), `evaluate_all`",
            *EXPECTED["every badugi hand (270,725 in {ms}), `evaluate_all`"],
        ),
    }


def test_a_row_whose_benchmark_is_missing_is_an_error_naming_it() -> None:
    by_name = {b["fullname"]: b for b in FIXTURE if not b["fullname"].endswith("test_pokerkit_standard_low_hand_text")}
    with pytest.raises(pt.PerfTableError) as e:
        pt.cells(_row("one hand from a tuple of ints, `evaluate`"), by_name)
    assert str(e.value) == (
        "benchmark bench/bench_eval.py::test_pokerkit_standard_low_hand_text (row 'one hand from a tuple of ints,"
        " `evaluate`') is not in the file: run the whole suite, in full"
    )
    with pytest.raises(pt.PerfTableError, match=r"^benchmark bench/bench_eval.py::test_lowball_evaluate_text \(row"):
        pt.table(data(FIXTURE))  # the first row of ROWS whose benchmark the file lacks


def test_the_paragraph_gives_the_runs_facts() -> None:
    text = pt.facts(data(FIXTURE))
    assert max(len(line) for line in text.split("\n")) <= 96  # wrapped as the page is
    assert " ".join(text.split()) == (
        "All figures from one run of the whole suite (15 benchmarks, 53 s timed) on this project's 2-core"
        " machine (AMD EPYC 7B13, Python 3.11.7, numpy 2.4.6, pokerkit 0.7.7, poker-equity 0.1.1) at commit"
        " `16af906c0f` on 2026-12-02, best round of each. The load average ran from 1.25 to 2.50 (above 1.5:"
        " other work shared the cores, so the wall times are pessimistic). The table is written from the"
        " run's JSON by `tools/perf_table.py` (its `ROWS` say which benchmark each row shows), with"
    )
    quiet = [b for b in FIXTURE if "load" not in b["extra_info"]]
    dirty = " ".join(pt.facts({**data(quiet), "commit_info": {**COMMIT, "dirty": True}}).split())
    assert dirty == (
        "All figures from one run of the whole suite (13 benchmarks, 45 s timed) on this project's 2-core"
        " machine (AMD EPYC 7B13, Python 3.11.7, numpy 2.4.6, pokerkit 0.7.7, poker-equity 0.1.1) at commit"
        " `16af906c0f` with local changes on 2026-12-02, best round of each. The table is written from the"
        " run's JSON by `tools/perf_table.py` (its `ROWS` say which benchmark each row shows), with"
    )


def test_a_run_without_the_versions_is_an_error_naming_them() -> None:
    old = {**data(FIXTURE), "machine_info": {**MACHINE, "packages": {"numpy": "2.4.6"}}}
    with pytest.raises(pt.PerfTableError) as e:
        pt.facts(old)
    assert str(e.value) == "the file names no version of pokerkit, poker-equity: run the bench with bench/conftest.py"


def every_row() -> list[dict[str, Any]]:
    """A benchmark for every name ROWS uses, each 1,000 hands in 1 ms."""
    names = sorted({name for row in pt.ROWS for name in (row.lowball, row.peer) if name})
    return [bench(name, 0.001, hands=1_000) for name in names]


def test_write_replaces_only_what_lies_between_the_markers(tmp_path: Path) -> None:
    page = tmp_path / "performance.md"
    before, after = "# Performance\n\n## Speed\n\nbefore\n", "\nafter: the notes\n"
    page.write_text(f"{before}{pt.BEGIN}\nan old table\n{pt.END}\n{after}", encoding="utf-8")
    run = tmp_path / "out.json"
    run.write_text(json.dumps(data(every_row())), encoding="utf-8")
    assert pt.main([str(run), "--write", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.startswith(f"{before}{pt.BEGIN}\n\nAll figures from one run of the whole suite (")
    last = "| the same, 4,000,000 trials on two threads | 1.00 M hands/s | one thread: 1.00 M/s | 1.00x |"
    assert text.endswith(f"{last}\n\n{pt.END}\n{after}")
    rows = [line for line in text.split("\n") if line.startswith("| ") and not line.startswith("| work ")]
    assert len(rows) == len(pt.ROWS)
    assert (
        rows[0] == "| one hand from a tuple of ints, `evaluate` | 1.00 M hands/s"
        " | pokerkit `StandardLowHand` from text: 1.00 M/s | 1.00x |"
    )


def test_write_needs_each_marker_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "performance.md"
    page.write_text(f"# Performance\n{pt.BEGIN}\nthe table\n", encoding="utf-8")
    run = tmp_path / "out.json"
    run.write_text(json.dumps(data(every_row())), encoding="utf-8")
    assert pt.main([str(run), "--write", str(page)]) == 1
    assert page.read_text(encoding="utf-8") == f"# Performance\n{pt.BEGIN}\nthe table\n"
    assert capsys.readouterr().err == f"perf_table: the page needs the line {pt.BEGIN!r} once, then {pt.END!r} once\n"


def test_the_pages_table_is_between_the_markers_row_for_row() -> None:
    lines = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8").split("\n")
    assert lines.count(pt.BEGIN) == 1 and lines.count(pt.END) == 1
    start, end = lines.index(pt.BEGIN), lines.index(pt.END)
    tables = [i for i, line in enumerate(lines) if line.startswith("| work | lowball |")]
    assert len(tables) == 1 and start < tables[0] < end
    rows = [line for line in lines[tables[0] + 2 : end] if line]
    assert len(rows) == len(pt.ROWS)
    for line, row in zip(rows, pt.ROWS):
        pattern = re.escape(row.work).replace(re.escape("{ms}"), r"[0-9.,]+ ms")
        assert re.fullmatch(rf"\| {pattern} \|[^|]+\|[^|]*\|[^|]*\|", line), (line, row.work)


def test_every_benchmark_the_rows_name_is_in_bench() -> None:
    # collected as the bench run collects them (ini options cleared: pytest-benchmark, which
    # registers the benchmark mark, is the [bench] extra's, not the tests')
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "bench", "-o", "python_files=bench_*.py"]
        + ["-o", "addopts=", "-o", "filterwarnings=", "-p", "no:randomly", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    collected = {line for line in out.stdout.split("\n") if "::" in line}
    named = {name for row in pt.ROWS for name in (row.lowball, row.peer) if name}
    assert named and named - collected == set()


def test_write_refuses_a_short_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "performance.md"
    page.write_text(f"{pt.BEGIN}\nthe table\n{pt.END}\n", encoding="utf-8")
    run = tmp_path / "out.json"
    short = data(every_row())
    short["machine_info"] = {**MACHINE, "bench_mode": "short"}
    run.write_text(json.dumps(short), encoding="utf-8")
    assert pt.main([str(run), "--write", str(page)]) == 1
    assert page.read_text(encoding="utf-8") == f"{pt.BEGIN}\nthe table\n{pt.END}\n"
    assert capsys.readouterr().err == (
        "perf_table: the file is of a short run (LOWBALL_BENCH_SHORT=1): the page's table needs a full one\n"
    )
    assert pt.main([str(run)]) == 0  # printed, as CI does with its short run
    assert capsys.readouterr().out.split("\n")[-2].startswith("| the same, 4,000,000 trials on two threads |")

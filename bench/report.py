"""Print hands per second and ratios to the in-run peers from a pytest-benchmark JSON file.

Usage: python bench/report.py bench-results/benchmarks.json

Each benchmark's ``extra_info`` gives the work of one call: ``hands`` or ``units`` (default 1),
named by ``unit_name`` (default "hands"). Every rate uses the least wall time of a call (the
``min`` statistic): the run least disturbed by other work. Optional keys (``bench_odds.py``):

``cpu``
    The least process CPU time of a call, in seconds (every thread of the process). The report
    then prints the milliseconds of a call, wall and CPU.
``threads``
    The threads a call runs on (default 1): for a ratio between thread counts the report prints
    how many cores the run kept busy (CPU time over wall time) instead of a ratio of CPU times.
``load``
    The machine's one-minute load average when the benchmark started. The run itself adds about
    one (it has just been running); above BUSY the machine was doing other work too, and the wall
    times (a two-thread speed-up above all) say little: compare the CPU times.
``peer``
    The name of a benchmark in the same run whose work is the same (``bench_table.py``: the
    bare engine replaying the table's decisions): the report prints this one's rate over the
    peer's, and the time a unit costs over the peer's, in a section of its own.
``bytes_per_hand``
    The memory one hand in flight takes (``bench_rl.py``), printed after its rate.
``target``
    What the issue asks of this benchmark, printed with the measured figure in a last section:
    ``{"kind": "ratio", "against": NAME, "at_least": X}``: this benchmark's rate over the rate
    of the benchmark called NAME in the same run (its peer) at least X;
    ``{"kind": "ms", "at_most": X}``: a call in at most X ms (no ``at_most``: the time only);
    ``{"kind": "rate", "at_least": X}``: at least X units a second.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from typing import Any

BUSY = 1.5  # a load average above this: other work besides the run itself


def _units(b: dict[str, Any]) -> tuple[int, str]:
    info = b["extra_info"]
    return info.get("hands") or info.get("units") or 1, info.get("unit_name", "hands")


def _verdict(ok: bool | None) -> str:
    return "" if ok is None else ("  met" if ok else "  MISSED")


def targets(benchmarks: list[dict[str, Any]]) -> list[str]:
    """One line per benchmark with a ``target``: the measured figure against what is asked."""
    by_name = {b["name"]: b for b in benchmarks}
    lines = []
    for b in benchmarks:
        target = b["extra_info"].get("target")
        if not target:
            continue
        n, label = _units(b)
        wall, cpu = b["stats"]["min"], b["extra_info"].get("cpu")
        kind = target["kind"]
        if kind == "ratio":
            peer = by_name.get(target["against"])
            if peer is None:
                lines.append(f"  {b['name']}: its peer {target['against']} was not run")
                continue
            pn, _ = _units(peer)
            ratio = (n / wall) / (pn / peer["stats"]["min"])
            text = f"{ratio:.1f}x {peer['name']} (target >= {target['at_least']}x)"
            if b["extra_info"].get("threads", 1) > 1 and cpu is not None:
                # CPU time sums the threads: what tells is how many cores the run kept busy
                text += f"; it kept {cpu / wall:.2f} cores busy"
            elif cpu is not None and peer["extra_info"].get("cpu") is not None:
                text += f"; on CPU time {(n / cpu) / (pn / peer['extra_info']['cpu']):.1f}x"
            lines.append(f"  {b['name']}: {text}{_verdict(ratio >= target['at_least'])}")
        elif kind == "ms":
            ms = wall * 1000 / n
            limit = target.get("at_most")
            text = f"{ms:,.2f} ms a {label[:-1] if label.endswith('s') else label}"
            text += "" if limit is None else f" (target < {limit} ms)"
            lines.append(f"  {b['name']}: {text}{_verdict(None if limit is None else ms < limit)}")
        elif kind == "rate":
            rate = n / wall
            text = f"{rate:,.0f} {label}/s (target >= {target['at_least']:,})"
            if cpu is not None:
                text += f"; {n / cpu:,.0f} {label} per CPU second"
            lines.append(f"  {b['name']}: {text}{_verdict(rate >= target['at_least'])}")
    return lines


def peers(benchmarks: list[dict[str, Any]]) -> list[str]:
    """One line per benchmark with a ``peer``: its rate over the peer's, and the microseconds a
    unit costs on top of the peer's."""
    by_name = {b["name"]: b for b in benchmarks}
    lines = []
    for b in benchmarks:
        name = b["extra_info"].get("peer")
        if not name:
            continue
        peer = by_name.get(name)
        if peer is None:
            lines.append(f"  {b['name']}: its peer {name} was not run")
            continue
        (n, label), (pn, _) = _units(b), _units(peer)
        t, pt = b["stats"]["min"] / n, peer["stats"]["min"] / pn
        lines.append(
            f"  {b['name']}: {pt / t:.2g}x {name} ({1 / t:,.0f} against {1 / pt:,.0f} {label}/s; "
            f"{(t - pt) * 1e6:+,.1f} us per {label[:-1] if label.endswith('s') else label}, {t / pt:.1f}x the time)"
        )
    return lines


def main(path: str) -> None:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for b in data["benchmarks"]:
        groups[b["group"] or ""].append(b)
    print(f"machine: {data['machine_info'].get('cpu', {}).get('brand_raw', '?')}")
    loads = [b["extra_info"]["load"] for b in data["benchmarks"] if "load" in b["extra_info"]]
    if loads:
        print(f"load average at the start of a benchmark: {min(loads):.2f} .. {max(loads):.2f}", end="")
        print(f" (above {BUSY}: the machine was busy, wall times are pessimistic)" if max(loads) > BUSY else "")
    for group, rows in groups.items():
        print(f"\n{group}")
        per_unit = [(b, b["stats"]["min"] / _units(b)[0]) for b in rows]
        slowest = max(t for _, t in per_unit)
        for b, t in sorted(per_unit, key=lambda r: r[1]):
            n, label = _units(b)
            line = f"  {b['name']:<45} {1 / t:>16,.0f} {label}/s  {slowest / t:>8.1f}x the slowest"
            cpu = b["extra_info"].get("cpu")
            if cpu is not None:
                line += f"  ({b['stats']['min'] * 1000:,.1f} ms a call, {cpu * 1000:,.1f} ms CPU)"
            if "bytes_per_hand" in b["extra_info"]:
                line += f"  ({b['extra_info']['bytes_per_hand']:,} bytes a hand in flight)"
            print(line)
    lines = peers(data["benchmarks"])
    if lines:
        print("\nratios to a peer doing the same work")
        print("\n".join(lines))
    lines = targets(data["benchmarks"])
    if lines:
        print("\ntargets")
        print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1])

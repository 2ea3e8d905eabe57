"""Print hands per second and ratios to the in-run peers from a pytest-benchmark JSON file.

Usage: python bench/report.py bench-results/benchmarks.json
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict


def main(path: str) -> None:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    groups: dict[str, list[tuple[str, float, int, str]]] = defaultdict(list)
    for b in data["benchmarks"]:
        units = b["extra_info"].get("hands") or b["extra_info"].get("units") or 1
        label = b["extra_info"].get("unit_name", "hands")
        groups[b["group"] or ""].append((b["name"], b["stats"]["min"], units, label))
    print(f"machine: {data['machine_info'].get('cpu', {}).get('brand_raw', '?')}")
    for group, rows in groups.items():
        print(f"\n{group}")
        slowest = max(t / n for _, t, n, _ in rows)
        for name, t, n, label in sorted(rows, key=lambda r: r[1] / r[2]):
            rate = n / t
            print(f"  {name:<45} {rate:>16,.0f} {label}/s  {slowest / (t / n):>8.1f}x the slowest")


if __name__ == "__main__":
    main(sys.argv[1])

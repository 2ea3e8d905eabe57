"""``lowball rank --file``: hands per second of the command, TSV and JSON Lines, beside the batch
evaluator alone on the same hands in the same run.

Run: ``pytest bench -o python_files='bench_*.py'`` (``pytest-benchmark`` installed). Each
benchmark records ``hands`` in extra_info (``report.py``). Nothing here asserts a speed.

To measure the installed command on a million lines (time and peak memory)::

    python bench/bench_rank.py hands.txt 1000000
    /usr/bin/time -v lowball rank --file hands.txt -o out.tsv
    /usr/bin/time -v lowball rank --file hands.txt --json -o out.jsonl

The group's members:

``rank-tsv`` / ``rank-json``
    The command through click's test runner: read the file, check every hand, rank, write the
    results to a file (TSV, or JSON Lines with ``--json``).
``evaluate-batch``
    :func:`lowball.evaluate_batch` on the same hands, already parsed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import lowball
from lowball.cli import main

HANDS = 200_000
GROUP = f"rank command ({HANDS:,} hands from a file)"


def random_hands(n: int, seed: int = 11) -> np.ndarray:
    """n random five-card hands, shape (n, 5) uint8, distinct cards in each row."""
    rng = np.random.default_rng(seed)
    rows = [np.argsort(rng.random((min(n - i, 100_000), 52)), axis=1)[:, :5] for i in range(0, n, 100_000)]
    return np.concatenate(rows).astype(np.uint8) if rows else np.empty((0, 5), dtype=np.uint8)


def write_hands(path: Path, n: int, seed: int = 11) -> np.ndarray:
    """Write n random hands to ``path``, one per line (``7s5h4d3c2s``); return them."""
    hands = random_hands(n, seed)
    names = [lowball.format_cards([c]) for c in range(52)]
    with open(path, "w", encoding="utf-8") as f:
        for i in range(0, n, 100_000):
            f.write("".join("".join(names[c] for c in row) + "\n" for row in hands[i : i + 100_000].tolist()))
    return hands


@pytest.fixture(scope="module")
def hand_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, np.ndarray]:
    path = tmp_path_factory.mktemp("rank") / "hands.txt"
    return path, write_hands(path, HANDS)


@pytest.mark.parametrize("fmt", ["tsv", "json"])
@pytest.mark.benchmark(group=GROUP)
def test_rank_command(benchmark, hand_file: tuple[Path, np.ndarray], fmt: str) -> None:
    benchmark.extra_info["hands"] = HANDS
    path, _ = hand_file
    out = path.with_name(f"out.{fmt}")
    args = ["rank", "--file", str(path), "--output", str(out)] + (["--json"] if fmt == "json" else [])
    runner = CliRunner()

    def run() -> None:
        r = runner.invoke(main, args)
        assert r.exit_code == 0, r.output

    benchmark(run)
    with open(out, encoding="utf-8") as f:
        assert sum(1 for _ in f) == HANDS


@pytest.mark.benchmark(group=GROUP)
def test_evaluate_batch(benchmark, hand_file: tuple[Path, np.ndarray]) -> None:
    benchmark.extra_info["hands"] = HANDS
    _, hands = hand_file
    classes = benchmark(lambda: lowball.evaluate_batch(hands))
    assert len(classes) == HANDS


if __name__ == "__main__":
    write_hands(Path(sys.argv[1]), int(sys.argv[2]))

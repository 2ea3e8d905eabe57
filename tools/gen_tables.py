#!/usr/bin/env python3
"""Generate the constant lookup tables of the 2-7 evaluator (``csrc/tables.c``, ``csrc/tables.h``).

How the evaluator works (see ``csrc/eval27.h``)
-----------------------------------------------
Each rank r has an additive key ``RANK_KEYS[r]`` chosen so that the sum of the keys of any five
ranks (a rank may repeat up to four times) is different for every rank multiset: the sum
identifies the ranks of a hand without sorting or counting them. The sums of the 6,175 multisets
lie in ``0 .. 360918``; a row-displacement perfect hash (Tarjan and Yao's scheme) folds that range
into a dense table: the low ``COL_BITS`` bits of the sum are a column, the high bits a row, and each
row is shifted by ``DISP[row]`` so that no two occupied cells collide (36 KB in all with
COL_BITS = 7). Each cell holds two classes, the hand without a flush and the same ranks as a
flush (only meaningful for five distinct ranks).

So one hand costs five key loads and adds, one AND of the suit bits, one displacement load and
one class load, with no branch on the shape of the hand.

The class numbers are built here constructively, category by category; the tests check them against
an independent ranker that sorts all 2,598,960 hands, and against outside data.

Usage::

    python tools/gen_tables.py            # rewrite csrc/tables.c and csrc/tables.h
    python tools/gen_tables.py --check    # exit 1 if the checked-in files differ
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

# Greedy additive keys: each is the smallest value that keeps every sum of 5 keys (a key repeated
# at most 4 times) unique. ``verify_keys`` re-checks this property on every run.
RANK_KEYS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
COL_BITS = 7
SUIT_SHIFT = 32

NUM_RANKS = 13
RANK_CHARS = "23456789TJQKA"

# Categories, best first (RULES.md section 1).
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def is_straight(ranks: tuple[int, ...]) -> bool:
    """Five distinct ranks in a run; A-2-3-4-5 is not a straight in 2-7."""
    s = sorted(ranks)
    return len(set(s)) == 5 and s[4] - s[0] == 4


def build_classes() -> tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]]:
    """Return (non-flush class, flush class) keyed by the sorted rank tuple of a hand."""
    desc = lambda ranks: tuple(sorted(ranks, reverse=True))  # noqa: E731
    unique = [desc(c) for c in itertools.combinations(range(NUM_RANKS), 5)]
    no_pair = sorted(r for r in unique if not is_straight(r))
    straights = sorted((r for r in unique if is_straight(r)), key=lambda r: r[0])

    def others(exclude: set[int], k: int) -> list[tuple[int, ...]]:
        rest = [r for r in range(NUM_RANKS) if r not in exclude]
        return sorted(desc(c) for c in itertools.combinations(rest, k))

    pairs = [(p,) * 2 + k for p in range(NUM_RANKS) for k in others({p}, 3)]
    two_pairs = sorted(
        (h, h, lo, lo, k) for h in range(NUM_RANKS) for lo in range(h) for k in range(NUM_RANKS) if k not in (h, lo)
    )
    trips = [(t,) * 3 + k for t in range(NUM_RANKS) for k in others({t}, 2)]
    full_houses = [(t,) * 3 + (p,) * 2 for t in range(NUM_RANKS) for p in range(NUM_RANKS) if p != t]
    quads = [(q,) * 4 + (k,) for q in range(NUM_RANKS) for k in range(NUM_RANKS) if k != q]

    order = [
        (HIGH_CARD, no_pair, False),
        (PAIR, pairs, False),
        (TWO_PAIR, two_pairs, False),
        (TRIPS, trips, False),
        (STRAIGHT, straights, False),
        (FLUSH, no_pair, True),
        (FULL_HOUSE, full_houses, False),
        (QUADS, quads, False),
        (STRAIGHT_FLUSH, straights, True),
    ]
    plain: dict[tuple[int, ...], int] = {}
    flush: dict[tuple[int, ...], int] = {}
    cls = 0
    for _, hands, suited in order:
        for h in hands:
            cls += 1
            (flush if suited else plain)[tuple(sorted(h))] = cls
    assert cls == 7462, cls
    assert len(plain) == 6175 and len(flush) == 1287
    return plain, flush


def category_bounds() -> list[int]:
    """First class of each category, plus 7463 at the end (used by ``lowball.category``)."""
    plain, flush = build_classes()
    firsts = []
    for _cat, (table, test) in enumerate(
        [
            (plain, lambda r: len(set(r)) == 5 and not is_straight(r)),
            (plain, lambda r: sorted(map(r.count, set(r))) == [1, 1, 1, 2]),
            (plain, lambda r: sorted(map(r.count, set(r))) == [1, 2, 2]),
            (plain, lambda r: sorted(map(r.count, set(r))) == [1, 1, 3]),
            (plain, is_straight),
            (flush, lambda r: not is_straight(r)),
            (plain, lambda r: sorted(map(r.count, set(r))) == [2, 3]),
            (plain, lambda r: sorted(map(r.count, set(r))) == [1, 4]),
            (flush, is_straight),
        ]
    ):
        firsts.append(min(c for r, c in table.items() if test(r)))
    return firsts + [7463]


def multisets() -> list[tuple[int, ...]]:
    return [
        m for m in itertools.combinations_with_replacement(range(NUM_RANKS), 5) if max(m.count(r) for r in set(m)) <= 4
    ]


def verify_keys() -> None:
    sums = [sum(RANK_KEYS[r] for r in m) for m in multisets()]
    if len(set(sums)) != len(sums):
        raise SystemExit("RANK_KEYS do not give unique sums")


def displace(keys: list[int]) -> tuple[list[int], int]:
    """Row displacement: return (disp per row, table size) with all keys in distinct cells."""
    mask = (1 << COL_BITS) - 1
    rows: dict[int, list[int]] = {}
    for k in keys:
        rows.setdefault(k >> COL_BITS, []).append(k & mask)
    # Rows up to the largest sum any five cards can make (five aces, possible only in unchecked
    # garbage input), so that a bad hand reads a meaningless class but never out of bounds.
    nrows = (5 * max(RANK_KEYS)) >> COL_BITS
    disp = [0] * (nrows + 1)
    used: set[int] = set()
    # Fill the fullest rows first; ties broken by row number so the output is deterministic.
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        cols = rows[row]
        d = 0
        while any(d + c in used for c in cols):
            d += 1
        disp[row] = d
        used.update(d + c for c in cols)
    return disp, max(used) + 1


def c_array(ctype: str, name: str, values: list[int] | list[str], per_line: int = 12) -> str:
    lines = []
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(str(v) for v in values[i : i + per_line]) + ",")
    return f"const {ctype} {name}[{len(values)}] = {{\n" + "\n".join(lines) + "\n};\n"


def generate() -> tuple[str, str]:
    """Return the text of (tables.h, tables.c)."""
    verify_keys()
    plain, flush = build_classes()
    keyed = {sum(RANK_KEYS[r] for r in m): m for m in multisets()}
    disp, size = displace(sorted(keyed))
    assert max(disp) < 65536
    classes = [0] * (2 * size)
    for k, m in keyed.items():
        cell = (k & ((1 << COL_BITS) - 1)) + disp[k >> COL_BITS]
        classes[2 * cell] = plain[m]
        classes[2 * cell + 1] = flush.get(m, 0)
    # Low 32 bits: the rank key. High 32 bits: a 4-bit counter per suit (1 << (32 + 4*suit)),
    # so the sum of five cards also counts their suits. 256 entries so that any uint8 indexes the
    # table; bytes above 51 are not cards and read key 0.
    card_keys = [RANK_KEYS[c // 4] | (1 << (SUIT_SHIFT + 4 * (c % 4))) if c < 52 else 0 for c in range(256)]
    bounds = category_bounds()
    # One bit per card for the batch duplicate check; bit 63 marks a byte that is not a card.
    card_bits = [1 << c if c < 52 else 1 << 63 for c in range(256)]

    head = "/* Generated by tools/gen_tables.py: do not edit. */\n"
    h = (
        head
        + "#ifndef LOWBALL_TABLES_H\n#define LOWBALL_TABLES_H\n\n#include <stdint.h>\n\n"
        + f"#define LB_COL_BITS {COL_BITS}\n"
        + f"#define LB_COL_MASK {(1 << COL_BITS) - 1}u\n"
        + f"#define LB_DISP_ROWS {len(disp)}\n"
        + f"#define LB_CLASS_CELLS {size}\n"
        + f"#define LB_SUIT_SHIFT {SUIT_SHIFT}\n"
        + "/* Added once to a sum of five card keys: a suit counter reaches 8 (bit 3) iff that suit\n"
        + "   holds all five cards. */\n"
        + f"#define LB_SUIT_BIAS 0x{0x3333 << SUIT_SHIFT:x}ull\n"
        + f"#define LB_FLUSH_BITS 0x{0x8888 << SUIT_SHIFT:x}ull\n"
        + f"#define LB_RANK_MASK 0x{(1 << SUIT_SHIFT) - 1:x}ull\n\n"
        + "/* Key of each card, indexed by card = 4*rank + suit (0 above 51): the rank's additive\n"
        + "   key in the low 32 bits, a suit counter 1 << (LB_SUIT_SHIFT + 4*suit) above. */\n"
        + "extern const uint64_t lb_card_key[256];\n"
        + "/* 1 << card for cards 0..51, 1 << 63 for any byte above 51 (batch validity check). */\n"
        + "extern const uint64_t lb_card_bit[256];\n"
        + "/* Row displacement of the perfect hash, indexed by key_sum >> LB_COL_BITS. */\n"
        + "extern const uint16_t lb_disp[LB_DISP_ROWS];\n"
        + "/* Class pairs: [2*cell] = without a flush, [2*cell + 1] = flush (0 if impossible). */\n"
        + "extern const uint16_t lb_class[2 * LB_CLASS_CELLS];\n"
        + "/* First class of each category (HandCategory order), then 7463. */\n"
        + "extern const uint16_t lb_category_first[10];\n\n"
        + "#endif\n"
    )
    c = (
        head
        + '#include "tables.h"\n\n'
        + f"/* RANK_KEYS = {RANK_KEYS} */\n"
        + c_array("uint64_t", "lb_card_key", [f"0x{k:x}ull" for k in card_keys], per_line=4)
        + "\n"
        + c_array("uint64_t", "lb_card_bit", [f"0x{b:x}ull" for b in card_bits], per_line=4)
        + "\n"
        + c_array("uint16_t", "lb_disp", disp)
        + "\n"
        + c_array("uint16_t", "lb_class", classes)
        + "\n"
        + c_array("uint16_t", "lb_category_first", bounds)
    )
    return h, c


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "csrc")
    args = ap.parse_args()
    h, c = generate()
    files = {args.out / "tables.h": h, args.out / "tables.c": c}
    if args.check:
        stale = [str(p) for p, text in files.items() if not p.exists() or p.read_text() != text]
        if stale:
            print("out of date:", ", ".join(stale))
            return 1
        print("tables are up to date")
        return 0
    for p, text in files.items():
        p.write_text(text)
        print("wrote", p)
    return 0


if __name__ == "__main__":
    sys.exit(main())

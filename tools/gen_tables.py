#!/usr/bin/env python3
"""Generate the constant lookup tables of the evaluators (``csrc/tables.c``, ``csrc/tables.h``).

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

Ace-to-five low (``csrc/eval_a5.h``) ignores suits, so it reuses the same rank-key sums and the same
perfect hash: one more class per cell (``lb_class_a5``), numbered here with the ace low.

Badugi (``csrc/eval_badugi.h``) depends on which ranks share a suit, so it cannot add keys: the four
cards are sorted (five compare-exchanges), the sorted ranks give a rank multiset index 0..1819 by
their combinatorial number (``lb_badugi_rank_key``, one table per place, pre-multiplied by 15) and
the suits in sorted order give one of the 15 suit patterns (``lb_badugi_suit_pattern``: suits
renamed in order of appearance). Two hands with the same index are the same hand with the suits
renamed, so the class table (``lb_badugi_class``, 27,300 cells) is well defined; ``generate``
checks that on every one of the 270,725 hands.

Usage::

    python tools/gen_tables.py            # rewrite csrc/tables.c and csrc/tables.h
    python tools/gen_tables.py --check    # exit 1 if the checked-in files differ
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from pathlib import Path

# Greedy additive keys: each is the smallest value that keeps every sum of 5 keys (a key repeated
# at most 4 times) unique. ``verify_keys`` re-checks this property on every run.
RANK_KEYS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
COL_BITS = 7
SUIT_SHIFT = 32

NUM_RANKS = 13
RANK_CHARS = "23456789TJQKA"

# Categories, best first (RULES.md section 1); ace-to-five uses the same numbers without the
# straights and flushes.
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


def low_value(rank: int) -> int:
    """A rank with the ace low: A = 0, 2 = 1, ..., K = 12 (ace-to-five and badugi)."""
    return (rank + 1) % NUM_RANKS


def build_a5_classes() -> tuple[dict[tuple[int, ...], int], list[int]]:
    """Ace-to-five low: the class of each rank multiset (sorted rank tuple), and the first class of
    each category in HandCategory order (0 for the four that do not exist in A-5), then 6176.

    Aces are low; straights and flushes do not count (RULES.md section 11, WSOP-LAR 287-290).
    Categories best first: no pair, one pair, two pair, three of a kind, full house, four of a
    kind; within one, compare the most repeated rank first, then the next (higher counts first),
    each from the top down, a lower value being better.
    """
    shape_order = {(1, 1, 1, 1, 1): HIGH_CARD, (2, 1, 1, 1): PAIR, (2, 2, 1): TWO_PAIR, (3, 1, 1): TRIPS,
                   (3, 2): FULL_HOUSE, (4, 1): QUADS}  # fmt: skip
    keys = []
    for m in multisets():
        values = [low_value(r) for r in m]
        groups = sorted(set(values), key=lambda v: (-values.count(v), -v))
        shape = tuple(values.count(v) for v in groups)
        keys.append(((shape_order[shape], tuple(groups)), m))
    keys.sort()
    classes = {m: i + 1 for i, (_, m) in enumerate(keys)}
    firsts = [0] * 9
    for i, ((cat, _), _m) in reversed(list(enumerate(keys))):
        firsts[cat] = i + 1
    assert len(classes) == 6175
    return classes, firsts + [6176]


BADUGI_SIZES = {4: 715, 3: 286, 2: 78, 1: 13}


def badugi_class_numbers() -> dict[tuple[int, ...], int]:
    """Badugi: the class of each rank set (low values, highest first) that can be a hand's value.

    Four-card badugis first, then three-, two- and one-card hands; within a size, the highest card
    decides, then the next (aces low), WSOP-LAR 303-304.
    """
    order = []
    for size in (4, 3, 2, 1):
        order += sorted(tuple(sorted(c, reverse=True)) for c in itertools.combinations(range(NUM_RANKS), size))
    return {ranks: i + 1 for i, ranks in enumerate(order)}


def badugi_value(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The deciding ranks of four cards (low values, highest first): the best subset of cards of
    different suits and ranks, largest first, then lowest."""
    best: tuple[int, tuple[int, ...]] | None = None
    for size in (4, 3, 2, 1):
        for sub in itertools.combinations(cards, size):
            if len({c % 4 for c in sub}) == size and len({c // 4 for c in sub}) == size:
                key = tuple(sorted((low_value(c // 4) for c in sub), reverse=True))
                if best is None or key < best[1]:
                    best = (size, key)
        if best is not None:
            return best[1]
    raise AssertionError(cards)


def suit_patterns() -> list[tuple[int, ...]]:
    """The 15 ways four suits can repeat, as suits renamed in order of appearance (0, 0, 1, 0)."""
    out = []
    for suits in itertools.product(range(4), repeat=4):
        names: dict[int, int] = {}
        pattern = tuple(names.setdefault(s, len(names)) for s in suits)
        if pattern not in out:
            out.append(pattern)
    return sorted(out)


def badugi_tables() -> tuple[list[list[int]], list[int], list[int]]:
    """(rank key per place [4][256], suit pattern index [256], class [27300]) of the badugi
    evaluator: class = lb_badugi_class[sum of rank_key[i][sorted card i] + pattern of the suits]."""
    patterns = suit_patterns()
    npat = len(patterns)
    assert npat == 15
    # Place i of a sorted hand holds rank r: the multiset r0 <= r1 <= r2 <= r3 is the 4-subset
    # {r0, r1 + 1, r2 + 2, r3 + 3} of 0..15, numbered by sum of C(r_i + i, i + 1) (colex order).
    rank_key = [[math.comb(c // 4 + i, i + 1) * npat if c < 52 else 0 for c in range(256)] for i in range(4)]
    pattern_of = []
    for b in range(256):
        suits = [(b >> (2 * i)) & 3 for i in range(4)]
        names: dict[int, int] = {}
        pattern_of.append(patterns.index(tuple(names.setdefault(s, len(names)) for s in suits)))
    numbers = badugi_class_numbers()
    classes = [0] * (math.comb(16, 4) * npat)
    for hand in itertools.combinations(range(52), 4):
        cell = sum(rank_key[i][c] for i, c in enumerate(hand))
        cell += pattern_of[sum((c & 3) << (2 * i) for i, c in enumerate(hand))]
        cls = numbers[badugi_value(hand)]
        assert classes[cell] in (0, cls), (hand, cell)  # well defined: one class per cell
        classes[cell] = cls
    return rank_key, pattern_of, classes


def badugi_firsts() -> list[int]:
    """First class of four-, three-, two- and one-card hands, then 1093."""
    firsts, total = [], 1
    for size in (4, 3, 2, 1):
        firsts.append(total)
        total += BADUGI_SIZES[size]
    return firsts + [total]


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
    a5, a5_firsts = build_a5_classes()
    classes_a5 = [0] * size
    for k, m in keyed.items():
        classes_a5[(k & ((1 << COL_BITS) - 1)) + disp[k >> COL_BITS]] = a5[m]
    rank_key, pattern_of, classes_badugi = badugi_tables()

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
        + "/* Ace-to-five low: the class of each cell of the same perfect hash (suits ignored). */\n"
        + "extern const uint16_t lb_class_a5[LB_CLASS_CELLS];\n"
        + "/* First A-5 class of each HandCategory (0: the category does not exist in A-5), then 6176. */\n"
        + "extern const uint16_t lb_category_first_a5[10];\n\n"
        + f"#define LB_BADUGI_PATTERNS {len(suit_patterns())}\n"
        + f"#define LB_BADUGI_CELLS {len(classes_badugi)}\n"
        + "/* Badugi: [place][card] = the rank multiset number of the sorted hand's place, times\n"
        + "   LB_BADUGI_PATTERNS (0 above 51). */\n"
        + "extern const uint16_t lb_badugi_rank_key[4][256];\n"
        + "/* Badugi: suits s0 | s1 << 2 | s2 << 4 | s3 << 6 of the sorted hand -> suit pattern 0..14. */\n"
        + "extern const uint8_t lb_badugi_suit_pattern[256];\n"
        + "/* Badugi: class of rank key sum + pattern (0 if no hand has it). */\n"
        + "extern const uint16_t lb_badugi_class[LB_BADUGI_CELLS];\n"
        + "/* First badugi class of four-, three-, two- and one-card hands, then 1093. */\n"
        + "extern const uint16_t lb_badugi_first[5];\n\n"
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
        + "\n"
        + c_array("uint16_t", "lb_class_a5", classes_a5)
        + "\n"
        + c_array("uint16_t", "lb_category_first_a5", a5_firsts)
        + "\n"
        + "const uint16_t lb_badugi_rank_key[4][256] = {\n"
        + "".join(
            "    {\n" + c_array("", "", row).split("{\n", 1)[1].rsplit("}", 1)[0] + "    },\n" for row in rank_key
        )
        + "};\n\n"
        + c_array("uint8_t", "lb_badugi_suit_pattern", pattern_of, per_line=16)
        + "\n"
        + c_array("uint16_t", "lb_badugi_class", classes_badugi)
        + "\n"
        + c_array("uint16_t", "lb_badugi_first", badugi_firsts())
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

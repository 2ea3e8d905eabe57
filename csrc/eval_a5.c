#include "eval_a5.h"

/* The batch check of lb_eval5_batch: a block is ranked while its rows' card bits are folded into
 * one word (distinct cards iff the bits add without a carry; bit 63 marks a byte above 51); only a
 * block that fails is scanned again for its first bad row. */
#define LB_CHECK_BLOCK 4096

int64_t lb_eval_a5_batch(const uint8_t *cards, size_t n, uint16_t *out, int check,
                         lb_status *status) {
    size_t i, start, end;
    *status = LB_OK;
    if (!check) {
        for (i = 0; i < n; i++) {
            const uint8_t *r = cards + 5 * i;
            out[i] = lb_eval_a5_unchecked(r[0], r[1], r[2], r[3], r[4]);
        }
        return -1;
    }
    for (start = 0; start < n; start = end) {
        uint64_t bad = 0;
        end = n - start > LB_CHECK_BLOCK ? start + LB_CHECK_BLOCK : n;
        for (i = start; i < end; i++) {
            const uint8_t *r = cards + 5 * i;
            uint64_t b0 = lb_card_bit[r[0]], b1 = lb_card_bit[r[1]], b2 = lb_card_bit[r[2]],
                     b3 = lb_card_bit[r[3]], b4 = lb_card_bit[r[4]];
            uint64_t any = b0 | b1 | b2 | b3 | b4;
            bad |= ((b0 + b1 + b2 + b3 + b4) ^ any) | (any >> 63);
            out[i] = lb_eval_a5_unchecked(r[0], r[1], r[2], r[3], r[4]);
        }
        if (bad) return lb_first_bad_row(cards, start, end, 5, status);
    }
    return -1;
}

void lb_eval_a5_all(uint16_t *out) {
    size_t k = 0;
    int a, b, c, d, e;
    for (a = 0; a < 48; a++) {
        uint64_t sa = lb_card_key[a];
        for (b = a + 1; b < 49; b++) {
            uint64_t sb = sa + lb_card_key[b];
            for (c = b + 1; c < 50; c++) {
                uint64_t sc = sb + lb_card_key[c];
                for (d = c + 1; d < 51; d++) {
                    uint64_t sd = sc + lb_card_key[d];
                    for (e = d + 1; e < 52; e++) {
                        uint32_t ranks = (uint32_t)((sd + lb_card_key[e]) & LB_RANK_MASK);
                        out[k++] =
                            lb_class_a5[(ranks & LB_COL_MASK) + lb_disp[ranks >> LB_COL_BITS]];
                    }
                }
            }
        }
    }
}

int lb_category_a5(int cls) {
    int cat, found = -1;
    if (cls < 1 || cls > LB_A5_NUM_CLASSES) return -1;
    for (cat = 0; cat < 9; cat++) {
        if (lb_category_first_a5[cat] != 0 && lb_category_first_a5[cat] <= cls) found = cat;
    }
    return found;
}

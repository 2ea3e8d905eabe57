#include "eval27.h"

uint16_t lb_eval5(const uint8_t cards[5], lb_status *status) {
    lb_status st = lb_check_cards(cards, 5);
    *status = st;
    if (st != LB_OK) return 0;
    return lb_eval5_unchecked(cards[0], cards[1], cards[2], cards[3], cards[4]);
}

/* 1 if the row is five distinct cards below 52. */
static inline int row_ok(const uint8_t *r, lb_status *status) {
    uint64_t m;
    if (r[0] < 52 && r[1] < 52 && r[2] < 52 && r[3] < 52 && r[4] < 52) {
        m = ((uint64_t)1 << r[0]) | ((uint64_t)1 << r[1]) | ((uint64_t)1 << r[2]) |
            ((uint64_t)1 << r[3]) | ((uint64_t)1 << r[4]);
        /* Five distinct bits iff clearing the lowest set bit four times leaves one bit. */
        m &= m - 1;
        m &= m - 1;
        m &= m - 1;
        m &= m - 1;
        if (m != 0 && (m & (m - 1)) == 0) return 1;
        *status = LB_ERR_DUPLICATE;
        return 0;
    }
    *status = LB_ERR_RANGE;
    return 0;
}

/* A one-bit mask of a card; bit 63 for a byte that is not a card (cards use bits 0..51).
 * A table load: faster than a variable shift, which costs three uops on x86 without BMI2. */
#define card_bit(c) lb_card_bit[(c)]

#define LB_CHECK_BLOCK 4096

int64_t lb_eval5_batch(const uint8_t *cards, size_t n, uint16_t *out, int check,
                       lb_status *status) {
    size_t i, start, end;
    *status = LB_OK;
    if (!check) {
        for (i = 0; i < n; i++) {
            const uint8_t *r = cards + 5 * i;
            out[i] = lb_eval5_unchecked(r[0], r[1], r[2], r[3], r[4]);
        }
        return -1;
    }
    /* Checked: rank a block while folding a branch-free validity test into one word; rows are
     * distinct cards iff their bit masks add without a carry (sum == OR) and no bit 63 is set.
     * Only a block that fails is scanned again, row by row, for the first bad row. */
    for (start = 0; start < n; start = end) {
        uint64_t bad = 0;
        end = n - start > LB_CHECK_BLOCK ? start + LB_CHECK_BLOCK : n;
        for (i = start; i < end; i++) {
            const uint8_t *r = cards + 5 * i;
            uint64_t b0 = card_bit(r[0]), b1 = card_bit(r[1]), b2 = card_bit(r[2]),
                     b3 = card_bit(r[3]), b4 = card_bit(r[4]);
            uint64_t any = b0 | b1 | b2 | b3 | b4;
            bad |= ((b0 + b1 + b2 + b3 + b4) ^ any) | (any >> 63);
            out[i] = lb_eval5_unchecked(r[0], r[1], r[2], r[3], r[4]);
        }
        if (bad) {
            for (i = start; i < end; i++) {
                if (!row_ok(cards + 5 * i, status)) return (int64_t)i;
            }
        }
    }
    return -1;
}

void lb_eval_all(uint16_t *out) {
    size_t k = 0;
    int a, b, c, d, e;
    for (a = 0; a < 48; a++) {
        uint64_t sa = LB_SUIT_BIAS + lb_card_key[a];
        for (b = a + 1; b < 49; b++) {
            uint64_t sb = sa + lb_card_key[b];
            for (c = b + 1; c < 50; c++) {
                uint64_t sc = sb + lb_card_key[c];
                for (d = c + 1; d < 51; d++) {
                    uint64_t sd = sc + lb_card_key[d];
                    for (e = d + 1; e < 52; e++) out[k++] = lb_class_of_sum(sd + lb_card_key[e]);
                }
            }
        }
    }
}

int lb_category(int cls) {
    int cat;
    if (cls < 1 || cls > LB_NUM_CLASSES) return -1;
    for (cat = 0; cat < 9; cat++) {
        if (cls < lb_category_first[cat + 1]) return cat;
    }
    return -1;
}

#include "eval_badugi.h"

#define LB_CHECK_BLOCK 4096

int64_t lb_eval_badugi_batch(const uint8_t *cards, size_t n, uint16_t *out, int check,
                             lb_status *status) {
    size_t i, start, end;
    *status = LB_OK;
    if (!check) {
        for (i = 0; i < n; i++) {
            const uint8_t *r = cards + 4 * i;
            out[i] = lb_eval_badugi_unchecked(r[0], r[1], r[2], r[3]);
        }
        return -1;
    }
    /* As lb_eval5_batch: rank a block while folding a branch-free validity test into one word,
     * scan again only a block that fails. */
    for (start = 0; start < n; start = end) {
        uint64_t bad = 0;
        end = n - start > LB_CHECK_BLOCK ? start + LB_CHECK_BLOCK : n;
        for (i = start; i < end; i++) {
            const uint8_t *r = cards + 4 * i;
            uint64_t b0 = lb_card_bit[r[0]], b1 = lb_card_bit[r[1]], b2 = lb_card_bit[r[2]],
                     b3 = lb_card_bit[r[3]];
            uint64_t any = b0 | b1 | b2 | b3;
            bad |= ((b0 + b1 + b2 + b3) ^ any) | (any >> 63);
            out[i] = lb_eval_badugi_unchecked(r[0], r[1], r[2], r[3]);
        }
        if (bad) return lb_first_bad_row(cards, start, end, 4, status);
    }
    return -1;
}

void lb_eval_badugi_all(uint16_t *out) {
    /* Combinations order gives the cards already sorted (a < b < c < d): no sort, and the keys of
     * the outer cards are added once per loop. */
    size_t k = 0;
    int a, b, c, d;
    for (a = 0; a < 49; a++) {
        unsigned ka = lb_badugi_rank_key[0][a], sa = (unsigned)(a & 3);
        for (b = a + 1; b < 50; b++) {
            unsigned kb = ka + lb_badugi_rank_key[1][b], sb = sa | (unsigned)(b & 3) << 2;
            for (c = b + 1; c < 51; c++) {
                unsigned kc = kb + lb_badugi_rank_key[2][c], sc = sb | (unsigned)(c & 3) << 4;
                for (d = c + 1; d < 52; d++)
                    out[k++] = lb_badugi_class[kc + lb_badugi_rank_key[3][d] +
                                               lb_badugi_suit_pattern[sc | (unsigned)(d & 3) << 6]];
            }
        }
    }
}

int lb_badugi_cards(int cls) {
    int i;
    if (cls < 1 || cls > LB_BADUGI_NUM_CLASSES) return -1;
    for (i = 0; i < 4; i++) {
        if (cls < lb_badugi_first[i + 1]) return 4 - i;
    }
    return -1;
}

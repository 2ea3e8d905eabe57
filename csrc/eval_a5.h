/* Ace-to-five lowball evaluator for five-card hands (California lowball).
 *
 * Aces are low and straights and flushes do not count, so a hand's value is its rank multiset
 * alone: 6,175 classes, 1 = 5-4-3-2-A (the wheel, the best hand) .. 6175 = K-K-K-K-Q (the worst);
 * equal class means a tie (RULES.md section 11, WSOP-LAR 287-290). No-pair hands come first, then
 * one pair, two pair, three of a kind, full house, four of a kind; a pair of aces is the best pair.
 *
 * The same rank-key sums and perfect hash as the 2-7 evaluator (eval27.h, tables.h), with a class
 * table of its own and no suit test. Pure: safe from any thread.
 */
#ifndef LOWBALL_EVAL_A5_H
#define LOWBALL_EVAL_A5_H

#include <stddef.h>
#include <stdint.h>

#include "cards.h"
#include "compat.h"
#include "tables.h"

#define LB_A5_NUM_CLASSES 6175

/* The A-5 class of five cards, without any check (see lb_eval5_unchecked for what bad bytes do:
 * they read only inside the tables and give a meaningless class, possibly 0). */
static inline uint16_t lb_eval_a5_unchecked(uint8_t c0, uint8_t c1, uint8_t c2, uint8_t c3,
                                            uint8_t c4) {
    uint32_t ranks = (uint32_t)((lb_card_key[c0] + lb_card_key[c1] + lb_card_key[c2] +
                                 lb_card_key[c3] + lb_card_key[c4]) &
                                LB_RANK_MASK);
    return lb_class_a5[(ranks & LB_COL_MASK) + lb_disp[ranks >> LB_COL_BITS]];
}

/* Rank n hands of five cards (n*5 bytes, row-major) into out; check as lb_eval5_batch: returns
 * -1, or the index of the first bad row with *status saying why. */
int64_t lb_eval_a5_batch(const uint8_t *cards, size_t n, uint16_t *out, int check,
                         lb_status *status);

/* The A-5 classes of all 2,598,960 five-card hands, in itertools.combinations(range(52), 5) order. */
void lb_eval_a5_all(uint16_t *out);

/* The HandCategory number of an A-5 class: 0 no pair, 1 pair, 2 two pair, 3 three of a kind,
 * 6 full house, 7 four of a kind; -1 outside 1..6175. */
int lb_category_a5(int cls);

#endif

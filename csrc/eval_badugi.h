/* Badugi evaluator for four-card hands.
 *
 * A hand's value is its largest subset of cards with no two of the same suit or rank: four-card
 * badugis beat three-card hands, which beat two-card, which beat one-card hands; within a size the
 * highest card decides, then the next, aces low (RULES.md section 11, WSOP-LAR 303-304). 1,092
 * classes: 1 = 4-3-2-A of four suits (the best) .. 1092 = a one-card king; equal class means a tie.
 *
 * Suits matter together with ranks, so card keys cannot simply be added: the four cards are sorted
 * (five branch-free compare-exchanges), each sorted place adds its rank key (the rank multiset's
 * combinatorial number, times 15), the suits in sorted order give one of 15 suit patterns, and one
 * table load gives the class (tables.h, made by tools/gen_tables.py). Pure: safe from any thread.
 */
#ifndef LOWBALL_EVAL_BADUGI_H
#define LOWBALL_EVAL_BADUGI_H

#include <stddef.h>
#include <stdint.h>

#include "cards.h"
#include "compat.h"
#include "tables.h"

#define LB_BADUGI_NUM_CLASSES 1092
#define LB_BADUGI_NUM_HANDS 270725

#define LB_SORT2(a, b)                                                                             \
    do {                                                                                           \
        uint8_t lo_ = (a) < (b) ? (a) : (b), hi_ = (a) < (b) ? (b) : (a);                          \
        (a) = lo_;                                                                                 \
        (b) = hi_;                                                                                 \
    } while (0)

/* The badugi class of four cards, without any check. Preconditions (not checked): four distinct
 * cards 0..51; other bytes read only inside the tables and give a meaningless class (possibly 0). */
static inline uint16_t lb_eval_badugi_unchecked(uint8_t c0, uint8_t c1, uint8_t c2, uint8_t c3) {
    LB_SORT2(c0, c1);
    LB_SORT2(c2, c3);
    LB_SORT2(c0, c2);
    LB_SORT2(c1, c3);
    LB_SORT2(c1, c2);
    return lb_badugi_class[lb_badugi_rank_key[0][c0] + lb_badugi_rank_key[1][c1] +
                           lb_badugi_rank_key[2][c2] + lb_badugi_rank_key[3][c3] +
                           lb_badugi_suit_pattern[(c0 & 3) | (c1 & 3) << 2 | (c2 & 3) << 4 |
                                                  (c3 & 3) << 6]];
}

/* Rank n hands of four cards (n*4 bytes, row-major) into out; with check != 0 every row is
 * validated (range, duplicates): returns -1, or the index of the first bad row with *status saying
 * why (out partly written). */
int64_t lb_eval_badugi_batch(const uint8_t *cards, size_t n, uint16_t *out, int check,
                             lb_status *status);

/* The badugi classes of all 270,725 four-card hands, in itertools.combinations(range(52), 4) order. */
void lb_eval_badugi_all(uint16_t *out);

/* The number of cards that play in a badugi class: 4, 3, 2 or 1; -1 outside 1..1092. */
int lb_badugi_cards(int cls);

#endif

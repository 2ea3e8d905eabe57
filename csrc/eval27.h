/* Deuce-to-seven (2-7) lowball evaluator for five-card hands.
 *
 * A hand's class is an integer 1..7462: 1 = 7-5-4-3-2 not all one suit (the best hand), 7462 =
 * A-K-Q-J-T suited (the worst); equal class means a tie (RULES.md section 1, DESIGN.md).
 * Everything here is pure: no globals that change, no allocation, safe from any thread.
 */
#ifndef LOWBALL_EVAL27_H
#define LOWBALL_EVAL27_H

#include <stddef.h>
#include <stdint.h>

#include "cards.h"
#include "compat.h"
#include "tables.h"

#define LB_NUM_CLASSES 7462
#define LB_NUM_HANDS 2598960

/* The class of a hand from LB_SUIT_BIAS plus the sum of its five card keys (see tables.h). */
static inline uint16_t lb_class_of_sum(uint64_t sum) {
    uint32_t ranks = (uint32_t)(sum & LB_RANK_MASK);
    uint32_t flush = (sum & LB_FLUSH_BITS) != 0;
    uint32_t cell = (ranks & LB_COL_MASK) + lb_disp[ranks >> LB_COL_BITS];
    return lb_class[2 * cell + flush];
}

/* The class of five cards, without any check. Preconditions (not checked): five distinct cards,
 * each 0..51. Any other bytes read only inside the tables and give a meaningless class (possibly 0).
 * Cost: five key loads and adds, a mask for the suits, a displacement load and a class load;
 * no branch. */
static inline uint16_t lb_eval5_unchecked(uint8_t c0, uint8_t c1, uint8_t c2, uint8_t c3,
                                          uint8_t c4) {
    uint64_t sum = LB_SUIT_BIAS + lb_card_key[c0] + lb_card_key[c1] + lb_card_key[c2] +
                   lb_card_key[c3] + lb_card_key[c4];
    return lb_class_of_sum(sum);
}

/* The class of cards[0..4] after checking them: returns the class, or 0 with *status set to
 * LB_ERR_RANGE or LB_ERR_DUPLICATE. */
uint16_t lb_eval5(const uint8_t cards[5], lb_status *status);

/* Rank n hands: cards is n*5 bytes in row-major order (shape (n, 5)), out receives n classes.
 * With check != 0 every row is validated (range and duplicates); at the first bad row *status says
 * why and its row index is returned, and out is left partly written. Returns -1 when all n rows were ranked.
 * With check == 0 no row is validated (see lb_eval5_unchecked) and -1 is returned. */
int64_t lb_eval5_batch(const uint8_t *cards, size_t n, uint16_t *out, int check, lb_status *status);

/* Write the classes of all C(52,5) = 2,598,960 hands into out, in the order of
 * itertools.combinations(range(52), 5) (lexicographic in card numbers). */
void lb_eval_all(uint16_t *out);

/* Category 0..8 of a class (0 high card, 1 pair, 2 two pair, 3 three of a kind, 4 straight,
 * 5 flush, 6 full house, 7 four of a kind, 8 straight flush), or -1 outside 1..7462. */
int lb_category(int cls);

#endif

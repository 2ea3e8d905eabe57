/* Card encoding shared by every part of lowball (DESIGN.md "Conventions").
 *
 * card = 4 * rank + suit, rank 0..12 = 2 3 4 5 6 7 8 9 T J Q K A, suit 0..3 = c d h s.
 * So 2c = 0, 2s = 3, As = 51. Plain C99, no state.
 */
#ifndef LOWBALL_CARDS_H
#define LOWBALL_CARDS_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"

#define LB_NUM_CARDS 52
#define LB_NUM_RANKS 13
#define LB_NUM_SUITS 4

#define LB_CARD(rank, suit) ((uint8_t)(4 * (rank) + (suit)))
#define LB_RANK(card) ((card) >> 2)
#define LB_SUIT(card) ((card) & 3)

/* Parse one card from text: a rank character (2-9, T/t, J/j, Q/q, K/k, A/a, or "10") followed by
 * a suit character (c d h s, either case). On success stores the card in *card, the number of
 * characters read in *used and returns LB_OK; otherwise returns LB_ERR_PARSE and leaves both alone.
 * `text` must hold at least `len` readable bytes. */
lb_status lb_parse_card(const char *text, int len, uint8_t *card, int *used);

/* Write the two-character text of a valid card (0..51) into out[0..1]; no terminator. */
void lb_format_card(uint8_t card, char out[2]);

/* LB_OK if the n cards are all below 52 and pairwise distinct; otherwise the first problem. */
lb_status lb_check_cards(const uint8_t *cards, int n);

/* The index of the first row in rows start..end-1 of an array of rows of `width` cards (row i at
 * cards + width*i) that lb_check_cards refuses, with *status saying why; -1 if none (status
 * untouched). The batch evaluators call it only for a block whose branch-free check failed. */
int64_t lb_first_bad_row(const uint8_t *cards, size_t start, size_t end, int width,
                         lb_status *status);

#endif

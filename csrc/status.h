/* Status codes of the C core: the one home of lb_status and its text (status.c).
 * Plain C99, no state. The bindings map each code to an exception (src/lowball/_common.pxd). */
#ifndef LOWBALL_STATUS_H
#define LOWBALL_STATUS_H

/* Status codes returned by the core's checked functions. */
typedef enum {
    LB_OK = 0,
    LB_ERR_RANGE = 1,     /* a card value above 51 */
    LB_ERR_DUPLICATE = 2, /* the same card twice in one hand */
    LB_ERR_PARSE = 3,     /* text that is not a card */
    /* Deck codes (deck.h). Every deck function that returns one of these changed nothing. */
    LB_ERR_EXHAUSTED = 16, /* not enough cards in the stub (and, in a draw, the reshuffle pool) */
    LB_ERR_NOT_HELD = 17,  /* a card that is not in the hand of the position named */
    LB_ERR_TOO_MANY = 18,  /* more than five discards, or a negative count */
    LB_ERR_TURN = 19,      /* out of turn: wrong position, no round begun, or one in progress */
    LB_ERR_SEAT = 20,      /* a position outside 0..LB_DECK_MAX_SEATS-1, or repeated */
    LB_ERR_RANDOM = 21,    /* the caller's random source reported failure */
    LB_ERR_STATE = 22,     /* a deck state that breaks its invariants (lb_deck_check) */
    LB_ERR_MEMORY = 23     /* working memory could not be allocated (odds.h) */
} lb_status;

/* A short English text for a status code ("ok", "card out of range", ...); "unknown status" for
 * a value that is not one of the codes above. Never NULL; the strings are static. */
const char *lb_status_str(lb_status status);

#endif

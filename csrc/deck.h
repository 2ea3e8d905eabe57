/* The deck of one hand of 2-7 lowball: shuffle, deal, burn, muck, and the draw rounds with the
 * reshuffle rule of RULES.md section 4 (the seeds' rule by default; the WSOP-LAR live rule).
 *
 * Plain C99, no globals, no allocation: the caller owns an lb_deck and passes it first. Every
 * checked function either succeeds or returns an lb_status code and leaves the deck (and the random
 * source, except after LB_ERR_RANDOM) exactly as it was: all checks and all random draws happen
 * before the first card moves.
 *
 * Seats and positions. The identifiers here say "seat" (seat, seats, LB_DECK_MAX_SEATS,
 * LB_ERR_SEAT): each is a player's position in the hand, 0..9, as the engine numbers its players
 * (PHH player indexes, 0 = first left of the button), and the Python API (lowball.Deck) calls it
 * a position. It is not a table's seat (lowball.table.Table).
 *
 * Card places. Every one of the 52 cards is in exactly one place at every moment:
 *   - the stub, stub[top..51], stub[top] is the next card dealt;
 *   - a seat's hand, hands[seat][0..hand_len[seat]-1], in the order the cards were received;
 *   - the muck, muck[0..n_muck-1]: folded hands, other mucked cards, and the discards of earlier
 *     draw rounds (moved there by lb_deck_end_draw);
 *   - the burn cards, burns[0..n_burns-1];
 *   - the discards of the draw round in progress, discards[0..n_discards-1], discards[i] thrown by
 *     seat discard_seat[i]; the owners are always seats already fully served in this round.
 * where[card] says which place (a seat number, or one of the LB_PLACE_* codes).
 *
 * Randomness. The caller gives an lb_random: next(ctx, &word) stores a uniformly random 64-bit word
 * and returns 0, or returns non-zero when the source has no word to give (a buffer ran dry). The
 * deck never keeps the source. A shuffle of m cards is Fisher-Yates from the last position down:
 * for i = m-1 .. 1, j = bounded(i+1), swap a[i], a[j]; bounded(s) is Lemire's multiply-and-reject
 * on one 64-bit word (x * s as a 128-bit product, high 64 bits are the result, rejected and redrawn
 * when the low 64 bits are below 2^64 mod s), so every j is exactly uniform: no modulo bias. A
 * source that fails mid-shuffle gives LB_ERR_RANDOM and the deck is unchanged.
 */
#ifndef LOWBALL_DECK_H
#define LOWBALL_DECK_H

#include <stdint.h>

#include "cards.h"

#define LB_DECK_MAX_SEATS 10  /* seats 0..9; 10 five-card hands is what 52 cards can hold */
#define LB_DECK_MAX_DISCARD 5 /* a player discards 0 to 5 cards in one draw */

/* where[card] values other than a seat number 0..LB_DECK_MAX_SEATS-1 */
#define LB_PLACE_STUB 32
#define LB_PLACE_MUCK 33
#define LB_PLACE_BURN 34
#define LB_PLACE_DISCARD 35 /* discarded in the draw round in progress */

/* Which cards make the new stub when the stub cannot complete a player's draw (RULES.md s. 4). */
typedef enum {
    /* The seeds' rule (default): the muck (earlier draws' discards, folded hands, other mucked
     * cards), the burn cards, and the discards of players already fully served in this draw.
     * Never the current player's own discards. The last stub card is always dealt first. */
    LB_RESHUFFLE_SEEDS = 0,
    /* The live-room rule (WSOP-LAR): the muck and the burn cards first; the discards of the draw
     * in progress only when the stub (its last card included), the muck and the burns together
     * cannot complete the player's draw, and then only those of the players already fully served
     * in this draw, never the current player's own, never those of players not yet served. That
     * order is Full Tilt Poker's published rule for draw games ("folded cards and discards from
     * previous draw rounds first, and then the discards from the current round if necessary",
     * fulltilt.com/poker/games/draw/reshuffle); no rulebook refuses a player's draw. Discards
     * used so are in the new stub (used up), as under the seeds' rule.
     * The last card of the stub is dealt only if it completes the draw round (the last player to
     * be served takes exactly the cards left); otherwise it goes into the new stub. */
    LB_RESHUFFLE_LIVE = 1
} lb_reshuffle_rule;

typedef struct {
    int (*next)(void *ctx, uint64_t *word); /* 0 and *word set, or non-zero: no word available */
    void *ctx;
} lb_random;

typedef struct {
    uint8_t stub[LB_NUM_CARDS]; /* stub[top..51]; stub[top] is dealt next */
    uint8_t top;                /* 0..52; 52 - top cards remain */
    uint8_t n_muck;
    uint8_t n_burns;
    uint8_t n_discards;
    uint8_t muck[LB_NUM_CARDS];
    uint8_t burns[LB_NUM_CARDS];
    uint8_t discards[LB_NUM_CARDS];
    uint8_t discard_seat[LB_NUM_CARDS];
    uint8_t hands[LB_DECK_MAX_SEATS][LB_NUM_CARDS];
    uint8_t hand_len[LB_DECK_MAX_SEATS];
    uint8_t where[LB_NUM_CARDS];
    uint8_t rule;             /* an lb_reshuffle_rule */
    uint8_t burn_before_draw; /* non-zero: lb_deck_begin_draw burns one card (live rooms) */
    uint8_t in_draw;          /* a draw round is in progress */
    uint8_t n_order;          /* seats to serve in this draw round, in order */
    uint8_t next; /* order[next] is the seat to serve now; next == n_order: all served */
    uint8_t order[LB_DECK_MAX_SEATS];
    uint8_t drawn[LB_DECK_MAX_SEATS]; /* cards each seat drew in this round (public information) */
    uint32_t reshuffles;              /* new stubs made from the muck since the last shuffle */
} lb_deck;

/* Bounded random number 0..bound-1 (bound 1..2^32-1), exactly uniform (Lemire). 0 or non-zero when
 * the source failed (then *out is untouched). */
int lb_random_bounded(const lb_random *rng, uint32_t bound, uint32_t *out);

/* Fisher-Yates shuffle of cards[0..n-1] in place (see the header comment for the exact order of
 * the random draws). LB_OK, or LB_ERR_RANDOM with cards possibly half shuffled. */
lb_status lb_shuffle_cards(uint8_t *cards, int n, const lb_random *rng);

/* A fresh deck: all 52 cards in the stub in card order (2c on top), nothing dealt, no draw round.
 * rule is an lb_reshuffle_rule (other values are treated as LB_RESHUFFLE_SEEDS). */
void lb_deck_init(lb_deck *d, lb_reshuffle_rule rule, int burn_before_draw);

/* Gather every card back and shuffle all 52 into a new stub: a new hand. Keeps rule and burn
 * setting; clears hands, muck, burns, the draw round and the reshuffle count. */
lb_status lb_deck_shuffle(lb_deck *d, const lb_random *rng);

/* Gather every card back and make the stub exactly order[0..51] (order[0] dealt first): to replay
 * a recorded hand. LB_ERR_RANGE / LB_ERR_DUPLICATE / LB_ERR_EXHAUSTED (n != 52) otherwise. */
lb_status lb_deck_set_order(lb_deck *d, const uint8_t *order, int n);

/* Deal n cards (0..52) from the top of the stub to seat, one after the other, appended to the
 * seat's hand and copied to out[0..n-1] (out may be NULL). Errors: LB_ERR_SEAT, LB_ERR_TURN (a draw
 * round is in progress: use lb_deck_draw), LB_ERR_TOO_MANY (n < 0), LB_ERR_EXHAUSTED (n > stub). */
lb_status lb_deck_deal(lb_deck *d, int seat, int n, uint8_t *out);

/* Deal one card to each of seats[0..n_seats-1] in turn, rounds times (the way a dealer pitches):
 * out[r * n_seats + i] is the card seat i got in round r. Same errors as lb_deck_deal, and
 * LB_ERR_SEAT for a repeated seat. */
lb_status lb_deck_deal_round(lb_deck *d, const uint8_t *seats, int n_seats, int rounds,
                             uint8_t *out);

/* Move the top card of the stub to the burn cards (out may be NULL). LB_ERR_EXHAUSTED if empty. */
lb_status lb_deck_burn(lb_deck *d, uint8_t *out);

/* Move cards[0..n-1], each held in some seat's hand, to the muck. LB_ERR_RANGE, LB_ERR_DUPLICATE,
 * LB_ERR_NOT_HELD; *bad (if not NULL) is set to the index of the offending card, else -1. */
lb_status lb_deck_muck(lb_deck *d, const uint8_t *cards, int n, int *bad);

/* Move the whole hand of seat to the muck. If a draw round is in progress and the seat is still
 * waiting to be served, it is taken out of the order. LB_ERR_SEAT. */
lb_status lb_deck_fold(lb_deck *d, int seat);

/* Begin a draw round: seats[0..n-1] will be served in this order (first active player left of the
 * button, clockwise). With burn_before_draw, the top stub card (if any) is burned first. Errors:
 * LB_ERR_TURN (a round is already in progress), LB_ERR_SEAT (bad or repeated seat). */
lb_status lb_deck_begin_draw(lb_deck *d, const uint8_t *seats, int n);

/* Serve the next seat of the draw round: it discards discards[0..n-1] (0..5 distinct cards of its
 * own hand; n = 0 stands pat) and receives n cards, copied to out[0..n-1] (out may be NULL) and
 * appended to its hand in the order dealt. When the stub cannot complete the draw, what is left of
 * it is dealt (under the live rule all but its last card unless that completes the round, see
 * lb_reshuffle_rule) and a new stub is shuffled from the pool the rule allows, in this order
 * before the shuffle: the leftover stub card (live rule), the muck, the burns, then this round's
 * discards of the seats already served: always under the seeds' rule; under the live rule only
 * when the stub, muck and burns hold fewer than n cards. Discards put in the pool are used up
 * (they are in the new stub). Errors, all before anything changes: LB_ERR_TURN (no round, or
 * seat is not order[next]), LB_ERR_SEAT, LB_ERR_TOO_MANY, LB_ERR_RANGE / LB_ERR_DUPLICATE /
 * LB_ERR_NOT_HELD (with *bad = index of the card, else -1), LB_ERR_EXHAUSTED (n is more than
 * lb_deck_available: even the stub, muck, burns and served discards together cannot complete the
 * draw; with every hand at five cards that takes ten seats), LB_ERR_RANDOM (the source failed
 * during the reshuffle). */
lb_status lb_deck_draw(lb_deck *d, int seat, const uint8_t *discards, int n, const lb_random *rng,
                       uint8_t *out, int *bad);

/* Cards the seat to be served now could receive at most: the stub plus the largest pool its rule
 * may reshuffle (muck, burns and this round's served discards; the same number under both rules,
 * since the live rule falls back on those discards). 0 when no draw round is in progress or every
 * seat of it has been served. A draw of n cards (n <= 5, cards of its hand) succeeds exactly when
 * n <= this number. */
int lb_deck_available(const lb_deck *d);

/* End the draw round: its discards join the muck (they are "earlier draws' discards" from now on).
 * LB_ERR_TURN if no round is in progress or a seat is still to be served. */
lb_status lb_deck_end_draw(lb_deck *d);

/* Check every invariant: each card in exactly one place, where[] agrees, counts add up to 52,
 * discard owners are served seats of the round in progress, the order has distinct valid seats.
 * LB_OK or LB_ERR_STATE. Pure. */
lb_status lb_deck_check(const lb_deck *d);

/* Recompute where[] from the place arrays (after a caller filled them, e.g. a restore), then
 * lb_deck_check. LB_ERR_STATE (where[] then undefined) if a card is missing, repeated or out of
 * range. */
lb_status lb_deck_rebuild(lb_deck *d);

#endif

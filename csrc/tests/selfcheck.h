/* Many triple-draw hands played on the C deck with every invariant checked after every step: run
 * by test_deck.c (ctest) and, through the shared library selfcheck_lib (CMake option
 * LOWBALL_TEST_HELPERS, built by tests/selfcheck.py), by tests/test_deck.py with numpy's
 * generators. Test-only: never part of the wheel. */
#ifndef LOWBALL_SELFCHECK_H
#define LOWBALL_SELFCHECK_H

#include <stdint.h>

#include "deck.h"

typedef struct {
    int64_t hands;
    int64_t reshuffles; /* new stubs made from the muck, summed over the hands */
    int64_t exhausted;  /* draws refused (LB_ERR_EXHAUSTED) and retried with what the rule gives */
    int64_t violations; /* broken checks: must be 0 */
} lb_selfcheck_result;

/* Play `hands` hands of `seats` (2..10) players with three draws. Each player discards his whole
 * hand on every draw (all_five), or a random 0..5 cards (lb_random_bounded from rng), retrying
 * with lb_deck_available cards when the rule cannot complete the draw. Checked after every step:
 * lb_deck_check (every card in exactly one place), no player dealt a card he discarded in this
 * draw, and under the live rule no card of this draw except the served players' discards pooled
 * by a draw that the stub, muck and burns could not complete (this one or an earlier one of the
 * round); a refused draw must leave the deck unchanged and ask for more than lb_deck_available.
 * A bad `seats` counts one violation and plays nothing. */
lb_selfcheck_result lb_selfcheck_hands(int64_t hands, int seats, lb_reshuffle_rule rule,
                                       int all_five, const lb_random *rng);

/* The same for a caller that holds a numpy BitGenerator (its ctypes next_uint64 and state):
 * writes hands, reshuffles, exhausted, violations into out[0..3]. */
void lb_selfcheck_bitgen(int64_t hands, int seats, int rule, int all_five,
                         uint64_t (*next_uint64)(void *state), void *state, int64_t out[4]);

#endif

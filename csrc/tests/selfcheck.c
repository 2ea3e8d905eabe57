#include "selfcheck.h"

#include <string.h>

lb_selfcheck_result lb_selfcheck_hands(int64_t hands, int seats, lb_reshuffle_rule rule,
                                       int all_five, const lb_random *rng) {
    lb_selfcheck_result r = {0, 0, 0, 0};
    lb_deck d, before;
    uint8_t seat_arr[LB_DECK_MAX_SEATS], out[LB_DECK_MAX_DISCARD], disc[LB_DECK_MAX_DISCARD];
    int64_t h;
    int draw, p, i, n, bad;
    uint32_t rnd;
    r.hands = hands;
    if (seats < 2 || seats > LB_DECK_MAX_SEATS || hands < 0) {
        r.violations = 1;
        return r;
    }
    for (p = 0; p < seats; p++) seat_arr[p] = (uint8_t)p;
    lb_deck_init(&d, rule, 0);
    for (h = 0; h < hands; h++) {
        if (lb_deck_shuffle(&d, rng) != LB_OK) r.violations++;
        if (lb_deck_deal_round(&d, seat_arr, seats, 5, NULL) != LB_OK) r.violations++;
        if (lb_deck_check(&d) != LB_OK) r.violations++;
        for (draw = 0; draw < 3; draw++) {
            uint64_t round_discards = 0;
            uint64_t pooled =
                0; /* this round's discards the live rule has shuffled into the stub */
            if (lb_deck_begin_draw(&d, seat_arr, seats) != LB_OK) r.violations++;
            for (p = 0; p < seats; p++) {
                uint64_t mine = 0;
                lb_status st;
                if (all_five) {
                    n = 5;
                } else {
                    if (lb_random_bounded(rng, 6, &rnd) != 0) r.violations++;
                    n = (int)rnd;
                }
                memcpy(disc, d.hands[p], (size_t)n);
                memcpy(&before, &d, sizeof d);
                st = lb_deck_draw(&d, p, disc, n, rng, out, &bad);
                if (st == LB_ERR_EXHAUSTED) {
                    r.exhausted++;
                    if (memcmp(&before, &d, sizeof d) != 0) r.violations++;
                    if (lb_deck_available(&d) >= n) r.violations++;
                    n = lb_deck_available(&d);
                    st = lb_deck_draw(&d, p, disc, n, rng, out, &bad);
                }
                if (st != LB_OK) {
                    r.violations++;
                    continue;
                }
                /* the live rule pools this round's served discards only when the stub, muck and
                 * burns cannot complete the draw */
                if ((52 - before.top) + before.n_muck + before.n_burns < n)
                    pooled |= round_discards;
                for (i = 0; i < n; i++) mine |= (uint64_t)1 << disc[i];
                for (i = 0; i < n; i++) {
                    if ((mine >> out[i]) & 1u) r.violations++; /* never his own discards */
                    if (rule == LB_RESHUFFLE_LIVE && (((round_discards & ~pooled) >> out[i]) & 1u))
                        r.violations++;
                }
                round_discards |= mine;
                if (lb_deck_check(&d) != LB_OK) r.violations++;
            }
            if (lb_deck_end_draw(&d) != LB_OK || lb_deck_check(&d) != LB_OK) r.violations++;
        }
        r.reshuffles += d.reshuffles;
    }
    return r;
}

typedef struct {
    uint64_t (*next_uint64)(void *state);
    void *state;
} bitgen_ctx;

static int bitgen_next(void *ctx, uint64_t *word) {
    bitgen_ctx *b = (bitgen_ctx *)ctx;
    *word = b->next_uint64(b->state);
    return 0;
}

void lb_selfcheck_bitgen(int64_t hands, int seats, int rule, int all_five,
                         uint64_t (*next_uint64)(void *state), void *state, int64_t out[4]) {
    bitgen_ctx b;
    lb_random rng;
    lb_selfcheck_result r;
    b.next_uint64 = next_uint64;
    b.state = state;
    rng.next = bitgen_next;
    rng.ctx = &b;
    r = lb_selfcheck_hands(hands, seats, (lb_reshuffle_rule)rule, all_five, &rng);
    out[0] = r.hands;
    out[1] = r.reshuffles;
    out[2] = r.exhausted;
    out[3] = r.violations;
}

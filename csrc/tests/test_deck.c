/* ctest for csrc/deck.c: exit 0 when every check passes. Runs under ASan/UBSan too.
 * Includes 100,000 six-handed triple-draw hands with every player discarding five cards on every
 * draw under each rule, and 100,000 with random discards (live rule), checking every invariant
 * after every step. */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "deck.h"
#include "selfcheck.h"

/* splitmix64: a small, well-mixed source for the tests */
typedef struct {
    uint64_t s;
    long limit; /* words left before the source "runs dry"; < 0 for unlimited */
} test_rng;

static int splitmix_next(void *ctx, uint64_t *word) {
    test_rng *r = (test_rng *)ctx;
    uint64_t z;
    if (r->limit == 0) return 1;
    if (r->limit > 0) r->limit--;
    z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    *word = z ^ (z >> 31);
    return 0;
}

/* a source that replays a fixed list of words */
typedef struct {
    const uint64_t *w;
    int n, pos;
} list_rng;

static int list_next(void *ctx, uint64_t *word) {
    list_rng *r = (list_rng *)ctx;
    if (r->pos >= r->n) return 1;
    *word = r->w[r->pos++];
    return 0;
}

static void test_bounded(void) {
    /* bound 3: 2^64 mod 3 = 1, so only a low product of 0 is rejected: x = 0 gives 0*3 = 0 */
    uint64_t words[] = {0, 0x8000000000000000ull, 0xffffffffffffffffull};
    list_rng lr = {words, 3, 0};
    lb_random rng = {list_next, &lr};
    uint32_t v = 99;
    CHECK(lb_random_bounded(&rng, 3, &v) == 0);
    CHECK(lr.pos == 2); /* the zero word was rejected */
    CHECK(v == 1);      /* (2^63 * 3) >> 64 = 1 */
    CHECK(lb_random_bounded(&rng, 3, &v) == 0);
    CHECK(v == 2); /* ((2^64-1) * 3) >> 64 = 2 */
    CHECK(lb_random_bounded(&rng, 3, &v) != 0);
    CHECK(v == 2); /* untouched on failure */
    {
        /* bound 1 always gives 0; the max bound works */
        uint64_t w1[] = {12345, 0xffffffffffffffffull};
        list_rng l1 = {w1, 2, 0};
        lb_random r1 = {list_next, &l1};
        CHECK(lb_random_bounded(&r1, 1, &v) == 0 && v == 0);
        CHECK(lb_random_bounded(&r1, 0xffffffffu, &v) == 0 && v == 0xfffffffeu);
    }
}

static void test_shuffle_and_failure(void) {
    lb_deck d, before;
    test_rng tr = {42, -1};
    lb_random rng = {splitmix_next, &tr};
    uint64_t seen = 0;
    int i;
    lb_deck_init(&d, LB_RESHUFFLE_SEEDS, 0);
    CHECK(lb_deck_check(&d) == LB_OK);
    for (i = 0; i < 52; i++) CHECK(d.stub[i] == i);
    CHECK(lb_deck_shuffle(&d, &rng) == LB_OK);
    CHECK(lb_deck_check(&d) == LB_OK);
    for (i = 0; i < 52; i++) seen |= (uint64_t)1 << d.stub[i];
    CHECK(seen == 0xfffffffffffffull);
    /* a source that runs dry after 10 words: LB_ERR_RANDOM, deck unchanged */
    memcpy(&before, &d, sizeof d);
    tr.limit = 10;
    CHECK(lb_deck_shuffle(&d, &rng) == LB_ERR_RANDOM);
    CHECK(memcmp(&before, &d, sizeof d) == 0);
}

static void test_errors_leave_state(void) {
    lb_deck d, before;
    test_rng tr = {7, -1};
    lb_random rng = {splitmix_next, &tr};
    uint8_t out[52], seats[3] = {0, 1, 2}, disc[6];
    int bad;
    lb_deck_init(&d, LB_RESHUFFLE_SEEDS, 0);
    CHECK(lb_deck_shuffle(&d, &rng) == LB_OK);
    CHECK(lb_deck_deal_round(&d, seats, 3, 5, out) == LB_OK);
    CHECK(d.hand_len[0] == 5 && d.hands[0][0] == out[0] && d.hands[1][0] == out[1]);
    CHECK(d.hands[2][4] == out[14]);
    memcpy(&before, &d, sizeof d);
#define SAME() CHECK(memcmp(&before, &d, sizeof d) == 0)
    CHECK(lb_deck_deal(&d, 10, 1, out) == LB_ERR_SEAT);
    SAME();
    CHECK(lb_deck_deal(&d, -1, 1, out) == LB_ERR_SEAT);
    SAME();
    CHECK(lb_deck_deal(&d, 3, 38, out) == LB_ERR_EXHAUSTED);
    SAME();
    CHECK(lb_deck_deal(&d, 3, -1, out) == LB_ERR_TOO_MANY);
    SAME();
    {
        uint8_t rep[2] = {4, 4}, ten[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        CHECK(lb_deck_deal_round(&d, rep, 2, 1, out) == LB_ERR_SEAT);
        SAME();
        CHECK(lb_deck_deal_round(&d, seats, 3, 13, out) == LB_ERR_EXHAUSTED);
        SAME();
        /* ten seats times INT_MAX / 5 + 1 rounds is 2^32 + 4: 4 if the product wrapped at 32 bits
         * (long on Windows and 32-bit targets), which would deal past the end of the stub */
        CHECK(lb_deck_deal_round(&d, ten, 10, INT_MAX / 5 + 1, NULL) == LB_ERR_EXHAUSTED);
        SAME();
        CHECK(lb_deck_deal_round(&d, ten, 10, INT_MAX, NULL) == LB_ERR_EXHAUSTED);
        SAME();
    }
    /* draw before begin */
    disc[0] = d.hands[0][0];
    CHECK(lb_deck_draw(&d, 0, disc, 1, &rng, out, &bad) == LB_ERR_TURN);
    SAME();
    CHECK(lb_deck_end_draw(&d) == LB_ERR_TURN);
    SAME();
    {
        uint8_t rep[2] = {1, 1}, badseat[1] = {12};
        CHECK(lb_deck_begin_draw(&d, rep, 2) == LB_ERR_SEAT);
        SAME();
        CHECK(lb_deck_begin_draw(&d, badseat, 1) == LB_ERR_SEAT);
        SAME();
    }
    CHECK(lb_deck_begin_draw(&d, seats, 3) == LB_OK);
    memcpy(&before, &d, sizeof d);
    CHECK(lb_deck_begin_draw(&d, seats, 3) == LB_ERR_TURN);
    SAME();
    CHECK(lb_deck_deal(&d, 0, 1, out) == LB_ERR_TURN);
    SAME();
    CHECK(lb_deck_end_draw(&d) == LB_ERR_TURN);
    SAME();
    /* out of turn */
    disc[0] = d.hands[1][0];
    CHECK(lb_deck_draw(&d, 1, disc, 1, &rng, out, &bad) == LB_ERR_TURN);
    SAME();
    /* more than five */
    memcpy(disc, d.hands[0], 5);
    disc[5] = d.hands[1][0];
    CHECK(lb_deck_draw(&d, 0, disc, 6, &rng, out, &bad) == LB_ERR_TOO_MANY);
    SAME();
    /* a card of another seat's hand, at index 2 */
    disc[2] = d.hands[1][3];
    CHECK(lb_deck_draw(&d, 0, disc, 3, &rng, out, &bad) == LB_ERR_NOT_HELD && bad == 2);
    SAME();
    /* a stub card */
    disc[2] = d.stub[d.top];
    CHECK(lb_deck_draw(&d, 0, disc, 3, &rng, out, &bad) == LB_ERR_NOT_HELD && bad == 2);
    SAME();
    /* twice */
    disc[2] = disc[0];
    CHECK(lb_deck_draw(&d, 0, disc, 3, &rng, out, &bad) == LB_ERR_DUPLICATE && bad == 2);
    SAME();
    disc[1] = 52;
    CHECK(lb_deck_draw(&d, 0, disc, 3, &rng, out, &bad) == LB_ERR_RANGE && bad == 1);
    SAME();
    {
        uint8_t m[2] = {0, 0};
        m[0] = d.stub[d.top];
        CHECK(lb_deck_muck(&d, m, 1, &bad) == LB_ERR_NOT_HELD && bad == 0);
        SAME();
        m[0] = d.hands[2][0];
        m[1] = d.hands[2][0];
        CHECK(lb_deck_muck(&d, m, 2, &bad) == LB_ERR_DUPLICATE && bad == 1);
        SAME();
    }
    CHECK(lb_deck_fold(&d, 11) == LB_ERR_SEAT);
    SAME();
#undef SAME
    /* a valid draw now works */
    memcpy(disc, d.hands[0], 2);
    CHECK(lb_deck_draw(&d, 0, disc, 2, &rng, out, &bad) == LB_OK);
    CHECK(d.hand_len[0] == 5 && d.hands[0][3] == out[0] && d.hands[0][4] == out[1]);
    CHECK(d.where[disc[0]] == LB_PLACE_DISCARD && d.discard_seat[0] == 0);
    CHECK(lb_deck_check(&d) == LB_OK);
    /* seat 1 folds while waiting: it leaves the order, seat 2 is next */
    CHECK(lb_deck_fold(&d, 1) == LB_OK);
    CHECK(d.n_order == 2 && d.order[1] == 2 && d.hand_len[1] == 0 && d.n_muck == 5);
    CHECK(lb_deck_draw(&d, 2, NULL, 0, &rng, out, &bad) == LB_OK); /* stands pat */
    CHECK(lb_deck_end_draw(&d) == LB_OK);
    CHECK(d.n_muck == 7 && d.where[disc[0]] == LB_PLACE_MUCK);
    CHECK(lb_deck_check(&d) == LB_OK);
    /* burn until the stub is empty, then burning fails */
    while (d.top < 52) CHECK(lb_deck_burn(&d, out) == LB_OK);
    memcpy(&before, &d, sizeof d);
    CHECK(lb_deck_burn(&d, out) == LB_ERR_EXHAUSTED);
    CHECK(memcmp(&before, &d, sizeof d) == 0);
    CHECK(lb_deck_deal(&d, 0, 1, out) == LB_ERR_EXHAUSTED);
    CHECK(memcmp(&before, &d, sizeof d) == 0);
}

/* RULES.md section 4, the seeds' example: players 1, 2, 3 discard 3, 2 and 1 cards; player 1 gets
 * three cards and player 2 one, and the stub is empty: the earlier muck is shuffled with player 1's
 * three discards only, and player 2 gets his second card from that. */
static void test_seed_example(void) {
    lb_deck d;
    test_rng tr = {2024, -1};
    lb_random rng = {splitmix_next, &tr};
    uint8_t order[52], out[5], seats[3] = {0, 1, 2};
    uint8_t d1[3], d2[2], d3[1];
    uint64_t allowed = 0;
    int i, bad;
    for (i = 0; i < 52; i++) order[i] = (uint8_t)i;
    lb_deck_init(&d, LB_RESHUFFLE_SEEDS, 0);
    CHECK(lb_deck_set_order(&d, order, 52) == LB_OK);
    CHECK(lb_deck_deal_round(&d, seats, 3, 5, NULL) == LB_OK); /* cards 0..14 */
    CHECK(lb_deck_deal(&d, 3, 33, NULL) == LB_OK);             /* 15..47 to seat 3 ... */
    CHECK(lb_deck_fold(&d, 3) == LB_OK);                       /* ... who folds: the muck */
    CHECK(d.top == 48 && d.n_muck == 33);
    for (i = 0; i < 33; i++) allowed |= (uint64_t)1 << d.muck[i];
    CHECK(lb_deck_begin_draw(&d, seats, 3) == LB_OK);
    d1[0] = 0;
    d1[1] = 3;
    d1[2] = 6; /* seat 0 holds 0 3 6 9 12 */
    d2[0] = 1;
    d2[1] = 4; /* seat 1 holds 1 4 7 10 13 */
    d3[0] = 2; /* seat 2 holds 2 5 8 11 14 */
    CHECK(lb_deck_draw(&d, 0, d1, 3, &rng, out, &bad) == LB_OK);
    CHECK(out[0] == 48 && out[1] == 49 && out[2] == 50 && d.reshuffles == 0 && d.top == 51);
    for (i = 0; i < 3; i++) allowed |= (uint64_t)1 << d1[i];
    CHECK(lb_deck_draw(&d, 1, d2, 2, &rng, out, &bad) == LB_OK);
    CHECK(out[0] == 51); /* what was left of the stub */
    CHECK(d.reshuffles == 1);
    CHECK(allowed >> out[1] & 1u);     /* from the muck plus player 1's discards */
    CHECK(out[1] != 1 && out[1] != 4); /* never his own discards */
    CHECK(52 - d.top == 35 && d.n_muck == 0 && d.n_discards == 2);
    CHECK(lb_deck_draw(&d, 2, d3, 1, &rng, out, &bad) == LB_OK);
    CHECK((allowed >> out[0] & 1u) && d.reshuffles == 1 && 52 - d.top == 34);
    CHECK(lb_deck_end_draw(&d) == LB_OK);
    CHECK(d.n_muck == 3 && lb_deck_check(&d) == LB_OK);
}

/* The live rule: the last stub card is not dealt unless it completes the round, and the current
 * round's discards go into the new stub only when the stub, muck and burns cannot complete the
 * draw; then only those of the seats already served. */
static void test_live_rule(void) {
    lb_deck d, e;
    test_rng tr = {99, -1};
    lb_random rng = {splitmix_next, &tr};
    uint8_t order[52], out[5], seats[3] = {0, 1, 2}, disc[5];
    int i, bad;
    for (i = 0; i < 52; i++) order[i] = (uint8_t)i;
    lb_deck_init(&d, LB_RESHUFFLE_LIVE, 0);
    CHECK(lb_deck_set_order(&d, order, 52) == LB_OK);
    CHECK(lb_deck_deal_round(&d, seats, 3, 5, NULL) == LB_OK);
    CHECK(lb_deck_deal(&d, 3, 33, NULL) == LB_OK);
    CHECK(lb_deck_begin_draw(&d, seats, 3) == LB_OK); /* stub: 48 49 50 51, muck empty */
    disc[0] = 0;
    disc[1] = 3;
    disc[2] = 6;
    disc[3] = 9;
    /* seat 0 wants 4 = the whole stub, but is not last: needs a pool of at least 0 beyond the
     * stub's 4 -> allowed; the last card goes into the new stub made of just itself */
    CHECK(lb_deck_draw(&d, 0, disc, 4, &rng, out, &bad) == LB_OK);
    CHECK(out[0] == 48 && out[1] == 49 && out[2] == 50 && out[3] == 51 && d.reshuffles == 1);
    /* seat 1 wants 1: stub, muck and burns empty, so the rule falls back on seat 0's four served
     * discards (never seat 1's own): one of 0 3 6 9, and those four are used up */
    disc[0] = 1;
    CHECK(lb_deck_available(&d) == 4);
    e = d;
    CHECK(lb_deck_draw(&e, 1, disc, 1, &rng, out, &bad) == LB_OK);
    CHECK(out[0] == 0 || out[0] == 3 || out[0] == 6 || out[0] == 9);
    CHECK(e.reshuffles == 2 && 52 - e.top == 3 && e.n_discards == 1 && e.discards[0] == 1);
    CHECK(lb_deck_check(&e) == LB_OK);
    /* instead, seat 3 folds first: its 33 mucked cards complete the draw alone */
    CHECK(lb_deck_fold(&d, 3) == LB_OK);
    CHECK(lb_deck_available(&d) == 33 + 4);
    CHECK(lb_deck_draw(&d, 1, disc, 1, &rng, out, &bad) == LB_OK);
    CHECK(out[0] >= 15 && out[0] <= 47 && d.reshuffles == 2);
    CHECK(d.n_discards == 5); /* seat 0's four and seat 1's one are kept out */
    CHECK(lb_deck_draw(&d, 2, NULL, 0, &rng, out, &bad) == LB_OK);
    CHECK(lb_deck_end_draw(&d) == LB_OK && lb_deck_check(&d) == LB_OK);

    /* the last seat taking exactly the last card: dealt, no reshuffle */
    lb_deck_init(&d, LB_RESHUFFLE_LIVE, 0);
    CHECK(lb_deck_set_order(&d, order, 52) == LB_OK);
    CHECK(lb_deck_deal_round(&d, seats, 3, 5, NULL) == LB_OK);
    CHECK(lb_deck_deal(&d, 3, 35, NULL) == LB_OK); /* stub: 50 51 */
    CHECK(lb_deck_begin_draw(&d, seats, 3) == LB_OK);
    CHECK(lb_deck_draw(&d, 0, NULL, 0, &rng, out, &bad) == LB_OK);
    disc[0] = 1;
    CHECK(lb_deck_draw(&d, 1, disc, 1, &rng, out, &bad) == LB_OK && out[0] == 50);
    disc[0] = 2;
    CHECK(lb_deck_draw(&d, 2, disc, 1, &rng, out, &bad) == LB_OK && out[0] == 51);
    CHECK(d.reshuffles == 0 && d.top == 52);
    CHECK(lb_deck_available(&d) == 0); /* everyone served */
}

/* Ten seats of five cards leave 2 in the stub and nothing else: neither rule can give three, the
 * refusal changes nothing, and lb_deck_available says what can be given. */
static void test_ten_seats_exhausted(void) {
    lb_deck d, before;
    test_rng tr = {11, -1};
    lb_random rng = {splitmix_next, &tr};
    uint8_t order[52], out[5], seats[10], disc[5];
    int i, r, bad;
    for (i = 0; i < 52; i++) order[i] = (uint8_t)i;
    for (i = 0; i < 10; i++) seats[i] = (uint8_t)i;
    for (r = LB_RESHUFFLE_SEEDS; r <= LB_RESHUFFLE_LIVE; r++) {
        lb_deck_init(&d, (lb_reshuffle_rule)r, 0);
        CHECK(lb_deck_set_order(&d, order, 52) == LB_OK);
        CHECK(lb_deck_deal_round(&d, seats, 10, 5, NULL) == LB_OK); /* seat 0: 0 10 20 30 40 */
        CHECK(lb_deck_available(&d) == 0);                          /* no draw round */
        CHECK(lb_deck_begin_draw(&d, seats, 10) == LB_OK);
        CHECK(lb_deck_available(&d) == 2);
        memcpy(disc, d.hands[0], 5);
        memcpy(&before, &d, sizeof d);
        CHECK(lb_deck_draw(&d, 0, disc, 5, &rng, out, &bad) == LB_ERR_EXHAUSTED);
        CHECK(lb_deck_draw(&d, 0, disc, 3, &rng, out, &bad) == LB_ERR_EXHAUSTED);
        CHECK(memcmp(&before, &d, sizeof d) == 0);
        CHECK(lb_deck_draw(&d, 0, disc, 2, &rng, out, &bad) == LB_OK);
        CHECK(out[0] == 50 && out[1] == 51);
        /* seat 1: only seat 0's two served discards are left, under either rule */
        CHECK(lb_deck_available(&d) == 2);
        memcpy(disc, d.hands[1], 5);
        memcpy(&before, &d, sizeof d);
        CHECK(lb_deck_draw(&d, 1, disc, 3, &rng, out, &bad) == LB_ERR_EXHAUSTED);
        CHECK(memcmp(&before, &d, sizeof d) == 0);
        CHECK(lb_deck_draw(&d, 1, disc, 2, &rng, out, &bad) == LB_OK);
        CHECK((out[0] == 0 && out[1] == 10) || (out[0] == 10 && out[1] == 0));
        CHECK(lb_deck_check(&d) == LB_OK);
    }
}

static void test_burn_before_draw(void) {
    lb_deck d;
    test_rng tr = {5, -1};
    lb_random rng = {splitmix_next, &tr};
    uint8_t seats[2] = {0, 1}, top;
    lb_deck_init(&d, LB_RESHUFFLE_SEEDS, 1);
    CHECK(lb_deck_shuffle(&d, &rng) == LB_OK);
    CHECK(lb_deck_deal_round(&d, seats, 2, 5, NULL) == LB_OK);
    top = d.stub[d.top];
    CHECK(lb_deck_begin_draw(&d, seats, 2) == LB_OK);
    CHECK(d.n_burns == 1 && d.burns[0] == top && d.where[top] == LB_PLACE_BURN);
    CHECK(lb_deck_check(&d) == LB_OK);
}

static void test_status_text(void) {
    CHECK(strcmp(lb_status_str(LB_OK), "ok") == 0);
    CHECK(strcmp(lb_status_str(LB_ERR_EXHAUSTED), "not enough cards") == 0);
    CHECK(strcmp(lb_status_str((lb_status)99), "unknown status") == 0);
}

static void test_rebuild(void) {
    lb_deck d;
    lb_deck_init(&d, LB_RESHUFFLE_SEEDS, 0);
    CHECK(lb_deck_rebuild(&d) == LB_OK);
    d.stub[5] = d.stub[6]; /* a card twice, one missing */
    CHECK(lb_deck_rebuild(&d) == LB_ERR_STATE);
    lb_deck_init(&d, LB_RESHUFFLE_SEEDS, 0);
    d.n_muck = 200; /* counts beyond 52 */
    CHECK(lb_deck_rebuild(&d) == LB_ERR_STATE);
    lb_deck_init(&d, LB_RESHUFFLE_SEEDS, 0);
    d.where[3] = 0;
    CHECK(lb_deck_check(&d) == LB_ERR_STATE);
}

/* 100,000 six-handed triple-draw hands through the self-check (selfcheck.c) on splitmix64. */
static void simulate(lb_reshuffle_rule rule, int all_five, uint64_t seed, int64_t *reshuffles,
                     int64_t *exhausted) {
    test_rng tr = {seed, -1};
    lb_random rng = {splitmix_next, &tr};
    lb_selfcheck_result r = lb_selfcheck_hands(100000, 6, rule, all_five, &rng);
    CHECK_EQ_INT(r.violations, 0);
    *reshuffles = r.reshuffles;
    *exhausted = r.exhausted;
}

int main(void) {
    int64_t reshuffles, exhausted;
    test_bounded();
    test_shuffle_and_failure();
    test_errors_leave_state();
    test_seed_example();
    test_live_rule();
    test_ten_seats_exhausted();
    test_burn_before_draw();
    test_rebuild();
    test_status_text();
    simulate(LB_RESHUFFLE_SEEDS, 1, 1, &reshuffles, &exhausted);
    /* 22 stub cards and 30 cards wanted per draw: one new stub in draws 1 and 2, two in draw 3
     * (the counts are the same in every hand; tests/test_deck.py walks through them) */
    printf("seeds, all five: %" PRId64 " reshuffles, %" PRId64 " exhausted\n", reshuffles,
           exhausted);
    CHECK(exhausted == 0);
    CHECK(reshuffles == 400000);
    simulate(LB_RESHUFFLE_LIVE, 1, 2, &reshuffles, &exhausted);
    /* the live rule completes every draw too: in each draw seat 4 finds 2 stub cards and no muck
     * or burns and falls back on the served discards; draws 2 and 3 also make a new stub at seat 2
     * from the last stub card and the muck: 1 + 2 + 2 new stubs per hand */
    printf("live, all five: %" PRId64 " reshuffles, %" PRId64 " exhausted\n", reshuffles,
           exhausted);
    CHECK(exhausted == 0);
    CHECK(reshuffles == 500000);
    simulate(LB_RESHUFFLE_LIVE, 0, 3, &reshuffles, &exhausted);
    printf("live, random discards: %" PRId64 " reshuffles, %" PRId64 " exhausted\n", reshuffles,
           exhausted);
    /* six players holding five cards leave 52 - 30 = 22 cards outside the hands: never short */
    CHECK(reshuffles > 0 && exhausted == 0);
    CHECK_DONE();
}

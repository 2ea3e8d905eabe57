/* ctest for lb_strategy_plan (odds.h): exit 0 when every check passes. Runs under ASan/UBSan too.
 * A plan must give lb_strategy_discard's answer for every hand. Checked against it, each hand
 * held in one of its 120 orders (the order turning with the hand's index), at every draw index,
 * each plan starting empty so that the hands themselves fill its table: the default strategy on
 * every one of the 2,598,960 five-card hands; strategies that reach the other branches of the
 * rule (break, never pat, all five kept, keep to a deuce or an ace, one-card draws to any hand,
 * per-draw settings, best_last, snow) on one hand in 8 and the first hand of each class (with the
 * argument "every": on every hand too, 4 s in all when optimised). Afterwards every class is known at every draw index. Every hand agreeing with the
 * entry the first hand of its class wrote also shows that the table does not depend on which
 * hand came first. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eval27.h"
#include "odds.h"

static uint16_t class_of(const char *text) {
    uint8_t c[5];
    int i = 0, n = 0, used, len = (int)strlen(text);
    while (i < len && n < 5) {
        CHECK_EQ_INT(lb_parse_card(text + i, len - i, &c[n], &used), LB_OK);
        i += used;
        n++;
    }
    CHECK_EQ_INT(n, 5);
    return lb_eval5_unchecked(c[0], c[1], c[2], c[3], c[4]);
}

/* The k-th order (0..119) of the five cards of c, into h. */
static void held_in_order(const uint8_t c[5], unsigned k, uint8_t h[5]) {
    int i;
    memcpy(h, c, 5);
    for (i = 4; i > 0; i--) {
        unsigned j = k % (unsigned)(i + 1);
        uint8_t t = h[i];
        k /= (unsigned)(i + 1);
        h[i] = h[j];
        h[j] = t;
    }
}

/* Every five-card hand in lexicographic order of card numbers, held in one of its 120 orders
 * (turning with its index): the plan's discard against lb_strategy_discard's at each draw index
 * (is_last at draw index 2 only when last is set), for every hand when every is 1, otherwise for
 * one hand in 8 (the index modulo 8 equal to `offset`) and every hand whose class the plan has
 * not met yet at that draw index (so that every class is met). Returns the hands compared. */
static uint32_t every_hand(const lb_strategy *s, lb_strategy_plan *plan, int last, int every,
                           unsigned offset) {
    uint8_t c[5], h[5];
    uint32_t index = 0, compared = 0;
    int a, b, x, y, z, d;
    for (a = 0; a < 52; a++)
        for (b = a + 1; b < 52; b++)
            for (x = b + 1; x < 52; x++)
                for (y = x + 1; y < 52; y++)
                    for (z = y + 1; z < 52; z++, index++) {
                        int all = every || index % 8u == offset;
                        uint16_t cls = lb_eval5_unchecked((uint8_t)a, (uint8_t)b, (uint8_t)x,
                                                          (uint8_t)y, (uint8_t)z);
                        c[0] = (uint8_t)a;
                        c[1] = (uint8_t)b;
                        c[2] = (uint8_t)x;
                        c[3] = (uint8_t)y;
                        c[4] = (uint8_t)z;
                        held_in_order(c, index % 120u, h);
                        for (d = 0; d < 3; d++) {
                            int is_last = last && d == 2;
                            unsigned want, got;
                            if (!all && plan->by_class[d][cls] != LB_PLAN_UNKNOWN) continue;
                            want = lb_strategy_discard(s, h, d, is_last);
                            got = lb_strategy_plan_discard(plan, h, d, is_last);
                            if (got != want) {
                                fprintf(stderr, "hand %d %d %d %d %d draw %d: %u, expected %u\n",
                                        h[0], h[1], h[2], h[3], h[4], d, got, want);
                                CHECK_EQ_INT(got, want);
                            }
                        }
                        compared += all;
                    }
    CHECK(index == LB_NUM_HANDS);
    return compared;
}

/* Every class 1..7462 known at every draw index once every hand was met; index 0 never. */
static void check_all_known(const lb_strategy_plan *plan) {
    int d, c, unknown = 0;
    for (d = 0; d < 3; d++) {
        CHECK_EQ_INT(plan->by_class[d][0], LB_PLAN_UNKNOWN);
        for (c = 1; c <= LB_NUM_CLASSES; c++) unknown += plan->by_class[d][c] == LB_PLAN_UNKNOWN;
    }
    CHECK_EQ_INT(unknown, 0);
}

static int every_mode = 0; /* the program's argument "every": every hand for every strategy */

/* A fresh plan of s through every_hand (every: all hands, else one in 8 and every class); the
 * plan is left in *plan. */
static void check_strategy(const lb_strategy *s, lb_strategy_plan *plan, const char *name, int last,
                           int every, unsigned offset) {
    uint32_t n;
    every = every || every_mode;
    lb_strategy_plan_init(plan, s);
    n = every_hand(s, plan, last, every, offset);
    CHECK(n == (every ? LB_NUM_HANDS : (LB_NUM_HANDS - offset + 7u) / 8u));
    check_all_known(plan);
    printf("%s: %" PRIu32 " hands at 3 draw indexes%s\n", name, n,
           every ? "" : ", and one of each class");
}

/* The default strategy (lowball.odds.DrawStrategy()): pat 8/8/J, draw to 7/7/8, one to 8-6. */
static lb_strategy default_strategy(void) {
    lb_strategy s;
    memset(&s, 0, sizeof s);
    s.pat[0] = s.pat[1] = class_of("8s7h6d5c3s");
    s.pat[2] = class_of("JsTh9d8c6s");
    s.brk[0] = s.brk[1] = s.brk[2] = LB_NUM_CLASSES;
    s.keep[0] = s.keep[1] = 5;
    s.keep[2] = 6;
    s.one[0] = s.one[1] = s.one[2] = class_of("8s6h5d4c3s");
    return s;
}

/* best_last: the plan's table on the draws before the last (draw index 2 not last included), the
 * rank patterns counted once on the last: a sample of hands at the last draw (each answer there
 * an exact count of about 30,000 steps). */
static void check_best_last(void) {
    static lb_strategy_plan plan;
    lb_strategy s = default_strategy();
    uint64_t z = 12345;
    int i, j;
    s.best_last = 1;
    s.target = class_of("9s8h7d6c4s");
    check_strategy(&s, &plan, "best_last 9, before the last draw", 0, 0, 4);
    for (i = 0; i < 3000; i++) {
        uint8_t h[5];
        uint64_t used = 0;
        for (j = 0; j < 5; j++) {
            uint8_t c;
            do { /* SplitMix64 */
                uint64_t w = (z += 0x9e3779b97f4a7c15ull);
                w = (w ^ (w >> 30)) * 0xbf58476d1ce4e5b9ull;
                w = (w ^ (w >> 27)) * 0x94d049bb133111ebull;
                c = (uint8_t)((w ^ (w >> 31)) % 52);
            } while ((used >> c) & 1u);
            used |= (uint64_t)1 << c;
            h[j] = c;
        }
        CHECK_EQ_INT(lb_strategy_plan_discard(&plan, h, 2, 1), lb_strategy_discard(&s, h, 2, 1));
    }
    printf("best_last 9: 3000 hands at the last draw\n");
}

int main(int argc, char **argv) {
    static lb_strategy_plan plan;
    lb_strategy s = default_strategy(), t;
    every_mode = argc > 1 && strcmp(argv[1], "every") == 0;
    check_strategy(&s, &plan, "default", 1, 1, 0);
    /* pat 9, break a 9 rougher than 8-6 over a smooth draw to 8, one-card draws by draw */
    memset(&t, 0, sizeof t);
    t.pat[0] = t.pat[1] = t.pat[2] = class_of("9s8h7d6c4s");
    t.brk[0] = t.brk[1] = t.brk[2] = class_of("8s6h5d4c3s");
    t.keep[0] = t.keep[1] = t.keep[2] = 6;
    t.one[0] = class_of("8s5h4d3c2s");
    t.one[1] = class_of("8s6h5d4c3s");
    t.one[2] = class_of("9s6h5d4c3s");
    check_strategy(&t, &plan, "pat 9, break 8-6, one 8-5/8-6/9-6", 1, 0, 1);
    /* never pat, keep every rank: all five kept (throw the top card) */
    memset(&t, 0, sizeof t);
    t.brk[0] = t.brk[1] = t.brk[2] = LB_NUM_CLASSES;
    t.keep[0] = t.keep[1] = t.keep[2] = 12;
    check_strategy(&t, &plan, "never pat, draw to an ace", 1, 0, 2);
    /* pat anything, break anything over a smooth draw (a pair on top included); per draw: draw
     * to a deuce, a five, an ace; one-card draws to any hand, none, a 7 */
    memset(&t, 0, sizeof t);
    t.pat[0] = LB_NUM_CLASSES;
    t.pat[1] = class_of("KsQhJd9c8s");
    t.pat[2] = 1;
    t.brk[0] = 1;
    t.brk[1] = class_of("9s8h7d6c4s");
    t.brk[2] = LB_NUM_CLASSES;
    t.keep[0] = 0;
    t.keep[1] = 3;
    t.keep[2] = 12;
    t.one[0] = LB_NUM_CLASSES;
    t.one[2] = class_of("7s6h5d4c2s");
    check_strategy(&t, &plan, "per draw: pat any/K/7-5, break, draw to 2/5/A, one any/none/7", 1, 0,
                   3);
    check_best_last();
    /* snow: never a card */
    s.snow = 1;
    {
        const uint8_t h[5] = {51, 47, 43, 39, 30};
        int d;
        lb_strategy_plan_init(&plan, &s);
        for (d = 0; d < 3; d++) CHECK_EQ_INT(lb_strategy_plan_discard(&plan, h, d, d == 2), 0);
    }
    /* lb_strategy_plans: one plan per different strategy, every field counting */
    {
        lb_strategy list[6];
        lb_strategy_plan *plans;
        int plan_of[6], i;
        list[0] = list[2] = s;
        list[1] = list[4] = default_strategy();
        list[3] = s;
        list[3].one[2]++;
        list[5] = s;
        list[5].target = 1;
        plans = lb_strategy_plans(list, 6, plan_of);
        CHECK(plans != NULL);
        if (plans) {
            const int want[6] = {0, 1, 0, 2, 1, 3};
            for (i = 0; i < 6; i++) {
                CHECK_EQ_INT(plan_of[i], want[i]);
                CHECK_EQ_INT(plans[plan_of[i]].s.one[2], list[i].one[2]);
                CHECK_EQ_INT(plans[plan_of[i]].s.target, list[i].target);
                CHECK_EQ_INT(plans[plan_of[i]].s.snow, list[i].snow);
            }
        }
        free(plans);
        CHECK(lb_strategy_plans(list, 0, plan_of) == NULL);
        CHECK(lb_strategy_plans(list, LB_PLANS_MAX + 1, plan_of) == NULL);
    }
    CHECK_DONE();
}

/* Timing of a strategy's discard (issue 31), not a test: lb_strategy_discard against
 * lb_strategy_plan_discard (odds.h) for the default strategy (lowball.odds.DrawStrategy()) on a
 * million random five-card hands at each draw index, in nanoseconds of processor time a decision
 * (C's clock(), so that a busy machine counts less; the plan first with its table empty, then
 * filled). Exit 1 if the two ever differ. Built with the C tests (cmake -DLOWBALL_C_TESTS=ON,
 * target time_strategy) but not run by ctest; by hand:
 *   cc -O2 -Icsrc csrc/tests/time_strategy.c csrc/odds.c csrc/eval27.c csrc/tables.c \
 *      csrc/deck.c csrc/cards.c csrc/status.c -o /tmp/time_strategy && /tmp/time_strategy
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eval27.h"
#include "odds.h"

#define HANDS 1000000

static double seconds(void) { return (double)clock() / CLOCKS_PER_SEC; } /* processor time */

static uint64_t state = 88172645463325252ull;
static uint64_t next_word(void) { /* SplitMix64 */
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int main(void) {
    static uint8_t hands[HANDS][5];
    static lb_strategy_plan plan;
    lb_strategy s;
    unsigned sum;
    int i, j, d, pass, differ = 0;
    double t;
    memset(&s, 0, sizeof s);
    s.pat[0] = s.pat[1] = 18; /* 8-7-6-5-3 */
    s.pat[2] = 246;           /* J-T-9-8-6 */
    s.brk[0] = s.brk[1] = s.brk[2] = LB_NUM_CLASSES;
    s.keep[0] = s.keep[1] = 5;          /* a 7 */
    s.keep[2] = 6;                      /* an 8 */
    s.one[0] = s.one[1] = s.one[2] = 9; /* 8-6-5-4-3 */
    for (i = 0; i < HANDS; i++) {
        uint64_t used = 0;
        for (j = 0; j < 5; j++) {
            uint8_t c;
            do c = (uint8_t)(next_word() % 52);
            while ((used >> c) & 1u);
            used |= (uint64_t)1 << c;
            hands[i][j] = c;
        }
    }
    for (d = 0; d < 3; d++) {
        sum = 0;
        t = seconds();
        for (i = 0; i < HANDS; i++) sum += lb_strategy_discard(&s, hands[i], d, d == 2);
        t = seconds() - t;
        printf("lb_strategy_discard, draw index %d: %.1f ns (sum %u)\n", d, t / HANDS * 1e9, sum);
    }
    lb_strategy_plan_init(&plan, &s);
    for (pass = 0; pass < 2; pass++)
        for (d = 0; d < 3; d++) {
            sum = 0;
            t = seconds();
            for (i = 0; i < HANDS; i++) sum += lb_strategy_plan_discard(&plan, hands[i], d, d == 2);
            t = seconds() - t;
            printf("lb_strategy_plan_discard, draw index %d, table %s: %.1f ns (sum %u)\n", d,
                   pass ? "filled" : "empty", t / HANDS * 1e9, sum);
        }
    for (d = 0; d < 3; d++)
        for (i = 0; i < HANDS; i++)
            differ += lb_strategy_plan_discard(&plan, hands[i], d, d == 2) !=
                      lb_strategy_discard(&s, hands[i], d, d == 2);
    printf("%d decisions differ\n", differ);
    return differ ? 1 : 0;
}

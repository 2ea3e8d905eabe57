/* The check macros of the C core's test programs: report every failure (up to LB_MAX_FAILURES,
 * then stop), exit non-zero at the end. One copy, included by every csrc/tests/test_*.c. */
#ifndef LOWBALL_CHECK_H
#define LOWBALL_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define LB_MAX_FAILURES 20 /* a check failing inside a long loop stops the program here */

static int lb_failures = 0;

#define LB_FAILED()                                                                                \
    do {                                                                                           \
        if (++lb_failures >= LB_MAX_FAILURES) {                                                    \
            fprintf(stderr, "%d checks failed: stopping\n", lb_failures);                          \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            LB_FAILED();                                                                           \
        }                                                                                          \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                         \
    do {                                                                                           \
        int64_t lb_a_ = (int64_t)(a), lb_b_ = (int64_t)(b);                                        \
        if (lb_a_ != lb_b_) {                                                                      \
            fprintf(stderr, "%s:%d: %s == %" PRId64 ", expected %s == %" PRId64 "\n", __FILE__,    \
                    __LINE__, #a, lb_a_, #b, lb_b_);                                               \
            LB_FAILED();                                                                           \
        }                                                                                          \
    } while (0)

#define CHECK_DONE()                                                                               \
    do {                                                                                           \
        if (lb_failures)                                                                           \
            fprintf(stderr, "%d check(s) failed\n", lb_failures);                                  \
        else                                                                                       \
            printf("all checks passed\n");                                                         \
        return lb_failures ? 1 : 0;                                                                \
    } while (0)

#endif

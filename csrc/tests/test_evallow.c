/* Tests of the ace-to-five and badugi evaluators on their own (ctest, also under
 * -fsanitize=address,undefined). The full comparison with slow reference rankers is in the Python
 * tests (tests/test_rankings_reference.py). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eval_a5.h"
#include "eval_badugi.h"

/* Parse exactly n cards from text like "5c4d3h2sAc" (test helper). */
static int parse_n(const char *text, uint8_t *out, int n) {
    int i = 0, k = 0, used, len = (int)strlen(text);
    while (k < n && i < len) {
        if (lb_parse_card(text + i, len - i, &out[k], &used) != LB_OK) return 0;
        i += used;
        k++;
    }
    return k == n && i == len;
}

static int a5(const char *text) {
    uint8_t c[5];
    if (!parse_n(text, c, 5)) return -1;
    return lb_eval_a5_unchecked(c[0], c[1], c[2], c[3], c[4]);
}

static int badugi(const char *text) {
    uint8_t c[4];
    if (!parse_n(text, c, 4)) return -1;
    return lb_eval_badugi_unchecked(c[0], c[1], c[2], c[3]);
}

static void test_named_hands(void) {
    CHECK_EQ_INT(a5("5c4d3h2sAc"), 1);           /* the wheel */
    CHECK_EQ_INT(a5("5c4c3c2cAc"), 1);           /* a flush does not count */
    CHECK_EQ_INT(a5("6c4d3h2sAc"), 2);           /* the nut six */
    CHECK_EQ_INT(a5("6c5d4h3s2c"), 6);           /* a straight does not count */
    CHECK_EQ_INT(a5("KcQdJhTs9c"), 1287);        /* the worst hand without a pair */
    CHECK_EQ_INT(a5("AcAd4h3s2c"), 1288);        /* aces are the best pair */
    CHECK_EQ_INT(a5("KcKdKhKsQc"), 6175);        /* the worst hand */
    CHECK(a5("8c7d4h3s2c") == a5("2h3d4c7s8h")); /* order and suits never matter */
    CHECK_EQ_INT(badugi("4c3d2hAs"), 1);         /* the best badugi */
    CHECK_EQ_INT(badugi("Ad2c3h6h"), 716);       /* WSOP-LAR 304: three-card 3-2-A ... */
    CHECK_EQ_INT(badugi("Ac3d4h5h"), 718);       /* ... beats three-card 4-3-A */
    CHECK_EQ_INT(badugi("KcKdKhKs"), 1092);      /* a one-card king, the worst */
    CHECK_EQ_INT(badugi("AcAdAhAs"), 1080);      /* a one-card ace, the best one-card hand */
    CHECK(badugi("8c5d3h2s") == badugi("2d3c5s8h"));
}

static void test_a5_all_hands(void) {
    uint16_t *all = malloc(sizeof(uint16_t) * 2598960);
    long *count = calloc(LB_A5_NUM_CLASSES + 1, sizeof(long));
    /* Hands per class by HandCategory: suit choices for the shape (flushes included). */
    static const long per_class[9] = {1024, 384, 144, 64, 0, 0, 24, 4, 0};
    long i;
    int cls, bad = 0;
    CHECK(all != NULL && count != NULL);
    if (!all || !count) return;
    lb_eval_a5_all(all);
    for (i = 0; i < 2598960; i++) {
        if (all[i] < 1 || all[i] > LB_A5_NUM_CLASSES)
            bad++;
        else
            count[all[i]]++;
    }
    CHECK_EQ_INT(bad, 0);
    for (cls = 1; cls <= LB_A5_NUM_CLASSES; cls++) {
        int cat = lb_category_a5(cls);
        if (cat < 0 || count[cls] != per_class[cat]) bad++;
    }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(lb_category_a5(0), -1);
    CHECK_EQ_INT(lb_category_a5(1287), 0);
    CHECK_EQ_INT(lb_category_a5(1288), 1);
    CHECK_EQ_INT(lb_category_a5(6175), 7);
    CHECK_EQ_INT(lb_category_a5(6176), -1);
    free(all);
    free(count);
}

static void test_badugi_all_hands(void) {
    uint16_t *all = malloc(sizeof(uint16_t) * LB_BADUGI_NUM_HANDS);
    long *count = calloc(LB_BADUGI_NUM_CLASSES + 1, sizeof(long));
    long i, by_cards[5] = {0, 0, 0, 0, 0};
    int cls, bad = 0;
    CHECK(all != NULL && count != NULL);
    if (!all || !count) return;
    lb_eval_badugi_all(all);
    for (i = 0; i < LB_BADUGI_NUM_HANDS; i++) {
        if (all[i] < 1 || all[i] > LB_BADUGI_NUM_CLASSES)
            bad++;
        else
            count[all[i]]++;
    }
    CHECK_EQ_INT(bad, 0);
    for (cls = 1; cls <= LB_BADUGI_NUM_CLASSES; cls++) {
        int cards = lb_badugi_cards(cls);
        if (cards < 1 || count[cls] == 0) bad++;
        if (cards == 4 && count[cls] != 24) bad++; /* four ranks in four suits: 4! hands */
        if (cards >= 1) by_cards[cards] += count[cls];
    }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(by_cards[4], 17160); /* 13 * 12 * 11 * 10 */
    CHECK_EQ_INT(by_cards[1], 2873);  /* four of a rank (13) or of a suit (4 * C(13, 4)) */
    CHECK_EQ_INT(by_cards[1] + by_cards[2] + by_cards[3] + by_cards[4], LB_BADUGI_NUM_HANDS);
    CHECK_EQ_INT(lb_badugi_cards(715), 4);
    CHECK_EQ_INT(lb_badugi_cards(716), 3);
    CHECK_EQ_INT(lb_badugi_cards(1093), -1);
    free(all);
    free(count);
}

static void test_batch_checks(void) {
    uint8_t five[3][5] = {{15, 10, 4, 0, 48}, {0, 1, 2, 3, 4}, {0, 1, 2, 3, 4}};
    uint8_t four[3][4] = {{8, 5, 2, 51}, {0, 1, 2, 3}, {0, 1, 2, 3}};
    uint16_t out[3];
    lb_status st;
    CHECK_EQ_INT(lb_eval_a5_batch(&five[0][0], 3, out, 1, &st), -1);
    CHECK_EQ_INT(out[0], 1);
    five[2][4] = 0;
    CHECK_EQ_INT(lb_eval_a5_batch(&five[0][0], 3, out, 1, &st), 2);
    CHECK_EQ_INT(st, LB_ERR_DUPLICATE);
    five[1][0] = 52;
    CHECK_EQ_INT(lb_eval_a5_batch(&five[0][0], 3, out, 1, &st), 1);
    CHECK_EQ_INT(st, LB_ERR_RANGE);
    CHECK_EQ_INT(lb_eval_badugi_batch(&four[0][0], 3, out, 1, &st), -1);
    CHECK_EQ_INT(out[0], 1);
    four[2][3] = 2;
    CHECK_EQ_INT(lb_eval_badugi_batch(&four[0][0], 3, out, 1, &st), 2);
    CHECK_EQ_INT(st, LB_ERR_DUPLICATE);
    four[1][1] = 200;
    CHECK_EQ_INT(lb_eval_badugi_batch(&four[0][0], 3, out, 1, &st), 1);
    CHECK_EQ_INT(st, LB_ERR_RANGE);
    /* Unchecked garbage stays inside the tables (the sanitizer would catch a stray read). */
    memset(five, 255, sizeof five);
    memset(four, 255, sizeof four);
    CHECK_EQ_INT(lb_eval_a5_batch(&five[0][0], 3, out, 0, &st), -1);
    CHECK_EQ_INT(lb_eval_badugi_batch(&four[0][0], 3, out, 0, &st), -1);
    memset(four, 51, sizeof four);
    CHECK_EQ_INT(lb_eval_badugi_batch(&four[0][0], 3, out, 0, &st), -1);
}

int main(void) {
    test_named_hands();
    test_a5_all_hands();
    test_badugi_all_hands();
    test_batch_checks();
    CHECK_DONE();
}

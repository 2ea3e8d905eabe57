/* Tests of the C evaluator on its own (run by ctest, also under -fsanitize=address,undefined). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eval27.h"

/* Parse exactly five cards from text like "7s5h4d3c2s" (test helper). */
static int parse5(const char *text, uint8_t out[5]) {
    int i = 0, n = 0, used, len = (int)strlen(text);
    while (n < 5 && i < len) {
        if (lb_parse_card(text + i, len - i, &out[n], &used) != LB_OK) return 0;
        i += used;
        n++;
    }
    return n == 5 && i == len;
}

static int eval_text(const char *text) {
    uint8_t c[5];
    lb_status st;
    uint16_t cls;
    if (!parse5(text, c)) return -1;
    cls = lb_eval5(c, &st);
    return st == LB_OK ? cls : -2;
}

static void test_named_hands(void) {
    CHECK_EQ_INT(eval_text("7s5h4d3c2s"), 1);     /* number one */
    CHECK_EQ_INT(eval_text("7s6h4d3c2s"), 2);     /* number two */
    CHECK_EQ_INT(eval_text("7s6h5d3c2s"), 3);     /* number three */
    CHECK_EQ_INT(eval_text("As5d4h3c2c"), 785);   /* ace high, not a straight (ojpoker) */
    CHECK_EQ_INT(eval_text("As5s4s3s2s"), 6648);  /* ace-high flush, not a straight flush */
    CHECK_EQ_INT(eval_text("AsKsQsJsTs"), 7462);  /* royal flush, the worst */
    CHECK_EQ_INT(eval_text("10s9s8s7s6s"), 7458); /* "10" is ten */
    CHECK_EQ_INT(eval_text("6c5d4h3s2c"), 5855);  /* six-high straight: first straight */
    CHECK_EQ_INT(eval_text("5h5d5cThTs"), 7185);  /* fives full of tens (ojpoker) */
    CHECK(eval_text("7s5h4d3c2s") == eval_text("2s3c4d5h7s")); /* order never matters */
    CHECK(eval_text("7s5h4d3c2s") == eval_text("7c5d4h3s2d")); /* suits never break a tie */
}

/* Every class occurs the number of times its shape allows, over all 2,598,960 hands. */
static void test_all_hands_histogram(void) {
    uint16_t *all = malloc(sizeof(uint16_t) * LB_NUM_HANDS);
    long *count = calloc(LB_NUM_CLASSES + 1, sizeof(long));
    /* Hands per class, by category: suit choices for that shape. */
    static const long per_class[9] = {1020, 384, 144, 64, 1020, 4, 24, 4, 4};
    long i;
    int cls, bad = 0;
    CHECK(all != NULL && count != NULL);
    if (!all || !count) return;
    lb_eval_all(all);
    for (i = 0; i < LB_NUM_HANDS; i++) {
        if (all[i] < 1 || all[i] > LB_NUM_CLASSES)
            bad++;
        else
            count[all[i]]++;
    }
    CHECK_EQ_INT(bad, 0);
    for (cls = 1; cls <= LB_NUM_CLASSES; cls++) {
        int cat = lb_category(cls);
        if (cat < 0 || count[cls] != per_class[cat]) {
            fprintf(stderr, "class %d (category %d): %ld hands\n", cls, cat, count[cls]);
            bad++;
            if (bad > 5) break;
        }
    }
    CHECK_EQ_INT(bad, 0);
    /* First hand in combinations order: 2c 2d 2h 2s 3c = four deuces, a three kicker. */
    CHECK_EQ_INT(lb_category(all[0]), 7);
    free(all);
    free(count);
}

static void test_batch_checks(void) {
    uint8_t rows[4][5] = {
        {23, 13, 10, 4, 0}, {51, 47, 43, 39, 35}, {0, 1, 2, 3, 4}, {0, 1, 2, 3, 4}};
    uint16_t out[4];
    lb_status st;
    int64_t r = lb_eval5_batch(&rows[0][0], 4, out, 1, &st);
    CHECK_EQ_INT(r, -1);
    CHECK_EQ_INT(st, LB_OK);
    CHECK_EQ_INT(out[0], 1);
    CHECK_EQ_INT(out[1], 7462);
    rows[2][4] = 52;
    r = lb_eval5_batch(&rows[0][0], 4, out, 1, &st);
    CHECK_EQ_INT(r, 2);
    CHECK_EQ_INT(st, LB_ERR_RANGE);
    rows[2][4] = 4;
    rows[3][4] = 0;
    r = lb_eval5_batch(&rows[0][0], 4, out, 1, &st);
    CHECK_EQ_INT(r, 3);
    CHECK_EQ_INT(st, LB_ERR_DUPLICATE);
    /* Unchecked garbage stays inside the tables (the sanitizer would catch a stray read). */
    memset(rows, 255, sizeof rows);
    r = lb_eval5_batch(&rows[0][0], 4, out, 0, &st);
    CHECK_EQ_INT(r, -1);
    memset(rows, 51, sizeof rows);
    r = lb_eval5_batch(&rows[0][0], 4, out, 0, &st);
    CHECK_EQ_INT(r, -1);
    /* A bad row past the first check block is found too. */
    {
        size_t n = 10000, i;
        uint8_t *many = malloc(5 * n);
        uint16_t *o = malloc(sizeof(uint16_t) * n);
        CHECK(many && o);
        if (!many || !o) return;
        for (i = 0; i < n; i++) memcpy(many + 5 * i, (const uint8_t[5]){0, 5, 10, 15, 20}, 5);
        many[5 * 9000 + 3] = 5;
        CHECK_EQ_INT(lb_eval5_batch(many, n, o, 1, &st), 9000);
        CHECK_EQ_INT(st, LB_ERR_DUPLICATE);
        free(many);
        free(o);
    }
}

static void test_cards(void) {
    uint8_t c;
    int used;
    char text[2];
    int card;
    for (card = 0; card < 52; card++) {
        lb_format_card((uint8_t)card, text);
        CHECK(lb_parse_card(text, 2, &c, &used) == LB_OK && c == card && used == 2);
    }
    CHECK(lb_parse_card("10d", 3, &c, &used) == LB_OK && c == LB_CARD(8, 1) && used == 3);
    CHECK(lb_parse_card("as", 2, &c, &used) == LB_OK && c == 51);
    CHECK(lb_parse_card("1d", 2, &c, &used) == LB_ERR_PARSE);
    CHECK(lb_parse_card("10", 2, &c, &used) == LB_ERR_PARSE);
    CHECK(lb_parse_card("7x", 2, &c, &used) == LB_ERR_PARSE);
    CHECK(lb_parse_card("7", 1, &c, &used) == LB_ERR_PARSE);
    {
        uint8_t dup[3] = {4, 9, 4}, big[2] = {1, 52};
        CHECK(lb_check_cards(dup, 3) == LB_ERR_DUPLICATE);
        CHECK(lb_check_cards(big, 2) == LB_ERR_RANGE);
        CHECK(lb_check_cards(dup, 2) == LB_OK);
    }
    CHECK_EQ_INT(lb_category(0), -1);
    CHECK_EQ_INT(lb_category(1), 0);
    CHECK_EQ_INT(lb_category(7462), 8);
    CHECK_EQ_INT(lb_category(7463), -1);
}

int main(void) {
    test_named_hands();
    test_all_hands_histogram();
    test_batch_checks();
    test_cards();
    CHECK_DONE();
}

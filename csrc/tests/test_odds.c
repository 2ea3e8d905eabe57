/* ctest for csrc/odds.c: exit 0 when every check passes. Runs under ASan/UBSan too.
 * Each counting function is checked against a brute force written here from odds.h alone (every
 * deal walked, every hand evaluated with lb_eval5_unchecked) on cases small enough to walk; the
 * generator against words numpy's PCG64 gives for a set state; the simulation against a replay of
 * single trials from the streams odds.h documents, and against itself split at several points.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eval27.h"
#include "odds.h"

/* ---- helpers ---------------------------------------------------------------------------------- */

/* The cards of text like "7s5h4d" into out; returns their number (-1 on a parse error). */
static int cards_of(const char *text, uint8_t *out) {
    int i = 0, n = 0, used, len = (int)strlen(text);
    while (i < len) {
        if (lb_parse_card(text + i, len - i, &out[n], &used) != LB_OK) return -1;
        i += used;
        n++;
    }
    return n;
}

static uint16_t class_of(const char *text) {
    uint8_t c[5];
    CHECK_EQ_INT(cards_of(text, c), 5);
    return lb_eval5_unchecked(c[0], c[1], c[2], c[3], c[4]);
}

/* A small source of test inputs (SplitMix64, written out here rather than taken from odds.c). */
static uint64_t test_state = 12345;
static uint64_t test_next(void) {
    uint64_t z = (test_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* n distinct cards not in *used (a 52-bit mask), added to it. */
static void deal_cards(int n, uint8_t *out, uint64_t *used) {
    int k = 0;
    while (k < n) {
        uint8_t c = (uint8_t)(test_next() % 52);
        if ((*used >> c) & 1u) continue;
        *used |= (uint64_t)1 << c;
        out[k++] = c;
    }
}

/* Every card not in used, in card order; returns their number. */
static int rest_of(uint64_t used, uint8_t *out) {
    int c, n = 0;
    for (c = 0; c < 52; c++)
        if (!((used >> c) & 1u)) out[n++] = (uint8_t)c;
    return n;
}

static uint64_t binom(int n, int k) {
    uint64_t r = 1;
    int i;
    if (k < 0 || k > n) return 0;
    for (i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

/* The first k-combination of 0..n-1 in idx; next_comb steps to the next (0: there is none). */
static void first_comb(int *idx, int k) {
    int j;
    for (j = 0; j < k; j++) idx[j] = j;
}

static int next_comb(int *idx, int k, int n) {
    int i = k - 1, j;
    while (i >= 0 && idx[i] == n - k + i) i--;
    if (i < 0) return 0;
    idx[i]++;
    for (j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    return 1;
}

static uint16_t eval_hand(const uint8_t h[5]) {
    return lb_eval5_unchecked(h[0], h[1], h[2], h[3], h[4]);
}

/* ---- the generator ---------------------------------------------------------------------------- */

static void test_pcg64(void) {
    /* numpy: g = PCG64(); g.state = {"bit_generator": "PCG64", "state": {"state": s, "inc": i},
     * "has_uint32": 0, "uinteger": 0}; g.random_raw(5), with
     * s = 0x0123456789abcdef_fedcba9876543210, i = 0x1111222233334444_5555666677778889 */
    static const uint64_t words[5] = {0x25365ca86d4779c3ull, 0x2fc95b954d84eb41ull,
                                      0xe455031b043faf28ull, 0xa265b9fa67015029ull,
                                      0x578c24ea6d7031e4ull};
    lb_pcg64 g = {0x0123456789abcdefull, 0xfedcba9876543210ull, 0x1111222233334444ull,
                  0x5555666677778889ull};
    lb_pcg64 z = {0, 0, 0, 1}; /* state 0, inc 1: numpy gives 1, then ... */
    int i;
    for (i = 0; i < 5; i++) CHECK(lb_pcg64_next(&g) == words[i]);
    CHECK(lb_pcg64_next(&z) == 1u);
    CHECK(lb_pcg64_next(&z) == 0xe260e53261800aabull);
    CHECK(lb_pcg64_next(&z) == 0xd4feb4e5a4bcfe09ull);
    /* SplitMix64 seeded with 0 outputs mix(gamma), mix(2 * gamma): the published first words */
    CHECK(lb_mix64(0x9e3779b97f4a7c15ull) == 0xe220a8397b1dcdafull);
    CHECK(lb_mix64(0x3c6ef372fe94f82aull) == 0x6e789e6aa1b965f4ull);
    CHECK(lb_mix64(0) == 0);
}

/* ---- draw histograms -------------------------------------------------------------------------- */

static void brute_hist(const uint8_t *kept, int n_kept, const uint8_t *unseen, int n,
                       uint64_t *hist) {
    int a = 5 - n_kept, idx[5], j;
    uint8_t h[5];
    memcpy(h, kept, (size_t)n_kept);
    first_comb(idx, a);
    do {
        for (j = 0; j < a; j++) h[n_kept + j] = unseen[idx[j]];
        hist[eval_hand(h)]++;
    } while (next_comb(idx, a, n));
}

static void test_draw_hist(void) {
    uint64_t *got = calloc(LB_NUM_CLASSES + 1, sizeof *got);
    uint64_t *want = calloc(LB_NUM_CLASSES + 1, sizeof *want);
    int case_no, k;
    CHECK(got && want);
    if (!got || !want) goto done;
    for (case_no = 0; case_no < 24; case_no++) {
        uint8_t kept[5], unseen[52];
        uint64_t used = 0, total, sum = 0;
        int n_kept = case_no % 6, n, c;
        /* kept cards from the whole deck; the unseen cards: all the rest, or 20 of them */
        deal_cards(n_kept, kept, &used);
        if (case_no < 12) {
            n = rest_of(used, unseen);
        } else {
            n = 20;
            deal_cards(n, unseen, &used);
        }
        if (n_kept == 0 && n > 20) continue; /* C(47, 5) is walked by the total check below */
        memset(got, 0, (LB_NUM_CLASSES + 1) * sizeof *got);
        memset(want, 0, (LB_NUM_CLASSES + 1) * sizeof *want);
        total = lb_draw_hist(kept, n_kept, unseen, n, got);
        brute_hist(kept, n_kept, unseen, n, want);
        CHECK(total == binom(n, 5 - n_kept));
        CHECK(got[0] == 0);
        for (c = 1; c <= LB_NUM_CLASSES; c++) {
            sum += got[c];
            if (got[c] != want[c]) {
                fprintf(stderr, "case %d class %d: %" PRIu64 ", expected %" PRIu64 "\n", case_no, c,
                        got[c], want[c]);
                CHECK(got[c] == want[c]);
                break;
            }
        }
        CHECK(sum == total);
    }
    /* drawing five to nothing from all 52 cards: every hand once, so the category sizes */
    {
        uint8_t all[52];
        uint64_t per_cat[10] = {0};
        int n = rest_of(0, all), c;
        memset(got, 0, (LB_NUM_CLASSES + 1) * sizeof *got);
        CHECK(lb_draw_hist(NULL, 0, all, n, got) == 2598960u);
        for (c = 1; c <= LB_NUM_CLASSES; c++) per_cat[lb_category(c)] += got[c];
        CHECK(per_cat[0] == 1278u * 1020u); /* no pair, straight or flush (A-5-4-3-2 is none) */
        CHECK(per_cat[1] == 1098240u);      /* one pair */
        CHECK(per_cat[2] == 123552u);       /* two pair */
    }
    /* a pat hand: one completion; more cards to draw than there are: nothing */
    {
        uint8_t h[5], u[2];
        CHECK_EQ_INT(cards_of("7s5h4d3c2s", h), 5);
        memset(got, 0, (LB_NUM_CLASSES + 1) * sizeof *got);
        CHECK(lb_draw_hist(h, 5, NULL, 0, got) == 1u);
        CHECK(got[1] == 1u);
        for (k = 2; k <= LB_NUM_CLASSES; k++) CHECK(got[k] == 0u);
        CHECK_EQ_INT(cards_of("8s9s", u), 2);
        CHECK(lb_draw_hist(h, 2, u, 2, got) == 0u);
    }
done:
    free(got);
    free(want);
}

/* ---- exact heads-up --------------------------------------------------------------------------- */

static void brute_headsup(const uint8_t *ka, int na, const uint8_t *kb, int nb, const uint8_t *u,
                          int n, uint64_t out[4]) {
    int a = 5 - na, b = 5 - nb, ia[5], ib[5], j;
    uint8_t ha[5], hb[5], rest[52];
    memcpy(ha, ka, (size_t)na);
    memcpy(hb, kb, (size_t)nb);
    out[0] = out[1] = out[2] = out[3] = 0;
    first_comb(ia, a);
    do {
        uint64_t taken = 0;
        int m = 0;
        uint16_t ca;
        for (j = 0; j < a; j++) {
            ha[na + j] = u[ia[j]];
            taken |= (uint64_t)1 << ia[j];
        }
        for (j = 0; j < n; j++)
            if (!((taken >> j) & 1u)) rest[m++] = u[j];
        ca = eval_hand(ha);
        first_comb(ib, b);
        do {
            uint16_t cb;
            for (j = 0; j < b; j++) hb[nb + j] = rest[ib[j]];
            cb = eval_hand(hb);
            out[ca < cb ? 0 : ca == cb ? 1 : 2]++;
            out[3]++;
        } while (next_comb(ib, b, m));
    } while (next_comb(ia, a, n));
}

static int check_headsup(const uint8_t *ka, int na, const uint8_t *kb, int nb, const uint8_t *u,
                         int n) {
    uint64_t got[4] = {9, 9, 9, 9}, want[4];
    lb_status st = lb_exact_headsup(ka, na, kb, nb, u, n, got);
    CHECK_EQ_INT(st, LB_OK);
    brute_headsup(ka, na, kb, nb, u, n, want);
    if (memcmp(got, want, sizeof got) != 0) {
        fprintf(stderr,
                "heads-up %d kept vs %d kept of %d: got %" PRIu64 " %" PRIu64 " %" PRIu64
                " %" PRIu64 ", brute %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
                na, nb, n, got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
        CHECK(0);
        return 0;
    }
    return 1;
}

static void test_exact_headsup(void) {
    int na, nb, rep;
    /* every pair of draw sizes, on 12 unseen cards (at most C(12,5) * C(7,5) deals to walk) */
    for (na = 0; na <= 5; na++)
        for (nb = 0; nb <= 5; nb++)
            for (rep = 0; rep < 3; rep++) {
                uint8_t ka[5], kb[5], u[52];
                uint64_t used = 0;
                int n = 12;
                deal_cards(na, ka, &used);
                deal_cards(nb, kb, &used);
                if ((5 - na) + (5 - nb) > n) n = (5 - na) + (5 - nb);
                deal_cards(n, u, &used);
                check_headsup(ka, na, kb, nb, u, n);
            }
    /* low cards only, where ties, straights and flushes are common: 13 unseen of ranks 2..7 */
    {
        uint8_t ka[3], kb[3], u[13];
        CHECK_EQ_INT(cards_of("2c3c4c", ka), 3);
        CHECK_EQ_INT(cards_of("2d3d4d", kb), 3);
        CHECK_EQ_INT(cards_of("5c5d6c6d7c7d2h3h4h5h6h7h2s", u), 13);
        check_headsup(ka, 3, kb, 3, u, 13);
        check_headsup(ka, 2, kb, 1, u, 13);
    }
    /* full size: two against two and one against three from the 42 unseen cards */
    {
        uint8_t a[5], b[5], u[52];
        uint64_t used = 0;
        int n;
        CHECK_EQ_INT(cards_of("7h5c4dKd9c", a), 5);
        CHECK_EQ_INT(cards_of("8s6d3hQsJh", b), 5);
        for (n = 0; n < 5; n++) used |= ((uint64_t)1 << a[n]) | ((uint64_t)1 << b[n]);
        n = rest_of(used, u);
        CHECK_EQ_INT(n, 42);
        check_headsup(a, 3, b, 3, u, n);
        check_headsup(a, 4, b, 2, u, n);
        /* the same deals counted by the other exact method (walking every deal) */
        {
            uint8_t kept[10];
            int nk[2] = {3, 2};
            uint64_t w[2], t[2], s[2], deals = 0, hu[4];
            memcpy(kept, a, 5);
            memcpy(kept + 5, b, 5);
            CHECK_EQ_INT(lb_exact_multiway(2, kept, nk, u, n, 100000000u, w, t, s, &deals), LB_OK);
            CHECK_EQ_INT(lb_exact_headsup(a, 3, b, 2, u, n, hu), LB_OK);
            CHECK(deals == hu[3] && w[0] == hu[0] && t[0] == hu[1] && w[1] == hu[2]);
            CHECK(deals == binom(42, 2) * binom(40, 3));
        }
    }
    /* more cards drawn than there are */
    {
        uint8_t u[9];
        uint64_t out[4] = {7, 7, 7, 7};
        int i;
        for (i = 0; i < 9; i++) u[i] = (uint8_t)(20 + i);
        CHECK_EQ_INT(lb_exact_headsup(NULL, 0, u, 0, u, 9, out), LB_ERR_EXHAUSTED);
        CHECK(out[0] == 7 && out[3] == 7);
    }
}

/* ---- exact multi-way -------------------------------------------------------------------------- */

typedef struct {
    int players, n;
    const uint8_t *kept;
    const int *n_kept;
    const uint8_t *u;
    uint8_t h[LB_ODDS_MAX_PLAYERS][5];
    uint64_t wins[LB_ODDS_MAX_PLAYERS], ties[LB_ODDS_MAX_PLAYERS], share[LB_ODDS_MAX_PLAYERS],
        deals;
} brute_multi;

static void brute_walk(brute_multi *B, int p, uint64_t taken) {
    int a, idx[5], j, free_pos[52], m = 0;
    if (p == B->players) {
        uint16_t c[LB_ODDS_MAX_PLAYERS], best = 0xffff;
        int q, tied = 0;
        for (q = 0; q < B->players; q++) {
            c[q] = eval_hand(B->h[q]);
            if (c[q] < best) best = c[q];
        }
        for (q = 0; q < B->players; q++) tied += c[q] == best;
        for (q = 0; q < B->players; q++) {
            if (c[q] != best) continue;
            if (tied == 1)
                B->wins[q]++;
            else
                B->ties[q]++;
            B->share[q] += (uint64_t)(LB_ODDS_SHARE / tied);
        }
        B->deals++;
        return;
    }
    a = 5 - B->n_kept[p];
    memcpy(B->h[p], B->kept + 5 * p, (size_t)B->n_kept[p]);
    for (j = 0; j < B->n; j++)
        if (!((taken >> j) & 1u)) free_pos[m++] = j;
    first_comb(idx, a);
    do {
        uint64_t t = taken;
        for (j = 0; j < a; j++) {
            B->h[p][B->n_kept[p] + j] = B->u[free_pos[idx[j]]];
            t |= (uint64_t)1 << free_pos[idx[j]];
        }
        brute_walk(B, p + 1, t);
    } while (next_comb(idx, a, m));
}

static void test_exact_multiway(void) {
    int rep, p;
    for (rep = 0; rep < 12; rep++) {
        brute_multi B;
        uint8_t kept[5 * LB_ODDS_MAX_PLAYERS], u[52];
        int n_kept[LB_ODDS_MAX_PLAYERS], players = 3 + rep % 3, need = 0, n;
        uint64_t used = 0, w[LB_ODDS_MAX_PLAYERS], t[LB_ODDS_MAX_PLAYERS], s[LB_ODDS_MAX_PLAYERS],
                 deals;
        uint64_t total_share = 0;
        for (p = 0; p < players; p++) {
            n_kept[p] = 3 + (rep + p) % 3; /* draw 0..2 each */
            deal_cards(n_kept[p], kept + 5 * p, &used);
            need += 5 - n_kept[p];
        }
        n = need + 4;
        deal_cards(n, u, &used);
        memset(&B, 0, sizeof B);
        B.players = players;
        B.n = n;
        B.kept = kept;
        B.n_kept = n_kept;
        B.u = u;
        brute_walk(&B, 0, 0);
        CHECK_EQ_INT(lb_exact_multiway(players, kept, n_kept, u, n, 1000000u, w, t, s, &deals),
                     LB_OK);
        CHECK(deals == B.deals);
        for (p = 0; p < players; p++) {
            CHECK(w[p] == B.wins[p] && t[p] == B.ties[p] && s[p] == B.share[p]);
            total_share += s[p];
        }
        CHECK(total_share == deals * LB_ODDS_SHARE);
    }
    /* over budget, too few cards, too few or too many players: an error and nothing written */
    {
        uint8_t kept[10], u[52];
        int nk[2] = {0, 0};
        uint64_t w[2] = {5, 5}, t[2] = {5, 5}, s[2] = {5, 5}, deals = 5, used = 0;
        deal_cards(20, u, &used);
        CHECK_EQ_INT(lb_exact_multiway(2, kept, nk, u, 20, 1000u, w, t, s, &deals),
                     LB_ERR_TOO_MANY);
        CHECK_EQ_INT(lb_exact_multiway(2, kept, nk, u, 9, 1u << 30, w, t, s, &deals),
                     LB_ERR_EXHAUSTED);
        CHECK_EQ_INT(lb_exact_multiway(1, kept, nk, u, 20, 1u << 30, w, t, s, &deals), LB_ERR_SEAT);
        CHECK_EQ_INT(
            lb_exact_multiway(LB_ODDS_MAX_PLAYERS + 1, kept, nk, u, 20, 1u << 30, w, t, s, &deals),
            LB_ERR_SEAT);
        CHECK(w[0] == 5 && t[1] == 5 && s[0] == 5 && deals == 5);
    }
}

/* ---- the best discard ------------------------------------------------------------------------- */

/* For each of the 32 discards of hand: the completions from the 47 other cards per class. */
static void brute_discards(const uint8_t hand[5], uint64_t (*hist)[LB_NUM_CLASSES + 1]) {
    uint8_t u[52];
    uint64_t used = 0;
    unsigned mask;
    int i, n;
    for (i = 0; i < 5; i++) used |= (uint64_t)1 << hand[i];
    n = rest_of(used, u);
    for (mask = 0; mask < 32; mask++) {
        uint8_t kept[5];
        int nk = 0;
        for (i = 0; i < 5; i++)
            if (!((mask >> i) & 1u)) kept[nk++] = hand[i];
        memset(hist[mask], 0, sizeof hist[mask]);
        brute_hist(kept, nk, u, n, hist[mask]);
    }
}

static int popcount5(unsigned m) {
    return (int)((m & 1u) + (m >> 1 & 1u) + (m >> 2 & 1u) + (m >> 3 & 1u) + (m >> 4 & 1u));
}

/* The discard that most often makes target or better (the chance: good / C(47, thrown)), ties to
 * the fewest cards thrown, then the smallest mask. */
/* The cards a discard throws, as a sum of 1 << card (odds.h breaks ties by it). */
static uint64_t thrown_cards(const uint8_t hand[5], unsigned mask) {
    uint64_t out = 0;
    int i;
    for (i = 0; i < 5; i++)
        if ((mask >> i) & 1u) out |= (uint64_t)1 << hand[i];
    return out;
}

static unsigned brute_best(const uint8_t hand[5], uint64_t (*hist)[LB_NUM_CLASSES + 1], int target,
                           uint64_t good[32]) {
    unsigned mask, best = 0;
    int c;
    for (mask = 0; mask < 32; mask++) {
        good[mask] = 0;
        for (c = 1; c <= target; c++) good[mask] += hist[mask][c];
    }
    for (mask = 1; mask < 32; mask++) {
        uint64_t lhs = good[mask] * binom(47, popcount5(best)),
                 rhs = good[best] * binom(47, popcount5(mask));
        if (lhs > rhs || (lhs == rhs && (popcount5(mask) < popcount5(best) ||
                                         (popcount5(mask) == popcount5(best) &&
                                          thrown_cards(hand, mask) > thrown_cards(hand, best)))))
            best = mask;
    }
    return best;
}

static void test_best_discard(void) {
    uint64_t (*hist)[LB_NUM_CLASSES + 1] = malloc(32 * sizeof *hist);
    static const char *hands[] = {"7s5h4d3c2s", "2c3d4h5sKc", "8s6d4c3h2d", "9c9d5h3s2c",
                                  "KhQh4h3h2h"};
    static const char *targets[] = {"7s5h4d3c2c", "7s6h5d4c2c", "8s6h5d4c3c", "9s8h7d6c4c",
                                    "TsJh8d6c4c"};
    int h, t, wrong = 0, asked = 0;
    uint8_t pat[5];
    uint64_t count = 0;
    CHECK(hist != NULL);
    if (!hist) return;
    for (h = 0; h < 5; h++) {
        uint8_t hand[5];
        CHECK_EQ_INT(cards_of(hands[h], hand), 5);
        brute_discards(hand, hist);
        for (t = 0; t < 5; t++) {
            uint64_t good[32], got_count = 0;
            int target = class_of(targets[t]);
            unsigned want = brute_best(hand, hist, target, good),
                     got = lb_best_discard(hand, target, &got_count);
            CHECK(got < 32);
            /* the count it reports is the number of good completions of the discard it chose */
            if (got < 32) CHECK(got_count == good[got]);
            asked++;
            wrong += got != want;
        }
    }
    /* 7-5-4-3-2 aiming at a 7-low: standing pat makes it every time; it throws cards instead */
    CHECK_EQ_INT(cards_of("7s5h4d3c2s", pat), 5);
    /* (this threw cards while counts out of C(47, k) were compared across k) */
    CHECK(lb_best_discard(pat, 1, &count) == 0 && count == 1);
    CHECK_EQ_INT(wrong, 0);
    CHECK(asked == 25);
    free(hist);
}

/* ---- strategies ------------------------------------------------------------------------------- */

static unsigned discard_of(const lb_strategy *s, const char *text, int d, int is_last) {
    uint8_t h[5];
    CHECK_EQ_INT(cards_of(text, h), 5);
    return lb_strategy_discard(s, h, d, is_last);
}

static void test_strategy(void) {
    lb_strategy s;
    uint16_t eight = class_of("8s7h6d5c3s"), nine = class_of("9s8h7d6c4s");
    memset(&s, 0, sizeof s);
    s.pat[0] = s.pat[1] = eight;
    s.pat[2] = nine;
    s.brk[0] = s.brk[1] = s.brk[2] = LB_NUM_CLASSES;
    s.keep[0] = s.keep[1] = 5; /* draw to a 7 (rank index 5) */
    s.keep[2] = 6;             /* ... and to an 8 on the last draw */
    /* positions: bit i is the i-th card of the text */
    CHECK_EQ_INT(discard_of(&s, "2c3d4h7sKc", 0, 0), 1u << 4); /* throw the king */
    CHECK_EQ_INT(discard_of(&s, "2c2d4h7s9c", 0, 0),
                 (1u << 1) | (1u << 4)); /* 2d (2c kept) and 9 */
    CHECK_EQ_INT(discard_of(&s, "2d2c4h7s9c", 0, 0),
                 (1u << 0) | (1u << 4));                       /* the lower-numbered 2c kept */
    CHECK_EQ_INT(discard_of(&s, "8s7h6d5c3s", 0, 0), 0u);      /* the roughest eight: pat */
    CHECK_EQ_INT(discard_of(&s, "9s7h6d5c3s", 0, 0), 1u << 0); /* a nine: not pat before the last */
    CHECK_EQ_INT(discard_of(&s, "9s7h6d5c3s", 2, 1), 0u);      /* ... pat on the last draw */
    CHECK_EQ_INT(discard_of(&s, "7c6c5c4c2c", 0, 0),
                 1u << 0); /* a flush of low cards: throw its top */
    CHECK_EQ_INT(discard_of(&s, "6c5d4h3s2c", 0, 0), 1u << 0); /* a low straight: throw its top */
    CHECK_EQ_INT(discard_of(&s, "AcKdQhJs9c", 0, 0), 31u);     /* nothing to keep */
    /* break a pat hand rougher than 8-6 with a smooth draw under it */
    s.brk[0] = class_of("8s6h5d4c3s");
    CHECK_EQ_INT(discard_of(&s, "8s7h4d3c2s", 0, 0), 1u << 0); /* 8-7: break it, keep 7-4-3-2 */
    CHECK_EQ_INT(discard_of(&s, "8s6h4d3c2s", 0, 0), 0u);      /* 8-6-4: keep it */
    CHECK_EQ_INT(discard_of(&s, "8s7h6d3c2s", 0, 0), 1u << 0); /* 8-7-6: 7-6-3-2 under it */
    s.keep[0] = 4;                                             /* smooth means up to a 6 now */
    CHECK_EQ_INT(discard_of(&s, "8s7h4d3c2s", 0, 0), 0u);      /* 7-4-3-2 is not: keep the 8-7 */
    s.keep[0] = 5;
    /* snow: never draw; best_last: the best discard on the last draw only */
    s.snow = 1;
    CHECK_EQ_INT(discard_of(&s, "AcKdQhJs9c", 0, 0), 0u);
    s.snow = 0;
    s.best_last = 1;
    s.target = (uint16_t)nine;
    {
        uint8_t h[5];
        CHECK_EQ_INT(cards_of("9c9d5h3s2c", h), 5);
        CHECK_EQ_INT(lb_strategy_discard(&s, h, 2, 1), lb_best_discard(h, nine, NULL));
        CHECK_EQ_INT(lb_strategy_discard(&s, h, 1, 0), 3u); /* not the last draw: throw the nines */
    }
    /* one[d]: a one-card draw to 8-6 or better is kept rather than a two-card draw to 7 */
    s.best_last = 0;
    s.one[0] = class_of("8s6h5d4c3s");
    CHECK_EQ_INT(discard_of(&s, "8s6h5d2cKd", 0, 0), 1u << 4);               /* throw the king */
    CHECK_EQ_INT(discard_of(&s, "8s7h5d2cKd", 0, 0), (1u << 0) | (1u << 4)); /* 8-7: draw two */
    CHECK_EQ_INT(discard_of(&s, "8s6h5d5c2d", 0, 0), 1u << 2); /* the higher-numbered five */
    CHECK_EQ_INT(discard_of(&s, "7s5h3d2cKd", 0, 0), 1u << 4); /* up to 7 anyway */
    CHECK_EQ_INT(discard_of(&s, "8s6h5d2cKd", 1, 0), (1u << 0) | (1u << 4)); /* one[1] unset */
    s.one[0] = 0;
    /* odds.h: a pat hand whose four lowest cards are four ranks up to keep is broken (throw its
     * top card) when rougher than brk. With a pair on top (a pat threshold that takes pairs) */
    memset(&s, 0, sizeof s);
    s.pat[0] = LB_NUM_CLASSES;
    s.brk[0] = 1;
    s.keep[0] = 5;
    /* (this stood pat while the code asked all five ranks to differ) */
    CHECK_EQ_INT(discard_of(&s, "2c3d4h7s7c", 0, 0), 1u << 3);
}

/* ---- simulation ------------------------------------------------------------------------------- */

static void default_strategy(lb_strategy *s) {
    memset(s, 0, sizeof *s);
    s->pat[0] = s->pat[1] = class_of("8s7h6d5c3s");
    s->pat[2] = class_of("9s8h7d6c4s");
    s->brk[0] = s->brk[1] = s->brk[2] = LB_NUM_CLASSES;
    s->keep[0] = s->keep[1] = 5;
    s->keep[2] = 6;
}

static void setup(lb_sim_config *cfg, const char *const *hands, int players, int draws) {
    uint64_t used = 0;
    int p, i;
    memset(cfg, 0, sizeof *cfg);
    cfg->players = players;
    cfg->draws = draws;
    for (p = 0; p < players; p++) {
        CHECK_EQ_INT(cards_of(hands[p], cfg->hands[p]), 5);
        for (i = 0; i < 5; i++) used |= (uint64_t)1 << cfg->hands[p][i];
        default_strategy(&cfg->strategy[p]);
    }
    cfg->n_unseen = rest_of(used, cfg->unseen);
    cfg->rule = LB_RESHUFFLE_SEEDS;
    cfg->key[0] = 0x0123456789abcdefull;
    cfg->key[1] = 0x1111111111111111ull;
    cfg->key[2] = 0x2222222222222222ull;
    cfg->key[3] = 0x3333333333333333ull;
}

/* The run [0, trials) in one call equals the same run in pieces at any points. */
static void check_splits(const lb_sim_config *cfg, uint64_t trials, int expect_reshuffles) {
    const uint64_t cuts[3][3] = {{1, 2, 3}, {7, trials / 3, trials - 1}, {0, 0, 1}};
    lb_sim_result whole, parts;
    int k, i, p;
    uint64_t share = 0;
    memset(&whole, 0, sizeof whole);
    CHECK_EQ_INT(lb_odds_simulate(cfg, 0, trials, &whole), LB_OK);
    CHECK(whole.trials == trials);
    for (p = 0; p < cfg->players; p++) share += whole.share[p];
    CHECK(share == trials * LB_ODDS_SHARE);
    CHECK(expect_reshuffles ? whole.reshuffles > 0 : whole.reshuffles == 0);
    for (k = 0; k < 3; k++) {
        uint64_t at = 0;
        memset(&parts, 0, sizeof parts);
        for (i = 0; i <= 3; i++) {
            uint64_t end = i < 3 ? cuts[k][i] : trials;
            CHECK_EQ_INT(lb_odds_simulate(cfg, at, end, &parts), LB_OK);
            at = end;
        }
        if (memcmp(&whole, &parts, sizeof whole) != 0) {
            fprintf(stderr,
                    "players %d draws %d rule %d burn %d, cut %d: trials %" PRIu64 "/%" PRIu64
                    " resh %" PRIu64 "/%" PRIu64 " wins0 %" PRIu64 "/%" PRIu64 "\n",
                    cfg->players, cfg->draws, cfg->rule, cfg->burn, k, whole.trials, parts.trials,
                    whole.reshuffles, parts.reshuffles, whole.wins[0], parts.wins[0]);
            CHECK(0);
        }
    }
    /* the pieces in another order add to the same sums */
    memset(&parts, 0, sizeof parts);
    CHECK_EQ_INT(lb_odds_simulate(cfg, trials / 2, trials, &parts), LB_OK);
    CHECK_EQ_INT(lb_odds_simulate(cfg, 0, trials / 2, &parts), LB_OK);
    CHECK(memcmp(&whole, &parts, sizeof whole) == 0);
}

static int word_source(void *ctx, uint64_t *word) {
    *word = lb_pcg64_next((lb_pcg64 *)ctx);
    return 0;
}

/* Trial t of a heads-up single draw with fixed discards, replayed from odds.h's description:
 * 0 player 0 wins, 1 tie, 2 player 1 wins. */
static int replay_trial(const lb_sim_config *cfg, uint64_t t) {
    lb_pcg64 g;
    lb_random rng;
    uint8_t u[52], h[2][5];
    int m = cfg->n_unseen, dealt = 0, p, i;
    uint16_t c0, c1;
    g.state_hi = lb_mix64(cfg->key[0] ^ t);
    g.state_lo = lb_mix64(cfg->key[1] + t);
    g.inc_hi = cfg->key[3];
    g.inc_lo = cfg->key[2] | 1u;
    rng.next = word_source;
    rng.ctx = &g;
    memcpy(u, cfg->unseen, (size_t)m);
    memcpy(h, cfg->hands, sizeof h);
    for (p = 0; p < 2; p++)
        for (i = 0; i < 5; i++) {
            uint32_t r = 0;
            uint8_t x;
            if (!((cfg->fixed[p] >> i) & 1u)) continue;
            CHECK_EQ_INT(lb_random_bounded(&rng, (uint32_t)(m - dealt), &r), 0);
            x = u[dealt];
            u[dealt] = u[dealt + (int)r];
            u[dealt + (int)r] = x;
            h[p][i] = u[dealt++];
        }
    c0 = eval_hand(h[0]);
    c1 = eval_hand(h[1]);
    return c0 < c1 ? 0 : c0 == c1 ? 1 : 2;
}

static void test_simulate(void) {
    static const char *const two[] = {"7h5c4dKd9c", "8s6d3hQsJh"};
    static const char *const six[] = {"7h5c4dKd9c", "8s6d3hQsJh", "2c3c4c6c7c",
                                      "AsKsQd2d3d", "TcTd9h9s4s", "JcJdJsAhAc"};
    lb_sim_config cfg;
    lb_sim_result res;
    uint64_t t;
    int mismatched = 0;
    /* heads-up triple draw: the stub never runs out */
    setup(&cfg, two, 2, 3);
    check_splits(&cfg, 2000, 0);
    /* six players drawing three times: the stub runs out, the deck reshuffles (both rules, a burn) */
    setup(&cfg, six, 6, 3);
    check_splits(&cfg, 600, 1);
    cfg.rule = LB_RESHUFFLE_LIVE;
    check_splits(&cfg, 300, 1);
    cfg.rule = LB_RESHUFFLE_SEEDS;
    cfg.burn = 1;
    check_splits(&cfg, 300, 1);
    /* a hand dealt at random from the stub at each trial's start, its first draw by strategy */
    setup(&cfg, two, 2, 3);
    cfg.random_hand[1] = 1;
    cfg.first_fixed = 1;
    cfg.fixed[0] = (1u << 3) | (1u << 4);
    cfg.fixed[1] = LB_ODDS_BY_STRATEGY;
    {
        uint64_t used = 0;
        int i;
        for (i = 0; i < 5; i++) used |= (uint64_t)1 << cfg.hands[0][i];
        cfg.n_unseen = rest_of(used, cfg.unseen); /* the second hand's cards are in the stub */
    }
    check_splits(&cfg, 1500, 0);
    cfg.n_dead = 40; /* a stub of 7: the random hand takes five, the draws need the muck */
    memcpy(cfg.dead, cfg.unseen + 7, 40);
    cfg.n_unseen = 7;
    check_splits(&cfg, 300, 1);
    cfg.n_removed = 3; /* a stub of 4 cannot deal the random hand: a deal is never reshuffled */
    memcpy(cfg.removed, cfg.unseen + 4, 3);
    cfg.n_unseen = 4;
    memset(&res, 0, sizeof res);
    CHECK_EQ_INT(lb_odds_simulate(&cfg, 0, 10, &res), LB_ERR_EXHAUSTED);
    CHECK(res.trials == 0);
    /* removed cards never come back: six players, the muck of removed cards alone is empty */
    setup(&cfg, six, 6, 1);
    cfg.first_fixed = 1;
    {
        int p;
        for (p = 0; p < 6; p++) cfg.fixed[p] = 31u;
    }
    cfg.n_removed = cfg.n_unseen - 20; /* 20 in the stub: four players served, the fifth short */
    memcpy(cfg.removed, cfg.unseen + 20, (size_t)cfg.n_removed);
    cfg.n_unseen = 20;
    memset(&res, 0, sizeof res);
    /* the fifth player finds an empty stub and only the first four's discards: served (seeds) */
    CHECK_EQ_INT(lb_odds_simulate(&cfg, 0, 50, &res), LB_OK);
    CHECK(res.reshuffles == 50);
    /* the key changes the run */
    {
        lb_sim_result a, b;
        setup(&cfg, two, 2, 3);
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        CHECK_EQ_INT(lb_odds_simulate(&cfg, 0, 500, &a), LB_OK);
        cfg.key[1] ^= 1u;
        CHECK_EQ_INT(lb_odds_simulate(&cfg, 0, 500, &b), LB_OK);
        CHECK(memcmp(&a, &b, sizeof a) != 0);
    }
    /* single trials replayed from the documented streams: A throws Kd 9c, B throws Qs Jh */
    setup(&cfg, two, 2, 1);
    cfg.first_fixed = 1;
    cfg.fixed[0] = (1u << 3) | (1u << 4);
    cfg.fixed[1] = (1u << 3) | (1u << 4);
    for (t = 0; t < 400; t++) {
        int want = replay_trial(&cfg, t * 977u + 5u), got;
        memset(&res, 0, sizeof res);
        CHECK_EQ_INT(lb_odds_simulate(&cfg, t * 977u + 5u, t * 977u + 6u, &res), LB_OK);
        got = res.wins[0] ? 0 : res.ties[0] ? 1 : 2;
        CHECK(res.trials == 1);
        mismatched += got != want;
    }
    CHECK_EQ_INT(mismatched, 0);
    /* bad arguments: nothing played */
    memset(&res, 0, sizeof res);
    cfg.players = 1;
    CHECK_EQ_INT(lb_odds_simulate(&cfg, 0, 10, &res), LB_ERR_SEAT);
    cfg.players = 2;
    cfg.draws = 4;
    CHECK_EQ_INT(lb_odds_simulate(&cfg, 0, 10, &res), LB_ERR_SEAT);
    cfg.draws = 0;
    CHECK_EQ_INT(lb_odds_simulate(&cfg, 0, 10, &res), LB_ERR_SEAT);
    CHECK(res.trials == 0);
}

int main(void) {
    test_pcg64();
    test_draw_hist();
    test_exact_headsup();
    test_exact_multiway();
    test_best_discard();
    test_strategy();
    test_simulate();
    CHECK_DONE();
}

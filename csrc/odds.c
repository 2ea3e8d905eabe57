/* Draw odds: see odds.h. */
#include "odds.h"

#include <stdlib.h>
#include <string.h>

#include "eval27.h"

/* ---- PCG64 (numpy.random.PCG64): state = state * M + inc mod 2^128, XSL-RR output ----------- */

#define PCG_MUL_HI 2549297995355413924ull
#define PCG_MUL_LO 4865540595714422341ull

/* The full 128-bit product of two 64-bit words, from four 32x32 products (portable C99). */
static void mul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo) {
    uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32, b_lo = b & 0xffffffffu, b_hi = b >> 32;
    uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
    uint64_t mid = (p0 >> 32) + (p1 & 0xffffffffu) + (p2 & 0xffffffffu);
    *lo = (mid << 32) | (p0 & 0xffffffffu);
    *hi = p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
}

uint64_t lb_pcg64_next(lb_pcg64 *g) {
    uint64_t hi, lo, x;
    unsigned rot;
    mul64(g->state_lo, PCG_MUL_LO, &hi, &lo);
    hi += g->state_hi * PCG_MUL_LO + g->state_lo * PCG_MUL_HI;
    lo += g->inc_lo;
    hi += g->inc_hi + (lo < g->inc_lo);
    g->state_hi = hi;
    g->state_lo = lo;
    rot = (unsigned)(hi >> 58);
    x = hi ^ lo;
    return (x >> rot) | (x << ((64u - rot) & 63u));
}

/* Lemire's bounded integer on one word, exactly as lb_random_bounded (deck.h) computes it. */
static uint32_t pcg_bounded(lb_pcg64 *g, uint32_t bound) {
    uint64_t threshold = 0;
    int have_threshold = 0;
    for (;;) {
        uint64_t x = lb_pcg64_next(g);
        uint64_t p_lo = (x & 0xffffffffu) * (uint64_t)bound;
        uint64_t p_hi = (x >> 32) * (uint64_t)bound;
        uint64_t mid = p_hi + (p_lo >> 32);
        uint64_t lo = (mid << 32) | (p_lo & 0xffffffffu);
        if (lo < bound) {
            if (!have_threshold) {
                threshold = (0 - (uint64_t)bound) % bound;
                have_threshold = 1;
            }
            if (lo < threshold) continue;
        }
        return (uint32_t)(mid >> 32);
    }
}

static int pcg_source(void *ctx, uint64_t *word) {
    *word = lb_pcg64_next((lb_pcg64 *)ctx);
    return 0;
}

/* ---- enumeration ------------------------------------------------------------------------------ */

static uint64_t choose(int n, int k) {
    uint64_t r = 1;
    int i;
    if (k < 0 || n < 0 || k > n) return 0;
    for (i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

static uint64_t base_sum(const uint8_t *kept, int n_kept) {
    uint64_t s = LB_SUIT_BIAS;
    int i;
    for (i = 0; i < n_kept; i++) s += lb_card_key[kept[i]];
    return s;
}

static void hist_rec(const uint64_t *keys, int n, int start, int left, uint64_t sum,
                     uint64_t *hist) {
    int i;
    if (left == 1) {
        for (i = start; i < n; i++) hist[lb_class_of_sum(sum + keys[i])]++;
        return;
    }
    for (i = start; i <= n - left; i++) hist_rec(keys, n, i + 1, left - 1, sum + keys[i], hist);
}

uint64_t lb_draw_hist(const uint8_t *kept, int n_kept, const uint8_t *unseen, int n_unseen,
                      uint64_t *hist) {
    uint64_t keys[LB_NUM_CARDS];
    uint64_t sum = base_sum(kept, n_kept);
    int a = 5 - n_kept, i;
    if (a < 0 || a > n_unseen) return 0;
    if (a == 0) {
        hist[lb_class_of_sum(sum)]++;
        return 1;
    }
    for (i = 0; i < n_unseen; i++) keys[i] = lb_card_key[unseen[i]];
    hist_rec(keys, n_unseen, 0, a, sum, hist);
    return choose(n_unseen, a);
}

/* Every a-subset of positions 0..n-1 with its class: packed[i] holds the positions, six bits
 * each (position j of the subset in bits 6j..6j+5, increasing), cls[i] the class of the kept
 * cards plus those unseen cards. Returns the count, C(n, a). */
typedef struct {
    const uint64_t *keys;
    int n;
    uint16_t *cls;
    uint32_t *packed;
    size_t k;
} set_list;

static void sets_rec(set_list *L, int start, int depth, int left, uint64_t sum, uint32_t packed) {
    int i;
    if (left == 0) {
        L->cls[L->k] = lb_class_of_sum(sum);
        L->packed[L->k] = packed;
        L->k++;
        return;
    }
    for (i = start; i <= L->n - left; i++)
        sets_rec(L, i + 1, depth + 1, left - 1, sum + L->keys[i],
                 packed | ((uint32_t)i << (6 * depth)));
}

/* The sets of one player, sorted by class (counting sort, stable). NULL on allocation failure. */
static int sorted_sets(const uint8_t *kept, int n_kept, const uint64_t *keys, int n,
                       uint16_t **cls_out, uint32_t **packed_out, size_t *count) {
    int a = 5 - n_kept;
    size_t total = (size_t)choose(n, a), i;
    uint16_t *cls = malloc(total * sizeof *cls), *cls2 = malloc(total * sizeof *cls2);
    uint32_t *packed = malloc(total * sizeof *packed), *packed2 = malloc(total * sizeof *packed2);
    size_t *start = calloc(LB_NUM_CLASSES + 2, sizeof *start);
    set_list L;
    int c;
    if (!cls || !cls2 || !packed || !packed2 || !start) {
        free(cls);
        free(cls2);
        free(packed);
        free(packed2);
        free(start);
        return -1;
    }
    L.keys = keys;
    L.n = n;
    L.cls = cls;
    L.packed = packed;
    L.k = 0;
    sets_rec(&L, 0, 0, a, base_sum(kept, n_kept), 0);
    for (i = 0; i < total; i++) start[cls[i] + 1]++;
    for (c = 1; c <= LB_NUM_CLASSES + 1; c++) start[c] += start[c - 1];
    for (i = 0; i < total; i++) {
        size_t at = start[cls[i]]++;
        cls2[at] = cls[i];
        packed2[at] = packed[i];
    }
    free(cls);
    free(packed);
    free(start);
    *cls_out = cls2;
    *packed_out = packed2;
    *count = total;
    return 0;
}

/* The k-subsets of {0..a-1} (a <= 5), as index lists: returns their number. */
static int subsets_of(int a, int k, uint8_t idx[10][5]) {
    int count = 0;
    unsigned m;
    for (m = 0; m < (1u << a); m++) {
        int bits = 0, j;
        for (j = 0; j < a; j++) bits += (m >> j) & 1u;
        if (bits != k) continue;
        bits = 0;
        for (j = 0; j < a; j++)
            if ((m >> j) & 1u) idx[count][bits++] = (uint8_t)j;
        count++;
    }
    return count;
}

/* Spread one player's class-sorted sets over the groups of k shared positions: the group of a
 * k-subset J (colex index g) gets the classes of every set containing J, in class order, at
 * buf[g*m ..]. */
static void fill_groups(const uint16_t *cls, const uint32_t *packed, size_t count, int a, int k,
                        uint64_t binom[LB_NUM_CARDS + 1][6], size_t m, uint16_t *buf,
                        uint32_t *fill) {
    uint8_t idx[10][5];
    int nsub = subsets_of(a, k, idx), s, j;
    size_t i;
    for (i = 0; i < count; i++) {
        int p[5];
        uint32_t w = packed[i];
        for (j = 0; j < a; j++) p[j] = (int)((w >> (6 * j)) & 63u);
        for (s = 0; s < nsub; s++) {
            size_t g = 0;
            for (j = 0; j < k; j++) g += (size_t)binom[p[idx[s][j]]][j + 1];
            buf[g * m + fill[g]++] = cls[i];
        }
    }
}

lb_status lb_exact_headsup(const uint8_t *kept_a, int na, const uint8_t *kept_b, int nb,
                           const uint8_t *unseen, int n, uint64_t out[4]) {
    uint64_t keys[LB_NUM_CARDS];
    uint64_t binom[LB_NUM_CARDS + 1][6];
    uint16_t *cls_a = NULL, *cls_b = NULL, *buf_a = NULL, *buf_b = NULL;
    uint32_t *packed_a = NULL, *packed_b = NULL, *fill_a = NULL, *fill_b = NULL;
    size_t count_a = 0, count_b = 0;
    int a = 5 - na, b = 5 - nb, k, kmax, x, j;
    int64_t win = 0, tie = 0;
    lb_status st = LB_OK;
    if (a < 0 || b < 0 || a + b > n) return LB_ERR_EXHAUSTED;
    for (x = 0; x <= LB_NUM_CARDS; x++)
        for (j = 0; j < 6; j++) binom[x][j] = choose(x, j);
    for (x = 0; x < n; x++) keys[x] = lb_card_key[unseen[x]];
    if (sorted_sets(kept_a, na, keys, n, &cls_a, &packed_a, &count_a) != 0 ||
        sorted_sets(kept_b, nb, keys, n, &cls_b, &packed_b, &count_b) != 0) {
        st = LB_ERR_MEMORY;
        goto done;
    }
    kmax = a < b ? a : b;
    for (k = 0; k <= kmax; k++) {
        size_t groups = (size_t)binom[n][k];
        size_t ma = (size_t)choose(n - k, a - k), mb = (size_t)choose(n - k, b - k), g;
        uint64_t lw = 0, lt = 0;
        buf_a = malloc(groups * ma * sizeof *buf_a);
        buf_b = malloc(groups * mb * sizeof *buf_b);
        fill_a = calloc(groups, sizeof *fill_a);
        fill_b = calloc(groups, sizeof *fill_b);
        if (!buf_a || !buf_b || !fill_a || !fill_b) {
            st = LB_ERR_MEMORY;
            goto done;
        }
        fill_groups(cls_a, packed_a, count_a, a, k, binom, ma, buf_a, fill_a);
        fill_groups(cls_b, packed_b, count_b, b, k, binom, mb, buf_b, fill_b);
        for (g = 0; g < groups; g++) {
            const uint16_t *la = buf_a + g * ma, *lb = buf_b + g * mb;
            size_t i, lo = 0, hi = 0;
            for (i = 0; i < ma; i++) {
                uint16_t c = la[i];
                while (lo < mb && lb[lo] < c) lo++;
                if (hi < lo) hi = lo;
                while (hi < mb && lb[hi] <= c) hi++;
                lw += mb - hi;
                lt += hi - lo;
            }
        }
        if (k & 1) {
            win -= (int64_t)lw;
            tie -= (int64_t)lt;
        } else {
            win += (int64_t)lw;
            tie += (int64_t)lt;
        }
        free(buf_a);
        free(buf_b);
        free(fill_a);
        free(fill_b);
        buf_a = buf_b = NULL;
        fill_a = fill_b = NULL;
    }
    out[3] = choose(n, a) * choose(n - a, b);
    out[0] = (uint64_t)win;
    out[1] = (uint64_t)tie;
    out[2] = out[3] - out[0] - out[1];
done:
    free(cls_a);
    free(cls_b);
    free(packed_a);
    free(packed_b);
    free(buf_a);
    free(buf_b);
    free(fill_a);
    free(fill_b);
    return st;
}

/* ---- multi-way enumeration -------------------------------------------------------------------- */

typedef struct {
    int players;
    uint64_t *mask[LB_ODDS_MAX_PLAYERS];
    uint16_t *cls[LB_ODDS_MAX_PLAYERS];
    size_t count[LB_ODDS_MAX_PLAYERS];
    uint16_t now[LB_ODDS_MAX_PLAYERS];
    uint64_t *wins, *ties, *share, deals;
} multi_walk;

static void walk(multi_walk *W, int p, uint64_t used) {
    size_t i;
    if (p == W->players) {
        uint16_t best = W->now[0];
        int q, m = 0;
        for (q = 1; q < W->players; q++)
            if (W->now[q] < best) best = W->now[q];
        for (q = 0; q < W->players; q++) m += W->now[q] == best;
        for (q = 0; q < W->players; q++) {
            if (W->now[q] != best) continue;
            if (m == 1)
                W->wins[q]++;
            else
                W->ties[q]++;
            W->share[q] += LB_ODDS_SHARE / (unsigned)m;
        }
        W->deals++;
        return;
    }
    for (i = 0; i < W->count[p]; i++) {
        if (W->mask[p][i] & used) continue;
        W->now[p] = W->cls[p][i];
        walk(W, p + 1, used | W->mask[p][i]);
    }
}

lb_status lb_exact_multiway(int players, const uint8_t *kept, const int *n_kept,
                            const uint8_t *unseen, int n, uint64_t budget, uint64_t *wins,
                            uint64_t *ties, uint64_t *share, uint64_t *deals) {
    uint64_t keys[LB_NUM_CARDS];
    multi_walk W;
    double total = 1.0;
    int p, left = n, need = 0;
    lb_status st = LB_OK;
    if (players < 2 || players > LB_ODDS_MAX_PLAYERS) return LB_ERR_SEAT;
    for (p = 0; p < players; p++) need += 5 - n_kept[p];
    if (need > n) return LB_ERR_EXHAUSTED;
    for (p = 0; p < players; p++) {
        total *= (double)choose(left, 5 - n_kept[p]);
        left -= 5 - n_kept[p];
    }
    if (total > (double)budget) return LB_ERR_TOO_MANY;
    for (p = 0; p < n; p++) keys[p] = lb_card_key[unseen[p]];
    memset(&W, 0, sizeof W);
    W.players = players;
    for (p = 0; p < players; p++) {
        set_list L;
        int a = 5 - n_kept[p], j;
        size_t c = (size_t)choose(n, a), i;
        uint32_t *packed = malloc(c * sizeof *packed);
        W.mask[p] = malloc(c * sizeof(uint64_t));
        W.cls[p] = malloc(c * sizeof(uint16_t));
        if (!packed || !W.mask[p] || !W.cls[p]) {
            free(packed);
            st = LB_ERR_MEMORY;
            goto done;
        }
        L.keys = keys;
        L.n = n;
        L.cls = W.cls[p];
        L.packed = packed;
        L.k = 0;
        sets_rec(&L, 0, 0, a, base_sum(kept + 5 * p, n_kept[p]), 0);
        for (i = 0; i < c; i++) { /* the positions as a bit mask, for the disjointness test */
            uint64_t m = 0;
            for (j = 0; j < a; j++) m |= (uint64_t)1 << ((packed[i] >> (6 * j)) & 63u);
            W.mask[p][i] = m;
        }
        free(packed);
        W.count[p] = c;
    }
    for (p = 0; p < players; p++) wins[p] = ties[p] = share[p] = 0;
    W.wins = wins;
    W.ties = ties;
    W.share = share;
    W.deals = 0;
    walk(&W, 0, 0);
    *deals = W.deals;
done:
    for (p = 0; p < players; p++) {
        free(W.mask[p]);
        free(W.cls[p]);
    }
    return st;
}

/* ---- strategies ------------------------------------------------------------------------------- */

static uint16_t class5(const uint8_t h[5]) {
    return lb_eval5_unchecked(h[0], h[1], h[2], h[3], h[4]);
}

/* Rank patterns of five distinct ranks (13-bit masks) whose hand, not all one suit, is of class
 * target or better. Returns their number (at most 1287). */
static int good_rank_sets(int target, uint16_t *out) {
    int count = 0;
    unsigned m;
    for (m = 0; m < (1u << 13); m++) {
        uint8_t h[5];
        int r, j = 0;
        unsigned x = m;
        int bits = 0;
        while (x) {
            bits += (int)(x & 1u);
            x >>= 1;
        }
        if (bits != 5) continue;
        for (r = 0; r < 13; r++)
            if ((m >> r) & 1u) h[j] = (uint8_t)(4 * r + (j == 0 ? 1 : 0)), j++;
        if (class5(h) <= target) out[count++] = (uint16_t)m;
    }
    return count;
}

static unsigned best_discard_with(const uint8_t hand[5], const uint16_t *good, int n_good,
                                  uint64_t *count) {
    int avail[13], r, i, s;
    unsigned held_bit[4] = {0, 0, 0, 0}; /* per suit: ranks held */
    unsigned best = 0, mask;
    uint64_t best_count = 0, best_cards = 0;
    int best_thrown = 6, have = 0;
    unsigned allowed = 0; /* every rank some good hand holds: keeping another makes nothing */
    for (r = 0; r < 13; r++) avail[r] = 4;
    for (i = 0; i < 5; i++) {
        avail[hand[i] >> 2]--;
        held_bit[hand[i] & 3] |= 1u << (hand[i] >> 2);
    }
    for (i = 0; i < n_good; i++) allowed |= good[i];
    for (mask = 0; mask < 32; mask++) {
        unsigned kept_ranks = 0;
        int thrown = 0, ok = 1, suit = -1, one_suit = 1;
        uint64_t total = 0, cards = 0, mine, theirs;
        for (i = 0; i < 5; i++) {
            if ((mask >> i) & 1u) {
                thrown++;
                cards |= (uint64_t)1 << hand[i];
                continue;
            }
            r = hand[i] >> 2;
            if ((kept_ranks >> r) & 1u) ok = 0;
            kept_ranks |= 1u << r;
            if (suit < 0)
                suit = hand[i] & 3;
            else if (suit != (hand[i] & 3))
                one_suit = 0;
        }
        if (ok && (kept_ranks & ~allowed) == 0) {
            for (i = 0; i < n_good; i++) {
                unsigned g = good[i], missing;
                uint64_t ways = 1;
                if ((g & kept_ranks) != kept_ranks) continue;
                missing = g & ~kept_ranks;
                for (r = 0; r < 13; r++)
                    if ((missing >> r) & 1u) ways *= (uint64_t)avail[r];
                /* take away the completions that make all five cards one suit */
                for (s = 0; s < 4; s++) {
                    if (suit >= 0 && (!one_suit || s != suit)) continue;
                    if ((missing & held_bit[s]) == 0)
                        ways -= 1; /* each missing rank of suit s unseen */
                }
                total += ways;
            }
        }
        /* compare chances, not counts: total / C(47, thrown) against best_count / C(47, best);
         * equal chances: fewer cards thrown, then the higher cards thrown (by card numbers, so
         * that the choice never depends on the order the hand is held in) */
        mine = total * choose(47, best_thrown);
        theirs = best_count * choose(47, thrown);
        if (!have || mine > theirs ||
            (mine == theirs &&
             (thrown < best_thrown || (thrown == best_thrown && cards > best_cards)))) {
            best = mask;
            best_count = total;
            best_thrown = thrown;
            best_cards = cards;
            have = 1;
        }
    }
    if (count) *count = best_count;
    return best;
}

unsigned lb_best_discard(const uint8_t hand[5], int target, uint64_t *count) {
    uint16_t good[1287];
    int n_good = good_rank_sets(target, good);
    return best_discard_with(hand, good, n_good, count);
}

/* The highest rank (0 = deuce .. 12 = ace) a no-pair hand of class target or better can hold:
 * the largest r whose best hand (r over the deuce, trey, four and five; 7-4-3-2 over 6-high,
 * which is only a straight) is of class target or better; -1 for none. */
static int top_rank_of(uint16_t target) {
    int r, top = -1;
    for (r = 5; r < 13; r++) {
        const uint8_t h[5] = {(uint8_t)(4 * r + 1), 0, 4, 8, 12}; /* r-5-4-3-2, not one suit */
        if (class5(h) <= target) top = r;
    }
    return top;
}

/* The position of the card to throw for a one-card draw to class target or better (odds.h,
 * lb_strategy_discard), or -1 when no four cards of h make one; top is top_rank_of(target). */
static int one_card_draw(const uint8_t h[5], uint16_t target, int top) {
    int q, j, r, best_q = -1, low_ranks = 0;
    unsigned seen = 0;
    uint16_t best = 0xffffu;
    /* a finish of class target or better holds no rank above top: four such ranks are needed */
    for (j = 0; j < 5; j++) {
        r = h[j] >> 2;
        if (r <= top && !((seen >> r) & 1u)) low_ranks++;
        seen |= 1u << r;
    }
    if (low_ranks < 4) return -1;
    for (q = 0; q < 5; q++) {
        uint8_t f[5];
        unsigned ranks = 0;
        int n = 0;
        uint16_t low = 0xffffu;
        for (j = 0; j < 5; j++) {
            if (j == q) continue;
            if ((ranks >> (h[j] >> 2)) & 1u) break;
            ranks |= 1u << (h[j] >> 2);
            /* the four ranks, off-suit: the finish is never a flush */
            f[n] = (uint8_t)(4 * (h[j] >> 2) + (n == 0 ? 1 : 0));
            n++;
        }
        if (n < 4) continue;
        for (r = 0; r < 13; r++) {
            uint16_t c;
            if ((ranks >> r) & 1u) continue;
            f[4] = (uint8_t)(4 * r);
            c = class5(f);
            if (c < low) low = c;
        }
        if (low > target) continue;
        if (best_q < 0 || low < best || (low == best && h[q] > h[best_q])) {
            best = low;
            best_q = q;
        }
    }
    return best_q;
}

static unsigned strategy_discard(const lb_strategy *s, const uint8_t h[5], int d, int is_last,
                                 const uint16_t *good, int n_good, const int8_t *one_top) {
    uint16_t c;
    unsigned kept_ranks = 0, mask = 0;
    int order[5], i, j, kept = 0, top = 0;
    if (s->snow) return 0;
    if (s->best_last && is_last) return best_discard_with(h, good, n_good, NULL);
    c = class5(h);
    /* positions by card number, ascending */
    for (i = 0; i < 5; i++) order[i] = i;
    for (i = 1; i < 5; i++)
        for (j = i; j > 0 && h[order[j]] < h[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    if (s->pat[d] && c <= s->pat[d]) {
        /* stand pat, or break a rough one with a smooth draw under its top card: the four
         * lowest cards of four ranks up to keep[d] (the top card may pair the fourth) */
        int distinct = 1;
        for (i = 1; i < 4; i++)
            if ((h[order[i]] >> 2) == (h[order[i - 1]] >> 2)) distinct = 0;
        if (c > s->brk[d] && distinct && (h[order[3]] >> 2) <= s->keep[d]) return 1u << order[4];
        return 0;
    }
    for (i = 0; i < 5; i++) {
        int p = order[i], r = h[p] >> 2;
        if (r <= s->keep[d] && !((kept_ranks >> r) & 1u)) {
            kept_ranks |= 1u << r;
            kept++;
            top = p;
        } else {
            mask |= 1u << p;
        }
    }
    if (kept <= 3 && s->one[d]) {
        int q = one_card_draw(h, s->one[d], one_top[d]);
        if (q >= 0) return 1u << q;
    }
    if (kept == 5) mask = 1u << top;
    return mask;
}

static void one_tops(const lb_strategy *s, int8_t top[3]) {
    int d;
    for (d = 0; d < 3; d++) top[d] = (int8_t)(s->one[d] ? top_rank_of(s->one[d]) : -1);
}

unsigned lb_strategy_discard(const lb_strategy *s, const uint8_t hand[5], int d, int is_last) {
    uint16_t good[1287];
    int8_t top[3];
    int n_good = 0;
    if (s->best_last && is_last && !s->snow) n_good = good_rank_sets(s->target, good);
    one_tops(s, top);
    return strategy_discard(s, hand, d, is_last, good, n_good, top);
}

/* Whether two strategies are the same in every field (1/0). */
static int same_strategy(const lb_strategy *a, const lb_strategy *b) {
    int d;
    for (d = 0; d < 3; d++)
        if (a->pat[d] != b->pat[d] || a->brk[d] != b->brk[d] || a->keep[d] != b->keep[d] ||
            a->one[d] != b->one[d])
            return 0;
    return a->snow == b->snow && a->best_last == b->best_last && a->target == b->target;
}

void lb_strategy_plan_init(lb_strategy_plan *plan, const lb_strategy *s) {
    plan->s = *s;
    one_tops(s, plan->one_top);
    plan->n_good =
        (int16_t)((s->best_last && !s->snow) ? good_rank_sets(s->target, plan->good) : 0);
    memset(plan->by_class, LB_PLAN_UNKNOWN, sizeof plan->by_class);
}

lb_strategy_plan *lb_strategy_plans(const lb_strategy *s, int n, int *plan_of) {
    lb_strategy_plan *plans;
    int p, q, k = 0, first[LB_PLANS_MAX];
    if (n < 1 || n > LB_PLANS_MAX) return NULL;
    for (p = 0; p < n; p++) {
        for (q = 0; q < p && !same_strategy(&s[q], &s[p]); q++) continue;
        if (q < p) {
            plan_of[p] = plan_of[q];
        } else {
            first[k] = p;
            plan_of[p] = k++;
        }
    }
    plans = malloc((size_t)k * sizeof *plans);
    if (plans)
        for (q = 0; q < k; q++) lb_strategy_plan_init(&plans[q], &s[first[q]]);
    return plans;
}

/* at[i] = the place of hand[i] among the five in card-number order (0 = the lowest): ten
 * comparisons, no branch. */
static void card_places(const uint8_t h[5], unsigned at[5]) {
    int i, j;
    for (i = 0; i < 5; i++) at[i] = 0;
    for (i = 0; i < 5; i++)
        for (j = i + 1; j < 5; j++) {
            unsigned higher = h[i] > h[j];
            at[i] += higher;
            at[j] += higher ^ 1u;
        }
}

unsigned lb_strategy_plan_discard(lb_strategy_plan *plan, const uint8_t hand[5], int d,
                                  int is_last) {
    const lb_strategy *s = &plan->s;
    unsigned at[5], by_order, mask = 0;
    uint16_t c;
    int i;
    if (s->snow) return 0;
    if (s->best_last && is_last) return best_discard_with(hand, plan->good, plan->n_good, NULL);
    c = class5(hand);
    card_places(hand, at);
    by_order = plan->by_class[d][c];
    if (by_order == LB_PLAN_UNKNOWN) {
        mask = strategy_discard(s, hand, d, is_last, plan->good, plan->n_good, plan->one_top);
        by_order = 0;
        for (i = 0; i < 5; i++) by_order |= ((mask >> i) & 1u) << at[i];
        plan->by_class[d][c] = (uint8_t)by_order;
        return mask;
    }
    for (i = 0; i < 5; i++) mask |= ((by_order >> at[i]) & 1u) << i;
    return mask;
}

/* ---- simulation ------------------------------------------------------------------------------- */

static void streams_of(const uint64_t key[4], uint64_t t, lb_pcg64 *stub, lb_pcg64 *reshuffle) {
    stub->state_hi = lb_mix64(key[0] ^ t);
    stub->state_lo = lb_mix64(key[1] + t);
    stub->inc_hi = key[3];
    stub->inc_lo = key[2] | 1u;
    reshuffle->state_hi = lb_mix64(key[0] ^ ~t);
    reshuffle->state_lo = lb_mix64(key[1] - t - 1u);
    reshuffle->inc_hi = key[3];
    reshuffle->inc_lo = key[2] | 1u;
}

static void score(const lb_sim_config *cfg, const uint16_t *cls, lb_sim_result *res) {
    uint16_t best = cls[0];
    int p, m = 0;
    for (p = 1; p < cfg->players; p++)
        if (cls[p] < best) best = cls[p];
    for (p = 0; p < cfg->players; p++) m += cls[p] == best;
    for (p = 0; p < cfg->players; p++) {
        uint64_t sh;
        if (cls[p] != best) continue;
        sh = LB_ODDS_SHARE / (unsigned)m;
        if (m == 1)
            res->wins[p]++;
        else
            res->ties[p]++;
        res->share[p] += sh;
        res->share_sq[p] += sh * sh;
    }
    res->trials++;
}

/* The trial through lb_deck, for runs where the stub can run out (the reshuffle rule applies). */
static lb_status trial_deck(const lb_sim_config *cfg, lb_pcg64 *g_stub, lb_pcg64 *g_resh,
                            lb_strategy_plan *plans, const int *plan_of, lb_deck *dk,
                            lb_sim_result *res) {
    uint8_t order[LB_NUM_CARDS], u[LB_NUM_CARDS], seats[LB_ODDS_MAX_PLAYERS];
    uint16_t cls[LB_ODDS_MAX_PLAYERS];
    lb_random rng;
    int m = cfg->n_unseen, i, p, d, at = 0, bad, next = 0, aside = cfg->n_dead + cfg->n_removed;
    lb_status st;
    memcpy(u, cfg->unseen, (size_t)m);
    for (i = 0; i < m; i++) { /* the stub's order: u[0] is dealt first */
        uint32_t j = (uint32_t)i + pcg_bounded(g_stub, (uint32_t)(m - i));
        uint8_t t = u[i];
        u[i] = u[j];
        u[j] = t;
    }
    for (p = 0; p < cfg->players; p++)
        for (i = 0; i < 5; i++) order[at++] = cfg->random_hand[p] ? u[next++] : cfg->hands[p][i];
    for (i = 0; i < cfg->n_dead; i++) order[at++] = cfg->dead[i];
    for (i = 0; i < cfg->n_removed; i++) order[at++] = cfg->removed[i];
    while (next < m) order[at++] = u[next++];
    rng.next = pcg_source;
    rng.ctx = g_resh;
    lb_deck_init(dk, (lb_reshuffle_rule)cfg->rule, cfg->burn);
    st = lb_deck_set_order(dk, order, at);
    for (p = 0; st == LB_OK && p < cfg->players; p++) st = lb_deck_deal(dk, p, 5, NULL);
    /* the dead and removed cards go to the spare seat; the dead ones on to the muck */
    if (st == LB_OK && aside > 0) st = lb_deck_deal(dk, cfg->players, aside, NULL);
    if (st == LB_OK && cfg->n_dead > 0) st = lb_deck_muck(dk, cfg->dead, cfg->n_dead, &bad);
    for (p = 0; p < cfg->players; p++) seats[p] = (uint8_t)p;
    for (d = 0; st == LB_OK && d < cfg->draws; d++) {
        int di = LB_ODDS_MAX_DRAWS - cfg->draws + d, is_last = d == cfg->draws - 1;
        st = lb_deck_begin_draw(dk, seats, cfg->players);
        for (p = 0; st == LB_OK && p < cfg->players; p++) {
            uint8_t hand[5], thrown[5];
            unsigned mask;
            int n = 0, x, y;
            memcpy(hand, dk->hands[p], 5);
            /* before the first draw the deck holds each hand in the order given */
            mask = (d == 0 && cfg->first_fixed && cfg->fixed[p] < LB_ODDS_BY_STRATEGY)
                       ? cfg->fixed[p]
                       : lb_strategy_plan_discard(&plans[plan_of[p]], hand, di, is_last);
            for (i = 0; i < 5; i++)
                if ((mask >> i) & 1u) thrown[n++] = hand[i];
            for (x = 1; x < n; x++) /* thrown in card order */
                for (y = x; y > 0 && thrown[y] < thrown[y - 1]; y--) {
                    uint8_t t = thrown[y];
                    thrown[y] = thrown[y - 1];
                    thrown[y - 1] = t;
                }
            st = lb_deck_draw(dk, p, thrown, n, &rng, NULL, &bad);
        }
        if (st == LB_OK) st = lb_deck_end_draw(dk);
    }
    if (st != LB_OK) return st;
    for (p = 0; p < cfg->players; p++) cls[p] = class5(dk->hands[p]);
    if (dk->reshuffles) res->reshuffles++;
    score(cfg, cls, res);
    return LB_OK;
}

lb_status lb_odds_simulate(const lb_sim_config *cfg, uint64_t t0, uint64_t t1, lb_sim_result *res) {
    lb_strategy_plan *plans; /* one per different strategy: players p's is plans[plan_of[p]] */
    int plan_of[LB_ODDS_MAX_PLAYERS], p, need, fast, dealt;
    uint64_t t;
    lb_deck *dk = NULL;
    lb_status st = LB_OK;
    if (cfg->players < 2 || cfg->players > LB_ODDS_MAX_PLAYERS || cfg->draws < 1 ||
        cfg->draws > LB_ODDS_MAX_DRAWS)
        return LB_ERR_SEAT;
    plans = lb_strategy_plans(cfg->strategy, cfg->players, plan_of);
    if (!plans) return LB_ERR_MEMORY;
    need = cfg->draws * (5 * cfg->players + (cfg->burn ? 1 : 0));
    dealt = 0;
    for (p = 0; p < cfg->players; p++) dealt += cfg->random_hand[p] ? 5 : 0;
    if (dealt > cfg->n_unseen) { /* a deal comes from the stub: it is never reshuffled */
        free(plans);
        return LB_ERR_EXHAUSTED;
    }
    need += dealt;
    fast = need <= cfg->n_unseen;
    if (!fast) {
        dk = malloc(sizeof *dk);
        if (!dk) {
            free(plans);
            return LB_ERR_MEMORY;
        }
    }
    for (t = t0; t < t1; t++) {
        lb_pcg64 g_stub, g_resh;
        streams_of(cfg->key, t, &g_stub, &g_resh);
        if (fast) {
            uint8_t u[LB_NUM_CARDS], h[LB_ODDS_MAX_PLAYERS][5];
            uint16_t cls[LB_ODDS_MAX_PLAYERS];
            int top = 0, m = cfg->n_unseen, d, i;
            memcpy(u, cfg->unseen, (size_t)m);
            memcpy(h, cfg->hands, sizeof h);
            for (p = 0; p < cfg->players; p++) { /* the random hands, dealt from the stub */
                if (!cfg->random_hand[p]) continue;
                for (i = 0; i < 5; i++) {
                    uint32_t j = (uint32_t)top + pcg_bounded(&g_stub, (uint32_t)(m - top));
                    uint8_t x = u[top];
                    u[top] = u[j];
                    u[j] = x;
                    h[p][i] = u[top++];
                }
            }
            for (d = 0; d < cfg->draws; d++) {
                int di = LB_ODDS_MAX_DRAWS - cfg->draws + d, is_last = d == cfg->draws - 1;
                if (cfg->burn) {
                    uint32_t j = (uint32_t)top + pcg_bounded(&g_stub, (uint32_t)(m - top));
                    uint8_t x = u[top];
                    u[top] = u[j];
                    u[j] = x;
                    top++;
                }
                for (p = 0; p < cfg->players; p++) {
                    unsigned mask =
                        (d == 0 && cfg->first_fixed && cfg->fixed[p] < LB_ODDS_BY_STRATEGY)
                            ? cfg->fixed[p]
                            : lb_strategy_plan_discard(&plans[plan_of[p]], h[p], di, is_last);
                    for (i = 0; i < 5; i++) {
                        uint32_t j;
                        uint8_t x;
                        if (!((mask >> i) & 1u)) continue;
                        j = (uint32_t)top + pcg_bounded(&g_stub, (uint32_t)(m - top));
                        x = u[top];
                        u[top] = u[j];
                        u[j] = x;
                        h[p][i] = u[top++];
                    }
                }
            }
            for (p = 0; p < cfg->players; p++) cls[p] = class5(h[p]);
            score(cfg, cls, res);
        } else {
            st = trial_deck(cfg, &g_stub, &g_resh, plans, plan_of, dk, res);
            if (st != LB_OK) break;
        }
    }
    free(dk);
    free(plans);
    return st;
}

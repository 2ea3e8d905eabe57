/* ctest for csrc/hand.c: exit 0 when every check passes. Runs under ASan/UBSan too.
 * Exact hands (a fold to the big blind, a short all-in's side pots), an illegal action that
 * changes nothing, and many random hands of several variants through the batch calls, with the
 * invariants every hand keeps: chips conserved, the deck whole, the legal mask equal to
 * lb_hand_index_legal and the packed legal indexes to the mask, every new hand of a batch the
 * bytes of lb_hand_reset, every hand finishing. (tests/test_hand_agreement.py compares the engine
 * with lowball.engine.HandState decision by decision.) */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hand.h"

static lb_rules fixed_limit(void) {
    lb_rules r;
    memset(&r, 0, sizeof r);
    r.structure = LB_STRUCT_FIXED;
    r.small_bet = 2;
    r.big_bet = 4;
    r.max_raises = 4;
    r.uncapped_heads_up = 1;
    r.small_blind = 1;
    r.big_blind = 2;
    r.draws = 3;
    r.ranking = LB_RANK_27;
    r.hand_size = 5;
    r.must_open = 1;
    return r;
}

static int64_t sum(const int64_t *v, int n) {
    int64_t s = 0;
    int i;
    for (i = 0; i < n; i++) s += v[i];
    return s;
}

/* the positions' stacks (lb_player.stack) */
static int64_t sum_stacks(const lb_hand *h) {
    int64_t s = 0;
    int p;
    for (p = 0; p < h->n; p++) s += h->pl[p].stack;
    return s;
}

static void heads_up_fold(void) {
    lb_rules r = fixed_limit();
    lb_hand h;
    lb_legal lg;
    lb_event_log log;
    lb_pcg64 g;
    uint64_t key[4] = {1, 2, 3, 4};
    int64_t stacks[2] = {100, 100};
    lb_hand_stream(key, 0, 0, &g);
    log.n = 0;
    lb_hand_reset(&h, &r, 2, stacks, &g, &log);
    /* heads-up the button (position 1) posts the small blind and acts first */
    CHECK_EQ_INT(log.n, 5); /* two blinds, two deals, round 1 */
    CHECK_EQ_INT(log.events[0].kind, LB_EV_BLIND);
    CHECK_EQ_INT(log.events[0].position, 1);
    CHECK_EQ_INT(log.events[0].amount, 1);
    CHECK_EQ_INT(log.events[1].position, 0);
    CHECK_EQ_INT(log.events[1].amount, 2);
    CHECK_EQ_INT(log.events[4].kind, LB_EV_ROUND);
    CHECK_EQ_INT(lb_hand_legal(&h, &r, &lg), LB_HAND_OK);
    CHECK_EQ_INT(lg.position, 1);
    CHECK(lg.fold && lg.call && !lg.check && lg.raise_ && !lg.bet);
    CHECK_EQ_INT(lg.call_amount, 1);
    CHECK_EQ_INT(lg.min_to, 4);
    CHECK_EQ_INT(lg.max_to, 4);
    log.n = 0;
    CHECK_EQ_INT(lb_hand_act(&h, &r, LB_ACT_FOLD, 0, 0, &log), LB_HAND_OK);
    /* fold, the big blind's uncalled chip back, the pot of 2 won */
    CHECK_EQ_INT(log.n, 3);
    CHECK_EQ_INT(log.events[1].kind, LB_EV_RETURN);
    CHECK_EQ_INT(log.events[1].amount, 1);
    CHECK_EQ_INT(log.events[2].kind, LB_EV_WIN);
    CHECK_EQ_INT(log.events[2].amount, 2);
    CHECK_EQ_INT(h.pl[0].stack, 101);
    CHECK_EQ_INT(h.pl[1].stack, 99);
    CHECK_EQ_INT(h.phase, LB_PHASE_COMPLETE);
    CHECK_EQ_INT(lb_hand_legal(&h, &r, &lg), LB_HAND_COMPLETE);
    CHECK_EQ_INT(lb_hand_act(&h, &r, LB_ACT_CALL, 0, 0, NULL), LB_HAND_COMPLETE);
}

static void short_all_in_side_pots(void) {
    /* no limit, min bet 2: position 2 (first to act, 5 chips) goes all in; both blinds call and
     * check the hand down: one pot of 15, 5 from each. */
    lb_rules r = fixed_limit();
    lb_hand h, before;
    lb_legal lg;
    lb_pcg64 g;
    uint64_t key[4] = {9, 9, 9, 9};
    int64_t stacks[3] = {50, 50, 5};
    int d, p;
    r.structure = LB_STRUCT_NO;
    r.min_bet = 2;
    r.draws = 1;
    lb_hand_stream(key, 3, 7, &g);
    lb_hand_reset(&h, &r, 3, stacks, &g, NULL);
    lb_hand_legal(&h, &r, &lg);
    CHECK_EQ_INT(lg.position, 2);
    CHECK_EQ_INT(lg.min_to, 4);
    CHECK_EQ_INT(lg.max_to, 5);
    memcpy(&before, &h, sizeof h);
    CHECK_EQ_INT(lb_hand_act(&h, &r, LB_ACT_BET_OR_RAISE, 6, 0, NULL), LB_HAND_ILLEGAL);
    CHECK_EQ_INT(lb_hand_act(&h, &r, LB_ACT_BET_OR_RAISE, 3, 0, NULL), LB_HAND_ILLEGAL);
    CHECK_EQ_INT(lb_hand_act(&h, &r, LB_ACT_CHECK, 0, 0, NULL), LB_HAND_ILLEGAL);
    CHECK_EQ_INT(lb_hand_act(&h, &r, LB_ACT_DISCARD, 0, 1, NULL), LB_HAND_ILLEGAL);
    CHECK(memcmp(&before, &h, sizeof h) == 0); /* refused: not a byte changed */
    CHECK_EQ_INT(lb_hand_act(&h, &r, LB_ACT_BET_OR_RAISE, 5, 0, NULL), LB_HAND_OK);
    /* the big blind owes 3 more, the small blind 4 */
    lb_hand_legal(&h, &r, &lg);
    CHECK_EQ_INT(lg.position, 0);
    CHECK_EQ_INT(lg.call_amount, 4);
    CHECK_EQ_INT(h.pl[1].bet, 2);
    CHECK_EQ_INT(lb_hand_act(&h, &r, LB_ACT_CALL, 0, 0, NULL), LB_HAND_OK);
    CHECK_EQ_INT(lb_hand_act(&h, &r, LB_ACT_CALL, 0, 0, NULL), LB_HAND_OK);
    CHECK_EQ_INT(h.phase, LB_PHASE_DRAWING);
    for (d = 0; d < 3; d++)
        CHECK_EQ_INT(lb_hand_act(&h, &r, LB_ACT_DISCARD, 0, 0, NULL), LB_HAND_OK);
    /* the two with chips check the last round down */
    CHECK_EQ_INT(lb_hand_act(&h, &r, LB_ACT_CHECK, 0, 0, NULL), LB_HAND_OK);
    CHECK_EQ_INT(lb_hand_act(&h, &r, LB_ACT_CHECK, 0, 0, NULL), LB_HAND_OK);
    CHECK_EQ_INT(h.phase, LB_PHASE_COMPLETE);
    CHECK_EQ_INT(h.n_pots, 1);
    CHECK_EQ_INT(h.pot_amount[0], 15);
    CHECK_EQ_INT(sum_stacks(&h), 105);
    CHECK_EQ_INT(sum(h.winnings, 3), 15);
    for (p = 0; p < 3; p++) CHECK_EQ_INT(lb_hand_committed(&h, p), 5); /* after the winnings */
}

/* A batch's new hand (made from a template of the batch's first deal) is byte for byte the
 * hand lb_hand_reset makes of the same generator, on memory that held another hand before. */
static void new_hand_as_reset(const lb_hand *h, const lb_rules *r, int n, const int64_t *stacks,
                              const uint64_t key[4], int slot, uint64_t episode) {
    static lb_hand ref;
    lb_pcg64 g;
    memset(&ref, 0, sizeof ref);
    lb_hand_stream(key, (uint64_t)slot, episode, &g);
    lb_hand_reset(&ref, r, n, stacks, &g, NULL);
    CHECK(memcmp(&ref, h, sizeof ref) == 0);
}

static void random_batches(void) {
    enum { N = 64 };
    static lb_hand hands[N];
    lb_rules variants[4];
    uint64_t key[4] = {31, 41, 59, 26}, episodes[N];
    int64_t stacks[6] = {3, 40, 9, 100, 25, 60}, actions[N];
    double fractions[2] = {0.5, 1.0};
    int v, i, step;
    variants[0] = fixed_limit();
    variants[1] = fixed_limit();
    variants[1].structure = LB_STRUCT_POT;
    variants[1].min_bet = 2;
    variants[1].reshuffle = LB_RESHUFFLE_LIVE;
    variants[1].burn = 1;
    variants[2] = fixed_limit();
    variants[2].ranking = LB_RANK_BADUGI;
    variants[2].hand_size = 4;
    variants[2].ante = 1;
    variants[3] = fixed_limit();
    variants[3].structure = LB_STRUCT_NO;
    variants[3].min_bet = 2;
    variants[3].small_blind = variants[3].big_blind = 0;
    variants[3].ante = 2;
    variants[3].ranking = LB_RANK_A5;
    for (v = 0; v < 4; v++) {
        const lb_rules *r = &variants[v];
        lb_space s;
        int n = 2 + v % 5 + v;
        int osize = lb_obs_size(r, n), finished = 0;
        uint8_t *masks = malloc((size_t)N * 64);
        int8_t *indexes = malloc((size_t)N * 64);
        float *obs = malloc(sizeof(float) * N * (size_t)osize), rewards[N * 6];
        uint8_t done[N], counts[N];
        int8_t actor[N];
        uint32_t x = 12345;
        if (n > 6) n = 6;
        osize = lb_obs_size(r, n);
        lb_space_init(&s, r, fractions, 2);
        memset(episodes, 0, sizeof episodes);
        lb_batch_reset(hands, N, r, &s, n, stacks, key, 0, episodes, 2.0, actor, masks, counts,
                       indexes, obs);
        for (i = 0; i < N; i++) new_hand_as_reset(&hands[i], r, n, stacks, key, i, 0);
        for (step = 0; step < 400; step++) {
            for (i = 0; i < N; i++) {
                uint8_t *m = masks + i * s.n_actions;
                const int8_t *legal = indexes + i * s.n_actions;
                int a, k = 0, pick;
                for (a = 0; a < s.n_actions; a++) {
                    CHECK_EQ_INT(m[a], lb_hand_index_legal(&hands[i], r, &s, a));
                    if (m[a]) CHECK_EQ_INT(legal[k], a); /* the legal indexes, packed in order */
                    k += m[a];
                }
                CHECK(k > 0);
                CHECK_EQ_INT(counts[i], k);
                for (a = k; a < s.n_actions; a++) CHECK_EQ_INT(legal[a], -1);
                CHECK_EQ_INT(actor[i], hands[i].actor);
                x = x * 1664525u + 1013904223u;
                pick = (int)((x >> 8) % (uint32_t)k);
                for (a = 0; a < s.n_actions; a++)
                    if (m[a] && pick-- == 0) break;
                actions[i] = a;
            }
            CHECK_EQ_INT(lb_batch_check(hands, N, r, &s, actions, masks), -1);
            CHECK_EQ_INT(lb_batch_check(hands, N, r, &s, actions, NULL), -1);
            lb_batch_step(hands, N, r, &s, n, stacks, key, 0, episodes, actions, 2.0, rewards, done,
                          actor, masks, counts, indexes, obs);
            for (i = 0; i < N; i++) {
                const lb_hand *h = &hands[i];
                lb_deck deck;
                int p;
                float total = 0;
                if (done[i]) new_hand_as_reset(h, r, n, stacks, key, i, episodes[i]);
                /* every card in exactly one place (lb_deck_check of the hand's deck) */
                CHECK_EQ_INT(lb_hand_to_deck(h, &deck), LB_OK);
                CHECK_EQ_INT(sum_stacks(h) + h->pot, sum(stacks, n));
                for (p = 0; p < n; p++) total += rewards[i * n + p];
                CHECK(total == 0.0f);
                finished += done[i];
            }
        }
        CHECK(finished > N);
        for (i = 0; i < N; i++) {
            int a;
            for (a = 0; !masks[i * s.n_actions + a]; a++) continue;
            actions[i] = a;
        }
        CHECK_EQ_INT(lb_batch_check(hands, N, r, &s, actions, masks), -1);
        actions[5] = -1;
        CHECK_EQ_INT(lb_batch_check(hands, N, r, &s, actions, masks), 5);
        free(masks);
        free(indexes);
        free(obs);
    }
}

/* A new hand's shuffle (hand.c's own Fisher-Yates on its inlined generator and bounded draw)
 * deals exactly what lb_deck_shuffle deals from lb_pcg64_next on the same state, and leaves the
 * generator where it leaves it: on many hands' generators, and on two states that reach the
 * bounded draw's rarer branches (derived by running the LCG backwards, state k - 1 = (state k -
 * inc) * mul^-1 mod 2^128): one whose first word is 0 (a rejected draw: j = bounded(52) takes a
 * second word) and one whose 51st word is 2^63 (its low product 2^64 mod 2^64 = 0 is below the
 * bound 2, but 2^64 mod 2 = 0: accepted). */
static int pcg_word(void *ctx, uint64_t *word) {
    *word = lb_pcg64_next((lb_pcg64 *)ctx);
    return 0;
}

static void shuffle_as_deck(const lb_pcg64 *g) {
    static lb_hand h;
    lb_rules r = fixed_limit();
    lb_deck d;
    lb_pcg64 copy = *g;
    lb_random rng = {pcg_word, &copy};
    int64_t stacks[2] = {100, 100};
    lb_deck_init(&d, LB_RESHUFFLE_SEEDS, 0);
    CHECK_EQ_INT(lb_deck_shuffle(&d, &rng), LB_OK);
    lb_hand_reset(&h, &r, 2, stacks, g, NULL);
    CHECK(memcmp(h.deck.stub, d.stub, LB_NUM_CARDS) == 0);
    CHECK(memcmp(&h.rng, &copy, sizeof copy) == 0);
}

#ifdef __SIZEOF_INT128__
/* The generator whose word number `word` (1-based) is 0, the output of a state whose high and
 * low halves are equal: that state run backwards word steps (state k - 1 = (state k - inc) *
 * mul^-1 mod 2^128; mul^-1 by Newton's iteration). */
__extension__ typedef unsigned __int128 u128;

static lb_pcg64 zero_word_at(int word) {
    const u128 mul = ((u128)2549297995355413924ull << 64) | 4865540595714422341ull;
    u128 inv = mul, inc = ((u128)0x0123456789abcdefull << 64) | 0xfedcba9876543211ull,
         state = ((u128)0x5eed5eed5eed5eedull << 64) | 0x5eed5eed5eed5eedull;
    lb_pcg64 g, probe;
    int k;
    for (k = 0; k < 7; k++) inv *= 2 - mul * inv; /* 3 correct bits, doubled each time */
    CHECK(mul * inv == 1);
    for (k = 0; k < word; k++) state = (state - inc) * inv;
    g.state_hi = (uint64_t)(state >> 64);
    g.state_lo = (uint64_t)state;
    g.inc_hi = (uint64_t)(inc >> 64);
    g.inc_lo = (uint64_t)inc;
    probe = g;
    for (k = 1; k < word; k++) lb_pcg64_next(&probe);
    CHECK(lb_pcg64_next(&probe) == 0);
    return g;
}
#endif

static void new_hand_shuffle(void) {
    lb_pcg64 first = {0x1236916f9566dd58ull, 0xe9a24ccea6b91c74ull, 0x0123456789abcdefull,
                      0xfedcba9876543211ull},
             last = {0x236300cf8118710eull, 0x693aa65a3326ebcaull, 0x0123456789abcdefull,
                     0xfedcba9876543211ull},
             g, probe;
    uint64_t key[4] = {27, 18, 28, 18};
    int k;
    for (k = 0; k < 2000; k++) {
        lb_hand_stream(key, (uint64_t)k, (uint64_t)k * 3u, &g);
        shuffle_as_deck(&g);
    }
    probe = first;
    CHECK(lb_pcg64_next(&probe) == 0);
    shuffle_as_deck(&first);
    probe = last;
    for (k = 0; k < 50; k++) lb_pcg64_next(&probe);
    CHECK(lb_pcg64_next(&probe) == (uint64_t)1 << 63);
    shuffle_as_deck(&last);
#ifdef __SIZEOF_INT128__
    /* a rejected word (0 is below 2^64 mod bound for every bound not a power of two) early and
     * late in the shuffle's stream; word 50 is for position 2 (bound 3), the last that can be
     * rejected (word 51's bound is 2, a power of two) */
    {
        static const int words[] = {2, 3, 11, 12, 13, 48, 49, 50};
        size_t w;
        for (w = 0; w < sizeof words / sizeof words[0]; w++) {
            g = zero_word_at(words[w]);
            shuffle_as_deck(&g);
        }
    }
#endif
}

int main(void) {
    heads_up_fold();
    short_all_in_side_pots();
    random_batches();
    new_hand_shuffle();
    CHECK_DONE();
}

/* Draw odds for 2-7 lowball: exact enumeration of draws, exact heads-up single-draw equity, exact
 * multi-way enumeration within a budget, and Monte Carlo simulation of one to three draws with
 * strategies given as data (lowball.odds is the Python face).
 *
 * Plain C99: no Python.h, no globals that change. Functions that need working memory allocate it
 * with malloc and free it before returning (LB_ERR_MEMORY if malloc fails, nothing written), but
 * lb_strategy_plans, whose plans the caller frees. Every function is safe to call from several
 * threads at once on different outputs (a strategy plan is one of its discard's outputs).
 *
 * Terms. A player's hand is five cards; a discard is the cards thrown (0..5), the kept cards the
 * rest; the unseen cards are the cards the replacements come from: 52 minus every known hand minus
 * the dead cards. Classes are those of eval27.h: 1 (7-5-4-3-2) best .. 7462 worst.
 *
 * Randomness (lb_odds_simulate). Trial t of a run with key k[0..3] uses two PCG64 streams of its
 * own (the generator numpy.random.PCG64 implements, same words for the same state), so a result
 * does not depend on how trials are split between calls or threads:
 *   stub stream:      state = (mix(k0 ^ t) << 64) | mix(k1 + t),       inc = (k3 << 64) | (k2 | 1)
 *   reshuffle stream: state = (mix(k0 ^ ~t) << 64) | mix(k1 - t - 1),  inc = the same
 * where mix is SplitMix64's finaliser (z ^= z >> 30; z *= 0xbf58476d1ce4e5b9; z ^= z >> 27;
 * z *= 0x94d049bb133111eb; z ^= z >> 31) and arithmetic is modulo 2^64. The stub stream orders the
 * unseen cards lazily by a top-down Fisher-Yates: the i-th card dealt is u[i] after swapping u[i]
 * with u[i + bounded(m - i)], bounded(s) being lb_random_bounded (deck.h) on the next word. The
 * reshuffle stream is the random source of lb_deck when the stub runs out (RULES.md section 4).
 */
#ifndef LOWBALL_ODDS_H
#define LOWBALL_ODDS_H

#include <stddef.h>
#include <stdint.h>

#include "deck.h"
#include "status.h"

#define LB_ODDS_MAX_PLAYERS 9 /* a spare deck seat holds the dead cards in a simulation */
#define LB_ODDS_MAX_DRAWS 3
#define LB_ODDS_SHARE 2520      /* a pot share is counted in units of 1/2520: lcm(1..9) */
#define LB_ODDS_BY_STRATEGY 32u /* a fixed[] value: the player's strategy decides the first draw */

/* One PCG64 generator (the 128-bit LCG with the XSL-RR output, numpy.random.PCG64). */
typedef struct {
    uint64_t state_hi, state_lo, inc_hi, inc_lo;
} lb_pcg64;

/* The next 64-bit word: advance the state, then output from the new state (numpy's order). */
uint64_t lb_pcg64_next(lb_pcg64 *g);

/* SplitMix64's finaliser (see the header comment); inline: hand.c mixes six words a new hand. */
static inline uint64_t lb_mix64(uint64_t z) {
    z ^= z >> 30;
    z *= 0xbf58476d1ce4e5b9ull;
    z ^= z >> 27;
    z *= 0x94d049bb133111ebull;
    z ^= z >> 31;
    return z;
}

/* The class histogram of every way to complete kept[0..n_kept-1] (0..5 cards) to five cards with
 * 5 - n_kept cards of unseen[0..n_unseen-1]: hist[c] += the number of completions of class c, for
 * c in 1..7462 (hist has 7463 entries; hist[0] is untouched). Returns the number of completions,
 * C(n_unseen, 5 - n_kept). Preconditions (not checked): all cards distinct, 0..51. */
uint64_t lb_draw_hist(const uint8_t *kept, int n_kept, const uint8_t *unseen, int n_unseen,
                      uint64_t *hist);

/* Exact heads-up single-draw showdown: player A keeps kept_a[0..na-1] and draws 5 - na cards,
 * player B keeps kept_b[0..nb-1] and draws 5 - nb, both from unseen[0..n-1] (n <= 47), every pair
 * of disjoint draws counted once. out[0] = deals A wins, out[1] = deals tied, out[2] = deals B
 * wins, out[3] = all deals = C(n, 5-na) * C(n-5+na, 5-nb). Counts by inclusion-exclusion over the
 * cards both draws share, grouped by class: about C(n,a)*2^a + C(n,b)*2^b steps (a few tens of
 * millions for five against five), not C(n,a)*C(n-a,b). LB_ERR_EXHAUSTED if the draws need more
 * than n cards, LB_ERR_MEMORY. Preconditions (not checked): distinct cards 0..51. */
lb_status lb_exact_headsup(const uint8_t *kept_a, int na, const uint8_t *kept_b, int nb,
                           const uint8_t *unseen, int n, uint64_t out[4]);

/* Exact multi-way single-draw showdown by enumeration of every deal. kept is players*5 bytes,
 * player i keeping kept[5i .. 5i+n_kept[i]-1]. Per player: wins[i] deals won alone, ties[i] deals
 * shared, share[i] the pot shares in units of 1/LB_ODDS_SHARE; *deals the number of deals.
 * LB_ERR_TOO_MANY (nothing written) when the deals number more than budget; LB_ERR_EXHAUSTED when
 * the draws need more cards than n; LB_ERR_MEMORY. players 2..LB_ODDS_MAX_PLAYERS. */
lb_status lb_exact_multiway(int players, const uint8_t *kept, const int *n_kept,
                            const uint8_t *unseen, int n, uint64_t budget, uint64_t *wins,
                            uint64_t *ties, uint64_t *share, uint64_t *deals);

/* A drawing strategy, per draw of a triple-draw hand (index 0 = first draw .. 2 = last; a
 * single-draw hand uses index 2, its only draw being its last). See lb_strategy_discard. */
typedef struct {
    uint16_t pat[3];   /* stand pat with this class or better (0: never stand pat) */
    uint16_t brk[3];   /* ... but break a pat hand rougher than this (>= pat: never) */
    uint8_t keep[3];   /* otherwise keep one card of each rank up to this rank (0=2 .. 12=A) */
    uint8_t snow;      /* non-zero: never draw */
    uint8_t best_last; /* non-zero: on the last draw, the exact best discard for target */
    uint16_t target;   /* the class best_last aims at (a no-pair class) */
    uint16_t one[3];   /* keep a one-card draw to this class or better (0: no such rule) */
} lb_strategy;

/* The cards a strategy throws from hand[0..4] at draw index d (0..2; is_last: no draw follows):
 * a bit mask over hand positions. The rule, on the hand's class c:
 *   snow: nothing.  best_last and is_last: lb_best_discard(hand, target).
 *   c <= pat[d]: stand pat, unless c > brk[d] and the four lowest cards (by card number) are four
 *   distinct ranks up to keep[d] (a smooth draw underneath): then throw the highest card only
 *   (break the hand; the highest card may pair the fourth).
 *   otherwise: keep the lowest-numbered card of each rank up to keep[d] and throw the rest; when
 *   that keeps all five (a straight or a flush of low cards), throw the highest card. But when
 *   that keeps three cards or fewer and one[d] is set, a one-card draw comes first: if some four
 *   cards of the hand are four distinct ranks that one more card (the best of the ranks not
 *   held, not all five of one suit) makes a hand of class one[d] or better, throw the fifth card
 *   (of several such fours, the one whose best finish is lowest; equal: throw the higher card). */
unsigned lb_strategy_discard(const lb_strategy *s, const uint8_t hand[5], int d, int is_last);

/* A strategy made ready for many decisions: lb_strategy_plan_discard gives exactly
 * lb_strategy_discard's answer, faster. Outside best_last's last draw the rule reads a hand only
 * through its class (which fixes its ranks and whether it is a flush) and its cards in card-number
 * order (by rank, then suit: which card of a rank it keeps, and which of two equal choices it
 * takes, go by that order), so the discard written over the hand's cards in that order is one
 * per class and draw index: by_class[d][c] keeps it, computed by lb_strategy_discard's rule
 * the first time a hand of class c meets draw index d (LB_PLAN_UNKNOWN until then). best_last's
 * last draw reads the suits too: it is counted afresh each time, from the rank patterns kept
 * here. About 25 KB (sizeof: 3 * 7463 bytes of decisions, 1287 rank patterns of 2 bytes). A plan
 * is written by its discards (the table fills in): one thread at a time. */
#define LB_PLAN_UNKNOWN 0xffu
typedef struct {
    lb_strategy s;
    int8_t one_top[3];         /* the highest rank a one-card draw to one[d] can hold; -1: none */
    int16_t n_good;            /* best_last: the rank patterns of class target or better */
    uint16_t good[1287];       /* ... (13-bit masks of five ranks) */
    uint8_t by_class[3][7463]; /* index LB_NUM_CLASSES + 1 (eval27.h): a mask over card order */
} lb_strategy_plan;

/* Make plan ready for strategy s (every decision unknown; the rank patterns of best_last counted
 * once, about 8,192 evaluations, only when s has best_last and not snow). */
void lb_strategy_plan_init(lb_strategy_plan *plan, const lb_strategy *s);

/* lb_strategy_discard(&plan->s, hand, d, is_last), the same preconditions: a mask over hand
 * positions. About 13 ns once the class is known at d (the class, a table load and the order of
 * the five cards by ten comparisons), the rule's own cost (about 130 ns for the default strategy)
 * the first time; csrc/tests/time_strategy.c times both. */
unsigned lb_strategy_plan_discard(lb_strategy_plan *plan, const uint8_t hand[5], int d,
                                  int is_last);

/* Plans for the strategies s[0..n-1] (1 <= n <= LB_PLANS_MAX), one per different strategy (the
 * same in every field): plan_of[i] (n entries, written) is the index of s[i]'s plan in the array
 * returned, which the caller frees with free(). NULL (plan_of then unspecified) when n is out of
 * range or memory runs out. */
#define LB_PLANS_MAX 10
lb_strategy_plan *lb_strategy_plans(const lb_strategy *s, int n, int *plan_of);

/* The discard (a mask over hand positions) with the best chance of a final hand of class target
 * or better, its replacements coming from the 47 cards not in hand[0..4] (what its holder can
 * see), counted exactly by rank patterns; ties go to the fewest cards thrown, then to the set
 * of higher cards (the larger sum of 1 << card over the cards thrown), whatever the order of
 * hand[]. target must be a no-pair class; *count (if not NULL) receives the number of good
 * completions of that discard, out of C(47, cards thrown). */
unsigned lb_best_discard(const uint8_t hand[5], int target, uint64_t *count);

/* One Monte Carlo run. */
typedef struct {
    int players; /* 2..LB_ODDS_MAX_PLAYERS, in drawing order */
    uint8_t hands[LB_ODDS_MAX_PLAYERS][5];
    int draws;       /* 1..3 draws to come */
    int first_fixed; /* non-zero: the first draw throws fixed[i] (a position mask) */
    unsigned fixed[LB_ODDS_MAX_PLAYERS];
    lb_strategy strategy[LB_ODDS_MAX_PLAYERS];
    uint8_t unseen[LB_NUM_CARDS]; /* the stub's cards (order irrelevant: shuffled per trial) */
    int n_unseen;
    uint8_t dead[LB_NUM_CARDS]; /* known cards out of the stub: the muck at the start */
    int n_dead;
    uint8_t removed[LB_NUM_CARDS]; /* known cards out of play for good: never dealt */
    int n_removed;
    /* non-zero: this player's hand is dealt from the stub at the start of each trial, before the
     * first draw (hands[p] is then ignored and holds no card); its first draw is its strategy's */
    uint8_t random_hand[LB_ODDS_MAX_PLAYERS];
    int rule; /* lb_reshuffle_rule */
    int burn; /* burn a card before each draw */
    uint64_t key[4];
} lb_sim_config;

/* Per-player sums over trials: wins alone, ties, pot shares (units of 1/LB_ODDS_SHARE) and their
 * squares, for the standard errors. Add-only: results of any split of the trials sum exactly. */
typedef struct {
    uint64_t trials;
    uint64_t reshuffles; /* trials in which the stub ran out */
    uint64_t wins[LB_ODDS_MAX_PLAYERS];
    uint64_t ties[LB_ODDS_MAX_PLAYERS];
    uint64_t share[LB_ODDS_MAX_PLAYERS];
    uint64_t share_sq[LB_ODDS_MAX_PLAYERS];
} lb_sim_result;

/* Play trials t0 .. t1-1 of the run cfg and add them to *res. Preconditions (checked by the
 * binding): every card in exactly one of hands (of the players not dealt at random), unseen,
 * dead and removed; strategies' classes 0..7462. A fixed[p] of LB_ODDS_BY_STRATEGY lets the
 * strategy decide that player's first draw. Each trial first deals the random hands, five cards
 * each in position order, from the shuffled stub (the same streams as the draws: the stub stream
 * orders the unseen cards and they are dealt from the top). The dead cards are the muck from the
 * start (reshuffled when the stub runs out, RULES.md section 4); the removed cards never are.
 * LB_ERR_EXHAUSTED if some trial needs more cards than the deck can give (LB_ERR_* of lb_deck
 * otherwise); *res then holds the trials before it. */
lb_status lb_odds_simulate(const lb_sim_config *cfg, uint64_t t0, uint64_t t1, lb_sim_result *res);

#endif

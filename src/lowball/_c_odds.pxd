# Declarations of csrc/odds.h: draw odds and equity.
from libc.stdint cimport uint8_t, uint16_t, uint64_t

from lowball._c_status cimport lb_status

cdef extern from "odds.h" nogil:
    int LB_ODDS_MAX_PLAYERS
    int LB_ODDS_SHARE
    unsigned LB_ODDS_BY_STRATEGY

    ctypedef struct lb_pcg64:
        uint64_t state_hi, state_lo, inc_hi, inc_lo

    uint64_t lb_pcg64_next(lb_pcg64 *g)
    uint64_t lb_draw_hist(const uint8_t *kept, int n_kept, const uint8_t *unseen, int n_unseen,
                          uint64_t *hist)
    lb_status lb_exact_headsup(const uint8_t *kept_a, int na, const uint8_t *kept_b, int nb,
                               const uint8_t *unseen, int n, uint64_t out[4])
    lb_status lb_exact_multiway(int players, const uint8_t *kept, const int *n_kept,
                                const uint8_t *unseen, int n, uint64_t budget, uint64_t *wins,
                                uint64_t *ties, uint64_t *share, uint64_t *deals)

    ctypedef struct lb_strategy:
        uint16_t pat[3]
        uint16_t brk[3]
        uint8_t keep[3]
        uint8_t snow
        uint8_t best_last
        uint16_t target
        uint16_t one[3]

    unsigned lb_strategy_discard(const lb_strategy *s, const uint8_t hand[5], int d, int is_last)
    unsigned lb_best_discard(const uint8_t hand[5], int target, uint64_t *count)

    ctypedef struct lb_sim_config:
        int players
        uint8_t hands[9][5]
        int draws
        int first_fixed
        unsigned fixed[9]
        lb_strategy strategy[9]
        uint8_t unseen[52]
        int n_unseen
        uint8_t dead[52]
        int n_dead
        uint8_t removed[52]
        int n_removed
        uint8_t random_hand[9]
        int rule
        int burn
        uint64_t key[4]

    ctypedef struct lb_sim_result:
        uint64_t trials
        uint64_t reshuffles
        uint64_t wins[9]
        uint64_t ties[9]
        uint64_t share[9]
        uint64_t share_sq[9]

    lb_status lb_odds_simulate(const lb_sim_config *cfg, uint64_t t0, uint64_t t1,
                               lb_sim_result *res)

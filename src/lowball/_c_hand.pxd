# Declarations of csrc/hand.h: the batch hand engine.
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

from lowball._c_deck cimport lb_deck
from lowball._c_odds cimport lb_pcg64, lb_strategy

cdef extern from "hand.h" nogil:
    int LB_HAND_MAX_PLAYERS
    int LB_HAND_MAX_DRAWS
    int LB_HAND_MAX_ROUNDS
    int LB_HAND_NO_POSITION
    int LB_HAND_MAX_STEP_EVENTS
    int LB_HAND_MAX_FRACTIONS

    ctypedef enum lb_hand_status:
        LB_HAND_OK
        LB_HAND_ILLEGAL
        LB_HAND_COMPLETE
        LB_HAND_DECK

    ctypedef struct lb_event:
        int64_t amount
        uint16_t hand_class
        uint8_t kind
        uint8_t position
        uint8_t number
        uint8_t pot
        uint8_t n_cards
        uint8_t n_discarded
        uint8_t cards[5]
        uint8_t discarded[5]

    ctypedef struct lb_event_log:
        lb_event events[96]
        int n

    ctypedef struct lb_rules:
        int64_t small_bet, big_bet, min_bet, small_blind, big_blind, ante
        int32_t max_raises
        uint8_t structure, uncapped_heads_up, big_blind_ante, draws, ranking, hand_size
        uint8_t reshuffle, burn, open_fold, show_all_hands, must_open

    ctypedef struct lb_legal:
        int64_t call_amount, min_to, max_to
        uint8_t position, phase, fold, check, call, bet, raise_, draw, max_discards

    ctypedef struct lb_player:
        int64_t stack, bet, acted, starting
        uint8_t cards[5]
        uint8_t n_cards
        uint8_t raises[4]
        int8_t drawn[3]

    ctypedef struct lb_hand_deck:
        uint8_t stub[52]
        uint8_t gone[52]
        uint8_t top, n_muck, n_discards, n_burns
        uint8_t burns[4]
        uint32_t reshuffles

    ctypedef struct lb_hand:
        lb_hand_deck deck
        lb_pcg64 rng
        lb_legal legal
        lb_player pl[10]
        int64_t antes[10]
        int64_t winnings[10]
        int64_t level, last_raise, full_level
        int64_t pot_amount[10]
        int32_t bet_count
        uint16_t pot_eligible[10]
        uint16_t folded, mucked, shown
        uint8_t n, phase, betting_round, draw_round, actor, capped
        uint8_t aggressor, last_round_aggressor
        uint8_t n_pending, n_draw_order, n_pots, n_show
        uint8_t pending[10]
        uint8_t draw_order[10]
        uint8_t show_order[10]

    int lb_hand_to_deck(const lb_hand *h, lb_deck *d)
    int64_t lb_hand_committed(const lb_hand *h, int p)

    ctypedef struct lb_space:
        double fractions[8]
        int n_fractions, n_sizes, first_discard, n_actions, hand_size

    const char *lb_hand_status_str(lb_hand_status st)
    void lb_hand_stream(const uint64_t key[4], uint64_t slot, uint64_t episode, lb_pcg64 *out)
    void lb_hand_reset(lb_hand *h, const lb_rules *r, int n, const int64_t *stacks,
                       const lb_pcg64 *rng, lb_event_log *log)
    lb_hand_status lb_hand_reset_order(lb_hand *h, const lb_rules *r, int n, const int64_t *stacks,
                                       const lb_pcg64 *rng, const uint8_t *order, lb_event_log *log)
    lb_hand_status lb_hand_legal(const lb_hand *h, const lb_rules *r, lb_legal *out)
    lb_hand_status lb_hand_act(lb_hand *h, const lb_rules *r, int kind, int64_t amount,
                               unsigned mask, lb_event_log *log)
    int64_t lb_hand_pot(const lb_hand *h)
    void lb_space_init(lb_space *s, const lb_rules *r, const double *fractions, int n_fractions)
    void lb_hand_mask(const lb_hand *h, const lb_rules *r, const lb_space *s, uint8_t *mask)
    int lb_hand_index_legal(const lb_hand *h, const lb_rules *r, const lb_space *s, int64_t a)
    lb_hand_status lb_hand_act_index(lb_hand *h, const lb_rules *r, const lb_space *s, int64_t a,
                                     lb_event_log *log)
    int lb_obs_size(const lb_rules *r, int n)
    void lb_hand_observe(const lb_hand *h, const lb_rules *r, int pos, double scale, float *out)
    int64_t lb_batch_check(const lb_hand *hands, int64_t count, const lb_rules *r,
                           const lb_space *s, const int64_t *actions, const uint8_t *masks)
    void lb_batch_step(lb_hand *hands, int64_t count, const lb_rules *r, const lb_space *s, int n,
                       const int64_t *stacks, const uint64_t key[4], uint64_t first_slot,
                       uint64_t *episodes, const int64_t *actions, double scale, float *rewards,
                       uint8_t *done, int8_t *actor, uint8_t *masks, uint8_t *counts,
                       int8_t *indexes, float *obs)
    void lb_batch_reset(lb_hand *hands, int64_t count, const lb_rules *r, const lb_space *s,
                        int n, const int64_t *stacks, const uint64_t key[4], uint64_t first_slot,
                        const uint64_t *episodes, double scale, int8_t *actor, uint8_t *masks,
                        uint8_t *counts, int8_t *indexes, float *obs)
    void lb_play_hands(const lb_rules *r, const lb_space *s, int n, const int64_t *stacks,
                       const uint64_t key[4], uint64_t slot, uint64_t first_episode,
                       int64_t count, int policy, const lb_strategy *strategy, double *payoffs,
                       int64_t *decisions)

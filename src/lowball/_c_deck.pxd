# Declarations of csrc/deck.h: the deck state and its operations.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from lowball._c_status cimport lb_status

cdef extern from "deck.h" nogil:
    int LB_DECK_MAX_SEATS
    int LB_DECK_MAX_DISCARD
    int LB_PLACE_STUB
    int LB_PLACE_MUCK
    int LB_PLACE_BURN
    int LB_PLACE_DISCARD
    ctypedef enum lb_reshuffle_rule:
        LB_RESHUFFLE_SEEDS
        LB_RESHUFFLE_LIVE
    ctypedef struct lb_random:
        int (*next)(void *ctx, uint64_t *word) noexcept nogil
        void *ctx
    ctypedef struct lb_deck:
        uint8_t stub[52]
        uint8_t top
        uint8_t n_muck
        uint8_t n_burns
        uint8_t n_discards
        uint8_t muck[52]
        uint8_t burns[52]
        uint8_t discards[52]
        uint8_t discard_seat[52]
        uint8_t hands[10][52]
        uint8_t hand_len[10]
        uint8_t where[52]
        uint8_t rule
        uint8_t burn_before_draw
        uint8_t in_draw
        uint8_t n_order
        uint8_t next
        uint8_t order[10]
        uint8_t drawn[10]
        uint32_t reshuffles
    int lb_random_bounded(const lb_random *rng, uint32_t bound, uint32_t *out)
    lb_status lb_shuffle_cards(uint8_t *cards, int n, const lb_random *rng)
    void lb_deck_init(lb_deck *d, lb_reshuffle_rule rule, int burn_before_draw)
    lb_status lb_deck_shuffle(lb_deck *d, const lb_random *rng)
    lb_status lb_deck_set_order(lb_deck *d, const uint8_t *order, int n)
    lb_status lb_deck_deal(lb_deck *d, int seat, int n, uint8_t *out)
    lb_status lb_deck_deal_round(lb_deck *d, const uint8_t *seats, int n_seats, int rounds,
                                 uint8_t *out)
    lb_status lb_deck_burn(lb_deck *d, uint8_t *out)
    lb_status lb_deck_muck(lb_deck *d, const uint8_t *cards, int n, int *bad)
    lb_status lb_deck_fold(lb_deck *d, int seat)
    lb_status lb_deck_begin_draw(lb_deck *d, const uint8_t *seats, int n)
    lb_status lb_deck_draw(lb_deck *d, int seat, const uint8_t *discards, int n,
                           const lb_random *rng, uint8_t *out, int *bad)
    int lb_deck_available(const lb_deck *d)
    lb_status lb_deck_end_draw(lb_deck *d)
    lb_status lb_deck_check(const lb_deck *d)
    lb_status lb_deck_rebuild(lb_deck *d)

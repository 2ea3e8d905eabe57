/* Deck state, shuffle and the draw with the reshuffle rule: see deck.h. */
#include "deck.h"

#include <string.h>

int lb_random_bounded(const lb_random *rng, uint32_t bound, uint32_t *out) {
    /* Lemire, "Fast random integer generation in an interval" (2019), on 64-bit words. The
     * 64x32 -> 96-bit product is built from two 32x32 products so that no 128-bit type is needed. */
    uint64_t threshold = 0;
    int have_threshold = 0;
    for (;;) {
        uint64_t x, p_lo, p_hi, mid, lo;
        if (rng->next(rng->ctx, &x) != 0) return -1;
        p_lo = (x & 0xffffffffu) * (uint64_t)bound;
        p_hi = (x >> 32) * (uint64_t)bound;
        mid = p_hi + (p_lo >> 32); /* < 2^64: p_hi <= (2^32-1)^2, p_lo >> 32 < 2^32 */
        lo = (mid << 32) | (p_lo & 0xffffffffu);
        if (lo < bound) {
            if (!have_threshold) {
                threshold = (0 - (uint64_t)bound) % bound; /* 2^64 mod bound */
                have_threshold = 1;
            }
            if (lo < threshold) continue;
        }
        *out = (uint32_t)(mid >> 32);
        return 0;
    }
}

lb_status lb_shuffle_cards(uint8_t *cards, int n, const lb_random *rng) {
    int i;
    for (i = n - 1; i > 0; i--) {
        uint32_t j;
        uint8_t t;
        if (lb_random_bounded(rng, (uint32_t)(i + 1), &j) != 0) return LB_ERR_RANDOM;
        t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
    return LB_OK;
}

static void gather(lb_deck *d) {
    int c, s;
    for (c = 0; c < LB_NUM_CARDS; c++) {
        d->stub[c] = (uint8_t)c;
        d->where[c] = LB_PLACE_STUB;
    }
    d->top = 0;
    d->n_muck = d->n_burns = d->n_discards = 0;
    for (s = 0; s < LB_DECK_MAX_SEATS; s++) d->hand_len[s] = 0;
    d->in_draw = 0;
    d->n_order = d->next = 0;
    memset(d->drawn, 0, sizeof d->drawn);
    d->reshuffles = 0;
}

void lb_deck_init(lb_deck *d, lb_reshuffle_rule rule, int burn_before_draw) {
    memset(d, 0, sizeof *d);
    d->rule = (uint8_t)(rule == LB_RESHUFFLE_LIVE ? LB_RESHUFFLE_LIVE : LB_RESHUFFLE_SEEDS);
    d->burn_before_draw = (uint8_t)(burn_before_draw != 0);
    gather(d);
}

lb_status lb_deck_shuffle(lb_deck *d, const lb_random *rng) {
    uint8_t tmp[LB_NUM_CARDS];
    int c;
    for (c = 0; c < LB_NUM_CARDS; c++) tmp[c] = (uint8_t)c;
    if (lb_shuffle_cards(tmp, LB_NUM_CARDS, rng) != LB_OK) return LB_ERR_RANDOM;
    gather(d);
    memcpy(d->stub, tmp, sizeof tmp);
    return LB_OK;
}

lb_status lb_deck_set_order(lb_deck *d, const uint8_t *order, int n) {
    lb_status st;
    if (n != LB_NUM_CARDS) return LB_ERR_EXHAUSTED;
    st = lb_check_cards(order, n);
    if (st != LB_OK) return st;
    gather(d);
    memcpy(d->stub, order, LB_NUM_CARDS);
    return LB_OK;
}

static int valid_seat(int seat) { return seat >= 0 && seat < LB_DECK_MAX_SEATS; }

static void give(lb_deck *d, int seat, uint8_t card) {
    d->hands[seat][d->hand_len[seat]++] = card;
    d->where[card] = (uint8_t)seat;
}

lb_status lb_deck_deal(lb_deck *d, int seat, int n, uint8_t *out) {
    int i;
    if (!valid_seat(seat)) return LB_ERR_SEAT;
    if (d->in_draw) return LB_ERR_TURN;
    if (n < 0) return LB_ERR_TOO_MANY;
    if (n > LB_NUM_CARDS - d->top) return LB_ERR_EXHAUSTED;
    for (i = 0; i < n; i++) {
        uint8_t card = d->stub[d->top++];
        give(d, seat, card);
        if (out) out[i] = card;
    }
    return LB_OK;
}

lb_status lb_deck_deal_round(lb_deck *d, const uint8_t *seats, int n_seats, int rounds,
                             uint8_t *out) {
    unsigned seen = 0;
    int i, r;
    for (i = 0; i < n_seats; i++) {
        if (!valid_seat(seats[i]) || (seen >> seats[i] & 1u)) return LB_ERR_SEAT;
        seen |= 1u << seats[i];
    }
    if (d->in_draw) return LB_ERR_TURN;
    if (n_seats < 0 || rounds < 0) return LB_ERR_TOO_MANY;
    /* 64-bit product: long is 32 bits on Windows and 32-bit targets, where 10 seats times a
     * large count of rounds would overflow and let the deal run past the stub. */
    if ((int64_t)n_seats * rounds > LB_NUM_CARDS - d->top) return LB_ERR_EXHAUSTED;
    for (r = 0; r < rounds; r++) {
        for (i = 0; i < n_seats; i++) {
            uint8_t card = d->stub[d->top++];
            give(d, seats[i], card);
            if (out) out[r * n_seats + i] = card;
        }
    }
    return LB_OK;
}

lb_status lb_deck_burn(lb_deck *d, uint8_t *out) {
    uint8_t card;
    if (d->top >= LB_NUM_CARDS) return LB_ERR_EXHAUSTED;
    card = d->stub[d->top++];
    d->burns[d->n_burns++] = card;
    d->where[card] = LB_PLACE_BURN;
    if (out) *out = card;
    return LB_OK;
}

/* Remove card from seat's hand, keeping the order of the others. */
static void take_from_hand(lb_deck *d, int seat, uint8_t card) {
    int i, len = d->hand_len[seat];
    uint8_t *h = d->hands[seat];
    for (i = 0; i < len; i++) {
        if (h[i] == card) {
            memmove(h + i, h + i + 1, (size_t)(len - i - 1));
            d->hand_len[seat] = (uint8_t)(len - 1);
            return;
        }
    }
}

lb_status lb_deck_muck(lb_deck *d, const uint8_t *cards, int n, int *bad) {
    uint64_t seen = 0;
    int i;
    if (bad) *bad = -1;
    for (i = 0; i < n; i++) {
        uint8_t c = cards[i];
        if (c >= LB_NUM_CARDS) {
            if (bad) *bad = i;
            return LB_ERR_RANGE;
        }
        if (seen >> c & 1u) {
            if (bad) *bad = i;
            return LB_ERR_DUPLICATE;
        }
        seen |= (uint64_t)1 << c;
        if (d->where[c] >= LB_DECK_MAX_SEATS) {
            if (bad) *bad = i;
            return LB_ERR_NOT_HELD;
        }
    }
    for (i = 0; i < n; i++) {
        uint8_t c = cards[i];
        take_from_hand(d, d->where[c], c);
        d->muck[d->n_muck++] = c;
        d->where[c] = LB_PLACE_MUCK;
    }
    return LB_OK;
}

lb_status lb_deck_fold(lb_deck *d, int seat) {
    int i;
    if (!valid_seat(seat)) return LB_ERR_SEAT;
    for (i = 0; i < d->hand_len[seat]; i++) {
        uint8_t c = d->hands[seat][i];
        d->muck[d->n_muck++] = c;
        d->where[c] = LB_PLACE_MUCK;
    }
    d->hand_len[seat] = 0;
    if (d->in_draw) {
        for (i = d->next; i < d->n_order; i++) {
            if (d->order[i] == seat) {
                memmove(d->order + i, d->order + i + 1, (size_t)(d->n_order - i - 1));
                d->n_order--;
                break;
            }
        }
    }
    return LB_OK;
}

lb_status lb_deck_begin_draw(lb_deck *d, const uint8_t *seats, int n) {
    unsigned seen = 0;
    int i;
    if (d->in_draw) return LB_ERR_TURN;
    if (n < 0 || n > LB_DECK_MAX_SEATS) return LB_ERR_SEAT;
    for (i = 0; i < n; i++) {
        if (!valid_seat(seats[i]) || (seen >> seats[i] & 1u)) return LB_ERR_SEAT;
        seen |= 1u << seats[i];
    }
    if (d->burn_before_draw && d->top < LB_NUM_CARDS) lb_deck_burn(d, NULL);
    memcpy(d->order, seats, (size_t)n);
    d->n_order = (uint8_t)n;
    d->next = 0;
    d->n_discards = 0;
    memset(d->drawn, 0, sizeof d->drawn);
    d->in_draw = 1;
    return LB_OK;
}

/* Cards a reshuffle for the seat to be served now may take besides the stub: the muck and the
 * burns, and this round's discards (served seats only). Under the seeds' rule those discards are
 * always in the pool; under the live rule only when the stub, muck and burns cannot complete the
 * draw (see LB_RESHUFFLE_LIVE), so the largest draw either rule can complete is the same number. */
static int pool_size(const lb_deck *d) { return d->n_muck + d->n_burns + d->n_discards; }

int lb_deck_available(const lb_deck *d) {
    if (!d->in_draw || d->next >= d->n_order) return 0;
    return (LB_NUM_CARDS - d->top) + pool_size(d);
}

lb_status lb_deck_draw(lb_deck *d, int seat, const uint8_t *discards, int n, const lb_random *rng,
                       uint8_t *out, int *bad) {
    uint64_t seen = 0;
    uint8_t pool[LB_NUM_CARDS];
    int i, left, from_stub, n_pool = 0, reshuffle, use_discards;
    if (bad) *bad = -1;
    if (!valid_seat(seat)) return LB_ERR_SEAT;
    if (!d->in_draw || d->next >= d->n_order || d->order[d->next] != seat) return LB_ERR_TURN;
    if (n < 0 || n > LB_DECK_MAX_DISCARD) return LB_ERR_TOO_MANY;
    for (i = 0; i < n; i++) {
        uint8_t c = discards[i];
        lb_status st = LB_OK;
        if (c >= LB_NUM_CARDS)
            st = LB_ERR_RANGE;
        else if (seen >> c & 1u)
            st = LB_ERR_DUPLICATE;
        else if (d->where[c] != seat)
            st = LB_ERR_NOT_HELD;
        if (st != LB_OK) {
            if (bad) *bad = i;
            return st;
        }
        seen |= (uint64_t)1 << c;
    }
    left = LB_NUM_CARDS - d->top;
    if (left + pool_size(d) < n) return LB_ERR_EXHAUSTED;
    /* This round's served discards join the pool: always under the seeds' rule; under the live
     * rule only when the stub (its last card included), the muck and the burns fall short. */
    use_discards = d->rule == LB_RESHUFFLE_SEEDS || left + d->n_muck + d->n_burns < n;

    /* How many come off the old stub before a new one is needed. */
    from_stub = n < left ? n : left;
    if (d->rule == LB_RESHUFFLE_LIVE && n > 0 && n >= left && left > 0) {
        int last_seat = d->next + 1 == d->n_order;
        if (!(last_seat && n == left)) from_stub = left - 1; /* the last card is not dealt */
    }
    reshuffle = from_stub < n;

    if (reshuffle) {
        /* Build and shuffle the new stub first, so a failing source changes nothing. */
        for (i = d->top + from_stub; i < LB_NUM_CARDS; i++) pool[n_pool++] = d->stub[i];
        memcpy(pool + n_pool, d->muck, d->n_muck);
        n_pool += d->n_muck;
        memcpy(pool + n_pool, d->burns, d->n_burns);
        n_pool += d->n_burns;
        if (use_discards) {
            memcpy(pool + n_pool, d->discards, d->n_discards);
            n_pool += d->n_discards;
        }
        if (lb_shuffle_cards(pool, n_pool, rng) != LB_OK) return LB_ERR_RANDOM;
    }

    /* Commit. The discards leave the hand now but join this round's discards only after the seat
     * is fully served, so they can never be part of its own reshuffle. */
    for (i = 0; i < n; i++) {
        take_from_hand(d, seat, discards[i]);
        d->where[discards[i]] = LB_PLACE_DISCARD;
    }
    for (i = 0; i < from_stub; i++) {
        uint8_t card = d->stub[d->top++];
        give(d, seat, card);
        if (out) out[i] = card;
    }
    if (reshuffle) {
        int k;
        d->top = (uint8_t)(LB_NUM_CARDS - n_pool);
        memcpy(d->stub + d->top, pool, (size_t)n_pool);
        for (k = 0; k < n_pool; k++) d->where[pool[k]] = LB_PLACE_STUB;
        d->n_muck = 0;
        d->n_burns = 0;
        if (use_discards) d->n_discards = 0; /* used up: they are in the new stub */
        d->reshuffles++;
        for (; i < n; i++) {
            uint8_t card = d->stub[d->top++];
            give(d, seat, card);
            if (out) out[i] = card;
        }
    }
    for (i = 0; i < n; i++) {
        d->discards[d->n_discards] = discards[i];
        d->discard_seat[d->n_discards] = (uint8_t)seat;
        d->n_discards++;
    }
    d->drawn[seat] = (uint8_t)n;
    d->next++;
    return LB_OK;
}

lb_status lb_deck_end_draw(lb_deck *d) {
    int i;
    if (!d->in_draw || d->next < d->n_order) return LB_ERR_TURN;
    for (i = 0; i < d->n_discards; i++) {
        d->muck[d->n_muck++] = d->discards[i];
        d->where[d->discards[i]] = LB_PLACE_MUCK;
    }
    d->n_discards = 0;
    d->in_draw = 0;
    d->n_order = d->next = 0;
    memset(d->drawn, 0, sizeof d->drawn);
    return LB_OK;
}

static int mark(uint8_t *seen_place, uint8_t card, uint8_t place) {
    if (card >= LB_NUM_CARDS || seen_place[card] != 0xff) return 0;
    seen_place[card] = place;
    return 1;
}

/* Fill seen_place[card] from the arrays; 0 if a card is out of range, repeated or missing. */
static int places(const lb_deck *d, uint8_t *seen_place) {
    int i, s, total = 0;
    memset(seen_place, 0xff, LB_NUM_CARDS);
    if (d->top > LB_NUM_CARDS) return 0;
    for (i = d->top; i < LB_NUM_CARDS; i++, total++)
        if (!mark(seen_place, d->stub[i], LB_PLACE_STUB)) return 0;
    for (i = 0; i < d->n_muck && total < LB_NUM_CARDS; i++, total++)
        if (!mark(seen_place, d->muck[i], LB_PLACE_MUCK)) return 0;
    for (i = 0; i < d->n_burns && total < LB_NUM_CARDS; i++, total++)
        if (!mark(seen_place, d->burns[i], LB_PLACE_BURN)) return 0;
    for (i = 0; i < d->n_discards && total < LB_NUM_CARDS; i++, total++)
        if (!mark(seen_place, d->discards[i], LB_PLACE_DISCARD)) return 0;
    for (s = 0; s < LB_DECK_MAX_SEATS; s++)
        for (i = 0; i < d->hand_len[s] && total < LB_NUM_CARDS; i++, total++)
            if (!mark(seen_place, d->hands[s][i], (uint8_t)s)) return 0;
    /* total stops at 52, so a count that is too large leaves a later card unmarked or repeated */
    if (total != LB_NUM_CARDS) return 0;
    if ((int)(LB_NUM_CARDS - d->top) + d->n_muck + d->n_burns + d->n_discards > LB_NUM_CARDS)
        return 0;
    for (s = 0, i = 0; s < LB_DECK_MAX_SEATS; s++) i += d->hand_len[s];
    if ((int)(LB_NUM_CARDS - d->top) + d->n_muck + d->n_burns + d->n_discards + i != LB_NUM_CARDS)
        return 0;
    return 1;
}

lb_status lb_deck_check(const lb_deck *d) {
    uint8_t seen_place[LB_NUM_CARDS];
    unsigned in_order = 0, served = 0;
    int i;
    if (!places(d, seen_place)) return LB_ERR_STATE;
    if (memcmp(seen_place, d->where, LB_NUM_CARDS) != 0) return LB_ERR_STATE;
    if (d->rule > LB_RESHUFFLE_LIVE || d->burn_before_draw > 1 || d->in_draw > 1)
        return LB_ERR_STATE;
    if (!d->in_draw) {
        if (d->n_order != 0 || d->next != 0 || d->n_discards != 0) return LB_ERR_STATE;
        for (i = 0; i < LB_DECK_MAX_SEATS; i++)
            if (d->drawn[i] != 0) return LB_ERR_STATE;
        return LB_OK;
    }
    if (d->n_order > LB_DECK_MAX_SEATS || d->next > d->n_order) return LB_ERR_STATE;
    for (i = 0; i < d->n_order; i++) {
        if (!valid_seat(d->order[i]) || (in_order >> d->order[i] & 1u)) return LB_ERR_STATE;
        in_order |= 1u << d->order[i];
        if (i < d->next) served |= 1u << d->order[i];
    }
    for (i = 0; i < LB_DECK_MAX_SEATS; i++)
        if (d->drawn[i] > LB_DECK_MAX_DISCARD || (d->drawn[i] && !(served >> i & 1u)))
            return LB_ERR_STATE;
    for (i = 0; i < d->n_discards; i++) {
        /* owners are served seats (a served seat that folds stays in the order) */
        if (!valid_seat(d->discard_seat[i]) || !(served >> d->discard_seat[i] & 1u))
            return LB_ERR_STATE;
    }
    return LB_OK;
}

lb_status lb_deck_rebuild(lb_deck *d) {
    uint8_t seen_place[LB_NUM_CARDS];
    if (!places(d, seen_place)) return LB_ERR_STATE;
    memcpy(d->where, seen_place, LB_NUM_CARDS);
    return lb_deck_check(d);
}

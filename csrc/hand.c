/* The batch hand engine: see hand.h. Each function mirrors the HandState method named in its
 * comment (src/lowball/engine.py), rule for rule. */
#include "hand.h"

#include <stdlib.h>
#include <string.h>

#include "eval27.h"
#include "eval_a5.h"
#include "eval_badugi.h"

#define NONE LB_HAND_NO_POSITION
#define BIT(p) ((uint16_t)(1u << (p)))
#define KIND_NONE 0xff

const char *lb_hand_status_str(lb_hand_status st) {
    switch (st) {
    case LB_HAND_OK:
        return "ok";
    case LB_HAND_ILLEGAL:
        return "illegal action";
    case LB_HAND_COMPLETE:
        return "the hand is complete";
    case LB_HAND_DECK:
        return "deck failure";
    }
    return "unknown status";
}

void lb_hand_stream(const uint64_t key[4], uint64_t slot, uint64_t episode, lb_pcg64 *out) {
    out->state_hi = lb_mix64(key[0] ^ lb_mix64(slot));
    out->state_lo = lb_mix64(key[1] + episode);
    out->inc_hi = lb_mix64(key[2] ^ lb_mix64(episode));
    out->inc_lo = lb_mix64(key[3] + slot) | 1u;
}

/* lb_pcg64_next (odds.h), the same words: with a compiler's 128-bit integers where it has them
 * (one multiply instruction for the 64 x 64 bit product instead of four), inlined here for the
 * shuffles of a batch's new hands (51 words a hand). */
static inline uint64_t pcg_next(lb_pcg64 *g) {
#ifdef __SIZEOF_INT128__
    __extension__ typedef unsigned __int128 u128;
    const u128 mul = ((u128)2549297995355413924ull << 64) | 4865540595714422341ull;
    u128 state = ((u128)g->state_hi << 64) | g->state_lo, inc = ((u128)g->inc_hi << 64) | g->inc_lo;
    uint64_t hi, lo, x;
    unsigned rot;
    state = state * mul + inc;
    hi = (uint64_t)(state >> 64);
    lo = (uint64_t)state;
    g->state_hi = hi;
    g->state_lo = lo;
    rot = (unsigned)(hi >> 58);
    x = hi ^ lo;
    return (x >> rot) | (x << ((64u - rot) & 63u));
#else
    return lb_pcg64_next(g);
#endif
}

static int rng_source(void *ctx, uint64_t *word) {
    *word = pcg_next((lb_pcg64 *)ctx);
    return 0;
}

/* lb_random_bounded (deck.h) on the generator itself: the same words, the same results, without
 * the call through the source's function pointer. */
static uint32_t pcg_bounded(lb_pcg64 *g, uint32_t bound) {
    uint64_t threshold = 0;
    int have_threshold = 0;
    for (;;) {
        uint64_t x = pcg_next(g), lo, hi;
#ifdef __SIZEOF_INT128__
        __extension__ unsigned __int128 m = (unsigned __int128)x * bound;
        lo = (uint64_t)m;
        hi = (uint64_t)(m >> 64);
#else
        uint64_t p_lo = (x & 0xffffffffu) * (uint64_t)bound, p_hi = (x >> 32) * (uint64_t)bound,
                 mid = p_hi + (p_lo >> 32);
        lo = (mid << 32) | (p_lo & 0xffffffffu);
        hi = mid >> 32;
#endif
        if (lo < bound) {
            if (!have_threshold) {
                threshold = (0 - (uint64_t)bound) % bound;
                have_threshold = 1;
            }
            if (lo < threshold) continue;
        }
        return (uint32_t)hi;
    }
}

/* lb_deck_shuffle of a deck just made by lb_deck_init: the same Fisher-Yates (deck.h: from the
 * last position down, j = bounded(i + 1)) on the same words, of stub[0..51] in card order. */
static void shuffle_new_deck(uint8_t *stub, lb_pcg64 *g) {
    /* the generator in a local: the stub's byte stores could alias *g, which would make every
     * word wait on a store and a load of the state */
    lb_pcg64 local = *g;
    int i;
    for (i = LB_NUM_CARDS - 1; i > 0; i--) {
        uint32_t j = pcg_bounded(&local, (uint32_t)(i + 1));
        uint8_t t = stub[i];
        stub[i] = stub[j];
        stub[j] = t;
    }
    *g = local;
}

/* -- events ------------------------------------------------------------------------------------ */

static lb_event *record(lb_event_log *log, int kind, int pos, int64_t amount) {
    lb_event *e;
    if (!log) return NULL;
    if (log->n >= LB_HAND_MAX_STEP_EVENTS) {
        log->n++;
        return NULL;
    }
    e = &log->events[log->n++];
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    e->position = (uint8_t)pos;
    e->amount = amount;
    return e;
}

static void note_betting(lb_hand *h, int kind, int pos) {
    h->round_actions++;
    if (kind == LB_EV_BET || kind == LB_EV_RAISE || kind == LB_EV_CHECK) {
        h->last_brc_kind = (uint8_t)kind;
        h->last_brc_pos = (uint8_t)pos;
    }
}

/* -- helpers ----------------------------------------------------------------------------------- */

/* dst[0..n-1] = src[0..n-1] (moving left when they overlap: dst < src), a byte at a time: the
 * copies of a decision are of a few bytes (a list of positions, a hand's cards), where a call to
 * the C library's memcpy costs more than the copy (CMakeLists.txt keeps GCC from turning the loop
 * into that call) */
static void copy_bytes(uint8_t *dst, const uint8_t *src, int n) {
    int i;
    for (i = 0; i < n; i++) dst[i] = src[i];
}

static int n_alive(const lb_hand *h) { return h->n_alive; }

/* bit p: position p is in the hand and has chips behind */
static uint16_t able_mask(const lb_hand *h) {
    return (uint16_t)(~(h->folded | h->broke) & ((1u << h->n) - 1u));
}

/* position p puts to_pot chips in the pot (negative: an uncalled bet comes back) */
static void move_chips(lb_hand *h, int p, int64_t to_pot) {
    h->pl[p].stack -= to_pot;
    h->pot += to_pot;
    if (h->pl[p].stack == 0)
        h->broke |= BIT(p);
    else
        h->broke &= (uint16_t)~BIT(p);
}

static int64_t max_bet(const lb_hand *h) {
    int64_t m = 0;
    int p;
    for (p = 0; p < h->n; p++)
        if (h->pl[p].bet > m) m = h->pl[p].bet;
    return m;
}

int64_t lb_hand_pot(const lb_hand *h) { return h->phase == LB_PHASE_COMPLETE ? 0 : h->pot; }

static int64_t committed_total(const lb_hand *h) { return h->pot; }

int64_t lb_hand_committed(const lb_hand *h, int p) {
    return h->pl[p].starting - h->pl[p].stack + h->winnings[p];
}

/* HandState._others_can_act */
static int others_can_act(const lb_hand *h, int pos) { return (able_mask(h) & ~BIT(pos)) != 0; }

/* HandState._may_raise */
static int may_raise(const lb_hand *h, const lb_rules *r, int pos) {
    int64_t acted = h->pl[pos].acted, rise;
    if (acted < 0) return 1;
    rise = h->level - acted;
    if (r->structure == LB_STRUCT_FIXED) return 2 * rise >= h->round_bet;
    return rise >= (h->last_raise > h->min_bet ? h->last_raise : h->min_bet);
}

/* HandState._wager_range: 1 and *lo, *hi, or 0 when pos may not wager. */
static int wager_range(const lb_hand *h, const lb_rules *r, int pos, int64_t *lo, int64_t *hi) {
    int64_t stack = h->pl[pos].stack, bet = h->pl[pos].bet, to_call = h->level - bet, all_in_to,
            increment, min_to, max_to;
    if (stack <= to_call || !may_raise(h, r, pos)) return 0;
    if (!others_can_act(h, pos)) return 0;
    all_in_to = bet + stack;
    if (r->structure == LB_STRUCT_FIXED) {
        int64_t to;
        if (h->capped && h->bet_count >= h->max_wagers) return 0;
        to = h->full_level + h->round_bet;
        if (to > all_in_to) to = all_in_to;
        *lo = *hi = to;
        return 1;
    }
    increment = h->last_raise > h->min_bet ? h->last_raise : h->min_bet;
    min_to = h->level ? h->level + increment : h->min_bet;
    if (r->structure == LB_STRUCT_POT) {
        max_to = h->level + committed_total(h) + to_call; /* pot_size_to */
        if (max_to > all_in_to) max_to = all_in_to;
    } else {
        max_to = all_in_to;
    }
    *lo = min_to < max_to ? min_to : max_to;
    *hi = max_to;
    return 1;
}

/* HandState._derive */
static void derive(lb_hand *h, const lb_rules *r) {
    int rounds = r->draws + 1;
    h->must_open_now = (uint8_t)(h->betting_round == 1 && r->must_open && r->big_blind == 0);
    if (r->structure == LB_STRUCT_FIXED) {
        h->round_bet = h->betting_round <= rounds / 2 ? r->small_bet : r->big_bet;
        h->max_wagers = 1 + r->max_raises;
        h->min_bet = 0;
    } else {
        h->round_bet = 0;
        h->max_wagers = 0;
        h->min_bet = r->min_bet;
    }
}

static void post(lb_hand *h, int pos, int64_t amount, int kind, int live, lb_event_log *log) {
    int64_t paid = amount < h->pl[pos].stack ? amount : h->pl[pos].stack;
    if (paid <= 0) return;
    move_chips(h, pos, paid);
    if (live)
        h->pl[pos].bet += paid;
    else
        h->antes[pos] += paid;
    record(log, kind, pos, paid);
}

static void end_betting(lb_hand *h, const lb_rules *r, lb_event_log *log);
static void refresh_legal(lb_hand *h, const lb_rules *r);
static int complete(const lb_hand *h);
static int popcount(unsigned m);

/* HandState._begin_betting */
static void begin_betting(lb_hand *h, const lb_rules *r, int round, lb_event_log *log) {
    int p, k, first, n = h->n, n_able = 0;
    uint8_t able[LB_HAND_MAX_PLAYERS];
    lb_event *e;
    h->phase = LB_PHASE_BETTING;
    h->betting_round = (uint8_t)round;
    if (round > 1) {
        for (p = 0; p < n; p++) h->pl[p].bet = 0;
        h->level = h->full_level = h->last_raise = 0;
        h->bet_count = 0;
    } else {
        int64_t top = max_bet(h);
        h->level = top < r->big_blind ? r->big_blind : top; /* WSOP-LAR 150 */
        h->full_level = h->level;
        h->bet_count = h->level > 0 ? 1 : 0;
        h->last_raise = r->big_blind;
    }
    h->aggressor = NONE;
    derive(h, r);
    e = record(log, LB_EV_ROUND, NONE, 0);
    if (e) e->number = (uint8_t)round;
    h->round_actions = 0;
    h->before_kind = h->last_brc_kind;
    h->before_pos = h->last_brc_pos;
    for (p = 0; p < n; p++) h->pl[p].acted = -1;
    first = (round == 1 && r->big_blind > 0) ? (h->bb_pos + 1) % n : 0;
    {
        uint16_t mask = able_mask(h);
        for (k = 0, p = first; k < n; k++, p = p + 1 == n ? 0 : p + 1)
            if (mask & BIT(p)) able[n_able++] = (uint8_t)p;
    }
    h->capped =
        (uint8_t)(r->structure == LB_STRUCT_FIXED && !(r->uncapped_heads_up && n_able <= 2));
    if (n_able == 0 || (n_able == 1 && h->pl[able[0]].bet >= h->level)) {
        h->n_pending = 0;
        end_betting(h, r, log);
        return;
    }
    copy_bytes(h->pending, able, n_able);
    h->n_pending = (uint8_t)n_able;
    h->actor = able[0];
}

/* HandState._return_uncalled */
static void return_uncalled(lb_hand *h, lb_event_log *log) {
    int64_t top = max_bet(h), second = 0, excess;
    int p = -1, q, count = 0;
    if (top == 0) return;
    for (q = 0; q < h->n; q++)
        if (h->pl[q].bet == top) {
            if (p < 0) p = q;
            count++;
        }
    if (count > 1) return;
    for (q = 0; q < h->n; q++)
        if (q != p && h->pl[q].bet > second) second = h->pl[q].bet;
    excess = top - second;
    if (excess > 0) {
        h->pl[p].bet -= excess;
        move_chips(h, p, -excess);
        record(log, LB_EV_RETURN, p, excess);
    }
}

static void finish(lb_hand *h) {
    int p;
    h->phase = LB_PHASE_COMPLETE;
    h->actor = NONE;
    h->n_pending = 0;
    for (p = 0; p < h->n; p++) h->pl[p].bet = 0;
}

/* HandState._award_uncontested */
static void award_uncontested(lb_hand *h, int p, lb_event_log *log) {
    int64_t total = committed_total(h);
    h->n_pots = 1;
    h->pot_amount[0] = total;
    h->pot_eligible[0] = BIT(p);
    h->pl[p].stack += total;
    h->winnings[p] += total;
    record(log, LB_EV_WIN, p, total);
    finish(h);
}

/* HandState.side_pots (the variant's usual blinds: no dead blinds) */
static void side_pots(lb_hand *h, const lb_rules *r) {
    int64_t wagers[LB_HAND_MAX_PLAYERS], levels[LB_HAND_MAX_PLAYERS],
        amounts[LB_HAND_MAX_PLAYERS] = {0}, prev = 0, antes = 0;
    uint16_t elig[LB_HAND_MAX_PLAYERS];
    uint16_t alive = 0;
    int p, i, j, n_levels = 0, n = h->n, k;
    for (p = 0; p < n; p++) {
        wagers[p] = lb_hand_committed(h, p) - (r->big_blind_ante ? h->antes[p] : 0);
        antes += h->antes[p];
        if (!(h->folded & BIT(p))) alive |= BIT(p);
    }
    for (p = 0; p < n; p++) { /* the sorted distinct wagers of the live hands */
        int64_t w = wagers[p];
        if (!(alive & BIT(p))) continue;
        for (i = 0; i < n_levels && levels[i] < w; i++) continue;
        if (i < n_levels && levels[i] == w) continue;
        for (j = n_levels; j > i; j--) levels[j] = levels[j - 1];
        levels[i] = w;
        n_levels++;
    }
    for (i = 0; i < n_levels; i++) {
        int64_t lv = levels[i], amount = 0;
        elig[i] = 0;
        for (p = 0; p < n; p++) {
            if (wagers[p] > prev) amount += (wagers[p] < lv ? wagers[p] : lv) - prev;
            if ((alive & BIT(p)) && wagers[p] >= lv) elig[i] |= BIT(p);
        }
        amounts[i] = amount;
        prev = lv;
    }
    if (r->big_blind_ante) amounts[0] += antes;
    for (p = 0; p < n; p++)
        if (wagers[p] > prev) amounts[n_levels - 1] += wagers[p] - prev;
    for (i = 0, k = 0; i < n_levels; i++) {
        if (!amounts[i]) continue;
        h->pot_amount[k] = amounts[i];
        h->pot_eligible[k] = elig[i];
        k++;
    }
    if (k == 0) {
        h->pot_amount[0] = 0;
        h->pot_eligible[0] = alive;
        k = 1;
    }
    h->n_pots = (uint8_t)k;
}

static uint16_t class_of(lb_hand *h, const lb_rules *r, int p) {
    const uint8_t *c = h->pl[p].cards;
    if (!h->classes[p]) {
        if (r->ranking == LB_RANK_BADUGI)
            h->classes[p] = lb_eval_badugi_unchecked(c[0], c[1], c[2], c[3]);
        else if (r->ranking == LB_RANK_A5)
            h->classes[p] = lb_eval_a5_unchecked(c[0], c[1], c[2], c[3], c[4]);
        else
            h->classes[p] = lb_eval5_unchecked(c[0], c[1], c[2], c[3], c[4]);
    }
    return h->classes[p];
}

/* HandState._showing_order */
static void showing_order(lb_hand *h, const lb_rules *r) {
    int first = -1, p, i, j, n = h->n, last_pot[LB_HAND_MAX_PLAYERS], k = 0;
    int key[LB_HAND_MAX_PLAYERS];
    if (h->round_actions) {
        if (h->aggressor != NONE) first = h->aggressor;
    } else if (r->structure != LB_STRUCT_FIXED) {
        if (h->before_kind == LB_EV_BET || h->before_kind == LB_EV_RAISE) first = h->before_pos;
    }
    if (first < 0 || (h->folded & BIT(first))) {
        for (p = 0; p < n && (h->folded & BIT(p)); p++) continue;
        first = p;
    }
    for (p = 0; p < n; p++) {
        last_pot[p] = 0;
        for (i = 0; i < h->n_pots; i++)
            if (h->pot_eligible[i] & BIT(p)) last_pot[p] = i;
    }
    for (p = 0; p < n; p++) {
        int kp;
        if (h->folded & BIT(p)) continue;
        kp = -last_pot[p] * 16 + (p - first + n) % n;
        for (i = 0; i < k && key[i] < kp; i++) continue;
        for (j = k; j > i; j--) {
            key[j] = key[j - 1];
            h->show_order[j] = h->show_order[j - 1];
        }
        key[i] = kp;
        h->show_order[i] = (uint8_t)p;
        k++;
    }
    h->n_show = (uint8_t)k;
}

/* HandState._contested */
static int contested(const lb_hand *h, int p) {
    int i;
    if ((h->shown | h->mucked) & BIT(p)) return 0;
    for (i = 0; i < h->n_pots; i++)
        if ((h->pot_eligible[i] & BIT(p)) && (h->pot_eligible[i] & ~h->mucked & ~BIT(p))) return 1;
    return 0;
}

/* HandState._may_muck */
static int may_muck(const lb_hand *h, const lb_rules *r, int p) {
    int i;
    if (r->show_all_hands) return 0;
    for (i = 0; i < h->n_pots; i++)
        if ((h->pot_eligible[i] & BIT(p)) && !(h->pot_eligible[i] & ~h->mucked & ~BIT(p))) return 0;
    return 1;
}

/* HandState._wins_or_ties */
static int wins_or_ties(lb_hand *h, const lb_rules *r, int p) {
    uint16_t mine = class_of(h, r, p);
    int i, q;
    for (i = 0; i < h->n_pots; i++) {
        uint16_t best = 0;
        if (!(h->pot_eligible[i] & BIT(p))) continue;
        for (q = 0; q < h->n; q++) {
            if ((h->pot_eligible[i] & BIT(q)) && (h->shown & BIT(q))) {
                uint16_t c = class_of(h, r, q);
                if (best == 0 || c < best) best = c;
            }
        }
        if (best == 0 || mine <= best) return 1;
    }
    return 0;
}

/* HandState._showdown, finish_showdown (nothing kept unshown), _settle and _award_showdown */
static void showdown(lb_hand *h, const lb_rules *r, lb_event_log *log) {
    int i, k, p;
    memset(h->classes, 0, sizeof h->classes);
    side_pots(h, r);
    showing_order(h, r);
    h->actor = NONE;
    for (k = 0; k < h->n_show; k++) {
        p = h->show_order[k];
        if (!contested(h, p)) continue;
        if (r->show_all_hands || wins_or_ties(h, r, p) || !may_muck(h, r, p)) {
            lb_event *e;
            h->shown |= BIT(p);
            e = record(log, LB_EV_SHOW, p, 0);
            if (e) {
                e->n_cards = h->pl[p].n_cards;
                memcpy(e->cards, h->pl[p].cards, e->n_cards);
                e->hand_class = class_of(h, r, p);
            }
        } else {
            h->mucked |= BIT(p);
            record(log, LB_EV_MUCK, p, 0);
        }
    }
    for (i = h->n_pots - 1; i >= 0; i--) {
        uint16_t claims = h->pot_eligible[i] & ~h->mucked, winners = 0, best = 0;
        int64_t share, odd;
        int m = 0, j;
        for (p = 0; p < h->n; p++) {
            uint16_t c;
            if (!(claims & BIT(p)) || !(h->shown & BIT(p))) continue;
            c = h->classes[p];
            if (!winners || c < best) {
                best = c;
                winners = BIT(p);
            } else if (c == best) {
                winners |= BIT(p);
            }
        }
        if (!winners) winners = claims;
        for (p = 0; p < h->n; p++) m += (winners >> p) & 1;
        share = h->pot_amount[i] / m;
        odd = h->pot_amount[i] % m;
        for (p = 0, j = 0; p < h->n; p++) {
            int64_t amount;
            lb_event *e;
            if (!(winners & BIT(p))) continue;
            amount = share + (j < odd ? 1 : 0);
            j++;
            h->pl[p].stack += amount;
            h->winnings[p] += amount;
            e = record(log, LB_EV_WIN, p, amount);
            if (e) {
                e->hand_class = best;
                e->pot = (uint8_t)i;
            }
        }
    }
    finish(h);
}

/* -- the hand's deck (hand.h: lb_hand_deck): what lb_deck_begin_draw, lb_deck_end_draw,
 * lb_deck_fold and lb_deck_available do to an lb_deck, on the engine's form ------------------ */

static void deck_begin_draw(lb_hand_deck *c) {
    if (c->burn && c->top < LB_NUM_CARDS) c->burns[c->n_burns++] = c->stub[c->top++];
    c->in_draw = 1;
    c->next = 0;
    c->disc_first = 0;
}

static void deck_end_draw(lb_hand_deck *c) {
    c->n_muck = (uint8_t)(c->n_muck + c->n_discards); /* the discards join the muck, in order */
    c->n_discards = 0;
    c->in_draw = 0;
    c->next = 0;
}

/* position p's hand to the muck (a fold: a betting action, so no draw round is in progress and
 * the muck is the whole of gone[]) */
static void deck_fold(lb_hand *h, int p) {
    lb_hand_deck *c = &h->deck;
    lb_player *pl = &h->pl[p];
    copy_bytes(c->gone + c->n_muck, pl->cards, pl->n_cards);
    c->n_muck = (uint8_t)(c->n_muck + pl->n_cards);
    pl->n_cards = 0;
}

/* lb_deck_available: the stub and the pool a reshuffle may take (muck, burns, served discards) */
static int deck_available(const lb_hand *h) {
    const lb_hand_deck *c = &h->deck;
    if (!c->in_draw || c->next >= h->n_draw_order) return 0;
    return (LB_NUM_CARDS - c->top) + c->n_muck + c->n_burns + c->n_discards;
}

/* d (every field a draw reads, where[] too) as hand h's deck: what lb_hand_to_deck makes, without
 * lb_deck_init's and lb_deck_rebuild's passes over the whole deck, for the reshuffling draws of
 * draw_with_reshuffle (several a six-handed triple-draw hand). The bytes past each place's count
 * are not written. */
static void fill_deck(const lb_hand *h, lb_deck *d) {
    const lb_hand_deck *c = &h->deck;
    int p, i, j, k = 0;
    d->rule = (uint8_t)(c->rule == LB_RESHUFFLE_LIVE ? LB_RESHUFFLE_LIVE : LB_RESHUFFLE_SEEDS);
    d->burn_before_draw = (uint8_t)(c->burn != 0);
    memcpy(d->stub, c->stub, LB_NUM_CARDS);
    d->top = c->top;
    for (i = c->top; i < LB_NUM_CARDS; i++) d->where[c->stub[i]] = LB_PLACE_STUB;
    d->n_muck = c->n_muck;
    for (i = 0; i < c->n_muck; i++) d->where[d->muck[i] = c->gone[i]] = LB_PLACE_MUCK;
    d->n_burns = c->n_burns;
    for (i = 0; i < c->n_burns; i++) d->where[d->burns[i] = c->burns[i]] = LB_PLACE_BURN;
    d->n_discards = c->n_discards;
    for (i = 0; i < c->n_discards; i++)
        d->where[d->discards[i] = c->gone[c->n_muck + i]] = LB_PLACE_DISCARD;
    memset(d->hand_len, 0, sizeof d->hand_len);
    for (p = 0; p < h->n; p++) {
        d->hand_len[p] = h->pl[p].n_cards;
        for (i = 0; i < h->pl[p].n_cards; i++)
            d->where[d->hands[p][i] = h->pl[p].cards[i]] = (uint8_t)p;
    }
    memset(d->drawn, 0, sizeof d->drawn);
    d->in_draw = (uint8_t)(c->in_draw != 0);
    d->n_order = d->next = 0;
    if (c->in_draw) {
        memcpy(d->order, h->draw_order, h->n_draw_order);
        d->n_order = h->n_draw_order;
        d->next = c->next;
        for (i = 0; i < c->next; i++) {
            int seat = h->draw_order[i], drew = h->pl[seat].drawn[h->draw_round - 1];
            d->drawn[seat] = (uint8_t)(drew > 0 ? drew : 0);
            if (i >= c->disc_first)
                for (j = 0; j < drew && k < LB_NUM_CARDS; j++) d->discard_seat[k++] = (uint8_t)seat;
        }
    }
    d->reshuffles = c->reshuffles;
}

lb_status lb_hand_to_deck(const lb_hand *h, lb_deck *d) {
    memset(d, 0, sizeof *d);
    fill_deck(h, d);
    return lb_deck_check(d);
}

/* The draw of position p (the one to serve, throwing thrown[0..n-1], the cards of its slots in
 * mask) when the stub holds more than n cards: no reshuffle under either rule, and the draw is
 * the engine's own (legal), so none of lb_deck_draw's checks. The same changes: the thrown cards
 * leave the hand (the others keep their order) for this round's discards, n cards come off the
 * stub in order to the end of the hand. */
static void draw_from_stub(lb_hand *h, int p, unsigned mask, const uint8_t *thrown, int n,
                           uint8_t *out) {
    lb_hand_deck *c = &h->deck;
    uint8_t *hand = h->pl[p].cards;
    int len = h->pl[p].n_cards, kept = 0, i;
    for (i = 0; i < len; i++)
        if (!(mask >> i & 1u)) hand[kept++] = hand[i];
    for (i = 0; i < n; i++) {
        uint8_t card = c->stub[c->top++];
        hand[kept++] = card;
        out[i] = card;
        c->gone[c->n_muck + c->n_discards++] = thrown[i];
    }
    c->next++;
}

/* The same draw through lb_deck_draw (deck.c) when the stub cannot complete it: the reshuffle
 * by the rule. LB_HAND_DECK (the hand unchanged) if the deck refuses it. */
static lb_hand_status draw_with_reshuffle(lb_hand *h, int p, const uint8_t *thrown, int n,
                                          uint8_t *out) {
    lb_hand_deck *c = &h->deck;
    lb_deck d;
    lb_random src;
    int bad, before = c->n_discards;
    src.next = rng_source;
    src.ctx = &h->rng;
    fill_deck(h, &d);
    if (lb_deck_draw(&d, p, thrown, n, &src, out, &bad) != LB_OK) return LB_HAND_DECK;
    memcpy(c->stub, d.stub, LB_NUM_CARDS);
    c->top = d.top;
    memcpy(c->gone, d.muck, d.n_muck);
    memcpy(c->gone + d.n_muck, d.discards, d.n_discards);
    c->n_muck = d.n_muck;
    c->n_burns = d.n_burns;
    memcpy(c->burns, d.burns, d.n_burns);
    c->reshuffles = d.reshuffles;
    /* the reshuffle used up the served discards: what is left are p's own */
    if (d.n_discards != before + n) c->disc_first = c->next;
    c->n_discards = d.n_discards;
    c->next = d.next;
    memcpy(h->pl[p].cards, d.hands[p], d.hand_len[p]);
    return LB_HAND_OK;
}

/* HandState._begin_draw */
static void begin_draw(lb_hand *h, int d, lb_event_log *log) {
    int p, k = 0;
    lb_event *e;
    h->phase = LB_PHASE_DRAWING;
    h->draw_round = (uint8_t)d;
    for (p = 0; p < h->n; p++)
        if (!(h->folded & BIT(p))) h->draw_order[k++] = (uint8_t)p;
    h->n_draw_order = (uint8_t)k;
    for (p = 0; p < h->n; p++) h->pl[p].drawn[d - 1] = -1;
    e = record(log, LB_EV_DRAW_ROUND, NONE, 0);
    if (e) e->number = (uint8_t)d;
    deck_begin_draw(&h->deck);
    h->actor = h->draw_order[0];
}

/* HandState._end_betting */
static void end_betting(lb_hand *h, const lb_rules *r, lb_event_log *log) {
    int p;
    h->actor = NONE;
    return_uncalled(h, log);
    for (p = 0; p < h->n; p++) h->round_wager[h->betting_round - 1][p] = h->pl[p].bet;
    h->last_round_aggressor = h->aggressor;
    if (n_alive(h) == 1) {
        for (p = 0; h->folded & BIT(p); p++) continue;
        award_uncontested(h, p, log);
        return;
    }
    if (h->betting_round == r->draws + 1) {
        showdown(h, r, log);
        return;
    }
    begin_draw(h, h->betting_round, log);
}

/* HandState._after_bet_action */
static void after_bet_action(lb_hand *h, const lb_rules *r, int p, int reopened, int raised,
                             lb_event_log *log) {
    int i, j, k;
    for (i = 0; i < h->n_pending; i++) {
        if (h->pending[i] == p) {
            copy_bytes(h->pending + i, h->pending + i + 1, h->n_pending - i - 1);
            h->n_pending--;
            break;
        }
    }
    if (raised) {
        uint8_t owe[LB_HAND_MAX_PLAYERS];
        int n_owe = 0, n_new = 0;
        uint16_t mask = able_mask(h);
        for (k = 1; k < h->n; k++) {
            int q = p + k < h->n ? p + k : p + k - h->n;
            if (mask & BIT(q)) owe[n_owe++] = (uint8_t)q;
        }
        if (reopened) {
            copy_bytes(h->pending, owe, n_owe);
            h->n_pending = (uint8_t)n_owe;
        } else {
            uint8_t next[LB_HAND_MAX_PLAYERS];
            for (i = 0; i < n_owe; i++) {
                int q = owe[i], was = 0;
                for (j = 0; j < h->n_pending; j++) was |= h->pending[j] == q;
                if (h->pl[q].bet < h->level || was) next[n_new++] = (uint8_t)q;
            }
            copy_bytes(h->pending, next, n_new);
            h->n_pending = (uint8_t)n_new;
        }
    }
    if (n_alive(h) == 1) {
        h->n_pending = 0;
    } else if (h->n_pending == 1 && h->pl[h->pending[0]].bet >= h->level &&
               !others_can_act(h, h->pending[0])) {
        h->n_pending = 0;
    }
    if (h->n_pending) {
        h->actor = h->pending[0];
        return;
    }
    end_betting(h, r, log);
}

static const uint8_t card_order[LB_NUM_CARDS] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17,
    18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
    36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51};

/* size cards to each of positions 0..n-1, one at a time in turn, from the top of the stub */
static void deal(lb_hand *h, int n, int size) {
    int p, k, i = 0;
    for (k = 0; k < size; k++)
        for (p = 0; p < n; p++) h->pl[p].cards[k] = h->deck.stub[i++];
    for (p = 0; p < n; p++) h->pl[p].n_cards = (uint8_t)size;
    h->deck.top = (uint8_t)i;
}

static void start(lb_hand *h, const lb_rules *r, int n, const int64_t *stacks, const lb_pcg64 *rng,
                  const uint8_t *order, lb_event_log *log);

void lb_hand_reset(lb_hand *h, const lb_rules *r, int n, const int64_t *stacks, const lb_pcg64 *rng,
                   lb_event_log *log) {
    start(h, r, n, stacks, rng, NULL, log);
}

lb_hand_status lb_hand_reset_order(lb_hand *h, const lb_rules *r, int n, const int64_t *stacks,
                                   const lb_pcg64 *rng, const uint8_t *order, lb_event_log *log) {
    if (lb_check_cards(order, LB_NUM_CARDS) != LB_OK) return LB_HAND_ILLEGAL;
    start(h, r, n, stacks, rng, order, log);
    return LB_HAND_OK;
}

/* HandState.__init__ and _start: a new hand, the deck shuffled (order NULL) or stacked */
static void start(lb_hand *h, const lb_rules *r, int n, const int64_t *stacks, const lb_pcg64 *rng,
                  const uint8_t *order, lb_event_log *log) {
    int p, size = r->hand_size;
    memset(h, 0, sizeof *h);
    h->deck.rule = r->reshuffle;
    h->deck.burn = r->burn;
    h->rng = *rng;
    /* lb_deck_set_order, or lb_deck_shuffle, of a fresh deck (its stub in card order) */
    memcpy(h->deck.stub, order ? order : card_order, LB_NUM_CARDS);
    if (!order) shuffle_new_deck(h->deck.stub, &h->rng);
    h->n = (uint8_t)n;
    h->n_alive = (uint8_t)n;
    for (p = 0; p < n; p++) {
        h->pl[p].starting = h->pl[p].stack = stacks[p];
        if (stacks[p] == 0) h->broke |= BIT(p);
        h->pl[p].acted = -1;
        memset(h->pl[p].drawn, -1, sizeof h->pl[p].drawn);
    }
    h->actor = h->aggressor = h->last_round_aggressor = NONE;
    h->last_brc_kind = h->last_brc_pos = KIND_NONE;
    h->bb_pos = (uint8_t)(n == 2 ? 0 : 1);
    if (r->ante && !r->big_blind_ante)
        for (p = 0; p < n; p++) post(h, p, r->ante, LB_EV_ANTE, 0, log);
    post(h, n == 2 ? 1 : 0, r->small_blind, LB_EV_BLIND, 1, log);
    post(h, h->bb_pos, r->big_blind, LB_EV_BLIND, 1, log);
    if (r->ante && r->big_blind_ante) post(h, h->bb_pos, r->ante, LB_EV_ANTE, 0, log);
    deal(h, n, size); /* lb_deck_deal_round: one card to each position in turn */
    for (p = 0; p < n; p++) {
        lb_event *e = record(log, LB_EV_DEAL, p, 0);
        if (e) {
            e->number = (uint8_t)size;
            e->n_cards = (uint8_t)size;
            memcpy(e->cards, h->pl[p].cards, (size_t)size);
        }
    }
    begin_betting(h, r, 1, log);
    refresh_legal(h, r);
}

/* HandState.legal_actions, into h->legal (all 0 when the hand is complete) */
static void refresh_legal(lb_hand *h, const lb_rules *r) {
    int pos = h->actor;
    lb_legal *out = &h->legal;
    memset(out, 0, sizeof *out);
    if (h->phase == LB_PHASE_COMPLETE || pos == NONE) return;
    out->position = (uint8_t)pos;
    out->phase = h->phase;
    if (h->phase == LB_PHASE_DRAWING) {
        int available = deck_available(h);
        out->draw = 1;
        out->max_discards = (uint8_t)(available < r->hand_size ? available : r->hand_size);
    } else {
        int64_t to_call = h->level - h->pl[pos].bet, lo = 0, hi = 0;
        int wager = wager_range(h, r, pos, &lo, &hi), opens = h->level == 0;
        int unopened = opens && h->must_open_now && wager;
        out->call_amount = to_call < h->pl[pos].stack ? to_call : h->pl[pos].stack;
        out->fold = (uint8_t)(to_call > 0 || unopened || r->open_fold);
        out->check = (uint8_t)(to_call == 0 && !unopened);
        out->call = (uint8_t)(to_call > 0);
        out->bet = (uint8_t)(wager && opens);
        out->raise_ = (uint8_t)(wager && !opens);
        out->min_to = wager ? lo : 0;
        out->max_to = wager ? hi : 0;
    }
}

static int complete(const lb_hand *h) { return h->phase == LB_PHASE_COMPLETE || h->actor == NONE; }

lb_hand_status lb_hand_legal(const lb_hand *h, const lb_rules *r, lb_legal *out) {
    (void)r;
    *out = h->legal;
    return complete(h) ? LB_HAND_COMPLETE : LB_HAND_OK;
}

static int popcount(unsigned m) {
    int k = 0;
    for (; m; m &= m - 1) k++;
    return k;
}

static lb_hand_status act(lb_hand *h, const lb_rules *r, int kind, int64_t amount, unsigned mask,
                          lb_event_log *log);

lb_hand_status lb_hand_act(lb_hand *h, const lb_rules *r, int kind, int64_t amount, unsigned mask,
                           lb_event_log *log) {
    lb_hand_status st = act(h, r, kind, amount, mask, log);
    if (st == LB_HAND_OK) refresh_legal(h, r);
    return st;
}

static lb_hand_status act(lb_hand *h, const lb_rules *r, int kind, int64_t amount, unsigned mask,
                          lb_event_log *log) {
    const lb_legal legal = h->legal;
    int p = h->actor;
    lb_event *e;
    if (complete(h)) return LB_HAND_COMPLETE;
    if (h->phase == LB_PHASE_DRAWING) {
        uint8_t thrown[5], out[5];
        int n = 0, i;
        if (kind != LB_ACT_DISCARD || mask >> r->hand_size) return LB_HAND_ILLEGAL;
        if (popcount(mask) > legal.max_discards) return LB_HAND_ILLEGAL;
        for (i = 0; i < r->hand_size; i++)
            if (mask >> i & 1u) thrown[n++] = h->pl[p].cards[i];
        if (n < LB_NUM_CARDS - h->deck.top)
            draw_from_stub(h, p, mask, thrown, n, out);
        else if (draw_with_reshuffle(h, p, thrown, n, out) != LB_HAND_OK)
            return LB_HAND_DECK;
        h->pl[p].drawn[h->draw_round - 1] = (int8_t)n;
        if (n) {
            e = record(log, LB_EV_DRAW, p, 0);
            if (e) {
                e->number = (uint8_t)n;
                e->n_cards = e->n_discarded = (uint8_t)n;
                memcpy(e->cards, out, (size_t)n);
                memcpy(e->discarded, thrown, (size_t)n);
            }
        } else {
            record(log, LB_EV_STAND_PAT, p, 0);
        }
        /* HandState._next_drawer */
        for (i = 0; i < h->n_draw_order && h->draw_order[i] != p; i++) continue;
        if (i + 1 < h->n_draw_order) {
            h->actor = h->draw_order[i + 1];
        } else {
            deck_end_draw(&h->deck);
            h->actor = NONE;
            begin_betting(h, r, h->draw_round + 1, log);
        }
        return LB_HAND_OK;
    }
    if (kind == LB_ACT_CHECK_OR_CALL) kind = legal.call ? LB_ACT_CALL : LB_ACT_CHECK;
    switch (kind) {
    case LB_ACT_FOLD:
        if (!legal.fold) return LB_HAND_ILLEGAL;
        deck_fold(h, p);
        h->folded |= BIT(p);
        h->n_alive--;
        h->pl[p].acted = h->level;
        record(log, LB_EV_FOLD, p, 0);
        note_betting(h, LB_EV_FOLD, p);
        after_bet_action(h, r, p, 0, 0, log);
        return LB_HAND_OK;
    case LB_ACT_CHECK:
        if (!legal.check) return LB_HAND_ILLEGAL;
        h->pl[p].acted = h->level;
        record(log, LB_EV_CHECK, p, 0);
        note_betting(h, LB_EV_CHECK, p);
        after_bet_action(h, r, p, 0, 0, log);
        return LB_HAND_OK;
    case LB_ACT_CALL: {
        int64_t pay;
        if (!legal.call) return LB_HAND_ILLEGAL;
        pay = legal.call_amount;
        move_chips(h, p, pay);
        h->pl[p].bet += pay;
        h->pl[p].acted = h->level;
        record(log, LB_EV_CALL, p, h->pl[p].bet);
        note_betting(h, LB_EV_CALL, p);
        after_bet_action(h, r, p, 0, 0, log);
        return LB_HAND_OK;
    }
    case LB_ACT_BET_OR_RAISE: {
        int opened = h->level == 0, full, ev;
        int64_t increment;
        if (!(legal.bet || legal.raise_) || amount < legal.min_to || amount > legal.max_to)
            return LB_HAND_ILLEGAL;
        increment = amount - h->level;
        if (r->structure == LB_STRUCT_FIXED) {
            full = 2 * (amount - h->full_level) >= h->round_bet; /* WSOP-LAR 129 */
            if (full) h->full_level = amount;
        } else {
            int64_t need = h->last_raise > h->min_bet ? h->last_raise : h->min_bet;
            full = increment >= need || (opened && amount >= h->min_bet);
        }
        move_chips(h, p, amount - h->pl[p].bet);
        h->pl[p].bet = amount;
        h->level = amount;
        h->pl[p].acted = amount;
        h->aggressor = (uint8_t)p;
        if (full) {
            h->bet_count++;
            if (r->structure != LB_STRUCT_FIXED && increment > h->last_raise)
                h->last_raise = increment;
        }
        if (h->pl[p].raises[h->betting_round - 1] < 255) h->pl[p].raises[h->betting_round - 1]++;
        ev = opened ? LB_EV_BET : LB_EV_RAISE;
        record(log, ev, p, amount);
        note_betting(h, ev, p);
        after_bet_action(h, r, p, full, 1, log);
        return LB_HAND_OK;
    }
    default:
        return LB_HAND_ILLEGAL;
    }
}

/* -- the action space --------------------------------------------------------------------------- */

void lb_space_init(lb_space *s, const lb_rules *r, const double *fractions, int n_fractions) {
    int i;
    memset(s, 0, sizeof *s);
    if (n_fractions > LB_HAND_MAX_FRACTIONS) n_fractions = LB_HAND_MAX_FRACTIONS;
    if (r->structure == LB_STRUCT_FIXED) {
        s->n_fractions = 0;
        s->n_sizes = 1;
    } else {
        s->n_fractions = n_fractions < 0 ? 0 : n_fractions;
        for (i = 0; i < s->n_fractions; i++) s->fractions[i] = fractions[i];
        s->n_sizes = s->n_fractions + 1;
    }
    s->hand_size = r->hand_size;
    s->first_discard = 2 + s->n_sizes;
    s->n_actions = s->first_discard + (1 << r->hand_size);
}

/* The wager to of size index k (0 .. n_sizes-1) given the legal range. */
static int64_t size_to(const lb_hand *h, const lb_space *s, int k) {
    const lb_legal *legal = &h->legal;
    int64_t to;
    if (k >= s->n_fractions) return legal->max_to; /* fixed limit's one size, or the largest */
    {
        int64_t to_call = h->level - h->pl[legal->position].bet;
        double raise = s->fractions[k] * (double)(committed_total(h) + to_call);
        to = raise < (double)((int64_t)1 << 62) ? h->level + (int64_t)raise : legal->max_to;
    }
    if (to < legal->min_to) to = legal->min_to;
    if (to > legal->max_to) to = legal->max_to;
    return to;
}

static int index_legal(const lb_hand *h, const lb_space *s, int64_t a) {
    const lb_legal *legal = &h->legal;
    if (complete(h) || a < 0 || a >= s->n_actions) return 0;
    if (legal->phase == LB_PHASE_DRAWING) {
        if (a < s->first_discard) return 0;
        return popcount((unsigned)(a - s->first_discard)) <= legal->max_discards;
    }
    if (a == 0) return legal->fold;
    if (a == 1) return legal->check || legal->call;
    if (a < s->first_discard) return legal->bet || legal->raise_;
    return 0;
}

/* draw_row[k][m] = 1 where discard mask m throws at most k cards (the discard part of a mask) */
#define ROW(k)                                                                                     \
    {P(0, k),  P(1, k),  P(2, k),  P(3, k),  P(4, k),  P(5, k),  P(6, k),  P(7, k),                \
     P(8, k),  P(9, k),  P(10, k), P(11, k), P(12, k), P(13, k), P(14, k), P(15, k),               \
     P(16, k), P(17, k), P(18, k), P(19, k), P(20, k), P(21, k), P(22, k), P(23, k),               \
     P(24, k), P(25, k), P(26, k), P(27, k), P(28, k), P(29, k), P(30, k), P(31, k)}
#define P(m, k)                                                                                    \
    (((m) & 1) + ((m) >> 1 & 1) + ((m) >> 2 & 1) + ((m) >> 3 & 1) + ((m) >> 4 & 1) <= (k))
static const uint8_t draw_row[6][32] = {ROW(0), ROW(1), ROW(2), ROW(3), ROW(4), ROW(5)};
#undef P
#undef ROW

void lb_hand_mask(const lb_hand *h, const lb_rules *r, const lb_space *s, uint8_t *mask) {
    const lb_legal *legal = &h->legal;
    int discards = 1 << s->hand_size;
    (void)r;
    if (complete(h)) {
        memset(mask, 0, (size_t)s->n_actions);
        return;
    }
    if (legal->phase == LB_PHASE_DRAWING) {
        memset(mask, 0, (size_t)s->first_discard);
        memcpy(mask + s->first_discard, draw_row[legal->max_discards], (size_t)discards);
        return;
    }
    memset(mask + 2, legal->bet || legal->raise_, (size_t)s->n_sizes);
    memset(mask + s->first_discard, 0, (size_t)discards);
    mask[0] = legal->fold;
    mask[1] = (uint8_t)(legal->check || legal->call);
}

int lb_hand_index_legal(const lb_hand *h, const lb_rules *r, const lb_space *s, int64_t a) {
    (void)r;
    return index_legal(h, s, a);
}

lb_hand_status lb_hand_act_index(lb_hand *h, const lb_rules *r, const lb_space *s, int64_t a,
                                 lb_event_log *log) {
    if (complete(h)) return LB_HAND_COMPLETE;
    if (!index_legal(h, s, a)) return LB_HAND_ILLEGAL;
    if (h->legal.phase == LB_PHASE_DRAWING)
        return lb_hand_act(h, r, LB_ACT_DISCARD, 0, (unsigned)(a - s->first_discard), log);
    if (a == 0) return lb_hand_act(h, r, LB_ACT_FOLD, 0, 0, log);
    if (a == 1) return lb_hand_act(h, r, LB_ACT_CHECK_OR_CALL, 0, 0, log);
    return lb_hand_act(h, r, LB_ACT_BET_OR_RAISE, size_to(h, s, (int)(a - 2)), 0, log);
}

/* -- observations ------------------------------------------------------------------------------- *
 * Layout (floats), from the point of view of the player to observe, `me`; every number is public
 * or me's own (lowball.rl documents it; tests/test_rl.py rebuilds it from HandState.view(me)):
 *   [0..1]   phase: betting, drawing
 *   [2..5]   betting round 1..4 (one-hot)
 *   [6..9]   draws begun 0..3 (one-hot of draw_round)
 *   [10..19] my position 0..9 (one-hot)
 *   [20]     the pot (chips / scale: chips times 1 / scale in double, rounded to float)
 *   [21..24] when I am to bet: to call, min_to, max_to (chips / scale), and 1
 *   [25]     the wager to match in this betting round (chips / scale; 0 in a draw)
 *   [26]     bets and raises made in this betting round / 5
 *   then hand_size blocks of 17, my cards by slot (slot i is bit i of a discard mask): the rank
 *   (2 .. A, one-hot 13) and the suit (c d h s, one-hot 4)
 *   then per player k = 0 (me), 1 (next to my left), ..., n-1, LB_OBS_PER_PLAYER floats: stack,
 *   bet this round, antes posted (chips / scale), folded, all in, button, the last bettor or
 *   raiser of this round; per draw d = 1..3: drew there (0/1), cards drawn / hand_size; per
 *   betting round 1..4: wager (chips / scale), bets and raises made / 5. */
#define LB_OBS_HEADER 27
#define LB_OBS_CARD 17
#define LB_OBS_PER_PLAYER 21

int lb_obs_size(const lb_rules *r, int n) {
    return LB_OBS_HEADER + LB_OBS_CARD * r->hand_size + n * LB_OBS_PER_PLAYER;
}

/* k / 5 and c / hand size as floats (the observation's counts), computed once by the compiler */
#define FIFTH(k) (float)((k) / 5.0)
static const float fifths[16] = {FIFTH(0),  FIFTH(1),  FIFTH(2),  FIFTH(3), FIFTH(4),  FIFTH(5),
                                 FIFTH(6),  FIFTH(7),  FIFTH(8),  FIFTH(9), FIFTH(10), FIFTH(11),
                                 FIFTH(12), FIFTH(13), FIFTH(14), FIFTH(15)};

static float fifth(int k) { return k < 16 ? fifths[k] : (float)(k / 5.0); }

/* The share of the hand drawn, by cards drawn + 1 (0: did not draw, 0 in the observation) */
static const float drawn5[7] = {0.0f, FIFTH(0), FIFTH(1), FIFTH(2), FIFTH(3), FIFTH(4), FIFTH(5)};
static const float drawn4[6] = {
    0.0f, (float)(0 / 4.0), (float)(1 / 4.0), (float)(2 / 4.0), (float)(3 / 4.0), (float)(4 / 4.0)};

/* chips / scale as the observation holds them: chips times 1 / scale in double, then float */
static float chips(int64_t c, double inv) { return (float)((double)c * inv); }

/* Every field is written whatever its value (a zero written is the zero of the memset: every
 * number here is >= 0), so that which fields are zero costs no branch. */
void lb_hand_observe(const lb_hand *h, const lb_rules *r, int me, double scale, float *out) {
    int n = h->n, size = lb_obs_size(r, n), k, d, i, live = h->phase != LB_PHASE_COMPLETE, made = 0,
        round = h->betting_round - 1, betting = h->phase == LB_PHASE_BETTING, draws = h->draw_round;
    float *pl;
    const lb_legal *legal = &h->legal;
    const float *drawn_share = r->hand_size == 4 ? drawn4 : drawn5;
    double inv = 1.0 / scale;
    memset(out, 0, sizeof(float) * (size_t)size);
    if (me < 0 || me >= n) return;
    out[0] = (float)betting;
    out[1] = (float)(h->phase == LB_PHASE_DRAWING);
    out[2 + round] = 1.0f;
    out[6 + draws] = 1.0f;
    out[10 + me] = 1.0f;
    out[20] = chips(lb_hand_pot(h), inv);
    if (betting && !complete(h) && legal->position == me) {
        out[21] = chips(legal->call_amount, inv);
        out[22] = chips(legal->min_to, inv);
        out[23] = chips(legal->max_to, inv);
        out[24] = 1.0f;
    }
    out[25] = chips(betting ? h->level : 0, inv);
    for (k = 0; k < n; k++) made += h->pl[k].raises[round];
    out[26] = fifth(made);
    for (i = 0; i < h->pl[me].n_cards; i++) {
        uint8_t c = h->pl[me].cards[i];
        out[LB_OBS_HEADER + LB_OBS_CARD * i + LB_RANK(c)] = 1.0f;
        out[LB_OBS_HEADER + LB_OBS_CARD * i + 13 + LB_SUIT(c)] = 1.0f;
    }
    pl = out + LB_OBS_HEADER + LB_OBS_CARD * r->hand_size;
    for (k = 0; k < n; k++, pl += LB_OBS_PER_PLAYER) {
        int p = me + k < n ? me + k : me + k - n, folded = (h->folded >> p) & 1;
        int64_t stack = h->pl[p].stack, bet = h->pl[p].bet;
        pl[0] = chips(stack, inv);
        pl[1] = chips(bet, inv);
        pl[2] = chips(h->antes[p], inv);
        pl[3] = (float)folded;
        pl[4] = (float)(live & !folded & (stack == 0));
        pl[5] = (float)(p == n - 1);
        pl[6] = (float)(h->aggressor == p);
        for (d = 0; d < draws; d++) {
            int c = h->pl[p].drawn[d]; /* -1: did not draw */
            pl[7 + 2 * d] = (float)(c >= 0);
            pl[8 + 2 * d] = drawn_share[c + 1];
        }
        for (i = 0; i < round; i++) {
            pl[13 + 2 * i] = chips(h->round_wager[i][p], inv);
            pl[14 + 2 * i] = fifth(h->pl[p].raises[i]);
        }
        pl[13 + 2 * round] = chips(live ? bet : h->round_wager[round][p], inv);
        pl[14 + 2 * round] = fifth(h->pl[p].raises[round]);
    }
}

/* -- many hands --------------------------------------------------------------------------------- */

int64_t lb_batch_check(const lb_hand *hands, int64_t count, const lb_rules *r, const lb_space *s,
                       const int64_t *actions, const uint8_t *masks) {
    int64_t i, n_actions = s->n_actions;
    (void)r;
    if (masks) {
        for (i = 0; i < count; i++) {
            int64_t a = actions[i];
            if (a < 0 || a >= n_actions || !masks[i * n_actions + a]) return i;
        }
        return -1;
    }
    for (i = 0; i < count; i++)
        if (!index_legal(&hands[i], s, actions[i])) return i;
    return -1;
}

/* What a batch writes per hand besides the observation: the mask, and the legal actions' indexes
 * packed (lb_batch_step), from rows made once per call for every kind of legal actions: none
 * (complete), a draw of at most k cards, and betting with or without a fold, a check or call and
 * the wagers. */
#define ROWS_DRAW 1
#define ROWS_BET (ROWS_DRAW + 6)
#define N_ROWS (ROWS_BET + 8)
#define MAX_ACTIONS (2 + LB_HAND_MAX_FRACTIONS + 1 + 32)
typedef char lb_rows_fit_copy_row[MAX_ACTIONS <= 48 ? 1 : -1]; /* copy_row's 48 bytes at most */

typedef struct {
    uint8_t mask[N_ROWS][MAX_ACTIONS];
    int8_t index[N_ROWS][MAX_ACTIONS]; /* the legal indexes in order, then -1 */
    uint8_t count[N_ROWS];
} out_rows;

static void row_of_mask(out_rows *o, int row, int n_actions) {
    int a, k = 0;
    memset(o->index[row], -1, sizeof o->index[row]);
    for (a = 0; a < n_actions; a++)
        if (o->mask[row][a]) o->index[row][k++] = (int8_t)a;
    o->count[row] = (uint8_t)k;
}

static void make_rows(out_rows *o, const lb_space *s) {
    int k, b, discards = 1 << s->hand_size;
    memset(o->mask, 0, sizeof o->mask);
    row_of_mask(o, 0, s->n_actions);
    for (k = 0; k <= s->hand_size; k++) {
        memcpy(o->mask[ROWS_DRAW + k] + s->first_discard, draw_row[k], (size_t)discards);
        row_of_mask(o, ROWS_DRAW + k, s->n_actions);
    }
    for (b = 0; b < 8; b++) {
        uint8_t *m = o->mask[ROWS_BET + b];
        m[0] = (uint8_t)(b & 1);
        m[1] = (uint8_t)(b >> 1 & 1);
        memset(m + 2, b >> 2 & 1, (size_t)s->n_sizes);
        row_of_mask(o, ROWS_BET + b, s->n_actions);
    }
}

/* The row of hand h's legal actions (lb_hand_mask's cases). */
static int row_of(const lb_hand *h) {
    const lb_legal *legal = &h->legal;
    if (complete(h)) return 0;
    if (legal->phase == LB_PHASE_DRAWING) return ROWS_DRAW + legal->max_discards;
    return ROWS_BET +
           (legal->fold | (legal->check | legal->call) << 1 | (legal->bet | legal->raise_) << 2);
}

/* 16 <= n <= 48 bytes (a row: MAX_ACTIONS), in two or three 16-byte moves of the compiler's own
 * (a loop of them would become a call to memcpy), the last one overlapping */
static void copy_row(void *dst, const void *src, int n) {
    memcpy(dst, src, 16);
    if (n > 32) memcpy((char *)dst + 16, (const char *)src + 16, 16);
    memcpy((char *)dst + n - 16, (const char *)src + n - 16, 16);
}

static void outputs(const lb_hand *h, const lb_rules *r, const lb_space *s, const out_rows *o,
                    double scale, int8_t *actor, uint8_t *mask, uint8_t *count, int8_t *index,
                    float *obs) {
    int row = row_of(h);
    *actor = h->actor == NONE ? -1 : (int8_t)h->actor;
    if (mask) copy_row(mask, o->mask[row], s->n_actions); /* n_actions >= 2 + 1 + 16 */
    if (count) *count = o->count[row];
    if (index) copy_row(index, o->index[row], s->n_actions);
    if (obs) lb_hand_observe(h, r, h->actor == NONE ? 0 : h->actor, scale, obs);
}

/* New hands of a batch from a template. Every hand of a batch starts from the same stacks, so
 * what start() makes of them is the same whatever the cards, except the deck, the cards and the
 * generator, as long as betting round 1 has a player to act (otherwise the round ends at once and
 * what follows depends on the cards: start() itself then). The template is that state of a deck
 * in card order; a new hand copies it, shuffles the stub from the identity order as start() does
 * and deals the same way (lb_deck_deal_round: one card to each position in turn), giving exactly
 * the bytes of start(). */
typedef struct {
    lb_hand h;
    int state; /* 0: not made yet, 1: usable, -1: not usable (start() for every hand) */
} template_hand;

static void new_hand(lb_hand *h, template_hand *t, const lb_rules *r, int n, const int64_t *stacks,
                     const lb_pcg64 *rng) {
    int size = r->hand_size;
    if (t->state == 0) {
        lb_pcg64 none = {0, 0, 0, 1};
        memset(&t->h, 0, sizeof t->h); /* its padding too: copies give the bytes of start() */
        start(&t->h, r, n, stacks, &none, card_order, NULL);
        t->state = (t->h.phase == LB_PHASE_BETTING && t->h.betting_round == 1 &&
                    t->h.actor != NONE && t->h.deck.top == n * size)
                       ? 1
                       : -1;
    }
    if (t->state < 0) {
        start(h, r, n, stacks, rng, NULL, NULL);
        return;
    }
    memcpy(h, &t->h, sizeof *h);
    h->rng = *rng;
    shuffle_new_deck(h->deck.stub, &h->rng); /* the template's stub is in card order */
    deal(h, n, size);
}

/* The lines of a hand every decision reads (the header and the n positions' lb_player), asked
 * for a few hands ahead: a batch of hands is larger than the core's cache, and the hands are too
 * far apart for the hardware's prefetcher. */
#define PREFETCH_AHEAD 4
#define PREFETCH_BYTES(n) (offsetof(lb_hand, pl) + (size_t)(n) * sizeof(lb_player))

static void prefetch_hand(const lb_hand *hands, int64_t i, int64_t count, int n) {
#if defined(__GNUC__) || defined(__clang__)
    uintptr_t line, end;
    if (i >= count) return;
    line = (uintptr_t)&hands[i] & ~(uintptr_t)63;
    end = (uintptr_t)&hands[i] + PREFETCH_BYTES(n);
    for (; line < end; line += 64) __builtin_prefetch((const void *)line, 1, 3);
#else
    (void)hands;
    (void)i;
    (void)count;
    (void)n;
#endif
}

void lb_batch_step(lb_hand *hands, int64_t count, const lb_rules *r, const lb_space *s, int n,
                   const int64_t *stacks, const uint64_t key[4], uint64_t first_slot,
                   uint64_t *episodes, const int64_t *actions, double scale, float *rewards,
                   uint8_t *done, int8_t *actor, uint8_t *masks, uint8_t *counts, int8_t *indexes,
                   float *obs) {
    int64_t i, na = s->n_actions;
    int osize = lb_obs_size(r, n), p;
    template_hand t;
    out_rows o;
    t.state = 0;
    make_rows(&o, s);
    memset(rewards, 0, sizeof(float) * (size_t)count * (size_t)n);
    memset(done, 0, (size_t)count);
    for (i = 0; i < count; i++) {
        lb_hand *h = &hands[i];
        prefetch_hand(hands, i + PREFETCH_AHEAD, count, n);
        lb_hand_act_index(h, r, s, actions[i], NULL);
        if (h->phase == LB_PHASE_COMPLETE) {
            lb_pcg64 g;
            float *rw = rewards + i * n;
            for (p = 0; p < n; p++)
                rw[p] = (float)((double)(h->pl[p].stack - h->pl[p].starting) / scale);
            done[i] = 1;
            episodes[i]++;
            lb_hand_stream(key, first_slot + (uint64_t)i, episodes[i], &g);
            new_hand(h, &t, r, n, stacks, &g);
        }
        outputs(h, r, s, &o, scale, actor + i, masks ? masks + i * na : NULL,
                counts ? counts + i : NULL, indexes ? indexes + i * na : NULL,
                obs ? obs + i * osize : NULL);
    }
}

void lb_batch_reset(lb_hand *hands, int64_t count, const lb_rules *r, const lb_space *s, int n,
                    const int64_t *stacks, const uint64_t key[4], uint64_t first_slot,
                    const uint64_t *episodes, double scale, int8_t *actor, uint8_t *masks,
                    uint8_t *counts, int8_t *indexes, float *obs) {
    int64_t i, na = s->n_actions;
    int osize = lb_obs_size(r, n);
    template_hand t;
    out_rows o;
    t.state = 0;
    make_rows(&o, s);
    for (i = 0; i < count; i++) {
        lb_pcg64 g;
        lb_hand_stream(key, first_slot + (uint64_t)i, episodes[i], &g);
        new_hand(&hands[i], &t, r, n, stacks, &g);
        outputs(&hands[i], r, s, &o, scale, actor + i, masks ? masks + i * na : NULL,
                counts ? counts + i : NULL, indexes ? indexes + i * na : NULL,
                obs ? obs + i * osize : NULL);
    }
}

/* -- whole hands in C --------------------------------------------------------------------------- */

static uint32_t bounded(lb_pcg64 *g, uint32_t bound) { return pcg_bounded(g, bound); }

/* The masks of 0..5 cards in order of how many cards they throw (then by value), and how many
 * throw at most k cards: a random legal discard is by_count[bounded(at_most[k])]. */
static const uint8_t by_count[32] = {0, 1,  2,  4,  8,  16, 3,  5,  6,  9,  10, 12, 17, 18, 20, 24,
                                     7, 11, 13, 14, 19, 21, 22, 25, 26, 28, 15, 23, 27, 29, 30, 31};
static const uint8_t at_most5[6] = {1, 6, 16, 26, 31, 32};
static const uint8_t at_most4[5] = {1, 5, 11, 15, 16};
static const uint8_t by_count4[16] = {0, 1, 2, 4, 8, 3, 5, 6, 9, 10, 12, 7, 11, 13, 14, 15};

void lb_play_hands(const lb_rules *r, const lb_space *s, int n, const int64_t *stacks,
                   const uint64_t key[4], uint64_t slot, uint64_t first_episode, int64_t count,
                   int policy, const lb_strategy *strategy, double *payoffs, int64_t *decisions) {
    static const uint64_t salt = 0x9e3779b97f4a7c15ull;
    uint64_t pkey[4];
    lb_hand h;
    lb_pcg64 g, pol;
    int64_t e, made = 0;
    int p, plan_of[LB_HAND_MAX_PLAYERS];
    /* one plan per different strategy (odds.h): lb_strategy_discard's discards, looked up by
     * class; without the memory for them (25 KB each), lb_strategy_discard itself */
    int by_strategy = policy == LB_POLICY_STRATEGY && strategy && r->hand_size == 5;
    lb_strategy_plan *plans = by_strategy ? lb_strategy_plans(strategy, n, plan_of) : NULL;
    pkey[0] = key[0] ^ salt;
    pkey[1] = key[1] ^ salt;
    pkey[2] = key[2] ^ salt;
    pkey[3] = key[3] ^ salt;
    lb_hand_stream(pkey, slot, first_episode, &pol);
    for (e = 0; e < count; e++) {
        lb_hand_stream(key, slot, first_episode + (uint64_t)e, &g);
        lb_hand_reset(&h, r, n, stacks, &g, NULL);
        while (h.phase != LB_PHASE_COMPLETE) {
            const lb_legal *legal = &h.legal;
            if (legal->phase == LB_PHASE_DRAWING) {
                unsigned m;
                if (by_strategy) {
                    int d = 2 - (r->draws - h.draw_round), is_last = h.draw_round == r->draws;
                    m = plans ? lb_strategy_plan_discard(&plans[plan_of[h.actor]],
                                                         h.pl[h.actor].cards, d, is_last)
                              : lb_strategy_discard(&strategy[h.actor], h.pl[h.actor].cards, d,
                                                    is_last);
                    if (popcount(m) > legal->max_discards) m = 0;
                } else if (r->hand_size == 5) {
                    m = by_count[bounded(&pol, at_most5[legal->max_discards])];
                } else {
                    m = by_count4[bounded(&pol, at_most4[legal->max_discards])];
                }
                lb_hand_act(&h, r, LB_ACT_DISCARD, 0, m, NULL);
            } else if (policy == LB_POLICY_STRATEGY) {
                lb_hand_act(&h, r, LB_ACT_CHECK_OR_CALL, 0, 0, NULL);
            } else {
                int wager = legal->bet || legal->raise_,
                    k = legal->fold + 1 + (wager ? s->n_sizes : 0);
                int pick = (int)bounded(&pol, (uint32_t)k);
                if (!legal->fold) pick++;
                lb_hand_act_index(&h, r, s, pick, NULL);
            }
            made++;
        }
        if (payoffs)
            for (p = 0; p < n; p++) payoffs[p] += (double)(h.pl[p].stack - h.pl[p].starting);
    }
    if (decisions) *decisions += made;
    free(plans);
}

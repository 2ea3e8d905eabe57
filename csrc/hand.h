/* The batch hand engine: one hand of a lowball draw game as a fixed-size state machine, and many
 * hands stepped per call (lowball.rl is its Python face). The rules are those of lowball.engine.HandState
 * (RULES.md sections 3-6), which stays the reference: for the same deck order and the same
 * decisions this engine gives the same legal actions, events, pots and final stacks
 * (tests/test_hand_agreement.py checks it decision by decision).
 *
 * Plain C99, no Python headers, no globals that change, no allocation: the caller owns every
 * lb_hand (1,408 bytes on 64-bit platforms: lowball._hand.HAND_BYTES) and passes it first. The
 * state of one hand never refers to another, so hands may be stepped from several threads at once.
 *
 * What it plays: any lowball.variants.Variant (its rules given as lb_rules): fixed limit (small
 * and big bet, the cap, heads-up uncapped), pot limit, no limit; blinds, antes, a big-blind ante;
 * one to three draws with either reshuffle rule and the burn (deck.h); 2-7 and A-5 lowball (five
 * cards) and badugi (four); 2..10 players; open folds, must_open, show_all_hands. The showdown is
 * the engine's own (HandState's manual_showdown=False), and the blinds are the variant's usual
 * ones (no lowball.engine.Posts): the Python binding refuses a hand that needs either, by name.
 *
 * Preconditions (checked by the binding, as deck.h's are): lb_rules from a valid Variant, 2 <=
 * players <= LB_HAND_MAX_PLAYERS, every stack >= 1 and their sum below 2^60 chips. Every checked
 * function returns an lb_hand_status; on any status other than LB_HAND_OK the hand is exactly as
 * before.
 *
 * Positions are the engine's (PHH player indexes): 0 is the first seat left of the button (the
 * small blind; heads-up the big blind), n - 1 the button.
 *
 * Randomness. Each hand owns a PCG64 generator (odds.h; numpy.random.PCG64's words for the same
 * state): the deck is shuffled from it with lb_deck_shuffle and every reshuffle of the muck
 * draws from it, exactly as lowball.Deck does on a numpy PCG64 of the same state, so a
 * HandState on Deck(seed=that generator) deals the same cards. lb_hand_stream gives the
 * generator of hand `episode` in slot `slot` of a run keyed by key[0..3]:
 *   state = (mix(k0 ^ mix(slot)) << 64) | mix(k1 + episode),
 *   inc   = (mix(k2 ^ mix(episode)) << 64) | (mix(k3 + slot) | 1)
 * (mix = lb_mix64, SplitMix64's finaliser; arithmetic modulo 2^64), so a hand depends only on the
 * key, its slot and its episode, never on how many hands are stepped together.
 */
#ifndef LOWBALL_HAND_H
#define LOWBALL_HAND_H

#include <stddef.h>
#include <stdint.h>

#include "deck.h"
#include "odds.h"

#define LB_HAND_MAX_PLAYERS 10
#define LB_HAND_MAX_DRAWS 3
#define LB_HAND_MAX_ROUNDS 4 /* betting rounds: draws + 1 */
#define LB_HAND_NO_POSITION 0xff
/* The most events one call can record for one hand: the forced bets, the deal and an opening
 * round that ends at once (25), or an action, a return, a round and a showdown of ten hands with
 * up to 55 wins (10 pots); with room to spare. */
#define LB_HAND_MAX_STEP_EVENTS 96
#define LB_HAND_MAX_FRACTIONS 8 /* pot fractions of the action space (pot and no limit) */

typedef enum {
    LB_HAND_OK = 0,
    LB_HAND_ILLEGAL = 1,  /* the action is not among the legal actions now */
    LB_HAND_COMPLETE = 2, /* the hand is complete: nobody is to act */
    LB_HAND_DECK = 3      /* the deck failed (never for a legal draw; a broken state) */
} lb_hand_status;

typedef enum { LB_STRUCT_FIXED = 0, LB_STRUCT_POT = 1, LB_STRUCT_NO = 2 } lb_structure;
typedef enum { LB_RANK_27 = 0, LB_RANK_A5 = 1, LB_RANK_BADUGI = 2 } lb_ranking;
typedef enum { LB_PHASE_BETTING = 0, LB_PHASE_DRAWING = 1, LB_PHASE_COMPLETE = 3 } lb_phase;

/* Event kinds, with HandState's names (lowball.engine.Event.kind). */
typedef enum {
    LB_EV_ANTE = 0,
    LB_EV_BLIND = 1,
    LB_EV_DEAL = 2,
    LB_EV_FOLD = 3,
    LB_EV_CHECK = 4,
    LB_EV_CALL = 5,
    LB_EV_BET = 6,
    LB_EV_RAISE = 7,
    LB_EV_DRAW = 8,
    LB_EV_STAND_PAT = 9,
    LB_EV_RETURN = 10,
    LB_EV_SHOW = 11,
    LB_EV_MUCK = 12,
    LB_EV_WIN = 13,
    LB_EV_ROUND = 14,
    LB_EV_DRAW_ROUND = 15
} lb_event_kind;

/* One event, the fields of lowball.engine.Event: amount in chips (the wager *to* for call, bet
 * and raise), cards[0..n_cards-1] dealt, drawn or shown, discarded[0..n_discarded-1] thrown,
 * number (cards dealt or drawn, or the round), hand_class (show, win) and pot (win). */
typedef struct {
    int64_t amount;
    uint16_t hand_class;
    uint8_t kind;
    uint8_t position; /* LB_HAND_NO_POSITION for a table event (round, draw_round) */
    uint8_t number;
    uint8_t pot;
    uint8_t n_cards;
    uint8_t n_discarded;
    uint8_t cards[5];
    uint8_t discarded[5];
    uint8_t pad_[2];
} lb_event;

/* Where one call records events (NULL: none). n counts the events of the call, also those past
 * the capacity, which are dropped. */
typedef struct {
    lb_event events[LB_HAND_MAX_STEP_EVENTS];
    int n;
} lb_event_log;

/* The rules of a Variant, as numbers. */
typedef struct {
    int64_t small_bet, big_bet; /* fixed limit */
    int64_t min_bet;            /* pot and no limit */
    int64_t small_blind, big_blind, ante;
    int32_t max_raises; /* fixed limit: raises after the opening bet */
    uint8_t structure;  /* lb_structure */
    uint8_t uncapped_heads_up;
    uint8_t big_blind_ante;
    uint8_t draws;     /* 1..3 */
    uint8_t ranking;   /* lb_ranking */
    uint8_t hand_size; /* 5, or 4 in badugi */
    uint8_t reshuffle; /* lb_reshuffle_rule */
    uint8_t burn;
    uint8_t open_fold;
    uint8_t show_all_hands;
    uint8_t must_open;
    uint8_t pad_;
} lb_rules;

/* What the player to act may do (lowball.engine.LegalActions, betting and drawing). */
typedef struct {
    int64_t call_amount, min_to, max_to;
    uint8_t position, phase;
    uint8_t fold, check, call, bet, raise_;
    uint8_t draw, max_discards;
} lb_legal;

/* One position's part of a hand: what every decision reads or writes, in one place (48 bytes:
 * a heads-up hand's two positions share one cache line and a half). */
typedef struct {
    int64_t stack;    /* chips behind */
    int64_t bet;      /* this betting round's wager */
    int64_t acted;    /* the wager last acted on in this round; -1: not yet */
    int64_t starting; /* the stack the hand began with */
    uint8_t cards[5]; /* the cards held, in the order received (the deck's hands[p]); kept after a
                       * fold, when n_cards is 0 */
    uint8_t n_cards;
    uint8_t raises[LB_HAND_MAX_ROUNDS]; /* bets and raises made in each betting round */
    int8_t drawn[LB_HAND_MAX_DRAWS];    /* cards drawn at each draw; -1: not (yet) */
    uint8_t pad_[3];
} lb_player;

/* A hand's deck in the engine's own form (124 bytes), the same cards in the same places as the
 * lb_deck of deck.h that lb_hand_to_deck makes of it: the stub stub[top..51]; the positions'
 * cards (lb_player.cards); the muck gone[0..n_muck-1] (folded hands, earlier draws' discards, in
 * lb_deck's muck order), then this draw round's discards gone[n_muck..n_muck+n_discards-1],
 * thrown by the positions draw_order[disc_first..next-1] in turn, each its drawn count; the burn
 * cards burns[0..n_burns-1] (one a draw at most, and the muck's reshuffle takes them). A draw
 * that needs a reshuffle runs lb_deck_draw (deck.c) on the lb_deck and takes its result back. */
typedef struct {
    uint8_t stub[LB_NUM_CARDS];
    uint8_t gone[LB_NUM_CARDS];
    uint8_t top, n_muck, n_discards, n_burns;
    uint8_t burns[LB_HAND_MAX_DRAWS + 1];
    uint8_t rule; /* lb_reshuffle_rule */
    uint8_t burn; /* burn a card before each draw */
    uint8_t in_draw;
    uint8_t next;       /* draw_order[next] is the position to serve now */
    uint8_t disc_first; /* see above */
    uint8_t pad_[3];
    uint32_t reshuffles; /* new stubs made from the muck in this hand */
} lb_hand_deck;

/* One hand (1,408 bytes, 22 cache lines, on 64-bit platforms: lowball._hand.HAND_BYTES). Read the fields freely
 * (the binding and lowball.rl do); change them only through the functions below. The fields
 * every decision reads or writes come first (the header, then each position's lb_player), the
 * deck next (touched by folds and draws), then what only the end of a hand writes: fewer cache
 * lines per decision when many hands are stepped. A position's chips committed (antes included)
 * are starting - stack + winnings. */
typedef struct {
    lb_legal
        legal; /* the legal actions now (kept up to date by every call that changes the hand) */
    uint8_t n, phase, betting_round, draw_round;
    uint8_t actor; /* LB_HAND_NO_POSITION when complete */
    uint8_t capped, must_open_now, bb_pos;
    uint8_t aggressor, last_round_aggressor; /* LB_HAND_NO_POSITION: none */
    uint8_t n_pending, n_draw_order, n_pots, n_show;
    /* For the showing order (WSOP-LAR 145): betting actions in the current round, and the last
     * bet, raise or check before it (kind LB_EV_*, or 0xff for none). */
    uint8_t round_actions, before_kind, before_pos, last_brc_kind, last_brc_pos;
    uint16_t folded, mucked, shown; /* bit p: position p */
    uint16_t broke;                 /* bit p: position p has no chips behind (all in) */
    uint8_t n_alive;                /* positions not folded */
    int32_t bet_count, max_wagers;
    int64_t level, last_raise, full_level, round_bet, min_bet;
    int64_t pot; /* every chip committed */
    uint8_t pending[LB_HAND_MAX_PLAYERS];
    uint8_t draw_order[LB_HAND_MAX_PLAYERS];
    lb_player pl[LB_HAND_MAX_PLAYERS];
    lb_hand_deck deck;
    lb_pcg64 rng;                       /* the deck's source: the shuffle and every reshuffle */
    int64_t antes[LB_HAND_MAX_PLAYERS]; /* dead chips posted */
    int64_t winnings[LB_HAND_MAX_PLAYERS];
    int64_t round_wager[LB_HAND_MAX_ROUNDS][LB_HAND_MAX_PLAYERS]; /* each round's final wagers */
    int64_t pot_amount[LB_HAND_MAX_PLAYERS];    /* the pots at the end, main pot first */
    uint16_t pot_eligible[LB_HAND_MAX_PLAYERS]; /* bit p: position p may win the pot */
    uint16_t classes[LB_HAND_MAX_PLAYERS];      /* hand classes at the showdown (0: not valued) */
    uint8_t show_order[LB_HAND_MAX_PLAYERS];
} lb_hand;

/* The chips position p has put in the pot in this hand, antes included (every chip committed:
 * its starting stack, less its stack, plus what it has won). */
int64_t lb_hand_committed(const lb_hand *h, int p);

/* The deck of hand h as deck.h's lb_deck (where[] from the places, the bytes past each place's
 * count 0): to read the places of the cards. LB_OK, or LB_ERR_STATE (lb_deck_check's) for a hand
 * whose cards are not the 52 once each, which no function here makes. */
lb_status lb_hand_to_deck(const lb_hand *h, lb_deck *d);

/* Action kinds of lb_hand_act. */
typedef enum {
    LB_ACT_FOLD = 0,
    LB_ACT_CHECK = 1,
    LB_ACT_CALL = 2,
    LB_ACT_CHECK_OR_CALL = 3,
    LB_ACT_BET_OR_RAISE = 4, /* amount = the wager to */
    LB_ACT_DISCARD = 5       /* mask: bit i throws the i-th card of the hand (in received order) */
} lb_act_kind;

/* The short English text of a status ("ok", "illegal action", ...). Never NULL. */
const char *lb_hand_status_str(lb_hand_status st);

/* The generator of hand `episode` in slot `slot` of a run keyed by key (see the header). */
void lb_hand_stream(const uint64_t key[4], uint64_t slot, uint64_t episode, lb_pcg64 *out);

/* A new hand: n players with stacks[0..n-1] chips (by position), the deck shuffled from *rng
 * (copied into the hand), the forced bets posted, the cards dealt and betting round 1 begun
 * (everything up to the first decision; a round where nobody can act ends at once). Records
 * the events in log (may be NULL). Preconditions: see the header. */
void lb_hand_reset(lb_hand *h, const lb_rules *r, int n, const int64_t *stacks, const lb_pcg64 *rng,
                   lb_event_log *log);

/* lb_hand_reset with the deck stacked: the stub is exactly order[0..51] (order[0] dealt first:
 * a replay of a recorded deal; *rng then serves only the reshuffles). LB_HAND_ILLEGAL, with the
 * hand untouched, for an order that is not the 52 cards once each. */
lb_hand_status lb_hand_reset_order(lb_hand *h, const lb_rules *r, int n, const int64_t *stacks,
                                   const lb_pcg64 *rng, const uint8_t *order, lb_event_log *log);

/* The legal actions of the player to act. LB_HAND_COMPLETE when the hand is complete. */
lb_hand_status lb_hand_legal(const lb_hand *h, const lb_rules *r, lb_legal *out);

/* The player to act takes an action (lb_act_kind; amount for a bet or raise, mask for a
 * discard). LB_HAND_ILLEGAL or LB_HAND_COMPLETE, with the hand unchanged, for an action not
 * allowed now. log may be NULL. */
lb_hand_status lb_hand_act(lb_hand *h, const lb_rules *r, int kind, int64_t amount, unsigned mask,
                           lb_event_log *log);

/* Chips in the pot now (every chip committed; 0 once the hand is complete). */
int64_t lb_hand_pot(const lb_hand *h);

/* -- the action space of lowball.rl ----------------------------------------------------------
 * One discrete action index: 0 fold, 1 check or call, 2 .. 1 + n_sizes a bet or raise
 * (fixed limit: one, the limit's; pot and no limit: the pot fractions fractions[0..k-1], then
 * the largest wager allowed: all in, or the pot in pot limit), then 2^hand_size discards: index
 * first_discard + m throws the cards of mask m. A fraction f bets or raises to
 * level + floor(f * (pot + to_call)) (the pot after the call), clipped to min_to .. max_to. */
typedef struct {
    double fractions[LB_HAND_MAX_FRACTIONS];
    int n_fractions;
    int n_sizes;       /* 1 (fixed limit) or n_fractions + 1 */
    int first_discard; /* 2 + n_sizes */
    int n_actions;     /* first_discard + 2^hand_size */
    int hand_size;
} lb_space;

/* The space for rules r with fractions[0..n_fractions-1] (ignored in fixed limit). */
void lb_space_init(lb_space *s, const lb_rules *r, const double *fractions, int n_fractions);

/* mask[0..n_actions-1] = 1 where the action index is legal now (all 0 when complete). */
void lb_hand_mask(const lb_hand *h, const lb_rules *r, const lb_space *s, uint8_t *mask);

/* Whether action index a is legal now (1/0). */
int lb_hand_index_legal(const lb_hand *h, const lb_rules *r, const lb_space *s, int64_t a);

/* Take action index a (lb_hand_act's statuses). */
lb_hand_status lb_hand_act_index(lb_hand *h, const lb_rules *r, const lb_space *s, int64_t a,
                                 lb_event_log *log);

/* The observation of position pos (see lowball.rl for the layout): its own cards and public
 * information only. out has lb_obs_size(r, n) floats for a hand of n players. Chips are divided
 * by scale. */
int lb_obs_size(const lb_rules *r, int n);
void lb_hand_observe(const lb_hand *h, const lb_rules *r, int pos, double scale, float *out);

/* -- many hands ------------------------------------------------------------------------------ */

/* The first index i in 0..count-1 whose actions[i] is not legal in hands[i], or -1. With masks
 * (count * n_actions bytes, as lb_batch_step last wrote them for these hands) the check reads
 * them instead of the hands. */
int64_t lb_batch_check(const lb_hand *hands, int64_t count, const lb_rules *r, const lb_space *s,
                       const int64_t *actions, const uint8_t *masks);

/* Step hands[0..count-1], each with actions[i] (all legal: lb_batch_check first). A hand that
 * completes gets rewards[i * n + p] = its payoffs / scale, done[i] = 1, and starts its next
 * episode at once: episodes[i] += 1 and lb_hand_reset with stacks, the generator
 * lb_hand_stream(key, first_slot + i, episodes[i]). Then, for every hand, actor[i], masks
 * (count * n_actions bytes, lb_hand_mask's), counts[i] (how many actions are legal) and
 * indexes (count * n_actions: row i holds the legal action indexes of hand i in increasing
 * order, then -1 to the end of the row) and obs (count * lb_obs_size(r, n) floats of the player
 * to act); any of the four may be NULL: not written. rewards and done are written for every
 * hand (0 when not complete). */
void lb_batch_step(lb_hand *hands, int64_t count, const lb_rules *r, const lb_space *s, int n,
                   const int64_t *stacks, const uint64_t key[4], uint64_t first_slot,
                   uint64_t *episodes, const int64_t *actions, double scale, float *rewards,
                   uint8_t *done, int8_t *actor, uint8_t *masks, uint8_t *counts, int8_t *indexes,
                   float *obs);

/* Reset hands[0..count-1] to episode episodes[i] of slot first_slot + i, and write actor, masks,
 * counts, indexes and obs as lb_batch_step does. */
void lb_batch_reset(lb_hand *hands, int64_t count, const lb_rules *r, const lb_space *s, int n,
                    const int64_t *stacks, const uint64_t key[4], uint64_t first_slot,
                    const uint64_t *episodes, double scale, int8_t *actor, uint8_t *masks,
                    uint8_t *counts, int8_t *indexes, float *obs);

/* -- whole hands played in C ------------------------------------------------------------------ */
typedef enum {
    LB_POLICY_RANDOM = 0,  /* a uniformly random legal action index of the space */
    LB_POLICY_STRATEGY = 1 /* check or call every bet; draw by strategy[position] (2-7 only) */
} lb_policy;

/* Play hands episode first_episode .. first_episode + count - 1 of slot `slot` to the end, each
 * from lb_hand_stream(key, slot, episode) and the policy's own stream (key ^ a constant).
 * payoffs (n floats; may be NULL) sums every hand's payoffs in chips; *decisions counts the
 * decisions made. strategy: n lb_strategy (LB_POLICY_STRATEGY) or NULL. */
void lb_play_hands(const lb_rules *r, const lb_space *s, int n, const int64_t *stacks,
                   const uint64_t key[4], uint64_t slot, uint64_t first_episode, int64_t count,
                   int policy, const lb_strategy *strategy, double *payoffs, int64_t *decisions);

#endif

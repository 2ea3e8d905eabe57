# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Thin binding to the batch hand engine of the C core (csrc/hand.h).

Private: :mod:`lowball.rl` checks every argument (the variant, shapes, dtypes, the legality of
every action of a batch) and is the public face. The batch calls release the GIL.
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

import numpy as np

from lowball._c_hand cimport *
from lowball._c_deck cimport lb_deck
from lowball._c_odds cimport lb_pcg64, lb_strategy

cdef lb_hand _probe
MAX_PLAYERS = LB_HAND_MAX_PLAYERS
# where the cards lie in a hand's bytes (for tests that change the hidden cards of a copy): each
# position's cards and their count (PLAYERS + p * PLAYER_BYTES + PLAYER_CARDS / PLAYER_N_CARDS),
# and the deck's stub (DECK + DECK_STUB, from DECK + DECK_TOP), muck and this draw's discards
# (DECK + DECK_GONE, DECK_N_MUCK + DECK_N_DISCARDS of them) and burns (DECK_BURNS, DECK_N_BURNS)
PLAYERS = <char *>&_probe.pl[0] - <char *>&_probe
PLAYER_BYTES = sizeof(lb_player)
PLAYER_CARDS = <char *>&_probe.pl[0].cards[0] - <char *>&_probe.pl[0]
PLAYER_N_CARDS = <char *>&_probe.pl[0].n_cards - <char *>&_probe.pl[0]
DECK = <char *>&_probe.deck - <char *>&_probe
DECK_STUB = <char *>&_probe.deck.stub[0] - <char *>&_probe.deck
DECK_TOP = <char *>&_probe.deck.top - <char *>&_probe.deck
DECK_GONE = <char *>&_probe.deck.gone[0] - <char *>&_probe.deck
DECK_N_MUCK = <char *>&_probe.deck.n_muck - <char *>&_probe.deck
DECK_N_DISCARDS = <char *>&_probe.deck.n_discards - <char *>&_probe.deck
DECK_BURNS = <char *>&_probe.deck.burns[0] - <char *>&_probe.deck
DECK_N_BURNS = <char *>&_probe.deck.n_burns - <char *>&_probe.deck
MAX_FRACTIONS = LB_HAND_MAX_FRACTIONS
HAND_BYTES = sizeof(lb_hand)
EVENT_KINDS = ("ante", "blind", "deal", "fold", "check", "call", "bet", "raise", "draw", "stand_pat",
               "return", "show", "muck", "win", "round", "draw_round")
PHASES = {0: "betting", 1: "drawing", 3: "complete"}
ACT_FOLD, ACT_CHECK, ACT_CALL, ACT_CHECK_OR_CALL, ACT_BET_OR_RAISE, ACT_DISCARD = range(6)
POLICY_RANDOM, POLICY_STRATEGY = 0, 1
STATUS = {0: "ok", 1: "illegal action", 2: "the hand is complete", 3: "deck failure"}


cdef void _rules(dict spec, lb_rules *r):
    memset(r, 0, sizeof(lb_rules))
    r.structure = spec["structure"]
    r.small_bet = spec["small_bet"]
    r.big_bet = spec["big_bet"]
    r.max_raises = spec["max_raises"]
    r.uncapped_heads_up = spec["uncapped_heads_up"]
    r.min_bet = spec["min_bet"]
    r.small_blind = spec["small_blind"]
    r.big_blind = spec["big_blind"]
    r.ante = spec["ante"]
    r.big_blind_ante = spec["big_blind_ante"]
    r.draws = spec["draws"]
    r.ranking = spec["ranking"]
    r.hand_size = spec["hand_size"]
    r.reshuffle = spec["reshuffle"]
    r.burn = spec["burn"]
    r.open_fold = spec["open_fold"]
    r.show_all_hands = spec["show_all_hands"]
    r.must_open = spec["must_open"]


cdef void _space(lb_space *s, lb_rules *r, object fractions):
    cdef double f[8]
    cdef int k = 0
    for x in fractions:
        f[k] = x
        k += 1
    lb_space_init(s, r, f, k)


cdef void _key(object key, uint64_t *out):
    for i in range(4):
        out[i] = int(key[i]) & 0xFFFFFFFFFFFFFFFF


def stream(key, slot, episode):
    """(state, inc) of lb_hand_stream: the 128-bit PCG64 state and increment of a hand."""
    cdef uint64_t k[4]
    cdef lb_pcg64 g
    _key(key, k)
    lb_hand_stream(k, slot, episode, &g)
    return (int(g.state_hi) << 64) | int(g.state_lo), (int(g.inc_hi) << 64) | int(g.inc_lo)


cdef object _legal_tuple(lb_legal *lg):
    return (lg.position, PHASES[lg.phase], bool(lg.fold), bool(lg.check), bool(lg.call), lg.call_amount,
            bool(lg.bet), bool(lg.raise_), lg.min_to, lg.max_to, bool(lg.draw), lg.max_discards)


cdef object _events(lb_event_log *log):
    out = []
    cdef int i, n = log.n if log.n < LB_HAND_MAX_STEP_EVENTS else LB_HAND_MAX_STEP_EVENTS
    cdef lb_event *e
    for i in range(n):
        e = &log.events[i]
        out.append((EVENT_KINDS[e.kind], None if e.position == LB_HAND_NO_POSITION else e.position,
                    e.amount, tuple([e.cards[j] for j in range(e.n_cards)]),
                    tuple([e.discarded[j] for j in range(e.n_discarded)]), e.number, e.hand_class, e.pot))
    return out


def _bits(unsigned m, int n):
    return tuple([bool(m >> q & 1) for q in range(n)])


cdef object _fields(lb_hand *h):
    cdef int n = h.n, p, i, d
    cdef lb_deck deck
    lb_hand_to_deck(h, &deck)
    none = LB_HAND_NO_POSITION
    return {
        "n": n,
        "starting_stacks": tuple([h.pl[p].starting for p in range(n)]),
        "stacks": tuple([h.pl[p].stack for p in range(n)]),
        "bets": tuple([h.pl[p].bet for p in range(n)]),
        "committed": tuple([lb_hand_committed(h, p) for p in range(n)]),
        "antes": tuple([h.antes[p] for p in range(n)]),
        "winnings": tuple([h.winnings[p] for p in range(n)]),
        "acted": tuple([h.pl[p].acted for p in range(n)]),
        "folded": _bits(h.folded, n),
        "mucked": _bits(h.mucked, n),
        "shown": _bits(h.shown, n),
        "phase": PHASES[h.phase],
        "betting_round": h.betting_round,
        "draw_round": h.draw_round,
        "actor": None if h.actor == none else h.actor,
        "pending": tuple([h.pending[i] for i in range(h.n_pending)]),
        "level": h.level,
        "last_raise": h.last_raise,
        "full_level": h.full_level,
        "bet_count": h.bet_count,
        "capped": bool(h.capped),
        "aggressor": None if h.aggressor == none else h.aggressor,
        "last_round_aggressor": None if h.last_round_aggressor == none else h.last_round_aggressor,
        "draw_order": tuple([h.draw_order[i] for i in range(h.n_draw_order)]),
        "drawn": tuple([tuple([h.pl[p].drawn[d] for p in range(n)]) for d in range(h.draw_round)]),
        "pots": tuple([(h.pot_amount[i], tuple([p for p in range(n) if h.pot_eligible[i] >> p & 1]))
                       for i in range(h.n_pots)]),
        "show_order": tuple([h.show_order[i] for i in range(h.n_show)]),
        "hands": tuple([tuple([deck.hands[p][i] for i in range(deck.hand_len[p])]) for p in range(n)]),
        "deck": {
            "stub": [deck.stub[i] for i in range(deck.top, 52)],
            "muck": [deck.muck[i] for i in range(deck.n_muck)],
            "burns": [deck.burns[i] for i in range(deck.n_burns)],
            "hands": [[deck.hands[p][i] for i in range(deck.hand_len[p])] for p in range(10)],
            "draw": None if not deck.in_draw else {
                "order": [deck.order[i] for i in range(deck.n_order)],
                "served": deck.next,
                "drawn": [deck.drawn[i] for i in range(10)],
                "discards": [[deck.discards[i], deck.discard_seat[i]] for i in range(deck.n_discards)],
            },
            "reshuffles": deck.reshuffles,
        },
        "rng": ((int(h.rng.state_hi) << 64) | int(h.rng.state_lo), (int(h.rng.inc_hi) << 64) | int(h.rng.inc_lo)),
    }


def observe_state(Engine engine, const uint8_t[::1] row, int position, double scale):
    """The observation of ``position`` in the hand whose state bytes are ``row`` (a copy of a
    Batch's state row, for tests)."""
    cdef lb_hand h
    if row.shape[0] != sizeof(lb_hand):
        raise ValueError("not a hand's state")
    memcpy(&h, &row[0], sizeof(lb_hand))
    out = np.zeros(lb_obs_size(&engine.r, h.n), dtype=np.float32)
    cdef float[::1] ov = out
    lb_hand_observe(&h, &engine.r, position, scale, &ov[0])
    return out


cdef class Engine:
    """The rules of one variant (lb_rules) and its action space (lb_space)."""

    cdef lb_rules r
    cdef lb_space s

    def __init__(self, dict spec, fractions):
        _rules(spec, &self.r)
        _space(&self.s, &self.r, fractions)

    @property
    def n_actions(self):
        return self.s.n_actions

    @property
    def n_sizes(self):
        return self.s.n_sizes

    @property
    def first_discard(self):
        return self.s.first_discard

    def obs_size(self, int n):
        """Floats per observation of a hand of ``n`` players."""
        return lb_obs_size(&self.r, n)

    def play(self, int n, stacks, key, uint64_t slot, uint64_t first_episode, int64_t count, int policy,
             strategies=None):
        """Play ``count`` whole hands in C: (payoff sums per position, decisions)."""
        cdef int64_t st[10]
        cdef uint64_t k[4]
        cdef lb_strategy strat[10]
        cdef double pay[10]
        cdef int64_t decisions = 0
        cdef lb_strategy *sp = NULL
        cdef int p, d
        for p in range(n):
            st[p] = stacks[p]
            pay[p] = 0
        _key(key, k)
        if strategies is not None:
            memset(strat, 0, sizeof(strat))
            for p in range(n):
                spec = strategies[p]
                for d in range(3):
                    strat[p].pat[d] = spec[0][d]
                    strat[p].brk[d] = spec[1][d]
                    strat[p].keep[d] = spec[2][d]
                    strat[p].one[d] = spec[6][d]
                strat[p].snow = 1 if spec[3] else 0
                strat[p].best_last = 1 if spec[4] else 0
                strat[p].target = spec[5]
            sp = strat
        with nogil:
            lb_play_hands(&self.r, &self.s, n, st, k, slot, first_episode, count, policy, sp, pay, &decisions)
        return [pay[p] for p in range(n)], decisions


cdef class Batch:
    """``count`` hands of ``n`` players stepped together; the arrays are numpy views of its state.

    The arrays are made once and never replaced, so their data pointers are kept: a step
    acquires only the actions' buffer."""

    cdef Engine engine
    cdef readonly int n, count
    cdef uint64_t key[4]
    cdef int64_t stacks[10]
    cdef readonly uint64_t first_slot
    cdef readonly double scale
    cdef readonly object state, episodes, actor, mask, legal_count, legal_index, obs, rewards, done
    cdef lb_hand *hands
    cdef uint64_t *ep
    cdef int8_t *ac
    cdef uint8_t *mk
    cdef uint8_t *lc
    cdef int8_t *li
    cdef float *ob
    cdef float *rw
    cdef uint8_t *dn

    def __init__(self, Engine engine, int n, int count, stacks, key, double scale, uint64_t first_slot=0,
                 bint observe=True):
        cdef int p
        self.engine = engine
        self.n = n
        self.count = count
        for p in range(n):
            self.stacks[p] = stacks[p]
        _key(key, self.key)
        self.scale = scale
        self.first_slot = first_slot
        self.state = np.zeros((count, sizeof(lb_hand)), dtype=np.uint8)
        self.episodes = np.zeros(count, dtype=np.uint64)
        self.actor = np.zeros(count, dtype=np.int8)
        self.mask = np.zeros((count, engine.s.n_actions), dtype=np.uint8)
        self.legal_count = np.zeros(count, dtype=np.uint8)
        self.legal_index = np.full((count, engine.s.n_actions), -1, dtype=np.int8)
        self.obs = np.zeros((count, lb_obs_size(&engine.r, n) if observe else 0), dtype=np.float32)
        self.rewards = np.zeros((count, n), dtype=np.float32)
        self.done = np.zeros(count, dtype=np.uint8)
        if count == 0:
            return
        cdef uint8_t[:, ::1] sv = self.state
        cdef uint64_t[::1] ep = self.episodes
        cdef int8_t[::1] ac = self.actor
        cdef uint8_t[:, ::1] mk = self.mask
        cdef uint8_t[::1] lc = self.legal_count
        cdef int8_t[:, ::1] li = self.legal_index
        cdef float[:, ::1] ob = self.obs
        cdef float[:, ::1] rw = self.rewards
        cdef uint8_t[::1] dn = self.done
        self.hands = <lb_hand *>&sv[0, 0]
        self.ep = &ep[0]
        self.ac = &ac[0]
        self.mk = &mk[0, 0]
        self.lc = &lc[0]
        self.li = &li[0, 0]
        self.ob = &ob[0, 0] if ob.shape[1] else NULL
        self.rw = &rw[0, 0]
        self.dn = &dn[0]

    def reset(self):
        """Every hand to episode ``episodes[i]``."""
        if self.count == 0:
            return
        with nogil:
            lb_batch_reset(self.hands, self.count, &self.engine.r, &self.engine.s, self.n, self.stacks, self.key,
                           self.first_slot, self.ep, self.scale, self.ac, self.mk, self.lc, self.li, self.ob)

    def check(self, const int64_t[::1] actions):
        """The first index whose action is illegal, or -1."""
        cdef int64_t bad
        if self.count == 0:
            return -1
        if actions.shape[0] != self.count:
            raise ValueError("one action per hand")
        with nogil:
            bad = lb_batch_check(self.hands, self.count, &self.engine.r, &self.engine.s, &actions[0], self.mk)
        return bad

    def pick(self, const double[::1] u):
        """The legal action ``legal_index[i, floor(u[i] * legal_count[i])]`` of every hand, int64
        (``u``: one double in [0, 1) a hand): what ``VectorEnv.random_legal_actions`` computes,
        in one loop instead of five numpy passes and their temporaries."""
        cdef Py_ssize_t i, na = self.engine.s.n_actions, bad = -1
        if u.shape[0] != self.count:
            raise ValueError("one number per hand")
        out = np.empty(self.count, dtype=np.int64)
        cdef int64_t[::1] o = out
        with nogil:
            for i in range(self.count):
                if not (0.0 <= u[i] < 1.0):  # NaN too: it would index outside the row
                    bad = i
                    break
                o[i] = self.li[i * na + <Py_ssize_t>(u[i] * <double>self.lc[i])]
        if bad >= 0:
            raise ValueError(f"u[{bad}] = {u[bad]!r}: expected 0 <= u < 1")
        return out

    def step(self, const int64_t[::1] actions):
        """Step every hand (every action legal: :meth:`check` first)."""
        if self.count == 0:
            return
        if actions.shape[0] != self.count:
            raise ValueError("one action per hand")
        with nogil:
            lb_batch_step(self.hands, self.count, &self.engine.r, &self.engine.s, self.n, self.stacks, self.key,
                          self.first_slot, self.ep, &actions[0], self.scale, self.rw, self.dn, self.ac, self.mk,
                          self.lc, self.li, self.ob)

    cdef int _index(self, int i) except -1:
        if not 0 <= i < self.count:
            raise IndexError(f"hand {i} of {self.count}")
        return i

    def legal(self, int i):
        cdef lb_legal lg
        self._index(i)
        if lb_hand_legal(&self.hands[i], &self.engine.r, &lg) != LB_HAND_OK:
            return None
        return _legal_tuple(&lg)

    def fields(self, int i):
        self._index(i)
        return _fields(&self.hands[i])

    def observe(self, int i, int position):
        self._index(i)
        out = np.zeros(lb_obs_size(&self.engine.r, self.n), dtype=np.float32)
        cdef float[::1] ov = out
        lb_hand_observe(&self.hands[i], &self.engine.r, position, self.scale, &ov[0])
        return out


cdef class Hand:
    """One hand on the C engine, recording the events of each call."""

    cdef Engine engine
    cdef lb_hand h
    cdef lb_event_log log

    def __init__(self, Engine engine):
        self.engine = engine
        memset(&self.h, 0, sizeof(lb_hand))
        self.h.phase = 3
        self.h.actor = LB_HAND_NO_POSITION

    def reset(self, stacks, state, inc, order=None):
        """A new hand (the deck shuffled from the generator, or stacked in ``order``: 52 card
        numbers, checked by the caller); returns its opening events."""
        cdef int64_t st[10]
        cdef uint8_t cards[52]
        cdef lb_pcg64 g
        cdef int p, n = len(stacks)
        for p in range(n):
            st[p] = stacks[p]
        g.state_hi = state >> 64
        g.state_lo = state & 0xFFFFFFFFFFFFFFFF
        g.inc_hi = inc >> 64
        g.inc_lo = inc & 0xFFFFFFFFFFFFFFFF
        self.log.n = 0
        if order is None:
            lb_hand_reset(&self.h, &self.engine.r, n, st, &g, &self.log)
        else:
            for p in range(52):
                cards[p] = order[p]
            if lb_hand_reset_order(&self.h, &self.engine.r, n, st, &g, cards, &self.log) != LB_HAND_OK:
                raise ValueError("not a deck order")
        return _events(&self.log)

    def legal(self):
        cdef lb_legal lg
        if lb_hand_legal(&self.h, &self.engine.r, &lg) != LB_HAND_OK:
            return None
        return _legal_tuple(&lg)

    def act(self, int kind, int64_t amount=0, unsigned mask=0):
        """(status, events) of one action."""
        cdef lb_hand_status st
        self.log.n = 0
        st = lb_hand_act(&self.h, &self.engine.r, kind, amount, mask, &self.log)
        return <int>st, _events(&self.log)

    def act_index(self, int64_t a):
        cdef lb_hand_status st
        self.log.n = 0
        st = lb_hand_act_index(&self.h, &self.engine.r, &self.engine.s, a, &self.log)
        return <int>st, _events(&self.log)

    def mask(self):
        out = np.zeros(self.engine.s.n_actions, dtype=np.uint8)
        cdef uint8_t[::1] mv = out
        lb_hand_mask(&self.h, &self.engine.r, &self.engine.s, &mv[0])
        return out

    def observe(self, int position, double scale):
        out = np.zeros(lb_obs_size(&self.engine.r, self.h.n), dtype=np.float32)
        cdef float[::1] ov = out
        lb_hand_observe(&self.h, &self.engine.r, position, scale, &ov[0])
        return out

    def fields(self):
        return _fields(&self.h)

    @property
    def actor(self):
        return None if self.h.actor == LB_HAND_NO_POSITION else self.h.actor

    @property
    def complete(self):
        return self.h.phase == 3

    def payoffs(self):
        return tuple([self.h.pl[p].stack - self.h.pl[p].starting for p in range(self.h.n)])

    def hand(self, int position):
        return tuple([self.h.pl[position].cards[i] for i in range(self.h.pl[position].n_cards)])

    def copy_from(self, Batch batch, int i):
        """This hand becomes a copy of hand ``i`` of ``batch`` (events are not kept)."""
        batch._index(i)
        memcpy(&self.h, &batch.hands[i], sizeof(lb_hand))

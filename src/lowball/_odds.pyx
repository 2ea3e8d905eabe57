# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Thin binding to csrc/odds.c. Private: :mod:`lowball.odds` checks every argument (cards as
lists of ints 0..51, each card in one place) and is the public face.

The long calls release the GIL; a simulation is cut by the caller into trial ranges that may run
on several threads (each trial has its own random streams, so the split never changes a result).
"""

from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

import numpy as np

from lowball._c_status cimport lb_status, LB_OK, LB_ERR_TOO_MANY, LB_ERR_MEMORY
from lowball._c_odds cimport (
    lb_pcg64, lb_pcg64_next, lb_draw_hist, lb_exact_headsup, lb_exact_multiway, lb_strategy,
    lb_strategy_discard, lb_best_discard, lb_sim_config, lb_sim_result, lb_odds_simulate,
    LB_ODDS_MAX_PLAYERS, LB_ODDS_SHARE, LB_ODDS_BY_STRATEGY,
)
from lowball._common cimport status_error, status_text

MAX_PLAYERS = LB_ODDS_MAX_PLAYERS
SHARE = LB_ODDS_SHARE
BY_STRATEGY = LB_ODDS_BY_STRATEGY
NUM_CLASSES = 7462
cdef int ROW = 7463


cdef int _fill(object cards, uint8_t *out, int cap) except -1:
    cdef int i = 0
    for c in cards:
        if i >= cap:
            raise ValueError("too many cards")
        out[i] = <uint8_t>c
        i += 1
    return i


cdef object _fail(lb_status st, str what):
    if st == LB_ERR_MEMORY:
        return MemoryError(f"{what}: {status_text(st)}")
    return status_error(st, f"{what}: {status_text(st)}")


def draw_hist(kept, unseen):
    """(hist uint64[7463], total): classes of every completion of ``kept`` from ``unseen``."""
    cdef uint8_t k[5]
    cdef uint8_t u[52]
    cdef int nk = _fill(kept, k, 5), nu = _fill(unseen, u, 52)
    hist = np.zeros(NUM_CLASSES + 1, dtype=np.uint64)
    cdef uint64_t[::1] hv = hist
    cdef uint64_t *h = &hv[0]
    cdef uint64_t total
    with nogil:
        total = lb_draw_hist(k, nk, u, nu, h)
    return hist, total


def discard_hists(hand, unseen):
    """uint64[32, 7463]: row ``mask`` is the class histogram of throwing the hand's cards at the
    positions of ``mask`` (bit i = hand[i]) and drawing from ``unseen``."""
    cdef uint8_t hd[5]
    cdef uint8_t k[5]
    cdef uint8_t u[52]
    cdef int nu = _fill(unseen, u, 52), mask, i, nk
    _fill(hand, hd, 5)
    out = np.zeros((32, NUM_CLASSES + 1), dtype=np.uint64)
    cdef uint64_t[:, ::1] ov = out
    cdef uint64_t *o = &ov[0, 0]
    with nogil:
        for mask in range(32):
            nk = 0
            for i in range(5):
                if not (mask >> i) & 1:
                    k[nk] = hd[i]
                    nk += 1
            lb_draw_hist(k, nk, u, nu, o + mask * ROW)
    return out


def exact_headsup(kept_a, kept_b, unseen):
    """(A wins, ties, B wins, deals): exact counts of every pair of disjoint draws."""
    cdef uint8_t a[5]
    cdef uint8_t b[5]
    cdef uint8_t u[52]
    cdef int na = _fill(kept_a, a, 5), nb = _fill(kept_b, b, 5), nu = _fill(unseen, u, 52)
    cdef uint64_t out[4]
    cdef lb_status st
    with nogil:
        st = lb_exact_headsup(a, na, b, nb, u, nu, out)
    if st != LB_OK:
        raise _fail(st, "exact heads-up equity")
    return int(out[0]), int(out[1]), int(out[2]), int(out[3])


def exact_multiway(kept, unseen, budget):
    """(wins, ties, shares, deals) per player, or None when the deals number more than budget."""
    cdef int players = len(kept), p
    cdef uint8_t k[45]
    cdef int nk[9]
    cdef uint8_t u[52]
    cdef int nu = _fill(unseen, u, 52)
    cdef uint64_t wins[9]
    cdef uint64_t ties[9]
    cdef uint64_t share[9]
    cdef uint64_t deals = 0
    cdef uint64_t cap = min(int(budget), 2 ** 63)
    cdef lb_status st
    if players > LB_ODDS_MAX_PLAYERS:
        raise ValueError("too many players")
    for p in range(players):
        nk[p] = _fill(kept[p], k + 5 * p, 5)
    with nogil:
        st = lb_exact_multiway(players, k, nk, u, nu, cap, wins, ties, share, &deals)
    if st == LB_ERR_TOO_MANY:
        return None
    if st != LB_OK:
        raise _fail(st, "exact multi-way equity")
    return ([int(wins[p]) for p in range(players)], [int(ties[p]) for p in range(players)],
            [int(share[p]) for p in range(players)], int(deals))


cdef void _strategy(object spec, lb_strategy *s):
    """spec = (pat[3], brk[3], keep[3], snow, best_last, target, one[3])"""
    cdef int d
    memset(s, 0, sizeof(lb_strategy))
    for d in range(3):
        s.pat[d] = spec[0][d]
        s.brk[d] = spec[1][d]
        s.keep[d] = spec[2][d]
        s.one[d] = spec[6][d]
    s.snow = 1 if spec[3] else 0
    s.best_last = 1 if spec[4] else 0
    s.target = spec[5]


def strategy_discard(spec, hand, int d, bint is_last):
    """The position mask a strategy throws from ``hand`` at draw index ``d``."""
    cdef lb_strategy s
    cdef uint8_t h[5]
    _strategy(spec, &s)
    _fill(hand, h, 5)
    return lb_strategy_discard(&s, h, d, is_last)


def best_discard(hand, int target):
    """(mask, count): the discard with the most completions of class target or better."""
    cdef uint8_t h[5]
    cdef uint64_t count = 0
    cdef unsigned mask
    _fill(hand, h, 5)
    mask = lb_best_discard(h, target, &count)
    return mask, int(count)


def pcg64_words(state, inc, int n):
    """n words of the PCG64 generator with the given 128-bit state and increment (for tests)."""
    cdef lb_pcg64 g
    g.state_hi = state >> 64
    g.state_lo = state & 0xFFFFFFFFFFFFFFFF
    g.inc_hi = inc >> 64
    g.inc_lo = inc & 0xFFFFFFFFFFFFFFFF
    return [lb_pcg64_next(&g) for _ in range(n)]


cdef class Simulation:
    """One Monte Carlo run's configuration; :meth:`run` plays a range of trials."""

    cdef lb_sim_config cfg

    def __init__(self, hands, int draws, fixed, strategies, unseen, dead, int rule, bint burn, key,
                 removed=()):
        """``hands[p]`` is five cards, or None for a hand dealt at random from ``unseen`` at each
        trial's start; ``fixed[p]`` a position mask or BY_STRATEGY; ``removed``: cards out of play
        for good (``dead`` are the muck)."""
        cdef int p, i
        memset(&self.cfg, 0, sizeof(lb_sim_config))
        self.cfg.players = len(hands)
        if not 2 <= self.cfg.players <= LB_ODDS_MAX_PLAYERS:
            raise ValueError("players")
        for p in range(self.cfg.players):
            if hands[p] is None:
                self.cfg.random_hand[p] = 1
            else:
                if len(hands[p]) != 5:
                    raise ValueError("a hand of five cards")
                for i in range(5):
                    self.cfg.hands[p][i] = hands[p][i]
            _strategy(strategies[p], &self.cfg.strategy[p])
        self.cfg.draws = draws
        if fixed is not None:
            self.cfg.first_fixed = 1
            for p in range(self.cfg.players):
                self.cfg.fixed[p] = fixed[p]
        self.cfg.n_unseen = _fill(unseen, self.cfg.unseen, 52)
        self.cfg.n_dead = _fill(dead, self.cfg.dead, 52)
        self.cfg.n_removed = _fill(removed, self.cfg.removed, 52)
        self.cfg.rule = rule
        self.cfg.burn = 1 if burn else 0
        for i in range(4):
            self.cfg.key[i] = key[i]

    def run(self, uint64_t t0, uint64_t t1):
        """Sums over trials t0..t1-1: a dict of ints and per-player int lists."""
        cdef lb_sim_result res
        cdef lb_status st
        cdef int p, n = self.cfg.players
        memset(&res, 0, sizeof(lb_sim_result))
        with nogil:
            st = lb_odds_simulate(&self.cfg, t0, t1, &res)
        if st != LB_OK:
            raise _fail(st, f"simulation (trial {t0 + res.trials})")
        return {
            "trials": int(res.trials),
            "reshuffles": int(res.reshuffles),
            "wins": [int(res.wins[p]) for p in range(n)],
            "ties": [int(res.ties[p]) for p in range(n)],
            "share": [int(res.share[p]) for p in range(n)],
            "share_sq": [int(res.share_sq[p]) for p in range(n)],
        }

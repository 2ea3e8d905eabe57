# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Thin binding to the deck of the C core (csrc/deck.h): validate arguments, call C, map status
codes to exceptions, and hold the random source.

Private: :class:`lowball.Deck` (lowball/deck.py) subclasses :class:`DeckCore` and documents it.
Every method here either succeeds or raises with the deck, and its random source, unchanged.
"""

from cpython.tuple cimport PyTuple_Check, PyTuple_GET_ITEM, PyTuple_New, PyTuple_SET_ITEM
from cpython.list cimport PyList_Check
from cpython.unicode cimport PyUnicode_Check
from cpython.ref cimport Py_INCREF
from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memmove

import os
from collections.abc import Mapping

from lowball.cards import DECK as _CARDS_TUPLE
from lowball.errors import (
    DeckError,
    DeckExhaustedError,
    DrawOrderError,
    InvalidCardError,
    InvalidDiscardError,
    counted,
    shown,
    whole_number,
)

from lowball._c_status cimport (
    lb_status, LB_OK, LB_ERR_DUPLICATE, LB_ERR_EXHAUSTED, LB_ERR_NOT_HELD, LB_ERR_TURN,
    LB_ERR_RANDOM,
)
from lowball._c_deck cimport *
from lowball._common cimport (
    int_cards, as_index, clip_count, position_of, scan_cards, status_error, status_text, who,
)

# numpy's C interface to a BitGenerator (numpy/random/bitgen.h), declared here so that the build
# needs no numpy headers; the layout is part of numpy's documented, stable C API.
ctypedef struct bitgen_t:
    void *state
    uint64_t (*next_uint64)(void *st) noexcept nogil
    uint32_t (*next_uint32)(void *st) noexcept nogil
    double (*next_double)(void *st) noexcept nogil
    uint64_t (*next_raw)(void *st) noexcept nogil

cdef enum:
    OS_WORDS = 256   # words fetched from the OS at a time (2 KiB: a new deck per hand stays cheap)
    OS_LOW = 128     # refill before an operation when fewer than this are left

ctypedef struct os_buffer:
    uint64_t words[OS_WORDS]
    int pos
    int n

cdef int _os_next(void *ctx, uint64_t *word) noexcept nogil:
    cdef os_buffer *b = <os_buffer *>ctx
    if b.pos >= b.n:
        return 1
    word[0] = b.words[b.pos]
    b.words[b.pos] = 0  # a word used is not kept in memory
    b.pos += 1
    return 0

cdef int _bitgen_next(void *ctx, uint64_t *word) noexcept nogil:
    cdef bitgen_t *bg = <bitgen_t *>ctx
    word[0] = bg.next_uint64(bg.state)
    return 0

cdef object _CARDS = _CARDS_TUPLE
MAX_POSITIONS = LB_DECK_MAX_SEATS  # positions 0..9 (the C core calls them seats)
RULE_SEEDS = <int>LB_RESHUFFLE_SEEDS
RULE_LIVE = <int>LB_RESHUFFLE_LIVE


cdef inline object _cards_tuple(const uint8_t *cards, int n):
    cdef tuple t = PyTuple_New(n)
    cdef int i
    cdef object c
    for i in range(n):
        c = <object>PyTuple_GET_ITEM(_CARDS, cards[i])
        Py_INCREF(c)
        PyTuple_SET_ITEM(t, i, c)
    return t


cdef int _parse_cards(object cards, uint8_t *out, int cap, str what) except -1:
    """Cards as a tuple/list of card numbers or Card, a text, or any iterable: at most cap cards
    into out; returns the number of cards given (more than cap: only the first cap are stored).
    Bad cards raise InvalidCardError naming them (via lowball.cards)."""
    cdef Py_ssize_t n, i
    if PyTuple_Check(cards) or PyList_Check(cards):
        n = int_cards(cards, out, cap)
        if n >= 0:
            return <int>n
    elif PyUnicode_Check(cards):
        n = scan_cards(cards, out, cap)
        if n >= 0:
            return <int>n
    # Everything else, or a bad item: the Python parser names the bad value.
    from lowball.cards import Card, split_card_text
    if isinstance(cards, str):
        items = split_card_text(cards)
    elif isinstance(cards, (bytes, bytearray)) or not hasattr(cards, "__iter__"):
        raise InvalidCardError(f"{shown(cards)} is not a list of cards: expected {what}")
    else:
        items = list(cards)
    if len(items) > cap:
        return len(items)
    for i, item in enumerate(items):
        out[i] = <uint8_t>int(Card(item))
    return len(items)


cdef inline int _position_of(object position) except -1:
    return position_of(position, LB_DECK_MAX_SEATS)


cdef int _count_of(object n, str verb) except -1:
    """A number of cards to deal, 0..52, or 53 for any larger number (the caller names it)."""
    index = n if type(n) is int else None
    if index is None or index < 0:  # lowball's one number check (any integer type), as a DeckError
        index = whole_number(n, f"number of cards to {verb}", 0, error=DeckError)
    return clip_count(index, 52)


cdef int _positions_of(object positions, uint8_t *out) except -1:
    cdef int n = 0
    cdef unsigned seen = 0
    cdef int s
    cdef object items
    if PyTuple_Check(positions) or PyList_Check(positions):
        items = positions
    elif isinstance(positions, (str, bytes, bytearray)) or not hasattr(positions, "__iter__"):
        raise DeckError(f"positions {shown(positions)} are not a list of positions: expected distinct "
                        f"ints 0..{LB_DECK_MAX_SEATS - 1}")
    else:
        items = list(positions)
    if len(items) > LB_DECK_MAX_SEATS:
        raise DeckError(f"{len(items)} positions given: at most {LB_DECK_MAX_SEATS}")
    for item in items:
        s = _position_of(item)
        if (seen >> s) & 1u:
            raise DeckError(f"{who(s)} appears twice in {shown(list(items))}")
        seen |= 1u << s
        out[n] = <uint8_t>s
        n += 1
    return n


cdef class DeckCore:
    """The C deck state and its random source. See :class:`lowball.Deck`."""

    cdef lb_deck d
    cdef lb_random rng
    cdef os_buffer osbuf
    cdef int random_kind           # 0: OS entropy, 1: a numpy BitGenerator
    cdef object bitgen             # the numpy BitGenerator (kept alive: rng.ctx points into it)
    cdef object lock               # its lock when shared with the caller, else None

    def __cinit__(self, *args, **kwargs):
        lb_deck_init(&self.d, LB_RESHUFFLE_SEEDS, 0)
        self.osbuf.pos = 0
        self.osbuf.n = 0
        self.random_kind = 0
        self.rng.next = _os_next
        self.rng.ctx = &self.osbuf
        self.bitgen = None
        self.lock = None

    # -- the random source --------------------------------------------------------------------

    def _use_os_random(self):
        self.random_kind = 0
        self.bitgen = None
        self.lock = None
        self.rng.next = _os_next
        self.rng.ctx = &self.osbuf
        self.osbuf.pos = self.osbuf.n = 0

    def _use_bit_generator(self, bit_generator, shared):
        cdef bitgen_t *bg = <bitgen_t *>PyCapsule_GetPointer(bit_generator.capsule, "BitGenerator")
        self.random_kind = 1
        self.bitgen = bit_generator
        self.lock = bit_generator.lock if shared else None
        self.rng.next = _bitgen_next
        self.rng.ctx = bg
        self.osbuf.pos = self.osbuf.n = 0

    @property
    def _bit_generator(self):
        return self.bitgen

    cdef inline int _top_up(self) except -1:
        """Before an operation: when fewer than OS_LOW words are left, keep them (moved to the
        front) and fetch only what fills the buffer, so no word from the OS goes unused."""
        cdef bytes data
        cdef int left
        if self.random_kind == 0 and self.osbuf.n - self.osbuf.pos < OS_LOW:
            left = self.osbuf.n - self.osbuf.pos
            data = os.urandom((OS_WORDS - left) * 8)
            if left > 0:
                memmove(self.osbuf.words, self.osbuf.words + self.osbuf.pos, left * 8)
            memcpy(self.osbuf.words + left, <const char *>data, (OS_WORDS - left) * 8)
            self.osbuf.pos = 0
            self.osbuf.n = OS_WORDS
        return 0

    cdef inline int _refill(self) except -1:
        """After LB_ERR_RANDOM: only the OS buffer can run dry; fill it completely."""
        if self.random_kind != 0:
            raise DeckError("the random source failed")
        self.osbuf.n = 0
        return self._top_up()

    # -- configuration -------------------------------------------------------------------------

    def _configure(self, int rule, bint burn_before_draw):
        if rule != LB_RESHUFFLE_SEEDS and rule != LB_RESHUFFLE_LIVE:
            raise DeckError(f"reshuffle rule {shown(rule)} is unknown: expected 0 (seeds) or 1 (live)")
        self.d.rule = <uint8_t>rule
        self.d.burn_before_draw = burn_before_draw

    def _rule_code(self):
        return self.d.rule

    def _burn_flag(self):
        return bool(self.d.burn_before_draw)

    # -- dealing --------------------------------------------------------------------------------

    def shuffle(self):
        """Gather all 52 cards and shuffle them into a new stub: a new hand.

        Hands, muck, burn cards and any draw round are cleared; the reshuffle rule and the burn
        setting are kept. Fisher-Yates with exactly uniform bounded random numbers (Lemire's
        multiply-and-reject on 64-bit words) from the deck's random source.
        """
        cdef lb_status st
        while True:
            self._top_up()
            if self.lock is None:
                st = lb_deck_shuffle(&self.d, &self.rng)
            else:
                with self.lock:
                    st = lb_deck_shuffle(&self.d, &self.rng)
            if st != LB_ERR_RANDOM:
                return None
            self._refill()

    def _set_order(self, order):
        cdef uint8_t cards[53]
        cdef int n = _parse_cards(order, cards, 52, "52 distinct cards")
        cdef lb_status st
        if n != 52:
            raise InvalidCardError(f"a deck order needs all 52 cards, got {n}")
        st = lb_deck_set_order(&self.d, cards, 52)
        if st == LB_ERR_DUPLICATE:
            lst = [cards[i] for i in range(52)]
            dup = next(c for c in lst if lst.count(c) > 1)
            raise InvalidCardError(f"card {_CARDS[dup]} appears twice in the deck order")

    def deal(self, position, n=5):
        """Deal ``n`` cards from the top of the stub to ``position``, one after the other.

        Parameters
        ----------
        position : int
            The player's position 0..9 (the engine's numbering: 0 is first left of the button).
        n : int, default 5
            Number of cards, 0 or more.

        Returns
        -------
        tuple of Card
            The cards in the order dealt; they are appended to the position's hand.

        Raises
        ------
        DeckExhaustedError
            When the stub holds fewer than ``n`` cards (no reshuffle happens outside a draw).
        DrawOrderError
            During a draw round: use :meth:`draw`.
        DeckError
            For a position outside 0..9 or a negative ``n``.
        """
        cdef uint8_t out[53]
        cdef int s = _position_of(position)
        cdef int k = _count_of(n, "deal")
        cdef lb_status st
        n = as_index(n)
        if k > 52 - self.d.top and not self.d.in_draw:
            raise DeckExhaustedError(
                f"cannot deal {counted(n, 'card')} to {who(s)}: only {52 - self.d.top} left in the stub")
        st = lb_deck_deal(&self.d, s, k, out)
        if st != LB_OK:
            self._raise_deal(st, s, n)
        return _cards_tuple(out, k)

    def deal_round(self, positions, n=5):
        """Deal ``n`` cards to each of ``positions`` one card at a time, clockwise, as a dealer
        pitches.

        Parameters
        ----------
        positions : sequence of int
            Distinct positions 0..9 in dealing order (first the player left of the button).
        n : int, default 5
            Cards per position.

        Returns
        -------
        tuple of tuple of Card
            One tuple per position, in the order of ``positions``; each in the order dealt.

        Raises
        ------
        DeckExhaustedError
            When the stub holds fewer than ``n * len(positions)`` cards.
        DrawOrderError
            During a draw round.
        DeckError
            For a bad or repeated position, or a negative ``n``.
        """
        cdef uint8_t pos_arr[10]
        cdef uint8_t out[52]
        cdef uint8_t one[52]
        cdef int k = _positions_of(positions, pos_arr)
        cdef int rounds = _count_of(n, "deal")
        cdef int i, r
        cdef lb_status st
        n = as_index(n)
        if self.d.in_draw:
            self._raise_deal(LB_ERR_TURN, pos_arr[0] if k else 0, k * n)
        if k * rounds > 52 - self.d.top:
            raise DeckExhaustedError(
                f"cannot deal {counted(n, 'card')} to each of {counted(k, 'position')} ({counted(k * n, 'card')}): "
                f"only {52 - self.d.top} left in the stub")
        st = lb_deck_deal_round(&self.d, pos_arr, k, rounds, out)
        if st != LB_OK:
            self._raise_deal(st, pos_arr[0] if k else 0, k * n)
        result = PyTuple_New(k)
        for i in range(k):
            for r in range(rounds):
                one[r] = out[r * k + i]
            t = _cards_tuple(one, rounds)
            Py_INCREF(t)
            PyTuple_SET_ITEM(result, i, t)
        return result

    cdef int _raise_deal(self, lb_status st, int position, object n) except -1:
        if st == LB_ERR_TURN:
            raise DrawOrderError(
                f"cannot deal to {who(position)} during a draw round: serve it with draw(), "
                "or end the round with end_draw()")
        if st == LB_ERR_EXHAUSTED:
            raise DeckExhaustedError(
                f"cannot deal {counted(n, 'card')} to {who(position)}: only {52 - self.d.top} left in "
                "the stub")
        raise status_error(st, f"dealing {counted(n, 'card')} to {who(position)} failed: "
                               f"{status_text(st)}")

    def burn(self):
        """Burn the top card of the stub: it goes face down to the burn cards.

        Returns
        -------
        Card
            The burned card (for the dealer's record; players never see it).

        Raises
        ------
        DeckExhaustedError
            When the stub is empty.
        """
        cdef uint8_t card
        if lb_deck_burn(&self.d, &card) != LB_OK:
            raise DeckExhaustedError("cannot burn a card: the stub is empty")
        return _CARDS[card]

    def fold(self, position):
        """Fold ``position``: its whole hand goes to the muck (and into later reshuffles).

        During a draw round, a position still waiting to be served is taken out of the order.

        Returns
        -------
        tuple of Card
            The cards mucked.

        Raises
        ------
        DeckError
            For a position outside 0..9.
        """
        cdef int s = _position_of(position)
        cards = _cards_tuple(self.d.hands[s], self.d.hand_len[s])
        lb_deck_fold(&self.d, s)
        return cards

    def muck(self, cards):
        """Move ``cards`` from the hands that hold them to the muck.

        Parameters
        ----------
        cards : str or iterable of card
            Distinct cards, each in some position's hand.

        Raises
        ------
        InvalidDiscardError
            For a card that is not in any hand, or a card given twice; nothing is mucked.
        InvalidCardError
            For something that is not a card.
        """
        cdef uint8_t arr[53]
        cdef int bad = -1
        cdef int n = _parse_cards(cards, arr, 52, "cards held in hands")
        cdef lb_status st
        if n > 52:
            raise InvalidDiscardError(f"{n} cards given to muck: there are only 52")
        st = lb_deck_muck(&self.d, arr, n, &bad)
        if st == LB_ERR_DUPLICATE:
            raise InvalidDiscardError(f"card {_CARDS[arr[bad]]} is given twice to muck")
        if st == LB_ERR_NOT_HELD:
            raise InvalidDiscardError(
                f"card {_CARDS[arr[bad]]} cannot be mucked: it is not in any player's hand")
        if st != LB_OK:
            raise status_error(st, f"muck failed: {status_text(st)}", discard=True)

    # -- the draw ------------------------------------------------------------------------------

    def begin_draw(self, positions):
        """Begin a draw round: ``positions`` will be served in this order.

        Parameters
        ----------
        positions : sequence of int
            The active positions, starting with the first active player left of the button and
            going clockwise (RULES.md section 3). Each discards and is served before the next.

        Raises
        ------
        DrawOrderError
            When a draw round is already in progress.
        DeckError
            For a bad or repeated position.
        """
        cdef uint8_t arr[10]
        cdef int n = _positions_of(positions, arr)
        if self.d.in_draw:
            raise DrawOrderError("a draw round is already in progress: call end_draw() first")
        lb_deck_begin_draw(&self.d, arr, n)

    def draw(self, position, discards=()):
        """Serve ``position`` in the draw round: it discards ``discards`` and gets as many new
        cards.

        Parameters
        ----------
        position : int
            The position whose turn it is (the next of the order given to :meth:`begin_draw`).
        discards : str or sequence of card, default ()
            0 to 5 distinct cards of that position's own hand; ``()`` stands pat. Text such as
            ``"Kd 9h"`` or a sequence of :class:`Card`, card text or card numbers 0..51.

        Returns
        -------
        tuple of Card
            The replacements, in the order dealt (also appended to the position's hand). When the
            stub runs short the rest come from a new stub shuffled from the pool the reshuffle
            rule allows (RULES.md section 4); :attr:`reshuffles` counts them.

        Raises
        ------
        DrawOrderError
            No draw round in progress, or it is another position's turn (the message names it).
        InvalidDiscardError
            More than five cards, a card given twice, or a card not in that position's hand
            (named).
        InvalidCardError
            Something that is not a card.
        DeckExhaustedError
            More discards than :attr:`available`: the stub and the pool the rule allows hold
            fewer cards than needed, so the rule cannot complete this draw. Checked before any
            card moves.

        Every error leaves the deck and its random source exactly as before.
        """
        cdef uint8_t arr[6]
        cdef uint8_t out[5]
        cdef int bad = -1
        cdef int s = _position_of(position)
        cdef int n = _parse_cards(discards, arr, 5, "0 to 5 cards of the position's own hand")
        cdef lb_status st
        if n > 5:
            raise InvalidDiscardError(
                f"{who(s)} cannot discard {counted(n, 'card')}: at most 5 in one draw")
        while True:
            self._top_up()
            if self.lock is None:
                st = lb_deck_draw(&self.d, s, arr, n, &self.rng, out, &bad)
            else:
                with self.lock:
                    st = lb_deck_draw(&self.d, s, arr, n, &self.rng, out, &bad)
            if st == LB_OK:
                return _cards_tuple(out, n)
            if st != LB_ERR_RANDOM:
                break
            self._refill()
        self._raise_draw(st, s, arr, n, bad)

    cdef int _raise_draw(self, lb_status st, int s, uint8_t *arr, int n, int bad) except -1:
        cdef int left = 52 - self.d.top
        if st == LB_ERR_TURN:
            if not self.d.in_draw:
                raise DrawOrderError(f"{who(s)} cannot draw: no draw round in progress "
                                     "(call begin_draw() first)")
            if self.d.next >= self.d.n_order:
                raise DrawOrderError(f"{who(s)} cannot draw: every position of this round "
                                     "has been served (call end_draw())")
            raise DrawOrderError(f"{who(s)} cannot draw now: it is "
                                 f"{who(self.d.order[self.d.next])}'s turn")
        if st == LB_ERR_DUPLICATE:
            raise InvalidDiscardError(f"{who(s)} discards card {_CARDS[arr[bad]]} twice")
        if st == LB_ERR_NOT_HELD:
            raise InvalidDiscardError(
                f"{who(s)} cannot discard {_CARDS[arr[bad]]}: it is not in that position's "
                "hand")
        if st == LB_ERR_EXHAUSTED:
            rule = "seeds'" if self.d.rule == LB_RESHUFFLE_SEEDS else "live"
            raise DeckExhaustedError(
                f"{who(s)} cannot draw {counted(n, 'card')}: the stub has {left} and the {rule} rule's "
                f"reshuffle pool {lb_deck_available(&self.d) - left}, so the rule cannot "
                "complete this draw; no card was moved")
        raise status_error(st, f"draw for {who(s)} failed: {status_text(st)}", discard=True)

    def end_draw(self):
        """End the draw round: its discards join the muck as earlier draws' discards.

        Raises
        ------
        DrawOrderError
            No draw round in progress, or a position still waiting to be served (named).
        """
        if not self.d.in_draw:
            raise DrawOrderError("no draw round in progress: nothing to end")
        if self.d.next < self.d.n_order:
            waiting = [self.d.order[i] for i in range(self.d.next, self.d.n_order)]
            raise DrawOrderError(
                f"cannot end the draw round: {', '.join([who(p) for p in waiting])} still to be served")
        lb_deck_end_draw(&self.d)

    # -- reading the state ---------------------------------------------------------------------

    @property
    def remaining(self):
        """Cards left in the stub (int)."""
        return 52 - self.d.top

    @property
    def reshuffles(self):
        """New stubs shuffled from the muck since the last :meth:`shuffle` (int)."""
        return self.d.reshuffles

    @property
    def in_draw(self):
        """True while a draw round is in progress."""
        return bool(self.d.in_draw)

    @property
    def next_position(self):
        """The position to be served now in the draw round, or None."""
        if self.d.in_draw and self.d.next < self.d.n_order:
            return self.d.order[self.d.next]
        return None

    @property
    def available(self):
        """The most cards the position to be served now could be dealt (int).

        The stub plus the largest pool the reshuffle rule may shuffle into a new stub for it: the
        muck (earlier draws' discards, folded and mucked cards), the burn cards, and the discards
        of the positions already served in this draw round. The number is the same under both
        rules: the seeds' rule always pools those discards, the live rule only when the stub, muck
        and burns cannot complete the draw (``RULES.md`` section 4). A :meth:`draw` of ``n`` cards
        (at most 5, of the position's own hand) succeeds exactly when ``n <= available``; more
        raises :class:`~lowball.DeckExhaustedError`. 0 outside a draw round and once every
        position of the round has been served (there is no position to serve; :meth:`deal` never
        reshuffles).
        """
        return lb_deck_available(&self.d)

    def hand(self, position):
        """The cards of ``position``'s hand, in the order received (tuple of Card)."""
        cdef int s = _position_of(position)
        return _cards_tuple(self.d.hands[s], self.d.hand_len[s])

    def _counts(self):
        """Public counts only: stub, muck, burns, and per served position the number drawn."""
        drawn = {}
        if self.d.in_draw:
            for i in range(self.d.next):
                drawn[self.d.order[i]] = self.d.drawn[self.d.order[i]]
        return {
            "remaining": 52 - self.d.top,
            "muck": self.d.n_muck + (self.d.n_discards if self.d.in_draw else 0),
            "burned": self.d.n_burns,
            "hand_sizes": {s: self.d.hand_len[s] for s in range(LB_DECK_MAX_SEATS)
                           if self.d.hand_len[s]},
            "in_draw": bool(self.d.in_draw),
            "order": [self.d.order[i] for i in range(self.d.n_order)] if self.d.in_draw else [],
            "next_position": self.next_position,
            "drawn": drawn,
            "reshuffles": self.d.reshuffles,
        }

    def _own_discards(self, position):
        """This round's discards of ``position`` still on the table (not yet reshuffled)."""
        cdef int s = _position_of(position)
        return tuple(_CARDS[self.d.discards[i]] for i in range(self.d.n_discards)
                     if self.d.discard_seat[i] == s)

    def _check(self):
        """True when every invariant of the C state holds (lb_deck_check)."""
        return lb_deck_check(&self.d) == LB_OK

    def _get_cards_state(self):
        cdef int s
        return {
            "stub": [self.d.stub[i] for i in range(self.d.top, 52)],
            "muck": [self.d.muck[i] for i in range(self.d.n_muck)],
            "burns": [self.d.burns[i] for i in range(self.d.n_burns)],
            "hands": [[self.d.hands[s][i] for i in range(self.d.hand_len[s])]
                      for s in range(LB_DECK_MAX_SEATS)],
            "draw": None if not self.d.in_draw else {
                "order": [self.d.order[i] for i in range(self.d.n_order)],
                "served": self.d.next,
                "drawn": [self.d.drawn[i] for i in range(LB_DECK_MAX_SEATS)],
                "discards": [[self.d.discards[i], self.d.discard_seat[i]]
                             for i in range(self.d.n_discards)],
            },
            "reshuffles": self.d.reshuffles,
        }

    def _set_cards_state(self, state):
        """Replace the card state from _get_cards_state output, or raise DeckError unchanged."""
        cdef lb_deck t
        cdef int i, s
        lb_deck_init(&t, <lb_reshuffle_rule>self.d.rule, self.d.burn_before_draw)

        def cards_list(key, value, limit=52):
            if not isinstance(value, (list, tuple)) or len(value) > limit:
                raise DeckError(f"snapshot field {shown(key)} must be a list of at most {limit} items")
            for v in value:
                if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 52:
                    raise DeckError(f"snapshot field {shown(key)}: {shown(v)} is not a card number 0..51")
            return value
        try:
            stub = cards_list("stub", state["stub"])
            muck = cards_list("muck", state["muck"])
            burns = cards_list("burns", state["burns"])
            hands = state["hands"]
            draw = state["draw"]
            reshuffles = state.get("reshuffles", 0)
        except (KeyError, TypeError) as e:
            raise DeckError(f"not a deck snapshot: {shown(e)}") from None
        if not isinstance(hands, (list, tuple)) or len(hands) != LB_DECK_MAX_SEATS:
            raise DeckError(f"snapshot field 'hands' must be a list of {LB_DECK_MAX_SEATS} lists")
        t.top = <uint8_t>(52 - len(stub))
        for i, c in enumerate(stub):
            t.stub[t.top + i] = c
        t.n_muck = len(muck)
        for i, c in enumerate(muck):
            t.muck[i] = c
        t.n_burns = len(burns)
        for i, c in enumerate(burns):
            t.burns[i] = c
        for s in range(LB_DECK_MAX_SEATS):
            h = cards_list(f"hands[{s}]", hands[s])
            t.hand_len[s] = len(h)
            for i, c in enumerate(h):
                t.hands[s][i] = c
        if draw is not None:
            if not isinstance(draw, Mapping):
                raise DeckError(f"snapshot field 'draw' is malformed: {shown(draw)} is not a dict")
            try:
                order = draw["order"]
                served = draw["served"]
                drawn = draw["drawn"]
                discards = draw["discards"]
                if len(order) > LB_DECK_MAX_SEATS or len(drawn) != LB_DECK_MAX_SEATS \
                        or len(discards) > 52:
                    raise ValueError("sizes")
                t.in_draw = 1
                t.n_order = len(order)
                for i, x in enumerate(order):
                    t.order[i] = _position_of(x)
                if not 0 <= served <= len(order):
                    raise ValueError("served")
                t.next = served
                for i, x in enumerate(drawn):
                    if not 0 <= x <= LB_DECK_MAX_DISCARD:
                        raise ValueError("drawn")
                    t.drawn[i] = x
                t.n_discards = len(discards)
                for i, (c, x) in enumerate(discards):
                    if not 0 <= c < 52:
                        raise ValueError("card")
                    t.discards[i] = c
                    t.discard_seat[i] = _position_of(x)
            except (KeyError, TypeError, ValueError) as e:
                raise DeckError(f"snapshot field 'draw' is malformed: {shown(e)}") from None
        if not isinstance(reshuffles, int) or not 0 <= reshuffles < 2**32:
            raise DeckError("snapshot field 'reshuffles' must be an int 0..2**32-1")
        t.reshuffles = reshuffles
        if lb_deck_rebuild(&t) != LB_OK:
            raise DeckError("the snapshot does not hold every one of the 52 cards exactly once "
                            "in a consistent state")
        self.d = t

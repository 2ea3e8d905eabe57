# Augmenting declarations for engine.py, which the build compiles with Cython (see CMakeLists.txt).
#
# engine.py stays plain, type-checked Python: it is the engine's only source, and it runs unchanged
# without Cython. This file only tells Cython the C types of HandState's fields and of the locals
# of its hot methods, so that field access and small-integer arithmetic compile to C. Every field
# stays readable and writable from Python under the same name ("public"). Private helpers are
# cdef (C calls, invisible from Python); _derive, which from_dict calls on an untyped object, is
# cpdef.
#
# Chip amounts stay Python ints (no overflow, any size); positions, counts and round numbers are
# Py_ssize_t.

import cython


cdef bint _all_cards(object items) except -1
cdef _event(str kind, position=*, amount=*, tuple cards=*, tuple discarded=*, number=*, hand_class=*,
            pot=*)


cdef class HandState:
    cdef public object variant
    cdef public Py_ssize_t n
    cdef public tuple starting_stacks
    cdef public object deck
    cdef public list stacks, bets, committed, antes, folded, winnings, events
    cdef public str phase
    cdef public Py_ssize_t betting_round, draw_round
    cdef public object actor
    cdef public list pending, acted, mucked, show_order
    cdef public bint manual_showdown
    cdef public object level, last_raise, full_level
    cdef public Py_ssize_t bet_count
    cdef public bint capped
    cdef public object aggressor, last_round_aggressor
    cdef public list draw_order, drawn
    cdef public dict shown
    cdef public list pots
    cdef public dict _seen, _classes
    cdef public object _round_bet
    cdef public bint _fixed, _pot_limit
    cdef public object _max_wagers
    cdef object __weakref__
    cdef public object _min_bet

    cdef _post(self, Py_ssize_t pos, object amount, str kind, bint live)
    @cython.locals(pos=Py_ssize_t)
    cdef _start(self)
    @cython.locals(p=Py_ssize_t)
    cpdef list in_hand(self)
    cdef _check_pos(self, object pos)
    cpdef _derive(self)
    @cython.locals(q=Py_ssize_t)
    cdef bint _others_can_act(self, Py_ssize_t pos) except -1
    @cython.locals(pos=Py_ssize_t)
    cpdef legal_actions(self)
    cdef _wager_range(self, Py_ssize_t pos)
    cdef bint _may_raise(self, Py_ssize_t pos) except -1
    cdef Py_ssize_t _expect(self, str phase, object pos) except -1
    @cython.locals(p=Py_ssize_t)
    cpdef fold(self, position=*)
    @cython.locals(p=Py_ssize_t)
    cpdef check(self, position=*)
    @cython.locals(p=Py_ssize_t)
    cpdef call(self, position=*)
    @cython.locals(p=Py_ssize_t)
    cpdef check_or_call(self, position=*)
    @cython.locals(p=Py_ssize_t, opened=bint, full=bint)
    cpdef bet_or_raise(self, to, position=*)
    cdef _move(self, Py_ssize_t p, object amount)
    @cython.locals(p=Py_ssize_t)
    cpdef tuple discard(self, cards, position=*)
    @cython.locals(first=Py_ssize_t, k=Py_ssize_t)
    cdef _begin_betting(self, Py_ssize_t r)
    @cython.locals(pending=list, start=Py_ssize_t, k=Py_ssize_t)
    cdef _after_bet_action(self, Py_ssize_t p, bint reopened, bint raised=*)
    cdef _end_betting(self)
    @cython.locals(bets=list, p=Py_ssize_t, q=Py_ssize_t)
    cdef _return_uncalled(self)
    cdef _begin_draw(self, Py_ssize_t d)
    @cython.locals(i=Py_ssize_t)
    cdef _next_drawer(self)
    cdef _award_uncontested(self, object p)
    @cython.locals(alive=list, wagers=list, amounts=list, eligibles=list, pots=list)
    cpdef list side_pots(self)
    @cython.locals(alive=list)
    cdef _showdown(self)
    cdef Py_ssize_t _class_of(self, Py_ssize_t p) except -1
    cdef _show(self, Py_ssize_t p)
    cdef _muck(self, Py_ssize_t p)
    @cython.locals(q=Py_ssize_t)
    cpdef bint _contested(self, Py_ssize_t p) except -1
    @cython.locals(q=Py_ssize_t, claimed=bint, mucked=list)
    cdef bint _may_muck(self, Py_ssize_t p) except -1
    @cython.locals(q=Py_ssize_t, mine=Py_ssize_t, best=Py_ssize_t, c=Py_ssize_t, shown=dict)
    cdef bint _wins_or_ties(self, Py_ssize_t p) except -1
    @cython.locals(pots=list, classes=dict, claims=list, winners=list, k=Py_ssize_t)
    cdef _award_showdown(self)
    cdef _finish(self)
    @cython.locals(folded=list, stacks=list, live=bint, fields=dict)
    cpdef view(self, position=*)
    @cython.locals(seen=tuple, events=list)
    cdef tuple _events_for(self, object position)

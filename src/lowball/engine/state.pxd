# Augmenting declarations for state.py, which the build compiles with Cython (see CMakeLists.txt).
#
# state.py stays plain, type-checked Python: it is the state machine's only source, and it runs
# unchanged without Cython. This file only tells Cython the C types of HandState's fields and of
# the locals of its hot methods, so that field access and small-integer arithmetic compile to C.
# Every field is private (a C field, out of Python's reach); state.py's read-only properties show
# the state to callers as tuples and copies, and a restore sets the fields through
# HandState._set_restored, from the parts saving.py has checked. Private helpers are cdef (C
# calls, invisible from Python); _derive, which a restore calls on an untyped object, is cpdef.
#
# Chip amounts stay Python ints (no overflow, any size); positions, counts and round numbers are
# Py_ssize_t.

import cython


cdef bint _all_cards(object items) except -1
cdef bint _all_numbers(object items) except -1
cdef _event(str kind, position=*, amount=*, tuple cards=*, tuple discarded=*, number=*, hand_class=*,
            pot=*)


cdef class HandState:
    cdef object _variant
    cdef Py_ssize_t _n
    cdef tuple _starting_stacks
    cdef object _deck
    cdef list _stacks, _bets, _committed, _antes, _folded, _winnings, _events
    cdef str _phase
    cdef Py_ssize_t _betting_round, _draw_round
    cdef object _actor
    cdef list _pending, _acted, _mucked, _show_order
    cdef bint _manual_showdown
    cdef object _level, _last_raise, _full_level
    cdef Py_ssize_t _bet_count
    cdef bint _capped
    cdef object _aggressor, _last_round_aggressor
    cdef list _draw_order, _drawn
    cdef dict _shown
    cdef list _pots
    cdef dict _seen, _classes
    cdef object _round_bet
    cdef bint _fixed, _pot_limit, _must_open
    cdef object _max_wagers
    cdef object __weakref__
    cdef object _min_bet
    cdef object _posts
    cdef Py_ssize_t _bb_pos

    cdef _post(self, Py_ssize_t pos, object amount, str kind, bint live)
    @cython.locals(pos=Py_ssize_t)
    cdef _start(self)
    @cython.locals(p=Py_ssize_t)
    cpdef list in_hand(self)
    cdef object _check_pos(self, object pos)
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
    cpdef list side_pots(self)
    @cython.locals(alive=list)
    cdef _showdown(self)
    cdef Py_ssize_t _class_of(self, Py_ssize_t p) except -1
    cdef _show(self, Py_ssize_t p)
    cdef _muck(self, Py_ssize_t p)
    @cython.locals(q=Py_ssize_t, mine=Py_ssize_t, best=Py_ssize_t, c=Py_ssize_t, shown=dict)
    cdef bint _wins_or_ties(self, Py_ssize_t p) except -1
    @cython.locals(classes=dict)
    cdef _award_showdown(self)
    cdef _finish(self)
    @cython.locals(folded=list, stacks=list, live=bint, fields=dict)
    cpdef view(self, position=*)
    @cython.locals(seen=tuple, events=list)
    cdef tuple _events_for(self, object position)

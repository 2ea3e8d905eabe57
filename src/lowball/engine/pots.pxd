# Augmenting declarations for pots.py, which the build compiles with Cython (see CMakeLists.txt).
#
# pots.py stays plain, type-checked Python that runs unchanged without Cython; this file only
# gives its loops C types. Its functions are pure (chips, positions and pots in, a result out),
# called by the engine (engine/state.py) and by the saved hand's checks (engine/saving.py).

import cython


@cython.locals(n=Py_ssize_t, p=Py_ssize_t, wagers=list, amounts=list, eligibles=list, pots=list)
cpdef list side_pots(committed, antes, alive, starting_stacks, forced, dead)


@cython.locals(final_round=Py_ssize_t, n=Py_ssize_t, index=Py_ssize_t, acted_after=list, last_pot=dict)
cpdef list showing_order(events, alive, folded, pots, fixed)


cpdef bint contested(p, shown, mucked, pots) except -1


@cython.locals(claimed=bint)
cpdef bint may_muck(p, mucked, pots, show_all) except -1


@cython.locals(index=Py_ssize_t, k=Py_ssize_t, claims=list, winners=list, shares=list)
cpdef list award(pots, mucked, classes)

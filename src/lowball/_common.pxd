# Helpers shared by the bindings (_core.pyx, _deck.pyx), as numpy.random's _common.pxd: converting
# Python values to cards, positions and counts without ever letting an OverflowError or a TypeError
# escape, scanning card text, and the one table from the core's status codes to exceptions.
#
# Fast paths are inline C; anything unusual falls back to Python code that names the bad value.
# Every function here raises only lowball's own errors (lowball.errors) for bad input.
from cpython.bool cimport PyBool_Check
from cpython.long cimport PyLong_Check
from cpython.sequence cimport PySequence_Fast_GET_SIZE, PySequence_Fast_GET_ITEM
from libc.stdint cimport uint8_t

from lowball._c_cards cimport lb_parse_card
from lowball._c_status cimport (
    lb_status, lb_status_str, LB_OK, LB_ERR_RANGE, LB_ERR_DUPLICATE, LB_ERR_PARSE,
    LB_ERR_EXHAUSTED, LB_ERR_NOT_HELD, LB_ERR_TOO_MANY, LB_ERR_TURN,
)

cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object o, int *overflow) except? -1
    const char *PyUnicode_AsUTF8AndSize(object s, Py_ssize_t *size) except NULL


cdef inline int card_of(object o) except -2:
    """The card number of a plain int 0..51 (not a bool), or -1: take the slow path."""
    cdef long v
    cdef int overflow = 0
    if PyLong_Check(o) and not PyBool_Check(o):
        v = PyLong_AsLongAndOverflow(o, &overflow)
        if overflow == 0 and 0 <= v < 52:
            return <int>v
    return -1


cdef inline Py_ssize_t int_cards(object seq, uint8_t *out, Py_ssize_t cap) except -2:
    """The cards of ``seq`` (a tuple or a list: the caller checks) of plain ints 0..51 into
    out[0..]: their number; more than ``cap`` items: their number, nothing stored; -1 when an
    item needs the slow path."""
    cdef Py_ssize_t n = PySequence_Fast_GET_SIZE(seq), i
    cdef int v
    if n > cap:
        return n
    for i in range(n):
        v = card_of(<object>PySequence_Fast_GET_ITEM(seq, i))
        if v < 0:
            return -1
        out[i] = <uint8_t>v
    return n


cdef inline object as_index(object value):
    """``value`` as a Python int when it is an integer (an int, a numpy integer, anything with
    ``__index__``), of any size; None for anything else, bools (Python's or numpy's) included."""
    if PyLong_Check(value):
        return None if PyBool_Check(value) else value
    if type(value).__name__ in ("bool", "bool_") or not hasattr(type(value), "__index__"):
        return None
    try:
        return value.__index__()
    except Exception:
        return None


cdef inline long clip_count(object index, long most):
    """A Python int (from as_index, at least 0) as a C long: itself up to ``most``, else
    ``most + 1`` (any count over the limit is refused the same way, named by the caller)."""
    return <long>index if index <= most else most + 1


cdef inline str who(object position):
    """How every message names a player: ``position 3 (p4)`` (the PHH player name is the
    position + 1)."""
    return f"position {position} (p{position + 1})"


cdef inline int position_of(object position, int n_positions) except -1:
    """The position number 0..n_positions-1 of ``position`` (a player's index in the hand, as
    the engine numbers them); DeckError naming it otherwise."""
    cdef long v
    cdef int overflow = 0
    if PyLong_Check(position) and not PyBool_Check(position):
        v = PyLong_AsLongAndOverflow(position, &overflow)
        if overflow == 0 and 0 <= v < n_positions:
            return <int>v
    # anything else: lowball's one number check (any integer type; its message, as a DeckError)
    from lowball.errors import DeckError, whole_number
    return <int>whole_number(position, "position", 0, n_positions - 1, error=DeckError)


cdef inline Py_ssize_t scan_cards(object text, uint8_t *out, Py_ssize_t cap) except -2:
    """The cards of ``text`` (a str; card texts with optional spaces, commas or tabs between)
    into out[0..cap-1]: the number of cards in the text (only the first ``cap`` are stored), or
    -1 when a token is not a plain ASCII card or the text is not plain UTF-8. The fast path
    only: it accepts a subset of what lowball.cards.split_card_text (the one scanner) reads, and
    gives -1 for anything else (a suit symbol, other white space, a bad token): the caller's slow
    path then reads it with split_card_text, which names a bad token."""
    cdef Py_ssize_t size, i = 0, n = 0
    cdef const char *s
    cdef int used
    cdef uint8_t card
    try:
        s = PyUnicode_AsUTF8AndSize(text, &size)
    except UnicodeError:
        return -1
    while i < size:
        if s[i] == b' ' or s[i] == b',' or s[i] == b'\t':
            i += 1
            continue
        if lb_parse_card(s + i, <int>min(size - i, 3), &card, &used) != LB_OK:
            return -1
        if n < cap:
            out[n] = card
        n += 1
        i += used
    return n


cdef inline str status_text(lb_status st):
    """The core's text for a status code (csrc/status.c), with the code."""
    return f"{lb_status_str(st).decode('ascii')} (status {<int>st})"


cdef inline object status_error(lb_status st, str message, bint discard=False):
    """The exception for a status code of the core, with ``message``: the one table from codes to
    lowball's errors. ``discard``: the cards are a position's discards or cards to muck, so a bad or
    repeated card is an InvalidDiscardError (an illegal action), not an InvalidCardError."""
    from lowball import errors
    if st == LB_ERR_RANGE or st == LB_ERR_DUPLICATE or st == LB_ERR_PARSE:
        return (errors.InvalidDiscardError if discard else errors.InvalidCardError)(message)
    if st == LB_ERR_EXHAUSTED:
        return errors.DeckExhaustedError(message)
    if st == LB_ERR_NOT_HELD or st == LB_ERR_TOO_MANY:
        return errors.InvalidDiscardError(message)
    if st == LB_ERR_TURN:
        return errors.DrawOrderError(message)
    return errors.DeckError(message)  # LB_ERR_SEAT, LB_ERR_RANDOM, LB_ERR_STATE, unknown codes

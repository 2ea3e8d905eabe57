# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Thin binding to the C core (csrc/): validate arguments, call C, map status codes to exceptions.

Private: the public names are re-exported, with their documentation, by :mod:`lowball.evaluation`.
"""

from cpython.long cimport PyLong_Check
from cpython.bool cimport PyBool_Check
from cpython.tuple cimport PyTuple_Check
from cpython.list cimport PyList_Check
from cpython.sequence cimport PySequence_Fast_GET_SIZE, PySequence_Fast_GET_ITEM
from cpython.unicode cimport PyUnicode_Check
from cpython.ref cimport PyObject
from libc.stdint cimport uint8_t, uint16_t, int64_t, uint64_t

import numpy as np

from lowball._cards cimport lb_status, LB_OK, LB_ERR_RANGE, LB_ERR_DUPLICATE, lb_parse_card

cdef extern from "eval27.h" nogil:
    uint16_t lb_eval5_unchecked(uint8_t c0, uint8_t c1, uint8_t c2, uint8_t c3, uint8_t c4)
    int64_t lb_eval5_batch(const uint8_t *cards, size_t n, uint16_t *out, int check,
                           lb_status *status)
    void lb_eval_all(uint16_t *out)
    int lb_category(int cls)
    int LB_NUM_CLASSES
    int LB_NUM_HANDS

cdef extern from "tables.h" nogil:
    const uint64_t lb_card_key[256]
    const uint16_t lb_disp[]
    const uint16_t lb_class[]
    int LB_DISP_ROWS
    int LB_CLASS_CELLS
    int LB_COL_BITS
    unsigned long long LB_SUIT_BIAS
    unsigned long long LB_FLUSH_BITS
    unsigned long long LB_RANK_MASK

cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object o, int *overflow) except? -1
    const char *PyUnicode_AsUTF8AndSize(object s, Py_ssize_t *size) except NULL

NUM_CLASSES = LB_NUM_CLASSES
NUM_HANDS = LB_NUM_HANDS


cdef inline int _card_of(object o) except -2:
    """The card number of an int item (not bool), or -1 when it needs the slow path."""
    cdef long v
    cdef int overflow = 0
    if PyLong_Check(o) and not PyBool_Check(o):
        v = PyLong_AsLongAndOverflow(o, &overflow)
        if overflow == 0 and 0 <= v < 52:
            return <int>v
    return -1


cdef inline int _distinct5(uint8_t *c) noexcept:
    cdef uint64_t b0 = (<uint64_t>1) << c[0], b1 = (<uint64_t>1) << c[1]
    cdef uint64_t b2 = (<uint64_t>1) << c[2], b3 = (<uint64_t>1) << c[3]
    cdef uint64_t b4 = (<uint64_t>1) << c[4]
    return (b0 + b1 + b2 + b3 + b4) == (b0 | b1 | b2 | b3 | b4)


cdef int _parse_text(object text, uint8_t *c) except -1:
    """Parse five cards from ASCII text with optional spaces or commas; 0 when it cannot."""
    cdef Py_ssize_t size, i = 0
    cdef const char *s = PyUnicode_AsUTF8AndSize(text, &size)
    cdef int n = 0, used
    cdef uint8_t card
    while i < size:
        if s[i] == b' ' or s[i] == b',' or s[i] == b'\t':
            i += 1
            continue
        if n == 5 or lb_parse_card(s + i, <int>min(size - i, 3), &card, &used) != LB_OK:
            return 0
        c[n] = card
        n += 1
        i += used
    return n == 5


def evaluate(hand):
    """The 2-7 class of one five-card hand: 1 (7-5-4-3-2, the best) .. 7462 (royal flush).

    Lower is better; equal classes tie (RULES.md section 1).

    Parameters
    ----------
    hand
        Five distinct cards: text (``"7s5h4d3c2s"``, ``"7s 5h 4d 3c 2s"``, ``"7s,5h,4d,3c,2s"``,
        ``"10d"`` for ten, either case), or a sequence of card texts, card numbers 0..51
        (``card = 4*rank + suit``), or :class:`lowball.Card` objects, or a :class:`lowball.Hand`.
        A tuple or list of five ints is the fastest form.

    Returns
    -------
    int
        The class, 1..7462.

    Raises
    ------
    InvalidCardError
        Malformed text (naming the token), a number outside 0..51, a repeated card, or not
        exactly five cards.
    """
    cdef uint8_t c[5]
    cdef int i, v
    if PyTuple_Check(hand) or PyList_Check(hand):
        if PySequence_Fast_GET_SIZE(hand) == 5:
            for i in range(5):
                v = _card_of(<object>PySequence_Fast_GET_ITEM(hand, i))
                if v < 0:
                    break
                c[i] = <uint8_t>v
            else:
                if _distinct5(c):
                    return lb_eval5_unchecked(c[0], c[1], c[2], c[3], c[4])
    elif PyUnicode_Check(hand):
        if _parse_text(hand, c) and _distinct5(c):
            return lb_eval5_unchecked(c[0], c[1], c[2], c[3], c[4])
    # Anything else, or anything wrong: the Python parser accepts every documented form and
    # raises InvalidCardError naming the bad token.
    from lowball.cards import parse_hand
    cards = parse_hand(hand)
    return lb_eval5_unchecked(cards[0], cards[1], cards[2], cards[3], cards[4])


def _batch_error(object arr, Py_ssize_t row, lb_status status):
    from lowball.errors import InvalidCardError
    values = [int(x) for x in arr[row]]
    if status == LB_ERR_RANGE:
        bad = next(v for v in values if not 0 <= v < 52)
        return InvalidCardError(f"row {row}: card {bad} is out of range (cards are 0..51): {values}")
    dup = next(v for v in values if values.count(v) > 1)
    return InvalidCardError(f"row {row}: card {dup} appears twice: {values}")


def evaluate_batch(cards, *, bint check=True):
    """The 2-7 classes of many five-card hands at once; releases the GIL while ranking.

    Parameters
    ----------
    cards
        Array-like of shape (N, 5) of card numbers 0..51, any integer dtype (converted once to a
        C-contiguous uint8 array; a C-contiguous uint8 array is used without a copy).
    check
        True (default): every row is checked for numbers outside 0..51 and repeated cards.
        False: no row is checked, for trusted input only; a bad row then gets a meaningless class
        (possibly 0) and values outside 0..255 wrap in the uint8 conversion. It never reads
        outside the tables.

    Returns
    -------
    numpy.ndarray
        Shape (N,), dtype uint16: the class of each row, 1 (best) .. 7462 (worst).

    Raises
    ------
    InvalidCardError
        With ``check``: naming the first bad row, its bad card and the row's cards. Also for an
        array that is not of shape (N, 5).
    TypeError
        For a non-integer dtype.
    """
    arr = np.asarray(cards)
    if arr.ndim != 2 or arr.shape[1] != 5:
        from lowball.errors import InvalidCardError
        raise InvalidCardError(f"cards must have shape (N, 5), got {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise TypeError(f"cards must be an integer array, got dtype {arr.dtype}")
    cdef Py_ssize_t n = arr.shape[0]
    cdef lb_status status = LB_OK
    cdef int64_t bad
    if arr.dtype != np.uint8 and check and n > 0:
        # Values outside 0..255 would wrap in the conversion to uint8: find the first row with a
        # value outside 0..51, then let the C check look for a duplicate in the rows before it.
        rows = np.flatnonzero((arr.min(axis=1) < 0) | (arr.max(axis=1) > 51))
        if rows.size:
            evaluate_batch(arr[: rows[0]].astype(np.uint8), check=True)
            raise _batch_error(arr, rows[0], LB_ERR_RANGE)
    cdef const uint8_t[:, ::1] view = np.ascontiguousarray(arr, dtype=np.uint8)
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] out_view = out
    if n == 0:
        return out
    with nogil:
        bad = lb_eval5_batch(&view[0, 0], <size_t>n, &out_view[0], check, &status)
    if bad >= 0:
        raise _batch_error(arr, bad, status)
    return out


def evaluate_all():
    """The classes of all 2,598,960 five-card hands, ranked in C without the GIL.

    Returns
    -------
    numpy.ndarray
        Shape (2598960,), dtype uint16, in the order of ``itertools.combinations(range(52), 5)``.
    """
    out = np.empty(LB_NUM_HANDS, dtype=np.uint16)
    cdef uint16_t[::1] out_view = out
    with nogil:
        lb_eval_all(&out_view[0])
    return out


def category_index(int hand_class):
    """Category number 0..8 of a class 1..7462; ValueError outside that range."""
    cdef int cat = lb_category(hand_class)
    if cat < 0:
        raise ValueError(f"hand class {hand_class} is out of range (classes are 1..7462)")
    return cat


def tables():
    """Copies of the evaluator's lookup tables as numpy arrays, with the constants that go with
    them (for tools, tests and the numpy peer in bench/; see csrc/tables.h)."""
    return {
        "card_key": np.asarray(<uint64_t[:256]> <uint64_t *> lb_card_key).copy(),
        "disp": np.asarray(<uint16_t[:LB_DISP_ROWS]> <uint16_t *> lb_disp).copy(),
        "cls": np.asarray(<uint16_t[:2 * LB_CLASS_CELLS]> <uint16_t *> lb_class).copy(),
        "col_bits": LB_COL_BITS,
        "suit_bias": LB_SUIT_BIAS,
        "flush_bits": LB_FLUSH_BITS,
        "rank_mask": LB_RANK_MASK,
    }

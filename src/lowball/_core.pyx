# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Thin binding to the C core (csrc/): validate arguments, call C, map status codes to exceptions.

Private: the public names are re-exported, with their documentation, by :mod:`lowball.evaluation`.
"""

from cpython.tuple cimport PyTuple_Check
from cpython.list cimport PyList_Check
from cpython.unicode cimport PyUnicode_Check
from libc.stdint cimport uint8_t, uint16_t, int64_t, uint64_t

import numpy as np

from lowball._c_status cimport lb_status, LB_OK, LB_ERR_RANGE
from lowball._c_eval27 cimport (
    lb_eval5_unchecked, lb_eval5_batch, lb_eval_all, lb_category, LB_NUM_CLASSES, LB_NUM_HANDS,
)
from lowball._c_tables cimport (
    lb_card_key, lb_disp, lb_class, LB_DISP_ROWS, LB_CLASS_CELLS, LB_COL_BITS, LB_SUIT_BIAS,
    LB_FLUSH_BITS, LB_RANK_MASK,
)
from lowball._c_evallow cimport (
    lb_eval_a5_unchecked, lb_eval_a5_batch, lb_eval_a5_all, lb_category_a5,
    lb_eval_badugi_unchecked, lb_eval_badugi_batch, lb_eval_badugi_all, lb_badugi_cards,
    LB_BADUGI_NUM_HANDS,
)
from lowball._common cimport int_cards, as_index, scan_cards, status_error

from lowball._rankings import Ranking

NUM_CLASSES = LB_NUM_CLASSES
NUM_HANDS = LB_NUM_HANDS

# The rankings as the C calls number them; the default is tested by identity first (no lookup).
cdef enum:
    R27 = 0
    RA5 = 1
    RBADUGI = 2
cdef object _DEUCE = Ranking.DEUCE_TO_SEVEN
cdef object _A5 = Ranking.ACE_TO_FIVE
cdef object _BADUGI = Ranking.BADUGI
cdef dict _CODES = {Ranking.DEUCE_TO_SEVEN: R27, Ranking.ACE_TO_FIVE: RA5, Ranking.BADUGI: RBADUGI}
cdef tuple _MEMBERS = (Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_FIVE, Ranking.BADUGI)


cdef int ranking_code(object ranking) except -1:
    """R27, RA5 or RBADUGI for a Ranking or its text (``"a-5"``); InvalidValueError otherwise."""
    # The members by identity first: an Enum's hash is a Python-level call.
    if ranking is _DEUCE:
        return R27
    if ranking is _A5:
        return RA5
    if ranking is _BADUGI:
        return RBADUGI
    return _CODES[Ranking(ranking)]  # a name, or InvalidValueError from Ranking


cdef inline uint16_t eval_code(int code, uint8_t *c) noexcept:
    if code == RA5:
        return lb_eval_a5_unchecked(c[0], c[1], c[2], c[3], c[4])
    if code == RBADUGI:
        return lb_eval_badugi_unchecked(c[0], c[1], c[2], c[3])
    return lb_eval5_unchecked(c[0], c[1], c[2], c[3], c[4])


cdef inline int _distinct4(uint8_t *c) noexcept:
    cdef uint64_t b0 = (<uint64_t>1) << c[0], b1 = (<uint64_t>1) << c[1]
    cdef uint64_t b2 = (<uint64_t>1) << c[2], b3 = (<uint64_t>1) << c[3]
    return (b0 + b1 + b2 + b3) == (b0 | b1 | b2 | b3)


cdef inline int _distinct5(uint8_t *c) noexcept:
    cdef uint64_t b0 = (<uint64_t>1) << c[0], b1 = (<uint64_t>1) << c[1]
    cdef uint64_t b2 = (<uint64_t>1) << c[2], b3 = (<uint64_t>1) << c[3]
    cdef uint64_t b4 = (<uint64_t>1) << c[4]
    return (b0 + b1 + b2 + b3 + b4) == (b0 | b1 | b2 | b3 | b4)


def evaluate(hand, ranking=Ranking.DEUCE_TO_SEVEN):
    """The class of one hand: by default its 2-7 class, 1 (7-5-4-3-2, the best) .. 7462 (royal flush).

    Lower is better; equal classes tie (RULES.md sections 1 and 11).

    Parameters
    ----------
    hand
        ``ranking.hand_size`` distinct cards (five; four for badugi): text (``"7s5h4d3c2s"``,
        ``"7s 5h 4d 3c 2s"``, ``"7s,5h,4d,3c,2s"``, ``"10d"`` for ten, either case, suit symbols),
        or a sequence of card texts, card numbers 0..51 (``card = 4*rank + suit``), or
        :class:`lowball.Card` objects, or a :class:`lowball.Hand`. A tuple or list of ints is the
        fastest form.
    ranking : Ranking or str, default Ranking.DEUCE_TO_SEVEN
        ``Ranking.ACE_TO_FIVE`` (``"a-5"``): classes 1 (5-4-3-2-A) .. 6175. ``Ranking.BADUGI``
        (``"badugi"``, four cards): classes 1 (4-3-2-A of four suits) .. 1092.

    Returns
    -------
    int
        The class: 1..7462 (2-7), 1..6175 (A-5), 1..1092 (badugi).

    Raises
    ------
    InvalidCardError
        Malformed text (naming the token), a number outside 0..51, a repeated card, or not
        exactly ``ranking.hand_size`` cards.
    InvalidValueError
        For a ``ranking`` that is not a Ranking or one's name (also a ValueError).
    """
    cdef uint8_t c[5]
    cdef int code = R27 if ranking is _DEUCE else ranking_code(ranking)
    cdef int size
    if code == R27:
        if PyTuple_Check(hand) or PyList_Check(hand):
            if int_cards(hand, c, 5) == 5 and _distinct5(c):
                return lb_eval5_unchecked(c[0], c[1], c[2], c[3], c[4])
        elif PyUnicode_Check(hand):
            if scan_cards(hand, c, 5) == 5 and _distinct5(c):
                return lb_eval5_unchecked(c[0], c[1], c[2], c[3], c[4])
    else:
        size = 4 if code == RBADUGI else 5
        if PyTuple_Check(hand) or PyList_Check(hand):
            if int_cards(hand, c, size) == size and (_distinct4(c) if size == 4 else _distinct5(c)):
                return eval_code(code, c)
        elif PyUnicode_Check(hand):
            if scan_cards(hand, c, size) == size and (_distinct4(c) if size == 4 else _distinct5(c)):
                return eval_code(code, c)
    # Anything else, or anything wrong: the Python parser accepts every documented form and
    # raises InvalidCardError naming the bad token.
    from lowball.cards import parse_cards
    cards = parse_cards(hand, count=4 if code == RBADUGI else 5)
    for i in range(len(cards)):
        c[i] = cards[i]
    return eval_code(code, c)


def _batch_error(object arr, Py_ssize_t row, lb_status status):
    values = [int(x) for x in arr[row]]
    if status == LB_ERR_RANGE:
        bad = next(v for v in values if not 0 <= v < 52)
        return status_error(status, f"row {row}: card {bad} is out of range (cards are 0..51): {values}")
    dup = next(v for v in values if values.count(v) > 1)
    return status_error(status, f"row {row}: card {dup} appears twice: {values}")


def _text_rows(object arr, int width=5):
    """The (N, width) uint8 cards of an array of card text: N hand texts or (N, width) card texts,
    each row read by lowball.cards.parse_cards (the one scanner); InvalidCardError naming the row."""
    from lowball.cards import parse_cards
    from lowball.errors import InvalidCardError
    if arr.ndim == 1:
        rows = [str(h) for h in arr]
    elif arr.ndim == 2 and arr.shape[1] == width:
        rows = [[str(c) for c in row] for row in arr]
    else:
        raise InvalidCardError(
            f"cards must have shape (N, {width}), or be N hand texts, got text of shape {arr.shape}")
    out = np.empty((len(rows), width), dtype=np.uint8)
    for i, row in enumerate(rows):
        try:
            out[i] = parse_cards(row, count=width)
        except InvalidCardError as e:
            raise InvalidCardError(f"row {i}: {e}") from None
    return out


def evaluate_batch(cards, *, ranking=Ranking.DEUCE_TO_SEVEN, bint check=True):
    """The classes of many hands at once (2-7 by default); releases the GIL while ranking.

    Parameters
    ----------
    cards
        Array-like of shape (N, W) of card numbers 0..51, W = ``ranking.hand_size`` (5; 4 for
        badugi), any integer dtype (converted once to a C-contiguous uint8 array; a C-contiguous
        uint8 array is used without a copy). Card text is read too, at Python speed, by
        :func:`lowball.parse_cards` (suit symbols included): N
        hand texts (``["7s5h4d3c2s", "8\u26605\u26654\u26663\u26632\u2660"]``), or (N, W) card
        texts.
    ranking : Ranking or str, default Ranking.DEUCE_TO_SEVEN
        Which classes: 2-7 (1..7462), ``Ranking.ACE_TO_FIVE`` (1..6175) or ``Ranking.BADUGI``
        (1..1092), as :func:`evaluate`.
    check
        True (default): every row is checked for numbers outside 0..51 and repeated cards.
        False: no row is checked, for trusted input only; a bad row then gets a meaningless class
        (possibly 0) and values outside 0..255 wrap in the uint8 conversion. It never reads
        outside the tables.

    Returns
    -------
    numpy.ndarray
        Shape (N,), dtype uint16: the class of each row, 1 (best) .. ``ranking.num_classes``.

    Raises
    ------
    InvalidCardError
        With ``check``: naming the first bad row, its bad card and the row's cards. Also for an
        array that is not of shape (N, W), or not an array at all (ragged rows), and for card
        text that is not W distinct cards (naming the row and the bad token).
    InvalidTypeError
        For a non-integer dtype (also a TypeError).
    InvalidValueError
        For a ``ranking`` that is not a Ranking or one's name (also a ValueError).
    """
    from lowball.errors import InvalidCardError, InvalidTypeError
    cdef int code = R27 if ranking is _DEUCE else ranking_code(ranking)
    cdef int width = 4 if code == RBADUGI else 5
    try:
        arr = np.asarray(cards)
    except (ValueError, TypeError, OverflowError) as e:
        why = "its rows are of different lengths" if "inhomogeneous" in str(e) else str(e)
        raise InvalidCardError(f"cards must be an array of shape (N, {width}): {why}") from None
    if arr.dtype.kind == "U":
        arr = _text_rows(arr, width)
    if arr.ndim == 1 and arr.size == 0 and (not isinstance(cards, np.ndarray) or arr.dtype.kind in "iu"):
        return np.empty(0, dtype=np.uint16)  # [] : no hands, as an empty (0, W) array is
    if arr.ndim != 2 or arr.shape[1] != width:
        raise InvalidCardError(f"cards must have shape (N, {width}), got {arr.shape}")
    if arr.dtype == object or (arr.dtype.kind == "f" and not isinstance(cards, np.ndarray)):
        # Python ints too big for int64 (numpy makes them objects, or floats from 2**63 on):
        # name the first such card
        rows = arr if isinstance(cards, np.ndarray) else cards
        for i, row in enumerate(rows):
            for v in row:
                if isinstance(v, int) and not isinstance(v, bool) and not 0 <= v <= 51:
                    raise InvalidCardError(f"row {i}: card number {v} is out of range: expected 0..51")
    if arr.dtype.kind not in "iu":
        raise InvalidTypeError(f"cards must be an integer array, got dtype {arr.dtype}")
    cdef Py_ssize_t n = arr.shape[0]
    cdef lb_status status = LB_OK
    cdef int64_t bad
    if arr.dtype != np.uint8 and check and n > 0:
        # Values outside 0..255 would wrap in the conversion to uint8: find the first row with a
        # value outside 0..51, then let the C check look for a duplicate in the rows before it.
        rows = np.flatnonzero((arr.min(axis=1) < 0) | (arr.max(axis=1) > 51))
        if rows.size:
            evaluate_batch(arr[: rows[0]].astype(np.uint8), ranking=ranking, check=True)
            raise _batch_error(arr, rows[0], LB_ERR_RANGE)
    cdef const uint8_t[:, ::1] view = np.ascontiguousarray(arr, dtype=np.uint8)
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] out_view = out
    if n == 0:
        return out
    with nogil:
        if code == RA5:
            bad = lb_eval_a5_batch(&view[0, 0], <size_t>n, &out_view[0], check, &status)
        elif code == RBADUGI:
            bad = lb_eval_badugi_batch(&view[0, 0], <size_t>n, &out_view[0], check, &status)
        else:
            bad = lb_eval5_batch(&view[0, 0], <size_t>n, &out_view[0], check, &status)
    if bad >= 0:
        raise _batch_error(arr, bad, status)
    return out


def evaluate_all(ranking=Ranking.DEUCE_TO_SEVEN):
    """The classes of every hand of a ranking (by default all 2,598,960 five-card hands in 2-7),
    ranked in C without the GIL.

    Parameters
    ----------
    ranking : Ranking or str, default Ranking.DEUCE_TO_SEVEN
        The ranking; its ``hand_size`` says which hands (all 270,725 four-card hands for badugi).

    Returns
    -------
    numpy.ndarray
        Shape (``ranking.num_hands``,), dtype uint16, in the order of
        ``itertools.combinations(range(52), ranking.hand_size)``.

    Raises
    ------
    InvalidValueError
        For a ``ranking`` that is not a Ranking or one's name (also a ValueError).
    """
    cdef int code = ranking_code(ranking)
    out = np.empty(LB_BADUGI_NUM_HANDS if code == RBADUGI else LB_NUM_HANDS, dtype=np.uint16)
    cdef uint16_t[::1] out_view = out
    with nogil:
        if code == RA5:
            lb_eval_a5_all(&out_view[0])
        elif code == RBADUGI:
            lb_eval_badugi_all(&out_view[0])
        else:
            lb_eval_all(&out_view[0])
    return out


def category_index(hand_class, ranking=Ranking.DEUCE_TO_SEVEN):
    """The category of a class: for 2-7 and A-5 its HandCategory number (0..8), for badugi the
    number of cards that play (4..1); InvalidValueError (a ValueError) for a class outside
    1..``ranking.num_classes``."""
    cdef int code = ranking_code(ranking)
    cdef int most = _MEMBERS[code].num_classes
    index = as_index(hand_class)
    if index is None or not 1 <= index <= most:
        from lowball.errors import InvalidValueError, shown
        what = "" if code == R27 else f"{_MEMBERS[code].title} "
        raise InvalidValueError(
            f"{what}hand class {shown(hand_class if index is None else index)} is out of range (classes are 1..{most})"
        )
    if code == RA5:
        return lb_category_a5(<int>index)
    if code == RBADUGI:
        return lb_badugi_cards(<int>index)
    return lb_category(<int>index)


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

"""The exceptions of lowball: one small hierarchy rooted at :class:`LowballError`.

Every message names the bad value and what was expected. After any of these is raised by a
method, the object it was called on is exactly as it was before the call.
"""

from __future__ import annotations

import enum
import math
import numbers
import operator
import sys
from typing import Any

__all__ = [
    "LowballError",
    "InvalidValueError",
    "InvalidTypeError",
    "InvalidSeedError",
    "InvalidCardError",
    "IllegalActionError",
    "DeckError",
    "DeckExhaustedError",
    "DrawOrderError",
    "InvalidDiscardError",
    "FileError",
    "TableError",
    "SeqError",
    "StoreError",
    "TableHeldError",
    "WireError",
    "MISSING",
    "WalletError",
    "InsufficientFundsError",
    "whole_number",
    "shown_short",
    "name_text",
    "printable_text",
    "valid_text",
    "counted",
    "NAME_LENGTH",
]


class LowballError(Exception):
    """Root of every error that lowball raises on purpose."""


class InvalidValueError(LowballError, ValueError):
    """An argument outside what a call accepts where no more specific error applies: a hand class
    outside 1..7462, an empty showdown, a number that is not a member of an enum."""


class InvalidTypeError(LowballError, TypeError):
    """An argument of a kind the call does not take where no more specific error applies (a
    float array of cards, a seed that is not a seed); also a TypeError, as it was before."""


class InvalidSeedError(InvalidValueError):
    """A seed that is not one, wherever a seed is taken (``Deck``, ``HandState``, ``Table``'s
    random sources, ``simulate``, ``lowball play``): a negative number, a float, text, a bool.
    One error for every bad seed, its type or its sign alike: a seed is a value given to the
    whole run, not a deck operation (so not a ``DeckError``)."""


class InvalidCardError(LowballError, ValueError):
    """Malformed card text, an out-of-range card number, a duplicate card, or a wrong card count."""


class IllegalActionError(LowballError, ValueError):
    """An action that the rules do not allow in the current state of a hand."""


class DeckError(LowballError):
    """A deck operation that cannot be done: a bad position, a bad snapshot, or one of the subclasses."""


class DeckExhaustedError(DeckError):
    """Not enough cards: dealing or burning from a stub that is too short, or a draw that the
    reshuffle rule cannot complete (RULES.md section 4). Raised before any card moves."""


class DrawOrderError(DeckError, IllegalActionError):
    """A draw out of turn, a draw with no draw round begun, dealing during a draw round, or ending
    a round before every position was served."""


class InvalidDiscardError(DeckError, IllegalActionError):
    """A discard of a card not in that player's hand, a card given twice, or more than five."""


class TableError(LowballError, ValueError):
    """A table operation that cannot be done now: a bad or taken seat, a stack outside the buy-in,
    an action out of turn or for a seat not in the hand. The message names the seat. The table
    is unchanged."""


class SeqError(TableError):
    """An action sent with a ``seq`` (the table's action number the client saw) that is stale
    (the table has moved on and that number was not this action) or from the future."""


class StoreError(LowballError):
    """A table store that cannot be used: a file that is not a lowball database (corrupt, or
    another program's), a table that is not there or already exists, or a failed write (then
    the table is as it was before the operation)."""


class TableHeldError(StoreError):
    """A table that another store writes: a shared database (PostgreSQL) lets one process write
    a table at a time (:class:`lowball.postgres.PostgresStore`). ``table_id`` names the table
    and ``holder`` the store that holds it (its process, host and address, as PostgreSQL knows
    them); nothing was written."""

    def __init__(self, message: str, table_id: str, holder: str) -> None:
        super().__init__(message)
        self.table_id = table_id
        self.holder = holder


class WireError(InvalidValueError):
    """A JSON message that does not match its schema (:mod:`lowball.wire`): ``path`` names the
    field (``"action.amount"``, ``"seats[2].chips"``; ``""`` the message itself), ``value`` is
    the value found there (:data:`MISSING` for a field left out) and ``expected`` says what the
    schema wants. The message reads ``action.amount = -1: expected a whole number 0 or more``."""

    def __init__(self, path: str, value: object, expected: str) -> None:
        where = path or "the message"
        if value is MISSING:
            text = f"{where}: missing: expected {expected}"
        else:
            text = f"{where} = {shown_short(value)}: expected {expected}"
        super().__init__(text)
        self.path = path
        self.value = value
        self.expected = expected


class _Missing:
    """The value of a field a message left out (:attr:`WireError.value`)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""What :attr:`WireError.value` holds for a field left out of a message."""


def shown_short(value: object, length: int = 40) -> str:
    """A value from a client as an error message names it: :func:`shown`, cut to ``length``
    characters (``...`` at the end when cut)."""
    text = shown(value)
    return text if len(text) <= length else text[: length - 3] + "..."


class WalletError(LowballError):
    """A wallet that cannot make a movement: a bad player, amount or key, or a key used before
    for another movement (naming it). The wallet is unchanged."""


class InsufficientFundsError(WalletError):
    """A player's account holds less than a buy-in or an add-on takes from it: the message names
    the player, the chips asked for and the balance. The wallet and the table are unchanged."""


class FileError(LowballError, OSError):
    """A file that cannot be written or read: the message names the path and the reason, and
    ``errno`` holds the operating system's error number when there is one. Also an OSError, as
    such failures were before."""


def whole_number(
    value: object,
    name: str,
    low: int = 0,
    high: int | None = None,
    *,
    error: type[LowballError] = InvalidValueError,
) -> int:
    """``value`` as a plain int, if it is a whole number in ``low`` .. ``high`` (no upper bound
    when ``high`` is None): THE check of every number that comes into lowball (chips, stacks,
    counts, positions, seats, rule sizes).

    Any integer type is accepted (anything :func:`operator.index` takes: ``int``, numpy's
    ``int8`` .. ``uint64``) and returned as a plain ``int``, of any size Python can write as
    text (``sys.get_int_max_str_digits()``, 4300 digits by default: a hand history, a store and
    a message must hold it; where a number ends in a C field, ``high`` bounds it).
    Refused: ``bool`` (Python's or numpy's), every ``float`` and
    ``Decimal`` and ``Fraction``, integral ones too (``6.0``, ``Decimal(6)``: chips are counted,
    not measured, and a float that happens to be whole today is a rounding away from not being
    whole tomorrow), strings and None.

    Parameters
    ----------
    value : object
        The number given.
    name : str
        What it is, for the message (``"wager"``, ``"stack of position 0 (p1)"``).
    low, high : int
        The range allowed, both ends included.
    error : type of LowballError, default InvalidValueError
        The error to raise (the caller's own, e.g. ``VariantError`` for a rule).

    Raises
    ------
    LowballError
        ``error``, with the message ``"<name> = <value!r>: expected a whole number <low>..<high>"``
        (or ``"... <low> or more"``).
    """
    if type(value) is int:  # the common case, first
        number: int | None = value
    elif _is_bool(value):
        number = None
    else:
        try:
            number = int(operator.index(value))  # type: ignore[arg-type]
        except TypeError:
            number = None
    if number is None or number < low or (high is not None and number > high):
        top = f"..{high}" if high is not None else " or more"
        raise error(f"{name} = {shown(value, number)}: expected a whole number {low}{top}")
    if not writable(number):
        top = f"..{high}" if high is not None else " or more"
        raise error(
            f"{name} = {shown(value, number)}: expected a whole number {low}{top} of at most "
            f"{sys.get_int_max_str_digits()} digits (Python's limit for writing it as text)"
        )
    return number


NAME_LENGTH = 64
"""The most characters a name may have (a player's, a table's, a store key's): what a room's
page, a hand history and a message can show on one line."""


def name_text(
    value: object, name: str, *, length: int = NAME_LENGTH, error: type[LowballError] = InvalidValueError
) -> str:
    """``value`` if it is a name lowball can show and store: THE check of every text that
    reaches a table or a store (a player's name, a table id, a store's namespace and key, a
    variant's name and code).

    Accepted: a ``str`` of 1 .. ``length`` characters, every one printable (what
    :meth:`str.isprintable` accepts: letters, marks, numbers, punctuation, symbols and the plain
    space; no control or format character, no line break, no lone surrogate, no unassigned code
    point), not beginning or ending with a space. Such a text is always valid Unicode, so it
    encodes to UTF-8 (SQLite, a PHH file, a JSON message) and prints on one line.

    Parameters
    ----------
    value : object
        The text given.
    name : str
        What it is, for the message (``"seat 3: player"``, ``"table_id"``).
    length : int, default NAME_LENGTH (64)
        The most characters allowed.
    error : type of LowballError, default InvalidValueError
        The error to raise (the caller's own: ``TableError``, ``StoreError``, ...).

    Raises
    ------
    LowballError
        ``error``, naming the value (cut short when long) and what is wrong with it: the first
        character that is not printable is named by its code point (``U+D800``).
    """
    if type(value) is str and 0 < len(value) <= length and value.isprintable() and value.strip(" ") == value:
        return value  # the common case, first
    expected = f"a name of 1 to {length} printable characters"
    if not isinstance(value, str):
        raise error(f"{name} = {_cut(shown(value))}: expected {expected}")
    if not value:
        raise error(f"{name} = '': expected {expected}")
    if len(value) > length:
        raise error(f"{name} = {_cut(shown(value))}: {len(value)} characters, expected {expected}")
    bad = next((c for c in value if not c.isprintable()), None)
    if bad is not None:
        raise error(
            f"{name} = {_cut(ascii(value))}: the character U+{ord(bad):04X} is not printable, expected {expected}"
        )
    raise error(f"{name} = {_cut(shown(value))}: begins or ends with a space, expected {expected}")


def _cut(text: str, most: int = 80) -> str:
    """A value's text in a message, cut short."""
    return text if len(text) <= most else text[: most - 3] + "..."


def printable_text(text: str) -> str:
    """``text`` with every character that :func:`name_text` refuses (control and format
    characters, lone surrogates) replaced by U+FFFD: for a name read back from data written
    before names were checked, so that nothing stored can stop a table (it keeps the rest of
    the name; a name that is already valid is returned as it is). Leading and trailing spaces
    are dropped; an empty result is ``"\ufffd"``."""
    if text.isprintable() and text.strip(" ") == text and text:
        return text
    fixed = "".join(c if c.isprintable() else "\ufffd" for c in text).strip(" ")
    return fixed or "\ufffd"


def _is_bool(value: object) -> bool:
    """Python's bool or numpy's (``numpy.bool_`` in 1.x, ``numpy.bool`` in 2.x)."""
    return isinstance(value, bool) or type(value).__name__ in ("bool_", "bool")


def real_number(value: object) -> float | None:
    """``value`` as a float if it is a real number of any type (int, float, Fraction, numpy's),
    the one reading of times and durations: None for a bool, NaN or anything else; an integer
    or Fraction past the largest float is ``inf`` (out of any range the caller checks)."""
    if _is_bool(value) or not isinstance(value, numbers.Real):
        return None
    try:
        number = float(value)
    except OverflowError:
        return math.inf
    return None if math.isnan(number) else number


def _too_long(number: int) -> bool:
    """Whether Python refuses to write ``number`` as text (sys.get_int_max_str_digits): a hand
    history, a store or a message could not hold it."""
    try:
        str(number)
    except ValueError:
        return True
    return False


def shown(value: object, number: int | None = None) -> str:
    """``repr(value)`` for a message, never failing: Python refuses to write an integer of more
    than ``sys.get_int_max_str_digits()`` digits (4300 by default) as text, so such an integer
    is named by its size, and a value holding one (a Fraction, a list) by its type; the error
    raised is then the project's, not a bare ValueError. A repr that is not valid Unicode (an
    object's own ``__repr__`` with a lone surrogate) has those characters escaped (``\\ud800``),
    so that every message prints and encodes."""
    try:
        text = repr(value)
    except ValueError:
        try:
            if number is None:
                number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            return f"(a {type(value).__name__} too long to write as text)"
        digits = int(abs(number).bit_length() * 0.30103) + 1
        return f"{'-' if number < 0 else ''}(an integer of about {digits} digits)"
    return valid_text(text)


def valid_text(text: str) -> str:
    """``text`` with every code point that is not valid Unicode (a lone surrogate, as an object's
    own ``__repr__`` or an exception's message may hold) written as its escape (``\\ud800``):
    for a message made of another program's text, so that it prints, encodes to UTF-8 and can
    be stored."""
    if text.isascii():
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _long_bits() -> int | None:
    """Integers with fewer bits than this can be written as text under Python's current limit
    (``sys.get_int_max_str_digits()``; None when there is none): 10**(digits-1) has more."""
    digits = sys.get_int_max_str_digits()
    return None if digits == 0 else int((digits - 1) * 3.321928094887362)


def writable(number: int) -> bool:
    """Whether Python can write the integer ``number`` as text under its current limit
    (``sys.get_int_max_str_digits()``): what a hand history, a store and a message need."""
    bits = _long_bits()
    return bits is None or number.bit_length() < bits or not _too_long(number)


def _read_only_member(self: object, name: str, value: object) -> None:
    """``__setattr__`` of lowball's enum members: the Enum machinery sets private names while it
    makes a member; any other name is refused (``Ranking.BADUGI.title = ...``, ``.foo = 1``)."""
    if not name.startswith("_"):
        raise AttributeError(f"{type(self).__name__}.{getattr(self, '_name_', '?')} is read-only: cannot set {name!r}")
    object.__setattr__(self, name, value)


class ValueEnumType(enum.EnumMeta):
    """The metaclass of lowball's enums (``Ranking``, ``ReshuffleRule``): ``E(value)`` for a
    value Python cannot write as text (an integer of more than 4300 digits, a Fraction of one)
    goes straight to the enum's ``_missing_``, which raises the project's error naming it by
    :func:`shown`; the Enum machinery would first write ``repr(value)`` into a ValueError of its
    own, which itself fails."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: Any, **kwargs: Any) -> Any:
        namespace["__setattr__"] = _read_only_member  # a member is read-only, like the class
        return super().__new__(mcs, name, bases, namespace, **kwargs)

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs:
            try:
                repr(value)
            except ValueError:
                return cls._missing_(value)  # type: ignore[attr-defined]
        return super().__call__(value, *args, **kwargs)


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun in the number it takes, for messages: ``counted(1, "card")`` is
    ``'1 card'``, ``counted(3, "card")`` ``'3 cards'``, ``counted(2, "entry", "entries")``."""
    return f"{shown(n)} {noun if n == 1 else (plural or noun + 's')}"

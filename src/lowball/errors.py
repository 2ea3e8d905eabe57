"""The exceptions of lowball: one small hierarchy rooted at :class:`LowballError`.

Every message names the bad value and what was expected. After any of these is raised by a
method, the object it was called on is exactly as it was before the call.
"""

from __future__ import annotations

__all__ = [
    "LowballError",
    "InvalidValueError",
    "InvalidTypeError",
    "InvalidCardError",
    "IllegalActionError",
    "DeckError",
    "DeckExhaustedError",
    "DrawOrderError",
    "InvalidDiscardError",
    "FileError",
    "whole_number",
]


class LowballError(Exception):
    """Root of every error that lowball raises on purpose."""


class InvalidValueError(LowballError, ValueError):
    """An argument outside what a call accepts where no more specific error applies: a hand class
    outside 1..7462, an empty showdown, a number that is not a member of an enum."""


class InvalidTypeError(LowballError, TypeError):
    """An argument of a kind the call does not take where no more specific error applies (a
    float array of cards, a seed that is not a seed); also a TypeError, as it was before."""


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


class FileError(LowballError, OSError):
    """A file that cannot be written or read: the message names the path and the reason, and
    ``errno`` holds the operating system's error number when there is one. Also an OSError, as
    such failures were before."""


def whole_number(value: object, name: str, low: int = 0, high: int | None = None) -> int:
    """``value`` as a plain int if it is a whole number (any integer type, not a bool) in
    ``low`` .. ``high``; else :class:`InvalidValueError` naming ``name`` and the value."""
    import operator

    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        number = None
    if isinstance(value, bool) or number is None or number < low or (high is not None and number > high):
        top = f"..{high}" if high is not None else " or more"
        raise InvalidValueError(f"{name} = {value!r}: expected a whole number {low}{top}")
    return int(number)

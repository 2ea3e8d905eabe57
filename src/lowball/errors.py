"""The exceptions of lowball: one small hierarchy rooted at :class:`LowballError`.

Every message names the bad value and what was expected. After any of these is raised by a
method, the object it was called on is exactly as it was before the call.
"""

from __future__ import annotations

__all__ = ["LowballError", "InvalidCardError", "IllegalActionError"]


class LowballError(Exception):
    """Root of every error that lowball raises on purpose."""


class InvalidCardError(LowballError, ValueError):
    """Malformed card text, an out-of-range card number, a duplicate card, or a wrong card count."""


class IllegalActionError(LowballError, ValueError):
    """An action that the rules do not allow in the current state of a hand."""

"""The :class:`Ranking` enum (private module: use ``lowball.Ranking`` or ``lowball.evaluation``).

Kept apart from :mod:`lowball.evaluation` so that the compiled binding (``_core``) can import it
without importing the module that imports the binding.
"""

from __future__ import annotations

import enum

from lowball.errors import InvalidValueError, ValueEnumType, shown

__all__ = ["Ranking", "as_ranking"]

_FACTS = {
    # value: (hand size, classes, hands, title)
    "2-7": (5, 7462, 2598960, "2-7 lowball"),
    "a-5": (5, 6175, 2598960, "A-5 lowball"),
    "badugi": (4, 1092, 270725, "badugi"),
}
_ALIASES = {
    "27": "2-7",
    "deuce-to-seven": "2-7",
    "deuce_to_seven": "2-7",
    "a5": "a-5",
    "ace-to-five": "a-5",
    "ace_to_five": "a-5",
}


class Ranking(enum.Enum, metaclass=ValueEnumType):
    """Which hand ranking decides a showdown (``RULES.md`` sections 1 and 11).

    ``DEUCE_TO_SEVEN`` (``"2-7"``, the default everywhere): five cards, aces high, straights and
    flushes count against the hand; classes 1 (7-5-4-3-2) .. 7462.
    ``ACE_TO_FIVE`` (``"a-5"``, California lowball): five cards, aces low, straights and flushes
    do not count; classes 1 (5-4-3-2-A) .. 6175 (WSOP-LAR 287-290).
    ``BADUGI`` (``"badugi"``): four cards, the largest subset of different suits and ranks plays,
    aces low; classes 1 (4-3-2-A of four suits) .. 1092 (WSOP-LAR 303-304).

    In every ranking a lower class is a better hand and equal classes tie. ``Ranking("A-5")``,
    ``Ranking("badugi")``, ``Ranking("ace-to-five")`` and the member names are accepted in any
    case; anything else raises :class:`~lowball.errors.InvalidValueError` (a ValueError).
    """

    DEUCE_TO_SEVEN = "2-7"
    ACE_TO_FIVE = "a-5"
    BADUGI = "badugi"

    @classmethod
    def _missing_(cls, value: object) -> Ranking:
        if isinstance(value, str):
            text = value.strip().lower()
            text = _ALIASES.get(text, text)
            for member in cls:
                if text in (member.value, member.name.lower()):
                    return member
        names = ", ".join(repr(m.value) for m in cls)
        raise InvalidValueError(f"{shown(value)} is not a hand ranking: expected one of {names}")

    @property
    def hand_size(self) -> int:
        """Cards in a hand: 5 for 2-7 and A-5, 4 for badugi."""
        return _FACTS[self.value][0]

    @property
    def num_classes(self) -> int:
        """Distinct hand values: 7462 (2-7), 6175 (A-5), 1092 (badugi)."""
        return _FACTS[self.value][1]

    @property
    def num_hands(self) -> int:
        """Distinct hands of ``hand_size`` cards from 52: 2,598,960, or 270,725 for badugi."""
        return _FACTS[self.value][2]

    @property
    def title(self) -> str:
        """The game's name for display: ``'2-7 lowball'``, ``'A-5 lowball'``, ``'badugi'``."""
        return _FACTS[self.value][3]

    def __str__(self) -> str:
        return self.value


def as_ranking(value: object) -> Ranking:
    """``value`` as a :class:`Ranking`: a member as it is, or its name as ``Ranking(value)`` reads
    it. The one reading of "a Ranking or its name" in lowball (every function that takes
    ``ranking=`` reads it here, so that a bad value gets one message everywhere).

    Raises
    ------
    InvalidValueError
        For anything else: ``'razz' is not a hand ranking: expected one of '2-7', 'a-5', 'badugi'``.
    """
    return value if type(value) is Ranking else Ranking(value)

"""The options a table is made with: the buy-in (:class:`BuyIn`), the rake (:class:`RakePolicy`,
:class:`NoRake`, :class:`PercentRake`) and its times (:func:`seconds`: the decision time, the time
bank, the delay between hands, the hour a player who left is remembered, :data:`HOUR`).

>>> from lowball.variants import VARIANTS
>>> BuyIn.default(VARIANTS["F2L3D"])
BuyIn(minimum=20, maximum=None)
>>> PercentRake(5, cap=3).rake(100, reached_draw=True, players=6)
3
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

import numpy as np

from lowball.errors import TableError, real_number, shown, whole_number
from lowball.variants import FixedLimit, Variant

__all__ = ["HOUR", "BuyIn", "RakePolicy", "NoRake", "PercentRake", "check_rake", "rake_policy", "seconds"]

HOUR = 3600.0
"""WSOP-LAR 58's hour, in seconds: the least time a player who left is remembered."""


@dataclass(frozen=True)
class BuyIn:
    """How many chips a player may sit down with, and may have after adding chips.

    Parameters
    ----------
    minimum : int
        The least a player sits down with (WSOP-LAR 100: a full buy-in, ten small bets at limit).
    maximum : int or None
        The most a stack may hold after :meth:`Table.sit` or :meth:`Table.add_chips` (None: no
        limit, as at limit poker).

    Raises
    ------
    TableError
        For amounts that are not whole chips >= 1, or a maximum below the minimum.
    """

    minimum: int
    maximum: int | None = None

    def __post_init__(self) -> None:
        low = whole_number(self.minimum, "BuyIn.minimum", 1, error=TableError)
        object.__setattr__(self, "minimum", low)
        if self.maximum is not None:
            high = whole_number(self.maximum, "BuyIn.maximum", low, error=TableError)
            object.__setattr__(self, "maximum", high)

    @classmethod
    def default(cls, variant: Variant) -> BuyIn:
        """The usual buy-in of a game: at fixed limit ten small bets and no maximum (WSOP-LAR
        100); at pot and no limit 20 to 100 big blinds (the common range of card rooms; the
        WSOP rules leave it to the game)."""
        b = variant.betting
        if isinstance(b, FixedLimit):
            return cls(10 * b.small_bet)
        bb = variant.forced.big_blind or 1
        return cls(20 * bb, 100 * bb)


@runtime_checkable
class RakePolicy(Protocol):
    """The house's cut of a pot: anything with this ``rake`` method (and, to be resumed from a
    store without being given again, a ``to_dict`` whose result :func:`rake_policy` rebuilds).

    ``rake`` is called once when a hand is complete, with the chips won from the pots (uncalled
    bets returned are not part of it), whether the hand reached the first draw, and how many
    players were dealt in. It returns whole chips, 0 .. ``pot``.
    """

    def rake(self, pot: int, *, reached_draw: bool, players: int) -> int:
        """The chips the house takes from a pot of ``pot`` chips."""
        ...


@dataclass(frozen=True)
class NoRake:
    """No rake (the default)."""

    def rake(self, pot: int, *, reached_draw: bool, players: int) -> int:
        return 0

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "none"}


@dataclass(frozen=True)
class PercentRake:
    """A percentage of the pot, rounded down to whole chips, up to a cap.

    Parameters
    ----------
    percent : int (any integer type), str or Fraction
        The share taken, in percent (``5``, ``"2.5"``; exact, no float rounding). 0 .. 100.
    cap : int or None
        The most taken from one pot (chips), or no cap.
    no_draw_no_drop : bool, default True
        Take nothing from a hand that ends before the first draw, as many draw rooms do ("no
        flop, no drop" at hold'em; a house rule, not a WSOP one).

    Raises
    ------
    TableError
        For a percent outside 0..100 or that is not a number, or a cap that is not whole chips.
    """

    percent: Fraction | int | str
    cap: int | None = None
    no_draw_no_drop: bool = True

    def __post_init__(self) -> None:
        p = self.percent
        if isinstance(p, (bool, np.bool_)) or not (isinstance(p, (str, Fraction)) or hasattr(type(p), "__index__")):
            raise TableError(
                f"PercentRake.percent = {shown(p)}: expected a whole number, a decimal string or a Fraction"
            )
        if not isinstance(p, (str, Fraction)):  # any integer type (numpy's too), as a plain int
            p = whole_number(p, "PercentRake.percent", 0, 100, error=TableError)
        try:
            frac = Fraction(p)
        except (ValueError, ZeroDivisionError):
            raise TableError(
                f"PercentRake.percent = {shown(p)}: expected a number of percent such as 5 or '2.5'"
            ) from None
        if not 0 <= frac <= 100:
            raise TableError(f"PercentRake.percent = {shown(p)}: expected 0..100")
        object.__setattr__(self, "percent", frac)
        if self.cap is not None:
            object.__setattr__(self, "cap", whole_number(self.cap, "PercentRake.cap", 0, error=TableError))
        if not isinstance(self.no_draw_no_drop, bool):
            raise TableError(f"PercentRake.no_draw_no_drop = {shown(self.no_draw_no_drop)}: expected True or False")

    def rake(self, pot: int, *, reached_draw: bool, players: int) -> int:
        if self.no_draw_no_drop and not reached_draw:
            return 0
        taken = math.floor(Fraction(pot) * Fraction(self.percent) / 100)
        return taken if self.cap is None else min(taken, self.cap)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "percent",
            "percent": str(self.percent),
            "cap": self.cap,
            "no_draw_no_drop": self.no_draw_no_drop,
        }


def check_rake(rake: object) -> None:
    """Refuse a rake policy that is not one, or that answers a sample pot with anything but whole
    chips 0 .. pot: found when the table is made, not when a hand ends.

    Raises
    ------
    TableError
        Naming the policy and the sample pot it failed on.
    """
    if not isinstance(rake, RakePolicy):
        raise TableError(f"rake = {shown(rake)}: expected a rake policy (an object with a rake() method)")
    for pot, reached, players in ((0, False, 2), (1, True, 2), (100, True, 6), (100, False, 3), (10**6, True, 10)):
        try:
            taken = rake.rake(pot, reached_draw=reached, players=players)
        except Exception as e:
            raise TableError(f"rake = {shown(rake)}: rake({pot}, reached_draw={reached}) raised {shown(e)}") from None
        whole_number(taken, f"rake = {rake!r}: rake({pot}, reached_draw={reached})", 0, pot, error=TableError)


def rake_policy(data: Any) -> RakePolicy:
    """The built-in rake policy of a ``to_dict`` result (``{"kind": "none"}`` or ``"percent"``).

    Raises
    ------
    TableError
        For anything else (a policy of your own is given to :meth:`Table.resume` again).
    """
    if isinstance(data, dict) and data.get("kind") == "none":
        return NoRake()
    if isinstance(data, dict) and data.get("kind") == "percent":
        return PercentRake(Fraction(data["percent"]), data.get("cap"), data.get("no_draw_no_drop", True))
    raise TableError(f"rake = {shown(data)}: not a built-in rake policy; give the table's own policy again (rake=)")


def seconds(value: object, name: str, low: float = 0.0) -> float:
    """A time or duration in seconds (an option, or a time given to a call: ``name`` names it):
    any real number type (numpy's too), finite, >= ``low``.

    Raises
    ------
    TableError
        For anything else, naming ``name`` and the value.
    """
    number = real_number(value)
    if number is None or not math.isfinite(number) or number < low:
        expected = "a finite number of seconds" + (f" >= {low:g}" if math.isfinite(low) else "")
        raise TableError(f"{name} = {shown(value)}: expected {expected}")
    return number

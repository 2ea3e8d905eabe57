"""A :class:`~lowball.variants.Variant` as the numbers of the C engine's ``lb_rules``
(``csrc/hand.h``), and what the C engine cannot play."""

from __future__ import annotations

from typing import Any

from lowball.deck import ReshuffleRule
from lowball.errors import real_number, shown
from lowball.evaluation import Ranking
from lowball.variants import FixedLimit, NoLimit, PotLimit, Variant, VariantError

__all__ = ["UnsupportedVariantError", "MAX_CHIPS", "DEFAULT_FRACTIONS", "check_fractions", "rules_of", "unsupported"]

DEFAULT_FRACTIONS = (0.5, 1.0)
"""The pot fractions of the action space in pot and no limit, by default: half the pot and the
pot (each a raise of that fraction of the pot after the call), besides the largest wager."""

MAX_CHIPS = 2**60
"""The most chips the C engine counts: every stack, blind, ante and bet, and the stacks together,
stay below it (it counts in 64-bit integers; :class:`~lowball.engine.HandState` has no limit)."""


class UnsupportedVariantError(VariantError):
    """A variant, or a hand, the C engine cannot play (``lowball.engine.HandState`` plays it):
    the message names the variant and the reason."""


_RANKINGS = {Ranking.DEUCE_TO_SEVEN: 0, Ranking.ACE_TO_FIVE: 1, Ranking.BADUGI: 2}


def unsupported(variant: object) -> str | None:
    """Why the C engine cannot play ``variant``, or None when it can. Every
    :class:`~lowball.variants.Variant` is played whose amounts are below :data:`MAX_CHIPS` (and
    whose cap is below 2**30 raises);
    what it never plays is a hand of :class:`~lowball.engine.Posts` (a table's dead button,
    dead blinds or a kill) or a ``manual_showdown`` hand, which are not parts of a variant."""
    if not isinstance(variant, Variant):
        return f"{shown(variant)} is not a lowball Variant"
    f = variant.forced
    b = variant.betting
    amounts = {"small_blind": f.small_blind, "big_blind": f.big_blind, "ante": f.ante}
    if isinstance(b, FixedLimit):
        amounts.update(small_bet=b.small_bet, big_bet=b.big_bet)
    else:
        amounts.update(min_bet=b.min_bet)
    for name, value in amounts.items():
        if value >= MAX_CHIPS:
            return f"{name} = {value} is not below 2**60, the C engine's limit"
    if isinstance(b, FixedLimit) and b.max_raises >= 2**30:
        return f"max_raises = {b.max_raises} is not below 2**30, the C engine's count of raises"
    if variant.ranking not in _RANKINGS:  # pragma: no cover - every Ranking is played
        return f"the ranking {variant.ranking.value!r} has no C evaluator here"
    return None


def rules_of(variant: Variant) -> dict[str, Any]:
    """The ``lb_rules`` numbers of ``variant``.

    Raises
    ------
    UnsupportedVariantError
        Naming the variant and why, for a variant the C engine cannot play (see
        :func:`unsupported`).
    """
    why = unsupported(variant)
    if why is not None:
        name = variant.name if isinstance(variant, Variant) else shown(variant)
        raise UnsupportedVariantError(f"{name}: the C engine cannot play it: {why} (lowball.engine.HandState can)")
    b = variant.betting
    f = variant.forced
    fixed = isinstance(b, FixedLimit)
    return {
        "structure": 0 if fixed else (1 if isinstance(b, PotLimit) else 2),
        "small_bet": b.small_bet if isinstance(b, FixedLimit) else 0,
        "big_bet": b.big_bet if isinstance(b, FixedLimit) else 0,
        "max_raises": b.max_raises if isinstance(b, FixedLimit) else 0,
        "uncapped_heads_up": int(b.uncapped_heads_up) if isinstance(b, FixedLimit) else 0,
        "min_bet": b.min_bet if isinstance(b, (PotLimit, NoLimit)) else 0,
        "small_blind": f.small_blind,
        "big_blind": f.big_blind,
        "ante": f.ante,
        "big_blind_ante": int(f.big_blind_ante),
        "draws": variant.draws,
        "ranking": _RANKINGS[variant.ranking],
        "hand_size": variant.hand_size,
        "reshuffle": 1 if variant.reshuffle == ReshuffleRule.LIVE else 0,
        "burn": int(variant.burn),
        "open_fold": int(variant.open_fold),
        "show_all_hands": int(variant.show_all_hands),
        "must_open": int(variant.must_open),
    }


def check_fractions(fractions: Any) -> list[float]:
    """``fractions`` as a list of 0 to 8 finite numbers above 0 (the pot fractions of the action
    space).

    Raises
    ------
    VariantError
        For anything else, naming it.
    """
    if isinstance(fractions, (str, bytes)) or not hasattr(fractions, "__iter__"):
        raise VariantError(f"fractions = {shown(fractions)}: expected a list of pot fractions such as (0.5, 1.0)")
    out = []
    for k, f in enumerate(list(fractions)):
        x = real_number(f)
        if x is None or not 0 < x < 1e6:
            raise VariantError(f"fractions[{k}] = {shown(f)}: expected a number of pots above 0 and below 1e6")
        out.append(float(x))
    if len(out) > 8:
        raise VariantError(f"fractions = {shown(fractions)}: at most 8 pot fractions")
    return out

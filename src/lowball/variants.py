"""Rules as data: betting structures, forced bets and the variants of lowball draw games (2-7,
A-5 and badugi).

Every part is a frozen, keyword-only dataclass that checks itself when it is made; a
:class:`Variant` composes them, and :class:`lowball.engine.HandState` plays any variant. A new
variant is a new value, not a new engine:

>>> from lowball.variants import VARIANTS, FixedLimit, ForcedBets, Variant
>>> mine = Variant(name="2-7 triple draw, 10/20", draws=3,
...                betting=FixedLimit(small_bet=10, big_bet=20),
...                forced=ForcedBets(small_blind=5, big_blind=10))
>>> mine.betting_rounds, mine.betting.bet_size(3, mine.betting_rounds)
(4, 20)
>>> VARIANTS["N2L1D"].replace(show_all_hands=True).show_all_hands
True

Amounts are chips: whole numbers, never floats. Sources are named in ``RULES.md``: WSOP-LAR = WSOP
Live-Action Rules 2024, WSOP-TR = WSOP Tournament Rules 2024.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any, ClassVar, Union

from lowball.deck import ReshuffleRule
from lowball.errors import InvalidValueError, LowballError, ValueEnumType, name_text, shown, whole_number
from lowball.evaluation import Ranking, as_ranking

__all__ = [
    "VariantError",
    "FixedLimit",
    "PotLimit",
    "NoLimit",
    "BettingStructure",
    "STRUCTURES",
    "ForcedBets",
    "MissedBlinds",
    "Variant",
    "TRIPLE_DRAW_FIXED_LIMIT",
    "TRIPLE_DRAW_POT_LIMIT",
    "TRIPLE_DRAW_NO_LIMIT",
    "SINGLE_DRAW_FIXED_LIMIT",
    "SINGLE_DRAW_POT_LIMIT",
    "SINGLE_DRAW_NO_LIMIT",
    "ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT",
    "BADUGI_FIXED_LIMIT",
    "VARIANTS",
]


VARIANT_NAME_LENGTH = 100  # the most characters of a Variant's name
VARIANT_CODE_LENGTH = 20  # ... and of its code


class VariantError(LowballError, ValueError):
    """A rule value that is not allowed: a negative amount, a big bet below the small bet, ..."""


def _chips(owner: object, name: str, *, minimum: int = 0) -> None:
    """Check the field ``name`` of the frozen ``owner`` with :func:`~lowball.errors.whole_number`
    and store it as a plain int (a numpy integer is accepted and converted)."""
    value = getattr(owner, name)
    number = whole_number(value, f"{type(owner).__name__}.{name}", minimum, error=VariantError)
    object.__setattr__(owner, name, number)


@dataclass(frozen=True, kw_only=True)
class FixedLimit:
    """Fixed-limit betting: every bet and raise is one fixed amount.

    Parameters
    ----------
    small_bet : int
        Chips per bet or raise in the first half of the betting rounds (rounds 1-2 of triple
        draw, round 1 of single draw).
    big_bet : int
        Chips per bet or raise in the second half (normally twice the small bet).
    max_raises : int, default 4
        The cap: raises allowed after the opening bet of a round. In the first round the big blind
        is the opening bet. Default: a bet and four raises (WSOP-LAR 126/263).
    uncapped_heads_up : bool, default True
        No cap in a betting round that *begins* with two players (WSOP-LAR 127). Tournaments keep
        the cap until the whole tournament is heads-up (WSOP-TR 100b): pass False there.

    Raises
    ------
    VariantError
        For amounts below 1, a big bet below the small bet, max_raises below 0, or
        uncapped_heads_up that is not True or False.
    """

    small_bet: int
    big_bet: int
    max_raises: int = 4
    uncapped_heads_up: bool = True

    kind: ClassVar[str] = "fixed"  # in Variant.to_dict
    letter: ClassVar[str] = "F"  # of a PHH variant code: F2L3D
    title: ClassVar[str] = "fixed limit"

    def __post_init__(self) -> None:
        _chips(self, "small_bet", minimum=1)
        _chips(self, "big_bet", minimum=1)
        _chips(self, "max_raises", minimum=0)
        if not isinstance(self.uncapped_heads_up, bool):
            raise VariantError(
                f"FixedLimit.uncapped_heads_up = {shown(self.uncapped_heads_up)}: expected True or False"
            )
        if self.big_bet < self.small_bet:
            raise VariantError(f"FixedLimit.big_bet = {self.big_bet} is below small_bet = {self.small_bet}")

    def bet_size(self, betting_round: int, rounds: int) -> int:
        """The fixed bet of betting round ``betting_round`` (1..``rounds``, as players count)."""
        return self.small_bet if betting_round <= rounds // 2 else self.big_bet


@dataclass(frozen=True, kw_only=True)
class _MinBetStructure:
    """What pot limit and no limit share: a minimum bet, and raises of at least the largest bet
    or raise so far (an all-in short of that does not reopen the betting, WSOP-LAR 128)."""

    min_bet: int

    def __post_init__(self) -> None:
        _chips(self, "min_bet", minimum=1)


@dataclass(frozen=True, kw_only=True)
class PotLimit(_MinBetStructure):
    """Pot-limit betting: the largest raise makes the wager equal to the pot after the call.

    ``kind`` ``"pot"``, PHH code letter ``P``.

    Parameters
    ----------
    min_bet : int
        The smallest bet (normally the big blind). A raise must add at least the largest bet or
        raise of the round so far; an all-in short of that does not reopen the betting for
        players who already acted (WSOP-LAR 128).
    """

    kind: ClassVar[str] = "pot"
    letter: ClassVar[str] = "P"
    title: ClassVar[str] = "pot limit"


@dataclass(frozen=True, kw_only=True)
class NoLimit(_MinBetStructure):
    """No-limit betting: any amount up to the player's whole stack.

    ``kind`` ``"no"``, PHH code letter ``N``.

    Parameters
    ----------
    min_bet : int
        The smallest bet (normally the big blind). A raise must add at least the largest bet or
        raise of the round so far; an all-in short of that does not reopen the betting for
        players who already acted (WSOP-LAR 128).
    """

    kind: ClassVar[str] = "no"
    letter: ClassVar[str] = "N"
    title: ClassVar[str] = "no limit"


BettingStructure = Union[FixedLimit, PotLimit, NoLimit]

STRUCTURES: dict[str, type[FixedLimit] | type[PotLimit] | type[NoLimit]] = {
    cls.kind: cls for cls in (FixedLimit, PotLimit, NoLimit)
}
"""The betting structures by ``kind`` (``"fixed"``, ``"pot"``, ``"no"``); each class also has its
PHH code ``letter`` (``F``, ``P``, ``N``) and its ``title`` (``"fixed limit"``, ...)."""


@dataclass(frozen=True, kw_only=True)
class ForcedBets:
    """Blinds and antes, posted before the cards are dealt.

    Parameters
    ----------
    small_blind, big_blind : int
        Posted by the first and second player left of the button (heads-up: the button posts the
        small blind, WSOP-LAR 153). Either may be 0 (some rooms play antes and one big blind).
        The blinds are live: they count toward the first round's bets.
    ante : int, default 0
        Dead chips before the blinds: from every player, or only from the big blind when
        ``big_blind_ante`` is set (the big-blind ante of modern tournaments).
    big_blind_ante : bool, default False
        The big blind posts the ante (one ante of ``ante`` chips) for the whole table.

    Notes
    -----
    A player short of a forced bet posts all in for what they have.
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False

    def __post_init__(self) -> None:
        _chips(self, "small_blind")
        _chips(self, "big_blind")
        _chips(self, "ante")
        if not isinstance(self.big_blind_ante, bool):
            raise VariantError(f"ForcedBets.big_blind_ante = {shown(self.big_blind_ante)}: expected True or False")
        if self.small_blind > self.big_blind:
            raise VariantError(f"ForcedBets.small_blind = {self.small_blind} is above big_blind = {self.big_blind}")


class MissedBlinds(enum.Enum, metaclass=ValueEnumType):
    """How a player who missed blinds may come back to the game (``RULES.md`` section 9): the
    rule differs by game, so the variant carries it (:attr:`Variant.missed_blinds`).

    ``WAIT`` (``"wait"``, badugi): he waits for the big blind to come round before he receives
    a hand (WSOP-LAR 307).
    ``WAIT_OR_KILL`` (``"wait_or_kill"``, 2-7 and A-5 lowball): he waits for the big blind or
    kills the pot to be dealt in at once (WSOP-LAR 278; the kill: WSOP-LAR, Kill Pots).
    ``WAIT_OR_POST`` (``"wait_or_post"``, the blind games' general rule, hold'em style): he
    waits for the big blind or posts what he missed, the big blind live and the small blind
    dead (WSOP-LAR 156).

    The kill (twice the big blind, the hand's limits doubled) is lowball's: a new player may
    kill only where this is ``WAIT_OR_KILL`` too (WSOP-LAR 274). ``MissedBlinds("wait")`` and
    the member names are accepted in any case; anything else raises
    :class:`~lowball.errors.InvalidValueError` (a ValueError).
    """

    WAIT = "wait"
    WAIT_OR_KILL = "wait_or_kill"
    WAIT_OR_POST = "wait_or_post"

    @classmethod
    def _missing_(cls, value: object) -> MissedBlinds:
        if isinstance(value, str):
            text = value.strip().lower()
            for member in cls:
                if text in (member.value, member.name.lower()):
                    return member
        names = ", ".join(repr(m.value) for m in cls)
        raise InvalidValueError(f"{shown(value)} is not a missed-blind rule: expected one of {names}")

    @classmethod
    def of(cls, ranking: Ranking) -> MissedBlinds:
        """The rule of a game's family: ``WAIT`` for badugi (WSOP-LAR 307), ``WAIT_OR_KILL`` for
        2-7 and A-5 lowball (WSOP-LAR 278)."""
        return cls.WAIT if ranking is Ranking.BADUGI else cls.WAIT_OR_KILL

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, kw_only=True)
class Variant:
    """A complete set of rules for one hand of a lowball draw game.

    Parameters
    ----------
    name : str
        For display: 1 to 100 printable characters (:func:`~lowball.errors.name_text`).
    draws : int
        Number of draws: 3 for triple draw, 1 for single draw (``RULES.md`` section 3). There are
        ``draws + 1`` betting rounds.
    betting : FixedLimit, PotLimit or NoLimit
        The betting structure.
    forced : ForcedBets
        Blinds and antes.
    reshuffle : ReshuffleRule, default ReshuffleRule.SEEDS
        Which cards make a new stub when it runs short in a draw (``RULES.md`` section 4).
    burn : bool, default False
        Burn a card before each round of replacements (live rooms; not online, not the seeds).
    max_players : int, default 6
        The most players the variant seats (the seeds and WSOP-LAR 284 say 6; rooms spread 7).
        At most 10, the deck's limit.
    code : str, default ""
        The PHH variant code, if it has one (``F2L3D``, ``N2L1D``; see :mod:`lowball.phh`): ""
        or 1 to 20 printable characters.
    open_fold : bool, default False
        Whether a player who could check may fold anyway. In live play such a fold is binding
        (WSOP-TR 84); online rooms refuse it (the default). Hand histories recorded in live rooms
        may hold such folds: :mod:`lowball.phh` imports with ``open_fold=True``.
    show_all_hands : bool, default False
        At the showdown every live hand is shown (tournament all-ins, "show all" rooms). Default:
        hands are shown in the order of WSOP-LAR 145 and a later hand that neither wins nor ties
        what has been shown for a pot it is in is mucked unseen (WSOP-TR 72, WSOP-LAR 142).
    ranking : Ranking or str, default Ranking.DEUCE_TO_SEVEN
        The hand ranking of the showdown (:class:`~lowball.evaluation.Ranking`, or its text:
        ``"2-7"``, ``"a-5"``, ``"badugi"``): 2-7 lowball (``RULES.md`` section 1), ace-to-five
        lowball (WSOP-LAR 287-290) or badugi (WSOP-LAR 303-312).
    hand_size : int, optional
        Cards dealt to each player, and the most one may discard in a draw. Default: the
        ranking's hand size (5 for 2-7 and A-5, 4 for badugi). The evaluators rank exactly that
        many cards, so another value is refused.
    missed_blinds : MissedBlinds or str, optional
        How a player who missed blinds comes back (:class:`MissedBlinds`): ``"wait"``,
        ``"wait_or_kill"`` or ``"wait_or_post"``. Default: the ranking's family
        (:meth:`MissedBlinds.of`): badugi waits for the big blind (WSOP-LAR 307), 2-7 and A-5
        lowball wait or kill (WSOP-LAR 278); ``"wait_or_post"`` is the hold'em-style rule of
        WSOP-LAR 156 for rooms that use it.
    must_open : bool, default True
        In a game of antes and no blind, the first betting round is opened with a bet or
        folded: nobody checks until someone has bet (WSOP-LAR, Lowball: "Participants are
        required to open with a bet or fold"; a player who cannot bet, everyone else being all
        in, still checks). A blind is the opening bet, so it changes nothing in a game with
        blinds. False lets the first round be checked (hand histories are imported so, as
        ``open_fold``).

    Raises
    ------
    VariantError
        For draws outside 1..3, max_players outside 2..10, a part of the wrong type, a ranking
        that is not one, a hand_size other than the ranking's (naming both), or a missed-blind
        rule that is not one.
    """

    name: str
    draws: int
    betting: BettingStructure
    forced: ForcedBets
    reshuffle: ReshuffleRule = ReshuffleRule.SEEDS
    burn: bool = False
    max_players: int = 6
    code: str = field(default="", compare=False)
    open_fold: bool = False
    show_all_hands: bool = False
    ranking: Ranking = Ranking.DEUCE_TO_SEVEN
    hand_size: int = None  # type: ignore[assignment]  # None: the ranking's, set in __post_init__
    missed_blinds: MissedBlinds = None  # type: ignore[assignment]  # None: the family's, set in __post_init__
    must_open: bool = True

    def __post_init__(self) -> None:
        # printable names (errors.name_text): a table stores them, a PHH file and a page show them
        name_text(self.name, "Variant.name", length=VARIANT_NAME_LENGTH, error=VariantError)
        if self.code != "":
            name_text(self.code, "Variant.code", length=VARIANT_CODE_LENGTH, error=VariantError)
        if not isinstance(self.betting, (FixedLimit, PotLimit, NoLimit)):
            raise VariantError(f"Variant.betting = {shown(self.betting)}: expected FixedLimit, PotLimit or NoLimit")
        if not isinstance(self.forced, ForcedBets):
            raise VariantError(f"Variant.forced = {shown(self.forced)}: expected ForcedBets")
        for name, allowed in (("draws", range(1, 4)), ("max_players", range(2, 11))):
            number = whole_number(getattr(self, name), f"Variant.{name}", allowed[0], allowed[-1], error=VariantError)
            object.__setattr__(self, name, number)
        try:
            object.__setattr__(self, "reshuffle", ReshuffleRule(self.reshuffle))
        except ValueError:
            raise VariantError(
                f"Variant.reshuffle = {shown(self.reshuffle)}: expected ReshuffleRule.SEEDS or .LIVE"
            ) from None
        for name in ("burn", "open_fold", "show_all_hands", "must_open"):
            if not isinstance(getattr(self, name), bool):
                raise VariantError(f"Variant.{name} = {shown(getattr(self, name))}: expected True or False")
        try:
            ranking = as_ranking(self.ranking)
        except (LowballError, ValueError, TypeError):
            names = ", ".join(repr(r.value) for r in Ranking)
            raise VariantError(
                f"Variant.ranking = {shown(self.ranking)}: expected a lowball Ranking or one of {names}"
            ) from None
        object.__setattr__(self, "ranking", ranking)
        if self.hand_size is None:
            object.__setattr__(self, "hand_size", ranking.hand_size)
        else:
            size = whole_number(self.hand_size, "Variant.hand_size", 1, error=VariantError)
            if size != ranking.hand_size:
                raise VariantError(
                    f"Variant.hand_size = {size} does not fit Variant.ranking = {shown(ranking.value)}: "
                    f"{ranking.title} ranks hands of exactly {ranking.hand_size} cards"
                )
            object.__setattr__(self, "hand_size", size)
        if self.missed_blinds is None:
            object.__setattr__(self, "missed_blinds", MissedBlinds.of(ranking))
        else:
            try:
                rule = MissedBlinds(self.missed_blinds)
            except (LowballError, ValueError, TypeError):
                names = ", ".join(repr(m.value) for m in MissedBlinds)
                raise VariantError(
                    f"Variant.missed_blinds = {shown(self.missed_blinds)}: expected a lowball MissedBlinds or one "
                    f"of {names}"
                ) from None
            object.__setattr__(self, "missed_blinds", rule)

    @property
    def betting_rounds(self) -> int:
        """``draws + 1``."""
        return self.draws + 1

    def replace(self, **changes: Any) -> Variant:
        """A copy with some fields changed (and checked again). A new ``ranking`` without a
        ``hand_size`` takes the new ranking's hand size, and without ``missed_blinds`` the new
        ranking's family rule if this variant has its own family's.

        Raises
        ------
        VariantError
            For a field a variant does not have, or a bad value.
        """
        if "ranking" in changes and "hand_size" not in changes:
            changes["hand_size"] = None  # the new ranking's own
        if (
            "ranking" in changes
            and "missed_blinds" not in changes
            and self.missed_blinds is MissedBlinds.of(self.ranking)
        ):
            changes["missed_blinds"] = None  # the new family's
        try:
            return dataclasses.replace(self, **changes)
        except TypeError as e:
            raise VariantError(f"Variant.replace: {e}") from None

    def killed(self) -> Variant:
        """The rules of a killed pot: this variant with its betting limits doubled (fixed
        limit: the small and the big bet; pot and no limit: the minimum bet), the blinds as
        they are. WSOP-LAR, Kill Pots: "A full kill is double the amount of the big blind, and
        doubles the betting limits"; the killer's own blind of twice the big blind is the
        table's post (:class:`~lowball.engine.Posts`), not part of the variant."""
        b = self.betting
        doubled: BettingStructure
        if isinstance(b, FixedLimit):
            doubled = dataclasses.replace(b, small_bet=2 * b.small_bet, big_bet=2 * b.big_bet)
        else:
            doubled = dataclasses.replace(b, min_bet=2 * b.min_bet)
        return dataclasses.replace(self, betting=doubled)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable description (see :meth:`from_dict`). ``ranking`` (its text,
        ``"a-5"``) and ``hand_size`` are written only for a ranking other than 2-7, and
        ``missed_blinds`` only when it is not the family's (:meth:`MissedBlinds.of`): a 2-7
        variant's description is what it was before rankings were added."""
        b = self.betting
        d = {
            "name": self.name,
            "code": self.code,
            "draws": self.draws,
            "betting": {"kind": b.kind, **dataclasses.asdict(b)},
            "forced": dataclasses.asdict(self.forced),
            "reshuffle": self.reshuffle.name.lower(),
            "burn": self.burn,
            "max_players": self.max_players,
            "open_fold": self.open_fold,
            "show_all_hands": self.show_all_hands,
        }
        if self.ranking is not Ranking.DEUCE_TO_SEVEN:
            d["ranking"] = self.ranking.value
            d["hand_size"] = self.hand_size
        if self.missed_blinds is not MissedBlinds.of(self.ranking):
            d["missed_blinds"] = self.missed_blinds.value
        if not self.must_open:
            d["must_open"] = False
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Variant:
        """The variant of a :meth:`to_dict` result. A description without ``ranking`` and
        ``hand_size`` (a saved 2-7 hand or table, old or new) is 2-7 with five cards; one
        without ``missed_blinds`` (every description written before the rule was added, and a
        new one of the family's rule) has its family's rule.

        Raises
        ------
        VariantError
            For a malformed description.
        """
        if not isinstance(data, dict):
            raise VariantError(f"not a variant description: expected a dict, got {shown(data)}")
        try:
            betting = dict(data["betting"])
            kind = betting.pop("kind")
            structure: BettingStructure = STRUCTURES[kind](**betting)
            return cls(
                name=data["name"],
                code=data.get("code", ""),
                draws=data["draws"],
                betting=structure,
                forced=ForcedBets(**data["forced"]),
                reshuffle=ReshuffleRule[str(data.get("reshuffle", "seeds")).upper()],
                burn=data.get("burn", False),
                max_players=data.get("max_players", 6),
                open_fold=data.get("open_fold", False),
                show_all_hands=data.get("show_all_hands", False),
                ranking=data.get("ranking", Ranking.DEUCE_TO_SEVEN.value),
                **({"hand_size": data["hand_size"]} if "hand_size" in data else {}),
                missed_blinds=data.get("missed_blinds"),  # type: ignore[arg-type]  # None: the family's
                must_open=data.get("must_open", True),
            )
        except VariantError:
            raise
        except (KeyError, TypeError, ValueError) as e:
            raise VariantError(f"not a variant description: {shown(e)}") from None


def _ready_made(draws: int, betting: BettingStructure) -> Variant:
    """A ready-made variant: blinds 1/2, fixed limit 2/4 or a minimum bet of 2; its PHH code is
    the structure's letter, ``2L`` (deuce-to-seven lowball) and the draws (``3D``/``1D``). A
    player who missed blinds waits for the big blind or kills the pot (lowball, WSOP-LAR 278)."""
    game = "triple draw" if draws == 3 else "single draw"
    return Variant(
        name=f"2-7 {game}, {betting.title}",
        code=f"{betting.letter}2L{draws}D",
        draws=draws,
        betting=betting,
        forced=ForcedBets(small_blind=1, big_blind=2),
    )


TRIPLE_DRAW_FIXED_LIMIT = _ready_made(3, FixedLimit(small_bet=2, big_bet=4))
"""2-7 triple draw, fixed limit 2/4 with blinds 1/2: the default variant."""
TRIPLE_DRAW_POT_LIMIT = _ready_made(3, PotLimit(min_bet=2))
TRIPLE_DRAW_NO_LIMIT = _ready_made(3, NoLimit(min_bet=2))
SINGLE_DRAW_FIXED_LIMIT = _ready_made(1, FixedLimit(small_bet=2, big_bet=4))
SINGLE_DRAW_POT_LIMIT = _ready_made(1, PotLimit(min_bet=2))
SINGLE_DRAW_NO_LIMIT = _ready_made(1, NoLimit(min_bet=2))
"""2-7 single draw, no limit, blinds 1/2: single draw's usual structure."""

ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT = Variant(
    name="A-5 triple draw, fixed limit",
    code="LB-FA5L3D",
    draws=3,
    betting=FixedLimit(small_bet=2, big_bet=4),
    forced=ForcedBets(small_blind=1, big_blind=2),
    max_players=6,
    ranking=Ranking.ACE_TO_FIVE,
)
"""A-5 (ace-to-five, California) lowball triple draw, fixed limit 2/4 with blinds 1/2, five
cards, at most six players (WSOP-LAR 290); a player who missed blinds waits or kills (lowball,
WSOP-LAR 278). Its PHH code ``LB-FA5L3D`` is lowball's own: the PHH standard has no A-5 draw
game (see :mod:`lowball.phh`)."""
BADUGI_FIXED_LIMIT = Variant(
    name="badugi, fixed limit",
    code="FB",
    draws=3,
    betting=FixedLimit(small_bet=2, big_bet=4),
    forced=ForcedBets(small_blind=1, big_blind=2),
    max_players=8,
    ranking=Ranking.BADUGI,
)
"""Badugi, fixed limit 2/4 with blinds 1/2: four cards, three draws of 0 to 4 cards (the
limit game's usual three draws, WSOP-LAR section XI), at most eight players (WSOP-LAR 312); a
player who missed blinds waits for the big blind (WSOP-LAR 307). PHH code ``FB``, the
standard's."""

VARIANTS: dict[str, Variant] = {
    v.code: v
    for v in (
        TRIPLE_DRAW_FIXED_LIMIT,
        TRIPLE_DRAW_POT_LIMIT,
        TRIPLE_DRAW_NO_LIMIT,
        SINGLE_DRAW_FIXED_LIMIT,
        SINGLE_DRAW_POT_LIMIT,
        SINGLE_DRAW_NO_LIMIT,
        ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT,
        BADUGI_FIXED_LIMIT,
    )
}
"""The ready-made variants by code: F2L3D, P2L3D, N2L3D, F2L1D, P2L1D, N2L1D (2-7), LB-FA5L3D
(A-5 triple draw) and FB (badugi)."""

"""A tournament's structure: its game, starting stack, blind levels, breaks, entry (buy-in, fee,
late registration, rebuys, add-on) and payout table, ready-made or read from TOML.

Chips are integers; times are minutes in a structure and seconds on the tournament's clock.
``RULES.md`` section 13 states the rules with their numbers in the WSOP 2023 Tournament Rules
("TR").
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Any

import tomllib

from lowball._files import open_text
from lowball.errors import FileError, LowballError, shown, whole_number
from lowball.variants import VARIANTS, FixedLimit, ForcedBets, Variant, VariantError

__all__ = [
    "TournamentError",
    "Level",
    "Break",
    "Structure",
    "PayoutTable",
    "SIT_AND_GO_PAYOUTS",
    "MULTI_TABLE_PAYOUTS",
    "sit_and_go",
    "multi_table",
]


class TournamentError(LowballError, ValueError):
    """A bad tournament structure, entry or request (naming the bad value)."""


def number(value: object, name: str, *, positive: bool) -> float:
    """A finite number of minutes or seconds (> 0 with ``positive``, else >= 0).

    Raises
    ------
    TournamentError
        For anything else (naming ``name`` and the value).
    """
    expected = "> 0" if positive else ">= 0"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TournamentError(f"{name} = {shown(value)}: expected a number {expected}")
    try:
        f = float(value)
    except OverflowError:
        raise TournamentError(f"{name} = {shown(value)}: too large (expected a number {expected})") from None
    if not math.isfinite(f) or (f <= 0 if positive else f < 0):
        raise TournamentError(f"{name} = {shown(value)}: expected a number {expected}")
    return f


def _chips(value: object, name: str, low: int = 0) -> int:
    return whole_number(value, name, low, error=TournamentError)


@dataclass(frozen=True, kw_only=True)
class Level:
    """One blind level: the blinds, the ante (or a big-blind ante: the big blind posts the
    table's ante, ``big_blind_ante=True`` with ``ante`` its size), the fixed-limit bets (default
    the big blind and twice it) and how long it lasts: ``minutes`` on the tournament's clock or
    ``hands`` (rounds of one hand at every table). A level with neither is the last, played
    until the end.

    Raises
    ------
    TournamentError
        For chips that are not whole numbers, a big blind below the small blind, both ``minutes``
        and ``hands``, or a length that is not positive.
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False
    small_bet: int | None = None
    big_bet: int | None = None
    minutes: float | None = None
    hands: int | None = None

    def __post_init__(self) -> None:
        sb = _chips(self.small_blind, "Level.small_blind")
        bb = _chips(self.big_blind, "Level.big_blind", max(1, sb))
        _chips(self.ante, "Level.ante")
        if not isinstance(self.big_blind_ante, bool):
            raise TournamentError(f"Level.big_blind_ante = {shown(self.big_blind_ante)}: expected True or False")
        small = bb if self.small_bet is None else _chips(self.small_bet, "Level.small_bet", 1)
        big = 2 * small if self.big_bet is None else _chips(self.big_bet, "Level.big_bet", small)
        object.__setattr__(self, "small_bet", small)
        object.__setattr__(self, "big_bet", big)
        if self.minutes is not None and self.hands is not None:
            raise TournamentError("Level: give minutes or hands, not both")
        if self.minutes is not None:
            number(self.minutes, "Level.minutes", positive=True)
        if self.hands is not None:
            whole_number(self.hands, "Level.hands", 1, error=TournamentError)

    def variant(self, base: Variant) -> Variant:
        """``base`` at this level's stakes (the blinds, ante and bets; its game unchanged).

        Raises
        ------
        TournamentError
            When the variant does not take these stakes (naming the variant's reason).
        """
        try:
            forced = ForcedBets(
                small_blind=self.small_blind, big_blind=self.big_blind, ante=self.ante,
                big_blind_ante=self.big_blind_ante,
            )  # fmt: skip
            b = base.betting
            if isinstance(b, FixedLimit):
                assert self.small_bet is not None and self.big_bet is not None  # set in __post_init__
                betting: Any = dataclasses.replace(b, small_bet=self.small_bet, big_bet=self.big_bet)
            else:
                betting = dataclasses.replace(b, min_bet=self.big_blind)
            return base.replace(forced=forced, betting=betting)
        except VariantError as e:
            raise TournamentError(f"level {self.small_blind}/{self.big_blind}: {e}") from None

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in dataclasses.asdict(self).items() if v is not None and v is not False}


@dataclass(frozen=True, kw_only=True)
class Break:
    """A break after level ``after_level`` (counted from 1) of ``minutes``; with ``color_up``
    the smallest chip in play becomes that many chips at the break and the odd chips are raced
    off (TR 77)."""

    after_level: int
    minutes: float = 10.0
    color_up: int | None = None

    def __post_init__(self) -> None:
        whole_number(self.after_level, "Break.after_level", 1, error=TournamentError)
        number(self.minutes, "Break.minutes", positive=False)
        if self.color_up is not None:
            whole_number(self.color_up, "Break.color_up", 2, error=TournamentError)

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in dataclasses.asdict(self).items() if v is not None}


@dataclass(frozen=True)
class PayoutTable:
    """The share of the prize pool each place is paid, by field size: ``rows`` are
    ``(largest field, shares)`` in increasing field size, the shares in parts of the pool that
    sum to ``parts`` (10,000: basis points), first place first. A field larger than the last row
    takes the last row.

    Raises
    ------
    TournamentError
        For rows out of order, shares that do not sum to ``parts``, shares that increase, or more
        places paid than players in the row's smallest field.
    """

    rows: tuple[tuple[int, tuple[int, ...]], ...]
    parts: int = 10_000

    def __post_init__(self) -> None:
        try:
            rows = tuple(
                (whole_number(size, "PayoutTable: a field size", 2, error=TournamentError),
                 tuple(whole_number(x, "PayoutTable: a share", 0, error=TournamentError) for x in shares))
                for size, shares in self.rows
            )  # fmt: skip
        except (TypeError, ValueError) as e:
            if isinstance(e, TournamentError):
                raise
            raise TournamentError(f"PayoutTable: rows = {shown(self.rows)}: expected (field, shares) pairs") from None
        whole_number(self.parts, "PayoutTable.parts", 1, error=TournamentError)
        object.__setattr__(self, "rows", rows)
        if not rows:
            raise TournamentError("PayoutTable: no rows")
        last = 0
        for size, shares in rows:
            whole_number(size, "PayoutTable: a field size", 2, error=TournamentError)
            if size <= last:
                raise TournamentError(f"PayoutTable: field sizes must increase ({last}, then {size})")
            if sum(shares) != self.parts or any(s < 0 for s in shares):
                raise TournamentError(
                    f"PayoutTable: the shares for up to {size} players sum to {sum(shares)}, not {self.parts}"
                )
            if any(a < b for a, b in zip(shares, shares[1:], strict=False)):
                raise TournamentError(f"PayoutTable: the shares for up to {size} players increase: {list(shares)}")
            if len(shares) > last + 1 and len(shares) > 1 and len(shares) >= size:
                raise TournamentError(f"PayoutTable: {len(shares)} places paid of a field of {size}")
            last = size

    def shares(self, entries: int) -> tuple[int, ...]:
        """The shares of places 1, 2, ... for a field of ``entries``."""
        for size, shares in self.rows:
            if entries <= size:
                return shares
        return self.rows[-1][1]

    def prizes(self, entries: int, pool: int) -> tuple[int, ...]:
        """The prize of each place paid for a field of ``entries`` and a ``pool`` (chips of the
        ledger's money): each place its share rounded down, the odd units to first place
        (*lowball:*), so they sum to the pool."""
        shares = self.shares(entries)
        paid = [pool * s // self.parts for s in shares]
        paid[0] += pool - sum(paid)
        return tuple(paid)

    @classmethod
    def from_toml(cls, text: str) -> PayoutTable:
        """A payout table from TOML text: ``[[row]]`` tables with ``field`` (the largest field) and
        ``shares`` (percentages or parts), and optionally ``parts = 100`` at the top.

        Raises
        ------
        TournamentError
            For text that is not TOML or a table that is not a payout table.
        """
        if not isinstance(text, str):
            raise TournamentError(f"text = {shown(text)}: expected TOML text (a str)")
        try:
            data = tomllib.loads(text)
            parts = data.get("parts", 10_000)
            rows = tuple((r["field"], tuple(r["shares"])) for r in data["row"])
        except (tomllib.TOMLDecodeError, KeyError, TypeError) as e:
            raise TournamentError(f"not a payout table: {shown(e)}") from None
        return cls(rows, parts)

    def to_dict(self) -> dict[str, Any]:
        return {"parts": self.parts, "row": [{"field": s, "shares": list(p)} for s, p in self.rows]}


SIT_AND_GO_PAYOUTS = PayoutTable(((3, (10_000,)), (5, (6_500, 3_500)), (10, (5_000, 3_000, 2_000))))
"""*lowball:* the usual single-table payouts: winner takes all up to 3 players, 65/35 up to 5,
50/30/20 up to 10 (and beyond)."""


def _mtt_rows() -> tuple[tuple[int, tuple[int, ...]], ...]:
    rows: list[tuple[int, tuple[int, ...]]] = [(3, (10_000,)), (5, (6_500, 3_500)), (10, (5_000, 3_000, 2_000))]
    for size, paid in ((20, 4), (30, 5), (50, 7), (100, 10), (200, 20), (500, 50), (1000, 100), (10**9, 150)):
        # about 15% of the field paid; place i's share in proportion to 1 / (i + 1), the odd parts
        # to the first place
        weights = [1 / (i + 1) for i in range(paid)]
        total = sum(weights)
        shares = [int(10_000 * w / total) for w in weights]
        shares[0] += 10_000 - sum(shares)
        rows.append((size, tuple(shares)))
    return tuple(rows)


MULTI_TABLE_PAYOUTS = PayoutTable(_mtt_rows())
"""*lowball:* a multi-table payout table paying about the top 15% of the field (4 places up to
20 players ... 100 up to 1,000, 150 above), place *i* paid in proportion to 1 / *i*."""


@dataclass(frozen=True, kw_only=True)
class Structure:
    """What a tournament plays: the ``variant`` (its stakes are the levels'), the
    ``starting_stack``, the ``levels`` (the last is played until the end), ``breaks``, the
    ``table_size`` (default the variant's ``max_players``), the entry (``buy_in`` into the prize
    pool and ``fee`` to the house, in the ledger's money; late registration open until the end of
    level ``late_registration``, 0: none), rebuys (``rebuys`` per player, each ``rebuy_stack``
    chips for ``buy_in``, while the level is at most ``rebuy_levels``, by a player with no chips:
    TR 13), an add-on (``addon_stack`` chips for ``buy_in`` once, at the end of the rebuy
    levels) and the ``payouts`` table.

    Raises
    ------
    TournamentError
        For a bad value (naming it); VariantError for a variant that is not one.
    """

    variant: Variant
    starting_stack: int
    levels: tuple[Level, ...]
    breaks: tuple[Break, ...] = ()
    table_size: int | None = None
    buy_in: int = 100
    fee: int = 10
    late_registration: int = 0
    rebuys: int = 0
    rebuy_stack: int | None = None
    rebuy_levels: int = 0
    addon_stack: int = 0
    payouts: PayoutTable = field(default=MULTI_TABLE_PAYOUTS)

    def __post_init__(self) -> None:
        if not isinstance(self.variant, Variant):
            raise VariantError(f"variant = {shown(self.variant)}: expected a lowball Variant")
        _chips(self.starting_stack, "Structure.starting_stack", 1)
        levels = tuple(self.levels) if isinstance(self.levels, (tuple, list)) else ()
        if not levels or not all(isinstance(x, Level) for x in levels):
            raise TournamentError(f"Structure.levels = {shown(self.levels)}: expected one Level or more")
        object.__setattr__(self, "levels", levels)
        for level in levels:
            level.variant(self.variant)  # each level's stakes fit the game
        if not isinstance(self.breaks, (tuple, list)) or not all(isinstance(b, Break) for b in self.breaks):
            raise TournamentError(f"Structure.breaks = {shown(self.breaks)}: expected Break values")
        breaks = tuple(sorted(self.breaks, key=lambda b: b.after_level))
        object.__setattr__(self, "breaks", breaks)
        size = self.variant.max_players if self.table_size is None else self.table_size
        size = whole_number(size, "Structure.table_size", 2, self.variant.max_players, error=TournamentError)
        object.__setattr__(self, "table_size", size)
        _chips(self.buy_in, "Structure.buy_in")
        _chips(self.fee, "Structure.fee")
        _chips(self.late_registration, "Structure.late_registration")
        _chips(self.rebuys, "Structure.rebuys")
        _chips(self.rebuy_levels, "Structure.rebuy_levels")
        _chips(self.addon_stack, "Structure.addon_stack")
        stack = self.starting_stack if self.rebuy_stack is None else _chips(self.rebuy_stack, "rebuy_stack", 1)
        object.__setattr__(self, "rebuy_stack", stack)
        if not isinstance(self.payouts, PayoutTable):
            raise TournamentError(f"Structure.payouts = {shown(self.payouts)}: expected a PayoutTable")

    @property
    def seats(self) -> int:
        """Seats at each table."""
        assert self.table_size is not None
        return self.table_size

    def final_table_size(self) -> int:
        """Players at which the last tables combine to the final table: one more than the table
        size for tables of 6 to 9 (TR 68: a 9-handed event combines with 10 remaining, 8 with 9,
        7 with 8, 6 with 7) when that fits the variant's seats, else the table size
        (*lowball:* a table of 10 or more, or fewer than 6, and a game whose table has no
        extra seat)."""
        n = self.seats
        if 6 <= n <= 9 and n + 1 <= self.variant.max_players:
            return n + 1
        return n

    def final_table_seats(self) -> int:
        """The final table's seats (room for :meth:`final_table_size` players)."""
        return self.final_table_size()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data, read back by :meth:`from_dict`."""
        return {
            "variant": self.variant.to_dict(),
            "starting_stack": self.starting_stack,
            "levels": [x.to_dict() for x in self.levels],
            "breaks": [b.to_dict() for b in self.breaks],
            "table_size": self.table_size,
            "buy_in": self.buy_in,
            "fee": self.fee,
            "late_registration": self.late_registration,
            "rebuys": self.rebuys,
            "rebuy_stack": self.rebuy_stack,
            "rebuy_levels": self.rebuy_levels,
            "addon_stack": self.addon_stack,
            "payouts": self.payouts.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Structure:
        """A structure from :meth:`to_dict`'s data (or a TOML file's: ``variant`` may be a code of
        :data:`~lowball.variants.VARIANTS`, ``payouts`` ``"sit_and_go"`` or ``"multi_table"``).

        Raises
        ------
        TournamentError
            For data that is not a structure (naming what is wrong).
        """
        try:
            d = dict(data)
            v = d.pop("variant")
            if isinstance(v, str):
                if v not in VARIANTS:
                    raise TournamentError(f"variant = {shown(v)}: not one of {', '.join(VARIANTS)}")
                variant = VARIANTS[v]
            else:
                variant = Variant.from_dict(v)
            levels = tuple(Level(**x) for x in d.pop("levels"))
            breaks = tuple(Break(**x) for x in d.pop("breaks", ()))
            p = d.pop("payouts", "multi_table")
            if p == "sit_and_go":
                payouts = SIT_AND_GO_PAYOUTS
            elif p == "multi_table":
                payouts = MULTI_TABLE_PAYOUTS
            elif isinstance(p, dict):
                payouts = PayoutTable(tuple((r["field"], tuple(r["shares"])) for r in p["row"]), p.get("parts", 10_000))
            else:
                raise TournamentError(f"payouts = {shown(p)}: expected 'sit_and_go', 'multi_table' or a table")
            return cls(variant=variant, levels=levels, breaks=breaks, payouts=payouts, **d)
        except TournamentError:
            raise
        except (KeyError, TypeError, ValueError) as e:
            raise TournamentError(f"not a tournament structure: {shown(e)}") from None

    @classmethod
    def from_toml(cls, path: str) -> Structure:
        """A structure read from a TOML file (the keys of :meth:`to_dict`; ``[[levels]]`` and
        ``[[breaks]]`` arrays of tables, ``variant`` a code such as ``"F2L3D"``).

        Raises
        ------
        TournamentError
            For a file that is not TOML or not a structure; FileError for a file that cannot be
            read.
        """
        try:
            with open_text(path) as f:
                text = f.read()
        except OSError as e:
            raise FileError(f"{path}: cannot read the structure: {e.strerror or e}") from None
        except UnicodeDecodeError as e:
            raise TournamentError(f"{path}: not a UTF-8 text file: {e.reason}") from None
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise TournamentError(f"{path}: not TOML: {e}") from None
        return cls.from_dict(data)


def _levels(variant: Variant, blinds: list[tuple[int, int]], **length: Any) -> tuple[Level, ...]:
    return tuple(Level(small_blind=sb, big_blind=bb, **length) for sb, bb in blinds)


_BLINDS = [(5, 10), (10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300), (200, 400),
           (300, 600), (400, 800), (500, 1000), (750, 1500), (1000, 2000), (1500, 3000), (2000, 4000),
           (3000, 6000), (5000, 10000), (7500, 15000), (10000, 20000)]  # fmt: skip


def sit_and_go(variant: Variant | None = None, *, hands: int = 10) -> Structure:
    """A ready-made sit & go: one table of the variant's size, 1,500 chips, blinds from 5/10
    doubling about every two levels, each level ``hands`` rounds, the sit & go payouts, buy-in
    100 + 10."""
    v = VARIANTS["F2L3D"] if variant is None else variant
    whole_number(hands, "hands", 1, error=TournamentError)
    return Structure(
        variant=v, starting_stack=1500, levels=_levels(v, _BLINDS, hands=hands), payouts=SIT_AND_GO_PAYOUTS,
    )  # fmt: skip


def multi_table(variant: Variant | None = None, *, minutes: float = 20.0) -> Structure:
    """A ready-made multi-table event: the variant's full tables, 3,000 chips, blinds from 5/10,
    levels of ``minutes``, a 10-minute break every four levels (the 5 chips coloured up to 25 at
    the break after level 8, TR 77), late registration to the end of level 4, the multi-table
    payouts, buy-in 100 + 10."""
    v = VARIANTS["F2L3D"] if variant is None else variant
    if not isinstance(v, Variant):
        raise VariantError(f"variant = {shown(v)}: expected a lowball Variant")
    breaks = tuple(Break(after_level=k, minutes=10.0, color_up=25 if k == 8 else None) for k in (4, 8, 12, 16))
    return Structure(
        variant=v, starting_stack=3000, levels=_levels(v, _BLINDS, minutes=minutes), breaks=breaks,
        late_registration=4, payouts=MULTI_TABLE_PAYOUTS,
    )  # fmt: skip

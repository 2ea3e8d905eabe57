"""Draw odds and equity for 2-7 lowball (draw odds for A-5 and badugi too): what to throw, and
what are my chances.

Everything is counted in the C core (``csrc/odds.c``); this module checks the arguments and
turns counts into the numbers players use. Ace-to-five lowball and badugi (``ranking=`` of
:func:`draw_outcomes`, :func:`discard_table` and :func:`threshold`) are counted by ranking every
replacement with the C evaluator (:func:`lowball.evaluation.evaluate_batch`); :func:`equity`
refuses them.

* :func:`draw_outcomes`: every way one discard can be replaced, exactly: how often each final
  hand comes, and the chance of any hand or better.
* :func:`discard_table`: all 32 discards of a hand, exactly, best first, with the chance of a 7-,
  8-, 9- and 10-low or better, and of winning against an opponent when one is given; without
  one, the equity against a default opponent (sampled), which orders the rows.
* :func:`equity`: the share of the pot each hand wins. One draw with known discards: exact for
  every heads-up situation (five against five included) and for multi-way pots within a budget;
  sampled otherwise. Two or three draws (triple draw from any point of the hand): Monte Carlo,
  each player drawing by a :class:`DrawStrategy`, the stub running out and being reshuffled exactly as
  the deck plays it (``RULES.md`` section 4).
* :func:`discard_matrix`: heads-up single draw with both hands known: the exact equity of every
  pair of discards, the best response to each and the discard with the best worst case.

Conventions. Cards are anything :func:`lowball.cards.parse_cards` reads (text, card numbers
0..51, :class:`~lowball.Card`, a :class:`~lowball.Hand`). The *unseen* cards (the stub), from
which the replacements come, are the 52 cards minus every hand given minus ``dead`` and
``removed``. ``dead`` cards are in the muck (your own earlier discards, a folded hand you saw):
they come back only when the stub cannot complete a draw and the deck reshuffles the muck
(``RULES.md`` sections 4 and 8); ``removed`` cards never do. A player's discards are out of play
too: nobody can draw them in the same draw (``RULES.md`` section 4). Probabilities are floats in
[0, 1]; the exact counts behind them are ints. A *target* (a hand "or better") is a class number
1..7462, a five-card hand, or a low written by its top ranks: ``"8-6"`` means any 8-6 low or
better, so the roughest 8-6 (8-6-5-4-3) is the class compared with; ``"9"`` any 9-low or better.

>>> from lowball import odds
>>> o = odds.draw_outcomes("8s7h4d3c2s", discard="8s")
>>> o.total, o.count("7")       # 47 cards to draw from; a 6 or a 5 makes a 7-low
(47, 8)
>>> o.count("8")                # ... and the three eights left make 8-7-4-3-2
11
>>> odds.equity(["7h5c4d3s2h", "9h8c6d5h2c"], discards=["", ""]).players[0].equity
1.0
"""

from __future__ import annotations

import itertools
import math
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any, Union, overload

import numpy as np
import numpy.typing as npt

import lowball._odds as _odds
from lowball.cards import RANKS, Card, HandLike, format_cards, parse_cards
from lowball.deck import ReshuffleRule
from lowball.errors import (
    InvalidCardError,
    InvalidSeedError,
    InvalidTypeError,
    InvalidValueError,
    counted,
    shown,
    whole_number,
)
from lowball.evaluation import (
    NUM_CLASSES,
    BadugiCategory,
    HandCategory,
    Ranking,
    as_ranking,
    category,
    class_ranks,
    describe,
    evaluate,
    evaluate_batch,
    sorted_hand,
)
from lowball.parallel import check_executor, run_shards
from lowball.seeds import check_seed

__all__ = [
    "MAX_PLAYERS",
    "SHARE",
    "LOWS",
    "DEFAULT_BUDGET",
    "DEFAULT_TABLE_TRIALS",
    "DEFAULT_STRATEGY_TEXT",
    "ORDERS",
    "DefaultOpponent",
    "Target",
    "threshold",
    "lows_of",
    "check_places",
    "DrawStrategy",
    "Strategy",
    "DrawOutcomes",
    "DiscardRow",
    "DiscardTable",
    "PlayerEquity",
    "Equity",
    "DiscardMatrix",
    "draw_outcomes",
    "discard_table",
    "equity",
    "discard_matrix",
]

MAX_PLAYERS: int = _odds.MAX_PLAYERS
"""The most hands :func:`equity` takes: 9 (a simulation keeps one deck position for the dead cards)."""
SHARE: int = _odds.SHARE
"""Pot shares are counted exactly in units of 1/2520 (2520 is divisible by every tie size 1..9)."""
DEFAULT_BUDGET: int = 50_000_000
"""Multi-way single-draw equity is enumerated exactly when there are at most this many deals."""
MAX_TRIALS: int = 2**63 - 1
"""The most trials of a sampled run: the C kernel numbers trials in 64 bits."""
_BATCH = 1 << 16  # trials between two checks of a target standard error (any thread count)

_Spec = tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int], bool, bool, int, tuple[int, int, int]]
Target = Union[int, str, HandLike]
_Discards = Union[tuple[tuple[Card, ...], ...], None]
"""A hand "or better": a class 1..7462, five cards, or a low by its top ranks (``"8-6"``, ``"9"``)."""

_LOW_TEXT = re.compile(r"^\s*(10|[2-9TJQKA])(\s*-\s*(10|[2-9TJQKA]))*\s*$", re.IGNORECASE)


@lru_cache(maxsize=1)
def _roughest() -> dict[tuple[int, ...], int]:
    """For every prefix of the ranks of a no-pair hand (top first), the roughest class with it."""
    out: dict[tuple[int, ...], int] = {}
    for cls, (cat, ranks) in enumerate(class_ranks()):
        if cls == 0 or cat != HandCategory.HIGH_CARD:
            continue
        for n in range(1, 6):
            key = ranks[:n]
            if out.get(key, 0) < cls:
                out[key] = cls
    return out


@lru_cache(maxsize=3)
def _roughest_of(ranking: Ranking) -> dict[tuple[str, ...], int]:
    """A-5 and badugi: for every prefix of the ranks (top first, as :func:`describe` writes them)
    of a made low (A-5: no pair; badugi: a four-card badugi), the roughest class with it."""
    made = HandCategory.HIGH_CARD if ranking is Ranking.ACE_TO_FIVE else BadugiCategory.FOUR_CARD
    out: dict[tuple[str, ...], int] = {}
    for cls in range(1, ranking.num_classes + 1):
        if category(cls, ranking) != made:
            continue
        ranks = tuple(describe(cls, ranking).partition(":")[0].split("-"))
        for n in range(1, len(ranks) + 1):
            out[ranks[:n]] = max(out.get(ranks[:n], 0), cls)
    return out


def _threshold_low(target: Target, name: str, ranking: Ranking) -> int:
    """:func:`threshold` for A-5 and badugi."""
    what = "A-5 low (a hand without a pair)" if ranking is Ranking.ACE_TO_FIVE else "four-card badugi"
    example = "'8-6' or '9'" if ranking is Ranking.ACE_TO_FIVE else "'8-5' or '9'"
    if isinstance(target, str) and _LOW_TEXT.match(target):
        ranks = tuple("T" if t.strip() == "10" else t.strip().upper() for t in target.split("-"))
        cls = _roughest_of(ranking).get(ranks)
        if cls is None:
            raise InvalidValueError(
                f"{name} {shown(target)}: no {what} has those top ranks (expected ranks from the top down, "
                f"the ace last, e.g. {example})"
            )
        return cls
    size = ranking.hand_size
    if isinstance(target, (str, tuple, list, Card, np.ndarray)) or not hasattr(type(target), "__index__"):
        try:
            return int(evaluate(_cards(target, name, size), ranking))
        except InvalidCardError as exc:
            article = "an" if ranking.title.startswith("A") else "a"  # an A-5 lowball class
            raise InvalidCardError(
                f"{name} {shown(target)}: expected {article} {ranking.title} class 1..{ranking.num_classes}, "
                f"{size} cards or a low like {example} ({exc})"
            ) from None
    return whole_number(target, name, 1, ranking.num_classes)


def threshold(target: Target, *, name: str = "target", ranking: Ranking | str = Ranking.DEUCE_TO_SEVEN) -> int:
    """The class a target stands for: hands of this class or lower are "that hand or better".

    Parameters
    ----------
    target
        A class number 1..7462 (any integer type); five cards (text or a hand): their class; or a
        low written by its top ranks, from the top down, separated by ``-``: ``"9"`` (any 9-low:
        the roughest is 9-8-7-6-4), ``"8-6"`` (8-6-5-4-3), ``"7-5-4-3-2"``. ``T`` or ``10`` is ten.
        In A-5 (``ranking``) a class 1..6175, five cards, or the top ranks of a low without a
        pair, the ace low and last (``"8-6"``: 8-6-5-4-3; ``"6-4-3-2-A"``). In badugi a class
        1..1092, four cards, or the top ranks of a four-card badugi (``"9"``: any four-card
        9 or better, the roughest 9-8-7-6; ``"8-5"``: 8-5-4-3).
    name
        The argument's name, for the error message.
    ranking : Ranking or str, default Ranking.DEUCE_TO_SEVEN
        The hand ranking the target is read in.

    Returns
    -------
    int
        The class, 1..``ranking.num_classes``.

    Raises
    ------
    InvalidValueError
        For a class outside 1..7462 (the ranking's classes), a low no hand has (``"5-4"``,
        ``"8-8"``, ``"9-9-9"``), or an unknown ranking.
    InvalidCardError
        For text that is neither a low nor a hand.
    """
    r = as_ranking(ranking)
    if r is not Ranking.DEUCE_TO_SEVEN:
        return _threshold_low(target, name, r)
    if isinstance(target, str) and _LOW_TEXT.match(target):
        ranks = tuple(RANKS.index("T" if t.strip() == "10" else t.strip().upper()) for t in target.split("-"))
        cls = _roughest().get(ranks)
        if cls is None:
            why = "no low (a hand without a pair, a straight or a flush) has those top ranks"
            if len(ranks) == 5 and len(set(ranks)) == 5:
                why = "those five ranks make a straight, not a low"
            raise InvalidValueError(
                f"{name} {shown(target)}: {why} (expected ranks from the top down, e.g. '8-6' or '9')"
            )
        return cls
    if isinstance(target, (str, tuple, list, Card, np.ndarray)) or not hasattr(type(target), "__index__"):
        try:
            return int(evaluate(target))  # type: ignore[arg-type]
        except InvalidCardError as exc:
            raise InvalidCardError(
                f"{name} {shown(target)}: expected a class 1..7462, five cards or a low like '8-6' ({exc})"
            ) from None
    return whole_number(target, name, 1, NUM_CLASSES)


LOWS: Mapping[int, int] = MappingProxyType({r: threshold(str(r)) for r in (7, 8, 9, 10)})
"""The roughest class of each low a draw table shows: ``LOWS[8]`` is 8-7-6-5-3 (any 8-low or better).
Read-only (every draw table's ``lows()`` reads it): :func:`lows_of` gives a dict of one's own."""


def lows_of(ranking: Ranking | str = Ranking.DEUCE_TO_SEVEN) -> dict[int, int]:
    """The roughest class of each low a draw table shows in ``ranking``: :data:`LOWS` for 2-7;
    in A-5 the roughest 7-, 8-, 9- and 10-low (``{7: 7-6-5-4-3, ...}``), in badugi the roughest
    four-card badugi 7, 8, 9 and T high (``{7: 7-6-5-4, ...}``).

    Raises
    ------
    InvalidValueError
        For an unknown ranking.
    """
    r = as_ranking(ranking)
    return dict(LOWS) if r is Ranking.DEUCE_TO_SEVEN else {k: threshold(str(k), ranking=r) for k in (7, 8, 9, 10)}


def _rank_index(value: object, name: str) -> int:
    """A rank as an index 0..12 (2..A) from text (``"7"``, ``"T"``, ``"10"``) or a face value 2..14."""
    if isinstance(value, str):
        text = value.strip().upper()
        text = "T" if text == "10" else text
        if len(text) == 1 and text in RANKS:
            return RANKS.index(text)
        raise InvalidValueError(f"{name} {shown(value)}: expected a rank 2..9, T, J, Q, K or A")
    return whole_number(value, name, 2, 14) - 2


def _per_draw(value: object, name: str, convert: Callable[[object, str], int]) -> tuple[int, int, int]:
    if isinstance(value, (tuple, list)):
        if len(value) != 3:
            raise InvalidValueError(f"{name} {shown(value)}: expected one value, or three (first, second, last draw)")
        return tuple(convert(v, f"{name}[{i}]") for i, v in enumerate(value))  # type: ignore[return-value]
    one = convert(value, name)
    return (one, one, one)


def _target_or_none(value: object, name: str) -> int:
    return 0 if value is None else threshold(value, name=name)  # type: ignore[arg-type]


@dataclass(frozen=True, kw_only=True)
class DrawStrategy:
    """How a player draws in a simulation: a rule given as data, run in C. (Not
    :class:`lowball.engine.PlayStrategy`, the protocol of a player who bets and draws at a table:
    this is only how the hands of :func:`equity` and the default opponent draw.)

    Each of ``pat``, ``break_rougher``, ``draw_to`` is one value for every draw or three values
    for the first, second and last draw of triple draw (a single draw is a last draw; a
    simulation from a later point of the hand uses the last ones). At each draw, on the hand's
    class ``c``:

    1. ``snow``: never draw (stand pat with anything: a bluff).
    2. ``best_last`` and this is the last draw: the exact best discard, the one that most often
       makes ``best_last`` or better among the 47 cards the player cannot see (equal chances:
       fewer cards thrown, then the higher cards thrown).
    3. ``c`` is ``pat`` or better: stand pat; but if ``c`` is rougher than ``break_rougher`` and
       the four cards under the top one are a smooth draw (four ranks up to ``draw_to``), break
       the hand: throw its top card.
    4. Otherwise keep one card of each rank up to ``draw_to`` (the lowest-numbered card of a
       rank) and throw the rest; if that keeps all five (a straight or flush of low cards, or
       any low when ``pat`` is None: that strategy never stands pat), throw the highest card.
       But when that would draw two cards or more and four cards of the hand are a one-card
       draw to ``draw_one`` or better (four ranks that the best fifth card makes such a hand:
       8-6-5-2 is a draw to 8-6), draw one: throw the fifth card (of several such fours, the
       one with the best finish; equal: throw the higher card).

    The default is heads-up play as published (``RULES.md`` section 8): stand pat with any 8 or
    better before the last draw (Haney, Card Player 2021: an early pat is "mostly any eight or
    better", a convertible 9 breaks) and with any jack or better on the last (Haney, Card
    Player 2019: a pat jack is a small favourite over any one-card draw); draw to a 7 early, to
    an 8 on the last draw; keep a one-card draw to an 8-6 (8-6-5-2-K throws the king, not the
    eight).

    Parameters
    ----------
    pat : target, three targets, or None; default ``("8", "8", "J")``
        Stand pat with this hand or better (see :func:`threshold`); None: never.
    draw_to : rank or three ranks; default ``(7, 7, 8)``
        Draw to this low: a face value 2..14 or text (``"7"``, ``"T"``).
    draw_one : target, three targets, or None; default ``"8-6"``
        Keep a one-card draw to this low or better rather than draw two or more; None: never.
    break_rougher : target, three targets, or None; default None
        Break a pat hand rougher than this when a smooth draw is under it; None: never break.
    snow : bool, default False
        Never draw.
    best_last : target or None, default None
        On the last draw, throw the exact best discard for this target instead. It counts every
        discard's chances afresh on each trial's last draw, so a simulation with it runs about 60
        times slower than with the rules above (whose discards are looked up by hand class).

    Raises
    ------
    InvalidValueError, InvalidCardError
        For a value that is not a target or a rank, naming it.
    InvalidTypeError
        For a ``snow`` that is not a bool.
    """

    pat: object = field(default=("8", "8", "J"), compare=False)
    draw_to: object = field(default=(7, 7, 8), compare=False)
    break_rougher: object = field(default=None, compare=False)
    snow: bool = field(default=False, compare=False)
    best_last: object = field(default=None, compare=False)
    draw_one: object = field(default="8-6", compare=False)
    # what the settings mean, compared: DrawStrategy(draw_to=7) == DrawStrategy(draw_to="7")
    _spec: _Spec = field(init=False, repr=False, compare=True)

    def __post_init__(self) -> None:
        pat = _per_draw(self.pat, "DrawStrategy.pat", _target_or_none)
        keep = _per_draw(self.draw_to, "DrawStrategy.draw_to", _rank_index)
        brk = _per_draw(self.break_rougher, "DrawStrategy.break_rougher", _target_or_none)
        brk = (brk[0] or NUM_CLASSES, brk[1] or NUM_CLASSES, brk[2] or NUM_CLASSES)
        one = _per_draw(self.draw_one, "DrawStrategy.draw_one", _target_or_none)
        if not isinstance(self.snow, bool):
            raise InvalidTypeError(f"DrawStrategy.snow {shown(self.snow)}: expected True or False")
        target = 0
        if self.best_last is not None:
            target = threshold(self.best_last, name="DrawStrategy.best_last")  # type: ignore[arg-type]
            if category(target) != HandCategory.HIGH_CARD:
                raise InvalidValueError(
                    f"DrawStrategy.best_last {shown(self.best_last)}: expected a low (a hand without a pair)"
                )
        object.__setattr__(self, "_spec", (pat, brk, keep, self.snow, target != 0, target, one))

    @classmethod
    def parse(cls, text: str) -> DrawStrategy:
        """A strategy from text, as the ``lowball odds --strategy`` option takes it.

        ``"snow"``, ``"default"`` (:data:`DEFAULT_STRATEGY_TEXT`), or comma-separated settings:
        ``pat=8/8/J`` (a slash gives the three draws), ``draw=7``, ``one=8-6``, ``break=9-7``,
        ``best=9``, ``pat=none``; a setting not given is the default's. A target written
        as a bare number is a low when it is a rank (``pat=9``, ``pat=10``: any 9- or 10-low) and
        a class number otherwise (``pat=1277``).

        Raises
        ------
        InvalidValueError
            For an unknown setting or a bad value, naming it as written.
        InvalidTypeError
            For ``text`` that is not a str.
        """
        if not isinstance(text, str):
            raise InvalidTypeError(f"strategy {shown(text)}: expected text like 'pat=9,draw=7'")
        words = text.strip()
        if words.lower() == "snow":
            return cls(snow=True)
        if words.lower() in ("", "default"):
            return cls()
        names = {"pat": "pat", "draw": "draw_to", "one": "draw_one", "break": "break_rougher", "best": "best_last"}
        kwargs: dict[str, object] = {}
        parts: dict[str, str] = {}
        for part in words.split(","):
            key, eq, value = part.partition("=")
            key = key.strip().lower()
            if not eq or key not in names:
                raise InvalidValueError(
                    f"{_strategy_part(text, part)}expected pat=, draw=, one=, break= or best= "
                    "(e.g. 'pat=8/8/J,draw=7'), or 'snow'"
                )
            values = [_setting(v.strip()) for v in value.split("/")]
            kwargs[names[key]] = tuple(values) if len(values) > 1 else values[0]
            parts[key] = part.strip()
        try:
            return cls(**kwargs)  # type: ignore[arg-type]
        except (InvalidCardError, InvalidValueError):
            pass
        for key, part in parts.items():  # name the first setting that is wrong, as it was written
            try:
                cls(**{names[key]: kwargs[names[key]]})  # type: ignore[arg-type]
            except (InvalidCardError, InvalidValueError):
                why = _card_problem(kwargs[names[key]])
                raise InvalidValueError(f"{_strategy_part(text, part)}expected {_EXPECTED[key]}{why}") from None
        raise InvalidValueError(f"strategy {shown(text)}: these settings do not go together")  # pragma: no cover

    def discard(self, hand: HandLike, draw: int = 3, draws: int = 3) -> tuple[Card, ...]:
        """The cards this strategy throws from ``hand`` at draw ``draw`` (1-based) of ``draws``.

        Raises
        ------
        InvalidCardError
            For a hand that is not five distinct cards.
        InvalidValueError
            For a draw outside 1..draws or draws outside 1..3.
        """
        cards = parse_cards(hand, count=5)
        draws = whole_number(draws, "draws", 1, 3)
        draw = whole_number(draw, "draw", 1, draws)
        index = 3 - draws + draw - 1
        mask = _odds.strategy_discard(self._spec, [int(c) for c in cards], index, draw == draws)
        return tuple(c for i, c in enumerate(cards) if mask >> i & 1)


Strategy = DrawStrategy
"""The old name of :class:`DrawStrategy` (lowball 0.1; see CHANGELOG.md): an alias."""

DEFAULT_STRATEGY_TEXT = "pat=8/8/J,draw=7/7/8,one=8-6"
"""The default :class:`DrawStrategy` as :meth:`DrawStrategy.parse` reads it."""
_DEFAULT_STRATEGY = DrawStrategy()


def _strategy_part(text: str, part: str) -> str:
    """The head of a message about one setting of strategy ``text``: the text, and the setting as
    written when the text has several (``strategy 'pat=9,draw=x': draw=x: ``), never the same
    words twice."""
    part = part.strip()
    if not part:  # 'pat=9,,draw=7' or a comma at the end
        return f"strategy {shown(text)}: an empty setting between commas: "
    return f"strategy {shown(text)}: " if part == text.strip() else f"strategy {shown(text)}: {part}: "


_EXPECTED = {
    "pat": "a low like 8-6 or 9, a class 1..7462, or none; one value or three, one per draw (8/8/J)",
    "one": "a low like 8-6, a class 1..7462, or none; one value or three, one per draw",
    "break": "a low like 9-7, a class 1..7462, or none; one value or three, one per draw",
    "best": "a low (a hand without a pair) like 9 or 8-6, or the class of one",
    "draw": "a rank 2..9, T, J, Q, K or A, the low to draw to; one value or three, one per draw (7/7/8)",
}


_CARDISH = re.compile("(?:10|[2-9tjqka])[cdhs\u2660-\u2667]", re.IGNORECASE)


def _card_problem(value: object) -> str:
    """For a strategy value written as cards (one of them at least), what is wrong with them in
    the scanner's words, naming the bad token: `` ('2X' in '8s6h5d4c2X' is not a card: ...)``;
    ``''`` for any other value."""
    for v in value if isinstance(value, tuple) else (value,):
        if isinstance(v, str) and _CARDISH.search(v):
            try:
                parse_cards(v, count=5)
            except InvalidCardError as e:
                return f" ({e})"
    return ""


def _setting(value: str) -> object:
    """A value of strategy text: None, a class number (digits that are not a low), or text."""
    if value.lower() == "none":
        return None
    if value.isascii() and value.isdigit() and not _LOW_TEXT.match(value):
        return int(value)
    return value


# -- arguments ---------------------------------------------------------------------------------


def _cards(value: object, name: str, count: int | None = None) -> tuple[Card, ...]:
    if value is None and count is None:  # no dead cards, no discard; never a hand
        return ()
    try:
        return parse_cards(value, count=count)  # type: ignore[arg-type]
    except InvalidCardError as exc:
        raise InvalidCardError(f"{name}: {exc}") from None


class _Places:
    """Where each known card is; a card in two places is refused, naming both."""

    def __init__(self) -> None:
        self.where: dict[int, str] = {}

    def add(self, cards: Sequence[Card], name: str) -> None:
        if len(self.where) + len(cards) > 52:
            raise InvalidCardError(f"{len(self.where) + len(cards)} cards named (with {name}): a deck holds 52")
        for c in cards:
            if int(c) in self.where:
                raise InvalidCardError(f"card {c} is in {self.where[int(c)]} and in {name}: one deck holds it once")
            self.where[int(c)] = name

    def unseen(self) -> list[int]:
        return [c for c in range(52) if c not in self.where]


def check_places(groups: Iterable[tuple[str, Sequence[Card]]]) -> list[int]:
    """The unseen cards once every card of ``groups`` is placed: the check every function here
    makes, for callers that name the places their own way (the command says ``hand 2``,
    ``--dead``).

    Parameters
    ----------
    groups
        ``(name, cards)`` pairs: where the cards are (the name appears in an error) and the cards
        (anything :func:`lowball.cards.parse_cards` reads; None for none).

    Returns
    -------
    list of int
        The card numbers 0..51 in none of the groups, in increasing order.

    Raises
    ------
    InvalidCardError
        For a card in two places (``card 7c is in hand 1 and in --dead: one deck holds it
        once``), malformed cards, or more than 52 cards in all.
    InvalidValueError
        For ``groups`` that are not (name, cards) pairs.
    """
    if isinstance(groups, (str, bytes)) or not isinstance(groups, Iterable):
        raise InvalidValueError(f"groups {shown(groups)}: expected (name, cards) pairs")
    places = _Places()
    for group in groups:
        if not isinstance(group, (tuple, list)) or len(group) != 2 or not isinstance(group[0], str):
            raise InvalidValueError(f"group {shown(group)}: expected a (name, cards) pair, the name a str")
        places.add(_cards(group[1], group[0]), group[0])
    return places.unseen()


def _enough(unseen: list[int], drawn: int, what: str) -> None:
    """Refuse a draw the unseen cards cannot complete (exact counting needs no reshuffle)."""
    if drawn > len(unseen):
        have = f"{counted(len(unseen), 'card')} {'is' if len(unseen) == 1 else 'are'} unseen"
        raise InvalidValueError(f"{what} needs {counted(drawn, 'replacement card')}, but only {have}")


def _rule_of(rule: object) -> ReshuffleRule:
    """``rule`` as a :class:`ReshuffleRule`, or the project's error naming it."""
    if isinstance(rule, (bool, np.bool_)):
        raise InvalidTypeError(f"rule {shown(rule)}: expected ReshuffleRule.SEEDS or ReshuffleRule.LIVE, not a bool")
    try:
        return ReshuffleRule(rule)  # type: ignore[arg-type]
    except (ValueError, TypeError):
        raise InvalidValueError(
            f"rule {shown(rule)}: expected ReshuffleRule.SEEDS (0) or ReshuffleRule.LIVE (1)"
        ) from None


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidTypeError(f"{name} {shown(value)}: expected True or False")
    return value


@dataclass(frozen=True)
class _Term:
    """One way a lone drawer's replacements come when the stub runs short (RULES.md section 8):
    ``weight`` equally likely deals each end with the hand's kept cards plus ``base`` (stub cards)
    plus ``drawn`` cards of ``pool`` (the muck), every ``drawn``-subset of it as likely."""

    weight: int
    base: tuple[int, ...]
    drawn: int


def _reshuffle_terms(
    stub: Sequence[int], muck: Sequence[int], k: int, rule: ReshuffleRule, burn: bool, last: bool, what: str
) -> list[_Term] | None:
    """How a lone drawer's ``k`` replacements come, as ``lowball.Deck`` deals them (RULES.md
    section 4): None when the stub completes the draw without a reshuffle (every ``k``-subset of
    the stub then as likely: a burn card changes nothing), else the terms of the exact count.

    The stub is in random order; a burn takes its top card (to the burns), the drawer is dealt
    ``f`` cards, what is left of the stub (the burn card, and under the live rule its last card
    unless it completes the round: ``last``) is shuffled with the muck into a new stub, and the
    other ``k - f`` come from that. Counted by the ``X`` stub cards the drawer never gets and the
    ``Y`` muck cards he does: a pair (X, Y) with |X| = j - i (j the stub cards held back) comes
    from C(n - j + i, i) deals."""
    n, d = len(stub), len(muck)
    b = 1 if burn and n > 0 else 0
    left = n - b
    if k > left + b + d:
        parts = [f"{counted(n, 'card')} in the stub"]
        parts.append(f"{counted(d, 'dead card')} that a reshuffle brings back from the muck")
        raise InvalidValueError(
            f"{what} needs {counted(k, 'replacement card')}, but only {left + b + d} can come: "
            f"{' and '.join(parts)} (removed cards never come back)"
        )
    f = min(k, left)
    if rule is ReshuffleRule.LIVE and k > 0 and k >= left > 0 and not (last and k == left):
        f = left - 1  # the live rule keeps the stub's last card for the new stub
    if f == k:
        return None
    j = n - f
    out = []
    for i in range(min(j, k - f) + 1):
        y = k - f - i
        if y > d:
            continue
        w = math.comb(n - j + i, i)
        for x in itertools.combinations(range(n), j - i):
            out.append(_Term(w, tuple(c for t, c in enumerate(stub) if t not in x), y))
    return out


def _reshuffled_counts(
    kept: Sequence[int], terms: list[_Term], muck: Sequence[int], ranking: Ranking
) -> tuple[npt.NDArray[np.uint64], int]:
    """The class counts (and their total) of a lone drawer's final hands over ``terms``."""
    counts = np.zeros(ranking.num_classes + 1, dtype=np.uint64)
    total = 0
    for t in terms:
        base = [*kept, *t.base]
        if ranking is Ranking.DEUCE_TO_SEVEN:
            hist, n = _odds.draw_hist(base, list(muck))
            n = int(n)
        else:
            hist = _hist(base, muck, t.drawn, ranking)
            n = math.comb(len(muck), t.drawn)
        counts += hist * np.uint64(t.weight)
        total += n * t.weight
    return counts, total


def _discard_of(hand: tuple[Card, ...], discard: object, name: str) -> tuple[Card, ...]:
    if isinstance(discard, str) and discard.strip() == "-":
        return ()  # "-" stands pat, as in the command and in PHH's "sd"
    thrown = _cards(discard, name)
    for c in thrown:
        if c not in hand:
            raise InvalidCardError(f"{name}: {c} is not in the hand {format_cards(hand)}")
    if len(set(thrown)) != len(thrown):
        raise InvalidCardError(f"{name}: a card is thrown twice")
    return thrown


def _mask(hand: Sequence[Card], thrown: Iterable[Card]) -> int:
    out = 0
    for c in thrown:
        out |= 1 << hand.index(c)
    return out


# -- one discard -------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class DrawOutcomes:
    """Every way a discard can be replaced, counted exactly.

    Attributes
    ----------
    kept, discard : tuple of Card
        The cards kept and thrown.
    counts : numpy.ndarray, shape (classes + 1,), dtype uint64
        ``counts[c]`` is the number of replacements giving a hand of class ``c`` (index 0 unused;
        7463 entries for 2-7, 6176 for A-5, 1093 for badugi).
    total : int
        The number of equally likely replacements: C(stub, cards drawn), the stub being the
        unseen cards; when the stub runs short, the deals of ``RULES.md`` section 8 (the stub
        cards dealt, then the reshuffled muck), each counted once.
    ranking : Ranking
        The hand ranking of the classes.
    reshuffled : bool
        True when the stub cannot complete the draw and the muck (the dead cards) is reshuffled
        into a new stub for the rest (``RULES.md`` section 4).
    """

    kept: tuple[Card, ...]
    discard: tuple[Card, ...]
    counts: npt.NDArray[np.uint64] = field(repr=False)
    total: int
    _cumulative: npt.NDArray[np.uint64] = field(repr=False)
    ranking: Ranking = Ranking.DEUCE_TO_SEVEN
    reshuffled: bool = False

    @property
    def drawn(self) -> int:
        """Cards drawn: the number thrown."""
        return len(self.discard)

    def count(self, target: Target) -> int:
        """The number of replacements that finish with ``target`` or better (see :func:`threshold`).

        Raises
        ------
        InvalidValueError, InvalidCardError
            For a target :func:`threshold` refuses.
        """
        return int(self._cumulative[threshold(target, ranking=self.ranking)])

    def probability(self, target: Target) -> float:
        """The chance of finishing with ``target`` or better, in [0, 1].

        Raises
        ------
        InvalidValueError, InvalidCardError
            For a target :func:`threshold` refuses.
        """
        return self.count(target) / self.total

    def lows(self) -> dict[int, float]:
        """The chance of a 7-, 8-, 9- and 10-low or better: ``{7: p7, 8: p8, 9: p9, 10: p10}``
        (in badugi: of a four-card badugi 7, 8, 9, T high or better; see :func:`lows_of`)."""
        return {r: n / self.total for r, n in self.low_counts().items()}

    def low_counts(self) -> dict[int, int]:
        """The replacements behind :meth:`lows`: ``{7: n7, 8: n8, 9: n9, 10: n10}``."""
        return {r: int(self._cumulative[c]) for r, c in lows_of(self.ranking).items()}

    def by_category(self) -> dict[HandCategory | BadugiCategory, float]:
        """The chance of finishing in each category (a low, a pair, ..., a straight, a flush; in
        A-5 no straight or flush; in badugi a four-card badugi, a three-card hand, ...)."""
        out: dict[HandCategory | BadugiCategory, float] = {}
        if self.ranking is not Ranking.DEUCE_TO_SEVEN:
            of = _categories(self.ranking)
            kind = BadugiCategory if self.ranking is Ranking.BADUGI else HandCategory
            for value in sorted(set(of[1:].tolist())):
                out[kind(value)] = int(self.counts[of == value].sum()) / self.total
            return out
        for cat in HandCategory:
            first, last = _category_span(cat)
            n = int(self._cumulative[last]) - int(self._cumulative[first - 1])
            out[cat] = n / self.total
        return out


@lru_cache(maxsize=2)
def _categories(ranking: Ranking) -> npt.NDArray[np.int64]:
    """The category value of each class of ``ranking`` (index 0: -1)."""
    return np.array([-1, *(int(category(c, ranking)) for c in range(1, ranking.num_classes + 1))], dtype=np.int64)


@cache
def _category_span(cat: HandCategory) -> tuple[int, int]:
    classes = [c for c in range(1, NUM_CLASSES + 1) if class_ranks()[c][0] == cat]
    return classes[0], classes[-1]


def _outcomes(
    kept: tuple[Card, ...],
    thrown: tuple[Card, ...],
    counts: npt.NDArray[np.uint64],
    total: int,
    ranking: Ranking = Ranking.DEUCE_TO_SEVEN,
    reshuffled: bool = False,
) -> DrawOutcomes:
    counts.setflags(write=False)
    cum = np.cumsum(counts, dtype=np.uint64)
    cum.setflags(write=False)
    if ranking is Ranking.DEUCE_TO_SEVEN and not reshuffled:
        return DrawOutcomes(kept, thrown, counts, total, cum)
    return DrawOutcomes(kept, thrown, counts, total, cum, ranking, reshuffled)


@lru_cache(maxsize=8)
def _combinations(n: int, k: int) -> npt.NDArray[np.uint8]:
    """Every k-subset of range(n) in itertools.combinations order, shape (C(n, k), k), uint8."""
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(n), k)), dtype=np.uint8)
    out = flat.reshape(math.comb(n, k), k)
    out.setflags(write=False)
    return out


_ROWS = 1 << 18  # rows ranked at once by the enumeration of A-5 and badugi draws


def _hist(kept: Sequence[int], unseen: Sequence[int], drawn: int, ranking: Ranking) -> npt.NDArray[np.uint64]:
    """A-5 and badugi: how many of the C(len(unseen), drawn) ways to add ``drawn`` unseen cards
    to ``kept`` end in each class (shape (classes + 1,), uint64), ranked by the C evaluator."""
    pool = np.array(unseen, dtype=np.uint8)
    picks = pool[_combinations(len(pool), drawn)]
    counts = np.zeros(ranking.num_classes + 1, dtype=np.uint64)
    for start in range(0, max(1, len(picks)), _ROWS):
        block = picks[start : start + _ROWS]
        rows = np.empty((len(block), len(kept) + drawn), dtype=np.uint8)
        rows[:, : len(kept)] = np.array(kept, dtype=np.uint8)
        rows[:, len(kept) :] = block
        classes = evaluate_batch(rows, ranking=ranking, check=False)
        counts += np.bincount(classes, minlength=ranking.num_classes + 1).astype(np.uint64)
    return counts


def draw_outcomes(
    hand: HandLike,
    discard: HandLike = (),
    dead: HandLike = (),
    *,
    ranking: Ranking | str = Ranking.DEUCE_TO_SEVEN,
    removed: HandLike = (),
    rule: ReshuffleRule | int = ReshuffleRule.SEEDS,
    burn: bool = False,
) -> DrawOutcomes:
    """Every way ``discard`` can be replaced, exactly (``RULES.md`` section 8).

    The replacements come from the stub: the 52 cards minus the hand, ``dead`` and ``removed``.
    The ``dead`` cards are in the muck: they come back only when the stub cannot complete the
    draw and the deck shuffles the muck into a new stub (``RULES.md`` section 4, by ``rule`` and
    ``burn``); that is counted exactly too, the hand being the only one to draw (or the last).
    The ``removed`` cards never come back.

    Parameters
    ----------
    hand
        Five cards (four in badugi).
    discard
        The cards thrown: 0 to all of the hand (``""`` or ``()`` stands pat).
    dead
        Cards known to be out of the stub, in the muck (your earlier discards, a hand you saw
        folded); not in the hand.
    ranking : Ranking or str, default Ranking.DEUCE_TO_SEVEN
        The hand ranking the final hands are counted in. 2-7 is counted by the C odds kernel;
        A-5 (WSOP-LAR 287-290) and badugi (WSOP-LAR 303-304) by ranking every replacement with
        :func:`lowball.evaluation.evaluate_batch` (all of them: C(47, 5) = 1,533,939 rows at
        most).
    removed
        Cards out of play for good (a card you saw in a hand still playing): never drawn, not
        even after a reshuffle.
    rule : ReshuffleRule, default ReshuffleRule.SEEDS
        The reshuffle rule of ``RULES.md`` section 4 (the variant's ``reshuffle``).
    burn : bool, default False
        A card is burned from the stub before the draw (the variant's ``burn``).

    Returns
    -------
    DrawOutcomes
        Counts by final class over the C(stub, len(discard)) replacements; when the stub runs
        short, over every (stub cards dealt, new stub) deal, each as likely
        (:attr:`DrawOutcomes.reshuffled`).

    Raises
    ------
    InvalidCardError
        For malformed cards, a hand of the wrong size for the ranking, a thrown card not in the
        hand, or a card in two places (the message names the card).
    InvalidValueError
        When the stub and the muck together hold fewer cards than the discard needs, for an
        unknown ranking or a bad ``rule``.
    InvalidTypeError
        For a ``burn`` that is not a bool.
    """
    r = as_ranking(ranking)
    cards = _cards(hand, "hand", r.hand_size)
    thrown = _discard_of(cards, discard, "discard")
    places = _Places()
    places.add(cards, "the hand")
    muck = _cards(dead, "dead")
    places.add(muck, "dead")
    places.add(_cards(removed, "removed"), "removed")
    how = _rule_of(rule)
    burn = _flag("burn", burn)
    unseen = places.unseen()
    kept = tuple(c for c in cards if c not in thrown)
    terms = _reshuffle_terms(unseen, [int(c) for c in muck], len(thrown), how, burn, True, "the discard")
    if terms is not None:
        counts, total = _reshuffled_counts([int(c) for c in kept], terms, [int(c) for c in muck], r)
        return _outcomes(kept, thrown, counts, total, r, reshuffled=True)
    if r is not Ranking.DEUCE_TO_SEVEN:
        counts = _hist([int(c) for c in kept], unseen, len(thrown), r)
        return _outcomes(kept, thrown, counts, math.comb(len(unseen), len(thrown)), r)
    counts, total = _odds.draw_hist([int(c) for c in kept], unseen)
    return _outcomes(kept, thrown, counts, int(total))


# -- all discards ------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class DiscardRow:
    """One discard of a :class:`DiscardTable`.

    Attributes
    ----------
    outcomes : DrawOutcomes
        The exact outcomes of this discard (``kept``, ``discard``, ``drawn``, ``lows()``).
    win, tie, lose : float or None
        Against the opponent given as ``vs``: the chance of winning, tying, losing (sum 1).
    counts : tuple of int or None
        Against ``vs``: the exact (win, tie, lose, total) deals behind those chances.
    default_equity, default_equity_se : float or None
        Without ``vs`` (2-7): the share of the pot this discard wins against the default
        opponent (:class:`DefaultOpponent`), sampled, and its standard error.
    """

    outcomes: DrawOutcomes
    win: float | None = None
    tie: float | None = None
    lose: float | None = None
    counts: tuple[int, int, int, int] | None = None
    default_equity: float | None = None
    default_equity_se: float | None = None

    @property
    def kept(self) -> tuple[Card, ...]:
        return self.outcomes.kept

    @property
    def discard(self) -> tuple[Card, ...]:
        return self.outcomes.discard

    @property
    def drawn(self) -> int:
        return self.outcomes.drawn

    def lows(self) -> dict[int, float]:
        """The chance of a 7-, 8-, 9- and 10-low or better (see :meth:`DrawOutcomes.lows`)."""
        return self.outcomes.lows()

    @property
    def equity(self) -> float | None:
        """win + tie / 2 against ``vs`` (heads-up, a tie splits the pot), or None."""
        if self.win is None or self.tie is None:
            return None
        return self.win + self.tie / 2


DEFAULT_TABLE_TRIALS: int = 20_000
"""Trials per discard of a draw table's default-opponent column (:func:`discard_table`)."""

ORDERS = ("equity", "target", "mean-lows")
"""How :func:`discard_table` may order its rows (its ``order``)."""


@dataclass(frozen=True)
class DefaultOpponent:
    """The opponent a draw table's rows are weighed against when none is given (``RULES.md``
    section 8): a hand dealt at random from the stub, drawing before you (you are on the
    button) by the default :class:`DrawStrategy`, which you follow too on the draws after this one;
    heads-up, every hand goes to the showdown. Sampled: ``trials`` per discard, every discard on
    the same trials (the same seed), so the differences between rows are sharper than each
    row's standard error.

    Attributes
    ----------
    draws : int
        Draws to come, this one included (1: single draw or the last draw of triple draw).
    trials : int
        Trials per discard.
    seed : int
        The seed (every table of the same hand and seed is the same).
    """

    draws: int
    trials: int
    seed: int

    def __str__(self) -> str:
        later = "" if self.draws == 1 else f", and you by it on the {self.draws - 1} after this one"
        return (
            f"a hand dealt from the unseen cards, drawing first by the default strategy ({DEFAULT_STRATEGY_TEXT})"
            f"{later}; {counted(self.draws, 'draw')} to come; sampled, {self.trials:,} trials a discard, "
            f"seed {self.seed}"
        )


@dataclass(frozen=True, eq=False)
class DiscardTable(Sequence[DiscardRow]):
    """All 32 discards of a hand (16 of a badugi hand), best first (a sequence of :class:`DiscardRow`).

    Order (:attr:`order`): ``"equity"``, by the equity against ``vs`` when one was given, else
    against the default opponent (:attr:`opponent`); ``"target"``, by the chance of ``target``
    or better; ``"mean-lows"``, by the mean of the chances of a 7-, 8-, 9- and 10-low or better
    (a discard that makes every one of those lows more often comes first). Ties go to fewer
    cards drawn, then to the higher cards thrown, whatever the order the hand was written in (as
    :class:`DrawStrategy`'s best last-draw discard).
    """

    hand: tuple[Card, ...]
    rows: tuple[DiscardRow, ...]
    vs: str | None = None
    ranking: Ranking = Ranking.DEUCE_TO_SEVEN
    """The hand ranking the rows are counted in."""
    order: str = "mean-lows"
    """How the rows are ordered (see the class)."""
    opponent: DefaultOpponent | None = None
    """The default opponent of the ``default_equity`` column when it orders the rows, or None
    (an opponent or a target was given, another order, the ranking is not 2-7, ``trials=0``,
    or the stub cannot deal its hand: :attr:`note`)."""
    stub: int = 0
    """The cards in the stub: 52 minus the hand, the opponent's known cards, dead and removed."""
    muck: int = 0
    """The dead cards: in the muck, back in play only through a reshuffle."""
    note: str | None = None
    """Why there is no default-opponent column where one was expected, or None."""

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        return self.rows[index]

    def best(self) -> DiscardRow:
        """The first row."""
        return self.rows[0]

    def to_dict(
        self,
        *,
        dead: Sequence[Card] = (),
        vs: dict[str, Any] | None = None,
        target: int | None = None,
        removed: Sequence[Card] = (),
    ) -> dict[str, Any]:
        """The table as JSON-ready data, exact counts and probabilities: what ``lowball draw
        --json`` writes and ``lowball serve``'s ``GET /api/draw`` answers. ``dead``, ``vs``,
        ``target`` and ``removed`` are what the table was counted with, as the caller gave them
        (``vs`` described by the caller).

        One document (``lowball draw --json`` indents it; one result, so not JSON Lines as
        ``lowball rank --json``'s many). Every hand in it is card text in letters, highest first,
        the ace last in A-5 and badugi, nothing between the cards. Keys: ``hand``, ``dead``,
        ``vs`` (the opponent as the caller describes it, e.g. ``{"hand": ..., "discard": ...}``,
        or null), ``target`` (``{"class", "description"}`` or null) and ``rows``, best first, each with
        ``keep``, ``discard`` (card text, highest first), ``draw`` (cards drawn), ``completions``
        (the number of ways to replace the discard), ``low_counts`` and ``lows`` (keys ``"7"`` ..
        ``"10"``: completions with that low or better, and their share), ``target_count`` and
        ``target`` (with a target), and against an opponent ``deals`` (the deals counted: the
        opponent's draw too when it draws), ``win_count``, ``tie_count``, ``lose_count``, ``win``,
        ``tie``, ``lose`` and ``equity``; against the default opponent ``default_equity`` and
        ``default_equity_se`` (its standard error); a row whose draw the stub cannot complete has
        ``reshuffled`` true. Also ``order`` (``"equity"``, ``"target"`` or ``"mean-lows"``),
        ``default_opponent`` (``{"description", "draws", "trials", "seed"}`` when it orders the
        rows, else null), ``stub`` (the cards the replacements come from) and ``removed``; the keys
        added since the first format come after the first ones, which are unchanged.
        """
        rows = []
        rk = self.ranking
        for row in self.rows:
            out = row.outcomes
            item: dict[str, Any] = {
                "keep": format_cards(sorted_hand(row.kept, rk)),
                "discard": format_cards(sorted_hand(row.discard, rk)),
                "draw": row.drawn,
                "completions": out.total,
                "low_counts": {str(r): n for r, n in out.low_counts().items()},
                "lows": {str(r): p for r, p in row.lows().items()},
            }
            if target is not None:
                item["target_count"] = out.count(target)
                item["target"] = out.probability(target)
            if row.counts is not None:
                win, tie, lose, deals = row.counts
                item.update(
                    deals=deals,
                    win_count=win,
                    tie_count=tie,
                    lose_count=lose,
                    win=row.win,
                    tie=row.tie,
                    lose=row.lose,
                    equity=row.equity,
                )
            if self.opponent is not None:
                item.update(default_equity=row.default_equity, default_equity_se=row.default_equity_se)
            if out.reshuffled:
                item["reshuffled"] = True
            rows.append(item)
        out_json = {
            "hand": format_cards(sorted_hand(self.hand, rk)),
            "dead": format_cards(sorted_hand(dead, rk)),
            "vs": vs,
            "target": None if target is None else {"class": target, "description": describe(target, rk)},
            "rows": rows,
            "order": self.order,
            "default_opponent": None
            if self.opponent is None
            else {
                "description": str(self.opponent),
                "draws": self.opponent.draws,
                "trials": self.opponent.trials,
                "seed": self.opponent.seed,
            },
            "stub": self.stub,
            "removed": format_cards(sorted_hand(removed, rk)),
        }
        if rk is not Ranking.DEUCE_TO_SEVEN:  # 2-7's JSON stays as it was
            out_json = {"ranking": rk.value, **out_json}
        return out_json


@dataclass(frozen=True)
class _Opponent:
    kind: str  # "class", "pat" or "draw"
    cls: int = 0  # "class" and "pat": the class to beat
    hand: tuple[Card, ...] = ()
    thrown: tuple[Card, ...] = ()


def _vs_of(vs: object, places: _Places, ranking: Ranking = Ranking.DEUCE_TO_SEVEN) -> _Opponent:
    size = ranking.hand_size
    if isinstance(vs, (tuple, list)) and len(vs) == 2 and not all(isinstance(v, (int, Card)) for v in vs):
        if ranking is not Ranking.DEUCE_TO_SEVEN:
            raise InvalidValueError(
                f"vs {shown(vs)}: a drawing opponent is counted for 2-7 only (the C odds kernel); in {ranking.title} "
                "give a pat hand or a class"
            )
        hand = _cards(vs[0], "vs hand", size)
        thrown = _discard_of(hand, vs[1], "vs discard")
        places.add(hand, "the opponent's hand")
        return _Opponent("draw", hand=hand, thrown=thrown)
    if (
        isinstance(vs, str)
        and _LOW_TEXT.match(vs)
        or (hasattr(type(vs), "__index__") and not isinstance(vs, (Card, str, np.ndarray)))
    ):
        return _Opponent("class", threshold(vs, name="vs", ranking=ranking))  # type: ignore[arg-type]
    hand = _cards(vs, "vs", size)
    places.add(hand, "the opponent's hand")
    return _Opponent("pat", int(evaluate(hand, ranking)), hand)


def discard_table(
    hand: HandLike,
    dead: HandLike = (),
    vs: object = None,
    *,
    target: Target | None = None,
    ranking: Ranking | str = Ranking.DEUCE_TO_SEVEN,
    removed: HandLike = (),
    rule: ReshuffleRule | int = ReshuffleRule.SEEDS,
    burn: bool = False,
    order: str | None = None,
    draws: int = 1,
    trials: int | None = None,
    seed: int = 0,
    threads: int | None = None,
) -> DiscardTable:
    """All 32 discards of ``hand`` (16 in badugi), exactly, best first.

    The chances of each low are exact, from the stub (the 52 cards minus the hand, the
    opponent's known cards, ``dead`` and ``removed``); when the stub cannot complete a discard
    the dead cards come back by the deck's reshuffle (``RULES.md`` sections 4 and 8, counted
    exactly, as :func:`draw_outcomes`). Without ``vs`` and ``target`` (2-7) each row also has
    its equity against the default opponent (:class:`DefaultOpponent`: sampled, ``trials`` a
    discard), which orders the rows; ``order="mean-lows"`` gives the exact table alone.

    Parameters
    ----------
    hand
        Five cards (four in badugi).
    dead
        Cards known to be out of the stub, in the muck (see :func:`draw_outcomes`).
    vs : optional
        An opponent: a class or a low (``"9-8"``: the roughest 9-8, no card removal); a pat hand
        (five cards, which are then not in the deck); or ``(hand, discard)``, an opponent's known
        hand and the cards it throws (heads-up single draw, exact; 2-7 only; refused when the
        stub cannot complete both draws: the reshuffle between two draws is sampled, by
        :func:`equity`).
    target : optional
        Add the chance of this hand or better (see :func:`threshold`).
    ranking : Ranking or str, default Ranking.DEUCE_TO_SEVEN
        The hand ranking (see :func:`draw_outcomes`): A-5 and badugi are counted by ranking every
        replacement of every discard (about 2.6 million A-5 hands).
    removed
        Cards out of play for good, never drawn (see :func:`draw_outcomes`).
    rule, burn
        The deck's reshuffle rule and burn (``RULES.md`` section 4), for a stub that runs short
        and for the default opponent's trials.
    order : str, optional
        ``"equity"`` (against ``vs``, else the default opponent), ``"target"`` or ``"mean-lows"``
        (:class:`DiscardTable`). Default: ``"equity"`` with ``vs``, ``"target"`` with a target,
        otherwise ``"equity"`` in 2-7 and ``"mean-lows"`` in A-5 and badugi (the equity kernel
        ranks 2-7 hands only). The default opponent is played only when it orders the rows.
    draws : int, default 1
        Draws to come, this one included (1..3), for the default opponent.
    trials : int, optional
        Trials per discard against the default opponent (default :data:`DEFAULT_TABLE_TRIALS`);
        0: no default opponent (the ``default_equity`` column is None).
    seed : int, default 0
        The default opponent's seed (an int >= 0).
    threads : int, optional
        Threads for the default opponent's trials (default: every core).

    Returns
    -------
    DiscardTable
        2 ** hand size rows. Against an opponent each row has the exact win, tie and lose chances.

    Raises
    ------
    InvalidCardError
        For malformed cards, a hand of the wrong size for the ranking, or a card in two places
        (naming it).
    InvalidValueError
        For a bad ``vs`` class or ``target``, an unknown ranking, in A-5 and badugi a drawing
        opponent (``(hand, discard)``: its exact count is 2-7's C kernel alone); a stub and
        muck too small for the discards, or for a drawing opponent's and yours together; a bad
        ``order`` (``"target"`` without a target, ``"equity"`` with nothing to weigh against),
        ``draws``, ``trials``, ``threads`` or ``rule``.
    InvalidSeedError
        For a bad ``seed``.
    InvalidTypeError
        For a ``burn`` that is not a bool.
    """
    r = as_ranking(ranking)
    size = r.hand_size
    cards = _cards(hand, "hand", size)
    places = _Places()
    places.add(cards, "the hand")
    muck_cards = _cards(dead, "dead")
    places.add(muck_cards, "dead")
    places.add(_cards(removed, "removed"), "removed")
    opp = None if vs is None else _vs_of(vs, places, r)
    goal = None if target is None else threshold(target, ranking=r)
    how = _rule_of(rule)
    burn = _flag("burn", burn)
    draws = whole_number(draws, "draws", 1, 3)
    count = DEFAULT_TABLE_TRIALS if trials is None else whole_number(trials, "trials", 0, MAX_TRIALS)
    seed = check_seed(seed, generators=False)
    if seed is None:
        raise InvalidSeedError("seed = None: expected a whole number >= 0 (the default opponent's trials repeat)")
    workers = whole_number(os.cpu_count() or 1 if threads is None else threads, "threads", 1, 256)
    if order is not None and order not in ORDERS:
        raise InvalidValueError(f"order {shown(order)}: expected one of {', '.join(map(repr, ORDERS))}")
    if order == "target" and goal is None:
        raise InvalidValueError("order 'target': no target given to order by")
    unseen = places.unseen()
    muck = [int(c) for c in muck_cards]
    opp_draws = len(opp.thrown) if opp is not None else 0
    all_of = "all five" if size == 5 else "all four"
    if opp_draws:
        need = size + opp_draws + (1 if burn else 0)
        if need > len(unseen):
            stub = f"{counted(len(unseen), 'card')} {'is' if len(unseen) == 1 else 'are'} in the stub"
            raise InvalidValueError(
                f"the table (throwing {all_of}, against an opponent drawing {opp_draws}) needs "
                f"{counted(need, 'replacement card')}{' and a burn' if burn else ''}, but only {stub}: the rest "
                "would come from the muck reshuffled between the two draws (RULES.md section 4), which this "
                "exact count does not follow; lowball.odds.equity (lowball odds) samples it"
            )
    # the default opponent weighs the discards when it orders them: no vs, 2-7, the stub deals its hand
    opponent = None
    note = None
    wanted = opp is None and r is Ranking.DEUCE_TO_SEVEN and count > 0 and (order == "equity" or order is None)
    if wanted and (order == "equity" or goal is None):
        if len(unseen) >= 5:
            opponent = DefaultOpponent(draws, count, seed)
        else:
            note = (
                f"no default opponent: the stub holds {counted(len(unseen), 'card')}, fewer than the five of "
                "its hand (a deal is never reshuffled)"
            )
    if order is None:
        if opp is not None:
            order = "equity"
        elif goal is not None:
            order = "target"
        else:
            order = "equity" if opponent is not None else "mean-lows"
    elif order == "equity" and opp is None and opponent is None:
        why = (
            note
            or (f"the equity kernel ranks 2-7 hands only, not {r.title}" if r is not Ranking.DEUCE_TO_SEVEN else None)
            or "trials=0: no default opponent"
        )
        raise InvalidValueError(f"order 'equity': no opponent to weigh the discards against ({why})")
    if r is Ranking.DEUCE_TO_SEVEN and len(unseen) >= size:
        hists = _odds.discard_hists([int(c) for c in cards], unseen)
    else:
        hists = None
    _reshuffle_terms(unseen, muck, size, how, burn, True, f"the table (throwing {all_of})")  # enough cards?
    outcomes = []
    for mask in range(1 << size):
        thrown = tuple(c for i, c in enumerate(cards) if mask >> i & 1)
        kept = tuple(c for c in cards if c not in thrown)
        terms = _reshuffle_terms(unseen, muck, len(thrown), how, burn, True, "the discard")
        if terms is not None:
            counts, total = _reshuffled_counts([int(c) for c in kept], terms, muck, r)
            outcomes.append(_outcomes(kept, thrown, counts, total, r, reshuffled=True))
        elif hists is not None:
            outcomes.append(_outcomes(kept, thrown, hists[mask], math.comb(len(unseen), len(thrown))))
        else:
            counts = _hist([int(c) for c in kept], unseen, len(thrown), r)
            outcomes.append(_outcomes(kept, thrown, counts, math.comb(len(unseen), len(thrown)), r))
    versus = None
    if opponent is not None:
        versus = _versus_default(cards, unseen, muck, opponent, how, burn, workers)
    rows = []
    order_keys = []
    opp_kept = [] if opp is None else [int(c) for c in opp.hand if c not in opp.thrown]
    for mask, out in enumerate(outcomes):
        thrown, kept = out.discard, out.kept
        total = out.total
        counts = out.counts
        row = DiscardRow(out)
        if opp is not None and opp.kind != "draw":
            win = int(out._cumulative[opp.cls - 1])
            tie = int(counts[opp.cls])
            row = DiscardRow(
                out, win / total, tie / total, (total - win - tie) / total, (win, tie, total - win - tie, total)
            )
        elif opp is not None:
            w, t, lo, n = _odds.exact_headsup([int(c) for c in kept], opp_kept, unseen)
            row = DiscardRow(out, w / n, t / n, lo / n, (w, t, lo, n))
        elif versus is not None:
            row = DiscardRow(out, default_equity=versus[mask][0], default_equity_se=versus[mask][1])
        rows.append(row)
        if order == "equity":
            primary = row.equity if row.equity is not None else row.default_equity
        elif order == "target":
            primary = out.probability(goal)  # type: ignore[arg-type]
        else:
            primary = sum(out.lows().values()) / 4
        # equal chances: fewer cards drawn, then the higher cards thrown (as the best last-draw
        # discard of a DrawStrategy), whatever the order the hand was written in
        order_keys.append((-float(primary), len(thrown), -sum(1 << int(c) for c in thrown), mask))  # type: ignore[arg-type]
    ordered = tuple(rows[k[-1]] for k in sorted(order_keys))
    vs_text = None
    if opp is not None and opp.kind == "class":
        vs_text = describe(opp.cls, r)
    elif opp is not None and opp.kind == "pat":
        vs_text = f"{format_cards(opp.hand)} standing pat"
    elif opp is not None:
        vs_text = f"{format_cards(opp.hand)} throwing {format_cards(opp.thrown) or 'nothing'}"
    return DiscardTable(cards, ordered, vs_text, r, order, opponent, len(unseen), len(muck), note)


def _versus_default(
    cards: tuple[Card, ...],
    unseen: list[int],
    muck: list[int],
    opponent: DefaultOpponent,
    rule: ReshuffleRule,
    burn: bool,
    threads: int,
) -> list[tuple[float, float]]:
    """(equity, standard error) of each of the 32 discards of ``cards`` against the default
    opponent: position 0 a hand dealt from the stub drawing by the default DrawStrategy, position 1
    you, throwing the discard now and drawing by the default DrawStrategy after; every discard on
    the same key (common random numbers)."""
    key = [int(x) for x in np.random.SeedSequence(opponent.seed).generate_state(4, np.uint64)]
    spec = _DEFAULT_STRATEGY._spec
    mine = [int(c) for c in cards]
    n = opponent.trials

    def one(mask: int) -> tuple[float, float]:
        sim = _odds.Simulation(
            [None, mine], opponent.draws, [_odds.BY_STRATEGY, mask], [spec, spec], unseen, muck, int(rule), burn, key
        )
        part = sim.run(0, n)
        mean = part["share"][1] / SHARE / n
        var = max(part["share_sq"][1] / SHARE / SHARE / n - mean * mean, 0.0)
        return mean, math.sqrt(var / n)

    if threads > 1:
        with ThreadPoolExecutor(min(threads, 32)) as pool:
            return list(pool.map(one, range(32)))
    return [one(m) for m in range(32)]


# -- equity ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result.

    Attributes
    ----------
    win, tie, equity : float
        The chance of winning alone, of splitting, and the share of the pot won on average
        (a tie of ``m`` hands gives each ``1/m``), all in [0, 1].
    win_se, tie_se, equity_se : float
        Their standard errors: 0.0 for an exact result.
    wins, ties : int
        The exact counts: deals (exact) or trials (sampled) won alone and tied.
    share : int
        The pot shares summed over deals or trials, in units of 1/:data:`SHARE`.
    """

    win: float
    tie: float
    equity: float
    win_se: float
    tie_se: float
    equity_se: float
    wins: int
    ties: int
    share: int


@dataclass(frozen=True)
class Equity:
    """The result of :func:`equity`.

    Attributes
    ----------
    players : tuple of PlayerEquity
        In the order the hands were given.
    exact : bool
        True: every deal was counted (standard errors are 0); False: sampled.
    trials : int
        Deals counted (exact) or trials played (sampled).
    draws : int
        Draws played.
    discards : tuple of tuple of Card, or None
        The first draw's discards, where they were known or decided before the run.
    reshuffles : int
        Sampled: trials in which the stub ran out and was reshuffled.
    seed : int or None
        Sampled: the seed of the run (the int given, or the entropy drawn when none was given),
        so that ``seed=`` repeats it exactly; None when the run was exact or was given a
        SeedSequence (which the caller holds).
    partial : bool
        Sampled: Ctrl-C stopped the run, and ``trials`` are those finished, trials 1 to
        ``trials`` of the run (blocks of 65,536, in process or on workers), so that the same
        seed with ``trials=`` that many repeats this result exactly.
    """

    players: tuple[PlayerEquity, ...]
    exact: bool
    trials: int
    draws: int
    discards: tuple[tuple[Card, ...], ...] | None = None
    reshuffles: int = 0
    seed: int | None = None
    partial: bool = False


def _exact_result(
    wins: list[int], ties: list[int], share: list[int], deals: int, draws: int, discards: _Discards
) -> Equity:
    players = tuple(
        PlayerEquity(w / deals, t / deals, s / SHARE / deals, 0.0, 0.0, 0.0, w, t, s)
        for w, t, s in zip(wins, ties, share)
    )
    return Equity(players, True, deals, draws, discards)


def _sampled_result(
    sums: dict[str, Any], draws: int, discards: _Discards, seed: int | None, partial: bool = False
) -> Equity:
    n = sums["trials"]
    players = []
    for w, t, s, sq in zip(sums["wins"], sums["ties"], sums["share"], sums["share_sq"]):
        pw, pt = w / n, t / n
        mean = s / SHARE / n
        var = max(sq / SHARE / SHARE / n - mean * mean, 0.0)
        players.append(
            PlayerEquity(
                pw,
                pt,
                mean,
                math.sqrt(pw * (1 - pw) / n),
                math.sqrt(pt * (1 - pt) / n),
                math.sqrt(var / n),
                w,
                t,
                s,
            )
        )
    return Equity(tuple(players), False, n, draws, discards, sums["reshuffles"], seed, partial)


def _add(total: dict[str, Any], part: dict[str, Any]) -> None:
    for key, value in part.items():
        if isinstance(value, list):
            total[key] = [a + b for a, b in zip(total[key], value)]
        else:
            total[key] += value


def equity(
    hands: Sequence[HandLike],
    discards: Sequence[HandLike] | None = None,
    *,
    dead: HandLike = (),
    draws: int = 1,
    strategies: DrawStrategy | Sequence[DrawStrategy] | None = None,
    trials: int | None = None,
    stderr: float | None = None,
    seed: object = None,
    threads: int | None = None,
    exact: bool = True,
    budget: int = DEFAULT_BUDGET,
    rule: ReshuffleRule | int = ReshuffleRule.SEEDS,
    burn: bool = False,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    ranking: Ranking | str = Ranking.DEUCE_TO_SEVEN,
    removed: HandLike = (),
) -> Equity:
    """The share of the pot each hand wins at the showdown after ``draws`` draws.

    2-7 only: the C kernel (``csrc/odds.c``) ranks 2-7 hands, and its strategies are 2-7's. A
    ``ranking`` of A-5 or badugi is refused (:func:`discard_table` and :func:`draw_outcomes`
    count the draws of those games).

    The hands are given in drawing order (position 0, first left of the button, draws first);
    the order matters only when the stub runs out. There is no betting: every hand goes to the
    showdown.

    Parameters
    ----------
    hands
        2 to 9 five-card hands.
    discards : optional
        The cards each player throws on the first draw (``""`` stands pat). Without them each
        player's strategy decides.
    dead
        Cards known to be out of the stub, in the muck (your earlier discards, a hand you saw
        folded): the stub is the 52 cards minus the hands, ``dead`` and ``removed``, and the dead
        cards come back only when the stub runs out and the deck reshuffles the muck (``rule``,
        ``burn``; ``RULES.md`` sections 4 and 8).
    draws : int, default 1
        Draws still to come: 1 (single draw, or the last draw of triple draw), 2 or 3.
    strategies : DrawStrategy or one per hand, optional
        How players draw where their discards are not given (default :class:`DrawStrategy`).
    trials : int, optional
        Sampled runs: the number of trials, 1 .. :data:`MAX_TRIALS` (any integer type; default
        200,000; with ``stderr``, the most trials).
    stderr : float, optional
        Sampled runs: stop once every player's equity has at most this standard error (checked
        every 65,536 trials, so the result for a seed does not depend on ``threads``).
    seed : optional
        Sampled runs: an int >= 0 or a SeedSequence for a reproducible run; None draws fresh
        entropy (reported in :attr:`Equity.seed`). The same seed gives the same result whatever
        ``threads`` is.
    threads : int, optional
        Threads for a sampled run (default: every core); the GIL is released.
    exact : bool, default True
        Count every deal when one draw remains and the deals allow it: always heads-up, within
        ``budget`` deals multi-way, while the stub completes every draw; when it cannot and only
        one hand draws, that hand's reshuffle is counted exactly too (as :func:`draw_outcomes`);
        when it cannot and several draw, the run is sampled (the result says so). False: always
        sample.
    budget : int
        The most deals a multi-way exact count may walk (default :data:`DEFAULT_BUDGET`).
    rule, burn
        The reshuffle rule and burn setting of the deck (``RULES.md`` section 4): they matter only
        when the stub can run out.
    progress : callable, optional
        Called with the number of trials finished after each batch of a sampled run.
    executor : concurrent.futures.Executor, optional
        Runs a sampled run's blocks of 65,536 trials (a ``ProcessPoolExecutor``, a Dask
        ``Client.get_executor()``, ...), one thread each. Every trial draws from its own stream
        (the seed and the trial's number), so the result is the same, to the byte, in process
        with any ``threads``, on N workers or on a cluster. Exact counts run in process.
    workers : int, optional
        Without an executor: N > 1 runs the blocks on N worker processes started for the run.
    removed
        Cards out of play for good (a card you saw in a hand still playing): never dealt, not
        even after a reshuffle.

    Returns
    -------
    Equity
        Ctrl-C (KeyboardInterrupt) during a sampled run, in process or on workers, ends it with
        the trials finished (whole blocks, trials 1 to ``trials``), marked ``partial``; before
        any block finished in process, the KeyboardInterrupt propagates.

    Raises
    ------
    InvalidCardError
        For malformed cards, a discard not in its hand, a card in two places (naming it), or
        more cards than the deck holds.
    InvalidValueError
        For fewer than 2 or more than 9 hands, draws outside 1..3, a bad trials, stderr, budget
        or threads, or discards of the wrong length.
    InvalidSeedError
        For a bad seed.
    InvalidTypeError
        For a ``burn`` or ``exact`` that is not a bool, or a ``progress`` that is not callable.
    InvalidValueError
        Also for both ``executor`` and ``workers``, or a bad one of them; for an unknown
        ``ranking``, or A-5 or badugi (not counted here: the message names the ranking).

    Notes
    -----
    The sampling arguments (``trials``, ``stderr``, ``seed``, ``threads``) are checked even when
    the count turns out exact.
    """
    r = as_ranking(ranking)
    if r is not Ranking.DEUCE_TO_SEVEN:
        raise InvalidValueError(
            f"ranking {shown(r.value)}: the equity of {r.title} hands is not counted (the equity kernel ranks 2-7 "
            "hands only); the odds of a draw are: lowball.odds.discard_table(..., ranking=...)"
        )
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise InvalidValueError(f"hands {shown(hands)}: expected a list of five-card hands")
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise InvalidValueError(f"{counted(len(hands), 'hand')}: expected 2 to {MAX_PLAYERS}")
    draws = whole_number(draws, "draws", 1, 3)
    cards = [_cards(h, f"hands[{i}]", 5) for i, h in enumerate(hands)]
    places = _Places()
    for i, h in enumerate(cards):
        places.add(h, f"hands[{i}]")
    dead_cards = _cards(dead, "dead")
    places.add(dead_cards, "dead")
    removed_cards = _cards(removed, "removed")
    places.add(removed_cards, "removed")
    unseen = places.unseen()
    if isinstance(strategies, DrawStrategy) or strategies is None:
        plans = [strategies or DrawStrategy()] * len(cards)
    else:
        plans = list(strategies) if isinstance(strategies, Sequence) and not isinstance(strategies, str) else []
        if len(plans) != len(cards) or not all(isinstance(s, DrawStrategy) for s in plans):
            raise InvalidValueError(f"strategies: expected one DrawStrategy, or one per hand ({len(cards)})")
    if discards is not None:
        if isinstance(discards, (str, bytes)) or not isinstance(discards, Sequence) or len(discards) != len(cards):
            raise InvalidValueError(
                f"discards {shown(discards)}: expected one discard per hand ({len(cards)}), '' to stand pat"
            )
        thrown = [_discard_of(h, d, f"discards[{i}]") for i, (h, d) in enumerate(zip(cards, discards))]
    elif draws == 1:
        thrown = [s.discard(h, 1, 1) for s, h in zip(plans, cards)]
    else:
        thrown = None
    rule = _rule_of(rule)
    for flag, value in (("burn", burn), ("exact", exact)):
        _flag(flag, value)
    if progress is not None and not callable(progress):
        raise InvalidTypeError(f"progress {shown(progress)}: expected a function of the trials finished, or None")
    budget = whole_number(budget, "budget", 0)
    run = _sampling(trials, stderr, seed, threads)  # checked whichever way the count goes
    workers = check_executor(executor, workers)
    fixed = None if thrown is None else tuple(thrown)
    if draws == 1 and exact and thrown is not None:
        need = sum(len(t) for t in thrown) + (1 if burn else 0)
        # the stub completes every draw: under the live rule its last card is dealt only to the
        # last player of the round (RULES.md section 4)
        fits = need < len(unseen) or (need == len(unseen) and (rule is ReshuffleRule.SEEDS or bool(thrown[-1])))
        if fits or need == (1 if burn else 0):
            kept = [[int(c) for c in h if c not in t] for h, t in zip(cards, thrown)]
            if len(cards) == 2:
                w, t, lo, n = _odds.exact_headsup(kept[0], kept[1], unseen)
                return _exact_result(
                    [w, lo], [t, t], [w * SHARE + t * SHARE // 2, lo * SHARE + t * SHARE // 2], n, 1, fixed
                )
            res = _odds.exact_multiway(kept, unseen, budget)
            if res is not None:
                return _exact_result(res[0], res[1], res[2], res[3], 1, fixed)
        elif sum(1 for t in thrown if t) == 1:
            return _exact_one_drawer(cards, thrown, unseen, [int(c) for c in dead_cards], rule, burn)
    return _simulate(
        cards, fixed, plans, draws, unseen, dead_cards, rule, burn, run, progress, executor, workers, removed_cards
    )


def _exact_one_drawer(
    cards: list[tuple[Card, ...]],
    thrown: list[tuple[Card, ...]],
    unseen: list[int],
    muck: list[int],
    rule: ReshuffleRule,
    burn: bool,
) -> Equity:
    """One draw in which one hand draws and the stub cannot complete it: that hand's final
    classes counted exactly over the reshuffle (:func:`draw_outcomes`), against the others'
    pat classes; pot shares as :func:`equity` counts them."""
    p = next(i for i, t in enumerate(thrown) if t)
    last = all(not t for t in thrown[p + 1 :])  # the live rule deals the stub's last card only to the last
    kept = [int(c) for c in cards[p] if c not in thrown[p]]
    what = f"hands[{p}]'s discard"
    terms = _reshuffle_terms(unseen, muck, len(thrown[p]), rule, burn, last, what)
    assert terms is not None  # the caller found that the stub cannot complete the draw
    counts, deals = _reshuffled_counts(kept, terms, muck, Ranking.DEUCE_TO_SEVEN)
    pat = [int(evaluate(h)) if i != p else 0 for i, h in enumerate(cards)]
    best_other = min(c for i, c in enumerate(pat) if i != p)
    ties_at = sum(1 for i, c in enumerate(pat) if i != p and c == best_other)  # the others tied at the best
    cum = np.cumsum(counts, dtype=np.uint64)
    below = int(cum[best_other - 1])  # the drawer beats every other hand
    level = int(counts[best_other])  # ... ties the best of them
    above = deals - below - level
    n = len(cards)
    wins, ties, share = [0] * n, [0] * n, [0] * n
    wins[p], ties[p] = below, level
    share[p] = below * SHARE + level * (SHARE // (ties_at + 1))
    for i, c in enumerate(pat):
        if i == p or c != best_other:
            continue
        # the best pat hands: alone (or tied among themselves) when the drawer is rougher
        if ties_at == 1:
            wins[i] = above
        else:
            ties[i] = above
        ties[i] += level
        share[i] = above * (SHARE // ties_at) + level * (SHARE // (ties_at + 1))
    discards = tuple(tuple(t) for t in thrown)
    return _exact_result(wins, ties, share, deals, 1, discards)


@dataclass(frozen=True)
class _Run:
    """The checked settings of a sampled run."""

    trials: int
    stderr: float | None
    threads: int
    seq: np.random.SeedSequence
    seed: int | None  # what Equity.seed reports: None when the caller holds the SeedSequence


def _sampling(trials: object, stderr: object, seed: object, threads: object) -> _Run:
    """The sampling arguments of :func:`equity`, checked (whether or not the count is sampled)."""
    if trials is None:
        trials = 200_000 if stderr is None else 100_000_000
    count = whole_number(trials, "trials", 1, MAX_TRIALS)
    if stderr is not None:
        if isinstance(stderr, bool) or not isinstance(stderr, (int, float)) or not 0 < stderr < 1:
            raise InvalidValueError(f"stderr {shown(stderr)}: expected a number between 0 and 1")
    workers = whole_number(os.cpu_count() or 1 if threads is None else threads, "threads", 1, 256)
    if isinstance(seed, np.random.SeedSequence):
        return _Run(count, stderr, workers, seed, None)
    seq = np.random.SeedSequence(check_seed(seed, generators=False))
    entropy = seq.entropy
    return _Run(count, stderr, workers, seq, entropy if isinstance(entropy, int) else None)


_SUMS = ("wins", "ties", "share", "share_sq")
"""The per-hand sums of a sampled run (with its ``trials`` and ``reshuffles``)."""


def _simulate(
    cards: list[tuple[Card, ...]],
    fixed: _Discards,
    plans: list[DrawStrategy],
    draws: int,
    unseen: list[int],
    dead_cards: tuple[Card, ...],
    rule: ReshuffleRule,
    burn: bool,
    run: _Run,
    progress: Callable[[int], None] | None,
    executor: Executor | None = None,
    workers: int | None = None,
    removed: tuple[Card, ...] = (),
) -> Equity:
    trials, stderr, threads, seq = run.trials, run.stderr, run.threads, run.seq
    key = [int(x) for x in seq.generate_state(4, np.uint64)]
    mask = None if fixed is None else [_mask(h, t) for h, t in zip(cards, fixed)]
    args = (
        [[int(c) for c in h] for h in cards],
        draws,
        mask,
        [s._spec for s in plans],
        unseen,
        [int(c) for c in dead_cards],
        int(rule),
        burn,
        key,
        [int(c) for c in removed],
    )
    total = {"trials": 0, "reshuffles": 0, **{k: [0] * len(cards) for k in _SUMS}}
    if executor is not None or (workers is not None and workers > 1):
        return _on_workers(args, total, draws, fixed, run, progress, executor, workers)
    sim = _odds.Simulation(*args)
    done = 0
    pool = ThreadPoolExecutor(threads) if threads > 1 else None
    try:
        while done < trials:
            end = min(done + _BATCH, trials)
            batch = {"trials": 0, "reshuffles": 0, **{k: [0] * len(cards) for k in _SUMS}}
            if pool is None:
                _add(batch, sim.run(done, end))
            else:
                step = -(-(end - done) // threads)
                parts = [(a, min(a + step, end)) for a in range(done, end, step)]
                for part in pool.map(lambda r: sim.run(*r), parts):
                    _add(batch, part)
            _add(total, batch)  # a batch counts whole or not at all: trials 1..done, always
            done = end
            if progress is not None:
                progress(done)
            if stderr is not None:
                result = _sampled_result(total, draws, fixed, run.seed)
                if max(p.equity_se for p in result.players) <= stderr and done >= 1000:
                    return result
    except KeyboardInterrupt:
        # Ctrl-C: the batches finished are the result, marked partial, as on workers; none
        # finished, nothing to give: the interrupt goes on
        if total["trials"] == 0:
            raise
        return _sampled_result(total, draws, fixed, run.seed, partial=True)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return _sampled_result(total, draws, fixed, run.seed)


def _block(job: tuple[tuple[Any, ...], int, int]) -> dict[str, Any]:
    """Trials ``start`` .. ``end`` of a sampled run (a shard, on a worker)."""
    args, start, end = job
    return dict(_odds.Simulation(*args).run(start, end))


class _Blocks(Sequence[tuple[tuple[Any, ...], int, int]]):
    """The jobs of a sampled run on workers, made when asked for (``trials`` may be huge)."""

    def __init__(self, args: tuple[Any, ...], trials: int) -> None:
        self._args, self._trials = args, trials

    def __len__(self) -> int:
        return -(-self._trials // _BATCH)

    @overload
    def __getitem__(self, index: int) -> tuple[tuple[Any, ...], int, int]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[tuple[Any, ...], int, int]]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        start = range(0, self._trials, _BATCH)[index]
        return (self._args, start, min(start + _BATCH, self._trials))


def _on_workers(
    args: tuple[Any, ...],
    total: dict[str, Any],
    draws: int,
    fixed: _Discards,
    run: _Run,
    progress: Callable[[int], None] | None,
    executor: Executor | None,
    workers: int | None,
) -> Equity:
    """A sampled run in blocks of :data:`_BATCH` trials on workers, merged in the blocks' order
    (the target standard error checked after each, as in process)."""
    jobs = _Blocks(args, run.trials)

    def merge(index: int, part: dict[str, Any]) -> bool:
        _add(total, part)
        if progress is not None:
            progress(total["trials"])
        if run.stderr is not None and total["trials"] >= 1000:
            result = _sampled_result(total, draws, fixed, run.seed)
            if max(p.equity_se for p in result.players) <= run.stderr:
                return True
        return False

    def block(k: int) -> str:  # trials counted from 1, as the progress bar counts them
        return f"trials {k * _BATCH + 1:,}..{min((k + 1) * _BATCH, run.trials):,}"

    partial = run_shards(_block, jobs, merge, executor=executor, workers=workers, name=block)
    return _sampled_result(total, draws, fixed, run.seed, partial)


# -- both hands known --------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class DiscardMatrix:
    """Heads-up single draw, both hands known: the exact equity of every pair of discards.

    Attributes
    ----------
    hands : tuple of two tuples of Card
    discards : tuple of two tuples of 32 discards
        ``discards[p][i]`` is the cards player ``p`` throws for index ``i`` (bit ``j`` of ``i``
        set: the hand's ``j``-th card is thrown).
    equity : numpy.ndarray, shape (32, 32), dtype float64
        ``equity[i, j]``: player 0's share of the pot when player 0 throws ``discards[0][i]`` and
        player 1 throws ``discards[1][j]`` (player 1's is ``1 - equity[i, j]``).
    win, tie : numpy.ndarray, shape (32, 32), dtype float64
        Player 0's chances of winning and of tying.
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    discards: tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]] = field(repr=False)
    equity: npt.NDArray[np.float64] = field(repr=False)
    win: npt.NDArray[np.float64] = field(repr=False)
    tie: npt.NDArray[np.float64] = field(repr=False)

    def best_response(self, player: int, index: int) -> int:
        """The discard index with which the other player does best against ``player``'s
        discard ``index`` (ties: fewer cards thrown, then the lower index)."""
        player = whole_number(player, "player", 0, 1)
        index = whole_number(index, "index", 0, 31)
        if player == 0:
            values = -self.equity[index, :]
        else:
            values = self.equity[:, index]
        return _argmax(values, self.hands[1 - player])

    def maxmin(self, player: int = 0) -> int:
        """The discard index of ``player`` with the best worst case over the other's replies."""
        player = whole_number(player, "player", 0, 1)
        worst = self.equity.min(axis=1) if player == 0 else (1 - self.equity).min(axis=0)
        return _argmax(worst, self.hands[player])


def _argmax(values: npt.NDArray[np.float64], hand: Sequence[Card]) -> int:
    """The index of the largest value; equal values: fewer cards thrown, then the higher cards
    thrown (bit j of an index throws hand[j]), whatever the order the hand was written in."""

    def key(i: int) -> tuple[float, int, int]:
        thrown = [int(c) for j, c in enumerate(hand) if i >> j & 1]
        return (-float(values[i]), len(thrown), -sum(1 << c for c in thrown))

    return min(range(32), key=key)


def discard_matrix(
    hand_a: HandLike,
    hand_b: HandLike,
    dead: HandLike = (),
    *,
    threads: int | None = None,
    removed: HandLike = (),
    burn: bool = False,
) -> DiscardMatrix:
    """The exact 32 x 32 table of heads-up single-draw equities for every pair of discards.

    Every cell is counted from the stub (the 52 cards minus both hands, ``dead`` and
    ``removed``), which must complete both players throwing five (and the burn): a smaller stub
    would make some cells come partly from the muck reshuffled between the two draws
    (``RULES.md`` sections 4 and 8), which this exact count does not follow, so it is refused
    (:func:`equity` samples one pair of discards with the reshuffle).

    Parameters
    ----------
    hand_a, hand_b
        Five cards each (player 0 and player 1).
    dead
        Cards known to be out of the stub, in the muck (see :func:`draw_outcomes`).
    threads : int, optional
        Threads to count with (default: every core); the GIL is released.
    removed
        Cards out of play for good.
    burn : bool, default False
        A card is burned before the draw (it must be in the stub too).

    Returns
    -------
    DiscardMatrix

    Raises
    ------
    InvalidCardError
        For malformed cards or a card in two places (naming it).
    InvalidValueError
        For ``threads`` outside 1..256, or a stub of fewer than 10 cards (11 with a burn: both
        players throwing five).
    InvalidTypeError
        For a ``burn`` that is not a bool.

    Notes
    -----
    Each thread holds a few tens of megabytes while it counts five against five, so the
    threads used are at most the machine's cores.
    """
    a = _cards(hand_a, "hand_a", 5)
    b = _cards(hand_b, "hand_b", 5)
    places = _Places()
    places.add(a, "hand_a")
    places.add(b, "hand_b")
    muck = _cards(dead, "dead")
    places.add(muck, "dead")
    places.add(_cards(removed, "removed"), "removed")
    burn = _flag("burn", burn)
    unseen = places.unseen()
    need = 10 + (1 if burn else 0)
    if need > len(unseen):
        stub = f"{counted(len(unseen), 'card')} {'is' if len(unseen) == 1 else 'are'} in the stub"
        raise InvalidValueError(
            f"both players throwing five need{' a burn and' if burn else ''} 10 replacement cards, but only {stub}: "
            "the rest would come from the muck reshuffled between the two draws (RULES.md section 4), which this "
            "exact count does not follow; lowball.odds.equity (lowball odds) samples one pair of discards"
        )
    threads = min(
        whole_number(os.cpu_count() or 1 if threads is None else threads, "threads", 1, 256), os.cpu_count() or 1
    )

    def kept(hand: tuple[Card, ...], mask: int) -> list[int]:
        return [int(c) for i, c in enumerate(hand) if not mask >> i & 1]

    cells = [(i, j) for i in range(32) for j in range(32)]
    # the biggest cells first, so that the threads finish together
    cells.sort(key=lambda ij: -(bin(ij[0]).count("1") + bin(ij[1]).count("1")))
    win = np.zeros((32, 32))
    tie = np.zeros((32, 32))

    def one(ij: tuple[int, int]) -> None:
        i, j = ij
        w, t, _, n = _odds.exact_headsup(kept(a, i), kept(b, j), unseen)
        win[i, j] = w / n
        tie[i, j] = t / n

    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(one, cells))
    eq = win + tie / 2
    for arr in (eq, win, tie):
        arr.setflags(write=False)
    discards = tuple(tuple(tuple(c for k, c in enumerate(h) if m >> k & 1) for m in range(32)) for h in (a, b))
    return DiscardMatrix((a, b), discards, eq, win, tie)  # type: ignore[arg-type]

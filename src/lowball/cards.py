"""Cards and hands: the one place where card text is parsed and formatted.

The encoding is fixed across lowball (``DESIGN.md``, Conventions): ``card = 4 * rank + suit`` with
rank 0..12 = 2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K, A and suit 0..3 = c, d, h, s; so ``2c`` is 0,
``2s`` is 3 and ``As`` is 51. Text is rank then suit (``7s``, ``Td``); the parsers also accept
``10`` for ten, either case, and the suit symbols players copy from sites and books: ``♠``/``♤``
for s, ``♥``/``♡`` for h, ``♦``/``♢`` for d, ``♣``/``♧`` for c, each optionally followed by a
variation selector (U+FE0F, the emoji form phones paste, or U+FE0E). Output is ASCII unless
:func:`format_cards` is asked for symbols.

>>> from lowball.cards import Card, format_cards, parse_cards
>>> parse_cards("7s 5h 4d 3c 2s")
(Card('7s'), Card('5h'), Card('4d'), Card('3c'), Card('2s'))
>>> int(Card("As")), int(Card("2c")), str(Card(23))
(51, 0, '7s')
>>> format_cards(parse_cards("10d,Kh"), " ")
'Td Kh'
>>> parse_cards("7\u2660 5\u2665\ufe0f 10\u2662")
(Card('7s'), Card('5h'), Card('Td'))
>>> format_cards(parse_cards("7s5h"), " ", symbols=True) == "7\u2660 5\u2665"
True
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable
from typing import SupportsIndex, Union

from lowball.errors import InvalidCardError, InvalidTypeError, shown

__all__ = [
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "Card",
    "CardLike",
    "HandLike",
    "DECK",
    "parse_card",
    "parse_cards",
    "parse_hand",
    "format_cards",
    "split_card_text",
    "read_hand",
    "read_cards",
]

RANKS = "23456789TJQKA"
"""Rank characters in rank order: index 0 is the deuce, 12 the ace."""
SUITS = "cdhs"
"""Suit characters in suit order: clubs, diamonds, hearts, spades."""

SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"
"""Suit symbols in suit order (black club, diamond, heart, spade): what :func:`format_cards`
writes when asked for symbols."""

# Every suit a card text may name, with its suit number: the letters (either case), the black
# symbols and the white ones (U+2667 club, U+2662 diamond, U+2661 heart, U+2664 spade).
_SUIT_OF = {"c": 0, "d": 1, "h": 2, "s": 3}
_SUIT_OF.update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})
_SUIT_OF.update({sym: i for i, sym in enumerate("\u2667\u2662\u2661\u2664")})
_SYMBOLS = "".join(k for k in _SUIT_OF if len(k) == 1 and not k.isascii())
_VARIATION = "\ufe0e\ufe0f"  # text and emoji presentation selectors, allowed after a symbol
# One card: a rank, then a suit letter or a suit symbol (with an optional variation selector).
_CARD_RE = re.compile(rf"(10|[2-9tjqka])(?:([cdhs])|([{_SYMBOLS}])[{_VARIATION}]?)", re.IGNORECASE)
_RANK_START = re.compile(r"10|[1-9tjqka]", re.IGNORECASE)  # where a card text seems to begin
_SEPARATORS = re.compile(r"[\s,]+")
_EXPECTED = "a rank (2-9, T, J, Q, K, A, or 10) followed by a suit (c, d, h, s, or a suit symbol)"


def _quoted(text: str) -> str:
    """``repr(text)`` with the variation selectors, which print as nothing, written as escapes."""
    out = repr(text)
    for v in _VARIATION:
        out = out.replace(v, f"\\u{ord(v):04x}")
    return out


class Card(int):
    """A playing card: an ``int`` 0..51 equal to ``4 * rank + suit``, that prints as text.

    ``Card("7s")``, ``Card("10d")``, ``Card("7\u2660")`` (a suit symbol, see :mod:`lowball.cards`),
    ``Card(23)`` and ``Card(Card(23))`` are all accepted. A Card
    is an ``int`` everywhere (``Card("2c") == 0``), so it can index arrays and go into
    :func:`lowball.evaluate_batch` directly.

    Raises
    ------
    InvalidCardError
        For text that is not one card, or a number outside 0..51.
    """

    __slots__ = ()

    def __new__(cls, value: CardLike) -> Card:
        if isinstance(value, Card):
            return value
        if type(value) is int and 0 <= value < 52:  # a card number: the documented, cheap form
            return _CARDS[value]
        return _CARDS[_card_number(value)]

    @classmethod
    def from_rank_suit(cls, rank: int, suit: int) -> Card:
        """The card of ``rank`` 0..12 (deuce..ace) and ``suit`` 0..3 (c, d, h, s)."""
        r, s = _index(rank), _index(suit)
        if r is None or s is None or not (0 <= r < 13 and 0 <= s < 4):
            raise InvalidCardError(f"rank {shown(rank)}, suit {shown(suit)}: expected rank 0..12, suit 0..3")
        return _CARDS[4 * r + s]

    @property
    def rank(self) -> int:
        """Rank 0..12: 0 is the deuce, 12 the ace."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """Suit 0..3: clubs, diamonds, hearts, spades."""
        return int(self) & 3

    def __str__(self) -> str:
        return RANKS[int(self) >> 2] + SUITS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


CardLike = Union[Card, str, SupportsIndex]
"""One card: a :class:`Card`, its text (``"7s"``, ``"10d"``, ``"7\u2660"``), or its number 0..51."""
HandLike = Union[str, Iterable[CardLike]]
"""Cards as text (``"7s5h4d3c2s"``, ``"7s 5h 4d 3c 2s"``, ``"7s,5h"``, with suit letters or suit
symbols) or an iterable of cards."""


def _index(value: object) -> int | None:
    """``value`` as an int if it is an integer (not a bool), else None: a plain int as it is,
    another integer type (numpy's) through ``__index__``. The type's ``__index__`` is looked up
    directly: ``isinstance(value, SupportsIndex)``, a runtime protocol check, costs several
    microseconds a card."""
    kind = type(value)
    if kind is int:
        return value  # type: ignore[return-value]
    if kind is bool or not hasattr(kind, "__index__"):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:  # numpy's bool has __index__ but refuses it
        return None


def _card_number(value: object) -> int:
    if isinstance(value, str):
        m = _CARD_RE.fullmatch(value.strip())
        if m is None:
            raise InvalidCardError(f"{_quoted(value)} is not a card: expected {_EXPECTED}")
        return _number_of(m)
    number = _index(value)
    if number is None:
        raise InvalidCardError(f"{shown(value)} is not a card: expected a card number 0..51, text like '7s', or a Card")
    if not 0 <= number < 52:
        raise InvalidCardError(f"card number {shown(number)} is out of range: expected 0..51")
    return number


def _number_of(m: re.Match[str]) -> int:
    """The card number of a match of ``_CARD_RE``."""
    rank = 8 if m.group(1) == "10" else RANKS.index(m.group(1).upper())
    return 4 * rank + _SUIT_OF[(m.group(2) or m.group(3)).lower()]


_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
DECK: tuple[Card, ...] = _CARDS
"""All 52 cards in encoding order: 2c, 2d, 2h, 2s, 3c, ..., As."""


def parse_card(value: CardLike) -> Card:
    """Parse one card. Same as ``Card(value)``; raises :class:`InvalidCardError` naming ``value``."""
    return Card(value)


def split_card_text(text: str) -> list[str]:
    """Split card text into card tokens, each as written: separators are white space and commas,
    and '7s5h' holds two cards. Suits are letters or symbols (``7\u2660``, ``7\u2660\ufe0f``,
    see :mod:`lowball.cards`). The one scanner of card text: every parser of lowball (the
    cards, the evaluator's and the deck's bindings, hand histories, the ``lowball`` command)
    reads card text through it. Two fast paths read only the plainest ASCII form and hand
    anything else to it: the bindings' C parser, and ``lowball rank --file``'s bulk reader of
    lines like ``7s5h4d3c2s`` or ``7s 5h 4d 3c 2s`` (``lowball.cli.rank``, checked against this
    scanner line by line in its tests).

    Raises
    ------
    InvalidCardError
        For ``text`` that is not a str, or naming the first token that is not a card as written
        (and the run of text it is in, when that is longer): ``'5X'``; ``'\u2665' in
        '7\u2665\u2665'``.
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"{shown(text)} is not card text: expected a str like '7s 5h 4d 3c 2s'")
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        pos = 0
        while pos < len(chunk):
            m = _CARD_RE.match(chunk, pos)
            if m is None:
                raise InvalidCardError(_bad_token(chunk, pos))
            tokens.append(m.group(0))
            pos = m.end()
    return tokens


def _bad_token(chunk: str, pos: int) -> str:
    """The message for the text at ``chunk[pos:]`` that is not a card: the bad token is what
    would be one card there (a rank, or a character that cannot begin a card, and the character
    after it), with a variation selector after it."""
    start = _RANK_START.match(chunk, pos)
    end = min(len(chunk), (start.end() if start else pos + 1) + 1)
    if end < len(chunk) and chunk[end] in _VARIATION:
        end += 1
    bad = chunk[pos:end]
    where = f" in {_quoted(chunk)}" if chunk != bad else ""
    return f"{_quoted(bad)}{where} is not a card: expected {_EXPECTED}"


def parse_cards(cards: HandLike, count: int | None = None) -> tuple[Card, ...]:
    """Parse any number of distinct cards.

    Parameters
    ----------
    cards
        Text (``"7s5h4d3c2s"``, ``"7s 5h 4d 3c 2s"``, ``"7s,5h,4d"``, ``"10d"`` for ten, either
        case, suit symbols: see :func:`split_card_text`) or an iterable of cards
        (:class:`Card`, card text, or card numbers 0..51).
    count
        If given, the exact number of cards expected.

    Returns
    -------
    tuple of Card
        In the order given.

    Raises
    ------
    InvalidCardError
        Naming the bad token for malformed text or an out-of-range number, the repeated card for a
        duplicate, or the count found when ``count`` is not met.
    """
    if isinstance(cards, str):
        parsed = tuple([Card(t) for t in split_card_text(cards)])
    elif isinstance(cards, Iterable) and not isinstance(cards, bytes):
        # card numbers and Cards straight from the table of cards, anything else through Card()
        parsed = tuple(
            [c if type(c) is Card else _CARDS[c] if type(c) is int and 0 <= c < 52 else Card(c) for c in cards]
        )
    else:
        raise InvalidCardError(f"{shown(cards)} is not a list of cards: expected text like '7s5h4d3c2s' or a sequence")
    if count is not None and len(parsed) != count:
        raise InvalidCardError(
            f"expected {shown(count)} cards, got {len(parsed)}: {format_cards(parsed, ' ') or '(none)'}"
        )
    if len(set(parsed)) != len(parsed):
        dup = next(c for c in parsed if parsed.count(c) > 1)
        raise InvalidCardError(f"card {dup} appears twice in {format_cards(parsed, ' ')}")
    return parsed


def parse_hand(hand: HandLike) -> tuple[Card, ...]:
    """Parse exactly five distinct cards (see :func:`parse_cards`)."""
    return parse_cards(hand, count=5)


def read_hand(text: str, name: str, size: int = 5) -> tuple[Card, ...]:
    """``size`` cards (five, or four in badugi) from ``text`` a person typed; an error names
    ``name``, where it was typed (``hand 2``, ``--vs``, a query parameter), and the text.

    Raises
    ------
    InvalidCardError
        For text that is not ``size`` distinct cards.
    """
    try:
        return parse_cards(text, count=size)
    except InvalidCardError as e:
        raise InvalidCardError(f"{name} {shown(text.strip())}: {e}") from None


def read_cards(text: str | None, name: str) -> tuple[Card, ...]:
    """Any number of distinct cards from ``text`` a person typed (``None`` or blank: none); an
    error names ``name``, where it was typed, and the text.

    Raises
    ------
    InvalidCardError
        For a malformed or repeated card.
    """
    if text is None or not text.strip():
        return ()
    try:
        return parse_cards(text)
    except InvalidCardError as e:
        raise InvalidCardError(f"{name} {shown(text.strip())}: {e}") from None


def format_cards(cards: Iterable[CardLike] | str, sep: str = "", *, symbols: bool = False) -> str:
    """Text of cards in the given order, e.g. ``format_cards([23, 13]) == '7s5d'``.

    Parameters
    ----------
    cards : iterable of CardLike, or str
        The cards, or card text (read by :func:`split_card_text`: ``format_cards("7\u2660 5h")``
        is ``'7s5h'``).
    sep : str
        The text between cards.
    symbols : bool, default False
        Write the suits as symbols (:data:`SUIT_SYMBOLS`: ``7\u2660``) instead of letters
        (``7s``); the default text is plain ASCII.

    Raises
    ------
    InvalidCardError
        For something that is not a card, or ``cards`` that are not a list of cards.
    InvalidTypeError
        For a ``sep`` that is not a str or a ``symbols`` that is not a bool (also a TypeError).
    """
    if not isinstance(sep, str):
        raise InvalidTypeError(f"sep {shown(sep)} is not a str: expected the text between cards")
    if not isinstance(symbols, bool):
        raise InvalidTypeError(f"symbols {shown(symbols)} is not a bool: expected True or False")
    if isinstance(cards, str):
        cards = split_card_text(cards)  # not its characters
    elif isinstance(cards, (bytes, bytearray)) or not isinstance(cards, Iterable):
        raise InvalidCardError(f"{shown(cards)} is not a list of cards: expected a sequence of cards")
    suits = SUIT_SYMBOLS if symbols else SUITS
    return sep.join(RANKS[c >> 2] + suits[c & 3] for c in (int(Card(c)) for c in cards))

"""The work of ``lowball rank``: read hands from the arguments, a file or standard input, check
every one, rank them all with the batch evaluator, and produce the result lines in chunks. Hands
are ranked by a :class:`~lowball.evaluation.Ranking` (2-7 by default; A-5; badugi, whose hands
are four cards: every "five" below is the ranking's hand size).

Every hand is checked before any result is produced (the command writes nothing on bad input).
A file is read as bytes: the lines of five two-character cards with nothing or one space, tab
or comma between them (``7s5h4d3c2s``, ``7S 5H 4D 3C 2S``) are parsed and checked by numpy all
at once; every other line (other separators, ``10`` for ten, a comment, a bad card) is parsed
on its own, by a lookup of its card tokens or else by :func:`lowball.cards.parse_hand`, so all
ways accept and refuse the same hands, and a bad hand gets the parser's message.

Each hand is echoed in one canonical form, built from the parsed cards: its cards in the order
given, two characters each (``T`` for ten, the suit a lowercase letter), nothing between them
(:func:`lowball.cards.format_cards`), e.g. ``7s5h4d3c2s``.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import IO

import numpy as np
import numpy.typing as npt

from lowball._files import BOM
from lowball.cards import RANKS, SUITS, format_cards, parse_cards, parse_hand
from lowball.errors import FileError, InvalidCardError, shown
from lowball.evaluation import BadugiCategory, HandCategory, Ranking, category, describe, evaluate_batch

__all__ = ["read_hands", "rank_hands", "result_chunks", "category_counts"]

CHUNK = 1 << 16
"""Result rows per chunk of output text."""

_UTF8_BOM = BOM.encode("utf-8")
_NEWLINE, _CR = ord("\n"), ord("\r")
_SEPARATOR_BYTES = np.frombuffer(b" \t,", dtype=np.uint8)


@lru_cache(maxsize=1)
def _luts() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """Byte -> rank index and byte -> suit index (-1 for any other byte), either case."""
    rank = np.full(256, -1, dtype=np.int8)
    suit = np.full(256, -1, dtype=np.int8)
    for i, ch in enumerate(RANKS):
        rank[ord(ch.upper())] = rank[ord(ch.lower())] = i
    for i, ch in enumerate(SUITS):
        suit[ord(ch.upper())] = suit[ord(ch.lower())] = i
    return rank, suit


def _plain_hands(
    buf: npt.NDArray[np.uint8], starts: npt.NDArray[np.intp], step: int, size: int = 5
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
    """The cards of the lines at ``starts``, ``size`` two-byte cards ``step`` bytes apart (2:
    none between them, 3: one space, tab or comma between them), shape (k, size) uint8, and
    which of the lines are ``size`` distinct cards written so."""
    rank_of, suit_of = _luts()
    cards = np.empty((len(starts), size), dtype=np.uint8)
    bad = np.zeros(len(starts), dtype=np.bool_)
    union = np.zeros(len(starts), dtype=np.uint64)  # the cards as bits: five distinct set five
    total = np.zeros(len(starts), dtype=np.uint64)
    for j in range(size):
        at = starts + step * j
        r = rank_of[buf[at]]
        s = suit_of[buf[at + 1]]
        bad |= (r < 0) | (s < 0)
        if step == 3 and j < size - 1:
            bad |= ~np.isin(buf[at + 2], _SEPARATOR_BYTES)
        card = (4 * r + s).astype(np.uint8) & 63  # junk where bad, but below 64
        cards[:, j] = card
        bit = np.left_shift(np.uint64(1), card.astype(np.uint64))
        union |= bit
        total += bit
    return cards, ~bad & (union == total)


@lru_cache(maxsize=1)
def _tokens() -> dict[str, int]:
    """Card text -> card number for every way the parser reads one card (either case, 10)."""
    out = {}
    for c in range(52):
        rank, suit = RANKS[c // 4], SUITS[c % 4]
        for r in {rank.upper(), rank.lower()} | ({"10"} if rank == "T" else set()):
            for s in (suit.lower(), suit.upper()):
                out[r + s] = c
    return out


def _parse(text: str, where: str | int, size: int = 5) -> tuple[int, ...]:
    """The cards of one hand's text (``size`` cards); a bad hand's error names ``where`` (a line
    number or a description)."""
    words = text.replace(",", " ").split()  # the parser's separators: white space and commas
    if len(words) == size:
        try:
            cards = tuple([_tokens()[w] for w in words])
        except KeyError:
            pass
        else:
            if len(set(cards)) == size:
                return cards
    try:  # anything else: the parser, for its message
        return tuple(int(c) for c in (parse_hand(text) if size == 5 else parse_cards(text, count=size)))
    except InvalidCardError as e:
        raise InvalidCardError(f"line {where}: {e}" if isinstance(where, int) else f"{where}: {e}") from None


def _file_hands(data: bytes, name: str, size: int = 5) -> npt.NDArray[np.uint8]:
    """The hands of a file's bytes, shape (n, size), uint8; blank lines and # comments skipped."""
    if data.startswith(_UTF8_BOM):
        data = data[len(_UTF8_BOM) :]
    buf = np.frombuffer(data, dtype=np.uint8)
    ends = np.flatnonzero(buf == _NEWLINE)
    if len(buf) and buf[-1] != _NEWLINE:
        ends = np.append(ends, len(buf))
    starts = np.zeros(len(ends), dtype=np.intp)
    starts[1:] = ends[:-1] + 1
    cr_end = (ends > starts) & (buf[np.maximum(ends - 1, 0)] == _CR)
    if np.count_nonzero(buf == _CR) != np.count_nonzero(cr_end):  # a lone \r ends a line too
        return _text_hands(data, name, size)
    ends = ends - cr_end
    cards = np.zeros((len(starts), size), dtype=np.uint8)
    keep = np.zeros(len(starts), dtype=np.bool_)
    for step in (2, 3):  # 7s5h4d3c2s, 7s 5h 4d 3c 2s: all at once
        plain = np.flatnonzero(ends - starts == size * step - (step - 2))
        cards[plain], keep[plain] = _plain_hands(buf, starts[plain], step, size)
    slow = np.flatnonzero(~keep)
    found, rows = array("q"), array("B")  # compact: a million lines may come this way
    for block in range(0, len(slow), CHUNK):
        lines = slow[block : block + CHUNK]
        for i, start, end in zip(lines.tolist(), starts[lines].tolist(), ends[lines].tolist()):
            try:
                line = data[start:end].decode("utf-8").strip()
            except UnicodeDecodeError as e:
                raise FileError(f"cannot read {name}: line {i + 1} is not UTF-8 text ({e.reason})") from None
            if line and line[0] != "#":
                rows.extend(_parse(line, i + 1, size))
                found.append(i)
    if found:
        at = np.frombuffer(found, dtype=np.int64)
        cards[at] = np.frombuffer(rows, dtype=np.uint8).reshape(-1, size)
        keep[at] = True
    return cards[keep]


def _text_hands(data: bytes, name: str, size: int = 5) -> npt.NDArray[np.uint8]:
    """As :func:`_file_hands`, for text whose lines may end with a lone ``\\r``."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FileError(f"cannot read {name}: not UTF-8 text ({e})") from None
    rows = []
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            rows.append(_parse(stripped, number, size))
    return np.array(rows, dtype=np.uint8).reshape(-1, size)


def read_hands(
    hands: Sequence[str], path: str | None = None, stdin: IO[bytes] | None = None, *, size: int = 5
) -> npt.NDArray[np.uint8]:
    """Every hand to rank, checked: the ``hands`` given as arguments, then those of the file
    ``path`` (``-`` for ``stdin``), one per line, blank lines and lines starting with ``#``
    skipped. The file is UTF-8; a leading byte-order mark is ignored. A hand is ``size`` cards
    (the ranking's hand size: 5, or 4 for badugi).

    Returns
    -------
    numpy.ndarray
        Shape (n, size), uint8: the cards of each hand in the order given.

    Raises
    ------
    InvalidCardError
        For the first hand that is not ``size`` distinct cards, naming it (``hand '...'``) or
        its line (``line 3``) and the bad token (or ``expected 4 cards, got 5``).
    FileError
        For a file that cannot be read or is not UTF-8.
    """
    rows = [_parse(h.strip(), f"hand {h.strip()!r}", size) for h in hands]
    out = np.array(rows, dtype=np.uint8).reshape(-1, size)
    if path is None:
        return out
    if not path:
        raise FileError(f"cannot read {shown(path)}: the path is empty")
    try:
        if path == "-":
            if stdin is None:
                raise FileError("cannot read -: no standard input")
            data = stdin.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except FileError:
        raise
    except OSError as e:
        raise FileError(f"cannot read {path}: {e.strerror or e}") from None
    name = "standard input" if path == "-" else path
    return np.concatenate([out, _file_hands(data, name, size)])


@lru_cache(maxsize=1)
def _card_bytes() -> npt.NDArray[np.uint8]:
    """The text of each card number as bytes, shape (52, 2)."""
    text = format_cards(range(52)).encode("utf-8")
    return np.frombuffer(text, dtype=np.uint8).reshape(52, 2)


@lru_cache(maxsize=6)
def _row_parts(as_json: bool, ranking: Ranking = Ranking.DEUCE_TO_SEVEN) -> tuple[bytes, npt.NDArray[np.uint8]]:
    """What goes before the hand on each line, and for each class what follows it: shape
    (classes + 1, width) uint8, the UTF-8 text of each padded with zero bytes (row 0 unused)."""
    ends = [b""]
    for c in range(1, ranking.num_classes + 1):
        label, text = category(c, ranking).label, describe(c, ranking)
        if as_json:
            obj = {"class": c, "category": label, "description": text}
            ends.append(b'",' + json.dumps(obj, separators=(",", ":"))[1:].encode("utf-8") + b"\n")
        else:
            ends.append(f"\t{c}\t{label}\t{text}\n".encode())
    width = max(map(len, ends))
    table = np.frombuffer(b"".join(e.ljust(width, b"\0") for e in ends), dtype=np.uint8)
    return (b'{"hand":"' if as_json else b""), table.reshape(len(ends), width)


def rank_hands(cards: npt.NDArray[np.uint8], ranking: Ranking = Ranking.DEUCE_TO_SEVEN) -> npt.NDArray[np.uint16]:
    """The class of each hand of :func:`read_hands` (shape (n,), uint16) in ``ranking``."""
    if ranking is Ranking.DEUCE_TO_SEVEN:
        return evaluate_batch(cards, check=False)
    return evaluate_batch(cards, ranking=ranking, check=False)


def result_chunks(
    cards: npt.NDArray[np.uint8],
    classes: npt.NDArray[np.uint16],
    *,
    as_json: bool = False,
    ranking: Ranking = Ranking.DEUCE_TO_SEVEN,
) -> Iterator[str]:
    """The result lines of ``cards`` (shape (n, size), uint8, checked) and their ``classes``
    in ``ranking``, ``CHUNK`` lines at a time.

    A line is tab-separated: hand, class, category, description; with ``as_json`` it is one
    compact JSON object (JSON Lines): ``{"hand":"7s5h4d3c2s","class":1,"category":"high
    card","description":"7-5-4-3-2: number one (the wheel)"}``. The hand is in canonical form.
    """
    # Each line is built at a fixed width (prefix, hand, the class's padded ending) and the
    # zero padding squeezed out: no Python work per line. Text never holds a zero byte.
    names = _card_bytes()
    start, ends = _row_parts(as_json) if ranking is Ranking.DEUCE_TO_SEVEN else _row_parts(as_json, ranking)
    head = np.frombuffer(start, dtype=np.uint8)
    width = 2 * cards.shape[1]  # two characters a card
    for i in range(0, len(cards), CHUNK):
        block = cards[i : i + CHUNK]
        rows = np.empty((len(block), len(head) + width + ends.shape[1]), dtype=np.uint8)
        rows[:, : len(head)] = head
        rows[:, len(head) : len(head) + width] = names[block].reshape(len(block), width)
        rows[:, len(head) + width :] = ends[classes[i : i + CHUNK]]
        yield rows[rows != 0].tobytes().decode("utf-8")


@lru_cache(maxsize=3)
def _categories(ranking: Ranking) -> tuple[HandCategory | BadugiCategory, ...]:
    """The category of each class of ``ranking`` (index 0 unused)."""
    return (HandCategory.HIGH_CARD, *(category(c, ranking) for c in range(1, ranking.num_classes + 1)))


def category_counts(
    classes: npt.NDArray[np.uint16], ranking: Ranking = Ranking.DEUCE_TO_SEVEN
) -> dict[HandCategory | BadugiCategory, int]:
    """How many of the hand ``classes`` fall in each category of ``ranking`` (every category the
    ranking has, in order: A-5 has no straights or flushes, badugi counts the cards that play)."""
    per_class = np.bincount(classes, minlength=ranking.num_classes + 1)
    of = _categories(ranking)
    counts: dict[HandCategory | BadugiCategory, int] = dict.fromkeys(sorted(set(of[1:])), 0)
    for c in np.flatnonzero(per_class).tolist():
        counts[of[c]] += int(per_class[c])
    return counts

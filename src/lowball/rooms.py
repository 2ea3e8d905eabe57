"""Room hand histories: the text files PokerStars and Full Tilt Poker wrote, read into lowball
hand histories, and any hand written in PokerStars' form for the trackers players use.

Reading (:func:`read_text`, :func:`read_file`) splits a file into hands and reads each into a
:class:`RoomHand`: the game (2-7 triple and single draw, A-5 triple draw, badugi, in their
betting structures), the seats, stacks, posts, the cards the room showed (the others unknown,
``??``), every action, and the room's accounting. Each hand is replayed through the engine
(:meth:`lowball.phh.HandHistory.replay`) and must come to the room's own figures: what each
player put in, the uncalled bets returned, the pot, the rake and what each player collected
(``RULES.md`` section 7). A hand that lowball cannot read whole (a game it does not play, a
cancelled or partial hand, run it twice, a line it does not know, a replay that differs from
the room's figures) is refused with the reason, as a :class:`Refused` in the results: the other
hands of the file are still read, and no hand is ever half read.

Amounts: a cash game's are in cents (the room's dollars times 100, ``currency`` and
``_lowball_chip = "0.01"`` in the PHH), a tournament's in its chips.

Writing (:func:`dumps_pokerstars`) gives a hand (a :class:`~lowball.engine.HandState` or a
:class:`~lowball.phh.HandHistory`) in the text PokerStars wrote for its draw games, which
PokerStars' readers (the trackers) import; :func:`read_text` reads it back to the same hand.

>>> from lowball import rooms
>>> text = "\\n".join([
...     "PokerStars Hand #1:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - 2011/06/26 18:34:01 ET",
...     "Table 'Example' 6-max Seat #2 is the button",
...     "Seat 1: Ann ($2 in chips)",
...     "Seat 2: Bob ($2 in chips)",
...     "Bob: posts small blind $0.05",
...     "Ann: posts big blind $0.10",
...     "*** DEALING HANDS ***",
...     "Dealt to Ann [7s 5h 4d 3c 2s]",
...     "Bob: folds",
...     "Uncalled bet ($0.05) returned to Ann",
...     "Ann collected $0.10 from pot",
...     "*** SUMMARY ***",
...     "Total pot $0.10 | Rake $0",
... ])
>>> [hand] = rooms.read_text(text)
>>> hand.number, hand.players, hand.state.stacks
('1', ('Ann', 'Bob'), (205, 195))
"""

from __future__ import annotations

import codecs
import dataclasses
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from lowball import phh
from lowball._files import path_text
from lowball.cards import Card
from lowball.deck import ReshuffleRule
from lowball.engine import HandState, Posts
from lowball.errors import LowballError, counted, name_text, shown, whole_number
from lowball.evaluation import Ranking
from lowball.variants import (
    FixedLimit,
    ForcedBets,
    NoLimit,
    PotLimit,
    Variant,
    VariantError,
)

__all__ = [
    "RoomError",
    "RoomHand",
    "Refused",
    "ROOMS",
    "decode",
    "split_hands",
    "read_text",
    "read_file",
    "is_room_text",
    "dumps_pokerstars",
]

ROOMS = ("PokerStars", "Full Tilt Poker")
"""The rooms whose hand histories :func:`read_text` reads."""


class RoomError(LowballError, ValueError):
    """A room hand history that cannot be read: a file that is not one, or (as the reason of a
    :class:`Refused`) a hand that lowball refuses."""


@dataclass(frozen=True)
class Refused:
    """A hand of a room file that lowball did not read, and why.

    Attributes
    ----------
    room : str
        ``"PokerStars"`` or ``"Full Tilt Poker"``.
    number : str
        The room's hand number ("" if the header has none).
    reason : str
        The kind of refusal, one of :data:`REASONS` (for a summary).
    message : str
        What is wrong, naming the hand and the room's line.
    line : int
        The line of the file where the hand starts (1-based).
    """

    room: str
    number: str
    reason: str
    message: str
    line: int


REASONS = (
    "not a game lowball plays",
    "cancelled",
    "partial",
    "run it twice",
    "unread line",
    "inconsistent cards",
    "unplayable",
    "does not replay to the room's figures",
)
"""The kinds of :class:`Refused` hands."""


@dataclass(frozen=True)
class RoomHand:
    """One hand of a room file, read and replayed.

    Attributes
    ----------
    room : str
        ``"PokerStars"`` or ``"Full Tilt Poker"``.
    number : str
        The room's hand number.
    table : str
        The room's table name.
    time : str
        The time the room gave (``2011/06/26 18:34:01 ET``: the room's zone; PokerStars' ET
        time when it gave one).
    game : str
        The room's name of the game (``Triple Draw 2-7 Lowball Limit``).
    event : str
        A tournament's name and number (``Tournament #476454368, $1.40+$0.10 USD``), "" in a cash game.
    level : int
        A tournament's level (0 in a cash game).
    currency : str
        ``"USD"`` and the like for a cash game (amounts in cents), "" for a tournament's chips.
    players : tuple of str
        The players dealt in, by position (``p1`` first left of the button, the last on it).
    seats : tuple of int
        The room's seat of each position (from 1, as the room and PHH number them).
    seat_count : int
        The seats at the table (the room's ``6-max``; the highest seat when it does not say).
    button : int
        The room's button seat.
    rake : int
        What the room took, in the hand's amounts.
    collected : tuple of int
        What the room says each position collected from the pots (after the rake).
    history : lowball.phh.HandHistory
        The hand as lowball reads it (its ``??`` are the cards the room did not show).
    state : lowball.engine.HandState
        The finished hand, replayed.
    encoding : str
        The file's encoding as read (``utf-8``, ``utf-8-sig``, ``utf-16``, ``cp1252``, ...).
    line : int
        The line of the file where the hand starts (1-based).
    reshuffled : bool
        Whether the room says the deck was reshuffled in this hand.
    """

    room: str
    number: str
    table: str
    time: str
    game: str
    event: str
    level: int
    currency: str
    players: tuple[str, ...]
    seats: tuple[int, ...]
    seat_count: int
    button: int
    rake: int
    collected: tuple[int, ...]
    history: phh.HandHistory
    state: HandState = field(repr=False)
    encoding: str = "utf-8"
    line: int = 1
    reshuffled: bool = False

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        """Each position's stack after the hand by the room's accounting: starting stack, less
        what he put in, plus what was returned to him uncalled, plus what he collected (the
        engine's stacks less his part of the rake)."""
        _, won = _room_accounts(self.state)
        return tuple(s - (w - c) for s, w, c in zip(self.state.stacks, won, self.collected))

    def phh_fields(self, *, names: bool = True) -> dict[str, Any]:
        """The PHH fields that say where the hand comes from: ``_lowball_room``, ``hand``,
        ``table``, ``players`` (with ``names=True``; else none, the players are ``p1`` .. ``pN``),
        ``seats``, ``seat_count``, ``event``/``level`` (a tournament), ``currency`` and
        ``_lowball_chip`` (a cash game: the value of one chip), ``year``/``month``/``day``,
        ``_lowball_time``, ``_lowball_rake``, ``_lowball_encoding``."""
        out: dict[str, Any] = {"_lowball_room": self.room, "hand": self.number, "table": self.table}
        if names:
            out["players"] = list(self.players)
        out["seats"] = list(self.seats)
        out["seat_count"] = self.seat_count
        out["_lowball_button"] = self.button
        if self.event:
            out["event"] = self.event
        if self.level:
            out["level"] = self.level
        if self.currency:
            out["currency"] = self.currency
            out["_lowball_chip"] = "0.01"
        m = re.match(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})", self.time)
        if m:
            out["year"], out["month"], out["day"] = (int(g) for g in m.groups())
        if self.time:
            out["_lowball_time"] = self.time
        out["_lowball_rake"] = self.rake
        out["_lowball_encoding"] = self.encoding
        return out

    def to_phh(self, *, names: bool = True) -> str:
        """The hand as PHH text (:func:`lowball.phh.dumps` of the replayed hand, with
        :meth:`phh_fields`): it replays to the same stacks, its unknown cards ``??``.

        ``names=False`` leaves the players' names out (positions ``p1`` .. ``pN`` only)."""
        return phh.dumps(self.state, **self.phh_fields(names=names))


# -- encodings ---------------------------------------------------------------------------------


def decode(data: bytes) -> tuple[str, str]:
    """The text of a room file's bytes and the encoding it was read in.

    A byte-order mark decides (UTF-8, UTF-16 little or big endian: Full Tilt wrote UTF-16);
    without one, a file whose first characters have NUL high bytes is UTF-16 of that order; else
    UTF-8 if it decodes, else cp1252 (the rooms' older single-byte files, Windows' Western code
    page; every byte decodes, undefined ones as latin-1 does). A UTF-16 file cut one byte short
    of a whole character at its end loses that byte. Line ends ``\\r\\n`` and ``\\r`` become ``\\n``.

    Raises
    ------
    RoomError
        For ``data`` that is not bytes, or UTF-16 that does not decode (naming the byte).
    """
    if not isinstance(data, (bytes, bytearray)):
        raise RoomError(f"data = {shown(data)}: expected the bytes of a file")
    data = bytes(data)
    if data.startswith(codecs.BOM_UTF8):
        encoding, body = "utf-8-sig", data[3:]
    elif data.startswith(codecs.BOM_UTF16_LE):
        encoding, body = "utf-16", data[2:]
        inner = "utf-16-le"
    elif data.startswith(codecs.BOM_UTF16_BE):
        encoding, body = "utf-16", data[2:]
        inner = "utf-16-be"
    elif len(data) >= 4 and data[1] == 0 and data[3] == 0 and data[0] and data[2]:
        encoding = inner = "utf-16-le"
        body = data
    elif len(data) >= 4 and data[0] == 0 and data[2] == 0 and data[1] and data[3]:
        encoding = inner = "utf-16-be"
        body = data
    else:
        encoding, body = "utf-8", data
    if encoding.startswith("utf-16"):
        if len(body) % 2:
            body = body[:-1]  # a file cut one byte short (as copies of Full Tilt's files are)
        try:
            text = body.decode(inner)
        except UnicodeDecodeError as e:
            raise RoomError(f"the file is not UTF-16 as its start says: {e.reason} at byte {e.start}") from None
    else:
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            encoding = "cp1252"
            text = "".join(
                b.decode("cp1252", errors="strict") if b not in _CP1252_UNDEFINED else b.decode("latin-1")
                for b in (body[i : i + 1] for i in range(len(body)))
            )
    return text.replace("\r\n", "\n").replace("\r", "\n"), encoding


_CP1252_UNDEFINED = {bytes([b]) for b in (0x81, 0x8D, 0x8F, 0x90, 0x9D)}


# -- splitting a file into hands ---------------------------------------------------------------

_STARS_HEAD = re.compile(r"^PokerStars (?:Home Game )?(?:Hand|Game|Zoom Hand) #(\d+):\s*(.*)$")
_FTP_HEAD = re.compile(r"^Full ?Tilt ?Poker Game #(\d+):\s*(.*)$")
_HEAD = re.compile(r"^(?:PokerStars (?:Home Game )?(?:Hand|Game|Zoom Hand)|Full ?Tilt ?Poker Game) #\d+:")


def is_room_text(text: str) -> bool:
    """Whether ``text`` (a file's start) is a PokerStars or Full Tilt hand history: a hand's
    header line within its first lines (after a byte-order mark, blank lines or Full Tilt's
    archive separators).

    Raises
    ------
    RoomError
        For ``text`` that is not a str.
    """
    if not isinstance(text, str):
        raise RoomError(f"text = {shown(text)}: expected the text of a file")
    for line in text.lstrip("\ufeff").split("\n", 20)[:20]:
        if _HEAD.match(line.strip()):
            return True
    return False


def split_hands(text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file's text: each as (the line where it starts, 1-based; its lines, blank
    ones left out). A hand starts at its room's header line (``PokerStars Hand #...``,
    ``Full Tilt Poker Game #...``); what comes before the first header is not a hand.

    Raises
    ------
    RoomError
        For ``text`` that is not a str.
    """
    if not isinstance(text, str):
        raise RoomError(f"text = {shown(text)}: expected the text of a room file")
    out: list[tuple[int, list[str]]] = []
    current: list[str] | None = None
    for k, raw in enumerate(text.lstrip("\ufeff").split("\n")):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        if line.startswith(("PokerStars", "Full")) and _HEAD.match(line):
            current = [line]
            out.append((k + 1, current))
        elif current is not None:
            current.append(line)
    return out


# -- the games ---------------------------------------------------------------------------------

_STRUCTURE_WORDS = {"Limit": "fixed", "FL": "fixed", "Pot Limit": "pot", "PL": "pot", "No Limit": "no", "NL": "no"}
_STARS_GAME = re.compile(r"^(?:(Triple|Single) Draw (2-7|A-5) Lowball|(Badugi)) (Limit|Pot Limit|No Limit)$")
_FTP_GAME = re.compile(r"^(Limit|Pot Limit|No Limit|FL|PL|NL) (?:(2-7|A-5) (Triple|Single) Draw|(Badugi))$")


def _game_of(room: str, name: str) -> tuple[Ranking, int, str] | None:
    """(ranking, draws, betting kind) of a room's game name, or None for a game lowball does not
    play."""
    if room == "PokerStars":
        m = _STARS_GAME.match(name)
        if not m:
            return None
        kind = _STRUCTURE_WORDS[m.group(4)]
        if m.group(3):
            return Ranking.BADUGI, 3, kind
        return (
            (Ranking.DEUCE_TO_SEVEN if m.group(2) == "2-7" else Ranking.ACE_TO_FIVE),
            (3 if m.group(1) == "Triple" else 1),
            kind,
        )
    m = _FTP_GAME.match(name)
    if not m:
        return None
    kind = _STRUCTURE_WORDS[m.group(1)]
    if m.group(4):
        return Ranking.BADUGI, 3, kind
    return (
        (Ranking.DEUCE_TO_SEVEN if m.group(2) == "2-7" else Ranking.ACE_TO_FIVE),
        (3 if m.group(3) == "Triple" else 1),
        kind,
    )


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def _roman(text: str) -> int:
    total = 0
    for a, b in zip(text, text[1:] + " "):
        v = _ROMAN[a]
        total += -v if b != " " and _ROMAN[b] > v else v
    return total


# -- amounts -----------------------------------------------------------------------------------

_MONEY = r"[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?"


class _Refuse(Exception):
    """A hand is refused: (reason, message, line text)."""

    def __init__(self, reason: str, message: str, line: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.line = line


def _amount(text: str, scale: int, line: str = "") -> int:
    """The room's amount in the hand's chips: cents for a cash game (scale 100), chips for a
    tournament (scale 1)."""
    t = text.strip().lstrip("$€£").replace(",", "")
    try:
        value = Decimal(t) * scale
    except InvalidOperation:
        raise _Refuse("unread line", f"{text!r} is not an amount", line) from None
    if value != value.to_integral_value():
        raise _Refuse("unread line", f"the amount {text} is not a whole number of chips", line)
    return int(value)


# -- reading one hand --------------------------------------------------------------------------

# lines that say nothing about the play (chat, connections, time, the table's comings and
# goings, which the seat lines and the posts already tell), by room
_STARS_IGNORED = re.compile(
    r"^(?:.+ said, \".*\"|.+ (?:is connected|is disconnected|has timed out(?: while disconnected)?|has returned"
    r"|leaves the table|joins the table at seat #\d+|will be allowed to play after the button|is sitting out"
    r"|finished the tournament.*|wins the tournament.*|re-buys and receives.*|takes the add-on.*"
    r"|was removed from the table.*|has been disconnected|is being treated as all-in)"
    r"|Betting is capped|The deck is reshuffled|.+: (?:sits out|is sitting out|is disconnected|is connected))$"
)
_FTP_IGNORED = re.compile(
    r"^(?:.+ has \d+ seconds? left to act|\d+ seconds? left to act|.+ has requested TIME|.+ is feeling \w+"
    r"|.+ has been disconnected|.+ has reconnected|.+ has returned|.+ is sitting out|.+ sits down|.+ stands up"
    r"|.+ adds " + _MONEY + r"|.+ has left the table|.+ is connected|.+ is disconnected"
    r"|.+ has timed out|.+ leaves the table|The deck is reshuffled|.+ seat \d+ is reserved.*"
    r"|.+ finished in \d+\w* place.*|.+ wins the tournament.*|.+ is the table's new dealer|.+ will be using.*)$"
)
_DRAW_MARK = re.compile(r"^\*\*\* (?:(FIRST|SECOND|THIRD) )?DRAW \*\*\*")
_ORDINAL = {"FIRST": 1, "SECOND": 2, "THIRD": 3}


@dataclass
class _Play:
    """One action of the hand as read: its PHH action, the room's line, and for a check of the
    room's accounting the player's gross chips in after it (None: not checked here)."""

    action: str
    line: str
    pos: int
    gross: int | None = None


class _Reader:
    """Reads one room hand (its lines) into a RoomHand."""

    def __init__(self, lines: list[str], start: int, encoding: str) -> None:
        self.lines = lines
        self.start = start
        self.encoding = encoding

    # the header ---------------------------------------------------------------------------
    def header(self) -> None:
        first = self.lines[0]
        m = _STARS_HEAD.match(first)
        self.event = ""
        self.level = 0
        self.time = ""
        self.seat_count = 0
        self.button = 0
        self.table = ""
        ante_text = None
        if m:
            self.room = "PokerStars"
            self.number = m.group(1)
            rest = m.group(2)
            parts = rest.split(" - ")
            title = parts[0].strip()
            if " - " in rest and re.search(r"\d{4}/\d{1,2}/\d{1,2}", parts[-1]):
                when = parts[-1].strip()
                et = re.search(r"\[(\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2} ET)\]", when)
                self.time = et.group(1) if et else when
            self.stakes_text = ""
            tm = re.match(r"^(?:\{.*?\}\s+)?Tournament #(\d+), (.*)$", title)
            if tm:
                body = tm.group(2)
                # the buy-in, then the game (a mixed game's current one in brackets)
                # find the game: the longest tail of the words that names a game
                tokens = body.split(" ")
                game_text = body
                buyin = ""
                for i in range(len(tokens)):
                    tail = " ".join(tokens[i:])
                    inner = re.search(r"\((.*)\)$", tail)
                    if _game_of("PokerStars", tail) or (inner and _game_of("PokerStars", inner.group(1))):
                        game_text, buyin = tail, " ".join(tokens[:i])
                        break
                self.event = f"Tournament #{tm.group(1)}" + (f", {buyin}" if buyin else "")
                level_part = next((p for p in parts[1:] if "Level" in p), "")
                lm = re.search(r"Level ([IVXLCDM]+|\d+) \((" + _MONEY + r")/(" + _MONEY + r")\)", level_part)
                if not lm:
                    raise _Refuse("unread line", "a tournament header without its level and stakes", first)
                self.level = int(lm.group(1)) if lm.group(1).isdigit() else _roman(lm.group(1))
                self.stakes = (lm.group(2), lm.group(3))
                self.currency = ""
            else:
                cm = re.match(r"^(.*?)\s*\((" + _MONEY + r")/(" + _MONEY + r")(?: ([A-Z]{3}))?\)$", title)
                if not cm:
                    raise _Refuse("unread line", "a header without the game's stakes", first)
                game_text = cm.group(1).strip()
                self.stakes = (cm.group(2), cm.group(3))
                money = "$" in title or "€" in title or "£" in title or "." in cm.group(2) + cm.group(3)
                self.currency = (cm.group(4) or "USD") if money else ""
            inner = re.search(r"\((.*)\)$", game_text)
            if not _game_of("PokerStars", game_text) and inner:  # a mixed game: 8-Game (Triple Draw ...)
                game_text = inner.group(1)
            self.game = game_text
        else:
            m = _FTP_HEAD.match(first)
            assert m is not None
            self.room = "Full Tilt Poker"
            self.number = m.group(1)
            rest = m.group(2)
            if rest.endswith("(partial)"):
                raise _Refuse("partial", "the room wrote this hand in part only (partial)", first)
            parts = [p.strip() for p in rest.split(" - ")]
            game_text = ""
            stakes = None
            self.currency = ""
            for p in parts:
                tm = re.match(r"^(?:(.*) \((\d+)\), )?Table (.*?)(?: \(([^()]*)\))?$", p)
                if p.startswith("Table ") or (tm and tm.group(1)):
                    assert tm is not None
                    if tm.group(1):
                        self.event = f"{tm.group(1)} ({tm.group(2)})"
                    self.table = tm.group(3)
                    note = tm.group(4) or ""
                    mx = re.match(r"(\d+) max", note)
                    self.seat_count = int(mx.group(1)) if mx else (2 if note == "heads up" else 0)
                    continue
                sm = re.match(r"^(" + _MONEY + r")/(" + _MONEY + r")(?: Ante (" + _MONEY + r"))?$", p)
                if sm and stakes is None:
                    stakes = (sm.group(1), sm.group(2))
                    ante_text = sm.group(3)
                    if "$" in p or "€" in p or "£" in p:
                        self.currency = "USD" if "$" in p else ("EUR" if "€" in p else "GBP")
                    continue
                if re.match(r"^\d{1,2}:\d{2}:\d{2}", p):
                    self.time = p if not self.time else f"{self.time} {p}"
                    continue
                if re.match(r"^\d{4}/\d{1,2}/\d{1,2}$", p):
                    self.time = f"{p} {self.time}".strip()
                    continue
                game_text = game_text or p
            if stakes is None:
                raise _Refuse("unread line", "a header without the game's stakes", first)
            self.stakes = stakes
            self.game = game_text
        self.ante_text = ante_text
        game = _game_of(self.room, self.game)
        if game is None:
            raise _Refuse("not a game lowball plays", f"{self.game!r} is not a game lowball plays", first)
        self.ranking, self.draws, self.kind = game
        self.scale = 100 if self.currency else 1

    # the hand -------------------------------------------------------------------------------
    def read(self) -> RoomHand:
        self.header()
        stars = self.room == "PokerStars"
        scale = self.scale
        seats: dict[int, str] = {}
        stacks_by_name: dict[str, int] = {}
        body_start = 1
        for k in range(1, len(self.lines)):
            line = self.lines[k]
            if stars and line.startswith("Table '"):
                tm = re.match(r"^Table '(.*)' (\d+)-max(?: \(.*?\))? Seat #(\d+) is the button", line)
                if not tm:
                    raise _Refuse("unread line", "a table line lowball does not read", line)
                self.table, self.seat_count, self.button = tm.group(1), int(tm.group(2)), int(tm.group(3))
                body_start = k + 1
                continue
            if line.startswith("Seat "):
                if stars:
                    sm = re.match(r"^Seat (\d+): (.+?) \((" + _MONEY + r") in chips(?:, .*?)?\)(.*)$", line)
                else:
                    sm = re.match(r"^Seat (\d+): (.+?) \((" + _MONEY + r")\)(.*)$", line)
                if not sm:
                    raise _Refuse("unread line", "a seat line lowball does not read", line)
                seat, name = int(sm.group(1)), sm.group(2)
                seats[seat] = name
                stacks_by_name[name] = _amount(sm.group(3), scale, line)
                body_start = k + 1
                continue
            break
        if not seats:
            raise _Refuse("unread line", "a hand without its seats", self.lines[0])
        names = sorted(seats.values(), key=len, reverse=True)
        self.names = set(names)
        seat_of = {name: seat for seat, name in seats.items()}
        if len(seat_of) != len(seats):
            raise _Refuse("unread line", "two seats hold players of one name", self.lines[0])
        # first pass: find who is dealt in (every player who posts or acts), the button and the
        # blinds, and refuse what lowball does not read
        events: list[tuple[str, str, str, str]] = []  # (name, verb, rest, line)
        summary: list[str] = []
        section = "pre"
        for line in self.lines[body_start:]:
            if section == "summary":
                summary.append(line)
                continue
            if line.startswith("***"):
                if line.startswith("*** SUMMARY"):
                    section = "summary"
                elif re.match(r"^\*\*\* (?:FIRST|SECOND|THIRD) SHOW ?DOWN", line) or "RUN" in line.upper():
                    raise _Refuse("run it twice", "the hand was run more than once", line)
                events.append(("", "mark", line, line))
                continue
            if line == "Hand cancelled":
                raise _Refuse("cancelled", "the room cancelled the hand", line)
            if not stars and line.startswith("The button is in seat #"):
                self.button = int(line.rsplit("#", 1)[1])
                continue
            if line.startswith("Dealt to "):
                name = next((n for n in names if line.startswith(f"Dealt to {n} [")), None)
                if name is None:
                    raise _Refuse("unread line", "cards dealt to a player not seated", line)
                events.append((name, "dealt", line[len(f"Dealt to {name} ") :], line))
                continue
            if line.startswith("Uncalled bet"):
                um = re.match(r"^Uncalled bet (?:\((" + _MONEY + r")\)|of (" + _MONEY + r")) returned to (.+)$", line)
                if not um or um.group(3) not in self.names:
                    raise _Refuse("unread line", "an uncalled bet lowball does not read", line)
                events.append((um.group(3), "returned", um.group(1) or um.group(2), line))
                continue
            found = None
            for n in names:
                if stars and line.startswith(n + ": "):
                    found = (n, line[len(n) + 2 :])
                    break
                if line.startswith(n + " ") and not (stars and line.startswith(n + ": ")):
                    found = (n, line[len(n) + 1 :])
                    break
            if found is not None:
                name, rest = found
                verb = self._verb(name, rest, line, stars)
                if verb is not None:
                    events.append((name, verb[0], verb[1], line))
                    continue
            if (_STARS_IGNORED if stars else _FTP_IGNORED).match(line):
                if line == "The deck is reshuffled":
                    events.append(("", "reshuffle", "", line))
                continue
            if not stars and re.match(r"^.+?: ", line):  # Full Tilt's chat: "name: text"
                continue
            raise _Refuse("unread line", "a line lowball does not read", line)
        if section != "summary":
            raise _Refuse("partial", "the hand has no summary (the file ends within it)", self.lines[-1])
        return self._play(seats, seat_of, stacks_by_name, events, summary)

    _STARS_VERBS = (
        ("post_sb", re.compile(r"^posts small blind (" + _MONEY + r")( and is all-in)?$")),
        ("post_bb", re.compile(r"^posts big blind (" + _MONEY + r")( and is all-in)?$")),
        ("post_both", re.compile(r"^posts small & big blinds (" + _MONEY + r")( and is all-in)?$")),
        ("ante", re.compile(r"^posts the ante (" + _MONEY + r")( and is all-in)?$")),
        ("fold", re.compile(r"^folds(?: \[.*\])?$")),
        ("check", re.compile(r"^checks$")),
        ("call", re.compile(r"^calls (" + _MONEY + r")( and is all-in)?(?: and has reached the .* cap)?$")),
        ("bet", re.compile(r"^bets (" + _MONEY + r")( and is all-in)?(?: and has reached the .* cap)?$")),
        (
            "raise",
            re.compile(
                r"^raises " + _MONEY + r" to (" + _MONEY + r")( and is all-in)?(?: and has reached the .* cap)?$"
            ),
        ),
        ("discard", re.compile(r"^discards (\d+) cards?(?: \[(.*)\])?(?: \(disconnect\))?$")),
        ("pat", re.compile(r"^stands pat(?: on \[(.*)\])?(?: \(disconnect\))?$")),
        ("show", re.compile(r"^shows \[(.*?)\](?: \(.*\))?$")),
        ("muck", re.compile(r"^mucks hand$")),
        ("noshow", re.compile(r"^doesn't show hand$")),
    )
    _STARS_COLLECT = re.compile(r"^collected (" + _MONEY + r") from (?:the )?(?:main |side )?pot(?:-\d+)?$")
    _FTP_VERBS = (
        ("post_sb", re.compile(r"^posts the small blind of (" + _MONEY + r")(, and is all in)?$")),
        ("post_bb", re.compile(r"^posts the big blind of (" + _MONEY + r")(, and is all in)?$")),
        ("post_dead", re.compile(r"^posts a dead small blind of (" + _MONEY + r")(, and is all in)?$")),
        ("post_live", re.compile(r"^posts (" + _MONEY + r")(, and is all in)?$")),
        ("ante", re.compile(r"^antes (" + _MONEY + r")(, and is all in)?$")),
        ("fold", re.compile(r"^folds$")),
        ("check", re.compile(r"^checks$")),
        ("call", re.compile(r"^calls (" + _MONEY + r")(, and is all in)?$")),
        ("bet", re.compile(r"^bets (" + _MONEY + r")(, and is all in)?$")),
        ("raise", re.compile(r"^raises to (" + _MONEY + r")(, and is all in)?$")),
        ("discard", re.compile(r"^discards (\d+) cards?(?: \[(.*)\])?$")),
        ("pat", re.compile(r"^stands pat(?: on \[(.*)\])?$")),
        ("dealt_count", re.compile(r"^is dealt (\d+) cards?$")),
        ("show", re.compile(r"^shows \[(.*?)\](?: .*)?$")),
        ("muck", re.compile(r"^mucks$")),
        (
            "collect",
            re.compile(r"^(?:wins|ties for) (?:the )?(?:main |side )?pot(?: #?\d+)? \((" + _MONEY + r")\)(?: .*)?$"),
        ),
    )

    def _verb(self, name: str, rest: str, line: str, stars: bool) -> tuple[str, Any] | None:
        if stars and not line.startswith(name + ": "):
            m = self._STARS_COLLECT.match(rest)
            return ("collect", m) if m else None
        for verb, rx in self._STARS_VERBS if stars else self._FTP_VERBS:
            m = rx.match(rest)
            if m:
                return verb, m
        return None

    def _play(
        self,
        seats: dict[int, str],
        seat_of: dict[str, int],
        stacks_by_name: dict[str, int],
        events: list[tuple[str, str, Any, str]],
        summary: list[str],
    ) -> RoomHand:
        scale = self.scale
        size = 4 if self.ranking is Ranking.BADUGI else 5
        acting = {n for n, verb, _, _ in events if n and verb not in ("dealt", "returned", "mark", "reshuffle")}
        acting |= {n for n, verb, _, _ in events if verb == "dealt"}
        dealt_mark = any(verb == "mark" and ("HOLE CARDS" in m or "DEALING HANDS" in m) for _, verb, m, _ in events)
        if not acting or not dealt_mark or len(acting) < 2:
            raise _Refuse("cancelled", "no hand was dealt (no cards, or fewer than two players)", self.lines[0])
        if not self.button:
            raise _Refuse("unread line", "the hand does not say where the button is", self.lines[0])
        top = max([*seats, self.button, self.seat_count])
        players = sorted(acting, key=lambda n: (seat_of[n] - self.button - 1) % top)
        n = len(players)
        if n < 2:
            raise _Refuse("cancelled", "fewer than two players were dealt in", self.lines[0])
        pos_of = {name: p for p, name in enumerate(players)}
        stacks = [stacks_by_name[name] for name in players]
        if min(stacks) < 1:
            raise _Refuse("unplayable", "a player dealt in has no chips", self.lines[0])
        # the forced bets
        lo, hi = (_amount(s, scale, self.lines[0]) for s in self.stakes)
        ante = _amount(self.ante_text, scale, self.lines[0]) if self.ante_text else 0
        live = [0] * n
        dead = [0] * n
        antes = [0] * n
        sb_posted: int | None = None
        bb_pos: int | None = None
        all_in_on_post: set[int] = set()
        for name, verb, m, line in events:
            if not verb.startswith("post") and verb != "ante":
                continue
            p = pos_of[name]
            amount = _amount(m.group(1), scale, line)
            if m.group(2):
                all_in_on_post.add(p)
            if verb == "ante":
                antes[p] += amount
                ante = max(ante, amount)
            elif verb == "post_sb":
                live[p] += amount
                if not m.group(2):
                    sb_posted = amount
            elif verb == "post_bb":
                live[p] += amount
                if bb_pos is None:
                    bb_pos = p
            elif verb == "post_dead":
                dead[p] += amount
            elif verb == "post_live":
                live[p] += amount
            else:  # posts small & big blinds: the big blind live, the rest dead
                bb_amount = lo if self.kind == "fixed" else hi
                live[p] += min(amount, bb_amount)
                dead[p] += amount - min(amount, bb_amount)
        if bb_pos is None:
            raise _Refuse("unplayable", "nobody posts the big blind", self.lines[0])
        if self.kind == "fixed":
            big_blind = lo
            small_blind = sb_posted if sb_posted is not None else lo // 2
            betting: Any = FixedLimit(small_bet=lo, big_bet=hi)
        else:
            small_blind, big_blind = lo, hi
            betting = (NoLimit if self.kind == "no" else PotLimit)(min_bet=hi)
        for p in all_in_on_post:  # a post all in for less stands for the whole post
            if live[p] and p == bb_pos:
                live[p] = big_blind
            elif live[p] and live[p] < small_blind:
                live[p] = small_blind
        if any(a and a != ante for p, a in enumerate(antes) if p not in all_in_on_post):
            raise _Refuse("unplayable", f"antes of different sizes {antes}", self.lines[0])
        if ante and any(a == 0 for p, a in enumerate(antes) if stacks[p] > 0):
            raise _Refuse("unplayable", "some players dealt in post no ante", self.lines[0])
        sb_pos_std = 1 if n == 2 else 0
        bb_pos_std = 0 if n == 2 else 1
        standard = [0] * n
        standard[sb_pos_std] = small_blind
        standard[bb_pos_std] = big_blind
        # a player all in on his ante posts no blind: the engine's posts are then the same
        matches = all(
            live[p] == standard[p] or (live[p] == 0 and p in all_in_on_post and antes[p] >= stacks[p]) for p in range(n)
        )
        posts = (
            None if (matches and not any(dead) and bb_pos == bb_pos_std) else Posts(tuple(live), bb_pos, tuple(dead))
        )
        try:
            variant = Variant(
                name=f"{self.room} {self.game}",
                draws=self.draws,
                betting=betting,
                forced=ForcedBets(small_blind=min(small_blind, big_blind), big_blind=big_blind, ante=ante),
                reshuffle=ReshuffleRule.SEEDS,
                max_players=max(8 if self.ranking is Ranking.BADUGI else 6, n),
                open_fold=True,
                must_open=True,
                ranking=self.ranking,
            )
        except VariantError as e:
            raise _Refuse("unplayable", f"the room's stakes are not a game lowball plays: {e}", self.lines[0]) from None
        variant = dataclasses.replace(variant, code=phh.code_of(variant) or "")
        # the actions, in PHH
        plays: list[_Play] = []
        known: list[list[str] | None] = [None] * n
        holes: list[_Play] = []
        first_deal: dict[int, list[str]] = {}
        for name, verb, m, _ in events:
            if verb == "dealt":
                p = pos_of[name]
                if p not in first_deal:
                    cards = re.findall(r"\[([^\]]*)\]", m)
                    if len(cards) != 1:
                        break
                    first_deal[p] = cards[0].split()
            elif verb in ("discard", "pat"):
                break
        for p in range(n):
            hole = first_deal.get(p)
            if hole is not None and len(hole) != size:
                raise _Refuse(
                    "inconsistent cards", f"{players[p]} is dealt {counted(len(hole), 'card')}", self.lines[0]
                )
            known[p] = list(hole) if hole else None
            holes.append(_Play(f"d dh p{p + 1} {''.join(hole) if hole else '??' * size}", self.lines[0], p))
        plays.extend(holes)
        gross = [antes[p] + live[p] + dead[p] for p in range(n)]
        for p in range(n):  # a post all in for less: what he has
            gross[p] = min(gross[p], stacks[p])
        wager = [min(live[p], stacks[p] - min(antes[p] + dead[p], stacks[p])) for p in range(n)]
        returned = [0] * n
        collected = [0] * n
        in_draw = False
        pending: dict[int, int] = {}  # a discard whose replacements the room shows later
        seen_first_deal: set[int] = set()
        reshuffled = False
        shown_at: dict[int, str] = {}
        for name, verb, m, line in events:
            p = pos_of.get(name, -1)
            if verb == "mark":
                if _DRAW_MARK.match(m) and not in_draw:
                    in_draw = True
                    wager = [0] * n
                continue
            if verb == "reshuffle":
                reshuffled = True
                continue
            if verb in ("post_sb", "post_bb", "post_dead", "post_live", "post_both", "ante"):
                continue
            if verb == "dealt":
                cards = re.findall(r"\[([^\]]*)\]", m)
                if p not in seen_first_deal and len(cards) == 1:
                    seen_first_deal.add(p)
                    continue
                if len(cards) == 1 and p in pending and len(cards[0].split()) == size:
                    cards = ["", cards[0]]  # all his cards thrown: the room shows the new ones alone
                if len(cards) != 2:
                    raise _Refuse("unread line", "a deal lowball does not read", line)
                kept, new = cards[0].split(), cards[1].split()
                held = known[p]
                if p not in pending or held is None or not set(kept) <= set(held) or len(kept) + len(new) != size:
                    raise _Refuse("inconsistent cards", f"the room's record of {name}'s draw does not add up", line)
                thrown = [c for c in held if c not in kept]
                k = pending.pop(p)
                if len(thrown) != len(new) or set(new) & set(kept):
                    raise _Refuse("inconsistent cards", f"the room's record of {name}'s draw does not add up", line)
                plays[k].action = f"p{p + 1} sd {''.join(thrown)}"
                plays.append(_Play(f"d dh p{p + 1} {''.join(new)}", line, p))
                known[p] = kept + new
                continue
            if verb == "returned":
                returned[p] += _amount(m, scale, line)
                continue
            if verb == "collect":
                collected[p] += _amount(m.group(1), scale, line)
                continue
            if verb == "dealt_count":
                continue
            if verb in ("fold", "check", "call", "bet", "raise"):
                if in_draw:
                    in_draw = False
                    wager = [0] * n
                if verb == "fold":
                    if p in all_in_on_post and gross[p] >= stacks[p]:
                        raise _Refuse(
                            "unplayable",
                            f"{name} folds all in on his posts (the room folded a player sitting out); an all-in "
                            "player has no turn in lowball",
                            line,
                        )
                    plays.append(_Play(f"p{p + 1} f", line, p))
                elif verb == "check":
                    plays.append(_Play(f"p{p + 1} cc", line, p, gross[p]))
                elif verb == "call":
                    a = _amount(m.group(1), scale, line)
                    gross[p] += a
                    wager[p] += a
                    plays.append(_Play(f"p{p + 1} cc", line, p, gross[p]))
                else:
                    to = _amount(m.group(1), scale, line)
                    if verb == "bet":
                        to += wager[p]  # a bet is what he puts in now
                    gross[p] += to - wager[p]
                    wager[p] = to
                    plays.append(_Play(f"p{p + 1} cbr {to}", line, p, gross[p]))
                continue
            if verb in ("discard", "pat"):
                if not in_draw:
                    in_draw = True
                    wager = [0] * n
                if verb == "pat":
                    if m.group(1) and known[p] is not None and sorted(m.group(1).split()) != sorted(known[p] or []):
                        raise _Refuse("inconsistent cards", f"{name} stands pat on cards he does not hold", line)
                    plays.append(_Play(f"p{p + 1} sd", line, p))
                    continue
                count = int(m.group(1))
                cards_text = (m.group(2) or "").split()
                if cards_text and len(cards_text) != count:
                    raise _Refuse(
                        "inconsistent cards",
                        f"{name} discards {counted(count, 'card')} but the room names {len(cards_text)}",
                        line,
                    )
                if not 0 < count <= size:
                    raise _Refuse("inconsistent cards", f"{name} discards {counted(count, 'card')}", line)
                held = known[p]
                if cards_text and held is not None:
                    if not set(cards_text) <= set(held):
                        raise _Refuse("inconsistent cards", f"{name} discards cards he does not hold", line)
                    plays.append(_Play(f"p{p + 1} sd {''.join(cards_text)}", line, p))
                    pending[p] = len(plays) - 1
                elif held is not None:
                    # his own cards unnamed here: the room's next deal line names what he kept
                    plays.append(_Play(f"p{p + 1} sd {'??' * count}", line, p))
                    pending[p] = len(plays) - 1
                else:
                    plays.append(_Play(f"p{p + 1} sd {'??' * count}", line, p))
                    plays.append(_Play(f"d dh p{p + 1} {'??' * count}", line, p))
                continue
            if verb == "show":
                cards = m.group(1).split()
                if len(cards) != size:
                    raise _Refuse("inconsistent cards", f"{name} shows {counted(len(cards), 'card')}", line)
                shown_at[p] = line
                plays.append(_Play(f"p{p + 1} sm {''.join(cards)}", line, p))
                continue
            if verb == "muck":
                plays.append(_Play(f"p{p + 1} sm", line, p))
                continue
            if verb == "noshow":
                continue
            raise _Refuse("unread line", "a line lowball does not read", line)  # pragma: no cover
        if pending:
            p = next(iter(pending))
            raise _Refuse(
                "inconsistent cards", f"the room never shows {players[p]}'s drawn cards", plays[pending[p]].line
            )
        # the summary: the pot and the rake
        total = rake = None
        for line in summary:
            tm = re.match(r"^Total pot (" + _MONEY + r").*?\| Rake (" + _MONEY + r")", line)
            if tm:
                total, rake = _amount(tm.group(1), scale, line), _amount(tm.group(2), scale, line)
                break
        if total is None or rake is None:
            raise _Refuse("partial", "the summary does not give the pot and the rake", summary[0] if summary else "")
        muck_notes: dict[int, str] = {}
        for line in summary:
            mm = re.match(r"^Seat (\d+): (.+?) (?:\(.*\) )?mucked \[(.*?)\]", line)
            if mm and int(mm.group(1)) in seats and seats[int(mm.group(1))] in pos_of:
                muck_notes[pos_of[seats[int(mm.group(1))]]] = mm.group(3).replace(" ", "")
        for play in plays:  # a muck the summary shows: a comment (PHH's muck has no cards)
            mk = re.fullmatch(r"p(\d+) sm", play.action)
            if mk and int(mk.group(1)) - 1 in muck_notes:
                play.action += f" # mucked {muck_notes[int(mk.group(1)) - 1]}"
        # the replay
        history = phh.HandHistory(variant, tuple(stacks), tuple(pl.action for pl in plays), None, {}, "", posts)
        state = None
        try:
            for step in history.replay():
                state = step.state
                play = plays[step.index]
                if play.gross is not None:
                    back = sum(e.amount for e in state.events if e.kind == "return" and e.position == play.pos)
                    got = state.committed[play.pos] + back
                    if got != play.gross:
                        raise _Refuse(
                            "does not replay to the room's figures",
                            f"{players[play.pos]} has put in {got} in lowball's replay, "
                            f"{play.gross} by the room's figures",
                            play.line,
                        )
        except phh.PHHError as e:
            at = _action_index(str(e))
            line = plays[at].line if at is not None and at < len(plays) else self.lines[0]
            raise _Refuse("unplayable", _without_action(str(e)), line) from None
        assert state is not None
        if not state.is_complete:
            raise _Refuse("partial", "the room's record ends before the hand does", self.lines[-1])
        self._check_accounts(state, players, returned, collected, total, rake)
        return RoomHand(
            room=self.room,
            number=self.number,
            table=self.table,
            time=self.time,
            game=self.game,
            event=self.event,
            level=self.level,
            currency=self.currency,
            players=tuple(players),
            seats=tuple(seat_of[name] for name in players),
            seat_count=self.seat_count or top,
            button=self.button,
            rake=rake,
            collected=tuple(collected),
            history=history,
            state=state,
            encoding=self.encoding,
            line=self.start,
            reshuffled=reshuffled,
        )

    def _check_accounts(
        self,
        state: HandState,
        players: list[str],
        returned: list[int],
        collected: list[int],
        total: int,
        rake: int,
    ) -> None:
        """The room's figures: each uncalled bet returned, the pot, the rake, and what each
        player collected (his share of the pots less his part of the rake)."""
        summary_line = next((ln for ln in self.lines if ln.startswith("Total pot")), self.lines[-1])
        back, won = _room_accounts(state)
        for p in range(state.n):
            if back[p] != returned[p]:
                raise _Refuse(
                    "does not replay to the room's figures",
                    f"lowball's replay returns {back[p]} uncalled to {players[p]}, the room {returned[p]}",
                    next(
                        (ln for ln in self.lines if ln.startswith("Uncalled") and ln.endswith(players[p])), summary_line
                    ),
                )
        if sum(won) != total:
            raise _Refuse(
                "does not replay to the room's figures",
                f"the pot is {sum(won)} in lowball's replay, {total} by the room's figures",
                summary_line,
            )
        if sum(won) - sum(collected) != rake:
            raise _Refuse(
                "does not replay to the room's figures",
                f"the players collect {sum(collected)} of the pot of {total} with a rake of {rake}",
                summary_line,
            )
        for p in range(state.n):
            if not 0 <= won[p] - collected[p] <= rake or (won[p] > rake and not collected[p]):
                raise _Refuse(
                    "does not replay to the room's figures",
                    f"{players[p]} wins {won[p]} in lowball's replay and collects {collected[p]} by the room's "
                    f"figures (rake {rake})",
                    summary_line,
                )


def _room_accounts(state: HandState) -> tuple[list[int], list[int]]:
    """What the rooms count as returned uncalled to each position, and as won from the pots.

    The engine's returns, and at a showdown the chips of a player that no other player
    matched (an ante beyond an all-in player's, or a bet beyond what the others had): a pot of
    his own in lowball's replay, given back uncalled by the rooms. A dead blind is the main
    pot's (``RULES.md`` section 9), no one's to match."""
    n = state.n
    back = [0] * n
    dead = [0] * n
    for e in state.events:
        if e.position is None:
            continue
        if e.kind == "return":
            back[e.position] += e.amount
        elif e.kind == "dead_blind":
            dead[e.position] += e.amount
    won = list(state.winnings)
    live = [c - d for c, d in zip(state.committed, dead)]
    if sum(1 for f in state.folded if not f) > 1:
        for p in range(n):
            others = max((c for q, c in enumerate(live) if q != p), default=0)
            if live[p] > others:
                back[p] += live[p] - others
                won[p] -= live[p] - others
    return back, won


_ACTION_AT = re.compile(r"^(?:line \d+, )?action (\d+) '[^']*': ")


def _action_index(message: str) -> int | None:
    m = _ACTION_AT.match(message)
    return int(m.group(1)) - 1 if m else None


def _without_action(message: str) -> str:
    return _ACTION_AT.sub("", message)


def _read_one(start: int, lines: list[str], encoding: str) -> RoomHand | Refused:
    reader = _Reader(lines, start, encoding)
    try:
        return reader.read()
    except _Refuse as e:
        room = getattr(reader, "room", "PokerStars" if lines[0].startswith("PokerStars") else "Full Tilt Poker")
        number = getattr(reader, "number", "")
        where = ""
        if e.line:
            k = next((i for i, ln in enumerate(lines) if ln == e.line), None)
            where = f" at {e.line!r}" if k is None else f" at its line {k + 1} {e.line!r}"
        message = f"{room} hand #{number}{where}: {e.message}"
        return Refused(room, number, e.reason, message, start)


def read_text(text: str, *, encoding: str = "utf-8") -> list[RoomHand | Refused]:
    """Read every hand of a room file's text: a :class:`RoomHand` for each hand read, a
    :class:`Refused` for each hand refused (with the reason), in the file's order.

    ``encoding`` is recorded in each hand (see :func:`decode`, which :func:`read_file` uses).

    Raises
    ------
    RoomError
        For ``text`` that is not a str, or that holds no PokerStars or Full Tilt hand.
    """
    if not isinstance(text, str):
        raise RoomError(f"text = {shown(text)}: expected the text of a room file")
    if not isinstance(encoding, str):
        raise RoomError(f"encoding = {shown(encoding)}: expected an encoding's name (a str)")
    hands = split_hands(text)
    if not hands:
        raise RoomError("no PokerStars or Full Tilt Poker hand in the text (a hand starts 'PokerStars Hand #')")
    return [_read_one(start, lines, encoding) for start, lines in hands]


def iter_file(path: str | Path) -> Iterator[RoomHand | Refused]:
    """:func:`read_file`, one hand at a time (the file is read and split first)."""
    text, encoding = _file_text(path)
    hands = split_hands(text)
    if not hands:
        raise RoomError(f"{path_text(path, 'path')}: no PokerStars or Full Tilt Poker hand in the file")
    for start, lines in hands:
        yield _read_one(start, lines, encoding)


def _file_text(path: str | Path) -> tuple[str, str]:
    name = path_text(path, "path")
    if not name:
        raise RoomError(f"path {shown(name)} is empty: expected the path of a room's hand history")
    if Path(name).is_dir():
        raise RoomError(f"{name} is a directory: expected a room's hand history")
    try:
        with open(name, "rb") as f:
            data = f.read()
    except OSError as e:
        raise RoomError(f"cannot read {name}: {e.strerror or e}") from None
    try:
        return decode(data)
    except RoomError as e:
        raise RoomError(f"{name}: {e}") from None


def read_file(path: str | Path) -> list[RoomHand | Refused]:
    """Read a room file (its encoding found by :func:`decode`) as :func:`read_text` does.

    Raises
    ------
    RoomError
        For an empty path, a directory, a file that cannot be read (naming the path and the
        reason), or one that holds no hand.
    InvalidTypeError
        For a ``path`` that is not a str or os.PathLike.
    """
    return list(iter_file(path))


# -- writing PokerStars' form ------------------------------------------------------------------

_STARS_NAMES = {
    (Ranking.DEUCE_TO_SEVEN, 3): "Triple Draw 2-7 Lowball",
    (Ranking.DEUCE_TO_SEVEN, 1): "Single Draw 2-7 Lowball",
    (Ranking.ACE_TO_FIVE, 3): "Triple Draw A-5 Lowball",
    (Ranking.ACE_TO_FIVE, 1): "Single Draw A-5 Lowball",
    (Ranking.BADUGI, 3): "Badugi",
}
_STARS_STRUCTURES = {"fixed": "Limit", "pot": "Pot Limit", "no": "No Limit"}
_DRAW_NAMES = ("FIRST", "SECOND", "THIRD")
_NTH = {1: "1st", 2: "2nd", 3: "3rd"}


def _stars_game(variant: Variant) -> str:
    name = _STARS_NAMES.get((variant.ranking, variant.draws))
    if name is None:
        raise RoomError(f"{variant.name}: PokerStars has no name for a game of {variant.draws} draws of this ranking")
    return f"{name} {_STARS_STRUCTURES[variant.betting.kind]}"


def _money(chips: int, chip: Decimal | None) -> str:
    if chip is None:
        return str(chips)
    value = (Decimal(chips) * chip).normalize()
    text = f"{value:f}"
    if "." in text:
        whole, frac = text.split(".")
        text = whole + "." + frac.ljust(2, "0")
    return "$" + text


_RANK_NAMES = {
    "2": "Deuce", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven", "8": "Eight",
    "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace",
}  # fmt: skip


def _hand_words(cards: Sequence[Card], ranking: Ranking) -> str:
    """The hand as PokerStars named it in a show: ``Lo: 8,7,6,4,2``, ``Lo: a pair of Eights``,
    ``Badugi: 8,4,3,A``, ``3-card: 6,5,4``."""
    ranks = "23456789TJQKA"
    if ranking is Ranking.BADUGI:
        playing = _badugi_cards(cards)
        order = sorted(playing, key=lambda c: (ranks.index(str(c)[0]) + 1) % 13, reverse=True)
        text = ",".join(str(c)[0] for c in order)
        return f"Badugi: {text}" if len(playing) == 4 else f"{len(playing)}-card: {text}"
    low = ranking is Ranking.ACE_TO_FIVE
    values = [str(c)[0] for c in cards]

    def key(r: str) -> int:
        return (ranks.index(r) + 1) % 13 if low else ranks.index(r)

    counts = {r: values.count(r) for r in values}
    plural = {
        "2": "Twos", "3": "Threes", "4": "Fours", "5": "Fives", "6": "Sixes", "7": "Sevens", "8": "Eights",
        "9": "Nines", "T": "Tens", "J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces",
    }  # fmt: skip
    if max(counts.values()) == 2 and len(counts) == 4:
        pair = next(r for r, c in counts.items() if c == 2)
        return f"Lo: a pair of {plural[pair]}"
    if max(counts.values()) == 1:
        up = sorted(values, key=key)
        straight = "".join(up) in ("A2345" if low else "") + "23456789TJQKA" or (not low and "".join(up) == "2345A")
        flush = len({str(c)[1] for c in cards}) == 1 and not low
        if straight and not low:
            top, bottom = (up[3], "A") if "".join(up) == "2345A" else (up[-1], up[0])
            names = _RANK_NAMES
            return f"Lo: a {'straight flush' if flush else 'straight'}, {names[bottom]} to {names[top]}"
        if flush:
            return f"Lo: a flush, {_RANK_NAMES[up[-1]]} high"
        return "Lo: " + ",".join(sorted(values, key=key, reverse=True))
    return "Lo: " + ",".join(sorted(values, key=lambda r: (counts[r], key(r)), reverse=True))


def _badugi_cards(cards: Sequence[Card]) -> list[Card]:
    """The cards that play in a badugi hand: the most cards of different ranks and suits, the
    lowest such (ace low)."""
    from itertools import combinations

    def low(c: Card) -> int:
        return ("A23456789TJQK").index(str(c)[0])

    for size in range(len(cards), 0, -1):
        best: list[Card] | None = None
        for combo in combinations(cards, size):
            if len({str(c)[0] for c in combo}) == size and len({str(c)[1] for c in combo}) == size:
                key = sorted((low(c) for c in combo), reverse=True)
                if best is None or key < sorted((low(c) for c in best), reverse=True):
                    best = list(combo)
        if best is not None:
            return best
    return list(cards[:1])  # pragma: no cover - one card always plays


def dumps_pokerstars(
    hand: HandState | phh.HandHistory | str,
    *,
    number: str | int | None = None,
    table: str | None = None,
    players: Sequence[str] | None = None,
    seats: Sequence[int] | None = None,
    seat_count: int | None = None,
    button: int | None = None,
    time: str | None = None,
    chip: str | Decimal | None = None,
    rake: int | None = None,
    hero: str | None = None,
) -> str:
    """A hand in the text PokerStars wrote for its draw games, for the trackers that read it.

    The header (``PokerStars Hand #N:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - ...``,
    the table and button line, the seats and stacks), the posts, ``*** DEALING HANDS ***`` and
    the cards dealt, each betting action, each draw (``*** FIRST DRAW ***`` .. ``*** THIRD
    DRAW ***`` in triple draw; PokerStars wrote no line before a single draw's discards), each
    discard (``X: discards 2 cards [Kh Qd]``, ``Dealt to X [kept] [new]``) or ``stands pat``,
    ``Uncalled bet (N) returned to X``, ``*** SHOW DOWN ***`` with the hands shown or mucked,
    ``X collected N from pot``, and ``*** SUMMARY ***`` (``Total pot N | Rake M`` and a line
    for each seat), line for line in the form of PokerStars' own files.

    Parameters
    ----------
    hand : HandState, HandHistory or str
        A finished hand: the engine's, a hand history, or PHH text (its fields give the
        defaults below: ``hand``, ``table``, ``players``, ``seats``, ``seat_count``,
        ``_lowball_button``, ``_lowball_time``, ``_lowball_chip``, ``_lowball_rake``).
    number, table : optional
        The hand number and the table's name (default 1 and ``lowball``).
    players : sequence of str, optional
        The players' names by position (default ``p1`` .. ``pN``).
    seats : sequence of int, optional
        Each position's seat, from 1 (default 1 .. N).
    seat_count : int, optional
        The table's seats (``6-max``; default the variant's most players, or the highest seat).
    button : int, optional
        The button's seat (default the last position's).
    time : str, optional
        The time as PokerStars wrote it (default ``1970/01/01 0:00:00 ET``).
    chip : str or Decimal, optional
        A chip's value in dollars for a cash game (``"0.01"``: amounts in cents, written
        ``$0.25``); None writes chips as a tournament's.
    rake : int, optional
        The chips the house took from the pot (default 0): the collected amounts are the pots
        less the rake, taken from the main pot's winners first.
    hero : str, optional
        The player whose file this is: only his cards are dealt face up (``Dealt to hero``), as
        in a player's own file; the others' cards appear only when shown. None writes every
        player's cards.

    Raises
    ------
    RoomError
        For a hand that is not finished, a game PokerStars has no name for, players or seats
        that do not match the hand, a rake larger than the pot, or a hand history whose cards
        are not all known where they must be written.
    """
    fields: dict[str, Any] = {}
    if isinstance(hand, str):
        hand = phh.loads(hand)
    if isinstance(hand, phh.HandHistory):
        fields = hand.fields
        state = hand.play()
    elif isinstance(hand, HandState):
        state = hand
    else:
        raise RoomError(f"hand = {shown(hand)}: expected a HandState, a HandHistory or PHH text")
    if not state.is_complete:
        raise RoomError("the hand is not finished: PokerStars writes finished hands only")
    v = state.variant
    n = state.n
    game = _stars_game(v)

    def listed(value: object, name: str) -> list[Any]:
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
            raise RoomError(f"{name} = {shown(value)}: expected a list, one per position")
        return list(value)

    names = (
        listed(players, "players")
        if players is not None
        else list(fields.get("players") or [f"p{i + 1}" for i in range(n)])
    )
    seat_list = listed(seats, "seats") if seats is not None else list(fields.get("seats") or range(1, n + 1))
    names = [name_text(x, f"players[{k}]", error=RoomError) for k, x in enumerate(names)]
    if len(names) != n or len(set(names)) != n:
        raise RoomError(f"players = {shown(names)}: expected {n} different names, one per position")
    seat_list = [whole_number(s, f"seats[{k}]", 1, 99, error=RoomError) for k, s in enumerate(seat_list)]
    if len(seat_list) != n or len(set(seat_list)) != n:
        raise RoomError(f"seats = {shown(seat_list)}: expected {n} different seats from 1, one per position")
    if chip is None and "_lowball_chip" in fields:
        chip = fields["_lowball_chip"]
    unit = None
    if chip is not None:
        try:
            unit = (
                Decimal(chip if isinstance(chip, Decimal) else str(chip)) if isinstance(chip, (str, Decimal)) else None
            )
        except InvalidOperation:
            unit = None
        if unit is None or not unit.is_finite() or unit <= 0:
            raise RoomError(f"chip = {shown(chip)}: expected a chip's value in dollars, such as '0.01'")
    rake = whole_number(rake if rake is not None else fields.get("_lowball_rake", 0), "rake", 0, error=RoomError)
    if rake > sum(state.winnings):
        raise RoomError(f"rake = {shown(rake)}: expected 0 .. the pot of {sum(state.winnings)}")
    count = whole_number(
        seat_count if seat_count is not None else fields.get("seat_count") or max(v.max_players, *seat_list),
        "seat_count",
        max(seat_list),
        99,
        error=RoomError,
    )
    btn = whole_number(
        button if button is not None else fields.get("_lowball_button") or seat_list[-1],
        "button",
        1,
        count,
        error=RoomError,
    )
    number = number if number is not None else fields.get("hand", 1)
    if not isinstance(number, str):
        number = whole_number(number, "number", 0, error=RoomError)
    elif not number.isdigit():
        raise RoomError(f"number = {shown(number)}: expected the hand's number (digits)")
    table = name_text(table if table is not None else str(fields.get("table", "lowball")), "table", error=RoomError)
    time = time if time is not None else str(fields.get("_lowball_time") or "1970/01/01 0:00:00 ET")
    if not isinstance(time, str) or "\n" in time:
        raise RoomError(f"time = {shown(time)}: expected the time as one line of text")
    if hero is not None:
        hero = name_text(hero, "hero", error=RoomError)
    hidden = phh.unknown_in_events(state)

    def money(chips: int) -> str:
        return _money(chips, unit)

    def cards(cs: Iterable[Card]) -> str:
        return " ".join(str(c) for c in cs)

    if isinstance(v.betting, FixedLimit):
        stakes = f"{money(v.betting.small_bet)}/{money(v.betting.big_bet)}"
    else:
        stakes = f"{money(v.forced.small_blind)}/{money(v.forced.big_blind)}"
    out = [
        f"PokerStars Hand #{number}:  {game} ({stakes}{' USD' if unit is not None else ''}) - {time}",
        f"Table '{table}' {count}-max Seat #{btn} is the button",
    ]
    for p in sorted(range(n), key=lambda q: seat_list[q]):
        out.append(f"Seat {seat_list[p]}: {names[p]} ({money(state.starting_stacks[p])} in chips)")
    events = state.events
    sb = state.small_blind_position if hasattr(state, "small_blind_position") else None
    bb = state.big_blind_position
    dealt: dict[int, list[Card]] = {}
    known = [hero is None or names[p] == hero for p in range(n)]
    left = list(state.starting_stacks)
    wager = [0] * n
    folded_at: dict[int, tuple[int, bool]] = {}  # position -> (draws done, in round 1 without a bet)
    draws_done = 0
    put_in_voluntarily = [False] * n
    shown_hands: dict[int, tuple[Card, ...]] = {}
    mucked: set[int] = set()
    header_written = False
    k = 0
    # the posts first: antes, then the blinds
    posts = [e for e in events if e.kind in ("ante", "blind", "dead_blind")]
    blind_of: dict[int, int] = {}
    dead_of: dict[int, int] = {}
    posts.sort(key=lambda e: (e.kind != "ante", seat_list[e.position or 0] if e.kind == "ante" else 0))
    for e in posts:
        assert e.position is not None
        p = e.position
        left[p] -= e.amount
        if e.kind == "ante":
            out.append(f"{names[p]}: posts the ante {money(e.amount)}{' and is all-in' if left[p] == 0 else ''}")
        elif e.kind == "blind":
            blind_of[p] = blind_of.get(p, 0) + e.amount
            wager[p] += e.amount
        else:
            dead_of[p] = dead_of.get(p, 0) + e.amount
    order = [q for q in range(n) if q in blind_of or q in dead_of]
    order.sort(key=lambda q: (q != sb, q != bb, q))
    for p in order:
        a = blind_of.get(p, 0)
        d = dead_of.get(p, 0)
        tail = " and is all-in" if left[p] == 0 else ""
        if d:
            out.append(f"{names[p]}: posts small & big blinds {money(a + d)}{tail}")
        elif p == sb and p != bb:
            out.append(f"{names[p]}: posts small blind {money(a)}{tail}")
        else:
            out.append(f"{names[p]}: posts big blind {money(a)}{tail}")
    out.append("*** DEALING HANDS ***")
    for i, e in enumerate(events):
        if e.kind == "deal":
            assert e.position is not None
            dealt[e.position] = list(e.cards)
            if known[e.position] and not hidden.get(i, (frozenset(), frozenset()))[0]:
                out.append(f"Dealt to {names[e.position]} [{cards(e.cards)}]")
    back, won = _room_accounts(state)
    engine_back = [0] * n
    for e in events:
        if e.kind == "return" and e.position is not None:
            engine_back[e.position] += e.amount
    extra = [b - a for a, b in zip(engine_back, back)]  # a pot of his own: returned, as the rooms do
    excess = list(extra)
    rounds = 0
    for i, e in enumerate(events):
        if e.position is None:
            if e.kind == "round":
                rounds = e.number
                wager = [0] * n if rounds > 1 else wager
            elif e.kind == "draw_round":
                draws_done = e.number
                header_written = False
            continue
        p = e.position
        if e.kind == "round":
            rounds = e.number
            wager = [0] * n if rounds > 1 else wager
            continue
        if e.kind == "draw_round":
            draws_done = e.number
            header_written = False
            continue
        if p is None:
            continue
        if e.kind in ("fold", "check", "call", "bet", "raise"):
            if e.kind == "fold":
                out.append(f"{names[p]}: folds")
                folded_at[p] = (draws_done, not put_in_voluntarily[p])
            elif e.kind == "check":
                out.append(f"{names[p]}: checks")
            elif e.kind == "call":
                add = e.amount - wager[p]  # the call's amount is the wager to
                left[p] -= add
                wager[p] += add
                put_in_voluntarily[p] = True
                out.append(f"{names[p]}: calls {money(add)}{' and is all-in' if left[p] == 0 else ''}")
            elif e.kind == "bet":
                left[p] -= e.amount - wager[p]
                wager[p] = e.amount
                put_in_voluntarily[p] = True
                out.append(f"{names[p]}: bets {money(e.amount)}{' and is all-in' if left[p] == 0 else ''}")
            else:
                level = max(w for q, w in enumerate(wager) if q != p) if n > 1 else 0
                left[p] -= e.amount - wager[p]
                wager[p] = e.amount
                put_in_voluntarily[p] = True
                tail = " and is all-in" if left[p] == 0 else ""
                out.append(f"{names[p]}: raises {money(e.amount - level)} to {money(e.amount)}{tail}")
            continue
        if e.kind in ("draw", "stand_pat"):
            if not header_written:
                if v.draws > 1:
                    out.append(f"*** {_DRAW_NAMES[draws_done - 1]} DRAW ***")
                header_written = True
            if e.kind == "stand_pat":
                if known[p] and p in dealt and not _unknown_held(state, p, hidden, i):
                    out.append(f"{names[p]}: stands pat on [{cards(dealt[p])}]")
                else:
                    out.append(f"{names[p]}: stands pat")
                continue
            thrown_hidden = hidden.get(i, (frozenset(), frozenset()))
            word = "card" if len(e.discarded) == 1 else "cards"
            if known[p] and not thrown_hidden[0] and not thrown_hidden[1]:
                kept = [c for c in dealt[p] if c not in e.discarded]
                out.append(f"{names[p]}: discards {len(e.discarded)} {word} [{cards(e.discarded)}]")
                kept_text = f"[{cards(kept)}] " if kept else ""  # all thrown: the new cards alone
                out.append(f"Dealt to {names[p]} {kept_text}[{cards(e.cards)}]")
            else:
                out.append(f"{names[p]}: discards {len(e.discarded)} {word}")
            dealt[p] = [c for c in dealt.get(p, []) if c not in e.discarded] + list(e.cards)
            continue
        if e.kind == "return":
            left[p] += e.amount
            out.append(f"Uncalled bet ({money(e.amount + extra[p])}) returned to {names[p]}")
            extra[p] = 0
            continue
        if e.kind == "show":
            for q in range(n):
                if extra[q]:
                    out.append(f"Uncalled bet ({money(extra[q])}) returned to {names[q]}")
                    extra[q] = 0
            if k == 0:
                out.append("*** SHOW DOWN ***")
                k = 1
            shown_hands[p] = e.cards
            out.append(f"{names[p]}: shows [{cards(e.cards)}] ({_hand_words(e.cards, v.ranking)})")
            continue
        if e.kind == "muck":
            if k == 0:
                out.append("*** SHOW DOWN ***")
                k = 1
            mucked.add(p)
            out.append(f"{names[p]}: mucks hand")
            continue
    # the pots: the winners collect, less the rake (from the main pot's winners first)
    for q in range(n):
        if extra[q]:  # a return the room makes at the end
            out.append(f"Uncalled bet ({money(extra[q])}) returned to {names[q]}")
    pot = sum(won)
    pots_won: dict[int, list[tuple[int, int]]] = {}
    for e in reversed(events):  # the pots won, less the chips of a player's own (returned)
        if e.kind == "win" and e.position is not None:
            take = min(excess[e.position], e.amount)
            excess[e.position] -= take
            if e.amount - take:
                pots_won.setdefault(e.pot, []).insert(0, (e.position, e.amount - take))
    pots_won = {k2: pots_won[k2] for k2 in sorted(pots_won)}
    shares = [0] * n
    left_rake = rake
    for got in pots_won.values():
        total_pot = sum(a for _, a in got)
        take = min(left_rake, total_pot)
        left_rake -= take
        parts = [take * a // total_pot if total_pot else 0 for _, a in got]
        parts[0] += take - sum(parts)
        for (q, _), part in zip(got, parts):
            shares[q] += part
    collected = [won[q] - shares[q] for q in range(n)]
    showdown = bool(state.show_order) and k == 1
    if len(pots_won) <= 1:
        for p in range(n):
            if collected[p]:
                out.append(f"{names[p]} collected {money(collected[p])} from pot")
    else:
        left_rake = rake
        lines: list[str] = []
        for j, got in enumerate(pots_won.values()):
            total_pot = sum(a for _, a in got)
            take = min(left_rake, total_pot)
            left_rake -= take
            parts = [take * a // total_pot if total_pot else 0 for _, a in got]
            parts[0] += take - sum(parts)
            where = "main pot" if j == 0 else ("side pot" if len(pots_won) == 2 else f"side pot-{j}")
            lines.append(
                "\n".join(
                    f"{names[q]} collected {money(a - part)} from {where}"
                    for (q, a), part in zip(got, parts)
                    if a - part
                )
            )
        out.extend(x for x in reversed(lines) if x)  # PokerStars awards the last side pot first
    if not showdown:
        for p in range(n):  # PokerStars writes it for the others only in a player's own file
            if state.winnings[p] and p not in shown_hands and (hero is None or names[p] != hero):
                out.append(f"{names[p]}: doesn't show hand")
    out.append("*** SUMMARY ***")
    if len(pots_won) <= 1:
        out.append(f"Total pot {money(pot)} | Rake {money(rake)}")
    else:
        labels = []
        for j, got in enumerate(pots_won.values()):
            amount = sum(a for _, a in got)
            label = "Main pot" if j == 0 else ("Side pot" if len(pots_won) == 2 else f"Side pot-{j}")
            labels.append(f"{label} {money(amount)}.")
        out.append(f"Total pot {money(pot)} {' '.join(labels)} | Rake {money(rake)}")
    for p in sorted(range(n), key=lambda q: seat_list[q]):
        tags = ""
        if seat_list[p] == btn:
            tags += " (button)"
        if p == sb and p != bb:
            tags += " (small blind)"
        elif p == bb:
            tags += " (big blind)"
        head = f"Seat {seat_list[p]}: {names[p]}{tags}"
        if p in folded_at:
            d, quiet = folded_at[p]
            when = "before the Draw" if d == 0 else (f"after the {_NTH[d]} Draw" if v.draws > 1 else "after the Draw")
            if d == 0 and v.draws == 1:
                when = "before Flop"  # PokerStars' single draw names the round before the draw so
            out.append(f"{head} folded {when}{' (didn' + chr(39) + 't bet)' if quiet and p not in blind_of else ''}")
        elif p in shown_hands:
            words = _hand_words(shown_hands[p], v.ranking)
            result = f"won ({money(collected[p])})" if collected[p] else "lost"
            words = words.replace("Badugi: ", "a Badugi: ") if words.startswith("Badugi") else words
            if words[0].isdigit():
                words = "a " + words
            out.append(f"{head} showed [{cards(shown_hands[p])}] and {result} with {words}")
        elif p in mucked:
            out.append(f"{head} mucked [{cards(dealt[p])}]" if known[p] else f"{head} mucked")
        else:
            out.append(f"{head} collected ({money(collected[p])})")
    return "\n".join(out) + "\n"


def _unknown_held(
    state: HandState, p: int, hidden: dict[int, tuple[frozenset[int], frozenset[int]]], upto: int
) -> bool:
    """Whether position ``p`` holds a card the history did not know at event ``upto``."""
    for i, e in enumerate(state.events[:upto]):
        if e.position == p and e.kind in ("deal", "draw") and hidden.get(i, (frozenset(), frozenset()))[0]:
            return True
    return False

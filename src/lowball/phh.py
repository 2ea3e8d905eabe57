"""Hand histories in the Poker Hand History (PHH) format: import, replay and export.

PHH (uoftcprg/phh-std) is TOML with ``variant``, ``antes``, ``blinds_or_straddles``,
``small_bet``/``big_bet`` (fixed limit) or ``min_bet``, ``starting_stacks``, ``actions`` and
optionally ``finishing_stacks`` (``RULES.md`` section 7). Players ``p1`` .. ``pN`` are lowball's
positions 0 .. N-1 (``p1`` left of the button, the last player on the button).

Variant codes: the standard's ``F2L3D`` (fixed-limit 2-7 triple draw), ``N2L1D`` (no-limit 2-7
single draw) and ``FB`` (fixed-limit badugi, three draws, four cards); for the other combinations
lowball writes and reads ``P2L3D``, ``N2L3D``, ``F2L1D`` and ``P2L1D`` (``F``/``P``/``N`` =
fixed/pot/no limit, ``2L`` = deuce-to-seven lowball, ``3D``/``1D`` = triple/single draw). These
four are lowball's own; other PHH tools may not know them. The PHH standard has no ace-to-five
draw game and no badugi but ``FB``: lowball's own codes for them start with ``LB-`` so that no
reader mistakes them for the standard's: ``LB-FA5L3D`` (fixed-limit A-5 lowball triple draw; ``A5L``
= ace-to-five lowball), ``LB-NA5L1D`` and the like, and ``LB-PB3D``, ``LB-FB1D``, ... for badugi
other than fixed-limit triple draw (see :data:`CODES`, :data:`CODE_RANKINGS`).

A replay deals from a deck stacked with the recorded cards, so the engine deals exactly what
the file says. Unknown cards (``??``) are stood in for by cards the deck deals (see
:meth:`HandHistory.replay`).

>>> from lowball import phh
>>> text = "\\n".join([
...     'variant = "F2L3D"', "antes = [0, 0]", "blinds_or_straddles = [1, 2]",
...     "small_bet = 2", "big_bet = 4", "starting_stacks = [100, 100]",
...     'actions = ["d dh p1 7s5h4d3c2s", "d dh p2 ??????????", "p2 f"]',
... ])
>>> state = phh.loads(text).play()
>>> state.stacks, state.is_complete
((101, 99), True)
>>> phh.actions_of(state)
['d dh p1 7s5h4d3c2s', 'd dh p2 ??????????', 'p2 f']
"""

from __future__ import annotations

import re
import sys
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lowball._files import open_text, path_text, without_bom, write_text
from lowball.cards import Card, format_cards, parse_cards, split_card_text
from lowball.deck import Deck, ReshuffleRule
from lowball.engine import BETTING, COMPLETE, SHOWDOWN, HandState, Posts
from lowball.engine.saving import Saved, saved_fields
from lowball.errors import IllegalActionError, LowballError, counted, shown
from lowball.evaluation import Ranking
from lowball.variants import (
    STRUCTURES,
    BettingStructure,
    FixedLimit,
    ForcedBets,
    Variant,
    VariantError,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "PHHError",
    "HandHistory",
    "load",
    "loads",
    "dumps",
    "dump",
    "actions_of",
    "unknown_in_events",
    "invented_cards",
    "CODES",
    "CODE_RANKINGS",
    "code_of",
    "RESHUFFLE_RULES",
]


def _code(ranking: Ranking, letter: str, draws: int) -> str:
    """The PHH code of a game: 2-7 ``F2L3D``; A-5 ``LB-FA5L3D``; badugi ``FB`` (the standard's,
    fixed-limit triple draw) or else ``LB-PB3D``, ``LB-FB1D``, ..."""
    if ranking is Ranking.DEUCE_TO_SEVEN:
        return f"{letter}2L{draws}D"
    if ranking is Ranking.ACE_TO_FIVE:
        return f"LB-{letter}A5L{draws}D"
    return "FB" if (letter, draws) == ("F", 3) else f"LB-{letter}B{draws}D"


_GAMES = [(r, draws, s) for r in Ranking for draws in (3, 1) for s in STRUCTURES.values()]
CODES = {_code(r, s.letter, draws): (draws, s.kind) for r, draws, s in _GAMES}
"""PHH variant code -> (draws, betting kind). 2-7: F2L3D, P2L3D, N2L3D, F2L1D, P2L1D, N2L1D (the
structure's letter, ``2L``, the draws); F2L3D and N2L1D are the standard's. Badugi: FB (the
standard's: fixed limit, three draws), and lowball's own LB-PB3D, LB-NB3D, LB-FB1D, LB-PB1D,
LB-NB1D. A-5: lowball's own LB-FA5L3D, LB-PA5L3D, LB-NA5L3D, LB-FA5L1D, LB-PA5L1D, LB-NA5L1D.
Codes starting ``LB-`` are not in the PHH standard: other PHH tools do not know them."""
CODE_RANKINGS = {_code(r, s.letter, draws): r for r, draws, s in _GAMES}
"""PHH variant code -> the :class:`~lowball.evaluation.Ranking` of its showdown (see :data:`CODES`)."""
_NAMES = {Ranking.DEUCE_TO_SEVEN: "2-7", Ranking.ACE_TO_FIVE: "A-5", Ranking.BADUGI: "badugi"}
_COUNT_WORDS = {4: "four", 5: "five"}


def code_of(variant: Variant) -> str | None:
    """The PHH code of a variant's game (its ranking, betting structure and draws: ``F2L3D``,
    ``FB``, ``LB-FA5L3D``, ...; see :data:`CODES`), or None for a game with no code (two draws).

    Raises
    ------
    PHHError
        For a ``variant`` that is not a lowball Variant.
    """
    if not isinstance(variant, Variant):
        raise PHHError(f"variant = {shown(variant)}: expected a lowball Variant")
    code = _code(variant.ranking, variant.betting.letter, variant.draws)
    return code if code in CODES else None


_ACTION_RE = re.compile(r"^(?:d dh p([0-9]{1,4}) (\S+)|p([0-9]{1,4}) (f|cc|cbr|sd|sm)(?: (\S+))?)$")


def _card_arg(verb: str, arg: str | None) -> str:
    """The card text of an action's argument: none for ``sm -`` (the dealt cards) or no argument."""
    return "" if not arg or (verb == "sm" and arg == "-") else arg


RESHUFFLE_RULES = ("seeds", "live", "all-discards")
"""The reshuffle rules :meth:`HandHistory.reshuffle_rules` tells a deal apart by: lowball's
``ReshuffleRule`` ``SEEDS`` and ``LIVE`` (``RULES.md`` section 4) and pokerkit's (every mucked,
burned and discarded card, the draw in progress's included)."""


def _deal_follows(
    rule: str, plays: list[tuple[str, int, str, list[int | None]]], n: int, size: int, burn: bool
) -> bool:
    """Whether a dealer following ``rule`` (of :data:`RESHUFFLE_RULES`) could have dealt the
    history's cards: each card dealt in a draw comes from the stub while the stub lasts, and
    after that from the cards the rule reshuffles (the ``lb_deck_draw`` rules of the C deck for
    "seeds" and "live"; "all-discards" as the seeds' rule with every discard of the draw in
    progress in the pool). Cards are followed by name; an unknown card is any card not named
    where it is needed."""
    stub: set[int] = set()  # named cards in the stub (put there by a reshuffle)
    stub_n = 52 - n * size
    held: list[set[int]] = [set() for _ in range(n)]
    muck: set[int] = set()  # named cards in the muck and the burn cards
    muck_n = 0  # all the cards there
    thrown: dict[int, int] = {}  # this draw round's named discards: card -> thrower
    thrown_n: dict[int, int] = {}  # this draw round's discards by thrower, counted
    served: set[int] = set()  # the players served in this draw round
    located: set[int] = set()  # every named card whose place is known
    deals = 0
    burned = 0  # named stub cards that may be burn cards
    in_draw = False
    order: list[int] = []  # this draw round's players, in the history's order

    def end_draw() -> None:
        nonlocal muck_n, in_draw
        muck.update(thrown)
        muck_n += sum(thrown_n.values())
        thrown.clear()
        thrown_n.clear()
        served.clear()
        in_draw = False

    for k, (kind, pos, verb, cards) in enumerate(plays):
        named = {c for c in cards if c is not None}
        if kind == "deal" and deals < n:  # the hole cards
            deals += 1
            held[pos] |= named
            located |= named
            continue
        if kind == "player" and verb == "sd":
            if not in_draw:
                in_draw = True
                order = []
                for j in range(k, len(plays)):  # this round's players: the run of sd and deals
                    kj, pj, vj, _ = plays[j]
                    if kj == "player" and vj == "sd":
                        order.append(pj)
                    elif kj != "deal" and kj != "noop":
                        break
                if burn and stub_n:
                    # the burned card may be one of the named stub cards (which is unknown)
                    burned = min(burned + 1, len(stub))
                    stub_n -= 1
                    muck_n += 1
            held[pos] -= named
            located |= named
            for c in named:
                thrown[c] = pos
            thrown_n[pos] = thrown_n.get(pos, 0) + len(cards)
            if not cards:
                served.add(pos)
            continue
        if kind == "player" and verb == "f":
            if in_draw:
                end_draw()
            muck.update(held[pos])
            muck_n += size
            held[pos] = set()
            continue
        if kind != "deal":
            if kind == "player" and in_draw:
                end_draw()
            continue
        # a draw's replacements for pos
        count = len(cards)
        left = stub_n
        if rule == "all-discards":
            pool_thrown = dict(thrown)
            pool_thrown_n = sum(thrown_n.values())
        else:  # only the discards of players already served (never his own)
            pool_thrown = {c: t for c, t in thrown.items() if t in served}
            pool_thrown_n = sum(m for t, m in thrown_n.items() if t in served)
        use_thrown = rule != "live" or left + muck_n < count
        from_stub = min(count, left)
        if rule == "live" and count > 0 and count >= left > 0:
            last = bool(order) and order[-1] == pos
            if not (last and count == left):
                from_stub = left - 1  # the last stub card is not dealt
        reshuffle = from_stub < count
        pool = set(muck) | (set(pool_thrown) if use_thrown else set())
        for c in named:
            if c in pool or c in stub:
                continue
            if c in located:
                return False  # in a hand, or thrown where the rule cannot take it from
        if not reshuffle:
            if named & pool:
                return False  # a reshuffled card while the stub could still serve
            stub -= named
            stub_n -= count
        else:
            # every named stub card not dealt now is the one the live rule keeps back (or burned)
            if len(stub - named) - burned > left - from_stub:
                return False
            burned = 0
            if len(named & pool) > count - from_stub:
                return False
            pool_n = muck_n + (pool_thrown_n if use_thrown else 0)
            stub = (stub | pool) - named
            stub_n = (left - from_stub) + pool_n - (count - from_stub)
            muck.clear()
            muck_n = 0
            if use_thrown:
                for c in pool_thrown:
                    del thrown[c]
                for t in list(thrown_n):
                    if rule == "all-discards" or t in served:
                        del thrown_n[t]
        held[pos] |= named
        located |= named
        served.add(pos)
    return True


class PHHError(LowballError, ValueError):
    """A hand history that cannot be read or replayed; the message names the action and line."""


@dataclass(frozen=True)
class Step:
    """One replayed action: its text, its index in ``actions``, the file line, and the state
    after it (the same :class:`HandState` object, advanced)."""

    action: str
    index: int
    line: int | None
    state: HandState


class _ReplayDeck(Deck):
    """A deck that deals what a hand history recorded, standing in for its unknown cards.

    Before each discard the replay sets ``script`` to the recorded replacements (None for an
    unknown card) and ``reserved`` to the cards the history names in later deals. The draw
    itself runs by the deck's rules; then the dealt cards are made to match the record: each
    recorded card is swapped in from wherever it is (stub, muck, burn cards or this draw's
    discards) for a dealt card that was not recorded, so the history replays exactly even after
    a reshuffle, whose order no seed could reproduce.

    A history may deal a card that a player served later in the same draw throws (it deals once
    every player has discarded, as pokerkit does): the replay names those cards in ``lendable``;
    the player dealt one gets a stand-in until its thrower throws it, then the card itself
    (``lent``, ``settled``; the replay corrects the draw event). A card a player threw earlier
    in the draw, his own included, is dealt from the discards.

    ``invented`` holds, by position, the cards that stand in for the unknown cards a player
    holds. The history never names them, so they may be exchanged for any card free to deal:
    a card the history deals (or a show reveals) that a stand-in holds is taken from it, and
    the stand-in gets another. A recorded card in another player's recorded hand is an error.
    ``unknown_events`` marks, by event index, the cards of the engine's deal and draw events
    that stand in for unknown ones: (among the cards dealt, among the cards thrown). A hand
    history export writes them ``??``.
    """

    __slots__ = ("script", "reserved", "invented", "unknown_events", "thrown_unknown", "lendable", "lent", "settled")
    script: list[int | None] | None
    reserved: frozenset[int]
    lendable: dict[int, int]  # cards players after the drawer throw in this draw: card -> thrower
    lent: dict[int, tuple[int, int, int]]  # card dealt before its thrower threw it -> (to, stand-in, first one)
    settled: list[tuple[int, int, int]]  # (position, stand-in in its draw event, card) to swap in
    thrown_unknown: frozenset[int]  # the drawer's discards that stand in for ?? cards
    invented: dict[int, set[int]]
    unknown_events: dict[int, tuple[frozenset[int], frozenset[int]]]

    @staticmethod
    def _free(
        snap: dict[str, Any], taken: set[int], reserved: frozenset[int], position: int
    ) -> tuple[list[int], int] | None:
        """Where a card free to stand in for one of ``position``'s unknown cards is, not in
        ``taken``: a list (the stub, the muck, the burn cards, else one [card, thrower] discard
        of the draw in progress, not ``position``'s own) and the card's index in it; a card the
        history does not name later if there is one."""
        pairs = snap["draw"]["discards"] if snap["draw"] else []
        places = [snap["stub"], snap["muck"], snap["burns"]]
        for avoid in (reserved, frozenset()):
            for where in places:
                for k, c in enumerate(where):
                    if c not in taken and c not in avoid:
                        return where, k
        for avoid in (reserved, frozenset()):
            for pair in pairs:
                if pair[1] != position and pair[0] not in taken and pair[0] not in avoid:
                    return pair, 0
        return None

    def _take(
        self,
        snap: dict[str, Any],
        w: int,
        position: int,
        instead: int,
        taken: set[int],
        pairs: list[list[int]],
        reserved: frozenset[int],
        verb: str = "deals",
    ) -> None:
        """Take card ``w`` for ``position`` from wherever it is, leaving ``instead`` in its place;
        from a stand-in in a hand, the hand gets a free card instead."""
        for where in (snap["stub"], snap["muck"], snap["burns"]):
            if w in where:
                where[where.index(w)] = instead
                return
        for other, cards in enumerate(snap["hands"]):
            if w in cards:
                lent = next((k for k, (to, c, _) in self.lent.items() if to == other and c == w), None)
                if w not in self.invented.get(other, ()) and lent is None:
                    who = "his own hand" if other == position else f"p{other + 1}'s hand"
                    to = "to " if verb == "deals" else "for "
                    raise PHHError(f"the history {verb} {Card(w)} {to}p{position + 1}, but it is in {who}")
                free = self._free(snap, taken | {w, instead}, reserved, other)
                if free is None:
                    raise PHHError(f"no card is free to stand in for p{other + 1}'s unknown {Card(w)}")
                where, k = free
                r = where[k]
                where[k] = instead
                cards[cards.index(w)] = r
                if lent is not None:  # a stand-in for a card its thrower still holds
                    self.lent[lent] = (other, r, self.lent[lent][2])
                else:
                    self.invented[other].discard(w)
                    self.invented[other].add(r)
                taken.add(r)
                return
        pair = next((q for q in pairs if q[0] == w), None)
        if pair is None:
            raise PHHError(f"the history deals {Card(w)}, which is nowhere to be dealt")
        if pair[1] == position and w in self.thrown_unknown:
            # he threw an unknown card: it may as well have been another free one
            free = self._free(snap, taken | {w, instead}, reserved, position)
            if free is None:
                raise PHHError(f"no card is free to stand in for p{position + 1}'s unknown discard")
            where, k = free
            pair[0] = where[k]
            where[k] = instead
            taken.add(pair[0])
            return
        pair[0] = instead

    def draw(self, position: int, discards: Any = ()) -> tuple[Card, ...]:
        new = self._serve(position, discards)
        thrown = [int(c) for c in discards]
        if self.lent and any(c in self.lent for c in thrown):
            # cards this player threw that the history dealt earlier in this draw to a player
            # served before him: the stand-in that player held gives way to the card
            snap = self.snapshot()
            pairs = snap["draw"]["discards"]
            for c in thrown:
                if c in self.lent:
                    to, stand_in, first = self.lent.pop(c)
                    hand: list[int] = snap["hands"][to]
                    hand[hand.index(stand_in)] = c
                    next(q for q in pairs if q[0] == c)[0] = stand_in
                    self.settled.append((to, first, c))
            self.restore(snap)
        return new

    def _lendable(self, w: int, position: int) -> bool:
        """Whether the history deals ``w`` to ``position`` from the hand of a player who throws it
        later in this draw (before the history's deal: see :attr:`lendable`)."""
        thrower = self.lendable.get(w)
        if thrower is None or thrower == position or w in self.lent:
            return False
        return w in [int(c) for c in self.hand(thrower)] and w not in self.invented.get(thrower, ())

    def _lend(self, lend: set[int], want: list[int | None], final: list[int | None], position: int) -> None:
        """Record the stand-ins dealt to ``position`` for the cards of ``lend`` (see :meth:`draw`)."""
        for w, c in zip(want, final):
            if w in lend:
                assert c is not None
                self.lent[w] = (position, c, c)

    def _serve(self, position: int, discards: Any) -> tuple[Card, ...]:
        got = [int(c) for c in super().draw(position, discards)]
        want, self.script = self.script, None
        reserved: frozenset[int] = self.reserved
        self.reserved = frozenset()
        if not want:
            return tuple(Card(c) for c in got)
        # a card thrown in this draw by a player served after this one (the history deals once
        # every player has discarded, as pokerkit does) is still in his hand: a stand-in takes
        # its place here until he throws it (see draw)
        lend = {w for w in want if w is not None and self._lendable(w, position)}
        want_all = list(want)
        want = [None if w in lend else w for w in want]
        wanted = {w for w in want if w is not None}
        natural = [g for g in got if g not in wanted and g not in reserved and g not in lend]
        final: list[int | None] = [w if w is not None else (natural.pop(0) if natural else None) for w in want]
        if final == got:
            self._lend(lend, want_all, final, position)
            return tuple(Card(c) for c in got)
        snap = self.snapshot()
        pairs = snap["draw"]["discards"] if snap["draw"] else []
        taken = {c for c in final if c is not None} | set(got)
        for k, c in enumerate(final):
            if c is None:  # an unknown card: any card free to deal
                free = self._free(snap, taken, reserved, position)
                if free is None:
                    raise PHHError(f"no card is free to stand in for p{position + 1}'s unknown cards")
                final[k] = free[0][free[1]]
                taken.add(free[0][free[1]])
        self._lend(lend, want_all, final, position)
        incoming = [c for c in final if c is not None and c not in got]
        outgoing = [g for g in got if g not in final]
        for w, g in zip(incoming, outgoing):
            self._take(snap, w, position, g, taken, pairs, reserved)
        new = [int(c) for c in final if c is not None]
        hand: list[int] = snap["hands"][position]
        hand[len(hand) - len(new) :] = new
        self.restore(snap)
        return tuple(Card(c) for c in new)

    def reveal(self, position: int, cards: list[int]) -> None:
        """``position`` shows ``cards``: each shown card it does not hold takes the place of one of
        its stand-ins (which goes where the card was)."""
        snap = self.snapshot()
        hand: list[int] = snap["hands"][position]
        invented = self.invented.setdefault(position, set())
        missing = [c for c in cards if c not in hand]
        spare = [c for c in hand if c in invented and c not in cards]
        if len(missing) > len(spare):
            raise PHHError(
                f"p{position + 1} shows {format_cards([Card(c) for c in cards])} but holds "
                f"{format_cards([Card(c) for c in hand])}"
            )
        taken = set(hand) | set(cards)
        for c, x in zip(missing, spare):
            self._take(snap, c, position, x, taken, [], frozenset(), verb="shows")
            hand[hand.index(x)] = c
            invented.discard(x)
        invented.difference_update(cards)
        self.restore(snap)


def _split_cards(text: str) -> list[str]:
    """The cards of a PHH run of cards (``7s5h??3c2s``, no separators), each as written, with
    ``??`` for an unknown card; the cards are read by the one card scanner
    (:func:`lowball.cards.split_card_text`), so suit symbols are accepted too.

    Raises
    ------
    InvalidCardError
        Naming the first token that is not a card.
    ValueError
        For a run with separators in it.
    """
    tokens: list[str] = []
    for piece in re.split(r"(\?\?)", text):
        tokens += ["??"] if piece == "??" else split_card_text(piece)
    if "".join(tokens) != text:
        raise ValueError(f"{shown(text)} is not a run of cards: no spaces or commas between the cards")
    return tokens


@dataclass
class HandHistory:
    """A parsed PHH hand: its variant, stacks and actions, ready to replay.

    Attributes
    ----------
    variant : Variant
    starting_stacks : tuple of int
    actions : tuple of str
    finishing_stacks : tuple of int or None
    fields : dict
        Every field of the file as read (event, players, ...).
    """

    variant: Variant
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    finishing_stacks: tuple[int, ...] | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    posts: Posts | None = None
    # the line of each action, for the source and actions it was found in (see _line_of)
    _lines: tuple[str, tuple[str, ...], list[int | None]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def _line_of(self, index: int) -> int | None:
        """Best effort: the line of the file where action ``index`` is written (each action is
        looked for after the one before it; found once for all the actions)."""
        if not self.source or not 0 <= index < len(self.actions):
            return None
        if self._lines is None or self._lines[0] is not self.source or self._lines[1] is not self.actions:
            lines: list[int | None] = []
            pos = line = 0
            counted_to = 0
            for action in self.actions:
                for quote in ('"', "'"):
                    found = self.source.find(quote + action + quote, pos)
                    if found >= 0:
                        pos = found + len(action)
                        break
                if pos:
                    line += self.source.count("\n", counted_to, pos)
                    counted_to = pos
                lines.append(line + 1 if pos else None)
            self._lines = (self.source, self.actions, lines)
        return self._lines[2][index]

    def _fail(self, index: int, message: str) -> PHHError:
        if not 0 <= index < len(self.actions):
            return PHHError(message)
        line = self._line_of(index)
        where = f"line {line}, " if line else ""
        return PHHError(f"{where}action {index + 1} {self.actions[index]!r}: {message}")

    def parsed_actions(self) -> list[tuple[str, int, str, str | None]]:
        """(kind, position, verb, argument) of each action; kind is 'deal', 'player' or 'noop'.

        The grammar of the PHH specification (required.rst, "Actions"): words separated by any
        white space, leading and trailing white space allowed, an optional ``# commentary`` after
        the action; an empty action, one of white space only, or a standalone commentary is a
        no-op. ``sm -`` shows the cards dealt to that player, ``sm`` alone mucks."""
        out: list[tuple[str, int, str, str | None]] = []
        n = len(self.starting_stacks)
        for i, action in enumerate(self.actions):
            text = " ".join(action.split("#", 1)[0].split())
            if not text:
                out.append(("noop", -1, "", None))
                continue
            m = _ACTION_RE.match(text)
            if m is None:
                raise self._fail(i, "not a PHH action lowball can replay (d dh, f, cc, cbr, sd, sm, or a no-op)")
            if m.group(1):
                kind, player, verb, arg = "deal", int(m.group(1)), "dh", m.group(2)
            else:
                kind, player, verb, arg = "player", int(m.group(3)), m.group(4), m.group(5)
            if not 1 <= player <= n:
                raise self._fail(i, f"p{player} is not at this table (p1..p{n})")
            out.append((kind, player - 1, verb, arg))
        return out

    def _stacked_deck(
        self, parsed: list[tuple[str, int, str, str | None]]
    ) -> tuple[_ReplayDeck, dict[int, list[int | None]]]:
        """A deck whose stub deals the recorded hole cards in the engine's order (a stand-in for
        each ``??``: a card the file names nowhere if there is one), then the recorded draw
        cards; and the cards of each deal action by action index (None for an unknown card of a
        draw, which the deck deals when the draw comes, see :class:`_ReplayDeck`)."""
        n = len(self.starting_stacks)
        size = self.variant.hand_size  # five cards each; four in badugi
        named: set[int] = set()
        dealt: list[tuple[int, list[str]]] = []
        deal_index: list[int] = []
        for i, (kind, pos, verb, arg) in enumerate(parsed):
            try:
                if kind == "deal" or verb in ("sd", "sm"):
                    tokens = _split_cards(_card_arg(verb, arg))
                    cards = [int(c) for c in parse_cards([t for t in tokens if t != "??"])]
                    if kind == "deal" and len(dealt) < n and named & set(cards):
                        raise ValueError(f"card {Card((named & set(cards)).pop())} is dealt twice")
                    named.update(cards)
                    if kind == "deal":
                        dealt.append((pos, tokens))
                        deal_index.append(i)
            except (ValueError, LowballError) as e:
                raise self._fail(i, str(e)) from None
        holes = dealt[:n]
        if (
            len(holes) < n
            or sorted(p for p, _ in holes) != list(range(n))
            or any(len(tokens) != size for _, tokens in holes)
        ):
            wrong = [k for k, (_, tokens) in enumerate(holes) if len(tokens) != size]
            where = deal_index[wrong[0] if wrong else len(holes) - 1] if holes else 0  # the first bad deal
            raise self._fail(where, f"the first actions must deal {_COUNT_WORDS[size]} cards to each of p1..p{n}")
        known_holes = {int(Card(t)) for _, tokens in holes for t in tokens if t != "??"}
        spare = [c for c in range(52) if c not in named]
        spare += [c for c in range(52) if c in named and c not in known_holes]  # if need be
        by_pos: dict[int, list[int]] = {}
        invented: dict[int, set[int]] = {p: set() for p in range(n)}
        for pos, tokens in holes:
            ids: list[int] = []
            for t in tokens:
                if t == "??":
                    ids.append(spare.pop(0))
                    invented[pos].add(ids[-1])
                else:
                    ids.append(int(Card(t)))
            by_pos[pos] = ids
        resolved: dict[int, list[int | None]] = {}
        for (pos, tokens), i in zip(dealt, deal_index):
            resolved[i] = (
                list(by_pos[pos]) if len(resolved) < n else [None if t == "??" else int(Card(t)) for t in tokens]
            )
        order: list[int] = []
        for r in range(size):  # the engine deals one card at a time, p1 first
            order.extend(by_pos[p][r] for p in range(n))
        placed = set(order)
        for i in deal_index[n:]:  # the draws' known cards, in order, until a card comes again
            for card in resolved[i]:
                if card is not None and card not in placed:
                    order.append(card)
                    placed.add(card)
        rest = [c for c in range(52) if c not in placed]
        try:
            deck = _ReplayDeck.from_order(order + rest, seed=0, rule=self.variant.reshuffle, burn=self.variant.burn)
        except LowballError as e:
            raise PHHError(f"the dealt cards cannot come from one deck: {e}") from None
        assert isinstance(deck, _ReplayDeck)
        deck.script = None
        deck.reserved = frozenset()
        deck.thrown_unknown = frozenset()
        deck.invented = invented
        deck.unknown_events = {}
        deck.lendable = {}
        deck.lent = {}
        deck.settled = []
        return deck, resolved

    def replay(self) -> Iterator[Step]:
        """Play the hand action by action, yielding a :class:`Step` after each (no-ops too, with
        the state unchanged).

        The hand is played with ``manual_showdown``: ``pN sm CARDS`` (or ``sm -``) shows,
        ``pN sm`` mucks and forfeits the pot (PHH required.rst, WSOP-TR 72), in the file's
        order. Players the file leaves undecided at its end show or muck as the engine's own
        showdown does (:meth:`HandState.finish_showdown`). A ``sm`` after the hand is over (the
        winner of an uncontested pot showing) changes nothing; shown cards are checked against
        the hand.

        The recorded cards are dealt wherever they are, whatever reshuffle rule the dealer
        followed (:meth:`reshuffle_rules` tells which): any deal that is physically possible in
        the history's order is replayed, a card thrown earlier in the same draw included (the
        player's own, or one a later player threw before the replacements were dealt); a card
        still in a hand is not (``RULES.md`` section 7).

        Unknown cards (``??``) are stood in for by cards the engine deals (see
        :func:`invented_cards`); a show reveals them. A hand that holds unknown cards at the
        showdown is never valued on its stand-ins: it is taken as not shown (``sm`` with ``??``
        cards, or ``sm -`` for such a hand): it cannot win a pot against a shown hand, and wins
        unseen a pot nobody else claims. Where it would have to be valued, the history cannot be
        settled (PHHError).

        Raises
        ------
        PHHError
            For an action that is malformed or illegal at that point (naming it and its line),
            dealt cards that differ from what the engine dealt, replacement cards that do not
            match the discards in number, or final stacks that differ from ``finishing_stacks``
            or chips won from the pots that differ from ``winnings`` (the file's fields, checked
            when the history plays the hand to its end).
        """
        parsed = self.parsed_actions()
        deck, deal_cards = self._stacked_deck(parsed)
        # For each discard, the replacements the history deals that player next, and the cards
        # it names in later deals (which an unknown card dealt now should not be).
        script: dict[int, list[int | None]] = {}
        reserved: dict[int, frozenset[int]] = {}
        later: set[int] = set()
        for i in range(len(parsed) - 1, -1, -1):
            kind, pos, verb, arg = parsed[i]
            if kind == "deal":
                later.update(c for c in deal_cards[i] if c is not None)
            elif kind == "player" and verb == "sd" and arg:
                reserved[i] = frozenset(later)
        # and the cards other players throw after it and before that deal (the history's order:
        # a card already thrown may be dealt, as pokerkit deals once everyone has discarded)
        lendable: dict[int, dict[int, int]] = {}
        thrown: dict[int, list[int]] = {}  # the named cards of each discard, by action index
        for i, (kind, _, verb, arg) in enumerate(parsed):
            if kind == "player" and verb == "sd" and arg:
                thrown[i] = [int(Card(t)) for t in _split_cards(arg) if t != "??"]
        for i, (kind, pos, verb, arg) in enumerate(parsed):
            if kind == "player" and verb == "sd" and arg:
                nxt = next((j for j in range(i + 1, len(parsed)) if parsed[j][:2] == ("deal", pos)), None)
                count = len(_split_cards(arg))
                if nxt is None or len(deal_cards[nxt]) != count:
                    got = "none" if nxt is None else str(len(deal_cards[nxt]))
                    raise self._fail(i, f"p{pos + 1} discards {counted(count, 'card')} but is dealt {got} in return")
                script[i] = deal_cards[nxt]
                after = {c: parsed[j][1] for j in range(i + 1, nxt) if j in thrown for c in thrown[j]}
                if after:
                    lendable[i] = after
        try:
            state = HandState(self.variant, self.starting_stacks, deck=deck, manual_showdown=True, posts=self.posts)
        except LowballError as e:
            raise PHHError(str(e)) from None
        _REPLAY_DECKS[state] = deck
        for k, event in enumerate(state.events):
            if event.kind == "deal" and event.position is not None and deck.invented[event.position]:
                deck.unknown_events[k] = (frozenset(deck.invented[event.position]), frozenset())
        idle = _idle_in_round_one(state)  # first turns of round 1 a history omits
        closed_round = False  # the last action ended a betting round
        unshown: set[int] = set()  # claims kept at the showdown without showing
        for i, (kind, pos, verb, arg) in enumerate(parsed):
            was_betting = state.phase == BETTING
            seen = len(state.events)
            try:
                if kind == "noop":
                    pass
                elif kind == "deal":
                    self._check_dealt(state, pos, arg or "")
                elif verb == "cc" and closed_round and state.phase != BETTING and not state.folded[pos]:
                    # A check with nothing to decide, right after the round closed: some writers
                    # (pokerkit) record one for a player who owes nothing when nobody is left to
                    # bet against; lowball gives no such turn, so it is a no-op here.
                    pass
                elif verb in ("f", "cc", "cbr", "sd"):
                    waiting = state.actor
                    if waiting != pos and waiting in idle and self._opening(state, waiting):
                        state.check_or_call(waiting)  # the check the history omits
                        idle.discard(waiting)
                    if state.actor != pos:
                        who = "nobody" if state.actor is None else f"p{state.actor + 1}"
                        raise PHHError(f"p{pos + 1} acts out of turn: {who} is to act")
                    if verb == "f":
                        state.fold(pos)
                    elif verb == "cc":
                        state.check_or_call(pos)
                    elif verb == "cbr":
                        if arg is None or not (arg.isascii() and arg.isdigit()):
                            raise PHHError(f"cbr needs an amount in chips, got {shown(arg)}")
                        state.bet_or_raise(int(arg), pos)
                    else:
                        deck.lendable = lendable.get(i, {})
                        state, dealt, unknown_thrown = self._draw(
                            state, deck, pos, arg, script.get(i), reserved.get(i, frozenset())
                        )
                        if dealt or unknown_thrown:  # the draw's event: the first this made
                            deck.unknown_events[seen] = (dealt, unknown_thrown)
                else:
                    self._show_or_muck(state, deck, pos, arg, unshown)
                if i == len(parsed) - 1 and state.phase == SHOWDOWN:
                    self._settle(state, deck, unshown)
            except PHHError as e:
                raise self._fail(i, str(e)) from None
            except (LowballError, ValueError) as e:
                raise self._fail(i, str(e)) from None  # the engine names p4 too
            if kind == "player":
                closed_round = (was_betting and state.phase != BETTING) or (closed_round and verb == "cc")
            # the file's results are checked when the replay finishes the hand; a history that
            # stops before the pots are won has no result to check
            if i == len(parsed) - 1 and state.is_complete and self.finishing_stacks is not None:
                if tuple(state.stacks) != self.finishing_stacks:
                    raise self._fail(
                        i,
                        f"the hand ends with stacks {list(state.stacks)}, but the file's "
                        f"finishing_stacks = {list(self.finishing_stacks)}",
                    )
            if i == len(parsed) - 1 and state.is_complete and "winnings" in self.fields:
                if list(state.winnings) != list(self.fields["winnings"]):
                    raise self._fail(
                        i,
                        f"the hand ends with winnings {list(state.winnings)}, but the file's "
                        f"winnings = {list(self.fields['winnings'])}",
                    )
            yield Step(self.actions[i], i, self._line_of(i), state)

    @staticmethod
    def _opening(state: HandState, pos: int) -> bool:
        """Betting round 1 is on, nobody has bet or raised in it, and ``pos`` has not acted:
        the first turn that :func:`_idle_in_round_one` finds idle."""
        if state.phase != BETTING or state.betting_round != 1:
            return False
        return not any(
            e.kind in ("bet", "raise") or (e.position == pos and e.kind in _TURN_KINDS) for e in state.events
        )

    def _draw(
        self,
        state: HandState,
        deck: _ReplayDeck,
        pos: int,
        arg: str | None,
        want: list[int | None] | None,
        reserved: frozenset[int],
    ) -> tuple[HandState, frozenset[int], frozenset[int]]:
        """``pN sd [CARDS]``: the discard, its ``??`` cards taken from the player's stand-ins,
        and the replacements the history deals him next. Returns the hand after it (the same
        state, or one whose events name cards lent, see :meth:`_settle_lent`) and the cards of
        the draw that stand in for unknown ones: among those dealt, among those thrown."""
        thrown: list[Card] = []
        unknown_thrown: set[int] = set()
        mine = deck.invented.setdefault(pos, set())
        held = [int(c) for c in state.hand(pos)]
        for t in _split_cards(arg) if arg else []:
            if t != "??":
                thrown.append(Card(t))
                continue
            pool = [c for c in held if c in mine and c not in unknown_thrown]
            if not pool:
                raise PHHError(f"p{pos + 1} discards an unknown card but holds no unknown card")
            unknown_thrown.add(pool[0])
            thrown.append(Card(pool[0]))
        deck.script = want
        deck.reserved = reserved
        deck.thrown_unknown = frozenset(unknown_thrown)
        try:
            new = state.discard(thrown, pos)
        finally:
            deck.script = None
            deck.reserved = frozenset()
            deck.thrown_unknown = frozenset()
        if deck.settled:
            state = self._settle_lent(state, deck)
        mine.difference_update(unknown_thrown)
        dealt_unknown = {int(c) for c, w in zip(new, want or ()) if w is None}
        mine.update(dealt_unknown)
        return state, frozenset(dealt_unknown), frozenset(unknown_thrown)

    @staticmethod
    def _settle_lent(state: HandState, deck: _ReplayDeck) -> HandState:
        """Cards the history dealt before their thrower threw them (pokerkit's order) are now in
        the hands of the players served earlier, in place of their stand-ins: their draw events
        say so too (the hand's events are the history's). Returns the hand with those events,
        on the same deck, every other field as it was."""
        events = list(state.events)
        for to, stand_in, card in deck.settled:
            k = max(j for j, e in enumerate(events) if e.kind == "draw" and e.position == to)
            e = events[k]
            events[k] = e._replace(cards=tuple(Card(card) if int(c) == stand_in else c for c in e.cards))
        deck.settled = []
        fields = saved_fields(state)
        fields["posts"] = state.posts
        parts = Saved(state.variant, state.starting_stacks, deck, events, state.shown, list(state.pots), fields)
        settled = type(state).from_saved(parts)
        _REPLAY_DECKS[settled] = deck
        return settled

    def _show_or_muck(self, state: HandState, deck: _ReplayDeck, pos: int, arg: str | None, unshown: set[int]) -> None:
        """``pN sm ...``: a show (the hand's known cards, five or four in badugi, or ``-`` for the
        cards the history dealt him), a muck (no argument), or else a claim kept without showing (cards partly ``??``, a
        partial show, or ``-`` for cards the history never named): such a player, added to
        ``unshown``, stays undecided, wins a pot every other hand mucks, and loses every pot a
        shown hand claims (WSOP-TR 72; see :meth:`_settle`)."""
        tokens = _split_cards(_card_arg("sm", arg))
        known = [int(Card(t)) for t in tokens if t != "??"]
        if state.folded[pos]:
            raise PHHError(f"p{pos + 1} has folded: nothing to show or muck")
        if state.phase not in (SHOWDOWN, COMPLETE):
            raise PHHError("a hand is shown or mucked before the showdown")
        if arg:
            deck.reveal(pos, known)  # the shown cards take the place of stand-ins
        if state.phase == COMPLETE:
            return  # the pot is awarded already: a show (or muck) changes nothing
        if not arg:
            state.muck(pos)
        elif not deck.invented.get(pos) and (
            arg == "-" or (len(known) == state.variant.hand_size and "??" not in tokens)
        ):
            state.show(pos)
        else:
            unshown.add(pos)

    def _settle(self, state: HandState, deck: _ReplayDeck, unshown: set[int]) -> None:
        """The history ends at the showdown with players undecided. Hands the history does not
        show (kept unseen, or holding stand-ins) are never valued: they lose every pot in which
        a hand is shown and win unseen a pot in which no other hand is left; the rest is settled
        as the engine does by itself (:meth:`HandState.finish_showdown`)."""
        keep = [
            p
            for p in state.show_order
            if p not in state.shown and not state.mucked[p] and (p in unshown or deck.invented.get(p))
        ]
        try:
            state.finish_showdown(unshown=keep)
        except IllegalActionError as e:
            raise PHHError(f"the history does not say who wins: {e}") from None

    def _check_dealt(self, state: HandState, pos: int, arg: str) -> None:
        hand = {int(c) for c in state.hand(pos)}
        for t in _split_cards(arg):
            if t != "??" and int(Card(t)) not in hand:
                raise PHHError(
                    f"p{pos + 1} was dealt {t} in the file but the engine holds {format_cards(state.hand(pos))}"
                )

    def reshuffle_rules(self, burn: bool | None = None) -> tuple[str, ...]:
        """The reshuffle rules the history's deal is consistent with, of :data:`RESHUFFLE_RULES`:
        ``"seeds"`` and ``"live"`` (:class:`~lowball.deck.ReshuffleRule` ``SEEDS`` and ``LIVE``,
        ``RULES.md`` section 4) and ``"all-discards"`` (pokerkit's: once the stub is short, every
        mucked, burned and discarded card is dealable, the draw in progress's too, so a player
        may get back his own discards or those of players after him, who discard before
        anyone is served).

        A rule is consistent when some order of the stub deals every card the history deals
        where that rule takes it from: the stub while it lasts, then the cards the rule
        reshuffles (``RULES.md`` section 4). Unknown cards (``??``) may be any card the history
        does not name there. ``burn`` says whether the dealer burned a card before each round of
        replacements (pokerkit's badugi does); None takes the history's ``_lowball_burn``
        (default false). :meth:`replay` accepts any deal that is physically possible, whatever
        rule it follows; this tells which rule it follows.

        Raises
        ------
        PHHError
            For an action that is malformed (as :meth:`replay`), or a ``burn`` that is not a
            bool or None.
        """
        if burn is None:
            burn = self.variant.burn
        if not isinstance(burn, bool):
            raise PHHError(f"burn = {shown(burn)}: expected True, False or None (the history's own)")
        parsed = self.parsed_actions()
        try:
            plays = [
                (kind, pos, verb, [None if t == "??" else int(Card(t)) for t in _split_cards(_card_arg(verb, arg))])
                for kind, pos, verb, arg in parsed
            ]
        except (ValueError, LowballError) as e:
            raise PHHError(str(e)) from None
        n = len(self.starting_stacks)
        return tuple(r for r in RESHUFFLE_RULES if _deal_follows(r, plays, n, self.variant.hand_size, burn))

    def play(self) -> HandState:
        """Replay every action and return the final state (see :meth:`replay`)."""
        state = None
        for step in self.replay():
            state = step.state
        if state is None:
            raise PHHError("the hand history has no actions")
        return state


def _ints(data: dict[str, Any], key: str, n: int | None = None) -> tuple[int, ...]:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise PHHError(f"field {shown(key)} = {shown(value)}: expected a list of whole numbers")
    if n is not None and len(value) != n:
        raise PHHError(f"field {shown(key)} has {counted(len(value), 'entry', 'entries')} for {counted(n, 'player')}")
    return tuple(value)


def _posts_of(data: dict[str, Any], n: int) -> Posts | None:
    """The hand's :class:`~lowball.engine.Posts` from lowball's own fields (a table's hand with
    a dead button, a dead small blind or a player posting to come in), or None. The live blinds
    are ``_lowball_live_blinds``; a file written before that field holds them in
    ``blinds_or_straddles``."""
    if "_lowball_big_blind" not in data:
        # pokerkit's "post bet": a negative blind after the two blinds is a live post that
        # takes no turn (a post to come in); the big blind is the second entry
        blinds = _ints(data, "blinds_or_straddles", n)
        if n > 2 and min(blinds[2:]) < 0 <= blinds[0] and blinds[1] > 0 and max(blinds[2:]) <= 0:
            return Posts(live=(blinds[0], blinds[1], *(-b for b in blinds[2:])), big_blind=1)
        return None
    bb = data["_lowball_big_blind"]
    if not isinstance(bb, int) or isinstance(bb, bool):
        raise PHHError(f"field '_lowball_big_blind' = {shown(bb)}: expected a position")
    live_key = "_lowball_live_blinds" if "_lowball_live_blinds" in data else "blinds_or_straddles"
    try:
        return Posts(live=_ints(data, live_key, n), dead=_ints(data, "_lowball_dead_blinds", n), big_blind=bb)
    except VariantError as e:
        raise PHHError(str(e)) from None


def _variant_of(data: dict[str, Any], n: int) -> Variant:
    code = data.get("variant")
    if not isinstance(code, str) or code not in CODES:
        raise PHHError(
            f"variant {shown(code)} is not a 2-7 draw game lowball plays (nor an A-5 or badugi one): "
            f"expected one of {', '.join(CODES)}"
        )
    draws, kind = CODES[code]
    ranking = CODE_RANKINGS[code]
    blinds = _ints(data, "blinds_or_straddles", n)
    antes = _ints(data, "antes", n)
    posts = _posts_of(data, n)
    bb_pos = 1
    if "_lowball_antes" in data:
        # lowball's own fields hold the variant's blinds and antes, by position: the standard
        # ones hold what each position posted
        blinds = _ints(data, "_lowball_blinds", 2)
        antes = _ints(data, "_lowball_antes", n)
        bb_pos = posts.big_blind if posts is not None else (0 if n == 2 else 1)
    elif posts is not None and "_lowball_big_blind" in data:
        sb_bb = _ints(data, "_lowball_blinds", 2)
        bb_pos = posts.big_blind
        if any(a < d for a, d in zip(antes, posts.dead)):
            raise PHHError(
                f"antes = {list(antes)} do not hold the dead blinds _lowball_dead_blinds = {list(posts.dead)}"
            )
        antes = tuple(a - d for a, d in zip(antes, posts.dead))  # the variant's own antes
        blinds = sb_bb
    elif any(b > 0 for b in blinds[2:]) or (posts is None and any(blinds[2:])):
        raise PHHError(f"blinds_or_straddles = {list(blinds)}: straddles are not supported")
    nonzero = {i for i, a in enumerate(antes) if a}
    if not nonzero:
        ante, bb_ante = 0, False
    elif len(set(antes)) == 1 and len(nonzero) == n:
        ante, bb_ante = antes[0], False
    elif nonzero == {bb_pos}:
        ante, bb_ante = antes[bb_pos], True
    else:
        raise PHHError(f"antes = {list(antes)}: expected equal antes or a big-blind ante only")
    rule = data.get("_lowball_reshuffle", "seeds")
    if rule not in ("seeds", "live"):
        raise PHHError(f'field "_lowball_reshuffle" = {shown(rule)}: expected "seeds" or "live"')
    flags = {}
    for key in ("_lowball_burn", "_lowball_show_all_hands"):
        flags[key] = data.get(key, False)
        if not isinstance(flags[key], bool):
            raise PHHError(f"field {shown(key)} = {shown(flags[key])}: expected true or false")
    try:
        if kind == FixedLimit.kind:
            betting: BettingStructure = FixedLimit(
                small_bet=data["small_bet"],
                big_bet=data["big_bet"],
                max_raises=data.get("_lowball_max_raises", 4),
                uncapped_heads_up=data.get("_lowball_uncapped_heads_up", True),
            )
        else:
            betting = STRUCTURES[kind](min_bet=data["min_bet"])  # type: ignore[call-arg]
        game = "triple draw" if draws == 3 else "single draw"
        name = f"{_NAMES[ranking]} {game}, {betting.title}"
        if code == "FB":
            name = f"badugi, {betting.title}"  # as the ready-made: badugi is triple draw
        return Variant(
            name=name,
            code=code,
            draws=draws,
            betting=betting,
            forced=ForcedBets(small_blind=blinds[0], big_blind=blinds[1], ante=ante, big_blind_ante=bb_ante),
            reshuffle=ReshuffleRule[rule.upper()],
            burn=flags["_lowball_burn"],
            # the most players the game seats (WSOP-LAR 290, 294: six; badugi 312: eight), or
            # the history's
            max_players=max(8 if ranking is Ranking.BADUGI else 6, n),
            # A recorded hand may hold a fold where a check was free: binding in live play
            # (WSOP-TR 84), so the replay accepts it.
            open_fold=True,
            # and a check in the first round of a game without blinds, which a room may allow (with
            # blinds the rule is moot: the variant is the ready-made one)
            must_open=blinds[1] > 0,
            show_all_hands=flags["_lowball_show_all_hands"],
            ranking=ranking,
        )
    except KeyError as e:
        raise PHHError(f"variant {code} needs the field {shown(e.args[0])} (or a valid value there)") from None
    except VariantError as e:
        raise PHHError(str(e)) from None


def loads(text: str) -> HandHistory:
    """Parse PHH text (TOML, read with the standard library's tomllib); a leading byte-order
    mark (U+FEFF, as some editors save) is ignored.

    Raises
    ------
    PHHError
        For text that is not TOML (naming the line), a variant lowball does not play, or a
        missing or malformed field.
    """
    if not isinstance(text, str):
        raise PHHError(f"not a PHH file: expected text, got {type(text).__name__}")
    text = without_bom(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PHHError(f"not a PHH file: {e}") from None
    stacks = _ints(data, "starting_stacks")
    n = len(stacks)
    if n < 2 or min(stacks) < 1:
        raise PHHError(f"starting_stacks = {list(stacks)}: expected two or more stacks of 1 or more")
    variant = _variant_of(data, n)
    posts = _posts_of(data, n)
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise PHHError(f"field 'ante_trimming_status' = {shown(trimming)}: expected true or false")
    if "_lowball_antes" in data:
        # lowball's fields say what was posted; the standard's must say the same to other readers
        std_antes, std_live, trim, _ = _standard_posts(variant.forced, posts, stacks)
        for key, want in (("antes", std_antes), ("blinds_or_straddles", std_live), ("ante_trimming_status", trim)):
            got = data.get(key, False) if key == "ante_trimming_status" else list(data[key])
            if got != want:
                raise PHHError(
                    f"field {shown(key)} = {_toml_value(got)} does not hold the posts of lowball's fields "
                    f"(_lowball_blinds, _lowball_antes, ...): expected {_toml_value(want)}"
                )
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PHHError(f"field 'actions' = {shown(actions)}: expected a list of strings")
    finishing = _ints(data, "finishing_stacks", n) if "finishing_stacks" in data else None
    if "winnings" in data:  # checked as finishing_stacks is: whole numbers, one per player
        _ints(data, "winnings", n)
    return HandHistory(variant, stacks, tuple(actions), finishing, data, text, posts)


def load(path: str | Path) -> HandHistory:
    """Read and parse a PHH file (UTF-8; a leading byte-order mark is ignored; see :func:`loads`).

    Raises
    ------
    PHHError
        For an empty path, a directory, a file that cannot be read or is not UTF-8 (naming the
        path and the reason), and as :func:`loads` does.
    InvalidTypeError
        For a ``path`` that is not a str or os.PathLike.
    """
    name = path_text(path, "path")
    if not name:
        raise PHHError(f"path {shown(name)} is empty: expected the path of a PHH file")
    if Path(name).is_dir():
        raise PHHError(f"{name} is a directory: expected a PHH file")
    try:
        with open_text(name) as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise PHHError(f"cannot read {name}: {reason}") from None
    return loads(text)


_TOML_PLAIN = re.compile(r'[^\\"\x00-\x1f\x7f]*\Z')  # a string with nothing a TOML basic string escapes


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        if not v.isascii() and any(0xD800 <= ord(ch) <= 0xDFFF for ch in v):
            # TOML text is Unicode: a lone surrogate has no form there (nor in the file's UTF-8)
            raise TypeError(f"cannot write {shown(v)} to TOML: the lone surrogate is not text")
        if _TOML_PLAIN.match(v):  # most are: nothing to escape
            return f'"{v}"'
        # a TOML basic string: backslash, quote and every control character escaped
        return (
            '"'
            + "".join(
                "\\\\"
                if ch == "\\"
                else '\\"'
                if ch == '"'
                else f"\\u{ord(ch):04X}"
                if ord(ch) < 0x20 or ord(ch) == 0x7F
                else ch
                for ch in v
            )
            + '"'
        )
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {shown(v)} to TOML")


# The deck each replayed hand deals from, by hand (a hand gives out only a read-only window on its
# deck): what unknown_in_events and invented_cards read. A hand that goes away takes its entry along.
_REPLAY_DECKS: weakref.WeakKeyDictionary[HandState, _ReplayDeck] = weakref.WeakKeyDictionary()


def _live_deck(state: HandState) -> _ReplayDeck | None:
    """The replay deck ``state`` deals from, or None for a hand that no replay made."""
    try:
        return _REPLAY_DECKS.get(state)
    except TypeError:  # not a hand: nothing a replay made
        return None


def unknown_in_events(state: HandState) -> dict[int, tuple[frozenset[int], frozenset[int]]]:
    """For a state replayed from a hand history: by index in ``state.events``, the cards of a
    deal or draw event that stand in for the history's unknown cards (``??``), as (among the
    event's ``cards``, among its ``discarded``): a card may be thrown unknown and dealt back
    known in one draw. Empty for any other state."""
    deck = _live_deck(state)
    return dict(deck.unknown_events) if deck is not None else {}


def invented_cards(state: HandState) -> frozenset[int]:
    """For a state replayed from a hand history: the cards the players hold now that stand in
    for unknown cards (``??``); they are never shown or valued. Empty for any other state."""
    deck = _live_deck(state)
    if deck is None:
        return frozenset()
    return frozenset(c for cards in deck.invented.values() for c in cards)


def _idle_in_round_one(state: HandState) -> set[int]:
    """The positions whose first turn of betting round 1, before any raise, decides nothing:
    their live blind is already as much as any other player can put in (every other stack,
    what it posted included, is no larger). lowball gives them the turn while another player
    can still act (their check costs nothing, and a raise would come back uncalled); pokerkit
    gives them none (state.py ``State._begin_betting`` drops a player whose effective stack is
    0). A history omits their check, and lowball's replay makes it (``RULES.md`` section 7)."""
    n = state.n
    dead = [0] * n
    live = [0] * n
    for e in state.events:
        if e.kind == "deal":
            break
        if e.kind == "blind":
            live[e.position] += e.amount  # type: ignore[index]
        elif e.kind in ("ante", "dead_blind"):
            dead[e.position] += e.amount  # type: ignore[index]
    totals = [s - d for s, d in zip(state.starting_stacks, dead)]
    second = sorted(totals)[-2]
    return {p for p in range(n) if totals[p] > live[p] and second <= live[p]}


def actions_of(state: HandState) -> list[str]:
    """The PHH actions of a hand so far, from its events.

    A draw is written as in PHH: each player's discards (``pN sd CARDS``, or ``pN sd`` to stand
    pat) and, once every player has discarded, the replacements (``d dh pN CARDS``). The
    showdown is written as it went: ``pN sm CARDS`` for a hand shown, ``pN sm`` for one mucked.
    A first turn of betting round 1, before any raise, of a player whose live blind is already
    as much as any other player can put in is not written: pokerkit gives no such turn, and
    lowball's replay makes the check (``RULES.md`` section 7).
    A hand neither shown nor mucked (a pot won unseen, every other hand mucked; or a hand a
    replayed history kept unseen) is written ``pN sm CARDS # not shown``: PHH readers such as
    pokerkit award a pot only to a shown hand, and the history holds every player's cards
    anyway; lowball's replay reads it as the no-op it is once the hand is over. A state replayed
    from a history with unknown cards writes them ``??`` again (:func:`unknown_in_events`).
    """
    if not isinstance(state, HandState):
        raise PHHError(f"{shown(state)} is not a hand (a lowball HandState)")
    unknown = unknown_in_events(state)
    held_unknown = invented_cards(state)

    def cards(index: int, cs: tuple[Card, ...], thrown: bool = False) -> str:
        hidden = unknown.get(index, (frozenset(), frozenset()))[1 if thrown else 0]
        return "".join("??" if int(c) in hidden else str(c) for c in cs)

    out: list[str] = []
    deals: list[str] = []
    decided: set[int | None] = set()  # players who showed or mucked at the showdown
    unseen_written = False  # the hands neither shown nor mucked, written before the pots
    idle = _idle_in_round_one(state)  # first turns of round 1 that decide nothing
    skip: set[int] = set()  # their checks, by event index: not written
    if idle:
        for i, e in enumerate(state.events):
            if e.kind in ("bet", "raise", "draw", "stand_pat"):
                break
            if e.position in idle and e.kind in _TURN_KINDS:
                if e.kind == "check":
                    skip.add(i)
                idle.discard(e.position)
    for i, e in enumerate(state.events):
        p = "" if e.position is None else f"p{e.position + 1}"
        if e.kind == "deal":
            out.append(f"d dh {p} {cards(i, e.cards)}")
        elif e.kind == "fold":
            out.append(f"{p} f")
        elif e.kind in ("check", "call"):
            if i not in skip:
                out.append(f"{p} cc")
        elif e.kind in ("bet", "raise"):
            out.append(f"{p} cbr {e.amount}")
        elif e.kind == "stand_pat":
            out.append(f"{p} sd")
        elif e.kind == "draw":
            out.append(f"{p} sd {cards(i, e.discarded, thrown=True)}")
            deals.append(f"d dh {p} {cards(i, e.cards)}")
        elif e.kind in ("round", "show", "muck") and deals:
            out.extend(deals)
            deals = []
        if e.kind == "show":
            out.append(f"{p} sm {format_cards(e.cards)}")
            decided.add(e.position)
        elif e.kind == "muck":
            out.append(f"{p} sm")
            decided.add(e.position)
        elif e.kind == "win" and state.show_order and not unseen_written:
            # The pots of a showdown: first the hands neither shown nor mucked (a pot won
            # unseen, or a hand the history kept unseen). PHH readers (pokerkit) award a pot only
            # to a shown hand, so the cards are written (?? where unknown), marked as not shown.
            for q in state.show_order:
                if q not in decided:
                    held = "".join("??" if int(c) in held_unknown else str(c) for c in state.deck.hand(q))
                    out.append(f"p{q + 1} sm {held} # not shown")
            unseen_written = True
    out.extend(deals)
    return out


def _forced_fields(state: HandState) -> dict[str, Any]:
    """The forced bets of a hand as PHH fields (``RULES.md`` section 7).

    The standard's ``antes`` and ``blinds_or_straddles`` (reversed heads-up, as the standard
    assigns them) hold the variant's antes and blinds, or for a hand dealt with
    :class:`~lowball.engine.Posts` what each position posts: dead chips (antes, a missed small
    blind made up) in ``antes``, live blinds in ``blinds_or_straddles``, a live blind other than
    the small and big blinds (a post to come in) negative: the standard has no field for it, and
    a negative entry is pokerkit's "post bet" (a live blind that does not move the first player to
    act, as a straddle would). Where a stack short of its posts would lose different chips
    in the standard's order (antes first, then the blinds, each capped at what is left) than in
    lowball's (a big blind posts the blind before a big-blind ante, a player making up a small
    blind the live blind before the dead one: WSOP-LAR 150, 156), the fields hold the chips
    posted instead. ``ante_trimming_status = true`` says that a player short of the ante wins
    from each player only what he matched (``RULES.md`` section 6). lowball's own fields give
    its reader the exact posts: ``_lowball_blinds`` (the variant's small and big blind),
    ``_lowball_big_blind`` (the big blind's position), ``_lowball_live_blinds``,
    ``_lowball_dead_blinds`` and ``_lowball_antes`` (the variant's antes), by position.
    """
    f = state.variant.forced
    n = state.n
    posts = state.posts
    std_antes, std_live, trimming, exact = _standard_posts(f, posts, state.starting_stacks)
    fields: dict[str, Any] = {"antes": std_antes, "blinds_or_straddles": std_live}
    if trimming:
        fields["ante_trimming_status"] = True
    if posts is not None or not exact:
        fields["_lowball_blinds"] = [f.small_blind, f.big_blind]
    if posts is not None:
        fields["_lowball_big_blind"] = posts.big_blind
        fields["_lowball_live_blinds"] = list(posts.live)
        fields["_lowball_dead_blinds"] = list(posts.dead)
    if posts is not None or not exact:
        fields["_lowball_antes"] = _variant_antes(f, n, state.big_blind_position)
    return fields


def _variant_antes(f: ForcedBets, n: int, bb: int) -> list[int]:
    """The variant's antes by position: each player's, or the big blind's (a big-blind ante)."""
    antes = [0] * n
    if f.ante:
        if f.big_blind_ante:
            antes[bb] = f.ante
        else:
            antes = [f.ante] * n
    return antes


def _standard_posts(
    f: ForcedBets, posts: Posts | None, stacks: tuple[int, ...]
) -> tuple[list[int], list[int], bool, bool]:
    """The standard's ``antes`` and ``blinds_or_straddles`` for a hand's forced bets, whether it
    needs ``ante_trimming_status = true``, and whether the fields hold the variant's amounts
    (True) rather than the chips posted (see :func:`_forced_fields`)."""
    n = len(stacks)
    bb = posts.big_blind if posts is not None else (0 if n == 2 else 1)
    antes = _variant_antes(f, n, bb)
    if posts is None:
        sb: int | None = 1 if n == 2 else 0
        live = [0] * n
        live[sb], live[bb] = f.small_blind, f.big_blind  # type: ignore[index]
        dead = [0] * n
    else:
        live, dead = list(posts.live), list(posts.dead)
        p = (bb - 1) % n
        sb = p if p != bb and 0 < live[p] < live[bb] else None  # HandState.small_blind_position
    nominal_dead = [a + d for a, d in zip(antes, dead)]
    if any(dead) or (f.ante and f.big_blind_ante):
        std_antes, std_live, exact = _posted(f, bb, live, dead, stacks, nominal_dead)
    else:  # antes (posted first by every reader) and live blinds only: each reader takes the same
        std_antes, std_live, exact = nominal_dead, live, True
    std_live = [b if p in (bb, sb) else -b for p, b in enumerate(std_live)]
    if n == 2:  # the standard assigns the forced bets in reverse heads-up
        std_antes, std_live = std_antes[::-1], std_live[::-1]
    trimming = bool(f.ante and not f.big_blind_ante and min(stacks) < f.ante and not any(dead))
    return std_antes, std_live, trimming, exact


def _posted(
    f: ForcedBets, bb: int, live: list[int], dead: list[int], stacks: tuple[int, ...], nominal_dead: list[int]
) -> tuple[list[int], list[int], bool]:
    """The dead and live chips each position posts in the engine's order (``HandState._start``:
    each player's ante; the live blinds from the small blind's seat round; dead blinds; a
    big-blind ante last), if a reader posting the antes first and capping each post at the
    chips left would take other chips; else the nominal posts. And whether they are nominal."""
    n = len(stacks)
    left = list(stacks)
    posted_dead = [0] * n
    posted_live = [0] * n

    def post(p: int, amount: int, into: list[int]) -> None:
        paid = min(amount, left[p])
        left[p] -= paid
        into[p] += paid

    if f.ante and not f.big_blind_ante:
        for p in range(n):
            post(p, f.ante, posted_dead)
    for k in range(n):
        p = (bb - 1 + k) % n
        post(p, live[p], posted_live)
    for p in range(n):
        post(p, dead[p], posted_dead)
    if f.ante and f.big_blind_ante:
        post(bb, f.ante, posted_dead)
    capped_dead = [min(d, s) for d, s in zip(nominal_dead, stacks)]
    capped_live = [min(b, s - d) for b, s, d in zip(live, stacks, capped_dead)]
    if capped_dead == posted_dead and capped_live == posted_live:
        return nominal_dead, live, True
    return posted_dead, posted_live, False


_TURN_KINDS = frozenset(("fold", "check", "call", "bet", "raise"))
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def dumps(state: HandState, **extra: Any) -> str:
    """PHH text of a finished or running hand (``finishing_stacks`` only when finished).

    Rules PHH has no field for are written as user fields when they differ from the defaults,
    and read back by :func:`loads`: ``_lowball_max_raises``, ``_lowball_uncapped_heads_up``,
    ``_lowball_reshuffle`` (``"live"``), ``_lowball_burn`` and ``_lowball_show_all_hands``.
    A hand dealt with :class:`~lowball.engine.Posts` (a table's dead button, dead small blind or
    posts to come in) writes what each position posts in the standard ``antes`` (dead chips)
    and ``blinds_or_straddles`` (live blinds; a post to come in negative, pokerkit's "post
    bet"), so that the standard's readers replay it, and the exact posts in
    ``_lowball_blinds``, ``_lowball_big_blind``, ``_lowball_live_blinds``,
    ``_lowball_dead_blinds`` and ``_lowball_antes`` (``RULES.md`` section 7; see
    :func:`_forced_fields`). A first turn of round 1 that decides nothing is not written (see
    :func:`actions_of`). ``extra`` fields (``event="..."``, ``players=[...]``) are written after
    the standard ones.

    Raises
    ------
    PHHError
        For a variant with no PHH code (draws other than 1 or 3; see :func:`code_of`), an ``extra`` key that is not a
        plain TOML key or repeats a field written here, or an ``extra`` value that is not a
        string, whole number, true/false or a list of those.
    """
    if not isinstance(state, HandState):
        raise PHHError(f"{shown(state)} is not a hand (a lowball HandState)")
    v = state.variant
    code = code_of(v)
    if code is None:
        raise PHHError(f"{v.name}: a {v.betting.title} game with {v.draws} draws has no PHH code")
    fields: dict[str, Any] = {"variant": code, **_forced_fields(state)}
    if isinstance(v.betting, FixedLimit):
        fields["small_bet"], fields["big_bet"] = v.betting.small_bet, v.betting.big_bet
        if v.betting.max_raises != 4:
            fields["_lowball_max_raises"] = v.betting.max_raises
        if not v.betting.uncapped_heads_up:
            fields["_lowball_uncapped_heads_up"] = False
    else:
        fields["min_bet"] = v.betting.min_bet
    if v.reshuffle != ReshuffleRule.SEEDS:
        fields["_lowball_reshuffle"] = v.reshuffle.name.lower()
    if v.burn:
        fields["_lowball_burn"] = True
    if v.show_all_hands:
        fields["_lowball_show_all_hands"] = True
    fields["starting_stacks"] = list(state.starting_stacks)
    fields["actions"] = actions_of(state)
    if state.is_complete:
        fields["finishing_stacks"] = list(state.stacks)
    for key, value in extra.items():
        if not _BARE_KEY.fullmatch(key) or key in fields:
            raise PHHError(f"extra field {shown(key)}: expected a new plain key (letters, digits, _ -)")
        _check_standard_field(key, value, state.n)
        if key == "winnings" and state.is_complete and list(value) != list(state.winnings):
            raise PHHError(
                f"extra field 'winnings' = {shown(value)}: the hand's winnings are {list(state.winnings)} (a file "
                "with other winnings would not replay)"
            )
        fields[key] = list(value) if isinstance(value, tuple) else value
    lines = []
    for key, value in fields.items():
        if key == "actions":
            lines += ["actions = ["] + [f"  {_toml_value(a)}," for a in value] + ["]"]
            continue
        try:
            lines.append(f"{key} = {_toml_value(value)}")
        except TypeError as e:
            raise PHHError(f"field {shown(key)}: {e}") from None
    return "\n".join(lines) + "\n"


# the PHH standard's optional fields that lowball does not write itself, by what they hold
_PER_PLAYER_TEXT = ("players",)
_PER_PLAYER_NUMBERS = ("seats", "winnings")
_TEXT_FIELDS = ("event", "url", "venue", "city", "country", "currency")
_NUMBER_FIELDS = ("day", "month", "year", "level", "seat_count")
_TEXT_OR_NUMBER_FIELDS = ("hand", "table")  # "String or integer" in the standard


def _check_standard_field(key: str, value: Any, n: int) -> None:
    """An extra field the PHH standard defines must hold what the standard says, or the file
    written would not read back (or would be read wrong by another tool)."""

    def whole(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    if key in _PER_PLAYER_TEXT:
        ok = isinstance(value, (list, tuple)) and len(value) == n and all(isinstance(v, str) for v in value)
        expected = "names"
    elif key in _PER_PLAYER_NUMBERS:
        ok = isinstance(value, (list, tuple)) and len(value) == n and all(whole(v) for v in value)
        expected = "whole numbers"
    elif key in _TEXT_FIELDS:
        ok = isinstance(value, str)
        if not ok:
            raise PHHError(f"extra field {shown(key)} = {shown(value)}: expected text (a str)")
        return
    elif key in _NUMBER_FIELDS:
        if not whole(value):
            raise PHHError(f"extra field {shown(key)} = {shown(value)}: expected a whole number")
        return
    elif key in _TEXT_OR_NUMBER_FIELDS:
        if not (whole(value) or isinstance(value, str)):
            raise PHHError(f"extra field {shown(key)} = {shown(value)}: expected text or a whole number")
        return
    else:
        return
    if not ok:
        raise PHHError(f"extra field {shown(key)} = {shown(value)}: expected a list of {n} {expected}, one per player")


def dump(state: HandState, path: str | Path, **extra: Any) -> None:
    """Write :func:`dumps` of ``state`` to ``path`` (UTF-8).

    An existing regular file is replaced whole (a temporary file, then a rename; it keeps its
    permissions), a symbolic link is written through to its target, a device or named pipe is
    written directly; a new file gets the permissions :func:`open` would give it.

    Raises
    ------
    PHHError
        As :func:`dumps` does, before anything is written.
    FileError
        For a path that cannot be written (naming it and the reason); nothing is written.
    InvalidTypeError
        For a ``path`` that is not a str or os.PathLike.
    """
    name = path_text(path, "path")
    write_text(name, dumps(state, **extra))

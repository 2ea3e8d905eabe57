"""Hand histories in the Poker Hand History (PHH) format: import, replay and export.

PHH (uoftcprg/phh-std) is TOML with ``variant``, ``antes``, ``blinds_or_straddles``,
``small_bet``/``big_bet`` (fixed limit) or ``min_bet``, ``starting_stacks``, ``actions`` and
optionally ``finishing_stacks`` (``RULES.md`` section 7). Seats ``p1`` .. ``pN`` are lowball's
positions 0 .. N-1 (``p1`` left of the button, the last seat the button).

Variant codes: the standard's ``F2L3D`` (fixed-limit 2-7 triple draw) and ``N2L1D`` (no-limit 2-7
single draw); for the other combinations lowball writes and reads ``P2L3D``, ``N2L3D``, ``F2L1D``
and ``P2L1D`` (``F``/``P``/``N`` = fixed/pot/no limit, ``2L`` = deuce-to-seven lowball, ``3D``/``1D``
= triple/single draw). These four are lowball's own; other PHH tools may not know them.

A replay deals from a deck stacked with the recorded cards, so the engine deals exactly what
the file says. Unknown cards (``??``) are stood in for by cards that appear nowhere in the file.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lowball.cards import Card, format_cards, parse_cards
from lowball.deck import Deck, ReshuffleRule
from lowball.engine import BETTING, COMPLETE, SHOWDOWN, HandState
from lowball.errors import LowballError
from lowball.variants import FixedLimit, ForcedBets, NoLimit, PotLimit, Variant, VariantError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = ["PHHError", "HandHistory", "load", "loads", "dumps", "dump", "CODES"]

CODES = {
    "F2L3D": (3, "fixed"),
    "P2L3D": (3, "pot"),
    "N2L3D": (3, "no"),
    "F2L1D": (1, "fixed"),
    "P2L1D": (1, "pot"),
    "N2L1D": (1, "no"),
}
"""PHH variant code -> (draws, betting kind). F2L3D and N2L1D are the standard's."""

_CARDS_RE = re.compile(r"(\?\?|10[cdhs]|[2-9TJQKAtjqka][cdhsCDHS])")
_ACTION_RE = re.compile(r"^(?:d dh p(\d+) (\S+)|p(\d+) (f|cc|cbr|sd|sm)(?: (\S+))?)$")


def _card_arg(verb: str, arg: str | None) -> str:
    """The card text of an action's argument: none for ``sm -`` (the dealt cards) or no argument."""
    return "" if not arg or (verb == "sm" and arg == "-") else arg


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
    """A deck that deals the replacement cards a hand history recorded.

    Before each discard the replay sets ``script`` to the recorded replacements (None for an
    unknown card) and ``reserved`` to the cards the history names in later deals. The draw
    itself runs by the deck's rules; then the dealt cards are made to match the record: each
    recorded card is swapped in from wherever it is (stub, muck, burn cards or this draw's
    discards) for a dealt card that was not recorded, and an unknown slot keeps a dealt card
    unless that card is named later, when a card named nowhere later is swapped in for it. So
    the history replays exactly even after a reshuffle, whose order no seed could reproduce,
    and unknown cards may outnumber the deck when the room reshuffled. A recorded card in
    another player's hand is an error.
    """

    __slots__ = ("script", "reserved")
    script: list[int | None] | None
    reserved: frozenset[int]

    def draw(self, seat: int, discards: Any = ()) -> tuple[Card, ...]:
        got = [int(c) for c in super().draw(seat, discards)]
        want, self.script = self.script, None
        reserved: frozenset[int] = getattr(self, "reserved", frozenset())
        self.reserved = frozenset()
        if not want:
            return tuple(Card(c) for c in got)
        wanted = {w for w in want if w is not None}
        free = [g for g in got if g not in wanted and g not in reserved]
        final: list[int | None] = [w if w is not None else (free.pop(0) if free else None) for w in want]
        if final == got:
            return tuple(Card(c) for c in got)
        snap = self.snapshot()
        pairs = snap["draw"]["discards"] if snap["draw"] else []
        places = (snap["stub"], snap["muck"], snap["burns"])
        # Unknown slots still open: a card that can be dealt now and is named nowhere later.
        taken = {c for c in final if c is not None} | set(got)
        for k, c in enumerate(final):
            if c is None:
                spare = next((x for where in places for x in where if x not in taken and x not in reserved), None)
                if spare is None:
                    raise PHHError(f"p{seat + 1} is dealt more unknown cards than a deck could hold here")
                final[k] = spare
                taken.add(spare)
        incoming = [c for c in final if c is not None and c not in got]
        outgoing = [g for g in got if g not in final]
        for w, g in zip(incoming, outgoing):  # put each card dealt now where the one dealt was
            for other, cards in enumerate(snap["hands"]):
                if w in cards:
                    who = "his own hand" if other == seat else f"p{other + 1}'s hand"
                    raise PHHError(f"the history deals {Card(w)} to p{seat + 1}, but it is in {who}")
            for where in places:
                if w in where:
                    where[where.index(w)] = g
                    break
            else:
                pair = next((q for q in pairs if q[0] == w), None)
                if pair is None:
                    raise PHHError(f"the history deals {Card(w)}, which is nowhere to be dealt")
                if pair[1] == seat:
                    raise PHHError(f"p{seat + 1} is dealt {Card(w)}, a card he threw in this draw")
                pair[0] = g
        new = [int(c) for c in final if c is not None]
        hand: list[int] = snap["hands"][seat]
        hand[len(hand) - len(new):] = new
        self.restore(snap)
        return tuple(Card(c) for c in new)


def _split_cards(text: str) -> list[str]:
    tokens = _CARDS_RE.findall(text)
    if "".join(tokens) != text:
        raise ValueError(f"{text!r} is not a run of cards")
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

    def _line_of(self, index: int) -> int | None:
        """Best effort: the line of the file where action ``index`` is written."""
        if not self.source:
            return None
        pos = 0
        for i, action in enumerate(self.actions):
            for quote in ('"', "'"):
                found = self.source.find(quote + action + quote, pos)
                if found >= 0:
                    pos = found + len(action)
                    break
            if i == index:
                return self.source.count("\n", 0, pos) + 1 if pos else None
        return None

    def _fail(self, index: int, message: str) -> PHHError:
        line = self._line_of(index)
        where = f"line {line}, " if line else ""
        return PHHError(f"{where}action {index + 1} {self.actions[index]!r}: {message}")

    def _parsed(self) -> list[tuple[str, int, str, str | None]]:
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
                raise self._fail(
                    i, "not a PHH action lowball can replay (d dh, f, cc, cbr, sd, sm, or a no-op)"
                )
            if m.group(1):
                kind, seat, verb, arg = "deal", int(m.group(1)), "dh", m.group(2)
            else:
                kind, seat, verb, arg = "player", int(m.group(3)), m.group(4), m.group(5)
            if not 1 <= seat <= n:
                raise self._fail(i, f"p{seat} is not at this table (p1..p{n})")
            out.append((kind, seat - 1, verb, arg))
        return out

    def _stacked_deck(
        self, parsed: list[tuple[str, int, str, str | None]]
    ) -> tuple[_ReplayDeck, dict[int, list[Card]], dict[int, list[int | None]]]:
        """A deck whose stub deals the recorded hole cards in the engine's order, then the
        recorded draw cards; the stand-in cards given for ``??`` hole cards per position (in the
        order dealt); and the cards of each deal action by action index (None for an unknown
        card of a draw, which the deck deals by its own rules when the draw comes, see
        :class:`_ReplayDeck`). An unknown card that a later show reveals is that card."""
        n = len(self.starting_stacks)
        known: set[int] = set()
        dealt: list[tuple[int, list[str]]] = []
        deal_index: list[int] = []
        for i, (kind, pos, verb, arg) in enumerate(parsed):
            try:
                if kind == "deal" or verb in ("sd", "sm"):
                    tokens = _split_cards(_card_arg(verb, arg))
                    cards = [t for t in tokens if t != "??"]
                    for c in parse_cards(cards):
                        # A card may be dealt again after a reshuffle, but not twice in the deal.
                        if kind == "deal" and int(c) in known and len(dealt) < n:
                            raise ValueError(f"card {c} is dealt twice")
                        if kind == "deal":
                            known.add(int(c))
                    if kind == "deal":
                        dealt.append((pos, tokens))
                        deal_index.append(i)
            except (ValueError, LowballError) as e:
                raise self._fail(i, str(e)) from None
        revealed = self._revealed_unknowns(parsed, dealt, deal_index)
        named = known | set(revealed.values())
        spare = [c for c in range(52) if c not in named]
        standins: dict[int, list[Card]] = {p: [] for p in range(n)}
        resolved: list[tuple[int, list[int | None]]] = []
        for d, (pos, tokens) in enumerate(dealt):
            ids: list[int | None] = []
            for k, t in enumerate(tokens):
                if t != "??":
                    ids.append(int(Card(t)))
                elif (d, k) in revealed:
                    ids.append(revealed[(d, k)])
                elif d >= n:
                    ids.append(None)  # a draw's unknown card: dealt by the deck when it comes
                else:
                    if not spare:
                        raise PHHError("more unknown hole cards than the deck can stand in for")
                    ids.append(spare.pop(0))
            resolved.append((pos, ids))
        holes = resolved[:n]
        if len(holes) < n or sorted(p for p, _ in holes) != list(range(n)) or any(
            len(c) != 5 for _, c in holes
        ):
            raise PHHError("the first actions must deal five cards to each of p1..pN")
        for d, (pos, tokens) in enumerate(dealt[:n]):
            standins[pos] = [Card(c) for c, t in zip(resolved[d][1], tokens) if t == "??" and c is not None]
        order: list[int] = []
        by_pos = {p: [c for c in ids if c is not None] for p, ids in holes}  # no None: stand-ins
        for r in range(5):  # the engine deals one card at a time, p1 first
            order.extend(by_pos[p][r] for p in range(n))
        placed = set(order)
        for _, ids in resolved[n:]:  # the draws' known cards, in order, until a card comes again
            for card in ids:
                if card is not None and card not in placed:
                    order.append(card)
                    placed.add(card)
        rest = [c for c in range(52) if c not in placed]
        deck = _ReplayDeck.from_order(
            order + rest, seed=0, rule=self.variant.reshuffle, burn=self.variant.burn
        )
        assert isinstance(deck, _ReplayDeck)
        deck.script = None
        deck.reserved = frozenset()
        return deck, standins, {i: ids for i, (_, ids) in zip(deal_index, resolved)}

    def _revealed_unknowns(
        self,
        parsed: list[tuple[str, int, str, str | None]],
        dealt: list[tuple[int, list[str]]],
        deal_index: list[int],
    ) -> dict[tuple[int, int], int]:
        """Unknown cards (``??``) that a later show (``sm``) reveals: follow each player's hand
        through the deals and discards, and give the ``??`` still held at the show the shown
        cards not otherwise accounted for. Keys: (deal number, place in that deal)."""
        held: dict[int, list[int | tuple[int, int]]] = {}
        deal_of = {i: d for d, i in enumerate(deal_index)}
        out: dict[tuple[int, int], int] = {}
        for i, (kind, pos, verb, arg) in enumerate(parsed):
            if kind == "noop":
                continue
            hand = held.setdefault(pos, [])
            text = _card_arg(verb, arg)
            tokens = _split_cards(text) if text and (kind == "deal" or verb in ("sd", "sm")) else []
            if kind == "deal":
                d = deal_of[i]
                hand.extend((d, k) if t == "??" else int(Card(t)) for k, t in enumerate(dealt[d][1]))
            elif verb == "sd":
                for t in tokens:
                    if t == "??":
                        unknown = next((h for h in hand if isinstance(h, tuple)), None)
                        if unknown is not None:
                            hand.remove(unknown)
                    elif int(Card(t)) in hand:
                        hand.remove(int(Card(t)))
            elif verb == "sm" and tokens:
                shown = [int(Card(t)) for t in tokens if t != "??"]
                unknowns = [h for h in hand if isinstance(h, tuple)]
                new = [c for c in shown if c not in hand]
                if unknowns and len(new) == len(unknowns):
                    out.update(zip(unknowns, new))
        return out

    def replay(self) -> Iterator[Step]:
        """Play the hand action by action, yielding a :class:`Step` after each (no-ops too, with
        the state unchanged).

        The hand is played with ``manual_showdown``: ``pN sm CARDS`` (or ``sm -``, or cards
        partly ``??``) shows, ``pN sm`` mucks and forfeits the pot (PHH required.rst, WSOP-TR
        72), in the file's order. Players the file leaves undecided at its end show or muck as
        the engine's own showdown does (:meth:`HandState.finish_showdown`). A ``sm`` after the
        hand is over (the winner of an uncontested pot showing) changes nothing; shown cards are
        checked against the hand.

        Raises
        ------
        PHHError
            For an action that is malformed or illegal at that point (naming it and its line),
            dealt cards that differ from what the engine dealt, replacement cards that do not
            match the discards in number, or final stacks that differ from ``finishing_stacks``.
        """
        parsed = self._parsed()
        deck, standins, deal_cards = self._stacked_deck(parsed)
        # For each discard, the replacements the history deals that player next, and the cards
        # it names in later deals (which an unknown card dealt now must not be).
        script: dict[int, list[int | None]] = {}
        unknown: dict[int, list[bool]] = {}  # which of those the file writes as ??
        reserved: dict[int, frozenset[int]] = {}
        later: set[int] = set()
        for i in range(len(parsed) - 1, -1, -1):
            kind, pos, verb, arg = parsed[i]
            if kind == "deal":
                later.update(c for c in deal_cards[i] if c is not None)
            elif kind == "player" and verb == "sd" and arg:
                reserved[i] = frozenset(later)
        for i, (kind, pos, verb, arg) in enumerate(parsed):
            if kind == "player" and verb == "sd" and arg:
                nxt = next(
                    (j for j in range(i + 1, len(parsed)) if parsed[j][:2] == ("deal", pos)), None
                )
                count = len(_split_cards(arg))
                if nxt is None or len(deal_cards[nxt]) != count:
                    got = "none" if nxt is None else str(len(deal_cards[nxt]))
                    raise self._fail(
                        i, f"p{pos + 1} discards {count} cards but is dealt {got} in return"
                    )
                script[i] = deal_cards[nxt]
                unknown[i] = [t == "??" for t in _split_cards(parsed[nxt][3] or "")]
        try:
            state = HandState(self.variant, self.starting_stacks, deck=deck, manual_showdown=True)
        except LowballError as e:
            raise PHHError(str(e)) from None
        pending_standins = {p: list(c) for p, c in standins.items()}
        closed_round = False  # the last action ended a betting round
        for i, (kind, pos, verb, arg) in enumerate(parsed):
            was_betting = state.phase == BETTING
            try:
                if kind == "noop":
                    pass
                elif kind == "deal":
                    self._check_dealt(state, pos, arg or "", pending_standins)
                elif (
                    verb == "cc" and closed_round and state.phase != BETTING and not state.folded[pos]
                ):
                    # A check with nothing to decide, right after the round closed: some writers
                    # (pokerkit) record one for a player who owes nothing when nobody is left to
                    # bet against; lowball gives no such turn, so it is a no-op here.
                    pass
                elif verb in ("f", "cc", "cbr", "sd"):
                    if state.actor != pos:
                        who = "nobody" if state.actor is None else f"p{state.actor + 1}"
                        raise PHHError(f"p{pos + 1} acts out of turn: {who} is to act")
                    if verb == "f":
                        state.fold(pos)
                    elif verb == "cc":
                        state.check_or_call(pos)
                    elif verb == "cbr":
                        if arg is None or not arg.isdigit():
                            raise PHHError(f"cbr needs an amount in chips, got {arg!r}")
                        state.bet_or_raise(int(arg), pos)
                    else:
                        thrown = self._discards(state, pos, arg, pending_standins)
                        want = script.get(i)
                        deck.script = want
                        deck.reserved = reserved.get(i, frozenset())
                        try:
                            new = state.discard(thrown, pos)
                        finally:
                            deck.script = None
                            deck.reserved = frozenset()
                        if want is not None:  # cards dealt for unknown ones stand in for them
                            pending_standins[pos].extend(c for c, u in zip(new, unknown[i]) if u)
                else:
                    self._show_or_muck(state, pos, verb, arg)
            except PHHError as e:
                raise self._fail(i, str(e)) from None
            except (LowballError, ValueError) as e:
                raise self._fail(i, str(e)) from None
            if kind == "player":
                closed_round = (was_betting and state.phase != BETTING) or (
                    closed_round and verb == "cc"
                )
            if i == len(parsed) - 1:
                if state.phase == SHOWDOWN:
                    state.finish_showdown()
                if self.finishing_stacks is not None and tuple(state.stacks) != self.finishing_stacks:
                    raise PHHError(
                        f"the hand ends with stacks {list(state.stacks)}, but the file's "
                        f"finishing_stacks = {list(self.finishing_stacks)}"
                    )
            yield Step(self.actions[i], i, self._line_of(i), state)

    @staticmethod
    def _show_or_muck(state: HandState, pos: int, verb: str, arg: str | None) -> None:
        """``pN sm ...``: show (cards, ``-``, or cards partly unknown) or muck (no argument)."""
        text = _card_arg(verb, arg)
        shown = [int(Card(t)) for t in _split_cards(text) if t != "??"]
        hand = {int(c) for c in state.hand(pos)} if not state.folded[pos] else set()
        if not set(shown) <= hand:
            raise PHHError(f"p{pos + 1} shows {arg} but holds {format_cards(state.hand(pos))}")
        if state.phase == COMPLETE:
            return  # the pot is awarded already: a show (or muck) changes nothing
        if state.phase != SHOWDOWN:
            raise PHHError("a hand is shown or mucked before the showdown")
        if arg:
            state.show(pos)
        else:
            state.muck(pos)

    def _check_dealt(self, state: HandState, pos: int, arg: str, standins: dict[int, list[Card]]) -> None:
        hand = {int(c) for c in state.hand(pos)}
        for t in _split_cards(arg):
            if t != "??" and int(Card(t)) not in hand:
                raise PHHError(f"p{pos + 1} was dealt {t} in the file but the engine holds "
                               f"{format_cards(state.hand(pos))}")

    def _discards(self, state: HandState, pos: int, arg: str | None, standins: dict[int, list[Card]]) -> list[Card]:
        if not arg:
            return []
        out: list[Card] = []
        held = state.hand(pos)
        for t in _split_cards(arg):
            if t == "??":
                pool = [c for c in standins[pos] if c in held and c not in out]
                if not pool:
                    raise PHHError(f"p{pos + 1} discards an unknown card but holds no unknown card")
                out.append(pool[0])
                standins[pos].remove(pool[0])
            else:
                out.append(Card(t))
        return out

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
        raise PHHError(f"field {key!r} = {value!r}: expected a list of whole numbers")
    if n is not None and len(value) != n:
        raise PHHError(f"field {key!r} has {len(value)} entries for {n} players")
    return tuple(value)


def _variant_of(data: dict[str, Any], n: int) -> Variant:
    code = data.get("variant")
    if code not in CODES:
        raise PHHError(f"variant {code!r} is not a 2-7 draw game lowball plays: expected one of {', '.join(CODES)}")
    draws, kind = CODES[code]
    blinds = _ints(data, "blinds_or_straddles", n)
    antes = _ints(data, "antes", n)
    if any(blinds[2:]):
        raise PHHError(f"blinds_or_straddles = {list(blinds)}: straddles are not supported")
    nonzero = {i for i, a in enumerate(antes) if a}
    if not nonzero:
        ante, bb_ante = 0, False
    elif len(set(antes)) == 1:
        ante, bb_ante = antes[0], False
    elif nonzero == {1}:
        ante, bb_ante = antes[1], True
    else:
        raise PHHError(f"antes = {list(antes)}: expected equal antes or a big-blind ante only")
    try:
        if kind == "fixed":
            betting: FixedLimit | PotLimit | NoLimit = FixedLimit(
                small_bet=data["small_bet"],
                big_bet=data["big_bet"],
                max_raises=data.get("_lowball_max_raises", 4),
                uncapped_heads_up=data.get("_lowball_uncapped_heads_up", True),
            )
        elif kind == "pot":
            betting = PotLimit(min_bet=data["min_bet"])
        else:
            betting = NoLimit(min_bet=data["min_bet"])
        return Variant(
            name=f"{code} from a hand history",
            code=code,
            draws=draws,
            betting=betting,
            forced=ForcedBets(small_blind=blinds[0], big_blind=blinds[1], ante=ante, big_blind_ante=bb_ante),
            reshuffle=ReshuffleRule[str(data.get("_lowball_reshuffle", "seeds")).upper()],
            burn=data.get("_lowball_burn", False) is True,
            max_players=max(6, n),
            # A recorded hand may hold a fold where a check was free: binding in live play
            # (WSOP-TR 84), so the replay accepts it.
            open_fold=True,
            show_all_hands=data.get("_lowball_show_all_hands", False) is True,
        )
    except KeyError as e:
        raise PHHError(f"variant {code} needs the field {e.args[0]!r} (or a valid value there)") from None
    except VariantError as e:
        raise PHHError(str(e)) from None


def loads(text: str) -> HandHistory:
    """Parse PHH text (TOML, read with the standard library's tomllib).

    Raises
    ------
    PHHError
        For text that is not TOML (naming the line), a variant lowball does not play, or a
        missing or malformed field.
    """
    if not isinstance(text, str):
        raise PHHError(f"not a PHH file: expected text, got {type(text).__name__}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PHHError(f"not a PHH file: {e}") from None
    stacks = _ints(data, "starting_stacks")
    n = len(stacks)
    if n < 2 or min(stacks) < 1:
        raise PHHError(f"starting_stacks = {list(stacks)}: expected two or more stacks of 1 or more")
    variant = _variant_of(data, n)
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PHHError(f"field 'actions' = {actions!r}: expected a list of strings")
    finishing = _ints(data, "finishing_stacks", n) if "finishing_stacks" in data else None
    return HandHistory(variant, stacks, tuple(actions), finishing, data, text)


def load(path: str | Path) -> HandHistory:
    """Read and parse a PHH file (see :func:`loads`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise PHHError(f"cannot read {p}: {e}") from None
    return loads(text)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {v!r} to TOML")


def actions_of(state: HandState) -> list[str]:
    """The PHH actions of a hand so far, from its events.

    A draw is written as in PHH: each player's discards (``pN sd CARDS``, or ``pN sd`` to stand
    pat) and, once every player has discarded, the replacements (``d dh pN CARDS``). The
    showdown is written as it went: ``pN sm CARDS`` for a hand shown, ``pN sm`` for one mucked.
    A pot won unseen (every other hand mucked) is written ``pN sm CARDS # won unseen: ...``: PHH
    readers such as pokerkit award a pot only to a shown hand, and the history holds every
    player's cards anyway; lowball's replay reads it as the no-op it is.
    """
    out: list[str] = []
    deals: list[str] = []
    decided: set[int | None] = set()  # players who showed or mucked at the showdown
    for e in state.events:
        p = "" if e.seat is None else f"p{e.seat + 1}"
        if e.kind == "deal":
            out.append(f"d dh {p} {format_cards(e.cards)}")
        elif e.kind == "fold":
            out.append(f"{p} f")
        elif e.kind in ("check", "call"):
            out.append(f"{p} cc")
        elif e.kind in ("bet", "raise"):
            out.append(f"{p} cbr {e.amount}")
        elif e.kind == "stand_pat":
            out.append(f"{p} sd")
        elif e.kind == "draw":
            out.append(f"{p} sd {format_cards(e.discarded)}")
            deals.append(f"d dh {p} {format_cards(e.cards)}")
        elif e.kind in ("round", "show", "muck") and deals:
            out.extend(deals)
            deals = []
        if e.kind == "show":
            out.append(f"{p} sm {format_cards(e.cards)}")
            decided.add(e.seat)
        elif e.kind == "muck":
            out.append(f"{p} sm")
            decided.add(e.seat)
        elif e.kind == "win" and decided and e.seat not in decided and e.seat is not None:
            # every other hand was mucked: the pot is won unseen. PHH readers (pokerkit) award
            # a pot only to a shown hand, so the cards are written, marked as not shown.
            out.append(f"{p} sm {format_cards(state.deck.hand(e.seat))} # won unseen: every other hand mucked")
            decided.add(e.seat)
    out.extend(deals)
    return out


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def dumps(state: HandState, **extra: Any) -> str:
    """PHH text of a finished or running hand (``finishing_stacks`` only when finished).

    Rules PHH has no field for are written as user fields when they differ from the defaults,
    and read back by :func:`loads`: ``_lowball_max_raises``, ``_lowball_uncapped_heads_up``,
    ``_lowball_reshuffle`` (``"live"``), ``_lowball_burn`` and ``_lowball_show_all_hands``. ``extra`` fields
    (``event="..."``, ``players=[...]``) are written after the standard ones.

    Raises
    ------
    PHHError
        For a variant with no PHH code (draws other than 1 or 3), an ``extra`` key that is not a
        plain TOML key or repeats a field written here, or an ``extra`` value that is not a
        string, whole number, true/false or a list of those.
    """
    v = state.variant
    kind = {FixedLimit: "fixed", PotLimit: "pot", NoLimit: "no"}[type(v.betting)]
    code = next((c for c, (d, k) in CODES.items() if d == v.draws and k == kind), None)
    if code is None:
        raise PHHError(f"{v.name}: a {kind}-limit game with {v.draws} draws has no PHH code")
    n = state.n
    f = v.forced
    antes = [0] * n
    if f.ante:
        if f.big_blind_ante:
            antes[1] = f.ante
        else:
            antes = [f.ante] * n
    blinds = [0] * n
    blinds[0], blinds[1] = f.small_blind, f.big_blind
    fields: dict[str, Any] = {"variant": code, "antes": antes, "blinds_or_straddles": blinds}
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
            raise PHHError(f"extra field {key!r}: expected a new plain key (letters, digits, _ -)")
        fields[key] = value
    lines = []
    for key, value in fields.items():
        if key == "actions":
            lines += ["actions = ["] + [f"  {_toml_value(a)}," for a in value] + ["]"]
            continue
        try:
            lines.append(f"{key} = {_toml_value(value)}")
        except TypeError as e:
            raise PHHError(f"field {key!r}: {e}") from None
    return "\n".join(lines) + "\n"


def dump(state: HandState, path: str | Path, **extra: Any) -> None:
    """Write :func:`dumps` of ``state`` to ``path``."""
    Path(path).write_text(dumps(state, **extra), encoding="utf-8")

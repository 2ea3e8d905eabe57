"""One table of 2-7 lowball over many hands: seats, a moving button, stacks carried from hand to
hand, and the text display used by ``lowball play`` and ``lowball replay``.

Seats are numbered 0..N-1 around the table and keep their number; the engine numbers players by
**position** in each hand (0 = first left of the button, the last = the button; heads-up position
0 is the big blind and the button posts the small blind). :meth:`Table.seats_by_position` maps
one to the other for the hand being played.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
import numpy as np

from lowball.cards import Card
from lowball.engine import BETTING, COMPLETE, DRAWING, Event, HandState, LegalActions
from lowball.evaluation import describe
from lowball.variants import FixedLimit, Variant, VariantError

__all__ = [
    "Table",
    "random_sources",
    "render_table",
    "describe_event",
    "describe_legal",
    "roles",
    "sorted_hand",
]


def random_sources(seed: int | None, n: int) -> tuple[np.random.Generator | None, list[random.Random]]:
    """A deck random source for every hand of a table and one random source for each of ``n``
    bots, all derived from ``seed`` (a whole number >= 0) so that a run can be repeated.

    With ``seed=None`` the decks use operating-system entropy (:class:`~lowball.deck.Deck`'s
    default) and the bots fresh unseeded sources.
    """
    if seed is None:
        return None, [random.Random() for _ in range(n)]
    children = np.random.SeedSequence(seed).spawn(n + 1)
    deck_source = np.random.Generator(np.random.PCG64(children[0]))
    bots = [random.Random(int(c.generate_state(2, dtype=np.uint64)[0])) for c in children[1:]]
    return deck_source, bots


class Table:
    """Seats with stacks and a button that moves one seat clockwise after every hand.

    Parameters
    ----------
    variant : Variant
        The rules of every hand.
    stacks : sequence of int
        Chips of each seat (2..``variant.max_players`` seats), at least 1 each.
    deck_source : numpy.random.Generator, optional
        Shared by the decks of all hands (seed it for a reproducible run). Default: each deck
        shuffles with operating-system entropy.
    button : int, default: the last seat
        The seat of the button in the first hand. With the default, seat 0 is first left of the
        button (the small blind, or heads-up the big blind).

    Raises
    ------
    VariantError
        For a bad number of seats, a bad stack or a button outside the table.
    """

    def __init__(
        self,
        variant: Variant,
        stacks: Sequence[int],
        *,
        deck_source: np.random.Generator | None = None,
        button: int | None = None,
    ) -> None:
        n = len(stacks)
        if not 2 <= n <= variant.max_players:
            raise VariantError(f"{n} seats: {variant.name} seats 2..{variant.max_players}")
        self.variant = variant
        self.stacks = list(stacks)
        self.n = n
        self.button = n - 1 if button is None else button
        if not 0 <= self.button < n:
            raise VariantError(f"button seat {self.button}: expected 0..{n - 1}")
        self.deck_source = deck_source
        self.hands_played = 0

    def seats_by_position(self) -> list[int]:
        """The seat of each position in the next (or current) hand: position 0 is the seat left
        of the button, the last position the button's seat."""
        n, b = self.n, self.button
        return [(b + 1 + p) % n for p in range(n)]

    def new_hand(self) -> HandState:
        """Deal the next hand with the current stacks and button.

        Raises
        ------
        VariantError
            When a seat has no chips (rebuy first, see :meth:`rebuy`).
        """
        order = self.seats_by_position()
        return HandState(self.variant, [self.stacks[s] for s in order], seed=self.deck_source)

    def finish_hand(self, state: HandState) -> None:
        """Take the stacks of a finished hand back to the seats and move the button.

        Raises
        ------
        ValueError
            When the hand is not complete.
        """
        if not state.is_complete:
            raise ValueError("the hand is not complete")
        for p, s in enumerate(self.seats_by_position()):
            self.stacks[s] = state.stacks[p]
        self.button = (self.button + 1) % self.n
        self.hands_played += 1

    def rebuy(self, amount: int, seats: Iterable[int] | None = None) -> list[int]:
        """Give every seat with no chips (of ``seats``, default all) ``amount`` chips; return
        those seats."""
        pool = range(self.n) if seats is None else seats
        broke = [s for s in pool if self.stacks[s] <= 0]
        for s in broke:
            self.stacks[s] = amount
        return broke


# -- display ------------------------------------------------------------------------------


def roles(state: HandState) -> list[str]:
    """The role of each position: ``D`` (button), ``SB``, ``BB`` (heads-up ``D/SB``), or ``""``."""
    out = [""] * state.n
    out[state.small_blind_position] = "SB"
    out[state.big_blind_position] = "BB"
    out[state.n - 1] = "D/SB" if state.n == 2 else "D"
    return out


def _phase(state: HandState) -> str:
    v = state.variant
    if state.phase == COMPLETE:
        return "hand complete"
    if state.phase == DRAWING:
        return f"draw {state.draw_round} of {v.draws}"
    return f"betting round {state.betting_round} of {v.betting_rounds}"


def _names(positions: Sequence[int], labels: Sequence[str]) -> str:
    return ", ".join(labels[p] for p in positions)


def sorted_hand(hand: Sequence[Card]) -> tuple[Card, ...]:
    """A hand as shown at the table: highest rank first (as lowball hands are read), then by
    suit (clubs, diamonds, hearts, spades)."""
    return tuple(sorted(hand, key=lambda c: (-(int(c) >> 2), int(c) & 3)))


def _cards(cards: Sequence[Card], unknown: Collection[int], *, sort: bool = False) -> str:
    if sort:
        cards = sorted_hand(cards)
    return " ".join("??" if int(c) in unknown else str(c) for c in cards)


def render_table(
    state: HandState,
    labels: Sequence[str],
    *,
    me: int | None = None,
    reveal: bool = False,
    title: str = "",
    unknown: Collection[int] = (),
) -> str:
    """The table as text: the phase and pot (with the side pots once a player is all in), then
    one line per player in position order: who is to act (``>``), name, role, stack, wager this
    round, folded or all in, cards drawn in each draw (``pat`` for none), and the cards one may
    see.

    Parameters
    ----------
    state : HandState
        The hand.
    labels : sequence of str
        A name for each position.
    me : int, optional
        The position of the person looking: their cards are shown.
    reveal : bool, default False
        Show every player's cards (a replay of a hand history). Otherwise only ``me``'s and
        those shown at the showdown.
    title : str
        A first line, e.g. the hand number.
    unknown : collection of int
        Cards to show as ``??`` (stand-ins for the unknown cards of a hand history).
    """
    lines = [title] if title else []
    pot = state.pot_total
    head = f"{state.variant.name}: {_phase(state)}"
    if state.phase != COMPLETE:
        head += f", pot {pot}"
    lines.append(head)
    alive = state.in_hand()
    if state.phase != COMPLETE and any(state.stacks[p] == 0 for p in alive):
        # Pots with one player eligible are only wagers not yet called: not shown as pots.
        pots = [p for p in state.side_pots() if len(p.eligible) > 1]
        if len(pots) > 1:
            parts = [f"main pot {pots[0].amount} ({_names(pots[0].eligible, labels)})"]
            parts += [
                f"side pot {i}: {p.amount} ({_names(p.eligible, labels)})"
                for i, p in enumerate(pots[1:], start=1)
            ]
            lines.append("  " + "; ".join(parts))
    role = roles(state)
    width = max(len("player"), *(len(s) for s in labels))
    sw = max(5, len(str(max(state.stacks) + pot)))
    bw = max(3, len(str(max(state.bets))))
    lines.append(
        f"    {'player':<{width}} {'':<4} {'stack':>{sw}} {'bet':>{bw}}  {'status':<6}  "
        f"{'drew':<11} cards"
    )
    for p in range(state.n):
        mark = ">" if state.actor == p else " "
        if state.folded[p]:
            status = "folded"
        elif state.stacks[p] == 0 and state.phase != COMPLETE:
            status = "all in"
        else:
            status = ""
        drew = " ".join(
            "pat" if d[p] == 0 else ("-" if d[p] < 0 else str(d[p])) for d in state.drawn
        )
        cards = ""
        if state.folded[p] and not reveal:
            cards = ""
        elif reveal or p == me:
            cards = _cards(state.hand(p), unknown, sort=True)
        elif p in state.shown:
            cards = _cards(state.shown[p], unknown, sort=True)
        bet = state.bets[p] if state.phase == BETTING else 0
        lines.append(
            f"  {mark} {labels[p]:<{width}} {role[p]:<4} {state.stacks[p]:>{sw}} "
            f"{bet if bet else '':>{bw}}  {status:<6}  {drew:<11} {cards}".rstrip()
        )
    return "\n".join(lines) + "\n"


# Events whose text needs only the player, the amount or the round number.
_EVENT_TEXT = {
    "round": "-- betting round {number} --",
    "draw_round": "-- draw {number} --",
    "ante": "{who} posts an ante of {amount}",
    "blind": "{who} posts a blind of {amount}",
    "fold": "{who} folds",
    "check": "{who} checks",
    "call": "{who} calls ({amount} in this round)",
    "bet": "{who} bets {amount}",
    "raise": "{who} raises to {amount}",
    "stand_pat": "{who} stands pat",
    "muck": "{who} mucks",
}


def describe_event(
    event: Event, labels: Sequence[str], *, pots: int = 1, unknown: Collection[int] = ()
) -> str | None:
    """One event of a hand in words (``"p3 raises to 8"``), or None for events not worth a line.

    Cards hidden from the viewer (see :meth:`Event.hidden_for`) are told by count only; cards
    in ``unknown`` are written ``??``. ``pots`` is the number of pots at the end of the hand, to
    name the pot a win comes from.
    """
    who = labels[event.position] if event.position is not None else ""
    k = event.kind
    template = _EVENT_TEXT.get(k)
    if template is not None:
        return template.format(who=who, amount=event.amount, number=event.number)
    if k == "deal":
        if event.cards:
            return f"{who} is dealt {_cards(event.cards, unknown)}"
        return None
    if k == "draw":
        if event.discarded:
            return (
                f"{who} discards {_cards(event.discarded, unknown)} and draws "
                f"{_cards(event.cards, unknown)}"
            )
        return f"{who} draws {event.number}"
    if k == "return":
        return f"{who} takes back {event.amount} uncalled"
    if k == "show":
        if any(int(c) in unknown for c in event.cards):
            return f"{who} shows {_cards(event.cards, unknown)}"
        return f"{who} shows {_cards(event.cards, unknown)}: {describe(event.hand_class)}"
    if k == "win":
        where = ""
        if pots > 1:
            where = " from the main pot" if event.pot == 0 else f" from side pot {event.pot}"
        return f"{who} wins {event.amount}{where}"
    return None


def describe_legal(legal: LegalActions, variant: Variant) -> str:
    """What the player to act may type, with the amounts: ``"2 to call: f, c, r 6"``."""
    if legal.draw:
        return "discard: d 9h Kd (cards) or d 1 4 (places in your hand); p to stand pat"
    parts: list[str] = []
    if legal.fold:
        parts.append("f fold")
    if legal.check:
        parts.append("x check")
    if legal.call:
        parts.append(f"c call {legal.call_amount}")
    if legal.bet or legal.raise_:
        verb, key = ("bet", "b") if legal.bet else ("raise to", "r")
        if legal.min_to == legal.max_to:
            parts.append(f"{key} {legal.min_to} {verb} {legal.min_to}")
        else:
            parts.append(f"{key} N {verb} {legal.min_to}..{legal.max_to}")
    fixed = " (fixed limit)" if isinstance(variant.betting, FixedLimit) else ""
    return ", ".join(parts) + fixed

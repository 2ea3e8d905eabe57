"""One table of 2-7 lowball over many hands: seats, a moving button, stacks carried from hand to
hand. (The text display of ``lowball play`` and ``lowball replay`` is :mod:`lowball.cli.render`.)

Seats are numbered 0..N-1 around the table and keep their number; the engine numbers players by
**position** in each hand (0 = first left of the button, the last = the button; heads-up position
0 is the big blind and the button posts the small blind). :meth:`Table.seats_by_position` maps
one to the other for the hand being played.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import numpy as np

from lowball.engine import HandState
from lowball.variants import Variant, VariantError

__all__ = ["Table", "random_sources"]


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

"""One table of 2-7 lowball over many hands: seats, a moving button, stacks carried from hand to
hand. (The text display of ``lowball play`` and ``lowball replay`` is :mod:`lowball.cli.render`.)

Seats are numbered 0..N-1 around the table and keep their number; the engine numbers players by
**position** in each hand (0 = first left of the button, the last = the button; heads-up position
0 is the big blind and the button posts the small blind). :meth:`Table.seats_by_position` maps
one to the other for the hand being played.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence

import numpy as np

from lowball.deck import check_seed
from lowball.engine import HandState
from lowball.errors import IllegalActionError, InvalidValueError, counted, whole_number
from lowball.variants import Variant, VariantError

__all__ = ["Table", "random_sources"]


def random_sources(seed: int | None, n: int) -> tuple[np.random.Generator | None, list[random.Random]]:
    """A deck random source for every hand of a table and one random source for each of ``n``
    bots, all derived from ``seed`` (a whole number >= 0) so that a run can be repeated.

    With ``seed=None`` the decks use operating-system entropy (:class:`~lowball.deck.Deck`'s
    default) and the bots fresh unseeded sources.
    """
    n = whole_number(n, "n", 0, 10)  # one per seat: a table seats at most 10
    seed = check_seed(seed, generators=False)
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
        if not isinstance(variant, Variant):
            raise VariantError(f"variant = {variant!r}: expected a lowball Variant")
        if isinstance(stacks, (str, bytes)) or not (isinstance(stacks, Sequence) or getattr(stacks, "ndim", 0) == 1):
            raise VariantError(f"stacks = {stacks!r}: expected a list of chips, one per seat")
        stacks = list(stacks)  # a sequence or a 1-D numpy array
        n = len(stacks)
        if not 2 <= n <= variant.max_players:
            raise VariantError(f"{counted(n, 'seat')}: {variant.name} seats 2..{variant.max_players}")
        try:
            chips = [whole_number(s, f"stacks[{k}] (seat {k + 1})", 1) for k, s in enumerate(stacks)]
            seat = n - 1 if button is None else whole_number(button, "button (a seat index)", 0, n - 1)
        except InvalidValueError as e:
            raise VariantError(str(e)) from None
        if deck_source is not None and not isinstance(deck_source, np.random.Generator):
            raise VariantError(f"deck_source = {deck_source!r}: expected a numpy Generator or None")
        self._variant = variant
        self._stacks = chips
        self._n = n
        self._button = seat
        self._deck_source = deck_source
        self._hands_played = 0

    # The table's state is read-only from outside (tuples, properties): it changes through
    # new_hand/finish_hand, rebuy and reset_stacks only.

    @property
    def variant(self) -> Variant:
        """The rules of every hand."""
        return self._variant

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips of each seat, by seat number (a tuple: change them with :meth:`rebuy`,
        :meth:`reset_stacks` or by playing hands)."""
        return tuple(self._stacks)

    @property
    def n(self) -> int:
        """The number of seats."""
        return self._n

    @property
    def button(self) -> int:
        """The seat of the button in the next (or current) hand."""
        return self._button

    @property
    def deck_source(self) -> np.random.Generator | None:
        """A copy of the random source the decks of all hands share, in its current state (None:
        operating-system entropy). Drawing from the copy does not change the table's deals."""
        return copy.deepcopy(self._deck_source)

    @property
    def hands_played(self) -> int:
        """How many hands :meth:`finish_hand` has taken back."""
        return self._hands_played

    def seats_by_position(self) -> list[int]:
        """The seat of each position in the next (or current) hand: position 0 is the seat left
        of the button, the last position the button's seat."""
        n, b = self._n, self._button
        return [(b + 1 + p) % n for p in range(n)]

    def new_hand(self) -> HandState:
        """Deal the next hand with the current stacks and button.

        Raises
        ------
        VariantError
            When a seat has no chips (rebuy first, see :meth:`rebuy`).
        """
        order = self.seats_by_position()
        return HandState(self._variant, [self._stacks[s] for s in order], seed=self._deck_source)

    def finish_hand(self, state: HandState) -> None:
        """Take the stacks of a finished hand back to the seats and move the button.

        Raises
        ------
        IllegalActionError
            When ``state`` is not a complete hand of this table (a ``ValueError`` too).
        """
        if not isinstance(state, HandState) or state.n != self.n:
            raise IllegalActionError(f"{state!r} is not a hand of this table of {self.n} seats")
        if not state.is_complete:
            raise IllegalActionError("the hand is not complete")
        stacks = state.stacks
        for p, s in enumerate(self.seats_by_position()):
            self._stacks[s] = stacks[p]
        self._button = (self._button + 1) % self._n
        self._hands_played += 1

    def rebuy(self, amount: int, seats: Iterable[int] | None = None) -> list[int]:
        """Give every seat with no chips (of ``seats``, default all) ``amount`` chips; return
        those seats."""
        amount = whole_number(amount, "rebuy amount", 1)
        if seats is None:
            pool = list(range(self.n))
        elif isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
            raise InvalidValueError(f"seats = {seats!r}: expected seat indices 0..{self.n - 1}")
        else:
            pool = [whole_number(s, "seat index", 0, self.n - 1) for s in seats]
        broke = [s for s in pool if self._stacks[s] <= 0]
        for s in broke:
            self._stacks[s] = amount
        return broke

    def reset_stacks(self, amount: int) -> None:
        """Give every seat exactly ``amount`` chips (a simulation that starts each hand afresh).

        Raises
        ------
        InvalidValueError
            For an amount that is not a whole number of chips >= 1 (the stacks are unchanged).
        """
        amount = whole_number(amount, "stack", 1)
        self._stacks = [amount] * self._n

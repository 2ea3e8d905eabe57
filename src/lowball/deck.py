"""The deck of one hand: a secure shuffle, dealing, burning, mucking, and the draw rounds of 2-7
lowball with the reshuffle rule of ``RULES.md`` section 4.

The work is done by the C core (``csrc/deck.c``) through the private :mod:`lowball._deck`;
:class:`Deck` adds the random source, snapshots and a display view.

The rules come from the seeds (the user's casino rule pages, summarised in ``RULES.md`` section 4)
and, for :attr:`ReshuffleRule.LIVE`, from the WSOP Live-Action Rules 2024, section X "Lowball"
(WSOP-LAR).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lowball._deck import RULE_LIVE, RULE_SEEDS, DeckCore
from lowball.cards import Card, CardLike
from lowball.errors import DeckError, InvalidValueError, ValueEnumType, shown
from lowball.seeds import SeedLike, check_seed

__all__ = ["Deck", "DeckView", "ReadOnlyDeck", "ReshuffleRule", "SNAPSHOT_FORMAT", "check_seed"]

SNAPSHOT_FORMAT = "lowball.deck/1"
"""The ``"format"`` value of :meth:`Deck.snapshot` dictionaries."""


class ReshuffleRule(enum.IntEnum, metaclass=ValueEnumType):
    """Which cards make the new stub when the stub cannot complete a player's draw.

    Source: ``RULES.md`` section 4 (the seeds, the default) and WSOP-LAR (the live rule).
    """

    SEEDS = RULE_SEEDS
    """The seeds' rule (default). The dealer deals what is left of the stub, then shuffles a new
    stub from every card discarded in earlier draws, the folded hands and other mucked cards, the
    burn cards, and the discards of the players already fully served in this draw. The current
    player's own discards and the discards of players not yet served are never included, so a
    player can never get back a card he discarded in the same draw."""

    LIVE = RULE_LIVE
    """The live-room rule (WSOP-LAR): discards from earlier draws, mucked cards and burn cards are
    reshuffled; the discards of the draw in progress only when those and the stub cannot complete
    the player's draw, and then only those of the players already fully served in this draw
    (never the current player's own, never those of players not yet served). That fallback is
    Full Tilt Poker's published order for draw games: "folded cards and discards from previous
    draw rounds first, and then the discards from the current round if necessary"; no rulebook
    refuses a player's draw. The last stub card is dealt only if it completes the draw round (the
    last player to be served takes exactly the cards left); otherwise it goes into the new stub."""

    @classmethod
    def _missing_(cls, value: object) -> ReshuffleRule:
        raise InvalidValueError(f"{shown(value)} is not a valid ReshuffleRule: expected 0 (SEEDS) or 1 (LIVE)")


@dataclass(frozen=True)
class DeckView:
    """What may be shown about a deck at the table: counts, never the stub order, never another
    player's cards or discards.

    Attributes
    ----------
    remaining : int
        Cards in the stub.
    muck : int
        Cards in the muck, this draw round's discards included (face down).
    burned : int
        Burn cards.
    hand_sizes : dict of int to int
        Position -> number of cards held, for positions holding cards.
    in_draw : bool
        A draw round is in progress.
    order : tuple of int
        The positions of the draw round in serving order (empty outside a round).
    next_position : int or None
        The position to be served now.
    drawn : dict of int to int
        Position -> number of cards drawn in this round, for the positions already served
        (players must be told how many cards each opponent drew, ``RULES.md`` section 3).
    reshuffles : int
        New stubs made from the muck in this hand.
    position : int or None
        The position this view is for, if any.
    hand : tuple of Card
        That position's own hand (empty without a position).
    own_discards : tuple of Card
        That position's own discards of this round still face down on the table (empty without
        a position or once they were reshuffled).
    """

    remaining: int
    muck: int
    burned: int
    hand_sizes: dict[int, int]
    in_draw: bool
    order: tuple[int, ...]
    next_position: int | None
    drawn: dict[int, int]
    reshuffles: int
    position: int | None = None
    hand: tuple[Card, ...] = field(default=())
    own_discards: tuple[Card, ...] = field(default=())


def _bit_generator(seed: SeedLike) -> tuple[np.random.BitGenerator | None, bool]:
    """The numpy BitGenerator for ``seed`` and whether it is shared with the caller."""
    seed = check_seed(seed)
    if seed is None:
        return None, False
    if isinstance(seed, np.random.Generator):
        return seed.bit_generator, True
    if isinstance(seed, np.random.BitGenerator):
        return seed, True
    if isinstance(seed, np.random.SeedSequence):
        return np.random.PCG64(seed), False
    return np.random.PCG64(seed), False


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.integer):
        return int(value)
    return value


class Deck(DeckCore):
    """A 52-card deck for one table: shuffle, deal, burn, muck and the draw rounds of 2-7 lowball.

    The deck knows where every card is: the stub (in order), each position's hand, the muck, the
    burn cards, and the discards of the draw round in progress with the position that threw them.
    Each card is in exactly one place at all times. Every method either succeeds or raises a
    :class:`~lowball.LowballError` subclass with the deck (and its random source) exactly as
    before; :meth:`snapshot` is unchanged by any error.

    A new deck is shuffled and ready to deal. Hands are numbered by position 0..9, as the engine
    numbers its players (PHH player indexes: 0 is the first player left of the button); a
    position is not a table's seat (:class:`lowball.table.Table`). A hand goes:

    >>> from lowball import Deck
    >>> deck = Deck(seed=7)                          # Deck() is the secure default
    >>> hands = deck.deal_round([0, 1, 2], 5)        # or deck.deal(position, 5) per position
    >>> deck.begin_draw([0, 1, 2])                   # serving order, left of the button first
    >>> len(deck.draw(0, hands[0][:2]))              # position 0 discards two cards, gets two
    2
    >>> deck.draw(1, ())                             # position 1 stands pat
    ()
    >>> len(deck.draw(2, hands[2][:3])), deck.remaining
    (3, 32)
    >>> deck.end_draw()                              # this round's discards join the muck
    >>> folded = deck.fold(1)                        # position 1's hand goes to the muck
    >>> saved = deck.snapshot()                      # JSON-ready; Deck.from_snapshot resumes
    >>> Deck.from_snapshot(saved).snapshot() == saved
    True

    Other operations: :meth:`burn` (a card to the burn cards), :meth:`muck` (cards from any hand
    to the muck), :meth:`hand`, :attr:`remaining`, :attr:`available` (the most cards the position
    to be served now can draw), :attr:`reshuffles`, :attr:`next_position`,
    :meth:`view` (what may be shown at the table), :meth:`from_order` (a stacked deck, to replay a
    recorded hand), :meth:`restore`.

    Parameters
    ----------
    seed : None, int, numpy.random.Generator, numpy.random.BitGenerator or SeedSequence
        The random source.

        * ``None`` (default): the operating system's cryptographically secure generator
          (:func:`os.urandom`, through a 2 KiB buffer). This is the default because a deck dealt
          for real stakes must be unpredictable: a seeded generator's whole future follows from a
          few outputs, so anyone who learns the seed or some of the cards can predict the stub.
          Such a deck cannot be reproduced; its snapshots carry no random state.
        * an ``int`` >= 0 or a ``SeedSequence``: a private ``numpy.random.PCG64`` seeded with it.
          The deck uses PCG64's raw 64-bit outputs, which are the same on every platform, so the
          same seed gives the same cards everywhere: for tests, simulations and replays, never
          for real play.
        * a numpy ``Generator`` or ``BitGenerator``: its bit generator is used (and advanced)
          directly, under its lock.
    rule : ReshuffleRule, default ReshuffleRule.SEEDS
        Which cards make a new stub when the stub runs short in a draw (``RULES.md`` section 4).
    burn : bool, default False
        Burn one card before each round of replacements (live rooms do; online rooms and the
        seeds do not). :meth:`begin_draw` then burns the top stub card if there is one.

    Notes
    -----
    The shuffle is Fisher-Yates (from the last position down, ``j = bounded(i + 1)``), where
    ``bounded`` is Lemire's multiply-and-reject on one 64-bit word: every permutation is exactly
    equally likely given a uniform source (no modulo bias). A deck is not thread-safe; use one per
    thread or lock around it.

    Raises
    ------
    InvalidSeedError
        For a ``seed`` that is none of these (a negative number, a float, text; see
        :func:`check_seed`).
    DeckError
        For an unknown ``rule``.
    """

    __slots__ = ()

    def __init__(
        self,
        *,
        seed: SeedLike = None,
        rule: ReshuffleRule | int = ReshuffleRule.SEEDS,
        burn: bool = False,
    ) -> None:
        self._setup(seed, rule, burn)
        self.shuffle()

    def _setup(self, seed: SeedLike, rule: ReshuffleRule | int, burn: bool) -> None:
        try:
            rule = ReshuffleRule(rule)
        except ValueError:
            raise DeckError(f"reshuffle rule {shown(rule)} is unknown: expected ReshuffleRule.SEEDS or .LIVE") from None
        bitgen, shared = _bit_generator(seed)
        self._configure(int(rule), bool(burn))
        if bitgen is None:
            self._use_os_random()
        else:
            self._use_bit_generator(bitgen, shared)

    @classmethod
    def from_order(
        cls,
        order: Iterable[CardLike] | str,
        *,
        seed: SeedLike = None,
        rule: ReshuffleRule | int = ReshuffleRule.SEEDS,
        burn: bool = False,
    ) -> Deck:
        """A deck whose stub is stacked in a fixed order, to replay a recorded hand.

        Parameters
        ----------
        order : str or iterable of card
            Distinct cards, the first dealt first. With all 52 cards the stub is exactly
            ``order``; with fewer, they are the top of the stub and the other cards follow in an
            order shuffled by the random source.
        seed, rule, burn
            As for :class:`Deck`. Only the reshuffles during draws (and the cards below a partial
            ``order``) use the random source: give a ``seed`` to make them reproducible too.

        Raises
        ------
        InvalidCardError
            For something that is not a card, a repeated card, or more than 52 cards.
        """
        from lowball.cards import parse_cards

        top = parse_cards(order)
        deck = cls.__new__(cls)
        deck._setup(seed, rule, burn)
        if len(top) == 52:
            deck._set_order(list(top))
        else:
            deck.shuffle()
            chosen = set(top)
            rest = [c for c in deck._get_cards_state()["stub"] if c not in chosen]
            deck._set_order([int(c) for c in top] + rest)
        return deck

    # -- state -------------------------------------------------------------------------------

    @property
    def rule(self) -> ReshuffleRule:
        """The reshuffle rule of this deck."""
        return ReshuffleRule(self._rule_code())

    @property
    def burn_before_draw(self) -> bool:
        """Whether :meth:`begin_draw` burns a card before the replacements."""
        return bool(self._burn_flag())

    def snapshot(self) -> dict[str, Any]:
        """The whole state as a JSON-serialisable dict, to save a hand and resume it later.

        Returns
        -------
        dict
            ``format`` (:data:`SNAPSHOT_FORMAT`), ``rule`` (``"seeds"`` or ``"live"``),
            ``burn`` (bool), ``stub`` (card numbers 0..51, top first), ``muck``, ``burns``,
            ``hands`` (10 lists, one per position, in the order received), ``draw`` (``None``, or
            ``order``, ``served`` (positions served so far), ``drawn`` (10 counts) and
            ``discards`` (``[card, position]`` pairs)), ``reshuffles``, and ``random``: ``{"kind": "os"}`` or
            ``{"kind": "numpy", "state": <bit_generator.state>}``.

        Notes
        -----
        A snapshot shows the stub order: keep it as secret as the deck itself. For a seeded deck
        it also holds the generator state, from which every later shuffle follows. An OS-entropy
        deck's snapshot holds no random state (unused buffered entropy is not saved), so a
        restored deck draws fresh entropy.
        """
        state = self._get_cards_state()
        bitgen = self._bit_generator
        random: dict[str, Any]
        if bitgen is None:
            random = {"kind": "os"}
        else:
            random = {"kind": "numpy", "state": _jsonable(bitgen.state)}
        return {
            "format": SNAPSHOT_FORMAT,
            "rule": "live" if self._rule_code() == RULE_LIVE else "seeds",
            "burn": self._burn_flag(),
            **state,
            "random": random,
        }

    def restore(self, snapshot: Mapping[str, Any]) -> None:
        """Replace this deck's whole state, random source included, by a :meth:`snapshot`.

        A numpy random state is restored into a new, private bit generator of the same kind (a
        generator this deck shared with the caller is left alone); ``{"kind": "os"}`` gives OS
        entropy.

        Raises
        ------
        DeckError
            For a snapshot that is malformed or does not hold each of the 52 cards exactly once
            in a consistent state; the deck is then unchanged.
        """
        if not isinstance(snapshot, Mapping) or snapshot.get("format") != SNAPSHOT_FORMAT:
            raise DeckError(f"not a deck snapshot: expected a dict with format {shown(SNAPSHOT_FORMAT)}")
        rules = {"seeds": RULE_SEEDS, "live": RULE_LIVE}
        if not isinstance(snapshot.get("rule"), str) or snapshot.get("rule") not in rules:
            raise DeckError(f"snapshot rule {shown(snapshot.get('rule'))}: expected 'seeds' or 'live'")
        burn = snapshot.get("burn")
        if not isinstance(burn, bool):
            raise DeckError(f"snapshot burn {shown(burn)}: expected true or false")
        random = snapshot.get("random")
        bitgen = None
        if not isinstance(random, Mapping) or random.get("kind") not in ("os", "numpy"):
            raise DeckError(f"snapshot random {shown(random)}: expected kind 'os' or 'numpy'")
        if random["kind"] == "numpy":
            try:
                state = dict(random["state"])
                bitgen = getattr(np.random, state["bit_generator"])()
                bitgen.state = state
            except Exception as e:
                raise DeckError(f"snapshot random state cannot be restored: {shown(e)}") from None
        old_rule, old_burn = self._rule_code(), self._burn_flag()
        self._configure(rules[snapshot["rule"]], burn)
        try:
            self._set_cards_state(snapshot)
        except BaseException:
            self._configure(old_rule, old_burn)
            raise
        if bitgen is None:
            self._use_os_random()
        else:
            self._use_bit_generator(bitgen, False)

    @classmethod
    def from_snapshot(cls, snapshot: Mapping[str, Any]) -> Deck:
        """A new deck in the state of ``snapshot`` (see :meth:`restore`)."""
        deck = cls.__new__(cls)
        deck.restore(snapshot)
        return deck

    def view(self, position: int | None = None) -> DeckView:
        """What can be shown at the table, optionally from ``position``'s side.

        Never the stub order, never another position's cards or discards: counts only, plus the
        own hand and own discards of ``position`` when given.

        Raises
        ------
        DeckError
            For a position outside 0..9.
        """
        c = self._counts()
        hand: tuple[Card, ...] = ()
        own: tuple[Card, ...] = ()
        if position is not None:
            hand = self.hand(position)
            own = self._own_discards(position)
        return DeckView(
            remaining=c["remaining"],
            muck=c["muck"],
            burned=c["burned"],
            hand_sizes=dict(c["hand_sizes"]),
            in_draw=c["in_draw"],
            order=tuple(c["order"]),
            next_position=c["next_position"],
            drawn=dict(c["drawn"]),
            reshuffles=c["reshuffles"],
            position=position,
            hand=hand,
            own_discards=own,
        )

    def __repr__(self) -> str:
        c = self._counts()
        where = f", drawing (next position {c['next_position']})" if c["in_draw"] else ""
        source = "os" if self._bit_generator is None else type(self._bit_generator).__name__
        return (
            f"<Deck {c['remaining']} in the stub, {c['muck']} mucked, {c['burned']} burned"
            f"{where}; rule={self.rule.name.lower()}, random={source}>"
        )

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        # pickle and copy go through the snapshot (an OS-entropy copy gets fresh entropy)
        return (type(self).from_snapshot, (self.snapshot(),))

    def check(self) -> bool:
        """True when every card is in exactly one place and the state is consistent.

        Always true for a deck used through its methods; for tests and after loading a snapshot.
        """
        return bool(self._check())


class ReadOnlyDeck:
    """A hand's deck, for reading only: what :attr:`lowball.HandState.deck` gives.

    It reads the hand's live :class:`Deck` (so it is always current) and offers only what does
    not change it: ``remaining``, ``reshuffles``, ``in_draw``, ``next_position``, ``available``,
    ``rule``, ``burn_before_draw``, ``hand(position)``, ``view(position)``, ``snapshot()``,
    ``check()`` and ``copy()`` (a new, independent :class:`Deck` in the same state). Dealing,
    drawing, shuffling or restoring it raises :class:`AttributeError`: a hand's cards move only
    through the hand's actions.
    """

    __slots__ = ("_deck",)
    _deck: Deck

    def __init__(self, deck: Deck) -> None:
        object.__setattr__(self, "_deck", deck)

    @property
    def remaining(self) -> int:
        """Cards left in the stub."""
        return int(self._deck.remaining)

    @property
    def reshuffles(self) -> int:
        """Times the discards were shuffled into a new stub this hand."""
        return int(self._deck.reshuffles)

    @property
    def in_draw(self) -> bool:
        """Whether a draw round is under way."""
        return bool(self._deck.in_draw)

    @property
    def next_position(self) -> int | None:
        """The position to be served next in a draw round (None outside one)."""
        return self._deck.next_position

    @property
    def available(self) -> int:
        """Cards the deck can still serve in this draw round (see :attr:`Deck.available`)."""
        return int(self._deck.available)

    @property
    def rule(self) -> ReshuffleRule:
        """The reshuffle rule."""
        return self._deck.rule

    @property
    def burn_before_draw(self) -> bool:
        """Whether a card is burned before each draw round."""
        return self._deck.burn_before_draw

    def hand(self, position: int) -> tuple[Card, ...]:
        """The cards ``position`` holds (see :meth:`Deck.hand`)."""
        return tuple(self._deck.hand(position))

    def view(self, position: int | None = None) -> DeckView:
        """What can be shown at the table (see :meth:`Deck.view`)."""
        return self._deck.view(position)

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (see :meth:`Deck.snapshot`)."""
        return self._deck.snapshot()

    def check(self) -> bool:
        """True when every card is in exactly one place (see :meth:`Deck.check`)."""
        return self._deck.check()

    def copy(self) -> Deck:
        """A new :class:`Deck` in the same state, independent of the hand (a secure deck's copy
        gets fresh entropy for its own future shuffles)."""
        return Deck.from_snapshot(self._deck.snapshot())

    def __reduce_ex__(self, protocol: object) -> tuple[Any, tuple[Deck]]:
        # pickling a window pickles a window on a copy: never the hand's own deck
        return (ReadOnlyDeck, (self.copy(),))

    def __getstate__(self) -> None:
        raise TypeError("a hand's deck is read-only: its state is given by snapshot() or copy()")

    def __copy__(self) -> ReadOnlyDeck:
        return self  # a window has nothing of its own to copy

    def __deepcopy__(self, memo: dict[int, Any]) -> ReadOnlyDeck:
        return ReadOnlyDeck(self.copy())  # a window on an independent copy of the deck

    def __getattr__(self, name: str) -> Any:
        if name in ("from_order", "from_snapshot"):  # they make a new deck: nothing to guard
            return getattr(Deck, name)
        if not name.startswith("_") and hasattr(Deck, name):
            raise AttributeError(
                f"a hand's deck is read-only: {name}() would change it; cards move through the hand's actions"
            )
        raise AttributeError(f"{shown(type(self).__name__)} object has no attribute {shown(name)}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a hand's deck is read-only: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a hand's deck is read-only: {name} cannot be deleted")

    def __repr__(self) -> str:
        return f"<read-only {repr(self._deck)[1:]}"

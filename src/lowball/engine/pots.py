# cython: language_level=3, annotation_typing=False, embedsignature=True
"""The chips of a hand that are not in the stacks: the forced bets a table posts
(:class:`Posts`), the price to call in the first round, the pot-size wager, the main pot and
side pots, the order in which hands are shown and the award of each pot.

Pure functions of the values they are given (chips by position, the events, the pots), with no
state of their own: the hand engine (:class:`~lowball.engine.HandState`) calls them as it plays,
and the saved hand (:mod:`lowball.saving`) calls the same ones to check a restored hand. Like the
engine, this module is compiled by Cython (``pots.pxd`` gives the C types of its loops); it runs
unchanged without Cython. Chips are whole numbers; positions are 0 .. n - 1 as the engine numbers
them (``RULES.md`` section 2).

>>> from lowball.variants import VARIANTS
>>> pot_size_to(level=2, pot=3, to_call=1)
6
>>> side_pots([10, 30, 30], [0, 0, 0], [0, 1, 2], [10, 100, 100], VARIANTS["F2L3D"].forced, None)
[Pot(amount=30, eligible=(0, 1, 2)), Pot(amount=40, eligible=(1, 2))]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lowball.engine.records import BETTING_KINDS, WAGER_KINDS, Event
from lowball.errors import shown, whole_number
from lowball.variants import VariantError

if TYPE_CHECKING:
    from lowball.variants import ForcedBets

__all__ = [
    "Pot",
    "Posts",
    "pot_size_to",
    "first_round_level",
    "side_pots",
    "showing_order",
    "contested",
    "may_muck",
    "award",
]


@dataclass(frozen=True)
class Pot:
    """A pot: ``amount`` chips that the players in ``eligible`` (positions) can win."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True)
class Posts:
    """The forced bets of one hand when they are not the variant's usual two blinds: what a
    table gives the engine for a dead button, a missing small blind, a player who posts to come
    in, or a kill (see :class:`lowball.table.Table` and ``RULES.md`` section 9).

    Parameters
    ----------
    live : sequence of int
        Live blind chips each position posts (part of its first-round wager), by position. The
        big blind's entry is ``variant.forced.big_blind``; a player posting to come in posts a
        big blind too (WSOP-LAR 156); a kill is twice the big blind (WSOP-LAR, Kill Pots: the
        table then deals the hand with :meth:`Variant.killed <lowball.variants.Variant.killed>`,
        the limits doubled).
    big_blind : int
        The position of the big blind, or of the kill in a killed pot: betting round 1 begins
        left of it (WSOP-LAR 149; 200: "Once the kill has acted, action then continues in
        sequence to the left of the kill"). Its ``live`` entry must be at least 1.
    dead : sequence of int, default all 0
        Dead chips each position posts (a missed small blind made up, WSOP-LAR 156): they go to
        the pot and are not part of the player's wager.

    Notes
    -----
    The variant's antes are posted as usual (a big-blind ante by ``big_blind``). A player short
    of a post posts all in for what they have, and the price to call in round 1 is still the
    full big blind (WSOP-LAR 150).

    Raises
    ------
    VariantError
        For lists that are not whole numbers of chips >= 0, or a ``big_blind`` position with
        nothing to post. Lengths are checked against the hand by
        :class:`~lowball.engine.HandState`.
    """

    live: tuple[int, ...]
    big_blind: int
    dead: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for name in ("live", "dead"):
            value = getattr(self, name)
            if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
                raise VariantError(f"Posts.{name} = {shown(value)}: expected a list of chips, one per position")
            chips = tuple(whole_number(v, f"Posts.{name}[{k}]", 0, error=VariantError) for k, v in enumerate(value))
            object.__setattr__(self, name, chips)
        if not self.dead:
            object.__setattr__(self, "dead", (0,) * len(self.live))
        if len(self.dead) != len(self.live):
            raise VariantError(f"Posts.dead = {list(self.dead)}: expected one entry per position ({len(self.live)})")
        bb = whole_number(self.big_blind, "Posts.big_blind", 0, max(len(self.live) - 1, 0), error=VariantError)
        object.__setattr__(self, "big_blind", bb)
        if not self.live or self.live[bb] < 1:
            raise VariantError(f"Posts.live = {list(self.live)}: the big blind (position {bb}) posts nothing")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: ``{"live": [...], "dead": [...], "big_blind": p}``."""
        return {"live": list(self.live), "dead": list(self.dead), "big_blind": self.big_blind}

    @classmethod
    def from_dict(cls, data: Any) -> Posts:
        """The posts of a :meth:`to_dict` result.

        Raises
        ------
        VariantError
            For data that is not one.
        """
        if not isinstance(data, dict) or set(data) != {"live", "dead", "big_blind"}:
            raise VariantError(f"posts = {shown(data)}: expected a dict with live, dead and big_blind")
        return cls(live=data["live"], dead=data["dead"], big_blind=data["big_blind"])


def pot_size_to(level: int, pot: int, to_call: int) -> int:
    """The total wager of a pot-size bet or raise: call, then raise by the pot after the call
    (``level`` the wager to match, ``pot`` every chip put in so far this round included, ``to_call``
    what the player needs to match ``level``). The pot-limit maximum (``RULES.md`` section 5); the
    ``play`` command's ``r pot`` in no limit too. In chips. Blinds 1/2, the small blind to act:
    the call makes the pot 4, so the pot-size raise is to 2 + 4 = 6:

    >>> pot_size_to(level=2, pot=3, to_call=1)
    6
    """
    return level + pot + to_call


def first_round_level(largest: int, big_blind: int) -> int:
    """The wager to match in betting round 1, with ``largest`` the largest live blind posted:
    at least the full big blind, even when the big blind is all in for less (WSOP-LAR 150).
    In chips."""
    return big_blind if largest < big_blind else largest


def side_pots(
    committed: Sequence[int],
    antes: Sequence[int],
    alive: Sequence[int],
    starting_stacks: Sequence[int],
    forced: ForcedBets,
    dead: Sequence[int] | None,
) -> list[Pot]:
    """The main pot and side pots of the chips ``committed`` by each position (antes and dead
    chips included, ``antes`` the dead part), main pot first, for the positions still in the
    hand (``alive``); ``dead`` is the hand's :attr:`Posts.dead`, or None without posts.

    Each level of an all-in player's commitment closes a pot; folded players' chips count in
    the pots they reach but they are eligible for none. Antes count like any chips put in,
    so a player all in for less than the ante wins only what each player matched of it; a
    big-blind ante is posted for the whole table and goes to the main pot, and so do dead blinds
    (a missed small blind made up, WSOP-LAR 156). There is always a main pot, if only of 0 chips
    (a hand with no forced bets checked down).
    """
    n = len(committed)
    bb_ante = forced.big_blind_ante
    wagers = [c - a for c, a in zip(committed, antes)] if bb_ante else list(committed)
    dead_total = 0
    if dead is not None and not bb_ante:
        # Dead blinds (a missed small blind made up) go to the main pot, not part of any
        # wager (WSOP-LAR 156): a player's dead chips are those beyond his ante.
        ante = forced.ante
        for p in range(n):
            if dead[p]:
                start = starting_stacks[p]
                d = antes[p] - (ante if ante < start else start)
                wagers[p] -= d
                dead_total += d
    amounts: list[int] = []
    eligibles: list[tuple[int, ...]] = []
    prev = 0
    for lv in sorted({wagers[p] for p in alive}):
        amount = 0
        for w in wagers:  # what each player put in between the previous level and this one
            if w > prev:
                amount += (w if w < lv else lv) - prev
        amounts.append(amount)
        eligibles.append(tuple([p for p in alive if wagers[p] >= lv]))
        prev = lv
    if bb_ante:
        amounts[0] += sum(antes)
    amounts[0] += dead_total
    # Folded players' chips above every live player's level go to the last pot.
    for w in wagers:
        if w > prev:
            amounts[-1] += w - prev
    pots = [Pot(a, e) for a, e in zip(amounts, eligibles) if a]
    return pots or [Pot(0, tuple(alive))]


def showing_order(
    events: Sequence[Event], alive: Sequence[int], folded: Sequence[bool], pots: Sequence[Pot], fixed: bool
) -> list[int]:
    """The order in which the live hands (``alive``, positions) are shown (WSOP-LAR 145), from
    the hand's ``events``, who has ``folded``, its ``pots`` and whether it is ``fixed`` limit:
    players in a later side pot before players all in for an earlier pot only; within that, the
    last bettor or raiser of the final betting round first, else the first active player left of
    the button; in no limit and pot limit, when the betting ended in an earlier round (all in),
    the last bettor or raiser of that round (the player who pushed all in) first; then
    clockwise."""
    final_round = len(events) - 1
    while events[final_round].kind != "round":
        final_round -= 1
    acted_after = [e for e in events[final_round:] if e.kind in BETTING_KINDS]
    first: int | None = None
    if acted_after:
        # the final betting round was played: its last aggressor, if it had a bet
        for e in reversed(acted_after):
            if e.kind in WAGER_KINDS:
                first = e.position
                break
    elif not fixed:
        # nobody could bet in the final round: the betting ended earlier, with an all-in
        for e in reversed(events[:final_round]):
            if e.kind in BETTING_KINDS:
                if e.kind in WAGER_KINDS:
                    first = e.position
                if e.kind in WAGER_KINDS or e.kind == "check":
                    break
    if first is None or folded[first]:
        first = alive[0]
    n = len(folded)
    last_pot = dict.fromkeys(alive, 0)  # the last pot each player can win
    for index, pot in enumerate(pots):
        for p in pot.eligible:
            last_pot[p] = index
    # the key of each position is unique (its distance from the first), so the order is total
    return [p for _, _, p in sorted([(-last_pot[p], (p - first) % n, p) for p in alive])]


def contested(p: int, shown: Mapping[int, object], mucked: Sequence[bool], pots: Sequence[Pot]) -> bool:
    """Whether position ``p`` still has a decision at the showdown: not in ``shown`` nor
    ``mucked``, and in a pot with another hand not mucked."""
    if p in shown or mucked[p]:
        return False
    for pot in pots:
        if p in pot.eligible:
            for q in pot.eligible:
                if q != p and not mucked[q]:
                    return True
    return False


def may_muck(p: int, mucked: Sequence[bool], pots: Sequence[Pot], show_all: bool) -> bool:
    """Whether position ``p`` may give the hand up unseen: not where every hand is shown
    (``show_all``, :attr:`Variant.show_all_hands <lowball.variants.Variant.show_all_hands>`),
    and not as the last hand not ``mucked`` in a pot (a pot is never left without a claim)."""
    if show_all:
        return False
    for pot in pots:
        if p not in pot.eligible:
            continue
        claimed = False
        for q in pot.eligible:
            if q != p and not mucked[q]:
                claimed = True
                break
        if not claimed:
            return False
    return True


def award(pots: Sequence[Pot], mucked: Sequence[bool], classes: Mapping[int, int]) -> list[tuple[int, int, int, int]]:
    """Who wins what at the showdown: each pot, the last-formed side pot first, goes to the best
    hand among its players who did not muck, of those shown (``classes``: the class of each
    shown hand, lower is better; a hand not shown loses to a shown one), or unseen to the one
    such player (WSOP-TR 72). A tie splits the pot, odd chips to the first winner left of the
    button (WSOP-LAR 149), i.e. the lowest position.

    Returns
    -------
    list of (position, chips, hand_class, pot)
        One share per winner of each pot, in the order paid: ``hand_class`` the winning class
        (0 for a pot won unseen), ``pot`` the pot's index (0 the main pot).
    """
    shares: list[tuple[int, int, int, int]] = []
    for index in range(len(pots) - 1, -1, -1):
        pot = pots[index]
        claims = [p for p in pot.eligible if not mucked[p]]
        best = 0
        winners: list[int] = []
        for p in claims:
            if p not in classes:
                continue
            c = classes[p]
            if not winners or c < best:
                best = c
                winners = [p]
            elif c == best:
                winners.append(p)
        if not winners:  # one claim left, never shown: it wins unseen
            winners = claims
        share, odd = divmod(pot.amount, len(winners))
        for k, p in enumerate(sorted(winners)):
            shares.append((p, share + (1 if k < odd else 0), best, index))
    return shares

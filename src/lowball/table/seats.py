"""Seating and the dead-button plan: the table's own record of each seat (:class:`Seat`), who is
dealt in next with what each posts (:func:`plan_hand`, WSOP-LAR 151's dead button), how a new or
returning player comes in (:func:`ways_in`, :func:`check_way`), when a seat is dealt in
(:func:`dealt_in`), and what the table remembers of a player who left (:class:`Departure`).

These are functions of the seats and the markers (the button, small blind and big blind seats)
they are given: :class:`~lowball.table.Table` keeps both, and plays them forward on copies to
answer :meth:`Table.coming_in <lowball.table.Table.coming_in>`. ``RULES.md`` section 9 states
each rule with its WSOP-LAR number. Seats are numbered 0 .. n - 1, positions 0 .. as the engine
numbers the players of a hand (the first left of the button).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lowball.errors import TableError, counted, shown
from lowball.variants import MissedBlinds, Variant

__all__ = [
    "ACTIVE",
    "SITTING_OUT",
    "WAITING",
    "Seat",
    "DealPlan",
    "ComingIn",
    "Departure",
    "new_seat",
    "able",
    "clockwise",
    "ways_in",
    "check_way",
    "hands_to_big_blind",
    "plan_hand",
    "apply_plan",
    "dealt_in",
]

ACTIVE = "active"  # dealt in when able
SITTING_OUT = "sitting_out"  # not dealt; the blinds that pass are owed
WAITING = "waiting"  # a new player, waiting for the big blind (or posting) to be dealt in


@dataclass
class Seat:
    """The table's own record of a seat's player (mutable; everyone else sees a
    :class:`~lowball.table.SeatInfo`). Its fields are what a table snapshot saves of the seat."""

    player: str
    chips: int
    status: str
    bank: float
    post: bool = False
    missed_small: bool = False
    missed_big: bool = False
    leaving: bool = False
    timeouts: int = 0
    to_add: int = 0
    new: bool = False  # not dealt in since sitting down: waits for the big blind or posts
    sitting: int = 0  # the number of the sit event that began this stay (see SeatInfo.sitting)
    kill: bool = False  # kills the pot to come in (lowball, WSOP-LAR 274, 278)
    # after a seat change (WSOP-LAR 159): the hands his old seat was from the big blind, which
    # the new seat must be before he is dealt in; None: no such wait (and in older snapshots)
    place: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @property
    def owes(self) -> bool:
        """Missed a blind (WSOP-LAR 156)."""
        return self.missed_small or self.missed_big


@dataclass
class DealPlan:
    """The next hand's seats by position and posts, and the markers it moves to."""

    order: list[int]
    live: list[int]
    dead: list[int]
    big_blind: int  # position
    button: int  # seat marker (may be empty)
    small_blind: int | None  # seat marker
    bb_seat: int
    missed: list[tuple[int, bool, bool]]  # seats passed while sitting out: (seat, small, big)
    kill: int | None = None  # the position that kills the pot (its live post is the kill)


@dataclass(frozen=True)
class ComingIn:
    """When a seat's player is dealt in next (:meth:`Table.coming_in`), if nobody comes, goes,
    sits out or in, or changes seats meanwhile: after ``hands`` hands are dealt without him (0:
    the next hand), and ``by`` what: ``"big_blind"`` (the big blind reaches his seat),
    ``"post"`` (he posts to come in: a new player's big blind, or the blinds he missed),
    ``"kill"`` (he kills the pot) or ``"play"`` (in turn, posting nothing to come in; the small
    blind if his seat has it)."""

    hands: int
    by: str


@dataclass(frozen=True)
class Departure:
    """What a table remembers of a player who left (:meth:`Table.departure`): the ``chips`` he
    took away, the ``time`` he left (the table's clock) and the blinds he owed then
    (``missed_small``, ``missed_big``, WSOP-LAR 156). Within ``Table(rejoin_seconds=...)`` he
    buys in again for at least those chips (WSOP-LAR 58); within that or an hour, whichever is
    longer, he owes those blinds again when he sits down."""

    player: str
    chips: int
    time: float
    missed_small: bool
    missed_big: bool

    @property
    def owes(self) -> bool:
        """Whether he owed a blind when he left."""
        return self.missed_small or self.missed_big


def new_seat(player: str, chips: int, bank: float, post: bool, kill: bool, back: Departure | None) -> Seat:
    """The seat of ``player`` sitting down with ``chips`` and a time bank of ``bank`` seconds: a
    new player, or (``back``, the record of his leaving) one who still owes the blinds he
    missed."""
    owes_small = back is not None and back.missed_small
    owes_big = back is not None and back.missed_big
    return Seat(
        player, chips, WAITING, bank, post=post, kill=kill, new=not (owes_small or owes_big),
        missed_small=owes_small, missed_big=owes_big,
    )  # fmt: skip


def able(seat: Seat | None) -> bool:
    """Whether ``seat``'s player can be dealt in: seated, with chips, not sitting out or leaving."""
    return seat is not None and seat.chips > 0 and seat.status != SITTING_OUT and not seat.leaving


def clockwise(n: int, after: int) -> list[int]:
    """Every seat of a table of ``n`` clockwise starting after ``after``, ``after`` last."""
    return [(after + 1 + i) % n for i in range(n)]


def ways_in(variant: Variant, new: bool, owes: bool) -> tuple[str, ...]:
    """The ways in of a player who is ``new`` (not dealt in since sitting down) or ``owes``
    blinds (RULES.md section 9), among ``"wait"``, ``"post"`` and ``"kill"``; () when he has
    nothing to choose."""
    f = variant.forced
    if f.big_blind == 0 or not (new or owes):
        return ()
    rule = variant.missed_blinds
    ways = ["wait"]
    if owes:  # WSOP-LAR 156 (hold'em style), 278 (lowball), 307 (badugi)
        if rule is MissedBlinds.WAIT_OR_POST:
            ways.append("post")
    elif not (rule is MissedBlinds.WAIT_OR_KILL and f.small_blind == 0):
        ways.append("post")  # WSOP-LAR 100a, 154, 307; 274: not in a single-blind game
    if rule is MissedBlinds.WAIT_OR_KILL and not f.big_blind_ante:
        ways.append("kill")  # WSOP-LAR 274, 278
    return tuple(ways)


def check_way(where: str, s: Seat, variant: Variant, post: bool, kill: bool) -> None:
    """Refuse a ``post`` or ``kill`` the rules do not give the player of seat ``s`` (who is
    new or owes blinds; for anyone else both are moot), naming the rule.

    Raises
    ------
    TableError
        For both, a way the variant's rule does not give him (naming ``where`` and the rule),
        or a kill with fewer chips than it costs.
    """
    if post and kill:
        raise TableError(f"{where}: post or kill to come in, not both")
    ways = ways_in(variant, s.new, s.owes)
    if not ways or not (post or kill):
        return
    v = variant
    f = v.forced
    who = f"{shown(s.player)}, a new player," if s.new else f"{shown(s.player)}, who missed blinds,"
    if post and "post" not in ways:
        if v.missed_blinds is MissedBlinds.WAIT:
            rule = "waits for the big blind to come round (WSOP-LAR 307)"
        elif s.new:
            rule = "waits for the big blind or kills the pot in a single-blind game (WSOP-LAR 274)"
        else:
            rule = "waits for the big blind or kills the pot (WSOP-LAR 278)"
        raise TableError(f"{where}: {who} may not post to come in: in {v.ranking.title} he {rule}")
    if kill and "kill" not in ways:
        if f.big_blind_ante:
            raise TableError(f"{where}: no kill in a game with a big-blind ante (the big blind posts the table's ante)")
        options = "wait for the big blind or post" if "post" in ways else "wait for the big blind"
        raise TableError(
            f"{where}: {who} may not kill the pot: the kill is lowball's (WSOP-LAR 274, 278); "
            f"{v.name} plays missed_blinds = {shown(v.missed_blinds.value)}: {options}"
        )
    if kill and s.chips + s.to_add < 2 * f.big_blind:
        raise TableError(
            f"{where}: a kill is {counted(2 * f.big_blind, 'chip')} (twice the big blind), more than the "
            f"{counted(s.chips + s.to_add, 'chip')} of {shown(s.player)}"
        )


def hands_to_big_blind(n: int, big_blind: int, k: int, ready: set[int]) -> int:
    """Hands dealt before the big blind (now at seat ``big_blind`` of a table of ``n``) reaches
    seat ``k``, with the seats ``ready`` in the rotation (the dead button: the next big blind is
    the next of them after the last)."""
    return [j for j in clockwise(n, big_blind) if j in ready].index(k)


def plan_hand(
    seats: Sequence[Seat | None],
    variant: Variant,
    button: int | None,
    small_blind: int | None,
    big_blind: int | None,
    first_button: int | None,
) -> DealPlan | None:
    """Who is dealt in next and what each posts (RULES.md section 9), or None: from the
    ``seats`` and the markers (the seats of the last hand's ``button``, ``small_blind`` and
    ``big_blind``; None before the first hand, whose button is ``first_button`` if given)."""
    ready = [k for k in range(len(seats)) if able(seats[k])]
    if len(ready) < 2:
        return None
    if big_blind is None:
        return _plan_fresh(seats, variant, ready, button, first_button)
    plan = _plan_next(seats, variant, ready, small_blind, big_blind)
    if plan is None:
        # everyone but one waits to come in: they are dealt in as in a new game (WSOP-LAR
        # 158), and the blinds stay where the dead button puts them, so that the player due
        # for the big blind posts it (151: every player meets the blinds of each round)
        plan = _plan_next(seats, variant, ready, small_blind, big_blind, restart=True)
    return plan if plan is not None else _plan_fresh(seats, variant, ready, button, first_button)


def _plan_fresh(
    seats: Sequence[Seat | None], variant: Variant, ready: list[int], button: int | None, first_button: int | None
) -> DealPlan:
    """The first hand: everyone able plays, the blinds left of the button (WSOP-LAR 158,
    149)."""
    if button is None:
        button = first_button if first_button is not None else ready[-1]
    order = [k for k in clockwise(len(seats), button) if k in ready]
    f = variant.forced
    live = [0] * len(order)
    if len(order) == 2:  # heads-up: the button posts the small blind (WSOP-LAR 153)
        bb_pos, sb_pos = 0, 1
        button = order[1]
    else:
        sb_pos, bb_pos = 0, 1
    live[sb_pos] = f.small_blind
    live[bb_pos] = f.big_blind
    return DealPlan(order, live, [0] * len(order), bb_pos, button, order[sb_pos], order[bb_pos], [])


def _plan_next(
    seats: Sequence[Seat | None],
    variant: Variant,
    ready: list[int],
    small_blind: int | None,
    old_bb: int,
    restart: bool = False,
) -> DealPlan | None:
    """The dead-button rule (WSOP-LAR 151): the big blind moves to the next player due for
    it, the small blind to the seat that had the big blind, the button to the seat that had
    the small blind (either may be empty or a player sitting out: then no small blind is
    posted, or the button is dead). Players waiting to come in are dealt in as RULES.md
    section 9 says (posting, killing, or when the big blind reaches them; after a seat
    change when the seat has the place the old one had, WSOP-LAR 159); with ``restart``,
    every player able is dealt in and only the blinds are posted."""
    n = len(seats)
    f = variant.forced
    blinds = f.big_blind > 0
    rotation = [k for k in clockwise(n, old_bb) if k in ready]  # the next big blinds in turn
    places = {}  # players waiting after a seat change: the place each waits for
    if blinds and not restart:
        for d, k in enumerate(rotation):
            s = seats[k]
            assert s is not None
            if s.place is not None and not s.new and not s.owes:
                # (a seat waiting is never the one that had the big blind: the last place
                # it can have is the one before, which the big blind has just passed)
                places[k] = (d, max(0, min(s.place, len(rotation) - 2)))
    # the big blind passes a player waiting for his place (WSOP-LAR 159, 278), not owed
    new_bb = next((k for k in rotation if k not in places or places[k][0] == places[k][1]), rotation[0])
    if new_bb == old_bb:
        return None
    sb_mark = old_bb
    btn = small_blind if small_blind is not None else (sb_mark - 1) % n

    def between(a: int, b: int, k: int) -> bool:  # k strictly clockwise after a and before b
        return 0 < (k - a) % n < (b - a) % n

    if btn == sb_mark or btn == new_bb or between(sb_mark, new_bb, btn):
        btn = (sb_mark - 1) % n  # after heads-up, where the button was the small blind
    missed: list[tuple[int, bool, bool]] = []
    if blinds:  # a game of antes alone has no blind to miss
        for k in clockwise(n, old_bb):
            if k == new_bb:
                break
            s = seats[k]
            if s is not None and s.status != WAITING and not s.new and not s.leaving:
                missed.append((k, True, True))  # the big blind passed a seat sitting out
        s = seats[sb_mark]
        if s is not None and not able(s) and s.status != WAITING and not s.new and not s.leaving:
            missed.append((sb_mark, True, False))
    dealt = []
    kill = None
    for k in clockwise(n, btn):
        if k not in ready:
            continue
        s = seats[k]
        assert s is not None
        waits = s.status == WAITING or s.new or s.owes or s.place is not None
        if k == new_bb or restart or not blinds or not waits:
            dealt.append(k)
        elif k in places:
            if places[k][0] == places[k][1]:
                dealt.append(k)  # in the place his old seat had (WSOP-LAR 159)
        elif k in (btn, sb_mark) or between(btn, new_bb, k):
            continue  # comes in between the big blind and the button only (WSOP-LAR 154, 207)
        elif s.kill and kill is None and "kill" in ways_in(variant, s.new, s.owes) and s.chips >= 2 * f.big_blind:
            dealt.append(k)  # kills the pot (WSOP-LAR 274, 278); one kill a deal (208)
            kill = k
        elif s.post and "post" in ways_in(variant, s.new, s.owes):
            dealt.append(k)  # posts to come in (WSOP-LAR 100a, 154, 156, 274, 307)
    if len(dealt) < 2:
        return None
    if len(dealt) == 2:  # heads-up: the other player has the button and the small blind
        other = dealt[0] if dealt[1] == new_bb else dealt[1]
        order = [new_bb, other]
        return DealPlan(order, [f.big_blind, f.small_blind], [0, 0], 0, other, other, new_bb, missed)
    order = dealt
    live = [0] * len(order)
    dead = [0] * len(order)
    for p, k in enumerate(order):
        s = seats[k]
        assert s is not None
        if k == new_bb:
            live[p] = f.big_blind
        elif k == sb_mark:
            live[p] = f.small_blind
        elif k == kill:
            live[p] = 2 * f.big_blind  # a full kill: twice the big blind (WSOP-LAR, Kill Pots)
        elif restart or k in places:
            continue
        elif s.new:
            live[p] = f.big_blind  # a new player's post (WSOP-LAR 100a, 154)
        else:
            live[p] = f.big_blind if s.missed_big else 0
            dead[p] = f.small_blind if s.missed_small else 0
    killer = None if kill is None else order.index(kill)
    return DealPlan(order, live, dead, order.index(new_bb), btn, sb_mark, new_bb, missed, killer)


def apply_plan(seats: Sequence[Seat | None], plan: DealPlan) -> None:
    """What dealing ``plan`` does to the seats (the cards and the markers aside: the markers
    move to ``plan.button``, ``plan.small_blind`` and ``plan.bb_seat``): blinds missed are owed,
    the players dealt in are active and owe nothing more."""
    for k, small, big in plan.missed:
        s = seats[k]
        assert s is not None
        s.missed_small |= small
        s.missed_big |= big
        s.place = None  # he owes blinds now: the missed-blind rule decides
    for k in plan.order:
        s = seats[k]
        assert s is not None
        s.status = ACTIVE
        s.post = s.kill = s.new = False
        s.missed_small = s.missed_big = False
        s.place = None


def dealt_in(
    seats: Sequence[Seat | None],
    k: int,
    variant: Variant,
    button: int | None,
    small_blind: int | None,
    big_blind: int | None,
    first_button: int | None,
) -> ComingIn | None:
    """When the player at seat ``k`` is dealt in next if nobody comes, goes, sits out or in,
    changes seats or goes broke meanwhile (the seats and markers as :func:`plan_hand` takes
    them), played forward on copies of the seats: a :class:`ComingIn`, or None when he would
    not be dealt in within two rounds of the table (sitting out, leaving, without chips, or no
    game without others)."""
    seats = [None if s is None else dataclasses.replace(s) for s in seats]
    if not able(seats[k]):
        return None
    for hands in range(2 * len(seats) + 2):
        plan = plan_hand(seats, variant, button, small_blind, big_blind, first_button)
        if plan is None:
            return None
        if k in plan.order:
            p = plan.order.index(k)
            if k == plan.bb_seat:
                by = "big_blind"
            elif p == plan.kill:
                by = "kill"
            elif k != plan.small_blind and (plan.live[p] or plan.dead[p]):
                by = "post"
            else:
                by = "play"
            return ComingIn(hands, by)
        apply_plan(seats, plan)
        button, small_blind, big_blind = plan.button, plan.small_blind, plan.bb_seat
    return None

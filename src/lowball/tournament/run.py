"""A tournament of bots to the end (:func:`play_bots`), on a simulated clock (:class:`SimClock`)
that each round of hands moves on by a set time, so levels by minutes and breaks pass as they
would at a table, and a seeded run is the same every time."""

from __future__ import annotations

from collections.abc import Callable

from lowball.errors import whole_number
from lowball.store import Store
from lowball.tournament.structure import Structure, TournamentError, number
from lowball.tournament.tournament import Tournament, bot_decider

__all__ = ["SimClock", "drive", "play_bots"]


class SimClock:
    """A clock for tests and bot runs: ``clock()`` is :attr:`now` (seconds), moved on only by
    :meth:`advance` or by setting :attr:`now`."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = float(now)

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def play_bots(
    structure: Structure,
    players: int,
    *,
    seed: int,
    bot: str = "sensible",
    round_seconds: float = 60.0,
    store: Store | None = None,
    tournament_id: str = "tournament",
    progress: Callable[[Tournament], None] | None = None,
    on_hand: Callable[[Tournament], None] | None = None,
) -> Tournament:
    """Register ``players`` bots (``bot1`` ...), start and play the tournament to its winner: each
    round of hands takes ``round_seconds`` of the simulated clock, a break its length.
    ``progress`` is called after every round, ``on_hand`` after every hand.

    Raises
    ------
    TournamentError
        For a field outside 2 .. 1,000, an unknown bot or bad ``round_seconds``.
    """
    players = whole_number(players, "players", 2, 1000, error=TournamentError)
    round_seconds = number(round_seconds, "round_seconds", positive=False)
    clock = SimClock()
    t = Tournament(structure, seed=seed, store=store, tournament_id=tournament_id, clock=clock)
    for k in range(players):
        t.register(f"bot{k + 1}")
    t.start()
    drive(t, clock, bot_decider(structure.variant, seed, bot), round_seconds, progress, on_hand)
    return t


def drive(
    t: Tournament,
    clock: SimClock,
    decide: Callable[..., object],
    round_seconds: float,
    progress: Callable[[Tournament], None] | None = None,
    on_hand: Callable[[Tournament], None] | None = None,
) -> None:
    """Play ``t`` to the end on ``clock`` (see :func:`play_bots`)."""
    rounds = t.round
    hands = t.hands_played
    while not t.finished:
        if t.round_over and t.break_until is None:
            # each round takes round_seconds from the end of the last (a resumed run's clock the same)
            clock.now = max(clock.now, (t.last_clock or 0.0) + round_seconds)
        if not t.step(decide):  # type: ignore[arg-type]
            until = t.break_until
            if until is None:
                raise TournamentError("the tournament cannot go on")
            clock.now = max(clock.now, until)
            continue
        if on_hand is not None and t.hands_played != hands:
            hands = t.hands_played
            on_hand(t)
        if t.round != rounds:
            rounds = t.round
            if progress is not None:
                progress(t)

"""Bots playing many hands at one table: the work behind ``lowball simulate``.

The bots sit at a :class:`lowball.table.Table` (bot *k* at seat *k*) and play through it as a
server's clients would: :meth:`~lowball.table.Table.deal`, then each decision from
:meth:`~lowball.table.Table.view` and taken with :meth:`~lowball.table.Table.act` (no clock: no
timeout ever fires). Every seat plays every hand, so the dead-button rule moves the button one
seat after every hand. Stacks carry over from hand to hand, and a seat that is broke at the end
of a hand **rebuys** the starting stack before the next (counted in the results; its chips won
stay net of what it lost): the table sits a broke player out, the simulation adds the chips and
sits the player in before the next deal, so no blind passes the seat and none is owed. With
``reset_stacks`` every hand starts from the starting stacks instead
(:meth:`~lowball.table.Table.reset_stacks`). With a seed the whole run is reproducible: hand
*k* of a session is shuffled from ``SeedSequence(session_seed, spawn_key=(k,))`` (the session
table's ``seed``, see Shards below), every bot's choices from
:func:`~lowball.seeds.random_sources` of that seed.

**Shards.** A run is cut into table sessions of ``shard_hands`` hands (the last may be shorter):
session *k* plays hands ``k * shard_hands + 1`` onward at a table of its own, every seat starting
from the starting stack, with its decks and bots seeded from
``SeedSequence(seed).spawn(...)[k]`` (:func:`lowball.seeds.shard_seeds`). Sessions do not
depend on each other, so they run in process, on a pool of worker processes (``workers=``) or on
any executor (``executor=``, a Dask cluster's among them) with the same result, to the byte;
their counts are added up. A run of at most ``shard_hands`` hands is one session.
"""

from __future__ import annotations

import errno
import functools
import os
import random
import re
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lowball import phh
from lowball._files import path_text, write_text
from lowball.bots import make_bot, search_dirs
from lowball.engine import Action, PlayStrategy
from lowball.errors import FileError, IllegalActionError, LowballError, counted, shown, whole_number
from lowball.parallel import check_executor, describe_executor, run_shards
from lowball.seeds import check_seed, random_sources, shard_seeds
from lowball.table import BuyIn, Table
from lowball.variants import Variant

__all__ = ["SeatResult", "SimulationResult", "simulate"]


@dataclass
class SeatResult:
    """What one seat did over a simulation.

    Attributes
    ----------
    seat : int
        0-based seat number (shown 1-based).
    bot : str
        The bot's name (its ``--bots`` entry).
    chips : int
        Chips won (negative: lost) over all hands, net of rebuys.
    won_showdown : int
        Hands in which the seat won chips at a showdown (a split pot counts).
    won_without_showdown : int
        Hands the seat won because everyone else folded.
    rebuys : int
        Times the seat was broke and bought the starting stack again.
    """

    seat: int
    bot: str
    chips: int = 0
    won_showdown: int = 0
    won_without_showdown: int = 0
    rebuys: int = 0


@dataclass
class SimulationResult:
    """The results of :func:`simulate`.

    Attributes
    ----------
    variant : Variant
    hands : int
        Hands played.
    seed : int or None
    stack : int
        The starting stack of every seat, in chips.
    reset_stacks : bool
    seats : list of SeatResult
    showdowns : int
        Hands that reached a showdown.
    total_pot : int
        Chips won in all hands together (the pots, less uncalled bets returned).
    reshuffles : int
        New stubs made from the muck over all hands.
    seconds : float
        Wall-clock time of the hands (PHH files written included; the report not).
    bots : dict of str to list of int
        Each bot name and its seats (0-based), in order of first seat.
    partial : bool
        Whether Ctrl-C stopped the run (``hands`` are those finished).
    shard_hands : int
        Hands per session (shard).
    sessions : int
        Sessions finished.
    ran_on : str
        Where the sessions ran: ``in process``, ``N worker processes`` or the executor's type.
    """

    variant: Variant
    hands: int
    seed: int | None
    stack: int
    reset_stacks: bool
    seats: list[SeatResult]
    showdowns: int = 0
    total_pot: int = 0
    reshuffles: int = 0
    seconds: float = 0.0
    bots: dict[str, list[int]] = field(default_factory=dict)
    partial: bool = False
    shard_hands: int = 0
    sessions: int = 0
    ran_on: str = "in process"

    def per_100(self, chips: int, seats: int = 1) -> float:
        """Chips per 100 hands (per seat, over ``seats`` seats)."""
        return 100 * chips / (self.hands * seats) if self.hands else 0.0

    def share(self, count: int, seats: int = 1) -> float:
        """``count`` as a share (0..1) of the hands played (per seat)."""
        return count / (self.hands * seats) if self.hands else 0.0

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of wall-clock time."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def by_bot(self) -> list[dict[str, Any]]:
        """For each bot name, in order of first seat: its seats and their totals."""
        out = []
        for name, seats in self.bots.items():
            rows = [self.seats[s] for s in seats]
            chips = sum(r.chips for r in rows)
            sd = sum(r.won_showdown for r in rows)
            nsd = sum(r.won_without_showdown for r in rows)
            out.append(
                {
                    "bot": name,
                    "seats": [s + 1 for s in seats],
                    "chips": chips,
                    "chips_per_100_hands_per_seat": round(self.per_100(chips, len(rows)), 2),
                    "won_at_showdown": round(self.share(sd, len(rows)), 4),
                    "won_without_showdown": round(self.share(nsd, len(rows)), 4),
                    "rebuys": sum(r.rebuys for r in rows),
                }
            )
        return out

    def to_dict(self, timing: bool = True) -> dict[str, Any]:
        """The results as JSON-serialisable data; without ``timing``, no hands per second (so
        that a seeded run gives exactly the same data every time)."""
        d: dict[str, Any] = {
            "variant": self.variant.code or self.variant.name,
            "variant_name": self.variant.name,
            "players": len(self.seats),
            "hands": self.hands,
            "seed": self.seed,
            "stack": self.stack,
            "stacks": "reset every hand" if self.reset_stacks else "carried over, broke seats rebuy",
            "seats": [
                {
                    "seat": r.seat + 1,
                    "bot": r.bot,
                    "chips": r.chips,
                    "chips_per_100_hands": round(self.per_100(r.chips), 2),
                    "won_at_showdown": round(self.share(r.won_showdown), 4),
                    "won_without_showdown": round(self.share(r.won_without_showdown), 4),
                    "rebuys": r.rebuys,
                }
                for r in self.seats
            ],
            "bots": self.by_bot(),
            "showdown_share": round(self.share(self.showdowns), 4),
            "average_pot": round(self.total_pot / self.hands, 2) if self.hands else 0.0,
            "reshuffles_per_hand": round(self.reshuffles / self.hands, 4) if self.hands else 0.0,
            "shard_hands": self.shard_hands,
            "partial": self.partial,
        }
        if timing:
            d["ran_on"] = self.ran_on
            d["seconds"] = round(self.seconds, 3)
            d["hands_per_second"] = round(self.hands_per_second, 1)
        return d


_NO_OVERWRITE = "hands are never overwritten; write them to a new or empty directory"
_HAND_FILE = re.compile(r"hand-(\d+)\.phh")


def _same_file(path: Path, text: str) -> bool:
    try:
        return path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False


def _make_directory(directory: Path) -> None:
    """Make the PHH directory if missing (its parents too); a symbolic link is followed, a
    dangling one's target made, as :func:`lowball._files.write_text` does for a file.

    Raises
    ------
    LowballError
        When it cannot be made, or exists and is not a directory (a file, a named pipe, a
        symbolic-link loop), naming it.
    """
    target = Path(os.path.realpath(directory)) if directory.is_symlink() else directory
    try:
        target.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        try:
            os.stat(directory)
        except OSError as e:  # a loop of links
            raise LowballError(f"cannot make the PHH directory {directory}: {e.strerror or e}") from None
        raise LowballError(f"cannot make the PHH directory {directory}: it exists and is not a directory") from None
    except OSError as e:
        raise LowballError(f"cannot make the PHH directory {directory}: {e.strerror or e}") from None


def _hand_file(number: int) -> str:
    """The name of hand ``number``'s PHH file."""
    return f"hand-{number:06d}.phh"


def _first_taken(directory: Path, hands: int) -> Path | None:
    """The first of the files of hands 1..``hands`` that ``directory`` already holds, if any.

    Raises
    ------
    LowballError
        When the directory cannot be read.
    """
    try:
        names = {p.name for p in directory.iterdir()}
    except OSError as e:
        raise LowballError(f"cannot read the PHH directory {directory}: {e}") from None
    numbers = (int(m.group(1)) for m in map(_HAND_FILE.fullmatch, names) if m)
    taken = [k for k in numbers if 1 <= k <= hands and _hand_file(k) in names]
    return directory / _hand_file(min(taken)) if taken else None


def _seat(seat: int, position: int) -> str:
    """How a message names a seat in a hand: ``seat 4 (position 2, p3)`` (seats shown 1-based,
    as in the report; the position and the PHH player in the hand being played)."""
    return f"seat {seat + 1} (position {position}, p{position + 1})"


def _no_clock() -> float:
    """The simulation's table clock: always 0 (every call passes ``now=0.0`` anyway)."""
    return 0.0


def _restock(table: Table, stack: int, reset_stacks: bool, seats: list[SeatResult]) -> None:
    """Between hands: every stack back to ``stack`` (``reset_stacks``), or a broke seat's
    rebuy (counted). The table sits a broke player out when the hand ends; sitting in again
    before the next deal means no blind passed the seat, so it owes none and is dealt in at
    once, in its turn for the blinds like every other seat."""
    if reset_stacks:
        table.reset_stacks(stack, now=0.0)
    for info in table.seats:
        assert info is not None
        if info.chips <= 0:
            table.add_chips(info.seat, stack, now=0.0)
            seats[info.seat].rebuys += 1
        if info.status == "sitting_out":
            table.sit_in(info.seat, now=0.0)


SHARD_HANDS = 1000  # hands of one session (shard) by default


@dataclass(frozen=True)
class _Session:
    """One shard of a run: what a worker needs to play it (picklable)."""

    index: int
    first: int  # the run's number of its first hand (1-based)
    hands: int
    seed: int | None
    variant: Variant
    bots: tuple[str, ...]
    stack: int
    reset_stacks: bool
    phh_dir: str | None
    bot_path: tuple[str, ...]


@dataclass
class _SessionResult:
    """What one session counted (whole numbers only: sessions add up exactly)."""

    hands: int
    chips: list[int]
    won_showdown: list[int]
    won_without_showdown: list[int]
    rebuys: list[int]
    showdowns: int = 0
    total_pot: int = 0
    reshuffles: int = 0
    interrupted: bool = False


def _remove_stale_temps(out_dir: Path, first: int, hands: int) -> None:
    """Remove the temporary files a lost earlier run of this session left beside its own hand
    files (``.hand-000006.phh.0fba5367.tmp``: a worker stopped while writing; when one worker of
    a local pool dies the pool's others are stopped too, wherever they are). Only this session's
    hand numbers are touched; one scan of the directory a session."""
    own = {f".{_hand_file(number)}." for number in range(first, first + hands)}
    try:
        entries = list(os.scandir(out_dir))
    except OSError:
        return  # no directory yet, or unreadable: the writes below say what is wrong
    for entry in entries:
        name = entry.name
        cut = name.find(".phh.")
        if cut > 0 and name.endswith(".tmp") and name[: cut + 5] in own:
            try:
                os.unlink(entry.path)
            except OSError:
                pass


def _play_session(job: _Session, progress: Callable[[int], None] | None = None) -> _SessionResult:
    """Play one session (a shard) at a table of its own. In process, Ctrl-C ends it after the
    hand being played is abandoned, and what was finished is returned marked ``interrupted``
    (a pool's workers ignore Ctrl-C: the parent stops the run)."""
    n = len(job.bots)
    variant, stack, bots = job.variant, job.stack, job.bots
    _, bot_sources = random_sources(job.seed, n)
    players: list[PlayStrategy] = [make_bot(b, variant, r, search_path=job.bot_path) for b, r in zip(bots, bot_sources)]
    out_dir = None if job.phh_dir is None else Path(job.phh_dir)
    # The server table, on a clock of its own that never moves: no tick, so no timeout ever
    # fires; a buy-in of exactly the starting stack, no maximum (stacks carried over may grow).
    table = Table(variant, seats=n, table_id="simulate", seed=job.seed, buy_in=BuyIn(stack), clock=_no_clock)
    for s, b in enumerate(bots):
        table.sit(s, f"seat {s + 1} ({b})", stack, now=0.0)  # names must differ; PHH gets the bots'
    out = _SessionResult(0, [0] * n, [0] * n, [0] * n, [0] * n)
    rebuys = [SeatResult(s, b) for s, b in enumerate(bots)]
    if out_dir is not None:
        _remove_stale_temps(out_dir, job.first, job.hands)
    try:
        for number in range(job.first, job.first + job.hands):
            if number > job.first:
                _restock(table, stack, job.reset_stacks, rebuys)
            order = _play_hand(table, players, bots, number)
            # the finished hand (the engine's, by position): the deck's reshuffles, and the PHH
            # file with the bots' names as players
            state = table.last_hand
            assert state is not None
            showdown = bool(state.shown)
            for p, seat in enumerate(order):
                out.chips[seat] += state.stacks[p] - state.starting_stacks[p]
                if state.winnings[p] > 0:
                    if showdown:
                        out.won_showdown[seat] += 1
                    else:
                        out.won_without_showdown[seat] += 1
            out.showdowns += showdown
            out.total_pot += sum(state.winnings)
            out.reshuffles += state.deck.reshuffles
            out.hands += 1
            if out_dir is not None:
                path = out_dir / _hand_file(number)
                text = phh.dumps(state, hand=number, players=[bots[s] for s in order], seats=[s + 1 for s in order])
                try:
                    write_text(path, text, exclusive=True)  # never overwrites, never half-written
                except FileError as e:
                    # the same hand written by this session's earlier run on a worker that was
                    # lost (files appear whole): the same seed wrote the same text; anything
                    # else was made by someone else since the check
                    if e.errno != errno.EEXIST:
                        raise
                    if not _same_file(path, text):
                        raise LowballError(f"{path} already exists: {_NO_OVERWRITE}") from None
            if progress is not None:
                progress(1)
    except KeyboardInterrupt:
        out.interrupted = True
    out.rebuys = [r.rebuys for r in rebuys]
    return out


def _play_hand(table: Table, players: Sequence[PlayStrategy], bots: Sequence[str], number: int) -> tuple[int, ...]:
    """Deal hand ``number`` and let the bots play it out; the hand's seats by position."""
    table.deal(now=0.0)
    order = table.seats_by_position()
    while True:
        seat = table.actor
        if seat is None:
            break
        view = table.player_view(seat)
        pos = view.position
        assert pos is not None and view.legal is not None
        try:
            action = players[seat].act(view, view.legal)
        except Exception as e:  # a user's bot: report it, do not crash
            raise LowballError(
                f"hand {number}: bot {shown(bots[seat])} at {_seat(seat, pos)} failed: {type(e).__name__}: {e}"
            ) from None
        try:
            if not isinstance(action, Action):  # the table would take a dict too; a bot may not
                raise IllegalActionError(f"{shown(action)} is not an Action (use Action.call(), ...)")
            table.act(seat, action, seq=table.seq, now=0.0)
        except (IllegalActionError, ValueError) as e:
            reason = str(e).removeprefix(f"seat {seat}: ")
            raise LowballError(
                f"hand {number}: bot {shown(bots[seat])} at {_seat(seat, pos)} chose {action}, "
                f"which is illegal: {reason}"
            ) from None
    return order


def simulate(
    variant: Variant,
    bots: Sequence[str],
    hands: int,
    *,
    seed: int | None = None,
    stack: int | None = None,
    reset_stacks: bool = False,
    phh_dir: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
    bot_path: Sequence[str] = (),
    shard_hands: int = SHARD_HANDS,
    executor: Executor | None = None,
    workers: int | None = None,
) -> SimulationResult:
    """Bots play ``hands`` hands, in table sessions of ``shard_hands`` hands (see the module).

    Parameters
    ----------
    variant : Variant
        The rules of every hand.
    bots : sequence of str
        One bot per seat (2..``variant.max_players``): a name of :data:`lowball.bots.BOTS` or
        ``package.module:factory`` (see :func:`lowball.bots.make_bot`). On worker processes and
        cluster workers the module must be importable too: from ``bot_path`` (the same
        directory on that machine) or installed there (on Dask, ``client.upload_file`` sends a
        single module).
    hands : int
        Hands to play (>= 0).
    seed : int, optional
        Makes the run reproducible: the decks and every bot's random choices come from it and
        each session's index; the same seed gives the same result whatever runs it.
    stack : int, optional
        The starting stack of every seat in chips. Default: 100 big blinds (100 chips when the
        variant has no big blind).
    reset_stacks : bool, default False
        Start every hand from the starting stacks; otherwise stacks carry over within a session
        and a broke seat rebuys the starting stack.
    phh_dir : path, optional
        Write each hand as a PHH file there (``hand-000001.phh``, ...), with the ``hand``,
        ``players`` (bot names by position) and ``seats`` (1-based seat by position) fields.
        The directory is made if missing. A hand is never overwritten: when the directory
        already holds one of the files this run would write, nothing is played and an error
        names the first of them (file names stay the run's hand numbers, the ``hand`` field).
        Worker processes write the files of their sessions (on a cluster: on the worker's
        machine, at this path).
    progress : callable, optional
        Called with the number of hands finished: 1 after every hand in process, a session's
        hands when it finishes on workers (for one progress bar over all workers).
    bot_path : sequence of str or os.PathLike, default ()
        Directories where a ``package.module:factory`` bot's module is looked for before
        ``sys.path`` (``search_path`` of :func:`lowball.bots.make_bot`).
    shard_hands : int, default 1000
        Hands per session (shard). Part of what a seed reproduces; not tied to the workers.
    executor : concurrent.futures.Executor, optional
        Runs the sessions (a ``ProcessPoolExecutor``, a Dask ``Client.get_executor()``, ...).
    workers : int, optional
        Without an executor: N > 1 plays the sessions on N worker processes started for the run;
        None or 1 plays them here.

    Returns
    -------
    SimulationResult
        With ``partial=True`` when Ctrl-C stopped the run (the hands finished by then).

    Raises
    ------
    LowballError
        For an unknown bot or one that cannot be made (see :func:`lowball.bots.make_bot`), a
        bad ``bot_path``, an empty ``phh_dir``, a bad number of seats, a bad stack, hand count,
        ``shard_hands``, ``executor`` or ``workers`` (both given), a ``phh_dir`` that cannot be made or
        already holds a file this run would write (naming it), a bot that chose an illegal
        action (naming the bot, its seat and the action), or a session whose worker was lost
        more than :data:`lowball.parallel.RETRIES` times.
    FileError
        A LowballError too: for a hand's PHH file that cannot be written (naming it and the
        reason); each file appears whole or not at all.
    InvalidTypeError
        A LowballError too: for a ``phh_dir`` that is not a str or os.PathLike.
    """
    if not isinstance(variant, Variant):
        raise LowballError(f"variant = {shown(variant)}: expected a lowball Variant")
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise LowballError(f"bots = {shown(bots)}: expected a list of bot names, one per seat")
    n = len(bots)
    if not 2 <= n <= variant.max_players:
        raise LowballError(f"{counted(n, 'player')}: {variant.name} seats 2..{variant.max_players}")
    hands = whole_number(hands, "hands", 0)
    if stack is None:
        stack = 100 * variant.forced.big_blind or 100
    stack = whole_number(stack, "stack", 1)
    if not isinstance(reset_stacks, bool):
        raise LowballError(f"reset_stacks = {shown(reset_stacks)}: expected True or False")
    shard_hands = whole_number(shard_hands, "shard_hands", 1)
    workers = check_executor(executor, workers)
    seed = check_seed(seed, generators=False)
    path = tuple(search_dirs(bot_path))
    for b in bots:  # every bot made once here: a bad one is refused before any work starts
        make_bot(b, variant, random.Random(0), search_path=path)
    out_dir: str | None = None
    if phh_dir is not None:
        dir_text = path_text(phh_dir, "phh_dir")
        if not dir_text:
            raise LowballError(f"phh_dir = {shown(phh_dir)} is empty: expected a directory for the PHH files")
        directory = Path(dir_text)
        _make_directory(directory)
        taken = _first_taken(directory, hands)
        if taken is not None:
            raise LowballError(f"{taken} already exists: {_NO_OVERWRITE}")
        out_dir = str(directory.resolve())
    count = -(-hands // shard_hands)
    jobs = [
        _Session(
            k,
            k * shard_hands + 1,
            min(shard_hands, hands - k * shard_hands),
            shard_seed,
            variant,
            tuple(bots),
            stack,
            reset_stacks,
            out_dir,
            path,
        )
        for k, shard_seed in enumerate(shard_seeds(seed, count))
    ]
    result = SimulationResult(variant, 0, seed, stack, reset_stacks, [SeatResult(s, b) for s, b in enumerate(bots)])
    result.shard_hands = shard_hands
    result.ran_on = describe_executor(executor, workers)
    for s, b in enumerate(bots):
        result.bots.setdefault(b, []).append(s)

    def merge(index: int, part: _SessionResult) -> bool:
        for r, chips, sd, nsd, rebuys in zip(
            result.seats, part.chips, part.won_showdown, part.won_without_showdown, part.rebuys
        ):
            r.chips += chips
            r.won_showdown += sd
            r.won_without_showdown += nsd
            r.rebuys += rebuys
        result.hands += part.hands
        result.showdowns += part.showdowns
        result.total_pot += part.total_pot
        result.reshuffles += part.reshuffles
        result.sessions += 1
        if progress is not None and not local:
            progress(part.hands)
        return False

    local = executor is None and (workers is None or workers <= 1)
    task: Callable[[_Session], _SessionResult] = (
        functools.partial(_play_session, progress=progress) if local else _play_session
    )
    start = time.perf_counter()

    def session(k: int) -> str:  # as a user counts: sessions and hands from 1
        first = k * shard_hands + 1
        return f"session {k + 1} (hands {first}..{min(first + shard_hands - 1, hands)})"

    result.partial = run_shards(
        task, jobs, merge, executor=executor, workers=workers, stopped=_interrupted, name=session
    )
    result.seconds = time.perf_counter() - start
    return result


def _interrupted(part: _SessionResult) -> bool:
    return part.interrupted

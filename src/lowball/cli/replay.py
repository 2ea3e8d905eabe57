"""Stepping through a recorded hand: the work behind ``lowball replay``.

Each step is one action of the PHH file: the action as written (with its line), what that line
did in words, and the table after it with every player's cards (a hand history knows them all).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from lowball.cli.render import cards_text, describe_event, phase_text, ranking_of, render_table
from lowball.engine import HandState
from lowball.errors import counted
from lowball.phh import HandHistory, invented_cards, unknown_in_events
from lowball.variants import FixedLimit

__all__ = ["labels_of", "replay_steps", "replay_header", "replay_footer"]


def labels_of(history: HandHistory) -> list[str]:
    """A name for each position: ``p1`` .. ``pN``, with the player's name from the file's
    ``players`` field when it has one (``p1 Jones``)."""
    n = len(history.starting_stacks)
    names = history.fields.get("players")
    if isinstance(names, list) and len(names) == n and all(isinstance(x, str) for x in names):
        return [f"p{i + 1} {names[i]}" for i in range(n)]
    return [f"p{i + 1}" for i in range(n)]


def replay_header(history: HandHistory, path: str = "") -> str:
    """The first lines of a replay: the file, the game in players' words with its stakes and
    PHH code (``2-7 triple draw, fixed limit 2/4 (F2L3D)``), the event fields the file has,
    then the forced bets, the players and their stacks."""
    labels = labels_of(history)
    v = history.variant
    f = v.forced
    first = f"{path}: " if path else ""
    first += v.name
    if isinstance(v.betting, FixedLimit):  # a fixed-limit game is named by its bets: 2/4
        first += f" {v.betting.small_bet}/{v.betting.big_bet}"
    first += f" ({history.fields.get('variant', v.code)})"
    for key in ("event", "hand", "day", "month", "year"):
        if key in history.fields:
            first += f", {key} {history.fields[key]}"
    second = f"blinds {f.small_blind}/{f.big_blind}"
    if f.ante:
        second += f", {'big blind ante' if f.big_blind_ante else 'ante'} {f.ante}"
    if not isinstance(v.betting, FixedLimit) and v.betting.min_bet != f.big_blind:
        second += f", minimum bet {v.betting.min_bet}"
    second += f", {counted(len(labels), 'player')}, {counted(len(history.actions), 'action')}"
    starting = "starting stacks: " + ", ".join(f"{label} {s}" for label, s in zip(labels, history.starting_stacks))
    return "\n".join([first, second, starting]) + "\n"


def replay_steps(
    history: HandHistory, labels: Sequence[str] | None = None, *, symbols: bool = False
) -> Iterator[tuple[str, HandState]]:
    """Each step of the replay: its text (the action, what it did in words, and the table after
    it) and the state after it. Hands dealt and shown, and in the table, are written highest
    card first (:func:`lowball.cli.render.sorted_hand`); ``symbols``: the cards with suit
    symbols (``7\u2660``) instead of letters (``7s``).

    A step tells what its own line of the file did, never what a later line records, although
    the engine does some of it earlier:

    - ``d dh pN`` of the deal tells pN's cards, five (four in badugi; the engine deals every hand
      at once);
    - ``pN sd CARDS`` tells the cards thrown, and the next ``d dh pN`` line the cards drawn for
      them (the engine deals those with the discard);
    - ``pN sm CARDS`` (or ``pN sm -``) tells pN's hand shown at the showdown, and ``pN sm``
      that pN mucks it: unseen, and out of every pot (the replay plays the showdown as the file
      records it).

    What the engine does by itself after an action, and the file has no line for (the blinds
    and antes, a betting round or a draw beginning, an uncalled bet returned, the pots won), is
    told right after what comes before it in the engine's order, at the same step: a betting
    round begins with the last drawn cards of the draw (the draw is over only when they are
    dealt), the first betting round with the last hand dealt, and the pots are won with the
    last hand shown. Where the file records nothing at all, as a showdown written without
    ``sm`` lines, the engine's events are told with the file's last action, when the replay
    settles the showdown as the engine does by itself.

    The table is shown after a step that did something, once everything the engine has done is
    told: not after a discard whose cards the engine has dealt but the file has yet to record.

    Raises
    ------
    PHHError
        From :meth:`HandHistory.replay`, naming the action and its line, when the file cannot
        be replayed; the steps before it have been yielded.
    """
    labels = list(labels) if labels is not None else labels_of(history)
    ranking = ranking_of(history.variant)
    lines = history.parsed_actions()  # (kind, position, verb, argument) of each action
    total = len(lines)

    def line_for(kind: str, pos: int | None, verb: str, start: int) -> int | None:
        """The first line at or after ``start`` that records ``kind``/``verb`` for ``pos``."""
        return next((j for j in range(start, total) if lines[j][:3] == (kind, pos, verb)), None)

    held: list[tuple[int, int, str]] = []  # (step to tell it at, order of events, text)
    order = 0
    latest = 0  # the latest step anything so far is told at
    seen = 0
    for step in history.replay():
        i = step.index
        state = step.state
        new = state.events[seen:]
        seen = len(state.events)
        pots = len(state.pots) if state.is_complete else 1
        hidden = unknown_in_events(state)  # the stand-ins for the file's ?? cards, by event
        for index, e in enumerate(new, start=seen - len(new)):
            unknown, thrown = hidden.get(index, (frozenset(), frozenset()))
            text = describe_event(e, labels, pots=pots, unknown=unknown, symbols=symbols, ranking=ranking)
            parts: list[tuple[int | None, str]]  # (line that records it or None, text)
            if e.kind == "deal":
                parts = [(line_for("deal", e.position, "dh", i), text)] if text else []
            elif e.kind == "draw":
                who = labels[e.position] if e.position is not None else ""
                parts = [
                    (i, f"{who} discards {cards_text(e.discarded, thrown, symbols=symbols)}"),
                    (
                        line_for("deal", e.position, "dh", i + 1),
                        f"{who} draws {cards_text(e.cards, unknown, symbols=symbols)}",
                    ),
                ]
            elif e.kind in _OWN_LINE:
                parts = [(i, text)] if text else []
            else:  # done by the engine itself: after what comes before it
                parts = [(latest, text)] if text else []
            for j, part in parts:
                due = i if j is None else max(i, j)
                latest = max(latest, due)
                held.append((due, order, part))
                order += 1
        told = sorted((h for h in held if h[0] <= i), key=lambda h: h[1])
        held = [h for h in held if h[0] > i]
        where = f" (line {step.line})" if step.line else ""
        out = [f"[{i + 1}/{total}]{where} {step.action}"]
        out += ["  " + t for _, _, t in told]
        if (new or told) and not held:
            table = render_table(state, labels, reveal=True, unknown=invented_cards(state), symbols=symbols)
            out.append(table.rstrip("\n"))
        yield "\n".join(out) + "\n", state


# Events of a player's own action, told at the step of its line.
_OWN_LINE = frozenset({"fold", "check", "call", "bet", "raise", "stand_pat", "show", "muck"})


def _by_player(labels: Sequence[str], values: Sequence[int]) -> str:
    return ", ".join(f"{a} {v}" for a, v in zip(labels, values))


def _recorded(history: HandHistory, key: str) -> tuple[int, ...] | str:
    """The file's ``key`` (a list of whole numbers, one per player), or the reason it cannot
    be checked."""
    value = history.fields.get(key)
    n = len(history.starting_stacks)
    if (
        not isinstance(value, list)
        or len(value) != n
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        return f"the file's {key} = {value!r} is not {n} whole numbers, one per player: not checked"
    return tuple(value)


def _check(labels: Sequence[str], key: str, recorded: tuple[int, ...] | str, replayed: Sequence[int]) -> str:
    """Whether the replay's ``replayed`` values match the file's ``key``, and where not how."""
    if isinstance(recorded, str):
        return recorded
    if tuple(replayed) == recorded:
        return f"the file's {key} match the replay"
    diff = [f"{a} {r} (the file: {w})" for a, r, w in zip(labels, replayed, recorded) if r != w]
    return f"the file's {key} do not match the replay, which gives " + ", ".join(diff)


def replay_footer(history: HandHistory, final: HandState | None) -> str:
    """The last lines of a replay: the finishing stacks and the chips each player won, and
    whether they match what the file records (its ``finishing_stacks`` and ``winnings``; when it
    records neither, that nothing was checked). A history that ends before the hand is
    complete says so and gives the stacks where it ends; one with no actions says that."""
    labels = labels_of(history)
    if final is None:
        return "the hand history has no actions: there is nothing to replay\n"
    if not final.is_complete:
        return (
            f"the hand is incomplete: the hand history ends in {phase_text(final)}, before the pots are won,"
            " so there is no result to check\n"
            f"stacks where it ends: {_by_player(labels, final.stacks)}\n"
        )
    lines = [
        f"finishing stacks: {_by_player(labels, final.stacks)}",
        f"won from the pots: {_by_player(labels, final.winnings)}",
    ]
    checked = False
    if "finishing_stacks" in history.fields:
        lines.append(_check(labels, "finishing_stacks", _recorded(history, "finishing_stacks"), final.stacks))
        checked = True
    if "winnings" in history.fields:
        lines.append(_check(labels, "winnings", _recorded(history, "winnings"), final.winnings))
        checked = True
    if not checked:
        lines.append("the file records neither finishing_stacks nor winnings: the result is not checked")
    return "\n".join(lines) + "\n"

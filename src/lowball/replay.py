"""Stepping through a recorded hand: the work behind ``lowball replay``.

Each step is one action of the PHH file: the action as written (with its line), what happened
in words, and the table after it with every player's cards (a hand history knows them all).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from lowball.cards import Card
from lowball.engine import HandState
from lowball.phh import _CARDS_RE, HandHistory
from lowball.table import describe_event, render_table

__all__ = ["labels_of", "unknown_cards", "replay_steps", "replay_header", "replay_footer"]


def labels_of(history: HandHistory) -> list[str]:
    """A name for each position: ``p1`` .. ``pN``, with the player's name from the file's
    ``players`` field when it has one (``p1 Jones``)."""
    n = len(history.starting_stacks)
    names = history.fields.get("players")
    if isinstance(names, list) and len(names) == n and all(isinstance(x, str) for x in names):
        return [f"p{i + 1} {names[i]}" for i in range(n)]
    return [f"p{i + 1}" for i in range(n)]


def unknown_cards(history: HandHistory) -> frozenset[int]:
    """The cards the replay deals in place of the file's unknown cards (``??``): every card
    that the file does not name anywhere in its actions."""
    named = set()
    for action in history.actions:
        for token in _CARDS_RE.findall(action):
            if token != "??":
                named.add(int(Card(token)))
    return frozenset(c for c in range(52) if c not in named)


def replay_header(history: HandHistory, path: str = "") -> str:
    """The first lines of a replay: the file, the variant, the players and their stacks."""
    labels = labels_of(history)
    v = history.variant
    f = v.forced
    lines = [f"{path}: " if path else ""]
    lines[0] += f"{history.fields.get('variant', v.code)} ({v.draws} draw{'s' if v.draws > 1 else ''})"
    for key in ("event", "hand", "day", "month", "year"):
        if key in history.fields:
            lines[0] += f", {key} {history.fields[key]}"
    lines.append(
        f"blinds {f.small_blind}/{f.big_blind}" + (f", ante {f.ante}" if f.ante else "")
        + f", {len(labels)} players, {len(history.actions)} actions"
    )
    lines.append("starting stacks: " + ", ".join(
        f"{label} {s}" for label, s in zip(labels, history.starting_stacks)
    ))
    return "\n".join(lines) + "\n"


def replay_steps(
    history: HandHistory, labels: Sequence[str] | None = None
) -> Iterator[tuple[str, HandState]]:
    """Each step of the replay: its text (the action, its events in words, and the table after
    it, left out when the action changed nothing, as the deal actions after the first) and the
    state after it.

    Raises
    ------
    PHHError
        From :meth:`HandHistory.replay`, naming the action and its line, when the file cannot
        be replayed; the steps before it have been yielded.
    """
    labels = list(labels) if labels is not None else labels_of(history)
    unknown = unknown_cards(history)
    seen = 0
    total = len(history.actions)
    for step in history.replay():
        state = step.state
        new = state.events[seen:]
        seen = len(state.events)
        where = f" (line {step.line})" if step.line else ""
        out = [f"[{step.index + 1}/{total}]{where} {step.action}"]
        pots = len(state.pots) if state.is_complete else 1
        for e in new:
            text = describe_event(e, labels, pots=pots, unknown=unknown)
            if text is not None:
                out.append("  " + text)
        if new:
            out.append(render_table(state, labels, reveal=True, unknown=unknown).rstrip("\n"))
        yield "\n".join(out) + "\n", state


def replay_footer(history: HandHistory, stacks: Sequence[int] | None, complete: bool) -> str:
    """The last lines: the finishing stacks, and whether they agree with the file's."""
    labels = labels_of(history)
    if stacks is None:
        return "the hand history has no actions\n"
    lines = []
    if not complete:
        lines.append("the hand history ends before the hand is complete")
    lines.append("finishing stacks: " + ", ".join(f"{a} {s}" for a, s in zip(labels, stacks)))
    if history.finishing_stacks is not None:
        if tuple(stacks) == tuple(history.finishing_stacks):
            lines.append("(the same as the file's finishing_stacks)")
        else:
            lines.append(f"(the file's finishing_stacks differ: {list(history.finishing_stacks)})")
    return "\n".join(lines) + "\n"

"""Playing at the terminal against bots: the work behind ``lowball play``.

The person sits in seat 1; the bots fill the other seats. After every hand the button moves one
seat clockwise; a bot that goes broke buys in again for the starting stack; the game ends when
the person types ``q`` (or input ends) or has no chips left. Between hands only Enter (an empty
line) deals the next hand and ``q`` quits; anything else is asked again.

What the person may type (case does not matter):

====================  =====================================================================
``f``                 fold
``x``                 check
``c``                 call (or check when there is nothing to call)
``b 20`` / ``r 40``   bet 20 / raise to 40 (the total this round); in fixed limit the amount
                      may be left out
``d 9h Kd``           discard these cards (in a draw)
``d 1 4``             discard the 1st and 4th card of your hand as shown
``p``                 stand pat (discard nothing)
``?``                 help
``q``                 quit
====================  =====================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import click

from lowball._files import without_bom
from lowball.bots import make_bot
from lowball.cards import Card, format_cards, parse_cards
from lowball.cli.render import describe_event, describe_legal, render_table, sorted_hand
from lowball.engine import Action, HandState, LegalActions, Strategy, apply_action
from lowball.errors import IllegalActionError, InvalidCardError
from lowball.evaluation import describe
from lowball.table import Table, random_sources
from lowball.variants import Variant

__all__ = ["Command", "parse_command", "sorted_hand", "play_session", "HELP"]

HELP = """\
  f          fold                      x       check
  c          call (or check)           b 20    bet 20 (in fixed limit: just b)
  r 40       raise to 40 (or just r)   p       stand pat
  d 9h Kd    discard these cards       d 1 4   discard the 1st and 4th card shown
  q          quit                      ?       this help"""


@dataclass(frozen=True)
class Command:
    """What a line typed at the prompt means: ``kind`` is ``"action"`` (with ``action``),
    ``"quit"``, ``"help"`` or ``"error"`` (with ``error``, the reason to show)."""

    kind: str
    action: Action | None = None
    error: str = ""


def _err(message: str) -> Command:
    return Command("error", error=message)


def _amount(words: list[str], legal: LegalActions, verb: str) -> int | Command:
    lo, hi = legal.min_to, legal.max_to
    allowed = f"{lo}" if lo == hi else f"{lo} to {hi}"
    if len(words) == 1:
        if lo == hi:
            return lo
        return _err(f"say how much: {words[0]} N, the total to {verb} to, from {allowed}")
    if len(words) > 2 or not words[1].isdigit():
        return _err(f"{' '.join(words)!r}: expected {words[0]} and a whole number of chips ({allowed})")
    to = int(words[1])
    if not lo <= to <= hi:
        return _err(f"you cannot {verb} to {to}: allowed {allowed}")
    return to


def parse_command(text: str, legal: LegalActions, hand: Sequence[Card]) -> Command:
    """Read one line typed at the prompt (see the module docstring).

    Parameters
    ----------
    text : str
        The line.
    legal : LegalActions
        What the player may do now; an entry that is not allowed gives an error with the reason.
    hand : sequence of Card
        The player's hand *as shown* (:func:`sorted_hand`): ``d 1 4`` counts places in it.

    Returns
    -------
    Command
    """
    words = text.split()
    if not words:
        return _err("type an action (? for help)")
    head = words[0].lower()
    if head in ("q", "quit", "exit"):
        return Command("quit")
    if head in ("?", "h", "help"):
        return Command("help")
    drawing_only = ("d", "discard", "draw", "p", "pat", "stand")
    if legal.draw and head not in drawing_only:
        if head in ("f", "fold", "x", "check", "c", "call", "b", "bet", "r", "raise"):
            return _err("it is the draw: discard with d (d 9h Kd or d 1 4) or stand pat with p")
        return _err(f"unknown entry {head!r} (? for help)")
    if head in ("p", "pat", "stand"):
        if not legal.draw:
            return _err("you can stand pat only in a draw; now it is a betting round")
        if len(words) > 1:
            return _err("p takes nothing after it: it keeps all five cards")
        return Command("action", Action.stand_pat())
    if head in ("d", "discard", "draw"):
        if not legal.draw:
            return _err("you can discard only in a draw; now it is a betting round")
        return _discard(words[1:], hand)
    if head in ("f", "fold"):
        if not legal.fold:
            return _err("there is no bet to fold to: check with x")
        return Command("action", Action.fold())
    if head in ("x", "check"):
        if not legal.check:
            return _err(f"you cannot check: {legal.call_amount} to call (c to call, f to fold)")
        return Command("action", Action.check())
    if head in ("c", "call"):
        return Command("action", Action.check() if legal.check else Action.call())
    if head in ("b", "bet"):
        if legal.raise_:
            return _err("there is a bet already: raise with r, call with c")
        if not legal.bet:
            return _err("you may not bet now (the betting is capped or everyone else is all in)")
        amount = _amount(words, legal, "bet")
        return amount if isinstance(amount, Command) else Command("action", Action.bet(amount))
    if head in ("r", "raise"):
        if legal.bet:
            return _err("there is no bet to raise: bet with b")
        if not legal.raise_:
            return _err("you may not raise now (the betting is capped, or you can only call)")
        amount = _amount(words, legal, "raise")
        return amount if isinstance(amount, Command) else Command("action", Action.raise_to(amount))
    return _err(f"unknown entry {head!r} (? for help)")


def _discard(args: list[str], hand: Sequence[Card]) -> Command:
    if not args:
        return _err("name the cards to discard (d 9h Kd, or d 1 4 by place), or stand pat with p")
    if all(a.isdigit() for a in args):
        places = [int(a) for a in args]
        bad = [p for p in places if not 1 <= p <= len(hand)]
        if bad:
            return _err(f"no card at place {bad[0]}: places are 1 to {len(hand)}")
        if len(set(places)) != len(places):
            return _err("a place is named twice")
        return Command("action", Action.discard([hand[p - 1] for p in places]))
    try:
        cards = parse_cards(" ".join(args))
    except InvalidCardError as e:
        return _err(f"{e} (d 9h Kd, or d 1 4 by place)")
    missing = [c for c in cards if c not in hand]
    if missing:
        return _err(f"you do not hold {missing[0]}: your hand is {format_cards(hand, ' ')}")
    return Command("action", Action.discard(cards))


def _prompt(text: str) -> str | None:
    """One line from the player (a byte-order mark at its start dropped: piped input saved with
    one), or None when the input ends."""
    try:
        value: str = click.prompt(text, default="", show_default=False, prompt_suffix="> ")
    except click.Abort:
        click.echo()
        return None
    return without_bom(value)


def _show_hand(hand: Sequence[Card]) -> str:
    shown = sorted_hand(hand)
    cards = "  ".join(f"{i}:{c}" for i, c in enumerate(shown, start=1))
    return f"Your hand: {cards}   ({describe(shown)})"


def play_session(
    variant: Variant,
    players: int,
    *,
    stack: int,
    seed: int | None = None,
    bots: Sequence[str] = ("sensible",),
    name: str = "hero",
    echo: Callable[[str], None] = click.echo,
) -> int:
    """Play hands at the terminal until the player quits or is broke.

    Parameters
    ----------
    variant : Variant
        The rules.
    players : int
        Seats at the table, the player's included (2..``variant.max_players``).
    stack : int
        Everyone's starting stack in chips.
    seed : int, optional
        Makes the cards and the bots' choices reproducible.
    bots : sequence of str
        Bot names for seats 2, 3, ... (the list repeats when shorter).
    name : str
        The player's name at the table.
    echo : callable
        Where the text goes (default: standard output).

    Returns
    -------
    int
        Hands played to the end.

    Raises
    ------
    LowballError
        For an unknown bot or a bad table (before any hand is dealt).
    """
    deck_source, sources = random_sources(seed, players)
    names = [name] + [f"{bots[(s - 1) % len(bots)]}{s + 1}" for s in range(1, players)]
    strategies: list[Strategy | None] = [None] + [
        make_bot(bots[(s - 1) % len(bots)], variant, sources[s]) for s in range(1, players)
    ]
    table = Table(variant, [stack] * players, deck_source=deck_source)
    echo(f"{variant.name}: {players} players, {stack} chips each. You are {name} (seat 1).")
    echo("Type ? at your turn for help, q to quit.")
    played = 0
    while True:
        for s in table.rebuy(stack, seats=range(1, players)):
            echo(f"{names[s]} is broke and buys in again for {stack}")
        order = table.seats_by_position()
        labels = [names[s] for s in order]
        me = order.index(0)
        state = table.new_hand()
        echo("")
        echo(
            f"=== Hand {played + 1}: button {names[table.button]}; stacks "
            + ", ".join(f"{names[s]} {table.stacks[s]}" for s in range(players))
            + " ==="
        )
        seen = 0
        seen = _narrate(state, labels, me, seen, echo)
        while state.actor is not None:
            pos = state.actor
            if pos != me:
                bot = strategies[order[pos]]
                assert bot is not None
                view = state.view(pos)
                assert view.legal is not None
                apply_action(state, bot.act(view, view.legal))
            elif not _human_turn(state, labels, me, played + 1, variant, echo):
                _goodbye(state.stacks[me], stack, played, echo, mid_hand=True)
                return played
            seen = _narrate(state, labels, me, seen, echo)
        table.finish_hand(state)
        played += 1
        echo(render_table(state, labels, me=me, title=f"--- Hand {played} result ---"))
        if table.stacks[0] <= 0:
            echo(f"{name} is out of chips.")
            _goodbye(0, stack, played, echo)
            return played
        if not _next_hand(echo):
            _goodbye(table.stacks[0], stack, played, echo)
            return played


def _next_hand(echo: Callable[[str], None]) -> bool:
    """Ask between hands: True for an empty line (Enter), False for q or quit (or exit, or the
    input ending); anything else is refused and asked again, so that a stray word never deals
    the next hand."""
    while True:
        answer = _prompt("Enter for the next hand, q to quit")
        if answer is None:
            return False
        word = answer.strip().lower()
        if not word:
            return True
        if word in ("q", "quit", "exit"):
            return False
        echo("  only Enter goes on to the next hand; q quits")


def _narrate(state: HandState, labels: Sequence[str], me: int, seen: int, echo: Callable[[str], None]) -> int:
    """Tell the events after the first ``seen`` (as ``me`` may see them); return the new count."""
    pots = len(state.pots) if state.is_complete else 1
    for e in state.events[seen:]:
        text = describe_event(e.hidden_for(me), labels, pots=pots)
        if text is not None:
            echo(text)
    return len(state.events)


def _human_turn(
    state: HandState, labels: Sequence[str], me: int, number: int, variant: Variant, echo: Callable[[str], None]
) -> bool:
    """Prompt until the player makes a legal move; False when the player quits."""
    legal = state.legal_actions()
    echo(render_table(state, labels, me=me, title=f"--- Hand {number} ---"))
    hand = sorted_hand(state.hand(me))
    echo(_show_hand(hand))
    echo(describe_legal(legal, variant))
    while True:
        line = _prompt(labels[me])
        if line is None:
            return False
        cmd = parse_command(line, legal, hand)
        if cmd.kind == "quit":
            return False
        if cmd.kind == "help":
            echo(HELP)
            continue
        if cmd.kind == "error":
            echo(f"  {cmd.error}")
            continue
        assert cmd.action is not None
        try:
            apply_action(state, cmd.action)
        except IllegalActionError as e:  # pragma: no cover - parse_command checks first
            echo(f"  {e}")
            continue
        return True


def _goodbye(chips: int, stack: int, played: int, echo: Callable[[str], None], mid_hand: bool = False) -> None:
    left = " (leaving the hand in play)" if mid_hand else ""
    echo(f"You leave after {played} hand{'s' if played != 1 else ''}{left} with {chips} chips ({chips - stack:+d}).")

"""Playing at the terminal against bots: the work behind ``lowball play``.

The person sits in seat 1; the bots fill the other seats. After every hand the button moves one
seat clockwise; a bot that goes broke buys in again for the starting stack; the game ends when
the person types ``q`` (or input ends) or has no chips left. Between hands only Enter (an empty
line) deals the next hand and ``q`` quits; anything else is asked again.

What the person may type (case does not matter; a word or its first letter):

=========================  ================================================================
``f`` / ``fold``           fold
``x`` / ``check``          check
``c`` / ``call``           call (or check when there is nothing to call)
``b 20`` / ``b20``         bet 20 (``bet 20``); in fixed limit ``b`` alone bets the fixed amount
``r 40`` / ``r40``         raise to 40, the total this round (``raise 40``); in fixed limit ``r``
                           alone raises by the fixed amount
``r pot`` / ``b pot``      raise (bet) the size of the pot: pot and no limit, capped at the stack
``a`` / ``all in``         all in: bet or raise the whole stack (``r all``, ``allin``), or call
                           when calling takes the whole stack; refused where the betting does
                           not allow it (pot limit above the pot; fixed limit unless the stack
                           is short of a full bet)
``d 9h Kd``                discard these cards (in a draw; ``discard``, ``draw``); suit
                           symbols as ``d 9♥ K♦`` too
``d 1 4``                  discard the 1st and 4th card of your hand as shown (highest first)
``p`` / ``stand pat``      stand pat (discard nothing)
``?`` / ``h`` / ``help``   help, and the odds: at a draw the best discards of your hand for
                           this draw (exact), facing a bet the pot odds of a call
``q`` / ``quit``           quit (``exit`` too)
=========================  ================================================================

An amount after ``f``, ``x``, ``c``, ``p``, ``a`` or ``q`` (``c 100``) is refused rather than
ignored, and so is an amount that is not allowed: in fixed limit the message gives the one
amount there is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import click

from lowball._files import without_bom
from lowball.bots import make_bot
from lowball.cards import Card, format_cards, parse_cards
from lowball.cli.odds import play_odds
from lowball.cli.render import describe_event, describe_legal, fit, ranking_of, render_table, terminal_width
from lowball.engine import Action, HandState, LegalActions, PlayStrategy, apply_action, pot_size_to
from lowball.errors import IllegalActionError, InvalidCardError, counted
from lowball.evaluation import Ranking, describe, sorted_hand
from lowball.seeds import random_sources
from lowball.table import BuyIn, Table
from lowball.variants import FixedLimit, Variant

__all__ = ["Command", "parse_command", "sorted_hand", "play_session", "HELP", "keys_help"]

_KEYS = [
    ("f", "fold"),
    ("x", "check"),
    ("c", "call (or check)"),
    ("b 20", "bet 20 (b20; fixed limit: b)"),
    ("r 40", "raise to 40 (r40; or r)"),
    ("r pot", "raise the pot (b pot: bet it)"),
    ("a", "all in (r all, all in)"),
    ("p", "stand pat"),
    ("d 9h Kd", "discard these cards"),
    ("d 1 4", "discard the 1st and 4th card"),
    ("q", "quit"),
    ("?", "this help, and the odds"),
]
_WORDS = (
    "Words work too: fold, check, call, bet 20, raise 40, pat, draw 9h Kd; help or h for ?, quit or exit for q. "
    "? shows the odds: the draw table at a draw, the pot odds facing a bet."
)


def keys_help(width: int | None = 80) -> str:
    """What ``?`` lists: the keys in two columns where ``width`` allows (one below it; None: no
    limit), then the words that work too, wrapped at spaces to ``width``."""
    width = width if width is not None else 1 << 30
    key = max(len(k) for k, _ in _KEYS) + 3
    meaning = max(len(m) for _, m in _KEYS[0::2]) + 3  # the left column's
    if 2 + 2 * key + meaning + max(len(m) for _, m in _KEYS[1::2]) <= width:
        rows = [f"  {a:<{key}}{am:<{meaning}}{b:<{key}}{bm}" for (a, am), (b, bm) in zip(_KEYS[0::2], _KEYS[1::2])]
    else:
        rows = [f"  {k:<{key}}{m}" for k, m in _KEYS]
    return "\n".join(rows) + "\n" + fit("  " + _WORDS, width)


HELP = keys_help(None)
"""The keys ``?`` lists where no terminal sets a width (:func:`keys_help`)."""


@dataclass(frozen=True)
class Command:
    """What a line typed at the prompt means: ``kind`` is ``"action"`` (with ``action``),
    ``"quit"``, ``"help"`` or ``"error"`` (with ``error``, the reason to show)."""

    kind: str
    action: Action | None = None
    error: str = ""


def _err(message: str) -> Command:
    return Command("error", error=message)


_FOLD = ("f", "fold")
_CHECK = ("x", "check")
_CALL = ("c", "call")
_BET = ("b", "bet")
_RAISE = ("r", "raise")
_PAT = ("p", "pat", "stand")
_DRAW = ("d", "discard", "draw")
_ALL_IN = ("a", "allin", "all-in", "all")
_QUIT = ("q", "quit", "exit")
_HELP = ("?", "h", "help")
_BETTING = _FOLD + _CHECK + _CALL + _BET + _RAISE + _ALL_IN


def _words(text: str) -> list[str]:
    """The words of a line, a first word like ``r40`` split into ``r 40`` and ``all in`` (or
    ``stand pat``) read as one word (``allin``, ``pat``); the case of card texts is kept."""
    words = text.split()
    if words:
        m = re.fullmatch(r"([A-Za-z]+)(\d+)", words[0])
        if m:
            words[0:1] = [m.group(1), m.group(2)]
    for i in range(len(words) - 1):
        pair = (words[i].lower(), words[i + 1].lower())
        if pair in (("all", "in"), ("stand", "pat")):
            words[i : i + 2] = ["allin" if pair[0] == "all" else "pat"]
            break
    return words


class _Chips(NamedTuple):
    stack: int  # chips behind
    wager: int  # chips put in this betting round
    pot: int  # chips in the pot, this round's wagers included


def _all_in(legal: LegalActions, chips: _Chips) -> Command:
    """All in: a bet or raise of the whole stack where the betting allows it, or a call that
    takes the whole stack."""
    all_in_to = chips.wager + chips.stack
    if (legal.bet or legal.raise_) and legal.max_to == all_in_to:
        return Command("action", Action.bet(all_in_to) if legal.bet else Action.raise_to(all_in_to))
    if legal.call and legal.call_amount == chips.stack:
        return Command("action", Action.call())
    if legal.bet or legal.raise_:
        verb = "bet" if legal.bet else "raise to"
        return _err(
            f"you cannot go all in ({all_in_to} this round): the most you may {verb} is {legal.max_to}"
            f" ({'b' if legal.bet else 'r'} {legal.max_to})"
        )
    if legal.call:
        return _err(
            f"you cannot go all in: you may not raise now, and a call of {legal.call_amount} leaves you "
            f"{chips.stack - legal.call_amount} (c to call, f to fold)"
        )
    return _err("you cannot go all in: you may not bet now (x to check)")


def _pot_to(legal: LegalActions, chips: _Chips) -> int:
    """The total of a pot-size bet or raise: call, then raise by the pot after the call; never
    above the stack nor below the smallest bet or raise."""
    to = pot_size_to(chips.wager + legal.call_amount, chips.pot, legal.call_amount)
    return max(legal.min_to, min(to, legal.max_to))


def _amount(words: list[str], legal: LegalActions, verb: str, chips: _Chips, fixed: bool) -> int | Command:
    lo, hi = legal.min_to, legal.max_to
    allowed = f"{lo}" if lo == hi else f"{lo} to {hi}"
    if len(words) == 1:
        if lo == hi:
            return lo
        return _err(f"say how much: {words[0]} N, the total to {verb} to, from {allowed}")
    arg = words[1].lower()
    if len(words) == 2 and arg in _ALL_IN:
        cmd = _all_in(legal, chips)  # a wager is open, so all in is a wager of the stack or refused
        return cmd.action.amount if cmd.action is not None else cmd
    if len(words) == 2 and arg == "pot":
        if fixed:
            return _err(f"fixed limit has no pot-size {verb}: the {verb} is to {hi} ({words[0]})")
        return _pot_to(legal, chips)
    if len(words) > 2 or not (arg.isascii() and arg.isdigit()):
        return _err(f"{' '.join(words)!r}: expected {words[0]} and a whole number of chips ({allowed}), pot or all")
    to = int(arg)
    if not lo <= to <= hi:
        if lo == hi:
            return _err(f"you cannot {verb} to {to}: the only {verb} is to {lo} ({words[0]} or {words[0]} {lo})")
        return _err(f"you cannot {verb} to {to}: allowed {allowed}")
    return to


def parse_command(
    text: str,
    legal: LegalActions,
    hand: Sequence[Card],
    *,
    stack: int,
    wager: int = 0,
    pot: int = 0,
    fixed_limit: bool = False,
    symbols: bool = False,
) -> Command:
    """Read one line typed at the prompt (see the module docstring for what may be typed).

    Parameters
    ----------
    text : str
        The line.
    legal : LegalActions
        What the player may do now; an entry that is not allowed gives an error with the reason.
    hand : sequence of Card
        The player's hand *as shown* (:func:`sorted_hand`): ``d 1 4`` counts places in it.
    stack : int
        The player's chips behind (not yet put in), for all in.
    wager : int, default 0
        The chips the player has put in this betting round, for all in and a pot-size raise.
    pot : int, default 0
        The chips in the pot, this round's wagers included (``HandState.pot_total``), for a
        pot-size bet or raise.
    fixed_limit : bool, default False
        The betting is fixed limit: no pot-size bet or raise.
    symbols : bool, default False
        Cards in an error message with suit symbols (``9\u2665``) instead of letters.

    Returns
    -------
    Command
        An action, quit, help, or an error with the reason (never an exception).
    """
    chips = _Chips(stack, wager, pot)
    words = _words(text)
    if not words:
        return _err("type an action (? for help)")
    head = words[0].lower()
    if head in _QUIT or head in _HELP:
        if len(words) > 1:
            return _err(f"{head} takes nothing after it ({head} to {'quit' if head in _QUIT else 'see the help'})")
        return Command("quit" if head in _QUIT else "help")
    if legal.draw and head not in _PAT + _DRAW:
        if head in _BETTING:
            return _err("it is the draw: discard with d (d 9h Kd or d 1 4) or stand pat with p")
        return _err(f"unknown entry {head!r} (? for help)")
    if head in _PAT:
        if not legal.draw:
            return _err("you can stand pat only in a draw; now it is a betting round")
        if len(words) > 1:
            return _err(f"p takes nothing after it: it keeps all {_COUNT.get(len(hand), len(hand))} cards")
        return Command("action", Action.stand_pat())
    if head in _DRAW:
        if not legal.draw:
            return _err("you can discard only in a draw; now it is a betting round")
        return _discard(words[1:], hand, symbols)
    if head in _FOLD + _CHECK + _CALL + _ALL_IN and len(words) > 1:
        if head in _FOLD:
            what = "fold with f" if legal.fold else "there is no bet to fold to: check with x"
        elif head in _CHECK:
            what = "check with x"
        elif head in _ALL_IN:
            what = "go all in with a"
        else:
            what = f"the call is {legal.call_amount}: call with c" if legal.call else "nothing to call: check with x"
        return _err(f"{' '.join(words)!r}: {head} takes no amount ({what})")
    if head in _FOLD:
        if not legal.fold:
            return _err("there is no bet to fold to: check with x")
        return Command("action", Action.fold())
    if head in _CHECK:
        if not legal.check:
            return _err(f"you cannot check: {legal.call_amount} to call (c to call, f to fold)")
        return Command("action", Action.check())
    if head in _CALL:
        return Command("action", Action.check() if legal.check else Action.call())
    if head in _ALL_IN:
        return _all_in(legal, chips)
    if head in _BET:
        if legal.raise_:
            return _err("there is a bet already: raise with r, call with c")
        if not legal.bet:
            return _err("you may not bet now (the betting is capped or everyone else is all in)")
        amount = _amount(words, legal, "bet", chips, fixed_limit)
        return amount if isinstance(amount, Command) else Command("action", Action.bet(amount))
    if head in _RAISE:
        if legal.bet:
            return _err("there is no bet to raise: bet with b")
        if not legal.raise_:
            return _err("you may not raise now (the betting is capped, or you can only call)")
        amount = _amount(words, legal, "raise", chips, fixed_limit)
        return amount if isinstance(amount, Command) else Command("action", Action.raise_to(amount))
    return _err(f"unknown entry {head!r} (? for help)")


def _discard(args: list[str], hand: Sequence[Card], symbols: bool) -> Command:
    if not args:
        return _err("name the cards to discard (d 9h Kd, or d 1 4 by place), or stand pat with p")
    if all(a.isascii() and a.isdigit() for a in args):
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
        held = format_cards(hand, " ", symbols=symbols)
        return _err(f"you do not hold {format_cards(missing[:1], symbols=symbols)}: your hand is {held}")
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


_COUNT = {4: "four", 5: "five"}


def _show_hand(hand: Sequence[Card], symbols: bool = False, ranking: Ranking = Ranking.DEUCE_TO_SEVEN) -> str:
    """The player's hand highest card first (the ace low in A-5 and badugi), each card with its
    place for ``d 1 4``, described in the game's ``ranking``."""
    shown = sorted_hand(hand, ranking)
    cards = "  ".join(f"{i}:{format_cards([c], symbols=symbols)}" for i, c in enumerate(shown, start=1))
    return f"Your hand: {cards}   ({describe(shown, ranking)})"


def play_session(
    variant: Variant,
    players: int,
    *,
    stack: int,
    seed: int | None = None,
    bots: Sequence[str] = ("solid",),
    name: str = "hero",
    echo: Callable[[str], None] = click.echo,
    symbols: bool = False,
    bot_path: Sequence[str] = (),
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
        Bot names for seats 2, 3, ... (the list repeats when shorter; default the solid player).
    name : str
        The player's name at the table.
    echo : callable
        Where the text goes (default: standard output).
    symbols : bool, default False
        Write the cards with suit symbols (``7\u2660``) instead of letters (``7s``).
    bot_path : sequence of str, default ()
        Directories where a ``package.module:factory`` bot's module is looked for before
        ``sys.path`` (``search_path`` of :func:`lowball.bots.make_bot`).

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
    strategies: list[PlayStrategy | None] = [None] + [
        make_bot(bots[(s - 1) % len(bots)], variant, sources[s], search_path=bot_path) for s in range(1, players)
    ]
    # the table's seats, button and blinds (lowball.table); no clock runs: tick is never called
    table = Table(variant, seats=players, deck_source=deck_source, buy_in=BuyIn(1), button=players - 1)
    for s in range(players):
        table.sit(s, names[s], stack)
    echo(f"{variant.name}: {players} players, {counted(stack, 'chip')} each. You are {name} (seat 1).")
    echo("Type ? at your turn for help, q to quit.")
    played = 0
    while True:
        for s in range(1, players):
            info = table.seats[s]
            if info is not None and info.chips <= 0:  # sat out broke at the end of the last hand
                table.add_chips(s, stack)
                table.sit_in(s)
                echo(f"{names[s]} is broke and buys in again for {stack}")
        stacks = [info.chips if info is not None else 0 for info in table.seats]
        table.deal()
        order = list(table.seats_by_position())
        labels = [names[s] for s in order]
        me = order.index(0)
        button = table.button
        assert button is not None
        echo("")
        echo(
            fit(
                f"=== Hand {played + 1}: button {names[button]}; stacks "
                + ", ".join(f"{names[s]}\xa0{stacks[s]}" for s in range(players))  # a name and its stack kept together
                + " ==="
            )
        )
        seen = _narrate(table.hand_state(), labels, me, 0, echo, symbols)
        while table.actor is not None:
            seat = table.actor
            if seat != 0:
                bot = strategies[seat]
                assert bot is not None
                view = table.view(seat)
                assert view.hand is not None and view.legal is not None
                table.act(seat, bot.act(view.hand, view.legal), seq=table.seq)
            else:
                state = table.hand_state()
                action = _human_turn(state, labels, me, played + 1, variant, echo, symbols)
                if action is None:
                    _goodbye(state.stacks[me], stack, played, echo, mid_hand=True)
                    return played
                table.act(0, action, seq=table.seq)
            now = table.hand_state() if table.in_hand else table.last_hand
            assert now is not None
            seen = _narrate(now, labels, me, seen, echo, symbols)
        played += 1
        final = table.last_hand
        assert final is not None
        echo(render_table(final, labels, me=me, title=f"--- Hand {played} result ---", symbols=symbols))
        chips = table.seats[0].chips if table.seats[0] is not None else 0
        if chips <= 0:
            echo(f"{name} is out of chips.")
            _goodbye(0, stack, played, echo)
            return played
        if not _next_hand(echo):
            _goodbye(chips, stack, played, echo)
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


def _narrate(
    state: HandState, labels: Sequence[str], me: int, seen: int, echo: Callable[[str], None], symbols: bool
) -> int:
    """Tell the events after the first ``seen`` (as ``me`` may see them); return the new count."""
    pots = len(state.pots) if state.is_complete else 1
    ranking = ranking_of(state.variant)
    for e in state.events[seen:]:
        text = describe_event(e.hidden_for(me), labels, pots=pots, symbols=symbols, ranking=ranking)
        if text is not None:
            echo(text)
    return len(state.events)


def _human_turn(
    state: HandState,
    labels: Sequence[str],
    me: int,
    number: int,
    variant: Variant,
    echo: Callable[[str], None],
    symbols: bool,
) -> Action | None:
    """Prompt until the player makes a legal move and return it (tried on ``state``, a copy of
    the table's hand); None when the player quits. The hand is shown highest card first and
    ``d 1 4`` counts places in it as shown."""
    legal = state.legal_actions()
    echo(render_table(state, labels, me=me, title=f"--- Hand {number} ---", symbols=symbols))
    ranking = ranking_of(variant)
    hand = sorted_hand(state.hand(me), ranking)
    echo(_show_hand(hand, symbols, ranking))
    echo(describe_legal(legal, variant))
    while True:
        line = _prompt(labels[me])
        if line is None:
            return None
        cmd = parse_command(
            line,
            legal,
            hand,
            stack=state.stacks[me],
            wager=state.bets[me],
            pot=state.pot_total,
            fixed_limit=isinstance(variant.betting, FixedLimit),
            symbols=symbols,
        )
        if cmd.kind == "quit":
            return None
        if cmd.kind == "help":
            echo(keys_help(terminal_width()))
            echo(_odds_help(state, me, legal, symbols))
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
        return cmd.action


def _odds_help(state: HandState, me: int, legal: LegalActions, symbols: bool) -> str:
    """What ``?`` shows after the keys: the discard table at a draw (your earlier discards in
    the muck, reshuffled by the game's rule when the stub runs short; none once the muck has
    been reshuffled into the stub, where they may be again), the pot odds facing a bet."""
    hand = state.hand(me)
    dead: list[Card] = []
    if state.deck.reshuffles == 0:
        for e in state.events:
            if e.kind == "draw" and e.position == me:
                dead += [c for c in e.discarded if c not in hand]
    text = play_odds(
        hand,
        drawing=legal.draw,
        to_call=legal.call_amount if legal.call else 0,
        pot=state.pot_total,
        dead=dead,
        symbols=symbols,
        draws_after=state.variant.draws - state.draw_round if legal.draw else 0,
        ranking=ranking_of(state.variant),
        rule=state.variant.reshuffle,
        burn=state.variant.burn,
    )
    return text.rstrip("\n")


def _goodbye(chips: int, stack: int, played: int, echo: Callable[[str], None], mid_hand: bool = False) -> None:
    left = " (leaving the hand in play)" if mid_hand else ""
    echo(f"You leave after {played} hand{'s' if played != 1 else ''}{left} with {chips} chips ({chips - stack:+d}).")

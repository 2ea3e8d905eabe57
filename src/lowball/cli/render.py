"""The text the ``lowball`` command shows: the table, what happened, what a player may type.

Rendering lives here, with the command; the library (:mod:`lowball.engine`, :mod:`lowball.table`)
never imports it.
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from collections.abc import Collection, Sequence
from typing import Any

from lowball.cards import Card, format_cards
from lowball.engine import (
    BETTING,
    COMPLETE,
    DRAWING,
    SHOWDOWN,
    Event,
    HandState,
    LegalActions,
)
from lowball.errors import counted
from lowball.evaluation import Ranking, describe, sorted_hand
from lowball.simulate import SimulationResult
from lowball.variants import FixedLimit, Variant

__all__ = [
    "render_table",
    "describe_event",
    "describe_legal",
    "roles",
    "phase_text",
    "sorted_hand",  # lowball.evaluation.sorted_hand, the name it had here
    "ranking_of",
    "cards_text",
    "simulation_report",
    "terminal_width",
    "fit",
]

NARROWEST = 40
"""The narrowest width text is fitted to (a terminal said to be narrower gets lines of 40)."""


def terminal_width() -> int | None:
    """The width to fit text to: the ``COLUMNS`` variable when it is set, else the width of the
    terminal standard output writes to (:func:`shutil.get_terminal_size`), at least
    :data:`NARROWEST`; None (lines kept whole) when standard output is no terminal (a pipe, a
    file: what reads it there reads lines, not a screen)."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit():
        return max(NARROWEST, int(columns))
    try:
        tty = sys.stdout is not None and sys.stdout.isatty()
    except (AttributeError, ValueError, OSError):
        tty = False
    return max(NARROWEST, shutil.get_terminal_size().columns) if tty else None


def fit(text: str, width: int | None = None, indent: str = "  ") -> str:
    """``text`` with each line longer than ``width`` (:func:`terminal_width` by default; None
    there, no terminal: the text as it is) wrapped at
    spaces, the lines after the first indented by ``indent``; a word is never broken (one
    longer than the width stands alone on its line) and a line that fits is left as it is. A
    no-break space (``"\\xa0"``) holds two words together on one line and is written as a
    space."""
    width = terminal_width() if width is None else width
    if width is None:
        return text.replace("\xa0", " ")
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip(" "))]
        out.append(
            textwrap.fill(
                line,
                width,
                initial_indent="",
                subsequent_indent=lead + indent,
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n".join(out).replace("\xa0", " ")


def roles(state: HandState) -> list[str]:
    """The role of each position: ``D`` (button), ``SB``, ``BB`` (heads-up ``D/SB``), ``K`` (the
    kill of a killed pot), or ``""``. A game of antes without blinds has only the button."""
    out = [""] * state.n
    f = state.variant.forced
    if f.big_blind > 0:
        posts = state.posts
        bb = state.big_blind_position
        if posts is not None and posts.live[bb] > f.big_blind:  # a kill: twice the big blind (RULES.md 9)
            out[bb] = "K"
            # the big blind is the first position that posted a full one (the small blind, if
            # any, just before it; posts to come in come after it)
            bb = next((p for p in range(state.n) if posts.live[p] >= f.big_blind), bb)
            before = (bb - 1) % state.n
            if before != bb and 0 < posts.live[before] < f.big_blind:
                out[before] = "SB"
        else:
            sb = state.small_blind_position
            if sb is not None:
                out[sb] = "SB"
        out[bb] = "BB"
    last = state.n - 1  # the button (heads-up also the small blind: D/SB)
    out[last] = f"D/{out[last]}" if out[last] else "D"
    return out


def phase_text(state: HandState) -> str:
    """Where a hand is, in words: ``betting round 1 of 4``, ``draw 2 of 3``, ``showdown``,
    ``hand complete``."""
    v = state.variant
    if state.phase == COMPLETE:
        return "hand complete"
    if state.phase == SHOWDOWN:
        return "showdown"
    if state.phase == DRAWING:
        return f"draw {state.draw_round} of {v.draws}"
    return f"betting round {state.betting_round} of {v.betting_rounds}"


def _names(positions: Sequence[int], labels: Sequence[str]) -> str:
    return ", ".join(labels[p] for p in positions)


def ranking_of(variant: Variant) -> Ranking:
    """The hand ranking of a variant's showdown (``variant.ranking``)."""
    return variant.ranking


def cards_text(
    cards: Sequence[Card],
    unknown: Collection[int] = (),
    *,
    sort: bool = False,
    symbols: bool = False,
    ranking: Ranking = Ranking.DEUCE_TO_SEVEN,
) -> str:
    """Cards as the table shows them, separated by spaces; those in ``unknown`` as ``??``;
    ``sort``: highest rank first (:func:`sorted_hand`, the ace low in A-5 and badugi:
    ``ranking``), the ``??`` last; ``symbols``: suits as symbols (``7\u2660``) instead of
    letters (``7s``)."""
    if sort:
        known = sorted_hand([c for c in cards if int(c) not in unknown], ranking)
        cards = known + tuple(c for c in cards if int(c) in unknown)
    return " ".join("??" if int(c) in unknown else format_cards([c], symbols=symbols) for c in cards)


def render_table(
    state: HandState,
    labels: Sequence[str],
    *,
    me: int | None = None,
    reveal: bool = False,
    title: str = "",
    unknown: Collection[int] = (),
    symbols: bool = False,
) -> str:
    """The table as text: the phase and pot (with the side pots once a player is all in), then
    one line per player in position order: who is to act (``>``), name, role, stack, wager this
    round, folded or all in, cards drawn in each draw (``pat`` for none), and the cards one may
    see.

    Parameters
    ----------
    state : HandState
        The hand.
    labels : sequence of str
        A name for each position.
    me : int, optional
        The position of the person looking: their cards are shown.
    reveal : bool, default False
        Show every player's cards (a replay of a hand history). Otherwise only ``me``'s and
        those shown at the showdown.
    title : str
        A first line, e.g. the hand number.
    unknown : collection of int
        Cards to show as ``??`` (stand-ins for the unknown cards of a hand history).
    symbols : bool, default False
        Suits as symbols (``7\u2660``) instead of letters (``7s``).
    """
    lines = [title] if title else []
    ranking = ranking_of(state.variant)
    pot = state.pot_total
    head = f"{state.variant.name}: {phase_text(state)}"
    if state.phase != COMPLETE:
        head += f", pot {pot}"
    lines.append(head)
    alive = state.in_hand()
    if state.phase != COMPLETE and any(state.stacks[p] == 0 for p in alive):
        # Pots with one player eligible are only wagers not yet called: not shown as pots.
        pots = [p for p in state.side_pots() if len(p.eligible) > 1]
        if len(pots) > 1:
            parts = [f"main pot {pots[0].amount} ({_names(pots[0].eligible, labels)})"]
            parts += [
                f"side pot {i}: {p.amount} ({_names(p.eligible, labels)})" for i, p in enumerate(pots[1:], start=1)
            ]
            lines.append("  " + "; ".join(parts))
    role = roles(state)
    width = max(len("player"), *(len(s) for s in labels))
    sw = max(5, len(str(max(state.stacks) + pot)))
    bw = max(3, len(str(max(state.bets))))
    lines.append(f"    {'player':<{width}} {'':<4} {'stack':>{sw}} {'bet':>{bw}}  {'status':<6}  {'drew':<11} cards")
    for p in range(state.n):
        mark = ">" if state.actor == p else " "
        if state.folded[p]:
            status = "folded"
        elif state.stacks[p] == 0 and state.phase != COMPLETE:
            status = "all in"
        else:
            status = ""
        drew = " ".join("pat" if d[p] == 0 else ("-" if d[p] < 0 else str(d[p])) for d in state.drawn)
        cards = ""
        if state.folded[p] and not reveal:
            cards = ""
        elif reveal or p == me:
            cards = cards_text(state.hand(p), unknown, sort=True, symbols=symbols, ranking=ranking)
        elif p in state.shown:
            cards = cards_text(state.shown[p], unknown, sort=True, symbols=symbols, ranking=ranking)
        bet = state.bets[p] if state.phase == BETTING else 0
        lines.append(
            f"  {mark} {labels[p]:<{width}} {role[p]:<4} {state.stacks[p]:>{sw}} "
            f"{bet if bet else '':>{bw}}  {status:<6}  {drew:<11} {cards}".rstrip()
        )
    return "\n".join(lines) + "\n"


# Events whose text needs only the player, the amount or the round number.
_EVENT_TEXT = {
    "round": "-- betting round {number} --",
    "draw_round": "-- draw {number} --",
    "ante": "{who} posts an ante of {amount}",
    "blind": "{who} posts a blind of {amount}",
    "fold": "{who} folds",
    "check": "{who} checks",
    "call": "{who} calls ({amount} in this round)",
    "bet": "{who} bets {amount}",
    "raise": "{who} raises to {amount}",
    "stand_pat": "{who} stands pat",
    "muck": "{who} mucks",
}


def describe_event(
    event: Event,
    labels: Sequence[str],
    *,
    pots: int = 1,
    unknown: Collection[int] = (),
    symbols: bool = False,
    ranking: Ranking = Ranking.DEUCE_TO_SEVEN,
) -> str | None:
    """One event of a hand in words (``"p3 raises to 8"``), or None for events not worth a line.

    Cards hidden from the viewer (see :meth:`Event.hidden_for`) are told by count only; cards
    in ``unknown`` are written ``??``. A hand dealt or shown is written highest card first
    (:func:`sorted_hand`, the ``??`` last; the ace low in A-5 and badugi) and a hand shown is
    described in the game's ``ranking`` (``describe(..., ranking)``: ``4-3-2: three-card 4``);
    the cards of a draw in the order thrown and dealt. ``pots`` is the number of pots at the end
    of the hand, to name the pot a win comes from; ``symbols``: suits as symbols (``7\u2660``)
    instead of letters (``7s``).
    """
    who = labels[event.position] if event.position is not None else ""
    k = event.kind
    template = _EVENT_TEXT.get(k)
    if template is not None:
        return template.format(who=who, amount=event.amount, number=event.number)
    if k == "deal":
        if event.cards:
            return f"{who} is dealt {cards_text(event.cards, unknown, sort=True, symbols=symbols, ranking=ranking)}"
        return None
    if k == "draw":
        if event.discarded:
            thrown = cards_text(event.discarded, unknown, symbols=symbols)
            return f"{who} discards {thrown} and draws {cards_text(event.cards, unknown, symbols=symbols)}"
        return f"{who} draws {event.number}"
    if k == "return":
        return f"{who} takes back {event.amount} uncalled"
    if k == "show":
        shown = cards_text(event.cards, unknown, sort=True, symbols=symbols, ranking=ranking)
        if any(int(c) in unknown for c in event.cards):
            return f"{who} shows {shown}"
        return f"{who} shows {shown}: {describe(event.hand_class, ranking)}"
    if k == "win":
        where = ""
        if pots > 1:
            where = " from the main pot" if event.pot == 0 else f" from side pot {event.pot}"
        return f"{who} wins {event.amount}{where}"
    return None


def describe_legal(legal: LegalActions, variant: Variant) -> str:
    """What the player to act may type, with the amounts: ``"2 to call: f, c, r 6"``."""
    if legal.draw:
        return "discard: d 9h Kd (cards) or d 1 4 (places in your hand); p to stand pat"
    parts: list[str] = []
    if legal.fold:
        parts.append("f fold")
    if legal.check:
        parts.append("x check")
    if legal.call:
        parts.append(f"c call {legal.call_amount}")
    if legal.bet or legal.raise_:
        verb, key = ("bet", "b") if legal.bet else ("raise to", "r")
        if legal.min_to == legal.max_to:
            parts.append(f"{key} {legal.min_to} {verb} {legal.min_to}")
        else:
            parts.append(f"{key} N {verb} {legal.min_to}..{legal.max_to}")
    fixed = f" ({variant.betting.title})" if isinstance(variant.betting, FixedLimit) else ""
    return ", ".join(parts) + fixed


def simulation_report(result: SimulationResult, timing: bool = True) -> str:
    """A simulation's results as the text ``lowball simulate`` prints: a table per seat, a table
    per bot, then the totals (``timing``: with the hands per second, the one line a seeded run
    does not reproduce)."""
    v = result.variant
    stacks = "reset every hand" if result.reset_stacks else "carried over; a broke seat rebuys the starting stack"
    seed = "no seed" if result.seed is None else f"seed {result.seed}"
    # a bot's name (package.module:factory) may be longer than the column: widen it, never shift
    w = max([10] + [len(r.bot) for r in result.seats])
    lines = [
        f"{v.name} ({v.code or 'custom'}), {counted(len(result.seats), 'player')}, "
        f"{counted(result.hands, 'hand')}, {seed}",
        f"starting stack {counted(result.stack, 'chip')}, {stacks}",
        f"sessions: {result.sessions:,} of at most {result.shard_hands:,} hands, each at a table of its own",
        "",
        f"{'seat':>4}  {'bot':<{w}} {'chips won':>10} {'per 100':>9} {'won at SD':>10} {'won w/o SD':>10} "
        f"{'rebuys':>6}",
    ]
    for r in result.seats:
        lines.append(
            f"{r.seat + 1:>4}  {r.bot:<{w}} {r.chips:>+10} {result.per_100(r.chips):>+9.1f} "
            f"{result.share(r.won_showdown):>10.1%} {result.share(r.won_without_showdown):>10.1%} "
            f"{r.rebuys:>6}"
        )
    by_bot = result.by_bot()
    seat_lists = [",".join(str(s) for s in b["seats"]) for b in by_bot]
    sw = max([12] + [len(s) for s in seat_lists])
    lines += [
        "",
        f"{'bot':<{w}} {'seats':<{sw}} {'chips won':>10} {'per 100/seat':>12} {'won at SD':>10} {'won w/o SD':>10}",
    ]
    for b, seats in zip(by_bot, seat_lists):
        lines.append(
            f"{b['bot']:<{w}} {seats:<{sw}} {b['chips']:>+10} "
            f"{b['chips_per_100_hands_per_seat']:>+12.1f} {b['won_at_showdown']:>10.1%} "
            f"{b['won_without_showdown']:>10.1%}"
        )
    lines += [
        "",
        f"hands to showdown   {result.share(result.showdowns):.1%}",
        f"average pot         {result.total_pot / result.hands if result.hands else 0:.2f} chips",
        f"reshuffles per hand {result.reshuffles / result.hands if result.hands else 0:.4f}",
    ]
    if timing:
        lines.append(f"hands per second    {result.hands_per_second:.0f} ({result.ran_on})")
    if result.partial:
        lines.insert(0, f"PARTIAL RESULT: stopped by Ctrl-C after {counted(result.hands, 'hand')}")
    return "\n".join(lines) + "\n"


def tournament_report(summary: dict[str, Any]) -> str:
    """A tournament's :meth:`Tournament.summary <lowball.tournament.Tournament.summary>` as the
    text ``lowball tournament`` prints: the event, the prize pool, hands and levels, then every
    place with its prize."""
    s = summary
    lv = s["last_level"]
    lines = [
        f"{s['variant']} ({s['code'] or 'custom'}), {counted(s['entries'], 'entry', 'entries')}, seed {s['seed']}",
        f"buy-in {s['buy_in']:,} + {s['fee']:,}, prize pool {s['prize_pool']:,}, "
        f"{counted(s['places_paid'], 'place')} paid",
        f"hands played {s['hands_played']:,} ({counted(s['rounds'], 'round')}), "
        f"levels reached {s['levels_reached']} (blinds {lv['small_blind']:,}/{lv['big_blind']:,})",
        "",
        f"{'place':>5}  {'player':<10} {'prize':>10}",
    ]
    for r in s["places"]:
        lines.append(f"{r['place']:>5}  {r['player']:<10} {r['prize']:>10,}")
    return "\n".join(lines) + "\n"

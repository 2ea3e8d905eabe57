"""The work behind ``lowball draw`` and ``lowball odds``, and the odds ``?`` shows in ``lowball play``.

Counting is :mod:`lowball.odds`'s; this module reads the command's text arguments (naming the
option a bad value came in), and turns the library's results into the text and JSON the command
prints. Every hand is written highest first, as a low is read, the ace last in A-5 and badugi
(:func:`~lowball.evaluation.sorted_hand`), in the text and in the JSON alike, however it was given
(letters or suit symbols, any order).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from lowball import odds
from lowball.cards import Card, format_cards, read_cards, read_hand
from lowball.cli.render import cards_text, fit
from lowball.deck import ReshuffleRule
from lowball.errors import InvalidCardError, InvalidValueError, shown
from lowball.evaluation import Ranking, describe, sorted_hand

__all__ = [
    "vs_text",
    "read_hand",
    "read_cards",
    "read_vs",
    "read_discards",
    "draw_report",
    "draw_json",
    "equity_report",
    "equity_json",
    "pot_odds",
    "play_odds",
]

_LOW_NAMES = {r: f"{r}-low" for r in odds.LOWS}
_BADUGI_NAMES = {7: "7-high", 8: "8-high", 9: "9-high", 10: "T-high"}


def _low_names(ranking: Ranking) -> dict[int, str]:
    """The columns of the lows a draw table shows: ``7-low`` .. ``10-low``; in badugi the
    four-card badugis ``7-high`` .. ``T-high``."""
    return _BADUGI_NAMES if ranking is Ranking.BADUGI else _LOW_NAMES


# -- reading arguments -------------------------------------------------------------------------


def _thrown(hand: tuple[Card, ...], text: str, name: str, whose: str) -> tuple[Card, ...]:
    """The cards of ``text`` (``-``, ``pat`` or blank: none), each of them in ``hand``."""
    word = text.strip()
    if word.lower() in ("", "-", "pat"):
        return ()
    thrown = read_cards(word, name)
    for c in thrown:
        if c not in hand:
            raise InvalidCardError(f"{name}: {c} is not in {whose} {format_cards(sorted_hand(hand))}")
    return thrown


def read_vs(text: str, size: int = 5) -> tuple[tuple[Card, ...], tuple[Card, ...] | None]:
    """``--vs`` of ``lowball draw``: ``HAND`` (a pat hand) or ``HAND:DISCARD`` (a hand that draws,
    throwing DISCARD; ``HAND:`` or ``HAND:-`` stands pat). Returns (hand, discard or None for a
    pat hand given without a colon).

    Raises
    ------
    InvalidCardError
        For a malformed hand, or a discarded card not in it.
    """
    hand_text, colon, thrown_text = text.partition(":")
    hand = read_hand(hand_text, "--vs", size)
    if not colon:
        return hand, None
    return hand, _thrown(hand, thrown_text, "--vs discard", "the opponent's hand")


def read_discards(text: str, hands: Sequence[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    """``--discards`` of ``lowball odds``: one discard per hand, in order, separated by commas;
    ``-``, ``pat`` or nothing stands pat (``-,9h 8h`` or ``,9h8h``).

    Raises
    ------
    InvalidValueError
        For the wrong number of discards.
    InvalidCardError
        For a malformed card, or one not in its hand.
    """
    parts = text.split(",")
    if len(parts) != len(hands):
        raise InvalidValueError(
            f"--discards {shown(text)}: {len(parts)} discard{'' if len(parts) == 1 else 's'} for {len(hands)} hands: "
            "give one per hand in order, separated by commas, - to stand pat (e.g. -,9h8h)"
        )
    return [_thrown(h, p, f"--discards (hand {i})", f"hand {i}") for i, (h, p) in enumerate(zip(hands, parts), start=1)]


# -- lowball draw ------------------------------------------------------------------------------


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def _kept(cards: Sequence[Card], symbols: bool, ranking: Ranking = Ranking.DEUCE_TO_SEVEN) -> str:
    return cards_text(cards, sort=True, symbols=symbols, ranking=ranking) if cards else "-"


def draw_report(
    table: odds.DiscardTable,
    *,
    dead: Sequence[Card] = (),
    vs: str | None = None,
    target: int | None = None,
    top: int | None = None,
    symbols: bool = False,
    removed: Sequence[Card] = (),
    fit_width: int | None = None,
) -> str:
    """A discard table as ``lowball draw`` prints it.

    A head (the hand, the unseen cards, the opponent, the target), then one row per discard,
    best first: its place, the cards kept (highest first; ``-`` for none), the cards drawn
    (``pat`` for none), the chance of a 7-, 8-, 9- and 10-low or better (in badugi of a
    four-card badugi 7, 8, 9 and T high or better), then the chance of
    ``target`` or better (when given) and of winning and tying against the opponent and the
    equity (when one was given), or the equity against the default opponent (``default``,
    when it orders the rows; the head names it). Percentages have one decimal.

    Parameters
    ----------
    table : DiscardTable
        From :func:`lowball.odds.discard_table`.
    dead : sequence of Card
        The dead cards, to name in the head.
    vs : str, optional
        The opponent in words (:func:`vs_text`), for the head.
    target : int, optional
        A class: adds the column of the chance of that hand or better.
    top : int, optional
        Show only the first ``top`` rows.
    symbols : bool, default False
        Suits as symbols.
    removed : sequence of Card
        The cards out of play for good, to name in the head.
    fit_width : int, optional
        The width the head's lines are fitted to (:func:`~lowball.cli.render.fit`; default the
        terminal's); the table's rows are kept whole.
    """
    rk = table.ranking
    names = _low_names(rk)
    lines = [f"{cards_text(table.hand, sort=True, symbols=symbols, ranking=rk)} ({describe(table.hand, rk)})"]
    if rk is not Ranking.DEUCE_TO_SEVEN:
        lines[0] = f"{rk.title}: {lines[0]}"
    where = f"{table.stub} unseen cards"
    if dead:
        where += f" ({cards_text(dead, sort=True, symbols=symbols, ranking=rk)} dead: in the muck)"
    if removed:
        where += f" ({cards_text(removed, sort=True, symbols=symbols, ranking=rk)} removed)"
    lines.append(f"{where}; every replacement counted exactly")
    if any(r.outcomes.reshuffled for r in table.rows):
        lines.append(
            "the stub cannot complete every discard: those draws take the rest from the muck (the dead cards) "
            "reshuffled, counted exactly"
        )
    if vs is not None:
        lines.append(f"vs {vs}")
    if target is not None:
        lines.append(f"target: {describe(target, rk)} or better")
    if table.opponent is not None:
        lines.append(f"default: your equity against {table.opponent}")
    elif table.note is not None:
        lines.append(table.note)
    what = "a four-card badugi this high" if rk is Ranking.BADUGI else "each low"
    lines.append(
        f"chance of {what} or better after the draw" + (", and against the opponent" if table.vs is not None else "")
    )
    if table.order == "equity" and table.opponent is not None:
        lines.append("rows by the default column (--order mean-lows: by the mean of the lows)")
    lines = [fit(line, fit_width) for line in lines]
    width = max(4, *(len(_kept(r.kept, symbols, rk)) for r in table.rows))
    head = f"{'#':>2}  {'keep':<{width}}  {'draw':<4}" + "".join(f"  {n:>6}" for n in names.values())
    if target is not None:
        head += f"  {'target':>6}"
    if table.vs is not None:
        head += f"  {'win':>6}  {'tie':>6}  {'equity':>6}"
    if table.opponent is not None:
        head += f"  {'default':>7}"
    lines += ["", head]
    rows = table.rows if top is None else table.rows[:top]
    for i, row in enumerate(rows, start=1):
        lows = row.lows()
        text = f"{i:>2}  {_kept(row.kept, symbols, rk):<{width}}  {row.drawn or 'pat':<4}"
        text += "".join(f"  {_pct(lows[r]):>6}" for r in names)
        if target is not None:
            text += f"  {_pct(row.outcomes.probability(target)):>6}"
        if row.win is not None and row.tie is not None and row.equity is not None:
            text += f"  {_pct(row.win):>6}  {_pct(row.tie):>6}  {_pct(row.equity):>6}"
        if table.opponent is not None and row.default_equity is not None:
            text += f"  {_pct(row.default_equity):>7}"
        lines.append(text)
    if top is not None and top < len(table.rows):
        lines.append(f"(best {top} of {len(table.rows)} discards)")
    return "\n".join(lines) + "\n"


def vs_text(
    hand: Sequence[Card] = (),
    thrown: Sequence[Card] | None = None,
    cls: int = 0,
    symbols: bool = False,
    ranking: Ranking = Ranking.DEUCE_TO_SEVEN,
) -> str:
    """The opponent of a discard table in words: a known pat ``hand`` (``thrown`` None), a known
    ``hand`` throwing ``thrown``, or a pat hand of class ``cls`` whose cards are not known; in
    the hand ``ranking``."""
    if not hand:
        return f"a pat {describe(cls, ranking)} (its cards unknown: none taken out of the deck)"
    shown = cards_text(hand, sort=True, symbols=symbols, ranking=ranking)
    if thrown is None:
        return f"{shown} standing pat ({describe(hand, ranking)})"
    if not thrown:
        return f"{shown} standing pat ({describe(hand, ranking)}), drawing nothing"
    n = len(thrown)
    return (
        f"{shown} throwing {cards_text(thrown, sort=True, symbols=symbols, ranking=ranking)} "
        f"(drawing {n}: both draws counted exactly)"
    )


def draw_json(
    table: odds.DiscardTable,
    *,
    dead: Sequence[Card] = (),
    vs: dict[str, Any] | None = None,
    target: int | None = None,
    removed: Sequence[Card] = (),
) -> dict[str, Any]:
    """A discard table as ``lowball draw --json`` writes it (:meth:`lowball.odds.DiscardTable.to_dict`)."""
    return table.to_dict(dead=dead, vs=vs, target=target, removed=removed)


# -- lowball odds ------------------------------------------------------------------------------


def _first_draw(result: odds.Equity, i: int, symbols: bool) -> str:
    if result.discards is None:
        return "by strategy"
    thrown = result.discards[i]
    return f"throws {cards_text(thrown, sort=True, symbols=symbols)}" if thrown else "pat"


def _trials(n: int) -> str:
    return f"{n:,} trial{'' if n == 1 else 's'}"


def _with_se(p: float, se: float, exact: bool) -> str:
    return f"{100 * p:.3f}%" if exact else f"{100 * p:.3f}% \u00b1 {100 * se:.3f}"


def short_of_target(target: float, reached: tuple[float, int], trials: int) -> str:
    """The line of a --stderr ``target`` not reached in ``trials`` trials: the standard error
    ``reached`` (the largest of the hands' equities, and that hand's number), in the equity's
    units and in the percentage points the table shows."""
    se, hand = reached
    return (
        f"--stderr {target:g} not reached: {_trials(trials)} (--trials) ran out at a standard error of "
        f"{se:.5f} (hand {hand}'s equity, ± {100 * se:.3f} points)"
    )


def equity_report(
    result: odds.Equity,
    hands: Sequence[Sequence[Card]],
    *,
    strategies: Sequence[str] = (),
    symbols: bool = False,
    dead: Sequence[Card] = (),
    removed: Sequence[Card] = (),
    repeat: str | None = None,
    short: tuple[float, float, int] | None = None,
    width: int | None = None,
) -> str:
    """An equity result as ``lowball odds`` prints it.

    A head saying exact (every deal counted, how many) or sampled (trials, the seed to repeat
    the run with, trials whose stub ran out when there were any), for a partial result (Ctrl-C)
    what it covers and ``repeat``, the command that repeats it; for a --stderr target the trials
    ran out before, ``short`` (the target, the standard error reached, the hand of it); the
    draws to come, the ``dead`` cards (highest
    first; none, no line) and the ``strategies`` (their texts on one line; none, no line);
    then one row per hand in the order given: its cards (highest first), what it throws on
    the first draw (``pat``, ``throws ...`` or ``by strategy``), and its chances of winning
    alone, tying and its equity (share of the pot), in percent with three decimals; a sampled
    run gives each with its standard error in
    percentage points (``93.811% ± 0.076``). The head's lines are fitted to ``width`` (the
    terminal's by default, :func:`~lowball.cli.render.fit`).
    """
    n = result.trials
    draws = f"{result.draws} draw{'' if result.draws == 1 else 's'} to come"
    if result.exact:
        lines = [f"exact: every one of {n:,} deal{'' if n == 1 else 's'} counted ({draws})"]
    else:
        if result.partial:
            lines = [
                f"PARTIAL RESULT: stopped by Ctrl-C after {_trials(n)}",
                f"sampled: {_trials(n)}, seed {result.seed} ({draws}); "
                + ("repeated by:" if repeat else f"--seed {result.seed} with --trials {n} repeats it"),
            ]
        else:
            lines = [f"sampled: {_trials(n)}, seed {result.seed} ({draws}; --seed {result.seed} repeats this run)"]
        if result.reshuffles:  # "reshuffled in 0 trials" says nothing
            lines.append(f"the stub ran out and was reshuffled in {_trials(result.reshuffles)}")
        if short is not None:
            lines.append(short_of_target(short[0], (short[1], short[2]), n))
    if dead:
        lines.append(
            f"dead: {cards_text(dead, sort=True, symbols=symbols)} (in the muck: back only through a reshuffle)"
        )
    if removed:
        lines.append(f"removed: {cards_text(removed, sort=True, symbols=symbols)} (out of play for good)")
    if strategies:
        lines.append("strategy: " + "; ".join(strategies))
    hand_text = [cards_text(h, sort=True, symbols=symbols) for h in hands]
    first = [_first_draw(result, i, symbols) for i in range(len(hands))]
    cells = [
        [_with_se(p.win, p.win_se, result.exact), _with_se(p.tie, p.tie_se, result.exact)]
        + [_with_se(p.equity, p.equity_se, result.exact)]
        for p in result.players
    ]
    hw = max(4, *(len(t) for t in hand_text))
    fw = max(10, *(len(t) for t in first))
    cw = [max(len(name), *(len(c[k]) for c in cells)) for k, name in enumerate(("win", "tie", "equity"))]
    head = f"{'':>2} {'hand':<{hw}}  {'first draw':<{fw}}" + "".join(
        f"  {name:>{w}}" for name, w in zip(("win", "tie", "equity"), cw)
    )
    lines = [fit(line, width) for line in lines]
    if result.partial and repeat:
        lines.insert(2, f"  {repeat}")  # whole, never wrapped: it is to be copied
    lines += ["", head]
    for i, (h, f, c) in enumerate(zip(hand_text, first, cells), start=1):
        lines.append(f"{i:>2} {h:<{hw}}  {f:<{fw}}" + "".join(f"  {x:>{w}}" for x, w in zip(c, cw)))
    return "\n".join(lines) + "\n"


def equity_json(
    result: odds.Equity,
    hands: Sequence[Sequence[Card]],
    strategies: Sequence[str] = (),
    dead: Sequence[Card] = (),
    removed: Sequence[Card] = (),
) -> dict[str, Any]:
    """An equity result as ``lowball odds --json`` writes it.

    One document (``lowball odds --json`` indents it), every hand in it in letters, highest
    first, nothing between the cards. Keys: ``exact``, ``draws``, ``trials`` (deals counted
    when exact, trials played when sampled), ``seed`` (sampled; null when exact),
    ``reshuffles``, ``share_unit`` (the pot shares are counted in units of 1/share_unit),
    ``partial``, ``dead`` (the dead cards, ``""`` for none), ``removed`` (likewise) and
    ``players`` in the order given, each with ``hand``, ``strategy`` (the strategy text it
    drew by, as given, or ``default``; null where no strategy decided anything), ``discard``
    (the first draw's, or null when a strategy decides it on the way), ``win``, ``tie``,
    ``equity``, their standard errors ``win_se``, ``tie_se``, ``equity_se``
    (0 when exact) and the exact sums ``wins``, ``ties`` and ``share``.
    """
    players = []
    for i, (h, p) in enumerate(zip(hands, result.players)):
        players.append(
            {
                "hand": format_cards(sorted_hand(h)),
                "strategy": strategies[i] if strategies else None,
                "discard": None if result.discards is None else format_cards(sorted_hand(result.discards[i])),
                "win": p.win,
                "tie": p.tie,
                "equity": p.equity,
                "win_se": p.win_se,
                "tie_se": p.tie_se,
                "equity_se": p.equity_se,
                "wins": p.wins,
                "ties": p.ties,
                "share": p.share,
            }
        )
    return {
        "exact": result.exact,
        "draws": result.draws,
        "trials": result.trials,
        "seed": result.seed,
        "reshuffles": result.reshuffles,
        "share_unit": odds.SHARE,
        "partial": result.partial,
        "dead": format_cards(sorted_hand(dead)),
        "players": players,
        "removed": format_cards(sorted_hand(removed)),
    }


# -- lowball play ------------------------------------------------------------------------------


def pot_odds(to_call: int, pot: int) -> str:
    """The price of a call in words: ``2 to call into a pot of 6: pot odds 3 to 1, a call needs
    25.0% equity`` (the share to call / (pot + to call)). ``pot`` counts every chip in the pot,
    this round's wagers included; both in chips, ``to_call`` > 0."""
    need = to_call / (pot + to_call)
    g = math.gcd(pot, to_call)
    ratio = f"{pot // g} to {to_call // g}" if to_call // g <= 10 else f"{pot / to_call:.2f} to 1"
    return f"{to_call} to call into a pot of {pot}: pot odds {ratio}, a call needs {_pct(need)} equity"


def play_odds(
    hand: Sequence[Card],
    *,
    drawing: bool,
    to_call: int,
    pot: int,
    dead: Sequence[Card] = (),
    top: int = 8,
    symbols: bool = False,
    draws_after: int = 0,
    ranking: Ranking = Ranking.DEUCE_TO_SEVEN,
    rule: ReshuffleRule = ReshuffleRule.SEEDS,
    burn: bool = False,
) -> str:
    """What ``?`` adds to the help in ``lowball play``: at a draw, the best ``top`` discards of
    ``hand`` for this draw (:func:`draw_report`, the ``dead`` cards in the muck, reshuffled by
    the game's ``rule`` and ``burn``), in 2-7 ordered by the equity against the default
    opponent with the ``draws_after`` draws still to come after this one played too (in A-5 and
    badugi by the mean of the lows, with a line that a rough pat hand is worth less than it
    shows when draws follow); facing a bet (``to_call`` > 0 chips), the pot odds of a call
    (:func:`pot_odds`, ``pot`` in chips, every wager in it); otherwise a line that there is
    nothing to price. The discards are counted in the game's ``ranking`` (exactly in A-5 and
    badugi too)."""
    if drawing:
        deck: dict[str, Any] = {} if rule is ReshuffleRule.SEEDS and not burn else {"rule": rule, "burn": burn}
        if ranking is Ranking.DEUCE_TO_SEVEN:
            table = odds.discard_table(hand, dead, draws=draws_after + 1, **deck)
        else:
            table = odds.discard_table(hand, dead, ranking=ranking, **deck)
        head = "Your discards for this draw:\n"
        if draws_after > 0 and table.opponent is None:
            later = "draw" if draws_after == 1 else "draws"
            head += (
                f"(the chances after this draw alone, as if it were the last: {draws_after} more {later} "
                "will follow, so a rough pat hand is worth less than it shows)\n"
            )
        return head + draw_report(table, dead=dead, top=top, symbols=symbols)
    if to_call > 0:
        return f"Pot odds: {pot_odds(to_call, pot)}.\n"
    return "Nothing to call: the pot odds show when you face a bet, the discards at a draw.\n"

"""The ``lowball`` command: rank and compare deuce-to-seven hands, the odds of a draw and the
equity of hands, play against bots, simulate bots, and replay hand histories from the terminal.

Exit status: 0 on success, 2 on bad input (the message names the line and the bad token, and
nothing is written). The work of ``rank``, ``play``, ``simulate`` and ``replay`` is in
:mod:`lowball.cli.rank`, :mod:`lowball.cli.play`, :mod:`lowball.simulate` and
:mod:`lowball.cli.replay`; ``draw`` and ``odds`` count with :mod:`lowball.odds` and are shown by
:mod:`lowball.cli.odds`; files are written by :func:`lowball._files.write_text`.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import io
import json
import os
import re
import shlex
import socket
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

import click

from lowball import __version__
from lowball._files import without_bom, write_text
from lowball.bots import BOTS
from lowball.cards import Card, format_cards, split_card_text
from lowball.cli import rank as rank_work
from lowball.cli.options import (
    MOST_SEATS,
    SEATS_HELP,
    VARIANT_CODES,
    burn_option,
    check_seats,
    dead_option,
    fresh_seed,
    json_option,
    number_option,
    players_option,
    quiet_option,
    ranking_option,
    ranking_value,
    removed_option,
    reshuffle_option,
    scheduler_option,
    seconds_option,
    seed_option,
    stack_option,
    stderr_target,
    symbols_option,
    table_names,
    variant_codes,
    variant_option,
    whole_option,
    workers_option,
)
from lowball.cli.render import simulation_report, tournament_report
from lowball.deck import ReshuffleRule
from lowball.errors import FileError, InvalidCardError, InvalidValueError, LowballError, counted, shown
from lowball.evaluation import Ranking, describe, evaluate, sorted_hand, winners
from lowball.simulate import SHARD_HANDS
from lowball.variants import VARIANTS, Variant


def _fail(ctx: click.Context, message: str) -> NoReturn:
    click.echo(f"lowball {ctx.info_name}: {message}", err=True)
    ctx.exit(2)
    raise AssertionError("unreachable")  # ctx.exit raises


def _unquoted_hand(ctx: click.Context, hands: Sequence[str], size: int = 5) -> None:
    """Refuse a hand split over several arguments (``lowball rank 7s 5h 4d 3c 2s``, as the shell
    splits an unquoted hand written with spaces) with how to quote it: where arguments of fewer
    than ``size`` cards (a hand's size: 5, or 4 in badugi), one after another, add up to
    ``size``. A short hand on its own (a typo) is left to the ranking's message ("expected 5
    cards, got 4")."""
    counts = []
    for text in hands:
        try:
            counts.append(len(split_card_text(text)))
        except InvalidCardError:
            return  # a bad token: the ranking names it
    example = "7s 5h 4d 3c 2s" if size == 5 else "4c 3d 2h As"
    for i, count in enumerate(counts):
        if not 0 < count < size:
            continue
        total, j = 0, i
        while j < len(counts) and 0 < counts[j] < size and total < size:
            total, j = total + counts[j], j + 1
        if total == size and j - i > 1:
            _fail(
                ctx,
                f"hand {hands[i].strip()!r} has {counted(count, 'card')}: give each hand written "
                f'with spaces as one argument in quotes (lowball {ctx.info_name} "{example}" ...)',
            )
        return


def _write(ctx: click.Context, output: str | None, chunks: str | Iterable[str]) -> None:
    """Write text to standard output (``output`` None or ``-``) or to a file, piece by piece.

    A file is written by :func:`lowball._files.write_text`: a regular file (or a new one) whole
    or not at all, through a symbolic link to its target, a device or named pipe directly; a
    file that cannot be written is a clean error (exit 2) that names it."""
    if output is None or output == "-":
        if sys.stdout is None:  # started with its descriptor closed: told as any failed stream
            raise OSError(errno.EBADF, "standard output is closed")
        for chunk in (chunks,) if isinstance(chunks, str) else chunks:
            sys.stdout.write(chunk)
        sys.stdout.flush()
        return
    try:
        write_text(output, chunks)
    except FileError as e:
        _fail(ctx, str(e))


# what a write to (or read from) a standard stream fails with: a full or broken device, a
# closed descriptor, a file grown past its limit
_STREAM_ERRORS = frozenset(
    getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EIO", "EBADF", "EFBIG", "ENXIO") if hasattr(errno, name)
)


class _Refused(click.ClickException):
    """A usage error (a bad option value, an unknown option or command, a missing argument)
    shown in the command's one style, ``lowball COMMAND: message`` on one line of standard
    error with exit status 2, as the commands' own checks say it (click would print its usage
    block and ``Error: Invalid value for ...``)."""

    exit_code = 2

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name

    def show(self, file: Any = None) -> None:
        click.echo(f"{self.name}: {self.message}", err=True)


class _Stopped(click.ClickException):
    """Ctrl-C under a command: one line on standard error and exit status 130, never click's
    "Aborted!" (status 1) nor a traceback."""

    exit_code = 130

    def __init__(self, name: str) -> None:
        super().__init__("stopped (Ctrl-C)")
        self.name = name

    def show(self, file: Any = None) -> None:
        with contextlib.suppress(Exception):
            click.echo(f"{self.name}: stopped (Ctrl-C)", err=True)


def _usage_text(e: click.UsageError, name: str) -> str:
    """A click usage error in the commands' words: ``--top: 'x' is not a whole number: ...``
    (the option first, as ``--showdown: ...``), with where to look for the right usage."""
    if isinstance(e, click.BadParameter) and isinstance(e.param_hint, str):
        return f"{e.param_hint}: {e.message}"  # a command's own check (check_seats)
    if isinstance(e, click.BadParameter) and e.param is not None:
        param = e.param
        if isinstance(param, click.Option):
            where = param.opts[0]
        else:
            where = param.metavar or (param.name or "argument").upper()
        if isinstance(e, click.MissingParameter):
            return f"missing {'argument ' if isinstance(param, click.Argument) else ''}{where} (see {name} --help)"
        return f"{where}: {e.message.rstrip('.')}"
    if isinstance(e, click.NoSuchOption):
        return f"no such option {e.option_name} (see {name} --help)"
    message = e.format_message().rstrip(".")
    message = re.sub(r"'(-[^']*)'", r"\1", message)  # click quotes option names: --x as the commands write it
    return f"{message[:1].lower()}{message[1:]} (see {name} --help)"


ARGS = "lowball.args"
"""The key of ``ctx.meta`` holding the command's arguments as typed (after ``lowball``)."""

_REPEAT_DROPPED = {"--seed": True, "-s": True, "--trials": True, "--stderr": True, "-q": False, "--quiet": False}
"""Options :func:`_repeat_command` drops from the command as typed: by name, whether each takes a value."""


def _repeat_command(ctx: click.Context, seed: int, trials: int) -> str:
    """The command as typed, its --seed, --trials and --stderr replaced by ``--seed seed --trials
    trials`` (and -q added): what repeats a result of ``trials`` trials exactly."""
    typed = list(ctx.meta.get(ARGS, [ctx.info_name]))
    kept: list[str] = []
    i = 0
    while i < len(typed):
        word = typed[i]
        name = word.partition("=")[0]
        if name in _REPEAT_DROPPED or (word[:2] == "-s" and word[2:].isdigit()):  # -s7 too
            i += 2 if _REPEAT_DROPPED[name] and "=" not in word else 1
            continue
        kept.append(word)
        i += 1
    return shlex.join(["lowball", *kept, "--seed", str(seed), "--trials", str(trials), "-q"])


def _one_style(name: str, run: Callable[[], Any]) -> Any:
    """``run()`` with its usage errors in the commands' style and Ctrl-C as one line, exit 130."""
    try:
        return run()
    except click.UsageError as e:
        raise _Refused(name, _usage_text(e, name)) from None
    except KeyboardInterrupt:
        raise _Stopped(name) from None


class _Lowball(click.Group):
    """The command group: a stream that fails under a command (standard output on a full disk,
    a closed descriptor) ends it with one line naming the reason and exit status 1, not a
    traceback. A closed pipe stays click's (quiet) business; a file named by an option fails
    inside the command with its own message (exit 2).

    One style of error for every command: click's usage errors (a bad value, an unknown option
    or command, a missing argument) are written ``lowball COMMAND: message`` on one line, exit
    status 2, as the commands' own checks write theirs; Ctrl-C at any moment of a command (its
    options' reading included) is ``lowball COMMAND: stopped (Ctrl-C)``, exit status 130."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        given = list(args)  # as typed, for a command that prints the command repeating it (odds)
        name = f"lowball {given[0]}" if given and given[0] in self.commands else "lowball"
        ctx: click.Context = _one_style(
            name, lambda: super(_Lowball, self).make_context(info_name, args, parent, **extra)
        )
        ctx.meta[ARGS] = given
        return ctx

    def invoke(self, ctx: click.Context) -> object:
        words = [*getattr(ctx, "_protected_args", ()), *ctx.args][:1]  # the command's name, first
        name = f"lowball {words[0]}" if words and words[0] in self.commands else "lowball"
        return _one_style(name, lambda: self._invoke(ctx))

    def _invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except OSError as e:
            # only a failing stream: anything else is a fault to show with its traceback
            if isinstance(e, (LowballError, BrokenPipeError)) or e.errno not in _STREAM_ERRORS:
                raise
            name = ctx.invoked_subcommand or ctx.info_name
            with contextlib.suppress(Exception):
                click.echo(f"lowball {name}: cannot write or read a standard stream: {e.strerror or e}", err=True)
            with contextlib.suppress(Exception):  # what is still buffered goes nowhere at exit,
                null = os.open(os.devnull, os.O_WRONLY)  # instead of failing again (exit 120)
                os.dup2(null, sys.stdout.fileno())
                os.close(null)
            ctx.exit(1)


@click.group(cls=_Lowball, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lowball")
def main() -> None:
    """Lowball poker (2-7, A-5, badugi): rank and compare hands, play, simulate and replay.

    A 2-7 hand's class runs from 1 (7-5-4-3-2, the best hand) to 7462 (the royal flush, the
    worst): lower is better, equal classes tie. A-5 classes run 1 (5-4-3-2-A) .. 6175, badugi
    classes (four cards) 1 (4-3-2-A of four suits) .. 1092: rank and compare take --ranking.
    Cards are rank then suit: 7s 5h 4d 3c 2s, Td or 10d.
    """


@main.command()
@click.argument("hands", nargs=-1, metavar="[HAND]...")
@click.option(
    "-f",
    "--file",
    "path",
    type=str,
    default=None,
    metavar="FILE",
    help="Read hands from this file, one per line ('-' for standard input); blank lines and "
    "lines starting with # are skipped. UTF-8; a byte-order mark at the start is ignored.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(allow_dash=True),
    metavar="FILE",
    default=None,
    help="Write the results to this file instead of standard output ('-'): all or nothing "
    "for a regular file (its permissions kept), through a symbolic link to its target, "
    "directly to a device or named pipe.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Write JSON Lines: one compact JSON object per hand, with the keys hand, class, category and description.",
)
@click.option(
    "--summary",
    is_flag=True,
    help="After ranking, print to standard error how many hands fell in each category.",
)
@ranking_option
@click.pass_context
def rank(
    ctx: click.Context,
    hands: Sequence[str],
    path: str | None,
    output: str | None,
    as_json: bool,
    summary: bool,
    ranking: Ranking,
) -> None:
    """Rank lowball hands: class, category and description of each (2-7 unless --ranking).

    Give hands as arguments (quote a hand written with spaces) or with --file. Each result line
    is tab-separated: hand, class (1 best .. 7462 worst), category, description, e.g.

    \b
      7s5h4d3c2s  1  high card  7-5-4-3-2: number one (the wheel)

    With --ranking a-5 (aces low, straights and flushes do not count) the classes run 1..6175;
    with --ranking badugi a hand is four cards, the classes run 1..1092 and the category says
    how many cards play (badugi, three-card hand, two-card hand, one-card hand):

    \b
      lowball rank -r badugi 8c5d3h2s
      8c5d3h2s  42  badugi  8-5-3-2: a 4-card badugi, 8 high

    The hand is echoed in one form however it was written: its cards in the order given, T for
    ten, suits in lowercase, nothing between them (7S 5H 4D 3C 2S gives 7s5h4d3c2s). Every hand
    is checked before anything is written: a bad one stops the command (exit status 2) with a
    message naming its line and the bad card, and nothing is written.
    """
    if not hands and path is None:
        _fail(ctx, "give hands as arguments or --file FILE (see --help)")
    size = ranking.hand_size
    _unquoted_hand(ctx, hands, size)
    stdin = getattr(sys.stdin, "buffer", None)
    if stdin is None and sys.stdin is not None and path == "-":  # a text stream alone
        stdin = io.BytesIO(sys.stdin.read().encode("utf-8", "surrogateescape"))
    try:
        cards = rank_work.read_hands(hands, path, stdin, size=size)
    except (InvalidCardError, FileError) as e:
        _fail(ctx, str(e))
    classes = rank_work.rank_hands(cards, ranking)
    _write(ctx, output, rank_work.result_chunks(cards, classes, as_json=as_json, ranking=ranking))
    if summary:
        counts = rank_work.category_counts(classes, ranking)
        n = len(classes)
        click.echo(f"{n} hand{'' if n == 1 else 's'} ranked", err=True)
        for cat, count in counts.items():
            click.echo(f"  {cat.label:<16} {count:>9}", err=True)


@main.command()
@click.argument("hands", nargs=-1, required=True, metavar="HAND HAND...")
@click.option(
    "--showdown",
    is_flag=True,
    help="The hands were dealt from one deck, as at a showdown: a card in two hands is refused.",
)
@ranking_option
@click.pass_context
def compare(ctx: click.Context, hands: Sequence[str], showdown: bool, ranking: Ranking) -> None:
    """Compare two or more lowball hands and print the best one(s) (2-7 unless --ranking).

    The lowest hand wins; equal hands split the pot (suits never break a tie). Each hand is
    ranked on its own, as lowball.winners() does, so the same card may be in two hands: ask
    whether 8-5 beats 7-5 with 8s5h4d3c2s 7s5h4d3c2s. A card twice in one hand is an error.
    With --showdown the hands come from one deck, and a card in two hands is an error too.
    With --ranking a-5 (aces low, no straights or flushes) or badugi (four cards each):
    lowball compare -r badugi Ad2c3h6h Ac3d4h5h (WSOP-LAR 304: the first wins).
    """
    if len(hands) < 2:
        _fail(ctx, f"need at least two hands to compare, got {len(hands)}")
    _unquoted_hand(ctx, hands, ranking.hand_size)
    try:  # read and checked as rank reads its arguments
        cards = rank_work.read_hands(hands, size=ranking.hand_size)
    except InvalidCardError as e:
        _fail(ctx, str(e))
    # each hand echoed in the one canonical form rank uses: 7s5h4d3c2s, whatever was typed
    ranked = [(format_cards(row), int(c)) for row, c in zip(cards, rank_work.rank_hands(cards, ranking))]
    if showdown:
        seen: dict[int, int] = {}
        for i, row in enumerate(cards):  # one deck: no card in two hands
            for card in map(Card, row):
                if card in seen:
                    _fail(
                        ctx,
                        f"--showdown: card {card} is in hand {seen[card] + 1} and hand {i + 1}: one deck holds it once",
                    )
                seen[card] = i
    best = winners([c for _, c in ranked], ranking)
    width = max(len(h) for h, _ in ranked)
    for i, (h, c) in enumerate(ranked):
        mark = "*" if i in best else " "
        click.echo(f"{mark} {i + 1}. {h:<{width}}  {c:>4}  {describe(c, ranking)}")
    if len(best) == 1:
        click.echo(f"winner: hand {best[0] + 1} ({ranked[best[0]][0]})")
    else:
        names = ", ".join(str(i + 1) for i in best)
        click.echo(f"split pot: hands {names} tie")


# -- play, simulate, replay ---------------------------------------------------------------

_BOTS_HELP = (
    "Bots, comma-separated, one per seat in seat order; the list repeats to fill the table. "
    f"Built in: {', '.join(BOTS)} (the calling station); or package.module:factory, called "
    "as factory(variant, random.Random) to make an object with act(view, legal). The module is "
    "looked for in the current directory first, then where Python finds modules (as python -m "
    "does), so mybot:factory finds mybot.py in the directory you run lowball from."
)


def _bot_path() -> list[str]:
    """Where a package.module:factory bot is looked for first: the current directory, as
    ``python -m`` puts it first on ``sys.path`` (none when it no longer exists)."""
    try:
        return [os.getcwd()]
    except OSError:
        return []


def _variant(code: str) -> Variant:
    return VARIANTS[code.upper()]


def _bot_list(ctx: click.Context, text: str) -> list[str]:
    names = [b.strip() for b in text.split(",")]
    if not all(names):
        _fail(ctx, f"--bots {text!r}: an empty bot name (expected names separated by commas)")
    for b in names:
        if b not in BOTS and ":" not in b:
            _fail(ctx, f"--bots: unknown bot {b!r}: expected {', '.join(BOTS)} or package.module:factory")
    return names


def _stack(stack: int | None, variant: Variant) -> int:
    """The --stack value, or 100 big blinds of the variant."""
    return stack if stack is not None else (100 * variant.forced.big_blind or 100)


@contextlib.contextmanager
def _executor(
    ctx: click.Context, workers: int | None, scheduler: str | None, modules: Sequence[str] = ()
) -> Iterator[object]:
    """The Dask executor of --scheduler (its client closed after), or None. ``modules`` are
    bots' module files to send to the workers (``client.upload_file``)."""
    if scheduler is None:
        yield None
        return
    if workers is not None:
        _fail(ctx, "give --workers (local processes) or --scheduler (a Dask cluster), not both")
    if not scheduler.strip():
        _fail(ctx, f"--scheduler {scheduler!r}: expected the Dask scheduler's address (tcp://HOST:8786)")
    try:
        import distributed
    except ImportError:
        _fail(ctx, "--scheduler needs the dask extra: pip install 'lowball-poker[dask]'")
    connect: Any = distributed.Client  # Dask's API is untyped
    try:
        client = connect(scheduler, timeout="10s")
    except (OSError, TimeoutError, ValueError) as e:
        _fail(ctx, f"--scheduler {scheduler}: cannot reach the Dask scheduler: {e}")
    try:
        for path in modules:
            client.upload_file(path)
        yield client.get_executor(pure=False)  # every shard is run, never taken from a cache
    finally:
        client.close()


def _bot_files(names: Sequence[str]) -> list[str]:
    """The module files of package.module:factory bots found as single files in the current
    directory (what a Dask cluster's workers are sent)."""
    files = []
    for name in names:
        module = name.partition(":")[0]
        if ":" in name and "." not in module:
            for d in _bot_path():
                candidate = Path(d) / f"{module}.py"
                if candidate.is_file():
                    files.append(str(candidate))
                    break
    return files


def _interrupted(ctx: click.Context, done: int, total: int, what: str) -> None:
    """After a partial result is printed: say so on standard error, exit status 130 (Ctrl-C)."""
    click.echo(
        f"lowball {ctx.info_name}: stopped by Ctrl-C: the result above is partial ({done:,} of {total:,} {what})",
        err=True,
    )
    ctx.exit(130)


# -- draw odds ----------------------------------------------------------------------------


SAMPLED_TRIALS = 200_000
"""``lowball odds``: trials of a sampled run without --trials or --stderr."""
MOST_TRIALS = 100_000_000
"""``lowball odds --stderr``: the most trials when --trials does not say."""


@main.command()
@click.argument("hand", nargs=-1, required=True, metavar="HAND")
@click.option(
    "--vs",
    "vs_hand",
    type=str,
    default=None,
    metavar="HAND[:DISCARD]",
    help="A known opponent: HAND stands pat (9h8d6c4s2d); HAND:DISCARD draws, throwing DISCARD "
    "(9h8d6c4s2d:9h; HAND: stands pat too). Its cards leave the deck; against a drawing "
    "opponent win and tie count both draws exactly.",
)
@click.option(
    "--vs-pat",
    type=str,
    default=None,
    metavar="LOW",
    help="An opponent pat on a hand you do not see: a low by its top ranks (9-8 is the roughest "
    "9-8, 9-8-7-6-4; 9 any 9-low), or five cards (four in badugi) taken by their class only (they stay in "
    "the deck).",
)
@dead_option
@removed_option
@reshuffle_option
@burn_option
@click.option(
    "--target",
    type=str,
    default=None,
    metavar="LOW",
    help="Add the chance of this hand or better (8-6, 9, or five cards; four in badugi) and order the rows by it "
    "(unless an opponent orders them by equity).",
)
@click.option(
    "--order",
    type=click.Choice(["equity", "target", "mean-lows"]),
    default=None,
    help="Order the rows by: equity (against --vs or --vs-pat; with neither, against the default opponent: "
    "a hand dealt from the unseen cards drawing by the default strategy, sampled); target (the chance of "
    "--target); mean-lows (the mean of the four lows' chances, the exact table alone). Default: equity, or "
    "target with --target; mean-lows in a-5 and badugi.",
)
@whole_option(
    "--draws",
    low=1,
    high=3,
    metavar="1|2|3",
    default="1",
    help="Draws to come, this one included, for the default opponent (you draw by the default strategy "
    "after this one); the low columns are this draw's.",
)
@whole_option(
    "--top",
    low=1,
    high=32,
    metavar="N",
    default=None,
    help="Show only the best N discards (1..32). Default: all 32 (16 in badugi).",
)
@json_option
@symbols_option
@ranking_option
@click.pass_context
def draw(
    ctx: click.Context,
    hand: Sequence[str],
    vs_hand: str | None,
    vs_pat: str | None,
    dead: str | None,
    removed: str | None,
    reshuffle: str,
    burn: bool,
    target: str | None,
    order: str | None,
    draws: int,
    top: int | None,
    as_json: bool,
    symbols: bool,
    ranking: Ranking,
) -> None:
    """What to throw: all 32 discards of HAND for one draw, counted exactly, best first.

    Each row: the cards kept (highest first), the cards drawn, and the chance of finishing with
    a 7-, 8-, 9- and 10-low or better; with --target, of that hand or better; against an
    opponent (--vs or --vs-pat), the chance of winning and of tying and the equity (win + half
    the ties). With no opponent and no target (2-7), the column "default" is your equity
    against the default opponent: a hand dealt from the unseen cards that draws first by the
    default strategy (pat=8/8/J,draw=7/7/8,one=8-6), you drawing by it too on the --draws after
    this one; sampled, 20,000 trials a discard, seed 0 (RULES.md section 8). The order: by
    equity (against the opponent given, else the default one), else by the target's chance;
    --order mean-lows orders by the mean of the four lows' chances; fewer cards drawn first
    among equals. The replacements come from the stub, the 52 minus HAND, the opponent's
    known cards, --dead and --removed; the --dead cards come back only if the stub runs short
    (the reshuffle is counted exactly). For example

    \b
      lowball draw 8s7h4d3c2s --vs 9h8d6c4s2d:9h
      lowball draw 9s7h5d4c2d --draws 3

    Every hand is shown highest first (the ace last in A-5 and badugi), however it was typed:
    letters or suit symbols, in any order. --json writes the table as one JSON document,
    indented (card text in letters, exact counts beside each probability).

    With --ranking a-5 (aces low, straights and flushes do not count: the lows are A-5 lows) or
    --ranking badugi (a hand of four cards, 16 discards; the columns are the chances of a
    four-card badugi 7, 8, 9 and T high or better) every replacement is ranked exactly too; an
    opponent there is a pat hand (--vs HAND) or --vs-pat, not a drawing one. For example

    \b
      lowball draw -r badugi Kc2d3h4h --vs-pat 8
    """
    from lowball import odds
    from lowball.cli import odds as work

    size = ranking.hand_size
    if len(hand) > 1:
        _unquoted_hand(ctx, hand, size)
        _fail(ctx, f"give one hand, got {len(hand)}: {' '.join(hand)}")
    if vs_hand is not None and vs_pat is not None:
        _fail(ctx, "give one opponent: --vs HAND[:DISCARD] (its cards known) or --vs-pat LOW, not both")
    # 2-7 is called exactly as before; the other rankings name themselves
    by: dict[str, Any] = {} if ranking is Ranking.DEUCE_TO_SEVEN else {"ranking": ranking}
    try:
        cards = work.read_hand(hand[0], "hand", size)
        dead_cards = work.read_cards(dead, "--dead")
        removed_cards = work.read_cards(removed, "--removed")
        vs: object = None
        vs_words: str | None = None
        vs_data: dict[str, object] | None = None
        places = [("the hand", cards), ("--dead", dead_cards), ("--removed", removed_cards)]
        if vs_hand is not None:
            opp, thrown = work.read_vs(vs_hand, size)
            if thrown and ranking is not Ranking.DEUCE_TO_SEVEN:
                raise InvalidValueError(
                    f"--vs {shown(vs_hand)}: a drawing opponent is counted for 2-7 only; in {ranking.title} "
                    "give a pat hand (--vs HAND) or --vs-pat"
                )
            places.append(("--vs", opp))
            vs = opp if thrown is None else (opp, thrown)
            vs_words = work.vs_text(opp, thrown, symbols=symbols, ranking=ranking)
            vs_data = {
                "hand": format_cards(sorted_hand(opp, ranking)),
                "discard": format_cards(sorted_hand(thrown or (), ranking)),
                "class": int(evaluate(opp, ranking)),
            }
        elif vs_pat is not None:
            vs = odds.threshold(vs_pat, name="--vs-pat", **by)
            vs_words = work.vs_text(cls=vs, ranking=ranking)
            vs_data = {"hand": None, "discard": "", "class": vs}
        goal = None if target is None else odds.threshold(target, name="--target", **by)
        odds.check_places(places)
        if order == "target" and goal is None:
            raise InvalidValueError("--order target: give the --target to order by")
        if order == "equity" and vs is None and ranking is not Ranking.DEUCE_TO_SEVEN:
            raise InvalidValueError(
                f"--order equity: no default opponent in {ranking.title} (the equity kernel ranks 2-7 hands only); "
                "give --vs or --vs-pat"
            )
        deck: dict[str, Any] = {}  # the default deck is called as before
        if removed_cards:
            deck["removed"] = removed_cards
        if reshuffle != "seeds" or burn:
            deck.update(rule=ReshuffleRule[reshuffle.upper()], burn=burn)
        if order is not None:
            deck["order"] = order
        if draws != 1:
            deck["draws"] = draws
        table = odds.discard_table(cards, dead_cards, vs, target=goal, **by, **deck)
    except LowballError as e:
        _fail(ctx, str(e))
    if as_json:
        data = work.draw_json(table, dead=dead_cards, vs=vs_data, target=goal, removed=removed_cards)
        if top is not None:
            data["rows"] = data["rows"][:top]
        _write(ctx, None, json.dumps(data, indent=1) + "\n")
    else:
        _write(
            ctx,
            None,
            work.draw_report(
                table, dead=dead_cards, vs=vs_words, target=goal, top=top, symbols=symbols, removed=removed_cards
            ),
        )


@main.command()
@click.argument("hands", nargs=-1, required=True, metavar="HAND HAND...")
@click.option(
    "--discards",
    type=str,
    default=None,
    metavar="D1,D2,...",
    help="The cards each hand throws on the next draw, in the order of the hands, separated by "
    "commas; - (or nothing) stands pat: -,9h8h. Without it each hand draws by its strategy.",
)
@whole_option(
    "--draws",
    low=1,
    high=3,
    metavar="1|2|3",
    default="1",
    help="Draws to come: 1 (single draw, or the last draw of triple draw), 2 or 3.",
)
@click.option(
    "--strategy",
    "strategy_texts",
    multiple=True,
    metavar="STRATEGY",
    help="How hands draw where --discards does not say: give it once for every hand, or repeat it "
    "once per hand in order (--strategy snow --strategy pat=9). 'default' (pat=8/8/J,draw=7/7/8,one=8-6), "
    "'snow' (never draw), or settings separated by commas: pat=9 (stand pat on a 9-low or better; "
    "pat=8/8/J per draw, pat=none never), draw=7 "
    "(keep the cards up to 7), one=8-6 (keep a one-card draw to an 8-6 or better), "
    "break=9-7 (break a pat hand rougher than 9-7 over a smooth draw), "
    "best=9 (on the last draw, the discard that makes a 9-low most often).",
)
@whole_option(
    "--trials",
    low=1,
    metavar="N",
    default=None,
    help=f"Trials of a sampled run (default {SAMPLED_TRIALS:,}; with --stderr, the most: "
    f"default {MOST_TRIALS:,}). One draw with every discard known is counted exactly (heads-up "
    "always, more hands when the deals are few enough) and needs no trials.",
)
@click.option(
    "--stderr",
    "stderr_target",
    type=str,
    callback=stderr_target,
    metavar="E",
    default=None,
    help="Sample until every hand's equity has a standard error of at most E (0.001: a tenth of "
    "a percentage point), checked every 65,536 trials.",
)
@whole_option(
    "--seed",
    "-s",
    low=0,
    metavar="INTEGER",
    default=None,
    help="Seed of a sampled run (a whole number >= 0): the same seed gives the same result, "
    "whatever --threads. Default: a seed drawn from the operating system (0..999,999), printed.",
)
@whole_option(
    "--threads",
    low=1,
    high=256,
    metavar="T",
    default=None,
    help="Threads of a sampled run in this process (1..256; not with --workers N > 1 or --scheduler, whose "
    "processes run one thread each). Default: one per core.",
)
@workers_option("a sampled run's blocks of 65,536 trials go to N processes (default: this process, with --threads)")
@scheduler_option
@dead_option
@removed_option
@reshuffle_option
@burn_option
@json_option
@symbols_option
@quiet_option
@click.option(
    "--ranking",
    "-r",
    type=str,
    callback=ranking_value,
    metavar="[2-7]",
    default="2-7",
    show_default=True,
    help="The hand ranking: 2-7 only (the equity kernel ranks 2-7 hands); a-5 and badugi are "
    "refused with a message (their draws are counted by lowball draw --ranking).",
)
@click.pass_context
def odds(
    ctx: click.Context,
    hands: Sequence[str],
    discards: str | None,
    draws: int,
    strategy_texts: Sequence[str],
    trials: int | None,
    stderr_target: float | None,
    seed: int | None,
    threads: int | None,
    workers: int | None,
    scheduler: str | None,
    dead: str | None,
    removed: str | None,
    reshuffle: str,
    burn: bool,
    as_json: bool,
    symbols: bool,
    quiet: bool,
    ranking: Ranking,
) -> None:
    """Equity of 2 to 9 hands going to the showdown: win, tie and share of the pot (2-7).

    Hands are given in drawing order (the first left of the button first). With one draw to
    come and every discard known (--discards, or decided by the strategies), every deal is
    counted exactly while the stub (the 52 minus the hands, --dead and --removed) completes
    every draw, and when it cannot but only one hand draws; otherwise the hands are dealt at
    random (a sampled run, with standard errors), each drawing by its strategy, and when the
    stub runs out the muck (earlier discards and --dead) is reshuffled as the deck does
    (--reshuffle, --burn). The output says which, and a sampled run prints its seed. For
    example

    \b
      lowball odds 7c6d4h3s2c 9h8h5d4c2s --discards -,9h8h
      lowball odds 7c6d4h3s2c 9h8h5d4c2s --draws 3 --seed 1

    Every hand (and --dead) is shown highest first, however it was typed: letters or suit
    symbols, in any order.

    A progress bar goes to standard error on a sampled run (not with -q). A sampled run may go
    to worker processes (--workers) or a Dask cluster (--scheduler) in blocks of 65,536 trials:
    each trial draws from the seed and its own number, so the result is the same to the byte.
    Ctrl-C on such a run prints the blocks finished, marked as partial (exit status 130).
    """
    from lowball import odds as library
    from lowball.cli import odds as work

    if ranking is not Ranking.DEUCE_TO_SEVEN:
        _fail(
            ctx,
            f"--ranking {ranking.value}: the equity of {ranking.title} hands is not counted (the equity kernel "
            f"ranks 2-7 hands only); for the odds of a draw: lowball draw --ranking {ranking.value} HAND",
        )
    if threads is not None and ((workers is not None and workers > 1) or scheduler is not None):
        where = f"--workers {workers}" if scheduler is None else "--scheduler"
        _fail(ctx, f"--threads {threads}: not with {where}, whose processes run one thread each (give one of them)")
    _unquoted_hand(ctx, hands)
    if len(hands) < 2:
        _fail(ctx, f"need at least two hands, got {len(hands)}")
    if len(hands) > library.MAX_PLAYERS:
        _fail(ctx, f"{len(hands)} hands: at most {library.MAX_PLAYERS}")
    try:
        cards = [work.read_hand(h, f"hand {i}") for i, h in enumerate(hands, start=1)]
        dead_cards = work.read_cards(dead, "--dead")
        removed_cards = work.read_cards(removed, "--removed")
        library.check_places(
            [
                *((f"hand {i}", h) for i, h in enumerate(cards, start=1)),
                ("--dead", dead_cards),
                ("--removed", removed_cards),
            ]
        )
        thrown = None if discards is None else work.read_discards(discards, cards)
        if thrown is not None and draws == 1 and strategy_texts:
            raise InvalidValueError(
                f"--strategy {strategy_texts[0]!r}: no hand draws by a strategy: --discards gives every "
                "discard of the one draw to come (a strategy decides the later draws of --draws 2 or 3)"
            )
        if len(strategy_texts) not in (0, 1, len(cards)):
            raise InvalidValueError(
                f"--strategy given {len(strategy_texts)} times for {len(cards)} hands: give it once for "
                "every hand, or once per hand"
            )
        plans = []
        for text in strategy_texts:
            try:
                plans.append(library.Strategy.parse(text))
            except LowballError as e:
                raise type(e)(f"--{e}") from None  # the library's message names it: strategy 'x': ...
    except LowballError as e:
        _fail(ctx, str(e))
    strategies: object = None if not plans else (plans[0] if len(plans) == 1 else plans)
    seed_given = seed
    if seed is None:
        seed = fresh_seed()  # printed, so that --seed repeats the run (and a person can type it)
    cap = trials if trials is not None else (SAMPLED_TRIALS if stderr_target is None else MOST_TRIALS)
    bar = None
    shown = 0

    def progress(done: int) -> None:
        nonlocal bar, shown
        if bar is None:
            bar = click.progressbar(length=cap, label="sampling", file=sys.stderr)
            bar.__enter__()
        bar.update(done - shown)
        shown = done

    try:
        with _executor(ctx, workers, scheduler) as executor:
            result = library.equity(
                cards,
                thrown,
                dead=dead_cards,
                draws=draws,
                strategies=strategies,  # type: ignore[arg-type]
                trials=cap,
                stderr=stderr_target,
                seed=seed,
                threads=threads,
                progress=None if quiet else progress,
                executor=executor,  # type: ignore[arg-type]
                workers=workers,
                removed=removed_cards,
                rule=ReshuffleRule[reshuffle.upper()],
                burn=burn,
            )
    except LowballError as e:
        _fail(ctx, str(e))
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    decided = thrown is None or draws > 1  # where a strategy decided a discard
    if result.exact:  # the options of a sampled run were not used: say so rather than ignore them
        given: list[tuple[str, object]] = [("--trials", trials), ("--stderr", stderr_target), ("--seed", seed_given)]
        given += [("--threads", threads), ("--workers", workers), ("--scheduler", scheduler)]
        unused = [f"{name} {value}" for name, value in given if value is not None]
        if unused:
            click.echo(
                f"lowball odds: {', '.join(unused)} not used: every deal was counted exactly "
                "(those options set a sampled run)",
                err=True,
            )
    short = None  # a --stderr target the trials ran out before: (the worst standard error, its hand)
    if stderr_target is not None and not result.exact and not result.partial:
        worst = max(range(len(result.players)), key=lambda i: result.players[i].equity_se)
        if result.players[worst].equity_se > stderr_target:
            short = (result.players[worst].equity_se, worst + 1)
    repeat = _repeat_command(ctx, seed, result.trials) if result.partial else None
    if as_json:
        if short is not None and stderr_target is not None:
            click.echo(f"lowball odds: {work.short_of_target(stderr_target, short, result.trials)}", err=True)
        if repeat is not None:
            click.echo(f"lowball odds: {repeat} repeats this partial result", err=True)
        texts = (list(strategy_texts) or ["default"]) if decided else []
        per_hand = texts * len(cards) if len(texts) == 1 else texts
        _write(
            ctx,
            None,
            json.dumps(work.equity_json(result, cards, per_hand, dead_cards, removed_cards), indent=1) + "\n",
        )
    else:
        names = list(strategy_texts)
        if len(names) == len(cards) and len(cards) > 1:
            names = [f"hand {i} {t}" for i, t in enumerate(names, start=1)]
        # the strategies are named where they decide: a discard not given, or a later draw
        shown_names = (names or [f"default ({library.DEFAULT_STRATEGY_TEXT})"]) if decided else []
        _write(
            ctx,
            None,
            work.equity_report(
                result,
                cards,
                strategies=shown_names,
                symbols=symbols,
                dead=dead_cards,
                removed=removed_cards,
                repeat=repeat,
                short=None if short is None or stderr_target is None else (stderr_target, *short),
            ),
        )
    if result.partial:
        _interrupted(ctx, result.trials, cap, "trials")


@main.command()
@variant_option
@players_option(f"Seats at the table, yours included ({SEATS_HELP}).")
@stack_option
@seed_option
@click.option(
    "--bots",
    default="solid",
    show_default=True,
    metavar="BOT[,BOT...]",
    help="Your opponents, comma-separated, for seats 2, 3, ... (you are seat 1); the list "
    f"repeats to fill the table. Built in: {', '.join(BOTS)} (the calling station); or "
    "package.module:factory, looked for in the current directory first (see simulate --help).",
)
@click.option("--name", default="hero", show_default=True, metavar="NAME", help="Your name at the table.")
@symbols_option
@click.pass_context
def play(
    ctx: click.Context,
    variant_code: str,
    players: int,
    stack: int | None,
    seed: int | None,
    bots: str,
    name: str,
    symbols: bool,
) -> None:
    """Play lowball at the terminal against bots: 2-7, A-5 or badugi (--variant).

    You sit in seat 1; the button moves one seat after each hand; a broke bot buys in again.
    The game goes on until you type q (or the input ends) or you have no chips left; between
    hands, Enter (an empty line) deals the next hand and anything but q is asked again. At your
    turn the table shows the seats, stacks, button and blinds, the pot and side pots, whose
    turn it is, your cards, how many cards each player drew, and what you may bet or raise.
    Type (a word or its first letter; no space needed before an amount: r40):

    \b
      f          fold                      x        check
      c          call (or check)           b 20     bet 20 (fixed limit: just b)
      r 40       raise to 40 (or just r)   r pot    raise the size of the pot (b pot: bet it)
      a          all in (all in, r all)    p        stand pat
      d 9h Kd    discard these cards       d 1 4    discard the 1st and 4th card shown
      q          quit (or exit)            ?        help, and the odds (or h, help)

    Amounts are the total you put in this betting round. A pot-size bet or raise (pot and no
    limit) is capped at your stack. All in bets or raises your whole stack, or calls when the
    call takes it all; it is refused where the betting stops short of your stack (pot limit
    above the pot, fixed limit unless you are short of a full bet). A wrong entry is refused
    with the reason and you are asked again, and so is an amount after f, x, c or p (c 100).
    ? also shows the odds: at a draw the best discards of your hand for this draw, counted
    exactly (as lowball draw does, your earlier discards in the muck, reshuffled by the game's
    rule if the stub runs short) and, in 2-7, ordered by your equity against the default
    opponent over the draws still to come (RULES.md section 8); facing a bet the pot odds of a
    call (to call / (pot + to call): the share of the pot a call must win).
    """
    from lowball.cli.play import play_session

    variant = _variant(variant_code)
    check_seats("--players", players, [variant])
    bot_names = _bot_list(ctx, bots)
    try:
        play_session(
            variant,
            players,
            stack=_stack(stack, variant),
            seed=seed,
            bots=bot_names,
            name=name,
            symbols=symbols,
            bot_path=_bot_path(),
        )
    except LowballError as e:
        _fail(ctx, str(e))


@main.command()
@variant_option
@players_option(f"Seats at the table ({SEATS_HELP}).")
@whole_option(
    "--hands",
    "-k",
    low=1,
    metavar="INTEGER",
    default=1000,
    help="Hands to play.",
)
@seed_option
@click.option("--bots", default="solid", show_default=True, metavar="BOT[,BOT...]", help=_BOTS_HELP)
@stack_option
@click.option(
    "--reset-stacks",
    is_flag=True,
    help="Start every hand from the starting stacks. Without it stacks carry over from hand "
    "to hand and a seat that is broke buys in again for the starting stack (counted as a "
    "rebuy; chips won stay net of what was lost).",
)
@click.option(
    "--phh",
    "phh_dir",
    type=click.Path(file_okay=False, writable=True),
    default=None,
    help="Write every hand as a PHH file into this directory (made if missing): "
    "hand-000001.phh, ... with the bots' names as players. Files are never overwritten: if "
    "the directory already holds one this run would write, nothing is played and the error "
    "(exit status 2) names it. A symbolic link is followed (a dangling one's directory is made); "
    "with --scheduler each worker writes its hands on its own machine, at this path.",
)
@workers_option("default: one per core, at most one per session; 1 plays here")
@scheduler_option
@whole_option(
    "--shard-hands",
    low=1,
    metavar="K",
    default=str(SHARD_HANDS),
    help="Hands per session: the run is cut into sessions of K hands, each at a table of its own "
    "from the starting stacks, seeded by the seed and its number (part of what a seed repeats).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the results as one JSON document, indented, instead of tables (as draw and odds "
    "--json; rank --json writes JSON Lines, a compact line per hand).",
)
@click.option(
    "--no-timing",
    is_flag=True,
    help="Leave out the time and hands per second, so that a seeded run prints exactly the same output every time.",
)
@quiet_option
@click.pass_context
def simulate(
    ctx: click.Context,
    variant_code: str,
    players: int,
    hands: int,
    seed: int | None,
    bots: str,
    stack: int | None,
    reset_stacks: bool,
    phh_dir: str | None,
    workers: int | None,
    scheduler: str | None,
    shard_hands: int,
    as_json: bool,
    no_timing: bool,
    quiet: bool,
) -> None:
    """Let bots play many hands at one table and report how each did.

    The bots play at the table a game server runs (lowball.table.Table), bot k at seat k:
    every seat is dealt every hand and the button moves one seat after every hand; a seat that
    goes broke buys in again before the next hand, so it misses no blind. With --seed, hand k
    is shuffled from the seed and k alone. At the end: chips won per seat and per bot
    (in total and per 100 hands; per bot, per seat it held), the share of hands each won at
    the showdown and without one, the share of hands that reached a showdown, the average
    pot, reshuffles of the muck per hand, and hands per second.

    The hands are played in sessions of --shard-hands hands, each at a table of its own, on
    every core (--workers) or on a Dask cluster (--scheduler): the same seed gives the same
    report, to the byte, however they run. A bot given as module:factory must be importable on
    the workers: local processes look in the current directory; with --scheduler a module file
    in the current directory is sent to the workers, anything else must be installed there.
    Ctrl-C stops every worker and prints the hands finished, marked as partial (exit status 130).
    """
    from lowball.simulate import simulate as run

    if phh_dir is not None and not phh_dir:
        _fail(ctx, f"--phh {phh_dir!r} is empty: give a directory for the PHH files (--phh hands)")
    variant = _variant(variant_code)
    check_seats("--players", players, [variant])
    names = _bot_list(ctx, bots)
    if seed is None:
        seed = fresh_seed()  # printed in the report's head: --seed repeats the run
    seat_bots = [names[s % len(names)] for s in range(players)]
    sessions = -(-hands // shard_hands)
    if scheduler is None:
        # default: every core, no more processes than sessions; one session plays here
        workers = min(workers or os.cpu_count() or 1, sessions)
    try:
        with contextlib.ExitStack() as stack_:
            executor = stack_.enter_context(
                _executor(ctx, workers if scheduler else None, scheduler, _bot_files(names))
            )
            bar = (
                None
                if quiet
                else stack_.enter_context(click.progressbar(length=hands, label="simulating", file=sys.stderr))
            )
            result = run(
                variant,
                seat_bots,
                hands,
                seed=seed,
                stack=_stack(stack, variant),
                reset_stacks=reset_stacks,
                phh_dir=phh_dir,
                progress=None if bar is None else bar.update,
                bot_path=_bot_path(),
                shard_hands=shard_hands,
                executor=executor,  # type: ignore[arg-type]
                workers=None if scheduler else workers,
            )
    except LowballError as e:
        _fail(ctx, str(e))
    if as_json:
        text = json.dumps(result.to_dict(timing=not no_timing), indent=1) + "\n"
    else:
        text = simulation_report(result, timing=not no_timing)
    _write(ctx, None, text)
    if result.partial:
        _interrupted(ctx, result.hands, hands, "hands")


@main.command()
@variant_option
@whole_option(
    "--players", "-n", low=2, high=1000, metavar="INTEGER", default="9", help="Bots in the field (2 to 1,000)."
)
@click.option(
    "--structure",
    "structure_name",
    default="auto",
    show_default=True,
    metavar="[auto|sit_and_go|multi_table|FILE.toml]",
    help="The structure: the ready-made sit & go (one table, levels of 10 rounds of hands) or multi-table "
    "event (levels of 20 minutes, breaks, a colour-up), or a TOML file of your own; auto: the sit & go for a "
    "field that fits one table, else the multi-table event.",
)
@seed_option
@click.option(
    "--bots",
    default="sensible",
    show_default=True,
    type=click.Choice(["solid", "sensible", "random", "calling"]),
    help="The bots that play (lowball's own; see lowball.bots).",
)
@number_option(
    "--round-seconds",
    low=0.0,
    high=86400.0,
    unit="seconds",
    metavar="SECONDS",
    default="60",
    help="Seconds of the tournament's clock a round of hands (one at every table) takes, for levels by time.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the results as one JSON document, indented.")
@quiet_option
@click.pass_context
def tournament(
    ctx: click.Context,
    variant_code: str,
    players: int,
    structure_name: str,
    seed: int | None,
    bots: str,
    round_seconds: float,
    as_json: bool,
    quiet: bool,
) -> None:
    """Run a tournament of bots to its winner and print the places, the payouts, the hands
    played and the levels reached.

    The tournament plays by the WSOP 2023 Tournament Rules as RULES.md section 13 states them:
    a random seat draw, blind levels, balancing and breaking tables, redraws, the final table,
    hand-for-hand near the money. Its clock is simulated (--round-seconds a round), so a seeded
    run prints the same output to the byte every time. A progress bar (rounds, with the players
    left) goes to standard error, not with -q.
    """
    from lowball.tournament import Structure, multi_table, play_bots, sit_and_go
    from lowball.tournament.structure import TournamentError

    variant = _variant(variant_code)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    try:
        if structure_name == "auto":
            structure = sit_and_go(variant) if players <= variant.max_players else multi_table(variant)
        elif structure_name == "sit_and_go":
            structure = sit_and_go(variant)
        elif structure_name == "multi_table":
            structure = multi_table(variant)
        else:
            structure = Structure.from_toml(structure_name)
            source = ctx.get_parameter_source("variant_code")
            if source is not None and source.name == "COMMANDLINE":  # --variant over the file's
                structure = Structure.from_dict({**structure.to_dict(), "variant": variant.to_dict()})
        with contextlib.ExitStack() as stack_:
            bar = (
                None
                if quiet
                else stack_.enter_context(click.progressbar(length=players, label="players out", file=sys.stderr))
            )
            out = [0]

            def progress(t: Any) -> None:
                gone = players - len(t.players_left())
                if bar is not None and gone > out[0]:
                    bar.update(gone - out[0])
                    out[0] = gone

            t = play_bots(structure, players, seed=seed, bot=bots, round_seconds=round_seconds, progress=progress)
            if bar is not None:
                bar.update(players - out[0])
    except (LowballError, TournamentError) as e:
        _fail(ctx, str(e))
    result = t.summary()
    text = json.dumps(result, indent=1) + "\n" if as_json else tournament_report(result)
    _write(ctx, None, text)


def _check_listen(ctx: click.Context, host: str, port: int) -> None:
    """Refuse an address the server cannot listen on (an unknown name, a port in use), with
    status 2 as every other bad option, before the database is opened (uvicorn would print its
    own ``ERROR: [Errno ...]`` line and exit with status 3 for an unknown name)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
            probe.bind(address)
    except OSError as e:
        _fail(ctx, f"--host {host} --port {port}: cannot listen there: {e.strerror or e}")


def _run_server(run: Callable[..., None], **options: Any) -> None:
    """``run(**options)`` (:func:`lowball.server.serve`)."""
    run(**options)


def _stops_on_ctrl_c(command: Callable[..., None]) -> Callable[..., None]:
    """A command that runs until Ctrl-C (``serve``): Ctrl-C at any moment of it, its imports and
    the database's opening included, ends it with one line on standard error and exit status
    130, as every interrupted command (click would say "Aborted!" with status 1, or Python print
    a traceback). uvicorn stops the server itself first (connections closed, the database
    closed) and then raises the interrupt again, which ends here too."""

    @functools.wraps(command)
    def run(ctx: click.Context, *args: Any, **kwargs: Any) -> None:
        try:
            command(ctx, *args, **kwargs)
        except KeyboardInterrupt:
            with contextlib.suppress(Exception):
                click.echo(f"lowball {ctx.info_name}: stopped (Ctrl-C)", err=True)
            ctx.exit(130)

    return run


@main.command()
@click.option(
    "--host",
    metavar="HOST",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on (loopback unless told).",
)
@whole_option(
    "--port",
    low=1,
    high=65535,
    metavar="PORT",
    default="8000",
    help="The TCP port (1..65535).",
)
@click.option(
    "--db",
    metavar="FILE|URL",
    default="lowball.sqlite",
    show_default=True,
    help="The SQLite database of the tables, or a PostgreSQL URL (postgresql://user@host/dbname); "
    "its tables are resumed where they were (mid-hand too).",
)
@click.option(
    "--tables",
    type=str,
    callback=table_names,
    metavar="N|ID,...",
    default="2",
    show_default=True,
    help="Tables to run: a number (the database's tables and t1, t2, ...; 1..100), or the ids of this "
    "server's own tables (t3,t4: the others of a shared PostgreSQL database are other processes').",
)
@click.option(
    "--variant",
    "-v",
    "variant_codes",
    type=str,
    multiple=True,
    callback=variant_codes,
    metavar="CODE[,CODE...]",
    default=("F2L3D",),
    show_default=True,
    help="The variant of new tables; several (repeat the option or separate codes by commas: "
    "--variant F2L3D,FB,LB-FA5L3D) go to new tables in turn, t1, t2, t3, ... (a mixed room). "
    "Codes: " + ", ".join(VARIANT_CODES) + ".",
)
@whole_option(
    "--seats",
    low=2,
    high=MOST_SEATS,
    metavar="N",
    default="6",
    help=f"Seats at each new table ({SEATS_HELP}).",
)
@click.option(
    "--bots",
    type=click.Choice([*BOTS, "none"]),
    default="solid",
    show_default=True,
    help="The built-in bots that fill empty seats while a person sits at the table (none: no bots).",
)
@seconds_option("--bot-delay", 0.6, "Seconds a bot waits before it acts.")
@seconds_option("--action-seconds", 30.0, "Seconds each decision may take before the time bank runs.")
@seconds_option("--time-bank", 60.0, "Extra seconds each player may use over all decisions.")
@seconds_option("--next-hand-delay", 3.0, "Seconds between hands.")
@number_option(
    "--token-hours",
    low=0,
    high=24 * 365,
    unit="hours",
    low_open=True,
    metavar="HOURS",
    default="12",
    help="How long a seat token is good for (above 0, at most 8760: a year); then its player leaves the table.",
)
@number_option(
    "--seat-release-seconds",
    low=0,
    high=86400,
    unit="seconds",
    low_open=True,
    metavar="SECONDS",
    default="120",
    help="A seat whose token no page connected with within this time is given up (above 0, at most 86400).",
)
@whole_option(
    "--max-spectators",
    low=0,
    high=100_000,
    metavar="N",
    default="50",
    help="Spectators each table takes at once (0..100000); one more is refused.",
)
@whole_option(
    "--sockets-per-token",
    low=1,
    high=1000,
    metavar="N",
    default="4",
    help="Connections one seat token may have open at once (1..1000); one more is refused.",
)
@click.option(
    "--allow-origin",
    "allow_origins",
    multiple=True,
    metavar="ORIGIN",
    help="A browser origin besides the server's own whose pages may play here (https://poker.example; "
    "repeat for several; * for any). Pages of other origins are refused.",
)
@number_option(
    "--draw-rate",
    low=0,
    high=10_000,
    unit="requests a second",
    low_open=True,
    metavar="PER_SECOND",
    default="2",
    help="Draw tables (GET /api/draw) one address may ask for a second, after 10 at once.",
)
@whole_option(
    "--bad-token-limit",
    low=1,
    high=10_000,
    metavar="N",
    default="10",
    help="Bad seat tokens from one address within a minute after which its tokens are refused for a minute.",
)
@whole_option(
    "--max-sockets-per-client",
    low=1,
    high=1_000_000,
    metavar="N",
    default="64",
    help="WebSockets one address may have open at once (pages, spectators); one more is refused.",
)
@number_option(
    "--request-seconds",
    low=0,
    high=3600,
    unit="seconds",
    low_open=True,
    metavar="SECONDS",
    default="10",
    help="Time a request's headers and body may take to arrive; a slower one is answered 408 and closed.",
)
@number_option(
    "--keep-alive-seconds",
    low=0,
    high=3600,
    unit="seconds",
    low_open=True,
    metavar="SECONDS",
    default="5",
    help="Time an idle keep-alive connection stays open.",
)
@whole_option(
    "--max-connections",
    low=1,
    high=1_000_000,
    metavar="N",
    default=None,
    help="Connections open at once, WebSockets included [default: the open-file limit less 128].",
)
@whole_option(
    "--max-per-client",
    low=1,
    high=100_000,
    metavar="N",
    default="32",
    help="Connections one address may have open before they become WebSockets (requests, keep-alives).",
)
@whole_option(
    "--sit-and-go",
    "sit_and_go_players",
    low=0,
    high=60,
    metavar="N",
    default="0",
    help="Run a sit & go of N players (0: none) people register for from the lobby; bots fill the field "
    "when one starts it.",
)
@click.pass_context
@_stops_on_ctrl_c
def serve(
    ctx: click.Context,
    host: str,
    port: int,
    db: str,
    tables: int | list[str],
    variant_codes: tuple[str, ...],
    seats: int,
    bots: str,
    bot_delay: float,
    action_seconds: float,
    time_bank: float,
    next_hand_delay: float,
    token_hours: float,
    seat_release_seconds: float,
    max_spectators: int,
    sockets_per_token: int,
    allow_origins: tuple[str, ...],
    draw_rate: float,
    bad_token_limit: int,
    max_sockets_per_client: int,
    request_seconds: float,
    keep_alive_seconds: float,
    max_connections: int | None,
    max_per_client: int,
    sit_and_go_players: int,
) -> None:
    """Run the reference game server: a lobby and browser tables at http://HOST:PORT/.

    Needs the server extra: pip install 'lowball-poker[server]'. Open the lobby in a browser,
    take a seat (you get a seat token, kept by the page), and play against the bots that fill
    the other seats. Every action is stored in --db before it is answered: stop or kill the
    server and start it again on the same database, and every table goes on where it was; the
    pages reconnect by themselves. Tables already in the database keep their own variant;
    --variant and --seats apply to new ones (several variants: a mixed room, e.g. 2-7, badugi
    and A-5 tables with --variant F2L3D,FB,LB-FA5L3D). Ctrl-C stops it (exit status 130).

    --db is a regular file (made if missing); a symbolic link is followed to its target, whose
    database it is. A directory, a named pipe or a device is refused, and so is - (a database
    cannot be standard input or output: ./- names a file called -), and :memory: (SQLite's
    in-memory database would lose every table when the server stops). A postgresql:// URL is a
    PostgreSQL database (needs the postgres extra: pip install 'lowball-poker[postgres]').
    """
    chosen = [_variant(code) for code in variant_codes]
    check_seats("--seats", seats, chosen)
    if db == "-":
        _fail(
            ctx, "--db '-': a database is a file, not standard input or output: give its path (./- for a file named -)"
        )
    if db == ":memory:":
        _fail(
            ctx,
            "--db ':memory:': an in-memory database loses every table when the server stops: "
            "give a file's path (./:memory: for a file of that name)",
        )
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as e:
        _fail(ctx, f"lowball serve needs the server extra ({e.name} is missing): pip install 'lowball-poker[server]'")
    from lowball.server import GameServer
    from lowball.server import serve as run

    if not host.strip():  # uvicorn would listen on every interface
        _fail(ctx, f"--host {host!r}: expected the address to listen on (127.0.0.1, or a name such as localhost)")
    if not db.strip():
        _fail(ctx, f"--db {db!r}: expected the path of the database file (lowball.sqlite)")
    _check_listen(ctx, host, port)
    options: dict[str, Any] = dict(
        db=db,
        tables=tables,
        variant=chosen,
        seats=seats,
        bots=None if bots == "none" else bots,
        bot_delay=bot_delay,
        action_seconds=action_seconds,
        time_bank=time_bank,
        next_hand_delay=next_hand_delay,
        token_hours=token_hours,
        seat_release_seconds=seat_release_seconds,
        max_spectators=max_spectators,
        sockets_per_token=sockets_per_token,
    )
    if sit_and_go_players == 1:
        _fail(ctx, "--sit-and-go 1: a sit & go needs 2 players or more (0: none)")
    if sit_and_go_players:
        import dataclasses

        from lowball.tournament import sit_and_go

        base = chosen[0] if chosen else None
        structure = sit_and_go(base)
        options["sit_and_go"] = dataclasses.replace(structure, table_size=min(seats, structure.variant.max_players))
        options["sit_and_go_players"] = sit_and_go_players
    try:
        GameServer(**options).close()  # refuse a bad database before listening (nothing is changed)
    except LowballError as e:
        _fail(ctx, str(e))
    shown = f"[{host}]" if ":" in host else host
    from lowball.postgres import without_password

    click.echo(f"lowball serve: http://{shown}:{port}/ (database {without_password(db)}; Ctrl-C stops)", err=True)
    try:
        _run_server(
            run,
            host=host,
            port=port,
            request_seconds=request_seconds,
            keep_alive_seconds=keep_alive_seconds,
            max_connections=max_connections,
            max_per_client=max_per_client,
            allow_origins=list(allow_origins),
            draw_rate=draw_rate,
            bad_token_limit=bad_token_limit,
            max_sockets_per_client=max_sockets_per_client,
            **options,
        )
    except LowballError as e:
        _fail(ctx, str(e))


@main.command("import")
@click.argument("files", nargs=-1, required=True, type=str, metavar="FILE...")
@click.option(
    "--out",
    "-o",
    "out",
    required=True,
    type=str,
    metavar="DIRECTORY",
    help="The folder for the PHH files (made if missing).",
)
@click.option("--positions", is_flag=True, help="Leave the players' names out: positions p1 .. pN only.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no line per hand refused.")
@click.pass_context
def import_(ctx: click.Context, files: tuple[str, ...], out: str, positions: bool, quiet: bool) -> None:
    """Convert room hand histories (PokerStars, Full Tilt Poker) to PHH files.

    FILES are the rooms' text files, or folders of them (every file within, in name order):
    2-7 triple and single draw, A-5 triple draw and badugi, cash games and tournaments, in
    UTF-8 (with or without a byte-order mark), UTF-16 or cp1252. Each hand is replayed and must
    come to the room's own figures (what each player put in, the uncalled bets, the pot, the
    rake, what each collected); it is written to --out as stars-NUMBER.phh or ftp-NUMBER.phh,
    with the room, hand number, table, time, seats, players (unless --positions) and rake.
    A hand that cannot be read whole (a game lowball does not play, a cancelled or partial
    hand, a line it does not read, a replay that differs from the room's figures) is refused
    with its reason, on standard error, and the other hands are still read.

    A progress bar goes to standard error (not with -q); the summary (hands read, files written,
    hands refused by reason) to standard output. Exit status: 0 when every hand was read, 1
    when some were refused or a file held no hand (the rest is written), 2 when nothing could be
    done (a missing file, an --out that is not a folder, a file that cannot be written).
    """
    from lowball.cli.rooms import import_files, import_summary, room_files

    for path in files:
        if not path or not os.path.lexists(path):
            _fail(ctx, f"{path!r}: no such file or folder")
    if not out:
        _fail(ctx, "--out '' is empty: give a folder for the PHH files (--out hands)")
    if os.path.exists(out) and not os.path.isdir(out):
        _fail(ctx, f"--out {out}: not a folder")
    total = 0
    if not quiet:
        from lowball import rooms as room_module

        for path in room_files(files):  # the hands to read, for the bar
            try:
                with open(path, "rb") as f:
                    text, _ = room_module.decode(f.read())
                total += len(room_module.split_hands(text))
            except (OSError, LowballError):
                continue

    def refused(hand: Any) -> None:
        if not quiet:
            click.echo(f"refused: {hand.message}", err=True)

    try:
        with contextlib.ExitStack() as stack_:
            bar = (
                None
                if quiet
                else stack_.enter_context(click.progressbar(length=total, label="importing", file=sys.stderr))
            )
            report = import_files(
                files, out, names=not positions, progress=None if bar is None else bar.update, refused=refused
            )
    except (LowballError, OSError) as e:
        _fail(ctx, str(e))
    click.echo(import_summary(report), nl=False)
    if report.refused or report.unreadable:
        ctx.exit(1)


@main.command()
@click.argument("file", type=str)
@click.option(
    "--all",
    "-a",
    "show_all",
    is_flag=True,
    help="Show every action at once instead of waiting for Enter after each.",
)
@click.option(
    "--hand",
    "hand_number",
    type=str,
    default=None,
    metavar="NUMBER",
    help="In a room's file of many hands, the hand to replay (its room number); default the first read.",
)
@symbols_option
@click.pass_context
def replay(ctx: click.Context, file: str, show_all: bool, hand_number: str | None, symbols: bool) -> None:
    """Step through a hand history (a PHH file, or a PokerStars or Full Tilt file) action by action.

    A room's file (found by its content: a PokerStars or Full Tilt hand's first line) is read as
    lowball import reads it, and its first hand read (or the one --hand names) is replayed,
    with the players' names; a hand refused is an error naming the reason.

    Each step shows the action as written in the file (with its line), what that line did (the
    cards of a draw with the file's d dh line, a hand at the showdown with its sm line), and
    the table after it with every player's cards. Press Enter for the next action, or q and
    Enter to stop (anything else is asked again); when the input ends the rest is shown at
    once. The first lines name the game and its stakes (2-7 triple draw, fixed limit 2/4), the
    blinds and the players. At the end: the finishing stacks and what each player won, and
    whether they match the file's finishing_stacks and winnings (or that the file records
    neither, and nothing was checked); a history that stops before the pots are won is told as
    incomplete. An action that cannot be replayed stops the replay with exit status 2 and a
    message naming the action and its line (with --all nothing else is printed).
    """
    from lowball.cli.replay import replay_footer, replay_header, replay_steps
    from lowball.phh import PHHError, load

    if not file:
        _fail(ctx, f"FILE is {file!r}: give the path of a PHH file (lowball replay hand.phh)")
    if os.path.isdir(file):
        _fail(ctx, f"{file} is a directory: give the path of a PHH file (lowball replay {Path(file) / 'hand.phh'})")
    if not os.path.lexists(file):
        _fail(ctx, f"{file}: no such file")
    try:
        history = _room_history(ctx, file, hand_number)
        if history is None:
            if hand_number is not None:
                _fail(ctx, f"--hand {hand_number}: {file} is a PHH file of one hand, not a room's file")
            history = load(file)
    except PHHError as e:
        _fail(ctx, f"{file}: {e}")
    out = [replay_header(history, file)]
    final = None
    interactive = not show_all
    try:
        for text, state in replay_steps(history, symbols=symbols):
            final = state
            if show_all:
                out.append(text)
                continue
            click.echo("".join(out) + text, nl=False)
            out = []
            while interactive:  # only Enter goes on and q stops: anything else is asked again
                try:
                    answer = click.prompt(
                        "Enter for the next action, q to stop",
                        default="",
                        show_default=False,
                        prompt_suffix="> ",
                    )
                except click.Abort:  # the input ended: show the rest at once
                    click.echo()
                    interactive = False
                    break
                word = without_bom(answer).strip().lower()
                if word in ("q", "quit", "exit"):
                    return
                if not word:
                    break
                click.echo("  only Enter goes on to the next action; q stops")
    except PHHError as e:
        _fail(ctx, f"{file}: {e}")
    out.append(replay_footer(history, final))
    click.echo("".join(out), nl=False)


def _room_history(ctx: click.Context, file: str, number: str | None) -> Any:
    """The hand history of a room's file (PokerStars, Full Tilt), or None for another file."""
    from lowball import phh, rooms

    try:
        with open(file, "rb") as f:
            text, encoding = rooms.decode(f.read())
    except (OSError, LowballError):
        return None  # PHH's reader names what is wrong
    if not rooms.is_room_text(text):
        return None
    results = rooms.read_text(text, encoding=encoding)
    for hand in results:
        if number is None or (isinstance(hand, rooms.RoomHand) and hand.number == number):
            if isinstance(hand, rooms.Refused):
                if number is None:
                    continue
                _fail(ctx, f"{file}: {hand.message}")
            return phh.loads(hand.to_phh())
        if isinstance(hand, rooms.Refused) and hand.number == number:
            _fail(ctx, f"{file}: {hand.message}")
    if number is not None:
        _fail(ctx, f"{file}: no hand #{number} in the file")
    first = results[0]
    assert isinstance(first, rooms.Refused)
    _fail(ctx, f"{file}: no hand read: {first.message}")


if __name__ == "__main__":  # pragma: no cover
    main()

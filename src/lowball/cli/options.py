"""The options and arguments the commands of ``lowball`` share, in one place: how each option is
read (a whole number in a range, a number of seconds, a ranking or variant by its name, ...), the
options several commands take (``--ranking``, ``--variant``, ``--seed``, ``--dead``, ``--json``,
...), and the factories of the commands' own numeric options (:func:`whole_option`,
:func:`number_option`). Every value refused names what is expected, in the command's words
(click's own ranges speak of "integer ranges")."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

import click

from lowball.cli.render import ranking_of
from lowball.errors import InvalidValueError, LowballError, name_text, shown
from lowball.evaluation import Ranking, as_ranking
from lowball.variants import VARIANTS, Variant

Decorator = Callable[[Callable[..., object]], Callable[..., object]]
"""What an option is: a decorator of a command's function."""


def ranking_value(ctx: click.Context, param: click.Parameter, value: str) -> Ranking:
    """An option callback: a hand ranking by its name, in any case."""
    try:
        return as_ranking(value.strip())
    except LowballError:
        raise click.BadParameter(f"{shown(value)} is not a hand ranking: expected 2-7, a-5 or badugi") from None


ranking_option = click.option(
    "--ranking",
    "-r",
    type=str,
    callback=ranking_value,
    metavar="[2-7|a-5|badugi]",
    default="2-7",
    show_default=True,
    help="The hand ranking: 2-7 (deuce-to-seven, five cards, classes 1..7462), a-5 "
    "(ace-to-five: aces low, straights and flushes do not count, five cards, 1..6175) or badugi "
    "(four cards, the largest subset of different suits and ranks plays, 1..1092).",
)


VARIANT_HELP = (
    "The game, by PHH code: F2L3D (2-7 triple draw, fixed limit 2/4, the default), P2L3D / "
    "N2L3D (triple draw, pot / no limit), F2L1D / P2L1D / N2L1D (single draw), LB-FA5L3D (A-5 "
    "triple draw, fixed limit 2/4: aces low, straights and flushes do not count), FB (badugi, "
    "fixed limit 2/4: four cards, triple draw). Blinds 1/2."
)


def whole_in(low: int, high: int | None = None) -> Callable[[click.Context, click.Parameter, str | None], int | None]:
    """An option callback: a whole number in ``low``..``high`` (no upper end when ``high`` is
    None), refused with a message that says so (click's IntRange speaks of "integer ranges")."""
    expected = f"a whole number {low}..{high}" if high is not None else f"a whole number >= {low}"

    def convert(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
        if value is None:
            return None
        try:
            number = int(value.strip(), 10)
        except ValueError:
            raise click.BadParameter(f"{shown(value)} is not a whole number: expected {expected}") from None
        if number < low or (high is not None and number > high):
            raise click.BadParameter(f"{number} is not allowed: expected {expected}")
        return number

    return convert


def table_names(ctx: click.Context, param: click.Parameter, value: str | None) -> int | list[str] | None:
    """An option callback (``lowball serve --tables``): a whole number 1..100 (tables to run at
    least, t1, t2, ...), or table ids separated by commas (``t3,t4``: this server's own, each 1
    to 64 printable characters, none twice)."""
    if value is None:
        return None
    text = value.strip()
    if text.isascii() and text.lstrip("+-").isdigit():
        return whole_in(1, 100)(ctx, param, text)
    names = [n.strip() for n in text.split(",")]
    for n in names:
        try:
            name_text(n, "a table id")
        except InvalidValueError as e:
            raise click.BadParameter(f"{e} (or a number of tables, 1..100)") from None
        if names.count(n) > 1:
            raise click.BadParameter(f"{shown(n)} is named twice: expected each table once")
    if len(names) > 100:
        raise click.BadParameter(f"{len(names)} tables: expected at most 100")
    return names


VARIANT_CODES = sorted(VARIANTS, key=lambda code: (ranking_of(VARIANTS[code]) is not Ranking.DEUCE_TO_SEVEN, code))
"""The ready-made variants' codes as the command lists them: the 2-7 games first, then A-5 and badugi."""


def variant_code(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """An option callback: one of the ready-made variants' codes, in any case."""
    code = value.strip().upper()
    if code not in VARIANTS:
        raise click.BadParameter(f"{shown(value)} is not a variant code: expected one of {', '.join(VARIANT_CODES)}")
    return code


def variant_codes(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
    """The callback of serve's --variant: codes from every use of the option, split at commas."""
    codes: list[str] = []
    for value in values:
        for part in value.split(","):
            if not part.strip():
                raise click.BadParameter(f"{shown(value)}: an empty variant code (expected codes separated by commas)")
            codes.append(variant_code(ctx, param, part))
    return tuple(codes)


variant_option = click.option(
    "--variant",
    "-v",
    "variant_code",
    type=str,
    callback=variant_code,
    metavar="[" + "|".join(VARIANT_CODES) + "]",
    default="F2L3D",
    show_default=True,
    help=VARIANT_HELP,
)


MOST_SEATS = max(v.max_players for v in VARIANTS.values())
"""The most seats any ready-made variant takes (badugi's 8): what --players and --seats read,
each command then holding the count to its variant's ``max_players`` (:func:`check_seats`)."""
SEATS_HELP = "2..6; badugi (FB) 2..8: each game's max_players"
"""How the help of --players and --seats gives the range (the variants' ``max_players``)."""


def check_seats(option: str, count: int, variants: Sequence[Variant]) -> None:
    """Refuse a number of seats above a variant's ``max_players`` (a BadParameter naming
    ``option``, the most the variant seats and its code)."""
    for variant in variants:
        if count > variant.max_players:
            raise click.BadParameter(
                f"{count} is not allowed: expected a whole number 2..{variant.max_players} "
                f"({variant.code} seats at most {variant.max_players})",
                param_hint=option,
            )


def players_option(help_text: str) -> Callable[[Callable[..., object]], Callable[..., object]]:
    """--players / -n: seats at the table, 2 to the variant's ``max_players`` (6, badugi 8;
    the command checks it with :func:`check_seats`); play and simulate say it their own way."""
    return click.option(
        "--players",
        "-n",
        type=str,
        callback=whole_in(2, MOST_SEATS),
        metavar="INTEGER",
        default=6,
        show_default=True,
        help=help_text,
    )


SEEDS = 1_000_000
"""A seed the command draws when none is given is one of 0 .. SEEDS - 1: six digits at most,
easy to type back (every run is still repeated by the seed it prints)."""


def fresh_seed() -> int:
    """A seed for a run given none: drawn from the operating system's randomness, 0..999,999,
    printed by the command so that ``--seed`` repeats the run (a SeedSequence's own entropy is
    a 39-digit number)."""
    return secrets.randbelow(SEEDS)


seed_option = click.option(
    "--seed",
    "-s",
    type=str,
    callback=whole_in(0),
    metavar="INTEGER",
    default=None,
    help="Seed (a whole number >= 0) for the cards and the bots' choices: the same seed and "
    "options give the same game. Default: one drawn from the operating system's randomness "
    "(0..999,999), printed where the command prints its seed.",
)
WORKERS_HELP = "Worker processes on this machine (1..1024): {default}. The result does not depend on it."
scheduler_option = click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Run on a Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786) instead of local "
    "processes; needs the dask extra (pip install 'lowball-poker[dask]') here and lowball on "
    "every worker. The result does not depend on it.",
)


symbols_option = click.option(
    "--symbols",
    is_flag=True,
    help="Print the suits of the cards as symbols (the spade, heart, diamond and club signs) instead of "
    "letters (7s 5h 4d 3c). Symbols are read as input either way.",
)
stack_option = click.option(
    "--stack",
    type=str,
    callback=whole_in(1),
    metavar="INTEGER",
    default=None,
    help="Starting stack of every seat in chips. Default: 100 big blinds (200).",
)


def stderr_target(ctx: click.Context, param: click.Parameter, value: str | None) -> float | None:
    """An option callback: a standard error strictly between 0 and 1 (0.001 is a tenth of a
    percentage point of equity)."""
    if value is None:
        return None
    try:
        number = float(value.strip())
    except ValueError:
        raise click.BadParameter(f"{shown(value)} is not a number: expected a standard error between 0 and 1") from None
    if not 0 < number < 1:
        raise click.BadParameter(
            f"{shown(value)} is not allowed: expected a standard error between 0 and 1 (e.g. 0.001)"
        )
    return number


dead_option = click.option(
    "--dead",
    type=str,
    default=None,
    metavar="CARDS",
    help="Cards known to be out of the stub, in the muck (your earlier discards, a hand you saw folded): "
    "they come back only if the stub runs short and the muck is reshuffled into a new stub (RULES.md "
    "sections 4 and 8, by --reshuffle and --burn).",
)
removed_option = click.option(
    "--removed",
    type=str,
    default=None,
    metavar="CARDS",
    help="Cards out of play for good (a card you saw in a hand still playing): never drawn, not even "
    "after a reshuffle.",
)
reshuffle_option = click.option(
    "--reshuffle",
    type=click.Choice(["seeds", "live"]),
    default="seeds",
    show_default=True,
    help="How the muck becomes a new stub when the stub runs short (RULES.md section 4): seeds (every "
    "discard but the drawer's own of this draw) or live (the muck first, this draw's discards only if "
    "needed; the stub's last card kept for the new stub).",
)
burn_option = click.option(
    "--burn", is_flag=True, help="A card is burned from the stub before each draw (live rooms; RULES.md section 4)."
)
json_option = click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Write the result as one JSON document, indented (not JSON Lines: one result, where rank "
    "--json writes a compact line per hand), exact counts too; every hand in it in letters, highest "
    "first, nothing between the cards (8s7h4d3c2s).",
)


def number_in(
    low: float, high: float, unit: str, low_open: bool = False
) -> Callable[[click.Context, click.Parameter, str], float]:
    """An option callback: a number of ``unit`` from ``low`` (above it if ``low_open``) to
    ``high``, refused in the words of :func:`whole_in` (click's FloatRange speaks of
    "float ranges" and of ``0<=x<=3600``)."""
    expected = f"{unit} above {low:g}, at most {high:g}" if low_open else f"{unit} {low:g}..{high:g}"

    def convert(ctx: click.Context, param: click.Parameter, value: str) -> float:
        try:
            number = float(value.strip())
        except ValueError:
            raise click.BadParameter(f"{shown(value)} is not a number: expected {expected}") from None
        if not (low < number if low_open else low <= number) or not number <= high:
            raise click.BadParameter(f"{value.strip()} is not allowed: expected {expected}")
        return number

    return convert


def seconds_option(
    name: str, default: float, help_text: str
) -> Callable[[Callable[..., object]], Callable[..., object]]:
    """A number of seconds, 0 to 3600 (a float)."""
    return click.option(
        name,
        type=str,
        callback=number_in(0, 3600, "seconds"),
        metavar="SECONDS",
        default=str(default),
        show_default=True,
        help=help_text.removesuffix(".") + " (0..3600).",
    )


def whole_option(
    *names: str,
    low: int,
    high: int | None = None,
    metavar: str = "N",
    default: Any = None,
    show_default: bool | None = None,
    help: str,
) -> Decorator:
    """An option taking a whole number ``low``..``high`` (:func:`whole_in`), its default shown
    when it has one (unless ``show_default`` says)."""
    return click.option(
        *names,
        type=str,
        callback=whole_in(low, high),
        metavar=metavar,
        default=default,
        show_default=default is not None if show_default is None else show_default,
        help=help,
    )


def number_option(
    *names: str,
    low: float,
    high: float,
    unit: str,
    low_open: bool = False,
    metavar: str,
    default: str,
    help: str,
) -> Decorator:
    """An option taking a number of ``unit`` ``low``..``high`` (:func:`number_in`), its default
    shown."""
    return click.option(
        *names,
        type=str,
        callback=number_in(low, high, unit, low_open),
        metavar=metavar,
        default=default,
        show_default=True,
        help=help,
    )


def workers_option(default_text: str) -> Decorator:
    """--workers: worker processes on this machine, 1..1024 (each command says its default)."""
    return whole_option("--workers", low=1, high=1024, help=WORKERS_HELP.format(default=default_text))


quiet_option = click.option("--quiet", "-q", is_flag=True, help="No progress bar (it goes to standard error).")

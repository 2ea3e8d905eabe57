"""The ``lowball`` command: rank and compare deuce-to-seven hands from the terminal.

Exit status: 0 on success, 2 on bad input (the message names the line and the bad token, and
nothing is written).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import NoReturn

import click

from lowball import __version__
from lowball.errors import InvalidCardError
from lowball.evaluation import HandCategory, category, describe, evaluate, winners


def _fail(ctx: click.Context, message: str) -> NoReturn:
    click.echo(f"lowball {ctx.info_name}: {message}", err=True)
    ctx.exit(2)
    raise AssertionError("unreachable")  # ctx.exit raises


@lru_cache(maxsize=1)
def _class_columns() -> tuple[str, ...]:
    """For each class, the tab-separated columns after the hand: class, category, description."""
    cols = [""]
    for cls in range(1, 7463):
        cols.append(f"\t{cls}\t{category(cls).label}\t{describe(cls)}")
    return tuple(cols)


def _read_hands(ctx: click.Context, path: str) -> list[tuple[int, str]]:
    """(line number, hand text) for each line that is not blank or a # comment."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _fail(ctx, f"cannot read {path}: {exc}")
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            out.append((number, stripped))
    return out


def _rank_all(ctx: click.Context, hands: Iterable[tuple[int | None, str]]) -> list[tuple[str, int]]:
    ranked = []
    for number, text in hands:
        try:
            ranked.append((text, evaluate(text)))
        except InvalidCardError as exc:
            where = f"line {number}" if number is not None else f"hand {text!r}"
            _fail(ctx, f"{where}: {exc}")
    return ranked


def _write(output: str | None, text: str) -> None:
    """Write all of text to stdout, or atomically to a file (a temporary file, then a rename)."""
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    target = Path(output)
    fd, tmp = tempfile.mkstemp(dir=target.parent or Path("."), prefix=f".{target.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lowball")
def main() -> None:
    """Deuce-to-seven lowball poker: rank and compare hands.

    A hand's class runs from 1 (7-5-4-3-2, the best hand) to 7462 (the royal flush, the worst):
    lower is better, equal classes tie. Cards are rank then suit: 7s 5h 4d 3c 2s, Td or 10d.
    """


@main.command()
@click.argument("hands", nargs=-1)
@click.option(
    "-f", "--file", "path", type=str, default=None,
    help="Read hands from this file, one per line ('-' for standard input); blank lines and "
    "lines starting with # are skipped.",
)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None,
    help="Write the results to this file (all or nothing) instead of standard output.",
)
@click.option("--json", "as_json", is_flag=True, help="Write a JSON list of objects instead of lines.")
@click.option(
    "--summary", is_flag=True,
    help="After ranking, print to standard error how many hands fell in each category.",
)
@click.pass_context
def rank(
    ctx: click.Context,
    hands: Sequence[str],
    path: str | None,
    output: str | None,
    as_json: bool,
    summary: bool,
) -> None:
    """Rank 2-7 hands: class, category and description of each.

    Give hands as arguments (quote a hand written with spaces) or with --file. Each result line
    is tab-separated: hand, class (1 best .. 7462 worst), category, description, e.g.

    \b
      7s5h4d3c2s  1  high card  7-5-4-3-2: number one (the wheel)
    """
    if not hands and path is None:
        _fail(ctx, "give hands as arguments or --file FILE (see --help)")
    items: list[tuple[int | None, str]] = [(None, h.strip()) for h in hands]
    if path is not None:
        items.extend(_read_hands(ctx, path))
    ranked = _rank_all(ctx, items)
    if as_json:
        text = json.dumps(
            [
                {"hand": h, "class": c, "category": category(c).label, "description": describe(c)}
                for h, c in ranked
            ],
            indent=1,
        ) + "\n"
    else:
        cols = _class_columns()
        text = "".join(f"{h}{cols[c]}\n" for h, c in ranked)
    _write(output, text)
    if summary:
        counts = Counter(category(c) for _, c in ranked)
        click.echo(f"{len(ranked)} hands ranked", err=True)
        for cat in HandCategory:
            click.echo(f"  {cat.label:<16} {counts.get(cat, 0):>9}", err=True)


@main.command()
@click.argument("hands", nargs=-1, required=True)
@click.pass_context
def compare(ctx: click.Context, hands: Sequence[str]) -> None:
    """Compare two or more 2-7 hands at showdown and print the winner(s).

    The lowest hand wins; equal hands split the pot (suits never break a tie).
    """
    if len(hands) < 2:
        _fail(ctx, f"need at least two hands to compare, got {len(hands)}")
    ranked = _rank_all(ctx, ((None, h.strip()) for h in hands))
    best = winners([c for _, c in ranked])
    width = max(len(h) for h, _ in ranked)
    for i, (h, c) in enumerate(ranked):
        mark = "*" if i in best else " "
        click.echo(f"{mark} {i + 1}. {h:<{width}}  {c:>4}  {describe(c)}")
    if len(best) == 1:
        click.echo(f"winner: hand {best[0] + 1} ({ranked[best[0]][0]})")
    else:
        names = ", ".join(str(i + 1) for i in best)
        click.echo(f"split pot: hands {names} tie")


if __name__ == "__main__":  # pragma: no cover
    main()

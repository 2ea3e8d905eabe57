"""The tournament's rules as pure functions: which table breaks, which gives a player to which
in balancing, when seats are redrawn, the places of players out in one hand, prizes shared by
ties and the chip race at a colour-up. ``RULES.md`` section 13 states each with its number in the
WSOP 2023 Tournament Rules ("TR").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = [
    "balance_move",
    "redraw_at",
    "places",
    "share_prizes",
    "chip_race",
]


def balance_move(counts: Mapping[int, int], breaking_order: Sequence[int]) -> tuple[int, int] | None:
    """The next balancing move ``(from_table, to_table)``, or None when the tables are balanced.

    TR 67: a table is short when it has 3 or more players less than the fullest table; from 12
    tables down the tables are balanced within one player (67c). The player comes from a table at
    full capacity (the most players): with more than 20 tables the next numerical table after the
    short one (wrapping round), else the first such table in the breaking order (``breaking_order``,
    the table that breaks first first). The short table is the one with the fewest players (the
    lowest number first, *lowball:*)."""
    if len(counts) < 2:
        return None
    most = max(counts.values())
    least = min(counts.values())
    gap = 2 if len(counts) <= 12 else 3
    if most - least < gap:
        return None
    short = min(n for n in counts if counts[n] == least)
    full = [n for n in counts if counts[n] == most]
    if len(counts) > 20:
        after = sorted(full, key=lambda n: (n <= short, n))
        return after[0], short
    order = [n for n in breaking_order if n in counts and counts[n] == most]
    return (order[0] if order else min(full)), short


def redraw_at(entries: int) -> frozenset[int]:
    """The table counts at which every seat is drawn again (TR 67c): three tables, two and the
    final table for 100 entries or more; two and the final table for 51 to 99. *lowball:* the
    final table is drawn anew in every field (it is a new table, of TR 68's size)."""
    if entries >= 100:
        return frozenset((3, 2, 1))
    if entries > 50:
        return frozenset((2, 1))
    return frozenset((1,))


def places(out: Sequence[tuple[str, int, int]], remaining: int) -> list[tuple[int, int, list[str]]]:
    """The places of players out in one hand (or, hand-for-hand, one round of hands): ``out`` is
    ``(player, starting stack of the hand, table)`` of each, ``remaining`` the players in before
    it. Returns ``(first place, last place, players)`` groups, best first: the players share the
    places from first to last.

    At one table, the player who began the hand with more chips finishes higher, equal stacks tie
    (TR 126b). Hand-for-hand, players out in the same round at different tables tie (TR 126b);
    *lowball:* with several out at one table, the best of each table tie, then the next of each."""
    by_table: dict[int, list[tuple[str, int]]] = {}
    for player, stack, table in out:
        by_table.setdefault(table, []).append((player, stack))
    ranked: dict[int, list[str]] = {}
    for busts in by_table.values():
        busts.sort(key=lambda x: -x[1])
        rank = 0
        for i, (player, stack) in enumerate(busts):
            if i and stack != busts[i - 1][1]:
                rank = i
            ranked.setdefault(rank, []).append(player)
    groups = [ranked[key] for key in sorted(ranked)]
    first = remaining - len(out) + 1
    result = []
    for group in groups:
        result.append((first, first + len(group) - 1, group))
        first += len(group)
    return result


def share_prizes(prizes: Sequence[int], first: int, last: int, players: Sequence[str]) -> dict[str, int]:
    """What each of ``players`` tied for places ``first`` .. ``last`` gets: the prizes of those
    places (``prizes[0]`` is first place's; places past the table pay nothing) added and split
    equally, the odd units one each to the first players as given (*lowball:* the order they
    registered)."""
    total = sum(prizes[p - 1] for p in range(first, last + 1) if p - 1 < len(prizes))
    each, odd = divmod(total, len(players))
    return {name: each + (1 if i < odd else 0) for i, name in enumerate(players)}


def chip_race(stacks: Sequence[int], chip: int, cards: Sequence[int]) -> list[int]:
    """The stacks after a colour-up to chips of ``chip`` (TR 77a): each stack keeps its whole new
    chips; the odd chips (each stack's remainder) are pooled and raced off as new chips, the pool
    rounded to the nearest new chip (half up, *lowball:*), at most one chip to a player, the
    players with odd chips by their race card, highest first (``cards[i]`` the card of stack
    ``i``, a higher number a higher card; seat 1 first when dealt); a player who would be left
    with no chip gets one (nobody is raced out of the event)."""
    odd = [s % chip for s in stacks]
    out = [s - o for s, o in zip(stacks, odd, strict=True)]
    pool = sum(odd)
    winners = pool // chip + (1 if 2 * (pool % chip) >= chip and pool % chip else 0)
    racing = sorted((i for i, o in enumerate(odd) if o), key=lambda i: -cards[i])
    for i in racing[:winners]:
        out[i] += chip
    for i, s in enumerate(out):
        if s == 0 and stacks[i] > 0:
            out[i] = chip
    return out

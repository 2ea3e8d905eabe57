"""Seeds: the one place where lowball checks a seed and derives seeds from it.

A seed makes randomness reproducible: a deck shuffled from a seed deals the same cards again,
a table with a seed deals the same hands, a sharded run gives the same result however many
workers run it. Without a seed (``None``) every source draws operating-system entropy: the
secure default. Every ``seed=`` of lowball goes through :func:`check_seed`; every seed lowball
derives from another comes from numpy's ``SeedSequence`` here, so that it depends on the seed
and its index alone:

- :func:`hand_seed`: hand *k* of a seeded :class:`~lowball.table.Table`;
- :func:`shard_seeds`: shard *k* of a run cut into shards (:mod:`lowball.parallel`);
- :func:`random_sources`: the deck source and the bots' sources of one session of play.

>>> from lowball.seeds import check_seed, shard_seeds
>>> check_seed(7), check_seed(None)
(7, None)
>>> shard_seeds(7, 3)[:2] == shard_seeds(7, 2)
True
"""

from __future__ import annotations

import random
from typing import Any, Union

import numpy as np

from lowball.errors import InvalidSeedError, shown, whole_number

__all__ = ["SeedLike", "check_seed", "hand_seed", "shard_seeds", "random_sources"]

SeedLike = Union[None, int, np.random.Generator, np.random.BitGenerator, np.random.SeedSequence]
"""What a deck's ``seed=`` accepts: None (operating-system entropy), a whole number >= 0, or a
numpy ``Generator``, ``BitGenerator`` or ``SeedSequence``."""


def check_seed(seed: object, *, generators: bool = True) -> Any:
    """``seed`` checked: None, a whole number >= 0 (any integer type, returned as a plain int)
    or, with ``generators``, a numpy ``Generator``, ``BitGenerator`` or ``SeedSequence``
    (returned as it is). The one check of every ``seed=`` in lowball.

    Raises
    ------
    InvalidSeedError
        For anything else, naming the value and what is accepted.
    """
    if seed is None:
        return None
    if generators and isinstance(seed, (np.random.Generator, np.random.BitGenerator, np.random.SeedSequence)):
        return seed
    try:
        return whole_number(seed, "seed", 0, error=InvalidSeedError)
    except InvalidSeedError:
        also = ", or a numpy Generator, BitGenerator or SeedSequence" if generators else ""
        raise InvalidSeedError(
            f"seed = {shown(seed)}: expected None (operating-system entropy), a whole number >= 0{also}"
        ) from None


def hand_seed(seed: int, number: int) -> np.random.SeedSequence:
    """The seed of hand ``number`` of a table seeded with ``seed`` (a whole number >= 0, checked
    by :func:`check_seed`): ``SeedSequence(seed, spawn_key=(number,))``, so that each hand's
    shuffle depends on the table's seed and the hand's number alone."""
    return np.random.SeedSequence(seed, spawn_key=(number,))


def shard_seeds(seed: int | None, count: int) -> list[int | None]:
    """The seed of each of ``count`` shards: shard *k*'s from
    ``numpy.random.SeedSequence(seed).spawn(...)[k]`` (a 63-bit whole number), so it depends on
    ``seed`` and *k* only, never on how many shards or workers there are. None for every shard
    when ``seed`` is None (each then draws operating-system entropy).

    Raises
    ------
    InvalidSeedError
        For a seed that is not None or a whole number >= 0 (:func:`check_seed`).
    InvalidValueError
        For a ``count`` that is not a whole number 0 .. 2**32 - 1 (any integer type).
    """
    seed = check_seed(seed, generators=False)
    count = whole_number(count, "count (of shards)", 0, 2**32 - 1)
    if seed is None:
        return [None] * count
    children = np.random.SeedSequence(seed).spawn(count)
    return [int(c.generate_state(1, np.uint64)[0]) >> 1 for c in children]


def random_sources(seed: int | None, n: int) -> tuple[np.random.Generator | None, list[random.Random]]:
    """A deck random source for a run and one random source for each of ``n`` bots, all
    derived from ``seed`` (a whole number >= 0) so that a run can be repeated.

    With ``seed=None`` the decks use operating-system entropy (:class:`~lowball.deck.Deck`'s
    default) and the bots fresh unseeded sources.

    Raises
    ------
    InvalidSeedError
        For a seed that is not None or a whole number >= 0 (:func:`check_seed`).
    InvalidValueError
        For an ``n`` that is not a whole number 0 .. 10 (one per seat).
    """
    n = whole_number(n, "n", 0, 10)  # one per seat: a table seats at most 10
    seed = check_seed(seed, generators=False)
    if seed is None:
        return None, [random.Random() for _ in range(n)]
    children = np.random.SeedSequence(seed).spawn(n + 1)
    deck_source = np.random.Generator(np.random.PCG64(children[0]))
    bots = [random.Random(int(c.generate_state(2, dtype=np.uint64)[0])) for c in children[1:]]
    return deck_source, bots

"""lowball: deuce-to-seven lowball poker with a C core.

Hand ranking (:func:`evaluate`, :func:`evaluate_batch`, :func:`describe`, :func:`winners`), cards
(:class:`Card`, :func:`parse_cards`), the deck (:class:`Deck`), rules as data
(:class:`Variant`, :data:`VARIANTS`), the hand engine (:class:`HandState`), hand histories
(:mod:`lowball.phh`), the table a server runs (:class:`Table`, :class:`SQLiteStore`), and the
errors (:class:`LowballError` and its subclasses).
A hand's class is 1..7462 and **lower is better**: 1 is 7-5-4-3-2, the best hand.

Each name is imported when first used (``lowball.Table``, ``from lowball import Table``): so
``import lowball`` and the ``lowball`` command start at once, and Ctrl-C in their first moment is
the command's to answer (:mod:`lowball._command`), not an import's traceback.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the names are, for type checkers (the run time imports them lazily)
    from lowball import phh
    from lowball.cards import (
        DECK,
        RANKS,
        SUIT_SYMBOLS,
        SUITS,
        Card,
        format_cards,
        parse_card,
        parse_cards,
        parse_hand,
    )
    from lowball.deck import (
        Deck,
        DeckView,
        ReadOnlyDeck,
        ReshuffleRule,
    )
    from lowball.engine import (
        Action,
        Event,
        HandState,
        LegalActions,
        PlayerView,
        Posts,
        Pot,
    )
    from lowball.errors import (
        DeckError,
        DeckExhaustedError,
        DrawOrderError,
        FileError,
        IllegalActionError,
        InvalidCardError,
        InvalidDiscardError,
        InvalidSeedError,
        InvalidTypeError,
        InvalidValueError,
        LowballError,
        SeqError,
        StoreError,
        TableError,
    )
    from lowball.evaluation import (
        NUM_CLASSES,
        NUM_HANDS,
        BadugiCategory,
        Hand,
        HandCategory,
        Ranking,
        category,
        describe,
        evaluate,
        evaluate_all,
        evaluate_batch,
        winners,
    )
    from lowball.store import (
        SQLiteStore,
        Store,
    )
    from lowball.table import (
        BuyIn,
        NoRake,
        PercentRake,
        Table,
        TableEvent,
    )
    from lowball.variants import (
        ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT,
        BADUGI_FIXED_LIMIT,
        VARIANTS,
        FixedLimit,
        ForcedBets,
        MissedBlinds,
        NoLimit,
        PotLimit,
        Variant,
        VariantError,
    )

__version__ = "0.1.0"

_HOME: dict[str, str] = {  # each public name: the module that defines it
    "DECK": "lowball.cards",
    "RANKS": "lowball.cards",
    "SUIT_SYMBOLS": "lowball.cards",
    "SUITS": "lowball.cards",
    "Card": "lowball.cards",
    "format_cards": "lowball.cards",
    "parse_card": "lowball.cards",
    "parse_cards": "lowball.cards",
    "parse_hand": "lowball.cards",
    "Deck": "lowball.deck",
    "DeckView": "lowball.deck",
    "ReadOnlyDeck": "lowball.deck",
    "ReshuffleRule": "lowball.deck",
    "Action": "lowball.engine",
    "Event": "lowball.engine",
    "HandState": "lowball.engine",
    "LegalActions": "lowball.engine",
    "PlayerView": "lowball.engine",
    "Posts": "lowball.engine",
    "Pot": "lowball.engine",
    "DeckError": "lowball.errors",
    "DeckExhaustedError": "lowball.errors",
    "DrawOrderError": "lowball.errors",
    "FileError": "lowball.errors",
    "IllegalActionError": "lowball.errors",
    "InvalidCardError": "lowball.errors",
    "InvalidDiscardError": "lowball.errors",
    "InvalidSeedError": "lowball.errors",
    "InvalidTypeError": "lowball.errors",
    "InvalidValueError": "lowball.errors",
    "LowballError": "lowball.errors",
    "SeqError": "lowball.errors",
    "StoreError": "lowball.errors",
    "TableError": "lowball.errors",
    "NUM_CLASSES": "lowball.evaluation",
    "NUM_HANDS": "lowball.evaluation",
    "BadugiCategory": "lowball.evaluation",
    "Hand": "lowball.evaluation",
    "HandCategory": "lowball.evaluation",
    "Ranking": "lowball.evaluation",
    "category": "lowball.evaluation",
    "describe": "lowball.evaluation",
    "evaluate": "lowball.evaluation",
    "evaluate_all": "lowball.evaluation",
    "evaluate_batch": "lowball.evaluation",
    "winners": "lowball.evaluation",
    "SQLiteStore": "lowball.store",
    "Store": "lowball.store",
    "BuyIn": "lowball.table",
    "NoRake": "lowball.table",
    "PercentRake": "lowball.table",
    "Table": "lowball.table",
    "TableEvent": "lowball.table",
    "ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT": "lowball.variants",
    "BADUGI_FIXED_LIMIT": "lowball.variants",
    "VARIANTS": "lowball.variants",
    "FixedLimit": "lowball.variants",
    "ForcedBets": "lowball.variants",
    "MissedBlinds": "lowball.variants",
    "NoLimit": "lowball.variants",
    "PotLimit": "lowball.variants",
    "Variant": "lowball.variants",
    "VariantError": "lowball.variants",
}
# the submodules ``import lowball`` made attributes of the package before its names were lazy
_SUBMODULES = frozenset(
    ("bots", "cards", "deck", "engine", "errors", "evaluation", "odds", "phh", "saving", "store", "table", "variants")
)


def __getattr__(name: str) -> Any:
    """A public name (or a submodule) of lowball, imported on first use and kept."""
    home = _HOME.get(name)
    if home is not None:
        value = getattr(importlib.import_module(home), name)
    elif name in _SUBMODULES:
        value = importlib.import_module(f"lowball.{name}")
    else:
        raise AttributeError(f"module 'lowball' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "ACE_TO_FIVE_TRIPLE_DRAW_FIXED_LIMIT",
    "BADUGI_FIXED_LIMIT",
    "BadugiCategory",
    "Ranking",
    "VARIANTS",
    "Action",
    "BuyIn",
    "NoRake",
    "PercentRake",
    "Posts",
    "SQLiteStore",
    "SeqError",
    "Store",
    "StoreError",
    "Table",
    "TableError",
    "TableEvent",
    "Event",
    "FixedLimit",
    "ForcedBets",
    "MissedBlinds",
    "HandState",
    "LegalActions",
    "NoLimit",
    "Pot",
    "PotLimit",
    "PlayerView",
    "Variant",
    "VariantError",
    "phh",
    "DECK",
    "NUM_CLASSES",
    "NUM_HANDS",
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "Card",
    "Deck",
    "DeckError",
    "DeckExhaustedError",
    "DeckView",
    "ReadOnlyDeck",
    "DrawOrderError",
    "FileError",
    "Hand",
    "HandCategory",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidDiscardError",
    "InvalidSeedError",
    "InvalidTypeError",
    "InvalidValueError",
    "LowballError",
    "ReshuffleRule",
    "category",
    "describe",
    "evaluate",
    "evaluate_all",
    "evaluate_batch",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_hand",
    "winners",
]

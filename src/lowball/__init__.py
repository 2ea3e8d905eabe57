"""lowball: deuce-to-seven lowball poker with a C core.

Hand ranking (:func:`evaluate`, :func:`evaluate_batch`, :func:`describe`, :func:`winners`), cards
(:class:`Card`, :func:`parse_cards`), the deck (:class:`Deck`), rules as data
(:class:`Variant`, :data:`VARIANTS`), the hand engine (:class:`HandState`), hand histories
(:mod:`lowball.phh`), the table a server runs (:class:`Table`, :class:`SQLiteStore`), and the
errors (:class:`LowballError` and its subclasses).
A hand's class is 1..7462 and **lower is better**: 1 is 7-5-4-3-2, the best hand.
"""

from lowball import phh  # noqa: E402  (the submodule, as lowball.phh)
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
from lowball.deck import Deck, DeckView, ReadOnlyDeck, ReshuffleRule
from lowball.engine import Action, Event, HandState, LegalActions, PlayerView, Posts, Pot
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
from lowball.store import SQLiteStore, Store
from lowball.table import BuyIn, NoRake, PercentRake, Table, TableEvent
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

"""The hand engine: one hand of any :class:`~lowball.variants.Variant`, from the forced bets to the
award of the pot (:class:`HandState`, :mod:`lowball.engine.state`), what it tells
(:mod:`~lowball.engine.records`), its chips (:mod:`~lowball.engine.pots`), a player's decisions
(:mod:`~lowball.engine.actions`) and saving it (:mod:`~lowball.engine.saving`). This face only
hands their names on."""

from lowball.engine.actions import BET, CALL, CHECK, DISCARD, FOLD, MUCK, RAISE, SHOW, Action, PlayStrategy, Strategy
from lowball.engine.pots import Posts, Pot, pot_size_to
from lowball.engine.records import BETTING, COMPLETE, DRAWING, SHOWDOWN, Event, LegalActions, PlayerView
from lowball.engine.saving import SAVED_FIELDS, STATE_FORMAT
from lowball.engine.state import HandState, apply_action

__all__ = [
    "BETTING", "DRAWING", "SHOWDOWN", "COMPLETE", "Event", "LegalActions", "Pot", "PlayerView", "HandState",
    "Posts", "Action", "PlayStrategy", "Strategy", "apply_action", "pot_size_to", "SAVED_FIELDS", "STATE_FORMAT",
    "FOLD", "CHECK", "CALL", "BET", "RAISE", "DISCARD", "SHOW", "MUCK",
]  # fmt: skip

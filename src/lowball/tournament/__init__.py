"""Tournaments above tables: a :class:`Structure` (levels, breaks, entry, payouts; ready-made
by :func:`sit_and_go` and :func:`multi_table`, or read from TOML), a :class:`Tournament` that
owns its tables, and :func:`play_bots` that runs one of bots. ``RULES.md`` section 13 states
the rules with their numbers in the WSOP 2023 Tournament Rules."""

from lowball.tournament.run import SimClock, drive, play_bots
from lowball.tournament.structure import (
    MULTI_TABLE_PAYOUTS,
    SIT_AND_GO_PAYOUTS,
    Break,
    Level,
    PayoutTable,
    Structure,
    TournamentError,
    multi_table,
    sit_and_go,
)
from lowball.tournament.tournament import TOURNAMENT_FORMAT, Decide, Tournament, TournamentEvent, bot_decider

__all__ = [
    "MULTI_TABLE_PAYOUTS", "SIT_AND_GO_PAYOUTS", "TOURNAMENT_FORMAT", "Break", "Decide", "Level", "PayoutTable",
    "SimClock", "Structure", "drive", "Tournament", "TournamentError", "TournamentEvent", "bot_decider", "multi_table",
    "play_bots", "sit_and_go",
]  # fmt: skip

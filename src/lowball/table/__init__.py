"""The table a game server runs (:class:`Table`, :mod:`lowball.table.table`), its seating and
the dead-button plan (:mod:`~lowball.table.seats`), its options (:mod:`~lowball.table.options`:
buy-in, rake, times) and what it shows (:mod:`~lowball.table.records`). This face only hands
their names on."""

from lowball.seeds import random_sources
from lowball.table.options import BuyIn, NoRake, PercentRake, RakePolicy, rake_policy
from lowball.table.records import ActResult, Payout, ReadOnlyDict, ReadOnlyList, SeatInfo, TableEvent, TableView
from lowball.table.seats import ComingIn, Departure
from lowball.table.table import TABLE_FORMAT, Table

__all__ = [
    "ActResult", "BuyIn", "ComingIn", "Departure", "NoRake", "Payout", "PercentRake", "ReadOnlyDict", "ReadOnlyList",
    "RakePolicy", "SeatInfo", "Table", "TableEvent", "TableView", "random_sources", "rake_policy", "TABLE_FORMAT",
]  # fmt: skip

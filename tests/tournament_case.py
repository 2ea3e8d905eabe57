"""The small tournament the store and crash tests of tournaments play
(tests/tournament/test_tournament_store.py, test_tournament_crash.py): 14 players at three tables
of 5, 5 and 4 (2-7 seats six), so that it moves players, breaks a table, has a break with a
colour-up and a rebuy, an add-on and late registration, and reaches the final table; and its
blinds, doubling from 5-10, which the wire and money tests' tournaments play too."""

from __future__ import annotations

from lowball.tournament import Break, Level, Structure
from lowball.variants import VARIANTS

PLAYERS = 14
SEED = 11
BLINDS = [(5, 10), (10, 20), (15, 30), (25, 50), (50, 100), (100, 200), (200, 400), (400, 800), (800, 1600),
          (1600, 3200), (3200, 6400)]  # fmt: skip
STRUCTURE = Structure(
    variant=VARIANTS["F2L3D"],
    starting_stack=300,
    levels=tuple(Level(small_blind=a, big_blind=b, minutes=3) for a, b in BLINDS),
    breaks=(Break(after_level=2, minutes=5, color_up=25),),
    rebuys=1,
    rebuy_levels=1,
    addon_stack=100,
    late_registration=1,
)
